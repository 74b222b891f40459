/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-exercises.c: bitmaze-cli worksheet --exercises makes sheets whose
 * answer keys are right.  The PDF's text (pdftotext) is read back and
 * every answer recomputed from the mazes, made again here with the
 * engine from the same seed: decode from the given words, encode from
 * the marked cells' words, trace from the backtrack nibbles, predict by
 * applying the statement to the word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "maze.h"
#include "maze-render.h"

#define COUNT 4
#define SIDE  6
#define SEED  "4242"

static const char *cli_path;
static char *tmpdir;

static int
run (char       **out,
     char       **err,
     const char  *first,
     ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  const char *arg;
  va_list ap;
  int wait_status;

  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (tmpdir, (char **) argv->pdata, envp, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, out, err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

/* The text of page @page (from 1) of @name, laid out in columns. */
static char *
page_text (const char *name,
           unsigned    page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  char *out = NULL;

  g_assert_cmpint (run (&out, NULL, "pdftotext", "-layout", "-f", number, "-l", number,
                        name, "-", NULL), ==, 0);
  return out;
}

static unsigned
n_pages (const char *name)
{
  g_autofree char *out = NULL;
  const char *p;

  g_assert_cmpint (run (&out, NULL, "pdfinfo", name, NULL), ==, 0);
  p = strstr (out, "Pages:");
  g_assert_nonnull (p);
  return (unsigned) g_ascii_strtoull (p + 6, NULL, 10);
}

/* The mazes of the sheet, made and solved as the CLI does. */
static Maze **
make_mazes (void)
{
  Maze **mazes = g_new0 (Maze *, COUNT);
  MazeError error;

  maze_error_clear (&error);
  for (int k = 0; k < COUNT; k++)
    mazes[k] = maze_new (SIDE, SIDE, NULL);
  g_assert_cmpint (render_worksheet_generate (mazes, COUNT, "prim",
                                              g_ascii_strtoull (SEED, NULL, 10), 0,
                                              &error), ==, MAZE_OK);
  g_assert_cmpint (render_worksheet_solve (mazes, COUNT, &error), ==, MAZE_OK);
  return mazes;
}

/* "N E S" or "none" for a nibble of directions. */
static char *
letters (uint16_t nibble)
{
  GString *s = g_string_new (NULL);

  for (int k = 0; k < 4; k++)
    if (nibble & MAZE_DIRECTIONS[k])
      g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "",
                              maze_dir_letter (MAZE_DIRECTIONS[k]));
  if (s->len == 0)
    g_string_append (s, "none");
  return g_string_free (s, FALSE);
}

/* Applies a statement as the engine writes them ("maze[3] |= W << 12",
 * "maze[3] &= ~(E << 8)", "maze[3] &= ~0x0F00", "maze[3] |= (N | S)")
 * to @word, as C would. */
static uint16_t
apply (const char *statement,
       uint16_t    word,
       uint32_t   *index)
{
  const char *p = statement;
  gboolean clear;
  unsigned bits = 0, shift = 0;
  char *end;

  g_assert_true (g_str_has_prefix (p, "maze["));
  *index = (uint32_t) g_ascii_strtoull (p + 5, &end, 10);
  p = end;
  g_assert_true (g_str_has_prefix (p, "] "));
  p += 2;
  if (g_str_has_prefix (p, "|= "))
    clear = FALSE, p += 3;
  else if (g_str_has_prefix (p, "&= ~"))
    clear = TRUE, p += 4;
  else
    g_assert_not_reached ();
  if (*p == '(')
    p++;
  for (;;)
    {
      if (g_str_has_prefix (p, "0x"))
        {
          bits |= (unsigned) g_ascii_strtoull (p + 2, &end, 16);
          p = end;
        }
      else
        {
          const char *names = "NESW";
          const char *at = strchr (names, *p);

          g_assert_nonnull (at);
          bits |= 1u << (at - names);
          p++;
        }
      if (g_str_has_prefix (p, " | "))
        p += 3;
      else
        break;
    }
  if (*p == ')')
    p++;
  if (g_str_has_prefix (p, " << "))
    shift = (unsigned) g_ascii_strtoull (p + 4, &end, 10), p = end;
  if (*p == ')')
    p++;
  g_assert_true (*p == '\0' || *p == ';');
  bits <<= shift;
  return (uint16_t) (clear ? (word & ~bits) : (word | bits));
}

typedef struct
{
  unsigned decode;
  unsigned encode;
  unsigned predict;
} Counts;

/* Checks every answer on the key page @text of @maze. */
static Counts
check_key (const char *text,
           const Maze *maze)
{
  const uint16_t *cells = maze_cells_const (maze);
  g_autoptr (GRegex) decode = g_regex_new ("maze\\[(\\d+)\\] \\((\\d+), (\\d+)\\) +0x([0-9A-F]{4})"
                                           " +(\\S.*?) {2,}(\\S.*?) {2,}(\\S.*?) *$",
                                           G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GRegex) encode = g_regex_new ("^ *([A-D]) +maze\\[(\\d+)\\] \\((\\d+), (\\d+)\\) = 0x([0-9A-F]{4})",
                                           G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GRegex) predict = g_regex_new ("maze\\[(\\d+)\\] == 0x([0-9A-F]{4}) +(maze\\[[^;]*;)"
                                            " +0x *([0-9A-F]{4})",
                                            G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GMatchInfo) m = NULL;
  Counts counts = { 0, 0, 0 };

  g_regex_match (decode, text, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *i_text = g_match_info_fetch (m, 1);
      g_autofree char *x_text = g_match_info_fetch (m, 2);
      g_autofree char *y_text = g_match_info_fetch (m, 3);
      g_autofree char *word_text = g_match_info_fetch (m, 4);
      g_autofree char *passages = g_match_info_fetch (m, 5);
      g_autofree char *solution = g_match_info_fetch (m, 6);
      g_autofree char *backtrack = g_match_info_fetch (m, 7);
      uint32_t i = (uint32_t) g_ascii_strtoull (i_text, NULL, 10);
      uint16_t word = (uint16_t) g_ascii_strtoull (word_text, NULL, 16);
      g_autofree char *want_p = letters (word & MAZE_PASSAGE_MASK);
      g_autofree char *want_s = letters ((word & MAZE_SOLUTION_MASK) >> MAZE_SOLUTION_SHIFT);
      g_autofree char *want_b = letters ((word & MAZE_BACKTRACK_MASK) >> MAZE_BACKTRACK_SHIFT);

      g_assert_cmpuint (i, <, maze_n_cells (maze));
      g_assert_cmpuint (i, ==, maze_index (maze, (uint32_t) atoi (x_text),
                                           (uint32_t) atoi (y_text)));
      /* the word given is the cell's, after the search */
      g_assert_cmpuint (word, ==, cells[i]);
      g_assert_cmpstr (passages, ==, want_p);
      g_assert_cmpstr (solution, ==, want_s);
      g_assert_cmpstr (backtrack, ==, want_b);
      counts.decode++;
    }
  g_clear_pointer (&m, g_match_info_free);

  g_regex_match (encode, text, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *i_text = g_match_info_fetch (m, 2);
      g_autofree char *word_text = g_match_info_fetch (m, 5);
      uint32_t i = (uint32_t) g_ascii_strtoull (i_text, NULL, 10);

      g_assert_cmpuint (i, <, maze_n_cells (maze));
      /* what the drawing shows: passages and border */
      g_assert_cmpuint (g_ascii_strtoull (word_text, NULL, 16), ==,
                        cells[i] & (MAZE_PASSAGE_MASK | MAZE_BORDER_MASK));
      counts.encode++;
    }
  g_clear_pointer (&m, g_match_info_free);

  g_regex_match (predict, text, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *i_text = g_match_info_fetch (m, 1);
      g_autofree char *before_text = g_match_info_fetch (m, 2);
      g_autofree char *statement = g_match_info_fetch (m, 3);
      g_autofree char *after_text = g_match_info_fetch (m, 4);
      uint32_t i = (uint32_t) g_ascii_strtoull (i_text, NULL, 10), index;
      uint16_t before = (uint16_t) g_ascii_strtoull (before_text, NULL, 16);
      uint16_t after = apply (statement, before, &index);

      g_assert_cmpuint (index, ==, i);
      /* a search changes only the search nibbles of the maze's cell */
      g_assert_cmpuint (before & 0xFF, ==, cells[i] & 0xFF);
      g_assert_cmpuint (after, !=, before);
      g_assert_cmpuint (g_ascii_strtoull (after_text, NULL, 16), ==, after);
      counts.predict++;
    }
  return counts;
}

/* Trace: the backtrack nibbles lead from the goal home to the start, and
 * the path they make is the one the key draws (the solution nibbles);
 * the puzzle page shows every word with its solution nibble cleared. */
static void
check_trace (const char *puzzle,
             const Maze *maze)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze);
  g_autofree gboolean *on_path = g_new0 (gboolean, n);
  uint32_t cell = maze_goal (maze);
  unsigned steps = 0;

  on_path[cell] = TRUE;
  while (cell != maze_start (maze))
    {
      uint16_t back = (cells[cell] & MAZE_BACKTRACK_MASK) >> MAZE_BACKTRACK_SHIFT;
      uint32_t parent = maze_neighbor (maze, cell, back);

      g_assert_cmpint (maze_dir_index (back), >=, 0);
      g_assert_cmpuint (parent, !=, UINT32_MAX);
      /* the key's path goes from the parent to this cell */
      g_assert_cmpuint ((cells[parent] & MAZE_SOLUTION_MASK) >> MAZE_SOLUTION_SHIFT, ==,
                        maze_opposite (back));
      on_path[parent] = TRUE;
      cell = parent;
      g_assert_cmpuint (++steps, <, n);
    }
  for (uint32_t i = 0; i < n; i++)
    {
      g_autofree char *shown = g_strdup_printf ("%04X", cells[i] & ~MAZE_SOLUTION_MASK);

      /* no cell off the path has solution bits: the key draws this path */
      if (!on_path[i] || i == maze_goal (maze))
        g_assert_cmpuint (cells[i] & MAZE_SOLUTION_MASK, ==, 0);
      g_assert_nonnull (strstr (puzzle, shown));
    }
}

static void
test_answers_right (void)
{
  Maze **mazes = make_mazes ();
  Counts all = { 0, 0, 0 };

  g_assert_cmpint (run (NULL, NULL, cli_path, "worksheet", "--exercises",
                        "decode,encode,trace,predict", "--count", "4", "--size", "6x6",
                        "--algorithm", "prim", "--seed", SEED, "--paper", "a4",
                        "--title", "Bits, week 3", "-o", "sheet.pdf", NULL), ==, 0);
  /* a sheet and a key per maze */
  g_assert_cmpuint (n_pages ("sheet.pdf"), ==, 2 * COUNT);
  for (unsigned k = 0; k < COUNT; k++)
    {
      g_autofree char *puzzle = page_text ("sheet.pdf", k + 1);
      g_autofree char *key = page_text ("sheet.pdf", COUNT + k + 1);
      g_autofree char *small = g_strdup_printf ("Maze %u of %u · seed %" G_GUINT64_FORMAT,
                                                k + 1, COUNT,
                                                g_ascii_strtoull (SEED, NULL, 10) + k);
      Counts counts;

      g_assert_nonnull (strstr (puzzle, "Bits, week 3"));
      g_assert_nonnull (strstr (puzzle, "Name:"));
      g_assert_nonnull (strstr (puzzle, "Date:"));
      g_assert_nonnull (strstr (puzzle, small));
      g_assert_nonnull (strstr (key, "Answers"));
      g_assert_nonnull (strstr (key, small));
      /* the puzzle page asks, the answers stay off it */
      counts = check_key (puzzle, mazes[k]);
      g_assert_cmpuint (counts.decode + counts.encode + counts.predict, ==, 0);
      counts = check_key (key, mazes[k]);
      g_assert_cmpuint (counts.decode, ==, RENDER_EXERCISE_ITEMS);
      g_assert_cmpuint (counts.encode, ==, RENDER_EXERCISE_ITEMS);
      g_assert_cmpuint (counts.predict, ==, RENDER_EXERCISE_ITEMS);
      check_trace (puzzle, mazes[k]);
      all.decode += counts.decode;
      all.predict += counts.predict;
    }
  g_assert_cmpuint (all.decode, ==, COUNT * RENDER_EXERCISE_ITEMS);

  for (int k = 0; k < COUNT; k++)
    maze_free (mazes[k]);
  g_free (mazes);
}

/* --answers FILE: the key in a file of its own, the sheet without it. */
static void
test_answers_file (void)
{
  g_autofree char *key = NULL;
  g_autofree char *first = NULL;

  g_assert_cmpint (run (NULL, NULL, cli_path, "worksheet", "--exercises", "predict, trace",
                        "--count", "2", "--size", "5x4", "--seed", "7", "--paper", "letter",
                        "-o", "ask.pdf", "--answers", "key.pdf", NULL), ==, 0);
  g_assert_cmpuint (n_pages ("ask.pdf"), ==, 2);
  g_assert_cmpuint (n_pages ("key.pdf"), ==, 2);
  first = page_text ("ask.pdf", 1);
  key = page_text ("key.pdf", 1);
  g_assert_null (strstr (first, "Answers"));
  g_assert_nonnull (strstr (first, "Predict"));
  g_assert_nonnull (strstr (first, "Trace"));
  g_assert_null (strstr (first, "Decode"));
  g_assert_nonnull (strstr (key, "Answers"));
}

/* A plain worksheet (no --exercises): the teacher's title and a name
 * line atop the page, each maze titled by its number, never its seed; the
 * seed in the small print under it, so the sheet can be made again. */
static void
test_plain_titles (void)
{
  g_autofree char *first = NULL;
  g_autofree char *key = NULL;

  g_assert_cmpint (run (NULL, NULL, cli_path, "worksheet", "--count", "4", "--size", "8x6",
                        "--algorithm", "prim", "--seed", "44", "--title", "Mazes, week 2",
                        "-o", "plain.pdf", NULL), ==, 0);
  g_assert_cmpuint (n_pages ("plain.pdf"), ==, 2);
  first = page_text ("plain.pdf", 1);
  key = page_text ("plain.pdf", 2);
  g_assert_nonnull (strstr (first, "Mazes, week 2"));
  g_assert_nonnull (strstr (first, "Name:"));
  g_assert_nonnull (strstr (first, "Date:"));
  g_assert_nonnull (strstr (first, "Maze 4"));
  g_assert_null (strstr (first, "— seed"));
  for (unsigned k = 0; k < 4; k++)
    {
      g_autofree char *small = g_strdup_printf ("seed %u · prim · 8 × 6", 44 + k);

      g_assert_nonnull (strstr (first, small));
      g_assert_nonnull (strstr (key, small));
    }
  g_assert_nonnull (strstr (key, "Answers"));
  g_assert_null (strstr (key, "Name:"));
}

static void
test_bad_exercises (void)
{
  g_autofree char *err1 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *err3 = NULL;

  g_assert_cmpint (run (NULL, &err1, cli_path, "worksheet", "--exercises", "decode,sing",
                        "-o", "never.pdf", NULL), ==, 2);
  g_assert_nonnull (strstr (err1, "unknown exercise 'sing'"));
  g_assert_cmpint (run (NULL, &err2, cli_path, "worksheet", "--exercises", "trace",
                        "--size", "20x20", "-o", "never.pdf", NULL), ==, 1);
  g_assert_nonnull (strstr (err2, "too big for exercises"));
  g_assert_cmpint (run (NULL, &err3, cli_path, "worksheet", "--exercises", "all",
                        "--no-answers", "--answers", "k.pdf", "-o", "never.pdf", NULL), ==, 2);
  g_assert_nonnull (strstr (err3, "--answers"));
  g_assert_false (g_file_test ("never.pdf", G_FILE_TEST_EXISTS));
}

/* bitmaze-cli render: A4 and Letter pages with a title and a legend, a
 * PNG exactly 1920 pixels wide, and the refusals. */
static void
test_render_page (void)
{
  g_autofree char *info = NULL;
  g_autofree char *text = NULL;
  g_autofree char *err = NULL;
  g_autofree char *png = NULL;
  gsize len;

  g_assert_cmpint (run (NULL, NULL, cli_path, "generate", "--size", "12x8", "--seed", "5",
                        "-o", "m.maze", NULL), ==, 0);
  g_assert_cmpint (run (NULL, NULL, cli_path, "render", "m.maze", "-S", "bfs", "--paper", "a4",
                        "--title", "Week 3", "--legend", "-o", "a4.pdf", NULL), ==, 0);
  g_assert_cmpint (run (&info, NULL, "pdfinfo", "a4.pdf", NULL), ==, 0);
  g_assert_nonnull (strstr (info, "595.276 x 841.89 pts (A4)"));
  text = page_text ("a4.pdf", 1);
  g_assert_nonnull (strstr (text, "Week 3"));
  g_assert_nonnull (strstr (text, "queue"));
  /* labels say what they are under the maze */
  g_clear_pointer (&text, g_free);
  g_assert_cmpint (run (NULL, NULL, cli_path, "render", "m.maze", "--paper", "a4",
                        "--label-nibble", "backtrack", "-o", "n.pdf", NULL), ==, 0);
  text = page_text ("n.pdf", 1);
  g_assert_nonnull (strstr (text, "the backtrack nibble (bits 12"));
  g_clear_pointer (&info, g_free);
  g_assert_cmpint (run (NULL, NULL, cli_path, "render", "m.maze", "--paper", "letter",
                        "--landscape", "-o", "l.pdf", NULL), ==, 0);
  g_assert_cmpint (run (&info, NULL, "pdfinfo", "l.pdf", NULL), ==, 0);
  g_assert_nonnull (strstr (info, "792 x 612 pts"));

  g_assert_cmpint (run (NULL, NULL, cli_path, "render", "m.maze", "--width", "1920",
                        "--labels", "-o", "w.png", NULL), ==, 0);
  {
    g_autofree char *path = g_build_filename (tmpdir, "w.png", NULL);

    g_assert_true (g_file_get_contents (path, &png, &len, NULL));
  }
  g_assert_cmpuint (len, >, 24);
  /* the IHDR's width, big-endian */
  g_assert_cmpuint (((guint8) png[16] << 24 | (guint8) png[17] << 16
                     | (guint8) png[18] << 8 | (guint8) png[19]), ==, 1920);

  g_assert_cmpint (run (NULL, &err, cli_path, "render", "m.maze", "--paper", "a5",
                        "-o", "x.pdf", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "unknown paper size 'a5'"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, cli_path, "render", "m.maze", "--paper", "a4",
                        "-o", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--paper is for PDF and SVG"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, cli_path, "render", "m.maze", "--width", "20",
                        "-o", "x.png", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "does not fit in 20 pixels"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("BITMAZE_CLI");
  g_assert_nonnull (cli_path);
  tmpdir = g_dir_make_tmp ("bitmaze-exercises-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/worksheet/exercises/bad", test_bad_exercises);
  if (pdftotext != NULL)
    {
      g_test_add_func ("/cli/worksheet/exercises/answers-right", test_answers_right);
      g_test_add_func ("/cli/worksheet/exercises/answers-file", test_answers_file);
      g_test_add_func ("/cli/worksheet/plain-titles", test_plain_titles);
      g_test_add_func ("/cli/render/page", test_render_page);
    }
  else
    g_printerr ("pdftotext (poppler-utils) is missing: the answer keys are not read\n");
  status = g_test_run ();

  {
    g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmpdir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
