/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Code pane in a real window under Xvfb: C shows and hides it and the
 * setting remembers it; it shows the listing of the algorithm in
 * progress with the line of the step shown highlighted and the lines of
 * its writes marked, following Step, Back and the timeline; a click on a
 * line goes to the last step that ran it; the presentation view shows it
 * beside the maze.
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-code-pane.h"
#include "bitmaze-timeline.h"

#define SEED 2718u

typedef struct
{
  BitmazeWindow  *window;
  BitmazeSession *session;
  GSettings      *settings;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-code", FALSE);
  g_settings_set_string (fixture->settings, "solver", "dfs");

  fixture->window = bitmaze_window_new (NULL);
  fixture->session = window_test_session (fixture->window);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1024, 768);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (fixture->session, SEED);
  bitmaze_session_set_size (fixture->session, 15, 11);
  g_object_set (fixture->session, "loops", 20u, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (fixture->session, "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_settings_reset (fixture->settings, "animate-generation");
  g_settings_reset (fixture->settings, "show-code");
  g_settings_reset (fixture->settings, "solver");
  g_clear_object (&fixture->settings);
}

static BitmazeCodePane *
code_pane (Fixture *fixture)
{
  GtkWidget *pane = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_CODE_PANE);

  g_assert_nonnull (pane);
  return BITMAZE_CODE_PANE (pane);
}

/* The pane shows the step shown: its line highlighted, its writes'
 * lines marked. */
static void
assert_pane_shows_step (BitmazeCodePane *pane,
                        const MazeStep  *step)
{
  g_assert_nonnull (step);
  g_assert_cmpuint (step->line, >, 0);
  g_assert_cmpuint (bitmaze_code_pane_get_line (pane), ==, step->line);
  for (unsigned k = 0; k < step->n_changes; k++)
    if (step->changes[k].line != step->line)
      g_assert_true (bitmaze_code_pane_line_wrote (pane, step->changes[k].line));
}

typedef struct
{
  guint16 line;
  guint16 wrote;
} Seen;

typedef struct
{
  GtkWidget *scroller;
  GtkWidget *row;
} InView;

/* Whether @data's row lies wholly inside its scrolled window's view. */
static gboolean
row_in_view (gpointer data)
{
  InView *in_view = data;
  graphene_rect_t bounds;

  return gtk_widget_compute_bounds (in_view->row, in_view->scroller, &bounds)
         && bounds.size.height > 0 && bounds.origin.y >= -0.5
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (in_view->scroller) + 0.5;
}

/* No label under @widget reaches past @scroller's right edge: a long line
 * wraps rather than losing its end. */
static void
assert_nothing_cut (GtkWidget *widget,
                    GtkWidget *scroller)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;

      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child)
          && gtk_widget_compute_bounds (child, scroller, &bounds))
        g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                           gtk_widget_get_width (scroller) + 0.5);
      assert_nothing_cut (child, scroller);
    }
}

/* C shows the pane (and the setting says so), with DFS's listing; it
 * follows Step, Back, the timeline; C hides it again. */
static void
test_follows_steps (Fixture       *fixture,
                    gconstpointer  data)
{
  BitmazeCodePane *pane;
  BitmazeTimeline *timeline;
  GtkRange *range;
  Seen seen[41];

  if (!gui_test_have_xdotool ())
    return;

  pane = code_pane (fixture);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane)));
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "c");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));
  g_assert_true (g_settings_get_boolean (fixture->settings, "show-code"));
  gui_test_wait_for_frames (GTK_WIDGET (pane), 1);
  g_assert_nonnull (bitmaze_code_pane_get_algorithm (pane));
  g_assert_cmpstr (bitmaze_code_pane_get_algorithm (pane)->name, ==, "dfs");
  g_assert_cmpuint (bitmaze_code_pane_get_line (pane), ==, 0);

  for (guint k = 1; k <= 40; k++)
    {
      const MazeStep *step;

      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      step = bitmaze_session_get_last_step (fixture->session);
      assert_pane_shows_step (pane, step);
      seen[k].line = step->line;
      seen[k].wrote = step->n_changes > 0 ? step->changes[0].line : 0;
    }

  /* The statement the last step wrote is on screen, whole: scrolled into
   * view, and no line of the listing runs past the pane's edge on a
   * 1024-pixel window (they wrap). */
  {
    GtkWidget *list = window_test_find (GTK_WIDGET (pane), GTK_TYPE_LIST_BOX);
    InView in_view = { window_test_find (GTK_WIDGET (pane), GTK_TYPE_SCROLLED_WINDOW), NULL };

    g_assert_nonnull (list);
    g_assert_nonnull (in_view.scroller);
    g_assert_cmpuint (seen[40].wrote, >, 0);
    in_view.row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), seen[40].wrote - 1));
    g_assert_nonnull (in_view.row);
    gui_test_wait_until (row_in_view, &in_view, "the written line to be scrolled into view");
    assert_nothing_cut (list, in_view.scroller);
  }

  /* Back: the step shown before, its line */
  for (guint k = 40; k > 30; k--)
    {
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step-back", NULL);
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, k - 1);
      g_assert_cmpuint (bitmaze_code_pane_get_line (pane), ==, seen[k - 1].line);
      if (seen[k - 1].wrote != 0 && seen[k - 1].wrote != seen[k - 1].line)
        g_assert_true (bitmaze_code_pane_line_wrote (pane, seen[k - 1].wrote));
    }

  /* the timeline */
  timeline = BITMAZE_TIMELINE (window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_TIMELINE));
  range = bitmaze_timeline_get_range (timeline);
  for (guint64 target = 5; target <= 25; target += 10)
    {
      gtk_range_set_value (range, (double) target);
      gui_test_wait_for_frames (GTK_WIDGET (range), 2);
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, target);
      g_assert_cmpuint (bitmaze_code_pane_get_line (pane), ==, seen[target].line);
    }
  gtk_range_set_value (range, 0);
  gui_test_wait_for_frames (GTK_WIDGET (range), 2);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 0);
  g_assert_cmpuint (bitmaze_code_pane_get_line (pane), ==, 0);

  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "c");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane)));
  g_assert_false (g_settings_get_boolean (fixture->settings, "show-code"));
}

/* A click on backtrack ()'s line goes to the last step that ran it, up to
 * the step shown; a line never run says so and goes nowhere. */
static void
test_click_goes_to_step (Fixture       *fixture,
                         gconstpointer  data)
{
  BitmazeCodePane *pane;
  guint clear_line = 0;
  guint64 last_clear = 0;
  GtkWidget *row;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-code", NULL);
  pane = code_pane (fixture);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));

  for (guint k = 1; k <= 120 && bitmaze_session_can_step (fixture->session); k++)
    {
      const MazeStep *step;

      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      step = bitmaze_session_get_last_step (fixture->session);
      if (step->kind == MAZE_STEP_BACKTRACK)
        {
          clear_line = step->changes[0].line;
          last_clear = bitmaze_session_get_position (fixture->session);
        }
    }
  g_assert_cmpuint (last_clear, >, 0);
  g_assert_cmpstr (maze_listing_line (bitmaze_code_pane_get_algorithm (pane), clear_line)->code, ==,
                   "  maze[cell] &= ~SOLUTION_BITS;");
  if (last_clear < bitmaze_session_get_position (fixture->session))
    g_assert_cmpuint (bitmaze_code_pane_get_line (pane), !=, clear_line);

  /* the row itself, activated as a click does */
  gui_test_wait_for_frames (GTK_WIDGET (pane), 1);
  row = window_test_find (GTK_WIDGET (pane), GTK_TYPE_LIST_BOX_ROW);
  for (guint i = 1; i < clear_line; i++)
    row = gtk_widget_get_next_sibling (row);
  g_signal_emit_by_name (gtk_widget_get_parent (row), "row-activated", row);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, last_clear);
  g_assert_true (bitmaze_code_pane_line_wrote (pane, clear_line));
  g_assert_nonnull (strstr (bitmaze_code_pane_get_status (pane), "step"));

  /* the signature line never runs */
  g_assert_false (bitmaze_code_pane_activate_line (pane, 1));
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, last_clear);
  g_assert_nonnull (strstr (bitmaze_code_pane_get_status (pane), "has not run"));
}

/* F5 with the pane on: the presentation view shows a Code pane of its
 * own beside the maze, on the step shown. */
static void
test_presentation (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *presentation;
  BitmazeCodePane *pane;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-code", NULL);
  for (guint k = 0; k < 12; k++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.present", NULL);
  presentation = window_test_find (GTK_WIDGET (fixture->window), g_type_from_name ("BitmazePresentation"));
  g_assert_nonnull (presentation);
  pane = BITMAZE_CODE_PANE (window_test_find (presentation, BITMAZE_TYPE_CODE_PANE));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));
  gui_test_wait_for_frames (GTK_WIDGET (pane), 2);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  assert_pane_shows_step (pane, bitmaze_session_get_last_step (fixture->session));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  assert_pane_shows_step (pane, bitmaze_session_get_last_step (fixture->session));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.escape", NULL);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/code-pane/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("follows-steps", test_follows_steps);
  ADD ("click-goes-to-step", test_click_goes_to_step);
  ADD ("presentation", test_presentation);
#undef ADD

  return g_test_run ();
}
