/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Makes every signal of @part whose name is among @signals (@n_signals
 * signal ids of @target's class) emit @target's signal of that name with
 * the same arguments: an object made of parts shows their signals as its
 * own.  Arguments must be pointers or numbers (copied as they are); at
 * most three.  The connections live as long as @part. */
void bitmaze_forward_signals (gpointer     target,
                              const guint *signals,
                              guint        n_signals,
                              gpointer     part);

G_END_DECLS
