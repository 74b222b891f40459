/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The maze generators: every algorithm makes a consistent perfect maze on
 * every shape, the same seed gives the same maze, the steps report exactly
 * what changed, loops remove dead ends, names are checked, endpoints are
 * placed as documented. */
#include "maze.h"
#include "../common/maze-test.h"

#include <glib.h>
#include <string.h>

/* Every generator of the registry under the full names the tests use:
 * its own name, and with a parameter also its edges and a small value.
 * A generator added to the registry is tested without a change here. */
static GPtrArray *algorithms;

static void
add_name (const MazeAlgorithm *a,
          double               value)
{
  char *name = maze_algorithm_full_name (a, value);

  for (guint k = 0; k < algorithms->len; k++)
    if (strcmp (g_ptr_array_index (algorithms, k), name) == 0)
      {
        free (name);
        return;
      }
  g_ptr_array_add (algorithms, g_strdup (name));
  free (name);
}

static void
collect_algorithms (void)
{
  algorithms = g_ptr_array_new_with_free_func (g_free);
  for (size_t k = 0; maze_generators[k] != NULL; k++)
    {
      const MazeAlgorithm *a = maze_generators[k];
      const MazeParam *p = &a->param;

      add_name (a, p->fallback);
      if (p->kind == MAZE_PARAM_COUNT)
        {
          add_name (a, p->min);
          add_name (a, p->min + 3);
        }
      else if (p->kind == MAZE_PARAM_FRACTION)
        {
          add_name (a, p->min + (p->max - p->min) / 4);
          add_name (a, p->max);
        }
    }
}

/* The operations that build the tree of a w x h maze: a carve for every
 * cell but the first, or a wall for every inner corner (recursive
 * division starts open and builds walls). */
static bool
tree_operations (uint64_t carves,
                 uint64_t walls,
                 uint32_t w,
                 uint32_t h)
{
  return (carves == (uint64_t) w * h - 1 && walls == 0)
         || (carves == 0 && walls == (uint64_t) (w - 1) * (h - 1));
}

/* ---- helpers that read a maze the way a user would see it ---- */

static uint32_t
neighbour (const Maze *m,
           uint32_t    i,
           uint16_t    dir)
{
  uint32_t j = maze_neighbor (m, i, dir);

  g_assert_cmpuint (j, !=, UINT32_MAX);
  return j;
}

static unsigned
interior_passages (uint16_t c)
{
  uint16_t inner = (uint16_t) (maze_cell_passages (c) & ~maze_cell_border (c));
  unsigned k = 0;

  for (; inner; inner &= (uint16_t) (inner - 1))
    k++;
  return k;
}

static uint64_t
count_dead_ends (const Maze *m)
{
  const uint16_t *c = maze_cells_const (m);
  uint64_t k = 0;

  for (uint32_t i = 0; i < maze_n_cells (m); i++)
    k += interior_passages (c[i]) == 1;
  return k;
}

static uint64_t
count_passages (const Maze *m)
{
  const uint16_t *c = maze_cells_const (m);
  uint64_t k = 0;

  for (uint32_t i = 0; i < maze_n_cells (m); i++)
    k += interior_passages (c[i]);
  return k / 2;
}

static bool
connected (const Maze *m)
{
  gint64 *dist = maze_test_distances (m, 0);
  bool all = true;

  for (uint32_t i = 0; i < maze_n_cells (m); i++)
    all = all && dist[i] >= 0;
  g_free (dist);
  return all;
}

static Maze *
generate (uint32_t    w,
          uint32_t    h,
          const char *name,
          uint64_t    seed,
          unsigned    loops,
          uint64_t   *steps)
{
  MazeError err = { 0 };
  Maze *m = maze_new (w, h, &err);
  MazeGenerator *gen;

  g_assert_nonnull (m);
  gen = maze_generator_new (m, name, seed, loops, &err);
  if (gen == NULL)
    g_error ("%s: %s", name, err.message);
  maze_generator_run (gen);
  g_assert_true (maze_generator_done (gen));
  g_assert_cmpint (maze_generator_status (gen, &err), ==, MAZE_OK);
  if (steps != NULL)
    *steps = maze_generator_steps (gen);
  maze_generator_free (gen);
  return m;
}

/* ---- every algorithm, every shape ---- */

static void
check_perfect (const char *name,
               uint32_t    w,
               uint32_t    h,
               uint64_t    seed)
{
  MazeError err = { 0 };
  uint64_t steps;
  Maze *m = generate (w, h, name, seed, 0, &steps);
  Maze *again = generate (w, h, name, seed, 0, NULL);
  uint32_t n = w * h;

  if (!maze_check_consistent (m, &err))
    g_error ("%s %ux%u seed %" G_GUINT64_FORMAT ": %s", name, w, h, seed, err.message);
  if (!maze_is_perfect (m))
    g_error ("%s %ux%u seed %" G_GUINT64_FORMAT ": not a perfect maze", name, w, h, seed);
  g_assert_cmpuint (count_passages (m), ==, n - 1);
  g_assert_false (maze_has_search (m));
  /* No opening in the outer wall: the generator leaves that to placement. */
  for (uint32_t i = 0; i < n; i++)
    g_assert_cmphex (maze_cell_passages (maze_cells_const (m)[i])
                     & maze_cell_border (maze_cells_const (m)[i]), ==, 0);

  /* A step a passage or a wall at least (the steps are counted
   * exactly by test_replay). */
  g_assert_cmpuint (steps, >=, MIN (n - 1, (uint64_t) (w - 1) * (h - 1)));

  g_assert_true (memcmp (maze_cells_const (m), maze_cells_const (again), 2 * (size_t) n) == 0);
  g_assert_cmpstr (maze_meta_get (m, "seed"), ==, maze_meta_get (again, "seed"));
  maze_free (again);
  maze_free (m);
}

/* Does @name take steps that only look (a random walk)?  Such a
 * generator takes far more steps than a maze has cells. */
static bool
is_random_walk (const char *name)
{
  uint64_t steps;
  Maze *m = generate (12, 9, name, 1, 0, &steps);

  maze_free (m);
  return steps > 2 * 12 * 9;
}

static void
test_perfect_shapes (gconstpointer data)
{
  const char *name = data;
  static const uint32_t shapes[][2] = {
    { 1, 1 }, { 1, 2 }, { 1, 9 }, { 2, 1 }, { 9, 1 }, { 2, 2 }, { 3, 2 }, { 31, 17 },
  };

  for (size_t s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (uint64_t seed = 1; seed <= 4; seed++)
      check_perfect (name, shapes[s][0], shapes[s][1], seed);

  /* A big one; the random walks are slow by nature (they scan cells
   * without carving, and do far more steps than cells), so smaller. */
  if (is_random_walk (name))
    check_perfect (name, 90, 70, 11);
  else
    {
      check_perfect (name, 200, 200, 11);
      check_perfect (name, 200, 200, 12);
    }
}

/* Other seeds give other mazes (where there are enough mazes to choose). */
static void
test_seeds_differ (gconstpointer data)
{
  const char *name = data;
  Maze *a = generate (31, 17, name, 1, 0, NULL);
  Maze *b = generate (31, 17, name, 2, 0, NULL);
  Maze *c = generate (31, 17, name, UINT64_MAX, 0, NULL);
  size_t size = 2 * 31 * 17;

  g_assert_false (memcmp (maze_cells_const (a), maze_cells_const (b), size) == 0);
  g_assert_false (memcmp (maze_cells_const (a), maze_cells_const (c), size) == 0);
  g_assert_false (memcmp (maze_cells_const (b), maze_cells_const (c), size) == 0);
  maze_free (a);
  maze_free (b);
  maze_free (c);
}

/* ---- the step reports ---- */

static void
check_replay (const char *name,
              uint32_t    w,
              uint32_t    h,
              uint64_t    seed,
              unsigned    loops)
{
  MazeError err = { 0 };
  Maze *m = maze_new (w, h, &err);
  MazeGenerator *gen = maze_generator_new (m, name, seed, loops, &err);
  uint32_t n = w * h;
  uint16_t *replay;
  MazeStep step;
  uint64_t count = 0, carves = 0, walls = 0, loop_steps = 0, scans = 0;
  uint32_t *frontier = g_new (uint32_t, n + 1);

  g_assert_nonnull (gen);
  /* The starting grid (recursive division starts with every wall open). */
  replay = g_memdup2 (maze_cells_const (m), 2 * (size_t) n);

  memset (&step, 0xAB, sizeof step);
  while (maze_generator_step (gen, &step))
    {
      count++;
      g_assert_cmpuint (step.cell, <, n);

      switch (step.kind)
        {
        case MAZE_STEP_CARVE:
          carves++;
          g_assert_cmpuint (step.n_changes, ==, 2);
          /* dir goes from other to cell */
          g_assert_cmpuint (neighbour (m, step.other, step.dir), ==, step.cell);
          g_assert_cmpuint (step.changes[0].index, ==, step.other);
          g_assert_cmphex (step.changes[0].after, ==, step.changes[0].before | step.dir);
          g_assert_cmphex (step.changes[1].after, ==,
                           step.changes[1].before | maze_opposite (step.dir));
          break;
        case MAZE_STEP_BUILD_WALL:
        case MAZE_STEP_LOOP:
          /* dir is the side of cell facing other */
          if (step.kind == MAZE_STEP_LOOP)
            {
              loop_steps++;
              g_assert_cmpuint (interior_passages (step.changes[0].before), ==, 1);
            }
          else
            walls++;
          g_assert_cmpuint (step.n_changes, ==, 2);
          g_assert_cmpuint (neighbour (m, step.cell, step.dir), ==, step.other);
          g_assert_cmpuint (step.changes[0].index, ==, step.cell);
          g_assert_cmpuint (step.changes[1].index, ==, step.other);
          break;
        case MAZE_STEP_SCAN:
          scans++;
          g_assert_cmpuint (step.n_changes, ==, 0);
          break;
        default:
          g_error ("%s: unexpected step kind %d", name, (int) step.kind);
        }

      for (unsigned k = 0; k < step.n_changes; k++)
        {
          const MazeChange *c = &step.changes[k];

          g_assert_cmpuint (c->index, <, n);
          g_assert_cmphex (c->after, ==, maze_cells_const (m)[c->index]);
          g_assert_cmphex (c->before, !=, c->after);
        }
      /* before is the word as it was when the step began, and the C
       * statement shown to students does what the step did; a generator
       * changes only the passages nibble */
      maze_test_replay_step (replay, n, &step, MAZE_PASSAGE_MASK);
      /* Nothing else changed. */
      g_assert_true (memcmp (replay, maze_cells_const (m), 2 * (size_t) n) == 0);

      /* The working set names real cells. */
      {
        size_t total = maze_generator_frontier (gen, frontier, n + 1);

        for (size_t k = 0; k < total && k <= n; k++)
          g_assert_cmpuint (frontier[k], <, n);
      }
    }
  g_assert_cmpint (step.kind, ==, MAZE_STEP_DONE);
  g_assert_false (maze_generator_step (gen, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_DONE);
  g_assert_true (maze_generator_done (gen));
  g_assert_cmpuint (maze_generator_steps (gen), ==, count);
  g_assert_cmpuint (maze_generator_frontier (gen, frontier, n), ==, 0);

  g_assert_true (memcmp (replay, maze_cells_const (m), 2 * (size_t) n) == 0);
  g_assert_true (maze_check_consistent (m, &err));
  g_assert_true (tree_operations (carves, walls, w, h));
  g_assert_cmpuint (count, ==, carves + walls + loop_steps + scans);
  g_assert_cmpuint (count_passages (m), ==, n - 1 + loop_steps);
  if (loops == 0)
    g_assert_cmpuint (loop_steps, ==, 0);

  /* Stepping gives the same maze as running. */
  {
    Maze *ran = generate (w, h, name, seed, loops, NULL);

    g_assert_true (memcmp (maze_cells_const (ran), maze_cells_const (m), 2 * (size_t) n) == 0);
    maze_free (ran);
  }

  g_free (frontier);
  g_free (replay);
  maze_generator_free (gen);
  maze_free (m);
}

static void
test_replay (gconstpointer data)
{
  check_replay (data, 31, 17, 3, 0);
  check_replay (data, 12, 9, 4, 50);
  check_replay (data, 1, 6, 5, 100);
  check_replay (data, 1, 1, 6, 100);
}

/* The depth-first stack is the path back to the root: it starts at the
 * cell just carved and each next cell is a neighbour joined to it. */
static void
test_frontier_newest (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (20, 15, &err);
  MazeGenerator *gen = maze_generator_new (m, "growing-tree:newest", 9, 0, &err);
  uint32_t out[300];
  MazeStep step;
  size_t max_seen = 0;

  while (maze_generator_step (gen, &step))
    {
      size_t total = maze_generator_frontier (gen, out, G_N_ELEMENTS (out));

      if (maze_generator_done (gen))
        {
          g_assert_cmpuint (total, ==, 0);
          continue;
        }
      g_assert_cmpuint (total, >=, 1);
      g_assert_cmpuint (total, <=, 300);
      g_assert_cmpuint (out[0], ==, step.cell);
      for (size_t k = 1; k < total; k++)
        {
          bool joined = false;

          for (int d = 0; d < 4; d++)
            {
              uint16_t dir = MAZE_DIRECTIONS[d];

              if ((maze_cells_const (m)[out[k]] & dir)
                  && maze_neighbor (m, out[k], dir) == out[k - 1])
                joined = true;
            }
          g_assert_true (joined);
        }
      max_seen = MAX (max_seen, total);
      /* A short buffer gets the first cells and the full count. */
      g_assert_cmpuint (maze_generator_frontier (gen, out, 1), ==, total);
    }
  g_assert_cmpuint (max_seen, >, 10);
  maze_generator_free (gen);
  maze_free (m);
}

/* ---- loops ---- */

static void
test_loops (gconstpointer data)
{
  const char *name = data;
  MazeError err = { 0 };
  Maze *tree = generate (40, 30, name, 5, 0, NULL);
  Maze *some = generate (40, 30, name, 5, 30, NULL);
  Maze *all = generate (40, 30, name, 5, 100, NULL);
  uint64_t d0 = count_dead_ends (tree);
  uint64_t d30 = count_dead_ends (some);

  g_assert_cmpuint (d0, >, 0);
  g_assert_true (maze_check_consistent (some, &err));
  g_assert_true (maze_check_consistent (all, &err));
  g_assert_false (maze_is_perfect (some));
  g_assert_true (connected (some));
  g_assert_true (connected (all));
  /* 30 % of the dead ends are gone (a loop can take two at once). */
  g_assert_cmpuint (d30, <=, d0 - (d0 * 30 + 50) / 100);
  g_assert_cmpuint (d30, >=, d0 - 2 * ((d0 * 30 + 50) / 100));
  g_assert_cmpuint (d30, >, 0);
  g_assert_cmpuint (count_dead_ends (all), ==, 0);
  g_assert_cmpuint (count_passages (some), >, 40 * 30 - 1);
  g_assert_cmpuint (count_passages (all), >, count_passages (some));
  g_assert_cmpstr (maze_meta_get (some, "loops"), ==, "30");
  g_assert_null (maze_meta_get (tree, "loops"));
  maze_free (tree);
  maze_free (some);
  maze_free (all);
}

/* ---- pinned mazes: a change of algorithm or PRNG shows here ---- */

static void
test_pinned_words (void)
{
  /* growing-tree:newest, 8x5, seed 42, the cell words row by row. */
  static const uint16_t expected[40] = {
#include "pinned-newest-8x5-42.inc"
  };
  Maze *m = generate (8, 5, "growing-tree:newest", 42, 0, NULL);

  for (int i = 0; i < 40; i++)
    g_assert_cmphex (maze_cells_const (m)[i], ==, expected[i]);
  maze_free (m);
}

static void
test_pinned_crcs (void)
{
  static const struct
  {
    const char *name;
    unsigned    loops;
    uint32_t    crc;
  } pins[] = {
#include "pinned-crcs.inc"
  };

  for (size_t k = 0; k < G_N_ELEMENTS (pins); k++)
    {
      Maze *m = generate (31, 17, pins[k].name, 7, pins[k].loops, NULL);
      uint32_t crc = maze_crc32 (0, maze_cells_const (m), 2 * 31 * 17);

      if (crc != pins[k].crc)
        g_error ("%s loops %u: CRC 0x%08X, pinned 0x%08X", pins[k].name,
                 pins[k].loops, crc, pins[k].crc);
      maze_free (m);
    }
}

/* Bigger mazes than the pins above, many rows that do not end on a
 * 64-bit word: hunt-and-kill finds its hunts in a bitmap, not by scanning
 * the rows, and Prim decides from bits of its own, not from the cells,
 * and still make the mazes they made before. */
static void
test_pinned_big (void)
{
  static const struct
  {
    const char *name;
    uint32_t    crc;
  } pins[] = {
    { "hunt-and-kill", 0x7E1E1A44 },
    { "prim", 0x708C06C3 },
  };

  for (size_t k = 0; k < G_N_ELEMENTS (pins); k++)
    {
      Maze *m = generate (257, 131, pins[k].name, 11, 0, NULL);
      uint32_t crc = maze_crc32 (0, maze_cells_const (m), 2 * 257 * 131);

      if (crc != pins[k].crc)
        g_error ("%s: CRC 0x%08X, pinned 0x%08X", pins[k].name, crc, pins[k].crc);
      maze_free (m);
    }
}

/* ---- streams: which mazes a generator's seeds give ---- */

/* Kruskal's wall order is computed from the seed since stream 2: its
 * files say so, and a file of the first stream (which has no key) is
 * known not to replay; every other generator is on its first stream and
 * writes no key. */
static void
test_streams (void)
{
  MazeError err = { 0 };
  Maze *m = generate (9, 7, "kruskal", 3, 0, NULL);
  MazeGenerator *gen;

  g_assert_cmpstr (maze_meta_get (m, "generator-stream"), ==, "2");
  g_assert_cmpint (maze_generator_check_stream (m, &err), ==, MAZE_OK);

  /* a file written before: no key */
  g_assert_cmpint (maze_meta_set (m, "generator-stream", NULL, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_generator_check_stream (m, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpstr (err.message, ==,
                   "this maze was made by another version of 'kruskal': its seed now gives another maze");
  maze_error_clear (&err);
  /* a stream this version does not know, or not a number */
  g_assert_cmpint (maze_meta_set (m, "generator-stream", "3", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_generator_check_stream (m, NULL), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (maze_meta_set (m, "generator-stream", "2x", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_generator_check_stream (m, NULL), ==, MAZE_ERROR_ARGUMENT);

  /* another generator on the same maze takes the key away */
  gen = maze_generator_new (m, "prim", 3, 0, &err);
  g_assert_nonnull (gen);
  g_assert_null (maze_meta_get (m, "generator-stream"));
  g_assert_cmpint (maze_generator_check_stream (m, &err), ==, MAZE_OK);
  maze_generator_free (gen);

  /* nothing to replay: no generator, or one this version does not know */
  g_assert_cmpint (maze_meta_set (m, "generator", NULL, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_generator_check_stream (m, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_meta_set (m, "generator", "future-method", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_generator_check_stream (m, &err), ==, MAZE_OK);
  maze_free (m);
}

/* ---- a run in slices (the app's Generate without animation) ---- */

/* Slices of any length do the steps of one run: the same maze, the same
 * count, and a slice stops short only at the end. */
static void
test_run_steps (void)
{
  static const uint64_t slices[] = { 1, 7, 500 };

  for (guint k = 0; k < algorithms->len; k++)
    {
      const char *name = g_ptr_array_index (algorithms, k);
      uint64_t steps;
      Maze *whole = generate (23, 13, name, 5, 20, &steps);

      for (size_t s = 0; s < G_N_ELEMENTS (slices); s++)
        {
          MazeError err = { 0 };
          Maze *m = maze_new (23, 13, &err);
          MazeGenerator *gen = maze_generator_new (m, name, 5, 20, &err);
          uint64_t done = 0, n;

          while ((n = maze_generator_run_steps (gen, slices[s])) == slices[s])
            done += n;
          done += n;
          g_assert_true (maze_generator_done (gen));
          g_assert_cmpuint (done, ==, steps);
          g_assert_cmpuint (maze_generator_steps (gen), ==, steps);
          g_assert_cmpuint (maze_generator_run_steps (gen, slices[s]), ==, 0);
          if (memcmp (maze_cells_const (m), maze_cells_const (whole), 2 * 23 * 13) != 0)
            g_error ("%s in slices of %" G_GUINT64_FORMAT ": another maze", name, slices[s]);
          maze_generator_free (gen);
          maze_free (m);
        }
      maze_free (whole);
    }
}

/* A maze of @w x @h cells in the built-in shape @shape_name, or a
 * rectangle when it is NULL. */
static Maze *
new_maze_shaped (uint32_t    w,
                 uint32_t    h,
                 const char *shape_name)
{
  MazeError err = { 0 };
  MazeShape *shape;
  Maze *m;

  if (shape_name == NULL)
    {
      m = maze_new (w, h, &err);
      g_assert_nonnull (m);
      return m;
    }
  shape = maze_shape_builtin (shape_name, w, h, &err);
  g_assert_nonnull (shape);
  m = maze_new_shaped (w, h, shape, MAZE_PIECES_KEEP_LARGEST, &err);
  maze_shape_free (shape);
  g_assert_nonnull (m);
  return m;
}

/* The random walks count a step at each carve and after each 4096 moves
 * that carve nothing (a scan).  On mazes big enough for many scans, in
 * shapes and in strips (cells of one, two and three neighbours), a whole
 * run and a run in slices make the maze the steps make, with the same
 * count of steps, and a slice stops short only at the end. */
static void
test_walk_runs (void)
{
  static const char *const walks[] = { "aldous-broder", "wilson" };
  static const struct
  {
    uint32_t    w, h;
    const char *shape; /* NULL for a rectangle */
  } cases[] = {
    { 150, 100, NULL }, { 120, 100, "ring" }, { 100, 90, "heart" }, { 300, 1, NULL }, { 2, 150, NULL },
  };

  for (size_t k = 0; k < G_N_ELEMENTS (walks); k++)
    for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        MazeError err = { 0 };
        const uint32_t w = cases[c].w, h = cases[c].h;
        Maze *ref = new_maze_shaped (w, h, cases[c].shape);
        MazeGenerator *stepped = maze_generator_new (ref, walks[k], 4, 20, &err);
        uint64_t steps = 0;

        while (maze_generator_step (stepped, NULL))
          steps++;
        g_assert_cmpuint (maze_generator_steps (stepped), ==, steps);
        /* many more steps than carves (w * h - 1 and some loops): scans */
        if (c == 0)
          g_assert_cmpuint (steps, >, (uint64_t) w * h + 100);

        for (unsigned slice = 0; slice < 2; slice++)
          {
            Maze *m = new_maze_shaped (w, h, cases[c].shape);
            MazeGenerator *gen = maze_generator_new (m, walks[k], 4, 20, &err);
            uint64_t done = 0, n;

            if (slice == 0)
              {
                maze_generator_run (gen);
                done = maze_generator_steps (gen);
              }
            else
              {
                while ((n = maze_generator_run_steps (gen, 333)) == 333)
                  done += n;
                done += n;
              }
            g_assert_true (maze_generator_done (gen));
            g_assert_cmpuint (done, ==, steps);
            g_assert_cmpuint (maze_generator_steps (gen), ==, steps);
            if (memcmp (maze_cells_const (m), maze_cells_const (ref), 2 * (size_t) w * h) != 0)
              g_error ("%s %ux%u %s %s: another maze than the steps make", walks[k], w, h,
                       cases[c].shape ? cases[c].shape : "rectangle",
                       slice ? "in slices" : "in one run");
            maze_generator_free (gen);
            maze_free (m);
          }
        maze_generator_free (stepped);
        maze_free (ref);
      }
}

/* A slice that stops after some steps leaves the generator where as
 * many single steps would: stepping on reports the same steps, and the
 * maze is the same at each point (the app steps on after a slice, and
 * predict mode runs up to each question). */
static void
test_run_then_step (void)
{
  for (guint k = 0; k < algorithms->len; k++)
    {
      const char *name = g_ptr_array_index (algorithms, k);
      MazeError err = { 0 };
      Maze *ref = maze_new (23, 13, &err), *m = maze_new (23, 13, &err);
      MazeGenerator *stepped = maze_generator_new (ref, name, 8, 20, &err);
      MazeGenerator *gen = maze_generator_new (m, name, 8, 20, &err);
      unsigned turn = 0;

      while (!maze_generator_done (gen))
        {
          uint64_t burst = 1 + (turn * 7) % 23;

          if (turn++ % 2 == 0)
            {
              uint64_t ran = maze_generator_run_steps (gen, burst);

              for (uint64_t s = 0; s < ran; s++)
                g_assert_true (maze_generator_step (stepped, NULL));
            }
          else
            for (uint64_t s = 0; s < burst && !maze_generator_done (gen); s++)
              {
                MazeStep a, b;

                g_assert_true (maze_generator_step (stepped, &a));
                g_assert_true (maze_generator_step (gen, &b));
                g_assert_cmpint (a.kind, ==, b.kind);
                g_assert_cmpuint (a.cell, ==, b.cell);
                g_assert_cmpuint (a.other, ==, b.other);
                g_assert_cmpuint (a.dir, ==, b.dir);
              }
          g_assert_cmpuint (maze_generator_steps (gen), ==, maze_generator_steps (stepped));
          if (memcmp (maze_cells_const (m), maze_cells_const (ref), 2 * 23 * 13) != 0)
            g_error ("%s: another maze after %" G_GUINT64_FORMAT " steps, in slices and steps",
                     name, maze_generator_steps (gen));
        }
      g_assert_true (maze_generator_done (stepped));
      maze_generator_free (stepped);
      maze_generator_free (gen);
      maze_free (ref);
      maze_free (m);
    }
}

/* Kruskal's whole run (from the start to the end in one call) makes the
 * tree in tiles of 64 x 64 cells and leaves few walls to the ordered
 * pass; it must make the maze one step at a time makes, with as many
 * steps, across tiles, in strips narrower than a tile and in shapes that
 * cross tiles with holes. */
static void
test_kruskal_whole_run (void)
{
  static const struct
  {
    uint32_t    w, h;
    const char *shape; /* NULL for a rectangle */
  } cases[] = {
    { 257, 131, NULL }, { 64, 64, NULL }, { 65, 129, NULL }, { 300, 1, NULL },
    { 1, 300, NULL }, { 2, 200, NULL }, { 190, 170, "heart" }, { 200, 140, "ring" },
    { 160, 90, "cross" }, { 131, 131, "circle" },
  };

  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    for (uint64_t seed = 1; seed <= 2; seed++)
      {
        MazeError err = { 0 };
        Maze *whole = new_maze_shaped (cases[k].w, cases[k].h, cases[k].shape);
        Maze *stepped = new_maze_shaped (cases[k].w, cases[k].h, cases[k].shape);
        MazeGenerator *a, *b;

        a = maze_generator_new (whole, "kruskal", seed, 0, &err);
        b = maze_generator_new (stepped, "kruskal", seed, 0, &err);
        maze_generator_run (a);
        while (maze_generator_step (b, NULL))
          ;
        g_assert_true (maze_generator_done (a));
        g_assert_cmpuint (maze_generator_steps (a), ==, maze_generator_steps (b));
        g_assert_cmpuint (maze_generator_steps (a), ==, maze_n_inside (whole) - 1);
        if (memcmp (maze_cells_const (whole), maze_cells_const (stepped),
                    2 * (size_t) cases[k].w * cases[k].h) != 0)
          g_error ("kruskal %ux%u %s seed %" G_GUINT64_FORMAT ": the whole run made another maze",
                   cases[k].w, cases[k].h, cases[k].shape ? cases[k].shape : "rectangle", seed);
        maze_generator_free (a);
        maze_generator_free (b);
        maze_free (whole);
        maze_free (stepped);
      }
}

/* In the app's slices Kruskal works its filter out a share at a time (a
 * big maze's would hold one frame for a quarter of a second), with
 * single steps between: the maze and the steps are those of one run. */
static void
test_kruskal_sliced_filter (void)
{
  MazeError err = { 0 };
  uint64_t steps;
  Maze *whole = generate (300, 250, "kruskal", 4, 0, &steps);
  Maze *m = maze_new (300, 250, &err);
  MazeGenerator *gen = maze_generator_new (m, "kruskal", 4, 0, &err);
  uint64_t done = 0, n;

  /* 300 cells wide: a slice's share of the filter is 109 rows */
  while ((n = maze_generator_run_steps (gen, 100)) == 100)
    done += n;
  done += n;
  g_assert_true (maze_generator_done (gen));
  g_assert_cmpuint (done, ==, steps);
  if (memcmp (maze_cells_const (m), maze_cells_const (whole), 2 * 300 * 250) != 0)
    g_error ("kruskal in slices of 100 with its filter in pieces: another maze");
  maze_generator_free (gen);
  maze_free (m);
  maze_free (whole);
}

/* ---- names ---- */

/* The names files and scripts use are a contract: each still reads back
 * to a generator of its own. */
static void
test_contract (void)
{
  static const char *const names[] = {
    "growing-tree:newest", "growing-tree:oldest", "growing-tree:random",
    "growing-tree:mixed:0.25", "corridor:8", "straight-run:3", "prim",
    "kruskal", "wilson", "aldous-broder", "hunt-and-kill", "binary-tree",
    "sidewinder", "eller", "recursive-division", "growing-tree",
    "growing-tree:mixed", "corridor", "straight-run",
  };
  const MazeAlgorithm *seen[G_N_ELEMENTS (names)];

  for (size_t k = 0; k < G_N_ELEMENTS (names); k++)
    {
      MazeError err = { 0 };

      seen[k] = maze_algorithm_find (maze_generators, names[k], NULL, &err);
      if (seen[k] == NULL)
        g_error ("%s: %s", names[k], err.message);
    }
  /* the first fifteen are fifteen generators */
  for (size_t k = 0; k < 15; k++)
    for (size_t j = 0; j < k; j++)
      g_assert_true (seen[k] != seen[j]);
}

/* Every descriptor says what a program needs to show it, its names are
 * unique, and every name it lists reads back to it. */
static void
test_list (void)
{
  size_t n = 0, defaults = 0;

  for (; maze_generators[n] != NULL; n++)
    {
      const MazeAlgorithm *a = maze_generators[n];
      const MazeParam *p = &a->param;
      char *listed = maze_algorithm_list_name (a);
      char *full = NULL;
      MazeError err = { 0 };
      double value = -1;

      g_assert_nonnull (a->generator);
      g_assert_null (a->solver);
      g_assert_nonnull (a->label);
      g_assert_cmpuint (strlen (a->label), >, 2);
      g_assert_nonnull (a->description);
      g_assert_cmpuint (strlen (a->description), >, 10);
      defaults += (a->flags & MAZE_ALGORITHM_DEFAULT) != 0;

      /* Its name is itself, with the parameter's fallback. */
      g_assert_true (maze_algorithm_find (maze_generators, a->name, &value, &err) == a);
      if (a->alias != NULL)
        g_assert_true (maze_algorithm_find (maze_generators, a->alias, NULL, &err) == a);

      if (p->kind == MAZE_PARAM_NONE)
        {
          g_assert_cmpstr (listed, ==, a->name);
          g_assert_cmpfloat (value, ==, 0);
        }
      else
        {
          /* Listed with its letter, which is not a value; valid with a
           * number, which reads back. */
          g_assert_nonnull (p->letter);
          g_assert_nonnull (p->label);
          g_assert_nonnull (p->description);
          g_assert_cmpfloat (p->min, <=, p->fallback);
          g_assert_cmpfloat (p->fallback, <=, p->max);
          g_assert_cmpfloat (value, ==, p->fallback);
          g_assert_true (g_str_has_prefix (listed, a->name));
          g_assert_false (maze_generator_name_valid (listed, &err));
          full = maze_algorithm_full_name (a, p->max);
          g_assert_true (maze_algorithm_find (maze_generators, full, &value, &err) == a);
          g_assert_cmpfloat (value, ==, p->max);
          free (full);
          full = maze_algorithm_full_name (a, p->min);
          g_assert_true (maze_algorithm_find (maze_generators, full, &value, &err) == a);
          g_assert_cmpfloat (value, ==, p->min);
        }
      for (size_t k = 0; k < n; k++)
        {
          g_assert_cmpstr (maze_generators[k]->name, !=, a->name);
          g_assert_cmpstr (maze_generators[k]->label, !=, a->label);
        }
      free (full);
      free (listed);
    }
  g_assert_cmpuint (defaults, ==, 1);
  g_assert_true (maze_algorithm_default (maze_generators)->flags & MAZE_ALGORITHM_DEFAULT);
}

/* Composing a name from a value and reading it back, as the app does
 * with its parameter row. */
static void
test_full_names (void)
{
  const MazeAlgorithm *corridor = maze_algorithm_find (maze_generators, "corridor", NULL, NULL);
  const MazeAlgorithm *mixed = maze_algorithm_find (maze_generators, "growing-tree:mixed", NULL, NULL);
  const MazeAlgorithm *prim = maze_algorithm_find (maze_generators, "prim", NULL, NULL);
  char *name;
  double value;

  g_assert_nonnull (corridor);
  g_assert_nonnull (mixed);
  g_assert_nonnull (prim);

  name = maze_algorithm_full_name (corridor, 8);
  g_assert_cmpstr (name, ==, "corridor:8");
  free (name);
  name = maze_algorithm_full_name (corridor, 7.6);
  g_assert_cmpstr (name, ==, "corridor:8");
  free (name);
  /* clamped to the range */
  name = maze_algorithm_full_name (corridor, 0);
  g_assert_cmpstr (name, ==, "corridor:1");
  free (name);
  name = maze_algorithm_full_name (corridor, 1e9);
  g_assert_cmpstr (name, ==, "corridor:65535");
  free (name);

  name = maze_algorithm_full_name (mixed, 0.35);
  g_assert_cmpstr (name, ==, "growing-tree:mixed:0.35");
  free (name);
  name = maze_algorithm_full_name (mixed, 1);
  g_assert_cmpstr (name, ==, "growing-tree:mixed:1");
  free (name);
  name = maze_algorithm_full_name (mixed, 0.123456789);
  g_assert_cmpstr (name, ==, "growing-tree:mixed:0.123456789");
  free (name);
  name = maze_algorithm_full_name (mixed, -2);
  g_assert_cmpstr (name, ==, "growing-tree:mixed:0");
  free (name);

  name = maze_algorithm_full_name (prim, 5);
  g_assert_cmpstr (name, ==, "prim");
  free (name);

  g_assert_true (maze_algorithm_find (maze_generators, "growing-tree:mixed:.35", &value, NULL) == mixed);
  g_assert_cmpfloat (value, ==, 0.35);
  g_assert_true (maze_algorithm_find (maze_generators, "corridor:007", &value, NULL) == corridor);
  g_assert_cmpfloat (value, ==, 7);

  name = maze_algorithm_canonical_name (maze_generators, "growing-tree", NULL);
  g_assert_cmpstr (name, ==, "growing-tree:newest");
  free (name);
  g_assert_null (maze_algorithm_canonical_name (maze_generators, "nope", NULL));
}

static void
test_normalised_names (void)
{
  static const char *const pairs[][2] = {
    { "growing-tree", "growing-tree:newest" },
    { "growing-tree:oldest", "growing-tree:oldest" },
    { "growing-tree:mixed", "growing-tree:mixed:0.5" },
    { "growing-tree:mixed:0.250", "growing-tree:mixed:0.25" },
    { "growing-tree:mixed:.75", "growing-tree:mixed:0.75" },
    { "growing-tree:mixed:1.0", "growing-tree:mixed:1" },
    { "growing-tree:mixed:0", "growing-tree:mixed:0" },
    { "corridor", "corridor:20" },
    { "corridor:007", "corridor:7" },
    { "straight-run", "straight-run:10" },
    { "straight-run:65535", "straight-run:65535" },
    { "kruskal", "kruskal" },
  };

  for (size_t k = 0; k < G_N_ELEMENTS (pairs); k++)
    {
      Maze *m = generate (6, 4, pairs[k][0], 1234567890123ULL, 0, NULL);

      g_assert_cmpstr (maze_meta_get (m, "generator"), ==, pairs[k][1]);
      g_assert_cmpstr (maze_meta_get (m, "seed"), ==, "1234567890123");
      maze_free (m);
    }

  /* The default parameter is the same maze as the number spelled out. */
  {
    Maze *a = generate (25, 25, "corridor", 3, 0, NULL);
    Maze *b = generate (25, 25, "corridor:20", 3, 0, NULL);

    g_assert_true (memcmp (maze_cells_const (a), maze_cells_const (b), 2 * 25 * 25) == 0);
    maze_free (a);
    maze_free (b);
  }
}

static void
test_bad_names (void)
{
  static const char *const cases[][2] = {
    { "foo", "unknown generator 'foo'" },
    { "Prim", "unknown generator 'Prim'" },
    { "prim ", "unknown generator 'prim '" },
    { "", "no generator name given" },
    { "corridor:0", "'corridor' takes a whole number from 1 to 65535, got '0'" },
    { "corridor:65536", "'corridor' takes a whole number from 1 to 65535, got '65536'" },
    { "corridor:99999999999999999999", "'corridor' takes a whole number from 1 to 65535, got '99999999999999999999'" },
    { "corridor:", "'corridor' takes a whole number from 1 to 65535, got ''" },
    { "corridor:-3", "'corridor' takes a whole number from 1 to 65535, got '-3'" },
    { "straight-run:1e3", "'straight-run' takes a whole number from 1 to 65535, got '1e3'" },
    { "straight-run:0", "'straight-run' takes a whole number from 1 to 65535, got '0'" },
    { "growing-tree:mixed:1.5", "'growing-tree:mixed' takes a number from 0 to 1, got '1.5'" },
    { "growing-tree:mixed:0,5", "'growing-tree:mixed' takes a number from 0 to 1, got '0,5'" },
    { "growing-tree:mixed:", "'growing-tree:mixed' takes a number from 0 to 1, got ''" },
    { "growing-tree:mixed:.", "'growing-tree:mixed' takes a number from 0 to 1, got '.'" },
    { "growing-tree:sideways", "unknown generator 'growing-tree:sideways' (known: growing-tree:newest, "
                               "growing-tree:oldest, growing-tree:random, growing-tree:mixed:P)" },
    { "prim:3", "generator 'prim' takes no parameter, got 'prim:3'" },
    { "eller:", "generator 'eller' takes no parameter, got 'eller:'" },
  };
  MazeError err;
  Maze *m = maze_new (4, 4, &err);

  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      maze_error_clear (&err);
      g_assert_false (maze_generator_name_valid (cases[k][0], &err));
      g_assert_cmpint (err.status, ==, MAZE_ERROR_ARGUMENT);
      g_assert_cmpstr (err.message, ==, cases[k][1]);
      maze_error_clear (&err);
      g_assert_null (maze_generator_new (m, cases[k][0], 1, 0, &err));
      g_assert_cmpstr (err.message, ==, cases[k][1]);
    }
  g_assert_false (maze_generator_name_valid (NULL, NULL));
  g_assert_null (maze_generator_new (m, "prim", 1, 101, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpstr (err.message, ==, "loops must be 0..100 percent of the dead ends, got 101");
  g_assert_null (maze_generate (4, 4, "nope", 1, 0, &err));
  g_assert_cmpstr (err.message, ==, "unknown generator 'nope'");
  g_assert_null (maze_generate (0, 4, "prim", 1, 0, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_SIZE);
  maze_free (m);
}

/* ---- a generator starts from a clean grid ---- */

static void
test_reuse_maze (void)
{
  MazeError err = { 0 };
  Maze *fresh = generate (15, 11, "prim", 77, 0, NULL);
  Maze *used = generate (15, 11, "kruskal", 1, 40, NULL);
  MazeGenerator *gen;

  g_assert_cmpint (maze_place_endpoints (used, MAZE_PLACE_ROWS, true, 3, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_toggle_bit (used, 20, 8 + 1, NULL, &err), ==, MAZE_OK);
  gen = maze_generator_new (used, "prim", 77, 0, &err);
  maze_generator_run (gen);
  g_assert_true (memcmp (maze_cells_const (fresh), maze_cells_const (used), 2 * 15 * 11) == 0);
  g_assert_null (maze_meta_get (used, "loops"));
  g_assert_cmpstr (maze_meta_get (used, "generator"), ==, "prim");
  maze_generator_free (gen);
  maze_generator_free (NULL);
  maze_free (fresh);
  maze_free (used);
}

/* ---- memory: what the algorithm needs, never a block per cell ---- */

static void
test_memory (void)
{
  static const struct
  {
    const char *name;
    double      per_cell; /* bytes a cell allowed beyond a fixed part */
  } cases[] = {
    { "growing-tree:newest", 0.26 },   /* two bits a move */
    { "straight-run:5", 0.26 },
    { "wilson", 0.26 },
    { "binary-tree", 0 },
    { "sidewinder", 0 },
    { "aldous-broder", 0 },
    { "hunt-and-kill", 0.13 },         /* the hunt's bits */
    { "eller", 0.4 },                  /* four arrays of the width */
    { "recursive-division", 0.4 },     /* chambers: width + height */
    { "kruskal", 3.01 },               /* the union-find, packed */
  };
  MazeError err = { 0 };

  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      Maze *m = maze_new (160, 120, &err);
      MazeGenerator *gen = maze_generator_new (m, cases[k].name, 1, 0, &err);
      size_t mem = maze_generator_memory (gen);

      if (mem > 4096 + (size_t) (cases[k].per_cell * 160 * 120))
        g_error ("%s uses %zu bytes for 19200 cells", cases[k].name, mem);
      maze_generator_run (gen);
      g_assert_cmpuint (maze_generator_memory (gen), ==, mem);
      maze_generator_free (gen);
      maze_free (m);
    }
}

/* ---- endpoints ---- */

static unsigned
count_openings (const Maze *m)
{
  const uint16_t *c = maze_cells_const (m);
  unsigned k = 0;

  for (uint32_t i = 0; i < maze_n_cells (m); i++)
    {
      uint16_t open = (uint16_t) (maze_cell_passages (c[i]) & maze_cell_border (c[i]));

      for (; open; open &= (uint16_t) (open - 1))
        k++;
    }
  return k;
}

static void
test_placement (void)
{
  MazeError err = { 0 };
  Maze *m = generate (12, 9, "growing-tree:random", 8, 0, NULL);
  const uint16_t *c = maze_cells_const (m);
  uint32_t start, goal;
  gint64 *dist;
  gint64 max = 0;

  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_CORNERS, true, 1, &err), ==, MAZE_OK);
  g_assert_cmpuint (maze_start (m), ==, 0);
  g_assert_cmpuint (maze_goal (m), ==, 12 * 9 - 1);
  g_assert_true (maze_cell_is_open (c[0], MAZE_N));
  g_assert_true (maze_cell_is_open (c[12 * 9 - 1], MAZE_S));
  g_assert_cmpuint (count_openings (m), ==, 2);
  g_assert_true (maze_check_consistent (m, &err));

  /* Rows: top row to bottom row, the old openings closed. */
  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_ROWS, true, 5, &err), ==, MAZE_OK);
  start = maze_start (m);
  goal = maze_goal (m);
  g_assert_cmpuint (start, <, 12);
  g_assert_cmpuint (goal / 12, ==, 8);
  g_assert_true (maze_cell_is_open (c[start], MAZE_N));
  g_assert_true (maze_cell_is_open (c[goal], MAZE_S));
  g_assert_cmpuint (count_openings (m), ==, 2);
  /* Same seed, same cells; some other seed moves them. */
  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_ROWS, true, 5, &err), ==, MAZE_OK);
  g_assert_cmpuint (maze_start (m), ==, start);
  g_assert_cmpuint (maze_goal (m), ==, goal);
  {
    bool moved = false;

    for (uint64_t seed = 6; seed < 16 && !moved; seed++)
      {
        g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_ROWS, false, seed, &err), ==, MAZE_OK);
        moved = maze_start (m) != start || maze_goal (m) != goal;
      }
    g_assert_true (moved);
  }
  g_assert_cmpuint (count_openings (m), ==, 0);

  /* Far: no cell is farther from the start than the goal. */
  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_FAR, false, 21, &err), ==, MAZE_OK);
  dist = maze_test_distances (m, maze_start (m));
  for (uint32_t i = 0; i < 12 * 9; i++)
    max = MAX (max, dist[i]);
  g_assert_cmpint (dist[maze_goal (m)], ==, max);
  g_assert_cmpint (max, >, 10);
  g_free (dist);
  g_assert_cmpuint (count_openings (m), ==, 0);
  g_assert_true (maze_check_consistent (m, &err));

  g_assert_cmpint (maze_placement_from_name ("corners"), ==, MAZE_PLACE_CORNERS);
  g_assert_cmpint (maze_placement_from_name ("rows"), ==, MAZE_PLACE_ROWS);
  g_assert_cmpint (maze_placement_from_name ("far"), ==, MAZE_PLACE_FAR);
  g_assert_cmpint (maze_placement_from_name ("middle"), ==, -1);
  g_assert_cmpint (maze_placement_from_name (NULL), ==, -1);
  g_assert_cmpstr (maze_placement_name (MAZE_PLACE_FAR), ==, "far");
  g_assert_cmpstr (maze_placement_name (MAZE_PLACE_CORNERS), ==, "corners");
  maze_free (m);

  /* Left-column and one-cell mazes open the side they have. */
  m = generate (1, 1, "prim", 1, 0, NULL);
  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_CORNERS, true, 1, &err), ==, MAZE_OK);
  g_assert_cmphex (maze_cells_const (m)[0], ==, 0x00F5);
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);
}

static void
test_generate (void)
{
  MazeError err = { 0 };
  Maze *m = maze_generate (10, 10, maze_algorithm_default (maze_generators)->name, 99, 0, &err);

  g_assert_nonnull (m);
  g_assert_true (maze_is_perfect (m));
  g_assert_true (maze_check_consistent (m, &err));
  g_assert_cmpuint (maze_start (m), ==, 0);
  g_assert_cmpuint (maze_goal (m), ==, 99);
  g_assert_true (maze_cell_is_open (maze_cells_const (m)[0], MAZE_N));
  g_assert_true (maze_cell_is_open (maze_cells_const (m)[99], MAZE_S));
  g_assert_cmpuint (count_openings (m), ==, 2);
  g_assert_cmpstr (maze_meta_get (m, "generator"), ==, "growing-tree:newest");
  maze_free (m);
}

/* A 1x1 maze has nothing to carve: done at once, zero steps. */
static void
test_single_cell (void)
{
  MazeError err = { 0 };

  for (guint k = 0; k < algorithms->len; k++)
    {
      Maze *m = maze_new (1, 1, &err);
      MazeGenerator *gen = maze_generator_new (m, g_ptr_array_index (algorithms, k), 1, 100, &err);
      MazeStep step;
      uint32_t out[4];

      g_assert_true (maze_generator_done (gen));
      g_assert_false (maze_generator_step (gen, &step));
      g_assert_cmpint (step.kind, ==, MAZE_STEP_DONE);
      g_assert_cmpuint (maze_generator_steps (gen), ==, 0);
      g_assert_cmpuint (maze_generator_frontier (gen, out, 4), ==, 0);
      g_assert_cmphex (maze_cells_const (m)[0], ==, 0x00F0);
      maze_generator_free (gen);
      maze_free (m);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  collect_algorithms ();

  g_test_add_func ("/generators/list", test_list);
  g_test_add_func ("/generators/names/contract", test_contract);
  g_test_add_func ("/generators/names/full", test_full_names);
  g_test_add_func ("/generators/names/normalised", test_normalised_names);
  g_test_add_func ("/generators/names/bad", test_bad_names);
  g_test_add_func ("/generators/pinned/words", test_pinned_words);
  g_test_add_func ("/generators/pinned/crcs", test_pinned_crcs);
  g_test_add_func ("/generators/pinned/big", test_pinned_big);
  g_test_add_func ("/generators/streams", test_streams);
  g_test_add_func ("/generators/frontier/newest", test_frontier_newest);
  g_test_add_func ("/generators/reuse", test_reuse_maze);
  g_test_add_func ("/generators/run-steps", test_run_steps);
  g_test_add_func ("/generators/walk-runs", test_walk_runs);
  g_test_add_func ("/generators/run-then-step", test_run_then_step);
  g_test_add_func ("/generators/kruskal/whole-run", test_kruskal_whole_run);
  g_test_add_func ("/generators/kruskal/sliced-filter", test_kruskal_sliced_filter);
  g_test_add_func ("/generators/memory", test_memory);
  g_test_add_func ("/generators/single-cell", test_single_cell);
  g_test_add_func ("/generators/placement", test_placement);
  g_test_add_func ("/generators/generate", test_generate);
  for (guint k = 0; k < algorithms->len; k++)
    {
      const char *name = g_ptr_array_index (algorithms, k);
      char *path;

      path = g_strdup_printf ("/generators/perfect/%s", name);
      g_test_add_data_func (path, name, test_perfect_shapes);
      g_free (path);
      path = g_strdup_printf ("/generators/seeds/%s", name);
      g_test_add_data_func (path, name, test_seeds_differ);
      g_free (path);
      path = g_strdup_printf ("/generators/steps/%s", name);
      g_test_add_data_func (path, name, test_replay);
      g_free (path);
      path = g_strdup_printf ("/generators/loops/%s", name);
      g_test_add_data_func (path, name, test_loops);
      g_free (path);
    }
  return g_test_run ();
}
