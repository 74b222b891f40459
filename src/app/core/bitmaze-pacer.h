/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-pacer.h: one frame's work shared out, and Run's step credit.
 *
 * A frame of the window has about 12 ms of the main thread's CPU before
 * it misses the display's 16.7 ms.  Run's steps, handing their changes
 * to the view, the view's tiles and GTK's layout and drawing all come
 * out of it.  The pacer keeps that one budget (FRAME_WORK_US, in
 * bitmaze-pacer.c only) and what recent frames spent of it: the stepper
 * asks it how long this frame's steps may take and how many steps the
 * chosen speed allows, the maze view how long its tiles may take.  The
 * window owns one pacer and gives it to its session and its maze view;
 * a session or view without one makes its own.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_PACER (bitmaze_pacer_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePacer, bitmaze_pacer, BITMAZE, PACER, GObject)

BitmazePacer *bitmaze_pacer_new                (void);

/* ---- Run's steps ---- */

/* Run begins: the first step comes at once, whatever the speed; the
 * work of starting it (@unframed_us, e.g. clearing a big maze's marks)
 * comes off the first frame's share. */
void          bitmaze_pacer_run_started        (BitmazePacer *self,
                                                gint64        unframed_us);
/* Work done outside a frame that delays the next one (a build's first
 * slice after the click): it comes off that frame's steps. */
void          bitmaze_pacer_add_unframed       (BitmazePacer *self,
                                                gint64        us);
/* How many steps a frame at @frame_time (the frame clock's µs) may do at
 * @speed, log10 (steps a second); G_MAXUINT64 when @unlimited. */
guint64       bitmaze_pacer_wanted_steps       (BitmazePacer *self,
                                                gint64        frame_time,
                                                double        speed,
                                                gboolean      unlimited);
/* The µs this frame's steps may take, from the frame budget less what
 * handing the changes over and the rest of recent frames took; @quick,
 * a build without a history (its frames cost the window little).
 * Call once a frame, after bitmaze_pacer_wanted_steps (). */
gint64        bitmaze_pacer_step_budget        (BitmazePacer *self,
                                                gint64        frame_time,
                                                gboolean      quick);
/* The frame's @done steps are done (they come off the credit unless
 * @unlimited), handing them over took @view_us, the frame's whole work
 * @work_us: the pacer remembers them for the next frame. */
void          bitmaze_pacer_steps_done         (BitmazePacer *self,
                                                guint64       done,
                                                gboolean      unlimited,
                                                gint64        view_us,
                                                gint64        work_us);
/* A batch is handed over once it holds at most this many changed cells
 * (fewer where the window takes longer a cell, see
 * bitmaze_pacer_batch_cells ()): the window takes about 10 to 40 ns a
 * cell to mark them and draw them, so the frame that hands them over
 * stays short (a key waits for it). */
#define BITMAZE_PACER_BATCH_CELLS (1u << 20)

/* The changed cells a batch is handed over at, now. */
guint         bitmaze_pacer_batch_cells        (BitmazePacer *self);
/* A batch of @n_cells changed cells took the window @view_us to take. */
void          bitmaze_pacer_cells_handed_over  (BitmazePacer *self,
                                                guint         n_cells,
                                                gint64        view_us);

/* At full speed: this frame's steps took @steps_us (@steps_cpu_us of
 * the thread's CPU) and the batch holds @n_cells changed cells; is it
 * due to be handed over (and a new one begun)?  Otherwise the frame calls
 * bitmaze_pacer_steps_batched () instead of bitmaze_pacer_steps_done (). */
gboolean      bitmaze_pacer_batch_due          (BitmazePacer *self,
                                                gint64        steps_us,
                                                gint64        steps_cpu_us,
                                                guint         n_cells);
/* The frame's steps, @work_us, were kept for the batch's hand-over. */
void          bitmaze_pacer_steps_batched      (BitmazePacer *self,
                                                gint64        work_us);
/* Longest work of one frame of Run since the last call, in µs (reset). */
gint64        bitmaze_pacer_take_max_frame_work (BitmazePacer *self);
/* The most a slice of work off the frame clock may take at once (a
 * saved run replayed when idle), in µs. */
gint64        bitmaze_pacer_slice_us           (BitmazePacer *self);

/* ---- the view's drawing ---- */

/* A frame begins (the frame clock's before-paint). */
void          bitmaze_pacer_frame_begins       (BitmazePacer *self);
/* During a Run the view queued a draw of what earlier batches changed:
 * the next frame paints, so no batch is handed over in it (unless the
 * batch grew to twice its size), and a key waits for one of the two, not
 * both. */
void          bitmaze_pacer_draw_queued        (BitmazePacer *self);
/* The view's snapshot ends: rendering after it counts as the rest of
 * the frame (and the draw queued is done). */
void          bitmaze_pacer_snapshot_ended     (BitmazePacer *self);
/* A frame ends (the frame clock's after-paint). */
void          bitmaze_pacer_frame_ends         (BitmazePacer *self);
/* The view lost its frame clock (unrealized): no frame is under way. */
void          bitmaze_pacer_forget_frames      (BitmazePacer *self);
/* The µs the view's tiles may take now, between @min_us and @max_us: the
 * frame budget less what the frame spent before them (and what ran
 * since the last frame) and what rendering takes after them. */
gint64        bitmaze_pacer_tile_budget        (BitmazePacer *self,
                                                gint64        min_us,
                                                gint64        max_us);

G_END_DECLS
