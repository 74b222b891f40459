/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-sheet.h: a worksheet of new mazes, as Export Worksheet… makes
 * it (the dialog's preview draws its pages, its PDF writes them).
 */
#pragma once

#include <gio/gio.h>

#include "bitmaze-session.h"
#include "maze-render.h"

G_BEGIN_DECLS

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

/* Lays @sheet out anew for @choices (title, paper, answers, which
 * exercises) without making its mazes again.  FALSE, @sheet untouched,
 * when @choices need other mazes: another count, answers the mazes were
 * not solved for, exercises instead of plain mazes or back; the size,
 * generator and seed are the caller's to compare. */
gboolean      bitmaze_sheet_set_layout (BitmazeSheet              *sheet,
                                        const BitmazeSheetChoices *choices);

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

G_END_DECLS
