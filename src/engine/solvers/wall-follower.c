/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * wall-follower.c: keep one hand on the wall.
 *
 * With the left hand: try left of the heading, then straight on, then
 * right, then back ("wall-follower:right" mirrors it).  The solution
 * nibbles hold the walk with its loops erased: a move forward points the
 * cell we leave at the new one (maze[from] |= dir << 8); a move into a cell
 * already on the path (back into the previous cell, or round a loop into an
 * older one) clears that cell's solution bits, and then, one step each,
 * those of the cells of the loop.  The backtrack nibble of a cell records
 * the move that first reached it, so the explored cells show.
 *
 * Termination: the move taken depends only on (cell, heading), and after
 * the first move a state has exactly one predecessor, so the walk is a
 * cycle through its first state.  When it is about to take the first move
 * after leaving the start again, it has gone all the way round without
 * meeting the goal: MAZE_STEP_NO_PATH.  That is either the maze's answer
 * (no path) or the method's limit (the goal is on an island the hand
 * never touches, e.g. a room or a loop around it): a flood fill from the
 * start tells which, and the solver's stats say so
 * (unreachable_by_method).  A bound of 4 moves a cell backs this up for a
 * maze whose passages are not symmetric.
 */
#include "solver-private.h"

#include <stdlib.h>

/* The wall follower's own state (SOLVER_STATE()). */
typedef struct
{
  uint16_t heading;       /* direction of the last move */
  bool     right_hand;    /* the variant */
  /* The first state after leaving the start (a walk that comes back to
   * it goes round for ever), and the loop being erased. */
  uint32_t first_cell;
  uint16_t first_heading;
  uint32_t erase_cell;
  uint64_t moves;
} WallState;

#define WALL(solver) SOLVER_STATE (solver, WallState)

#define NONE UINT32_MAX

/* A quarter turn to the left (N -> W -> S -> E -> N) and to the right. */
static inline uint16_t
turn_left (uint16_t dir)
{
  return (uint16_t) (((dir >> 1) | (dir << 3)) & 0xF);
}

static inline uint16_t
turn_right (uint16_t dir)
{
  return (uint16_t) (((dir << 1) | (dir >> 3)) & 0xF);
}

static MazeStatus
wall_follower_init (MazeSolver *solver,
                    MazeError  *error)
{
  uint16_t cell = solver->cells[solver->start];
  uint16_t openings = (uint16_t) (cell & maze_cell_border (cell));
  uint16_t open = solver_open_dirs (cell);

  WALL (solver)->right_hand = solver->algorithm->variant != 0;
  WALL (solver)->first_cell = NONE;
  WALL (solver)->erase_cell = NONE;
  /* As if we had walked in: through the opening in the outer wall, or
   * else with our back to a wall. */
  WALL (solver)->heading = MAZE_N;
  for (unsigned k = 0; k < 4; k++)
    {
      uint16_t d = MAZE_DIRECTIONS[k];

      if ((openings & maze_opposite (d)) != 0)
        {
          WALL (solver)->heading = d;
          break;
        }
    }
  if (openings == 0)
    for (unsigned k = 0; k < 4; k++)
      {
        uint16_t d = MAZE_DIRECTIONS[k];

        if ((open & maze_opposite (d)) == 0)
          {
            WALL (solver)->heading = d;
            break;
          }
      }
  return MAZE_OK;
}

/* Does a path lead from the start to the goal?  A flood fill over the
 * passages, with a bit a cell and a stack of cells; false also when the
 * memory for it is missing (then "no path" stays the answer, as before). */
static bool
goal_reachable (const MazeSolver *solver)
{
  size_t n = solver->n_cells, cap = 1024, len = 0;
  uint8_t *seen = calloc ((n + 7) / 8, 1);
  uint32_t *stack = malloc (cap * sizeof *stack);
  bool reached = false;

  if (seen == NULL || stack == NULL)
    goto out;
  seen[solver->start / 8] |= (uint8_t) (1u << (solver->start % 8));
  stack[len++] = solver->start;
  while (len > 0 && !reached)
    {
      uint32_t c = stack[--len];
      uint16_t open = solver_open_dirs (solver->cells[c]);

      reached = c == solver->goal;
      for (unsigned k = 0; k < 4; k++)
        {
          uint32_t next;

          if ((open & MAZE_DIRECTIONS[k]) == 0)
            continue;
          next = solver_step_to (solver, c, MAZE_DIRECTIONS[k]);
          if (seen[next / 8] & (1u << (next % 8)))
            continue;
          seen[next / 8] |= (uint8_t) (1u << (next % 8));
          if (len == cap)
            {
              uint32_t *grown = realloc (stack, 2 * cap * sizeof *stack);

              if (grown == NULL)
                goto out;
              stack = grown;
              cap *= 2;
            }
          stack[len++] = next;
        }
    }
out:
  free (seen);
  free (stack);
  return reached;
}

/* The listing, and the lines of it each step runs. */
static const MazeListingLine wall_follower_listing[] = {
  { "void visit_cell (uint16_t maze[], uint32_t from, uint32_t to, int d)", NULL },
  { "{", NULL },
  { "  maze[from] |= DIR[d] << 8;", MAZE_N_("the path goes on towards d") },
  { "  if (to != start && !(maze[to] & BACKTRACK_BITS))", MAZE_N_("here for the first time:") },
  { "    maze[to] |= OPPOSITE[d] << 12;", MAZE_N_("the way back home") },
  { "}", NULL },
  { "", NULL },
  { "void backtrack (uint16_t maze[], uint32_t cell)", NULL },
  { "{", NULL },
  { "  maze[cell] &= ~SOLUTION_BITS;", MAZE_N_("off the path") },
  { "}", NULL },
  { "", NULL },
  { "bool follow_wall (uint16_t maze[], uint32_t start, uint32_t goal, int hand)", NULL },
  { "{", NULL },
  { "  uint32_t cell = start;", NULL },
  { "  int heading = first_heading (maze, start);", NULL },
  { "  while (cell != goal)", NULL },
  { "    {", NULL },
  { "      int d = first_open (maze[cell], hand, heading);", MAZE_N_("the hand's side, straight on, the other side, back") },
  { "      if (d < 0 || round_again (cell, d))", NULL },
  { "        return false;", MAZE_N_("no way on: not found") },
  { "      uint32_t next = cell + STEP[d];", NULL },
  { "      heading = d;", NULL },
  { "      if (maze[next] & SOLUTION_BITS)", MAZE_N_("back onto the path: a loop") },
  { "        for (uint32_t c = next; c != cell; )", NULL },
  { "          {", NULL },
  { "            uint32_t after = follow_solution (maze, c);", MAZE_N_("where its solution bits lead") },
  { "            backtrack (maze, c);", MAZE_N_("erase the loop") },
  { "            c = after;", NULL },
  { "          }", NULL },
  { "      else", NULL },
  { "        visit_cell (maze, cell, next, d);", NULL },
  { "      cell = next;", NULL },
  { "    }", NULL },
  { "  return true;", NULL },
  { "}", NULL },
};

enum
{
  WALL_LINE_SOLUTION = 3,
  WALL_LINE_HOME = 5,
  WALL_LINE_CLEAR = 10,
  WALL_LINE_NO_PATH = 21,
  WALL_LINE_ERASE = 28,
  WALL_LINE_VISIT = 32,
  WALL_LINE_FOUND = 35,
};

/* Clear the solution bits of the next cell of an erased loop. */
static void
wall_follower_erase_step (MazeSolver *solver,
                          MazeStep   *report)
{
  uint16_t *cells = solver->cells;
  uint32_t c = WALL (solver)->erase_cell;
  uint16_t next_dir = maze_cell_solution (cells[c]);
  uint32_t next = solver_step_to (solver, c, next_dir);

  maze_step_begin (report, MAZE_STEP_BACKTRACK, c, solver->cur, 0);
  maze_step_at (report, WALL_LINE_ERASE);
  maze_op_clear (cells, report, c, MAZE_SOLUTION_MASK, WALL_LINE_CLEAR);
  solver->path_length--;
  WALL (solver)->erase_cell = maze_cell_solution (cells[next]) != 0 ? next : NONE;
}

/* The move the hand leads to from the current cell (left, straight on,
 * right, back), or 0 when the walk ends there: no way on, or about to go
 * round again (see "Termination" above). */
static uint16_t
wall_follower_choose (const MazeSolver *solver)
{
  uint32_t from = solver->cur, to;
  uint16_t open = solver_open_dirs (solver->cells[from]);
  uint16_t h = WALL (solver)->heading, dir = 0;
  uint16_t order[4];

  if (WALL (solver)->right_hand)
    {
      order[0] = turn_right (h);
      order[2] = turn_left (h);
    }
  else
    {
      order[0] = turn_left (h);
      order[2] = turn_right (h);
    }
  order[1] = h;
  order[3] = maze_opposite (h);
  for (unsigned k = 0; k < 4 && dir == 0; k++)
    if (open & order[k])
      dir = order[k];

  if (dir == 0)
    return 0;
  to = solver_step_to (solver, from, dir);
  if ((to == WALL (solver)->first_cell && dir == WALL (solver)->first_heading)
      || WALL (solver)->moves > 4 * (uint64_t) solver->n_cells + 4)
    return 0;
  return dir;
}

static void
wall_follower_step (MazeSolver *solver,
                    MazeStep   *report)
{
  uint16_t *cells = solver->cells;
  uint32_t from = solver->cur, to;
  uint16_t dir, to_solution;

  if (WALL (solver)->erase_cell != NONE)
    {
      wall_follower_erase_step (solver, report);
      return;
    }
  if (from == solver->goal)
    {
      solver_finish (solver, report, true, from, WALL_LINE_FOUND);
      return;
    }

  dir = wall_follower_choose (solver);
  if (dir == 0)
    {
      solver->missed = goal_reachable (solver);
      solver_finish (solver, report, false, from, WALL_LINE_NO_PATH);
      return;
    }
  to = solver_step_to (solver, from, dir);
  if (WALL (solver)->first_cell == NONE)
    {
      WALL (solver)->first_cell = to;
      WALL (solver)->first_heading = dir;
    }
  WALL (solver)->moves++;
  WALL (solver)->heading = dir;
  solver->cur = to;

  to_solution = maze_cell_solution (cells[to]);
  if (to_solution != 0)
    {
      /* Back onto the path: cut it at @to; the rest of the loop goes
       * in the next steps. */
      uint32_t next = solver_step_to (solver, to, to_solution);

      maze_step_begin (report, MAZE_STEP_BACKTRACK, from, to, maze_opposite (dir));
      maze_step_at (report, WALL_LINE_ERASE);
      maze_op_clear (cells, report, to, MAZE_SOLUTION_MASK, WALL_LINE_CLEAR);
      solver->path_length--;
      if (maze_cell_solution (cells[next]) != 0)
        WALL (solver)->erase_cell = next;
      return;
    }

  maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
  maze_step_at (report, WALL_LINE_VISIT);
  maze_op_or (cells, report, from, dir, MAZE_SOLUTION_SHIFT, WALL_LINE_SOLUTION);
  solver->path_length++;
  if (!solver_visited (solver, to))
    {
      maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT, WALL_LINE_HOME);
      solver->visited++;
    }
}

/* The cell the hand leads to, unless the walk is erasing a loop (it
 * stays where it is) or ends with the step. */
static bool
wall_follower_next_cell (const MazeSolver *solver,
                         uint32_t         *cell,
                         uint32_t         *ties,
                         unsigned          max_ties,
                         unsigned         *n_ties)
{
  uint16_t dir;

  if (WALL (solver)->erase_cell != NONE || solver->cur == solver->goal)
    return false;
  dir = wall_follower_choose (solver);
  if (dir == 0)
    return false;
  *cell = solver_step_to (solver, solver->cur, dir);
  return true;
}

static const MazeSolverClass wall_follower_class = {
  .init = wall_follower_init,
  .step = wall_follower_step,
  .next_cell = wall_follower_next_cell,
  .state_size = sizeof (WallState),
};

const MazeAlgorithm maze_solver_wall_follower_left = {
  .name = "wall-follower",
  .alias = "wall-follower:left",
  .label = MAZE_N_("Wall Follower, Left Hand"),
  .description = MAZE_N_("Wall follower, left hand on the wall"),
  .subject = MAZE_N_("The wall follower"),
  /* Translators: in a colour legend: the cell the wall follower stands on */
  .legend = MAZE_N_("where it stands"),
  /* Translators: why the cell the wall follower takes next is the right answer */
  .next_rule = MAZE_N_("With its left hand on the wall, the wall follower turns "
                       "left if it can, else goes straight on, else turns right, "
                       "else goes back"),
  .solver = &wall_follower_class,
  .variant = false,
  MAZE_LISTING (wall_follower_listing),
};

const MazeAlgorithm maze_solver_wall_follower_right = {
  .name = "wall-follower:right",
  .label = MAZE_N_("Wall Follower, Right Hand"),
  .description = MAZE_N_("Wall follower, right hand on the wall"),
  .subject = MAZE_N_("The wall follower"),
  /* Translators: in a colour legend: the cell the wall follower stands on */
  .legend = MAZE_N_("where it stands"),
  /* Translators: why the cell the wall follower takes next is the right answer */
  .next_rule = MAZE_N_("With its right hand on the wall, the wall follower turns "
                       "right if it can, else goes straight on, else turns left, "
                       "else goes back"),
  .solver = &wall_follower_class,
  .variant = true,
  MAZE_LISTING (wall_follower_listing),
};
