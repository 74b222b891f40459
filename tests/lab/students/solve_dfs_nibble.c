/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A classic mistake: the solution written into the wrong nibble. */
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

          if (!(maze_array[new_cell] & (BACKTRACK_BITS | SOLUTION_BITS)))
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
visit_cell (int from_cell, int to_cell, int compass_index)
{
  maze_array[from_cell] &= ~SOLUTION_BITS;
  maze_array[from_cell] |= WALLS[compass_index] << 12;
  maze_array[to_cell] |= OPPOSITE_WALLS[compass_index] << 12;
}

void
backtrack (int cell)
{
  maze_array[cell] &= ~SOLUTION_BITS;
}

void
solve_dfs (void)
{
  int *stack = malloc (sizeof (int) * total_cells);
  int top = 0;
  int current = start_cell;

  while (current != goal_cell)
    {
      int neighbors[4], compass[4];
      int n = cell_neighbors (current, neighbors, compass);

      if (n > 0)
        {
          int k = random_int (n);

          visit_cell (current, neighbors[k], compass[k]);
          stack[top++] = current;
          current = neighbors[k];
        }
      else
        {
          backtrack (current);
          current = stack[--top];
        }
      refresh_maze_view ();
    }
  free (stack);
}
