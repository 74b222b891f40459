/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-common.c: the parts Export… and Export Worksheet… share
 * (see the header): one layout of choices and preview, and the rows that
 * keep each choice in GSettings, so both dialogs start from the choices
 * made last time.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-export-common.h"

/* ------------------------------------------------------------------ */
/* Settings <-> widgets                                                */
/* ------------------------------------------------------------------ */

static gboolean
string_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char *const *values = user_data;
  const char *text = g_variant_get_string (variant, NULL);

  for (guint k = 0; values[k] != NULL; k++)
    if (g_str_equal (values[k], text))
      {
        g_value_set_uint (value, k);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_string (const GValue       *value,
                    const GVariantType *type,
                    gpointer            user_data)
{
  const char *const *values = user_data;
  guint selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **) values))
    return NULL;
  return g_variant_new_string (values[selected]);
}

static gboolean
uint_to_double (GValue   *value,
                GVariant *variant,
                gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_uint32 (variant));
  return TRUE;
}

static GVariant *
double_to_uint (const GValue       *value,
                const GVariantType *type,
                gpointer            user_data)
{
  return g_variant_new_uint32 ((guint32) (g_value_get_double (value) + 0.5));
}

static gboolean
bool_to_selected (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_uint (value, g_variant_get_boolean (variant) ? 1 : 0);
  return TRUE;
}

static GVariant *
selected_to_bool (const GValue       *value,
                  const GVariantType *type,
                  gpointer            user_data)
{
  return g_variant_new_boolean (g_value_get_uint (value) == 1);
}

void
bitmaze_export_bind_bool_selected (GSettings  *settings,
                                   const char *key,
                                   GtkWidget  *row)
{
  g_settings_bind_with_mapping (settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                bool_to_selected, selected_to_bool, NULL, NULL);
}

int
bitmaze_export_setting_index (GSettings         *settings,
                              const char        *key,
                              const char *const *values)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  for (int k = 0; values[k] != NULL; k++)
    if (g_strcmp0 (values[k], value) == 0)
      return k;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

GtkWidget *
bitmaze_export_group (GtkWidget  *prefs,
                      const char *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  if (title != NULL)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (prefs), ADW_PREFERENCES_GROUP (group));
  return group;
}

static void
row_init (GtkWidget  *row,
          GtkWidget  *group,
          const char *title)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

GtkWidget *
bitmaze_export_combo_row (GSettings         *settings,
                          GtkWidget         *group,
                          const char        *title,
                          const char *const *labels,
                          const char        *key,
                          const char *const *values)
{
  g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
  GtkWidget *row = adw_combo_row_new ();

  for (guint k = 0; labels[k] != NULL; k++)
    gtk_string_list_append (model, _(labels[k]));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  row_init (row, group, title);
  if (values != NULL)
    g_settings_bind_with_mapping (settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                  string_to_selected, selected_to_string,
                                  (gpointer) values, NULL);
  return row;
}

/* @suffix at the end of an action row that activates it. */
static GtkWidget *
suffix_row (GtkWidget  *group,
            const char *title,
            GtkWidget  *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  row_init (row, group, title);
  return row;
}

GtkWidget *
bitmaze_export_spin_row (GSettings  *settings,
                         GtkWidget  *group,
                         const char *title,
                         const char *key,
                         double      lower,
                         double      upper,
                         double      step)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);
  GtkWidget *row;

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  g_settings_bind_with_mapping (settings, key,
                                gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spin)), "value",
                                G_SETTINGS_BIND_DEFAULT, uint_to_double, double_to_uint,
                                NULL, NULL);
  row = suffix_row (group, title, spin);
  g_object_set_data (G_OBJECT (row), "bitmaze-export-spin", spin);
  return row;
}

GtkSpinButton *
bitmaze_export_spin_row_get_spin (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "bitmaze-export-spin");
}

GtkWidget *
bitmaze_export_switch_row (GSettings  *settings,
                           GtkWidget  *group,
                           const char *title,
                           const char *key)
{
  GtkWidget *toggle = gtk_switch_new ();

  g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  return suffix_row (group, title, toggle);
}

GtkWidget *
bitmaze_export_check_row (GSettings  *settings,
                          GtkWidget  *group,
                          const char *title,
                          const char *subtitle,
                          const char *key)
{
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *row = adw_action_row_new ();

  g_settings_bind (settings, key, check, "active", G_SETTINGS_BIND_DEFAULT);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  row_init (row, group, title);
  return row;
}

GtkWidget *
bitmaze_export_entry_row (GSettings  *settings,
                          GtkWidget  *group,
                          const char *title,
                          const char *key)
{
  GtkWidget *row = adw_entry_row_new ();

  g_settings_bind (settings, key, row, "text", G_SETTINGS_BIND_DEFAULT);
  row_init (row, group, title);
  return row;
}

/* ------------------------------------------------------------------ */
/* The window                                                          */
/* ------------------------------------------------------------------ */

GtkWidget *
bitmaze_export_shell_build (AdwWindow               *window,
                            const char              *export_label,
                            GCallback                export_cb,
                            GtkDrawingAreaDrawFunc   draw_func,
                            GtkWidget              **prefs)
{
  GtkWidget *box, *header, *cancel, *export, *content, *frame, *scrolled, *preview;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  export = gtk_button_new_with_mnemonic (export_label);
  gtk_widget_set_name (export, "export");
  gtk_widget_add_css_class (export, "suggested-action");
  g_signal_connect_swapped (export, "clicked", export_cb, window);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);
  gtk_window_set_default_widget (GTK_WINDOW (window), export);
  gtk_box_append (GTK_BOX (box), header);

  content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_vexpand (content, TRUE);
  preview = gtk_drawing_area_new ();
  gtk_widget_set_name (preview, "preview");
  gtk_widget_set_hexpand (preview, TRUE);
  gtk_widget_set_size_request (preview, 320, 280);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (preview), draw_func, window, NULL);
  frame = gtk_frame_new (NULL);
  gtk_widget_set_margin_start (frame, 12);
  gtk_widget_set_margin_top (frame, 12);
  gtk_widget_set_margin_bottom (frame, 12);
  gtk_widget_add_css_class (frame, "view");
  gtk_frame_set_child (GTK_FRAME (frame), preview);
  gtk_box_append (GTK_BOX (content), frame);

  *prefs = adw_preferences_page_new ();
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (*prefs, 360, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), *prefs);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_box_append (GTK_BOX (content), scrolled);
  gtk_box_append (GTK_BOX (box), content);

  adw_window_set_content (window, box);
  return preview;
}

/* ------------------------------------------------------------------ */
/* Preview and toast                                                   */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_export_preview_sheet (cairo_t *cr,
                              int      width,
                              int      height,
                              double   page_width,
                              double   page_height,
                              guint    n_sheets,
                              guint    index)
{
  double gap = 16.0;
  double n = MAX (n_sheets, 1);
  double scale = MIN ((width - 24.0 - (n - 1) * gap) / (n * page_width),
                      (height - 24.0) / page_height);
  double total;

  if (!(scale > 0) || page_width <= 0 || page_height <= 0)
    return FALSE;
  total = n * page_width * scale + (n - 1) * gap;
  cairo_translate (cr, (width - total) / 2.0 + index * (page_width * scale + gap),
                   (height - page_height * scale) / 2.0);
  /* the sheet, with a hint of a shadow */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_rectangle (cr, 2, 2, page_width * scale, page_height * scale);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, page_width * scale, page_height * scale);
  cairo_fill (cr);
  cairo_scale (cr, scale, scale);
  return TRUE;
}

static GtkWidget *
find_toast_overlay (GtkWidget *widget)
{
  if (ADW_IS_TOAST_OVERLAY (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toast_overlay (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
bitmaze_export_toast (GtkWindow  *window,
                      const char *message)
{
  GtkWidget *overlay = window != NULL ? find_toast_overlay (GTK_WIDGET (window)) : NULL;

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
}
