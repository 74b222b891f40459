/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window as a teacher uses it in front of a class, in a real window
 * under Xvfb with real key presses (xdotool through XTEST): Right steps
 * even after a click gave the maze the focus, every number of the status
 * line shows with the bit inspector open, and the controls pane can be
 * hidden (F8) so the projected maze gets the room.
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#define SEED 4242u

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
  guint          steps;
} Fixture;

static void
step_done_cb (BitmazeSession *session,
              const MazeStep *step,
              Fixture        *fixture)
{
  fixture->steps++;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);
  g_settings_set_boolean (fixture->settings, "show-controls", TRUE);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  g_settings_set_double (fixture->settings, "speed", 6.0);

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (window_test_session (fixture->window), SEED);
  bitmaze_session_set_size (window_test_session (fixture->window), 40, 25);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
  g_signal_connect (window_test_session (fixture->window), "step-done", G_CALLBACK (step_done_cb), fixture);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_assert_null (fixture->window);
  g_settings_reset (fixture->settings, "show-inspector");
  g_settings_reset (fixture->settings, "show-controls");
  g_clear_object (&fixture->settings);
}

/* Real key presses; back once the window has handled them. */
static void
press (Fixture    *fixture,
       const char *keys)
{
  gui_test_press_keys (fixture->window, keys);
}

static void
focus_view (Fixture *fixture)
{
  GtkWidget *view = GTK_WIDGET (window_test_view (fixture->window));

  g_assert_true (gtk_widget_grab_focus (view));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == view);
}

/* A teacher clicks the maze (it takes the focus), then steps with Right,
 * as a presentation remote sends it. */
static void
test_right_steps_from_the_maze (Fixture       *fixture,
                                gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);

  if (!gui_test_have_xdotool ())
    return;

  focus_view (fixture);
  press (fixture, "Right");
  g_assert_cmpuint (fixture->steps, ==, 1);
  press (fixture, "Right Right");
  g_assert_cmpuint (fixture->steps, ==, 3);
  press (fixture, "KP_Right");
  g_assert_cmpuint (fixture->steps, ==, 4);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == GTK_WIDGET (view));

  /* The other arrows still pick a cell: the first one selects the start. */
  press (fixture, "Down");
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (view), ==,
                   (int) maze_start (window_test_maze (fixture->window)));
  g_assert_cmpuint (fixture->steps, ==, 4);
}

/* With the bit inspector open Right still steps, as everywhere; Shift
 * with an arrow picks the cell the inspector shows. */
static void
test_shift_right_picks_a_cell_in_the_inspector (Fixture       *fixture,
                                          gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  Maze *maze = window_test_maze (fixture->window);
  int start = (int) maze_start (maze);
  int expected = start % (int) maze_width (maze) + 1 < (int) maze_width (maze) ? start + 1 : start;

  if (!gui_test_have_xdotool ())
    return;

  g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  gui_test_wait_for_frames (fixture->window, 1);
  focus_view (fixture);
  bitmaze_maze_view_set_selected_cell (view, start);
  press (fixture, "shift+Right");
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (view), ==, expected);
  g_assert_cmpuint (fixture->steps, ==, 0);
  press (fixture, "Right");
  g_assert_cmpuint (fixture->steps, ==, 1);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (view), ==, expected);
  press (fixture, "s");
  g_assert_cmpuint (fixture->steps, ==, 2);
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

/* The label that shows the window's status numbers (its spaces may be
 * no-break spaces). */
static GtkLabel *
find_status_label (Fixture *fixture)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GString) want = g_string_new (window_test_status_text (fixture->window, "numbers"));

  g_string_replace (want, "\xc2\xa0", " ", 0);
  collect_labels (GTK_WIDGET (fixture->window), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      g_autoptr (GString) text = g_string_new (gtk_label_get_text (labels->pdata[i]));

      g_string_replace (text, "\xc2\xa0", " ", 0);
      if (g_str_equal (text->str, want->str))
        return labels->pdata[i];
    }
  return NULL;
}

static void
assert_every_number_shows (Fixture *fixture)
{
  GtkLabel *label;
  PangoLayout *layout;
  int width, height;

  gui_test_wait_for_frames (fixture->window, 1);
  label = find_status_label (fixture);
  g_assert_nonnull (label);
  layout = gtk_label_get_layout (label);
  g_assert_false (pango_layout_is_ellipsized (layout));
  pango_layout_get_pixel_size (layout, &width, &height);
  g_assert_cmpint (width, <=, gtk_widget_get_width (GTK_WIDGET (label)));
  g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (label)));
}

/* Both panes open, in the default window: the whole status line shows,
 * on more lines if it must, and a line breaks only between two numbers. */
static void
test_status_shows_every_number (Fixture       *fixture,
                                gconstpointer  data)
{
  GtkLabel *label;
  g_auto (GStrv) lines = NULL;

  g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  for (guint i = 0; i < 5; i++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_nonnull (strstr (window_test_status_text (fixture->window, "numbers"), "Largest frontier"));
  assert_every_number_shows (fixture);

  label = find_status_label (fixture);
  lines = g_strsplit (gtk_label_get_text (label), " ", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    g_assert_true (g_str_has_suffix (lines[i - 1], "·"));

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (fixture->window)), ==, BITMAZE_PHASE_SOLVED);
  assert_every_number_shows (fixture);
}

/* F8 hides the controls pane, the maze gets wider, the choice is kept
 * in the settings, and the pane comes back with F8 again. */
static void
test_hide_the_controls (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (window_test_view (fixture->window));
  int with_controls, without_controls;

  if (!gui_test_have_xdotool ())
    return;

  g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  gui_test_wait_for_frames (view, 1);
  with_controls = gtk_widget_get_width (view);

  press (fixture, "F8");
  gui_test_wait_for_property (window_test_flap (fixture->window), "reveal-progress", 0.0);
  gui_test_wait_for_frames (view, 1);
  without_controls = gtk_widget_get_width (view);
  g_assert_false (g_settings_get_boolean (fixture->settings, "show-controls"));
  g_assert_cmpint (without_controls, >=, with_controls + 300);
  /* the inspector keeps its width: the room goes to the maze */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window_test_side_panel (fixture->window))), <, 500);

  /* Right steps now that the maze holds the focus, in a window a
   * keyboard user can still drive */
  g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                      g_variant_new_boolean (FALSE));
  gui_test_wait_for_frames (fixture->window, 1);
  focus_view (fixture);
  press (fixture, "Right");
  g_assert_cmpuint (fixture->steps, ==, 1);

  press (fixture, "F8");
  gui_test_wait_for_property (window_test_flap (fixture->window), "reveal-progress", 1.0);
  gui_test_wait_for_frames (view, 1);
  g_assert_true (g_settings_get_boolean (fixture->settings, "show-controls"));
  g_assert_cmpint (gtk_widget_get_width (view), <, without_controls);
}

/* The action behind the header-bar toggle, and the setting read by a
 * new window. */
static void
test_controls_setting_is_remembered (Fixture       *fixture,
                                     gconstpointer  data)
{
  BitmazeWindow *second;
  gboolean shown = TRUE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-controls", NULL));
  g_assert_false (g_settings_get_boolean (fixture->settings, "show-controls"));
  g_object_get (fixture->window, "show-controls", &shown, NULL);
  g_assert_false (shown);

  second = bitmaze_window_new (NULL);
  g_object_ref_sink (second);
  shown = TRUE;
  g_object_get (second, "show-controls", &shown, NULL);
  g_assert_false (shown);
  gtk_window_destroy (GTK_WINDOW (second));
  g_object_unref (second);
}

/* The default window fits a 1280 x 800 screen (less the top bar) and,
 * with both panes open, still leaves the maze 480 pixels (it had 365 in
 * the first 1120-pixel window). */
static void
test_default_size (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (window_test_view (fixture->window));
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (fixture->window), &width, &height);
  g_assert_cmpint (width, <=, 1280);
  g_assert_cmpint (height, <=, 800 - 32);

  g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  gui_test_wait_for_frames (view, 1);
  g_assert_cmpint (gtk_widget_get_width (view), >=, 480);
}

/* Back, Step, Run and Reset: shown, inside @pane, and in one row or not. */
static void
assert_step_buttons (Fixture   *fixture,
                     GtkWidget *pane,
                     gboolean   one_row)
{
  static const char *const actions[] = { "win.step-back", "win.step", "win.run", "win.reset" };
  graphene_rect_t first = GRAPHENE_RECT_INIT (0, 0, 0, 0), bounds;

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = window_test_find_actionable (pane, actions[i]);

      g_assert_nonnull (button);
      g_assert_true (gtk_widget_get_mapped (button));
      g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (fixture->window), &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (fixture->window)));
      if (i == 0)
        first = bounds;
      else if (one_row)
        g_assert_cmpfloat (bounds.origin.y, ==, first.origin.y);
    }
  if (!one_row)
    g_assert_cmpfloat (bounds.origin.y, >, first.origin.y);
}

/* A 1024 x 768 projector with the bit inspector open has no room for the
 * controls beside the maze: they fold away and the maze gets it, while
 * Back, Step, Run and Reset stay in sight under it.  F8 shows the controls
 * over the maze, with the focus, and Escape hides them and gives the
 * focus back to the maze, without changing the setting;
 * closing the inspector docks them again, as the user last left them. */
static void
test_controls_fold_on_a_projector (Fixture       *fixture,
                                   gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  GtkWidget *view = GTK_WIDGET (window_test_view (window));
  AdwFlap *flap = window_test_flap (window);
  GtkWidget *sidebar = window_test_sidebar (window);

  if (!gui_test_have_xdotool ())
    return;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gui_test_wait_for_frames (view, 2);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (window_test_shows_controls (fixture->window));
  assert_step_buttons (fixture, sidebar, FALSE);

  /* the inspector opens: the controls fold, the maze keeps 600 pixels */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  gui_test_wait_for_property (flap, "folded", TRUE);
  gui_test_wait_for_property (flap, "reveal-progress", 0.0);
  gui_test_wait_for_frames (view, 1);
  g_assert_false (window_test_shows_controls (fixture->window));
  g_assert_false (gtk_widget_get_mapped (sidebar));
  g_assert_true (g_settings_get_boolean (fixture->settings, "show-controls"));
  g_assert_cmpint (gtk_widget_get_width (view), >=, 600);
  assert_step_buttons (fixture, adw_flap_get_content (flap), TRUE);

  /* F8 shows them over the maze, Escape hides them; the setting stays */
  focus_view (fixture);
  press (fixture, "F8");
  g_assert_true (window_test_shows_controls (fixture->window));
  gui_test_wait_for_property (flap, "reveal-progress", 1.0);
  g_assert_true (gtk_widget_get_mapped (sidebar));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), sidebar));
  g_assert_cmpint (gtk_widget_get_width (view), >=, 600);
  press (fixture, "Escape");
  g_assert_false (window_test_shows_controls (fixture->window));
  gui_test_wait_for_property (flap, "reveal-progress", 0.0);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == view);
  g_assert_true (g_settings_get_boolean (fixture->settings, "show-controls"));
  g_assert_true (gtk_widget_get_visible (window_test_side_panel (window)));

  /* the inspector closes: the controls are back beside the maze */
  press (fixture, "F9");
  gui_test_wait_for_property (flap, "folded", FALSE);
  g_assert_true (window_test_shows_controls (fixture->window));
  gui_test_wait_for_property (flap, "reveal-progress", 1.0);
  assert_step_buttons (fixture, sidebar, FALSE);

  /* hidden by choice, they stay hidden through a fold and back */
  press (fixture, "F8");
  g_assert_false (g_settings_get_boolean (fixture->settings, "show-controls"));
  press (fixture, "F9");
  gui_test_wait_for_property (flap, "folded", TRUE);
  press (fixture, "F9");
  gui_test_wait_for_property (flap, "folded", FALSE);
  g_assert_false (window_test_shows_controls (fixture->window));
  g_assert_false (g_settings_get_boolean (fixture->settings, "show-controls"));
}

/* Half of a 1366-pixel laptop screen: the window takes 600 pixels (the
 * presentation view's large type once kept it over 900), the controls
 * fold, and the header's tools and modes fold into one menu button that
 * shows the pointer tool in use; a 1024-pixel window shows them again. */
static void
test_narrow_window (Fixture       *fixture,
                    gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  GtkWidget *view = GTK_WIDGET (window_test_view (window));
  GtkWidget *compact = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), BITMAZE_TYPE_WINDOW,
                                                                  "tool_menu_button"));
  GtkWidget *header = window_test_find (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  GtkWidget *inspect = window_test_find_actionable (header, "win.tool");

  g_assert_nonnull (inspect);
  g_assert_true (gtk_widget_get_mapped (inspect));
  g_assert_false (gtk_widget_get_mapped (compact));

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 500);
  gui_test_wait_for_property (window_test_flap (window), "folded", TRUE);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 600);
  g_assert_true (gtk_widget_get_mapped (compact));
  g_assert_false (gtk_widget_get_mapped (inspect));
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (compact)), ==, "edit-find-symbolic");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.tool", "s", "walls"));
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (compact)), ==, "document-edit-symbolic");
  g_assert_true (bitmaze_maze_view_get_edit_mode (window_test_view (window)));
  /* Back, Step, Run and Reset are under the maze, inside the window */
  assert_step_buttons (fixture, adw_flap_get_content (window_test_flap (window)), TRUE);

  /* a 1024-pixel projector shows the tools themselves */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gui_test_wait_for_property (window_test_flap (window), "folded", FALSE);
  gui_test_wait_for_frames (view, 2);
  g_assert_true (gtk_widget_get_mapped (inspect));
  g_assert_false (gtk_widget_get_mapped (compact));
}

/* Whether Back, Step, Run and Reset under the maze show their icons
 * alone (TRUE) or their words (FALSE), all four alike; either way a
 * screen reader names them. */
static void
assert_step_icons_alone (GtkWidget *pane,
                         gboolean   alone)
{
  static const char *const actions[] = { "win.step-back", "win.step", "win.run", "win.reset" };
  static const char *const names[] = { "Back", "Step", "Run", "Reset" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = window_test_find_actionable (pane, actions[i]);
      GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (window_test_find (button, ADW_TYPE_SQUEEZER)));

      g_assert_nonnull (shown);
      g_assert_true (GTK_IS_IMAGE (shown) == alone);
      g_assert_true (ADW_IS_BUTTON_CONTENT (shown) == !alone);
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, names[i]);
    }
}

/* Half of a 1366-pixel school laptop, beside the slides, with the bit
 * inspector open: the window keeps to its 683 pixels (it grew to 760),
 * the controls fold, and Back, Step, Run and Reset fit under the maze
 * as icons, all four together, named for screen readers; on a
 * 1024-pixel projector they have their words again, and Run's icon and
 * name follow the search. */
static void
test_inspector_on_half_a_laptop (Fixture       *fixture,
                                 gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  GtkWidget *view = GTK_WIDGET (window_test_view (window));
  AdwFlap *flap = window_test_flap (window);
  GtkWidget *content = adw_flap_get_content (flap);
  GtkWidget *run, *image, *squeezer, *words;

  gtk_window_set_default_size (GTK_WINDOW (window), 683, 700);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  gui_test_wait_for_property (flap, "folded", TRUE);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 683);
  g_assert_cmpint (gtk_widget_get_width (view), >=, 250);
  assert_step_buttons (fixture, content, TRUE);
  assert_step_icons_alone (content, TRUE);

  /* Run's icon alone says Pause while the search runs */
  run = window_test_find_actionable (content, "win.run");
  image = adw_squeezer_get_visible_child (ADW_SQUEEZER (window_test_find (run, ADW_TYPE_SQUEEZER)));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (image)), ==, "media-playback-start-symbolic");
  bitmaze_session_set_running (window_test_session (window), TRUE);
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (image)), ==, "media-playback-pause-symbolic");
  gtk_test_accessible_assert_property (run, GTK_ACCESSIBLE_PROPERTY_LABEL, "Pause");
  bitmaze_session_set_running (window_test_session (window), FALSE);
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (image)), ==, "media-playback-start-symbolic");

  /* the words come back once the row has the room */
  squeezer = window_test_find (run, ADW_TYPE_SQUEEZER);
  words = window_test_find (run, ADW_TYPE_BUTTON_CONTENT);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gui_test_wait_for_property (squeezer, "visible-child", words);
  gui_test_wait_for_frames (view, 2);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, 683);
  g_assert_true (adw_flap_get_folded (flap));
  assert_step_buttons (fixture, content, TRUE);
  assert_step_icons_alone (content, FALSE);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* The app's style, as its AdwApplication loads it: the presentation
   * view's large buttons are there. */
  gui_test_load_app_style ();

#define ADD(name, func) \
  g_test_add ("/classroom/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("right-steps-from-the-maze", test_right_steps_from_the_maze);
  ADD ("shift-right-picks-a-cell-in-the-inspector", test_shift_right_picks_a_cell_in_the_inspector);
  ADD ("status-shows-every-number", test_status_shows_every_number);
  ADD ("hide-the-controls", test_hide_the_controls);
  ADD ("controls-setting-is-remembered", test_controls_setting_is_remembered);
  ADD ("default-size", test_default_size);
  ADD ("controls-fold-on-a-projector", test_controls_fold_on_a_projector);
  ADD ("narrow-window", test_narrow_window);
  ADD ("inspector-on-half-a-laptop", test_inspector_on_half_a_laptop);

#undef ADD

  return g_test_run ();
}
