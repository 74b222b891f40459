/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * binary-tree.c: every cell but one opens its north or its west wall, at
 * random where it has both (the top row can only go west, the left column
 * only north).  Row-major, one passage a step, no memory.  The top row
 * and the left column are long straight corridors.
 *
 * Each passage leads to a cell earlier in reading order, so the passages
 * form a tree exactly when one cell alone has neither a north nor a west
 * neighbour: the top-left corner of a rectangle.  A shape with more such
 * cells (the left edge of a circle, say) cannot be filled this way.
 */
#include "generator-private.h"

/* A root: a cell of the maze with no neighbour to the north or west. */
static inline bool
is_root (uint16_t cell)
{
  return !maze_cell_outside (cell) && !(gen_inner_sides (cell) & (MAZE_N | MAZE_W));
}

static MazeStatus
binary_tree_check_shape (const MazeAlgorithm *algorithm,
                         const Maze          *maze,
                         MazeError           *error)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze), roots = 0, second = 0;

  for (uint32_t i = 0; i < n; i++)
    if (is_root (cells[i]) && ++roots == 2)
      second = i;
  if (roots == 1)
    return MAZE_OK;
  return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_BINARY_TREE,
                         MAZE_TEXT (algorithm->name), MAZE_NUM (roots),
                         MAZE_NUM (second % maze_width (maze)),
                         MAZE_NUM (second / maze_width (maze)));
}

static MazeStatus
binary_tree_init (MazeGenerator *gen,
                  MazeError     *error)
{
  gen->cur = 0;
  return MAZE_OK;
}

/* The next cell after @i that opens a wall: inside the maze, not the
 * root; gen->n when there is none. */
static uint32_t
next_cell (const MazeGenerator *gen,
           uint32_t             i)
{
  for (i++; i < gen->n; i++)
    if (!maze_cell_outside (gen->cells[i]) && !is_root (gen->cells[i]))
      break;
  return i;
}

static GenResult
binary_tree_step (MazeGenerator *gen,
                  MazeStep      *report)
{
  uint32_t i = next_cell (gen, gen->cur);
  uint16_t sides;

  if (i >= gen->n)
    return GEN_FINISHED;
  sides = (uint16_t) (gen_inner_sides (gen->cells[i]) & (MAZE_N | MAZE_W));
  gen_carve (gen, report, 7, i, gen_pick_side (&gen->rng, sides));
  gen->cur = i;
  return GEN_CARVED;
}

static size_t
binary_tree_frontier (const MazeGenerator *gen,
                      uint32_t            *out,
                      size_t               max)
{
  uint32_t next = next_cell (gen, gen->cur);

  if (next >= gen->n)
    return 0;
  if (max > 0)
    out[0] = next;
  return 1;
}

static const MazeGeneratorClass binary_tree_class = {
  .init = binary_tree_init,
  .step = binary_tree_step,
  .frontier = binary_tree_frontier,
  .check_shape = binary_tree_check_shape,
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine binary_tree_listing[] = {
  { "void binary_tree (uint16_t maze[])", NULL },
  { "{", NULL },
  { "  for (uint32_t cell = 0; cell < n_cells; cell++)", NULL },
  { "    {", NULL },
  { "      uint16_t sides = inner_sides (maze[cell]) & (N | W);", NULL },
  { "      if (sides != 0)", MAZE_N_("every cell but the root") },
  { "        connect_cells (maze, cell, random_side (sides));", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_binary_tree = {
  MAZE_LISTING (binary_tree_listing),
  .name = "binary-tree",
  .label = MAZE_N_("Binary Tree"),
  .description = MAZE_N_("Binary tree: every cell opens north or west; fast, with a strong diagonal bias"),
  .shape_limit = MAZE_N_("every cell but one must open north or west, so it fills only "
                         "a shape where one cell alone has no neighbour there"),
  .generator = &binary_tree_class,
};
