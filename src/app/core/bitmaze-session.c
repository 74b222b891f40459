/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "maze-render.h"

#include "bitmaze-clock.h"
#include "bitmaze-error.h"
#include "bitmaze-session.h"
#include "bitmaze-shape.h"

/* Run never spends more than this on engine steps in one frame, so a
 * window keeps drawing at the display's rate whatever the speed. */
#define FRAME_BUDGET_US   6000
/* A frame's work in all, on the main thread's CPU: Run's steps, handing
 * them over, and what the window does after them (layout, drawing).
 * The steps take what the rest of recent frames leaves of it, between a
 * quarter of FRAME_BUDGET_US and all of it: a big maze's frame costs the
 * window more to draw, and the frame stays under the display's 16.7 ms
 * with room to spare. */
#define FRAME_WORK_US     12000
/* The part of a build done at once, before the first frame: small mazes
 * are finished in it. */
#define FIRST_SLICE_US    2000
/* How many steps run between two looks at the clock: steps with reports,
 * and the steps of a build without a history (most take tens of
 * nanoseconds; Kruskal's, the slowest, a few hundred). */
#define CLOCK_CHECK_EVERY 64
#define QUICK_SLICE       4096
/* After the first slice of QUICK_SLICE steps (a maze of fewer cells is
 * done in it, however slow the machine), a slice of a build without a
 * history is sized to take about this long: the steps of a random walk
 * can take thousands of moves each, those of a corridor a few
 * nanoseconds. */
#define QUICK_SLICE_US    1000
/* A jump in the history that changes more words than this has the whole
 * maze redrawn instead of a list of cells. */
#define JUMP_CELLS_MAX    (1u << 18)
/* Mazes from this many cells up have the memory of the next one made
 * ready on a worker thread (see bitmaze_session_prepares ()): the system
 * hands out fresh memory at a few GB/s at best, and a 2000 x 2000 maze's
 * 8 MB cost the click 6 to 25 ms here.  Above the upper bound a second
 * maze would cost more memory than it is worth. */
#define SPARE_MIN_CELLS   (512u * 512u)
#define SPARE_MAX_CELLS   (4096u * 4096u)

typedef struct _SpareRecipe SpareRecipe;

/* One edit of the maze, as Undo and Redo need it: the words it changed
 * (a cell, or the two a passage joins, or the old and the new end point),
 * before and after, and for a moved end point its cell before and after.
 * Undo puts the changed bits back, Redo sets them again, each only while
 * the maze still holds what the edit left: a search started since may
 * have cleared a search bit an edit set.  An edit ends the search in
 * progress; its undo brings it back, at the step it was at, by running
 * the same solver again (steppers are deterministic), so a wall clicked
 * by mistake in the middle of a lesson costs nothing. */
typedef enum
{
  EDIT_CELLS,  /* walls or bits */
  EDIT_START,
  EDIT_GOAL,
} EditKind;

typedef struct
{
  EditKind kind;
  guint    n;          /* words changed, at most 2 */
  guint32  index[2];
  guint16  before[2];
  guint16  after[2];
  guint32  was;        /* EDIT_START, EDIT_GOAL: the cell before and after */
  guint32  now;
  const char *solver;  /* the search the edit ended (interned), or NULL */
  guint64  search_at;  /* and the step it showed */
} Edit;

struct _BitmazeSession
{
  GObject          parent_instance;

  /* The document */
  Maze            *maze;
  GFile           *file;
  gboolean         modified;
  gboolean         has_search;  /* the maze holds search bits */
  guint            maze_serial; /* counts replacements of the maze */

  /* The edits of this maze that Undo and Redo go through (Edit), and
   * how many edits deep the file on disk is (G_MAXUINT: none of them) */
  GArray          *undo;
  GArray          *redo;
  guint            saved_depth;
  const char      *edit_solver;    /* the search the edit under way ended */
  guint64          edit_search_at;

  /* The recipe of the next maze, and the search */
  char            *generator;
  char            *shape;       /* a shape spec (bitmaze-shape.h), "" for a rectangle */
  char            *solver;
  guint64          seed;
  guint            width;
  guint            height;
  guint            loops;
  gboolean         animate;
  MazePlacement    placement;
  double           speed;

  /* The stepper in progress: a build or a search with its history, or a
   * build without one (Animate Building off) made in slices. */
  MazeHistory     *history;
  gboolean         history_builds;
  MazeGenerator   *quick;
  guint64          quick_slice;    /* steps in its next slice */
  BitmazePhase     phase;
  MazeStep         last_step;
  gboolean         has_last_step;
  gint64           engine_us;

  /* A step held back as a question */
  MazeStep         question;
  gboolean         has_question;
  gboolean         question_stopped_run; /* Run goes on after the reveal */

  /* Predict mode: which steps Step and Run hold back as questions */
  BitmazeSessionAskFunc ask_func;
  gpointer         ask_data;
  GDestroyNotify   ask_destroy;
  guint64          ask_every;

  /* A saved build or search coming back (resume_saved ()) */
  guint            resume_id;
  guint            resume_serial;
  Maze            *resume_maze;
  MazeHistory     *resume_history;
  gboolean         resume_builds;
  gsize            resume_differ;
  gint64           resume_us;

  /* Run */
  gboolean         running;
  gint64           last_frame_time;
  double           credit;
  gint64           view_us;
  gint64           unframed_us;    /* work done since the last frame, outside it */
  gint64           frame_cpu_end;  /* the thread's CPU time when the last frame's steps ended */
  gint64           rest_us;        /* the CPU of a frame after its steps, of late */
  gint64           max_frame_work;
  GArray          *changed;
  /* The newest reports of a frame of Run, or of a jump, in a ring */
  MazeStep        *steps;
  guint            n_steps;
  guint            steps_next;

  /* The next Generate's maze, made ready on a worker thread */
  Maze            *spare;
  SpareRecipe     *spare_for;     /* the recipe of the spare, or of the job */
  GCancellable    *spare_job;     /* while a worker makes one */
  guint            spare_idle_id;
};

G_DEFINE_FINAL_TYPE (BitmazeSession, bitmaze_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MAZE,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_GENERATOR,
  PROP_SHAPE,
  PROP_SOLVER,
  PROP_SEED,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_LOOPS,
  PROP_ANIMATE,
  PROP_PLACEMENT,
  PROP_SPEED,
  PROP_PHASE,
  PROP_RUNNING,
  PROP_FIRST,
  PROP_POSITION,
  PROP_LENGTH,
  PROP_PREPARED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  CELLS_CHANGED,
  MAZE_CHANGED,
  MOVED,
  STEP_DONE,
  STEPS_DONE,
  HISTORY_MOVED,
  EDITED,
  MESSAGE,
  QUESTION,
  REVEALED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void cancel_resume (BitmazeSession *self);
static void prepare_spare (BitmazeSession *self);

G_DEFINE_ENUM_TYPE (BitmazePhase, bitmaze_phase,
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_BUILDING, "building"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_READY, "ready"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_SOLVING, "solving"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_SOLVED, "solved"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_NO_PATH, "no-path"))

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static void
emit_message (BitmazeSession  *self,
              const MazeError *error)
{
  g_autofree char *message = bitmaze_error_message (error);

  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static gboolean
maze_error_to_gerror (const MazeError  *merror,
                      GError          **error)
{
  int code = G_IO_ERROR_FAILED;

  switch (merror->status)
    {
    case MAZE_ERROR_FORMAT:
    case MAZE_ERROR_INCONSISTENT:
      code = G_IO_ERROR_INVALID_DATA;
      break;
    case MAZE_ERROR_NOMEM:
      code = G_IO_ERROR_NO_SPACE;
      break;
    case MAZE_ERROR_ARGUMENT:
    case MAZE_ERROR_SIZE:
      code = G_IO_ERROR_INVALID_ARGUMENT;
      break;
    case MAZE_OK:
    case MAZE_ERROR_IO:
    default:
      break;
    }

  bitmaze_error_propagate (error, G_IO_ERROR, code, merror);

  return FALSE;
}

static void
set_modified (BitmazeSession *self,
              gboolean        modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_file (BitmazeSession *self,
          GFile          *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static void
withdraw_question (BitmazeSession *self)
{
  self->question_stopped_run = FALSE;
  if (!self->has_question)
    return;
  self->has_question = FALSE;
  g_signal_emit (self, signals[QUESTION], 0, NULL);
}

/* Holds @next back as the question and says so. */
static void
hold_question (BitmazeSession *self,
               const MazeStep *next)
{
  self->question = *next;
  self->has_question = TRUE;
  g_signal_emit (self, signals[QUESTION], 0, &self->question);
}

/* Predict mode: whether the ask function wants the step after the
 * position held back; its report goes to @next. */
static gboolean
asks_next (BitmazeSession *self,
           MazeStep       *next)
{
  guint64 number;

  if (self->ask_func == NULL || self->history == NULL || maze_history_finished (self->history))
    return FALSE;
  number = maze_history_position (self->history) + 1;
  if (number % self->ask_every != 0 || !maze_history_peek (self->history, next))
    return FALSE;
  return self->ask_func (self, number, next, maze_history_solver (self->history), self->ask_data);
}

static guint64
history_position (BitmazeSession *self)
{
  return self->history != NULL ? maze_history_position (self->history) : 0;
}

/* The phase follows from the stepper: a build or a search, finished or
 * not at the position shown. */
static BitmazePhase
compute_phase (BitmazeSession *self)
{
  MazeSolveStats stats;

  if (self->quick != NULL)
    return BITMAZE_PHASE_BUILDING;
  if (self->history == NULL)
    return BITMAZE_PHASE_READY;
  if (self->history_builds)
    return maze_history_finished (self->history) ? BITMAZE_PHASE_READY : BITMAZE_PHASE_BUILDING;
  if (!maze_history_finished (self->history))
    return BITMAZE_PHASE_SOLVING;
  maze_solver_stats (maze_history_solver (self->history), &stats);
  return stats.found ? BITMAZE_PHASE_SOLVED : BITMAZE_PHASE_NO_PATH;
}

/* Notifies what changed of the phase and the history since @before_*,
 * then ::moved: everything that shows the step follows. */
typedef struct
{
  BitmazePhase phase;
  guint64      first;
  guint64      position;
  guint64      length;
} Shown;

static void
remember_shown (BitmazeSession *self,
                Shown          *shown)
{
  shown->phase = self->phase;
  shown->first = bitmaze_session_get_first (self);
  shown->position = bitmaze_session_get_position (self);
  shown->length = bitmaze_session_get_length (self);
}

static void
announce_moved (BitmazeSession *self,
                const Shown    *before)
{
  GObject *object = G_OBJECT (self);

  self->phase = compute_phase (self);
  g_object_freeze_notify (object);
  if (before->phase != self->phase)
    g_object_notify_by_pspec (object, properties[PROP_PHASE]);
  if (before->first != bitmaze_session_get_first (self))
    g_object_notify_by_pspec (object, properties[PROP_FIRST]);
  if (before->position != bitmaze_session_get_position (self))
    g_object_notify_by_pspec (object, properties[PROP_POSITION]);
  if (before->length != bitmaze_session_get_length (self))
    g_object_notify_by_pspec (object, properties[PROP_LENGTH]);
  g_object_thaw_notify (object);

  g_signal_emit (self, signals[MOVED], 0);
}

static void
emit_cells (BitmazeSession *self,
            const guint32  *cells,
            guint           n)
{
  if (n > 0)
    g_signal_emit (self, signals[CELLS_CHANGED], 0, cells, n);
}

static void
emit_step_cells (BitmazeSession *self,
                 const MazeStep *step)
{
  guint32 cells[MAZE_STEP_MAX_CHANGES];

  for (unsigned i = 0; i < step->n_changes; i++)
    cells[i] = step->changes[i].index;
  emit_cells (self, cells, step->n_changes);
}

/* ------------------------------------------------------------------ */
/* Steppers                                                            */
/* ------------------------------------------------------------------ */

static void
drop_stepper (BitmazeSession *self)
{
  g_clear_pointer (&self->history, maze_history_free);
  g_clear_pointer (&self->quick, maze_generator_free);
  self->history_builds = FALSE;
  self->has_last_step = FALSE;
  self->engine_us = 0;
}

/* Notifies :can-undo and :can-redo when they may have changed. */
static void
notify_undo (BitmazeSession *self,
             gboolean        could_undo,
             gboolean        could_redo)
{
  if (could_undo != bitmaze_session_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != bitmaze_session_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
forget_edits (BitmazeSession *self)
{
  gboolean could_undo = bitmaze_session_can_undo (self);
  gboolean could_redo = bitmaze_session_can_redo (self);

  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  self->saved_depth = 0;
  notify_undo (self, could_undo, could_redo);
}

/* The words an edit may change, before it: @a, and @b unless it is
 * G_MAXUINT32. */
static void
edit_begin (BitmazeSession *self,
            Edit           *edit,
            EditKind        kind,
            guint32         a,
            guint32         b)
{
  const uint16_t *cells = maze_cells_const (self->maze);

  memset (edit, 0, sizeof *edit);
  edit->kind = kind;
  edit->index[edit->n] = a;
  edit->before[edit->n++] = cells[a];
  if (b != G_MAXUINT32 && b != a)
    {
      edit->index[edit->n] = b;
      edit->before[edit->n++] = cells[b];
    }
}

/* A new edit, made by the user (not an undo or a redo): Undo takes it
 * back first, and the edits undone before it cannot be made again. */
static void
record_edit (BitmazeSession *self,
             Edit           *edit)
{
  gboolean could_undo = bitmaze_session_can_undo (self);
  gboolean could_redo = bitmaze_session_can_redo (self);

  for (guint k = 0; k < edit->n; k++)
    edit->after[k] = maze_cells_const (self->maze)[edit->index[k]];
  edit->solver = self->edit_solver;
  edit->search_at = self->edit_search_at;
  if (self->saved_depth > self->undo->len)
    self->saved_depth = G_MAXUINT; /* the file's state went with the redo list */
  g_array_set_size (self->redo, 0);
  g_array_append_val (self->undo, *edit);
  notify_undo (self, could_undo, could_redo);
}

/* Replaces the maze; the old one is freed after everybody let go. */
static void
replace_maze (BitmazeSession *self,
              Maze           *maze)
{
  Maze *old = self->maze;

  self->maze = maze;
  self->maze_serial++;
  /* the edits were of the old maze */
  forget_edits (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAZE]);
  maze_free (old);
}

/* The end of a build without a history: the endpoints as chosen. */
static void
finish_quick_build (BitmazeSession *self)
{
  MazeError error;

  if (maze_generator_status (self->quick, &error) != MAZE_OK
      || maze_place_endpoints (self->maze, self->placement, TRUE, self->seed, &error) != MAZE_OK)
    emit_message (self, &error);
  g_clear_pointer (&self->quick, maze_generator_free);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
}

/* A new search from the start: the old search's bits go. */
static gboolean
start_search (BitmazeSession *self)
{
  MazeHistory *history;
  MazeError error;

  history = maze_history_new_solver (self->maze, self->solver, &error);
  if (history == NULL)
    {
      emit_message (self, &error);
      return FALSE;
    }
  drop_stepper (self);
  self->history = history;
  if (self->has_search)
    g_signal_emit (self, signals[MAZE_CHANGED], 0);
  self->has_search = TRUE;
  return TRUE;
}

/* A build without a history, on for about @budget microseconds from
 * @start: the generator's own run loop, in slices between looks at the
 * clock of up to QUICK_SLICE steps, as many as take about
 * QUICK_SLICE_US. */
static void
advance_quick (BitmazeSession *self,
               gint64          start,
               gint64          budget)
{
  while (self->quick != NULL)
    {
      gint64 before = g_get_monotonic_time (), took;

      maze_generator_run_steps (self->quick, self->quick_slice);
      took = g_get_monotonic_time () - before;
      if (took > QUICK_SLICE_US)
        self->quick_slice = MAX (1, self->quick_slice * QUICK_SLICE_US / took);
      else if (took < QUICK_SLICE_US / 4)
        self->quick_slice = MIN (QUICK_SLICE, 2 * self->quick_slice);
      if (maze_generator_done (self->quick))
        finish_quick_build (self);
      else if (g_get_monotonic_time () - start > budget)
        break;
    }
}

/* One step forward of whatever is in progress, reported into @report
 * (NULL only for a build without history).  A search starts when none is
 * in progress.  FALSE when no step was done. */
static gboolean
advance (BitmazeSession *self,
         MazeStep       *report)
{
  if (self->quick != NULL)
    {
      maze_generator_step (self->quick, NULL);
      if (maze_generator_done (self->quick))
        finish_quick_build (self);
      return TRUE;
    }

  if (self->history == NULL || (self->history_builds && maze_history_finished (self->history)))
    {
      if (!start_search (self))
        return FALSE;
    }
  else if (maze_history_finished (self->history))
    return FALSE;

  return maze_history_step (self->history, report);
}


/* ------------------------------------------------------------------ */
/* Run                                                                 */
/* ------------------------------------------------------------------ */

/* The slot for the next report of this frame; the oldest is overwritten
 * once the ring is full (a log keeps only the newest anyway). */
static MazeStep *
next_frame_step (BitmazeSession *self)
{
  MazeStep *slot = &self->steps[self->steps_next];

  self->steps_next = (self->steps_next + 1) % BITMAZE_SESSION_STEPS_MAX;
  self->n_steps = MIN (self->n_steps + 1, BITMAZE_SESSION_STEPS_MAX);
  return slot;
}

/* Hands the ring's reports to @signal, oldest first: one emission, or two
 * when the ring wrapped. */
static void
emit_frame_steps (BitmazeSession *self,
                  guint           signal)
{
  guint first = (self->steps_next + BITMAZE_SESSION_STEPS_MAX - self->n_steps) % BITMAZE_SESSION_STEPS_MAX;
  guint head = MIN (self->n_steps, BITMAZE_SESSION_STEPS_MAX - first);

  if (self->n_steps == 0)
    return;
  g_signal_emit (self, signals[signal], 0, &self->steps[first], head);
  if (head < self->n_steps)
    g_signal_emit (self, signals[signal], 0, &self->steps[0], self->n_steps - head);
  self->n_steps = 0;
}

static void
collect_changes (GArray         *array,
                 const MazeStep *step)
{
  for (unsigned i = 0; i < step->n_changes; i++)
    g_array_append_val (array, step->changes[i].index);
}

/* What the window's frame cost besides Run's steps, as measured between
 * two frames of Run: it rises at once and falls back slowly, so that one
 * cheap frame does not give the steps room a costly one needs. */
static void
note_rest_of_frame (BitmazeSession *self,
                    gint64          frame_time,
                    gint64          cpu_now)
{
  gint64 rest;

  if (self->last_frame_time == 0 || self->frame_cpu_end == 0
      || frame_time - self->last_frame_time > 100000)
    return;
  rest = cpu_now - self->frame_cpu_end;
  if (rest >= self->rest_us)
    self->rest_us = rest;
  else
    self->rest_us -= (self->rest_us - rest) / 8;
}

void
bitmaze_session_run_frame (BitmazeSession *self,
                           gint64          frame_time)
{
  gint64 start = g_get_monotonic_time ();
  gint64 cpu_start = bitmaze_thread_cpu_us ();
  gboolean quick = self->quick != NULL;
  gboolean unlimited = quick || self->speed >= BITMAZE_SPEED_MAX - 1e-6;
  gboolean record = !quick && g_signal_has_handler_pending (self, signals[STEPS_DONE], 0, FALSE);
  guint64 wanted = G_MAXUINT64;
  guint64 done = 0;
  gboolean more = TRUE;
  gboolean held = FALSE;
  MazeStep asked;
  gint64 budget, view_start, work;
  Shown before;

  g_return_if_fail (BITMAZE_IS_SESSION (self));

  if (!self->running || self->maze == NULL)
    return;
  remember_shown (self, &before);
  note_rest_of_frame (self, frame_time, cpu_start);

  if (!unlimited)
    {
      double rate = pow (10.0, self->speed);

      if (self->last_frame_time != 0)
        self->credit += rate * (frame_time - self->last_frame_time) / G_USEC_PER_SEC;
      /* After a stall, do not try to catch up in one burst. */
      self->credit = MIN (self->credit, MAX (1.0, rate / 4));
      wanted = (guint64) self->credit;
    }
  self->last_frame_time = frame_time;

  g_array_set_size (self->changed, 0);
  self->n_steps = 0;

  /* Handing the changes over costs time too (more for big frames): what
   * it took last frame comes off this frame's stepping.  So does, for a
   * search, what the window took after the steps of recent frames (see
   * FRAME_WORK_US); a build without a history hands the view nothing
   * until it is done, and its frames cost the window little. */
  budget = FRAME_BUDGET_US;
  if (!quick)
    budget = MIN (budget, FRAME_WORK_US - self->rest_us);
  budget = MAX (FRAME_BUDGET_US / 4, budget - self->view_us - self->unframed_us);
  self->unframed_us = 0;

  if (quick)
    {
      advance_quick (self, start, budget);
      more = self->quick != NULL;
    }
  else if (self->history != NULL && !maze_history_finished (self->history))
    {
      /* The hot loop: a report a step for the history and the view, its
       * C statements only for the steps handed over (see below). */
      MazeHistory *history = self->history;

      while (done < wanted)
        {
          MazeStep *report;

          /* Predict mode: Run stops before a step asked about. */
          if (self->ask_func != NULL && asks_next (self, &asked))
            {
              held = TRUE;
              more = FALSE;
              break;
            }
          report = record ? next_frame_step (self) : &self->last_step;
          if (!maze_history_step_quiet (history, report))
            {
              if (record)
                self->n_steps--;
              more = FALSE;
              break;
            }
          self->has_last_step = TRUE;
          collect_changes (self->changed, report);
          done++;
          if (maze_history_finished (history))
            {
              more = FALSE;
              break;
            }
          if (done % CLOCK_CHECK_EVERY == 0 && g_get_monotonic_time () - start > budget)
            break;
        }
    }
  else
    more = FALSE;

  if (!unlimited)
    self->credit -= done;

  view_start = g_get_monotonic_time ();
  self->engine_us += view_start - start;

  if (record)
    {
      for (guint k = 0; k < self->n_steps; k++)
        maze_step_complete (&self->steps[(self->steps_next + BITMAZE_SESSION_STEPS_MAX - 1 - k)
                                         % BITMAZE_SESSION_STEPS_MAX]);
      if (self->n_steps > 0)
        self->last_step = self->steps[(self->steps_next + BITMAZE_SESSION_STEPS_MAX - 1) % BITMAZE_SESSION_STEPS_MAX];
    }
  else if (self->has_last_step)
    maze_step_complete (&self->last_step);
  if (!quick)
    emit_cells (self, (const guint32 *) (gpointer) self->changed->data, self->changed->len);
  if (!more)
    bitmaze_session_set_running (self, FALSE);
  announce_moved (self, &before);
  self->view_us = g_get_monotonic_time () - view_start;
  if (record)
    emit_frame_steps (self, STEPS_DONE);
  if (held)
    {
      hold_question (self, &asked);
      self->question_stopped_run = TRUE;
    }

  work = g_get_monotonic_time () - start;
  self->max_frame_work = MAX (self->max_frame_work, work);
  self->frame_cpu_end = bitmaze_thread_cpu_us ();
}

void
bitmaze_session_set_running (BitmazeSession *self,
                             gboolean        running)
{
  gint64 began = g_get_monotonic_time ();

  g_return_if_fail (BITMAZE_IS_SESSION (self));

  running = !!running && self->maze != NULL;
  if (running == self->running)
    return;
  /* Predict mode: the question held is answered first. */
  if (running && self->has_question && self->ask_func != NULL)
    return;

  withdraw_question (self);
  if (running && self->quick == NULL
      && (self->history == NULL || maze_history_finished (self->history)))
    {
      /* A new search starts at once (after the end of one, from the
       * start again), so the phase says so before the first frame. */
      Shown before;

      remember_shown (self, &before);
      if (!start_search (self))
        return;
      announce_moved (self, &before);
    }

  self->running = running;
  if (running)
    {
      self->last_frame_time = 0;
      /* Until a frame has measured what handing the changes to the view
       * takes, a guess; and starting the search (clearing the marks of
       * a big maze) comes off the first frame's share. */
      self->view_us = FRAME_BUDGET_US / 3;
      self->unframed_us = g_get_monotonic_time () - began;
      /* The first step comes at once, even at one step a second. */
      self->credit = 1.0;
    }
  else
    prepare_spare (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* ------------------------------------------------------------------ */
/* A saved build or search comes back                                  */
/* ------------------------------------------------------------------ */

/* A file keeps a search as its solution and backtrack nibbles and the
 * solver's name, and a build in progress as its passages and the
 * generator's name and seed.  The steppers are deterministic: run the
 * named one again from the start, on a copy of the maze and with a
 * history, until the copy's words are the ones saved; then the copy (with
 * its history) takes the maze's place and the work goes on from there, as
 * if never stopped, and can step back too.  A big one is replayed in
 * slices when the main loop is idle, so the window never freezes.  When no
 * step gives the saved words (another program wrote them, a walk in Play
 * mode), nothing changes. */
static void
cancel_resume (BitmazeSession *self)
{
  g_clear_handle_id (&self->resume_id, g_source_remove);
  g_clear_pointer (&self->resume_history, maze_history_free);
  g_clear_pointer (&self->resume_maze, maze_free);
}

/* Replays one slice; TRUE while there is more to replay. */
static gboolean
resume_slice (BitmazeSession *self)
{
  const guint16 *saved = maze_cells_const (self->maze);
  gint64 start = g_get_monotonic_time ();
  gboolean going = TRUE;
  guint n = 0;
  MazeStep step;
  Shown before;

  while (self->resume_differ > 0 && (going = maze_history_step_quiet (self->resume_history, &step)))
    {
      /* Each change takes its word from one value to the next: count the
       * cell out as it was and in as it is now. */
      for (unsigned i = 0; i < step.n_changes; i++)
        {
          const MazeChange *change = &step.changes[i];

          self->resume_differ -= change->before != saved[change->index];
          self->resume_differ += change->after != saved[change->index];
        }
      if (++n % (CLOCK_CHECK_EVERY * 64) == 0 && g_get_monotonic_time () - start > FRAME_BUDGET_US)
        break;
    }
  self->resume_us += g_get_monotonic_time () - start;

  if (self->resume_differ > 0 && going)
    return TRUE;

  if (self->resume_differ > 0
      || (self->resume_builds && maze_generator_done (maze_history_generator (self->resume_history))))
    {
      /* No step gives the saved words, or the build was already complete:
       * the file is a finished maze. */
      cancel_resume (self);
      return FALSE;
    }

  /* With the whole path marked, all that is left of a finished search is
   * its last step, which only reports the goal found: take it too, so a
   * solved maze comes back solved. */
  if (!self->resume_builds && !maze_history_finished (self->resume_history)
      && maze_path_cells (self->resume_maze, NULL, 0) >= 0)
    {
      if (!maze_history_peek (self->resume_history, &step) || step.n_changes > 0)
        {
          cancel_resume (self);
          return FALSE;
        }
      maze_history_step (self->resume_history, &step);
    }

  remember_shown (self, &before);
  drop_stepper (self);
  self->history = g_steal_pointer (&self->resume_history);
  self->history_builds = self->resume_builds;
  replace_maze (self, g_steal_pointer (&self->resume_maze));
  self->engine_us = self->resume_us;
  if (maze_history_back (self->history, NULL))
    {
      /* the step shown is reported as if just done */
      maze_history_step (self->history, &self->last_step);
      self->has_last_step = TRUE;
    }
  announce_moved (self, &before);

  return FALSE;
}

static gboolean
resume_idle_cb (gpointer data)
{
  BitmazeSession *self = data;

  /* Anything done to the maze meanwhile makes the replay pointless. */
  if (self->maze_serial != self->resume_serial || self->history != NULL
      || self->quick != NULL || self->modified)
    {
      self->resume_id = 0;
      cancel_resume (self);
      return G_SOURCE_REMOVE;
    }

  if (resume_slice (self))
    return G_SOURCE_CONTINUE;

  self->resume_id = 0;
  return G_SOURCE_REMOVE;
}

/* Does any cell have an opening in the outer wall?  A build in progress
 * has none: the endpoints are placed at its end. */
static gboolean
has_openings (const Maze *maze)
{
  const guint16 *cells = maze_cells_const (maze);
  guint32 n = maze_n_cells (maze);

  for (guint32 i = 0; i < n; i++)
    if (maze_cell_passages (cells[i]) & maze_cell_border (cells[i]))
      return TRUE;
  return FALSE;
}

static void
resume_saved (BitmazeSession *self,
              gboolean        build)
{
  const guint16 *saved = maze_cells_const (self->maze);
  const guint16 *cells;
  guint32 n_cells = maze_n_cells (self->maze);
  MazeError error;

  cancel_resume (self);
  self->resume_maze = maze_copy (self->maze, &error);
  if (self->resume_maze == NULL)
    return;
  if (build)
    self->resume_history = maze_history_new_generator (self->resume_maze, self->generator, self->seed,
                                                       self->loops, TRUE, self->placement, TRUE, &error);
  else
    self->resume_history = maze_history_new_solver (self->resume_maze, self->solver, &error);
  if (self->resume_history == NULL)
    {
      cancel_resume (self);
      return;
    }

  self->resume_builds = build;
  cells = maze_cells_const (self->resume_maze);
  self->resume_differ = 0;
  for (guint32 i = 0; i < n_cells; i++)
    self->resume_differ += cells[i] != saved[i];
  self->resume_us = 0;
  self->resume_serial = self->maze_serial;

  /* Small ones come back at once, big ones in the background. */
  if (resume_slice (self))
    self->resume_id = g_idle_add (resume_idle_cb, self);
}

/* ------------------------------------------------------------------ */
/* The recipe                                                          */
/* ------------------------------------------------------------------ */

static void
set_generator (BitmazeSession *self,
               const char     *name)
{
  MazeError error;

  if (name == NULL || g_strcmp0 (name, self->generator) == 0)
    return;
  if (!maze_generator_name_valid (name, &error))
    {
      g_warning ("%s", error.message);
      return;
    }
  g_free (self->generator);
  self->generator = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GENERATOR]);
}

static void
set_solver (BitmazeSession *self,
            const char     *name)
{
  MazeError error;

  if (name == NULL || g_strcmp0 (name, self->solver) == 0)
    return;
  if (!maze_solver_name_valid (name, &error))
    {
      g_warning ("%s", error.message);
      return;
    }
  g_free (self->solver);
  self->solver = g_strdup (name);

  /* A search of another algorithm means nothing for this one. */
  if (self->maze != NULL && self->quick == NULL && !self->history_builds
      && (self->history != NULL || self->has_search))
    bitmaze_session_reset (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVER]);
}

/* Takes the recipe a file was made with, where it says, without
 * clearing the search the file holds; and its shape, so that the next
 * maze has it too. */
static void
take_recipe (BitmazeSession *self,
             const Maze     *maze,
             const char     *path)
{
  g_autofree char *shape = bitmaze_shape_spec_of_maze (maze, path);
  const char *value;
  guint64 number;

  value = maze_meta_get (maze, "generator");
  if (value != NULL && maze_generator_name_valid (value, NULL))
    set_generator (self, value);
  value = maze_meta_get (maze, "seed");
  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &number, NULL))
    bitmaze_session_set_seed (self, number);
  /* A generator writes its loops only when there are some. */
  value = maze_meta_get (maze, "loops");
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, 100, &number, NULL))
    number = 0;
  if (maze_meta_get (maze, "generator") != NULL)
    g_object_set (self, "loops", (guint) number, NULL);
  value = maze_meta_get (maze, "solver");
  if (value != NULL && maze_solver_name_valid (value, NULL))
    set_solver (self, value);
  bitmaze_session_set_size (self, maze_width (maze), maze_height (maze));
  g_object_set (self, "shape", shape, NULL);
}

/* ------------------------------------------------------------------ */
/* The next maze's memory                                              */
/* ------------------------------------------------------------------ */

/* A new maze is an array the system must find, map and zero page by page
 * before the first cell is written; for a big maze that is most of what
 * a click on Generate costs.  So when the size or shape is set, and
 * after each Generate (Space makes one after another), a worker thread
 * makes the next maze of that recipe and writes all of its cells once
 * (while nothing runs: see prepare_spare_idle ());
 * Generate takes it when the recipe still matches, and otherwise makes
 * its own as before.  It costs one maze's memory while it waits. */

/* What a maze is made of before its generator runs */
struct _SpareRecipe
{
  char  *shape;
  guint  width;
  guint  height;
};

static SpareRecipe *
spare_recipe_new (BitmazeSession *self)
{
  SpareRecipe *recipe = g_new0 (SpareRecipe, 1);

  recipe->shape = g_strdup (self->shape);
  recipe->width = self->width;
  recipe->height = self->height;
  return recipe;
}

static void
spare_recipe_free (SpareRecipe *recipe)
{
  g_free (recipe->shape);
  g_free (recipe);
}

/* Is the spare (or the one being made) of the current recipe? */
static gboolean
spare_matches (BitmazeSession *self)
{
  return self->spare_for != NULL
         && self->spare_for->width == self->width && self->spare_for->height == self->height
         && g_strcmp0 (self->spare_for->shape, self->shape) == 0;
}

static void
drop_spare (BitmazeSession *self)
{
  gboolean was_ready = self->spare != NULL;

  g_clear_pointer (&self->spare, maze_free);
  if (self->spare_job != NULL)
    g_cancellable_cancel (self->spare_job);
  g_clear_object (&self->spare_job);
  g_clear_pointer (&self->spare_for, spare_recipe_free);
  if (was_ready)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
}

static void
make_spare_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  SpareRecipe *recipe = task_data;
  GError *error = NULL;
  Maze *maze;

  if (g_task_return_error_if_cancelled (task))
    return;
  maze = bitmaze_shape_new_maze (recipe->shape, recipe->width, recipe->height, &error);
  if (maze == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* Every cell written once: every page is mapped here, not on the
   * main thread.  The cells stay those of a new maze. */
  maze_clear (maze);
  g_task_return_pointer (task, maze, (GDestroyNotify) maze_free);
}

static void
make_spare_done (GObject      *source_object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  BitmazeSession *self = BITMAZE_SESSION (source_object);
  GCancellable *job = g_task_get_cancellable (G_TASK (result));
  Maze *maze = g_task_propagate_pointer (G_TASK (result), NULL);

  /* A job that was dropped (the recipe changed) keeps nothing; one that
   * failed (no memory) leaves Generate to say so. */
  if (job != self->spare_job || maze == NULL)
    {
      maze_free (maze);
      return;
    }
  g_clear_object (&self->spare_job);
  self->spare = maze;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
}

static gboolean
prepare_spare_idle (gpointer data)
{
  BitmazeSession *self = data;
  g_autoptr (GTask) task = NULL;

  self->spare_idle_id = 0;
  if ((self->spare != NULL || self->spare_job != NULL) && spare_matches (self))
    return G_SOURCE_REMOVE;
  /* Not while a build or Run takes the frames: the worker's page faults
   * would slow the main thread's own allocations down (both need the
   * process's memory map).  The end of the run asks again. */
  if (self->running)
    return G_SOURCE_REMOVE;
  drop_spare (self);
  if (!bitmaze_session_prepares (self->width, self->height, self->shape))
    return G_SOURCE_REMOVE;

  self->spare_for = spare_recipe_new (self);
  self->spare_job = g_cancellable_new ();
  task = g_task_new (self, self->spare_job, make_spare_done, NULL);
  g_task_set_source_tag (task, prepare_spare_idle);
  /* the worker's own copy: the session's goes with the next recipe */
  g_task_set_task_data (task, spare_recipe_new (self), (GDestroyNotify) spare_recipe_free);
  g_task_run_in_thread (task, make_spare_thread);
  return G_SOURCE_REMOVE;
}

/* Has the next maze made ready once the main loop is idle: the size is
 * often set one side at a time. */
static void
prepare_spare (BitmazeSession *self)
{
  if (self->spare_idle_id == 0)
    self->spare_idle_id = g_idle_add_full (G_PRIORITY_LOW, prepare_spare_idle, self, NULL);
}

/* The spare, when it is of the current recipe; NULL otherwise. */
static Maze *
take_spare (BitmazeSession *self)
{
  Maze *maze;

  if (self->spare == NULL || !spare_matches (self))
    return NULL;
  maze = g_steal_pointer (&self->spare);
  g_clear_pointer (&self->spare_for, spare_recipe_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
  return maze;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_session_dispose (GObject *object)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  cancel_resume (self);
  g_clear_handle_id (&self->spare_idle_id, g_source_remove);
  drop_spare (self);
  self->running = FALSE;
  if (self->ask_destroy != NULL)
    self->ask_destroy (self->ask_data);
  self->ask_func = NULL;
  self->ask_data = NULL;
  self->ask_destroy = NULL;

  G_OBJECT_CLASS (bitmaze_session_parent_class)->dispose (object);
}

static void
bitmaze_session_finalize (GObject *object)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  drop_stepper (self);
  g_clear_pointer (&self->maze, maze_free);
  g_clear_object (&self->file);
  g_clear_pointer (&self->generator, g_free);
  g_clear_pointer (&self->shape, g_free);
  g_clear_pointer (&self->solver, g_free);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->steps, g_free);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (bitmaze_session_parent_class)->finalize (object);
}

static void
bitmaze_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  switch (prop_id)
    {
    case PROP_MAZE:
      g_value_set_pointer (value, self->maze);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_GENERATOR:
      g_value_set_string (value, self->generator);
      break;
    case PROP_SHAPE:
      g_value_set_string (value, self->shape != NULL ? self->shape : "");
      break;
    case PROP_SOLVER:
      g_value_set_string (value, self->solver);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_WIDTH:
      g_value_set_uint (value, self->width);
      break;
    case PROP_HEIGHT:
      g_value_set_uint (value, self->height);
      break;
    case PROP_LOOPS:
      g_value_set_uint (value, self->loops);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_PLACEMENT:
      g_value_set_string (value, maze_placement_name (self->placement));
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_FIRST:
      g_value_set_uint64 (value, bitmaze_session_get_first (self));
      break;
    case PROP_POSITION:
      g_value_set_uint64 (value, bitmaze_session_get_position (self));
      break;
    case PROP_LENGTH:
      g_value_set_uint64 (value, bitmaze_session_get_length (self));
      break;
    case PROP_PREPARED:
      g_value_set_boolean (value, bitmaze_session_get_prepared (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, bitmaze_session_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, bitmaze_session_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Sets a guint field and notifies when it changed. */
static void
set_uint (BitmazeSession *self,
          guint          *field,
          guint           value,
          guint           prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
bitmaze_session_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  switch (prop_id)
    {
    case PROP_GENERATOR:
      set_generator (self, g_value_get_string (value));
      break;
    case PROP_SHAPE:
      if (g_strcmp0 (g_value_get_string (value), self->shape) != 0)
        {
          g_free (self->shape);
          self->shape = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
          prepare_spare (self);
        }
      break;
    case PROP_SOLVER:
      set_solver (self, g_value_get_string (value));
      break;
    case PROP_SEED:
      bitmaze_session_set_seed (self, g_value_get_uint64 (value));
      break;
    case PROP_WIDTH:
      set_uint (self, &self->width, g_value_get_uint (value), PROP_WIDTH);
      prepare_spare (self);
      break;
    case PROP_HEIGHT:
      set_uint (self, &self->height, g_value_get_uint (value), PROP_HEIGHT);
      prepare_spare (self);
      break;
    case PROP_LOOPS:
      set_uint (self, &self->loops, g_value_get_uint (value), PROP_LOOPS);
      break;
    case PROP_ANIMATE:
      if (self->animate != g_value_get_boolean (value))
        {
          self->animate = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PLACEMENT:
      {
        int placement = maze_placement_from_name (g_value_get_string (value));

        if (placement >= 0 && (MazePlacement) placement != self->placement)
          {
            self->placement = (MazePlacement) placement;
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_SPEED:
      if (self->speed != g_value_get_double (value))
        {
          self->speed = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_RUNNING:
      bitmaze_session_set_running (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_session_class_init (BitmazeSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = bitmaze_session_dispose;
  object_class->finalize = bitmaze_session_finalize;
  object_class->get_property = bitmaze_session_get_property;
  object_class->set_property = bitmaze_session_set_property;

  /**
   * BitmazeSession:maze:
   *
   * The Maze shown (a pointer owned by the session); notified when New or
   * Open replaces it, or a saved search comes back on a copy.
   */
  properties[PROP_MAZE] = g_param_spec_pointer ("maze", NULL, NULL, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  /**
   * BitmazeSession:generator:
   *
   * The engine name of the generator of the next maze, with its parameter.
   */
  properties[PROP_GENERATOR] =
    g_param_spec_string ("generator", NULL, NULL,
                         maze_algorithm_default (maze_generators)->name, rw);
  /**
   * BitmazeSession:solver:
   *
   * The engine name of the search algorithm; changing it clears a search.
   */
  /**
   * BitmazeSession:shape:
   *
   * The shape of the next maze, a spec of bitmaze-shape.h: "" for a
   * rectangle, "heart", "text:BITS", "mask:/path/to/file.png".
   */
  properties[PROP_SHAPE] = g_param_spec_string ("shape", NULL, NULL, "", rw);
  properties[PROP_SOLVER] = g_param_spec_string ("solver", NULL, NULL,
                                                 maze_algorithm_default (maze_solvers)->name, rw);
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0, rw);
  properties[PROP_WIDTH] = g_param_spec_uint ("width", NULL, NULL, 1, MAZE_MAX_SIDE, 40, rw);
  properties[PROP_HEIGHT] = g_param_spec_uint ("height", NULL, NULL, 1, MAZE_MAX_SIDE, 25, rw);
  properties[PROP_LOOPS] = g_param_spec_uint ("loops", NULL, NULL, 0, 100, 0, rw);
  /**
   * BitmazeSession:animate:
   *
   * Whether a new maze is built step by step (with Step, Run and Step
   * Back) rather than at once.
   */
  properties[PROP_ANIMATE] = g_param_spec_boolean ("animate", NULL, NULL, FALSE, rw);
  /**
   * BitmazeSession:placement:
   *
   * Where a new maze's start and goal go: "corners", "rows" or "far".
   */
  properties[PROP_PLACEMENT] = g_param_spec_string ("placement", NULL, NULL, "corners", rw);
  /**
   * BitmazeSession:speed:
   *
   * The speed of Run, log10 (steps a second); BITMAZE_SPEED_MAX is "as
   * fast as possible".
   */
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0, BITMAZE_SPEED_MAX, 1.5, rw);
  properties[PROP_PHASE] = g_param_spec_enum ("phase", NULL, NULL, BITMAZE_TYPE_PHASE,
                                              BITMAZE_PHASE_READY, ro);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, rw);
  /**
   * BitmazeSession:position:
   *
   * The step of the build or search shown; :first and :length bound it.
   */
  properties[PROP_FIRST] = g_param_spec_uint64 ("first", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_POSITION] = g_param_spec_uint64 ("position", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_LENGTH] = g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  /**
   * BitmazeSession:prepared:
   *
   * Whether the memory of the next Generate's maze (of the current size
   * and shape) is ready, made on a worker thread, so that Generate
   * starts at once.  Only big mazes have one.
   */
  properties[PROP_PREPARED] = g_param_spec_boolean ("prepared", NULL, NULL, FALSE, ro);
  /**
   * BitmazeSession:can-undo:
   *
   * Whether there is an edit of this maze (a wall, a bit, the start or
   * the goal) to undo.
   */
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  /**
   * BitmazeSession:can-redo:
   *
   * Whether there is an undone edit to make again.
   */
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BitmazeSession::cells-changed:
   * @cells: (type gpointer): the cell indices (guint32), valid during the emission
   * @n_cells: how many (a cell may come more than once)
   *
   * The words of these cells changed (search bits, or passages while
   * building).
   */
  signals[CELLS_CHANGED] =
    g_signal_new ("cells-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  /**
   * BitmazeSession::maze-changed:
   *
   * Any word may have changed, or the start or the goal moved: a view
   * draws the whole maze again.
   */
  signals[MAZE_CHANGED] =
    g_signal_new ("maze-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * BitmazeSession::moved:
   *
   * The step shown changed (a step, a frame of Run, a step back, a jump,
   * Reset, a new stepper): its report, the frontier, the counters and the
   * phase may differ.  Once an operation, after the cells and properties.
   */
  signals[MOVED] =
    g_signal_new ("moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * BitmazeSession::step-done:
   * @step: (type gpointer): the MazeStep report, valid during the emission
   *
   * Emitted after each single step forward (bitmaze_session_step()).
   */
  signals[STEP_DONE] =
    g_signal_new ("step-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazeSession::steps-done:
   * @steps: (type gpointer): MazeStep reports, oldest first, valid during the emission
   * @n_steps: how many
   *
   * Emitted once or twice a frame while Run steps, with the newest
   * reports of that frame (at most BITMAZE_SESSION_STEPS_MAX); only
   * collected while somebody listens.
   */
  signals[STEPS_DONE] =
    g_signal_new ("steps-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  /**
   * BitmazeSession::history-moved:
   * @steps: (type gpointer): MazeStep reports, oldest first, valid during the emission
   * @n_steps: how many
   *
   * The position went back or jumped: @steps are the newest steps up to
   * the step now shown (at most BITMAZE_SESSION_STEPS_MAX; none at the
   * first step), what a log of the steps should now hold.  Emitted once or
   * twice, then ::moved.
   */
  signals[HISTORY_MOVED] =
    g_signal_new ("history-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  /**
   * BitmazeSession::edited:
   * @step: (type gpointer): the engine's MazeStep report of the change
   *
   * The user changed words by hand: a bit flipped, or a move of the walk
   * in Play mode.  A step about no cell (@step's cell is G_MAXUINT32)
   * changed every cell: its one change, with index G_MAXUINT32, says
   * the statement (clearing the search bits before an edit, Reset or
   * Play mode).
   */
  signals[EDITED] =
    g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazeSession::message:
   * @message: a sentence in the user's language
   *
   * Something went wrong that the user should read (an engine error
   * while stepping or placing the endpoints).
   */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * BitmazeSession::question:
   * @step: (type gpointer) (nullable): the step held back, or NULL when
   *   the question was withdrawn
   *
   * See bitmaze_session_ask().
   */
  signals[QUESTION] =
    g_signal_new ("question", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazeSession::revealed:
   * @step: (type gpointer): the step that was the question, about to be done
   */
  signals[REVEALED] =
    g_signal_new ("revealed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
bitmaze_session_init (BitmazeSession *self)
{
  self->generator = g_strdup (maze_algorithm_default (maze_generators)->name);
  self->solver = g_strdup (maze_algorithm_default (maze_solvers)->name);
  self->width = 40;
  self->height = 25;
  self->placement = MAZE_PLACE_CORNERS;
  self->speed = 1.5;
  self->phase = BITMAZE_PHASE_READY;
  self->changed = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->steps = g_new (MazeStep, BITMAZE_SESSION_STEPS_MAX);
  self->undo = g_array_new (FALSE, FALSE, sizeof (Edit));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Edit));
}

/* ------------------------------------------------------------------ */
/* Public API: the document                                            */
/* ------------------------------------------------------------------ */

BitmazeSession *
bitmaze_session_new (void)
{
  return g_object_new (BITMAZE_TYPE_SESSION, NULL);
}

Maze *
bitmaze_session_get_maze (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->maze;
}

GFile *
bitmaze_session_get_file (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->file;
}

gboolean
bitmaze_session_get_modified (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->modified;
}

gboolean
bitmaze_session_is_pristine (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->file == NULL && !self->modified && !self->has_search;
}

gboolean
bitmaze_session_generate (BitmazeSession  *self,
                          GError         **error)
{
  MazeGenerator *quick = NULL;
  MazeHistory *history = NULL;
  MazeError merror;
  Shown before;
  Maze *maze;
  gint64 began = g_get_monotonic_time ();

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  maze = take_spare (self);
  if (maze == NULL)
    maze = bitmaze_shape_new_maze (self->shape, self->width, self->height, error);
  if (maze == NULL)
    return FALSE;

  if (self->animate)
    history = maze_history_new_generator (maze, self->generator, self->seed, self->loops,
                                          TRUE, self->placement, TRUE, &merror);
  else
    quick = maze_generator_new (maze, self->generator, self->seed, self->loops, &merror);
  if (history == NULL && quick == NULL)
    {
      maze_free (maze);
      return maze_error_to_gerror (&merror, error);
    }

  withdraw_question (self);
  remember_shown (self, &before);
  bitmaze_session_set_running (self, FALSE);
  cancel_resume (self);
  drop_stepper (self);
  self->history = history;
  self->history_builds = history != NULL;
  self->quick = quick;
  self->quick_slice = QUICK_SLICE;
  self->has_search = FALSE;
  replace_maze (self, maze);
  set_file (self, NULL);
  set_modified (self, FALSE);

  if (quick != NULL)
    {
      /* Small mazes are done within the first slice; big ones go on in
       * slices on the frame clock, so a window never freezes. */
      gint64 start = g_get_monotonic_time ();

      advance_quick (self, start, FIRST_SLICE_US);
      self->engine_us += g_get_monotonic_time () - start;
    }
  announce_moved (self, &before);

  /* The rest of a big build, and an animated one, runs on the clock; the
   * next frame's share is smaller by what was done here. */
  if (self->quick != NULL || history != NULL)
    {
      bitmaze_session_set_running (self, TRUE);
      self->unframed_us = g_get_monotonic_time () - began;
    }
  /* Space for another one is likely: made once the build is done */
  prepare_spare (self);

  return TRUE;
}

gboolean
bitmaze_session_new_maze (BitmazeSession  *self,
                          GError         **error)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  bitmaze_session_set_seed (self, maze_random_seed ());
  return bitmaze_session_generate (self, error);
}

gboolean
bitmaze_session_load (BitmazeSession  *self,
                      GFile           *file,
                      GError         **error)
{
  g_autofree char *path = NULL;
  MazeError merror;
  gboolean resume_search, resume_build;
  const char *solver;
  Shown before;
  Maze *maze;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be opened"));
      return FALSE;
    }

  maze = maze_load_file (path, &merror);
  if (maze == NULL)
    return maze_error_to_gerror (&merror, error);

  withdraw_question (self);
  remember_shown (self, &before);
  bitmaze_session_set_running (self, FALSE);
  cancel_resume (self);
  drop_stepper (self);
  self->has_search = FALSE;
  replace_maze (self, maze);
  set_file (self, file);
  set_modified (self, FALSE);

  /* Show the recipe the file was made with (selecting its solver must
   * not clear the search the file holds: has_search is still FALSE). */
  take_recipe (self, maze, path);
  self->has_search = maze_has_search (maze);

  solver = maze_meta_get (maze, "solver");
  resume_search = self->has_search && solver != NULL && g_strcmp0 (solver, self->solver) == 0;
  resume_build = !self->has_search && maze_meta_get (maze, "generator") != NULL
                 && maze_meta_get (maze, "seed") != NULL && !has_openings (maze);

  announce_moved (self, &before);

  /* A file of a generator whose seeds now give other mazes: its build
   * cannot be replayed, and its seed shown makes another maze: say so. */
  if (maze_generator_check_stream (maze, &merror) != MAZE_OK)
    {
      resume_build = FALSE;
      emit_message (self, &merror);
    }

  /* Last: the work may come back on a copy that replaces @maze. */
  if (resume_search || resume_build)
    resume_saved (self, resume_build);

  return TRUE;
}

gboolean
bitmaze_session_save (BitmazeSession  *self,
                      GFile           *file,
                      GError         **error)
{
  g_autofree char *path = NULL;
  gboolean search;
  MazeError merror;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->maze == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no maze to save"));
      return FALSE;
    }

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be saved"));
      return FALSE;
    }

  /* The solver's name tells a reader what the search bits in the file
   * are; a build in progress has none, and its generator's name stays. */
  search = self->has_search && !self->history_builds && self->quick == NULL;
  if (maze_meta_set (self->maze, "solver", search ? self->solver : NULL, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  if (maze_save_file (self->maze, path, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  set_file (self, file);
  set_modified (self, FALSE);
  self->saved_depth = self->undo->len;

  return TRUE;
}

gboolean
bitmaze_session_export (BitmazeSession  *self,
                        GFile           *file,
                        gboolean         show_search,
                        gboolean         show_solution,
                        GError         **error)
{
  g_autofree char *path = NULL;
  RenderOptions options;
  MazeError merror;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be written"));
      return FALSE;
    }

  if (render_format_from_path (path) < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The file name must end in .png, .svg or .pdf"));
      return FALSE;
    }

  render_options_init (&options);
  options.show_search = show_search;
  options.show_solution = show_solution;

  /* Big mazes get smaller cells, so a 2000x2000 export is a picture of a
   * few megabytes made in a moment, not one of gigabytes. */
  render_auto_size (self->maze, &options);

  if (render_to_file (self->maze, &options, path, NULL, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Public API: the recipe                                              */
/* ------------------------------------------------------------------ */

guint64
bitmaze_session_get_seed (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return self->seed;
}

void
bitmaze_session_set_seed (BitmazeSession *self,
                          guint64         seed)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  if (self->seed == seed)
    return;
  self->seed = seed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
}

void
bitmaze_session_set_size (BitmazeSession *self,
                          guint           width,
                          guint           height)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  g_object_set (self, "width", width, "height", height, NULL);
}

const char *
bitmaze_session_get_generator (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->generator;
}

const char *
bitmaze_session_get_solver (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->solver;
}

const char *
bitmaze_session_get_algorithm (BitmazeSession *self)
{
  const char *value;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  /* The build in progress was made with the generator the maze names. */
  if ((self->quick != NULL || self->history_builds) && self->maze != NULL
      && (value = maze_meta_get (self->maze, "generator")) != NULL)
    return value;
  return self->quick != NULL || self->history_builds ? self->generator : self->solver;
}

/* ------------------------------------------------------------------ */
/* Public API: stepping                                                */
/* ------------------------------------------------------------------ */

BitmazePhase
bitmaze_session_get_phase (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), BITMAZE_PHASE_READY);

  return self->phase;
}

gboolean
bitmaze_session_get_running (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->running;
}

gboolean
bitmaze_session_can_step (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->maze != NULL && !self->running
         && self->phase != BITMAZE_PHASE_SOLVED && self->phase != BITMAZE_PHASE_NO_PATH;
}

/* One step, or with @may_ask in predict mode, the step held back as a
 * question when the ask function wants it. */
static gboolean
step_or_ask (BitmazeSession *self,
             gboolean        may_ask)
{
  gint64 start;
  gboolean stepped;
  Shown before;

  if (!bitmaze_session_can_step (self))
    return FALSE;

  if (may_ask && self->ask_func != NULL && self->quick == NULL)
    {
      MazeStep next;

      /* The question held is answered by bitmaze_session_reveal(). */
      if (self->has_question)
        return FALSE;
      /* A search starts before its first step, so that step can be
       * asked about too. */
      if (self->history == NULL || (self->history_builds && maze_history_finished (self->history)))
        {
          remember_shown (self, &before);
          if (!start_search (self))
            return FALSE;
          announce_moved (self, &before);
        }
      if (asks_next (self, &next))
        {
          hold_question (self, &next);
          return FALSE;
        }
    }

  withdraw_question (self);
  remember_shown (self, &before);
  start = g_get_monotonic_time ();
  if (self->quick != NULL)
    {
      /* A build without history, paused: one step of it, unreported. */
      stepped = advance (self, NULL);
    }
  else
    {
      stepped = advance (self, &self->last_step);
      self->has_last_step = self->has_last_step || stepped;
    }
  self->engine_us += g_get_monotonic_time () - start;

  if (stepped && self->has_last_step)
    emit_step_cells (self, &self->last_step);
  announce_moved (self, &before);
  if (stepped && self->has_last_step)
    g_signal_emit (self, signals[STEP_DONE], 0, &self->last_step);

  return stepped;
}

gboolean
bitmaze_session_step (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return step_or_ask (self, TRUE);
}

/* Moves the history to @position and tells everybody what changed. */
static gboolean
jump (BitmazeSession *self,
      guint64         position)
{
  guint32 start, goal;
  size_t n = 0;
  MazeError error;
  Shown before;

  if (self->history == NULL || self->running)
    return FALSE;
  position = CLAMP (position, maze_history_first (self->history), maze_history_length (self->history));
  if (position == maze_history_position (self->history))
    return FALSE;

  withdraw_question (self);
  remember_shown (self, &before);
  start = maze_start (self->maze);
  goal = maze_goal (self->maze);
  g_array_set_size (self->changed, JUMP_CELLS_MAX);
  g_array_set_size (self->changed,
                    MIN (JUMP_CELLS_MAX + 1,
                         maze_history_changed_cells (self->history, maze_history_position (self->history),
                                                     position, (guint32 *) (gpointer) self->changed->data,
                                                     JUMP_CELLS_MAX)));

  if (maze_history_seek (self->history, position, self->steps, BITMAZE_SESSION_STEPS_MAX,
                         &n, &error) != MAZE_OK)
    {
      emit_message (self, &error);
      return FALSE;
    }

  self->has_last_step = n > 0;
  if (n > 0)
    self->last_step = self->steps[n - 1];

  if (self->changed->len > JUMP_CELLS_MAX || start != maze_start (self->maze) || goal != maze_goal (self->maze))
    g_signal_emit (self, signals[MAZE_CHANGED], 0);
  else
    emit_cells (self, (const guint32 *) (gpointer) self->changed->data, self->changed->len);
  g_signal_emit (self, signals[HISTORY_MOVED], 0, self->steps, (guint) n);
  announce_moved (self, &before);

  return TRUE;
}

gboolean
bitmaze_session_step_back (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  if (self->history == NULL)
    return FALSE;
  return jump (self, maze_history_position (self->history) - (maze_history_position (self->history) > 0));
}

guint
bitmaze_session_get_recent_steps (BitmazeSession *self,
                                  MazeStep       *out,
                                  guint           max)
{
  size_t n = 0;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  if (self->history == NULL || max == 0 || maze_history_position (self->history) == 0)
    return 0;
  /* a seek to where it is changes nothing, and hands the steps over */
  if (maze_history_seek (self->history, maze_history_position (self->history), out, max,
                         &n, NULL) != MAZE_OK)
    return 0;
  return (guint) n;
}

gboolean
bitmaze_session_seek (BitmazeSession *self,
                      guint64         position)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return jump (self, position);
}

guint64
bitmaze_session_get_first (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return self->history != NULL ? maze_history_first (self->history) : 0;
}

guint64
bitmaze_session_get_position (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return history_position (self);
}

guint64
bitmaze_session_get_length (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return self->history != NULL ? maze_history_length (self->history) : 0;
}

gboolean
bitmaze_session_prepares (guint       width,
                          guint       height,
                          const char *shape)
{
  guint64 cells = (guint64) width * height;

  /* big enough to cost a frame, small enough to keep two of, and not a
   * mask file, which may change or go before the click */
  return cells >= SPARE_MIN_CELLS && cells <= SPARE_MAX_CELLS
         && !bitmaze_shape_is_mask (shape);
}

gboolean
bitmaze_session_get_prepared (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->spare != NULL && spare_matches (self);
}

gboolean
bitmaze_session_can_reset (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->maze != NULL && (self->quick != NULL || self->history != NULL || self->has_search);
}

/* Clears the search bits of every cell, as an operation of its own in
 * the log ("edited" with a step about no cell, see bitmaze-session.h). */
static gboolean
clear_search_logged (BitmazeSession *self)
{
  MazeStep step = { .kind = MAZE_STEP_NONE, .cell = UINT32_MAX, .other = UINT32_MAX };

  if (!maze_has_search (self->maze))
    {
      self->has_search = FALSE;
      return FALSE;
    }
  maze_reset_search (self->maze);
  self->has_search = FALSE;
  step.n_changes = 1;
  step.changes[0].index = UINT32_MAX;
  step.changes[0].before = MAZE_SEARCH_MASK;
  step.changes[0].after = 0;
  g_snprintf (step.changes[0].expr, sizeof step.changes[0].expr,
              "for (i = 0; i < %u; i++) maze[i] &= 0x%04X", maze_n_cells (self->maze),
              (guint) (0xFFFFu & ~MAZE_SEARCH_MASK));
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  g_signal_emit (self, signals[EDITED], 0, &step);
  return TRUE;
}

void
bitmaze_session_reset (BitmazeSession *self)
{
  gboolean had_search;
  Shown before;

  g_return_if_fail (BITMAZE_IS_SESSION (self));

  if (self->maze == NULL)
    return;

  withdraw_question (self);
  remember_shown (self, &before);
  bitmaze_session_set_running (self, FALSE);

  if (self->quick != NULL || (self->history_builds && !maze_history_finished (self->history)))
    {
      /* Building: start the same maze over from an empty grid, with the
       * recipe the maze was made with. */
      g_autofree char *name = g_strdup (bitmaze_session_get_algorithm (self));
      const char *value = maze_meta_get (self->maze, "seed");
      guint64 seed = self->seed, loops = 0;
      MazeHistory *history;
      MazeError error;

      if (value != NULL)
        g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seed, NULL);
      value = maze_meta_get (self->maze, "loops");
      if (value != NULL)
        g_ascii_string_to_unsigned (value, 10, 0, 100, &loops, NULL);
      g_clear_pointer (&self->history, maze_history_free);
      g_clear_pointer (&self->quick, maze_generator_free);
      history = maze_history_new_generator (self->maze, name, seed, (unsigned) loops,
                                            TRUE, self->placement, TRUE, &error);
      if (history == NULL)
        {
          emit_message (self, &error);
          return;
        }
      drop_stepper (self);
      self->history = history;
      self->history_builds = TRUE;
      g_signal_emit (self, signals[MAZE_CHANGED], 0);
      announce_moved (self, &before);
      return;
    }

  had_search = self->has_search;
  drop_stepper (self);
  if (!clear_search_logged (self) && had_search)
    g_signal_emit (self, signals[MAZE_CHANGED], 0);
  announce_moved (self, &before);
}

const MazeStep *
bitmaze_session_get_last_step (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->has_last_step ? &self->last_step : NULL;
}

gsize
bitmaze_session_get_frontier (BitmazeSession *self,
                              guint32        *out,
                              gsize           max)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  /* A build without history is not shown step by step: no frontier. */
  if (self->quick != NULL || self->history == NULL || maze_history_finished (self->history))
    return 0;
  if (self->history_builds)
    return maze_generator_frontier (maze_history_generator (self->history), out, max);
  return maze_solver_frontier (maze_history_solver (self->history), out, max);
}

gint64
bitmaze_session_get_next_cell (BitmazeSession *self)
{
  guint32 cell;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), -1);

  return bitmaze_session_get_frontier (self, &cell, 1) > 0 ? (gint64) cell : -1;
}

void
bitmaze_session_get_stats (BitmazeSession *self,
                           MazeSolveStats *stats)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  memset (stats, 0, sizeof *stats);
  if (self->quick != NULL)
    stats->steps = maze_generator_steps (self->quick);
  else if (self->history != NULL && self->history_builds)
    {
      stats->steps = maze_history_position (self->history);
      stats->finished = maze_history_finished (self->history);
    }
  else if (self->history != NULL)
    maze_solver_stats (maze_history_solver (self->history), stats);
}

gint64
bitmaze_session_get_engine_time (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return self->engine_us;
}

gint64
bitmaze_session_take_max_frame_work (BitmazeSession *self)
{
  gint64 work;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  work = self->max_frame_work;
  self->max_frame_work = 0;
  return work;
}

gboolean
bitmaze_session_peek_step (BitmazeSession *self,
                           MazeStep       *next)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (next != NULL, FALSE);

  if (self->history == NULL || self->running)
    return FALSE;
  return maze_history_peek (self->history, next);
}

gboolean
bitmaze_session_ask (BitmazeSession *self)
{
  MazeStep next;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  withdraw_question (self);
  if (!bitmaze_session_peek_step (self, &next))
    return FALSE;
  hold_question (self, &next);
  return TRUE;
}

const MazeStep *
bitmaze_session_get_question (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->has_question ? &self->question : NULL;
}

gboolean
bitmaze_session_reveal (BitmazeSession *self)
{
  MazeStep question;
  gboolean resume, stepped;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  if (!self->has_question)
    return FALSE;
  question = self->question;
  resume = self->question_stopped_run;
  self->has_question = FALSE;
  self->question_stopped_run = FALSE;
  g_signal_emit (self, signals[REVEALED], 0, &question);
  stepped = step_or_ask (self, FALSE);
  /* Run stopped for the question: it goes on to the next one.  Else
   * the next step, when it is asked about too, is held back at once. */
  if (resume && stepped && self->history != NULL && !maze_history_finished (self->history))
    bitmaze_session_set_running (self, TRUE);
  else if (stepped && self->ask_func != NULL && !self->running)
    {
      MazeStep next;

      if (asks_next (self, &next))
        hold_question (self, &next);
    }
  return stepped;
}

void
bitmaze_session_set_ask_func (BitmazeSession        *self,
                              guint64                every,
                              BitmazeSessionAskFunc  func,
                              gpointer               user_data,
                              GDestroyNotify         destroy)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  withdraw_question (self);
  if (self->ask_destroy != NULL)
    self->ask_destroy (self->ask_data);
  self->ask_func = func;
  self->ask_data = user_data;
  self->ask_destroy = destroy;
  self->ask_every = MAX (every, 1);
}

/* ------------------------------------------------------------------ */
/* Public API: edits                                                   */
/* ------------------------------------------------------------------ */

/* Before the user changes the maze by hand: a build cannot take it, a
 * search cannot go on over it (its bits stay). */
static gboolean
begin_edit (BitmazeSession  *self,
            guint            index,
            GError         **error)
{
  if (self->maze == NULL || index >= maze_n_cells (self->maze))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("There is no such cell"));
      return FALSE;
    }
  if (self->phase == BITMAZE_PHASE_BUILDING)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The maze is still being built"));
      return FALSE;
    }
  withdraw_question (self);
  bitmaze_session_set_running (self, FALSE);
  /* the search this edit ends, for its undo to bring back */
  self->edit_solver = self->history != NULL && !self->history_builds ? g_intern_string (self->solver) : NULL;
  self->edit_search_at = history_position (self);
  drop_stepper (self);
  return TRUE;
}

gboolean
bitmaze_session_toggle_bit (BitmazeSession  *self,
                            guint            index,
                            guint            bit,
                            GError         **error)
{
  MazeError merror;
  MazeStep step;
  Shown before;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  remember_shown (self, &before);
  if (!begin_edit (self, index, error))
    return FALSE;

  /* A search over walls that changed means nothing any more: it goes, as
   * its own operation, before the flip. */
  if (bit < MAZE_BORDER_SHIFT && maze_contains (self->maze, index))
    clear_search_logged (self);
  if (maze_toggle_bit (self->maze, index, bit, &step, &merror) != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, &merror);
      announce_moved (self, &before);
      return FALSE;
    }

  if (bit >= MAZE_SOLUTION_SHIFT)
    self->has_search = maze_has_search (self->maze);
  if (bit < MAZE_BORDER_SHIFT)
    g_signal_emit (self, signals[MAZE_CHANGED], 0);
  else
    emit_step_cells (self, &step);
  {
    Edit edit = { EDIT_CELLS, 0 };

    for (guint k = 0; k < step.n_changes && edit.n < 2; k++)
      if (step.changes[k].index != UINT32_MAX)
        {
          guint j = edit.n;

          /* a cell written twice (a nibble cleared, then a bit set) keeps its
           * first word before */
          for (guint m = 0; m < edit.n; m++)
            if (edit.index[m] == step.changes[k].index)
              j = m;
          if (j == edit.n)
            {
              edit.index[edit.n] = step.changes[k].index;
              edit.before[edit.n++] = step.changes[k].before;
            }
        }
    record_edit (self, &edit);
  }
  set_modified (self, TRUE);
  announce_moved (self, &before);
  g_signal_emit (self, signals[EDITED], 0, &step);

  return TRUE;
}

gboolean
bitmaze_session_set_endpoint (BitmazeSession  *self,
                              guint            index,
                              gboolean         goal,
                              GError         **error)
{
  MazeError merror;
  MazeStatus status;
  guint32 was;
  Edit edit;
  Shown before;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  remember_shown (self, &before);
  if (!begin_edit (self, index, error))
    return FALSE;

  /* Moving an end point clears the search (the engine does so too). */
  clear_search_logged (self);
  was = goal ? maze_goal (self->maze) : maze_start (self->maze);
  edit_begin (self, &edit, goal ? EDIT_GOAL : EDIT_START, was, index);
  edit.was = was;
  edit.now = index;
  status = goal ? maze_set_goal (self->maze, index, &merror)
                : maze_set_start (self->maze, index, &merror);
  self->has_search = FALSE;
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  announce_moved (self, &before);
  if (status != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  if (was != index)
    record_edit (self, &edit);
  set_modified (self, TRUE);
  return TRUE;
}

gboolean
bitmaze_session_toggle_wall (BitmazeSession  *self,
                             guint            index,
                             guint            dir,
                             GError         **error)
{
  MazeError merror;
  MazeStatus status;
  gboolean open;
  Edit edit;
  Shown before;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  remember_shown (self, &before);
  if (!begin_edit (self, index, error))
    return FALSE;

  clear_search_logged (self);
  open = maze_cell_is_open (maze_cells_const (self->maze)[index], (guint16) dir);
  edit_begin (self, &edit, EDIT_CELLS, index, maze_neighbor (self->maze, index, (uint16_t) dir));
  status = maze_set_wall_open (self->maze, index, (guint16) dir, !open, &merror);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  announce_moved (self, &before);
  if (status != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  record_edit (self, &edit);
  set_modified (self, TRUE);
  return TRUE;
}

gboolean
bitmaze_session_play_begin (BitmazeSession *self,
                            guint32        *position)
{
  Shown before;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  if (self->maze == NULL || self->phase == BITMAZE_PHASE_BUILDING)
    return FALSE;

  remember_shown (self, &before);
  withdraw_question (self);
  drop_stepper (self);
  bitmaze_session_set_running (self, FALSE);
  clear_search_logged (self);
  maze_play_begin (self->maze, position);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  announce_moved (self, &before);
  return TRUE;
}

gboolean
bitmaze_session_play_move (BitmazeSession *self,
                           guint32        *position,
                           guint           dir,
                           MazeStep       *report)
{
  MazeError error;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  if (self->maze == NULL || self->phase == BITMAZE_PHASE_BUILDING || self->history != NULL)
    return FALSE;
  if (maze_play_move (self->maze, position, (guint16) dir, report, &error) != MAZE_OK)
    return FALSE;

  emit_step_cells (self, report);
  g_signal_emit (self, signals[EDITED], 0, report);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Undo and Redo of edits                                              */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_session_can_undo (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->undo->len > 0;
}

gboolean
bitmaze_session_can_redo (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->redo->len > 0;
}

/* Does the maze still hold what @edit left (@undo) or what it found
 * (redo)? */
static gboolean
edit_holds (BitmazeSession *self,
            const Edit     *edit,
            gboolean        undo)
{
  const uint16_t *cells = maze_cells_const (self->maze);

  for (guint k = 0; k < edit->n; k++)
    {
      guint16 mask = edit->before[k] ^ edit->after[k];
      guint16 want = undo ? edit->after[k] : edit->before[k];

      if ((cells[edit->index[k]] & mask) != (want & mask))
        return FALSE;
    }
  if (edit->kind == EDIT_START)
    return maze_start (self->maze) == (undo ? edit->now : edit->was);
  if (edit->kind == EDIT_GOAL)
    return maze_goal (self->maze) == (undo ? edit->now : edit->was);
  return TRUE;
}

/* Puts back the bits @edit changed as they were before it (@undo) or
 * after it, into @report. */
static void
edit_put (BitmazeSession *self,
          const Edit     *edit,
          gboolean        undo,
          MazeStep       *report)
{
  for (guint k = 0; k < edit->n; k++)
    maze_restore_bits (self->maze, edit->index[k], edit->before[k] ^ edit->after[k],
                       undo ? edit->before[k] : edit->after[k], report, NULL);
}

/* The search an edit ended, back at step @position: the same solver run
 * again from the start on the maze as it was, each step recorded, so
 * Step Back goes on working.  Quiet steps, about ten million a second
 * (0.09 s for the whole BFS of a 1000 x 1000 maze); the last one is
 * reported, as if just done.  A search longer than RESTORE_STEPS_MAX
 * would hold the window up: it is left to Run, and the user told. */
#define RESTORE_STEPS_MAX 2000000u

static void
restore_search (BitmazeSession *self,
                guint64         position)
{
  MazeStep step;

  if (position > RESTORE_STEPS_MAX)
    {
      g_signal_emit (self, signals[MESSAGE], 0,
                     _("The search was too long to bring back at once: Run searches again"));
      return;
    }
  if (!start_search (self))
    return;
  while (maze_history_position (self->history) < position
         && maze_history_step_quiet (self->history, &step))
    ;
  if (maze_history_position (self->history) > 0 && maze_history_back (self->history, NULL))
    {
      maze_history_step (self->history, &self->last_step);
      self->has_last_step = TRUE;
    }
}

/* Undoes (@undo) or makes again @edit, which the maze holds: a search
 * in progress ends, as with any edit; a wall or an end point clears the
 * search bits first. */
static void
apply_edit (BitmazeSession *self,
            const Edit     *edit,
            gboolean        undo)
{
  MazeStep step = { .kind = MAZE_STEP_NONE, .cell = edit->index[0], .other = UINT32_MAX };
  gboolean structural = edit->kind != EDIT_CELLS;
  Shown before;

  for (guint k = 0; k < edit->n; k++)
    structural |= ((edit->before[k] ^ edit->after[k]) & MAZE_PASSAGE_MASK) != 0;

  remember_shown (self, &before);
  withdraw_question (self);
  bitmaze_session_set_running (self, FALSE);
  drop_stepper (self);
  if (structural)
    clear_search_logged (self);
  /* The bits first: an end point moved back finds no opening of its own
   * to move with it, and the words come out as they were. */
  edit_put (self, edit, undo, &step);
  if (edit->kind == EDIT_START)
    maze_set_start (self->maze, undo ? edit->was : edit->now, NULL);
  else if (edit->kind == EDIT_GOAL)
    maze_set_goal (self->maze, undo ? edit->was : edit->now, NULL);
  if (edit->kind != EDIT_CELLS)
    edit_put (self, edit, undo, NULL);
  self->has_search = maze_has_search (self->maze);
  if (undo && edit->solver != NULL && edit->solver == g_intern_string (self->solver))
    restore_search (self, edit->search_at);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  announce_moved (self, &before);
  /* The statements go to the log as a flip of those bits, which they are;
   * an end point's move is not logged, as when it was made. */
  if (edit->kind == EDIT_CELLS && step.n_changes > 0)
    g_signal_emit (self, signals[EDITED], 0, &step);
}

/* Undo (@from the undo list, @to the redo list) or Redo (the other way
 * round): the newest edit of @from that the maze still holds is undone or
 * made again; the ones it no longer holds (a search cleared the bit one
 * set) go over on the way. */
static gboolean
replay (BitmazeSession  *self,
        GArray          *from,
        GArray          *to,
        gboolean         undo,
        GError         **error)
{
  gboolean could_undo = bitmaze_session_can_undo (self);
  gboolean could_redo = bitmaze_session_can_redo (self);
  gboolean changed = FALSE;

  if (self->maze == NULL || from->len == 0)
    return FALSE;
  if (self->phase == BITMAZE_PHASE_BUILDING)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The maze is still being built"));
      return FALSE;
    }

  while (!changed && from->len > 0)
    {
      Edit edit = g_array_index (from, Edit, from->len - 1);

      g_array_set_size (from, from->len - 1);
      g_array_append_val (to, edit);
      if (edit_holds (self, &edit, undo))
        {
          apply_edit (self, &edit, undo);
          changed = TRUE;
        }
    }

  /* Back where the file was saved, the maze is as on disk again. */
  if (changed)
    set_modified (self, self->undo->len != self->saved_depth);
  notify_undo (self, could_undo, could_redo);
  return changed;
}

gboolean
bitmaze_session_undo (BitmazeSession  *self,
                      GError         **error)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return replay (self, self->undo, self->redo, TRUE, error);
}

gboolean
bitmaze_session_redo (BitmazeSession  *self,
                      GError         **error)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return replay (self, self->redo, self->undo, FALSE, error);
}
