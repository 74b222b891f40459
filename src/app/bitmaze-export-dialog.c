/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-dialog.c: Export…, a picture of the maze made for a
 * lesson: PNG, SVG or PDF; a PNG by its cell size or its total width
 * (1920 pixels for a slide); a PDF or SVG on A4 or Letter, portrait or
 * landscape, the maze fitted inside the margins, or at its own size;
 * the search and the path, the path alone or a clean maze; cell labels
 * (the word in hex, or one nibble in binary); start and goal marks; a
 * title.  The choices live in GSettings (the widgets are bound to the
 * keys), so the next export starts from them; the preview draws the page
 * the file will be, with the renderer the file is written with.  The
 * file chooser comes after the choices.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bitmaze-error.h"
#include "bitmaze-export-common.h"
#include "bitmaze-export-dialog.h"
#include "bitmaze-worksheet.h"

#define MM_TO_POINTS (72.0 / 25.4)

struct _BitmazeExportDialog
{
  AdwWindow             parent_instance;

  BitmazeSession       *session;
  GtkWindow            *parent;     /* weak */
  GSettings            *settings;
  char                 *title;      /* the title key, for the page */
  const char           *legend_labels[RENDER_LEGEND_N_ITEMS];

  GtkWidget            *preview;
  GtkWidget            *size_group;
  GtkWidget            *cell_row;
  GtkWidget            *width_row;
  GtkWidget            *page_group;
  GtkWidget            *orientation_row;
  GtkWidget            *margin_row;
  GtkWidget            *nibble_row;
  GtkWidget            *result_row;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (BitmazeExportDialog, bitmaze_export_dialog, ADW_TYPE_WINDOW)

/* The values of a string key, in the order of its combo row. */
static const char *const format_values[] = { "png", "svg", "pdf", NULL };
static const char *const size_by_values[] = { "width", "cell", NULL };
static const char *const paper_values[] = { "a4", "letter", "maze", NULL };
static const char *const show_values[] = { "search", "path", "clean", NULL };
static const char *const label_values[] = { "none", "hex", "nibble", NULL };

/* ------------------------------------------------------------------ */
/* The choices                                                         */
/* ------------------------------------------------------------------ */

static int
setting_index (BitmazeExportDialog *self,
               const char          *key,
               const char *const   *values)
{
  return bitmaze_export_setting_index (self->settings, key, values);
}

void
bitmaze_export_dialog_get_choices (BitmazeExportDialog *self,
                                   const Maze          *maze,
                                   RenderOptions       *options,
                                   RenderPage          *page,
                                   RenderFormat        *format)
{
  int show, labels, paper;
  RenderFormat f;

  g_return_if_fail (BITMAZE_IS_EXPORT_DIALOG (self));
  g_return_if_fail (maze != NULL);

  f = (RenderFormat) setting_index (self, "export-format", format_values);
  if (format != NULL)
    *format = f;

  render_options_init (options);
  show = setting_index (self, "export-show", show_values);
  options->show_search = show == 0;
  options->show_solution = show != 2;
  labels = setting_index (self, "export-labels", label_values);
  options->label_mode = labels == 1 ? RENDER_LABEL_WORD_HEX
                        : labels == 2 ? RENDER_LABEL_NIBBLE_BIN : RENDER_LABEL_NONE;
  options->label_nibble = g_settings_get_uint (self->settings, "export-label-nibble");
  /* the path runs over the cells' words: see-through, they stay readable
   * under it (the legend's swatch takes the same colour) */
  if (options->label_mode != RENDER_LABEL_NONE)
    options->palette.solution.alpha *= 0.45;
  options->show_markers = g_settings_get_boolean (self->settings, "export-markers");

  render_page_init (page);
  page->note = bitmaze_label_note (options);
  /* a clean maze has no colours to explain */
  if (show != 2 && g_settings_get_boolean (self->settings, "export-legend"))
    {
      const char *solver = bitmaze_session_get_solver (self->session);

      page->legend = true;
      page->legend_algorithm = solver != NULL
                               ? maze_algorithm_find (maze_solvers, solver, NULL, NULL) : NULL;
      for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
        self->legend_labels[k] = _(render_legend_label ((RenderLegendItem) k,
                                                        page->legend_algorithm));
      page->legend_labels = self->legend_labels;
    }
  g_free (self->title);
  self->title = g_strstrip (g_settings_get_string (self->settings, "export-title"));
  page->title = self->title[0] != '\0' ? self->title : NULL;

  if (f == RENDER_FORMAT_PNG)
    {
      if (setting_index (self, "export-size-by", size_by_values) == 0)
        {
          /* a maze too wide for the width keeps cells of 2 pixels */
          if (!render_size_to_width (maze, options,
                                     g_settings_get_uint (self->settings, "export-width")))
            {
              options->cell_size = 2;
              options->wall_width = 1;
              options->margin = 1;
            }
        }
      else
        {
          double cell = g_settings_get_uint (self->settings, "export-cell-size");

          options->cell_size = cell;
          options->wall_width = MAX (1.0, round (cell / 8.0));
          options->margin = cell / 2.0;
        }
      return;
    }

  /* SVG and PDF: on a page, or at the maze's own size */
  render_auto_size (maze, options);
  paper = setting_index (self, "export-paper", paper_values);
  if (paper == 2)
    return;
  render_paper_size (paper == 1 ? RENDER_PAPER_LETTER : RENDER_PAPER_A4,
                     &page->width, &page->height);
  if (g_settings_get_boolean (self->settings, "export-landscape"))
    {
      double swap = page->width;

      page->width = page->height;
      page->height = swap;
    }
  page->margin = g_settings_get_uint (self->settings, "export-margin") * MM_TO_POINTS;
}

/* ------------------------------------------------------------------ */
/* Preview and result                                                  */
/* ------------------------------------------------------------------ */

/* The maze the picture shows: the session's, or for a clean maze a copy
 * without the search nibbles, so its labels do not give the search away
 * either.  Free it with maze_free() when *@copy. */
static Maze *
shown_maze (BitmazeExportDialog *self,
            gboolean            *copy)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  Maze *clean;

  *copy = FALSE;
  if (maze == NULL || setting_index (self, "export-show", show_values) != 2)
    return maze;
  clean = maze_copy (maze, NULL);
  if (clean == NULL)
    return maze;
  maze_reset_search (clean);
  *copy = TRUE;
  return clean;
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  BitmazeExportDialog *self = user_data;
  gboolean copy;
  Maze *maze = shown_maze (self, &copy);
  RenderOptions options;
  RenderPage page;
  double pw, ph;

  if (maze == NULL)
    return;
  bitmaze_export_dialog_get_choices (self, maze, &options, &page, NULL);
  render_page_get_size (maze, &options, &page, &pw, &ph);
  if (bitmaze_export_preview_sheet (cr, width, height, pw, ph, 1, 0))
    render_page_draw (cr, maze, &options, &page);
  if (copy)
    maze_free (maze);
}

static void
update (BitmazeExportDialog *self)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  RenderOptions options;
  RenderPage page;
  RenderFormat format;
  g_autofree char *result = NULL;
  double w, h;
  int paper = setting_index (self, "export-paper", paper_values);
  gboolean by_width = setting_index (self, "export-size-by", size_by_values) == 0;

  if (maze == NULL)
    return;
  bitmaze_export_dialog_get_choices (self, maze, &options, &page, &format);
  gtk_widget_set_visible (self->size_group, format == RENDER_FORMAT_PNG);
  gtk_widget_set_visible (self->width_row, by_width);
  gtk_widget_set_visible (self->cell_row, !by_width);
  gtk_widget_set_visible (self->page_group, format != RENDER_FORMAT_PNG);
  gtk_widget_set_visible (self->orientation_row, paper != 2);
  gtk_widget_set_visible (self->margin_row, paper != 2);
  gtk_widget_set_visible (self->nibble_row, options.label_mode == RENDER_LABEL_NIBBLE_BIN);

  render_page_get_size (maze, &options, &page, &w, &h);
  if (format == RENDER_FORMAT_PNG)
    /* Translators: the size of the PNG an export makes */
    result = g_strdup_printf (_("%.0f × %.0f pixels, cells of %.0f"), ceil (w), ceil (h),
                              options.cell_size);
  else
    /* Translators: the size of the page an export makes, in millimetres */
    result = g_strdup_printf (_("%.0f × %.0f mm"), w / MM_TO_POINTS, h / MM_TO_POINTS);
  if (options.label_mode != RENDER_LABEL_NONE
      && !render_labels_fit (&options) && render_page_scale (maze, &options, &page) <= 1.0)
    {
      char *more = g_strconcat (result, " — ", _("cells too small for labels"), NULL);

      g_free (result);
      result = more;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), result);
  gtk_widget_queue_draw (self->preview);
}

const char *
bitmaze_export_dialog_get_result (BitmazeExportDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_EXPORT_DIALOG (self), NULL);

  return adw_action_row_get_subtitle (ADW_ACTION_ROW (self->result_row));
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_export_dialog_write (BitmazeExportDialog *self,
                             GFile               *file,
                             GError             **error)
{
  gboolean copy = FALSE;
  Maze *maze = NULL;
  g_autofree char *path = NULL;
  RenderOptions options;
  RenderPage page;
  RenderFormat format;
  MazeError merror;
  MazeStatus status;

  g_return_val_if_fail (BITMAZE_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be written"));
      return FALSE;
    }
  maze = shown_maze (self, &copy);
  if (maze == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no maze to export"));
      return FALSE;
    }
  bitmaze_export_dialog_get_choices (self, maze, &options, &page, &format);
  maze_error_clear (&merror);
  status = render_page_to_file (maze, &options, &page, format, path, &merror);
  if (copy)
    maze_free (maze);
  if (status != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return FALSE;
    }
  return TRUE;
}

static void
chooser_response_cb (GtkNativeDialog     *chooser,
                     int                  response,
                     BitmazeExportDialog *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  {
    g_autofree char *path = g_file_get_path (file);
    int format = setting_index (self, "export-format", format_values);

    /* No extension typed: the chosen format's. */
    if (path != NULL && render_format_from_path (path) != format)
      {
        g_autofree char *with_ext = g_strconcat (path, ".", format_values[format], NULL);

        g_object_unref (file);
        file = g_file_new_for_path (with_ext);
      }
  }
  if (bitmaze_export_dialog_write (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);

      message = g_strdup_printf (_("Exported “%s”"), name);
    }
  else
    message = g_strdup_printf (_("Could not export the image: %s"), error->message);
  bitmaze_export_toast (self->parent, message);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
export_clicked_cb (BitmazeExportDialog *self)
{
  int format = setting_index (self, "export-format", format_values);
  static const char *const filter_names[] = { N_("PNG Image"), N_("SVG Image"), N_("PDF Document") };
  static const char *const mime_types[] = { "image/png", "image/svg+xml", "application/pdf" };
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  GFile *current = bitmaze_session_get_file (self->session);
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  g_autofree char *pattern = g_strdup_printf ("*.%s", format_values[format]);

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _(filter_names[format]));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_add_mime_type (filter, mime_types[format]);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (current != NULL)
    {
      char *dot;

      base = g_file_get_basename (current);
      dot = strrchr (base, '.');
      if (dot != NULL)
        *dot = '\0';
    }
  else
    /* Translators: the default file name of an exported picture, without
     * its extension */
    base = g_strdup (_("maze"));
  name = g_strconcat (base, ".", format_values[format], NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_export_dialog_dispose (GObject *object)
{
  BitmazeExportDialog *self = BITMAZE_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (bitmaze_export_dialog_parent_class)->dispose (object);
}

static void
bitmaze_export_dialog_finalize (GObject *object)
{
  BitmazeExportDialog *self = BITMAZE_EXPORT_DIALOG (object);

  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (bitmaze_export_dialog_parent_class)->finalize (object);
}

static void
bitmaze_export_dialog_class_init (BitmazeExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_export_dialog_dispose;
  object_class->finalize = bitmaze_export_dialog_finalize;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bitmaze_export_dialog_init (BitmazeExportDialog *self)
{
}

BitmazeExportDialog *
bitmaze_export_dialog_new (GtkWindow      *parent,
                           BitmazeSession *session)
{
  static const char *const formats[] = { N_("PNG Image"), N_("SVG Image"), N_("PDF Document"), NULL };
  static const char *const size_bys[] = { N_("Total width"), N_("Cell size"), NULL };
  static const char *const papers[] = { N_("A4"), N_("Letter"), N_("The maze’s own size"), NULL };
  static const char *const orientations[] = { N_("Portrait"), N_("Landscape"), NULL };
  static const char *const shows[] = { N_("The search and the path"), N_("The path only"),
                                       N_("A clean maze"), NULL };
  static const char *const labels[] = { N_("None"), N_("The word in hex"),
                                        N_("One nibble in binary"), NULL };
  static const char *const nibbles[] = { N_("Passages (bits 0–3)"), N_("Border (bits 4–7)"),
                                         N_("Solution (bits 8–11)"), N_("Backtrack (bits 12–15)"),
                                         NULL };
  BitmazeExportDialog *self;
  GtkWidget *prefs, *group, *row;
  GSettings *settings;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  self = g_object_new (BITMAZE_TYPE_EXPORT_DIALOG,
                       "title", _("Export Image"),
                       "modal", TRUE,
                       "transient-for", parent,
                       "default-width", 900,
                       "default-height", 640,
                       NULL);
  self->session = g_object_ref (session);
  g_set_weak_pointer (&self->parent, parent);
  self->settings = g_settings_new (APP_ID);

  self->preview = bitmaze_export_shell_build (ADW_WINDOW (self), _("_Export…"),
                                              G_CALLBACK (export_clicked_cb), draw_preview,
                                              &prefs);

  settings = self->settings;
  group = bitmaze_export_group (prefs, NULL);
  row = bitmaze_export_combo_row (settings, group, _("_Format"), formats, "export-format",
                                  format_values);
  gtk_widget_set_name (row, "format");
  row = bitmaze_export_entry_row (settings, group, _("_Title"), "export-title");
  gtk_widget_set_name (row, "title");
  self->result_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), _("Result"));
  gtk_widget_add_css_class (self->result_row, "property");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->result_row);

  self->size_group = bitmaze_export_group (prefs, _("Size"));
  row = bitmaze_export_combo_row (settings, self->size_group, _("_Size By"), size_bys,
                                  "export-size-by", size_by_values);
  gtk_widget_set_name (row, "size-by");
  self->width_row = bitmaze_export_spin_row (settings, self->size_group, _("_Width in Pixels"),
                                             "export-width", 200, 8000, 10);
  self->cell_row = bitmaze_export_spin_row (settings, self->size_group,
                                            _("_Cell Size in Pixels"), "export-cell-size",
                                            4, 256, 1);

  self->page_group = bitmaze_export_group (prefs, _("Page"));
  row = bitmaze_export_combo_row (settings, self->page_group, _("_Paper"), papers,
                                  "export-paper", paper_values);
  gtk_widget_set_name (row, "paper");
  self->orientation_row = bitmaze_export_combo_row (settings, self->page_group,
                                                    _("_Orientation"), orientations,
                                                    "export-landscape", NULL);
  gtk_widget_set_name (self->orientation_row, "orientation");
  bitmaze_export_bind_bool_selected (settings, "export-landscape", self->orientation_row);
  self->margin_row = bitmaze_export_spin_row (settings, self->page_group,
                                              _("_Margin in Millimetres"), "export-margin",
                                              0, 50, 1);

  group = bitmaze_export_group (prefs, _("What It Shows"));
  row = bitmaze_export_combo_row (settings, group, _("_Search"), shows, "export-show",
                                  show_values);
  gtk_widget_set_name (row, "show");
  row = bitmaze_export_combo_row (settings, group, _("Cell _Labels"), labels, "export-labels",
                                  label_values);
  gtk_widget_set_name (row, "labels");
  self->nibble_row = bitmaze_export_combo_row (settings, group, _("_Nibble"), nibbles,
                                               "export-label-nibble", NULL);
  gtk_widget_set_name (self->nibble_row, "nibble");
  g_settings_bind (settings, "export-label-nibble", self->nibble_row, "selected",
                   G_SETTINGS_BIND_DEFAULT);
  bitmaze_export_switch_row (settings, group, _("Start and Goal _Marks"), "export-markers");
  row = bitmaze_export_switch_row (settings, group, _("Colour _Legend"), "export-legend");
  gtk_widget_set_name (row, "legend");

  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (update), self);
  update (self);
  return self;
}
