/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-word-label.h"

#define ELLIPSIS "…"

struct _BitmazeWordLabel
{
  GtkWidget  parent_instance;

  char      *label;
  char      *shown;   /* what fits the width allocated */
  float      xalign;
};

G_DEFINE_FINAL_TYPE (BitmazeWordLabel, bitmaze_word_label, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
text_width (BitmazeWordLabel *self,
            const char       *text,
            int              *height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width, h;

  pango_layout_get_pixel_size (layout, &width, &h);
  if (height != NULL)
    *height = h;
  return width;
}

/* The longest start of the line that ends at a word and fits @width with
 * "…" after it; the first word cut by characters when even it does not
 * fit (a single long word). */
static char *
fit_words (BitmazeWordLabel *self,
           int               width)
{
  const char *text = self->label;
  g_autoptr (PangoLayout) layout = NULL;
  int room, index = 0, trailing = 0;
  const char *cut;

  if (text_width (self, text, NULL) <= width)
    return g_strdup (text);

  room = width - text_width (self, ELLIPSIS, NULL);
  if (room <= 0)
    return g_strdup (ELLIPSIS);

  /* The character at @room pixels, then back to the space before it. */
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_xy_to_index (layout, room * PANGO_SCALE, 0, &index, &trailing);
  cut = text + index;
  while (cut > text && !g_unichar_isspace (g_utf8_get_char (cut)))
    cut = g_utf8_prev_char (cut);
  /* No space before it: one long word, cut where it must be. */
  if (cut == text)
    cut = text + index;
  /* The spaces before the cut go too: "words …" reads as "words…". */
  while (cut > text && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (cut))))
    cut = g_utf8_prev_char (cut);

  return g_strdup_printf ("%.*s" ELLIPSIS, (int) (cut - text), text);
}

static void
bitmaze_word_label_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (widget);
  int height;
  int width = text_width (self, self->label, &height);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* As small as "…": the words go first, never the layout around. */
      *minimum = MIN (width, text_width (self, ELLIPSIS, NULL));
      *natural = width;
    }
  else
    {
      /* One line's height, even when empty. */
      if (*self->label == '\0')
        text_width (self, " ", &height);
      *minimum = *natural = height;
    }
}

static void
update_tooltip (BitmazeWordLabel *self)
{
  gboolean cut = g_strcmp0 (self->shown, self->label) != 0;

  /* The whole line, where the line was cut. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), cut ? self->label : NULL);
}

static void
bitmaze_word_label_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (widget);
  g_autofree char *shown = fit_words (self, width);

  if (g_strcmp0 (shown, self->shown) != 0)
    {
      g_free (self->shown);
      self->shown = g_steal_pointer (&shown);
      update_tooltip (self);
    }
}

static void
bitmaze_word_label_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (widget);
  g_autoptr (PangoLayout) layout = NULL;
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GdkRGBA color;
  int width, height;
  float x;

  if (self->shown == NULL || *self->shown == '\0')
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  layout = gtk_widget_create_pango_layout (widget, self->shown);
  pango_layout_get_pixel_size (layout, &width, &height);
  x = (gtk_widget_get_width (widget) - width) * (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL
                                                 ? 1.0f - self->xalign : self->xalign);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (MAX (x, 0), (gtk_widget_get_height (widget) - height) / 2.0f));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
}

static void
bitmaze_word_label_finalize (GObject *object)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (object);

  g_free (self->label);
  g_free (self->shown);

  G_OBJECT_CLASS (bitmaze_word_label_parent_class)->finalize (object);
}

static void
bitmaze_word_label_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_word_label_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BitmazeWordLabel *self = BITMAZE_WORD_LABEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      bitmaze_word_label_set_label (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_word_label_class_init (BitmazeWordLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bitmaze_word_label_finalize;
  object_class->get_property = bitmaze_word_label_get_property;
  object_class->set_property = bitmaze_word_label_set_property;
  widget_class->measure = bitmaze_word_label_measure;
  widget_class->size_allocate = bitmaze_word_label_size_allocate;
  widget_class->snapshot = bitmaze_word_label_snapshot;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
bitmaze_word_label_init (BitmazeWordLabel *self)
{
  self->label = g_strdup ("");
  self->shown = g_strdup ("");
}

GtkWidget *
bitmaze_word_label_new (void)
{
  return g_object_new (BITMAZE_TYPE_WORD_LABEL, NULL);
}

void
bitmaze_word_label_set_label (BitmazeWordLabel *self,
                              const char       *label)
{
  g_return_if_fail (BITMAZE_IS_WORD_LABEL (self));

  if (label == NULL)
    label = "";
  if (g_strcmp0 (label, self->label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  /* Until the next allocation, the whole line. */
  g_free (self->shown);
  self->shown = g_strdup (label);
  update_tooltip (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->label,
                                  -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
bitmaze_word_label_get_label (BitmazeWordLabel *self)
{
  g_return_val_if_fail (BITMAZE_IS_WORD_LABEL (self), NULL);

  return self->label;
}

void
bitmaze_word_label_set_xalign (BitmazeWordLabel *self,
                               float             xalign)
{
  g_return_if_fail (BITMAZE_IS_WORD_LABEL (self));

  self->xalign = CLAMP (xalign, 0.0f, 1.0f);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
bitmaze_word_label_get_shown (BitmazeWordLabel *self)
{
  g_return_val_if_fail (BITMAZE_IS_WORD_LABEL (self), NULL);

  return self->shown;
}
