/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-bench: how fast the engine generates, solves, saves and loads,
 * how bitmaze-cli does as a whole process, and how both compare with the
 * plain C reference of tests/bench/reference.
 *
 * Every measurement runs in a child process of its own and is repeated
 * (--runs, default 3); the medians are printed.  Engine cases are timed
 * inside the child, from the allocation of the work to its end, as wall
 * clock and as the child's CPU time; their peak memory is the child's peak
 * resident set over that span (Linux: the peak is reset just before it,
 * so the setting up of a solver's maze does not count).  Whole-process
 * cases (`cli ...`, `reference generate`) run a program and take its CPU
 * time and peak from the operating system's accounting of the finished
 * child.  Rates use the CPU time, which a busy shared machine disturbs far
 * less than the wall clock (both are printed).
 *
 *   bitmaze-bench                    everything at 1000x1000 and 4000x4000
 *   bitmaze-bench --quick            1000x1000 only, one run
 *   bitmaze-bench --size 4000 --size 8000 --only bfs,reference:bfs
 *   bitmaze-bench --cli OTHER/bitmaze-cli --only 'cli generate'
 *
 * Columns: wall and CPU seconds; cells a CPU second (of the maze, for a
 * generator or a whole process; visited cells for a solver); nanoseconds
 * of CPU a visited cell (solvers); the peak in MB and in bytes a cell of
 * the maze.  Solvers run on the growing-tree:newest maze of seed 42 with
 * its start and goal in the corners.  A generator's line ends with the
 * CRC-32 of the cells it made (seed 42), so two builds can be checked for
 * making the same mazes.
 */
#include "maze.h"
#include "bench-util.h"
#include "reference/reference.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_CLI
#define BENCH_CLI "bitmaze-cli"
#endif
#ifndef BENCH_REFERENCE
#define BENCH_REFERENCE "bitmaze-reference"
#endif

#define BENCH_SEED 42

typedef struct
{
  double   seconds; /* wall clock */
  double   cpu;     /* CPU time of the process over the same span */
  uint64_t visited; /* cells a solver reached, 0 for the others */
  uint64_t peak;    /* peak resident bytes over the span, 0 if unknown */
  uint32_t crc;     /* CRC-32 of a generator's cells, 0 for the others */
  int      ok;
} Result;

typedef enum
{
  CASE_GENERATE = 'g',  /* an engine generator */
  CASE_SOLVE = 's',     /* an engine solver */
  CASE_SAVE = 'w',
  CASE_LOAD = 'r',
  CASE_REF_GENERATE = 'G',
  CASE_REF_SOLVE = 'S',
  CASE_PROCESS = 'p',   /* a whole program */
} CaseKind;

static const char *cli_path = BENCH_CLI;
static const char *reference_path = BENCH_REFERENCE;
static char maze_path[64];   /* the solvers' maze as a file, for 'cli' cases */
static char output_path[64]; /* what 'cli' cases write; removed after each */

/* Forget the peak resident set so far (Linux: it starts again from the
 * current size).  Returns false where that is not possible. */
static bool
peak_reset (void)
{
  FILE *f = fopen ("/proc/self/clear_refs", "w");
  bool ok;

  if (f == NULL)
    return false;
  ok = fputs ("5", f) >= 0;
  return fclose (f) == 0 && ok;
}

/* The peak resident set in bytes since the last peak_reset(), 0 if
 * unknown. */
static uint64_t
peak_read (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  uint64_t kb = 0;

  if (f == NULL)
    return 0;
  while (fgets (line, sizeof line, f) != NULL)
    if (strncmp (line, "VmHWM:", 6) == 0)
      kb = strtoull (line + 6, NULL, 10);
  fclose (f);
  return kb * 1024;
}

typedef struct
{
  double t0, c0;
  bool   peak_known;
} Span;

static void
span_begin (Span *span)
{
  span->peak_known = peak_reset ();
  span->t0 = bench_now ();
  span->c0 = bench_cpu_now ();
}

static void
span_end (const Span *span,
          Result     *r)
{
  r->seconds = bench_now () - span->t0;
  r->cpu = bench_cpu_now () - span->c0;
  r->peak = span->peak_known ? peak_read () : 0;
}

static const char *
ref_solver_name (const char *name)
{
  return strncmp (name, "reference:", 10) == 0 ? name + 10 : NULL;
}

/* The work of an engine or reference case, in the child. */
static Result
work (CaseKind    kind,
      const char *name,
      uint32_t    side)
{
  Result r = { 0 };
  MazeError err = { 0 };
  Span span;
  Maze *m;

  if (kind == CASE_GENERATE)
    {
      MazeGenerator *g;

      span_begin (&span);
      m = maze_new (side, side, &err);
      g = m ? maze_generator_new (m, name, BENCH_SEED, 0, &err) : NULL;
      if (g == NULL)
        {
          fprintf (stderr, "%s: %s\n", name, err.message);
          return r;
        }
      maze_generator_run (g);
      span_end (&span, &r);
      r.ok = maze_generator_done (g) && maze_generator_status (g, NULL) == MAZE_OK;
      r.crc = maze_crc32 (0, maze_cells_const (m), 2 * (size_t) maze_n_cells (m));
      maze_generator_free (g);
      maze_free (m);
      return r;
    }

  if (kind == CASE_REF_GENERATE)
    {
      uint16_t *cells;

      span_begin (&span);
      cells = calloc ((size_t) side * side, sizeof *cells);
      r.ok = cells != NULL && ref_generate_dfs (cells, side, side, BENCH_SEED) != 0;
      span_end (&span, &r);
      free (cells);
      return r;
    }

  if (kind == CASE_LOAD)
    {
      span_begin (&span);
      m = maze_load_file (maze_path, &err);
      span_end (&span, &r);
      r.ok = m != NULL;
      if (m == NULL)
        fprintf (stderr, "load: %s\n", err.message);
      maze_free (m);
      return r;
    }

  m = maze_generate (side, side, maze_algorithm_default (maze_generators)->name, BENCH_SEED, 0, &err);
  if (m == NULL)
    {
      fprintf (stderr, "generate: %s\n", err.message);
      return r;
    }
  if (kind == CASE_SOLVE)
    {
      MazeSolver *s;
      MazeSolveStats st;

      span_begin (&span);
      s = maze_solver_new (m, name, &err);
      if (s == NULL)
        {
          fprintf (stderr, "%s: %s\n", name, err.message);
          maze_free (m);
          return r;
        }
      maze_solver_run (s);
      span_end (&span, &r);
      maze_solver_stats (s, &st);
      r.visited = st.visited;
      r.ok = st.finished && st.found && maze_path_cells (m, NULL, 0) == (int64_t) st.path_length;
      maze_solver_free (s);
    }
  else if (kind == CASE_REF_SOLVE)
    {
      const char *ref = ref_solver_name (name);
      uint16_t *cells = maze_cells (m);
      uint32_t start = maze_start (m), goal = maze_goal (m);
      RefSolve rs = { 0 };

      span_begin (&span);
      if (strcmp (ref, "bfs") == 0)
        rs = ref_solve_bfs (cells, side, side, start, goal);
      else if (strcmp (ref, "bfs-branchless") == 0)
        rs = ref_solve_bfs_branchless (cells, side, side, start, goal);
      else if (strcmp (ref, "dfs") == 0)
        rs = ref_solve_dfs (cells, side, side, start, goal);
      span_end (&span, &r);
      r.visited = rs.visited;
      r.ok = rs.found && maze_path_cells (m, NULL, 0) == (int64_t) rs.path_length;
    }
  else
    {
      span_begin (&span);
      r.ok = maze_save_file (m, output_path, &err) == MAZE_OK;
      span_end (&span, &r);
      if (!r.ok)
        fprintf (stderr, "save: %s\n", err.message);
    }
  maze_free (m);
  return r;
}

/* The program a whole-process case runs, into @argv (at most 15 words). */
static bool
process_argv (const char *name,
              uint32_t    side,
              char       *size,
              size_t      size_len,
              char      **argv)
{
  int n = 0;

  snprintf (size, size_len, "%u", side);
  if (strcmp (name, "reference generate") == 0)
    {
      argv[n++] = (char *) reference_path;
      argv[n++] = size;
      argv[n++] = size;
      argv[n++] = (char *) "42";
      argv[n] = NULL;
      return true;
    }
  argv[n++] = (char *) cli_path;
  if (strcmp (name, "cli generate") == 0)
    {
      static char dims[32];

      snprintf (dims, sizeof dims, "%ux%u", side, side);
      argv[n++] = (char *) "generate";
      argv[n++] = (char *) "--size";
      argv[n++] = dims;
      argv[n++] = (char *) "--seed";
      argv[n++] = (char *) "42";
      argv[n++] = (char *) "-o";
      argv[n++] = output_path;
    }
  else if (strcmp (name, "cli info") == 0)
    {
      argv[n++] = (char *) "info";
      argv[n++] = maze_path;
    }
  else if (strcmp (name, "cli solve bfs") == 0)
    {
      argv[n++] = (char *) "solve";
      argv[n++] = maze_path;
      argv[n++] = (char *) "--solver";
      argv[n++] = (char *) "bfs";
      argv[n++] = (char *) "-o";
      argv[n++] = output_path;
    }
  else if (strncmp (name, "cli render ", 11) == 0)
    {
      argv[n++] = (char *) "render";
      argv[n++] = maze_path;
      argv[n++] = (char *) "-o";
      argv[n++] = output_path;
      argv[n++] = (char *) "--format";
      argv[n++] = (char *) name + 11;
    }
  else
    return false;
  argv[n] = NULL;
  return true;
}

/* Run @kind once; returns its result (peak in bytes included). */
static int
run_child (CaseKind    kind,
           const char *name,
           uint32_t    side,
           Result     *out)
{
  int fds[2];
  pid_t pid;
  int status;
  struct rusage ru;
  char size[16];
  char *argv[16];
  double t0 = 0;

  memset (out, 0, sizeof *out);
  if (kind == CASE_PROCESS)
    {
      if (!process_argv (name, side, size, sizeof size, argv))
        return -1;
      fflush (NULL);
      t0 = bench_now ();
      pid = fork ();
      if (pid < 0)
        return -1;
      if (pid == 0)
        {
          int null = open ("/dev/null", O_RDWR);

          if (null >= 0)
            {
              dup2 (null, STDIN_FILENO);
              dup2 (null, STDOUT_FILENO);
            }
          execv (argv[0], argv);
          fprintf (stderr, "%s: %s\n", argv[0], strerror (errno));
          _exit (127);
        }
      if (wait4 (pid, &status, 0, &ru) < 0)
        return -1;
      out->seconds = bench_now () - t0;
      out->cpu = (double) ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6
                 + (double) ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
      out->peak = (uint64_t) ru.ru_maxrss * 1024;
      out->ok = WIFEXITED (status) && WEXITSTATUS (status) == 0;
      unlink (output_path);
      return 0;
    }

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
  if (read (fds[0], out, sizeof *out) != (ssize_t) sizeof *out)
    out->ok = 0;
  close (fds[0]);
  if (wait4 (pid, &status, 0, &ru) < 0)
    return -1;
  if (out->peak == 0)
    out->peak = (uint64_t) ru.ru_maxrss * 1024;
  unlink (output_path);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : -1;
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

static double
median (double *v,
        int     n)
{
  qsort (v, (size_t) n, sizeof v[0], bench_compare_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void
measure (CaseKind    kind,
         const char *name,
         uint32_t    side,
         int         runs)
{
  double secs[16], cpus[16], peaks[16], wall, cpu, peak;
  double cells = (double) side * side;
  uint64_t visited = 0;
  uint32_t crc = 0;
  int good = 0;

  for (int i = 0; i < runs && i < 16; i++)
    {
      Result r;

      if (run_child (kind, name, side, &r) != 0 || !r.ok)
        {
          printf ("%-28s %5ux%-5u  FAILED\n", name, side, side);
          fflush (stdout);
          return;
        }
      secs[good] = r.seconds;
      cpus[good] = r.cpu;
      peaks[good++] = (double) r.peak;
      visited = r.visited;
      crc = r.crc;
    }
  wall = median (secs, good);
  cpu = median (cpus, good);
  peak = median (peaks, good);
  if (kind == CASE_SAVE || kind == CASE_LOAD)
    printf ("%-28s %5ux%-5u wall %7.3f s  cpu %7.3f s %8.0f MB/s                  "
            "peak %7.1f MB = %5.2f B/cell\n",
            name, side, side, wall, cpu, cells * 2 / 1e6 / cpu, peak / 1e6, peak / cells);
  else if (visited > 0)
    printf ("%-28s %5ux%-5u wall %7.3f s  cpu %7.3f s %8.1f Mcells/s %6.2f ns/cell  "
            "peak %7.1f MB = %5.2f B/cell  (%llu visited)\n",
            name, side, side, wall, cpu, (double) visited / 1e6 / cpu,
            cpu * 1e9 / (double) visited, peak / 1e6, peak / cells,
            (unsigned long long) visited);
  else if (kind == CASE_GENERATE)
    printf ("%-28s %5ux%-5u wall %7.3f s  cpu %7.3f s %8.1f Mcells/s %6.2f ns/cell  "
            "peak %7.1f MB = %5.2f B/cell  (cells CRC %08X)\n",
            name, side, side, wall, cpu, cells / 1e6 / cpu, cpu * 1e9 / cells,
            peak / 1e6, peak / cells, crc);
  else
    printf ("%-28s %5ux%-5u wall %7.3f s  cpu %7.3f s %8.1f Mcells/s %6.2f ns/cell  "
            "peak %7.1f MB = %5.2f B/cell\n",
            name, side, side, wall, cpu, cells / 1e6 / cpu, cpu * 1e9 / cells,
            peak / 1e6, peak / cells);
  fflush (stdout);
}

/* The solvers' maze as a file, for the load and whole-process cases. */
static bool
write_bench_maze (uint32_t side)
{
  MazeError err = { 0 };
  Maze *m = maze_generate (side, side, maze_algorithm_default (maze_generators)->name, BENCH_SEED, 0, &err);
  bool ok = m != NULL && maze_save_file (m, maze_path, &err) == MAZE_OK;

  if (!ok)
    fprintf (stderr, "bitmaze-bench: %s\n", err.message);
  maze_free (m);
  return ok;
}

int
main (int   argc,
      char *argv[])
{
  static const char *const ref_solvers[] = {
    "reference:bfs", "reference:bfs-branchless", "reference:dfs",
  };
  static const char *const processes[] = {
    "reference generate", "cli generate", "cli info", "cli solve bfs",
    "cli render png", "cli render svg", "cli render pdf",
  };
  uint32_t sizes[8] = { 1000, 4000 };
  int n_sizes = 2, runs = 3;
  bool sizes_given = false;
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
          if (!sizes_given)
            n_sizes = 0;
          sizes_given = true;
          if (n_sizes < 8)
            sizes[n_sizes++] = (uint32_t) strtoul (argv[++i], NULL, 10);
        }
      else if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = atoi (argv[++i]);
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
        only = argv[++i];
      else if (strcmp (argv[i], "--cli") == 0 && i + 1 < argc)
        cli_path = argv[++i];
      else if (strcmp (argv[i], "--reference") == 0 && i + 1 < argc)
        reference_path = argv[++i];
      else
        {
          fprintf (stderr, "usage: %s [--quick] [--size N]... [--runs N] [--only a,b] "
                   "[--cli PATH] [--reference PATH]\n", argv[0]);
          return 2;
        }
    }
  if (runs < 1)
    runs = 1;
  snprintf (maze_path, sizeof maze_path, "/tmp/bitmaze-bench-%ld.maze", (long) getpid ());
  snprintf (output_path, sizeof output_path, "/tmp/bitmaze-bench-%ld.out", (long) getpid ());

  printf ("Bitmaze benchmark: median of %d run(s), each in its own process\n", runs);
  for (int s = 0; s < n_sizes; s++)
    {
      uint32_t side = sizes[s];
      bool have_file = false;

      printf ("\n== generators, %ux%u ==\n", side, side);
      if (selected (only, "reference:generate"))
        measure (CASE_REF_GENERATE, "reference:generate", side, runs);
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
          /* Aldous-Broder's walk must cover every cell, which takes more
           * moves a cell the bigger the maze (seconds at 4000x4000):
           * 1000x1000 is enough. */
          if (side > 2000 && only == NULL && strcmp (a->name, "aldous-broder") == 0)
            {
              printf ("%-28s %5ux%-5u  (skipped: a covering walk, see the 1000x1000 line)\n",
                      name, side, side);
              continue;
            }
          measure (CASE_GENERATE, name, side, runs);
        }

      printf ("\n== solvers on growing-tree:newest seed 42, %ux%u ==\n", side, side);
      for (size_t k = 0; k < sizeof ref_solvers / sizeof ref_solvers[0]; k++)
        if (selected (only, ref_solvers[k]))
          measure (CASE_REF_SOLVE, ref_solvers[k], side, runs);
      for (size_t k = 0; maze_solvers[k] != NULL; k++)
        if (selected (only, maze_solvers[k]->name))
          measure (CASE_SOLVE, maze_solvers[k]->name, side, runs);

      printf ("\n== .maze files (page cache) and whole processes, %ux%u ==\n", side, side);
      if (selected (only, "save"))
        measure (CASE_SAVE, "save", side, runs);
      for (size_t k = 0; k < sizeof processes / sizeof processes[0]; k++)
        {
          bool needs_file = strncmp (processes[k], "cli", 3) == 0
                            && strcmp (processes[k], "cli generate") != 0;

          if (!selected (only, processes[k]))
            continue;
          if (needs_file && !have_file && !(have_file = write_bench_maze (side)))
            return 1;
          measure (CASE_PROCESS, processes[k], side, runs);
        }
      if (selected (only, "load"))
        {
          if (!have_file && !(have_file = write_bench_maze (side)))
            return 1;
          measure (CASE_LOAD, "load", side, runs);
        }
      unlink (maze_path);
    }
  return 0;
}
