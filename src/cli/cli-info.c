/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-info.c: bitmaze-cli info and bitmaze-cli validate, as text or
 * (--json) as JSON for scripts.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-error.h"
#include "cli.h"

static void
print_cell (const char *label,
            const Maze *maze,
            uint32_t    i)
{
  g_print ("%-18s (%u, %u)\n", label,
           i % maze_width (maze), i / maze_width (maze));
}

/* info --json: the same facts as the text, as one object. */
static int
print_info_json (const char *file,
                 const Maze *maze)
{
  JsonBuilder *b;
  MazeStats stats;
  MazeError error;

  maze_error_clear (&error);
  if (maze_stats (maze, &stats, &error) != MAZE_OK)
    return cli_json_fail (file, &error, stdout);

  b = cli_json_begin (file);
  cli_json_add_size (b, maze);
  cli_json_add_cell (b, "start", maze, maze_start (maze));
  cli_json_add_cell (b, "goal", maze, maze_goal (maze));
  json_builder_set_member_name (b, "perfect");
  json_builder_add_boolean_value (b, maze_is_perfect (maze));

  /* The search stored in the file: null when there is none. */
  json_builder_set_member_name (b, "search");
  if (maze_has_search (maze))
    {
      int64_t moves = maze_path_cells (maze, NULL, 0);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "path_length");
      if (moves >= 0)
        json_builder_add_int_value (b, moves);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "metadata");
  json_builder_begin_object (b);
  for (size_t k = 0; k < maze_meta_count (maze); k++)
    {
      const char *key, *value;

      maze_meta_nth (maze, k, &key, &value);
      cli_json_add_string (b, key, value);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "statistics");
  json_builder_begin_object (b);
  cli_json_add_uint (b, "passages", stats.passages);
  cli_json_add_uint (b, "dead_ends", stats.dead_ends);
  cli_json_add_uint (b, "corridors", stats.corridors);
  cli_json_add_uint (b, "turns", stats.turns);
  cli_json_add_uint (b, "junctions", stats.junctions);
  cli_json_add_uint (b, "isolated", stats.isolated);
  json_builder_set_member_name (b, "solution_length");
  if (stats.solution_length >= 0)
    json_builder_add_int_value (b, stats.solution_length);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "longest_path");
  json_builder_begin_object (b);
  cli_json_add_uint (b, "length", stats.longest_path);
  cli_json_add_cell (b, "from", maze, stats.longest_from);
  cli_json_add_cell (b, "to", maze, stats.longest_to);
  json_builder_end_object (b);
  json_builder_end_object (b);

  return cli_json_print (b, stdout, TRUE);
}

int
cli_info (int    argc,
          char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      N_("Print one JSON object (keys in the README) instead of text; a "
         "bad file gives an object with \"error\""), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  MazeStats stats;
  MazeError error;
  char *shown;
  Maze *maze;
  int status;

  context = cli_context_new ("info", _("MAZE-FILE"),
                             _("Print a maze's size, endpoints, metadata "
                               "and statistics."),
                             _("Cells are given as (x, y) from the top-left "
                               "corner (0, 0).  MAZE-FILE '-' reads standard "
                               "input."),
                             entries);
  if ((status = cli_parse (context, "info", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("info", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("info", _("unexpected argument '%s'"), argv[2]);

  if (json)
    {
      maze = cli_load_quietly (argv[1], &error);
      if (maze == NULL)
        return cli_json_fail (argv[1], &error, stdout);
      status = print_info_json (argv[1], maze);
      maze_free (maze);
      return status;
    }

  maze = cli_load (argv[1]);
  if (maze == NULL)
    return CLI_EXIT_FAILURE;

  maze_error_clear (&error);
  if (maze_stats (maze, &stats, &error) != MAZE_OK)
    {
      maze_free (maze);
      return cli_fail_maze (argv[1], &error);
    }

  /* Translators: the labels of "bitmaze-cli info" stand in a column
   * 18 bytes wide ("%-18s"); keep them short and ending in a colon. */
  shown = cli_shown (argv[1]);
  g_print ("%-18s %s\n", _("file:"), shown);
  g_free (shown);
  /* Translators: width × height, then the number of cells */
  g_print (ngettext ("%-18s %u × %u (%u cell)\n",
                     "%-18s %u × %u (%u cells)\n", maze_n_cells (maze)),
           _("size:"), maze_width (maze), maze_height (maze), maze_n_cells (maze));
  if (maze_is_shaped (maze))
    /* Translators: the cells of a shaped maze (a heart, a circle) out of
     * all the cells of its grid */
    g_print (_("%-18s %u of the %u cells (version 2)\n"),
             _("shape:"), maze_n_inside (maze), maze_n_cells (maze));
  print_cell (_("start:"), maze, maze_start (maze));
  print_cell (_("goal:"), maze, maze_goal (maze));
  g_print ("%-18s %s\n", _("perfect:"),
           maze_is_perfect (maze) ? _("yes (exactly one path between "
                                      "any two cells)")
                                  : _("no"));
  if (maze_has_search (maze))
    {
      int64_t moves = maze_path_cells (maze, NULL, 0);

      if (moves >= 0)
        g_print (ngettext ("%-18s a solution of %lld move is marked\n",
                           "%-18s a solution of %lld moves is marked\n",
                           (unsigned long) moves),
                 _("search:"), (long long) moves);
      else
        g_print (_("%-18s a search is marked, without a complete path\n"),
                 _("search:"));
    }

  if (maze_meta_count (maze) > 0)
    {
      g_print ("%s\n", _("metadata:"));
      for (size_t k = 0; k < maze_meta_count (maze); k++)
        {
          const char *key, *value;

          maze_meta_nth (maze, k, &key, &value);
          /* A value may hold escape sequences from an old or a hostile
           * file: shown, never sent to the terminal. */
          shown = cli_shown (value);
          g_print ("  %-16s %s\n", key, shown);
          g_free (shown);
        }
    }

  g_print ("%s\n", _("statistics:"));
  g_print ("  %-16s %llu\n", _("passages"),
           (unsigned long long) stats.passages);
  g_print ("  %-16s %llu\n", _("dead ends"),
           (unsigned long long) stats.dead_ends);
  g_print ("  %-16s %llu\n", _("corridors"),
           (unsigned long long) stats.corridors);
  g_print ("  %-16s %llu\n", _("turns"),
           (unsigned long long) stats.turns);
  g_print ("  %-16s %llu\n", _("junctions"),
           (unsigned long long) stats.junctions);
  g_print ("  %-16s %llu\n", _("isolated cells"),
           (unsigned long long) stats.isolated);
  if (stats.solution_length >= 0)
    g_print (ngettext ("  %-16s %lld move\n", "  %-16s %lld moves\n",
                       (unsigned long) stats.solution_length),
             _("solution"), (long long) stats.solution_length);
  else
    g_print (_("  %-16s none: the goal cannot be reached\n"), _("solution"));
  g_print (ngettext ("  %-16s %llu move, from (%u, %u) to (%u, %u)\n",
                     "  %-16s %llu moves, from (%u, %u) to (%u, %u)\n",
                     (unsigned long) stats.longest_path),
           _("longest path"), (unsigned long long) stats.longest_path,
           stats.longest_from % maze_width (maze),
           stats.longest_from / maze_width (maze),
           stats.longest_to % maze_width (maze),
           stats.longest_to / maze_width (maze));

  maze_free (maze);
  return CLI_EXIT_OK;
}

int
cli_validate (int    argc,
              char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      N_("Print one JSON object a file, one a line: {\"file\", \"valid\"} "
         "and \"error\" for a bad one"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  int status, n_bad = 0, n_unchecked = 0;

  context = cli_context_new ("validate", _("FILE…"),
                             _("Check .maze files against the format "
                               "specification."),
                             _("Prints \"FILE: ok\" or \"FILE: what is wrong\" "
                               "for each file, and exits with status 1 when "
                               "any file is bad.  FILE '-' reads standard input."),
                             entries);
  if ((status = cli_parse (context, "validate", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("validate", _("missing FILE"));

  for (int k = 1; k < argc; k++)
    {
      gboolean is_stdin = g_str_equal (argv[k], "-");
      g_autofree char *name = cli_shown (is_stdin ? _("standard input") : argv[k]);
      gboolean unchecked;
      MazeError error;
      Maze *maze;

      maze_error_clear (&error);
      if (is_stdin)
        maze = maze_load_stdio (stdin, &error);
      else
        maze = maze_load_file (argv[k], &error);
      /* Out of memory says nothing about the file: it was not checked. */
      unchecked = maze == NULL && error.status == MAZE_ERROR_NOMEM;
      if (json)
        {
          JsonBuilder *b = cli_json_begin (argv[k]);

          json_builder_set_member_name (b, "valid");
          if (unchecked)
            json_builder_add_null_value (b);
          else
            json_builder_add_boolean_value (b, maze != NULL);
          if (maze != NULL)
            cli_json_add_size (b, maze);
          else
            cli_json_add_error (b, &error);
          if (cli_json_print (b, stdout, FALSE) != CLI_EXIT_OK)
            {
              maze_free (maze);
              return CLI_EXIT_FAILURE;
            }
        }
      else if (maze != NULL)
        g_print (_("%s: ok\n"), name);
      else if (unchecked)
        {
          g_autofree char *message = bitmaze_error_message (&error);
          g_autofree char *shown_message = cli_shown (message);

          /* Translators: validate: a file name, then why it could not be
           * read through (out of memory, with how much) */
          g_print (_("%s: could not be checked: %s\n"), name, shown_message);
        }
      else
        {
          g_autofree char *message = bitmaze_error_message (&error);
          g_autofree char *shown_message = cli_shown (message);

          g_print ("%s: %s\n", name, shown_message);
        }
      if (unchecked)
        n_unchecked++;
      else if (maze == NULL)
        n_bad++;
      maze_free (maze);
    }
  fflush (stdout);

  /* With --json the objects say it all: no line on stderr. */
  if ((n_bad > 0 || n_unchecked > 0) && json)
    return CLI_EXIT_FAILURE;
  if (n_unchecked > 0 && n_bad == 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%d of %d file could not be checked (out of memory)",
                                  "%d of %d files could not be checked (out of memory)",
                                  argc - 1),
                     n_unchecked, argc - 1);
  if (n_unchecked > 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     /* Translators: validate: bad files, all files, then
                      * the files that could not be checked */
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%d of %d file is bad; %d could not be checked (out of memory)",
                                  "%d of %d files are bad; %d could not be checked (out of memory)",
                                  argc - 1),
                     n_bad, argc - 1, n_unchecked);
  if (n_bad > 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%d of %d file is bad",
                                  "%d of %d files are bad", argc - 1),
                     n_bad, argc - 1);
  return CLI_EXIT_OK;
}
