/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-maze-view.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_PLAY (bitmaze_play_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePlay, bitmaze_play, BITMAZE, PLAY, GtkWidget)

/* Play mode on @session's maze, shown in @view: the play bar (moves,
 * time, the result) for the caller to place below the maze; the win.play
 * toggle (P, Ctrl+Shift+P) added to @window (a GActionMap), and the keys,
 * clicks and drags that walk the player. */
BitmazePlay *bitmaze_play_new            (BitmazeSession  *session,
                                          BitmazeMazeView *view,
                                          GtkWidget       *window);

gboolean     bitmaze_play_get_active     (BitmazePlay   *self);
void         bitmaze_play_set_active     (BitmazePlay   *self,
                                          gboolean       active);

/* Walk one cell (MAZE_N, MAZE_E, MAZE_S or MAZE_W), as an arrow key does.
 * Returns FALSE when a wall (or the end of the game) stopped the player. */
gboolean     bitmaze_play_move           (BitmazePlay   *self,
                                          guint          dir);

/* The player's cell, the moves made and whether the goal was reached. */
guint        bitmaze_play_get_position   (BitmazePlay   *self);
guint        bitmaze_play_get_moves      (BitmazePlay   *self);
gboolean     bitmaze_play_get_finished   (BitmazePlay   *self);
/* The text of the bar's message (hint, or the result at the goal). */
const char  *bitmaze_play_get_message    (BitmazePlay   *self);
/* The sentence announced for the player's position. */
const char  *bitmaze_play_get_announcement (BitmazePlay *self);

G_END_DECLS
