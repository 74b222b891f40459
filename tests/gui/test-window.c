/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The real BitmazeWindow under Xvfb: what a user sees when they make,
 * step, run, edit, save and open mazes.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-word-label.h"

#define SEED 20240501u

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
  char          *tmpdir;
} Fixture;

/* A fresh window showing a 20 x 15 recursive-backtracker maze of SEED. */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_double (fixture->settings, "speed", 6.0);
  g_settings_set_string (fixture->settings, "solver", "bfs");

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  /* The clicks on cells below move the start (Shift or the right button,
   * the goal): the Start tool's, not the default Inspect's. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.tool", "s", "start");
  bitmaze_session_set_seed (window_test_session (fixture->window), SEED);
  bitmaze_session_set_size (window_test_session (fixture->window), 20, 15);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);

  fixture->tmpdir = g_dir_make_tmp ("bitmaze-test-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
}

static void
remove_tmpdir (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_unlink (file);
    }
  g_rmdir (path);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->window != NULL)
    {
      AdwMessageDialog *dialog = window_test_save_dialog (fixture->window);

      if (dialog != NULL)
        window_test_respond (dialog, "discard");
      if (fixture->window != NULL)
        gtk_window_destroy (GTK_WINDOW (fixture->window));
    }
  gui_test_wait_for_finalize (&fixture->window, "the window to be finalized");

  remove_tmpdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_clear_object (&fixture->settings);
}

static uint16_t *
copy_cells (Maze *maze)
{
  return g_memdup2 (maze_cells_const (maze), sizeof (uint16_t) * maze_n_cells (maze));
}

static char *
tmp_path (Fixture    *fixture,
          const char *name)
{
  return g_build_filename (fixture->tmpdir, name, NULL);
}

/* ------------------------------------------------------------------ */

static void
test_window_opens_with_maze (Fixture       *fixture,
                             gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  Maze *maze = window_test_maze (window);
  BitmazeMazeView *view = window_test_view (window);
  const char *title = gtk_window_get_title (GTK_WINDOW (window));
  MazeError error;

  g_assert_nonnull (maze);
  g_assert_true (bitmaze_maze_view_get_maze (view) == maze);
  g_assert_cmpuint (maze_width (maze), ==, 20);
  g_assert_cmpuint (maze_height (maze), ==, 15);
  g_assert_true (maze_check_consistent (maze, &error));
  g_assert_true (maze_is_perfect (maze));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_cmpuint (bitmaze_session_get_seed (window_test_session (window)), ==, SEED);

  /* The same seed and settings give the engine's maze, walls for walls. */
  {
    Maze *expected = maze_generate (20, 15, "growing-tree:newest", SEED, 0, &error);

    g_assert_nonnull (expected);
    g_assert_cmpmem (maze_cells_const (maze), 2 * 300, maze_cells_const (expected), 2 * 300);
    maze_free (expected);
  }

  g_assert_nonnull (strstr (title, "Bitmaze"));
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >, 100);

  /* The side panel for later inspectors is there, hidden and empty. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_test_side_panel (window))));
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (window_test_side_panel (window))));
}

static void
step_done_cb (BitmazeSession *session,
              const MazeStep *step,
              guint          *count)
{
  g_assert_true (step == bitmaze_session_get_last_step (session));
  (*count)++;
}

static void
assert_step_changed_exactly (Maze           *maze,
                             const uint16_t *before,
                             const MazeStep *step)
{
  const uint16_t *after = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze);

  for (uint32_t i = 0; i < n; i++)
    {
      gboolean reported = FALSE;

      for (unsigned c = 0; c < step->n_changes; c++)
        if (step->changes[c].index == i)
          reported = TRUE;

      if (!reported)
        g_assert_cmphex (after[i], ==, before[i]);
    }

  for (unsigned c = 0; c < step->n_changes; c++)
    {
      uint32_t i = step->changes[c].index;

      g_assert_cmpuint (i, <, n);
      g_assert_cmphex (after[i], ==, step->changes[c].after);
    }
}

static void
test_step_changes_reported_cells (Fixture       *fixture,
                                  gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  Maze *maze = window_test_maze (window);
  guint emitted = 0;
  guint steps = 0;

  g_signal_connect (window_test_session (window), "step-done", G_CALLBACK (step_done_cb), &emitted);

  while (bitmaze_session_get_phase (window_test_session (window)) != BITMAZE_PHASE_SOLVED && steps < 10000)
    {
      g_autofree uint16_t *before = copy_cells (maze);
      const MazeStep *step;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
      steps++;

      step = bitmaze_session_get_last_step (window_test_session (window));
      g_assert_nonnull (step);
      assert_step_changed_exactly (maze, before, step);
      g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), !=, BITMAZE_PHASE_READY);
    }

  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVED);
  g_assert_cmpuint (emitted, ==, steps);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Solved");

  /* Solved: Step has nothing left to do. */
  {
    g_autofree uint16_t *before = copy_cells (maze);

    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
    g_assert_cmpmem (before, 2 * maze_n_cells (maze), maze_cells_const (maze), 2 * maze_n_cells (maze));
  }
}

static gboolean
is_finished (BitmazeWindow *window)
{
  BitmazePhase phase = bitmaze_session_get_phase (window_test_session (window));

  return phase == BITMAZE_PHASE_SOLVED || phase == BITMAZE_PHASE_NO_PATH;
}

static void
test_run_solves (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *solver = data;
  BitmazeWindow *window = fixture->window;
  Maze *maze = window_test_maze (window);
  MazeError error;
  Maze *expected;
  MazeSolver *reference;
  MazeSolveStats stats;
  g_autofree char *path_text = NULL;

  /* Slow enough that the run spans several frames. */
  g_object_set (window_test_session (window), "speed", 3.0, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", solver);

  expected = maze_copy (maze, &error);
  g_assert_nonnull (expected);
  reference = maze_solver_new (expected, solver, &error);
  g_assert_nonnull (reference);
  maze_solver_run (reference);
  maze_solver_stats (reference, &stats);
  g_assert_true (stats.found);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  g_assert_true (bitmaze_session_get_running (window_test_session (window)));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVING);

  gui_test_wait_for_property (window_test_session (window), "running", FALSE);

  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVED);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Solved");

  /* The window's cells are those of the engine's own solve. */
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze),
                   maze_cells_const (expected), 2 * maze_n_cells (expected));
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, (gint64) stats.path_length);

  path_text = g_strdup_printf ("Path %" G_GUINT64_FORMAT " ", stats.path_length);
  g_assert_nonnull (strstr (window_test_status_text (window, "numbers"), path_text));

  maze_solver_free (reference);
  maze_free (expected);
}

static void
test_switch_solver_resets (Fixture       *fixture,
                           gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  Maze *maze = window_test_maze (window);
  g_autofree char *solver = NULL;

  for (int i = 0; i < 10; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);

  g_assert_cmpuint (bitmaze_session_get_length (window_test_session (window)), ==, 10);
  g_assert_true (maze_has_search (maze));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVING);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "dfs");

  g_object_get (window, "solver", &solver, NULL);
  g_assert_cmpstr (solver, ==, "dfs");
  g_assert_cmpuint (bitmaze_session_get_length (window_test_session (window)), ==, 0);
  g_assert_false (maze_has_search (maze));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_null (bitmaze_session_get_last_step (window_test_session (window)));
  g_assert_true (maze_is_perfect (maze));
}

static void
test_reset_clears_search (Fixture       *fixture,
                          gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  Maze *maze = window_test_maze (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_true (is_finished (window));
  g_assert_true (maze_has_search (maze));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset", NULL);
  g_assert_false (maze_has_search (maze));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Ready");
}

static void
test_open_modify_save_open (Fixture       *fixture,
                            gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *path = tmp_path (fixture, "round.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree uint16_t *saved = NULL;
  BitmazeMazeView *view = window_test_view (window);
  Maze *maze;
  uint32_t n;

  g_assert_true (bitmaze_session_save (window_test_session (window), file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (bitmaze_session_get_file (window_test_session (window)), file));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "round.maze"));

  /* Open it again, then knock down a wall in edit mode. */
  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  maze = window_test_maze (window);
  n = maze_n_cells (maze);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.tool", "s", "walls");
  g_assert_true (bitmaze_maze_view_get_edit_mode (view));
  {
    gboolean was_open = maze_cell_is_open (maze_cells_const (maze)[21], MAZE_E);

    g_signal_emit_by_name (view, "wall-clicked", 21u, (guint) MAZE_E);
    g_assert_true (maze_cell_is_open (maze_cells_const (maze)[21], MAZE_E) != was_open);
    g_assert_true (maze_cell_is_open (maze_cells_const (maze)[22], MAZE_W) != was_open);
    g_assert_true (maze_check_consistent (maze, NULL));
  }
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  /* A few search steps too: a solve in progress comes back as it was. */
  for (int i = 0; i < 7; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  g_assert_true (maze_has_search (maze));

  g_assert_true (bitmaze_session_save (window_test_session (window), file, &error));
  g_assert_no_error (error);
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
  saved = copy_cells (maze);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_null (window_test_save_dialog (window));
  g_assert_null (bitmaze_session_get_file (window_test_session (window)));

  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  maze = window_test_maze (window);
  g_assert_cmpuint (maze_n_cells (maze), ==, n);
  g_assert_cmpmem (maze_cells_const (maze), 2 * n, saved, 2 * n);
  g_assert_true (maze_has_search (maze));
  g_assert_cmpstr (maze_meta_get (maze, "solver"), ==, "bfs");
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));
}

/* A solve saved half-way goes on where it stopped once the file is open
 * again: the next Step is the step the search would have taken. */
static void
test_saved_search_goes_on (Fixture       *fixture,
                           gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  const char *solver = data;
  g_autofree char *path = tmp_path (fixture, "half.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  MazeError merror;
  Maze *reference;
  MazeSolver *search;
  Maze *maze;
  const guint steps = 23;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", solver);
  for (guint i = 0; i < steps; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Searching");
  g_assert_true (bitmaze_session_save (window_test_session (window), file, &error));
  g_assert_no_error (error);

  /* The same search done straight through, one step further. */
  reference = maze_load_file (path, &merror);
  g_assert_nonnull (reference);
  search = maze_solver_new (reference, solver, &merror);
  g_assert_nonnull (search);
  for (guint i = 0; i < steps + 1; i++)
    g_assert_true (maze_solver_step (search, NULL));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Ready");
  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Searching");
  {
    g_autofree char *count = g_strdup_printf ("Steps %u", steps);

    g_assert_nonnull (strstr (window_test_status_text (window, "numbers"), count));
  }
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  maze = window_test_maze (window);
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze),
                   maze_cells_const (reference), 2 * maze_n_cells (reference));

  maze_solver_free (search);
  maze_free (reference);
}

/* A big solve comes back in slices while the window goes on; touching
 * the maze before it is back leaves the file's cells alone. */
static gboolean
is_solved (gpointer window)
{
  return bitmaze_session_get_phase (window_test_session (window)) == BITMAZE_PHASE_SOLVED;
}

static void
test_saved_big_search_comes_back (Fixture       *fixture,
                                  gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *path = tmp_path (fixture, "big.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree uint16_t *saved = NULL;
  MazeGenerator *generator;
  MazeSolver *solver;
  MazeError merror;
  Maze *maze;
  int64_t path_length;

  maze = maze_new (700, 700, &merror);
  g_assert_nonnull (maze);
  generator = maze_generator_new (maze, "growing-tree:newest", SEED, 0, &merror);
  g_assert_nonnull (generator);
  maze_generator_run (generator);
  maze_generator_free (generator);
  g_assert_cmpint (maze_place_endpoints (maze, MAZE_PLACE_CORNERS, TRUE, SEED, &merror), ==, MAZE_OK);
  solver = maze_solver_new (maze, "bfs", &merror);
  g_assert_nonnull (solver);
  maze_solver_run (solver);
  maze_solver_free (solver);
  g_assert_cmpint (maze_meta_set (maze, "solver", "bfs", &merror), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (maze, path, &merror), ==, MAZE_OK);
  path_length = maze_path_cells (maze, NULL, 0);
  g_assert_cmpint (path_length, >, 0);
  saved = copy_cells (maze);
  maze_free (maze);

  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  gui_test_wait_until (is_solved, window, "the saved search to come back solved");
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Solved");
  maze = window_test_maze (window);
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze), saved, 2 * 700 * 700);
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, path_length);
  {
    g_autofree char *text = g_strdup_printf ("Path %" G_GINT64_FORMAT, path_length);

    g_assert_nonnull (strstr (window_test_status_text (window, "numbers"), text));
  }
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));

  /* Again, and move the goal at once: the replay gives up, the maze is
   * the file's with the new goal. */
  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  g_signal_emit_by_name (window_test_view (window), "cell-clicked", 5u, GDK_SHIFT_MASK, 1u);
  /* The replay goes on when the main loop is idle: the next slice sees the
   * change and gives up. */
  gui_test_wait_for_idle ("the replay to give up");
  maze = window_test_maze (window);
  g_assert_cmpuint (maze_goal (maze), ==, 5);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Ready");
  g_assert_false (maze_has_search (maze));
}

/* Search bits no solver step gives (a walk of Play mode, another
 * program's) stay as the file has them; Step starts a new search. */
static void
test_saved_foreign_search_kept (Fixture       *fixture,
                                gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *path = tmp_path (fixture, "foreign.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree uint16_t *saved = NULL;
  MazeError merror;
  Maze *maze;

  for (guint i = 0; i < 12; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  maze = window_test_maze (window);
  /* A solution bit on a cell BFS has not reached yet: the far corner. */
  maze_cells (maze)[maze_n_cells (maze) - 1] |= (uint16_t) (MAZE_N << 8);
  g_assert_cmpint (maze_save_file (maze, path, &merror), ==, MAZE_OK);
  saved = copy_cells (maze);

  g_assert_true (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_no_error (error);
  maze = window_test_maze (window);
  g_assert_cmpmem (maze_cells_const (maze), 2 * maze_n_cells (maze), saved, 2 * maze_n_cells (maze));
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Ready");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Searching");
  g_assert_nonnull (strstr (window_test_status_text (window, "numbers"), "Steps 1 "));
}

static void
test_open_corrupt_keeps_maze (Fixture       *fixture,
                              gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *path = tmp_path (fixture, "broken.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  Maze *maze = window_test_maze (window);
  g_autofree uint16_t *before = copy_cells (maze);
  uint32_t n = maze_n_cells (maze);

  g_assert_true (g_file_set_contents (path, "\x89MAZE\r\n\x1a garbage that is not a maze", -1, NULL));

  g_assert_false (bitmaze_session_load (window_test_session (window), file, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, !=, "");

  /* Through the user's path: a toast names the file and the reason. */
  bitmaze_window_open_file (window, file);
  g_assert_true (window_test_toast_says (window, "broken.maze"));
  g_assert_true (window_test_toast_says (window, error->message));

  g_assert_true (window_test_maze (window) == maze);
  g_assert_cmpmem (maze_cells_const (maze), 2 * n, before, 2 * n);
  g_assert_null (bitmaze_session_get_file (window_test_session (window)));
}

static void
test_failed_save_loses_nothing (Fixture       *fixture,
                                gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *path = g_build_filename (fixture->tmpdir, "no-such-folder", "x.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_signal_emit_by_name (window_test_view (window), "cell-clicked", 5u, (GdkModifierType) 0, 1u);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));

  g_assert_false (bitmaze_session_save (window_test_session (window), file, &error));
  g_assert_nonnull (error);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_null (bitmaze_session_get_file (window_test_session (window)));
  g_assert_cmpuint (maze_start (window_test_maze (window)), ==, 5);
}

/* A click with the Inspect tool asks about a cell: a closed bit
 * inspector opens on it, and the search and the start stay as they were.
 * Enter on a picked cell (the keyboard's "click") moves the start, as it
 * always did, and opens nothing. */
static void
test_inspect_click_opens_inspector (Fixture       *fixture,
                                    gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  BitmazeSession *session = window_test_session (window);
  BitmazeMazeView *view = window_test_view (window);
  Maze *maze = window_test_maze (window);
  guint32 start = maze_start (maze), cell = 7;
  g_autoptr (GVariant) shown = NULL;
  guint64 position;
  double x, y;

  if (!gui_test_have_xdotool ())
    return;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (FALSE));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tool", "s", "inspect");
  for (guint i = 0; i < 5; i++)
    g_assert_true (bitmaze_session_step (session));
  position = bitmaze_session_get_position (session);
  g_assert_null (window_test_inspector (window));

  g_assert_true (bitmaze_maze_view_get_cell_center (view, cell, &x, &y));
  gui_test_click (view, x, y);
  shown = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-inspector");
  g_assert_true (g_variant_get_boolean (shown));
  g_assert_nonnull (window_test_inspector (window));
  gui_test_wait_for_frames (GTK_WIDGET (window_test_inspector (window)), 1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window_test_inspector (window))));
  g_assert_cmpint (bitmaze_inspector_get_cell (window_test_inspector (window)), ==, (int) cell);
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, position);
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVING);
  g_assert_cmpuint (maze_start (maze), ==, start);

  /* Closed again, Enter on the picked cell moves the start and opens nothing. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (FALSE));
  g_signal_emit_by_name (view, "cell-clicked", cell, (GdkModifierType) 0, 0u);
  g_clear_pointer (&shown, g_variant_unref);
  shown = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-inspector");
  g_assert_false (g_variant_get_boolean (shown));
  g_assert_cmpuint (maze_start (maze), ==, cell);
  g_settings_reset (fixture->settings, "show-inspector");
}

/* Whether the window's action win.@name is enabled, as a menu item or a
 * button bound to it shows it. */
static gboolean
action_enabled (BitmazeWindow *window,
                const char    *name)
{
  g_autofree char *detailed = g_strconcat ("win.", name, NULL);
  GtkWidget *button = gtk_button_new ();
  gboolean enabled;

  /* an actionable inside the window follows the action's state */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), detailed);
  gtk_widget_set_parent (button, GTK_WIDGET (window_test_view (window)));
  enabled = gtk_widget_get_sensitive (button);
  gtk_widget_unparent (button);
  return enabled;
}

/* Ctrl+Z undoes a wall knocked down with the Walls tool, word for word,
 * and the title loses its mark; Shift+Ctrl+Z knocks it down again; Undo
 * is off when there is nothing to undo. */
static void
test_undo_keys (Fixture       *fixture,
                gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  BitmazeMazeView *view = window_test_view (window);
  Maze *maze = window_test_maze (window);
  g_autofree uint16_t *before = copy_cells (maze);
  g_autofree uint16_t *after = NULL;
  gsize size = maze_n_cells (maze) * sizeof (uint16_t);

  if (!gui_test_have_xdotool ())
    return;

  g_assert_false (action_enabled (window, "undo"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tool", "s", "walls");
  g_signal_emit_by_name (view, "wall-clicked", 21u, (guint) MAZE_E);
  after = copy_cells (maze);
  g_assert_true (memcmp (before, after, size) != 0);
  g_assert_true (action_enabled (window, "undo"));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  gtk_widget_grab_focus (GTK_WIDGET (view));
  gui_test_press_keys (window, "ctrl+z");
  g_assert_cmpmem (maze_cells_const (maze), size, before, size);
  g_assert_true (maze_check_consistent (maze, NULL));
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
  g_assert_false (action_enabled (window, "undo"));
  g_assert_true (action_enabled (window, "redo"));

  gui_test_press_keys (window, "ctrl+shift+z");
  g_assert_cmpmem (maze_cells_const (maze), size, after, size);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
}

static gboolean
save_dialog_shown (gpointer data)
{
  Fixture *fixture = data;
  AdwMessageDialog *dialog = window_test_save_dialog (fixture->window);

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static void
test_unsaved_changes_guard (Fixture       *fixture,
                            gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  BitmazeMazeView *view = window_test_view (window);
  g_autofree char *path = tmp_path (fixture, "guard.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *dialog;
  Maze *maze = window_test_maze (window);

  /* Shift+click moves the goal: a change worth asking about. */
  g_signal_emit_by_name (view, "cell-clicked", 7u, GDK_SHIFT_MASK, 1u);
  g_assert_cmpuint (maze_goal (maze), ==, 7);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));

  /* New asks first; Cancel keeps everything. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  dialog = window_test_save_dialog (window);
  g_assert_nonnull (dialog);
  window_test_respond (dialog, "cancel");
  g_assert_null (window_test_save_dialog (window));
  g_assert_true (window_test_maze (window) == maze);
  g_assert_cmpuint (maze_goal (maze), ==, 7);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));

  /* Closing asks too, and Cancel keeps the window. */
  gtk_window_close (GTK_WINDOW (window));
  gui_test_wait_until (save_dialog_shown, fixture, "the Save Changes dialog on closing");
  g_assert_nonnull (fixture->window);
  dialog = window_test_save_dialog (window);
  window_test_respond (dialog, "cancel");
  g_assert_nonnull (fixture->window);

  /* Save writes the file, then goes on with New. */
  g_assert_true (bitmaze_session_save (window_test_session (window), file, &error));
  g_signal_emit_by_name (view, "cell-clicked", 8u, (GdkModifierType) 0, 3u);
  g_assert_cmpuint (maze_goal (window_test_maze (window)), ==, 8);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  dialog = window_test_save_dialog (window);
  g_assert_nonnull (dialog);
  window_test_respond (dialog, "save");
  g_assert_null (bitmaze_session_get_file (window_test_session (window)));
  g_assert_false (bitmaze_session_get_modified (window_test_session (window)));
  {
    MazeError merror;
    Maze *on_disk = maze_load_file (path, &merror);

    g_assert_nonnull (on_disk);
    g_assert_cmpuint (maze_goal (on_disk), ==, 8);
    maze_free (on_disk);
  }

  /* Discard on close closes. */
  g_signal_emit_by_name (view, "cell-clicked", 9u, (GdkModifierType) 0, 1u);
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));
  gtk_window_close (GTK_WINDOW (window));
  gui_test_wait_until (save_dialog_shown, fixture, "the Save Changes dialog on closing");
  g_assert_nonnull (fixture->window);
  window_test_respond (window_test_save_dialog (window), "discard");
  gui_test_wait_for_finalize (&fixture->window, "the window to close after Discard");
}

/* Closing with changes, Save, and the file's folder has gone meanwhile:
 * the window stays open with its changes and says why. */
static void
test_close_failed_save_stays (Fixture       *fixture,
                              gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *folder = tmp_path (fixture, "gone");
  g_autofree char *path = g_build_filename (folder, "class.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (bitmaze_session_save (window_test_session (window), file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);

  g_signal_emit_by_name (window_test_view (window), "cell-clicked", 6u, (GdkModifierType) 0, 1u);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL);
  gui_test_wait_until (save_dialog_shown, fixture, "the Save Changes dialog on closing");
  /* The answer is handled at once: a window that closed would be unmapped
   * by now. */
  window_test_respond (window_test_save_dialog (window), "save");
  g_assert_nonnull (fixture->window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_true (bitmaze_session_get_modified (window_test_session (window)));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));
  g_assert_cmpuint (maze_start (window_test_maze (window)), ==, 6);
  g_assert_true (window_test_toast_says (window, "Could not save the maze: "));
  g_assert_true (window_test_toast_says (window, "class.maze"));
}

static void
collect_widgets (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, found);
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
is_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

/* The drop-down of each algorithm row shows every name whole, with the
 * check mark on the chosen one ("Wall Follower, Right Hand" was cut to
 * "Wall Follower, Right H…", hiding which hand). */
static void
test_algorithm_lists_show_whole_names (Fixture       *fixture,
                                       gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  guint checked = 0;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "wall-follower:right");
  collect_widgets (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW, rows);
  g_assert_cmpuint (rows->len, >=, 2);

  for (guint r = 0; r < rows->len; r++)
    {
      AdwComboRow *row = g_ptr_array_index (rows, r);
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();
      g_autoptr (GPtrArray) popovers = g_ptr_array_new ();
      guint shown = 0;
      guint marked = 0;

      if (!G_IS_LIST_MODEL (adw_combo_row_get_model (row))
          || g_list_model_get_n_items (adw_combo_row_get_model (row)) < 5)
        continue;

      gtk_widget_activate (GTK_WIDGET (row));
      collect_widgets (GTK_WIDGET (row), GTK_TYPE_POPOVER, popovers);
      g_assert_cmpuint (popovers->len, ==, 1);
      gui_test_wait_until (is_mapped, popovers->pdata[0], "the drop-down to open");
      gui_test_wait_for_frames (popovers->pdata[0], 1);

      collect_widgets (g_ptr_array_index (popovers, 0), GTK_TYPE_LABEL, labels);
      for (guint i = 0; i < labels->len; i++)
        {
          GtkWidget *label = g_ptr_array_index (labels, i);
          GtkWidget *check = gtk_widget_get_next_sibling (label);
          const char *text = gtk_label_get_text (GTK_LABEL (label));
          int natural;

          if (!gtk_widget_get_mapped (label) || *text == '\0')
            continue;
          gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
          g_assert_cmpint (gtk_widget_get_width (label), >=, natural);
          g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
          if (check != NULL && gtk_widget_get_opacity (check) > 0.5)
            {
              marked++;
              if (g_str_equal (text, "Wall Follower, Right Hand"))
                checked++;
            }
          shown++;
        }
      g_assert_cmpuint (shown, >=, 5);
      g_assert_cmpuint (marked, ==, 1);
      gtk_popover_popdown (g_ptr_array_index (popovers, 0));
      gui_test_wait_until (is_unmapped, popovers->pdata[0], "the drop-down to close");
    }
  g_assert_cmpuint (checked, ==, 1);

  /* The row itself shows the chosen name whole too. */
  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new ();
    guint seen = 0;

    gui_test_wait_for_frames (window, 1);
    collect_widgets (GTK_WIDGET (window), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        GtkLabel *label = g_ptr_array_index (labels, i);

        if (!gtk_widget_get_mapped (GTK_WIDGET (label))
            || !g_str_equal (gtk_label_get_text (label), "Wall Follower, Right Hand"))
          continue;
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
        seen++;
      }
    g_assert_cmpuint (seen, ==, 1);
  }
}

static void
test_animated_generation (Fixture       *fixture,
                          gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  Maze *maze;
  MazeError error;
  Maze *expected;

  g_object_set (window_test_session (window), "animate", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  /* Building starts running at once; pause it to step by hand. */
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_BUILDING);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
  g_assert_false (bitmaze_session_get_running (window_test_session (window)));
  maze = window_test_maze (window);

  for (int i = 0; i < 25; i++)
    {
      g_autofree uint16_t *before = copy_cells (maze);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
      assert_step_changed_exactly (maze, before, bitmaze_session_get_last_step (window_test_session (window)));
    }
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_BUILDING);
  g_assert_cmpuint (bitmaze_session_get_position (window_test_session (window)), ==, 25);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_cmpuint (bitmaze_session_get_position (window_test_session (window)), ==, 300);
  g_assert_true (maze_is_perfect (maze));
  /* the finished maze keeps no "just changed" highlight */
  for (guint i = 0; i < maze_n_cells (maze); i++)
    g_assert_false (bitmaze_maze_view_cell_is_changed (window_test_view (window), i));

  expected = maze_generate (20, 15, "growing-tree:newest", SEED, 0, &error);
  g_assert_nonnull (expected);
  g_assert_cmpmem (maze_cells_const (maze), 600, maze_cells_const (expected), 600);
  maze_free (expected);
}

static void
test_big_maze_in_slices (Fixture       *fixture,
                         gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;

  /* Hundreds of frames of a window that costs 20 to 50 times as much a
   * frame would take many minutes; the normal run checks the slicing. */
  if (gui_test_frames_are_slow ())
    {
      g_test_skip ("frames cost 20 to 50 times as much here (valgrind, or ASan unwinding every allocation)");
      return;
    }

  /* 2000 x 2000 is far too much for one frame's slice: the window stays
   * responsive and finishes over several frames. */
  bitmaze_session_set_size (window_test_session (window), 2000, 2000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_BUILDING);
  g_assert_true (bitmaze_session_get_running (window_test_session (window)));

  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_cmpuint (maze_n_cells (window_test_maze (window)), ==, 4000000);
  g_assert_true (maze_is_perfect (window_test_maze (window)));
}

/* The maze keeps its size from Ready to a search to Solved: the status
 * line below it, whose numbers take a second line while a search goes
 * at this width, does not grow when Run starts or shrink at the end
 * (a maze of a fraction of a pixel a cell would be scaled and drawn
 * again each time). */
static void
test_maze_keeps_its_size (Fixture       *fixture,
                          gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  GtkWidget *view = GTK_WIDGET (window_test_view (window));
  int width, height;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  bitmaze_session_set_size (window_test_session (window), 700, 700);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVING);
  g_assert_nonnull (strstr (window_test_status_text (window, "numbers"), "Largest frontier"));
  g_assert_cmpint (gtk_widget_get_width (view), ==, width);
  g_assert_cmpint (gtk_widget_get_height (view), ==, height);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_SOLVED);
  g_assert_cmpint (gtk_widget_get_width (view), ==, width);
  g_assert_cmpint (gtk_widget_get_height (view), ==, height);
}

static void
test_export_image (Fixture       *fixture,
                   gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  g_autofree char *png = tmp_path (fixture, "maze.png");
  g_autofree char *bad = tmp_path (fixture, "maze.bmp");
  g_autoptr (GFile) png_file = g_file_new_for_path (png);
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (bitmaze_session_export (window_test_session (window), png_file, TRUE, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);

  g_assert_false (bitmaze_session_export (window_test_session (window), bad_file, TRUE, TRUE, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
}

/* Once BFS has found the goal it traces the path back: the status says
 * so, not "Searching", and then "Solved". */
static void
test_tracing_the_path (Fixture       *fixture,
                       gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  BitmazeSession *session = window_test_session (window);
  gboolean traced = FALSE;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "bfs");
  for (guint i = 0; i < 100000; i++)
    {
      const MazeStep *step;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
      step = bitmaze_session_get_last_step (session);
      if (bitmaze_session_get_phase (session) != BITMAZE_PHASE_SOLVING)
        break;
      if (step != NULL && step->kind == MAZE_STEP_PATH)
        {
          g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Tracing the path");
          traced = TRUE;
        }
      else
        g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Searching");
    }
  g_assert_true (traced);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Solved");
}

/* Is @shown @whole, or a start of it cut after a whole word, with "…"? */
static void
assert_cut_at_word (const char *whole,
                    const char *shown)
{
  size_t len;

  if (g_str_equal (whole, shown))
    return;
  g_assert_true (g_str_has_suffix (shown, "…"));
  len = strlen (shown) - strlen ("…");
  g_assert_cmpuint (len, >, 0);
  g_assert_true (strncmp (whole, shown, len) == 0);
  /* the next character of the whole line was a space: no word cut */
  g_assert_true (g_ascii_isspace (whole[len]));
  g_assert_false (g_ascii_isspace (shown[len - 1]));
}

/* Lines too long for a 1024-pixel projector end at a whole word, never
 * mid-statement, and the whole line is the tooltip. */
static void
test_status_cut_at_word (Fixture       *fixture,
                         gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  const char *text = "BFS reached (13, 4) from the west: maze[87] |= W << 12; its parent is west";
  GtkWidget *narrow = gtk_window_new ();
  GtkWidget *label = bitmaze_word_label_new ();
  BitmazeWordLabel *step;
  guint cut = 0;

  /* the widget alone, far too narrow for the line */
  gtk_window_set_child (GTK_WINDOW (narrow), label);
  gtk_widget_set_size_request (label, 260, -1);
  gtk_window_set_default_size (GTK_WINDOW (narrow), 260, 40);
  bitmaze_word_label_set_label (BITMAZE_WORD_LABEL (label), text);
  gtk_window_present (GTK_WINDOW (narrow));
  gui_test_wait_for_frames (label, 2);
  g_test_message ("at %d px: %s", gtk_widget_get_width (label),
                  bitmaze_word_label_get_shown (BITMAZE_WORD_LABEL (label)));
  g_assert_cmpstr (bitmaze_word_label_get_shown (BITMAZE_WORD_LABEL (label)), !=, text);
  assert_cut_at_word (text, bitmaze_word_label_get_shown (BITMAZE_WORD_LABEL (label)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, text);
  gui_test_destroy_window (GTK_WINDOW (narrow));

  /* the status line of a window a projector's width, the bit inspector
   * beside the maze: every step's line whole or cut at a word */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  step = BITMAZE_WORD_LABEL (window_test_find (GTK_WIDGET (window_test_status (window)),
                                               BITMAZE_TYPE_WORD_LABEL));
  g_assert_nonnull (step);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "bfs");
  for (guint i = 0; i < 30; i++)
    {
      const char *whole, *shown;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
      gui_test_wait_for_frames (GTK_WIDGET (step), 1);
      whole = bitmaze_word_label_get_label (step);
      shown = bitmaze_word_label_get_shown (step);
      g_assert_cmpstr (whole, ==, window_test_status_text (window, "step"));
      assert_cut_at_word (whole, shown);
      if (!g_str_equal (whole, shown))
        {
          g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (step)), ==, whole);
          cut++;
        }
    }
  g_test_message ("%u of 30 step lines cut at a word", cut);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func, data) \
  g_test_add ("/window/" name, Fixture, data, fixture_setup, func, fixture_teardown)

  ADD ("opens-with-maze", test_window_opens_with_maze, NULL);
  ADD ("step-changes-reported-cells", test_step_changes_reported_cells, NULL);
  ADD ("run-solves/dfs", test_run_solves, "dfs");
  ADD ("run-solves/bfs", test_run_solves, "bfs");
  ADD ("switch-solver-resets", test_switch_solver_resets, NULL);
  ADD ("tracing-the-path", test_tracing_the_path, NULL);
  ADD ("reset-clears-search", test_reset_clears_search, NULL);
  ADD ("open-modify-save-open", test_open_modify_save_open, NULL);
  ADD ("saved-search-goes-on/dfs", test_saved_search_goes_on, "dfs");
  ADD ("saved-search-goes-on/bfs", test_saved_search_goes_on, "bfs");
  ADD ("saved-search-goes-on/astar", test_saved_search_goes_on, "astar");
  ADD ("saved-search-goes-on/junction", test_saved_search_goes_on, "junction");
  ADD ("saved-search-goes-on/wall-follower-right", test_saved_search_goes_on, "wall-follower:right");
  ADD ("saved-big-search-comes-back", test_saved_big_search_comes_back, NULL);
  ADD ("saved-foreign-search-kept", test_saved_foreign_search_kept, NULL);
  ADD ("open-corrupt-keeps-maze", test_open_corrupt_keeps_maze, NULL);
  ADD ("failed-save-loses-nothing", test_failed_save_loses_nothing, NULL);
  ADD ("unsaved-changes-guard", test_unsaved_changes_guard, NULL);
  ADD ("close-failed-save-stays", test_close_failed_save_stays, NULL);
  ADD ("algorithm-lists-show-whole-names", test_algorithm_lists_show_whole_names, NULL);
  ADD ("animated-generation", test_animated_generation, NULL);
  ADD ("big-maze-in-slices", test_big_maze_in_slices, NULL);
  ADD ("export-image", test_export_image, NULL);
  ADD ("maze-keeps-its-size", test_maze_keeps_its_size, NULL);
  ADD ("inspect-click-opens-inspector", test_inspect_click_opens_inspector, NULL);
  ADD ("undo-keys", test_undo_keys, NULL);
  ADD ("status-cut-at-word", test_status_cut_at_word, NULL);

  return g_test_run ();
}
