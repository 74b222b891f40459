/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "bitmaze-application.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_WINDOW (bitmaze_window_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeWindow, bitmaze_window, BITMAZE, WINDOW, AdwApplicationWindow)

BitmazeWindow *bitmaze_window_new         (BitmazeApplication *application);
/* Opens @file after asking about unsaved changes; errors show in a toast. */
void           bitmaze_window_open_file   (BitmazeWindow      *self,
                                           GFile              *file);
/* An untitled maze without changes: the window can take a file instead. */
gboolean       bitmaze_window_is_pristine (BitmazeWindow      *self);
/* The session the window shows: its maze, file, steps and recipe. */
BitmazeSession *bitmaze_window_get_session (BitmazeWindow     *self);

G_END_DECLS
