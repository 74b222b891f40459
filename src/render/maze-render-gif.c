/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-gif.c: a streaming animated-GIF encoder for cairo frames.
 *
 * A maze has few colours, so one global palette of at most 255 colours
 * (plus one transparent index) holds them exactly: it is chosen before the
 * first frame from sample frames (the caller's first and last frames always
 * get their colours), and any colour met later that is not in it is drawn
 * with the nearest one.  Each frame is compared with the previous one:
 * only the rectangle of pixels that changed is stored, and inside it the
 * pixels that did not change are transparent (the frame is drawn over the
 * previous one, "do not dispose"), which LZW packs into almost nothing.
 * Only the previous frame is kept, never the whole animation.
 */
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "maze-render-private.h"

/* A pixel value that no RGB24 colour can take, for empty hash slots. */
#define NO_KEY        0xFFFFFFFFu
/* Transparent pixels (alpha < 1/2) of an ARGB32 frame all take this key. */
#define CLEAR_KEY     0xFF000000u
#define MAX_COLORS    255
#define COUNT_SLOTS   (1u << 16)
#define CACHE_SLOTS   (1u << 12)

struct RenderGifPalette
{
  uint32_t *keys;   /* COUNT_SLOTS, NO_KEY when free */
  uint64_t *counts;
  size_t    n_keys;
};

struct RenderGif
{
  GifFileType        *file;
  cairo_write_func_t  write_func;
  void               *closure;
  bool                write_failed;

  int                 width;
  int                 height;
  bool                alpha;        /* ARGB32 frames: keep transparency */

  uint32_t            colors[MAX_COLORS];
  int                 n_colors;
  int                 transparent;  /* the transparent index: n_colors */

  /* colour -> index, exact colours and the nearest ones found so far */
  uint32_t            cache_keys[CACHE_SLOTS];
  uint8_t             cache_index[CACHE_SLOTS];
  size_t              cache_used;

  uint32_t           *previous;     /* the last frame's pixels, width * height */
  bool                have_previous;
  GifPixelType       *line;         /* one row of indices */
  unsigned            n_frames;
};

static inline uint32_t
hash32 (uint32_t key)
{
  key ^= key >> 16;
  key *= 0x7feb352du;
  key ^= key >> 15;
  key *= 0x846ca68bu;
  key ^= key >> 16;
  return key;
}

/* The key of a pixel: its RGB, or CLEAR_KEY when it is transparent. */
static inline uint32_t
pixel_key (uint32_t pixel,
           bool     alpha)
{
  if (alpha && (pixel >> 24) < 0x80)
    return CLEAR_KEY;
  return pixel & 0xFFFFFFu;
}

/* ARGB32 is premultiplied: the colour of a half-covered pixel comes out
 * darker than it is.  Undo that for the palette. */
static inline uint32_t
unpremultiply (uint32_t pixel)
{
  uint32_t a = pixel >> 24;
  uint32_t r, g, b;

  if (a == 0xFF || a == 0)
    return pixel;
  r = (((pixel >> 16) & 0xFF) * 255 + a / 2) / a;
  g = (((pixel >> 8) & 0xFF) * 255 + a / 2) / a;
  b = ((pixel & 0xFF) * 255 + a / 2) / a;
  return (a << 24) | (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8
         | (b > 255 ? 255 : b);
}

/* ---- choosing the palette ---- */

RenderGifPalette *
render_gif_palette_new (void)
{
  RenderGifPalette *p = calloc (1, sizeof *p);

  if (p == NULL)
    return NULL;
  p->keys = malloc (COUNT_SLOTS * sizeof *p->keys);
  p->counts = calloc (COUNT_SLOTS, sizeof *p->counts);
  if (p->keys == NULL || p->counts == NULL)
    {
      render_gif_palette_free (p);
      return NULL;
    }
  memset (p->keys, 0xFF, COUNT_SLOTS * sizeof *p->keys);
  return p;
}

void
render_gif_palette_free (RenderGifPalette *palette)
{
  if (palette == NULL)
    return;
  free (palette->keys);
  free (palette->counts);
  free (palette);
}

void
render_gif_palette_add (RenderGifPalette *palette,
                        cairo_surface_t  *frame,
                        bool              keep)
{
  const unsigned char *data;
  int width, height, stride;
  bool alpha;

  cairo_surface_flush (frame);
  data = cairo_image_surface_get_data (frame);
  width = cairo_image_surface_get_width (frame);
  height = cairo_image_surface_get_height (frame);
  stride = cairo_image_surface_get_stride (frame);
  alpha = cairo_image_surface_get_format (frame) == CAIRO_FORMAT_ARGB32;

  for (int y = 0; y < height; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (data + (size_t) y * (size_t) stride);

      for (int x = 0; x < width; x++)
        {
          uint32_t key = pixel_key (alpha ? unpremultiply (row[x]) : row[x], alpha);
          uint32_t slot = hash32 (key) & (COUNT_SLOTS - 1);

          if (key == CLEAR_KEY)
            continue;
          while (palette->keys[slot] != key && palette->keys[slot] != NO_KEY)
            slot = (slot + 1) & (COUNT_SLOTS - 1);
          if (palette->keys[slot] == NO_KEY)
            {
              /* Keep a quarter of the table free so probes stay short;
               * a picture of that many colours is no maze. */
              if (palette->n_keys >= COUNT_SLOTS * 3 / 4)
                continue;
              palette->keys[slot] = key;
              palette->n_keys++;
            }
          /* Colours of a frame that must come out exact outrank any
           * count of the others. */
          palette->counts[slot] += keep ? (UINT64_C (1) << 40) : 1;
        }
    }
}

typedef struct
{
  uint64_t count;
  uint32_t key;
} ColorCount;

static int
by_count (const void *a,
          const void *b)
{
  const ColorCount *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  /* Ties by colour, so the palette never depends on the hash's order. */
  return x->key < y->key ? -1 : x->key > y->key;
}

/* The most frequent colours, most frequent first, at most @max; -1 when
 * out of memory. */
static int
palette_choose (const RenderGifPalette *palette,
                uint32_t               *colors,
                int                     max)
{
  ColorCount *all = malloc ((palette->n_keys + 1) * sizeof *all);
  size_t n = 0;

  if (all == NULL)
    return -1;
  for (uint32_t slot = 0; slot < COUNT_SLOTS; slot++)
    if (palette->keys[slot] != NO_KEY)
      {
        all[n].count = palette->counts[slot];
        all[n].key = palette->keys[slot];
        n++;
      }
  qsort (all, n, sizeof *all, by_count);
  if (n > (size_t) max)
    n = (size_t) max;
  for (size_t k = 0; k < n; k++)
    colors[k] = all[k].key;
  free (all);
  return (int) n;
}

/* ---- writing ---- */

static int
gif_output (GifFileType       *file,
            const GifByteType *data,
            int                length)
{
  RenderGif *gif = file->UserData;

  if (gif->write_failed || length < 0)
    return 0;
  if (length > 0
      && gif->write_func (gif->closure, data, (unsigned int) length)
         != CAIRO_STATUS_SUCCESS)
    {
      gif->write_failed = true;
      return 0;
    }
  return length;
}

/* The memory a GIF of its size takes here: the previous frame (4 bytes
 * a pixel) and a line of indices; giflib's own is a few kB more. */
static uint64_t
gif_bytes (const RenderGif *gif)
{
  return (uint64_t) gif->width * (uint64_t) gif->height * sizeof (uint32_t) + (uint64_t) gif->width;
}

static MazeStatus
gif_error (RenderGif *gif,
           int        code,
           MazeError *error)
{
  if (gif->write_failed || code == E_GIF_ERR_WRITE_FAILED)
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_GIF_WRITE_FAILED);
  if (code == E_GIF_ERR_NOT_ENOUGH_MEM)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the GIF's frames")), MAZE_NUM (gif_bytes (gif)));
  return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_GIF_WRITE,
                         MAZE_TEXT (GifErrorString (code) != NULL ? GifErrorString (code)
                                                       : "unknown error"));
}

static int
nearest_color (const RenderGif *gif,
               uint32_t         key)
{
  int best = 0;
  long best_d = -1;

  if (key == CLEAR_KEY)
    return gif->transparent;
  for (int k = 0; k < gif->n_colors; k++)
    {
      long dr = (long) ((key >> 16) & 0xFF) - (long) ((gif->colors[k] >> 16) & 0xFF);
      long dg = (long) ((key >> 8) & 0xFF) - (long) ((gif->colors[k] >> 8) & 0xFF);
      long db = (long) (key & 0xFF) - (long) (gif->colors[k] & 0xFF);
      /* Weighted like the eye: green counts most, blue least. */
      long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;

      if (best_d < 0 || d < best_d)
        {
          best_d = d;
          best = k;
        }
    }
  return best;
}

static void
cache_put (RenderGif *gif,
           uint32_t   key,
           int        index)
{
  uint32_t slot = hash32 (key) & (CACHE_SLOTS - 1);

  /* Full: forget everything (only a picture with thousands of colours
   * gets here) rather than probe forever. */
  if (gif->cache_used >= CACHE_SLOTS / 2)
    {
      memset (gif->cache_keys, 0xFF, sizeof gif->cache_keys);
      gif->cache_used = 0;
    }
  while (gif->cache_keys[slot] != NO_KEY)
    slot = (slot + 1) & (CACHE_SLOTS - 1);
  gif->cache_keys[slot] = key;
  gif->cache_index[slot] = (uint8_t) index;
  gif->cache_used++;
}

static inline int
color_index (RenderGif *gif,
             uint32_t   key)
{
  uint32_t slot = hash32 (key) & (CACHE_SLOTS - 1);
  int index;

  while (gif->cache_keys[slot] != NO_KEY)
    {
      if (gif->cache_keys[slot] == key)
        return gif->cache_index[slot];
      slot = (slot + 1) & (CACHE_SLOTS - 1);
    }
  index = nearest_color (gif, key);
  cache_put (gif, key, index);
  return index;
}

RenderGif *
render_gif_new (int                     width,
                int                     height,
                bool                    alpha,
                const RenderGifPalette *palette,
                cairo_write_func_t      write_func,
                void                   *closure,
                MazeError              *error)
{
  static const GifByteType loop[3] = { 1, 0, 0 }; /* loop for ever */
  ColorMapObject *map = NULL;
  RenderGif *gif;
  int code = E_GIF_SUCCEEDED;
  int size = 2;

  if (width < 1 || height < 1 || width > 65535 || height > 65535)
    {
      maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_GIF_SIZE, MAZE_NUM (width),
                      MAZE_NUM (height));
      return NULL;
    }
  gif = calloc (1, sizeof *gif);
  if (gif == NULL)
    goto nomem;
  gif->width = width;
  gif->height = height;
  gif->alpha = alpha;
  gif->write_func = write_func;
  gif->closure = closure;
  memset (gif->cache_keys, 0xFF, sizeof gif->cache_keys);
  gif->previous = malloc ((size_t) width * (size_t) height * sizeof (uint32_t));
  gif->line = malloc ((size_t) width);
  if (gif->previous == NULL || gif->line == NULL)
    goto nomem;

  gif->n_colors = palette_choose (palette, gif->colors, MAX_COLORS);
  if (gif->n_colors < 0)
    goto nomem;
  if (gif->n_colors == 0)
    gif->colors[gif->n_colors++] = 0;
  gif->transparent = gif->n_colors;
  for (int k = 0; k < gif->n_colors; k++)
    cache_put (gif, gif->colors[k], k);
  cache_put (gif, CLEAR_KEY, gif->transparent);

  /* A colour table holds a power of two of entries. */
  while (size < gif->n_colors + 1)
    size *= 2;
  map = GifMakeMapObject (size, NULL);
  if (map == NULL)
    goto nomem;
  for (int k = 0; k < size; k++)
    {
      uint32_t c = k < gif->n_colors ? gif->colors[k] : 0;

      map->Colors[k].Red = (GifByteType) (c >> 16);
      map->Colors[k].Green = (GifByteType) (c >> 8);
      map->Colors[k].Blue = (GifByteType) c;
    }

  gif->file = EGifOpen (gif, gif_output, &code);
  if (gif->file == NULL)
    goto fail;
  EGifSetGifVersion (gif->file, true);
  if (EGifPutScreenDesc (gif->file, width, height, 8, 0, map) == GIF_ERROR
      /* The NETSCAPE2.0 application extension: loop the animation. */
      || EGifPutExtensionLeader (gif->file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
      || EGifPutExtensionBlock (gif->file, 11, "NETSCAPE2.0") == GIF_ERROR
      || EGifPutExtensionBlock (gif->file, 3, loop) == GIF_ERROR
      || EGifPutExtensionTrailer (gif->file) == GIF_ERROR)
    {
      code = gif->file->Error;
      goto fail;
    }
  GifFreeMapObject (map);
  return gif;

nomem:
  code = E_GIF_ERR_NOT_ENOUGH_MEM;
fail:
  if (map != NULL)
    GifFreeMapObject (map);
  if (gif != NULL)
    {
      gif_error (gif, code, error);
      render_gif_free (gif);
    }
  else
    maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                    MAZE_PHRASE (MAZE_N_("the GIF's frames")), MAZE_NUM (sizeof *gif));
  return NULL;
}

/* The smallest rectangle holding every pixel of @frame inside @area that
 * differs from the previous frame; false when none does. */
static bool
changed_rect (const RenderGif             *gif,
              const uint8_t               *data,
              int                          stride,
              const cairo_rectangle_int_t *area,
              int                         *x0,
              int                         *y0,
              int                         *x1,
              int                         *y1)
{
  int ax = area->x, ay = area->y;
  int aw = area->width, ah = area->height;
  int top = -1, bottom = -1, left = ax + aw, right = ax - 1;

  for (int y = ay; y < ay + ah; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (data + (size_t) y * (size_t) stride);
      const uint32_t *old = gif->previous + (size_t) y * (size_t) gif->width;

      if (memcmp (row + ax, old + ax, (size_t) aw * sizeof (uint32_t)) == 0)
        continue;
      if (top < 0)
        top = y;
      bottom = y;
      for (int x = ax; x < left; x++)
        if (row[x] != old[x])
          {
            left = x;
            break;
          }
      for (int x = ax + aw - 1; x > right; x--)
        if (row[x] != old[x])
          {
            right = x;
            break;
          }
    }
  if (top < 0)
    return false;
  *x0 = left;
  *y0 = top;
  *x1 = right + 1;
  *y1 = bottom + 1;
  return true;
}

MazeStatus
render_gif_add_frame (RenderGif                   *gif,
                      cairo_surface_t             *frame,
                      const cairo_rectangle_int_t *dirty,
                      unsigned                     delay_cs,
                      MazeError                   *error)
{
  cairo_rectangle_int_t area = { 0, 0, gif->width, gif->height };
  GraphicsControlBlock gcb;
  GifByteType ext[4];
  const uint8_t *data;
  int stride, x0 = 0, y0 = 0, x1 = gif->width, y1 = gif->height;
  bool diff;

  cairo_surface_flush (frame);
  data = cairo_image_surface_get_data (frame);
  stride = cairo_image_surface_get_stride (frame);
  if (cairo_image_surface_get_width (frame) != gif->width
      || cairo_image_surface_get_height (frame) != gif->height)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_GIF_FRAME_SIZE,
                           MAZE_NUM (cairo_image_surface_get_width (frame)),
                           MAZE_NUM (cairo_image_surface_get_height (frame)),
                           MAZE_NUM (gif->width), MAZE_NUM (gif->height));

  /* Only the dirty area, inside the picture, needs comparing. */
  if (dirty != NULL)
    {
      int ax1 = dirty->x + dirty->width, ay1 = dirty->y + dirty->height;

      area.x = dirty->x < 0 ? 0 : dirty->x;
      area.y = dirty->y < 0 ? 0 : dirty->y;
      area.width = (ax1 > gif->width ? gif->width : ax1) - area.x;
      area.height = (ay1 > gif->height ? gif->height : ay1) - area.y;
      if (area.width < 0)
        area.width = 0;
      if (area.height < 0)
        area.height = 0;
    }
  diff = gif->have_previous;
  if (diff && !changed_rect (gif, data, stride, &area, &x0, &y0, &x1, &y1))
    {
      /* Nothing changed: one transparent pixel carries the delay. */
      x0 = y0 = 0;
      x1 = y1 = 1;
    }

  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = (int) (delay_cs > 65535 ? 65535 : delay_cs);
  gcb.TransparentColor = gif->transparent;
  EGifGCBToExtension (&gcb, ext);
  if (EGifPutExtension (gif->file, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_ERROR
      || EGifPutImageDesc (gif->file, x0, y0, x1 - x0, y1 - y0, false,
                           NULL) == GIF_ERROR)
    return gif_error (gif, gif->file->Error, error);

  for (int y = y0; y < y1; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (data + (size_t) y * (size_t) stride);
      uint32_t *old = gif->previous + (size_t) y * (size_t) gif->width;

      for (int x = x0; x < x1; x++)
        {
          uint32_t pixel = gif->alpha ? unpremultiply (row[x]) : row[x];

          if (diff && row[x] == old[x])
            gif->line[x - x0] = (GifPixelType) gif->transparent;
          else
            gif->line[x - x0] = (GifPixelType) color_index (gif, pixel_key (pixel, gif->alpha));
        }
      if (EGifPutLine (gif->file, gif->line, x1 - x0) == GIF_ERROR)
        return gif_error (gif, gif->file->Error, error);
    }

  /* Remember the frame as drawn (only the rectangle can have changed). */
  for (int y = diff ? y0 : 0; y < (diff ? y1 : gif->height); y++)
    memcpy (gif->previous + (size_t) y * (size_t) gif->width,
            data + (size_t) y * (size_t) stride,
            (size_t) gif->width * sizeof (uint32_t));
  gif->have_previous = true;
  gif->n_frames++;
  return MAZE_OK;
}

MazeStatus
render_gif_finish (RenderGif *gif,
                   MazeError *error)
{
  int code = E_GIF_SUCCEEDED;
  int result = EGifCloseFile (gif->file, &code);

  /* EGifCloseFile frees the file whatever happened. */
  gif->file = NULL;
  if (result == GIF_ERROR)
    return gif_error (gif, code, error);
  if (gif->write_failed)
    return gif_error (gif, E_GIF_ERR_WRITE_FAILED, error);
  return MAZE_OK;
}

void
render_gif_free (RenderGif *gif)
{
  if (gif == NULL)
    return;
  if (gif->file != NULL)
    {
      int code;

      /* Stop writing: the trailer of an abandoned file does not matter. */
      gif->write_failed = true;
      EGifCloseFile (gif->file, &code);
    }
  free (gif->previous);
  free (gif->line);
  free (gif);
}
