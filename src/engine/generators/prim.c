/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * prim.c: randomised Prim.
 *
 * The frontier is the set of cells beside the tree.  Each step takes a
 * random frontier cell, joins it to a random tree neighbour and adds its
 * new neighbours to the frontier.  One bit a cell remembers which cells
 * were ever put in the frontier.
 */
#include "generator-private.h"

static inline bool
seen (const MazeGenerator *gen,
      uint32_t             i)
{
  return (gen->u.prim.seen[i >> 3] >> (i & 7)) & 1;
}

static inline void
mark_seen (MazeGenerator *gen,
           uint32_t       i)
{
  gen->u.prim.seen[i >> 3] |= (uint8_t) (1u << (i & 7));
}

/* Put the neighbours of @i never seen into the frontier. */
static bool
add_neighbours (MazeGenerator *gen,
                uint32_t       i)
{
  uint16_t inner = gen_inner_sides (gen->cells[i]);

  if (!gen_ring_reserve (gen, 4))
    return false;
  for (unsigned k = 0; k < gen_nibble_count[inner]; k++)
    {
      uint32_t nb = i + gen->delta[gen_nibble_dirs[inner][k]];

      if (!seen (gen, nb))
        {
          mark_seen (gen, nb);
          gen->ring[gen->ring_len++] = nb;
        }
    }
  return true;
}

static MazeStatus
prim_init (MazeGenerator *gen,
           MazeError     *error)
{
  gen->u.prim.seen = gen_alloc (gen, (size_t) gen->n / 8 + 1, true);
  if (gen->u.prim.seen == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  gen->first = gen_random_cell (gen);
  mark_seen (gen, gen->first);
  if (!add_neighbours (gen, gen->first))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  return MAZE_OK;
}

static GenResult
prim_step (MazeGenerator *gen,
           MazeStep      *report)
{
  uint32_t k, cell;
  uint16_t inner, in_tree = 0, dir;

  if (gen->ring_len == 0)
    return GEN_FINISHED;
  /* Reserve before changing anything, so running out leaves no half step. */
  if (!gen_ring_reserve (gen, 4))
    return GEN_NOMEM;
  k = maze_rng_below (&gen->rng, (uint32_t) gen->ring_len);
  cell = gen->ring[k];
  gen->ring[k] = gen->ring[--gen->ring_len];

  inner = gen_inner_sides (gen->cells[cell]);
  for (unsigned j = 0; j < gen_nibble_count[inner]; j++)
    {
      uint16_t d = gen_nibble_dirs[inner][j];
      uint32_t nb = cell + gen->delta[d];

      if ((gen->cells[nb] & MAZE_PASSAGE_MASK) != 0 || nb == gen->first)
        in_tree |= d;
    }
  /* A frontier cell always has a tree neighbour: it was added by one. */
  dir = gen_pick_side (gen, in_tree);
  gen_carve (gen, report, cell + gen->delta[dir], maze_opposite (dir));
  gen->cur = cell;
  add_neighbours (gen, cell);
  return GEN_CARVED;
}

static size_t
prim_frontier (const MazeGenerator *gen,
               uint32_t            *out,
               size_t               max)
{
  return gen_ring_frontier (gen, out, max, false);
}

static unsigned
prim_arrays (MazeGenerator *gen,
             GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &gen->u.prim.seen, gen->n / 8 + 1 };
  return 1;
}

static const MazeGeneratorClass prim_class = {
  .init = prim_init,
  .step = prim_step,
  .frontier = prim_frontier,
  .arrays = prim_arrays,
};

const MazeAlgorithm maze_generator_prim = {
  .name = "prim",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Prim"),
  .description = MAZE_N_("Randomised Prim: adds a random frontier cell to the tree, one at a time"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &prim_class,
};
