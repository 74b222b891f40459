/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-spare.h: the next maze's memory, made ready on a worker thread.
 *
 * A new maze is an array the system must find, map and zero page by page
 * before the first cell is written; for a big maze that is most of what
 * a click on Generate costs (a 2000 x 2000 maze's 8 MB cost the click 6
 * to 25 ms here).  So when the size or shape is set, and after each
 * Generate, a worker thread makes the next maze of that recipe and
 * writes all of its cells once; Generate takes it when the recipe still
 * matches.  It costs one maze's memory while it waits.  Only mazes from
 * 512 x 512 to 4096 x 4096 cells have one (bitmaze_spare_prepares ()).
 */
#pragma once

#include <glib-object.h>

#include "maze.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_SPARE (bitmaze_spare_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeSpare, bitmaze_spare, BITMAZE, SPARE, GObject)

BitmazeSpare *bitmaze_spare_new      (void);

/* Whether a maze of this size and shape gets a spare: big enough to
 * cost a frame, small enough to keep two of, and not from a mask file
 * (which may change or go before the click). */
gboolean      bitmaze_spare_prepares (guint         width,
                                      guint         height,
                                      const char   *shape);

/* The next maze will be of this recipe: a spare is made for it once the
 * main loop is idle (the size is often set one side at a time). */
void          bitmaze_spare_want     (BitmazeSpare *self,
                                      const char   *shape,
                                      guint         width,
                                      guint         height);
/* While @busy (a build or Run takes the frames) no spare is made: the
 * worker's page faults would slow the main thread's own allocations
 * down (both need the process's memory map).  The end of it asks again
 * for the last recipe wanted. */
void          bitmaze_spare_set_busy (BitmazeSpare *self,
                                      gboolean      busy);
/* The spare when it is of this recipe (transfer full), else NULL. */
Maze         *bitmaze_spare_take     (BitmazeSpare *self,
                                      const char   *shape,
                                      guint         width,
                                      guint         height);
/* Whether a spare of this recipe is ready (property :prepared says
 * when the spare comes or goes). */
gboolean      bitmaze_spare_ready    (BitmazeSpare *self,
                                      const char   *shape,
                                      guint         width,
                                      guint         height);

G_END_DECLS
