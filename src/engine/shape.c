/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * shape.c: shapes, and mazes made of the cells of a shape.
 *
 * A MazeShape is a bitmap at its own resolution.  maze_new_shaped() turns
 * it into border nibbles, the only place a maze keeps its shape: a cell
 * outside becomes MAZE_OUTSIDE_CELL, and every side of a cell inside that
 * faces the grid's edge or a cell outside gets its border bit.  From then
 * on nothing needs the bitmap.
 */
#include "maze-private.h"

#include <stdlib.h>
#include <string.h>

struct MazeShape
{
  uint32_t  width;
  uint32_t  height;
  uint8_t  *bits; /* bit i of the row-major pixels: i >> 3, 1 << (i & 7) */
};

/* ---- the bitmap ---- */

MazeShape *
maze_shape_new (uint32_t   width,
                uint32_t   height,
                MazeError *error)
{
  MazeShape *shape;
  uint64_t n = (uint64_t) width * height;

  if (width < 1 || width > MAZE_MAX_SIDE || height < 1 || height > MAZE_MAX_SIDE
      || n > MAZE_MAX_CELLS)
    {
      if (width < 1 || width > MAZE_MAX_SIDE)
        maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_WIDTH_RANGE, MAZE_NUM (width),
                        MAZE_NUM (MAZE_MAX_SIDE));
      else if (height < 1 || height > MAZE_MAX_SIDE)
        maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_HEIGHT_RANGE, MAZE_NUM (height),
                        MAZE_NUM (MAZE_MAX_SIDE));
      else
        maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_TOO_MANY_CELLS, MAZE_NUM (width),
                        MAZE_NUM (height), MAZE_NUM (n), MAZE_NUM (MAZE_MAX_CELLS));
      return NULL;
    }
  shape = calloc (1, sizeof *shape);
  if (shape != NULL)
    shape->bits = calloc ((size_t) (n / 8 + 1), 1);
  if (shape == NULL || shape->bits == NULL)
    {
      free (shape);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the maze's shape")),
                      MAZE_NUM (sizeof *shape + (size_t) (n / 8 + 1)));
      return NULL;
    }
  shape->width = width;
  shape->height = height;
  return shape;
}

void
maze_shape_free (MazeShape *shape)
{
  if (shape == NULL)
    return;
  free (shape->bits);
  free (shape);
}

uint32_t maze_shape_width (const MazeShape *shape) { return shape->width; }
uint32_t maze_shape_height (const MazeShape *shape) { return shape->height; }

bool
maze_shape_get (const MazeShape *shape,
                uint32_t         x,
                uint32_t         y)
{
  size_t i;

  if (x >= shape->width || y >= shape->height)
    return false;
  i = (size_t) y * shape->width + x;
  return (shape->bits[i >> 3] >> (i & 7)) & 1;
}

void
maze_shape_set (MazeShape *shape,
                uint32_t   x,
                uint32_t   y,
                bool       on)
{
  size_t i;

  if (x >= shape->width || y >= shape->height)
    return;
  i = (size_t) y * shape->width + x;
  if (on)
    shape->bits[i >> 3] |= (uint8_t) (1u << (i & 7));
  else
    shape->bits[i >> 3] &= (uint8_t) ~(1u << (i & 7));
}

uint64_t
maze_shape_count (const MazeShape *shape)
{
  uint64_t count = 0;

  for (uint32_t y = 0; y < shape->height; y++)
    for (uint32_t x = 0; x < shape->width; x++)
      count += maze_shape_get (shape, x, y);
  return count;
}

void
maze_shape_join_corners (MazeShape *shape)
{
  /* Row by row, so a pixel turned on is seen by the next 2 x 2 block. */
  for (uint32_t y = 0; y + 1 < shape->height; y++)
    for (uint32_t x = 0; x + 1 < shape->width; x++)
      {
        bool a = maze_shape_get (shape, x, y), b = maze_shape_get (shape, x + 1, y);
        bool c = maze_shape_get (shape, x, y + 1), d = maze_shape_get (shape, x + 1, y + 1);

        /* a b    two pixels on a diagonal, the other two off: the one
         * c d    below the upper pixel joins them */
        if (a && d && !b && !c)
          maze_shape_set (shape, x, y + 1, true);
        else if (b && c && !a && !d)
          maze_shape_set (shape, x + 1, y + 1, true);
      }
}

/* ---- the built-in shapes ---- */

/* Each takes the centre of a cell in the unit square, u from the west
 * edge and v from the north edge, both 0..1, and the size (for shapes
 * that reach the centres of the edge cells). */
typedef bool (*ShapeFunc) (double   u,
                           double   v,
                           uint32_t width,
                           uint32_t height);

static bool
circle (double   u,
        double   v,
        uint32_t width,
        uint32_t height)
{
  double x = 2.0 * u - 1.0, y = 2.0 * v - 1.0;

  return x * x + y * y <= 1.0;
}

/* A disc with a hole of half its radius. */
static bool
ring (double   u,
      double   v,
      uint32_t width,
      uint32_t height)
{
  double x = 2.0 * u - 1.0, y = 2.0 * v - 1.0;
  double r2 = x * x + y * y;

  return r2 <= 1.0 && r2 >= 0.25;
}

/*
 * (x² + y² - 1)³ - x²y³ <= 0, the heart of Taubin's curve: its lobes top
 * out at y = 1.236, its tip is at y = -1, and it is 2.28 wide.  The
 * centres of the edge cells are put just inside it, so the heart fills
 * its rectangle.
 */
static bool
heart (double   u,
       double   v,
       uint32_t width,
       uint32_t height)
{
  double x = 0.0, y = 0.0, a;

  if (width > 1)
    x = -1.13 + (u - 0.5 / width) / (1.0 - 1.0 / width) * 2.26;
  if (height > 1)
    y = 1.22 - (v - 0.5 / height) / (1.0 - 1.0 / height) * 2.205;
  a = x * x + y * y - 1.0;
  return a * a * a - x * x * y * y * y <= 0.0;
}

/* Apex at the top centre, base along the bottom. */
static bool
triangle (double   u,
          double   v,
          uint32_t width,
          uint32_t height)
{
  double x = 2.0 * u - 1.0;

  return (x < 0.0 ? -x : x) <= v;
}

static bool
diamond (double   u,
         double   v,
         uint32_t width,
         uint32_t height)
{
  double x = 2.0 * u - 1.0, y = 2.0 * v - 1.0;

  return (x < 0.0 ? -x : x) + (y < 0.0 ? -y : y) <= 1.0;
}

/* A plus sign whose arms are a third of the width and of the height. */
static bool
cross (double   u,
       double   v,
       uint32_t width,
       uint32_t height)
{
  return (u >= 1.0 / 3.0 && u <= 2.0 / 3.0) || (v >= 1.0 / 3.0 && v <= 2.0 / 3.0);
}

static const char *const builtin_names[] = {
  "circle", "ring", "heart", "triangle", "diamond", "cross", NULL,
};

static const ShapeFunc builtin_funcs[] = {
  circle, ring, heart, triangle, diamond, cross,
};

/* For lists such as bitmaze-cli generate --list-shapes. */
static const char *const builtin_descriptions[] = {
  MAZE_N_("a disc"),
  MAZE_N_("a disc with a hole of half its radius"),
  MAZE_N_("a heart"),
  MAZE_N_("a triangle, its apex at the top and its base along the bottom"),
  MAZE_N_("a square standing on a corner"),
  MAZE_N_("a plus sign, its arms a third of the width and of the height"),
};

_Static_assert (sizeof builtin_descriptions / sizeof *builtin_descriptions
                == sizeof builtin_funcs / sizeof *builtin_funcs,
                "one description a built-in shape");

const char *const *
maze_shape_builtin_names (void)
{
  return builtin_names;
}

const char *
maze_shape_builtin_description (const char *name)
{
  for (size_t k = 0; name != NULL && builtin_names[k] != NULL; k++)
    if (strcmp (name, builtin_names[k]) == 0)
      return builtin_descriptions[k];
  return NULL;
}

MazeShape *
maze_shape_builtin (const char *name,
                    uint32_t    width,
                    uint32_t    height,
                    MazeError  *error)
{
  ShapeFunc func = NULL;
  MazeShape *shape;

  for (size_t k = 0; name != NULL && builtin_names[k] != NULL; k++)
    if (strcmp (name, builtin_names[k]) == 0)
      func = builtin_funcs[k];
  if (func == NULL)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_SHAPE,
                      MAZE_TEXT (name != NULL ? name : ""));
      return NULL;
    }
  shape = maze_shape_new (width, height, error);
  if (shape == NULL)
    return NULL;
  for (uint32_t y = 0; y < height; y++)
    for (uint32_t x = 0; x < width; x++)
      if (func ((x + 0.5) / width, (y + 0.5) / height, width, height))
        maze_shape_set (shape, x, y, true);
  return shape;
}

/* ---- text masks ---- */

MazeShape *
maze_shape_from_text (const char *text,
                      size_t      len,
                      MazeError  *error)
{
  uint64_t width = 0, height = 0, cells = 0, column = 0;
  MazeShape *shape;
  uint32_t x = 0, y = 0;

  if (len == 0)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_EMPTY);
      return NULL;
    }
  /* First the size, and whether it is text at all. */
  for (size_t i = 0; i < len; i++)
    {
      char ch = text[i];

      if (ch == '\0')
        {
          maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NUL, MAZE_NUM (height + 1));
          return NULL;
        }
      if (ch == '\n')
        {
          height++;
          column = 0;
          if (height > MAZE_MAX_SIDE)
            {
              maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_TOO_TALL,
                              MAZE_NUM (MAZE_MAX_SIDE));
              return NULL;
            }
          continue;
        }
      if (ch == '\r' && i + 1 < len && text[i + 1] == '\n')
        continue;
      column++;
      if (column > width)
        width = column;
      if (width > MAZE_MAX_SIDE)
        {
          maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_TOO_WIDE, MAZE_NUM (height + 1),
                          MAZE_NUM (MAZE_MAX_SIDE));
          return NULL;
        }
      if (ch == '#' || ch == 'X')
        cells++;
    }
  if (column > 0)
    height++; /* a last line without a newline */
  if (cells == 0)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_NO_CELLS);
      return NULL;
    }
  if (height > MAZE_MAX_SIDE)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_MASK_TOO_TALL, MAZE_NUM (MAZE_MAX_SIDE));
      return NULL;
    }
  shape = maze_shape_new ((uint32_t) width, (uint32_t) height, error);
  if (shape == NULL)
    return NULL;
  for (size_t i = 0; i < len; i++)
    {
      char ch = text[i];

      if (ch == '\n')
        {
          y++;
          x = 0;
          continue;
        }
      if (ch == '\r' && i + 1 < len && text[i + 1] == '\n')
        continue;
      if (ch == '#' || ch == 'X')
        maze_shape_set (shape, x, y, true);
      x++;
    }
  return shape;
}

/* ---- pieces ---- */

/*
 * Marks the piece of @root and returns its cells.  The marks are the
 * search nibbles, the way the solvers mark a search: a cell reached has
 * its backtrack nibble point to the cell it was reached from, the root
 * gets all four solution bits.  Depth first, and going back follows the
 * backtrack pointer, so no stack is needed.  Neighbours are found through
 * the border nibble only: open = the sides without a border bit.
 */
static uint32_t
mark_piece (uint16_t *cells,
            uint32_t  width,
            uint32_t  root)
{
  uint32_t cur = root, count = 1;

  cells[root] |= MAZE_SOLUTION_MASK;
  for (;;)
    {
      uint16_t open = (uint16_t) (~(cells[cur] >> MAZE_BORDER_SHIFT) & 0xF);
      uint16_t back;
      bool moved = false;

      for (unsigned k = 0; k < 4 && !moved; k++)
        {
          uint16_t d = MAZE_DIRECTIONS[k];
          uint32_t next;

          if (!(open & d))
            continue;
          next = maze_index_toward (width, cur, d);
          if (cells[next] & MAZE_SEARCH_MASK)
            continue;
          cells[next] |= (uint16_t) (maze_opposite (d) << MAZE_BACKTRACK_SHIFT);
          cur = next;
          count++;
          moved = true;
        }
      if (moved)
        continue;
      if (cur == root)
        return count;
      back = maze_cell_backtrack (cells[cur]);
      cur = maze_index_toward (width, cur, back);
    }
}

uint32_t
maze_count_pieces (Maze     *maze,
                   uint32_t *largest,
                   uint32_t *largest_size)
{
  uint16_t *cells = maze_cells (maze);
  uint32_t n = maze_n_cells (maze), w = maze_width (maze);
  uint32_t pieces = 0, best = 0, best_size = 0;

  if (n == 1)
    {
      pieces = 1;
      best_size = 1;
    }
  else
    {
      for (uint32_t i = 0; i < n; i++)
        {
          uint32_t size;

          if (maze_cell_outside (cells[i]) || (cells[i] & MAZE_SEARCH_MASK))
            continue;
          pieces++;
          size = mark_piece (cells, w, i);
          if (size > best_size)
            {
              best = i;
              best_size = size;
            }
        }
      maze_reset_search (maze);
    }
  if (largest != NULL)
    *largest = best;
  if (largest_size != NULL)
    *largest_size = best_size;
  return pieces;
}

/* ---- a maze of a shape ---- */

/* The border nibble of every cell inside from its neighbours: the grid's
 * edge, or a cell outside.  A cell that gets all four is outside itself
 * (it has no neighbour in the shape); its neighbours are all outside, so
 * none of them changes.  Returns the cells inside. */
static uint32_t
set_borders (uint16_t *cells,
             uint32_t  w,
             uint32_t  h)
{
  uint32_t inside = 0;

  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      {
        uint32_t i = y * w + x;
        uint16_t b = 0;

        if (cells[i] == MAZE_OUTSIDE_CELL)
          continue;
        if (y == 0 || cells[i - w] == MAZE_OUTSIDE_CELL)
          b |= MAZE_N;
        if (x + 1 == w || cells[i + 1] == MAZE_OUTSIDE_CELL)
          b |= MAZE_E;
        if (y + 1 == h || cells[i + w] == MAZE_OUTSIDE_CELL)
          b |= MAZE_S;
        if (x == 0 || cells[i - 1] == MAZE_OUTSIDE_CELL)
          b |= MAZE_W;
        cells[i] = (uint16_t) (b << MAZE_BORDER_SHIFT);
        inside += b != 0xF;
      }
  return inside;
}

Maze *
maze_new_shaped (uint32_t         width,
                 uint32_t         height,
                 const MazeShape *shape,
                 MazePieces       pieces,
                 MazeError       *error)
{
  uint32_t sw = shape->width, sh = shape->height;
  uint32_t inside, n_pieces, largest, largest_size;
  uint16_t *cells;
  Maze *maze;

  maze = maze_new_raw (width, height, error);
  if (maze == NULL)
    return NULL;
  cells = maze_cells (maze);

  /* Each cell takes the pixel under its centre. */
  for (uint32_t y = 0; y < height; y++)
    {
      uint32_t py = (uint32_t) (((uint64_t) 2 * y + 1) * sh / (2 * (uint64_t) height));

      for (uint32_t x = 0; x < width; x++)
        {
          uint32_t px = (uint32_t) (((uint64_t) 2 * x + 1) * sw / (2 * (uint64_t) width));

          cells[(size_t) y * width + x] = maze_shape_get (shape, px, py) ? 0 : MAZE_OUTSIDE_CELL;
        }
    }
  inside = set_borders (cells, width, height);
  maze_set_n_inside (maze, inside);
  if (inside < 2)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_TOO_SMALL, MAZE_NUM (width),
                      MAZE_NUM (height));
      goto fail;
    }

  n_pieces = maze_count_pieces (maze, &largest, &largest_size);
  if (n_pieces > 1 && pieces != MAZE_PIECES_KEEP_LARGEST)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_PIECES, MAZE_NUM (n_pieces),
                      MAZE_NUM (width), MAZE_NUM (height));
      goto fail;
    }
  if (n_pieces > 1)
    {
      /* Mark the largest piece again, and put every other cell outside. */
      size_t n = maze_n_cells (maze);

      mark_piece (cells, width, largest);
      for (size_t i = 0; i < n; i++)
        if (!(cells[i] & MAZE_SEARCH_MASK))
          cells[i] = MAZE_OUTSIDE_CELL;
      maze_reset_search (maze);
      inside = set_borders (cells, width, height);
      maze_set_n_inside (maze, inside);
    }
  maze_set_endpoints_raw (maze, maze_first_inside (maze), maze_last_inside (maze));
  return maze;

fail:
  maze_free (maze);
  return NULL;
}
