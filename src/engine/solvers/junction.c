/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * junction.c: the junction-jumping solver.
 *
 *  - in a corridor (one way on), go on;
 *  - at a junction (two or more ways on), remember it with its distance to
 *    the goal;
 *  - at a dead end or a junction, go on from the remembered junction
 *    closest to the goal that still has a way on (MAZE_STEP_JUMP when that
 *    is somewhere else), taking the way that heads most towards the goal.
 *
 * The remembered junctions are a binary heap keyed by the squared straight
 * line distance to the goal (the seed's distance, without the square
 * root), newer first among equals; a junction with no way left is dropped
 * when it comes to the top.  Each cell entered gets a backtrack nibble
 * pointing at the cell it was entered from, so the path is marked at the
 * goal by following those pointers home, as BFS does.
 */
#include "solver-private.h"

/* The junction solver's own state (SOLVER_STATE()). */
typedef struct
{
  uint32_t seq;       /* junctions pushed so far */
  bool     resume;    /* cur is a junction to leave */
} JunctionState;

#define JUNCTION(solver) SOLVER_STATE (solver, JunctionState)

#define JUNCTION_SEQ_MASK ((UINT32_C (1) << 30) - 1)

static MazeStatus
junction_init (MazeSolver *solver,
               MazeError  *error)
{
  JUNCTION (solver)->resume = false;
  return MAZE_OK;
}

static unsigned
popcount4 (uint16_t bits)
{
  return (bits & 1u) + ((bits >> 1) & 1u) + ((bits >> 2) & 1u) + ((bits >> 3) & 1u);
}

/* The key of @cell remembered as junction number @seq: its squared
 * distance to the goal, then newer first. */
static uint64_t
junction_key (const MazeSolver *solver,
              uint32_t          cell,
              uint32_t          seq)
{
  int64_t dx = (int64_t) (cell % solver->width) - (int64_t) (solver->goal % solver->width);
  int64_t dy = (int64_t) (cell / solver->width) - (int64_t) (solver->goal / solver->width);
  uint64_t dist2 = (uint64_t) (dx * dx + dy * dy);

  return (dist2 << 30) | (JUNCTION_SEQ_MASK - (seq & JUNCTION_SEQ_MASK));
}

static bool
junction_push (MazeSolver *solver,
               uint32_t    cell)
{
  if (!solver_heap_push (&solver->heap, junction_key (solver, cell, JUNCTION (solver)->seq++), cell, 0))
    return false;
  solver_note_frontier (solver, solver->heap.len);
  return true;
}

/* Of the ways @dirs out of @cell, the one heading most towards the goal:
 * the largest dot product of the move with the vector to the goal (ties:
 * N, E, S, W). */
static uint16_t
junction_best_dir (const MazeSolver *solver,
                   uint32_t          cell,
                   uint16_t          dirs)
{
  int64_t to_x = (int64_t) (solver->goal % solver->width) - (int64_t) (cell % solver->width);
  int64_t to_y = (int64_t) (solver->goal / solver->width) - (int64_t) (cell / solver->width);
  int64_t score[4] = { -to_y, to_x, to_y, -to_x }; /* N, E, S, W */
  uint16_t best = 0;
  int64_t best_score = INT64_MIN;

  for (unsigned k = 0; k < 4; k++)
    if ((dirs & MAZE_DIRECTIONS[k]) && score[k] > best_score)
      {
        best = MAZE_DIRECTIONS[k];
        best_score = score[k];
      }
  return best;
}

/* The listing, and the lines of it each step runs. */
static const MazeListingLine junction_listing[] = {
  { "void visit_cell (uint16_t maze[], uint32_t cell, int d)", NULL },
  { "{", NULL },
  { "  maze[cell] |= OPPOSITE[d] << 12;", MAZE_N_("the way back home") },
  { "}", NULL },
  { "", NULL },
  { "bool solve_junctions (uint16_t maze[], uint32_t start, uint32_t goal)", NULL },
  { "{", NULL },
  { "  uint32_t cell = start;", NULL },
  { "  for (;;)", NULL },
  { "    {", NULL },
  { "      uint16_t ways = unvisited_ways (maze, cell);", MAZE_N_("open, no search bits yet") },
  { "      if (count_bits (ways) != 1)", MAZE_N_("a junction, or a dead end") },
  { "        {", NULL },
  { "          if (count_bits (ways) >= 2)", NULL },
  { "            remember_junction (cell);", NULL },
  { "          uint32_t j = nearest_junction_with_ways (maze, goal);", MAZE_N_("nearest to the goal") },
  { "          if (j == NONE)", NULL },
  { "            return false;", MAZE_N_("no junction left: no path") },
  { "          cell = j;", NULL },
  { "          ways = unvisited_ways (maze, cell);", NULL },
  { "        }", NULL },
  { "      int d = best_way (ways, cell, goal);", MAZE_N_("the way most towards the goal") },
  { "      cell += STEP[d];", NULL },
  { "      visit_cell (maze, cell, d);", NULL },
  { "      if (cell == goal)", NULL },
  { "        {", NULL },
  { "          reconstruct_solution (maze, goal);", NULL },
  { "          return true;", NULL },
  { "        }", NULL },
  { "    }", NULL },
  { "}", NULL },
};

enum
{
  JUNCTION_LINE_HOME = 3,
  JUNCTION_LINE_NO_PATH = 18,
  JUNCTION_LINE_JUMP = 19,
  JUNCTION_LINE_VISIT = 24,
};

static void
junction_move (MazeSolver *solver,
               MazeStep   *report,
               uint16_t    dir)
{
  uint32_t from = solver->cur;
  uint32_t to = solver_step_to (solver, from, dir);

  maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
  maze_step_at (report, JUNCTION_LINE_VISIT);
  maze_op_or (solver->cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT,
              JUNCTION_LINE_HOME);
  solver->visited++;
  solver->cur = to;
  if (to == solver->goal)
    solver_begin_path (solver);
}

static void
junction_step (MazeSolver *solver,
               MazeStep   *report)
{
  uint32_t cur = solver->cur;
  uint16_t ways = solver_unvisited_dirs (solver, cur);

  if (!JUNCTION (solver)->resume)
    {
      unsigned n_ways = popcount4 (ways);
      uint32_t closest;

      if (n_ways == 1)
        {
          junction_move (solver, report, ways);
          return;
        }
      if (n_ways >= 2 && !junction_push (solver, cur))
        {
          solver_out_of_memory (solver, report);
          return;
        }
      while (solver->heap.len > 0
             && solver_unvisited_dirs (solver, solver->heap.data[0].cell) == 0)
        solver_heap_pop (&solver->heap);
      if (solver->heap.len == 0)
        {
          solver_finish (solver, report, false, cur, JUNCTION_LINE_NO_PATH);
          return;
        }
      closest = solver->heap.data[0].cell;
      if (closest != cur)
        {
          maze_step_begin (report, MAZE_STEP_JUMP, closest, cur, 0);
          maze_step_at (report, JUNCTION_LINE_JUMP);
          solver->cur = closest;
          JUNCTION (solver)->resume = true;
          return;
        }
    }
  JUNCTION (solver)->resume = false;
  junction_move (solver, report, junction_best_dir (solver, cur, ways));
}

static size_t
junction_frontier (const MazeSolver *solver,
                   uint32_t         *out,
                   size_t            max)
{
  return solver_heap_sorted (&solver->heap, out, max);
}

/* What junction_step() does, without doing it: in a corridor the next
 * cell; at a junction or a dead end the remembered junction closest to
 * the goal with a way left (the junction itself, pushed first, among
 * them), or when that is here, the cell the best way leads to. */
static bool
junction_next_cell (const MazeSolver *solver,
                    uint32_t         *cell,
                    uint32_t         *ties,
                    unsigned          max_ties,
                    unsigned         *n_ties)
{
  uint32_t cur = solver->cur;
  uint16_t ways = solver_unvisited_dirs (solver, cur);

  if (!JUNCTION (solver)->resume)
    {
      unsigned n_ways = popcount4 (ways);
      uint32_t closest = UINT32_MAX;
      uint64_t best = UINT64_MAX;

      if (n_ways == 1)
        {
          *cell = solver_step_to (solver, cur, ways);
          return true;
        }
      if (n_ways >= 2)
        {
          closest = cur;
          best = junction_key (solver, cur, JUNCTION (solver)->seq);
        }
      for (size_t k = 0; k < solver->heap.len; k++)
        {
          const SolverHeapEntry *e = &solver->heap.data[k];

          if (e->key < best && solver_unvisited_dirs (solver, e->cell) != 0)
            {
              closest = e->cell;
              best = e->key;
            }
        }
      if (closest == UINT32_MAX)
        return false;
      if (closest != cur)
        {
          *cell = closest;
          return true;
        }
    }
  *cell = solver_step_to (solver, cur, junction_best_dir (solver, cur, ways));
  return true;
}

static const MazeSolverClass junction_class = {
  .init = junction_init,
  .step = junction_step,
  .frontier = junction_frontier,
  .next_cell = junction_next_cell,
  .state_size = sizeof (JunctionState),
};

const MazeAlgorithm maze_solver_junction = {
  .name = "junction",
  .label = MAZE_N_("Junctions, Nearest to Goal"),
  .description = MAZE_N_("Junction jumping: at a dead end or junction, go on from the junction closest to the goal"),
  .subject = MAZE_N_("The junction search"),
  .frontier = MAZE_N_("Junctions still to try, next first"),
  /* Translators: in a colour legend: the junctions the junction search keeps */
  .legend = MAZE_N_("junctions to try"),
  /* Translators: why the cell the junction search takes next is the right answer */
  .next_rule = MAZE_N_("The junction search goes on while there is one way "
                       "on; at a junction or a dead end it goes on from the "
                       "remembered junction nearest the goal, the way that "
                       "heads most towards the goal"),
  .flags = MAZE_ALGORITHM_COMPLETE | MAZE_ALGORITHM_TRACES_BACK,
  .solver = &junction_class,
  MAZE_LISTING (junction_listing),
};
