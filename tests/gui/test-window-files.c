/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The app's Save and Export follow the output rule of maze-output.h, as
 * bitmaze-cli does: links stay links, devices and FIFOs are written into,
 * read-only files are refused, names of 255 bytes save, messages name
 * the whole path.  And the wall follower's island is told apart from
 * "no path" in the status line; opening a file keeps the user's Run speed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "maze.h"

#include "../common/gui-test.h"
#include "../common/window-test.h"

#include "bitmaze-word-label.h"

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
  char          *tmpdir;
} Fixture;

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
  bitmaze_session_set_seed (window_test_session (fixture->window), 17);
  bitmaze_session_set_size (window_test_session (fixture->window), 12, 9);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);

  fixture->tmpdir = g_dir_make_tmp ("bitmaze-files-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", fixture->tmpdir);

  if (fixture->window != NULL)
    {
      AdwMessageDialog *dialog = window_test_save_dialog (fixture->window);

      if (dialog != NULL)
        window_test_respond (dialog, "discard");
      if (fixture->window != NULL)
        gtk_window_destroy (GTK_WINDOW (fixture->window));
    }
  gui_test_wait_for_finalize (&fixture->window, "the window to be finalized");

  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL));
  g_free (fixture->tmpdir);
  g_clear_object (&fixture->settings);
}

static char *
tmp_path (Fixture    *fixture,
          const char *name)
{
  return g_build_filename (fixture->tmpdir, name, NULL);
}

static char *
read_file (const char *path,
           gsize      *len)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

static gboolean
save (Fixture     *fixture,
      const char  *path,
      GError     **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return bitmaze_session_save (window_test_session (fixture->window), file, error);
}

static gboolean
export (Fixture     *fixture,
        const char  *path,
        GError     **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return bitmaze_session_export (window_test_session (fixture->window), file, TRUE, TRUE, error);
}

/* Save: through a link, into a FIFO, over a read-only file, with a name
 * of 255 bytes and with a long path. */
static void
test_save_rule (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *real = tmp_path (fixture, "real.maze");
  g_autofree char *link = tmp_path (fixture, "link.maze");
  g_autofree char *fifo = tmp_path (fixture, "pipe.maze");
  g_autofree char *ro = tmp_path (fixture, "ro.maze");
  g_autofree char *stem = g_strnfill (250, 'n');
  g_autofree char *long_name = g_strconcat (stem, ".maze", NULL);
  g_autofree char *long_path = tmp_path (fixture, long_name);
  g_autofree char *contents = NULL;
  g_autoptr (GString) deep = g_string_new (fixture->tmpdir);
  g_autoptr (GError) error = NULL;
  guint8 buf[65536];
  struct stat st;
  ssize_t n;
  gsize len;
  int fd;

  g_assert_true (g_file_set_contents (real, "old", 3, NULL));
  g_assert_cmpint (symlink ("real.maze", link), ==, 0);
  g_assert_true (save (fixture, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  contents = read_file (real, &len);
  g_assert_cmpmem (contents, 8, "\x89MAZE\r\n\x1a", 8);
  g_clear_pointer (&contents, g_free);

  /* a FIFO, held open here so that opening it does not wait */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fd = open (fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_true (save (fixture, fifo, &error));
  n = read (fd, buf, sizeof buf);
  g_assert_cmpint (n, >, 40);
  g_assert_cmpmem (buf, 8, "\x89MAZE\r\n\x1a", 8);
  close (fd);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* read-only: refused, unchanged */
  g_assert_true (g_file_set_contents (ro, "old", 3, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  g_assert_false (save (fixture, ro, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "the file is read-only"));
  g_assert_nonnull (strstr (error->message, ro));
  g_clear_error (&error);
  contents = read_file (ro, &len);
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);
  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);

  /* 255 bytes */
  g_assert_true (save (fixture, long_path, &error));
  g_assert_true (save (fixture, long_path, &error));
  g_assert_no_error (error);

  /* a message about a path of 3000 bytes shows all of it */
  while (deep->len < 3000)
    g_string_append (deep, "/a-folder-that-is-not-there");
  g_string_append (deep, "/x.maze");
  g_assert_false (save (fixture, deep->str, &error));
  g_assert_nonnull (strstr (error->message, deep->str));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
}

/* Export: through a link, into a character device made here, over a
 * read-only file. */
static void
test_export_rule (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *real = tmp_path (fixture, "real.png");
  g_autofree char *link = tmp_path (fixture, "link.png");
  g_autofree char *null = tmp_path (fixture, "null.svg");
  g_autofree char *ro = tmp_path (fixture, "ro.pdf");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;
  gsize len;

  g_assert_true (g_file_set_contents (real, "old", 3, NULL));
  g_assert_cmpint (symlink ("real.png", link), ==, 0);
  g_assert_true (export (fixture, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  contents = read_file (real, &len);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&contents, g_free);

  if (mknod (null, S_IFCHR | 0666, makedev (1, 3)) == 0)
    {
      g_assert_true (export (fixture, null, &error));
      g_assert_cmpint (lstat (null, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }

  g_assert_true (g_file_set_contents (ro, "old", 3, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  g_assert_false (export (fixture, ro, &error));
  g_assert_nonnull (strstr (error->message, "the file is read-only"));
  contents = read_file (ro, &len);
  g_assert_cmpstr (contents, ==, "old");
  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);
}

/* A label of the window showing @text, if any. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return widget;
  /* the status's step line, cut at a word when it must be */
  if (BITMAZE_IS_WORD_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (bitmaze_word_label_get_label (BITMAZE_WORD_LABEL (widget)), text) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A 5x5 room with a walled-in centre cell open to the north (an island
 * the left hand never touches), the goal in it. */
static char *
write_island (Fixture *fixture)
{
  char *path = tmp_path (fixture, "island.maze");
  MazeError err = { 0 };
  Maze *m = maze_new (5, 5, &err);

  for (uint32_t y = 0; y < 5; y++)
    for (uint32_t x = 0; x < 5; x++)
      {
        if (x + 1 < 5)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_E, true, &err);
        if (y + 1 < 5)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_S, true, &err);
      }
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_E, false, &err);
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_S, false, &err);
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_W, false, &err);
  g_assert_cmpint (maze_set_start (m, 0, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_goal (m, maze_index (m, 2, 2), &err), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  maze_free (m);
  return path;
}

static void
test_island_status (Fixture       *fixture,
                    gconstpointer  data)
{
  BitmazeWindow *window = fixture->window;
  BitmazeSession *session = window_test_session (window);
  g_autofree char *path = write_island (fixture);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (bitmaze_session_load (session, file, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "wall-follower");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  gui_test_wait_for_property (session, "running", FALSE);

  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_NO_PATH);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Out of reach");
  g_assert_cmpstr (window_test_status_text (window, "step"), ==,
                   "The goal is on an island the wall follower cannot reach: "
                   "a path exists, another solver finds it");
  g_assert_nonnull (find_label (GTK_WIDGET (window),
                                "The goal is on an island the wall follower cannot reach"));

  /* another solver finds the path, and the status says no more of islands */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solver", "s", "bfs");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, "Solved");
  g_assert_null (find_label (GTK_WIDGET (window), "wall follower cannot reach"));
}

/* Opening a file keeps the user's Run speed and Animate Building: in the
 * window (Open) and in a window made for it (the command line, Files). */
static void
test_open_keeps_preferences (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *path = tmp_path (fixture, "kept.maze");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BitmazeSession) other = NULL;
  BitmazeSession *session = window_test_session (fixture->window);
  BitmazeWindow *second;
  gboolean animate = FALSE;
  double speed = 0;

  g_assert_true (save (fixture, path, &error));
  g_assert_no_error (error);
  /* the user's choices in the window, remembered in the settings */
  g_object_set (session, "speed", 4.25, "animate", TRUE, NULL);
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "speed"), ==, 4.25);
  g_assert_true (g_settings_get_boolean (fixture->settings, "animate-generation"));

  bitmaze_window_open_file (fixture->window, file);
  gui_test_wait_for_property (session, "running", FALSE);
  g_object_get (session, "speed", &speed, "animate", &animate, NULL);
  g_assert_cmpfloat (speed, ==, 4.25);
  g_assert_true (animate);
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "speed"), ==, 4.25);
  g_assert_true (g_settings_get_boolean (fixture->settings, "animate-generation"));

  other = bitmaze_session_new ();
  g_assert_true (bitmaze_session_load (other, file, &error));
  g_assert_no_error (error);
  second = bitmaze_window_new_for_session (NULL, other);
  g_object_add_weak_pointer (G_OBJECT (second), (gpointer *) &second);
  gtk_window_present (GTK_WINDOW (second));
  g_object_get (other, "speed", &speed, "animate", &animate, NULL);
  g_assert_cmpfloat (speed, ==, 4.25);
  g_assert_true (animate);
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "speed"), ==, 4.25);
  g_assert_true (g_settings_get_boolean (fixture->settings, "animate-generation"));
  gtk_window_destroy (GTK_WINDOW (second));
  gui_test_wait_for_finalize (&second, "the second window to be finalized");
}

/* The status tells the time the user waited for a Run, its steps paced
 * at a few hundred a second, and the engine's small part of it beside
 * it, labelled. */
static void
test_status_waited_time (Fixture       *fixture,
                         gconstpointer  data)
{
  BitmazeSession *session = window_test_session (fixture->window);
  gint64 start, waited, engine;
  const char *numbers;

  g_object_set (session, "speed", 2.5, NULL);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVED);
  waited = bitmaze_session_get_waited_time (session);
  engine = bitmaze_session_get_engine_time (session);
  /* tens of steps at 316 a second: a tenth of a second at least */
  g_assert_cmpint (waited, >=, 100000);
  g_assert_cmpint (waited, <=, g_get_monotonic_time () - start);
  g_assert_cmpint (engine, <, waited);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
  numbers = window_test_status_text (fixture->window, "numbers");
  if (strstr (numbers, " (engine ") == NULL)
    g_error ("the status does not give the engine's time beside the time waited: %s", numbers);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/window-files/save-rule", Fixture, NULL, fixture_setup,
              test_save_rule, fixture_teardown);
  g_test_add ("/window-files/export-rule", Fixture, NULL, fixture_setup,
              test_export_rule, fixture_teardown);
  g_test_add ("/window-files/island-status", Fixture, NULL, fixture_setup,
              test_island_status, fixture_teardown);
  g_test_add ("/window-files/open-keeps-preferences", Fixture, NULL, fixture_setup,
              test_open_keeps_preferences, fixture_teardown);
  g_test_add ("/window-files/status-waited-time", Fixture, NULL, fixture_setup,
              test_status_waited_time, fixture_teardown);

  return g_test_run ();
}
