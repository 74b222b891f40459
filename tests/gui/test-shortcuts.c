/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Keyboard Shortcuts window as the application shows it (Ctrl+?):
 * one page, on a 1024 x 768 projector with its close button on it (in
 * the application's style, style.css, as AdwApplication loads it), and
 * every key it lists is one the application binds. Run in German,
 * French and Spanish too (LANGUAGE, BITMAZE_LOCALEDIR), whose titles
 * are longer.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "../common/gui-test.h"

#include "bitmaze-application.h"
#include "../common/window-test.h"

#define HELP_OVERLAY "/io/github/bitmaze/Bitmaze/gtk/help-overlay.ui"

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

static GtkWindow *
show_overlay (void)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (HELP_OVERLAY);
  GtkWindow *overlay = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));

  g_assert_nonnull (overlay);
  g_object_ref_sink (overlay);
  gtk_window_present (overlay);
  gui_test_wait_for_frames (overlay, 1);

  return overlay;
}

static void
test_shortcuts_fit_one_page (void)
{
  GtkWindow *overlay = show_overlay ();
  g_autoptr (GPtrArray) stacks = g_ptr_array_new ();
  g_autoptr (GPtrArray) groups = g_ptr_array_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));

  g_test_message ("shortcuts window: %d x %d", width, height);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (width, <=, 1024);
  g_assert_cmpint (height, <=, 768);

  /* A section keeps its columns in a GtkStack, one child a page (two
   * columns each); more than one page hides groups behind a switcher. */
  collect (GTK_WIDGET (overlay), GTK_TYPE_STACK, stacks);
  for (guint i = 0; i < stacks->len; i++)
    {
      GtkWidget *stack = g_ptr_array_index (stacks, i);
      GtkWidget *parent = gtk_widget_get_parent (stack);
      guint pages = 0;

      if (parent == NULL || !GTK_IS_SHORTCUTS_SECTION (parent))
        continue;
      for (GtkWidget *child = gtk_widget_get_first_child (stack);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        pages++;
      g_assert_cmpuint (pages, ==, 1);
    }

  /* Every group is on that page, drawn on the screen. */
  collect (GTK_WIDGET (overlay), GTK_TYPE_SHORTCUTS_GROUP, groups);
  g_assert_cmpuint (groups->len, ==, 6);
  for (guint i = 0; i < groups->len; i++)
    {
      GtkWidget *group = g_ptr_array_index (groups, i);
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_get_mapped (group));
      g_assert_true (gtk_widget_compute_bounds (group, GTK_WIDGET (overlay), &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, height);
    }

  gtk_window_destroy (overlay);
  g_object_unref (overlay);
}

/* The keys a window binds through its own shortcut controllers (the
 * application's accelerators are looked up through GtkApplication). */
static gboolean
window_binds (BitmazeWindow *window,
              guint          keyval,
              GdkModifierType mods)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          g_autofree char *text = gtk_shortcut_trigger_to_string (trigger);
          g_autoptr (GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, mods);
          g_autofree char *wanted_text = gtk_shortcut_trigger_to_string (wanted);

          (void) display;
          /* Alternative triggers print as "a|b": compare each part. */
          {
            g_auto (GStrv) parts = g_strsplit (text, "|", -1);

            for (guint k = 0; parts[k] != NULL; k++)
              if (g_strcmp0 (parts[k], wanted_text) == 0)
                return TRUE;
          }
        }
    }

  return FALSE;
}

static void
test_shortcuts_are_real (void)
{
  g_autoptr (BitmazeApplication) app = bitmaze_application_new ();
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (HELP_OVERLAY);
  g_autoptr (GPtrArray) shortcuts = g_ptr_array_new ();
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GtkWidget *view;
  BitmazeWindow *window;
  guint checked = 0;

  /* Not the copy of Bitmaze that may run on this bus. */
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_application_activate (G_APPLICATION (app));
  g_assert_nonnull (gtk_application_get_windows (GTK_APPLICATION (app)));
  window = BITMAZE_WINDOW (gtk_application_get_windows (GTK_APPLICATION (app))->data);
  view = GTK_WIDGET (window_test_view (window));

  collect (overlay, GTK_TYPE_SHORTCUTS_SHORTCUT, shortcuts);
  g_assert_cmpuint (shortcuts->len, >, 20);
  for (guint i = 0; i < shortcuts->len; i++)
    {
      g_autofree char *accels = NULL;
      g_autofree char *title = NULL;
      g_auto (GStrv) keys = NULL;

      g_object_get (g_ptr_array_index (shortcuts, i),
                    "accelerator", &accels, "title", &title, NULL);
      keys = g_strsplit (accels, " ", -1);
      for (guint k = 0; keys[k] != NULL; k++)
        {
          g_auto (GStrv) actions = NULL;
          guint keyval = 0;
          GdkModifierType mods = 0;
          gboolean bound;

          g_assert_true (gtk_accelerator_parse (keys[k], &keyval, &mods));
          actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), keys[k]);
          bound = (actions != NULL && actions[0] != NULL)
                  || window_binds (window, keyval, mods)
                  || window_binds (window, gdk_keyval_to_lower (keyval), mods);

          /* Keys the maze view itself takes (arrows, Return, Ctrl+arrows)
           * and Play mode's walking keys are bindings of those widgets:
           * their own tests press them. Here they must at least be the
           * keys those tests press. */
          if (!bound)
            {
              static const char *const widget_keys[] = {
                "Up", "Down", "Left", "Right", "<Shift>Left", "<Shift>Right",
                "Return", "<Shift>Return",
                "<Primary>Up", "<Primary>Down", "<Primary>Left", "<Primary>Right",
                "w", "a", "d", "BackSpace",
              };

              for (guint w = 0; w < G_N_ELEMENTS (widget_keys) && !bound; w++)
                bound = g_str_equal (keys[k], widget_keys[w]);
            }
          if (!bound)
            g_error ("\"%s\" lists %s, which nothing binds", title, keys[k]);
          checked++;
        }
    }
  g_test_message ("%u listed keys checked", checked);

  /* The primary menu shows an item's key only when it is the
   * application's accelerator: Print… must say Ctrl+P there. */
  {
    static const char *const menu_actions[] = {
      "win.save-as", "win.export", "win.print", "win.fullscreen", "app.preferences",
    };

    for (guint i = 0; i < G_N_ELEMENTS (menu_actions); i++)
      {
        g_auto (GStrv) menu_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                            menu_actions[i]);

        g_assert_nonnull (menu_accels);
        if (menu_accels[0] == NULL)
          g_error ("the menu shows no key for %s", menu_actions[i]);
      }
  }
  g_assert_nonnull (view);

  gui_test_destroy_window (GTK_WINDOW (window));
  g_object_unref (g_object_ref_sink (overlay));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BITMAZE_LOCALEDIR");

  gtk_test_init (&argc, &argv, NULL);
  if (localedir != NULL && *localedir != '\0')
    {
      /* gtk_test_init () forced its own locale: take LC_ALL's back. */
      g_assert_nonnull (setlocale (LC_ALL, ""));
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  adw_init ();
  {
    /* The application's style sheet, as AdwApplication loads it. */
    g_autoptr (GtkCssProvider) provider = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (provider, "/io/github/bitmaze/Bitmaze/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (provider),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  g_test_add_func ("/shortcuts/fit-one-page", test_shortcuts_fit_one_page);
  g_test_add_func ("/shortcuts/are-real", test_shortcuts_are_real);

  return g_test_run ();
}
