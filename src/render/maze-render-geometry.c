/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-geometry.c: palettes, options and the geometry helpers
 * (sizes, extents, hit-testing) of the renderer.
 */
#include <math.h>
#include <string.h>

#include "maze-render.h"
#include "maze-render-private.h"

static RenderRgba
rgba (double r,
      double g,
      double b,
      double a)
{
  RenderRgba c = { r, g, b, a };
  return c;
}

void
render_palette_light (RenderPalette *palette)
{
  palette->background = rgba (1.0, 1.0, 1.0, 1.0);
  palette->wall = rgba (0.0, 0.0, 0.0, 1.0);
  /* Yellow for the tried route, red for the solution. */
  palette->search = rgba (1.0, 0.9, 0.25, 1.0);
  palette->solution = rgba (0.85, 0.0, 0.0, 1.0);
  palette->frontier = rgba (0.55, 0.8, 1.0, 1.0);
  palette->changed = rgba (1.0, 0.45, 0.0, 0.55);
  palette->selected = rgba (0.1, 0.35, 0.9, 1.0);
  palette->trail = rgba (0.45, 0.2, 0.75, 1.0);
  palette->start = rgba (0.1, 0.65, 0.2, 1.0);
  palette->goal = rgba (0.1, 0.3, 0.85, 1.0);
  palette->label = rgba (0.25, 0.25, 0.25, 1.0);
}

void
render_palette_dark (RenderPalette *palette)
{
  palette->background = rgba (0.12, 0.12, 0.13, 1.0);
  palette->wall = rgba (0.93, 0.93, 0.93, 1.0);
  palette->search = rgba (0.55, 0.45, 0.05, 1.0);
  palette->solution = rgba (1.0, 0.3, 0.3, 1.0);
  palette->frontier = rgba (0.15, 0.35, 0.6, 1.0);
  palette->changed = rgba (1.0, 0.55, 0.1, 0.5);
  palette->selected = rgba (0.45, 0.65, 1.0, 1.0);
  palette->trail = rgba (0.75, 0.55, 1.0, 1.0);
  palette->start = rgba (0.35, 0.85, 0.4, 1.0);
  palette->goal = rgba (0.4, 0.6, 1.0, 1.0);
  palette->label = rgba (0.8, 0.8, 0.8, 1.0);
}

void
render_options_init (RenderOptions *options)
{
  memset (options, 0, sizeof *options);
  options->cell_size = 16.0;
  options->wall_width = 2.0;
  options->margin = 8.0;
  options->show_search = true;
  options->show_solution = true;
  options->solution_style = RENDER_SOLUTION_LINE;
  options->show_markers = true;
  options->label_mode = RENDER_LABEL_NONE;
  options->label_nibble = 0;
  render_palette_light (&options->palette);
  options->selected = RENDER_NO_CELL;
}

bool
render_options_check (const Maze          *maze,
                      const RenderOptions *options,
                      MazeError           *error)
{
  if (!(options->cell_size > 0.0) || !isfinite (options->cell_size))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_CELL_SIZE,
                      MAZE_REAL (options->cell_size));
      return false;
    }
  if (!(options->wall_width >= 0.0) ||
      !(options->wall_width < options->cell_size))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_WALL_WIDTH,
                      MAZE_REAL (options->wall_width), MAZE_REAL (options->cell_size));
      return false;
    }
  if (!(options->margin >= 0.0) || !isfinite (options->margin))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_MARGIN, MAZE_REAL (options->margin));
      return false;
    }
  if (options->label_nibble > 3)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_LABEL_NIBBLE,
                      MAZE_NUM (options->label_nibble));
      return false;
    }
  if ((unsigned) options->label_mode > RENDER_LABEL_NIBBLE_HEX ||
      (unsigned) options->solution_style > RENDER_SOLUTION_FILL)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_RENDER_MODE);
      return false;
    }
  if (maze != NULL)
    {
      /* cairo's fixed-point coordinates end at 2^23 units. */
      double w, h;

      render_get_size (maze, options, &w, &h);
      if (w > 8e6 || h > 8e6)
        {
          maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_DRAWING_TOO_LARGE, MAZE_REAL (w),
                          MAZE_REAL (h));
          return false;
        }
    }
  return true;
}

double
render_origin (const RenderOptions *options)
{
  double m = options->margin > 0.0 ? options->margin : 0.0;
  double ww = options->wall_width;

  /* A wall of odd whole width centred on a whole-unit grid line would
   * cover half pixels on both sides: shift the grid by half a unit so that
   * it covers whole pixels instead. */
  if (ww >= 1.0 && ww == floor (ww) && fmod (ww, 2.0) == 1.0)
    m += 0.5;
  return m;
}

void
render_get_size (const Maze          *maze,
                 const RenderOptions *options,
                 double              *width,
                 double              *height)
{
  if (width != NULL)
    *width = 2.0 * options->margin + maze_width (maze) * options->cell_size;
  if (height != NULL)
    *height = 2.0 * options->margin + maze_height (maze) * options->cell_size;
}

void
render_cell_extents (const Maze          *maze,
                     const RenderOptions *options,
                     uint32_t             index,
                     cairo_rectangle_t   *rect)
{
  uint32_t w = maze_width (maze);

  rect->x = render_origin (options) + (double) (index % w) * options->cell_size;
  rect->y = render_origin (options) + (double) (index / w) * options->cell_size;
  rect->width = options->cell_size;
  rect->height = options->cell_size;
}

bool
render_clamp_region (const Maze           *maze,
                     const RenderCellRect *region,
                     RenderCellRect       *out)
{
  uint32_t w = maze_width (maze);
  uint32_t h = maze_height (maze);
  uint64_t x1, y1;

  if (region == NULL)
    {
      out->x = 0;
      out->y = 0;
      out->width = w;
      out->height = h;
      return true;
    }
  if (region->x >= w || region->y >= h ||
      region->width == 0 || region->height == 0)
    {
      memset (out, 0, sizeof *out);
      return false;
    }
  x1 = (uint64_t) region->x + region->width;
  y1 = (uint64_t) region->y + region->height;
  if (x1 > w)
    x1 = w;
  if (y1 > h)
    y1 = h;
  out->x = region->x;
  out->y = region->y;
  out->width = (uint32_t) (x1 - region->x);
  out->height = (uint32_t) (y1 - region->y);
  return true;
}

bool
render_region_extents (const Maze           *maze,
                       const RenderOptions  *options,
                       const RenderCellRect *region,
                       cairo_rectangle_t    *rect)
{
  RenderCellRect r;
  double cs = options->cell_size;
  double half = options->wall_width / 2.0;
  double x0, y0, x1, y1, total_w, total_h, origin;

  if (!render_clamp_region (maze, region, &r))
    {
      memset (rect, 0, sizeof *rect);
      return false;
    }

  render_get_size (maze, options, &total_w, &total_h);
  origin = render_origin (options);
  x0 = origin + r.x * cs - half;
  y0 = origin + r.y * cs - half;
  x1 = origin + (double) (r.x + r.width) * cs + half;
  y1 = origin + (double) (r.y + r.height) * cs + half;
  /* At the edge of the maze the region takes the margin too, so that a
   * full set of regions covers the whole drawing. */
  if (r.x == 0)
    x0 = 0.0;
  if (r.y == 0)
    y0 = 0.0;
  if (r.x + r.width == maze_width (maze))
    x1 = total_w;
  if (r.y + r.height == maze_height (maze))
    y1 = total_h;

  rect->x = x0;
  rect->y = y0;
  rect->width = x1 - x0;
  rect->height = y1 - y0;
  return true;
}

/* Clamp a floating cell coordinate range [lo, hi) to 0 .. n - 1. */
static bool
cell_range (double    lo,
            double    hi,
            uint32_t  n,
            uint32_t *first,
            uint32_t *count)
{
  double a = floor (lo);
  double b = ceil (hi);

  if (a < 0.0)
    a = 0.0;
  if (b > (double) n)
    b = (double) n;
  if (!(b > a))
    return false;
  *first = (uint32_t) a;
  *count = (uint32_t) (b - a);
  return true;
}

bool
render_cells_in_rect (const Maze          *maze,
                      const RenderOptions *options,
                      double               x,
                      double               y,
                      double               width,
                      double               height,
                      RenderCellRect      *region)
{
  double cs = options->cell_size;
  double half = options->wall_width / 2.0;
  double m = render_origin (options);

  /* A cell's walls reach half a wall beyond its square. */
  if (width > 0.0 && height > 0.0 &&
      cell_range ((x - half - m) / cs, (x + width + half - m) / cs,
                  maze_width (maze), &region->x, &region->width) &&
      cell_range ((y - half - m) / cs, (y + height + half - m) / cs,
                  maze_height (maze), &region->y, &region->height))
    return true;

  memset (region, 0, sizeof *region);
  return false;
}

int64_t
render_cell_at (const Maze          *maze,
                const RenderOptions *options,
                double               x,
                double               y)
{
  double fx = floor ((x - render_origin (options)) / options->cell_size);
  double fy = floor ((y - render_origin (options)) / options->cell_size);

  if (!(fx >= 0.0 && fx < (double) maze_width (maze) &&
        fy >= 0.0 && fy < (double) maze_height (maze)))
    return -1;
  return (int64_t) fy * maze_width (maze) + (int64_t) fx;
}

bool
render_wall_at (const Maze          *maze,
                const RenderOptions *options,
                double               x,
                double               y,
                double               max_distance,
                uint32_t            *cell,
                uint16_t            *dir)
{
  uint32_t w = maze_width (maze);
  uint32_t h = maze_height (maze);
  double cs = options->cell_size;
  double fx = (x - render_origin (options)) / cs;
  double fy = (y - render_origin (options)) / cs;
  double kx, ky, dv, dh;

  if (max_distance <= 0.0)
    max_distance = cs / 2.0;
  if (!isfinite (fx) || !isfinite (fy))
    return false;

  /* The nearest vertical and horizontal grid lines. */
  kx = floor (fx + 0.5);
  ky = floor (fy + 0.5);
  dv = fabs (fx - kx) * cs;
  dh = fabs (fy - ky) * cs;

  /* A vertical wall needs a row beside it, a horizontal one a column. */
  if (kx < 0.0 || kx > (double) w || fy < 0.0 || fy >= (double) h)
    dv = INFINITY;
  if (ky < 0.0 || ky > (double) h || fx < 0.0 || fx >= (double) w)
    dh = INFINITY;
  if (dv > max_distance && dh > max_distance)
    return false;

  if (dv <= dh)
    {
      uint32_t row = (uint32_t) floor (fy);
      uint32_t col = (uint32_t) kx;

      if (col == 0)
        {
          *cell = row * w;
          *dir = MAZE_W;
        }
      else
        {
          *cell = row * w + col - 1;
          *dir = MAZE_E;
        }
    }
  else
    {
      uint32_t col = (uint32_t) floor (fx);
      uint32_t row = (uint32_t) ky;

      if (row == 0)
        {
          *cell = col;
          *dir = MAZE_N;
        }
      else
        {
          *cell = (row - 1) * w + col;
          *dir = MAZE_S;
        }
    }
  if (maze_is_shaped (maze) && !maze_contains (maze, *cell))
    {
      /* Seen from the cell of the maze on its other side, if there is
       * one: between two cells outside the shape there is no wall. */
      uint32_t x0 = *cell % w, y0 = *cell / w, other = UINT32_MAX;

      if (*dir == MAZE_N && y0 > 0)
        other = *cell - w;
      else if (*dir == MAZE_S && y0 + 1 < h)
        other = *cell + w;
      else if (*dir == MAZE_W && x0 > 0)
        other = *cell - 1;
      else if (*dir == MAZE_E && x0 + 1 < w)
        other = *cell + 1;
      if (other == UINT32_MAX || !maze_contains (maze, other))
        return false;
      *cell = other;
      *dir = maze_opposite (*dir);
    }
  return true;
}

unsigned
render_label_text (const RenderOptions *options,
                   uint16_t             word,
                   char                 buf[8])
{
  unsigned nibble = (word >> (4 * (options->label_nibble & 3))) & 0xF;
  static const char hex[] = "0123456789ABCDEF";

  switch (options->label_mode)
    {
    case RENDER_LABEL_WORD_HEX:
      buf[0] = hex[(word >> 12) & 0xF];
      buf[1] = hex[(word >> 8) & 0xF];
      buf[2] = hex[(word >> 4) & 0xF];
      buf[3] = hex[word & 0xF];
      buf[4] = '\0';
      return 4;
    case RENDER_LABEL_NIBBLE_BIN:
      /* Written W S E N, bit 3 first, like the nibble diagrams. */
      for (unsigned b = 0; b < 4; b++)
        buf[b] = (nibble & (8u >> b)) ? '1' : '0';
      buf[4] = '\0';
      return 4;
    case RENDER_LABEL_NIBBLE_HEX:
      buf[0] = hex[nibble];
      buf[1] = '\0';
      return 1;
    case RENDER_LABEL_NONE:
    default:
      buf[0] = '\0';
      return 0;
    }
}

double
render_label_font_size (const RenderOptions *options)
{
  char buf[8];
  unsigned n = render_label_text (options, 0, buf);
  double room, size;

  if (n == 0)
    return 0.0;
  /* The room inside the walls, with a unit of air on each side; a
   * monospace glyph is about 0.6 em wide. */
  room = options->cell_size - options->wall_width - 2.0;
  size = room / (0.62 * n);
  if (size > room * 0.8)
    size = room * 0.8;
  if (size < RENDER_MIN_LABEL_SIZE)
    return 0.0;
  return size;
}

bool
render_labels_fit (const RenderOptions *options)
{
  return render_label_font_size (options) > 0.0;
}

double
render_fit_cell_size (const Maze          *maze,
                      const RenderOptions *options,
                      double               max_width,
                      double               max_height)
{
  double by_w = floor ((max_width - 2.0 * options->margin) / maze_width (maze));
  double by_h = floor ((max_height - 2.0 * options->margin) / maze_height (maze));
  double size = by_w < by_h ? by_w : by_h;

  /* The walls must stay thinner than a cell. */
  if (size < 1.0 || !(options->wall_width < size))
    return 0.0;
  return size;
}

void
render_auto_size (const Maze    *maze,
                  RenderOptions *options)
{
  uint32_t side = maze_width (maze) > maze_height (maze) ? maze_width (maze) : maze_height (maze);
  double cell = floor ((double) RENDER_AUTO_SIDE / side);

  if (cell < 2)
    cell = 2;
  if (cell >= options->cell_size)
    return;
  options->cell_size = cell;
  options->wall_width = cell >= 8 ? 2 : 1;
  options->margin = options->wall_width > cell / 2 ? options->wall_width : cell / 2;
}
