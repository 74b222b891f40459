/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet.h: the titles of a worksheet's mazes in the user's
 * language, for the app's and the CLI's worksheets.
 */
#pragma once

#include <glib.h>

#include "maze.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* One title per maze, for render_worksheet_to_file(): its "title"
 * metadata, else "Maze 3" (its number; the seed is small print, see
 * bitmaze_worksheet_seed_lines()).  A new array of strings; free it with
 * g_ptr_array_unref(). */
GPtrArray *bitmaze_worksheet_titles (const Maze *const *mazes,
                                     size_t             n_mazes);

/* One line of small print per maze of a plain worksheet, to make it
 * again: "seed 44 · prim · 15 × 15" (RenderWorksheetOptions.small_print).
 * A new array of strings; free it with g_ptr_array_unref(). */
GPtrArray *bitmaze_worksheet_seed_lines (const Maze *const *mazes,
                                         size_t             n_mazes);

/* The words of an exercise sheet in the user's language (static
 * strings, translated). */
void       bitmaze_worksheet_exercise_text (RenderExerciseText *text);

/* One line of small print per exercise sheet, to make it again: "Maze 2
 * of 4 · seed 45 · prim · 6 x 6".  A new array of strings; free it with
 * g_ptr_array_unref(). */
GPtrArray *bitmaze_worksheet_small_print   (const Maze *const *mazes,
                                            size_t             n_mazes);

/* What the cell labels of @options are, in a sentence for under the
 * maze ("Labels: the backtrack nibble (bits 12–15) in binary"), or NULL
 * without labels.  A static translated string. */
const char *bitmaze_label_note              (const RenderOptions *options);

G_END_DECLS
