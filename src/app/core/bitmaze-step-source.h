/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-step-source.h: where the stepper's steps come from.
 *
 * A step source is a run of steps over one maze that can go forward one
 * step, back, and to any step it holds: a built-in generator or solver
 * of the engine's registry with its history (bitmaze-builtin-source.h),
 * a recorded run, a sequence of steps with the words each changed before
 * and after (bitmaze-recorded-source.h), or, for the lab, a student's
 * program.  The stepper (bitmaze-stepper.h) holds one source and never
 * asks which kind it is: a new kind of steps is a new implementation of
 * this small vtable, not a change of the stepper.
 *
 * The contract of every implementation:
 *   - the source changes the maze's words (and start and goal) it was
 *     made for, and nobody else changes them while it lives;
 *   - position 0 is the maze before the first step; each step fills a
 *     MazeStep report with the words it changed, before and after, and
 *     the C statement of each (left empty by a quiet step, for
 *     maze_step_complete () to write);
 *   - going back or seeking puts every word, the start and the goal back
 *     as they were at that step, and leaves the source's own state as it
 *     was there, so the steps after it come out the same again.
 *
 * A source is a plain struct behind a vtable, as the engine's algorithm
 * classes are: it costs nothing on Run's hot path (one indirect call a
 * step) and needs no GType.
 */
#pragma once

#include <glib.h>

#include "maze.h"

G_BEGIN_DECLS

/**
 * BitmazeStepKind:
 * @BITMAZE_STEPS_BUILD: the steps build the maze (carve its passages)
 * @BITMAZE_STEPS_SEARCH: the steps search it (solution and backtrack bits)
 */
typedef enum
{
  BITMAZE_STEPS_BUILD,
  BITMAZE_STEPS_SEARCH,
} BitmazeStepKind;

typedef struct _BitmazeStepSource      BitmazeStepSource;
typedef struct _BitmazeStepSourceClass BitmazeStepSourceClass;

/**
 * BitmazeStepSourceClass:
 * @step: one step forward into @report (never NULL); @quiet leaves the
 *   C statements empty.  FALSE when finished (nothing changed).
 * @peek: the next step into @next without doing it.  FALSE when finished.
 * @seek: goes to @position (already clamped to first .. length); the
 *   newest reports up to it, oldest first, into @reports (at most
 *   @n_reports, the last being step @position; none at step 0).
 *   MAZE_ERROR_NOMEM with nothing changed.
 * @changed_cells: the cells the steps between @a and @b change (as
 *   maze_history_changed_cells ()); may be more than @max.
 * @first: the oldest step still reachable
 * @position: the steps done up to what the maze shows
 * @length: the last step held
 * @finished: no step after the position
 * @frontier: the working set at the position, next first (0 when the
 *   source has none to show)
 * @stats: the counters at the position (steps, visited, found...)
 * @solver: the engine's solver at the position, for predict mode's
 *   "which cell comes next?", or NULL
 * @run: (nullable): up to @max steps forward as fast as the source goes,
 *   for a Run at full speed: no reports, the index of each word they
 *   changed into @cells (room for @max x MAZE_STEP_MAX_CHANGES), their
 *   number into @n_cells; the steps done, 0 when the source has none to
 *   run so (then bitmaze_step_source_step () goes on).  A source without
 *   it is stepped one step at a time.
 * @find_line: the last step up to @before that ran line @line of the
 *   algorithm's listing (its report names it as its line or a change's
 *   line), 0 when none did; the maze and the position stay as they are
 * @free: frees the source (not the maze)
 */
struct _BitmazeStepSourceClass
{
  gboolean          (*step)          (BitmazeStepSource *source,
                                      MazeStep          *report,
                                      gboolean           quiet);
  gboolean          (*peek)          (BitmazeStepSource *source,
                                      MazeStep          *next);
  MazeStatus        (*seek)          (BitmazeStepSource *source,
                                      guint64            position,
                                      MazeStep          *reports,
                                      gsize              n_reports,
                                      gsize             *n_out,
                                      MazeError         *error);
  gsize             (*changed_cells) (BitmazeStepSource *source,
                                      guint64            a,
                                      guint64            b,
                                      guint32           *out,
                                      gsize              max);
  guint64           (*first)         (BitmazeStepSource *source);
  guint64           (*position)      (BitmazeStepSource *source);
  guint64           (*length)        (BitmazeStepSource *source);
  gboolean          (*finished)      (BitmazeStepSource *source);
  gsize             (*frontier)      (BitmazeStepSource *source,
                                      guint32           *out,
                                      gsize              max);
  void              (*stats)         (BitmazeStepSource *source,
                                      MazeSolveStats    *stats);
  const MazeSolver *(*solver)        (BitmazeStepSource *source);
  guint64           (*run)           (BitmazeStepSource *source,
                                      guint64            max,
                                      guint32           *cells,
                                      gsize             *n_cells);
  guint64           (*find_line)     (BitmazeStepSource *source,
                                      guint              line,
                                      guint64            before);
  void              (*free)          (BitmazeStepSource *source);
};

/* The part every source begins with; an implementation embeds it first
 * and fills it with bitmaze_step_source_init (). */
struct _BitmazeStepSource
{
  const BitmazeStepSourceClass *klass;
  BitmazeStepKind               kind;
  char                         *algorithm; /* the engine name, or a program's */
};

/* For implementations: sets the class, the kind and a copy of @algorithm. */
void              bitmaze_step_source_init          (BitmazeStepSource            *source,
                                                     const BitmazeStepSourceClass *klass,
                                                     BitmazeStepKind               kind,
                                                     const char                   *algorithm);
/* For implementations' free (): frees what bitmaze_step_source_init ()
 * allocated. */
void              bitmaze_step_source_clear         (BitmazeStepSource            *source);

/* Frees @source with its implementation's free (); NULL is fine. */
void              bitmaze_step_source_free          (BitmazeStepSource            *source);

BitmazeStepKind   bitmaze_step_source_get_kind      (BitmazeStepSource            *source);
/* What makes the steps: an engine name ("bfs", "growing-tree:newest"). */
const char       *bitmaze_step_source_get_algorithm (BitmazeStepSource            *source);

/* The calls of the vtable (see BitmazeStepSourceClass). */
static inline gboolean
bitmaze_step_source_step (BitmazeStepSource *source,
                          MazeStep          *report,
                          gboolean           quiet)
{
  return source->klass->step (source, report, quiet);
}

gboolean          bitmaze_step_source_peek          (BitmazeStepSource *source,
                                                     MazeStep          *next);
/* Clamps @position to first .. length, then as the vtable's seek. */
MazeStatus        bitmaze_step_source_seek          (BitmazeStepSource *source,
                                                     guint64            position,
                                                     MazeStep          *reports,
                                                     gsize              n_reports,
                                                     gsize             *n_out,
                                                     MazeError         *error);
/* One step back (a seek to the position before, its report into
 * @report, kind MAZE_STEP_NONE at step 0).  FALSE at the first step. */
gboolean          bitmaze_step_source_back          (BitmazeStepSource *source,
                                                     MazeStep          *report);
gsize             bitmaze_step_source_changed_cells (BitmazeStepSource *source,
                                                     guint64            a,
                                                     guint64            b,
                                                     guint32           *out,
                                                     gsize              max);
guint64           bitmaze_step_source_run           (BitmazeStepSource *source,
                                                     guint64            max,
                                                     guint32           *cells,
                                                     gsize             *n_cells);
guint64           bitmaze_step_source_get_first     (BitmazeStepSource *source);
guint64           bitmaze_step_source_get_position  (BitmazeStepSource *source);
guint64           bitmaze_step_source_get_length    (BitmazeStepSource *source);

static inline gboolean
bitmaze_step_source_finished (BitmazeStepSource *source)
{
  return source->klass->finished (source);
}

gsize             bitmaze_step_source_frontier      (BitmazeStepSource *source,
                                                     guint32           *out,
                                                     gsize              max);
void              bitmaze_step_source_stats         (BitmazeStepSource *source,
                                                     MazeSolveStats    *stats);
const MazeSolver *bitmaze_step_source_get_solver    (BitmazeStepSource *source);
guint64           bitmaze_step_source_find_line     (BitmazeStepSource *source,
                                                     guint              line,
                                                     guint64            before);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeStepSource, bitmaze_step_source_free)

G_END_DECLS
