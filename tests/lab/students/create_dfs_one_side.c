/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A classic mistake: connect_cells knocks down one side of the wall only. */
#include "bitmaze-lab.h"

int
cell_neighbors (int cell, int neighbors[4], int compass[4])
{
  int n = 0;

  for (int i = 0; i < 4; i++)
    {
      int x = cell_x (cell) + COMPASS[i][0];
      int y = cell_y (cell) + COMPASS[i][1];

      if (cell_in_bounds (x, y) && !(maze_array[cell_index (x, y)] & WALL_BITS))
        {
          neighbors[n] = cell_index (x, y);
          compass[n] = i;
          n++;
        }
    }
  return n;
}

void
connect_cells (int from_cell, int to_cell, int compass_index)
{
  maze_array[from_cell] |= WALLS[compass_index];
}

void
create_dfs (void)
{
  int *stack = malloc (sizeof (int) * total_cells);
  int top = 0;
  int current = random_int (total_cells);
  int visited = 1;

  while (visited < total_cells)
    {
      int neighbors[4], compass[4];
      int n = cell_neighbors (current, neighbors, compass);

      if (n > 0)
        {
          int k = random_int (n);

          connect_cells (current, neighbors[k], compass[k]);
          stack[top++] = current;
          current = neighbors[k];
          visited++;
        }
      else
        current = stack[--top];
      refresh_maze_view ();
    }
  free (stack);
}
