/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-reopen.h: a saved build or search, found again.
 *
 * A file keeps a search as its solution and backtrack nibbles and the
 * solver's name, and a build in progress as its passages and the
 * generator's name and seed.  The steppers are deterministic: a reopen
 * runs the named one again from the start, on a copy of the maze, with
 * a built-in step source (so it can step back too), until the copy's
 * words are the ones saved.  The stepper (bitmaze-stepper.h) drives it
 * in slices and, when it succeeds, puts the copy and its source in the
 * saved maze's place.  When no step gives the saved words (another
 * program wrote them, a walk in Play mode), it fails and nothing
 * changes.
 */
#pragma once

#include "bitmaze-step-source.h"

G_BEGIN_DECLS

typedef struct _BitmazeReopen BitmazeReopen;

typedef enum
{
  BITMAZE_REOPEN_MORE,   /* call bitmaze_reopen_slice () again */
  BITMAZE_REOPEN_FOUND,  /* the copy shows the saved step */
  BITMAZE_REOPEN_FAILED, /* no step gives the saved words */
} BitmazeReopenStatus;

typedef enum
{
  BITMAZE_REOPEN_NOTHING,
  BITMAZE_REOPEN_SEARCH,  /* search bits of the solver named */
  BITMAZE_REOPEN_BUILD,   /* a build in progress (no opening in the outer wall yet) */
} BitmazeReopenKind;

/* What of @maze, just read from a file, can come back: its search, when
 * the file names @solver as the one that made it, or its build, when it
 * names its generator and seed and has no openings yet. */
BitmazeReopenKind   bitmaze_reopen_kind_of      (const Maze     *maze,
                                                 const char     *solver);

/* A replay of @algorithm on a copy of @saved: a build (@build, with
 * @seed, @loops, @placement) or a search.  NULL when it cannot start
 * (out of memory, an unknown algorithm). */
BitmazeReopen      *bitmaze_reopen_new          (const Maze     *saved,
                                                 gboolean        build,
                                                 const char     *algorithm,
                                                 guint64         seed,
                                                 guint           loops,
                                                 MazePlacement   placement);
void                bitmaze_reopen_free         (BitmazeReopen  *self);

/* Replays steps for about @budget_us, comparing with @saved's words. */
BitmazeReopenStatus bitmaze_reopen_slice        (BitmazeReopen  *self,
                                                 const Maze     *saved,
                                                 gint64          budget_us);
/* After BITMAZE_REOPEN_FOUND: the copy and its source (transfer full),
 * and the time the replay took, in µs. */
Maze               *bitmaze_reopen_steal_maze   (BitmazeReopen  *self);
BitmazeStepSource  *bitmaze_reopen_steal_source (BitmazeReopen  *self);
gint64              bitmaze_reopen_get_time     (BitmazeReopen  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeReopen, bitmaze_reopen_free)

G_END_DECLS
