/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-window-private.h: the window's internal API, for the GUI tests
 * and for panels (the bit inspector) that live inside the window.
 */
#pragma once

#include "maze.h"

#include "bitmaze-maze-view.h"
#include "bitmaze-window.h"

G_BEGIN_DECLS

typedef enum
{
  BITMAZE_PHASE_BUILDING, /* a generator is in progress */
  BITMAZE_PHASE_READY,    /* a maze, no search running */
  BITMAZE_PHASE_SOLVING,  /* a solver is in progress */
  BITMAZE_PHASE_SOLVED,   /* the solver found the goal */
  BITMAZE_PHASE_NO_PATH,  /* the solver ended without reaching it */
} BitmazePhase;

/* The maze shown (owned by the window; replaced by New and Open, so do
 * not keep it across those: listen to notify::maze). */
Maze            *bitmaze_window_get_maze         (BitmazeWindow *self);
BitmazeMazeView *bitmaze_window_get_view         (BitmazeWindow *self);
/* The stepper in progress, or NULL: a generator while building, the
 * solver of the current search (kept when it has finished). */
MazeGenerator   *bitmaze_window_get_generator    (BitmazeWindow *self);
MazeSolver      *bitmaze_window_get_solver       (BitmazeWindow *self);
BitmazePhase     bitmaze_window_get_phase        (BitmazeWindow *self);
gboolean         bitmaze_window_get_running      (BitmazeWindow *self);
/* The report of the last step done, or NULL when none since the last
 * New, Open or Reset. */
const MazeStep  *bitmaze_window_get_last_step    (BitmazeWindow *self);
/* The end pane where a side panel (the bit inspector) goes; hidden and
 * empty until something is added and shown there. */
GtkBox          *bitmaze_window_get_side_panel   (BitmazeWindow *self);

/* The bit inspector's click on a bit: maze_toggle_bit() on the window's
 * maze, then the view repaints, the document is modified and a search in
 * progress ends (its bits stay).  @report (may be NULL) gets the engine's
 * report.  FALSE with the reason (the engine's message for a border bit)
 * while a maze is being built or when the engine refuses. */
gboolean         bitmaze_window_toggle_bit       (BitmazeWindow *self,
                                                  guint          index,
                                                  guint          bit,
                                                  MazeStep      *report,
                                                  GError       **error);

/* Seed of the current maze (and of the next one made with win.generate). */
guint64          bitmaze_window_get_seed         (BitmazeWindow *self);
void             bitmaze_window_set_seed         (BitmazeWindow *self,
                                                  guint64        seed);
/* Size of the next maze made with win.generate or win.new. */
void             bitmaze_window_set_maze_size    (BitmazeWindow *self,
                                                  guint          width,
                                                  guint          height);

/* The file behind the maze, or NULL for an untitled maze. */
GFile           *bitmaze_window_get_file         (BitmazeWindow *self);
gboolean         bitmaze_window_get_modified     (BitmazeWindow *self);

/* Synchronous variants of Open and Save, without dialogs. */
gboolean         bitmaze_window_load_file        (BitmazeWindow *self,
                                                  GFile         *file,
                                                  GError       **error);
gboolean         bitmaze_window_save_to_file     (BitmazeWindow *self,
                                                  GFile         *file,
                                                  GError       **error);
gboolean         bitmaze_window_export_to_file   (BitmazeWindow *self,
                                                  GFile         *file,
                                                  GError       **error);

/* The "Save changes?" dialog while one is shown, else NULL. */
AdwMessageDialog *bitmaze_window_get_save_dialog (BitmazeWindow *self);
/* The message of the last toast shown, or NULL. */
const char      *bitmaze_window_get_last_toast   (BitmazeWindow *self);
/* Text of the status line and of its state label ("Solved", "No path"...). */
const char      *bitmaze_window_get_status_text  (BitmazeWindow *self);
const char      *bitmaze_window_get_state_text   (BitmazeWindow *self);
/* Longest time, in microseconds, one frame of Run spent stepping and
 * handing changes to the view since the last call (reset to 0). */
gint64           bitmaze_window_take_max_frame_work (BitmazeWindow *self);

G_END_DECLS
