/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bfs.c: breadth-first search, solve_bfs of the tutorial maze-format.md 1
 * follows.
 *
 * A ring queue of cell indices (uint32_t, doubled when full).  A cell is
 * marked when it is first reached, not when it is dequeued, so no cell is
 * queued twice even in a maze with loops: bfs_visit_cell writes its
 * backtrack nibble, the parent pointer (maze[cell] |= opposite(dir) << 12).
 * Each step reaches one cell.  When the goal is reached the common code
 * follows the parent pointers home, one solution bit a step.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

static bool
bfs_enqueue (MazeSolver *solver,
             uint32_t    cell)
{
  if (solver->buf_len == solver->buf_cap)
    {
      size_t old_cap = solver->buf_cap;
      size_t wrapped = solver->buf_head; /* entries [0, head) follow [head, old_cap) */

      if (!solver_buf_reserve (solver, old_cap * 2))
        return false;
      /* Unwrap: move the wrapped prefix behind the old end. */
      memcpy (solver->cells_buf + old_cap, solver->cells_buf, wrapped * sizeof (uint32_t));
    }
  solver->cells_buf[(solver->buf_head + solver->buf_len) & (solver->buf_cap - 1)] = cell;
  solver->buf_len++;
  solver_note_frontier (solver, solver->buf_len);
  return true;
}

static MazeStatus
bfs_init (MazeSolver *solver,
          MazeError  *error)
{
  if (!solver_buf_reserve (solver, 64))
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  solver->cells_buf[0] = solver->start;
  solver->buf_len = 1;
  solver->buf_head = 0;
  solver->dir_index = 4; /* nothing dequeued yet */
  return MAZE_OK;
}

static void
bfs_step (MazeSolver *solver,
          MazeStep   *report)
{
  uint16_t *cells = solver->cells;

  for (;;)
    {
      uint32_t from;
      uint16_t open;

      if (solver->dir_index >= 4)
        {
          if (solver->buf_len == 0)
            {
              solver_finish (solver, report, false, solver->cur);
              return;
            }
          solver->cur = solver->cells_buf[solver->buf_head];
          solver->buf_head = (solver->buf_head + 1) & (solver->buf_cap - 1);
          solver->buf_len--;
          solver->dir_index = 0;
        }

      from = solver->cur;
      open = solver_open_dirs (cells[from]);
      while (solver->dir_index < 4)
        {
          uint16_t dir = MAZE_DIRECTIONS[solver->dir_index++];
          uint32_t to;

          if (!(open & dir))
            continue;
          to = solver_step_to (solver, from, dir);
          if ((cells[to] & MAZE_BACKTRACK_MASK) || to == solver->start)
            continue;
          if (to != solver->goal && !bfs_enqueue (solver, to))
            {
              solver_out_of_memory (solver, report);
              return;
            }
          maze_step_begin (report, MAZE_STEP_REACH, to, from, dir);
          maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT);
          solver->visited++;
          if (to == solver->goal)
            solver_begin_path (solver);
          return;
        }
    }
}

/* maze_solver_run()'s search: the same steps as bfs_step() (the
 * counters come out the same), in one loop with no reports. */
static void
bfs_run (MazeSolver *solver)
{
  uint16_t *cells = solver->cells;
  const uint32_t start = solver->start, goal = solver->goal;
  const uint32_t width = solver->width;
  uint64_t steps = 0, visited = 0;

  /* finish the cell that step-by-step calls left half expanded */
  while (solver->phase == SOLVER_SEARCH && solver->dir_index < 4)
    {
      solver->steps++;
      bfs_step (solver, NULL);
    }
  if (solver->phase != SOLVER_SEARCH)
    return;

  for (;;)
    {
      uint32_t from;
      uint16_t open;

      if (solver->buf_len == 0)
        {
          solver->steps += steps + 1;
          solver->visited += visited;
          solver_finish (solver, NULL, false, solver->cur);
          return;
        }
      from = solver->cells_buf[solver->buf_head];
      solver->buf_head = (solver->buf_head + 1) & (solver->buf_cap - 1);
      solver->buf_len--;
      solver->cur = from;
      open = solver_open_dirs (cells[from]);
      for (unsigned k = 0; k < 4; k++)
        {
          uint16_t dir = MAZE_DIRECTIONS[k];
          uint32_t to;

          if (!(open & dir))
            continue;
          to = maze_index_toward (width, from, dir);
          if ((cells[to] & MAZE_BACKTRACK_MASK) || to == start)
            continue;
          steps++;
          if (to == goal)
            {
              cells[to] |= (uint16_t) (maze_opposite (dir) << MAZE_BACKTRACK_SHIFT);
              solver->steps += steps;
              solver->visited += visited + 1;
              solver->dir_index = k + 1;
              solver_begin_path (solver);
              return;
            }
          if (!bfs_enqueue (solver, to))
            {
              solver->steps += steps;
              solver->visited += visited;
              solver_out_of_memory (solver, NULL);
              return;
            }
          cells[to] |= (uint16_t) (maze_opposite (dir) << MAZE_BACKTRACK_SHIFT);
          visited++;
        }
      solver->dir_index = 4;
    }
}

static size_t
bfs_frontier (const MazeSolver *solver,
              uint32_t         *out,
              size_t            max)
{
  size_t n = solver->buf_len;

  for (size_t i = 0; i < max && i < n; i++)
    out[i] = solver->cells_buf[(solver->buf_head + i) & (solver->buf_cap - 1)];
  return n;
}

/* Has cell @from a neighbour to reach through its sides from direction
 * index @k on (an open side to a cell not reached yet)? */
static bool
bfs_can_reach (const MazeSolver *solver,
               uint32_t          from,
               unsigned          k)
{
  uint16_t open = solver_open_dirs (solver->cells[from]);

  for (; k < 4; k++)
    {
      uint16_t dir = MAZE_DIRECTIONS[k];
      uint32_t to;

      if (!(open & dir))
        continue;
      to = solver_step_to (solver, from, dir);
      if (!(solver->cells[to] & MAZE_BACKTRACK_MASK) && to != solver->start)
        return true;
    }
  return false;
}

/* The head of the queue, when the next step takes it: the cell taken
 * last has nothing left to reach, and the head has something (a head
 * without is passed over within the same step, unseen). */
static bool
bfs_next_cell (const MazeSolver *solver,
               uint32_t         *cell,
               uint32_t         *ties,
               unsigned          max_ties,
               unsigned         *n_ties)
{
  uint32_t head;

  if (solver->dir_index < 4 && bfs_can_reach (solver, solver->cur, solver->dir_index))
    return false;
  if (solver->buf_len == 0)
    return false;
  head = solver->cells_buf[solver->buf_head];
  if (!bfs_can_reach (solver, head, 0))
    return false;
  *cell = head;
  return true;
}

static const MazeSolverClass bfs_class = {
  .init = bfs_init,
  .step = bfs_step,
  .frontier = bfs_frontier,
  .run = bfs_run,
  .next_cell = bfs_next_cell,
};

const MazeAlgorithm maze_solver_bfs = {
  .name = "bfs",
  .label = MAZE_N_("Breadth-First Search"),
  .description = MAZE_N_("Breadth-first search: spread out one step at a time; finds a shortest path"),
  /* Translators: abbreviation of breadth-first search, the subject of sentences such as "BFS reached (5, 3) from the west" */
  .subject = MAZE_N_("BFS"),
  /* Translators: the list of cells a breadth-first search keeps */
  .frontier = MAZE_N_("BFS queue, head first"),
  /* Translators: why the cell a breadth-first search takes next is the right answer */
  .next_rule = MAZE_N_("BFS takes the oldest cell in its queue"),
  .flags = MAZE_ALGORITHM_DEFAULT | MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_SHORTEST_PATH,
  .solver = &bfs_class,
};
