/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-animation.c: Export Animation…, a GIF of the current
 * solver at work on the current maze.
 *
 * The hand-off: the main thread copies the maze, the solver's name and the
 * drawing options into the export and starts a GTask; the worker reads
 * only that copy, calls render_animation_to_file() and, after each frame,
 * checks the GCancellable and sends the progress back to the main context
 * (only when it moved by a percent).  Everything a widget sees, the
 * "fraction" property and the "finished" signal, happens on the main
 * thread.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bitmaze-error.h"
#include "bitmaze-export-animation.h"
#include "bitmaze-export-common.h"

struct _BitmazeExportAnimation
{
  GObject        parent_instance;

  Maze          *maze;        /* read by the worker only */
  char          *solver;
  RenderOptions  options;
  gboolean       captions;
  const char    *legend_labels[RENDER_LEGEND_N_ITEMS];
  char          *caption_start;
  char          *caption_end;
  GCancellable  *cancellable;
  gboolean       started;

  double         fraction;
  int            sent;        /* per mille, last sent to the main thread */
};

G_DEFINE_FINAL_TYPE (BitmazeExportAnimation, bitmaze_export_animation, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
bitmaze_export_animation_finalize (GObject *object)
{
  BitmazeExportAnimation *self = BITMAZE_EXPORT_ANIMATION (object);

  g_clear_pointer (&self->maze, maze_free);
  g_clear_pointer (&self->solver, g_free);
  g_clear_pointer (&self->caption_start, g_free);
  g_clear_pointer (&self->caption_end, g_free);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (bitmaze_export_animation_parent_class)->finalize (object);
}

static void
bitmaze_export_animation_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  BitmazeExportAnimation *self = BITMAZE_EXPORT_ANIMATION (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_export_animation_class_init (BitmazeExportAnimationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bitmaze_export_animation_finalize;
  object_class->get_property = bitmaze_export_animation_get_property;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BitmazeExportAnimation::finished:
   * @error: (nullable): why there is no file (G_IO_ERROR_CANCELLED after
   *         bitmaze_export_animation_cancel()), or NULL: the GIF is written
   */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
bitmaze_export_animation_init (BitmazeExportAnimation *self)
{
  self->cancellable = g_cancellable_new ();
}

BitmazeExportAnimation *
bitmaze_export_animation_new (const Maze          *maze,
                              const char          *solver,
                              const RenderOptions *options)
{
  BitmazeExportAnimation *self;
  MazeError error;

  g_return_val_if_fail (maze != NULL, NULL);
  g_return_val_if_fail (solver != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (BITMAZE_TYPE_EXPORT_ANIMATION, NULL);
  maze_error_clear (&error);
  self->maze = maze_copy (maze, &error);
  self->solver = g_strdup (solver);
  self->options = *options;
  self->options.frontier = self->options.changed = self->options.trail = NULL;
  self->options.n_frontier = self->options.n_changed = self->options.n_trail = 0;
  return self;
}

void
bitmaze_export_animation_set_captions (BitmazeExportAnimation *self,
                                       const char             *start,
                                       const char             *end)
{
  g_return_if_fail (BITMAZE_IS_EXPORT_ANIMATION (self));
  g_return_if_fail (!self->started);

  self->captions = TRUE;
  g_free (self->caption_start);
  g_free (self->caption_end);
  self->caption_start = g_strdup (start);
  self->caption_end = g_strdup (end);
  /* the legend on the first and the last frame, in the user's words */
  for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
    self->legend_labels[k] = _(render_legend_label ((RenderLegendItem) k,
                                                    maze_algorithm_find (maze_solvers, self->solver,
                                                                         NULL, NULL)));
}

double
bitmaze_export_animation_get_fraction (BitmazeExportAnimation *self)
{
  g_return_val_if_fail (BITMAZE_IS_EXPORT_ANIMATION (self), 0.0);

  return self->fraction;
}

static void
set_fraction (BitmazeExportAnimation *self,
              double                  fraction)
{
  if (fraction == self->fraction)
    return;
  self->fraction = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

/* ---- the worker ---- */

/* On the main thread: the progress the worker last sent. */
static gboolean
progress_in_main (gpointer data)
{
  BitmazeExportAnimation *self = data;

  set_fraction (self, g_atomic_int_get (&self->sent) / 1000.0);
  return G_SOURCE_REMOVE;
}

/* On the worker thread, after every frame. */
static bool
on_frame (void     *user_data,
          unsigned  frame,
          unsigned  n_frames)
{
  BitmazeExportAnimation *self = user_data;
  int per_mille = (int) ((guint64) frame * 1000 / MAX (n_frames, 1));

  if (g_cancellable_is_cancelled (self->cancellable))
    return false;
  if (per_mille - g_atomic_int_get (&self->sent) >= 10 || per_mille == 1000)
    {
      g_atomic_int_set (&self->sent, per_mille);
      g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, progress_in_main,
                                  g_object_ref (self), g_object_unref);
    }
  return true;
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  BitmazeExportAnimation *self = source_object;
  const char *path = task_data;
  RenderAnimationOptions animation;
  MazeError merror;
  MazeStatus status;

  maze_error_clear (&merror);
  render_animation_options_init (&animation);
  animation.algorithm = self->solver;
  animation.captions = self->captions;
  animation.caption_start = self->caption_start;
  animation.caption_end = self->caption_end;
  animation.legend = self->captions;
  animation.legend_labels = self->legend_labels;
  status = render_animation_to_file (self->maze, &self->options, &animation,
                                     path, on_frame, self, NULL, &merror);
  /* A Cancel that came after the last frame is too late: the file is
   * there, and that is what "finished" says. */
  if (status == MAZE_OK)
    g_task_return_boolean (task, TRUE);
  else if (g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             "%s", _("The export was cancelled"));
  else
    {
      GError *error = NULL;

      bitmaze_error_propagate (&error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      g_task_return_error (task, error);
    }
}

static void
export_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  BitmazeExportAnimation *self = BITMAZE_EXPORT_ANIMATION (object);
  g_autoptr (GError) error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    set_fraction (self, 1.0);
  g_signal_emit (self, signals[FINISHED], 0, error);
}

static gboolean
start_in_idle (gpointer data)
{
  g_task_run_in_thread (G_TASK (data), export_thread);
  return G_SOURCE_REMOVE;
}

void
bitmaze_export_animation_start (BitmazeExportAnimation *self,
                                GFile                  *file)
{
  g_autoptr (GTask) task = NULL;
  char *path;

  g_return_if_fail (BITMAZE_IS_EXPORT_ANIMATION (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  task = g_task_new (self, self->cancellable, export_done, NULL);
  g_task_set_source_tag (task, bitmaze_export_animation_start);
  path = g_file_get_path (file);
  if (path == NULL || self->maze == NULL)
    {
      g_free (path);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                               self->maze == NULL ? _("Not enough memory for the export")
                                                  : _("Only files on this computer can be written"));
      return;
    }
  g_task_set_task_data (task, path, g_free);
  /* The worker starts from the main loop, so a Cancel given before the
   * main loop runs again (in the same handler as the start) is seen at the
   * first frame; after that, the worker looks at it after every frame. */
  g_idle_add_full (G_PRIORITY_DEFAULT, start_in_idle, g_steal_pointer (&task), g_object_unref);
}

void
bitmaze_export_animation_cancel (BitmazeExportAnimation *self)
{
  g_return_if_fail (BITMAZE_IS_EXPORT_ANIMATION (self));

  g_cancellable_cancel (self->cancellable);
}

/* ---- the action: a file, a progress dialog, a toast ---- */

typedef struct
{
  GtkWindow              *window;  /* weak */
  GtkWidget              *dialog;  /* weak */
  BitmazeExportAnimation *export;
  GApplication           *app;     /* held until the worker is done */
  char                   *name;
} ExportRun;

static void
export_run_free (ExportRun *run)
{
  g_clear_weak_pointer (&run->window);
  g_clear_weak_pointer (&run->dialog);
  g_clear_object (&run->export);
  if (run->app != NULL)
    g_application_release (run->app);
  g_clear_object (&run->app);
  g_free (run->name);
  g_free (run);
}

static void
run_dialog_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        ExportRun        *run)
{
  bitmaze_export_animation_cancel (run->export);
}

static void
run_finished_cb (BitmazeExportAnimation *export,
                 const GError           *error,
                 ExportRun              *run)
{
  g_autofree char *message = NULL;

  if (run->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (run->dialog));
  if (error == NULL)
    message = g_strdup_printf (_("Exported “%s”"), run->name);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    message = g_strdup (_("The animation was not exported"));
  else
    message = g_strdup_printf (_("Could not export the animation: %s"), error->message);
  if (run->window != NULL)
    bitmaze_export_toast (run->window, message);
  export_run_free (run);
}

BitmazeExportAnimation *
bitmaze_export_animation_run (GtkWindow      *window,
                              BitmazeSession *session,
                              GFile          *file)
{
  const char *solver;
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *size = NULL;
  RenderOptions options;
  ExportRun *run;
  GtkWidget *bar;
  Maze *maze;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  maze = bitmaze_session_get_maze (session);
  if (maze == NULL)
    return NULL;
  solver = bitmaze_session_get_solver (session);
  settings = g_settings_new (APP_ID);
  size = g_settings_get_string (settings, "export-animation-size");
  render_options_init (&options);
  /* small: the PNG's cells; a slide: 800 pixels wide, type that reads
   * when the GIF fills it; full HD: 1920 */
  if (g_str_equal (size, "small")
      || !render_size_to_width (maze, &options, g_str_equal (size, "hd") ? 1920 : 800))
    render_auto_size (maze, &options);

  run = g_new0 (ExportRun, 1);
  g_set_weak_pointer (&run->window, window);
  run->export = bitmaze_export_animation_new (maze, solver, &options);
  if (g_settings_get_boolean (settings, "export-animation-captions"))
    {
      const MazeAlgorithm *algorithm = maze_algorithm_find (maze_solvers, solver, NULL, NULL);
      g_autofree char *start =
        /* Translators: the caption of an animation's first frame; the
         * solver's name */
        g_strdup_printf (_("%s: from the start to the goal"),
                         algorithm != NULL ? _(algorithm->label) : solver);

      bitmaze_export_animation_set_captions (run->export, start,
                                             _("The path, in the solution nibbles"));
    }
  run->name = g_file_get_basename (file);

  run->dialog = adw_message_dialog_new (window, _("Exporting Animation"), NULL);
  g_object_add_weak_pointer (G_OBJECT (run->dialog), (gpointer *) &run->dialog);
  /* Translators: the body of the progress dialog: the file being written */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (run->dialog), _("Drawing “%s” frame by frame"),
                                  run->name);
  bar = gtk_progress_bar_new ();
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (bar), TRUE);
  g_object_bind_property (run->export, "fraction", bar, "fraction", G_BINDING_SYNC_CREATE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (run->dialog), bar);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (run->dialog), "cancel", _("_Cancel"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (run->dialog), "cancel");
  g_signal_connect (run->dialog, "response", G_CALLBACK (run_dialog_response_cb), run);

  /* Closing the window or quitting stops the export; the app stays until
   * the worker has seen that and removed its temporary file. */
  g_signal_connect_object (window, "destroy", G_CALLBACK (bitmaze_export_animation_cancel),
                           run->export, G_CONNECT_SWAPPED);
  run->app = g_application_get_default ();
  if (run->app != NULL)
    {
      g_object_ref (run->app);
      g_application_hold (run->app);
    }

  g_signal_connect (run->export, "finished", G_CALLBACK (run_finished_cb), run);
  bitmaze_export_animation_start (run->export, file);
  gtk_window_present (GTK_WINDOW (run->dialog));
  return run->export;
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     BitmazeSession  *session)
{
  GtkWindow *window = gtk_native_dialog_get_transient_for (chooser);
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GSettings) settings = g_settings_new (APP_ID);
      const char *captions = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "captions");
      const char *size = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "size");

      /* the choices made are the next export's */
      if (captions != NULL)
        g_settings_set_boolean (settings, "export-animation-captions",
                                g_str_equal (captions, "true"));
      if (size != NULL)
        g_settings_set_string (settings, "export-animation-size", size);

      /* No extension typed: the GIF's. */
      if (path != NULL && !g_str_has_suffix (path, ".gif") && !g_str_has_suffix (path, ".GIF"))
        {
          g_autofree char *with_ext = g_strconcat (path, ".gif", NULL);

          g_object_unref (file);
          file = g_file_new_for_path (with_ext);
        }
      if (window != NULL)
        bitmaze_export_animation_run (window, session, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
win_export_animation_cb (GSimpleAction  *action,
                         GVariant       *parameter,
                         BitmazeSession *session)
{
  GtkWindow *window = g_object_get_data (G_OBJECT (action), "bitmaze-export-window");
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  g_autofree char *solver = NULL;
  GFile *current = bitmaze_session_get_file (session);

  if (bitmaze_session_get_maze (session) == NULL)
    return;
  if (bitmaze_session_get_phase (session) == BITMAZE_PHASE_BUILDING)
    {
      bitmaze_export_toast (window, _("The maze is still being built"));
      return;
    }

  chooser = gtk_file_chooser_native_new (_("Export Animation"), window,
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("GIF Animation"));
  gtk_file_filter_add_pattern (filter, "*.gif");
  gtk_file_filter_add_mime_type (filter, "image/gif");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  {
    static const char *const sizes[] = { "small", "slide", "hd", NULL };
    const char *size_labels[] = {
      _("Small (the picture’s cells)"), _("A slide (800 pixels wide)"),
      _("Full HD (1920 pixels wide)"), NULL,
    };
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);
    g_autofree char *size = g_settings_get_string (settings, "export-animation-size");

    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "captions",
                                 _("Captions: each step’s statement and word"), NULL, NULL);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "captions",
                                 g_settings_get_boolean (settings, "export-animation-captions")
                                 ? "true" : "false");
    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "size", _("Size"),
                                 (const char **) sizes, size_labels);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "size", size);
  }

  /* "maze-bfs.gif": the maze's name and the solver animated. */
  solver = g_strdup (bitmaze_session_get_solver (session));
  g_strdelimit (solver, ":", '-');
  if (current != NULL)
    {
      g_autofree char *base = g_file_get_basename (current);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      name = g_strdup_printf ("%s-%s.gif", base, solver);
    }
  else
    /* Translators: the default file name of an exported animation, %s the
     * solver's name ("bfs"); keep the extension */
    name = g_strdup_printf (_("maze-%s.gif"), solver);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);

  g_signal_connect_object (chooser, "response", G_CALLBACK (chooser_response_cb), session, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_maze_notify_cb (BitmazeSession *session,
                       GParamSpec     *pspec,
                       GSimpleAction  *action)
{
  g_simple_action_set_enabled (action, bitmaze_session_get_maze (session) != NULL);
}

void
bitmaze_export_animation_add_actions (GtkWindow      *window,
                                      BitmazeSession *session)
{
  g_autoptr (GSimpleAction) action = g_simple_action_new ("export-animation", NULL);

  g_return_if_fail (G_IS_ACTION_MAP (window));
  g_return_if_fail (BITMAZE_IS_SESSION (session));

  /* The action lives on the window and never outlives it. */
  g_object_set_data (G_OBJECT (action), "bitmaze-export-window", window);
  g_signal_connect_object (action, "activate", G_CALLBACK (win_export_animation_cb), session, 0);
  g_signal_connect_object (session, "notify::maze", G_CALLBACK (export_maze_notify_cb), action, 0);
  g_simple_action_set_enabled (action, bitmaze_session_get_maze (session) != NULL);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
}
