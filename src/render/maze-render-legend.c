/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-legend.c: the colour legend, drawn in the maze's colours.
 */
#include <math.h>

#include "maze-render.h"

const char *
render_legend_label (RenderLegendItem     item,
                     const MazeAlgorithm *algorithm)
{
  switch (item)
    {
    /* Translators: in a colour legend: cells the search has reached */
    case RENDER_LEGEND_VISITED: return MAZE_N_("visited");
    case RENDER_LEGEND_FRONTIER:
      if (algorithm != NULL && algorithm->legend != NULL)
        return algorithm->legend;
      /* Translators: in a colour legend: the cells an algorithm keeps to work on next */
      return MAZE_N_("frontier");
    /* Translators: in a colour legend: the solution path */
    case RENDER_LEGEND_PATH: return MAZE_N_("path");
    /* Translators: in a colour legend: the maze's start */
    case RENDER_LEGEND_START: return MAZE_N_("start");
    /* Translators: in a colour legend: the maze's goal */
    case RENDER_LEGEND_GOAL: return MAZE_N_("goal");
    case RENDER_LEGEND_N_ITEMS:
    default: return "";
    }
}

RenderRgba
render_legend_colour (const RenderPalette *palette,
                      RenderLegendItem     item)
{
  switch (item)
    {
    case RENDER_LEGEND_VISITED: return palette->search;
    case RENDER_LEGEND_FRONTIER: return palette->frontier;
    case RENDER_LEGEND_PATH: return palette->solution;
    case RENDER_LEGEND_START: return palette->start;
    case RENDER_LEGEND_GOAL: return palette->goal;
    case RENDER_LEGEND_N_ITEMS:
    default: return palette->label;
    }
}

static void
source (cairo_t          *cr,
        const RenderRgba *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

void
render_legend_swatch (cairo_t             *cr,
                      const RenderPalette *palette,
                      RenderLegendItem     item,
                      double               x,
                      double               y,
                      double               size)
{
  RenderRgba c = render_legend_colour (palette, item);
  double line = fmax (1.0, size / 12.0);

  cairo_save (cr);
  source (cr, &palette->background);
  cairo_rectangle (cr, x, y, size, size);
  cairo_fill (cr);
  switch (item)
    {
    case RENDER_LEGEND_VISITED:
    case RENDER_LEGEND_FRONTIER:
      source (cr, &c);
      cairo_rectangle (cr, x, y, size, size);
      cairo_fill (cr);
      break;
    case RENDER_LEGEND_PATH:
      /* the solution line, as it runs through a cell's centre */
      source (cr, &c);
      cairo_set_line_width (cr, size * 0.22);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, x + size * 0.18, y + size / 2.0);
      cairo_line_to (cr, x + size * 0.82, y + size / 2.0);
      cairo_stroke (cr);
      break;
    case RENDER_LEGEND_START:
      /* a disc, as the maze marks the start */
      source (cr, &c);
      cairo_arc (cr, x + size / 2.0, y + size / 2.0, size * 0.32, 0, 2 * M_PI);
      cairo_fill (cr);
      break;
    case RENDER_LEGEND_GOAL:
      /* a square, as the maze marks the goal */
      source (cr, &c);
      cairo_rectangle (cr, x + size * 0.2, y + size * 0.2, size * 0.6, size * 0.6);
      cairo_fill (cr);
      break;
    case RENDER_LEGEND_N_ITEMS:
    default:
      break;
    }
  source (cr, &palette->wall);
  cairo_set_line_width (cr, line);
  cairo_rectangle (cr, x + line / 2.0, y + line / 2.0, size - line, size - line);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
render_legend_draw (cairo_t              *cr,
                    const RenderPalette  *palette,
                    const MazeAlgorithm  *algorithm,
                    const char *const    *labels,
                    double                font_size,
                    double                max_width,
                    double               *width,
                    double               *height)
{
  cairo_surface_t *scratch = NULL;
  cairo_t *measure = cr;
  double swatch = font_size * 1.25;
  double gap = font_size * 0.4;
  double item_gap = font_size * 1.2;
  double row_height = swatch + gap;
  double x = 0, y = 0, widest = 0;

  if (cr == NULL)
    {
      scratch = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
      measure = cairo_create (scratch);
    }
  cairo_save (measure);
  cairo_select_font_face (measure, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (measure, font_size);

  for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
    {
      const char *text = labels != NULL && labels[k] != NULL
                         ? labels[k] : render_legend_label ((RenderLegendItem) k, algorithm);
      cairo_text_extents_t ext;
      double item;

      cairo_text_extents (measure, text, &ext);
      item = swatch + gap + ext.x_advance;
      if (x > 0 && max_width > 0 && x + item > max_width)
        {
          x = 0;
          y += row_height;
        }
      if (cr != NULL)
        {
          cairo_font_extents_t fe;

          render_legend_swatch (cr, palette, (RenderLegendItem) k, x, y, swatch);
          cairo_font_extents (cr, &fe);
          source (cr, &palette->label);
          cairo_move_to (cr, x + swatch + gap,
                         y + swatch / 2.0 + (fe.ascent - fe.descent) / 2.0);
          cairo_show_text (cr, text);
        }
      x += item;
      widest = fmax (widest, x);
      x += item_gap;
    }
  cairo_restore (measure);
  if (width != NULL)
    *width = widest;
  if (height != NULL)
    *height = y + swatch;
  if (scratch != NULL)
    {
      cairo_destroy (measure);
      cairo_surface_destroy (scratch);
    }
}
