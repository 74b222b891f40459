/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-link.h: the class follows predict mode.
 *
 * Between a BitmazeSession, whose predict questions are its ::question
 * and ::revealed signals, and a BitmazeClassServer: while the server runs,
 * each question about a step that changes a cell goes to the students'
 * pages as a word question ("what will maze[i] be after this
 * statement?"), its reveal tells them the word the step then produced, and
 * a question withdrawn is withdrawn from the pages too.  "Which cell comes
 * next?" is asked on demand, about the search in progress.
 *
 * The link holds no reference to either: it lives as long as the caller
 * keeps it, and does nothing once either is gone.
 */
#pragma once

#include "bitmaze-class-server.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_LINK (bitmaze_class_link_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassLink, bitmaze_class_link, BITMAZE, CLASS_LINK, GObject)

BitmazeClassLink *bitmaze_class_link_new            (BitmazeSession     *session,
                                                     BitmazeClassServer *server);

/* Asks the pages which cell the search in progress takes next (the
 * head of its queue, the top of its stack, the best of its open set),
 * showing a neighbourhood of at most BITMAZE_CLASS_REGION_MAX cells a
 * side with that cell, the cell the search stands on and the frontier.
 * The next step of the session reveals it, with @note (may be NULL:
 * why, in one sentence).  FALSE when the server is not running or no
 * search is in progress. */
gboolean          bitmaze_class_link_ask_next_cell  (BitmazeClassLink   *self,
                                                     const char         *note);

/* The cell the open "which cell comes next?" question expects, or -1. */
gint64            bitmaze_class_link_get_expected_cell (BitmazeClassLink *self);

G_END_DECLS
