/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-maze-view.c: the widget that shows a maze.
 *
 * GTK 4 has no partial invalidation: every frame the widget hands GTK its
 * whole picture again.  So the picture is kept in tiles: squares of
 * TILE_SIZE device pixels of the zoomed maze, each a cairo image surface
 * and a render node made from it.  A frame only appends the visible tiles'
 * nodes; a tile is drawn (through the renderer) the first time it becomes
 * visible, and afterwards only the cells a step reported are drawn again
 * into its surface (in blocks of BLOCK_SIZE pixels) before it gets a new
 * node.  The tiles are thrown away when the picture as a whole changes:
 * another maze, its walls, the size of the widget, the zoom, the scale
 * factor or the style.  Tiles that scroll out of view are dropped, so a
 * 2000 x 2000 maze zoomed in costs only what is on screen.
 *
 * The frontier and "changed" highlights are kept as bitmaps over the cells
 * (one bit a cell), so a new list repaints only the cells that entered or
 * left it, and a repaint of a few cells gives the renderer only the
 * highlighted cells near them.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bitmaze-maze-view.h"
#include "bitmaze-session.h"
#include "maze-render.h"

/* Side of a tile in device pixels. */
#define TILE_SIZE 256
/* A tile remembers what to repaint as 8 x 8 blocks of 32 pixels: one bit
 * each in a guint64. */
#define BLOCK_SIZE 32
#define BLOCKS_PER_SIDE (TILE_SIZE / BLOCK_SIZE)
/* From this size on (device pixels) cells and walls are whole pixels. */
#define MIN_ALIGNED_CELL 2.0
/* Around the maze, in logical pixels. */
#define VIEW_MARGIN 6
/* Largest cell, in logical pixels, zooming in may reach. */
#define MAX_CELL_SIZE 256.0
#define ZOOM_STEP 1.25
#define ZOOM_MAX 100000.0
/* How many cells of a frontier the view highlights at most. */
#define FRONTIER_MAX 4096
/* How far from a wall's centre line a click still toggles it, in cells. */
#define WALL_HIT_DISTANCE 0.35
/* Time a frame may spend drawing tiles afresh (microseconds); the others
 * show their old picture, or the floor, until a later frame.  While Run
 * or a build goes the session takes its share of the frame first; when
 * nothing runs (a maze just made, a zoom) the tiles may take nearly all
 * of it, so a big maze is on screen in fewer frames. */
#define TILE_BUDGET_US      6000
/* A full-speed Run hands a huge maze's cells over several times a
 * second, and a search spreads over all of it, so every hand-over would
 * repaint the whole view: it is drawn at most this often then (5 times
 * a second), its pyramid kept up to date at each hand-over. */
#define RUN_DRAW_INTERVAL_US 200000
#define TILE_BUDGET_IDLE_US 9000
/* The tiles fit in what the frame did not spend before them (the CPU of
 * what ran since the last frame, the session's steps, the layout) and
 * what rendering takes after them (as in recent frames), as the pacer
 * (bitmaze-pacer.h) counts them; at least TILE_BUDGET_MIN_US is left,
 * so a big maze makes progress. */
#define TILE_BUDGET_MIN_US  1000
/* Mazes of at least this many cells get an overview pyramid (see
 * render_pyramid_new()): zoomed out, a pixel of theirs stands for many
 * cells.  It is built between frames, for at most PYRAMID_SLICE_US at a
 * time. */
#define PYRAMID_MIN_CELLS (1u << 20)
#define PYRAMID_SLICE_US  4000

typedef struct
{
  int              tx;
  int              ty;
  int              width;   /* device pixels (edge tiles are smaller) */
  int              height;
  cairo_surface_t *surface;
  GskRenderNode   *node;    /* NULL when the surface changed since */
  guint            stamp;   /* the picture it shows (see invalidate_tiles) */
  guint            last_frame;
  guint64          dirty;   /* blocks to repaint, bit by * 8 + bx */
} Tile;

typedef struct _BlockSpans BlockSpans;

struct _BitmazeMazeView
{
  GtkWidget         parent_instance;

  Maze             *maze;
  BitmazeSession   *session;
  guint32          *session_frontier;

  GtkAdjustment    *hadjustment;
  GtkAdjustment    *vadjustment;
  guint             hscroll_policy : 1;
  guint             vscroll_policy : 1;

  double            zoom;
  BitmazeLabelMode  label_mode;
  guint             label_nibble;
  int               selected;
  guint             edit_mode : 1;
  guint             show_search : 1;
  guint             show_solution : 1;
  guint             dark : 1;
  guint             high_contrast : 1;

  /* One bit a cell (allocated when first needed) and the lists they mirror. */
  guint32          *frontier_bits;
  guint32          *changed_bits;
  guint32          *new_bits;
  GArray           *frontier;
  GArray           *changed;
  /* Scratch lists handed to the renderer for one region. */
  GArray           *region_frontier;
  GArray           *region_changed;
  /* The player's trail (Play mode), start first, drawn whole. */
  GArray           *trail;

  /* Geometry in device pixels, valid while geometry_valid. */
  gboolean          geometry_valid;
  int               scale;
  int               view_width;  /* logical */
  int               view_height;
  double            fit_cell;
  double            cell;
  double            wall;
  double            margin;
  double            content_width;  /* whole pixels */
  double            content_height;
  /* The renderer's options for this geometry (highlights, palette and
   * what is shown left at their defaults): enough for the extents of a
   * changed cell, set up once here instead of for every cell of a step. */
  RenderOptions extent_options;

  GHashTable       *tiles;
  /* For marking changed cells (see invalidate_cells()). */
  BlockSpans       *spans;
  Tile            **grid;         /* the tiles by position, or NULL */
  int               grid_tx;
  int               grid_ty;
  int               grid_width;
  int               grid_height;
  gboolean          grid_valid;   /* FALSE after a tile came or went */
  guint             frame;
  guint             stamp;          /* bumped when the picture changes */
  guint             redraw_tick_id; /* a frame to finish stale tiles in */
  guint             first_tile;     /* where the next frame starts drawing */

  /* The frame clock's phases, for the tiles' share of a frame. */
  GdkFrameClock    *clock;
  gulong            before_paint_id;
  gulong            after_paint_id;
  BitmazePacer     *pacer;           /* the frame's work shared out */

  /* The averages of a huge maze's blocks of cells, for drawing it zoomed
   * out, and the idle source building it. */
  RenderPyramid    *pyramid;
  guint             pyramid_source_id;
  guint             pyramid_tick_id; /* builds it during a Run, see pyramid_tick () */
  /* A full-speed Run on a huge maze: the view is drawn at most every
   * RUN_DRAW_INTERVAL_US (see queue_draw_paced ()). */
  guint             paced_draw_id;
  gint64            last_snapshot;
  const Maze       *pyramid_maze;     /* the maze it is of, and its size */
  uint32_t          pyramid_width;
  uint32_t          pyramid_height;

  /* The last complete picture (tiles in content device pixels) and the
   * geometry it was drawn at: shown, scaled, under the tiles not drawn
   * yet after a zoom, instead of the bare floor. */
  GskRenderNode    *backdrop;
  double            backdrop_cell;
  double            backdrop_margin;
  /* It as one image, and that scaled to the geometry shown (see
   * scaled_backdrop ()). */
  cairo_surface_t  *backdrop_flat;
  graphene_point_t  flat_origin;
  GskRenderNode    *backdrop_scaled;
  double            scaled_cell;
  double            scaled_margin;
  graphene_rect_t   scaled_rect;

  double            pointer_x;
  double            pointer_y;
  double            gesture_zoom;
  double            drag_h;
  double            drag_v;
};

enum
{
  PROP_0,
  PROP_ZOOM,
  PROP_EDIT_MODE,
  PROP_SHOW_SEARCH,
  PROP_SHOW_SOLUTION,
  PROP_LABEL_MODE,
  PROP_LABEL_NIBBLE,
  PROP_SELECTED_CELL,
  PROP_DARK,
  N_PROPS,

  /* GtkScrollable */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum
{
  CELL_CLICKED,
  WALL_CLICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_ENUM_TYPE (BitmazeLabelMode, bitmaze_label_mode,
                    G_DEFINE_ENUM_VALUE (BITMAZE_LABEL_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_LABEL_WORD_HEX, "word-hex"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_LABEL_NIBBLE_BIN, "nibble-bin"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_LABEL_NIBBLE_HEX, "nibble-hex"))

G_DEFINE_FINAL_TYPE_WITH_CODE (BitmazeMazeView, bitmaze_maze_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

static void update_geometry      (BitmazeMazeView *self);
static void set_backdrop         (BitmazeMazeView *self,
                                  GskRenderNode   *node,
                                  double           cell,
                                  double           margin);
static void update_adjustments   (BitmazeMazeView *self,
                                  double           hvalue,
                                  double           vvalue);
static void update_actions       (BitmazeMazeView *self);
static void update_accessible    (BitmazeMazeView *self);

/* ------------------------------------------------------------------ */
/* Bitmaps                                                             */
/* ------------------------------------------------------------------ */

static inline gboolean
bit_get (const guint32 *bits,
         guint32        i)
{
  return (bits[i >> 5] >> (i & 31)) & 1u;
}

static inline void
bit_set (guint32 *bits,
         guint32  i)
{
  bits[i >> 5] |= 1u << (i & 31);
}

static inline void
bit_clear (guint32 *bits,
           guint32  i)
{
  bits[i >> 5] &= ~(1u << (i & 31));
}

static void
free_bitmaps (BitmazeMazeView *self)
{
  g_clear_pointer (&self->frontier_bits, g_free);
  g_clear_pointer (&self->changed_bits, g_free);
  g_clear_pointer (&self->new_bits, g_free);
  g_array_set_size (self->frontier, 0);
  g_array_set_size (self->changed, 0);
}

/* The three bitmaps exist together or not at all.  A maze too big for
 * them is still drawn; it just shows no highlights. */
static gboolean
ensure_bitmaps (BitmazeMazeView *self)
{
  gsize words;

  if (self->frontier_bits != NULL)
    return TRUE;
  if (self->maze == NULL)
    return FALSE;

  words = ((gsize) maze_n_cells (self->maze) + 31) / 32;
  self->frontier_bits = g_try_new0 (guint32, words);
  self->changed_bits = g_try_new0 (guint32, words);
  self->new_bits = g_try_new0 (guint32, words);
  if (self->frontier_bits == NULL || self->changed_bits == NULL ||
      self->new_bits == NULL)
    {
      free_bitmaps (self);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Render options and geometry                                         */
/* ------------------------------------------------------------------ */

/* The colours: the style's light or dark palette, or for a projector
 * black walls on white with strong, saturated highlights. */
static void
get_palette (BitmazeMazeView *self,
             RenderPalette   *palette)
{
  if (self->dark && !self->high_contrast)
    render_palette_dark (palette);
  else
    render_palette_light (palette);
  if (!self->high_contrast)
    return;
  palette->background = (RenderRgba) { 1.0, 1.0, 1.0, 1.0 };
  palette->wall = (RenderRgba) { 0.0, 0.0, 0.0, 1.0 };
  palette->search = (RenderRgba) { 1.0, 0.82, 0.0, 1.0 };
  palette->solution = (RenderRgba) { 0.85, 0.0, 0.0, 1.0 };
  palette->frontier = (RenderRgba) { 0.0, 0.55, 1.0, 1.0 };
  /* the same hue as the window's: orange is "just changed" everywhere */
  palette->changed = (RenderRgba) { 1.0, 0.45, 0.0, 0.8 };
  palette->selected = (RenderRgba) { 0.0, 0.0, 0.0, 1.0 };
  palette->start = (RenderRgba) { 0.0, 0.6, 0.0, 1.0 };
  palette->goal = (RenderRgba) { 0.0, 0.0, 0.85, 1.0 };
  palette->label = (RenderRgba) { 0.0, 0.0, 0.0, 1.0 };
}

/* Options for drawing in device pixels, without the highlight lists. */
static void
get_render_options (BitmazeMazeView *self,
                    RenderOptions   *options)
{
  render_options_init (options);
  options->cell_size = self->cell;
  options->wall_width = self->wall;
  options->margin = self->margin;
  options->show_search = self->show_search;
  options->show_solution = self->show_solution;
  options->label_mode = (RenderLabelMode) self->label_mode;
  options->label_nibble = self->label_nibble;
  get_palette (self, &options->palette);
  options->selected = self->selected >= 0 ? (uint32_t) self->selected
                                          : RENDER_NO_CELL;
  options->pyramid = self->pyramid;
}

static double
get_max_zoom (BitmazeMazeView *self)
{
  double max_cell;

  if (self->maze == NULL || !(self->fit_cell > 0.0))
    return 1.0;
  max_cell = MAX_CELL_SIZE * self->scale;
  return MAX (1.0, max_cell / self->fit_cell);
}

static void
tile_free (gpointer data)
{
  Tile *tile = data;

  g_clear_pointer (&tile->surface, cairo_surface_destroy);
  g_clear_pointer (&tile->node, gsk_render_node_unref);
  g_free (tile);
}

static inline gint64
tile_key (int tx,
          int ty)
{
  return ((gint64) ty << 32) | (guint32) tx;
}

/* The whole picture changed (walls, style, what is shown): every tile is
 * drawn again, within each frame's budget; until then a tile shows its
 * old picture rather than nothing. */
static void
invalidate_tiles (BitmazeMazeView *self)
{
  self->stamp++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The geometry changed: the old tiles are of no use any more. */
static void
drop_tiles (BitmazeMazeView *self)
{
  g_hash_table_remove_all (self->tiles);
  self->grid_valid = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
invalidate_geometry (BitmazeMazeView *self)
{
  self->geometry_valid = FALSE;
  drop_tiles (self);
}

/*
 * Cell size: "fit" is the largest cell for which the maze and its margin
 * fit in the widget, a whole number of device pixels when it is at least
 * MIN_ALIGNED_CELL, so the grid lines fall on pixel boundaries.  Walls are
 * then whole pixels too, about an eighth of a cell, on whole pixels (the
 * renderer shifts the grid by half a pixel for odd walls): walls stay
 * sharp, and the renderer can store pixel-aligned boxes straight into the
 * tiles instead of going through cairo's rasteriser.  Smaller cells make
 * the renderer's overview, one averaged value a pixel.
 */
static void
update_geometry (BitmazeMazeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double old_cell = self->cell;
  double avail_w, avail_h, fit, cell, wall, margin;
  uint32_t mw, mh;

  self->scale = MAX (1, gtk_widget_get_scale_factor (widget));
  self->view_width = gtk_widget_get_width (widget);
  self->view_height = gtk_widget_get_height (widget);
  self->geometry_valid = TRUE;

  if (self->maze == NULL)
    {
      self->fit_cell = self->cell = self->wall = self->margin = 0.0;
      self->content_width = self->content_height = 0.0;
      return;
    }

  mw = maze_width (self->maze);
  mh = maze_height (self->maze);
  avail_w = MAX (1.0, (double) (self->view_width - 2 * VIEW_MARGIN) * self->scale);
  avail_h = MAX (1.0, (double) (self->view_height - 2 * VIEW_MARGIN) * self->scale);
  fit = MIN (avail_w / mw, avail_h / mh);
  if (fit >= MIN_ALIGNED_CELL)
    fit = floor (fit);
  self->fit_cell = fit;

  self->zoom = CLAMP (self->zoom, 1.0, get_max_zoom (self));
  cell = fit * self->zoom;
  margin = VIEW_MARGIN * self->scale;
  if (cell >= MIN_ALIGNED_CELL)
    {
      cell = floor (cell);
      /* The renderer shifts the grid by half a pixel itself when the
       * wall is an odd number of pixels wide (render_origin()). */
      wall = CLAMP (floor (cell / 8.0 + 0.5), 1.0, 4.0 * self->scale);
    }
  else
    wall = cell / 4.0;

  self->cell = cell;
  self->wall = wall;
  self->margin = margin;
  self->content_width = ceil (2.0 * margin + mw * cell);
  self->content_height = ceil (2.0 * margin + mh * cell);
  render_options_init (&self->extent_options);
  self->extent_options.cell_size = cell;
  self->extent_options.wall_width = wall;
  self->extent_options.margin = margin;

  if (old_cell != cell)
    drop_tiles (self);
}

static void
ensure_geometry (BitmazeMazeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  if (!self->geometry_valid ||
      self->view_width != gtk_widget_get_width (widget) ||
      self->view_height != gtk_widget_get_height (widget) ||
      self->scale != MAX (1, gtk_widget_get_scale_factor (widget)))
    update_geometry (self);
}

/* Where the content's (0, 0) lies in the widget, in device pixels: centred
 * when it fits, else scrolled by the adjustments. */
static void
get_origin (BitmazeMazeView *self,
            double          *ox,
            double          *oy)
{
  double vw = (double) self->view_width * self->scale;
  double vh = (double) self->view_height * self->scale;

  if (self->content_width <= vw || self->hadjustment == NULL)
    *ox = floor ((vw - self->content_width) / 2.0);
  else
    *ox = -round (gtk_adjustment_get_value (self->hadjustment) * self->scale);

  if (self->content_height <= vh || self->vadjustment == NULL)
    *oy = floor ((vh - self->content_height) / 2.0);
  else
    *oy = -round (gtk_adjustment_get_value (self->vadjustment) * self->scale);
}

/* The rectangle of cells drawn over a rectangle of the content (device
 * pixels), never empty (the margin belongs to the edge cells). */
static void
cells_for_content_rect (BitmazeMazeView *self,
                        double           x,
                        double           y,
                        double           width,
                        double           height,
                        RenderCellRect  *region)
{
  uint32_t mw = maze_width (self->maze);
  uint32_t mh = maze_height (self->maze);
  double half = self->wall / 2.0 + 1.0;
  double cs = self->cell;
  double m = self->margin;
  double x0 = floor ((x - m - half) / cs);
  double y0 = floor ((y - m - half) / cs);
  double x1 = ceil ((x + width - m + half) / cs);
  double y1 = ceil ((y + height - m + half) / cs);

  x0 = CLAMP (x0, 0.0, mw - 1.0);
  y0 = CLAMP (y0, 0.0, mh - 1.0);
  x1 = CLAMP (x1, x0 + 1.0, (double) mw);
  y1 = CLAMP (y1, y0 + 1.0, (double) mh);
  region->x = (uint32_t) x0;
  region->y = (uint32_t) y0;
  region->width = (uint32_t) (x1 - x0);
  region->height = (uint32_t) (y1 - y0);
}

/* ------------------------------------------------------------------ */
/* The overview pyramid                                                */
/* ------------------------------------------------------------------ */

static void
pyramid_stop (BitmazeMazeView *self)
{
  if (self->pyramid_source_id != 0)
    {
      g_source_remove (self->pyramid_source_id);
      self->pyramid_source_id = 0;
    }
  if (self->pyramid_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->pyramid_tick_id);
      self->pyramid_tick_id = 0;
    }
}

/* Builds the pyramid for up to PYRAMID_SLICE_US; TRUE once it is built.
 * Zoomed out, the next frames draw from it: the tiles drawn from the
 * cells while it was built (a sample of at most 16 cells a pixel, where
 * it averages them all: a path looks thinner) are then stale, or the
 * picture would change its look at the next zoom. */
static gboolean
pyramid_build_slice (BitmazeMazeView *self)
{
  gint64 start = g_get_monotonic_time ();

  while (!render_pyramid_build (self->pyramid, 8))
    if (g_get_monotonic_time () - start > PYRAMID_SLICE_US)
      return FALSE;
  if (self->cell > 0.0 && self->cell * RENDER_PYRAMID_BLOCK <= 1.0)
    self->stamp++;
  return TRUE;
}

/* Builds the pyramid a slice at a time between frames. */
static gboolean
pyramid_build_cb (gpointer user_data)
{
  BitmazeMazeView *self = user_data;

  if (!pyramid_build_slice (self))
    return G_SOURCE_CONTINUE;
  self->pyramid_source_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* During a Run the main loop is hardly ever idle (the frames follow one
 * another), and until the pyramid is built each tile is drawn from the
 * cells, at many times the cost, and each hand-over marks the tiles cell
 * by cell: the pyramid is built a slice a frame too. */
static gboolean
pyramid_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  /* (built meanwhile when idle, or started again) */
  if (self->pyramid_source_id == 0)
    {
      self->pyramid_tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (!pyramid_build_slice (self))
    return G_SOURCE_CONTINUE;
  g_clear_handle_id (&self->pyramid_source_id, g_source_remove);
  self->pyramid_tick_id = 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_REMOVE;
}

/* A Run is on while the pyramid is built: see pyramid_tick (). */
static void
pyramid_follow_run (BitmazeMazeView *self)
{
  if (self->pyramid_source_id != 0 && self->pyramid_tick_id == 0 && self->session != NULL
      && bitmaze_session_get_running (self->session))
    self->pyramid_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), pyramid_tick, NULL, NULL);
}

/* (Re)starts the pyramid of a huge rectangular maze, for the colours
 * shown now; other mazes have none. */
static void
pyramid_start (BitmazeMazeView *self)
{
  RenderOptions options;

  pyramid_stop (self);
  if (self->pyramid != NULL &&
      (self->pyramid_maze != self->maze || self->maze == NULL ||
       self->pyramid_width != maze_width (self->maze) ||
       self->pyramid_height != maze_height (self->maze)))
    g_clear_pointer (&self->pyramid, render_pyramid_free);
  if (self->maze == NULL || maze_is_shaped (self->maze) ||
      maze_n_cells (self->maze) < PYRAMID_MIN_CELLS)
    {
      g_clear_pointer (&self->pyramid, render_pyramid_free);
      return;
    }
  if (self->pyramid == NULL)
    {
      MazeError error;

      self->pyramid = render_pyramid_new (self->maze, &error);
      /* Without it the view draws from the cells, only slower. */
      if (self->pyramid == NULL)
        {
          g_debug ("no overview pyramid: %s", error.message);
          return;
        }
      self->pyramid_maze = self->maze;
      self->pyramid_width = maze_width (self->maze);
      self->pyramid_height = maze_height (self->maze);
    }
  /* The colours of the overview: walls a quarter of a cell (see
   * update_geometry()). */
  get_render_options (self, &options);
  options.cell_size = 1.0;
  options.wall_width = 0.25;
  render_pyramid_reset (self->pyramid, &options);
  self->pyramid_source_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, pyramid_build_cb, self, NULL);
  pyramid_follow_run (self);
}

/* ------------------------------------------------------------------ */
/* Tiles                                                               */
/* ------------------------------------------------------------------ */

/* Gathers the highlighted cells the renderer may draw for @region (the
 * region grown by one cell, as the renderer grows it). */
static void
collect_highlights (BitmazeMazeView      *self,
                    const RenderCellRect *region,
                    RenderOptions        *options)
{
  uint32_t mw = maze_width (self->maze);
  uint32_t mh = maze_height (self->maze);
  uint32_t x0 = region->x > 0 ? region->x - 1 : 0;
  uint32_t y0 = region->y > 0 ? region->y - 1 : 0;
  uint32_t x1 = MIN (mw, region->x + region->width + 1);
  uint32_t y1 = MIN (mh, region->y + region->height + 1);

  g_array_set_size (self->region_frontier, 0);
  g_array_set_size (self->region_changed, 0);
  options->n_frontier = options->n_changed = 0;
  options->frontier = options->changed = NULL;

  if (self->frontier_bits == NULL ||
      (self->frontier->len == 0 && self->changed->len == 0))
    return;

  /* Walk whichever is smaller: the lists or the region. */
  if ((guint64) (x1 - x0) * (y1 - y0) > self->frontier->len + self->changed->len)
    {
      for (guint i = 0; i < self->frontier->len; i++)
        {
          uint32_t c = g_array_index (self->frontier, uint32_t, i);
          uint32_t cx = c % mw, cy = c / mw;

          if (cx >= x0 && cx < x1 && cy >= y0 && cy < y1)
            g_array_append_val (self->region_frontier, c);
        }
      for (guint i = 0; i < self->changed->len; i++)
        {
          uint32_t c = g_array_index (self->changed, uint32_t, i);
          uint32_t cx = c % mw, cy = c / mw;

          if (cx >= x0 && cx < x1 && cy >= y0 && cy < y1)
            g_array_append_val (self->region_changed, c);
        }
    }
  else
    {
      for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++)
          {
            uint32_t c = y * mw + x;

            if (bit_get (self->frontier_bits, c))
              g_array_append_val (self->region_frontier, c);
            if (bit_get (self->changed_bits, c))
              g_array_append_val (self->region_changed, c);
          }
    }

  if (self->region_frontier->len > 0)
    {
      options->frontier = (const uint32_t *) (gpointer) self->region_frontier->data;
      options->n_frontier = self->region_frontier->len;
    }
  if (self->region_changed->len > 0)
    {
      options->changed = (const uint32_t *) (gpointer) self->region_changed->data;
      options->n_changed = self->region_changed->len;
    }
}

/* Draws @region of the maze, all layers, into @cr. */
static void
draw_region (BitmazeMazeView      *self,
             cairo_t              *cr,
             const RenderCellRect *region)
{
  RenderOptions options;

  get_render_options (self, &options);
  collect_highlights (self, region, &options);
  if (self->trail->len > 0)
    {
      options.trail = (const uint32_t *) (gpointer) self->trail->data;
      options.n_trail = self->trail->len;
    }
  render_draw_region (cr, self->maze, &options, region,
                      RENDER_LAYER_ALL);
}

/* Paints the rectangle (@x, @y, @width, @height) of the content (device
 * pixels, inside @tile) afresh. */
static void
tile_paint (BitmazeMazeView *self,
            Tile            *tile,
            int              x,
            int              y,
            int              width,
            int              height)
{
  double x0 = (double) tile->tx * TILE_SIZE;
  double y0 = (double) tile->ty * TILE_SIZE;
  RenderCellRect region;
  cairo_t *cr;

  cr = cairo_create (tile->surface);
  cairo_rectangle (cr, x - x0, y - y0, width, height);
  cairo_clip (cr);
  /* Around a shaped maze the renderer draws nothing: what was there
   * before (another maze, a selection) must go. */
  if (self->maze != NULL && maze_is_shaped (self->maze))
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
    }
  cairo_translate (cr, -x0, -y0);
  cells_for_content_rect (self, x, y, width, height, &region);
  draw_region (self, cr, &region);
  cairo_destroy (cr);
}

static Tile *
tile_new (BitmazeMazeView *self,
          int              tx,
          int              ty)
{
  Tile *tile = g_new0 (Tile, 1);

  tile->tx = tx;
  tile->ty = ty;
  tile->width = (int) MIN ((double) TILE_SIZE,
                           self->content_width - (double) tx * TILE_SIZE);
  tile->height = (int) MIN ((double) TILE_SIZE,
                            self->content_height - (double) ty * TILE_SIZE);
  tile->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                              tile->width, tile->height);
  tile->stamp = self->stamp;
  tile_paint (self, tile, tx * TILE_SIZE, ty * TILE_SIZE, tile->width, tile->height);

  return tile;
}

/* Draws a tile of an older picture afresh. */
static void
tile_repaint (BitmazeMazeView *self,
              Tile            *tile)
{
  tile->stamp = self->stamp;
  tile->dirty = 0;
  tile_paint (self, tile, tile->tx * TILE_SIZE, tile->ty * TILE_SIZE,
              tile->width, tile->height);
  g_clear_pointer (&tile->node, gsk_render_node_unref);
}

/* Repaints the dirty blocks, a run of neighbouring blocks in a row at a
 * time. */
static void
tile_flush_dirty (BitmazeMazeView *self,
                  Tile            *tile)
{
  if (tile->dirty == 0)
    return;

  for (int by = 0; by < BLOCKS_PER_SIDE; by++)
    {
      int bx = 0;

      while (bx < BLOCKS_PER_SIDE)
        {
          int start, x, y, width, height;

          while (bx < BLOCKS_PER_SIDE &&
                 !(tile->dirty & (G_GUINT64_CONSTANT (1) << (by * BLOCKS_PER_SIDE + bx))))
            bx++;
          if (bx == BLOCKS_PER_SIDE)
            break;
          start = bx;
          while (bx < BLOCKS_PER_SIDE &&
                 (tile->dirty & (G_GUINT64_CONSTANT (1) << (by * BLOCKS_PER_SIDE + bx))))
            bx++;

          x = start * BLOCK_SIZE;
          y = by * BLOCK_SIZE;
          width = MIN (bx * BLOCK_SIZE, tile->width) - x;
          height = MIN (y + BLOCK_SIZE, tile->height) - y;
          if (width > 0 && height > 0)
            tile_paint (self, tile, tile->tx * TILE_SIZE + x, tile->ty * TILE_SIZE + y,
                        width, height);
        }
    }
  tile->dirty = 0;
  g_clear_pointer (&tile->node, gsk_render_node_unref);
}

/* The node showing @tile, made again only after the tile changed.  A
 * cairo node keeps a copy of the tile's pixels that the cairo renderer
 * paints as they are, and the same node appended frame after frame is
 * what the GL renderer keeps in its texture cache.  (A GdkMemoryTexture
 * costs the cairo renderer a conversion of every visible pixel on every
 * frame.) */
static GskRenderNode *
tile_get_node (Tile *tile)
{
  if (tile->node == NULL)
    {
      double x = (double) tile->tx * TILE_SIZE;
      double y = (double) tile->ty * TILE_SIZE;
      cairo_t *cr;

      tile->node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (x, y, tile->width, tile->height));
      cr = gsk_cairo_node_get_draw_context (tile->node);
      cairo_set_source_surface (cr, tile->surface, x, y);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  return tile->node;
}

/* The cells of a batch that changed, as the blocks of the cached tiles
 * to repaint.  Run hands over a hundred thousand cells a frame on a big
 * maze, so a cell costs a few lookups: the renderer's geometry is a grid,
 * so the pixels a cell's repaint reaches (the cell and its neighbours: a
 * solution line or the goal's fill reaches from one cell into the next)
 * are a range of columns by a range of rows, and the blocks they meet are
 * worked out once a column and once a row (BlockSpans); the cached tiles
 * are looked up in a grid over the ones there are (TileGrid). */

/* The blocks each column's and each row's cells reach, for the geometry
 * they were made for. */
struct _BlockSpans
{
  uint32_t width;
  uint32_t height;
  double   cell;
  double   wall;
  double   margin;
  gint32  *cols;  /* first and last block column of each column's cells */
  gint32  *rows;  /* first and last block row of each row's cells */
};

/* The first and last block of BLOCK_SIZE pixels that the pixels
 * [@lo, @hi) meet, with half a pixel more on each side, so that a rounding
 * never loses a pixel the renderer draws. */
static inline void
block_span (double  lo,
            double  hi,
            gint32 *span)
{
  double a = floor (lo - 0.5), b = ceil (hi + 0.5);

  span[0] = (gint32) (MAX (0.0, a) / BLOCK_SIZE);
  span[1] = (gint32) (MAX (0.0, b - 1.0) / BLOCK_SIZE);
}

static void
block_spans_free (BlockSpans *spans)
{
  g_free (spans->cols);
  g_free (spans->rows);
  g_free (spans);
}

static BlockSpans *
ensure_block_spans (BitmazeMazeView *self)
{
  uint32_t mw = maze_width (self->maze), mh = maze_height (self->maze);
  BlockSpans *spans = self->spans;

  if (spans != NULL && spans->width == mw && spans->height == mh
      && spans->cell == self->cell && spans->wall == self->wall
      && spans->margin == self->margin)
    return spans;

  g_clear_pointer (&self->spans, block_spans_free);
  spans = g_new0 (BlockSpans, 1);
  spans->width = mw;
  spans->height = mh;
  spans->cell = self->cell;
  spans->wall = self->wall;
  spans->margin = self->margin;
  spans->cols = g_new (gint32, 2 * (gsize) mw);
  spans->rows = g_new (gint32, 2 * (gsize) mh);
  /* A cell and its neighbours: the extents are a range of columns by a
   * range of rows, each whatever the other coordinate, so one region a
   * k gives column k and row k (the last one again past the shorter
   * side). */
  for (uint32_t k = 0; k < MAX (mw, mh); k++)
    {
      uint32_t x = MIN (k, mw - 1), y = MIN (k, mh - 1);
      RenderCellRect r = { x > 0 ? x - 1 : 0, y > 0 ? y - 1 : 0, 0, 0 };
      cairo_rectangle_t ext;

      r.width = MIN (mw, x + 2) - r.x;
      r.height = MIN (mh, y + 2) - r.y;
      /* (never false: the region lies inside the maze) */
      render_region_extents (self->maze, &self->extent_options, &r, &ext);
      if (k < mw)
        block_span (ext.x, ext.x + ext.width, &spans->cols[2 * k]);
      if (k < mh)
        block_span (ext.y, ext.y + ext.height, &spans->rows[2 * k]);
    }
  self->spans = spans;
  return spans;
}

/* The cached tiles by position, over the smallest range of tiles that
 * holds them all; made again after a tile came or went. */
static void
ensure_tile_grid (BitmazeMazeView *self)
{
  GHashTableIter iter;
  gpointer value;
  int tx0 = G_MAXINT, ty0 = G_MAXINT, tx1 = G_MININT, ty1 = G_MININT;

  if (self->grid_valid)
    return;
  self->grid_valid = TRUE;
  g_clear_pointer (&self->grid, g_free);
  self->grid_width = self->grid_height = 0;

  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Tile *tile = value;

      tx0 = MIN (tx0, tile->tx);
      ty0 = MIN (ty0, tile->ty);
      tx1 = MAX (tx1, tile->tx + 1);
      ty1 = MAX (ty1, tile->ty + 1);
    }
  if (tx1 <= tx0)
    return;
  self->grid_tx = tx0;
  self->grid_ty = ty0;
  self->grid_width = tx1 - tx0;
  self->grid_height = ty1 - ty0;
  self->grid = g_new0 (Tile *, (gsize) self->grid_width * self->grid_height);
  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Tile *tile = value;

      self->grid[(tile->ty - ty0) * self->grid_width + (tile->tx - tx0)] = tile;
    }
}

static gboolean
paced_draw_cb (gpointer data)
{
  BitmazeMazeView *self = data;

  self->paced_draw_id = 0;
  bitmaze_pacer_draw_queued (self->pacer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Cells changed: a draw, but during a Run on a maze with a pyramid not
 * sooner than RUN_DRAW_INTERVAL_US after the last one; the changed
 * blocks are worked into the pyramid at once, so the drawing that comes
 * has only the tiles to draw.  It comes in a later frame than this
 * hand-over's (a timeout between frames queues it), and the pacer hands
 * no batch over in the frame that paints: a key waits for the one or
 * the other. */
static void
queue_draw_paced (BitmazeMazeView *self)
{
  gint64 wait;

  if (self->pyramid == NULL || self->session == NULL
      || !bitmaze_session_get_running (self->session))
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  render_pyramid_flush (self->pyramid);
  wait = self->last_snapshot + RUN_DRAW_INTERVAL_US - g_get_monotonic_time ();
  if (self->paced_draw_id == 0)
    self->paced_draw_id = g_timeout_add (wait > 0 ? (guint) (wait / 1000) + 1 : 0, paced_draw_cb, self);
}

/* The Run started (the pyramid follows it, see pyramid_tick ()) or
 * stopped: what it changed last is drawn now. */
static void
view_session_running_cb (BitmazeMazeView *self)
{
  pyramid_follow_run (self);
  if (self->paced_draw_id != 0 && !bitmaze_session_get_running (self->session))
    {
      g_clear_handle_id (&self->paced_draw_id, g_source_remove);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
invalidate_cells (BitmazeMazeView *self,
                  const uint32_t  *cells,
                  size_t           n)
{
  const BlockSpans *spans;
  uint32_t mw, mh, n_cells;
  gint32 bx_lo, by_lo, bx_hi, by_hi;
  const uint32_t *blocks = NULL;
  size_t n_blocks = 0;

  if (self->pyramid != NULL && n > 0)
    {
      size_t before;

      render_pyramid_marked (self->pyramid, &before);
      render_pyramid_cells_changed (self->pyramid, cells, n);
      /* A ready pyramid marks a block of 4 x 4 cells once until it is
       * drawn, so the tiles need marking for its new blocks only (the
       * blocks marked before marked their tiles then, and both are
       * cleared by the same drawing, flush first): a Run's cells come
       * in their thousands to a block. */
      if (render_pyramid_is_ready (self->pyramid))
        {
          blocks = render_pyramid_marked (self->pyramid, &n_blocks) + before;
          n_blocks -= before;
        }
    }
  if (self->maze == NULL || n == 0 || g_hash_table_size (self->tiles) == 0)
    {
      if (self->pyramid != NULL && n > 0)
        queue_draw_paced (self);
      return;
    }

  /* The tiles were drawn with the geometry as it stands (they go when it
   * changes), and so are the spans. */
  spans = ensure_block_spans (self);
  ensure_tile_grid (self);
  mw = maze_width (self->maze);
  n_cells = maze_n_cells (self->maze);
  /* The blocks of the cached tiles: a cell outside them costs nothing
   * more. */
  bx_lo = self->grid_tx * BLOCKS_PER_SIDE;
  by_lo = self->grid_ty * BLOCKS_PER_SIDE;
  bx_hi = (self->grid_tx + self->grid_width) * BLOCKS_PER_SIDE - 1;
  by_hi = (self->grid_ty + self->grid_height) * BLOCKS_PER_SIDE - 1;

  mh = maze_height (self->maze);
  for (size_t i = 0; i < (blocks != NULL ? n_blocks : n); i++)
    {
      uint32_t x, y, x1, y1;
      gint32 bx0, bx1, by0, by1;

      if (blocks != NULL)
        {
          uint32_t pw = (mw + RENDER_PYRAMID_BLOCK - 1) / RENDER_PYRAMID_BLOCK;

          y = blocks[i] / pw * RENDER_PYRAMID_BLOCK;
          x = blocks[i] % pw * RENDER_PYRAMID_BLOCK;
          x1 = MIN (x + RENDER_PYRAMID_BLOCK, mw) - 1;
          y1 = MIN (y + RENDER_PYRAMID_BLOCK, mh) - 1;
        }
      else
        {
          if (cells[i] >= n_cells)
            continue;
          y = y1 = cells[i] / mw;
          x = x1 = cells[i] - y * mw;
        }
      bx0 = MAX (spans->cols[2 * x], bx_lo);
      bx1 = MIN (spans->cols[2 * x1 + 1], bx_hi);
      by0 = MAX (spans->rows[2 * y], by_lo);
      by1 = MIN (spans->rows[2 * y1 + 1], by_hi);
      for (gint32 by = by0; by <= by1; by++)
        for (gint32 bx = bx0; bx <= bx1; bx++)
          {
            Tile *tile = self->grid[(by / BLOCKS_PER_SIDE - self->grid_ty) * self->grid_width
                                    + (bx / BLOCKS_PER_SIDE - self->grid_tx)];

            if (tile != NULL)
              tile->dirty |= G_GUINT64_CONSTANT (1) << ((by % BLOCKS_PER_SIDE) * BLOCKS_PER_SIDE
                                                        + bx % BLOCKS_PER_SIDE);
          }
    }
  queue_draw_paced (self);
}

static void
invalidate_cell (BitmazeMazeView *self,
                 uint32_t         index)
{
  invalidate_cells (self, &index, 1);
}

/* ------------------------------------------------------------------ */
/* Highlight lists                                                     */
/* ------------------------------------------------------------------ */

/* Replaces @list (mirrored by @bits) with @cells, repainting only the
 * cells that entered or left it. */
static void
replace_marked_list (BitmazeMazeView *self,
                     gboolean         frontier,
                     const uint32_t  *cells,
                     size_t           n)
{
  GArray *list = frontier ? self->frontier : self->changed;
  guint32 *bits;
  uint32_t n_cells;

  if (self->maze == NULL || (n == 0 && list->len == 0))
    return;
  if (!ensure_bitmaps (self))
    return;
  bits = frontier ? self->frontier_bits : self->changed_bits;

  n_cells = maze_n_cells (self->maze);
  for (size_t i = 0; i < n; i++)
    if (cells[i] < n_cells)
      bit_set (self->new_bits, cells[i]);

  for (guint i = 0; i < list->len; i++)
    {
      uint32_t c = g_array_index (list, uint32_t, i);

      if (!bit_get (self->new_bits, c))
        {
          bit_clear (bits, c);
          invalidate_cell (self, c);
        }
    }

  g_array_set_size (list, 0);
  for (size_t i = 0; i < n; i++)
    {
      uint32_t c = cells[i];

      /* Skips cells outside the maze and repeated cells. */
      if (c >= n_cells || !bit_get (self->new_bits, c))
        continue;
      bit_clear (self->new_bits, c);
      if (!bit_get (bits, c))
        {
          bit_set (bits, c);
          invalidate_cell (self, c);
        }
      g_array_append_val (list, c);
    }
}

/* ------------------------------------------------------------------ */
/* Accessibility                                                       */
/* ------------------------------------------------------------------ */

/* Every set of open sides a cell can have, translatable as a whole. */
static const char * const passage_phrases[16] = {
  N_("closed on all sides"),
  N_("open to the north"),
  N_("open to the east"),
  N_("open to the north and east"),
  N_("open to the south"),
  N_("open to the north and south"),
  N_("open to the east and south"),
  N_("open to the north, east and south"),
  N_("open to the west"),
  N_("open to the north and west"),
  N_("open to the east and west"),
  N_("open to the north, east and west"),
  N_("open to the south and west"),
  N_("open to the north, south and west"),
  N_("open to the east, south and west"),
  N_("open on all sides"),
};

static void
update_accessible (BitmazeMazeView *self)
{
  g_autofree char *label = NULL;
  g_autoptr(GString) description = g_string_new (NULL);

  if (self->maze == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Maze"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("No maze"),
                                      -1);
      return;
    }

  /* Translators: the maze's width and height in cells */
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Maze of %u by %u cell", "Maze of %u by %u cells",
                                        maze_n_cells (self->maze)),
                           maze_width (self->maze), maze_height (self->maze));

  if (self->selected >= 0)
    {
      uint32_t i = (uint32_t) self->selected;
      uint32_t mw = maze_width (self->maze);
      uint16_t cell = maze_cells_const (self->maze)[i];

      /* Translators: a cell's column and row, then which of its sides are
       * open, e.g. "Cell (3, 4): open to the east and south." */
      g_string_append_printf (description, _("Cell (%u, %u): %s."),
                              i % mw, i / mw,
                              _(passage_phrases[maze_cell_passages (cell)]));
      if (i == maze_start (self->maze))
        {
          g_string_append_c (description, ' ');
          g_string_append (description, _("This is the start."));
        }
      if (i == maze_goal (self->maze))
        {
          g_string_append_c (description, ' ');
          g_string_append (description, _("This is the goal."));
        }
      if (maze_cell_solution (cell) != 0)
        {
          g_string_append_c (description, ' ');
          g_string_append (description, _("On the solution path."));
        }
      else if (maze_cell_backtrack (cell) != 0)
        {
          g_string_append_c (description, ' ');
          g_string_append (description, _("Reached by the search."));
        }
    }
  else
    {
      uint32_t mw = maze_width (self->maze);

      /* Translators: the start's and the goal's column and row */
      g_string_append_printf (description, _("Start at (%u, %u), goal at (%u, %u)."),
                              maze_start (self->maze) % mw, maze_start (self->maze) / mw,
                              maze_goal (self->maze) % mw, maze_goal (self->maze) / mw);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
}

/* ------------------------------------------------------------------ */
/* Zoom and scrolling                                                  */
/* ------------------------------------------------------------------ */

static void
update_actions (BitmazeMazeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has_maze = self->maze != NULL;

  gtk_widget_action_set_enabled (widget, "view.zoom-in",
                                 has_maze && self->zoom < get_max_zoom (self));
  gtk_widget_action_set_enabled (widget, "view.zoom-out",
                                 has_maze && self->zoom > 1.0);
  gtk_widget_action_set_enabled (widget, "view.zoom-fit",
                                 has_maze && self->zoom != 1.0);
}

/* Configures both adjustments for the current geometry (logical pixels)
 * with the given values, clamped. */
static void
update_adjustments (BitmazeMazeView *self,
                    double           hvalue,
                    double           vvalue)
{
  double w = self->view_width;
  double h = self->view_height;
  double cw = self->content_width / self->scale;
  double ch = self->content_height / self->scale;

  if (self->hadjustment != NULL)
    gtk_adjustment_configure (self->hadjustment,
                              CLAMP (hvalue, 0.0, MAX (0.0, cw - w)),
                              0.0, MAX (cw, w), w * 0.1, w * 0.9, w);
  if (self->vadjustment != NULL)
    gtk_adjustment_configure (self->vadjustment,
                              CLAMP (vvalue, 0.0, MAX (0.0, ch - h)),
                              0.0, MAX (ch, h), h * 0.1, h * 0.9, h);
}

/* Zooms to @zoom keeping the maze point under the widget point (@px, @py)
 * where it is. */
static void
zoom_at (BitmazeMazeView *self,
         double           zoom,
         double           px,
         double           py)
{
  double ox, oy, fx, fy, hvalue, vvalue;

  ensure_geometry (self);
  if (self->maze == NULL || self->view_width <= 0 || self->view_height <= 0)
    {
      /* Nothing to anchor to yet: the next allocation applies it. */
      zoom = CLAMP (zoom, 1.0, ZOOM_MAX);
      if (zoom != self->zoom)
        {
          self->zoom = zoom;
          self->geometry_valid = FALSE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
        }
      return;
    }
  zoom = CLAMP (zoom, 1.0, get_max_zoom (self));
  if (zoom == self->zoom)
    return;

  /* The anchor in cells, from the maze's top-left grid corner. */
  get_origin (self, &ox, &oy);
  if (self->cell > 0.0)
    {
      fx = (px * self->scale - ox - self->margin) / self->cell;
      fy = (py * self->scale - oy - self->margin) / self->cell;
    }
  else
    fx = fy = 0.0;

  self->zoom = zoom;
  update_geometry (self);

  /* Solve margin + f * cell + origin = p for the new origin. */
  hvalue = (self->margin + fx * self->cell - px * self->scale) / self->scale;
  vvalue = (self->margin + fy * self->cell - py * self->scale) / self->scale;
  update_adjustments (self, hvalue, vvalue);

  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

static void
zoom_at_center (BitmazeMazeView *self,
                double           zoom)
{
  zoom_at (self, zoom, self->view_width / 2.0, self->view_height / 2.0);
}

/* Scrolls so that cell @index is visible. */
static void
scroll_to_cell (BitmazeMazeView *self,
                uint32_t         index)
{
  uint32_t mw;
  double x, y, size;

  if (self->maze == NULL || self->hadjustment == NULL || self->vadjustment == NULL)
    return;
  ensure_geometry (self);
  /* Before the first allocation there is no page to keep it in. */
  if (self->view_width <= 0 || self->view_height <= 0)
    return;
  mw = maze_width (self->maze);
  x = (self->margin + (index % mw) * self->cell) / self->scale;
  y = (self->margin + (index / mw) * self->cell) / self->scale;
  size = self->cell / self->scale;
  gtk_adjustment_clamp_page (self->hadjustment, x, x + size);
  gtk_adjustment_clamp_page (self->vadjustment, y, y + size);
}

static void
adjustment_value_changed (BitmazeMazeView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (BitmazeMazeView  *self,
                GtkAdjustment   **slot,
                GtkAdjustment    *adjustment)
{
  if (adjustment != NULL && adjustment == *slot)
    return;

  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect_swapped (adjustment, "value-changed",
                            G_CALLBACK (adjustment_value_changed), self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

/**
 * bitmaze_maze_view_new:
 *
 * Returns: a new maze view showing no maze
 */
GtkWidget *
bitmaze_maze_view_new (void)
{
  return g_object_new (BITMAZE_TYPE_MAZE_VIEW, NULL);
}

void
bitmaze_maze_view_set_maze (BitmazeMazeView *self,
                            Maze            *maze)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  free_bitmaps (self);
  g_array_set_size (self->trail, 0);
  self->maze = maze;
  self->zoom = 1.0;
  set_backdrop (self, NULL, 0.0, 0.0);
  pyramid_start (self);
  invalidate_geometry (self);
  update_geometry (self);
  update_adjustments (self, 0.0, 0.0);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);

  if (self->selected != -1)
    {
      self->selected = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
    }
  update_accessible (self);
}

/* ---- following a session ---- */

static void
view_session_maze_cb (BitmazeMazeView *self)
{
  bitmaze_maze_view_set_maze (self, bitmaze_session_get_maze (self->session));
}

static void
view_session_cells_cb (BitmazeMazeView *self,
                       const guint32   *cells,
                       guint            n)
{
  bitmaze_maze_view_cells_changed (self, cells, n);
}

/* The step shown: its cells highlighted (not after a finished build: the
 * maze is ready), the labels on the nibble it changed, and the frontier. */
static void
view_session_moved_cb (BitmazeMazeView *self)
{
  const MazeStep *step = bitmaze_session_get_last_step (self->session);
  guint32 last[MAZE_STEP_MAX_CHANGES];
  unsigned n_last = 0;
  gsize n;

  if (step != NULL && bitmaze_session_get_phase (self->session) != BITMAZE_PHASE_READY)
    {
      gboolean nibble_set = FALSE;

      for (unsigned i = 0; i < step->n_changes; i++)
        {
          guint16 diff = step->changes[i].before ^ step->changes[i].after;

          last[n_last++] = step->changes[i].index;
          for (guint nibble = 0; nibble < 4 && !nibble_set; nibble++)
            {
              if (diff & (0xF << (nibble * 4)))
                {
                  bitmaze_maze_view_set_label_nibble (self, nibble);
                  nibble_set = TRUE;
                }
            }
        }
    }
  bitmaze_maze_view_set_changed (self, last, n_last);

  n = bitmaze_session_get_frontier (self->session, self->session_frontier, FRONTIER_MAX);
  bitmaze_maze_view_set_frontier (self, self->session_frontier, MIN (n, FRONTIER_MAX));
}

void
bitmaze_maze_view_set_session (BitmazeMazeView *self,
                               BitmazeSession  *session)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (session == NULL || BITMAZE_IS_SESSION (session));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session == NULL)
    {
      bitmaze_maze_view_set_maze (self, NULL);
      return;
    }

  if (self->session_frontier == NULL)
    self->session_frontier = g_new (guint32, FRONTIER_MAX);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (view_session_maze_cb), self);
  g_signal_connect_swapped (session, "cells-changed", G_CALLBACK (view_session_cells_cb), self);
  g_signal_connect_swapped (session, "maze-changed", G_CALLBACK (bitmaze_maze_view_walls_changed), self);
  g_signal_connect_swapped (session, "moved", G_CALLBACK (view_session_moved_cb), self);
  g_signal_connect_swapped (session, "notify::running", G_CALLBACK (view_session_running_cb), self);
  view_session_maze_cb (self);
  view_session_moved_cb (self);
}

void
bitmaze_maze_view_set_pacer (BitmazeMazeView *self,
                             BitmazePacer    *pacer)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (BITMAZE_IS_PACER (pacer));

  g_set_object (&self->pacer, pacer);
}

Maze *
bitmaze_maze_view_get_maze (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), NULL);

  return self->maze;
}

void
bitmaze_maze_view_walls_changed (BitmazeMazeView *self)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  invalidate_tiles (self);
  pyramid_start (self);
  update_accessible (self);
}

void
bitmaze_maze_view_cells_changed (BitmazeMazeView *self,
                                 const uint32_t  *cells,
                                 size_t           n)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (cells != NULL || n == 0);

  invalidate_cells (self, cells, n);
  if (self->selected >= 0)
    for (size_t i = 0; i < n; i++)
      if (cells[i] == (uint32_t) self->selected)
        {
          update_accessible (self);
          break;
        }
}

void
bitmaze_maze_view_set_frontier (BitmazeMazeView *self,
                                const uint32_t  *cells,
                                size_t           n)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (cells != NULL || n == 0);

  replace_marked_list (self, TRUE, cells, n);
}

gboolean
bitmaze_maze_view_is_drawing (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->redraw_tick_id != 0 || self->paced_draw_id != 0;
}

gboolean
bitmaze_maze_view_is_building_overview (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->pyramid_source_id != 0;
}

gboolean
bitmaze_maze_view_cell_is_changed (BitmazeMazeView *self,
                                   guint            index)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  if (self->maze == NULL || self->changed_bits == NULL || index >= maze_n_cells (self->maze))
    return FALSE;
  return bit_get (self->changed_bits, index);
}

void
bitmaze_maze_view_set_changed (BitmazeMazeView *self,
                               const uint32_t  *cells,
                               size_t           n)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (cells != NULL || n == 0);

  replace_marked_list (self, FALSE, cells, n);
}

void
bitmaze_maze_view_set_trail (BitmazeMazeView *self,
                             const uint32_t  *cells,
                             size_t           n)
{
  const uint32_t *old;
  guint same = 0;

  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (cells != NULL || n == 0);

  /* A move changes the end of the trail: repaint from where the old and
   * the new trail part (the segment into that cell included). */
  old = (const uint32_t *) (gpointer) self->trail->data;
  while (same < self->trail->len && same < n && old[same] == cells[same])
    same++;
  if (same == self->trail->len && same == n)
    return;
  for (guint i = same > 0 ? same - 1 : 0; i < self->trail->len; i++)
    invalidate_cell (self, old[i]);
  g_array_set_size (self->trail, 0);
  if (n > 0)
    g_array_append_vals (self->trail, cells, (guint) n);
  for (guint i = same > 0 ? same - 1 : 0; i < n; i++)
    invalidate_cell (self, cells[i]);
}

double
bitmaze_maze_view_get_zoom (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), 1.0);

  return self->zoom;
}

void
bitmaze_maze_view_set_zoom (BitmazeMazeView *self,
                            double           zoom)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  zoom_at_center (self, zoom);
}

gboolean
bitmaze_maze_view_get_edit_mode (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->edit_mode;
}

void
bitmaze_maze_view_set_edit_mode (BitmazeMazeView *self,
                                 gboolean         edit_mode)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  edit_mode = !!edit_mode;
  if (self->edit_mode == (guint) edit_mode)
    return;
  self->edit_mode = edit_mode;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   edit_mode ? "crosshair" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDIT_MODE]);
}

gboolean
bitmaze_maze_view_get_show_search (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->show_search;
}

void
bitmaze_maze_view_set_show_search (BitmazeMazeView *self,
                                   gboolean         show_search)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  show_search = !!show_search;
  if (self->show_search == (guint) show_search)
    return;
  self->show_search = show_search;
  invalidate_tiles (self);
  pyramid_start (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SEARCH]);
}

gboolean
bitmaze_maze_view_get_show_solution (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->show_solution;
}

void
bitmaze_maze_view_set_show_solution (BitmazeMazeView *self,
                                     gboolean         show_solution)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  show_solution = !!show_solution;
  if (self->show_solution == (guint) show_solution)
    return;
  self->show_solution = show_solution;
  invalidate_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SOLUTION]);
}

BitmazeLabelMode
bitmaze_maze_view_get_label_mode (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), BITMAZE_LABEL_NONE);

  return self->label_mode;
}

void
bitmaze_maze_view_set_label_mode (BitmazeMazeView  *self,
                                  BitmazeLabelMode  mode)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (mode <= BITMAZE_LABEL_NIBBLE_HEX);

  if (self->label_mode == mode)
    return;
  self->label_mode = mode;
  invalidate_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_MODE]);
}

guint
bitmaze_maze_view_get_label_nibble (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), 0);

  return self->label_nibble;
}

void
bitmaze_maze_view_set_label_nibble (BitmazeMazeView *self,
                                    guint            nibble)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));
  g_return_if_fail (nibble <= 3);

  if (self->label_nibble == nibble)
    return;
  self->label_nibble = nibble;
  if (self->label_mode == BITMAZE_LABEL_NIBBLE_BIN ||
      self->label_mode == BITMAZE_LABEL_NIBBLE_HEX)
    invalidate_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_NIBBLE]);
}

int
bitmaze_maze_view_get_selected_cell (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), -1);

  return self->selected;
}

void
bitmaze_maze_view_set_selected_cell (BitmazeMazeView *self,
                                     int              index)
{
  int old;

  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  if (self->maze == NULL || index < 0 || (guint) index >= maze_n_cells (self->maze))
    index = -1;
  if (self->selected == index)
    return;

  old = self->selected;
  self->selected = index;
  if (old >= 0)
    invalidate_cell (self, (uint32_t) old);
  if (index >= 0)
    {
      invalidate_cell (self, (uint32_t) index);
      scroll_to_cell (self, (uint32_t) index);
    }
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
}

void
bitmaze_maze_view_set_high_contrast (BitmazeMazeView *self,
                                     gboolean         high_contrast)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  high_contrast = !!high_contrast;
  if (self->high_contrast == (guint) high_contrast)
    return;
  self->high_contrast = high_contrast;
  invalidate_tiles (self);
  pyramid_start (self);
}

gboolean
bitmaze_maze_view_get_high_contrast (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->high_contrast;
}

gboolean
bitmaze_maze_view_get_dark (BitmazeMazeView *self)
{
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  return self->dark;
}

int
bitmaze_maze_view_cell_at_point (BitmazeMazeView *self,
                                 double           x,
                                 double           y)
{
  RenderOptions options;
  double ox, oy;

  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), -1);

  if (self->maze == NULL)
    return -1;
  ensure_geometry (self);
  get_origin (self, &ox, &oy);
  get_render_options (self, &options);
  return (int) render_cell_at (self->maze, &options,
                               x * self->scale - ox, y * self->scale - oy);
}

gboolean
bitmaze_maze_view_get_cell_center (BitmazeMazeView *self,
                                   guint            index,
                                   double          *x,
                                   double          *y)
{
  RenderOptions options;
  cairo_rectangle_t rect;
  double ox, oy;

  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (self), FALSE);

  if (self->maze == NULL || index >= maze_n_cells (self->maze))
    return FALSE;
  ensure_geometry (self);
  get_origin (self, &ox, &oy);
  /* The renderer's own grid (shifted by half a pixel for odd walls). */
  get_render_options (self, &options);
  render_cell_extents (self->maze, &options, index, &rect);
  if (x != NULL)
    *x = (ox + rect.x + rect.width / 2.0) / self->scale;
  if (y != NULL)
    *y = (oy + rect.y + rect.height / 2.0) / self->scale;
  return TRUE;
}

void
bitmaze_maze_view_click_point (BitmazeMazeView *self,
                               double           x,
                               double           y,
                               GdkModifierType  state,
                               guint            button)
{
  int index;

  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  if (self->maze == NULL)
    return;

  index = bitmaze_maze_view_cell_at_point (self, x, y);

  if (self->edit_mode)
    {
      RenderOptions options;
      double ox, oy;
      uint32_t cell;
      uint16_t dir;

      get_origin (self, &ox, &oy);
      get_render_options (self, &options);
      if (index >= 0)
        bitmaze_maze_view_set_selected_cell (self, index);
      if (render_wall_at (self->maze, &options,
                          x * self->scale - ox, y * self->scale - oy,
                          self->cell * WALL_HIT_DISTANCE, &cell, &dir))
        g_signal_emit (self, signals[WALL_CLICKED], 0, (guint) cell, (guint) dir);
      return;
    }

  if (index < 0)
    return;
  bitmaze_maze_view_set_selected_cell (self, index);
  g_signal_emit (self, signals[CELL_CLICKED], 0, (guint) index, state, button);
}

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BitmazeMazeView *self)
{
  GdkModifierType state;
  guint button;

  button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  bitmaze_maze_view_click_point (self, x, y, state, button);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           BitmazeMazeView          *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           BitmazeMazeView          *self)
{
  GdkModifierType state;
  double steps;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  if ((state & GDK_CONTROL_MASK) == 0 || self->maze == NULL)
    return FALSE; /* let the scrolled window scroll */

  /* A wheel notch is one step; smooth scrolling comes in pixels. */
  steps = dy;
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE)
    steps /= 20.0;
  zoom_at (self, self->zoom * pow (ZOOM_STEP, -steps),
           self->pointer_x, self->pointer_y);
  return TRUE;
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               BitmazeMazeView  *self)
{
  self->gesture_zoom = self->zoom;
}

static void
zoom_scale_changed_cb (GtkGestureZoom  *gesture,
                       double           scale,
                       BitmazeMazeView *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = self->view_width / 2.0;
      y = self->view_height / 2.0;
    }
  zoom_at (self, self->gesture_zoom * scale, x, y);
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               BitmazeMazeView *self)
{
  self->drag_h = self->hadjustment ? gtk_adjustment_get_value (self->hadjustment) : 0.0;
  self->drag_v = self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0.0;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                BitmazeMazeView *self)
{
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, self->drag_h - dx);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, self->drag_v - dy);
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */
/* ------------------------------------------------------------------ */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  zoom_at_center (self, self->zoom * ZOOM_STEP);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  zoom_at_center (self, self->zoom / ZOOM_STEP);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  zoom_at_center (BITMAZE_MAZE_VIEW (widget), 1.0);
}

/* "(ii)": move the selection by (dx, dy) cells; with no selection, select
 * the start. */
static void
move_selection_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  int dx, dy;
  gint64 x, y, mw, mh;

  if (self->maze == NULL)
    return;
  if (self->selected < 0)
    {
      bitmaze_maze_view_set_selected_cell (self, (int) maze_start (self->maze));
      return;
    }

  g_variant_get (parameter, "(ii)", &dx, &dy);
  mw = maze_width (self->maze);
  mh = maze_height (self->maze);
  x = CLAMP (self->selected % mw + dx, 0, mw - 1);
  y = CLAMP (self->selected / mw + dy, 0, mh - 1);
  bitmaze_maze_view_set_selected_cell (self, (int) (y * mw + x));
}

/* "u": the keyboard's click on the selected cell, with modifier state. */
static void
activate_selection_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  GdkModifierType state = g_variant_get_uint32 (parameter);

  if (self->maze == NULL || self->edit_mode)
    return;
  if (self->selected < 0)
    {
      bitmaze_maze_view_set_selected_cell (self, (int) maze_start (self->maze));
      return;
    }
  g_signal_emit (self, signals[CELL_CLICKED], 0, (guint) self->selected, state, 0u);
}

/* "u": in edit mode, the keyboard's click on a wall of the selected cell. */
static void
toggle_wall_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  guint dir = g_variant_get_uint32 (parameter);

  if (self->maze == NULL || !self->edit_mode || self->selected < 0)
    return;
  if (maze_dir_index ((uint16_t) dir) < 0)
    return;
  g_signal_emit (self, signals[WALL_CLICKED], 0, (guint) self->selected, dir);
}

/* ------------------------------------------------------------------ */
/* GtkWidget                                                           */
/* ------------------------------------------------------------------ */

static void
bitmaze_maze_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  int cells = 0;

  if (self->maze != NULL)
    cells = orientation == GTK_ORIENTATION_HORIZONTAL ? (int) maze_width (self->maze)
                                                      : (int) maze_height (self->maze);
  *minimum = 32;
  /* Sixteen pixels a cell when there is room for it. */
  *natural = CLAMP (cells * 16 + 2 * VIEW_MARGIN, 32, 800);
}

static void
bitmaze_maze_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  double hvalue = self->hadjustment ? gtk_adjustment_get_value (self->hadjustment) : 0.0;
  double vvalue = self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0.0;

  update_geometry (self);
  update_adjustments (self, hvalue, vvalue);
  update_actions (self);
}

/* A tile not drawn yet shows the floor (a shaped maze has none around
 * it, so nothing). */
static void
append_floor_rect (BitmazeMazeView *self,
                   GtkSnapshot     *snapshot,
                   double           x,
                   double           y,
                   double           width,
                   double           height)
{
  RenderPalette palette;
  GdkRGBA colour;

  if (self->maze != NULL && maze_is_shaped (self->maze))
    return;

  get_palette (self, &palette);
  colour.red = palette.background.red;
  colour.green = palette.background.green;
  colour.blue = palette.background.blue;
  colour.alpha = palette.background.alpha;
  gtk_snapshot_append_color (snapshot, &colour, &GRAPHENE_RECT_INIT (x, y, width, height));
}

static void
append_floor (BitmazeMazeView *self,
              GtkSnapshot     *snapshot,
              int              tx,
              int              ty)
{
  double x = (double) tx * TILE_SIZE, y = (double) ty * TILE_SIZE;

  append_floor_rect (self, snapshot, x, y,
                     MIN ((double) TILE_SIZE, self->content_width - x),
                     MIN ((double) TILE_SIZE, self->content_height - y));
}

/* The last picture, @node drawn at @cell and @margin, becomes the
 * backdrop (NULL: none). */
static void
set_backdrop (BitmazeMazeView *self,
              GskRenderNode   *node,
              double           cell,
              double           margin)
{
  if (node != NULL)
    gsk_render_node_ref (node);
  g_clear_pointer (&self->backdrop, gsk_render_node_unref);
  g_clear_pointer (&self->backdrop_flat, cairo_surface_destroy);
  g_clear_pointer (&self->backdrop_scaled, gsk_render_node_unref);
  self->backdrop = node;
  self->backdrop_cell = cell;
  self->backdrop_margin = margin;
}

/* The backdrop scaled from its geometry to this one (a point of the
 * maze stays where it is in the maze) in the part @visible of the
 * content, or NULL.  Made once a zoom step and kept while the tiles
 * come: the renderer would otherwise scale it again in every frame (and
 * converted a texture's pixels too, half of a zoom step's CPU).  It is
 * made from one image of the backdrop: its tiles scaled one by one
 * would show the floor through the seams between them. */
static GskRenderNode *
scaled_backdrop (BitmazeMazeView       *self,
                 const graphene_rect_t *visible)
{
  double k = self->cell / self->backdrop_cell;
  double shift = self->margin - self->backdrop_margin * k;
  cairo_t *cr;

  if (self->backdrop_scaled != NULL && self->scaled_cell == self->cell
      && self->scaled_margin == self->margin && graphene_rect_equal (&self->scaled_rect, visible))
    return self->backdrop_scaled;
  g_clear_pointer (&self->backdrop_scaled, gsk_render_node_unref);

  if (self->backdrop_flat == NULL)
    {
      graphene_rect_t bounds;
      cairo_surface_t *flat;

      gsk_render_node_get_bounds (self->backdrop, &bounds);
      if (!(bounds.size.width >= 1.0 && bounds.size.height >= 1.0))
        return NULL;
      flat = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (bounds.size.width),
                                         (int) ceil (bounds.size.height));
      if (cairo_surface_status (flat) != CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_destroy (flat);
          return NULL;
        }
      cr = cairo_create (flat);
      cairo_translate (cr, -bounds.origin.x, -bounds.origin.y);
      gsk_render_node_draw (self->backdrop, cr);
      cairo_destroy (cr);
      self->backdrop_flat = flat;
      self->flat_origin = bounds.origin;
    }

  self->backdrop_scaled = gsk_cairo_node_new (visible);
  cr = gsk_cairo_node_get_draw_context (self->backdrop_scaled);
  cairo_translate (cr, shift, shift);
  cairo_scale (cr, k, k);
  cairo_set_source_surface (cr, self->backdrop_flat, self->flat_origin.x, self->flat_origin.y);
  /* (a picture for a moment: bilinear is enough, and the fastest) */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_destroy (cr);
  self->scaled_cell = self->cell;
  self->scaled_margin = self->margin;
  self->scaled_rect = *visible;
  return self->backdrop_scaled;
}

/* The last picture in this geometry under the visible part (@vx0, @vy0)
 * - (@vx1, @vy1) of the content: the floor where it does not reach. */
static void
append_backdrop (BitmazeMazeView *self,
                 GtkSnapshot     *snapshot,
                 double           vx0,
                 double           vy0,
                 double           vx1,
                 double           vy1)
{
  graphene_rect_t visible = GRAPHENE_RECT_INIT (vx0, vy0, vx1 - vx0, vy1 - vy0);
  GskRenderNode *scaled;

  append_floor_rect (self, snapshot, vx0, vy0, vx1 - vx0, vy1 - vy0);
  if (self->cell != self->backdrop_cell)
    {
      scaled = scaled_backdrop (self, &visible);
      if (scaled != NULL)
        gtk_snapshot_append_node (snapshot, scaled);
      return;
    }
  gtk_snapshot_push_clip (snapshot, &visible);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->margin - self->backdrop_margin,
                                                          self->margin - self->backdrop_margin));
  gtk_snapshot_append_node (snapshot, self->backdrop);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* The frame after one that left tiles undrawn or stale. */
static gboolean
redraw_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  self->redraw_tick_id = 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_REMOVE;
}

static void
bitmaze_maze_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);
  GtkSnapshot *content;
  GskRenderNode *tiles_node, *frame_node;
  GHashTableIter iter;
  gpointer value;
  double ox, oy, vx0, vy0, vx1, vy1;
  int tx0, ty0, tx1, ty1;
  gboolean pending = FALSE;
  guint next_first = 0;
  int n_tiles;
  gint64 start, budget;

  if (self->maze == NULL)
    return;
  ensure_geometry (self);
  if (!(self->cell > 0.0) || self->view_width <= 0 || self->view_height <= 0)
    return;

  get_origin (self, &ox, &oy);
  /* The visible part of the content, in content device pixels. */
  vx0 = MAX (0.0, -ox);
  vy0 = MAX (0.0, -oy);
  vx1 = MIN (self->content_width, (double) self->view_width * self->scale - ox);
  vy1 = MIN (self->content_height, (double) self->view_height * self->scale - oy);
  if (vx1 <= vx0 || vy1 <= vy0)
    return;

  if (self->pyramid != NULL)
    {
      render_pyramid_flush (self->pyramid);
      /* (out of memory for its marks, it starts over) */
      if (!render_pyramid_is_ready (self->pyramid) && self->pyramid_source_id == 0)
        self->pyramid_source_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, pyramid_build_cb,
                                                   self, NULL);
      pyramid_follow_run (self);
    }

  tx0 = (int) (vx0 / TILE_SIZE);
  ty0 = (int) (vy0 / TILE_SIZE);
  tx1 = (int) ceil (vx1 / TILE_SIZE);
  ty1 = (int) ceil (vy1 / TILE_SIZE);

  self->frame++;
  self->last_snapshot = g_get_monotonic_time ();
  budget = self->session != NULL && bitmaze_session_get_running (self->session)
           ? TILE_BUDGET_US : TILE_BUDGET_IDLE_US;
  start = g_get_monotonic_time ();
  budget = bitmaze_pacer_tile_budget (self->pacer, TILE_BUDGET_MIN_US, budget);
  /* The tiles, in content device pixels. */
  content = gtk_snapshot_new ();
  n_tiles = (ty1 - ty0) * (tx1 - tx0);
  for (int i = 0; i < n_tiles; i++)
    {
      /* Each frame starts where the last one ran out of time, so that
       * every tile gets its turn. */
      int t = (int) ((i + self->first_tile) % (guint) n_tiles);
      int tx = tx0 + t % (tx1 - tx0), ty = ty0 + t / (tx1 - tx0);
      gint64 key = tile_key (tx, ty);
      Tile *tile = g_hash_table_lookup (self->tiles, &key);
      /* Drawing stops once the budget is spent (after one tile at
       * least): the window keeps its frame rate on a huge maze, and the
       * rest follows in the next frames. */
      gboolean over = g_get_monotonic_time () - start > budget;

      if (over && !pending)
        next_first = t;

      if (tile == NULL && over)
        {
          /* (the last picture shows through, else the floor) */
          if (self->backdrop == NULL)
            append_floor (self, content, tx, ty);
          pending = TRUE;
          continue;
        }
      if (tile == NULL)
        {
          gint64 *k = g_new (gint64, 1);

          *k = key;
          tile = tile_new (self, tx, ty);
          g_hash_table_insert (self->tiles, k, tile);
          self->grid_valid = FALSE;
        }
      else if (tile->stamp != self->stamp && !over)
        tile_repaint (self, tile);
      else if (tile->stamp != self->stamp)
        pending = TRUE;
      if (tile->stamp == self->stamp && tile->dirty != 0 && over)
        pending = TRUE;
      else if (tile->stamp == self->stamp)
        tile_flush_dirty (self, tile);
      tile->last_frame = self->frame;
      gtk_snapshot_append_node (content, tile_get_node (tile));
    }
  tiles_node = gtk_snapshot_free_to_node (content);

  /* Until every tile is drawn, the last whole picture fills the gaps;
   * a picture with gaps becomes the next backdrop only at another
   * scale (so the backdrops nest once a zoom step, not once a frame). */
  if (pending && self->backdrop != NULL)
    {
      content = gtk_snapshot_new ();
      append_backdrop (self, content, vx0, vy0, vx1, vy1);
      if (tiles_node != NULL)
        gtk_snapshot_append_node (content, tiles_node);
      frame_node = gtk_snapshot_free_to_node (content);
    }
  else
    frame_node = tiles_node != NULL ? gsk_render_node_ref (tiles_node) : NULL;
  if (frame_node != NULL &&
      (!pending || self->backdrop == NULL || self->backdrop_cell != self->cell ||
       self->backdrop_margin != self->margin))
    {
      set_backdrop (self, frame_node, self->cell, self->margin);
    }
  if (frame_node != NULL)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_scale (snapshot, 1.0 / self->scale, 1.0 / self->scale);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (ox, oy));
      gtk_snapshot_append_node (snapshot, frame_node);
      gtk_snapshot_restore (snapshot);
      gsk_render_node_unref (frame_node);
    }
  g_clear_pointer (&tiles_node, gsk_render_node_unref);

  self->first_tile = next_first;
  bitmaze_pacer_snapshot_ended (self->pacer);
  /* The next frame paints too: a Run hands no batch over in it (see
   * queue_draw_paced ()). */
  if (pending)
    bitmaze_pacer_draw_queued (self->pacer);
  if (pending && self->redraw_tick_id == 0)
    self->redraw_tick_id = gtk_widget_add_tick_callback (widget, redraw_tick, NULL, NULL);

  /* Tiles scrolled out of view are drawn again if they come back. */
  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Tile *) value)->last_frame != self->frame)
      {
        g_hash_table_iter_remove (&iter);
        self->grid_valid = FALSE;
      }
}

static void
dark_changed_cb (BitmazeMazeView *self,
                 GParamSpec      *pspec,
                 AdwStyleManager *manager)
{
  gboolean dark = adw_style_manager_get_dark (manager);

  if (self->dark == (guint) dark)
    return;
  self->dark = dark;
  invalidate_tiles (self);
  pyramid_start (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}

static void
scale_factor_changed_cb (BitmazeMazeView *self)
{
  invalidate_geometry (self);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_maze_view_dispose (GObject *object)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (object);

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_value_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_value_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  if (self->redraw_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->redraw_tick_id);
      self->redraw_tick_id = 0;
    }
  g_clear_handle_id (&self->paced_draw_id, g_source_remove);
  pyramid_stop (self);
  g_clear_pointer (&self->pyramid, render_pyramid_free);
  set_backdrop (self, NULL, 0.0, 0.0);
  if (self->tiles != NULL)
    g_hash_table_remove_all (self->tiles);
  self->grid_valid = FALSE;
  g_clear_pointer (&self->grid, g_free);
  g_clear_pointer (&self->spans, block_spans_free);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->pacer);
  self->maze = NULL;

  G_OBJECT_CLASS (bitmaze_maze_view_parent_class)->dispose (object);
}

static void
bitmaze_maze_view_finalize (GObject *object)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (object);

  free_bitmaps (self);
  g_clear_pointer (&self->frontier, g_array_unref);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->region_frontier, g_array_unref);
  g_clear_pointer (&self->region_changed, g_array_unref);
  g_clear_pointer (&self->trail, g_array_unref);
  g_clear_pointer (&self->tiles, g_hash_table_unref);
  g_clear_pointer (&self->session_frontier, g_free);

  G_OBJECT_CLASS (bitmaze_maze_view_parent_class)->finalize (object);
}

static void
bitmaze_maze_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_EDIT_MODE:
      g_value_set_boolean (value, self->edit_mode);
      break;
    case PROP_SHOW_SEARCH:
      g_value_set_boolean (value, self->show_search);
      break;
    case PROP_SHOW_SOLUTION:
      g_value_set_boolean (value, self->show_solution);
      break;
    case PROP_LABEL_MODE:
      g_value_set_enum (value, self->label_mode);
      break;
    case PROP_LABEL_NIBBLE:
      g_value_set_uint (value, self->label_nibble);
      break;
    case PROP_SELECTED_CELL:
      g_value_set_int (value, self->selected);
      break;
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_maze_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      bitmaze_maze_view_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_EDIT_MODE:
      bitmaze_maze_view_set_edit_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_SEARCH:
      bitmaze_maze_view_set_show_search (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_SOLUTION:
      bitmaze_maze_view_set_show_solution (self, g_value_get_boolean (value));
      break;
    case PROP_LABEL_MODE:
      bitmaze_maze_view_set_label_mode (self, g_value_get_enum (value));
      break;
    case PROP_LABEL_NIBBLE:
      bitmaze_maze_view_set_label_nibble (self, g_value_get_uint (value));
      break;
    case PROP_SELECTED_CELL:
      bitmaze_maze_view_set_selected_cell (self, g_value_get_int (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_move_binding (GtkWidgetClass *widget_class,
                  guint           keyval,
                  guint           kp_keyval,
                  int             dx,
                  int             dy,
                  guint           dir)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, 0,
                                       "view.move-selection", "(ii)", dx, dy);
  gtk_widget_class_add_binding_action (widget_class, kp_keyval, 0,
                                       "view.move-selection", "(ii)", dx, dy);
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_CONTROL_MASK,
                                       "view.toggle-wall", "u", dir);
  /* (The window takes plain Left and Right to step, outside Edit Walls:
   * Shift with an arrow picks a cell whatever the tool.) */
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_SHIFT_MASK,
                                       "view.move-selection", "(ii)", dx, dy);
}

static void
frame_begins (GdkFrameClock   *clock,
              BitmazeMazeView *self)
{
  bitmaze_pacer_frame_begins (self->pacer);
}

/* What rendering took after the tiles, remembered as a maximum that fades
 * by an eighth a frame: one slow frame does not shrink the tiles' share
 * for long, a steady cost keeps it small. */
static void
frame_ends (GdkFrameClock   *clock,
            BitmazeMazeView *self)
{
  bitmaze_pacer_frame_ends (self->pacer);
}

static void
bitmaze_maze_view_realize (GtkWidget *widget)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  GTK_WIDGET_CLASS (bitmaze_maze_view_parent_class)->realize (widget);
  self->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->before_paint_id = g_signal_connect (self->clock, "before-paint",
                                            G_CALLBACK (frame_begins), self);
  self->after_paint_id = g_signal_connect (self->clock, "after-paint",
                                           G_CALLBACK (frame_ends), self);
}

static void
bitmaze_maze_view_unrealize (GtkWidget *widget)
{
  BitmazeMazeView *self = BITMAZE_MAZE_VIEW (widget);

  g_clear_signal_handler (&self->before_paint_id, self->clock);
  g_clear_signal_handler (&self->after_paint_id, self->clock);
  g_clear_object (&self->clock);
  bitmaze_pacer_forget_frames (self->pacer);
  GTK_WIDGET_CLASS (bitmaze_maze_view_parent_class)->unrealize (widget);
}

static void
bitmaze_maze_view_class_init (BitmazeMazeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_maze_view_dispose;
  object_class->finalize = bitmaze_maze_view_finalize;
  object_class->get_property = bitmaze_maze_view_get_property;
  object_class->set_property = bitmaze_maze_view_set_property;

  widget_class->measure = bitmaze_maze_view_measure;
  widget_class->size_allocate = bitmaze_maze_view_size_allocate;
  widget_class->snapshot = bitmaze_maze_view_snapshot;
  widget_class->realize = bitmaze_maze_view_realize;
  widget_class->unrealize = bitmaze_maze_view_unrealize;

  /**
   * BitmazeMazeView:zoom:
   *
   * 1.0 shows the whole maze; larger values zoom in (and scroll).
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         1.0, ZOOM_MAX, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeMazeView:edit-mode:
   *
   * Whether a click toggles the nearest wall (#BitmazeMazeView::wall-clicked)
   * instead of choosing a cell (#BitmazeMazeView::cell-clicked).
   */
  properties[PROP_EDIT_MODE] =
    g_param_spec_boolean ("edit-mode", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SHOW_SEARCH] =
    g_param_spec_boolean ("show-search", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SHOW_SOLUTION] =
    g_param_spec_boolean ("show-solution", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_LABEL_MODE] =
    g_param_spec_enum ("label-mode", NULL, NULL,
                       BITMAZE_TYPE_LABEL_MODE, BITMAZE_LABEL_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_LABEL_NIBBLE] =
    g_param_spec_uint ("label-nibble", NULL, NULL,
                       0, 3, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeMazeView:selected-cell:
   *
   * The cell chosen by a click or with the arrow keys, -1 for none.
   */
  properties[PROP_SELECTED_CELL] =
    g_param_spec_int ("selected-cell", NULL, NULL,
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeMazeView:dark:
   *
   * Whether the maze is drawn with the dark palette; follows the style
   * manager's dark style.
   */
  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * BitmazeMazeView::cell-clicked:
   * @index: the cell
   * @state: the modifier keys held (Shift chooses the goal)
   * @button: the mouse button (GDK_BUTTON_SECONDARY chooses the goal), 0
   *   for Enter
   *
   * A click on a cell outside edit mode, or Enter on the selected cell.
   */
  signals[CELL_CLICKED] =
    g_signal_new ("cell-clicked",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3,
                  G_TYPE_UINT, GDK_TYPE_MODIFIER_TYPE, G_TYPE_UINT);

  /**
   * BitmazeMazeView::wall-clicked:
   * @index: a cell beside the wall
   * @dir: the side of @index the wall is on (MAZE_N, MAZE_E, MAZE_S, MAZE_W)
   *
   * In edit mode, a click near a wall (or Ctrl+arrow on the selected cell).
   */
  signals[WALL_CLICKED] =
    g_signal_new ("wall-clicked",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "bitmaze-maze-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  gtk_widget_class_install_action (widget_class, "view.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_action (widget_class, "view.move-selection", "(ii)",
                                   move_selection_action);
  gtk_widget_class_install_action (widget_class, "view.activate-selection", "u",
                                   activate_selection_action);
  gtk_widget_class_install_action (widget_class, "view.toggle-wall", "u",
                                   toggle_wall_action);

  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0, MAZE_W);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0, MAZE_E);
  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, -1, MAZE_N);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, 1, MAZE_S);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0,
                                       "view.activate-selection", "u", 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0,
                                       "view.activate-selection", "u", 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, 0,
                                       "view.activate-selection", "u", 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_SHIFT_MASK,
                                       "view.activate-selection", "u", GDK_SHIFT_MASK);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_SHIFT_MASK,
                                       "view.activate-selection", "u", GDK_SHIFT_MASK);
}

static void
bitmaze_maze_view_init (BitmazeMazeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkEventController *controller;
  GtkGesture *gesture;

  self->pacer = bitmaze_pacer_new ();
  self->zoom = 1.0;
  self->selected = -1;
  self->show_search = TRUE;
  self->show_solution = TRUE;
  self->scale = 1;
  self->frontier = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->region_frontier = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->region_changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->trail = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, tile_free);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  self->dark = adw_style_manager_get_dark (manager);
  g_signal_connect_object (manager, "notify::dark",
                           G_CALLBACK (dark_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::scale-factor",
                    G_CALLBACK (scale_factor_changed_cb), NULL);

  /* Primary and secondary click choose cells; the middle button pans. */
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, controller);

  update_actions (self);
  update_accessible (self);
}

void
bitmaze_maze_view_get_palette (BitmazeMazeView *self,
                               RenderPalette   *palette)
{
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (self));

  get_palette (self, palette);
}
