/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A compile error: the semicolon missing on line 8, reported on line 9. */
#include "bitmaze-lab.h"

void
solve_bfs (void)
{
  int current = start_cell
  refresh_maze_view ();
}
