/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * binary-tree.c: every cell but the top-left one opens its north or its
 * west wall, at random where it has both (the top row can only go west,
 * the left column only north).  Row-major, one passage a step, no memory.
 * The top row and the left column are long straight corridors.
 */
#include "generator-private.h"

static MazeStatus
binary_tree_init (MazeGenerator *gen,
                  MazeError     *error)
{
  gen->cur = 0;
  return MAZE_OK;
}

static GenResult
binary_tree_step (MazeGenerator *gen,
                  MazeStep      *report)
{
  uint32_t i = gen->cur + 1;
  uint16_t sides;

  if (i >= gen->n)
    return GEN_FINISHED;
  sides = (uint16_t) (gen_inner_sides (gen->cells[i]) & (MAZE_N | MAZE_W));
  gen_carve (gen, report, i, gen_pick_side (gen, sides));
  gen->cur = i;
  return GEN_CARVED;
}

static size_t
binary_tree_frontier (const MazeGenerator *gen,
                      uint32_t            *out,
                      size_t               max)
{
  if (gen->cur + 1 >= gen->n)
    return 0;
  if (max > 0)
    out[0] = gen->cur + 1;
  return 1;
}

const GenClass gen_binary_tree_class = {
  "binary-tree",
  binary_tree_init,
  binary_tree_step,
  binary_tree_frontier,
};
