/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-settings-choice.h: bind a string setting with a fixed list of
 * choices to a "selected" index (AdwComboRow, GtkDropDown).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Binds @key of @settings, one of @choices (NULL-terminated, static, in
 * the order the widget lists them), to the guint property @property of
 * @object, both ways. */
void bitmaze_settings_bind_choice (GSettings          *settings,
                                   const char         *key,
                                   gpointer            object,
                                   const char         *property,
                                   const char * const *choices);

/* The same for a window's own control: @key gives its first value and
 * keeps its last one as the default of the next window, but a change of
 * @key elsewhere (another window) does not reach @object. */
void bitmaze_settings_bind_choice_default (GSettings          *settings,
                                           const char         *key,
                                           gpointer            object,
                                           const char         *property,
                                           const char * const *choices);

/* Either of the above, or another direction, by @flags (as for
 * g_settings_bind(): G_SETTINGS_BIND_SET alone writes @object's value to
 * @key at once and at each change, and never reads @key). */
void bitmaze_settings_bind_choice_full (GSettings          *settings,
                                        const char         *key,
                                        gpointer            object,
                                        const char         *property,
                                        const char * const *choices,
                                        GSettingsBindFlags  flags);

G_END_DECLS
