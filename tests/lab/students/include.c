/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Includes a file that is no header, to see it in the compiler's messages. */
#include "/etc/passwd"
#include "bitmaze-lab.h"

void
solve_bfs (void)
{
  refresh_maze_view ();
}
