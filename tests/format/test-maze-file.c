/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The .maze file (docs/maze-format.md 2): the exact bytes the writer
 * produces, round trips through memory, streams and files, and every error
 * of the spec's list, checked through all three loaders.  The test forges
 * files with its own little writer (zlib directly, not the engine), so a
 * mistake in the engine's writer cannot hide the same mistake in its
 * reader.
 */
#include "maze-private.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* ---- a forger independent of the engine's writer ---- */

static void
put32 (uint8_t  *p,
       uint32_t  v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

static uint32_t
get32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

/* Recompute the header CRC (after a test changed a header field). */
static void
fix_header_crc (uint8_t *f)
{
  put32 (f + 36, (uint32_t) crc32 (0, f, 36));
}

/* Recompute both CRCs of a file whose sizes agree with its header. */
static void
fix_crcs (uint8_t *f,
          size_t   len)
{
  put32 (f + 32, (uint32_t) crc32 (0, f + 40, (uInt) (len - 40)));
  fix_header_crc (f);
}

/* A file with the given fields, @cells in little-endian order and @meta
 * (of @meta_len bytes), and correct checksums.  g_free() it. */
static uint8_t *
forge (uint32_t        width,
       uint32_t        height,
       uint32_t        start,
       uint32_t        goal,
       const uint16_t *cells,
       const char     *meta,
       size_t          meta_len,
       size_t         *len)
{
  size_t n = (size_t) width * height;
  uint8_t *f;

  *len = 40 + 2 * n + meta_len;
  f = g_malloc0 (*len);
  memcpy (f, "\x89MAZE\r\n\x1a", 8);
  f[8] = 1;
  f[10] = 40;
  put32 (f + 12, width);
  put32 (f + 16, height);
  put32 (f + 20, start);
  put32 (f + 24, goal);
  put32 (f + 28, (uint32_t) meta_len);
  for (size_t i = 0; i < n; i++)
    {
      f[40 + 2 * i] = (uint8_t) cells[i];
      f[41 + 2 * i] = (uint8_t) (cells[i] >> 8);
    }
  if (meta_len > 0)
    memcpy (f + 40 + 2 * n, meta, meta_len);
  fix_crcs (f, *len);
  return f;
}

/* The 5x4 maze with every wall standing, as a valid file with @meta. */
static uint8_t *
forge_grid (const char *meta,
            size_t     *len)
{
  Maze *m = maze_new (5, 4, NULL);
  uint8_t *f = forge (5, 4, 0, 19, maze_cells_const (m), meta, meta ? strlen (meta) : 0, len);

  maze_free (m);
  return f;
}

/* ---- loading through every entry point ---- */

static char *tmp_dir;

static char *
write_temp (const void *data,
            size_t      len)
{
  char *path = g_build_filename (tmp_dir, "in.maze", NULL);
  GError *gerr = NULL;

  g_file_set_contents (path, data, (gssize) len, &gerr);
  g_assert_no_error (gerr);
  return path;
}

typedef enum
{
  VIA_MEMORY,
  VIA_FILE,
  VIA_STDIO_FILE, /* a regular file: the size is known up front */
  VIA_STDIO_PIPE, /* a pipe: the size is only known at its end */
  VIA_FIFO,       /* maze_load_file on a named pipe: the same, by path */
  N_VIA
} Via;

static const char *via_names[] = { "memory", "file", "stdio-file", "stdio-pipe", "fifo" };

/* In a child process: write @data into @fd and exit. */
static void G_GNUC_NORETURN
write_all_and_exit (int         fd,
                    const void *data,
                    size_t      len)
{
  const uint8_t *p = data;
  size_t left = len;

  while (left > 0)
    {
      ssize_t n = write (fd, p, left);

      if (n <= 0)
        _exit (1);
      p += n;
      left -= (size_t) n;
    }
  _exit (0);
}

static Maze *
load_via (Via          via,
          const void  *data,
          size_t       len,
          MazeError   *err)
{
  Maze *m = NULL;

  switch (via)
    {
    case VIA_MEMORY:
      {
        /* an exact-size copy, so ASan sees any read past the end */
        void *copy = g_memdup2 (data, len);

        m = maze_load_memory (copy, len, err);
        g_free (copy);
      }
      break;
    case VIA_FILE:
    case VIA_STDIO_FILE:
      {
        char *path = write_temp (data, len);

        if (via == VIA_FILE)
          m = maze_load_file (path, err);
        else
          {
            FILE *f = fopen (path, "rb");

            g_assert_nonnull (f);
            m = maze_load_stdio (f, err);
            fclose (f);
          }
        g_unlink (path);
        g_free (path);
      }
      break;
    case VIA_STDIO_PIPE:
      {
        /* A child writes the bytes; the reader sees a plain pipe. */
        int fds[2];
        pid_t pid;
        FILE *f;

        g_assert_cmpint (pipe (fds), ==, 0);
        pid = fork ();
        g_assert_cmpint (pid, >=, 0);
        if (pid == 0)
          {
            close (fds[0]);
            write_all_and_exit (fds[1], data, len);
          }
        close (fds[1]);
        f = fdopen (fds[0], "rb");
        m = maze_load_stdio (f, err);
        /* drain, so the writer never blocks on a refused file */
        while (fgetc (f) != EOF)
          ;
        fclose (f);
        g_assert_cmpint (waitpid (pid, NULL, 0), ==, pid);
      }
      break;
    case VIA_FIFO:
      {
        char *path = g_build_filename (tmp_dir, "fifo.maze", NULL);
        pid_t pid;

        g_assert_cmpint (mkfifo (path, 0600), ==, 0);
        pid = fork ();
        g_assert_cmpint (pid, >=, 0);
        if (pid == 0)
          {
            /* the reader may stop early: EPIPE, not death by SIGPIPE */
            signal (SIGPIPE, SIG_IGN);
            write_all_and_exit (open (path, O_WRONLY), data, len);
          }
        m = maze_load_file (path, err);
        /* the reader has closed the pipe: the writer is done */
        g_assert_cmpint (waitpid (pid, NULL, 0), ==, pid);
        g_unlink (path);
        g_free (path);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  return m;
}

/* Every loader refuses @data with @status, the template @code and exactly
 * @message. */
static void
expect_error (const void    *data,
              size_t         len,
              MazeStatus     status,
              MazeMessage  code,
              const char    *message)
{
  const char *trailing = "trailing data after metadata: ";

  for (Via via = 0; via < N_VIA; via++)
    {
      MazeError err = { 0 };
      Maze *m = load_via (via, data, len, &err);
      MazeMessage want_code = code;
      g_autofree char *want = NULL;

      /* A pipe is not read to its end (it may have none): the reader
       * cannot say how much more there was. */
      if ((via == VIA_STDIO_PIPE || via == VIA_FIFO) && g_str_has_prefix (message, trailing))
        {
          const char *found = strstr (message, ", found ");

          g_assert_nonnull (found);
          want = g_strdup_printf ("%.*s, found more", (int) (found - message), message);
          want_code = MAZE_MSG_TRAILING_DATA_MORE;
        }
      else
        want = g_strdup (message);
      if (m != NULL || g_strcmp0 (err.message, want) != 0 || err.status != status ||
          err.code != want_code)
        g_error ("via %s: expected \"%s\" (status %d, code %d), got %s \"%s\" (status %d, code %d)",
                 via_names[via], want, status, want_code, m ? "a maze and" : "",
                 err.message, err.status, err.code);
    }
}

/* ---- CRC and the worked example ---- */

static void
test_crc32 (void)
{
  const char *check = "123456789";

  g_assert_cmphex (maze_crc32 (0, check, 9), ==, 0xCBF43926);
  /* continuing a CRC gives the CRC of the concatenation */
  g_assert_cmphex (maze_crc32 (maze_crc32 (0, check, 4), check + 4, 5), ==, 0xCBF43926);
  /* nothing added leaves the CRC as it was */
  g_assert_cmphex (maze_crc32 (0xCBF43926, NULL, 0), ==, 0xCBF43926);
  g_assert_cmphex (maze_crc32 (0, "", 0), ==, 0);
}

static const uint8_t worked_example[44] = {
  0x89, 0x4d, 0x41, 0x5a, 0x45, 0x0d, 0x0a, 0x1a, 0x01, 0x00, 0x28, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x5d, 0xff, 0x4a,
  0xbc, 0x16, 0x6e, 0x38, 0xd2, 0x00, 0x78, 0x00,
};

static const uint8_t worked_example_solved[44] = {
  0x89, 0x4d, 0x41, 0x5a, 0x45, 0x0d, 0x0a, 0x1a, 0x01, 0x00, 0x28, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xbe, 0x0a, 0xc3, 0xa4,
  0x07, 0xb7, 0x17, 0x1e, 0xd2, 0x02, 0x78, 0x80,
};

/* maze-format.md 3, byte for byte, both ways. */
static void
test_worked_example (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (2, 1, &err);
  uint8_t *bytes;
  size_t len = 0;

  g_assert_cmpint (maze_set_wall_open (m, 0, MAZE_E, true, &err), ==, MAZE_OK);
  bytes = maze_save_memory (m, &len, &err);
  g_assert_nonnull (bytes);
  g_assert_cmpmem (bytes, len, worked_example, sizeof worked_example);
  free (bytes);

  /* the solution leaves cell 0 to the east; BFS reached cell 1 from the west */
  maze_cells (m)[0] |= MAZE_E << MAZE_SOLUTION_SHIFT;
  maze_cells (m)[1] |= MAZE_W << MAZE_BACKTRACK_SHIFT;
  bytes = maze_save_memory (m, &len, &err);
  g_assert_cmpmem (bytes, len, worked_example_solved, sizeof worked_example_solved);
  free (bytes);
  maze_free (m);

  for (Via via = 0; via < N_VIA; via++)
    {
      m = load_via (via, worked_example_solved, sizeof worked_example_solved, &err);
      g_assert_nonnull (m);
      g_assert_cmpuint (maze_width (m), ==, 2);
      g_assert_cmpuint (maze_height (m), ==, 1);
      g_assert_cmpuint (maze_start (m), ==, 0);
      g_assert_cmpuint (maze_goal (m), ==, 1);
      g_assert_cmphex (maze_cells_const (m)[0], ==, 0x02D2);
      g_assert_cmphex (maze_cells_const (m)[1], ==, 0x8078);
      g_assert_cmpuint (maze_meta_count (m), ==, 0);
      maze_free (m);
    }
}

/* ---- round trips ---- */

/* A maze with random walls (loops and closed-off parts included),
 * openings, endpoints, search bits and metadata. */
static Maze *
random_maze (uint32_t width,
             uint32_t height,
             uint64_t seed,
             bool     search,
             bool     meta)
{
  MazeError err = { 0 };
  Maze *m = maze_new (width, height, &err);
  uint32_t n = width * height;
  uint16_t *c;
  MazeRng rng;

  g_assert_nonnull (m);
  maze_rng_seed (&rng, seed);
  for (uint32_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++)
      if (maze_rng_below (&rng, 3) == 0)
        maze_set_wall_open (m, i, MAZE_DIRECTIONS[k], true, &err);
  g_assert_cmpint (maze_set_start (m, maze_rng_below (&rng, n), &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_goal (m, maze_rng_below (&rng, n), &err), ==, MAZE_OK);
  c = maze_cells (m);
  if (search)
    for (uint32_t i = 0; i < n; i++)
      {
        uint16_t d = MAZE_DIRECTIONS[maze_rng_below (&rng, 4)];

        if (maze_cell_on_border (c[i], d))
          continue;
        if (maze_rng_below (&rng, 2))
          c[i] |= d << MAZE_SOLUTION_SHIFT;
        else
          c[i] |= d << MAZE_BACKTRACK_SHIFT;
      }
  if (meta)
    {
      g_assert_cmpint (maze_meta_set (m, "title", "Le labyrinthe \u00e9t\u00e9 \U0001F9E9", &err), ==, MAZE_OK);
      g_assert_cmpint (maze_meta_set (m, "generator", "growing-tree:newest", &err), ==, MAZE_OK);
      g_assert_cmpint (maze_meta_set (m, "seed", "18446744073709551615", &err), ==, MAZE_OK);
      g_assert_cmpint (maze_meta_set (m, "x-unknown_key-9", "a=b=c, kept as is", &err), ==, MAZE_OK);
      g_assert_cmpint (maze_meta_set (m, "empty", "", &err), ==, MAZE_OK);
    }
  g_assert_true (maze_check_consistent (m, &err));
  return m;
}

static void
assert_same_maze (const Maze *a,
                  const Maze *b)
{
  g_assert_cmpuint (maze_width (a), ==, maze_width (b));
  g_assert_cmpuint (maze_height (a), ==, maze_height (b));
  g_assert_cmpuint (maze_start (a), ==, maze_start (b));
  g_assert_cmpuint (maze_goal (a), ==, maze_goal (b));
  g_assert_cmpmem (maze_cells_const (a), maze_n_cells (a) * 2,
                   maze_cells_const (b), maze_n_cells (b) * 2);
  g_assert_cmpuint (maze_meta_count (a), ==, maze_meta_count (b));
  for (size_t i = 0; i < maze_meta_count (a); i++)
    {
      const char *ka, *va, *kb, *vb;

      maze_meta_nth (a, i, &ka, &va);
      maze_meta_nth (b, i, &kb, &vb);
      g_assert_cmpstr (ka, ==, kb);
      g_assert_cmpstr (va, ==, vb);
    }
}

/* Memory, stream and file writers give the same bytes, and every loader
 * gives back the same maze; saving it again gives the same bytes. */
static void
check_round_trip (const Maze *m)
{
  MazeError err = { 0 };
  char *path = g_build_filename (tmp_dir, "out.maze", NULL);
  uint8_t *bytes, *again;
  gchar *file_bytes;
  gsize file_len;
  size_t len, len2;
  FILE *f;

  bytes = maze_save_memory (m, &len, &err);
  g_assert_nonnull (bytes);
  g_assert_cmpuint (len, ==, 40 + 2 * (size_t) maze_n_cells (m) + maze_meta_size (m));

  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_assert_true (g_file_get_contents (path, &file_bytes, &file_len, NULL));
  g_assert_cmpmem (file_bytes, file_len, bytes, len);
  g_free (file_bytes);

  f = fopen (path, "wb");
  g_assert_cmpint (maze_save_stdio (m, f, &err), ==, MAZE_OK);
  fclose (f);
  g_assert_true (g_file_get_contents (path, &file_bytes, &file_len, NULL));
  g_assert_cmpmem (file_bytes, file_len, bytes, len);
  g_free (file_bytes);

  for (Via via = 0; via < N_VIA; via++)
    {
      Maze *back = load_via (via, bytes, len, &err);

      if (back == NULL)
        g_error ("via %s: %s", via_names[via], err.message);
      assert_same_maze (m, back);
      again = maze_save_memory (back, &len2, &err);
      g_assert_cmpmem (again, len2, bytes, len);
      free (again);
      maze_free (back);
    }
  g_unlink (path);
  g_free (path);
  free (bytes);
}

static void
test_round_trip_random (void)
{
  static const uint32_t sizes[][2] = {
    { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 }, { 5, 4 }, { 31, 17 }, { 64, 64 }, { 300, 2 },
  };

  for (size_t s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int variant = 0; variant < 4; variant++)
      {
        Maze *m = random_maze (sizes[s][0], sizes[s][1], 1000 + s,
                               variant & 1, variant & 2);

        check_round_trip (m);
        maze_free (m);
      }
}

/* Every generator's mazes, with loops or without, unsolved and solved
 * (the solver's bits are part of the file), with the metadata the
 * generator wrote and a title added. */
static void
test_round_trip_generators (void)
{
  unsigned n_gens = 0;

  for (size_t g = 0; maze_generators[g] != NULL; g++)
    {
      const MazeAlgorithm *a = maze_generators[g];
      char *name = maze_algorithm_full_name (a, a->param.min + (a->param.max - a->param.min) / 2);

      for (int variant = 0; variant < 4; variant++)
        {
          MazeError err = { 0 };
          Maze *m = maze_generate (23, 17, name, 77 + g, (variant & 1) ? 25 : 0, &err);

          if (m == NULL)
            g_error ("%s: %s", name, err.message);
          g_assert_nonnull (maze_meta_get (m, "generator"));
          if (variant & 2)
            {
              MazeSolver *solver = maze_solver_new (m, maze_algorithm_default (maze_solvers)->name, &err);

              g_assert_nonnull (solver);
              maze_solver_run (solver);
              maze_solver_free (solver);
              g_assert_true (maze_has_search (m));
              maze_meta_set (m, "solver", maze_algorithm_default (maze_solvers)->name, &err);
            }
          maze_meta_set (m, "title", name, &err);
          check_round_trip (m);
          maze_free (m);
        }
      free (name);
      n_gens++;
    }
  g_assert_cmpuint (n_gens, >=, 10);
}

/* A file with metadata: keys in file order, unknown keys kept as read. */
static void
test_metadata_kept (void)
{
  const char *meta = "zz-last=1\ntitle=T\na_first=\xc3\xa9\ncreated=2024-05-01T10:00:00Z\n";
  MazeError err = { 0 };
  size_t len, len2;
  uint8_t *f = forge_grid (meta, &len), *again;
  Maze *m = maze_load_memory (f, len, &err);
  const char *k, *v;

  g_assert_nonnull (m);
  g_assert_cmpuint (maze_meta_count (m), ==, 4);
  maze_meta_nth (m, 0, &k, &v);
  g_assert_cmpstr (k, ==, "zz-last");
  maze_meta_nth (m, 2, &k, &v);
  g_assert_cmpstr (k, ==, "a_first");
  g_assert_cmpstr (v, ==, "\xc3\xa9");
  g_assert_cmpstr (maze_meta_get (m, "created"), ==, "2024-05-01T10:00:00Z");
  again = maze_save_memory (m, &len2, &err);
  g_assert_cmpmem (again, len2, f, len);
  free (again);

  /* a changed value stays in place, a new key goes last */
  maze_meta_set (m, "title", "New", &err);
  maze_meta_set (m, "solver", "bfs", &err);
  again = maze_save_memory (m, &len2, &err);
  g_assert_cmpmem (again + 40 + 40, len2 - 80,
                   "zz-last=1\ntitle=New\na_first=\xc3\xa9\ncreated=2024-05-01T10:00:00Z\nsolver=bfs\n",
                   strlen ("zz-last=1\ntitle=New\na_first=\xc3\xa9\ncreated=2024-05-01T10:00:00Z\nsolver=bfs\n"));
  free (again);
  maze_free (m);
  g_free (f);
}

/* Thousands of keys load in order; a duplicate of an early key near the
 * end is still found. */
static void
test_metadata_many_keys (void)
{
  GString *meta = g_string_new (NULL);
  MazeError err = { 0 };
  size_t len;
  uint8_t *f;
  Maze *m;
  const char *k, *v;

  for (int i = 0; i < 3000; i++)
    g_string_append_printf (meta, "k%d=%d\n", i, i);
  f = forge_grid (meta->str, &len);
  m = maze_load_memory (f, len, &err);
  g_assert_nonnull (m);
  g_assert_cmpuint (maze_meta_count (m), ==, 3000);
  maze_meta_nth (m, 2999, &k, &v);
  g_assert_cmpstr (k, ==, "k2999");
  g_assert_cmpstr (v, ==, "2999");
  maze_free (m);
  g_free (f);

  g_string_append (meta, "k17=again\n");
  f = forge_grid (meta->str, &len);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_DUPLICATE_KEY,
                "duplicate key `k17` (metadata line 3001)");
  g_assert_null (maze_load_memory (f, len, &err));
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, "k17");
  g_assert_cmpuint (err.args[1].number, ==, 3001);
  g_free (f);
  g_string_free (meta, TRUE);
}

/* Exactly 65536 bytes of metadata is allowed. */
static void
test_metadata_limit (void)
{
  GString *meta = g_string_new ("k=");
  MazeError err = { 0 };
  size_t len;
  uint8_t *f;
  Maze *m;

  while (meta->len < 65535)
    g_string_append_c (meta, 'v');
  g_string_append_c (meta, '\n');
  f = forge_grid (meta->str, &len);
  m = maze_load_memory (f, len, &err);
  g_assert_nonnull (m);
  g_assert_cmpuint (strlen (maze_meta_get (m, "k")), ==, 65533);
  check_round_trip (m);
  maze_free (m);
  g_free (f);
  g_string_free (meta, TRUE);
}

/* ---- every error of the spec's list ---- */

static void
test_error_magic (void)
{
  size_t len;
  uint8_t *f = forge_grid (NULL, &len);

  expect_error (f, 0, MAZE_ERROR_FORMAT, MAZE_MSG_EMPTY_FILE,
                "not a maze file (the file is empty)");
  expect_error ("hello world\n", 12, MAZE_ERROR_FORMAT, MAZE_MSG_BAD_MAGIC,
                "not a maze file (bad magic)");
  expect_error ("\x89MAZ", 4, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED_HEADER,
                "file truncated: expected at least 40 bytes, found 4");
  /* what a text-mode transfer does to the magic */
  f[5] = '\n';
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_BAD_MAGIC,
                "not a maze file (bad magic)");
  g_free (f);
}

static void
test_error_version (void)
{
  size_t len;
  uint8_t *f = forge_grid (NULL, &len);

  /* Version 2 is a shaped maze (see test-shapes); 3 is nothing yet. */
  f[8] = 3;
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_UNSUPPORTED_VERSION,
                "unsupported version 3");
  f[8] = 1;
  f[10] = 44;
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_HEADER_SIZE,
                "unsupported header size 44 (version 1 has 40)");
  g_free (f);
}

static void
test_error_size (void)
{
  size_t len;
  uint8_t *f = forge_grid ("title=x\n", &len);
  uint8_t *longer;

  expect_error (f, len - 1, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED,
                "file truncated: expected 88 bytes, found 87");
  expect_error (f, 41, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED,
                "file truncated: expected 88 bytes, found 41");
  expect_error (f, 40, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED,
                "file truncated: expected 88 bytes, found 40");
  longer = g_malloc0 (len + 3);
  memcpy (longer, f, len);
  expect_error (longer, len + 3, MAZE_ERROR_FORMAT, MAZE_MSG_TRAILING_DATA,
                "trailing data after metadata: expected 88 bytes, found 91");
  g_free (longer);
  g_free (f);
}

static void
test_error_checksums (void)
{
  size_t len;
  uint8_t *f = forge_grid ("title=x\n", &len);

  f[36] ^= 1;
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_HEADER_CRC,
                "header checksum mismatch");
  f[36] ^= 1;
  f[20] = 3; /* start cell changed, header CRC not updated */
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_HEADER_CRC,
                "header checksum mismatch");
  f[20] = 0;
  f[40] ^= 0x01;
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_DATA_CRC,
                "cell data checksum mismatch");
  f[40] ^= 0x01;
  f[len - 2] = 'y'; /* the metadata is covered too */
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_DATA_CRC,
                "cell data checksum mismatch");
  g_free (f);
}

static void
test_error_dimensions (void)
{
  size_t len;
  uint8_t *f = forge_grid (NULL, &len);

  put32 (f + 12, 0);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_WIDTH_RANGE,
                "width 0 out of range (1 to 65535)");
  put32 (f + 12, 5);
  put32 (f + 16, 70000);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_HEIGHT_RANGE,
                "height 70000 out of range (1 to 65535)");
  put32 (f + 12, 65535);
  put32 (f + 16, 65535);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_TOO_MANY_CELLS,
                "65535\u00d765535 is 4294836225 cells, more than the limit of 1073741824");
  /* 2^30 cells is allowed, but a 80-byte file does not back them */
  put32 (f + 12, 32768);
  put32 (f + 16, 32768);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED,
                "file truncated: expected 2147483688 bytes, found 80");
  g_free (f);
}

static void
test_error_endpoints (void)
{
  Maze *m = maze_new (30, 40, NULL);
  size_t len;
  uint8_t *f = forge (30, 40, 1200, 0, maze_cells_const (m), NULL, 0, &len);

  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_START_OUTSIDE,
                "start cell 1200 outside a 30\u00d740 maze");
  put32 (f + 20, 1199);
  put32 (f + 24, 4000000000u);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_GOAL_OUTSIDE,
                "goal cell 4000000000 outside a 30\u00d740 maze");
  /* start may equal goal */
  put32 (f + 24, 1199);
  fix_header_crc (f);
  {
    MazeError err = { 0 };
    Maze *back = maze_load_memory (f, len, &err);

    g_assert_nonnull (back);
    g_assert_cmpuint (maze_start (back), ==, 1199);
    g_assert_cmpuint (maze_goal (back), ==, 1199);
    maze_free (back);
  }
  g_free (f);
  maze_free (m);
}

static void
test_error_metadata (void)
{
  static const struct
  {
    const char *meta;
    size_t      len; /* 0: strlen */
    MazeMessage code;
    const char *message;
  } cases[] = {
    { "title=a\xff\n", 0, MAZE_MSG_META_NOT_UTF8, "metadata is not UTF-8 (line 1)" },
    { "title=ok\nseed=\xc0\xaf\n", 0, MAZE_MSG_META_NOT_UTF8, "metadata is not UTF-8 (line 2)" },          /* overlong '/' */
    { "a=1\nb=2\nc=\xed\xa0\x80\n", 0, MAZE_MSG_META_NOT_UTF8, "metadata is not UTF-8 (line 3)" },      /* a surrogate */
    { "a=1\nb=2\nno equals sign\n", 0, MAZE_MSG_META_NO_EQUALS, "bad metadata line 3: no '=' between key and value" },
    { "a=1\n\n", 0, MAZE_MSG_META_NO_EQUALS, "bad metadata line 2: no '=' between key and value" },
    { "Title=x\n", 0, MAZE_MSG_META_BAD_KEY, "bad metadata line 1: the key must be 1 to 32 of a-z, 0-9, _ and -" },
    { "=x\n", 0, MAZE_MSG_META_BAD_KEY, "bad metadata line 1: the key must be 1 to 32 of a-z, 0-9, _ and -" },
    { "a b=x\n", 0, MAZE_MSG_META_BAD_KEY, "bad metadata line 1: the key must be 1 to 32 of a-z, 0-9, _ and -" },
    { "abcdefghijklmnopqrstuvwxyz0123456=x\n", 0,
      MAZE_MSG_META_BAD_KEY, "bad metadata line 1: the key must be 1 to 32 of a-z, 0-9, _ and -" },
    { "a=1\ntitle=no newline", 0, MAZE_MSG_META_NO_NEWLINE, "bad metadata line 2: not ended by a newline" },
    { "a=1\nb=x\0y\n", 10, MAZE_MSG_META_NUL, "bad metadata line 2: it holds a NUL byte" },
    { "seed=1\ntitle=t\nseed=2\n", 0, MAZE_MSG_DUPLICATE_KEY, "duplicate key `seed` (metadata line 3)" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      size_t meta_len = cases[i].len ? cases[i].len : strlen (cases[i].meta);
      Maze *m = maze_new (5, 4, NULL);
      size_t len;
      uint8_t *f = forge (5, 4, 0, 19, maze_cells_const (m), cases[i].meta, meta_len, &len);

      expect_error (f, len, MAZE_ERROR_FORMAT, cases[i].code, cases[i].message);
      g_free (f);
      maze_free (m);
    }

  /* a key of exactly 32 characters is fine, and so is '\r' in a value */
  {
    const char *meta = "abcdefghijklmnopqrstuvwxyz012345=x\r\n";
    MazeError err = { 0 };
    size_t len;
    uint8_t *f = forge_grid (meta, &len);
    Maze *m = maze_load_memory (f, len, &err);

    g_assert_nonnull (m);
    g_assert_cmpstr (maze_meta_get (m, "abcdefghijklmnopqrstuvwxyz012345"), ==, "x\r");
    maze_free (m);
    g_free (f);
  }
}

static void
test_error_metadata_size (void)
{
  size_t len;
  uint8_t *f = forge_grid (NULL, &len);

  put32 (f + 28, 65537);
  fix_header_crc (f);
  expect_error (f, len, MAZE_ERROR_FORMAT, MAZE_MSG_META_SIZE,
                "metadata size 65537 out of range (0 to 65536)");
  g_free (f);
}

/* Cells that break maze-format.md 1, each reported at its cell. */
static void
test_error_inconsistent (void)
{
  static const struct
  {
    uint32_t    x, y;
    uint16_t    set, clear;
    MazeMessage code;
    const char *message;
  } cases[] = {
    { 2, 1, MAZE_E, 0, MAZE_MSG_INCONSISTENT_PASSAGE, "inconsistent maze at (2, 1): passage east without a passage back" },
    { 4, 3, MAZE_N, 0, MAZE_MSG_INCONSISTENT_PASSAGE, "inconsistent maze at (4, 3): passage north without a passage back" },
    { 3, 2, MAZE_S << 4, 0, MAZE_MSG_INCONSISTENT_BORDER, "inconsistent maze at (3, 2): border bits 0x4, expected 0x0" },
    { 0, 0, 0, MAZE_W << 4, MAZE_MSG_INCONSISTENT_BORDER, "inconsistent maze at (0, 0): border bits 0x1, expected 0x9" },
    { 1, 1, (MAZE_E | MAZE_S) << 8, 0,
      MAZE_MSG_INCONSISTENT_SOLUTION, "inconsistent maze at (1, 1): solution bits 0x6 hold more than one direction" },
    { 1, 0, MAZE_N << 8, 0, MAZE_MSG_INCONSISTENT_SOLUTION_BORDER, "inconsistent maze at (1, 0): solution points north through the border" },
    { 2, 2, (MAZE_N | MAZE_W) << 12, 0,
      MAZE_MSG_INCONSISTENT_BACKTRACK, "inconsistent maze at (2, 2): backtrack bits 0x9 hold more than one direction" },
    { 4, 2, MAZE_E << 12, 0, MAZE_MSG_INCONSISTENT_BACKTRACK_BORDER, "inconsistent maze at (4, 2): backtrack points east through the border" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Maze *m = maze_new (5, 4, NULL);
      uint16_t *c = maze_cells (m);
      uint32_t at = maze_index (m, cases[i].x, cases[i].y);
      size_t len;
      uint8_t *f;

      c[at] = (uint16_t) ((c[at] | cases[i].set) & ~cases[i].clear);
      f = forge (5, 4, 0, 19, c, NULL, 0, &len);
      expect_error (f, len, MAZE_ERROR_INCONSISTENT, cases[i].code, cases[i].message);
      /* the cell is given as numbers too, for a translated message */
      {
        MazeError err = { 0 };

        g_assert_null (maze_load_memory (f, len, &err));
        g_assert_cmpuint (err.args[0].number, ==, cases[i].x);
        g_assert_cmpuint (err.args[1].number, ==, cases[i].y);
        if (cases[i].code == MAZE_MSG_INCONSISTENT_PASSAGE)
          {
            g_assert_cmpint (err.args[2].kind, ==, MAZE_ARG_DIRECTION);
            g_assert_cmpuint (err.args[2].number, ==, cases[i].set);
          }
      }
      g_free (f);
      maze_free (m);
    }
}

/* The reader accepts exactly the mazes maze_check_consistent() accepts:
 * small mazes (up to 13 wide, so rows have cells checked four at a time
 * and cells left over), valid ones with one bit flipped in one cell. */
static void
test_reader_agrees_with_check (void)
{
  MazeRng rng;
  unsigned accepted = 0, refused = 0;

  maze_rng_seed (&rng, 2024);
  for (int round = 0; round < 20000; round++)
    {
      uint32_t w = 1 + maze_rng_below (&rng, 13), h = 1 + maze_rng_below (&rng, 4);
      Maze *m = random_maze (w, h, maze_rng_next (&rng), round & 1, false);
      uint16_t *c = maze_cells (m);
      MazeError err = { 0 };
      bool consistent;
      size_t len;
      uint8_t *f;
      Maze *back;

      c[maze_rng_below (&rng, w * h)] ^= (uint16_t) (1u << maze_rng_below (&rng, 16));
      consistent = maze_check_consistent (m, &err);
      f = forge (w, h, maze_start (m), maze_goal (m), c, NULL, 0, &len);
      back = maze_load_memory (f, len, &err);
      g_assert_true ((back != NULL) == consistent);
      if (back == NULL)
        g_assert_cmpint (err.status, ==, MAZE_ERROR_INCONSISTENT);
      accepted += back != NULL;
      refused += back == NULL;
      maze_free (back);
      maze_free (m);
      g_free (f);
    }
  g_assert_cmpuint (accepted, >, 1000);
  g_assert_cmpuint (refused, >, 1000);
}

/* ---- damage: every truncation, every single-bit flip ---- */

static void
test_every_truncation (void)
{
  Maze *m = random_maze (5, 4, 7, true, true);
  MazeError err = { 0 };
  size_t len;
  uint8_t *f = maze_save_memory (m, &len, &err);

  for (size_t cut = 0; cut < len; cut++)
    {
      char *want = cut == 0 ? g_strdup ("not a maze file (the file is empty)")
                 : cut < 40 ? g_strdup_printf ("file truncated: expected at least 40 bytes, found %zu", cut)
                 : g_strdup_printf ("file truncated: expected %zu bytes, found %zu", len, cut);

      expect_error (f, cut, MAZE_ERROR_FORMAT,
                    cut == 0 ? MAZE_MSG_EMPTY_FILE
                    : cut < 40 ? MAZE_MSG_TRUNCATED_HEADER : MAZE_MSG_TRUNCATED,
                    want);
      g_free (want);
    }
  free (f);
  maze_free (m);
}

/* Any flipped bit is caught by a checksum, or before it by the field
 * the checksum cannot speak for (magic, version, header size). */
static void
test_every_bit_flip (void)
{
  Maze *m = random_maze (5, 4, 8, true, true);
  MazeError err = { 0 };
  size_t len;
  uint8_t *f = maze_save_memory (m, &len, &err);

  for (size_t bit = 0; bit < len * 8; bit++)
    {
      size_t at = bit / 8;
      unsigned flip = 1u << (bit % 16);
      char *version = g_strdup_printf ("unsupported version %u", 1u ^ flip);
      char *hsize = g_strdup_printf ("unsupported header size %u (version 1 has 40)", 40u ^ flip);
      const char *want = at < 8 ? "not a maze file (bad magic)"
                       : at < 10 ? version
                       : at < 12 ? hsize
                       : at < 40 ? "header checksum mismatch"
                       : "cell data checksum mismatch";
      Maze *back;

      f[at] ^= (uint8_t) (1u << (bit % 8));
      back = maze_load_memory (f, len, &err);
      g_assert_null (back);
      g_assert_cmpstr (err.message, ==, want);
      g_assert_cmpint (err.code, ==, at < 8 ? MAZE_MSG_BAD_MAGIC
                                     : at < 10 ? MAZE_MSG_UNSUPPORTED_VERSION
                                     : at < 12 ? MAZE_MSG_HEADER_SIZE
                                     : at < 40 ? MAZE_MSG_HEADER_CRC
                                     : MAZE_MSG_DATA_CRC);
      if (at >= 8 && at < 10)
        g_assert_cmpuint (err.args[0].number, ==, 1u ^ flip);
      f[at] ^= (uint8_t) (1u << (bit % 8));
      g_free (version);
      g_free (hsize);
    }
  free (f);
  maze_free (m);
}

/* The same flips with the checksums made right again, so the flip reaches
 * the field and cell checks: each is refused with a message, or loads
 * into a maze that saves back to exactly the flipped bytes. */
static void
test_every_bit_flip_with_good_crcs (void)
{
  Maze *m = random_maze (5, 4, 9, true, true);
  MazeError err = { 0 };
  size_t len;
  uint8_t *f = maze_save_memory (m, &len, &err);
  unsigned loaded = 0, refused = 0, inconsistent = 0;

  for (size_t bit = 12 * 8; bit < len * 8; bit++)
    {
      size_t at = bit / 8;
      uint8_t *g;
      Maze *back;

      if (at >= 32 && at < 40)
        continue; /* the checksums themselves */
      g = g_memdup2 (f, len);
      g[at] ^= (uint8_t) (1u << (bit % 8));
      if (get32 (g + 28) <= 65536 && get32 (g + 12) * (uint64_t) get32 (g + 16) * 2 + get32 (g + 28) + 40 == len)
        fix_crcs (g, len);
      else
        fix_header_crc (g);
      back = maze_load_memory (g, len, &err);
      if (back != NULL)
        {
          size_t len2;
          uint8_t *again = maze_save_memory (back, &len2, &err);

          g_assert_cmpmem (again, len2, g, len);
          free (again);
          maze_free (back);
          loaded++;
        }
      else
        {
          g_assert_cmpuint (strlen (err.message), >, 0);
          g_assert_true (err.status == MAZE_ERROR_FORMAT || err.status == MAZE_ERROR_INCONSISTENT);
          inconsistent += err.status == MAZE_ERROR_INCONSISTENT;
          refused++;
        }
      g_free (g);
    }
  /* both outcomes happen: the test would notice a reader that refuses
   * everything or accepts everything */
  g_assert_cmpuint (loaded, >, 0);
  g_assert_cmpuint (inconsistent, >, 0);
  g_assert_cmpuint (refused, >, inconsistent);
  free (f);
  maze_free (m);
}

/* A header claiming 2^30 cells in a 100-byte input is refused before the
 * reader allocates: with the address space limited to far less than the
 * 2 GiB such a maze would take, the message is still about the size. */
static void
test_forged_header_no_allocation (void)
{
  if (g_test_subprocess ())
    {
      size_t len;
      uint8_t *f = forge_grid (NULL, &len);
      uint8_t file[100] = { 0 };

      put32 (f + 12, 32768);
      put32 (f + 16, 32768);
      fix_header_crc (f);
      memcpy (file, f, 80);
      g_free (f);
#ifndef UNDER_ASAN
      {
        struct rlimit lim = { 512u << 20, 512u << 20 };

        g_assert_cmpint (setrlimit (RLIMIT_AS, &lim), ==, 0);
      }
#endif
      expect_error (file, sizeof file, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED,
                    "file truncated: expected 2147483688 bytes, found 100");
      put32 (file + 12, 65535);
      put32 (file + 16, 65535);
      fix_header_crc (file);
      expect_error (file, sizeof file, MAZE_ERROR_FORMAT, MAZE_MSG_TOO_MANY_CELLS,
                    "65535\u00d765535 is 4294836225 cells, more than the limit of 1073741824");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* ---- streams and paths ---- */

static void
test_load_file_errors (void)
{
  MazeError err = { 0 };
  char *missing = g_build_filename (tmp_dir, "missing.maze", NULL);
  char *want = g_strdup_printf ("cannot open '%s': No such file or directory", missing);

  g_assert_null (maze_load_file (missing, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (err.code, ==, MAZE_MSG_IO_OPEN);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, missing);
  g_assert_cmpstr (maze_error_arg_text (&err, 1), ==, "No such file or directory");
  g_free (want);

  want = g_strdup_printf ("cannot read '%s': Is a directory", tmp_dir);
  g_assert_null (maze_load_file (tmp_dir, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (err.code, ==, MAZE_MSG_IO_READ);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, tmp_dir);
  g_free (want);
  g_free (missing);
}

/* A path of thousands of bytes (within PATH_MAX) shows whole in the
 * message and in its argument: nothing is cut. */
static void
test_long_path_not_cut (void)
{
  MazeError err = { 0 };
  GString *missing = g_string_new (tmp_dir);
  char *want;

  while (missing->len < 4000)
    g_string_append (missing, "/no-such-folder");
  g_string_append (missing, "/x.maze");
  want = g_strdup_printf ("cannot open '%s': No such file or directory", missing->str);
  g_assert_null (maze_load_file (missing->str, &err));
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, missing->str);
  g_assert_cmpstr (maze_error_arg_text (&err, 1), ==, "No such file or directory");
  g_free (want);
  g_string_free (missing, TRUE);
}

/* A stream positioned after other data reads from where it is. */
static void
test_load_stdio_offset (void)
{
  MazeError err = { 0 };
  size_t len;
  uint8_t *f = forge_grid ("title=in a stream\n", &len);
  FILE *stream = tmpfile ();
  Maze *m;

  g_assert_nonnull (stream);
  fputs ("preamble", stream);
  fwrite (f, 1, len, stream);
  fseek (stream, 8, SEEK_SET);
  m = maze_load_stdio (stream, &err);
  g_assert_nonnull (m);
  g_assert_cmpstr (maze_meta_get (m, "title"), ==, "in a stream");
  maze_free (m);

  /* and a stream with more after the maze is refused */
  fputs ("!", stream);
  fseek (stream, 8, SEEK_SET);
  g_assert_null (maze_load_stdio (stream, &err));
  g_assert_cmpstr (err.message, ==, "trailing data after metadata: expected 98 bytes, found 99");
  fclose (stream);
  g_free (f);
}

/* A save to a stream that cannot take it says why. */
static void
test_save_stdio_error (void)
{
  MazeError err = { 0 };
  Maze *m = random_maze (50, 50, 3, false, false);
  FILE *full = fopen ("/dev/full", "wb");

  if (full == NULL)
    {
      g_test_skip ("no /dev/full");
      maze_free (m);
      return;
    }
  g_assert_cmpint (maze_save_stdio (m, full, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, "cannot write the maze: No space left on device");
  g_assert_cmpint (err.code, ==, MAZE_MSG_IO_WRITE_STREAM);
  fclose (full);
  maze_free (m);
}

/* Metadata over the limit is refused by the writer, not written. */
static void
test_save_metadata_too_large (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (3, 3, NULL);
  char *big = g_strnfill (65000, 'x');
  size_t len = 12345;

  g_assert_cmpint (maze_meta_set (m, "a", big, &err), ==, MAZE_OK);
  /* the engine itself refuses to grow metadata past the file's limit */
  g_assert_cmpint (maze_meta_set (m, "b", big, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, "65536"));
  /* so what it holds always saves */
  free (maze_save_memory (m, &len, &err));
  g_assert_cmpuint (len, ==, 40 + 18 + 65003);
  g_free (big);
  maze_free (m);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bitmaze-format-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/format/crc32", test_crc32);
  g_test_add_func ("/format/load/long-path-not-cut", test_long_path_not_cut);
  g_test_add_func ("/format/worked-example", test_worked_example);
  g_test_add_func ("/format/round-trip/random", test_round_trip_random);
  g_test_add_func ("/format/round-trip/generators", test_round_trip_generators);
  g_test_add_func ("/format/metadata/kept", test_metadata_kept);
  g_test_add_func ("/format/metadata/limit", test_metadata_limit);
  g_test_add_func ("/format/metadata/many-keys", test_metadata_many_keys);
  g_test_add_func ("/format/error/magic", test_error_magic);
  g_test_add_func ("/format/error/version", test_error_version);
  g_test_add_func ("/format/error/size", test_error_size);
  g_test_add_func ("/format/error/checksums", test_error_checksums);
  g_test_add_func ("/format/error/dimensions", test_error_dimensions);
  g_test_add_func ("/format/error/endpoints", test_error_endpoints);
  g_test_add_func ("/format/error/metadata", test_error_metadata);
  g_test_add_func ("/format/error/metadata-size", test_error_metadata_size);
  g_test_add_func ("/format/error/inconsistent", test_error_inconsistent);
  g_test_add_func ("/format/error/inconsistent-agrees", test_reader_agrees_with_check);
  g_test_add_func ("/format/damage/every-truncation", test_every_truncation);
  g_test_add_func ("/format/damage/every-bit-flip", test_every_bit_flip);
  g_test_add_func ("/format/damage/every-bit-flip-good-crcs", test_every_bit_flip_with_good_crcs);
  g_test_add_func ("/format/damage/forged-header", test_forged_header_no_allocation);
  g_test_add_func ("/format/load-file-errors", test_load_file_errors);
  g_test_add_func ("/format/load-stdio-offset", test_load_stdio_offset);
  g_test_add_func ("/format/save-stdio-error", test_save_stdio_error);
  g_test_add_func ("/format/save-metadata-too-large", test_save_metadata_too_large);

  ret = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
