/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-error.h: engine errors in the user's language, for the app and
 * the CLI (the engine itself has no gettext; see MazeMessage in maze.h).
 */
#pragma once

#include <glib.h>

#include "maze.h"

G_BEGIN_DECLS

/* Returns @error's message in the user's language (a new string, g_free it):
 * the template of its code, translated, filled in with its values and with
 * translated direction names.  Without a translation (LANGUAGE=C) that is
 * exactly error->message, the engine's English. */
char *bitmaze_error_message (const MazeError *error);

/* Sets @error (if not NULL) in @domain with @code and @merror's message in
 * the user's language. */
void bitmaze_error_propagate (GError          **error,
                              GQuark            domain,
                              gint              code,
                              const MazeError  *merror);

G_END_DECLS
