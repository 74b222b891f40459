/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-render.c: bitmaze-cli render: a maze as PNG, SVG, PDF (through the
 * cairo renderer) or as text.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "bitmaze-worksheet.h"
#include "cli.h"
#include "maze-render.h"

static int
parse_nibble (const char *text,
              unsigned   *nibble)
{
  static const char *const names[] = {
    "passages", "border", "solution", "backtrack",
  };

  for (unsigned k = 0; k < G_N_ELEMENTS (names); k++)
    if (g_str_equal (text, names[k]))
      {
        *nibble = k;
        return CLI_EXIT_OK;
      }
  return cli_fail (CLI_EXIT_FAILURE,
                   _("invalid value '%s' for --label-nibble: expected "
                     "passages, border, solution or backtrack"), text);
}

int
cli_render (int    argc,
            char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *format_text = NULL;
  g_autofree char *solver_name = NULL;
  g_autofree char *cell_size_text = NULL;
  g_autofree char *wall_width_text = NULL;
  g_autofree char *style_text = NULL;
  g_autofree char *nibble_text = NULL;
  g_autofree char *color_text = NULL;
  g_autofree char *paper_text = NULL;
  g_autofree char *margin_text = NULL;
  g_autofree char *title = NULL;
  g_autofree char *width_text = NULL;
  gboolean landscape = FALSE, legend = FALSE;
  gboolean text = FALSE, ascii = FALSE, dark = FALSE, labels = FALSE, force = FALSE;
  gboolean no_solution = FALSE, no_search = FALSE, no_markers = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write to FILE: .png, .svg or .pdf by its extension; '-' prints "
         "text"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE even when it is read-only"), NULL },
    { "format", 'f', 0, CLI_ARG_TEXT, &format_text,
      N_("png, svg, pdf or text, whatever the extension ('-o - -f png' "
         "writes the image to standard output)"), N_("FORMAT") },
    { "text", 0, 0, G_OPTION_ARG_NONE, &text,
      N_("Print the maze as text (the default without -o)"), NULL },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Text: plain +--+ and | instead of box drawing"), NULL },
    { "color", 0, 0, CLI_ARG_TEXT, &color_text,
      N_("Text: colour the search and the solution: auto (when standard "
         "output is a terminal), always or never"), N_("WHEN") },
    { "solver", 'S', 0, CLI_ARG_TEXT, &solver_name,
      N_("Solve with NAME first (default: draw the search stored in the "
         "file)"), N_("NAME") },
    { "no-solution", 0, 0, G_OPTION_ARG_NONE, &no_solution,
      N_("Do not draw the solution"), NULL },
    { "no-search", 0, 0, G_OPTION_ARG_NONE, &no_search,
      N_("Do not draw the searched cells"), NULL },
    { "no-markers", 0, 0, G_OPTION_ARG_NONE, &no_markers,
      N_("Image: do not mark the start and the goal"), NULL },
    { "labels", 0, 0, G_OPTION_ARG_NONE, &labels,
      N_("Text: number the rows and columns; image: write every cell's "
         "16-bit word in hex"), NULL },
    { "label-nibble", 0, 0, CLI_ARG_TEXT, &nibble_text,
      N_("Image: label cells with one nibble in binary: passages, border, "
         "solution or backtrack"), N_("NIBBLE") },
    { "cell-size", 'c', 0, CLI_ARG_TEXT, &cell_size_text,
      N_("Image: side of a cell in pixels or points (default 16, smaller "
         "for mazes over 256 cells wide or high)"),
      N_("N") },
    { "wall-width", 0, 0, CLI_ARG_TEXT, &wall_width_text,
      N_("Image: wall thickness, less than the cell size (default 2)"),
      N_("N") },
    { "solution-style", 0, 0, CLI_ARG_TEXT, &style_text,
      N_("Image: the solution as a line or as filled cells (default line)"),
      N_("line|fill") },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark,
      N_("Image: light walls on a dark background"), NULL },
    { "width", 'w', 0, CLI_ARG_TEXT, &width_text,
      N_("PNG: exactly PIXELS wide, the cell size chosen to fit (instead "
         "of --cell-size)"), N_("PIXELS") },
    { "paper", 'p', 0, CLI_ARG_TEXT, &paper_text,
      N_("PDF and SVG: the page, a4 or letter, the maze fitted inside the "
         "margins; maze: the maze's own size (the default)"), N_("PAPER") },
    { "landscape", 0, 0, G_OPTION_ARG_NONE, &landscape,
      N_("With --paper: the page on its long side"), NULL },
    { "margin", 0, 0, CLI_ARG_TEXT, &margin_text,
      N_("With --paper: the blank border in points (default 36, half an "
         "inch)"), N_("POINTS") },
    { "title", 't', 0, CLI_ARG_TEXT, &title,
      N_("Image: a title above the maze"), N_("TEXT") },
    { "legend", 0, 0, G_OPTION_ARG_NONE, &legend,
      N_("Image: what the colours mean under the maze, the frontier named "
         "for the solver"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  RenderOptions options;
  RenderPage page;
  const char *legend_labels[RENDER_LEGEND_N_ITEMS];
  int paper = -1;
  guint64 png_width = 0;
  MazeError error;
  Maze *maze;
  int format = -1, status;
  guint64 value;

  context = cli_context_new ("render", _("MAZE-FILE"),
                             _("Draw a maze as an image or as text."),
                             _("Nothing is written to -o unless the drawing "
                               "succeeded; an existing file is replaced at "
                               "once (a symbolic link's target), a device or "
                               "FIFO is written directly, a read-only file is "
                               "refused unless --force.  A PNG has at most "
                               "100 million pixels (cell size × maze size).  "
                               "MAZE-FILE '-' reads standard input."),
                             entries);
  if ((status = cli_parse (context, "render", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("render", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("render", _("unexpected argument '%s'"),
                            argv[2]);

  /* Check every value before any work. */
  maze_error_clear (&error);
  render_options_init (&options);
  if (format_text != NULL && g_ascii_strcasecmp (format_text, "text") == 0)
    text = TRUE;
  else if (format_text != NULL
           && (format = render_format_from_name (format_text)) < 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("unknown format '%s': expected png, svg, pdf or text"),
                     format_text);
  if (output == NULL || g_str_equal (output, "-"))
    text = text || format < 0;
  else if (text)
    ; /* text into a file */
  else if (format < 0 && (format = render_format_from_path (output)) < 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("%s: unknown image format; use a .png, .svg or .pdf "
                       "name, or --format"), output);

  if (cell_size_text != NULL)
    {
      if ((status = cli_parse_uint ("--cell-size", cell_size_text, 1, 4096,
                                    &value)) != CLI_EXIT_OK)
        return status;
      /* A wall takes at least a pixel of its cell: a 1-pixel cell would
       * be all wall or all passage (an image of nothing). */
      if (value < 2)
        return cli_fail (CLI_EXIT_FAILURE,
                         _("--cell-size 1 leaves no room for walls (a wall "
                           "takes a pixel of its cell): use 2 or more"));
      options.cell_size = (double) value;
      /* The default walls are 2 pixels; a 2-pixel cell gets 1-pixel walls. */
      if (options.wall_width >= options.cell_size)
        options.wall_width = options.cell_size > 2 ? 2 : 1;
      options.margin = MAX (options.wall_width, options.cell_size / 2);
    }
  if (wall_width_text != NULL)
    {
      if ((status = cli_parse_uint ("--wall-width", wall_width_text, 0,
                                    (guint64) options.cell_size - 1,
                                    &value)) != CLI_EXIT_OK)
        return status;
      options.wall_width = (double) value;
      options.margin = MAX (options.margin, options.wall_width / 2);
    }
  if (style_text != NULL)
    {
      if (g_str_equal (style_text, "line"))
        options.solution_style = RENDER_SOLUTION_LINE;
      else if (g_str_equal (style_text, "fill"))
        options.solution_style = RENDER_SOLUTION_FILL;
      else
        return cli_fail (CLI_EXIT_FAILURE,
                         _("invalid value '%s' for --solution-style: "
                           "expected line or fill"), style_text);
    }
  if (nibble_text != NULL)
    {
      if ((status = parse_nibble (nibble_text, &options.label_nibble))
          != CLI_EXIT_OK)
        return status;
      options.label_mode = RENDER_LABEL_NIBBLE_BIN;
    }
  else if (labels)
    options.label_mode = RENDER_LABEL_WORD_HEX;
  if (dark)
    render_palette_dark (&options.palette);
  options.show_solution = !no_solution;
  options.show_search = !no_search;
  options.show_markers = !no_markers;
  render_page_init (&page);
  if (paper_text != NULL && g_ascii_strcasecmp (paper_text, "maze") != 0
      && (paper = render_paper_from_name (paper_text)) < 0)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("unknown paper size '%s': use a4, letter or maze"), paper_text);
  if (paper >= 0 && format == RENDER_FORMAT_PNG)
    return cli_usage_error ("render", _("--paper is for PDF and SVG; a PNG "
                                        "takes --width or --cell-size"));
  if ((landscape || margin_text != NULL) && paper < 0)
    return cli_usage_error ("render", _("--landscape and --margin need --paper "
                                        "a4 or letter"));
  if (width_text != NULL && cell_size_text != NULL)
    return cli_usage_error ("render", _("give --cell-size or --width, not both"));
  if (width_text != NULL && format != RENDER_FORMAT_PNG)
    return cli_usage_error ("render", _("--width is for PNG images"));
  if (width_text != NULL
      && (status = cli_parse_uint ("--width", width_text, 16, RENDER_MAX_IMAGE_SIDE,
                                   &png_width)) != CLI_EXIT_OK)
    return status;
  if (paper >= 0)
    {
      render_paper_size ((RenderPaper) paper, &page.width, &page.height);
      if (landscape)
        {
          double swap = page.width;

          page.width = page.height;
          page.height = swap;
        }
    }
  if (margin_text != NULL)
    {
      if ((status = cli_parse_uint ("--margin", margin_text, 0, 144, &value))
          != CLI_EXIT_OK)
        return status;
      page.margin = (double) value;
    }
  if (title != NULL)
    {
      if ((status = cli_check_text ("--title", title)) != CLI_EXIT_OK)
        return status;
      if (text)
        return cli_usage_error ("render", _("--title is for images"));
      page.title = title;
    }
  if (legend && text)
    return cli_usage_error ("render", _("--legend is for images"));
  page.legend = legend;
  if (solver_name != NULL && !maze_solver_name_valid (solver_name, &error))
    return cli_fail_maze (NULL, &error);
  if (output != NULL
      && (status = cli_output_check (output, force, !text)) != CLI_EXIT_OK)
    return status;

  maze = cli_load (argv[1]);
  if (maze == NULL)
    return CLI_EXIT_FAILURE;
  status = CLI_EXIT_OK;

  /* Without --cell-size, big mazes get smaller cells (within about 4096
   * pixels a side), unless --wall-width asks for walls they cannot hold. */
  if (png_width > 0)
    {
      if (!render_size_to_width (maze, &options, (double) png_width))
        {
          status = cli_fail (CLI_EXIT_FAILURE,
                             _("a %u×%u maze does not fit in %s pixels: give a "
                               "larger --width"), maze_width (maze), maze_height (maze),
                             width_text);
          maze_free (maze);
          return status;
        }
    }
  else if (cell_size_text == NULL)
    {
      double wall = options.wall_width;

      render_auto_size (maze, &options);
      if (wall_width_text != NULL && wall < options.cell_size)
        options.wall_width = wall;
    }

  if (solver_name != NULL)
    {
      MazeSolver *solver = maze_solver_new (maze, solver_name, &error);

      if (solver == NULL)
        {
          maze_free (maze);
          return cli_fail_maze (NULL, &error);
        }
      status = cli_run_solver (solver, maze);
      maze_solver_free (solver);
    }

  /* The legend names the frontier for the solver: -S, or the one the
   * file says solved it. */
  {
    const char *solver = solver_name != NULL ? solver_name : maze_meta_get (maze, "solver");

    page.legend_algorithm = solver != NULL ? maze_algorithm_find (maze_solvers, solver, NULL, NULL)
                                           : NULL;
    for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
      legend_labels[k] = _(render_legend_label ((RenderLegendItem) k, page.legend_algorithm));
    page.legend_labels = legend_labels;
  }
  /* An image's labels say what they are under the maze; a picture at its
   * own size without a title or legend stays the bare maze. */
  if (page.title != NULL || page.legend || paper >= 0)
    page.note = bitmaze_label_note (&options);

  if (status != CLI_EXIT_OK)
    ;
  else if (text)
    {
      CliTextOptions text_options;

      cli_text_options_init (&text_options);
      text_options.ascii |= ascii;
      text_options.labels = labels;
      text_options.solution = !no_solution;
      text_options.search = !no_search;
      status = cli_parse_color (color_text, stdout, &text_options.color);
      if (status != CLI_EXIT_OK)
        ;
      else if (output == NULL)
        {
          if (!cli_text_print (maze, &text_options, stdout))
            status = cli_fail (CLI_EXIT_FAILURE, "%s: %s",
                               _("standard output"), g_strerror (errno));
        }
      else
        {
          MazeOutput *out;

          /* A file gets no escape sequences unless asked for. */
          if (color_text == NULL && !g_str_equal (output, "-"))
            text_options.color = FALSE;
          out = cli_output_open (output, force, FALSE);
          if (out == NULL)
            status = CLI_EXIT_FAILURE;
          else
            {
              if (!cli_text_write (maze, &text_options, out))
                {
                  maze_output_error (out, &error);
                  status = cli_fail_maze (NULL, &error);
                }
              status = cli_output_finish (out, status);
            }
        }
    }
  else
    {
      MazeOutput *out = cli_output_open (output != NULL ? output : "-", force, TRUE);

      if (out == NULL)
        status = CLI_EXIT_FAILURE;
      else
        {
          if (render_page_to_output (maze, &options, &page, (RenderFormat) format, out,
                                     &error) != MAZE_OK)
            status = cli_fail_maze (output != NULL && !g_str_equal (output, "-")
                                    ? output : NULL, &error);
          status = cli_output_finish (out, status);
        }
    }

  maze_free (maze);
  return status;
}
