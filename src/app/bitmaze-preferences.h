/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_PREFERENCES (bitmaze_preferences_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePreferences, bitmaze_preferences, BITMAZE, PREFERENCES, AdwPreferencesWindow)

BitmazePreferences *bitmaze_preferences_new (GSettings *settings);

G_END_DECLS
