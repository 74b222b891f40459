/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shaped mazes on pictures: nothing is drawn outside the shape (a PNG is
 * transparent there, paper white), a heart looks like the reference heart,
 * the tiny-cell overview keeps the outside clear, labels and walls stay
 * inside; words and mask files become shapes, and bad masks are refused
 * with their reason. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "maze-render.h"

#define CS 8.0
#define WW 2.0
#define MARGIN 4.0

static Maze *
solved_shape (const char *name,
              uint32_t    w,
              uint32_t    h)
{
  MazeError err = { 0 };
  MazeShape *shape = render_shape_from_name (name, w, h, &err);
  Maze *m;
  MazeGenerator *gen;
  MazeSolver *solver;

  g_assert_nonnull (shape);
  m = maze_new_shaped (w, h, shape, MAZE_PIECES_REFUSE, &err);
  g_assert_nonnull (m);
  maze_shape_free (shape);
  gen = maze_generator_new (m, "wilson", 42, 0, &err);
  g_assert_nonnull (gen);
  maze_generator_run (gen);
  maze_generator_free (gen);
  g_assert_cmpint (maze_place_endpoints (m, MAZE_PLACE_CORNERS, true, 42, &err), ==, MAZE_OK);
  solver = maze_solver_new (m, "bfs", &err);
  maze_solver_run (solver);
  maze_solver_free (solver);
  return m;
}

static void
options_init (RenderOptions *o)
{
  render_options_init (o);
  o->cell_size = CS;
  o->wall_width = WW;
  o->margin = MARGIN;
}

static cairo_surface_t *
draw (const Maze          *m,
      const RenderOptions *o)
{
  double w, h;
  cairo_surface_t *s;
  cairo_t *cr;

  render_get_size (m, o, &w, &h);
  s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cr = cairo_create (s);
  render_draw (cr, m, o);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

static uint32_t
pixel (cairo_surface_t *s,
       int              x,
       int              y)
{
  const uint8_t *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  return ((const uint32_t *) (const void *) (data + (size_t) y * stride))[x];
}

static uint8_t
alpha_at (cairo_surface_t *s,
          int              x,
          int              y)
{
  return (uint8_t) (pixel (s, x, y) >> 24);
}

/* Every pixel of a cell outside, but for the half wall of its neighbours
 * that may reach in, is untouched; every cell inside is opaque at its
 * centre; the margin is untouched away from the walls. */
static void
check_only_the_shape (const Maze      *m,
                      cairo_surface_t *s,
                      double           origin)
{
  uint32_t w = maze_width (m), h = maze_height (m);
  int inset = (int) (WW / 2.0) + 1;

  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      {
        int x0 = (int) (origin + x * CS), y0 = (int) (origin + y * CS);

        if (maze_contains (m, y * w + x))
          {
            g_assert_cmpuint (alpha_at (s, x0 + (int) CS / 2, y0 + (int) CS / 2), ==, 255);
            continue;
          }
        for (int py = y0 + inset; py < y0 + (int) CS - inset; py++)
          for (int px = x0 + inset; px < x0 + (int) CS - inset; px++)
            if (alpha_at (s, px, py) != 0)
              g_error ("pixel (%d, %d) of cell (%u, %u) outside the shape is drawn: 0x%08X",
                       px, py, x, y, pixel (s, px, py));
      }
  g_assert_cmpuint (alpha_at (s, 0, 0), ==, 0);
}

static void
test_outside_untouched (void)
{
  const char *const *names = maze_shape_builtin_names ();

  for (size_t k = 0; names[k] != NULL; k++)
    {
      Maze *m = solved_shape (names[k], 30, 24);
      RenderOptions o;
      cairo_surface_t *s;

      options_init (&o);
      o.label_mode = RENDER_LABEL_WORD_HEX;
      s = draw (m, &o);
      check_only_the_shape (m, s, MARGIN);
      cairo_surface_destroy (s);
      maze_free (m);
    }
}

/* Drawn region by region, the same pixels as a whole drawing. */
static void
test_regions_agree (void)
{
  Maze *m = solved_shape ("ring", 20, 20);
  RenderOptions o;
  cairo_surface_t *whole, *parts;
  cairo_t *cr;
  double w, h;

  options_init (&o);
  whole = draw (m, &o);
  render_get_size (m, &o, &w, &h);
  parts = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cr = cairo_create (parts);
  for (uint32_t y = 0; y < 20; y += 5)
    for (uint32_t x = 0; x < 20; x += 4)
      {
        RenderCellRect r = { x, y, 4, 5 };

        render_draw_region (cr, m, &o, &r, RENDER_LAYER_ALL);
      }
  cairo_destroy (cr);
  cairo_surface_flush (parts);
  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      if (pixel (whole, x, y) != pixel (parts, x, y))
        g_error ("pixel (%d, %d): 0x%08X whole, 0x%08X by regions",
                 x, y, pixel (whole, x, y), pixel (parts, x, y));
  cairo_surface_destroy (whole);
  cairo_surface_destroy (parts);
  maze_free (m);
}

/* The cells a picture shows as maze (opaque at their centres) against a
 * reference heart (tests/render/heart-60x50.png, one pixel a cell, black
 * for the heart): the differing cells, out of 3000. */
static unsigned
cells_unlike_reference (const Maze *m)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "heart-60x50.png", NULL);
  cairo_surface_t *ref = cairo_image_surface_create_from_png (path);
  cairo_surface_t *ref32, *s;
  RenderOptions o;
  unsigned differ = 0;
  cairo_t *cr;

  g_assert_cmpint (cairo_surface_status (ref), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (ref), ==, 60);
  g_assert_cmpint (cairo_image_surface_get_height (ref), ==, 50);
  /* whatever format the PNG loads as, look at it as ARGB32 */
  ref32 = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 60, 50);
  cr = cairo_create (ref32);
  cairo_set_source_surface (cr, ref, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (ref32);

  options_init (&o);
  s = draw (m, &o);
  for (int y = 0; y < 50; y++)
    for (int x = 0; x < 60; x++)
      {
        gboolean dark = (pixel (ref32, x, y) & 0xFF) < 128;
        gboolean drawn = alpha_at (s, (int) (MARGIN + x * CS + CS / 2),
                                   (int) (MARGIN + y * CS + CS / 2)) != 0;

        differ += dark != drawn;
      }
  cairo_surface_destroy (s);
  cairo_surface_destroy (ref32);
  cairo_surface_destroy (ref);
  return differ;
}

static void
test_heart_like_reference (void)
{
  Maze *heart = solved_shape ("heart", 60, 50);
  Maze *circle = solved_shape ("circle", 60, 50);

  /* a few cells along the edge may go either way */
  g_assert_cmpuint (cells_unlike_reference (heart), <=, 60);
  /* and the comparison tells a heart from a circle */
  g_assert_cmpuint (cells_unlike_reference (circle), >, 200);
  maze_free (heart);
  maze_free (circle);
}

static cairo_status_t
to_bytes (void                *closure,
          const unsigned char *data,
          unsigned int         len)
{
  g_byte_array_append (closure, data, len);
  return CAIRO_STATUS_SUCCESS;
}

typedef struct
{
  const guint8 *data;
  gsize         len;
  gsize         pos;
} Reader;

static cairo_status_t
from_bytes (void          *closure,
            unsigned char *data,
            unsigned int   len)
{
  Reader *r = closure;

  if (r->pos + len > r->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->pos, len);
  r->pos += len;
  return CAIRO_STATUS_SUCCESS;
}

/* A PNG of a shaped maze has an alpha channel, transparent outside; a
 * rectangle's PNG stays opaque RGB. */
static void
test_png_file (void)
{
  Maze *m = solved_shape ("diamond", 25, 25);
  RenderOptions o;
  MazeError err = { 0 };
  GByteArray *bytes = g_byte_array_new ();
  Reader r;
  cairo_surface_t *s;

  options_init (&o);
  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PNG, to_bytes, bytes, &err), ==, MAZE_OK);
  /* byte 25 of a PNG is the colour type: 6 RGBA, 2 RGB */
  g_assert_cmpuint (bytes->data[25], ==, 6);
  r = (Reader) { bytes->data, bytes->len, 0 };
  s = cairo_image_surface_create_from_png_stream (from_bytes, &r);
  g_assert_cmpint (cairo_image_surface_get_format (s), ==, CAIRO_FORMAT_ARGB32);
  check_only_the_shape (m, s, MARGIN);
  cairo_surface_destroy (s);
  g_byte_array_free (bytes, TRUE);
  maze_free (m);

  m = maze_generate (5, 5, "prim", 1, 0, &err);
  bytes = g_byte_array_new ();
  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_PNG, to_bytes, bytes, &err), ==, MAZE_OK);
  g_assert_cmpuint (bytes->data[25], ==, 2);
  g_byte_array_free (bytes, TRUE);
  maze_free (m);
}

/* SVG and PDF are drawn by the same code: a shaped maze's has no floor
 * painted over the whole page. */
static void
test_vector_files (void)
{
  Maze *m = solved_shape ("cross", 21, 21);
  Maze *rect;
  RenderOptions o;
  MazeError err = { 0 };
  GByteArray *shaped = g_byte_array_new (), *plain = g_byte_array_new ();
  g_autofree char *svg = NULL, *svg_plain = NULL;
  double w, h;
  g_autofree char *page_rect = NULL;

  options_init (&o);
  rect = maze_generate (21, 21, "prim", 1, 0, &err);
  render_get_size (m, &o, &w, &h);
  g_assert_cmpint (render_to_stream (m, &o, RENDER_FORMAT_SVG, to_bytes, shaped, &err), ==, MAZE_OK);
  g_assert_cmpint (render_to_stream (rect, &o, RENDER_FORMAT_SVG, to_bytes, plain, &err), ==, MAZE_OK);
  svg = g_strndup ((const char *) shaped->data, shaped->len);
  svg_plain = g_strndup ((const char *) plain->data, plain->len);
  /* the rectangle's floor is a path around the whole page */
  page_rect = g_strdup_printf ("d=\"M0 0h%gv%gh-%gz\"", w, h, w);
  g_assert_nonnull (strstr (svg_plain, page_rect));
  g_assert_null (strstr (svg, page_rect));
  g_byte_array_free (shaped, TRUE);
  g_byte_array_free (plain, TRUE);
  maze_free (rect);
  maze_free (m);
}

/* Cells smaller than a pixel: the overview averages the cells of the
 * shape only and leaves the outside transparent. */
static void
test_overview (void)
{
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_builtin ("circle", 800, 800, &err);
  Maze *m = maze_new_shaped (800, 800, shape, MAZE_PIECES_REFUSE, &err);
  RenderOptions o;
  cairo_surface_t *s;
  cairo_t *cr;

  maze_shape_free (shape);
  render_options_init (&o);
  o.cell_size = 1.0;
  o.wall_width = 0.25;
  o.margin = 0.0;
  s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cr = cairo_create (s);
  cairo_scale (cr, 0.25, 0.25);
  render_draw (cr, m, &o);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  g_assert_cmpuint (alpha_at (s, 100, 100), ==, 255); /* the centre */
  g_assert_cmpuint (alpha_at (s, 2, 2), ==, 0);       /* a corner */
  g_assert_cmpuint (alpha_at (s, 197, 3), ==, 0);
  cairo_surface_destroy (s);
  maze_free (m);
}

/* On a worksheet page a shaped maze leaves the paper white. */
static void
test_worksheet_paper (void)
{
  Maze *m = solved_shape ("heart", 30, 25);
  const Maze *mazes[1] = { m };
  RenderWorksheetOptions wo;
  cairo_surface_t *s;
  cairo_t *cr;
  unsigned white = 0, other = 0;

  render_worksheet_options_init (&wo, RENDER_PAPER_A4);
  wo.per_page = 1;
  s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) wo.page_width, (int) wo.page_height);
  cr = cairo_create (s);
  render_worksheet_draw_page (cr, mazes, NULL, 1, &wo, 0);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  /* The page's top corners are white, opaque; so is the gap between the
   * heart's lobes, near the top centre of the maze's box. */
  for (int y = 0; y < (int) wo.page_height; y += 7)
    for (int x = 0; x < (int) wo.page_width; x += 7)
      {
        uint32_t p = pixel (s, x, y);

        if (p == 0xFFFFFFFF)
          white++;
        else
          other++;
        g_assert_cmpuint (p >> 24, ==, 255);
      }
  g_assert_cmpuint (white, >, other);
  cairo_surface_destroy (s);
  maze_free (m);
}

/* The wall under the pointer, seen from the cell of the maze. */
static void
test_wall_at (void)
{
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_from_text (".##\n###\n..#\n", 12, &err);
  Maze *m = maze_new_shaped (3, 3, shape, MAZE_PIECES_REFUSE, &err);
  RenderOptions o;
  uint32_t cell;
  uint16_t dir;

  maze_shape_free (shape);
  options_init (&o);
  /* the line between (0, 0), outside, and (1, 0): from (1, 0), west */
  g_assert_true (render_wall_at (m, &o, MARGIN + 1 * CS, MARGIN + CS / 2, 0, &cell, &dir));
  g_assert_cmpuint (cell, ==, 1);
  g_assert_cmphex (dir, ==, MAZE_W);
  /* between (0, 2) and (1, 2), both outside: no wall */
  g_assert_false (render_wall_at (m, &o, MARGIN + 1 * CS, MARGIN + 2 * CS + CS / 2, 1.0, &cell, &dir));
  /* the grid's west edge beside (0, 0), outside: none either */
  g_assert_false (render_wall_at (m, &o, MARGIN, MARGIN + CS / 2, 1.0, &cell, &dir));
  maze_free (m);
}

/* ---- words ---- */

static void
test_words (void)
{
  static const char *const words[] = { "BITS", "Liliana", "Jörg", "Maze 7", "i" };
  MazeError err = { 0 };

  for (size_t k = 0; k < G_N_ELEMENTS (words); k++)
    {
      MazeShape *shape = render_shape_text (words[k], 64, 20, &err);
      Maze *m;

      g_assert_nonnull (shape);
      m = maze_new_shaped (64, 20, shape, MAZE_PIECES_REFUSE, &err);
      if (m == NULL)
        g_error ("text:%s: %s", words[k], err.message);
      g_assert_cmpuint (maze_n_inside (m), >, 40);
      maze_free (m);
      maze_shape_free (shape);
    }
  g_assert_null (render_shape_from_name ("text:", 10, 10, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_SHAPE_TEXT_EMPTY);
  g_assert_null (render_shape_from_name ("spiral", 10, 10, &err));
  g_assert_cmpint (err.code, ==, MAZE_MSG_UNKNOWN_SHAPE);
  /* a huge maze gets a word drawn at 1024 a side and scaled */
  {
    MazeShape *big = render_shape_text ("BITS", 4000, 1500, &err);
    Maze *m;

    g_assert_cmpuint (maze_shape_width (big), ==, 1024);
    m = maze_new_shaped (4000, 1500, big, MAZE_PIECES_REFUSE, &err);
    g_assert_nonnull (m);
    maze_free (m);
    maze_shape_free (big);
  }
}

/* ---- mask files ---- */

static char *
temp_file (const char    *name,
           const void    *data,
           gsize          len)
{
  char *path = g_build_filename (g_get_tmp_dir (), name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) len, NULL));
  return path;
}

/* A PNG of @w x @h: black where @on says, white elsewhere, and
 * half-transparent black where @ghost says. */
static char *
png_file (const char *name,
          int         w,
          int         h,
          gboolean  (*on) (int x, int y),
          gboolean  (*ghost) (int x, int y))
{
  char *path = g_build_filename (g_get_tmp_dir (), name, NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        if (on != NULL && on (x, y))
          {
            cairo_set_source_rgb (cr, 0, 0, 0);
            cairo_rectangle (cr, x, y, 1, 1);
            cairo_fill (cr);
          }
        if (ghost != NULL && ghost (x, y))
          {
            cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
            cairo_set_source_rgba (cr, 0, 0, 0, 0.2);
            cairo_rectangle (cr, x, y, 1, 1);
            cairo_fill (cr);
            cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
          }
      }
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return path;
}

/* An L in a 40 x 30 image: the left quarter and the bottom third. */
static gboolean
ell (int x,
     int y)
{
  return x < 10 || y >= 20;
}

static gboolean
top_right (int x,
           int y)
{
  return x >= 30 && y < 10;
}

static void
test_png_masks (void)
{
  g_autofree char *path = png_file ("bitmaze-test-ell.png", 40, 30, ell, top_right);
  MazeError err = { 0 };
  MazeShape *s = render_shape_load_mask (path, 0, 0, &err);
  Maze *m;

  /* its own size: a pixel a cell; see-through dark pixels are no cells */
  g_assert_nonnull (s);
  g_assert_cmpuint (maze_shape_width (s), ==, 40);
  g_assert_cmpuint (maze_shape_height (s), ==, 30);
  g_assert_true (maze_shape_get (s, 0, 0));
  g_assert_false (maze_shape_get (s, 20, 5));
  g_assert_false (maze_shape_get (s, 35, 5));
  g_assert_cmpuint (maze_shape_count (s), ==, 10 * 30 + 30 * 10);
  maze_shape_free (s);

  /* scaled to 8 x 6: each cell is five by five pixels */
  s = render_shape_load_mask (path, 8, 6, &err);
  g_assert_nonnull (s);
  g_assert_cmpuint (maze_shape_width (s), ==, 8);
  m = maze_new_shaped (8, 6, s, MAZE_PIECES_REFUSE, &err);
  g_assert_nonnull (m);
  for (uint32_t y = 0; y < 6; y++)
    for (uint32_t x = 0; x < 8; x++)
      g_assert_cmpint (maze_contains (m, y * 8 + x), ==, x < 2 || y >= 4);
  maze_free (m);
  maze_shape_free (s);
  g_unlink (path);
}

/* A .maze file as a mask: the cells of its shape, at its own size, so a
 * maze made of it has the same cells; a broken one gives the reader's
 * error. */
static void
test_maze_masks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-maze-mask-XXXXXX", NULL);
  g_autofree char *ring_path = g_build_filename (dir, "ring.maze", NULL);
  g_autofree char *rect_path = g_build_filename (dir, "rect.maze", NULL);
  g_autofree char *cut_path = g_build_filename (dir, "cut.maze", NULL);
  g_autofree char *bytes = NULL;
  MazeError err = { 0 };
  MazeShape *shape = maze_shape_builtin ("ring", 31, 23, &err);
  Maze *ring = maze_new_shaped (31, 23, shape, MAZE_PIECES_REFUSE, &err);
  Maze *rect = maze_new (9, 4, &err);
  Maze *made;
  gsize len;

  g_assert_nonnull (ring);
  maze_shape_free (shape);
  g_assert_cmpint (maze_save_file (ring, ring_path, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (rect, rect_path, &err), ==, MAZE_OK);

  shape = render_shape_load_mask (ring_path, 0, 0, &err);
  g_assert_nonnull (shape);
  g_assert_cmpuint (maze_shape_width (shape), ==, 31);
  g_assert_cmpuint (maze_shape_height (shape), ==, 23);
  g_assert_cmpuint (maze_shape_count (shape), ==, maze_n_inside (ring));
  made = maze_new_shaped (31, 23, shape, MAZE_PIECES_REFUSE, &err);
  g_assert_nonnull (made);
  for (uint32_t i = 0; i < maze_n_cells (ring); i++)
    g_assert_cmpint (maze_contains (made, i), ==, maze_contains (ring, i));
  maze_free (made);
  maze_shape_free (shape);

  /* scaled: still a ring, a hole in the middle */
  shape = render_shape_load_mask (ring_path, 62, 46, &err);
  g_assert_nonnull (shape);
  made = maze_new_shaped (62, 46, shape, MAZE_PIECES_REFUSE, &err);
  g_assert_nonnull (made);
  g_assert_false (maze_contains (made, 23 * 62 + 31));
  g_assert_true (maze_is_shaped (made));
  maze_free (made);
  maze_shape_free (shape);

  /* a rectangle: every cell */
  shape = render_shape_load_mask (rect_path, 0, 0, &err);
  g_assert_nonnull (shape);
  g_assert_cmpuint (maze_shape_count (shape), ==, 9 * 4);
  maze_shape_free (shape);

  /* a broken one: refused, as the reader refuses it */
  g_assert_true (g_file_get_contents (ring_path, &bytes, &len, NULL));
  g_assert_true (g_file_set_contents (cut_path, bytes, (gssize) len - 1, NULL));
  g_assert_null (render_shape_load_mask (cut_path, 0, 0, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_FORMAT);
  g_assert_nonnull (strstr (err.message, "truncated"));

  maze_free (ring);
  maze_free (rect);
  g_unlink (ring_path);
  g_unlink (rect_path);
  g_unlink (cut_path);
  g_rmdir (dir);
}

static void
expect_mask_error (const char    *path,
                   MazeStatus     status,
                   MazeMessage  code,
                   const char    *part)
{
  MazeError err = { 0 };

  g_assert_null (render_shape_load_mask (path, 20, 20, &err));
  g_assert_cmpint (err.status, ==, status);
  g_assert_cmpint (err.code, ==, code);
  if (strstr (err.message, part) == NULL)
    g_error ("expected \"%s\" in \"%s\"", part, err.message);
}

static void
put_be32 (guint8  *p,
          guint32  v)
{
  p[0] = (guint8) (v >> 24);
  p[1] = (guint8) (v >> 16);
  p[2] = (guint8) (v >> 8);
  p[3] = (guint8) v;
}

static void
test_bad_masks (void)
{
  static const guint8 garbage_png[] = {
    0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 'n', 'o', 't', ' ', 'a', ' ', 'p', 'n', 'g',
  };
  /* a PNG whose header announces 100000 x 100000 pixels, and whose
   * image data start but stop at once */
  guint8 huge[8 + 25 + 12 + 12];
  g_autofree char *empty = temp_file ("bitmaze-test-empty.txt", "", 0);
  g_autofree char *no_cells = temp_file ("bitmaze-test-dots.txt", "...\n. .\n", 8);
  g_autofree char *binary = temp_file ("bitmaze-test-bin.txt", "##\0\1\2", 5);
  g_autofree char *text_png = temp_file ("bitmaze-test-text.png", "###\n###\n", 8);
  g_autofree char *broken = temp_file ("bitmaze-test-broken.png", garbage_png, sizeof garbage_png);
  g_autofree char *huge_png = NULL;
  g_autofree char *white = png_file ("bitmaze-test-white.png", 10, 10, NULL, NULL);
  g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "bitmaze-no-such-mask.png", NULL);

  memcpy (huge, garbage_png, 8);
  put_be32 (huge + 8, 13);
  memcpy (huge + 12, "IHDR", 4);
  put_be32 (huge + 16, 100000);
  put_be32 (huge + 20, 100000);
  huge[24] = 8;  /* bit depth */
  huge[25] = 0;  /* grey */
  huge[26] = huge[27] = huge[28] = 0;
  put_be32 (huge + 29, maze_crc32 (0, huge + 12, 17));
  put_be32 (huge + 33, 0);
  memcpy (huge + 37, "IDAT", 4);
  put_be32 (huge + 41, maze_crc32 (0, huge + 37, 4));
  put_be32 (huge + 45, 0);
  memcpy (huge + 49, "IEND", 4);
  put_be32 (huge + 53, maze_crc32 (0, huge + 49, 4));
  huge_png = temp_file ("bitmaze-test-huge.png", huge, sizeof huge);

  expect_mask_error (empty, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_EMPTY, "the mask is empty");
  expect_mask_error (no_cells, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NO_CELLS, "no cell");
  expect_mask_error (binary, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NUL, "NUL byte");
  expect_mask_error (text_png, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NOT_PNG, "is not one");
  expect_mask_error (broken, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_PNG, "cannot read the PNG image");
  expect_mask_error (huge_png, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_IMAGE_SIZE,
                     "is 100000\u00d7100000 pixels");
  expect_mask_error (white, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NO_DARK, "no dark pixel");
  expect_mask_error (missing, MAZE_ERROR_IO, MAZE_MSG_IO_OPEN, "No such file");
  for (const char *const *p = (const char *const[]) { empty, no_cells, binary, text_png,
                                                      broken, huge_png, white, NULL };
       *p != NULL; p++)
    g_unlink (*p);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/shapes/outside-untouched", test_outside_untouched);
  g_test_add_func ("/render/shapes/regions-agree", test_regions_agree);
  g_test_add_func ("/render/shapes/heart-like-reference", test_heart_like_reference);
  g_test_add_func ("/render/shapes/png", test_png_file);
  g_test_add_func ("/render/shapes/svg", test_vector_files);
  g_test_add_func ("/render/shapes/overview", test_overview);
  g_test_add_func ("/render/shapes/worksheet", test_worksheet_paper);
  g_test_add_func ("/render/shapes/wall-at", test_wall_at);
  g_test_add_func ("/render/shapes/words", test_words);
  g_test_add_func ("/render/shapes/png-masks", test_png_masks);
  g_test_add_func ("/render/shapes/bad-masks", test_bad_masks);
  g_test_add_func ("/render/shapes/maze-masks", test_maze_masks);

  return g_test_run ();
}
