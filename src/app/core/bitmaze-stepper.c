/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-builtin-source.h"
#include "bitmaze-error.h"
#include "bitmaze-reopen.h"
#include "bitmaze-stepper-private.h"

/* A jump in the history that changes more words than this has the whole
 * maze redrawn instead of a list of cells. */
#define JUMP_CELLS_MAX    (1u << 18)
/* The search an edit ended comes back by running it again (quiet steps,
 * about ten million a second: 0.09 s for the whole BFS of a 1000 x 1000
 * maze); a longer one would hold the window up and is left to Run. */
#define RESTORE_STEPS_MAX 2000000u


G_DEFINE_FINAL_TYPE (BitmazeStepper, bitmaze_stepper, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (BitmazePhase, bitmaze_phase,
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_BUILDING, "building"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_READY, "ready"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_SOLVING, "solving"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_SOLVED, "solved"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PHASE_NO_PATH, "no-path"))


GParamSpec *bitmaze_stepper_properties[N_PROPS];
guint bitmaze_stepper_signals[N_SIGNALS];


/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

void
bitmaze_stepper_emit_message (BitmazeStepper  *self,
                              const MazeError *error)
{
  g_autofree char *message = bitmaze_error_message (error);

  g_signal_emit (self, bitmaze_stepper_signals[MESSAGE], 0, message);
}

/* The one place predict mode's question goes: anything that moves or
 * changes the maze withdraws it. */
void
bitmaze_stepper_withdraw_question (BitmazeStepper *self)
{
  self->question_stopped_run = FALSE;
  if (!self->has_question)
    return;
  self->has_question = FALSE;
  g_signal_emit (self, bitmaze_stepper_signals[QUESTION], 0, NULL);
}

/* Holds @next back as the question and says so. */
void
bitmaze_stepper_hold_question (BitmazeStepper *self,
                               const MazeStep *next)
{
  self->question = *next;
  self->has_question = TRUE;
  g_signal_emit (self, bitmaze_stepper_signals[QUESTION], 0, &self->question);
}

static gboolean
bitmaze_stepper_source_builds (BitmazeStepper *self)
{
  return self->source != NULL && bitmaze_step_source_get_kind (self->source) == BITMAZE_STEPS_BUILD;
}

/* Predict mode: whether the ask function wants the step after the
 * position held back; its report goes to @next. */
gboolean
bitmaze_stepper_asks_next (BitmazeStepper *self,
                           MazeStep       *next)
{
  guint64 number;

  if (self->ask_func == NULL || self->source == NULL || bitmaze_step_source_finished (self->source))
    return FALSE;
  number = bitmaze_step_source_get_position (self->source) + 1;
  if (number % self->ask_every != 0 || !bitmaze_step_source_peek (self->source, next))
    return FALSE;
  return self->ask_func (self, number, next, bitmaze_step_source_get_solver (self->source),
                         self->ask_data);
}

/* The phase follows from what is in progress: a build or a search,
 * finished or not at the position shown. */
static BitmazePhase
bitmaze_stepper_compute_phase (BitmazeStepper *self)
{
  MazeSolveStats stats;

  if (self->quick != NULL)
    return BITMAZE_PHASE_BUILDING;
  if (self->source == NULL)
    return BITMAZE_PHASE_READY;
  if (bitmaze_stepper_source_builds (self))
    return bitmaze_step_source_finished (self->source) ? BITMAZE_PHASE_READY : BITMAZE_PHASE_BUILDING;
  if (!bitmaze_step_source_finished (self->source))
    return BITMAZE_PHASE_SOLVING;
  bitmaze_step_source_stats (self->source, &stats);
  return stats.found ? BITMAZE_PHASE_SOLVED : BITMAZE_PHASE_NO_PATH;
}


void
bitmaze_stepper_remember_shown (BitmazeStepper *self,
                                Shown          *shown)
{
  shown->phase = self->phase;
  shown->first = bitmaze_stepper_get_first (self);
  shown->position = bitmaze_stepper_get_position (self);
  shown->length = bitmaze_stepper_get_length (self);
}

void
bitmaze_stepper_announce_moved (BitmazeStepper *self,
                                const Shown    *before)
{
  GObject *object = G_OBJECT (self);

  self->phase = bitmaze_stepper_compute_phase (self);
  g_object_freeze_notify (object);
  if (before->phase != self->phase)
    g_object_notify_by_pspec (object, bitmaze_stepper_properties[PROP_PHASE]);
  if (before->first != bitmaze_stepper_get_first (self))
    g_object_notify_by_pspec (object, bitmaze_stepper_properties[PROP_FIRST]);
  if (before->position != bitmaze_stepper_get_position (self))
    g_object_notify_by_pspec (object, bitmaze_stepper_properties[PROP_POSITION]);
  if (before->length != bitmaze_stepper_get_length (self))
    g_object_notify_by_pspec (object, bitmaze_stepper_properties[PROP_LENGTH]);
  g_object_thaw_notify (object);

  g_signal_emit (self, bitmaze_stepper_signals[MOVED], 0);
}

void
bitmaze_stepper_emit_cells (BitmazeStepper *self,
                            const guint32  *cells,
                            guint           n)
{
  if (n > 0)
    g_signal_emit (self, bitmaze_stepper_signals[CELLS_CHANGED], 0, cells, n);
}

static void
bitmaze_stepper_emit_step_cells (BitmazeStepper *self,
                                 const MazeStep *step)
{
  guint32 cells[MAZE_STEP_MAX_CHANGES];

  for (unsigned i = 0; i < step->n_changes; i++)
    cells[i] = step->changes[i].index;
  bitmaze_stepper_emit_cells (self, cells, step->n_changes);
}

/* ------------------------------------------------------------------ */
/* What is in progress                                                 */
/* ------------------------------------------------------------------ */

void
bitmaze_stepper_drop (BitmazeStepper *self)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  g_clear_pointer (&self->source, bitmaze_step_source_free);
  g_clear_pointer (&self->quick, maze_generator_free);
  self->has_last_step = FALSE;
  self->engine_us = 0;
  self->waited_us = 0;
}

/* The end of a build without a history: the endpoints as chosen. */
static void
bitmaze_stepper_finish_quick_build (BitmazeStepper *self)
{
  MazeError error;

  if (maze_generator_status (self->quick, &error) != MAZE_OK
      || maze_place_endpoints (self->maze, self->quick_placement, TRUE, self->quick_seed,
                               &error) != MAZE_OK)
    bitmaze_stepper_emit_message (self, &error);
  g_clear_pointer (&self->quick, maze_generator_free);
  g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
}

/* A build without a history, on for about @budget microseconds from
 * @start: the generator's own run loop, in slices (see QUICK_SLICE). */
void
bitmaze_stepper_advance_quick (BitmazeStepper *self,
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
        bitmaze_stepper_finish_quick_build (self);
      else if (g_get_monotonic_time () - start > budget)
        break;
    }
}

gboolean
bitmaze_stepper_start_search (BitmazeStepper *self)
{
  BitmazeStepSource *source = NULL;
  MazeError error = { 0 };

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  if (self->maze == NULL || self->search_func == NULL)
    return FALSE;
  source = self->search_func (self->maze, &error, self->search_data);
  if (source == NULL)
    {
      bitmaze_stepper_emit_message (self, &error);
      return FALSE;
    }
  bitmaze_stepper_drop (self);
  self->source = source;
  if (self->has_search)
    g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
  self->has_search = TRUE;
  return TRUE;
}

/* Whether Step or Run starts a new search first: none is in progress,
 * or a build just ended. */
static gboolean
bitmaze_stepper_needs_new_search (BitmazeStepper *self)
{
  return self->quick == NULL
         && (self->source == NULL || (bitmaze_stepper_source_builds (self) && bitmaze_step_source_finished (self->source)));
}

/* One step forward of whatever is in progress, reported into @report
 * (NULL only for a build without history).  A search starts when none is
 * in progress.  FALSE when no step was done. */
static gboolean
bitmaze_stepper_advance (BitmazeStepper *self,
                         MazeStep       *report)
{
  if (self->quick != NULL)
    {
      maze_generator_step (self->quick, NULL);
      if (maze_generator_done (self->quick))
        bitmaze_stepper_finish_quick_build (self);
      return TRUE;
    }

  if (bitmaze_stepper_needs_new_search (self))
    {
      if (!bitmaze_stepper_start_search (self))
        return FALSE;
    }
  else if (bitmaze_step_source_finished (self->source))
    return FALSE;

  return bitmaze_step_source_step (self->source, report, FALSE);
}

/* ------------------------------------------------------------------ */
/* Stepping                                                            */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_stepper_can_step (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->maze != NULL && !self->running
         && self->phase != BITMAZE_PHASE_SOLVED && self->phase != BITMAZE_PHASE_NO_PATH;
}

/* One step, or with @may_ask in predict mode, the step held back as a
 * question when the ask function wants it. */
gboolean
bitmaze_stepper_step_or_ask (BitmazeStepper *self,
                             gboolean        may_ask)
{
  gint64 start;
  gboolean stepped;
  Shown before;

  if (!bitmaze_stepper_can_step (self))
    return FALSE;

  if (may_ask && self->ask_func != NULL && self->quick == NULL)
    {
      MazeStep next;

      /* The question held is answered by the Run layer above (its reveal). */
      if (self->has_question)
        return FALSE;
      /* A search starts before its first step, so that step can be
       * asked about too. */
      if (bitmaze_stepper_needs_new_search (self))
        {
          bitmaze_stepper_remember_shown (self, &before);
          if (!bitmaze_stepper_start_search (self))
            return FALSE;
          bitmaze_stepper_announce_moved (self, &before);
        }
      if (bitmaze_stepper_asks_next (self, &next))
        {
          bitmaze_stepper_hold_question (self, &next);
          return FALSE;
        }
    }

  bitmaze_stepper_withdraw_question (self);
  bitmaze_stepper_remember_shown (self, &before);
  start = g_get_monotonic_time ();
  if (self->quick != NULL)
    {
      /* A build without history, paused: one step of it, unreported. */
      stepped = bitmaze_stepper_advance (self, NULL);
    }
  else
    {
      stepped = bitmaze_stepper_advance (self, &self->last_step);
      self->has_last_step = self->has_last_step || stepped;
    }
  self->engine_us += g_get_monotonic_time () - start;
  self->waited_us += g_get_monotonic_time () - start;

  if (stepped && self->has_last_step)
    bitmaze_stepper_emit_step_cells (self, &self->last_step);
  bitmaze_stepper_announce_moved (self, &before);
  if (stepped && self->has_last_step)
    g_signal_emit (self, bitmaze_stepper_signals[STEP_DONE], 0, &self->last_step);

  return stepped;
}

gboolean
bitmaze_stepper_step (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return bitmaze_stepper_step_or_ask (self, TRUE);
}

/* Moves the source to @position and tells everybody what changed. */
static gboolean
jump (BitmazeStepper *self,
      guint64         position)
{
  guint32 start, goal;
  gsize n = 0;
  MazeError error;
  Shown before;

  if (self->source == NULL || self->running)
    return FALSE;
  position = CLAMP (position, bitmaze_step_source_get_first (self->source),
                    bitmaze_step_source_get_length (self->source));
  if (position == bitmaze_step_source_get_position (self->source))
    return FALSE;

  bitmaze_stepper_withdraw_question (self);
  bitmaze_stepper_remember_shown (self, &before);
  start = maze_start (self->maze);
  goal = maze_goal (self->maze);
  g_array_set_size (self->changed, JUMP_CELLS_MAX);
  g_array_set_size (self->changed,
                    MIN (JUMP_CELLS_MAX + 1,
                         bitmaze_step_source_changed_cells (self->source,
                                                            bitmaze_step_source_get_position (self->source),
                                                            position,
                                                            (guint32 *) (gpointer) self->changed->data,
                                                            JUMP_CELLS_MAX)));

  if (bitmaze_step_source_seek (self->source, position, self->steps, BITMAZE_SESSION_STEPS_MAX,
                                &n, &error) != MAZE_OK)
    {
      bitmaze_stepper_emit_message (self, &error);
      return FALSE;
    }

  self->has_last_step = n > 0;
  if (n > 0)
    self->last_step = self->steps[n - 1];

  if (self->changed->len > JUMP_CELLS_MAX || start != maze_start (self->maze) || goal != maze_goal (self->maze))
    g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
  else
    bitmaze_stepper_emit_cells (self, (const guint32 *) (gpointer) self->changed->data, self->changed->len);
  g_signal_emit (self, bitmaze_stepper_signals[HISTORY_MOVED], 0, self->steps, (guint) n);
  bitmaze_stepper_announce_moved (self, &before);

  return TRUE;
}

gboolean
bitmaze_stepper_step_back (BitmazeStepper *self)
{
  guint64 position;

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  if (self->source == NULL)
    return FALSE;
  position = bitmaze_step_source_get_position (self->source);
  return jump (self, position - (position > 0));
}

gboolean
bitmaze_stepper_seek (BitmazeStepper *self,
                      guint64         position)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return jump (self, position);
}

guint64
bitmaze_stepper_find_line (BitmazeStepper *self,
                           guint           line)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  if (self->source == NULL)
    return 0;
  return bitmaze_step_source_find_line (self->source, line,
                                        bitmaze_step_source_get_position (self->source));
}

guint
bitmaze_stepper_get_recent_steps (BitmazeStepper *self,
                                  MazeStep       *out,
                                  guint           max)
{
  guint64 position;
  gsize n = 0;

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  if (self->source == NULL || max == 0)
    return 0;
  position = bitmaze_step_source_get_position (self->source);
  /* a seek to where it stands changes nothing, and hands the steps over */
  if (position == 0
      || bitmaze_step_source_seek (self->source, position, out, max, &n, NULL) != MAZE_OK)
    return 0;
  return (guint) n;
}

gboolean
bitmaze_stepper_can_reset (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->maze != NULL && (self->quick != NULL || self->source != NULL || self->has_search);
}

gboolean
bitmaze_stepper_clear_search (BitmazeStepper *self)
{
  MazeStep step = { .kind = MAZE_STEP_NONE, .cell = UINT32_MAX, .other = UINT32_MAX };

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  if (self->maze == NULL || !maze_has_search (self->maze))
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
  g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
  g_signal_emit (self, bitmaze_stepper_signals[EDITED], 0, &step);
  return TRUE;
}

void
bitmaze_stepper_reset (BitmazeStepper *self,
                       MazePlacement   placement,
                       guint64         seed)
{
  gboolean had_search;
  Shown before;

  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  if (self->maze == NULL)
    return;

  /* A recorded build no generator of the engine can make again (a
   * program the user ran): back to its first step. */
  if (bitmaze_stepper_is_building (self) && self->source != NULL
      && !maze_generator_name_valid (bitmaze_step_source_get_algorithm (self->source), NULL))
    {
      bitmaze_stepper_interrupt (self);
      jump (self, bitmaze_step_source_get_first (self->source));
      return;
    }

  bitmaze_stepper_remember_shown (self, &before);
  bitmaze_stepper_interrupt (self);

  if (bitmaze_stepper_is_building (self))
    {
      /* Building: start the same maze over from an empty grid, with the
       * recipe the maze was made with. */
      g_autofree char *name = g_strdup (bitmaze_stepper_get_algorithm (self));
      const char *value = maze_meta_get (self->maze, "generator");
      guint64 loops = 0;
      BitmazeStepSource *source;
      MazeError error;

      if (value != NULL)
        {
          g_free (name);
          name = g_strdup (value);
        }
      value = maze_meta_get (self->maze, "seed");
      if (value != NULL)
        g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seed, NULL);
      value = maze_meta_get (self->maze, "loops");
      if (value != NULL)
        g_ascii_string_to_unsigned (value, 10, 0, 100, &loops, NULL);
      bitmaze_stepper_drop (self);
      source = bitmaze_builtin_source_new_generator (self->maze, name, seed, (unsigned) loops,
                                                     placement, &error);
      if (source == NULL)
        {
          bitmaze_stepper_emit_message (self, &error);
          return;
        }
      self->source = source;
      g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
      bitmaze_stepper_announce_moved (self, &before);
      return;
    }

  had_search = self->has_search;
  bitmaze_stepper_drop (self);
  if (!bitmaze_stepper_clear_search (self) && had_search)
    g_signal_emit (self, bitmaze_stepper_signals[MAZE_CHANGED], 0);
  bitmaze_stepper_announce_moved (self, &before);
}

void
bitmaze_stepper_restore_search (BitmazeStepper *self,
                                guint64         position)
{
  MazeStep step;

  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  if (position > RESTORE_STEPS_MAX)
    {
      g_signal_emit (self, bitmaze_stepper_signals[MESSAGE], 0,
                     _("The search was too long to bring back at once: Run searches again"));
      return;
    }
  if (!bitmaze_stepper_start_search (self))
    return;
  while (bitmaze_step_source_get_position (self->source) < position
         && bitmaze_step_source_step (self->source, &step, TRUE))
    ;
  if (bitmaze_step_source_get_position (self->source) > 0
      && bitmaze_step_source_back (self->source, NULL))
    {
      bitmaze_step_source_step (self->source, &self->last_step, FALSE);
      self->has_last_step = TRUE;
    }
}

/* ------------------------------------------------------------------ */
/* What is shown (the rest: bitmaze-stepper-state.c)                   */
/* ------------------------------------------------------------------ */

guint64
bitmaze_stepper_get_first (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->source != NULL ? bitmaze_step_source_get_first (self->source) : 0;
}

guint64
bitmaze_stepper_get_position (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->source != NULL ? bitmaze_step_source_get_position (self->source) : 0;
}

guint64
bitmaze_stepper_get_length (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->source != NULL ? bitmaze_step_source_get_length (self->source) : 0;
}

const char *
bitmaze_stepper_get_algorithm (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), NULL);

  if (self->quick != NULL)
    return maze_generator_name (self->quick);
  if (self->source != NULL)
    return bitmaze_step_source_get_algorithm (self->source);
  return NULL;
}

gboolean
bitmaze_stepper_is_building (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->quick != NULL || (bitmaze_stepper_source_builds (self) && !bitmaze_step_source_finished (self->source));
}

gboolean
bitmaze_stepper_builds (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->quick != NULL || bitmaze_stepper_source_builds (self);
}

/* ------------------------------------------------------------------ */
/* The maze and its sources                                            */
/* ------------------------------------------------------------------ */

static void
stop_now (BitmazeStepper *self)
{
  if (!self->running)
    return;
  bitmaze_stepper_withdraw_question (self);
  self->running = FALSE;
  self->waited_us += g_get_monotonic_time () - self->running_since;
  g_object_notify_by_pspec (G_OBJECT (self), bitmaze_stepper_properties[PROP_RUNNING]);
}

/* Hands the reports of the ring to ::steps-done, oldest first: one
 * emission, or two when the ring wrapped. */
static void
emit_frame_steps (BitmazeStepper *self)
{
  guint first = (self->steps_next + BITMAZE_SESSION_STEPS_MAX - self->n_steps) % BITMAZE_SESSION_STEPS_MAX;
  guint head = MIN (self->n_steps, BITMAZE_SESSION_STEPS_MAX - first);

  if (self->n_steps == 0)
    return;
  g_signal_emit (self, bitmaze_stepper_signals[STEPS_DONE], 0, &self->steps[first], head);
  if (head < self->n_steps)
    g_signal_emit (self, bitmaze_stepper_signals[STEPS_DONE], 0, &self->steps[0], self->n_steps - head);
  self->n_steps = 0;
}

/* Run's steps not handed over yet go to everybody: the changed cells,
 * the statements of the reports kept, the properties and ::moved, the
 * reports.  @stop: Run ends here, after the cells and before ::moved, so
 * that what is shown is the phase after it. */
void
bitmaze_stepper_hand_over (BitmazeStepper *self,
                           gboolean        stop)
{
  gboolean pending = self->pending;

  self->pending = FALSE;
  if (pending)
    {
      if (self->pending_record)
        {
          for (guint k = 0; k < self->n_steps; k++)
            maze_step_complete (&self->steps[(self->steps_next + BITMAZE_SESSION_STEPS_MAX - 1 - k)
                                             % BITMAZE_SESSION_STEPS_MAX]);
          if (self->n_steps > 0)
            self->last_step = self->steps[(self->steps_next + BITMAZE_SESSION_STEPS_MAX - 1)
                                          % BITMAZE_SESSION_STEPS_MAX];
        }
      else if (self->has_last_step)
        maze_step_complete (&self->last_step);
      bitmaze_stepper_emit_cells (self, (const guint32 *) (gpointer) self->changed->data,
                                  self->changed->len);
      g_array_set_size (self->changed, 0);
    }
  if (stop)
    stop_now (self);
  if (pending)
    {
      bitmaze_stepper_announce_moved (self, &self->pending_before);
      if (self->pending_record)
        emit_frame_steps (self);
      self->n_steps = 0;
    }
}

/* A Run's steps not handed over yet are forgotten (their maze goes). */
static void
forget_pending (BitmazeStepper *self)
{
  self->pending = FALSE;
  self->n_steps = 0;
  g_array_set_size (self->changed, 0);
}

void
bitmaze_stepper_stop_running (BitmazeStepper *self)
{
  if (!self->running)
    return;
  /* (Paused in the middle of a batch: what it did is shown.) */
  bitmaze_stepper_hand_over (self, TRUE);
}

void
bitmaze_stepper_cancel_reopen (BitmazeStepper *self)
{
  g_clear_handle_id (&self->reopen_id, g_source_remove);
  g_clear_pointer (&self->reopen, bitmaze_reopen_free);
}

void
bitmaze_stepper_interrupt (BitmazeStepper *self)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  bitmaze_stepper_withdraw_question (self);
  bitmaze_stepper_stop_running (self);
  bitmaze_stepper_cancel_reopen (self);
}

void
bitmaze_stepper_freeze (BitmazeStepper *self)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  if (self->freeze_count++ == 0)
    bitmaze_stepper_remember_shown (self, &self->frozen);
}

void
bitmaze_stepper_thaw (BitmazeStepper *self)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));
  g_return_if_fail (self->freeze_count > 0);

  if (--self->freeze_count == 0)
    bitmaze_stepper_announce_moved (self, &self->frozen);
}

void
bitmaze_stepper_set_maze (BitmazeStepper *self,
                          Maze           *maze)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  forget_pending (self);
  bitmaze_stepper_interrupt (self);
  bitmaze_stepper_drop (self);
  self->maze = maze;
  self->has_search = FALSE;
}

void
bitmaze_stepper_set_source (BitmazeStepper    *self,
                            BitmazeStepSource *source)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  /* announced now, unless inside a freeze (its thaw does) */
  bitmaze_stepper_freeze (self);
  bitmaze_stepper_interrupt (self);
  bitmaze_stepper_drop (self);
  self->source = source;
  bitmaze_stepper_thaw (self);
}

BitmazeStepSource *
bitmaze_stepper_get_source (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), NULL);

  return self->source;
}

void
bitmaze_stepper_set_quick (BitmazeStepper *self,
                           MazeGenerator  *quick,
                           MazePlacement   placement,
                           guint64         seed,
                           gint64          first_slice_us)
{
  gint64 start;

  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  bitmaze_stepper_cancel_reopen (self);
  bitmaze_stepper_drop (self);
  self->quick = quick;
  self->quick_slice = QUICK_SLICE;
  self->quick_placement = placement;
  self->quick_seed = seed;
  /* Small mazes are done within the first slice; big ones go on in
   * slices on the frame clock, so a window never freezes. */
  start = g_get_monotonic_time ();
  bitmaze_stepper_advance_quick (self, start, first_slice_us);
  self->engine_us += g_get_monotonic_time () - start;
}

void
bitmaze_stepper_set_search_func (BitmazeStepper           *self,
                                 BitmazeStepperSearchFunc  func,
                                 gpointer                  user_data)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  self->search_func = func;
  self->search_data = user_data;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_stepper_dispose (GObject *object)
{
  BitmazeStepper *self = BITMAZE_STEPPER (object);

  bitmaze_stepper_cancel_reopen (self);
  self->running = FALSE;
  g_clear_handle_id (&self->run_idle_id, g_source_remove);
  self->pending = FALSE;
  if (self->ask_destroy != NULL)
    self->ask_destroy (self->ask_data);
  self->ask_func = NULL;
  self->ask_data = NULL;
  self->ask_destroy = NULL;
  g_clear_object (&self->pacer);

  G_OBJECT_CLASS (bitmaze_stepper_parent_class)->dispose (object);
}

static void
bitmaze_stepper_finalize (GObject *object)
{
  BitmazeStepper *self = BITMAZE_STEPPER (object);

  bitmaze_stepper_drop (self);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->steps, g_free);

  G_OBJECT_CLASS (bitmaze_stepper_parent_class)->finalize (object);
}

static void
bitmaze_stepper_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BitmazeStepper *self = BITMAZE_STEPPER (object);

  switch (prop_id)
    {
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_FIRST:
      g_value_set_uint64 (value, bitmaze_stepper_get_first (self));
      break;
    case PROP_POSITION:
      g_value_set_uint64 (value, bitmaze_stepper_get_position (self));
      break;
    case PROP_LENGTH:
      g_value_set_uint64 (value, bitmaze_stepper_get_length (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_stepper_class_init (BitmazeStepperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bitmaze_stepper_dispose;
  object_class->finalize = bitmaze_stepper_finalize;
  object_class->get_property = bitmaze_stepper_get_property;

  bitmaze_stepper_properties[PROP_PHASE] = g_param_spec_enum ("phase", NULL, NULL, BITMAZE_TYPE_PHASE,
                                              BITMAZE_PHASE_READY, ro);
  bitmaze_stepper_properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  bitmaze_stepper_properties[PROP_FIRST] = g_param_spec_uint64 ("first", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  bitmaze_stepper_properties[PROP_POSITION] = g_param_spec_uint64 ("position", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  bitmaze_stepper_properties[PROP_LENGTH] = g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, bitmaze_stepper_properties);

  /* The session's signals of the same names (bitmaze-session.h). */
  bitmaze_stepper_signals[CELLS_CHANGED] =
    g_signal_new ("cells-changed", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  bitmaze_stepper_signals[MAZE_CHANGED] =
    g_signal_new ("maze-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  bitmaze_stepper_signals[MOVED] =
    g_signal_new ("moved", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  bitmaze_stepper_signals[STEP_DONE] =
    g_signal_new ("step-done", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  bitmaze_stepper_signals[STEPS_DONE] =
    g_signal_new ("steps-done", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  bitmaze_stepper_signals[HISTORY_MOVED] =
    g_signal_new ("history-moved", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  bitmaze_stepper_signals[EDITED] =
    g_signal_new ("edited", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  bitmaze_stepper_signals[MESSAGE] =
    g_signal_new ("message", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  bitmaze_stepper_signals[QUESTION] =
    g_signal_new ("question", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  bitmaze_stepper_signals[REVEALED] =
    g_signal_new ("revealed", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * BitmazeStepper::replace-maze:
   * @maze: (type gpointer) (transfer full): the copy a saved run came
   *   back on, which now takes the old maze's place
   *
   * The owner of the maze takes @maze and frees the old one; the
   * stepper already steps on @maze.
   */
  bitmaze_stepper_signals[REPLACE_MAZE] =
    g_signal_new ("replace-maze", type, G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
bitmaze_stepper_init (BitmazeStepper *self)
{
  self->phase = BITMAZE_PHASE_READY;
  self->speed = 1.5;
  self->ask_every = 1;
  self->changed = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->steps = g_new (MazeStep, BITMAZE_SESSION_STEPS_MAX);
}

BitmazeStepper *
bitmaze_stepper_new (BitmazePacer *pacer)
{
  BitmazeStepper *self = g_object_new (BITMAZE_TYPE_STEPPER, NULL);

  self->pacer = pacer != NULL ? g_object_ref (pacer) : bitmaze_pacer_new ();
  return self;
}
