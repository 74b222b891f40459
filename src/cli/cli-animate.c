/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-animate.c: bitmaze-cli animate, a solve animated in the terminal,
 * or a solve or a build as an animated GIF (-o).
 *
 * The maze is printed once; after every frame only the text lines that
 * changed are rewritten, by moving the cursor up to them (a step changes
 * at most four cells).  Ctrl+C sets a flag that ends the loop, so the
 * cursor and the colours are restored before exit.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "maze-render.h"

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

/* ---- an animated GIF (-o) ---- */

typedef struct
{
  CliProgress bar;
} GifProgress;

static bool
on_gif_frame (void     *user_data,
              unsigned  frame,
              unsigned  n_frames)
{
  GifProgress *progress = user_data;

  cli_progress_update (&progress->bar, (double) frame / n_frames);
  return true;
}

typedef struct
{
  const char *output;
  const char *maze_file;    /* the maze to solve, or NULL for a build */
  const char *algorithm;
  const char *size;
  const char *seed;
  const char *loops;
  const char *cell_size;
  const char *max_frames;
  const char *width;        /* --width: the GIF's width in pixels */
  gboolean    captions;
  guint64     delay;
  guint64     per_frame;
  const char *shape;        /* --build: a shape, a mask, or neither */
  const char *mask;
  gboolean    keep_largest;
  gboolean    force;
} GifRequest;

/* bitmaze-cli animate ... -o FILE: the animation as a GIF, through the
 * renderer, frame by frame, written as it is drawn by the rule of
 * maze-output.h, like every other file. */
static int
animate_gif (const GifRequest *request)
{
  RenderAnimationOptions animation;
  RenderAnimationInfo info = { 0 };
  RenderOptions options;
  GifProgress progress;
  MazeError error;
  MazeOutput *out;
  /* With the GIF on standard output, the report goes to stderr. */
  FILE *report = cli_output_is_stdout (request->output) ? stderr : stdout;
  Maze *maze;
  uint32_t width = 20, height = 15;
  guint64 value, seed = 0, gif_width = 0;
  g_autofree char *caption_start = NULL;
  g_autofree char *caption_end = NULL;
  const char *legend_labels[RENDER_LEGEND_N_ITEMS];
  int status;

  maze_error_clear (&error);
  render_animation_options_init (&animation);
  render_options_init (&options);
  animation.algorithm = request->algorithm;
  animation.delay_ms = (unsigned) request->delay;
  animation.steps_per_frame = (unsigned) request->per_frame;
  if (request->maze_file == NULL)
    {
      animation.kind = RENDER_ANIMATE_BUILD;
      if (!maze_generator_name_valid (request->algorithm, &error))
        return cli_fail_maze (NULL, &error);
      if (request->mask != NULL && request->size == NULL)
        width = height = 0;
      if (request->size != NULL
          && (status = cli_parse_size (request->size, &width, &height)) != CLI_EXIT_OK)
        return status;
      if (request->seed == NULL)
        seed = maze_random_seed ();
      else if ((status = cli_parse_uint ("--seed", request->seed, 0,
                                         G_MAXUINT64, &seed)) != CLI_EXIT_OK)
        return status;
      animation.seed = seed;
      if (request->loops != NULL)
        {
          if ((status = cli_parse_uint ("--loops", request->loops, 0, 100,
                                        &value)) != CLI_EXIT_OK)
            return status;
          animation.loops = (unsigned) value;
        }
    }
  else if (!maze_solver_name_valid (request->algorithm, &error))
    return cli_fail_maze (NULL, &error);
  if (request->max_frames != NULL)
    {
      if ((status = cli_parse_uint ("--max-frames", request->max_frames, 0,
                                    G_MAXUINT32, &value)) != CLI_EXIT_OK)
        return status;
      if (value == 1)
        return cli_fail (CLI_EXIT_FAILURE,
                         _("invalid value '%s' for %s: expected 0 (no limit) "
                           "or at least 2"), request->max_frames, "--max-frames");
      animation.max_frames = (unsigned) value;
    }
  if (request->cell_size != NULL)
    {
      if ((status = cli_parse_uint ("--cell-size", request->cell_size, 2, 256,
                                    &value)) != CLI_EXIT_OK)
        return status;
      options.cell_size = (double) value;
      options.margin = MAX (options.wall_width, options.cell_size / 2);
      if (options.wall_width >= options.cell_size)
        options.wall_width = options.cell_size > 2 ? 2 : 1;
    }
  if (request->cell_size != NULL && request->width != NULL)
    return cli_usage_error ("animate", _("give --cell-size or --width, not both"));
  if (request->width != NULL
      && (status = cli_parse_uint ("--width", request->width, 16, 8192, &gif_width))
         != CLI_EXIT_OK)
    return status;
  /* Before the frames, which may take a while: can -o be written? */
  if ((status = cli_output_check (request->output, request->force, TRUE)) != CLI_EXIT_OK)
    return status;

  if (request->maze_file != NULL)
    maze = cli_load (request->maze_file);
  else
    maze = cli_new_maze (request->shape, request->mask, request->keep_largest,
                         &width, &height);
  if (maze == NULL)
    return CLI_EXIT_FAILURE;
  if (request->width != NULL || (request->captions && request->cell_size == NULL))
    {
      /* the width asked for, or with captions one that fills a slide
       * well and keeps the file small: about 800 pixels */
      double want = request->width != NULL ? (double) gif_width : 800.0;

      /* with captions alone, a maze too big for 800 pixels keeps 16 */
      if (!render_size_to_width (maze, &options, want) && request->width != NULL)
        {
          status = cli_fail (CLI_EXIT_FAILURE,
                             _("a %u×%u maze does not fit in %s pixels: give a "
                               "larger --width"), maze_width (maze), maze_height (maze),
                             request->width);
          maze_free (maze);
          return status;
        }
      /* with captions alone, cells of 16 to 64 pixels */
      if (request->width == NULL && (options.cell_size < 16 || options.cell_size > 64))
        {
          options.cell_size = options.cell_size < 16 ? 16 : 64;
          options.wall_width = round (options.cell_size / 8.0);
          options.margin = options.cell_size / 2.0;
        }
    }
  else if (request->cell_size == NULL)
    render_auto_size (maze, &options);
  if (request->captions)
    {
      const MazeAlgorithm *algorithm =
        maze_algorithm_find (request->maze_file != NULL ? maze_solvers : maze_generators,
                             request->algorithm, NULL, NULL);
      const char *label = algorithm != NULL ? _(algorithm->label) : request->algorithm;

      animation.captions = TRUE;
      if (request->maze_file != NULL)
        {
          /* Translators: the caption of an animation's first frame; the
           * solver's name */
          caption_start = g_strdup_printf (_("%s: from the start to the goal"), label);
          /* Translators: the caption of an animation's last frame */
          caption_end = g_strdup (_("The path, in the solution nibbles"));
        }
      else
        {
          /* Translators: the caption of an animation's first frame; the
           * generator's name */
          caption_start = g_strdup_printf (_("%s: every wall standing"), label);
          /* Translators: the caption of an animation's last frame */
          caption_end = g_strdup (_("The maze, built"));
        }
      animation.caption_start = caption_start;
      animation.caption_end = caption_end;
      /* the legend on the first and the last frame, in the user's words */
      for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
        legend_labels[k] = _(render_legend_label ((RenderLegendItem) k, algorithm));
      animation.legend = TRUE;
      animation.legend_labels = legend_labels;
    }

  out = cli_output_open (request->output, request->force, TRUE);
  if (out == NULL)
    {
      maze_free (maze);
      return CLI_EXIT_FAILURE;
    }
  cli_progress_init (&progress.bar, _("Animating"), CLI_PROGRESS_MIN_CELLS);
  status = CLI_EXIT_OK;
  if (render_animation_to_output (maze, &options, &animation, out, on_gif_frame,
                                  &progress, &info, &error) != MAZE_OK)
    {
      cli_progress_finish (&progress.bar);
      status = cli_fail_maze (g_str_equal (request->output, "-") ? NULL
                                                                 : request->output,
                              &error);
    }
  cli_progress_finish (&progress.bar);
  status = cli_output_finish (out, status);

  if (status == CLI_EXIT_OK)
    {
      /* Translators: the report of "bitmaze-cli animate -o": the file,
       * then frames, width × height in pixels, and the steps */
      fprintf (report, ngettext ("%s: %u frame, %d × %d pixels",
                                 "%s: %u frames, %d × %d pixels",
                                 info.n_frames),
               g_str_equal (request->output, "-") ? _("standard output")
                                                  : request->output,
               info.n_frames, info.width, info.height);
      fprintf (report, ngettext (", %llu step", ", %llu steps",
                                 (unsigned long) info.n_steps),
               (unsigned long long) info.n_steps);
      fprintf (report, ngettext (" (%u a frame)", " (%u a frame)",
                                 info.steps_per_frame),
               info.steps_per_frame);
      if (request->maze_file == NULL)
        fprintf (report, _(", seed %llu"), (unsigned long long) seed);
      fputc ('\n', report);
    }
  maze_free (maze);
  return status;
}

int
cli_animate (int    argc,
             char **argv)
{
  g_autofree char *solver_name = NULL;
  g_autofree char *delay_text = NULL;
  g_autofree char *per_frame_text = NULL;
  g_autofree char *color_text = NULL;
  g_autofree char *output = NULL;
  g_autofree char *build = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *loops_text = NULL;
  g_autofree char *cell_size_text = NULL;
  g_autofree char *max_frames_text = NULL;
  g_autofree char *description = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *mask = NULL;
  g_autofree char *width_text = NULL;
  gboolean ascii = FALSE, labels = FALSE, keep_largest = FALSE, force = FALSE;
  gboolean captions = FALSE;
  /* The default shows its path growing and shrinking as it searches. */
  const char *default_name = maze_algorithm_with (maze_solvers, MAZE_ALGORITHM_LIVE_PATH)->name;
  g_autofree char *solver_help =
    g_strdup_printf (_("Solver (default %s; see bitmaze-cli solve --list)"), default_name);
  const GOptionEntry entries[] = {
    { "solver", 'S', 0, CLI_ARG_TEXT, &solver_name,
      solver_help, N_("NAME") },
    { "delay", 'd', 0, CLI_ARG_TEXT, &delay_text,
      N_("Milliseconds between frames, 0 to 10000 (default 50)"), N_("MS") },
    { "steps-per-frame", 0, 0, CLI_ARG_TEXT, &per_frame_text,
      N_("Solver steps between two frames (default 1)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write an animated GIF to FILE instead ('-': standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE even when it is read-only"), NULL },
    { "build", 'b', 0, CLI_ARG_TEXT, &build,
      N_("GIF: animate generator NAME building a maze instead of a solve "
         "(see bitmaze-cli generate --list)"), N_("NAME") },
    { "size", 0, 0, CLI_ARG_TEXT, &size_text,
      N_("GIF, --build: size in cells, 1 to 65535 each and at most 2^30 "
         "(1073741824) cells in all (default 20x15)"), N_("WxH") },
    { "seed", 's', 0, CLI_ARG_TEXT, &seed_text,
      N_("GIF, --build: seed of the random numbers (default: a random one)"),
      N_("N") },
    { "loops", 'l', 0, CLI_ARG_TEXT, &loops_text,
      N_("GIF, --build: percentage of dead ends to remove (default 0)"),
      N_("PERCENT") },
    { "shape", 0, 0, CLI_ARG_TEXT, &shape,
      N_("GIF, --build: only the cells of a shape, as with generate --shape"),
      N_("SHAPE") },
    { "mask", 0, 0, G_OPTION_ARG_FILENAME, &mask,
      N_("GIF, --build: only the cells of a mask, as with generate --mask"),
      N_("FILE") },
    { "keep-largest", 0, 0, G_OPTION_ARG_NONE, &keep_largest,
      N_("When the shape falls into pieces, keep the largest (else it "
         "is refused)"), NULL },
    { "cell-size", 'c', 0, CLI_ARG_TEXT, &cell_size_text,
      N_("GIF: side of a cell in pixels, 2 to 256 (default 16, smaller for "
         "big mazes)"), N_("N") },
    { "width", 'w', 0, CLI_ARG_TEXT, &width_text,
      N_("GIF: width in pixels, 16 to 8192, the cell size chosen to fit "
         "(instead of --cell-size)"), N_("PIXELS") },
    { "captions", 0, 0, G_OPTION_ARG_NONE, &captions,
      N_("GIF: under the maze, each frame's C statement and the changed "
         "word before → after, readable on a slide (about 800 pixels wide "
         "unless --cell-size or --width say otherwise)"), NULL },
    { "max-frames", 0, 0, CLI_ARG_TEXT, &max_frames_text,
      N_("GIF: at most N frames, taking more steps a frame when needed "
         "(default 3000; 0: no limit)"), N_("N") },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Use +--+ instead of box drawing"), NULL },
    { "color", 0, 0, CLI_ARG_TEXT, &color_text,
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

  description = g_strdup_printf ("%s\n%s",
                                 _("The maze is redrawn in place after every step: "
                                   "the searched cells shaded, the current path "
                                   "filled, the searcher highlighted.  Ctrl+C stops "
                                   "the animation and leaves the terminal clean."),
                                 _("With -o the animation becomes a GIF that loops: "
                                   "its frames are drawn like 'bitmaze-cli render' "
                                   "images, the first one before the first step, "
                                   "the last one, held for two seconds, when the "
                                   "maze is solved or built.  GIF delays count in "
                                   "10 ms and browsers slow down frames under "
                                   "20 ms, so --delay is rounded to 10 ms and is at "
                                   "least 20.  --build needs no MAZE-FILE: "
                                   "'bitmaze-cli animate --build prim --size 30x20 "
                                   "--seed 7 -o build.gif'."));
  context = cli_context_new ("animate", _("MAZE-FILE"),
                             _("Replay a solve in the terminal, or write a "
                               "solve or a build as an animated GIF."),
                             description, entries);
  if ((status = cli_parse (context, "animate", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (build != NULL && output == NULL)
    return cli_usage_error ("animate", _("--build needs -o FILE: a build is "
                                         "animated as a GIF"));
  if ((status = cli_check_shape_options ("animate", shape, mask, keep_largest))
      != CLI_EXIT_OK)
    return status;
  if ((shape != NULL || mask != NULL) && build == NULL)
    return cli_usage_error ("animate", _("--shape and --mask need --build"));
  if (build != NULL && argc > 1)
    return cli_usage_error ("animate", _("unexpected argument '%s'"),
                            argv[1]);
  if (build == NULL && argc < 2)
    return cli_usage_error ("animate", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("animate", _("unexpected argument '%s'"),
                            argv[2]);
  if ((delay_text != NULL
       && (status = cli_parse_uint ("--delay", delay_text, 0, 10000, &delay))
          != CLI_EXIT_OK)
      || (per_frame_text != NULL
          && (status = cli_parse_uint ("--steps-per-frame", per_frame_text,
                                       1, G_MAXUINT32, &per_frame))
             != CLI_EXIT_OK))
    return status;
  if (output != NULL)
    {
      GifRequest request = {
        output, build == NULL ? argv[1] : NULL,
        build != NULL ? build : solver_name != NULL ? solver_name : default_name,
        size_text, seed_text, loops_text, cell_size_text, max_frames_text,
        width_text, captions, delay, per_frame, shape, mask, keep_largest, force,
      };

      return animate_gif (&request);
    }

  maze_error_clear (&error);
  cli_text_options_init (&options);
  options.ascii |= ascii;
  options.labels = labels;
  if (solver_name == NULL)
    solver_name = g_strdup (default_name);
  if (!maze_solver_name_valid (solver_name, &error))
    return cli_fail_maze (NULL, &error);
  if ((status = cli_parse_color (color_text, stdout, &options.color))
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
