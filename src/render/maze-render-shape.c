/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-shape.c: shapes that need drawing or decoding: a word in
 * letters ("text:BITS") drawn with cairo, and mask files (a PNG, a
 * .maze file, or the engine's text masks).  The engine makes the maze of the shape.
 */
#include <cairo.h>
#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "maze-render.h"

/* The largest side a word is drawn at before the maze's own scaling. */
#define TEXT_MAX_SIDE 1024
/* A mask file is read whole: at most this much. */
#define MASK_FILE_MAX_MIB 64u
/* A PNG mask may have at most this many pixels (and 65535 a side). */
#define MASK_IMAGE_MAX_PIXELS (1u << 26)

static const char TEXT_PREFIX[] = "text:";

/* ---- pieces of a small bitmap ---- */

/* Labels the pieces (4-connected) of @shape into @label (0: off), with
 * an explicit stack; returns their number. */
static uint32_t
label_pieces (const MazeShape *shape,
              uint32_t        *label,
              uint32_t        *stack)
{
  uint32_t w = maze_shape_width (shape), h = maze_shape_height (shape);
  uint32_t pieces = 0;

  memset (label, 0, (size_t) w * h * sizeof *label);
  for (uint32_t i = 0; i < w * h; i++)
    {
      size_t top = 0;

      if (label[i] != 0 || !maze_shape_get (shape, i % w, i / w))
        continue;
      pieces++;
      label[i] = pieces;
      stack[top++] = i;
      while (top > 0)
        {
          uint32_t c = stack[--top], x = c % w, y = c / w;
          uint32_t next[4];
          unsigned k = 0;

          if (y > 0)
            next[k++] = c - w;
          if (x + 1 < w)
            next[k++] = c + 1;
          if (y + 1 < h)
            next[k++] = c + w;
          if (x > 0)
            next[k++] = c - 1;
          while (k-- > 0)
            if (label[next[k]] == 0 && maze_shape_get (shape, next[k] % w, next[k] / w))
              {
                label[next[k]] = pieces;
                stack[top++] = next[k];
              }
        }
    }
  return pieces;
}

/*
 * Joins every piece of a drawn word to the piece below it: the dot of an
 * i or an ä gets a stem down to its letter.  For each piece but the
 * lowest, the column where it is nearest to another piece below gets the
 * pixels between them.  Repeated until nothing joins any more.
 */
static void
join_pieces_down (MazeShape *shape)
{
  uint32_t w = maze_shape_width (shape), h = maze_shape_height (shape);
  uint32_t *label = malloc ((size_t) w * h * sizeof *label);
  uint32_t *stack = malloc ((size_t) w * h * sizeof *stack);

  if (label == NULL || stack == NULL)
    goto out;
  for (;;)
    {
      uint32_t pieces = label_pieces (shape, label, stack);
      bool joined = false;

      if (pieces <= 1)
        break;
      for (uint32_t p = 1; p <= pieces; p++)
        {
          uint32_t best_gap = UINT32_MAX, best_x = 0, best_y = 0;

          for (uint32_t x = 0; x < w; x++)
            for (uint32_t y = 0; y + 1 < h; y++)
              {
                uint32_t gap = 0, below;

                /* the lowest pixel of piece p in this run of the column */
                if (label[y * w + x] != p || label[(y + 1) * w + x] == p)
                  continue;
                for (below = y + 1; below < h && label[below * w + x] == 0; below++)
                  gap++;
                if (below < h && gap > 0 && gap < best_gap)
                  {
                    best_gap = gap;
                    best_x = x;
                    best_y = y;
                  }
              }
          if (best_gap == UINT32_MAX)
            continue;
          for (uint32_t k = 1; k <= best_gap; k++)
            maze_shape_set (shape, best_x, best_y + k, true);
          joined = true;
          break; /* the labels are stale now */
        }
      if (!joined)
        break;
    }
out:
  free (label);
  free (stack);
}

/* ---- a word in letters ---- */

MazeShape *
render_shape_text (const char *word,
                   uint32_t    width,
                   uint32_t    height,
                   MazeError  *error)
{
  cairo_text_extents_t te;
  cairo_surface_t *surface;
  cairo_t *cr;
  MazeShape *shape;
  double scale, top, bottom, left, right, bar, s;
  uint32_t dw = width, dh = height;
  unsigned char *data;
  int stride;

  if (word == NULL || *word == '\0')
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_TEXT_EMPTY);
      return NULL;
    }
  shape = maze_shape_new (width, height, error);
  if (shape == NULL)
    return NULL;
  maze_shape_free (shape);

  /* Draw at most TEXT_MAX_SIDE a side: the maze samples it anyway. */
  if (dw > TEXT_MAX_SIDE || dh > TEXT_MAX_SIDE)
    {
      scale = (double) TEXT_MAX_SIDE / (dw > dh ? dw : dh);
      dw = (uint32_t) (dw * scale) > 0 ? (uint32_t) (dw * scale) : 1;
      dh = (uint32_t) (dh * scale) > 0 ? (uint32_t) (dh * scale) : 1;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) dw, (int) dh);
  cr = cairo_create (surface);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 100.0);
  cairo_text_extents (cr, word, &te);

  /* The letters stand on a bar that joins them, from the first letter's
   * left to the last one's right, a sixth of the capitals' height thick;
   * the ink of both fills the rectangle. */
  bar = -te.y_bearing / 6.0;
  left = te.x_bearing;
  right = te.x_bearing + te.width;
  top = te.y_bearing;
  bottom = te.y_bearing + te.height > bar ? te.y_bearing + te.height : bar;
  if (!(right > left) || !(bottom > top))
    {
      left = 0.0;
      right = 1.0;
      top = -1.0;
      bottom = bar = 1.0;
    }
  s = (double) dw / (right - left);
  if ((double) dh / (bottom - top) < s)
    s = (double) dh / (bottom - top);
  cairo_set_source_rgba (cr, 0, 0, 0, 1);
  cairo_translate (cr, (dw - (right - left) * s) / 2.0 - left * s,
                   (dh - (bottom - top) * s) / 2.0 - top * s);
  cairo_scale (cr, s, s);
  cairo_move_to (cr, 0, 0);
  cairo_show_text (cr, word);
  cairo_rectangle (cr, left, 0, right - left, bar);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  shape = cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS
          ? maze_shape_new (dw, dh, error) : NULL;
  if (shape == NULL)
    {
      cairo_surface_destroy (surface);
      if (error != NULL && error->status == MAZE_OK)
        maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
      return NULL;
    }
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* A pixel at least half covered is a cell. */
  for (uint32_t y = 0; y < dh; y++)
    for (uint32_t x = 0; x < dw; x++)
      if (data[(size_t) y * stride + x] >= 128)
        maze_shape_set (shape, x, y, true);
  cairo_surface_destroy (surface);
  maze_shape_join_corners (shape);
  join_pieces_down (shape);
  return shape;
}

MazeShape *
render_shape_from_name (const char *name,
                        uint32_t    width,
                        uint32_t    height,
                        MazeError  *error)
{
  if (name != NULL && strncmp (name, TEXT_PREFIX, sizeof TEXT_PREFIX - 1) == 0)
    return render_shape_text (name + sizeof TEXT_PREFIX - 1, width, height, error);
  return maze_shape_builtin (name, width, height, error);
}

const char *
render_shape_list (size_t       k,
                   const char **description)
{
  const char *const *builtin = maze_shape_builtin_names ();
  size_t n = 0;

  while (builtin[n] != NULL)
    n++;
  if (k < n)
    {
      if (description != NULL)
        *description = maze_shape_builtin_description (builtin[k]);
      return builtin[k];
    }
  if (k == n)
    {
      if (description != NULL)
        *description = MAZE_N_("the word in bold letters on a bar that joins them");
      return "text:WORD";
    }
  if (description != NULL)
    *description = NULL;
  return NULL;
}

/* ---- mask files ---- */

static bool
has_png_extension (const char *path)
{
  size_t len = strlen (path);

  return len >= 4 && (strcmp (path + len - 4, ".png") == 0 || strcmp (path + len - 4, ".PNG") == 0);
}

/* The pixels [*@lo, *@hi) that cell @c of @cells covers along an axis of
 * @pixels: at least the one under its centre. */
static void
pixel_span (uint32_t  c,
            uint32_t  cells,
            uint32_t  pixels,
            uint32_t *lo,
            uint32_t *hi)
{
  *lo = (uint32_t) ((uint64_t) c * pixels / cells);
  *hi = (uint32_t) ((uint64_t) (c + 1) * pixels / cells);
  if (*hi <= *lo)
    {
      *lo = (uint32_t) (((uint64_t) 2 * c + 1) * pixels / (2 * (uint64_t) cells));
      *hi = *lo + 1;
    }
}

/* The shape of a decoded gray + alpha image of @sw x @sh: a pixel is on
 * when it is dark (gray below half) and opaque (alpha at least half).  At
 * @width x @height (0 x 0: the image's own size), each cell on when at
 * least half of the pixels it covers are (the one under its centre when
 * the cells are smaller than the pixels). */
static MazeShape *
shape_of_pixels (const uint8_t *ga,
                 uint32_t       sw,
                 uint32_t       sh,
                 uint32_t       width,
                 uint32_t       height,
                 MazeError     *error)
{
  MazeShape *shape;

  if (width == 0 || height == 0)
    {
      width = sw;
      height = sh;
    }
  shape = maze_shape_new (width, height, error);
  if (shape == NULL)
    return NULL;
  for (uint32_t y = 0; y < height; y++)
    {
      uint32_t y0, y1;

      pixel_span (y, height, sh, &y0, &y1);
      for (uint32_t x = 0; x < width; x++)
        {
          uint32_t x0, x1;
          uint64_t dark = 0, all = 0;

          pixel_span (x, width, sw, &x0, &x1);
          for (uint32_t py = y0; py < y1; py++)
            for (uint32_t px = x0; px < x1; px++)
              {
                const uint8_t *p = ga + 2 * ((size_t) py * sw + px);

                dark += p[0] < 128 && p[1] >= 128;
                all++;
              }
          if (2 * dark >= all)
            maze_shape_set (shape, x, y, true);
        }
    }
  return shape;
}

static MazeShape *
shape_of_png (const char    *path,
              const uint8_t *bytes,
              size_t         len,
              uint32_t       width,
              uint32_t       height,
              MazeError     *error)
{
  png_image image;
  uint8_t *pixels;
  MazeShape *shape;

  memset (&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory (&image, bytes, len))
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_PNG, MAZE_TEXT (path),
                      MAZE_TEXT (image.message));
      return NULL;
    }
  /* Checked before decoding: a small file can announce a huge image. */
  if (image.width > MAZE_MAX_SIDE || image.height > MAZE_MAX_SIDE
      || (uint64_t) image.width * image.height > MASK_IMAGE_MAX_PIXELS)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_IMAGE_SIZE, MAZE_TEXT (path),
                      MAZE_NUM (image.width), MAZE_NUM (image.height), MAZE_NUM (MAZE_MAX_SIDE),
                      MAZE_NUM (MASK_IMAGE_MAX_PIXELS));
      png_image_free (&image);
      return NULL;
    }
  image.format = PNG_FORMAT_GA;
  pixels = malloc (PNG_IMAGE_SIZE (image));
  if (pixels == NULL)
    {
      png_image_free (&image);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the mask's pixels")),
                      MAZE_NUM ((size_t) PNG_IMAGE_SIZE (image)));
      return NULL;
    }
  /* A white background under see-through pixels: they are no cells. */
  if (!png_image_finish_read (&image, NULL, pixels, 0, NULL))
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_PNG, MAZE_TEXT (path),
                      MAZE_TEXT (image.message));
      png_image_free (&image);
      free (pixels);
      return NULL;
    }
  shape = shape_of_pixels (pixels, image.width, image.height, width, height, error);
  free (pixels);
  if (shape != NULL && maze_shape_count (shape) == 0)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NO_DARK, MAZE_TEXT (path));
      maze_shape_free (shape);
      return NULL;
    }
  /* Scaled down, a thin diagonal line can break into corners. */
  if (shape != NULL && (maze_shape_width (shape) != image.width
                        || maze_shape_height (shape) != image.height))
    maze_shape_join_corners (shape);
  return shape;
}

/* The shape of a .maze file: its cells inside its shape, at its own
 * size (every cell of a rectangle). */
static MazeShape *
shape_of_maze (const uint8_t *bytes,
               size_t         len,
               MazeError     *error)
{
  Maze *maze = maze_load_memory (bytes, len, error);
  MazeShape *shape;
  uint32_t w;

  if (maze == NULL)
    return NULL;
  w = maze_width (maze);
  shape = maze_shape_new (w, maze_height (maze), error);
  if (shape != NULL)
    for (uint32_t i = 0; i < maze_n_cells (maze); i++)
      if (maze_contains (maze, i))
        maze_shape_set (shape, i % w, i / w, true);
  maze_free (maze);
  return shape;
}

MazeShape *
render_shape_load_mask (const char *path,
                        uint32_t    width,
                        uint32_t    height,
                        MazeError  *error)
{
  static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
  static const uint8_t maze_magic[8] = { 0x89, 'M', 'A', 'Z', 'E', '\r', '\n', 0x1A };
  FILE *file = fopen (path, "rb");
  uint8_t *bytes = NULL;
  size_t len = 0, cap = 0;
  MazeShape *shape = NULL;

  if (file == NULL)
    {
      maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_OPEN, MAZE_TEXT (path),
                      MAZE_TEXT (strerror (errno)));
      return NULL;
    }
  for (;;)
    {
      size_t got;

      if (len == cap)
        {
          uint8_t *grown;

          if (cap >= (size_t) MASK_FILE_MAX_MIB << 20)
            {
              maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_FILE_TOO_LARGE,
                              MAZE_TEXT (path), MAZE_NUM (MASK_FILE_MAX_MIB));
              goto out;
            }
          cap = cap == 0 ? 65536 : cap * 2;
          grown = realloc (bytes, cap + 1);
          if (grown == NULL)
            {
              maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                              MAZE_PHRASE (MAZE_N_("the mask file's contents")),
                              MAZE_NUM (cap + 1));
              goto out;
            }
          bytes = grown;
        }
      got = fread (bytes + len, 1, cap - len, file);
      len += got;
      if (got == 0)
        break;
    }
  if (ferror (file))
    {
      maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_READ, MAZE_TEXT (path),
                      MAZE_TEXT (strerror (errno)));
      goto out;
    }
  if (len >= sizeof signature && memcmp (bytes, signature, sizeof signature) == 0)
    shape = shape_of_png (path, bytes, len, width, height, error);
  else if (len >= sizeof maze_magic && memcmp (bytes, maze_magic, sizeof maze_magic) == 0)
    shape = shape_of_maze (bytes, len, error);
  else if (has_png_extension (path) && len > 0)
    maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NOT_PNG, MAZE_TEXT (path));
  else
    shape = maze_shape_from_text ((const char *) bytes, len, error);
out:
  free (bytes);
  fclose (file);
  return shape;
}
