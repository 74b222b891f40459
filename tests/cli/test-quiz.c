/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-quiz.c: bitmaze-cli quiz (path in $BITMAZE_CLI) fed a script
 * through a pipe, as a lab would: right and wrong answers in hex and in
 * binary, a skipped question, input it cannot read, and the score in its
 * last line.  The right answers are worked out here with the engine, the
 * way the app and the quiz ask them.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "maze.h"

static const char *cli_path;
static char *tmpdir;

typedef struct
{
  int        status;
  char      *out;
  char      *err;
  GPtrArray *lines;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
  g_clear_pointer (&run->lines, g_ptr_array_unref);
}

/* Runs bitmaze-cli with the NULL-terminated arguments, @input on its
 * standard input (a pipe). */
static void
run_quiz (Run        *run,
          const char *input,
          const char *first,
          ...)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) split = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_cwd (launcher, tmpdir);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_subprocess_launcher_unsetenv (launcher, "NO_COLOR");
  memset (run, 0, sizeof *run);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);

  run->lines = g_ptr_array_new_with_free_func (g_free);
  split = g_strsplit (run->out, "\n", -1);
  for (guint k = 0; split[k] != NULL; k++)
    g_ptr_array_add (run->lines, g_strdup (split[k]));
  /* text ends with a line end: drop the empty piece after it */
  if (run->lines->len > 0)
    {
      g_assert_cmpstr (g_ptr_array_index (run->lines, run->lines->len - 1), ==, "");
      g_ptr_array_remove_index (run->lines, run->lines->len - 1);
    }
}

static const char *
last_line (const Run *run)
{
  g_assert_cmpuint (run->lines->len, >, 0);
  return g_ptr_array_index (run->lines, run->lines->len - 1);
}

static guint
count_lines_starting (const Run  *run,
                      const char *prefix)
{
  guint n = 0;

  for (guint k = 0; k < run->lines->len; k++)
    n += g_str_has_prefix (g_ptr_array_index (run->lines, k), prefix);
  return n;
}

static void
assert_status (const Run *run,
               int        expected)
{
  if (run->status != expected)
    g_error ("bitmaze-cli exited with %d, expected %d\nstdout: %s\nstderr: %s",
             run->status, expected, run->out, run->err);
}

/* The questions the quiz asks, in order, as the engine makes them: the
 * solve of @path with @solver, or a build (@path NULL) of @generator. */
static GArray *
questions_of (const char               *path,
              const char               *algorithm,
              uint32_t                  width,
              uint32_t                  height,
              uint64_t                  seed,
              const MazePredictOptions *options,
              guint                     limit)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (MazeQuestion));
  MazeError error;
  MazeHistory *h;
  Maze *maze;

  if (path != NULL)
    {
      maze = maze_load_file (path, &error);
      g_assert_nonnull (maze);
      h = maze_history_new_solver (maze, algorithm, &error);
    }
  else
    {
      maze = maze_new (width, height, &error);
      g_assert_nonnull (maze);
      h = maze_history_new_generator (maze, algorithm, seed, 0, true, MAZE_PLACE_CORNERS, true,
                                      &error);
    }
  g_assert_nonnull (h);
  while (!maze_history_finished (h) && (limit == 0 || list->len < limit))
    {
      MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
      MazeStep next;
      size_t n;

      maze_history_peek (h, &next);
      n = maze_predict_questions (maze, maze_history_solver (h), &next,
                                  maze_history_position (h) + 1, options, q, G_N_ELEMENTS (q));
      g_array_append_vals (list, q, n);
      maze_history_step (h, NULL);
    }
  if (limit > 0 && list->len > limit)
    g_array_set_size (list, limit);
  maze_history_free (h);
  maze_free (maze);
  return list;
}

static char *
binary (uint16_t word)
{
  GString *s = g_string_new ("0b");

  for (int bit = 15; bit >= 0; bit--)
    {
      g_string_append_c (s, (word >> bit) & 1 ? '1' : '0');
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (s, ' ');
    }
  return g_string_free (s, FALSE);
}

static char *
make_maze (const char *name)
{
  MazeError error;
  Maze *maze = maze_generate (7, 5, maze_algorithm_default (maze_generators)->name, 42, 30, &error);
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_nonnull (maze);
  g_assert_cmpint (maze_save_file (maze, path, &error), ==, MAZE_OK);
  maze_free (maze);
  return path;
}

/* A BFS quiz of ten questions answered in every way there is. */
static void
test_scripted (void)
{
  g_autofree char *path = make_maze ("bfs.maze");
  MazePredictOptions options;
  g_autoptr (GArray) qs = NULL;
  g_autoptr (GString) script = g_string_new (NULL);
  g_autoptr (GPtrArray) expect = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *score = NULL;
  guint right = 0, answered = 0, streak = 0, longest = 0, skipped = 0;
  guint cells = 0, words = 0, wrong_words = 0, unreadable_words = 0, unreadable_cells = 0;
  Run run;

  maze_predict_options_init (&options);
  qs = questions_of (path, maze_algorithm_default (maze_solvers)->name, 0, 0, 0, &options, 10);
  g_assert_cmpuint (qs->len, ==, 10);

  for (guint k = 0; k < qs->len; k++)
    {
      const MazeQuestion *q = &g_array_index (qs, MazeQuestion, k);
      /* right, wrong, skipped, unreadable then right, right in binary */
      guint how = k % 5;
      gboolean ok = how != 1;

      if (q->kind == MAZE_QUESTION_CELL)
        {
          cells++;
          if (how == 1)
            /* a cell of the maze that is not the one */
            g_string_append_printf (script, "(%u, %u)\n", q->x == 0 ? 1 : 0, q->y);
          else if (how == 2)
            g_string_append (script, "\n");
          else if (how == 3)
            {
              g_string_append_printf (script, "99,99\n%u %u\n", q->x, q->y);
              unreadable_cells++;
            }
          else
            g_string_append_printf (script, "%u,%u\n", q->x, q->y);
          if (how == 1)
            g_ptr_array_add (expect, g_strdup_printf ("Wrong: (%u, %u) comes next, not (%u, %u).",
                                                      q->x, q->y, q->x == 0 ? 1 : 0, q->y));
          else if (how != 2)
            g_ptr_array_add (expect, g_strdup_printf ("Right: (%u, %u) comes next.", q->x, q->y));
        }
      else
        {
          g_autofree char *bits = binary (q->answer);

          words++;
          if (how == 1)
            {
              uint16_t wrong = q->answer ^ 0x0101;

              wrong_words++;
              g_string_append_printf (script, "0x%04x\n", wrong);
              g_ptr_array_add (expect, g_strdup_printf ("Wrong: maze[%u] is 0x%04X now, not 0x%04X.",
                                                        q->index, q->answer, wrong));
              g_ptr_array_add (expect, g_strdup ("Bits 8, 0 differ."));
            }
          else if (how == 2)
            g_string_append (script, "  \n");
          else if (how == 3)
            {
              g_string_append_printf (script, "0x1x\n%04X\n", q->answer);
              unreadable_words++;
            }
          else
            g_string_append_printf (script, "%s\n", bits);
          if (how == 2)
            g_ptr_array_add (expect, g_strdup_printf ("Skipped: maze[%u] is 0x%04X now.",
                                                      q->index, q->answer));
          else if (how != 1)
            g_ptr_array_add (expect, g_strdup_printf ("Right: maze[%u] is 0x%04X now.",
                                                      q->index, q->answer));
        }
      if (how == 2)
        skipped++;
      else
        {
          answered++;
          right += ok;
          streak = ok ? streak + 1 : 0;
          longest = MAX (longest, streak);
        }
    }
  g_assert_cmpuint (cells, >, 1);
  g_assert_cmpuint (words, >, 1);
  g_assert_cmpuint (wrong_words, >=, 1);

  run_quiz (&run, script->str, "quiz", path, "--limit", "10", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.err, ==, "");
  for (guint k = 0; k < expect->len; k++)
    if (strstr (run.out, g_ptr_array_index (expect, k)) == NULL)
      g_error ("missing \"%s\" in:\n%s", (char *) g_ptr_array_index (expect, k), run.out);
  g_assert_cmpuint (count_lines_starting (&run, "Question "), ==, 10);
  g_assert_cmpuint (count_lines_starting (&run, "Not a 16-bit word"), ==, unreadable_words);
  g_assert_cmpuint (count_lines_starting (&run, "Not a cell of this 7 × 5 maze"), ==,
                    unreadable_cells);
  g_assert_cmpuint (count_lines_starting (&run, "Right: ") + count_lines_starting (&run, "Wrong: "),
                    ==, answered);
  /* the reason after every cell question */
  g_assert_cmpuint (count_lines_starting (&run, maze_algorithm_default (maze_solvers)->next_rule),
                    ==, cells);
  score = g_strdup_printf ("Score: %u/%u right, longest streak %u, %u skipped",
                           right, answered, longest, skipped);
  g_assert_cmpstr (last_line (&run), ==, score);
  run_clear (&run);
}

/* A cell question lists the cells the search may take next in reading
 * order, top row first: BFS's queue head first would be the answer. */
static void
test_frontier_order (void)
{
  g_autofree char *path = make_maze ("order.maze");
  g_autoptr (GString) script = g_string_new (NULL);
  guint lists = 0, answers = 0, not_first = 0;
  guint first[32];
  Run run;

  for (guint k = 0; k < 16; k++)
    g_string_append (script, "\n");
  run_quiz (&run, script->str, "quiz", path, "--ask", "cells", "--limit", "16", NULL);
  assert_status (&run, 0);
  for (guint k = 0; k < run.lines->len; k++)
    {
      const char *line = g_ptr_array_index (run.lines, k);
      guint x, y;

      g_assert_null (strstr (line, "head first"));
      if (g_str_has_prefix (line, "  Frontier, in reading order:"))
        {
          const char *p = strchr (line, ':') + 1;
          gint64 last = -1;
          guint n = 0;

          while (sscanf (p, " (%u, %u)", &x, &y) == 2)
            {
              gint64 index = (gint64) y * 7 + x;

              g_assert_cmpint (index, >, last);
              if (n++ == 0 && lists < G_N_ELEMENTS (first))
                first[lists] = (guint) index;
              last = index;
              p = strchr (p, ')') + 1;
            }
          g_assert_cmpuint (n, >, 0);
          lists++;
        }
      else if (sscanf (line, "Skipped: (%u, %u) comes next.", &x, &y) == 2)
        {
          g_assert_cmpuint (answers, <, lists);
          if (answers < G_N_ELEMENTS (first) && first[answers] != y * 7 + x)
            not_first++;
          answers++;
        }
    }
  g_assert_cmpuint (lists, >=, 10);
  g_assert_cmpuint (answers, ==, lists);
  /* and the lists were not simply led by the answer */
  g_assert_cmpuint (not_first, >, 0);
  run_clear (&run);
}

/* A wrong word: its bits in binary and a caret under each one that
 * differs. */
static void
test_wrong_bits (void)
{
  g_autofree char *path = make_maze ("wrong.maze");
  MazePredictOptions options;
  g_autoptr (GArray) qs = NULL;
  g_autofree char *input = NULL;
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;
  const MazeQuestion *q;
  const char *yours = NULL, *marks = NULL;
  uint16_t wrong;
  Run run;

  maze_predict_options_init (&options);
  options.cells = false;
  qs = questions_of (path, maze_algorithm_default (maze_solvers)->name, 0, 0, 0, &options, 1);
  q = &g_array_index (qs, MazeQuestion, 0);
  wrong = q->answer ^ 0x8011;
  input = g_strdup_printf ("0x%04X\n", wrong);
  run_quiz (&run, input, "quiz", path, "--ask", "words", "-n", "1", "--color", "never", NULL);
  assert_status (&run, 0);
  for (guint k = 0; k + 1 < run.lines->len; k++)
    if (g_str_has_prefix (g_ptr_array_index (run.lines, k), "  yours "))
      {
        yours = g_ptr_array_index (run.lines, k);
        marks = g_ptr_array_index (run.lines, k + 1);
      }
  g_assert_nonnull (yours);
  want = binary (wrong);
  g_assert_true (g_str_has_suffix (yours, want));
  /* the carets stand under bits 15, 4 and 0 */
  got = g_strdup (marks);
  g_assert_cmpuint (strlen (got), ==, strlen (yours));
  for (int bit = 15; bit >= 0; bit--)
    {
      size_t column = strlen (yours) - strlen (want) + 2 + (15 - bit) + (15 - bit) / 4;

      g_assert_cmpint (got[column], ==, bit == 15 || bit == 4 || bit == 0 ? '^' : ' ');
    }
  g_assert_nonnull (strstr (run.out, "Bits 15, 4, 0 differ."));
  g_assert_cmpstr (last_line (&run), ==, "Score: 0/1 right, longest streak 0");
  run_clear (&run);
}

/* Every question of a DFS about the solution nibble, all right, to the
 * end of the search: the path found, then a perfect score. */
static void
test_to_the_end (void)
{
  g_autofree char *path = make_maze ("dfs.maze");
  g_autoptr (GString) script = g_string_new (NULL);
  g_autofree char *score = NULL;
  MazePredictOptions options;
  g_autoptr (GArray) qs = NULL;
  const MazeAlgorithm *dfs = maze_algorithm_with (maze_solvers, MAZE_ALGORITHM_LIVE_PATH);
  Run run;

  maze_predict_options_init (&options);
  options.nibble = 2;
  options.every = 2;
  qs = questions_of (path, dfs->name, 0, 0, 0, &options, 0);
  g_assert_cmpuint (qs->len, >, 5);
  for (guint k = 0; k < qs->len; k++)
    {
      const MazeQuestion *q = &g_array_index (qs, MazeQuestion, k);

      if (q->kind == MAZE_QUESTION_CELL)
        g_string_append_printf (script, "%u,%u\n", q->x, q->y);
      else
        {
          /* a solution-nibble question: its statement writes bits 8..11 */
          g_assert_cmphex ((q->word ^ q->answer) & MAZE_SOLUTION_MASK, !=, 0);
          g_string_append_printf (script, "0x%04X\n", q->answer);
        }
    }
  run_quiz (&run, script->str, "quiz", path, "--solver", dfs->name, "--nibble", "solution",
            "--every", "2", NULL);
  assert_status (&run, 0);
  g_assert_cmpuint (count_lines_starting (&run, "Question "), ==, qs->len);
  g_assert_cmpuint (count_lines_starting (&run, "Wrong"), ==, 0);
  g_assert_nonnull (strstr (run.out, "DFS found a path of "));
  score = g_strdup_printf ("Score: %u/%u right, longest streak %u", qs->len, qs->len, qs->len);
  g_assert_cmpstr (last_line (&run), ==, score);
  run_clear (&run);
}

/* A build: the words a generator writes, the opening included. */
static void
test_build (void)
{
  const char *generator = maze_algorithm_default (maze_generators)->name;
  g_autoptr (GString) script = g_string_new (NULL);
  g_autofree char *score = NULL;
  MazePredictOptions options;
  g_autoptr (GArray) qs = NULL;
  Run run;

  maze_predict_options_init (&options);
  qs = questions_of (NULL, generator, 5, 4, 9, &options, 0);
  g_assert_cmpuint (qs->len, >=, 2 * (5 * 4 - 1) + 2);
  for (guint k = 0; k < qs->len; k++)
    {
      const MazeQuestion *q = &g_array_index (qs, MazeQuestion, k);

      g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
      /* every third one skipped */
      if (k % 3 == 2)
        g_string_append (script, "\n");
      else
        g_string_append_printf (script, "0x%04X\n", q->answer);
    }
  run_quiz (&run, script->str, "quiz", "--build", generator, "--size", "5x4", "--seed", "9",
            NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "The maze is built."));
  /* a skipped question neither counts nor breaks the streak */
  score = g_strdup_printf ("Score: %u/%u right, longest streak %u, %u skipped",
                           qs->len - qs->len / 3, qs->len - qs->len / 3,
                           qs->len - qs->len / 3, qs->len / 3);
  g_assert_cmpstr (last_line (&run), ==, score);
  run_clear (&run);
}

/* Input that ends early ends the quiz with the score; bad options are
 * refused with status 2 or 1. */
static void
test_end_and_errors (void)
{
  g_autofree char *path = make_maze ("end.maze");
  Run run;

  run_quiz (&run, "", "quiz", path, NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (last_line (&run), ==, "Score: 0/0 right, longest streak 0");
  g_assert_cmpuint (count_lines_starting (&run, "Question "), ==, 1);
  run_clear (&run);

  run_quiz (&run, "", "quiz", NULL);
  assert_status (&run, 2);
  run_clear (&run);
  run_quiz (&run, "", "quiz", path, "--seed", "3", NULL);
  assert_status (&run, 2);
  run_clear (&run);
  run_quiz (&run, "", "quiz", path, "--every", "0", NULL);
  assert_status (&run, 1);
  run_clear (&run);
  run_quiz (&run, "", "quiz", path, "--nibble", "4", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.err, "--nibble"));
  run_clear (&run);
  run_quiz (&run, "", "quiz", path, "--solver", "no-such-solver", NULL);
  assert_status (&run, 1);
  run_clear (&run);
  run_quiz (&run, "", "quiz", "missing.maze", NULL);
  assert_status (&run, 1);
  run_clear (&run);
}

/* A wrong word is explained: the answer that leaves the word as it was
 * is named not-applied, and what the statement does follows. */
static void
test_explained (void)
{
  g_autofree char *path = make_maze ("explained.maze");
  MazePredictOptions options;
  g_autoptr (GArray) qs = NULL;
  g_autofree char *input = NULL;
  g_autofree char *want = NULL;
  const MazeQuestion *q = NULL;
  guint n = 0;
  Run run;

  maze_predict_options_init (&options);
  options.cells = false;
  qs = questions_of (path, maze_algorithm_default (maze_solvers)->name, 0, 0, 0, &options, 1);
  q = &g_array_index (qs, MazeQuestion, 0);
  g_assert_cmpuint (q->word, !=, q->answer);
  input = g_strdup_printf ("0x%04X\n", q->word);
  run_quiz (&run, input, "quiz", path, "--ask", "words", "-n", "1", "--color", "never", NULL);
  assert_status (&run, 0);
  want = g_strdup_printf ("Mistake not-applied: That is the word before, 0x%04X:", q->word);
  g_assert_nonnull (strstr (run.out, want));
  for (guint k = 0; k < run.lines->len; k++)
    n += strstr (g_ptr_array_index (run.lines, k), "keeps the others") != NULL;
  g_assert_cmpuint (n, ==, 1);
  run_clear (&run);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("BITMAZE_CLI");
  if (cli_path == NULL)
    g_error ("BITMAZE_CLI is not set");
  tmpdir = g_dir_make_tmp ("bitmaze-quiz-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/quiz/scripted", test_scripted);
  g_test_add_func ("/quiz/wrong-bits", test_wrong_bits);
  g_test_add_func ("/quiz/explained", test_explained);
  g_test_add_func ("/quiz/frontier-order", test_frontier_order);
  g_test_add_func ("/quiz/to-the-end", test_to_the_end);
  g_test_add_func ("/quiz/build", test_build);
  g_test_add_func ("/quiz/end-and-errors", test_end_and_errors);

  status = g_test_run ();
  {
    g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *file = g_build_filename (tmpdir, name, NULL);

        g_unlink (file);
      }
  }
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
