/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An endless loop that never calls refresh_maze_view (). */
#include "bitmaze-lab.h"

void
solve_dfs (void)
{
  volatile int current = start_cell;

  while (current != goal_cell)
    current = start_cell;
}
