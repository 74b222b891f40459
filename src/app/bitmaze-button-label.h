/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void bitmaze_button_content_sync_label (AdwButtonContent *content);

G_END_DECLS
