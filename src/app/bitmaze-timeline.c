/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-timeline.h"

/* While Run goes the last step grows every frame; ten updates a second
 * keep the slider moving without laying out the label each frame. */
#define SYNC_INTERVAL_US (G_USEC_PER_SEC / 10)

struct _BitmazeTimeline
{
  GtkBox          parent_instance;

  BitmazeSession *session;
  GtkScale       *scale;
  GtkAdjustment  *adjustment;
  GtkLabel       *label;
  gboolean        syncing;
  /* A drag asks for many steps a frame: only the newest is shown, once a
   * frame, so the slider keeps up with the pointer on a big maze. */
  guint           seek_tick_id;
  guint64         target;
  gint64          last_sync;
  gint64          mark;
};

G_DEFINE_FINAL_TYPE (BitmazeTimeline, bitmaze_timeline, GTK_TYPE_BOX)

static void
timeline_sync (BitmazeTimeline *self)
{
  guint64 first = bitmaze_session_get_first (self->session);
  guint64 position = bitmaze_session_get_position (self->session);
  guint64 length = bitmaze_session_get_length (self->session);
  char at[32], last[32];
  g_autofree char *text = NULL;

  self->last_sync = g_get_monotonic_time ();
  self->syncing = TRUE;
  gtk_adjustment_configure (self->adjustment, (double) position, (double) first, (double) length,
                            1, MAX (1.0, (double) (length - first) / 20), 0);
  self->syncing = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale), length > first);

  /* %' groups the digits as the locale does (12,345 or 12.345). */
  g_snprintf (at, sizeof at, "%'" G_GUINT64_FORMAT, position);
  g_snprintf (last, sizeof last, "%'" G_GUINT64_FORMAT, length);
  /* Translators: the step the maze shows and the last step recorded */
  text = g_strdup_printf (_("Step %s of %s"), at, last);
  gtk_label_set_label (self->label, text);
}

static void
timeline_moved_cb (BitmazeTimeline *self)
{
  if (bitmaze_session_get_running (self->session)
      && g_get_monotonic_time () - self->last_sync < SYNC_INTERVAL_US)
    return;
  timeline_sync (self);
}

static gboolean
seek_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  BitmazeTimeline *self = BITMAZE_TIMELINE (widget);

  self->seek_tick_id = 0;
  bitmaze_session_seek (self->session, self->target);
  timeline_sync (self);
  return G_SOURCE_REMOVE;
}

static void
value_changed_cb (BitmazeTimeline *self)
{
  if (self->syncing || self->session == NULL)
    return;

  /* Dragging while Run goes pauses it: the slider is in charge now. */
  bitmaze_session_set_running (self->session, FALSE);
  self->target = (guint64) (gtk_adjustment_get_value (self->adjustment) + 0.5);
  if (self->seek_tick_id == 0)
    self->seek_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), seek_tick, NULL, NULL);
}

static void
bitmaze_timeline_dispose (GObject *object)
{
  BitmazeTimeline *self = BITMAZE_TIMELINE (object);

  if (self->seek_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->seek_tick_id);
      self->seek_tick_id = 0;
    }
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (bitmaze_timeline_parent_class)->dispose (object);
}

static void
bitmaze_timeline_class_init (BitmazeTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_timeline_dispose;
}

static void
bitmaze_timeline_init (BitmazeTimeline *self)
{
  gtk_box_set_spacing (GTK_BOX (self), 12);
  self->mark = -1;
  gtk_widget_add_css_class (GTK_WIDGET (self), "bitmaze-timeline");

  self->adjustment = gtk_adjustment_new (0, 0, 0, 1, 1, 0);
  self->scale = GTK_SCALE (gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, self->adjustment));
  gtk_scale_set_draw_value (self->scale, FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->scale), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->scale),
                               _("Drag to show the maze at any step (Home and End: the first and last step)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline"),
                                  -1);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->scale));
  g_signal_connect_swapped (self->adjustment, "value-changed", G_CALLBACK (value_changed_cb), self);

  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "dim-label");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->label));
}

void
bitmaze_timeline_set_session (BitmazeTimeline *self,
                              BitmazeSession  *session)
{
  g_return_if_fail (BITMAZE_IS_TIMELINE (self));
  g_return_if_fail (BITMAZE_IS_SESSION (session));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  g_signal_connect_swapped (session, "moved", G_CALLBACK (timeline_moved_cb), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (timeline_sync), self);
  g_signal_connect_swapped (session, "notify::running", G_CALLBACK (timeline_sync), self);
  timeline_sync (self);
}

GtkRange *
bitmaze_timeline_get_range (BitmazeTimeline *self)
{
  g_return_val_if_fail (BITMAZE_IS_TIMELINE (self), NULL);

  return GTK_RANGE (self->scale);
}

void
bitmaze_timeline_set_mark (BitmazeTimeline *self,
                           gint64           position,
                           const char      *label)
{
  g_return_if_fail (BITMAZE_IS_TIMELINE (self));

  if (position == self->mark)
    return;
  self->mark = position;
  gtk_scale_clear_marks (self->scale);
  gtk_widget_remove_css_class (GTK_WIDGET (self->scale), "bitmaze-marked");
  if (position < 0)
    return;
  gtk_scale_add_mark (self->scale, (double) position, GTK_POS_BOTTOM, label);
  gtk_widget_add_css_class (GTK_WIDGET (self->scale), "bitmaze-marked");
}

gint64
bitmaze_timeline_get_mark (BitmazeTimeline *self)
{
  g_return_val_if_fail (BITMAZE_IS_TIMELINE (self), -1);

  return self->mark;
}
