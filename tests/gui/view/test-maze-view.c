/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The maze view in a real window: it draws, clicks and keys choose cells
 * and walls, zoom scrolls, repaints follow the cells a step changed, and
 * the dark style is followed.  Exact colours are the renderer's tests'
 * business; here a pixel only has to change (or not) the way a user would
 * see it change.
 */
#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>

#include "../../common/gui-test.h"

#include "bitmaze-maze-view.h"

#define GRID_W 12
#define GRID_H 8

typedef struct
{
  Maze            *maze;
  GtkWidget       *window;
  GtkWidget       *scroller;
  BitmazeMazeView *view;

  guint            n_cell_clicked;
  guint            clicked_index;
  GdkModifierType  clicked_state;
  guint            clicked_button;

  guint            n_wall_clicked;
  guint            wall_index;
  guint            wall_dir;

  guint            n_selected_notify;
} Fixture;

/* A serpentine: every row open from west to east, joined to the next row
 * at its east end, then its west end, alternately.  Exactly one path. */
static Maze *
serpentine_maze (uint32_t width,
                 uint32_t height)
{
  MazeError error;
  Maze *maze = maze_new (width, height, &error);

  g_assert_nonnull (maze);
  for (uint32_t y = 0; y < height; y++)
    {
      for (uint32_t x = 0; x + 1 < width; x++)
        g_assert_cmpint (maze_set_wall_open (maze, maze_index (maze, x, y),
                                             MAZE_E, true, &error), ==, MAZE_OK);
      if (y + 1 < height)
        {
          uint32_t x = (y % 2 == 0) ? width - 1 : 0;

          g_assert_cmpint (maze_set_wall_open (maze, maze_index (maze, x, y),
                                               MAZE_S, true, &error), ==, MAZE_OK);
        }
    }
  return maze;
}

static void
cell_clicked_cb (BitmazeMazeView *view,
                 guint            index,
                 GdkModifierType  state,
                 guint            button,
                 Fixture         *f)
{
  f->n_cell_clicked++;
  f->clicked_index = index;
  f->clicked_state = state;
  f->clicked_button = button;
}

static void
wall_clicked_cb (BitmazeMazeView *view,
                 guint            index,
                 guint            dir,
                 Fixture         *f)
{
  f->n_wall_clicked++;
  f->wall_index = index;
  f->wall_dir = dir;
}

static void
selected_notify_cb (GObject    *object,
                    GParamSpec *pspec,
                    Fixture    *f)
{
  f->n_selected_notify++;
}

static gboolean
view_drawn (gpointer view)
{
  return !bitmaze_maze_view_is_drawing (view);
}

/* A frame, and as many more as the view needs to finish its drawing: it
 * draws only a few milliseconds a frame (far fewer tiles under valgrind). */
static void
wait_for_draw (Fixture *f)
{
  gui_test_wait_for_frames (f->view, 1);
  gui_test_wait_until (view_drawn, f->view, "the maze view to draw every visible tile");
}

static void
fixture_setup_size (Fixture  *f,
                    uint32_t  width,
                    uint32_t  height)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_LIGHT);

  f->maze = serpentine_maze (width, height);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 480, 360);
  f->scroller = gtk_scrolled_window_new ();
  f->view = BITMAZE_MAZE_VIEW (bitmaze_maze_view_new ());
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (f->scroller), GTK_WIDGET (f->view));
  gtk_window_set_child (GTK_WINDOW (f->window), f->scroller);
  bitmaze_maze_view_set_maze (f->view, f->maze);

  g_signal_connect (f->view, "cell-clicked", G_CALLBACK (cell_clicked_cb), f);
  g_signal_connect (f->view, "wall-clicked", G_CALLBACK (wall_clicked_cb), f);
  g_signal_connect (f->view, "notify::selected-cell", G_CALLBACK (selected_notify_cb), f);

  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_draw (f);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  fixture_setup_size (f, GRID_W, GRID_H);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  bitmaze_maze_view_set_maze (f->view, NULL);
  gtk_window_destroy (GTK_WINDOW (f->window));
  maze_free (f->maze);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
}

/* What the view shows now, as the window's renderer draws it. */
static GdkTexture *
render_view (Fixture *f)
{
  GtkWidget *widget = GTK_WIDGET (f->view);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node,
                                      &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* The colour at a widget point as 0xRRGGBB. */
static guint32
pixel_at (Fixture *f,
          double   x,
          double   y)
{
  g_autoptr(GdkTexture) texture = render_view (f);
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  int px = (int) x, py = (int) y;
  const guchar *p;

  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, width);
  g_assert_cmpint (py, <, height);
  gdk_texture_download (texture, data, (gsize) width * 4);
  /* Cairo's ARGB32 in memory: B G R A on little endian. */
  p = data + ((gsize) py * width + px) * 4;
  if (G_BYTE_ORDER == G_LITTLE_ENDIAN)
    return ((guint32) p[2] << 16) | ((guint32) p[1] << 8) | p[0];
  return ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static double
luminance (guint32 rgb)
{
  return 0.299 * ((rgb >> 16) & 0xFF) + 0.587 * ((rgb >> 8) & 0xFF) + 0.114 * (rgb & 0xFF);
}

static double
cell_size (Fixture *f)
{
  double x0, x1;

  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, 0, &x0, NULL));
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, 1, &x1, NULL));
  return x1 - x0;
}


/* The maze fills the widget and is drawn: dark walls on a light floor,
 * and the other way round in the dark style. */
static void
test_draws (Fixture       *f,
            gconstpointer  data)
{
  int width = gtk_widget_get_width (GTK_WIDGET (f->view));
  int height = gtk_widget_get_height (GTK_WIDGET (f->view));
  double cs = cell_size (f);
  double x, y;
  guint32 floor_light, wall_light, floor_dark, wall_dark;

  g_assert_cmpint (width, >, 100);
  g_assert_cmpint (height, >, 100);
  /* Fit: the maze's longer side (relative to the widget) nearly fills it. */
  g_assert_cmpfloat (MAX (cs * GRID_W / width, cs * GRID_H / height), >, 0.85);
  g_assert_cmpfloat (cs * GRID_W, <=, width);
  g_assert_cmpfloat (cs * GRID_H, <=, height);

  /* Cell (1, 1): no marker in it; its north wall stands (row 0 only opens
   * south at its east end). */
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, GRID_W + 1, &x, &y));
  g_assert_false (bitmaze_maze_view_get_dark (f->view));
  floor_light = pixel_at (f, x, y);
  wall_light = pixel_at (f, x, y - cs / 2.0);
  g_assert_cmpfloat (luminance (floor_light), >, 160.0);
  g_assert_cmpfloat (luminance (wall_light), <, 100.0);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (bitmaze_maze_view_get_dark (f->view));
  wait_for_draw (f);
  floor_dark = pixel_at (f, x, y);
  wall_dark = pixel_at (f, x, y - cs / 2.0);
  g_assert_cmpfloat (luminance (floor_dark), <, 100.0);
  g_assert_cmpfloat (luminance (wall_dark), >, luminance (floor_dark) + 60.0);
}

/* A click on a cell selects it and reports it with the modifiers and the
 * button; a click beside the maze reports nothing. */
static void
test_click (Fixture       *f,
            gconstpointer  data)
{
  guint index = 2 * GRID_W + 5;
  double x, y;

  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, index, &x, &y));
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, x, y), ==, (int) index);
  /* A point near the cell's corner is still in it. */
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, x + cell_size (f) * 0.45,
                                                    y - cell_size (f) * 0.45),
                   ==, (int) index);

  bitmaze_maze_view_click_point (f->view, x, y, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_cell_clicked, ==, 1);
  g_assert_cmpuint (f->clicked_index, ==, index);
  g_assert_cmpuint (f->clicked_button, ==, GDK_BUTTON_PRIMARY);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, (int) index);
  g_assert_cmpuint (f->n_selected_notify, ==, 1);

  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, GRID_W * GRID_H - 1, &x, &y));
  bitmaze_maze_view_click_point (f->view, x, y, GDK_SHIFT_MASK, GDK_BUTTON_SECONDARY);
  g_assert_cmpuint (f->n_cell_clicked, ==, 2);
  g_assert_cmpuint (f->clicked_index, ==, GRID_W * GRID_H - 1);
  g_assert_cmpuint (f->clicked_state & GDK_SHIFT_MASK, ==, GDK_SHIFT_MASK);
  g_assert_cmpuint (f->clicked_button, ==, GDK_BUTTON_SECONDARY);

  /* The widget's corner is outside the maze (centred, with a margin). */
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, 1, 1), ==, -1);
  bitmaze_maze_view_click_point (f->view, 1, 1, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_cell_clicked, ==, 2);
  g_assert_cmpuint (f->n_wall_clicked, ==, 0);
}

/* In edit mode a click near a wall reports that wall, not a cell. */
static void
test_edit_mode (Fixture       *f,
                gconstpointer  data)
{
  guint index = 3 * GRID_W + 4;
  double cs = cell_size (f);
  double x, y;

  g_object_set (f->view, "edit-mode", TRUE, NULL);
  g_assert_true (bitmaze_maze_view_get_edit_mode (f->view));
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, index, &x, &y));

  /* Its east side: an interior wall, reported from the west cell. */
  bitmaze_maze_view_click_point (f->view, x + cs * 0.45, y, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_wall_clicked, ==, 1);
  g_assert_cmpuint (f->wall_index, ==, index);
  g_assert_cmpuint (f->wall_dir, ==, MAZE_E);

  /* Its north side: reported from the cell above, facing south. */
  bitmaze_maze_view_click_point (f->view, x, y - cs * 0.45, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_wall_clicked, ==, 2);
  g_assert_cmpuint (f->wall_index, ==, index - GRID_W);
  g_assert_cmpuint (f->wall_dir, ==, MAZE_S);

  /* The outer wall west of cell (0, 3). */
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, 3 * GRID_W, &x, &y));
  bitmaze_maze_view_click_point (f->view, x - cs * 0.48, y, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_wall_clicked, ==, 3);
  g_assert_cmpuint (f->wall_index, ==, 3 * GRID_W);
  g_assert_cmpuint (f->wall_dir, ==, MAZE_W);

  /* The middle of a cell is near no wall. */
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, index, &x, &y));
  bitmaze_maze_view_click_point (f->view, x, y, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_wall_clicked, ==, 3);
  g_assert_cmpuint (f->n_cell_clicked, ==, 0);

  /* Ctrl+arrow on the selected cell is the keyboard's wall click. */
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, (int) index);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "view.toggle-wall", "u", (guint) MAZE_N);
  g_assert_cmpuint (f->n_wall_clicked, ==, 4);
  g_assert_cmpuint (f->wall_index, ==, index);
  g_assert_cmpuint (f->wall_dir, ==, MAZE_N);

  /* Out of edit mode the same click chooses the cell again. */
  bitmaze_maze_view_set_edit_mode (f->view, FALSE);
  bitmaze_maze_view_click_point (f->view, x + cs * 0.45, y, 0, GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (f->n_wall_clicked, ==, 4);
  g_assert_cmpuint (f->n_cell_clicked, ==, 1);
  g_assert_cmpuint (f->clicked_index, ==, index);
}

/* Zooming in makes the maze larger than the window (the scrollbars' range
 * grows) around the centre; fit brings it back. */
static void
test_zoom (Fixture       *f,
           gconstpointer  data)
{
  GtkAdjustment *hadj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (f->scroller));
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f->scroller));
  double page = gtk_adjustment_get_page_size (hadj);
  double cs = cell_size (f);
  int width = gtk_widget_get_width (GTK_WIDGET (f->view));
  int height = gtk_widget_get_height (GTK_WIDGET (f->view));
  int centre_cell = bitmaze_maze_view_cell_at_point (f->view, width / 2.0, height / 2.0);

  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), ==, 1.0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), <=, page);
  g_assert_cmpint (centre_cell, >=, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "view.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "view.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "view.zoom-in", NULL));
  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), >, 1.9);
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), >, page * 1.5);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >,
                     gtk_adjustment_get_page_size (vadj) * 1.5);
  g_assert_cmpfloat (cell_size (f), >, cs * 1.9);
  /* The cell at the centre stayed there. */
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, width / 2.0, height / 2.0),
                   ==, centre_cell);
  wait_for_draw (f);

  /* Scrolling moves the maze under the pointer. */
  gtk_adjustment_set_value (hadj, 0.0);
  gtk_adjustment_set_value (vadj, 0.0);
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, cell_size (f), cell_size (f)),
                   ==, 0);
  gtk_adjustment_set_value (hadj, gtk_adjustment_get_upper (hadj));
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, width - cell_size (f),
                                                    cell_size (f)),
                   ==, GRID_W - 1);
  wait_for_draw (f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "view.zoom-fit", NULL));
  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), ==, 1.0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), <=, page);
  g_assert_cmpfloat (cell_size (f), ==, cs);

  /* Not smaller than fit. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "view.zoom-out", NULL);
  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), ==, 1.0);
  wait_for_draw (f);
}

static gboolean
has_key_binding (GtkWidget  *widget,
                 guint       keyval,
                 const char *action_name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0 &&
              GTK_IS_NAMED_ACTION (action) &&
              g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                           action_name))
            return TRUE;
        }
    }
  return FALSE;
}

/* The arrow keys move the selection (from the start when there is none),
 * stopping at the edges; Enter clicks the selected cell. */
static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (f->view);

  g_assert_true (gtk_widget_get_focusable (view));
  g_assert_true (has_key_binding (view, GDK_KEY_Left, "view.move-selection"));
  g_assert_true (has_key_binding (view, GDK_KEY_Right, "view.move-selection"));
  g_assert_true (has_key_binding (view, GDK_KEY_Up, "view.move-selection"));
  g_assert_true (has_key_binding (view, GDK_KEY_Down, "view.move-selection"));
  g_assert_true (has_key_binding (view, GDK_KEY_Return, "view.activate-selection"));

  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, -1);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 1, 0);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==,
                   (int) maze_start (f->maze));
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 1, 0);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, 1);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 0, 1);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, GRID_W + 1);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", -1, 0);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", -1, 0);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, GRID_W);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 0, -1);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 0, -1);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, 0);
  g_assert_cmpuint (f->n_selected_notify, ==, 5);
  wait_for_draw (f);

  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 1, 0);
  gtk_widget_activate_action (view, "view.activate-selection", "u", (guint) GDK_SHIFT_MASK);
  g_assert_cmpuint (f->n_cell_clicked, ==, 1);
  g_assert_cmpuint (f->clicked_index, ==, 1);
  g_assert_cmpuint (f->clicked_state & GDK_SHIFT_MASK, ==, GDK_SHIFT_MASK);

  /* Another maze starts without a selection. */
  bitmaze_maze_view_set_maze (f->view, f->maze);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, -1);
}

/* Search bits set by a step show after cells_changed () on the cells the
 * step reported, and only there; clearing them shows the floor again. */
static void
test_cells_changed (Fixture       *f,
                    gconstpointer  data)
{
  uint32_t index = 2 * GRID_W + 6;
  uint32_t other = 5 * GRID_W + 3;
  uint16_t *cells = maze_cells (f->maze);
  double x, y, ox, oy;
  guint32 before, before_other;

  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, index, &x, &y));
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, other, &ox, &oy));
  before = pixel_at (f, x, y);
  before_other = pixel_at (f, ox, oy);

  /* A BFS reaching the cell from the west: maze[i] |= W << 12. */
  cells[index] |= MAZE_W << MAZE_BACKTRACK_SHIFT;
  cells[other] |= MAZE_W << MAZE_BACKTRACK_SHIFT;
  bitmaze_maze_view_cells_changed (f->view, &index, 1);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, x, y), !=, before);
  /* Not reported, so not repainted: what a step did not report stays. */
  g_assert_cmpuint (pixel_at (f, ox, oy), ==, before_other);

  bitmaze_maze_view_set_show_search (f->view, FALSE);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, x, y), ==, before);
  bitmaze_maze_view_set_show_search (f->view, TRUE);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, ox, oy), !=, before_other);

  maze_reset_search (f->maze);
  bitmaze_maze_view_cells_changed (f->view, &index, 1);
  bitmaze_maze_view_cells_changed (f->view, &other, 1);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, x, y), ==, before);
  g_assert_cmpuint (pixel_at (f, ox, oy), ==, before_other);

  /* Indices outside the maze are ignored. */
  {
    uint32_t bad[] = { GRID_W * GRID_H, UINT32_MAX };

    bitmaze_maze_view_cells_changed (f->view, bad, G_N_ELEMENTS (bad));
    bitmaze_maze_view_set_frontier (f->view, bad, G_N_ELEMENTS (bad));
    wait_for_draw (f);
  }
}

/* The pixels of the whole view, as cairo stores them. */
static guchar *
view_pixels (Fixture *f,
             gsize   *size)
{
  g_autoptr(GdkTexture) texture = render_view (f);
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  guchar *data = g_malloc ((gsize) width * height * 4);

  gdk_texture_download (texture, data, (gsize) width * 4);
  *size = (gsize) width * height * 4;
  return data;
}

/* Zooms @f's view to @zoom and scrolls to the middle of the maze. */
static void
zoom_to_middle (Fixture *f,
                double   zoom)
{
  GtkAdjustment *hadj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (f->scroller));
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f->scroller));

  bitmaze_maze_view_set_zoom (f->view, zoom);
  wait_for_draw (f);
  gtk_adjustment_set_value (hadj, (gtk_adjustment_get_upper (hadj) - gtk_adjustment_get_page_size (hadj)) / 2);
  gtk_adjustment_set_value (vadj, (gtk_adjustment_get_upper (vadj) - gtk_adjustment_get_page_size (vadj)) / 2);
  wait_for_draw (f);
}

/* Cells changed all over a maze that takes several tiles (and, zoomed
 * in and scrolled, tiles that do not start at the content's corner):
 * repainting the cells a step reports gives the same picture as drawing
 * the whole maze again, at tile edges and the maze's edges too. */
static void
test_cells_changed_tiles (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  uint16_t *cells;
  uint32_t n;

  fixture_setup_size (f, 61, 43);
  cells = maze_cells (f->maze);
  n = maze_n_cells (f->maze);
  for (int zoom = 0; zoom < 2; zoom++)
    {
      g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
      g_autofree guchar *repainted = NULL;
      g_autofree guchar *redrawn = NULL;
      gsize repainted_size, redrawn_size;

      if (zoom)
        zoom_to_middle (f, 4.0);

      /* A sparse spread of cells, the corners among them, each reached
       * from the west or the north as a BFS would (on the second round
       * the marks go again): sparse, so that a block left out is not
       * repainted anyway for a neighbour. */
      for (uint32_t i = 0; i < n; i++)
        {
          uint32_t x = i % 61, y = i / 61;

          if (((x == 0 || x == 60) && (y == 0 || y == 42)) || i % 29 == 7 * (uint32_t) zoom)
            {
              if (zoom)
                cells[i] &= (uint16_t) ~(0xFu << MAZE_BACKTRACK_SHIFT);
              else
                cells[i] |= (uint16_t) ((x > 0 ? MAZE_W : MAZE_N) << MAZE_BACKTRACK_SHIFT);
              g_array_append_val (changed, i);
            }
        }
      bitmaze_maze_view_cells_changed (f->view, (const uint32_t *) (gpointer) changed->data,
                                       changed->len);
      wait_for_draw (f);
      repainted = view_pixels (f, &repainted_size);

      bitmaze_maze_view_walls_changed (f->view);
      wait_for_draw (f);
      redrawn = view_pixels (f, &redrawn_size);
      g_assert_cmpmem (repainted, repainted_size, redrawn, redrawn_size);
    }
  fixture_teardown (f, NULL);
}

static gboolean
overview_built (gpointer data)
{
  return !bitmaze_maze_view_is_building_overview (data);
}

/* Marks a sparse spread of cells of @f's maze (every @every-th from
 * @offset, the corners too) as reached, hands them to the view, and
 * appends them to @changed. */
static void
reach_cells (Fixture *f,
             guint    every,
             guint    offset,
             GArray  *changed)
{
  uint32_t w = maze_width (f->maze), h = maze_height (f->maze), n = w * h;
  uint16_t *cells = maze_cells (f->maze);
  guint from = changed->len;

  for (uint32_t i = 0; i < n; i++)
    {
      uint32_t x = i % w, y = i / w;

      if (((x == 0 || x == w - 1) && (y == 0 || y == h - 1)) || i % every == offset)
        {
          cells[i] |= (uint16_t) ((x > 0 ? MAZE_W : MAZE_N) << MAZE_BACKTRACK_SHIFT);
          g_array_append_val (changed, i);
        }
    }
  bitmaze_maze_view_cells_changed (f->view, &g_array_index (changed, uint32_t, from),
                                   changed->len - from);
}

/* A maze with an overview pyramid (a million cells or more) marks its
 * tiles by the pyramid's blocks of 4 x 4 cells: what it repaints after
 * cells changed (in two hand-overs before one drawing, the second one
 * into blocks the first marked, and once more after that drawing) is
 * what it draws afresh, at fit and zoomed in. */
static void
test_cells_changed_pyramid (void)
{
  Fixture fixture = { 0 }, *f = &fixture;

  fixture_setup_size (f, 1100, 1000);
  for (int zoom = 0; zoom < 2; zoom++)
    {
      g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
      g_autofree guchar *repainted = NULL;
      g_autofree guchar *redrawn = NULL;
      gsize repainted_size, redrawn_size;

      gui_test_wait_until (overview_built, f->view, "the overview pyramid to be built");
      if (zoom)
        zoom_to_middle (f, 20.0);
      /* (zoomed in, a few thousand cells show: a denser spread) */
      reach_cells (f, zoom ? 97 : 4099, 17 + zoom, changed);
      reach_cells (f, zoom ? 97 : 4099, 18 + zoom, changed);
      wait_for_draw (f);
      reach_cells (f, zoom ? 61 : 1031, 5 + zoom, changed);
      wait_for_draw (f);
      repainted = view_pixels (f, &repainted_size);

      bitmaze_maze_view_walls_changed (f->view);
      gui_test_wait_until (overview_built, f->view, "the overview pyramid to be built again");
      wait_for_draw (f);
      redrawn = view_pixels (f, &redrawn_size);
      g_assert_cmpmem (repainted, repainted_size, redrawn, redrawn_size);
    }
  fixture_teardown (f, NULL);
}

/* A huge maze's first picture is drawn from its cells while its overview
 * pyramid is built; once built, the picture is drawn again from it, as
 * every later one is (else its look changes at the next zoom: a sample
 * of the cells draws thinner lines than their average). */
static void
test_pyramid_built_repaints (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  g_autofree guchar *first = NULL;
  g_autofree guchar *again = NULL;
  gsize first_size, again_size;

  /* 4 cells a pixel and more in a 480-pixel window: the pyramid draws */
  fixture_setup_size (f, 2100, 1000);
  gui_test_wait_until (overview_built, f->view, "the overview pyramid to be built");
  wait_for_draw (f);
  first = view_pixels (f, &first_size);

  bitmaze_maze_view_set_zoom (f->view, 2.0);
  wait_for_draw (f);
  bitmaze_maze_view_set_zoom (f->view, 1.0);
  wait_for_draw (f);
  again = view_pixels (f, &again_size);
  g_assert_cmpmem (first, first_size, again, again_size);
  fixture_teardown (f, NULL);
}

/* The frontier and the changed cells are highlighted, and only while they
 * are in the lists. */
static void
test_highlights (Fixture       *f,
                 gconstpointer  data)
{
  uint32_t frontier[] = { 3 * GRID_W + 2, 3 * GRID_W + 3, 3 * GRID_W + 2 };
  uint32_t changed[] = { 6 * GRID_W + 9 };
  double fx, fy, cx, cy, nx, ny;
  guint32 floor_f, floor_c, floor_n;

  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, frontier[0], &fx, &fy));
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, changed[0], &cx, &cy));
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, 3 * GRID_W + 4, &nx, &ny));
  floor_f = pixel_at (f, fx, fy);
  floor_c = pixel_at (f, cx, cy);
  floor_n = pixel_at (f, nx, ny);

  bitmaze_maze_view_set_frontier (f->view, frontier, G_N_ELEMENTS (frontier));
  bitmaze_maze_view_set_changed (f->view, changed, G_N_ELEMENTS (changed));
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, fx, fy), !=, floor_f);
  g_assert_cmpuint (pixel_at (f, cx, cy), !=, floor_c);
  g_assert_cmpuint (pixel_at (f, cx, cy), !=, pixel_at (f, fx, fy));
  g_assert_cmpuint (pixel_at (f, nx, ny), ==, floor_n);

  /* The frontier moves on by one cell: the one it left is plain again. */
  frontier[0] = 3 * GRID_W + 4;
  bitmaze_maze_view_set_frontier (f->view, frontier, 2);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, nx, ny), !=, floor_n);
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, 3 * GRID_W + 2, &fx, &fy));
  g_assert_cmpuint (pixel_at (f, fx, fy), ==, floor_f);

  bitmaze_maze_view_set_frontier (f->view, NULL, 0);
  bitmaze_maze_view_set_changed (f->view, NULL, 0);
  wait_for_draw (f);
  g_assert_cmpuint (pixel_at (f, nx, ny), ==, floor_n);
  g_assert_cmpuint (pixel_at (f, cx, cy), ==, floor_c);
}

/* No maze: nothing to click, zoom or select, and nothing breaks. */
static void
test_no_maze (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (f->view);
  uint32_t cell = 0;

  bitmaze_maze_view_set_maze (f->view, NULL);
  g_assert_null (bitmaze_maze_view_get_maze (f->view));
  wait_for_draw (f);
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, 100, 100), ==, -1);
  bitmaze_maze_view_click_point (f->view, 100, 100, 0, GDK_BUTTON_PRIMARY);
  gtk_widget_activate_action (view, "view.move-selection", "(ii)", 1, 0);
  gtk_widget_activate_action (view, "view.zoom-in", NULL);
  bitmaze_maze_view_cells_changed (f->view, &cell, 1);
  bitmaze_maze_view_set_frontier (f->view, &cell, 1);
  bitmaze_maze_view_walls_changed (f->view);
  g_assert_cmpuint (f->n_cell_clicked, ==, 0);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (f->view), ==, -1);
  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), ==, 1.0);

  bitmaze_maze_view_set_maze (f->view, f->maze);
  wait_for_draw (f);
}

/* The view names the selected cell for screen readers. */
static void
test_accessible (Fixture       *f,
                 gconstpointer  data)
{
  bitmaze_maze_view_set_selected_cell (f->view, 1);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->view),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Cell (1, 0): open to the east and west.");
  bitmaze_maze_view_set_selected_cell (f->view, 0);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->view),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Cell (0, 0): open to the east. This is the start.");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->view),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Maze of 12 by 8 cells");
}

/* A 2000 x 2000 maze: drawn at fit, zoomed in to its largest cells,
 * scrolled to the far corner and repainted after a change, with only the
 * visible part drawn.  Timings are printed, not asserted (see the
 * benchmarks). */
/* Pixels of @a and @b (textures of one size) that differ by more than a
 * third of the way from black to white, summed over the channels. */
static guint
count_far_pixels (GdkTexture *a,
                  GdkTexture *b)
{
  int width = gdk_texture_get_width (a), height = gdk_texture_get_height (a);
  g_autofree guchar *da = g_malloc ((gsize) width * height * 4);
  g_autofree guchar *db = g_malloc ((gsize) width * height * 4);
  guint far = 0;

  g_assert_cmpint (gdk_texture_get_width (b), ==, width);
  g_assert_cmpint (gdk_texture_get_height (b), ==, height);
  gdk_texture_download (a, da, (gsize) width * 4);
  gdk_texture_download (b, db, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      int d = 0;

      for (int c = 0; c < 3; c++)
        d += abs (da[4 * i + c] - db[4 * i + c]);
      far += d > 3 * 85;
    }
  return far;
}

/* A zoom step on a huge maze shows the last picture scaled until the
 * new tiles are drawn, each point of the maze where the new drawing puts
 * it: the first frame after the step looks like the last one (the floor
 * alone, or a picture out of place, would differ over the searched
 * squares).  A frame draws one tile at least, the rest within a budget
 * of time: the step is repeated until a drawing leaves tiles for later
 * frames (most do). */
static void
test_zoom_backdrop (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  uint16_t *cells;
  guint caught = 0;

  fixture_setup_size (f, 3000, 3000);
  cells = maze_cells (f->maze);
  /* searched squares of 100 x 100 cells, as on a chessboard */
  for (uint32_t y = 0; y < 3000; y++)
    for (uint32_t x = 0; x < 3000; x++)
      if ((x / 100 + y / 100) % 2 == 0)
        cells[(size_t) y * 3000 + x] |= MAZE_N << MAZE_BACKTRACK_SHIFT;
  bitmaze_maze_view_walls_changed (f->view);
  wait_for_draw (f);

  for (int step = 0; step < 12 && caught < 2; step++)
    {
      g_autoptr(GdkTexture) first = NULL;
      g_autoptr(GdkTexture) done = NULL;
      guint far;

      bitmaze_maze_view_set_zoom (f->view, bitmaze_maze_view_get_zoom (f->view) * (step < 6 ? 1.25 : 0.8));
      /* (laid out at the new zoom) */
      gui_test_wait_for_frames (f->view, 1);
      first = render_view (f);
      if (!bitmaze_maze_view_is_drawing (f->view))
        {
          wait_for_draw (f);
          continue;
        }
      caught++;
      wait_for_draw (f);
      done = render_view (f);
      far = count_far_pixels (first, done);
      g_test_message ("zoom %.3f: %u of %d pixels far from the drawing's", bitmaze_maze_view_get_zoom (f->view),
                      far, gdk_texture_get_width (done) * gdk_texture_get_height (done));
      g_assert_cmpuint (far, <, (guint) (gdk_texture_get_width (done) * gdk_texture_get_height (done) / 200));
    }
  g_assert_cmpuint (caught, >, 0);
  fixture_teardown (f, NULL);
}

static void
test_huge (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  GtkAdjustment *hadj, *vadj;
  uint32_t index;
  gint64 t0, t_fit, t_zoom, t_scroll, t_step;
  double x, y;

  t0 = g_get_monotonic_time ();
  fixture_setup_size (f, 2000, 2000);
  t_fit = g_get_monotonic_time () - t0;

  hadj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (f->scroller));
  vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f->scroller));

  t0 = g_get_monotonic_time ();
  bitmaze_maze_view_set_zoom (f->view, 1000.0);
  wait_for_draw (f);
  t_zoom = g_get_monotonic_time () - t0;
  g_assert_cmpfloat (bitmaze_maze_view_get_zoom (f->view), >, 100.0);
  g_assert_cmpfloat (cell_size (f), >, 100.0);

  t0 = g_get_monotonic_time ();
  gtk_adjustment_set_value (hadj, gtk_adjustment_get_upper (hadj));
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj));
  wait_for_draw (f);
  t_scroll = g_get_monotonic_time () - t0;

  index = 2000 * 2000 - 1;
  g_assert_true (bitmaze_maze_view_get_cell_center (f->view, index, &x, &y));
  g_assert_cmpint (bitmaze_maze_view_cell_at_point (f->view, x, y), ==, (int) index);

  t0 = g_get_monotonic_time ();
  maze_cells (f->maze)[index] |= MAZE_N << MAZE_BACKTRACK_SHIFT;
  bitmaze_maze_view_cells_changed (f->view, &index, 1);
  bitmaze_maze_view_set_frontier (f->view, &index, 1);
  wait_for_draw (f);
  t_step = g_get_monotonic_time () - t0;

  g_test_message ("2000x2000: fit %.1f ms, zoom %.1f ms, scroll %.1f ms, step %.1f ms",
                  t_fit / 1000.0, t_zoom / 1000.0, t_scroll / 1000.0, t_step / 1000.0);
  fixture_teardown (f, NULL);
}

/* Is the pixel (@x, @y) of @data (a texture of @width pixels a row, as
 * gdk_texture_download() writes it) opaque and black, as walls are and no
 * marker is?  Outside the content the view is transparent. */
static gboolean
is_wall_pixel (const guchar *data,
               int           width,
               int           x,
               int           y)
{
  const guchar *p = data + ((gsize) y * width + x) * 4;

  return p[3] > 128 && 0.299 * p[2] + 0.587 * p[1] + 0.114 * p[0] < 40.0;
}

static gboolean
is_opaque_pixel (const guchar *data,
                 int           width,
                 int           x,
                 int           y)
{
  return data[((gsize) y * width + x) * 4 + 3] > 128;
}

/* Zoom to fit shows the whole maze with all four outer walls inside the
 * widget, for a single cell, single rows and columns and very flat mazes
 * too: through the middle of the drawing, each side has floor (the
 * margin), then the wall, on the way in from the drawing's edge.  (The
 * serpentine has no openings: a generated maze's entrance and exit are
 * gaps in the outer wall, the whole side of a 1 x 1 maze.  3 x 150 still
 * has 2-pixel cells; smaller ones make the overview, with grey walls.) */
static void
test_fit_walls (void)
{
  static const struct { uint32_t w, h; } sizes[] = {
    { 1, 1 }, { 1, 20 }, { 20, 1 }, { 200, 3 }, { 3, 150 }, { 2, 2 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      Fixture fixture = { 0 }, *f = &fixture;
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree guchar *data = NULL;
      int width, height, left, right, top, bottom, mx, my, k;

      fixture_setup_size (f, sizes[s].w, sizes[s].h);
      g_test_message ("%u x %u maze", sizes[s].w, sizes[s].h);
      texture = render_view (f);
      width = gdk_texture_get_width (texture);
      height = gdk_texture_get_height (texture);
      data = g_malloc ((gsize) width * height * 4);
      gdk_texture_download (texture, data, (gsize) width * 4);

      /* The drawing is opaque; find its box along the middle lines. */
      mx = width / 2;
      my = height / 2;
      for (left = 0; left < width && !is_opaque_pixel (data, width, left, my); left++);
      for (right = width - 1; right >= 0 && !is_opaque_pixel (data, width, right, my); right--);
      for (top = 0; top < height && !is_opaque_pixel (data, width, mx, top); top++);
      for (bottom = height - 1; bottom >= 0 && !is_opaque_pixel (data, width, mx, bottom); bottom--);
      g_assert_cmpint (left, <, right);
      g_assert_cmpint (top, <, bottom);
      /* It fills the widget in one direction (cells of whole pixels:
       * 200 cells in 468 pixels are 2 pixels each). */
      g_assert_cmpint (MAX ((right - left + 1) * 100 / width,
                            (bottom - top + 1) * 100 / height), >=, 80);

      for (k = left; k <= right && !is_wall_pixel (data, width, k, my); k++);
      g_assert_cmpint (k, >, left);
      g_assert_cmpint (k, <, left + 16);
      for (k = right; k >= left && !is_wall_pixel (data, width, k, my); k--);
      g_assert_cmpint (k, <, right);
      g_assert_cmpint (k, >, right - 16);
      for (k = top; k <= bottom && !is_wall_pixel (data, width, mx, k); k++);
      g_assert_cmpint (k, >, top);
      g_assert_cmpint (k, <, top + 16);
      for (k = bottom; k >= top && !is_wall_pixel (data, width, mx, k); k--);
      g_assert_cmpint (k, <, bottom);
      g_assert_cmpint (k, >, bottom - 16);

      fixture_teardown (f, NULL);
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/maze-view/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("draws", test_draws);
  ADD ("click", test_click);
  ADD ("edit-mode", test_edit_mode);
  ADD ("zoom", test_zoom);
  ADD ("keyboard", test_keyboard);
  ADD ("cells-changed", test_cells_changed);
  ADD ("highlights", test_highlights);
  ADD ("no-maze", test_no_maze);
  ADD ("accessible", test_accessible);
#undef ADD
  g_test_add_func ("/maze-view/cells-changed-tiles", test_cells_changed_tiles);
  g_test_add_func ("/maze-view/cells-changed-pyramid", test_cells_changed_pyramid);
  g_test_add_func ("/maze-view/pyramid-built-repaints", test_pyramid_built_repaints);
  g_test_add_func ("/maze-view/huge", test_huge);
  g_test_add_func ("/maze-view/zoom-backdrop", test_zoom_backdrop);
  g_test_add_func ("/maze-view/fit-walls", test_fit_walls);

  return g_test_run ();
}
