/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* Adds to @window (its action map and the parent of the dialogs)
 * win.print (Ctrl+P: the maze on a page, with its solution on a second
 * page if asked in the print dialog's Maze tab) and win.export-worksheet
 * (several new mazes on A4 or Letter pages, answers after them, as a
 * PDF), both about @session's maze. */
void     bitmaze_print_add_actions      (GtkWindow      *window,
                                         BitmazeSession *session);

/* What win.print prints, written to a PDF without any dialog (the print
 * operation's export). */
gboolean bitmaze_print_export_pdf       (BitmazeSession *session,
                                         GFile          *file,
                                         gboolean        with_solution,
                                         GError        **error);

/* What win.export-worksheet writes once its dialogs are answered: @count
 * mazes of @width x @height cells made with the session's generator from
 * its seed on (seed, seed + 1, ...). */
gboolean bitmaze_print_write_worksheet  (BitmazeSession *session,
                                         GFile          *file,
                                         guint           count,
                                         guint           width,
                                         guint           height,
                                         RenderPaper     paper,
                                         gboolean        answers,
                                         GError        **error);

/* The same with @exercises, a mask of RenderExerciseKind (0: the mazes
 * alone; else mazes of at most RENDER_EXERCISE_MAX_SIDE a side, a sheet
 * each, as bitmaze-cli worksheet --exercises makes them), and a @title
 * (NULL or empty: "Mazes" or "Bits of a maze"). */
gboolean bitmaze_print_write_exercises  (BitmazeSession *session,
                                         GFile          *file,
                                         guint           count,
                                         guint           width,
                                         guint           height,
                                         RenderPaper     paper,
                                         gboolean        answers,
                                         guint           exercises,
                                         const char     *title,
                                         GError        **error);

G_END_DECLS
