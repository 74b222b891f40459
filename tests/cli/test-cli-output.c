/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-cli-output.c: what the real bitmaze-cli (path in $BITMAZE_CLI)
 * does with -o and with what it prints: devices, FIFOs, /dev/stdout,
 * symbolic links, read-only files, long names, checks before the work,
 * escape sequences in metadata, the C locale, standard input for
 * validate, the PNG size limit and the wall follower's islands; render's
 * smallest cells, validate out of memory, the sizes in --help.
 *
 * Devices and FIFOs are made in a temporary folder (mknod, mkfifo); the
 * real /dev is never written to.
 */
#include <cairo.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "maze-private.h"

static const char *cli_path;
static char *tmpdir;
/* When set, run_cli_full() gives the command this file (a device) as its
 * standard output instead of the pipe. */
static const char *stdout_file;
/* When not 0, run_cli_full() limits the files the command writes to this
 * many bytes (RLIMIT_FSIZE, SIGXFSZ ignored): a write past it fails with
 * EFBIG, as on a full disk. */
static rlim_t file_size_limit;
/* When not 0, run_cli_full() limits the command's address space to this
 * many bytes (RLIMIT_AS): an allocation past it fails. */
static rlim_t address_space_limit;

typedef struct
{
  int     status;   /* exit status, or -1 when killed by a signal */
  GBytes *out;
  char   *out_text; /* the same bytes, NUL-terminated */
  char   *err;
  long    maxrss_kb; /* the process's peak memory */
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_bytes_unref);
  g_clear_pointer (&run->out_text, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* Standard output as text. */
static const char *
run_out (Run *run)
{
  return run->out_text;
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static char *
read_file (const char *path,
           gsize      *len)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

/*
 * Runs bitmaze-cli in the temporary folder with the NULL-terminated
 * arguments: standard input from @stdin_file (NULL: /dev/null), standard
 * output into a pipe (as in "bitmaze-cli ... | cat"), standard error
 * into a file, the environment of the tests plus LC_ALL=@locale.
 * wait4() gives the peak memory.
 */
static void
run_cli_full (Run        *run,
              const char *locale,
              const char *stdin_file,
              const char *first,
              ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autofree char *err_path = tmp_path (".stderr");
  g_auto (GStrv) envp = g_get_environ ();
  struct rusage usage;
  const char *arg;
  va_list args;
  int wait_status, fds[2];
  guint8 buf[65536];
  ssize_t n;
  pid_t pid;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  envp = g_environ_setenv (envp, "SOURCE_DATE_EPOCH", "1700000000", TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  envp = g_environ_unsetenv (envp, "NO_COLOR");

  memset (run, 0, sizeof *run);
  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int in = open (stdin_file != NULL ? stdin_file : "/dev/null", O_RDONLY);
      int err = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int sink = stdout_file != NULL ? open (stdout_file, O_WRONLY) : fds[1];

      if (in < 0 || err < 0 || sink < 0 || dup2 (in, 0) < 0 || dup2 (sink, 1) < 0
          || dup2 (err, 2) < 0 || chdir (tmpdir) != 0)
        _exit (127);
      if (file_size_limit != 0)
        {
          struct rlimit limit = { file_size_limit, file_size_limit };

          if (signal (SIGXFSZ, SIG_IGN) == SIG_ERR || setrlimit (RLIMIT_FSIZE, &limit) != 0)
            _exit (127);
        }
      if (address_space_limit != 0)
        {
          struct rlimit limit = { address_space_limit, address_space_limit };

          if (setrlimit (RLIMIT_AS, &limit) != 0)
            _exit (127);
        }
      close (fds[0]);
      execve (cli_path, (char **) argv->pdata, envp);
      _exit (127);
    }
  close (fds[1]);
  while ((n = read (fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_byte_array_append (out, buf, (guint) n);
  close (fds[0]);
  g_assert_cmpint (wait4 (pid, &wait_status, 0, &usage), ==, pid);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  run->maxrss_kb = usage.ru_maxrss;
  run->out = g_bytes_new (out->data, out->len);
  run->out_text = g_malloc (out->len + 1);
  if (out->len > 0)
    memcpy (run->out_text, out->data, out->len);
  run->out_text[out->len] = '\0';
  run->err = read_file (err_path, NULL);
  g_unlink (err_path);
}

#define run_cli(run, ...) run_cli_full (run, "C.UTF-8", NULL, __VA_ARGS__)

static void
assert_status (Run *run,
               int  expected)
{
  if (run->status != expected)
    g_error ("bitmaze-cli exited with %d, expected %d\nstderr: %s",
             run->status, expected, run->err);
}

/* The error is one line on stderr, equal to "bitmaze-cli: @message". */
static void
assert_error_is (Run        *run,
                 const char *message)
{
  g_autofree char *want = g_strdup_printf ("bitmaze-cli: %s\n", message);

  assert_status (run, 1);
  g_assert_cmpstr (run->err, ==, want);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in the temporary folder, sorted, joined by spaces. */
static char *
listing (void)
{
  GDir *d = g_dir_open (tmpdir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

static void
empty_tmpdir (void)
{
  g_autofree char *cmd = g_strdup_printf ("sh -c 'chmod -R u+w \"%s\"; rm -rf \"%s\"/* \"%s\"/.[!.]*'",
                                          tmpdir, tmpdir, tmpdir);

  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL));
}

static void
generate (const char *name,
          const char *seed)
{
  Run run;

  run_cli (&run, "generate", "--size", "12x8", "--seed", seed, "-o", name, NULL);
  assert_status (&run, 0);
  run_clear (&run);
}

static gboolean
contains_bytes (const char *data,
                gsize       len,
                const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= len; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_magic (const void *data,
           gsize       len)
{
  return len > 8 && memcmp (data, "\x89MAZE\r\n\x1a", 8) == 0;
}

/* ---- 1: devices, FIFOs, /dev/stdout are written, never replaced ---- */

static void
test_char_devices (void)
{
  g_autofree char *null = tmp_path ("null");
  g_autofree char *full = tmp_path ("full");
  g_autofree char *want = NULL;
  struct stat st;
  Run run;

  empty_tmpdir ();
  if (mknod (null, S_IFCHR | 0666, makedev (1, 3)) != 0
      || mknod (full, S_IFCHR | 0666, makedev (1, 7)) != 0)
    {
      g_test_skip ("mknod needs CAP_MKNOD");
      return;
    }
  generate ("m.maze", "7");

  run_cli (&run, "solve", "m.maze", "-o", "null", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "m.maze", "-o", "null", "-f", "png", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  g_assert_cmpint (lstat (null, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  /* /dev/full: the disk is full, and it says so (exit 1, not 0) */
  run_cli (&run, "generate", "--seed", "1", "-o", "full", NULL);
  want = g_strdup_printf ("cannot save 'full': %s", g_strerror (ENOSPC));
  assert_error_is (&run, want);
  run_clear (&run);
  run_cli (&run, "render", "m.maze", "--text", "-o", "full", NULL);
  assert_error_is (&run, want);
  run_clear (&run);
  g_assert_cmpint (lstat (full, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* The FIFO is held open for reading and writing here, so opening it
 * does not wait, and the file (far smaller than a pipe's buffer) waits
 * in it until it is read after the command. */
static void
test_fifo (void)
{
  g_autofree char *fifo = tmp_path ("pipe");
  g_autofree char *names = NULL;
  g_autoptr (GByteArray) got = g_byte_array_new ();
  guint8 buf[65536];
  struct stat st;
  ssize_t n;
  Run run;
  int fd;

  empty_tmpdir ();
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fd = open (fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  run_cli (&run, "generate", "--size", "30x20", "--seed", "3", "-o", "pipe", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_byte_array_append (got, buf, (guint) n);
  close (fd);

  run_cli (&run, "generate", "--size", "30x20", "--seed", "3", "-o", "-", NULL);
  assert_status (&run, 0);
  g_assert_cmpmem (got->data, got->len, g_bytes_get_data (run.out, NULL),
                   g_bytes_get_size (run.out));
  run_clear (&run);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  names = listing ();
  g_assert_cmpstr (names, ==, "pipe");
}

/* -o /dev/stdout and /proc/self/fd/1 with standard output a pipe: the
 * bytes go down the pipe (they once went to a regular file replacing the
 * link, and the pipe got nothing); a command's report goes to standard
 * error then, as with "-". */
static void
test_dev_stdout (void)
{
  const char *paths[] = { "/dev/stdout", "/proc/self/fd/1", "-" };
  g_autofree char *solved_path = tmp_path ("s.maze");
  g_autofree char *solved = NULL;
  g_autoptr (GBytes) first = NULL;
  gsize len;
  Run run;

  empty_tmpdir ();
  for (guint k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      run_cli (&run, "generate", "--size", "9x9", "--seed", "5", "-o", paths[k], NULL);
      assert_status (&run, 0);
      g_assert_true (has_magic (g_bytes_get_data (run.out, NULL), g_bytes_get_size (run.out)));
      if (first == NULL)
        first = g_bytes_ref (run.out);
      else
        g_assert_true (g_bytes_equal (first, run.out));
      run_clear (&run);
    }

  /* solve's report goes to standard error then, not into the maze */
  generate ("m.maze", "5");
  run_cli (&run, "solve", "m.maze", "-o", "s.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  solved = read_file (solved_path, &len);
  for (guint k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      run_cli (&run, "solve", "m.maze", "-o", paths[k], NULL);
      assert_status (&run, 0);
      g_assert_cmpmem (g_bytes_get_data (run.out, NULL), g_bytes_get_size (run.out), solved, len);
      g_assert_true (g_str_has_prefix (run.err, "result:           found\n"));
      run_clear (&run);
    }
}

/* ---- 7: links and read-only files, the same for every writer ---- */

static void
test_symlinks (void)
{
  const char *outputs[] = { "l.maze", "l.png", "l.svg", "l.txt", "l.pdf" };
  g_autofree char *names = NULL;

  empty_tmpdir ();
  generate ("m.maze", "11");
  for (guint k = 0; k < G_N_ELEMENTS (outputs); k++)
    {
      g_autofree char *link = tmp_path (outputs[k]);
      g_autofree char *real = g_strconcat ("real-", outputs[k], NULL);
      g_autofree char *real_path = tmp_path (real);
      g_autofree char *dangling = g_strconcat ("d-", outputs[k], NULL);
      g_autofree char *dangling_path = tmp_path (dangling);
      g_autofree char *made = g_strconcat ("made-", outputs[k], NULL);
      g_autofree char *made_path = tmp_path (made);
      g_autofree char *contents = NULL;
      struct stat st;
      gsize len;
      Run run;

      g_assert_true (g_file_set_contents (real_path, "old", 3, NULL));
      g_assert_cmpint (symlink (real, link), ==, 0);
      g_assert_cmpint (symlink (made, dangling_path), ==, 0);
      if (g_str_has_suffix (outputs[k], ".maze"))
        run_cli (&run, "solve", "m.maze", "-o", outputs[k], NULL);
      else if (g_str_has_suffix (outputs[k], ".pdf"))
        run_cli (&run, "worksheet", "--count", "1", "--seed", "1", "-o", outputs[k], NULL);
      else
        run_cli (&run, "render", "m.maze", "-o", outputs[k],
                 g_str_has_suffix (outputs[k], ".txt") ? "--text" : NULL, NULL);
      assert_status (&run, 0);
      run_clear (&run);
      g_assert_cmpint (lstat (link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      contents = read_file (real_path, &len);
      g_assert_cmpuint (len, >, 3);
      g_clear_pointer (&contents, g_free);

      /* a dangling link: its target is made, the link stays */
      if (g_str_has_suffix (outputs[k], ".maze"))
        run_cli (&run, "generate", "--seed", "2", "-o", dangling, NULL);
      else if (g_str_has_suffix (outputs[k], ".pdf"))
        run_cli (&run, "worksheet", "--count", "1", "--seed", "1", "-o", dangling, NULL);
      else
        run_cli (&run, "render", "m.maze", "-o", dangling,
                 g_str_has_suffix (outputs[k], ".txt") ? "--text" : NULL, NULL);
      assert_status (&run, 0);
      run_clear (&run);
      g_assert_cmpint (lstat (dangling_path, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      g_assert_cmpint (lstat (made_path, &st), ==, 0);
      g_assert_true (S_ISREG (st.st_mode));
    }
  names = listing ();
  g_assert_cmpstr (names, ==,
                   "d-l.maze d-l.pdf d-l.png d-l.svg d-l.txt "
                   "l.maze l.pdf l.png l.svg l.txt m.maze "
                   "made-l.maze made-l.pdf made-l.png made-l.svg made-l.txt "
                   "real-l.maze real-l.pdf real-l.png real-l.svg real-l.txt");
}

static void
test_read_only (void)
{
  const char *outputs[] = { "r.maze", "s.maze", "r.png", "r.txt", "r.pdf" };

  empty_tmpdir ();
  generate ("m.maze", "13");
  for (guint k = 0; k < G_N_ELEMENTS (outputs); k++)
    {
      g_autofree char *path = tmp_path (outputs[k]);
      g_autofree char *want = g_strdup_printf ("cannot save '%s': the file is "
                                               "read-only (--force replaces it)",
                                               outputs[k]);
      g_autofree char *contents = NULL;
      g_autofree char *names = NULL;
      const char *force[] = { NULL, "--force" };
      struct stat st;
      gsize len;

      g_assert_true (g_file_set_contents (path, "old", 3, NULL));
      g_assert_cmpint (g_chmod (path, 0444), ==, 0);
      for (guint f = 0; f < 2; f++)
        {
          Run run;

          if (k == 0)
            run_cli (&run, "generate", "--seed", "1", "-o", outputs[k], force[f], NULL);
          else if (k == 1)
            run_cli (&run, "solve", "m.maze", "-o", outputs[k], force[f], NULL);
          else if (k == 4)
            run_cli (&run, "worksheet", "--count", "1", "--seed", "1", "-o", outputs[k],
                     force[f], NULL);
          else
            run_cli (&run, "render", "m.maze", "-o", outputs[k],
                     k == 3 ? "--text" : "--no-markers", force[f], NULL);
          contents = read_file (path, &len);
          if (f == 0)
            {
              assert_error_is (&run, want);
              g_assert_cmpstr (contents, ==, "old");
            }
          else
            {
              assert_status (&run, 0);
              g_assert_cmpuint (len, >, 3);
            }
          g_clear_pointer (&contents, g_free);
          run_clear (&run);
        }
      /* replaced with --force, its mode kept */
      g_assert_cmpint (stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0444);
      g_assert_cmpint (g_chmod (path, 0644), ==, 0);
    }
}

/* ---- 3: names of 255 bytes; messages never cut ---- */

static void
test_name_max (void)
{
  g_autofree char *n250 = g_strnfill (250, 'n');
  g_autofree char *n251 = g_strnfill (251, 'n');
  g_autofree char *p251 = g_strnfill (251, 'p');
  g_autofree char *t251 = g_strnfill (251, 't');
  g_autofree char *maze = g_strconcat (n250, ".maze", NULL);
  g_autofree char *png = g_strconcat (p251, ".png", NULL);
  g_autofree char *txt = g_strconcat (t251, ".txt", NULL);
  g_autofree char *too_long = g_strconcat (n251, ".maze", NULL);
  g_autofree char *want = NULL, *names = NULL, *expected = NULL;
  Run run;

  empty_tmpdir ();
  g_assert_cmpuint (strlen (maze), ==, 255);
  g_assert_cmpuint (strlen (png), ==, 255);
  g_assert_cmpuint (strlen (txt), ==, 255);

  /* made, then replaced: no temporary file in the way, none left */
  for (int k = 0; k < 2; k++)
    {
      run_cli (&run, "generate", "--seed", "4", "-o", maze, NULL);
      assert_status (&run, 0);
      run_clear (&run);
      run_cli (&run, "render", maze, "-o", png, NULL);
      assert_status (&run, 0);
      run_clear (&run);
      run_cli (&run, "render", maze, "--text", "-o", txt, NULL);
      assert_status (&run, 0);
      run_clear (&run);
    }
  names = listing ();
  expected = g_strdup_printf ("%s %s %s", maze, png, txt);
  g_assert_cmpstr (names, ==, expected);

  /* 256 bytes: refused, with the whole name in the message */
  run_cli (&run, "generate", "--seed", "4", "-o", too_long, NULL);
  want = g_strdup_printf ("cannot save '%s': %s", too_long, g_strerror (ENAMETOOLONG));
  assert_error_is (&run, want);
  run_clear (&run);
}

/* render --text names the user's file in its errors, not a temporary. */
static void
test_text_errors_name_the_file (void)
{
  g_autofree char *want = g_strdup_printf ("cannot save 'no-such-folder/t.txt': %s",
                                           g_strerror (ENOENT));
  g_autofree char *names = NULL;
  Run run;

  empty_tmpdir ();
  generate ("m.maze", "8");
  run_cli (&run, "render", "m.maze", "--text", "-o", "no-such-folder/t.txt", NULL);
  assert_error_is (&run, want);
  run_clear (&run);
  names = listing ();
  g_assert_cmpstr (names, ==, "m.maze");
}

/* ---- 8: -o is checked before the work ---- */

/* A 4000x4000 Kruskal maze takes seconds and 80 MB: a folder that does
 * not exist is found before, so the process stays small. */
static void
test_check_before_work (void)
{
  g_autofree char *want = g_strdup_printf ("cannot save 'gone/x.maze': %s",
                                           g_strerror (ENOENT));
  g_autofree char *ro = tmp_path ("ro.maze");
  Run run;

  empty_tmpdir ();
  run_cli (&run, "generate", "--size", "4000x4000", "--algorithm", "kruskal",
           "-o", "gone/x.maze", NULL);
  assert_error_is (&run, want);
  g_assert_cmpint (run.maxrss_kb, <, 64 * 1024);
  run_clear (&run);

  g_assert_true (g_file_set_contents (ro, "old", 3, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  run_cli (&run, "generate", "--size", "4000x4000", "--algorithm", "kruskal",
           "-o", "ro.maze", NULL);
  assert_status (&run, 1);
  g_assert_cmpint (run.maxrss_kb, <, 64 * 1024);
  run_clear (&run);
  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);

  run_cli (&run, "animate", "--build", "kruskal", "--size", "2000x2000",
           "-o", "gone/b.gif", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.err, "cannot save 'gone/b.gif'"));
  g_assert_cmpint (run.maxrss_kb, <, 64 * 1024);
  run_clear (&run);

  run_cli (&run, "worksheet", "--count", "240", "-o", "gone/w.pdf", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.err, "gone/w.pdf"));
  run_clear (&run);
}

/* ---- animate -o: a GIF by the same rule as every writer ---- */

static gboolean
is_gif (const void *data,
        gsize       len)
{
  /* the signature, and the trailer that ends the stream */
  return len > 13 && memcmp (data, "GIF89a", 6) == 0 && ((const char *) data)[len - 1] == ';';
}

/* Standard output, /dev/stdout and /proc/self/fd/1 (a pipe), a FIFO, a
 * device, a symbolic link, a read-only file with and without --force:
 * bitmaze-cli animate -o writes its GIF as generate, solve, render and
 * worksheet write theirs, and its report never goes into the GIF. */
static void
test_animate (void)
{
  const char *streams[] = { "-", "/dev/stdout", "/proc/self/fd/1" };
  g_autofree char *gif = tmp_path ("a.gif");
  g_autofree char *fifo = tmp_path ("pipe");
  g_autofree char *full = tmp_path ("full");
  g_autofree char *real = tmp_path ("real.gif");
  g_autofree char *made = tmp_path ("made.gif");
  g_autofree char *link = tmp_path ("l.gif");
  g_autofree char *dangling = tmp_path ("d.gif");
  g_autofree char *ro = tmp_path ("ro.gif");
  g_autofree char *want = NULL, *names = NULL, *contents = NULL;
  g_autoptr (GByteArray) got = g_byte_array_new ();
  g_autoptr (GBytes) file = NULL;
  guint8 buf[65536];
  struct stat st;
  gsize len;
  ssize_t n;
  Run run;
  int fd;

  empty_tmpdir ();
  generate ("m.maze", "17");
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "a.gif", NULL);
  assert_status (&run, 0);
  g_assert_true (g_str_has_prefix (run_out (&run), "a.gif: "));
  run_clear (&run);
  contents = read_file (gif, &len);
  g_assert_true (is_gif (contents, len));
  file = g_bytes_new_take (g_steal_pointer (&contents), len);

  /* the same bytes down a pipe, however standard output is named; the
   * report on standard error */
  for (guint k = 0; k < G_N_ELEMENTS (streams); k++)
    {
      run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", streams[k], NULL);
      assert_status (&run, 0);
      g_assert_true (g_bytes_equal (run.out, file));
      g_assert_nonnull (strstr (run.err, " frames, "));
      run_clear (&run);
    }

  /* a FIFO is written, not replaced */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fd = open (fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "pipe", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_byte_array_append (got, buf, (guint) n);
  close (fd);
  g_assert_cmpmem (got->data, got->len, g_bytes_get_data (file, NULL), g_bytes_get_size (file));
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* a link stays a link, its target is replaced; a dangling one's made */
  g_assert_true (g_file_set_contents (real, "old", 3, NULL));
  g_assert_cmpint (symlink ("real.gif", link), ==, 0);
  g_assert_cmpint (symlink ("made.gif", dangling), ==, 0);
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "l.gif", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "d.gif", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  contents = read_file (real, &len);
  g_assert_true (is_gif (contents, len));
  g_clear_pointer (&contents, g_free);
  contents = read_file (made, &len);
  g_assert_true (is_gif (contents, len));
  g_clear_pointer (&contents, g_free);

  /* read-only: refused, and before any frame is drawn; --force replaces
   * it and keeps its mode */
  g_assert_true (g_file_set_contents (ro, "old", 3, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  run_cli (&run, "animate", "m.maze", "-o", "ro.gif", NULL);
  assert_error_is (&run, "cannot save 'ro.gif': the file is read-only (--force replaces it)");
  run_clear (&run);
  run_cli (&run, "animate", "--build", "kruskal", "--size", "2000x2000", "-o", "ro.gif", NULL);
  assert_error_is (&run, "cannot save 'ro.gif': the file is read-only (--force replaces it)");
  g_assert_cmpint (run.maxrss_kb, <, 64 * 1024);
  run_clear (&run);
  contents = read_file (ro, &len);
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "ro.gif", "--force", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  contents = read_file (ro, &len);
  g_assert_true (is_gif (contents, len));
  g_clear_pointer (&contents, g_free);
  g_assert_cmpint (stat (ro, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0444);
  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);

  names = listing ();
  g_assert_cmpstr (names, ==, "a.gif d.gif l.gif m.maze made.gif pipe real.gif ro.gif");

  /* a full disk, as a device and as standard output: said as every
   * writer says it, exit 1 */
  if (mknod (full, S_IFCHR | 0666, makedev (1, 7)) != 0)
    {
      g_test_message ("mknod needs CAP_MKNOD: /dev/full not tried");
      return;
    }
  run_cli (&run, "animate", "m.maze", "-o", "full", NULL);
  want = g_strdup_printf ("cannot save 'full': %s", g_strerror (ENOSPC));
  assert_error_is (&run, want);
  run_clear (&run);
  g_clear_pointer (&want, g_free);
  g_assert_cmpint (lstat (full, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  stdout_file = full;
  run_cli (&run, "animate", "m.maze", "-o", "-", NULL);
  stdout_file = NULL;
  want = g_strdup_printf ("cannot write to standard output: %s", g_strerror (ENOSPC));
  assert_error_is (&run, want);
  run_clear (&run);
}

/* A write that fails half-way (the file size limit, as a full disk):
 * animate says why, naming -o, and the old GIF stays as it was, with no
 * temporary file beside it. */
static void
test_animate_failed_write (void)
{
  g_autofree char *old = tmp_path ("old.gif");
  g_autofree char *contents = NULL, *want = NULL, *names = NULL;
  gsize len;
  Run run;

  empty_tmpdir ();
  generate ("m.maze", "17");
  g_assert_true (g_file_set_contents (old, "old", 3, NULL));
  file_size_limit = 4096;
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "old.gif", NULL);
  file_size_limit = 0;
  want = g_strdup_printf ("cannot save 'old.gif': %s", g_strerror (EFBIG));
  assert_error_is (&run, want);
  run_clear (&run);
  contents = read_file (old, &len);
  g_assert_cmpstr (contents, ==, "old");
  names = listing ();
  g_assert_cmpstr (names, ==, "m.maze old.gif");

  /* without the limit the same command replaces it */
  run_cli (&run, "animate", "m.maze", "--solver", "bfs", "-o", "old.gif", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  g_clear_pointer (&contents, g_free);
  contents = read_file (old, &len);
  g_assert_true (is_gif (contents, len));
}

/* The descriptor of @pid open on a file of the temporary folder other
 * than @except, and how far it has been written; -1 if none. */
static int
temp_fd_written (pid_t       pid,
                 const char *except,
                 gint64     *pos)
{
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%d/fd", (int) pid);
  g_autofree char *prefix = g_strconcat (tmpdir, "/", NULL);
  GDir *dir = g_dir_open (fd_dir, 0, NULL);
  const char *name;
  int found = -1;

  while (dir != NULL && found < 0 && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *link = g_build_filename (fd_dir, name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);
      g_autofree char *info_path = NULL, *info = NULL;
      const char *at;

      if (target == NULL || !g_str_has_prefix (target, prefix) || g_str_equal (target, except))
        continue;
      info_path = g_strdup_printf ("/proc/%d/fdinfo/%s", (int) pid, name);
      if (g_file_get_contents (info_path, &info, NULL, NULL)
          && (at = strstr (info, "pos:")) != NULL)
        {
          *pos = g_ascii_strtoll (at + 4, NULL, 10);
          found = atoi (name);
        }
    }
  if (dir != NULL)
    g_dir_close (dir);
  return found;
}

/* SIGINT or SIGTERM while animate writes its GIF: the old file stays as
 * it was, and no temporary file is left.  The command is stopped
 * (SIGSTOP) once its temporary file has GIF bytes in it, checked still
 * to be writing, and only then sent the signal: no timing involved. */
static void
test_animate_signal (void)
{
  const int signals[] = { SIGINT, SIGTERM };
  g_autofree char *old = tmp_path ("old.gif");
  Run run;

  empty_tmpdir ();
  run_cli (&run, "generate", "--size", "150x100", "--seed", "3", "-o", "big.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  g_assert_true (g_file_set_contents (old, "old", 3, NULL));

  for (guint k = 0; k < G_N_ELEMENTS (signals); k++)
    {
      const char *argv[] = { cli_path, "animate", "big.maze", "--solver", "bfs",
                             "--cell-size", "8", "-o", "old.gif", NULL };
      g_autofree char *contents = NULL, *names = NULL;
      gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
      gint64 pos = 0;
      int status, fd = -1;
      GPid pid;

      for (guint attempt = 0;; attempt++)
        {
          g_autoptr (GError) error = NULL;

          g_assert_true (g_spawn_async (tmpdir, (char **) argv, NULL,
                                        G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                                        | G_SPAWN_STDERR_TO_DEV_NULL,
                                        NULL, NULL, &pid, &error));
          g_assert_no_error (error);

          /* wait for the state: a temporary file with bytes in it */
          while ((fd = temp_fd_written (pid, old, &pos)) < 0 || pos == 0)
            {
              g_assert_cmpint (waitpid (pid, &status, WNOHANG), ==, 0);
              g_assert_cmpint (g_get_monotonic_time (), <, deadline);
              g_usleep (1000);
            }
          g_assert_cmpint (kill (pid, SIGSTOP), ==, 0);
          g_assert_cmpint (waitpid (pid, &status, WUNTRACED), ==, pid);
          g_assert_true (WIFSTOPPED (status));
          /* stopped in the middle: still writing its temporary file */
          if (temp_fd_written (pid, old, &pos) == fd)
            break;
          /* It wrote its last bytes between the look and the stop (a
           * busy machine can let it): not the state under test.  It
           * finishes, the old file is put back, and it starts again. */
          g_assert_cmpint (kill (pid, SIGCONT), ==, 0);
          do
            g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
          while (WIFSTOPPED (status) || WIFCONTINUED (status));
          g_spawn_close_pid (pid);
          g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
          g_assert_true (g_file_set_contents (old, "old", 3, NULL));
          g_assert_cmpuint (attempt, <, 20);
        }
      g_assert_cmpint (pos, >, 0);

      g_assert_cmpint (kill (pid, signals[k]), ==, 0);
      g_assert_cmpint (kill (pid, SIGCONT), ==, 0);
      do
        g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      while (WIFSTOPPED (status) || WIFCONTINUED (status));
      g_spawn_close_pid (pid);
      g_assert_true ((WIFSIGNALED (status) && WTERMSIG (status) == signals[k])
                     || (WIFEXITED (status) && WEXITSTATUS (status) == 128 + signals[k]));

      contents = read_file (old, NULL);
      g_assert_cmpstr (contents, ==, "old");
      names = listing ();
      g_assert_cmpstr (names, ==, "big.maze old.gif");
    }
}

/* ---- 4: escape sequences in metadata ---- */

/* A file written before values were checked: a title that clears the
 * screen and retitles the terminal, and a C1 control (U+009B, CSI). */
static void
write_hostile_maze (const char *name)
{
  g_autofree char *path = tmp_path (name);
  MazeError err = { 0 };
  Maze *m = maze_new (4, 3, &err);
  void *bytes;
  size_t len;

  g_assert_nonnull (m);
  g_assert_cmpint (maze_meta_append (m, "title", "\033[2J\033]0;pwned\a", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_meta_append (m, "note", "a\xc2\x9b" "b\rc", &err), ==, MAZE_OK);
  bytes = maze_save_memory (m, &len, &err);
  g_assert_nonnull (bytes);
  g_assert_true (g_file_set_contents (path, bytes, (gssize) len, NULL));
  free (bytes);
  maze_free (m);
}

static void
test_escape_sequences (void)
{
  g_autofree char *copy = tmp_path ("copy.maze");
  g_autofree char *title_file = tmp_path ("t.maze");
  g_autofree char *after = NULL;
  gsize after_len;
  Run run;

  empty_tmpdir ();
  write_hostile_maze ("hostile.maze");

  /* still a valid file (nothing is lost), shown escaped */
  run_cli (&run, "validate", "hostile.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "hostile.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run_out (&run), "title            \\x1b[2J\\x1b]0;pwned\\x07\n"));
  g_assert_nonnull (strstr (run_out (&run), "note             a\\xc2\\x9bb\\x0dc\n"));
  g_assert_null (memchr (run_out (&run), '\033', g_bytes_get_size (run.out)));
  g_assert_null (memchr (run_out (&run), '\r', g_bytes_get_size (run.out)));
  g_assert_null (strstr (run_out (&run), "\xc2\x9b"));
  run_clear (&run);

  /* a program that saves it again keeps the value as it was */
  run_cli (&run, "solve", "hostile.maze", "-o", "copy.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "info", "copy.maze", "--json", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run_out (&run), "\\u001b[2J\\u001b]0;pwned\\u0007"));
  run_clear (&run);
  after = read_file (copy, &after_len);
  g_assert_true (contains_bytes (after, after_len, "title=\033[2J\033]0;pwned\a\n"));

  /* a path with an escape sequence is shown escaped too */
  run_cli (&run, "info", "no\033[31m.maze", NULL);
  assert_status (&run, 1);
  g_assert_null (strchr (run.err, '\033'));
  g_assert_nonnull (strstr (run.err, "no\\x1b[31m.maze"));
  run_clear (&run);

  /* and none can be written into a title */
  run_cli (&run, "generate", "--title", "\033[2J", "-o", "t.maze", NULL);
  assert_error_is (&run, "invalid value for --title: it holds the control character "
                         "U+001B; use one line of printable text");
  run_clear (&run);
  run_cli (&run, "worksheet", "--title", "a\tb", "-o", "w.pdf", NULL);
  assert_error_is (&run, "invalid value for --title: it holds the control character "
                         "U+0009; use one line of printable text");
  run_clear (&run);
  g_assert_false (g_file_test (title_file, G_FILE_TEST_EXISTS));
}

/* ---- 5: option values are UTF-8 whatever the locale ---- */

static void
test_c_locale (void)
{
  Run run;

  empty_tmpdir ();
  run_cli_full (&run, "C", NULL, "generate", "--title", "Café", "-o", "c.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);
  run_cli (&run, "info", "c.maze", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run_out (&run), "title            Café\n"));
  run_clear (&run);

  run_cli_full (&run, "C", NULL, "worksheet", "--title", "Übungen", "--count", "1",
                "-o", "w.pdf", NULL);
  assert_status (&run, 0);
  run_clear (&run);

  /* bytes that are no UTF-8: the option is named, and why */
  run_cli_full (&run, "C", NULL, "generate", "--title", "Caf\xe9", "-o", "l1.maze", NULL);
  assert_error_is (&run, "invalid value for --title: it is not UTF-8 text (byte 4 is 0xE9)");
  run_clear (&run);
  run_cli_full (&run, "C", NULL, "generate", "--algorithm", "kr\xc3\xbcskal", NULL);
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.err, "kr\xc3\xbcskal"));
  run_clear (&run);
}

/* ---- 8: validate - ---- */

static void
test_validate_stdin (void)
{
  g_autofree char *good = tmp_path ("good.maze");
  g_autofree char *bad = tmp_path ("bad.maze");
  Run run;

  empty_tmpdir ();
  generate ("good.maze", "21");
  g_assert_true (g_file_set_contents (bad, "not a maze", -1, NULL));

  run_cli_full (&run, "C.UTF-8", good, "validate", "-", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run_out (&run), ==, "standard input: ok\n");
  run_clear (&run);
  run_cli_full (&run, "C.UTF-8", bad, "validate", "-", "good.maze", NULL);
  assert_status (&run, 1);
  g_assert_cmpstr (run_out (&run), ==,
                   "standard input: not a maze file (bad magic)\ngood.maze: ok\n");
  run_clear (&run);
}

/* ---- 8: the pixel limit of PNGs ---- */

static void
test_png_pixel_limit (void)
{
  g_autofree char *names = NULL;
  Run run;

  empty_tmpdir ();
  run_cli (&run, "generate", "--size", "6x6", "--seed", "1", "-o", "s.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "s.maze", "--cell-size", "4096", "-o", "big.png", NULL);
  assert_error_is (&run, "big.png: a PNG of 28672 x 28672 pixels is too large "
                         "(at most 100000000 pixels in all): use a cell size of "
                         "at most 1428, or SVG or PDF");
  /* refused before the 3 GB image was allocated */
  g_assert_cmpint (run.maxrss_kb, <, 200 * 1024);
  run_clear (&run);
  names = listing ();
  g_assert_cmpstr (names, ==, "s.maze");

  run_cli (&run, "render", "s.maze", "--cell-size", "4096", "-o", "big.svg", NULL);
  assert_status (&run, 0);
  run_clear (&run);
}

/* ---- render's smallest cells ---- */

/* The share of the PNG @name's pixels that are dark (walls). */
static double
dark_share (const char *name)
{
  g_autofree char *path = tmp_path (name);
  cairo_surface_t *image = cairo_image_surface_create_from_png (path);
  int w, h, stride;
  const guint8 *data;
  guint64 dark = 0;

  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  w = cairo_image_surface_get_width (image);
  h = cairo_image_surface_get_height (image);
  stride = cairo_image_surface_get_stride (image);
  data = cairo_image_surface_get_data (image);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (const void *) (data + (gsize) y * stride + 4 * x);

        /* (green below half: the background is white or a light tint) */
        dark += ((px >> 8) & 0xFF) < 0x80;
      }
  cairo_surface_destroy (image);
  return (double) dark / ((double) w * h);
}

/* -c 2 draws 1-pixel walls (not an all-white picture); -c 1 has no room
 * for any and is refused; a PNG too large even with 2-pixel cells says
 * the size it would have with them. */
static void
test_render_smallest_cells (void)
{
  g_autofree char *one = NULL;
  Run run;

  empty_tmpdir ();
  generate ("m.maze", "5");
  run_cli (&run, "render", "m.maze", "-c", "2", "--no-solution", "-o", "two.png", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  /* a perfect maze of 12 x 8 cells drawn at 2 pixels: about half the
   * pixels are walls */
  g_assert_cmpfloat (dark_share ("two.png"), >, 0.3);
  g_assert_cmpfloat (dark_share ("two.png"), <, 0.8);

  run_cli (&run, "render", "m.maze", "-c", "1", "-o", "one.png", NULL);
  assert_error_is (&run, "--cell-size 1 leaves no room for walls (a wall takes a pixel "
                         "of its cell): use 2 or more");
  run_clear (&run);
  one = tmp_path ("one.png");
  g_assert_false (g_file_test (one, G_FILE_TEST_EXISTS));

  run_cli (&run, "generate", "--size", "16383x1", "--seed", "1", "-o", "wide.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);
  run_cli (&run, "render", "wide.maze", "-o", "wide.png", NULL);
  assert_error_is (&run, "wide.png: a PNG of 32768 x 4 pixels is too large (at most 32767 a "
                         "side); with 2-pixel cells, the smallest that show walls, it is "
                         "still 32768 x 4: use SVG or PDF");
  run_clear (&run);
  run_cli (&run, "render", "wide.maze", "-c", "3", "-o", "wide.png", NULL);
  assert_error_is (&run, "wide.png: a PNG of 49153 x 7 pixels is too large (at most 32767 a "
                         "side); with 2-pixel cells, the smallest that show walls, it is "
                         "still 32768 x 4: use SVG or PDF");
  run_clear (&run);
}

/* ---- validate out of memory ---- */

/* A good file that cannot be read for lack of memory is not called bad:
 * it "could not be checked", and in JSON "valid" is null with an error of
 * status out-of-memory that says how much was wanted. */
static void
test_validate_out_of_memory (void)
{
  const char *marker = "big.maze: could not be checked: out of memory for ";
  rlim_t limit = 0;
  Run run;

#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("the address sanitizer reserves the address space");
  return;
#endif
  empty_tmpdir ();
  generate ("small.maze", "3");
  run_cli (&run, "generate", "--size", "2000x2000", "--seed", "3", "-o", "big.maze", NULL);
  assert_status (&run, 0);
  run_clear (&run);

  /* the smallest address space (in steps of 4 MB) the command checks the
   * small file in: the big one's 8 MB do not fit beside it */
  for (rlim_t mb = 8; mb <= 256 && limit == 0; mb += 4)
    {
      address_space_limit = mb << 20;
      run_cli (&run, "validate", "small.maze", NULL);
      if (run.status == 0)
        limit = address_space_limit;
      run_clear (&run);
    }
  g_assert_cmpuint (limit, !=, 0);

  address_space_limit = limit;
  run_cli (&run, "validate", "small.maze", "big.maze", NULL);
  address_space_limit = 0;
  assert_status (&run, 1);
  g_assert_true (g_str_has_prefix (run.out_text, "small.maze: ok\n"));
  g_assert_nonnull (strstr (run.out_text, marker));
  g_assert_null (strstr (run.out_text, "bad"));
  g_assert_cmpstr (run.err, ==, "bitmaze-cli: 1 of 2 files could not be checked (out of memory)\n");
  run_clear (&run);

  address_space_limit = limit;
  run_cli (&run, "validate", "--json", "big.maze", NULL);
  address_space_limit = 0;
  assert_status (&run, 1);
  g_assert_nonnull (strstr (run.out_text, "\"valid\":null"));
  g_assert_nonnull (strstr (run.out_text, "\"status\":\"out-of-memory\""));
  g_assert_nonnull (strstr (run.out_text, "\"message_en\":\"out of memory for "));
  run_clear (&run);

  /* and with the memory, the same file is good */
  run_cli (&run, "validate", "big.maze", NULL);
  assert_status (&run, 0);
  g_assert_cmpstr (run.out_text, ==, "big.maze: ok\n");
  run_clear (&run);
}

/* ---- the size limit in --help ---- */

static void
test_help_names_cell_limit (void)
{
  static const char *const commands[] = { "generate", "animate", "quiz" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      Run run;

      run_cli (&run, commands[i], "--help", NULL);
      assert_status (&run, 0);
      if (strstr (run.out_text, "at most 2^30 (1073741824) cells in all") == NULL)
        g_error ("%s --help does not name the 2^30-cell limit:\n%s", commands[i], run.out_text);
      run_clear (&run);
    }
}

/* ---- 6: the wall follower's island ---- */

/* A 5x5 room with no interior walls but those of the centre cell, a
 * pillar whose only way in is from the north (none with !@reachable).
 * Its walls touch no other wall: an island, which a hand kept on the
 * outer wall from the corner (0, 0) never comes to. */
static void
write_island_maze (const char *name,
                   gboolean    reachable)
{
  g_autofree char *path = tmp_path (name);
  MazeError err = { 0 };
  Maze *m = maze_new (5, 5, &err);
  void *bytes;
  size_t len;

  g_assert_nonnull (m);
  /* an open room */
  for (uint32_t y = 0; y < 5; y++)
    for (uint32_t x = 0; x < 5; x++)
      {
        if (x + 1 < 5)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_E, true, &err);
        if (y + 1 < 5)
          maze_set_wall_open (m, maze_index (m, x, y), MAZE_S, true, &err);
      }
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_E, false, &err);
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_S, false, &err);
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_W, false, &err);
  maze_set_wall_open (m, maze_index (m, 2, 2), MAZE_N, reachable, &err);
  g_assert_cmpint (maze_set_start (m, maze_index (m, 0, 0), &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_goal (m, maze_index (m, 2, 2), &err), ==, MAZE_OK);
  bytes = maze_save_memory (m, &len, &err);
  g_assert_nonnull (bytes);
  g_assert_true (g_file_set_contents (path, bytes, (gssize) len, NULL));
  free (bytes);
  maze_free (m);
}

static void
test_wall_follower_island (void)
{
  const char *hands[] = { "wall-follower", "wall-follower:right" };
  g_autofree char *out = tmp_path ("out.maze");
  Run run;

  empty_tmpdir ();
  write_island_maze ("island.maze", TRUE);
  write_island_maze ("closed.maze", FALSE);

  for (guint k = 0; k < G_N_ELEMENTS (hands); k++)
    {
      run_cli (&run, "solve", "island.maze", "--solver", hands[k], NULL);
      assert_status (&run, 0);
      g_assert_nonnull (strstr (run_out (&run),
                                "result:           not found: the goal is on an island "
                                "the wall follower cannot reach (a path exists)\n"));
      run_clear (&run);

      /* --require-path: 1, with the reason, and -o left alone */
      run_cli (&run, "solve", "island.maze", "--solver", hands[k], "--require-path",
               "-o", "out.maze", NULL);
      assert_error_is (&run, "the goal is on an island the wall follower cannot "
                             "reach; a path exists: use another solver, e.g. bfs");
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      run_clear (&run);

      run_cli (&run, "solve", "island.maze", "--solver", hands[k], "--json", NULL);
      assert_status (&run, 0);
      g_assert_nonnull (strstr (run_out (&run), "\"result\" : \"out-of-reach\""));
      run_clear (&run);

      /* a real "no path" stays 3 */
      run_cli (&run, "solve", "closed.maze", "--solver", hands[k], "--require-path", NULL);
      assert_status (&run, 3);
      g_assert_nonnull (strstr (run_out (&run), "result:           no path\n"));
      run_clear (&run);
    }

  run_cli (&run, "solve", "island.maze", "--solver", "bfs", "--require-path", NULL);
  assert_status (&run, 0);
  g_assert_nonnull (strstr (run_out (&run), "result:           found\n"));
  run_clear (&run);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("BITMAZE_CLI");
  g_assert_nonnull (cli_path);
  tmpdir = g_dir_make_tmp ("bitmaze-cli-output-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/cli/output/char-devices", test_char_devices);
  g_test_add_func ("/cli/output/fifo", test_fifo);
  g_test_add_func ("/cli/output/dev-stdout", test_dev_stdout);
  g_test_add_func ("/cli/output/symlinks", test_symlinks);
  g_test_add_func ("/cli/output/read-only", test_read_only);
  g_test_add_func ("/cli/output/name-max", test_name_max);
  g_test_add_func ("/cli/output/text-errors-name-the-file", test_text_errors_name_the_file);
  g_test_add_func ("/cli/output/check-before-work", test_check_before_work);
  g_test_add_func ("/cli/output/animate", test_animate);
  g_test_add_func ("/cli/output/animate-failed-write", test_animate_failed_write);
  g_test_add_func ("/cli/output/animate-signal", test_animate_signal);
  g_test_add_func ("/cli/print/escape-sequences", test_escape_sequences);
  g_test_add_func ("/cli/options/c-locale", test_c_locale);
  g_test_add_func ("/cli/validate/stdin", test_validate_stdin);
  g_test_add_func ("/cli/render/png-pixel-limit", test_png_pixel_limit);
  g_test_add_func ("/cli/render/smallest-cells", test_render_smallest_cells);
  g_test_add_func ("/cli/validate/out-of-memory", test_validate_out_of_memory);
  g_test_add_func ("/cli/help/cell-limit", test_help_names_cell_limit);
  g_test_add_func ("/cli/solve/wall-follower-island", test_wall_follower_island);

  status = g_test_run ();
  empty_tmpdir ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
