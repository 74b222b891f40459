/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dfs.c: depth-first search, solve_dfs of the tutorial maze-format.md 1
 * follows, with an explicit stack (a maze can have 2^30 cells: recursion
 * would overflow).
 *
 * The stack holds the path from the start to the current cell, and so do
 * the solution nibbles: visit_cell points the cell we leave at the new
 * cell (maze[from] |= dir << 8) and the new cell home
 * (maze[to] |= opposite(dir) << 12); backtrack clears the solution bits of
 * the cell we go back to.  Directions are tried in the order N, E, S, W.
 */
#include "solver-private.h"

static MazeStatus
dfs_init (MazeSolver *solver,
          MazeError  *error)
{
  if (!solver_buf_reserve (solver, 64))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  solver->cells_buf[0] = solver->start;
  solver->buf_len = 1;
  return MAZE_OK;
}

static void
dfs_step (MazeSolver *solver,
          MazeStep   *report)
{
  uint16_t *cells = solver->cells;
  uint32_t from = solver->cells_buf[solver->buf_len - 1];
  uint16_t unvisited;

  solver->cur = from;
  if (from == solver->goal)
    {
      solver->path_length = solver->buf_len - 1;
      solver_finish (solver, report, true, from);
      return;
    }

  unvisited = solver_unvisited_dirs (solver, from);
  if (unvisited != 0)
    {
      /* lowest bit first: N, E, S, W */
      uint16_t dir = (uint16_t) (unvisited & -unvisited);
      uint32_t to = solver_step_to (solver, from, dir);

      if (!solver_buf_reserve (solver, solver->buf_len + 1))
        {
          solver_out_of_memory (solver, report);
          return;
        }
      maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
      maze_op_or (cells, report, from, dir, MAZE_SOLUTION_SHIFT);
      maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT);
      solver->cells_buf[solver->buf_len++] = to;
      solver->cur = to;
      solver->visited++;
      solver_note_frontier (solver, solver->buf_len);
      return;
    }

  /* A dead end: leave it, back to the cell below it on the stack. */
  solver->buf_len--;
  if (solver->buf_len == 0)
    {
      solver_finish (solver, report, false, from);
      return;
    }
  solver->cur = solver->cells_buf[solver->buf_len - 1];
  maze_step_begin (report, MAZE_STEP_BACKTRACK, from, solver->cur,
                   maze_opposite (maze_cell_backtrack (cells[from])));
  maze_op_clear (cells, report, solver->cur, MAZE_SOLUTION_MASK);
}

static size_t
dfs_frontier (const MazeSolver *solver,
              uint32_t         *out,
              size_t            max)
{
  size_t n = solver->buf_len;

  for (size_t i = 0; i < max && i < n; i++)
    out[i] = solver->cells_buf[n - 1 - i];
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
  uint32_t top = solver->cells_buf[solver->buf_len - 1];
  uint16_t unvisited;

  if (top == solver->goal)
    return false;
  unvisited = solver_unvisited_dirs (solver, top);
  if (unvisited != 0)
    *cell = solver_step_to (solver, top, (uint16_t) (unvisited & -unvisited));
  else if (solver->buf_len >= 2)
    *cell = solver->cells_buf[solver->buf_len - 2];
  else
    return false;
  return true;
}

static const MazeSolverClass dfs_class = {
  .init = dfs_init,
  .step = dfs_step,
  .frontier = dfs_frontier,
  .next_cell = dfs_next_cell,
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
  /* Translators: why the cell a depth-first search takes next is the right answer */
  .next_rule = MAZE_N_("DFS goes on to the first neighbour it has not visited, "
                       "trying north, east, south and west, and backs up when "
                       "there is none"),
  .flags = MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_LIVE_PATH,
  .solver = &dfs_class,
};
