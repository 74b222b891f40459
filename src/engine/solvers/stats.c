/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stats.c: what a maze looks like in numbers, without changing it.
 *
 * The shape counts come from each cell's open sides (passages that lead to
 * a neighbour; an opening in the outer wall does not count).  Distances
 * come from breadth-first searches that use one uint32_t a cell and
 * nothing else: the array is the queue, threaded as a linked list through
 * the cells (next[c] is the cell queued after c), and a cell whose entry
 * is still UNSEEN has not been reached.  Each cell is queued at most once,
 * so a list through the cells needs no other room.
 *
 * The longest shortest path is found by two passes: from the start to the
 * cell u farthest from it, then from u to the cell v farthest from u.  In
 * a perfect maze (a tree) d(u, v) is the longest path there is; in a maze
 * with loops, or with parts the start cannot reach, it is a lower bound.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

#define UNSEEN UINT32_MAX
#define END    (UINT32_MAX - 1)

/* BFS from @src over the open sides.  Returns the largest distance and
 * the cell at it in @far; *goal_dist gets the distance to @goal or -1. */
static uint64_t
stats_bfs (const uint16_t *cells,
           uint32_t        width,
           uint32_t        n_cells,
           uint32_t       *next,
           uint32_t        src,
           uint32_t        goal,
           int64_t        *goal_dist,
           uint32_t       *far)
{
  uint32_t c = src, tail = src, layer_end = src;
  uint64_t d = 0, max_d = 0;

  memset (next, 0xFF, (size_t) n_cells * sizeof *next); /* UNSEEN */
  next[src] = END;
  *goal_dist = src == goal ? 0 : -1;
  *far = src;
  while (c != END)
    {
      uint16_t open = solver_open_dirs (cells[c]);
      uint32_t after;

      *far = c;
      max_d = d;
      for (unsigned k = 0; k < 4; k++)
        {
          uint16_t dir = MAZE_DIRECTIONS[k];
          uint32_t nb;

          if (!(open & dir))
            continue;
          nb = maze_index_toward (width, c, dir);
          if (next[nb] != UNSEEN)
            continue;
          next[tail] = nb;
          next[nb] = END;
          tail = nb;
          if (nb == goal)
            *goal_dist = (int64_t) d + 1;
        }
      after = next[c];
      /* The whole next layer is queued once the last cell of this one is
       * done. */
      if (c == layer_end)
        {
          d++;
          layer_end = tail;
        }
      c = after;
    }
  return max_d;
}

MazeStatus
maze_stats (const Maze *maze,
            MazeStats  *stats,
            MazeError  *error)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze), width = maze_width (maze);
  uint32_t *next, u, v;
  int64_t goal_dist, ignored;

  memset (stats, 0, sizeof *stats);
  stats->cells = maze_n_inside (maze);
  for (uint32_t i = 0; i < n; i++)
    {
      uint16_t open = solver_open_dirs (cells[i]);
      unsigned degree = (open & 1u) + ((open >> 1) & 1u) + ((open >> 2) & 1u) + ((open >> 3) & 1u);

      /* A cell outside the shape is no cell of the maze. */
      if (n > 1 && maze_cell_outside (cells[i]))
        continue;
      /* each interior passage once: from its west or north cell */
      stats->passages += ((open & MAZE_E) != 0) + ((open & MAZE_S) != 0);
      switch (degree)
        {
        case 0:
          stats->isolated++;
          break;
        case 1:
          stats->dead_ends++;
          break;
        case 2:
          if (open == (MAZE_N | MAZE_S) || open == (MAZE_E | MAZE_W))
            stats->corridors++;
          else
            stats->turns++;
          break;
        default:
          stats->junctions++;
          break;
        }
    }

  next = malloc ((size_t) n * sizeof *next);
  if (next == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  stats_bfs (cells, width, n, next, maze_start (maze), maze_goal (maze), &goal_dist, &u);
  stats->solution_length = goal_dist;
  stats->longest_path = stats_bfs (cells, width, n, next, u, u, &ignored, &v);
  stats->longest_from = u;
  stats->longest_to = v;
  free (next);
  return MAZE_OK;
}
