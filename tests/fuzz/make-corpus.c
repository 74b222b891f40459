/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * make-corpus.c: writes the fuzzer's seed corpus, small valid .maze files
 * that between them reach every part of the reader: 1-cell and 1-wide
 * mazes, openings, solution and backtrack bits, metadata with unknown
 * keys, multi-byte UTF-8 and an empty value, and shaped mazes (version
 * 2: cells outside the shape, border bits along its edge).  Its output is checked in
 * (tests/fuzz/corpus/); run it again only to change the seeds:
 *
 *   ninja -C _build-io tests/fuzz/make-corpus
 *   ./_build-io/tests/fuzz/make-corpus tests/fuzz/corpus
 *
 * It carves with its own few lines of randomised depth-first search, so
 * the corpus does not change when a generator does.
 */
#include "maze.h"

#include <stdlib.h>
#include <string.h>

static void
carve (Maze     *maze,
       uint64_t  seed)
{
  uint32_t n = maze_n_cells (maze);
  uint32_t *stack = malloc ((size_t) n * sizeof *stack);
  uint8_t *seen = calloc (n, 1);
  size_t top = 0;
  MazeRng rng;

  maze_rng_seed (&rng, seed);
  stack[top++] = maze_first_inside (maze);
  seen[stack[0]] = 1;
  while (top > 0)
    {
      uint32_t i = stack[top - 1];
      uint16_t dirs[4];
      unsigned k = 0;

      for (int d = 0; d < 4; d++)
        {
          uint32_t j = maze_neighbor (maze, i, MAZE_DIRECTIONS[d]);

          if (j != UINT32_MAX && !seen[j])
            dirs[k++] = MAZE_DIRECTIONS[d];
        }
      if (k == 0)
        {
          top--;
          continue;
        }
      {
        uint16_t d = dirs[maze_rng_below (&rng, k)];
        uint32_t j = maze_neighbor (maze, i, d);

        maze_set_wall_open (maze, i, d, true, NULL);
        seen[j] = 1;
        stack[top++] = j;
      }
    }
  free (stack);
  free (seen);
}

/* Solution and backtrack bits on some cells, never through the border. */
static void
mark_search (Maze     *maze,
             uint64_t  seed)
{
  uint16_t *c = maze_cells (maze);
  MazeRng rng;

  maze_rng_seed (&rng, seed);
  for (uint32_t i = 0; i < maze_n_cells (maze); i++)
    {
      uint16_t d = MAZE_DIRECTIONS[maze_rng_below (&rng, 4)];
      uint16_t e = MAZE_DIRECTIONS[maze_rng_below (&rng, 4)];

      if (!maze_cell_on_border (c[i], d))
        c[i] |= d << MAZE_SOLUTION_SHIFT;
      if (!maze_cell_on_border (c[i], e))
        c[i] |= e << MAZE_BACKTRACK_SHIFT;
    }
}

static int
write_maze (const char *dir,
            const char *name,
            const Maze *maze)
{
  MazeError error = { 0 };
  size_t len = strlen (dir) + strlen (name) + 8;
  char *path = malloc (len);
  int ret = 0;

  snprintf (path, len, "%s/%s.maze", dir, name);
  if (maze_save_file (maze, path, &error) != MAZE_OK)
    {
      fprintf (stderr, "%s\n", error.message);
      ret = 1;
    }
  free (path);
  return ret;
}

int
main (int   argc,
      char *argv[])
{
  static const struct
  {
    const char *name;
    uint32_t    width, height;
    bool        carved, openings, search, meta;
    const char *shape;
  } seeds[] = {
    { "one-cell", 1, 1, false, false, false, false },
    { "one-cell-openings", 1, 1, false, true, false, true },
    { "worked-example", 2, 1, true, false, false, false },
    { "column", 1, 9, true, true, false, false },
    { "row-solved", 9, 1, true, false, true, false },
    { "walls-only", 4, 3, false, false, false, false },
    { "small-perfect", 5, 4, true, true, false, true },
    { "small-solved", 6, 6, true, true, true, true },
    { "medium", 16, 12, true, true, true, true },
    { "shaped-walls", 6, 5, false, false, false, false, "ring" },
    { "shaped-heart", 14, 12, true, true, true, true, "heart" },
    { "shaped-cross", 9, 9, true, false, true, false, "cross" },
  };
  const char *dir = argc > 1 ? argv[1] : ".";
  int ret = 0;

  for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
    {
      Maze *maze;

      if (seeds[s].shape != NULL)
        {
          MazeShape *shape = maze_shape_builtin (seeds[s].shape, seeds[s].width,
                                                 seeds[s].height, NULL);

          maze = maze_new_shaped (seeds[s].width, seeds[s].height, shape,
                                  MAZE_PIECES_KEEP_LARGEST, NULL);
          maze_shape_free (shape);
        }
      else
        maze = maze_new (seeds[s].width, seeds[s].height, NULL);

      if (seeds[s].carved)
        carve (maze, 42 + s);
      if (seeds[s].openings)
        {
          maze_set_wall_open (maze, maze_first_inside (maze), MAZE_N, true, NULL);
          maze_set_wall_open (maze, maze_last_inside (maze), MAZE_S, true, NULL);
        }
      if (seeds[s].search)
        mark_search (maze, 7 + s);
      if (seeds[s].meta)
        {
          maze_meta_set (maze, "title", "Seed \u00e9\u00e8 \U0001F9E9", NULL);
          maze_meta_set (maze, "generator", "growing-tree:newest", NULL);
          maze_meta_set (maze, "seed", "42", NULL);
          maze_meta_set (maze, "created", "2024-05-01T10:00:00Z", NULL);
          maze_meta_set (maze, "x_unknown-key", "a=b", NULL);
          maze_meta_set (maze, "empty", "", NULL);
        }
      ret |= write_maze (dir, seeds[s].name, maze);
      maze_free (maze);
    }
  return ret;
}
