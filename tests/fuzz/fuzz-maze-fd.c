/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-maze-fd.c: the libFuzzer / AFL++ target for the readers and
 * writers that go through file descriptors, the ones bitmaze-cli and the
 * app use on real files (fuzz-maze-reader.c covers the memory and stdio
 * ones).
 *
 * For every input:
 *
 *  - maze_load_file() on a memfd, through /proc/self/fd/N: a regular file
 *    whose size is known, the sized reader (read() straight into the
 *    maze's cells);
 *  - maze_load_file() on a FIFO that a thread fills with the input: a
 *    file of unknown size, read with read() into a buffer that grows with
 *    what arrives;
 *
 *  - maze_load_stdio() on the memfd, a stream whose size fstat() knows;
 *
 * all must reach the memory loader's verdict with its message (a FIFO
 * says "found more" for trailing data).  A fourth load of the memfd has
 * its read() replaced (maze_io_hooks): the file shrinks, fails or grows
 * while it is read, at a place the input's CRC chooses, and the reader
 * must refuse it with the matching message, never take a partial maze.
 * An accepted input must then be written back to exactly its bytes in
 * every way: into a new file of our own, which the writer seeks in
 * (maze_save_file() into a folder on tmpfs), into a descriptor it writes
 * once, in order (maze_output_open_fd() on a memfd), and into a stdio
 * stream (maze_save_stdio()).
 *
 * Once, at the start, the error paths that need a certain file are
 * walked too: no such file, a folder, an empty file, a stream that cannot
 * be read, a file bigger than the FIFO reader's first buffer, reads that
 * fail, a stream whose reader has gone, a save into a missing folder and
 * one whose writes fail.
 *
 * Each input is tried as it is and again with its checksums made right,
 * as in fuzz-maze-reader.c.  Build and run it as that one (README.md).
 */
#define _GNU_SOURCE /* memfd_create */

#include "maze.h"
#include "fuzz-crc.h"
#include "maze-output.h"
#include "io/maze-io-private.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static char *save_dir;
static char *save_path;
static char *fifo_path;

static void
check (bool        ok,
       const char *what)
{
  if (!ok)
    {
      fprintf (stderr, "fuzz-maze-fd: %s\n", what);
      abort ();
    }
}

/* Writing a file's bytes to disk is no part of what is tested here. */
static int
no_fsync (int fd)
{
  return 0;
}

/* ---- a file that changes while it is read ---- */

typedef enum
{
  CHANGE_SHRINK, /* ends after @cut bytes */
  CHANGE_FAIL,   /* read() fails with EIO after @cut bytes */
  CHANGE_GROW,   /* one more byte than fstat() said */
} Change;

static struct
{
  Change mode;
  size_t cut;
  size_t delivered;
  bool   grown;
} change;

static ssize_t
read_changing (int    fd,
               void  *buf,
               size_t len)
{
  ssize_t n;

  if (change.mode != CHANGE_GROW && change.delivered >= change.cut)
    {
      if (change.mode == CHANGE_FAIL)
        {
          errno = EIO;
          return -1;
        }
      return 0;
    }
  if (change.mode != CHANGE_GROW && len > change.cut - change.delivered)
    len = change.cut - change.delivered;
  n = read (fd, buf, len);
  if (n == 0 && change.mode == CHANGE_GROW && !change.grown && len > 0)
    {
      change.grown = true;
      *(uint8_t *) buf = 'x';
      n = 1;
    }
  if (n > 0)
    change.delivered += (size_t) n;
  return n;
}

static void walk_error_paths (void);

static void
clean_up (void)
{
  unlink (save_path);
  unlink (fifo_path);
  rmdir (save_dir);
}

static void
set_up (void)
{
  const char *bases[] = { "/dev/shm", getenv ("TMPDIR"), "/tmp" };

  if (save_dir != NULL)
    return;
  for (size_t k = 0; k < sizeof bases / sizeof bases[0] && save_dir == NULL; k++)
    {
      char *dir;

      if (bases[k] == NULL || asprintf (&dir, "%s/fuzz-maze-fd-XXXXXX", bases[k]) < 0)
        continue;
      if (mkdtemp (dir) != NULL)
        save_dir = dir;
      else
        free (dir);
    }
  check (save_dir != NULL, "no folder to save into");
  check (asprintf (&save_path, "%s/m.maze", save_dir) > 0 &&
         asprintf (&fifo_path, "%s/fifo", save_dir) > 0, "out of memory");
  check (mkfifo (fifo_path, 0600) == 0, "mkfifo failed");
  atexit (clean_up);
  maze_io_hooks.fsync_fn = no_fsync;
  /* the reader may close the FIFO before all of a bad input is in */
  signal (SIGPIPE, SIG_IGN);
  walk_error_paths ();
}

/* Writes the input; false when the reader has gone (EPIPE). */
static bool
write_all (int            fd,
           const uint8_t *data,
           size_t         size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0)
        return false;
      data += n;
      size -= (size_t) n;
    }
  return true;
}

/* The whole of @fd, from its start (malloc), its length in *@len. */
static uint8_t *
read_back (int     fd,
           size_t *len)
{
  struct stat st;
  uint8_t *buf;

  check (fstat (fd, &st) == 0, "cannot stat what was written");
  buf = malloc ((size_t) st.st_size + 1);
  check (buf != NULL, "out of memory");
  check (pread (fd, buf, (size_t) st.st_size, 0) == st.st_size, "cannot read back");
  *len = (size_t) st.st_size;
  return buf;
}

static void
check_same_verdict (const Maze      *maze,
                    const MazeError *error,
                    const Maze      *other,
                    const MazeError *other_error,
                    bool             sized,
                    const char      *how)
{
  char what[128];

  snprintf (what, sizeof what, "the %s reader disagrees with the memory reader", how);
  check ((maze == NULL) == (other == NULL), what);
  if (maze != NULL)
    {
      check (maze_width (maze) == maze_width (other) &&
             maze_height (maze) == maze_height (other) &&
             maze_start (maze) == maze_start (other) &&
             maze_goal (maze) == maze_goal (other) &&
             memcmp (maze_cells_const (maze), maze_cells_const (other),
                     (size_t) maze_n_cells (maze) * 2) == 0 &&
             maze_meta_count (maze) == maze_meta_count (other), what);
      return;
    }
  check (error->status == other_error->status, what);
  check (error->code == other_error->code ||
         (!sized && error->code == MAZE_MSG_TRAILING_DATA &&
          other_error->code == MAZE_MSG_TRAILING_DATA_MORE), what);
  if (sized || error->code != MAZE_MSG_TRAILING_DATA)
    check (strcmp (error->message, other_error->message) == 0, what);
}

/* The sized reader: a regular file (a memfd) through its /proc path. */
static void
load_from_file (const uint8_t   *data,
                size_t           size,
                const Maze      *maze,
                const MazeError *error)
{
  MazeError ferr = { 0 };
  char path[64];
  Maze *other;
  int fd = memfd_create ("fuzz-maze", MFD_CLOEXEC);

  check (fd >= 0, "memfd_create failed");
  check (write_all (fd, data, size), "cannot write the input");
  snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
  other = maze_load_file (path, &ferr);
  check_same_verdict (maze, error, other, &ferr, true, "file");
  maze_free (other);

  /* the same file as a stdio stream, whose size fstat() knows */
  {
    FILE *stream;

    check (lseek (fd, 0, SEEK_SET) == 0, "lseek failed");
    stream = fdopen (dup (fd), "rb");
    check (stream != NULL, "fdopen failed");
    memset (&ferr, 0, sizeof ferr);
    other = maze_load_stdio (stream, &ferr);
    fclose (stream);
    check_same_verdict (maze, error, other, &ferr, true, "stdio");
    maze_free (other);
  }

  /* the file changes while it is read */
  if (size > 0)
    {
      uint32_t pick = maze_crc32 (0, data, size);

      change.mode = (Change) (pick % 3);
      change.cut = (pick >> 2) % (size + 1);
      change.delivered = 0;
      change.grown = false;
      maze_io_hooks.read_fn = read_changing;
      memset (&ferr, 0, sizeof ferr);
      other = maze_load_file (path, &ferr);
      maze_io_hooks.read_fn = read;
      if (change.mode == CHANGE_GROW)
        check (maze == NULL ? other == NULL
                            : other == NULL && ferr.code == MAZE_MSG_TRAILING_DATA_MORE,
               "a file that grew while it was read was taken");
      else
        {
          check (other == NULL || change.cut == size,
                 "a file that shrank or failed while it was read was taken");
          if (maze != NULL && change.mode == CHANGE_FAIL && change.cut < size)
            check (ferr.status == MAZE_ERROR_IO && strstr (ferr.message, path) != NULL,
                   "a read error was not reported as one");
          if (maze != NULL && change.mode == CHANGE_SHRINK && change.cut < size)
            check (ferr.code == MAZE_MSG_TRUNCATED || ferr.code == MAZE_MSG_TRUNCATED_HEADER ||
                   ferr.code == MAZE_MSG_EMPTY_FILE,
                   "a file that shrank was not reported as truncated");
        }
      maze_free (other);
    }
  close (fd);
}

typedef struct
{
  const uint8_t *data;
  size_t         size;
} Feed;

/* Opening the FIFO waits for the reader, as a shell's pipe would. */
static void *
feed_fifo (void *p)
{
  Feed *feed = p;
  int fd = open (fifo_path, O_WRONLY | O_CLOEXEC);

  check (fd >= 0, "cannot open the FIFO");
  write_all (fd, feed->data, feed->size);
  close (fd);
  return NULL;
}

static Maze *
load_fifo (const uint8_t *data,
           size_t         size,
           MazeError     *error)
{
  Feed feed = { data, size };
  pthread_t writer;
  Maze *maze;

  check (pthread_create (&writer, NULL, feed_fifo, &feed) == 0, "no thread");
  maze = maze_load_file (fifo_path, error);
  pthread_join (writer, NULL);
  return maze;
}

/* The unsized reader with read(): a FIFO a thread writes the input to. */
static void
load_from_fifo (const uint8_t   *data,
                size_t           size,
                const Maze      *maze,
                const MazeError *error)
{
  MazeError perr = { 0 };
  Maze *other = load_fifo (data, size, &perr);

  check_same_verdict (maze, error, other, &perr, false, "FIFO");
  maze_free (other);
}

/* Both ways of writing give back the input's bytes. */
static void
save_both_ways (const Maze    *maze,
                const uint8_t *data,
                size_t         size)
{
  MazeError err = { 0 };
  MazeOutput *out;
  uint8_t *bytes;
  size_t len;
  int fd;

  /* once, in order, into a descriptor */
  fd = memfd_create ("fuzz-maze-out", MFD_CLOEXEC);
  check (fd >= 0, "memfd_create failed");
  out = maze_output_open_fd (fd, "the memfd", &err);
  check (out != NULL && !maze_output_seekable (out), "cannot open the memfd");
  check (maze_save_output (maze, out, NULL) == MAZE_OK, "cannot write to the memfd");
  check (maze_output_commit (out, &err) == MAZE_OK, "cannot finish the memfd");
  bytes = read_back (fd, &len);
  close (fd);
  check (len == size && memcmp (bytes, data, size) == 0,
         "writing to a descriptor does not give back the input");
  free (bytes);

  /* into a new file, atomically, seeking back to the header */
  check (maze_save_file (maze, save_path, &err) == MAZE_OK, "cannot save to a file");
  fd = open (save_path, O_RDONLY | O_CLOEXEC);
  check (fd >= 0, "cannot open the saved file");
  bytes = read_back (fd, &len);
  close (fd);
  check (len == size && memcmp (bytes, data, size) == 0,
         "saving to a file does not give back the input");
  free (bytes);

  /* into a stdio stream */
  {
    char *buf = NULL;
    size_t buf_len = 0;
    FILE *stream = open_memstream (&buf, &buf_len);

    check (stream != NULL, "open_memstream failed");
    check (maze_save_stdio (maze, stream, NULL) == MAZE_OK, "cannot save to a stream");
    fclose (stream);
    check (buf_len == size && memcmp (buf, data, size) == 0,
           "saving to a stream does not give back the input");
    free (buf);
  }
}

static ssize_t
write_fails (int         fd,
             const void *buf,
             size_t      len)
{
  errno = ENOSPC;
  return -1;
}

/* The error paths that need a certain file, once. */
static void
walk_error_paths (void)
{
  MazeError err = { 0 };
  char *missing, *in_missing;
  Maze *maze;
  FILE *stream;
  void *bytes;
  size_t len;
  int fd;

  check (asprintf (&missing, "%s/no-such-file", save_dir) > 0 &&
         asprintf (&in_missing, "%s/no-such-folder/m.maze", save_dir) > 0, "out of memory");
  check (maze_load_file (missing, &err) == NULL && err.code == MAZE_MSG_IO_OPEN,
         "a missing file was not refused");
  check (maze_load_file (save_dir, &err) == NULL && err.code == MAZE_MSG_IO_READ,
         "a folder was not refused");
  fd = memfd_create ("empty", MFD_CLOEXEC);
  check (fd >= 0, "memfd_create failed");
  stream = fdopen (fd, "rb");
  check (maze_load_stdio (stream, &err) == NULL && err.code == MAZE_MSG_EMPTY_FILE,
         "an empty file was not refused");
  fclose (stream);
  /* a stream on a folder opens, and its reads fail */
  stream = fopen (save_dir, "rb");
  if (stream != NULL)
    {
      check (maze_load_stdio (stream, &err) == NULL && err.code == MAZE_MSG_IO_READ_STREAM,
             "a stream that cannot be read was not refused");
      fclose (stream);
    }

  /* a file bigger than the FIFO reader's first buffer comes whole */
  maze = maze_new (300, 200, &err);
  check (maze != NULL, "out of memory");
  bytes = maze_save_memory (maze, &len, &err);
  check (bytes != NULL, "out of memory");
  load_from_fifo (bytes, len, maze, &err);

  /* reads that fail: right after the announced end of a file of known
   * size, and in the middle of a FIFO */
  fd = memfd_create ("whole", MFD_CLOEXEC);
  check (fd >= 0 && write_all (fd, bytes, len), "cannot write the input");
  {
    char path[64];
    Maze *other;

    snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
    change.mode = CHANGE_FAIL;
    change.cut = len;
    change.delivered = 0;
    maze_io_hooks.read_fn = read_changing;
    other = maze_load_file (path, &err);
    check (other == NULL && err.code == MAZE_MSG_IO_READ, "a failed read was not reported");
    change.cut = 1000;
    change.delivered = 0;
    other = maze_load_file (path, &err);
    check (other == NULL && err.code == MAZE_MSG_IO_READ, "a failed read was not reported");
    change.delivered = 0;
    other = load_fifo (bytes, len, &err);
    check (other == NULL && err.code == MAZE_MSG_IO_READ, "a failed read was not reported");
    maze_io_hooks.read_fn = read;
  }
  close (fd);

  /* a stream whose reader has gone */
  {
    int fds[2];

    check (pipe (fds) == 0, "pipe failed");
    close (fds[0]);
    stream = fdopen (fds[1], "wb");
    check (stream != NULL, "fdopen failed");
    check (maze_save_stdio (maze, stream, &err) == MAZE_ERROR_IO &&
           err.code == MAZE_MSG_IO_WRITE_STREAM, "a failed stream was not reported");
    fclose (stream);
  }

  /* saves that fail leave nothing behind and say why */
  check (maze_save_file (maze, in_missing, NULL) == MAZE_ERROR_IO,
         "a save into a missing folder did not fail");
  maze_io_hooks.write_fn = write_fails;
  check (maze_save_file (maze, save_path, &err) == MAZE_ERROR_IO &&
         strstr (err.message, "No space left") != NULL,
         "a save whose writes fail did not say so");
  maze_io_hooks.write_fn = write;
  check (access (save_path, F_OK) != 0, "a failed save left a file");

  free (bytes);
  maze_free (maze);
  free (missing);
  free (in_missing);
}

static void
run_one (const uint8_t *data,
         size_t         size)
{
  MazeError error = { 0 };
  Maze *maze = maze_load_memory (data, size, &error);

  load_from_file (data, size, maze, &error);
  load_from_fifo (data, size, maze, &error);
  if (maze != NULL)
    save_both_ways (maze, data, size);
  maze_free (maze);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  set_up ();
  fuzz_run_with_right_crcs (data, size, run_one);
  return 0;
}
