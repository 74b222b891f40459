/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-status.h: the status line under the maze: the phase ("Solved"),
 * the numbers (cells, steps, visited, path, time) and the step shown, as
 * the session has them.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_STATUS (bitmaze_status_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeStatus, bitmaze_status, BITMAZE, STATUS, GtkBox)

/* Follows @session from now on. */
void        bitmaze_status_set_session (BitmazeStatus  *self,
                                        BitmazeSession *session);

/* A few words beside the step: what a click on the maze does, with a
 * sentence as its tooltip. */
void        bitmaze_status_set_hint    (BitmazeStatus  *self,
                                        const char     *hint,
                                        const char     *tooltip);

/* The text of one part: "state" ("Solved"), "numbers", "step", "hint" or
 * "moves" (the solution's moves, once the Moves popover was opened). */
const char *bitmaze_status_get_text    (BitmazeStatus  *self,
                                        const char     *which);

G_END_DECLS
