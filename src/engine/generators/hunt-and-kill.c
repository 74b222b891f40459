/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hunt-and-kill.c: a random walk into uncarved cells ("kill") until it is
 * stuck, then a hunt: the first uncarved cell in row-major order beside
 * the maze is joined to a random carved neighbour and the walk goes on
 * from it.  The hunt and the passage it ends with are one step.
 *
 * A hunt that scanned the rows would make the whole build grow faster
 * than the number of cells.  Instead, one bit a cell marks the cells a
 * hunt may take (uncarved, inside the shape, with a carved neighbour),
 * kept up to date at each carve: the newly carved cell loses its bit, its
 * uncarved neighbours gain theirs.  Above it, a bit a 64-bit word says
 * "this word may have a bit", and a third level does the same for the
 * second; the hunt takes the lowest bit, about 0.13 bytes a cell.  The
 * summary bits are set with their word and cleared only when a hunt finds
 * the word below empty.
 */
#include "generator-private.h"

/* Hunt and kill's own state (GEN_STATE()). */
typedef struct
{
  /* The cells a hunt may take, one bit a cell, and two summary
   * levels above it. */
  uint64_t *bits;
  uint32_t  words[3]; /* words of each level */
  uint32_t  low;      /* no top-level word before it has a bit */
} HuntState;

#define HUNT(gen) GEN_STATE (gen, HuntState)

#define LEVEL1(gen) (HUNT (gen)->bits + HUNT (gen)->words[0])
#define LEVEL2(gen) (LEVEL1 (gen) + HUNT (gen)->words[1])

static size_t
bits_size (const MazeGenerator *gen)
{
  return ((size_t) HUNT (gen)->words[0] + HUNT (gen)->words[1] + HUNT (gen)->words[2])
         * sizeof (uint64_t);
}

/* Mark cell @i as one a hunt may take. */
static inline void
hunt_add (uint64_t *bits,
          uint64_t *level1,
          uint64_t *level2,
          uint32_t *low,
          uint32_t  i)
{
  uint64_t old = bits[i >> 6];

  bits[i >> 6] = old | (UINT64_C (1) << (i & 63));
  if (old == 0)
    {
      level1[i >> 12] |= UINT64_C (1) << ((i >> 6) & 63);
      level2[i >> 18] |= UINT64_C (1) << ((i >> 12) & 63);
      if ((i >> 18) < *low)
        *low = i >> 18;
    }
}

/* The lowest cell a hunt may take, or GEN_NONE. */
static inline uint32_t
hunt_lowest (uint64_t *bits,
             uint64_t *level1,
             uint64_t *level2,
             uint32_t *low,
             uint32_t  n_top)
{
  for (;;)
    {
      uint32_t j1, j0;

      while (*low < n_top && level2[*low] == 0)
        (*low)++;
      if (*low == n_top)
        return GEN_NONE;
      j1 = (*low << 6) + maze_lowest_bit (level2[*low]);
      if (level1[j1] == 0)
        {
          level2[*low] &= ~(UINT64_C (1) << (j1 & 63));
          continue;
        }
      j0 = (j1 << 6) + maze_lowest_bit (level1[j1]);
      if (bits[j0] == 0)
        {
          level1[j1] &= ~(UINT64_C (1) << (j0 & 63));
          continue;
        }
      return (j0 << 6) + maze_lowest_bit (bits[j0]);
    }
}

/* Cell @i was just carved (or is the root): it leaves the hunt's set and
 * its neighbours of @uncarved (a nibble) join it. */
static inline void
hunt_carved (MazeGenerator *gen,
             uint32_t       i,
             uint16_t       uncarved)
{
  uint64_t *bits = HUNT (gen)->bits;

  bits[i >> 6] &= ~(UINT64_C (1) << (i & 63));
  for (unsigned k = 0; k < gen_nibble_count[uncarved]; k++)
    hunt_add (bits, LEVEL1 (gen), LEVEL2 (gen), &HUNT (gen)->low,
              i + gen->delta[gen_nibble_dirs[uncarved][k]]);
}

static MazeStatus
hunt_and_kill_init (MazeGenerator *gen,
                    MazeError     *error)
{
  HUNT (gen)->words[0] = gen->n / 64 + 1;
  HUNT (gen)->words[1] = HUNT (gen)->words[0] / 64 + 1;
  HUNT (gen)->words[2] = HUNT (gen)->words[1] / 64 + 1;
  HUNT (gen)->low = HUNT (gen)->words[2];
  HUNT (gen)->bits = gen_alloc (gen, bits_size (gen), true);
  if (HUNT (gen)->bits == NULL)
    return gen_nomem (gen, error);
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  /* The root counts as carved from the start: only its neighbours can be
   * hunted (a hunt comes after the first carve, which carves the root). */
  hunt_carved (gen, gen->first, gen_inner_sides (gen->cells[gen->first]));
  return MAZE_OK;
}

/* The sides of @i that lead to a carved cell. */
static inline uint16_t
carved_sides (const MazeGenerator *gen,
              uint32_t             i)
{
  return (uint16_t) (gen_inner_sides (gen->cells[i]) & ~gen_uncarved_sides (gen, i));
}

static GenResult
hunt_and_kill_step (MazeGenerator *gen,
                    MazeStep      *report)
{
  uint16_t sides = gen_uncarved_sides (gen, gen->cur);
  uint32_t i;
  uint16_t d;

  if (sides != 0)
    {
      gen->cur = gen_carve (gen, report, 10, gen->cur, gen_pick_side (&gen->rng, sides));
      hunt_carved (gen, gen->cur, gen_uncarved_sides (gen, gen->cur));
      return GEN_CARVED;
    }

  /* The hunt. */
  i = hunt_lowest (HUNT (gen)->bits, LEVEL1 (gen), LEVEL2 (gen), &HUNT (gen)->low,
                   HUNT (gen)->words[2]);
  if (i == GEN_NONE)
    return GEN_FINISHED;
  d = gen_pick_side (&gen->rng, carved_sides (gen, i));
  gen_carve (gen, report, 18, i + gen->delta[d], maze_opposite (d));
  gen->cur = i;
  hunt_carved (gen, i, gen_uncarved_sides (gen, i));
  return GEN_CARVED;
}

/*
 * hunt_and_kill_step() without reports: the same draws and carves, with
 * the state in locals, and the uncarved sides of a cell found once for
 * both the hunt's bits and the next move of the walk.
 */
static void
hunt_and_kill_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  uint64_t *bits = HUNT (gen)->bits;
  uint64_t *level1 = LEVEL1 (gen);
  uint64_t *level2 = LEVEL2 (gen);
  uint32_t n_top = HUNT (gen)->words[2];
  uint32_t low = HUNT (gen)->low;
  uint32_t w = gen->width;
  uint32_t cur = gen->cur;
  uint64_t left = gen->tree_left;
  uint64_t carved = 0;
  MazeRng rng = gen->rng;
  const uint32_t step[4] = { (uint32_t) 0 - w, 1, w, (uint32_t) 0 - 1 };
  uint16_t sides;

  if (left == 0)
    return;
  sides = gen_uncarved_sides (gen, cur);
  for (;;)
    {
      uint16_t dir, inner;
      uint32_t k;

      if (sides != 0)
        {
          /* the walk */
          dir = gen_pick_side (&rng, sides);
          k = gen_index_of_dir (dir);
          cells[cur] |= dir;
          cur += step[k];
          cells[cur] |= maze_opposite (dir);
        }
      else
        {
          /* the hunt: join the lowest marked cell to a carved neighbour */
          uint32_t i = hunt_lowest (bits, level1, level2, &low, n_top);
          uint16_t uncarved, joined;

          if (i == GEN_NONE)
            break;
          uncarved = gen_uncarved_sides (gen, i);
          joined = (uint16_t) (gen_inner_sides (cells[i]) & ~uncarved);
          dir = gen_pick_side (&rng, joined);
          k = gen_index_of_dir (dir);
          cells[i] |= dir;
          cells[i + step[k]] |= maze_opposite (dir);
          cur = i;
        }

      /* cur is newly carved: off the hunt's bits, its uncarved
       * neighbours on, and they are where the walk can go next */
      bits[cur >> 6] &= ~(UINT64_C (1) << (cur & 63));
      inner = gen_inner_sides (cells[cur]);
      sides = 0;
      if ((inner & MAZE_N) && (cells[cur - w] & MAZE_PASSAGE_MASK) == 0)
        {
          sides |= MAZE_N;
          hunt_add (bits, level1, level2, &low, cur - w);
        }
      if ((inner & MAZE_E) && (cells[cur + 1] & MAZE_PASSAGE_MASK) == 0)
        {
          sides |= MAZE_E;
          hunt_add (bits, level1, level2, &low, cur + 1);
        }
      if ((inner & MAZE_S) && (cells[cur + w] & MAZE_PASSAGE_MASK) == 0)
        {
          sides |= MAZE_S;
          hunt_add (bits, level1, level2, &low, cur + w);
        }
      if ((inner & MAZE_W) && (cells[cur - 1] & MAZE_PASSAGE_MASK) == 0)
        {
          sides |= MAZE_W;
          hunt_add (bits, level1, level2, &low, cur - 1);
        }
      if (++carved == left)
        break;
    }
  HUNT (gen)->low = low;
  gen->rng = rng;
  gen->cur = cur;
  gen->steps += carved;
  gen->tree_left -= carved;
}

static unsigned
hunt_and_kill_arrays (MazeGenerator *gen,
                      GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &HUNT (gen)->bits, bits_size (gen) };
  return 1;
}

static const MazeGeneratorClass hunt_and_kill_class = {
  .init = hunt_and_kill_init,
  .step = hunt_and_kill_step,
  .run = hunt_and_kill_run,
  .arrays = hunt_and_kill_arrays,
  .state_size = sizeof (HuntState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine hunt_and_kill_listing[] = {
  { "void hunt_and_kill (uint16_t maze[], uint32_t first)", NULL },
  { "{", NULL },
  { "  uint32_t cell = first;", NULL },
  { "  for (;;)", NULL },
  { "    {", NULL },
  { "      uint16_t sides = uncarved_sides (maze, cell);", MAZE_N_("neighbours whose passage bits are all 0") },
  { "      if (sides != 0)", NULL },
  { "        {", NULL },
  { "          int d = random_side (sides);", MAZE_N_("kill: walk on") },
  { "          connect_cells (maze, cell, d);", NULL },
  { "          cell += STEP[d];", NULL },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      cell = hunt (maze);", MAZE_N_("hunt: the first uncarved cell beside a carved one") },
  { "      if (cell == NONE)", NULL },
  { "        return;", NULL },
  { "      int d = random_side (carved_sides (maze, cell));", NULL },
  { "      connect_cells (maze, cell + STEP[d], (d + 2) % 4);", MAZE_N_("from the tree to the cell") },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_hunt_and_kill = {
  MAZE_LISTING (hunt_and_kill_listing),
  .name = "hunt-and-kill",
  .label = MAZE_N_("Hunt and Kill"),
  .description = MAZE_N_("Hunt and kill: a random walk until stuck, then a row-by-row hunt for an uncarved cell beside the maze"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &hunt_and_kill_class,
};
