/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-width-bin.h: a bin whose width does not depend on its height.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_WIDTH_BIN (bitmaze_width_bin_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeWidthBin, bitmaze_width_bin, BITMAZE, WIDTH_BIN, GtkWidget)

/* A bin holding @child (it takes the floating reference). */
GtkWidget *bitmaze_width_bin_new (GtkWidget *child);

G_END_DECLS
