/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * wilson.c: Wilson's algorithm, loop-erased random walks.
 *
 * The tree starts as one random cell.  From the first cell outside it
 * (row-major), walk at random, writing in each cell the direction it was
 * left by, until the walk hits the tree.  Following those directions from
 * the walk's start gives the walk with its loops erased (a revisit
 * overwrote the exit); carve along it, one passage a step.  Every
 * spanning tree is equally likely.
 *
 * A walk that has not hit the tree after WALK_CHUNK moves is reported as
 * a MAZE_STEP_SCAN step, so one step never runs unbounded; the step in
 * which the walk hits the tree carves the walk's first passage.
 */
#include "generator-private.h"

/* Wilson's own state (GEN_STATE()). */
typedef struct
{
  uint32_t scan;      /* no cell before this one is outside the tree */
  uint32_t walk_start;/* GEN_NONE when no walk */
  uint32_t walk_end;  /* the tree cell the walk hit */
  uint32_t carve_at;  /* GEN_NONE, or next path cell to carve from */
} WilsonState;

#define WILSON(gen) GEN_STATE (gen, WilsonState)

#define WALK_CHUNK 4096

static inline bool
in_tree (const MazeGenerator *gen,
         uint32_t             i)
{
  return (gen->cells[i] & MAZE_PASSAGE_MASK) != 0 || i == gen->first;
}

/* Needs no walk: in the tree, or outside the maze's shape (then its four
 * border bits are set; the tree is not done, so the maze has more than
 * one cell and that is what they mean). */
static inline bool
needs_no_walk (const MazeGenerator *gen,
               uint32_t             i)
{
  return in_tree (gen, i) || maze_cell_outside (gen->cells[i]);
}

static MazeStatus
wilson_init (MazeGenerator *gen,
             MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  WILSON (gen)->scan = 0;
  WILSON (gen)->walk_start = GEN_NONE;
  WILSON (gen)->walk_end = GEN_NONE;
  WILSON (gen)->carve_at = GEN_NONE;
  return gen_moves_alloc (gen, gen->n, error);
}

static GenResult
carve_path (MazeGenerator *gen,
            MazeStep      *report)
{
  uint32_t at = WILSON (gen)->carve_at;
  uint32_t to = gen_carve (gen, report, 18, at, gen_dir_of_index (gen_moves_get (gen, at)));

  if (to == WILSON (gen)->walk_end)
    {
      WILSON (gen)->carve_at = GEN_NONE;
      WILSON (gen)->walk_start = GEN_NONE;
    }
  else
    {
      WILSON (gen)->carve_at = to;
    }
  return GEN_CARVED;
}

static GenResult
wilson_step (MazeGenerator *gen,
             MazeStep      *report)
{
  uint32_t cur;

  if (WILSON (gen)->carve_at != GEN_NONE)
    return carve_path (gen, report);

  if (WILSON (gen)->walk_start == GEN_NONE)
    {
      while (WILSON (gen)->scan < gen->n && needs_no_walk (gen, WILSON (gen)->scan))
        WILSON (gen)->scan++;
      if (WILSON (gen)->scan == gen->n)
        return GEN_FINISHED;
      WILSON (gen)->walk_start = WILSON (gen)->scan;
      gen->cur = WILSON (gen)->scan;
    }

  cur = gen->cur;
  for (unsigned moves = 0; moves < WALK_CHUNK; moves++)
    {
      uint16_t dir = gen_pick_side (&gen->rng, gen_inner_sides (gen->cells[cur]));

      gen_moves_set (gen, cur, gen_index_of_dir (dir));
      cur += gen->delta[dir];
      if (in_tree (gen, cur))
        {
          gen->cur = cur;
          WILSON (gen)->walk_end = cur;
          WILSON (gen)->carve_at = WILSON (gen)->walk_start;
          return carve_path (gen, report);
        }
    }
  gen->cur = cur;
  gen_scan (report, 13, cur);
  return GEN_SCANNED;
}

/* The loop-erased walk still to carve, next passage first. */
static size_t
wilson_frontier (const MazeGenerator *gen,
                 uint32_t            *out,
                 size_t               max)
{
  uint32_t c, end;
  size_t k = 0;

  if (WILSON (gen)->carve_at != GEN_NONE)
    {
      c = WILSON (gen)->carve_at;
      end = WILSON (gen)->walk_end;
    }
  else if (WILSON (gen)->walk_start != GEN_NONE)
    {
      c = WILSON (gen)->walk_start;
      end = gen->cur;
    }
  else
    {
      return 0;
    }
  for (; k < gen->n; k++)
    {
      if (k < max)
        out[k] = c;
      if (c == end)
        return k + 1;
      c += gen->delta[gen_dir_of_index (gen_moves_get (gen, c))];
    }
  return k;
}

/*
 * wilson_step() without reports, for speed: the same draws, walks and
 * carves, and the same steps (a carve each, and a scan after each
 * WALK_CHUNK moves that do not reach the tree).  A move from a cell with
 * four neighbours takes its direction from the draw alone (the top two
 * bits, as maze_rng_below (rng, 4) has them), and the word read for the
 * in-tree test is the next move's: the walk waits for no load and no
 * table.
 */
static void
wilson_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  const uint32_t step[4] = { gen->delta[MAZE_N], gen->delta[MAZE_E],
                             gen->delta[MAZE_S], gen->delta[MAZE_W] };
  const uint32_t first = gen->first;
  uint64_t todo = gen->tree_left, max_steps = gen->run_steps;
  uint64_t carved = 0, steps = 0;
  MazeRng rng = gen->rng;
  uint32_t cur = gen->cur;

  while (carved < todo && steps < max_steps)
    {
      uint16_t c;
      unsigned moves;

      if (WILSON (gen)->carve_at == GEN_NONE)
        {
          if (WILSON (gen)->walk_start == GEN_NONE)
            {
              while (WILSON (gen)->scan < gen->n && needs_no_walk (gen, WILSON (gen)->scan))
                WILSON (gen)->scan++;
              if (WILSON (gen)->scan == gen->n)
                break; /* the next step finds it so */
              WILSON (gen)->walk_start = WILSON (gen)->scan;
              cur = WILSON (gen)->scan;
            }

          c = cells[cur];
          for (moves = 0; moves < WALK_CHUNK; moves++)
            {
              uint16_t sides = gen_inner_sides (c);
              uint32_t k;

              if (sides == 0xF)
                k = (uint32_t) (maze_rng_next (&rng) >> 62);
              else
                k = gen_index_of_dir (gen_pick_side (&rng, sides));
              gen_moves_set (gen, cur, k);
              cur += step[k];
              c = cells[cur];
              if ((c & MAZE_PASSAGE_MASK) != 0 || cur == first)
                break;
            }
          steps++;
          if (moves == WALK_CHUNK)
            continue; /* a MAZE_STEP_SCAN */
          /* the walk is in the tree: this step carves its first passage */
          WILSON (gen)->walk_end = cur;
          WILSON (gen)->carve_at = WILSON (gen)->walk_start;
        }
      else
        {
          steps++;
        }

      {
        uint32_t at = WILSON (gen)->carve_at;
        uint16_t dir = gen_dir_of_index (gen_moves_get (gen, at));
        uint32_t to = at + gen->delta[dir];

        gen_carve_now (gen, at, dir);
        carved++;
        if (to == WILSON (gen)->walk_end)
          {
            WILSON (gen)->carve_at = GEN_NONE;
            WILSON (gen)->walk_start = GEN_NONE;
          }
        else
          {
            WILSON (gen)->carve_at = to;
          }
      }
    }
  gen->rng = rng;
  gen->cur = cur;
  gen->steps += steps;
  gen->tree_left -= carved;
}

static const MazeGeneratorClass wilson_class = {
  .init = wilson_init,
  .step = wilson_step,
  .frontier = wilson_frontier,
  .run = wilson_run,
  .state_size = sizeof (WilsonState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine wilson_listing[] = {
  { "void wilson (uint16_t maze[], uint32_t first)", NULL },
  { "{", NULL },
  { "  add_to_tree (first);", NULL },
  { "  for (uint32_t start = 0; start < n_cells; start++)", NULL },
  { "    {", NULL },
  { "      if (in_tree (start))", NULL },
  { "        continue;", NULL },
  { "      uint32_t cell = start;", NULL },
  { "      while (!in_tree (cell))", MAZE_N_("a random walk until it meets the tree") },
  { "        {", NULL },
  { "          int d = random_side (inner_sides (maze[cell]));", NULL },
  { "          walk_dir[cell] = d;", MAZE_N_("the last exit counts: loops are erased") },
  { "          cell += STEP[d];", NULL },
  { "        }", NULL },
  { "      for (cell = start; !in_tree (cell); cell += STEP[walk_dir[cell]])", NULL },
  { "        {", NULL },
  { "          add_to_tree (cell);", NULL },
  { "          connect_cells (maze, cell, walk_dir[cell]);", NULL },
  { "        }", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_wilson = {
  MAZE_LISTING (wilson_listing),
  .name = "wilson",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Wilson"),
  .description = MAZE_N_("Wilson: loop-erased random walks; an unbiased maze, slow to start on big grids"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &wilson_class,
};
