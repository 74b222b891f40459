/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One maze as a handout: fitted to A4 or Letter with margins, or exactly
 * 1920 pixels wide, with a title above it. */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "maze-render.h"

static char *tmpdir;

static Maze *
maze_12x8 (void)
{
  MazeError error = { 0 };
  Maze *maze = maze_generate (12, 8, "growing-tree:newest", 42, 10, &error);

  g_assert_nonnull (maze);
  return maze;
}

/* The page's MediaBox of a one-page cairo PDF. */
static void
pdf_page (const char *path,
          double     *width,
          double     *height)
{
  g_autofree char *data = NULL;
  gsize len;
  double x0, y0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize k = 0; k + 11 < len; k++)
    if (memcmp (data + k, "/MediaBox [", 11) == 0
        && sscanf (data + k, "/MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, width, height) == 4)
      return;
  g_assert_not_reached ();
}

/* The bounding box of the non-white pixels of an image. */
static void
ink_box (cairo_surface_t *image,
         int             *x0,
         int             *y0,
         int             *x1,
         int             *y1)
{
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);
  int stride = cairo_image_surface_get_stride (image);
  const guint8 *data = cairo_image_surface_get_data (image);

  *x0 = w;
  *y0 = h;
  *x1 = *y1 = -1;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if ((((const guint32 *) (const void *) (data + (gsize) y * stride))[x] & 0xFFFFFF) != 0xFFFFFF)
        {
          *x0 = MIN (*x0, x);
          *y0 = MIN (*y0, y);
          *x1 = MAX (*x1, x);
          *y1 = MAX (*y1, y);
        }
}

static void
test_a4_fills_the_page (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "a4.pdf", NULL);
  Maze *maze = maze_12x8 ();
  RenderOptions options;
  RenderPage page;
  MazeError error = { 0 };
  double w, h, scale, mw, mh;
  cairo_surface_t *image;
  cairo_t *cr;
  int x0, y0, x1, y1;

  render_options_init (&options);
  render_page_init (&page);
  render_paper_size (RENDER_PAPER_A4, &page.width, &page.height);
  page.title = "Week 3";
  g_assert_cmpint (render_page_to_file (maze, &options, &page, RENDER_FORMAT_PDF, path,
                                        &error), ==, MAZE_OK);
  pdf_page (path, &w, &h);
  g_assert_cmpfloat (fabs (w - 210 * 72 / 25.4), <, 0.01);
  g_assert_cmpfloat (fabs (h - 297 * 72 / 25.4), <, 0.01);

  /* the maze fills the width between the margins */
  scale = render_page_scale (maze, &options, &page);
  render_get_size (maze, &options, &mw, &mh);
  g_assert_cmpfloat (fabs (mw * scale - (w - 2 * page.margin)), <, 0.01);

  /* drawn: nothing in the margins, the maze out to them */
  image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (image);
  /* the page is 595.28 x 841.89: the last row and column, partly */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  render_page_draw (cr, maze, &options, &page);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  ink_box (image, &x0, &y0, &x1, &y1);
  g_assert_cmpint (x0, >=, (int) page.margin - 1);
  g_assert_cmpint (x0, <=, (int) page.margin + options.margin * scale + 2);
  g_assert_cmpint (x1, <=, (int) (w - page.margin) + 1);
  g_assert_cmpint (y0, >=, (int) page.margin - 1);
  g_assert_cmpint (y1, <=, (int) (h - page.margin) + 1);
  cairo_surface_destroy (image);

  /* landscape Letter: the page on its side */
  render_paper_size (RENDER_PAPER_LETTER, &page.height, &page.width);
  g_assert_cmpint (render_page_to_file (maze, &options, &page, RENDER_FORMAT_PDF, path,
                                        &error), ==, MAZE_OK);
  pdf_page (path, &w, &h);
  g_assert_cmpfloat (w, ==, 792);
  g_assert_cmpfloat (h, ==, 612);

  /* margins that leave no room are refused, and no file is made */
  g_remove (path);
  page.margin = 200;
  g_assert_cmpint (render_page_to_file (maze, &options, &page, RENDER_FORMAT_PDF, path,
                                        &error), ==, MAZE_ERROR_ARGUMENT);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  maze_free (maze);
}

static void
test_png_1920 (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "slide.png", NULL);
  Maze *maze = maze_12x8 ();
  RenderOptions options;
  RenderPage page;
  MazeError error = { 0 };
  cairo_surface_t *png;
  double w, h;

  render_options_init (&options);
  options.label_mode = RENDER_LABEL_WORD_HEX;
  g_assert_true (render_size_to_width (maze, &options, 1920));
  g_assert_true (render_labels_fit (&options));
  render_page_init (&page);
  g_assert_cmpint (render_page_to_file (maze, &options, &page, RENDER_FORMAT_PNG, path,
                                        &error), ==, MAZE_OK);
  png = cairo_image_surface_create_from_png (path);
  render_get_size (maze, &options, &w, &h);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1920);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, (int) ceil (h));
  cairo_surface_destroy (png);

  /* a title adds a band above, the width stays */
  page.title = "BFS";
  g_assert_cmpint (render_page_to_file (maze, &options, &page, RENDER_FORMAT_PNG, path,
                                        &error), ==, MAZE_OK);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1920);
  g_assert_cmpint (cairo_image_surface_get_height (png), >, (int) ceil (h) + 20);
  cairo_surface_destroy (png);
  /* a width too small for the maze */
  g_assert_false (render_size_to_width (maze, &options, 20));
  g_remove (path);
  maze_free (maze);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("bitmaze-page-XXXXXX", NULL);
  g_test_add_func ("/page/a4-fills-the-page", test_a4_fills_the_page);
  g_test_add_func ("/page/png-1920", test_png_1920);
  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
