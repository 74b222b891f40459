/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-stepper-run.c: the stepper's Run on the frame clock, predict
 * mode's question, and a saved run coming back (see bitmaze-stepper.h).
 *
 * A layer above bitmaze-stepper.c: it calls the stepping there (through
 * bitmaze-stepper-private.h), and nothing there calls back into this
 * file, so the two files call each other in no circle.
 */
#include "config.h"

#include <string.h>

#include "bitmaze-clock.h"
#include "bitmaze-stepper-private.h"

/* ------------------------------------------------------------------ */
/* Run                                                                 */
/* ------------------------------------------------------------------ */

/* The slot for the next report of this frame; the oldest is overwritten
 * once the ring is full (a log keeps only the newest anyway). */
static MazeStep *
next_frame_step (BitmazeStepper *self)
{
  MazeStep *slot = &self->steps[self->steps_next];

  self->steps_next = (self->steps_next + 1) % BITMAZE_SESSION_STEPS_MAX;
  self->n_steps = MIN (self->n_steps + 1, BITMAZE_SESSION_STEPS_MAX);
  return slot;
}

/* Appends the cells @step changed to @cells (room for them is there),
 * but for a cell the last step changed last: returns the new length. */
static inline guint
collect_changes (guint32        *cells,
                 guint           len,
                 const MazeStep *step)
{
  for (unsigned i = 0; i < step->n_changes; i++)
    if (len == 0 || cells[len - 1] != step->changes[i].index)
      cells[len++] = step->changes[i].index;
  return len;
}

/* Whether a Run hands its steps over in batches: at full speed, a
 * search, no question of predict mode to stop at (see
 * bitmaze-pacer.h); a slower one, a build without a history and predict
 * mode's questions every frame. */
static gboolean
runs_batched (BitmazeStepper *self)
{
  return self->quick == NULL && self->speed >= BITMAZE_SPEED_MAX - 1e-6 && self->ask_func == NULL;
}

/* The frame clock keeps to the display's beat, so a frame that ran long
 * waits for the next one: between the frames of a huge full-speed
 * search the main loop sat idle for a sixth of the Run.  The steps go on
 * then too, as those of a frame inside a batch do (input and frames
 * come first: an idle source), while the Run is batched. */
static gboolean
run_idle_cb (gpointer data)
{
  BitmazeStepper *self = data;

  if (!self->running || self->maze == NULL || !runs_batched (self))
    {
      self->run_idle_id = 0;
      return G_SOURCE_REMOVE;
    }
  bitmaze_stepper_run_frame (self, self->run_frame_time);
  return G_SOURCE_CONTINUE;
}

void
bitmaze_stepper_run_frame (BitmazeStepper *self,
                           gint64          frame_time)
{
  gint64 start = g_get_monotonic_time ();
  gint64 start_cpu = bitmaze_thread_cpu_us ();
  gboolean quick, unlimited, record, batched;
  guint64 wanted, done = 0;
  gboolean more = TRUE;
  gboolean held = FALSE;
  MazeStep asked;
  gint64 budget, view_start, view_us;
  guint handed;

  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  if (!self->running || self->maze == NULL)
    return;
  quick = self->quick != NULL;
  unlimited = quick || self->speed >= BITMAZE_SPEED_MAX - 1e-6;
  record = !quick && (self->steps_listener != NULL
                      ? g_signal_has_handler_pending (self->steps_listener, self->steps_signal, 0, FALSE)
                      : g_signal_has_handler_pending (self, bitmaze_stepper_signals[STEPS_DONE], 0, FALSE));
  batched = runs_batched (self);
  self->run_frame_time = frame_time;
  if (batched && self->run_idle_id == 0 && self->source != NULL && self->source->klass->run != NULL)
    self->run_idle_id = g_idle_add (run_idle_cb, self);
  if (!self->pending)
    {
      bitmaze_stepper_remember_shown (self, &self->pending_before);
      g_array_set_size (self->changed, 0);
      self->n_steps = 0;
      self->pending = TRUE;
    }
  else if (record != self->pending_record)
    self->n_steps = 0;
  self->pending_record = record;
  wanted = bitmaze_pacer_wanted_steps (self->pacer, frame_time, self->speed, unlimited);
  budget = bitmaze_pacer_step_budget (self->pacer, frame_time, quick);

  if (quick)
    {
      bitmaze_stepper_advance_quick (self, start, budget);
      more = self->quick != NULL;
    }
  else if (self->source != NULL && !bitmaze_step_source_finished (self->source))
    {
      /* The hot loop: a report a step for the history and the view, its
       * C statements only for the steps handed over (see below). */
      BitmazeStepSource *source = self->source;
      guint len = self->changed->len;
      guint32 *cells = NULL;
      guint64 tail_from = 0;
      gboolean fast = batched && source->klass->run != NULL;

      /* At full speed, the steps run at the source's own speed, with no
       * report and unrecorded (maze_history_run ()), in runs of
       * RUN_CHUNK between looks at the clock; then RUN_TAIL recorded
       * ones below, so that Back, the log and the Code pane find the
       * newest steps in the history at once.  (The steps before are
       * replayed when gone back to.) */
      if (fast)
        {
          guint max_cells = bitmaze_pacer_batch_cells (self->pacer);

          while (done + RUN_TAIL < wanted && len < max_cells
                 && g_get_monotonic_time () - start < budget)
            {
              guint64 chunk = MIN (RUN_CHUNK, wanted - RUN_TAIL - done);
              guint64 got;
              gsize n;

              g_array_set_size (self->changed, len + chunk * MAZE_STEP_MAX_CHANGES);
              got = bitmaze_step_source_run (source, chunk, (guint32 *) (gpointer) self->changed->data + len, &n);
              len += n;
              done += got;
              if (got == 0 || bitmaze_step_source_finished (source))
                break;
            }
          g_array_set_size (self->changed, len);
          tail_from = done;
          if (done > 0 && bitmaze_step_source_finished (source))
            {
              guint64 end = bitmaze_step_source_get_position (source);
              guint64 from = end - MIN (end - MIN (end, self->pending_before.position),
                                        (guint64) BITMAZE_SESSION_STEPS_MAX);

              /* The end was among the steps run.  Whoever takes every
               * step (the inspector's log) gets the newest ones of the
               * batch all the same: gone back for them (a replay of the
               * steps the log does not hold) and redone, recorded. */
              if (record && from < end
                  && bitmaze_step_source_seek (source, from, NULL, 0, NULL, NULL) == MAZE_OK)
                {
                  self->n_steps = 0;
                  while (bitmaze_step_source_get_position (source) < end
                         && bitmaze_step_source_step (source, next_frame_step (self), TRUE))
                    ;
                }
              else
                /* Its report, as the source repeats it, is the step shown. */
                bitmaze_step_source_step (source, record ? next_frame_step (self) : &self->last_step, TRUE);
              self->has_last_step = TRUE;
              more = FALSE;
            }
        }

      while (more && done < wanted)
        {
          MazeStep *report;

          /* Room for the cells of the steps until the next look at the
           * clock, made once for all of them. */
          if ((done - tail_from) % CLOCK_CHECK_EVERY == 0)
            {
              g_array_set_size (self->changed, len + CLOCK_CHECK_EVERY * MAZE_STEP_MAX_CHANGES);
              cells = (guint32 *) (gpointer) self->changed->data;
            }

          /* Predict mode: Run stops before a step asked about. */
          if (self->ask_func != NULL && bitmaze_stepper_asks_next (self, &asked))
            {
              held = TRUE;
              more = FALSE;
              break;
            }
          report = record ? next_frame_step (self) : &self->last_step;
          if (!bitmaze_step_source_step (source, report, TRUE))
            {
              if (record)
                self->n_steps--;
              more = FALSE;
              break;
            }
          self->has_last_step = TRUE;
          len = collect_changes (cells, len, report);
          done++;
          if (bitmaze_step_source_finished (source))
            {
              more = FALSE;
              break;
            }
          if ((done - tail_from) % CLOCK_CHECK_EVERY == 0 && (!fast || done - tail_from >= RUN_TAIL)
              && g_get_monotonic_time () - start > budget)
            break;
        }
      g_array_set_size (self->changed, len);
    }
  else
    more = FALSE;

  view_start = g_get_monotonic_time ();
  self->engine_us += view_start - start;

  /* Within a batch: nothing to show yet. */
  if (batched && more
      && !bitmaze_pacer_batch_due (self->pacer, view_start - start, bitmaze_thread_cpu_us () - start_cpu,
                                                self->changed->len))
    {
      bitmaze_pacer_steps_batched (self->pacer, g_get_monotonic_time () - start);
      return;
    }

  /* (The end of Run hands over too, see bitmaze_stepper_stop_running ().) */
  handed = self->changed->len;
  if (!more)
    bitmaze_stepper_set_running (self, FALSE);
  else
    bitmaze_stepper_hand_over (self, FALSE);
  view_us = g_get_monotonic_time () - view_start;
  if (batched)
    bitmaze_pacer_cells_handed_over (self->pacer, handed, view_us);
  if (held)
    {
      bitmaze_stepper_hold_question (self, &asked);
      self->question_stopped_run = TRUE;
    }
  bitmaze_pacer_steps_done (self->pacer, done, unlimited, view_us,
                            g_get_monotonic_time () - start);
}

gboolean
bitmaze_stepper_get_running (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->running;
}

void
bitmaze_stepper_set_running (BitmazeStepper *self,
                             gboolean        running)
{
  gint64 began = g_get_monotonic_time ();

  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  running = !!running && self->maze != NULL;
  if (running == self->running)
    return;
  if (!running)
    {
      bitmaze_stepper_stop_running (self);
      return;
    }
  /* Predict mode: the question held is answered first. */
  if (self->has_question && self->ask_func != NULL)
    return;

  bitmaze_stepper_withdraw_question (self);
  if (self->quick == NULL
      && (self->source == NULL || bitmaze_step_source_finished (self->source)))
    {
      /* A new search starts at once (after the end of one, from the
       * start again), so the phase says so before the first frame. */
      Shown before;

      bitmaze_stepper_remember_shown (self, &before);
      if (!bitmaze_stepper_start_search (self))
        return;
      bitmaze_stepper_announce_moved (self, &before);
    }

  self->running = TRUE;
  self->running_since = began;
  bitmaze_pacer_run_started (self->pacer, g_get_monotonic_time () - began);
  g_object_notify_by_pspec (G_OBJECT (self), bitmaze_stepper_properties[PROP_RUNNING]);
}

void
bitmaze_stepper_set_pacer (BitmazeStepper *self,
                           BitmazePacer   *pacer)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));
  g_return_if_fail (BITMAZE_IS_PACER (pacer));

  g_set_object (&self->pacer, pacer);
}

BitmazePacer *
bitmaze_stepper_get_pacer (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), NULL);

  return self->pacer;
}

double
bitmaze_stepper_get_speed (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->speed;
}

void
bitmaze_stepper_set_speed (BitmazeStepper *self,
                           double          speed)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  self->speed = speed;
}

/* ------------------------------------------------------------------ */
/* Predict mode                                                        */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_stepper_peek_step (BitmazeStepper *self,
                           MazeStep       *next)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);
  g_return_val_if_fail (next != NULL, FALSE);

  if (self->source == NULL || self->running)
    return FALSE;
  return bitmaze_step_source_peek (self->source, next);
}

gboolean
bitmaze_stepper_ask (BitmazeStepper *self)
{
  MazeStep next;

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  bitmaze_stepper_withdraw_question (self);
  if (!bitmaze_stepper_peek_step (self, &next))
    return FALSE;
  bitmaze_stepper_hold_question (self, &next);
  return TRUE;
}

const MazeStep *
bitmaze_stepper_get_question (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), NULL);

  return self->has_question ? &self->question : NULL;
}

gboolean
bitmaze_stepper_reveal (BitmazeStepper *self)
{
  MazeStep question;
  gboolean resume, stepped;

  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  if (!self->has_question)
    return FALSE;
  question = self->question;
  resume = self->question_stopped_run;
  self->has_question = FALSE;
  self->question_stopped_run = FALSE;
  g_signal_emit (self, bitmaze_stepper_signals[REVEALED], 0, &question);
  stepped = bitmaze_stepper_step_or_ask (self, FALSE);
  /* Run stopped for the question: it goes on to the next one.  Else
   * the next step, when it is asked about too, is held back at once. */
  if (resume && stepped && self->source != NULL && !bitmaze_step_source_finished (self->source))
    bitmaze_stepper_set_running (self, TRUE);
  else if (stepped && self->ask_func != NULL && !self->running)
    {
      MazeStep next;

      if (bitmaze_stepper_asks_next (self, &next))
        bitmaze_stepper_hold_question (self, &next);
    }
  return stepped;
}

void
bitmaze_stepper_set_ask_func (BitmazeStepper        *self,
                              guint64                every,
                              BitmazeStepperAskFunc  func,
                              gpointer               user_data,
                              GDestroyNotify         destroy)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  bitmaze_stepper_withdraw_question (self);
  if (self->ask_destroy != NULL)
    self->ask_destroy (self->ask_data);
  self->ask_func = func;
  self->ask_data = user_data;
  self->ask_destroy = destroy;
  self->ask_every = MAX (every, 1);
}

/* ------------------------------------------------------------------ */
/* A saved build or search comes back (bitmaze-reopen.h)               */
/* ------------------------------------------------------------------ */

/* Replays one slice; TRUE while there is more to replay. */
static gboolean
reopen_slice (BitmazeStepper *self)
{
  BitmazeReopenStatus status;
  Shown before;
  Maze *maze;

  status = bitmaze_reopen_slice (self->reopen, self->maze, bitmaze_pacer_slice_us (self->pacer));
  if (status == BITMAZE_REOPEN_MORE)
    return TRUE;
  if (status == BITMAZE_REOPEN_FAILED)
    {
      g_clear_pointer (&self->reopen, bitmaze_reopen_free);
      return FALSE;
    }

  bitmaze_stepper_remember_shown (self, &before);
  bitmaze_stepper_drop (self);
  self->source = bitmaze_reopen_steal_source (self->reopen);
  maze = bitmaze_reopen_steal_maze (self->reopen);
  self->engine_us = bitmaze_reopen_get_time (self->reopen);
  self->waited_us = self->engine_us;
  g_clear_pointer (&self->reopen, bitmaze_reopen_free);
  /* the copy takes the maze's place: the session owns it */
  self->maze = maze;
  g_signal_emit (self, bitmaze_stepper_signals[REPLACE_MAZE], 0, maze);
  if (bitmaze_step_source_back (self->source, NULL))
    {
      /* the step shown is reported as if just done */
      bitmaze_step_source_step (self->source, &self->last_step, FALSE);
      self->has_last_step = TRUE;
    }
  bitmaze_stepper_announce_moved (self, &before);
  return FALSE;
}

static gboolean
reopen_idle_cb (gpointer data)
{
  BitmazeStepper *self = data;

  if (reopen_slice (self))
    return G_SOURCE_CONTINUE;
  self->reopen_id = 0;
  return G_SOURCE_REMOVE;
}

void
bitmaze_stepper_reopen (BitmazeStepper *self,
                        const char     *solver,
                        const char     *generator,
                        guint64         seed,
                        guint           loops,
                        MazePlacement   placement)
{
  BitmazeReopenKind kind;
  MazeError error;

  g_return_if_fail (BITMAZE_IS_STEPPER (self));
  g_return_if_fail (self->maze != NULL);

  bitmaze_stepper_cancel_reopen (self);
  kind = bitmaze_reopen_kind_of (self->maze, solver);
  /* A file of a generator whose seeds now give other mazes: its build
   * cannot be replayed, and its seed shown makes another maze: say so. */
  if (maze_generator_check_stream (self->maze, &error) != MAZE_OK)
    {
      if (kind == BITMAZE_REOPEN_BUILD)
        kind = BITMAZE_REOPEN_NOTHING;
      bitmaze_stepper_emit_message (self, &error);
    }
  if (kind == BITMAZE_REOPEN_NOTHING)
    return;
  self->reopen = bitmaze_reopen_new (self->maze, kind == BITMAZE_REOPEN_BUILD,
                                     kind == BITMAZE_REOPEN_BUILD ? generator : solver,
                                     seed, loops, placement);
  if (self->reopen == NULL)
    return;
  /* Small ones come back at once, big ones in the background. */
  if (reopen_slice (self))
    self->reopen_id = g_idle_add (reopen_idle_cb, self);
}


void
bitmaze_stepper_set_steps_listener (BitmazeStepper *self,
                                    gpointer        listener,
                                    guint           signal_id)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  self->steps_listener = listener;
  self->steps_signal = signal_id;
}
