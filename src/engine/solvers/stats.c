/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stats.c: what a maze looks like in numbers, without changing it.
 *
 * The shape counts come from each cell's open sides (passages that lead to
 * a neighbour; an opening in the outer wall does not count).  Distances
 * come from breadth-first searches that need one bit a cell ("reached")
 * and a queue of the cells still to expand, which holds little more than
 * one layer of the search: a maze this engine reads can have 2^30 cells,
 * and a search beside it should cost a small part of the maze's own two
 * bytes a cell.
 *
 * The longest shortest path is found by two passes: from the start to the
 * cell u farthest from it, then from u to the cell v farthest from u.  In
 * a perfect maze (a tree) d(u, v) is the longest path there is; in a maze
 * with loops, or with parts the start cannot reach, it is a lower bound.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

/* All sides but the way back, for a cell reached through side index k. */
static const uint8_t back_side[4] = { 0xF & ~MAZE_S, 0xF & ~MAZE_W, 0xF & ~MAZE_N, 0xF & ~MAZE_E };

bool
maze_search_distances (const Maze       *maze,
                       uint32_t          from,
                       uint32_t          goal,
                       MazeSearchResult *result)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze), width = maze_width (maze);
  const uint32_t delta[4] = { (uint32_t) 0 - width, 1, width, (uint32_t) 0 - 1 };
  /* 32-bit words: stores to them cannot alias the 64-bit counters below,
   * which then stay in registers */
  uint32_t *seen = calloc (((size_t) n + 31) / 32, sizeof *seen);
  MazeQueue queue = { NULL, 0, 0, 0 };
  uint64_t dist = 0, layer_left = 1, next_layer = 0, reached = 0;
  int64_t goal_dist = from == goal ? 0 : -1;
  uint32_t last = from;
  size_t head, tail;
  bool ok = seen != NULL && maze_queue_make_room (&queue, 1);

  /* An entry is a cell and the side it was reached through, (cell << 2)
   * | side (cells are fewer than 2^30): the way back is never looked at.
   * The first cell was reached through no side. */
  if (ok)
    {
      seen[from >> 5] |= UINT32_C (1) << (from & 31);
      queue.data[0] = from << 2;
    }
  head = 0;
  tail = ok ? 1 : 0;
  while (head < tail)
    {
      uint32_t entry = queue.data[head++];
      uint32_t c = entry >> 2;
      unsigned open = solver_open_dirs (cells[c]);

      if (reached > 0)
        open &= back_side[entry & 3];

      reached++;
      last = c;
      if (queue.cap - tail < 4)
        {
          queue.head = head;
          queue.len = tail - head;
          if (!maze_queue_make_room (&queue, 4))
            {
              ok = false;
              break;
            }
          head = queue.head;
          tail = head + queue.len;
        }
      while (open != 0)
        {
          unsigned k = maze_lowest_bit (open);
          uint32_t nb = c + delta[k];
          uint32_t bit = UINT32_C (1) << (nb & 31);

          open &= open - 1;
          if (seen[nb >> 5] & bit)
            continue;
          seen[nb >> 5] |= bit;
          queue.data[tail++] = (nb << 2) | k;
          next_layer++;
          if (nb == goal)
            goal_dist = (int64_t) dist + 1;
        }
      /* The whole next layer is queued once this one is done. */
      if (--layer_left == 0)
        {
          dist++;
          layer_left = next_layer;
          next_layer = 0;
        }
    }
  /* the last cell reached is in the last layer: dist went one past it */
  result->reached = reached;
  result->max_dist = reached > 0 ? dist - 1 : 0;
  result->last = last;
  result->goal_dist = goal_dist;
  result->nomem_bytes = seen == NULL ? ((size_t) n + 31) / 32 * sizeof *seen : queue.failed;
  free (queue.data);
  free (seen);
  return ok;
}

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
