/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Export… (Ctrl+E) in a real window: the dialog's rows are driven as a
 * teacher would (format, size, page, what it shows, labels, title), the
 * choices land in GSettings and come back in the next dialog, and from a
 * 12x8 maze solved by BFS it writes an A4 PDF that fills the page inside
 * its margins and a PNG exactly 1920 pixels wide, with and without the
 * search, with cell labels.  Export Worksheet… is driven the same way:
 * exercises, size, count, answers, paper and title, remembered, and the
 * worksheet and its answer file written.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "bitmaze-export-dialog.h"
#include "bitmaze-print.h"
#include "bitmaze-worksheet-dialog.h"
#include "../common/window-test.h"

#define SEED 20240501u
#define A4_W (210.0 * 72.0 / 25.4)
#define A4_H (297.0 * 72.0 / 25.4)

typedef struct
{
  BitmazeWindow       *window;
  BitmazeExportDialog *dialog;
  GSettings           *settings;
  char                *tmpdir;
} Fixture;

static GtkWidget *
named (GtkWidget  *root,
       const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The dialog Ctrl+E opened: the window's newest transient. */
static BitmazeExportDialog *
open_dialog (Fixture *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  BitmazeExportDialog *dialog = NULL;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export", NULL);
  for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, k);

      if (BITMAZE_IS_EXPORT_DIALOG (window))
        dialog = BITMAZE_EXPORT_DIALOG (window);
    }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog))
                 == GTK_WINDOW (fixture->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  return dialog;
}

static void
assert_setting (Fixture    *fixture,
                const char *key,
                const char *value)
{
  g_autofree char *now = g_settings_get_string (fixture->settings, key);

  g_assert_cmpstr (now, ==, value);
}

static void
select_row (BitmazeExportDialog *dialog,
            const char          *name,
            guint                position)
{
  GtkWidget *row = named (GTK_WIDGET (dialog), name);

  g_assert_nonnull (row);
  g_assert_true (ADW_IS_COMBO_ROW (row));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), position);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  BitmazeSession *session;

  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  /* every test starts from the defaults of the export keys */
  {
    g_autoptr (GSettingsSchema) schema = NULL;
    g_auto (GStrv) keys = NULL;

    g_object_get (fixture->settings, "settings-schema", &schema, NULL);
    keys = g_settings_schema_list_keys (schema);
    for (guint k = 0; keys[k] != NULL; k++)
      if (g_str_has_prefix (keys[k], "export-") || g_str_has_prefix (keys[k], "worksheet-"))
        g_settings_reset (fixture->settings, keys[k]);
  }

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));

  session = window_test_session (fixture->window);
  bitmaze_session_set_seed (session, SEED);
  bitmaze_session_set_size (session, 12, 8);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  /* solved by BFS: search bits and the path */
  while (bitmaze_session_step (session))
    ;

  fixture->tmpdir = g_dir_make_tmp ("bitmaze-export-dialog-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
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

static char *
write_file (Fixture             *fixture,
            BitmazeExportDialog *dialog,
            const char          *name)
{
  char *path = g_build_filename (fixture->tmpdir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  const char *keep = g_getenv ("BITMAZE_TEST_KEEP");

  g_assert_true (bitmaze_export_dialog_write (dialog, file, &error));
  g_assert_no_error (error);
  /* BITMAZE_TEST_KEEP=DIR keeps a copy of each file, to look at */
  if (keep != NULL)
    {
      g_autofree char *copy = g_build_filename (keep, name, NULL);
      g_autoptr (GFile) target = g_file_new_for_path (copy);

      g_assert_true (g_file_copy (file, target, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL));
    }
  return path;
}

/* Pixels of @png that are search yellow (red high, green high, blue low). */
static guint
yellow_pixels (cairo_surface_t *png)
{
  const guint8 *data = cairo_image_surface_get_data (png);
  int stride = cairo_image_surface_get_stride (png);
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (png); y++)
    for (int x = 0; x < cairo_image_surface_get_width (png); x++)
      {
        guint32 p = ((const guint32 *) (const void *) (data + (gsize) y * stride))[x];
        guint r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;

        if (r > 200 && g > 180 && b < 120)
          n++;
      }
  return n;
}

static void
test_png_1920 (Fixture       *fixture,
               gconstpointer  data)
{
  BitmazeExportDialog *dialog = open_dialog (fixture);
  g_autofree char *with_search = NULL;
  g_autofree char *clean = NULL;
  cairo_surface_t *png;
  RenderOptions options;
  RenderPage page;
  guint yellow;

  select_row (dialog, "format", 0);       /* PNG */
  select_row (dialog, "size-by", 0);      /* total width */
  select_row (dialog, "labels", 1);       /* the word in hex */
  select_row (dialog, "show", 0);         /* the search and the path */
  assert_setting (fixture, "export-labels", "hex");
  /* the result line says what comes out */
  g_assert_nonnull (strstr (bitmaze_export_dialog_get_result (dialog), "1920"));
  bitmaze_export_dialog_get_choices (dialog, window_test_maze (fixture->window),
                                     &options, &page, NULL);
  g_assert_true (render_labels_fit (&options));

  with_search = write_file (fixture, dialog, "search.png");
  png = cairo_image_surface_create_from_png (with_search);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1920);
  yellow = yellow_pixels (png);
  g_assert_cmpuint (yellow, >, 100000);
  cairo_surface_destroy (png);

  select_row (dialog, "show", 2);         /* a clean maze */
  clean = write_file (fixture, dialog, "clean.png");
  png = cairo_image_surface_create_from_png (clean);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1920);
  g_assert_cmpuint (yellow_pixels (png), ==, 0);
  cairo_surface_destroy (png);

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The MediaBox of a one-page cairo PDF. */
static void
pdf_page (const char *path,
          double     *width,
          double     *height)
{
  g_autofree char *bytes = NULL;
  gsize len;
  double x0, y0;

  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  for (gsize k = 0; k + 11 < len; k++)
    if (memcmp (bytes + k, "/MediaBox [", 11) == 0
        && sscanf (bytes + k, "/MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, width, height) == 4)
      return;
  g_assert_not_reached ();
}

static void
test_a4_pdf (Fixture       *fixture,
             gconstpointer  data)
{
  BitmazeExportDialog *dialog = open_dialog (fixture);
  Maze *maze = window_test_maze (fixture->window);
  GtkWidget *title = named (GTK_WIDGET (dialog), "title");
  g_autofree char *path = NULL;
  g_autofree char *clean = NULL;
  RenderOptions options;
  RenderPage page;
  double w, h, mw, mh, scale;

  select_row (dialog, "format", 2);       /* PDF */
  select_row (dialog, "paper", 0);        /* A4 */
  select_row (dialog, "orientation", 0);  /* portrait */
  select_row (dialog, "labels", 2);       /* one nibble in binary */
  select_row (dialog, "nibble", 3);       /* the backtrack nibble */
  select_row (dialog, "show", 0);
  gtk_editable_set_text (GTK_EDITABLE (title), "Week 3: BFS");
  g_assert_true (gtk_widget_get_visible (named (GTK_WIDGET (dialog), "nibble")));
  assert_setting (fixture, "export-title", "Week 3: BFS");
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "export-label-nibble"), ==, 3);
  g_assert_nonnull (strstr (bitmaze_export_dialog_get_result (dialog), "210 × 297 mm"));

  path = write_file (fixture, dialog, "a4.pdf");
  pdf_page (path, &w, &h);
  g_assert_cmpfloat (fabs (w - A4_W), <, 0.01);
  g_assert_cmpfloat (fabs (h - A4_H), <, 0.01);
  /* the maze fills the width inside the margins (15 mm) */
  bitmaze_export_dialog_get_choices (dialog, maze, &options, &page, NULL);
  g_assert_cmpfloat (fabs (page.margin - 15 * 72 / 25.4), <, 0.01);
  scale = render_page_scale (maze, &options, &page);
  render_get_size (maze, &options, &mw, &mh);
  g_assert_cmpfloat (fabs (mw * scale - (w - 2 * page.margin)), <, 0.5);
  /* labels fit the cells on the page */
  options.cell_size *= scale;
  options.wall_width *= scale;
  g_assert_true (render_labels_fit (&options));

  /* the colour legend under the maze, the frontier named for BFS */
  gtk_switch_set_active (GTK_SWITCH (window_test_find (named (GTK_WIDGET (dialog), "legend"),
                                                       GTK_TYPE_SWITCH)), TRUE);
  g_assert_true (g_settings_get_boolean (fixture->settings, "export-legend"));
  bitmaze_export_dialog_get_choices (dialog, maze, &options, &page, NULL);
  g_assert_true (page.legend);
  g_assert_nonnull (page.legend_algorithm);
  g_assert_cmpstr (page.legend_labels[RENDER_LEGEND_FRONTIER], ==, "queue");
  g_free (write_file (fixture, dialog, "legend.pdf"));

  select_row (dialog, "show", 2);
  /* a clean maze has no colours to explain */
  bitmaze_export_dialog_get_choices (dialog, maze, &options, &page, NULL);
  g_assert_false (page.legend);
  clean = write_file (fixture, dialog, "clean.pdf");
  pdf_page (clean, &w, &h);
  g_assert_cmpfloat (fabs (w - A4_W), <, 0.01);

  /* landscape */
  select_row (dialog, "orientation", 1);
  g_assert_true (g_settings_get_boolean (fixture->settings, "export-landscape"));
  g_assert_nonnull (strstr (bitmaze_export_dialog_get_result (dialog), "297 × 210 mm"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The rows show what the format takes, and the next dialog starts from
 * the choices made. */
static void
test_rows_and_memory (Fixture       *fixture,
                      gconstpointer  data)
{
  BitmazeExportDialog *dialog = open_dialog (fixture);
  GtkWidget *paper = named (GTK_WIDGET (dialog), "paper");
  GtkWidget *size_by = named (GTK_WIDGET (dialog), "size-by");

  select_row (dialog, "format", 0);
  g_assert_true (gtk_widget_is_visible (size_by));
  g_assert_false (gtk_widget_is_visible (paper));
  select_row (dialog, "size-by", 1);      /* cell size */
  g_assert_nonnull (strstr (bitmaze_export_dialog_get_result (dialog), "cells of 32"));
  select_row (dialog, "format", 1);       /* SVG */
  g_assert_false (gtk_widget_is_visible (size_by));
  g_assert_true (gtk_widget_is_visible (paper));
  select_row (dialog, "paper", 2);        /* the maze's own size */
  g_assert_false (gtk_widget_is_visible (named (GTK_WIDGET (dialog), "orientation")));
  g_assert_false (gtk_widget_get_visible (named (GTK_WIDGET (dialog), "nibble")));
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = open_dialog (fixture);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog),
                                                                     "format"))), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog),
                                                                     "paper"))), ==, 2);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Export Worksheet…'s exercises: a sheet and a key for each maze. */
static void
test_worksheet_exercises (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "sheet.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *bytes = NULL;
  gsize len;
  guint pages = 0;

  g_assert_true (bitmaze_print_write_exercises (window_test_session (fixture->window), file,
                                                3, 6, 6, RENDER_PAPER_A4, TRUE,
                                                RENDER_EXERCISE_ALL, "Week 3", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  for (gsize k = 0; k + 11 < len; k++)
    if (memcmp (bytes + k, "/Type /Page", 11) == 0 && bytes[k + 11] != 's')
      pages++;
  g_assert_cmpuint (pages, ==, 6);
  /* mazes too big for the words of a trace are refused */
  g_assert_false (bitmaze_print_write_exercises (window_test_session (fixture->window), file,
                                                 2, 20, 20, RENDER_PAPER_A4, TRUE,
                                                 RENDER_EXERCISE_TRACE, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static guint
count_pages (const char *path)
{
  g_autofree char *bytes = NULL;
  gsize len;
  guint pages = 0;

  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  for (gsize k = 0; k + 11 < len; k++)
    if (memcmp (bytes + k, "/Type /Page", 11) == 0 && bytes[k + 11] != 's')
      pages++;
  return pages;
}

/* Export Worksheet…: the window's newest worksheet dialog. */
static BitmazeWorksheetDialog *
open_worksheet_dialog (Fixture *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  BitmazeWorksheetDialog *dialog = NULL;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export-worksheet", NULL);
  for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, k);

      if (BITMAZE_IS_WORKSHEET_DIALOG (window))
        dialog = BITMAZE_WORKSHEET_DIALOG (window);
    }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog))
                 == GTK_WINDOW (fixture->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  return dialog;
}

/* The check button or spin button at the end of a row. */
static GtkWidget *
row_widget (gpointer    dialog,
            const char *name)
{
  GtkWidget *row = named (GTK_WIDGET (dialog), name);

  g_assert_nonnull (row);
  return adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
}

static void
check_exercise (gpointer    dialog,
                const char *name,
                gboolean    active)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (row_widget (dialog, name)), active);
}

static void
spin_to (gpointer    dialog,
         const char *name,
         double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (row_widget (dialog, name)), value);
}

/* Export Worksheet… as a teacher drives it: the exercises checked and
 * unchecked (exercise sheets take mazes of 12 cells a side at most, the
 * mazes alone any size), the count, the answers on pages, in a file or
 * none, the title; the preview shows the first page and the answer page;
 * every choice comes back in the next dialog; the files are written with
 * the pages the result line promised. */
static void
test_worksheet_dialog (Fixture       *fixture,
                       gconstpointer  data)
{
  BitmazeWorksheetDialog *dialog = open_worksheet_dialog (fixture);
  g_autofree char *path = g_build_filename (fixture->tmpdir, "week3.pdf", NULL);
  g_autofree char *answers_path = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) answers = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *title;

  /* the defaults: the four exercises on 4 mazes of 6x6, the keys after */
  g_assert_cmpstr (bitmaze_worksheet_dialog_get_result (dialog), ==,
                   "8 pages, the answers from page 5 on");
  g_assert_cmpuint (bitmaze_worksheet_dialog_get_n_previewed (dialog), ==, 2);
  g_assert_true (gtk_widget_get_sensitive (named (GTK_WIDGET (dialog), "export")));

  /* the mazes alone may be big; exercises bring the size back to 12 */
  for (guint k = 0; k < RENDER_EXERCISE_KINDS; k++)
    check_exercise (dialog, render_exercise_name (k), FALSE);
  g_assert_false (g_settings_get_boolean (fixture->settings, "worksheet-predict"));
  spin_to (dialog, "width", 20);
  spin_to (dialog, "height", 20);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "worksheet-width"), ==, 20);
  g_assert_cmpstr (bitmaze_worksheet_dialog_get_result (dialog), ==,
                   "2 pages, the answers from page 2 on");
  check_exercise (dialog, "decode", TRUE);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "worksheet-width"), ==,
                    RENDER_EXERCISE_MAX_SIDE);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "worksheet-height"), ==,
                    RENDER_EXERCISE_MAX_SIDE);
  check_exercise (dialog, "predict", TRUE);
  spin_to (dialog, "count", 2);
  spin_to (dialog, "width", 5);

  /* the answers: a file of their own, then none */
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog), "answers")), 2);
  g_assert_cmpstr (bitmaze_worksheet_dialog_get_result (dialog), ==, "2 pages, no answers");
  g_assert_cmpuint (bitmaze_worksheet_dialog_get_n_previewed (dialog), ==, 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog), "answers")), 1);
  g_assert_cmpstr (bitmaze_worksheet_dialog_get_result (dialog), ==,
                   "2 pages, the answers in a file of their own");
  g_assert_cmpuint (bitmaze_worksheet_dialog_get_n_previewed (dialog), ==, 2);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog), "paper")), 1);
  title = named (GTK_WIDGET (dialog), "title");
  gtk_editable_set_text (GTK_EDITABLE (title), "Week 3");
  assert_setting (fixture, "worksheet-title", "Week 3");
  gtk_widget_queue_draw (GTK_WIDGET (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  g_assert_true (bitmaze_worksheet_dialog_write (dialog, file, &error));
  g_assert_no_error (error);
  answers = bitmaze_sheet_answers_file_for (file);
  answers_path = g_file_get_path (answers);
  g_assert_true (g_str_has_suffix (answers_path, "week3-answers.pdf"));
  g_assert_cmpuint (count_pages (path), ==, 2);
  g_assert_cmpuint (count_pages (answers_path), ==, 2);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the next dialog starts from these choices */
  dialog = open_worksheet_dialog (fixture);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (row_widget (dialog, "count"))),
                     ==, 2);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (row_widget (dialog, "width"))),
                     ==, 5);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (row_widget (dialog, "decode"))));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (row_widget (dialog, "trace"))));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog),
                                                                     "answers"))), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (named (GTK_WIDGET (dialog),
                                                                     "paper"))), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (GTK_WIDGET (dialog), "title"))),
                   ==, "Week 3");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/export-dialog/png-1920", Fixture, NULL, fixture_setup, test_png_1920,
              fixture_teardown);
  g_test_add ("/export-dialog/a4-pdf", Fixture, NULL, fixture_setup, test_a4_pdf,
              fixture_teardown);
  g_test_add ("/export-dialog/rows-and-memory", Fixture, NULL, fixture_setup,
              test_rows_and_memory, fixture_teardown);
  g_test_add ("/export-dialog/worksheet-exercises", Fixture, NULL, fixture_setup,
              test_worksheet_exercises, fixture_teardown);
  g_test_add ("/export-dialog/worksheet-dialog", Fixture, NULL, fixture_setup,
              test_worksheet_dialog, fixture_teardown);
  return g_test_run ();
}
