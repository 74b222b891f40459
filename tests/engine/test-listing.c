/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-listing.c: every algorithm's listing is true.  Each write of each
 * step names a line of the listing, and that line writes the same nibble
 * with the same operator as the statement the engine logs; each step
 * names a line too; stepping back reports the same lines.
 */
#include <glib.h>
#include <string.h>

#include "maze.h"

typedef enum
{
  OP_NONE,
  OP_OR,      /* |= */
  OP_AND_NOT, /* &= ~ */
  OP_XOR,     /* ^= */
} Op;

/* The nibble a write's operand names: by its shift, or by the mask it
 * is ("SOLUTION_BITS", "0x0F00"); 0, the passages, when neither. */
static int
operand_nibble (const char *operand)
{
  if (strstr (operand, "<< 12") != NULL)
    return 3;
  if (strstr (operand, "<< 8") != NULL)
    return 2;
  if (strstr (operand, "<< 4") != NULL)
    return 1;
  while (*operand == '(')
    operand++;
  if (g_str_has_prefix (operand, "BACKTRACK_BITS"))
    return 3;
  if (g_str_has_prefix (operand, "SOLUTION_BITS"))
    return 2;
  if (g_str_has_prefix (operand, "BORDER_BITS"))
    return 1;
  if (g_str_has_prefix (operand, "0x"))
    {
      guint64 mask = g_ascii_strtoull (operand + 2, NULL, 16);

      for (int k = 3; k >= 0; k--)
        if (mask & (0xFu << (4 * k)))
          return k;
    }
  return 0;
}

/* Reads "maze[...] OP OPERAND" from @text (a statement or a line of C):
 * the operator and the nibble.  OP_NONE when @text writes no word. */
static Op
parse_write (const char *text,
             int        *nibble)
{
  const char *p = strstr (text, "maze[");
  int depth = 0;
  Op op;

  if (p == NULL)
    return OP_NONE;
  for (p += 4; *p != '\0'; p++)
    {
      if (*p == '[')
        depth++;
      else if (*p == ']' && --depth == 0)
        break;
    }
  if (*p != ']')
    return OP_NONE;
  p++;
  while (*p == ' ')
    p++;
  if (g_str_has_prefix (p, "|="))
    op = OP_OR, p += 2;
  else if (g_str_has_prefix (p, "&= ~"))
    op = OP_AND_NOT, p += 4;
  else if (g_str_has_prefix (p, "^="))
    op = OP_XOR, p += 2;
  else
    return OP_NONE;
  while (*p == ' ')
    p++;
  *nibble = operand_nibble (p);
  return op;
}

static void
test_parser (void)
{
  int n = -1;

  g_assert_cmpint (parse_write ("maze[117] |= W << 12", &n), ==, OP_OR);
  g_assert_cmpint (n, ==, 3);
  g_assert_cmpint (parse_write ("  maze[to] |= OPPOSITE[d] << 12;", &n), ==, OP_OR);
  g_assert_cmpint (n, ==, 3);
  g_assert_cmpint (parse_write ("maze[5] &= ~0x0F00", &n), ==, OP_AND_NOT);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (parse_write ("  maze[cell] &= ~SOLUTION_BITS;", &n), ==, OP_AND_NOT);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (parse_write ("maze[3] &= ~(E << 8)", &n), ==, OP_AND_NOT);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (parse_write ("maze[3] |= (N | W)", &n), ==, OP_OR);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpint (parse_write ("  maze[STEP[d] + cell] |= DIR[d];", &n), ==, OP_OR);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpint (parse_write ("  maze[x] &= ~((maze[x] & BORDER_BITS) >> 4);", &n), ==, OP_AND_NOT);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpint (parse_write ("  if (maze[cell] & (DIR[d] << 12))", &n), ==, OP_NONE);
  g_assert_cmpint (parse_write ("  uint16_t back = (maze[cell] & BACKTRACK_BITS) >> 12;", &n), ==, OP_NONE);
}

typedef struct
{
  guint64 steps;
  guint64 writes;
  guint64 kinds; /* bit k: a step of kind k was seen */
} Counts;

/* Checks one step's lines against @algorithm's listing. */
static void
check_step (const MazeAlgorithm *algorithm,
            const MazeStep      *step,
            Counts              *counts)
{
  unsigned length = maze_listing_length (algorithm);
  const MazeListingLine *line;

  counts->steps++;
  counts->kinds |= G_GUINT64_CONSTANT (1) << step->kind;
  if (step->line == 0 || step->line > length)
    g_error ("%s: a step of kind %d names line %u of %u",
             algorithm->name, step->kind, step->line, length);
  line = maze_listing_line (algorithm, step->line);
  g_assert_nonnull (line);
  if (line->code[0] == '\0' || g_str_equal (line->code, "{") || g_str_equal (line->code, "}"))
    g_error ("%s: a step of kind %d names line %u, \"%s\", which does nothing",
             algorithm->name, step->kind, step->line, line->code);

  for (unsigned k = 0; k < step->n_changes; k++)
    {
      const MazeChange *c = &step->changes[k];
      int want_nibble = -1, got_nibble = -1;
      Op want, got;

      counts->writes++;
      if (c->line == 0 || c->line > length)
        g_error ("%s: \"%s\" names line %u of %u", algorithm->name, c->expr, c->line, length);
      line = maze_listing_line (algorithm, c->line);
      want = parse_write (c->expr, &want_nibble);
      got = parse_write (line->code, &got_nibble);
      g_assert_cmpint (want, !=, OP_NONE);
      if (want != got || want_nibble != got_nibble)
        g_error ("%s: \"%s\" names line %u, \"%s\", which %s",
                 algorithm->name, c->expr, c->line, line->code,
                 got == OP_NONE ? "writes no word"
                 : want != got ? "applies another operator" : "writes another nibble");
    }
}

/* A maze of @width x @height, shaped as built-in @shape unless NULL. */
static Maze *
new_maze (uint32_t    width,
          uint32_t    height,
          const char *shape)
{
  MazeShape *s;
  Maze *maze;

  if (shape == NULL)
    return maze_new (width, height, NULL);
  s = maze_shape_builtin (shape, width, height, NULL);
  g_assert_nonnull (s);
  maze = maze_new_shaped (width, height, s, MAZE_PIECES_KEEP_LARGEST, NULL);
  maze_shape_free (s);
  g_assert_nonnull (maze);
  return maze;
}

/* Builds with a history (the placement step included), then checks what
 * stepping back reports against what stepping forward did. */
static void
check_generator (const MazeAlgorithm *algorithm,
                 const char          *shape,
                 unsigned             loops,
                 Counts              *counts)
{
  g_autofree char *name = maze_algorithm_full_name (algorithm, algorithm->param.fallback);
  Maze *maze = new_maze (14, 11, shape);
  MazeHistory *history;
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint32));
  MazeStep step;

  history = maze_history_new_generator (maze, name, 7, loops, TRUE, MAZE_PLACE_FAR, TRUE, NULL);
  if (history == NULL)
    {
      /* a generator that cannot fill this shape says so: nothing to check */
      g_assert_nonnull (shape);
      maze_free (maze);
      return;
    }
  while (maze_history_step (history, &step))
    {
      guint32 packed = step.line | (step.n_changes > 0 ? (guint32) step.changes[0].line << 16 : 0);

      check_step (algorithm, &step, counts);
      g_array_append_val (lines, packed);
    }
  /* Back, step by step: each report is the step the maze now shows. */
  for (guint k = lines->len; k-- > 1;)
    {
      guint32 packed;

      g_assert_true (maze_history_back (history, &step));
      packed = step.line | (step.n_changes > 0 ? (guint32) step.changes[0].line << 16 : 0);
      g_assert_cmpuint (packed, ==, g_array_index (lines, guint32, k - 1));
    }
  maze_history_free (history);
  maze_free (maze);
}

static void
check_solver (const MazeAlgorithm *algorithm,
              Maze                *maze,
              Counts              *counts)
{
  g_autofree char *name = maze_algorithm_full_name (algorithm, algorithm->param.fallback);
  MazeSolver *solver = maze_solver_new (maze, name, NULL);
  MazeStep step;

  g_assert_nonnull (solver);
  while (maze_solver_step (solver, &step))
    check_step (algorithm, &step, counts);
  maze_solver_free (solver);
}

static void
test_generators (void)
{
  const char *shapes[] = { NULL, "heart", "ring" };

  for (size_t k = 0; maze_generators[k] != NULL; k++)
    {
      const MazeAlgorithm *algorithm = maze_generators[k];
      Counts counts = { 0 };

      g_assert_cmpuint (maze_listing_length (algorithm), >, algorithm->n_listing);
      for (size_t s = 0; s < G_N_ELEMENTS (shapes); s++)
        {
          check_generator (algorithm, shapes[s], 0, &counts);
          check_generator (algorithm, shapes[s], 40, &counts);
        }
      g_assert_cmpuint (counts.writes, >, 0);
      g_assert_true (counts.kinds & (1u << MAZE_STEP_LOOP));
      g_assert_true (counts.kinds & (1u << MAZE_STEP_OPENING));
      g_test_message ("%s: %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " writes",
                      algorithm->name, counts.steps, counts.writes);
    }
}

static void
test_solvers (void)
{
  Maze *mazes[5];
  MazeGenerator *gen;

  mazes[0] = maze_generate (16, 12, "growing-tree", 3, 0, NULL);
  mazes[1] = maze_generate (16, 12, "prim", 5, 60, NULL);        /* loops */
  mazes[2] = maze_generate (16, 12, "kruskal", 8, 100, NULL);
  /* shaped, with loops */
  mazes[3] = new_maze (18, 16, "heart");
  gen = maze_generator_new (mazes[3], "wilson", 4, 30, NULL);
  g_assert_nonnull (gen);
  maze_generator_run (gen);
  maze_generator_free (gen);
  /* no path: the goal walled in */
  mazes[4] = maze_generate (10, 8, "growing-tree", 9, 20, NULL);
  for (uint16_t d = MAZE_N; d <= MAZE_W; d <<= 1)
    if (!maze_cell_on_border (maze_cells (mazes[4])[maze_goal (mazes[4])], d))
      maze_set_wall_open (mazes[4], maze_goal (mazes[4]), d, false, NULL);

  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      const MazeAlgorithm *algorithm = maze_solvers[k];
      Counts counts = { 0 };

      for (size_t m = 0; m < G_N_ELEMENTS (mazes); m++)
        {
          g_assert_nonnull (mazes[m]);
          check_solver (algorithm, mazes[m], &counts);
        }
      g_assert_true (counts.kinds & (1u << MAZE_STEP_FOUND));
      g_assert_true (counts.kinds & (1u << MAZE_STEP_NO_PATH));
      if (algorithm->flags & MAZE_ALGORITHM_TRACES_BACK)
        g_assert_true (counts.kinds & (1u << MAZE_STEP_PATH));
      else
        g_assert_false (counts.kinds & (1u << MAZE_STEP_PATH));
      g_test_message ("%s: %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " writes",
                      algorithm->name, counts.steps, counts.writes);
    }
  for (size_t m = 0; m < G_N_ELEMENTS (mazes); m++)
    maze_free (mazes[m]);
}

/* The lines themselves: C without tabs, short enough for a projector,
 * comments only where the line has something to say. */
static void
test_text (void)
{
  const MazeAlgorithm *const *registries[] = { maze_generators, maze_solvers };

  for (size_t r = 0; r < G_N_ELEMENTS (registries); r++)
    for (size_t k = 0; registries[r][k] != NULL; k++)
      {
        const MazeAlgorithm *algorithm = registries[r][k];
        unsigned n = maze_listing_length (algorithm);

        g_assert_null (maze_listing_line (algorithm, 0));
        g_assert_null (maze_listing_line (algorithm, n + 1));
        for (unsigned i = 1; i <= n; i++)
          {
            const MazeListingLine *line = maze_listing_line (algorithm, i);

            g_assert_nonnull (line);
            g_assert_nonnull (line->code);
            g_assert_null (strchr (line->code, '\t'));
            g_assert_cmpuint (strlen (line->code), <=, 80);
            if (line->comment != NULL)
              g_assert_cmpuint (strlen (line->comment), >, 0);
          }
      }
}

/* "Where did this line last run?" on a history, and the maze and the
 * position are as they were after the search. */
static void
test_find_line (void)
{
  Maze *maze = maze_generate (12, 9, "prim", 11, 30, NULL);
  const MazeAlgorithm *dfs = NULL;
  MazeHistory *history;
  MazeStep step;
  uint16_t *before;
  uint64_t visit_line = 0, clear_line = 0, last_visit = 0, last_clear = 0, n = 0;
  size_t bytes = maze_n_cells (maze) * sizeof (uint16_t);

  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    if (g_str_equal (maze_solvers[k]->name, "dfs"))
      dfs = maze_solvers[k];
  g_assert_nonnull (dfs);
  history = maze_history_new_solver (maze, "dfs", NULL);
  while (maze_history_step (history, &step))
    {
      n++;
      if (step.kind == MAZE_STEP_VISIT)
        visit_line = step.line, last_visit = n;
      if (step.kind == MAZE_STEP_BACKTRACK)
        clear_line = step.changes[0].line, last_clear = n;
    }
  g_assert_cmpuint (last_clear, >, 0);
  g_assert_cmpstr (maze_listing_line (dfs, (unsigned) clear_line)->code, ==, "  maze[cell] &= ~SOLUTION_BITS;");

  g_assert_true (maze_history_seek (history, n / 2, NULL, 0, NULL, NULL) == MAZE_OK);
  before = g_memdup2 (maze_cells (maze), bytes);
  g_assert_cmpuint (maze_history_find_line (history, (unsigned) visit_line, n), ==, last_visit);
  g_assert_cmpuint (maze_history_find_line (history, (unsigned) clear_line, n), ==, last_clear);
  g_assert_cmpuint (maze_history_find_line (history, (unsigned) clear_line, 1), ==, 0);
  g_assert_cmpuint (maze_history_find_line (history, 1, n), ==, 0); /* a signature line */
  g_assert_cmpuint (maze_history_position (history), ==, n / 2);
  g_assert_cmpmem (maze_cells (maze), bytes, before, bytes);
  g_free (before);
  maze_history_free (history);
  maze_free (maze);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/listing/parser", test_parser);
  g_test_add_func ("/listing/text", test_text);
  g_test_add_func ("/listing/generators", test_generators);
  g_test_add_func ("/listing/solvers", test_solvers);
  g_test_add_func ("/listing/find-line", test_find_line);
  return g_test_run ();
}
