/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-shape.h: the shape of the next maze, as a recipe the window (or
 * a session) keeps: a "shape spec" string.  No widget here.
 *
 *   ""              a rectangle (every cell)
 *   "heart"         a built-in shape (maze_shape_builtin_names())
 *   "text:BITS"     a word in letters
 *   "mask:PATH"     a mask file: a PNG or a text mask (PATH in the file
 *                   system's encoding)
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

G_BEGIN_DECLS

#define BITMAZE_SHAPE_ERROR (bitmaze_shape_error_quark ())
GQuark bitmaze_shape_error_quark (void);

/**
 * bitmaze_shape_new_maze:
 * @spec: (nullable): a shape spec, NULL or "" for a rectangle
 *
 * A maze of @width x @height with every wall standing, of the cells of
 * @spec's shape (the start and goal on its first and last cells), its
 * "shape" metadata saying which ("heart", "text:BITS", "mask:logo.png").
 * A shape in several pieces is refused, like any other bad shape, with
 * the engine's message in the user's language.
 *
 * Returns: (transfer full): the maze, or NULL with @error set (domain
 * BITMAZE_SHAPE_ERROR, code the engine's MazeStatus).
 */
Maze *bitmaze_shape_new_maze (const char  *spec,
                              guint        width,
                              guint        height,
                              GError     **error);

/**
 * bitmaze_shape_is_mask:
 * @spec: (nullable): a shape spec
 *
 * Returns: whether @spec names a mask file ("mask:PATH"), whose cells
 * depend on a file that may change
 */
gboolean bitmaze_shape_is_mask (const char *spec);

/**
 * bitmaze_shape_spec_of_maze:
 * @maze: a maze opened from a file
 * @path: that file, in the file system's encoding
 *
 * The spec that makes more mazes of @maze's shape at its size: "" for a
 * rectangle; the spec of its "shape" metadata ("heart", "text:BITS") when
 * that spec gives exactly its cells; else "mask:@path", the file itself
 * as the mask (a mask named in its metadata may be gone, a hand-made
 * shape has none).
 *
 * Returns: (transfer full): the spec
 */
char *bitmaze_shape_spec_of_maze (const Maze *maze,
                                  const char *path);

/**
 * bitmaze_shape_border_meaning:
 * @bit: 4 .. 7, a border bit
 *
 * What a border bit of cell @cell means there, for the bit inspector's
 * tooltip: for a set bit whose side faces a cell outside a shaped maze's
 * shape, that the neighbour on that side is outside the maze; else NULL
 * (the bit's general meaning applies).
 *
 * Returns: (transfer full) (nullable): the sentence
 */
char *bitmaze_shape_border_meaning (const Maze *maze,
                                    guint       cell,
                                    guint       bit);

G_END_DECLS
