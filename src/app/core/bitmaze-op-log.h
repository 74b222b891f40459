/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-op-log.h: the bit inspector's operation log, a GListModel of
 * the newest engine steps.
 *
 * The log keeps plain MazeStep copies in a ring of fixed capacity and makes
 * a BitmazeOpItem only when a list view asks for one, so appending costs a
 * copy and at most two ::items-changed per batch, whatever the speed.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_OP_ITEM (bitmaze_op_item_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeOpItem, bitmaze_op_item, BITMAZE, OP_ITEM, GObject)

/* The step (owned by the item). */
const MazeStep *bitmaze_op_item_get_step        (BitmazeOpItem *self);
/* The C statements of the step, one a line, each with the word before and
 * after: "maze[117] |= W << 12;   0x0036 → 0x8036". */
char           *bitmaze_op_item_dup_code        (BitmazeOpItem *self);
/* A translated sentence built from the step's fields, e.g.
 * "BFS reached (5, 3) from the west". */
char           *bitmaze_op_item_dup_description (BitmazeOpItem *self);

/* The same sentence for any step of @algorithm (an engine name, or NULL for
 * the user's own bit toggles) on a maze @width cells wide.  The inspector's
 * log and the window's status line say a step the same way. */
char           *bitmaze_step_dup_description    (const MazeStep *step,
                                                 const char     *algorithm,
                                                 guint           width);

/* The steps of a program the user ran (the lab) are of an algorithm named
 * with this prefix ("lab:solve_bfs").  Their MazeStep is a SCAN of the
 * first cell the step wrote; its other is the program's step number (its
 * refresh_maze_view (), 1 = the first); its dir is the part of that step
 * (1, 2, ...) when the step wrote more words than a MazeStep holds and
 * came in several parts, 0 when in one, with BITMAZE_LAB_STEP_DIFFERS
 * added on the first part of the first step that differs from Bitmaze's
 * own run. */
#define BITMAZE_LAB_ALGORITHM_PREFIX "lab:"
#define BITMAZE_LAB_STEP_DIFFERS     0x8000u

#define BITMAZE_TYPE_OP_LOG (bitmaze_op_log_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeOpLog, bitmaze_op_log, BITMAZE, OP_LOG, GObject)

/* A log that keeps the newest @capacity steps (>= 1). */
BitmazeOpLog *bitmaze_op_log_new              (guint           capacity);
guint         bitmaze_op_log_get_capacity     (BitmazeOpLog   *self);

/* Appends @n steps, oldest first, of @algorithm (an engine name such as
 * "bfs" or "growing-tree:newest", or NULL for the user's own toggles) on a
 * maze @width cells wide; drops the oldest beyond the capacity. */
void          bitmaze_op_log_append           (BitmazeOpLog   *self,
                                               const MazeStep *steps,
                                               guint           n,
                                               const char     *algorithm,
                                               guint           width);
void          bitmaze_op_log_clear            (BitmazeOpLog   *self);

/* The newest step in the log that changed cell @index: the word before
 * its first change of that cell and after its last.  FALSE if none. */
gboolean      bitmaze_op_log_find_last_change (BitmazeOpLog   *self,
                                               guint           index,
                                               guint16        *before,
                                               guint16        *after);

/* The short name of an algorithm for sentences: "BFS", "DFS", "A*" ... */
const char   *bitmaze_op_log_algorithm_label  (const char     *algorithm);

/* The translated name of a direction bit: "north" ... ("?" for others). */
const char   *bitmaze_direction_name          (guint16         dir);
/* The translated letter of a direction bit: "N" ... */
const char   *bitmaze_direction_letter        (guint16         dir);

G_END_DECLS
