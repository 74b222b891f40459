/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * growing-tree.c: the growing tree, four ways of taking a frontier cell.
 *
 * Repeat: take a cell of the frontier; if it has uncarved neighbours,
 * carve to a random one and put both cells back (the taken one first, the
 * new one after it), else drop it.  Which cell is taken makes the maze:
 *
 *   newest  the last one: depth first, the recursive backtracker.  Its
 *           frontier is a path from the root, so it is kept as two bits a
 *           move instead of four bytes a cell.
 *   oldest  the first one (a queue): the tree grows round robin from the
 *           root, breadth first.
 *   random  any one.
 *   mixed:P the newest with probability P, else a random one.
 */
#include "generator-private.h"

/* Which cell is taken: the variant of each descriptor. */
typedef enum
{
  GT_NEWEST,
  GT_OLDEST,
  GT_RANDOM,
  GT_MIXED,
} GrowingTreeMode;

static GrowingTreeMode
mode_of (const MazeGenerator *gen)
{
  return (GrowingTreeMode) gen->spec.algorithm->variant;
}

static MazeStatus
growing_tree_init (MazeGenerator *gen,
                   MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  if (mode_of (gen) == GT_NEWEST)
    return gen_moves_alloc (gen, gen->n, error);
  if (!gen_ring_reserve (gen, 1))
    return gen_nomem (gen, error);
  gen->ring[0] = gen->first;
  gen->ring_len = 1;
  return MAZE_OK;
}

/* Depth first: carve from cur, or step back along the move stack. */
static GenResult
newest_step (MazeGenerator *gen,
             MazeStep      *report)
{
  uint32_t cur = gen->cur;

  for (;;)
    {
      uint16_t sides = gen_uncarved_sides (gen, cur);

      if (sides != 0)
        {
          uint16_t dir = gen_pick_side (&gen->rng, sides);

          gen_moves_push (gen, gen_index_of_dir (dir));
          gen->cur = gen_carve (gen, report, 14, cur, dir);
          return GEN_CARVED;
        }
      if (gen->depth == 0)
        {
          gen->cur = cur;
          return GEN_FINISHED;
        }
      cur -= gen->delta[gen_dir_of_index (gen_moves_pop (gen))];
    }
}

/* For each nibble of sides: its direction indices in N, E, S, W order, two
 * bits each, and (bits 8 to 10) how many there are. */
static const uint16_t pick_of_sides[16] = {
  0x000, 0x100, 0x101, 0x204, 0x102, 0x208, 0x209, 0x324,
  0x103, 0x20c, 0x20d, 0x334, 0x20e, 0x338, 0x339, 0x4e4,
};

/*
 * newest_step() without reports, for speed: the same draws and carves,
 * with the state in registers and the neighbour tests without branches
 * (a side on the border tests the cell itself, and is masked off).
 */
static void
newest_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  uint64_t *moves = gen->moves;
  size_t depth = gen->depth;
  uint32_t w = gen->width;
  uint32_t cur = gen->cur;
  uint64_t left = gen->tree_left;
  uint64_t todo = left;
  MazeRng rng = gen->rng;
  /* the neighbour of a cell towards direction index k */
  const uint32_t step[4] = { (uint32_t) 0 - w, 1, w, (uint32_t) 0 - 1 };
  uint64_t top;

  if (left == 0)
    return;
  /* Locals, not gen->...: stores to moves[] could alias gen->depth and
   * the PRNG state, which would then live in memory, not registers.  The
   * word of the move stack being pushed to or popped from is kept in a
   * register too (top, for moves[depth / 32]), and stored when the stack
   * leaves it upwards. */
  top = moves[depth >> 5];
  for (;;)
    {
      uint16_t c = cells[cur];
      uint16_t sides;
      uint16_t dir;
      uint32_t to, k;
      unsigned shift;

      if ((c & MAZE_BORDER_MASK) == 0)
        {
          /* a cell away from the edge, most of them: four neighbours */
          sides = (uint16_t) (((cells[cur - w] & MAZE_PASSAGE_MASK) == 0 ? MAZE_N : 0)
                              | ((cells[cur + 1] & MAZE_PASSAGE_MASK) == 0 ? MAZE_E : 0)
                              | ((cells[cur + w] & MAZE_PASSAGE_MASK) == 0 ? MAZE_S : 0)
                              | ((cells[cur - 1] & MAZE_PASSAGE_MASK) == 0 ? MAZE_W : 0));
        }
      else
        {
          uint16_t inner = gen_inner_sides (c);
          uint32_t in = (inner & MAZE_N) ? cur - w : cur;
          uint32_t ie = (inner & MAZE_E) ? cur + 1 : cur;
          uint32_t is = (inner & MAZE_S) ? cur + w : cur;
          uint32_t iw = (inner & MAZE_W) ? cur - 1 : cur;

          sides = (uint16_t) (((cells[in] & MAZE_PASSAGE_MASK) == 0 ? MAZE_N : 0)
                              | ((cells[ie] & MAZE_PASSAGE_MASK) == 0 ? MAZE_E : 0)
                              | ((cells[is] & MAZE_PASSAGE_MASK) == 0 ? MAZE_S : 0)
                              | ((cells[iw] & MAZE_PASSAGE_MASK) == 0 ? MAZE_W : 0));
          sides &= inner;
        }
      if (sides == 0)
        {
          if (depth == 0)
            break;
          if ((depth & 31) == 0)
            top = moves[(depth >> 5) - 1];
          depth--;
          k = (uint32_t) (top >> ((depth & 31) * 2)) & 3;
          cur -= step[k];
          continue;
        }
      {
        /* One load gives how many sides there are and which: a draw
         * only when there is a choice, as gen_pick_side() makes it. */
        uint32_t pk = pick_of_sides[sides];
        uint32_t n = pk >> 8;

        k = n > 1 ? (pk >> (2 * maze_rng_below (&rng, n))) & 3 : pk & 3;
        dir = gen_dir_of_index (k);
      }
      shift = (unsigned) (depth & 31) * 2;
      top = (top & ~(UINT64_C (3) << shift)) | ((uint64_t) k << shift);
      depth++;
      if ((depth & 31) == 0)
        {
          moves[(depth >> 5) - 1] = top;
          top = moves[depth >> 5];
        }
      to = cur + step[k];
      cells[cur] |= dir;
      cells[to] |= maze_opposite (dir);
      cur = to;
      if (--todo == 0)
        break;
    }
  moves[depth >> 5] = top;
  gen->rng = rng;
  gen->depth = depth;
  gen->cur = cur;
  gen->steps += left - todo;
  gen->tree_left = todo;
}

static uint32_t
ring_take (MazeGenerator *gen,
           size_t         pos)
{
  size_t mask = gen->ring_cap - 1;
  size_t at = (gen->ring_head + pos) & mask;
  size_t last = (gen->ring_head + gen->ring_len - 1) & mask;
  uint32_t cell = gen->ring[at];

  if (pos == 0)
    {
      gen->ring_head = (gen->ring_head + 1) & mask;
    }
  else
    {
      /* Any other position: the back fills the hole (order is not kept,
       * which only the random choices see). */
      gen->ring[at] = gen->ring[last];
    }
  gen->ring_len--;
  return cell;
}

static void
ring_push (MazeGenerator *gen,
           uint32_t       cell)
{
  gen->ring[(gen->ring_head + gen->ring_len) & (gen->ring_cap - 1)] = cell;
  gen->ring_len++;
}

static GenResult
list_step (MazeGenerator *gen,
           MazeStep      *report)
{
  while (gen->ring_len > 0)
    {
      size_t pos;
      uint32_t cell, to;
      uint16_t sides;
      GrowingTreeMode mode = mode_of (gen);

      if (mode == GT_MIXED)
        mode = maze_rng_below (&gen->rng, gen->spec.den) < gen->spec.num
               ? GT_NEWEST : GT_RANDOM;
      if (mode == GT_OLDEST)
        pos = 0;
      else if (mode == GT_NEWEST)
        pos = gen->ring_len - 1;
      else
        pos = maze_rng_below (&gen->rng, (uint32_t) gen->ring_len);

      cell = gen->ring[(gen->ring_head + pos) & (gen->ring_cap - 1)];
      sides = gen_uncarved_sides (gen, cell);
      if (sides != 0 && !gen_ring_reserve (gen, 1))
        return GEN_NOMEM;
      ring_take (gen, pos);
      if (sides == 0)
        continue;
      to = gen_carve (gen, report, 14, cell, gen_pick_side (&gen->rng, sides));
      ring_push (gen, cell);
      ring_push (gen, to);
      gen->cur = to;
      return GEN_CARVED;
    }
  return GEN_FINISHED;
}

/*
 * list_step() without reports for random takes (random and mixed), for
 * speed: the same draws, takes and carves, so the same maze and the same
 * ring.  A random take lands anywhere in the maze, and on a big one its
 * cell and the rows above and below are far in memory: list_step() waits
 * for them at each take.  A run that makes the whole tree asks the carved
 * bits instead (see GenCarved), which stay in the caches, and only writes
 * the cells: each carve waits a few carves for their memory
 * (GenPending).
 */
static void
list_run (MazeGenerator *gen)
{
  const GrowingTreeMode mode0 = mode_of (gen);
  const uint32_t den = gen->spec.den, num = gen->spec.num;
  uint64_t todo = gen->tree_left, carved = 0;
  /* a copy the compiler can keep in registers */
  MazeRng rng = gen->rng;
  uint32_t cur = gen->cur;
  GenCarved c = { NULL };

  if (gen_run_makes_whole_tree (gen))
    (void) gen_carved_new (&c, gen);

  while (carved < todo && gen->ring_len > 0)
    {
      GrowingTreeMode mode = mode0;
      MazeRng turn_rng = rng; /* for a turn that runs out of memory */
      size_t pos;
      uint32_t cell;
      uint16_t sides, dir;

      if (mode == GT_MIXED)
        mode = maze_rng_below (&rng, den) < num ? GT_NEWEST : GT_RANDOM;
      if (mode == GT_NEWEST)
        pos = gen->ring_len - 1;
      else
        pos = maze_rng_below (&rng, (uint32_t) gen->ring_len);

      cell = gen->ring[(gen->ring_head + pos) & (gen->ring_cap - 1)];
      sides = gen_carved_sides (gen, &c, cell);
      if (sides != 0 && !gen_ring_reserve (gen, 1))
        {
          /* list_step() draws this turn's numbers again, and stops
           * with NOMEM where the run did */
          rng = turn_rng;
          break;
        }
      ring_take (gen, pos);
      if (sides == 0)
        continue;
      dir = gen_pick_side (&rng, sides);
      cur = gen_carved_carve (gen, &c, cell, dir);
      ring_push (gen, cell);
      ring_push (gen, cur);
      carved++;
    }
  gen_carved_end (gen, &c);
  gen->rng = rng;
  gen->cur = cur;
  gen->steps += carved;
  gen->tree_left -= carved;
}

/* The newest cell has a run of its own; the oldest cells are near each
 * other in memory, and go step by step (no run); random takes, mixed
 * with newest ones or not, are list_run()'s. */
static void
growing_tree_run (MazeGenerator *gen)
{
  switch (mode_of (gen))
    {
    case GT_NEWEST:
      newest_run (gen);
      break;
    case GT_OLDEST:
      break;
    default:
      list_run (gen);
      break;
    }
}

static GenResult
growing_tree_step (MazeGenerator *gen,
                   MazeStep      *report)
{
  if (mode_of (gen) == GT_NEWEST)
    return newest_step (gen, report);
  return list_step (gen, report);
}

static size_t
growing_tree_frontier (const MazeGenerator *gen,
                       uint32_t            *out,
                       size_t               max)
{
  switch (mode_of (gen))
    {
    case GT_NEWEST:
      return gen_moves_frontier (gen, out, max);
    case GT_OLDEST:
      return gen_ring_frontier (gen, out, max, true);
    case GT_RANDOM:
    case GT_MIXED:
    default:
      return gen_ring_frontier (gen, out, max, false);
    }
}

static const MazeGeneratorClass growing_tree_class = {
  .init = growing_tree_init,
  .step = growing_tree_step,
  .frontier = growing_tree_frontier,
  .run = growing_tree_run,
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine growing_tree_listing[] = {
  { "void growing_tree (uint16_t maze[], uint32_t first)", NULL },
  { "{", NULL },
  { "  list_add (first);", NULL },
  { "  while (!list_empty ())", NULL },
  { "    {", NULL },
  { "      uint32_t cell = list_pick ();", MAZE_N_("the newest, the oldest, a random one, or a mix") },
  { "      uint16_t sides = uncarved_sides (maze, cell);", MAZE_N_("neighbours whose passage bits are all 0") },
  { "      if (sides == 0)", NULL },
  { "        {", NULL },
  { "          list_remove (cell);", MAZE_N_("nothing left to carve from here") },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      int d = random_side (sides);", NULL },
  { "      connect_cells (maze, cell, d);", NULL },
  { "      list_add (cell + STEP[d]);", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_growing_tree_newest = {
  MAZE_LISTING (growing_tree_listing),
  .name = "growing-tree:newest",
  .alias = "growing-tree",
  /* Translators: names of maze-generating algorithms, shown in a drop-down */
  .label = MAZE_N_("Recursive Backtracker"),
  .description = MAZE_N_("Growing tree, newest cell first: a recursive backtracker with an explicit stack; long winding passages"),
  .flags = MAZE_ALGORITHM_DEFAULT | MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &growing_tree_class,
  .variant = GT_NEWEST,
};

const MazeAlgorithm maze_generator_growing_tree_oldest = {
  MAZE_LISTING (growing_tree_listing),
  .name = "growing-tree:oldest",
  .label = MAZE_N_("Growing Tree, Oldest First"),
  .description = MAZE_N_("Growing tree, oldest cell first (round robin, breadth-first): short dead ends around straight paths from the root"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &growing_tree_class,
  .variant = GT_OLDEST,
};

const MazeAlgorithm maze_generator_growing_tree_random = {
  MAZE_LISTING (growing_tree_listing),
  .name = "growing-tree:random",
  .label = MAZE_N_("Growing Tree, Random"),
  .description = MAZE_N_("Growing tree, random cell: many short branches, like Prim's"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &growing_tree_class,
  .variant = GT_RANDOM,
};

const MazeAlgorithm maze_generator_growing_tree_mixed = {
  MAZE_LISTING (growing_tree_listing),
  .name = "growing-tree:mixed",
  .label = MAZE_N_("Growing Tree, Mixed"),
  .description = MAZE_N_("Growing tree taking the newest cell with probability P, else a random one"),
  .param = {
    MAZE_PARAM_FRACTION, "P",
    MAZE_N_("Newest Cell Share"),
    MAZE_N_("the chance of taking the newest cell"),
    0, 1, 0.5,
  },
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &growing_tree_class,
  .variant = GT_MIXED,
};
