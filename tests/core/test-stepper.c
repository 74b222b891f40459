/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The stepper takes its steps from any step source: a run recorded from
 * a built-in generator or solver, played back through the recorded
 * source, steps, steps back and seeks exactly as the built-in source
 * that recorded it (every word, the start and the goal, the position,
 * the phase, the step's report), for every algorithm of the registries.
 * No display: the stepper is part of bitmaze-core.
 *
 * And the pacer that shares a full-speed Run's frames out: no frame both
 * hands a batch over and paints (a key waits for one or the other).
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "bitmaze-builtin-source.h"
#include "bitmaze-pacer.h"
#include "bitmaze-recorded-source.h"
#include "bitmaze-stepper.h"

#define WIDTH  11
#define HEIGHT 8
#define SEED   4242u

typedef struct
{
  Maze           *maze;
  BitmazeStepper *stepper;
} Side;

static void
side_clear (Side *side)
{
  g_clear_object (&side->stepper);
  g_clear_pointer (&side->maze, maze_free);
}

/* A stepper on @maze (taken) with @source (taken). */
static void
side_init (Side              *side,
           Maze              *maze,
           BitmazeStepSource *source)
{
  side->maze = maze;
  side->stepper = bitmaze_stepper_new (NULL);
  bitmaze_stepper_set_maze (side->stepper, maze);
  bitmaze_stepper_set_source (side->stepper, source);
}

static void
assert_same_step (const MazeStep *a,
                  const MazeStep *b)
{
  MazeStep x = *a, y = *b;

  /* a history's seek may leave the statements for later */
  maze_step_complete (&x);
  maze_step_complete (&y);
  g_assert_cmpint (x.kind, ==, y.kind);
  g_assert_cmpuint (x.cell, ==, y.cell);
  g_assert_cmpuint (x.other, ==, y.other);
  g_assert_cmpuint (x.dir, ==, y.dir);
  g_assert_cmpuint (x.line, ==, y.line);
  g_assert_cmpuint (x.n_changes, ==, y.n_changes);
  for (unsigned k = 0; k < x.n_changes; k++)
    {
      g_assert_cmpuint (x.changes[k].index, ==, y.changes[k].index);
      g_assert_cmpuint (x.changes[k].before, ==, y.changes[k].before);
      g_assert_cmpuint (x.changes[k].after, ==, y.changes[k].after);
      g_assert_cmpuint (x.changes[k].line, ==, y.changes[k].line);
      g_assert_cmpstr (x.changes[k].expr, ==, y.changes[k].expr);
    }
}

/* What a user sees of the two is the same.  (Only the length differs
 * while the built-in source is stepped the first time: a recorded run
 * knows its steps ahead, a built-in one learns them.) */
static void
assert_same (Side *builtin,
             Side *recorded)
{
  BitmazeStepper *a = builtin->stepper, *b = recorded->stepper;
  const MazeStep *sa = bitmaze_stepper_get_last_step (a);
  const MazeStep *sb = bitmaze_stepper_get_last_step (b);

  g_assert_cmpuint (bitmaze_stepper_get_position (a), ==, bitmaze_stepper_get_position (b));
  if (bitmaze_stepper_get_length (a) == bitmaze_stepper_get_position (a)
      && bitmaze_stepper_get_phase (a) != BITMAZE_PHASE_BUILDING
      && bitmaze_stepper_get_phase (a) != BITMAZE_PHASE_SOLVING)
    g_assert_cmpuint (bitmaze_stepper_get_length (a), ==, bitmaze_stepper_get_length (b));
  else
    g_assert_cmpuint (bitmaze_stepper_get_length (a), <=, bitmaze_stepper_get_length (b));
  g_assert_cmpint (bitmaze_stepper_get_phase (a), ==, bitmaze_stepper_get_phase (b));
  g_assert_cmpmem (maze_cells_const (builtin->maze), 2 * maze_n_cells (builtin->maze),
                   maze_cells_const (recorded->maze), 2 * maze_n_cells (recorded->maze));
  g_assert_cmpuint (maze_start (builtin->maze), ==, maze_start (recorded->maze));
  g_assert_cmpuint (maze_goal (builtin->maze), ==, maze_goal (recorded->maze));
  g_assert_true ((sa == NULL) == (sb == NULL));
  if (sa != NULL)
    assert_same_step (sa, sb);
}

/* Runs @source on @maze to its end, recording every step. */
static BitmazeRecordedRun *
record_run (Maze              *maze,
            BitmazeStepSource *source)
{
  BitmazeRecordedRun *run = bitmaze_recorded_run_new (bitmaze_step_source_get_kind (source),
                                                      bitmaze_step_source_get_algorithm (source),
                                                      maze_start (maze), maze_goal (maze));
  MazeSolveStats stats;
  MazeStep step;

  while (bitmaze_step_source_step (source, &step, FALSE))
    bitmaze_recorded_run_add (run, &step, maze_start (maze), maze_goal (maze));
  g_assert_true (bitmaze_step_source_finished (source));
  bitmaze_step_source_stats (source, &stats);
  bitmaze_recorded_run_end (run, bitmaze_step_source_get_kind (source) == BITMAZE_STEPS_SEARCH
                                 ? &stats : NULL);
  return run;
}

typedef BitmazeStepSource *(*MakeSource) (Maze       *maze,
                                          const char *name);

/* The same run, built in and recorded, stepped, stepped back and sought
 * side by side.  @start is the maze before the source is made. */
static void
compare (const Maze *start,
         const char *name,
         MakeSource  make)
{
  g_autoptr (BitmazeRecordedRun) run = NULL;
  Side builtin = { 0 }, recorded = { 0 };
  Maze *scratch = maze_copy (start, NULL);
  BitmazeStepSource *source;
  Maze *maze, *step0;
  guint64 length;
  GRand *rand;

  /* the record: a source of its own on a scratch copy */
  source = make (scratch, name);
  g_assert_nonnull (source);
  step0 = maze_copy (scratch, NULL);
  run = record_run (scratch, source);
  bitmaze_step_source_free (source);
  maze_free (scratch);
  length = bitmaze_recorded_run_get_length (run);
  g_assert_cmpuint (length, >, 0);

  maze = maze_copy (start, NULL);
  side_init (&builtin, maze, make (maze, name));
  side_init (&recorded, step0, bitmaze_recorded_source_new (step0, run));
  assert_same (&builtin, &recorded);

  /* Step to the end */
  for (guint64 i = 0; i < length; i++)
    {
      gboolean a = bitmaze_stepper_step (builtin.stepper);
      gboolean b = bitmaze_stepper_step (recorded.stepper);

      g_assert_true (a);
      g_assert_true (b);
      assert_same (&builtin, &recorded);
    }
  g_assert_false (bitmaze_stepper_step (recorded.stepper));

  /* Step Back, a few */
  for (guint i = 0; i < MIN (length, 5); i++)
    {
      g_assert_true (bitmaze_stepper_step_back (builtin.stepper));
      g_assert_true (bitmaze_stepper_step_back (recorded.stepper));
      assert_same (&builtin, &recorded);
    }

  /* Jumps anywhere, both ways, and to both ends */
  rand = g_rand_new_with_seed (SEED);
  for (guint i = 0; i < 40; i++)
    {
      guint64 to = i == 0 ? 0 : i == 1 ? length : (guint64) g_rand_int_range (rand, 0, (gint32) length + 1);

      bitmaze_stepper_seek (builtin.stepper, to);
      bitmaze_stepper_seek (recorded.stepper, to);
      g_assert_cmpuint (bitmaze_stepper_get_position (recorded.stepper), ==, to);
      assert_same (&builtin, &recorded);
    }
  g_rand_free (rand);

  /* and forward again from where the last jump left them */
  while (bitmaze_stepper_get_position (builtin.stepper) < length)
    {
      g_assert_true (bitmaze_stepper_step (builtin.stepper));
      g_assert_true (bitmaze_stepper_step (recorded.stepper));
      assert_same (&builtin, &recorded);
    }

  side_clear (&builtin);
  side_clear (&recorded);
}

static BitmazeStepSource *
make_generator (Maze       *maze,
                const char *name)
{
  MazeError error;

  return bitmaze_builtin_source_new_generator (maze, name, SEED, 20, MAZE_PLACE_FAR, &error);
}

static BitmazeStepSource *
make_solver (Maze       *maze,
             const char *name)
{
  MazeError error;

  return bitmaze_builtin_source_new_solver (maze, name, &error);
}

static void
test_generator (gconstpointer data)
{
  const MazeAlgorithm *algorithm = data;
  g_autoptr (GError) error = NULL;
  Maze *maze = maze_new (WIDTH, HEIGHT, NULL);

  compare (maze, algorithm->name, make_generator);
  maze_free (maze);
}

static void
test_solver (gconstpointer data)
{
  const MazeAlgorithm *algorithm = data;
  Maze *maze = maze_new (WIDTH, HEIGHT, NULL);
  MazeError error;
  MazeGenerator *gen;

  /* a maze with loops, so that searches differ */
  gen = maze_generator_new (maze, maze_algorithm_default (maze_generators)->name, SEED, 30, &error);
  g_assert_nonnull (gen);
  maze_generator_run_steps (gen, G_MAXUINT64);
  g_assert_true (maze_generator_done (gen));
  maze_generator_free (gen);
  g_assert_cmpint (maze_place_endpoints (maze, MAZE_PLACE_CORNERS, TRUE, SEED, &error), ==, MAZE_OK);

  compare (maze, algorithm->name, make_solver);
  maze_free (maze);
}

/* A recorded source alone: its length, its end and its counters. */
static void
test_recorded_alone (void)
{
  g_autoptr (BitmazeRecordedRun) run = NULL;
  Maze *maze = maze_new (3, 1, NULL);
  MazeStep step = { .kind = MAZE_STEP_CARVE, .cell = 1, .other = 0, .dir = MAZE_E, .n_changes = 2 };
  BitmazeStepSource *source;
  MazeSolveStats stats;

  step.changes[0] = (MazeChange) { .index = 0, .before = maze_cells_const (maze)[0] };
  step.changes[0].after = step.changes[0].before | MAZE_E;
  step.changes[1] = (MazeChange) { .index = 1, .before = maze_cells_const (maze)[1] };
  step.changes[1].after = step.changes[1].before | MAZE_W;
  run = bitmaze_recorded_run_new (BITMAZE_STEPS_BUILD, "by-hand", 0, 2);
  bitmaze_recorded_run_add (run, &step, 0, 2);
  source = bitmaze_recorded_source_new (maze, run);
  g_assert_false (bitmaze_step_source_finished (source));
  g_assert_true (bitmaze_step_source_step (source, &step, FALSE));
  g_assert_true (maze_cell_is_open (maze_cells_const (maze)[0], MAZE_E));
  /* not ended: more steps may come (a program still running) */
  g_assert_false (bitmaze_step_source_finished (source));
  g_assert_false (bitmaze_step_source_step (source, &step, FALSE));
  bitmaze_recorded_run_end (run, NULL);
  g_assert_true (bitmaze_step_source_finished (source));
  bitmaze_step_source_stats (source, &stats);
  g_assert_cmpuint (stats.steps, ==, 1);
  g_assert_true (bitmaze_step_source_back (source, NULL));
  g_assert_false (maze_cell_is_open (maze_cells_const (maze)[0], MAZE_E));
  g_assert_false (bitmaze_step_source_back (source, NULL));
  bitmaze_step_source_free (source);
  maze_free (maze);
}

/* A full batch is due, but not in a frame the view paints in (until
 * it grew to twice its size): a hand-over and a drawing each take tens
 * of milliseconds on a huge maze, a key press waits for both. */
static void
test_pacer_draw_queued (void)
{
  g_autoptr (BitmazePacer) pacer = bitmaze_pacer_new ();
  guint cells;

  bitmaze_pacer_run_started (pacer, 0);
  cells = bitmaze_pacer_batch_cells (pacer);
  g_assert_cmpuint (cells, >, 0);
  g_assert_true (bitmaze_pacer_batch_due (pacer, 1000, 1000, cells));

  bitmaze_pacer_draw_queued (pacer);
  g_assert_false (bitmaze_pacer_batch_due (pacer, 1000, 1000, cells));
  g_assert_false (bitmaze_pacer_batch_due (pacer, 1000, 1000, 2 * cells - 2));
  g_assert_true (bitmaze_pacer_batch_due (pacer, 1000, 1000, 2 * cells));

  /* painted: the next frame hands over */
  bitmaze_pacer_draw_queued (pacer);
  bitmaze_pacer_snapshot_ended (pacer);
  g_assert_true (bitmaze_pacer_batch_due (pacer, 1000, 1000, cells));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; maze_generators[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/stepper/recorded/generator/%s", maze_generators[i]->name);

      g_test_add_data_func (path, maze_generators[i], test_generator);
    }
  for (guint i = 0; maze_solvers[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/stepper/recorded/solver/%s", maze_solvers[i]->name);

      g_test_add_data_func (path, maze_solvers[i], test_solver);
    }
  g_test_add_func ("/stepper/recorded/alone", test_recorded_alone);
  g_test_add_func ("/stepper/pacer/draw-queued", test_pacer_draw_queued);

  return g_test_run ();
}
