/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "bitmaze-lab-run.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

/* The application's type, without its header: the application includes
 * this one (files call each other in no circle). */
typedef struct _BitmazeApplication BitmazeApplication;

#define BITMAZE_TYPE_WINDOW (bitmaze_window_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeWindow, bitmaze_window, BITMAZE, WINDOW, AdwApplicationWindow)

BitmazeWindow *bitmaze_window_new         (BitmazeApplication *application);
/* A window showing @session (a file opened already) instead of a new maze. */
BitmazeWindow *bitmaze_window_new_for_session (BitmazeApplication *application,
                                               BitmazeSession     *session);
/* Opens @file after asking about unsaved changes; errors show in a toast. */
void           bitmaze_window_open_file   (BitmazeWindow      *self,
                                           GFile              *file);
/* An untitled maze without changes: the window can take a file instead. */
gboolean       bitmaze_window_is_pristine (BitmazeWindow      *self);
/* A sentence for the user, shown over the maze for a while. */
void           bitmaze_window_show_message (BitmazeWindow     *self,
                                            const char        *message);
/* The session the window shows: its maze, file, steps and recipe. */
BitmazeSession *bitmaze_window_get_session (BitmazeWindow     *self);

/* Run Your Code…: the bar under the maze that runs a student's file. */
BitmazeLabRun  *bitmaze_window_get_lab_run        (BitmazeWindow *self);

G_END_DECLS
