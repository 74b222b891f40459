/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-file.c: PNG, SVG and PDF export.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <png.h>

#include "maze-render.h"
#include "maze-render-private.h"

static const char *const format_names[] = { "png", "svg", "pdf" };

int
render_format_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  if (name[0] == '.')
    name++;
  for (int f = 0; f < 3; f++)
    if (strcasecmp (name, format_names[f]) == 0)
      return f;
  return -1;
}

const char *
render_format_name (RenderFormat format)
{
  if ((unsigned) format < 3)
    return format_names[format];
  return "unknown";
}

/* The extension of the last component of @path (after its last '.'), or
 * NULL when there is none. */
static const char *
path_extension (const char *path)
{
  const char *slash = strrchr (path, '/');
  const char *base = slash != NULL ? slash + 1 : path;
  const char *dot = strrchr (base, '.');

  if (dot == NULL || dot == base)
    return NULL;
  return dot + 1;
}

int
render_format_from_path (const char *path)
{
  const char *ext = path != NULL ? path_extension (path) : NULL;

  return ext != NULL ? render_format_from_name (ext) : -1;
}

/* ---- drawing into a stream ---- */

static MazeStatus
status_from_cairo (cairo_status_t  status,
                   const char     *what,
                   MazeError      *error)
{
  if (status == CAIRO_STATUS_NO_MEMORY)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_RENDER_WRITE, MAZE_TEXT (what),
                         MAZE_TEXT (cairo_status_to_string (status)));
}

/* Out of memory for an image of @width x @height pixels in @format:
 * how many bytes it takes. */
static MazeStatus
image_nomem (cairo_format_t  format,
             int             width,
             int             height,
             MazeError      *error)
{
  int stride = cairo_format_stride_for_width (format, width);
  uint64_t bytes = (uint64_t) (stride > 0 ? stride : 4 * width) * (uint64_t) height;

  return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_IMAGE_NOMEM_BYTES, MAZE_NUM (width),
                         MAZE_NUM (height), MAZE_NUM (bytes));
}

/* ---- PNG through libpng ---- */

/*
 * cairo_surface_write_to_png_stream() compresses with zlib's default level
 * and tries every PNG filter on every row, which takes seconds for the
 * tens of millions of pixels of a big maze.  For an opaque image this
 * writes the same pixels as 8-bit RGB with a fast zlib level and the SUB
 * filter (long runs of equal pixels become zeros): several times faster,
 * files a little larger.  Images with alpha still go through cairo, which
 * also un-premultiplies them.
 */
typedef struct
{
  cairo_write_func_t write_func;
  void              *closure;
  cairo_status_t     status;
  jmp_buf            jump;
} PngWriter;

static void
png_on_error (png_structp       png,
              png_const_charp   message)
{
  PngWriter *w = png_get_error_ptr (png);

  if (w->status == CAIRO_STATUS_SUCCESS)
    w->status = CAIRO_STATUS_WRITE_ERROR;
  longjmp (w->jump, 1);
}

static void
png_on_warning (png_structp     png,
                png_const_charp message)
{
}

static void
png_on_write (png_structp png,
              png_bytep   data,
              png_size_t  length)
{
  PngWriter *w = png_get_io_ptr (png);

  while (length > 0)
    {
      unsigned int n = length > 1u << 30 ? 1u << 30 : (unsigned int) length;

      if (w->write_func (w->closure, data, n) != CAIRO_STATUS_SUCCESS)
        {
          w->status = CAIRO_STATUS_WRITE_ERROR;
          png_error (png, "write error");
        }
      data += n;
      length -= n;
    }
}

static void
png_on_flush (png_structp png)
{
}

static cairo_status_t
write_png_rgb (cairo_surface_t    *surface,
               cairo_write_func_t  write_func,
               void               *closure)
{
  static const uint32_t one = 1;
  PngWriter w = { write_func, closure, CAIRO_STATUS_SUCCESS };
  png_structp png;
  png_infop info;
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &w, png_on_error,
                                 png_on_warning);
  if (png == NULL)
    return CAIRO_STATUS_NO_MEMORY;
  info = png_create_info_struct (png);
  if (info == NULL)
    {
      png_destroy_write_struct (&png, NULL);
      return CAIRO_STATUS_NO_MEMORY;
    }
  if (setjmp (w.jump))
    {
      png_destroy_write_struct (&png, &info);
      return w.status != CAIRO_STATUS_SUCCESS ? w.status
                                              : CAIRO_STATUS_WRITE_ERROR;
    }

  png_set_write_fn (png, &w, png_on_write, png_on_flush);
  png_set_compression_level (png, 3);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8,
                PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info (png, info);
  /* A cairo RGB24 pixel is a native-endian 0xXXRRGGBB word. */
  if (*(const unsigned char *) &one == 1)
    {
      png_set_bgr (png);
      png_set_filler (png, 0, PNG_FILLER_AFTER);
    }
  else
    png_set_filler (png, 0, PNG_FILLER_BEFORE);
  for (int y = 0; y < height; y++)
    png_write_row (png, data + (size_t) y * (size_t) stride);
  png_write_end (png, info);
  png_destroy_write_struct (&png, &info);
  return CAIRO_STATUS_SUCCESS;
}

static MazeStatus
render_png (const Maze          *maze,
            const RenderOptions *options,
            cairo_write_func_t   write_func,
            void                *closure,
            MazeError           *error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_format_t format;
  cairo_t *cr;
  double w, h, min_w, min_h;
  int iw, ih;

  render_get_size (maze, options, &w, &h);
  /* The smallest picture that still shows walls: 2-pixel cells, 1-pixel
   * walls and margin (what the CLI's --cell-size 2 draws). */
  min_w = 2.0 + 2.0 * maze_width (maze);
  min_h = 2.0 + 2.0 * maze_height (maze);
  if (ceil (w) > RENDER_MAX_IMAGE_SIDE ||
      ceil (h) > RENDER_MAX_IMAGE_SIDE)
    {
      double fit = render_fit_cell_size (maze, options,
                                         RENDER_MAX_IMAGE_SIDE,
                                         RENDER_MAX_IMAGE_SIDE);

      if (fit < 2.0 && min_w <= RENDER_MAX_IMAGE_SIDE && min_h <= RENDER_MAX_IMAGE_SIDE)
        fit = 2.0;
      if (fit > 0.0)
        return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_PNG_TOO_LARGE, MAZE_REAL (ceil (w)),
                               MAZE_REAL (ceil (h)), MAZE_NUM (RENDER_MAX_IMAGE_SIDE),
                               MAZE_REAL (fit));
      return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_PNG_TOO_LARGE_ANY_CELL,
                             MAZE_REAL (ceil (w)), MAZE_REAL (ceil (h)),
                             MAZE_NUM (RENDER_MAX_IMAGE_SIDE), MAZE_REAL (min_w), MAZE_REAL (min_h));
    }
  if (ceil (w) * ceil (h) > RENDER_MAX_IMAGE_PIXELS)
    {
      /* Cells, walls and margin smaller by the same factor (as the CLI's
       * --cell-size makes them) fit. */
      double scale = sqrt (RENDER_MAX_IMAGE_PIXELS / (ceil (w) * ceil (h)));
      double fit = floor (options->cell_size * scale);

      if (fit < 2.0 && min_w * min_h <= RENDER_MAX_IMAGE_PIXELS)
        fit = 2.0;
      if (fit >= 2.0)
        return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_PNG_TOO_MANY_PIXELS,
                               MAZE_REAL (ceil (w)), MAZE_REAL (ceil (h)),
                               MAZE_NUM (RENDER_MAX_IMAGE_PIXELS), MAZE_REAL (fit));
      return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_PNG_TOO_MANY_PIXELS_ANY_CELL,
                             MAZE_REAL (ceil (w)), MAZE_REAL (ceil (h)),
                             MAZE_NUM (RENDER_MAX_IMAGE_PIXELS), MAZE_REAL (min_w), MAZE_REAL (min_h));
    }
  iw = (int) ceil (w);
  ih = (int) ceil (h);
  if (iw < 1)
    iw = 1;
  if (ih < 1)
    ih = 1;

  /* An opaque background needs no alpha channel: smaller, faster PNGs.
   * Around a shaped maze the picture is transparent. */
  format = options->palette.background.alpha >= 1.0 && !maze_is_shaped (maze)
           ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32;
  surface = cairo_image_surface_create (format, iw, ih);
  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      if (status == CAIRO_STATUS_NO_MEMORY)
        return image_nomem (format, iw, ih, error);
      return status_from_cairo (status, "PNG", error);
    }

  cr = cairo_create (surface);
  render_draw (cr, maze, options);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == CAIRO_FORMAT_RGB24)
    status = write_png_rgb (surface, write_func, closure);
  else if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, write_func, closure);
  cairo_surface_destroy (surface);
  /* (cairo's own memory while drawing, or libpng's: the image is what
   * took it) */
  if (status == CAIRO_STATUS_NO_MEMORY)
    return image_nomem (format, iw, ih, error);
  if (status != CAIRO_STATUS_SUCCESS)
    return status_from_cairo (status, "PNG", error);
  return MAZE_OK;
}

/* SVG and PDF are written as they are drawn (maze-render-vector.c):
 * memory stays the same whatever the size of the maze. */
static MazeStatus
render_vector (const Maze          *maze,
               const RenderOptions *options,
               RenderFormat         format,
               cairo_write_func_t   write_func,
               void                *closure,
               MazeError           *error)
{
  RenderVector *v;
  cairo_status_t status;
  double w, h;

  render_get_size (maze, options, &w, &h);
  v = render_vector_new (format == RENDER_FORMAT_SVG ? RENDER_VECTOR_SVG : RENDER_VECTOR_PDF,
                         w, h, write_func, closure);
  if (v == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the SVG or PDF writer")),
                           MAZE_NUM (render_vector_size ()));
  render_draw_vector (v, maze, options);
  status = render_vector_finish (v);
  if (status != CAIRO_STATUS_SUCCESS)
    return status_from_cairo (status, render_format_name (format), error);
  return MAZE_OK;
}

MazeStatus
render_to_stream (const Maze          *maze,
                  const RenderOptions *options,
                  RenderFormat         format,
                  cairo_write_func_t   write_func,
                  void                *closure,
                  MazeError           *error)
{
  if (!render_options_check (maze, options, error))
    return error != NULL ? error->status : MAZE_ERROR_ARGUMENT;

  switch (format)
    {
    case RENDER_FORMAT_PNG:
      return render_png (maze, options, write_func, closure, error);
    case RENDER_FORMAT_SVG:
    case RENDER_FORMAT_PDF:
      return render_vector (maze, options, format, write_func, closure, error);
    default:
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_FORMAT_NUMBER,
                             MAZE_NUM ((int) format));
    }
}

/* ---- stdio ---- */

static cairo_status_t
write_stdio (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  FILE *stream = closure;

  if (fwrite (data, 1, length, stream) != length)
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

MazeStatus
render_to_stdio (const Maze          *maze,
                 const RenderOptions *options,
                 RenderFormat         format,
                 FILE                *stream,
                 MazeError           *error)
{
  MazeStatus status;

  status = render_to_stream (maze, options, format, write_stdio, stream,
                             error);
  if (status != MAZE_OK)
    return status;
  if (fflush (stream) != 0 || ferror (stream))
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_RENDER_WRITE,
                           MAZE_TEXT (render_format_name (format)), MAZE_TEXT (strerror (errno)));
  return MAZE_OK;
}

/* ---- files, through the output module ---- */

cairo_status_t
render_output_write (void                *closure,
                     const unsigned char *data,
                     unsigned int         length)
{
  if (!maze_output_write (closure, data, length))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

MazeStatus
render_write_output (MazeOutput     *out,
                     RenderProducer  produce,
                     void           *data,
                     MazeError      *error)
{
  MazeStatus status = produce (data, render_output_write, out, error);

  /* The system's reason for a failed write says more than cairo's, and
   * names the user's path. */
  if (maze_output_failed (out) && (status == MAZE_OK || status == MAZE_ERROR_IO))
    status = maze_output_error (out, error);
  return status;
}

MazeStatus
render_write_file (const char     *path,
                   RenderProducer  produce,
                   void           *data,
                   MazeError      *error)
{
  MazeError local;
  MazeOutput *out;

  if (error == NULL)
    error = &local;
  out = maze_output_open (path, MAZE_OUTPUT_DEFAULT, error);
  if (out == NULL)
    return error->status;
  if (render_write_output (out, produce, data, error) != MAZE_OK)
    {
      maze_output_abort (out);
      return error->status;
    }
  return maze_output_commit (out, error);
}

typedef struct
{
  const Maze              *maze;
  const RenderOptions *options;
  RenderFormat         format;
} ImageJob;

static MazeStatus
produce_image (void               *data,
               cairo_write_func_t  write_func,
               void               *closure,
               MazeError          *error)
{
  ImageJob *job = data;

  return render_to_stream (job->maze, job->options, job->format,
                           write_func, closure, error);
}

MazeStatus
render_to_output (const Maze          *maze,
                  const RenderOptions *options,
                  RenderFormat         format,
                  MazeOutput          *out,
                  MazeError           *error)
{
  ImageJob job = { maze, options, format };

  return render_write_output (out, produce_image, &job, error);
}

MazeStatus
render_to_file (const Maze          *maze,
                const RenderOptions *options,
                const char          *path,
                const char          *format,
                MazeError           *error)
{
  ImageJob job;
  int f;

  if (path == NULL || path[0] == '\0')
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_FILE_NAME);

  if (format != NULL)
    {
      f = render_format_from_name (format);
      if (f < 0)
        return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_FORMAT,
                               MAZE_TEXT (format));
    }
  else
    {
      const char *ext = path_extension (path);

      f = render_format_from_path (path);
      if (f < 0 && ext == NULL)
        return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_FORMAT_OF_NAME,
                               MAZE_TEXT (path));
      if (f < 0)
        return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_EXTENSION,
                               MAZE_TEXT (ext), MAZE_TEXT (path));
    }

  /* Check before creating anything, so bad options leave no file. */
  if (!render_options_check (maze, options, error))
    return error != NULL ? error->status : MAZE_ERROR_ARGUMENT;

  job.maze = maze;
  job.options = options;
  job.format = (RenderFormat) f;
  return render_write_file (path, produce_image, &job, error);
}
