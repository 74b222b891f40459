/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-stepper-private.h: what bitmaze-stepper.c and
 * bitmaze-stepper-run.c (Run, predict mode's question, a saved run
 * coming back) share.  Nobody else includes it.  The functions below are
 * all bitmaze-stepper.c's: bitmaze-stepper-run.c is the layer above, and
 * calls down only.
 */
#pragma once

#include "bitmaze-reopen.h"
#include "bitmaze-stepper.h"

G_BEGIN_DECLS

/* The part of a build done at once, before the first frame, is the
 * caller's; a build without a history then goes on in slices of up to
 * QUICK_SLICE steps between looks at the clock, as many as take about
 * QUICK_SLICE_US (a maze of fewer cells is done in the first, however
 * slow the machine): the steps of a random walk can take thousands of
 * moves each, those of a corridor a few nanoseconds. */
#define QUICK_SLICE       4096
#define QUICK_SLICE_US    1000
/* How many steps run between two looks at the clock: steps with reports
 * (most take tens of nanoseconds; Kruskal's, the slowest, a few
 * hundred). */
#define CLOCK_CHECK_EVERY 64

/* A Run at full speed (see bitmaze_stepper_run_frame ()): the steps run
 * at the source's own speed between two looks at the clock (a 4000²
 * BFS: about 0.3 ms; A*: 0.9 ms), and the steps recorded after them in
 * each frame (about 0.1 ms). */
#define RUN_CHUNK 16384
#define RUN_TAIL  1024

/* What the properties said before an operation, so that it notifies what
 * changed, then ::moved: everything that shows the step follows. */
typedef struct
{
  BitmazePhase phase;
  guint64      first;
  guint64      position;
  guint64      length;
} Shown;

struct _BitmazeStepper
{
  GObject            parent_instance;

  Maze              *maze;
  BitmazePacer      *pacer;
  BitmazeStepperSearchFunc search_func;
  gpointer           search_data;

  /* What is in progress: a source with its history, or a build without
   * one (Animate Building off) made in slices. */
  BitmazeStepSource *source;
  MazeGenerator     *quick;
  guint64            quick_slice;    /* steps in its next slice */
  MazePlacement      quick_placement;
  guint64            quick_seed;
  BitmazePhase       phase;
  MazeStep           last_step;
  gboolean           has_last_step;
  gboolean           has_search;     /* the maze holds search bits */
  gint64             engine_us;
  /* The time the user waited for it: from each click (Generate, Run,
   * Step) until the work stopped, drawing included (see
   * bitmaze_stepper_get_waited_time ()). */
  gint64             waited_us;
  gint64             running_since;

  /* A step held back as a question, and which ones predict mode asks */
  MazeStep           question;
  gboolean           has_question;
  gboolean           question_stopped_run; /* Run goes on after the reveal */
  BitmazeStepperAskFunc ask_func;
  gpointer           ask_data;
  GDestroyNotify     ask_destroy;
  guint64            ask_every;

  /* A saved build or search coming back */
  BitmazeReopen     *reopen;
  guint              reopen_id;

  /* bitmaze_stepper_freeze () */
  guint              freeze_count;
  Shown              frozen;

  /* Run */
  gpointer           steps_listener;
  guint              steps_signal;
  gboolean           running;
  guint              run_idle_id;     /* see run_idle_cb () */
  gint64             run_frame_time;  /* the last frame's */
  double             speed;
  GArray            *changed;
  /* The newest reports of a frame of Run, or of a jump, in a ring */
  MazeStep          *steps;
  guint              n_steps;
  guint              steps_next;
  /* Steps of Run not handed over yet (the changed cells above, the
   * reports in the ring): at full speed, a batch of frames' steps is
   * handed over at once (bitmaze-pacer.h) */
  gboolean           pending;
  gboolean           pending_record; /* the reports go to the ring */
  Shown              pending_before; /* what was shown before them */
};

enum {
  PROP_0,
  PROP_PHASE,
  PROP_RUNNING,
  PROP_FIRST,
  PROP_POSITION,
  PROP_LENGTH,
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
  REPLACE_MAZE,
  N_SIGNALS
};


extern GParamSpec *bitmaze_stepper_properties[N_PROPS];
extern guint bitmaze_stepper_signals[N_SIGNALS];

void
bitmaze_stepper_emit_message (BitmazeStepper  *self,
                              const MazeError *error);
void
bitmaze_stepper_withdraw_question (BitmazeStepper *self);
void
bitmaze_stepper_hold_question (BitmazeStepper *self,
                               const MazeStep *next);
gboolean
bitmaze_stepper_asks_next (BitmazeStepper *self,
                           MazeStep       *next);
void
bitmaze_stepper_remember_shown (BitmazeStepper *self,
                                Shown          *shown);
void
bitmaze_stepper_announce_moved (BitmazeStepper *self,
                                const Shown    *before);
void
bitmaze_stepper_hand_over (BitmazeStepper *self,
                           gboolean        stop);
void
bitmaze_stepper_emit_cells (BitmazeStepper *self,
                            const guint32  *cells,
                            guint           n);
void
bitmaze_stepper_advance_quick (BitmazeStepper *self,
                               gint64          start,
                               gint64          budget);
gboolean
bitmaze_stepper_step_or_ask (BitmazeStepper *self,
                             gboolean        may_ask);
void
bitmaze_stepper_cancel_reopen (BitmazeStepper *self);
/* Run stops (bitmaze_stepper_set_running (FALSE)), if it runs. */
void
bitmaze_stepper_stop_running (BitmazeStepper *self);

G_END_DECLS
