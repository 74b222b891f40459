/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-edits.h: the user's edits of a maze, for Undo and Redo, and
 * the walk of Play mode.
 *
 * One edit is the words it changed (a cell, or the two a passage joins,
 * or the old and the new end point), before and after, and for a moved
 * end point its cell before and after.  Undo puts the changed bits back,
 * Redo sets them again, each only while the maze still holds what the
 * edit left: a search started since may have cleared a search bit an
 * edit set.  An edit ends the search in progress; the edit remembers it
 * (its solver and step) so that its undo brings it back.
 *
 * BitmazeEdits keeps the two lists and how many edits deep the file on
 * disk is; everything an operation needs (the maze, the search it ended)
 * is passed to it.  The session (bitmaze-session.h) makes the edits,
 * ends the search through its stepper and announces the changes.
 */
#pragma once

#include <glib-object.h>

#include "maze.h"

#include "bitmaze-stepper.h"

G_BEGIN_DECLS

typedef enum
{
  BITMAZE_EDIT_CELLS,  /* walls or bits */
  BITMAZE_EDIT_START,
  BITMAZE_EDIT_GOAL,
} BitmazeEditKind;

typedef struct
{
  BitmazeEditKind kind;
  guint       n;          /* words changed, at most 2 */
  guint32     index[2];
  guint16     before[2];
  guint16     after[2];
  guint32     was;        /* START, GOAL: the cell before and after */
  guint32     now;
  const char *solver;     /* the search the edit ended (interned), or NULL */
  guint64     search_at;  /* and the step it showed */
} BitmazeEdit;

/* An edit of @kind about to change the words of cells @a and, unless it
 * is G_MAXUINT32, @b: their words before go into @edit. */
void      bitmaze_edit_init           (BitmazeEdit       *edit,
                                       const Maze        *maze,
                                       BitmazeEditKind    kind,
                                       guint32            a,
                                       guint32            b);
/* A cell edit of the words @step changed (their words before). */
void      bitmaze_edit_init_from_step (BitmazeEdit       *edit,
                                       const MazeStep    *step);
/* Whether undoing or redoing @edit changes passages or an end point
 * (which clears a search first). */
gboolean  bitmaze_edit_is_structural  (const BitmazeEdit *edit);
/* Puts the words and end points of @edit back as they were before it
 * (@undo) or after it, the bits' statements into @report. */
void      bitmaze_edit_apply          (const BitmazeEdit *edit,
                                       Maze              *maze,
                                       gboolean           undo,
                                       MazeStep          *report);

#define BITMAZE_TYPE_EDITS (bitmaze_edits_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeEdits, bitmaze_edits, BITMAZE, EDITS, GObject)

BitmazeEdits *bitmaze_edits_new        (void);

/* Properties :can-undo and :can-redo follow these. */
gboolean  bitmaze_edits_can_undo       (BitmazeEdits      *self);
gboolean  bitmaze_edits_can_redo       (BitmazeEdits      *self);
/* A new maze: both lists start again, the maze is as on disk. */
void      bitmaze_edits_forget         (BitmazeEdits      *self);
/* The maze was saved: it is as on disk at this depth. */
void      bitmaze_edits_mark_saved     (BitmazeEdits      *self);

/* A new edit made by the user (not an undo or a redo), after it changed
 * @maze: its words after are read from @maze; it ended the search
 * @solver (or NULL) at step @search_at.  Undo takes it back first; what
 * could be redone goes. */
void      bitmaze_edits_record         (BitmazeEdits      *self,
                                        BitmazeEdit       *edit,
                                        const Maze        *maze,
                                        const char        *solver,
                                        guint64            search_at);
/* The edits themselves: each changes @maze by hand, ending through
 * @stepper what is in progress there (the search of @solver, remembered
 * for the undo); it says what changed with ::cells-changed or
 * ::maze-changed, then ::modified and ::edited (the session's signals
 * of the same names, see bitmaze-session.h), and is recorded for Undo.
 * FALSE with @error when the engine refused it or a maze is being
 * built. */
gboolean  bitmaze_edits_toggle_bit     (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        const char        *solver,
                                        guint              index,
                                        guint              bit,
                                        GError           **error);
gboolean  bitmaze_edits_set_endpoint   (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        const char        *solver,
                                        guint              index,
                                        gboolean           goal,
                                        GError           **error);
gboolean  bitmaze_edits_toggle_wall    (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        const char        *solver,
                                        guint              index,
                                        guint              dir,
                                        GError           **error);
/* Undo (@undo) or Redo: the newest edit of that list that @maze still
 * holds is undone or made again (the ones it no longer holds go over on
 * the way); its undo brings back the search of @solver it ended.  FALSE
 * when nothing changed. */
gboolean  bitmaze_edits_replay         (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        const char        *solver,
                                        gboolean           undo,
                                        GError           **error);

/* Play mode's walk: clears the search and puts the player on the start;
 * then each move is the engine's maze_play_move (), announced as an edit
 * (not recorded for Undo).  FALSE while building, or (a move) with the
 * engine's refusal. */
gboolean  bitmaze_edits_play_begin     (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        guint32           *position);
gboolean  bitmaze_edits_play_move      (BitmazeEdits      *self,
                                        Maze              *maze,
                                        BitmazeStepper    *stepper,
                                        guint32           *position,
                                        guint              dir,
                                        MazeStep          *report);

G_END_DECLS
