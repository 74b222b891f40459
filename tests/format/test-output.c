/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The rule of maze-output.h, through maze_save_file() (the .maze writer)
 * and through a MazeOutput directly: what is replaced, what is written
 * directly, what is refused, and what a signal leaves behind.
 *
 * Devices and FIFOs are made with mknod()/mkfifo() in a temporary folder;
 * the real /dev is never touched.
 */
#include "maze-private.h"
#include "maze-output.h"
#include "io/maze-io-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* Each test works in a folder of its own. */
typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  fx->dir = g_dir_make_tmp ("bitmaze-output-XXXXXX", NULL);
  g_assert_nonnull (fx->dir);
  maze_io_hooks_reset ();
  maze_io_hooks.use_tmpfile = GPOINTER_TO_INT (data) == 0;
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *cmd = g_strdup_printf ("chmod -R u+w '%s'", fx->dir);

  maze_io_hooks_reset ();
  /* rm -r: a test that failed half-way leaves anything in there */
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, &error));
  g_free (cmd);
  cmd = g_strdup_printf ("rm -rf '%s'", fx->dir);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, &error));
  g_free (fx->dir);
}

static Maze *
some_maze (uint32_t    width,
           uint32_t    height,
           const char *title)
{
  MazeError err = { 0 };
  Maze *m = maze_new (width, height, &err);

  g_assert_nonnull (m);
  for (uint32_t i = 0; i + 1 < width * height; i++)
    if ((i + 1) % width != 0)
      maze_set_wall_open (m, i, MAZE_E, true, &err);
  for (uint32_t y = 0; y + 1 < height; y++)
    maze_set_wall_open (m, y * width, MAZE_S, true, &err);
  g_assert_cmpint (maze_meta_set (m, "title", title, &err), ==, MAZE_OK);
  return m;
}

static GBytes *
maze_bytes (const Maze *m)
{
  MazeError err = { 0 };
  size_t len;
  void *data = maze_save_memory (m, &len, &err);

  g_assert_nonnull (data);
  return g_bytes_new_take (data, len);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in @dir, sorted, joined by spaces. */
static char *
listing (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

static char *
title_of (const char *path)
{
  MazeError err = { 0 };
  Maze *m = maze_load_file (path, &err);
  char *title;

  g_assert_nonnull (m);
  title = g_strdup (maze_meta_get (m, "title"));
  maze_free (m);
  return title;
}

static void
save_title (const char *path,
            const char *title)
{
  MazeError err = { 0 };
  Maze *m = some_maze (6, 4, title);

  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_assert_cmpstr (err.message, ==, "");
  maze_free (m);
}

/* ---- regular files and links ---- */

static void
test_symlink_target_replaced (Fixture       *fx,
                              gconstpointer  data)
{
  g_autofree char *real = g_build_filename (fx->dir, "real.maze", NULL);
  g_autofree char *link = g_build_filename (fx->dir, "link.maze", NULL);
  g_autofree char *names = NULL, *title = NULL, *target = NULL;
  struct stat st;

  save_title (real, "old");
  g_assert_cmpint (g_chmod (real, 0604), ==, 0);
  g_assert_cmpint (symlink ("real.maze", link), ==, 0);
  save_title (link, "new");

  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "real.maze");
  title = title_of (real);
  g_assert_cmpstr (title, ==, "new");
  g_assert_cmpint (stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0604);
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "link.maze real.maze");
}

/* A chain of links, one of them relative to another folder. */
static void
test_symlink_chain (Fixture       *fx,
                    gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fx->dir, "sub", NULL);
  g_autofree char *real = g_build_filename (sub, "real.maze", NULL);
  g_autofree char *mid = g_build_filename (sub, "mid", NULL);
  g_autofree char *top = g_build_filename (fx->dir, "top.maze", NULL);
  g_autofree char *title = NULL, *names = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  save_title (real, "old");
  g_assert_cmpint (symlink ("real.maze", mid), ==, 0);
  g_assert_cmpint (symlink ("sub/mid", top), ==, 0);
  save_title (top, "through two links");
  title = title_of (real);
  g_assert_cmpstr (title, ==, "through two links");
  g_assert_cmpint (lstat (top, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (mid, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  names = listing (sub);
  g_assert_cmpstr (names, ==, "mid real.maze");
}

/* A dangling link: its target is created, the link stays. */
static void
test_symlink_dangling (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *link = g_build_filename (fx->dir, "link.maze", NULL);
  g_autofree char *real = g_build_filename (fx->dir, "made.maze", NULL);
  g_autofree char *title = NULL, *names = NULL;
  struct stat st;

  g_assert_cmpint (symlink ("made.maze", link), ==, 0);
  save_title (link, "created");
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (real, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));
  title = title_of (link);
  g_assert_cmpstr (title, ==, "created");
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "link.maze made.maze");
}

/* A dangling link into a folder that does not exist: the message names
 * the user's path. */
static void
test_symlink_dangling_no_folder (Fixture       *fx,
                                 gconstpointer  data)
{
  g_autofree char *link = g_build_filename (fx->dir, "link.maze", NULL);
  g_autofree char *want = g_strdup_printf ("cannot save '%s': No such file or directory", link);
  MazeError err = { 0 };
  Maze *m = some_maze (3, 3, "t");

  g_assert_cmpint (symlink ("nowhere/x.maze", link), ==, 0);
  g_assert_cmpint (maze_output_check (link, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (maze_save_file (m, link, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  maze_free (m);
}

static void
test_symlink_loop (Fixture       *fx,
                   gconstpointer  data)
{
  g_autofree char *a = g_build_filename (fx->dir, "a", NULL);
  g_autofree char *b = g_build_filename (fx->dir, "b", NULL);
  g_autofree char *want = NULL;
  MazeError err = { 0 };

  g_assert_cmpint (symlink ("b", a), ==, 0);
  g_assert_cmpint (symlink ("a", b), ==, 0);
  want = g_strdup_printf ("cannot save '%s': %s", a, g_strerror (ELOOP));
  g_assert_cmpint (maze_output_check (a, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
}

/* 0444: refused, even for root, and left alone; --force replaces it
 * and keeps the mode. */
static void
test_read_only_refused (Fixture       *fx,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "ro.maze", NULL);
  g_autofree char *want = g_strdup_printf ("cannot save '%s': the file is read-only", path);
  g_autofree char *title = NULL, *names = NULL;
  MazeError err = { 0 };
  Maze *m = some_maze (5, 5, "new");
  MazeOutput *out;
  struct stat st;

  save_title (path, "old");
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);

  g_assert_cmpint (maze_output_check (path, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpint (err.code, ==, MAZE_MSG_OUTPUT_READ_ONLY);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, path);
  title = title_of (path);
  g_assert_cmpstr (title, ==, "old");
  g_clear_pointer (&title, g_free);

  g_assert_cmpint (maze_output_check (path, MAZE_OUTPUT_FORCE, &err), ==, MAZE_OK);
  out = maze_output_open (path, MAZE_OUTPUT_FORCE, &err);
  g_assert_nonnull (out);
  g_assert_cmpint (maze_save_output (m, out, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_output_commit (out, &err), ==, MAZE_OK);
  title = title_of (path);
  g_assert_cmpstr (title, ==, "new");
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0444);
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "ro.maze");
  maze_free (m);
}

static void
test_directory_refused (Fixture       *fx,
                        gconstpointer  data)
{
  g_autofree char *want = g_strdup_printf ("cannot save '%s': %s", fx->dir, g_strerror (EISDIR));
  g_autofree char *slash = g_strconcat (fx->dir, "/new/", NULL);
  g_autofree char *want_slash = g_strdup_printf ("cannot save '%s': %s", slash, g_strerror (EISDIR));
  MazeError err = { 0 };
  Maze *m = some_maze (3, 3, "t");

  g_assert_cmpint (maze_save_file (m, fx->dir, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (maze_output_check (slash, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want_slash);
  maze_free (m);
}

/* A name of 255 bytes (NAME_MAX) saves, with no temporary file left, in
 * both ways of making one; 256 bytes is refused, and the message shows
 * the whole path. */
static void
test_name_max (Fixture       *fx,
               gconstpointer  data)
{
  g_autofree char *name = g_strnfill (255 - 5, 'n');
  g_autofree char *file = g_strconcat (name, ".maze", NULL);
  g_autofree char *path = g_build_filename (fx->dir, file, NULL);
  g_autofree char *too_long = g_strconcat (path, "x", NULL);
  g_autofree char *want = g_strdup_printf ("cannot save '%s': %s", too_long,
                                           g_strerror (ENAMETOOLONG));
  g_autofree char *title = NULL, *names = NULL;
  MazeError err = { 0 };
  Maze *m = some_maze (4, 4, "old");

  g_assert_cmpuint (strlen (file), ==, 255);
  save_title (path, "old");
  save_title (path, "long name");
  title = title_of (path);
  g_assert_cmpstr (title, ==, "long name");
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, file);

  g_assert_cmpint (maze_save_file (m, too_long, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpuint (strlen (err.message), >, 256);
  g_assert_cmpstr (err.message, ==, want);
  maze_free (m);
}

/* Multibyte names are cut at a character boundary in the temporary name. */
static void
test_name_max_utf8 (Fixture       *fx,
                    gconstpointer  data)
{
  GString *name = g_string_new (NULL);
  g_autofree char *path = NULL, *names = NULL, *title = NULL;

  while (name->len + 2 + 5 <= 255)
    g_string_append (name, "é");
  g_string_append (name, ".maze");
  path = g_build_filename (fx->dir, name->str, NULL);
  save_title (path, "old");
  save_title (path, "accents");
  title = title_of (path);
  g_assert_cmpstr (title, ==, "accents");
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, name->str);
  g_string_free (name, TRUE);
}

/* A long folder path: messages are never cut. */
static void
test_long_path_message (Fixture       *fx,
                        gconstpointer  data)
{
  GString *path = g_string_new (fx->dir);
  g_autofree char *want = NULL;
  MazeError err = { 0 };
  Maze *m = some_maze (3, 3, "t");

  while (path->len < 3000)
    g_string_append (path, "/a-folder-that-is-not-there");
  g_string_append (path, "/x.maze");
  want = g_strdup_printf ("cannot save '%s': %s", path->str, g_strerror (ENOENT));
  g_assert_cmpint (maze_save_file (m, path->str, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, path->str);
  g_string_free (path, TRUE);
  maze_free (m);
}

/* ---- written directly ---- */

/* A character device made here (the one of /dev/null): written into, not
 * replaced. */
static void
test_char_device_written (Fixture       *fx,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "null", NULL);
  MazeError err = { 0 };
  Maze *m = some_maze (8, 8, "into the void");
  struct stat st;

  if (mknod (path, S_IFCHR | 0666, makedev (1, 3)) != 0)
    {
      g_test_skip ("mknod needs CAP_MKNOD");
      maze_free (m);
      return;
    }
  g_assert_cmpint (maze_output_check (path, 0, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpuint (major (st.st_rdev), ==, 1);
  g_assert_cmpuint (minor (st.st_rdev), ==, 3);
  maze_free (m);
}

/* The device of /dev/full: the write fails, the failure is reported with
 * the user's path, and the device stays. */
static void
test_char_device_full (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "full", NULL);
  g_autofree char *link = g_build_filename (fx->dir, "full-link", NULL);
  g_autofree char *want = g_strdup_printf ("cannot save '%s': %s", path, g_strerror (ENOSPC));
  g_autofree char *want_link = g_strdup_printf ("cannot save '%s': %s", link, g_strerror (ENOSPC));
  MazeError err = { 0 };
  Maze *m = some_maze (8, 8, "full");
  struct stat st;

  if (mknod (path, S_IFCHR | 0666, makedev (1, 7)) != 0)
    {
      g_test_skip ("mknod needs CAP_MKNOD");
      maze_free (m);
      return;
    }
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  g_assert_cmpint (symlink ("full", link), ==, 0);
  g_assert_cmpint (maze_save_file (m, link, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want_link);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  maze_free (m);
}

typedef struct
{
  char       *path;
  int         fd;     /* or -1: open path */
  GByteArray *got;
} Reader;

static gpointer
read_all (gpointer data)
{
  Reader *r = data;
  int fd = r->fd >= 0 ? r->fd : open (r->path, O_RDONLY | O_CLOEXEC);
  guint8 buf[65536];
  ssize_t n;

  g_assert_cmpint (fd, >=, 0);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_byte_array_append (r->got, buf, (guint) n);
  g_assert_cmpint (n, ==, 0);
  close (fd);
  return NULL;
}

/* A FIFO gets the file, streamed, and stays a FIFO. */
static void
test_fifo_streamed (Fixture       *fx,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "pipe", NULL);
  Reader r = { path, -1, g_byte_array_new () };
  MazeError err = { 0 };
  Maze *m = some_maze (300, 200, "through a pipe");
  g_autoptr (GBytes) want = maze_bytes (m);
  GThread *thread;
  struct stat st;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  thread = g_thread_new ("reader", read_all, &r);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_thread_join (thread);
  g_assert_cmpmem (r.got->data, r.got->len,
                   g_bytes_get_data (want, NULL), g_bytes_get_size (want));
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_byte_array_unref (r.got);
  maze_free (m);
}

/* /proc/self/fd/N, /dev/fd/N and a link to one: the descriptor is written,
 * nothing is replaced. */
static void
test_fd_paths (Fixture       *fx,
               gconstpointer  data)
{
  const char *forms[] = { "/proc/self/fd/", "/dev/fd/", "link" };
  Maze *m = some_maze (40, 30, "to a descriptor");
  g_autoptr (GBytes) want = maze_bytes (m);

  for (guint k = 0; k < G_N_ELEMENTS (forms); k++)
    {
      g_autofree char *path = NULL;
      MazeError err = { 0 };
      Reader r = { NULL, -1, g_byte_array_new () };
      GThread *thread;
      int fds[2];

      g_assert_cmpint (pipe (fds), ==, 0);
      r.fd = fds[0];
      if (g_str_equal (forms[k], "link"))
        {
          g_autofree char *target = g_strdup_printf ("/proc/self/fd/%d", fds[1]);

          path = g_build_filename (fx->dir, "stdout-link", NULL);
          g_unlink (path);
          g_assert_cmpint (symlink (target, path), ==, 0);
        }
      else
        path = g_strdup_printf ("%s%d", forms[k], fds[1]);
      thread = g_thread_new ("reader", read_all, &r);
      g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
      close (fds[1]);
      g_thread_join (thread);
      g_assert_cmpmem (r.got->data, r.got->len,
                       g_bytes_get_data (want, NULL), g_bytes_get_size (want));
      g_byte_array_unref (r.got);
    }
  maze_free (m);
}

/* maze_output_open_fd: standard output's way; errors name the label. */
static void
test_open_fd (Fixture       *fx,
              gconstpointer  data)
{
  Maze *m = some_maze (5, 5, "fd");
  g_autoptr (GBytes) want = maze_bytes (m);
  Reader r = { NULL, -1, g_byte_array_new () };
  MazeError err = { 0 };
  MazeOutput *out;
  GThread *thread;
  int fds[2];

  g_assert_cmpint (pipe (fds), ==, 0);
  r.fd = fds[0];
  thread = g_thread_new ("reader", read_all, &r);
  out = maze_output_open_fd (fds[1], "standard output", &err);
  g_assert_nonnull (out);
  g_assert_false (maze_output_seekable (out));
  g_assert_cmpstr (maze_output_name (out), ==, "standard output");
  g_assert_cmpint (maze_save_output (m, out, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_output_commit (out, &err), ==, MAZE_OK);
  close (fds[1]);
  g_thread_join (thread);
  g_assert_cmpmem (r.got->data, r.got->len,
                   g_bytes_get_data (want, NULL), g_bytes_get_size (want));
  g_byte_array_unref (r.got);

  /* a read-only descriptor */
  g_assert_cmpint (pipe (fds), ==, 0);
  g_assert_null (maze_output_open_fd (fds[0], "standard output", &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_IO_WRITE_TO);
  g_assert_cmpstr (err.message, ==, "cannot write to standard output: Bad file descriptor");
  close (fds[0]);
  close (fds[1]);
  maze_free (m);
}

static gpointer
accept_and_read (gpointer data)
{
  Reader *r = data;
  int conn = accept (r->fd, NULL, NULL);

  g_assert_cmpint (conn, >=, 0);
  close (r->fd);
  r->fd = conn;
  return read_all (r);
}

/* A Unix socket: connected to and written, not replaced. */
static void
test_socket_written (Fixture       *fx,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "sock", NULL);
  Maze *m = some_maze (30, 20, "over a socket");
  g_autoptr (GBytes) want = maze_bytes (m);
  Reader r = { NULL, -1, g_byte_array_new () };
  struct sockaddr_un addr = { AF_UNIX, "" };
  MazeError err = { 0 };
  GThread *thread;
  struct stat st;

  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, path);
  r.fd = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (bind (r.fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  g_assert_cmpint (listen (r.fd, 1), ==, 0);
  thread = g_thread_new ("reader", accept_and_read, &r);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_thread_join (thread);
  g_assert_cmpmem (r.got->data, r.got->len,
                   g_bytes_get_data (want, NULL), g_bytes_get_size (want));
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISSOCK (st.st_mode));
  g_byte_array_unref (r.got);
  maze_free (m);
}

/* ---- checks before the work ---- */

static void
test_check_before_work (Fixture       *fx,
                        gconstpointer  data)
{
  g_autofree char *fresh = g_build_filename (fx->dir, "fresh.maze", NULL);
  g_autofree char *missing = g_build_filename (fx->dir, "gone", "x.maze", NULL);
  g_autofree char *file = g_build_filename (fx->dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (file, "x.maze", NULL);
  g_autofree char *want = NULL, *names = NULL;
  MazeError err = { 0 };

  g_assert_cmpint (maze_output_check (fresh, 0, &err), ==, MAZE_OK);
  want = g_strdup_printf ("cannot save '%s': %s", missing, g_strerror (ENOENT));
  g_assert_cmpint (maze_output_check (missing, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_clear_pointer (&want, g_free);

  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  want = g_strdup_printf ("cannot save '%s': %s", under_file, g_strerror (ENOTDIR));
  g_assert_cmpint (maze_output_check (under_file, 0, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);

  /* nothing was created */
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "file");
}

/* A failed write stops the output: later writes fail too, and the
 * commit reports the first reason and removes the temporary file. */
static ssize_t
write_enospc (int         fd,
              const void *buf,
              size_t      len)
{
  errno = ENOSPC;
  return -1;
}

static void
test_abort_and_failure (Fixture       *fx,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "x.png", NULL);
  g_autofree char *want = g_strdup_printf ("cannot save '%s': %s", path, g_strerror (ENOSPC));
  g_autofree char *names = NULL;
  MazeError err = { 0 };
  MazeOutput *out;

  out = maze_output_open (path, 0, &err);
  g_assert_nonnull (out);
  g_assert_true (maze_output_seekable (out));
  g_assert_true (maze_output_write (out, "abc", 3));
  maze_output_abort (out);
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "");

  out = maze_output_open (path, 0, &err);
  maze_io_hooks.write_fn = write_enospc;
  g_assert_false (maze_output_write (out, "abc", 3));
  maze_io_hooks_reset ();
  g_assert_true (maze_output_failed (out));
  g_assert_false (maze_output_write (out, "abc", 3));
  g_assert_cmpint (maze_output_error (out, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  memset (&err, 0, sizeof err);
  g_assert_cmpint (maze_output_commit (out, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_clear_pointer (&names, g_free);
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "");
}

/* ---- signals ---- */

/* What a front end does (the CLI's and the app's main.c): on a fatal
 * signal, the unfinished temporary files go, then the process dies of
 * it. */
static void
on_fatal_signal (int sig)
{
  maze_output_remove_pending ();
  signal (sig, SIG_DFL);
  raise (sig);
}

/* The child saves a big maze; the write hook tells the parent, through a
 * pipe, that the save is half-way and then waits, so the parent's signal
 * arrives at a known point, with no timing involved. */
static int signal_pipe = -1;

static ssize_t
write_then_wait (int         fd,
                 const void *buf,
                 size_t      len)
{
  static int calls;

  if (++calls == 3)
    {
      char c = 'w';

      if (write (signal_pipe, &c, 1) != 1)
        _exit (99);
      for (;;)
        pause ();
    }
  return write (fd, buf, len);
}

static void
check_killed_mid_save (Fixture *fx,
                       int      sig)
{
  g_autofree char *path = g_build_filename (fx->dir, "big.maze", NULL);
  g_autofree char *names = NULL, *title = NULL;
  int fds[2], status;
  pid_t child;
  char c;

  save_title (path, "old");
  g_assert_cmpint (pipe (fds), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      MazeError err = { 0 };
      Maze *m = some_maze (1000, 1000, "new");

      close (fds[0]);
      /* The child's handler, as a front end's: set whatever the signal
       * was inherited as (ignored under nohup or a runner in the
       * background would make the child immune and the test hang). */
      signal (sig, on_fatal_signal);
      signal_pipe = fds[1];
      maze_io_hooks.write_fn = write_then_wait;
      maze_save_file (m, path, &err);
      _exit (0);
    }
  close (fds[1]);
  g_assert_cmpint (read (fds[0], &c, 1), ==, 1);
  close (fds[0]);
  g_assert_cmpint (kill (child, sig), ==, 0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, sig);

  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "big.maze");
  title = title_of (path);
  g_assert_cmpstr (title, ==, "old");
}

static void
test_sigint_mid_save (Fixture       *fx,
                      gconstpointer  data)
{
  check_killed_mid_save (fx, SIGINT);
}

static void
test_sigterm_mid_save (Fixture       *fx,
                       gconstpointer  data)
{
  check_killed_mid_save (fx, SIGTERM);
}

static void
test_sighup_mid_save (Fixture       *fx,
                      gconstpointer  data)
{
  check_killed_mid_save (fx, SIGHUP);
}

/* The named temporary file also goes between the link of an O_TMPFILE
 * and the rename: a signal raised by the rename hook, there. */
static int
rename_then_signal (int         from_dir,
                    const char *from,
                    int         to_dir,
                    const char *to)
{
  raise (SIGTERM);
  return renameat (from_dir, from, to_dir, to);
}

static void
test_signal_at_rename (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "x.maze", NULL);
  g_autofree char *names = NULL, *title = NULL;
  int status;
  pid_t child;

  save_title (path, "old");
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      MazeError err = { 0 };
      Maze *m = some_maze (10, 10, "new");

      signal (SIGTERM, on_fatal_signal);
      maze_io_hooks.rename_fn = rename_then_signal;
      maze_save_file (m, path, &err);
      _exit (0);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGTERM);
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "x.maze");
  title = title_of (path);
  g_assert_cmpstr (title, ==, "old");
}

/* A program with its own SIGTERM handler keeps it. */
static void
on_term (int sig)
{
}

static void
test_own_handler_kept (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "x.maze", NULL);
  struct sigaction sa = { 0 }, old, now;

  sa.sa_handler = on_term;
  sigemptyset (&sa.sa_mask);
  g_assert_cmpint (sigaction (SIGTERM, &sa, &old), ==, 0);
  save_title (path, "t");
  g_assert_cmpint (sigaction (SIGTERM, &old, &now), ==, 0);
  g_assert_true (now.sa_handler == on_term);
}

#define ADD(name, func)                                                   \
  do {                                                                    \
    g_test_add ("/output/tmpfile/" name, Fixture, GINT_TO_POINTER (0),    \
                fixture_set_up, func, fixture_tear_down);                 \
    g_test_add ("/output/named-temp/" name, Fixture, GINT_TO_POINTER (1), \
                fixture_set_up, func, fixture_tear_down);                 \
  } while (0)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("symlink-target-replaced", test_symlink_target_replaced);
  ADD ("symlink-chain", test_symlink_chain);
  ADD ("symlink-dangling", test_symlink_dangling);
  ADD ("symlink-dangling-no-folder", test_symlink_dangling_no_folder);
  ADD ("symlink-loop", test_symlink_loop);
  ADD ("read-only-refused", test_read_only_refused);
  ADD ("directory-refused", test_directory_refused);
  ADD ("name-max", test_name_max);
  ADD ("name-max-utf8", test_name_max_utf8);
  ADD ("long-path-message", test_long_path_message);
  ADD ("char-device-written", test_char_device_written);
  ADD ("char-device-full", test_char_device_full);
  ADD ("fifo-streamed", test_fifo_streamed);
  ADD ("fd-paths", test_fd_paths);
  ADD ("open-fd", test_open_fd);
  ADD ("socket-written", test_socket_written);
  ADD ("check-before-work", test_check_before_work);
  ADD ("abort-and-failure", test_abort_and_failure);
  ADD ("sigint-mid-save", test_sigint_mid_save);
  ADD ("sigterm-mid-save", test_sigterm_mid_save);
  ADD ("sighup-mid-save", test_sighup_mid_save);
  ADD ("signal-at-rename", test_signal_at_rename);
  ADD ("own-handler-kept", test_own_handler_kept);

  return g_test_run ();
}
