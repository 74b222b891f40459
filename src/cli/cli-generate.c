/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-generate.c: bitmaze-cli generate.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* An endpoint as given on the command line: nothing, a cell, or a
 * placement name. */
typedef struct
{
  enum { END_NONE, END_CELL, END_PLACEMENT } kind;
  uint32_t      x, y;
  MazePlacement placement;
} Endpoint;

static int
parse_endpoint (const char *option,
                const char *text,
                Endpoint   *end)
{
  g_auto (GStrv) parts = NULL;
  guint64 x, y;
  int placement;

  end->kind = END_NONE;
  if (text == NULL)
    return CLI_EXIT_OK;

  placement = maze_placement_from_name (text);
  if (placement >= 0)
    {
      end->kind = END_PLACEMENT;
      end->placement = (MazePlacement) placement;
      return CLI_EXIT_OK;
    }

  parts = g_strsplit (text, ",", -1);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (g_strstrip (parts[0]), 10, 0,
                                      MAZE_MAX_SIDE - 1, &x, NULL)
      || !g_ascii_string_to_unsigned (g_strstrip (parts[1]), 10, 0,
                                      MAZE_MAX_SIDE - 1, &y, NULL))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("invalid value '%s' for %s: expected X,Y "
                       "or corners, rows, far"),
                     text, option);
  end->kind = END_CELL;
  end->x = (uint32_t) x;
  end->y = (uint32_t) y;
  return CLI_EXIT_OK;
}

static int
check_inside (const Maze     *maze,
              const char     *option,
              const Endpoint *end)
{
  if (end->kind == END_CELL
      && (end->x >= maze_width (maze) || end->y >= maze_height (maze)))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("%s %u,%u is outside the %u×%u maze"),
                     option, end->x, end->y,
                     maze_width (maze), maze_height (maze));
  if (end->kind == END_CELL
      && !maze_contains (maze, maze_index (maze, end->x, end->y)))
    return cli_fail (CLI_EXIT_FAILURE,
                     /* Translators: an option (--start), then a cell */
                     _("%s %u,%u is outside the maze's shape"),
                     option, end->x, end->y);
  return CLI_EXIT_OK;
}

/* A random cell of the maze in row @y: one draw below the cells of the
 * maze in that row (the width, for a rectangle). */
static uint32_t
random_in_row (const Maze *maze,
               MazeRng    *rng,
               uint32_t    y)
{
  uint32_t w = maze_width (maze), count = 0, k;

  for (uint32_t x = 0; x < w; x++)
    count += maze_contains (maze, maze_index (maze, x, y));
  k = maze_rng_below (rng, count);
  for (uint32_t x = 0; x < w; x++)
    if (maze_contains (maze, maze_index (maze, x, y)) && k-- == 0)
      return maze_index (maze, x, y);
  return maze_last_inside (maze);
}

/* The cell farthest (by moves) from the start: what "--goal far" means
 * once the start is fixed.  The engine's statistics find it already (the
 * first of their two breadth-first passes starts at the start), so the
 * search is not written twice. */
static int
farthest_from_start (const Maze *maze,
                     uint32_t   *far)
{
  MazeStats stats;
  MazeError error;

  maze_error_clear (&error);
  if (maze_stats (maze, &stats, &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);
  *far = stats.longest_from;
  return CLI_EXIT_OK;
}

/* Places the start and the goal as --start and --goal ask.  A placement
 * name places both endpoints (the start's name wins); a cell moves one;
 * a goal name that differs from the start's then moves the goal alone,
 * relative to the start when it is "far". */
static int
place_endpoints (Maze           *maze,
                 const Endpoint *start,
                 const Endpoint *goal,
                 gboolean        openings,
                 uint64_t        seed)
{
  MazePlacement base = MAZE_PLACE_CORNERS;
  MazeError error;
  int status;

  maze_error_clear (&error);
  if ((status = check_inside (maze, "--start", start)) != CLI_EXIT_OK
      || (status = check_inside (maze, "--goal", goal)) != CLI_EXIT_OK)
    return status;

  if (start->kind == END_PLACEMENT)
    base = start->placement;
  else if (goal->kind == END_PLACEMENT && start->kind == END_NONE)
    base = goal->placement;
  if (maze_place_endpoints (maze, base, openings, seed, &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);

  if (start->kind == END_CELL
      && maze_set_start (maze, maze_index (maze, start->x, start->y),
                         &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);

  if (goal->kind == END_CELL)
    {
      if (maze_set_goal (maze, maze_index (maze, goal->x, goal->y),
                         &error) != MAZE_OK)
        return cli_fail_maze (NULL, &error);
    }
  else if (goal->kind == END_PLACEMENT
           && (goal->placement != base || start->kind == END_CELL))
    {
      uint32_t index = maze_last_inside (maze);
      MazeRng rng;

      switch (goal->placement)
        {
        case MAZE_PLACE_CORNERS:
          break;
        case MAZE_PLACE_ROWS:
          /* Not the start's stream of numbers: a new one for the goal. */
          maze_rng_seed (&rng, seed ^ G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
          index = random_in_row (maze, &rng, index / maze_width (maze));
          break;
        case MAZE_PLACE_FAR:
        default:
          if ((status = farthest_from_start (maze, &index)) != CLI_EXIT_OK)
            return status;
          break;
        }
      if (maze_set_goal (maze, index, &error) != MAZE_OK)
        return cli_fail_maze (NULL, &error);
    }
  return CLI_EXIT_OK;
}

int
cli_generate (int    argc,
              char **argv)
{
  g_autofree char *size = NULL;
  g_autofree char *algorithm = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *loops_text = NULL;
  g_autofree char *start_text = NULL;
  g_autofree char *goal_text = NULL;
  g_autofree char *title = NULL;
  g_autofree char *output = NULL;
  g_autofree char *color_text = NULL;
  g_autofree char *created = NULL;
  g_autofree char *shape_name = NULL;
  g_autofree char *mask = NULL;
  gboolean list = FALSE, list_shapes = FALSE, no_openings = FALSE, ascii = FALSE;
  gboolean keep_largest = FALSE;
  gboolean force = FALSE, trace = FALSE;
  const char *default_name = maze_algorithm_default (maze_generators)->name;
  g_autofree char *algorithm_help =
    g_strdup_printf (_("Generator (default %s; see --list)"), default_name);
  const GOptionEntry entries[] = {
    { "size", 0, 0, CLI_ARG_TEXT, &size,
      N_("Size in cells, 1 to 65535 each and at most 2^30 (1073741824) "
         "cells in all (default 20x15; with --mask, the mask's own size)"),
      N_("WxH") },
    { "shape", 0, 0, CLI_ARG_TEXT, &shape_name,
      N_("Only the cells of a shape: circle, ring, heart, triangle, "
         "diamond, cross, or text:WORD"), N_("SHAPE") },
    { "mask", 0, 0, G_OPTION_ARG_FILENAME, &mask,
      N_("Only the cells of a mask: a PNG (its dark pixels), a .maze file "
         "(its shape) or a text file ('#' or 'X' a cell), scaled to --size"),
      N_("FILE") },
    { "keep-largest", 0, 0, G_OPTION_ARG_NONE, &keep_largest,
      N_("When the shape falls into pieces, keep the largest (else it "
         "is refused)"), NULL },
    { "algorithm", 'a', 0, CLI_ARG_TEXT, &algorithm,
      algorithm_help, N_("NAME") },
    { "seed", 's', 0, CLI_ARG_TEXT, &seed_text,
      N_("Seed of the random numbers (default: a random one, "
         "recorded in the file)"), N_("N") },
    { "loops", 'l', 0, CLI_ARG_TEXT, &loops_text,
      N_("Percentage of dead ends to remove, 0 to 100 (default 0: "
         "a perfect maze)"), N_("PERCENT") },
    { "start", 0, 0, CLI_ARG_TEXT, &start_text,
      N_("Start cell X,Y or a placement: corners, rows, far"),
      N_("X,Y|PLACE") },
    { "goal", 0, 0, CLI_ARG_TEXT, &goal_text,
      N_("Goal cell X,Y or a placement: corners, rows, far"),
      N_("X,Y|PLACE") },
    { "no-openings", 0, 0, G_OPTION_ARG_NONE, &no_openings,
      N_("Do not open the outer wall at the start and the goal"), NULL },
    { "title", 't', 0, CLI_ARG_TEXT, &title,
      N_("Title stored in the file"), N_("TEXT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the .maze file to FILE ('-' for standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE even when it is read-only"), NULL },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("When printing to a terminal, use +--+ instead of box drawing"),
      NULL },
    { "color", 0, 0, CLI_ARG_TEXT, &color_text,
      N_("When printing to a terminal: auto, always or never"),
      N_("WHEN") },
    { "trace", 0, 0, G_OPTION_ARG_NONE, &trace,
      N_("Print every step as a line of JSON: the listing line it ran and "
         "each word it wrote (docs/trace.md); the maze goes only to -o"), NULL },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the generators and exit"), NULL },
    { "list-shapes", 0, 0, G_OPTION_ARG_NONE, &list_shapes,
      N_("List the shapes of --shape and exit"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  CliTextOptions text_options;
  Endpoint start, goal;
  uint32_t width = 20, height = 15;
  guint64 seed, loops = 0;
  MazeGenerator *gen;
  MazeError error;
  Maze *maze;
  int status;

  context = cli_context_new ("generate", NULL,
                             _("Generate a maze and write it as a .maze file."),
                             _("Without -o the .maze file goes to standard output "
                               "when that is a file or a pipe; on a terminal the "
                               "maze is printed as text instead (--ascii, "
                               "--color) and no file is written.\n"
                               "A placement name given to --start or --goal "
                               "places both endpoints; a cell X,Y (from 0,0 at "
                               "the top left) moves just one.\n"
                               "The file records the generator, the seed, the "
                               "title and the creation time (ISO 8601 UTC), so "
                               "the same command with --seed makes the same maze.\n"
                               "With --shape or --mask the maze has only the "
                               "cells of the shape; the others are outside it "
                               "(their four border bits set, nothing drawn).  "
                               "Binary tree and sidewinder fill only some "
                               "shapes, Eller and recursive division none.\n"
                               "-o replaces a file atomically (a symbolic link's "
                               "target), writes a device, FIFO or '-' directly, "
                               "and refuses a read-only file unless --force."),

                             entries);
  if ((status = cli_parse (context, "generate", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc > 1)
    return cli_usage_error ("generate", _("unexpected argument '%s'"),
                            argv[1]);

  if (list)
    {
      cli_list_algorithms (maze_generators);
      return CLI_EXIT_OK;
    }
  if (list_shapes)
    {
      cli_list_shapes ();
      return CLI_EXIT_OK;
    }

  maze_error_clear (&error);
  if ((status = cli_check_shape_options ("generate", shape_name, mask, keep_largest))
      != CLI_EXIT_OK)
    return status;
  if (mask != NULL && size == NULL)
    width = height = 0;
  if (size != NULL
      && (status = cli_parse_size (size, &width, &height)) != CLI_EXIT_OK)
    return status;
  if (algorithm == NULL)
    algorithm = g_strdup (default_name);
  if (!maze_generator_name_valid (algorithm, &error))
    return cli_fail_maze (NULL, &error);
  if (seed_text != NULL)
    {
      if ((status = cli_parse_uint ("--seed", seed_text, 0, G_MAXUINT64,
                                    &seed)) != CLI_EXIT_OK)
        return status;
    }
  else
    seed = maze_random_seed ();
  if (loops_text != NULL
      && (status = cli_parse_uint ("--loops", loops_text, 0, 100, &loops))
         != CLI_EXIT_OK)
    return status;
  if ((status = parse_endpoint ("--start", start_text, &start)) != CLI_EXIT_OK
      || (status = parse_endpoint ("--goal", goal_text, &goal)) != CLI_EXIT_OK)
    return status;
  cli_text_options_init (&text_options);
  text_options.ascii |= ascii;
  if ((status = cli_parse_color (color_text, stdout, &text_options.color))
      != CLI_EXIT_OK)
    return status;
  if (title != NULL && (status = cli_check_text ("--title", title)) != CLI_EXIT_OK)
    return status;
  if (trace && cli_output_is_stdout (output))
    return cli_usage_error ("generate", _("--trace prints on standard output: "
                                          "write the maze to a file with -o"));
  /* Before the work, which may take seconds: can -o be written? */
  if (output != NULL
      && (status = cli_output_check (output, force, TRUE)) != CLI_EXIT_OK)
    return status;

  maze = cli_new_maze (shape_name, mask, keep_largest, &width, &height);
  if (maze == NULL)
    return CLI_EXIT_FAILURE;

  gen = maze_generator_new (maze, algorithm, seed, (unsigned) loops, &error);
  if (gen == NULL)
    {
      maze_free (maze);
      return cli_fail_maze (NULL, &error);
    }
  status = trace ? cli_trace_generator (gen) : cli_run_generator (gen, maze);
  maze_generator_free (gen);

  if (status == CLI_EXIT_OK)
    status = place_endpoints (maze, &start, &goal, !no_openings, seed);
  created = cli_now_iso8601 ();
  if (status == CLI_EXIT_OK && title != NULL
      && maze_meta_set (maze, "title", title, &error) != MAZE_OK)
    status = cli_fail_maze ("--title", &error);
  if (status == CLI_EXIT_OK
      && maze_meta_set (maze, "created", created, &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);

  if (status != CLI_EXIT_OK)
    ;
  else if (output != NULL)
    status = cli_save (maze, output, force);
  else if (trace)
    ; /* the trace was the output */
  else if (!isatty (STDOUT_FILENO))
    status = cli_save (maze, "-", FALSE);
  else if (!cli_text_print (maze, &text_options, stdout))
    status = cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"),
                       g_strerror (errno));

  maze_free (maze);
  return status;
}
