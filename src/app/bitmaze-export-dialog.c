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
/* Settings <-> widgets                                                */
/* ------------------------------------------------------------------ */

static gboolean
string_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char *const *values = user_data;
  const char *text = g_variant_get_string (variant, NULL);

  for (guint k = 0; values[k] != NULL; k++)
    if (g_str_equal (values[k], text))
      {
        g_value_set_uint (value, k);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_string (const GValue       *value,
                    const GVariantType *type,
                    gpointer            user_data)
{
  const char *const *values = user_data;
  guint selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **) values))
    return NULL;
  return g_variant_new_string (values[selected]);
}

static gboolean
uint_to_double (GValue   *value,
                GVariant *variant,
                gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_uint32 (variant));
  return TRUE;
}

static GVariant *
double_to_uint (const GValue       *value,
                const GVariantType *type,
                gpointer            user_data)
{
  return g_variant_new_uint32 ((guint32) (g_value_get_double (value) + 0.5));
}

static gboolean
bool_to_selected (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_uint (value, g_variant_get_boolean (variant) ? 1 : 0);
  return TRUE;
}

static GVariant *
selected_to_bool (const GValue       *value,
                  const GVariantType *type,
                  gpointer            user_data)
{
  return g_variant_new_boolean (g_value_get_uint (value) == 1);
}

/* A combo row of @labels (translated here) bound to @key. */
static GtkWidget *
combo_row (BitmazeExportDialog *self,
           GtkWidget           *group,
           const char          *title,
           const char *const   *labels,
           const char          *key,
           const char *const   *values)
{
  g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
  GtkWidget *row = adw_combo_row_new ();

  for (guint k = 0; labels[k] != NULL; k++)
    gtk_string_list_append (model, _(labels[k]));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  if (values != NULL)
    g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                  string_to_selected, selected_to_string,
                                  (gpointer) values, NULL);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

/* A row with a spin button bound to the unsigned @key. */
static GtkWidget *
spin_row (BitmazeExportDialog *self,
          GtkWidget           *group,
          const char          *title,
          const char          *key,
          double               lower,
          double               upper,
          double               step)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_settings_bind_with_mapping (self->settings, key,
                                gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spin)), "value",
                                G_SETTINGS_BIND_DEFAULT, uint_to_double, double_to_uint,
                                NULL, NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static GtkWidget *
switch_row (BitmazeExportDialog *self,
            GtkWidget           *group,
            const char          *title,
            const char          *key)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  g_settings_bind (self->settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

/* ------------------------------------------------------------------ */
/* The choices                                                         */
/* ------------------------------------------------------------------ */

static int
index_of (const char *const *values,
          const char        *value)
{
  for (int k = 0; values[k] != NULL; k++)
    if (g_strcmp0 (values[k], value) == 0)
      return k;
  return 0;
}

static int
setting_index (BitmazeExportDialog *self,
               const char          *key,
               const char *const   *values)
{
  g_autofree char *value = g_settings_get_string (self->settings, key);

  return index_of (values, value);
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
  double pw, ph, scale;

  if (maze == NULL)
    return;
  bitmaze_export_dialog_get_choices (self, maze, &options, &page, NULL);
  render_page_get_size (maze, &options, &page, &pw, &ph);
  scale = MIN ((width - 24.0) / pw, (height - 24.0) / ph);
  if (!(scale > 0))
    {
      if (copy)
        maze_free (maze);
      return;
    }
  cairo_translate (cr, (width - pw * scale) / 2.0, (height - ph * scale) / 2.0);
  /* the sheet, with a hint of a shadow */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_rectangle (cr, 2, 2, pw * scale, ph * scale);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, pw * scale, ph * scale);
  cairo_fill (cr);
  cairo_scale (cr, scale, scale);
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

static GtkWidget *
find_toast_overlay (GtkWidget *widget)
{
  if (ADW_IS_TOAST_OVERLAY (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toast_overlay (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
chooser_response_cb (GtkNativeDialog     *chooser,
                     int                  response,
                     BitmazeExportDialog *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  GtkWidget *overlay;

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
  overlay = self->parent != NULL ? find_toast_overlay (GTK_WIDGET (self->parent)) : NULL;
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
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
  GtkWidget *box, *header, *cancel, *export, *content, *frame, *scrolled, *prefs, *group;
  GtkWidget *title_row;

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

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  export = gtk_button_new_with_mnemonic (_("_Export…"));
  gtk_widget_set_name (export, "export");
  gtk_widget_add_css_class (export, "suggested-action");
  g_signal_connect_swapped (export, "clicked", G_CALLBACK (export_clicked_cb), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);
  gtk_window_set_default_widget (GTK_WINDOW (self), export);
  gtk_box_append (GTK_BOX (box), header);

  content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_vexpand (content, TRUE);
  self->preview = gtk_drawing_area_new ();
  gtk_widget_set_name (self->preview, "preview");
  gtk_widget_set_hexpand (self->preview, TRUE);
  gtk_widget_set_size_request (self->preview, 320, 280);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview), draw_preview, self, NULL);
  frame = gtk_frame_new (NULL);
  gtk_widget_set_margin_start (frame, 12);
  gtk_widget_set_margin_top (frame, 12);
  gtk_widget_set_margin_bottom (frame, 12);
  gtk_widget_add_css_class (frame, "view");
  gtk_frame_set_child (GTK_FRAME (frame), self->preview);
  gtk_box_append (GTK_BOX (content), frame);

  prefs = adw_preferences_page_new ();
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (prefs, 360, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), prefs);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_box_append (GTK_BOX (content), scrolled);
  gtk_box_append (GTK_BOX (box), content);

  group = adw_preferences_group_new ();
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (prefs), ADW_PREFERENCES_GROUP (group));
  gtk_widget_set_name (combo_row (self, group, _("_Format"), formats, "export-format",
                                  format_values), "format");
  title_row = adw_entry_row_new ();
  gtk_widget_set_name (title_row, "title");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (title_row), _("_Title"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (title_row), TRUE);
  g_settings_bind (self->settings, "export-title", title_row, "text", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), title_row);
  self->result_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), _("Result"));
  gtk_widget_add_css_class (self->result_row, "property");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->result_row);

  self->size_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->size_group), _("Size"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (prefs), ADW_PREFERENCES_GROUP (self->size_group));
  gtk_widget_set_name (combo_row (self, self->size_group, _("_Size By"), size_bys,
                                  "export-size-by", size_by_values), "size-by");
  self->width_row = spin_row (self, self->size_group, _("_Width in Pixels"), "export-width",
                              200, 8000, 10);
  self->cell_row = spin_row (self, self->size_group, _("_Cell Size in Pixels"),
                             "export-cell-size", 4, 256, 1);

  self->page_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->page_group), _("Page"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (prefs), ADW_PREFERENCES_GROUP (self->page_group));
  gtk_widget_set_name (combo_row (self, self->page_group, _("_Paper"), papers, "export-paper",
                                  paper_values), "paper");
  self->orientation_row = combo_row (self, self->page_group, _("_Orientation"), orientations,
                                     "export-landscape", NULL);
  gtk_widget_set_name (self->orientation_row, "orientation");
  g_settings_bind_with_mapping (self->settings, "export-landscape", self->orientation_row,
                                "selected", G_SETTINGS_BIND_DEFAULT,
                                bool_to_selected, selected_to_bool, NULL, NULL);
  self->margin_row = spin_row (self, self->page_group, _("_Margin in Millimetres"),
                               "export-margin", 0, 50, 1);

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("What It Shows"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (prefs), ADW_PREFERENCES_GROUP (group));
  gtk_widget_set_name (combo_row (self, group, _("_Search"), shows, "export-show", show_values),
                       "show");
  gtk_widget_set_name (combo_row (self, group, _("Cell _Labels"), labels, "export-labels",
                                  label_values), "labels");
  self->nibble_row = combo_row (self, group, _("_Nibble"), nibbles, "export-label-nibble", NULL);
  gtk_widget_set_name (self->nibble_row, "nibble");
  g_settings_bind (self->settings, "export-label-nibble", self->nibble_row, "selected",
                   G_SETTINGS_BIND_DEFAULT);
  switch_row (self, group, _("Start and Goal _Marks"), "export-markers");
  gtk_widget_set_name (switch_row (self, group, _("Colour _Legend"), "export-legend"), "legend");

  adw_window_set_content (ADW_WINDOW (self), box);

  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (update), self);
  update (self);
  return self;
}
