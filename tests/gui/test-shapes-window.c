/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Shaped mazes in the real BitmazeWindow under Xvfb: the Shape row makes
 * the next maze a heart, a word or a mask and is remembered; a generator
 * that cannot fill the shape says why and leaves the maze shown; the bit
 * inspector lights an edge cell's border bits and says that the
 * neighbour on that side is outside the maze.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-print.h"
#include "bitmaze-shape-row.h"

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_double (fixture->settings, "speed", 6.0);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  g_settings_set_string (fixture->settings, "shape", "heart");
  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "wilson");
  bitmaze_session_set_seed (window_test_session (fixture->window), 42);
  bitmaze_session_set_size (window_test_session (fixture->window), 30, 25);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->window != NULL)
    {
      AdwMessageDialog *dialog = window_test_save_dialog (fixture->window);

      if (dialog != NULL)
        adw_message_dialog_response (dialog, "discard");
      if (fixture->window != NULL)
        gtk_window_destroy (GTK_WINDOW (fixture->window));
    }
  gui_test_wait_for_finalize (&fixture->window, "the window to be finalized");
  g_settings_reset (fixture->settings, "shape");
  g_settings_reset (fixture->settings, "shape-word");
  g_settings_reset (fixture->settings, "shape-mask");
  g_clear_object (&fixture->settings);
}

static BitmazeShapeRow *
shape_row (Fixture *fixture)
{
  GtkWidget *found = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_SHAPE_ROW);

  g_assert_nonnull (found);
  return BITMAZE_SHAPE_ROW (found);
}

static void
generate (Fixture *fixture)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
}

/* The remembered shape makes the window's maze a heart: a perfect maze
 * of the heart's cells, the rest outside. */
static void
test_heart_from_settings (Fixture       *fixture,
                          gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeShapeRow *row = shape_row (fixture);
  MazeError error;

  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "heart");
  g_assert_true (maze_is_shaped (maze));
  g_assert_cmpuint (maze_n_inside (maze), <, 30 * 25);
  g_assert_true (maze_check_consistent (maze, &error));
  g_assert_true (maze_is_perfect (maze));
  g_assert_cmpstr (maze_meta_get (maze, "shape"), ==, "heart");
  g_assert_true (maze_contains (maze, maze_start (maze)));

  /* Solving it stays inside the shape. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (fixture->window)), ==,
                   BITMAZE_PHASE_SOLVED);
  g_assert_true (window_test_status_text (fixture->window, "numbers") != NULL);
  for (uint32_t i = 0; i < maze_n_cells (maze); i++)
    if (!maze_contains (maze, i))
      g_assert_cmphex (maze_cells_const (maze)[i], ==, MAZE_OUTSIDE_CELL);
}

/* Choosing in the row is remembered, the word and the mask file too. */
static void
test_choice_remembered (Fixture       *fixture,
                        gconstpointer  data)
{
  BitmazeShapeRow *row = shape_row (fixture);
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-shape-XXXXXX", NULL);
  g_autofree char *mask = g_build_filename (dir, "ell.txt", NULL);
  g_autofree char *spec = NULL;
  g_autofree char *word = NULL;
  g_autofree char *path = NULL;
  Maze *maze;

  /* a word */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 7);
  bitmaze_shape_row_set_word (row, "AB");
  word = g_settings_get_string (fixture->settings, "shape");
  g_assert_cmpstr (word, ==, "word");
  g_clear_pointer (&word, g_free);
  word = g_settings_get_string (fixture->settings, "shape-word");
  g_assert_cmpstr (word, ==, "AB");
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "text:AB");
  generate (fixture);
  maze = window_test_maze (fixture->window);
  g_assert_true (maze_is_shaped (maze));
  g_assert_cmpstr (maze_meta_get (maze, "shape"), ==, "text:AB");

  /* a mask file: an L of a text mask, scaled to the maze */
  g_assert_true (g_file_set_contents (mask, "#..\n#..\n###\n", -1, NULL));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 8);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "");
  bitmaze_shape_row_set_mask_path (row, mask);
  path = g_settings_get_string (fixture->settings, "shape-mask");
  g_assert_cmpstr (path, ==, mask);
  spec = g_strconcat ("mask:", mask, NULL);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, spec);
  generate (fixture);
  maze = window_test_maze (fixture->window);
  g_assert_cmpuint (maze_n_inside (maze), ==, 410); /* 17 rows of 10, 8 of 30 */
  g_assert_cmpstr (maze_meta_get (maze, "shape"), ==, "mask:ell.txt");

  /* back to a rectangle */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 0);
  generate (fixture);
  g_assert_false (maze_is_shaped (window_test_maze (fixture->window)));

  /* every engine shape is a choice of the row */
  for (const char *const *name = maze_shape_builtin_names (); *name != NULL; name++)
    g_assert_true (g_strv_contains (bitmaze_shape_row_choices, *name));

  g_unlink (mask);
  g_rmdir (dir);
}

/* Export Worksheet… makes mazes of the shape chosen, or says why not. */
static void
test_worksheet (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-sheet-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "hearts.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (bitmaze_print_write_worksheet (window_test_session (fixture->window), file,
                                                2, 20, 18, RENDER_PAPER_A4, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_unlink (path);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "recursive-division");
  g_assert_false (bitmaze_print_write_worksheet (window_test_session (fixture->window), file,
                                                 2, 20, 18, RENDER_PAPER_A4, TRUE, &error));
  g_assert_nonnull (strstr (error->message, "recursive-division cannot fill a shaped maze"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* A generator that cannot fill the shape says why; the maze stays. */
static void
test_refusal_shown (Fixture       *fixture,
                    gconstpointer  data)
{
  Maze *before = window_test_maze (fixture->window);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "eller");
  generate (fixture);
  g_assert_true (window_test_maze (fixture->window) == before);
  g_assert_true (window_test_toast_says (fixture->window, "eller cannot fill a shaped maze"));
}

/* An edge cell's border bits are lit, and say the neighbour is outside. */
static void
test_inspector_border_bits (Fixture       *fixture,
                            gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeMazeView *view = window_test_view (fixture->window);
  BitmazeInspector *inspector;
  uint32_t w = maze_width (maze), cell = UINT32_MAX;
  GtkWidget *west;
  g_autofree char *tooltip = NULL;

  /* a cell of the heart whose west neighbour is outside it */
  for (uint32_t i = 0; i < maze_n_cells (maze) && cell == UINT32_MAX; i++)
    if (maze_contains (maze, i) && i % w > 0 && !maze_contains (maze, i - 1))
      cell = i;
  g_assert_cmpuint (cell, !=, UINT32_MAX);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-inspector", NULL);
  inspector = window_test_inspector (fixture->window);
  g_assert_nonnull (inspector);
  bitmaze_inspector_set_following (inspector, FALSE);
  bitmaze_maze_view_set_selected_cell (view, (int) cell);
  bitmaze_inspector_sync (inspector);
  g_assert_cmpint (bitmaze_inspector_get_cell (inspector), ==, (int) cell);

  west = bitmaze_inspector_get_bit_button (inspector, 4 + 3);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (west)), ==, "1");
  g_assert_true (gtk_widget_has_css_class (west, "bitmaze-bit-set"));
  tooltip = gtk_widget_get_tooltip_text (west) != NULL
            ? g_strdup (gtk_widget_get_tooltip_text (west)) : NULL;
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "is outside the maze"));

  /* a cell outside: its title says so */
  bitmaze_maze_view_set_selected_cell (view, (int) cell - 1);
  bitmaze_inspector_sync (inspector);
  g_assert_true (g_str_has_suffix (bitmaze_inspector_get_text (inspector, "cell"),
                                   "outside the maze"));
  g_assert_cmphex (bitmaze_inspector_get_word (inspector), ==, MAZE_OUTSIDE_CELL);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/shapes-window/heart", Fixture, NULL,
              fixture_setup, test_heart_from_settings, fixture_teardown);
  g_test_add ("/shapes-window/remembered", Fixture, NULL,
              fixture_setup, test_choice_remembered, fixture_teardown);
  g_test_add ("/shapes-window/worksheet", Fixture, NULL,
              fixture_setup, test_worksheet, fixture_teardown);
  g_test_add ("/shapes-window/refusal", Fixture, NULL,
              fixture_setup, test_refusal_shown, fixture_teardown);
  g_test_add ("/shapes-window/inspector", Fixture, NULL,
              fixture_setup, test_inspector_border_bits, fixture_teardown);

  return g_test_run ();
}
