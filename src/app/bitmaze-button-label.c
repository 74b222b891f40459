/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-button-label.c: the name a screen reader says for a button
 * whose child is an AdwButtonContent.
 *
 * GTK 4.8 names a button after its label when the button made the label
 * itself (gtk_button_set_label()); an AdwButtonContent inside it, or an
 * icon alone in its place where a row lacks room, gives it no name at
 * all, only the tooltip as a description.  So the button is named after
 * its content's words, without the mnemonic's underline, each time they
 * change (Run and Pause).
 */
#include "config.h"

#include "bitmaze-button-label.h"

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

/**
 * bitmaze_button_content_sync_label:
 * @content: an AdwButtonContent inside a GtkButton
 *
 * Names the button around @content after @content's label, for screen
 * readers; call it again after the label changes.
 */
void
bitmaze_button_content_sync_label (AdwButtonContent *content)
{
  GtkWidget *button = gtk_widget_get_ancestor (GTK_WIDGET (content), GTK_TYPE_BUTTON);
  const char *label = adw_button_content_get_label (content);
  g_autofree char *plain = NULL;

  g_return_if_fail (button != NULL);

  plain = adw_button_content_get_use_underline (content) ? strip_mnemonic (label) : g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
}
