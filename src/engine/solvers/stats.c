/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stats.c: what a maze looks like in numbers, without changing it.
 *
 * The shape counts come from each cell's open sides (passages that lead to
 * a neighbour; an opening in the outer wall does not count).  Distances
 * come from the engine's breadth-first searches (maze_search_distances ()
 * in distances.c).
 *
 * The longest shortest path is found by two passes: from the start to the
 * cell u farthest from it, then from u to the cell v farthest from u.  In
 * a perfect maze (a tree) d(u, v) is the longest path there is; in a maze
 * with loops, or with parts the start cannot reach, it is a lower bound.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

MazeStatus
maze_stats (const Maze *maze,
            MazeStats  *stats,
            MazeError  *error)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze);
  MazeSearchResult pass, back;
  /* What a cell is, by its open sides: 0 isolated, 1 a dead end, 2 a
   * corridor, 3 a turn, 4 a junction. */
  static const uint8_t kind[16] = { 0, 1, 1, 3, 1, 2, 3, 4, 1, 3, 2, 4, 3, 4, 4, 4 };
  uint64_t count[5] = { 0 }, outside = 0;

  memset (stats, 0, sizeof *stats);
  stats->cells = maze_n_inside (maze);
  for (uint32_t i = 0; i < n; i++)
    {
      uint16_t open = solver_open_dirs (cells[i]);

      /* each interior passage once: from its west or north cell */
      stats->passages += ((open >> 1) & 1u) + ((open >> 2) & 1u);
      count[kind[open]]++;
      outside += maze_cell_outside (cells[i]);
    }
  /* A cell outside the shape (no open side: counted as isolated) is no
   * cell of the maze; a 1x1 maze's one cell has all four border bits. */
  stats->isolated = count[0] - (n > 1 ? outside : 0);
  stats->dead_ends = count[1];
  stats->corridors = count[2];
  stats->turns = count[3];
  stats->junctions = count[4];

  if (!maze_search_distances (maze, maze_start (maze), maze_goal (maze), &pass))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the search for the distances")),
                           MAZE_NUM (pass.nomem_bytes));
  if (!maze_search_distances (maze, pass.last, pass.last, &back))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the search for the distances")),
                           MAZE_NUM (back.nomem_bytes));
  stats->solution_length = pass.goal_dist;
  stats->longest_path = back.max_dist;
  stats->longest_from = pass.last;
  stats->longest_to = back.last;
  return MAZE_OK;
}
