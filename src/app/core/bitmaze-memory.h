/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void    bitmaze_memory_tune      (void);
guint64 bitmaze_memory_available (void);

/* Whether a new maze of @width x @height cells (2 bytes a cell) and its
 * generator's working memory fit in what the system has available,
 * beside the maze shown (kept until the new one is made): said before
 * anything is allocated, so that the process is not ended halfway for
 * memory the kernel promised and did not have.  FALSE with @error
 * (G_IO_ERROR_NO_SPACE) naming both amounts when it does not fit. */
gboolean bitmaze_memory_check_maze (guint    width,
                                    guint    height,
                                    GError **error);

G_END_DECLS
