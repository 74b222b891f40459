/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-button-content.c: buttons whose child is an AdwButtonContent
 * (or, where a row lacks room, its icon alone): their name for screen
 * readers, and Run's words and icon.
 *
 * GTK 4.8 names a button after its label when the button made the label
 * itself (gtk_button_set_label()); an AdwButtonContent inside it, or an
 * icon alone in its place, gives it no name at all, only the tooltip as
 * a description.  So the button is named after its content's words,
 * without the mnemonic's underline, and again whenever they change.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-button-content.h"

/* @label without its mnemonic underlines ("A_usführen" is "Ausführen";
 * "__" stands for one underline). */
static char *
strip_mnemonic (const char *label)
{
  GString *plain = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

static void
name_button (AdwButtonContent *content)
{
  GtkWidget *button = gtk_widget_get_ancestor (GTK_WIDGET (content), GTK_TYPE_BUTTON);
  const char *label = adw_button_content_get_label (content);
  g_autofree char *plain = NULL;

  if (button == NULL)
    return;
  plain = adw_button_content_get_use_underline (content) ? strip_mnemonic (label) : g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
}

/**
 * bitmaze_button_content_name_button:
 * @content: an AdwButtonContent inside a GtkButton
 *
 * Names the button around @content after @content's words, for screen
 * readers, now and whenever the words change.
 */
void
bitmaze_button_content_name_button (AdwButtonContent *content)
{
  g_return_if_fail (gtk_widget_get_ancestor (GTK_WIDGET (content), GTK_TYPE_BUTTON) != NULL);

  name_button (content);
  g_signal_connect (content, "notify::label", G_CALLBACK (name_button), NULL);
}

/**
 * bitmaze_button_content_show_running:
 * @content: the words and icon of a Run button
 * @icon_alone: the icon it shows instead where its row lacks room
 * @running: whether the search runs
 *
 * Run while nothing runs, Pause while a search does: the words, both
 * icons, and so the button's name.
 */
void
bitmaze_button_content_show_running (AdwButtonContent *content,
                                     GtkImage         *icon_alone,
                                     gboolean          running)
{
  const char *icon = running ? "media-playback-pause-symbolic" : "media-playback-start-symbolic";

  adw_button_content_set_label (content, running ? _("_Pause") : _("_Run"));
  adw_button_content_set_icon_name (content, icon);
  gtk_image_set_from_icon_name (icon_alone, icon);
}
