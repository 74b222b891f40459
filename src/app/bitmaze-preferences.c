/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-preferences.h"
#include "bitmaze-settings-choice.h"

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

static void
bitmaze_preferences_constructed (GObject *object)
{
  BitmazePreferences *self = BITMAZE_PREFERENCES (object);

  G_OBJECT_CLASS (bitmaze_preferences_parent_class)->constructed (object);

  bitmaze_settings_bind_choice (self->settings, "color-scheme",
                                self->style_row, "selected", style_choices);
  bitmaze_settings_bind_choice (self->settings, "label-mode",
                                self->label_row, "selected", label_choices);
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
