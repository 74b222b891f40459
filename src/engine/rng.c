/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rng.c: the engine's only source of randomness.
 *
 * xoshiro256** 1.0 (David Blackman and Sebastiano Vigna, public domain
 * reference at https://prng.di.unimi.it/), its state filled by splitmix64
 * from the 64-bit seed.  Written from the published algorithm so that a seed
 * gives the same maze on every machine and every release.
 */
#include "maze.h"

#include <time.h>

static uint64_t
splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += UINT64_C (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
maze_rng_seed (MazeRng  *rng,
               uint64_t  seed)
{
  uint64_t x = seed;

  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

double
maze_rng_double (MazeRng *rng)
{
  return (double) (maze_rng_next (rng) >> 11) * 0x1.0p-53;
}

uint64_t
maze_random_seed (void)
{
  struct timespec ts;
  uint64_t x;
  int local;

  clock_gettime (CLOCK_REALTIME, &ts);
  x = (uint64_t) ts.tv_sec * UINT64_C (1000000007) ^ (uint64_t) ts.tv_nsec;
  x ^= (uint64_t) (uintptr_t) &local;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  x ^= (uint64_t) ts.tv_nsec << 20;
  /* Keep seeds short enough to type: 0 .. 2^53 - 1, exact in a double too. */
  return splitmix64 (&x) & ((UINT64_C (1) << 53) - 1);
}
