/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bfs.c: breadth-first search, solve_bfs of the tutorial maze-format.md 1
 * follows.
 *
 * A queue of cell indices (uint32_t, a MazeQueue) that holds just the
 * frontier.  A cell is marked when it is first reached, not when it is
 * dequeued, so no cell is queued twice even in a maze with loops:
 * bfs_visit_cell writes its backtrack nibble, the parent pointer
 * (maze[cell] |= opposite(dir) << 12).
 * Each step reaches one cell.  When the goal is reached the common code
 * follows the parent pointers home, one solution bit a step.
 *
 * A cell never looks back through its own parent pointer: that side leads
 * to a cell reached before it.  This also keeps the start (which has no
 * backtrack bit) out of the queue: it is dequeued first, so every open
 * neighbour of the start has the start as its parent.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

/* BFS's own state (SOLVER_STATE()). */
typedef struct
{
  unsigned dir_index; /* next direction of cur to look at */
} BfsState;

#define BFS(solver) SOLVER_STATE (solver, BfsState)

static MazeStatus
bfs_init (MazeSolver *solver,
          MazeError  *error)
{
  if (!maze_queue_make_room (&solver->queue, 1))
    return solver_nomem (solver, error);
  solver->queue.data[0] = solver->start;
  solver->queue.len = 1;
  BFS (solver)->dir_index = 4; /* nothing dequeued yet */
  return MAZE_OK;
}

/* The sides of @cell to look at: open, and not back towards its parent. */
static inline uint16_t
bfs_sides (uint16_t cell)
{
  return (uint16_t) (solver_open_dirs (cell) & ~(cell >> MAZE_BACKTRACK_SHIFT));
}

/* The listing, and the lines of it each step runs. */
static const MazeListingLine bfs_listing[] = {
  { "void bfs_visit_cell (uint16_t maze[], uint32_t cell, int d)", NULL },
  { "{", NULL },
  { "  maze[cell] |= OPPOSITE[d] << 12;", MAZE_N_("point back where we came from") },
  { "}", NULL },
  { "", NULL },
  { "bool solve_bfs (uint16_t maze[], uint32_t start, uint32_t goal)", NULL },
  { "{", NULL },
  { "  queue_push (start);", NULL },
  { "  while (!queue_empty ())", NULL },
  { "    {", NULL },
  { "      uint32_t cell = queue_pop ();", MAZE_N_("the oldest cell") },
  { "      for (int d = 0; d < 4; d++)", MAZE_N_("N, E, S, W") },
  { "        {", NULL },
  { "          uint32_t next = cell + STEP[d];", NULL },
  { "          if (!(maze[cell] & DIR[d]) || (maze[cell] & (DIR[d] << 4)))", MAZE_N_("a wall, or the way out") },
  { "            continue;", NULL },
  { "          if (maze[cell] & (DIR[d] << 12))", MAZE_N_("the way we came") },
  { "            continue;", NULL },
  { "          if (maze[next] & BACKTRACK_BITS)", MAZE_N_("reached already") },
  { "            continue;", NULL },
  { "          bfs_visit_cell (maze, next, d);", NULL },
  { "          if (next == goal)", NULL },
  { "            {", NULL },
  { "              reconstruct_solution (maze, goal);", NULL },
  { "              return true;", NULL },
  { "            }", NULL },
  { "          queue_push (next);", NULL },
  { "        }", NULL },
  { "    }", NULL },
  { "  return false;", MAZE_N_("the queue ran dry: no path") },
  { "}", NULL },
};

enum
{
  BFS_LINE_HOME = 3,
  BFS_LINE_VISIT = 21,
  BFS_LINE_NO_PATH = 30,
};

static void
bfs_step (MazeSolver *solver,
          MazeStep   *report)
{
  uint16_t *cells = solver->cells;

  for (;;)
    {
      uint32_t from;
      uint16_t sides;

      if (BFS (solver)->dir_index >= 4)
        {
          if (solver->queue.len == 0)
            {
              solver_finish (solver, report, false, solver->cur, BFS_LINE_NO_PATH);
              return;
            }
          solver->cur = solver->queue.data[solver->queue.head++];
          solver->queue.len--;
          BFS (solver)->dir_index = 0;
        }

      from = solver->cur;
      sides = bfs_sides (cells[from]);
      while (BFS (solver)->dir_index < 4)
        {
          uint16_t dir = MAZE_DIRECTIONS[BFS (solver)->dir_index++];
          uint32_t to;

          if (!(sides & dir))
            continue;
          to = solver_step_to (solver, from, dir);
          if (cells[to] & MAZE_BACKTRACK_MASK)
            continue;
          if (to != solver->goal)
            {
              if (!maze_queue_make_room (&solver->queue, 1))
                {
                  solver_out_of_memory (solver, report);
                  return;
                }
              solver->queue.data[solver->queue.head + solver->queue.len++] = to;
              solver_note_frontier (solver, solver->queue.len);
            }
          maze_step_begin (report, MAZE_STEP_REACH, to, from, dir);
          maze_step_at (report, BFS_LINE_VISIT);
          maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT, BFS_LINE_HOME);
          solver->visited++;
          if (to == solver->goal)
            solver_begin_path (solver);
          return;
        }
    }
}

/*
 * maze_solver_run()'s search: the same steps as bfs_step() (the
 * marks, the queue and the counters come out the same), in one loop with
 * no reports.  In a maze without loops every side a cell looks at leads to
 * a new cell, so the only branches that a processor cannot foresee are
 * those on how many sides a cell has.
 */
static void
bfs_run (MazeSolver *solver)
{
  uint16_t *cells = solver->cells;
  const uint32_t goal = solver->goal;
  const uint32_t delta[4] = { (uint32_t) 0 - solver->width, 1, solver->width, (uint32_t) 0 - 1 };
  uint64_t reached = 0, max_frontier = solver->max_frontier;
  uint64_t limit = solver->stop_after;
  uint32_t *queue, cur = solver->cur;
  uint32_t *touched;
  size_t head, tail;

  /* finish the cell that step-by-step calls left half expanded */
  while (solver->phase == SOLVER_SEARCH && BFS (solver)->dir_index < 4)
    {
      MazeStep step;

      solver->steps++;
      bfs_step (solver, solver->touched != NULL ? &step : NULL);
      if (solver->touched != NULL)
        for (unsigned k = 0; k < step.n_changes; k++)
          solver->touched[solver->n_touched++] = step.changes[k].index;
      if (limit > 0 && --limit == 0)
        return;
    }
  if (solver->phase != SOLVER_SEARCH)
    return;

  /* (From here on each step changes one word, its cell's: @to.) */
  touched = solver->touched != NULL ? solver->touched + solver->n_touched : NULL;
  queue = solver->queue.data;
  head = solver->queue.head;
  tail = head + solver->queue.len;
  while (head < tail)
    {
      unsigned sides;

      if (solver->queue.cap - tail < 4)
        {
          solver->queue.head = head;
          solver->queue.len = tail - head;
          if (!maze_queue_make_room (&solver->queue, 4))
            {
              solver->steps += reached;
              solver->visited += reached;
              solver->n_touched += touched != NULL ? reached : 0;
              solver->max_frontier = max_frontier;
              solver_out_of_memory (solver, NULL);
              return;
            }
          queue = solver->queue.data;
          head = solver->queue.head;
          tail = head + solver->queue.len;
        }

      cur = queue[head++];
      sides = bfs_sides (cells[cur]);
      while (sides != 0)
        {
          unsigned k = maze_lowest_bit (sides);
          uint32_t to = cur + delta[k];
          uint16_t back = (uint16_t) (maze_opposite ((uint16_t) (1u << k)) << MAZE_BACKTRACK_SHIFT);

          sides &= sides - 1;
          if (cells[to] & MAZE_BACKTRACK_MASK)
            continue;
          if (touched != NULL)
            touched[reached] = to;
          if (to == goal)
            {
              cells[to] |= back;
              reached++;
              solver->cur = cur;
              BFS (solver)->dir_index = k + 1;
              solver->queue.head = head;
              solver->queue.len = tail - head;
              solver->max_frontier = max_frontier;
              solver->steps += reached;
              solver->visited += reached;
              solver->n_touched += touched != NULL ? reached : 0;
              solver_begin_path (solver);
              return;
            }
          cells[to] |= back;
          queue[tail++] = to;
          reached++;
          if (reached == limit)
            {
              /* Stopped as bfs_step () would leave it after this step:
               * @cur taken from the queue, its sides up to k looked at. */
              solver->cur = cur;
              BFS (solver)->dir_index = k + 1;
              solver->queue.head = head;
              solver->queue.len = tail - head;
              solver->max_frontier = tail - head > max_frontier ? tail - head : max_frontier;
              solver->steps += reached;
              solver->visited += reached;
              solver->n_touched += touched != NULL ? reached : 0;
              return;
            }
        }
      if (tail - head > max_frontier)
        max_frontier = tail - head;
    }
  solver->cur = cur;
  solver->queue.head = head;
  solver->queue.len = 0;
  solver->max_frontier = max_frontier;
  solver->steps += reached + 1;
  solver->visited += reached;
  solver->n_touched += touched != NULL ? reached : 0;
  BFS (solver)->dir_index = 4;
  solver_finish (solver, NULL, false, cur, BFS_LINE_NO_PATH);
}

static size_t
bfs_frontier (const MazeSolver *solver,
              uint32_t         *out,
              size_t            max)
{
  size_t n = solver->queue.len;

  for (size_t i = 0; i < max && i < n; i++)
    out[i] = solver->queue.data[solver->queue.head + i];
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

  if (BFS (solver)->dir_index < 4 && bfs_can_reach (solver, solver->cur, BFS (solver)->dir_index))
    return false;
  if (solver->queue.len == 0)
    return false;
  head = solver->queue.data[solver->queue.head];
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
  .run_stops = true,
  .next_cell = bfs_next_cell,
  .state_size = sizeof (BfsState),
};

const MazeAlgorithm maze_solver_bfs = {
  .name = "bfs",
  .label = MAZE_N_("Breadth-First Search"),
  .description = MAZE_N_("Breadth-first search: spread out one step at a time; finds a shortest path"),
  /* Translators: abbreviation of breadth-first search, the subject of sentences such as "BFS reached (5, 3) from the west" */
  .subject = MAZE_N_("BFS"),
  /* Translators: the list of cells a breadth-first search keeps */
  .frontier = MAZE_N_("BFS queue, head first"),
  /* Translators: in a colour legend: the cells a breadth-first search keeps */
  .legend = MAZE_N_("queue"),
  /* Translators: why the cell a breadth-first search takes next is the right answer */
  .next_rule = MAZE_N_("BFS takes the oldest cell in its queue"),
  .flags = MAZE_ALGORITHM_DEFAULT | MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_SHORTEST_PATH
           | MAZE_ALGORITHM_TRACES_BACK,
  .solver = &bfs_class,
  MAZE_LISTING (bfs_listing),
};
