/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-lab-run.h: Run Your Code…, the lab in the window.
 *
 * A bar under the maze that runs a student's C file (create_dfs,
 * solve_dfs or solve_bfs written against bitmaze-lab.h, docs/lab.md) on
 * the maze on screen: compiled with the system's compiler and run in the
 * lab's confined runner on a worker thread, with what it does and a
 * Cancel button shown meanwhile.  The student's steps then become the
 * window's steps through a recorded step source, so Step, Back, the
 * timeline, the bit inspector and its operation log work on them; the
 * first step that differs from Bitmaze's own run is marked on the
 * timeline and in the log, and the bar explains it.  A compile error
 * opens a dialog with the compiler's messages by line; a crash, a
 * time-out or the memory limit a dialog with the lab's words; the maze
 * on screen stays as it was whenever the run fails.
 *
 * Running code is always the user's choice: the window's action opens a
 * file chooser, and a dropped .c file is only offered (a dialog asks).
 */
#pragma once

#include <adwaita.h>

#include "bitmaze-session.h"
#include "bitmaze-timeline.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_LAB_RUN (bitmaze_lab_run_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeLabRun, bitmaze_lab_run, BITMAZE, LAB_RUN, GtkBox)

/* The bar of @window, stepping @session and marking @timeline. */
GtkWidget  *bitmaze_lab_run_new         (GtkWindow       *window,
                                         BitmazeSession  *session,
                                         BitmazeTimeline *timeline);

/* Asks for a .c file (a file chooser), then runs it. */
void        bitmaze_lab_run_choose      (BitmazeLabRun   *self);
/* Asks whether to run @file (dropped on the window), then runs it. */
void        bitmaze_lab_run_offer       (BitmazeLabRun   *self,
                                         GFile           *file);
/* Runs @file now (the user chose it). */
void        bitmaze_lab_run_start       (BitmazeLabRun   *self,
                                         GFile           *file);
void        bitmaze_lab_run_cancel      (BitmazeLabRun   *self);

/* Whether a file is being compiled or run (the property :busy). */
gboolean    bitmaze_lab_run_get_busy    (BitmazeLabRun   *self);
/* What the bar says (the progress, or how the run compares), or NULL. */
const char *bitmaze_lab_run_get_text    (BitmazeLabRun   *self);
/* The dialog the last run opened (a compile error, a crash), or NULL. */
AdwMessageDialog *bitmaze_lab_run_get_dialog (BitmazeLabRun *self);

/* Whether @file's name ends in ".c". */
gboolean    bitmaze_lab_run_is_source   (GFile           *file);

/* The compiler's messages by line: "Line 9, column 3: error: expected
 * ‘;’", each with the source line it shows under it. */
char       *bitmaze_lab_run_format_messages (const char *messages);

G_END_DECLS
