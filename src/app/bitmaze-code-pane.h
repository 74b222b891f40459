/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-code-pane.h: the Code pane, the listing of the algorithm in
 * progress (maze.h "Listings") with the line of the step shown
 * highlighted, and the lines of its writes marked.  A click on a line
 * goes to the last step that ran it.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CODE_PANE (bitmaze_code_pane_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeCodePane, bitmaze_code_pane, BITMAZE, CODE_PANE, GtkWidget)

GtkWidget           *bitmaze_code_pane_new            (void);

/* Shows and follows @session's algorithm and step; NULL stops. */
void                 bitmaze_code_pane_set_session    (BitmazeCodePane *self,
                                                       BitmazeSession  *session);

/* Whether the lines show their comments (on unless turned off: the
 * presentation view, short of room, shows the code alone). */
void                 bitmaze_code_pane_set_show_comments (BitmazeCodePane *self,
                                                          gboolean         show);

/* The algorithm whose listing is shown, or NULL. */
const MazeAlgorithm *bitmaze_code_pane_get_algorithm  (BitmazeCodePane *self);

/* The line highlighted (the step shown ran it), from 1; 0 for none. */
guint                bitmaze_code_pane_get_line       (BitmazeCodePane *self);

/* Is line @line marked as a line that wrote a word in the step shown? */
gboolean             bitmaze_code_pane_line_wrote     (BitmazeCodePane *self,
                                                       guint            line);

/* What a click on line @line does: goes to the last step up to the one
 * shown that ran it and says so under the listing.  FALSE when no step
 * did (the line below says that instead). */
gboolean             bitmaze_code_pane_activate_line  (BitmazeCodePane *self,
                                                       guint            line);

/* The sentence under the listing (empty when there is none). */
const char          *bitmaze_code_pane_get_status     (BitmazeCodePane *self);

G_END_DECLS
