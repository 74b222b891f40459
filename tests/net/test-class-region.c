/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where the answer sits in a "which cell comes next?" region must tell
 * nothing (issue 39, point 5).  Thousands of real questions of BFS, DFS
 * and A* (predict mode's, on mazes of several seeds and sizes, small
 * enough for the whole frontier to fit and large enough for it not to),
 * each given the region the class would see: a student who knows the
 * rules but guesses from the region's geometry (the marked cell nearest
 * the region's edge, or nearest its centre) must do no better than a
 * uniform pick among the marked cells, within 3 percentage points.
 *
 *   test-class-region [--verbose]   (the rates are printed)
 */
#include "config.h"

#include <locale.h>

#include "bitmaze-class-region.h"
#include "bitmaze-class-server.h"
#include "bitmaze-predict.h"
#include "bitmaze-session.h"

#define QUESTIONS_PER_SOLVER 2000

typedef struct
{
  double uniform;   /* sum of right/marked */
  double edge;      /* the marked cells nearest the region's edge */
  double centre;    /* the marked cells nearest its centre */
  guint  questions;
  guint  tiled;     /* the frontier did not fit */
} Rates;

/* Of @cells (@n indices), the share that is right. */
static double
share_right (const MazeQuestion *q,
             const guint        *cells,
             guint               n)
{
  guint right = 0;

  for (guint i = 0; i < n; i++)
    right += maze_question_cell_right (q, cells[i]);
  return n > 0 ? (double) right / n : 0.0;
}

static void
measure (const MazeQuestion *q,
         gboolean            depth_first,
         BitmazeSession     *session,
         GRand              *random,
         Rates              *rates)
{
  Maze *maze = bitmaze_session_get_maze (session);
  guint width = maze_width (maze), height = maze_height (maze);
  gsize n_frontier = bitmaze_session_get_frontier (session, NULL, 0);
  g_autofree guint32 *frontier = g_new (guint32, MAX (n_frontier, 1));
  g_autofree guint *marked = NULL;
  g_autofree guint *edge = NULL;
  g_autofree guint *centre = NULL;
  guint n_marked = 0, n_edge = 0, n_centre = 0;
  guint best_edge = G_MAXUINT, best_centre = G_MAXUINT;
  BitmazeClassBox box;

  n_frontier = MIN (bitmaze_session_get_frontier (session, frontier, n_frontier), n_frontier);
  box = bitmaze_class_region_pick (width, height, maze_cells_const (maze), q->from, frontier, n_frontier,
                                   q->y * width + q->x, random);
  g_assert_cmpuint (box.width, <=, BITMAZE_CLASS_REGION_MAX);
  g_assert_cmpuint (box.height, <=, BITMAZE_CLASS_REGION_MAX);
  g_assert_cmpuint (box.x + box.width, <=, width);
  g_assert_cmpuint (box.y + box.height, <=, height);
  /* The answer is always in sight. */
  g_assert_true (q->x >= box.x && q->x < box.x + box.width && q->y >= box.y && q->y < box.y + box.height);

  /* The cells a student may pick: the marked frontier (queue, open
   * set), or for a depth-first search the open sides of its cell (ahead,
   * or back when it backtracks). */
  marked = g_new (guint, n_frontier + 4);
  edge = g_new (guint, n_frontier + 4);
  centre = g_new (guint, n_frontier + 4);
  {
    const uint16_t *cells = maze_cells_const (maze);
    guint fx = q->from % width, fy = q->from / width;
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

    for (gsize i = 0; i < n_frontier + 4; i++)
      {
        guint cell, x, y;

        if (i < n_frontier)
          {
            /* A depth-first search's stack is where it has been: it
             * never takes one of those next. */
            if (depth_first)
              continue;
            cell = frontier[i];
          }
        else
          {
            guint d = (guint) (i - n_frontier);

            if (!(cells[q->from] & (1u << d)))
              continue;
            if ((int) fy + dy[d] < 0 || (int) fy + dy[d] >= (int) height ||
                (int) fx + dx[d] < 0 || (int) fx + dx[d] >= (int) width)
              continue;
            cell = (guint) ((int) fy + dy[d]) * width + (guint) ((int) fx + dx[d]);
          }
        x = cell % width;
        y = cell / width;
        if (cell == q->from || g_hash_table_contains (seen, GUINT_TO_POINTER (cell + 1)))
          continue;
        g_hash_table_add (seen, GUINT_TO_POINTER (cell + 1));
        if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height)
          marked[n_marked++] = cell;
      }
  }
  g_assert_cmpuint (n_marked, >=, 1);
  for (guint i = 0; i < n_marked; i++)
    {
      guint rx = marked[i] % width - box.x, ry = marked[i] / width - box.y;
      guint to_edge = MIN (MIN (rx, box.width - 1 - rx), MIN (ry, box.height - 1 - ry));
      /* Twice the distance to the centre, in cells (Chebyshev). */
      guint cx = (guint) ABS ((int) (2 * rx) - (int) (box.width - 1));
      guint cy = (guint) ABS ((int) (2 * ry) - (int) (box.height - 1));
      guint to_centre = MAX (cx, cy);

      if (to_edge < best_edge)
        {
          best_edge = to_edge;
          n_edge = 0;
        }
      if (to_edge == best_edge)
        edge[n_edge++] = marked[i];
      if (to_centre < best_centre)
        {
          best_centre = to_centre;
          n_centre = 0;
        }
      if (to_centre == best_centre)
        centre[n_centre++] = marked[i];
    }
  rates->uniform += share_right (q, marked, n_marked);
  rates->edge += share_right (q, edge, n_edge);
  rates->centre += share_right (q, centre, n_centre);
  rates->questions++;
  {
    guint x0 = q->from % width, x1 = x0, y0 = q->from / width, y1 = y0;

    for (gsize i = 0; i < n_frontier; i++)
      {
        x0 = MIN (x0, frontier[i] % width);
        x1 = MAX (x1, frontier[i] % width);
        y0 = MIN (y0, frontier[i] / width);
        y1 = MAX (y1, frontier[i] / width);
      }
    if (x1 - x0 >= BITMAZE_CLASS_REGION_MAX - 2 || y1 - y0 >= BITMAZE_CLASS_REGION_MAX - 2)
      rates->tiled++;
  }
}

/* Predict mode's cell questions of @solver over mazes of several seeds
 * and sizes, until QUESTIONS_PER_SOLVER. */
static void
run_solver (const char *solver,
            Rates      *rates)
{
  static const guint sizes[][2] = { { 16, 12 }, { 40, 30 }, { 80, 60 } };
  g_autoptr (GRand) random = g_rand_new_with_seed (39);

  memset (rates, 0, sizeof *rates);
  for (guint seed = 1; rates->questions < QUESTIONS_PER_SOLVER; seed++)
    {
      g_autoptr (BitmazeSession) session = bitmaze_session_new ();
      g_autoptr (BitmazePredict) predict = bitmaze_predict_new (session);
      g_autoptr (GError) error = NULL;
      const guint *size = sizes[seed % G_N_ELEMENTS (sizes)];

      g_assert_cmpuint (seed, <, 500);
      bitmaze_session_set_seed (session, seed);
      bitmaze_session_set_size (session, size[0], size[1]);
      g_object_set (session, "solver", solver, NULL);
      g_assert_true (bitmaze_session_generate (session, &error));
      g_assert_no_error (error);
      while (bitmaze_session_get_phase (session) == BITMAZE_PHASE_BUILDING)
        g_main_context_iteration (NULL, TRUE);
      bitmaze_predict_set_ask_words (predict, FALSE);
      bitmaze_predict_set_active (predict, TRUE);

      /* At most 300 questions a maze, so that many mazes count. */
      for (guint asked = 0; asked < 300 && rates->questions < QUESTIONS_PER_SOLVER; asked++)
        {
          gboolean stepped = TRUE;

          for (guint i = 0; i < 50 && stepped && bitmaze_predict_get_state (predict) == BITMAZE_PREDICT_IDLE; i++)
            stepped = bitmaze_session_step (session);
          if (bitmaze_predict_get_state (predict) != BITMAZE_PREDICT_ASKING)
            break;
          measure (bitmaze_predict_get_question (predict), g_str_equal (solver, "dfs"),
                   session, random, rates);
          g_assert_true (bitmaze_predict_skip (predict));
        }
    }
}

static void
test_solver (gconstpointer data)
{
  const char *solver = data;
  Rates rates;
  double uniform, edge, centre;

  run_solver (solver, &rates);
  uniform = 100.0 * rates.uniform / rates.questions;
  edge = 100.0 * rates.edge / rates.questions;
  centre = 100.0 * rates.centre / rates.questions;
  g_test_message ("%s: %u questions (about %u with the frontier too wide: a tile): uniform pick %.1f %%, "
                  "nearest the edge %.1f %%, nearest the centre %.1f %%",
                  solver, rates.questions, rates.tiled, uniform, edge, centre);
  g_print ("# %s: %u questions (%u tiled): uniform %.1f %%, edge %.1f %%, centre %.1f %%\n",
           solver, rates.questions, rates.tiled, uniform, edge, centre);
  g_assert_cmpuint (rates.questions, >=, QUESTIONS_PER_SOLVER);
  g_assert_cmpfloat (edge, <=, uniform + 3.0);
  g_assert_cmpfloat (centre, <=, uniform + 3.0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/class-region/bfs", "bfs", test_solver);
  g_test_add_data_func ("/class-region/dfs", "dfs", test_solver);
  g_test_add_data_func ("/class-region/astar", "astar", test_solver);

  return g_test_run ();
}
