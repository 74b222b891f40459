/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze.c: the maze itself: cells, endpoints, walls, consistency, metadata.
 */
#include "maze-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct
{
  char *key;
  char *value;
} MetaPair;

struct Maze
{
  uint32_t  width;
  uint32_t  height;
  uint32_t  start;
  uint32_t  goal;
  uint32_t  n_inside;   /* cells of the shape: width * height for a rectangle */
  uint16_t *cells;
  MetaPair *meta;
  size_t    n_meta;
  size_t    meta_cap;
  size_t    meta_bytes; /* the sum of "key=value\n" */
};

const uint16_t MAZE_DIRECTIONS[4] = { MAZE_N, MAZE_E, MAZE_S, MAZE_W };

/* ---- directions and errors ---- */

int
maze_dir_index (uint16_t dir)
{
  switch (dir)
    {
    case MAZE_N: return 0;
    case MAZE_E: return 1;
    case MAZE_S: return 2;
    case MAZE_W: return 3;
    default: return -1;
    }
}

const char *
maze_dir_letter (uint16_t dir)
{
  static const char *letters[] = { "N", "E", "S", "W" };
  int i = maze_dir_index (dir);

  return i < 0 ? "?" : letters[i];
}

const char *
maze_dir_name (uint16_t dir)
{
  static const char *names[] = { "north", "east", "south", "west" };
  int i = maze_dir_index (dir);

  return i < 0 ? "nowhere" : names[i];
}

/* ---- creation ---- */

static bool
check_size (uint32_t   width,
            uint32_t   height,
            MazeError *error)
{
  if (width < 1 || width > MAZE_MAX_SIDE)
    {
      maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_WIDTH_RANGE, MAZE_NUM (width),
                      MAZE_NUM (MAZE_MAX_SIDE));
      return false;
    }
  if (height < 1 || height > MAZE_MAX_SIDE)
    {
      maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_HEIGHT_RANGE, MAZE_NUM (height),
                      MAZE_NUM (MAZE_MAX_SIDE));
      return false;
    }
  if ((uint64_t) width * height > MAZE_MAX_CELLS)
    {
      maze_error_set (error, MAZE_ERROR_SIZE, MAZE_MSG_TOO_MANY_CELLS, MAZE_NUM (width),
                      MAZE_NUM (height), MAZE_NUM (width * height), MAZE_NUM (MAZE_MAX_CELLS));
      return false;
    }
  return true;
}

/*
 * Generators, solvers and renderers walk a big maze's cells in an order
 * of their own (a random walk, a search front), a few cells here, a few
 * a row further: with pages of 4 KiB, a 16-million-cell maze is 8192
 * pages and nearly every step needs a translation the processor has just
 * thrown away.  Where the system has huge pages on request (Linux's
 * "madvise" setting), asking for them for the cells makes that 16 pages.
 * The memory is the same (every cell is used); nothing changes where the
 * request is unknown or refused.
 */
void
maze_prefer_huge_pages (void   *p,
                        size_t  size)
{
#if defined(MADV_HUGEPAGE)
  const uintptr_t page = 4096, huge = (uintptr_t) 2 << 20;
  uintptr_t start = ((uintptr_t) p + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t) p + size) & ~(page - 1);

  if (size >= 2 * huge && end > start)
    (void) madvise ((void *) start, end - start, MADV_HUGEPAGE);
#else
  (void) p;
  (void) size;
#endif
}

Maze *
maze_new_raw (uint32_t   width,
              uint32_t   height,
              MazeError *error)
{
  Maze *maze;
  size_t n;

  if (!check_size (width, height, error))
    return NULL;

  n = (size_t) width * height;
  maze = calloc (1, sizeof *maze);
  if (maze == NULL)
    goto nomem;
  maze->cells = calloc (n, sizeof (uint16_t));
  if (maze->cells == NULL)
    {
      free (maze);
      goto nomem;
    }
  maze_prefer_huge_pages (maze->cells, n * sizeof (uint16_t));
  maze->width = width;
  maze->height = height;
  maze->n_inside = (uint32_t) n;
  maze->start = 0;
  maze->goal = (uint32_t) (n - 1);
  return maze;

nomem:
  maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_MAZE, MAZE_NUM (width),
                  MAZE_NUM (height), MAZE_NUM ((n * 2) >> 20));
  return NULL;
}

/* Every cell of the grid walled in, with the border nibble of a
 * rectangle. */
static void
rectangle_cells (Maze *maze)
{
  uint32_t w = maze->width, h = maze->height;
  uint16_t *c = maze->cells;

  /* Interior rows are the same pattern: W border on the first cell, E on
   * the last; the top and bottom rows add N and S. */
  for (uint32_t y = 0; y < h; y++)
    {
      uint16_t *row = c + (size_t) y * w;
      uint16_t ns = 0;

      if (y == 0)
        ns |= MAZE_N << MAZE_BORDER_SHIFT;
      if (y == h - 1)
        ns |= MAZE_S << MAZE_BORDER_SHIFT;
      size_t x = 0;

      /* a fixed-length inner loop becomes vector stores even at -O2 */
      for (; x + 16 <= w; x += 16)
        for (unsigned k = 0; k < 16; k++)
          row[x + k] = ns;
      for (; x < w; x++)
        row[x] = ns;
      row[0] |= MAZE_W << MAZE_BORDER_SHIFT;
      row[w - 1] |= MAZE_E << MAZE_BORDER_SHIFT;
    }
}

/* rectangle_cells() for cells that are all zero (just allocated): only
 * the cells on the edge change, so the inside of a big maze is not
 * written twice, here and when a generator clears it. */
static void
rectangle_border (Maze *maze)
{
  uint32_t w = maze->width, h = maze->height;
  uint16_t *c = maze->cells;
  uint16_t *last = c + (size_t) (h - 1) * w;

  for (uint32_t x = 0; x < w; x++)
    {
      c[x] |= MAZE_N << MAZE_BORDER_SHIFT;
      last[x] |= MAZE_S << MAZE_BORDER_SHIFT;
    }
  for (uint32_t y = 0; y < h; y++)
    {
      c[(size_t) y * w] |= MAZE_W << MAZE_BORDER_SHIFT;
      c[(size_t) y * w + w - 1] |= MAZE_E << MAZE_BORDER_SHIFT;
    }
}

Maze *
maze_new (uint32_t   width,
          uint32_t   height,
          MazeError *error)
{
  Maze *maze = maze_new_raw (width, height, error);

  if (maze == NULL)
    return NULL;
  rectangle_border (maze);
  return maze;
}

void
maze_clear (Maze *maze)
{
  size_t n = maze_n_cells (maze);
  uint16_t *c = maze->cells;

  /* A rectangle's border nibbles are a pattern, written without reading
   * the cells; a shape's are kept as they are. */
  if (!maze_is_shaped (maze))
    {
      rectangle_cells (maze);
      return;
    }
  for (size_t i = 0; i < n; i++)
    c[i] &= MAZE_BORDER_MASK;
}

static void
meta_clear (Maze *maze)
{
  for (size_t i = 0; i < maze->n_meta; i++)
    {
      free (maze->meta[i].key);
      free (maze->meta[i].value);
    }
  free (maze->meta);
  maze->meta = NULL;
  maze->n_meta = 0;
  maze->meta_cap = 0;
  maze->meta_bytes = 0;
}

void
maze_free (Maze *maze)
{
  if (maze == NULL)
    return;
  meta_clear (maze);
  free (maze->cells);
  free (maze);
}

Maze *
maze_copy (const Maze *maze,
           MazeError  *error)
{
  Maze *copy = maze_new_raw (maze->width, maze->height, error);

  if (copy == NULL)
    return NULL;
  memcpy (copy->cells, maze->cells, (size_t) maze->width * maze->height * sizeof (uint16_t));
  copy->start = maze->start;
  copy->goal = maze->goal;
  copy->n_inside = maze->n_inside;
  /* The pairs were checked when they were set: append, no lookups. */
  for (size_t i = 0; i < maze->n_meta; i++)
    {
      if (maze_meta_append (copy, maze->meta[i].key, maze->meta[i].value, error) != MAZE_OK)
        {
          maze_free (copy);
          return NULL;
        }
    }
  return copy;
}

/* ---- accessors ---- */

uint32_t maze_width (const Maze *maze) { return maze->width; }
uint32_t maze_height (const Maze *maze) { return maze->height; }
uint32_t maze_n_cells (const Maze *maze) { return maze->width * maze->height; }
uint16_t *maze_cells (Maze *maze) { return maze->cells; }
const uint16_t *maze_cells_const (const Maze *maze) { return maze->cells; }
uint32_t maze_start (const Maze *maze) { return maze->start; }
uint32_t maze_goal (const Maze *maze) { return maze->goal; }
uint32_t maze_n_inside (const Maze *maze) { return maze->n_inside; }

bool
maze_is_shaped (const Maze *maze)
{
  return maze->n_inside < maze->width * maze->height;
}

bool
maze_contains (const Maze *maze,
               uint32_t    i)
{
  if (i >= maze_n_cells (maze))
    return false;
  return !maze_is_shaped (maze) || !maze_cell_outside (maze->cells[i]);
}

void
maze_set_n_inside (Maze     *maze,
                   uint32_t  n_inside)
{
  maze->n_inside = n_inside;
}

uint32_t
maze_nth_inside (const Maze *maze,
                 uint32_t    k)
{
  uint32_t n = maze_n_cells (maze);

  if (!maze_is_shaped (maze))
    return k;
  for (uint32_t i = 0; i < n; i++)
    if (!maze_cell_outside (maze->cells[i]) && k-- == 0)
      return i;
  return maze_last_inside (maze);
}

uint32_t
maze_first_inside (const Maze *maze)
{
  uint32_t n = maze_n_cells (maze);

  if (maze_is_shaped (maze))
    for (uint32_t i = 0; i < n; i++)
      if (!maze_cell_outside (maze->cells[i]))
        return i;
  return 0;
}

uint32_t
maze_last_inside (const Maze *maze)
{
  uint32_t n = maze_n_cells (maze);

  if (maze_is_shaped (maze))
    for (uint32_t i = n; i-- > 0;)
      if (!maze_cell_outside (maze->cells[i]))
        return i;
  return n - 1;
}

static int
compare_cells (const void *a,
               const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

  return (x > y) - (x < y);
}

void
maze_sort_cells (uint32_t *cells,
                 size_t    n)
{
  /* row-major indices: reading order is their order */
  if (n > 1)
    qsort (cells, n, sizeof *cells, compare_cells);
}

uint32_t
maze_neighbor (const Maze *maze,
               uint32_t    i,
               uint16_t    dir)
{
  if (maze_dir_index (dir) < 0 || maze_cell_on_border (maze->cells[i], dir))
    return UINT32_MAX;
  return maze_index_toward (maze->width, i, dir);
}

void
maze_set_endpoints_raw (Maze     *maze,
                        uint32_t  start,
                        uint32_t  goal)
{
  maze->start = start;
  maze->goal = goal;
}

MazeStatus
maze_put_endpoints (Maze      *maze,
                    uint32_t   start,
                    uint32_t   goal,
                    MazeError *error)
{
  if (start >= maze_n_cells (maze))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_START_OUTSIDE,
                           MAZE_NUM (start), MAZE_NUM (maze->width), MAZE_NUM (maze->height));
  if (goal >= maze_n_cells (maze))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_GOAL_OUTSIDE,
                           MAZE_NUM (goal), MAZE_NUM (maze->width), MAZE_NUM (maze->height));
  maze_set_endpoints_raw (maze, start, goal);
  return MAZE_OK;
}

/* ---- endpoints and walls ---- */

/* Close the openings (passages through the border) of cell @i. */
static void
close_openings (Maze     *maze,
                uint32_t  i)
{
  uint16_t border = maze_cell_border (maze->cells[i]);

  maze->cells[i] &= (uint16_t) ~border;
}

static bool
has_opening (const Maze *maze,
             uint32_t    i)
{
  uint16_t c = maze->cells[i];

  return (maze_cell_passages (c) & maze_cell_border (c)) != 0;
}

const uint16_t MAZE_START_OPENING_ORDER[4] = { MAZE_N, MAZE_W, MAZE_S, MAZE_E };
const uint16_t MAZE_GOAL_OPENING_ORDER[4] = { MAZE_S, MAZE_E, MAZE_N, MAZE_W };

void
maze_open_first_border_side (uint16_t       *cells,
                             uint32_t        i,
                             const uint16_t  order[4])
{
  uint16_t border = maze_cell_border (cells[i]);

  for (int k = 0; k < 4; k++)
    {
      if (border & order[k])
        {
          cells[i] |= order[k];
          return;
        }
    }
}

static MazeStatus
move_endpoint (Maze           *maze,
               uint32_t       *endpoint,
               uint32_t        other,
               uint32_t        index,
               const uint16_t  order[4],
               const char     *what,
               MazeError      *error)
{
  uint32_t n = maze_n_cells (maze);
  bool opened;

  if (index >= n)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT,
                           strcmp (what, "start") == 0 ? MAZE_MSG_START_OUTSIDE
                                                       : MAZE_MSG_GOAL_OUTSIDE,
                           MAZE_NUM (index), MAZE_NUM (maze->width), MAZE_NUM (maze->height));

  if (!maze_contains (maze, index) && strcmp (what, "start") == 0)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_START_NOT_IN_SHAPE,
                           MAZE_NUM (index % maze->width), MAZE_NUM (index / maze->width));
  if (!maze_contains (maze, index))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_GOAL_NOT_IN_SHAPE,
                           MAZE_NUM (index % maze->width), MAZE_NUM (index / maze->width));

  opened = has_opening (maze, *endpoint);
  if (opened && *endpoint != other && *endpoint != index)
    close_openings (maze, *endpoint);
  *endpoint = index;
  if (opened && !has_opening (maze, index))
    maze_open_first_border_side (maze->cells, index, order);
  return MAZE_OK;
}

/* A search is about the old endpoints: moving one clears it. */
MazeStatus
maze_set_start (Maze      *maze,
                uint32_t   index,
                MazeError *error)
{
  MazeStatus status = move_endpoint (maze, &maze->start, maze->goal, index,
                                     MAZE_START_OPENING_ORDER, "start", error);

  if (status == MAZE_OK)
    maze_reset_search (maze);
  return status;
}

MazeStatus
maze_set_goal (Maze      *maze,
               uint32_t   index,
               MazeError *error)
{
  MazeStatus status = move_endpoint (maze, &maze->goal, maze->start, index,
                                     MAZE_GOAL_OPENING_ORDER, "goal", error);

  if (status == MAZE_OK)
    maze_reset_search (maze);
  return status;
}

MazeStatus
maze_set_endpoints (Maze      *maze,
                    uint32_t   start,
                    uint32_t   goal,
                    MazeError *error)
{
  MazeStatus status = move_endpoint (maze, &maze->start, maze->goal, start,
                                     MAZE_START_OPENING_ORDER, "start", error);

  if (status != MAZE_OK)
    return status;
  /* One pass over the cells for both moves, not one each. */
  status = move_endpoint (maze, &maze->goal, maze->start, goal,
                          MAZE_GOAL_OPENING_ORDER, "goal", error);
  maze_reset_search (maze);
  return status;
}

static MazeStatus
not_in_shape (const Maze *maze,
              uint32_t    i,
              MazeError  *error)
{
  return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NOT_IN_SHAPE,
                         MAZE_NUM (i % maze->width), MAZE_NUM (i / maze->width));
}

MazeStatus
maze_set_wall_open (Maze      *maze,
                    uint32_t   i,
                    uint16_t   dir,
                    bool       open,
                    MazeError *error)
{
  uint32_t j;

  if (i >= maze_n_cells (maze))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_CELL_OUTSIDE, MAZE_NUM (i),
                           MAZE_NUM (maze->width), MAZE_NUM (maze->height));
  if (maze_dir_index (dir) < 0)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NOT_ONE_DIRECTION, MAZE_NUM (dir));
  if (!maze_contains (maze, i))
    return not_in_shape (maze, i, error);

  j = maze_neighbor (maze, i, dir);
  if (open)
    {
      maze->cells[i] |= dir;
      if (j != UINT32_MAX)
        maze->cells[j] |= maze_opposite (dir);
    }
  else
    {
      maze->cells[i] &= (uint16_t) ~dir;
      if (j != UINT32_MAX)
        maze->cells[j] &= (uint16_t) ~maze_opposite (dir);
    }
  return MAZE_OK;
}

MazeStatus
maze_toggle_bit (Maze      *maze,
                 uint32_t   i,
                 unsigned   bit,
                 MazeStep  *report,
                 MazeError *error)
{
  uint16_t *c = maze->cells;
  unsigned shift = bit & ~3u;
  uint16_t dir = (uint16_t) (1u << (bit & 3u));
  uint32_t x, y;

  if (i >= maze_n_cells (maze))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_CELL_OUTSIDE, MAZE_NUM (i),
                           MAZE_NUM (maze->width), MAZE_NUM (maze->height));
  if (bit > 15)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_BIT_RANGE, MAZE_NUM (bit));
  x = i % maze->width;
  y = i / maze->width;
  if (!maze_contains (maze, i))
    return not_in_shape (maze, i, error);

  maze_step_begin (report, MAZE_STEP_NONE, i, UINT32_MAX, dir);

  if (shift == MAZE_PASSAGE_SHIFT)
    {
      uint32_t j = maze_neighbor (maze, i, dir);

      if (c[i] & dir)
        {
          maze_op_and_not (c, report, i, dir, MAZE_PASSAGE_SHIFT, 0);
          if (j != UINT32_MAX)
            maze_op_and_not (c, report, j, maze_opposite (dir), MAZE_PASSAGE_SHIFT, 0);
        }
      else
        {
          maze_op_or (c, report, i, dir, MAZE_PASSAGE_SHIFT, 0);
          if (j != UINT32_MAX)
            maze_op_or (c, report, j, maze_opposite (dir), MAZE_PASSAGE_SHIFT, 0);
        }
      if (report != NULL)
        report->other = j;
      return MAZE_OK;
    }

  if (shift == MAZE_BORDER_SHIFT)
    {
      if (maze_cell_on_border (c[i], dir))
        return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_BORDER_FIXED_EDGE,
                               MAZE_DIR (dir), MAZE_NUM (x), MAZE_NUM (y));
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_BORDER_FIXED_INNER,
                             MAZE_DIR (dir), MAZE_NUM (x), MAZE_NUM (y));
    }

  /* solution or backtrack: at most one bit, never through the border */
  if (c[i] & (dir << shift))
    {
      maze_op_and_not (c, report, i, dir, shift, 0);
      return MAZE_OK;
    }
  if (maze_cell_on_border (c[i], dir))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT,
                           shift == MAZE_SOLUTION_SHIFT ? MAZE_MSG_SOLUTION_OUTWARD
                                                        : MAZE_MSG_BACKTRACK_OUTWARD,
                           MAZE_NUM (x), MAZE_NUM (y), MAZE_DIR (dir));
  if (c[i] & (0xFu << shift))
    maze_op_clear (c, report, i, (uint16_t) (0xFu << shift), 0);
  maze_op_or (c, report, i, dir, shift, 0);
  return MAZE_OK;
}

MazeStatus
maze_restore_bits (Maze      *maze,
                   uint32_t   i,
                   uint16_t   mask,
                   uint16_t   word,
                   MazeStep  *report,
                   MazeError *error)
{
  uint16_t *c = maze->cells;
  uint16_t clear, set;

  if (i >= maze_n_cells (maze))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_CELL_OUTSIDE, MAZE_NUM (i),
                           MAZE_NUM (maze->width), MAZE_NUM (maze->height));
  mask &= (uint16_t) ~MAZE_BORDER_MASK;
  clear = (uint16_t) (c[i] & mask & ~word);
  set = (uint16_t) (~c[i] & mask & word);
  if (report != NULL && report->n_changes + (clear != 0) + (set != 0) > MAZE_STEP_MAX_CHANGES)
    report = NULL; /* no room to tell: the maze changes all the same */
  if (clear != 0)
    maze_op_and_not (c, report, i, clear, 0, 0);
  if (set != 0)
    maze_op_or (c, report, i, set, 0, 0);
  return MAZE_OK;
}

void
maze_reset_search (Maze *maze)
{
  size_t n = maze_n_cells (maze), i = 0;
  uint16_t *c = maze->cells;

  /* Sixteen cells at a time: a loop of a fixed length, which compilers
   * turn into a few vector instructions even at -O2. */
  for (; i + 16 <= n; i += 16)
    for (unsigned k = 0; k < 16; k++)
      c[i + k] &= (uint16_t) ~MAZE_SEARCH_MASK;
  for (; i < n; i++)
    c[i] &= (uint16_t) ~MAZE_SEARCH_MASK;
}

bool
maze_has_search (const Maze *maze)
{
  size_t n = maze_n_cells (maze), i = 0;
  const uint16_t *c = maze->cells;
  uint16_t any = 0;

  for (; i + 16 <= n; i += 16)
    for (unsigned k = 0; k < 16; k++)
      any |= c[i + k];
  for (; i < n; i++)
    any |= c[i];
  return (any & MAZE_SEARCH_MASK) != 0;
}

/* ---- consistency ---- */

static bool
one_bit_or_none (uint16_t nibble)
{
  return (nibble & (nibble - 1)) == 0;
}

bool
maze_check_cells (const Maze *maze,
                  bool        shapes,
                  uint32_t   *n_inside,
                  MazeError  *error)
{
  uint32_t w = maze->width, h = maze->height;
  const uint16_t *c = maze->cells;
  /* Only a maze of two cells or more can have a cell outside its shape. */
  bool outside_possible = shapes && (uint64_t) w * h > 1;
  uint32_t inside = 0;

  for (uint32_t y = 0; y < h; y++)
    {
      const uint16_t *row = c + (size_t) y * w;

      for (uint32_t x = 0; x < w; x++)
        {
          uint16_t cell = row[x];
          uint16_t expect = maze_border_bits (w, h, x, y);
          uint16_t border = maze_cell_border (cell);
          uint16_t inner = (uint16_t) (maze_cell_passages (cell) & ~border);
          uint16_t sol = maze_cell_solution (cell);
          uint16_t back = maze_cell_backtrack (cell);

          if (outside_possible && maze_cell_outside (cell))
            {
              if (cell != MAZE_OUTSIDE_CELL)
                {
                  maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_OUTSIDE,
                                  MAZE_NUM (x), MAZE_NUM (y), MAZE_NUM (cell));
                  return false;
                }
              continue;
            }
          inside++;
          if (outside_possible)
            {
              /* A side facing a cell outside the shape is border too. */
              uint32_t i = y * w + x;

              if (y > 0 && maze_cell_outside (c[i - w]))
                expect |= MAZE_N << MAZE_BORDER_SHIFT;
              if (x + 1 < w && maze_cell_outside (c[i + 1]))
                expect |= MAZE_E << MAZE_BORDER_SHIFT;
              if (y + 1 < h && maze_cell_outside (c[i + w]))
                expect |= MAZE_S << MAZE_BORDER_SHIFT;
              if (x > 0 && maze_cell_outside (c[i - 1]))
                expect |= MAZE_W << MAZE_BORDER_SHIFT;
            }

          if ((cell & MAZE_BORDER_MASK) != expect)
            {
              maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_BORDER,
                              MAZE_NUM (x), MAZE_NUM (y), MAZE_NUM (border),
                              MAZE_NUM ((expect >> MAZE_BORDER_SHIFT)));
              return false;
            }
          for (int k = 0; k < 4 && inner; k++)
            {
              uint16_t d = MAZE_DIRECTIONS[k];

              if (!(inner & d))
                continue;
              if (!(c[maze_index_toward (w, y * w + x, d)] & maze_opposite (d)))
                {
                  maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_PASSAGE,
                                  MAZE_NUM (x), MAZE_NUM (y), MAZE_DIR (d));
                  return false;
                }
            }
          if (!one_bit_or_none (sol))
            {
              maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_SOLUTION,
                              MAZE_NUM (x), MAZE_NUM (y), MAZE_NUM (sol));
              return false;
            }
          if (sol & border)
            {
              maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_SOLUTION_BORDER,
                              MAZE_NUM (x), MAZE_NUM (y), MAZE_DIR (sol));
              return false;
            }
          if (!one_bit_or_none (back))
            {
              maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_BACKTRACK,
                              MAZE_NUM (x), MAZE_NUM (y), MAZE_NUM (back));
              return false;
            }
          if (back & border)
            {
              maze_error_set (error, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_BACKTRACK_BORDER,
                              MAZE_NUM (x), MAZE_NUM (y), MAZE_DIR (back));
              return false;
            }
        }
    }
  if (n_inside != NULL)
    *n_inside = inside;
  return true;
}

bool
maze_check_consistent (const Maze *maze,
                       MazeError  *error)
{
  return maze_check_cells (maze, true, NULL, error);
}

bool
maze_is_perfect (const Maze *maze)
{
  uint32_t n = maze_n_cells (maze);
  const uint16_t *c = maze->cells;
  uint64_t edges = 0;
  MazeSearchResult found;

  for (uint32_t i = 0; i < n; i++)
    {
      uint16_t inner = (uint16_t) (maze_cell_passages (c[i]) & ~maze_cell_border (c[i]));

      edges += (inner & MAZE_E) ? 1 : 0;
      edges += (inner & MAZE_S) ? 1 : 0;
    }
  /* a tree over the maze's cells has one edge fewer and reaches them all */
  return edges == (uint64_t) maze->n_inside - 1
         && maze_search_distances (maze, maze_first_inside (maze),
                                   maze_first_inside (maze), &found)
         && found.reached == maze->n_inside;
}

bool
maze_queue_make_room (MazeQueue *queue,
                      size_t     extra)
{
  size_t cap = queue->cap ? queue->cap : 64;
  uint32_t *data;

  if (queue->head + queue->len + extra <= queue->cap)
    return true;
  if (queue->head >= queue->len)
    {
      if (queue->len > 0)
        memmove (queue->data, queue->data + queue->head, queue->len * sizeof (uint32_t));
      queue->head = 0;
      if (queue->len + extra <= queue->cap)
        return true;
    }
  while (cap < queue->head + queue->len + extra)
    {
      if (cap > SIZE_MAX / (2 * sizeof (uint32_t)))
        {
          queue->failed = SIZE_MAX;
          return false;
        }
      cap *= 2;
    }
  data = realloc (queue->data, cap * sizeof (uint32_t));
  if (data == NULL)
    {
      queue->failed = cap * sizeof (uint32_t);
      return false;
    }
  queue->data = data;
  queue->cap = cap;
  return true;
}

/* ---- metadata ---- */

bool
maze_utf8_valid (const char *str,
                 size_t      len)
{
  const unsigned char *s = (const unsigned char *) str;
  size_t i = 0;

  while (i < len)
    {
      unsigned char b = s[i];
      uint32_t cp;
      size_t need;

      if (b < 0x80)
        {
          i++;
          continue;
        }
      if (b >= 0xC2 && b <= 0xDF)
        {
          need = 1;
          cp = b & 0x1F;
        }
      else if (b >= 0xE0 && b <= 0xEF)
        {
          need = 2;
          cp = b & 0x0F;
        }
      else if (b >= 0xF0 && b <= 0xF4)
        {
          need = 3;
          cp = b & 0x07;
        }
      else
        return false;
      if (len - i - 1 < need)
        return false;
      for (size_t k = 1; k <= need; k++)
        {
          if ((s[i + k] & 0xC0) != 0x80)
            return false;
          cp = (cp << 6) | (s[i + k] & 0x3F);
        }
      if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
          cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
      i += need + 1;
    }
  return true;
}

/* The number of bytes of the control character at @s (@len bytes
 * left), 0 when there is none: C0 (U+0000..U+001F), DEL (U+007F) and C1
 * (U+0080..U+009F, two bytes in UTF-8). */
static size_t
control_length (const char *s,
                size_t      len)
{
  const unsigned char *u = (const unsigned char *) s;

  if (u[0] < 0x20 || u[0] == 0x7F)
    return 1;
  if (len >= 2 && u[0] == 0xC2 && u[1] >= 0x80 && u[1] <= 0x9F)
    return 2;
  return 0;
}

/* The code point of the control character at @s. */
static unsigned
control_code (const char *s)
{
  const unsigned char *u = (const unsigned char *) s;

  return u[0] == 0xC2 ? u[1] : u[0];
}

char *
maze_text_escape (const char *text)
{
  size_t len = strlen (text), n = 0;
  char *out, *p;

  /* at most four bytes ("\x1b") for each byte */
  if (len > (SIZE_MAX - 1) / 4)
    return NULL;
  out = malloc (len * 4 + 1);
  if (out == NULL)
    return NULL;
  p = out;
  while (n < len)
    {
      size_t control = control_length (text + n, len - n);
      size_t step = 1;

      if (control == 0 && (unsigned char) text[n] >= 0x80)
        {
          /* one whole, valid UTF-8 character, else its bytes escaped */
          step = 0;
          for (size_t k = 2; k <= 4 && n + k <= len && step == 0; k++)
            if (maze_utf8_valid (text + n, k))
              step = k;
          if (step == 0)
            control = 1;
        }
      if (control > 0)
        {
          for (size_t k = 0; k < control; k++)
            p += sprintf (p, "\\x%02x", (unsigned char) text[n + k]);
          n += control;
          continue;
        }
      memcpy (p, text + n, step);
      p += step;
      n += step;
    }
  *p = '\0';
  return out;
}

bool
maze_meta_key_valid (const char *key)
{
  size_t len;

  if (key == NULL)
    return false;
  len = strlen (key);
  if (len < 1 || len > 32)
    return false;
  for (size_t i = 0; i < len; i++)
    {
      char ch = key[i];

      if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'))
        return false;
    }
  return true;
}

const char *
maze_meta_get (const Maze *maze,
               const char *key)
{
  for (size_t i = 0; i < maze->n_meta; i++)
    if (strcmp (maze->meta[i].key, key) == 0)
      return maze->meta[i].value;
  return NULL;
}

size_t
maze_meta_size (const Maze *maze)
{
  return maze->meta_bytes;
}

static char *
dup_string (const char *s)
{
  size_t len = strlen (s) + 1;
  char *d = malloc (len);

  if (d != NULL)
    memcpy (d, s, len);
  return d;
}

MazeStatus
maze_meta_set (Maze       *maze,
               const char *key,
               const char *value,
               MazeError  *error)
{
  size_t found = SIZE_MAX;
  size_t size, vlen;
  char *v;

  if (!maze_meta_key_valid (key))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_KEY,
                           MAZE_TEXT (key != NULL ? key : "(null)"));
  for (size_t i = 0; i < maze->n_meta; i++)
    if (strcmp (maze->meta[i].key, key) == 0)
      found = i;

  if (value == NULL)
    {
      if (found != SIZE_MAX)
        {
          maze->meta_bytes -= strlen (maze->meta[found].key) + 1 +
                              strlen (maze->meta[found].value) + 1;
          free (maze->meta[found].key);
          free (maze->meta[found].value);
          memmove (&maze->meta[found], &maze->meta[found + 1],
                   (maze->n_meta - found - 1) * sizeof (MetaPair));
          maze->n_meta--;
        }
      return MAZE_OK;
    }

  vlen = strlen (value);
  if (strchr (value, '\n') != NULL)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_VALUE_NEWLINE, MAZE_TEXT (key));
  if (!maze_utf8_valid (value, vlen))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_VALUE_NOT_UTF8,
                           MAZE_TEXT (key));
  for (size_t i = 0; i < vlen; i++)
    if (control_length (value + i, vlen - i) > 0)
      return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_VALUE_CONTROL,
                             MAZE_TEXT (key), MAZE_NUM (control_code (value + i)));

  size = maze_meta_size (maze) + vlen;
  if (found != SIZE_MAX)
    size -= strlen (maze->meta[found].value);
  else
    size += strlen (key) + 2;
  if (size > MAZE_FILE_META_MAX)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_TOO_BIG, MAZE_NUM (size),
                           MAZE_NUM (MAZE_FILE_META_MAX));

  if (found == SIZE_MAX)
    return maze_meta_append (maze, key, value, error);

  v = dup_string (value);
  if (v == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the maze's metadata")), MAZE_NUM (vlen + 1));
  maze->meta_bytes = maze->meta_bytes - strlen (maze->meta[found].value) + vlen;
  free (maze->meta[found].value);
  maze->meta[found].value = v;
  return MAZE_OK;
}

MazeStatus
maze_meta_append (Maze       *maze,
                  const char *key,
                  const char *value,
                  MazeError  *error)
{
  char *k, *v;

  if (maze->n_meta == maze->meta_cap)
    {
      size_t cap = maze->meta_cap ? maze->meta_cap * 2 : 8;
      MetaPair *grown = realloc (maze->meta, cap * sizeof (MetaPair));

      if (grown == NULL)
        return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                               MAZE_PHRASE (MAZE_N_("the maze's metadata")),
                               MAZE_NUM (cap * sizeof (MetaPair)));
      maze->meta = grown;
      maze->meta_cap = cap;
    }
  k = dup_string (key);
  v = dup_string (value);
  if (k == NULL || v == NULL)
    {
      free (k);
      free (v);
      return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                             MAZE_PHRASE (MAZE_N_("the maze's metadata")), MAZE_NUM (strlen (key) + 1 + strlen (value) + 1));
    }
  maze->meta[maze->n_meta].key = k;
  maze->meta[maze->n_meta].value = v;
  maze->n_meta++;
  maze->meta_bytes += strlen (k) + 1 + strlen (v) + 1;
  return MAZE_OK;
}

size_t
maze_meta_count (const Maze *maze)
{
  return maze->n_meta;
}

void
maze_meta_nth (const Maze  *maze,
               size_t       n,
               const char **key,
               const char **value)
{
  if (n >= maze->n_meta)
    {
      if (key != NULL)
        *key = NULL;
      if (value != NULL)
        *value = NULL;
      return;
    }
  if (key != NULL)
    *key = maze->meta[n].key;
  if (value != NULL)
    *value = maze->meta[n].value;
}
