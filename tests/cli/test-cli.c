/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli.c: runs the real bitmaze-cli (path in $BITMAZE_CLI) the way a
 * user or a script would, and checks exit statuses, messages, files and
 * the text drawing of a seeded maze against tests/cli/expected-*.txt.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *cli_path;
static char *tmpdir;

typedef struct
{
  int    status; /* exit status, or -1 when killed by a signal */
  char  *out;
  gsize  out_len;
  char  *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* Runs bitmaze-cli with the NULL-terminated arguments in the temporary
 * directory. */
static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  /* Reproducible "created" metadata, no colours, English messages. */
  envp = g_environ_setenv (envp, "SOURCE_DATE_EPOCH", "1700000000", TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "NO_COLOR");

  memset (run, 0, sizeof *run);
  g_assert_true (g_spawn_sync (tmpdir, (char **) argv->pdata, envp,
                               G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  run->out_len = strlen (run->out);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

static void
assert_status (Run *run,
               int  expected)
{
  if (run->status != expected)
    g_error ("bitmaze-cli exited with %d, expected %d\nstdout: %s\nstderr: %s",
             run->status, expected, run->out, run->err);
}

/* An error is one line on stderr, containing @needle. */
static void
assert_error (Run        *run,
              int         expected,
              const char *needle)
{
  assert_status (run, expected);
  if (strstr (run->err, needle) == NULL)
    g_error ("stderr lacks '%s': %s", needle, run->err);
  g_assert_true (g_str_has_prefix (run->err, "bitmaze-cli"));
  /* exactly one line */
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static gboolean
tmp_exists (const char *name)
{
  g_autofree char *path = tmp_path (name);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static GBytes *
read_tmp (const char *name)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr (GError) error = NULL;
  char *data;
  gsize len;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

static void
write_tmp (const char *name,
           const void *data,
           gsize       len)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, data, (gssize) len, &error);
  g_assert_no_error (error);
}

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16
         | (guint32) p[3] << 24;
}

static void
put_u32 (guint8  *p,
         guint32  v)
{
  for (int k = 0; k < 4; k++)
    p[k] = (guint8) (v >> (8 * k));
}

/* CRC-32 as in zlib (maze-format.md 2), bit by bit: small, not fast. */
static guint32
crc32 (guint32       crc,
       const guint8 *data,
       gsize         len)
{
  crc = ~crc;
  for (gsize i = 0; i < len; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

/* A valid .maze file of @w x @h cells with the given words. */
static GBytes *
make_maze_file (guint32         w,
                guint32         h,
                const guint16  *cells,
                guint32         start,
                guint32         goal)
{
  static const guint8 magic[8] = { 0x89, 'M', 'A', 'Z', 'E', '\r', '\n', 0x1a };
  gsize len = 40 + 2 * (gsize) w * h;
  guint8 *data = g_malloc0 (len);

  memcpy (data, magic, 8);
  data[8] = 1;
  data[10] = 40;
  put_u32 (data + 12, w);
  put_u32 (data + 16, h);
  put_u32 (data + 20, start);
  put_u32 (data + 24, goal);
  put_u32 (data + 28, 0);
  for (gsize i = 0; i < (gsize) w * h; i++)
    {
      data[40 + 2 * i] = (guint8) (cells[i] & 0xFF);
      data[41 + 2 * i] = (guint8) (cells[i] >> 8);
    }
  put_u32 (data + 32, crc32 (0, data + 40, len - 40));
  put_u32 (data + 36, crc32 (0, data, 36));
  return g_bytes_new_take (data, len);
}

/* Runs a shell command line with bitmaze-cli as $0, for redirections. */
static void
run_shell (Run        *run,
           const char *command)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  const char *argv[] = { "/bin/sh", "-c", command, cli_path, NULL };
  int wait_status;

  envp = g_environ_setenv (envp, "SOURCE_DATE_EPOCH", "1700000000", TRUE);
  memset (run, 0, sizeof *run);
  g_assert_true (g_spawn_sync (tmpdir, (char **) argv, envp, G_SPAWN_DEFAULT,
                               NULL, NULL, &run->out, &run->err,
                               &wait_status, &error));
  g_assert_no_error (error);
  run->out_len = strlen (run->out);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* Generates the small seeded maze most tests use, into @name. */
static void
generate_small (const char *name)
{
  Run run;

  run_cli (&run, "generate", "--size", "12x8", "--seed", "42",
           "--title", "Small", "-o", name, NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);
}

/* ---- tests ---- */

static void
test_version_and_help (void)
{
  static const char *const commands[] = {
    "generate", "solve", "info", "render", "animate", "validate",
  };
  g_autofree char *expected = g_strdup_printf ("bitmaze-cli %s\n",
                                               g_getenv ("BITMAZE_VERSION"));
  Run run;

  run_cli (&run, "--version", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, expected);
  run_clear (&run);

  run_cli (&run, "--help", NULL);
  assert_status (&run, 0);
  for (gsize k = 0; k < G_N_ELEMENTS (commands); k++)
    g_assert_nonnull (strstr (run.out, commands[k]));
  run_clear (&run);

  run_cli (&run, "help", "solve", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run.out, "Usage:\n  bitmaze-cli solve"));
  run_clear (&run);

  for (gsize k = 0; k < G_N_ELEMENTS (commands); k++)
    {
      run_cli (&run, commands[k], "--help", NULL);
      assert_status (&run, 0);
      g_assert_true (g_str_has_prefix (run.out, "Usage:"));
      g_assert_nonnull (strstr (run.out, commands[k]));
      run_clear (&run);
    }
}

static void
test_usage_errors (void)
{
  Run run;

  run_cli (&run, NULL);
  assert_status (&run, 2);
  run_clear (&run);

  run_cli (&run, "frobnicate", NULL);
  assert_error (&run, 2, "unknown command 'frobnicate'");
  run_clear (&run);

  run_cli (&run, "--frobnicate", NULL);
  assert_error (&run, 2, "--frobnicate");
  run_clear (&run);

  run_cli (&run, "generate", "--frobnicate", "-o", "x.maze", NULL);
  assert_error (&run, 2, "--frobnicate");
  run_clear (&run);

  run_cli (&run, "generate", "--size", NULL);
  assert_error (&run, 2, "--size");
  run_clear (&run);

  run_cli (&run, "solve", NULL);
  assert_error (&run, 2, "missing MAZE-FILE");
  run_clear (&run);

  run_cli (&run, "info", "a.maze", "b.maze", NULL);
  assert_error (&run, 2, "b.maze");
  run_clear (&run);

  run_cli (&run, "validate", NULL);
  assert_status (&run, 2);
  run_clear (&run);

  g_assert_false (tmp_exists ("x.maze"));
}

static void
test_value_errors (void)
{
  static const struct
  {
    const char *option;
    const char *value;
    const char *needle;
  } cases[] = {
    { "--size", "0x5", "out of range" },
    { "--size", "70000x2", "out of range" },
    { "--size", "40000x40000", "out of range" },
    { "--size", "forty", "invalid size" },
    { "--algorithm", "no-such-generator", "no-such-generator" },
    { "--seed", "-3", "--seed" },
    { "--loops", "101", "--loops" },
    { "--start", "12,0", "outside" },
    { "--goal", "middle", "--goal" },
  };
  Run run;

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      run_cli (&run, "generate", "--size", "12x8", cases[k].option,
               cases[k].value, "-o", "bad.maze", NULL);
      assert_error (&run, 1, cases[k].needle);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_false (tmp_exists ("bad.maze"));
      run_clear (&run);
    }

  run_cli (&run, "solve", "missing.maze", NULL);
  assert_error (&run, 1, "missing.maze");
  run_clear (&run);

  run_cli (&run, "info", "missing.maze", NULL);
  assert_error (&run, 1, "missing.maze");
  run_clear (&run);

  generate_small ("good.maze");
  run_cli (&run, "solve", "good.maze", "--solver", "telepathy", NULL);
  assert_error (&run, 1, "telepathy");
  run_clear (&run);

  run_cli (&run, "render", "good.maze", "-o", "out.gif", NULL);
  assert_error (&run, 1, "out.gif");
  g_assert_false (tmp_exists ("out.gif"));
  run_clear (&run);

  run_cli (&run, "render", "good.maze", "--color", "sometimes", NULL);
  assert_error (&run, 1, "sometimes");
  run_clear (&run);
}

/* Follows @moves from the start of the .maze file @bytes through open
 * passages; returns the cell reached. */
static guint32
walk_moves (GBytes     *bytes,
            const char *moves)
{
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  guint32 w = get_u32 (data + 12), h = get_u32 (data + 16);
  guint32 i = get_u32 (data + 20);

  for (const char *m = moves; *m != '\0'; m++)
    {
      guint16 cell = (guint16) (data[40 + 2 * i] | data[41 + 2 * i] << 8);
      guint16 dir = *m == 'N' ? 1 : *m == 'E' ? 2 : *m == 'S' ? 4 : 8;

      g_assert_true (strchr ("NESW", *m) != NULL);
      g_assert_true (cell & dir);          /* a passage ... */
      g_assert_false (cell & (dir << 4));  /* ... that is not an opening */
      i = dir == 1 ? i - w : dir == 2 ? i + 1 : dir == 4 ? i + w : i - 1;
      g_assert_cmpuint (i, <, w * h);
    }
  return i;
}

static void
test_round_trip (void)
{
  g_autoptr (GBytes) file = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) piped = NULL;
  const guint8 *data;
  g_autofree char *moves = NULL;
  const char *p;
  guint64 length;
  Run run;

  generate_small ("a.maze");
  file = read_tmp ("a.maze");
  data = g_bytes_get_data (file, NULL);
  g_assert_cmpuint (get_u32 (data + 12), ==, 12);
  g_assert_cmpuint (get_u32 (data + 16), ==, 8);

  /* The same seed gives the same file, whether to -o or to a pipe. */
  generate_small ("b.maze");
  again = read_tmp ("b.maze");
  g_assert_true (g_bytes_equal (file, again));
  run_shell (&run, "\"$0\" generate --size 12x8 --seed 42 --title Small "
             "> piped.maze");
  assert_status (&run, 0);
  run_clear (&run);
  piped = read_tmp ("piped.maze");
  g_assert_true (g_bytes_equal (file, piped));

  run_cli (&run, "validate", "a.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, "a.maze: ok\n");
  run_clear (&run);

  run_cli (&run, "info", "a.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "12 × 8 (96 cells)"));
  g_assert_nonnull (strstr (run.out, "start:             (0, 0)"));
  g_assert_nonnull (strstr (run.out, "goal:              (11, 7)"));
  g_assert_nonnull (strstr (run.out, "perfect:           yes"));
  g_assert_nonnull (strstr (run.out, "growing-tree:newest"));
  g_assert_nonnull (strstr (run.out, "seed             42"));
  g_assert_nonnull (strstr (run.out, "title            Small"));
  g_assert_nonnull (strstr (run.out, "created          2023-11-14T22:13:20Z"));
  g_assert_nonnull (strstr (run.out, "dead ends"));
  run_clear (&run);

  run_cli (&run, "solve", "a.maze", "--solver", "bfs", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "result:           found\n"));
  p = strstr (run.out, "path length:");
  g_assert_nonnull (p);
  length = g_ascii_strtoull (p + strlen ("path length:"), NULL, 10);
  g_assert_cmpuint (length, >=, 11 + 7);
  g_assert_nonnull (strstr (run.out, "cells visited:"));
  g_assert_nonnull (strstr (run.out, "largest frontier:"));
  run_clear (&run);

  /* --moves: one line, as long as the path, that really walks the maze
   * from the start to the goal. */
  run_cli (&run, "solve", "a.maze", "--moves", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_suffix (run.out, "\n"));
  moves = g_strndup (run.out, strlen (run.out) - 1);
  g_assert_cmpuint (strlen (moves), ==, length);
  g_assert_cmpuint (walk_moves (file, moves), ==, get_u32 (data + 24));
  run_clear (&run);

  /* Every solver finds a path in a perfect maze; the shortest is BFS's. */
  for (const char *const *s = (const char *const[]) { "dfs", "astar",
         "junction", "wall-follower", "wall-follower:right", NULL };
       *s != NULL; s++)
    {
      run_cli (&run, "solve", "a.maze", "--moves", "--solver", *s, NULL);
      assert_status (&run, 0);
      g_assert_cmpuint (strlen (run.out), ==, length + 1);
      run_clear (&run);
    }

  run_cli (&run, "solve", "a.maze", "-o", "solved.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "validate", "solved.maze", "a.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, "solved.maze: ok\na.maze: ok\n");
  run_clear (&run);
  /* "-o -": the maze on stdout, the report on stderr. */
  run_shell (&run, "\"$0\" solve a.maze -o - > piped-solved.maze");
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.err, "result:           found"));
  run_clear (&run);
  {
    g_autoptr (GBytes) solved = read_tmp ("solved.maze");
    g_autoptr (GBytes) piped_solved = read_tmp ("piped-solved.maze");

    g_assert_true (g_bytes_equal (solved, piped_solved));
  }

  run_cli (&run, "info", "solved.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "solver           bfs"));
  g_assert_nonnull (strstr (run.out, "a solution of"));
  run_clear (&run);

  /* Images: the renderer's formats, by extension. */
  {
    static const struct { const char *name; const char *magic; } images[] = {
      { "a.png", "\x89PNG" }, { "a.svg", "<?xml" }, { "a.pdf", "%PDF" },
    };

    for (gsize k = 0; k < G_N_ELEMENTS (images); k++)
      {
        g_autoptr (GBytes) image = NULL;

        run_cli (&run, "render", "solved.maze", "-o", images[k].name,
                 "--cell-size", "10", NULL);
        assert_status (&run, 0);
        run_clear (&run);
        image = read_tmp (images[k].name);
        g_assert_cmpuint (g_bytes_get_size (image), >, 100);
        g_assert_cmpmem (g_bytes_get_data (image, NULL),
                         strlen (images[k].magic),
                         images[k].magic, strlen (images[k].magic));
      }
  }
}

static void
test_corrupt_files (void)
{
  g_autoptr (GBytes) file = NULL;
  g_autofree guint8 *copy = NULL;
  gsize len;
  Run run;

  generate_small ("c.maze");
  file = read_tmp ("c.maze");
  len = g_bytes_get_size (file);
  copy = g_memdup2 (g_bytes_get_data (file, NULL), len);

  copy[40 + 7] ^= 0x10; /* a passage bit: the cell CRC no longer matches */
  write_tmp ("cells.maze", copy, len);
  copy[40 + 7] ^= 0x10;
  copy[12] ^= 0x01;     /* the width */
  write_tmp ("header.maze", copy, len);
  copy[12] ^= 0x01;
  write_tmp ("short.maze", copy, len - 3);
  write_tmp ("text.maze", "hello, maze\n", 12);

  run_cli (&run, "validate", "c.maze", "cells.maze", "header.maze",
           "short.maze", "text.maze", "missing.maze", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.out, "c.maze: ok\n"));
  g_assert_nonnull (strstr (run.out, "cells.maze: cell data checksum mismatch\n"));
  g_assert_nonnull (strstr (run.out, "header.maze: header checksum mismatch\n"));
  g_assert_nonnull (strstr (run.out, "short.maze: file truncated"));
  g_assert_nonnull (strstr (run.out, "text.maze: not a maze file"));
  g_assert_nonnull (strstr (run.out, "missing.maze"));
  g_assert_nonnull (strstr (run.err, "5 of 6 files are bad"));
  run_clear (&run);

  /* Every command refuses a corrupt file with one line, and writes
   * nothing to -o. */
  run_cli (&run, "solve", "cells.maze", "-o", "out.maze", NULL);
  assert_error (&run, 1, "cells.maze: cell data checksum mismatch");
  g_assert_false (tmp_exists ("out.maze"));
  run_clear (&run);

  run_cli (&run, "render", "header.maze", "-o", "out.png", NULL);
  assert_error (&run, 1, "header.maze: header checksum mismatch");
  g_assert_false (tmp_exists ("out.png"));
  run_clear (&run);

  run_cli (&run, "info", "text.maze", NULL);
  assert_error (&run, 1, "not a maze file");
  g_assert_cmpstr (run.out, ==, "");
  run_clear (&run);

  /* A failed command leaves an existing -o file as it was. */
  run_cli (&run, "solve", "short.maze", "-o", "c.maze", NULL);
  assert_status (&run, 1);
  run_clear (&run);
  {
    g_autoptr (GBytes) after = read_tmp ("c.maze");

    g_assert_true (g_bytes_equal (file, after));
  }
}

static void
test_no_path (void)
{
  /* 2 x 1, the wall between the cells standing: no path from 0 to 1. */
  static const guint16 closed[2] = { 0x00D0, 0x0070 };
  g_autoptr (GBytes) file = make_maze_file (2, 1, closed, 0, 1);
  Run run;

  write_tmp ("closed.maze", g_bytes_get_data (file, NULL),
             g_bytes_get_size (file));

  run_cli (&run, "validate", "closed.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);

  run_cli (&run, "solve", "closed.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "result:           no path\n"));
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);

  run_cli (&run, "solve", "closed.maze", "--require-path", NULL);
  assert_status (&run, 3);
  g_assert_nonnull (strstr (run.out, "no path"));
  run_clear (&run);

  /* Exit 3 is a failure: nothing is written to -o.  Without
   * --require-path "no path" is an answer, and the searched maze is. */
  run_cli (&run, "solve", "closed.maze", "--require-path",
           "-o", "closed-solved.maze", NULL);
  assert_status (&run, 3);
  g_assert_nonnull (strstr (run.out, "no path"));
  g_assert_false (tmp_exists ("closed-solved.maze"));
  run_clear (&run);
  run_cli (&run, "solve", "closed.maze", "-o", "closed-solved.maze", NULL);
  assert_status (&run, 0);
  g_assert_true (tmp_exists ("closed-solved.maze"));
  run_clear (&run);

  run_cli (&run, "solve", "closed.maze", "--moves", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, "\n");
  run_clear (&run);

  run_cli (&run, "info", "closed.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "none: the goal cannot be reached"));
  g_assert_nonnull (strstr (run.out, "perfect:           no"));
  run_clear (&run);

  /* The same maze with the wall knocked down has a one-move path. */
  {
    static const guint16 open[2] = { 0x00D2, 0x0078 };
    g_autoptr (GBytes) file2 = make_maze_file (2, 1, open, 0, 1);

    write_tmp ("open.maze", g_bytes_get_data (file2, NULL),
               g_bytes_get_size (file2));
    run_cli (&run, "solve", "open.maze", "--moves", "--require-path", NULL);
    assert_status (&run, 0);
    g_assert_cmpstr (run.out, ==, "E\n");
    run_clear (&run);
  }
}

/* The text drawing of a seeded, solved maze, against the checked-in
 * files. */
static void
check_text (const char *expected_name,
            const char *option)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, expected_name,
                                                 NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  Run run;

  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);

  run_cli (&run, "render", "text.maze", "--text", option, NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out, ==, expected);
  run_clear (&run);
}

static void
test_text (void)
{
  Run run;

  run_cli (&run, "generate", "--size", "10x6", "--seed", "7",
           "--algorithm", "growing-tree:newest", "-o", "plain.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "solve", "plain.maze", "--solver", "dfs", "-o", "text.maze",
           NULL);
  assert_status (&run, 0);
  run_clear (&run);

  check_text ("expected-10x6-unicode.txt", "--color=never");
  check_text ("expected-10x6-ascii.txt", "--ascii");
  check_text ("expected-10x6-labels.txt", "--labels");

  /* Piped output has no colour unless asked for. */
  run_cli (&run, "render", "text.maze", NULL);
  assert_status (&run, 0);
  g_assert_null (strchr (run.out, '\033'));
  g_assert_nonnull (strstr (run.out, "@@"));
  g_assert_nonnull (strstr (run.out, "&&"));
  run_clear (&run);

  run_cli (&run, "render", "text.maze", "--color=always", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "\033[32m")); /* the solution, green */
  run_clear (&run);

  /* "-o -" is text too (the start's opening at the top left). */
  run_cli (&run, "render", "text.maze", "-o", "-", "--ascii", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run.out, "+  +--+"));
  run_clear (&run);

  /* A text file, the same drawing as on standard output. */
  run_cli (&run, "render", "text.maze", "-o", "maze.txt", "--format", "text",
           NULL);
  assert_status (&run, 0);
  run_clear (&run);
  {
    g_autoptr (GBytes) written = read_tmp ("maze.txt");
    g_autofree char *path = g_test_build_filename (G_TEST_DIST,
                                                   "expected-10x6-unicode.txt",
                                                   NULL);
    g_autofree char *expected = NULL;

    g_assert_true (g_file_get_contents (path, &expected, NULL, NULL));
    g_assert_cmpmem (g_bytes_get_data (written, NULL),
                     g_bytes_get_size (written), expected, strlen (expected));
  }
}

static void
test_generate_options (void)
{
  Run run;

  run_cli (&run, "generate", "--list", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run.out, "") && strstr (run.out, "growing-tree:newest") != NULL);
  run_clear (&run);

  run_cli (&run, "solve", "--list", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "bfs"));
  g_assert_nonnull (strstr (run.out, "astar"));
  g_assert_nonnull (strstr (run.out, "wall-follower"));
  run_clear (&run);

  /* Endpoints as cells, openings in the outer wall at both. */
  run_cli (&run, "generate", "--size", "9x9", "--seed", "5", "--start", "4,0",
           "--goal", "8,4", "-o", "ends.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "ends.maze", NULL);
  g_assert_nonnull (strstr (run.out, "start:             (4, 0)"));
  g_assert_nonnull (strstr (run.out, "goal:              (8, 4)"));
  run_clear (&run);

  /* Without --seed a random seed is chosen and recorded. */
  run_cli (&run, "generate", "--size", "5x5", "--loops", "50",
           "--start", "rows", "-o", "random.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "random.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "  seed "));
  g_assert_nonnull (strstr (run.out, "start:             ("));
  g_assert_nonnull (strstr (run.out, ", 0)\n")); /* the start in the top row */
  run_clear (&run);

  /* "far": the goal is as far from the start as the maze allows. */
  run_cli (&run, "generate", "--size", "15x10", "--seed", "3", "--goal",
           "far", "--start", "0,0", "-o", "far.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "far.maze", NULL);
  assert_status (&run, 0);
  {
    const char *sol = strstr (run.out, "solution         ");
    const char *lon = strstr (run.out, "longest path     ");

    g_assert_nonnull (sol);
    g_assert_nonnull (lon);
    /* Not a proof of "farthest", but never shorter than half the
     * longest path of the maze. */
    g_assert_cmpuint (2 * g_ascii_strtoull (sol + 17, NULL, 10), >=,
                      g_ascii_strtoull (lon + 17, NULL, 10));
  }
  run_clear (&run);

  /* Every generator of the engine, by name. */
  run_cli (&run, "generate", "--list", NULL);
  {
    g_auto (GStrv) lines = g_strsplit (run.out, "\n", -1);

    for (char **l = lines; *l != NULL && **l != '\0'; l++)
      {
        g_autofree char *listed = g_strndup (*l, strcspn (*l, " "));
        g_autofree char *name = NULL;
        Run gen;

        /* "corridor:N" takes a number in place of N, ":P" a fraction. */
        if (g_str_has_suffix (listed, ":N"))
          name = g_strdup_printf ("%.*s4", (int) strlen (listed) - 1, listed);
        else if (g_str_has_suffix (listed, ":P"))
          name = g_strdup_printf ("%.*s0.5", (int) strlen (listed) - 1, listed);
        else
          name = g_strdup (listed);
        run_cli (&gen, "generate", "--size", "7x5", "--seed", "1",
                 "--algorithm", name, "-o", "each.maze", NULL);
        assert_status (&gen, 0);
        run_clear (&gen);
        run_cli (&gen, "solve", "each.maze", "--require-path", NULL);
        assert_status (&gen, 0);
        run_clear (&gen);
      }
  }
  run_clear (&run);
}

static void
test_animate (void)
{
  Run run;

  generate_small ("anim.maze");
  run_cli (&run, "animate", "anim.maze", "--delay", "0", "--color=never",
           NULL);
  assert_status (&run, 0);
  /* The cursor comes back and the colours are reset at the end. */
  g_assert_true (g_str_has_suffix (run.out, "\033[?25h\033[0m"));
  g_assert_nonnull (strstr (run.out, "dfs: step "));
  g_assert_nonnull (strstr (run.out, "found a path of"));
  run_clear (&run);

  run_cli (&run, "animate", "anim.maze", "--delay", "forever", NULL);
  assert_error (&run, 1, "--delay");
  run_clear (&run);
}

static gboolean
contains (const guint8 *bytes,
          gsize         len,
          const char   *needle)
{
  gsize n = strlen (needle);

  for (gsize k = 0; k + n <= len; k++)
    if (memcmp (bytes + k, needle, n) == 0)
      return TRUE;
  return FALSE;
}

/* Parses @text as one JSON object; the caller owns the parser, which
 * owns the object. */
static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static void
assert_members (JsonObject         *object,
                const char *const  *keys)
{
  for (; *keys != NULL; keys++)
    if (!json_object_has_member (object, *keys))
      g_error ("JSON object lacks \"%s\"", *keys);
}

static void
assert_error_object (JsonObject *object,
                     const char *file,
                     const char *status)
{
  static const char *const keys[] = { "status", "code", "template", "message", "message_en", NULL };
  JsonObject *error;

  g_assert_cmpstr (json_object_get_string_member (object, "file"), ==, file);
  error = json_object_get_object_member (object, "error");
  g_assert_nonnull (error);
  assert_members (error, keys);
  g_assert_cmpstr (json_object_get_string_member (error, "status"), ==, status);
  g_assert_cmpint (json_object_get_int_member (error, "code"), >, 0);
  g_assert_cmpstr (json_object_get_string_member (error, "message"), !=, "");
  g_assert_cmpstr (json_object_get_string_member (error, "template"), !=, "");
}

/* info, solve and validate --json: objects a JSON parser reads back, with
 * every documented key; a bad file is an object with "error", exit 1. */
static void
test_json (void)
{
  static const char *const info_keys[] = {
    "file", "size", "start", "goal", "perfect", "search", "metadata",
    "statistics", NULL,
  };
  static const char *const stats_keys[] = {
    "passages", "dead_ends", "corridors", "turns", "junctions", "isolated",
    "solution_length", "longest_path", NULL,
  };
  static const char *const solve_keys[] = {
    "file", "size", "solver", "result", "path_length", "moves", "visited",
    "steps", "largest_frontier", "output", NULL,
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (GStrv) lines = NULL;
  g_autofree char *moves = NULL;
  JsonObject *object, *size, *meta;
  Run run;

  generate_small ("json.maze");
  write_tmp ("json-bad.maze", "MAZE", 4);

  run_cli (&run, "info", "json.maze", "--json", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.err, ==, "");
  object = parse_object (parser, run.out);
  assert_members (object, info_keys);
  assert_members (json_object_get_object_member (object, "statistics"), stats_keys);
  size = json_object_get_object_member (object, "size");
  g_assert_cmpint (json_object_get_int_member (size, "width"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (size, "height"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (size, "cells"), ==, 96);
  meta = json_object_get_object_member (object, "metadata");
  g_assert_cmpstr (json_object_get_string_member (meta, "title"), ==, "Small");
  g_assert_cmpstr (json_object_get_string_member (meta, "seed"), ==, "42");
  g_assert_true (json_object_get_null_member (object, "search"));
  run_clear (&run);

  run_cli (&run, "solve", "json.maze", "--moves", NULL);
  assert_status (&run, 0);
  moves = g_strchomp (g_strdup (run.out));
  run_clear (&run);
  run_cli (&run, "solve", "json.maze", "--json", "-S", "astar", NULL);
  assert_status (&run, 0);
  object = parse_object (parser, run.out);
  assert_members (object, solve_keys);
  g_assert_cmpstr (json_object_get_string_member (object, "result"), ==, "found");
  g_assert_cmpstr (json_object_get_string_member (object, "solver"), ==, "astar");
  g_assert_cmpstr (json_object_get_string_member (object, "moves"), ==, moves);
  g_assert_cmpint (json_object_get_int_member (object, "path_length"), ==,
                   (gint64) strlen (moves));
  run_clear (&run);

  /* A bad file, a missing one, an unknown solver: error objects. */
  run_cli (&run, "info", "json-bad.maze", "--json", NULL);
  assert_status (&run, 1);
  g_assert_cmpstr (run.err, ==, "");
  object = parse_object (parser, run.out);
  assert_error_object (object, "json-bad.maze", "format");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "error"),
                                                  "template"),
                   ==, "not a maze file (bad magic)");
  run_clear (&run);
  run_cli (&run, "solve", "missing.maze", "--json", NULL);
  assert_status (&run, 1);
  assert_error_object (parse_object (parser, run.out), "missing.maze", "io");
  run_clear (&run);
  run_cli (&run, "solve", "json.maze", "--json", "-S", "nope", NULL);
  assert_status (&run, 1);
  assert_error_object (parse_object (parser, run.out), "json.maze", "argument");
  run_clear (&run);

  /* validate: one object a line, a file each. */
  run_cli (&run, "validate", "--json", "json.maze", "json-bad.maze", NULL);
  assert_status (&run, 1);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_cmpstr (lines[2], ==, "");
  object = parse_object (parser, lines[0]);
  g_assert_true (json_object_get_boolean_member (object, "valid"));
  g_assert_cmpstr (json_object_get_string_member (object, "file"), ==, "json.maze");
  object = parse_object (parser, lines[1]);
  g_assert_false (json_object_get_boolean_member (object, "valid"));
  assert_error_object (object, "json-bad.maze", "format");
  run_clear (&run);
}

/* -o writes a looping GIF of the solve or of a build, and says what it
 * made; a build needs -o, a bad limit is refused and leaves no file. */
static void
test_animate_gif (void)
{
  g_autoptr (GBytes) gif = NULL;
  const guint8 *bytes;
  gsize len;
  Run run;

  generate_small ("gif.maze");
  run_cli (&run, "animate", "gif.maze", "--solver", "bfs", "--cell-size", "8",
           "-o", "solve.gif", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run.out, "solve.gif: "));
  g_assert_nonnull (strstr (run.out, " frames, 104 × 72 pixels, "));
  run_clear (&run);
  gif = read_tmp ("solve.gif");
  bytes = g_bytes_get_data (gif, &len);
  g_assert_cmpuint (len, >, 100);
  g_assert_cmpmem (bytes, 6, "GIF89a", 6);
  g_assert_true (contains (bytes, len, "NETSCAPE2.0"));
  g_assert_cmpint (bytes[len - 1], ==, 0x3B); /* the trailer */

  run_cli (&run, "animate", "--build", "prim", "--size", "10x6", "--seed", "3",
           "--max-frames", "12", "-o", "build.gif", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run.out, "build.gif: "));
  g_assert_cmpint (atoi (run.out + strlen ("build.gif: ")), <=, 12);
  g_assert_nonnull (strstr (run.out, " frames, 176 × 112 pixels"));
  g_assert_nonnull (strstr (run.out, "seed 3"));
  run_clear (&run);

  run_cli (&run, "animate", "--build", "prim", NULL);
  assert_error (&run, 2, "--build needs -o");
  run_clear (&run);

  run_cli (&run, "animate", "gif.maze", "--max-frames", "1", "-o", "one.gif", NULL);
  assert_error (&run, 1, "--max-frames");
  run_clear (&run);
  run_cli (&run, "animate", "--build", "nope", "-o", "nope.gif", NULL);
  assert_error (&run, 1, "nope");
  run_clear (&run);
  g_assert_false (tmp_exists ("one.gif"));
  g_assert_false (tmp_exists ("nope.gif"));
}

/* Ctrl+C in the middle of an animation: the cursor is shown again, the
 * colours reset, and the exit status says "interrupted". */
static void
test_animate_interrupted (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  const char *argv[] = { cli_path, "animate", "int.maze", "--delay", "200",
                         "--color=always", NULL };
  char buf[4096];
  ssize_t n;
  GPid pid;
  int fd, wait_status;

  generate_small ("int.maze");
  g_assert_true (g_spawn_async_with_pipes (tmpdir, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                           NULL, &pid, NULL, &fd, NULL,
                                           &error));
  g_assert_no_error (error);

  /* Interrupt once the third frame is out: mid-animation, however slowly
   * the machine draws. */
  while (strstr (out->str, ": step 3,") == NULL && (n = read (fd, buf, sizeof buf)) > 0)
    g_string_append_len (out, buf, n);
  g_assert_nonnull (strstr (out->str, ": step 3,"));
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_string_append_len (out, buf, n);
  close (fd);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);

  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 128 + SIGINT);
  g_assert_nonnull (strstr (out->str, "\033[?25l")); /* cursor hidden ... */
  g_assert_true (g_str_has_suffix (out->str, "\033[?25h\033[0minterrupted\n"));
  g_assert_null (strstr (out->str, "found a path")); /* stopped early */
}

static void
test_large_no_progress_when_piped (void)
{
  Run run;

  /* Above the progress bar's threshold: with stderr a pipe, stderr stays
   * empty. */
  run_cli (&run, "generate", "--size", "1100x1000", "--seed", "9",
           "-o", "big.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);
  run_cli (&run, "solve", "big.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);
}

/* The width and height in a PNG's IHDR chunk. */
static void
png_size (GBytes  *png,
          guint32 *width,
          guint32 *height)
{
  const guint8 *d = g_bytes_get_data (png, NULL);

  g_assert_cmpuint (g_bytes_get_size (png), >, 24);
  *width = (guint32) d[16] << 24 | (guint32) d[17] << 16 | (guint32) d[18] << 8 | d[19];
  *height = (guint32) d[20] << 24 | (guint32) d[21] << 16 | (guint32) d[22] << 8 | d[23];
}

static void
test_render_size (void)
{
  Run run;
  g_autoptr (GBytes) small = NULL;
  g_autoptr (GBytes) big = NULL;
  g_autoptr (GBytes) chosen = NULL;
  guint32 w, h;

  /* Small mazes keep 16-pixel cells... */
  run_cli (&run, "generate", "--size", "20x10", "--seed", "3", "-o", "small.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "small.maze", "-o", "small.png", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  small = read_tmp ("small.png");
  png_size (small, &w, &h);
  g_assert_cmpuint (w, ==, 20 * 16 + 16);
  g_assert_cmpuint (h, ==, 10 * 16 + 16);

  /* ... a 1500x1000 maze gets smaller ones, within about 4096 pixels,
   * instead of a 24 000 pixel picture... */
  run_cli (&run, "generate", "--size", "1500x1000", "--seed", "3", "-o", "wide.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "wide.maze", "-o", "wide.png", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  big = read_tmp ("wide.png");
  png_size (big, &w, &h);
  g_assert_cmpuint (w, <=, 4100);
  g_assert_cmpuint (w, >=, 1500 * 2);
  g_assert_cmpuint (h * 3, <, w * 2 + 30);

  /* ... unless the cell size is given. */
  run_cli (&run, "render", "small.maze", "-o", "chosen.png", "--cell-size", "4", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  chosen = read_tmp ("chosen.png");
  png_size (chosen, &w, &h);
  g_assert_cmpuint (w, ==, 20 * 4 + 4);
}

/* Shaped mazes: the pipeline of the issue, the refusals with their
 * reasons, masks, endpoints outside the shape, the text drawing. */
/* generate --list-shapes names every value --shape takes (a form
 * "text:WORD" with a word in place of WORD), and --mask takes a .maze
 * file: a new maze of the cells of its shape. */
static void
test_list_shapes (void)
{
  g_auto (GStrv) lines = NULL;
  guint n = 0;
  Run run;

  run_cli (&run, "generate", "--list-shapes", NULL);
  assert_status (&run, 0);
  lines = g_strsplit (run.out, "\n", -1);
  run_clear (&run);
  for (char **l = lines; *l != NULL && **l != '\0'; l++, n++)
    {
      g_autofree char *listed = g_strndup (*l, strcspn (*l, " "));
      g_autofree char *name = NULL;

      /* a description after the name */
      g_assert_cmpuint (strlen (*l), >, strlen (listed) + 2);
      if (g_str_has_suffix (listed, ":WORD"))
        name = g_strdup_printf ("%.*sAB", (int) strlen (listed) - 4, listed);
      else
        name = g_strdup (listed);
      run_cli (&run, "generate", "--shape", name, "--size", "30x20", "--seed", "1",
               "-o", "listed.maze", NULL);
      assert_status (&run, 0);
      run_clear (&run);
    }
  /* the shapes the app offers too, in its order */
  {
    static const char *const expected[] = {
      "circle", "ring", "heart", "triangle", "diamond", "cross", "text:WORD",
    };

    g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
    for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
      {
        g_assert_true (g_str_has_prefix (lines[k], expected[k]));
        g_assert_true (lines[k][strlen (expected[k])] == ' ');
      }
  }

  run_cli (&run, "generate", "--shape", "ring", "--size", "40x30", "--seed", "2",
           "-o", "ring.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "generate", "--mask", "ring.maze", "--seed", "3", "-o", "again.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "ring.maze", NULL);
  {
    g_autofree char *shape_line = g_strndup (strstr (run.out, "shape:"),
                                             strcspn (strstr (run.out, "shape:"), "\n"));

    run_clear (&run);
    run_cli (&run, "info", "again.maze", NULL);
    g_assert_nonnull (strstr (run.out, shape_line));
    g_assert_nonnull (strstr (run.out, "shape            mask:ring.maze"));
    run_clear (&run);
  }
}

static void
test_shapes (void)
{
  g_autoptr (GBytes) maze_bytes = NULL, png = NULL, text = NULL, expected = NULL;
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "expected-heart-ascii.txt", NULL);
  g_autofree char *expected_text = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *size;
  const guint8 *bytes;
  Run run;

  run_cli (&run, "generate", "--shape", "heart", "--size", "60x50", "-a", "wilson",
           "--seed", "1", "-o", "h.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "solve", "h.maze", "-o", "s.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "result:           found"));
  run_clear (&run);
  run_cli (&run, "render", "s.maze", "-o", "h.png", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  maze_bytes = read_tmp ("s.maze");
  bytes = g_bytes_get_data (maze_bytes, NULL);
  g_assert_cmpuint (bytes[8], ==, 2);          /* version 2 */
  png = read_tmp ("h.png");
  g_assert_cmpuint (((const guint8 *) g_bytes_get_data (png, NULL))[25], ==, 6); /* RGBA */

  run_cli (&run, "info", "s.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "shape:"));
  g_assert_nonnull (strstr (run.out, "of the 3000 cells (version 2)"));
  g_assert_nonnull (strstr (run.out, "shape            heart"));
  run_clear (&run);
  run_cli (&run, "info", "s.maze", "--json", NULL);
  assert_status (&run, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  size = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "size");
  g_assert_cmpint (json_object_get_int_member (size, "cells"), ==, 3000);
  g_assert_cmpint (json_object_get_int_member (size, "inside"), <, 3000);
  g_assert_cmpint (json_object_get_int_member (size, "inside"), >, 2000);
  run_clear (&run);
  run_cli (&run, "validate", "s.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);

  /* The refusals say why. */
  run_cli (&run, "generate", "--shape", "heart", "--size", "30x25", "-a", "sidewinder",
           "-o", "x.maze", NULL);
  assert_error (&run, 1, "sidewinder cannot fill this shape");
  g_assert_nonnull (strstr (run.err, "and 2 have none"));
  run_clear (&run);
  run_cli (&run, "generate", "--shape", "circle", "-a", "eller", "-o", "x.maze", NULL);
  assert_error (&run, 1, "eller cannot fill a shaped maze");
  run_clear (&run);
  run_cli (&run, "generate", "--shape", "spiral", "-o", "x.maze", NULL);
  assert_error (&run, 1, "unknown shape 'spiral'");
  run_clear (&run);
  g_assert_false (tmp_exists ("x.maze"));

  /* Pieces: refused with their number, or the largest kept. */
  run_cli (&run, "generate", "--shape", "text:ab", "--mask", "m.txt", NULL);
  assert_status (&run, 2);
  run_clear (&run);
  {
    g_autofree char *path = tmp_path ("pieces.txt");

    g_assert_true (g_file_set_contents (path, "###..#\n###..#\n", -1, NULL));
  }
  run_cli (&run, "generate", "--mask", "pieces.txt", "-o", "p.maze", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.err, "the shape is in 2 pieces at 6\u00d72"));
  g_assert_nonnull (strstr (run.err, "--keep-largest"));
  run_clear (&run);
  run_cli (&run, "generate", "--mask", "pieces.txt", "--keep-largest", "-o", "p.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "p.maze", NULL);
  g_assert_nonnull (strstr (run.out, "6 × 2 (12 cells)"));
  g_assert_nonnull (strstr (run.out, "6 of the 12 cells"));
  g_assert_nonnull (strstr (run.out, "mask:pieces.txt"));
  run_clear (&run);

  /* An endpoint outside the shape. */
  run_cli (&run, "generate", "--shape", "diamond", "--size", "9x9", "--start", "0,0",
           "-o", "x.maze", NULL);
  assert_error (&run, 1, "--start 0,0 is outside the maze's shape");
  run_clear (&run);

  /* Text: blank around the shape, no corners where no wall meets. */
  run_cli (&run, "generate", "--shape", "heart", "--size", "16x12", "--seed", "5",
           "-o", "t.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "t.maze", "--ascii", NULL);
  assert_status (&run, 0);
  g_assert_true (g_file_get_contents (expected_path, &expected_text, NULL, NULL));
  g_assert_cmpstr (run.out, ==, expected_text);
  run_clear (&run);

  /* A worksheet and a GIF of shaped mazes. */
  run_cli (&run, "worksheet", "--shape", "circle", "--size", "12x12", "--count", "2",
           "-o", "circles.pdf", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "animate", "--build", "prim", "--shape", "cross", "--size", "9x9",
           "--seed", "1", "-o", "cross.gif", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  g_assert_true (tmp_exists ("circles.pdf"));
  g_assert_true (tmp_exists ("cross.gif"));
  run_cli (&run, "animate", "h.maze", "--shape", "heart", NULL);
  assert_error (&run, 2, "--shape and --mask need --build");
  run_clear (&run);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      g_remove (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

/* explain: the mask, bits, nibble and word after of a statement; a wrong
 * answer's mistake and its sentence; a statement it cannot read is exit
 * status 1 naming the part. */
static void
test_explain (void)
{
  static const char *const keys[] = { "statement", "before", "mask", "bits", "nibble", "after",
                                      "answer", "mistake", "explanation", NULL };
  static const struct
  {
    const char *statement;
    const char *word;
    const char *answer;
    const char *mistake;
  } cases[] = {
    { "maze[87] |= W << 12;", "0x0036", "0x0836", "wrong-nibble" },
    { "maze[87] |= W << 12;", "0x0036", "0x2036", "opposite-direction" },
    { "maze[87] |= W << 12;", "0x0036", "0x4036", "wrong-direction" },
    { "maze[87] |= W << 12;", "0x0036", "0x8000", "dropped-bits" },
    { "maze[87] |= W << 12;", "0x0036", "0x0036", "not-applied" },
    { "maze[87] |= W << 12;", "0x0036", "0x8137", "other" },
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *object;
  JsonArray *bits;
  Run run;

  run_cli (&run, "explain", "maze[87] |= W << 12;", "--word", "0x0036", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "after   0x8036  1000 0000 0011 0110"));
  g_assert_nonnull (strstr (run.out, "W is 0x8; << 12 moves it into the backtrack nibble, bits 12–15"));
  g_assert_nonnull (strstr (run.out, "|= sets the bits of the mask (15) and keeps the others"));
  run_clear (&run);

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      run_cli (&run, "explain", cases[k].statement, "--word", cases[k].word,
               "--answer", cases[k].answer, "--json", NULL);
      assert_status (&run, 0);
      object = parse_object (parser, run.out);
      assert_members (object, keys);
      g_assert_cmpstr (json_object_get_string_member (object, "statement"), ==, "maze[87] |= W << 12");
      g_assert_cmpstr (json_object_get_string_member (object, "before"), ==, "0x0036");
      g_assert_cmpstr (json_object_get_string_member (object, "mask"), ==, "0x8000");
      g_assert_cmpstr (json_object_get_string_member (object, "nibble"), ==, "backtrack");
      g_assert_cmpstr (json_object_get_string_member (object, "after"), ==, "0x8036");
      g_assert_cmpstr (json_object_get_string_member (object, "answer"), ==, cases[k].answer);
      g_assert_cmpstr (json_object_get_string_member (object, "mistake"), ==, cases[k].mistake);
      g_assert_cmpstr (json_object_get_string_member (object, "explanation"), !=, "");
      bits = json_object_get_array_member (object, "bits");
      g_assert_cmpuint (json_array_get_length (bits), ==, 1);
      g_assert_cmpint (json_array_get_int_element (bits, 0), ==, 15);
      run_clear (&run);
    }

  run_cli (&run, "explain", "maze[87] |= W << 12;", "--word", "0x0036", "--answer", "0x0836", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run.out, "Mistake wrong-nibble: << 12 moves W into the backtrack nibble, "
                                     "bits 12–15; you changed the solution nibble instead."));
  run_clear (&run);

  /* the other forms the steps log */
  run_cli (&run, "explain", "maze[87] &= ~0x0F00", "--word", "0x0436", "--json", NULL);
  assert_status (&run, 0);
  object = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (object, "after"), ==, "0x0036");
  g_assert_cmpstr (json_object_get_string_member (object, "nibble"), ==, "solution");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "bits")), ==, 4);
  run_clear (&run);

  run_cli (&run, "explain", "maze[87] += W", "--word", "0x0036", NULL);
  assert_error (&run, 1, "cannot read the operator '+= W'");
  run_clear (&run);
  run_cli (&run, "explain", "maze[87] |= Q", "--word", "0x0036", NULL);
  assert_error (&run, 1, "cannot read the operand 'Q'");
  run_clear (&run);
  run_cli (&run, "explain", "maze[87] |= W << 12", "--word", "0xZZ", NULL);
  assert_error (&run, 1, "--word '0xZZ'");
  run_clear (&run);
  run_cli (&run, "explain", "maze[87] |= W << 12", NULL);
  assert_error (&run, 2, "--word");
  run_clear (&run);
}

/* The names the app shows are names the command line takes. */
static void
test_app_names (void)
{
  Run run;

  run_cli (&run, "generate", "-a", "recursive-backtracker", "--size", "5x4", "--seed", "2",
           "-o", "backtracker.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "solve", "-S", "Breadth-First Search", "backtracker.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
}

/* --trace: a JSON object a step, numbered from 1, each write naming a
 * listing line and taking its word on from the last write to it; the
 * maze written with -o is the one the command writes without --trace. */
static void
check_trace (const char *out,
             const char *last_kind,
             guint64    *n_steps)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr (GHashTable) words = g_hash_table_new (NULL, NULL);
  guint64 expect = 1;
  const char *kind = NULL;

  for (guint k = 0; lines[k] != NULL && lines[k][0] != '\0'; k++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      JsonObject *step;
      JsonArray *writes;

      json_parser_load_from_data (parser, lines[k], -1, &error);
      g_assert_no_error (error);
      step = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpint (json_object_get_int_member (step, "step"), ==, expect++);
      g_assert_cmpint (json_object_get_int_member (step, "line"), >=, 1);
      kind = g_intern_string (json_object_get_string_member (step, "kind"));
      writes = json_object_get_array_member (step, "writes");
      for (guint w = 0; w < json_array_get_length (writes); w++)
        {
          JsonObject *write = json_array_get_object_element (writes, w);
          gpointer index = GINT_TO_POINTER (json_object_get_int_member (write, "index") + 1);
          gint64 before = json_object_get_int_member (write, "before");
          gpointer seen;

          g_assert_cmpint (json_object_get_int_member (write, "line"), >=, 1);
          g_assert_true (g_str_has_prefix (json_object_get_string_member (write, "statement"), "maze["));
          if (g_hash_table_lookup_extended (words, index, NULL, &seen))
            g_assert_cmpint (GPOINTER_TO_INT (seen), ==, before);
          g_hash_table_insert (words, index,
                               GINT_TO_POINTER (json_object_get_int_member (write, "after")));
        }
    }
  g_assert_cmpstr (kind, ==, last_kind);
  *n_steps = expect - 1;
}

static void
test_trace (void)
{
  g_autoptr (GBytes) plain = NULL, traced = NULL;
  guint64 n_steps;
  Run run;

  generate_small ("trace.maze");
  run_cli (&run, "solve", "trace.maze", "--solver", "dfs", "--trace", "-o", "traced.maze", NULL);
  assert_status (&run, 0);
  check_trace (run.out, "found", &n_steps);
  g_assert_cmpuint (n_steps, >, 10);
  run_clear (&run);
  run_cli (&run, "solve", "trace.maze", "--solver", "dfs", "-o", "plain.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  plain = read_tmp ("plain.maze");
  traced = read_tmp ("traced.maze");
  g_assert_true (g_bytes_equal (plain, traced));

  run_cli (&run, "generate", "--size", "9x7", "--seed", "5", "--loops", "30",
           "--algorithm", "wilson", "--trace", NULL);
  assert_status (&run, 0);
  check_trace (run.out, "loop", &n_steps);
  run_clear (&run);

  /* explain --listing: the lines the trace names */
  {
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_autoptr (GError) error = NULL;
    g_auto (GStrv) steps = NULL;
    JsonObject *listing, *step, *write;
    JsonArray *lines;
    gint64 line;

    run_cli (&run, "solve", "trace.maze", "--solver", "bfs", "--trace", NULL);
    assert_status (&run, 0);
    steps = g_strsplit (run.out, "\n", 2);
    run_clear (&run);
    json_parser_load_from_data (parser, steps[0], -1, &error);
    g_assert_no_error (error);
    step = json_node_dup_object (json_parser_get_root (parser));
    run_cli (&run, "explain", "--listing", "bfs", "--json", NULL);
    assert_status (&run, 0);
    json_parser_load_from_data (parser, run.out, -1, &error);
    g_assert_no_error (error);
    listing = json_node_get_object (json_parser_get_root (parser));
    g_assert_cmpstr (json_object_get_string_member (listing, "name"), ==, "bfs");
    lines = json_object_get_array_member (listing, "lines");
    write = json_array_get_object_element (json_object_get_array_member (step, "writes"), 0);
    line = json_object_get_int_member (write, "line");
    g_assert_cmpint (line, >=, 1);
    g_assert_cmpint (line, <=, json_array_get_length (lines));
    g_assert_nonnull (strstr (json_array_get_string_element (lines, (guint) line - 1),
                              "maze[cell] |= OPPOSITE[d] << 12;"));
    json_object_unref (step);
    run_clear (&run);

    run_cli (&run, "explain", "--listing", "dfs", NULL);
    assert_status (&run, 0);
    g_assert_true (g_str_has_prefix (run.out, " 1  void visit_cell ("));
    run_clear (&run);
    run_cli (&run, "explain", "--listing", "no-such", NULL);
    assert_error (&run, 1, "no-such");
    run_clear (&run);
  }

  run_cli (&run, "solve", "trace.maze", "--trace", "--json", NULL);
  assert_error (&run, 2, "--trace");
  run_clear (&run);
  run_cli (&run, "generate", "--trace", "-o", "-", NULL);
  assert_error (&run, 2, "-o");
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
    g_error ("set BITMAZE_CLI to the bitmaze-cli to test");
  tmpdir = g_dir_make_tmp ("bitmaze-cli-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/version-and-help", test_version_and_help);
  g_test_add_func ("/cli/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/value-errors", test_value_errors);
  g_test_add_func ("/cli/round-trip", test_round_trip);
  g_test_add_func ("/cli/render-size", test_render_size);
  g_test_add_func ("/cli/corrupt-files", test_corrupt_files);
  g_test_add_func ("/cli/no-path", test_no_path);
  g_test_add_func ("/cli/text", test_text);
  g_test_add_func ("/cli/generate-options", test_generate_options);
  g_test_add_func ("/cli/animate", test_animate);
  g_test_add_func ("/cli/animate-gif", test_animate_gif);
  g_test_add_func ("/cli/json", test_json);
  g_test_add_func ("/cli/trace", test_trace);
  g_test_add_func ("/cli/shapes", test_shapes);
  g_test_add_func ("/cli/shapes/list", test_list_shapes);
  g_test_add_func ("/cli/explain", test_explain);
  g_test_add_func ("/cli/app-names", test_app_names);
  g_test_add_func ("/cli/animate-interrupted", test_animate_interrupted);
  g_test_add_func ("/cli/large-no-progress-when-piped",
                   test_large_no_progress_when_piped);

  status = g_test_run ();
  remove_tree (tmpdir);
  g_free (tmpdir);
  return status;
}
