/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * solver.c: the solver object every algorithm shares, the path
 * reconstruction (reconstruct_solution of maze-format.md 1's tutorial,
 * as a loop), and reading a path back off the solution nibbles.
 *
 * Step protocol: every call of maze_solver_step() that does something
 * returns true, including the last one, which reports MAZE_STEP_FOUND or
 * MAZE_STEP_NO_PATH.  Calls after that return false and repeat that kind
 * with no changes, so `while (maze_solver_step (s, &r))` sees every step.
 */
#include "solver-private.h"

#include <stdlib.h>
#include <string.h>

/* The bytes of a solver of @algorithm: the common fields and the
 * algorithm's own state after them. */
static size_t
solver_struct_size (const MazeAlgorithm *algorithm)
{
  return sizeof (MazeSolver) + algorithm->solver->state_size;
}

MazeSolver *
maze_solver_new (Maze       *maze,
                 const char *name,
                 MazeError  *error)
{
  const MazeAlgorithm *algorithm;
  MazeSolver *solver;

  algorithm = maze_algorithm_find (maze_solvers, name, NULL, error);
  if (algorithm == NULL)
    return NULL;

  solver = calloc (1, solver_struct_size (algorithm));
  if (solver == NULL)
    {
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_ALGORITHM,
                      MAZE_TEXT (algorithm->name), MAZE_NUM (solver_struct_size (algorithm)));
      return NULL;
    }
  maze_reset_search (maze);
  solver->algorithm = algorithm;
  solver->maze = maze;
  solver->cells = maze_cells (maze);
  solver->width = maze_width (maze);
  solver->n_cells = maze_n_cells (maze);
  solver->start = maze_start (maze);
  solver->goal = maze_goal (maze);
  solver->cur = solver->start;
  solver->phase = SOLVER_SEARCH;
  solver->visited = 1; /* the start */
  solver->max_frontier = 1;
  solver->status = MAZE_OK;

  if (algorithm->solver->init (solver, error) != MAZE_OK)
    {
      maze_solver_free (solver);
      return NULL;
    }
  if (solver->start == solver->goal)
    solver_begin_path (solver);
  return solver;
}

void
maze_solver_free (MazeSolver *solver)
{
  if (solver == NULL)
    return;
  if (solver->algorithm->solver->free != NULL)
    solver->algorithm->solver->free (solver);
  free (solver->queue.data);
  free (solver->heap.data);
  free (solver);
}

/* The capacity a copy gives an array of @len entries: a power of two
 * (the BFS queue is a ring that needs one), at least the 64 the
 * algorithms start with. */
static size_t
clone_capacity (size_t len)
{
  size_t cap = 64;

  while (cap < len)
    cap *= 2;
  return cap;
}

size_t
solver_clone_size (const MazeSolver *solver)
{
  size_t size = solver_struct_size (solver->algorithm);

  if (solver->queue.data != NULL)
    size += clone_capacity (solver->queue.len) * sizeof (uint32_t);
  if (solver->heap.data != NULL)
    size += clone_capacity (solver->heap.len) * sizeof (SolverHeapEntry);
  return size;
}

MazeSolver *
solver_clone (const MazeSolver *solver,
              Maze             *maze)
{
  size_t bytes = solver_struct_size (solver->algorithm);
  MazeSolver *copy = malloc (bytes);

  if (copy == NULL)
    return NULL;
  memcpy (copy, solver, bytes); /* the algorithm's state too */
  copy->maze = maze;
  copy->cells = maze_cells (maze);
  copy->queue.data = NULL;
  copy->heap.data = NULL;

  if (solver->queue.data != NULL)
    {
      /* The BFS queue's entries go to the front of the copy, head first. */
      size_t cap = clone_capacity (solver->queue.len);

      copy->queue.data = malloc (cap * sizeof (uint32_t));
      if (copy->queue.data == NULL)
        goto nomem;
      memcpy (copy->queue.data, solver->queue.data + solver->queue.head,
              solver->queue.len * sizeof (uint32_t));
      copy->queue.cap = cap;
      copy->queue.head = 0;
    }
  if (solver->heap.data != NULL)
    {
      /* The heap's order decides between equal keys: copied as it is. */
      size_t cap = clone_capacity (solver->heap.len);

      copy->heap.data = malloc (cap * sizeof (SolverHeapEntry));
      if (copy->heap.data == NULL)
        goto nomem;
      memcpy (copy->heap.data, solver->heap.data, solver->heap.len * sizeof (SolverHeapEntry));
      copy->heap.cap = cap;
    }
  return copy;

nomem:
  maze_solver_free (copy);
  return NULL;
}

size_t
solver_pack_size (const MazeSolver *solver)
{
  size_t size = maze_pack_round (solver_struct_size (solver->algorithm));

  if (solver->queue.data != NULL)
    size += maze_pack_round (solver->queue.len * sizeof (uint32_t));
  if (solver->heap.data != NULL)
    size += maze_pack_round (solver->heap.len * sizeof (SolverHeapEntry));
  return size;
}

MazeSolver *
solver_pack (const MazeSolver *solver,
             Maze             *maze,
             void             *mem)
{
  uint8_t *p = mem;
  MazeSolver *copy = mem;
  size_t bytes = solver_struct_size (solver->algorithm);

  memcpy (copy, solver, bytes); /* the algorithm's state too */
  copy->maze = maze;
  copy->cells = maze_cells (maze);
  p += maze_pack_round (bytes);
  if (solver->queue.data != NULL)
    {
      /* as solver_clone() copies it: head first; the copy is full */
      copy->queue.data = (uint32_t *) (void *) p;
      memcpy (copy->queue.data, solver->queue.data + solver->queue.head,
              solver->queue.len * sizeof (uint32_t));
      copy->queue.head = 0;
      copy->queue.cap = solver->queue.len;
      p += maze_pack_round (solver->queue.len * sizeof (uint32_t));
    }
  if (solver->heap.data != NULL)
    {
      copy->heap.data = (SolverHeapEntry *) (void *) p;
      memcpy (copy->heap.data, solver->heap.data, solver->heap.len * sizeof (SolverHeapEntry));
      copy->heap.cap = solver->heap.len;
    }
  return copy;
}

void
solver_finish (MazeSolver *solver,
               MazeStep   *report,
               bool        found,
               uint32_t    cell,
               unsigned    line)
{
  solver->phase = SOLVER_DONE;
  solver->found = found;
  solver->final_kind = found ? MAZE_STEP_FOUND : MAZE_STEP_NO_PATH;
  solver->final_cell = cell;
  maze_step_begin (report, solver->final_kind, cell,
                   found ? solver->start : UINT32_MAX, 0);
  maze_step_at (report, line);
}

static uint64_t solver_path_run (MazeSolver *solver,
                                 uint64_t    max,
                                 uint32_t   *touched,
                                 size_t     *n_touched);

uint64_t
maze_solver_run_steps (MazeSolver *solver,
                       uint64_t    max)
{
  return solver_run_touched (solver, max, NULL, NULL);
}

uint64_t
solver_run_touched (MazeSolver *solver,
                    uint64_t    max,
                    uint32_t   *touched,
                    size_t     *n_touched)
{
  uint64_t before = solver->steps;
  MazeStep step;
  bool quiet = maze_step_quiet;

  step.n_changes = 0;
  if (n_touched != NULL)
    *n_touched = 0;
  /* Reports are made for their changes only: no C statements. */
  if (touched != NULL)
    maze_step_quiet = true;
  if (max > 0 && solver->phase == SOLVER_SEARCH && solver->algorithm->solver->run_stops)
    {
      solver->stop_after = max;
      solver->touched = touched;
      solver->n_touched = 0;
      solver->algorithm->solver->run (solver);
      if (n_touched != NULL)
        *n_touched = solver->n_touched;
      solver->touched = NULL;
      solver->n_touched = 0;
      solver->stop_after = 0;
    }
  /* The path at the path's own speed. */
  if (solver->phase == SOLVER_PATH && solver->steps - before < max)
    solver_path_run (solver, max - (solver->steps - before), touched, n_touched);
  if (touched == NULL)
    {
      while (solver->steps - before < max && maze_solver_step (solver, NULL))
        ;
      return solver->steps - before;
    }
  /* One step at a time, with a report for its changes. */
  while (solver->steps - before < max && maze_solver_step (solver, &step))
    for (unsigned k = 0; k < step.n_changes; k++)
      touched[(*n_touched)++] = step.changes[k].index;
  maze_step_quiet = quiet;
  return solver->steps - before;
}

MazeStatus
solver_nomem (const MazeSolver *solver,
              MazeError        *error)
{
  size_t bytes = solver->queue.failed > solver->heap.failed
                 ? solver->queue.failed : solver->heap.failed;

  return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_ALGORITHM,
                         MAZE_TEXT (solver->algorithm->name), MAZE_NUM (bytes));
}

void
solver_out_of_memory (MazeSolver *solver,
                      MazeStep   *report)
{
  solver->status = MAZE_ERROR_NOMEM;
  solver_finish (solver, report, false, solver->cur, 0);
}

void
solver_begin_path (MazeSolver *solver)
{
  solver->phase = SOLVER_PATH;
  solver->path_cell = solver->goal;
  solver->path_length = 0;
}

/* reconstruct_solution, one path cell a step: the parent p of the cell
 * (its backtrack nibble b points at p) gets a solution bit pointing back:
 * maze[p] |= opposite(b) << 8. */
static void
solver_path_step (MazeSolver *solver,
                  MazeStep   *report)
{
  uint32_t c = solver->path_cell;
  uint16_t b, d;
  uint32_t p;

  if (c == solver->start)
    {
      solver_finish (solver, report, true, solver->goal,
                     maze_listing_tail (solver->algorithm) + MAZE_LISTING_TRACE_HOME);
      return;
    }
  b = maze_cell_backtrack (solver->cells[c]);
  if (maze_dir_index (b) < 0 || maze_cell_on_border (solver->cells[c], b)
      || solver->path_length >= solver->n_cells)
    {
      /* Only possible if somebody changed the maze under the solver. */
      solver_finish (solver, report, false, c, 0);
      return;
    }
  p = solver_step_to (solver, c, b);
  d = maze_opposite (b);
  maze_step_begin (report, MAZE_STEP_PATH, c, p, d);
  maze_step_at (report, maze_listing_tail (solver->algorithm) + MAZE_LISTING_TRACE_WRITE);
  maze_op_or (solver->cells, report, p, d, MAZE_SOLUTION_SHIFT,
              maze_listing_tail (solver->algorithm) + MAZE_LISTING_TRACE_WRITE);
  solver->path_length++;
  solver->path_cell = p;
}

/* solver_path_step() without reports, up to @max steps (to the end: the
 * same bits and counters, in one loop), appending the word each changes
 * to @touched when not NULL (*@n_touched of them).  Returns the steps. */
static uint64_t
solver_path_run (MazeSolver *solver,
                 uint64_t    max,
                 uint32_t   *touched,
                 size_t     *n_touched)
{
  uint16_t *cells = solver->cells;
  const uint32_t start = solver->start;
  uint32_t c = solver->path_cell;
  uint64_t length = solver->path_length, done;

  while (c != start && length < solver->n_cells && length - solver->path_length < max)
    {
      uint16_t cell = cells[c];
      uint16_t b = maze_cell_backtrack (cell);
      uint32_t p;

      if (b == 0 || (b & (b - 1)) != 0 || maze_cell_on_border (cell, b))
        break;
      p = solver_step_to (solver, c, b);
      cells[p] |= (uint16_t) (maze_opposite (b) << MAZE_SOLUTION_SHIFT);
      if (touched != NULL)
        touched[(*n_touched)++] = p;
      length++;
      c = p;
    }
  done = length - solver->path_length;
  solver->steps += done;
  solver->path_length = length;
  solver->path_cell = c;
  /* the last step: found, or a pointer that leads nowhere (changes no
   * word) */
  while (done < max && solver->phase == SOLVER_PATH)
    {
      solver->steps++;
      done++;
      solver_path_step (solver, NULL);
    }
  return done;
}

bool
maze_solver_step (MazeSolver *solver,
                  MazeStep   *report)
{
  switch (solver->phase)
    {
    case SOLVER_SEARCH:
      solver->steps++;
      solver->algorithm->solver->step (solver, report);
      return true;
    case SOLVER_PATH:
      solver->steps++;
      solver_path_step (solver, report);
      return true;
    case SOLVER_DONE:
    default:
      maze_step_begin (report, solver->final_kind, solver->final_cell,
                       solver->found ? solver->start : UINT32_MAX, 0);
      return false;
    }
}

bool
maze_solver_peek (MazeSolver *solver,
                  MazeStep   *next)
{
  MazeSolver *copy;
  bool stepped;

  if (solver->phase == SOLVER_DONE)
    return maze_solver_step (solver, next); /* changes nothing */
  /* A copy does the step on the maze; the words go back, newest first,
   * and the copy goes. */
  copy = solver_clone (solver, solver->maze);
  if (copy == NULL)
    {
      maze_step_begin (next, MAZE_STEP_NONE, solver->cur, UINT32_MAX, 0);
      return false;
    }
  stepped = maze_solver_step (copy, next);
  for (unsigned k = next->n_changes; k-- > 0;)
    solver->cells[next->changes[k].index] = next->changes[k].before;
  maze_solver_free (copy);
  return stepped;
}

void
maze_solver_run (MazeSolver *solver)
{
  if (solver->phase == SOLVER_SEARCH && solver->algorithm->solver->run != NULL)
    solver->algorithm->solver->run (solver);
  while (solver->phase == SOLVER_SEARCH)
    {
      solver->steps++;
      solver->algorithm->solver->step (solver, NULL);
    }
  if (solver->phase == SOLVER_PATH)
    solver_path_run (solver, UINT64_MAX, NULL, NULL);
}

void
maze_solver_stats (const MazeSolver *solver,
                   MazeSolveStats   *stats)
{
  memset (stats, 0, sizeof *stats);
  stats->finished = solver->phase == SOLVER_DONE;
  stats->found = solver->found;
  stats->steps = solver->steps;
  stats->visited = solver->visited;
  stats->max_frontier = solver->max_frontier;
  stats->path_length = solver->found ? solver->path_length : 0;
  stats->unreachable_by_method = !solver->found && solver->missed;
}

size_t
maze_solver_frontier (const MazeSolver *solver,
                      uint32_t         *out,
                      size_t            max)
{
  if (out == NULL)
    max = 0;
  if (solver->algorithm->solver->frontier == NULL)
    return maze_frontier_of_cell (solver->cur, out, max);
  return solver->algorithm->solver->frontier (solver, out, max);
}

size_t
maze_solver_memory (const MazeSolver *solver)
{
  return solver_struct_size (solver->algorithm)
         + solver->queue.cap * sizeof (uint32_t)
         + solver->heap.cap * sizeof (SolverHeapEntry);
}

const MazeAlgorithm *
maze_solver_algorithm (const MazeSolver *solver)
{
  return solver->algorithm;
}

uint32_t
maze_solver_current (const MazeSolver *solver)
{
  return solver->cur;
}

bool
maze_solver_next_cell (const MazeSolver *solver,
                       uint32_t         *cell,
                       uint32_t         *ties,
                       unsigned          max_ties,
                       unsigned         *n_ties)
{
  unsigned unused;

  if (n_ties == NULL)
    n_ties = &unused;
  *n_ties = 0;
  if (ties == NULL)
    max_ties = 0;
  if (solver->phase != SOLVER_SEARCH || solver->algorithm->next_rule == NULL
      || solver->algorithm->solver->next_cell == NULL)
    return false;
  return solver->algorithm->solver->next_cell (solver, cell, ties, max_ties, n_ties);
}

MazeStatus
maze_solver_status (const MazeSolver *solver,
                    MazeError        *error)
{
  if (solver->status != MAZE_OK)
    solver_nomem (solver, error);
  return solver->status;
}

/* ---- the binary heap ---- */

bool
solver_heap_grow (SolverHeap *heap)
{
  size_t cap = heap->cap ? heap->cap * 2 : 64;
  SolverHeapEntry *data;

  if (cap > SIZE_MAX / sizeof (SolverHeapEntry))
    {
      heap->failed = SIZE_MAX;
      return false;
    }
  data = realloc (heap->data, cap * sizeof (SolverHeapEntry));
  if (data == NULL)
    {
      heap->failed = cap * sizeof (SolverHeapEntry);
      return false;
    }
  heap->data = data;
  heap->cap = cap;
  return true;
}

/* The @max smallest entries in order, without changing the heap: a small
 * heap of candidate positions, seeded with the root; each position taken
 * adds its two children.  O(max log max). */
size_t
solver_heap_sorted (const SolverHeap *heap,
                    uint32_t         *out,
                    size_t            max)
{
  size_t *cand, n_cand = 0, n_out = 0;

  if (max > heap->len)
    max = heap->len;
  if (max == 0)
    return heap->len;
  cand = malloc ((max + 1) * sizeof *cand);
  if (cand == NULL)
    {
      /* Heap order: the best first, the rest roughly in order. */
      for (size_t i = 0; i < max; i++)
        out[i] = heap->data[i].cell;
      return heap->len;
    }
  cand[n_cand++] = 0;
  while (n_out < max && n_cand > 0)
    {
      size_t pos = cand[0], last, i = 0;

      out[n_out++] = heap->data[pos].cell;
      /* pop the candidate */
      last = cand[--n_cand];
      while (n_cand > 0)
        {
          size_t child = 2 * i + 1;

          if (child >= n_cand)
            break;
          if (child + 1 < n_cand
              && heap->data[cand[child + 1]].key < heap->data[cand[child]].key)
            child++;
          if (heap->data[last].key <= heap->data[cand[child]].key)
            break;
          cand[i] = cand[child];
          i = child;
        }
      if (n_cand > 0)
        cand[i] = last;
      /* push the children; at most max + 1 candidates are ever held */
      for (size_t c = 2 * pos + 1; c <= 2 * pos + 2 && c < heap->len; c++)
        {
          size_t j = n_cand++;

          while (j > 0)
            {
              size_t parent = (j - 1) / 2;

              if (heap->data[cand[parent]].key <= heap->data[c].key)
                break;
              cand[j] = cand[parent];
              j = parent;
            }
          cand[j] = c;
        }
    }
  free (cand);
  return heap->len;
}

/* ---- reading a solved maze ---- */

int64_t
maze_path_cells (const Maze *maze,
                 uint32_t   *cells,
                 size_t      max)
{
  const uint16_t *c = maze_cells_const (maze);
  uint32_t n_cells = maze_n_cells (maze);
  uint32_t goal = maze_goal (maze);
  uint32_t i = maze_start (maze);
  int64_t moves = 0;

  if (cells == NULL)
    max = 0;
  for (;;)
    {
      uint16_t d;

      if ((size_t) moves < max)
        cells[moves] = i;
      if (i == goal)
        return moves;
      d = maze_cell_solution (c[i]);
      /* a simple path has fewer moves than cells: more means a cycle */
      if (maze_dir_index (d) < 0 || maze_cell_on_border (c[i], d)
          || moves + 1 >= (int64_t) n_cells)
        return -1;
      i = maze_neighbor (maze, i, d);
      moves++;
    }
}

char *
maze_path_moves (const Maze *maze)
{
  const uint16_t *c = maze_cells_const (maze);
  int64_t n = maze_path_cells (maze, NULL, 0);
  uint32_t i = maze_start (maze);
  char *moves;

  if (n < 0)
    return NULL;
  moves = malloc ((size_t) n + 1);
  if (moves == NULL)
    return NULL;
  for (int64_t k = 0; k < n; k++)
    {
      uint16_t d = maze_cell_solution (c[i]);

      moves[k] = maze_dir_letter (d)[0];
      i = maze_neighbor (maze, i, d);
    }
  moves[n] = '\0';
  return moves;
}

bool
solver_done (const MazeSolver *solver)
{
  return solver->phase == SOLVER_DONE;
}
