/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "maze-render.h"

#include "bitmaze-export-dialog.h"
#include "bitmaze-files.h"

typedef struct
{
  BitmazeFilesThen then;
  gpointer         data;
  GDestroyNotify   destroy;
} Pending;

struct _BitmazeFiles
{
  GObject               parent_instance;

  GtkWindow            *window;  /* not owned: it owns us */
  GtkWidget            *view;    /* the same */
  BitmazeSession       *session;
  GSimpleAction        *actions[4];

  AdwMessageDialog     *save_dialog;
  Pending              *save_dialog_pending;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (BitmazeFiles, bitmaze_files, G_TYPE_OBJECT)

enum {
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void save_as_then (BitmazeFiles *self,
                          Pending      *then);

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static void
say (BitmazeFiles *self,
     const char   *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static Pending *
pending_new (BitmazeFilesThen then,
             gpointer         data,
             GDestroyNotify   destroy)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->then = then;
  pending->data = data;
  pending->destroy = destroy;
  return pending;
}

static void
pending_free (Pending *pending)
{
  if (pending == NULL)
    return;
  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
pending_run (Pending  *pending,
             gboolean  discarded)
{
  if (pending == NULL)
    return;
  pending->then (pending->data, discarded);
  pending_free (pending);
}

static gboolean
save_now (BitmazeFiles *self,
          GFile        *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (bitmaze_session_save (self->session, file, &error))
    return TRUE;
  /* Nothing saved: the window stays, with its changes. */
  message = g_strdup_printf (_("Could not save the maze: %s"), error->message);
  say (self, message);
  return FALSE;
}

static void
clear_chooser (BitmazeFiles *self)
{
  if (self->chooser == NULL)
    return;

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
}

/* A new chooser, modal over the window, kept in self->chooser; its
 * ::response goes to @response. */
static GtkFileChooser *
new_chooser (BitmazeFiles         *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept,
             GCallback             response)
{
  clear_chooser (self);
  self->chooser = gtk_file_chooser_native_new (title, self->window, action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", response, self);

  return GTK_FILE_CHOOSER (self->chooser);
}

static GtkFileFilter *
maze_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Mazes"));
  gtk_file_filter_add_pattern (filter, "*.maze");
  gtk_file_filter_add_pattern (filter, "*.MAZE");
  gtk_file_filter_add_mime_type (filter, "application/x-bitmaze");

  return filter;
}

/* ------------------------------------------------------------------ */
/* Unsaved changes                                                     */
/* ------------------------------------------------------------------ */

static void
save_dialog_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         BitmazeFiles     *self)
{
  Pending *pending = g_steal_pointer (&self->save_dialog_pending);
  GFile *file = bitmaze_session_get_file (self->session);

  self->save_dialog = NULL;
  /* The dialog closes after this handler; if the answer closes the window
   * too, the dialog must not point to it any more by then. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);

  if (g_str_equal (response, "discard"))
    pending_run (pending, TRUE);
  else if (g_str_equal (response, "save") && file == NULL)
    save_as_then (self, pending);
  else if (g_str_equal (response, "save") && save_now (self, file))
    pending_run (pending, FALSE);
  else
    pending_free (pending);
}

void
bitmaze_files_confirm_discard (BitmazeFiles     *self,
                               BitmazeFilesThen  then,
                               gpointer          data,
                               GDestroyNotify    destroy)
{
  GFile *file;
  g_autofree char *name = NULL;
  AdwMessageDialog *dialog;

  g_return_if_fail (BITMAZE_IS_FILES (self));

  if (!bitmaze_session_get_modified (self->session))
    {
      pending_run (pending_new (then, data, destroy), FALSE);
      return;
    }

  if (self->save_dialog != NULL)
    {
      if (destroy != NULL)
        destroy (data);
      gtk_window_present (GTK_WINDOW (self->save_dialog));
      return;
    }

  bitmaze_session_set_running (self->session, FALSE);

  file = bitmaze_session_get_file (self->session);
  name = file != NULL ? g_file_get_basename (file) : g_strdup (_("Untitled Maze"));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->window, _("Save Changes?"), NULL));
  adw_message_dialog_format_body (dialog,
                                  _("“%s” has unsaved changes. Changes which are not saved will be lost."),
                                  name);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");

  self->save_dialog = dialog;
  self->save_dialog_pending = pending_new (then, data, destroy);
  g_signal_connect (dialog, "response", G_CALLBACK (save_dialog_response_cb), self);

  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------ */
/* Open, Save, Export                                                  */
/* ------------------------------------------------------------------ */

typedef struct
{
  BitmazeFiles *files;
  GFile        *file;
} OpenRequest;

static void
open_request_free (OpenRequest *request)
{
  g_object_unref (request->files);
  g_object_unref (request->file);
  g_free (request);
}

static void
open_now (gpointer data,
          gboolean discarded)
{
  OpenRequest *request = data;
  g_autoptr (GError) error = NULL;

  if (!bitmaze_session_load (request->files->session, request->file, &error))
    {
      g_autofree char *name = g_file_get_basename (request->file);
      g_autofree char *message = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);

      say (request->files, message);
    }
}

void
bitmaze_files_open (BitmazeFiles *self,
                    GFile        *file)
{
  OpenRequest *request;

  g_return_if_fail (BITMAZE_IS_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  request = g_new0 (OpenRequest, 1);
  request->files = g_object_ref (self);
  request->file = g_object_ref (file);
  bitmaze_files_confirm_discard (self, open_now, request, (GDestroyNotify) open_request_free);
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  BitmazeFiles    *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  clear_chooser (self);

  /* The changes were asked about before the chooser came up. */
  if (file != NULL)
    {
      OpenRequest request = { self, file };

      open_now (&request, FALSE);
    }
}

static void
show_open_chooser (gpointer data,
                   gboolean discarded)
{
  BitmazeFiles *self = data;
  g_autoptr (GtkFileFilter) filter = maze_file_filter ();
  GtkFileChooser *chooser = new_chooser (self, _("Open Maze"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                         G_CALLBACK (open_response_cb));

  gtk_file_chooser_add_filter (chooser, filter);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  BitmazeFiles    *self)
{
  Pending *then = g_object_steal_data (G_OBJECT (dialog), "then");
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  clear_chooser (self);

  if (file != NULL && save_now (self, file))
    pending_run (then, FALSE);
  else
    pending_free (then);
}

/* Asks for a file name, saves, then runs @then (may be NULL). */
static void
save_as_then (BitmazeFiles *self,
              Pending      *then)
{
  g_autoptr (GtkFileFilter) filter = maze_file_filter ();
  GtkFileChooser *chooser = new_chooser (self, _("Save Maze"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                         G_CALLBACK (save_response_cb));
  GFile *file = bitmaze_session_get_file (self->session);

  gtk_file_chooser_add_filter (chooser, filter);
  if (file != NULL)
    gtk_file_chooser_set_file (chooser, file, NULL);
  else
    /* Translators: the default file name of a new maze; keep the extension */
    gtk_file_chooser_set_current_name (chooser, _("maze.maze"));

  g_object_set_data_full (G_OBJECT (chooser), "then", then, (GDestroyNotify) pending_free);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_cb (GSimpleAction *action,
         GVariant      *parameter,
         BitmazeFiles  *self)
{
  bitmaze_files_confirm_discard (self, show_open_chooser, self, NULL);
}

static void
save_cb (GSimpleAction *action,
         GVariant      *parameter,
         BitmazeFiles  *self)
{
  GFile *file = bitmaze_session_get_file (self->session);

  if (file == NULL)
    save_as_then (self, NULL);
  else
    save_now (self, file);
}

static void
save_as_cb (GSimpleAction *action,
            GVariant      *parameter,
            BitmazeFiles  *self)
{
  save_as_then (self, NULL);
}

/* Export…: the choices first, with a preview; the dialog asks for the
 * file. */
static void
export_cb (GSimpleAction *action,
           GVariant      *parameter,
           BitmazeFiles  *self)
{
  BitmazeExportDialog *dialog = bitmaze_export_dialog_new (self->window, self->session);

  gtk_window_present (GTK_WINDOW (dialog));
}

/* Save needs a maze; Export a finished one. */
static void
files_update_actions (BitmazeFiles *self)
{
  gboolean has_maze = bitmaze_session_get_maze (self->session) != NULL;

  g_simple_action_set_enabled (self->actions[1], has_maze);
  g_simple_action_set_enabled (self->actions[2], has_maze);
  g_simple_action_set_enabled (self->actions[3], has_maze && bitmaze_session_get_phase (self->session)
                                                              != BITMAZE_PHASE_BUILDING);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_files_dispose (GObject *object)
{
  BitmazeFiles *self = BITMAZE_FILES (object);

  clear_chooser (self);
  g_clear_pointer (&self->save_dialog_pending, pending_free);
  if (self->save_dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->save_dialog, self);
      gtk_window_destroy (GTK_WINDOW (self->save_dialog));
      self->save_dialog = NULL;
    }
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  for (guint i = 0; i < G_N_ELEMENTS (self->actions); i++)
    g_clear_object (&self->actions[i]);

  G_OBJECT_CLASS (bitmaze_files_parent_class)->dispose (object);
}

static void
bitmaze_files_class_init (BitmazeFilesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_files_dispose;

  /**
   * BitmazeFiles::message:
   * @message: a sentence for the user (a file saved, exported, or not)
   */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bitmaze_files_init (BitmazeFiles *self)
{
}

BitmazeFiles *
bitmaze_files_new (GtkWindow      *window,
                   BitmazeSession *session,
                   GtkWidget      *view)
{
  static const struct
  {
    const char *name;
    GCallback   activate;
  } entries[] = {
    { "open", G_CALLBACK (open_cb) },
    { "save", G_CALLBACK (save_cb) },
    { "save-as", G_CALLBACK (save_as_cb) },
    { "export", G_CALLBACK (export_cb) },
  };
  BitmazeFiles *self;

  g_return_val_if_fail (G_IS_ACTION_MAP (window), NULL);
  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  self = g_object_new (BITMAZE_TYPE_FILES, NULL);
  self->window = window;
  self->view = view;
  self->session = g_object_ref (session);

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      self->actions[i] = g_simple_action_new (entries[i].name, NULL);
      g_signal_connect_object (self->actions[i], "activate", entries[i].activate, self, 0);
      g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->actions[i]));
    }
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (files_update_actions), self);
  g_signal_connect_swapped (session, "notify::phase", G_CALLBACK (files_update_actions), self);
  files_update_actions (self);

  return self;
}
