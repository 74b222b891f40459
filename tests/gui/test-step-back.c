/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Step Back in a real window under Xvfb, with real key presses and
 * clicks (xdotool through XTEST): the Back button, Shift+S and Left take
 * the maze back a step at a time, word for word, while building and
 * while searching; Back is off at the first step; the bit inspector's
 * cell, log and frontier and the status line go back with the maze; the
 * timeline under the maze, Home and End show any step as single steps do.
 * Run Your Code…: a student's solve_bfs with a backtrack bug runs on the
 * maze on screen, its steps go forwards and back, and its first wrong
 * step is marked; a compile error shows its line, the maze kept.
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-lab-run.h"
#include "bitmaze-op-log.h"
#include "bitmaze-timeline.h"

#define SEED 1414u

typedef struct
{
  BitmazeWindow  *window;
  BitmazeSession *session;
  GSettings      *settings;
  GArray         *states;   /* the words after each step, one maze a row */
  guint           n_cells;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  g_settings_set_double (fixture->settings, "speed", 6.0);

  fixture->window = bitmaze_window_new (NULL);
  fixture->session = window_test_session (fixture->window);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (fixture->session, SEED);
  bitmaze_session_set_size (fixture->session, 31, 17);
  g_object_set (fixture->session, "loops", 30u, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (fixture->session, "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);

  fixture->n_cells = maze_n_cells (window_test_maze (fixture->window));
  fixture->states = g_array_new (FALSE, FALSE, sizeof (guint16) * fixture->n_cells);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_array_unref (fixture->states);
  g_settings_reset (fixture->settings, "animate-generation");
  g_settings_reset (fixture->settings, "show-inspector");
  g_clear_object (&fixture->settings);
}

/* The maze's words now, as the state after the step shown. */
static void
remember (Fixture *fixture)
{
  g_array_append_vals (fixture->states, maze_cells_const (window_test_maze (fixture->window)), 1);
}

static void
assert_state (Fixture *fixture,
              guint64  step)
{
  const guint16 *want = (const guint16 *) (gpointer) fixture->states->data + step * fixture->n_cells;

  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, step);
  g_assert_cmpmem (maze_cells_const (window_test_maze (fixture->window)), 2 * fixture->n_cells,
                   want, 2 * fixture->n_cells);
}

static void
step_forward (Fixture *fixture,
              guint    n)
{
  for (guint i = 0; i < n; i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      remember (fixture);
    }
}

/* The Back button of the window, found by its action. */
static GtkWidget *
back_button (Fixture *fixture)
{
  GtkWidget *found = window_test_find_actionable (GTK_WIDGET (fixture->window), "win.step-back");

  g_assert_nonnull (found);
  return found;
}

/* Building (Animate Building on): 20 steps, back with the button, with
 * Shift+S and with Left, to the empty grid; Back is off there. */
static void
test_back_while_building (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkWidget *back;

  if (!gui_test_have_xdotool ())
    return;

  g_object_set (fixture->session, "animate", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.stop", NULL);
  g_assert_cmpint (bitmaze_session_get_phase (fixture->session), ==, BITMAZE_PHASE_BUILDING);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 0);
  remember (fixture);

  back = back_button (fixture);
  gui_test_wait_for_frames (back, 1);
  g_assert_false (gtk_widget_get_sensitive (back));

  step_forward (fixture, 20);
  g_assert_true (gtk_widget_get_sensitive (back));

  for (guint64 k = 20; k > 14; k--)
    {
      gui_test_click (back, gtk_widget_get_width (back) / 2.0, gtk_widget_get_height (back) / 2.0);
      assert_state (fixture, k - 1);
    }
  for (guint64 k = 14; k > 7; k--)
    {
      gui_test_press_keys (fixture->window, "shift+s");
      assert_state (fixture, k - 1);
    }
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  for (guint64 k = 7; k > 0; k--)
    {
      gui_test_press_keys (fixture->window, "Left");
      assert_state (fixture, k - 1);
    }

  g_assert_false (gtk_widget_get_sensitive (back));
  g_assert_null (bitmaze_session_get_last_step (fixture->session));
  /* Back at the first step does nothing, and is no error. */
  gui_test_press_keys (fixture->window, "shift+s");
  assert_state (fixture, 0);
  g_assert_cmpint (bitmaze_session_get_phase (fixture->session), ==, BITMAZE_PHASE_BUILDING);

  /* Forward again: the same steps. */
  for (guint64 k = 1; k <= 20; k++)
    {
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      assert_state (fixture, k);
    }
}

/* Searching with the inspector open: back with Shift+S, and the panel's
 * cell, log and frontier and the status line are those of the step. */
static void
test_inspector_follows_back (Fixture       *fixture,
                             gconstpointer  data)
{
  BitmazeInspector *inspector;
  BitmazeOpLog *log;
  g_autofree char *steps_text = NULL;

  if (!gui_test_have_xdotool ())
    return;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-inspector", NULL);
  inspector = window_test_inspector (fixture->window);
  g_assert_nonnull (inspector);
  log = bitmaze_inspector_get_log (inspector);
  remember (fixture);
  step_forward (fixture, 30);
  gui_test_wait_for_frames (inspector, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, 30);

  for (guint64 k = 30; k > 18; k--)
    {
      g_autoptr (BitmazeOpItem) last = NULL;
      const MazeStep *step;
      GListModel *frontier;
      guint32 cells[64];
      gsize total;

      gui_test_press_keys (fixture->window, "shift+s");
      assert_state (fixture, k - 1);
      gui_test_wait_for_frames (inspector, 1);

      /* The log holds the steps up to the one shown, that one last. */
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, k - 1);
      step = bitmaze_session_get_last_step (fixture->session);
      last = g_list_model_get_item (G_LIST_MODEL (log), (guint) k - 2);
      g_assert_cmpint (bitmaze_op_item_get_step (last)->kind, ==, step->kind);
      g_assert_cmpuint (bitmaze_op_item_get_step (last)->cell, ==, step->cell);

      /* Following the search, the panel shows that step's cell. */
      g_assert_cmpint (bitmaze_inspector_get_cell (inspector), ==, (int) step->cell);
      g_assert_cmphex (bitmaze_inspector_get_word (inspector), ==,
                       maze_cells_const (window_test_maze (fixture->window))[step->cell]);

      /* The frontier is the BFS queue of that step. */
      frontier = bitmaze_inspector_get_frontier (inspector);
      total = bitmaze_session_get_frontier (fixture->session, cells, G_N_ELEMENTS (cells));
      g_assert_cmpuint (g_list_model_get_n_items (frontier), ==, MIN (total, 64));
    }

  /* The status line counts the steps of the step shown. */
  steps_text = g_strdup_printf ("Steps %u ", 18);
  g_assert_nonnull (strstr (window_test_status_text (fixture->window, "numbers"), steps_text));
  g_assert_cmpstr (window_test_status_text (fixture->window, "state"), ==, "Searching");
}

/* Every solver: back to the start restores the maze the search began on;
 * forward 40, back 15, forward 15 gives the maze of forward 40. */
static void
test_back_through_every_solver (Fixture       *fixture,
                                gconstpointer  data)
{
  for (guint i = 0; maze_solvers[i] != NULL; i++)
    {
      g_array_set_size (fixture->states, 0);
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", maze_solvers[i]->name);
      remember (fixture);
      step_forward (fixture, 40);
      for (guint64 k = 40; k > 0; k--)
        {
          gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step-back", NULL);
          assert_state (fixture, k - 1);
        }
      step_forward (fixture, 40);
      g_array_set_size (fixture->states, 41);
      for (guint k = 0; k < 15; k++)
        gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step-back", NULL);
      for (guint k = 0; k < 15; k++)
        gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      assert_state (fixture, 40);
    }
}

typedef struct
{
  Fixture *fixture;
  guint64  position;
} PositionWait;

static gboolean
position_is (gpointer data)
{
  PositionWait *wait = data;

  return bitmaze_session_get_position (wait->fixture->session) == wait->position;
}

/* The timeline: dragged to step k it shows what k single steps from the
 * start show, back and forth, and stepping on from there goes on as it
 * went; End and Home go to the last and the first step. */
static void
test_timeline_scrubs (Fixture       *fixture,
                      gconstpointer  data)
{
  static const guint64 targets[] = { 0, 30, 7, 22, 15, 16, 3 };
  BitmazeTimeline *timeline;
  GtkRange *range;

  if (!gui_test_have_xdotool ())
    return;

  timeline = BITMAZE_TIMELINE (window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_TIMELINE));
  range = bitmaze_timeline_get_range (timeline);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (range)));

  remember (fixture);
  step_forward (fixture, 30);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (range)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_range_get_adjustment (range)), ==, 30);
  g_assert_cmpfloat (gtk_range_get_value (range), ==, 30);

  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      PositionWait wait = { fixture, targets[i] };

      /* as a drag does: the timeline shows the step at its next frame */
      gtk_range_set_value (range, (double) targets[i]);
      gui_test_wait_until (position_is, &wait, "the timeline to show its step");
      assert_state (fixture, targets[i]);
      if (targets[i] < 30)
        {
          gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
          assert_state (fixture, targets[i] + 1);
          gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step-back", NULL);
        }
    }

  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "End");
  assert_state (fixture, 30);
  gui_test_press_keys (fixture->window, "Home");
  assert_state (fixture, 0);
  g_assert_cmpfloat (gtk_range_get_value (range), ==, 0);
}

/* ---- Run Your Code… ---- */

static GFile *
student_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "lab", "students", name, NULL);

  return g_file_new_for_path (path);
}

static BitmazeLabRun *
run_student (Fixture    *fixture,
             const char *name)
{
  BitmazeLabRun *lab = bitmaze_window_get_lab_run (fixture->window);
  g_autoptr (GFile) file = student_file (name);

  bitmaze_lab_run_start (lab, file);
  g_assert_true (bitmaze_lab_run_get_busy (lab));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (lab)));
  gui_test_wait_for_property (lab, "busy", FALSE);
  return lab;
}

static char *
last_step_says (Fixture *fixture)
{
  const MazeStep *step = bitmaze_session_get_last_step (fixture->session);

  g_assert_nonnull (step);
  return bitmaze_step_dup_description (step, bitmaze_session_get_algorithm (fixture->session),
                                       maze_width (window_test_maze (fixture->window)));
}

static void
test_your_code (Fixture       *fixture,
                gconstpointer  data)
{
  BitmazeTimeline *timeline = BITMAZE_TIMELINE (window_test_find (GTK_WIDGET (fixture->window),
                                                                  BITMAZE_TYPE_TIMELINE));
  BitmazeLabRun *lab;
  g_autofree guint16 *before = NULL;
  g_autofree char *says = NULL;
  GtkWidget *details;
  gint64 mark;
  guint64 length;

  /* a small maze without loops: the student's run is checked on it */
  g_object_set (fixture->session, "loops", 0u, NULL);
  bitmaze_session_set_size (fixture->session, 12, 8);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (fixture->session, "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (fixture->session), ==, BITMAZE_PHASE_READY);

  lab = run_student (fixture, "solve_bfs_backtrack.c");
  g_assert_null (bitmaze_lab_run_get_dialog (lab));
  g_assert_cmpstr (bitmaze_session_get_algorithm (fixture->session), ==, "lab:solve_bfs");
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 0);
  length = bitmaze_session_get_length (fixture->session);
  mark = bitmaze_timeline_get_mark (timeline);
  g_test_message ("the student's run: %" G_GUINT64_FORMAT " steps, marked at %" G_GINT64_FORMAT,
                  length, mark);
  g_assert_cmpint (mark, >=, 1);
  g_assert_cmpint (mark, <=, (gint64) length);
  g_assert_nonnull (strstr (bitmaze_lab_run_get_text (lab), "backtrack"));

  /* forwards to the mark, a step at a time */
  fixture->n_cells = maze_n_cells (window_test_maze (fixture->window));
  g_array_unref (fixture->states);
  fixture->states = g_array_new (FALSE, FALSE, sizeof (guint16) * fixture->n_cells);
  remember (fixture);
  for (gint64 k = 1; k <= mark; k++)
    {
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, (guint64) k);
      remember (fixture);
    }
  says = last_step_says (fixture);
  g_test_message ("the marked step says: %s", says);
  g_assert_nonnull (strstr (says, "✗"));
  g_assert_nonnull (strstr (says, "differs"));
  g_assert_cmpuint (bitmaze_session_get_last_step (fixture->session)->n_changes, >=, 1);

  /* and back, word for word */
  for (gint64 k = mark; k-- > 0;)
    {
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step-back", NULL);
      assert_state (fixture, (guint64) k);
    }
  g_assert_cmpint (bitmaze_timeline_get_mark (timeline), ==, mark);

  /* a compile error: the line named, the maze and the run kept */
  before = g_memdup2 (maze_cells_const (window_test_maze (fixture->window)),
                      fixture->n_cells * sizeof (guint16));
  lab = run_student (fixture, "compile_error.c");
  g_assert_nonnull (bitmaze_lab_run_get_dialog (lab));
  details = adw_message_dialog_get_extra_child (bitmaze_lab_run_get_dialog (lab));
  g_assert_nonnull (details);
  g_assert_true (window_test_label_says (details, "Line 9, column 3"));
  g_assert_cmpmem (before, fixture->n_cells * sizeof (guint16),
                   maze_cells_const (window_test_maze (fixture->window)),
                   fixture->n_cells * sizeof (guint16));
  g_assert_cmpuint (bitmaze_session_get_length (fixture->session), ==, length);
  g_assert_cmpint (bitmaze_timeline_get_mark (timeline), ==, mark);
  g_assert_nonnull (strstr (bitmaze_lab_run_get_text (lab), "backtrack"));
  gtk_window_destroy (GTK_WINDOW (bitmaze_lab_run_get_dialog (lab)));

  /* Cancel while it compiles: nothing changes, nothing is said */
  {
    g_autoptr (GFile) file = student_file ("endless.c");

    bitmaze_lab_run_start (lab, file);
    g_assert_true (bitmaze_lab_run_get_busy (lab));
    bitmaze_lab_run_cancel (lab);
    g_assert_false (bitmaze_lab_run_get_busy (lab));
    g_assert_null (bitmaze_lab_run_get_dialog (lab));
    g_assert_cmpuint (bitmaze_session_get_length (fixture->session), ==, length);
    g_assert_nonnull (strstr (bitmaze_lab_run_get_text (lab), "backtrack"));
  }

  /* another search takes the run's place, and its mark goes */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_cmpstr (bitmaze_session_get_algorithm (fixture->session), ==, "bfs");
  g_assert_cmpint (bitmaze_timeline_get_mark (timeline), ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/step-back/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("while-building", test_back_while_building);
  ADD ("inspector-follows", test_inspector_follows_back);
  ADD ("every-solver", test_back_through_every_solver);
  ADD ("timeline", test_timeline_scrubs);
  ADD ("your-code", test_your_code);
#undef ADD

  return g_test_run ();
}
