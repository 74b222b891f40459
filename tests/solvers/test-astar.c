/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A*'s order, pinned against a textbook implementation written here: a
 * binary min-heap of (key, cell, direction) keyed by f = g + h with the
 * larger g first among equal f, sifted up on a push and down on a pop
 * (the left child on a tie).  Which of two cells with equal keys comes
 * out first is a matter of the heap's mechanics, and a class watches
 * A*'s steps, so the engine must give exactly the reference's steps, open
 * set, ties and marks on mazes full of equal keys (loops, open rooms,
 * shapes, endpoints in the middle), whether stepped or run.
 */
#include "maze.h"
#include "../common/maze-test.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference ---- */

typedef struct
{
  uint64_t key;
  uint32_t cell;
  uint32_t dir; /* index into MAZE_DIRECTIONS: the move from the parent */
} RefEntry;

typedef struct
{
  RefEntry *data;
  size_t    len;
  size_t    cap;
} RefHeap;

static void
ref_push (RefHeap  *heap,
          RefEntry  e)
{
  size_t i;

  if (heap->len == heap->cap)
    {
      heap->cap = heap->cap ? 2 * heap->cap : 16;
      heap->data = g_renew (RefEntry, heap->data, heap->cap);
    }
  i = heap->len++;
  while (i > 0 && heap->data[(i - 1) / 2].key > e.key)
    {
      heap->data[i] = heap->data[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  heap->data[i] = e;
}

static RefEntry
ref_pop (RefHeap *heap)
{
  RefEntry top = heap->data[0];
  RefEntry last = heap->data[--heap->len];
  size_t i = 0, n = heap->len;

  if (n == 0)
    return top;
  for (;;)
    {
      size_t child = 2 * i + 1;

      if (child >= n)
        break;
      if (child + 1 < n && heap->data[child + 1].key < heap->data[child].key)
        child++;
      if (last.key <= heap->data[child].key)
        break;
      heap->data[i] = heap->data[child];
      i = child;
    }
  heap->data[i] = last;
  return top;
}

typedef struct
{
  const Maze *maze;
  RefHeap     heap;
  bool       *visited;
  uint16_t   *backtrack; /* the backtrack nibble of every cell */
  uint32_t    goal;
  uint64_t    max_frontier;
  bool        done;
  bool        found;
} RefAstar;

static uint64_t
ref_key (const Maze *m,
         uint32_t    cell,
         uint32_t    g)
{
  uint32_t w = maze_width (m);
  int64_t dx = (int64_t) (cell % w) - (int64_t) (maze_goal (m) % w);
  int64_t dy = (int64_t) (cell / w) - (int64_t) (maze_goal (m) / w);
  uint64_t f = g + (uint64_t) (ABS (dx) + ABS (dy));

  return (f << 32) | (UINT32_MAX - g);
}

static void
ref_expand (RefAstar *a,
            uint32_t  cell,
            uint32_t  g)
{
  const uint16_t *c = maze_cells_const (a->maze);

  for (unsigned k = 0; k < 4; k++)
    {
      uint16_t d = MAZE_DIRECTIONS[k];
      uint32_t to = maze_neighbor (a->maze, cell, d);

      if (!(c[cell] & d) || to == UINT32_MAX || a->visited[to])
        continue;
      ref_push (&a->heap, (RefEntry) { ref_key (a->maze, to, g + 1), to, k });
    }
  a->max_frontier = MAX (a->max_frontier, a->heap.len);
}

static void
ref_init (RefAstar   *a,
          const Maze *m)
{
  uint32_t n = maze_n_cells (m);

  memset (a, 0, sizeof *a);
  a->maze = m;
  a->visited = g_new0 (bool, n);
  a->backtrack = g_new0 (uint16_t, n);
  a->goal = maze_goal (m);
  a->max_frontier = 1;
  a->visited[maze_start (m)] = true;
  if (maze_start (m) == a->goal)
    {
      a->done = a->found = true;
      return;
    }
  ref_expand (a, maze_start (m), 0);
}

static void
ref_clear (RefAstar *a)
{
  g_free (a->heap.data);
  g_free (a->visited);
  g_free (a->backtrack);
}

/* The next cell reached: false when the search ends instead. */
static bool
ref_step (RefAstar *a,
          RefEntry *reached)
{
  while (!a->done && a->heap.len > 0)
    {
      RefEntry e = ref_pop (&a->heap);

      if (a->visited[e.cell])
        continue;
      a->visited[e.cell] = true;
      a->backtrack[e.cell] = maze_opposite (MAZE_DIRECTIONS[e.dir]);
      if (e.cell == a->goal)
        a->done = a->found = true;
      else
        ref_expand (a, e.cell, UINT32_MAX - (uint32_t) e.key);
      *reached = e;
      return true;
    }
  a->done = true;
  return false;
}

/* The open set best first, as a small heap of candidate positions walks
 * the heap: the root, then each position taken brings in its children.
 * Among equal keys this order depends on where they sit in the array. */
static size_t
ref_frontier (const RefHeap *heap,
              uint32_t      *out)
{
  RefHeap cand = { 0 };
  size_t n_out = 0;

  if (heap->len == 0)
    return 0;
  /* a candidate is a position; its key is the entry's */
  ref_push (&cand, (RefEntry) { heap->data[0].key, 0, 0 });
  while (cand.len > 0)
    {
      RefEntry pos = ref_pop (&cand);

      out[n_out++] = heap->data[pos.cell].cell;
      for (size_t c = 2 * (size_t) pos.cell + 1; c <= 2 * (size_t) pos.cell + 2 && c < heap->len; c++)
        ref_push (&cand, (RefEntry) { heap->data[c].key, (uint32_t) c, 0 });
    }
  g_free (cand.data);
  return n_out;
}

/* The cell the next step reaches and the unreached cells of the same key,
 * in the heap's array order. */
static bool
ref_next_cell (const RefAstar *a,
               uint32_t       *cell,
               uint32_t       *ties,
               unsigned        max_ties,
               unsigned       *n_ties)
{
  RefHeap copy = { g_memdup2 (a->heap.data, MAX (a->heap.len, 1) * sizeof (RefEntry)), a->heap.len, a->heap.len };
  RefEntry best = { 0 };
  bool found = false;

  *n_ties = 0;
  while (copy.len > 0 && !found)
    {
      best = ref_pop (&copy);
      found = !a->visited[best.cell];
    }
  g_free (copy.data);
  if (!found)
    return false;
  *cell = best.cell;
  for (size_t k = 0; k < a->heap.len && *n_ties < max_ties; k++)
    {
      const RefEntry *e = &a->heap.data[k];
      bool seen = e->cell == best.cell;

      for (unsigned t = 0; t < *n_ties && !seen; t++)
        seen = ties[t] == e->cell;
      if (e->key == best.key && !seen && !a->visited[e->cell])
        ties[(*n_ties)++] = e->cell;
    }
  return true;
}

/* ---- the mazes ---- */

/* Every interior wall down: nearly every key is shared by several cells. */
static Maze *
room (uint32_t w,
      uint32_t h)
{
  MazeError err = { 0 };
  Maze *m = maze_new (w, h, &err);

  g_assert_nonnull (m);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      {
        if (x + 1 < w)
          g_assert_cmpint (maze_set_wall_open (m, y * w + x, MAZE_E, true, &err), ==, MAZE_OK);
        if (y + 1 < h)
          g_assert_cmpint (maze_set_wall_open (m, y * w + x, MAZE_S, true, &err), ==, MAZE_OK);
      }
  return m;
}

static Maze *
shaped (const char *name,
        uint32_t    w,
        uint32_t    h,
        uint64_t    seed,
        unsigned    loops)
{
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_builtin (name, w, h, &err);
  Maze *m;
  MazeGenerator *gen;

  g_assert_nonnull (shape);
  m = maze_new_shaped (w, h, shape, MAZE_PIECES_KEEP_LARGEST, &err);
  g_assert_nonnull (m);
  maze_shape_free (shape);
  gen = maze_generator_new (m, maze_algorithm_default (maze_generators)->name, seed, loops, &err);
  g_assert_nonnull (gen);
  maze_generator_run (gen);
  g_assert_cmpint (maze_generator_status (gen, NULL), ==, MAZE_OK);
  maze_generator_free (gen);
  return m;
}

static void
move_endpoints (Maze     *m,
                uint32_t  start,
                uint32_t  goal)
{
  MazeError err = { 0 };

  g_assert_cmpint (maze_set_start (m, start, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_goal (m, goal, &err), ==, MAZE_OK);
}

/* Wall up every side of the goal: the search runs out of cells. */
static void
close_goal (Maze *m)
{
  MazeError err = { 0 };

  for (unsigned k = 0; k < 4; k++)
    g_assert_cmpint (maze_set_wall_open (m, maze_goal (m), MAZE_DIRECTIONS[k], false, &err), ==, MAZE_OK);
}

/* The mazes every check below goes through: small ones, stepped with the
 * whole open set compared after every step. */
static GPtrArray *
small_mazes (void)
{
  GPtrArray *mazes = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_free);
  Maze *m;

  g_ptr_array_add (mazes, maze_test_generated (30, 20, 1, 0));
  g_ptr_array_add (mazes, maze_test_generated (30, 20, 2, 40));
  g_ptr_array_add (mazes, maze_test_generated (41, 17, 3, 100));
  g_ptr_array_add (mazes, maze_test_generated (64, 64, 4, 70));
  g_ptr_array_add (mazes, maze_test_generated (1, 50, 5, 0));
  g_ptr_array_add (mazes, maze_test_generated (50, 2, 6, 30));
  g_ptr_array_add (mazes, room (24, 18));
  g_ptr_array_add (mazes, room (33, 33));
  m = room (40, 30);
  move_endpoints (m, 40 * 29 + 39, 40 * 15 + 20); /* from a corner to the middle */
  g_ptr_array_add (mazes, m);
  m = room (40, 30);
  move_endpoints (m, 40 * 15 + 20, 3); /* from the middle to the top row */
  g_ptr_array_add (mazes, m);
  m = maze_test_generated (48, 36, 7, 80);
  move_endpoints (m, 48 * 35, 48 * 17 + 30);
  g_ptr_array_add (mazes, m);
  m = maze_test_generated (36, 30, 8, 50);
  close_goal (m);
  g_ptr_array_add (mazes, m);
  m = room (20, 20);
  close_goal (m);
  g_ptr_array_add (mazes, m);
  g_ptr_array_add (mazes, shaped ("ring", 40, 40, 9, 100));
  g_ptr_array_add (mazes, shaped ("heart", 45, 38, 10, 0));
  g_ptr_array_add (mazes, shaped ("cross", 37, 37, 11, 60));
  return mazes;
}

/* Bigger ones: deeper heaps, compared by their steps and marks only. */
static GPtrArray *
large_mazes (void)
{
  GPtrArray *mazes = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_free);
  Maze *m;

  g_ptr_array_add (mazes, maze_test_generated (300, 200, 12, 0));
  g_ptr_array_add (mazes, maze_test_generated (257, 255, 13, 30));
  g_ptr_array_add (mazes, room (180, 160));
  m = room (200, 200);
  move_endpoints (m, 200 * 100 + 100, 200 * 199 + 7);
  g_ptr_array_add (mazes, m);
  g_ptr_array_add (mazes, shaped ("circle", 220, 220, 14, 50));
  return mazes;
}

/* ---- the checks ---- */

/* The maze's backtrack nibbles are the reference's, and the solution
 * nibbles spell the path the reference's parents give. */
static void
assert_marks (const Maze     *m,
              const RefAstar *a)
{
  const uint16_t *c = maze_cells_const (m);
  uint32_t n = maze_n_cells (m);
  uint32_t cell = a->goal, start = maze_start (m);
  uint16_t *solution = g_new0 (uint16_t, n);

  if (a->found)
    while (cell != start)
      {
        uint16_t back = a->backtrack[cell];
        uint32_t parent = maze_neighbor (m, cell, back);

        solution[parent] = maze_opposite (back);
        cell = parent;
      }
  for (uint32_t i = 0; i < n; i++)
    {
      if (maze_cell_backtrack (c[i]) != a->backtrack[i])
        g_error ("cell %u: backtrack %x, the reference's %x", i, maze_cell_backtrack (c[i]), a->backtrack[i]);
      if (maze_cell_solution (c[i]) != solution[i])
        g_error ("cell %u: solution %x, the reference's %x", i, maze_cell_solution (c[i]), solution[i]);
    }
  g_free (solution);
}

static void
assert_stats (const MazeSolveStats *st,
              const RefAstar       *a,
              uint64_t              reached)
{
  g_assert_true (st->finished);
  g_assert_cmpint (st->found, ==, a->found);
  g_assert_cmpuint (st->visited, ==, reached + 1); /* and the start */
  g_assert_cmpuint (st->max_frontier, ==, a->max_frontier);
}

/* Steps A* and the reference side by side: the same cell from the same
 * side each step, the same open set best first and the same next cell
 * and ties before each (when @listing), then the same marks. */
static void
check_stepped (Maze *m,
               bool  listing)
{
  MazeError err = { 0 };
  MazeSolver *s = maze_solver_new (m, "astar", &err);
  uint32_t n = maze_n_cells (m);
  uint32_t *out = g_new (uint32_t, 4 * (size_t) n + 1);
  uint32_t *ref_out = g_new (uint32_t, 4 * (size_t) n + 1);
  RefAstar a;
  RefEntry e;
  MazeStep step;
  MazeSolveStats st;
  uint64_t reached = 0, path_steps = 0;

  g_assert_nonnull (s);
  ref_init (&a, m);
  for (;;)
    {
      if (listing)
        {
          uint32_t cell = 0, ref_cell = 0, ties[64], ref_ties[64];
          unsigned n_ties = 0, ref_n_ties = 0;
          size_t count = maze_solver_frontier (s, out, 4 * (size_t) n + 1);
          size_t ref_count = a.done ? 0 : ref_frontier (&a.heap, ref_out);
          bool has = maze_solver_next_cell (s, &cell, ties, G_N_ELEMENTS (ties), &n_ties);
          bool ref_has = !a.done && ref_next_cell (&a, &ref_cell, ref_ties, G_N_ELEMENTS (ref_ties), &ref_n_ties);

          if (!a.done)
            g_assert_cmpmem (out, count * sizeof *out, ref_out, ref_count * sizeof *ref_out);
          g_assert_cmpint (has, ==, ref_has);
          if (has)
            {
              g_assert_cmpuint (cell, ==, ref_cell);
              g_assert_cmpmem (ties, n_ties * sizeof *ties, ref_ties, ref_n_ties * sizeof *ref_ties);
            }
        }
      if (!maze_solver_step (s, &step))
        break;
      if (step.kind == MAZE_STEP_REACH)
        {
          g_assert_true (ref_step (&a, &e));
          reached++;
          if (step.cell != e.cell || step.dir != MAZE_DIRECTIONS[e.dir])
            g_error ("step %" G_GUINT64_FORMAT ": A* reached %u from side %u, the reference %u from %u",
                     reached, step.cell, step.dir, e.cell, MAZE_DIRECTIONS[e.dir]);
          g_assert_cmpuint (maze_solver_current (s), ==, e.cell);
        }
      else if (step.kind == MAZE_STEP_PATH)
        path_steps++;
      else if (step.kind == MAZE_STEP_NO_PATH)
        g_assert_false (ref_step (&a, &e)); /* the rest of the heap goes */
    }
  g_assert_false (!a.done && ref_step (&a, &e));
  g_assert_true (step.kind == (a.found ? MAZE_STEP_FOUND : MAZE_STEP_NO_PATH));
  maze_solver_stats (s, &st);
  assert_stats (&st, &a, reached);
  if (a.found)
    g_assert_cmpuint (st.path_length, ==, path_steps);
  assert_marks (m, &a);
  maze_solver_free (s);
  ref_clear (&a);
  g_free (out);
  g_free (ref_out);
}

/* maze_solver_run() after @first steps: the marks and counters of the
 * reference, and the steps of a search stepped to its end. */
static void
check_run (Maze     *m,
           uint64_t  first)
{
  MazeError err = { 0 };
  Maze *stepped = maze_copy (m, &err);
  MazeSolver *s = maze_solver_new (m, "astar", &err);
  MazeSolver *t = maze_solver_new (stepped, "astar", &err);
  uint32_t n = maze_n_cells (m);
  uint32_t *out = g_new (uint32_t, 4 * (size_t) n + 1);
  uint32_t *t_out = g_new (uint32_t, 4 * (size_t) n + 1);
  size_t count;
  MazeSolveStats st, tst;
  RefAstar a;
  RefEntry e;
  uint64_t reached = 0;

  g_assert_nonnull (s);
  g_assert_nonnull (t);
  for (uint64_t i = 0; i < first && maze_solver_step (s, NULL); i++)
    ;
  maze_solver_run (s);
  while (maze_solver_step (t, NULL))
    ;
  ref_init (&a, m);
  while (ref_step (&a, &e))
    reached++;

  maze_solver_stats (s, &st);
  maze_solver_stats (t, &tst);
  assert_stats (&st, &a, reached);
  g_assert_cmpuint (st.steps, ==, tst.steps);
  g_assert_cmpuint (st.path_length, ==, tst.path_length);
  g_assert_cmpmem (maze_cells_const (m), n * sizeof (uint16_t), maze_cells_const (stepped), n * sizeof (uint16_t));
  assert_marks (m, &a);
  /* what is left of the open set, in the same order: the heap is the
   * same, slot for slot */
  count = maze_solver_frontier (s, out, 4 * (size_t) n + 1);
  g_assert_cmpuint (count, ==, maze_solver_frontier (t, t_out, 4 * (size_t) n + 1));
  g_assert_cmpmem (out, count * sizeof *out, t_out, count * sizeof *t_out);
  maze_solver_free (s);
  maze_solver_free (t);
  maze_free (stepped);
  ref_clear (&a);
  g_free (out);
  g_free (t_out);
}

/* Every step, the open set and the ties of the reference. */
static void
test_astar_steps (void)
{
  g_autoptr (GPtrArray) mazes = small_mazes ();

  for (guint i = 0; i < mazes->len; i++)
    check_stepped (mazes->pdata[i], true);
}

static void
test_astar_steps_large (void)
{
  g_autoptr (GPtrArray) mazes = large_mazes ();

  for (guint i = 0; i < mazes->len; i++)
    check_stepped (mazes->pdata[i], false);
}

/* The run gives what the steps give, from the start and from the middle
 * of a search. */
static void
test_astar_run (void)
{
  g_autoptr (GPtrArray) small = small_mazes ();
  g_autoptr (GPtrArray) large = large_mazes ();
  static const uint64_t firsts[] = { 0, 1, 2, 7, 100, 1000 };

  for (guint i = 0; i < small->len; i++)
    for (size_t k = 0; k < G_N_ELEMENTS (firsts); k++)
      check_run (small->pdata[i], firsts[k]);
  for (guint i = 0; i < large->len; i++)
    {
      check_run (large->pdata[i], 0);
      check_run (large->pdata[i], 5000);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/astar/steps", test_astar_steps);
  g_test_add_func ("/astar/steps-large", test_astar_steps_large);
  g_test_add_func ("/astar/run", test_astar_run);
  return g_test_run ();
}
