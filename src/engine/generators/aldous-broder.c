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
      uint16_t dir = gen_pick_side (&gen->rng, gen_inner_sides (gen->cells[cur]));
      uint32_t nb = cur + gen->delta[dir];

      if ((gen->cells[nb] & MAZE_PASSAGE_MASK) == 0)
        {
          gen->cur = gen_carve (gen, report, 11, cur, dir);
          return GEN_CARVED;
        }
      cur = nb;
    }
  gen->cur = cur;
  gen_scan (report, 14, cur);
  return GEN_SCANNED;
}

/*
 * aldous_broder_step() without reports, for speed: the same draws, moves
 * and carves, and a step counted at each carve and after each
 * WALK_CHUNK moves without one.  Almost all moves are over carved cells
 * with four neighbours: the draw alone says where the walk goes (the
 * top two bits, as maze_rng_below (rng, 4) has them), and the word just
 * read for the passage test is the next move's, so a move waits for no
 * load and no table.
 */
static void
aldous_broder_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  const uint32_t step[4] = { gen->delta[MAZE_N], gen->delta[MAZE_E],
                             gen->delta[MAZE_S], gen->delta[MAZE_W] };
  MazeRng rng = gen->rng;
  uint32_t cur = gen->cur;
  uint16_t c = cells[cur];
  uint64_t todo = gen->tree_left, max_steps = gen->run_steps;
  uint64_t carved = 0, steps = 0;
  unsigned moves = 0;

  while (carved < todo && steps < max_steps)
    {
      uint16_t sides = gen_inner_sides (c), dir;
      uint32_t nb;

      if (sides == 0xF)
        {
          uint32_t k = (uint32_t) (maze_rng_next (&rng) >> 62);

          dir = gen_dir_of_index (k);
          nb = cur + step[k];
        }
      else
        {
          dir = gen_pick_side (&rng, sides);
          nb = cur + gen->delta[dir];
        }
      c = cells[nb];
      if ((c & MAZE_PASSAGE_MASK) == 0)
        {
          gen_carve_now (gen, cur, dir); /* (c's border bits stay) */
          carved++;
          steps++;
          moves = 0;
        }
      else if (++moves == WALK_CHUNK)
        {
          steps++; /* a MAZE_STEP_SCAN */
          moves = 0;
        }
      cur = nb;
    }
  gen->rng = rng;
  gen->cur = cur;
  gen->steps += steps;
  gen->tree_left -= carved;
}

static const MazeGeneratorClass aldous_broder_class = {
  .init = aldous_broder_init,
  .step = aldous_broder_step,
  .run = aldous_broder_run,
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine aldous_broder_listing[] = {
  { "void aldous_broder (uint16_t maze[], uint32_t first)", NULL },
  { "{", NULL },
  { "  uint32_t cell = first;", NULL },
  { "  uint32_t left = n_cells - 1;", NULL },
  { "  while (left > 0)", NULL },
  { "    {", NULL },
  { "      int d = random_side (inner_sides (maze[cell]));", NULL },
  { "      uint32_t next = cell + STEP[d];", NULL },
  { "      if (!(maze[next] & PASSAGE_BITS))", MAZE_N_("never visited: every wall up") },
  { "        {", NULL },
  { "          connect_cells (maze, cell, d);", NULL },
  { "          left--;", NULL },
  { "        }", NULL },
  { "      cell = next;", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_aldous_broder = {
  MAZE_LISTING (aldous_broder_listing),
  .name = "aldous-broder",
  /* Translators: the names of the two people the algorithm is named after */
  .label = MAZE_N_("Aldous–Broder"),
  .description = MAZE_N_("Aldous-Broder: a random walk that carves into every cell it enters first; unbiased, very slow on big grids"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &aldous_broder_class,
};
