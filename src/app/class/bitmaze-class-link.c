/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-class-link.h"
#include "bitmaze-class-region.h"

/* Cells of the frontier asked for at first for the neighbourhood's marks
 * (a bigger frontier is asked for again, whole). */
#define FRONTIER_MAX 4096

struct _BitmazeClassLink
{
  GObject             parent_instance;

  BitmazePredict     *predict; /* weak */
  BitmazeClassServer *server;  /* weak */

  /* The number of the question on the pages, if it is ours */
  guint               question;
};

G_DEFINE_FINAL_TYPE (BitmazeClassLink, bitmaze_class_link, G_TYPE_OBJECT)

static void ask_cell (BitmazeClassLink   *self,
                      const MazeQuestion *q);

/* Whether the question on the pages is still the one this link asked. */
static gboolean
ours_open (BitmazeClassLink *self)
{
  return self->server != NULL && self->question != 0 &&
         bitmaze_class_server_get_question (self->server) == self->question &&
         bitmaze_class_server_get_state (self->server) == BITMAZE_CLASS_STATE_ASKING;
}

static void
asked_cb (BitmazePredict     *predict,
          const MazeQuestion *q,
          BitmazeClassLink   *self)
{
  if (self->server == NULL || !bitmaze_class_server_get_running (self->server))
    return;

  if (q->kind == MAZE_QUESTION_WORD)
    {
      g_autofree char *statement = g_strdup_printf ("%s;", q->statement);
      BitmazeClassWordQuestion question = {
        .x = q->x,
        .y = q->y,
        .index = q->index,
        .word = q->word,
        .statement = statement,
      };

      self->question = bitmaze_class_server_ask_word (self->server, &question);
    }
  else
    ask_cell (self, q);
}

static void
revealed_cb (BitmazePredict     *predict,
             const MazeQuestion *q,
             BitmazeClassLink   *self)
{
  if (!ours_open (self))
    return;

  if (q->kind == MAZE_QUESTION_WORD)
    bitmaze_class_server_reveal_word (self->server, q->answer);
  else
    {
      Maze *maze = bitmaze_session_get_maze (bitmaze_predict_get_session (predict));
      guint width = maze != NULL ? maze_width (maze) : 1;
      BitmazeClassCell cells[1 + MAZE_QUESTION_TIES_MAX];
      guint n = 0;

      cells[n++] = (BitmazeClassCell) { q->x, q->y };
      for (unsigned i = 0; i < q->n_ties && i < MAZE_QUESTION_TIES_MAX; i++)
        cells[n++] = (BitmazeClassCell) { q->ties[i] % width, q->ties[i] / width };
      /* The pages get the rule in the teacher's language: the room's. */
      bitmaze_class_server_reveal_cells (self->server, cells, n,
                                         q->reason != NULL ? _(q->reason) : NULL);
    }
}

/* Skipped by the teacher, or gone with the step (a new maze, Step Back,
 * predict mode off): the pages wait again. */
static void
gone_cb (BitmazeClassLink *self)
{
  if (ours_open (self))
    bitmaze_class_server_withdraw (self->server);
  self->question = 0;
}

/* A session started while predict mode waits for an answer. */
static void
running_cb (BitmazeClassLink *self)
{
  if (self->predict == NULL || self->server == NULL)
    return;
  self->question = 0;
  if (bitmaze_class_server_get_running (self->server) &&
      bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_ASKING)
    asked_cb (self->predict, bitmaze_predict_get_question (self->predict), self);
}

/* ------------------------------------------------------------------ */
/* The neighbourhood of a "which cell comes next?" question            */
/* ------------------------------------------------------------------ */

/* "Which cell comes next?": the neighbourhood of the cell the search
 * works from and the one it takes next. */
static void
ask_cell (BitmazeClassLink   *self,
          const MazeQuestion *q)
{
  BitmazeSession *session = bitmaze_predict_get_session (self->predict);
  Maze *maze = bitmaze_session_get_maze (session);
  const MazeAlgorithm *solver;
  g_autofree guint32 *frontier = NULL;
  g_autofree guint16 *words = NULL;
  g_autofree guint8 *marks = NULL;
  const uint16_t *cells;
  BitmazeClassBox box;
  guint width, x0, x1, y0, y1, w, h;
  gsize n_frontier;

  if (maze == NULL)
    return;
  width = maze_width (maze);
  cells = maze_cells_const (maze);

  frontier = g_new (guint32, FRONTIER_MAX);
  n_frontier = bitmaze_session_get_frontier (session, frontier, FRONTIER_MAX);
  if (n_frontier > FRONTIER_MAX)
    {
      /* All of it: the first ones in the search's order hold the answer,
       * so marking only those would point at it. */
      g_free (frontier);
      frontier = g_new (guint32, n_frontier);
      n_frontier = MIN (bitmaze_session_get_frontier (session, frontier, n_frontier), n_frontier);
    }
  /* Where the answer sits in the region must tell nothing: see
   * bitmaze-class-region.h. */
  box = bitmaze_class_region_pick (width, maze_height (maze), cells, q->from, frontier, n_frontier,
                                   q->y * width + q->x, NULL);
  x0 = box.x;
  y0 = box.y;
  w = box.width;
  h = box.height;
  x1 = x0 + w - 1;
  y1 = y0 + h - 1;

  words = g_new (guint16, w * h);
  marks = g_new0 (guint8, w * h);
  for (guint j = 0; j < h; j++)
    for (guint i = 0; i < w; i++)
      {
        guint index = (y0 + j) * width + x0 + i;

        words[j * w + i] = cells[index];
        if (index == q->from)
          marks[j * w + i] |= BITMAZE_CLASS_MARK_CURRENT;
        if (index == maze_start (maze))
          marks[j * w + i] |= BITMAZE_CLASS_MARK_START;
        if (index == maze_goal (maze))
          marks[j * w + i] |= BITMAZE_CLASS_MARK_GOAL;
      }
  for (gsize k = 0; k < n_frontier; k++)
    {
      guint cx = frontier[k] % width;
      guint cy = frontier[k] / width;

      if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1)
        marks[(cy - y0) * w + (cx - x0)] |= BITMAZE_CLASS_MARK_FRONTIER;
    }

  solver = maze_algorithm_find (maze_solvers, bitmaze_session_get_solver (session), NULL, NULL);
  {
    BitmazeClassCellQuestion question = {
      .x = x0, .y = y0, .width = w, .height = h,
      .words = words, .marks = marks,
      /* What the search works with, "BFS queue, head first". */
      .statement = solver != NULL && solver->frontier != NULL ? _(solver->frontier) : NULL,
    };

    self->question = bitmaze_class_server_ask_cell (self->server, &question);
  }
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_class_link_dispose (GObject *object)
{
  BitmazeClassLink *self = BITMAZE_CLASS_LINK (object);

  if (self->predict != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->predict, self);
      g_object_remove_weak_pointer (G_OBJECT (self->predict), (gpointer *) &self->predict);
      self->predict = NULL;
    }
  if (self->server != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->server, self);
      g_object_remove_weak_pointer (G_OBJECT (self->server), (gpointer *) &self->server);
      self->server = NULL;
    }

  G_OBJECT_CLASS (bitmaze_class_link_parent_class)->dispose (object);
}

static void
bitmaze_class_link_class_init (BitmazeClassLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_class_link_dispose;
}

static void
bitmaze_class_link_init (BitmazeClassLink *self)
{
}

BitmazeClassLink *
bitmaze_class_link_new (BitmazePredict     *predict,
                        BitmazeClassServer *server)
{
  BitmazeClassLink *self;

  g_return_val_if_fail (BITMAZE_IS_PREDICT (predict), NULL);
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (server), NULL);

  self = g_object_new (BITMAZE_TYPE_CLASS_LINK, NULL);
  self->predict = predict;
  self->server = server;
  g_object_add_weak_pointer (G_OBJECT (predict), (gpointer *) &self->predict);
  g_object_add_weak_pointer (G_OBJECT (server), (gpointer *) &self->server);
  g_signal_connect (predict, "asked", G_CALLBACK (asked_cb), self);
  g_signal_connect (predict, "revealed", G_CALLBACK (revealed_cb), self);
  g_signal_connect_swapped (predict, "skipped", G_CALLBACK (gone_cb), self);
  g_signal_connect_swapped (predict, "withdrawn", G_CALLBACK (gone_cb), self);
  g_signal_connect_swapped (server, "notify::running", G_CALLBACK (running_cb), self);
  return self;
}
