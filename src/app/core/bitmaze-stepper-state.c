/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-stepper-state.c: what the stepper shows, read out: the phase,
 * the step shown, the frontier, the counts and the times.  Plain
 * accessors over the stepper's state for the layers above; they call the
 * step source and the engine, and the stepping (bitmaze-stepper.c) does
 * not call them, so the two files are in no circle.  The position, first
 * step, length and algorithm, which the stepping reads too, are
 * bitmaze-stepper.c's own.
 */
#include "config.h"

#include <string.h>

#include "bitmaze-stepper-private.h"

BitmazePhase
bitmaze_stepper_get_phase (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), BITMAZE_PHASE_READY);

  return self->phase;
}

const MazeStep *
bitmaze_stepper_get_last_step (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), NULL);

  return self->has_last_step ? &self->last_step : NULL;
}

gsize
bitmaze_stepper_get_frontier (BitmazeStepper *self,
                              guint32        *out,
                              gsize           max)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  /* A build without history is not shown step by step: no frontier. */
  if (self->quick != NULL || self->source == NULL || bitmaze_step_source_finished (self->source))
    return 0;
  return bitmaze_step_source_frontier (self->source, out, max);
}

void
bitmaze_stepper_get_stats (BitmazeStepper *self,
                           MazeSolveStats *stats)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  memset (stats, 0, sizeof *stats);
  if (self->quick != NULL)
    stats->steps = maze_generator_steps (self->quick);
  else if (self->source != NULL)
    bitmaze_step_source_stats (self->source, stats);
}

gint64
bitmaze_stepper_get_waited_time (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->waited_us + (self->running ? g_get_monotonic_time () - self->running_since : 0);
}

void
bitmaze_stepper_add_waited_time (BitmazeStepper *self,
                                 gint64          us)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  self->waited_us += us;
}

gint64
bitmaze_stepper_get_engine_time (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), 0);

  return self->engine_us;
}

gboolean
bitmaze_stepper_get_has_search (BitmazeStepper *self)
{
  g_return_val_if_fail (BITMAZE_IS_STEPPER (self), FALSE);

  return self->has_search;
}

void
bitmaze_stepper_set_has_search (BitmazeStepper *self,
                                gboolean        has_search)
{
  g_return_if_fail (BITMAZE_IS_STEPPER (self));

  self->has_search = has_search;
}
