/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-print.c: printing the maze, and worksheets of new mazes.
 *
 * Both use the renderer's worksheet layout (maze-render-worksheet.c), the
 * one bitmaze-cli worksheet uses: printing is a one-maze worksheet whose
 * answer page is the optional second page, drawn on the print context's
 * cairo_t in points.  Export Worksheet… opens its dialog
 * (bitmaze-worksheet-dialog.c); the worksheet itself is a BitmazeSheet
 * (bitmaze-sheet.c).
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "bitmaze-error.h"
#include "bitmaze-print.h"
#include "bitmaze-sheet.h"
#include "bitmaze-worksheet-dialog.h"

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
  BitmazeSheetChoices choices = {
    count, width, height, NULL, paper,
    answers ? BITMAZE_SHEET_ANSWERS_PAGES : BITMAZE_SHEET_ANSWERS_NONE, exercises, title,
  };
  g_autoptr (BitmazeSheet) sheet = NULL;

  if (g_file_peek_path (file) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be written"));
      return FALSE;
    }
  sheet = bitmaze_sheet_new (session, &choices, count, error);
  return sheet != NULL && bitmaze_sheet_write (sheet, file, NULL, error);
}

static void
win_export_worksheet_cb (GSimpleAction  *action,
                         GVariant       *parameter,
                         BitmazeSession *session)
{
  GtkWindow *window = g_object_get_data (G_OBJECT (action), "bitmaze-print-window");

  gtk_window_present (GTK_WINDOW (bitmaze_worksheet_dialog_new (window, session)));
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
