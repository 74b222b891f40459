/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-render: how long the renderer takes on a big maze.
 *
 *   bench-render [SIDE [CELL_SIZE [WALL_WIDTH [OUTPUT_DIR]]]]
 *
 * Builds a SIDE x SIDE perfect maze (binary-tree algorithm, seed 1, with
 * maze_set_wall_open, so it does not depend on the generators), marks a
 * long solution and search, and times: the draw into an image surface,
 * the PNG file written, the SVG and PDF files, and a one-screen region
 * redraw, each the best of three runs, as elapsed time and as this
 * process's CPU time (which a busy machine disturbs less).  Prints one
 * line per measurement; the files go to OUTPUT_DIR
 * (default: the temporary folder) and are removed afterwards.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "maze-render.h"

static Maze *
build_maze (uint32_t side)
{
  MazeError err = { 0 };
  Maze *m = maze_new (side, side, &err);
  MazeRng rng;
  uint32_t i;

  if (m == NULL)
    g_error ("%s", err.message);
  maze_rng_seed (&rng, 1);
  for (uint32_t y = 0; y < side; y++)
    for (uint32_t x = 0; x < side; x++)
      {
        bool north = y > 0, east = x + 1 < side;

        if (north && east && maze_rng_below (&rng, 2))
          east = false;
        else if (north && east)
          north = false;
        if (north)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_N, true, NULL);
        else if (east)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_E, true, NULL);
      }

  /* From the bottom-right corner every cell leads north or east up to the
   * top-right corner: mark that walk as solution and search. */
  i = maze_goal (m);
  for (;;)
    {
      uint16_t c = maze_cells_const (m)[i];
      uint16_t dir = (c & MAZE_N) && i >= side ? MAZE_N
                   : (c & MAZE_E) && (i + 1) % side != 0 ? MAZE_E : 0;
      uint32_t next;

      if (dir == 0)
        break;
      next = maze_neighbor (m, i, dir);
      maze_toggle_bit (m, i, MAZE_SOLUTION_SHIFT + maze_dir_index (dir),
                       NULL, NULL);
      maze_toggle_bit (m, next, MAZE_BACKTRACK_SHIFT
                                + maze_dir_index (maze_opposite (dir)),
                       NULL, NULL);
      i = next;
    }
  return m;
}

#define RUNS 3

typedef struct
{
  double wall_ms;
  double cpu_ms;
} Timing;

static Timing
now (void)
{
  struct timespec ts;
  Timing t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  t.wall_ms = g_get_monotonic_time () / 1000.0;
  t.cpu_ms = ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
  return t;
}

/* Keeps in @best the fastest of the runs since @t0. */
static void
lap (Timing  t0,
     Timing *best)
{
  Timing t = now ();

  best->wall_ms = MIN (best->wall_ms, t.wall_ms - t0.wall_ms);
  best->cpu_ms = MIN (best->cpu_ms, t.cpu_ms - t0.cpu_ms);
}

static void
report (const char *what,
        Timing      best)
{
  g_print ("%-28s %8.1f ms elapsed %8.1f ms CPU\n", what, best.wall_ms,
           best.cpu_ms);
}

static const Timing no_timing = { G_MAXDOUBLE, G_MAXDOUBLE };

static void
time_file (const Maze          *m,
           const RenderOptions *o,
           const char          *dir,
           const char          *name)
{
  char *path = g_build_filename (dir, name, NULL);
  MazeError err = { 0 };
  GStatBuf st;
  Timing best = no_timing;
  char *what;

  for (int run = 0; run < RUNS; run++)
    {
      Timing t0 = now ();

      if (render_to_file (m, o, path, NULL, &err) != MAZE_OK)
        g_error ("%s", err.message);
      lap (t0, &best);
    }
  g_stat (path, &st);
  what = g_strdup_printf ("%s (%lld bytes)", name + strlen ("bench-render"),
                          (long long) st.st_size);
  report (what, best);
  g_free (what);
  g_unlink (path);
  g_free (path);
}

int
main (int   argc,
      char *argv[])
{
  uint32_t side = argc > 1 ? (uint32_t) atoi (argv[1]) : 2000;
  double cell = argc > 2 ? atof (argv[2]) : 2;
  double wall = argc > 3 ? atof (argv[3]) : 1;
  const char *dir = argc > 4 ? argv[4] : g_get_tmp_dir ();

  RenderOptions o;
  cairo_surface_t *s;
  cairo_t *cr;
  double w, h;
  Timing t0, best;
  Maze *m;

  m = build_maze (side);

  render_options_init (&o);
  o.cell_size = cell;
  o.wall_width = wall;
  o.margin = 4;
  render_get_size (m, &o, &w, &h);
  g_print ("maze %ux%u, cell %g, wall %g: image of %.0fx%.0f px\n",
           side, side, cell, wall, w, h);

  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) w, (int) h);
  cr = cairo_create (s);
  best = no_timing;
  for (int run = 0; run < RUNS; run++)
    {
      t0 = now ();
      render_draw (cr, m, &o);
      cairo_surface_flush (s);
      lap (t0, &best);
    }
  report ("draw all", best);

  /* What the app does per frame: the visible 1280x800 region. */
  {
    RenderCellRect r;

    render_cells_in_rect (m, &o, w / 2, h / 2, 1280, 800, &r);
    best = no_timing;
    for (int run = 0; run < RUNS; run++)
      {
        t0 = now ();
        render_draw_region (cr, m, &o, &r, RENDER_LAYER_ALL);
        cairo_surface_flush (s);
        lap (t0, &best);
      }
    report ("draw 1280x800 px region", best);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (s);

  g_print ("whole files, written and synced:\n");
  time_file (m, &o, dir, "bench-render.png");
  time_file (m, &o, dir, "bench-render.svg");
  time_file (m, &o, dir, "bench-render.pdf");

  maze_free (m);
  return 0;
}
