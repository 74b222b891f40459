/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-controls.h: the controls pane, the recipe of the next maze
 * (generator and its parameter, size, loops, seed, Animate Building) and
 * the search (solver, speed), shown and changed on a session.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"
#include "bitmaze-shape-row.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CONTROLS (bitmaze_controls_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeControls, bitmaze_controls, BITMAZE, CONTROLS, GtkBox)

/* Shows and changes @session's recipe from now on. */
void bitmaze_controls_set_session (BitmazeControls *self,
                                   BitmazeSession  *session);

/* The Shape row, whose choice the session's "shape" follows; the window
 * binds it to its settings. */
BitmazeShapeRow *bitmaze_controls_get_shape_row (BitmazeControls *self);

G_END_DECLS
