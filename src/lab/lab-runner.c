/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab-runner.c: bitmaze-lab-runner, the confined process a student's code
 * runs in (see docs/lab.md and lab-private.h for the protocol).
 *
 *   bitmaze-lab-runner LIBRARY.so TASK CPU-SECONDS MEMORY-MB
 *
 * It reads the maze from standard input, limits itself (rlimits), installs
 * a system-call filter with libseccomp, loads the student's library with
 * dlopen () (its constructors run under the filter), closes the filter
 * further (no file can be opened any more), calls the task's function and
 * writes a record to fd 3 at each refresh_maze_view (): the words that
 * changed.  Standard output and standard error go to the parent, which
 * shows what the student's code printed.
 *
 * The library is built without the sections that would run its code
 * while it loads (lab_compile()): the student's code runs only under the
 * second filter.
 *
 * Nothing here is GLib: the process must stay small and predictable.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <termios.h>
#include <unistd.h>

#include "lab-protocol.h"

/* The header's globals, found by the student's library (the runner is
 * linked with --export-dynamic). */
uint16_t *maze_array;
int w_cells, h_cells, total_cells, start_cell, goal_cell;

void refresh_maze_view (void);
int random_int (int n);

static uint16_t *shadow;     /* the words as the parent knows them */
static uint64_t rng_state;
static uint32_t n_steps, max_steps;
static volatile sig_atomic_t reporting;
static int finished;            /* the task's function returned */

void *__libc_malloc (size_t size);
void *__libc_calloc (size_t n, size_t size);
void *__libc_realloc (void *ptr, size_t size);
void  __libc_free (void *ptr);

/* write () until done; the parent reads fd 3 without end, so this only
 * fails when the parent is gone. */
static void
put (const void *data,
     size_t      len)
{
  const char *p = data;

  while (len > 0)
    {
      ssize_t n = write (LAB_FD_STEPS, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        _exit (LAB_EXIT_PARENT_GONE);
      p += n;
      len -= (size_t) n;
    }
}

/* A fault record, then the end. */
static void
fault (uint32_t    code,
       const char *detail)
{
  uint8_t kind = LAB_REC_FAULT;
  uint32_t len = (uint32_t) strlen (detail);

  put (&kind, 1);
  put (&code, 4);
  put (&len, 4);
  put (detail, len);
  _exit (LAB_EXIT_FAULT);
}

/* The words that differ from the shadow as one record of @kind.  Only
 * calls that are safe in a signal handler. */
static void
flush (uint8_t kind)
{
  uint32_t n = 0;

  for (int i = 0; i < total_cells; i++)
    if (maze_array[i] != shadow[i])
      n++;
  if (n == 0 && kind == LAB_REC_PENDING)
    return;
  put (&kind, 1);
  put (&n, 4);
  for (int i = 0; i < total_cells; i++)
    if (maze_array[i] != shadow[i])
      {
        uint32_t index = (uint32_t) i;
        uint16_t word = maze_array[i];

        put (&index, 4);
        put (&word, 2);
        shadow[i] = word;
      }
}

void
refresh_maze_view (void)
{
  if (n_steps >= max_steps)
    {
      char text[32];

      snprintf (text, sizeof text, "%u", max_steps);
      fault (LAB_FAULT_STEPS, text);
    }
  n_steps++;
  flush (LAB_REC_STEP);
}

/* splitmix64: the same numbers as lab_random_int () in the parent. */
int
random_int (int n)
{
  uint64_t z;

  if (n < 1)
    {
      char text[32];

      snprintf (text, sizeof text, "%d", n);
      fault (LAB_FAULT_RANDOM, text);
    }
  z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (int) ((z >> 32) % (uint64_t) n);
}

/* Allocations go through these, so a refused one is reported as what it
 * is: the memory limit, not a crash somewhere later. */
static void
out_of_memory (size_t size)
{
  char text[32];

  if (reporting)
    _exit (LAB_EXIT_FAULT);
  reporting = 1;
  snprintf (text, sizeof text, "%zu", size);
  fault (LAB_FAULT_MEMORY, text);
}

void *
malloc (size_t size)
{
  void *p = __libc_malloc (size);

  if (p == NULL && size > 0)
    out_of_memory (size);
  return p;
}

void *
calloc (size_t n,
        size_t size)
{
  void *p = __libc_calloc (n, size);

  if (p == NULL && n > 0 && size > 0)
    out_of_memory (n * size);
  return p;
}

void *
realloc (void  *ptr,
         size_t size)
{
  void *p = __libc_realloc (ptr, size);

  if (p == NULL && size > 0)
    out_of_memory (size);
  return p;
}

void
free (void *ptr)
{
  __libc_free (ptr);
}

/* Starting a program: refused with the name of what was called.  The
 * filter would stop the system calls too, but system () and posix_spawn ()
 * block every signal first, so that the filter's SIGSYS could only kill
 * the process without a word. */
static void
refuse (const char *name)
{
  if (reporting)
    _exit (LAB_EXIT_FAULT);
  reporting = 1;
  if (shadow != NULL && maze_array != NULL)
    flush (LAB_REC_PENDING);
  fault (LAB_FAULT_SYSCALL, name);
}

int
system (const char *command)
{
  refuse ("system");
  return -1;
}

FILE *
popen (const char *command,
       const char *type)
{
  refuse ("popen");
  return NULL;
}

pid_t
fork (void)
{
  refuse ("fork");
  return -1;
}

pid_t
vfork (void)
{
  refuse ("vfork");
  return -1;
}

int
execve (const char  *path,
        char *const  argv[],
        char *const  envp[])
{
  refuse ("execve");
  return -1;
}

int
execv (const char  *path,
       char *const  argv[])
{
  refuse ("execve");
  return -1;
}

int
execvp (const char  *file,
        char *const  argv[])
{
  refuse ("execve");
  return -1;
}

int
execl (const char *path,
       const char *arg,
       ...)
{
  refuse ("execve");
  return -1;
}

int
execlp (const char *file,
        const char *arg,
        ...)
{
  refuse ("execve");
  return -1;
}

int
execle (const char *path,
        const char *arg,
        ...)
{
  refuse ("execve");
  return -1;
}

int
posix_spawn (pid_t                      *pid,
             const char                 *path,
             const posix_spawn_file_actions_t *actions,
             const posix_spawnattr_t    *attributes,
             char *const                 argv[],
             char *const                 envp[])
{
  refuse ("posix_spawn");
  return -1;
}

int
posix_spawnp (pid_t                      *pid,
              const char                 *file,
              const posix_spawn_file_actions_t *actions,
              const posix_spawnattr_t    *attributes,
              char *const                 argv[],
              char *const                 envp[])
{
  refuse ("posix_spawn");
  return -1;
}

/* A crash, the CPU limit or a refused system call: the words written
 * since the last step, then the fault. */
static void
on_signal (int        sig,
           siginfo_t *info,
           void      *context)
{
  char text[48];

  if (reporting)
    _exit (LAB_EXIT_FAULT);
  reporting = 1;
  if (shadow != NULL && maze_array != NULL)
    flush (LAB_REC_PENDING);
  if (sig == SIGSYS)
    {
      char *name = seccomp_syscall_resolve_num_arch (SCMP_ARCH_NATIVE,
                                                     info->si_syscall);

      /* resolve_num_arch strdup()s: with the heap in any state, fall
       * back to the number */
      if (name != NULL)
        snprintf (text, sizeof text, "%s", name);
      else
        snprintf (text, sizeof text, "%d", info->si_syscall);
      fault (LAB_FAULT_SYSCALL, text);
    }
  if (sig == SIGXCPU)
    fault (LAB_FAULT_CPU, "");
  snprintf (text, sizeof text, "%d", sig);
  fault (LAB_FAULT_SIGNAL, text);
}

/* At exit (): the words written since the last step, and "done" when the
 * task's function returned (an exit () inside it is no finish). */
static void
at_exit (void)
{
  uint8_t done = LAB_REC_DONE;

  fflush (stdout);
  fflush (stderr);
  if (reporting)
    return;
  reporting = 1;
  flush (LAB_REC_PENDING);
  if (finished)
    put (&done, 1);
}

static void
catch_signals (void)
{
  static char stack[64 * 1024];
  const int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU,
                          SIGSYS, SIGTRAP };
  stack_t ss = { .ss_sp = stack, .ss_size = sizeof stack };
  struct sigaction sa;

  sigaltstack (&ss, NULL);
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigfillset (&sa.sa_mask);
  for (size_t k = 0; k < sizeof signals / sizeof signals[0]; k++)
    sigaction (signals[k], &sa, NULL);
}

/* The CPU limit's hard value is a second above the soft one, so that
 * SIGXCPU (reported) comes before SIGKILL. */
static void
limit (int      resource,
       rlim_t   value)
{
  struct rlimit rl = { value, resource == RLIMIT_CPU ? value + 1 : value };

  if (setrlimit (resource, &rl) != 0)
    fault (LAB_FAULT_SETUP, "setrlimit");
}

/*
 * The filter.  Everything not named here stops the program (SIGSYS, which
 * on_signal() reports with the call's name): no new process, no socket,
 * no signal to another process, no file opened for writing.  Writes only
 * to standard output, standard error and the step pipe.  @loading allows
 * opening files for reading, which dlopen () needs; the second filter,
 * installed once the library is loaded, takes that away too.
 */
static void
confine (int loading)
{
  scmp_filter_ctx ctx = seccomp_init (SCMP_ACT_TRAP);
  const int allowed[] = {
    SCMP_SYS (read), SCMP_SYS (close), SCMP_SYS (fstat), SCMP_SYS (newfstatat),
    SCMP_SYS (lseek), SCMP_SYS (pread64), SCMP_SYS (mmap), SCMP_SYS (munmap),
    SCMP_SYS (mprotect), SCMP_SYS (mremap), SCMP_SYS (madvise), SCMP_SYS (brk),
    SCMP_SYS (exit), SCMP_SYS (exit_group), SCMP_SYS (rt_sigreturn),
    SCMP_SYS (rt_sigprocmask), SCMP_SYS (sigaltstack), SCMP_SYS (futex),
    SCMP_SYS (getpid), SCMP_SYS (gettid), SCMP_SYS (getrandom),
    SCMP_SYS (clock_gettime), SCMP_SYS (clock_nanosleep), SCMP_SYS (nanosleep),
    SCMP_SYS (gettimeofday), SCMP_SYS (time), SCMP_SYS (sched_yield),
    SCMP_SYS (getrusage),
  };
  scmp_datum_t self = (scmp_datum_t) getpid ();
  int rc = 0;

  if (ctx == NULL)
    fault (LAB_FAULT_SETUP, "seccomp_init");
  for (size_t k = 0; k < sizeof allowed / sizeof allowed[0]; k++)
    rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, allowed[k], 0);
  for (int fd = 1; fd <= LAB_FD_STEPS; fd++)
    {
      rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (write), 1,
                              SCMP_A0 (SCMP_CMP_EQ, (scmp_datum_t) fd));
      rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (writev), 1,
                              SCMP_A0 (SCMP_CMP_EQ, (scmp_datum_t) fd));
    }
  /* its own limits, read only; signals to itself only (abort ()) */
  rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (prlimit64), 2,
                          SCMP_A0 (SCMP_CMP_EQ, 0), SCMP_A2 (SCMP_CMP_EQ, 0));
  rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (tgkill), 1,
                          SCMP_A0 (SCMP_CMP_EQ, self));
  rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (kill), 1,
                          SCMP_A0 (SCMP_CMP_EQ, self));
  /* signal handlers, but not for SIGSYS: the filter's report stays ours */
  rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (rt_sigaction), 1,
                          SCMP_A0 (SCMP_CMP_NE, SIGSYS));
  /* stdio asks whether standard output is a terminal: answer "no" */
  rc |= seccomp_rule_add (ctx, SCMP_ACT_ERRNO (ENOTTY), SCMP_SYS (ioctl), 0);
  /* the second filter is installed under the first: it must be able to
   * call seccomp () (no_new_privs is set already) */
  if (loading)
    rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (seccomp), 0);
  else
    rc |= seccomp_attr_set (ctx, SCMP_FLTATR_CTL_NNP, 0);
  if (loading)
    rc |= seccomp_rule_add (ctx, SCMP_ACT_ALLOW, SCMP_SYS (openat), 1,
                            SCMP_A2 (SCMP_CMP_MASKED_EQ,
                                     O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND,
                                     0));
  if (rc != 0 || seccomp_load (ctx) != 0)
    fault (LAB_FAULT_SETUP, "seccomp_load");
  seccomp_release (ctx);
}

/* read () exactly @len bytes from standard input. */
static int
get (void   *data,
     size_t  len)
{
  char *p = data;

  while (len > 0)
    {
      ssize_t n = read (0, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return -1;
      p += n;
      len -= (size_t) n;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  LabRunnerHeader header;
  void (*task) (void);
  void *library;
  long cpu, memory;

  if (argc != 5)
    {
      fprintf (stderr, "bitmaze-lab-runner is started by bitmaze-cli lab check\n");
      return 2;
    }
  cpu = atol (argv[3]);
  memory = atol (argv[4]);
  if (get (&header, sizeof header) != 0 || header.magic != LAB_MAGIC
      || header.width == 0 || header.height == 0
      || (uint64_t) header.width * header.height > LAB_MAX_CELLS)
    fault (LAB_FAULT_SETUP, "input");
  w_cells = (int) header.width;
  h_cells = (int) header.height;
  total_cells = w_cells * h_cells;
  start_cell = (int) header.start;
  goal_cell = (int) header.goal;
  rng_state = header.seed;
  max_steps = header.max_steps;
  maze_array = __libc_malloc ((size_t) total_cells * sizeof (uint16_t));
  shadow = __libc_malloc ((size_t) total_cells * sizeof (uint16_t));
  if (maze_array == NULL || shadow == NULL
      || get (maze_array, (size_t) total_cells * sizeof (uint16_t)) != 0)
    fault (LAB_FAULT_SETUP, "maze");
  memcpy (shadow, maze_array, (size_t) total_cells * sizeof (uint16_t));
  close (0);

  /* No core files, no file of any size, no new process, few files. */
  limit (RLIMIT_CORE, 0);
  limit (RLIMIT_FSIZE, 0);
  limit (RLIMIT_NPROC, 0);
  limit (RLIMIT_NOFILE, 16);
  limit (RLIMIT_CPU, (rlim_t) cpu);
  limit (RLIMIT_AS, (rlim_t) memory * 1024 * 1024);
  catch_signals ();
  atexit (at_exit);
  /* stdout unbuffered would cost a write a character: line buffered, and
   * flushed at the end */
  setvbuf (stdout, NULL, _IOLBF, 0);

  confine (1);
  library = dlopen (argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL)
    {
      const char *why = dlerror ();

      fault (LAB_FAULT_LOAD, why != NULL ? why : "dlopen");
    }
  confine (0);
  *(void **) &task = dlsym (library, argv[2]);
  if (task == NULL)
    fault (LAB_FAULT_NO_TASK, argv[2]);

  task ();
  finished = 1;
  exit (0);
}
