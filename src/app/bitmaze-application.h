/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_APPLICATION (bitmaze_application_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeApplication, bitmaze_application, BITMAZE, APPLICATION, AdwApplication)

BitmazeApplication *bitmaze_application_new          (void);
GSettings          *bitmaze_application_get_settings (BitmazeApplication *self);

G_END_DECLS
