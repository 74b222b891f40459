/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * kruskal.c: randomised Kruskal.
 *
 * Every interior wall once, in random order (a Fisher-Yates shuffle done
 * one draw a wall, so stepping costs nothing up front); a wall comes down
 * when the cells on its two sides are in different regions.  Regions are
 * a union-find forest with union by rank and path halving: a root's
 * entry is ROOT | its rank, any other entry is its parent's index (cells
 * are fewer than 2^31).  Which walls come down depends only on the order,
 * not on how the forest is linked.
 */
#include "generator-private.h"

#include <inttypes.h>

#define ROOT UINT32_C (0x80000000)

static MazeStatus
kruskal_init (MazeGenerator *gen,
              MazeError     *error)
{
  uint32_t w = gen->width, h = gen->height;
  uint64_t m = (uint64_t) (w - 1) * h + (uint64_t) w * (h - 1);
  uint32_t k = 0;

  gen->u.kruskal.edges = gen_alloc (gen, (size_t) m * sizeof (uint32_t) + 1, false);
  gen->u.kruskal.parent = gen_alloc (gen, (size_t) gen->n * sizeof (uint32_t), false);
  if (gen->u.kruskal.edges == NULL || gen->u.kruskal.parent == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  /* The walls with a cell on both sides: east and south sides without a
   * border bit (a shape has fewer than the grid's m). */
  for (uint32_t i = 0; i < gen->n; i++)
    {
      uint16_t inner = gen_inner_sides (gen->cells[i]);

      gen->u.kruskal.parent[i] = ROOT;
      if (inner & MAZE_E)
        gen->u.kruskal.edges[k++] = i << 1;
      if (inner & MAZE_S)
        gen->u.kruskal.edges[k++] = (i << 1) | 1;
    }
  gen->u.kruskal.n_edges = k;
  gen->u.kruskal.next = 0;
  return MAZE_OK;
}

static uint32_t
find (uint32_t *parent,
      uint32_t  i)
{
  for (;;)
    {
      uint32_t p = parent[i], g;

      if (p & ROOT)
        return i;
      g = parent[p];
      if (g & ROOT)
        return p;
      parent[i] = g;
      i = g;
    }
}

static GenResult
kruskal_step (MazeGenerator *gen,
              MazeStep      *report)
{
  uint32_t *edges = gen->u.kruskal.edges;
  uint32_t *parent = gen->u.kruskal.parent;
  uint32_t m = gen->u.kruskal.n_edges;

  while (gen->u.kruskal.next < m)
    {
      uint32_t k = gen->u.kruskal.next++;
      uint32_t j = k + maze_rng_below (&gen->rng, m - k);
      uint32_t e = edges[j], a, b, ra, rb;
      uint16_t dir;

      edges[j] = edges[k];
      edges[k] = e;
      a = e >> 1;
      dir = (e & 1) ? MAZE_S : MAZE_E;
      b = a + gen->delta[dir];
      ra = find (parent, a);
      rb = find (parent, b);
      if (ra == rb)
        continue;
      if (parent[ra] < parent[rb])
        parent[ra] = rb;
      else if (parent[ra] > parent[rb])
        parent[rb] = ra;
      else
        {
          parent[rb] = ra;
          parent[ra]++;
        }
      gen_carve (gen, report, a, dir);
      gen->cur = b;
      return GEN_CARVED;
    }
  return GEN_FINISHED;
}

/* Kruskal has no frontier: its regions grow everywhere at once. */
static size_t
kruskal_frontier (const MazeGenerator *gen,
                  uint32_t            *out,
                  size_t               max)
{
  return 0;
}

static unsigned
kruskal_arrays (MazeGenerator *gen,
                GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &gen->u.kruskal.edges,
                           (size_t) gen->u.kruskal.n_edges * sizeof (uint32_t) + 1 };
  arrays[1] = (GenArray) { (void **) &gen->u.kruskal.parent, (size_t) gen->n * sizeof (uint32_t) };
  return 2;
}

static const MazeGeneratorClass kruskal_class = {
  .init = kruskal_init,
  .step = kruskal_step,
  .frontier = kruskal_frontier,
  .arrays = kruskal_arrays,
};

const MazeAlgorithm maze_generator_kruskal = {
  .name = "kruskal",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Kruskal"),
  .description = MAZE_N_("Randomised Kruskal: knocks down walls in random order when they join two regions (union-find)"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &kruskal_class,
};
