/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-session.h: everything a window shows and steps, without a widget.
 *
 * A session owns the document: the maze and its file, whether it is
 * modified, the recipe of the next maze (the generator, shape, size,
 * loops, seed and placement) and the solver; it loads, saves and exports.
 * The rest it hands to parts that each own one job: the stepper
 * (bitmaze-stepper.h: the build or search in progress, its history,
 * Run, predict mode's question, saved runs coming back), the edits
 * (bitmaze-edits.h: Undo and Redo), the spare maze made on a worker
 * thread (bitmaze-spare.h) and the pacer of frames (bitmaze-pacer.h).
 * Widgets observe the session (signals and properties) and call its
 * methods; it includes no widget header, so it is the one place the
 * window, the maze view, the bit inspector, play mode and printing meet,
 * as the midend of Simon Tatham's Puzzles sits between every front end
 * and every back end.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

#include "bitmaze-edits.h"
#include "bitmaze-pacer.h"
#include "bitmaze-recorded-source.h"
#include "bitmaze-spare.h"
#include "bitmaze-stepper.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_SESSION (bitmaze_session_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeSession, bitmaze_session, BITMAZE, SESSION, GObject)

/*
 * The signals of a BitmazeSession (its stepper's and its edits', passed on):
 *
 * BitmazeSession::cells-changed:
 * @cells: (type gpointer): the cell indices (guint32), valid during the emission
 * @n_cells: how many (a cell may come more than once)
 *
 * The words of these cells changed (search bits, or passages while
 * building).
 *
 * BitmazeSession::maze-changed:
 *
 * Any word may have changed, or the start or the goal moved: a view
 * draws the whole maze again.
 *
 * BitmazeSession::moved:
 *
 * The step shown changed (a step, a frame of Run, a step back, a jump,
 * Reset, a new stepper): its report, the frontier, the counters and the
 * phase may differ.  Once an operation, after the cells and properties.
 *
 * BitmazeSession::step-done:
 * @step: (type gpointer): the MazeStep report, valid during the emission
 *
 * Emitted after each single step forward (bitmaze_session_step()).
 *
 * BitmazeSession::steps-done:
 * @steps: (type gpointer): MazeStep reports, oldest first, valid during the emission
 * @n_steps: how many
 *
 * Emitted once or twice a frame while Run steps, with the newest
 * reports of that frame (at most BITMAZE_SESSION_STEPS_MAX); only
 * collected while somebody listens.
 *
 * BitmazeSession::history-moved:
 * @steps: (type gpointer): MazeStep reports, oldest first, valid during the emission
 * @n_steps: how many
 *
 * The position went back or jumped: @steps are the newest steps up to
 * the step now shown (at most BITMAZE_SESSION_STEPS_MAX; none at the
 * first step), what a log of the steps should now hold.  Emitted once or
 * twice, then ::moved.
 *
 * BitmazeSession::edited:
 * @step: (type gpointer): the engine's MazeStep report of the change
 *
 * The user changed words by hand: a bit flipped, or a move of the walk
 * in Play mode.  A step about no cell (@step's cell is G_MAXUINT32)
 * changed every cell: its one change, with index G_MAXUINT32, says
 * the statement (clearing the search bits before an edit, Reset or
 * Play mode).
 *
 * BitmazeSession::message:
 * @message: a sentence in the user's language
 *
 * Something went wrong that the user should read (an engine error
 * while stepping or placing the endpoints).
 *
 * BitmazeSession::question:
 * @step: (type gpointer) (nullable): the step held back, or NULL when
 *   the question was withdrawn
 *
 * See bitmaze_session_ask().
 *
 * BitmazeSession::revealed:
 * @step: (type gpointer): the step that was the question, about to be done
 */

BitmazeSession  *bitmaze_session_new            (void);

/* The pacer Run's frames share with the maze view (the window's); a
 * session has one of its own until given one. */
void             bitmaze_session_set_pacer      (BitmazeSession *self,
                                                 BitmazePacer   *pacer);
/* The stepper of the session (for a new kind of step source: see
 * bitmaze_stepper_set_source ()). */
BitmazeStepper  *bitmaze_session_get_stepper    (BitmazeSession *self);

static inline BitmazePacer *
bitmaze_session_get_pacer (BitmazeSession *self)
{
  return bitmaze_stepper_get_pacer (bitmaze_session_get_stepper (self));
}

/* The edits of the maze (Undo, Redo, Play mode's walk). */
BitmazeEdits    *bitmaze_session_get_edits      (BitmazeSession *self);

/* ---- the document ---- */

/* The maze (owned by the session; replaced by New and Open: listen to
 * notify::maze), or NULL before the first maze. */
Maze            *bitmaze_session_get_maze       (BitmazeSession *self);
/* Shows @run, the steps of a program the user ran (the lab), from its
 * step 0: on @maze (transfer full), a new untitled maze whose words are
 * the run's step 0 (a build); or, with @maze NULL, on the maze shown,
 * whatever was in progress dropped and its search bits cleared first (a
 * search: its step 0 is the maze without them). */
void             bitmaze_session_show_run       (BitmazeSession     *self,
                                                 Maze               *maze,
                                                 BitmazeRecordedRun *run);
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

static inline BitmazePhase
bitmaze_session_get_phase (BitmazeSession *self)
{
  return bitmaze_stepper_get_phase (bitmaze_session_get_stepper (self));
}

static inline gboolean
bitmaze_session_get_running (BitmazeSession *self)
{
  return bitmaze_stepper_get_running (bitmaze_session_get_stepper (self));
}

static inline void
bitmaze_session_set_running (BitmazeSession *self,
                             gboolean        running)
{
  bitmaze_stepper_set_running (bitmaze_session_get_stepper (self), running);
}

/* One step of what is in progress: the build, or the search (a new one
 * starts when none is in progress).  Emits ::step-done.  FALSE when there
 * was nothing to do. */
static inline gboolean
bitmaze_session_step (BitmazeSession *self)
{
  return bitmaze_stepper_step (bitmaze_session_get_stepper (self));
}

/* One step back in the history of the build or search shown: every word
 * the step changed, the frontier, the counters and the last step go back.
 * Emits ::history-moved.  FALSE at the first step. */
static inline gboolean
bitmaze_session_step_back (BitmazeSession *self)
{
  return bitmaze_stepper_step_back (bitmaze_session_get_stepper (self));
}

/* Goes to step @position of the history (clamped to what it holds). */
static inline gboolean
bitmaze_session_seek (BitmazeSession *self,
                      guint64         position)
{
  return bitmaze_stepper_seek (bitmaze_session_get_stepper (self), position);
}

/* The last step up to the one shown that ran line @line of the listing
 * of bitmaze_session_get_algorithm() (maze_history_find_line()); 0 when
 * none did, or there is no history.  The maze stays as it is. */
static inline guint64
bitmaze_session_find_line (BitmazeSession *self,
                           guint           line)
{
  return bitmaze_stepper_find_line (bitmaze_session_get_stepper (self), line);
}

/* The newest steps of the history up to the one shown, oldest first, at
 * most @max into @out: what an operation log opened now starts with.
 * Returns how many (0 without a build or search). */
static inline guint
bitmaze_session_get_recent_steps (BitmazeSession *self,
                                  MazeStep       *out,
                                  guint           max)
{
  return bitmaze_stepper_get_recent_steps (bitmaze_session_get_stepper (self), out, max);
}

/* The first step still in the history (0 unless it outgrew its memory),
 * the step shown, and the last step recorded. */
static inline guint64
bitmaze_session_get_first (BitmazeSession *self)
{
  return bitmaze_stepper_get_first (bitmaze_session_get_stepper (self));
}

static inline guint64
bitmaze_session_get_position (BitmazeSession *self)
{
  return bitmaze_stepper_get_position (bitmaze_session_get_stepper (self));
}

static inline guint64
bitmaze_session_get_length (BitmazeSession *self)
{
  return bitmaze_stepper_get_length (bitmaze_session_get_stepper (self));
}

gboolean         bitmaze_session_get_prepared   (BitmazeSession *self);
/* Whether the session makes a maze of this size and shape ready ahead
 * (:prepared): from 512 x 512 to 4096 x 4096 cells, and not from a mask
 * file. */
static inline gboolean
bitmaze_session_prepares (guint           width,
                          guint           height,
                          const char     *shape)
{
  return bitmaze_spare_prepares (width, height, shape);
}

static inline gboolean
bitmaze_session_can_step (BitmazeSession *self)
{
  return bitmaze_stepper_can_step (bitmaze_session_get_stepper (self));
}

/* Is there anything for Reset to clear: a build or search, or search
 * bits in the maze? */
static inline gboolean
bitmaze_session_can_reset (BitmazeSession *self)
{
  return bitmaze_stepper_can_reset (bitmaze_session_get_stepper (self));
}

/* Clears the search (its bits and its history), or starts the build in
 * progress over from an empty grid. */
void             bitmaze_session_reset          (BitmazeSession *self);

/* Run: one frame's share of steps at the speed chosen, within the frame
 * budget.  A widget calls it from its frame clock while :running is set;
 * @frame_time is the frame clock's time in microseconds. */
static inline void
bitmaze_session_run_frame (BitmazeSession *self,
                           gint64          frame_time)
{
  bitmaze_stepper_run_frame (bitmaze_session_get_stepper (self), frame_time);
}

/* The report of the step shown (the last one done, or the one the
 * position went back to), or NULL at the first step and after New, Open
 * or Reset. */
static inline const MazeStep  *
bitmaze_session_get_last_step (BitmazeSession *self)
{
  return bitmaze_stepper_get_last_step (bitmaze_session_get_stepper (self));
}

/* The stepper's working set (stack, queue, open set), next first, at most
 * @max cells into @out; returns the whole count (0 when nothing runs). */
static inline gsize
bitmaze_session_get_frontier (BitmazeSession *self,
                              guint32        *out,
                              gsize           max)
{
  return bitmaze_stepper_get_frontier (bitmaze_session_get_stepper (self), out, max);
}

/* The cell the stepper takes next (the first of the frontier), or -1. */
static inline gint64
bitmaze_session_get_next_cell (BitmazeSession *self)
{
  guint32 cell;

  return bitmaze_session_get_frontier (self, &cell, 1) > 0 ? (gint64) cell : -1;
}

/* The search's counters (all zero while none); the build's steps. */
static inline void
bitmaze_session_get_stats (BitmazeSession *self,
                           MazeSolveStats *stats)
{
  bitmaze_stepper_get_stats (bitmaze_session_get_stepper (self), stats);
}

/* Time the engine spent on the current build or search, in µs. */
static inline gint64
bitmaze_session_get_engine_time (BitmazeSession *self)
{
  return bitmaze_stepper_get_engine_time (bitmaze_session_get_stepper (self));
}

/* Time the user waited for the current build or search, in µs: from each
 * click (Generate, Run, Step) until the work stopped (or now, while it
 * runs), the window's drawing included; Pause not counted. */
static inline gint64
bitmaze_session_get_waited_time (BitmazeSession *self)
{
  return bitmaze_stepper_get_waited_time (bitmaze_session_get_stepper (self));
}

/* Longest time, in µs, one frame of Run spent stepping and handing the
 * changes over since the last call (reset to 0). */
static inline gint64
bitmaze_session_take_max_frame_work (BitmazeSession *self)
{
  return bitmaze_pacer_take_max_frame_work (bitmaze_session_get_pacer (self));
}


/* The step the next bitmaze_session_step() would do, into @next, without
 * doing it.  FALSE when nothing is in progress or it has finished. */
static inline gboolean
bitmaze_session_peek_step (BitmazeSession *self,
                           MazeStep       *next)
{
  return bitmaze_stepper_peek_step (bitmaze_session_get_stepper (self), next);
}

/* A question about the next step: it is held back and announced with
 * ::question; bitmaze_session_reveal() then does exactly that step (::revealed,
 * then ::step-done).  Anything else that moves or changes the maze withdraws
 * the question (::question with NULL).  FALSE when there is no next step. */
static inline gboolean
bitmaze_session_ask (BitmazeSession *self)
{
  return bitmaze_stepper_ask (bitmaze_session_get_stepper (self));
}

static inline const MazeStep  *
bitmaze_session_get_question (BitmazeSession *self)
{
  return bitmaze_stepper_get_question (bitmaze_session_get_stepper (self));
}

static inline gboolean
bitmaze_session_reveal (BitmazeSession *self)
{
  return bitmaze_stepper_reveal (bitmaze_session_get_stepper (self));
}

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
static inline gboolean
bitmaze_session_toggle_bit (BitmazeSession *self,
                            guint           index,
                            guint           bit,
                            GError        **error)
{
  return bitmaze_edits_toggle_bit (bitmaze_session_get_edits (self),
                                   bitmaze_session_get_maze (self),
                                   bitmaze_session_get_stepper (self),
                                   bitmaze_session_get_solver (self),
                                   index, bit, error);
}

/* Moves the start or the goal (this clears the search). */
static inline gboolean
bitmaze_session_set_endpoint (BitmazeSession *self,
                              guint           index,
                              gboolean        goal,
                              GError        **error)
{
  return bitmaze_edits_set_endpoint (bitmaze_session_get_edits (self),
                                     bitmaze_session_get_maze (self),
                                     bitmaze_session_get_stepper (self),
                                     bitmaze_session_get_solver (self),
                                     index, goal, error);
}

/* Opens or closes the wall on side @dir of cell @index (this clears the
 * search). */
static inline gboolean
bitmaze_session_toggle_wall (BitmazeSession *self,
                             guint           index,
                             guint           dir,
                             GError        **error)
{
  return bitmaze_edits_toggle_wall (bitmaze_session_get_edits (self),
                                    bitmaze_session_get_maze (self),
                                    bitmaze_session_get_stepper (self),
                                    bitmaze_session_get_solver (self),
                                    index, dir, error);
}

/* Undo and Redo of the edits above (properties :can-undo, :can-redo).
 * Undo sets the newest edit's cell, wall or end point back as it was
 * (through the same functions, so a search in progress ends and the
 * changes are announced as edits); Redo makes an undone edit again; a
 * new edit drops what could be redone.  A new maze, a file opened or a
 * saved build coming back start both lists again.  The maze is marked
 * unmodified when Undo or Redo bring it back to the edit it was saved
 * (or made) at.  FALSE when nothing changed, with @error set when an
 * edit was refused (while a maze is being built). */
static inline gboolean
bitmaze_session_can_undo (BitmazeSession *self)
{
  return bitmaze_edits_can_undo (bitmaze_session_get_edits (self));
}

static inline gboolean
bitmaze_session_can_redo (BitmazeSession *self)
{
  return bitmaze_edits_can_redo (bitmaze_session_get_edits (self));
}
static inline gboolean
bitmaze_session_undo (BitmazeSession *self,
                      GError        **error)
{
  return bitmaze_edits_replay (bitmaze_session_get_edits (self),
                               bitmaze_session_get_maze (self),
                               bitmaze_session_get_stepper (self),
                               bitmaze_session_get_solver (self),
                               TRUE, error);
}

static inline gboolean
bitmaze_session_redo (BitmazeSession *self,
                      GError        **error)
{
  return bitmaze_edits_replay (bitmaze_session_get_edits (self),
                               bitmaze_session_get_maze (self),
                               bitmaze_session_get_stepper (self),
                               bitmaze_session_get_solver (self),
                               FALSE, error);
}

/* Play mode's walk: clears the search and puts the player on the start;
 * then each move is the engine's maze_play_move(), announced as an edit.
 * FALSE while building, or (a move) with the engine's refusal. */
static inline gboolean
bitmaze_session_play_begin (BitmazeSession *self,
                            guint32        *position)
{
  return bitmaze_edits_play_begin (bitmaze_session_get_edits (self),
                                   bitmaze_session_get_maze (self),
                                   bitmaze_session_get_stepper (self),
                                   position);
}

static inline gboolean
bitmaze_session_play_move (BitmazeSession *self,
                           guint32        *position,
                           guint           dir,
                           MazeStep       *report)
{
  return bitmaze_edits_play_move (bitmaze_session_get_edits (self),
                                  bitmaze_session_get_maze (self),
                                  bitmaze_session_get_stepper (self),
                                  position, dir, report);
}

G_END_DECLS
