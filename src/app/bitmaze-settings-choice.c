/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-settings-choice.h"

static gboolean
choice_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char * const *choices = user_data;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    {
      if (g_str_equal (choices[i], choice))
        {
          g_value_set_uint (value, i);
          return TRUE;
        }
    }

  return FALSE;
}

static GVariant *
selected_to_choice (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  const char * const *choices = user_data;
  guint selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **) choices))
    return NULL;

  return g_variant_new_string (choices[selected]);
}

void
bitmaze_settings_bind_choice_full (GSettings          *settings,
                                   const char         *key,
                                   gpointer            object,
                                   const char         *property,
                                   const char * const *choices,
                                   GSettingsBindFlags  flags)
{
  g_settings_bind_with_mapping (settings, key, object, property, flags,
                                choice_to_selected, selected_to_choice,
                                (gpointer) choices, NULL);
}

void
bitmaze_settings_bind_choice (GSettings          *settings,
                              const char         *key,
                              gpointer            object,
                              const char         *property,
                              const char * const *choices)
{
  bitmaze_settings_bind_choice_full (settings, key, object, property, choices,
                                     G_SETTINGS_BIND_DEFAULT);
}

void
bitmaze_settings_bind_choice_default (GSettings          *settings,
                                      const char         *key,
                                      gpointer            object,
                                      const char         *property,
                                      const char * const *choices)
{
  bitmaze_settings_bind_choice_full (settings, key, object, property, choices,
                                     G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
}
