/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-picture.h: Export: a picture of the maze in a file.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

G_BEGIN_DECLS

/* Writes a PNG, SVG or PDF picture of @maze (by the file's name) with
 * the renderer, big mazes with smaller cells; the search and the
 * solution shown when asked.  FALSE with @error naming what is wrong
 * (not a local file, an unknown extension, the renderer's error). */
gboolean bitmaze_picture_export (const Maze  *maze,
                                 GFile       *file,
                                 gboolean     show_search,
                                 gboolean     show_solution,
                                 GError     **error);

G_END_DECLS
