/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-animation.c: an animated GIF of a generator or a solver at
 * work, drawn frame by frame with render_draw().
 *
 * Two runs of the same stepper on copies of the maze (a seed and a maze
 * make every run the same): the first counts the steps, so that
 * max_frames can be kept, and draws a few sample frames whose colours
 * make the GIF's palette (the first and the last frame always exactly);
 * the second draws every frame and hands it to the encoder at once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "maze-render.h"
#include "maze-render-private.h"

/* Frontier cells drawn at most (a huge BFS queue is a band of colour
 * anyway), and changed cells remembered per frame. */
#define MAX_FRONTIER 65536
#define MAX_CHANGED  256
/* Cells repainted one by one at most; beyond, the whole frame is drawn. */
#define MAX_DIRTY    2048
/* Mazes with more cells keep no frontier bitmap (8 MB) and draw every
 * frame whole. */
#define MAX_BITMAP_CELLS (UINT32_C (1) << 26)

void
render_animation_options_init (RenderAnimationOptions *animation)
{
  memset (animation, 0, sizeof *animation);
  animation->kind = RENDER_ANIMATE_SOLVE;
  animation->algorithm = maze_algorithm_default (maze_solvers)->name;
  animation->steps_per_frame = 1;
  animation->delay_ms = 50;
  animation->hold_ms = RENDER_ANIMATION_HOLD_MS;
  animation->max_frames = RENDER_ANIMATION_MAX_FRAMES;
  animation->show_frontier = true;
  animation->show_changed = true;
}

/* ---- one run of the generator or solver ---- */

typedef struct
{
  const RenderAnimationOptions *animation;
  Maze                       *maze;
  MazeSolver                 *solver;
  MazeGenerator              *gen;
  uint32_t                    changed[MAX_CHANGED];
  size_t                      n_changed;
  bool                        overflow;  /* more changes than changed[] holds */
  MazeChange                  last;      /* the last change, for captions */
  bool                        have_last;
} Run;

static MazeStatus
run_begin (Run                          *run,
           const Maze                   *source,
           const RenderAnimationOptions *animation,
           MazeError                    *error)
{
  memset (run, 0, sizeof *run);
  run->animation = animation;
  run->maze = maze_copy (source, error);
  if (run->maze == NULL)
    return error->status;
  if (animation->kind == RENDER_ANIMATE_BUILD)
    run->gen = maze_generator_new (run->maze, animation->algorithm,
                                   animation->seed, animation->loops, error);
  else
    run->solver = maze_solver_new (run->maze, animation->algorithm, error);
  if (run->gen == NULL && run->solver == NULL)
    {
      maze_free (run->maze);
      run->maze = NULL;
      return error->status;
    }
  return MAZE_OK;
}

/* One step; remembers the cells it changed.  False once finished. */
static bool
run_step (Run  *run,
          bool  report)
{
  MazeStep step;
  bool more;

  if (!report)
    return run->solver != NULL ? maze_solver_step (run->solver, NULL)
                               : maze_generator_step (run->gen, NULL);
  more = run->solver != NULL ? maze_solver_step (run->solver, &step)
                             : maze_generator_step (run->gen, &step);
  for (unsigned k = 0; more && k < step.n_changes; k++)
    if (run->n_changed < MAX_CHANGED)
      run->changed[run->n_changed++] = step.changes[k].index;
    else
      run->overflow = true;
  if (more && run->animation->captions && step.n_changes > 0)
    {
      unsigned k = step.n_changes <= MAZE_STEP_MAX_CHANGES ? step.n_changes - 1
                                                           : MAZE_STEP_MAX_CHANGES - 1;

      maze_step_complete (&step);
      run->last = step.changes[k];
      run->have_last = true;
    }
  return more;
}

/* After the last step: the stepper's own failure, and for a build the
 * endpoints, placed as maze_generate() places them. */
static MazeStatus
run_end (Run       *run,
         MazeError *error)
{
  if (run->solver != NULL)
    return maze_solver_status (run->solver, error);
  if (maze_generator_status (run->gen, error) != MAZE_OK)
    return error->status;
  return maze_place_endpoints (run->maze, MAZE_PLACE_CORNERS, true,
                               run->animation->seed, error);
}

static void
run_clear (Run *run)
{
  maze_solver_free (run->solver);
  maze_generator_free (run->gen);
  maze_free (run->maze);
  memset (run, 0, sizeof *run);
}

/* ---- drawing a frame ---- */

typedef struct
{
  const RenderOptions *options;
  cairo_surface_t     *surface;
  bool                 alpha;    /* ARGB32: see-through parts */
  uint32_t            *frontier; /* MAX_FRONTIER cells */
  /* The last frame's frontier, as a list and as one bit a cell (with a
   * second bitmap for this frame's, while comparing; NULL for mazes too
   * big to keep them: every frame is then drawn whole), and the cells
   * its "changed" highlight covered. */
  uint32_t            *shown;    /* MAX_FRONTIER cells */
  size_t               n_shown;
  uint32_t            *shown_bits;
  uint32_t            *next_bits;
  uint32_t             last_changed[MAX_CHANGED];
  size_t               n_last_changed;
  /* Cells to repaint in this frame, and the pixels they cover. */
  uint32_t            *dirty;    /* MAX_DIRTY cells */
  size_t               n_dirty;
  bool                 too_many;
  cairo_rectangle_t    extents;
  double               band;     /* height of the caption band, 0: none */
} Canvas;

static void
mark (Canvas   *canvas,
      uint32_t  cell)
{
  if (canvas->n_dirty < MAX_DIRTY)
    canvas->dirty[canvas->n_dirty++] = cell;
  else
    canvas->too_many = true;
}

/* A cell a step changed, and its neighbours: a solution line or a passage
 * reaches into the next cell's square. */
static void
mark_with_neighbours (Canvas     *canvas,
                      const Maze *maze,
                      uint32_t    cell)
{
  mark (canvas, cell);
  for (unsigned k = 0; k < 4; k++)
    {
      uint32_t next = maze_neighbor (maze, cell, MAZE_DIRECTIONS[k]);

      if (next != UINT32_MAX)
        mark (canvas, next);
    }
}

static void
grow_extents (cairo_rectangle_t       *total,
              const cairo_rectangle_t *rect)
{
  double x0, y0, x1, y1;

  if (total->width <= 0 || total->height <= 0)
    {
      *total = *rect;
      return;
    }
  x0 = fmin (total->x, rect->x);
  y0 = fmin (total->y, rect->y);
  x1 = fmax (total->x + total->width, rect->x + rect->width);
  y1 = fmax (total->y + total->height, rect->y + rect->height);
  total->x = x0;
  total->y = y0;
  total->width = x1 - x0;
  total->height = y1 - y0;
}

double
render_animation_caption_height (double width)
{
  double size = fmin (fmax (width / 25.0, 11.0), 56.0);

  return ceil (size * 2.9);
}

/* @text (UTF-8) centred in the band at baseline @y, in @size, shrunk to
 * fit @width. */
static void
caption_line (cairo_t    *cr,
              const char *text,
              bool        mono,
              double      size,
              double      width,
              double      y)
{
  cairo_text_extents_t ext;

  cairo_select_font_face (cr, mono ? "Monospace" : "Sans", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &ext);
  if (ext.x_advance > width * 0.96)
    {
      size *= width * 0.96 / ext.x_advance;
      cairo_set_font_size (cr, size);
      cairo_text_extents (cr, text, &ext);
    }
  cairo_move_to (cr, (width - ext.x_advance) / 2.0, y);
  cairo_show_text (cr, text);
}

/* The caption band under the maze: what the frame shows in words. */
static void
draw_caption (Canvas     *canvas,
              Run        *run,
              cairo_t    *cr,
              double      top,
              double      width,
              const char *text)
{
  const RenderPalette *p = &canvas->options->palette;
  double size = fmin (fmax (width / 25.0, 11.0), 56.0);
  char words[64];

  cairo_save (cr);
  cairo_rectangle (cr, 0, top, width, canvas->band);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgb (cr, p->background.red, p->background.green, p->background.blue);
  cairo_fill (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgb (cr, p->wall.red, p->wall.green, p->wall.blue);
  if (text != NULL && run->animation->legend)
    {
      /* the caption, and under it what the colours mean */
      const RenderAnimationOptions *a = run->animation;
      const MazeAlgorithm *algorithm =
        maze_algorithm_find (a->kind == RENDER_ANIMATE_BUILD ? maze_generators : maze_solvers,
                             a->algorithm, NULL, NULL);
      double room = canvas->band - size * 1.55;
      double font = size * 0.62, lw, lh;

      caption_line (cr, text, false, size * 0.9, width, top + size * 1.05);
      render_legend_draw (NULL, p, algorithm, a->legend_labels, font, width * 0.96, &lw, &lh);
      if (lh > room && lh > 0)
        {
          font *= room / lh;
          render_legend_draw (NULL, p, algorithm, a->legend_labels, font, width * 0.96, &lw, &lh);
        }
      cairo_save (cr);
      cairo_translate (cr, (width - lw) / 2.0, top + size * 1.45);
      render_legend_draw (cr, p, algorithm, a->legend_labels, font, width * 0.96, NULL, NULL);
      cairo_restore (cr);
    }
  else if (text != NULL)
    caption_line (cr, text, false, size, width, top + canvas->band / 2.0 + size * 0.35);
  else if (run->have_last)
    {
      char statement[MAZE_EXPR_MAX + 2];

      snprintf (statement, sizeof statement, "%s;", run->last.expr);
      caption_line (cr, statement, true, size, width, top + size * 1.15);
      snprintf (words, sizeof words, "maze[%u]: 0x%04X \u2192 0x%04X", run->last.index,
                run->last.before, run->last.after);
      caption_line (cr, words, true, size * 0.85, width, top + size * 2.45);
    }
  cairo_restore (cr);
}

/*
 * Draws the maze as it is now into the canvas: everything (@full, the
 * first and last frames, a see-through background, or too many changes),
 * or only the cells whose look can have changed since the last frame
 * (what the steps changed and their neighbours, the highlights of the
 * last frame and of this one), with render_draw_region(), which gives the
 * pixels of a full drawing there.  canvas->extents gets the area painted.
 */
static void
draw (Canvas     *canvas,
      Run        *run,
      bool        highlights,
      bool        full,
      const char *caption)
{
  RenderOptions o = *canvas->options;
  const RenderAnimationOptions *animation = run->animation;
  uint32_t width = maze_width (run->maze);
  double w, h;
  cairo_t *cr;

  o.frontier = o.changed = o.trail = NULL;
  o.n_frontier = o.n_changed = o.n_trail = 0;
  if (highlights && animation->show_frontier)
    {
      size_t n = run->solver != NULL
                 ? maze_solver_frontier (run->solver, canvas->frontier, MAX_FRONTIER)
                 : maze_generator_frontier (run->gen, canvas->frontier, MAX_FRONTIER);

      o.frontier = canvas->frontier;
      o.n_frontier = n < MAX_FRONTIER ? n : MAX_FRONTIER;
    }
  if (highlights && animation->show_changed)
    {
      o.changed = run->changed;
      o.n_changed = run->n_changed;
    }

  /* What to repaint: the cells that joined or left the frontier (a
   * growing tree's stack of hundreds of cells changes by one or two),
   * last frame's and this frame's changed cells, and what the steps
   * changed. */
  canvas->n_dirty = 0;
  canvas->too_many = false;
  if (canvas->shown_bits != NULL)
    {
      uint32_t *swap;

      for (size_t k = 0; k < o.n_frontier; k++)
        canvas->next_bits[o.frontier[k] / 32] |= UINT32_C (1) << (o.frontier[k] % 32);
      for (size_t k = 0; k < canvas->n_shown; k++)
        if (!(canvas->next_bits[canvas->shown[k] / 32] & (UINT32_C (1) << (canvas->shown[k] % 32))))
          mark (canvas, canvas->shown[k]);
      for (size_t k = 0; k < o.n_frontier; k++)
        if (!(canvas->shown_bits[o.frontier[k] / 32] & (UINT32_C (1) << (o.frontier[k] % 32))))
          mark (canvas, o.frontier[k]);
      for (size_t k = 0; k < canvas->n_shown; k++)
        canvas->shown_bits[canvas->shown[k] / 32] = 0;
      swap = canvas->shown_bits;
      canvas->shown_bits = canvas->next_bits;
      canvas->next_bits = swap;
      /* A solver without a frontier (DFS, the wall follower) has none
       * to copy, and memcpy() takes no null pointer even for 0 bytes. */
      if (o.n_frontier > 0)
        memcpy (canvas->shown, o.frontier, o.n_frontier * sizeof *o.frontier);
      canvas->n_shown = o.n_frontier;
    }
  else
    full = true;
  for (size_t k = 0; k < canvas->n_last_changed; k++)
    mark (canvas, canvas->last_changed[k]);
  for (size_t k = 0; k < run->n_changed; k++)
    mark_with_neighbours (canvas, run->maze, run->changed[k]);
  if (o.n_changed > 0)
    memcpy (canvas->last_changed, o.changed, o.n_changed * sizeof *o.changed);
  canvas->n_last_changed = o.n_changed;
  /* Cells repainted over a see-through picture would darken the
   * half-covered pixels at their edges: draw such pictures whole; and
   * past a quarter of the cells, one drawing of all is cheaper. */
  full = full || canvas->too_many || run->overflow || canvas->alpha
         || canvas->n_dirty > maze_n_cells (run->maze) / 4;

  cr = cairo_create (canvas->surface);
  if (full)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      render_draw (cr, run->maze, &o);
      render_get_size (run->maze, &o, &w, &h);
      canvas->extents.x = canvas->extents.y = 0;
      canvas->extents.width = w;
      canvas->extents.height = h;
    }
  else
    {
      canvas->extents.width = canvas->extents.height = 0;
      for (size_t k = 0; k < canvas->n_dirty; k++)
        {
          RenderCellRect cell = { canvas->dirty[k] % width, canvas->dirty[k] / width, 1, 1 };
          cairo_rectangle_t rect;

          if (!render_region_extents (run->maze, &o, &cell, &rect))
            continue;
          render_draw_region (cr, run->maze, &o, &cell, RENDER_LAYER_ALL);
          grow_extents (&canvas->extents, &rect);
        }
    }
  if (canvas->band > 0)
    {
      cairo_rectangle_t band;

      render_get_size (run->maze, &o, &w, &h);
      band.x = 0;
      band.y = h;
      band.width = cairo_image_surface_get_width (canvas->surface);
      band.height = canvas->band;
      draw_caption (canvas, run, cr, h, band.width, caption);
      grow_extents (&canvas->extents, &band);
    }
  cairo_destroy (cr);
  cairo_surface_flush (canvas->surface);
}

/* The pixels a frame can differ in from the last one, for the encoder. */
static void
dirty_pixels (const Canvas          *canvas,
              cairo_rectangle_int_t *rect)
{
  const cairo_rectangle_t *e = &canvas->extents;

  rect->x = (int) floor (e->x);
  rect->y = (int) floor (e->y);
  rect->width = (int) ceil (e->x + e->width) - rect->x;
  rect->height = (int) ceil (e->y + e->height) - rect->y;
}

static unsigned
centiseconds (unsigned ms)
{
  unsigned cs = (ms + 5) / 10;

  return cs < 2 ? 2 : cs;
}

static MazeStatus
check (const Maze                   *maze,
       const RenderOptions          *options,
       const RenderAnimationOptions *animation,
       int                          *width,
       int                          *height,
       MazeError                    *error)
{
  double w, h;

  if (!render_options_check (maze, options, error))
    return error->status;
  if (animation->algorithm == NULL
      || (animation->kind == RENDER_ANIMATE_BUILD
          ? !maze_generator_name_valid (animation->algorithm, error)
          : !maze_solver_name_valid (animation->algorithm, error)))
    return animation->algorithm == NULL
           ? maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_ALGORITHM)
           : error->status;
  if (animation->steps_per_frame < 1)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_STEPS_PER_FRAME);
  if (animation->max_frames == 1)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_FEW_FRAMES);

  render_get_size (maze, options, &w, &h);
  if (ceil (w) > RENDER_MAX_IMAGE_SIDE || ceil (h) > RENDER_MAX_IMAGE_SIDE)
    return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_FRAMES_TOO_LARGE, MAZE_REAL (ceil (w)),
                           MAZE_REAL (ceil (h)), MAZE_NUM (RENDER_MAX_IMAGE_SIDE));
  *width = ceil (w) < 1 ? 1 : (int) ceil (w);
  *height = ceil (h) < 1 ? 1 : (int) ceil (h);
  if (animation->captions)
    *height += (int) render_animation_caption_height (*width);
  if (*height > RENDER_MAX_IMAGE_SIDE)
    return maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_FRAMES_TOO_LARGE, MAZE_REAL (ceil (w)),
                           MAZE_REAL (*height), MAZE_NUM (RENDER_MAX_IMAGE_SIDE));
  return MAZE_OK;
}

/* The first run: counts the steps and collects the colours of the first
 * frame, the last, and of frames after 1, 2, 4, 8 ... steps. */
static MazeStatus
survey (const Maze                   *maze,
        const RenderAnimationOptions *animation,
        Canvas                       *canvas,
        RenderGifPalette             *palette,
        uint64_t                     *n_steps,
        MazeError                    *error)
{
  uint64_t steps = 0, next_sample = 1;
  MazeStatus status;
  Run run;

  if ((status = run_begin (&run, maze, animation, error)) != MAZE_OK)
    return status;
  draw (canvas, &run, false, true, animation->caption_start);
  render_gif_palette_add (palette, canvas->surface, true);
  for (;;)
    {
      bool sample = steps + 1 == next_sample;

      run.n_changed = 0;
      run.overflow = false;
      if (!run_step (&run, sample))
        break;
      steps++;
      if (sample)
        {
          draw (canvas, &run, true, true, NULL);
          render_gif_palette_add (palette, canvas->surface, false);
          next_sample *= 2;
        }
    }
  status = run_end (&run, error);
  if (status == MAZE_OK)
    {
      draw (canvas, &run, false, true, animation->caption_end);
      render_gif_palette_add (palette, canvas->surface, true);
    }
  run_clear (&run);
  *n_steps = steps;
  return status;
}

MazeStatus
render_animation_to_stream (const Maze                   *maze,
                            const RenderOptions          *options,
                            const RenderAnimationOptions *animation,
                            cairo_write_func_t            write_func,
                            void                         *closure,
                            RenderProgressFunc            progress,
                            void                         *user_data,
                            RenderAnimationInfo          *info,
                            MazeError                    *error)
{
  MazeError local;
  RenderGifPalette *palette = NULL;
  RenderGif *gif = NULL;
  Canvas canvas = { 0 };
  cairo_rectangle_int_t dirty;
  Run run = { 0 };
  MazeStatus status;
  uint64_t n_steps = 0, per_frame;
  unsigned n_frames;
  bool alpha;
  int width, height;

  if (error == NULL)
    error = &local;
  maze_error_clear (error);
  if (info != NULL)
    memset (info, 0, sizeof *info);
  if ((status = check (maze, options, animation, &width, &height, error)) != MAZE_OK)
    return status;

  /* Only a see-through background, or the outside of a shaped maze,
   * needs the alpha channel. */
  alpha = options->palette.background.alpha < 1.0 || maze_is_shaped (maze);
  canvas.surface = cairo_image_surface_create (alpha ? CAIRO_FORMAT_ARGB32
                                                     : CAIRO_FORMAT_RGB24,
                                               width, height);
  canvas.options = options;
  canvas.band = animation->captions ? render_animation_caption_height (width) : 0.0;
  canvas.frontier = malloc (MAX_FRONTIER * sizeof *canvas.frontier);
  canvas.shown = malloc (MAX_FRONTIER * sizeof *canvas.shown);
  canvas.dirty = malloc (MAX_DIRTY * sizeof *canvas.dirty);
  if (maze_n_cells (maze) <= MAX_BITMAP_CELLS)
    {
      canvas.shown_bits = calloc (maze_n_cells (maze) / 32 + 1, sizeof (uint32_t));
      canvas.next_bits = calloc (maze_n_cells (maze) / 32 + 1, sizeof (uint32_t));
      /* Without them, frames are drawn whole: slower, the same pixels. */
      if (canvas.shown_bits == NULL || canvas.next_bits == NULL)
        {
          free (canvas.shown_bits);
          free (canvas.next_bits);
          canvas.shown_bits = canvas.next_bits = NULL;
        }
    }
  palette = render_gif_palette_new ();
  if (cairo_surface_status (canvas.surface) != CAIRO_STATUS_SUCCESS
      || canvas.frontier == NULL || canvas.shown == NULL || canvas.dirty == NULL
      || palette == NULL)
    {
      status = maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_FRAMES_NOMEM, MAZE_NUM (width),
                               MAZE_NUM (height));
      goto out;
    }

  if ((status = survey (maze, animation, &canvas, palette, &n_steps, error)) != MAZE_OK)
    goto out;

  /* Frame 0 is the maze before the first step; each further frame comes
   * after per_frame steps, the last one after the last step. */
  per_frame = animation->steps_per_frame;
  if (animation->max_frames >= 2 && n_steps > 0)
    {
      uint64_t fit = (n_steps + animation->max_frames - 2) / (animation->max_frames - 1);

      if (fit > per_frame)
        per_frame = fit;
    }
  /* Even without a limit, the frames are counted in an unsigned. */
  if (n_steps / per_frame >= UINT32_MAX - 2)
    per_frame = n_steps / (UINT32_MAX - 2) + 1;
  n_frames = 1 + (unsigned) (n_steps == 0 ? 1 : (n_steps + per_frame - 1) / per_frame);

  gif = render_gif_new (width, height, alpha, palette, write_func, closure, error);
  if (gif == NULL)
    {
      status = error->status;
      goto out;
    }
  render_gif_palette_free (palette);
  palette = NULL;

  if ((status = run_begin (&run, maze, animation, error)) != MAZE_OK)
    goto out;
  draw (&canvas, &run, false, true, animation->caption_start);
  dirty_pixels (&canvas, &dirty);
  status = render_gif_add_frame (gif, canvas.surface, &dirty,
                                 centiseconds (animation->delay_ms), error);
  if (status == MAZE_OK && progress != NULL && !progress (user_data, 1, n_frames))
    status = maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_CANCELLED);

  for (unsigned frame = 1; status == MAZE_OK && frame < n_frames; frame++)
    {
      bool last = frame == n_frames - 1;
      bool more = true;
      unsigned delay = animation->delay_ms;

      run.n_changed = 0;
      run.overflow = false;
      for (uint64_t k = 0; more && (last || k < per_frame); k++)
        more = run_step (&run, true);
      if (last)
        {
          if ((status = run_end (&run, error)) != MAZE_OK)
            break;
          delay = animation->hold_ms > delay ? animation->hold_ms : delay;
        }
      /* The last frame in full: a build places its endpoints at the end,
       * which no step reports. */
      draw (&canvas, &run, !last, last, last ? animation->caption_end : NULL);
      dirty_pixels (&canvas, &dirty);
      status = render_gif_add_frame (gif, canvas.surface, &dirty,
                                     centiseconds (delay), error);
      if (status == MAZE_OK && progress != NULL
          && !progress (user_data, frame + 1, n_frames))
        status = maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_CANCELLED);
    }
  if (status == MAZE_OK)
    status = render_gif_finish (gif, error);
  if (status == MAZE_OK && info != NULL)
    {
      info->n_frames = n_frames;
      info->n_steps = n_steps;
      info->steps_per_frame = (unsigned) (per_frame > UINT32_MAX ? UINT32_MAX : per_frame);
      info->width = width;
      info->height = height;
    }

out:
  run_clear (&run);
  render_gif_free (gif);
  render_gif_palette_free (palette);
  free (canvas.frontier);
  free (canvas.shown);
  free (canvas.shown_bits);
  free (canvas.next_bits);
  free (canvas.dirty);
  cairo_surface_destroy (canvas.surface);
  return status;
}

/* ---- into a file ---- */

typedef struct
{
  const Maze                 *maze;
  const RenderOptions    *options;
  const RenderAnimationOptions *animation;
  RenderProgressFunc      progress;
  void                       *user_data;
  RenderAnimationInfo          *info;
} AnimationJob;

static MazeStatus
produce_animation (void               *data,
                   cairo_write_func_t  write_func,
                   void               *closure,
                   MazeError          *error)
{
  AnimationJob *job = data;

  return render_animation_to_stream (job->maze, job->options, job->animation,
                                          write_func, closure, job->progress,
                                          job->user_data, job->info, error);
}

MazeStatus
render_animation_to_output (const Maze                   *maze,
                            const RenderOptions          *options,
                            const RenderAnimationOptions *animation,
                            MazeOutput                   *out,
                            RenderProgressFunc            progress,
                            void                         *user_data,
                            RenderAnimationInfo          *info,
                            MazeError                    *error)
{
  AnimationJob job = { maze, options, animation, progress, user_data, info };

  return render_write_output (out, produce_animation, &job, error);
}

MazeStatus
render_animation_to_file (const Maze                   *maze,
                          const RenderOptions          *options,
                          const RenderAnimationOptions *animation,
                          const char                   *path,
                          RenderProgressFunc            progress,
                          void                         *user_data,
                          RenderAnimationInfo          *info,
                          MazeError                    *error)
{
  MazeError local;
  AnimationJob job = { maze, options, animation, progress, user_data, info };
  int width, height;

  if (error == NULL)
    error = &local;
  maze_error_clear (error);
  if (path == NULL || path[0] == '\0')
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_FILE_NAME);
  /* Check before creating anything, so bad options leave no file. */
  if (check (maze, options, animation, &width, &height, error) != MAZE_OK)
    return error->status;
  return render_write_file (path, produce_animation, &job, error);
}
