/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <gtk/gtk.h>

#include "maze.h"
#include "maze-render.h"

#include "bitmaze-session.h"

G_BEGIN_DECLS

/**
 * BitmazeLabelMode:
 * @BITMAZE_LABEL_NONE: no labels
 * @BITMAZE_LABEL_WORD_HEX: the whole cell word in hex ("02D2")
 * @BITMAZE_LABEL_NIBBLE_BIN: the nibble of #BitmazeMazeView:label-nibble in binary
 * @BITMAZE_LABEL_NIBBLE_HEX: the nibble of #BitmazeMazeView:label-nibble in hex
 *
 * What the view writes into each cell when the cells are big enough to hold
 * readable text (the same values as the renderer's RenderLabelMode).
 */
typedef enum
{
  BITMAZE_LABEL_NONE = 0,
  BITMAZE_LABEL_WORD_HEX,
  BITMAZE_LABEL_NIBBLE_BIN,
  BITMAZE_LABEL_NIBBLE_HEX,
} BitmazeLabelMode;

#define BITMAZE_TYPE_LABEL_MODE (bitmaze_label_mode_get_type ())
GType bitmaze_label_mode_get_type (void) G_GNUC_CONST;

#define BITMAZE_TYPE_MAZE_VIEW (bitmaze_maze_view_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeMazeView, bitmaze_maze_view, BITMAZE, MAZE_VIEW, GtkWidget)

GtkWidget        *bitmaze_maze_view_new               (void);

/* The maze to draw; not owned (the window owns it and calls set_maze (NULL)
 * or another maze before freeing it).  Resets the selection, the frontier
 * and the changed cells, and rebuilds the cached drawing. */
void              bitmaze_maze_view_set_maze          (BitmazeMazeView *self,
                                                       Maze            *maze);
Maze             *bitmaze_maze_view_get_maze          (BitmazeMazeView *self);

/* Shows the maze of @session and follows it: its cells as they change,
 * the step shown (highlighted) and the frontier.  NULL stops. */
void              bitmaze_maze_view_set_session       (BitmazeMazeView *self,
                                                       BitmazeSession  *session);

/* The pacer that shares a frame's work between the session's steps and
 * the view's tiles (the window's); a view has one of its own until
 * given one.  Unlike the session, a view needs one to itself: two views
 * on one pacer would count each other's frames. */
void              bitmaze_maze_view_set_pacer         (BitmazeMazeView *self,
                                                       BitmazePacer    *pacer);

/* Walls (passage bits) changed anywhere, or the start or goal moved:
 * rebuilds the cached drawing. */
void              bitmaze_maze_view_walls_changed     (BitmazeMazeView *self);

/* Only these cells changed (search bits, or passages during generation):
 * repaints them (and the parts of their neighbours they reach into). */
void              bitmaze_maze_view_cells_changed     (BitmazeMazeView *self,
                                                       const uint32_t  *cells,
                                                       size_t           n);

/* Highlights the algorithm's working set (DFS stack, BFS queue ...); the
 * view copies the list.  n = 0 clears it.  Only the cells that entered or
 * left the set are repainted. */
void              bitmaze_maze_view_set_frontier      (BitmazeMazeView *self,
                                                       const uint32_t  *cells,
                                                       size_t           n);

/* Highlights the cells the last step changed until the next call (n = 0
 * clears the highlight).  The view copies the list. */
void              bitmaze_maze_view_set_changed       (BitmazeMazeView *self,
                                                       const uint32_t  *cells,
                                                       size_t           n);
/* TRUE while parts of the maze still wait to be drawn: after a new maze,
 * a zoom or a style change the view spreads its drawing over frames. */
gboolean          bitmaze_maze_view_is_drawing        (BitmazeMazeView *self);
/* TRUE while the overview of a huge maze (its level-of-detail pyramid,
 * for zooming out without reading every cell) is being built between
 * frames; until then the view draws from the cells. */
gboolean          bitmaze_maze_view_is_building_overview (BitmazeMazeView *self);

/* Is cell @index highlighted as changed by the last step? */
gboolean          bitmaze_maze_view_cell_is_changed   (BitmazeMazeView *self,
                                                       guint            index);

/* The player's trail in Play mode, start first; its last cell is where
 * the player stands (the view copies the list; n = 0 hides it).  Only the
 * cells where the old and new trail differ are repainted. */
void              bitmaze_maze_view_set_trail         (BitmazeMazeView *self,
                                                       const uint32_t  *cells,
                                                       size_t           n);

double            bitmaze_maze_view_get_zoom          (BitmazeMazeView *self);
/* 1.0 fits the whole maze in the widget; larger zooms in and scrolls. */
void              bitmaze_maze_view_set_zoom          (BitmazeMazeView *self,
                                                       double           zoom);

gboolean          bitmaze_maze_view_get_edit_mode     (BitmazeMazeView *self);
void              bitmaze_maze_view_set_edit_mode     (BitmazeMazeView *self,
                                                       gboolean         edit_mode);

gboolean          bitmaze_maze_view_get_show_search   (BitmazeMazeView *self);
void              bitmaze_maze_view_set_show_search   (BitmazeMazeView *self,
                                                       gboolean         show_search);

gboolean          bitmaze_maze_view_get_show_solution (BitmazeMazeView *self);
void              bitmaze_maze_view_set_show_solution (BitmazeMazeView *self,
                                                       gboolean         show_solution);

BitmazeLabelMode  bitmaze_maze_view_get_label_mode    (BitmazeMazeView *self);
void              bitmaze_maze_view_set_label_mode    (BitmazeMazeView *self,
                                                       BitmazeLabelMode mode);

/* The nibble the NIBBLE label modes show: 0 passages, 1 border,
 * 2 solution, 3 backtrack. */
guint             bitmaze_maze_view_get_label_nibble  (BitmazeMazeView *self);
void              bitmaze_maze_view_set_label_nibble  (BitmazeMazeView *self,
                                                       guint            nibble);

/* The selected cell, or -1 for none. */
int               bitmaze_maze_view_get_selected_cell (BitmazeMazeView *self);
void              bitmaze_maze_view_set_selected_cell (BitmazeMazeView *self,
                                                       int              index);

/* Black walls on white and strong highlights, whatever the style: for a
 * projector. */
void              bitmaze_maze_view_set_high_contrast (BitmazeMazeView *self,
                                                       gboolean         high_contrast);
gboolean          bitmaze_maze_view_get_high_contrast (BitmazeMazeView *self);

/* Whether the view draws with the dark palette (follows AdwStyleManager). */
gboolean          bitmaze_maze_view_get_dark          (BitmazeMazeView *self);

/* The cell under the widget point (@x, @y), or -1 (margin, outside). */
int               bitmaze_maze_view_cell_at_point     (BitmazeMazeView *self,
                                                       double           x,
                                                       double           y);

/* The centre of cell @index in widget coordinates; FALSE when there is no
 * maze or @index is outside it. */
gboolean          bitmaze_maze_view_get_cell_center   (BitmazeMazeView *self,
                                                       guint            index,
                                                       double          *x,
                                                       double          *y);

/* What a click at the widget point (@x, @y) does, for the view's own
 * click gesture and for tests: outside edit mode, selects the cell there
 * and emits ::cell-clicked; in edit mode, selects it and emits
 * ::wall-clicked for the wall near the point, if any. */
void              bitmaze_maze_view_click_point       (BitmazeMazeView *self,
                                                       double           x,
                                                       double           y,
                                                       GdkModifierType  state,
                                                       guint            button);

/* The colours the view draws with now (its style, or the projector's
 * high contrast): what a legend beside it must use. */
void bitmaze_maze_view_get_palette (BitmazeMazeView *self,
                                    RenderPalette   *palette);

G_END_DECLS
