/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-worksheet.c: pages of mazes for paper, shared by the CLI's
 * worksheets, the app's worksheet export and its printing.
 *
 * A page is a heading, a grid of slots (a title line and a maze each)
 * and a page number.  The grid is the one of 1 .. per_page columns that
 * gives the mazes the biggest cells; every maze of a page gets the same
 * cell size so a class sees mazes of one scale.
 */
#include "maze-render-private.h"

#include <cairo-pdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define HEADING_SIZE   16.0
#define TITLE_SIZE     10.0
#define FOOTER_SIZE     8.0
#define SMALL_SIZE      6.5
#define GAP            14.0

static const char *const paper_names[] = { "a4", "letter" };

int
render_paper_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  for (int k = 0; k < 2; k++)
    if (strcasecmp (name, paper_names[k]) == 0)
      return k;
  return -1;
}

const char *
render_paper_name (RenderPaper paper)
{
  return paper == RENDER_PAPER_LETTER ? paper_names[1] : paper_names[0];
}

void
render_paper_size (RenderPaper  paper,
                   double      *width,
                   double      *height)
{
  if (paper == RENDER_PAPER_LETTER)
    {
      *width = 612.0;
      *height = 792.0;
    }
  else
    {
      /* 210 x 297 mm at 72 / 25.4 points a millimetre */
      *width = 210.0 * 72.0 / 25.4;
      *height = 297.0 * 72.0 / 25.4;
    }
}

void
render_worksheet_options_init (RenderWorksheetOptions *options,
                               RenderPaper             paper)
{
  memset (options, 0, sizeof *options);
  render_paper_size (paper, &options->page_width, &options->page_height);
  options->margin = 36.0;
  options->per_page = 0;
  options->answers = true;
  options->page_numbers = true;
}

bool
render_worksheet_check (const RenderWorksheetOptions *options,
                        size_t                        n_mazes,
                        MazeError                    *error)
{
  if (n_mazes == 0)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_WORKSHEET_EMPTY);
      return false;
    }
  if (!(options->page_width >= 72.0 && options->page_width <= 14400.0)
      || !(options->page_height >= 72.0 && options->page_height <= 14400.0))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PAGE_SIZE,
                      MAZE_REAL (options->page_width), MAZE_REAL (options->page_height));
      return false;
    }
  if (!(options->margin >= 0.0)
      || options->margin * 4.0 > fmin (options->page_width, options->page_height))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PAGE_MARGIN,
                      MAZE_REAL (options->margin), MAZE_REAL (options->page_width),
                      MAZE_REAL (options->page_height));
      return false;
    }
  if (options->per_page > RENDER_WORKSHEET_MAX_PER_PAGE)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PER_PAGE, MAZE_NUM (options->per_page),
                      MAZE_NUM (RENDER_WORKSHEET_MAX_PER_PAGE));
      return false;
    }
  return true;
}

/* ---- layout ---- */

typedef struct
{
  unsigned columns;
  unsigned rows;
  double   slot_width;  /* a slot: title line and maze */
  double   slot_height;
  double   grid_top;
  double   cell_size;
} Layout;

#define NAME_SIZE      10.0

static double
heading_height (const RenderWorksheetOptions *options)
{
  double name_line = (options->name_label != NULL || options->date_label != NULL)
                     ? NAME_SIZE * 2.6 : 0.0;

  return ((options->heading != NULL || options->answers_heading != NULL)
          ? HEADING_SIZE * 2.0 : 0.0) + name_line;
}

static double
footer_height (const RenderWorksheetOptions *options)
{
  return options->page_numbers ? FOOTER_SIZE * 2.0 : 0.0;
}

/* The biggest maze of the sheet, in cells, so one cell size fits all. */
static void
largest_maze (const Maze *const *mazes,
              size_t             n,
              double            *cols,
              double            *rows)
{
  *cols = 1.0;
  *rows = 1.0;
  for (size_t k = 0; k < n; k++)
    if (mazes[k] != NULL)
      {
        *cols = fmax (*cols, maze_width (mazes[k]));
        *rows = fmax (*rows, maze_height (mazes[k]));
      }
}

static void
compute_layout (const RenderWorksheetOptions *options,
                const Maze *const            *mazes,
                size_t                        n,
                unsigned                      per_page,
                Layout                       *layout)
{
  double content_w = options->page_width - 2.0 * options->margin;
  double content_h = options->page_height - 2.0 * options->margin
                     - heading_height (options) - footer_height (options);
  double cols, rows;

  largest_maze (mazes, n, &cols, &rows);
  memset (layout, 0, sizeof *layout);
  layout->grid_top = options->margin + heading_height (options);

  for (unsigned c = 1; c <= per_page; c++)
    {
      unsigned r = (per_page + c - 1) / c;
      double sw = (content_w - (c - 1) * GAP) / c;
      double sh = (content_h - (r - 1) * GAP) / r;
      /* a quarter cell each side for the outer wall */
      double cell = fmin (sw / (cols + 0.5), (sh - TITLE_SIZE * 1.8) / (rows + 0.5));

      if (cell > layout->cell_size)
        {
          layout->columns = c;
          layout->rows = r;
          layout->slot_width = sw;
          layout->slot_height = sh;
          layout->cell_size = cell;
        }
    }
  if (layout->columns == 0)
    {
      /* not even one cell fits: draw tiny, never fail */
      layout->columns = per_page;
      layout->rows = 1;
      layout->slot_width = fmax (content_w / per_page, 1.0);
      layout->slot_height = fmax (content_h, 1.0);
      layout->cell_size = 0.01;
    }
}

unsigned
render_worksheet_per_page (const RenderWorksheetOptions *options,
                           const Maze *const            *mazes,
                           size_t                        n_mazes)
{
  unsigned best = 1;
  unsigned most;

  if (options->per_page >= 1)
    return options->per_page > RENDER_WORKSHEET_MAX_PER_PAGE
           ? RENDER_WORKSHEET_MAX_PER_PAGE : options->per_page;

  most = n_mazes < RENDER_WORKSHEET_MAX_PER_PAGE ? (unsigned) n_mazes
                                               : RENDER_WORKSHEET_MAX_PER_PAGE;
  for (unsigned k = 2; k <= most; k++)
    {
      Layout layout;

      compute_layout (options, mazes, n_mazes, k, &layout);
      if (layout.cell_size >= RENDER_WORKSHEET_MIN_CELL)
        best = k;
    }
  return best;
}

static unsigned
puzzle_pages (const RenderWorksheetOptions *options,
              const Maze *const            *mazes,
              size_t                        n_mazes)
{
  unsigned per_page = render_worksheet_per_page (options, mazes, n_mazes);

  if (n_mazes == 0)
    return 1;
  if (options->exercises != 0)
    return (unsigned) n_mazes;
  return (unsigned) ((n_mazes + per_page - 1) / per_page);
}

unsigned
render_worksheet_n_pages (const RenderWorksheetOptions *options,
                          const Maze *const            *mazes,
                          size_t                        n_mazes)
{
  unsigned pages = puzzle_pages (options, mazes, n_mazes);

  if (options->answers_only)
    return pages;
  return options->answers ? 2 * pages : pages;
}

/* ---- drawing ---- */

/* @text centred on @cx with its baseline at @y, shrunk to @max_width. */
static void
show_centered (cairo_t    *cr,
               const char *text,
               double      size,
               double      cx,
               double      y,
               double      max_width)
{
  cairo_text_extents_t ext;

  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &ext);
  if (ext.x_advance > max_width && ext.x_advance > 0)
    {
      size *= max_width / ext.x_advance;
      cairo_set_font_size (cr, size);
      cairo_text_extents (cr, text, &ext);
    }
  cairo_move_to (cr, cx - ext.x_advance / 2.0, y);
  cairo_show_text (cr, text);
}

static void
draw_maze_in_slot (cairo_t           *cr,
                   const Maze        *maze,
                   const char        *title,
                   const char        *small_print,
                   double             x,
                   double             y,
                   const Layout      *layout,
                   bool               answer)
{
  RenderOptions ro;
  double cell = layout->cell_size;
  double w, h, top;

  render_options_init (&ro);
  render_palette_light (&ro.palette);
  ro.cell_size = cell;
  /* pencil-friendly walls: about a tenth of a cell, 0.5 .. 2 points */
  ro.wall_width = fmin (fmax (cell * 0.1, 0.5), 2.0);
  if (ro.wall_width >= cell)
    ro.wall_width = cell * 0.2;
  ro.margin = cell * 0.25;
  ro.show_search = false;
  ro.show_solution = answer;
  ro.solution_style = RENDER_SOLUTION_LINE;
  ro.show_markers = true;
  ro.label_mode = RENDER_LABEL_NONE;

  if (title != NULL && title[0] != '\0')
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      show_centered (cr, title, TITLE_SIZE, x + layout->slot_width / 2.0,
                     y + TITLE_SIZE, layout->slot_width);
    }

  render_get_size (maze, &ro, &w, &h);
  top = y + TITLE_SIZE * 1.8;
  cairo_save (cr);
  cairo_translate (cr, x + (layout->slot_width - w) / 2.0, top);
  render_draw (cr, maze, &ro);
  cairo_restore (cr);

  /* the small print sits in the gap under the maze (GAP, or the
   * footer's room on the last row), so it costs the mazes no size */
  if (small_print != NULL && small_print[0] != '\0')
    {
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      show_centered (cr, small_print, SMALL_SIZE, x + layout->slot_width / 2.0,
                     top + h + SMALL_SIZE * 1.1, layout->slot_width);
    }
}

/* "Name: ______  Date: ____" under the heading, to write on. */
static void
draw_name_line (cairo_t                      *cr,
                const RenderWorksheetOptions *options)
{
  double width = options->page_width - 2.0 * options->margin;
  double y = options->margin + heading_height (options) - NAME_SIZE * 1.2;
  const char *labels[2] = { options->name_label, options->date_label };
  double starts[2] = { 0.0, 0.66 }, ends[2] = { 0.62, 1.0 };

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, NAME_SIZE);
  for (int k = 0; k < 2; k++)
    {
      cairo_text_extents_t ext;
      double x = options->margin + starts[k] * width;

      if (labels[k] == NULL)
        continue;
      cairo_text_extents (cr, labels[k], &ext);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, x, y);
      cairo_show_text (cr, labels[k]);
      cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
      cairo_set_line_width (cr, 0.6);
      cairo_move_to (cr, x + ext.x_advance + 6.0, y + 2.0);
      cairo_line_to (cr, options->margin + ends[k] * width, y + 2.0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
render_worksheet_draw_page (cairo_t                      *cr,
                            const Maze *const            *mazes,
                            const char *const            *titles,
                            size_t                        n_mazes,
                            const RenderWorksheetOptions *options,
                            unsigned                      page)
{
  unsigned per_page = render_worksheet_per_page (options, mazes, n_mazes);
  unsigned n_puzzle = options->answers_only ? 0 : puzzle_pages (options, mazes, n_mazes);
  unsigned n_pages = render_worksheet_n_pages (options, mazes, n_mazes);
  bool answer = page >= n_puzzle;
  unsigned sheet = answer ? page - n_puzzle : page;
  const char *heading = answer ? options->answers_heading : options->heading;
  double content_w = options->page_width - 2.0 * options->margin;
  Layout layout;

  if (page >= n_pages)
    return;
  if (options->exercises != 0)
    {
      RenderExerciseSet set;

      if (sheet >= n_mazes || mazes[sheet] == NULL)
        return;
      /* cannot fail but for memory: then the sheet asks no predict */
      render_exercises_choose (mazes[sheet], options->exercises, &set, NULL);
      render_exercise_draw_sheet (cr, mazes[sheet], titles != NULL ? titles[sheet] : NULL,
                                  options, &set, answer, page, n_pages);
      return;
    }

  compute_layout (options, mazes, n_mazes, per_page, &layout);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, options->page_width, options->page_height);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (heading != NULL && heading[0] != '\0')
    {
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      show_centered (cr, heading, HEADING_SIZE, options->page_width / 2.0,
                     options->margin + HEADING_SIZE, content_w);
    }
  if (!answer && (options->name_label != NULL || options->date_label != NULL))
    draw_name_line (cr, options);

  for (unsigned slot = 0; slot < per_page; slot++)
    {
      size_t k = (size_t) sheet * per_page + slot;
      unsigned col = slot % layout.columns;
      unsigned row = slot / layout.columns;
      double x = options->margin + col * (layout.slot_width + GAP);
      double y = layout.grid_top + row * (layout.slot_height + GAP);

      if (k >= n_mazes)
        break;
      if (mazes[k] == NULL)
        continue;
      draw_maze_in_slot (cr, mazes[k], titles != NULL ? titles[k] : NULL,
                         options->small_print != NULL ? options->small_print[k] : NULL,
                         x, y, &layout, answer);
    }

  if (options->page_numbers)
    {
      char number[32];

      snprintf (number, sizeof number, "%u / %u", page + 1, n_pages);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      show_centered (cr, number, FOOTER_SIZE, options->page_width / 2.0,
                     options->page_height - options->margin, content_w);
    }
  cairo_restore (cr);
}

/* ---- PDF ---- */

MazeStatus
render_worksheet_to_stream (const Maze *const            *mazes,
                            const char *const            *titles,
                            size_t                        n_mazes,
                            const RenderWorksheetOptions *options,
                            cairo_write_func_t            write_func,
                            void                         *closure,
                            MazeError                    *error)
{
  cairo_surface_t *surface;
  cairo_status_t cs;
  cairo_t *cr;
  unsigned n_pages;

  if (!render_worksheet_check (options, n_mazes, error))
    return MAZE_ERROR_ARGUMENT;
  for (size_t k = 0; k < n_mazes; k++)
    if (mazes[k] == NULL)
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_WORKSHEET_MISSING,
                             MAZE_NUM (k + 1));
    else if (options->exercises != 0
             && (maze_width (mazes[k]) > RENDER_EXERCISE_MAX_SIDE
                 || maze_height (mazes[k]) > RENDER_EXERCISE_MAX_SIDE))
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_EXERCISE_MAZE_SIZE,
                             MAZE_NUM (k + 1), MAZE_NUM (maze_width (mazes[k])),
                             MAZE_NUM (maze_height (mazes[k])),
                             MAZE_NUM (RENDER_EXERCISE_MAX_SIDE),
                             MAZE_NUM (RENDER_EXERCISE_MAX_SIDE));

  n_pages = render_worksheet_n_pages (options, mazes, n_mazes);
  surface = cairo_pdf_surface_create_for_stream (write_func, closure,
                                                 options->page_width,
                                                 options->page_height);
  if (options->heading != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, options->heading);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Bitmaze");
  cr = cairo_create (surface);
  for (unsigned page = 0; page < n_pages; page++)
    {
      render_worksheet_draw_page (cr, mazes, titles, n_mazes, options, page);
      cairo_show_page (cr);
    }
  cs = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (cs == CAIRO_STATUS_SUCCESS)
    cs = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (cs == CAIRO_STATUS_NO_MEMORY)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  if (cs != CAIRO_STATUS_SUCCESS)
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_WORKSHEET_WRITE,
                           MAZE_TEXT (cairo_status_to_string (cs)));
  return MAZE_OK;
}

typedef struct
{
  const Maze *const          *mazes;
  const char *const          *titles;
  size_t                      n_mazes;
  const RenderWorksheetOptions *options;
} SheetJob;

static MazeStatus
produce_sheet (void               *data,
               cairo_write_func_t  write_func,
               void               *closure,
               MazeError          *error)
{
  SheetJob *job = data;

  return render_worksheet_to_stream (job->mazes, job->titles, job->n_mazes,
                                     job->options, write_func, closure, error);
}

MazeStatus
render_worksheet_to_output (const Maze *const            *mazes,
                            const char *const            *titles,
                            size_t                        n_mazes,
                            const RenderWorksheetOptions *options,
                            MazeOutput                   *out,
                            MazeError                    *error)
{
  SheetJob job = { mazes, titles, n_mazes, options };

  if (!render_worksheet_check (options, n_mazes, error))
    return MAZE_ERROR_ARGUMENT;
  return render_write_output (out, produce_sheet, &job, error);
}

MazeStatus
render_worksheet_to_file (const Maze *const            *mazes,
                          const char *const            *titles,
                          size_t                        n_mazes,
                          const RenderWorksheetOptions *options,
                          const char                   *path,
                          MazeError                    *error)
{
  SheetJob job = { mazes, titles, n_mazes, options };

  if (path == NULL || path[0] == '\0')
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_FILE_NAME);
  /* Check first, so bad options leave no file behind. */
  if (!render_worksheet_check (options, n_mazes, error))
    return MAZE_ERROR_ARGUMENT;

  return render_write_file (path, produce_sheet, &job, error);
}

/* ---- the mazes of a worksheet ---- */

MazeStatus
render_worksheet_generate (Maze *const *mazes,
                           size_t       n_mazes,
                           const char  *generator,
                           uint64_t     seed,
                           unsigned     loops,
                           MazeError   *error)
{
  for (size_t k = 0; k < n_mazes; k++)
    {
      MazeGenerator *gen = maze_generator_new (mazes[k], generator, seed + k, loops, error);
      MazeStatus status;

      if (gen == NULL)
        return error != NULL ? error->status : MAZE_ERROR_ARGUMENT;
      maze_generator_run (gen);
      status = maze_generator_status (gen, error);
      maze_generator_free (gen);
      if (status == MAZE_OK)
        status = maze_place_endpoints (mazes[k], MAZE_PLACE_CORNERS, true, seed + k, error);
      if (status != MAZE_OK)
        return status;
    }
  return MAZE_OK;
}

MazeStatus
render_worksheet_solve (Maze *const *mazes,
                        size_t       n_mazes,
                        MazeError   *error)
{
  const MazeAlgorithm *shortest = maze_algorithm_with (maze_solvers,
                                                       MAZE_ALGORITHM_SHORTEST_PATH);

  for (size_t k = 0; k < n_mazes; k++)
    {
      MazeSolver *solver = maze_solver_new (mazes[k], shortest->name, error);
      MazeStatus status;

      if (solver == NULL)
        return error != NULL ? error->status : MAZE_ERROR_NOMEM;
      maze_solver_run (solver);
      status = maze_solver_status (solver, error);
      maze_solver_free (solver);
      if (status != MAZE_OK)
        return status;
    }
  return MAZE_OK;
}
