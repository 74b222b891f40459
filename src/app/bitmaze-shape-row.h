/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-shape-row.h: the Shape row beside the generator: a rectangle,
 * a built-in shape, a word, or a mask file picked with a file chooser.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_SHAPE_ROW (bitmaze_shape_row_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeShapeRow, bitmaze_shape_row, BITMAZE, SHAPE_ROW, AdwComboRow)

GtkWidget  *bitmaze_shape_row_new           (void);

/* The shape chosen as a spec for bitmaze_shape_new_maze() (the "spec"
 * property, notified when the choice, the word or the file changes):
 * "" for a rectangle, "heart", "text:BITS", "mask:/path/to/file.png". */
const char *bitmaze_shape_row_get_spec      (BitmazeShapeRow *self);

/* Selects the choice that gives @spec (the "spec" property): a
 * rectangle for "", a built-in shape, the Word choice with the word of
 * "text:WORD", the Mask File choice with the file of "mask:PATH".  A spec
 * of no choice is ignored. */
void        bitmaze_shape_row_set_spec      (BitmazeShapeRow *self,
                                             const char      *spec);

/* The word of the Word choice, and the mask file of the Mask File choice
 * (a path, "" for none); also the "word" and "mask-path" properties. */
void        bitmaze_shape_row_set_word      (BitmazeShapeRow *self,
                                             const char      *word);
void        bitmaze_shape_row_set_mask_path (BitmazeShapeRow *self,
                                             const char      *path);

/* Keeps the choice, the word and the mask file in @settings' keys
 * "shape", "shape-word" and "shape-mask", both ways; after
 * bitmaze_shape_row_set_spec() (a window for an opened maze) the row
 * keeps its shape and the settings learn it. */
void        bitmaze_shape_row_bind_settings (BitmazeShapeRow *self,
                                             GSettings       *settings);

/* The choices of the "shape" key, in the row's order, NULL-terminated. */
extern const char * const bitmaze_shape_row_choices[];

G_END_DECLS
