/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-common.h: what Export… and Export Worksheet… share: a
 * window of choices beside a live preview, rows bound to GSettings keys,
 * the preview's sheets of paper, and the toast that says what was
 * written.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * bitmaze_export_shell_build:
 * @window: the dialog (an AdwWindow), whose content this becomes
 * @export_label: the mnemonic of the suggested button ("_Export…")
 * @export_cb: called with @window when the button is clicked
 * @draw_func: draws the preview (a GtkDrawingArea named "preview")
 * @prefs: (out): the AdwPreferencesPage to add the groups of rows to
 *
 * Builds a header bar with Cancel (window.close; bind Escape to it in
 * the class) and the
 * export button (named "export"), the preview on the left and the rows on
 * the right.  Returns the preview.
 */
GtkWidget *bitmaze_export_shell_build (AdwWindow               *window,
                                       const char              *export_label,
                                       GCallback                export_cb,
                                       GtkDrawingAreaDrawFunc   draw_func,
                                       GtkWidget              **prefs);

/* A new preferences group, titled @title (NULL: none), on @prefs. */
GtkWidget *bitmaze_export_group       (GtkWidget   *prefs,
                                       const char  *title);

/* A combo row of @labels (N_() strings, translated here) in @group.  With
 * @values (NULL-terminated, in the order of @labels), it is bound to the
 * string @key of @settings; without, the caller binds it. */
GtkWidget *bitmaze_export_combo_row   (GSettings          *settings,
                                       GtkWidget          *group,
                                       const char         *title,
                                       const char *const  *labels,
                                       const char         *key,
                                       const char *const  *values);

/* A row with a spin button bound to the unsigned @key. */
GtkWidget *bitmaze_export_spin_row    (GSettings   *settings,
                                       GtkWidget   *group,
                                       const char  *title,
                                       const char  *key,
                                       double       lower,
                                       double       upper,
                                       double       step);

/* The spin button of a row of bitmaze_export_spin_row(). */
GtkSpinButton *bitmaze_export_spin_row_get_spin (GtkWidget *row);

/* A row with a switch bound to the boolean @key. */
GtkWidget *bitmaze_export_switch_row  (GSettings   *settings,
                                       GtkWidget   *group,
                                       const char  *title,
                                       const char  *key);

/* A row with a check button bound to the boolean @key. */
GtkWidget *bitmaze_export_check_row   (GSettings   *settings,
                                       GtkWidget   *group,
                                       const char  *title,
                                       const char  *subtitle,
                                       const char  *key);

/* An entry row bound to the string @key. */
GtkWidget *bitmaze_export_entry_row   (GSettings   *settings,
                                       GtkWidget   *group,
                                       const char  *title,
                                       const char  *key);

/* Binds the boolean @key to a combo row of two items: false is the first,
 * true the second. */
void       bitmaze_export_bind_bool_selected (GSettings  *settings,
                                              const char *key,
                                              GtkWidget  *row);

/* The position of the string @key's value in @values, 0 when not there. */
int        bitmaze_export_setting_index (GSettings         *settings,
                                         const char        *key,
                                         const char *const *values);

/*
 * bitmaze_export_preview_sheet:
 * @cr: the preview's cairo context, @width x @height pixels
 * @page_width, @page_height: the size of one page, in points
 * @n_sheets: pages shown side by side (1 or 2)
 * @index: which of them to place
 *
 * Draws sheet @index of @n_sheets, white with a hint of a shadow, and
 * leaves @cr scaled and moved so that the page can be drawn in points at
 * the origin.  False (nothing drawn) when the area is too small.  Save
 * and restore @cr around it to place the next.
 */
gboolean   bitmaze_export_preview_sheet (cairo_t *cr,
                                         int      width,
                                         int      height,
                                         double   page_width,
                                         double   page_height,
                                         guint    n_sheets,
                                         guint    index);

/* Shows @message in a toast of @window's toast overlay, if it has one. */
void       bitmaze_export_toast         (GtkWindow  *window,
                                         const char *message);

G_END_DECLS
