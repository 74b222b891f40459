/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * recursive-division.c: start with every interior wall open, then split
 * the chamber with a wall across it that keeps one random gap, and do the
 * same to both halves until every chamber is one cell wide or high.  Each
 * step builds one wall segment (MAZE_STEP_BUILD_WALL).  A chamber is cut
 * across its longer side (at random when square).
 *
 * The chambers waiting are a stack: each split replaces one chamber by at
 * most two smaller ones, so it never holds more than width + height.
 *
 * It cannot fill a shaped maze: its chambers are rectangles, and a wall
 * across a chamber that a shape's edge crosses twice keeps one gap for
 * two (or more) regions, cutting one off.
 */
#include "generator-private.h"

/* A chamber of recursive division. */
typedef struct
{
  uint32_t x, y, w, h;
} GenChamber;

/* Recursive division's own state (GEN_STATE()). */
typedef struct
{
  GenChamber *stack;
  size_t      len;
  size_t      cap;
  bool        active;     /* a line is being built */
  bool        horizontal; /* the line is a row of S walls */
  uint32_t    fixed;      /* its row (horizontal) or column */
  uint32_t    from;       /* first column / row of the line */
  uint32_t    len_line;
  uint32_t    gap;        /* offset of the gap in the line */
  uint32_t    at;         /* next offset to build */
} DivisionState;

#define DIVISION(gen) GEN_STATE (gen, DivisionState)

static void
push (MazeGenerator *gen,
      uint32_t       x,
      uint32_t       y,
      uint32_t       w,
      uint32_t       h)
{
  if (w < 2 || h < 2)
    return;
  DIVISION (gen)->stack[DIVISION (gen)->len++] = (GenChamber) { x, y, w, h };
}

static MazeStatus
recursive_division_init (MazeGenerator *gen,
                         MazeError     *error)
{
  size_t cap = (size_t) gen->width + gen->height;

  for (uint32_t i = 0; i < gen->n; i++)
    gen->cells[i] |= gen_inner_sides (gen->cells[i]);
  gen->tree_left = (uint64_t) (gen->width - 1) * (gen->height - 1);

  DIVISION (gen)->stack = gen_alloc (gen, cap * sizeof (GenChamber), false);
  if (DIVISION (gen)->stack == NULL)
    return gen_nomem (gen, error);
  DIVISION (gen)->cap = cap;
  DIVISION (gen)->len = 0;
  DIVISION (gen)->active = false;
  push (gen, 0, 0, gen->width, gen->height);
  return MAZE_OK;
}

static void
start_line (MazeGenerator *gen)
{
  GenChamber c = DIVISION (gen)->stack[--DIVISION (gen)->len];
  bool horizontal;
  uint32_t k;

  if (c.w != c.h)
    horizontal = c.w < c.h;
  else
    horizontal = maze_rng_below (&gen->rng, 2) == 0;

  DIVISION (gen)->horizontal = horizontal;
  DIVISION (gen)->at = 0;
  DIVISION (gen)->active = true;
  if (horizontal)
    {
      /* The S walls of row c.y + k. */
      k = maze_rng_below (&gen->rng, c.h - 1);
      DIVISION (gen)->fixed = c.y + k;
      DIVISION (gen)->from = c.x;
      DIVISION (gen)->len_line = c.w;
      DIVISION (gen)->gap = maze_rng_below (&gen->rng, c.w);
      push (gen, c.x, c.y + k + 1, c.w, c.h - k - 1);
      push (gen, c.x, c.y, c.w, k + 1);
    }
  else
    {
      /* The E walls of column c.x + k. */
      k = maze_rng_below (&gen->rng, c.w - 1);
      DIVISION (gen)->fixed = c.x + k;
      DIVISION (gen)->from = c.y;
      DIVISION (gen)->len_line = c.h;
      DIVISION (gen)->gap = maze_rng_below (&gen->rng, c.h);
      push (gen, c.x + k + 1, c.y, c.w - k - 1, c.h);
      push (gen, c.x, c.y, k + 1, c.h);
    }
  if (DIVISION (gen)->gap == 0)
    DIVISION (gen)->at = 1;
}

static uint32_t
line_cell (const MazeGenerator *gen,
           uint32_t             at)
{
  if (DIVISION (gen)->horizontal)
    return DIVISION (gen)->fixed * gen->width + DIVISION (gen)->from + at;
  return (DIVISION (gen)->from + at) * gen->width + DIVISION (gen)->fixed;
}

static GenResult
recursive_division_step (MazeGenerator *gen,
                         MazeStep      *report)
{
  uint32_t cell, nb;
  uint16_t dir;

  if (!DIVISION (gen)->active)
    {
      if (DIVISION (gen)->len == 0)
        return GEN_FINISHED;
      start_line (gen);
    }

  /* Every line is at least two cells long, so it has a wall besides the gap. */
  dir = DIVISION (gen)->horizontal ? MAZE_S : MAZE_E;
  cell = line_cell (gen, DIVISION (gen)->at);
  nb = cell + gen->delta[dir];
  maze_step_begin (report, MAZE_STEP_BUILD_WALL, cell, nb, dir);
  maze_step_at (report, GEN_LINE (17));
  maze_op_build_wall (gen->cells, report, cell, nb, dir, GEN_LINE (4));
  gen->cur = cell;

  DIVISION (gen)->at++;
  if (DIVISION (gen)->at == DIVISION (gen)->gap)
    DIVISION (gen)->at++;
  if (DIVISION (gen)->at >= DIVISION (gen)->len_line)
    DIVISION (gen)->active = false;
  return GEN_CARVED;
}

/* The next wall of the line, then the top-left cells of the chambers
 * waiting, next first. */
static size_t
recursive_division_frontier (const MazeGenerator *gen,
                             uint32_t            *out,
                             size_t               max)
{
  size_t k = 0;
  size_t total = DIVISION (gen)->len + (DIVISION (gen)->active ? 1 : 0);

  if (DIVISION (gen)->active && k < max)
    out[k++] = line_cell (gen, DIVISION (gen)->at);
  for (size_t j = DIVISION (gen)->len; j > 0 && k < max; j--)
    {
      const GenChamber *c = &DIVISION (gen)->stack[j - 1];

      out[k++] = c->y * gen->width + c->x;
    }
  return total;
}

static unsigned
recursive_division_arrays (MazeGenerator *gen,
                           GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &DIVISION (gen)->stack,
                           DIVISION (gen)->cap * sizeof (GenChamber) };
  return 1;
}

static const MazeGeneratorClass recursive_division_class = {
  .init = recursive_division_init,
  .step = recursive_division_step,
  .frontier = recursive_division_frontier,
  .arrays = recursive_division_arrays,
  .state_size = sizeof (DivisionState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine recursive_division_listing[] = {
  { "void build_wall (uint16_t maze[], uint32_t cell, int d)", NULL },
  { "{", NULL },
  { "  uint32_t next = cell + STEP[d];", NULL },
  { "  maze[cell] &= ~DIR[d];", MAZE_N_("put this side back") },
  { "  maze[next] &= ~OPPOSITE[d];", MAZE_N_("and the neighbour's side facing back") },
  { "}", NULL },
  { "", NULL },
  { "void divide (uint16_t maze[], Area a)", MAZE_N_("it starts with every inner wall open") },
  { "{", NULL },
  { "  if (a.width < 2 || a.height < 2)", NULL },
  { "    return;", NULL },
  { "  bool across = choose_orientation (a);", MAZE_N_("cut the longer side") },
  { "  uint32_t line = random_line (a, across);", NULL },
  { "  uint32_t gap = random_gap (a, across);", NULL },
  { "  for (uint32_t k = 0; k < length (a, across); k++)", NULL },
  { "    if (k != gap)", NULL },
  { "      build_wall (maze, wall_cell (a, across, line, k), across ? 2 : 1);", NULL },
  { "  divide (maze, first_part (a, across, line));", NULL },
  { "  divide (maze, second_part (a, across, line));", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_recursive_division = {
  MAZE_LISTING (recursive_division_listing),
  .name = "recursive-division",
  .label = MAZE_N_("Recursive Division"),
  .description = MAZE_N_("Recursive division: starts open and splits chambers with walls that keep one gap"),
  .shape_limit = MAZE_N_("it splits rectangular chambers with walls that keep one gap, and "
                         "where a shape's edge crosses a wall twice, one gap is not enough"),
  .generator = &recursive_division_class,
};
