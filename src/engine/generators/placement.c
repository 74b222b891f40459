/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * placement.c: where the start and the goal go.
 *
 *   corners  start top-left, goal bottom-right; in a shape, its first and
 *            last cells in reading order
 *   rows     a random cell of the top row and one of the bottom row; in
 *            a shape, of its first and last rows
 *   far      a random start; the goal is the cell farthest from it by a
 *            breadth-first search through the passages (so they lie
 *            far apart).  The start stays random, so the seed still
 *            chooses it; ties go to the cell the search reaches last.
 *
 * The random choices use their own PRNG seeded with the seed XOR
 * PLACE_SALT, so they do not repeat the generator's first draws.
 *
 * Openings: the old start's and goal's openings are closed, then, when
 * asked, the start opens on its first border side among N, W, S, E and
 * the goal on its first among S, E, N, W (as maze_set_start() and
 * maze_set_goal() move them).  A cell off the border gets no opening.
 */
#include "generator-private.h"

#include <stdlib.h>
#include <string.h>

#define PLACE_SALT UINT64_C (0x706C6163656D656E) /* "placemen" */

static const char *const placement_names[] = { "corners", "rows", "far" };

int
maze_placement_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  for (int k = 0; k < 3; k++)
    {
      if (strcmp (name, placement_names[k]) == 0)
        return k;
    }
  return -1;
}

const char *
maze_placement_name (MazePlacement placement)
{
  if ((unsigned) placement > MAZE_PLACE_FAR)
    return NULL;
  return placement_names[placement];
}

/* A random cell of the maze in row @y (which has one): one draw below
 * the number of such cells, so a rectangle's is the column drawn. */
static uint32_t
random_in_row (const Maze *maze,
               MazeRng    *rng,
               uint32_t    y)
{
  const uint16_t *row = maze_cells_const (maze) + (size_t) y * maze_width (maze);
  uint32_t w = maze_width (maze), count = 0, k;

  if (!maze_is_shaped (maze))
    return y * w + maze_rng_below (rng, w);
  for (uint32_t x = 0; x < w; x++)
    count += !maze_cell_outside (row[x]);
  k = maze_rng_below (rng, count);
  for (uint32_t x = 0; x < w; x++)
    if (!maze_cell_outside (row[x]) && k-- == 0)
      return y * w + x;
  return y * w;
}

/* The cell a breadth-first search from @from reaches last. */
static MazeStatus
farthest (const Maze *maze,
          uint32_t    from,
          uint32_t   *out,
          MazeError  *error)
{
  MazeSearchResult found;

  if (!maze_search_distances (maze, from, from, &found))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the search for the distances")),
                           MAZE_NUM (found.nomem_bytes));
  *out = found.last;
  return MAZE_OK;
}

MazeStatus
maze_place_endpoints (Maze          *maze,
                      MazePlacement  placement,
                      bool           openings,
                      uint64_t       seed,
                      MazeError     *error)
{
  return gen_place_endpoints (maze, placement, openings, seed, NULL, 0, error);
}

/* Records the words of @cells that differ from @before as the changes of
 * @report, one a word: an opening made (|=) or closed (&= ~). */
static void
record_openings (MazeStep       *report,
                 const uint16_t *cells,
                 const uint32_t  which[4],
                 const uint16_t  before[4],
                 unsigned        tail)
{
  for (unsigned k = 0; k < 4; k++)
    {
      uint32_t i = which[k];
      uint16_t opened, closed;
      bool seen = false;

      for (unsigned j = 0; j < k; j++)
        seen = seen || which[j] == i;
      if (seen || cells[i] == before[k])
        continue;
      opened = (uint16_t) (cells[i] & ~before[k] & MAZE_PASSAGE_MASK);
      closed = (uint16_t) (before[k] & ~cells[i] & MAZE_PASSAGE_MASK);
      if (closed == 0)
        maze_step_record (report, i, before[k], cells[i], MAZE_OP_OR, opened, MAZE_PASSAGE_SHIFT,
                          tail + (i == which[2] ? MAZE_LISTING_OPEN_START : MAZE_LISTING_OPEN_GOAL));
      else if (opened == 0)
        maze_step_record (report, i, before[k], cells[i], MAZE_OP_AND_NOT, closed, MAZE_PASSAGE_SHIFT,
                          tail + (i == which[0] ? MAZE_LISTING_CLOSE_START : MAZE_LISTING_CLOSE_GOAL));
      else
        {
          /* An endpoint that stays, with its opening moved to another side:
           * one change a word, so four always fit in the report. */
          char expr[MAZE_EXPR_MAX];

          snprintf (expr, sizeof expr, "maze[%u] ^= 0x%X", i, (unsigned) (opened | closed));
          maze_step_record_expr (report, i, before[k], cells[i], expr,
                                 tail + MAZE_LISTING_MOVE_OPENING);
        }
    }
}

MazeStatus
gen_place_endpoints (Maze          *maze,
                     MazePlacement  placement,
                     bool           openings,
                     uint64_t       seed,
                     MazeStep      *report,
                     unsigned       tail,
                     MazeError     *error)
{
  uint32_t w = maze_width (maze);
  uint16_t *cells = maze_cells (maze);
  uint32_t first = maze_first_inside (maze), last = maze_last_inside (maze);
  uint32_t start = 0, goal = 0;
  uint32_t which[4];
  uint16_t before[4];
  MazeStatus status;
  MazeRng rng;

  maze_rng_seed (&rng, seed ^ PLACE_SALT);
  switch (placement)
    {
    case MAZE_PLACE_CORNERS:
      start = first;
      goal = last;
      break;
    case MAZE_PLACE_ROWS:
      start = random_in_row (maze, &rng, first / w);
      goal = random_in_row (maze, &rng, last / w);
      break;
    case MAZE_PLACE_FAR:
      start = maze_nth_inside (maze, maze_rng_below (&rng, maze_n_inside (maze)));
      status = farthest (maze, start, &goal, error);
      if (status != MAZE_OK)
        return status;
      break;
    default:
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_PLACEMENT,
                             MAZE_NUM ((int) placement));
    }

  /* The only words placement changes: the old and the new endpoints. */
  which[0] = maze_start (maze);
  which[1] = maze_goal (maze);
  which[2] = start;
  which[3] = goal;
  for (unsigned k = 0; k < 4; k++)
    before[k] = cells[which[k]];
  maze_step_begin (report, MAZE_STEP_OPENING, start, goal, 0);
  maze_step_at (report, tail + MAZE_LISTING_OPEN_START);

  /* Close the old openings first, so the moves below carry none along. */
  cells[maze_start (maze)] &= (uint16_t) ~maze_cell_border (cells[maze_start (maze)]);
  cells[maze_goal (maze)] &= (uint16_t) ~maze_cell_border (cells[maze_goal (maze)]);
  status = maze_set_endpoints (maze, start, goal, error);
  if (status != MAZE_OK)
    return status;
  if (openings)
    {
      maze_open_first_border_side (cells, start, MAZE_START_OPENING_ORDER);
      maze_open_first_border_side (cells, goal, MAZE_GOAL_OPENING_ORDER);
    }
  if (report != NULL)
    record_openings (report, cells, which, before, tail);
  return MAZE_OK;
}
