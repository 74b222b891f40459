/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void bitmaze_button_content_name_button  (AdwButtonContent *content);
void bitmaze_button_content_show_running (AdwButtonContent *content,
                                          GtkImage         *icon_alone,
                                          gboolean          running);

G_END_DECLS
