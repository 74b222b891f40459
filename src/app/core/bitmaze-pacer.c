/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "bitmaze-clock.h"
#include "bitmaze-pacer.h"

/* A frame's work in all, on the main thread's CPU: Run's steps, handing
 * them over, the view's tiles and what the window does after them
 * (layout, drawing).  The steps take what the rest of recent frames
 * leaves of it, between a quarter of STEP_BUDGET_US and all of it: a big
 * maze's frame costs the window more to draw, and the frame stays under
 * the display's 16.7 ms with room to spare.  The tiles take what the
 * frame did not spend before them, less what rendering takes after. */
#define FRAME_WORK_US     12000
/* Run never spends more than this on engine steps in one frame, so a
 * window keeps drawing at the display's rate whatever the speed. */
#define STEP_BUDGET_US    6000
/* A Run at full speed hands its changes to the window in batches: the
 * frames between two hand-overs only step (up to BATCH_SLICE_US each,
 * and draw nothing new), and a batch is handed over once its steps took
 * BATCH_SHARE times (in the main thread's CPU) what the window spent
 * since the last hand-over besides them: drawing what it showed (the
 * tiles may take several frames), layout, the status.  (Handing the cells over
 * costs the same a step however they are batched: it does not count,
 * or a batch would grow with its own hand-over.)  So the window's own work
 * stays a small constant part of each step however big the maze, while
 * every frame stays short: a key press waits for one frame, never for a
 * batch.  A batch is handed over after BATCH_MAX_US at the latest, so
 * the picture keeps moving on a slow machine. */
/* It is handed over too once it holds as many changed cells as the window
 * marks in HANDOVER_US (their cost a cell measured at each hand-over: a
 * cell of a bigger maze costs more, its memory further off), between
 * BATCH_MIN_CELLS and BITMAZE_PACER_BATCH_CELLS, whatever its steps
 * took: so a frame that hands over stays short too. */
#define HANDOVER_US       30000
#define BATCH_MIN_CELLS   65536
#define BATCH_SLICE_US    13000
#define BATCH_SHARE       6
#define BATCH_MAX_US      150000

struct _BitmazePacer
{
  GObject parent_instance;

  /* Run's steps */
  gint64  last_frame_time;
  double  credit;
  gint64  view_us;        /* handing the last frame's changes over */
  gint64  unframed_us;    /* work done since the last frame, outside it */
  gint64  steps_cpu_end;  /* the thread's CPU time when the last frame's steps ended */
  gint64  rest_us;        /* the CPU of a frame after its steps, of late */
  gint64  max_frame_work;
  gint64  batch_since;    /* monotonic time the batch began, 0 for none */
  gint64  cycle_cpu;      /* the thread's CPU time at the last hand-over */
  gint64  cycle_steps_cpu;/* the CPU of the steps since */
  guint   batch_cells;    /* a batch is handed over at this many cells */
  gboolean draw_queued;   /* the view paints in the next frame */

  /* The view's frames */
  gint64  frame_start;    /* monotonic time the frame began */
  gint64  frame_cpu_end;  /* the thread's CPU time when the last frame ended */
  gint64  snapshot_end;   /* when this frame's tiles were done */
  gint64  render_us;      /* recent time from snapshot to end of frame */
};

G_DEFINE_FINAL_TYPE (BitmazePacer, bitmaze_pacer, G_TYPE_OBJECT)

static void
bitmaze_pacer_class_init (BitmazePacerClass *klass)
{
}

static void
bitmaze_pacer_init (BitmazePacer *self)
{
}

BitmazePacer *
bitmaze_pacer_new (void)
{
  return g_object_new (BITMAZE_TYPE_PACER, NULL);
}

void
bitmaze_pacer_run_started (BitmazePacer *self,
                           gint64        unframed_us)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->last_frame_time = 0;
  /* Until a frame has measured what handing the changes to the view
   * takes, a guess. */
  self->view_us = STEP_BUDGET_US / 3;
  self->batch_cells = BITMAZE_PACER_BATCH_CELLS;
  self->unframed_us = unframed_us;
  /* The first step comes at once, even at one step a second. */
  self->credit = 1.0;
  self->batch_since = 0;
  self->cycle_cpu = 0;
  self->cycle_steps_cpu = 0;
}

void
bitmaze_pacer_add_unframed (BitmazePacer *self,
                            gint64        us)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->unframed_us = us;
}

/* What the window's frame cost besides Run's steps, as measured between
 * two frames of Run: it rises at once and falls back slowly, so that one
 * cheap frame does not give the steps room a costly one needs. */
static void
note_rest_of_frame (BitmazePacer *self,
                    gint64        frame_time,
                    gint64        cpu_now)
{
  gint64 rest;

  if (self->last_frame_time == 0 || self->steps_cpu_end == 0
      || frame_time - self->last_frame_time > 100000)
    return;
  rest = cpu_now - self->steps_cpu_end;
  if (rest >= self->rest_us)
    self->rest_us = rest;
  else
    self->rest_us -= (self->rest_us - rest) / 8;
}

guint64
bitmaze_pacer_wanted_steps (BitmazePacer *self,
                            gint64        frame_time,
                            double        speed,
                            gboolean      unlimited)
{
  guint64 wanted = G_MAXUINT64;

  g_return_val_if_fail (BITMAZE_IS_PACER (self), 0);

  note_rest_of_frame (self, frame_time, bitmaze_thread_cpu_us ());
  if (!unlimited)
    {
      double rate = pow (10.0, speed);

      if (self->last_frame_time != 0)
        self->credit += rate * (frame_time - self->last_frame_time) / G_USEC_PER_SEC;
      /* After a stall, do not try to catch up in one burst. */
      self->credit = MIN (self->credit, MAX (1.0, rate / 4));
      wanted = (guint64) self->credit;
    }
  self->last_frame_time = frame_time;
  return wanted;
}

gint64
bitmaze_pacer_step_budget (BitmazePacer *self,
                           gint64        frame_time,
                           gboolean      quick)
{
  gint64 budget = STEP_BUDGET_US;

  g_return_val_if_fail (BITMAZE_IS_PACER (self), STEP_BUDGET_US);

  /* Handing the changes over costs time too (more for big frames): what
   * it took last frame comes off this frame's stepping.  So does, for a
   * search, what the window took after the steps of recent frames; a
   * build without a history hands the view nothing until it is done,
   * and its frames cost the window little. */
  if (!quick)
    budget = MIN (budget, FRAME_WORK_US - self->rest_us);
  budget = MAX (STEP_BUDGET_US / 4, budget - self->view_us - self->unframed_us);
  /* A frame within a batch shows nothing new: its steps may take more.
   * So may those of a build without a history, which shows nothing
   * until it is done (at 6 ms a frame a 20000 x 20000 maze took twice
   * its CPU time to come). */
  if ((self->batch_since != 0 || quick) && self->unframed_us == 0)
    budget = BATCH_SLICE_US;
  self->unframed_us = 0;
  return budget;
}

void
bitmaze_pacer_steps_done (BitmazePacer *self,
                          guint64       done,
                          gboolean      unlimited,
                          gint64        view_us,
                          gint64        work_us)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  if (!unlimited)
    self->credit -= done;
  self->view_us = view_us;
  self->max_frame_work = MAX (self->max_frame_work, work_us);
  self->steps_cpu_end = bitmaze_thread_cpu_us ();
  /* (A hand-over: a batch's window work is counted from here.) */
  self->cycle_cpu = self->steps_cpu_end;
  self->cycle_steps_cpu = 0;
}

guint
bitmaze_pacer_batch_cells (BitmazePacer *self)
{
  g_return_val_if_fail (BITMAZE_IS_PACER (self), BITMAZE_PACER_BATCH_CELLS);

  return self->batch_cells;
}

void
bitmaze_pacer_cells_handed_over (BitmazePacer *self,
                                 guint         n_cells,
                                 gint64        view_us)
{
  guint64 cells;

  g_return_if_fail (BITMAZE_IS_PACER (self));

  /* Only a hand-over of many cells tells their cost a cell. */
  if (n_cells < BATCH_MIN_CELLS || view_us <= 0)
    return;
  cells = (guint64) n_cells * HANDOVER_US / (guint64) view_us;
  cells = CLAMP (cells, BATCH_MIN_CELLS, BITMAZE_PACER_BATCH_CELLS);
  self->batch_cells = (guint) ((self->batch_cells + cells) / 2);
}

gboolean
bitmaze_pacer_batch_due (BitmazePacer *self,
                         gint64        steps_us,
                         gint64        steps_cpu_us,
                         guint         n_cells)
{
  gint64 now = g_get_monotonic_time ();
  gint64 window_us = self->rest_us;

  g_return_val_if_fail (BITMAZE_IS_PACER (self), TRUE);

  if (self->batch_since == 0)
    self->batch_since = now - steps_us;
  self->cycle_steps_cpu += steps_cpu_us;
  /* A frame that paints does not hand over as well (see
   * bitmaze_pacer_draw_queued ()). */
  if (self->draw_queued && n_cells / 2 < self->batch_cells)
    return FALSE;
  /* What the window spent since the last hand-over besides the steps:
   * the tiles it showed may take several frames to draw. */
  if (self->cycle_cpu != 0)
    window_us = MAX (window_us, bitmaze_thread_cpu_us () - self->cycle_cpu - self->cycle_steps_cpu);
  if (self->cycle_steps_cpu < BATCH_SHARE * window_us
      && now - self->batch_since < BATCH_MAX_US
      && n_cells < self->batch_cells)
    return FALSE;
  self->batch_since = 0;
  return TRUE;
}

void
bitmaze_pacer_steps_batched (BitmazePacer *self,
                             gint64        work_us)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->max_frame_work = MAX (self->max_frame_work, work_us);
  /* The next frame's start measures nothing of a frame that showed
   * nothing new (see note_rest_of_frame ()). */
  self->steps_cpu_end = 0;
}

gint64
bitmaze_pacer_take_max_frame_work (BitmazePacer *self)
{
  gint64 work;

  g_return_val_if_fail (BITMAZE_IS_PACER (self), 0);

  work = self->max_frame_work;
  self->max_frame_work = 0;
  return work;
}

gint64
bitmaze_pacer_slice_us (BitmazePacer *self)
{
  return STEP_BUDGET_US;
}

void
bitmaze_pacer_frame_begins (BitmazePacer *self)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->frame_start = g_get_monotonic_time ();
  self->snapshot_end = 0;
}

void
bitmaze_pacer_snapshot_ended (BitmazePacer *self)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->snapshot_end = g_get_monotonic_time ();
  self->draw_queued = FALSE;
}

void
bitmaze_pacer_draw_queued (BitmazePacer *self)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->draw_queued = TRUE;
}

/* What rendering took after the tiles, remembered as a maximum that fades
 * by an eighth a frame: one slow frame does not shrink the tiles' share
 * for long, a steady cost keeps it small. */
void
bitmaze_pacer_frame_ends (BitmazePacer *self)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->render_us -= self->render_us / 8;
  if (self->snapshot_end != 0)
    self->render_us = MAX (self->render_us, g_get_monotonic_time () - self->snapshot_end);
  self->frame_cpu_end = bitmaze_thread_cpu_us ();
}

void
bitmaze_pacer_forget_frames (BitmazePacer *self)
{
  g_return_if_fail (BITMAZE_IS_PACER (self));

  self->frame_start = 0;
  self->frame_cpu_end = 0;
}

gint64
bitmaze_pacer_tile_budget (BitmazePacer *self,
                           gint64        min_us,
                           gint64        max_us)
{
  gint64 spent;

  g_return_val_if_fail (BITMAZE_IS_PACER (self), max_us);

  if (self->frame_start == 0)
    return max_us;
  /* What the frame has cost so far: since it began, and the CPU of what
   * ran between it and the last one (a click's handler, the first slice
   * of a build), which delays it just as much. */
  spent = g_get_monotonic_time () - self->frame_start;
  if (self->frame_cpu_end != 0)
    spent = MAX (spent, bitmaze_thread_cpu_us () - self->frame_cpu_end);
  return CLAMP (FRAME_WORK_US - spent - self->render_us, min_us, max_us);
}
