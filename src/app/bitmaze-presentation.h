/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-presentation.h: the presentation view, for the back of a
 * classroom: the maze as large as the screen allows in high contrast, the
 * step's C statement and a cell's 16 bits in large type, and big Back,
 * Step, Run and Reset buttons.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-class-server.h"
#include "bitmaze-maze-view.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_PRESENTATION (bitmaze_presentation_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePresentation, bitmaze_presentation, BITMAZE, PRESENTATION, GtkBox)

/* Shows and follows @session; NULL stops (while the view is not shown,
 * it costs a running search nothing). */
void        bitmaze_presentation_set_session (BitmazePresentation *self,
                                              BitmazeSession      *session);

/* Shows the Code pane beside the maze (while a session is shown). */
void        bitmaze_presentation_set_show_code (BitmazePresentation *self,
                                                gboolean             show);

/* Its maze view (the window answers its clicks as it does its own). */
BitmazeMazeView *bitmaze_presentation_get_view (BitmazePresentation *self);

/* Moves @bar (predict mode's) here, above the buttons and in larger
 * type, when @here; else back into @home after @home_sibling. */
void        bitmaze_presentation_move_bar    (BitmazePresentation *self,
                                              GtkWidget           *bar,
                                              gboolean             here,
                                              GtkBox              *home,
                                              GtkWidget           *home_sibling);

/* The text of one line: "statement" (the step's C statements, or the
 * statement predict mode asks about), "sentence" (the step in words),
 * "cell" (the cell's word in hex and binary), "bits" (the key's 16 bits,
 * bit 15 first) or "state". */
const char *bitmaze_presentation_get_text    (BitmazePresentation *self,
                                              const char          *which);

/* Follows @server's class session (NULL: none): while it runs, the
 * answers so far, the chart after a reveal, the address, code and QR
 * code while a question is open. */
void        bitmaze_presentation_set_class_server (BitmazePresentation *self,
                                                   BitmazeClassServer  *server);

/* What the class part shows, for tests: "headline" (answered of joined,
 * or right), "join" (address and code, NULL once revealed), "chart" (the
 * per-bit chart's words, NULL while hidden); NULL while no session runs. */
const char *bitmaze_presentation_get_class_text (BitmazePresentation *self,
                                                 const char          *which);

G_END_DECLS
