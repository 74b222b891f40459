/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-width-bin.c: a bin whose width does not depend on its height.
 *
 * A wrapping GtkLabel asked for its width at a given height searches for
 * it, laying its text out a score of times, and a window lays out again
 * whenever a label's text changes.  The status line's numbers change ten
 * times a second while Run goes, and each change cost tens of
 * milliseconds of text shaping, several frames' worth.  Around such a
 * label this bin answers a width for a height with the label's width for
 * any height (the narrowest it wraps to, and its one-line width): a
 * height-for-width layout, which GTK's boxes are, never needs more, and
 * heights for a width (the one thing that must be exact) pass through.
 */
#include "config.h"

#include "bitmaze-width-bin.h"

struct _BitmazeWidthBin
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (BitmazeWidthBin, bitmaze_width_bin, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
bitmaze_width_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
bitmaze_width_bin_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_get_visible (child))
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  gtk_widget_measure (child, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
bitmaze_width_bin_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_get_visible (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

/* The child's wish to expand is the bin's (GtkWidget's default takes
 * none from a custom widget's children). */
static void
bitmaze_width_bin_compute_expand (GtkWidget *widget,
                                  gboolean  *hexpand,
                                  gboolean  *vexpand)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *hexpand = child != NULL && gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = child != NULL && gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL);
}

static void
bitmaze_width_bin_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bitmaze_width_bin_parent_class)->dispose (object);
}

static void
bitmaze_width_bin_class_init (BitmazeWidthBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_width_bin_dispose;
  widget_class->get_request_mode = bitmaze_width_bin_get_request_mode;
  widget_class->measure = bitmaze_width_bin_measure;
  widget_class->size_allocate = bitmaze_width_bin_size_allocate;
  widget_class->compute_expand = bitmaze_width_bin_compute_expand;
}

static void
bitmaze_width_bin_init (BitmazeWidthBin *self)
{
}

GtkWidget *
bitmaze_width_bin_new (GtkWidget *child)
{
  GtkWidget *self = g_object_new (BITMAZE_TYPE_WIDTH_BIN, NULL);

  g_return_val_if_fail (GTK_IS_WIDGET (child), self);

  gtk_widget_set_parent (child, self);
  return self;
}
