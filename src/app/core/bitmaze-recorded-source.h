/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-recorded-source.h: steps replayed from a record.
 *
 * A BitmazeRecordedRun is a sequence of steps as the engine reports
 * them (each changed word before and after, with its C statement), the
 * start and the goal after each step that moved them, and how the run
 * ended.  A recorded source (bitmaze-step-source.h) plays such a run on
 * a maze that shows the run's step 0: forward it writes each change's
 * word after, back its word before, so it goes to any step without
 * knowing what made the steps: a built-in algorithm recorded earlier, a
 * saved run, a student's program.
 *
 * A recorded source has no working set to show (its frontier is empty)
 * and knows the counters of a search only as the run's end says them.
 */
#pragma once

#include "bitmaze-step-source.h"

G_BEGIN_DECLS

typedef struct _BitmazeRecordedRun BitmazeRecordedRun;

/* An empty run of @kind by @algorithm that begins with the start and
 * goal @start, @goal. */
BitmazeRecordedRun *bitmaze_recorded_run_new   (BitmazeStepKind           kind,
                                                const char               *algorithm,
                                                guint32                   start,
                                                guint32                   goal);
BitmazeRecordedRun *bitmaze_recorded_run_ref   (BitmazeRecordedRun       *run);
void                bitmaze_recorded_run_unref (BitmazeRecordedRun       *run);

/* Appends @step (its changes' words before and after; a quiet report is
 * completed first) after which the start and the goal are @start and
 * @goal. */
void                bitmaze_recorded_run_add   (BitmazeRecordedRun       *run,
                                                const MazeStep           *step,
                                                guint32                   start,
                                                guint32                   goal);
/* The run ended, with @stats (a search's counters at its end; NULL for
 * a build): no step comes after the last one. */
void                bitmaze_recorded_run_end   (BitmazeRecordedRun       *run,
                                                const MazeSolveStats     *stats);
guint64             bitmaze_recorded_run_get_length (BitmazeRecordedRun *run);
/* Step @index (1 .. length) of the run. */
const MazeStep     *bitmaze_recorded_run_get_step   (BitmazeRecordedRun *run,
                                                     guint64             index);

/* Plays @run on @maze, which must show the run's step 0 (the words
 * before its first step) and must outlive the source.  The source holds
 * a reference to @run. */
BitmazeStepSource  *bitmaze_recorded_source_new (Maze                    *maze,
                                                 BitmazeRecordedRun      *run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeRecordedRun, bitmaze_recorded_run_unref)

G_END_DECLS
