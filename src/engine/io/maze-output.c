/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-output.c: the one way Bitmaze writes a file (see maze-output.h for
 * the rule).
 *
 * Everything happens relative to a descriptor of the target's folder
 * (openat, linkat, renameat, unlinkat), so the temporary file is always
 * beside the target, its name only has to fit NAME_MAX, and a folder
 * renamed meanwhile cannot send the file elsewhere.
 */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH */

#include "maze-private.h"
#include "maze-io-private.h"
#include "maze-output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* ".NAME.XXXXXX": the dot, the separator and six random characters. */
#define TMP_EXTRA     8
#define TMP_ATTEMPTS  100
/* Symbolic links followed before ELOOP, as the kernel does. */
#define MAX_LINKS     40
/* Outputs with a named temporary file at the same time (per process). */
#define MAX_PENDING   32

static int
renameat_default (int         from_dir,
                  const char *from,
                  int         to_dir,
                  const char *to)
{
  return renameat (from_dir, from, to_dir, to);
}

MazeIoHooks maze_io_hooks = { write, fsync, renameat_default, true, read };

void
maze_io_hooks_reset (void)
{
  maze_io_hooks.write_fn = write;
  maze_io_hooks.fsync_fn = fsync;
  maze_io_hooks.rename_fn = renameat_default;
  maze_io_hooks.use_tmpfile = true;
  maze_io_hooks.read_fn = read;
}

typedef enum
{
  PLAN_ATOMIC,      /* replace or create target, through a temporary */
  PLAN_DIRECT_PATH, /* open target and write into it */
  PLAN_DIRECT_FD,   /* write into a copy of descriptor fd_number */
} PlanKind;

/* What the rule makes of a path. */
typedef struct
{
  PlanKind    kind;
  char       *target;    /* ATOMIC, DIRECT_PATH: the path to use (malloc) */
  int         fd_number; /* DIRECT_FD */
  bool        exists;    /* ATOMIC: a file is replaced */
  struct stat st;        /* ATOMIC: that file */
} Plan;

struct MazeOutput
{
  char *name;         /* the user's path, or a caller's label */
  bool  is_path;      /* @name is a path (messages quote it) */
  int   fd;
  bool  atomic;
  int   dir_fd;       /* atomic: the target's folder */
  char *base;         /* atomic: the target's name in that folder */
  bool  anonymous;    /* atomic: an O_TMPFILE, nameless until commit */
  char *tmp;          /* atomic: the temporary file's name, "" if none */
  size_t name_max;    /* atomic: NAME_MAX of the folder */
  int   write_errno;  /* the first failed write's errno, 0 if none */
};

/* ---- messages ---- */

static MazeStatus
fail_path (MazeError  *error,
           const char *path,
           int         err)
{
  return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_SAVE, MAZE_TEXT (path),
                         MAZE_TEXT (strerror (err)));
}

static MazeStatus
fail_output (const MazeOutput *out,
             MazeError        *error,
             int               err)
{
  if (out->is_path)
    return fail_path (error, out->name, err);
  return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_WRITE_TO, MAZE_TEXT (out->name),
                         MAZE_TEXT (strerror (err)));
}

static MazeStatus
fail_nomem (MazeError *error,
            size_t     bytes)
{
  return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                         MAZE_PHRASE (MAZE_N_("a file name")), MAZE_NUM (bytes));
}

/* ---- cleaning up on a fatal signal ---- */

/* The outputs whose temporary file has a name now.  The handler only
 * reads them and calls unlinkat(), which is async-signal-safe. */
static MazeOutput *_Atomic pending[MAX_PENDING];

static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void
on_fatal_signal (int sig)
{
  int saved = errno;

  for (size_t i = 0; i < MAX_PENDING; i++)
    {
      MazeOutput *out = atomic_load (&pending[i]);

      if (out != NULL && out->tmp[0] != '\0')
        unlinkat (out->dir_fd, out->tmp, 0);
    }
  errno = saved;
  /* SA_RESETHAND restored the default action: die of the same signal,
   * as soon as the handler returns, so the shell sees it. */
  raise (sig);
}

/* Takes over the signals whose action is still "terminate".  A program
 * with its own handler (or one that ignores the signal) keeps it. */
static void
install_signal_handlers (void)
{
  for (size_t k = 0; k < sizeof fatal_signals / sizeof fatal_signals[0]; k++)
    {
      struct sigaction old, sa;

      if (sigaction (fatal_signals[k], NULL, &old) != 0 ||
          (old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL)
        continue;
      memset (&sa, 0, sizeof sa);
      sa.sa_handler = on_fatal_signal;
      sa.sa_flags = SA_RESETHAND;
      sigemptyset (&sa.sa_mask);
      for (size_t j = 0; j < sizeof fatal_signals / sizeof fatal_signals[0]; j++)
        sigaddset (&sa.sa_mask, fatal_signals[j]);
      sigaction (fatal_signals[k], &sa, NULL);
    }
}

/* Blocks the fatal signals around a step that creates or removes a
 * temporary name and (un)registers it, so no signal falls in between. */
static void
block_signals (sigset_t *old)
{
  sigset_t set;

  sigemptyset (&set);
  for (size_t k = 0; k < sizeof fatal_signals / sizeof fatal_signals[0]; k++)
    sigaddset (&set, fatal_signals[k]);
  pthread_sigmask (SIG_BLOCK, &set, old);
}

static void
restore_signals (const sigset_t *old)
{
  pthread_sigmask (SIG_SETMASK, old, NULL);
}

static void
register_pending (MazeOutput *out)
{
  install_signal_handlers ();
  for (size_t i = 0; i < MAX_PENDING; i++)
    {
      MazeOutput *expected = NULL;

      if (atomic_compare_exchange_strong (&pending[i], &expected, out))
        return;
    }
  /* More than MAX_PENDING outputs at once: this one is not cleaned up
   * on a signal, but it is written and committed as any other. */
}

static void
unregister_pending (MazeOutput *out)
{
  for (size_t i = 0; i < MAX_PENDING; i++)
    {
      MazeOutput *expected = out;

      if (atomic_compare_exchange_strong (&pending[i], &expected, NULL))
        return;
    }
}

/* ---- the rule ---- */

/* The descriptor N named by @path ("/dev/stdout", "/dev/fd/N",
 * "/proc/self/fd/N", "/proc/PID/fd/N" of this process), or -1. */
static int
fd_named_by (const char *path)
{
  static const char *const prefixes[] = {
    "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/",
  };
  char own[64];
  const char *digits = NULL;
  long n;
  char *end;

  if (strcmp (path, "/dev/stdin") == 0)
    return 0;
  if (strcmp (path, "/dev/stdout") == 0)
    return 1;
  if (strcmp (path, "/dev/stderr") == 0)
    return 2;
  for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0] && digits == NULL; k++)
    if (strncmp (path, prefixes[k], strlen (prefixes[k])) == 0)
      digits = path + strlen (prefixes[k]);
  snprintf (own, sizeof own, "/proc/%ld/fd/", (long) getpid ());
  if (digits == NULL && strncmp (path, own, strlen (own)) == 0)
    digits = path + strlen (own);
  if (digits == NULL || *digits < '0' || *digits > '9')
    return -1;
  errno = 0;
  n = strtol (digits, &end, 10);
  if (errno != 0 || *end != '\0' || n > INT_MAX)
    return -1;
  return (int) n;
}

/* The contents of the symbolic link @path (malloc), or NULL with errno. */
static char *
read_link (const char *path)
{
  size_t cap = 256;

  for (;;)
    {
      char *buf = malloc (cap);
      ssize_t n;

      if (buf == NULL)
        return NULL;
      n = readlink (path, buf, cap);
      if (n < 0)
        {
          free (buf);
          return NULL;
        }
      if ((size_t) n < cap)
        {
          buf[n] = '\0';
          return buf;
        }
      free (buf);
      if (cap > 1u << 20)
        {
          errno = ENAMETOOLONG;
          return NULL;
        }
      cap *= 2;
    }
}

/* Where a link at @from that reads @link points: @link itself when it is
 * absolute, else @link in @from's folder.  malloc()ed, or NULL. */
static char *
link_destination (const char *from,
                  const char *link)
{
  const char *slash = strrchr (from, '/');
  size_t dir_len = slash != NULL ? (size_t) (slash - from) + 1 : 0;
  char *out;

  if (link[0] == '/' || dir_len == 0)
    return strdup (link);
  out = malloc (dir_len + strlen (link) + 1);
  if (out == NULL)
    return NULL;
  memcpy (out, from, dir_len);
  strcpy (out + dir_len, link);
  return out;
}

/* Applies the rule to @path: fills @plan, or sets @error (naming @path). */
static MazeStatus
plan_output (const char *path,
             Plan       *plan,
             MazeError  *error)
{
  char *cur;

  memset (plan, 0, sizeof *plan);
  plan->fd_number = -1;
  if (path == NULL || path[0] == '\0')
    return fail_path (error, path != NULL ? path : "", ENOENT);
  cur = strdup (path);
  if (cur == NULL)
    return fail_nomem (error, strlen (path) + 1);

  for (int hops = 0; ; hops++)
    {
      struct stat lst, st;
      int fd = fd_named_by (cur);
      char *link, *next;
      size_t next_size;

      if (fd >= 0)
        {
          free (cur);
          plan->kind = PLAN_DIRECT_FD;
          plan->fd_number = fd;
          return MAZE_OK;
        }
      if (lstat (cur, &lst) != 0)
        {
          int err = errno;

          if (err != ENOENT)
            {
              free (cur);
              return fail_path (error, path, err);
            }
          /* A new name, or the end of a dangling chain of links. */
          plan->kind = PLAN_ATOMIC;
          plan->target = cur;
          plan->exists = false;
          return MAZE_OK;
        }
      if (S_ISDIR (lst.st_mode))
        {
          free (cur);
          return fail_path (error, path, EISDIR);
        }
      if (S_ISREG (lst.st_mode))
        {
          plan->kind = PLAN_ATOMIC;
          plan->target = cur;
          plan->exists = true;
          plan->st = lst;
          return MAZE_OK;
        }
      if (!S_ISLNK (lst.st_mode))
        {
          plan->kind = PLAN_DIRECT_PATH;
          plan->target = cur;
          return MAZE_OK;
        }

      /* A link.  What the kernel reaches through it decides: a device,
       * a pipe or a socket (also behind /proc's links, whose text is no
       * path) is opened through the link itself. */
      if (stat (cur, &st) == 0)
        {
          if (S_ISDIR (st.st_mode))
            {
              free (cur);
              return fail_path (error, path, EISDIR);
            }
          if (!S_ISREG (st.st_mode))
            {
              plan->kind = PLAN_DIRECT_PATH;
              plan->target = cur;
              return MAZE_OK;
            }
        }
      else if (errno != ENOENT)
        {
          int err = errno;

          free (cur);
          return fail_path (error, path, err);
        }
      if (hops >= MAX_LINKS)
        {
          free (cur);
          return fail_path (error, path, ELOOP);
        }
      link = read_link (cur);
      if (link == NULL)
        {
          int err = errno;

          free (cur);
          return err == ENOMEM ? fail_nomem (error, PATH_MAX) : fail_path (error, path, err);
        }
      next = link_destination (cur, link);
      next_size = strlen (cur) + strlen (link) + 2;
      free (link);
      free (cur);
      if (next == NULL)
        return fail_nomem (error, next_size);
      cur = next;
    }
}

/* Splits @target into a folder (malloc) and the last component (inside
 * @target).  NULL with errno (EISDIR when the name is empty, ".", ".."). */
static char *
split_target (const char  *target,
              const char **base)
{
  const char *slash = strrchr (target, '/');
  char *dir;

  *base = slash != NULL ? slash + 1 : target;
  if (**base == '\0' || strcmp (*base, ".") == 0 || strcmp (*base, "..") == 0)
    {
      errno = EISDIR;
      return NULL;
    }
  if (slash == NULL)
    return strdup (".");
  if (slash == target)
    return strdup ("/");
  dir = malloc ((size_t) (slash - target) + 1);
  if (dir != NULL)
    {
      memcpy (dir, target, (size_t) (slash - target));
      dir[slash - target] = '\0';
    }
  return dir;
}

/* A regular file we may not write: no write bit at all (0444, which we
 * refuse even for root), or none for us. */
static bool
file_read_only (const char        *target,
                const struct stat *st)
{
  if ((st->st_mode & 0222) == 0)
    return true;
  return access (target, W_OK) != 0 && errno == EACCES;
}

/* The checks of an atomic plan that need no file created.  On success
 * *@dir_fd is the folder, opened, and *@name_max its NAME_MAX. */
static MazeStatus
check_atomic (const char      *path,
              const Plan      *plan,
              MazeOutputFlags  flags,
              int             *dir_fd,
              size_t          *name_max,
              MazeError       *error)
{
  const char *base;
  char *dir;
  long max;
  int fd;

  *dir_fd = -1;
  dir = split_target (plan->target, &base);
  if (dir == NULL)
    return errno == ENOMEM ? fail_nomem (error, strlen (plan->target) + 1) : fail_path (error, path, errno);

  if (plan->exists && access (plan->target, W_OK) != 0 && errno == EROFS)
    {
      free (dir);
      return fail_path (error, path, EROFS);
    }
  if (plan->exists && (flags & MAZE_OUTPUT_FORCE) == 0 &&
      file_read_only (plan->target, &plan->st))
    {
      free (dir);
      return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_OUTPUT_READ_ONLY, MAZE_TEXT (path));
    }

  fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0 || access (dir, W_OK | X_OK) != 0)
    {
      int err = errno;

      if (fd >= 0)
        close (fd);
      free (dir);
      return fail_path (error, path, err);
    }
  free (dir);
  max = fpathconf (fd, _PC_NAME_MAX);
  *name_max = max > 0 && max <= 4096 ? (size_t) max : NAME_MAX;
  if (strlen (base) > *name_max)
    {
      close (fd);
      return fail_path (error, path, ENAMETOOLONG);
    }
  *dir_fd = fd;
  return MAZE_OK;
}

/* A device, FIFO or socket we are about to open: may we write it? */
static MazeStatus
check_direct_path (const char *path,
                   const Plan *plan,
                   MazeError  *error)
{
  if (access (plan->target, W_OK) != 0)
    return fail_path (error, path, errno);
  return MAZE_OK;
}

static MazeStatus
check_direct_fd (const char *name,
                 bool        is_path,
                 int         fd,
                 MazeError  *error)
{
  int fl = fcntl (fd, F_GETFL);

  if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY)
    {
      if (is_path)
        return fail_path (error, name, EBADF);
      return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_WRITE_TO, MAZE_TEXT (name),
                             MAZE_TEXT (strerror (EBADF)));
    }
  return MAZE_OK;
}

MazeStatus
maze_output_check (const char      *path,
                   MazeOutputFlags  flags,
                   MazeError       *error)
{
  MazeStatus status;
  size_t name_max;
  int dir_fd;
  Plan plan;

  status = plan_output (path, &plan, error);
  if (status != MAZE_OK)
    return status;
  switch (plan.kind)
    {
    case PLAN_ATOMIC:
      status = check_atomic (path, &plan, flags, &dir_fd, &name_max, error);
      if (dir_fd >= 0)
        close (dir_fd);
      break;
    case PLAN_DIRECT_PATH:
      status = check_direct_path (path, &plan, error);
      break;
    case PLAN_DIRECT_FD:
    default:
      status = check_direct_fd (path, true, plan.fd_number, error);
      break;
    }
  free (plan.target);
  return status;
}

/* ---- opening ---- */

static MazeOutput *
output_new (const char *name,
            bool        is_path,
            MazeError  *error)
{
  MazeOutput *out = calloc (1, sizeof *out);

  if (out == NULL || (out->name = strdup (name)) == NULL)
    {
      free (out);
      fail_nomem (error, sizeof *out + strlen (name) + 1);
      return NULL;
    }
  out->is_path = is_path;
  out->fd = -1;
  out->dir_fd = -1;
  return out;
}

static void
output_free (MazeOutput *out)
{
  if (out->fd >= 0)
    close (out->fd);
  if (out->dir_fd >= 0)
    close (out->dir_fd);
  free (out->name);
  free (out->base);
  free (out->tmp);
  free (out);
}

/* Random name characters, different in every process and every call. */
static uint64_t
random_bits (void)
{
  static _Atomic uint64_t counter;
  struct timespec ts;
  uint64_t x;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  x = ((uint64_t) getpid () << 32) ^ (uint64_t) ts.tv_nsec ^
      ((uint64_t) ts.tv_sec << 20) ^ (uint64_t) (uintptr_t) &ts ^
      (atomic_fetch_add (&counter, 1) * UINT64_C (0x9E3779B97F4A7C15));
  /* splitmix64's finaliser */
  x = (x ^ (x >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  x = (x ^ (x >> 27)) * UINT64_C (0x94D049BB133111EB);
  return x ^ (x >> 31);
}

/* Writes a fresh ".NAME.XXXXXX" for @out's target into out->tmp: NAME cut
 * (at a character boundary) so that the whole fits the folder's NAME_MAX. */
static void
make_temp_name (MazeOutput *out)
{
  static const char chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  size_t len = strlen (out->base);
  size_t keep = out->name_max > TMP_EXTRA ? out->name_max - TMP_EXTRA : 0;
  uint64_t bits = random_bits ();
  char *p = out->tmp;

  if (len > keep)
    {
      len = keep;
      while (len > 0 && ((unsigned char) out->base[len] & 0xC0) == 0x80)
        len--;
    }
  *p++ = '.';
  memcpy (p, out->base, len);
  p += len;
  *p++ = '.';
  for (int k = 0; k < 6; k++, bits >>= 6)
    *p++ = chars[bits % (sizeof chars - 1)];
  *p = '\0';
}

/* Gives @out's open temporary file a name (a link to the O_TMPFILE)
 * and registers it for the signal handler.  errno on failure. */
static bool
name_anonymous (MazeOutput *out)
{
  for (int attempt = 0; attempt < TMP_ATTEMPTS; attempt++)
    {
      char proc[64];
      sigset_t old;
      int rc;

      make_temp_name (out);
      snprintf (proc, sizeof proc, "/proc/self/fd/%d", out->fd);
      block_signals (&old);
      rc = linkat (AT_FDCWD, proc, out->dir_fd, out->tmp, AT_SYMLINK_FOLLOW);
#ifdef AT_EMPTY_PATH
      if (rc != 0 && errno == ENOENT)
        rc = linkat (out->fd, "", out->dir_fd, out->tmp, AT_EMPTY_PATH);
#endif
      if (rc == 0)
        register_pending (out);
      restore_signals (&old);
      if (rc == 0)
        {
          out->anonymous = false;
          return true;
        }
      if (errno != EEXIST)
        {
          out->tmp[0] = '\0';
          return false;
        }
    }
  out->tmp[0] = '\0';
  errno = EEXIST;
  return false;
}

/* Creates the temporary file in out->dir_fd.  errno on failure. */
static bool
create_temporary (MazeOutput *out)
{
#ifdef O_TMPFILE
  if (maze_io_hooks.use_tmpfile && access ("/proc/self/fd", X_OK) == 0)
    {
      out->fd = openat (out->dir_fd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
      if (out->fd >= 0)
        {
          out->anonymous = true;
          return true;
        }
      /* No O_TMPFILE on this kernel or file system: a named file. */
    }
#endif
  for (int attempt = 0; attempt < TMP_ATTEMPTS; attempt++)
    {
      sigset_t old;

      make_temp_name (out);
      block_signals (&old);
      out->fd = openat (out->dir_fd, out->tmp,
                        O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
      if (out->fd >= 0)
        register_pending (out);
      restore_signals (&old);
      if (out->fd >= 0)
        return true;
      if (errno != EEXIST)
        break;
    }
  out->tmp[0] = '\0';
  return false;
}

static MazeOutput *
open_atomic (const char      *path,
             Plan            *plan,
             MazeOutputFlags  flags,
             MazeError       *error)
{
  MazeOutput *out;
  const char *base;
  char *dir;

  out = output_new (path, true, error);
  if (out == NULL)
    return NULL;
  if (check_atomic (path, plan, flags, &out->dir_fd, &out->name_max, error) != MAZE_OK)
    goto fail;
  dir = split_target (plan->target, &base);
  out->base = dir != NULL ? strdup (base) : NULL;
  out->tmp = malloc (out->name_max + 1);
  free (dir);
  if (out->base == NULL || out->tmp == NULL)
    {
      fail_nomem (error, (size_t) out->name_max + 1 + strlen (path) + 1);
      goto fail;
    }
  out->tmp[0] = '\0';
  out->atomic = true;

  if (!create_temporary (out))
    {
      /* The folder is there (we hold it): ENOENT means it takes no new
       * files (/proc, /sys), which "No such file" would not tell. */
      fail_path (error, path, errno == ENOENT ? EPERM : errno);
      goto fail;
    }
  if (plan->exists)
    {
      /* The replacement is the same file to its users: owner, group
       * (when we may give them) and permission bits, after the chown,
       * which clears set-user-ID. */
      if (plan->st.st_uid != geteuid () || plan->st.st_gid != getegid ())
        (void) !fchown (out->fd, plan->st.st_uid, plan->st.st_gid);
      if (fchmod (out->fd, plan->st.st_mode & 07777) != 0)
        {
          fail_path (error, path, errno);
          maze_output_abort (out);
          return NULL;
        }
    }
  return out;

fail:
  output_free (out);
  return NULL;
}

/* Connects to a Unix stream socket at @path: a socket takes bytes only
 * through a connection. */
static int
connect_socket (const char *path)
{
  struct sockaddr_un addr;
  int fd;

  if (strlen (path) >= sizeof addr.sun_path)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  memset (&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  strcpy (addr.sun_path, path);
  if (connect (fd, (struct sockaddr *) &addr, sizeof addr) != 0)
    {
      int err = errno;

      close (fd);
      errno = err;
      return -1;
    }
  return fd;
}

static MazeOutput *
open_direct_path (const char *path,
                  const Plan *plan,
                  MazeError  *error)
{
  MazeOutput *out;
  struct stat st;

  if (check_direct_path (path, plan, error) != MAZE_OK)
    return NULL;
  out = output_new (path, true, error);
  if (out == NULL)
    return NULL;
  if (stat (plan->target, &st) == 0 && S_ISSOCK (st.st_mode))
    out->fd = connect_socket (plan->target);
  else
    do
      out->fd = open (plan->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    while (out->fd < 0 && errno == EINTR);
  if (out->fd < 0)
    {
      fail_path (error, path, errno);
      output_free (out);
      return NULL;
    }
  return out;
}

static MazeOutput *
open_direct_fd (int         fd,
                const char *name,
                bool        is_path,
                MazeError  *error)
{
  MazeOutput *out;

  if (check_direct_fd (name, is_path, fd, error) != MAZE_OK)
    return NULL;
  out = output_new (name, is_path, error);
  if (out == NULL)
    return NULL;
  out->fd = fcntl (fd, F_DUPFD_CLOEXEC, 3);
  if (out->fd < 0)
    {
      fail_output (out, error, errno);
      output_free (out);
      return NULL;
    }
  return out;
}

MazeOutput *
maze_output_open (const char      *path,
                  MazeOutputFlags  flags,
                  MazeError       *error)
{
  MazeOutput *out;
  Plan plan;

  if (plan_output (path, &plan, error) != MAZE_OK)
    return NULL;
  switch (plan.kind)
    {
    case PLAN_ATOMIC:
      out = open_atomic (path, &plan, flags, error);
      break;
    case PLAN_DIRECT_PATH:
      out = open_direct_path (path, &plan, error);
      break;
    case PLAN_DIRECT_FD:
    default:
      out = open_direct_fd (plan.fd_number, path, true, error);
      break;
    }
  free (plan.target);
  return out;
}

MazeOutput *
maze_output_open_fd (int         fd,
                     const char *name,
                     MazeError  *error)
{
  return open_direct_fd (fd, name != NULL ? name : "the output", false, error);
}

/* ---- writing ---- */

bool
maze_output_write (MazeOutput *out,
                   const void *data,
                   size_t      len)
{
  const uint8_t *p = data;

  if (out->write_errno != 0)
    return false;
  while (len > 0)
    {
      size_t want = len > (size_t) SSIZE_MAX ? (size_t) SSIZE_MAX : len;
      ssize_t n = maze_io_hooks.write_fn (out->fd, p, want);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          out->write_errno = n < 0 ? errno : ENOSPC;
          return false;
        }
      p += n;
      len -= (size_t) n;
    }
  return true;
}

bool
maze_output_seekable (const MazeOutput *out)
{
  return out->atomic;
}

bool
maze_output_write_at (MazeOutput *out,
                      const void *data,
                      size_t      len,
                      uint64_t    offset)
{
  if (out->write_errno != 0)
    return false;
  if (!out->atomic || lseek (out->fd, (off_t) offset, SEEK_SET) < 0)
    {
      out->write_errno = out->atomic ? errno : ESPIPE;
      return false;
    }
  return maze_output_write (out, data, len);
}

bool
maze_output_failed (const MazeOutput *out)
{
  return out->write_errno != 0;
}

MazeStatus
maze_output_error (const MazeOutput *out,
                   MazeError        *error)
{
  if (out->write_errno == 0)
    return MAZE_OK;
  return fail_output (out, error, out->write_errno);
}

int
maze_output_fd (const MazeOutput *out)
{
  return out->fd;
}

const char *
maze_output_name (const MazeOutput *out)
{
  return out->name;
}

/* ---- finishing ---- */

void
maze_output_abort (MazeOutput *out)
{
  if (out == NULL)
    return;
  if (out->atomic && out->tmp != NULL && out->tmp[0] != '\0')
    {
      sigset_t old;

      block_signals (&old);
      unlinkat (out->dir_fd, out->tmp, 0);
      unregister_pending (out);
      out->tmp[0] = '\0';
      restore_signals (&old);
    }
  output_free (out);
}

static MazeStatus
commit_direct (MazeOutput *out,
               MazeError  *error)
{
  int fd = out->fd;
  MazeStatus status;

  out->fd = -1;
  /* Written as it came, like a shell's `>`: no fsync (a device or a pipe
   * has nothing to flush), but a close that fails (NFS) is reported. */
  if (close (fd) != 0 && errno != EINTR)
    status = fail_output (out, error, errno);
  else
    status = MAZE_OK;
  if (status == MAZE_OK)
    maze_error_clear (error);
  output_free (out);
  return status;
}

static MazeStatus
commit_atomic (MazeOutput *out,
               MazeError  *error)
{
  int err;

  if (maze_io_hooks.fsync_fn (out->fd) != 0)
    goto failed;
  if (out->anonymous && !name_anonymous (out))
    goto failed;
  err = close (out->fd);
  out->fd = -1;
  if (err != 0)
    goto failed;
  if (maze_io_hooks.rename_fn (out->dir_fd, out->tmp, out->dir_fd, out->base) != 0)
    goto failed;
  unregister_pending (out);
  out->tmp[0] = '\0';

  /* Make the rename itself durable.  The file is saved by now whatever
   * happens here, so a folder that cannot be synced is no error. */
  fsync (out->dir_fd);
  maze_error_clear (error);
  output_free (out);
  return MAZE_OK;

failed:
  err = errno;
  fail_path (error, out->name, err);
  maze_output_abort (out);
  return MAZE_ERROR_IO;
}

MazeStatus
maze_output_commit (MazeOutput *out,
                    MazeError  *error)
{
  if (out->write_errno != 0)
    {
      MazeStatus status = fail_output (out, error, out->write_errno);

      maze_output_abort (out);
      return status;
    }
  if (out->atomic)
    return commit_atomic (out, error);
  return commit_direct (out, error);
}
