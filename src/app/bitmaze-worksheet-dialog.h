/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet-dialog.h: Export Worksheet…, the choices a teacher
 * makes before a worksheet of new mazes is written (how many, their size
 * and generator, the exercises about the bits, a title, the paper, where
 * the answers go), with a live preview of the first page and the answer
 * page; remembered in GSettings.
 */
#pragma once

#include <adwaita.h>

#include "bitmaze-session.h"
#include "bitmaze-sheet.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_WORKSHEET_DIALOG (bitmaze_worksheet_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeWorksheetDialog, bitmaze_worksheet_dialog, BITMAZE,
                      WORKSHEET_DIALOG, AdwWindow)

/* A new dialog making worksheets from @session (its seed, generator and
 * shape), transient for @parent.  Its Export… button asks for a file and
 * writes it; the result is said in a toast of @parent's toast overlay. */
BitmazeWorksheetDialog *bitmaze_worksheet_dialog_new (GtkWindow      *parent,
                                                      BitmazeSession *session);

/* The choices of the dialog's settings.  The strings stay owned by the
 * dialog until the next call. */
void        bitmaze_worksheet_dialog_get_choices (BitmazeWorksheetDialog *self,
                                                  BitmazeSheetChoices    *choices);

/* Writes the worksheet the choices describe into @file, and with answers
 * in a file of their own, those beside it (bitmaze_sheet_answers_file_for())
 * (what Export… does once the file is chosen). */
gboolean    bitmaze_worksheet_dialog_write       (BitmazeWorksheetDialog *self,
                                                  GFile                  *file,
                                                  GError                **error);

/* The "Result" line: "4 pages, A4 · answers in a file of their own", or
 * what is wrong (for tests; owned by the dialog's row). */
const char *bitmaze_worksheet_dialog_get_result  (BitmazeWorksheetDialog *self);

/* The pages the preview shows: 1, or 2 with the answer page. */
guint       bitmaze_worksheet_dialog_get_n_previewed (BitmazeWorksheetDialog *self);

G_END_DECLS
