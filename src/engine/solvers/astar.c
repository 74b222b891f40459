/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * astar.c: A* search.
 *
 * The open set is a binary heap ordered by f = g + h, where g is the
 * number of moves from the start and h the Manhattan distance to the goal;
 * among equal f the larger g (the cell nearer the goal) comes first.  The
 * Manhattan distance never overestimates and changes by one a move, so
 * the first time a cell leaves the heap its g is the smallest possible:
 * only then is it marked, its backtrack nibble pointing at the parent it
 * left the heap with.  A cell can sit in the heap more than once (reached
 * on two routes); the later copies are skipped when they come out.  So on
 * a maze with loops the path is a shortest one, like BFS's, usually after
 * reaching far fewer cells.
 *
 * An entry's aux holds the side the cell was reached through (bits 0 and
 * 1, an index into MAZE_DIRECTIONS) and the cell's column above them.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

static uint64_t
astar_key (const MazeSolver *solver,
           uint32_t          cell,
           uint32_t          g)
{
  uint32_t x = cell % solver->width, y = cell / solver->width;
  uint32_t gx = solver->goal % solver->width, gy = solver->goal / solver->width;
  uint64_t h = (x > gx ? x - gx : gx - x) + (y > gy ? y - gy : gy - y);

  return ((g + h) << 32) | (UINT32_MAX - g);
}

/* Put the unmarked neighbours of @cell (g moves from the start) in the
 * open set; false on NOMEM. */
static bool
astar_expand (MazeSolver *solver,
              uint32_t    cell,
              uint32_t    g)
{
  uint16_t open = solver_open_dirs (solver->cells[cell]);

  for (unsigned k = 0; k < 4; k++)
    {
      uint16_t dir = MAZE_DIRECTIONS[k];
      uint32_t to;

      if (!(open & dir))
        continue;
      to = solver_step_to (solver, cell, dir);
      if (solver_visited (solver, to))
        continue;
      if (!solver_heap_push (&solver->heap, astar_key (solver, to, g + 1), to,
                             k | (to % solver->width) << 2))
        return false;
    }
  solver_note_frontier (solver, solver->heap.len);
  return true;
}

static MazeStatus
astar_init (MazeSolver *solver,
            MazeError  *error)
{
  if (!astar_expand (solver, solver->start, 0))
    return solver_nomem (solver, error);
  return MAZE_OK;
}

/* The listing, and the lines of it each step runs. */
static const MazeListingLine astar_listing[] = {
  { "void bfs_visit_cell (uint16_t maze[], uint32_t cell, int d)", NULL },
  { "{", NULL },
  { "  maze[cell] |= OPPOSITE[d] << 12;", MAZE_N_("point back where we came from") },
  { "}", NULL },
  { "", NULL },
  { "bool solve_astar (uint16_t maze[], uint32_t start, uint32_t goal)", NULL },
  { "{", NULL },
  { "  push_open_neighbours (maze, start, 0);", MAZE_N_("each with moves + distance to the goal") },
  { "  while (!heap_empty ())", NULL },
  { "    {", NULL },
  { "      uint32_t cell;", NULL },
  { "      int d;", NULL },
  { "      heap_pop (&cell, &d);", MAZE_N_("the lowest estimate first") },
  { "      if (maze[cell] & BACKTRACK_BITS)", MAZE_N_("reached on a shorter route") },
  { "        continue;", NULL },
  { "      bfs_visit_cell (maze, cell, d);", NULL },
  { "      if (cell == goal)", NULL },
  { "        {", NULL },
  { "          reconstruct_solution (maze, goal);", NULL },
  { "          return true;", NULL },
  { "        }", NULL },
  { "      push_open_neighbours (maze, cell, moves (cell) + 1);", NULL },
  { "    }", NULL },
  { "  return false;", MAZE_N_("the open set ran dry: no path") },
  { "}", NULL },
};

enum
{
  ASTAR_LINE_HOME = 3,
  ASTAR_LINE_VISIT = 16,
  ASTAR_LINE_NO_PATH = 24,
};

static void
astar_step (MazeSolver *solver,
            MazeStep   *report)
{
  for (;;)
    {
      SolverHeapEntry e;
      uint16_t dir;
      uint32_t from;

      if (solver->heap.len == 0)
        {
          solver_finish (solver, report, false, solver->cur, ASTAR_LINE_NO_PATH);
          return;
        }
      e = solver_heap_pop (&solver->heap);
      if (solver_visited (solver, e.cell))
        continue; /* reached on a shorter route already */

      dir = MAZE_DIRECTIONS[e.aux & 3];
      from = solver_step_to (solver, e.cell, maze_opposite (dir));
      solver->cur = e.cell;
      if (e.cell != solver->goal
          && !astar_expand (solver, e.cell, UINT32_MAX - (uint32_t) e.key))
        {
          solver_out_of_memory (solver, report);
          return;
        }
      maze_step_begin (report, MAZE_STEP_REACH, e.cell, from, dir);
      maze_step_at (report, ASTAR_LINE_VISIT);
      maze_op_or (solver->cells, report, e.cell, maze_opposite (dir), MAZE_BACKTRACK_SHIFT,
                  ASTAR_LINE_HOME);
      solver->visited++;
      if (e.cell == solver->goal)
        solver_begin_path (solver);
      return;
    }
}

/*
 * maze_solver_run()'s search: after every cell it takes, the heap holds
 * the same entries in the same slots as after astar_step() (ties between
 * equal keys fall out the same, so the marks and the counters do too),
 * with no reports.  The popped cell's
 * column comes with its entry and its row from comparing its index with
 * the goal's row; its neighbours' estimates follow from them; the side
 * back to its parent is not looked at.
 *
 * The last neighbour a cell pushes is held back until the others are in:
 * when its key is smaller than every key in the heap, the next pop would
 * take it straight back, and when solver_heap_push_pop_keeps() says that
 * the push and the pop would leave every entry where it is, both are
 * skipped and the search goes on from it.  A neighbour towards the goal
 * keeps f and gets a larger g, so its key is smaller than the popped
 * one's, the smallest of the heap: a step along a corridor towards the
 * goal costs no heap work.  Any other held neighbour goes in with
 * solver_heap_push_pop(), the push and the next pop in one.
 *
 * While it runs, the start carries a backtrack bit (it has none: it is
 * reached without a move), so "reached" is one test of a cell's nibble;
 * the bit comes off before the search ends.
 */
#define START_MARK ((uint16_t) (MAZE_N << MAZE_BACKTRACK_SHIFT))

static void
astar_run (MazeSolver *solver)
{
  uint16_t *cells = solver->cells;
  /* a copy the compiler can keep in registers: no store into the
   * entries can change it */
  SolverHeap local = solver->heap, *heap = &local;
  const uint32_t width = solver->width;
  const uint32_t start = solver->start, goal = solver->goal;
  const uint32_t last_row = solver->n_cells - width;
  const uint32_t gx = goal % width;
  const uint32_t goal_row = goal - gx, below_goal_row = goal_row + width;
  const uint32_t delta[4] = { (uint32_t) 0 - width, 1, width, (uint32_t) 0 - 1 };
  /* the entry's aux: the side index and the cell's column above it */
  const uint32_t aux_delta[4] = { 0, 1u << 2, 0, (uint32_t) 0 - (1u << 2) };
  uint64_t steps = 0, visited = 0, max_frontier = solver->max_frontier;
  uint32_t cur = solver->cur;
  enum { NO_PATH, FOUND, NOMEM } end = NO_PATH;

  cells[start] |= START_MARK;
  while (heap->len > 0)
    {
      SolverHeapEntry e = solver_heap_pop (heap);

      for (;;)
        {
          uint16_t c = cells[e.cell];
          /* the side back to the parent, opposite to the move's side */
          uint16_t back = (uint16_t) (1u << ((e.aux + 2) & 3));
          SolverHeapEntry next = { 0 };
          bool held = false;

          if ((c & MAZE_BACKTRACK_MASK) != 0)
            break; /* reached on a shorter route already */

          cur = e.cell;
          if (e.cell != goal)
            {
              /* A move changes the estimate by one: towards the goal f
               * stays, away from it f grows by two; g grows by one
               * either way. */
              uint32_t x = e.aux >> 2;
              unsigned away = (e.cell < below_goal_row ? MAZE_N : 0) | (x < gx ? 0 : MAZE_E)
                              | (e.cell < goal_row ? 0 : MAZE_S) | (x > gx ? 0 : MAZE_W);
              unsigned sides = solver_open_dirs (c) & ~back;

              while (sides != 0)
                {
                  unsigned k = maze_lowest_bit (sides);
                  uint32_t to = e.cell + delta[k];
                  unsigned up = (away >> k) & 1;
                  uint64_t key = e.key - 1 + ((uint64_t) (2 * up) << 32);
                  uint32_t aux = ((e.aux & ~3u) + aux_delta[k]) | k;

                  sides &= sides - 1;
                  if ((cells[to] & MAZE_BACKTRACK_MASK) != 0)
                    continue;
                  /* the rows above and below it, which its own turn
                   * (often the next one) will look at */
                  SOLVER_PREFETCH (cells + (to < width ? to : to - width));
                  SOLVER_PREFETCH (cells + (to < last_row ? to + width : to));
                  /* the neighbour held back was not the last one pushed */
                  if (held && !solver_heap_push (heap, next.key, next.cell, next.aux))
                    {
                      end = NOMEM;
                      goto out;
                    }
                  next = (SolverHeapEntry) { key, to, aux };
                  held = true;
                }
              if (heap->len + held > max_frontier)
                max_frontier = heap->len + held;
            }
          cells[e.cell] = (uint16_t) (c | (back << MAZE_BACKTRACK_SHIFT));
          visited++;
          steps++;
          if (e.cell == goal)
            {
              end = FOUND;
              goto out;
            }
          if (!held)
            break;
          /* the next pop's entry, after the held one's push */
          if ((heap->len > 0 && next.key >= heap->data[0].key)
              || !solver_heap_push_pop_keeps (heap))
            {
              if (!solver_heap_push_pop (heap, &next))
                {
                  end = NOMEM;
                  goto out;
                }
            }
          e = next;
        }
    }

out:
  cells[start] &= (uint16_t) ~START_MARK;
  solver->heap = local;
  solver->cur = cur;
  solver->steps += steps;
  solver->visited += visited;
  solver->max_frontier = max_frontier;
  if (end == FOUND)
    solver_begin_path (solver);
  else if (end == NOMEM)
    solver_out_of_memory (solver, NULL);
  else
    {
      solver->steps++; /* the step that finds the open set empty */
      solver_finish (solver, NULL, false, cur, ASTAR_LINE_NO_PATH);
    }
}

static size_t
astar_frontier (const MazeSolver *solver,
                uint32_t         *out,
                size_t            max)
{
  return solver_heap_sorted (&solver->heap, out, max);
}

/* The entry astar_step() takes: the heap's smallest not reached yet.
 * Entries reached already come out of the heap first, so a copy of the
 * heap is popped; equal keys come out in the heap's order, which the
 * ties report. */
static bool
astar_next_cell (const MazeSolver *solver,
                 uint32_t         *cell,
                 uint32_t         *ties,
                 unsigned          max_ties,
                 unsigned         *n_ties)
{
  SolverHeap copy = solver->heap;
  SolverHeapEntry best = { 0 };
  bool found = false;

  if (solver->heap.len == 0)
    return false;
  copy.data = malloc (solver->heap.len * sizeof (SolverHeapEntry));
  if (copy.data == NULL)
    return false;
  memcpy (copy.data, solver->heap.data, solver->heap.len * sizeof (SolverHeapEntry));
  copy.cap = copy.len;
  while (copy.len > 0 && !found)
    {
      best = solver_heap_pop (&copy);
      found = !solver_visited (solver, best.cell);
    }
  free (copy.data);
  if (!found)
    return false;

  *cell = best.cell;
  for (size_t k = 0; k < solver->heap.len && *n_ties < max_ties; k++)
    {
      const SolverHeapEntry *e = &solver->heap.data[k];
      bool seen = e->cell == best.cell;

      for (unsigned t = 0; t < *n_ties && !seen; t++)
        seen = ties[t] == e->cell;
      if (e->key == best.key && !seen && !solver_visited (solver, e->cell))
        ties[(*n_ties)++] = e->cell;
    }
  return true;
}

static const MazeSolverClass astar_class = {
  .init = astar_init,
  .step = astar_step,
  .frontier = astar_frontier,
  .run = astar_run,
  .next_cell = astar_next_cell,
};

const MazeAlgorithm maze_solver_astar = {
  .name = "astar",
  .label = MAZE_N_("A* Search"),
  .description = MAZE_N_("A*: always extend the cell with the best moves-plus-distance estimate; shortest path"),
  /* Translators: the name of the A* search algorithm, the subject of sentences such as "BFS reached (5, 3) from the west" */
  .subject = MAZE_N_("A*"),
  /* Translators: the list of cells the A* search keeps */
  .frontier = MAZE_N_("A* open set, best first"),
  /* Translators: in a colour legend: the cells A* keeps to look at */
  .legend = MAZE_N_("open set"),
  /* Translators: why the cell the A* search takes next is the right answer */
  .next_rule = MAZE_N_("A* takes the cell of its open set with the fewest moves "
                       "from the start plus moves to the goal as if there were "
                       "no walls, the one nearer the goal when two are equal"),
  .flags = MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_SHORTEST_PATH | MAZE_ALGORITHM_TRACES_BACK,
  .solver = &astar_class,
  MAZE_LISTING (astar_listing),
};
