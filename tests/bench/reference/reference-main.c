/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-reference: the reference generator as a whole process, the
 * yardstick of `bitmaze-cli generate` (see reference.h).
 *
 *   bitmaze-reference WIDTH HEIGHT SEED [FILE]
 *
 * Carves a WIDTHxHEIGHT maze and prints the sum of its cells (so no
 * compiler can drop the work); with FILE, also writes the raw cells there.
 */
#include "reference.h"

#include <stdio.h>
#include <stdlib.h>

int
main (int   argc,
      char *argv[])
{
  unsigned long w, h;
  unsigned long long seed;
  uint16_t *cells;
  uint64_t sum = 0;
  size_t n;

  if (argc < 4 || argc > 5)
    {
      fprintf (stderr, "usage: %s WIDTH HEIGHT SEED [FILE]\n", argv[0]);
      return 2;
    }
  w = strtoul (argv[1], NULL, 10);
  h = strtoul (argv[2], NULL, 10);
  seed = strtoull (argv[3], NULL, 10);
  if (w < 1 || h < 1 || w > 65535 || h > 65535 || w * h > (1ul << 30))
    {
      fprintf (stderr, "%s: size out of range\n", argv[0]);
      return 2;
    }
  n = (size_t) w * h;
  cells = calloc (n, sizeof *cells);
  if (cells == NULL || ref_generate_dfs (cells, (uint32_t) w, (uint32_t) h, seed) == 0)
    {
      fprintf (stderr, "%s: out of memory\n", argv[0]);
      return 1;
    }
  for (size_t i = 0; i < n; i++)
    sum += cells[i];
  if (argc == 5)
    {
      FILE *f = fopen (argv[4], "wb");

      if (f == NULL || fwrite (cells, sizeof *cells, n, f) != n || fclose (f) != 0)
        {
          perror (argv[4]);
          return 1;
        }
    }
  printf ("%016llx\n", (unsigned long long) sum);
  free (cells);
  return 0;
}
