/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-inspector.h: the bit inspector, a side panel that shows one
 * cell's 16 bits, the C operations of every step and the search's
 * frontier.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-maze-view.h"
#include "bitmaze-predict.h"
#include "bitmaze-op-log.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

/* How many operations the log keeps (fewer than the session hands over
 * of one frame of Run, so a fast frame fills the log with its newest
 * steps). */
#define BITMAZE_INSPECTOR_LOG_MAX 4000

#define BITMAZE_TYPE_INSPECTOR (bitmaze_inspector_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeInspector, bitmaze_inspector, BITMAZE, INSPECTOR, GtkBox)

/* A panel that shows @session's steps and the cell selected in @view
 * (or the cell of each step while following the search).  Its actions
 * inspector.text-bigger and inspector.text-smaller change its text size. */
BitmazeInspector *bitmaze_inspector_new            (BitmazeSession   *session,
                                                    BitmazeMazeView  *view);

/* The cell shown, or -1. */
int               bitmaze_inspector_get_cell      (BitmazeInspector *self);
/* The word shown and the one before the last change of the cell (equal
 * when no logged operation changed it). */
guint16           bitmaze_inspector_get_word      (BitmazeInspector *self);
guint16           bitmaze_inspector_get_previous  (BitmazeInspector *self);
/* Show the cell of every step (TRUE) or the selected cell. */
gboolean          bitmaze_inspector_get_following (BitmazeInspector *self);
void              bitmaze_inspector_set_following (BitmazeInspector *self,
                                                   gboolean          following);

/* The button of bit @bit (0..15), as a user clicks it. */
GtkWidget        *bitmaze_inspector_get_bit_button (BitmazeInspector *self,
                                                    guint             bit);
/* The operation log (a GListModel of BitmazeOpItem, oldest first). */
BitmazeOpLog     *bitmaze_inspector_get_log       (BitmazeInspector *self);
/* The frontier list shown: GtkStringList of "(x, y)", next first (in
 * reading order while the order is hidden). */
GListModel       *bitmaze_inspector_get_frontier  (BitmazeInspector *self);
/* The message shown after a refused toggle, or NULL. */
const char       *bitmaze_inspector_get_message   (BitmazeInspector *self);
/* Text of the panel's labels, for tests: "word", "previous", "decimal",
 * "binary", "cell", "frontier", "explanation" (of the log line chosen),
 * "legend-frontier" (the legend's name for the frontier's colour). */
const char       *bitmaze_inspector_get_text      (BitmazeInspector *self,
                                                   const char       *which);
/* 0 (normal) .. 3: the presentation text size. */
guint             bitmaze_inspector_get_text_size (BitmazeInspector *self);
void              bitmaze_inspector_set_text_size (BitmazeInspector *self,
                                                   guint             size);
/* Predict mode, whose question and answer the panel shows (NULL: none).
 * While a word question is open or revealed, the panel shows its cell
 * and its bit buttons the answer (BitmazePredict:answer-word) instead of
 * the cell's word: a click flips a bit of the answer, never of the maze,
 * and a revealed answer's wrong bits are marked.  While a "which cell
 * comes next?" question waits, the frontier list shows its cells in
 * reading order without marking the next one, since the search's order
 * would give the answer away. */
void              bitmaze_inspector_set_predict   (BitmazeInspector *self,
                                                   BitmazePredict   *predict);
/* Bring the panel up to date now instead of at the next frame. */
void              bitmaze_inspector_sync          (BitmazeInspector *self);
/* Shows @widget right under the bit grid (the class's answer chart, whose
 * bars stand under the bits they count); NULL removes it. */
void              bitmaze_inspector_set_under_bits (BitmazeInspector *self,
                                                    GtkWidget        *widget);

G_END_DECLS
