/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-window.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* Adds win.print (Ctrl+P: the maze on a page, with its solution on a
 * second page if asked in the print dialog's Maze tab) and
 * win.export-worksheet (several new mazes on A4 or Letter pages, answers
 * after them, as a PDF) to @window. */
void     bitmaze_print_add_actions      (BitmazeWindow  *window);

/* What win.print prints, written to a PDF without any dialog (the print
 * operation's export). */
gboolean bitmaze_print_export_pdf       (BitmazeWindow  *window,
                                         GFile          *file,
                                         gboolean        with_solution,
                                         GError        **error);

/* What win.export-worksheet writes once its dialogs are answered: @count
 * mazes of @width x @height cells made with the window's generator from
 * its seed on (seed, seed + 1, ...). */
gboolean bitmaze_print_write_worksheet  (BitmazeWindow  *window,
                                         GFile          *file,
                                         guint           count,
                                         guint           width,
                                         guint           height,
                                         RenderPaper     paper,
                                         gboolean        answers,
                                         GError        **error);

G_END_DECLS
