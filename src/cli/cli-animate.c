/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-animate.c: bitmaze-cli animate, a solve animated in the terminal.
 *
 * The maze is printed once; after every frame only the text lines that
 * changed are rewritten, by moving the cursor up to them (a step changes
 * at most four cells).  Ctrl+C sets a flag that ends the loop, so the
 * cursor and the colours are restored before exit.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define ANSI_HIDE_CURSOR "\033[?25l"
#define ANSI_SHOW_CURSOR "\033[?25h"

static volatile sig_atomic_t interrupted = 0;

static void
on_interrupt (int signum)
{
  interrupted = 1;
}

/* Sleeps @ms milliseconds unless a signal arrives first. */
static void
sleep_ms (guint ms)
{
  struct timespec ts = { ms / 1000, (long) (ms % 1000) * 1000000L };

  if (ms > 0)
    nanosleep (&ts, NULL);
}

typedef struct
{
  GPtrArray *lines;   /* the frame on screen, one string per line */
  guint      cursor;  /* the line the cursor is on */
  GString   *out;     /* the escape sequences of one frame */
} Screen;

static void
screen_move_to (Screen *screen,
                guint   line)
{
  if (line < screen->cursor)
    g_string_append_printf (screen->out, "\033[%uA", screen->cursor - line);
  else if (line > screen->cursor)
    g_string_append_printf (screen->out, "\033[%uB", line - screen->cursor);
  g_string_append_c (screen->out, '\r');
  screen->cursor = line;
}

/* Rewrites line @k when it differs from what is on screen. */
static void
screen_set_line (Screen     *screen,
                 guint       k,
                 const char *text)
{
  if (g_str_equal (g_ptr_array_index (screen->lines, k), text))
    return;
  screen_move_to (screen, k);
  g_string_append (screen->out, text);
  g_string_append (screen->out, "\033[K");
  g_free (g_ptr_array_index (screen->lines, k));
  g_ptr_array_index (screen->lines, k) = g_strdup (text);
}

static void
status_line (GString          *line,
             const char       *solver,
             const MazeSolver *s)
{
  MazeSolveStats stats;
  uint32_t unused;

  maze_solver_stats (s, &stats);
  g_string_printf (line, _("%s: step %llu, visited %llu, frontier %zu"),
                   solver, (unsigned long long) stats.steps,
                   (unsigned long long) stats.visited,
                   maze_solver_frontier (s, &unused, 0));
  if (stats.finished && stats.found)
    g_string_append_printf (line, ngettext (", found a path of %llu move",
                                            ", found a path of %llu moves",
                                            (unsigned long) stats.path_length),
                            (unsigned long long) stats.path_length);
  else if (stats.finished)
    g_string_append (line, _(", no path"));
}

/* Draws the maze and the status line, only what changed since the last
 * frame, and leaves the cursor under the frame. */
static gboolean
draw_frame (Screen               *screen,
            const Maze           *maze,
            const CliTextOptions *options,
            const char           *solver,
            const MazeSolver     *s)
{
  g_autoptr (GString) line = g_string_new (NULL);
  guint n = cli_text_n_lines (maze, options);

  g_string_truncate (screen->out, 0);
  for (guint k = 0; k < n; k++)
    {
      g_string_truncate (line, 0);
      cli_text_line (maze, options, k, line);
      screen_set_line (screen, k, line->str);
    }
  status_line (line, solver, s);
  screen_set_line (screen, n, line->str);
  screen_move_to (screen, n + 1);

  return fwrite (screen->out->str, 1, screen->out->len, stdout)
         == screen->out->len
         && fflush (stdout) == 0;
}

int
cli_animate (int    argc,
             char **argv)
{
  g_autofree char *solver_name = NULL;
  g_autofree char *delay_text = NULL;
  g_autofree char *per_frame_text = NULL;
  g_autofree char *color_text = NULL;
  gboolean ascii = FALSE, labels = FALSE;
  const GOptionEntry entries[] = {
    { "solver", 'S', 0, G_OPTION_ARG_STRING, &solver_name,
      N_("Solver (default dfs; see bitmaze-cli solve --list)"), N_("NAME") },
    { "delay", 'd', 0, G_OPTION_ARG_STRING, &delay_text,
      N_("Milliseconds between frames, 0 to 10000 (default 50)"), N_("MS") },
    { "steps-per-frame", 0, 0, G_OPTION_ARG_STRING, &per_frame_text,
      N_("Solver steps between two frames (default 1)"), N_("N") },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Use +--+ instead of box drawing"), NULL },
    { "color", 0, 0, G_OPTION_ARG_STRING, &color_text,
      N_("Colours: auto (when standard output is a terminal), always "
         "or never"), N_("WHEN") },
    { "labels", 0, 0, G_OPTION_ARG_NONE, &labels,
      N_("Number the rows and the columns"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  struct sigaction action, old_int, old_term;
  CliTextOptions options;
  Screen screen = { NULL, 0, NULL };
  guint64 delay = 50, per_frame = 1;
  MazeSolver *solver;
  MazeError error;
  Maze *maze;
  guint n_lines;
  gboolean ok = TRUE, more = TRUE;
  int status, write_errno = 0;

  context = cli_context_new ("animate", _("MAZE-FILE"),
                             _("Replay a solve in the terminal."),
                             _("The maze is redrawn in place after every step: "
                               "the searched cells shaded, the current path "
                               "filled, the searcher highlighted.  Ctrl+C stops "
                               "the animation and leaves the terminal clean."),
                             entries);
  if ((status = cli_parse (context, "animate", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("animate", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("animate", _("unexpected argument '%s'"),
                            argv[2]);

  maze_error_clear (&error);
  cli_text_options_init (&options);
  options.ascii |= ascii;
  options.labels = labels;
  if (solver_name == NULL)
    solver_name = g_strdup ("dfs");
  if (!maze_solver_name_valid (solver_name, &error))
    return cli_fail_maze (NULL, &error);
  if ((delay_text != NULL
       && (status = cli_parse_uint ("--delay", delay_text, 0, 10000, &delay))
          != CLI_EXIT_OK)
      || (per_frame_text != NULL
          && (status = cli_parse_uint ("--steps-per-frame", per_frame_text,
                                       1, G_MAXUINT32, &per_frame))
             != CLI_EXIT_OK)
      || (status = cli_parse_color (color_text, stdout, &options.color))
         != CLI_EXIT_OK)
    return status;

  maze = cli_load (argv[1]);
  if (maze == NULL)
    return CLI_EXIT_FAILURE;

  /* Redrawing in place needs the whole frame on the screen. */
  n_lines = cli_text_n_lines (maze, &options) + 1;
  if (isatty (STDOUT_FILENO))
    {
      struct winsize ws;

      if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0
          && (n_lines >= ws.ws_row
              || 3 * maze_width (maze) + 1 + 8 > ws.ws_col))
        {
          status = cli_fail (CLI_EXIT_FAILURE,
                             _("a %u×%u maze does not fit in this %u×%u "
                               "terminal; try a smaller maze"),
                             maze_width (maze), maze_height (maze),
                             ws.ws_col, ws.ws_row);
          maze_free (maze);
          return status;
        }
    }

  solver = maze_solver_new (maze, solver_name, &error);
  if (solver == NULL)
    {
      maze_free (maze);
      return cli_fail_maze (NULL, &error);
    }

  memset (&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, &old_int);
  sigaction (SIGTERM, &action, &old_term);

  /* Start with blank lines, so the first frame draws everything. */
  screen.lines = g_ptr_array_new_with_free_func (g_free);
  screen.out = g_string_new (NULL);
  for (guint k = 0; k < n_lines; k++)
    {
      g_ptr_array_add (screen.lines, g_strdup (""));
      fputc ('\n', stdout);
    }
  screen.cursor = n_lines;
  fputs (ANSI_HIDE_CURSOR, stdout);

  while (ok && more && !interrupted)
    {
      MazeStep step;

      for (guint64 k = 0; k < per_frame && more; k++)
        {
          more = maze_solver_step (solver, &step);
          options.current = more ? step.cell : G_MAXUINT32;
        }
      ok = draw_frame (&screen, maze, &options, solver_name, solver);
      if (!ok)
        write_errno = errno;
      if (more)
        sleep_ms ((guint) delay);
    }

  /* Leave the terminal as we found it, Ctrl+C or not. */
  fputs (ANSI_SHOW_CURSOR "\033[0m", stdout);
  if (interrupted)
    fputs (_("interrupted\n"), stdout);
  fflush (stdout);
  sigaction (SIGINT, &old_int, NULL);
  sigaction (SIGTERM, &old_term, NULL);

  g_ptr_array_unref (screen.lines);
  g_string_free (screen.out, TRUE);
  if (maze_solver_status (solver, &error) != MAZE_OK)
    ok = FALSE;
  maze_solver_free (solver);
  maze_free (maze);

  if (error.status != MAZE_OK)
    return cli_fail_maze (NULL, &error);
  if (!ok)
    return cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"),
                     g_strerror (write_errno));
  /* The shell's convention for a program stopped by SIGINT. */
  return interrupted ? 128 + SIGINT : CLI_EXIT_OK;
}
