/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * window-test.h: reaching the parts of a real BitmazeWindow as a user
 * sees them, without private API: its session, its widgets by type or by
 * template name, the "Save Changes?" dialog on top of it and the text of
 * its toasts.  Header only (static inline).
 */
#pragma once

#include <adwaita.h>
#include <string.h>

#include "bitmaze-inspector.h"
#include "bitmaze-maze-view.h"
#include "bitmaze-play.h"
#include "bitmaze-session.h"
#include "bitmaze-status.h"
#include "bitmaze-application.h"
#include "bitmaze-window.h"

static inline BitmazeSession *
window_test_session (BitmazeWindow *window)
{
  return bitmaze_window_get_session (window);
}

static inline Maze *
window_test_maze (BitmazeWindow *window)
{
  return bitmaze_session_get_maze (bitmaze_window_get_session (window));
}

/* The first widget of @type under @root (depth first), or NULL. */
static inline GtkWidget *
window_test_find (GtkWidget *root,
                  GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = window_test_find (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first GtkActionable under @root whose action is @action, or NULL. */
static inline GtkWidget *
window_test_find_actionable (GtkWidget  *root,
                             const char *action)
{
  if (GTK_IS_ACTIONABLE (root)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = window_test_find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The GtkSpinButton of the AdwActionRow titled @title (with its
 * mnemonic's underscore, "_Width") under @root, or NULL. */
static inline GtkWidget *
window_test_find_spin (GtkWidget  *root,
                       const char *title)
{
  if (ADW_IS_ACTION_ROW (root))
    {
      const char *row_title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root));
      g_autofree char *plain = g_strdup (row_title);

      g_strdelimit (plain, "_", ' ');
      g_strstrip (plain);
      if (g_str_equal (plain, title) || g_str_equal (row_title, title))
        return window_test_find (root, GTK_TYPE_SPIN_BUTTON);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = window_test_find_spin (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static inline BitmazeMazeView *
window_test_view (BitmazeWindow *window)
{
  return BITMAZE_MAZE_VIEW (window_test_find (GTK_WIDGET (window), BITMAZE_TYPE_MAZE_VIEW));
}

static inline BitmazeStatus *
window_test_status (BitmazeWindow *window)
{
  return BITMAZE_STATUS (window_test_find (GTK_WIDGET (window), BITMAZE_TYPE_STATUS));
}

/* The bit inspector, or NULL while it was never shown. */
static inline BitmazeInspector *
window_test_inspector (BitmazeWindow *window)
{
  GtkWidget *found = window_test_find (GTK_WIDGET (window), BITMAZE_TYPE_INSPECTOR);

  return found != NULL ? BITMAZE_INSPECTOR (found) : NULL;
}

static inline BitmazePlay *
window_test_play (BitmazeWindow *window)
{
  return BITMAZE_PLAY (window_test_find (GTK_WIDGET (window), BITMAZE_TYPE_PLAY));
}

/* The pane the bit inspector lives in (a template child of the window). */
static inline GtkWidget *
window_test_side_panel (BitmazeWindow *window)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), BITMAZE_TYPE_WINDOW, "side_panel"));
}

/* The main menu's button (the header bar's primary menu), or NULL. */
static inline GtkMenuButton *
window_test_primary_menu (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (root)))
    return GTK_MENU_BUTTON (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = window_test_primary_menu (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The flap that holds the controls: beside the maze, or folded over it
 * on a narrow window. */
static inline AdwFlap *
window_test_flap (BitmazeWindow *window)
{
  return ADW_FLAP (gtk_widget_get_template_child (GTK_WIDGET (window), BITMAZE_TYPE_WINDOW, "flap"));
}

/* Whether the window shows its controls (beside the maze or over it). */
static inline gboolean
window_test_shows_controls (BitmazeWindow *window)
{
  gboolean shown = FALSE;

  g_object_get (window, "show-controls", &shown, NULL);
  return shown;
}

/* The controls pane (its Back, Step, Run and Reset go under the maze
 * while it is folded). */
static inline GtkWidget *
window_test_sidebar (BitmazeWindow *window)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), BITMAZE_TYPE_WINDOW, "sidebar"));
}

/* The status line's "state" ("Solved"), "numbers" or "step" text. */
static inline const char *
window_test_status_text (BitmazeWindow *window,
                         const char    *which)
{
  return bitmaze_status_get_text (window_test_status (window), which);
}

/* Answers @dialog with @response as a click on the response's button
 * does: the response, and the dialog gone.  adw_message_dialog_response()
 * alone emits the response and leaves the dialog on the screen, where it
 * would take the clicks meant for a later test's window. */
static inline void
window_test_respond (AdwMessageDialog *dialog,
                     const char       *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

/* The "Save Changes?" dialog shown over @window, or NULL. */
static inline AdwMessageDialog *
window_test_save_dialog (BitmazeWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *found = NULL;

  for (guint i = 0; found == NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item)
          && gtk_window_get_transient_for (GTK_WINDOW (item)) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (item))
          && adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (item), "discard"))
        found = ADW_MESSAGE_DIALOG (item);
    }
  return found;
}

static inline gboolean
window_test_label_says (GtkWidget  *root,
                        const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (window_test_label_says (child, text))
      return TRUE;
  return FALSE;
}

/* Does a toast of @window (one shown on top of its content) say @text? */
static inline gboolean
window_test_toast_says (BitmazeWindow *window,
                        const char    *text)
{
  GtkWidget *overlay = window_test_find (GTK_WIDGET (window), ADW_TYPE_TOAST_OVERLAY);
  GtkWidget *content = adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (overlay));

  for (GtkWidget *child = gtk_widget_get_first_child (overlay);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != content && window_test_label_says (child, text))
      return TRUE;
  return FALSE;
}
