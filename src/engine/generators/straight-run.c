/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * straight-run.c: "straight-run:N", straight runs of up to N cells.
 *
 * From the current cell pick a random direction towards an uncarved
 * neighbour and a run length of 1..N, then carve straight on until the run
 * is done or the next cell is carved already; then pick again.  With no
 * uncarved neighbour, step back one cell along the path (the seed's
 * "track").  The path is a stack of moves, two bits each.
 */
#include "generator-private.h"

/* Straight run's own state (GEN_STATE()). */
typedef struct
{
  uint32_t run_dir;   /* direction index of the run */
  uint32_t run_left;  /* cells still to carve in it */
} StraightState;

#define STRAIGHT(gen) GEN_STATE (gen, StraightState)

static MazeStatus
straight_run_init (MazeGenerator *gen,
                   MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  STRAIGHT (gen)->run_left = 0;
  return gen_moves_alloc (gen, gen->n, error);
}

static GenResult
straight_run_step (MazeGenerator *gen,
                   MazeStep      *report)
{
  uint32_t cur = gen->cur;

  for (;;)
    {
      uint16_t sides = gen_uncarved_sides (gen, cur);
      uint16_t dir;

      if (sides == 0)
        {
          STRAIGHT (gen)->run_left = 0;
          if (gen->depth == 0)
            {
              gen->cur = cur;
              return GEN_FINISHED;
            }
          cur -= gen->delta[gen_dir_of_index (gen_moves_pop (gen))];
          continue;
        }

      dir = gen_dir_of_index (STRAIGHT (gen)->run_dir);
      if (STRAIGHT (gen)->run_left == 0 || !(sides & dir))
        {
          dir = gen_pick_side (&gen->rng, sides);
          STRAIGHT (gen)->run_dir = gen_index_of_dir (dir);
          STRAIGHT (gen)->run_left = 1 + maze_rng_below (&gen->rng, gen->spec.count);
        }
      STRAIGHT (gen)->run_left--;
      gen_moves_push (gen, STRAIGHT (gen)->run_dir);
      gen->cur = gen_carve (gen, report, 23, cur, dir);
      return GEN_CARVED;
    }
}

static const MazeGeneratorClass straight_run_class = {
  .init = straight_run_init,
  .step = straight_run_step,
  .frontier = gen_moves_frontier,
  .state_size = sizeof (StraightState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine straight_run_listing[] = {
  { "void straight_runs (uint16_t maze[], uint32_t first, int longest)", NULL },
  { "{", NULL },
  { "  uint32_t cell = first;", NULL },
  { "  int d = 0, run = 0;", NULL },
  { "  for (;;)", NULL },
  { "    {", NULL },
  { "      uint16_t sides = uncarved_sides (maze, cell);", MAZE_N_("neighbours whose passage bits are all 0") },
  { "      if (sides == 0)", NULL },
  { "        {", NULL },
  { "          if (stack_empty ())", NULL },
  { "            return;", NULL },
  { "          cell = stack_pop ();", MAZE_N_("back one cell") },
  { "          run = 0;", NULL },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      if (run == 0 || !(sides & DIR[d]))", NULL },
  { "        {", NULL },
  { "          d = random_side (sides);", MAZE_N_("a new direction") },
  { "          run = 1 + random_below (longest);", MAZE_N_("for a random length") },
  { "        }", NULL },
  { "      run--;", NULL },
  { "      stack_push (cell);", NULL },
  { "      connect_cells (maze, cell, d);", NULL },
  { "      cell += STEP[d];", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_straight_run = {
  MAZE_LISTING (straight_run_listing),
  .name = "straight-run",
  .label = MAZE_N_("Straight Runs"),
  .description = MAZE_N_("Straight runs of 1 to N cells in a random direction, backtracking when stuck"),
  .param = {
    MAZE_PARAM_COUNT, "N",
    MAZE_N_("Longest Run"),
    MAZE_N_("the longest run, in cells"),
    1, 65535, 10,
  },
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &straight_run_class,
};
