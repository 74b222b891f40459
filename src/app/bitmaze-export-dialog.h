/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-dialog.h: Export…, the choices a teacher makes before a
 * picture of the maze is written (format, size or page, what it shows,
 * a title), with a live preview; remembered in GSettings.
 */
#pragma once

#include <adwaita.h>

#include "bitmaze-session.h"
#include "maze-render.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_EXPORT_DIALOG (bitmaze_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeExportDialog, bitmaze_export_dialog, BITMAZE, EXPORT_DIALOG, AdwWindow)

/* A new dialog about @session's maze, transient for @parent.  Its Export…
 * button asks for a file and writes it; the result is said in a toast of
 * @parent's toast overlay. */
BitmazeExportDialog *bitmaze_export_dialog_new (GtkWindow      *parent,
                                                BitmazeSession *session);

/*
 * bitmaze_export_dialog_get_choices:
 * @maze: the maze the choices are for (its size decides a PNG's cells)
 * @options: (out): how the maze is drawn
 * @page: (out): the page, the title
 * @format: (out) (optional): PNG, SVG or PDF
 *
 * The choices of the dialog's settings, as the renderer takes them.  The
 * title in @page stays owned by the dialog.
 */
void      bitmaze_export_dialog_get_choices (BitmazeExportDialog *self,
                                             const Maze          *maze,
                                             RenderOptions       *options,
                                             RenderPage          *page,
                                             RenderFormat        *format);

/* Writes the picture the choices describe into @file (what Export… does
 * once the file is chosen). */
gboolean  bitmaze_export_dialog_write       (BitmazeExportDialog *self,
                                             GFile               *file,
                                             GError             **error);

/* The "Result" line: "1920 × 1304 pixels", "A4 portrait", ... (for
 * tests; owned by the dialog's label). */
const char *bitmaze_export_dialog_get_result (BitmazeExportDialog *self);

G_END_DECLS
