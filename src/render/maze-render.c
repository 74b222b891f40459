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
 * is a plain image surface, the transformation (with the surface's device
 * scale, e.g. HiDPI) an axis-aligned scale and translation and the clip a
 * few whole-pixel rectangles, opaque boxes that land on whole device
 * pixels are stored straight into the surface's pixels: the very values
 * cairo would have written (full coverage of an opaque colour is the
 * colour itself), at a fraction of the cost.  Anything else goes through
 * cairo.
 *
 * Cells smaller than OVERVIEW_CELL device pixels (a huge maze zoomed out)
 * cannot be drawn crisply at all, and cairo would spend its time on
 * millions of slivers.  On such an image surface, when the region's floor,
 * cells and walls are drawn together, every device pixel is instead
 * written once as the average of the cells it stands for: the wall
 * density makes it grey, searched cells make it yellowish, and a cell of
 * the solution, the frontier, the trail, the markers or the selection
 * makes the whole pixel that colour (see draw_overview()).  A pixel's
 * value depends only on where it is and on the maze, so region draws and
 * full draws still agree; a region draw writes the whole pixels its
 * extents touch.
 *
 * A shaped maze is drawn only where it is: the floor under the cells of
 * its shape, walls where at least one side is a cell of the maze, nothing
 * over the cells outside or the margin, which keep whatever was there (a
 * transparent image, the window, the paper).  The border nibble says
 * where the maze ends; a rectangle takes the same paths as before.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
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
  cairo_t                 *cr;       /* NULL when drawing into vec */
  RenderVector            *vec;      /* SVG or PDF written as drawn */
  const Maze              *maze;
  const RenderOptions *o;
  const uint16_t          *cells;
  uint32_t                 w;
  uint32_t                 h;
  bool                     shaped; /* has cells outside its shape */
  RenderCellRect             r;  /* the region asked for */
  RenderCellRect             e;  /* grown by one cell: what may reach into r */
  double                   cs;
  double                   m;
  double                   ww;
  unsigned                 batched;
  unsigned                 batch_max;

  /* Direct pixel writes (see the top of the file). */
  cairo_surface_t         *target;   /* non-NULL when they are possible */
  unsigned char           *data;
  int                      stride;
  double                   sx;       /* user to device: a scale ... */
  double                   sy;
  double                   tx;       /* ... then a translation */
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
colour_begin (cairo_t          *cr,
              const RenderRgba *c)
{
  if (!(c->alpha > 0.0))
    return false;
  if (c->alpha < 1.0)
    cairo_push_group (cr);
  cairo_set_source_rgb (cr, c->red, c->green, c->blue);
  return true;
}

static void
colour_end (cairo_t          *cr,
            const RenderRgba *c)
{
  if (c->alpha < 1.0)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, c->alpha);
    }
}

/* ---- direct pixel writes ---- */

/* The user-to-device transformation of @cr into its image surface
 * @target when it is a positive axis-aligned scale and a translation
 * (the surface's device scale and offset included); false otherwise. */
static bool
device_transform (cairo_t         *cr,
                  cairo_surface_t *target,
                  double          *sx,
                  double          *sy,
                  double          *tx,
                  double          *ty)
{
  cairo_matrix_t mat;
  double ox, oy, dsx, dsy;

  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_surface_get_device_scale (target, &dsx, &dsy);
  cairo_get_matrix (cr, &mat);
  if (mat.xy != 0.0 || mat.yx != 0.0 || !(mat.xx > 0.0) || !(mat.yy > 0.0))
    return false;
  *sx = mat.xx * dsx;
  *sy = mat.yy * dsy;
  *tx = mat.x0 * dsx + ox;
  *ty = mat.y0 * dsy + oy;
  return isfinite (*sx) && isfinite (*sy) && *sx > 0.0 && *sy > 0.0 &&
         fabs (*tx) <= 1e9 && fabs (*ty) <= 1e9;
}

/* The plain RGB24 or ARGB32 image surface @cr draws into, or NULL. */
static cairo_surface_t *
image_target (cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_format_t format;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_surface_status (target) != CAIRO_STATUS_SUCCESS)
    return NULL;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)
    return NULL;
  return target;
}

/* The clip of @cr as at most MAX_CLIP_BOXES whole device pixel boxes
 * inside the surface (ctx->sx ... must be set): false when it is not such
 * a set (a clip edge inside a pixel needs cairo's coverage). */
static bool
clip_boxes (Ctx             *ctx,
            cairo_surface_t *target,
            Box             *boxes,
            int             *n_boxes)
{
  cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list (ctx->cr);
  int width = cairo_image_surface_get_width (target);
  int height = cairo_image_surface_get_height (target);

  *n_boxes = 0;
  if (list->status != CAIRO_STATUS_SUCCESS ||
      list->num_rectangles > MAX_CLIP_BOXES)
    {
      cairo_rectangle_list_destroy (list);
      return false;
    }
  for (int k = 0; k < list->num_rectangles; k++)
    {
      const cairo_rectangle_t *r = &list->rectangles[k];
      double x0 = r->x * ctx->sx + ctx->tx, y0 = r->y * ctx->sy + ctx->ty;
      double x1 = (r->x + r->width) * ctx->sx + ctx->tx;
      double y1 = (r->y + r->height) * ctx->sy + ctx->ty;
      Box *b = &boxes[*n_boxes];

      if (x0 != floor (x0) || y0 != floor (y0) ||
          x1 != floor (x1) || y1 != floor (y1))
        {
          cairo_rectangle_list_destroy (list);
          return false;
        }
      b->x0 = (int) fmax (x0, 0.0);
      b->y0 = (int) fmax (y0, 0.0);
      b->x1 = (int) fmin (x1, (double) width);
      b->y1 = (int) fmin (y1, (double) height);
      if (b->x0 < b->x1 && b->y0 < b->y1)
        (*n_boxes)++;
    }
  cairo_rectangle_list_destroy (list);
  return true;
}

/* Can boxes go straight into the pixels of @cr's target?  Called once per
 * draw, after the region's clip is set. */
static void
direct_setup (Ctx *ctx)
{
  cairo_surface_t *target = image_target (ctx->cr);

  ctx->target = NULL;
  if (target == NULL ||
      !device_transform (ctx->cr, target, &ctx->sx, &ctx->sy, &ctx->tx, &ctx->ty) ||
      !clip_boxes (ctx, target, ctx->clip, &ctx->n_clip))
    return;
  ctx->target = target;
}

/* The pixel cairo stores for an opaque colour: 16 bits a channel rounded
 * as cairo does, then the top 8 bits. */
static uint32_t
opaque_pixel (const RenderRgba *c)
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
boxes_begin (Ctx              *ctx,
             const RenderRgba *c)
{
  if (ctx->vec != NULL)
    {
      if (!(c->alpha > 0.0))
        return false;
      render_vector_fill_begin (ctx->vec, c);
      return true;
    }
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
boxes_end (Ctx              *ctx,
           const RenderRgba *c)
{
  if (ctx->vec != NULL)
    {
      render_vector_fill_end (ctx->vec);
      return;
    }
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
  if (ctx->vec != NULL)
    {
      render_vector_rect (ctx->vec, x, y, width, height);
      return;
    }
  if (ctx->direct)
    {
      double x0 = x * ctx->sx + ctx->tx, y0 = y * ctx->sy + ctx->ty;
      double x1 = (x + width) * ctx->sx + ctx->tx;
      double y1 = (y + height) * ctx->sy + ctx->ty;

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
  /* a vector path is one fill, however many rectangles */
  if (ctx->vec != NULL)
    return;
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

static void fill_cells (Ctx      *ctx,
                        uint32_t  x,
                        uint32_t  y,
                        uint32_t  n);

/* Is cell @index a cell of the maze?  (Only asked of shaped mazes, which
 * have two cells or more: a cell with four border bits is outside.) */
static inline bool
is_inside (const Ctx *ctx,
           uint32_t   index)
{
  return !maze_cell_outside (ctx->cells[index]);
}

static void
draw_background (Ctx *ctx)
{
  const RenderRgba *c = &ctx->o->palette.background;
  uint32_t x_end = ctx->e.x + ctx->e.width;

  if (!ctx->shaped && ctx->vec != NULL)
    {
      cairo_rectangle_t area;

      if (render_region_extents (ctx->maze, ctx->o, NULL, &area) && boxes_begin (ctx, c))
        {
          render_vector_rect (ctx->vec, area.x, area.y, area.width, area.height);
          boxes_end (ctx, c);
        }
      return;
    }
  if (!ctx->shaped)
    {
      /* The clip is the region's extents. */
      cairo_set_source_rgba (ctx->cr, c->red, c->green, c->blue, c->alpha);
      cairo_paint (ctx->cr);
      return;
    }
  /* The floor of the shape's cells, runs along each row, each cell grown
   * by half a wall so that the outer wall stands on it. */
  if (!boxes_begin (ctx, c))
    return;
  for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
    {
      uint32_t row = y * ctx->w;
      uint32_t x = ctx->e.x;

      while (x < x_end)
        {
          uint32_t start;

          while (x < x_end && !is_inside (ctx, row + x))
            x++;
          if (x == x_end)
            break;
          start = x;
          while (x < x_end && is_inside (ctx, row + x))
            x++;
          fill_cells (ctx, start, y, x - start);
        }
    }
  boxes_end (ctx, c);
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
fill_cells_where (Ctx              *ctx,
                  CellPredicate     pred,
                  const RenderRgba *colour)
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
fill_cell_list (Ctx              *ctx,
                const uint32_t   *list,
                size_t            n,
                const RenderRgba *colour)
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
  const RenderRgba *c = &ctx->o->palette.label;
  double size = render_label_font_size (ctx->o);
  cairo_text_extents_t te;
  cairo_font_extents_t fe;
  char buf[8];
  double dx, dy;

  if (size <= 0.0 || !(c->alpha > 0.0))
    return;

  if (ctx->vec != NULL)
    {
      double advance, ascent, descent;
      unsigned len = render_label_text (ctx->o, 0, buf);

      render_vector_text_metrics (size, len, &advance, &ascent, &descent);
      dx = (ctx->cs - advance) / 2.0;
      dy = (ctx->cs + ascent - descent) / 2.0;
      render_vector_text_begin (ctx->vec, c, size);
      for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
        for (uint32_t x = ctx->e.x; x < ctx->e.x + ctx->e.width; x++)
          {
            if (ctx->shaped && !is_inside (ctx, y * ctx->w + x))
              continue;
            render_label_text (ctx->o, ctx->cells[y * ctx->w + x], buf);
            render_vector_text (ctx->vec, cell_x (ctx, x) + dx, cell_y (ctx, y) + dy, buf);
          }
      render_vector_text_end (ctx->vec);
      return;
    }

  cairo_save (ctx->cr);
  cairo_select_font_face (ctx->cr, "monospace", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (ctx->cr, size);
  cairo_set_source_rgba (ctx->cr, c->red, c->green, c->blue, c->alpha);
  /* Every label of a mode has the same length in a monospace font, so
   * one measurement centres them all. */
  render_label_text (ctx->o, 0, buf);
  cairo_text_extents (ctx->cr, buf, &te);
  cairo_font_extents (ctx->cr, &fe);
  dx = (ctx->cs - te.x_advance) / 2.0;
  dy = (ctx->cs + fe.ascent - fe.descent) / 2.0;

  for (uint32_t y = ctx->e.y; y < ctx->e.y + ctx->e.height; y++)
    for (uint32_t x = ctx->e.x; x < ctx->e.x + ctx->e.width; x++)
      {
        if (ctx->shaped && !is_inside (ctx, y * ctx->w + x))
          continue;
        render_label_text (ctx->o, ctx->cells[y * ctx->w + x], buf);
        cairo_move_to (ctx->cr, cell_x (ctx, x) + dx, cell_y (ctx, y) + dy);
        cairo_show_text (ctx->cr, buf);
      }
  cairo_restore (ctx->cr);
}

static void
draw_cells (Ctx *ctx)
{
  const RenderOptions *o = ctx->o;

  if (o->show_search)
    fill_cells_where (ctx, is_searched, &o->palette.search);
  if (o->show_solution && o->solution_style == RENDER_SOLUTION_FILL)
    fill_cells_where (ctx, is_on_path, &o->palette.solution);
  fill_cell_list (ctx, o->frontier, o->n_frontier, &o->palette.frontier);
  fill_cell_list (ctx, o->changed, o->n_changed, &o->palette.changed);
  if (o->label_mode != RENDER_LABEL_NONE)
    draw_labels (ctx);
}

/* ---- the WALLS layer ---- */

/* In a shaped maze, a wall stands between two cells when the one of
 * them that is in the maze has no passage through it; between two cells
 * outside (or outside and the grid's edge) there is no wall at all. */
static bool
shaped_wall (const Ctx *ctx,
             uint32_t   a,
             uint16_t   a_side,
             uint32_t   b,
             uint16_t   b_side)
{
  if (a != UINT32_MAX && is_inside (ctx, a))
    return !(ctx->cells[a] & a_side);
  if (b != UINT32_MAX && is_inside (ctx, b))
    return !(ctx->cells[b] & b_side);
  return false;
}

/* Is the wall on grid line @line (0 .. h) above column @x standing? */
static inline bool
horizontal_wall (const Ctx *ctx,
                 uint32_t   line,
                 uint32_t   x)
{
  if (ctx->shaped)
    return shaped_wall (ctx, line > 0 ? (line - 1) * ctx->w + x : UINT32_MAX, MAZE_S,
                        line < ctx->h ? line * ctx->w + x : UINT32_MAX, MAZE_N);
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
  if (ctx->shaped)
    return shaped_wall (ctx, line > 0 ? y * ctx->w + line - 1 : UINT32_MAX, MAZE_E,
                        line < ctx->w ? y * ctx->w + line : UINT32_MAX, MAZE_W);
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

/* The walls of a vector file, the same runs as below but found row by
 * row: a column's run is written when it ends, so the cells are read in
 * the order they lie in memory (a maze's columns span its whole array). */
static void
draw_walls_by_rows (Ctx *ctx)
{
  double hw = ctx->ww / 2.0;
  uint32_t x_end = ctx->e.x + ctx->e.width;
  uint32_t y_end = ctx->e.y + ctx->e.height;
  uint32_t n_lines = x_end - ctx->e.x + 1;
  uint32_t *run_start = malloc ((size_t) n_lines * sizeof *run_start);

  if (run_start == NULL)
    {
      /* column by column, as the cairo surfaces get them */
      for (uint32_t line = ctx->e.y; line <= y_end; line++)
        horizontal_runs (ctx, line);
      for (uint32_t line = ctx->e.x; line <= x_end; line++)
        for (uint32_t y = ctx->e.y; y < y_end; y++)
          if (vertical_wall (ctx, line, y))
            batch_rect (ctx, cell_x (ctx, line) - hw, cell_y (ctx, y) - hw,
                        ctx->ww, ctx->cs + ctx->ww);
      return;
    }
  for (uint32_t k = 0; k < n_lines; k++)
    run_start[k] = UINT32_MAX;
  for (uint32_t y = ctx->e.y; y <= y_end; y++)
    {
      horizontal_runs (ctx, y);
      for (uint32_t k = 0; k < n_lines; k++)
        {
          uint32_t line = ctx->e.x + k;
          bool standing = y < y_end && vertical_wall (ctx, line, y);

          if (standing && run_start[k] == UINT32_MAX)
            run_start[k] = y;
          else if (!standing && run_start[k] != UINT32_MAX)
            {
              batch_rect (ctx, cell_x (ctx, line) - hw, cell_y (ctx, run_start[k]) - hw,
                          ctx->ww, (double) (y - run_start[k]) * ctx->cs + ctx->ww);
              run_start[k] = UINT32_MAX;
            }
        }
    }
  free (run_start);
}

static void
draw_walls (Ctx *ctx)
{
  const RenderRgba *c = &ctx->o->palette.wall;
  double hw = ctx->ww / 2.0;
  uint32_t x_end = ctx->e.x + ctx->e.width;
  uint32_t y_end = ctx->e.y + ctx->e.height;

  if (!(ctx->ww > 0.0) || !boxes_begin (ctx, c))
    return;

  if (ctx->vec != NULL)
    {
      draw_walls_by_rows (ctx);
      boxes_end (ctx, c);
      return;
    }

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

/* Radii of the start disc and of the player, in the room inside the
 * walls; the goal square is 0.6 of that room.  The player is the
 * smallest, as it is drawn on top. */
#define START_RADIUS  0.32
#define PLAYER_RADIUS 0.22

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
  const RenderRgba *c = &ctx->o->palette.solution;
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

/* The trail as one filled path: each step a box as wide as the line
 * with a disc at both ends (the round caps), and the player's disc, so a
 * translucent trail is laid once, as the window's group lays it. */
static void
draw_trail_vector (Ctx *ctx)
{
  const RenderOptions *o = ctx->o;
  uint32_t n_cells = ctx->w * ctx->h;
  double half = line_width (ctx, 0.2) / 2.0;
  uint32_t last = o->trail[o->n_trail - 1];
  double x0, y0, x1, y1;

  if (!boxes_begin (ctx, &o->palette.trail))
    return;
  for (size_t i = 1; i < o->n_trail; i++)
    {
      uint32_t a = o->trail[i - 1], b = o->trail[i];

      if (a >= n_cells || b >= n_cells || !are_neighbours (ctx, a, b) ||
          !(in_grown_region (ctx, a) || in_grown_region (ctx, b)))
        continue;
      cell_centre (ctx, a, &x0, &y0);
      cell_centre (ctx, b, &x1, &y1);
      render_vector_rect (ctx->vec, fmin (x0, x1) - (x0 == x1 ? half : 0.0),
                          fmin (y0, y1) - (y0 == y1 ? half : 0.0),
                          x0 == x1 ? 2.0 * half : fabs (x1 - x0),
                          y0 == y1 ? 2.0 * half : fabs (y1 - y0));
      render_vector_circle (ctx->vec, x0, y0, half);
      render_vector_circle (ctx->vec, x1, y1, half);
    }
  if (last < n_cells && in_grown_region (ctx, last))
    {
      cell_centre (ctx, last, &x0, &y0);
      render_vector_circle (ctx->vec, x0, y0, inner_size (ctx) * PLAYER_RADIUS);
    }
  boxes_end (ctx, &o->palette.trail);
}

static void
draw_trail (Ctx *ctx)
{
  const RenderOptions *o = ctx->o;
  const RenderRgba *c = &o->palette.trail;
  uint32_t n_cells = ctx->w * ctx->h;
  uint32_t last;
  double x0, y0, x1, y1;

  if (o->n_trail == 0 || o->trail == NULL)
    return;
  if (ctx->vec != NULL)
    {
      draw_trail_vector (ctx);
      return;
    }
  if (!colour_begin (ctx->cr, c))
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

  /* The player stands on the last cell, drawn over the markers but
   * smaller than them, so a marker under the player still shows as a
   * ring around it. */
  last = o->trail[o->n_trail - 1];
  if (in_grown_region (ctx, last))
    {
      cell_centre (ctx, last, &x0, &y0);
      cairo_arc (ctx->cr, x0, y0, inner_size (ctx) * PLAYER_RADIUS, 0, 2 * M_PI);
      cairo_fill (ctx->cr);
    }
  colour_end (ctx->cr, c);
}

static void
draw_markers (Ctx *ctx)
{
  const RenderPalette *p = &ctx->o->palette;
  uint32_t start = maze_start (ctx->maze);
  uint32_t goal = maze_goal (ctx->maze);
  double inner = inner_size (ctx);
  double x, y;

  /* A disc for the start, a square for the goal: told apart without
   * their colours too, both inside the room between the cell's walls.
   * When they share a cell (a 1 x 1 maze), the disc sits inside a
   * bigger square, so that both show. */
  if (ctx->vec != NULL)
    {
      if (in_grown_region (ctx, goal) && boxes_begin (ctx, &p->goal))
        {
          double side = inner * (start == goal ? 0.8 : 0.6);

          cell_centre (ctx, goal, &x, &y);
          render_vector_rect (ctx->vec, x - side / 2.0, y - side / 2.0, side, side);
          boxes_end (ctx, &p->goal);
        }
      if (in_grown_region (ctx, start) && boxes_begin (ctx, &p->start))
        {
          cell_centre (ctx, start, &x, &y);
          render_vector_circle (ctx->vec, x, y, inner * (start == goal ? 0.28 : START_RADIUS));
          boxes_end (ctx, &p->start);
        }
      return;
    }
  if (in_grown_region (ctx, goal) && colour_begin (ctx->cr, &p->goal))
    {
      double side = inner * (start == goal ? 0.8 : 0.6);

      cell_centre (ctx, goal, &x, &y);
      cairo_rectangle (ctx->cr, x - side / 2.0, y - side / 2.0, side, side);
      cairo_fill (ctx->cr);
      colour_end (ctx->cr, &p->goal);
    }
  if (in_grown_region (ctx, start) && colour_begin (ctx->cr, &p->start))
    {
      cell_centre (ctx, start, &x, &y);
      cairo_arc (ctx->cr, x, y, inner * (start == goal ? 0.28 : START_RADIUS),
                 0, 2 * M_PI);
      cairo_fill (ctx->cr);
      colour_end (ctx->cr, &p->start);
    }
}

static void
draw_selected (Ctx *ctx)
{
  const RenderRgba *c = &ctx->o->palette.selected;
  uint32_t sel = ctx->o->selected;
  double lw, inset;

  if (sel == RENDER_NO_CELL || !in_grown_region (ctx, sel) || !(c->alpha > 0.0))
    return;
  if (ctx->vec == NULL && !colour_begin (ctx->cr, c))
    return;
  /* Whole units keep the outline crisp on pixel-aligned cells. */
  lw = round (ctx->cs * 0.12);
  if (lw < 1.0)
    lw = 1.0;
  inset = ctx->ww / 2.0 + lw / 2.0;
  if (inset > ctx->cs / 2.0 - 0.5)
    inset = ctx->cs / 2.0 - 0.5;
  if (ctx->vec != NULL)
    {
      render_vector_stroke_rect (ctx->vec, c, lw, cell_x (ctx, sel % ctx->w) + inset,
                                 cell_y (ctx, sel / ctx->w) + inset,
                                 ctx->cs - 2.0 * inset, ctx->cs - 2.0 * inset);
      return;
    }
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
  const RenderOptions *o = ctx->o;

  if (o->show_solution && o->solution_style == RENDER_SOLUTION_LINE)
    draw_solution_line (ctx);
  /* The player walks over the start and the goal: it is drawn after
   * them, or the start marker would hide it on its first move. */
  if (o->show_markers)
    draw_markers (ctx);
  draw_trail (ctx);
  draw_selected (ctx);
}

/* ---- the overview of tiny cells ---- */

/* Cells smaller than this many device pixels (on either axis) make an
 * overview (see the top of the file). */
#define OVERVIEW_CELL 2.0
/* Columns of pixels worked on together. */
#define OVERVIEW_BAND 256
/* The most cells a pixel may stand for to sum its channels packed in
 * one 64-bit word (21 bits each: 8192 x 255 fits). */
#define OVERVIEW_PACKED 8192

/* One axis of the overview's pixel grid. */
typedef struct
{
  double   o;   /* device position of the grid's first line */
  double   cs;  /* a cell, in device pixels */
  uint32_t n;   /* cells along the axis */
} Axis;

/* The cells device pixel @p stands for along an axis: [*lo, *hi), empty
 * for a pixel of the margin.  A cell smaller than a pixel belongs to the
 * pixel that holds its centre (every pixel gets at least one); a bigger
 * cell to the pixels whose centres it holds (every pixel gets one). */
static inline void
axis_cells (const Axis *a,
            int         p,
            uint32_t   *lo,
            uint32_t   *hi)
{
  double l, h;

  if (a->cs < 1.0)
    {
      l = ceil (((double) p - a->o) / a->cs - 0.5);
      h = ceil (((double) p + 1.0 - a->o) / a->cs - 0.5);
    }
  else
    {
      l = floor (((double) p + 0.5 - a->o) / a->cs);
      h = l + 1.0;
    }
  l = fmin (fmax (l, 0.0), (double) a->n);
  h = fmin (fmax (h, l), (double) a->n);
  *lo = (uint32_t) l;
  *hi = (uint32_t) h;
}

/* The device pixels [*p0, *p1) that stand for cell @c along an axis: the
 * inverse of axis_cells(), found with it so that both always agree. */
static void
axis_pixels (const Axis *a,
             uint32_t    c,
             int        *p0,
             int        *p1)
{
  int p = (int) floor (a->o + (double) c * a->cs) - 1;
  uint32_t lo, hi;

  *p0 = *p1 = p;
  for (int k = 0; k < 4; k++, p++)
    {
      axis_cells (a, p, &lo, &hi);
      if (hi > c)
        break;
    }
  *p0 = p;
  for (int k = 0; k < 4 && lo <= c && c < hi; k++)
    axis_cells (a, ++p, &lo, &hi);
  *p1 = p;
}

typedef struct
{
  Axis     x;
  Axis     y;
  Box      box[MAX_CLIP_BOXES];  /* the device pixels written */
  int      n_box;
  uint8_t  table[18][3];  /* a cell's colour: searched * 9 + h * 3 + v walls */
  /* The same colours with their channels packed for summing (red from
   * bit 42, green from 21, blue from 0), by where the cell is (on the
   * last row 2, on the last column 1: the outer border's south and east
   * walls are theirs), then by its passages and whether it was searched
   * (16). */
  uint64_t packed[4][32];
  uint32_t floor;         /* pixel of the margin */
  uint32_t outside;       /* pixel of a shaped maze's outside and margin */
  bool     search;
  bool     path;          /* the solution is shown */
} Overview;

static inline uint8_t
channel (double v)
{
  return (uint8_t) (fmin (fmax (v, 0.0), 1.0) * 255.0 + 0.5);
}

static inline uint32_t
pack (unsigned r,
      unsigned g,
      unsigned b)
{
  return 0xFF000000u | (uint32_t) r << 16 | (uint32_t) g << 8 | (uint32_t) b;
}

/* @c composited over @pixel. */
static uint32_t
blend (uint32_t          pixel,
       const RenderRgba *c)
{
  double a = fmin (fmax (c->alpha, 0.0), 1.0);
  double r = ((pixel >> 16) & 0xFF) / 255.0;
  double g = ((pixel >> 8) & 0xFF) / 255.0;
  double b = (pixel & 0xFF) / 255.0;

  return pack (channel (c->red * a + r * (1.0 - a)),
               channel (c->green * a + g * (1.0 - a)),
               channel (c->blue * a + b * (1.0 - a)));
}

/* The colours of a cell by what it holds: the floor, or the search
 * colour over it, under @h horizontal and @v vertical walls (the north and
 * west ones it owns, and the south and east ones of the outer border),
 * each covering its share wall_width / cell_size of the cell. */
static void
overview_table (const Ctx *ctx,
                Overview  *ov)
{
  const RenderPalette *p = &ctx->o->palette;
  double share = fmin (1.0, ctx->ww / ctx->cs);
  double wa = fmin (fmax (p->wall.alpha, 0.0), 1.0);

  for (unsigned kind = 0; kind < 2; kind++)
    {
      double fr = p->background.red, fg = p->background.green;
      double fb = p->background.blue;

      if (kind == 1)
        {
          double sa = fmin (fmax (p->search.alpha, 0.0), 1.0);

          fr = p->search.red * sa + fr * (1.0 - sa);
          fg = p->search.green * sa + fg * (1.0 - sa);
          fb = p->search.blue * sa + fb * (1.0 - sa);
        }
      for (unsigned h = 0; h < 3; h++)
        for (unsigned v = 0; v < 3; v++)
          {
            double ch = fmin (1.0, h * share), cv = fmin (1.0, v * share);
            double a = (ch + cv - ch * cv) * wa;
            uint8_t *t = ov->table[kind * 9 + h * 3 + v];

            t[0] = channel (p->wall.red * a + fr * (1.0 - a));
            t[1] = channel (p->wall.green * a + fg * (1.0 - a));
            t[2] = channel (p->wall.blue * a + fb * (1.0 - a));
          }
    }
  ov->floor = pack (channel (p->background.red), channel (p->background.green),
                    channel (p->background.blue));
  for (unsigned edge = 0; edge < 4; edge++)
    for (unsigned k = 0; k < 32; k++)
      {
        unsigned hw = !(k & MAZE_N) + ((edge & 2) && !(k & MAZE_S));
        unsigned vw = !(k & MAZE_W) + ((edge & 1) && !(k & MAZE_E));
        const uint8_t *t = ov->table[(k & 16 ? 9 : 0) + hw * 3 + vw];

        ov->packed[edge][k] = (uint64_t) t[0] << 42 | (uint64_t) t[1] << 21 | t[2];
      }
}

/* overview_pixel() of a shaped maze: the average of the cells of the
 * maze only (walls on their border sides, wherever the shape ends), or
 * the outside when there are none. */
static uint32_t
overview_pixel_shaped (const Ctx      *ctx,
                       const Overview *ov,
                       uint32_t        x0,
                       uint32_t        x1,
                       uint32_t        y0,
                       uint32_t        y1)
{
  const uint16_t search_mask = ov->search ? MAZE_BACKTRACK_MASK : 0;
  uint64_t r = 0, g = 0, b = 0, n = 0;
  uint32_t pixel;
  uint16_t path = 0;

  for (uint32_t y = y0; y < y1; y++)
    {
      const uint16_t *row = ctx->cells + (size_t) y * ctx->w;

      for (uint32_t x = x0; x < x1; x++)
        {
          uint16_t c = row[x];
          uint16_t border = maze_cell_border (c);
          unsigned hw, vw;
          const uint8_t *t;

          if (border == 0xF)
            continue;
          hw = !(c & MAZE_N) + ((border & MAZE_S) && !(c & MAZE_S));
          vw = !(c & MAZE_W) + ((border & MAZE_E) && !(c & MAZE_E));
          t = ov->table[((c & search_mask) ? 9 : 0) + hw * 3 + vw];
          r += t[0];
          g += t[1];
          b += t[2];
          n++;
          path |= c & MAZE_SOLUTION_MASK;
        }
    }
  if (n == 0)
    return ov->outside;
  pixel = pack ((unsigned) ((r + n / 2) / n), (unsigned) ((g + n / 2) / n),
                (unsigned) ((b + n / 2) / n));
  if (path != 0 && ov->path)
    pixel = blend (pixel, &ctx->o->palette.solution);
  return pixel;
}

/* The sums of cells' overview colours (wide: a pixel may stand for
 * millions of cells), and their bits ORed (the path's among them). */
typedef struct
{
  uint64_t r, g, b, n;
  uint16_t bits;
} CellSums;

/* Adds the cells [@x0, @x1) of row @y to @s: each its colour in the
 * overview, its walls a share of it, searched or not. */
static inline void
add_row_cells (const Ctx      *ctx,
               const Overview *ov,
               uint32_t        y,
               uint32_t        x0,
               uint32_t        x1,
               CellSums       *s)
{
  const uint16_t search_mask = ov->search ? MAZE_BACKTRACK_MASK : 0;
  const uint16_t *row = ctx->cells + (size_t) y * ctx->w;
  unsigned south = y + 1 == ctx->h;

  for (uint32_t x = x0; x < x1; x++)
    {
      uint16_t c = row[x];
      unsigned hw = !(c & MAZE_N) + (south & !(c & MAZE_S));
      unsigned vw = !(c & MAZE_W) + (x + 1 == ctx->w && !(c & MAZE_E));
      const uint8_t *t = ov->table[((c & search_mask) ? 9 : 0) + hw * 3 + vw];

      s->r += t[0];
      s->g += t[1];
      s->b += t[2];
      s->bits |= c;
    }
  s->n += x1 - x0;
}

/* The pixel of the cells summed in @s (at least one): their average, or
 * the solution's colour over it when one of them is on the path. */
static inline uint32_t
sums_pixel (const Ctx      *ctx,
            const Overview *ov,
            const CellSums *s)
{
  uint32_t pixel = pack ((unsigned) ((s->r + s->n / 2) / s->n), (unsigned) ((s->g + s->n / 2) / s->n),
                         (unsigned) ((s->b + s->n / 2) / s->n));

  if ((s->bits & MAZE_SOLUTION_MASK) != 0 && ov->path)
    pixel = blend (pixel, &ctx->o->palette.solution);
  return pixel;
}

/* The pixel for the cells [@x0, @x1) x [@y0, @y1) (see sums_pixel()). */
static inline uint32_t
overview_pixel (const Ctx      *ctx,
                const Overview *ov,
                uint32_t        x0,
                uint32_t        x1,
                uint32_t        y0,
                uint32_t        y1)
{
  CellSums s = { 0 };

  for (uint32_t y = y0; y < y1; y++)
    add_row_cells (ctx, ov, y, x0, x1, &s);
  return sums_pixel (ctx, ov, &s);
}

/* Rows of cells sampled a pixel by overview_sampled(). */
#define OVERVIEW_SAMPLES 4

/* The OVERVIEW_SAMPLES rows of [@lo, @hi) evenly spread (all of them
 * when fewer) into @at; returns how many. */
static inline unsigned
sample_rows (uint32_t  lo,
             uint32_t  hi,
             uint32_t *at)
{
  uint32_t n = hi - lo;

  if (n <= OVERVIEW_SAMPLES)
    {
      for (uint32_t i = 0; i < n; i++)
        at[i] = lo + i;
      return n;
    }
  for (unsigned i = 0; i < OVERVIEW_SAMPLES; i++)
    at[i] = lo + (uint32_t) ((uint64_t) n * (2 * i + 1) / (2 * OVERVIEW_SAMPLES));
  return OVERVIEW_SAMPLES;
}

/*
 * Draws box @b of the overview from a sample of each pixel's cells: the
 * whole of OVERVIEW_SAMPLES of its rows, evenly spread, averaged as
 * overview_pixel() averages them all.  For a caller whose pyramid is not
 * built yet: a few cache lines a pixel instead of one for every row (a
 * tile of a 20000 x 20000 maze took up to 130 ms).  The colours are close
 * to the average; the path is looked for in the sampled rows and the
 * pixel's first, so it may show with gaps until the pyramid draws it.
 * False, with nothing drawn, for pixels of fewer than 8 cells a side, or
 * a shaped maze.
 */
static bool
overview_sampled (Ctx            *ctx,
                  const Overview *ov,
                  const Box      *b)
{
  double span = 1.0 / fmax (ov->x.cs, ov->y.cs);
  size_t width = (size_t) (b->x1 - b->x0);
  uint32_t *x0;

  if (ctx->shaped || !(span >= 2 * OVERVIEW_SAMPLES))
    return false;
  /* each pixel column's cells [x0, x1) */
  x0 = malloc (2 * width * sizeof *x0);
  if (x0 == NULL)
    return false;
  for (size_t i = 0; i < width; i++)
    axis_cells (&ov->x, b->x0 + (int) i, &x0[2 * i], &x0[2 * i + 1]);
  for (int py = b->y0; py < b->y1; py++)
    {
      uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) py * ctx->stride) + b->x0;
      uint32_t y0, y1, ys[OVERVIEW_SAMPLES];
      unsigned ny;

      axis_cells (&ov->y, py, &y0, &y1);
      ny = sample_rows (y0, y1, ys);
      for (size_t i = 0; i < width; i++)
        {
          uint32_t lo = x0[2 * i], hi = x0[2 * i + 1];
          CellSums sums = { 0 };

          if (lo >= hi || ny == 0)
            {
              row[i] = ov->floor;
              continue;
            }
          for (unsigned k = 0; k < ny; k++)
            add_row_cells (ctx, ov, ys[k], lo, hi, &sums);
          /* (a path along the pixel's first row crosses no sampled one) */
          if (ov->path && !(sums.bits & MAZE_SOLUTION_MASK) && ys[0] != y0)
            {
              const uint16_t *cells = ctx->cells + (size_t) y0 * ctx->w;

              for (uint32_t x = lo; x < hi; x++)
                sums.bits |= cells[x];
            }
          row[i] = sums_pixel (ctx, ov, &sums);
        }
    }
  free (x0);
  return true;
}

/* Composites @c over the pixels that stand for cell @index. */
static void
overview_mark (Ctx              *ctx,
               const Overview   *ov,
               uint32_t          index,
               const RenderRgba *c)
{
  int px0, px1, py0, py1;

  if (index >= ctx->w * ctx->h || !(c->alpha > 0.0))
    return;
  axis_pixels (&ov->x, index % ctx->w, &px0, &px1);
  axis_pixels (&ov->y, index / ctx->w, &py0, &py1);
  for (int k = 0; k < ov->n_box; k++)
    {
      const Box *b = &ov->box[k];

      int x0 = px0 > b->x0 ? px0 : b->x0, x1 = px1 < b->x1 ? px1 : b->x1;
      int y0 = py0 > b->y0 ? py0 : b->y0, y1 = py1 < b->y1 ? py1 : b->y1;

      for (int y = y0; y < y1; y++)
        {
          uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) y * ctx->stride);

          for (int x = x0; x < x1; x++)
            row[x] = blend (row[x], c);
        }
    }
}

static void
overview_mark_list (Ctx              *ctx,
                    const Overview   *ov,
                    const uint32_t   *list,
                    size_t            n,
                    const RenderRgba *c)
{
  if (list == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    overview_mark (ctx, ov, list[i], c);
}

/* Draws box @b of the overview pixel by pixel, in bands of columns
 * whose cells are worked out once. */
static void
overview_bands (Ctx            *ctx,
                const Overview *ov,
                const Box      *b)
{
  for (int bx = b->x0; bx < b->x1; bx += OVERVIEW_BAND)
    {
      int n = b->x1 - bx < OVERVIEW_BAND ? b->x1 - bx : OVERVIEW_BAND;
      uint32_t x0[OVERVIEW_BAND], x1[OVERVIEW_BAND];

      for (int i = 0; i < n; i++)
        axis_cells (&ov->x, bx + i, &x0[i], &x1[i]);
      for (int py = b->y0; py < b->y1; py++)
        {
          uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) py * ctx->stride) + bx;
          uint32_t y0, y1;

          axis_cells (&ov->y, py, &y0, &y1);
          if (ctx->shaped)
            for (int i = 0; i < n; i++)
              row[i] = x0[i] < x1[i] && y0 < y1
                       ? overview_pixel_shaped (ctx, ov, x0[i], x1[i], y0, y1)
                       : ov->outside;
          else
            for (int i = 0; i < n; i++)
              row[i] = x0[i] < x1[i] && y0 < y1
                       ? overview_pixel (ctx, ov, x0[i], x1[i], y0, y1)
                       : ov->floor;
        }
    }
}

/*
 * Draws box @b of a rectangular maze's overview a row of pixels at a
 * time, the same pixels as overview_bands() to the bit, in about a third
 * of the time.  The packed colours of the cells under the row are summed
 * down each column of cells, then along the row into running sums, so
 * that a pixel's sum is the difference of two of them: every cell is read
 * once, in memory order, with no loop as short as a pixel's few cells
 * (whose ends the processor mispredicts).  False, with nothing drawn,
 * when memory is short or a pixel stands for more than OVERVIEW_PACKED
 * cells.
 */
static bool
overview_rows (Ctx            *ctx,
               const Overview *ov,
               const Box      *b)
{
  /* the searched cells: a backtrack nibble, when the search is shown */
  const unsigned shift = ov->search ? MAZE_BACKTRACK_SHIFT : 16;
  size_t width = (size_t) (b->x1 - b->x0), span;
  uint32_t *x0 = malloc (2 * width * sizeof *x0), *x1, cx0, cx1, most = 0;
  uint64_t *sum = NULL, *recip = NULL;
  uint32_t *on_path = NULL, recip_rows = 0, inner;
  bool ok = false;

  if (x0 == NULL)
    return false;
  x1 = x0 + width;
  for (size_t i = 0; i < width; i++)
    {
      axis_cells (&ov->x, b->x0 + (int) i, &x0[i], &x1[i]);
      if (x1[i] - x0[i] > most)
        most = x1[i] - x0[i];
    }
  /* the cells under the box: axis_cells() never goes back, so they
   * run from the first pixel's first to the last pixel's end */
  cx0 = x0[0];
  cx1 = x1[width - 1];
  span = cx1 > cx0 ? cx1 - cx0 : 0;
  sum = malloc ((span + 1) * sizeof *sum);
  on_path = malloc ((span + 1) * sizeof *on_path);
  recip = malloc (((size_t) most + 1) * sizeof *recip);
  if (sum == NULL || on_path == NULL || recip == NULL)
    goto out;
  /* the maze's last column has colours of its own (its east walls) */
  inner = cx1 == ctx->w && span > 0 ? (uint32_t) span - 1 : (uint32_t) span;

  for (int py = b->y0; py < b->y1; py++)
    {
      uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) py * ctx->stride) + b->x0;
      uint32_t y0, y1;

      axis_cells (&ov->y, py, &y0, &y1);
      if (y0 >= y1 || span == 0)
        {
          for (size_t i = 0; i < width; i++)
            row[i] = ov->floor;
          continue;
        }
      if ((uint64_t) most * (y1 - y0) > OVERVIEW_PACKED)
        {
          for (size_t i = 0; i < width; i++)
            row[i] = x0[i] < x1[i] ? overview_pixel (ctx, ov, x0[i], x1[i], y0, y1) : ov->floor;
          continue;
        }

      /* down the columns: sum[1 + j] for cell column cx0 + j */
      memset (sum, 0, (span + 1) * sizeof *sum);
      memset (on_path, 0, (span + 1) * sizeof *on_path);
      for (uint32_t y = y0; y < y1; y++)
        {
          const uint16_t *cells = ctx->cells + (size_t) y * ctx->w + cx0;
          unsigned edge = (y + 1 == ctx->h) * 2;
          const uint64_t *t = ov->packed[edge], *t_last_column = ov->packed[edge + 1];

          for (uint32_t j = 0; j < inner; j++)
            {
              unsigned c = cells[j];

              sum[1 + j] += t[(c & MAZE_PASSAGE_MASK) | ((c >> shift) != 0) << 4];
              on_path[1 + j] += (c & MAZE_SOLUTION_MASK) != 0;
            }
          if (inner < span)
            {
              unsigned c = cells[inner];

              sum[1 + inner] += t_last_column[(c & MAZE_PASSAGE_MASK) | ((c >> shift) != 0) << 4];
              on_path[1 + inner] += (c & MAZE_SOLUTION_MASK) != 0;
            }
        }
      /* A pixel's average is a field (below 2^21) plus half its n
       * cells, divided by n: a multiplication by recip[width] and a
       * shift by 35 give that quotient exactly for every dividend below
       * 2^22 and n up to 2^13 (n = width * rows), as division does.
       * Rows of pixels over as many rows of cells share them. */
      if (y1 - y0 != recip_rows)
        {
          recip_rows = y1 - y0;
          for (uint32_t w = 1; w <= most; w++)
            {
              uint64_t n = (uint64_t) w * recip_rows;

              recip[w] = (((uint64_t) 1 << 35) + n - 1) / n;
            }
        }
      /* along the row: the running sums (modulo 2^64: a difference of
       * two is exact, and so are its fields, each below 2^21) */
      for (size_t j = 1; j <= span; j++)
        {
          sum[j] += sum[j - 1];
          on_path[j] += on_path[j - 1];
        }
      for (size_t i = 0; i < width; i++)
        {
          uint32_t n, pixel;
          uint64_t v, m;

          if (x0[i] >= x1[i])
            {
              row[i] = ov->floor;
              continue;
            }
          n = (x1[i] - x0[i]) * (y1 - y0);
          m = recip[x1[i] - x0[i]];
          v = sum[x1[i] - cx0] - sum[x0[i] - cx0];
          pixel = pack ((unsigned) ((((v >> 42) + n / 2) * m) >> 35),
                        (unsigned) ((((v >> 21 & 0x1FFFFF) + n / 2) * m) >> 35),
                        (unsigned) ((((v & 0x1FFFFF) + n / 2) * m) >> 35));
          if (ov->path && on_path[x1[i] - cx0] != on_path[x0[i] - cx0])
            pixel = blend (pixel, &ctx->o->palette.solution);
          row[i] = pixel;
        }
    }
  ok = true;

out:
  free (recip);
  free (on_path);
  free (sum);
  free (x0);
  return ok;
}

/* ---- the overview pyramid (see render_pyramid_new() in the header) ---- */

/* Levels at most: 2^16 blocks a side is more than any maze has. */
#define PYRAMID_LEVELS 16
/* A block's colour: red, green, blue in bits 16-23, 8-15, 0-7 as a
 * pixel has them, and the solution's bit. */
#define PYRAMID_PATH 0x01000000u

struct _RenderPyramid
{
  const Maze  *maze;
  uint32_t     w;        /* the maze's cells */
  uint32_t     h;
  unsigned     n_levels;
  uint32_t     lw[PYRAMID_LEVELS];  /* blocks a side, level by level */
  uint32_t     lh[PYRAMID_LEVELS];
  uint32_t    *level[PYRAMID_LEVELS];
  uint32_t    *dirty_bits;          /* one bit a block of level 0 */
  uint32_t    *dirty;               /* the blocks marked, in order */
  size_t       n_dirty;
  size_t       dirty_size;
  unsigned     build_level;         /* the level being built, bottom up */
  uint32_t     built_rows;          /* of that level, from the top */
  bool         ready;
  /* The colours it holds (see pyramid_matches()). */
  RenderPalette palette;
  double       share;
  bool         search;
  uint64_t     packed[4][32];       /* as Overview.packed */
};

static void
pyramid_levels (uint32_t  w,
                uint32_t  h,
                uint32_t *lw,
                uint32_t *lh,
                unsigned *n_levels)
{
  unsigned n = 0;

  lw[0] = (w + RENDER_PYRAMID_BLOCK - 1) / RENDER_PYRAMID_BLOCK;
  lh[0] = (h + RENDER_PYRAMID_BLOCK - 1) / RENDER_PYRAMID_BLOCK;
  while (n + 1 < PYRAMID_LEVELS && (lw[n] > 1 || lh[n] > 1))
    {
      lw[n + 1] = (lw[n] + 1) / 2;
      lh[n + 1] = (lh[n] + 1) / 2;
      n++;
    }
  *n_levels = n + 1;
}

size_t
render_pyramid_bytes (uint32_t width,
                      uint32_t height)
{
  uint32_t lw[PYRAMID_LEVELS], lh[PYRAMID_LEVELS];
  unsigned n;
  size_t bytes;

  pyramid_levels (width, height, lw, lh, &n);
  bytes = sizeof (RenderPyramid) + ((size_t) lw[0] * lh[0] + 31) / 32 * 4;
  for (unsigned k = 0; k < n; k++)
    bytes += (size_t) lw[k] * lh[k] * 4;
  return bytes;
}

RenderPyramid *
render_pyramid_new (const Maze *maze,
                    MazeError  *error)
{
  RenderPyramid *p;
  size_t bytes;

  assert (!maze_is_shaped (maze));
  bytes = render_pyramid_bytes (maze_width (maze), maze_height (maze));
  p = calloc (1, sizeof *p);
  if (p == NULL)
    goto nomem;
  p->maze = maze;
  p->w = maze_width (maze);
  p->h = maze_height (maze);
  pyramid_levels (p->w, p->h, p->lw, p->lh, &p->n_levels);
  for (unsigned k = 0; k < p->n_levels; k++)
    {
      p->level[k] = malloc ((size_t) p->lw[k] * p->lh[k] * sizeof (uint32_t));
      if (p->level[k] == NULL)
        goto nomem;
    }
  p->dirty_bits = calloc (((size_t) p->lw[0] * p->lh[0] + 31) / 32, sizeof (uint32_t));
  if (p->dirty_bits == NULL)
    goto nomem;
  return p;

nomem:
  render_pyramid_free (p);
  maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                  MAZE_PHRASE (MAZE_N_("the overview pyramid")), MAZE_NUM (bytes));
  return NULL;
}

void
render_pyramid_free (RenderPyramid *pyramid)
{
  if (pyramid == NULL)
    return;
  for (unsigned k = 0; k < PYRAMID_LEVELS; k++)
    free (pyramid->level[k]);
  free (pyramid->dirty_bits);
  free (pyramid->dirty);
  free (pyramid);
}

static bool
rgba_equal (const RenderRgba *a,
            const RenderRgba *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue &&
         a->alpha == b->alpha;
}

/* Whether @p holds the colours @ctx draws an overview with. */
static bool
pyramid_matches (const RenderPyramid *p,
                 const Ctx           *ctx)
{
  const RenderPalette *c = &ctx->o->palette;

  return p->ready && p->maze == ctx->maze && p->w == ctx->w && p->h == ctx->h &&
         !ctx->shaped && p->search == ctx->o->show_search &&
         fabs (p->share - fmin (1.0, ctx->ww / ctx->cs)) < 1e-9 &&
         rgba_equal (&p->palette.background, &c->background) &&
         rgba_equal (&p->palette.wall, &c->wall) &&
         rgba_equal (&p->palette.search, &c->search);
}

void
render_pyramid_reset (RenderPyramid       *pyramid,
                      const RenderOptions *options)
{
  Ctx ctx;
  Overview ov;

  memset (&ctx, 0, sizeof ctx);
  memset (&ov, 0, sizeof ov);
  ctx.o = options;
  ctx.cs = options->cell_size > 0.0 ? options->cell_size : 1.0;
  ctx.ww = options->wall_width > 0.0 ? options->wall_width : 0.0;
  if (ctx.ww >= ctx.cs)
    ctx.ww = ctx.cs / 2.0;
  overview_table (&ctx, &ov);
  memcpy (pyramid->packed, ov.packed, sizeof ov.packed);
  pyramid->palette = options->palette;
  pyramid->share = fmin (1.0, ctx.ww / ctx.cs);
  pyramid->search = options->show_search;
  pyramid->build_level = 0;
  pyramid->built_rows = 0;
  pyramid->ready = false;
  /* (every block is computed again: the marks are of no use) */
  memset (pyramid->dirty_bits, 0, ((size_t) pyramid->lw[0] * pyramid->lh[0] + 31) / 32 * 4);
  pyramid->n_dirty = 0;
}

bool
render_pyramid_is_ready (const RenderPyramid *pyramid)
{
  return pyramid->ready;
}

/* The colour of block (@bx, @by) of level 0, from the cells. */
static uint32_t
pyramid_block (const RenderPyramid *p,
               const uint16_t      *cells,
               uint32_t             bx,
               uint32_t             by)
{
  const unsigned shift = p->search ? MAZE_BACKTRACK_SHIFT : 16;
  uint32_t x0 = bx * RENDER_PYRAMID_BLOCK, y0 = by * RENDER_PYRAMID_BLOCK;
  uint32_t x1 = x0 + RENDER_PYRAMID_BLOCK < p->w ? x0 + RENDER_PYRAMID_BLOCK : p->w;
  uint32_t y1 = y0 + RENDER_PYRAMID_BLOCK < p->h ? y0 + RENDER_PYRAMID_BLOCK : p->h;
  uint64_t sum = 0;
  unsigned path = 0, n = (x1 - x0) * (y1 - y0);

  /* A whole block inside the maze (all but the last column and row):
   * no edge to look for, the cells read four at a time. */
  if (x1 < p->w && y1 < p->h && n == RENDER_PYRAMID_BLOCK * RENDER_PYRAMID_BLOCK)
    {
      const uint64_t *t = p->packed[0];

      for (uint32_t y = y0; y < y1; y++)
        {
          const uint16_t *c = cells + (size_t) y * p->w + x0;

          sum += t[(c[0] & MAZE_PASSAGE_MASK) | ((unsigned) c[0] >> shift != 0) << 4] +
                 t[(c[1] & MAZE_PASSAGE_MASK) | ((unsigned) c[1] >> shift != 0) << 4] +
                 t[(c[2] & MAZE_PASSAGE_MASK) | ((unsigned) c[2] >> shift != 0) << 4] +
                 t[(c[3] & MAZE_PASSAGE_MASK) | ((unsigned) c[3] >> shift != 0) << 4];
          path |= (unsigned) (c[0] | c[1] | c[2] | c[3]) & MAZE_SOLUTION_MASK;
        }
      return (uint32_t) (((sum >> 42) + 8) / 16) << 16 |
             (uint32_t) (((sum >> 21 & 0x1FFFFF) + 8) / 16) << 8 |
             (uint32_t) (((sum & 0x1FFFFF) + 8) / 16) |
             (path != 0 ? PYRAMID_PATH : 0);
    }

  for (uint32_t y = y0; y < y1; y++)
    {
      const uint16_t *row = cells + (size_t) y * p->w;
      unsigned edge = (y + 1 == p->h) * 2;

      for (uint32_t x = x0; x < x1; x++)
        {
          unsigned c = row[x];

          sum += p->packed[edge | (x + 1 == p->w)][(c & MAZE_PASSAGE_MASK) |
                                                   ((c >> shift) != 0) << 4];
          path |= c & MAZE_SOLUTION_MASK;
        }
    }
  return (uint32_t) (((sum >> 42) + n / 2) / n) << 16 |
         (uint32_t) (((sum >> 21 & 0x1FFFFF) + n / 2) / n) << 8 |
         (uint32_t) (((sum & 0x1FFFFF) + n / 2) / n) |
         (path != 0 ? PYRAMID_PATH : 0);
}

/* Block (@bx, @by) of level @k > 0: the average of the blocks below. */
static void
pyramid_parent (RenderPyramid *p,
                unsigned       k,
                uint32_t       bx,
                uint32_t       by)
{
  const uint32_t *below = p->level[k - 1];
  uint32_t w = p->lw[k - 1], h = p->lh[k - 1];
  uint32_t r = 0, g = 0, b = 0, path = 0, n = 0;

  for (uint32_t y = 2 * by; y < 2 * by + 2 && y < h; y++)
    for (uint32_t x = 2 * bx; x < 2 * bx + 2 && x < w; x++)
      {
        uint32_t v = below[(size_t) y * w + x];

        r += v >> 16 & 0xFF;
        g += v >> 8 & 0xFF;
        b += v & 0xFF;
        path |= v & PYRAMID_PATH;
        n++;
      }
  p->level[k][(size_t) by * p->lw[k] + bx] = n == 4
    ? (r + 2) / 4 << 16 | (g + 2) / 4 << 8 | (b + 2) / 4 | path
    : (r + n / 2) / n << 16 | (g + n / 2) / n << 8 | (b + n / 2) / n | path;
}

/* Whether block (@by's row) of level @k holds its blocks' average: the
 * levels below the one being built, and its rows built so far. */
static inline bool
level_built (const RenderPyramid *p,
             unsigned             k,
             uint32_t             by)
{
  return p->ready || k < p->build_level || (k == p->build_level && by < p->built_rows);
}

bool
render_pyramid_build (RenderPyramid *pyramid,
                      uint32_t       max_rows)
{
  const uint16_t *cells = maze_cells_const (pyramid->maze);
  RenderPyramid *p = pyramid;
  unsigned k = p->build_level;
  uint64_t rows;
  uint32_t end;

  if (p->ready || k >= PYRAMID_LEVELS)
    return true;
  /* A row of level k costs a 2^k-th of one of level 0 a level up: the
   * same work a call, so that the last levels are no slice of their own
   * (a frame waits for each). */
  rows = (uint64_t) max_rows << k;
  end = p->lh[k] - p->built_rows > rows ? p->built_rows + (uint32_t) rows : p->lh[k];
  for (uint32_t by = p->built_rows; by < end; by++)
    for (uint32_t bx = 0; bx < p->lw[k]; bx++)
      {
        if (k == 0)
          p->level[0][(size_t) by * p->lw[0] + bx] = pyramid_block (p, cells, bx, by);
        else
          pyramid_parent (p, k, bx, by);
      }
  p->built_rows = end;
  if (end < p->lh[k])
    return false;
  /* The blocks of rows built before and marked since: the level is
   * whole before the next is built from it. */
  render_pyramid_flush (p);
  p->build_level++;
  p->built_rows = 0;
  p->ready = p->build_level == p->n_levels;
  return p->ready;
}

void
render_pyramid_cells_changed (RenderPyramid  *pyramid,
                              const uint32_t *cells,
                              size_t          n)
{
  RenderPyramid *p = pyramid;
  uint64_t n_cells = (uint64_t) p->w * p->h;
#ifdef __SIZEOF_INT128__
  /* The row of a cell without a division (a Run hands over millions):
   * for any 32-bit index, (M x index) >> 64 with M = 2^64 / w rounded
   * up is index / w (Lemire, Kaser and Kurz 2019); M is 0 for w = 1. */
  const uint64_t m = UINT64_MAX / p->w + 1;
#endif

  for (size_t i = 0; i < n; i++)
    {
      uint32_t y, x, block;

      if (cells[i] >= n_cells)
        continue;
#ifdef __SIZEOF_INT128__
      y = m != 0 ? (uint32_t) (((unsigned __int128) m * cells[i]) >> 64) : cells[i];
#else
      y = cells[i] / p->w;
#endif
      x = cells[i] - y * p->w;
      block = (y / RENDER_PYRAMID_BLOCK) * p->lw[0] + x / RENDER_PYRAMID_BLOCK;
      if (p->dirty_bits[block / 32] & (1u << (block % 32)))
        continue;
      /* Rows not built yet are built from their cells as they are then. */
      if (!p->ready && p->build_level == 0 && y / RENDER_PYRAMID_BLOCK >= p->built_rows)
        continue;
      if (p->n_dirty == p->dirty_size)
        {
          size_t size = p->dirty_size > 0 ? 2 * p->dirty_size : 1024;
          uint32_t *dirty = realloc (p->dirty, size * sizeof *dirty);

          if (dirty == NULL)
            {
              /* No room to remember it: all over again. */
              p->build_level = 0;
              p->built_rows = 0;
              p->ready = false;
              return;
            }
          p->dirty = dirty;
          p->dirty_size = size;
        }
      p->dirty_bits[block / 32] |= 1u << (block % 32);
      p->dirty[p->n_dirty++] = block;
    }
}

const uint32_t *
render_pyramid_marked (const RenderPyramid *pyramid,
                       size_t              *n)
{
  *n = pyramid->n_dirty;
  return pyramid->dirty;
}

void
render_pyramid_flush (RenderPyramid *pyramid)
{
  const uint16_t *cells = maze_cells_const (pyramid->maze);
  RenderPyramid *p = pyramid;
  size_t n = p->n_dirty;

  if (n == 0)
    return;
  for (size_t i = 0; i < n; i++)
    {
      uint32_t block = p->dirty[i];

      p->level[0][block] = pyramid_block (p, cells, block % p->lw[0], block / p->lw[0]);
      p->dirty_bits[block / 32] &= ~(1u << (block % 32));
    }
  p->n_dirty = 0;
  /* Level by level: the list becomes the parents' (in place), each
   * parent once, marked in the bits (clear again now) while its level is
   * worked: a quarter as many a level up.  (Parents not built yet are
   * built from their blocks as they are then.) */
  for (unsigned k = 1; k < p->n_levels && n > 0; k++)
    {
      size_t m = 0;

      for (size_t i = 0; i < n; i++)
        {
          uint32_t block = p->dirty[i];
          uint32_t bx = block % p->lw[k - 1], by = block / p->lw[k - 1];
          uint32_t parent = (by / 2) * p->lw[k] + bx / 2;

          if (!level_built (p, k, by / 2)
              || (p->dirty_bits[parent / 32] & (1u << (parent % 32))))
            continue;
          p->dirty_bits[parent / 32] |= 1u << (parent % 32);
          p->dirty[m++] = parent;
          pyramid_parent (p, k, bx / 2, by / 2);
        }
      for (size_t i = 0; i < m; i++)
        p->dirty_bits[p->dirty[i] / 32] &= ~(1u << (p->dirty[i] % 32));
      n = m;
    }
}

/*
 * Draws box @b of the overview from the pyramid, when its pixels stand
 * for at least RENDER_PYRAMID_BLOCK cells a side: each pixel is the
 * average of the blocks of the coarsest level no bigger than it whose
 * corners are nearest to its cells' (one to three a side), the
 * solution's colour over it when one of them holds a cell of the path.
 * False, with nothing drawn, when the pixels are smaller.
 */
static bool
overview_pyramid (Ctx                 *ctx,
                  const Overview      *ov,
                  const RenderPyramid *p,
                  const Box           *b)
{
  double span = 1.0 / fmax (ov->x.cs, ov->y.cs);
  size_t width = (size_t) (b->x1 - b->x0);
  uint32_t *bx0, *bx1, side, k = 0;
  const uint32_t *level;

  if (!(span >= RENDER_PYRAMID_BLOCK))
    return false;
  while (k + 1 < p->n_levels && (double) (RENDER_PYRAMID_BLOCK << (k + 1)) <= span)
    k++;
  side = RENDER_PYRAMID_BLOCK << k;
  level = p->level[k];
  bx0 = malloc (2 * width * sizeof *bx0);
  if (bx0 == NULL)
    return false;
  bx1 = bx0 + width;
  for (size_t i = 0; i < width; i++)
    {
      uint32_t x0, x1;

      axis_cells (&ov->x, b->x0 + (int) i, &x0, &x1);
      if (x0 >= x1)
        {
          bx0[i] = bx1[i] = 0;
          continue;
        }
      bx0[i] = (x0 + side / 2) / side;
      bx1[i] = (x1 + side / 2) / side;
      if (bx0[i] >= p->lw[k])
        bx0[i] = p->lw[k] - 1;
      if (bx1[i] > p->lw[k])
        bx1[i] = p->lw[k];
      if (bx1[i] <= bx0[i])
        bx1[i] = bx0[i] + 1;
    }
  for (int py = b->y0; py < b->y1; py++)
    {
      uint32_t *row = (uint32_t *) (void *) (ctx->data + (size_t) py * ctx->stride) + b->x0;
      uint32_t y0, y1, by0, by1;

      axis_cells (&ov->y, py, &y0, &y1);
      if (y0 >= y1)
        {
          for (size_t i = 0; i < width; i++)
            row[i] = ov->floor;
          continue;
        }
      by0 = (y0 + side / 2) / side;
      by1 = (y1 + side / 2) / side;
      if (by0 >= p->lh[k])
        by0 = p->lh[k] - 1;
      if (by1 > p->lh[k])
        by1 = p->lh[k];
      if (by1 <= by0)
        by1 = by0 + 1;
      for (size_t i = 0; i < width; i++)
        {
          uint32_t r = 0, g = 0, bl = 0, path = 0, n, pixel;

          if (bx1[i] == 0)
            {
              row[i] = ov->floor;
              continue;
            }
          for (uint32_t by = by0; by < by1; by++)
            {
              const uint32_t *blocks = level + (size_t) by * p->lw[k];

              for (uint32_t bx = bx0[i]; bx < bx1[i]; bx++)
                {
                  uint32_t v = blocks[bx];

                  r += v >> 16 & 0xFF;
                  g += v >> 8 & 0xFF;
                  bl += v & 0xFF;
                  path |= v;
                }
            }
          n = (bx1[i] - bx0[i]) * (by1 - by0);
          pixel = pack ((r + n / 2) / n, (g + n / 2) / n, (bl + n / 2) / n);
          if (ov->path && (path & PYRAMID_PATH))
            pixel = blend (pixel, &ctx->o->palette.solution);
          row[i] = pixel;
        }
    }
  free (bx0);
  return true;
}

/*
 * Draws the region as an overview when the cells are tiny on an image
 * surface and the floor, cells and walls are all asked for; returns false
 * (having drawn nothing) when it does not apply.  Called with the caller's
 * clip, before the region's own: the pixels written are those of the
 * caller's clip (which must be whole pixels) that the region's extents
 * (@extents, user units) touch.
 *
 * Order, bottom to top: the average (the solution wins over it), then the
 * frontier, the changed highlight, and with the OVERLAY layer the trail,
 * the goal, the start and the selected cell, each a whole pixel.
 */
static bool
draw_overview (Ctx                     *ctx,
               const cairo_rectangle_t *extents,
               unsigned                 layers)
{
  const unsigned needed = RENDER_LAYER_BACKGROUND | RENDER_LAYER_CELLS |
                          RENDER_LAYER_WALLS;
  const RenderOptions *o = ctx->o;
  cairo_surface_t *target;
  Box caller[MAX_CLIP_BOXES];
  int n_caller;
  Overview ov;
  double ex0, ey0, ex1, ey1;

  if ((layers & needed) != needed || !(o->palette.background.alpha >= 1.0))
    return false;
  target = image_target (ctx->cr);
  if (target == NULL ||
      !device_transform (ctx->cr, target, &ctx->sx, &ctx->sy, &ctx->tx, &ctx->ty) ||
      !(ctx->cs * ctx->sx < OVERVIEW_CELL || ctx->cs * ctx->sy < OVERVIEW_CELL) ||
      !clip_boxes (ctx, target, caller, &n_caller))
    return false;

  memset (&ov, 0, sizeof ov);
  ov.x.o = ctx->m * ctx->sx + ctx->tx;
  ov.x.cs = ctx->cs * ctx->sx;
  ov.x.n = ctx->w;
  ov.y.o = ctx->m * ctx->sy + ctx->ty;
  ov.y.cs = ctx->cs * ctx->sy;
  ov.y.n = ctx->h;
  ov.search = o->show_search;
  ov.path = o->show_solution &&
            (o->solution_style == RENDER_SOLUTION_FILL ||
             (layers & RENDER_LAYER_OVERLAY) != 0);
  overview_table (ctx, &ov);
  /* Around a shape nothing is drawn: transparent where the image can be,
   * else the floor. */
  ov.outside = cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32 ? 0 : ov.floor;

  /* The whole pixels the region's extents touch, within the caller's clip. */
  ex0 = floor (extents->x * ctx->sx + ctx->tx);
  ey0 = floor (extents->y * ctx->sy + ctx->ty);
  ex1 = ceil ((extents->x + extents->width) * ctx->sx + ctx->tx);
  ey1 = ceil ((extents->y + extents->height) * ctx->sy + ctx->ty);
  for (int k = 0; k < n_caller; k++)
    {
      Box *b = &ov.box[ov.n_box];

      b->x0 = (int) fmax ((double) caller[k].x0, ex0);
      b->y0 = (int) fmax ((double) caller[k].y0, ey0);
      b->x1 = (int) fmin ((double) caller[k].x1, ex1);
      b->y1 = (int) fmin ((double) caller[k].y1, ey1);
      if (b->x0 < b->x1 && b->y0 < b->y1)
        ov.n_box++;
    }

  cairo_surface_flush (target);
  ctx->data = cairo_image_surface_get_data (target);
  ctx->stride = cairo_image_surface_get_stride (target);
  if (ctx->data == NULL)
    return false;

  for (int k = 0; k < ov.n_box; k++)
    if (!(o->pyramid != NULL && pyramid_matches (o->pyramid, ctx) &&
          overview_pyramid (ctx, &ov, o->pyramid, &ov.box[k])) &&
        /* (its pyramid not built yet: a sample) */
        !(o->pyramid != NULL && !render_pyramid_is_ready (o->pyramid) &&
          overview_sampled (ctx, &ov, &ov.box[k])) &&
        (ctx->shaped || !overview_rows (ctx, &ov, &ov.box[k])))
      overview_bands (ctx, &ov, &ov.box[k]);

  /* The goal has no solution bit of its own. */
  if (ov.path && is_on_path (ctx, maze_goal (ctx->maze)))
    overview_mark (ctx, &ov, maze_goal (ctx->maze), &o->palette.solution);
  overview_mark_list (ctx, &ov, o->frontier, o->n_frontier, &o->palette.frontier);
  overview_mark_list (ctx, &ov, o->changed, o->n_changed, &o->palette.changed);
  if (layers & RENDER_LAYER_OVERLAY)
    {
      /* A pixel of the trail is the whole cell: the markers go over the
       * walked path, or the start would vanish on the first move, and
       * the player over the markers, as in draw_overlay(). */
      overview_mark_list (ctx, &ov, o->trail, o->n_trail, &o->palette.trail);
      if (o->show_markers)
        {
          overview_mark (ctx, &ov, maze_goal (ctx->maze), &o->palette.goal);
          overview_mark (ctx, &ov, maze_start (ctx->maze), &o->palette.start);
        }
      if (o->show_markers && o->n_trail > 0 && o->trail != NULL &&
          (o->trail[o->n_trail - 1] == maze_start (ctx->maze) ||
           o->trail[o->n_trail - 1] == maze_goal (ctx->maze)))
        overview_mark (ctx, &ov, o->trail[o->n_trail - 1], &o->palette.trail);
      if (o->selected != RENDER_NO_CELL)
        overview_mark (ctx, &ov, o->selected, &o->palette.selected);
    }

  cairo_surface_mark_dirty (target);
  return true;
}

/* ---- entry points ---- */

/* The context of a draw of @region (NULL: all) into @cr, or into a
 * vector file when @cr is NULL. */
static void
ctx_init (Ctx                  *ctx,
          cairo_t              *cr,
          const Maze           *maze,
          const RenderOptions  *options,
          const RenderCellRect *region)
{
  uint32_t x0, y0, x1, y1;

  memset (ctx, 0, sizeof *ctx);
  ctx->cr = cr;
  ctx->maze = maze;
  ctx->o = options;
  ctx->cells = maze_cells_const (maze);
  ctx->w = maze_width (maze);
  ctx->h = maze_height (maze);
  ctx->shaped = maze_is_shaped (maze);
  ctx->cs = options->cell_size > 0.0 ? options->cell_size : 1.0;
  ctx->m = render_origin (options);
  ctx->batch_max = cr == NULL || cairo_surface_get_type (cairo_get_group_target (cr))
                   != CAIRO_SURFACE_TYPE_IMAGE ? VECTOR_BATCH : BATCH;
  ctx->ww = options->wall_width > 0.0 ? options->wall_width : 0.0;
  if (ctx->ww >= ctx->cs)
    ctx->ww = ctx->cs / 2.0;
  render_clamp_region (maze, region, &ctx->r);

  /* Walls, lines and markers of the next cells reach into the region. */
  x0 = ctx->r.x > 0 ? ctx->r.x - 1 : 0;
  y0 = ctx->r.y > 0 ? ctx->r.y - 1 : 0;
  x1 = ctx->r.x + ctx->r.width < ctx->w ? ctx->r.x + ctx->r.width + 1 : ctx->w;
  y1 = ctx->r.y + ctx->r.height < ctx->h ? ctx->r.y + ctx->r.height + 1 : ctx->h;
  ctx->e.x = x0;
  ctx->e.y = y0;
  ctx->e.width = x1 - x0;
  ctx->e.height = y1 - y0;
}

void
render_draw_region (cairo_t              *cr,
                    const Maze           *maze,
                    const RenderOptions  *options,
                    const RenderCellRect *region,
                    unsigned              layers)
{
  Ctx ctx;
  cairo_rectangle_t clip;

  if (!render_region_extents (maze, options, region, &clip))
    return;

  ctx_init (&ctx, cr, maze, options, region);
  cairo_save (cr);
  if (draw_overview (&ctx, &clip, layers))
    {
      cairo_restore (cr);
      return;
    }
  cairo_rectangle (cr, clip.x, clip.y, clip.width, clip.height);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_new_path (cr);
  direct_setup (&ctx);

  if (layers & RENDER_LAYER_BACKGROUND)
    draw_background (&ctx);
  if (layers & RENDER_LAYER_CELLS)
    draw_cells (&ctx);
  if (layers & RENDER_LAYER_WALLS)
    draw_walls (&ctx);
  if (layers & RENDER_LAYER_OVERLAY)
    draw_overlay (&ctx);

  cairo_restore (cr);
}

void
render_draw (cairo_t             *cr,
             const Maze          *maze,
             const RenderOptions *options)
{
  render_draw_region (cr, maze, options, NULL, RENDER_LAYER_ALL);
}

void
render_draw_vector (RenderVector        *v,
                    const Maze          *maze,
                    const RenderOptions *options)
{
  Ctx ctx;

  ctx_init (&ctx, NULL, maze, options, NULL);
  ctx.vec = v;
  draw_background (&ctx);
  draw_cells (&ctx);
  draw_walls (&ctx);
  draw_overlay (&ctx);
}
