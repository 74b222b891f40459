/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-private.h: helpers shared by the renderer's own files.
 * Not part of the public API.
 */
#pragma once

#include "maze-render.h"

/* Clamp @region (NULL: the whole maze) to the maze into @out; false when
 * nothing is left. */
bool maze_render_clamp_region (const Maze         *maze,
                               const MazeCellRect *region,
                               MazeCellRect       *out);

/* The label of @word for the options' label mode into @buf; returns its
 * length (0 for MAZE_LABEL_NONE). */
unsigned maze_render_label_text (const MazeRenderOptions *options,
                                 uint16_t                 word,
                                 char                     buf[8]);

/* The font size labels are drawn with, 0 when they do not fit. */
double maze_render_label_font_size (const MazeRenderOptions *options);

/* Where the grid starts: the margin, plus half a unit when the wall width
 * is an odd whole number (so that such walls cover whole pixels). */
double maze_render_origin (const MazeRenderOptions *options);
