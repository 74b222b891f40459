/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-application.h"
#include "bitmaze-preferences.h"
#include "bitmaze-window.h"

struct _BitmazeApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  gboolean        lesson;   /* --lesson: the first window starts the guided lesson */
};

G_DEFINE_FINAL_TYPE (BitmazeApplication, bitmaze_application, ADW_TYPE_APPLICATION)

BitmazeApplication *
bitmaze_application_new (void)
{
  return g_object_new (BITMAZE_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}

/**
 * bitmaze_application_get_settings:
 *
 * Returns: (transfer none): the application's settings
 */
GSettings *
bitmaze_application_get_settings (BitmazeApplication *self)
{
  g_return_val_if_fail (BITMAZE_IS_APPLICATION (self), NULL);

  return self->settings;
}

static void
apply_color_scheme (BitmazeApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme color_scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (scheme, "light") == 0)
    color_scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (scheme, "dark") == 0)
    color_scheme = ADW_COLOR_SCHEME_FORCE_DARK;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), color_scheme);
}

static BitmazeWindow *
get_reusable_window (BitmazeApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (BITMAZE_IS_WINDOW (window) && bitmaze_window_is_pristine (BITMAZE_WINDOW (window)))
    return BITMAZE_WINDOW (window);

  return NULL;
}

static void
bitmaze_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (bitmaze_window_new (BITMAZE_APPLICATION (app)));

  gtk_window_present (window);
  if (BITMAZE_APPLICATION (app)->lesson)
    {
      BITMAZE_APPLICATION (app)->lesson = FALSE;
      gtk_widget_activate_action (GTK_WIDGET (window), "win.lesson", NULL);
    }
}

static int
bitmaze_application_handle_local_options (GApplication *app,
                                          GVariantDict *options)
{
  if (g_variant_dict_contains (options, "lesson"))
    BITMAZE_APPLICATION (app)->lesson = TRUE;
  return -1;
}

/* Each file in a window of its own (or in the window on screen, when it
 * shows nothing worth keeping).  A window is only made for a file that
 * opens: the reason a file does not goes to a window already there, or
 * (with none) to one new window with a new maze, as at start-up. */
/* A message the session gave while a file loaded, before it had a window. */
static void
keep_message_cb (BitmazeSession *session,
                 const char     *message,
                 GPtrArray      *messages)
{
  g_ptr_array_add (messages, g_strdup (message));
}

static void
bitmaze_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  BitmazeApplication *self = BITMAZE_APPLICATION (app);
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  GtkWindow *target;

  for (int i = 0; i < n_files; i++)
    {
      BitmazeWindow *window = i == 0 ? get_reusable_window (self) : NULL;
      g_autoptr (BitmazeSession) session = NULL;
      g_autoptr (GError) error = NULL;

      /* A student's C file: offered to run on the maze on screen (a
       * dialog asks), never run because it was opened. */
      if (bitmaze_lab_run_is_source (files[i]))
        {
          GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));

          if (window == NULL && BITMAZE_IS_WINDOW (active))
            window = BITMAZE_WINDOW (active);
          if (window == NULL)
            window = bitmaze_window_new (self);
          gtk_window_present (GTK_WINDOW (window));
          bitmaze_lab_run_offer (bitmaze_window_get_lab_run (window), files[i]);
          continue;
        }

      if (window != NULL)
        {
          gtk_window_present (GTK_WINDOW (window));
          bitmaze_window_open_file (window, files[i]);
          continue;
        }

      session = bitmaze_session_new ();
      {
        g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
        gulong id = g_signal_connect (session, "message", G_CALLBACK (keep_message_cb), messages);
        gboolean loaded = bitmaze_session_load (session, files[i], &error);

        g_signal_handler_disconnect (session, id);
        if (loaded)
          {
            window = bitmaze_window_new_for_session (self, session);
            gtk_window_present (GTK_WINDOW (window));
            for (guint k = 0; k < messages->len; k++)
              bitmaze_window_show_message (window, g_ptr_array_index (messages, k));
            continue;
          }
      }
      {
        g_autofree char *name = g_file_get_basename (files[i]);

        g_ptr_array_add (failures, g_strdup_printf (_("Could not open “%s”: %s"), name, error->message));
      }
    }

  if (failures->len == 0)
    return;
  target = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (!BITMAZE_IS_WINDOW (target))
    target = GTK_WINDOW (bitmaze_window_new (self));
  gtk_window_present (target);
  for (guint i = 0; i < failures->len; i++)
    bitmaze_window_show_message (BITMAZE_WINDOW (target), g_ptr_array_index (failures, i));
}

static void
bitmaze_application_startup (GApplication *app)
{
  BitmazeApplication *self = BITMAZE_APPLICATION (app);
  static const struct
  {
    const char *action;
    const char *accels[4];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.preferences", { "<Primary>comma", NULL } },
    { "win.new", { "<Primary>n", NULL } },
    { "win.open", { "<Primary>o", NULL } },
    { "win.save", { "<Primary>s", NULL } },
    { "win.save-as", { "<Primary><Shift>s", NULL } },
    { "win.export", { "<Primary>e", NULL } },
    { "win.print", { "<Primary>p", NULL } },
    { "win.undo", { "<Primary>z", NULL } },
    { "win.redo", { "<Primary><Shift>z", "<Primary>y", NULL } },
    { "win.present", { "F5", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "win.zoom-in", { "<Primary>plus", "<Primary>equal", "<Primary>KP_Add", NULL } },
    { "win.zoom-out", { "<Primary>minus", "<Primary>KP_Subtract", NULL } },
    { "win.zoom-fit", { "<Primary>0", "<Primary>KP_0", NULL } },
    { "win.close", { "<Primary>w", NULL } },
    { "win.run-code", { "<Primary><Shift>r", NULL } },
  };

  G_APPLICATION_CLASS (bitmaze_application_parent_class)->startup (app);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action,
                                           accels[i].accels);

  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (apply_color_scheme), self,
                           G_CONNECT_SWAPPED);
  apply_color_scheme (self);
}

static void
bitmaze_application_dispose (GObject *object)
{
  BitmazeApplication *self = BITMAZE_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bitmaze_application_parent_class)->dispose (object);
}

static void
bitmaze_application_class_init (BitmazeApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = bitmaze_application_dispose;

  app_class->activate = bitmaze_application_activate;
  app_class->handle_local_options = bitmaze_application_handle_local_options;
  app_class->open = bitmaze_application_open;
  app_class->startup = bitmaze_application_startup;
}

static void
bitmaze_application_quit_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  BitmazeApplication *self = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));
  g_autoptr (GList) copy = g_list_copy (windows);

  /* Each window asks about its unsaved changes before it goes; the
   * application quits by itself once the last one has closed. */
  for (const GList *l = copy; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
bitmaze_application_about_action (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  BitmazeApplication *self = user_data;
  static const char *developers[] = { "The Bitmaze developers", NULL };
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_window (window,
                         "application-name", _("Bitmaze"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Generate and solve mazes to learn bit manipulation."),
                         "developer-name", _("The Bitmaze developers"),
                         "developers", developers,
                         "website", "https://github.com/bitmaze/bitmaze",
                         "issue-url", "https://github.com/bitmaze/bitmaze/issues",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "copyright", _("© The Bitmaze developers"),
                         /* Translators: Replace "translator-credits" with your names, one name per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
bitmaze_application_preferences_action (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       user_data)
{
  BitmazeApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  BitmazePreferences *preferences = bitmaze_preferences_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), window);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
bitmaze_application_new_window_action (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (bitmaze_window_new (BITMAZE_APPLICATION (user_data))));
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = bitmaze_application_new_window_action },
  { .name = "quit", .activate = bitmaze_application_quit_action },
  { .name = "about", .activate = bitmaze_application_about_action },
  { .name = "preferences", .activate = bitmaze_application_preferences_action },
};

static void
bitmaze_application_init (BitmazeApplication *self)
{
  self->settings = g_settings_new (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);
  g_application_add_main_option (G_APPLICATION (self), "lesson", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Start the guided lesson where it was left"), NULL);
}
