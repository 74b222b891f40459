/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render.c: draws the layers of a maze with cairo.
 *
 * Speed comes from batching: runs of equal walls along a grid line, and of
 * equally filled cells along a row, become one rectangle each, and many
 * rectangles go into one path before a single cairo_fill().  Axis-aligned
 * rectangles take cairo's fast rectilinear path on image surfaces and keep
 * SVG and PDF files small.  Nothing is allocated per cell.
 *
 * Even so, cairo spends a few hundred nanoseconds on each rectangle, which
 * is most of the time on a maze of millions of cells.  So when the target
 * is a plain image surface, the transformation a whole-pixel translation
 * and the clip a few whole-pixel rectangles, opaque whole-pixel boxes are
 * stored straight into the surface's pixels: the very values cairo would
 * have written (full coverage of an opaque colour is the colour itself),
 * at a fraction of the cost.  Anything else goes through cairo.
 */
#include <math.h>
#include <string.h>

#include "maze-render.h"
#include "maze-render-private.h"

/* Rectangles or segments in one path before it is filled or stroked, to
 * bound the path's memory on huge mazes. */
#define BATCH 512
/* Vector surfaces write each fill as one drawing operator; bigger batches
 * there make smaller, faster files. */
#define VECTOR_BATCH 65536

/* Clip rectangles the direct path handles; more go through cairo. */
#define MAX_CLIP_BOXES 8

typedef struct
{
  int x0, y0, x1, y1;
} Box;

typedef struct
{
  cairo_t                 *cr;
  const Maze              *maze;
  const MazeRenderOptions *o;
  const uint16_t          *cells;
  uint32_t                 w;
  uint32_t                 h;
  MazeCellRect             r;  /* the region asked for */
  MazeCellRect             e;  /* grown by one cell: what may reach into r */
  double                   cs;
  double                   m;
  double                   ww;
  unsigned                 batched;
  unsigned                 batch_max;

  /* Direct pixel writes (see the top of the file). */
  cairo_surface_t         *target;   /* non-NULL when they are possible */
  unsigned char           *data;
  int                      stride;
  double                   tx;       /* user to device: a translation */
  double                   ty;
  Box                      clip[MAX_CLIP_BOXES];
  int                      n_clip;
  bool                     direct;   /* for the current colour */
  uint32_t                 pixel;
} Ctx;

/* ---- colours ---- */

/* Sets @c as the source.  A translucent colour is drawn opaque into a
 * group that is painted with the alpha at the end, so overlapping shapes
 * of one layer do not blend twice.  Returns false when there is nothing
 * to draw (alpha 0). */
static bool
colour_begin (cairo_t        *cr,
              const MazeRgba *c)
{
  if (!(c->alpha > 0.0))
    return false;
  if (c->alpha < 1.0)
    cairo_push_group (cr);
  cairo_set_source_rgb (cr, c->red, c->green, c->blue);
  return true;
}

static void
colour_end (cairo_t        *cr,
            const MazeRgba *c)
{
  if (c->alpha < 1.0)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, c->alpha);
    }
}

/* ---- direct pixel writes ---- */

/* Can boxes go straight into the pixels of @cr's target?  Called once per
 * draw, after the region's clip is set. */
static void
direct_setup (Ctx *ctx)
{
  cairo_surface_t *target = cairo_get_group_target (ctx->cr);
  cairo_rectangle_list_t *list;
  cairo_format_t format;
  cairo_matrix_t mat;
  double ox, oy, sx, sy;
  int width, height;

  ctx->target = NULL;
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_surface_status (target) != CAIRO_STATUS_SUCCESS)
    return;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)
    return;
  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (ox != 0.0 || oy != 0.0 || sx != 1.0 || sy != 1.0)
    return;
  cairo_get_matrix (ctx->cr, &mat);
  if (mat.xx != 1.0 || mat.yy != 1.0 || mat.xy != 0.0 || mat.yx != 0.0 ||
      mat.x0 != floor (mat.x0) || mat.y0 != floor (mat.y0) ||
      fabs (mat.x0) > 1e9 || fabs (mat.y0) > 1e9)
    return;

  width = cairo_image_surface_get_width (target);
  height = cairo_image_surface_get_height (target);
  list = cairo_copy_clip_rectangle_list (ctx->cr);
  if (list->status != CAIRO_STATUS_SUCCESS ||
      list->num_rectangles > MAX_CLIP_BOXES)
    {
      cairo_rectangle_list_destroy (list);
      return;
    }
  ctx->n_clip = 0;
  for (int k = 0; k < list->num_rectangles; k++)
    {
      const cairo_rectangle_t *r = &list->rectangles[k];
      double x0 = r->x + mat.x0, y0 = r->y + mat.y0;
      double x1 = x0 + r->width, y1 = y0 + r->height;
      Box *b = &ctx->clip[ctx->n_clip];

      /* A clip edge inside a pixel needs cairo's coverage. */
      if (x0 != floor (x0) || y0 != floor (y0) ||
          x1 != floor (x1) || y1 != floor (y1))
        {
          cairo_rectangle_list_destroy (list);
          return;
        }
      b->x0 = (int) fmax (x0, 0.0);
      b->y0 = (int) fmax (y0, 0.0);
      b->x1 = (int) fmin (x1, (double) width);
      b->y1 = (int) fmin (y1, (double) height);
      if (b->x0 < b->x1 && b->y0 < b->y1)
        ctx->n_clip++;
    }
  cairo_rectangle_list_destroy (list);

  ctx->target = target;
  ctx->tx = mat.x0;
  ctx->ty = mat.y0;
}

/* The pixel cairo stores for an opaque colour: 16 bits a channel rounded
 * as cairo does, then the top 8 bits. */
static uint32_t
opaque_pixel (const MazeRgba *c)
{
  uint32_t r = (uint32_t) (fmin (fmax (c->red, 0.0), 1.0) * 65535.0 + 0.5);
  uint32_t g = (uint32_t) (fmin (fmax (c->green, 0.0), 1.0) * 65535.0 + 0.5);
  uint32_t b = (uint32_t) (fmin (fmax (c->blue, 0.0), 1.0) * 65535.0 + 0.5);

  return 0xFF000000u | (r >> 8) << 16 | (g >> 8) << 8 | (b >> 8);
}

/* Stores the box (@x0, @y0) .. (@x1, @y1) in device pixels, clipped. */
static void
direct_box (Ctx    *ctx,
            double  x0,
            double  y0,
            double  x1,
            double  y1)
{
  for (int k = 0; k < ctx->n_clip; k++)
    {
      const Box *c = &ctx->clip[k];
      int bx0 = (int) fmax (x0, c->x0), by0 = (int) fmax (y0, c->y0);
      int bx1 = (int) fmin (x1, c->x1), by1 = (int) fmin (y1, c->y1);

      for (int y = by0; y < by1; y++)
        {
          uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) y * ctx->stride);

          for (int x = bx0; x < bx1; x++)
            row[x] = ctx->pixel;
        }
    }
}

/* Starts a layer of boxes of colour @c (see colour_begin()). */
static bool
boxes_begin (Ctx            *ctx,
             const MazeRgba *c)
{
  if (!colour_begin (ctx->cr, c))
    return false;
  ctx->direct = ctx->target != NULL && c->alpha >= 1.0 &&
                cairo_get_group_target (ctx->cr) == ctx->target;
  if (ctx->direct)
    {
      cairo_surface_flush (ctx->target);
      ctx->data = cairo_image_surface_get_data (ctx->target);
      ctx->stride = cairo_image_surface_get_stride (ctx->target);
      ctx->pixel = opaque_pixel (c);
      if (ctx->data == NULL)
        ctx->direct = false;
    }
  return true;
}

static void batch_fill (Ctx *ctx);

static void
boxes_end (Ctx            *ctx,
           const MazeRgba *c)
{
  batch_fill (ctx);
  if (ctx->direct)
    cairo_surface_mark_dirty (ctx->target);
  ctx->direct = false;
  colour_end (ctx->cr, c);
}

/* ---- batching ---- */

static void
batch_rect (Ctx    *ctx,
            double  x,
            double  y,
            double  width,
            double  height)
{
  if (ctx->direct)
    {
      double x0 = x + ctx->tx, y0 = y + ctx->ty;
      double x1 = x0 + width, y1 = y0 + height;

      if (x0 == floor (x0) && y0 == floor (y0) &&
          x1 == floor (x1) && y1 == floor (y1))
        {
          direct_box (ctx, x0, y0, x1, y1);
          return;
        }
    }
  cairo_rectangle (ctx->cr, x, y, width, height);
  if (++ctx->batched >= ctx->batch_max)
    {
      cairo_fill (ctx->cr);
      ctx->batched = 0;
    }
}

static void
batch_fill (Ctx *ctx)
{
  if (ctx->batched > 0)
    cairo_fill (ctx->cr);
  ctx->batched = 0;
}

static void
batch_segment (Ctx    *ctx,
               double  x0,
               double  y0,
               double  x1,
               double  y1)
{
  cairo_move_to (ctx->cr, x0, y0);
  cairo_line_to (ctx->cr, x1, y1);
  if (++ctx->batched >= ctx->batch_max)
    {
      cairo_stroke (ctx->cr);
      ctx->batched = 0;
    }
}

static void
batch_stroke (Ctx *ctx)
{
  if (ctx->batched > 0)
    cairo_stroke (ctx->cr);
  ctx->batched = 0;
}

/* ---- geometry ---- */

static inline double
cell_x (const Ctx *ctx,
        uint32_t   x)
{
  return ctx->m + (double) x * ctx->cs;
}

static inline double
cell_y (const Ctx *ctx,
        uint32_t   y)
{
  return ctx->m + (double) y * ctx->cs;
}

static bool
in_grown_region (const Ctx *ctx,
                 uint32_t   index)
{
  uint32_t x, y;

  if (index >= ctx->w * ctx->h)
    return false;
  x = index % ctx->w;
  y = index / ctx->w;
  return x >= ctx->e.x && x < ctx->e.x + ctx->e.width &&
         y >= ctx->e.y && y < ctx->e.y + ctx->e.height;
}

/* The room inside a cell's walls. */
static double
inner_size (const Ctx *ctx)
{
  return ctx->cs - ctx->ww;
}

/* ---- the BACKGROUND layer ---- */

static void
draw_background (Ctx *ctx)
{
  const MazeRgba *c = &ctx->o->palette.background;

  /* The clip is the region's extents. */
  cairo_set_source_rgba (ctx->cr, c->red, c->green, c->blue, c->alpha);
  cairo_paint (ctx->cr);
}

/* ---- the CELLS layer ---- */

typedef bool (*CellPredicate) (const Ctx *ctx,
                               uint32_t   index);

static bool
is_searched (const Ctx *ctx,
             uint32_t   index)
{
  return (ctx->cells[index] & MAZE_BACKTRACK_MASK) != 0;
}

/* On the solution path: a solution bit, or the goal when the path reaches
 * it (the goal has no solution bit of its own). */
static bool
is_on_path (const Ctx *ctx,
            uint32_t   index)
{
  uint32_t goal;

  if ((ctx->cells[index] & MAZE_SOLUTION_MASK) != 0)
    return true;
  goal = maze_goal (ctx->maze);
  if (index != goal)
    return false;
  for (unsigned d = 0; d < 4; d++)
    {
      uint16_t dir = MAZE_DIRECTIONS[d];
      uint32_t n = maze_neighbor (ctx->maze, goal, dir);

      if (n != UINT32_MAX &&
          maze_cell_solution (ctx->cells[n]) == maze_opposite (dir))
        return true;
    }
  return false;
}

/* Fills @n cells of row @y from column @x.  A fill reaches under the
 * cell's walls (half a wall beyond its square): standing walls cover it
 * again, and in a passage it colours the gap instead of leaving a seam,
 * which also keeps the fills of odd-width walls on whole pixels. */
static void
fill_cells (Ctx      *ctx,
            uint32_t  x,
            uint32_t  y,
            uint32_t  n)
{
  double hw = ctx->ww / 2.0;

  batch_rect (ctx, cell_x (ctx, x) - hw, cell_y (ctx, y) - hw,
              (double) n * ctx->cs + ctx->ww, ctx->cs + ctx->ww);
}

/* Fills every cell of the grown region for which @pred holds, one
 * rectangle per run of such cells along a row. */
static void
fill_cells_where (Ctx            *ctx,
                  CellPredicate   pred,
                  const MazeRgba *colour)
{
  uint32_t x_end = ctx->e.x + ctx->e.width;

  if (!boxes_begin (ctx, colour))
    return;
  for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
    {
      uint32_t row = y * ctx->w;
      uint32_t x = ctx->e.x;

      while (x < x_end)
        {
          uint32_t start;

          while (x < x_end && !pred (ctx, row + x))
            x++;
          if (x == x_end)
            break;
          start = x;
          while (x < x_end && pred (ctx, row + x))
            x++;
          fill_cells (ctx, start, y, x - start);
        }
    }
  boxes_end (ctx, colour);
}

static void
fill_cell_list (Ctx            *ctx,
                const uint32_t *list,
                size_t          n,
                const MazeRgba *colour)
{
  if (n == 0 || list == NULL || !boxes_begin (ctx, colour))
    return;
  for (size_t i = 0; i < n; i++)
    if (in_grown_region (ctx, list[i]))
      fill_cells (ctx, list[i] % ctx->w, list[i] / ctx->w, 1);
  boxes_end (ctx, colour);
}

static void
draw_labels (Ctx *ctx)
{
  const MazeRgba *c = &ctx->o->palette.label;
  double size = maze_render_label_font_size (ctx->o);
  cairo_text_extents_t te;
  cairo_font_extents_t fe;
  char buf[8];
  double dx, dy;

  if (size <= 0.0 || !(c->alpha > 0.0))
    return;

  cairo_save (ctx->cr);
  cairo_select_font_face (ctx->cr, "monospace", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (ctx->cr, size);
  cairo_set_source_rgba (ctx->cr, c->red, c->green, c->blue, c->alpha);
  /* Every label of a mode has the same length in a monospace font, so
   * one measurement centres them all. */
  maze_render_label_text (ctx->o, 0, buf);
  cairo_text_extents (ctx->cr, buf, &te);
  cairo_font_extents (ctx->cr, &fe);
  dx = (ctx->cs - te.x_advance) / 2.0;
  dy = (ctx->cs + fe.ascent - fe.descent) / 2.0;

  for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
    for (uint32_t x = ctx->e.x; x < ctx->e.x + ctx->e.width; x++)
      {
        maze_render_label_text (ctx->o, ctx->cells[y * ctx->w + x], buf);
        cairo_move_to (ctx->cr, cell_x (ctx, x) + dx, cell_y (ctx, y) + dy);
        cairo_show_text (ctx->cr, buf);
      }
  cairo_restore (ctx->cr);
}

static void
draw_cells (Ctx *ctx)
{
  const MazeRenderOptions *o = ctx->o;

  if (o->show_search)
    fill_cells_where (ctx, is_searched, &o->palette.search);
  if (o->show_solution && o->solution_style == MAZE_SOLUTION_FILL)
    fill_cells_where (ctx, is_on_path, &o->palette.solution);
  fill_cell_list (ctx, o->frontier, o->n_frontier, &o->palette.frontier);
  fill_cell_list (ctx, o->changed, o->n_changed, &o->palette.changed);
  if (o->label_mode != MAZE_LABEL_NONE)
    draw_labels (ctx);
}

/* ---- the WALLS layer ---- */

/* Is the wall on grid line @line (0 .. h) above column @x standing? */
static inline bool
horizontal_wall (const Ctx *ctx,
                 uint32_t   line,
                 uint32_t   x)
{
  if (line == 0)
    return !(ctx->cells[x] & MAZE_N);
  return !(ctx->cells[(line - 1) * ctx->w + x] & MAZE_S);
}

/* Is the wall on grid line @line (0 .. w) beside row @y standing? */
static inline bool
vertical_wall (const Ctx *ctx,
               uint32_t   line,
               uint32_t   y)
{
  if (line == 0)
    return !(ctx->cells[y * ctx->w] & MAZE_W);
  return !(ctx->cells[y * ctx->w + line - 1] & MAZE_E);
}

/* One rectangle per run of standing walls along horizontal grid line
 * @line.  Each run reaches half a wall beyond both of its ends, so runs
 * meeting at a corner close it as square caps would. */
static void
horizontal_runs (Ctx      *ctx,
                 uint32_t  line)
{
  double hw = ctx->ww / 2.0;
  double ly = cell_y (ctx, line) - hw;
  uint32_t x_end = ctx->e.x + ctx->e.width;
  uint32_t x = ctx->e.x;

  while (x < x_end)
    {
      uint32_t start;

      while (x < x_end && !horizontal_wall (ctx, line, x))
        x++;
      if (x == x_end)
        break;
      start = x;
      while (x < x_end && horizontal_wall (ctx, line, x))
        x++;
      batch_rect (ctx, cell_x (ctx, start) - hw, ly,
                  (double) (x - start) * ctx->cs + ctx->ww, ctx->ww);
    }
}

static void
draw_walls (Ctx *ctx)
{
  const MazeRgba *c = &ctx->o->palette.wall;
  double hw = ctx->ww / 2.0;
  uint32_t x_end = ctx->e.x + ctx->e.width;
  uint32_t y_end = ctx->e.y + ctx->e.height;

  if (!(ctx->ww > 0.0) || !boxes_begin (ctx, c))
    return;

  if (ctx->direct)
    {
      /* Straight into pixels, one band of cells at a time: long vertical
       * runs would write one column across thousands of rows, a cache
       * and TLB miss a pixel.  Per-cell pieces of the vertical walls give
       * the same union of pixels as the runs. */
      for (uint32_t line = ctx->e.y; line <= y_end; line++)
        {
          horizontal_runs (ctx, line);
          if (line == y_end)
            break;
          for (uint32_t k = ctx->e.x; k <= x_end; k++)
            if (vertical_wall (ctx, k, line))
              batch_rect (ctx, cell_x (ctx, k) - hw, cell_y (ctx, line) - hw,
                          ctx->ww, ctx->cs + ctx->ww);
        }
      boxes_end (ctx, c);
      return;
    }

  for (uint32_t line = ctx->e.y; line <= y_end; line++)
    horizontal_runs (ctx, line);
  /* Horizontal and vertical runs overlap at corners: filling them apart
   * keeps each fill a set of disjoint boxes, cairo's fastest case. */
  batch_fill (ctx);

  for (uint32_t line = ctx->e.x; line <= x_end; line++)
    {
      double lx = cell_x (ctx, line) - hw;
      uint32_t y = ctx->e.y;

      while (y < y_end)
        {
          uint32_t start;

          while (y < y_end && !vertical_wall (ctx, line, y))
            y++;
          if (y == y_end)
            break;
          start = y;
          while (y < y_end && vertical_wall (ctx, line, y))
            y++;
          batch_rect (ctx, lx, cell_y (ctx, start) - hw,
                      ctx->ww, (double) (y - start) * ctx->cs + ctx->ww);
        }
    }
  boxes_end (ctx, c);
}

/* ---- the OVERLAY layer ---- */

static void
cell_centre (const Ctx *ctx,
             uint32_t   index,
             double    *x,
             double    *y)
{
  *x = cell_x (ctx, index % ctx->w) + ctx->cs / 2.0;
  *y = cell_y (ctx, index / ctx->w) + ctx->cs / 2.0;
}

static double
line_width (const Ctx *ctx,
            double     fraction)
{
  double lw = inner_size (ctx) * fraction;

  return lw < 1.0 ? 1.0 : lw;
}

/* The width of the solution line: about a third of the room between the
 * walls, and on whole-unit geometry a whole number of the parity that
 * puts its edges on whole pixels (the line is centred on the cells). */
static double
solution_width (const Ctx *ctx)
{
  double room = inner_size (ctx);
  double centre = ctx->m + ctx->cs / 2.0;
  double lw = room * 0.35;

  if (centre * 2.0 == floor (centre * 2.0) && room >= 1.0)
    {
      bool half = centre != floor (centre);

      lw = fmax (1.0, round (lw));
      if ((fmod (lw, 2.0) == 1.0) != half)
        lw += lw + 1.0 <= room ? 1.0 : -1.0;
      if (lw < 1.0)
        lw = room * 0.35;
    }
  return lw < 1.0 ? fmin (1.0, room) : lw;
}

/* The solution line through the centres of the path cells: one box per
 * step, reaching half the line's width beyond both centres, so the turns
 * close squarely.  Boxes take the same fast path as the walls. */
static void
draw_solution_line (Ctx *ctx)
{
  const MazeRgba *c = &ctx->o->palette.solution;
  double half = solution_width (ctx) / 2.0;

  if (!boxes_begin (ctx, c))
    return;
  for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
    for (uint32_t x = ctx->e.x; x < ctx->e.x + ctx->e.width; x++)
      {
        uint32_t i = y * ctx->w + x;
        uint16_t dir = maze_cell_solution (ctx->cells[i]);
        uint32_t n;
        double x0, y0, x1, y1;

        if (dir == 0)
          continue;
        n = maze_neighbor (ctx->maze, i, dir);
        if (n == UINT32_MAX)
          continue;
        cell_centre (ctx, i, &x0, &y0);
        cell_centre (ctx, n, &x1, &y1);
        batch_rect (ctx, fmin (x0, x1) - half, fmin (y0, y1) - half,
                    fabs (x1 - x0) + 2.0 * half, fabs (y1 - y0) + 2.0 * half);
      }
  boxes_end (ctx, c);
}

static bool
are_neighbours (const Ctx *ctx,
                uint32_t   a,
                uint32_t   b)
{
  uint32_t ax = a % ctx->w, ay = a / ctx->w;
  uint32_t bx = b % ctx->w, by = b / ctx->w;

  if (ay == by)
    return ax + 1 == bx || bx + 1 == ax;
  if (ax == bx)
    return ay + 1 == by || by + 1 == ay;
  return false;
}

static void
draw_trail (Ctx *ctx)
{
  const MazeRenderOptions *o = ctx->o;
  const MazeRgba *c = &o->palette.trail;
  uint32_t n_cells = ctx->w * ctx->h;
  uint32_t last;
  double x0, y0, x1, y1;

  if (o->n_trail == 0 || o->trail == NULL || !colour_begin (ctx->cr, c))
    return;
  cairo_set_line_width (ctx->cr, line_width (ctx, 0.2));
  cairo_set_line_cap (ctx->cr, CAIRO_LINE_CAP_ROUND);
  for (size_t i = 1; i < o->n_trail; i++)
    {
      uint32_t a = o->trail[i - 1], b = o->trail[i];

      if (a >= n_cells || b >= n_cells || !are_neighbours (ctx, a, b) ||
          !(in_grown_region (ctx, a) || in_grown_region (ctx, b)))
        continue;
      cell_centre (ctx, a, &x0, &y0);
      cell_centre (ctx, b, &x1, &y1);
      batch_segment (ctx, x0, y0, x1, y1);
    }
  batch_stroke (ctx);

  /* The player stands on the last cell. */
  last = o->trail[o->n_trail - 1];
  if (in_grown_region (ctx, last))
    {
      cell_centre (ctx, last, &x0, &y0);
      cairo_arc (ctx->cr, x0, y0, inner_size (ctx) * 0.3, 0, 2 * M_PI);
      cairo_fill (ctx->cr);
    }
  colour_end (ctx->cr, c);
}

static void
draw_markers (Ctx *ctx)
{
  const MazeRenderPalette *p = &ctx->o->palette;
  uint32_t start = maze_start (ctx->maze);
  uint32_t goal = maze_goal (ctx->maze);
  double inner = inner_size (ctx);
  double x, y;

  /* A disc for the start, a square for the goal: told apart without
   * their colours too. */
  if (in_grown_region (ctx, goal) && colour_begin (ctx->cr, &p->goal))
    {
      double side = inner * 0.6;

      cell_centre (ctx, goal, &x, &y);
      cairo_rectangle (ctx->cr, x - side / 2.0, y - side / 2.0, side, side);
      cairo_fill (ctx->cr);
      colour_end (ctx->cr, &p->goal);
    }
  if (in_grown_region (ctx, start) && colour_begin (ctx->cr, &p->start))
    {
      cell_centre (ctx, start, &x, &y);
      cairo_arc (ctx->cr, x, y, inner * 0.32, 0, 2 * M_PI);
      cairo_fill (ctx->cr);
      colour_end (ctx->cr, &p->start);
    }
}

static void
draw_selected (Ctx *ctx)
{
  const MazeRgba *c = &ctx->o->palette.selected;
  uint32_t sel = ctx->o->selected;
  double lw, inset;

  if (sel == MAZE_RENDER_NO_CELL || !in_grown_region (ctx, sel) ||
      !colour_begin (ctx->cr, c))
    return;
  /* Whole units keep the outline crisp on pixel-aligned cells. */
  lw = round (ctx->cs * 0.12);
  if (lw < 1.0)
    lw = 1.0;
  inset = ctx->ww / 2.0 + lw / 2.0;
  if (inset > ctx->cs / 2.0 - 0.5)
    inset = ctx->cs / 2.0 - 0.5;
  cairo_set_line_width (ctx->cr, lw);
  cairo_set_line_join (ctx->cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle (ctx->cr, cell_x (ctx, sel % ctx->w) + inset,
                   cell_y (ctx, sel / ctx->w) + inset,
                   ctx->cs - 2.0 * inset, ctx->cs - 2.0 * inset);
  cairo_stroke (ctx->cr);
  colour_end (ctx->cr, c);
}

static void
draw_overlay (Ctx *ctx)
{
  const MazeRenderOptions *o = ctx->o;

  if (o->show_solution && o->solution_style == MAZE_SOLUTION_LINE)
    draw_solution_line (ctx);
  draw_trail (ctx);
  if (o->show_markers)
    draw_markers (ctx);
  draw_selected (ctx);
}

/* ---- entry points ---- */

void
maze_render_draw_region (cairo_t                 *cr,
                         const Maze              *maze,
                         const MazeRenderOptions *options,
                         const MazeCellRect      *region,
                         unsigned                 layers)
{
  Ctx ctx;
  cairo_rectangle_t clip;
  uint32_t x0, y0, x1, y1;

  if (!maze_render_region_extents (maze, options, region, &clip))
    return;

  memset (&ctx, 0, sizeof ctx);
  ctx.cr = cr;
  ctx.maze = maze;
  ctx.o = options;
  ctx.cells = maze_cells_const (maze);
  ctx.w = maze_width (maze);
  ctx.h = maze_height (maze);
  ctx.cs = options->cell_size > 0.0 ? options->cell_size : 1.0;
  ctx.m = maze_render_origin (options);
  ctx.batch_max = cairo_surface_get_type (cairo_get_group_target (cr))
                  == CAIRO_SURFACE_TYPE_IMAGE ? BATCH : VECTOR_BATCH;
  ctx.ww = options->wall_width > 0.0 ? options->wall_width : 0.0;
  if (ctx.ww >= ctx.cs)
    ctx.ww = ctx.cs / 2.0;
  maze_render_clamp_region (maze, region, &ctx.r);

  /* Walls, lines and markers of the next cells reach into the region. */
  x0 = ctx.r.x > 0 ? ctx.r.x - 1 : 0;
  y0 = ctx.r.y > 0 ? ctx.r.y - 1 : 0;
  x1 = ctx.r.x + ctx.r.width < ctx.w ? ctx.r.x + ctx.r.width + 1 : ctx.w;
  y1 = ctx.r.y + ctx.r.height < ctx.h ? ctx.r.y + ctx.r.height + 1 : ctx.h;
  ctx.e.x = x0;
  ctx.e.y = y0;
  ctx.e.width = x1 - x0;
  ctx.e.height = y1 - y0;

  cairo_save (cr);
  cairo_rectangle (cr, clip.x, clip.y, clip.width, clip.height);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_new_path (cr);
  direct_setup (&ctx);

  if (layers & MAZE_RENDER_LAYER_BACKGROUND)
    draw_background (&ctx);
  if (layers & MAZE_RENDER_LAYER_CELLS)
    draw_cells (&ctx);
  if (layers & MAZE_RENDER_LAYER_WALLS)
    draw_walls (&ctx);
  if (layers & MAZE_RENDER_LAYER_OVERLAY)
    draw_overlay (&ctx);

  cairo_restore (cr);
}

void
maze_render_draw (cairo_t                 *cr,
                  const Maze              *maze,
                  const MazeRenderOptions *options)
{
  maze_render_draw_region (cr, maze, options, NULL, MAZE_RENDER_LAYER_ALL);
}
