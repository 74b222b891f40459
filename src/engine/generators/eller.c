/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eller.c: Eller's algorithm, one row at a time.
 *
 * Every cell of the current row belongs to a set (the cells it is joined
 * to through the rows above).  Across: walk the row and join neighbours of
 * different sets at random (in the last row always).  Down: every set
 * sends at least one passage into the next row, others at random; a cell
 * of the next row keeps the set of the cell above it, or starts a new one.
 *
 * The sets of a row are a union-find forest over the columns, so the
 * memory is four arrays of the width, whatever the height.
 *
 * It cannot fill a shaped maze: a set must reach the next row before its
 * last cell does, and where a shape narrows, splits or ends, the cells
 * that would carry it down may not be there.
 */
#include "generator-private.h"

/* Eller's own state (GEN_STATE()). */
typedef struct
{
  uint32_t *parent;   /* union-find over the columns of this row */
  uint32_t *next;     /* the same for the next row, being built */
  uint32_t *count;    /* members of each set not yet looked at */
  uint32_t *rep;      /* per set: first column that went down */
  uint32_t  x, y;
  bool      vertical; /* phase: joining down (else across) */
} EllerState;

#define ELLER(gen) GEN_STATE (gen, EllerState)

static uint32_t
find (uint32_t *parent,
      uint32_t  x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

static MazeStatus
eller_init (MazeGenerator *gen,
            MazeError     *error)
{
  size_t size = (size_t) gen->width * sizeof (uint32_t);

  ELLER (gen)->parent = gen_alloc (gen, size, false);
  ELLER (gen)->next = gen_alloc (gen, size, false);
  ELLER (gen)->count = gen_alloc (gen, size, false);
  ELLER (gen)->rep = gen_alloc (gen, size, false);
  if (ELLER (gen)->parent == NULL || ELLER (gen)->next == NULL
      || ELLER (gen)->count == NULL || ELLER (gen)->rep == NULL)
    return gen_nomem (gen, error);
  for (uint32_t x = 0; x < gen->width; x++)
    ELLER (gen)->parent[x] = x;
  ELLER (gen)->x = 0;
  ELLER (gen)->y = 0;
  ELLER (gen)->vertical = false;
  return MAZE_OK;
}

/* Count the members of each set and forget which went down. */
static void
start_down (MazeGenerator *gen)
{
  uint32_t *parent = ELLER (gen)->parent;

  for (uint32_t x = 0; x < gen->width; x++)
    {
      ELLER (gen)->count[x] = 0;
      ELLER (gen)->rep[x] = GEN_NONE;
    }
  for (uint32_t x = 0; x < gen->width; x++)
    ELLER (gen)->count[find (parent, x)]++;
  ELLER (gen)->vertical = true;
  ELLER (gen)->x = 0;
}

static GenResult
eller_step (MazeGenerator *gen,
            MazeStep      *report)
{
  uint32_t w = gen->width;
  uint32_t *parent = ELLER (gen)->parent;

  while (ELLER (gen)->y < gen->height)
    {
      uint32_t y = ELLER (gen)->y;
      /* the cells of the last row have the border to the south */
      bool last_row = !(gen_inner_sides (gen->cells[y * w]) & MAZE_S);

      if (!ELLER (gen)->vertical)
        {
          /* join each cell to its east neighbour, up to the east border */
          while (ELLER (gen)->x < w
                 && (gen_inner_sides (gen->cells[y * w + ELLER (gen)->x]) & MAZE_E))
            {
              uint32_t x = ELLER (gen)->x++;
              uint32_t a = find (parent, x), b = find (parent, x + 1);

              if (a == b)
                continue;
              if (!last_row && maze_rng_below (&gen->rng, 2) == 0)
                continue;
              parent[a] = b;
              gen->cur = y * w + x + 1;
              gen_carve (gen, report, 9, y * w + x, MAZE_E);
              return GEN_CARVED;
            }
          if (last_row)
            return GEN_FINISHED;
          start_down (gen);
        }

      while (ELLER (gen)->x < w)
        {
          uint32_t x = ELLER (gen)->x++;
          uint32_t r = find (parent, x);
          bool must = --ELLER (gen)->count[r] == 0 && ELLER (gen)->rep[r] == GEN_NONE;

          if (must || maze_rng_below (&gen->rng, 2) == 0)
            {
              if (ELLER (gen)->rep[r] == GEN_NONE)
                ELLER (gen)->rep[r] = x;
              ELLER (gen)->next[x] = ELLER (gen)->rep[r];
              gen->cur = (y + 1) * w + x;
              gen_carve (gen, report, 15, y * w + x, MAZE_S);
              return GEN_CARVED;
            }
          ELLER (gen)->next[x] = x; /* a new set of its own below */
        }

      /* The next row's sets become the current ones. */
      ELLER (gen)->parent = ELLER (gen)->next;
      ELLER (gen)->next = parent;
      parent = ELLER (gen)->parent;
      ELLER (gen)->y = y + 1;
      ELLER (gen)->x = 0;
      ELLER (gen)->vertical = false;
    }
  return GEN_FINISHED;
}

/* The cell the row scan is at. */
static size_t
eller_frontier (const MazeGenerator *gen,
                uint32_t            *out,
                size_t               max)
{
  uint32_t x = ELLER (gen)->x, y = ELLER (gen)->y;

  if (y >= gen->height || x >= gen->width)
    return 0;
  if (max > 0)
    out[0] = y * gen->width + x;
  return 1;
}

static unsigned
eller_arrays (MazeGenerator *gen,
              GenArray       arrays[GEN_MAX_ARRAYS])
{
  size_t size = (size_t) gen->width * sizeof (uint32_t);

  arrays[0] = (GenArray) { (void **) &ELLER (gen)->parent, size };
  arrays[1] = (GenArray) { (void **) &ELLER (gen)->next, size };
  arrays[2] = (GenArray) { (void **) &ELLER (gen)->count, size };
  arrays[3] = (GenArray) { (void **) &ELLER (gen)->rep, size };
  return 4;
}

static const MazeGeneratorClass eller_class = {
  .init = eller_init,
  .step = eller_step,
  .frontier = eller_frontier,
  .arrays = eller_arrays,
  .state_size = sizeof (EllerState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine eller_listing[] = {
  { "void eller (uint16_t maze[])", NULL },
  { "{", NULL },
  { "  for (uint32_t y = 0; y < height; y++)", NULL },
  { "    {", NULL },
  { "      for (uint32_t x = 0; x + 1 < width; x++)", MAZE_N_("join neighbours of different sets") },
  { "        if (set[x] != set[x + 1] && (y == height - 1 || coin_flip ()))", NULL },
  { "          {", NULL },
  { "            merge_sets (x, x + 1);", NULL },
  { "            connect_cells (maze, y * width + x, 1);", NULL },
  { "          }", NULL },
  { "      if (y == height - 1)", NULL },
  { "        return;", NULL },
  { "      for (uint32_t x = 0; x < width; x++)", MAZE_N_("every set goes down at least once") },
  { "        if (last_chance_down (x) || coin_flip ())", NULL },
  { "          connect_cells (maze, y * width + x, 2);", NULL },
  { "      start_next_row ();", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_eller = {
  MAZE_LISTING (eller_listing),
  .name = "eller",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Eller"),
  .description = MAZE_N_("Eller: row by row with sets of connected cells; memory grows with the width only"),
  .shape_limit = MAZE_N_("it carries the sets of one row down into the next, and where the "
                         "shape narrows or ends a set can be cut off for good"),
  .generator = &eller_class,
};
