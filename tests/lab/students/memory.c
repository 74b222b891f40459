/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 16 GiB of memory, used. */
#include "bitmaze-lab.h"

void
solve_bfs (void)
{
  size_t size = (size_t) 16 << 30;
  char *volatile big = malloc (size);

  memset (big, 1, size);
  maze_array[start_cell] |= (uint16_t) (big[size / 2] & 0);
  refresh_maze_view ();
}
