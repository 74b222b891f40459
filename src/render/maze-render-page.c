/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-page.c: one maze as a handout: fitted to a page with
 * margins, or at its own size, with a title above it.
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "maze-render.h"
#include "maze-render-private.h"

bool
render_size_to_width (const Maze    *maze,
                       RenderOptions *options,
                       double         width)
{
  double cols = maze_width (maze);
  double cell = floor (width / (cols + 1.0));

  if (!(cell >= 2.0))
    return false;
  options->cell_size = cell;
  options->wall_width = fmax (1.0, round (cell / 8.0));
  options->margin = (width - cols * cell) / 2.0;
  return true;
}

void
render_page_init (RenderPage *page)
{
  memset (page, 0, sizeof *page);
  page->margin = 36.0;
}

static bool
has_title (const RenderPage *page)
{
  return page != NULL && page->title != NULL && page->title[0] != '\0';
}

static bool
has_note (const RenderPage *page)
{
  return page != NULL && page->note != NULL && page->note[0] != '\0';
}

static bool
own_size (const RenderPage *page)
{
  return page == NULL || !(page->width > 0.0 && page->height > 0.0);
}

/* The title's font size on a page @width wide. */
static double
title_size (double width)
{
  return fmin (fmax (width / 24.0, 10.0), 28.0);
}

/* The height of the legend's band on a page @width wide (0: none). */
static double
legend_band (const RenderOptions *options,
             const RenderPage    *page,
             double               width)
{
  double h = 0.0;

  if (page == NULL || !page->legend)
    return 0.0;
  render_legend_draw (NULL, &options->palette, page->legend_algorithm, page->legend_labels,
                      title_size (width) * 0.6, width, NULL, &h);
  return ceil (h + title_size (width) * 0.6);
}

void
render_page_get_size (const Maze          *maze,
                      const RenderOptions *options,
                      const RenderPage    *page,
                      double              *width,
                      double              *height)
{
  if (!own_size (page))
    {
      *width = page->width;
      *height = page->height;
      return;
    }
  render_get_size (maze, options, width, height);
  if (has_title (page))
    *height += ceil (title_size (*width) * 2.0);
  if (has_note (page))
    *height += ceil (title_size (*width) * 1.2);
  *height += legend_band (options, page, *width);
}

/* Where the maze goes: the area under the title, inside the margins. */
static void
content_area (const Maze          *maze,
              const RenderOptions *options,
              const RenderPage    *page,
              double              *x,
              double              *y,
              double              *width,
              double              *height,
              double              *title_band)
{
  double pw, ph, margin = own_size (page) ? 0.0 : page->margin;

  render_page_get_size (maze, options, page, &pw, &ph);
  double note_band = (has_note (page) ? ceil (title_size (pw - 2 * margin) * 1.2) : 0.0)
                     + legend_band (options, page, pw - 2 * margin);

  *title_band = has_title (page) ? ceil (title_size (pw - 2 * margin) * 2.0) : 0.0;
  *x = margin;
  *y = margin + *title_band;
  *width = fmax (pw - 2.0 * margin, 1.0);
  *height = fmax (ph - 2.0 * margin - *title_band - note_band, 1.0);
}

double
render_page_scale (const Maze          *maze,
                   const RenderOptions *options,
                   const RenderPage    *page)
{
  double x, y, w, h, band, mw, mh;

  if (own_size (page))
    return 1.0;
  content_area (maze, options, page, &x, &y, &w, &h, &band);
  render_get_size (maze, options, &mw, &mh);
  return fmin (w / mw, h / mh);
}

void
render_page_draw (cairo_t             *cr,
                  const Maze          *maze,
                  const RenderOptions *options,
                  const RenderPage    *page)
{
  const RenderRgba *bg = &options->palette.background;
  const RenderRgba *ink = &options->palette.wall;
  double pw, ph, x, y, w, h, band, mw, mh, under;
  double scale = render_page_scale (maze, options, page);

  render_page_get_size (maze, options, page, &pw, &ph);
  content_area (maze, options, page, &x, &y, &w, &h, &band);
  render_get_size (maze, options, &mw, &mh);

  cairo_save (cr);
  if (!own_size (page) || has_title (page) || has_note (page) || (page != NULL && page->legend))
    {
      cairo_set_source_rgba (cr, bg->red, bg->green, bg->blue, bg->alpha);
      cairo_rectangle (cr, 0, 0, pw, ph);
      cairo_fill (cr);
    }
  if (has_title (page))
    {
      cairo_text_extents_t ext;
      double size = title_size (w);

      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, size);
      cairo_text_extents (cr, page->title, &ext);
      if (ext.x_advance > w)
        {
          size *= w / ext.x_advance;
          cairo_set_font_size (cr, size);
          cairo_text_extents (cr, page->title, &ext);
        }
      cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, 1.0);
      cairo_move_to (cr, x + (w - ext.x_advance) / 2.0, y - band / 2.0 + size * 0.35);
      cairo_show_text (cr, page->title);
    }
  under = y + mh * scale;
  if (page != NULL && page->legend)
    {
      double lw, lh, size = title_size (w) * 0.6;

      render_legend_draw (NULL, &options->palette, page->legend_algorithm, page->legend_labels,
                          size, w, &lw, &lh);
      cairo_save (cr);
      cairo_translate (cr, x + (w - lw) / 2.0, under + size * 0.6);
      render_legend_draw (cr, &options->palette, page->legend_algorithm, page->legend_labels,
                          size, w, NULL, NULL);
      cairo_restore (cr);
      under += legend_band (options, page, w);
    }
  if (has_note (page))
    {
      cairo_text_extents_t ext;
      double size = title_size (w) * 0.6;

      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, size);
      cairo_text_extents (cr, page->note, &ext);
      if (ext.x_advance > w)
        {
          size *= w / ext.x_advance;
          cairo_set_font_size (cr, size);
          cairo_text_extents (cr, page->note, &ext);
        }
      cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, 0.8);
      cairo_move_to (cr, x + (w - ext.x_advance) / 2.0, under + size * 1.4);
      cairo_show_text (cr, page->note);
    }
  /* at the top under the title, centred across */
  cairo_translate (cr, x + (w - mw * scale) / 2.0, y);
  if (scale == 1.0)
    render_draw (cr, maze, options);
  else
    {
      /* The sizes scaled, not the drawing: labels too small for the
       * options' cells fit the cells on the page. */
      RenderOptions scaled = *options;

      scaled.cell_size *= scale;
      scaled.wall_width *= scale;
      scaled.margin *= scale;
      render_draw (cr, maze, &scaled);
    }
  cairo_restore (cr);
}

static bool
page_check (const Maze          *maze,
            const RenderOptions *options,
            const RenderPage    *page,
            MazeError           *error)
{
  if (!render_options_check (maze, options, error))
    return false;
  if (own_size (page))
    return true;
  if (!(page->width >= 72.0 && page->width <= 14400.0)
      || !(page->height >= 72.0 && page->height <= 14400.0))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PAGE_SIZE,
                      MAZE_REAL (page->width), MAZE_REAL (page->height));
      return false;
    }
  if (!(page->margin >= 0.0) || page->margin * 4.0 > fmin (page->width, page->height))
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PAGE_MARGIN,
                      MAZE_REAL (page->margin), MAZE_REAL (page->width),
                      MAZE_REAL (page->height));
      return false;
    }
  return true;
}

MazeStatus
render_page_to_stream (const Maze          *maze,
                       const RenderOptions *options,
                       const RenderPage    *page,
                       RenderFormat         format,
                       cairo_write_func_t   write_func,
                       void                *closure,
                       MazeError           *error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w, h;

  /* The maze alone: the fast writers of render_to_stream(). */
  if (own_size (page) && !has_title (page) && !has_note (page) && !(page != NULL && page->legend))
    return render_to_stream (maze, options, format, write_func, closure, error);
  if (!page_check (maze, options, page, error))
    return error != NULL ? error->status : MAZE_ERROR_ARGUMENT;

  render_page_get_size (maze, options, page, &w, &h);
  switch (format)
    {
    case RENDER_FORMAT_PNG:
      if (ceil (w) > RENDER_MAX_IMAGE_SIDE || ceil (h) > RENDER_MAX_IMAGE_SIDE
          || ceil (w) * ceil (h) > RENDER_MAX_IMAGE_PIXELS)
        return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_PNG_TOO_LARGE_ANY_CELL,
                               MAZE_REAL (ceil (w)), MAZE_REAL (ceil (h)),
                               MAZE_NUM (RENDER_MAX_IMAGE_SIDE));
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w),
                                            (int) ceil (h));
      break;
    case RENDER_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_func, closure, w, h);
      break;
    case RENDER_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_func, closure, w, h);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Bitmaze");
      if (has_title (page))
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, page->title);
      break;
    default:
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_FORMAT_NUMBER,
                             MAZE_NUM ((int) format));
    }
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cr = cairo_create (surface);
      render_page_draw (cr, maze, options, page);
      if (format != RENDER_FORMAT_PNG)
        cairo_show_page (cr);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  if (status == CAIRO_STATUS_SUCCESS && format == RENDER_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_func, closure);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status == CAIRO_STATUS_NO_MEMORY && format == RENDER_FORMAT_PNG)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_IMAGE_NOMEM_BYTES,
                           MAZE_NUM (ceil (w)), MAZE_NUM (ceil (h)),
                           MAZE_NUM ((uint64_t) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32,
                                                                              (int) ceil (w))
                                     * (uint64_t) ceil (h)));
  if (status == CAIRO_STATUS_NO_MEMORY)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  if (status != CAIRO_STATUS_SUCCESS)
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_RENDER_WRITE,
                           MAZE_TEXT (render_format_name (format)),
                           MAZE_TEXT (cairo_status_to_string (status)));
  return MAZE_OK;
}

typedef struct
{
  const Maze          *maze;
  const RenderOptions *options;
  const RenderPage    *page;
  RenderFormat         format;
} PageJob;

static MazeStatus
produce_page (void               *data,
              cairo_write_func_t  write_func,
              void               *closure,
              MazeError          *error)
{
  PageJob *job = data;

  return render_page_to_stream (job->maze, job->options, job->page, job->format,
                                write_func, closure, error);
}

MazeStatus
render_page_to_output (const Maze          *maze,
                       const RenderOptions *options,
                       const RenderPage    *page,
                       RenderFormat         format,
                       MazeOutput          *out,
                       MazeError           *error)
{
  PageJob job = { maze, options, page, format };

  return render_write_output (out, produce_page, &job, error);
}

MazeStatus
render_page_to_file (const Maze          *maze,
                     const RenderOptions *options,
                     const RenderPage    *page,
                     RenderFormat         format,
                     const char          *path,
                     MazeError           *error)
{
  PageJob job = { maze, options, page, format };

  if (path == NULL || path[0] == '\0')
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_FILE_NAME);
  /* Check before creating anything, so bad options leave no file. */
  if (!page_check (maze, options, page, error))
    return error != NULL ? error->status : MAZE_ERROR_ARGUMENT;
  return render_write_file (path, produce_page, &job, error);
}
