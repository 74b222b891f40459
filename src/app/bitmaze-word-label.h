/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-word-label.h: one line of text that, when it does not fit,
 * ends at the last whole word that does, with "…", and shows the whole
 * line as its tooltip.  GtkLabel's ellipsis cuts anywhere, mid-word or
 * mid-statement ("maze[87] |= W <…"); on a 1024-pixel projector that
 * loses what matters.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_WORD_LABEL (bitmaze_word_label_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeWordLabel, bitmaze_word_label, BITMAZE, WORD_LABEL, GtkWidget)

GtkWidget  *bitmaze_word_label_new       (void);
/* The whole line (plain text, one line); NULL is "". */
void        bitmaze_word_label_set_label (BitmazeWordLabel *self,
                                          const char       *label);
const char *bitmaze_word_label_get_label (BitmazeWordLabel *self);
/* 0 at the start, 1 at the end: where the line sits when it fits. */
void        bitmaze_word_label_set_xalign (BitmazeWordLabel *self,
                                           float             xalign);
/* The text shown at the width last allocated: the whole line, or the
 * words that fit and "…". */
const char *bitmaze_word_label_get_shown (BitmazeWordLabel *self);

G_END_DECLS
