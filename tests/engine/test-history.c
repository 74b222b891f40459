/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The step history: for every generator and every solver the engine
 * lists, on a 31 x 17 maze with loops, stepping back restores every word
 * and the stepper's state, stepping forward again gives the same steps,
 * and a jump to step k shows what k single steps from the start show.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#include "maze.h"

#define WIDTH  31
#define HEIGHT 17
#define SEED   20260

typedef struct
{
  char     name[64];
  gboolean solver;
} Algorithm;

/* Every algorithm of the registries; a parameterised generator with a
 * small value ("corridor:4", "growing-tree:mixed:0.5"). */
static GArray *
all_algorithms (void)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (Algorithm));

  for (size_t k = 0; maze_generators[k] != NULL; k++)
    {
      const MazeAlgorithm *g = maze_generators[k];
      Algorithm a = { { 0 }, FALSE };
      /* short corridors and runs: more steps of the kind that turn */
      double value = g->param.kind == MAZE_PARAM_COUNT ? g->param.min + 3 : g->param.fallback;
      char *name = maze_algorithm_full_name (g, value);

      g_strlcpy (a.name, name, sizeof a.name);
      free (name);
      g_array_append_val (list, a);
    }
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Algorithm a = { { 0 }, TRUE };

      g_strlcpy (a.name, maze_solvers[k]->name, sizeof a.name);
      g_array_append_val (list, a);
    }
  return list;
}

/* The maze a solver runs on: with loops, so BFS and A* meet cells twice. */
static Maze *
maze_with_loops (void)
{
  MazeError error;
  Maze *maze = maze_generate (WIDTH, HEIGHT, maze_algorithm_default (maze_generators)->name, SEED, 30, &error);

  g_assert_nonnull (maze);
  return maze;
}

static MazeHistory *
history_new (const Algorithm *a,
             Maze            *maze)
{
  MazeError error;
  MazeHistory *h;

  if (a->solver)
    h = maze_history_new_solver (maze, a->name, &error);
  else
    h = maze_history_new_generator (maze, a->name, SEED, 30, TRUE, MAZE_PLACE_FAR, TRUE, &error);
  if (h == NULL)
    g_error ("%s: %s", a->name, error.message);
  return h;
}

/* What a user sees of one step: the words, the endpoints, and the
 * stepper's counters and frontier. */
typedef struct
{
  uint16_t cells[WIDTH * HEIGHT];
  uint32_t start, goal;
  uint64_t counters[4];
  size_t   n_frontier;
  uint32_t frontier[WIDTH * HEIGHT];
} State;

static void
take_state (MazeHistory *h,
            const Maze  *maze,
            State       *state)
{
  const MazeGenerator *gen = maze_history_generator (h);
  const MazeSolver *solver = maze_history_solver (h);

  memset (state, 0, sizeof *state);
  memcpy (state->cells, maze_cells_const (maze), sizeof state->cells);
  state->start = maze_start (maze);
  state->goal = maze_goal (maze);
  if (solver != NULL)
    {
      MazeSolveStats stats;

      maze_solver_stats (solver, &stats);
      state->counters[0] = stats.steps;
      state->counters[1] = stats.visited;
      state->counters[2] = stats.max_frontier;
      state->counters[3] = (uint64_t) stats.finished << 1 | stats.found;
      state->n_frontier = maze_solver_frontier (solver, state->frontier, G_N_ELEMENTS (state->frontier));
    }
  else
    {
      state->counters[0] = maze_generator_steps (gen);
      state->counters[1] = maze_generator_done (gen);
      state->n_frontier = maze_generator_frontier (gen, state->frontier, G_N_ELEMENTS (state->frontier));
    }
  state->counters[3] |= (uint64_t) maze_history_finished (h) << 2;
}

static void
assert_state (const State *got,
              const State *want,
              const char  *name,
              uint64_t     step)
{
  if (memcmp (got, want, sizeof *got) == 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (got->cells); i++)
    if (got->cells[i] != want->cells[i])
      g_error ("%s at step %" G_GUINT64_FORMAT ": maze[%u] is 0x%04X, expected 0x%04X",
               name, step, i, got->cells[i], want->cells[i]);
  g_error ("%s at step %" G_GUINT64_FORMAT ": the endpoints, counters or frontier differ", name, step);
}

static void
assert_same_step (const MazeStep *got,
                  const MazeStep *want)
{
  g_assert_cmpint (got->kind, ==, want->kind);
  g_assert_cmpuint (got->cell, ==, want->cell);
  g_assert_cmpuint (got->other, ==, want->other);
  g_assert_cmpuint (got->dir, ==, want->dir);
  g_assert_cmpuint (got->n_changes, ==, want->n_changes);
  for (unsigned k = 0; k < got->n_changes; k++)
    {
      g_assert_cmpuint (got->changes[k].index, ==, want->changes[k].index);
      g_assert_cmphex (got->changes[k].before, ==, want->changes[k].before);
      g_assert_cmphex (got->changes[k].after, ==, want->changes[k].after);
      g_assert_cmpstr (got->changes[k].expr, ==, want->changes[k].expr);
    }
}

/* Runs @a to its end and records the state after every step and every
 * step's report: states[k] after k steps, steps[k - 1] the k-th report. */
static guint
run_to_end (const Algorithm *a,
            Maze            *maze,
            MazeHistory     *h,
            GArray          *states,
            GArray          *steps)
{
  State state;
  MazeStep step;

  take_state (h, maze, &state);
  g_array_append_val (states, state);
  while (maze_history_step (h, &step))
    {
      take_state (h, maze, &state);
      g_array_append_val (states, state);
      g_array_append_val (steps, step);
      g_assert_cmpuint (maze_history_position (h), ==, steps->len);
      g_assert_cmpuint (steps->len, <, 100000);
    }
  g_assert_true (maze_history_finished (h));
  g_assert_cmpuint (maze_history_length (h), ==, steps->len);
  g_assert_cmpuint (steps->len, >, 10);
  /* the end is not a step, and it stays the end */
  g_assert_false (maze_history_step (h, &step));
  g_assert_cmpuint (maze_history_length (h), ==, steps->len);
  return steps->len;
}

/* From step @n back to the start one step at a time: after each step
 * back the maze and the stepper are as they were at that step (@states),
 * and the report is the step that led there (@steps; none at step 0). */
static void
back_to_start (const Algorithm *a,
               const Maze      *maze,
               MazeHistory     *h,
               GArray          *states,
               GArray          *steps,
               guint            n)
{
  State state;
  MazeStep step;

  for (guint k = n; k-- > 0;)
    {
      g_assert_true (maze_history_back (h, &step));
      g_assert_cmpuint (maze_history_position (h), ==, k);
      take_state (h, maze, &state);
      assert_state (&state, &g_array_index (states, State, k), a->name, k);
      if (k > 0)
        assert_same_step (&step, &g_array_index (steps, MazeStep, k - 1));
      else
        g_assert_cmpint (step.kind, ==, MAZE_STEP_NONE);
    }
}

/* Forward to the end, back to the start one step at a time: after each
 * step back the maze and the stepper are as they were at that step, and
 * the report is the step that led there. */
static void
test_back_to_start (void)
{
  g_autoptr (GArray) list = all_algorithms ();

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *maze = maze_with_loops ();
      MazeHistory *h = history_new (a, maze);
      g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (State));
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (MazeStep));
      guint n = run_to_end (a, maze, h, states, steps);
      MazeStep step;

      back_to_start (a, maze, h, states, steps, n);
      g_assert_false (maze_history_back (h, &step));
      g_assert_cmpuint (maze_history_length (h), ==, n);

      maze_history_free (h);
      maze_free (maze);
    }
}

/* Run at full speed (maze_history_run ()), in runs of several sizes
 * between single recorded steps: after each, the maze and the stepper
 * are those of single steps, the cells handed over are the words those
 * steps changed, and afterwards every step is reached again, back to the
 * start one step at a time. */
static void
test_run (void)
{
  g_autoptr (GArray) list = all_algorithms ();
  const guint64 sizes[] = { 1, 5, 2, 40, 3, 200, 1, 7, 1000 };

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *reference_maze = maze_with_loops ();
      MazeHistory *reference = history_new (a, reference_maze);
      g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (State));
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (MazeStep));
      guint n = run_to_end (a, reference_maze, reference, states, steps);
      Maze *maze = maze_with_loops ();
      MazeHistory *h = history_new (a, maze);
      g_autofree guint32 *cells = g_new (guint32, 1000 * MAZE_STEP_MAX_CHANGES);
      guint64 at = 0, runs = 0;
      State state;
      MazeStep step;

      for (guint r = 0; !maze_history_finished (h); r++)
        {
          guint64 max = sizes[r % G_N_ELEMENTS (sizes)];
          size_t n_cells = SIZE_MAX, c = 0;
          guint64 done = maze_history_run (h, max, cells, &n_cells);

          g_assert_cmpuint (done, <=, max);
          g_assert_cmpuint (maze_history_position (h), ==, at + done);
          for (guint64 k = at; k < at + done; k++)
            {
              const MazeStep *want = &g_array_index (steps, MazeStep, k);

              for (unsigned j = 0; j < want->n_changes; j++, c++)
                {
                  g_assert_cmpuint (c, <, n_cells);
                  g_assert_cmpuint (cells[c], ==, want->changes[j].index);
                }
            }
          g_assert_cmpuint (c, ==, n_cells);
          at += done;
          runs += done > 0;
          take_state (h, maze, &state);
          assert_state (&state, &g_array_index (states, State, at), a->name, at);
          /* then one recorded step (the placement is always one) */
          if (maze_history_step (h, &step))
            {
              assert_same_step (&step, &g_array_index (steps, MazeStep, at));
              at++;
            }
        }
      g_assert_cmpuint (at, ==, n);
      g_assert_cmpuint (runs, >, 1);
      g_assert_cmpuint (maze_history_length (h), ==, n);
      g_assert_cmpuint (maze_history_first (h), ==, 0);
      back_to_start (a, maze, h, states, steps, n);
      g_assert_cmpint (maze_history_status (h, NULL), ==, MAZE_OK);

      maze_history_free (h);
      maze_free (maze);
      maze_history_free (reference);
      maze_free (reference_maze);
    }
}

/* Forward N, back K, forward K: the same steps again, the same maze. */
static void
test_back_and_forth (void)
{
  g_autoptr (GArray) list = all_algorithms ();

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *maze = maze_with_loops ();
      MazeHistory *h = history_new (a, maze);
      g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (State));
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (MazeStep));
      guint n = run_to_end (a, maze, h, states, steps);
      guint back[] = { 1, 7, n / 3, n - 1, n };

      for (guint b = 0; b < G_N_ELEMENTS (back); b++)
        {
          guint k = back[b];
          State state;
          MazeStep step;

          for (guint j = 0; j < k; j++)
            g_assert_true (maze_history_back (h, NULL));
          g_assert_cmpuint (maze_history_position (h), ==, n - k);
          for (guint j = n - k; j < n; j++)
            {
              g_assert_true (maze_history_step (h, &step));
              assert_same_step (&step, &g_array_index (steps, MazeStep, j));
            }
          take_state (h, maze, &state);
          assert_state (&state, &g_array_index (states, State, n), a->name, n);
          g_assert_false (maze_history_step (h, &step));
        }

      maze_history_free (h);
      maze_free (maze);
    }
}

/* The reference: a stepper of its own on a maze of its own, k steps. */
static void
reference_state (const Algorithm *a,
                 guint            k,
                 State           *state,
                 MazeStep        *last)
{
  Maze *maze = maze_with_loops ();
  MazeHistory *h = history_new (a, maze);

  /* Only forward steps: the history records, it never replays here. */
  for (guint j = 0; j < k; j++)
    g_assert_true (maze_history_step (h, last));
  take_state (h, maze, state);
  maze_history_free (h);
  maze_free (maze);
}

/* A jump to step k shows what k single steps show, jumping back and
 * forth in any order, and hands over the steps that led there; the cells
 * it says the jump changes are all the cells that differ. */
static void
test_seek (void)
{
  g_autoptr (GArray) list = all_algorithms ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *maze = maze_with_loops ();
      MazeHistory *h = history_new (a, maze);
      g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (State));
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (MazeStep));
      guint n = run_to_end (a, maze, h, states, steps);

      for (guint trial = 0; trial < 12; trial++)
        {
          guint k = trial == 0 ? 0 : trial == 1 ? n : (guint) g_rand_int_range (rand, 0, (gint32) n + 1);
          MazeStep reports[8], last = { 0 };
          State state, want;
          size_t got = 99;
          MazeError error;
          uint32_t changed[WIDTH * HEIGHT * 4];
          guint64 from = maze_history_position (h);
          size_t n_changed = maze_history_changed_cells (h, from, k, changed, G_N_ELEMENTS (changed));
          const State *before = &g_array_index (states, State, from);
          const State *after = &g_array_index (states, State, k);

          /* Every word the jump changes is in the list of changed cells. */
          g_assert_cmpuint (n_changed, <=, G_N_ELEMENTS (changed));
          for (guint c = 0; c < WIDTH * HEIGHT; c++)
            {
              gboolean listed = FALSE;

              for (size_t j = 0; j < n_changed && !listed; j++)
                listed = changed[j] == c;
              g_assert_true (listed || before->cells[c] == after->cells[c]);
            }

          g_assert_cmpint (maze_history_seek (h, k, reports, G_N_ELEMENTS (reports), &got, &error), ==, MAZE_OK);
          g_assert_cmpuint (maze_history_position (h), ==, k);
          g_assert_cmpuint (got, ==, MIN (k, G_N_ELEMENTS (reports)));
          take_state (h, maze, &state);
          reference_state (a, k, &want, &last);
          assert_state (&state, &want, a->name, k);
          for (size_t j = 0; j < got; j++)
            assert_same_step (&reports[j], &g_array_index (steps, MazeStep, k - got + j));
          if (k > 0)
            assert_same_step (&reports[got - 1], &last);
        }

      maze_history_free (h);
      maze_free (maze);
    }
}

/* Peeking at the next step shows it without doing it. */
static void
test_peek (void)
{
  g_autoptr (GArray) list = all_algorithms ();

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *maze = maze_with_loops ();
      MazeHistory *h = history_new (a, maze);
      State before, after;
      MazeStep next, step;
      guint n = 0;

      do
        {
          gboolean more;

          take_state (h, maze, &before);
          more = maze_history_peek (h, &next);
          take_state (h, maze, &after);
          assert_state (&after, &before, a->name, n);
          g_assert_cmpuint (maze_history_position (h), ==, n);
          g_assert_true (maze_history_step (h, &step) == more);
          assert_same_step (&next, &step);
          n++;
        }
      while (!maze_history_finished (h));
      /* in the middle of the history too */
      g_assert_true (maze_history_back (h, NULL));
      g_assert_true (maze_history_back (h, NULL));
      g_assert_true (maze_history_peek (h, &next));
      g_assert_true (maze_history_step (h, &step));
      assert_same_step (&next, &step);

      maze_history_free (h);
      maze_free (maze);
    }
}

/* Quiet steps leave the C statements for later; completed, the reports
 * are those of ordinary steps, and so are the maze and the history. */
static void
test_quiet_steps (void)
{
  g_autoptr (GArray) list = all_algorithms ();

  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      Maze *loud_maze = maze_with_loops ();
      Maze *quiet_maze = maze_with_loops ();
      MazeHistory *loud = history_new (a, loud_maze);
      MazeHistory *quiet = history_new (a, quiet_maze);
      MazeStep loud_step, quiet_step;
      gboolean more;

      do
        {
          more = maze_history_step (loud, &loud_step);
          g_assert_true (maze_history_step_quiet (quiet, &quiet_step) == more);
          if (!more)
            break;
          for (unsigned k = 0; k < quiet_step.n_changes; k++)
            if (loud_step.changes[k].expr[0] != '\0')
              g_assert_cmpstr (quiet_step.changes[k].expr, ==, "");
          maze_step_complete (&quiet_step);
          assert_same_step (&quiet_step, &loud_step);
          /* once complete, completing again changes nothing */
          maze_step_complete (&quiet_step);
          assert_same_step (&quiet_step, &loud_step);
        }
      while (TRUE);
      g_assert_cmpmem (maze_cells_const (loud_maze), 2 * WIDTH * HEIGHT,
                       maze_cells_const (quiet_maze), 2 * WIDTH * HEIGHT);
      g_assert_cmpuint (maze_history_length (quiet), ==, maze_history_length (loud));
      g_assert_true (maze_history_back (quiet, &quiet_step));
      g_assert_true (maze_history_back (loud, &loud_step));
      assert_same_step (&quiet_step, &loud_step);

      maze_history_free (loud);
      maze_history_free (quiet);
      maze_free (loud_maze);
      maze_free (quiet_maze);
    }
}

/* The last step of a build places the endpoints; stepping back over it
 * puts them and their openings back where they were. */
static void
test_placement_step (void)
{
  MazeError error;
  Maze *maze = maze_new (WIDTH, HEIGHT, &error);
  MazeHistory *h = maze_history_new_generator (maze, maze_algorithm_default (maze_generators)->name, SEED, 0, TRUE,
                                               MAZE_PLACE_ROWS, TRUE, &error);
  g_autofree uint16_t *built = NULL;
  MazeStep step;
  uint32_t start, goal;
  guint n = 0;

  g_assert_nonnull (h);
  while (maze_history_step (h, &step))
    n++;
  g_assert_cmpint (step.kind, ==, MAZE_STEP_DONE);
  g_assert_cmpuint (n, ==, WIDTH * HEIGHT - 1 + 1);
  start = maze_start (maze);
  goal = maze_goal (maze);
  g_assert_cmpuint (start, <, WIDTH);
  g_assert_cmpuint (goal, >=, WIDTH * (HEIGHT - 1));
  built = g_memdup2 (maze_cells_const (maze), sizeof (uint16_t) * WIDTH * HEIGHT);

  g_assert_true (maze_history_back (h, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_CARVE);
  g_assert_cmpuint (maze_start (maze), ==, 0);
  g_assert_cmpuint (maze_goal (maze), ==, WIDTH * HEIGHT - 1);
  /* no opening in the outer wall before the placement */
  for (uint32_t i = 0; i < WIDTH * HEIGHT; i++)
    g_assert_cmphex (maze_cells_const (maze)[i] & maze_cell_border (maze_cells_const (maze)[i]), ==, 0);

  g_assert_true (maze_history_step (h, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_OPENING);
  g_assert_cmpuint (step.cell, ==, start);
  g_assert_cmpuint (step.other, ==, goal);
  g_assert_cmpuint (step.n_changes, ==, 2);
  g_assert_cmpuint (maze_start (maze), ==, start);
  g_assert_cmpuint (maze_goal (maze), ==, goal);
  g_assert_cmpmem (maze_cells_const (maze), sizeof (uint16_t) * WIDTH * HEIGHT,
                   built, sizeof (uint16_t) * WIDTH * HEIGHT);

  maze_history_free (h);
  maze_free (maze);
}

/* A BFS's history costs about a log entry and a share of a checkpoint a
 * step: 8 bytes at 300 x 300, where a solver's copy that carried its
 * error buffer (18 KB) made it 14.5, and a 2000 x 2000 Run 57 MB. */
static void
test_memory_per_step (void)
{
  MazeError error;
  Maze *maze = maze_generate (300, 300, maze_algorithm_default (maze_generators)->name, SEED, 0, &error);
  MazeHistory *h = maze_history_new_solver (maze, "bfs", &error);
  uint64_t length;

  g_assert_nonnull (h);
  while (maze_history_step_quiet (h, NULL))
    ;
  length = maze_history_length (h);
  g_assert_cmpuint (length, >, 50000);
  g_assert_cmpfloat ((double) maze_history_memory (h) / (double) length, <=, 10.0);

  maze_history_free (h);
  maze_free (maze);
}

/* One word a step changed, as a solver without a history reported it. */
typedef struct
{
  uint64_t step;
  uint32_t index;
  uint16_t before;
} Change;

/* Past its limit the history forgets the log of its oldest steps, but
 * every step stays reachable, exactly: Home gives the words of step 0,
 * and each step back from the end to there gives the words of that step
 * (the ones before the log are replayed), as a solver without a history
 * reported them. */
static void
test_limit (void)
{
  const size_t limit = 128 * 1024;
  MazeError error;
  Maze *maze = maze_generate (256, 256, maze_algorithm_default (maze_generators)->name, SEED, 10, &error);
  Maze *initial, *reference = maze_copy (maze, &error);
  MazeHistory *h = maze_history_new_solver (maze, "bfs", &error);
  MazeSolver *solver = maze_solver_new (reference, "bfs", &error);
  g_autoptr (GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  size_t bytes = 2 * (size_t) maze_n_cells (maze);
  uint16_t *words = maze_cells (reference);
  g_autofree uint16_t *final = NULL;
  guint at;
  MazeStep step;
  uint64_t n = 0;

  g_assert_nonnull (h);
  initial = maze_copy (maze, &error);
  maze_history_set_limit (h, limit);
  while (maze_history_step (h, NULL))
    {
      n++;
      g_assert_true (maze_solver_step (solver, &step));
      for (unsigned k = 0; k < step.n_changes; k++)
        {
          Change change = { n, step.changes[k].index, step.changes[k].before };

          g_array_append_val (changes, change);
        }
    }
  g_assert_cmpuint (maze_history_length (h), ==, n);
  g_assert_cmpmem (maze_cells_const (maze), bytes, words, bytes);
  final = g_memdup2 (words, bytes);
  /* a run longer than the history's budget: the log forgot its start */
  g_assert_cmpuint (changes->len * 6, >, 2 * limit);
  g_assert_cmpuint (maze_history_memory (h), <=, limit + 2 * 98304 + 128 * 1024);
  g_assert_cmpuint (maze_history_first (h), ==, 0);

  /* Home: the words of step 0 exactly */
  g_assert_cmpint (maze_history_seek (h, 0, NULL, 0, NULL, &error), ==, MAZE_OK);
  g_assert_cmpuint (maze_history_position (h), ==, 0);
  g_assert_cmpmem (maze_cells_const (maze), bytes, maze_cells_const (initial), bytes);
  g_assert_false (maze_history_back (h, NULL));

  /* End, then back one step at a time to 0: every step as it was (the
   * words a step changed at each step, all of them every 997 steps) */
  g_assert_cmpint (maze_history_seek (h, n, NULL, 0, NULL, &error), ==, MAZE_OK);
  g_assert_cmpmem (maze_cells_const (maze), bytes, words, bytes);
  at = changes->len;
  for (uint64_t k = n; k > 0; k--)
    {
      g_assert_true (maze_history_back (h, NULL));
      g_assert_cmpuint (maze_history_position (h), ==, k - 1);
      while (at > 0 && g_array_index (changes, Change, at - 1).step == k)
        {
          const Change *change = &g_array_index (changes, Change, --at);

          words[change->index] = change->before;
          if (maze_cells_const (maze)[change->index] != change->before)
            g_error ("step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT ": cell %u is %04x, not %04x",
                     k - 1, n, change->index, maze_cells_const (maze)[change->index], change->before);
        }
      if (k % 997 == 0)
        g_assert_cmpmem (maze_cells_const (maze), bytes, words, bytes);
    }
  g_assert_cmpmem (maze_cells_const (maze), bytes, maze_cells_const (initial), bytes);
  /* and forward again through all of them, to the same end */
  for (uint64_t k = 0; k < n; k++)
    g_assert_true (maze_history_step (h, NULL));
  g_assert_false (maze_history_step (h, NULL));
  g_assert_cmpmem (maze_cells_const (maze), bytes, final, bytes);
  g_assert_cmpuint (maze_history_memory (h), <=, limit + 2 * 98304 + 128 * 1024);
  g_assert_cmpint (maze_history_status (h, NULL), ==, MAZE_OK);

  maze_solver_free (solver);
  maze_history_free (h);
  maze_free (initial);
  maze_free (reference);
  maze_free (maze);
}

/* The cells of a BFS on @maze's copy @reference after @steps steps. */
static void
assert_bfs_at (Maze     *maze,
               Maze     *reference,
               uint64_t  steps)
{
  MazeError error;
  MazeSolver *solver;

  maze_reset_search (reference);
  solver = maze_solver_new (reference, "bfs", &error);
  g_assert_nonnull (solver);
  for (uint64_t k = 0; k < steps; k++)
    maze_solver_step (solver, NULL);
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze),
                   maze_cells_const (reference), 2 * maze_n_cells (reference));
  maze_solver_free (solver);
}

/* A log of millions of entries: past its first 64 chunks its chunks come
 * in blocks of 64, and forgetting the oldest steps gives whole blocks
 * back.  What the history keeps is still exact, at its first step, in
 * the middle and at the end. */
static void
test_long_log (void)
{
  MazeError error;
  Maze *maze = maze_generate (2100, 2100, maze_algorithm_default (maze_generators)->name, SEED, 0, &error);
  Maze *reference = maze_copy (maze, &error);
  MazeHistory *h = maze_history_new_solver (maze, "bfs", &error);
  uint64_t first, length, middle;

  g_assert_nonnull (h);
  maze_history_set_limit (h, 4 << 20);
  while (maze_history_step_quiet (h, NULL))
    ;
  length = maze_history_length (h);
  /* the log's start forgotten (more than two blocks' worth: about an
   * entry a step), and still every step reachable */
  g_assert_cmpuint (length, >, 2 * 64 * 16384 + 16384);
  first = maze_history_first (h);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (maze_history_memory (h), <=, 4 << 20);
  g_assert_cmpint (maze_history_status (h, NULL), ==, MAZE_OK);
  assert_bfs_at (maze, reference, length);

  middle = length / 2;
  g_assert_cmpint (maze_history_seek (h, middle, NULL, 0, NULL, &error), ==, MAZE_OK);
  assert_bfs_at (maze, reference, middle);
  g_assert_cmpint (maze_history_seek (h, middle - 3, NULL, 0, NULL, &error), ==, MAZE_OK);
  assert_bfs_at (maze, reference, middle - 3);
  g_assert_cmpint (maze_history_seek (h, 0, NULL, 0, NULL, &error), ==, MAZE_OK);
  g_assert_cmpuint (maze_history_position (h), ==, 0);
  assert_bfs_at (maze, reference, 0);
  g_assert_cmpint (maze_history_seek (h, length, NULL, 0, NULL, &error), ==, MAZE_OK);
  assert_bfs_at (maze, reference, length);
  g_assert_cmpuint (maze_history_memory (h), <=, 4 << 20);

  maze_history_free (h);
  maze_free (reference);
  maze_free (maze);
}

/* The cells of a build by the default generator on @reference (cleared)
 * after @steps steps. */
static void
assert_build_at (Maze     *maze,
                 Maze     *reference,
                 uint64_t  steps)
{
  MazeError error;
  MazeGenerator *gen = maze_generator_new (reference, maze_algorithm_default (maze_generators)->name, SEED, 0, &error);

  g_assert_nonnull (gen);
  for (uint64_t k = 0; k < steps; k++)
    g_assert_true (maze_generator_step (gen, NULL));
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze),
                   maze_cells_const (reference), 2 * maze_n_cells (reference));
  maze_generator_free (gen);
}

/* A build of 1500 x 1500: the generator's copy at a checkpoint (its
 * visited bits alone are a byte for every four cells) is too large to
 * share the memory the copies are packed in, and has its own.  Past the
 * limit the oldest go, and what the history keeps is exact. */
static void
test_large_copies (void)
{
  MazeError error;
  Maze *maze = maze_new (1500, 1500, &error);
  Maze *reference = maze_new (1500, 1500, &error);
  MazeHistory *h = maze_history_new_generator (maze, maze_algorithm_default (maze_generators)->name, SEED, 0,
                                               FALSE, MAZE_PLACE_CORNERS, FALSE, &error);
  uint64_t first, length, middle;

  g_assert_nonnull (h);
  maze_history_set_limit (h, 12 << 20);
  while (maze_history_step_quiet (h, NULL))
    ;
  length = maze_history_length (h);
  first = maze_history_first (h);
  g_assert_cmpuint (length, ==, 1500 * 1500 - 1);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (maze_history_memory (h), <=, 12 << 20);
  g_assert_cmpint (maze_history_status (h, NULL), ==, MAZE_OK);

  middle = length / 2 + 7;
  g_assert_cmpint (maze_history_seek (h, middle, NULL, 0, NULL, &error), ==, MAZE_OK);
  assert_build_at (maze, reference, middle);
  g_assert_cmpint (maze_history_seek (h, 0, NULL, 0, NULL, &error), ==, MAZE_OK);
  g_assert_cmpuint (maze_history_position (h), ==, 0);
  assert_build_at (maze, reference, 0);
  /* and forward from there, the steps are the build's */
  g_assert_cmpint (maze_history_seek (h, length, NULL, 0, NULL, &error), ==, MAZE_OK);
  assert_build_at (maze, reference, length);

  maze_history_free (h);
  maze_free (reference);
  maze_free (maze);
}

/* The process's address space now, in bytes. */
static size_t
address_space (void)
{
  FILE *f = fopen ("/proc/self/statm", "r");
  unsigned long pages = 0;

  g_assert_nonnull (f);
  g_assert_cmpint (fscanf (f, "%lu", &pages), ==, 1);
  fclose (f);
  return (size_t) pages * (size_t) sysconf (_SC_PAGESIZE);
}

/* With the address space 24 MB from full, a BFS of 2000 x 2000 cannot
 * keep its history (its log alone is about 24 MB): the search still
 * ends as it would without one, the history says it ran out of memory,
 * and the steps it kept are exact. */
static void
test_out_of_memory (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("the address sanitizer reserves the address space");
  return;
#endif
#ifdef HAVE_VALGRIND_H
  if (RUNNING_ON_VALGRIND)
    {
      g_test_skip ("valgrind shares the client's address space");
      return;
    }
#endif
  if (g_test_subprocess ())
    {
      MazeError error;
      Maze *maze = maze_generate (2000, 2000, maze_algorithm_default (maze_generators)->name, SEED, 0, &error);
      Maze *reference = maze_copy (maze, &error);
      MazeSolver *solver = maze_solver_new (reference, "bfs", &error);
      MazeHistory *h;
      struct rlimit lim;
      uint64_t first, length;

      g_assert_nonnull (solver);
      maze_solver_run (solver);
      maze_solver_free (solver);
      lim.rlim_cur = lim.rlim_max = address_space () + (24u << 20);
      g_assert_cmpint (setrlimit (RLIMIT_AS, &lim), ==, 0);

      h = maze_history_new_solver (maze, "bfs", &error);
      g_assert_nonnull (h);
      while (maze_history_step_quiet (h, NULL))
        ;
      g_assert_cmpint (maze_history_status (h, &error), ==, MAZE_ERROR_NOMEM);
      g_assert_true (maze_history_finished (h));
      g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze),
                       maze_cells_const (reference), 2 * maze_n_cells (reference));
      length = maze_history_length (h);
      first = maze_history_first (h);
      g_assert_cmpuint (first, ==, 0);

      g_assert_cmpint (maze_history_seek (h, length - 5, NULL, 0, NULL, &error), ==, MAZE_OK);
      assert_bfs_at (maze, reference, length - 5);
      maze_history_free (h);
      maze_free (reference);
      maze_free (maze);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/history/back-to-start", test_back_to_start);
  g_test_add_func ("/history/back-and-forth", test_back_and_forth);
  g_test_add_func ("/history/run", test_run);
  g_test_add_func ("/history/seek", test_seek);
  g_test_add_func ("/history/peek", test_peek);
  g_test_add_func ("/history/quiet-steps", test_quiet_steps);
  g_test_add_func ("/history/placement-step", test_placement_step);
  g_test_add_func ("/history/limit", test_limit);
  g_test_add_func ("/history/memory-per-step", test_memory_per_step);
  g_test_add_func ("/history/long-log", test_long_log);
  g_test_add_func ("/history/large-copies", test_large_copies);
  g_test_add_func ("/history/out-of-memory", test_out_of_memory);

  return g_test_run ();
}
