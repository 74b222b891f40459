/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * prim.c: randomised Prim.
 *
 * The frontier is the set of cells beside the tree.  Each step takes a
 * random frontier cell, joins it to a random tree neighbour and adds its
 * new neighbours to the frontier.
 *
 * Two bits a cell say whether it was ever put in the frontier ("seen")
 * and whether it is in the tree.  The choice of a step reads only these
 * bits and the frontier, never the cells: the cells of a big maze are
 * far apart in memory, and a step that only writes them lets the
 * processor go on with the next steps while those writes wait for
 * memory.  In a rectangle the sides a cell has come from its row and
 * column, not from its border bits, for the same reason.
 */
#include "generator-private.h"

/* Prim's own state (GEN_STATE()). */
typedef struct
{
  uint8_t *state;     /* two bits a cell: seen (in the tree or in
                       * the frontier), and in the tree */
  bool     shaped;    /* borders are not just the grid's edges */
} PrimState;

#define PRIM(gen) GEN_STATE (gen, PrimState)

#define SEEN 1u
#define TREE 2u

static inline unsigned
state_of (const uint8_t *state,
          uint32_t       i)
{
  return (state[i >> 2] >> ((i & 3) * 2)) & 3;
}

static inline void
state_add (uint8_t  *state,
           uint32_t  i,
           unsigned  bits)
{
  state[i >> 2] |= (uint8_t) (bits << ((i & 3) * 2));
}

static size_t
state_size (const MazeGenerator *gen)
{
  return (size_t) gen->n / 4 + 1;
}

/* Put the neighbours of @i towards @fresh (a nibble) into the frontier,
 * in N, E, S, W order; the ring has room for them. */
static void
add_neighbours (MazeGenerator *gen,
                uint32_t       i,
                uint16_t       fresh)
{
  for (unsigned k = 0; k < gen_nibble_count[fresh]; k++)
    {
      uint32_t nb = i + gen->delta[gen_nibble_dirs[fresh][k]];

      state_add (PRIM (gen)->state, nb, SEEN);
      gen->ring[gen->ring_len++] = nb;
    }
}

static MazeStatus
prim_init (MazeGenerator *gen,
           MazeError     *error)
{
  PRIM (gen)->shaped = maze_is_shaped (gen->maze);
  PRIM (gen)->state = gen_alloc (gen, state_size (gen), true);
  if (PRIM (gen)->state == NULL || !gen_ring_reserve (gen, 4))
    return gen_nomem (gen, error);
  gen->first = gen_random_cell (gen);
  state_add (PRIM (gen)->state, gen->first, SEEN | TREE);
  add_neighbours (gen, gen->first, gen_inner_sides (gen->cells[gen->first]));
  return MAZE_OK;
}

static GenResult
prim_step (MazeGenerator *gen,
           MazeStep      *report)
{
  const uint8_t *state = PRIM (gen)->state;
  uint32_t k, cell;
  uint16_t inner, in_tree = 0, fresh = 0, dir;

  if (gen->ring_len == 0)
    return GEN_FINISHED;
  /* Reserve before changing anything, so running out leaves no half step. */
  if (!gen_ring_reserve (gen, 4))
    return GEN_NOMEM;
  k = maze_rng_below (&gen->rng, (uint32_t) gen->ring_len);
  cell = gen->ring[k];
  gen->ring[k] = gen->ring[--gen->ring_len];

  inner = gen_inner_sides (gen->cells[cell]);
  for (unsigned j = 0; j < gen_nibble_count[inner]; j++)
    {
      uint16_t d = gen_nibble_dirs[inner][j];
      unsigned s = state_of (state, cell + gen->delta[d]);

      if (s & TREE)
        in_tree |= d;
      if (!(s & SEEN))
        fresh |= d;
    }
  /* A frontier cell always has a tree neighbour: it was added by one. */
  dir = gen_pick_side (&gen->rng, in_tree);
  gen_carve (gen, report, 8, cell + gen->delta[dir], maze_opposite (dir));
  gen->cur = cell;
  state_add (PRIM (gen)->state, cell, TREE);
  add_neighbours (gen, cell, fresh);
  return GEN_CARVED;
}

/*
 * prim_step() without reports: the same draws and carves.  In a rectangle
 * the choices read only the frontier and the two bits a cell, so the
 * carves can wait for their cells' memory (GenPending).  (A carve only
 * sets passage bits, which no choice here reads, and all are done before
 * the run returns.)  A side without a neighbour reads the
 * cell's own bits (seen, not in the tree) and is masked off.  A shaped
 * maze takes its sides from the border bits: it runs step by step.
 */
static void
prim_run (MazeGenerator *gen)
{
  uint8_t *state = PRIM (gen)->state;
  uint32_t *ring = gen->ring;
  size_t len = gen->ring_len;
  size_t cap = gen->ring_cap;
  uint32_t w = gen->width;
  uint32_t h = gen->height;
  uint32_t cur = gen->cur;
  uint64_t left = gen->tree_left;
  uint64_t carved = 0;
  MazeRng rng = gen->rng;
  const uint32_t step[4] = { (uint32_t) 0 - w, 1, w, (uint32_t) 0 - 1 };
  GenPending pending = { 0 };

  if (PRIM (gen)->shaped)
    {
      while (carved < left && prim_step (gen, NULL) == GEN_CARVED)
        carved++;
      gen->steps += carved;
      gen->tree_left -= carved;
      return;
    }

  while (carved < left && len > 0)
    {
      uint32_t k, cell, y, x, nb[4];
      unsigned s[4];
      uint16_t inner, in_tree, fresh, dir;

      if (len + 4 > cap)
        {
          gen->ring_len = len;
          if (!gen_ring_reserve (gen, 4))
            break; /* the next step reports it */
          ring = gen->ring;
          cap = gen->ring_cap;
        }
      k = maze_rng_below (&rng, (uint32_t) len);
      cell = ring[k];
      ring[k] = ring[--len];

      y = cell / w;
      x = cell - y * w;
      inner = (uint16_t) ((y > 0 ? MAZE_N : 0) | (x + 1 < w ? MAZE_E : 0)
                          | (y + 1 < h ? MAZE_S : 0) | (x > 0 ? MAZE_W : 0));
      for (unsigned j = 0; j < 4; j++)
        {
          nb[j] = (inner & (1u << j)) ? cell + step[j] : cell;
          s[j] = state_of (state, nb[j]);
        }
      in_tree = (uint16_t) ((((s[0] & TREE) >> 1) * MAZE_N) | (((s[1] & TREE) >> 1) * MAZE_E)
                            | (((s[2] & TREE) >> 1) * MAZE_S) | (((s[3] & TREE) >> 1) * MAZE_W));
      fresh = (uint16_t) (((~s[0] & SEEN) * MAZE_N) | ((~s[1] & SEEN) * MAZE_E)
                          | ((~s[2] & SEEN) * MAZE_S) | ((~s[3] & SEEN) * MAZE_W));
      in_tree &= inner;
      fresh &= inner;

      dir = gen_pick_side (&rng, in_tree);

      /* the carve from the tree neighbour into cell, queued */
      gen_pending_carve (gen, &pending, cell, dir);

      state_add (state, cell, TREE);
      cur = cell;
      for (unsigned j = 0; j < 4; j++)
        if (fresh & (1u << j))
          {
            state_add (state, nb[j], SEEN);
            ring[len++] = nb[j];
          }
      carved++;
    }
  gen_pending_flush (gen, &pending);
  gen->ring_len = len;
  gen->rng = rng;
  gen->cur = cur;
  gen->steps += carved;
  gen->tree_left -= carved;
}

static size_t
prim_frontier (const MazeGenerator *gen,
               uint32_t            *out,
               size_t               max)
{
  return gen_ring_frontier (gen, out, max, false);
}

static unsigned
prim_arrays (MazeGenerator *gen,
             GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &PRIM (gen)->state, state_size (gen) };
  return 1;
}

static const MazeGeneratorClass prim_class = {
  .init = prim_init,
  .step = prim_step,
  .frontier = prim_frontier,
  .run = prim_run,
  .arrays = prim_arrays,
  .state_size = sizeof (PrimState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine prim_listing[] = {
  { "void prim (uint16_t maze[], uint32_t first)", NULL },
  { "{", NULL },
  { "  frontier_add_neighbours (maze, first);", NULL },
  { "  while (!frontier_empty ())", NULL },
  { "    {", NULL },
  { "      uint32_t cell = frontier_take_random ();", NULL },
  { "      int d = random_side (sides_to_tree (maze, cell));", MAZE_N_("a neighbour already in the tree") },
  { "      connect_cells (maze, cell + STEP[d], (d + 2) % 4);", MAZE_N_("from the tree to the cell") },
  { "      frontier_add_neighbours (maze, cell);", MAZE_N_("the ones not seen yet") },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_prim = {
  MAZE_LISTING (prim_listing),
  .name = "prim",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Prim"),
  .description = MAZE_N_("Randomised Prim: adds a random frontier cell to the tree, one at a time"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &prim_class,
};
