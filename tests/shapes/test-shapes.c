/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shaped mazes: the border nibble is the bounds.  Every generator of the
 * engine's list fills every built-in shape with a perfect maze that never
 * touches a cell outside, or refuses it saying why; the solvers find
 * shortest paths where they promise them and "no path" where the goal is
 * cut off; masks are read or refused with a clear message; shaped mazes
 * go through files as version 2 while rectangles stay version 1. */
#include "maze.h"
#include "../common/maze-test.h"

#include <glib.h>
#include <string.h>

/* The generators the issue names: each must fill every connected shape
 * (and so carry MAZE_ALGORITHM_ANY_SHAPE). */
static const char *const must_fill[] = {
  "growing-tree:newest", "growing-tree:oldest", "growing-tree:random",
  "growing-tree:mixed", "corridor", "straight-run", "prim", "kruskal",
  "wilson", "aldous-broder", "hunt-and-kill", NULL,
};

/* The refusals a generator without MAZE_ALGORITHM_ANY_SHAPE may give
 * for a connected shape. */
static const MazeMessage refusal_codes[] = {
  MAZE_MSG_SHAPE_BINARY_TREE, MAZE_MSG_SHAPE_SIDEWINDER, MAZE_MSG_SHAPE_REFUSED,
};

/* Every generator of the registry, by its name (a parameter takes its
 * fallback). */
static GPtrArray *
generator_names (void)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (size_t k = 0; maze_generators[k] != NULL; k++)
    g_ptr_array_add (names, g_strdup (maze_generators[k]->name));
  return names;
}

/* Does the registry say @name fills any connected shape? */
static gboolean
must_fill_any (const char *name)
{
  const MazeAlgorithm *a = maze_algorithm_find (maze_generators, name, NULL, NULL);

  g_assert_nonnull (a);
  return (a->flags & MAZE_ALGORITHM_ANY_SHAPE) != 0;
}

/* The capability: the issue's eleven have it; a generator without it
 * says in its shape_limit why, one with it has none. */
static void
test_capability (void)
{
  unsigned with = 0;

  for (const char *const *n = must_fill; *n != NULL; n++)
    g_assert_true (must_fill_any (*n));
  for (size_t k = 0; maze_generators[k] != NULL; k++)
    {
      const MazeAlgorithm *a = maze_generators[k];

      if (a->flags & MAZE_ALGORITHM_ANY_SHAPE)
        {
          with++;
          g_assert_null (a->shape_limit);
        }
      else
        {
          g_assert_nonnull (a->shape_limit);
          g_assert_cmpuint (strlen (a->shape_limit), >, 20);
        }
    }
  g_assert_cmpuint (with, >=, g_strv_length ((char **) must_fill));
}

static Maze *
shaped (const char *shape_name,
        uint32_t    w,
        uint32_t    h)
{
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_builtin (shape_name, w, h, &err);
  Maze *m;

  if (shape == NULL)
    g_error ("%s: %s", shape_name, err.message);
  m = maze_new_shaped (w, h, shape, MAZE_PIECES_REFUSE, &err);
  if (m == NULL)
    g_error ("%s %ux%u: %s", shape_name, w, h, err.message);
  maze_shape_free (shape);
  return m;
}

static Maze *
from_text (const char *text,
           MazePieces  pieces,
           MazeError  *err)
{
  MazeShape *shape = maze_shape_from_text (text, strlen (text), err);
  Maze *m;

  g_assert_nonnull (shape);
  m = maze_new_shaped (maze_shape_width (shape), maze_shape_height (shape),
                       shape, pieces, err);
  maze_shape_free (shape);
  return m;
}

/* The cells outside the shape, as the maze was made. */
static gboolean *
outside_cells (const Maze *m)
{
  uint32_t n = maze_n_cells (m);
  gboolean *out = g_new0 (gboolean, n);

  for (uint32_t i = 0; i < n; i++)
    out[i] = !maze_contains (m, i);
  return out;
}

static uint64_t
interior_passages (const Maze *m)
{
  const uint16_t *c = maze_cells_const (m);
  uint64_t k = 0;

  for (uint32_t i = 0; i < maze_n_cells (m); i++)
    {
      uint16_t inner = (uint16_t) (maze_cell_passages (c[i]) & ~maze_cell_border (c[i]));

      k += (inner & MAZE_E) != 0;
      k += (inner & MAZE_S) != 0;
    }
  return k;
}

/* A perfect maze of the shape: cells - 1 passages, every cell of the
 * shape reached from the start, outside cells exactly as they were. */
static void
check_filled (Maze           *m,
              const gboolean *outside,
              const char     *what)
{
  MazeError err = { 0 };
  uint32_t n = maze_n_cells (m);
  const uint16_t *c = maze_cells_const (m);
  gint64 *dist;

  if (!maze_check_consistent (m, &err))
    g_error ("%s: %s", what, err.message);
  for (uint32_t i = 0; i < n; i++)
    if (outside[i] && c[i] != MAZE_OUTSIDE_CELL)
      g_error ("%s: cell %u outside the shape became 0x%04X", what, i, c[i]);
  if (interior_passages (m) != (uint64_t) maze_n_inside (m) - 1)
    g_error ("%s: %" G_GUINT64_FORMAT " passages for %u cells", what,
             interior_passages (m), maze_n_inside (m));
  dist = maze_test_distances (m, maze_first_inside (m));
  for (uint32_t i = 0; i < n; i++)
    if (!outside[i] && dist[i] < 0)
      g_error ("%s: cell %u not reached", what, i);
  g_free (dist);
  g_assert_true (maze_is_perfect (m));
}

/* Generates stepwise, checking that no step changes a cell outside. */
static gboolean
generate_stepwise (Maze       *m,
                   const char *name,
                   uint64_t    seed,
                   unsigned    loops,
                   MazeError  *err)
{
  MazeGenerator *gen = maze_generator_new (m, name, seed, loops, err);
  MazeStep step;

  if (gen == NULL)
    return FALSE;
  while (maze_generator_step (gen, &step))
    for (unsigned k = 0; k < step.n_changes; k++)
      if (!maze_contains (m, step.changes[k].index))
        g_error ("%s: a step changed cell %u outside the shape", name,
                 step.changes[k].index);
  g_assert_cmpint (maze_generator_status (gen, NULL), ==, MAZE_OK);
  maze_generator_free (gen);
  return TRUE;
}

static void
test_generators_fill_shapes (void)
{
  g_autoptr (GPtrArray) names = generator_names ();
  const char *const *shapes = maze_shape_builtin_names ();
  static const uint32_t sizes[][2] = { { 9, 8 }, { 24, 20 }, { 41, 30 } };

  for (guint g = 0; g < names->len; g++)
    {
      const char *name = names->pdata[g];
      unsigned filled = 0, refused = 0;

      for (size_t s = 0; shapes[s] != NULL; s++)
        for (size_t z = 0; z < G_N_ELEMENTS (sizes); z++)
          for (uint64_t seed = 1; seed <= 2; seed++)
            {
              Maze *m = shaped (shapes[s], sizes[z][0], sizes[z][1]);
              g_autofree gboolean *outside = outside_cells (m);
              g_autofree char *what = g_strdup_printf ("%s on %s %ux%u seed %" G_GUINT64_FORMAT,
                                                       name, shapes[s], sizes[z][0],
                                                       sizes[z][1], seed);
              MazeError err = { 0 };

              if (generate_stepwise (m, name, seed, 0, &err))
                {
                  check_filled (m, outside, what);
                  filled++;
                }
              else
                {
                  gboolean known = FALSE;

                  if (must_fill_any (name))
                    g_error ("%s: refused: %s", what, err.message);
                  for (size_t k = 0; k < G_N_ELEMENTS (refusal_codes); k++)
                    known = known || err.code == refusal_codes[k];
                  g_assert_true (known);
                  g_assert_cmpint (err.status, ==, MAZE_ERROR_ARGUMENT);
                  /* the message names the method and says why */
                  g_assert_nonnull (strstr (err.message, "cannot fill"));
                  g_assert_true (g_str_has_prefix (err.message, name));
                  refused++;
                }
              maze_free (m);
            }
      g_test_message ("%s: %u filled, %u refused", name, filled, refused);
    }
}

/* The same seed gives the same shaped maze, with a run or with steps. */
static void
test_run_equals_steps (void)
{
  g_autoptr (GPtrArray) names = generator_names ();

  for (guint g = 0; g < names->len; g++)
    {
      const char *name = names->pdata[g];
      Maze *a = shaped ("heart", 30, 25), *b = shaped ("heart", 30, 25);
      MazeGenerator *gen = maze_generator_new (a, name, 7, 20, NULL);

      if (gen == NULL)
        {
          maze_free (a);
          maze_free (b);
          continue;
        }
      maze_generator_run (gen);
      maze_generator_free (gen);
      g_assert_true (generate_stepwise (b, name, 7, 20, NULL));
      g_assert_true (memcmp (maze_cells_const (a), maze_cells_const (b),
                             2 * (size_t) maze_n_cells (a)) == 0);
      maze_free (a);
      maze_free (b);
    }
}

/* Loops open walls between cells of the shape only. */
static void
test_loops_stay_inside (void)
{
  for (const char *const *n = must_fill; *n != NULL; n++)
    {
      Maze *m = shaped ("ring", 30, 30);
      g_autofree gboolean *outside = outside_cells (m);
      MazeError err = { 0 };

      g_assert_true (generate_stepwise (m, *n, 3, 100, &err));
      g_assert_true (maze_check_consistent (m, &err));
      for (uint32_t i = 0; i < maze_n_cells (m); i++)
        if (outside[i])
          g_assert_cmphex (maze_cells_const (m)[i], ==, MAZE_OUTSIDE_CELL);
      g_assert_cmpuint (interior_passages (m), >, maze_n_inside (m) - 1);
      maze_free (m);
    }
}

/* The refusals, word for word where they carry numbers. */
static void
test_refusals (void)
{
  MazeError err = { 0 };
  Maze *m = shaped ("heart", 30, 25);

  g_assert_null (maze_generator_new (m, "sidewinder", 1, 0, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_SIDEWINDER);
  g_assert_cmpuint (err.args[1].number, ==, 2); /* two lobes, two tops */
  g_assert_nonnull (strstr (err.message, "and 2 have none"));

  g_assert_null (maze_generator_new (m, "eller", 1, 0, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_REFUSED);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, "eller");
  g_assert_true (g_str_has_prefix (err.message, "eller cannot fill a shaped maze: it carries"));
  g_assert_null (maze_generator_new (m, "recursive-division", 1, 0, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_REFUSED);
  g_assert_null (maze_generator_new (m, "binary-tree", 1, 0, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_BINARY_TREE);
  g_assert_cmpuint (err.args[1].number, >, 1);
  /* A refusal leaves the maze as it was: nothing carved. */
  g_assert_cmpuint (interior_passages (m), ==, 0);
  maze_free (m);

  /* The rectangles are still theirs. */
  m = maze_generate (8, 6, "eller", 1, 0, &err);
  g_assert_nonnull (m);
  maze_free (m);
}

/* Binary tree and sidewinder fill the shapes they can. */
static void
test_partial_methods (void)
{
  /* An L: one cell alone lacks a north and a west neighbour. */
  static const char ell[] =
    "##....\n"
    "##....\n"
    "##....\n"
    "######\n"
    "######\n";
  MazeError err = { 0 };
  Maze *m = from_text (ell, MAZE_PIECES_REFUSE, &err);
  g_autofree gboolean *outside = outside_cells (m);

  g_assert_true (generate_stepwise (m, "binary-tree", 5, 0, &err));
  check_filled (m, outside, "binary-tree on an L");
  maze_free (m);

  /* A circle has one top row piece. */
  for (uint64_t seed = 1; seed <= 5; seed++)
    {
      Maze *c = shaped ("circle", 25, 21);
      g_autofree gboolean *out = outside_cells (c);

      g_assert_true (generate_stepwise (c, "sidewinder", seed, 0, &err));
      check_filled (c, out, "sidewinder on a circle");
      maze_free (c);
    }
}

/* ---- shapes and pieces ---- */

static gboolean
is_connected (const Maze *m)
{
  /* through the border nibble: every side without a border bit */
  uint32_t n = maze_n_cells (m), reached = 0;
  const uint16_t *c = maze_cells_const (m);
  g_autofree uint32_t *queue = g_new (uint32_t, n);
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  size_t head = 0, tail = 0;

  queue[tail++] = maze_first_inside (m);
  seen[queue[0]] = TRUE;
  while (head < tail)
    {
      uint32_t i = queue[head++];

      reached++;
      for (unsigned k = 0; k < 4; k++)
        {
          uint32_t j = maze_neighbor (m, i, MAZE_DIRECTIONS[k]);

          if (j != UINT32_MAX && !seen[j])
            {
              seen[j] = TRUE;
              queue[tail++] = j;
            }
        }
      (void) c;
    }
  return reached == maze_n_inside (m);
}

/* Every built-in shape is one piece at every size from 6 x 6 to 60 x 60
 * (smaller rings and hearts may fall apart), and fills its rectangle. */
static void
test_builtins_connected (void)
{
  const char *const *shapes = maze_shape_builtin_names ();

  for (size_t s = 0; shapes[s] != NULL; s++)
    for (uint32_t w = 6; w <= 60; w += 3)
      for (uint32_t h = 6; h <= 60; h += 5)
        {
          MazeError err = { 0 };
          MazeShape *shape = maze_shape_builtin (shapes[s], w, h, &err);
          Maze *m = maze_new_shaped (w, h, shape, MAZE_PIECES_REFUSE, &err);

          if (m == NULL)
            g_error ("%s %ux%u: %s", shapes[s], w, h, err.message);
          g_assert_true (maze_is_shaped (m));
          g_assert_true (maze_check_consistent (m, &err));
          g_assert_true (is_connected (m));
          /* start and goal: the first and last cells of the shape */
          g_assert_cmpuint (maze_start (m), ==, maze_first_inside (m));
          g_assert_cmpuint (maze_goal (m), ==, maze_last_inside (m));
          g_assert_true (maze_contains (m, maze_start (m)));
          maze_shape_free (shape);
          maze_free (m);
        }
}

static void
test_shape_names (void)
{
  MazeError err = { 0 };

  g_assert_null (maze_shape_builtin ("hexagon", 10, 10, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_UNKNOWN_SHAPE);
  g_assert_nonnull (strstr (err.message, "'hexagon'"));
  g_assert_null (maze_shape_builtin ("heart", 0, 10, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_SIZE);
}

static void
test_border_bits (void)
{
  /* .##
   * ###   the top-left cell is outside: (1, 0) has a border to the west,
   * #.#   (0, 1) one to the north, (1, 1) one to the south */
  MazeError err = { 0 };
  Maze *m = from_text (".##\n###\n#.#\n", MAZE_PIECES_REFUSE, &err);
  const uint16_t *c = maze_cells_const (m);

  g_assert_nonnull (m);
  g_assert_cmphex (c[0], ==, MAZE_OUTSIDE_CELL);
  g_assert_cmphex (maze_cell_border (c[1]), ==, MAZE_N | MAZE_W);
  g_assert_cmphex (maze_cell_border (c[2]), ==, MAZE_N | MAZE_E);
  g_assert_cmphex (maze_cell_border (c[3]), ==, MAZE_N | MAZE_W);
  g_assert_cmphex (maze_cell_border (c[4]), ==, MAZE_S);
  g_assert_cmphex (maze_cell_border (c[5]), ==, MAZE_E);
  g_assert_cmphex (maze_cell_border (c[6]), ==, MAZE_E | MAZE_S | MAZE_W);
  g_assert_cmphex (c[7], ==, MAZE_OUTSIDE_CELL);
  g_assert_cmphex (maze_cell_border (c[8]), ==, MAZE_E | MAZE_S | MAZE_W);
  g_assert_cmpuint (maze_n_inside (m), ==, 7);
  g_assert_cmpuint (maze_neighbor (m, 1, MAZE_W), ==, UINT32_MAX);
  g_assert_cmpuint (maze_neighbor (m, 4, MAZE_S), ==, UINT32_MAX);
  g_assert_cmpuint (maze_neighbor (m, 4, MAZE_E), ==, 5);
  maze_free (m);
}

static void
test_pieces (void)
{
  static const char two[] =
    "###..#\n"
    "###..#\n"
    "......\n"
    "#.....\n"; /* the lone cell at (0, 3) is no piece: it has no neighbour */
  MazeError err = { 0 };
  Maze *m;

  g_assert_null (from_text (two, MAZE_PIECES_REFUSE, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_PIECES);
  g_assert_cmpuint (err.args[0].number, ==, 2);
  g_assert_nonnull (strstr (err.message, "in 2 pieces"));

  m = from_text (two, MAZE_PIECES_KEEP_LARGEST, &err);
  g_assert_nonnull (m);
  g_assert_cmpuint (maze_n_inside (m), ==, 6);
  g_assert_false (maze_contains (m, 5));
  g_assert_false (maze_contains (m, 18));
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);

  /* Nothing but lone cells: fewer than two neighbouring cells. */
  g_assert_null (from_text ("#.#\n.#.\n", MAZE_PIECES_KEEP_LARGEST, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_TOO_SMALL);

  /* A file can hold a maze in two pieces; a generator refuses it. */
  {
    static const char pair[] = "##.##\n";
    MazeShape *shape = maze_shape_from_text (pair, strlen (pair), &err);
    Maze *a = maze_new_shaped (5, 1, shape, MAZE_PIECES_KEEP_LARGEST, &err);
    uint16_t *c = maze_cells (a);
    void *bytes;
    size_t len;
    Maze *b;

    /* hand-made: give back the cells of the other piece */
    c[3] = (MAZE_N | MAZE_S | MAZE_W) << 4;
    c[4] = (MAZE_N | MAZE_E | MAZE_S) << 4;
    c[2] = MAZE_OUTSIDE_CELL;
    bytes = maze_save_memory (a, &len, &err);
    b = maze_load_memory (bytes, len, &err);
    g_assert_nonnull (b);
    g_assert_cmpuint (maze_n_inside (b), ==, 4);
    g_assert_null (maze_generator_new (b, "prim", 1, 0, &err));
    g_assert_cmpint (err.code, ==, MAZE_MSG_MAZE_PIECES);
    g_assert_cmpuint (err.args[0].number, ==, 2);
    maze_free (a);
    maze_free (b);
    g_free (bytes);
    maze_shape_free (shape);
  }
}

/* ---- text masks ---- */

static void
expect_mask_error (const char    *text,
                   size_t         len,
                   MazeMessage  code,
                   const char    *message)
{
  MazeError err = { 0 };

  g_assert_null (maze_shape_from_text (text, len, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_FORMAT);
  g_assert_cmpint (err.code, ==, code);
  g_assert_cmpstr (err.message, ==, message);
}

static void
test_text_masks (void)
{
  MazeError err = { 0 };
  MazeShape *s = maze_shape_from_text ("X#x\r\n.#\n\n##", 11, &err);
  g_autofree char *wide = NULL;
  GString *tall;

  g_assert_nonnull (s);
  g_assert_cmpuint (maze_shape_width (s), ==, 3);
  g_assert_cmpuint (maze_shape_height (s), ==, 4);
  g_assert_true (maze_shape_get (s, 0, 0));
  g_assert_true (maze_shape_get (s, 1, 0));
  g_assert_false (maze_shape_get (s, 2, 0)); /* 'x' is no cell */
  g_assert_false (maze_shape_get (s, 0, 1));
  g_assert_true (maze_shape_get (s, 1, 1));
  g_assert_false (maze_shape_get (s, 0, 2));
  g_assert_true (maze_shape_get (s, 1, 3));
  g_assert_cmpuint (maze_shape_count (s), ==, 5);
  maze_shape_free (s);

  expect_mask_error ("", 0, MAZE_MSG_MASK_EMPTY, "the mask is empty");
  expect_mask_error ("....\n. .\n", 9, MAZE_MSG_MASK_NO_CELLS,
                     "the mask has no cell (no '#' or 'X')");
  expect_mask_error ("##\n#\0#\n", 7, MAZE_MSG_MASK_NUL,
                     "not a mask: line 2 holds a NUL byte (neither a PNG nor text)");
  wide = g_strnfill (70000, '#');
  expect_mask_error (wide, 70000, MAZE_MSG_MASK_TOO_WIDE,
                     "mask line 1 is longer than 65535 characters");
  tall = g_string_new (NULL);
  for (int k = 0; k < 70000; k++)
    g_string_append (tall, "#\n");
  expect_mask_error (tall->str, tall->len, MAZE_MSG_MASK_TOO_TALL,
                     "the mask has more than 65535 lines");
  g_string_free (tall, TRUE);
}

/* A mask scaled to the maze's size: each cell takes the pixel under its
 * centre. */
static void
test_scaling (void)
{
  MazeError err = { 0 };
  MazeShape *s = maze_shape_from_text ("#.\n##\n", 6, &err);
  Maze *m = maze_new_shaped (4, 4, s, MAZE_PIECES_REFUSE, &err);

  g_assert_nonnull (m);
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 4; x++)
      g_assert_cmpint (maze_contains (m, y * 4 + x), ==, !(x >= 2 && y < 2));
  maze_free (m);
  maze_shape_free (s);
}

static void
test_join_corners (void)
{
  MazeError err = { 0 };
  MazeShape *s = maze_shape_from_text ("#..\n.#.\n..#\n", 12, &err);
  Maze *m;

  g_assert_null (maze_new_shaped (3, 3, s, MAZE_PIECES_REFUSE, &err));
  maze_shape_join_corners (s);
  m = maze_new_shaped (3, 3, s, MAZE_PIECES_REFUSE, &err);
  g_assert_nonnull (m);
  g_assert_cmpuint (maze_n_inside (m), ==, 5);
  maze_free (m);
  maze_shape_free (s);
}

/* ---- editing and endpoints ---- */

static void
test_outside_refused (void)
{
  MazeError err = { 0 };
  Maze *m = from_text (".##\n###\n", MAZE_PIECES_REFUSE, &err);

  g_assert_cmpint (maze_set_start (m, 0, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_START_NOT_IN_SHAPE);
  g_assert_cmpstr (err.message, ==, "start cell (0, 0) is outside the maze's shape");
  g_assert_cmpint (maze_set_goal (m, 0, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_GOAL_NOT_IN_SHAPE);
  g_assert_cmpint (maze_set_wall_open (m, 0, MAZE_E, true, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_NOT_IN_SHAPE);
  g_assert_cmpint (maze_toggle_bit (m, 0, 1, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_NOT_IN_SHAPE);
  g_assert_cmphex (maze_cells_const (m)[0], ==, MAZE_OUTSIDE_CELL);

  /* the border bit facing outside is fixed, like the grid's edge */
  g_assert_cmpint (maze_toggle_bit (m, 1, 4 + 3, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_BORDER_FIXED_EDGE);
  /* an opening towards the outside changes the inside cell only */
  g_assert_cmpint (maze_set_wall_open (m, 1, MAZE_W, true, &err), ==, MAZE_OK);
  g_assert_cmphex (maze_cells_const (m)[0], ==, MAZE_OUTSIDE_CELL);
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);
}

static void
test_placements (void)
{
  for (int p = MAZE_PLACE_CORNERS; p <= MAZE_PLACE_FAR; p++)
    for (uint64_t seed = 1; seed <= 6; seed++)
      {
        Maze *m = shaped ("diamond", 21, 17);
        MazeError err = { 0 };
        MazeGenerator *gen = maze_generator_new (m, "prim", seed, 0, &err);
        uint32_t w = maze_width (m);

        maze_generator_run (gen);
        maze_generator_free (gen);
        g_assert_cmpint (maze_place_endpoints (m, p, true, seed, &err), ==, MAZE_OK);
        g_assert_true (maze_contains (m, maze_start (m)));
        g_assert_true (maze_contains (m, maze_goal (m)));
        g_assert_true (maze_check_consistent (m, &err));
        if (p == MAZE_PLACE_CORNERS)
          {
            g_assert_cmpuint (maze_start (m), ==, maze_first_inside (m));
            g_assert_cmpuint (maze_goal (m), ==, maze_last_inside (m));
          }
        else if (p == MAZE_PLACE_ROWS)
          {
            g_assert_cmpuint (maze_start (m) / w, ==, maze_first_inside (m) / w);
            g_assert_cmpuint (maze_goal (m) / w, ==, maze_last_inside (m) / w);
          }
        /* the openings lead out of the shape, on border sides */
        for (uint32_t i = 0; i < maze_n_cells (m); i++)
          {
            uint16_t c = maze_cells_const (m)[i];

            if ((c & maze_cell_border (c) & 0xF) != 0)
              g_assert_true (i == maze_start (m) || i == maze_goal (m));
          }
        maze_free (m);
      }
}

static void
test_stats (void)
{
  Maze *m = shaped ("cross", 21, 21);
  MazeError err = { 0 };
  MazeGenerator *gen = maze_generator_new (m, "kruskal", 2, 0, &err);
  MazeStats st;

  maze_generator_run (gen);
  maze_generator_free (gen);
  g_assert_cmpint (maze_stats (m, &st, &err), ==, MAZE_OK);
  g_assert_cmpuint (st.cells, ==, maze_n_inside (m));
  g_assert_cmpuint (st.isolated, ==, 0);
  g_assert_cmpuint (st.passages, ==, maze_n_inside (m) - 1);
  g_assert_cmpuint (st.dead_ends + st.corridors + st.turns + st.junctions, ==, st.cells);
  maze_free (m);
}

/* ---- solvers ---- */

/* Every solver of the registry; its flags say what it promises. */
static gboolean
promises (const char *name,
          unsigned    flags)
{
  const MazeAlgorithm *a = maze_algorithm_find (maze_solvers, name, NULL, NULL);

  return a != NULL && (a->flags & flags) == flags;
}

/* The path is a walk through passages, inside the shape. */
static void
check_path (const Maze *m,
            const char *what)
{
  int64_t moves = maze_path_cells (m, NULL, 0);
  g_autofree uint32_t *cells = NULL;

  if (moves < 0)
    g_error ("%s: no complete path", what);
  cells = g_new (uint32_t, moves + 1);
  maze_path_cells (m, cells, (size_t) moves + 1);
  for (int64_t k = 0; k <= moves; k++)
    g_assert_true (maze_contains (m, cells[k]));
}

static void
test_solvers_on_shapes (void)
{
  const char *const *shapes = maze_shape_builtin_names ();

  for (size_t s = 0; shapes[s] != NULL; s++)
    for (unsigned loops = 0; loops <= 50; loops += 50)
      {
        Maze *m = shaped (shapes[s], 33, 27);
        MazeError err = { 0 };
        MazeGenerator *gen = maze_generator_new (m, "growing-tree:newest", 9, loops, &err);
        gint64 *dist;

        maze_generator_run (gen);
        maze_generator_free (gen);
        maze_place_endpoints (m, MAZE_PLACE_FAR, true, 9, &err);
        dist = maze_test_distances (m, maze_start (m));
        for (size_t a = 0; maze_solvers[a] != NULL; a++)
          {
            const char *name = maze_solvers[a]->name;
            g_autofree char *what = g_strdup_printf ("%s on %s, loops %u", name, shapes[s], loops);
            MazeSolver *solver = maze_solver_new (m, name, &err);
            MazeSolveStats st;
            MazeStep step;

            while (maze_solver_step (solver, &step))
              for (unsigned k = 0; k < step.n_changes; k++)
                g_assert_true (maze_contains (m, step.changes[k].index));
            maze_solver_stats (solver, &st);
            g_assert_true (st.finished);
            /* A hand on the wall can circle an island of a maze with
             * loops for ever: it then gives up, and that is its limit. */
            if (!st.found && loops > 0 && !promises (name, MAZE_ALGORITHM_COMPLETE))
              {
                maze_solver_free (solver);
                continue;
              }
            if (!st.found)
              g_error ("%s: not found", what);
            check_path (m, what);
            if (promises (name, MAZE_ALGORITHM_SHORTEST_PATH))
              g_assert_cmpint ((gint64) st.path_length, ==, dist[maze_goal (m)]);
            else
              g_assert_cmpint ((gint64) st.path_length, >=, dist[maze_goal (m)]);
            g_assert_true (maze_check_consistent (m, &err));
            maze_solver_free (solver);
          }
        g_free (dist);
        maze_free (m);
      }
}

/* A goal walled in: every solver says "no path", and never leaves the
 * shape looking for it. */
static void
test_solvers_no_path (void)
{
  Maze *m = shaped ("heart", 30, 25);
  MazeError err = { 0 };
  MazeGenerator *gen = maze_generator_new (m, "wilson", 4, 30, &err);
  uint32_t goal;

  maze_generator_run (gen);
  maze_generator_free (gen);
  maze_place_endpoints (m, MAZE_PLACE_CORNERS, false, 4, &err);
  goal = maze_goal (m);
  for (unsigned k = 0; k < 4; k++)
    maze_set_wall_open (m, goal, MAZE_DIRECTIONS[k], false, &err);
  for (size_t s = 0; maze_solvers[s] != NULL; s++)
    {
      MazeSolver *solver = maze_solver_new (m, maze_solvers[s]->name, &err);
      MazeSolveStats st;

      maze_solver_run (solver);
      maze_solver_stats (solver, &st);
      g_assert_true (st.finished);
      g_assert_false (st.found);
      g_assert_cmpint (maze_path_cells (m, NULL, 0), ==, -1);
      maze_solver_free (solver);
    }
  maze_free (m);
}

/* ---- files ---- */

static Maze *
solved_heart (void)
{
  Maze *m = shaped ("heart", 60, 50);
  MazeError err = { 0 };
  MazeGenerator *gen = maze_generator_new (m, "wilson", 42, 10, &err);
  MazeSolver *solver;

  maze_generator_run (gen);
  maze_generator_free (gen);
  maze_place_endpoints (m, MAZE_PLACE_CORNERS, true, 42, &err);
  maze_meta_set (m, "shape", "heart", &err);
  solver = maze_solver_new (m, "bfs", &err);
  maze_solver_run (solver);
  maze_solver_free (solver);
  return m;
}

static void
test_round_trip (void)
{
  Maze *m = solved_heart ();
  MazeError err = { 0 };
  size_t len, len2;
  uint8_t *bytes = maze_save_memory (m, &len, &err);
  uint8_t *again;
  Maze *back;

  g_assert_nonnull (bytes);
  g_assert_cmpuint (bytes[8] | bytes[9] << 8, ==, MAZE_FILE_VERSION_SHAPED);
  g_assert_cmpuint (len, ==, MAZE_FILE_HEADER_SIZE + 2 * 60 * 50 + strlen ("generator=wilson\nseed=42\nloops=10\nshape=heart\n"));
  back = maze_load_memory (bytes, len, &err);
  g_assert_nonnull (back);
  g_assert_cmpuint (maze_n_inside (back), ==, maze_n_inside (m));
  g_assert_true (maze_is_shaped (back));
  g_assert_cmpuint (maze_start (back), ==, maze_start (m));
  g_assert_cmpuint (maze_goal (back), ==, maze_goal (m));
  g_assert_true (memcmp (maze_cells_const (back), maze_cells_const (m), 2 * 60 * 50) == 0);
  g_assert_cmpstr (maze_meta_get (back, "shape"), ==, "heart");
  again = maze_save_memory (back, &len2, &err);
  g_assert_cmpmem (again, len2, bytes, len);

  /* A copy keeps the shape. */
  {
    Maze *copy = maze_copy (m, &err);

    g_assert_cmpuint (maze_n_inside (copy), ==, maze_n_inside (m));
    maze_free (copy);
  }
  g_free (again);
  g_free (bytes);
  maze_free (back);
  maze_free (m);
}

/* A rectangle is still written as version 1, byte for byte. */
static void
test_rectangle_stays_v1 (void)
{
  MazeError err = { 0 };
  Maze *m = maze_generate (7, 5, "prim", 3, 0, &err);
  size_t len;
  uint8_t *bytes = maze_save_memory (m, &len, &err);
  Maze *back = maze_load_memory (bytes, len, &err);
  size_t len2;
  uint8_t *again = maze_save_memory (back, &len2, &err);

  g_assert_cmpuint (bytes[8], ==, 1);
  g_assert_cmpmem (again, len2, bytes, len);
  g_assert_false (maze_is_shaped (back));
  g_assert_cmpuint (maze_n_inside (back), ==, 35);

  /* A shape that covers the whole grid is a rectangle. */
  {
    MazeShape *all = maze_shape_from_text ("###\n###\n", 8, &err);
    Maze *r = maze_new_shaped (3, 2, all, MAZE_PIECES_REFUSE, &err);
    Maze *plain = maze_new (3, 2, &err);

    g_assert_false (maze_is_shaped (r));
    g_assert_true (memcmp (maze_cells_const (r), maze_cells_const (plain), 12) == 0);
    maze_free (plain);
    maze_free (r);
    maze_shape_free (all);
  }
  g_free (again);
  g_free (bytes);
  maze_free (back);
  maze_free (m);
}

static void
fix_crcs (uint8_t *f,
          size_t   len)
{
  uint32_t data = maze_crc32 (0, f + MAZE_FILE_HEADER_SIZE, len - MAZE_FILE_HEADER_SIZE);
  uint32_t head;

  for (int k = 0; k < 4; k++)
    f[32 + k] = (uint8_t) (data >> (8 * k));
  head = maze_crc32 (0, f, 36);
  for (int k = 0; k < 4; k++)
    f[36 + k] = (uint8_t) (head >> (8 * k));
}

static void
expect_load_error (uint8_t       *f,
                   size_t         len,
                   MazeStatus     status,
                   MazeMessage  code,
                   const char    *message)
{
  MazeError err = { 0 };
  Maze *m;

  fix_crcs (f, len);
  m = maze_load_memory (f, len, &err);
  if (m != NULL)
    g_error ("expected \"%s\", got a maze", message);
  g_assert_cmpint (err.status, ==, status);
  g_assert_cmpint (err.code, ==, code);
  g_assert_cmpstr (err.message, ==, message);
}

/* The reader checks a shape: the outside cells hold nothing but their
 * border bits, the border bits face exactly the outside, the endpoints
 * are inside, and a version 1 file has no outside at all. */
static void
test_validation (void)
{
  /* .##
   * ###  */
  MazeError err = { 0 };
  Maze *m = from_text (".##\n###\n", MAZE_PIECES_REFUSE, &err);
  size_t len;
  uint8_t *good = maze_save_memory (m, &len, &err);
  uint8_t *f = g_memdup2 (good, len);
  const size_t cell0 = MAZE_FILE_HEADER_SIZE, cell1 = cell0 + 2, cell3 = cell0 + 6;

  g_assert_cmpuint (good[8], ==, 2);

  /* an outside cell with a passage */
  f[cell0] = 0xF2;
  expect_load_error (f, len, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_OUTSIDE,
                     "inconsistent maze at (0, 0): a cell outside the shape holds "
                     "0x00F2, not only its border bits 0x00F0");
  memcpy (f, good, len);
  /* an outside cell with a search bit */
  f[cell0 + 1] = 0x10;
  expect_load_error (f, len, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_OUTSIDE,
                     "inconsistent maze at (0, 0): a cell outside the shape holds "
                     "0x10F0, not only its border bits 0x00F0");
  memcpy (f, good, len);
  /* (1, 0) without its border towards the outside cell to its west */
  f[cell1] = (uint8_t) (MAZE_N << 4);
  expect_load_error (f, len, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_BORDER,
                     "inconsistent maze at (1, 0): border bits 0x1, expected 0x9");
  memcpy (f, good, len);
  /* a passage into the outside is an opening (fine); a passage from
   * outside is not */
  f[cell1] |= MAZE_W;
  {
    Maze *ok;

    fix_crcs (f, len);
    ok = maze_load_memory (f, len, &err);
    g_assert_nonnull (ok);
    maze_free (ok);
  }
  memcpy (f, good, len);
  /* the start outside the shape */
  f[20] = 0;
  expect_load_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_START_NOT_IN_SHAPE,
                     "start cell (0, 0) is outside the maze's shape");
  memcpy (f, good, len);
  f[24] = 0;
  expect_load_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_GOAL_NOT_IN_SHAPE,
                     "goal cell (0, 0) is outside the maze's shape");
  memcpy (f, good, len);
  /* version 1 cannot hold a shape: a reader that knows only version 1
   * refuses it (the border bits are not the grid's) */
  f[8] = 1;
  expect_load_error (f, len, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_BORDER,
                     "inconsistent maze at (0, 0): border bits 0xF, expected 0x9");
  memcpy (f, good, len);
  /* version 2 for a rectangle: one version for one maze */
  f[cell0] = (uint8_t) ((MAZE_N | MAZE_W) << 4);
  f[cell1] = (uint8_t) (MAZE_N << 4);
  f[cell3] = (uint8_t) ((MAZE_S | MAZE_W) << 4);
  expect_load_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_V2_RECTANGLE,
                     "version 2 is for a shaped maze, and every cell of this one "
                     "is inside: a rectangle is version 1");
  g_free (f);
  g_free (good);
  maze_free (m);
}

/* The worked example of docs/maze-format.md, byte for byte. */
static void
test_worked_example (void)
{
  /* .##   outside, (1, 0) passages E S, (2, 0) passage W,
   * ##.   (0, 1) passage E, (1, 1) passages N W, outside;
   * solved from (0, 1) to (2, 0) by BFS */
  static const uint8_t expected_cells[] = {
    0xF0, 0x00, 0x96, 0x42, 0x78, 0x80,
    0xD2, 0x02, 0x69, 0x81, 0xF0, 0x00,
  };
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_from_text (".##\n##.\n", 8, &err);
  Maze *m = maze_new_shaped (3, 2, shape, MAZE_PIECES_REFUSE, &err);
  MazeSolver *solver;
  size_t len;
  uint8_t *bytes;

  g_assert_nonnull (m);
  g_assert_cmpint (maze_set_wall_open (m, 1, MAZE_E, true, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_wall_open (m, 1, MAZE_S, true, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_wall_open (m, 3, MAZE_E, true, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_start (m, 3, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_goal (m, 2, &err), ==, MAZE_OK);
  solver = maze_solver_new (m, "bfs", &err);
  maze_solver_run (solver);
  maze_solver_free (solver);
  bytes = maze_save_memory (m, &len, &err);
  g_assert_cmpuint (len, ==, 52);
  g_assert_cmpuint (bytes[8], ==, 2);
  g_assert_cmpmem (bytes + MAZE_FILE_HEADER_SIZE, 12, expected_cells, 12);
  g_free (bytes);
  maze_free (m);
  maze_shape_free (shape);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shapes/generators/capability", test_capability);
  g_test_add_func ("/shapes/generators/fill", test_generators_fill_shapes);
  g_test_add_func ("/shapes/generators/run-equals-steps", test_run_equals_steps);
  g_test_add_func ("/shapes/generators/loops", test_loops_stay_inside);
  g_test_add_func ("/shapes/generators/refusals", test_refusals);
  g_test_add_func ("/shapes/generators/partial", test_partial_methods);
  g_test_add_func ("/shapes/builtins/connected", test_builtins_connected);
  g_test_add_func ("/shapes/builtins/names", test_shape_names);
  g_test_add_func ("/shapes/border-bits", test_border_bits);
  g_test_add_func ("/shapes/pieces", test_pieces);
  g_test_add_func ("/shapes/masks/text", test_text_masks);
  g_test_add_func ("/shapes/masks/scaling", test_scaling);
  g_test_add_func ("/shapes/masks/join-corners", test_join_corners);
  g_test_add_func ("/shapes/edit/outside", test_outside_refused);
  g_test_add_func ("/shapes/placements", test_placements);
  g_test_add_func ("/shapes/stats", test_stats);
  g_test_add_func ("/shapes/solvers/paths", test_solvers_on_shapes);
  g_test_add_func ("/shapes/solvers/no-path", test_solvers_no_path);
  g_test_add_func ("/shapes/files/round-trip", test_round_trip);
  g_test_add_func ("/shapes/files/rectangle-v1", test_rectangle_stays_v1);
  g_test_add_func ("/shapes/files/validation", test_validation);
  g_test_add_func ("/shapes/files/worked-example", test_worked_example);

  return g_test_run ();
}
