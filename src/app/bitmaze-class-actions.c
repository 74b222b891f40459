/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-class-actions.h"
#include "bitmaze-class-chart.h"
#include "bitmaze-class-dialog.h"
#include "bitmaze-class-link.h"

#define CLASS_KEY "bitmaze-class"

typedef struct
{
  GtkWindow          *window;  /* owns this */
  BitmazePredict     *predict;
  BitmazeClassServer *server;
  BitmazeClassLink   *link;
  BitmazeClassDialog *dialog;  /* a toplevel: destroyed, not unreferenced */
  GtkWidget          *chart;
  GtkWidget          *join_bar;  /* the window's: how to join, while running */
  GtkLabel           *join_label;
} ClassState;

static void
class_state_free (ClassState *state)
{
  g_clear_object (&state->link);
  g_clear_object (&state->server);
  g_clear_object (&state->chart);
  g_clear_object (&state->join_bar);
  g_clear_object (&state->predict);
  g_free (state);
}

static ClassState *
class_state (GtkWindow *window)
{
  return g_object_get_data (G_OBJECT (window), CLASS_KEY);
}

/* A session that starts puts predict mode on (its questions are what the
 * class answers) and the inspector, where the chart is, in sight. */
static void
server_running_cb (ClassState *state)
{
  gboolean running = bitmaze_class_server_get_running (state->server);

  gtk_widget_set_visible (state->chart, running);
  gtk_widget_set_visible (state->join_bar, running);
  if (!running)
    return;
  {
    const char *url = bitmaze_class_server_get_url (state->server);
    /* Translators: over the maze while a class session runs: the
     * address students open, then the six-digit join code */
    g_autofree char *text = g_strdup_printf (_("Students join at %s with code %s"),
                                             url != NULL ? url : "",
                                             bitmaze_class_server_get_join_code (state->server));

    gtk_label_set_label (state->join_label, text);
    gtk_widget_set_tooltip_text (state->join_bar, _("Show the Class Session Window"));
  }
  bitmaze_predict_set_active (state->predict, TRUE);
  if (g_action_group_has_action (G_ACTION_GROUP (state->window), "show-inspector"))
    g_action_group_change_action_state (G_ACTION_GROUP (state->window), "show-inspector",
                                        g_variant_new_boolean (TRUE));
}

/* The window goes: so do the session and its window, now. */
static void
window_destroy_cb (ClassState *state)
{
  bitmaze_class_server_stop (state->server);
  if (state->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (state->dialog));
}

static void
class_session_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  ClassState    *state)
{
  if (state->dialog == NULL)
    {
      state->dialog = bitmaze_class_dialog_new (state->server);
      g_object_add_weak_pointer (G_OBJECT (state->dialog), (gpointer *) &state->dialog);
      gtk_window_set_transient_for (GTK_WINDOW (state->dialog), state->window);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (state->dialog), TRUE);
    }
  gtk_window_present (GTK_WINDOW (state->dialog));
}

void
bitmaze_class_add_actions (GtkWindow      *window,
                           BitmazePredict *predict)
{
  g_autoptr (GSimpleAction) action = g_simple_action_new ("class-session", NULL);
  ClassState *state;

  g_return_if_fail (G_IS_ACTION_MAP (window));
  g_return_if_fail (BITMAZE_IS_PREDICT (predict));

  state = g_new0 (ClassState, 1);
  state->window = window;
  state->predict = g_object_ref (predict);
  state->server = bitmaze_class_server_new ();
  state->link = bitmaze_class_link_new (predict, state->server);
  state->chart = g_object_ref_sink (bitmaze_class_chart_new (state->server));
  gtk_widget_set_visible (state->chart, FALSE);
  /* The address and code stay in sight with the session window closed:
   * a late student, a dropped phone.  A click brings that window back. */
  state->join_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (state->join_label, TRUE);
  gtk_label_set_wrap_mode (state->join_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (state->join_label, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (state->join_label), "heading");
  state->join_bar = g_object_ref_sink (gtk_button_new ());
  gtk_button_set_child (GTK_BUTTON (state->join_bar), GTK_WIDGET (state->join_label));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (state->join_bar), "win.class-session");
  gtk_widget_add_css_class (state->join_bar, "flat");
  gtk_widget_add_css_class (state->join_bar, "bitmaze-class-join");
  gtk_widget_set_visible (state->join_bar, FALSE);
  g_object_set_data_full (G_OBJECT (window), CLASS_KEY, state, (GDestroyNotify) class_state_free);

  g_signal_connect_swapped (state->server, "notify::running", G_CALLBACK (server_running_cb), state);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (window_destroy_cb), state);
  g_signal_connect (action, "activate", G_CALLBACK (class_session_cb), state);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
}

void
bitmaze_class_set_inspector (GtkWindow        *window,
                             BitmazeInspector *inspector)
{
  ClassState *state = class_state (window);

  g_return_if_fail (state != NULL);
  g_return_if_fail (BITMAZE_IS_INSPECTOR (inspector));

  bitmaze_inspector_set_under_bits (inspector, state->chart);
}

BitmazeClassServer *
bitmaze_class_get_server (GtkWindow *window)
{
  ClassState *state = class_state (window);

  return state != NULL ? state->server : NULL;
}

GtkWindow *
bitmaze_class_get_dialog (GtkWindow *window)
{
  ClassState *state = class_state (window);

  return state != NULL ? GTK_WINDOW (state->dialog) : NULL;
}

GtkWidget *
bitmaze_class_get_join_bar (GtkWindow *window)
{
  ClassState *state = class_state (window);

  return state != NULL ? state->join_bar : NULL;
}

GtkWidget *
bitmaze_class_get_chart (GtkWindow *window)
{
  ClassState *state = class_state (window);

  return state != NULL ? state->chart : NULL;
}
