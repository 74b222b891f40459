/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-error.h: engine errors in the user's language, for the app and
 * the CLI (the engine itself has no gettext; see MazeErrorCode in maze.h).
 */
#pragma once

#include <glib.h>

#include "maze.h"

G_BEGIN_DECLS

/* Returns @error's message in the user's language (a new string, g_free it):
 * the template its code names, translated, filled in with its values and
 * with translated direction names.  Falls back to error->message, the
 * English text of maze-format.md, for MAZE_ERR_NONE, for a code this
 * function does not know, and when no translation is active, so under
 * LANGUAGE=C the text is exactly the engine's. */
char *bitmaze_error_message (const MazeError *error);

/* Sets @error (if not NULL) in @domain with @code and @merror's message in
 * the user's language. */
void bitmaze_error_propagate (GError          **error,
                              GQuark            domain,
                              gint              code,
                              const MazeError  *merror);

G_END_DECLS
