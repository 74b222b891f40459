/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A correct solve_bfs, written from the tutorial. */
#include "bitmaze-lab.h"

int
cell_neighbors (int cell, int neighbors[4], int compass[4])
{
  int n = 0;

  for (int i = 0; i < 4; i++)
    {
      int x = cell_x (cell) + COMPASS[i][0];
      int y = cell_y (cell) + COMPASS[i][1];

      if (cell_in_bounds (x, y) && (maze_array[cell] & WALLS[i]))
        {
          int new_cell = cell_index (x, y);

          if (new_cell != start_cell && !(maze_array[new_cell] & BACKTRACK_BITS))
            {
              neighbors[n] = new_cell;
              compass[n] = i;
              n++;
            }
        }
    }
  return n;
}

void
bfs_visit_cell (int cell, int from_compass_index)
{
  maze_array[cell] |= OPPOSITE_WALLS[from_compass_index] << 12;
}

void
reconstruct_solution (int cell)
{
  while (cell != start_cell)
    {
      int prev_cell_bits = (maze_array[cell] & BACKTRACK_BITS) >> 12;
      int i = 0;

      while (i < 4 && WALLS[i] != prev_cell_bits)
        i++;
      if (i == 4)
        return;
      int prev_cell = cell_index (cell_x (cell) + COMPASS[i][0],
                                  cell_y (cell) + COMPASS[i][1]);
      maze_array[prev_cell] |= OPPOSITE_WALLS[i] << 8;
      refresh_maze_view ();
      cell = prev_cell;
    }
}

void
solve_bfs (void)
{
  int *queue = malloc (sizeof (int) * total_cells);
  int head = 0, tail = 0;

  queue[tail++] = start_cell;
  while (head < tail)
    {
      int current = queue[head++];
      int neighbors[4], compass[4];
      int n = cell_neighbors (current, neighbors, compass);

      for (int k = 0; k < n; k++)
        {
          bfs_visit_cell (neighbors[k], compass[k]);
          refresh_maze_view ();
          if (neighbors[k] == goal_cell)
            {
              reconstruct_solution (goal_cell);
              free (queue);
              return;
            }
          queue[tail++] = neighbors[k];
        }
    }
  free (queue);
}
