/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sidewinder.c: row by row.  The top row is one corridor.  In every other
 * row, a run of cells grows east with a coin toss; when the coin says
 * stop (or the row ends) one random cell of the run opens north and a new
 * run begins.  Each cell below the top row gives exactly one passage.
 */
#include "generator-private.h"

static MazeStatus
sidewinder_init (MazeGenerator *gen,
                 MazeError     *error)
{
  gen->u.rows.x = 0;
  gen->u.rows.y = 0;
  gen->u.rows.run_start = 0;
  return MAZE_OK;
}

static GenResult
sidewinder_step (MazeGenerator *gen,
                 MazeStep      *report)
{
  uint32_t w = gen->width;
  uint32_t x = gen->u.rows.x, y = gen->u.rows.y;
  uint32_t i;

  if (y == 0 && x + 1 >= w)
    {
      /* The top row is done (or was a single cell wide). */
      x = 0;
      y = 1;
    }
  if (y >= gen->height)
    return GEN_FINISHED;
  i = y * w + x;

  if (y == 0)
    {
      gen_carve (gen, report, i, MAZE_E);
      gen->u.rows.x = x + 1;
      gen->u.rows.y = 0;
      gen->cur = i;
      return GEN_CARVED;
    }

  if (x + 1 < w && maze_rng_below (&gen->rng, 2) == 0)
    {
      gen_carve (gen, report, i, MAZE_E);
    }
  else
    {
      uint32_t start = gen->u.rows.run_start;
      uint32_t pick = start + maze_rng_below (&gen->rng, x - start + 1);

      gen_carve (gen, report, y * w + pick, MAZE_N);
      gen->u.rows.run_start = x + 1;
    }
  gen->cur = i;
  if (++x == w)
    {
      x = 0;
      y++;
      gen->u.rows.run_start = 0;
    }
  gen->u.rows.x = x;
  gen->u.rows.y = y;
  return GEN_CARVED;
}

/* The current run, newest cell first. */
static size_t
sidewinder_frontier (const MazeGenerator *gen,
                     uint32_t            *out,
                     size_t               max)
{
  uint32_t x = gen->u.rows.x, y = gen->u.rows.y;
  uint32_t start = y == 0 ? 0 : gen->u.rows.run_start;
  size_t total;

  if (y >= gen->height)
    return 0;
  total = (size_t) x - start + 1;
  for (size_t k = 0; k < total && k < max; k++)
    out[k] = y * gen->width + x - (uint32_t) k;
  return total;
}

const GenClass gen_sidewinder_class = {
  "sidewinder",
  sidewinder_init,
  sidewinder_step,
  sidewinder_frontier,
};
