/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-actions.h: a window's class session.
 *
 * win.class-session opens the class session window (its address, join
 * code, QR code and students), whose server follows the window's predict
 * mode.  Nothing listens until the teacher starts the session there;
 * while it runs predict mode is on and the projector's answer chart
 * stands under the bit inspector's grid.  The session stops when the
 * teacher stops it or the window closes.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-class-server.h"
#include "bitmaze-inspector.h"
#include "bitmaze-predict.h"

G_BEGIN_DECLS

/* Adds win.class-session to @window (a GActionMap), for @predict. */
void                bitmaze_class_add_actions   (GtkWindow        *window,
                                                 BitmazePredict   *predict);
/* The window's bit inspector, made when first shown: the chart goes
 * under its bit grid. */
void                bitmaze_class_set_inspector (GtkWindow        *window,
                                                 BitmazeInspector *inspector);

/* The window's class server (not listening until started), the class
 * session window (NULL until win.class-session first ran) and the chart. */
BitmazeClassServer *bitmaze_class_get_server    (GtkWindow        *window);
GtkWindow          *bitmaze_class_get_dialog    (GtkWindow        *window);
GtkWidget          *bitmaze_class_get_chart     (GtkWindow        *window);
/* A button the window shows over its maze while the session runs: the
 * address and the join code (the session window may be closed); it
 * opens the session window. */
GtkWidget          *bitmaze_class_get_join_bar  (GtkWindow        *window);

G_END_DECLS
