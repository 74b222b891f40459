/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sidewinder.c: row by row.  The top row is one corridor.  In every other
 * row, a run of cells grows east with a coin toss; when the coin says
 * stop (or the row ends) one random cell of the run opens north and a new
 * run begins.  Each cell below the top row gives exactly one passage.
 *
 * In a shape, "the row" is a row piece: cells side by side with no border
 * between them.  The one piece with no cell that has a neighbour to the
 * north is the top: a corridor.  In the others a run can only close north
 * from a cell with a neighbour there, so the coin is not asked while the
 * run has none; a run that reaches the piece's east end without one joins
 * the run before it (which went north) instead.  Every run then has one
 * way up, so the passages form a tree exactly when the shape has one top
 * piece: a heart, with two lobes, has two and cannot be filled this way.
 */
#include "generator-private.h"

/* Sidewinder's own state (GEN_STATE()). */
typedef struct
{
  uint32_t at;        /* the next cell to look at */
  uint32_t run_start; /* the first cell of the current run */
  uint32_t northable; /* cells of the run with a neighbour north */
  bool     top;       /* the row piece of `at` is the top one */
} SidewinderState;

#define ROWS(gen) GEN_STATE (gen, SidewinderState)

/* Does the row piece that starts at cell @i (its west side is border)
 * have no cell with a neighbour to the north? */
static bool
piece_is_top (const uint16_t *cells,
              uint32_t        i)
{
  for (;; i++)
    {
      uint16_t inner = gen_inner_sides (cells[i]);

      if (inner & MAZE_N)
        return false;
      if (!(inner & MAZE_E))
        return true;
    }
}

static MazeStatus
sidewinder_check_shape (const MazeAlgorithm *algorithm,
                        const Maze          *maze,
                        MazeError           *error)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze), tops = 0, second = 0;

  for (uint32_t i = 0; i < n; i++)
    {
      /* the first cell of a row piece: inside, with a border to the west */
      if (maze_cell_outside (cells[i]) || (gen_inner_sides (cells[i]) & MAZE_W))
        continue;
      if (piece_is_top (cells, i) && ++tops == 2)
        second = i;
    }
  if (tops == 1)
    return MAZE_OK;
  return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_SIDEWINDER,
                         MAZE_TEXT (algorithm->name), MAZE_NUM (tops),
                         MAZE_NUM (second % maze_width (maze)),
                         MAZE_NUM (second / maze_width (maze)));
}

static MazeStatus
sidewinder_init (MazeGenerator *gen,
                 MazeError     *error)
{
  ROWS (gen)->at = 0;
  ROWS (gen)->run_start = 0;
  ROWS (gen)->northable = 0;
  ROWS (gen)->top = false;
  return MAZE_OK;
}

/* Closes the run at cell @i (the run is run_start .. i): north from a
 * random one of its cells with a neighbour there, or, with none, into the
 * run before it. */
static void
close_run (MazeGenerator *gen,
           MazeStep      *report,
           uint32_t       i)
{
  uint32_t start = ROWS (gen)->run_start;
  uint32_t k;

  if (ROWS (gen)->northable == 0)
    {
      gen_carve (gen, report, 22, start, MAZE_W);
      return;
    }
  k = maze_rng_below (&gen->rng, ROWS (gen)->northable);
  /* Every cell of the run has a neighbour north (always, in a
   * rectangle): the k-th is start + k. */
  if (ROWS (gen)->northable == i - start + 1)
    {
      gen_carve (gen, report, 24, start + k, MAZE_N);
      return;
    }
  for (uint32_t c = start;; c++)
    if ((gen_inner_sides (gen->cells[c]) & MAZE_N) && k-- == 0)
      {
        gen_carve (gen, report, 24, c, MAZE_N);
        return;
      }
}

static GenResult
sidewinder_step (MazeGenerator *gen,
                 MazeStep      *report)
{
  const uint16_t *cells = gen->cells;
  uint32_t n = gen->n;

  for (uint32_t i = ROWS (gen)->at; i < n; i++)
    {
      uint16_t inner = gen_inner_sides (cells[i]);

      /* A cell outside the shape has no neighbour at all (a cell of a
       * maze being built has at least one). */
      if (inner == 0)
        continue;
      if (!(inner & MAZE_W))
        {
          /* a new row piece */
          ROWS (gen)->top = piece_is_top (cells, i);
          ROWS (gen)->run_start = i;
          ROWS (gen)->northable = 0;
        }
      gen->cur = i;
      if (ROWS (gen)->top)
        {
          if (!(inner & MAZE_E))
            continue;
          ROWS (gen)->at = i + 1;
          gen_carve (gen, report, 12, i, MAZE_E);
          return GEN_CARVED;
        }

      ROWS (gen)->northable += (inner & MAZE_N) != 0;
      ROWS (gen)->at = i + 1;
      if ((inner & MAZE_E)
          && (ROWS (gen)->northable == 0 || maze_rng_below (&gen->rng, 2) == 0))
        {
          gen_carve (gen, report, 17, i, MAZE_E);
          return GEN_CARVED;
        }
      close_run (gen, report, i);
      ROWS (gen)->run_start = i + 1;
      ROWS (gen)->northable = 0;
      return GEN_CARVED;
    }
  ROWS (gen)->at = n;
  return GEN_FINISHED;
}

/* The current run, newest cell first. */
static size_t
sidewinder_frontier (const MazeGenerator *gen,
                     uint32_t            *out,
                     size_t               max)
{
  uint32_t at = ROWS (gen)->at, start = ROWS (gen)->run_start;
  size_t total;

  if (at >= gen->n || start > at)
    return 0;
  total = (size_t) at - start + 1;
  for (size_t k = 0; k < total && k < max; k++)
    out[k] = at - (uint32_t) k;
  return total;
}

static const MazeGeneratorClass sidewinder_class = {
  .init = sidewinder_init,
  .step = sidewinder_step,
  .frontier = sidewinder_frontier,
  .check_shape = sidewinder_check_shape,
  .state_size = sizeof (SidewinderState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine sidewinder_listing[] = {
  { "void sidewinder (uint16_t maze[])", NULL },
  { "{", NULL },
  { "  uint32_t run_start = 0;", NULL },
  { "  for (uint32_t cell = 0; cell < n_cells; cell++)", NULL },
  { "    {", NULL },
  { "      if (maze[cell] & (W << 4))", MAZE_N_("the west border: a new run") },
  { "        run_start = cell;", NULL },
  { "      bool east = !(maze[cell] & (E << 4));", NULL },
  { "      if (in_top_row (cell))", NULL },
  { "        {", NULL },
  { "          if (east)", NULL },
  { "            connect_cells (maze, cell, 1);", NULL },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      if (east && (!any_north (run_start, cell) || coin_flip ()))", NULL },
  { "        {", NULL },
  { "          connect_cells (maze, cell, 1);", MAZE_N_("the run goes on east") },
  { "          continue;", NULL },
  { "        }", NULL },
  { "      uint32_t up = random_north_cell (run_start, cell);", MAZE_N_("close the run") },
  { "      if (up == NONE)", NULL },
  { "        connect_cells (maze, run_start, 3);", MAZE_N_("a run with no way north joins the one to the west") },
  { "      else", NULL },
  { "        connect_cells (maze, up, 0);", NULL },
  { "      run_start = cell + 1;", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_sidewinder = {
  MAZE_LISTING (sidewinder_listing),
  .name = "sidewinder",
  .label = MAZE_N_("Sidewinder"),
  .description = MAZE_N_("Sidewinder: row by row, runs of east passages each closed by one passage north"),
  .shape_limit = MAZE_N_("every run of a row closes with a passage north, so it fills only "
                         "a shape with one top row piece, one with no neighbour to its north"),
  .generator = &sidewinder_class,
};
