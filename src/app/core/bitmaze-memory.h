/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void    bitmaze_memory_tune      (void);
guint64 bitmaze_memory_available (void);

G_END_DECLS
