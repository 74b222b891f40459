/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * aldous-broder.c: the Aldous-Broder random walk.
 *
 * Walk from a random cell to random neighbours; entering a cell that is
 * not carved yet carves the wall just crossed.  Every spanning tree is
 * equally likely, but covering the last cells takes long.  A step walks
 * until it carves, or reports a MAZE_STEP_SCAN after WALK_CHUNK moves
 * over carved cells.  No memory beyond the maze.
 */
#include "generator-private.h"

#define WALK_CHUNK 4096

static MazeStatus
aldous_broder_init (MazeGenerator *gen,
                    MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  return MAZE_OK;
}

static GenResult
aldous_broder_step (MazeGenerator *gen,
                    MazeStep      *report)
{
  uint32_t cur = gen->cur;

  /* The first move leaves the first cell for an uncarved one, so from
   * then on "carved" is "has a passage" for every cell. */
  for (unsigned moves = 0; moves < WALK_CHUNK; moves++)
    {
      uint16_t dir = gen_pick_side (gen, gen_inner_sides (gen->cells[cur]));
      uint32_t nb = cur + gen->delta[dir];

      if ((gen->cells[nb] & MAZE_PASSAGE_MASK) == 0)
        {
          gen->cur = gen_carve (gen, report, cur, dir);
          return GEN_CARVED;
        }
      cur = nb;
    }
  gen->cur = cur;
  maze_step_begin (report, MAZE_STEP_SCAN, cur, GEN_NONE, 0);
  return GEN_SCANNED;
}

static const MazeGeneratorClass aldous_broder_class = {
  .init = aldous_broder_init,
  .step = aldous_broder_step,
};

const MazeAlgorithm maze_generator_aldous_broder = {
  .name = "aldous-broder",
  /* Translators: the names of the two people the algorithm is named after */
  .label = MAZE_N_("Aldous–Broder"),
  .description = MAZE_N_("Aldous-Broder: a random walk that carves into every cell it enters first; unbiased, very slow on big grids"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &aldous_broder_class,
};
