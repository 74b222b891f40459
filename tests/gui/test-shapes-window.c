/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Shaped mazes in the real BitmazeWindow under Xvfb: the Shape row makes
 * the next maze a heart, a word or a mask and is remembered; opening a
 * shaped file shows its shape there, for the next maze; a generator
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
#include "bitmaze-shape.h"
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
        window_test_respond (dialog, "discard");
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

/* Writes a maze of @spec to @dir/@name, with "shape" metadata @label
 * (NULL: the one @spec gives); returns its path. */
static char *
write_shaped (const char *dir,
              const char *name,
              const char *spec,
              guint       width,
              guint       height,
              const char *label)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  Maze *maze = bitmaze_shape_new_maze (spec, width, height, &error);
  MazeError merror;

  g_assert_no_error (error);
  if (label != NULL)
    g_assert_cmpint (maze_meta_set (maze, "shape", label, &merror), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (maze, path, &merror), ==, MAZE_OK);
  maze_free (maze);
  return path;
}

/* Do @a and @b have the same size and the same cells inside? */
static gboolean
same_shape (const Maze *a,
            const Maze *b)
{
  if (maze_width (a) != maze_width (b) || maze_height (a) != maze_height (b))
    return FALSE;
  for (guint32 i = 0; i < maze_n_cells (a); i++)
    if (maze_contains (a, i) != maze_contains (b, i))
      return FALSE;
  return TRUE;
}

/* Opens @path in @session; returns the maze as opened (a copy). */
static Maze *
open_maze (BitmazeSession *session,
           const char     *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  MazeError merror;
  Maze *opened;

  g_assert_true (bitmaze_session_load (session, file, &error));
  g_assert_no_error (error);
  opened = maze_copy (bitmaze_session_get_maze (session), &merror);
  g_assert_nonnull (opened);
  return opened;
}

/* Opening a shaped file shows its shape in the row, and the next maze
 * has it: the shape its metadata names when that draws its cells, else
 * the file itself as the mask; a rectangle shows Rectangle.  The shape
 * of a window made for an opened file is the file's, not the remembered
 * one, and the settings learn it. */
static void
test_open_shaped_file (Fixture       *fixture,
                       gconstpointer  data)
{
  BitmazeSession *session = window_test_session (fixture->window);
  BitmazeShapeRow *row = shape_row (fixture);
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-open-shape-XXXXXX", NULL);
  g_autofree char *mask = g_build_filename (dir, "ell.txt", NULL);
  g_autofree char *mask_spec = g_strconcat ("mask:", mask, NULL);
  g_autofree char *circle = write_shaped (dir, "circle.maze", "circle", 24, 20, NULL);
  g_autofree char *word = write_shaped (dir, "word.maze", "text:AB", 30, 12, NULL);
  g_autofree char *liar = write_shaped (dir, "liar.maze", "circle", 24, 20, "heart");
  g_autofree char *rectangle = write_shaped (dir, "rect.maze", "", 12, 8, NULL);
  g_autofree char *ell = NULL, *want = NULL, *setting = NULL;
  g_autoptr (BitmazeSession) other = NULL;
  BitmazeWindow *second;
  BitmazeShapeRow *second_row;
  Maze *opened;

  /* a built-in shape, named in the file */
  opened = open_maze (session, circle);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "circle");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  setting = g_settings_get_string (fixture->settings, "shape");
  g_assert_cmpstr (setting, ==, "circle");
  g_clear_pointer (&setting, g_free);
  generate (fixture);
  g_assert_true (maze_is_perfect (window_test_maze (fixture->window)));
  g_assert_true (same_shape (window_test_maze (fixture->window), opened));
  g_assert_cmpstr (maze_meta_get (window_test_maze (fixture->window), "shape"), ==, "circle");
  maze_free (opened);

  /* a word */
  opened = open_maze (session, word);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 7);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "text:AB");
  generate (fixture);
  g_assert_true (same_shape (window_test_maze (fixture->window), opened));
  maze_free (opened);

  /* a mask that is gone since: the file is the mask */
  g_assert_true (g_file_set_contents (mask, "#..\n#..\n###\n", -1, NULL));
  ell = write_shaped (dir, "ell.maze", mask_spec, 20, 18, NULL);
  g_unlink (mask);
  opened = open_maze (session, ell);
  want = g_strconcat ("mask:", ell, NULL);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, want);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 8);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "ell.maze");
  generate (fixture);
  g_assert_true (maze_is_perfect (window_test_maze (fixture->window)));
  g_assert_true (same_shape (window_test_maze (fixture->window), opened));
  g_assert_cmpstr (maze_meta_get (window_test_maze (fixture->window), "shape"), ==, "mask:ell.maze");
  maze_free (opened);
  g_clear_pointer (&want, g_free);

  /* metadata that names another shape than the cells: the file again */
  opened = open_maze (session, liar);
  want = g_strconcat ("mask:", liar, NULL);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, want);
  generate (fixture);
  g_assert_true (same_shape (window_test_maze (fixture->window), opened));
  maze_free (opened);
  g_clear_pointer (&want, g_free);

  /* a rectangle */
  opened = open_maze (session, rectangle);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (row), ==, "");
  generate (fixture);
  g_assert_false (maze_is_shaped (window_test_maze (fixture->window)));
  g_assert_cmpuint (maze_width (window_test_maze (fixture->window)), ==, 12);
  maze_free (opened);

  /* a window made for an opened file: the file's shape, not the
   * remembered one; the settings learn it, the word stays */
  g_settings_set_string (fixture->settings, "shape", "heart");
  g_settings_set_string (fixture->settings, "shape-word", "CLASS");
  other = bitmaze_session_new ();
  opened = open_maze (other, ell);
  second = bitmaze_window_new_for_session (NULL, other);
  g_object_add_weak_pointer (G_OBJECT (second), (gpointer *) &second);
  gtk_window_present (GTK_WINDOW (second));
  second_row = BITMAZE_SHAPE_ROW (window_test_find (GTK_WIDGET (second), BITMAZE_TYPE_SHAPE_ROW));
  want = g_strconcat ("mask:", ell, NULL);
  g_assert_cmpstr (bitmaze_shape_row_get_spec (second_row), ==, want);
  setting = g_settings_get_string (fixture->settings, "shape");
  g_assert_cmpstr (setting, ==, "mask");
  g_clear_pointer (&setting, g_free);
  setting = g_settings_get_string (fixture->settings, "shape-mask");
  g_assert_cmpstr (setting, ==, ell);
  g_clear_pointer (&setting, g_free);
  setting = g_settings_get_string (fixture->settings, "shape-word");
  g_assert_cmpstr (setting, ==, "CLASS");
  g_clear_pointer (&setting, g_free);
  gtk_widget_activate_action (GTK_WIDGET (second), "win.generate", NULL);
  gui_test_wait_for_property (other, "running", FALSE);
  g_assert_true (bitmaze_session_get_maze (other) != NULL);
  g_assert_true (same_shape (bitmaze_session_get_maze (other), opened));
  maze_free (opened);
  gtk_window_destroy (GTK_WINDOW (second));
  gui_test_wait_for_finalize (&second, "the second window to be finalized");

  g_unlink (circle);
  g_unlink (word);
  g_unlink (liar);
  g_unlink (rectangle);
  g_unlink (ell);
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
  g_test_add ("/shapes-window/open-shaped-file", Fixture, NULL,
              fixture_setup, test_open_shaped_file, fixture_teardown);
  g_test_add ("/shapes-window/worksheet", Fixture, NULL,
              fixture_setup, test_worksheet, fixture_teardown);
  g_test_add ("/shapes-window/refusal", Fixture, NULL,
              fixture_setup, test_refusal_shown, fixture_teardown);
  g_test_add ("/shapes-window/inspector", Fixture, NULL,
              fixture_setup, test_inspector_border_bits, fixture_teardown);

  return g_test_run ();
}
