/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Animated GIFs of a solve and a build, read back with giflib: the number
 * of frames and their size, the loop, the last frame's hold, the first and
 * last frames' pixels against the renderer's PNG of the same states, the
 * frame limit, and a stopped or failed export that leaves no file. */
#include <glib.h>
#include <glib/gstdio.h>
#include <gif_lib.h>
#include <stdbool.h>
#include <string.h>

#include "maze-render.h"

static char *tmpdir;

typedef struct
{
  GifFileType *gif;
  int          width;
  int          height;
  guint32     *canvas; /* the frame shown now, 0xRRGGBB */
  int          shown;  /* frames composited so far */
} Player;

static void
player_open (Player     *player,
             const char *path)
{
  int code = 0;

  memset (player, 0, sizeof *player);
  player->gif = DGifOpenFileName (path, &code);
  g_assert_nonnull (player->gif);
  g_assert_cmpint (DGifSlurp (player->gif), ==, GIF_OK);
  player->width = player->gif->SWidth;
  player->height = player->gif->SHeight;
  player->canvas = g_new0 (guint32, (gsize) player->width * player->height);
}

static void
player_close (Player *player)
{
  int code;

  DGifCloseFile (player->gif, &code);
  g_free (player->canvas);
}

static GraphicsControlBlock
frame_control (Player *player,
               int     frame)
{
  GraphicsControlBlock gcb = { 0 };

  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  g_assert_cmpint (DGifSavedExtensionToGCB (player->gif, frame, &gcb), ==, GIF_OK);
  return gcb;
}

/* Draws the frames up to @frame over the canvas, as a viewer does
 * (every frame says "do not dispose"). */
static void
player_show (Player *player,
             int     frame)
{
  for (; player->shown <= frame; player->shown++)
    {
      SavedImage *image = &player->gif->SavedImages[player->shown];
      GifImageDesc *desc = &image->ImageDesc;
      GraphicsControlBlock gcb = frame_control (player, player->shown);
      ColorMapObject *map = desc->ColorMap != NULL ? desc->ColorMap
                                                   : player->gif->SColorMap;

      g_assert_cmpint (gcb.DisposalMode, ==, DISPOSE_DO_NOT);
      g_assert_cmpint (desc->Left + desc->Width, <=, player->width);
      g_assert_cmpint (desc->Top + desc->Height, <=, player->height);
      for (int y = 0; y < desc->Height; y++)
        for (int x = 0; x < desc->Width; x++)
          {
            int c = image->RasterBits[y * desc->Width + x];
            GifColorType rgb;

            if (c == gcb.TransparentColor)
              continue;
            g_assert_cmpint (c, <, map->ColorCount);
            rgb = map->Colors[c];
            player->canvas[(gsize) (desc->Top + y) * player->width + desc->Left + x] =
              (guint32) rgb.Red << 16 | (guint32) rgb.Green << 8 | rgb.Blue;
          }
    }
}

/* The canvas equals the PNG the renderer writes of @maze. */
static void
assert_canvas_is_png (Player              *player,
                      const Maze          *maze,
                      const RenderOptions *options)
{
  g_autofree char *path = g_build_filename (tmpdir, "state.png", NULL);
  cairo_surface_t *png;
  MazeError error = { 0 };
  const guint8 *data;
  int stride, differ = 0;

  g_assert_cmpint (render_to_file (maze, options, path, "png", &error), ==, MAZE_OK);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, player->width);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, player->height);
  data = cairo_image_surface_get_data (png);
  stride = cairo_image_surface_get_stride (png);
  for (int y = 0; y < player->height; y++)
    for (int x = 0; x < player->width; x++)
      {
        guint32 want = ((const guint32 *) (const void *) (data + (gsize) y * stride))[x] & 0xFFFFFF;

        if (player->canvas[(gsize) y * player->width + x] != want)
          differ++;
      }
  cairo_surface_destroy (png);
  g_remove (path);
  g_assert_cmpint (differ, ==, 0);
}

static gboolean
has_loop_extension (GifFileType *gif)
{
  SavedImage *first = &gif->SavedImages[0];

  for (int k = 0; k + 1 < first->ExtensionBlockCount; k++)
    {
      ExtensionBlock *app = &first->ExtensionBlocks[k];
      ExtensionBlock *data = &first->ExtensionBlocks[k + 1];

      if (app->Function == APPLICATION_EXT_FUNC_CODE && app->ByteCount == 11
          && memcmp (app->Bytes, "NETSCAPE2.0", 11) == 0
          && data->ByteCount == 3 && data->Bytes[0] == 1
          && data->Bytes[1] == 0 && data->Bytes[2] == 0)
        return TRUE;
    }
  return FALSE;
}

static Maze *
small_maze (void)
{
  MazeError error = { 0 };
  Maze *maze = maze_generate (12, 8, "growing-tree:newest", 42, 10, &error);

  g_assert_nonnull (maze);
  return maze;
}

static void
test_solve (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "solve.gif", NULL);
  RenderAnimationOptions animation;
  RenderOptions options;
  RenderAnimationInfo info = { 0 };
  MazeError error = { 0 };
  Maze *maze = small_maze (), *solved;
  MazeSolver *solver;
  Player player;
  double w, h;
  guint64 steps = 0;

  render_options_init (&options);
  render_animation_options_init (&animation);
  animation.algorithm = "bfs";
  animation.delay_ms = 40;
  g_assert_cmpint (render_animation_to_file (maze, &options, &animation, path,
                                                  NULL, NULL, &info, &error),
                   ==, MAZE_OK);

  /* The same solve, by hand: its steps and its end. */
  solved = maze_copy (maze, &error);
  solver = maze_solver_new (solved, "bfs", &error);
  while (maze_solver_step (solver, NULL))
    steps++;
  maze_solver_free (solver);

  player_open (&player, path);
  render_get_size (maze, &options, &w, &h);
  g_assert_cmpint (player.width, ==, (int) w);
  g_assert_cmpint (player.height, ==, (int) h);
  /* One frame before the first step, one after every step. */
  g_assert_cmpuint (info.n_steps, ==, steps);
  g_assert_cmpint (player.gif->ImageCount, ==, (int) steps + 1);
  g_assert_cmpuint (info.n_frames, ==, steps + 1);
  g_assert_true (has_loop_extension (player.gif));
  g_assert_cmpint (frame_control (&player, 0).DelayTime, ==, 4);
  g_assert_cmpint (frame_control (&player, player.gif->ImageCount - 1).DelayTime,
                   ==, RENDER_ANIMATION_HOLD_MS / 10);
  /* Only the cells of a step are stored, not the whole picture. */
  g_assert_cmpint (player.gif->SavedImages[1].ImageDesc.Width, <, player.width / 2);

  player_show (&player, 0);
  assert_canvas_is_png (&player, maze, &options);
  /* A frame between: drawn cell by cell over the last one, it still is
   * the whole picture of that state with its highlights. */
  {
    Maze *half = maze_copy (maze, &error);
    MazeSolver *s = maze_solver_new (half, "bfs", &error);
    RenderOptions highlighted = options;
    uint32_t frontier[256], changed[MAZE_STEP_MAX_CHANGES];
    MazeStep step;

    for (int k = 0; k < 40; k++)
      g_assert_true (maze_solver_step (s, &step));
    for (unsigned k = 0; k < step.n_changes; k++)
      changed[k] = step.changes[k].index;
    highlighted.frontier = frontier;
    highlighted.n_frontier = MIN (maze_solver_frontier (s, frontier, 256), 256);
    highlighted.changed = changed;
    highlighted.n_changed = step.n_changes;
    player_show (&player, 40);
    assert_canvas_is_png (&player, half, &highlighted);
    maze_solver_free (s);
    maze_free (half);
  }
  player_show (&player, player.gif->ImageCount - 1);
  assert_canvas_is_png (&player, solved, &options);

  player_close (&player);
  maze_free (solved);
  maze_free (maze);
  g_remove (path);
}

/* Pixels of the canvas in rows @y0 .. @y1 that are dark (text). */
static int
dark_pixels (Player *player,
             int     y0,
             int     y1)
{
  int n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < player->width; x++)
      if ((player->canvas[(gsize) y * player->width + x] & 0xFF) < 0x60)
        n++;
  return n;
}

/* Pixels of the canvas in rows @y0 .. @y1 near the colour @rgb. */
static int
colour_pixels (Player  *player,
               int      y0,
               int      y1,
               guint32  rgb)
{
  int n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < player->width; x++)
      {
        guint32 p = player->canvas[(gsize) y * player->width + x];
        int dr = (int) (p >> 16 & 0xFF) - (int) (rgb >> 16 & 0xFF);
        int dg = (int) (p >> 8 & 0xFF) - (int) (rgb >> 8 & 0xFF);
        int db = (int) (p & 0xFF) - (int) (rgb & 0xFF);

        if (ABS (dr) < 40 && ABS (dg) < 40 && ABS (db) < 60)
          n++;
      }
  return n;
}

/* Captions: a band under the maze says what each frame shows, in type
 * sized for a slide; the maze above it is the same picture; a 12x8 BFS
 * at 800 pixels (and at 1920) stays a small file. */
static void
test_captions (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "captions.gif", NULL);
  const double widths[2] = { 800, 1920 };

  for (int k = 0; k < 2; k++)
    {
      RenderAnimationOptions animation;
      RenderOptions options;
      RenderAnimationInfo info = { 0 };
      MazeError error = { 0 };
      Maze *maze = small_maze ();
      GStatBuf st;
      Player player;
      double w, h, band;
      guint32 *before;
      int changed = 0;

      render_options_init (&options);
      g_assert_true (render_size_to_width (maze, &options, widths[k]));
      render_animation_options_init (&animation);
      animation.algorithm = "bfs";
      animation.captions = true;
      animation.caption_start = "BFS: from the start to the goal";
      animation.caption_end = "The path, in the solution nibbles";
      animation.legend = true;
      g_assert_cmpint (render_animation_to_file (maze, &options, &animation, path,
                                                 NULL, NULL, &info, &error), ==, MAZE_OK);
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_test_message ("captioned 12x8 BFS, %g px wide: %ld bytes", widths[k], (long) st.st_size);
      g_assert_cmpint (st.st_size, <, 2 * 1024 * 1024);

      render_get_size (maze, &options, &w, &h);
      band = render_animation_caption_height (w);
      g_assert_cmpfloat (w, ==, widths[k]);
      /* type about a 25th of the width (32 px at 800), at most 56 px */
      g_assert_cmpfloat (band, >=, MIN (w / 25.0, 56.0) * 2.5);
      player_open (&player, path);
      g_assert_cmpint (player.width, ==, (int) w);
      g_assert_cmpint (player.height, ==, (int) h + (int) band);
      player_show (&player, 0);
      g_assert_cmpint (dark_pixels (&player, (int) h, player.height), >, 100);
      /* the legend's swatches on the first frame: the search's yellow */
      g_assert_cmpint (colour_pixels (&player, (int) h, player.height, 0xFFE34A), >, 20);
      player_show (&player, 39);
      before = g_memdup2 (player.canvas, (gsize) player.width * player.height * 4);
      player_show (&player, 40);
      /* the caption of step 40 is another statement than that of 39 */
      for (int y = (int) h; y < player.height; y++)
        for (int x = 0; x < player.width; x++)
          changed += player.canvas[(gsize) y * player.width + x]
                     != before[(gsize) y * player.width + x];
      g_assert_cmpint (changed, >, 0);
      g_assert_cmpint (dark_pixels (&player, (int) h, player.height), >, 100);
      g_free (before);
      player_close (&player);
      maze_free (maze);
      g_remove (path);
    }
}

/* A build ends as maze_generate() leaves the maze, and a frame limit
 * takes more steps a frame rather than cutting the end off. */
static void
test_build_limited (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "build.gif", NULL);
  RenderAnimationOptions animation;
  RenderOptions options;
  RenderAnimationInfo info = { 0 };
  MazeError error = { 0 };
  Maze *blank, *built;
  Player player;

  blank = maze_new (15, 10, &error);
  built = maze_generate (15, 10, "prim", 7, 0, &error);
  g_assert_nonnull (built);
  render_options_init (&options);
  options.cell_size = 10;
  options.margin = 5;
  render_animation_options_init (&animation);
  animation.kind = RENDER_ANIMATE_BUILD;
  animation.algorithm = "prim";
  animation.seed = 7;
  animation.max_frames = 20;
  g_assert_cmpint (render_animation_to_file (blank, &options, &animation, path,
                                                  NULL, NULL, &info, &error),
                   ==, MAZE_OK);
  g_assert_cmpuint (info.n_frames, <=, 20);
  g_assert_cmpuint (info.steps_per_frame, >, 1);

  player_open (&player, path);
  g_assert_cmpint (player.gif->ImageCount, ==, (int) info.n_frames);
  g_assert_cmpint (player.width, ==, 15 * 10 + 10);
  g_assert_cmpint (player.height, ==, 10 * 10 + 10);
  player_show (&player, player.gif->ImageCount - 1);
  assert_canvas_is_png (&player, built, &options);
  player_close (&player);

  maze_free (built);
  maze_free (blank);
  g_remove (path);
}

/* A shaped maze: the outside is the GIF's transparent colour, as a PNG's
 * outside is transparent, and the build ends as the engine leaves it. */
static void
test_shaped_build (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "heart.gif", NULL);
  RenderAnimationOptions animation;
  RenderOptions options;
  MazeError error = { 0 };
  MazeShape *shape = maze_shape_builtin ("heart", 20, 16, &error);
  Maze *blank, *built;
  MazeGenerator *gen;
  GraphicsControlBlock gcb;
  Player player;

  g_assert_nonnull (shape);
  blank = maze_new_shaped (20, 16, shape, MAZE_PIECES_KEEP_LARGEST, &error);
  g_assert_nonnull (blank);
  g_assert_true (maze_is_shaped (blank));
  built = maze_copy (blank, &error);
  gen = maze_generator_new (built, "wilson", 3, 0, &error);
  g_assert_nonnull (gen);
  maze_generator_run (gen);
  maze_generator_free (gen);
  g_assert_cmpint (maze_place_endpoints (built, MAZE_PLACE_CORNERS, true, 3, &error), ==, MAZE_OK);

  render_options_init (&options);
  render_animation_options_init (&animation);
  animation.kind = RENDER_ANIMATE_BUILD;
  animation.algorithm = "wilson";
  animation.seed = 3;
  animation.max_frames = 50;
  g_assert_cmpint (render_animation_to_file (blank, &options, &animation, path,
                                             NULL, NULL, NULL, &error),
                   ==, MAZE_OK);

  player_open (&player, path);
  gcb = frame_control (&player, 0);
  g_assert_cmpint (gcb.TransparentColor, !=, NO_TRANSPARENT_COLOR);
  /* The top-left corner lies outside a heart. */
  g_assert_cmpint (player.gif->SavedImages[0].RasterBits[0], ==, gcb.TransparentColor);
  player_show (&player, player.gif->ImageCount - 1);
  assert_canvas_is_png (&player, built, &options);
  player_close (&player);

  maze_free (built);
  maze_free (blank);
  maze_shape_free (shape);
  g_remove (path);
}

static bool
stop_at_three (void     *user_data,
               unsigned  frame,
               unsigned  n_frames)
{
  unsigned *calls = user_data;

  (*calls)++;
  g_assert_cmpuint (frame, <=, n_frames);
  return frame < 3;
}

static gboolean
dir_is_empty (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  gboolean empty;

  g_assert_nonnull (dir);
  empty = g_dir_read_name (dir) == NULL;
  g_dir_close (dir);
  return empty;
}

/* Stopped half-way: an error, and neither the file nor a temporary one. */
static void
test_cancel_leaves_no_file (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "cancel", NULL);
  g_autofree char *path = g_build_filename (dir, "stopped.gif", NULL);
  RenderAnimationOptions animation;
  RenderOptions options;
  MazeError error = { 0 };
  Maze *maze = small_maze ();
  unsigned calls = 0;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  render_options_init (&options);
  render_animation_options_init (&animation);
  g_assert_cmpint (render_animation_to_file (maze, &options, &animation, path,
                                                  stop_at_three, &calls, NULL,
                                                  &error),
                   !=, MAZE_OK);
  g_assert_cmpuint (calls, ==, 3);
  g_assert_cmpstr (error.message, ==, "cancelled");
  g_assert_true (dir_is_empty (dir));

  /* Bad options are refused before anything is made. */
  animation.algorithm = "no-such-solver";
  g_assert_cmpint (render_animation_to_file (maze, &options, &animation, path,
                                                  NULL, NULL, NULL, &error),
                   ==, MAZE_ERROR_ARGUMENT);
  g_assert_true (dir_is_empty (dir));

  maze_free (maze);
  g_rmdir (dir);
}

static cairo_status_t
refuse_after_100 (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  gsize *written = closure;

  *written += length;
  return *written > 100 ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

static void
test_write_error (void)
{
  RenderAnimationOptions animation;
  RenderOptions options;
  MazeError error = { 0 };
  Maze *maze = small_maze ();
  gsize written = 0;

  render_options_init (&options);
  render_animation_options_init (&animation);
  g_assert_cmpint (render_animation_to_stream (maze, &options, &animation,
                                                    refuse_after_100, &written,
                                                    NULL, NULL, NULL, &error),
                   ==, MAZE_ERROR_IO);
  g_assert_nonnull (strstr (error.message, "cannot write the GIF"));
  maze_free (maze);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("bitmaze-gif-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/gif/solve", test_solve);
  g_test_add_func ("/gif/build-limited", test_build_limited);
  g_test_add_func ("/gif/captions", test_captions);
  g_test_add_func ("/gif/shaped-build", test_shaped_build);
  g_test_add_func ("/gif/cancel-leaves-no-file", test_cancel_leaves_no_file);
  g_test_add_func ("/gif/write-error", test_write_error);

  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
