/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-bench: how fast the engine generates, solves, saves and loads.
 *
 * Every measurement runs in a child process of its own, so the peak memory
 * (ru_maxrss of that child) is the whole process's and nothing else's, and
 * is repeated (--runs, default 3); the medians are printed.  Timings run
 * from maze_new() to the end of the work, allocation included, as wall
 * clock and as the process's CPU time; rates use the CPU time, which a
 * busy shared machine disturbs far less.
 *
 *   bitmaze-bench                  everything at 1000x1000 and 4000x4000
 *   bitmaze-bench --quick          1000x1000 only, one run
 *   bitmaze-bench --size 2000 --only growing-tree:newest,bfs
 */
#include "maze.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct
{
  double   seconds;     /* wall clock */
  double   cpu;         /* CPU time of the process over the same span */
  uint64_t work_bytes; /* what the algorithm allocated beyond the maze */
  int      ok;
} Result;

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *tmp_path = "/tmp/bitmaze-bench.maze";

/* The work, in the child.  kind: 'g' generate, 's' solve, 'w' save, 'r' load. */
static Result
work (char        kind,
      const char *name,
      uint32_t    side)
{
  Result r = { 0, 0, 0 };
  MazeError err = { 0 };
  double t0, c0;

  if (kind == 'g')
    {
      Maze *m;
      MazeGenerator *g;

      t0 = now ();
      c0 = cpu_now ();
      m = maze_new (side, side, &err);
      g = m ? maze_generator_new (m, name, 42, 0, &err) : NULL;
      if (g == NULL)
        {
          fprintf (stderr, "%s: %s\n", name, err.message);
          return r;
        }
      maze_generator_run (g);
      r.seconds = now () - t0;
      r.cpu = cpu_now () - c0;
      r.work_bytes = maze_generator_memory (g);
      r.ok = maze_generator_done (g);
      maze_generator_free (g);
      maze_free (m);
      return r;
    }

  if (kind == 's' || kind == 'w')
    {
      Maze *m = maze_generate (side, side, maze_algorithm_default (maze_generators)->name, 42, 0, &err);

      if (m == NULL)
        {
          fprintf (stderr, "generate: %s\n", err.message);
          return r;
        }
      if (kind == 's')
        {
          MazeSolver *s;
          MazeSolveStats st;

          t0 = now ();
      c0 = cpu_now ();
          s = maze_solver_new (m, name, &err);
          if (s == NULL)
            {
              fprintf (stderr, "%s: %s\n", name, err.message);
              maze_free (m);
              return r;
            }
          maze_solver_run (s);
          r.seconds = now () - t0;
      r.cpu = cpu_now () - c0;
          r.work_bytes = maze_solver_memory (s);
          maze_solver_stats (s, &st);
          r.ok = st.finished && st.found;
          maze_solver_free (s);
        }
      else
        {
          t0 = now ();
      c0 = cpu_now ();
          r.ok = maze_save_file (m, tmp_path, &err) == MAZE_OK;
          r.seconds = now () - t0;
      r.cpu = cpu_now () - c0;
          if (!r.ok)
            fprintf (stderr, "save: %s\n", err.message);
        }
      maze_free (m);
      return r;
    }

  /* 'r': load the file the 'w' run left */
  {
    Maze *m;

    t0 = now ();
      c0 = cpu_now ();
    m = maze_load_file (tmp_path, &err);
    r.seconds = now () - t0;
      r.cpu = cpu_now () - c0;
    r.ok = m != NULL;
    if (m == NULL)
      fprintf (stderr, "load: %s\n", err.message);
    maze_free (m);
  }
  return r;
}

/* Run @kind once in a child; returns its result and peak RSS in bytes. */
static int
run_child (char        kind,
           const char *name,
           uint32_t    side,
           Result     *out,
           uint64_t   *peak)
{
  int fds[2];
  pid_t pid;
  int status;
  struct rusage ru;

  if (pipe (fds) != 0)
    return -1;
  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      Result r;

      close (fds[0]);
      r = work (kind, name, side);
      if (write (fds[1], &r, sizeof r) != (ssize_t) sizeof r)
        _exit (2);
      _exit (0);
    }
  close (fds[1]);
  memset (out, 0, sizeof *out);
  if (read (fds[0], out, sizeof *out) != (ssize_t) sizeof *out)
    out->ok = 0;
  close (fds[0]);
  if (wait4 (pid, &status, 0, &ru) < 0)
    return -1;
  *peak = (uint64_t) ru.ru_maxrss * 1024;
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : -1;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static bool
selected (const char *only,
          const char *name)
{
  size_t len = strlen (name);
  const char *p = only;

  if (only == NULL)
    return true;
  while ((p = strstr (p, name)) != NULL)
    {
      if ((p == only || p[-1] == ',') && (p[len] == '\0' || p[len] == ','))
        return true;
      p += len;
    }
  return false;
}

static void
measure (char        kind,
         const char *name,
         uint32_t    side,
         int         runs)
{
  double secs[16], cpus[16], wall, cpu;
  uint64_t peak = 0, work_bytes = 0;
  double cells = (double) side * side;
  int good = 0;

  for (int i = 0; i < runs && i < 16; i++)
    {
      Result r;
      uint64_t p;

      if (run_child (kind, name, side, &r, &p) != 0 || !r.ok)
        {
          printf ("%-24s %5ux%-5u  FAILED\n", name, side, side);
          return;
        }
      secs[good] = r.seconds;
      cpus[good++] = r.cpu;
      peak = p > peak ? p : peak;
      work_bytes = r.work_bytes;
    }
  qsort (secs, (size_t) good, sizeof secs[0], cmp_double);
  qsort (cpus, (size_t) good, sizeof cpus[0], cmp_double);
  wall = secs[good / 2];
  cpu = cpus[good / 2];
  /* Rates from the CPU time, which a busy shared machine disturbs far
   * less than the wall clock (both are printed). */
  if (kind == 'w' || kind == 'r')
    printf ("%-24s %5ux%-5u wall %7.3f s  cpu %7.3f s %7.0f MB/s   peak %7.1f MB\n",
            name, side, side, wall, cpu, cells * 2 / 1e6 / cpu, peak / 1e6);
  else
    printf ("%-24s %5ux%-5u wall %7.3f s  cpu %7.3f s %7.1f Mcells/s"
            "   peak %7.1f MB = %5.2f B/cell (algorithm %.2f B/cell)\n",
            name, side, side, wall, cpu, cells / 1e6 / cpu,
            peak / 1e6, peak / cells, work_bytes / cells);
  fflush (stdout);
}

int
main (int   argc,
      char *argv[])
{
  uint32_t sizes[2] = { 1000, 4000 };
  int n_sizes = 2, runs = 3;
  const char *only = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--quick") == 0)
        {
          n_sizes = 1;
          runs = 1;
        }
      else if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
        {
          sizes[0] = (uint32_t) strtoul (argv[++i], NULL, 10);
          n_sizes = 1;
        }
      else if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = atoi (argv[++i]);
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
        only = argv[++i];
      else
        {
          fprintf (stderr, "usage: %s [--quick] [--size N] [--runs N] [--only a,b]\n", argv[0]);
          return 2;
        }
    }
  if (runs < 1)
    runs = 1;

  printf ("Bitmaze engine benchmark: median of %d run(s), each in its own process\n", runs);
  for (int s = 0; s < n_sizes; s++)
    {
      uint32_t side = sizes[s];

      printf ("\n== generators, %ux%u ==\n", side, side);
      for (size_t k = 0; maze_generators[k] != NULL; k++)
        {
          const MazeAlgorithm *a = maze_generators[k];
          char *full = maze_algorithm_full_name (a, a->param.fallback);
          char name[64];

          /* parameterised ones run with their fallback: "corridor:20" */
          snprintf (name, sizeof name, "%s", full);
          free (full);
          if (!selected (only, name) && !selected (only, a->name))
            continue;
          /* The random walks take minutes on 16 M cells: 1000x1000 is enough. */
          if (side > 2000 && only == NULL &&
              (strcmp (a->name, "aldous-broder") == 0 || strcmp (a->name, "wilson") == 0))
            {
              printf ("%-24s %5ux%-5u  (skipped: random walk, see the 1000x1000 line)\n",
                      name, side, side);
              continue;
            }
          measure ('g', name, side, runs);
        }

      printf ("\n== solvers on growing-tree:newest seed 42, %ux%u ==\n", side, side);
      for (size_t k = 0; maze_solvers[k] != NULL; k++)
        if (selected (only, maze_solvers[k]->name))
          measure ('s', maze_solvers[k]->name, side, runs);

      if (selected (only, "save") || selected (only, "load"))
        {
          printf ("\n== .maze files (page cache), %ux%u ==\n", side, side);
          measure ('w', "save", side, runs);
          measure ('r', "load", side, runs);
          unlink (tmp_path);
        }
    }
  return 0;
}
