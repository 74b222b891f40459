/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet-dialog.c: Export Worksheet…, new mazes on printed
 * pages for a class: how many, their size and generator; the exercises
 * about the bits (decode, encode, trace, predict; none: the mazes
 * alone); a title; A4 or Letter; the answers on their own pages, in a
 * file of their own or not at all.  Laid out as Export… is (the shared
 * parts are in bitmaze-export-common.c): every choice lives in GSettings,
 * and the preview draws the first page and the first answer page with
 * the renderer the PDF is written with, from the mazes of the first page
 * only, so it stays quick with 240 mazes.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-export-common.h"
#include "bitmaze-worksheet-dialog.h"

struct _BitmazeWorksheetDialog
{
  AdwWindow             parent_instance;

  BitmazeSession       *session;
  GtkWindow            *parent;     /* weak */
  GSettings            *settings;
  char                 *title;      /* the title key, for the choices */
  char                 *generator;  /* the generator key */
  BitmazeSheet         *sheet;      /* the preview's: its first page's mazes */
  char                 *sheet_key;  /* what made those mazes */

  GtkWidget            *preview;
  GtkWidget            *width_row;
  GtkWidget            *height_row;
  GtkWidget            *result_row;
  GtkWidget            *export_button;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (BitmazeWorksheetDialog, bitmaze_worksheet_dialog, ADW_TYPE_WINDOW)

/* The values of the string keys, in the order of their combo rows. */
static const char *const paper_values[] = { "a4", "letter", NULL };
static const char *const answers_values[] = { "pages", "file", "none", NULL };
/* The boolean key of each exercise, in RenderExerciseKind's order. */
static const char *const exercise_keys[RENDER_EXERCISE_KINDS] = {
  "worksheet-decode", "worksheet-encode", "worksheet-trace", "worksheet-predict",
};

/* "" (the window's generator), then every generator's name. */
static const char *const *
generator_values (void)
{
  static const char **values;

  if (g_once_init_enter (&values))
    {
      guint n = 0;
      const char **list;

      while (maze_generators[n] != NULL)
        n++;
      list = g_new0 (const char *, n + 2);
      list[0] = "";
      for (guint k = 0; k < n; k++)
        list[k + 1] = maze_generators[k]->name;
      g_once_init_leave (&values, list);
    }
  return values;
}

/* ------------------------------------------------------------------ */
/* The choices                                                         */
/* ------------------------------------------------------------------ */

void
bitmaze_worksheet_dialog_get_choices (BitmazeWorksheetDialog *self,
                                      BitmazeSheetChoices    *choices)
{
  g_return_if_fail (BITMAZE_IS_WORKSHEET_DIALOG (self));

  memset (choices, 0, sizeof *choices);
  choices->count = g_settings_get_uint (self->settings, "worksheet-count");
  choices->width = g_settings_get_uint (self->settings, "worksheet-width");
  choices->height = g_settings_get_uint (self->settings, "worksheet-height");
  g_free (self->generator);
  self->generator = g_settings_get_string (self->settings, "worksheet-generator");
  choices->generator = self->generator;
  choices->paper = bitmaze_export_setting_index (self->settings, "worksheet-paper",
                                                 paper_values) == 1
                   ? RENDER_PAPER_LETTER : RENDER_PAPER_A4;
  choices->answers = (BitmazeSheetAnswers)
    bitmaze_export_setting_index (self->settings, "worksheet-answers", answers_values);
  for (guint k = 0; k < RENDER_EXERCISE_KINDS; k++)
    if (g_settings_get_boolean (self->settings, exercise_keys[k]))
      choices->exercises |= 1u << k;
  g_free (self->title);
  self->title = g_settings_get_string (self->settings, "worksheet-title");
  choices->title = self->title;
}

/* ------------------------------------------------------------------ */
/* Preview and result                                                  */
/* ------------------------------------------------------------------ */

guint
bitmaze_worksheet_dialog_get_n_previewed (BitmazeWorksheetDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_WORKSHEET_DIALOG (self), 0);

  if (self->sheet == NULL)
    return 0;
  return bitmaze_sheet_first_answer_page (self->sheet) != G_MAXUINT ? 2 : 1;
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  BitmazeWorksheetDialog *self = user_data;
  guint n = bitmaze_worksheet_dialog_get_n_previewed (self);
  guint pages[2] = { 0, 0 };
  double pw, ph;

  if (self->sheet == NULL)
    return;
  pages[1] = bitmaze_sheet_first_answer_page (self->sheet);
  bitmaze_sheet_get_page_size (self->sheet, &pw, &ph);
  for (guint k = 0; k < n; k++)
    {
      cairo_save (cr);
      if (bitmaze_export_preview_sheet (cr, width, height, pw, ph, n, k))
        bitmaze_sheet_draw_page (self->sheet, cr, pages[k]);
      cairo_restore (cr);
    }
}

/* Exercise sheets take small mazes: the size rows follow. */
static void
limit_size (BitmazeWorksheetDialog *self,
            guint                   exercises)
{
  double most = exercises != 0 ? RENDER_EXERCISE_MAX_SIDE : 250;
  GtkWidget *rows[2] = { self->width_row, self->height_row };

  for (int k = 0; k < 2; k++)
    {
      GtkAdjustment *adjustment =
        gtk_spin_button_get_adjustment (bitmaze_export_spin_row_get_spin (rows[k]));

      gtk_adjustment_set_upper (adjustment, most);
      if (gtk_adjustment_get_value (adjustment) > most)
        gtk_adjustment_set_value (adjustment, most);
    }
}

static void
update (BitmazeWorksheetDialog *self)
{
  BitmazeSheetChoices choices;
  g_autoptr (GError) error = NULL;
  g_autofree char *result = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *key = NULL;
  guint first;

  bitmaze_worksheet_dialog_get_choices (self, &choices);
  limit_size (self, choices.exercises);
  /* limit_size() may have changed the size: read it again */
  bitmaze_worksheet_dialog_get_choices (self, &choices);

  /* A title, the paper or the answers lay the same mazes out anew: a
   * title typed makes no mazes again. */
  g_object_get (self->session, "shape", &shape, NULL);
  key = g_strdup_printf ("%u %u %s %s %" G_GUINT64_FORMAT " %s", choices.width, choices.height,
                         choices.generator,
                         bitmaze_session_get_generator (self->session),
                         bitmaze_session_get_seed (self->session), shape != NULL ? shape : "");
  if (self->sheet == NULL || g_strcmp0 (key, self->sheet_key) != 0
      || !bitmaze_sheet_set_layout (self->sheet, &choices))
    {
      g_clear_pointer (&self->sheet, bitmaze_sheet_free);
      /* an exercise worksheet has a sheet a maze; else a page holds at
       * most RENDER_WORKSHEET_MAX_PER_PAGE */
      self->sheet = bitmaze_sheet_new (self->session, &choices,
                                       choices.exercises != 0 ? 1 : RENDER_WORKSHEET_MAX_PER_PAGE,
                                       &error);
      g_free (self->sheet_key);
      self->sheet_key = g_steal_pointer (&key);
    }
  gtk_widget_set_sensitive (self->export_button, self->sheet != NULL);
  if (self->sheet == NULL)
    result = g_strdup (error->message);
  else
    {
      guint n = bitmaze_sheet_n_pages (self->sheet);

      first = bitmaze_sheet_first_answer_page (self->sheet);
      if (choices.answers == BITMAZE_SHEET_ANSWERS_FILE)
        /* Translators: what Export Worksheet… makes; %u is a number of pages */
        result = g_strdup_printf (g_dngettext (NULL, "%u page, the answers in a file of their own",
                                               "%u pages, the answers in a file of their own", n),
                                  n);
      else if (first != G_MAXUINT)
        /* Translators: what Export Worksheet… makes; the first %u is a
         * number of pages, the second the page the answers begin on */
        result = g_strdup_printf (g_dngettext (NULL, "%u page, the answers from page %u on",
                                               "%u pages, the answers from page %u on", n),
                                  n, first + 1);
      else
        /* Translators: what Export Worksheet… makes; %u is a number of pages */
        result = g_strdup_printf (g_dngettext (NULL, "%u page, no answers",
                                               "%u pages, no answers", n), n);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), result);
  gtk_widget_queue_draw (self->preview);
}

const char *
bitmaze_worksheet_dialog_get_result (BitmazeWorksheetDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_WORKSHEET_DIALOG (self), NULL);

  return adw_action_row_get_subtitle (ADW_ACTION_ROW (self->result_row));
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_worksheet_dialog_write (BitmazeWorksheetDialog *self,
                                GFile                  *file,
                                GError                **error)
{
  BitmazeSheetChoices choices;
  g_autoptr (BitmazeSheet) sheet = NULL;
  g_autoptr (GFile) answers = NULL;

  g_return_val_if_fail (BITMAZE_IS_WORKSHEET_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (g_file_peek_path (file) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be written"));
      return FALSE;
    }
  bitmaze_worksheet_dialog_get_choices (self, &choices);
  sheet = bitmaze_sheet_new (self->session, &choices, choices.count, error);
  if (sheet == NULL)
    return FALSE;
  if (choices.answers == BITMAZE_SHEET_ANSWERS_FILE)
    answers = bitmaze_sheet_answers_file_for (file);
  return bitmaze_sheet_write (sheet, file, answers, error);
}

static void
chooser_response_cb (GtkNativeDialog        *chooser,
                     int                     response,
                     BitmazeWorksheetDialog *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *name = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  name = g_file_get_basename (file);
  /* No extension typed: .pdf */
  if (!g_str_has_suffix (name, ".pdf") && !g_str_has_suffix (name, ".PDF"))
    {
      g_autofree char *path = g_strconcat (g_file_peek_path (file), ".pdf", NULL);

      g_object_unref (file);
      file = g_file_new_for_path (path);
      g_free (name);
      name = g_file_get_basename (file);
    }
  if (!bitmaze_worksheet_dialog_write (self, file, &error))
    message = g_strdup_printf (_("Could not export the worksheet: %s"), error->message);
  else if (bitmaze_export_setting_index (self->settings, "worksheet-answers",
                                         answers_values) == BITMAZE_SHEET_ANSWERS_FILE)
    {
      g_autoptr (GFile) answers = bitmaze_sheet_answers_file_for (file);
      g_autofree char *answers_name = g_file_get_basename (answers);

      /* Translators: a toast; the names of the worksheet's two files */
      message = g_strdup_printf (_("Exported “%s” and “%s”"), name, answers_name);
    }
  else
    message = g_strdup_printf (_("Exported “%s”"), name);
  bitmaze_export_toast (self->parent, message);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
export_clicked_cb (BitmazeWorksheetDialog *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export Worksheet"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("PDF Document"));
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  /* Translators: the default file name of a worksheet; keep the extension */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("worksheet.pdf"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_worksheet_dialog_dispose (GObject *object)
{
  BitmazeWorksheetDialog *self = BITMAZE_WORKSHEET_DIALOG (object);

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
  g_clear_pointer (&self->sheet, bitmaze_sheet_free);

  G_OBJECT_CLASS (bitmaze_worksheet_dialog_parent_class)->dispose (object);
}

static void
bitmaze_worksheet_dialog_finalize (GObject *object)
{
  BitmazeWorksheetDialog *self = BITMAZE_WORKSHEET_DIALOG (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->generator, g_free);
  g_clear_pointer (&self->sheet_key, g_free);

  G_OBJECT_CLASS (bitmaze_worksheet_dialog_parent_class)->finalize (object);
}

static void
bitmaze_worksheet_dialog_class_init (BitmazeWorksheetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_worksheet_dialog_dispose;
  object_class->finalize = bitmaze_worksheet_dialog_finalize;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bitmaze_worksheet_dialog_init (BitmazeWorksheetDialog *self)
{
}

BitmazeWorksheetDialog *
bitmaze_worksheet_dialog_new (GtkWindow      *parent,
                              BitmazeSession *session)
{
  static const char *const papers[] = { N_("A4"), N_("Letter"), NULL };
  static const char *const answers[] = { N_("On pages of their own, after the puzzles"),
                                         N_("In a file of their own"), N_("None"), NULL };
  static const char *const exercise_titles[RENDER_EXERCISE_KINDS] = {
    N_("_Decode"), N_("_Encode"), N_("_Trace"), N_("_Predict"),
  };
  static const char *const exercise_subtitles[RENDER_EXERCISE_KINDS] = {
    N_("Words in hex: which passages are open, which way the search points"),
    N_("Cells marked on the drawing: write their words"),
    N_("Follow the backtrack nibbles home and draw the path"),
    N_("A statement of a search: write the word after it"),
  };
  const char *const *generators = generator_values ();
  g_autofree const char **generator_labels = NULL;
  BitmazeWorksheetDialog *self;
  GtkWidget *prefs, *group, *row;
  GSettings *settings;
  guint n;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  self = g_object_new (BITMAZE_TYPE_WORKSHEET_DIALOG,
                       "title", _("Export Worksheet"),
                       "modal", TRUE,
                       "transient-for", parent,
                       "default-width", 980,
                       "default-height", 680,
                       NULL);
  self->session = g_object_ref (session);
  g_set_weak_pointer (&self->parent, parent);
  self->settings = settings = g_settings_new (APP_ID);

  self->preview = bitmaze_export_shell_build (ADW_WINDOW (self), _("_Export…"),
                                              G_CALLBACK (export_clicked_cb), draw_preview,
                                              &prefs);
  self->export_button = gtk_window_get_default_widget (GTK_WINDOW (self));

  group = bitmaze_export_group (prefs, NULL);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("New mazes from the current seed on, with a line "
                                           "for the name and the date on each sheet, and "
                                           "the seed in small print to make it again."));
  row = bitmaze_export_entry_row (settings, group, _("_Title"), "worksheet-title");
  gtk_widget_set_name (row, "title");
  self->result_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), _("Result"));
  gtk_widget_add_css_class (self->result_row, "property");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->result_row);

  group = bitmaze_export_group (prefs, _("Mazes"));
  row = bitmaze_export_spin_row (settings, group, _("_Mazes"), "worksheet-count", 1, 240, 1);
  gtk_widget_set_name (row, "count");
  self->width_row = bitmaze_export_spin_row (settings, group, _("_Width in Cells"),
                                             "worksheet-width", 1, 250, 1);
  gtk_widget_set_name (self->width_row, "width");
  self->height_row = bitmaze_export_spin_row (settings, group, _("_Height in Cells"),
                                              "worksheet-height", 1, 250, 1);
  gtk_widget_set_name (self->height_row, "height");
  n = g_strv_length ((char **) generators);
  generator_labels = g_new0 (const char *, n + 1);
  generator_labels[0] = N_("The Window’s Generator");
  for (guint k = 1; k < n; k++)
    generator_labels[k] = maze_generators[k - 1]->label;
  row = bitmaze_export_combo_row (settings, group, _("_Generator"), generator_labels,
                                  "worksheet-generator", generators);
  gtk_widget_set_name (row, "generator");

  group = bitmaze_export_group (prefs, _("Exercises About the Bits"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("A sheet for each maze (of at most 12×12 cells). "
                                           "None chosen: the mazes alone, several to a page."));
  for (guint k = 0; k < RENDER_EXERCISE_KINDS; k++)
    {
      row = bitmaze_export_check_row (settings, group, _(exercise_titles[k]),
                                      _(exercise_subtitles[k]), exercise_keys[k]);
      gtk_widget_set_name (row, render_exercise_name (k));
    }

  group = bitmaze_export_group (prefs, _("Pages"));
  row = bitmaze_export_combo_row (settings, group, _("_Paper"), papers, "worksheet-paper",
                                  paper_values);
  gtk_widget_set_name (row, "paper");
  row = bitmaze_export_combo_row (settings, group, _("_Answers"), answers,
                                  "worksheet-answers", answers_values);
  gtk_widget_set_name (row, "answers");

  g_signal_connect_swapped (settings, "changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::seed", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::generator", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::shape", G_CALLBACK (update), self);
  update (self);
  return self;
}
