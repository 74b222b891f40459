/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-session.h: everything a window shows and steps, without a widget.
 *
 * A session owns the maze and its file, the recipe of the next maze (the
 * generator, size, loops, seed and placement), the solver, the stepper in
 * progress with its step history, the Run clock and the saved search that
 * comes back after Open.  Widgets observe it (signals and properties) and
 * call its methods; it includes no widget header, so it is the one place
 * the window, the maze view, the bit inspector, play mode and printing
 * meet, as the midend of Simon Tatham's Puzzles sits between every front
 * end and every back end.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

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

/* The speed property is log10 (steps a second); this value means "as
 * fast as possible". */
#define BITMAZE_SPEED_MAX 6.0

/* How many of the newest steps ::steps-done and ::history-moved hand over
 * at most (the bit inspector's log keeps fewer). */
#define BITMAZE_SESSION_STEPS_MAX 4096

#define BITMAZE_TYPE_SESSION (bitmaze_session_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeSession, bitmaze_session, BITMAZE, SESSION, GObject)

BitmazeSession  *bitmaze_session_new            (void);

/* ---- the document ---- */

/* The maze (owned by the session; replaced by New and Open: listen to
 * notify::maze), or NULL before the first maze. */
Maze            *bitmaze_session_get_maze       (BitmazeSession *self);
/* The file behind the maze, or NULL for an untitled maze. */
GFile           *bitmaze_session_get_file       (BitmazeSession *self);
gboolean         bitmaze_session_get_modified   (BitmazeSession *self);
/* An untitled maze without changes or a search: a window showing it can
 * take a file instead. */
gboolean         bitmaze_session_is_pristine    (BitmazeSession *self);

/* A new maze from the recipe (the seed as it is; see new_maze). */
gboolean         bitmaze_session_generate       (BitmazeSession *self,
                                                 GError        **error);
/* A new seed, then bitmaze_session_generate(). */
gboolean         bitmaze_session_new_maze       (BitmazeSession *self,
                                                 GError        **error);
/* Opens @file: the maze, its recipe where the file says it, and a saved
 * search or build, which comes back where it was saved (in slices when
 * big, so a window keeps drawing). */
gboolean         bitmaze_session_load           (BitmazeSession *self,
                                                 GFile          *file,
                                                 GError        **error);
/* Saves what is shown (the current step) to @file, which becomes the
 * session's file. */
gboolean         bitmaze_session_save           (BitmazeSession *self,
                                                 GFile          *file,
                                                 GError        **error);
/* Writes a PNG, SVG or PDF picture of the maze (by the file's name). */
gboolean         bitmaze_session_export         (BitmazeSession *self,
                                                 GFile          *file,
                                                 gboolean        show_search,
                                                 gboolean        show_solution,
                                                 GError        **error);

/* ---- the recipe (also properties) ---- */

guint64          bitmaze_session_get_seed       (BitmazeSession *self);
void             bitmaze_session_set_seed       (BitmazeSession *self,
                                                 guint64         seed);
/* The size of the next maze made with generate or new_maze. */
void             bitmaze_session_set_size       (BitmazeSession *self,
                                                 guint           width,
                                                 guint           height);
/* The engine name of the generator of the next maze, with its parameter. */
const char      *bitmaze_session_get_generator  (BitmazeSession *self);
/* The engine name of the search algorithm. */
const char      *bitmaze_session_get_solver     (BitmazeSession *self);
/* The stepper in progress: the generator's name while building, else
 * the solver's. */
const char      *bitmaze_session_get_algorithm  (BitmazeSession *self);

/* ---- stepping ---- */

BitmazePhase     bitmaze_session_get_phase      (BitmazeSession *self);
gboolean         bitmaze_session_get_running    (BitmazeSession *self);
void             bitmaze_session_set_running    (BitmazeSession *self,
                                                 gboolean        running);

/* One step of what is in progress: the build, or the search (a new one
 * starts when none is in progress).  Emits ::step-done.  FALSE when there
 * was nothing to do. */
gboolean         bitmaze_session_step           (BitmazeSession *self);
/* One step back in the history of the build or search shown: every word
 * the step changed, the frontier, the counters and the last step go back.
 * Emits ::history-moved.  FALSE at the first step. */
gboolean         bitmaze_session_step_back      (BitmazeSession *self);
/* The newest steps of the history up to the one shown, oldest first, at
 * most @max into @out: what an operation log opened now starts with.
 * Returns how many (0 without a build or search). */
guint            bitmaze_session_get_recent_steps (BitmazeSession *self,
                                                   MazeStep       *out,
                                                   guint           max);
/* Goes to step @position of the history (clamped to what it holds). */
gboolean         bitmaze_session_seek           (BitmazeSession *self,
                                                 guint64         position);
/* The first step still in the history (0 unless it outgrew its memory),
 * the step shown, and the last step recorded. */
guint64          bitmaze_session_get_first      (BitmazeSession *self);
guint64          bitmaze_session_get_position   (BitmazeSession *self);
guint64          bitmaze_session_get_length     (BitmazeSession *self);
gboolean         bitmaze_session_get_prepared   (BitmazeSession *self);
/* Whether the session makes a maze of this size and shape ready ahead
 * (:prepared): from 512 x 512 to 4096 x 4096 cells, and not from a mask
 * file. */
gboolean         bitmaze_session_prepares       (guint           width,
                                                 guint           height,
                                                 const char     *shape);
gboolean         bitmaze_session_can_step       (BitmazeSession *self);

/* Is there anything for Reset to clear: a build or search, or search
 * bits in the maze? */
gboolean         bitmaze_session_can_reset      (BitmazeSession *self);
/* Clears the search (its bits and its history), or starts the build in
 * progress over from an empty grid. */
void             bitmaze_session_reset          (BitmazeSession *self);

/* Run: one frame's share of steps at the speed chosen, within the frame
 * budget.  A widget calls it from its frame clock while :running is set;
 * @frame_time is the frame clock's time in microseconds. */
void             bitmaze_session_run_frame      (BitmazeSession *self,
                                                 gint64          frame_time);

/* The report of the step shown (the last one done, or the one the
 * position went back to), or NULL at the first step and after New, Open
 * or Reset. */
const MazeStep  *bitmaze_session_get_last_step  (BitmazeSession *self);
/* The stepper's working set (stack, queue, open set), next first, at most
 * @max cells into @out; returns the whole count (0 when nothing runs). */
gsize            bitmaze_session_get_frontier   (BitmazeSession *self,
                                                 guint32        *out,
                                                 gsize           max);
/* The cell the stepper takes next (the first of the frontier), or -1. */
gint64           bitmaze_session_get_next_cell  (BitmazeSession *self);
/* The search's counters (all zero while none); the build's steps. */
void             bitmaze_session_get_stats      (BitmazeSession *self,
                                                 MazeSolveStats *stats);
/* Time the engine spent on the current build or search, in µs. */
gint64           bitmaze_session_get_engine_time (BitmazeSession *self);
/* Longest time, in µs, one frame of Run spent stepping and handing the
 * changes over since the last call (reset to 0). */
gint64           bitmaze_session_take_max_frame_work (BitmazeSession *self);

/* The step the next bitmaze_session_step() would do, into @next, without
 * doing it.  FALSE when nothing is in progress or it has finished. */
gboolean         bitmaze_session_peek_step      (BitmazeSession *self,
                                                 MazeStep       *next);

/* A question about the next step: it is held back and announced with
 * ::question; bitmaze_session_reveal() then does exactly that step (::revealed,
 * then ::step-done).  Anything else that moves or changes the maze withdraws
 * the question (::question with NULL).  FALSE when there is no next step. */
gboolean         bitmaze_session_ask            (BitmazeSession *self);
const MazeStep  *bitmaze_session_get_question   (BitmazeSession *self);
gboolean         bitmaze_session_reveal         (BitmazeSession *self);

/**
 * BitmazeSessionAskFunc:
 * @number: the number of the step about to be done (the steps shown + 1)
 * @next: that step, looked at without doing it
 * @solver: (nullable): the search about to do it, as it is at the step
 *   shown (for "which cell comes next?"); NULL for a build
 *
 * Returns: TRUE to hold the step back as a question.
 */
typedef gboolean (*BitmazeSessionAskFunc) (BitmazeSession   *session,
                                           guint64           number,
                                           const MazeStep   *next,
                                           const MazeSolver *solver,
                                           gpointer          user_data);

/* Predict mode: Step and Run hold a step back as a question (as
 * bitmaze_session_ask() does) when @func says so, instead of doing it.
 * Step then does no step (FALSE), and does none while the question is
 * held, nor does Run start; Run stops before the step.
 * bitmaze_session_reveal() does the step, then Run goes on when the
 * question stopped it, else the next step is held back at once when
 * @func wants it too.  A search starts before its first step so that
 * step can be asked about.  @func is asked only about steps whose
 * number is a multiple of @every (looking at a step costs a copy of the
 * stepper).  A build without Animate Building has no steps to ask about.
 * NULL @func: no step is held back.  @destroy frees @user_data when the
 * function is replaced or the session goes. */
void             bitmaze_session_set_ask_func   (BitmazeSession        *self,
                                                 guint64                every,
                                                 BitmazeSessionAskFunc  func,
                                                 gpointer               user_data,
                                                 GDestroyNotify         destroy);

/* ---- edits (each ends a search in progress) ---- */

/* Flips bit @bit of cell @index through the engine.  Emits ::edited with
 * the engine's report.  A passage bit clears the search bits first, as an
 * ::edited of its own; a flipped search bit keeps them.  FALSE with the
 * reason while a maze is being built or when the engine refuses (a border
 * bit). */
gboolean         bitmaze_session_toggle_bit     (BitmazeSession *self,
                                                 guint           index,
                                                 guint           bit,
                                                 GError        **error);
/* Moves the start or the goal (this clears the search). */
gboolean         bitmaze_session_set_endpoint   (BitmazeSession *self,
                                                 guint           index,
                                                 gboolean        goal,
                                                 GError        **error);
/* Opens or closes the wall on side @dir of cell @index (this clears the
 * search). */
gboolean         bitmaze_session_toggle_wall    (BitmazeSession *self,
                                                 guint           index,
                                                 guint           dir,
                                                 GError        **error);

/* Undo and Redo of the edits above (properties :can-undo, :can-redo).
 * Undo sets the newest edit's cell, wall or end point back as it was
 * (through the same functions, so a search in progress ends and the
 * changes are announced as edits); Redo makes an undone edit again; a
 * new edit drops what could be redone.  A new maze, a file opened or a
 * saved build coming back start both lists again.  The maze is marked
 * unmodified when Undo or Redo bring it back to the edit it was saved
 * (or made) at.  FALSE when nothing changed, with @error set when an
 * edit was refused (while a maze is being built). */
gboolean         bitmaze_session_can_undo       (BitmazeSession *self);
gboolean         bitmaze_session_can_redo       (BitmazeSession *self);
gboolean         bitmaze_session_undo           (BitmazeSession *self,
                                                 GError        **error);
gboolean         bitmaze_session_redo           (BitmazeSession *self,
                                                 GError        **error);

/* Play mode's walk: clears the search and puts the player on the start;
 * then each move is the engine's maze_play_move(), announced as an edit.
 * FALSE while building, or (a move) with the engine's refusal. */
gboolean         bitmaze_session_play_begin     (BitmazeSession *self,
                                                 guint32        *position);
gboolean         bitmaze_session_play_move      (BitmazeSession *self,
                                                 guint32        *position,
                                                 guint           dir,
                                                 MazeStep       *report);

G_END_DECLS
