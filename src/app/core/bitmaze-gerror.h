/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-gerror.h: the engine's errors as GErrors, at the app's I/O
 * boundary.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

G_BEGIN_DECLS

/* Sets @error (G_IO_ERROR, the code that fits @merror's status: invalid
 * data for a bad file, no space for no memory, invalid argument for a
 * refused value) with @merror's message in the user's language.
 * Returns FALSE, for "return bitmaze_gerror_from_maze (...)". */
gboolean bitmaze_gerror_from_maze (const MazeError  *merror,
                                   GError          **error);

G_END_DECLS
