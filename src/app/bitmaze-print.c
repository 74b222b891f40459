/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-print.c: printing the maze, and worksheets of new mazes.
 *
 * Both use the renderer's worksheet layout (maze-render-worksheet.c), the
 * one bitmaze-cli worksheet uses: printing is a one-maze worksheet whose
 * answer page is the optional second page, drawn on the print context's
 * cairo_t in points.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "bitmaze-error.h"
#include "bitmaze-print.h"
#include "bitmaze-shape.h"
#include "bitmaze-worksheet.h"

/* Worksheets: as in bitmaze-cli worksheet. */
#define SHEET_MAX_SIDE  250
#define SHEET_MAX_COUNT 240

typedef struct
{
  GtkWindow      *window;      /* the dialogs' parent, or NULL */
  Maze           *maze;        /* a copy, solved by BFS for the answer */
  char           *title;
  char           *answer_title;
  gboolean        with_solution;
  gboolean        async;    /* the run returned before printing */
  gboolean        handled;  /* the result was dealt with */
  GtkCheckButton *solution_check;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_pointer (&job->maze, maze_free);
  g_free (job->title);
  g_free (job->answer_title);
  g_free (job);
}

/* The maze's name: its title, its file's name, or "Untitled Maze". */
static char *
maze_display_name (BitmazeSession *session,
                   const Maze     *maze)
{
  const char *title = maze_meta_get (maze, "title");
  GFile *file = bitmaze_session_get_file (session);

  if (title != NULL && title[0] != '\0')
    {
      /* A title from a file may hold control characters: printed
       * escaped, as bitmaze-cli shows them. */
      char *shown = maze_text_escape (title);
      char *name = g_strdup (shown != NULL ? shown : "");

      free (shown);
      return name;
    }
  if (file != NULL)
    return g_file_get_basename (file);
  return g_strdup (_("Untitled Maze"));
}

/* A copy of the session's maze without the walk or search on it, solved
 * for a shortest path (the answer page reads the solution nibbles). */
static Maze *
copy_solved (const Maze  *maze,
             GError     **error)
{
  MazeError merror;
  Maze *copy = maze_copy (maze, &merror);

  if (copy == NULL || render_worksheet_solve (&copy, 1, &merror) != MAZE_OK)
    {
      maze_free (copy);
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return NULL;
    }
  return copy;
}

static PrintJob *
print_job_new (GtkWindow       *window,
               BitmazeSession  *session,
               GError         **error)
{
  Maze *maze = bitmaze_session_get_maze (session);
  g_autofree char *name = NULL;
  const char *seed;
  PrintJob *job;

  if (maze == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no maze to print"));
      return NULL;
    }
  job = g_new0 (PrintJob, 1);
  job->window = window;
  job->maze = copy_solved (maze, error);
  if (job->maze == NULL)
    {
      print_job_free (job);
      return NULL;
    }
  name = maze_display_name (session, maze);
  seed = maze_meta_get (maze, "seed");
  if (seed != NULL)
    /* Translators: the title printed above a maze: its name and seed */
    job->title = g_strdup_printf (_("%s — seed %s"), name, seed);
  else
    job->title = g_strdup (name);
  /* Translators: the title of the printed solution page */
  job->answer_title = g_strdup_printf (_("%s — solution"), job->title);
  return job;
}

static void
job_options (PrintJob               *job,
             GtkPrintContext        *context,
             RenderWorksheetOptions *options)
{
  render_worksheet_options_init (options, RENDER_PAPER_A4);
  options->page_width = gtk_print_context_get_width (context);
  options->page_height = gtk_print_context_get_height (context);
  /* the context is the printable area already, inside the margins */
  options->margin = 0.0;
  options->per_page = 1;
  options->heading = job->title;
  options->answers_heading = job->answer_title;
  options->answers = job->with_solution;
  options->page_numbers = FALSE;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  gtk_print_operation_set_n_pages (operation, job->with_solution ? 2 : 1);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  const Maze *mazes[1] = { job->maze };
  RenderWorksheetOptions options;

  job_options (job, context, &options);
  if (options.page_width < 72.0 || options.page_height < 72.0)
    return;
  render_worksheet_draw_page (gtk_print_context_get_cairo_context (context),
                              mazes, NULL, 1, &options, (unsigned) page_nr);
}

static GObject *
create_custom_widget_cb (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *check = gtk_check_button_new_with_mnemonic (_("Add the _solution on a second page"));

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), job->with_solution);
  gtk_box_append (GTK_BOX (box), check);
  job->solution_check = GTK_CHECK_BUTTON (check);
  return G_OBJECT (box);
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  if (job->solution_check != NULL)
    job->with_solution = gtk_check_button_get_active (job->solution_check);
  g_object_set_data (G_OBJECT (job->window), "bitmaze-print-solution",
                     GINT_TO_POINTER (job->with_solution));
}

static GtkPrintOperation *
print_operation_new (PrintJob *job)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  GtkPrintSettings *settings = job->window != NULL
                               ? g_object_get_data (G_OBJECT (job->window), "bitmaze-print-settings") : NULL;

  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, job->title);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  if (settings != NULL)
    gtk_print_operation_set_print_settings (operation, settings);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  return operation;
}

/* Keeps the settings of a print for the next one, or shows its error. */
static void
handle_result (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               PrintJob                *job)
{
  if (job->handled)
    return;
  job->handled = TRUE;

  if (result == GTK_PRINT_OPERATION_RESULT_APPLY && job->window != NULL)
    g_object_set_data_full (G_OBJECT (job->window), "bitmaze-print-settings",
                            g_object_ref (gtk_print_operation_get_print_settings (operation)),
                            g_object_unref);
  else if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr (GError) error = NULL;
      GtkWidget *dialog;

      gtk_print_operation_get_error (operation, &error);
      dialog = adw_message_dialog_new (job->window, _("Could Not Print"),
                                       error != NULL ? error->message : NULL);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               PrintJob                *job)
{
  gboolean async = job->async;

  handle_result (operation, result, job);
  /* An asynchronous run ends here; a synchronous one in win_print_cb. */
  if (async)
    g_object_unref (operation);
}

static void
win_print_cb (GSimpleAction  *action,
              GVariant       *parameter,
              BitmazeSession *session)
{
  GtkWindow *window = g_object_get_data (G_OBJECT (action), "bitmaze-print-window");
  g_autoptr (GError) error = NULL;
  GtkPrintOperation *operation;
  GtkPrintOperationResult result;
  PrintJob *job = print_job_new (window, session, &error);

  if (job == NULL)
    return;
  job->with_solution = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "bitmaze-print-solution"));
  operation = print_operation_new (job);
  /* the operation owns the job: it is freed with it */
  g_object_set_data_full (G_OBJECT (operation), "bitmaze-print-job", job,
                          (GDestroyNotify) print_job_free);
  gtk_print_operation_set_custom_tab_label (operation, _("Maze"));
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget_cb), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply_cb), job);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), job);
  gtk_print_operation_set_allow_async (operation, TRUE);

  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    window, &error);
  if (result == GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    {
      job->async = TRUE;
      return;
    }
  handle_result (operation, result, job);
  g_object_unref (operation);
}

gboolean
bitmaze_print_export_pdf (BitmazeSession  *session,
                          GFile           *file,
                          gboolean         with_solution,
                          GError         **error)
{
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autofree char *path = g_file_get_path (file);
  GtkPrintOperationResult result;
  PrintJob *job;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), FALSE);

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be written"));
      return FALSE;
    }
  job = print_job_new (NULL, session, error);
  if (job == NULL)
    return FALSE;
  job->with_solution = with_solution;
  operation = print_operation_new (job);
  gtk_print_operation_set_export_filename (operation, path);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, error);
  print_job_free (job);
  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

/* ------------------------------------------------------------------ */
/* Worksheets                                                          */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_print_write_worksheet (BitmazeSession  *session,
                               GFile           *file,
                               guint           count,
                               guint           width,
                               guint           height,
                               RenderPaper     paper,
                               gboolean        answers,
                               GError        **error)
{
  return bitmaze_print_write_exercises (session, file, count, width, height, paper,
                                        answers, 0, NULL, error);
}

gboolean
bitmaze_print_write_exercises (BitmazeSession  *session,
                               GFile           *file,
                               guint           count,
                               guint           width,
                               guint           height,
                               RenderPaper     paper,
                               gboolean        answers,
                               guint           exercises,
                               const char     *title,
                               GError        **error)
{
  RenderExerciseText text;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *generator = NULL;
  g_autofree char *shape = NULL;
  g_autoptr (GPtrArray) mazes = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_free);
  g_autoptr (GPtrArray) titles = NULL;
  guint64 seed = bitmaze_session_get_seed (session);
  RenderWorksheetOptions options;
  MazeError merror;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be written"));
      return FALSE;
    }
  if (count < 1 || count > SHEET_MAX_COUNT || width < 1 || height < 1
      || width > SHEET_MAX_SIDE || height > SHEET_MAX_SIDE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A worksheet holds 1 to %u mazes of at most %u×%u cells"),
                   SHEET_MAX_COUNT, SHEET_MAX_SIDE, SHEET_MAX_SIDE);
      return FALSE;
    }

  generator = g_strdup (bitmaze_session_get_generator (session));
  if (generator == NULL || !maze_generator_name_valid (generator, NULL))
    {
      g_free (generator);
      generator = g_strdup (maze_algorithm_default (maze_generators)->name);
    }
  if (seed > G_MAXUINT64 - count)
    seed = 0;

  /* The mazes take the shape of the session's next maze. */
  g_object_get (session, "shape", &shape, NULL);
  for (guint k = 0; k < count; k++)
    {
      Maze *maze = bitmaze_shape_new_maze (shape, width, height, error);

      if (maze == NULL)
        return FALSE;
      g_ptr_array_add (mazes, maze);
    }
  if (exercises != 0 && (width > RENDER_EXERCISE_MAX_SIDE || height > RENDER_EXERCISE_MAX_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Exercise sheets take mazes of at most %u×%u cells"),
                   RENDER_EXERCISE_MAX_SIDE, RENDER_EXERCISE_MAX_SIDE);
      return FALSE;
    }
  if (render_worksheet_generate ((Maze *const *) mazes->pdata, mazes->len, generator,
                                 seed, 0, &merror) != MAZE_OK
      || ((answers || exercises != 0) && render_worksheet_solve ((Maze *const *) mazes->pdata, mazes->len,
                                             &merror) != MAZE_OK))
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return FALSE;
    }
  if (exercises != 0)
    titles = bitmaze_worksheet_small_print ((const Maze *const *) mazes->pdata, mazes->len);
  else
    titles = bitmaze_worksheet_titles ((const Maze *const *) mazes->pdata, mazes->len);

  bitmaze_worksheet_exercise_text (&text);
  render_worksheet_options_init (&options, paper);
  options.heading = title != NULL && title[0] != '\0' ? title
                    : exercises != 0 ? _("Bits of a maze") : _("Mazes");
  options.answers_heading = _("Answers");
  options.answers = answers;
  options.name_label = text.name;
  options.date_label = text.date;
  options.exercises = exercises;
  options.exercise_text = &text;
  if (render_worksheet_to_file ((const Maze *const *) mazes->pdata,
                                (const char *const *) titles->pdata,
                                mazes->len, &options, path, &merror) != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  GtkWindow      *window;
  BitmazeSession *session;
  GtkAdjustment  *count;
  GtkAdjustment  *width;
  GtkAdjustment  *height;
  GtkDropDown    *paper;
  GtkSwitch      *answers;
  GtkDropDown    *exercises;
  GtkEditable    *title;
  GtkFileChooserNative *chooser;
} SheetDialog;

static void
sheet_dialog_free (SheetDialog *sheet)
{
  g_clear_object (&sheet->count);
  g_clear_object (&sheet->width);
  g_clear_object (&sheet->height);
  g_clear_object (&sheet->paper);
  g_clear_object (&sheet->answers);
  g_clear_object (&sheet->exercises);
  g_clear_object (&sheet->title);
  g_clear_object (&sheet->chooser);
  g_clear_object (&sheet->session);
  g_free (sheet);
}

static void
print_toast (GtkWindow  *window,
             const char *message)
{
  GtkWidget *overlay = gtk_widget_get_first_child (GTK_WIDGET (window));

  /* The window's content is an AdwToastOverlay (see bitmaze-window.ui). */
  while (overlay != NULL && !ADW_IS_TOAST_OVERLAY (overlay))
    overlay = gtk_widget_get_next_sibling (overlay);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
}

/* The exercises of the drop-down's item: none, the four, or one. */
static guint
sheet_exercises (SheetDialog *sheet)
{
  guint selected = gtk_drop_down_get_selected (sheet->exercises);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    return 0;
  if (selected == 1)
    return RENDER_EXERCISE_ALL;
  return 1u << (selected - 2);
}

/* Exercise sheets take small mazes: the size rows follow. */
static void
sheet_exercises_cb (GtkDropDown *exercises,
                    GParamSpec  *pspec,
                    SheetDialog *sheet)
{
  double most = sheet_exercises (sheet) != 0 ? RENDER_EXERCISE_MAX_SIDE : SHEET_MAX_SIDE;

  gtk_adjustment_set_upper (sheet->width, most);
  gtk_adjustment_set_upper (sheet->height, most);
  if (gtk_adjustment_get_value (sheet->width) > most)
    gtk_adjustment_set_value (sheet->width, most);
  if (gtk_adjustment_get_value (sheet->height) > most)
    gtk_adjustment_set_value (sheet->height, most);
}

static void
sheet_chooser_response_cb (GtkNativeDialog *dialog,
                           int              response,
                           SheetDialog     *sheet)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = NULL;

      if (bitmaze_print_write_exercises (sheet->session, file,
                                         (guint) gtk_adjustment_get_value (sheet->count),
                                         (guint) gtk_adjustment_get_value (sheet->width),
                                         (guint) gtk_adjustment_get_value (sheet->height),
                                         gtk_drop_down_get_selected (sheet->paper) == 1
                                           ? RENDER_PAPER_LETTER : RENDER_PAPER_A4,
                                         gtk_switch_get_active (sheet->answers),
                                         sheet_exercises (sheet),
                                         gtk_editable_get_text (sheet->title),
                                         &error))
        message = g_strdup_printf (_("Exported “%s”"), name);
      else
        message = g_strdup_printf (_("Could not export the worksheet: %s"), error->message);
      print_toast (sheet->window, message);
    }
  gtk_native_dialog_destroy (dialog);
  sheet_dialog_free (sheet);
}

static void
sheet_dialog_response_cb (AdwMessageDialog *dialog,
                          const char       *response,
                          SheetDialog      *sheet)
{
  g_autoptr (GtkFileFilter) filter = NULL;

  if (g_strcmp0 (response, "export") != 0)
    {
      sheet_dialog_free (sheet);
      return;
    }

  sheet->chooser = gtk_file_chooser_native_new (_("Export Worksheet"),
                                                sheet->window,
                                                GTK_FILE_CHOOSER_ACTION_SAVE,
                                                _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (sheet->chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("PDF Document"));
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (sheet->chooser), filter);
  /* Translators: the default file name of a worksheet; keep the extension */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (sheet->chooser), _("worksheet.pdf"));
  g_signal_connect (sheet->chooser, "response", G_CALLBACK (sheet_chooser_response_cb), sheet);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (sheet->chooser));
}

static GtkWidget *
sheet_row (GtkWidget  *list,
           const char *title,
           GtkWidget  *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return row;
}

static GtkAdjustment *
sheet_spin (GtkWidget  *list,
            const char *title,
            double      value,
            double      upper)
{
  GtkAdjustment *adjustment = gtk_adjustment_new (value, 1, upper, 1, 5, 0);
  GtkWidget *spin = gtk_spin_button_new (adjustment, 1, 0);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  sheet_row (list, title, spin);
  return g_object_ref (adjustment);
}

static void
win_export_worksheet_cb (GSimpleAction  *action,
                         GVariant       *parameter,
                         BitmazeSession *session)
{
  GtkWindow *window = g_object_get_data (G_OBJECT (action), "bitmaze-print-window");
  static const char *const papers[] = { N_("A4"), N_("Letter"), NULL };
  const char *translated[3] = { _(papers[0]), _(papers[1]), NULL };
  const char *kinds[] = {
    _("None: the mazes alone"), _("Decode, encode, trace, predict"),
    _("Decode"), _("Encode"), _("Trace"), _("Predict"), NULL,
  };
  GtkWidget *exercises, *title;
  Maze *maze = bitmaze_session_get_maze (session);
  SheetDialog *sheet = g_new0 (SheetDialog, 1);
  GtkWidget *dialog, *list, *paper, *answers;
  guint w = 15, h = 15;

  if (maze != NULL)
    {
      w = MIN (maze_width (maze), SHEET_MAX_SIDE);
      h = MIN (maze_height (maze), SHEET_MAX_SIDE);
    }
  sheet->window = window;
  sheet->session = g_object_ref (session);

  dialog = adw_message_dialog_new (window, _("Export Worksheet"),
                                   _("New mazes made with the current algorithm, from the "
                                     "current seed on, several to a page, with the answers "
                                     "after them."));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  sheet->count = sheet_spin (list, _("_Mazes"), 6, SHEET_MAX_COUNT);
  sheet->width = sheet_spin (list, _("_Width"), w, SHEET_MAX_SIDE);
  sheet->height = sheet_spin (list, _("_Height"), h, SHEET_MAX_SIDE);
  paper = gtk_drop_down_new_from_strings (translated);
  sheet->paper = GTK_DROP_DOWN (g_object_ref (paper));
  sheet_row (list, _("_Paper"), paper);
  answers = gtk_switch_new ();
  gtk_switch_set_active (GTK_SWITCH (answers), TRUE);
  sheet->answers = GTK_SWITCH (g_object_ref (answers));
  sheet_row (list, _("_Answer Pages"), answers);
  exercises = gtk_drop_down_new_from_strings (kinds);
  sheet->exercises = GTK_DROP_DOWN (g_object_ref (exercises));
  g_signal_connect (exercises, "notify::selected", G_CALLBACK (sheet_exercises_cb), sheet);
  sheet_row (list, _("E_xercises About the Bits"), exercises);
  title = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (title), _("Mazes"));
  sheet->title = GTK_EDITABLE (g_object_ref (title));
  sheet_row (list, _("_Title"), title);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "export", _("_Export…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "export",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "export");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (sheet_dialog_response_cb), sheet);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
print_maze_notify_cb (BitmazeSession *session,
                      GParamSpec     *pspec,
                      GSimpleAction  *action)
{
  g_simple_action_set_enabled (action, bitmaze_session_get_maze (session) != NULL);
}

void
bitmaze_print_add_actions (GtkWindow      *window,
                           BitmazeSession *session)
{
  g_autoptr (GSimpleAction) print = g_simple_action_new ("print", NULL);
  g_autoptr (GSimpleAction) sheet = g_simple_action_new ("export-worksheet", NULL);

  g_return_if_fail (G_IS_ACTION_MAP (window));
  g_return_if_fail (BITMAZE_IS_SESSION (session));

  /* The actions live on the window and never outlive it. */
  g_object_set_data (G_OBJECT (print), "bitmaze-print-window", window);
  g_object_set_data (G_OBJECT (sheet), "bitmaze-print-window", window);
  g_signal_connect_object (print, "activate", G_CALLBACK (win_print_cb), session, 0);
  g_signal_connect_object (sheet, "activate", G_CALLBACK (win_export_worksheet_cb), session, 0);
  g_signal_connect_object (session, "notify::maze", G_CALLBACK (print_maze_notify_cb), print, 0);
  g_simple_action_set_enabled (print, bitmaze_session_get_maze (session) != NULL);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (print));
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (sheet));
}
