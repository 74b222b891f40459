/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "bitmaze-class-link.h"

/* Cells of the frontier looked at for the neighbourhood's marks. */
#define FRONTIER_MAX 4096
/* The smallest neighbourhood shown, maze allowing: a student needs to
 * see where the search is, not just the answer. */
#define REGION_MIN 7

struct _BitmazeClassLink
{
  GObject             parent_instance;

  BitmazeSession     *session; /* weak */
  BitmazeClassServer *server;  /* weak */

  /* The question on the pages, if it is ours */
  guint               question;
  gboolean            is_cell;
  guint16             expected_word;
  gint64              expected_cell;
  char               *note;
};

G_DEFINE_FINAL_TYPE (BitmazeClassLink, bitmaze_class_link, G_TYPE_OBJECT)

/* Whether the question on the pages is still the one this link asked. */
static gboolean
ours_open (BitmazeClassLink *self)
{
  return self->server != NULL && self->question != 0 &&
         bitmaze_class_server_get_question (self->server) == self->question &&
         bitmaze_class_server_get_state (self->server) == BITMAZE_CLASS_STATE_ASKING;
}

/* The change a word question asks about: the one to the step's own cell,
 * else the first. */
static const MazeChange *
asked_change (const MazeStep *step)
{
  for (unsigned i = 0; i < step->n_changes; i++)
    if (step->changes[i].index == step->cell)
      return &step->changes[i];
  return step->n_changes > 0 ? &step->changes[0] : NULL;
}

static void
question_cb (BitmazeSession   *session,
             const MazeStep   *step,
             BitmazeClassLink *self)
{
  Maze *maze = bitmaze_session_get_maze (session);
  const MazeChange *change;

  if (self->server == NULL || !bitmaze_class_server_get_running (self->server))
    return;

  change = step != NULL ? asked_change (step) : NULL;
  if (change == NULL || maze == NULL)
    {
      /* Withdrawn, or a step that changes no word: nothing to ask. */
      if (ours_open (self))
        bitmaze_class_server_withdraw (self->server);
      self->question = 0;
      return;
    }

  {
    g_autofree char *statement = g_strdup_printf ("%s;", change->expr);
    BitmazeClassWordQuestion question = {
      .x = change->index % maze_width (maze),
      .y = change->index / maze_width (maze),
      .index = change->index,
      .word = change->before,
      .statement = statement,
    };

    self->question = bitmaze_class_server_ask_word (self->server, &question);
    self->is_cell = FALSE;
    self->expected_word = change->after;
  }
}

static void
revealed_cb (BitmazeSession   *session,
             const MazeStep   *step,
             BitmazeClassLink *self)
{
  if (ours_open (self) && !self->is_cell)
    bitmaze_class_server_reveal_word (self->server, self->expected_word);
}

/* The step a "which cell comes next?" question waited for. */
static void
step_done_cb (BitmazeSession   *session,
              const MazeStep   *step,
              BitmazeClassLink *self)
{
  Maze *maze = bitmaze_session_get_maze (session);

  if (!ours_open (self) || !self->is_cell || maze == NULL || self->expected_cell < 0)
    return;
  bitmaze_class_server_reveal_cell (self->server,
                                    (guint) (self->expected_cell % maze_width (maze)),
                                    (guint) (self->expected_cell / maze_width (maze)),
                                    self->note);
  self->expected_cell = -1;
}

/* A cell question open on a maze that changed under it means nothing. */
static void
maze_changed_cb (BitmazeSession   *session,
                 BitmazeClassLink *self)
{
  if (ours_open (self))
    bitmaze_class_server_withdraw (self->server);
  self->question = 0;
  self->expected_cell = -1;
}

/* ------------------------------------------------------------------ */
/* The neighbourhood of a "which cell comes next?" question            */
/* ------------------------------------------------------------------ */

/* One axis of the neighbourhood: [*lo, *hi] around @a (the search) and
 * @b (the answer), which must stay inside; at most
 * BITMAZE_CLASS_REGION_MAX long, at least REGION_MIN where @size allows. */
static void
span (guint  a,
      guint  b,
      guint  size,
      guint *lo,
      guint *hi)
{
  guint max_len = MIN (size, BITMAZE_CLASS_REGION_MAX);
  guint min_len = MIN (size, REGION_MIN);
  guint first = MIN (a, b) > 0 ? MIN (a, b) - 1 : 0;
  guint last = MIN (MAX (a, b) + 1, size - 1);

  if (last - first + 1 > max_len)
    {
      /* Too far apart: as much around the search as leaves the answer in. */
      if (b >= a)
        {
          last = b;
          first = last + 1 - max_len;
        }
      else
        {
          first = b;
          last = first + max_len - 1;
        }
    }
  while (last - first + 1 < min_len)
    {
      if (first > 0)
        first--;
      if (last - first + 1 < min_len && last + 1 < size)
        last++;
    }
  *lo = first;
  *hi = last;
}

gboolean
bitmaze_class_link_ask_next_cell (BitmazeClassLink *self,
                                  const char       *note)
{
  g_autofree guint32 *frontier = NULL;
  g_autofree guint16 *words = NULL;
  g_autofree guint8 *marks = NULL;
  const MazeStep *last;
  const uint16_t *cells;
  Maze *maze;
  gint64 next;
  guint width, height, current, x0, x1, y0, y1;
  gsize n_frontier;

  g_return_val_if_fail (BITMAZE_IS_CLASS_LINK (self), FALSE);

  if (self->session == NULL || self->server == NULL ||
      !bitmaze_class_server_get_running (self->server))
    return FALSE;
  maze = bitmaze_session_get_maze (self->session);
  next = bitmaze_session_get_next_cell (self->session);
  if (maze == NULL || next < 0 ||
      (bitmaze_session_get_phase (self->session) != BITMAZE_PHASE_SOLVING &&
       bitmaze_session_get_phase (self->session) != BITMAZE_PHASE_READY))
    return FALSE;

  width = maze_width (maze);
  height = maze_height (maze);
  cells = maze_cells_const (maze);
  last = bitmaze_session_get_last_step (self->session);
  current = last != NULL ? last->cell : maze_start (maze);
  span (current % width, (guint) (next % width), width, &x0, &x1);
  span (current / width, (guint) (next / width), height, &y0, &y1);

  frontier = g_new (guint32, FRONTIER_MAX);
  n_frontier = MIN (bitmaze_session_get_frontier (self->session, frontier, FRONTIER_MAX), FRONTIER_MAX);

  {
    guint w = x1 - x0 + 1;
    guint h = y1 - y0 + 1;
    BitmazeClassCellQuestion question = {
      .x = x0, .y = y0, .width = w, .height = h,
    };

    words = g_new (guint16, w * h);
    marks = g_new0 (guint8, w * h);
    for (guint j = 0; j < h; j++)
      for (guint i = 0; i < w; i++)
        {
          guint index = (y0 + j) * width + x0 + i;

          words[j * w + i] = cells[index];
          if (index == current)
            marks[j * w + i] |= BITMAZE_CLASS_MARK_CURRENT;
          if (index == maze_start (maze))
            marks[j * w + i] |= BITMAZE_CLASS_MARK_START;
          if (index == maze_goal (maze))
            marks[j * w + i] |= BITMAZE_CLASS_MARK_GOAL;
        }
    for (gsize k = 0; k < n_frontier; k++)
      {
        guint fx = frontier[k] % width;
        guint fy = frontier[k] / width;

        if (fx >= x0 && fx <= x1 && fy >= y0 && fy <= y1)
          marks[(fy - y0) * w + (fx - x0)] |= BITMAZE_CLASS_MARK_FRONTIER;
      }
    question.words = words;
    question.marks = marks;

    self->question = bitmaze_class_server_ask_cell (self->server, &question);
  }
  self->is_cell = TRUE;
  self->expected_cell = next;
  g_free (self->note);
  self->note = g_strdup (note);
  return TRUE;
}

gint64
bitmaze_class_link_get_expected_cell (BitmazeClassLink *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_LINK (self), -1);

  return ours_open (self) && self->is_cell ? self->expected_cell : -1;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_class_link_dispose (GObject *object)
{
  BitmazeClassLink *self = BITMAZE_CLASS_LINK (object);

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_object_remove_weak_pointer (G_OBJECT (self->session), (gpointer *) &self->session);
      self->session = NULL;
    }
  if (self->server != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->server), (gpointer *) &self->server);
      self->server = NULL;
    }

  G_OBJECT_CLASS (bitmaze_class_link_parent_class)->dispose (object);
}

static void
bitmaze_class_link_finalize (GObject *object)
{
  BitmazeClassLink *self = BITMAZE_CLASS_LINK (object);

  g_free (self->note);

  G_OBJECT_CLASS (bitmaze_class_link_parent_class)->finalize (object);
}

static void
bitmaze_class_link_class_init (BitmazeClassLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_class_link_dispose;
  object_class->finalize = bitmaze_class_link_finalize;
}

static void
bitmaze_class_link_init (BitmazeClassLink *self)
{
  self->expected_cell = -1;
}

BitmazeClassLink *
bitmaze_class_link_new (BitmazeSession     *session,
                        BitmazeClassServer *server)
{
  BitmazeClassLink *self;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (server), NULL);

  self = g_object_new (BITMAZE_TYPE_CLASS_LINK, NULL);
  self->session = session;
  self->server = server;
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &self->session);
  g_object_add_weak_pointer (G_OBJECT (server), (gpointer *) &self->server);
  g_signal_connect (session, "question", G_CALLBACK (question_cb), self);
  g_signal_connect (session, "revealed", G_CALLBACK (revealed_cb), self);
  g_signal_connect (session, "step-done", G_CALLBACK (step_done_cb), self);
  g_signal_connect (session, "maze-changed", G_CALLBACK (maze_changed_cb), self);
  return self;
}
