/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cairo renderer: pixels of walls, openings, search, solution and the
 * other highlights; both palettes; partial redraws and layers; labels;
 * hit-testing; PNG, SVG and PDF files and their errors. */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <zlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "maze-render.h"
#include "io/maze-io-private.h"

/* Geometry used by most tests: whole pixels everywhere. */
#define CS 20.0
#define WW 2.0
#define MARGIN 10.0

typedef struct
{
  int r, g, b;
} Pixel;

static Maze *
new_maze (uint32_t w,
          uint32_t h)
{
  MazeError err = { 0 };
  Maze *m = maze_new (w, h, &err);

  g_assert_nonnull (m);
  return m;
}

static void
open_wall (Maze     *m,
           uint32_t  x,
           uint32_t  y,
           uint16_t  dir)
{
  MazeError err = { 0 };

  g_assert_cmpint (maze_set_wall_open (m, maze_index (m, x, y), dir, true, &err),
                   ==, MAZE_OK);
}

/* Sets one bit of a cell through the engine (the solution or backtrack
 * nibble), as the bit inspector would. */
static void
set_bit (Maze     *m,
         uint32_t  i,
         unsigned  shift,
         uint16_t  dir)
{
  MazeError err = { 0 };

  g_assert_cmpint (maze_toggle_bit (m, i, shift + (unsigned) maze_dir_index (dir),
                                    NULL, &err), ==, MAZE_OK);
}

/* A perfect maze by the binary-tree algorithm (every cell opens north or
 * east), seeded, built only with maze_set_wall_open. */
static Maze *
binary_tree_maze (uint32_t w,
                  uint32_t h,
                  uint64_t seed)
{
  Maze *m = new_maze (w, h);
  MazeRng rng;

  maze_rng_seed (&rng, seed);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      {
        bool north = y > 0, east = x + 1 < w;

        if (north && east)
          {
            if (maze_rng_below (&rng, 2))
              east = false;
            else
              north = false;
          }
        if (north)
          open_wall (m, x, y, MAZE_N);
        else if (east)
          open_wall (m, x, y, MAZE_E);
      }
  return m;
}

static void
test_options (RenderOptions *o)
{
  render_options_init (o);
  o->cell_size = CS;
  o->wall_width = WW;
  o->margin = MARGIN;
  o->show_markers = false;
}

static cairo_surface_t *
render (const Maze          *m,
        const RenderOptions *o)
{
  double w, h;
  cairo_surface_t *s;
  cairo_t *cr;

  render_get_size (m, o, &w, &h);
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w),
                                  (int) ceil (h));
  cr = cairo_create (s);
  render_draw (cr, m, o);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

static Pixel
pixel (cairo_surface_t *s,
       double           x,
       double           y)
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int ix = (int) floor (x), iy = (int) floor (y);
  uint32_t v;
  Pixel p;

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (s));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (s));
  memcpy (&v, data + iy * stride + ix * 4, 4);
  p.r = (v >> 16) & 0xFF;
  p.g = (v >> 8) & 0xFF;
  p.b = v & 0xFF;
  return p;
}

static int
brightness (Pixel p)
{
  return (p.r + p.g + p.b) / 3;
}

static bool
pixel_is (Pixel             p,
          const RenderRgba *c)
{
  return abs (p.r - (int) lround (c->red * 255)) <= 2 &&
         abs (p.g - (int) lround (c->green * 255)) <= 2 &&
         abs (p.b - (int) lround (c->blue * 255)) <= 2;
}

/* Points on the grid: the middle of cell (x, y), and the middle of its
 * side @dir (on the wall's centre line). */
static double
cx (double x)
{
  return MARGIN + x * CS + CS / 2;
}

#define cy cx

static double
edge_x (double   x,
        uint16_t dir)
{
  return dir == MAZE_E ? MARGIN + (x + 1) * CS
       : dir == MAZE_W ? MARGIN + x * CS
       : cx (x);
}

static double
edge_y (double   y,
        uint16_t dir)
{
  return dir == MAZE_S ? MARGIN + (y + 1) * CS
       : dir == MAZE_N ? MARGIN + y * CS
       : cy (y);
}

static Pixel
side_pixel (cairo_surface_t *s,
            uint32_t         x,
            uint32_t         y,
            uint16_t         dir)
{
  return pixel (s, edge_x (x, dir), edge_y (y, dir));
}

/* ---- walls, passages, openings ---- */

static void
test_walls_and_passages (void)
{
  Maze *m = new_maze (3, 3);
  RenderOptions o;
  cairo_surface_t *s;

  open_wall (m, 0, 0, MAZE_E);
  open_wall (m, 1, 1, MAZE_S);
  test_options (&o);
  s = render (m, &o);

  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 2 * MARGIN + 3 * CS);
  /* Knocked-down walls are floor, standing ones are dark. */
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_E)), >, 200);
  g_assert_cmpint (brightness (side_pixel (s, 1, 1, MAZE_S)), >, 200);
  g_assert_cmpint (brightness (side_pixel (s, 1, 0, MAZE_E)), <, 50);
  g_assert_cmpint (brightness (side_pixel (s, 1, 1, MAZE_E)), <, 50);
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_S)), <, 50);
  /* Cell floors and the margin are light. */
  g_assert_cmpint (brightness (pixel (s, cx (1), cy (1))), >, 200);
  g_assert_cmpint (brightness (pixel (s, 2, 2)), >, 200);
  /* The outer border is closed everywhere. */
  for (uint32_t i = 0; i < 3; i++)
    {
      g_assert_cmpint (brightness (side_pixel (s, i, 0, MAZE_N)), <, 50);
      g_assert_cmpint (brightness (side_pixel (s, i, 2, MAZE_S)), <, 50);
      g_assert_cmpint (brightness (side_pixel (s, 0, i, MAZE_W)), <, 50);
      g_assert_cmpint (brightness (side_pixel (s, 2, i, MAZE_E)), <, 50);
    }
  /* Corners where runs meet are closed (no notch at a wall's end). */
  g_assert_cmpint (brightness (pixel (s, MARGIN, MARGIN)), <, 50);
  g_assert_cmpint (brightness (pixel (s, MARGIN + 2 * CS, MARGIN + CS)), <, 50);

  cairo_surface_destroy (s);
  maze_free (m);
}

static void
test_openings_are_gaps (void)
{
  Maze *m = new_maze (3, 2);
  RenderOptions o;
  cairo_surface_t *s;

  open_wall (m, 0, 0, MAZE_N);
  open_wall (m, 2, 1, MAZE_E);
  test_options (&o);
  s = render (m, &o);
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_N)), >, 200);
  g_assert_cmpint (brightness (side_pixel (s, 1, 0, MAZE_N)), <, 50);
  g_assert_cmpint (brightness (side_pixel (s, 2, 1, MAZE_E)), >, 200);
  g_assert_cmpint (brightness (side_pixel (s, 2, 0, MAZE_E)), <, 50);
  cairo_surface_destroy (s);
  maze_free (m);
}

static void
test_dark_palette (void)
{
  Maze *m = new_maze (2, 2);
  RenderOptions o;
  cairo_surface_t *s;

  open_wall (m, 0, 0, MAZE_E);
  test_options (&o);
  render_palette_dark (&o.palette);
  s = render (m, &o);
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_E)), <, 60);
  g_assert_cmpint (brightness (side_pixel (s, 0, 1, MAZE_E)), >, 200);
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_N)), >, 200);
  g_assert_cmpint (brightness (pixel (s, cx (1), cy (1))), <, 60);
  g_assert_cmpint (brightness (pixel (s, 1, 1)), <, 60);
  cairo_surface_destroy (s);
  maze_free (m);
}

/* Odd wall widths are shifted half a pixel so they stay crisp: a
 * one-pixel wall is one column of pure wall colour between pure floor. */
static void
test_odd_walls_crisp (void)
{
  Maze *m = new_maze (3, 2);
  RenderOptions o;
  cairo_surface_t *s;
  cairo_rectangle_t r;
  int wall_x, row;

  test_options (&o);
  o.wall_width = 1;
  s = render (m, &o);
  /* The east side of cell (0, 0) starts where its square ends. */
  render_cell_extents (m, &o, 0, &r);
  g_assert_cmpfloat (r.x, ==, MARGIN + 0.5);
  wall_x = (int) (r.x + r.width);
  row = (int) (r.y + r.height / 2);
  g_assert_true (pixel_is (pixel (s, wall_x, row), &o.palette.wall));
  g_assert_true (pixel_is (pixel (s, wall_x - 1, row), &o.palette.background));
  g_assert_true (pixel_is (pixel (s, wall_x + 1, row), &o.palette.background));
  /* Hit-testing follows the shift. */
  g_assert_cmpint (render_cell_at (m, &o, r.x + 0.1, r.y + 0.1), ==, 0);
  g_assert_cmpint (render_cell_at (m, &o, r.x - 0.1, r.y + 0.1), ==, -1);
  cairo_surface_destroy (s);
  maze_free (m);
}

/* ---- search and solution ---- */

/* A 4x1 corridor, start 0, goal 3: solution 0 -> 1 -> 2 -> 3 by hand and
 * the search reached cells 1, 2 (backtrack pointing west); cell 3 is not
 * searched. */
static Maze *
corridor_with_search (void)
{
  Maze *m = new_maze (4, 1);

  for (uint32_t x = 0; x < 3; x++)
    open_wall (m, x, 0, MAZE_E);
  for (uint32_t x = 0; x < 3; x++)
    set_bit (m, x, MAZE_SOLUTION_SHIFT, MAZE_E);
  set_bit (m, 1, MAZE_BACKTRACK_SHIFT, MAZE_W);
  set_bit (m, 2, MAZE_BACKTRACK_SHIFT, MAZE_W);
  return m;
}

static void
test_solution_line (void)
{
  Maze *m = corridor_with_search ();
  RenderOptions o;
  cairo_surface_t *s;
  Pixel p;

  test_options (&o);
  s = render (m, &o);
  /* The line runs through the centres and across the opened walls. */
  g_assert_true (pixel_is (pixel (s, cx (1), cy (0)), &o.palette.solution));
  g_assert_true (pixel_is (side_pixel (s, 1, 0, MAZE_E), &o.palette.solution));
  g_assert_true (pixel_is (pixel (s, cx (3), cy (0)), &o.palette.solution));
  /* Beside the line, a searched cell shows the search colour. */
  p = pixel (s, cx (1), MARGIN + 3);
  g_assert_true (pixel_is (p, &o.palette.search));
  /* The unsearched goal cell is floor away from the line's end. */
  g_assert_true (pixel_is (pixel (s, cx (3), MARGIN + 3), &o.palette.background));
  cairo_surface_destroy (s);

  /* Without the search, the same spot is floor; without the solution the
   * centre is search colour. */
  o.show_search = false;
  s = render (m, &o);
  g_assert_true (pixel_is (pixel (s, cx (1), MARGIN + 3), &o.palette.background));
  cairo_surface_destroy (s);
  o.show_search = true;
  o.show_solution = false;
  s = render (m, &o);
  g_assert_true (pixel_is (pixel (s, cx (1), cy (0)), &o.palette.search));
  g_assert_true (pixel_is (pixel (s, cx (3), cy (0)), &o.palette.background));
  cairo_surface_destroy (s);
  maze_free (m);
}

static void
test_solution_fill (void)
{
  Maze *m = corridor_with_search ();
  RenderOptions o;
  cairo_surface_t *s;

  test_options (&o);
  o.solution_style = RENDER_SOLUTION_FILL;
  s = render (m, &o);
  /* Whole path cells are filled, the goal (no solution bit) included. */
  for (uint32_t x = 0; x < 4; x++)
    g_assert_true (pixel_is (pixel (s, cx (x) - 6, MARGIN + 3),
                             &o.palette.solution));
  cairo_surface_destroy (s);

  /* Cut the path: the goal is no longer on it. */
  set_bit (m, 2, MAZE_SOLUTION_SHIFT, MAZE_E);
  s = render (m, &o);
  g_assert_true (pixel_is (pixel (s, cx (3) - 6, MARGIN + 3),
                           &o.palette.background));
  g_assert_true (pixel_is (pixel (s, cx (2) - 6, MARGIN + 3),
                           &o.palette.search));
  cairo_surface_destroy (s);
  maze_free (m);
}

/* A generated maze solved by the engine's BFS: every path cell shows the
 * solution, every other reached cell the search, the rest the floor; the
 * openings at the start and the goal are gaps. */
static void
test_generated_and_solved (void)
{
  MazeError err = { 0 };
  Maze *m = maze_generate (15, 10, "growing-tree:newest", 7, 0, &err);
  MazeSolver *solver;
  RenderOptions o;
  cairo_surface_t *s;
  uint32_t path[150];
  bool on_path[150] = { false };
  int64_t len;
  unsigned n_search = 0;

  g_assert_nonnull (m);
  solver = maze_solver_new (m, "bfs", &err);
  g_assert_nonnull (solver);
  maze_solver_run (solver);
  len = maze_path_cells (m, path, G_N_ELEMENTS (path));
  g_assert_cmpint (len, >, 0);
  for (int64_t k = 0; k <= len; k++)
    on_path[path[k]] = true;

  test_options (&o);
  s = render (m, &o);
  for (uint32_t i = 0; i < 150; i++)
    {
      Pixel p = pixel (s, cx (i % 15), cy (i / 15));

      if (on_path[i])
        g_assert_true (pixel_is (p, &o.palette.solution));
      else if (maze_cells_const (m)[i] & MAZE_BACKTRACK_MASK)
        {
          g_assert_true (pixel_is (p, &o.palette.search));
          n_search++;
        }
      else
        g_assert_true (pixel_is (p, &o.palette.background));
    }
  /* A BFS on a 150-cell maze reaches cells off the path. */
  g_assert_cmpuint (n_search, >, 0);
  /* The openings: start top-left (north), goal bottom-right (south). */
  g_assert_cmpint (brightness (side_pixel (s, 0, 0, MAZE_N)), >, 150);
  g_assert_cmpint (brightness (side_pixel (s, 14, 9, MAZE_S)), >, 150);
  g_assert_cmpint (brightness (side_pixel (s, 1, 0, MAZE_N)), <, 50);
  cairo_surface_destroy (s);

  /* Mid-search, the DFS stack is drawn as the frontier. */
  maze_solver_free (solver);
  solver = maze_solver_new (m, "dfs", &err);
  g_assert_nonnull (solver);
  for (int k = 0; k < 20; k++)
    maze_solver_step (solver, NULL);
  {
    uint32_t frontier[150];
    size_t n = maze_solver_frontier (solver, frontier, G_N_ELEMENTS (frontier));

    g_assert_cmpuint (n, >, 0);
    o.frontier = frontier;
    o.n_frontier = MIN (n, G_N_ELEMENTS (frontier));
    o.show_solution = false;
    s = render (m, &o);
    for (size_t k = 0; k < o.n_frontier; k++)
      g_assert_true (pixel_is (pixel (s, cx (frontier[k] % 15) - 5,
                                      cy (frontier[k] / 15) - 5),
                               &o.palette.frontier));
    cairo_surface_destroy (s);
  }
  maze_solver_free (solver);
  maze_free (m);
}

static void
test_highlights (void)
{
  Maze *m = new_maze (4, 3);
  RenderOptions o;
  cairo_surface_t *s, *plain;
  uint32_t frontier[] = { 5 };
  uint32_t changed[] = { 6 };
  uint32_t trail[] = { 8, 9, 10 };

  for (uint32_t x = 0; x < 3; x++)
    open_wall (m, x, 2, MAZE_E);
  test_options (&o);
  plain = render (m, &o);
  o.frontier = frontier;
  o.n_frontier = 1;
  o.changed = changed;
  o.n_changed = 1;
  o.trail = trail;
  o.n_trail = 3;
  o.selected = 3;
  o.show_markers = true;
  s = render (m, &o);

  g_assert_true (pixel_is (pixel (s, cx (1), cy (1)), &o.palette.frontier));
  /* "changed" is translucent: neither floor nor its own colour. */
  g_assert_false (pixel_is (pixel (s, cx (2), cy (1)), &o.palette.background));
  g_assert_cmpint (pixel (s, cx (2), cy (1)).r, >, pixel (s, cx (2), cy (1)).b);
  /* The trail joins the cells' centres; the selected cell is outlined. */
  g_assert_true (pixel_is (side_pixel (s, 0, 2, MAZE_E), &o.palette.trail));
  g_assert_true (pixel_is (side_pixel (s, 1, 2, MAZE_E), &o.palette.trail));
  g_assert_true (pixel_is (pixel (s, cx (3), MARGIN + WW),
                           &o.palette.selected));
  g_assert_true (pixel_is (pixel (s, cx (3), cy (0)), &o.palette.background));
  /* Markers: start (cell 0) and goal (cell 11) centres. */
  g_assert_true (pixel_is (pixel (s, cx (0), cy (0)), &o.palette.start));
  g_assert_true (pixel_is (pixel (s, cx (3), cy (2)), &o.palette.goal));
  g_assert_true (pixel_is (pixel (plain, cx (0), cy (0)), &o.palette.background));
  cairo_surface_destroy (s);
  cairo_surface_destroy (plain);
  maze_free (m);
}

/* ---- partial redraws and layers ---- */

static void
assert_same_pixels (cairo_surface_t         *a,
                    cairo_surface_t         *b,
                    const cairo_rectangle_t *inside,
                    bool                     expect_outside_untouched)
{
  int w = cairo_image_surface_get_width (a);
  int h = cairo_image_surface_get_height (a);
  int diff_in = 0, touched_out = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        Pixel pa = pixel (a, x, y), pb = pixel (b, x, y);
        bool in = inside == NULL ||
                  (x >= inside->x && x < inside->x + inside->width &&
                   y >= inside->y && y < inside->y + inside->height);

        if (in && (pa.r != pb.r || pa.g != pb.g || pa.b != pb.b))
          diff_in++;
        if (!in && expect_outside_untouched &&
            !(pb.r == 255 && pb.g == 0 && pb.b == 255))
          touched_out++;
      }
  g_assert_cmpint (diff_in, ==, 0);
  g_assert_cmpint (touched_out, ==, 0);
}

/* A maze with solution and backtrack bits, so that every layer draws
 * something: in a binary-tree maze every cell leads north or east, so
 * from the goal (bottom-right) a walk that way marks a path. */
static Maze *
solved_maze (void)
{
  Maze *m = binary_tree_maze (12, 9, 42);
  uint32_t i = maze_goal (m);

  for (int steps = 0; steps < 30; steps++)
    {
      uint16_t c = maze_cells_const (m)[i];
      uint16_t dir = (c & MAZE_N) && i >= maze_width (m) ? MAZE_N
                   : (c & MAZE_E) && (i + 1) % maze_width (m) != 0 ? MAZE_E : 0;
      uint32_t next;

      if (dir == 0)
        break;
      set_bit (m, i, MAZE_SOLUTION_SHIFT, dir);
      next = maze_neighbor (m, i, dir);
      set_bit (m, next, MAZE_BACKTRACK_SHIFT, maze_opposite (dir));
      i = next;
    }
  return m;
}

static void
full_options (RenderOptions *o,
              uint32_t      *frontier,
              uint32_t      *trail)
{
  test_options (o);
  o->show_markers = true;
  o->frontier = frontier;
  o->n_frontier = 3;
  o->trail = trail;
  o->n_trail = 4;
  o->selected = 40;
}

static cairo_surface_t *
magenta_like (cairo_surface_t *s)
{
  cairo_surface_t *t = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                   cairo_image_surface_get_width (s),
                                                   cairo_image_surface_get_height (s));
  cairo_t *cr = cairo_create (t);

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  return t;
}

static void
test_region_matches_full (void)
{
  Maze *m = solved_maze ();
  uint32_t frontier[] = { 30, 31, 44 };
  uint32_t trail[] = { 25, 26, 38, 39 };
  RenderOptions o;
  cairo_surface_t *full, *part;
  cairo_rectangle_t ext;
  RenderCellRect regions[] = {
    { 2, 2, 3, 2 }, { 0, 0, 1, 1 }, { 10, 7, 5, 5 }, { 3, 0, 1, 9 },
  };

  full_options (&o, frontier, trail);
  full = render (m, &o);
  for (size_t k = 0; k < G_N_ELEMENTS (regions); k++)
    {
      cairo_t *cr;

      part = magenta_like (full);
      cr = cairo_create (part);
      render_draw_region (cr, m, &o, &regions[k], RENDER_LAYER_ALL);
      cairo_destroy (cr);
      cairo_surface_flush (part);
      g_assert_true (render_region_extents (m, &o, &regions[k], &ext));
      assert_same_pixels (full, part, &ext, true);
      cairo_surface_destroy (part);
    }

  /* Regions outside the maze draw nothing. */
  {
    RenderCellRect outside = { 12, 0, 3, 3 };
    g_assert_false (render_region_extents (m, &o, &outside, &ext));
  }
  cairo_surface_destroy (full);
  maze_free (m);
}

static void
test_layers_compose (void)
{
  Maze *m = solved_maze ();
  uint32_t frontier[] = { 30, 31, 44 };
  uint32_t trail[] = { 25, 26, 38, 39 };
  RenderOptions o;
  cairo_surface_t *full, *base, *walls;
  cairo_t *cr;
  double w, h;

  full_options (&o, frontier, trail);
  full = render (m, &o);
  render_get_size (m, &o, &w, &h);

  /* The app's way: a cached walls texture over background + cells, then
   * the overlay. */
  walls = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cr = cairo_create (walls);
  render_draw_region (cr, m, &o, NULL, RENDER_LAYER_WALLS);
  cairo_destroy (cr);

  base = magenta_like (full);
  cr = cairo_create (base);
  render_draw_region (cr, m, &o, NULL,
                      RENDER_LAYER_BACKGROUND | RENDER_LAYER_CELLS);
  cairo_set_source_surface (cr, walls, 0, 0);
  cairo_paint (cr);
  render_draw_region (cr, m, &o, NULL, RENDER_LAYER_OVERLAY);
  cairo_destroy (cr);
  cairo_surface_flush (base);
  assert_same_pixels (full, base, NULL, false);

  /* The walls layer alone is transparent on the floor. */
  {
    const unsigned char *d = cairo_image_surface_get_data (walls);
    uint32_t v;

    cairo_surface_flush (walls);
    memcpy (&v, d + (int) cy (1) * cairo_image_surface_get_stride (walls)
                + (int) cx (1) * 4, 4);
    g_assert_cmphex (v >> 24, ==, 0);
  }
  cairo_surface_destroy (walls);
  cairo_surface_destroy (base);
  cairo_surface_destroy (full);
  maze_free (m);
}

/* Drawn into an image surface, boxes are stored straight into its pixels;
 * through a recording surface, cairo draws every one.  Same pixels. */
static void
test_direct_pixels_match_cairo (void)
{
  Maze *m = solved_maze ();
  uint32_t frontier[] = { 30, 31, 44 };
  uint32_t trail[] = { 25, 26, 38, 39 };
  double widths[] = { 2, 1, 3, 0 };

  for (size_t k = 0; k < G_N_ELEMENTS (widths); k++)
    {
      RenderOptions o;
      cairo_surface_t *direct, *via_cairo, *rec;
      cairo_t *cr;

      full_options (&o, frontier, trail);
      o.wall_width = widths[k];
      o.solution_style = k % 2 ? RENDER_SOLUTION_FILL : RENDER_SOLUTION_LINE;
      direct = render (m, &o);
      via_cairo = magenta_like (direct);
      rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cr = cairo_create (rec);
      render_draw (cr, m, &o);
      cairo_destroy (cr);
      cr = cairo_create (via_cairo);
      cairo_set_source_surface (cr, rec, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_flush (via_cairo);
      assert_same_pixels (direct, via_cairo, NULL, false);
      cairo_surface_destroy (rec);
      cairo_surface_destroy (via_cairo);
      cairo_surface_destroy (direct);
    }
  maze_free (m);
}

/* ---- the overview of tiny cells ---- */

/* A maze solved by BFS: solution and search bits everywhere. */
static Maze *
bfs_solved_maze (uint32_t w,
                 uint32_t h)
{
  Maze *m = binary_tree_maze (w, h, 7);
  MazeError err = { 0 };
  MazeSolver *solver = maze_solver_new (m, "bfs", &err);

  g_assert_nonnull (solver);
  maze_solver_run (solver);
  maze_solver_free (solver);
  return m;
}

static void
tiny_options (RenderOptions *o,
              double         cell)
{
  test_options (o);
  o->cell_size = cell;
  o->wall_width = cell / 4.0;
  o->margin = 4.0;
}

/* The pixel holding the centre of cell @i. */
static Pixel
cell_pixel (cairo_surface_t     *s,
            const Maze          *m,
            const RenderOptions *o,
            uint32_t             i)
{
  cairo_rectangle_t r;

  render_cell_extents (m, o, i, &r);
  return pixel (s, r.x + r.width / 2.0, r.y + r.height / 2.0);
}

/* Half-pixel cells: every cell of the solution shows as a red pixel, and
 * red is nowhere else; the search shows yellowish. */
static void
test_overview_solution (void)
{
  Maze *m = bfs_solved_maze (300, 200);
  uint32_t path[600];
  bool *on_path = g_new0 (bool, 300 * 200);
  RenderOptions o;
  cairo_surface_t *s;
  int64_t len;
  int n_red = 0, n_red_expected = 0, n_yellowish = 0;

  len = maze_path_cells (m, path, G_N_ELEMENTS (path));
  g_assert_cmpint (len, >, 100);
  for (int64_t k = 0; k <= len; k++)
    on_path[path[k]] = true;

  tiny_options (&o, 0.5);
  s = render (m, &o);
  for (int64_t k = 0; k <= len; k++)
    g_assert_true (pixel_is (cell_pixel (s, m, &o, path[k]), &o.palette.solution));

  /* A pixel is red exactly when one of its 2 x 2 cells is on the path. */
  for (uint32_t y = 0; y < 200; y += 2)
    for (uint32_t x = 0; x < 300; x += 2)
      {
        uint32_t i = y * 300 + x;
        bool red = on_path[i] || on_path[i + 1] || on_path[i + 300] ||
                   on_path[i + 301];
        Pixel p = cell_pixel (s, m, &o, i);

        n_red_expected += red;
        n_red += pixel_is (p, &o.palette.solution);
        n_yellowish += p.r > 200 && p.g > 150 && p.b < 160;
      }
  g_assert_cmpint (n_red, ==, n_red_expected);
  g_assert_cmpint (n_yellowish, >, 1000);

  /* Without the solution and the search: neither colour. */
  o.show_solution = false;
  o.show_search = false;
  cairo_surface_destroy (s);
  s = render (m, &o);
  for (int64_t k = 0; k <= len; k++)
    {
      Pixel p = cell_pixel (s, m, &o, path[k]);

      g_assert_false (pixel_is (p, &o.palette.solution));
      g_assert_cmpint (abs (p.r - p.b), <, 8);
    }
  cairo_surface_destroy (s);
  g_free (on_path);
  maze_free (m);
}

/* The overview pyramid: zoomed out, a picture drawn from it is the
 * picture drawn from the cells give or take a little rounding and less
 * than a pixel of shift; it follows the cells a step changed exactly as
 * a pyramid built afresh; and it stands aside where it does not apply
 * (pixels of fewer than its blocks' cells, other colours). */
/* A step clears the search marks of rows [@y0, @y1) of @m, and tells
 * @pyr which cells changed: returns how many. */
static guint
clear_search_rows (Maze          *m,
                   RenderPyramid *pyr,
                   uint32_t       y0,
                   uint32_t       y1)
{
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  uint16_t *cells = maze_cells (m);

  for (uint32_t i = y0 * maze_width (m); i < y1 * maze_width (m); i++)
    if (cells[i] & MAZE_SEARCH_MASK)
      {
        cells[i] &= (uint16_t) ~MAZE_SEARCH_MASK;
        g_array_append_val (changed, i);
      }
  render_pyramid_cells_changed (pyr, (const uint32_t *) (gpointer) changed->data, changed->len);
  return changed->len;
}

/* @pyr, built, draws @m with @o as a pyramid built afresh from its
 * cells does. */
static void
assert_as_built_afresh (const Maze    *m,
                        RenderOptions *o,
                        RenderPyramid *pyr)
{
  MazeError err = { 0 };
  RenderPyramid *fresh = render_pyramid_new (m, &err);
  cairo_surface_t *fast, *again;

  g_assert_nonnull (fresh);
  o->pyramid = pyr;
  fast = render (m, o);
  render_pyramid_reset (fresh, o);
  while (!render_pyramid_build (fresh, 1000))
    ;
  o->pyramid = fresh;
  again = render (m, o);
  assert_same_pixels (fast, again, NULL, false);
  cairo_surface_destroy (fast);
  cairo_surface_destroy (again);
  render_pyramid_free (fresh);
  o->pyramid = pyr;
}

/* An overview drawn from the cells (@exact) and one drawn otherwise
 * (@fast), of one size: into *@n_exact and *@n_fast their pixels of the
 * path's colour; returns the mean difference of the other pixels, the
 * channels' differences summed. */
static double
compare_overviews (cairo_surface_t     *exact,
                   cairo_surface_t     *fast,
                   const RenderOptions *o,
                   int                 *n_exact,
                   int                 *n_fast)
{
  int w = cairo_image_surface_get_width (exact);
  int h = cairo_image_surface_get_height (exact);
  double diff = 0.0;

  *n_exact = *n_fast = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        Pixel a = pixel (exact, x, y), b = pixel (fast, x, y);

        *n_exact += pixel_is (a, &o->palette.solution);
        *n_fast += pixel_is (b, &o->palette.solution);
        if (!pixel_is (a, &o->palette.solution) && !pixel_is (b, &o->palette.solution))
          diff += abs (a.r - b.r) + abs (a.g - b.g) + abs (a.b - b.b);
      }
  return diff / (w * h);
}

static void
test_overview_pyramid (void)
{
  Maze *m = bfs_solved_maze (400, 300);
  MazeError err = { 0 };
  RenderPyramid *pyr = render_pyramid_new (m, &err);
  RenderOptions o;
  cairo_surface_t *exact, *fast;
  int slices = 0, n_red_exact = 0, n_red_fast = 0;
  double diff = 0.0;

  g_assert_nonnull (pyr);
  g_assert_cmpuint (render_pyramid_bytes (400, 300), <, 400 * 300 * 2 / 5);
  tiny_options (&o, 0.1);
  render_pyramid_reset (pyr, &o);
  while (!render_pyramid_build (pyr, 7))
    slices++;
  g_assert_cmpint (slices, >, 5);
  g_assert_true (render_pyramid_is_ready (pyr));

  exact = render (m, &o);
  o.pyramid = pyr;
  fast = render (m, &o);
  diff = compare_overviews (exact, fast, &o, &n_red_exact, &n_red_fast);
  g_assert_cmpint (n_red_exact, >, 50);
  g_assert_cmpint (abs (n_red_fast - n_red_exact), <, n_red_exact / 4);
  /* (drawn from the pyramid, not the cells) */
  g_assert_cmpfloat (diff, >, 0.0);
  g_assert_cmpfloat (diff, <, 12.0);
  cairo_surface_destroy (fast);

  /* A step clears the search and the solution of a band of rows: the
   * pyramid follows it as one built afresh. */
  g_assert_cmpuint (clear_search_rows (m, pyr, 100, 180), >, 1000);
  render_pyramid_flush (pyr);
  assert_as_built_afresh (m, &o, pyr);

  /* Pixels of 2 x 2 cells, another palette: the cells themselves. */
  o.pyramid = NULL;
  cairo_surface_destroy (exact);
  for (int k = 0; k < 2; k++)
    {
      tiny_options (&o, k == 0 ? 0.5 : 0.1);
      if (k == 1)
        render_palette_dark (&o.palette);
      exact = render (m, &o);
      o.pyramid = pyr;
      fast = render (m, &o);
      assert_same_pixels (exact, fast, NULL, false);
      cairo_surface_destroy (exact);
      cairo_surface_destroy (fast);
      o.pyramid = NULL;
    }

  /* A pyramid not built yet: pixels of 10 x 10 cells are drawn from 4
   * of their rows, close to their average, the path found too (here it
   * runs along the maze's top row and right column); pixels of 2 x 2
   * cells are their average still. */
  for (int k = 0; k < 2; k++)
    {
      tiny_options (&o, k == 0 ? 0.1 : 0.5);
      render_pyramid_reset (pyr, &o);
      o.pyramid = NULL;
      exact = render (m, &o);
      o.pyramid = pyr;
      fast = render (m, &o);
      g_assert_false (render_pyramid_is_ready (pyr));
      if (k == 1)
        assert_same_pixels (exact, fast, NULL, false);
      else
        {
          diff = compare_overviews (exact, fast, &o, &n_red_exact, &n_red_fast);
          /* (a sample, not the cells' average) */
          g_assert_cmpfloat (diff, >, 0.0);
          g_assert_cmpfloat (diff, <, 24.0);
          g_assert_cmpint (n_red_exact, >, 50);
          g_assert_cmpint (n_red_fast, >, n_red_exact * 3 / 4);
          g_assert_cmpint (n_red_fast, <=, n_red_exact);
        }
      cairo_surface_destroy (exact);
      cairo_surface_destroy (fast);
    }

  /* Cells changed in rows built already, before the last slice: the
   * finished pyramid has them. */
  tiny_options (&o, 0.1);
  render_pyramid_reset (pyr, &o);
  g_assert_false (render_pyramid_build (pyr, 10));
  g_assert_cmpuint (clear_search_rows (m, pyr, 0, 20), >, 0);
  while (!render_pyramid_build (pyr, 10))
    ;
  assert_as_built_afresh (m, &o, pyr);

  /* The levels above come in slices too (level 0 is 75 rows a row a
   * slice, level 1 two rows a slice), and cells change under a half
   * built level 1: rows 0 .. 79 of the cells have their parents there,
   * rows 200 .. 259 not yet.  The finished pyramid has them all. */
  o.pyramid = NULL;
  render_pyramid_reset (pyr, &o);
  for (int i = 0; i < 80; i++)
    g_assert_false (render_pyramid_build (pyr, 1));
  g_assert_cmpuint (clear_search_rows (m, pyr, 20, 60) + clear_search_rows (m, pyr, 200, 260), >, 1000);
  render_pyramid_flush (pyr);
  slices = 0;
  while (!render_pyramid_build (pyr, 1))
    slices++;
  /* (levels 1 to 6 are as many slices as level 0 again, at most) */
  g_assert_cmpint (slices, >, 10);
  g_assert_cmpint (slices, <, 75);
  assert_as_built_afresh (m, &o, pyr);

  render_pyramid_free (pyr);
  maze_free (m);
}

/* Play mode: the player is drawn over the start marker (and the goal's),
 * smaller, so the marker still shows around it; on a 1 x 1 maze the start
 * and the goal both show, inside the cell; in the overview of tiny cells
 * the player's pixel is the player's too. */
static void
test_player_over_markers (void)
{
  Maze *m = new_maze (4, 3);
  Maze *one = new_maze (1, 1);
  Maze *big = new_maze (40, 40);
  RenderOptions o;
  cairo_surface_t *s;
  uint32_t trail[] = { 0, 1 };
  double c = 10.0 + 30.0; /* the centre of cell 0 with 60-unit cells */

  test_options (&o);
  o.cell_size = 60.0;
  o.show_markers = true;
  o.trail = trail;
  o.n_trail = 1;
  s = render (m, &o);
  g_assert_true (pixel_is (pixel (s, c, c), &o.palette.trail));
  g_assert_true (pixel_is (pixel (s, c + 15.0, c), &o.palette.start));
  g_assert_true (pixel_is (pixel (s, c, c + 15.0), &o.palette.start));
  cairo_surface_destroy (s);

  /* One cell, both markers: the start's disc inside the goal's square,
   * all of it inside the cell's walls. */
  o.n_trail = 0;
  s = render (one, &o);
  g_assert_true (pixel_is (pixel (s, c, c), &o.palette.start));
  g_assert_true (pixel_is (pixel (s, c + 8.0, c), &o.palette.start));
  g_assert_true (pixel_is (pixel (s, c + 20.0, c), &o.palette.goal));
  g_assert_true (pixel_is (pixel (s, c - 21.0, c - 21.0), &o.palette.goal));
  for (int y = 0; y < 80; y++)
    for (int x = 0; x < 80; x++)
      if (x < 10 + WW / 2 || x >= 70 - WW / 2 || y < 10 + WW / 2 || y >= 70 - WW / 2)
        {
          Pixel p = pixel (s, x, y);

          g_assert_false (pixel_is (p, &o.palette.start));
          g_assert_false (pixel_is (p, &o.palette.goal));
        }
  cairo_surface_destroy (s);
  o.n_trail = 1;
  s = render (one, &o);
  g_assert_true (pixel_is (pixel (s, c, c), &o.palette.trail));
  g_assert_true (pixel_is (pixel (s, c + 14.0, c), &o.palette.start));
  g_assert_true (pixel_is (pixel (s, c + 20.0, c), &o.palette.goal));
  cairo_surface_destroy (s);

  /* The overview: the player on the start is the player's colour; once
   * it moved on, the start shows again over the walked path. */
  tiny_options (&o, 1.0);
  o.show_markers = true;
  o.trail = trail;
  o.n_trail = 1;
  s = render (big, &o);
  g_assert_true (pixel_is (cell_pixel (s, big, &o, 0), &o.palette.trail));
  cairo_surface_destroy (s);
  o.n_trail = 2;
  s = render (big, &o);
  g_assert_true (pixel_is (cell_pixel (s, big, &o, 0), &o.palette.start));
  g_assert_true (pixel_is (cell_pixel (s, big, &o, 1), &o.palette.trail));
  cairo_surface_destroy (s);

  maze_free (big);
  maze_free (one);
  maze_free (m);
}

static double
mean_brightness (cairo_surface_t *s)
{
  int w = cairo_image_surface_get_width (s);
  int h = cairo_image_surface_get_height (s);
  double sum = 0.0;
  int n = 0;

  /* Inside the margin. */
  for (int y = 8; y < h - 8; y++)
    for (int x = 8; x < w - 8; x++, n++)
      sum += brightness (pixel (s, x, y));
  return sum / n;
}

/* The wall density shows: a fully walled maze is darker than a perfect
 * one, which is darker than an open field (the bare floor). */
static void
test_overview_density (void)
{
  Maze *walled = new_maze (240, 160);
  Maze *perfect = binary_tree_maze (240, 160, 3);
  Maze *open = new_maze (240, 160);
  RenderOptions o;
  cairo_surface_t *sw, *sp, *so;
  double bw, bp, bo;

  for (uint32_t y = 0; y < 160; y++)
    for (uint32_t x = 0; x < 240; x++)
      {
        if (x + 1 < 240)
          open_wall (open, x, y, MAZE_E);
        if (y + 1 < 160)
          open_wall (open, x, y, MAZE_S);
      }
  for (int dark = 0; dark < 2; dark++)
    {
      tiny_options (&o, 0.4);
      if (dark)
        render_palette_dark (&o.palette);
      sw = render (walled, &o);
      sp = render (perfect, &o);
      so = render (open, &o);
      bw = mean_brightness (sw);
      bp = mean_brightness (sp);
      bo = mean_brightness (so);
      if (dark)
        {
          g_assert_cmpfloat (bw, >, bp + 10.0);
          g_assert_cmpfloat (bp, >, bo + 10.0);
        }
      else
        {
          g_assert_cmpfloat (bw, <, bp - 10.0);
          g_assert_cmpfloat (bp, <, bo - 10.0);
        }
      g_assert_true (pixel_is (pixel (so, 50, 30), &o.palette.background));
      cairo_surface_destroy (sw);
      cairo_surface_destroy (sp);
      cairo_surface_destroy (so);
    }
  maze_free (walled);
  maze_free (perfect);
  maze_free (open);
}

/* A pixel of the overview is the rounded average of the colours of the
 * cells whose centres fall in it; a cell's colour is the floor under
 * its walls (its north and west ones, and on the outer border its south
 * and east ones), each covering its share of the cell.  Black walls on
 * a white floor make those colours easy to work out here, at densities
 * of a few cells a pixel, of hundreds, and of more than 8192 (which the
 * renderer sums another way), the last row and column included. */
static void
test_overview_average (void)
{
  Maze *m = binary_tree_maze (301, 203, 11);
  const uint16_t *cells = maze_cells_const (m);
  double sizes[] = { 0.37, 0.061, 0.0093 };

  for (size_t k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      RenderOptions o;
      cairo_surface_t *s;
      const unsigned char *data;
      int w, h, stride;
      uint64_t *sum, *count;
      double share;
      guint checked = 0;

      tiny_options (&o, sizes[k]);
      o.palette.background = (RenderRgba) { 1.0, 1.0, 1.0, 1.0 };
      o.palette.wall = (RenderRgba) { 0.0, 0.0, 0.0, 1.0 };
      o.wall_width = sizes[k] / 3.0;
      share = fmin (1.0, o.wall_width / o.cell_size);
      s = render (m, &o);
      w = cairo_image_surface_get_width (s);
      h = cairo_image_surface_get_height (s);
      data = cairo_image_surface_get_data (s);
      stride = cairo_image_surface_get_stride (s);
      sum = g_new0 (uint64_t, (size_t) w * h);
      count = g_new0 (uint64_t, (size_t) w * h);

      for (uint32_t y = 0; y < 203; y++)
        for (uint32_t x = 0; x < 301; x++)
          {
            uint32_t i = y * 301 + x;
            uint16_t c = cells[i];
            unsigned hw = !(c & MAZE_N) + (y == 202 && !(c & MAZE_S));
            unsigned vw = !(c & MAZE_W) + (x == 300 && !(c & MAZE_E));
            double ch = fmin (1.0, hw * share), cv = fmin (1.0, vw * share);
            double a = ch + cv - ch * cv;
            cairo_rectangle_t r;
            int px, py;

            render_cell_extents (m, &o, i, &r);
            px = (int) floor (r.x + r.width / 2.0);
            py = (int) floor (r.y + r.height / 2.0);
            g_assert_true (px >= 0 && px < w && py >= 0 && py < h);
            sum[(size_t) py * w + px] += (uint64_t) (fmin (fmax (1.0 - a, 0.0), 1.0) * 255.0 + 0.5);
            count[(size_t) py * w + px]++;
          }
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            uint64_t n = count[(size_t) y * w + x];
            uint32_t v;
            unsigned want;

            if (n == 0)
              continue;
            want = (unsigned) ((sum[(size_t) y * w + x] + n / 2) / n);
            memcpy (&v, data + y * stride + x * 4, 4);
            if ((v & 0xFF) != want || ((v >> 8) & 0xFF) != want || ((v >> 16) & 0xFF) != want)
              g_error ("cell size %g: pixel (%d, %d) of %" G_GUINT64_FORMAT " cells is %06X, expected %02X%02X%02X",
                       sizes[k], x, y, n, v & 0xFFFFFF, want, want, want);
            checked++;
          }
      /* every cell has a pixel: at least the maze's rows times its columns
       * of pixels */
      g_assert_cmpuint (checked, >=, (guint) (floor (301 * sizes[k]) * floor (203 * sizes[k])));
      g_free (sum);
      g_free (count);
      cairo_surface_destroy (s);
    }
  maze_free (m);
}

/* The view's way: tiles of whole pixels, each drawn through a clip with
 * the cells it shows, give the pixels of one full draw and touch nothing
 * outside the tile; and a region draw without a clip gives the full
 * draw's pixels wherever it writes. */
static void
test_overview_tiles_match_full (void)
{
  Maze *m = bfs_solved_maze (300, 200);
  uint32_t frontier[] = { 30, 31, 3344, 40000 };
  uint32_t trail[] = { 25, 26, 326, 626 };
  double cells[] = { 0.7, 1.5, 0.25 };

  for (size_t c = 0; c < G_N_ELEMENTS (cells); c++)
    {
      RenderOptions o;
      cairo_surface_t *full, *tiled;
      int w, h;

      tiny_options (&o, cells[c]);
      o.show_markers = true;
      o.frontier = frontier;
      o.n_frontier = G_N_ELEMENTS (frontier);
      o.trail = trail;
      o.n_trail = G_N_ELEMENTS (trail);
      o.selected = 12345;
      full = render (m, &o);
      g_assert_true (pixel_is (cell_pixel (full, m, &o, 12345), &o.palette.selected));
      g_assert_true (pixel_is (cell_pixel (full, m, &o, 40000), &o.palette.frontier));
      g_assert_true (pixel_is (cell_pixel (full, m, &o, maze_start (m)), &o.palette.start));
      w = cairo_image_surface_get_width (full);
      h = cairo_image_surface_get_height (full);

      tiled = magenta_like (full);
      for (int ty = 0; ty < h; ty += 37)
        for (int tx = 0; tx < w; tx += 53)
          {
            cairo_t *cr = cairo_create (tiled);
            RenderCellRect region;

            cairo_rectangle (cr, tx, ty, 53, 37);
            cairo_clip (cr);
            if (render_cells_in_rect (m, &o, tx - 2, ty - 2, 57, 41, &region))
              render_draw_region (cr, m, &o, &region, RENDER_LAYER_ALL);
            cairo_destroy (cr);
          }
      cairo_surface_flush (tiled);
      assert_same_pixels (full, tiled, NULL, false);
      cairo_surface_destroy (tiled);

      {
        RenderCellRect region = { 100, 50, 33, 21 };
        cairo_surface_t *part = magenta_like (full);
        cairo_t *cr = cairo_create (part);
        int n_drawn = 0;

        render_draw_region (cr, m, &o, &region, RENDER_LAYER_ALL);
        cairo_destroy (cr);
        cairo_surface_flush (part);
        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              Pixel pp = pixel (part, x, y), pf = pixel (full, x, y);

              if (pp.r == 255 && pp.g == 0 && pp.b == 255)
                continue;
              g_assert_cmpint (pp.r, ==, pf.r);
              g_assert_cmpint (pp.g, ==, pf.g);
              g_assert_cmpint (pp.b, ==, pf.b);
              n_drawn++;
            }
        /* All of the region's pixels, and not many more. */
        g_assert_cmpint (n_drawn, >=, (int) (33 * 21 * cells[c] * cells[c]));
        g_assert_cmpint (n_drawn, <=, (int) ((33 * cells[c] + 3) * (21 * cells[c] + 3)));
        cairo_surface_destroy (part);
      }
      cairo_surface_destroy (full);
    }
  maze_free (m);
}

/* A device scale (HiDPI) is part of the pixel grid: half the cell size on
 * a surface of scale 2 gives the pixels of the whole size at scale 1. */
static void
test_overview_device_scale (void)
{
  Maze *m = bfs_solved_maze (120, 80);
  RenderOptions o1, o2;
  cairo_surface_t *s1, *s2;
  cairo_t *cr;

  tiny_options (&o1, 1.5);
  s1 = render (m, &o1);
  tiny_options (&o2, 0.75);
  o2.margin = o1.margin / 2.0;
  s2 = magenta_like (s1);
  cairo_surface_set_device_scale (s2, 2.0, 2.0);
  cr = cairo_create (s2);
  render_draw (cr, m, &o2);
  cairo_destroy (cr);
  cairo_surface_flush (s2);
  assert_same_pixels (s1, s2, NULL, false);
  cairo_surface_destroy (s1);
  cairo_surface_destroy (s2);
  maze_free (m);
}

/* ---- labels ---- */

static int
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      {
        Pixel pa = pixel (a, x, y), pb = pixel (b, x, y);

        n += pa.r != pb.r || pa.g != pb.g || pa.b != pb.b;
      }
  return n;
}

static void
test_labels (void)
{
  Maze *m = new_maze (2, 2);
  RenderOptions o;
  cairo_surface_t *plain, *labelled;
  RenderLabelMode modes[] = {
    RENDER_LABEL_WORD_HEX, RENDER_LABEL_NIBBLE_BIN, RENDER_LABEL_NIBBLE_HEX,
  };

  open_wall (m, 0, 0, MAZE_E);
  for (size_t k = 0; k < G_N_ELEMENTS (modes); k++)
    {
      /* Big cells: the words are written. */
      test_options (&o);
      o.cell_size = 48;
      plain = render (m, &o);
      o.label_mode = modes[k];
      g_assert_true (render_labels_fit (&o));
      labelled = render (m, &o);
      g_assert_cmpint (count_differences (plain, labelled), >, 20);
      cairo_surface_destroy (plain);
      cairo_surface_destroy (labelled);

      /* Small cells: no unreadable text at all. */
      test_options (&o);
      o.cell_size = 8;
      plain = render (m, &o);
      o.label_mode = modes[k];
      g_assert_false (render_labels_fit (&o));
      labelled = render (m, &o);
      g_assert_cmpint (count_differences (plain, labelled), ==, 0);
      cairo_surface_destroy (plain);
      cairo_surface_destroy (labelled);
    }

  test_options (&o);
  g_assert_false (render_labels_fit (&o));
  maze_free (m);
}

/* ---- hit-testing ---- */

static void
test_hit_testing (void)
{
  Maze *m = new_maze (5, 4);
  RenderOptions o;
  uint32_t cell;
  uint16_t dir;
  double w, h;

  test_options (&o);
  render_get_size (m, &o, &w, &h);
  g_assert_cmpfloat (w, ==, 2 * MARGIN + 5 * CS);
  g_assert_cmpfloat (h, ==, 2 * MARGIN + 4 * CS);

  g_assert_cmpint (render_cell_at (m, &o, cx (0), cy (0)), ==, 0);
  g_assert_cmpint (render_cell_at (m, &o, cx (3), cy (2)), ==, 13);
  g_assert_cmpint (render_cell_at (m, &o, MARGIN + 5 * CS - 0.1, cy (3)), ==, 19);
  g_assert_cmpint (render_cell_at (m, &o, MARGIN - 1, cy (0)), ==, -1);
  g_assert_cmpint (render_cell_at (m, &o, MARGIN + 5 * CS, cy (0)), ==, -1);
  g_assert_cmpint (render_cell_at (m, &o, cx (0), -50), ==, -1);

  /* Near the east side of (1, 1). */
  g_assert_true (render_wall_at (m, &o, MARGIN + 2 * CS - 2, cy (1), 4,
                                 &cell, &dir));
  g_assert_cmpuint (cell, ==, 6);
  g_assert_cmpuint (dir, ==, MAZE_E);
  /* Just across it, the same wall. */
  g_assert_true (render_wall_at (m, &o, MARGIN + 2 * CS + 2, cy (1), 4,
                                 &cell, &dir));
  g_assert_cmpuint (cell, ==, 6);
  g_assert_cmpuint (dir, ==, MAZE_E);
  /* The south side of (2, 3) is the outer border. */
  g_assert_true (render_wall_at (m, &o, cx (2), MARGIN + 4 * CS + 1, 0,
                                 &cell, &dir));
  g_assert_cmpuint (cell, ==, 17);
  g_assert_cmpuint (dir, ==, MAZE_S);
  /* The west border of (0, 2). */
  g_assert_true (render_wall_at (m, &o, MARGIN - 1, cy (2), 0, &cell, &dir));
  g_assert_cmpuint (cell, ==, 10);
  g_assert_cmpuint (dir, ==, MAZE_W);
  /* Between (1, 0) and (1, 1), reported from the north cell. */
  g_assert_true (render_wall_at (m, &o, cx (1), MARGIN + CS + 1, 0, &cell, &dir));
  g_assert_cmpuint (cell, ==, 1);
  g_assert_cmpuint (dir, ==, MAZE_S);
  /* The middle of a cell is far from every wall. */
  g_assert_false (render_wall_at (m, &o, cx (1), cy (1), 4, &cell, &dir));
  /* Far outside. */
  g_assert_false (render_wall_at (m, &o, -100, -100, 0, &cell, &dir));

  /* The clicked wall is the one toggled. */
  g_assert_true (render_wall_at (m, &o, MARGIN + 2 * CS, cy (1), 0, &cell, &dir));
  g_assert_cmpint (maze_set_wall_open (m, cell, dir, true, NULL), ==, MAZE_OK);
  g_assert_true (maze_cell_is_open (maze_cells_const (m)[7], MAZE_W));

  /* Visible cells of a scrolled view. */
  {
    RenderCellRect r;

    g_assert_true (render_cells_in_rect (m, &o, MARGIN + CS + 5, MARGIN + 5,
                                         CS, CS, &r));
    g_assert_cmpuint (r.x, ==, 1);
    g_assert_cmpuint (r.y, ==, 0);
    g_assert_cmpuint (r.width, ==, 2);
    g_assert_cmpuint (r.height, ==, 2);
    g_assert_false (render_cells_in_rect (m, &o, w + 10, 0, 10, 10, &r));
  }

  g_assert_cmpfloat (render_fit_cell_size (m, &o, 2 * MARGIN + 50, 1000), ==, 10);
  g_assert_cmpfloat (render_fit_cell_size (m, &o, 2 * MARGIN + 4, 1000), ==, 0);
  maze_free (m);
}

/* ---- files ---- */

static char *
read_all (const char *path,
          gsize      *len)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

static char *
find_bytes (char       *data,
            gsize       len,
            const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= len; i++)
    if (memcmp (data + i, needle, n) == 0)
      return data + i;
  return NULL;
}

static int
count_files (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  int n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  g_dir_close (d);
  return n;
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
      g_free (p);
    }
  g_dir_close (d);
  g_rmdir (dir);
}

static void
test_files (void)
{
  char *dir = g_dir_make_tmp ("bitmaze-render-XXXXXX", NULL);
  char *png = g_build_filename (dir, "maze.PNG", NULL);
  char *svg = g_build_filename (dir, "maze.svg", NULL);
  char *pdf = g_build_filename (dir, "maze.Pdf", NULL);
  Maze *m = binary_tree_maze (5, 3, 7);
  RenderOptions o;
  MazeError err = { 0 };
  cairo_surface_t *s;
  char *data, *p;
  gsize len;
  double w, h;

  render_options_init (&o);
  render_get_size (m, &o, &w, &h);
  g_assert_cmpfloat (w, ==, 96);
  g_assert_cmpfloat (h, ==, 64);

  g_assert_cmpint (render_to_file (m, &o, png, NULL, &err), ==, MAZE_OK);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 96);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 64);
  /* It is the maze, pixel for pixel. */
  {
    cairo_surface_t *direct = render (m, &o);

    assert_same_pixels (direct, s, NULL, false);
    cairo_surface_destroy (direct);
  }
  g_assert_cmpint (brightness (pixel (s, o.margin, o.margin)), <, 50);
  cairo_surface_destroy (s);

  /* A see-through background gives a PNG with alpha. */
  o.palette.background.alpha = 0.0;
  g_assert_cmpint (render_to_file (m, &o, png, NULL, &err), ==, MAZE_OK);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_format (s), ==, CAIRO_FORMAT_ARGB32);
  {
    uint32_t v;

    cairo_surface_flush (s);
    memcpy (&v, cairo_image_surface_get_data (s)
                + 20 * cairo_image_surface_get_stride (s) + 20 * 4, 4);
    g_assert_cmphex (v >> 24, ==, 0);
  }
  cairo_surface_destroy (s);
  render_palette_light (&o.palette);

  g_assert_cmpint (render_to_file (m, &o, svg, NULL, &err), ==, MAZE_OK);
  data = read_all (svg, &len);
  g_assert_cmpuint (len, >, 100);
  g_assert_nonnull (strstr (data, "<svg"));
  g_assert_nonnull (strstr (data, "width=\"96pt\""));
  g_assert_nonnull (strstr (data, "height=\"64pt\""));
  g_free (data);

  g_assert_cmpint (render_to_file (m, &o, pdf, NULL, &err), ==, MAZE_OK);
  data = read_all (pdf, &len);
  g_assert_cmpuint (len, >, 100);
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  /* A PDF holds binary streams: search all of its bytes. */
  p = find_bytes (data, len, "/MediaBox");
  g_assert_nonnull (p);
  {
    double x0, y0, x1, y1;

    g_assert_cmpint (sscanf (p, "/MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, &x1, &y1),
                     ==, 4);
    g_assert_cmpfloat (x1 - x0, ==, 96);
    g_assert_cmpfloat (y1 - y0, ==, 64);
  }
  g_free (data);

  /* An explicit format wins over the name. */
  {
    char *odd = g_build_filename (dir, "maze.img", NULL);

    g_assert_cmpint (render_to_file (m, &o, odd, "svg", &err), ==, MAZE_OK);
    data = read_all (odd, &len);
    g_assert_nonnull (strstr (data, "<svg"));
    g_free (data);
    g_unlink (odd);
    g_free (odd);
  }

  /* No temporary file is left behind. */
  g_assert_cmpint (count_files (dir), ==, 3);

  g_free (png);
  g_free (svg);
  g_free (pdf);
  remove_dir (dir);
  g_free (dir);
  maze_free (m);
}

/* Both file writers (images and worksheets) write atomically: a replaced
 * file keeps its permissions, a failure names the path and the reason and
 * leaves neither a partial file nor a temporary one. */
static void
test_files_atomic (void)
{
  char *dir = g_dir_make_tmp ("bitmaze-render-XXXXXX", NULL);
  char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  char *png = g_build_filename (dir, "maze.png", NULL);
  char *folder = g_build_filename (dir, "folder.pdf", NULL);
  char *missing = g_build_filename (dir, "no-such-folder", "sheet.pdf", NULL);
  Maze *m = new_maze (3, 3);
  const Maze *mazes[] = { m };
  RenderWorksheetOptions wo;
  RenderOptions o;
  MazeError err = { 0 };
  GStatBuf st;
  char *data;
  gsize len;

  render_worksheet_options_init (&wo, RENDER_PAPER_A4);
  render_options_init (&o);
  g_assert_true (g_file_set_contents (pdf, "old", 3, NULL));
  g_assert_true (g_file_set_contents (png, "old", 3, NULL));
  g_assert_cmpint (g_chmod (pdf, 0640), ==, 0);
  g_assert_cmpint (g_chmod (png, 0604), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);

  g_assert_cmpint (render_worksheet_to_file (mazes, NULL, 1, &wo, pdf, &err), ==, MAZE_OK);
  g_assert_cmpint (render_to_file (m, &o, png, NULL, &err), ==, MAZE_OK);
  data = read_all (pdf, &len);
  g_assert_true (len > 4 && memcmp (data, "%PDF", 4) == 0);
  g_free (data);
  data = read_all (png, &len);
  g_assert_true (len > 8 && memcmp (data, "\x89PNG", 4) == 0);
  g_free (data);
  g_assert_cmpint (g_stat (pdf, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  g_assert_cmpint (g_stat (png, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0604);

  /* Written, but not renamed over a folder: the temporary file goes. */
  g_assert_cmpint (render_worksheet_to_file (mazes, NULL, 1, &wo, folder, &err), ==, MAZE_ERROR_IO);
  g_assert_nonnull (strstr (err.message, folder));
  g_assert_cmpint (render_worksheet_to_file (mazes, NULL, 1, &wo, missing, &err), ==, MAZE_ERROR_IO);
  g_assert_nonnull (strstr (err.message, missing));
  g_assert_nonnull (strstr (err.message, g_strerror (ENOENT)));
  g_assert_cmpint (count_files (dir), ==, 3);

  g_free (pdf);
  g_free (png);
  g_rmdir (folder);
  g_free (folder);
  g_free (missing);
  remove_dir (dir);
  g_free (dir);
  maze_free (m);
}

/* Images follow the output rule of maze-output.h, as .maze files do: a
 * link's target is replaced and the link stays, a device or a FIFO is
 * written into, a read-only file is refused, a full disk in the middle
 * of a PNG names the user's path and leaves the old file. */
static ssize_t
write_full_after_4k (int         fd,
                     const void *buf,
                     size_t      len)
{
  static size_t total;

  if (buf == NULL)
    {
      total = 0;
      return 0;
    }
  if (total + len > 4096)
    {
      errno = ENOSPC;
      return -1;
    }
  total += len;
  return write (fd, buf, len);
}

static gpointer
drain (gpointer data)
{
  int fd = open (data, O_RDONLY | O_CLOEXEC);
  gsize total = 0;
  char buf[4096];
  ssize_t n;

  g_assert_cmpint (fd, >=, 0);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    total += (gsize) n;
  close (fd);
  return GSIZE_TO_POINTER (total);
}

static void
test_files_output_rule (void)
{
  char *dir = g_dir_make_tmp ("bitmaze-render-XXXXXX", NULL);
  char *real = g_build_filename (dir, "real.svg", NULL);
  char *link = g_build_filename (dir, "link.svg", NULL);
  char *fifo = g_build_filename (dir, "pipe.png", NULL);
  char *null = g_build_filename (dir, "null.pdf", NULL);
  char *ro = g_build_filename (dir, "ro.png", NULL);
  char *full = g_build_filename (dir, "full.png", NULL);
  char *want;
  Maze *m = new_maze (30, 30);
  RenderOptions o;
  MazeError err = { 0 };
  GStatBuf st;
  GThread *reader;
  char *data;
  gsize len;

  render_options_init (&o);
  g_assert_true (g_file_set_contents (real, "old", 3, NULL));
  g_assert_cmpint (symlink ("real.svg", link), ==, 0);
  g_assert_cmpint (render_to_file (m, &o, link, NULL, &err), ==, MAZE_OK);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  data = read_all (real, &len);
  g_assert_nonnull (find_bytes (data, len, "<svg"));
  g_free (data);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("drain", drain, fifo);
  g_assert_cmpint (render_to_file (m, &o, fifo, NULL, &err), ==, MAZE_OK);
  g_assert_cmpuint (GPOINTER_TO_SIZE (g_thread_join (reader)), >, 100);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  if (mknod (null, S_IFCHR | 0666, makedev (1, 3)) == 0)
    {
      g_assert_cmpint (render_to_file (m, &o, null, NULL, &err), ==, MAZE_OK);
      g_assert_cmpint (g_lstat (null, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }

  g_assert_true (g_file_set_contents (ro, "old", 3, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  want = g_strdup_printf ("cannot save '%s': the file is read-only", ro);
  g_assert_cmpint (render_to_file (m, &o, ro, NULL, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_free (want);
  data = read_all (ro, &len);
  g_assert_cmpstr (data, ==, "old");
  g_free (data);

  g_assert_true (g_file_set_contents (full, "old", 3, NULL));
  o.cell_size = 64;
  write_full_after_4k (-1, NULL, 0);
  maze_io_hooks.write_fn = write_full_after_4k;
  want = g_strdup_printf ("cannot save '%s': %s", full, g_strerror (ENOSPC));
  g_assert_cmpint (render_to_file (m, &o, full, NULL, &err), ==, MAZE_ERROR_IO);
  maze_io_hooks_reset ();
  g_assert_cmpstr (err.message, ==, want);
  g_free (want);
  data = read_all (full, &len);
  g_assert_cmpstr (data, ==, "old");
  g_free (data);
  g_assert_cmpint (count_files (dir), ==, 6 - (g_file_test (null, G_FILE_TEST_EXISTS) ? 0 : 1));

  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);
  remove_dir (dir);
  g_free (real);
  g_free (link);
  g_free (fifo);
  g_free (null);
  g_free (ro);
  g_free (full);
  g_free (dir);
  maze_free (m);
}

/* A PNG's pixels are limited in all, not only a side: a 6x6 maze of
 * 4096-pixel cells (3.2 GB of image) is refused before anything is
 * allocated, with a cell size that fits; SVG has no such limit. */
static void
test_png_pixel_limit (void)
{
  char *dir = g_dir_make_tmp ("bitmaze-render-XXXXXX", NULL);
  char *png = g_build_filename (dir, "big.png", NULL);
  char *svg = g_build_filename (dir, "big.svg", NULL);
  Maze *m = new_maze (6, 6);
  RenderOptions o;
  MazeError err = { 0 };
  double w, h;

  render_options_init (&o);
  o.cell_size = 4096;
  o.margin = 2048;
  render_get_size (m, &o, &w, &h);
  g_assert_cmpfloat (w, <=, RENDER_MAX_IMAGE_SIDE);
  g_assert_cmpint (render_to_file (m, &o, png, NULL, &err), ==, MAZE_ERROR_SIZE);
  g_assert_cmpstr (err.message, ==, "a PNG of 28672 x 28672 pixels is too large "
                                    "(at most 100000000 pixels in all): use a cell "
                                    "size of at most 1428, or SVG or PDF");
  g_assert_cmpint (count_files (dir), ==, 0);
  o.cell_size = 1428;
  o.margin = 714;
  render_get_size (m, &o, &w, &h);
  g_assert_cmpfloat (ceil (w) * ceil (h), <=, RENDER_MAX_IMAGE_PIXELS);
  o.cell_size = 4096;
  o.margin = 2048;
  g_assert_cmpint (render_to_file (m, &o, svg, NULL, &err), ==, MAZE_OK);

  remove_dir (dir);
  g_free (png);
  g_free (svg);
  g_free (dir);
  maze_free (m);
}

static void
test_file_errors (void)
{
  char *dir = g_dir_make_tmp ("bitmaze-render-XXXXXX", NULL);
  char *bmp = g_build_filename (dir, "maze.bmp", NULL);
  char *bare = g_build_filename (dir, "maze", NULL);
  char *missing = g_build_filename (dir, "no-such-folder", "maze.png", NULL);
  char *big = g_build_filename (dir, "big.png", NULL);
  char *keep = g_build_filename (dir, "keep.png", NULL);
  Maze *m = new_maze (3, 3);
  Maze *huge = new_maze (3000, 10);
  RenderOptions o;
  MazeError err = { 0 };
  char *data;
  gsize len;

  render_options_init (&o);

  g_assert_cmpint (render_to_file (m, &o, bmp, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, ".bmp"));
  g_assert_cmpint (render_to_file (m, &o, bare, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, ".png, .svg or .pdf"));
  g_assert_cmpint (render_to_file (m, &o, bmp, "gif", &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, "gif"));

  g_assert_cmpint (render_to_file (m, &o, missing, NULL, &err), ==, MAZE_ERROR_IO);
  g_assert_nonnull (strstr (err.message, missing));
  g_assert_nonnull (strstr (err.message, g_strerror (ENOENT)));

  /* 3000 cells of 16 px: too wide for cairo; the message says what fits. */
  g_assert_cmpint (render_to_file (huge, &o, big, NULL, &err), ==, MAZE_ERROR_SIZE);
  g_assert_nonnull (strstr (err.message, "cell size of at most 10"));
  /* The vector formats have no such limit. */
  o.cell_size = 16;
  g_assert_cmpint (count_files (dir), ==, 0);

  /* Bad options are refused before anything is written, and a failed
   * export keeps the old file as it was. */
  g_assert_true (g_file_set_contents (keep, "old", 3, NULL));
  o.cell_size = 0;
  g_assert_cmpint (render_to_file (m, &o, keep, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, "cell size"));
  o.cell_size = 16;
  o.wall_width = 16;
  g_assert_cmpint (render_to_file (m, &o, keep, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, "wall width"));
  render_options_init (&o);
  g_assert_cmpint (render_to_file (huge, &o, keep, NULL, &err), ==, MAZE_ERROR_SIZE);
  data = read_all (keep, &len);
  g_assert_cmpstr (data, ==, "old");
  g_free (data);
  g_assert_cmpint (count_files (dir), ==, 1);

  g_assert_cmpint (render_format_from_name ("PNG"), ==, RENDER_FORMAT_PNG);
  g_assert_cmpint (render_format_from_name (".svg"), ==, RENDER_FORMAT_SVG);
  g_assert_cmpint (render_format_from_path ("a.b/maze.PdF"), ==, RENDER_FORMAT_PDF);
  g_assert_cmpint (render_format_from_path ("a.png/maze"), ==, -1);
  g_assert_cmpint (render_format_from_path (".png"), ==, -1);
  g_assert_cmpint (render_format_from_name ("jpeg"), ==, -1);

  g_free (bmp);
  g_free (bare);
  g_free (missing);
  g_free (big);
  g_free (keep);
  remove_dir (dir);
  g_free (dir);
  maze_free (m);
  maze_free (huge);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t
refuse_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  return CAIRO_STATUS_WRITE_ERROR;
}

/* Out of memory for a PNG (here under an address-space limit, in a
 * subprocess): the message says which image and how many bytes. */
static void
test_png_out_of_memory (void)
{
#if defined (__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer maps terabytes: an address-space limit does not apply");
  return;
#endif
  if (strstr (g_getenv ("LD_PRELOAD") != NULL ? g_getenv ("LD_PRELOAD") : "", "vgpreload") != NULL)
    {
      g_test_skip ("valgrind has an address space of its own");
      return;
    }
  if (g_test_subprocess ())
    {
      Maze *m = new_maze (6, 6);
      RenderOptions o;
      MazeError err = { 0 };
      char *status = NULL;
      const char *vm;
      struct rlimit limit;
      double w, h;

      render_options_init (&o);
      o.cell_size = 1250;
      o.margin = 500;
      render_get_size (m, &o, &w, &h);
      g_assert_cmpfloat (w, ==, 8500.0);
      /* 32 MB more than the process maps: the image takes 289 MB. */
      g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
      vm = strstr (status, "VmSize:");
      g_assert_nonnull (vm);
      limit.rlim_cur = limit.rlim_max =
        (rlim_t) g_ascii_strtoull (vm + strlen ("VmSize:"), NULL, 10) * 1024 + 32 * 1024 * 1024;
      g_free (status);
      g_assert_cmpint (setrlimit (RLIMIT_AS, &limit), ==, 0);
      g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PNG, refuse_bytes, NULL, &err), ==,
                       MAZE_ERROR_NOMEM);
      g_assert_cmpstr (err.message, ==, "not enough memory for a 8500 x 8500 image: "
                                        "289000000 bytes could not be allocated; use a "
                                        "smaller cell size");
      maze_free (m);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* The SVG and PDF writer's files hold together: an SVG's elements are
 * closed, a PDF's cross-reference table, stream length and resources
 * name what is really there, and its content draws what was asked for
 * (translucent colours through a graphics state, labels in a font). */
static void
test_vector_structure (void)
{
  Maze *m = solved_maze ();
  RenderOptions o;
  MazeError err = { 0 };
  GByteArray *svg = g_byte_array_new (), *pdf = g_byte_array_new ();
  g_autofree char *text = NULL;
  char *data, *p, *start, *content;
  unsigned long long xref, length;
  unsigned n_objects;
  z_stream z = { 0 };
  gsize n_content = 1 << 20;

  render_options_init (&o);
  o.cell_size = 40;
  o.label_mode = RENDER_LABEL_WORD_HEX;
  o.palette.search.alpha = 0.5;

  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_SVG, append_bytes, svg, &err), ==, MAZE_OK);
  text = g_strndup ((const char *) svg->data, svg->len);
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  g_assert_true (g_str_has_suffix (text, "</svg>\n"));
  g_assert_nonnull (strstr (text, "fill-opacity=\"0.5\""));
  g_assert_nonnull (strstr (text, "<text "));
  for (p = strstr (text, "<path"); p != NULL; p = strstr (p + 1, "<path"))
    g_assert_true (strstr (p, "/>") != NULL && strstr (p, "/>") < strstr (p, "\n"));

  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PDF, append_bytes, pdf, &err), ==, MAZE_OK);
  g_byte_array_append (pdf, (const guint8 *) "", 1); /* a NUL after the end */
  data = (char *) pdf->data;
  p = find_bytes (data, pdf->len, "startxref\n");
  g_assert_nonnull (p);
  xref = g_ascii_strtoull (p + 10, NULL, 10);
  g_assert_true (g_str_has_prefix (data + xref, "xref\n0 "));
  n_objects = (unsigned) g_ascii_strtoull (data + xref + 7, &p, 10);
  g_assert_cmpuint (n_objects, >=, 9);
  p = strchr (p, '\n') + 1 + 20; /* the free entry */
  for (unsigned k = 1; k < n_objects; k++, p += 20)
    {
      g_autofree char *head = g_strdup_printf ("%u 0 obj\n", k);

      g_assert_true (g_str_has_prefix (data + g_ascii_strtoull (p, NULL, 10), head));
    }
  /* the content: its length, then what it draws */
  p = find_bytes (data, pdf->len, "/Length 5 0 R");
  g_assert_nonnull (p);
  start = find_bytes (p, pdf->len - (gsize) (p - data), "stream\n") + 7;
  p = find_bytes (data, pdf->len, "5 0 obj\n");
  length = g_ascii_strtoull (p + 8, NULL, 10);
  g_assert_true (g_str_has_prefix (start + length, "\nendstream"));
  content = g_malloc (n_content);
  g_assert_cmpint (inflateInit (&z), ==, Z_OK);
  z.next_in = (Bytef *) start;
  z.avail_in = (uInt) length;
  z.next_out = (Bytef *) content;
  z.avail_out = (uInt) n_content - 1;
  g_assert_cmpint (inflate (&z, Z_FINISH), ==, Z_STREAM_END);
  content[z.total_out] = '\0';
  inflateEnd (&z);
  g_assert_true (g_str_has_prefix (content, "1 0 0 -1 0 "));
  g_assert_nonnull (strstr (content, " re\n"));
  g_assert_nonnull (strstr (content, "/a0 gs\n"));
  g_assert_nonnull (strstr (content, "/F1 "));
  g_assert_nonnull (find_bytes (data, pdf->len, "/a0 8 0 R"));
  g_assert_nonnull (find_bytes (data, pdf->len, "/BaseFont /Courier"));
  g_free (content);

  g_byte_array_unref (svg);
  g_byte_array_unref (pdf);
  maze_free (m);
}

static void
test_stream (void)
{
  Maze *m = new_maze (4, 4);
  RenderOptions o;
  MazeError err = { 0 };
  GByteArray *bytes = g_byte_array_new ();
  static const guint8 png_magic[] = { 0x89, 'P', 'N', 'G' };

  render_options_init (&o);
  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PNG,
                                     append_bytes, bytes, &err), ==, MAZE_OK);
  g_assert_cmpuint (bytes->len, >, 8);
  g_assert_cmpmem (bytes->data, 4, png_magic, 4);

  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PDF,
                                     refuse_bytes, NULL, &err), ==, MAZE_ERROR_IO);
  g_assert_nonnull (strstr (err.message, cairo_status_to_string (CAIRO_STATUS_WRITE_ERROR)));
  g_byte_array_unref (bytes);
  maze_free (m);
}

/* A picture of a whole maze nobody chose a cell size for stays within
 * about 4096 units a side, and small mazes keep the default cells. */
static void
test_auto_size (void)
{
  static const struct { uint32_t w, h; double cell; } cases[] = {
    { 20, 10, 16 }, { 256, 40, 16 }, { 300, 300, 13 }, { 1000, 50, 4 },
    { 2000, 2000, 2 }, { 65535, 3, 2 },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      MazeError error;
      Maze *m = maze_new (cases[k].w, cases[k].h, &error);
      RenderOptions o;
      double width, height;

      g_assert_nonnull (m);
      render_options_init (&o);
      render_auto_size (m, &o);
      g_assert_cmpfloat (o.cell_size, ==, cases[k].cell);
      g_assert_cmpfloat (o.wall_width, <, o.cell_size);
      render_get_size (m, &o, &width, &height);
      if (cases[k].cell > 2)
        g_assert_cmpfloat (MAX (width, height), <=, RENDER_AUTO_SIDE + 2 * o.margin);
      maze_free (m);
    }
}

/* The legend draws each item in the colour the maze draws it, and names
 * the frontier for the solver: a queue for BFS, a stack for DFS. */
static void
test_legend (void)
{
  const MazeAlgorithm *bfs = maze_algorithm_find (maze_solvers, "bfs", NULL, NULL);
  const MazeAlgorithm *dfs = maze_algorithm_find (maze_solvers, "dfs", NULL, NULL);
  const MazeAlgorithm *astar = maze_algorithm_find (maze_solvers, "astar", NULL, NULL);
  RenderPalette palette;
  double w = 0, h = 0, narrow_w = 0, narrow_h = 0;
  cairo_surface_t *s;
  cairo_t *cr;

  g_assert_cmpstr (render_legend_label (RENDER_LEGEND_FRONTIER, bfs), ==, "queue");
  g_assert_cmpstr (render_legend_label (RENDER_LEGEND_FRONTIER, dfs), ==, "stack");
  g_assert_cmpstr (render_legend_label (RENDER_LEGEND_FRONTIER, astar), ==, "open set");
  g_assert_cmpstr (render_legend_label (RENDER_LEGEND_FRONTIER, NULL), ==, "frontier");
  g_assert_cmpstr (render_legend_label (RENDER_LEGEND_VISITED, bfs), ==, "visited");

  render_palette_light (&palette);
  render_legend_draw (NULL, &palette, bfs, NULL, 16, 0, &w, &h);
  g_assert_cmpfloat (w, >, 5 * 20);
  g_assert_cmpfloat (h, ==, 20);
  /* wrapped to a narrow width it takes more rows */
  render_legend_draw (NULL, &palette, bfs, NULL, 16, 120, &narrow_w, &narrow_h);
  g_assert_cmpfloat (narrow_w, <=, 120);
  g_assert_cmpfloat (narrow_h, >, h);

  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 20);
  cr = cairo_create (s);
  for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
    render_legend_swatch (cr, &palette, (RenderLegendItem) k, k * 20, 0, 20);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  g_assert_true (pixel_is (pixel (s, 10, 10), &palette.search));
  g_assert_true (pixel_is (pixel (s, 30, 10), &palette.frontier));
  g_assert_true (pixel_is (pixel (s, 50, 10), &palette.solution));
  g_assert_true (pixel_is (pixel (s, 70, 10), &palette.start));
  g_assert_true (pixel_is (pixel (s, 90, 10), &palette.goal));
  /* on the maze's background, framed by its wall */
  g_assert_true (pixel_is (pixel (s, 45, 4), &palette.background));
  g_assert_true (pixel_is (pixel (s, 20, 10), &palette.wall));
  cairo_surface_destroy (s);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/walls-and-passages", test_walls_and_passages);
  g_test_add_func ("/render/legend", test_legend);
  g_test_add_func ("/render/openings-are-gaps", test_openings_are_gaps);
  g_test_add_func ("/render/dark-palette", test_dark_palette);
  g_test_add_func ("/render/odd-walls-crisp", test_odd_walls_crisp);
  g_test_add_func ("/render/solution-line", test_solution_line);
  g_test_add_func ("/render/solution-fill", test_solution_fill);
  g_test_add_func ("/render/generated-and-solved", test_generated_and_solved);
  g_test_add_func ("/render/highlights", test_highlights);
  g_test_add_func ("/render/region-matches-full", test_region_matches_full);
  g_test_add_func ("/render/layers-compose", test_layers_compose);
  g_test_add_func ("/render/direct-pixels-match-cairo",
                   test_direct_pixels_match_cairo);
  g_test_add_func ("/render/overview-solution", test_overview_solution);
  g_test_add_func ("/render/overview-density", test_overview_density);
  g_test_add_func ("/render/overview-average", test_overview_average);
  g_test_add_func ("/render/overview-tiles-match-full",
                   test_overview_tiles_match_full);
  g_test_add_func ("/render/overview-device-scale", test_overview_device_scale);
  g_test_add_func ("/render/labels", test_labels);
  g_test_add_func ("/render/hit-testing", test_hit_testing);
  g_test_add_func ("/render/player-over-markers", test_player_over_markers);
  g_test_add_func ("/render/files", test_files);
  g_test_add_func ("/render/file-errors", test_file_errors);
  g_test_add_func ("/render/files-atomic", test_files_atomic);
  g_test_add_func ("/render/files-output-rule", test_files_output_rule);
  g_test_add_func ("/render/png-pixel-limit", test_png_pixel_limit);
  g_test_add_func ("/render/stream", test_stream);
  g_test_add_func ("/render/vector-structure", test_vector_structure);
  g_test_add_func ("/render/auto-size", test_auto_size);
  g_test_add_func ("/render/overview-pyramid", test_overview_pyramid);
  g_test_add_func ("/render/png-out-of-memory", test_png_out_of_memory);
  return g_test_run ();
}
