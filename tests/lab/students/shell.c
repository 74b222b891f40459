/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tries to run a shell that writes a file. */
#include "bitmaze-lab.h"

void
solve_dfs (void)
{
  int status = system ("echo escaped > \"$LAB_TARGET\"");

  (void) status;
  refresh_maze_view ();
}
