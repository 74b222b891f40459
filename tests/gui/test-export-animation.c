/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Export Animation… in a real window: the GIF of the window's maze and
 * solver is written by a worker while the window goes on, with a progress
 * dialog whose Cancel leaves no file behind.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "bitmaze-export-animation.h"
#include "../common/window-test.h"

#define SEED 20240501u

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
  g_settings_set_string (fixture->settings, "solver", "bfs");

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));

  bitmaze_session_set_seed (window_test_session (fixture->window), SEED);
  bitmaze_session_set_size (window_test_session (fixture->window), 12, 9);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);

  fixture->tmpdir = g_dir_make_tmp ("bitmaze-export-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
}

static guint
count_files (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  const char *name;

  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
  gui_test_wait_for_finalize (&fixture->window, "the window to be finalized");

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (fixture->tmpdir, name, NULL);

      g_unlink (file);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_clear_object (&fixture->settings);
}

/* The progress dialog over @window, or NULL. */
static AdwMessageDialog *
find_dialog (BitmazeWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel)
          && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

static void
on_finished (BitmazeExportAnimation *export,
             const GError           *error,
             GError                **out)
{
  *out = error != NULL ? g_error_copy (error) : NULL;
}

static void
test_writes_gif (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "maze-bfs.gif", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GuiTestSignal) finished = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  BitmazeExportAnimation *export;
  gsize len = 0;

  /* The menu's action is there, and enabled with a maze. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                    "export-animation"));

  export = bitmaze_export_animation_run (GTK_WINDOW (fixture->window), window_test_session (fixture->window), file);
  g_assert_nonnull (export);
  g_assert_nonnull (find_dialog (fixture->window));
  finished = gui_test_signal_watch (export, "finished");
  g_signal_connect (export, "finished", G_CALLBACK (on_finished), &error);
  gui_test_wait_for_signal (finished, 1);

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 100);
  g_assert_cmpmem (contents, 6, "GIF89a", 6);
  /* by default a slide's size, 800 pixels wide, with captions under the
   * maze (taller than the maze's own 800-pixel drawing) */
  {
    RenderOptions options;
    double w, h;

    render_options_init (&options);
    g_assert_true (render_size_to_width (window_test_maze (fixture->window), &options, 800));
    render_get_size (window_test_maze (fixture->window), &options, &w, &h);
    g_assert_cmpint ((guint8) contents[6] | (guint8) contents[7] << 8, ==, 800);
    g_assert_cmpint ((guint8) contents[8] | (guint8) contents[9] << 8, ==,
                     (int) h + (int) render_animation_caption_height (800));
  }
  g_assert_cmpuint (count_files (fixture->tmpdir), ==, 1);
  /* The progress dialog goes once the file is there. */
  g_assert_null (find_dialog (fixture->window));
}

/* The small size without captions: the picture's own cells. */
static void
test_small_without_captions (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "small.gif", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GuiTestSignal) finished = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  BitmazeExportAnimation *export;
  RenderOptions options;
  double w, h;
  gsize len = 0;

  g_settings_set_string (fixture->settings, "export-animation-size", "small");
  g_settings_set_boolean (fixture->settings, "export-animation-captions", FALSE);
  export = bitmaze_export_animation_run (GTK_WINDOW (fixture->window),
                                         window_test_session (fixture->window), file);
  finished = gui_test_signal_watch (export, "finished");
  g_signal_connect (export, "finished", G_CALLBACK (on_finished), &error);
  gui_test_wait_for_signal (finished, 1);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  render_options_init (&options);
  render_auto_size (window_test_maze (fixture->window), &options);
  render_get_size (window_test_maze (fixture->window), &options, &w, &h);
  g_assert_cmpint ((guint8) contents[6] | (guint8) contents[7] << 8, ==, (int) w);
  g_assert_cmpint ((guint8) contents[8] | (guint8) contents[9] << 8, ==, (int) h);
  g_settings_reset (fixture->settings, "export-animation-size");
  g_settings_reset (fixture->settings, "export-animation-captions");
}

/* Cancel in the progress dialog: "finished" says cancelled, and neither the
 * GIF nor a temporary file is left in the folder. */
static void
test_cancel_leaves_no_file (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "cancelled.gif", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GuiTestSignal) finished = NULL;
  g_autoptr (GError) error = NULL;
  BitmazeExportAnimation *export;
  AdwMessageDialog *dialog;

  export = bitmaze_export_animation_run (GTK_WINDOW (fixture->window), window_test_session (fixture->window), file);
  g_assert_nonnull (export);
  finished = gui_test_signal_watch (export, "finished");
  g_signal_connect (export, "finished", G_CALLBACK (on_finished), &error);

  /* The worker looks at Cancel after every frame, the first one too. */
  dialog = find_dialog (fixture->window);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "cancel");
  gui_test_wait_for_signal (finished, 1);

  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (fixture->tmpdir), ==, 0);
  g_assert_null (find_dialog (fixture->window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/export-animation/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("writes-gif", test_writes_gif);
  ADD ("small-without-captions", test_small_without_captions);
  ADD ("cancel-leaves-no-file", test_cancel_leaves_no_file);

  return g_test_run ();
}
