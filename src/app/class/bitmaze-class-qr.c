/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <qrencode.h>

#include "bitmaze-class-qr.h"

struct _BitmazeClassQr
{
  guint   size;
  guint8 *modules; /* size * size, 1 for dark */
};

BitmazeClassQr *
bitmaze_class_qr_new (const char *text)
{
  BitmazeClassQr *self;
  QRcode *code;

  g_return_val_if_fail (text != NULL, NULL);

  code = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (code == NULL)
    return NULL;

  self = g_new0 (BitmazeClassQr, 1);
  self->size = (guint) code->width;
  self->modules = g_new (guint8, self->size * self->size);
  /* libqrencode's bit 0 is the colour; the others say what the module is. */
  for (guint i = 0; i < self->size * self->size; i++)
    self->modules[i] = code->data[i] & 1;
  QRcode_free (code);

  return self;
}

void
bitmaze_class_qr_free (BitmazeClassQr *self)
{
  if (self == NULL)
    return;
  g_free (self->modules);
  g_free (self);
}

guint
bitmaze_class_qr_get_size (const BitmazeClassQr *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->size;
}

gboolean
bitmaze_class_qr_get_module (const BitmazeClassQr *self,
                             guint                 x,
                             guint                 y)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (x < self->size && y < self->size, FALSE);

  return self->modules[y * self->size + x] != 0;
}

void
bitmaze_class_qr_draw (const BitmazeClassQr *self,
                       cairo_t              *cr,
                       double                size)
{
  guint total;
  double module;
  double offset;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  total = self->size + 2 * BITMAZE_CLASS_QR_QUIET_ZONE;
  module = floor (size / total);
  if (module < 1.0)
    module = size / total;
  offset = floor ((size - module * total) / 2.0) + module * BITMAZE_CLASS_QR_QUIET_ZONE;

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_fill (cr);

  cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
  for (guint y = 0; y < self->size; y++)
    for (guint x = 0; x < self->size; x++)
      if (self->modules[y * self->size + x])
        cairo_rectangle (cr, offset + x * module, offset + y * module, module, module);
  cairo_fill (cr);
  cairo_restore (cr);
}
