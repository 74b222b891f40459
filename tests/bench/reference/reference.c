/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * reference.c: the plain C yardstick (see reference.h).
 */
#include "reference.h"

#include <stdlib.h>

enum { N = 1, E = 2, S = 4, W = 8 };

/* ---- xoshiro256++ 1.0 (Blackman and Vigna), seeded by splitmix64 ---- */

typedef struct
{
  uint64_t s[4];
} Rng;

static inline uint64_t
rotl (uint64_t x,
      int      k)
{
  return (x << k) | (x >> (64 - k));
}

static void
rng_seed (Rng      *rng,
          uint64_t  seed)
{
  for (int i = 0; i < 4; i++)
    {
      uint64_t z = (seed += UINT64_C (0x9E3779B97F4A7C15));

      z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
      z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
      rng->s[i] = z ^ (z >> 31);
    }
}

static inline uint64_t
rng_next (Rng *rng)
{
  uint64_t *s = rng->s;
  uint64_t result = rotl (s[0] + s[3], 23) + s[0];
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

/* Uniform in [0, bound), Lemire's multiply-shift. */
static inline uint32_t
rng_below (Rng      *rng,
           uint32_t  bound)
{
  return (uint32_t) (((rng_next (rng) >> 32) * bound) >> 32);
}

/* ---- the generator ---- */

size_t
ref_generate_dfs (uint16_t *cells,
                  uint32_t  width,
                  uint32_t  height,
                  uint64_t  seed)
{
  static const uint16_t opposite[16] = { [N] = S, [E] = W, [S] = N, [W] = E };
  size_t n = (size_t) width * height;
  uint32_t *stack = malloc (n * sizeof *stack);
  size_t sp = 0;
  Rng rng;

  if (stack == NULL)
    return 0;
  rng_seed (&rng, seed);
  stack[sp++] = rng_below (&rng, (uint32_t) n);
  while (sp > 0)
    {
      uint32_t c = stack[sp - 1];
      uint32_t x = c % width, y = c / width;
      uint32_t next[4];
      uint16_t dirs[4];
      unsigned k = 0, pick;

      /* a cell is in the maze once it has a passage */
      if (y > 0 && cells[c - width] == 0)
        next[k] = c - width, dirs[k++] = N;
      if (x + 1 < width && cells[c + 1] == 0)
        next[k] = c + 1, dirs[k++] = E;
      if (y + 1 < height && cells[c + width] == 0)
        next[k] = c + width, dirs[k++] = S;
      if (x > 0 && cells[c - 1] == 0)
        next[k] = c - 1, dirs[k++] = W;
      if (k == 0)
        {
          sp--;
          continue;
        }
      pick = k == 1 ? 0 : rng_below (&rng, k);
      cells[c] |= dirs[pick];
      cells[next[pick]] |= opposite[dirs[pick]];
      stack[sp++] = next[pick];
    }
  free (stack);
  return n * sizeof *stack;
}

/* ---- the solvers ---- */

/* The sides of a cell word that lead to a neighbour: passages, minus
 * openings through the outer wall. */
static inline uint16_t
open_sides (uint16_t cell)
{
  return (uint16_t) (cell & ~(cell >> 4) & 0xF);
}

/* Follow the backtrack nibbles from the goal home, setting the solution
 * bit of each parent towards its child; returns the number of moves. */
static uint64_t
ref_path (uint16_t *cells,
          uint32_t  width,
          uint32_t  start,
          uint32_t  goal)
{
  uint64_t moves = 0;
  uint32_t c = goal;

  while (c != start)
    {
      uint16_t back = (uint16_t) (cells[c] >> 12);
      uint32_t p;
      uint16_t toward;

      switch (back)
        {
        case N: p = c - width; toward = S; break;
        case E: p = c + 1; toward = W; break;
        case S: p = c + width; toward = N; break;
        default: p = c - 1; toward = E; break;
        }
      cells[p] |= (uint16_t) (toward << 8);
      c = p;
      moves++;
    }
  return moves;
}

RefSolve
ref_solve_bfs (uint16_t *cells,
               uint32_t  width,
               uint32_t  height,
               uint32_t  start,
               uint32_t  goal)
{
  size_t n = (size_t) width * height;
  uint32_t *queue = malloc (n * sizeof *queue);
  size_t head = 0, tail = 0;
  RefSolve r = { false, 1, 0, n * sizeof *queue };

  if (queue == NULL)
    return (RefSolve) { 0 };
  if (start == goal)
    r.found = true;
  queue[tail++] = start;
  while (head < tail && !r.found)
    {
      uint32_t c = queue[head++];
      uint16_t open = open_sides (cells[c]);

#define REF_BFS_SIDE(dir, back, to)                                       \
      if ((open & (dir)) && !(cells[to] & 0xF000) && (to) != start)       \
        {                                                                 \
          cells[to] |= (uint16_t) ((back) << 12);                         \
          r.visited++;                                                    \
          if ((to) == goal)                                               \
            {                                                             \
              r.found = true;                                             \
              break;                                                      \
            }                                                             \
          queue[tail++] = (to);                                           \
        }
      do
        {
          REF_BFS_SIDE (N, S, c - width)
          REF_BFS_SIDE (E, W, c + 1)
          REF_BFS_SIDE (S, N, c + width)
          REF_BFS_SIDE (W, E, c - 1)
        }
      while (0);
#undef REF_BFS_SIDE
    }
  free (queue);
  if (r.found)
    r.path_length = ref_path (cells, width, start, goal);
  return r;
}

RefSolve
ref_solve_bfs_branchless (uint16_t *cells,
                          uint32_t  width,
                          uint32_t  height,
                          uint32_t  start,
                          uint32_t  goal)
{
  size_t n = (size_t) width * height;
  uint32_t *queue = malloc (n * sizeof *queue);
  size_t head = 0, tail = 0;
  RefSolve r = { false, 0, 0, n * sizeof *queue };

  if (queue == NULL)
    return (RefSolve) { 0 };
  /* The start is marked visited by a backtrack bit of its own for the
   * search (taken off again below), so the test is one load and mask. */
  cells[start] |= 0xF000;
  queue[tail++] = start;
  while (head < tail && !(cells[goal] & 0xF000))
    {
      uint32_t c = queue[head++];
      uint16_t open = open_sides (cells[c]);

      /* A side that is not open names the cell itself, which is visited:
       * the test fails and the write changes nothing. */
#define REF_BFS_SIDE(dir, back, delta)                                    \
      {                                                                   \
        uint32_t to = (open & (dir)) ? c + (delta) : c;                   \
        uint16_t fresh = (uint16_t) ((cells[to] & 0xF000) == 0);          \
                                                                          \
        cells[to] |= (uint16_t) ((fresh * (back)) << 12);                 \
        queue[tail] = to;                                                 \
        tail += fresh;                                                    \
      }
      REF_BFS_SIDE (N, S, (uint32_t) 0 - width)
      REF_BFS_SIDE (E, W, 1)
      REF_BFS_SIDE (S, N, width)
      REF_BFS_SIDE (W, E, (uint32_t) 0 - 1)
#undef REF_BFS_SIDE
    }
  r.found = start == goal || (cells[goal] & 0xF000) != 0;
  cells[start] &= 0x0FFF;
  /* every cell reached was queued once (the goal too) */
  r.visited = tail;
  free (queue);
  if (r.found)
    r.path_length = ref_path (cells, width, start, goal);
  return r;
}

RefSolve
ref_solve_dfs (uint16_t *cells,
               uint32_t  width,
               uint32_t  height,
               uint32_t  start,
               uint32_t  goal)
{
  size_t n = (size_t) width * height;
  uint32_t *stack = malloc (n * sizeof *stack);
  size_t sp = 0;
  RefSolve r = { false, 1, 0, n * sizeof *stack };

  if (stack == NULL)
    return (RefSolve) { 0 };
  stack[sp++] = start;
  while (sp > 0)
    {
      uint32_t c = stack[sp - 1];
      uint16_t open;
      uint32_t to = 0;
      uint16_t dir = 0, back = 0;

      if (c == goal)
        {
          r.found = true;
          r.path_length = sp - 1;
          break;
        }
      open = open_sides (cells[c]);
      if ((open & N) && !(cells[c - width] & 0xF000) && c - width != start)
        to = c - width, dir = N, back = S;
      else if ((open & E) && !(cells[c + 1] & 0xF000) && c + 1 != start)
        to = c + 1, dir = E, back = W;
      else if ((open & S) && !(cells[c + width] & 0xF000) && c + width != start)
        to = c + width, dir = S, back = N;
      else if ((open & W) && !(cells[c - 1] & 0xF000) && c - 1 != start)
        to = c - 1, dir = W, back = E;
      if (dir != 0)
        {
          cells[c] |= (uint16_t) (dir << 8);
          cells[to] |= (uint16_t) (back << 12);
          stack[sp++] = to;
          r.visited++;
          continue;
        }
      /* a dead end: back to the cell below, which no longer leads here */
      sp--;
      if (sp > 0)
        cells[stack[sp - 1]] &= 0xF0FF;
    }
  free (stack);
  return r;
}
