/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render.h: draws a Bitmaze maze with cairo, the whole of its API.
 *
 * The renderer only reads cells (src/engine/maze.h) and draws them into any
 * cairo_t: a window (the app's snapshot through gtk_snapshot_append_cairo),
 * an image surface, an SVG or a PDF surface.  It needs cairo and libc only,
 * no GLib and no GTK.
 *
 * Geometry.  All lengths in RenderOptions are in the user units of the
 * cairo_t drawn to: pixels for an image, points for PDF and SVG.  The maze
 * occupies the rectangle (0, 0) .. render_get_size(); cell (x, y) is
 * the square whose top-left corner is
 *
 *     (margin + x * cell_size, margin + y * cell_size)
 *
 * and walls are lines of wall_width centred on the grid lines between the
 * squares (so half of the outer wall lies in the margin; keep margin >=
 * wall_width / 2).  When wall_width is an odd whole number (1, 3, ...) the
 * grid is shifted by half a unit (+ 0.5 to both coordinates above) so that
 * such walls cover whole pixels and stay crisp; the size of the drawing
 * does not change.  render_cell_extents() always gives the truth.  To draw at another place or zoom, transform the cairo_t
 * first (cairo_translate, cairo_scale); the hit-testing helpers then take
 * points in those same user units.
 *
 * Layers, bottom to top (RenderLayers):
 *
 *   BACKGROUND  the floor: palette.background over the whole area (cells and
 *               margin of the region), opaque.
 *   CELLS       whole-cell fills: search (cells with backtrack bits),
 *               solution cells in RENDER_SOLUTION_FILL style, frontier
 *               cells, "changed" highlight, and the labels.  A fill covers
 *               the cell's square and half a wall around it (the walls
 *               drawn on top hide that part where they stand).
 *   WALLS       the walls and the outer border with its openings (gaps),
 *               transparent everywhere else, so an app can cache this layer
 *               in a texture and composite it over BACKGROUND + CELLS.
 *   OVERLAY     the solution line (RENDER_SOLUTION_LINE), the start and goal
 *               markers (inside their cells), the player's trail and the
 *               player over them, and the selected cell's outline.
 *
 * Drawing the four layers of a region in that order gives exactly the
 * pixels a full render_draw() gives inside that region: this is the
 * contract the partial redraw relies on.
 *
 * Errors follow the engine's convention: functions that can fail take a
 * MazeError * (may be NULL) and return a MazeStatus.  Drawing into a
 * cairo_t never fails by itself; check cairo_status() of the context or
 * surface afterwards if you care.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cairo.h>

#include "maze.h"
#include "maze-output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Palette and options                                                 */
/* ------------------------------------------------------------------ */

/* A colour with components 0..1, not premultiplied (cairo_set_source_rgba). */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} RenderRgba;

/*
 * Every colour the renderer uses.  The app fills it from its theme
 * (libadwaita's light or dark style, the accent colour); the CLI and the
 * tests take one of the two built-in palettes.  A colour with alpha < 1 is
 * composited as a whole layer (no darker corners where wall runs meet).
 */
typedef struct
{
  RenderRgba background; /* the floor of cells and margin */
  RenderRgba wall;       /* walls and the outer border */
  RenderRgba search;     /* cells the search reached (backtrack bits) */
  RenderRgba solution;   /* the solution line or solution cells */
  RenderRgba frontier;   /* cells in the caller's frontier list */
  RenderRgba changed;    /* highlight of cells a step just changed */
  RenderRgba selected;   /* outline of the selected cell */
  RenderRgba trail;      /* the player's trail and the player itself */
  RenderRgba start;      /* start marker */
  RenderRgba goal;       /* goal marker */
  RenderRgba label;      /* label text */
} RenderPalette;

/* Dark walls on white, yellow search, red solution. */
void render_palette_light (RenderPalette *palette);

/* Light walls on a dark background, same meaning of colours. */
void render_palette_dark  (RenderPalette *palette);

/* ------------------------------------------------------------------ */
/* The colour legend                                                   */
/* ------------------------------------------------------------------ */

/*
 * What the colours of a search mean, drawn in the maze's own colours, so
 * that one palette means the same in the window, the presentation view,
 * exported files and the students' page.  The frontier is named for the
 * algorithm (its descriptor's legend: "queue" for BFS, "stack" for DFS,
 * "open set" for A*).
 */
typedef enum
{
  RENDER_LEGEND_VISITED = 0, /* cells the search reached: palette.search */
  RENDER_LEGEND_FRONTIER,    /* its working set: palette.frontier */
  RENDER_LEGEND_PATH,        /* the solution: palette.solution */
  RENDER_LEGEND_START,       /* the start marker: palette.start */
  RENDER_LEGEND_GOAL,        /* the goal marker: palette.goal */
  RENDER_LEGEND_N_ITEMS
} RenderLegendItem;

/* The English label of @item (MAZE_N_: translate it): "visited",
 * @algorithm's legend word or "frontier" (also for a NULL @algorithm),
 * "path", "start", "goal". */
const char *render_legend_label (RenderLegendItem     item,
                                 const MazeAlgorithm *algorithm);

/* The colour the maze draws @item in, from @palette. */
RenderRgba  render_legend_colour (const RenderPalette *palette,
                                  RenderLegendItem     item);

/* Draws the swatch of @item in the @size x @size square at @x, @y as the
 * maze draws it: a cell filled in the search's or the frontier's colour,
 * a stretch of the path's line, the start's disc, the goal's square, each
 * on the maze's background and framed in its wall colour. */
void render_legend_swatch (cairo_t             *cr,
                           const RenderPalette *palette,
                           RenderLegendItem     item,
                           double               x,
                           double               y,
                           double               size);

/**
 * render_legend_draw:
 * @cr: (nullable): where to draw, at the user-space origin; NULL only
 *      measures (with a scratch surface)
 * @labels: (nullable): RENDER_LEGEND_N_ITEMS texts in the reader's
 *          language; NULL, or a NULL entry, takes render_legend_label()
 * @font_size: of the labels, in user units; the swatches are as high
 * @max_width: wrap to a new row before an item that would pass it
 *             (0: one row, however wide)
 * @width, @height: (out) (optional): the size the legend takes
 *
 * Draws the five items, swatch and label, in rows, the labels in
 * palette->label.
 */
void render_legend_draw (cairo_t              *cr,
                         const RenderPalette  *palette,
                         const MazeAlgorithm  *algorithm,
                         const char *const    *labels,
                         double                font_size,
                         double                max_width,
                         double               *width,
                         double               *height);

typedef enum
{
  RENDER_SOLUTION_LINE = 0, /* a line through the centres of the path cells */
  RENDER_SOLUTION_FILL,     /* the path cells filled (goal included) */
} RenderSolutionStyle;

typedef enum
{
  RENDER_LABEL_NONE = 0,
  RENDER_LABEL_WORD_HEX,   /* the whole cell word: "02D2" */
  RENDER_LABEL_NIBBLE_BIN, /* one nibble (label_nibble) in binary: "0010" */
  RENDER_LABEL_NIBBLE_HEX, /* one nibble (label_nibble) in hex: "2" */
} RenderLabelMode;

/* Smallest font size (user units) a label is drawn with; cells too small
 * to hold the label at this size get no label at all. */
#define RENDER_MIN_LABEL_SIZE 6.0

/* A level-of-detail pyramid of a maze's overview (see render_pyramid_new()). */
typedef struct _RenderPyramid RenderPyramid;

/* Value of RenderOptions.selected for "no cell selected". */
#define RENDER_NO_CELL UINT32_MAX

typedef struct
{
  double              cell_size;   /* side of a cell, > 0 */
  double              wall_width;  /* 0 <= wall_width < cell_size */
  double              margin;      /* around the maze, >= 0 */

  bool                show_search;    /* fill cells with backtrack bits */
  bool                show_solution;  /* draw the solution nibbles */
  RenderSolutionStyle solution_style;
  bool                show_markers;   /* start and goal markers */

  RenderLabelMode     label_mode;
  unsigned            label_nibble;   /* 0 passages, 1 border, 2 solution,
                                         3 backtrack (the shift / 4) */

  RenderPalette       palette;

  /* Cells given by the caller (not owned; NULL when the count is 0).  The
   * frontier is the solver's or generator's working set, e.g. from
   * maze_solver_frontier(); changed are the cells a step just changed
   * (MazeStep.changes[].index); the trail is the player's walk in order,
   * its last cell is where the player stands.  Consecutive trail cells
   * that are not neighbours are not joined. */
  const uint32_t     *frontier;
  size_t              n_frontier;
  const uint32_t     *changed;
  size_t              n_changed;
  const uint32_t     *trail;
  size_t              n_trail;

  uint32_t            selected;    /* a cell index or RENDER_NO_CELL */

  /* When not NULL and ready for this maze and these colours, cells of
   * less than a quarter of a device pixel are drawn from it (see
   * render_pyramid_new()); otherwise from the cells.  Not owned. */
  const RenderPyramid *pyramid;
} RenderOptions;

/*
 * render_options_init:
 * Fills @options with the defaults: cell_size 16, wall_width 2, margin 8,
 * search and solution and markers shown, solution as a line, no labels,
 * the light palette, no frontier / changed / trail cells, nothing selected.
 */
void render_options_init (RenderOptions *options);

/*
 * render_options_check:
 * Checks the numbers of @options (cell size, wall width, margin, label
 * nibble) for use with @maze (@maze may be NULL: then only the numbers
 * are checked).  Returns true, or false with MAZE_ERROR_ARGUMENT and a
 * message naming the bad value.  The draw functions expect checked options
 * (they clamp rather than fail); the file functions check for themselves.
 */
bool render_options_check (const Maze          *maze,
                           const RenderOptions *options,
                           MazeError           *error);

/* ------------------------------------------------------------------ */
/* Drawing                                                             */
/* ------------------------------------------------------------------ */

/*
 * The overview pyramid.
 *
 * Zoomed far out, one device pixel of a huge maze stands for many cells,
 * and averaging them all again for every zoom or pan step costs a read
 * of the whole maze.  A pyramid keeps those averages: level 0 holds one
 * colour for each block of RENDER_PYRAMID_BLOCK x RENDER_PYRAMID_BLOCK
 * cells (the floor, walls and searched cells averaged as the overview
 * draws them, plus one bit: a cell of the solution is in the block), and
 * each level above one colour for 2 x 2 blocks of the level below.  A
 * pixel standing for at least RENDER_PYRAMID_BLOCK cells a side is drawn
 * from the coarsest level whose blocks are no bigger than the pixel: a
 * few reads a pixel, whatever the maze's size.
 *
 * Memory: 4 bytes a block of level 0 and a third of that again for the
 * levels above, that is 1/3 byte a cell, a sixth of the maze's own 2
 * bytes a cell (a 10000 x 10000 maze: 33 MB beside its 200 MB), and one
 * bit a block to mark the changed ones.
 *
 * It is built in slices (render_pyramid_build()), so that a caller can
 * spread the work over frames, and follows the cells a step changed
 * (render_pyramid_cells_changed(), then render_pyramid_flush() before
 * drawing).  Only rectangular mazes have one (a shaped maze's average
 * leaves its outside out, cell by cell).
 */

/* Side, in cells, of a block of the pyramid's finest level. */
#define RENDER_PYRAMID_BLOCK 4

/*
 * render_pyramid_bytes:
 * Returns the memory a pyramid of a @width x @height maze takes.
 */
size_t render_pyramid_bytes (uint32_t width,
                             uint32_t height);

/*
 * render_pyramid_new:
 * Allocates a pyramid for @maze, a rectangular one (not shaped), not
 * built yet; @maze must outlive it.  Returns NULL with MAZE_ERROR_NOMEM
 * and a message saying how many bytes could not be allocated.  Free with
 * render_pyramid_free().
 */
RenderPyramid *render_pyramid_new (const Maze *maze,
                                   MazeError  *error);

void render_pyramid_free (RenderPyramid *pyramid);

/*
 * render_pyramid_reset:
 * Starts the pyramid over for the colours of @options (palette, the wall
 * width's share of a cell, whether the search is shown): not ready until
 * render_pyramid_build() has gone over the whole maze.  Call it too after
 * the maze's cells all changed (another maze in the same memory).
 */
void render_pyramid_reset (RenderPyramid       *pyramid,
                           const RenderOptions *options);

/*
 * render_pyramid_build:
 * Builds at most @max_rows rows of blocks of level 0, or after them of
 * one level above at a time as much work (2^k times as many rows of
 * level k, each a 2^k-th as long).  Returns true once the pyramid is
 * ready: then every level holds its blocks' averages, and what changed
 * while it was built is in them.
 */
bool render_pyramid_build (RenderPyramid *pyramid,
                           uint32_t       max_rows);

/*
 * render_pyramid_is_ready:
 * Returns whether the pyramid was built since its last reset.
 */
bool render_pyramid_is_ready (const RenderPyramid *pyramid);

/*
 * render_pyramid_cells_changed:
 * Marks the blocks of the @n cells @cells (indices) to be brought up to
 * date by render_pyramid_flush().  Cheap: one bit a cell.
 */
void render_pyramid_cells_changed (RenderPyramid  *pyramid,
                                   const uint32_t *cells,
                                   size_t          n);

/*
 * render_pyramid_marked:
 * The blocks of level 0 marked since the last flush, in the order they
 * were marked, each once: block (bx, by) is bx + by x the maze's width
 * in blocks (its cells are those of x in 4 bx .. 4 bx + 3, y in 4 by ..
 * 4 by + 3).  Into @n, how many.  A caller that marks cells can read
 * the new blocks after the old count: the cells of a ready pyramid's
 * block marked before are not marked again.
 */
const uint32_t *render_pyramid_marked (const RenderPyramid *pyramid,
                                       size_t              *n);

/*
 * render_pyramid_flush:
 * Works the changed blocks into every level of the pyramid.
 */
void render_pyramid_flush (RenderPyramid *pyramid);

typedef enum
{
  RENDER_LAYER_BACKGROUND = 1 << 0,
  RENDER_LAYER_CELLS      = 1 << 1,
  RENDER_LAYER_WALLS      = 1 << 2,
  RENDER_LAYER_OVERLAY    = 1 << 3,
  RENDER_LAYER_ALL        = 0xF,
} RenderLayers;

/* A rectangle of cells: columns x .. x + width - 1, rows y .. y + height - 1. */
typedef struct
{
  uint32_t x;
  uint32_t y;
  uint32_t width;
  uint32_t height;
} RenderCellRect;

/*
 * render_draw:
 * Draws the whole maze, all layers, with the maze's top-left corner (the
 * outer edge of the margin) at the user-space origin of @cr.  The state of
 * @cr is saved and restored.  For a huge maze in a window, prefer
 * render_draw_region() with the visible cells: the cost is
 * proportional to the cells drawn.
 */
void render_draw (cairo_t             *cr,
                  const Maze          *maze,
                  const RenderOptions *options);

/*
 * render_draw_region:
 * @region: the cells to redraw, clamped to the maze; NULL for all
 * @layers: a mask of RenderLayers
 *
 * Draws @layers of the cells in @region only, clipped to
 * render_region_extents() (the cells' squares, grown by half a wall,
 * and into the margin where the region touches the edge of the maze).
 * Inside that clip the pixels are the same as those of a full draw, so an
 * app repaints just the cells a step changed, or just the visible part of
 * a huge maze, and a walls-only texture (RENDER_LAYER_WALLS) lines up
 * with a cells-only repaint.  The state of @cr is saved and restored.
 */
void render_draw_region (cairo_t              *cr,
                         const Maze           *maze,
                         const RenderOptions  *options,
                         const RenderCellRect *region,
                         unsigned              layers);

/* ------------------------------------------------------------------ */
/* Geometry and hit-testing                                            */
/* ------------------------------------------------------------------ */

/* The size of the whole drawing: 2 * margin + cells * cell_size. */
void render_get_size (const Maze          *maze,
                      const RenderOptions *options,
                      double              *width,
                      double              *height);

/* The square of cell @index (without its walls) in user units. */
void render_cell_extents (const Maze          *maze,
                          const RenderOptions *options,
                          uint32_t             index,
                          cairo_rectangle_t   *rect);

/* The area render_draw_region() paints for @region (NULL: all): what
 * the app invalidates / clips to.  Returns false (and an empty @rect) when
 * the region is empty or outside the maze. */
bool render_region_extents (const Maze           *maze,
                            const RenderOptions  *options,
                            const RenderCellRect *region,
                            cairo_rectangle_t    *rect);

/*
 * render_cells_in_rect:
 * The cells whose squares (or walls) meet the user-space rectangle (@x, @y,
 * @width, @height), e.g. the visible part of a scrolled view.  Returns
 * false (and an empty @region) when it meets none.
 */
bool render_cells_in_rect (const Maze          *maze,
                           const RenderOptions *options,
                           double               x,
                           double               y,
                           double               width,
                           double               height,
                           RenderCellRect      *region);

/*
 * render_cell_at:
 * Returns the index of the cell whose square holds the point (@x, @y), or
 * -1 when the point is in the margin or outside the drawing.
 */
int64_t render_cell_at (const Maze          *maze,
                        const RenderOptions *options,
                        double               x,
                        double               y);

/*
 * render_wall_at:
 * @max_distance: how far from the wall's centre line a point may be;
 *                <= 0 means half a cell
 * @cell: (out): a cell on one side of the wall
 * @dir: (out): the side of @cell the wall is on (one of MAZE_N/E/S/W)
 *
 * Finds the wall nearest to (@x, @y), standing or knocked down, for the
 * edit mode: pass the answer to maze_set_wall_open() to toggle it.  An
 * interior wall is reported from the cell west of it (@dir MAZE_E) or north
 * of it (@dir MAZE_S); a wall of the outer border from the cell inside
 * (@dir the border side), also where a shaped maze's edge runs between a
 * cell of the maze and one outside it.  Returns false when no wall is
 * within @max_distance, the point is outside the maze's walls, or the
 * nearest grid line runs between two cells outside the shape.
 */
bool render_wall_at (const Maze          *maze,
                     const RenderOptions *options,
                     double               x,
                     double               y,
                     double               max_distance,
                     uint32_t            *cell,
                     uint16_t            *dir);

/* Does a label of the current label_mode fit in a cell of these options
 * (font size >= RENDER_MIN_LABEL_SIZE)?  False for RENDER_LABEL_NONE. */
bool render_labels_fit (const RenderOptions *options);

/*
 * render_fit_cell_size:
 * The largest cell size (a whole number of units, at least 1, the other
 * options unchanged) for which the drawing fits in @max_width x @max_height;
 * 0 when not even a 1-unit cell fits.  For "zoom to fit" and for images
 * too large for cairo.
 */
double render_fit_cell_size (const Maze          *maze,
                             const RenderOptions *options,
                             double               max_width,
                             double               max_height);

/*
 * render_auto_size:
 * Sizes @options for a picture of the whole maze when nobody chose a cell
 * size: the options' cell size (16 by default) for small mazes, smaller
 * ones for big mazes so the picture stays within about
 * RENDER_AUTO_SIDE units a side (a 2000x2000 maze gets 2-unit cells:
 * a 4000-pixel PNG of a few megabytes rather than a 32000-pixel one of
 * gigabytes), never below 2; walls and margin shrink with the cells.
 */
#define RENDER_AUTO_SIDE 4096
/*
 * render_size_to_width:
 * Sizes @options so that the drawing is exactly @width units wide (a
 * 1920-pixel PNG for a slide): the largest whole cell size that leaves a
 * margin of at least half a cell, walls an eighth of a cell (at least
 * one unit), the margin taking what is left.  Returns false, @options
 * unchanged, when @width cannot give the maze cells of 2 units.
 */
bool render_size_to_width (const Maze    *maze,
                           RenderOptions *options,
                           double         width);

void render_auto_size (const Maze    *maze,
                       RenderOptions *options);

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

typedef enum
{
  RENDER_FORMAT_PNG = 0,
  RENDER_FORMAT_SVG,
  RENDER_FORMAT_PDF,
} RenderFormat;

/* Largest side, in pixels, of a PNG (cairo's limit for image surfaces). */
#define RENDER_MAX_IMAGE_SIDE 32767

/* Most pixels of a PNG in all (the cell size times the maze's size, plus
 * the margins): 100 million, 400 MB of memory while it is drawn. */
#define RENDER_MAX_IMAGE_PIXELS 100000000.0

/* "png", "svg", "pdf" (any case, with or without a leading '.') <->
 * RenderFormat; -1 when unknown. */
int         render_format_from_name (const char  *name);
const char *render_format_name      (RenderFormat format);

/* The format named by @path's extension (case-insensitive), or -1. */
int         render_format_from_path (const char  *path);

/*
 * render_to_file:
 * @format: "png", "svg" or "pdf", or NULL to take it from @path's extension
 *
 * Draws the whole maze into a new file.  PNG: one pixel per unit, the size
 * render_get_size() rounded up; SVG and PDF: one page of exactly that
 * size in points.  @path is written by the rule of maze-output.h: a
 * regular file is replaced atomically (a temporary file in the same
 * folder, flushed to disk and renamed over @path), so a failure never
 * leaves a partial file and keeps an old file of that name as it was; a
 * device or FIFO is written directly; a read-only file is refused.
 *
 * Returns: MAZE_OK; MAZE_ERROR_ARGUMENT for an unknown format or extension
 * or bad options; MAZE_ERROR_SIZE for a PNG larger than
 * RENDER_MAX_IMAGE_SIDE a side or RENDER_MAX_IMAGE_PIXELS in all (the
 * message suggests a cell size that fits);
 * MAZE_ERROR_NOMEM; MAZE_ERROR_IO with the path and the system's or
 * cairo's reason.
 */
MazeStatus render_to_file (const Maze          *maze,
                           const RenderOptions *options,
                           const char          *path,
                           const char          *format,
                           MazeError           *error);

/*
 * render_to_stream:
 * Same as render_to_file() but hands the bytes to @write_func (a
 * cairo write callback returning CAIRO_STATUS_WRITE_ERROR on failure).
 * On failure some bytes may already have been written.
 */
MazeStatus render_to_stream (const Maze          *maze,
                             const RenderOptions *options,
                             RenderFormat         format,
                             cairo_write_func_t   write_func,
                             void                *closure,
                             MazeError           *error);

/* A cairo write callback whose @closure is a MazeOutput (maze-output.h):
 * CAIRO_STATUS_WRITE_ERROR once a write failed (the output keeps why). */
cairo_status_t render_output_write (void                *closure,
                                    const unsigned char *data,
                                    unsigned int         length);

/* render_to_stream() into an output the caller opened and then commits
 * or aborts (bitmaze-cli's -o, with --force or "-").  A failed write is
 * MAZE_ERROR_IO naming the output and the system's reason. */
MazeStatus render_to_output (const Maze          *maze,
                             const RenderOptions *options,
                             RenderFormat         format,
                             MazeOutput          *out,
                             MazeError           *error);

/* render_to_stream() into an open stdio stream, e.g. stdout. */
MazeStatus render_to_stdio (const Maze          *maze,
                            const RenderOptions *options,
                            RenderFormat         format,
                            FILE                *stream,
                            MazeError           *error);

/* ------------------------------------------------------------------ */
/* One maze on a page, with a title (maze-render-page.c)               */
/* ------------------------------------------------------------------ */

/*
 * A handout of one maze: the maze fitted, with margins, to a page of a
 * given size (A4 or Letter in points for PDF and SVG, a width in pixels
 * for PNG), or the drawing's own size; a title above it.  The page is
 * the palette's background; the maze is scaled (a vector stays sharp) and
 * centred in what the margins and the title leave.
 */
typedef struct
{
  double      width;   /* the page in user units; 0 x 0: the maze's own
                          size (plus the title's band) */
  double      height;
  double      margin;  /* around the content of a page of a given size */
  const char *title;   /* UTF-8 above the maze, or NULL */
  const char *note;    /* UTF-8 in small type under the maze (what the
                          labels are, say), or NULL */
  /* The colour legend (render_legend_draw()) under the maze, in the
   * options' palette: the frontier named for legend_algorithm (NULL:
   * "frontier"), legend_labels in the reader's language (NULL: English) */
  bool                 legend;
  const MazeAlgorithm *legend_algorithm;
  const char *const   *legend_labels;
} RenderPage;

/* Defaults: the maze's own size, margin 36 (half an inch), no title and
 * no note.  On a page of a given size the maze stands at the top, under
 * the title, centred across. */
void       render_page_init      (RenderPage *page);

/* The page's size: its own, or the drawing's plus the title's band. */
void       render_page_get_size  (const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page,
                                  double              *width,
                                  double              *height);

/* The factor the maze is drawn at on the page (1 for its own size). */
double     render_page_scale     (const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page);

/* Draws the page with its top-left corner at the origin of @cr. */
void       render_page_draw      (cairo_t             *cr,
                                  const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page);

/* The page as a PNG (one pixel a unit), SVG or PDF into @write_func;
 * errors as render_to_stream(), and MAZE_ERROR_ARGUMENT for a page
 * size out of range (render_worksheet_check()'s 72 .. 14400) or margins
 * that leave no room. */
MazeStatus render_page_to_stream (const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page,
                                  RenderFormat         format,
                                  cairo_write_func_t   write_func,
                                  void                *closure,
                                  MazeError           *error);

/* render_page_to_stream() into an output the caller opened, or into the
 * file @path by the rule of render_to_file(). */
MazeStatus render_page_to_output (const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page,
                                  RenderFormat         format,
                                  MazeOutput          *out,
                                  MazeError           *error);
MazeStatus render_page_to_file   (const Maze          *maze,
                                  const RenderOptions *options,
                                  const RenderPage    *page,
                                  RenderFormat         format,
                                  const char          *path,
                                  MazeError           *error);

/* ------------------------------------------------------------------ */
/* Worksheets: several mazes on printed pages                          */
/* ------------------------------------------------------------------ */

/*
 * One layout for the CLI's worksheets, the app's worksheet export and its
 * printing: pages of mazes in a grid, each with a title above it, a heading
 * at the top of the page and "n / N" at the bottom; after the puzzle pages
 * come the answer pages, the same mazes in the same places with their
 * solution nibbles drawn.  Solve the mazes first (a BFS gives the shortest
 * path) if there are to be answers; puzzle pages never show search bits.
 * Lengths are in the user units of the cairo_t: points for PDF and print.
 */

typedef enum
{
  RENDER_PAPER_A4 = 0, /* 210 x 297 mm */
  RENDER_PAPER_LETTER, /* 8.5 x 11 in */
} RenderPaper;

/* "a4", "letter" (any case) <-> RenderPaper; -1 when unknown. */
int         render_paper_from_name (const char *name);
const char *render_paper_name      (RenderPaper paper);

/* The portrait page size in points (1/72 in). */
void        render_paper_size      (RenderPaper  paper,
                                    double      *width,
                                    double      *height);

#define RENDER_WORKSHEET_MAX_PER_PAGE 12

/* Mazes per page chosen when per_page is 0: the most (up to the number of
 * mazes) whose cells are still at least this big, for a pencil. */
#define RENDER_WORKSHEET_MIN_CELL 9.0

/* ---- exercises about the bits (maze-render-exercises.c) ---- */

/*
 * A worksheet of exercises gives each maze one sheet (a page) of the
 * kinds asked for, in this order, with its answer key on a page of its
 * own after all the puzzle pages:
 *
 *   DECODE   a few cells' words in hex: which passages are open, which
 *            way the solution and the backtrack nibbles point;
 *   ENCODE   a few cells marked A, B, ... on the drawing: their words
 *            (passages and border; solution and backtrack are 0);
 *   TRACE    every cell's word after a search (its solution nibble
 *            cleared): follow the backtrack nibbles from the goal home
 *            and draw the path;
 *   PREDICT  a cell's word and a statement of a search
 *            ("maze[14] |= W << 12"): the word after it.
 *
 * The mazes must be solved (render_worksheet_solve()): decode and trace
 * read their search nibbles.  Which cells and statements a sheet asks
 * about depends on the maze alone (its words), so the same maze gives the
 * same sheet.
 */
typedef enum
{
  RENDER_EXERCISE_DECODE  = 1 << 0,
  RENDER_EXERCISE_ENCODE  = 1 << 1,
  RENDER_EXERCISE_TRACE   = 1 << 2,
  RENDER_EXERCISE_PREDICT = 1 << 3,
} RenderExerciseKind;

#define RENDER_EXERCISE_ALL    0xFu
#define RENDER_EXERCISE_KINDS  4
/* Questions of one kind on a sheet (at most). */
#define RENDER_EXERCISE_ITEMS  4
/* The largest maze side an exercise sheet takes: every word of the
 * trace drawing must stay readable on paper. */
#define RENDER_EXERCISE_MAX_SIDE 12

/* The name of kind number @k (0 .. RENDER_EXERCISE_KINDS - 1) as
 * --exercises spells it: "decode", "encode", "trace", "predict". */
const char *render_exercise_name (unsigned k);

/*
 * render_exercises_from_names:
 * @list: names separated by commas ("decode,trace"); spaces around a
 *        name are allowed, "all" means the four
 * @bad: (out) (optional): on failure, the first unknown name (a pointer
 *       into @list) and its length in @bad_len
 *
 * Returns: a mask of RenderExerciseKind, or -1 for an unknown or empty
 * name.
 */
int render_exercises_from_names (const char  *list,
                                 const char **bad,
                                 size_t      *bad_len);

/* One question of a sheet. */
typedef struct
{
  uint32_t cell;     /* the cell asked about */
  uint16_t word;     /* DECODE: the word given; ENCODE: the answer;
                        PREDICT: the word before the statement */
  uint16_t after;    /* PREDICT: the word after it (the answer) */
  char     statement[MAZE_EXPR_MAX]; /* PREDICT: "maze[14] |= W << 12" */
} RenderExerciseItem;

/* What one maze's sheet asks. */
typedef struct
{
  unsigned           kinds;     /* RenderExerciseKind mask */
  size_t             n_decode;
  RenderExerciseItem decode[RENDER_EXERCISE_ITEMS];
  size_t             n_encode;
  RenderExerciseItem encode[RENDER_EXERCISE_ITEMS];
  size_t             n_predict;
  RenderExerciseItem predict[RENDER_EXERCISE_ITEMS];
} RenderExerciseSet;

/*
 * render_exercises_choose:
 * @maze: a solved maze
 *
 * Chooses the questions of @kinds for @maze into @set: decode cells on
 * the path, beside it and off it; encode cells spread over the maze;
 * predict statements of a search run on a copy (the registry's first
 * solver with a live path, whose steps set and clear bits).  Returns
 * MAZE_OK, or MAZE_ERROR_NOMEM.
 */
MazeStatus render_exercises_choose (const Maze        *maze,
                                    unsigned           kinds,
                                    RenderExerciseSet *set,
                                    MazeError         *error);

/*
 * The words of an exercise sheet, in the user's language (the caller
 * translates them; the renderer has no gettext).  Any may be NULL: it is
 * left out.  The direction letters N, E, S, W are the C constants and
 * stay as they are.
 */
typedef struct
{
  const char *name;         /* "Name:" before the line to write on */
  const char *date;         /* "Date:" */
  const char *headings[RENDER_EXERCISE_KINDS];     /* "Decode", ... */
  const char *instructions[RENDER_EXERCISE_KINDS]; /* one paragraph each */
  const char *cell;         /* table columns: "Cell" */
  const char *word;         /* "Word" */
  const char *passages;     /* "Open passages" */
  const char *solution;     /* "Solution" */
  const char *backtrack;    /* "Backtrack" */
  const char *statement;    /* "Statement" */
  const char *after;        /* "Word after" */
  const char *none;         /* a nibble that points nowhere: "none" */
} RenderExerciseText;

typedef struct
{
  double      page_width;      /* the page, in user units (points) */
  double      page_height;
  double      margin;          /* blank border around the page's content */
  unsigned    per_page;        /* 1 .. RENDER_WORKSHEET_MAX_PER_PAGE, 0: choose */
  const char *heading;         /* UTF-8 text atop each puzzle page, or NULL */
  const char *answers_heading; /* atop each answer page, or NULL */
  bool        answers;         /* add the answer pages after the puzzles */
  bool        page_numbers;    /* "n / N" at the bottom of each page */
  bool        answers_only;    /* only the answer pages (a separate key) */
  const char *name_label;      /* "Name:" line atop each puzzle page, or NULL */
  const char *date_label;      /* "Date:" beside it, or NULL */
  /* Exercises: 0 for the mazes alone; else a RenderExerciseKind mask,
   * one sheet a maze (the titles become each sheet's small print) */
  unsigned    exercises;
  const RenderExerciseText *exercise_text; /* the sheets' words (NULL: none) */
  /* Plain sheets: one line per maze (NULL entries: none), or NULL; in
   * small type under each maze, to make it again ("seed 44 · dfs") */
  const char *const *small_print;
} RenderWorksheetOptions;

/* Defaults: @paper's size, margin 36 (half an inch), per_page 0, no
 * headings, answers and page numbers on. */
void     render_worksheet_options_init (RenderWorksheetOptions *options,
                                        RenderPaper             paper);

/* Mazes on one page for these options and mazes (per_page, or the choice
 * for 0), always >= 1. */
unsigned render_worksheet_per_page     (const RenderWorksheetOptions *options,
                                        const Maze *const            *mazes,
                                        size_t                        n_mazes);

/* Pages in all: the puzzle pages, and as many answer pages with answers. */
unsigned render_worksheet_n_pages      (const RenderWorksheetOptions *options,
                                        const Maze *const            *mazes,
                                        size_t                        n_mazes);

/*
 * render_worksheet_draw_page:
 * @titles: one UTF-8 title per maze (NULL entries or a NULL array: none)
 * @page: 0 .. render_worksheet_n_pages() - 1
 *
 * Draws page @page with its top-left corner at the user-space origin of
 * @cr, on a white background.  The state of @cr is saved and restored.
 */
void     render_worksheet_draw_page    (cairo_t                      *cr,
                                        const Maze *const            *mazes,
                                        const char *const            *titles,
                                        size_t                        n_mazes,
                                        const RenderWorksheetOptions *options,
                                        unsigned                      page);

/* Checks the options (page and margin sizes, per_page) for @n_mazes >= 1
 * mazes: true, or false with MAZE_ERROR_ARGUMENT naming the bad value. */
bool     render_worksheet_check        (const RenderWorksheetOptions *options,
                                        size_t                        n_mazes,
                                        MazeError                    *error);

/* The whole worksheet as a PDF, one page of page_width x page_height
 * points each, handed to @write_func.  MAZE_ERROR_ARGUMENT for bad
 * options, MAZE_ERROR_NOMEM, MAZE_ERROR_IO when writing failed. */
MazeStatus render_worksheet_to_stream  (const Maze *const            *mazes,
                                        const char *const            *titles,
                                        size_t                        n_mazes,
                                        const RenderWorksheetOptions *options,
                                        cairo_write_func_t            write_func,
                                        void                         *closure,
                                        MazeError                    *error);

/*
 * render_worksheet_generate:
 * @mazes: @n_mazes mazes of the size (and shape) wanted, every wall
 *         standing (maze_new(), maze_new_shaped())
 *
 * What a worksheet of new mazes holds: maze k is carved by @generator with
 * seed @seed + k and @loops percent of loops, its start top-left and goal
 * bottom-right with openings in the outer wall, as maze_generate() does.
 * Returns MAZE_OK, or the first maze's error.
 */
MazeStatus render_worksheet_generate (Maze *const *mazes,
                                      size_t       n_mazes,
                                      const char  *generator,
                                      uint64_t     seed,
                                      unsigned     loops,
                                      MazeError   *error);

/* The answers of a worksheet: each maze solved by the registry's first
 * shortest-path solver, so its solution nibbles hold a shortest path (a
 * maze without a path keeps an empty answer).  Returns MAZE_OK, or the
 * error of the maze that could not be solved. */
MazeStatus render_worksheet_solve    (Maze *const *mazes,
                                      size_t       n_mazes,
                                      MazeError   *error);

/* render_worksheet_to_stream() into an output the caller opened and
 * commits or aborts. */
MazeStatus render_worksheet_to_output  (const Maze *const            *mazes,
                                        const char *const            *titles,
                                        size_t                        n_mazes,
                                        const RenderWorksheetOptions *options,
                                        MazeOutput                   *out,
                                        MazeError                    *error);

/* render_worksheet_to_stream() into the PDF file @path, written by the
 * rule of render_to_file() (an old file of that name is kept on
 * failure). */
MazeStatus render_worksheet_to_file    (const Maze *const            *mazes,
                                        const char *const            *titles,
                                        size_t                        n_mazes,
                                        const RenderWorksheetOptions *options,
                                        const char                   *path,
                                        MazeError                    *error);

/* ------------------------------------------------------------------ */
/* Animated GIF of a build or a solve (maze-render-animation.c)        */
/* ------------------------------------------------------------------ */

/*
 * Every frame is drawn with render_draw() into an image, like a PNG:
 * the first frame is the maze before the first step, without highlights,
 * and the last one the finished maze, without highlights, so they have the
 * pixels of the PNG of those two states.  The frames between show the
 * working set (frontier) and the cells the frame's steps changed.  The
 * file loops for ever; each frame stores only the rectangle that changed,
 * and frames are written as they are drawn (memory: two frames).
 */

typedef enum
{
  RENDER_ANIMATE_SOLVE = 0, /* a solver searching the maze given */
  RENDER_ANIMATE_BUILD,     /* a generator carving a maze of that size */
} RenderAnimateKind;

/* How long the last frame stays, by default. */
#define RENDER_ANIMATION_HOLD_MS    2000
/* The default frame limit (see max_frames). */
#define RENDER_ANIMATION_MAX_FRAMES 3000

typedef struct
{
  RenderAnimateKind kind;
  const char     *algorithm;       /* a solver's or a generator's name */
  uint64_t        seed;            /* build: the generator's seed */
  unsigned        loops;           /* build: percentage of dead ends opened */
  unsigned        steps_per_frame; /* steps between two frames, >= 1 */
  unsigned        delay_ms;        /* between frames (GIF: in 10 ms units,
                                      at least 20 ms, as browsers show
                                      faster frames at 100 ms) */
  unsigned        hold_ms;         /* how long the last frame stays */
  unsigned        max_frames;      /* 0: no limit; else >= 2, and
                                      steps_per_frame is raised as needed
                                      so that the whole run fits */
  bool            show_frontier;   /* the stack, queue or open set */
  bool            show_changed;    /* the cells the frame's steps changed */
  /* Captions: a band under the maze on every frame, in type sized to the
   * frame's width (about a 25th of it) so it reads when the GIF fills a
   * slide: the C statement of the frame's last change and that word
   * before -> after, in hex; caption_start on the first frame and
   * caption_end on the last (UTF-8 in the user's language, or NULL). */
  bool            captions;
  const char     *caption_start;
  const char     *caption_end;
  /* With captions: the colour legend (render_legend_draw()) under the
   * captions of the first and the last frame, the frontier named for
   * the algorithm; legend_labels in the reader's language (NULL:
   * English). */
  bool               legend;
  const char *const *legend_labels;
} RenderAnimationOptions;

/* The height of the caption band of a frame @width units wide. */
double render_animation_caption_height (double width);

/* Defaults: solve with the engine's default solver, one step a frame, 50 ms, the last frame held
 * RENDER_ANIMATION_HOLD_MS, at most RENDER_ANIMATION_MAX_FRAMES frames,
 * frontier and changed cells shown; build: seed 0, no loops. */
void render_animation_options_init (RenderAnimationOptions *animation);

/* What an animation came to (render_animation_to_stream()). */
typedef struct
{
  unsigned n_frames;
  uint64_t n_steps;         /* steps of the generator or solver */
  unsigned steps_per_frame; /* as used, after max_frames */
  int      width;           /* pixels */
  int      height;
} RenderAnimationInfo;

/* Called after each frame written; return false to stop: the function
 * then fails with MAZE_ERROR_IO and the message "cancelled" (and a file
 * is not created). */
typedef bool (*RenderProgressFunc) (void     *user_data,
                                    unsigned  frame,
                                    unsigned  n_frames);

/*
 * render_animation_to_stream:
 * @maze: the maze to solve (not changed: the animation works on copies),
 *        or for a build the maze whose size is carved
 * @options: as for a PNG (cell size, palette, what is shown; its frontier,
 *           changed and trail lists are ignored)
 * @progress: (nullable): called after every frame
 * @info: (out) (nullable): what was made
 *
 * Runs the generator or solver of @animation to its end twice: once to
 * count its steps and choose the palette, once drawing and writing the
 * frames as an animated GIF to @write_func.
 *
 * Returns: MAZE_OK; MAZE_ERROR_ARGUMENT for an unknown algorithm or bad
 * options; MAZE_ERROR_SIZE for frames wider or higher than
 * RENDER_MAX_IMAGE_SIDE; MAZE_ERROR_NOMEM; MAZE_ERROR_IO when
 * writing failed or @progress said stop.
 */
MazeStatus render_animation_to_stream (const Maze                   *maze,
                                       const RenderOptions          *options,
                                       const RenderAnimationOptions *animation,
                                       cairo_write_func_t            write_func,
                                       void                         *closure,
                                       RenderProgressFunc            progress,
                                       void                         *user_data,
                                       RenderAnimationInfo          *info,
                                       MazeError                    *error);

/* render_animation_to_stream() into an output the caller opened and
 * then commits or aborts (bitmaze-cli's -o, with --force or "-").  A
 * failed write is MAZE_ERROR_IO naming the output and the system's
 * reason. */
MazeStatus render_animation_to_output (const Maze                   *maze,
                                       const RenderOptions          *options,
                                       const RenderAnimationOptions *animation,
                                       MazeOutput                   *out,
                                       RenderProgressFunc            progress,
                                       void                         *user_data,
                                       RenderAnimationInfo          *info,
                                       MazeError                    *error);

/* The same into the file @path, written atomically like
 * render_to_file(): a failed or stopped animation leaves no file
 * (and an old file of that name as it was). */
MazeStatus render_animation_to_file (const Maze                   *maze,
                                     const RenderOptions          *options,
                                     const RenderAnimationOptions *animation,
                                     const char                   *path,
                                     RenderProgressFunc            progress,
                                     void                         *user_data,
                                     RenderAnimationInfo          *info,
                                     MazeError                    *error);

/* ------------------------------------------------------------------ */
/* Shapes that need drawing: words and mask files                      */
/* (maze-render-shape.c)                                               */
/* ------------------------------------------------------------------ */

/*
 * A shaped maze is drawn only where it is: the floor under the cells of
 * its shape and the walls around them; nothing over the cells outside its
 * shape or over the margin, so a PNG or SVG is transparent there, paper
 * stays white and a window shows its own background.
 *
 * The engine draws its built-in shapes itself (maze_shape_builtin());
 * these functions add the ones that need cairo or libpng.  Make the maze
 * with maze_new_shaped().
 */

/* @word in bold letters filling @width x @height (any size; drawn at
 * most 1024 units a side, the maze scales it), standing on a bar that
 * joins the letters; a dot of an i or an umlaut gets a stem down to its
 * letter, so the word is one piece.  MAZE_ERROR_ARGUMENT for an empty
 * word, SIZE, NOMEM. */
MazeShape *render_shape_text      (const char *word,
                                   uint32_t    width,
                                   uint32_t    height,
                                   MazeError  *error);

/* A shape by the name the CLI and the app use: "text:WORD" (above) or a
 * built-in name ("heart", see maze_shape_builtin_names()). */
MazeShape *render_shape_from_name (const char *name,
                                   uint32_t    width,
                                   uint32_t    height,
                                   MazeError  *error);

/*
 * render_shape_list:
 * @k: 0, 1, 2, ...
 * @description: (out) (optional): a few words for a list, marked with
 *               MAZE_N_() for the program's gettext
 *
 * The names render_shape_from_name() takes, one by one, for lists and
 * shell completion: the engine's built-in shapes in their order, then
 * the form "text:WORD" (a name that ends in ":" and an upper-case
 * placeholder is a prefix, to which the user adds a value).
 *
 * Returns: the @k-th name, or NULL after the last.
 */
const char *render_shape_list (size_t       k,
                               const char **description);

/*
 * render_shape_load_mask:
 * @width, @height: the maze's size, or 0 x 0 for the mask's own size
 *
 * Reads a mask file.  A PNG (by its signature): its dark, opaque pixels
 * are cells; at another size each cell is a cell when at least half the
 * pixels it covers are.  A .maze file (by its magic): the cells inside
 * its shape, so a new maze takes the shape of another.  Anything else is
 * a text mask (maze_shape_from_text()).  A .maze or text mask comes at
 * its own size: the maze scales it.  Errors name @path: MAZE_ERROR_IO
 * (cannot open or read), FORMAT (a file named .png that is not a PNG, a
 * broken PNG, an image of more than 65535 pixels a side or 2^26 pixels,
 * one with no dark pixel, a file over 64 MiB, and the text mask's
 * errors); a broken .maze file gives the reader's error, which does not
 * name it; NOMEM.
 */
MazeShape *render_shape_load_mask (const char *path,
                                   uint32_t    width,
                                   uint32_t    height,
                                   MazeError  *error);

#ifdef __cplusplus
}
#endif
