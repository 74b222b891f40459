/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dfs.c: depth-first search, solve_dfs of the tutorial maze-format.md 1
 * follows, without recursion
 * (a maze can have 2^30 cells) and without a stack of its own: the path
 * from the start to the current cell is in the maze already.  visit_cell
 * points the cell we leave at the new cell (maze[from] |= dir << 8) and
 * the new cell home (maze[to] |= opposite(dir) << 12), so the backtrack
 * nibble of the current cell leads one cell back along the path, and
 * backtrack clears the solution bits of the cell we go back to.
 * Directions are tried in the order N, E, S, W.
 *
 * The search keeps only the current cell and its depth (moves from the
 * start).  Going back lowers the depth by one, so even a maze changed
 * under the search (which the API forbids) cannot make it go round for
 * ever: a pointer that leads nowhere ends it.
 */
#include "solver-private.h"

/* DFS's own state (SOLVER_STATE()). */
typedef struct
{
  uint64_t depth;     /* moves from the start to cur (the path itself is
                       * in the maze's nibbles) */
} DfsState;

#define DFS(solver) SOLVER_STATE (solver, DfsState)

static MazeStatus
dfs_init (MazeSolver *solver,
          MazeError  *error)
{
  solver->cur = solver->start;
  DFS (solver)->depth = 0;
  return MAZE_OK;
}

/* The cell before @cell on the path (its backtrack nibble points at it),
 * or UINT32_MAX when the nibble does not name one side that has a
 * neighbour. */
static inline uint32_t
dfs_parent (const MazeSolver *solver,
            uint32_t          cell)
{
  uint16_t c = solver->cells[cell];
  uint16_t back = maze_cell_backtrack (c);

  if (back == 0 || (back & (back - 1)) != 0 || maze_cell_on_border (c, back))
    return UINT32_MAX;
  return solver_step_to (solver, cell, back);
}

/* The listing, and the lines of it each step runs. */
static const MazeListingLine dfs_listing[] = {
  { "void visit_cell (uint16_t maze[], uint32_t from, uint32_t to, int d)", NULL },
  { "{", NULL },
  { "  maze[from] |= DIR[d] << 8;", MAZE_N_("the path goes on towards d") },
  { "  maze[to] |= OPPOSITE[d] << 12;", MAZE_N_("the way back home") },
  { "}", NULL },
  { "", NULL },
  { "void backtrack (uint16_t maze[], uint32_t cell)", NULL },
  { "{", NULL },
  { "  maze[cell] &= ~SOLUTION_BITS;", MAZE_N_("the path no longer leaves this cell") },
  { "}", NULL },
  { "", NULL },
  { "bool solve_dfs (uint16_t maze[], uint32_t start, uint32_t goal)", NULL },
  { "{", NULL },
  { "  uint32_t cell = start;", NULL },
  { "  while (cell != goal)", NULL },
  { "    {", NULL },
  { "      int d = first_unvisited (maze, cell);", MAZE_N_("N, E, S, W: open, no search bits yet") },
  { "      if (d >= 0)", NULL },
  { "        {", NULL },
  { "          uint32_t next = cell + STEP[d];", NULL },
  { "          visit_cell (maze, cell, next, d);", NULL },
  { "          cell = next;", NULL },
  { "        }", NULL },
  { "      else if (cell == start)", NULL },
  { "        return false;", MAZE_N_("nowhere left to go: no path") },
  { "      else", NULL },
  { "        {", NULL },
  { "          uint16_t back = (maze[cell] & BACKTRACK_BITS) >> 12;", MAZE_N_("a dead end: the way home") },
  { "          cell += STEP[dir_index (back)];", NULL },
  { "          backtrack (maze, cell);", NULL },
  { "        }", NULL },
  { "    }", NULL },
  { "  return true;", NULL },
  { "}", NULL },
};

enum
{
  DFS_LINE_SOLUTION = 3,
  DFS_LINE_HOME = 4,
  DFS_LINE_CLEAR = 9,
  DFS_LINE_VISIT = 21,
  DFS_LINE_NO_PATH = 25,
  DFS_LINE_BACKTRACK = 30,
  DFS_LINE_FOUND = 33,
};

static void
dfs_step (MazeSolver *solver,
          MazeStep   *report)
{
  uint16_t *cells = solver->cells;
  uint32_t from = solver->cur;
  uint16_t unvisited;

  if (from == solver->goal)
    {
      solver->path_length = DFS (solver)->depth;
      solver_finish (solver, report, true, from, DFS_LINE_FOUND);
      return;
    }

  unvisited = solver_unvisited_dirs (solver, from);
  if (unvisited != 0)
    {
      /* lowest bit first: N, E, S, W */
      uint16_t dir = (uint16_t) (unvisited & -unvisited);
      uint32_t to = solver_step_to (solver, from, dir);

      maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
      maze_step_at (report, DFS_LINE_VISIT);
      maze_op_or (cells, report, from, dir, MAZE_SOLUTION_SHIFT, DFS_LINE_SOLUTION);
      maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT, DFS_LINE_HOME);
      DFS (solver)->depth++;
      solver->cur = to;
      solver->visited++;
      solver_note_frontier (solver, DFS (solver)->depth + 1);
      return;
    }

  /* A dead end: leave it, back to the cell before it on the path. */
  if (DFS (solver)->depth == 0 || (solver->cur = dfs_parent (solver, from)) == UINT32_MAX)
    {
      solver->cur = from;
      solver_finish (solver, report, false, from, DFS_LINE_NO_PATH);
      return;
    }
  DFS (solver)->depth--;
  maze_step_begin (report, MAZE_STEP_BACKTRACK, from, solver->cur,
                   maze_opposite (maze_cell_backtrack (cells[from])));
  maze_step_at (report, DFS_LINE_BACKTRACK);
  maze_op_clear (cells, report, solver->cur, MAZE_SOLUTION_MASK, DFS_LINE_CLEAR);
}

/* maze_solver_run()'s search: the same steps as dfs_step(), with
 * the state in registers and no reports. */
static void
dfs_run (MazeSolver *solver)
{
  uint16_t *cells = solver->cells;
  const uint32_t start = solver->start, goal = solver->goal;
  const uint32_t delta[4] = { (uint32_t) 0 - solver->width, 1, solver->width, (uint32_t) 0 - 1 };
  uint32_t cur = solver->cur;
  uint64_t depth = DFS (solver)->depth, max_depth = solver->max_frontier - 1;
  uint64_t steps = 0, visited = 0;
  unsigned done = 0; /* sides of cur known to lead to visited cells */
  /* maze_solver_run_steps (): stop after that many steps (0: never), and
   * hand out the words changed, as dfs_step () reports them */
  const uint64_t limit = solver->stop_after;
  uint32_t *touched = solver->touched != NULL ? solver->touched + solver->n_touched : NULL;
  size_t n_touched = 0;

  while (cur != goal)
    {
      uint16_t c;

      /* (stopped as dfs_step () would leave it after this many) */
      if (limit != 0 && steps == limit)
        break;
      c = cells[cur];
      unsigned open = solver_open_dirs (c) & ~(c >> MAZE_BACKTRACK_SHIFT) & ~done;
      uint32_t to = UINT32_MAX;
      unsigned k = 0;

      /* the first open side, not back home, to a cell not visited */
      while (open != 0)
        {
          k = maze_lowest_bit (open);
          open &= open - 1;
          to = cur + delta[k];
          if ((cells[to] & MAZE_BACKTRACK_MASK) == 0 && to != start)
            break;
          to = UINT32_MAX;
        }
      if (to != UINT32_MAX)
        {
          uint16_t dir = (uint16_t) (1u << k);

          cells[cur] |= (uint16_t) (dir << MAZE_SOLUTION_SHIFT);
          cells[to] |= (uint16_t) (maze_opposite (dir) << MAZE_BACKTRACK_SHIFT);
          if (touched != NULL)
            {
              touched[n_touched++] = cur;
              touched[n_touched++] = to;
            }
          cur = to;
          done = 0;
          if (++depth > max_depth)
            max_depth = depth;
          visited++;
        }
      else
        {
          /* A dead end: back along the path.  The sides of the cell we go
           * back to up to the one that led here need no second look:
           * the first of them to a new cell was taken. */
          uint16_t back_from = maze_opposite (maze_cell_backtrack (c));

          if (depth == 0 || (to = dfs_parent (solver, cur)) == UINT32_MAX)
            break;
          cells[to] &= (uint16_t) ~MAZE_SOLUTION_MASK;
          if (touched != NULL)
            touched[n_touched++] = to;
          cur = to;
          done = (unsigned) (back_from << 1) - 1;
          depth--;
        }
      steps++;
    }
  solver->cur = cur;
  DFS (solver)->depth = depth;
  solver->max_frontier = max_depth + 1;
  solver->steps += steps;
  solver->visited += visited;
  solver->n_touched += n_touched;
  if (limit != 0 && steps == limit)
    return;
  /* The step that finds the goal or gives up is the last one (it changes
   * no word). */
  solver->steps++;
  dfs_step (solver, NULL);
}

static size_t
dfs_frontier (const MazeSolver *solver,
              uint32_t         *out,
              size_t            max)
{
  uint32_t c = solver->cur;
  size_t n = (size_t) DFS (solver)->depth + 1;

  /* the path home from the current cell: what a stack would hold, top
   * first */
  for (size_t i = 0; i < max && i < n && c != UINT32_MAX; i++)
    {
      out[i] = c;
      c = dfs_parent (solver, c);
    }
  return n;
}

/* The cell that will be on top of the stack: the first unvisited
 * neighbour of the top, or the cell below it. */
static bool
dfs_next_cell (const MazeSolver *solver,
               uint32_t         *cell,
               uint32_t         *ties,
               unsigned          max_ties,
               unsigned         *n_ties)
{
  uint32_t top = solver->cur;
  uint16_t unvisited;

  if (top == solver->goal)
    return false;
  unvisited = solver_unvisited_dirs (solver, top);
  if (unvisited != 0)
    *cell = solver_step_to (solver, top, (uint16_t) (unvisited & -unvisited));
  else if (DFS (solver)->depth >= 1 && dfs_parent (solver, top) != UINT32_MAX)
    *cell = dfs_parent (solver, top);
  else
    return false;
  return true;
}

static const MazeSolverClass dfs_class = {
  .init = dfs_init,
  .step = dfs_step,
  .frontier = dfs_frontier,
  .run = dfs_run,
  .run_stops = true,
  .next_cell = dfs_next_cell,
  .state_size = sizeof (DfsState),
};

const MazeAlgorithm maze_solver_dfs = {
  .name = "dfs",
  /* Translators: names of the search algorithms that solve a maze */
  .label = MAZE_N_("Depth-First Search"),
  .description = MAZE_N_("Depth-first search: follow one corridor until it ends, then back up"),
  /* Translators: abbreviation of depth-first search, the subject of sentences such as "BFS reached (5, 3) from the west" */
  .subject = MAZE_N_("DFS"),
  /* Translators: the list of cells a depth-first search keeps */
  .frontier = MAZE_N_("DFS stack, top first"),
  /* Translators: in a colour legend: the cells a depth-first search keeps */
  .legend = MAZE_N_("stack"),
  /* Translators: why the cell a depth-first search takes next is the right answer */
  .next_rule = MAZE_N_("DFS goes on to the first neighbour it has not visited, "
                       "trying north, east, south and west, and backs up when "
                       "there is none"),
  .flags = MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_LIVE_PATH,
  .solver = &dfs_class,
  MAZE_LISTING (dfs_listing),
};
