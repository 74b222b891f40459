/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A lesson in front of a class (issue 15), in a real window under Xvfb
 * with real key presses and clicks (xdotool through XTEST): a click with
 * the Inspect tool leaves the search as it was, the pointer tools and
 * their keys, the window's keys whatever has the focus (a button, the
 * maze, the inspector, every control of the pane), zoom with the
 * inspector open, the presentation view, "Follow the search" staying on,
 * and a bit flip that clears the search as an operation of its own.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "bitmaze-application.h"
#include "bitmaze-controls.h"
#include "bitmaze-op-log.h"
#include "bitmaze-predict-bar.h"
#include "bitmaze-presentation.h"
#include "bitmaze-status.h"
#include "../common/window-test.h"

#define SEED 1515u

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
  guint          new_mazes;
} Fixture;

static void
maze_cb (Fixture *fixture)
{
  fixture->new_mazes++;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  BitmazeSession *session;

  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-inspector", TRUE);
  g_settings_set_boolean (fixture->settings, "show-controls", TRUE);
  g_settings_set_string (fixture->settings, "solver", "dfs");

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  session = window_test_session (fixture->window);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (session, SEED);
  bitmaze_session_set_size (session, 31, 17);
  g_object_set (session, "loops", 20u, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (maze_cb), fixture);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->window != NULL)
    g_signal_handlers_disconnect_by_data (window_test_session (fixture->window), fixture);
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_assert_null (fixture->window);
  g_settings_reset (fixture->settings, "show-inspector");
  g_settings_reset (fixture->settings, "show-controls");
  g_settings_reset (fixture->settings, "solver");
  g_settings_reset (fixture->settings, "speed");
  g_settings_reset (fixture->settings, "placement");
  g_clear_object (&fixture->settings);
}

static void
press (Fixture    *fixture,
       const char *keys)
{
  gui_test_press_keys (fixture->window, keys);
}

/* @key @n times, in one run of xdotool. */
static void
press_times (Fixture    *fixture,
             const char *key,
             guint       n)
{
  g_autoptr (GString) keys = g_string_new (key);

  for (guint i = 1; i < n; i++)
    g_string_append_printf (keys, " %s", key);
  press (fixture, keys->str);
}

static BitmazeSession *
session_of (Fixture *fixture)
{
  return window_test_session (fixture->window);
}

static char *
tool_of (Fixture *fixture)
{
  char *tool = NULL;

  g_object_get (fixture->window, "tool", &tool, NULL);
  return tool;
}

/* A real click on the centre of @cell, with Shift held when @shift, of
 * mouse button @button. */
static void
click_cell (Fixture  *fixture,
            guint     cell,
            gboolean  shift,
            guint     button)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (view));
  GdkSurface *surface = gtk_native_get_surface (native);
  g_autofree char *command = NULL;
  double x, y, wx, wy, sx, sy;

  g_assert_true (bitmaze_maze_view_get_cell_center (view, cell, &x, &y));
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (view), GTK_WIDGET (native), x, y, &wx, &wy));
  gtk_native_get_surface_transform (native, &sx, &sy);
  command = g_strdup_printf ("mousemove --window %lu %d %d %s click %u %s",
                             (gulong) gdk_x11_surface_get_xid (surface),
                             (int) (wx + sx), (int) (wy + sy),
                             shift ? "keydown shift" : "", button,
                             shift ? "keyup shift" : "");
  gui_test_xdotool_at (__FILE__, __LINE__, G_STRFUNC, GTK_WINDOW (native), command, 0, 1);
}

/* A cell that is none of the start, the goal and @avoid. */
static guint
some_cell (Fixture *fixture,
           guint    avoid)
{
  Maze *maze = window_test_maze (fixture->window);
  guint cell = maze_width (maze) * 5 + 9;

  while (cell == maze_start (maze) || cell == maze_goal (maze) || cell == avoid)
    cell++;
  return cell;
}

typedef struct
{
  guint64   position;
  guint16  *cells;
  guint32   frontier[64];
  gsize     n_frontier;
  char     *state;
  guint32   start;
  guint32   goal;
} Snapshot;

static void
take_snapshot (Fixture  *fixture,
               Snapshot *snapshot)
{
  BitmazeSession *session = session_of (fixture);
  Maze *maze = window_test_maze (fixture->window);

  snapshot->position = bitmaze_session_get_position (session);
  snapshot->cells = g_memdup2 (maze_cells_const (maze), 2 * maze_n_cells (maze));
  snapshot->n_frontier = bitmaze_session_get_frontier (session, snapshot->frontier, G_N_ELEMENTS (snapshot->frontier));
  snapshot->state = g_strdup (window_test_status_text (fixture->window, "state"));
  snapshot->start = maze_start (maze);
  snapshot->goal = maze_goal (maze);
}

static void
assert_snapshot (Fixture  *fixture,
                 Snapshot *snapshot)
{
  Snapshot now;

  take_snapshot (fixture, &now);
  g_assert_cmpuint (now.position, ==, snapshot->position);
  g_assert_cmpmem (now.cells, 2 * maze_n_cells (window_test_maze (fixture->window)),
                   snapshot->cells, 2 * maze_n_cells (window_test_maze (fixture->window)));
  g_assert_cmpmem (now.frontier, now.n_frontier * 4, snapshot->frontier, snapshot->n_frontier * 4);
  g_assert_cmpstr (now.state, ==, snapshot->state);
  g_assert_cmpuint (now.start, ==, snapshot->start);
  g_assert_cmpuint (now.goal, ==, snapshot->goal);
  g_free (now.cells);
  g_free (now.state);
}

static void
clear_snapshot (Snapshot *snapshot)
{
  g_free (snapshot->cells);
  g_free (snapshot->state);
}

/* ------------------------------------------------------------------ */

/* The first defect: inspector open, Step 25 times, click a cell.
 * With the Inspect tool (the default) the cell is shown and the search
 * is untouched: same words, same frontier, same step, same status. */
static void
test_inspect_click_keeps_search (Fixture       *fixture,
                                 gconstpointer  data)
{
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  g_autofree char *tool = tool_of (fixture);
  Snapshot before;
  guint cell;

  if (!gui_test_have_xdotool ())
    return;
  g_assert_cmpstr (tool, ==, "inspect");
  g_assert_nonnull (inspector);

  press_times (fixture, "s", 25);
  g_assert_cmpuint (bitmaze_session_get_position (session_of (fixture)), ==, 25);
  take_snapshot (fixture, &before);
  g_assert_cmpuint (before.n_frontier, >, 0);

  cell = some_cell (fixture, 0);
  click_cell (fixture, cell, FALSE, 1);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (window_test_view (fixture->window)), ==, (int) cell);
  g_assert_cmpint (bitmaze_inspector_get_cell (inspector), ==, (int) cell);
  assert_snapshot (fixture, &before);

  /* Shift+click and right-click inspect too: only the Start and Goal
   * tools move an end point. */
  click_cell (fixture, cell + 1, TRUE, 1);
  click_cell (fixture, cell + 2, FALSE, 3);
  assert_snapshot (fixture, &before);

  /* and the search goes on from where it was */
  press (fixture, "s");
  g_assert_cmpuint (bitmaze_session_get_position (session_of (fixture)), ==, 26);
  clear_snapshot (&before);
}

/* I, T, G and W choose the tool; the pointer shape and the status line's
 * hint say which; Start and Goal move their end point, the other one
 * with Shift or the right button; the header's buttons choose too. */
static void
test_pointer_tools (Fixture       *fixture,
                    gconstpointer  data)
{
  static const struct
  {
    const char *key;
    const char *tool;
    const char *cursor;
    const char *hint;
  } tools[] = {
    { "t", "start", "crosshair", "Click: move the start" },
    { "g", "goal", "crosshair", "Click: move the goal" },
    { "w", "walls", "cell", "Click: open or close a wall" },
    { "i", "inspect", "help", "Click: inspect a cell" },
  };
  GtkWidget *view = GTK_WIDGET (window_test_view (fixture->window));
  Maze *maze;
  guint a, b;

  if (!gui_test_have_xdotool ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *tool = NULL;

      press (fixture, tools[i].key);
      tool = tool_of (fixture);
      g_assert_cmpstr (tool, ==, tools[i].tool);
      g_assert_nonnull (gtk_widget_get_cursor (view));
      g_assert_cmpstr (gdk_cursor_get_name (gtk_widget_get_cursor (view)), ==, tools[i].cursor);
      g_assert_cmpstr (window_test_status_text (fixture->window, "hint"), ==, tools[i].hint);
      g_assert_true (bitmaze_maze_view_get_edit_mode (BITMAZE_MAZE_VIEW (view)) == g_str_equal (tools[i].tool, "walls"));
    }

  /* Start: a click moves the start, Shift+click the goal. */
  press (fixture, "t");
  a = some_cell (fixture, 0);
  click_cell (fixture, a, FALSE, 1);
  maze = window_test_maze (fixture->window);
  g_assert_cmpuint (maze_start (maze), ==, a);
  b = some_cell (fixture, a) + 3;
  click_cell (fixture, b, TRUE, 1);
  g_assert_cmpuint (maze_goal (maze), ==, b);

  /* Goal: the other way round, and the right button is the start. */
  press (fixture, "g");
  click_cell (fixture, a + 1, FALSE, 1);
  g_assert_cmpuint (maze_goal (maze), ==, a + 1);
  click_cell (fixture, b + 1, FALSE, 3);
  g_assert_cmpuint (maze_start (maze), ==, b + 1);

  /* The header's Walls button, clicked. */
  {
    GtkWidget *button = NULL;

    for (GtkWidget *w = window_test_find_actionable (GTK_WIDGET (fixture->window), "win.tool");
         w != NULL; w = gtk_widget_get_next_sibling (w))
      if (g_strcmp0 (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (w)), NULL),
                     "walls") == 0)
        button = w;
    g_assert_nonnull (button);
    gui_test_click (button, gtk_widget_get_width (button) / 2.0, gtk_widget_get_height (button) / 2.0);
    g_assert_true (bitmaze_maze_view_get_edit_mode (BITMAZE_MAZE_VIEW (view)));
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  }
}

/* The widget the keys are pressed with: "button" (the Step button),
 * "maze" or "inspector" (one of its bit buttons). */
static void
focus_on (Fixture    *fixture,
          const char *where)
{
  GtkWidget *widget;

  if (g_str_equal (where, "button"))
    widget = window_test_find_actionable (GTK_WIDGET (fixture->window), "win.step");
  else if (g_str_equal (where, "maze"))
    widget = GTK_WIDGET (window_test_view (fixture->window));
  else
    {
      if (!gtk_widget_get_visible (window_test_side_panel (fixture->window)))
        g_action_group_change_action_state (G_ACTION_GROUP (fixture->window), "show-inspector",
                                            g_variant_new_boolean (TRUE));
      widget = GTK_WIDGET (bitmaze_inspector_get_bit_button (window_test_inspector (fixture->window), 9));
    }
  g_assert_nonnull (widget);
  gui_test_wait_for_frames (fixture->window, 1);
  g_assert_true (gtk_widget_grab_focus (widget));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == widget);
}

static gboolean
presenting (Fixture *fixture)
{
  gboolean shown = FALSE;

  g_object_get (fixture->window, "presenting", &shown, NULL);
  return shown;
}

static gboolean
is_paused (gpointer data)
{
  return !bitmaze_session_get_running (data);
}

/* Space, S, Right, Shift+S, Left, R, Escape, P, Q, F5, W, I, F8 and F9 do
 * the same with the focus on a button, on the maze and in the inspector. */
static void
test_keys_whatever_the_focus (Fixture       *fixture,
                              gconstpointer  data)
{
  static const char *const places[] = { "button", "maze", "inspector" };
  BitmazeSession *session = session_of (fixture);
  BitmazePredict *predict =
    bitmaze_predict_bar_get_predict (BITMAZE_PREDICT_BAR (window_test_find (GTK_WIDGET (fixture->window),
                                                                           BITMAZE_TYPE_PREDICT_BAR)));

  if (!gui_test_have_xdotool ())
    return;

  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    {
      const char *where = places[p];
      guint mazes = fixture->new_mazes;
      guint16 word;

      g_test_message ("focus on the %s", where);
      focus_on (fixture, where);
      press (fixture, "space");
      gui_test_wait_for_property (session, "running", FALSE);
      g_assert_cmpuint (fixture->new_mazes, ==, mazes + 1);

      focus_on (fixture, where);
      word = maze_cells_const (window_test_maze (fixture->window))[0];
      press (fixture, "s");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 1);
      press (fixture, "Right");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 2);
      press (fixture, "KP_Right");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 3);
      press (fixture, "shift+s");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 2);
      press (fixture, "Left");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 1);
      press (fixture, "End");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 3);
      press (fixture, "Home");
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, 0);
      /* a focused bit button was not flipped by Space or S */
      g_assert_cmphex (maze_cells_const (window_test_maze (fixture->window))[0] & ~MAZE_SEARCH_MASK, ==,
                       word & ~MAZE_SEARCH_MASK);

      press (fixture, "r");
      g_assert_true (bitmaze_session_get_running (session));
      press (fixture, "Escape");
      gui_test_wait_until (is_paused, session, "Escape to stop Run");

      press (fixture, "p");
      g_assert_true (bitmaze_play_get_active (window_test_play (fixture->window)));
      press (fixture, "p");
      g_assert_false (bitmaze_play_get_active (window_test_play (fixture->window)));

      /* F5 shows the presentation view, Escape leaves it; W and I */
      focus_on (fixture, where);
      press (fixture, "F5");
      g_assert_true (presenting (fixture));
      press (fixture, "Escape");
      g_assert_false (presenting (fixture));
      focus_on (fixture, where);
      press (fixture, "w");
      g_assert_true (bitmaze_maze_view_get_edit_mode (window_test_view (fixture->window)));
      press (fixture, "i");
      g_assert_false (bitmaze_maze_view_get_edit_mode (window_test_view (fixture->window)));

      /* Q: predict mode on and off */
      focus_on (fixture, where);
      press (fixture, "q");
      g_assert_true (bitmaze_predict_get_active (predict));
      press (fixture, "q");
      g_assert_false (bitmaze_predict_get_active (predict));

      focus_on (fixture, where);
      press (fixture, "F8");
      g_assert_false (window_test_shows_controls (fixture->window));
      focus_on (fixture, where);
      press (fixture, "F8");
      g_assert_true (window_test_shows_controls (fixture->window));
      focus_on (fixture, where);
      press (fixture, "F9");
      g_assert_false (gtk_widget_get_visible (window_test_side_panel (fixture->window)));
      press (fixture, "F9");
      g_assert_true (gtk_widget_get_visible (window_test_side_panel (fixture->window)));
    }
}

/* Typing in a text field keeps its keys: S, Space, R, P and Left go into
 * the seed and the width. */
static void
test_text_fields_keep_their_keys (Fixture       *fixture,
                                  gconstpointer  data)
{
  GtkWidget *fields[] = {
    window_test_find (GTK_WIDGET (fixture->window), ADW_TYPE_ENTRY_ROW),
    window_test_find_spin (GTK_WIDGET (fixture->window), "Width"),
  };
  guint mazes = fixture->new_mazes;

  if (!gui_test_have_xdotool ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *text;

      g_assert_nonnull (fields[i]);
      text = window_test_find (fields[i], GTK_TYPE_TEXT);
      g_assert_nonnull (text);
      g_assert_true (gtk_widget_grab_focus (text));
      /* (Left: Right at the end of the text moves on to the next widget) */
      press (fixture, "s space r p Left");
      g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == text);
      g_assert_cmpuint (bitmaze_session_get_position (session_of (fixture)), ==, 0);
      g_assert_false (bitmaze_session_get_running (session_of (fixture)));
      g_assert_false (bitmaze_play_get_active (window_test_play (fixture->window)));
      g_assert_cmpuint (fixture->new_mazes, ==, mazes);
    }
  g_assert_nonnull (strstr (gtk_editable_get_text (GTK_EDITABLE (fields[0])), "s rp"));
}

static void
collect_focusable (GtkWidget *widget,
                   GPtrArray *found)
{
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_is_sensitive (widget) || GTK_IS_EDITABLE (widget)
      || GTK_IS_POPOVER (widget))
    return;
  if (gtk_widget_get_focusable (widget) && gtk_widget_get_can_focus (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_focusable (child, found);
}

/* Space makes a new maze with the focus on each control of the pane
 * (every button, switch, row and list there, not the text fields), and
 * the control itself is not activated. */
static void
test_space_on_every_control (Fixture       *fixture,
                             gconstpointer  data)
{
  GtkWidget *controls = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_CONTROLS);
  g_autoptr (GPtrArray) focusable = g_ptr_array_new ();
  guint tried = 0;

  if (!gui_test_have_xdotool ())
    return;
  g_assert_nonnull (controls);
  collect_focusable (controls, focusable);
  g_assert_cmpuint (focusable->len, >=, 8);

  for (guint i = 0; i < focusable->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (focusable, i);
      guint mazes = fixture->new_mazes;
      gboolean active = GTK_IS_SWITCH (widget) && gtk_switch_get_active (GTK_SWITCH (widget));

      /* (some take no focus of their own: a list gives it to a row) */
      if (!gtk_widget_get_mapped (widget) || !gtk_widget_grab_focus (widget)
          || gtk_root_get_focus (GTK_ROOT (fixture->window)) != widget)
        continue;
      g_test_message ("Space on a %s", G_OBJECT_TYPE_NAME (widget));
      tried++;
      press (fixture, "space");
      gui_test_wait_for_property (session_of (fixture), "running", FALSE);
      g_assert_cmpuint (fixture->new_mazes, ==, mazes + 1);
      if (GTK_IS_SWITCH (widget))
        g_assert_true (gtk_switch_get_active (GTK_SWITCH (widget)) == active);
    }
  g_assert_cmpuint (tried, >=, 8);
}

/* Ctrl+plus, Ctrl+equal and Ctrl+KP_Add (the application's keys) zoom
 * the maze, with the inspector open and focused, and Ctrl+Shift+equal
 * (Ctrl++ on a US keyboard) too; Ctrl+minus zooms out. */
static void
test_zoom_always (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char *const keys[] = { "ctrl+plus", "ctrl+equal", "ctrl+KP_Add", "ctrl+shift+equal" };
  g_autoptr (BitmazeApplication) app = bitmaze_application_new ();
  BitmazeMazeView *view = window_test_view (fixture->window);
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  guint size = bitmaze_inspector_get_text_size (inspector);

  if (!gui_test_have_xdotool ())
    return;
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  gtk_window_set_application (GTK_WINDOW (fixture->window), GTK_APPLICATION (app));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      double zoom;

      focus_on (fixture, "inspector");
      zoom = bitmaze_maze_view_get_zoom (view);
      press (fixture, keys[i]);
      g_assert_cmpfloat (bitmaze_maze_view_get_zoom (view), >, zoom);
      g_assert_cmpuint (bitmaze_inspector_get_text_size (inspector), ==, size);
    }
  {
    double zoom = bitmaze_maze_view_get_zoom (view);

    press (fixture, "ctrl+minus");
    g_assert_cmpfloat (bitmaze_maze_view_get_zoom (view), <, zoom);
  }
  gtk_window_set_application (GTK_WINDOW (fixture->window), NULL);
}

static GtkWidget *
find_label_with_class (GtkWidget  *root,
                       const char *css_class)
{
  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, css_class))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The size of a label's font, in pixels (CSS px, at 96 dpi). */
static double
font_px (GtkWidget *label)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  const PangoFontDescription *desc = pango_layout_get_font_description (layout);
  PangoContext *context = gtk_widget_get_pango_context (label);
  g_autoptr (PangoFontDescription) own = NULL;

  if (desc == NULL)
    desc = own = pango_context_get_font_description (context) != NULL
                 ? pango_font_description_copy (pango_context_get_font_description (context))
                 : NULL;
  g_assert_nonnull (desc);
  if (pango_font_description_get_size_is_absolute (desc))
    return pango_font_description_get_size (desc) / (double) PANGO_SCALE;
  /* points to pixels */
  return pango_font_description_get_size (desc) / (double) PANGO_SCALE * 96.0 / 72.0;
}

static gboolean
statement_is_large (gpointer data)
{
  GtkWidget *label = find_label_with_class (data, "bitmaze-presentation-statement");

  return font_px (label) >= 40.0;
}

/* A window of @width x @height, @keys pressed with the focus on a
 * button, then F5: the presentation view, shown and drawn. */
static GtkWidget *
present_at (Fixture    *fixture,
            int         width,
            int         height,
            const char *keys)
{
  gboolean presenting = FALSE;
  GtkWidget *widget;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), width, height);
  gui_test_wait_for_frames (fixture->window, 2);
  focus_on (fixture, "button");
  press (fixture, keys);
  press (fixture, "F5");
  g_object_get (fixture->window, "presenting", &presenting, NULL);
  g_assert_true (presenting);
  widget = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_PRESENTATION);
  g_assert_true (gtk_widget_get_mapped (widget));
  gui_test_wait_for_frames (widget, 2);
  return widget;
}

/* F5 at 1024 x 768: the presentation view fills the window in high
 * contrast, its statement, cell and state lines and its buttons in
 * type of at least 28 pixels; S, Right, Left, R and its buttons work;
 * Escape leaves it. */
static void
test_presentation (Fixture       *fixture,
                   gconstpointer  data)
{
  BitmazeSession *session = session_of (fixture);
  BitmazePresentation *presentation;
  GtkWidget *widget;
  gboolean presenting = FALSE;
  static const char *const classes[] = {
    "bitmaze-presentation-statement", "bitmaze-presentation-cell", "bitmaze-presentation-state",
  };

  if (!gui_test_have_xdotool ())
    return;

  widget = present_at (fixture, 1024, 768, "s s s");
  presentation = BITMAZE_PRESENTATION (widget);
  g_assert_cmpint (gtk_widget_get_width (widget), <=, 1920);
  g_assert_true (bitmaze_maze_view_get_high_contrast (BITMAZE_MAZE_VIEW (window_test_find (widget, BITMAZE_TYPE_MAZE_VIEW))));

  /* the step's statement and the cell's bits */
  g_assert_nonnull (strstr (bitmaze_presentation_get_text (presentation, "statement"), "maze["));
  g_assert_nonnull (strstr (bitmaze_presentation_get_text (presentation, "cell"), " = 0x"));
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "state"), ==, "Step 3 of 3");

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      GtkWidget *label = find_label_with_class (widget, classes[i]);

      g_assert_nonnull (label);
      g_test_message ("%s: %.1f px", classes[i], font_px (label));
      g_assert_cmpfloat (font_px (label), >=, 28.0);
      g_assert_true (gtk_widget_get_mapped (label));
    }

  /* the keys */
  press (fixture, "s Right");
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 5);
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "state"), ==, "Step 5 of 5");
  press (fixture, "Left shift+s");
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 3);
  press (fixture, "r");
  g_assert_true (bitmaze_session_get_running (session));
  press (fixture, "r");
  g_assert_false (bitmaze_session_get_running (session));

  /* its buttons, clicked, with labels in big type too */
  {
    static const char *const actions[] = { "win.step", "win.step-back", "win.run", "win.reset" };

    for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
      {
        GtkWidget *button = window_test_find_actionable (widget, actions[i]);
        GtkWidget *label;

        g_assert_nonnull (button);
        g_assert_true (gtk_widget_get_mapped (button));
        label = window_test_find (button, GTK_TYPE_LABEL);
        g_assert_true (gtk_widget_get_mapped (label));
        g_assert_cmpfloat (font_px (label), >=, 28.0);
      }
    bitmaze_session_set_running (session, FALSE);
    {
      guint64 at = bitmaze_session_get_position (session);
      GtkWidget *step = window_test_find_actionable (widget, "win.step");
      GtkWidget *back = window_test_find_actionable (widget, "win.step-back");

      gui_test_click (step, gtk_widget_get_width (step) / 2.0, gtk_widget_get_height (step) / 2.0);
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, at + 1);
      gui_test_click (back, gtk_widget_get_width (back) / 2.0, gtk_widget_get_height (back) / 2.0);
      g_assert_cmpuint (bitmaze_session_get_position (session), ==, at);
    }
  }

  press (fixture, "Escape");
  g_object_get (fixture->window, "presenting", &presenting, NULL);
  g_assert_false (presenting);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window_test_view (fixture->window))));

  /* and the menu's action shows it again */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.present", NULL);
  g_object_get (fixture->window, "presenting", &presenting, NULL);
  g_assert_true (presenting);

  /* a larger window, larger type */
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 1000);
  gui_test_wait_until (statement_is_large, widget, "the presentation view's type to grow");
  g_test_message ("at 1280 x 1000: %.1f px", font_px (find_label_with_class (widget, "bitmaze-presentation-statement")));

  press (fixture, "Escape");
}

/* Follow the search stays on after a cell is picked: the next step is
 * shown again, and the log shows its end. */
static void
test_follow_stays_on (Fixture       *fixture,
                      gconstpointer  data)
{
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  GListModel *log = G_LIST_MODEL (bitmaze_inspector_get_log (inspector));
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  guint cell;

  if (!gui_test_have_xdotool ())
    return;
  g_assert_true (bitmaze_inspector_get_following (inspector));

  press_times (fixture, "s", 40);
  cell = some_cell (fixture, 0);
  click_cell (fixture, cell, FALSE, 1);
  g_assert_cmpint (bitmaze_inspector_get_cell (inspector), ==, (int) cell);
  g_assert_true (bitmaze_inspector_get_following (inspector));

  /* the step's cell (or the cell it changed) is shown, not the pick */
  press (fixture, "s");
  {
    const MazeStep *step = bitmaze_session_get_last_step (session_of (fixture));
    int shown = bitmaze_inspector_get_cell (inspector);
    gboolean of_step = shown == (int) step->cell;

    for (unsigned i = 0; i < step->n_changes; i++)
      of_step = of_step || shown == (int) step->changes[i].index;
    g_assert_true (of_step);
    g_assert_cmpint (shown, !=, (int) cell);
  }
  g_assert_cmpuint (g_list_model_get_n_items (log), >=, 41);

  /* the log's last line is in view */
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (GTK_WIDGET (inspector), BITMAZE_TYPE_INSPECTOR,
                                                                 "log_scroller"));
  g_assert_nonnull (scroller);
  gui_test_wait_for_frames (GTK_WIDGET (inspector), 3);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment),
                     >=, gtk_adjustment_get_upper (adjustment) - 8);
}

/* A cell of the search with a closed wall to the east inside the maze. */
static int
searched_cell_with_closed_east (Maze *maze)
{
  const guint16 *cells = maze_cells_const (maze);

  for (guint32 i = 0; i < maze_n_cells (maze); i++)
    if ((cells[i] & MAZE_SEARCH_MASK) != 0 && !maze_cell_on_border (cells[i], MAZE_E)
        && !maze_cell_is_open (cells[i], MAZE_E))
      return (int) i;
  return -1;
}

static gboolean
view_is_drawn (gpointer data)
{
  return !bitmaze_maze_view_is_drawing (data);
}

/* Flipping a wall bit during a search clears the search at once, as an
 * operation of its own in the log, then the flip; Reset logs its clear
 * too. */
static void
test_bit_flip_clears_search (Fixture       *fixture,
                             gconstpointer  data)
{
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  GListModel *log = G_LIST_MODEL (bitmaze_inspector_get_log (inspector));
  Maze *maze = window_test_maze (fixture->window);
  GtkWidget *bit;
  guint n;
  int cell;

  if (!gui_test_have_xdotool ())
    return;
  press_times (fixture, "s", 30);
  g_assert_true (maze_has_search (maze));
  cell = searched_cell_with_closed_east (maze);
  g_assert_cmpint (cell, >=, 0);
  click_cell (fixture, (guint) cell, FALSE, 1);
  g_assert_cmpint (bitmaze_inspector_get_cell (inspector), ==, cell);

  n = g_list_model_get_n_items (log);
  bit = GTK_WIDGET (bitmaze_inspector_get_bit_button (inspector, 1));
  gui_test_click (bit, gtk_widget_get_width (bit) / 2.0, gtk_widget_get_height (bit) / 2.0);
  g_assert_true (maze_cell_is_open (maze_cells_const (maze)[cell], MAZE_E));
  g_assert_false (maze_has_search (maze));
  g_assert_cmpstr (window_test_status_text (fixture->window, "state"), ==, "Ready");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n + 2);
  {
    g_autoptr (BitmazeOpItem) clear = g_list_model_get_item (log, n);
    g_autoptr (BitmazeOpItem) flip = g_list_model_get_item (log, n + 1);
    g_autofree char *code = bitmaze_op_item_dup_code (clear);
    g_autofree char *sentence = bitmaze_op_item_dup_description (clear);
    g_autofree char *flip_code = bitmaze_op_item_dup_code (flip);
    g_autofree char *expected = g_strdup_printf ("for (i = 0; i < %u; i++) maze[i] &= 0x00FF;", maze_n_cells (maze));

    g_assert_cmpstr (code, ==, expected);
    g_assert_cmpstr (sentence, ==, "Cleared the search: the solution and backtrack bits of every cell");
    g_assert_true (g_str_has_prefix (flip_code, "maze["));
  }
  /* the view draws it at once (spread over a few frames on a loaded
   * machine): no frame still to come shows the old search */
  gui_test_wait_for_frames (GTK_WIDGET (window_test_view (fixture->window)), 1);
  gui_test_wait_until (view_is_drawn, window_test_view (fixture->window), "the view to draw the maze");

  /* A new search, then Reset: its clear is logged too. */
  press (fixture, "s s s");
  g_assert_true (maze_has_search (maze));
  n = g_list_model_get_n_items (log);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
  g_assert_false (maze_has_search (maze));
  g_assert_cmpuint (g_list_model_get_n_items (log), >=, 1);
  {
    g_autoptr (BitmazeOpItem) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

    g_assert_cmpuint (bitmaze_op_item_get_step (last)->cell, ==, G_MAXUINT32);
  }
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
is_solved (gpointer data)
{
  return bitmaze_session_get_phase (data) == BITMAZE_PHASE_SOLVED && !bitmaze_session_get_running (data);
}

/* Predict mode in the presentation view: its bar comes along, in large
 * type; the answer is typed and Enter checks it; Space goes on. */
static void
test_predict_in_presentation (Fixture       *fixture,
                              gconstpointer  data)
{
  BitmazeSession *session = session_of (fixture);
  GtkWidget *presentation, *bar, *statement;
  BitmazePredict *predict;

  if (!gui_test_have_xdotool ())
    return;
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1024, 768);
  gui_test_wait_for_frames (fixture->window, 2);

  press (fixture, "F5 q");
  presentation = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_PRESENTATION);
  bar = window_test_find (presentation, BITMAZE_TYPE_PREDICT_BAR);
  g_assert_nonnull (bar);
  predict = bitmaze_predict_bar_get_predict (BITMAZE_PREDICT_BAR (bar));
  g_assert_true (bitmaze_predict_get_active (predict));
  bitmaze_predict_set_ask_cells (predict, FALSE);

  press (fixture, "s");
  gui_test_wait_for_property (predict, "state", BITMAZE_PREDICT_ASKING);
  gui_test_wait_for_frames (bar, 1);
  g_assert_true (gtk_widget_get_mapped (bar));
  /* the question's statement once, in the view's own big line (the
   * bar leaves it out there, room for the key on a 1024 x 768 screen) */
  statement = find_label_with_class (bar, "bitmaze-predict-statement");
  g_assert_nonnull (statement);
  g_assert_false (gtk_widget_get_mapped (statement));
  statement = find_label_with_class (presentation, "bitmaze-presentation-statement");
  g_assert_nonnull (statement);
  g_assert_true (gtk_widget_get_mapped (statement));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (statement)), ==,
                   bitmaze_predict_bar_get_text (BITMAZE_PREDICT_BAR (bar), "statement"));
  g_test_message ("predict statement: %.1f px", font_px (statement));
  g_assert_cmpfloat (font_px (statement), >=, 28.0);
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 0);

  /* a wrong answer typed, Enter checks it, Space goes on */
  press (fixture, "ctrl+a 0 x 0 0 0 0 Return");
  g_assert_cmpint (bitmaze_predict_get_state (predict), ==, BITMAZE_PREDICT_REVEALED);
  g_assert_nonnull (strstr (bitmaze_predict_bar_get_text (BITMAZE_PREDICT_BAR (bar), "result"), "0x"));
  press (fixture, "space");
  /* (the step's next question, or the next step's first) */
  g_assert_cmpint (bitmaze_predict_get_state (predict), !=, BITMAZE_PREDICT_REVEALED);
  g_assert_true (bitmaze_session_get_position (session) >= 1 || bitmaze_predict_get_question_number (predict) == 2);
  g_assert_cmpuint (fixture->new_mazes, ==, 0);

  /* leaving gives the bar back to the window */
  press (fixture, "Escape");
  g_assert_null (window_test_find (presentation, BITMAZE_TYPE_PREDICT_BAR));
  g_assert_true (gtk_widget_get_mapped (bar));
  press (fixture, "q");
  g_assert_false (bitmaze_predict_get_active (predict));
}

static gboolean
has_a_file (gpointer data)
{
  return bitmaze_session_get_file (data) != NULL;
}

/* Runs @command (argv, NULL-terminated) and returns its standard output. */
static char *
run_cli (const char *const *command)
{
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) command, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* After a solve the Moves button shows the solution's moves with their
 * count, the same letters as bitmaze-cli solve --moves. */
static void
test_moves_after_solve (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *cli = g_getenv ("BITMAZE_CLI");
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-lesson-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "moves.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = NULL;
  g_autofree char *count = NULL;
  BitmazeSession *session = session_of (fixture);
  GtkWidget *status = GTK_WIDGET (window_test_status (fixture->window));
  GtkWidget *button, *popover, *entry;

  if (!gui_test_have_xdotool ())
    return;
  g_assert_nonnull (cli);
  {
    const char *generate[] = { cli, "generate", "--size", "23x13", "--seed", "1515", "--loops", "30",
                               "--start", "far", "-o", path, NULL };
    const char *solve[] = { cli, "solve", "--solver", "bfs", "--moves", path, NULL };

    g_free (run_cli (generate));
    expected = g_strchomp (run_cli (solve));
  }
  g_assert_cmpuint (strlen (expected), >, 10);

  bitmaze_window_open_file (fixture->window, file);
  gui_test_wait_until (has_a_file, session, "the file to open");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "bfs");

  button = window_test_find (status, GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (button);
  /* There and insensitive before the solve (the status line keeps its
   * size), sensitive after it. */
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_is_sensitive (button));
  /* (as fast as the machine goes: the test waits for the end, not a pace) */
  g_object_set (session, "speed", 6.0, NULL);
  focus_on (fixture, "maze");
  press (fixture, "r");
  gui_test_wait_until (is_solved, session, "the search to solve the maze");
  gui_test_wait_for_frames (status, 1);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));

  gui_test_click (button, gtk_widget_get_width (button) / 2.0, gtk_widget_get_height (button) / 2.0);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  gui_test_wait_until (is_mapped, popover, "the Moves popover to open");
  entry = window_test_find (popover, GTK_TYPE_ENTRY);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, expected);
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (entry)));
  count = g_strdup_printf ("%u moves", (guint) strlen (expected));
  g_assert_true (window_test_label_says (popover, count));
  g_assert_cmpstr (window_test_status_text (fixture->window, "moves"), ==, expected);
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* a new search makes it insensitive until it is solved */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
  g_assert_false (gtk_widget_is_sensitive (button));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static GtkWidget *
find_row_titled (GtkWidget  *root,
                 const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (root)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row_titled (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The Start and Goal row beside the generator: chosen with a click and
 * the keys, the next maze has its start in the top row and its goal in
 * the bottom row; Far apart puts them at the longest distance. */
static void
test_placement_choice (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *row = find_row_titled (GTK_WIDGET (fixture->window), "Start and _Goal");
  BitmazeSession *session = session_of (fixture);
  g_autofree char *placement = NULL;
  GtkWidget *popover;
  Maze *maze;

  if (!gui_test_have_xdotool ())
    return;
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);

  gui_test_click (row, gtk_widget_get_width (row) / 2.0, gtk_widget_get_height (row) / 2.0);
  popover = window_test_find (row, GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  gui_test_wait_until (is_mapped, popover, "the drop-down to open");
  press (fixture, "Down Return");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  g_object_get (session, "placement", &placement, NULL);
  g_assert_cmpstr (placement, ==, "rows");

  for (guint i = 0; i < 3; i++)
    {
      focus_on (fixture, "maze");
      press (fixture, "space");
      gui_test_wait_for_property (session, "running", FALSE);
      maze = window_test_maze (fixture->window);
      g_assert_cmpuint (maze_start (maze) / maze_width (maze), ==, 0);
      g_assert_cmpuint (maze_goal (maze) / maze_width (maze), ==, maze_height (maze) - 1);
    }

  /* the other way: the session's choice shows in the row */
  g_object_set (session, "placement", "far", NULL);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 2);
  g_object_set (session, "placement", "corners", NULL);
}

/* F5 on an 800 x 600 projector: the view fits the screen, its buttons
 * shown as their icons (their words in type of 28 pixels would not fit),
 * each inside the window and working. */
static void
test_presentation_on_800_pixels (Fixture       *fixture,
                                 gconstpointer  data)
{
  static const char *const actions[] = { "win.step-back", "win.step", "win.run", "win.reset", "win.escape" };
  static const char *const names[] = { "Back", "Step", "Run", "Reset", "Leave" };
  BitmazeSession *session = session_of (fixture);
  GtkWidget *widget, *step;

  if (!gui_test_have_xdotool ())
    return;

  widget = present_at (fixture, 800, 600, "s");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 800);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = window_test_find_actionable (widget, actions[i]);
      graphene_rect_t bounds;

      g_assert_nonnull (button);
      g_assert_true (gtk_widget_get_mapped (button));
      g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (fixture->window), &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (fixture->window)));
      /* its icon alone */
      g_assert_false (gtk_widget_get_mapped (window_test_find (button, ADW_TYPE_BUTTON_CONTENT)));
      g_assert_true (GTK_IS_IMAGE (adw_squeezer_get_visible_child (ADW_SQUEEZER (window_test_find (button, ADW_TYPE_SQUEEZER)))));
      /* and its name for a screen reader */
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, names[i]);
    }
  step = window_test_find_actionable (widget, "win.step");
  gui_test_click (step, gtk_widget_get_width (step) / 2.0, gtk_widget_get_height (step) / 2.0);
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 2);
  press (fixture, "Escape");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* The app's style, as its AdwApplication loads it: the presentation
   * view's sizes are there. */
  gui_test_load_app_style ();

#define ADD(name, func) \
  g_test_add ("/lesson/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("inspect-click-keeps-search", test_inspect_click_keeps_search);
  ADD ("pointer-tools", test_pointer_tools);
  ADD ("keys-whatever-the-focus", test_keys_whatever_the_focus);
  ADD ("text-fields-keep-their-keys", test_text_fields_keep_their_keys);
  ADD ("space-on-every-control", test_space_on_every_control);
  ADD ("zoom-always", test_zoom_always);
  ADD ("presentation", test_presentation);
  ADD ("presentation-on-800-pixels", test_presentation_on_800_pixels);
  ADD ("follow-stays-on", test_follow_stays_on);
  ADD ("bit-flip-clears-search", test_bit_flip_clears_search);
  ADD ("predict-in-presentation", test_predict_in_presentation);
  ADD ("moves-after-solve", test_moves_after_solve);
  ADD ("placement-choice", test_placement_choice);

#undef ADD

  return g_test_run ();
}
