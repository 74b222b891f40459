/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c: bitmaze-cli, the Bitmaze engine from a terminal.
 *
 *   bitmaze-cli COMMAND [OPTION…] [FILE…]
 *
 * Every command parses its own options with GOptionContext and has its
 * own --help.  Exit status: 0 success, 1 a value or a file the user got
 * wrong, 2 bad usage, 3 no path (solve --require-path).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "cli.h"

typedef struct
{
  const char *name;
  int       (*run) (int    argc,
                    char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "generate", cli_generate, N_("Generate a maze into a .maze file") },
  { "solve",    cli_solve,    N_("Solve a maze and report the search") },
  { "info",     cli_info,     N_("Show a maze's size, metadata and statistics") },
  { "render",   cli_render,   N_("Draw a maze as PNG, SVG, PDF or text") },
  { "animate",  cli_animate,  N_("Replay a solve in the terminal, or write a GIF") },
  { "validate", cli_validate, N_("Check .maze files") },
  { "worksheet", cli_worksheet, N_("Lay out mazes and their answers on printable pages") },
  { "quiz",     cli_quiz,     N_("Predict each step of a solve or a build, and get a score") },
  { "class",    cli_class,    N_("Let a class answer a solve's questions from their browsers") },
  { "explain",  cli_explain,  N_("Explain a bit operation, and what went wrong in an answer") },
  { "lab",      cli_lab,      N_("Check students' C: create_dfs, solve_dfs, solve_bfs") },
};

static void
print_help (FILE *out)
{
  fprintf (out, "%s\n  bitmaze-cli %s\n  bitmaze-cli --version\n\n",
           _("Usage:"), _("COMMAND [OPTION…] [FILE…]"));
  fprintf (out, "%s\n\n", _("Generate, solve and draw mazes whose cells are "
                            "16-bit words."));
  fprintf (out, "%s\n", _("Commands:"));
  for (size_t k = 0; k < G_N_ELEMENTS (commands); k++)
    fprintf (out, "  %-10s %s\n", commands[k].name, _(commands[k].summary));
  fprintf (out, "\n%s\n", _("Run 'bitmaze-cli COMMAND --help' for the options "
                            "of a command."));
  fprintf (out, "\n%s\n", _("Exit status: 0 success; 1 a bad value or file "
                            "(size out of range, unknown algorithm, missing "
                            "or corrupt file); 2 bad usage (unknown command "
                            "or option, missing argument); 3 no path "
                            "(solve --require-path); 130 interrupted."));
}

int
main (int    argc,
      char **argv)
{
  const char *name;
  const char *localedir;

  setlocale (LC_ALL, "");
  /* BITMAZE_LOCALEDIR points at uninstalled translations, e.g.
   * <builddir>/po, for the tests and for trying a new .po file. */
  localedir = g_getenv ("BITMAZE_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("bitmaze-cli");

  if (argc < 2)
    {
      print_help (stderr);
      return CLI_EXIT_USAGE;
    }

  name = argv[1];
  if (g_str_equal (name, "--version") || g_str_equal (name, "-V"))
    {
      g_print ("bitmaze-cli %s\n", PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h")
      || g_str_equal (name, "help"))
    {
      /* "help COMMAND" is "COMMAND --help". */
      if (argc > 2 && g_str_equal (name, "help"))
        {
          char *help_argv[] = { argv[2], (char *) "--help", NULL };

          for (size_t k = 0; k < G_N_ELEMENTS (commands); k++)
            if (g_str_equal (argv[2], commands[k].name))
              return commands[k].run (2, help_argv);
          return cli_usage_error (NULL, _("unknown command '%s'"), argv[2]);
        }
      print_help (stdout);
      return CLI_EXIT_OK;
    }

  for (size_t k = 0; k < G_N_ELEMENTS (commands); k++)
    if (g_str_equal (name, commands[k].name))
      return commands[k].run (argc - 1, argv + 1);

  if (name[0] == '-')
    return cli_usage_error (NULL, _("unknown option '%s'"), name);
  return cli_usage_error (NULL, _("unknown command '%s'"), name);
}
