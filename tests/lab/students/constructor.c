/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A constructor, which would run while the library loads, reads a file
 * and prints it; the task then crashes, so that what was printed shows. */
#include <stdio.h>

#include "bitmaze-lab.h"

__attribute__ ((constructor)) static void
steal (void)
{
  FILE *f = fopen ("/etc/passwd", "r");
  char line[200];

  if (f != NULL && fgets (line, sizeof line, f) != NULL)
    printf ("STOLEN %s", line);
}

void
solve_bfs (void)
{
  printf ("the task runs\n");
  fflush (stdout);
  abort ();
}
