/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-files.h: a window's file dialogs: Open, Save, Save As, Export
 * Image, and "Save Changes?" before anything would lose the changes.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_FILES (bitmaze_files_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeFiles, bitmaze_files, BITMAZE, FILES, GObject)

/* What to do once the changes are saved or given up; @discarded says the
 * user chose to lose them. */
typedef void (*BitmazeFilesThen) (gpointer data,
                                  gboolean discarded);

/* Adds win.open, win.save, win.save-as and win.export to @window (their
 * dialogs' parent) about @session's maze; an exported picture shows the
 * search and solution as @view (a BitmazeMazeView) does.  Messages go out
 * as ::message (a sentence for a toast). */
BitmazeFiles *bitmaze_files_new             (GtkWindow        *window,
                                             BitmazeSession   *session,
                                             GtkWidget        *view);

/* Runs @then now, or after the user saved or discarded the changes;
 * never when they cancel.  @destroy (may be NULL) frees @data. */
void          bitmaze_files_confirm_discard (BitmazeFiles     *self,
                                             BitmazeFilesThen  then,
                                             gpointer          data,
                                             GDestroyNotify    destroy);

/* Opens @file after asking about unsaved changes; errors in a message. */
void          bitmaze_files_open            (BitmazeFiles     *self,
                                             GFile            *file);

G_END_DECLS
