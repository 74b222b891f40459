/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-predict-bar.h: predict mode's bar under the maze: the question,
 * the answer typed in hex or clicked into the bit inspector's bits, the
 * reveal with the bits that differ, the score, and the teacher's choice
 * of questions.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-maze-view.h"
#include "bitmaze-predict.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_PREDICT_BAR (bitmaze_predict_bar_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePredictBar, bitmaze_predict_bar, BITMAZE, PREDICT_BAR, GtkWidget)

/* A bar for @predict, shown while it is active.  A "which cell comes
 * next?" question is answered on @view (a click, or the selected cell and
 * Enter).  Its actions: predict.check, predict.go-on, predict.skip,
 * predict.reveal, predict.reset-score; Enter checks the answer (or goes on
 * once it is revealed) wherever the focus is in the window. */
GtkWidget      *bitmaze_predict_bar_new           (BitmazePredict    *predict,
                                                   BitmazeMazeView   *view);
BitmazePredict *bitmaze_predict_bar_get_predict   (BitmazePredictBar *self);

/* The view a "which cell comes next?" question is answered on, from now
 * on (the presentation view's while it is shown). */
void            bitmaze_predict_bar_set_view      (BitmazePredictBar *self,
                                                   BitmazeMazeView   *view);

/* The presentation view's bar: without the statement (the view's own
 * line shows it), the how-to line, or the answer field once revealed. */
void            bitmaze_predict_bar_set_compact   (BitmazePredictBar *self,
                                                   gboolean           compact);

/* 0 (normal) .. 3: bigger text, for a projector. */
guint           bitmaze_predict_bar_get_text_size (BitmazePredictBar *self);
void            bitmaze_predict_bar_set_text_size (BitmazePredictBar *self,
                                                   guint              size);

/* The text of the bar's parts, for tests: "title", "word", "statement",
 * "answer-binary", "hint", "result", "detail", "score". */
const char     *bitmaze_predict_bar_get_text      (BitmazePredictBar *self,
                                                   const char        *which);
/* The answer field. */
GtkWidget      *bitmaze_predict_bar_get_entry     (BitmazePredictBar *self);

G_END_DECLS
