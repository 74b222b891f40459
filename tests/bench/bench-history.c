/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-bench-history: what stepping back costs.
 *
 * For a search (BFS unless told) on a SIZE x SIZE maze (2000 unless told):
 *   - the search run to its end through a MazeHistory, with a quiet
 *     report a step as the app's Run makes them (statements written only
 *     for the steps shown), against the same search stepped without a
 *     history and with every statement written, as Run did before there
 *     was a history: what Run costs now;
 *   - the history's memory, in bytes a step, and the page faults taking
 *     it cost (a count, so it compares across noisy runs: each is the
 *     system's first touch of a page, 10 us and more on a virtual
 *     machine);
 *   - jumps to random steps (the timeline scrubbed) and single steps back
 *     from the end, each handing over the 4096 newest reports as the app
 *     asks for them: the slowest and the median jump.
 * Targets: a jump within 100 ms, at most 32 bytes a step.
 * With --limit MB the history keeps only that much (as the app's, 256),
 * so jumps before its log replay from step 0: the target is then 2 s
 * for any step of a 10000 x 10000 BFS.
 *
 *   bitmaze-bench-history [--size N] [--solver NAME] [--generator NAME]
 *                         [--jumps N] [--limit MB]
 * With --generator, the history is of building that maze instead.
 */
#include "maze.h"
#include "bench-util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define REPORTS 4096

static void
die (const char      *what,
     const MazeError *error)
{
  fprintf (stderr, "bitmaze-bench-history: %s: %s\n", what, error->message);
  exit (1);
}

/* Steps a stepper to its end without a history, a report a step. */
static double
plain_run (Maze       *maze,
           const char *solver_name,
           const char *generator_name,
           uint64_t   *n_steps)
{
  MazeStep step;
  MazeError error;
  double cpu = bench_cpu_now ();

  *n_steps = 0;
  if (generator_name != NULL)
    {
      MazeGenerator *gen = maze_generator_new (maze, generator_name, 1, 0, &error);

      if (gen == NULL)
        die (generator_name, &error);
      while (maze_generator_step (gen, &step))
        (*n_steps)++;
      maze_generator_free (gen);
    }
  else
    {
      MazeSolver *solver = maze_solver_new (maze, solver_name, &error);

      if (solver == NULL)
        die (solver_name, &error);
      while (maze_solver_step (solver, &step))
        (*n_steps)++;
      maze_solver_free (solver);
    }
  return bench_cpu_now () - cpu;
}

int
main (int   argc,
      char *argv[])
{
  uint32_t side = 2000;
  const char *solver_name = "bfs";
  const char *generator_name = NULL;
  unsigned n_jumps = 200;
  size_t limit = (size_t) 1 << 40;
  MazeStep *reports = malloc (REPORTS * sizeof *reports);
  double *jump_ms, *jump_cpu_ms;
  double record_cpu, plain_cpu, back_max = 0;
  struct rusage usage;
  long faults;
  uint64_t n_steps, plain_steps, length;
  MazeHistory *h;
  MazeError error;
  MazeStep step;
  Maze *maze;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
        side = (uint32_t) strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--solver") == 0 && i + 1 < argc)
        solver_name = argv[++i];
      else if (strcmp (argv[i], "--generator") == 0 && i + 1 < argc)
        generator_name = argv[++i];
      else if (strcmp (argv[i], "--jumps") == 0 && i + 1 < argc)
        n_jumps = (unsigned) strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--limit") == 0 && i + 1 < argc)
        limit = (size_t) strtoull (argv[++i], NULL, 10) << 20;
      else
        {
          fprintf (stderr, "usage: %s [--size N] [--solver NAME] [--generator NAME] [--jumps N] [--limit MB]\n",
                   argv[0]);
          return 2;
        }
    }
  if (reports == NULL || n_jumps == 0)
    return 1;

  maze = maze_generate (side, side, maze_algorithm_default (maze_generators)->name, 1, 0, &error);
  if (maze == NULL)
    die ("generate", &error);

  /* Without a history first: the work Run did before there was one. */
  plain_cpu = plain_run (maze, solver_name, generator_name, &plain_steps);
  if (generator_name == NULL)
    maze_reset_search (maze);

  getrusage (RUSAGE_SELF, &usage);
  faults = usage.ru_minflt;
  record_cpu = bench_cpu_now ();
  if (generator_name != NULL)
    h = maze_history_new_generator (maze, generator_name, 1, 0, true, MAZE_PLACE_CORNERS, true, &error);
  else
    h = maze_history_new_solver (maze, solver_name, &error);
  if (h == NULL)
    die ("history", &error);
  maze_history_set_limit (h, limit);
  n_steps = 0;
  while (maze_history_step_quiet (h, &step))
    n_steps++;
  maze_step_complete (&step);
  record_cpu = bench_cpu_now () - record_cpu;
  getrusage (RUSAGE_SELF, &usage);
  faults = usage.ru_minflt - faults;
  length = maze_history_length (h);

  printf ("%s on %ux%u: %llu steps\n", generator_name != NULL ? generator_name : solver_name,
          side, side, (unsigned long long) length);
  printf ("run: %.3f s CPU stepping with every statement and no history (%llu steps), "
          "%.3f s with the history and quiet reports: %.2fx\n",
          plain_cpu, (unsigned long long) plain_steps, record_cpu, record_cpu / plain_cpu);
  printf ("history: %.1f MB, %.1f bytes a step (target 32, limit %.0f MB); %ld page faults while recording\n",
          maze_history_memory (h) / 1e6, (double) maze_history_memory (h) / (double) length,
          (double) (limit >> 20), faults);

  /* Single steps back from the end, as Step Back does. */
  for (int k = 0; k < 20; k++)
    {
      double t = bench_now ();
      size_t n;

      if (maze_history_seek (h, maze_history_position (h) - 1, reports, REPORTS, &n, &error) != MAZE_OK)
        die ("back", &error);
      t = (bench_now () - t) * 1000;
      if (t > back_max)
        back_max = t;
    }
  printf ("step back (20 times from the end): slowest %.2f ms\n", back_max);

  /* Random jumps, and the two ends. */
  jump_ms = malloc (n_jumps * sizeof *jump_ms);
  jump_cpu_ms = malloc (n_jumps * sizeof *jump_cpu_ms);
  srand (14);
  for (unsigned k = 0; k < n_jumps; k++)
    {
      uint64_t target = k == 0 ? 0 : k == 1 ? length
                        : (uint64_t) ((double) rand () / RAND_MAX * (double) length);
      double t = bench_now (), c = bench_cpu_now ();
      size_t n;

      if (maze_history_seek (h, target, reports, REPORTS, &n, &error) != MAZE_OK)
        die ("seek", &error);
      jump_ms[k] = (bench_now () - t) * 1000;
      jump_cpu_ms[k] = (bench_cpu_now () - c) * 1000;
    }
  qsort (jump_ms, n_jumps, sizeof *jump_ms, bench_compare_double);
  qsort (jump_cpu_ms, n_jumps, sizeof *jump_cpu_ms, bench_compare_double);
  printf ("jump to a random step (%u jumps, 4096 reports each): median %.2f ms, slowest %.2f ms"
          " (CPU: median %.2f ms, slowest %.2f ms; target 100)\n",
          n_jumps, jump_ms[n_jumps / 2], jump_ms[n_jumps - 1],
          jump_cpu_ms[n_jumps / 2], jump_cpu_ms[n_jumps - 1]);

  free (jump_ms);
  free (jump_cpu_ms);
  free (reports);
  maze_history_free (h);
  maze_free (maze);
  return 0;
}
