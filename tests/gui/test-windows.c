/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Several windows of one application: each has its own maze, controls
 * and settings (GSettings only gives a new window its first values), and
 * opening a file that cannot be read never leaves a window behind.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

typedef struct
{
  BitmazeApplication *app;
  GSettings          *settings;
  char               *dir;
} Fixture;

/* One application for every test: it registers on the bus once. */
static BitmazeApplication *application;

static guint
n_windows (Fixture *fixture)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (fixture->app)));
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_uint (fixture->settings, "maze-width", 20);
  g_settings_set_uint (fixture->settings, "maze-height", 15);

  fixture->app = application;
  g_assert_cmpuint (n_windows (fixture), ==, 0);
  fixture->dir = g_dir_make_tmp ("bitmaze-windows-XXXXXX", NULL);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  GList *windows;
  const char *name;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (fixture->app))) != NULL)
    gui_test_destroy_window (GTK_WINDOW (windows->data));
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  g_settings_reset (fixture->settings, "maze-width");
  g_settings_reset (fixture->settings, "maze-height");
  g_clear_object (&fixture->settings);
}


static GFile *
write_maze (Fixture    *fixture,
            const char *name,
            guint       width,
            guint       height)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  MazeError error;
  Maze *maze = maze_generate (width, height, maze_algorithm_default (maze_generators)->name, 3, 0, &error);

  g_assert_nonnull (maze);
  g_assert_cmpint (maze_save_file (maze, path, &error), ==, MAZE_OK);
  maze_free (maze);
  return g_file_new_for_path (path);
}

static GFile *
write_junk (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->dir, "junk.maze", NULL);

  g_assert_true (g_file_set_contents (path, "not a maze", -1, NULL));
  return g_file_new_for_path (path);
}

/* What the spin button of the controls pane's row @title shows. */
static guint
control_value (BitmazeWindow *window,
               const char    *title)
{
  GtkWidget *spin = window_test_find_spin (GTK_WIDGET (window), title);

  g_assert_nonnull (spin);
  return (guint) gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin));
}

/* A 12 x 6 file opened in a second window leaves the first window's maze,
 * size controls and recipe as they were. */
static void
test_windows_keep_their_own_size (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr (GFile) small = write_maze (fixture, "small.maze", 12, 6);
  BitmazeWindow *first, *second;
  GFile *files[1];

  g_application_activate (G_APPLICATION (fixture->app));
  g_assert_cmpuint (n_windows (fixture), ==, 1);
  first = BITMAZE_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (fixture->app)));
  /* the first window has something worth keeping: a search */
  gtk_widget_activate_action (GTK_WIDGET (first), "win.step", NULL);
  g_assert_false (bitmaze_window_is_pristine (first));
  g_assert_cmpuint (maze_width (window_test_maze (first)), ==, 20);

  files[0] = small;
  g_application_open (G_APPLICATION (fixture->app), files, 1, "");
  g_assert_cmpuint (n_windows (fixture), ==, 2);
  second = BITMAZE_WINDOW (gtk_application_get_windows (GTK_APPLICATION (fixture->app))->data);
  g_assert_true (second != first);
  gui_test_wait_for_frames (second, 1);

  g_assert_cmpuint (maze_width (window_test_maze (second)), ==, 12);
  g_assert_cmpuint (control_value (second, "Width"), ==, 12);
  g_assert_cmpuint (control_value (second, "Height"), ==, 6);
  g_assert_cmpuint (maze_width (window_test_maze (first)), ==, 20);
  g_assert_cmpuint (control_value (first, "Width"), ==, 20);
  g_assert_cmpuint (control_value (first, "Height"), ==, 15);

  /* A new maze in the first window is still 20 x 15, and its solver is
   * its own. */
  gtk_widget_activate_action (GTK_WIDGET (first), "win.solver", "s", "astar");
  g_assert_cmpstr (bitmaze_session_get_solver (window_test_session (second)), !=, "astar");
  gtk_widget_activate_action (GTK_WIDGET (first), "win.generate", NULL);
  g_assert_cmpuint (maze_width (window_test_maze (first)), ==, 20);
  g_assert_cmpuint (maze_height (window_test_maze (first)), ==, 15);
}

/* A file that cannot be read, with a window on screen: no new window, and
 * the window there says why. */
static void
test_failed_open_beside_a_window (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr (GFile) junk = write_junk (fixture);
  BitmazeWindow *window;
  GFile *files[1] = { junk };

  g_application_activate (G_APPLICATION (fixture->app));
  window = BITMAZE_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (fixture->app)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);

  g_application_open (G_APPLICATION (fixture->app), files, 1, "");
  g_assert_cmpuint (n_windows (fixture), ==, 1);
  g_assert_true (window_test_toast_says (window, "junk.maze"));
}

/* A file that cannot be read, with no window yet (the command line): one
 * window, as at start-up with a new maze, that says why. */
static void
test_failed_open_alone (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GFile) junk = write_junk (fixture);
  g_autoptr (GFile) good = write_maze (fixture, "good.maze", 9, 7);
  GFile *files[2] = { junk, junk };
  BitmazeWindow *window;

  g_application_open (G_APPLICATION (fixture->app), files, 2, "");
  g_assert_cmpuint (n_windows (fixture), ==, 1);
  window = BITMAZE_WINDOW (gtk_application_get_windows (GTK_APPLICATION (fixture->app))->data);
  g_assert_nonnull (window_test_maze (window));
  g_assert_cmpuint (maze_width (window_test_maze (window)), ==, 20);
  g_assert_true (window_test_toast_says (window, "junk.maze"));

  /* A good file and a bad one: one new window for the good one. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  files[0] = good;
  g_application_open (G_APPLICATION (fixture->app), files, 2, "");
  g_assert_cmpuint (n_windows (fixture), ==, 2);
}

/* A file whose recipe no longer makes its maze (Kruskal's first wall
 * order: no `generator-stream`), opened from the command line with no
 * window yet: the new window says so, although the file was read before
 * the window existed. */
static void
test_open_alone_says_what_loading_said (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "old-kruskal.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GFile *files[1] = { file };
  BitmazeWindow *window;
  MazeError error;
  Maze *maze = maze_generate (14, 9, "kruskal", 5, 0, &error);

  g_assert_nonnull (maze);
  g_assert_cmpstr (maze_meta_get (maze, "generator-stream"), ==, "2");
  g_assert_cmpint (maze_meta_set (maze, "generator-stream", NULL, &error), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (maze, path, &error), ==, MAZE_OK);
  maze_free (maze);

  g_application_open (G_APPLICATION (fixture->app), files, 1, "");
  g_assert_cmpuint (n_windows (fixture), ==, 1);
  window = BITMAZE_WINDOW (gtk_application_get_windows (GTK_APPLICATION (fixture->app))->data);
  g_assert_cmpuint (maze_width (window_test_maze (window)), ==, 14);
  g_assert_true (window_test_toast_says (window, "another version of 'kruskal'"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (BitmazeApplication) app = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = application = bitmaze_application_new ();
  /* Not the copy of Bitmaze that may run on this bus. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

#define ADD(name, func) \
  g_test_add ("/windows/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("keep-their-own-size", test_windows_keep_their_own_size);
  ADD ("failed-open-beside-a-window", test_failed_open_beside_a_window);
  ADD ("failed-open-alone", test_failed_open_alone);
  ADD ("open-alone-says-what-loading-said", test_open_alone_says_what_loading_said);
#undef ADD

  status = g_test_run ();
  application = NULL;
  return status;
}
