/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-chart.h: how the room answered, for the projector.
 *
 * While a question is open: how many have answered, of how many joined.
 * After the reveal: the share right and, for a word question, a bar for
 * each of the 16 bits: how many wrong answers had it wrong, so the
 * class sees at once whether it confuses << with >> or &= with |=.  The
 * bits stand as in the inspector's grid: bit 15 first, a nibble a group.
 * With the (optional) ranking on, the best names follow the reveal.
 * Sizes follow the widget's font, so the inspector's text sizes scale it.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-class-server.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_CHART (bitmaze_class_chart_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassChart, bitmaze_class_chart, BITMAZE, CLASS_CHART, GtkWidget)

GtkWidget          *bitmaze_class_chart_new         (BitmazeClassServer *server);
BitmazeClassServer *bitmaze_class_chart_get_server  (BitmazeClassChart  *self);

/* The line the chart shows in large type ("12 of 30 answered",
 * "18 of 24 right (75 %)"), also its accessible name. */
const char         *bitmaze_class_chart_get_headline (BitmazeClassChart *self);
/* The bars in words ("Bit 12: 5 wrong, bit 13: 3 wrong"), also its
 * accessible description; "" without bars. */
const char         *bitmaze_class_chart_get_details  (BitmazeClassChart *self);
/* Whether the 16 bars are drawn (a word question revealed with wrong
 * answers). */
gboolean            bitmaze_class_chart_get_has_bars (BitmazeClassChart *self);
/* With the server's ranking on, after a reveal: the best names, one a
 * line ("1. Ana: 5 of 6 right"), also in the accessible description;
 * "" otherwise. */
const char         *bitmaze_class_chart_get_ranking  (BitmazeClassChart *self);

G_END_DECLS
