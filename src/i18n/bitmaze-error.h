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

/**
 * bitmaze_explain_statement:
 * @statement: a statement as a step logs it ("maze[87] |= W << 12")
 * @before: the word before it
 * @answer: (nullable): a word given as the word after, or NULL
 * @mistake: (out) (optional): the answer's mistake (MAZE_MISTAKE_NONE
 *           without an answer, or when it is right)
 *
 * The explainer's words in the user's language: for a wrong @answer the
 * mistake's sentence, then (a new line) what the statement does (what
 * the mask is, what the operator does).  A new string (g_free it), or
 * NULL when the explainer cannot read @statement.
 */
char *bitmaze_explain_statement (const char  *statement,
                                 guint16      before,
                                 const guint16 *answer,
                                 MazeMistake *mistake);

G_END_DECLS
