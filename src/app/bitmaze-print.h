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

/* A worksheet of new mazes, as Export Worksheet… makes it. */
typedef enum
{
  BITMAZE_SHEET_ANSWERS_PAGES = 0, /* after the puzzle pages */
  BITMAZE_SHEET_ANSWERS_FILE,      /* in a PDF of their own */
  BITMAZE_SHEET_ANSWERS_NONE,
} BitmazeSheetAnswers;

typedef struct
{
  guint                count;      /* 1 .. 240 mazes */
  guint                width;      /* 1 .. 250 cells (exercises: 1 .. 12) */
  guint                height;
  const char          *generator;  /* a full name; NULL or "": the session's */
  RenderPaper          paper;
  BitmazeSheetAnswers  answers;
  guint                exercises;  /* a mask of RenderExerciseKind; 0: the mazes alone */
  const char          *title;      /* NULL or "": "Mazes" or "Bits of a maze" */
} BitmazeSheetChoices;

typedef struct _BitmazeSheet BitmazeSheet;

/*
 * bitmaze_sheet_new:
 * @n_made: how many of the mazes to make (the rest stay out of the
 *          pages: a preview makes those of the first page only)
 *
 * The mazes of @choices, made with the generator from the session's seed
 * on (seed, seed + 1, ...) in the shape of its next maze, and solved for
 * the answers.  NULL with G_IO_ERROR_INVALID_ARGUMENT naming a choice out
 * of range, or the engine's error.
 */
BitmazeSheet *bitmaze_sheet_new        (BitmazeSession            *session,
                                        const BitmazeSheetChoices *choices,
                                        guint                      n_made,
                                        GError                   **error);
void          bitmaze_sheet_free       (BitmazeSheet *sheet);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeSheet, bitmaze_sheet_free)

/* The page size in points. */
void          bitmaze_sheet_get_page_size (BitmazeSheet *sheet,
                                           double       *width,
                                           double       *height);
/* Pages of the worksheet's file (without the answers of a separate
 * file). */
guint         bitmaze_sheet_n_pages    (BitmazeSheet *sheet);
/* The number of the first answer page for bitmaze_sheet_draw_page(), or
 * G_MAXUINT without answers. */
guint         bitmaze_sheet_first_answer_page (BitmazeSheet *sheet);
/* Draws @page (0 .. the puzzle pages, then the answer pages) in points
 * with its corner at the origin of @cr. */
void          bitmaze_sheet_draw_page  (BitmazeSheet *sheet,
                                        cairo_t      *cr,
                                        guint         page);
/* Writes the worksheet as a PDF to @file, and with answers in a file of
 * their own, those to @answers_file.  Every maze must have been made. */
gboolean      bitmaze_sheet_write      (BitmazeSheet  *sheet,
                                        GFile         *file,
                                        GFile         *answers_file,
                                        GError       **error);
/* Where the answers of the worksheet @file go: "sheet-answers.pdf" beside
 * "sheet.pdf" (the suffix translated). */
GFile        *bitmaze_sheet_answers_file_for (GFile *file);

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
