/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Predict mode's questions: for every generator and every solver the
 * engine lists, the answer of every word question is the word the step
 * then leaves in the cell, and the cell a "which cell comes next?"
 * question expects is the cell the solver then works from; so a quiz can
 * never mark a right answer wrong.  Also the choice of questions, a peek
 * that changes nothing, A*'s ties and what a student may type.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "maze.h"

#define WIDTH  31
#define HEIGHT 17
#define SEED   16016

typedef struct
{
  char                 name[64];
  const MazeAlgorithm *algorithm;
} Algorithm;

/* Every generator of the registry, a parameterised one with a small
 * value ("corridor:4"), as the history test does. */
static GArray *
all_generators (void)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (Algorithm));

  for (size_t k = 0; maze_generators[k] != NULL; k++)
    {
      const MazeAlgorithm *g = maze_generators[k];
      double value = g->param.kind == MAZE_PARAM_COUNT ? g->param.min + 3 : g->param.fallback;
      char *name = maze_algorithm_full_name (g, value);
      Algorithm a = { { 0 }, g };

      g_strlcpy (a.name, name, sizeof a.name);
      free (name);
      g_array_append_val (list, a);
    }
  return list;
}

static Maze *
maze_with_loops (unsigned loops)
{
  MazeError error;
  Maze *maze = maze_generate (WIDTH, HEIGHT, maze_algorithm_default (maze_generators)->name,
                              SEED, loops, &error);

  g_assert_nonnull (maze);
  return maze;
}

static void
assert_same_step (const MazeStep *got,
                  const MazeStep *want)
{
  g_assert_cmpint (got->kind, ==, want->kind);
  g_assert_cmpuint (got->cell, ==, want->cell);
  g_assert_cmpuint (got->other, ==, want->other);
  g_assert_cmpuint (got->dir, ==, want->dir);
  g_assert_cmpuint (got->n_changes, ==, want->n_changes);
  for (unsigned k = 0; k < got->n_changes; k++)
    {
      g_assert_cmpuint (got->changes[k].index, ==, want->changes[k].index);
      g_assert_cmphex (got->changes[k].before, ==, want->changes[k].before);
      g_assert_cmphex (got->changes[k].after, ==, want->changes[k].after);
      g_assert_cmpstr (got->changes[k].expr, ==, want->changes[k].expr);
    }
}

/* What the questions of one step say, checked against the step done:
 * the words before and after, the statements, one question a statement
 * in their order, no word written twice. */
typedef struct
{
  guint words;
  guint cells;
  guint ties;
  guint steps;
  guint steps_asked; /* steps with a cell question */
  guint search_steps;
} Count;

static void
check_word_questions (const char         *name,
                      uint64_t            number,
                      const Maze         *maze_after,
                      const MazeStep     *done,
                      const MazeQuestion *q,
                      size_t              n,
                      Count              *count)
{
  const uint16_t *cells = maze_cells_const (maze_after);
  unsigned next_change = 0;

  for (unsigned a = 0; a < done->n_changes; a++)
    for (unsigned b = a + 1; b < done->n_changes; b++)
      if (done->changes[a].index == done->changes[b].index)
        g_error ("%s, step %" G_GUINT64_FORMAT ": maze[%u] written twice", name, number,
                 done->changes[a].index);

  for (size_t k = 0; k < n; k++)
    {
      if (q[k].kind != MAZE_QUESTION_WORD)
        {
          g_assert_cmpuint (k, ==, 0); /* the cell question comes first */
          continue;
        }
      g_assert_cmpuint (q[k].change, ==, next_change);
      g_assert_cmpuint (q[k].change, <, done->n_changes);
      g_assert_cmpuint (q[k].index, ==, done->changes[q[k].change].index);
      g_assert_cmpuint (q[k].x + q[k].y * maze_width (maze_after), ==, q[k].index);
      g_assert_cmphex (q[k].word, ==, done->changes[q[k].change].before);
      g_assert_cmpstr (q[k].statement, ==, done->changes[q[k].change].expr);
      g_assert_cmpstr (q[k].statement, !=, "");
      /* the point of it all: the answer is what the cell holds now */
      if (q[k].answer != cells[q[k].index])
        g_error ("%s, step %" G_GUINT64_FORMAT ": %s expected 0x%04X, the step left 0x%04X",
                 name, number, q[k].statement, q[k].answer, cells[q[k].index]);
      next_change++;
      count->words++;
    }
  /* with every nibble chosen, every statement is asked */
  g_assert_cmpuint (next_change, ==, done->n_changes);
}

static void
test_generators (void)
{
  g_autoptr (GArray) list = all_generators ();
  MazePredictOptions options;

  maze_predict_options_init (&options);
  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      MazeError error;
      Maze *maze = maze_new (WIDTH, HEIGHT, &error);
      MazeGenerator *gen = maze_generator_new (maze, a->name, SEED, 30, &error);
      g_autofree uint16_t *before = g_new (uint16_t, WIDTH * HEIGHT);
      Count count = { 0 };
      MazeStep next, done;
      bool more = true;

      if (gen == NULL)
        g_error ("%s: %s", a->name, error.message);
      while (more)
        {
          MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
          uint64_t number = maze_generator_steps (gen) + 1;
          bool peeked;
          size_t n;

          memcpy (before, maze_cells_const (maze), WIDTH * HEIGHT * sizeof *before);
          peeked = maze_generator_peek (gen, &next);
          g_assert_cmpmem (before, WIDTH * HEIGHT * sizeof *before,
                           maze_cells_const (maze), WIDTH * HEIGHT * sizeof *before);
          g_assert_cmpuint (maze_generator_steps (gen) + 1, ==, number);
          n = maze_predict_questions (maze, NULL, &next, number, &options, q, G_N_ELEMENTS (q));

          more = maze_generator_step (gen, &done);
          g_assert_cmpint (more, ==, peeked);
          assert_same_step (&done, &next);
          check_word_questions (a->name, number, maze, &done, q, n, &count);
          /* a generator asks no "which cell comes next?" */
          for (size_t k = 0; k < n; k++)
            g_assert_cmpint (q[k].kind, ==, MAZE_QUESTION_WORD);
          count.steps++;
          g_assert_cmpuint (count.steps, <, 100000);
        }
      g_assert_true (maze_generator_done (gen));
      /* every carve (or wall) is asked, both of its words */
      g_assert_cmpuint (count.words, >=, WIDTH * HEIGHT);
      maze_generator_free (gen);
      maze_free (maze);
    }
}

/* The placement at the end of a build in a history: its openings are
 * word questions too, and the history's peek gives the same questions. */
static void
test_generator_history (void)
{
  g_autoptr (GArray) list = all_generators ();
  MazePredictOptions options;

  maze_predict_options_init (&options);
  for (guint i = 0; i < list->len; i++)
    {
      const Algorithm *a = &g_array_index (list, Algorithm, i);
      MazeError error;
      Maze *maze = maze_new (WIDTH, HEIGHT, &error);
      MazeHistory *h = maze_history_new_generator (maze, a->name, SEED, 10, true,
                                                   MAZE_PLACE_CORNERS, true, &error);
      Count count = { 0 };
      bool opening = false, more = true;

      if (h == NULL)
        g_error ("%s: %s", a->name, error.message);
      while (more)
        {
          MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
          uint64_t number = maze_history_position (h) + 1;
          MazeStep next, done;
          size_t n;

          maze_history_peek (h, &next);
          n = maze_predict_questions (maze, NULL, &next, number, &options, q, G_N_ELEMENTS (q));
          more = maze_history_step (h, &done);
          assert_same_step (&done, &next);
          check_word_questions (a->name, number, maze, &done, q, n, &count);
          if (done.kind == MAZE_STEP_OPENING)
            {
              opening = true;
              g_assert_cmpuint (n, >=, 2); /* the start's and the goal's */
            }
        }
      g_assert_true (opening);
      maze_history_free (h);
      maze_free (maze);
    }
}

/* Steps @solver to its end, checking every question on the way. */
static void
run_solver (const char *name,
            Maze       *maze,
            MazeSolver *solver,
            Count      *count)
{
  const MazeAlgorithm *algorithm = maze_solver_algorithm (solver);
  MazePredictOptions options;
  g_autofree uint16_t *before = g_new (uint16_t, maze_n_cells (maze));
  size_t bytes = maze_n_cells (maze) * sizeof *before;
  bool more = true;

  maze_predict_options_init (&options);
  while (more)
    {
      MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
      MazeSolveStats stats;
      uint64_t number;
      MazeStep next, done;
      bool peeked, searching;
      size_t n;

      maze_solver_stats (solver, &stats);
      number = stats.steps + 1;
      memcpy (before, maze_cells_const (maze), bytes);
      peeked = maze_solver_peek (solver, &next);
      g_assert_cmpmem (before, bytes, maze_cells_const (maze), bytes);
      n = maze_predict_questions (maze, solver, &next, number, &options, q, G_N_ELEMENTS (q));
      /* the search phase: before the goal is reached */
      searching = next.kind != MAZE_STEP_PATH && peeked && next.kind != MAZE_STEP_FOUND
                  && next.kind != MAZE_STEP_NO_PATH;

      more = maze_solver_step (solver, &done);
      g_assert_cmpint (more, ==, peeked);
      assert_same_step (&done, &next);
      check_word_questions (name, number, maze, &done, q, n, count);
      if (n > 0 && q[0].kind == MAZE_QUESTION_CELL)
        {
          uint32_t now = maze_solver_current (solver);

          g_assert_true (searching);
          g_assert_nonnull (algorithm->next_rule);
          g_assert_true (q[0].reason == algorithm->next_rule);
          g_assert_cmpuint (q[0].x + q[0].y * maze_width (maze), ==, q[0].index);
          if (now != q[0].index)
            g_error ("%s, step %" G_GUINT64_FORMAT ": expected (%u, %u) next, it took (%u, %u)",
                     name, number, q[0].x, q[0].y, now % maze_width (maze), now / maze_width (maze));
          g_assert_true (maze_question_cell_right (&q[0], now));
          for (unsigned t = 0; t < q[0].n_ties; t++)
            {
              g_assert_cmpuint (q[0].ties[t], !=, q[0].index);
              g_assert_true (maze_question_cell_right (&q[0], q[0].ties[t]));
            }
          count->ties += q[0].n_ties;
          count->cells++;
          count->steps_asked++;
        }
      count->search_steps += searching;
      count->steps++;
      g_assert_cmpuint (count->steps, <, 1000000);
    }
}

static void
test_solvers (gconstpointer data)
{
  unsigned loops = GPOINTER_TO_UINT (data);

  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      const MazeAlgorithm *s = maze_solvers[k];
      Maze *maze = maze_with_loops (loops);
      MazeError error;
      MazeSolver *solver = maze_solver_new (maze, s->name, &error);
      MazeSolveStats stats;
      Count count = { 0 };

      g_assert_nonnull (solver);
      run_solver (s->name, maze, solver, &count);
      maze_solver_stats (solver, &stats);
      g_assert_true (stats.finished);
      g_assert_cmpuint (count.words, >, 0);
      if (s->next_rule == NULL)
        g_assert_cmpuint (count.cells, ==, 0);
      else
        {
          g_test_message ("%s, loops %u: %u of %u search steps ask the next cell, %u ties",
                          s->name, loops, count.steps_asked, count.search_steps, count.ties);
          /* asked at a good share of the search's steps */
          g_assert_cmpuint (count.cells, >, count.search_steps / 4);
        }
      maze_solver_free (solver);
      maze_free (maze);
    }
}

/* A goal walled in on its own: the searches end without it, and their
 * last steps (backing up, emptying the queue) still answer right. */
static void
test_solvers_no_path (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *maze = maze_with_loops (20);
      uint32_t goal = maze_goal (maze);
      MazeError error;
      MazeSolver *solver;
      MazeSolveStats stats;
      Count count = { 0 };

      for (unsigned d = 0; d < 4; d++)
        if (maze_cell_is_open (maze_cells (maze)[goal], MAZE_DIRECTIONS[d]))
          g_assert_cmpint (maze_set_wall_open (maze, goal, MAZE_DIRECTIONS[d], false, &error), ==, MAZE_OK);
      solver = maze_solver_new (maze, maze_solvers[k]->name, &error);
      g_assert_nonnull (solver);
      run_solver (maze_solvers[k]->name, maze, solver, &count);
      maze_solver_stats (solver, &stats);
      g_assert_true (stats.finished);
      g_assert_false (stats.found);
      maze_solver_free (solver);
      maze_free (maze);
    }
}

/* The history a window steps: its peek and its solver give the same
 * questions, also after going back. */
static void
test_solver_history (void)
{
  MazePredictOptions options;

  maze_predict_options_init (&options);
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *maze = maze_with_loops (30);
      MazeError error;
      MazeHistory *h = maze_history_new_solver (maze, maze_solvers[k]->name, &error);
      MazeQuestion first[MAZE_PREDICT_MAX_QUESTIONS], again[MAZE_PREDICT_MAX_QUESTIONS];
      Count count = { 0 };
      MazeStep next, done;
      size_t n_first = 0, n;

      g_assert_nonnull (h);
      for (guint step = 0; step < 200; step++)
        {
          uint64_t number = maze_history_position (h) + 1;

          if (!maze_history_peek (h, &next))
            break;
          n = maze_predict_questions (maze, maze_history_solver (h), &next, number,
                                      &options, first, G_N_ELEMENTS (first));
          if (step == 40)
            n_first = n;
          g_assert_true (maze_history_step (h, &done));
          assert_same_step (&done, &next);
          check_word_questions (maze_solvers[k]->name, number, maze, &done, first, n, &count);
          if (n > 0 && first[0].kind == MAZE_QUESTION_CELL)
            g_assert_cmpuint (maze_solver_current (maze_history_solver (h)), ==, first[0].index);
          if (step == 40)
            {
              /* back one step: the same questions again */
              g_assert_true (maze_history_back (h, NULL));
              maze_history_peek (h, &next);
              g_assert_cmpuint (maze_predict_questions (maze, maze_history_solver (h), &next, number,
                                                        &options, again, G_N_ELEMENTS (again)), ==, n_first);
              for (size_t q = 0; q < n_first; q++)
                {
                  g_assert_cmpint (again[q].kind, ==, first[q].kind);
                  g_assert_cmpuint (again[q].index, ==, first[q].index);
                  g_assert_cmphex (again[q].answer, ==, first[q].answer);
                }
              g_assert_true (maze_history_step (h, NULL));
            }
        }
      maze_history_free (h);
      maze_free (maze);
    }
}

/* An open 8 x 8 room: A*'s first two candidates, east and south of the
 * start, have the same estimate; either answer is right. */
static void
test_astar_ties (void)
{
  const MazeAlgorithm *astar = maze_algorithm_find (maze_solvers, "astar", NULL, NULL);
  MazePredictOptions options;
  MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
  MazeError error;
  Maze *maze = maze_new (8, 8, &error);
  MazeSolver *solver;
  MazeStep next;
  size_t n;

  g_assert_nonnull (astar);
  for (uint32_t i = 0; i < 64; i++)
    {
      if (i % 8 < 7)
        maze_set_wall_open (maze, i, MAZE_E, true, &error);
      if (i / 8 < 7)
        maze_set_wall_open (maze, i, MAZE_S, true, &error);
    }
  solver = maze_solver_new (maze, astar->name, &error);
  g_assert_nonnull (solver);
  maze_predict_options_init (&options);
  maze_solver_peek (solver, &next);
  n = maze_predict_questions (maze, solver, &next, 1, &options, q, G_N_ELEMENTS (q));
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpint (q[0].kind, ==, MAZE_QUESTION_CELL);
  g_assert_cmpuint (q[0].from, ==, 0);
  g_assert_true (q[0].index == 1 || q[0].index == 8);
  g_assert_cmpuint (q[0].n_ties, ==, 1);
  g_assert_cmpuint (q[0].ties[0], ==, q[0].index == 1 ? 8 : 1);
  g_assert_true (maze_question_cell_right (&q[0], 1));
  g_assert_true (maze_question_cell_right (&q[0], 8));
  g_assert_false (maze_question_cell_right (&q[0], 9));
  g_assert_false (maze_question_cell_right (&q[0], 0));
  maze_solver_step (solver, NULL);
  g_assert_cmpuint (maze_solver_current (solver), ==, q[0].index);
  maze_solver_free (solver);
  maze_free (maze);
}

/* Every Nth step, a nibble, one kind: the steps and statements chosen. */
static void
test_select (void)
{
  Maze *maze = maze_with_loops (30);
  MazeError error;
  MazeSolver *solver = maze_solver_new (maze, maze_algorithm_default (maze_solvers)->name, &error);
  MazePredictOptions every3, backtrack, solution, words, cells;
  guint n_every3 = 0, n_backtrack = 0, n_solution = 0, steps = 0;

  maze_predict_options_init (&every3);
  every3.every = 3;
  maze_predict_options_init (&backtrack);
  backtrack.nibble = 3;
  backtrack.cells = false;
  maze_predict_options_init (&solution);
  solution.nibble = 2;
  maze_predict_options_init (&words);
  words.cells = false;
  maze_predict_options_init (&cells);
  cells.words = false;

  for (;;)
    {
      MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
      MazeSolveStats stats;
      MazeStep next;
      uint64_t number;
      size_t n;

      maze_solver_stats (solver, &stats);
      number = stats.steps + 1;
      if (!maze_solver_peek (solver, &next))
        break;
      steps++;

      n = maze_predict_questions (maze, solver, &next, number, &every3, q, G_N_ELEMENTS (q));
      g_assert_true (n == 0 || number % 3 == 0);
      g_assert_cmpint (maze_predict_selects (&every3, number, &next), ==, number % 3 == 0);
      n_every3 += n > 0;

      n = maze_predict_questions (maze, solver, &next, number, &backtrack, q, G_N_ELEMENTS (q));
      for (size_t k = 0; k < n; k++)
        {
          g_assert_cmpint (q[k].kind, ==, MAZE_QUESTION_WORD);
          g_assert_cmphex ((q[k].word ^ q[k].answer) & MAZE_BACKTRACK_MASK, !=, 0);
        }
      n_backtrack += n;

      n = maze_predict_questions (maze, solver, &next, number, &solution, q, G_N_ELEMENTS (q));
      for (size_t k = 0; k < n; k++)
        {
          /* BFS marks its path only after the search: no cell question then */
          g_assert_cmpint (q[k].kind, ==, MAZE_QUESTION_WORD);
          g_assert_cmphex ((q[k].word ^ q[k].answer) & MAZE_SOLUTION_MASK, !=, 0);
        }
      n_solution += n;

      n = maze_predict_questions (maze, solver, &next, number, &words, q, G_N_ELEMENTS (q));
      for (size_t k = 0; k < n; k++)
        g_assert_cmpint (q[k].kind, ==, MAZE_QUESTION_WORD);
      n = maze_predict_questions (maze, solver, &next, number, &cells, q, G_N_ELEMENTS (q));
      g_assert_cmpuint (n, <=, 1);
      for (size_t k = 0; k < n; k++)
        g_assert_cmpint (q[k].kind, ==, MAZE_QUESTION_CELL);

      maze_solver_step (solver, NULL);
    }
  g_assert_cmpuint (n_every3, >, 0);
  g_assert_cmpuint (n_every3, <=, steps / 3);
  g_assert_cmpuint (n_backtrack, >, 0);
  g_assert_cmpuint (n_solution, >, 0);
  /* a BFS step reaches one cell: as many backtrack bits as cells reached */
  g_assert_cmpuint (n_backtrack + n_solution, <=, steps);
  maze_solver_free (solver);
  maze_free (maze);
}

static void
test_parse_word (void)
{
  static const struct
  {
    const char *text;
    gboolean    ok;
    guint16     word;
  } cases[] = {
    { "0x1809", TRUE, 0x1809 },
    { "0X1809", TRUE, 0x1809 },
    { "1809", TRUE, 0x1809 },
    { "  0xfFfF\n", TRUE, 0xFFFF },
    { "0x0", TRUE, 0 },
    { "0", TRUE, 0 },
    { "0x0000001809", TRUE, 0x1809 },
    { "0b0001100000001001", TRUE, 0x1809 },
    { "0b0001 1000 0000 1001", TRUE, 0x1809 },
    { "0b0001_1000_0000_1001", TRUE, 0x1809 },
    { "0B1", TRUE, 1 },
    { "0x18 09", TRUE, 0x1809 },
    { "", FALSE, 0 },
    { "   ", FALSE, 0 },
    { "0x", FALSE, 0 },
    { "0b", FALSE, 0 },
    { "0x10000", FALSE, 0 },
    { "0b10000000000000000", FALSE, 0 },
    { "0b0102", FALSE, 0 },
    { "0xg", FALSE, 0 },
    { "-1", FALSE, 0 },
    { "0b0001  1000", FALSE, 0 },
    { "_1809", FALSE, 0 },
    { "1809_", FALSE, 0 },
    { "0x1809 x", FALSE, 0 },
    { "6153 decimal", FALSE, 0 },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      uint16_t word = 0xABCD;
      gboolean ok = maze_predict_parse_word (cases[k].text, &word);

      if (ok != cases[k].ok)
        g_error ("\"%s\": %s, expected %s", cases[k].text, ok ? "a word" : "refused",
                 cases[k].ok ? "a word" : "refused");
      g_assert_cmphex (word, ==, cases[k].ok ? cases[k].word : 0xABCD);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/predict/generators", test_generators);
  g_test_add_func ("/predict/generator-history", test_generator_history);
  g_test_add_data_func ("/predict/solvers/perfect", GUINT_TO_POINTER (0), test_solvers);
  g_test_add_data_func ("/predict/solvers/loops", GUINT_TO_POINTER (40), test_solvers);
  g_test_add_func ("/predict/solvers/no-path", test_solvers_no_path);
  g_test_add_func ("/predict/solver-history", test_solver_history);
  g_test_add_func ("/predict/astar-ties", test_astar_ties);
  g_test_add_func ("/predict/select", test_select);
  g_test_add_func ("/predict/parse-word", test_parse_word);

  return g_test_run ();
}
