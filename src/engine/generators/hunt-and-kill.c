/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hunt-and-kill.c: a random walk into uncarved cells ("kill") until it is
 * stuck, then a hunt: scan the rows for the first uncarved cell beside
 * the maze, join it to a random carved neighbour and walk on from it.
 * The hunt and the passage it ends with are one step.  Rows above
 * hunt_row are known to be fully carved (or outside the maze's shape), so
 * hunts do not rescan them.
 */
#include "generator-private.h"

static MazeStatus
hunt_and_kill_init (MazeGenerator *gen,
                    MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  gen->u.hunt.hunt_row = 0;
  return MAZE_OK;
}

/* The first cell from @i on, before @end, without a passage (not carved
 * yet, or outside the shape): the hunt skips the carved cells of a row
 * in this one tight loop. */
static inline uint32_t
next_uncarved (const uint16_t *cells,
               uint32_t        i,
               uint32_t        end)
{
  while (i < end && (cells[i] & MAZE_PASSAGE_MASK) != 0)
    i++;
  return i;
}

static GenResult
hunt_and_kill_step (MazeGenerator *gen,
                    MazeStep      *report)
{
  uint16_t sides = gen_uncarved_sides (gen, gen->cur);
  const uint16_t *cells = gen->cells;

  if (sides != 0)
    {
      gen->cur = gen_carve (gen, report, gen->cur, gen_pick_side (gen, sides));
      return GEN_CARVED;
    }

  /* The hunt.  The walk carved at least once (the maze has more than one
   * cell), so every tree cell has a passage. */
  for (uint32_t y = gen->u.hunt.hunt_row; y < gen->height; y++)
    {
      uint32_t end = (y + 1) * gen->width;
      bool row_done = true;

      for (uint32_t i = next_uncarved (cells, y * gen->width, end); i < end;
           i = next_uncarved (cells, i + 1, end))
        {
          uint16_t inner, carved = 0;

          /* Outside the shape (four border bits): nothing to hunt. */
          if (maze_cell_outside (cells[i]))
            continue;
          row_done = false;
          inner = gen_inner_sides (cells[i]);
          for (unsigned k = 0; k < gen_nibble_count[inner]; k++)
            {
              uint16_t d = gen_nibble_dirs[inner][k];

              if ((cells[i + gen->delta[d]] & MAZE_PASSAGE_MASK) != 0)
                carved |= d;
            }
          if (carved != 0)
            {
              uint16_t d = gen_pick_side (gen, carved);

              gen_carve (gen, report, i + gen->delta[d], maze_opposite (d));
              gen->cur = i;
              return GEN_CARVED;
            }
        }
      if (row_done && y == gen->u.hunt.hunt_row)
        gen->u.hunt.hunt_row = y + 1;
    }
  return GEN_FINISHED;
}

static const MazeGeneratorClass hunt_and_kill_class = {
  .init = hunt_and_kill_init,
  .step = hunt_and_kill_step,
};

const MazeAlgorithm maze_generator_hunt_and_kill = {
  .name = "hunt-and-kill",
  .label = MAZE_N_("Hunt and Kill"),
  .description = MAZE_N_("Hunt and kill: a random walk until stuck, then a row-by-row hunt for an uncarved cell beside the maze"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &hunt_and_kill_class,
};
