/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-stepper.h: the build or search shown, step by step.
 *
 * The stepper owns what is in progress on the session's maze: a step
 * source (bitmaze-step-source.h) with its history, or a build without a
 * history (Animate Building off) made in slices; the phase that follows
 * from it, the last step's report, the frontier and counters; Step,
 * Step Back, seeking, Reset and Run (paced by a BitmazePacer); predict
 * mode's question (a step held back); and a saved build or search
 * coming back after Open (bitmaze-reopen.h).  It never asks which kind
 * of source it holds: a new source is made by the function the session
 * sets (bitmaze_stepper_set_search_func ()), or handed in whole
 * (bitmaze_stepper_set_source ()).
 *
 * The maze is the session's: the stepper changes its words through the
 * source and says so with the same signals the session forwards to the
 * widgets (see bitmaze-session.h): ::cells-changed, ::maze-changed,
 * ::moved, ::step-done, ::steps-done, ::history-moved, ::edited,
 * ::message, ::question, ::revealed; and the properties :phase,
 * :running, :first, :position and :length.
 */
#pragma once

#include <glib-object.h>

#include "maze.h"

#include "bitmaze-pacer.h"
#include "bitmaze-step-source.h"

G_BEGIN_DECLS

/**
 * BitmazePhase:
 * @BITMAZE_PHASE_BUILDING: a generator is in progress
 * @BITMAZE_PHASE_READY: a maze, no search in progress
 * @BITMAZE_PHASE_SOLVING: a solver is in progress
 * @BITMAZE_PHASE_SOLVED: the solver found the goal
 * @BITMAZE_PHASE_NO_PATH: the solver ended without reaching it
 */
typedef enum
{
  BITMAZE_PHASE_BUILDING,
  BITMAZE_PHASE_READY,
  BITMAZE_PHASE_SOLVING,
  BITMAZE_PHASE_SOLVED,
  BITMAZE_PHASE_NO_PATH,
} BitmazePhase;

#define BITMAZE_TYPE_PHASE (bitmaze_phase_get_type ())
GType bitmaze_phase_get_type (void) G_GNUC_CONST;

/* The speed is log10 (steps a second); this value means "as fast as
 * possible". */
#define BITMAZE_SPEED_MAX 6.0

/* How many of the newest steps ::steps-done and ::history-moved hand over
 * at most (the bit inspector's log keeps fewer). */
#define BITMAZE_SESSION_STEPS_MAX 4096

#define BITMAZE_TYPE_STEPPER (bitmaze_stepper_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeStepper, bitmaze_stepper, BITMAZE, STEPPER, GObject)

/**
 * BitmazeStepperAskFunc:
 * @number: the number of the step about to be done (the steps shown + 1)
 * @next: that step, looked at without doing it
 * @solver: (nullable): the engine's search about to do it, or NULL
 *
 * Returns: TRUE to hold the step back as a question.
 */
typedef gboolean (*BitmazeStepperAskFunc) (BitmazeStepper   *stepper,
                                           guint64           number,
                                           const MazeStep   *next,
                                           const MazeSolver *solver,
                                           gpointer          user_data);

/**
 * BitmazeStepperSearchFunc:
 *
 * Makes the source of a new search of @maze (Step or Run with no search
 * in progress).  NULL with @error set when it cannot.
 */
typedef BitmazeStepSource *(*BitmazeStepperSearchFunc) (Maze      *maze,
                                                        MazeError *error,
                                                        gpointer   user_data);

BitmazeStepper  *bitmaze_stepper_new             (BitmazePacer   *pacer);

void             bitmaze_stepper_set_pacer       (BitmazeStepper *self,
                                                  BitmazePacer   *pacer);
BitmazePacer    *bitmaze_stepper_get_pacer       (BitmazeStepper *self);
void             bitmaze_stepper_set_search_func (BitmazeStepper           *self,
                                                  BitmazeStepperSearchFunc  func,
                                                  gpointer                  user_data);

/* Run collects the reports of its steps for ::steps-done only while
 * somebody listens: to ::steps-done of @listener's signal @signal_id
 * when set (a session forwarding the stepper's signal), else of the
 * stepper's own. */
void             bitmaze_stepper_set_steps_listener (BitmazeStepper *self,
                                                     gpointer        listener,
                                                     guint           signal_id);

/* The maze the steps go on (the session's; NULL before the first).
 * Whatever was in progress on the old one is dropped, quietly. */
void             bitmaze_stepper_set_maze        (BitmazeStepper *self,
                                                  Maze           *maze);

/* Anything about to change the maze from outside the stepper calls this
 * first: the question is withdrawn, Run stops, a saved run coming back
 * stops coming.  The one place these rules are kept. */
void             bitmaze_stepper_interrupt       (BitmazeStepper *self);
/* Around an operation of the session that changes what is in progress
 * and the maze together (New, Open, an edit): the properties that
 * changed are notified and ::moved emitted once, at the outermost
 * thaw, after the session said what it changed. */
void             bitmaze_stepper_freeze          (BitmazeStepper *self);
void             bitmaze_stepper_thaw            (BitmazeStepper *self);
/* Drops what is in progress (its history too); the maze stays as it is. */
void             bitmaze_stepper_drop            (BitmazeStepper *self);

/* Takes @source (transfer full), which is at its step 0 on the maze, as
 * what is in progress; the previous one is dropped (the question
 * withdrawn, Run stopped).  Announced with ::moved. */
void             bitmaze_stepper_set_source      (BitmazeStepper    *self,
                                                  BitmazeStepSource *source);
BitmazeStepSource *bitmaze_stepper_get_source    (BitmazeStepper    *self);
/* A build without a history (transfer full), finished in slices: the
 * first now (about @first_slice_us), the rest on Run's frames. */
void             bitmaze_stepper_set_quick       (BitmazeStepper    *self,
                                                  MazeGenerator     *quick,
                                                  MazePlacement      placement,
                                                  guint64            seed,
                                                  gint64             first_slice_us);
/* Whether a build is in progress, and whether a build at all (the source
 * or the quick build). */
gboolean         bitmaze_stepper_is_building     (BitmazeStepper *self);
gboolean         bitmaze_stepper_builds          (BitmazeStepper *self);
/* The algorithm in progress (the source's or the quick build's), or NULL. */
const char      *bitmaze_stepper_get_algorithm   (BitmazeStepper *self);

/* Whether the maze holds search bits (the stepper's or loaded). */
gboolean         bitmaze_stepper_get_has_search  (BitmazeStepper *self);
void             bitmaze_stepper_set_has_search  (BitmazeStepper *self,
                                                  gboolean        has_search);
/* Clears the search bits of every cell, as an operation of its own in
 * the log (::edited with a step about no cell).  FALSE when there were
 * none. */
gboolean         bitmaze_stepper_clear_search    (BitmazeStepper *self);

/* ---- what is shown ---- */

BitmazePhase     bitmaze_stepper_get_phase       (BitmazeStepper *self);
guint64          bitmaze_stepper_get_first       (BitmazeStepper *self);
guint64          bitmaze_stepper_get_position    (BitmazeStepper *self);
guint64          bitmaze_stepper_get_length      (BitmazeStepper *self);
const MazeStep  *bitmaze_stepper_get_last_step   (BitmazeStepper *self);
gsize            bitmaze_stepper_get_frontier    (BitmazeStepper *self,
                                                  guint32        *out,
                                                  gsize           max);
void             bitmaze_stepper_get_stats       (BitmazeStepper *self,
                                                  MazeSolveStats *stats);
gint64           bitmaze_stepper_get_engine_time (BitmazeStepper *self);
/* Time the user waited for the current build or search, in µs: from each
 * click (Generate, Run, Step) until the work stopped (or now, while it
 * runs), the window's drawing included; Pause not counted. */
gint64           bitmaze_stepper_get_waited_time (BitmazeStepper *self);
/* Counts @us more of waiting: what the session did for a click before it
 * handed the work to the stepper (making a maze's memory ready). */
void             bitmaze_stepper_add_waited_time (BitmazeStepper *self,
                                                  gint64          us);

/* ---- moving ---- */

gboolean         bitmaze_stepper_can_step        (BitmazeStepper *self);
gboolean         bitmaze_stepper_step            (BitmazeStepper *self);
gboolean         bitmaze_stepper_step_back       (BitmazeStepper *self);
gboolean         bitmaze_stepper_seek            (BitmazeStepper *self,
                                                  guint64         position);
/* The last step up to the one shown that ran line @line of the listing
 * of the algorithm in progress; 0 when none did or nothing is in
 * progress.  The maze stays as it is. */
guint64          bitmaze_stepper_find_line       (BitmazeStepper *self,
                                                  guint           line);
/* The newest steps up to the one shown, oldest first, at most @max into
 * @out: what an operation log opened now starts with.  Returns how many
 * (0 when nothing is in progress).  The maze stays as it is. */
guint            bitmaze_stepper_get_recent_steps (BitmazeStepper *self,
                                                   MazeStep       *out,
                                                   guint           max);
gboolean         bitmaze_stepper_can_reset       (BitmazeStepper *self);
/* Clears the search, or starts a build in progress over from an empty
 * grid (with the recipe the maze names, else @seed; @placement). */
void             bitmaze_stepper_reset           (BitmazeStepper *self,
                                                  MazePlacement   placement,
                                                  guint64         seed);
/* A new search from its step 0 (the search func's source), the old
 * one's bits cleared.  FALSE (and ::message) when none could be made. */
gboolean         bitmaze_stepper_start_search    (BitmazeStepper *self);
/* The search an edit ended, back at step @position (no further than a
 * few million steps, else ::message). */
void             bitmaze_stepper_restore_search  (BitmazeStepper *self,
                                                  guint64         position);

/* ---- Run ---- */

gboolean         bitmaze_stepper_get_running     (BitmazeStepper *self);
void             bitmaze_stepper_set_running     (BitmazeStepper *self,
                                                  gboolean        running);
double           bitmaze_stepper_get_speed       (BitmazeStepper *self);
void             bitmaze_stepper_set_speed       (BitmazeStepper *self,
                                                  double          speed);
void             bitmaze_stepper_run_frame       (BitmazeStepper *self,
                                                  gint64          frame_time);

/* ---- predict mode ---- */

gboolean         bitmaze_stepper_peek_step       (BitmazeStepper *self,
                                                  MazeStep       *next);
gboolean         bitmaze_stepper_ask             (BitmazeStepper *self);
const MazeStep  *bitmaze_stepper_get_question    (BitmazeStepper *self);
gboolean         bitmaze_stepper_reveal          (BitmazeStepper *self);
void             bitmaze_stepper_set_ask_func    (BitmazeStepper        *self,
                                                  guint64                every,
                                                  BitmazeStepperAskFunc  func,
                                                  gpointer               user_data,
                                                  GDestroyNotify         destroy);

/* ---- a saved build or search coming back ---- */

/* The maze was just opened from a file: what it saved of a search by
 * @solver, or of a build in progress by @generator (with @seed, @loops,
 * @placement), comes back (bitmaze-reopen.h): run again on a copy until
 * the words are the saved ones, the copy then takes the maze's place
 * (::replace-maze) with the run at that step, as if never stopped.  Big
 * ones come back in slices while the main loop is idle; anything done
 * meanwhile ends it (bitmaze_stepper_interrupt ()).  A file whose
 * generator's seeds now give other mazes is said so (::message). */
void             bitmaze_stepper_reopen          (BitmazeStepper *self,
                                                  const char     *solver,
                                                  const char     *generator,
                                                  guint64         seed,
                                                  guint           loops,
                                                  MazePlacement   placement);

G_END_DECLS
