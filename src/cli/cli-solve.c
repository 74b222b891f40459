/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-solve.c: bitmaze-cli solve.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cli.h"

/* solve --json: the report and the moves as one object. */
static int
print_json (const char           *file,
            const char           *solver,
            const Maze           *maze,
            const MazeSolveStats *stats,
            const char           *output,
            FILE                 *out)
{
  g_autofree char *path = stats->found ? maze_path_moves (maze) : NULL;
  JsonBuilder *b;

  if (stats->found && path == NULL)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("out of memory for the path's moves: %llu bytes could not be allocated"),
                     (unsigned long long) stats->path_length + 1);
  b = cli_json_begin (file);
  cli_json_add_size (b, maze);
  cli_json_add_string (b, "solver", solver);
  /* "out-of-reach": a path exists, the wall follower cannot reach it */
  cli_json_add_string (b, "result", stats->found ? "found"
                                    : stats->unreachable_by_method ? "out-of-reach"
                                    : "no-path");
  json_builder_set_member_name (b, "path_length");
  if (stats->found)
    json_builder_add_int_value (b, (gint64) stats->path_length);
  else
    json_builder_add_null_value (b);
  /* Translators do not touch these: N, E, S and W, as in --moves. */
  cli_json_add_string (b, "moves", path);
  cli_json_add_uint (b, "visited", stats->visited);
  cli_json_add_uint (b, "steps", stats->steps);
  cli_json_add_uint (b, "largest_frontier", stats->max_frontier);
  cli_json_add_string (b, "output", output);
  return cli_json_print (b, out, TRUE);
}

int
cli_solve (int    argc,
           char **argv)
{
  g_autofree char *solver_name = NULL;
  g_autofree char *output = NULL;
  gboolean moves = FALSE, require_path = FALSE, list = FALSE, json = FALSE;
  gboolean force = FALSE, trace = FALSE;
  const char *default_name = maze_algorithm_default (maze_solvers)->name;
  g_autofree char *solver_help =
    g_strdup_printf (_("Solver (default %s; see --list)"), default_name);
  const GOptionEntry entries[] = {
    { "solver", 'S', 0, CLI_ARG_TEXT, &solver_name,
      solver_help, N_("NAME") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the solved maze (solution and search bits) to FILE "
         "('-': standard output, the report then goes to standard error)"),
      N_("FILE") },
    { "moves", 'm', 0, G_OPTION_ARG_NONE, &moves,
      /* Translators: N, E, S and W are the letters printed, which stay
       * the same in every language: do not translate them here */
      N_("Print only the path as one line of N, E, S, W moves "
         "(an empty line when there is none)"), NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE even when it is read-only"), NULL },
    { "require-path", 0, 0, G_OPTION_ARG_NONE, &require_path,
      N_("Exit with status 3 when there is no path (1 when the solver "
         "cannot reach a goal that a path leads to)"), NULL },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      N_("Print the report as one JSON object (keys in the README), the "
         "moves included; a bad file gives an object with \"error\""), NULL },
    { "trace", 0, 0, G_OPTION_ARG_NONE, &trace,
      N_("Print every step as a line of JSON: the listing line it ran and "
         "each word it wrote (docs/trace.md), instead of the report"), NULL },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the solvers and exit"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  MazeSolveStats stats;
  FILE *report = stdout;
  MazeSolver *solver;
  MazeError error;
  Maze *maze;
  int status;

  context = cli_context_new ("solve", _("MAZE-FILE"),
                             _("Solve a maze and report the search."),
                             _("\"No path\" is an answer, not an error: the exit "
                               "status is 0 unless --require-path is given, "
                               "then 3.  The wall follower cannot reach a goal "
                               "on an island (a part of the maze its hand never "
                               "touches): the result says so, and with "
                               "--require-path the exit status is 1, since a "
                               "path exists.  MAZE-FILE '-' reads standard input."),
                             entries);
  if ((status = cli_parse (context, "solve", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (list)
    {
      cli_list_algorithms (maze_solvers);
      return CLI_EXIT_OK;
    }
  if (argc < 2)
    return cli_usage_error ("solve", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("solve", _("unexpected argument '%s'"), argv[2]);

  if (trace && (json || moves))
    return cli_usage_error ("solve", _("--trace cannot be combined with %s"),
                            json ? "--json" : "--moves");
  if (trace && cli_output_is_stdout (output))
    return cli_usage_error ("solve", _("--trace prints on standard output: "
                                       "write the maze to a file with -o"));

  maze_error_clear (&error);
  if (solver_name == NULL)
    solver_name = g_strdup (default_name);
  /* With the maze on standard output, the report goes to stderr. */
  if (cli_output_is_stdout (output))
    report = stderr;
  if (!maze_solver_name_valid (solver_name, &error))
    return json ? cli_json_fail (argv[1], &error, report)
                : cli_fail_maze (NULL, &error);

  if (output != NULL
      && (status = cli_output_check (output, force, TRUE)) != CLI_EXIT_OK)
    return status;

  if (json)
    {
      maze = cli_load_quietly (argv[1], &error);
      if (maze == NULL)
        return cli_json_fail (argv[1], &error, report);
    }
  else if ((maze = cli_load (argv[1])) == NULL)
    return CLI_EXIT_FAILURE;

  solver = maze_solver_new (maze, solver_name, &error);
  if (solver == NULL)
    {
      maze_free (maze);
      return cli_fail_maze (NULL, &error);
    }
  status = trace ? cli_trace_solver (solver) : cli_run_solver (solver, maze);
  maze_solver_stats (solver, &stats);
  maze_solver_free (solver);
  /* With --require-path, "no path" is the command failing: like any
   * failure it leaves -o alone (the report still says why). */
  if (status == CLI_EXIT_OK && output != NULL
      && (stats.found || !require_path))
    {
      if (maze_meta_set (maze, "solver", solver_name, &error) != MAZE_OK)
        status = cli_fail_maze (NULL, &error);
      else
        status = cli_save (maze, output, force);
    }

  if (status == CLI_EXIT_OK && trace)
    ; /* the trace was the output */
  else if (status == CLI_EXIT_OK && json)
    status = print_json (argv[1], solver_name, maze, &stats, output, report);
  else if (status == CLI_EXIT_OK && moves)
    {
      g_autofree char *path = stats.found ? maze_path_moves (maze) : NULL;

      if (stats.found && path == NULL)
        status = cli_fail (CLI_EXIT_FAILURE,
                           _("out of memory for the path's moves: %llu bytes could not be allocated"),
                           (unsigned long long) stats.path_length + 1);
      else
        fprintf (report, "%s\n", path != NULL ? path : "");
    }
  else if (status == CLI_EXIT_OK)
    {
      double percent = 100.0 * stats.visited / maze_n_inside (maze);

      if (stats.found)
        /* Translators: the report of "bitmaze-cli solve": keep the values
         * of these lines and the next ones in one column */
        fprintf (report, ngettext ("result:           found\n"
                                   "path length:      %llu move\n",
                                   "result:           found\n"
                                   "path length:      %llu moves\n",
                                   (unsigned long) stats.path_length),
                 (unsigned long long) stats.path_length);
      else if (stats.unreachable_by_method)
        fprintf (report, _("result:           not found: the goal is on an "
                           "island the wall follower cannot reach (a path "
                           "exists)\n"));
      else
        fprintf (report, _("result:           no path\n"));
      fprintf (report, _("cells visited:    %llu of %u (%.1f%%)\n"
                         "steps:            %llu\n"
                         "largest frontier: %llu\n"),
               (unsigned long long) stats.visited, maze_n_inside (maze),
               percent, (unsigned long long) stats.steps,
               (unsigned long long) stats.max_frontier);
    }

  /* Exit status 3 is the maze's answer only: a path the method could
   * not reach is the method's failure. */
  if (status == CLI_EXIT_OK && !stats.found && require_path)
    status = stats.unreachable_by_method
               ? cli_fail (CLI_EXIT_FAILURE,
                           _("the goal is on an island the wall follower "
                             "cannot reach; a path exists: use another "
                             "solver, e.g. bfs"))
               : CLI_EXIT_NO_PATH;
  maze_free (maze);
  return status;
}
