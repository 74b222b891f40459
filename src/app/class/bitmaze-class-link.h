/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-link.h: the class follows predict mode.
 *
 * Between a BitmazePredict and a BitmazeClassServer: while the server
 * runs, each question predict mode asks goes to the students' pages too.
 * A word question as it is ("what will maze[i] be after this
 * statement?"), a "which cell comes next?" question with a neighbourhood
 * of the maze of at most BITMAZE_CLASS_REGION_MAX cells a side around the
 * cell the search stands on and the one it takes next, its frontier
 * marked (laid around the search's cell, so that where the answer sits in
 * it does not give the answer away).  When predict mode reveals the
 * answer (the teacher checked an answer, or revealed it for the class),
 * the pages learn theirs; a question skipped or withdrawn leaves the
 * pages.  A session started while a question is open gets that question
 * at once.
 *
 * The link holds no reference to either: it lives as long as the caller
 * keeps it, and does nothing once either is gone.
 */
#pragma once

#include "bitmaze-class-server.h"
#include "bitmaze-predict.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_LINK (bitmaze_class_link_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassLink, bitmaze_class_link, BITMAZE, CLASS_LINK, GObject)

BitmazeClassLink *bitmaze_class_link_new (BitmazePredict     *predict,
                                          BitmazeClassServer *server);

G_END_DECLS
