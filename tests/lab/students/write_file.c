/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tries to write a file: LAB_TARGET names it. */
#include "bitmaze-lab.h"

void
solve_dfs (void)
{
  const char *path = getenv ("LAB_TARGET");
  FILE *f = fopen (path != NULL ? path : "/tmp/bitmaze-lab-escaped", "w");

  if (f != NULL)
    {
      fputs ("escaped\n", f);
      fclose (f);
    }
  refresh_maze_view ();
}
