/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bitmaze-class-chart.h"

/* Layout, in lines of the widget's font. */
#define BARS_HEIGHT   5.0   /* the tallest bar and its count */
#define BARS_MIN      2.0   /* the same, where the room is short */
#define GROUP_GAP     0.7   /* between nibbles, in bar columns */
#define COLUMN_MIN    1.0   /* fits the inspector at its own width */
#define COLUMN_NATURAL 2.0
/* Names the ranking shows. */
#define RANKING_MAX   5

struct _BitmazeClassChart
{
  GtkWidget           parent_instance;

  BitmazeClassServer *server;
  char               *headline;
  char               *details;
  gboolean            progress;   /* a question is open: the answered bar */
  guint               answered;
  guint               students;
  gboolean            has_bars;
  guint               bars[16];
  char               *ranking;    /* one line a name, "" while off */
  guint               ranking_lines;
};

G_DEFINE_FINAL_TYPE (BitmazeClassChart, bitmaze_class_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SERVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
nibble_name (guint nibble)
{
  switch (nibble)
    {
    /* Translators: the name of bits 0-3 of a cell, a set bit is a knocked-down wall */
    case 0: return _("passages");
    /* Translators: the name of bits 4-7 of a cell, a set bit is a side on the maze's outer edge */
    case 1: return _("border");
    /* Translators: the name of bits 8-11 of a cell, where the solution path leaves the cell */
    case 2: return _("solution");
    /* Translators: the name of bits 12-15 of a cell, where the search came from */
    default: return _("backtrack");
    }
}

/* ------------------------------------------------------------------ */
/* What to show                                                        */
/* ------------------------------------------------------------------ */

static char *
describe_bars (const guint bars[16])
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint order[16];
  guint n = 0;

  for (guint bit = 0; bit < 16; bit++)
    if (bars[bit] > 0)
      order[n++] = bit;
  if (n == 0)
    return g_strdup ("");

  /* Most often wrong first; ties from bit 15 down, as the chart reads. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 &&
         (bars[order[j]] > bars[order[j - 1]] ||
          (bars[order[j]] == bars[order[j - 1]] && order[j] > order[j - 1])); j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }

  /* Translators: starts the list of the bits wrong answers had wrong, for screen readers */
  g_string_append (text, _("Bits the wrong answers got wrong:"));
  for (guint i = 0; i < n; i++)
    {
      g_string_append (text, i == 0 ? " " : ", ");
      /* Translators: one item of that list: bit 12 was wrong in 5 answers */
      g_string_append_printf (text, ngettext ("bit %u in %u answer", "bit %u in %u answers", bars[order[i]]),
                              order[i], bars[order[i]]);
    }
  g_string_append_c (text, '.');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* With the ranking on, after a reveal: the best names and their right
 * answers, one a line; names are plain text, never markup. */
static char *
make_ranking (BitmazeClassChart *self,
              guint             *lines)
{
  g_autoptr (GPtrArray) ranking = NULL;
  g_autoptr (GString) text = NULL;

  *lines = 0;
  if (self->server == NULL || !bitmaze_class_server_get_running (self->server) ||
      !bitmaze_class_server_get_ranking (self->server) ||
      bitmaze_class_server_get_state (self->server) != BITMAZE_CLASS_STATE_REVEALED)
    return g_strdup ("");

  ranking = bitmaze_class_server_dup_ranking (self->server, RANKING_MAX);
  text = g_string_new (NULL);
  for (guint i = 0; i < ranking->len; i++)
    {
      const BitmazeClassRank *rank = g_ptr_array_index (ranking, i);
      /* The name isolated (FSI ... PDI): a name in Arabic or Hebrew
       * cannot turn its line around ("of 1 right 1 :محمد .3"). */
      g_autofree char *name = g_strconcat ("\u2068", rank->name, "\u2069", NULL);

      if (rank->right == 0)
        break;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: a line of the class ranking: the place, the
       * student's name, right answers of the questions asked */
      g_string_append_printf (text, _("%u. %s: %u of %u right"), i + 1, name, rank->right, rank->asked);
      (*lines)++;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update (BitmazeClassChart *self)
{
  BitmazeClassServer *server = self->server;
  g_autofree char *headline = NULL;
  g_autofree char *details = NULL;
  gboolean had_bars = self->has_bars;
  gboolean had_text = self->headline != NULL && *self->headline != '\0';
  guint had_ranking_lines = self->ranking_lines;
  gboolean had_progress = self->progress;

  self->progress = FALSE;
  self->has_bars = FALSE;
  memset (self->bars, 0, sizeof self->bars);

  if (server == NULL || !bitmaze_class_server_get_running (server))
    headline = g_strdup ("");
  else
    {
      guint joined = bitmaze_class_server_get_joined (server);
      const BitmazeClassResults *results = bitmaze_class_server_get_results (server);

      switch (bitmaze_class_server_get_state (server))
        {
        case BITMAZE_CLASS_STATE_ASKING:
          self->progress = TRUE;
          self->answered = bitmaze_class_server_get_answered (server);
          self->students = joined;
          /* Translators: during a class question: how many students answered, of how many joined */
          headline = g_strdup_printf (ngettext ("%u of %u answered", "%u of %u answered", joined),
                                      self->answered, joined);
          break;

        case BITMAZE_CLASS_STATE_REVEALED:
          if (results == NULL || results->answered == 0)
            /* Translators: after a class question's reveal */
            headline = g_strdup (_("Nobody answered"));
          else
            {
              guint percent = (results->right * 100 + results->answered / 2) / results->answered;

              /* Translators: after a class question's reveal: right answers, of how many, and
               * their share; "%%" is a percent sign */
              headline = g_strdup_printf (ngettext ("%u of %u right (%u %%)", "%u of %u right (%u %%)",
                                                    results->answered),
                                          results->right, results->answered, percent);
              if (results->kind == BITMAZE_CLASS_KIND_WORD && results->wrong > 0)
                {
                  self->has_bars = TRUE;
                  memcpy (self->bars, results->wrong_bits, sizeof self->bars);
                }
            }
          break;

        case BITMAZE_CLASS_STATE_IDLE:
        default:
          /* Translators: a class session between questions */
          headline = g_strdup_printf (ngettext ("%u student joined", "%u students joined", joined), joined);
          break;
        }
    }

  details = self->has_bars ? describe_bars (self->bars) : g_strdup ("");
  g_free (self->ranking);
  self->ranking = make_ranking (self, &self->ranking_lines);
  if (*self->ranking != '\0')
    {
      char *both = g_strconcat (details, *details != '\0' ? " " : "", self->ranking, NULL);

      g_free (details);
      details = both;
    }

  if (g_strcmp0 (headline, self->headline) != 0 || g_strcmp0 (details, self->details) != 0)
    {
      g_free (self->headline);
      self->headline = g_steal_pointer (&headline);
      g_free (self->details);
      self->details = g_steal_pointer (&details);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, self->headline,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->details,
                                      -1);
    }
  if (had_bars != self->has_bars || had_text != (*self->headline != '\0') ||
      had_ranking_lines != self->ranking_lines || had_progress != self->progress)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
server_changed_cb (BitmazeClassChart *self)
{
  update (self);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */
/* ------------------------------------------------------------------ */

/* The height of a line of the widget's font, in pixels. */
static double
line_height (BitmazeClassChart *self)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), "Mg");
  int height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  return MAX (height, 1);
}

static PangoLayout *
make_layout (BitmazeClassChart *self,
             const char        *text,
             double             scale,
             gboolean           bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  /* Each line runs in the widget's direction, not in that of its first
   * letter (which may be a student's name). */
  pango_layout_set_auto_dir (layout, FALSE);
  return layout;
}

static double
headline_height (BitmazeClassChart *self)
{
  g_autoptr (PangoLayout) layout = make_layout (self, self->headline, 1.5, TRUE);
  int height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  return height;
}

static void
draw_text (GtkSnapshot   *snapshot,
           PangoLayout   *layout,
           double         x,
           double         y,
           const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* @layout centred on @cx. */
static void
draw_centred (GtkSnapshot   *snapshot,
              PangoLayout   *layout,
              double         cx,
              double         y,
              const GdkRGBA *color)
{
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  draw_text (snapshot, layout, cx - width / 2.0, y, color);
}

static void
fill (GtkSnapshot   *snapshot,
      double         x,
      double         y,
      double         width,
      double         height,
      const GdkRGBA *color)
{
  gtk_snapshot_append_color (snapshot, color,
                             &GRAPHENE_RECT_INIT ((float) x, (float) y, (float) width, (float) height));
}

static void
lookup_color (GtkWidget  *widget,
              const char *name,
              const char *fallback,
              GdkRGBA    *color)
{
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color))
    gdk_rgba_parse (color, fallback);
}

/* The height of everything but the bars, in pixels. */
static double
fixed_height (BitmazeClassChart *self)
{
  double lh = line_height (self);
  double height = 0.0;

  /* the progress track only while answers come in: the caption of the
   * bars takes its place after the reveal */
  if (self->headline != NULL && *self->headline != '\0')
    height = headline_height (self) + 0.3 * lh + (self->progress ? 0.6 * lh : 0.0);
  if (self->has_bars)
    height += 1.3 * lh + 2.4 * lh;
  if (self->ranking_lines > 0)
    height += 0.5 * lh + 1.2 * lh + self->ranking_lines * lh + 0.3 * lh;
  return height;
}

/* The bars' height, in lines, in @height pixels: BARS_HEIGHT when there
 * is the room, down to BARS_MIN on a 1024 x 768 projector beside the
 * key, so the labels under the bars stay on the screen. */
static double
bars_height (BitmazeClassChart *self,
             int                height)
{
  double lh = line_height (self);

  return CLAMP ((height - fixed_height (self)) / lh, BARS_MIN, BARS_HEIGHT);
}

static void
bitmaze_class_chart_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (widget);
  double width = gtk_widget_get_width (widget);
  double lh = line_height (self);
  g_autoptr (PangoLayout) headline = NULL;
  GdkRGBA fg, dim, track, accent, error;
  double y = 0.0;

  if (self->headline == NULL || *self->headline == '\0')
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dim = fg;
  dim.alpha *= 0.7f;
  track = fg;
  track.alpha *= 0.15f;
  lookup_color (widget, "accent_color", "#1c71d8", &accent);
  lookup_color (widget, "error_color", "#c01c28", &error);

  headline = make_layout (self, self->headline, 1.5, TRUE);
  draw_text (snapshot, headline, 0, y, &fg);
  y += headline_height (self) + 0.3 * lh;

  if (self->progress)
    {
      double share = self->students > 0 ? MIN (1.0, (double) self->answered / self->students) : 0.0;

      fill (snapshot, 0, y, width, 0.6 * lh, &track);
      fill (snapshot, 0, y, width * share, 0.6 * lh, &accent);
    }

  if (self->has_bars)
    {
      /* Translators: the caption of the chart of the bits wrong answers had wrong */
      g_autoptr (PangoLayout) caption = make_layout (self, _("Bits the wrong answers got wrong"), 1.0, FALSE);
      double column = width / (16.0 + 3.0 * GROUP_GAP);
      double bar_width = 0.7 * column;
      double top, base;
      guint max = 1;

      draw_text (snapshot, caption, 0, y, &dim);
      y += 1.3 * lh;
      top = y + lh;                    /* room for the tallest bar's count */
      base = y + bars_height (self, gtk_widget_get_height (widget)) * lh;

      for (guint bit = 0; bit < 16; bit++)
        max = MAX (max, self->bars[bit]);

      for (guint i = 0; i < 16; i++)
        {
          guint bit = 15 - i;
          guint nibble_index = i / 4;  /* 0 for bits 15-12 */
          double x = (i + nibble_index * GROUP_GAP) * column + (column - bar_width) / 2.0;
          double height = (base - top) * self->bars[bit] / max;
          g_autofree char *number = g_strdup_printf ("%u", bit);
          g_autoptr (PangoLayout) number_layout = make_layout (self, number, 0.85, FALSE);

          /* The baseline of every bit, so a bit nobody got wrong still
           * stands in its place. */
          fill (snapshot, x, base - 2, bar_width, 2, &track);
          if (self->bars[bit] > 0)
            {
              g_autofree char *count = g_strdup_printf ("%u", self->bars[bit]);
              g_autoptr (PangoLayout) count_layout = make_layout (self, count, 1.0, TRUE);

              fill (snapshot, x, base - height, bar_width, height, &error);
              draw_centred (snapshot, count_layout, x + bar_width / 2.0, base - height - lh, &fg);
            }
          draw_centred (snapshot, number_layout, x + bar_width / 2.0, base + 0.15 * lh, &dim);

          if (i % 4 == 0)
            {
              double group_x = (i + nibble_index * GROUP_GAP) * column;
              g_autoptr (PangoLayout) name = make_layout (self, nibble_name (bit / 4), 0.85, TRUE);

              pango_layout_set_width (name, (int) (4 * column * PANGO_SCALE));
              pango_layout_set_alignment (name, PANGO_ALIGN_CENTER);
              pango_layout_set_ellipsize (name, PANGO_ELLIPSIZE_END);
              draw_text (snapshot, name, group_x, base + 1.2 * lh, &fg);
            }
        }
      y = base + 2.4 * lh;
    }
  else if (self->progress)
    y += 0.6 * lh;

  if (self->ranking_lines > 0)
    {
      /* Translators: the heading of the class ranking on the projector */
      g_autoptr (PangoLayout) title = make_layout (self, _("Most right answers"), 1.0, TRUE);
      g_autoptr (PangoLayout) names = make_layout (self, self->ranking, 1.0, FALSE);

      y += 0.5 * lh;
      draw_text (snapshot, title, 0, y, &fg);
      pango_layout_set_width (names, (int) (width * PANGO_SCALE));
      pango_layout_set_ellipsize (names, PANGO_ELLIPSIZE_END);
      draw_text (snapshot, names, 0, y + 1.2 * lh, &fg);
    }
}

static void
bitmaze_class_chart_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (widget);
  double lh = line_height (self);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) ((16.0 + 3.0 * GROUP_GAP) * COLUMN_MIN * lh);
      *natural = (int) ((16.0 + 3.0 * GROUP_GAP) * COLUMN_NATURAL * lh);
    }
  else
    {
      double height = fixed_height (self);

      *minimum = (int) ceil (height + (self->has_bars ? BARS_MIN * lh : 0.0));
      *natural = (int) ceil (height + (self->has_bars ? BARS_HEIGHT * lh : 0.0));
    }
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_class_chart_css_changed (GtkWidget         *widget,
                                 GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (bitmaze_class_chart_parent_class)->css_changed (widget, change);

  /* A new text size changes every measure. */
  gtk_widget_queue_resize (widget);
}

static void
set_server (BitmazeClassChart  *self,
            BitmazeClassServer *server)
{
  static const char * const signals[] = {
    "notify::running", "notify::joined", "notify::state", "notify::answered", "notify::ranking",
    "revealed", "students-changed",
  };

  self->server = server != NULL ? g_object_ref (server) : NULL;
  if (server != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
      g_signal_connect_object (server, signals[i], G_CALLBACK (server_changed_cb), self,
                               G_CONNECT_SWAPPED);
  update (self);
}

static void
bitmaze_class_chart_dispose (GObject *object)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (object);

  g_clear_object (&self->server);

  G_OBJECT_CLASS (bitmaze_class_chart_parent_class)->dispose (object);
}

static void
bitmaze_class_chart_finalize (GObject *object)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (object);

  g_free (self->headline);
  g_free (self->details);
  g_free (self->ranking);

  G_OBJECT_CLASS (bitmaze_class_chart_parent_class)->finalize (object);
}

static void
bitmaze_class_chart_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_chart_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BitmazeClassChart *self = BITMAZE_CLASS_CHART (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      set_server (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_chart_class_init (BitmazeClassChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_class_chart_dispose;
  object_class->finalize = bitmaze_class_chart_finalize;
  object_class->get_property = bitmaze_class_chart_get_property;
  object_class->set_property = bitmaze_class_chart_set_property;

  widget_class->snapshot = bitmaze_class_chart_snapshot;
  widget_class->measure = bitmaze_class_chart_measure;
  widget_class->css_changed = bitmaze_class_chart_css_changed;

  properties[PROP_SERVER] = g_param_spec_object ("server", NULL, NULL,
                                                 BITMAZE_TYPE_CLASS_SERVER,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                 G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "bitmaze-class-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
bitmaze_class_chart_init (BitmazeClassChart *self)
{
}

GtkWidget *
bitmaze_class_chart_new (BitmazeClassServer *server)
{
  g_return_val_if_fail (server == NULL || BITMAZE_IS_CLASS_SERVER (server), NULL);

  return g_object_new (BITMAZE_TYPE_CLASS_CHART, "server", server, NULL);
}

BitmazeClassServer *
bitmaze_class_chart_get_server (BitmazeClassChart *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_CHART (self), NULL);

  return self->server;
}

const char *
bitmaze_class_chart_get_headline (BitmazeClassChart *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_CHART (self), NULL);

  return self->headline;
}

const char *
bitmaze_class_chart_get_details (BitmazeClassChart *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_CHART (self), NULL);

  return self->details;
}

gboolean
bitmaze_class_chart_get_has_bars (BitmazeClassChart *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_CHART (self), FALSE);

  return self->has_bars;
}

const char *
bitmaze_class_chart_get_ranking (BitmazeClassChart *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_CHART (self), NULL);

  return self->ranking != NULL ? self->ranking : "";
}
