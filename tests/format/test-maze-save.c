/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Atomic saving (maze-format.md 2, "Saving"): a failed save leaves the old
 * file as it was, leaves no temporary file behind, and says why.  The
 * failures are made with the engine's I/O hooks, which work even for root
 * (CI runs as root, and a read-only folder does not stop root).
 */
#include "maze-private.h"
#include "io/maze-io-private.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *tmp_dir;

/* ---- failing system calls ---- */

static int write_calls;
static int write_fail_at; /* the call number that fails with ENOSPC */

static ssize_t
write_disk_full (int         fd,
                 const void *buf,
                 size_t      len)
{
  if (++write_calls >= write_fail_at)
    {
      errno = ENOSPC;
      return -1;
    }
  /* a short write first, so the retry loop is exercised too */
  return write (fd, buf, len > 7 ? len - 7 : len);
}

static int
fsync_fails (int fd)
{
  errno = EIO;
  return -1;
}

static int
rename_fails (int         from_dir,
              const char *from,
              int         to_dir,
              const char *to)
{
  errno = EXDEV;
  return -1;
}

/* ---- helpers ---- */

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

/* The names in the test folder, sorted, joined by spaces. */
static char *
folder_listing (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

/* Save @old to a fresh folder, then try to save @new over it with the
 * hooks as the caller set them: the save fails with @reason and the old
 * file is there, unchanged, alone. */
static void
check_failed_save_keeps_old (const char *reason)
{
  MazeError err = { 0 };
  char *dir = g_build_filename (tmp_dir, "keep", NULL);
  char *path = g_build_filename (dir, "x.maze", NULL);
  char *want = g_strdup_printf ("cannot save '%s': %s", path, reason);
  MazeIoHooks failing = maze_io_hooks;
  Maze *old = some_maze (20, 10, "old");
  Maze *new = some_maze (30, 30, "new");
  gchar *before, *after, *listing;
  gsize before_len, after_len;
  Maze *back;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  maze_io_hooks_reset ();
  g_assert_cmpint (maze_save_file (old, path, &err), ==, MAZE_OK);
  g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));

  maze_io_hooks = failing;
  write_calls = 0;
  g_assert_cmpint (maze_save_file (new, path, &err), ==, MAZE_ERROR_IO);
  maze_io_hooks_reset ();
  g_assert_cmpstr (err.message, ==, want);

  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_cmpmem (after, after_len, before, before_len);
  back = maze_load_file (path, &err);
  g_assert_nonnull (back);
  g_assert_cmpstr (maze_meta_get (back, "title"), ==, "old");
  listing = folder_listing (dir);
  g_assert_cmpstr (listing, ==, "x.maze");

  maze_free (back);
  g_free (listing);
  g_free (before);
  g_free (after);
  g_unlink (path);
  g_rmdir (dir);
  g_free (want);
  g_free (path);
  g_free (dir);
  maze_free (old);
  maze_free (new);
}

/* ---- tests ---- */

static void
test_save_and_load (void)
{
  MazeError err = { 0 };
  char *path = g_build_filename (tmp_dir, "plain.maze", NULL);
  Maze *m = some_maze (40, 25, "Plain");
  Maze *back;
  struct stat st;
  mode_t mask = umask (022);
  char *listing;

  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_assert_cmpint (err.status, ==, MAZE_OK);
  umask (mask);
  /* a new file gets the usual mode, not mkstemp's 0600 */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  g_assert_cmpint (st.st_size, ==, 40 + 2 * 40 * 25 + strlen ("title=Plain\n"));
  back = maze_load_file (path, &err);
  g_assert_nonnull (back);
  g_assert_cmpmem (maze_cells_const (back), 1000 * 2, maze_cells_const (m), 1000 * 2);
  maze_free (back);

  /* saving over it keeps the file's mode, and no temporary file stays */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  maze_meta_set (m, "title", "Second", &err);
  g_assert_cmpint (maze_save_file (m, path, NULL), ==, MAZE_OK);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  back = maze_load_file (path, &err);
  g_assert_cmpstr (maze_meta_get (back, "title"), ==, "Second");
  maze_free (back);
  listing = folder_listing (tmp_dir);
  g_assert_cmpstr (listing, ==, "plain.maze");
  g_free (listing);

  g_unlink (path);
  g_free (path);
  maze_free (m);
}

/* A relative path saves in the current folder. */
static void
test_save_relative (void)
{
  MazeError err = { 0 };
  char *cwd = g_get_current_dir ();
  Maze *m = some_maze (3, 3, "here");
  Maze *back;

  g_assert_cmpint (g_chdir (tmp_dir), ==, 0);
  g_assert_cmpint (maze_save_file (m, "rel.maze", &err), ==, MAZE_OK);
  back = maze_load_file ("rel.maze", &err);
  g_assert_nonnull (back);
  g_assert_cmpstr (maze_meta_get (back, "title"), ==, "here");
  g_unlink ("rel.maze");
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  maze_free (back);
  maze_free (m);
  g_free (cwd);
}

/* Saving through a symbolic link updates the file it names. */
static void
test_save_through_symlink (void)
{
  MazeError err = { 0 };
  char *real = g_build_filename (tmp_dir, "real.maze", NULL);
  char *link = g_build_filename (tmp_dir, "link.maze", NULL);
  Maze *m = some_maze (4, 4, "first");
  Maze *back;
  struct stat st;

  g_assert_cmpint (maze_save_file (m, real, &err), ==, MAZE_OK);
  g_assert_cmpint (symlink ("real.maze", link), ==, 0);
  maze_meta_set (m, "title", "via link", &err);
  g_assert_cmpint (maze_save_file (m, link, &err), ==, MAZE_OK);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  back = maze_load_file (real, &err);
  g_assert_cmpstr (maze_meta_get (back, "title"), ==, "via link");
  maze_free (back);
  g_unlink (link);
  g_unlink (real);
  g_free (link);
  g_free (real);
  maze_free (m);
}

static void
test_disk_full_at_start (void)
{
  maze_io_hooks.write_fn = write_disk_full;
  write_fail_at = 1;
  check_failed_save_keeps_old ("No space left on device");
}

static void
test_disk_full_in_cells (void)
{
  maze_io_hooks.write_fn = write_disk_full;
  write_fail_at = 3; /* header written, part of the cells too */
  check_failed_save_keeps_old ("No space left on device");
}

static void
test_fsync_fails (void)
{
  maze_io_hooks.fsync_fn = fsync_fails;
  check_failed_save_keeps_old ("Input/output error");
}

static void
test_rename_fails (void)
{
  maze_io_hooks.rename_fn = rename_fails;
  check_failed_save_keeps_old ("Invalid cross-device link");
}

static void
test_folder_gone (void)
{
  MazeError err = { 0 };
  char *path = g_build_filename (tmp_dir, "gone", "x.maze", NULL);
  char *want = g_strdup_printf ("cannot save '%s': No such file or directory", path);
  Maze *m = some_maze (3, 3, "t");

  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_free (want);
  g_free (path);
  maze_free (m);
}

/* A read-only folder: only meaningful when not root. */
static void
test_read_only_folder (void)
{
  MazeError err = { 0 };
  char *dir, *path, *want, *listing;
  Maze *m;

  if (geteuid () == 0)
    {
      g_test_skip ("root writes into read-only folders; the hook tests cover this");
      return;
    }
  dir = g_build_filename (tmp_dir, "ro", NULL);
  path = g_build_filename (dir, "x.maze", NULL);
  want = g_strdup_printf ("cannot save '%s': Permission denied", path);
  m = some_maze (5, 5, "old");
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_OK);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  maze_meta_set (m, "title", "new", &err);
  g_assert_cmpint (maze_save_file (m, path, &err), ==, MAZE_ERROR_IO);
  g_assert_cmpstr (err.message, ==, want);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  maze_free (m);
  m = maze_load_file (path, &err);
  g_assert_cmpstr (maze_meta_get (m, "title"), ==, "old");
  listing = folder_listing (dir);
  g_assert_cmpstr (listing, ==, "x.maze");
  g_unlink (path);
  g_rmdir (dir);
  g_free (listing);
  g_free (want);
  g_free (path);
  g_free (dir);
  maze_free (m);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bitmaze-save-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/format/save/save-and-load", test_save_and_load);
  g_test_add_func ("/format/save/relative-path", test_save_relative);
  g_test_add_func ("/format/save/through-symlink", test_save_through_symlink);
  g_test_add_func ("/format/save/disk-full-at-start", test_disk_full_at_start);
  g_test_add_func ("/format/save/disk-full-in-cells", test_disk_full_in_cells);
  g_test_add_func ("/format/save/fsync-fails", test_fsync_fails);
  g_test_add_func ("/format/save/rename-fails", test_rename_fails);
  g_test_add_func ("/format/save/folder-gone", test_folder_gone);
  g_test_add_func ("/format/save/read-only-folder", test_read_only_folder);

  ret = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
