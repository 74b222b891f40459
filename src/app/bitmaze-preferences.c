/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-preferences.h"

struct _BitmazePreferences
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  AdwComboRow          *style_row;
  AdwComboRow          *label_row;
  GtkSwitch            *search_switch;
};

G_DEFINE_FINAL_TYPE (BitmazePreferences, bitmaze_preferences, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The combo rows list the choices of a string key in the schema's order. */
static const char * const style_choices[] = { "default", "light", "dark", NULL };
static const char * const label_choices[] = { "none", "hex", "nibble", NULL };

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

static void
bitmaze_preferences_constructed (GObject *object)
{
  BitmazePreferences *self = BITMAZE_PREFERENCES (object);

  G_OBJECT_CLASS (bitmaze_preferences_parent_class)->constructed (object);

  g_settings_bind_with_mapping (self->settings, "color-scheme",
                                self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                choice_to_selected, selected_to_choice,
                                (gpointer) style_choices, NULL);
  g_settings_bind_with_mapping (self->settings, "label-mode",
                                self->label_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                choice_to_selected, selected_to_choice,
                                (gpointer) label_choices, NULL);
  g_settings_bind (self->settings, "show-search",
                   self->search_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
bitmaze_preferences_dispose (GObject *object)
{
  BitmazePreferences *self = BITMAZE_PREFERENCES (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_PREFERENCES);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bitmaze_preferences_parent_class)->dispose (object);
}

static void
bitmaze_preferences_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BitmazePreferences *self = BITMAZE_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_preferences_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BitmazePreferences *self = BITMAZE_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_preferences_class_init (BitmazePreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = bitmaze_preferences_constructed;
  object_class->dispose = bitmaze_preferences_dispose;
  object_class->get_property = bitmaze_preferences_get_property;
  object_class->set_property = bitmaze_preferences_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazePreferences, style_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazePreferences, label_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazePreferences, search_switch);
}

static void
bitmaze_preferences_init (BitmazePreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

BitmazePreferences *
bitmaze_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (BITMAZE_TYPE_PREFERENCES,
                       "settings", settings,
                       NULL);
}
