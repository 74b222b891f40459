/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * corridor.c: "corridor:N", corridors of up to N cells.
 *
 * Carve a corridor from the current cell to random uncarved neighbours
 * for up to N cells.  When it is that long, or stuck, continue from a
 * random carved cell that still has an uncarved neighbour (a junction).
 * The carved cells wait in a bag; a cell drawn from it without uncarved
 * neighbours is dropped, so each junction is uniform among the cells
 * that can still branch.
 */
#include "generator-private.h"

#include <stdlib.h>

/* The corridor generator's own state (GEN_STATE()). */
typedef struct
{
  uint32_t length;    /* cells carved in this corridor */
} CorridorState;

#define CORRIDOR(gen) GEN_STATE (gen, CorridorState)

static MazeStatus
corridor_init (MazeGenerator *gen,
               MazeError     *error)
{
  gen->first = gen_random_cell (gen);
  gen->cur = gen->first;
  CORRIDOR (gen)->length = 0;
  if (!gen_ring_reserve (gen, 1))
    return gen_nomem (gen, error);
  gen->ring[0] = gen->first;
  gen->ring_len = 1;
  return MAZE_OK;
}

static GenResult
corridor_step (MazeGenerator *gen,
               MazeStep      *report)
{
  for (;;)
    {
      uint32_t cur = gen->cur;
      uint16_t sides = 0;

      if (cur != GEN_NONE && CORRIDOR (gen)->length < gen->spec.count)
        sides = gen_uncarved_sides (gen, cur);
      if (sides != 0)
        {
          uint32_t to;

          if (!gen_ring_reserve (gen, 1))
            return GEN_NOMEM;
          to = gen_carve (gen, report, 12, cur, gen_pick_side (&gen->rng, sides));
          /* The bag is never used as a ring here: head stays 0. */
          gen->ring[gen->ring_len++] = to;
          gen->cur = to;
          CORRIDOR (gen)->length++;
          return GEN_CARVED;
        }

      /* A junction: draw carved cells until one can branch. */
      gen->cur = GEN_NONE;
      while (gen->ring_len > 0)
        {
          uint32_t k = maze_rng_below (&gen->rng, (uint32_t) gen->ring_len);
          uint32_t cell = gen->ring[k];

          if (gen_uncarved_sides (gen, cell) != 0)
            {
              gen->cur = cell;
              CORRIDOR (gen)->length = 0;
              break;
            }
          gen->ring[k] = gen->ring[--gen->ring_len];
        }
      if (gen->cur == GEN_NONE)
        return GEN_FINISHED;
    }
}

/*
 * corridor_step() without reports: the same draws and carves.  Most
 * draws from the bag are of cells that can no longer branch (at
 * 4000 x 4000, 16 M draws drop a cell and 2 M find a junction), and each
 * is a load from a random place of the bag and of the maze: on a big
 * maze, a wait for memory.  The draws that follow a dropped cell are
 * known before it is looked at: the next numbers of the generator, the
 * bag one shorter each time.  So the run keeps the next AHEAD numbers in
 * a queue, and while it checks one cell it fetches the bag entry FAR
 * draws later and the cell (with the rows above and below) NEAR draws
 * later.  A guess is only a prefetch: a wrong one costs a load, never a
 * different maze.  A run that makes the whole tree asks a bit a cell
 * (GenCarved), not the cells.
 */
#define AHEAD 8 /* a power of two */
#define FAR   6
#define NEAR  3

static inline void
prefetch_cell (const uint16_t  *cells,
               const GenCarved *c,
               uint32_t         cell,
               uint32_t         w,
               uint32_t         n)
{
  if (c->bits != NULL)
    {
      GEN_PREFETCH_READ (&c->bits[cell >> 6]);
      if (cell >= w)
        GEN_PREFETCH_READ (&c->bits[(cell - w) >> 6]);
      if (cell < n - w)
        GEN_PREFETCH_READ (&c->bits[(cell + w) >> 6]);
      return;
    }
  GEN_PREFETCH_READ (&cells[cell]);
  if (cell >= w)
    GEN_PREFETCH_READ (&cells[cell - w]);
  if (cell < n - w)
    GEN_PREFETCH_READ (&cells[cell + w]);
}

static void
corridor_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  uint32_t w = gen->width, n = gen->n;
  uint32_t count = gen->spec.count;
  uint32_t cur = gen->cur;
  uint32_t length = CORRIDOR (gen)->length;
  uint64_t todo = gen->tree_left, carved = 0;
  /* rng is the generator's own, moved on with every draw; queue[head]
   * is the number it gives next, then queue[head + 1] ..., and ahead
   * is AHEAD numbers further on. */
  MazeRng rng = gen->rng, ahead = gen->rng;
  uint64_t queue[AHEAD];
  unsigned head = 0;
  uint32_t *ring = gen->ring;
  size_t len = gen->ring_len, cap = gen->ring_cap;
  GenCarved c = { NULL };

  /* the whole tree from the start (and memory for the bits) */
  if (gen_run_makes_whole_tree (gen))
    (void) gen_carved_new (&c, gen);

  for (unsigned j = 0; j < AHEAD; j++)
    queue[j] = maze_rng_next (&ahead);

#define DRAW(value) \
  do { \
      (value) = queue[head]; \
      queue[head] = maze_rng_next (&ahead); \
      head = (head + 1) & (AHEAD - 1); \
      (void) maze_rng_next (&rng); \
  } while (0)

  while (carved < todo)
    {
      uint16_t sides = 0;

      if (cur != GEN_NONE && length < count)
        sides = gen_carved_sides (gen, &c, cur);
      if (sides != 0)
        {
          unsigned k = gen_nibble_count[sides];
          uint16_t dir = sides;
          uint32_t to;

          if (len == cap)
            {
              /* the bag grows (rarely): through the generator's own
               * state, so that a failure leaves it as a step would */
              gen->ring_len = len;
              if (!gen_ring_reserve (gen, 1))
                break;
              ring = gen->ring;
              cap = gen->ring_cap;
            }
          if (k > 1)
            {
              uint64_t value;

              DRAW (value);
              dir = gen_nibble_dirs[sides][maze_rng_scale (value, k)];
            }
          /* a junction's cells are far away: the carve waits for them */
          to = gen_carved_carve (gen, &c, cur, dir);
          ring[len++] = to;
          cur = to;
          length++;
          carved++;
          continue;
        }

      /* A junction: draw carved cells until one can branch. */
      cur = GEN_NONE;
      while (len > 0)
        {
          uint64_t value;
          uint32_t k, cell;

          if (len > FAR)
            {
              GEN_PREFETCH_READ (&ring[maze_rng_scale (queue[(head + FAR) & (AHEAD - 1)], (uint32_t) (len - FAR))]);
              prefetch_cell (cells, &c,
                             ring[maze_rng_scale (queue[(head + NEAR) & (AHEAD - 1)], (uint32_t) (len - NEAR))],
                             w, n);
            }
          DRAW (value);
          k = maze_rng_scale (value, (uint32_t) len);
          cell = ring[k];
          if (gen_carved_sides (gen, &c, cell) != 0)
            {
              cur = cell;
              length = 0;
              break;
            }
          ring[k] = ring[--len];
        }
      if (cur == GEN_NONE)
        break;
    }
#undef DRAW
  gen_carved_end (gen, &c);
  gen->cur = cur;
  CORRIDOR (gen)->length = length;
  gen->rng = rng;
  gen->ring_len = len;
  gen->steps += carved;
  gen->tree_left -= carved;
}

static size_t
corridor_frontier (const MazeGenerator *gen,
                   uint32_t            *out,
                   size_t               max)
{
  size_t total = gen->ring_len + (gen->cur != GEN_NONE);
  size_t k = 0;

  if (gen->cur != GEN_NONE && max > 0)
    out[k++] = gen->cur;
  if (k < max)
    gen_ring_frontier (gen, out + k, max - k, false);
  return total;
}

static const MazeGeneratorClass corridor_class = {
  .init = corridor_init,
  .step = corridor_step,
  .frontier = corridor_frontier,
  .run = corridor_run,
  .state_size = sizeof (CorridorState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine corridor_listing[] = {
  { "void corridors (uint16_t maze[], uint32_t first, int longest)", NULL },
  { "{", NULL },
  { "  uint32_t cell = first;", NULL },
  { "  int length = 0;", NULL },
  { "  bag_add (first);", NULL },
  { "  for (;;)", NULL },
  { "    {", NULL },
  { "      uint16_t sides = uncarved_sides (maze, cell);", MAZE_N_("neighbours whose passage bits are all 0") },
  { "      if (sides != 0 && length < longest)", NULL },
  { "        {", NULL },
  { "          int d = random_side (sides);", NULL },
  { "          connect_cells (maze, cell, d);", NULL },
  { "          cell += STEP[d];", NULL },
  { "          bag_add (cell);", NULL },
  { "          length++;", NULL },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      cell = bag_draw_with_sides (maze);", MAZE_N_("a new corridor from a random carved cell") },
  { "      if (cell == NONE)", NULL },
  { "        return;", NULL },
  { "      length = 0;", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_corridor = {
  MAZE_LISTING (corridor_listing),
  .name = "corridor",
  .label = MAZE_N_("Corridors"),
  .description = MAZE_N_("Corridors of up to N cells, each branching off a random carved cell that still has uncarved neighbours"),
  .param = {
    MAZE_PARAM_COUNT, "N",
    MAZE_N_("Longest Corridor"),
    MAZE_N_("the longest corridor, in cells"),
    1, 65535, 20,
  },
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &corridor_class,
};
