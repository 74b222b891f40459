/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-bench-overview: drawing a zoomed-out maze.
 *
 * A maze whose cells are smaller than two pixels is drawn as an
 * overview, each pixel the average of the cells under it: what the
 * window draws at every Generate, zoom and resize of a big maze.  For
 * each case, a maze (growing-tree:newest, seed 42) half searched by BFS
 * is drawn whole into an image of the given width, with the search and
 * the solution shown; the median of the runs, in ms and in ns a cell.
 *
 *   bitmaze-bench-overview [--runs N] [--pyramid] [SIDE:PIXELS]...
 * (default 2000:742 4000:1500 8000:100, the first as the window bench
 * shows a 2000 x 2000 maze).  With --pyramid the maze's overview pyramid
 * is built first (its time is shown) and the drawing reads it, as the
 * window does for a maze of a million cells or more.
 */
#include "maze.h"
#include "bench-util.h"
#include "maze-render.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int use_pyramid;

static int
measure (uint32_t side,
         int      pixels,
         int      runs)
{
  RenderPyramid *pyramid = NULL;
  MazeError error;
  Maze *maze = maze_generate (side, side, "growing-tree:newest", 42, 0, &error);
  MazeSolver *solver;
  RenderOptions o;
  cairo_surface_t *surface;
  double *ms;

  if (maze == NULL)
    {
      fprintf (stderr, "bitmaze-bench-overview: %s\n", error.message);
      return 1;
    }
  solver = maze_solver_new (maze, "bfs", &error);
  if (solver == NULL)
    {
      fprintf (stderr, "bitmaze-bench-overview: %s\n", error.message);
      maze_free (maze);
      return 1;
    }
  for (uint64_t k = 0; k < (uint64_t) side * side / 2 && maze_solver_step (solver, NULL); k++)
    ;
  maze_solver_free (solver);

  render_options_init (&o);
  o.cell_size = (double) pixels / side;
  o.wall_width = o.cell_size / 4.0;
  o.margin = 0.0;
  o.show_search = true;
  o.show_solution = true;
  ms = calloc ((size_t) runs, sizeof *ms);
  if (ms == NULL)
    {
      maze_free (maze);
      return 1;
    }
  if (use_pyramid)
    {
      double t = bench_now ();

      pyramid = render_pyramid_new (maze, &error);
      if (pyramid == NULL)
        {
          fprintf (stderr, "bitmaze-bench-overview: %s\n", error.message);
          free (ms);
          maze_free (maze);
          return 1;
        }
      render_pyramid_reset (pyramid, &o);
      while (!render_pyramid_build (pyramid, 64))
        ;
      printf ("pyramid  %5ux%-5u: built in %.2f ms, %zu bytes\n", side, side,
              (bench_now () - t) * 1e3, render_pyramid_bytes (side, side));
      o.pyramid = pyramid;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pixels, pixels);
  for (int r = 0; r < runs; r++)
    {
      cairo_t *cr = cairo_create (surface);
      double t = bench_now ();

      render_draw (cr, maze, &o);
      ms[r] = (bench_now () - t) * 1e3;
      cairo_destroy (cr);
    }
  qsort (ms, (size_t) runs, sizeof *ms, bench_compare_double);
  printf ("overview %5ux%-5u in %5d px: median %8.2f ms  %6.2f ns/cell  (min %.2f, max %.2f, %d runs)\n",
          side, side, pixels, ms[runs / 2], ms[runs / 2] * 1e6 / ((double) side * side),
          ms[0], ms[runs - 1], runs);
  free (ms);
  cairo_surface_destroy (surface);
  render_pyramid_free (pyramid);
  maze_free (maze);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  static const struct
  {
    unsigned side;
    int      pixels;
  } defaults[] = { { 2000, 742 }, { 4000, 1500 }, { 8000, 100 } };
  int runs = 9, status = 0, n_cases = 0;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
      runs = atoi (argv[++i]) > 0 ? atoi (argv[i]) : 1;
    else if (strcmp (argv[i], "--pyramid") == 0)
      use_pyramid = 1;
  for (int i = 1; i < argc; i++)
    {
      unsigned side;
      int pixels;

      if (strcmp (argv[i], "--runs") == 0)
        {
          i++;
          continue;
        }
      if (strcmp (argv[i], "--pyramid") == 0)
        continue;
      if (sscanf (argv[i], "%u:%d", &side, &pixels) != 2 || side == 0 || pixels <= 0)
        {
          fprintf (stderr, "usage: %s [--runs N] [--pyramid] [SIDE:PIXELS]...\n", argv[0]);
          return 2;
        }
      status |= measure (side, pixels, runs);
      n_cases++;
    }
  if (n_cases == 0)
    for (size_t k = 0; k < sizeof defaults / sizeof defaults[0]; k++)
      status |= measure (defaults[k].side, defaults[k].pixels, runs);
  return status;
}
