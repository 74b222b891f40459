/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-worksheet.c: bitmaze-cli worksheet, several mazes per printed page
 * with the answer pages after them, as a PDF.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <langinfo.h>
#include <string.h>

#include "bitmaze-worksheet.h"
#include "cli.h"
#include "maze-render.h"

/* Mazes bigger than this have cells under 2 mm on A4: no longer a
 * worksheet. */
#define WORKSHEET_MAX_SIDE  250
#define WORKSHEET_MAX_COUNT 240

/* The paper of the user's locale (LC_PAPER), A4 when it does not say. */
static RenderPaper
locale_paper (void)
{
#ifdef _NL_PAPER_WIDTH
  /* glibc gives the width in millimetres: 216 for Letter, 210 for A4. */
  union { char *string; unsigned int word; } width;

  width.string = nl_langinfo (_NL_PAPER_WIDTH);
  if (width.word == 216)
    return RENDER_PAPER_LETTER;
#endif
  return RENDER_PAPER_A4;
}

static void
free_mazes (GPtrArray *mazes)
{
  for (guint k = 0; k < mazes->len; k++)
    maze_free (g_ptr_array_index (mazes, k));
  g_ptr_array_free (mazes, TRUE);
}

/* What the mazes are made of: a size, and maybe a shape. */
typedef struct
{
  uint32_t    width;
  uint32_t    height;
  const char *shape;
  const char *mask;
  gboolean    keep_largest;
} Grid;

/* New mazes @count of the grid, carved as worksheet_generate() says. */
static int
generate_mazes (GPtrArray  *mazes,
                guint64     count,
                const Grid *grid,
                const char *algorithm,
                guint64     seed,
                guint64     loops)
{
  MazeError error;

  for (guint64 k = 0; k < count; k++)
    {
      uint32_t width = grid->width, height = grid->height;
      Maze *maze = cli_new_maze (grid->shape, grid->mask, grid->keep_largest,
                                 &width, &height);

      if (maze == NULL)
        return CLI_EXIT_FAILURE;
      g_ptr_array_add (mazes, maze);
    }
  maze_error_clear (&error);
  if (render_worksheet_generate ((Maze *const *) mazes->pdata, mazes->len, algorithm,
                                 seed, (unsigned) loops, &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);
  return CLI_EXIT_OK;
}

/* The worksheet of @options into the PDF @output. */
static int
write_sheet (GPtrArray                    *mazes,
             GPtrArray                    *titles,
             const RenderWorksheetOptions *options,
             const char                   *output,
             gboolean                      force)
{
  MazeOutput *out = cli_output_open (output, force, TRUE);
  MazeError error;
  int status = CLI_EXIT_OK;

  if (out == NULL)
    return CLI_EXIT_FAILURE;
  maze_error_clear (&error);
  if (render_worksheet_to_output ((const Maze *const *) mazes->pdata,
                                  (const char *const *) titles->pdata,
                                  mazes->len, options, out, &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);
  return cli_output_finish (out, status);
}

int
cli_worksheet (int    argc,
               char **argv)
{
  g_autofree char *count_text = NULL;
  g_autofree char *size = NULL;
  g_autofree char *algorithm = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *loops_text = NULL;
  g_autofree char *paper_text = NULL;
  g_autofree char *per_page_text = NULL;
  g_autofree char *title = NULL;
  g_autofree char *output = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *mask = NULL;
  g_autofree char *exercises_text = NULL;
  g_autofree char *answers_output = NULL;
  gboolean no_answers = FALSE, keep_largest = FALSE, force = FALSE;
  const char *default_name = maze_algorithm_default (maze_generators)->name;
  g_autofree char *algorithm_help =
    g_strdup_printf (_("Generator (default %s; see generate --list)"), default_name);
  const GOptionEntry entries[] = {
    { "count", 'n', 0, CLI_ARG_TEXT, &count_text,
      N_("Number of mazes, 1 to 240 (default 6)"), N_("N") },
    { "size", 0, 0, CLI_ARG_TEXT, &size,
      N_("Size of each maze in cells, 1 to 250 each (default 15x15)"), N_("WxH") },
    { "shape", 0, 0, CLI_ARG_TEXT, &shape,
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
      N_("Seed of the first maze; the next ones use the following seeds "
         "(default: a random one)"), N_("N") },
    { "loops", 'l', 0, CLI_ARG_TEXT, &loops_text,
      N_("Percentage of dead ends to remove, 0 to 100 (default 0)"), N_("PERCENT") },
    { "paper", 'p', 0, CLI_ARG_TEXT, &paper_text,
      N_("Paper size: a4 or letter (default: the locale's, else a4)"), N_("PAPER") },
    { "per-page", 0, 0, CLI_ARG_TEXT, &per_page_text,
      N_("Mazes on a page, 1 to 12 (default: as many as stay easy to draw in)"),
      N_("N") },
    { "title", 't', 0, CLI_ARG_TEXT, &title,
      N_("Heading of the puzzle pages"), N_("TEXT") },
    { "exercises", 'e', 0, CLI_ARG_TEXT, &exercises_text,
      N_("A sheet of exercises about the bits for each maze: decode, "
         "encode, trace, predict, comma-separated, or all (mazes of at "
         "most 12x12; default size 6x6)"), N_("LIST") },
    { "no-answers", 0, 0, G_OPTION_ARG_NONE, &no_answers,
      N_("Leave out the answer pages"), NULL },
    { "answers", 0, 0, G_OPTION_ARG_FILENAME, &answers_output,
      N_("Write the answer pages to FILE, a PDF of their own, rather than "
         "after the puzzles"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the PDF to FILE"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE even when it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GPtrArray) titles = NULL;
  g_autoptr (GPtrArray) seed_lines = NULL;
  GPtrArray *mazes = NULL;
  RenderWorksheetOptions options;
  RenderExerciseText exercise_text;
  int exercises = 0;
  Grid grid = { 15, 15, NULL, NULL, FALSE };
  guint64 count = 6, seed, loops = 0, per_page = 0;
  gboolean from_files;
  MazeError error;
  int paper;
  int status;

  g_autofree char *description =
    g_strconcat (_("Without files, generates --count mazes of "
                   "--size with the seeds --seed, --seed + 1, …; "
                   "with .maze files, puts those on the pages "
                   "instead (--count, --size, --shape, --mask, "
                   "--algorithm, --seed and --loops then do not "
                   "apply).\n"
                   "Each maze is titled with its number (or its own "
                   "title), with its seed in small print under it to make "
                   "it again; the answer pages show the shortest path."),
                 "\n",
                 _("With --exercises, each maze gets a sheet of questions "
                   "about its bits, with a line for the name and the date, "
                   "the --title, and the seed in small print to make it "
                   "again; its answer key follows on a page of its own."),
                 NULL);

  context = cli_context_new ("worksheet", _("[FILE.maze…]"),
                             _("Lay out several mazes on A4 or Letter pages, "
                               "with the answers after them, as a PDF."),
                             description,
                             entries);
  if ((status = cli_parse (context, "worksheet", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  from_files = argc > 1;

  if (output == NULL)
    return cli_usage_error ("worksheet", _("no output file: give -o FILE.pdf"));
  if (exercises_text != NULL)
    {
      const char *bad = NULL;
      size_t bad_len = 0;

      exercises = render_exercises_from_names (exercises_text, &bad, &bad_len);
      if (exercises < 0)
        return cli_fail (CLI_EXIT_USAGE,
                         _("unknown exercise '%.*s' in --exercises: use decode, "
                           "encode, trace, predict or all, separated by commas"),
                         (int) bad_len, bad);
      grid.width = grid.height = 6;
    }
  if (no_answers && answers_output != NULL)
    return cli_usage_error ("worksheet",
                            _("--answers and --no-answers do not go together"));
  if (count_text != NULL
      && (status = cli_parse_uint ("--count", count_text, 1, WORKSHEET_MAX_COUNT,
                                   &count)) != CLI_EXIT_OK)
    return status;
  if (size != NULL
      && (status = cli_parse_size (size, &grid.width, &grid.height)) != CLI_EXIT_OK)
    return status;
  if (exercises > 0
      && (grid.width > RENDER_EXERCISE_MAX_SIDE || grid.height > RENDER_EXERCISE_MAX_SIDE))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("a %u×%u maze is too big for exercises (at most %u×%u)"),
                     grid.width, grid.height, RENDER_EXERCISE_MAX_SIDE,
                     RENDER_EXERCISE_MAX_SIDE);
  if (grid.width > WORKSHEET_MAX_SIDE || grid.height > WORKSHEET_MAX_SIDE)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("a %u×%u maze is too big for a worksheet (at most %u×%u)"),
                     grid.width, grid.height, WORKSHEET_MAX_SIDE, WORKSHEET_MAX_SIDE);
  if ((status = cli_check_shape_options ("worksheet", shape, mask, keep_largest))
      != CLI_EXIT_OK)
    return status;
  grid.shape = shape;
  grid.mask = mask;
  grid.keep_largest = keep_largest;
  if (algorithm == NULL)
    algorithm = g_strdup (default_name);
  maze_error_clear (&error);
  if (!maze_generator_name_valid (algorithm, &error))
    return cli_fail_maze (NULL, &error);
  if (seed_text != NULL)
    {
      if ((status = cli_parse_uint ("--seed", seed_text, 0,
                                    G_MAXUINT64 - WORKSHEET_MAX_COUNT,
                                    &seed)) != CLI_EXIT_OK)
        return status;
    }
  else
    seed = maze_random_seed () >> 1;
  if (loops_text != NULL
      && (status = cli_parse_uint ("--loops", loops_text, 0, 100, &loops))
         != CLI_EXIT_OK)
    return status;
  if (per_page_text != NULL
      && (status = cli_parse_uint ("--per-page", per_page_text, 1,
                                   RENDER_WORKSHEET_MAX_PER_PAGE, &per_page))
         != CLI_EXIT_OK)
    return status;
  if (paper_text == NULL)
    paper = locale_paper ();
  else if ((paper = render_paper_from_name (paper_text)) < 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("unknown paper size '%s': use a4 or letter"), paper_text);
  if (title != NULL && (status = cli_check_text ("--title", title)) != CLI_EXIT_OK)
    return status;
  if ((status = cli_output_check (output, force, TRUE)) != CLI_EXIT_OK)
    return status;
  if (answers_output != NULL
      && (status = cli_output_check (answers_output, force, TRUE)) != CLI_EXIT_OK)
    return status;

  mazes = g_ptr_array_new ();
  if (from_files)
    {
      status = CLI_EXIT_OK;
      for (int k = 1; k < argc && status == CLI_EXIT_OK; k++)
        {
          Maze *maze = cli_load (argv[k]);

          if (maze == NULL)
            status = CLI_EXIT_FAILURE;
          else if (maze_width (maze) > WORKSHEET_MAX_SIDE
                   || maze_height (maze) > WORKSHEET_MAX_SIDE)
            {
              status = cli_fail (CLI_EXIT_FAILURE,
                                 _("%s: a %u×%u maze is too big for a worksheet "
                                   "(at most %u×%u)"),
                                 argv[k], maze_width (maze), maze_height (maze),
                                 WORKSHEET_MAX_SIDE, WORKSHEET_MAX_SIDE);
              maze_free (maze);
            }
          else
            g_ptr_array_add (mazes, maze);
        }
      if (mazes->len > WORKSHEET_MAX_COUNT && status == CLI_EXIT_OK)
        status = cli_fail (CLI_EXIT_FAILURE, _("too many mazes: at most %u"),
                           WORKSHEET_MAX_COUNT);
    }
  else
    status = generate_mazes (mazes, count, &grid, algorithm, seed, loops);

  /* exercises read the search nibbles, answers or not */
  if (status == CLI_EXIT_OK && (!no_answers || exercises > 0)
      && render_worksheet_solve ((Maze *const *) mazes->pdata, mazes->len,
                                 &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);

  if (status == CLI_EXIT_OK)
    {
      bitmaze_worksheet_exercise_text (&exercise_text);
      if (exercises > 0)
        titles = bitmaze_worksheet_small_print ((const Maze *const *) mazes->pdata,
                                                mazes->len);
      else
        {
          titles = bitmaze_worksheet_titles ((const Maze *const *) mazes->pdata, mazes->len);
          seed_lines = bitmaze_worksheet_seed_lines ((const Maze *const *) mazes->pdata,
                                                     mazes->len);
        }
      render_worksheet_options_init (&options, (RenderPaper) paper);
      options.small_print = seed_lines != NULL ? (const char *const *) seed_lines->pdata : NULL;
      options.per_page = (unsigned) per_page;
      options.heading = title != NULL ? title
                        : exercises > 0 ? _("Bits of a maze") : _("Mazes");
      options.answers_heading = _("Answers");
      options.answers = !no_answers && answers_output == NULL;
      options.name_label = exercise_text.name;
      options.date_label = exercise_text.date;
      options.exercises = (unsigned) exercises;
      options.exercise_text = &exercise_text;
      status = write_sheet (mazes, titles, &options, output, force);
      if (status == CLI_EXIT_OK && answers_output != NULL)
        {
          options.answers = true;
          options.answers_only = true;
          status = write_sheet (mazes, titles, &options, answers_output, force);
        }
    }

  free_mazes (mazes);
  return status;
}
