/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * distances.c: breadth-first distances over a maze, for the engine's
 * core (maze_is_perfect (), placing the endpoints far apart) and for the
 * solvers' statistics (solvers/stats.c), without changing the maze.
 *
 * The search needs one bit a cell ("reached") and a queue of the cells
 * still to expand, which holds little more than one layer of the
 * search: a maze this engine reads can have 2^30 cells, and a search
 * beside it should cost a small part of the maze's own two bytes a cell.
 */
#include "maze-private.h"

#include <stdlib.h>
#include <string.h>

/* The sides of @cell with a passage to a neighbour (not an opening in
 * the outer wall). */
static inline unsigned
open_dirs (uint16_t cell)
{
  return (uint16_t) (cell & ~(cell >> MAZE_BORDER_SHIFT) & MAZE_PASSAGE_MASK);
}

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
      unsigned open = open_dirs (cells[c]);

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
