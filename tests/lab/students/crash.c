/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A crash after two steps: a neighbour used without cell_in_bounds (). */
#include "bitmaze-lab.h"

void
solve_dfs (void)
{
  maze_array[start_cell] |= 0x0100;
  refresh_maze_view ();
  maze_array[start_cell] |= 0x0200;
  refresh_maze_view ();
  maze_array[start_cell + 1] |= 0x8000;
  ((volatile uint16_t *) maze_array)[-100000000] = 1;
}
