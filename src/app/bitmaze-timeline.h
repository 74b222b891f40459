/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-timeline.h: the timeline under the maze, a slider from the
 * first step of the build or search to the last one recorded; dragging it
 * shows the maze at any step, backwards or forwards.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_TIMELINE (bitmaze_timeline_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeTimeline, bitmaze_timeline, BITMAZE, TIMELINE, GtkBox)

/* Follows and moves @session's position from now on. */
void        bitmaze_timeline_set_session (BitmazeTimeline *self,
                                          BitmazeSession  *session);

/* The slider, as a user drags it. */
GtkRange   *bitmaze_timeline_get_range   (BitmazeTimeline *self);

/* Marks step @position (a step the user should look at: the first step
 * of the user's program that differs from Bitmaze's run) with @label
 * under the slider; -1 takes the mark away. */
void        bitmaze_timeline_set_mark    (BitmazeTimeline *self,
                                          gint64           position,
                                          const char      *label);
gint64      bitmaze_timeline_get_mark    (BitmazeTimeline *self);

G_END_DECLS
