/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * corridor.c: "corridor:N", corridors of up to N cells.
 *
 * Carve a corridor from the current cell to random uncarved neighbours
 * for up to N cells.  When it is that long, or stuck, continue from a
 * random carved cell that still has an uncarved neighbour (a junction).
 * The carved cells wait in a bag; a cell drawn from it without uncarved
 * neighbours is dropped, so each junction is uniform among the cells
 * that can still branch.
 */
#include "generator-private.h"

static MazeStatus
corridor_init (MazeGenerator *gen,
               MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  gen->u.corridor.length = 0;
  if (!gen_ring_reserve (gen, 1))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  gen->ring[0] = gen->first;
  gen->ring_len = 1;
  return MAZE_OK;
}

static GenResult
corridor_step (MazeGenerator *gen,
               MazeStep      *report)
{
  for (;;)
    {
      uint32_t cur = gen->cur;
      uint16_t sides = 0;

      if (cur != GEN_NONE && gen->u.corridor.length < gen->spec.count)
        sides = gen_uncarved_sides (gen, cur);
      if (sides != 0)
        {
          uint32_t to;

          if (!gen_ring_reserve (gen, 1))
            return GEN_NOMEM;
          to = gen_carve (gen, report, cur, gen_pick_side (gen, sides));
          /* The bag is never used as a ring here: head stays 0. */
          gen->ring[gen->ring_len++] = to;
          gen->cur = to;
          gen->u.corridor.length++;
          return GEN_CARVED;
        }

      /* A junction: draw carved cells until one can branch. */
      gen->cur = GEN_NONE;
      while (gen->ring_len > 0)
        {
          uint32_t k = maze_rng_below (&gen->rng, (uint32_t) gen->ring_len);
          uint32_t cell = gen->ring[k];

          if (gen_uncarved_sides (gen, cell) != 0)
            {
              gen->cur = cell;
              gen->u.corridor.length = 0;
              break;
            }
          gen->ring[k] = gen->ring[--gen->ring_len];
        }
      if (gen->cur == GEN_NONE)
        return GEN_FINISHED;
    }
}

static size_t
corridor_frontier (const MazeGenerator *gen,
                   uint32_t            *out,
                   size_t               max)
{
  size_t total = gen->ring_len + (gen->cur != GEN_NONE);
  size_t k = 0;

  if (gen->cur != GEN_NONE && max > 0)
    out[k++] = gen->cur;
  if (k < max)
    gen_ring_frontier (gen, out + k, max - k, false);
  return total;
}

static const MazeGeneratorClass corridor_class = {
  .init = corridor_init,
  .step = corridor_step,
  .frontier = corridor_frontier,
};

const MazeAlgorithm maze_generator_corridor = {
  .name = "corridor",
  .label = MAZE_N_("Corridors"),
  .description = MAZE_N_("Corridors of up to N cells, each branching off a random carved cell that still has uncarved neighbours"),
  .param = {
    MAZE_PARAM_COUNT, "N",
    MAZE_N_("Longest Corridor"),
    MAZE_N_("the longest corridor, in cells"),
    1, 65535, 20,
  },
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &corridor_class,
};
