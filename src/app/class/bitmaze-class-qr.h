/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-qr.h: the QR code of a class session's address, drawn
 * with cairo so that it stays sharp at any size (a projector shows it a
 * hand wide or more, to be scanned from the back of a room).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Modules of white around the code, as the standard asks. */
#define BITMAZE_CLASS_QR_QUIET_ZONE 4

typedef struct _BitmazeClassQr BitmazeClassQr;

/* The QR code of @text (error correction level M), or NULL if it is too
 * long for one. */
BitmazeClassQr *bitmaze_class_qr_new        (const char           *text);
void            bitmaze_class_qr_free       (BitmazeClassQr       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeClassQr, bitmaze_class_qr_free)

/* Modules a side, without the quiet zone. */
guint           bitmaze_class_qr_get_size   (const BitmazeClassQr *self);
/* Whether module (@x, @y) is dark. */
gboolean        bitmaze_class_qr_get_module (const BitmazeClassQr *self,
                                             guint                 x,
                                             guint                 y);
/* Draws the code with its quiet zone as a white square @size units wide
 * from the current origin of @cr.  Modules are a whole number of units
 * (unless @size is too small for one unit each), centred, without
 * antialiasing, so edges stay crisp. */
void            bitmaze_class_qr_draw       (const BitmazeClassQr *self,
                                             cairo_t              *cr,
                                             double                size);

G_END_DECLS
