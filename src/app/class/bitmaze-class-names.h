/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-names.h: a student's name as the class sees it, and when
 * two names look the same.
 *
 * A name is normalised (NFKC), its invisible characters dropped (control,
 * format and default-ignorable ones, fillers and blank Braille cells
 * count as spaces), runs of space become one, the ends are trimmed, at
 * most BITMAZE_CLASS_MARKS_MAX combining marks follow a character, and it
 * is cut to BITMAZE_CLASS_NAME_MAX characters.  A zero-width joiner or
 * non-joiner stays only between two visible characters (an emoji
 * sequence, a Persian word) and a variation selector only after one.  A
 * name with nothing visible left is "".
 *
 * Two names look the same when their skeletons (ICU's confusable
 * skeleton, UTS #39, of the case-folded name) are equal: "Ana" and the
 * Cyrillic "Аna", "ana" and "ANA".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Combining marks kept after one character (Hebrew with points needs 3). */
#define BITMAZE_CLASS_MARKS_MAX 3

char *bitmaze_class_name_clean    (const char *raw,
                                   guint       max_chars);
char *bitmaze_class_name_skeleton (const char *name);

G_END_DECLS
