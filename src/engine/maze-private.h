/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-private.h: helpers shared by the engine's own files (generators,
 * solvers, file I/O).  Not part of the public API.
 *
 * Every change of a cell word by a generator or solver goes through the
 * maze_op_*() helpers below, so the bit operation is written once, in the
 * words of maze-format.md 1, and the step report (old word, new word, C statement)
 * comes for free.  With report == NULL they cost one bit operation and a
 * predictable branch, which keeps the run-to-the-end loops fast.
 *
 * The C statements recorded, for cell i and direction letters N E S W:
 *   maze_op_or       (..., E, MAZE_PASSAGE_SHIFT)   "maze[i] |= E"
 *   maze_op_or       (..., W, MAZE_BACKTRACK_SHIFT) "maze[i] |= W << 12"
 *   maze_op_and_not  (..., E, MAZE_SOLUTION_SHIFT)  "maze[i] &= ~(E << 8)"
 *   maze_op_and_not  (..., E, MAZE_PASSAGE_SHIFT)   "maze[i] &= ~E"
 *   maze_op_clear    (..., MAZE_SOLUTION_MASK)      "maze[i] &= ~0x0F00"
 * Several direction bits print as "(N | W)".
 */
#pragma once

#include "maze.h"

/* The index of the lowest set bit of @x (not 0): of a word of bits a
 * cell, or the first side (N 0, E 1, S 2, W 3) of a nibble of sides. */
static inline uint32_t
maze_lowest_bit (uint64_t x)
{
#if defined(__GNUC__)
  return (uint32_t) __builtin_ctzll (x);
#else
  /* de Bruijn: the lowest bit alone, times the sequence, names it */
  static const uint8_t index[64] = {
    0, 1, 2, 53, 3, 7, 54, 27, 4, 38, 41, 8, 34, 55, 48, 28,
    62, 5, 39, 46, 44, 42, 22, 9, 24, 35, 59, 56, 49, 18, 29, 11,
    63, 52, 6, 26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
    51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
  };

  return index[((x & -x) * UINT64_C (0x022FDD63CC95386D)) >> 58];
#endif
}

/* A full name read (algorithm.c): the descriptor, the value of its
 * parameter, and the canonical name ("corridor" is "corridor:20"). */
typedef struct
{
  const MazeAlgorithm *algorithm;
  double               value;
  uint32_t             count;    /* MAZE_PARAM_COUNT */
  uint32_t             num;      /* MAZE_PARAM_FRACTION: num / den, */
  uint32_t             den;      /* den a power of ten */
  char                 name[64];
} MazeChoice;

/* Reads @name, a full name of an algorithm of @registry, into @choice;
 * false with MAZE_ERROR_ARGUMENT and a message naming the bad part. */
bool maze_algorithm_choose (const MazeAlgorithm *const *registry,
                            const char                 *name,
                            MazeChoice                 *choice,
                            MazeError                  *error);

/* The working set of an algorithm that keeps none but the cell it stands
 * on (a random walk, a hand on the wall): @cell, into @out when @max
 * allows.  Returns 1, the whole count. */
static inline size_t
maze_frontier_of_cell (uint32_t  cell,
                       uint32_t *out,
                       size_t    max)
{
  if (max > 0)
    out[0] = cell;
  return 1;
}

/* @n bytes and the padding after them that keeps the next array of a
 * packed copy (solver_pack (), gen_pack ()) aligned as malloc () aligns. */
static inline size_t
maze_pack_round (size_t n)
{
  return (n + 15) & ~(size_t) 15;
}

/* The three bit operations a step applies. */
typedef enum
{
  MAZE_OP_OR,         /* cells[i] |= bits << shift     */
  MAZE_OP_AND_NOT,    /* cells[i] &= ~(bits << shift)  */
  MAZE_OP_CLEAR_MASK, /* cells[i] &= ~mask (bits = mask, shift 0) */
} MazeOp;

/* While set (in this thread), maze_step_record() leaves the C statement
 * for maze_step_complete() to write: a step whose report is only counted
 * or recorded costs no text.  Set around one step, never left set. */
extern _Thread_local bool maze_step_quiet;

/* Record one change into @report (used by the inline helpers below). */
void maze_step_record (MazeStep *report,
                       uint32_t  index,
                       uint16_t  before,
                       uint16_t  after,
                       MazeOp    op,
                       uint16_t  bits,
                       unsigned  shift,
                       unsigned  line);

/* Record a change whose statement is given as text already. */
void maze_step_record_expr (MazeStep   *report,
                            uint32_t    index,
                            uint16_t    before,
                            uint16_t    after,
                            const char *expr,
                            unsigned    line);

/* Start a fresh report: kind, cell, other, dir; no changes. */
static inline void
maze_step_begin (MazeStep     *report,
                 MazeStepKind  kind,
                 uint32_t      cell,
                 uint32_t      other,
                 uint16_t      dir)
{
  if (report == NULL)
    return;
  report->kind = kind;
  report->cell = cell;
  report->other = other;
  report->dir = dir;
  report->line = 0;
  report->n_changes = 0;
}

/* The line of the listing the step ran (MazeStep.line). */
static inline void
maze_step_at (MazeStep *report,
              unsigned  line)
{
  if (report != NULL)
    report->line = (uint16_t) line;
}

/* cells[i] |= bits << shift */
static inline void
maze_op_or (uint16_t *cells,
            MazeStep *report,
            uint32_t  i,
            uint16_t  bits,
            unsigned  shift,
            unsigned  line)
{
  uint16_t before = cells[i];

  cells[i] = (uint16_t) (before | (bits << shift));
  if (report != NULL)
    maze_step_record (report, i, before, cells[i], MAZE_OP_OR, bits, shift, line);
}

/* cells[i] &= ~(bits << shift) */
static inline void
maze_op_and_not (uint16_t *cells,
                 MazeStep *report,
                 uint32_t  i,
                 uint16_t  bits,
                 unsigned  shift,
                 unsigned  line)
{
  uint16_t before = cells[i];

  cells[i] = (uint16_t) (before & ~(bits << shift));
  if (report != NULL)
    maze_step_record (report, i, before, cells[i], MAZE_OP_AND_NOT, bits, shift, line);
}

/* cells[i] &= ~mask, for a whole nibble mask such as MAZE_SOLUTION_MASK */
static inline void
maze_op_clear (uint16_t *cells,
               MazeStep *report,
               uint32_t  i,
               uint16_t  mask,
               unsigned  line)
{
  uint16_t before = cells[i];

  cells[i] = (uint16_t) (before & ~mask);
  if (report != NULL)
    maze_step_record (report, i, before, cells[i], MAZE_OP_CLEAR_MASK, mask, 0, line);
}

/* Knock down the wall between cell @a and its neighbour @b in direction
 * @dir (both passage bits; two changes in @report, made by lines @line
 * and @line + 1 of the listing, or none when @line is 0). */
static inline void
maze_op_carve (uint16_t *cells,
               MazeStep *report,
               uint32_t  a,
               uint32_t  b,
               uint16_t  dir,
               unsigned  line)
{
  maze_op_or (cells, report, a, dir, MAZE_PASSAGE_SHIFT, line);
  maze_op_or (cells, report, b, maze_opposite (dir), MAZE_PASSAGE_SHIFT, line ? line + 1 : 0);
}

/* Put back the wall between @a and its neighbour @b in direction @dir
 * (lines as for maze_op_carve()). */
static inline void
maze_op_build_wall (uint16_t *cells,
                    MazeStep *report,
                    uint32_t  a,
                    uint32_t  b,
                    uint16_t  dir,
                    unsigned  line)
{
  maze_op_and_not (cells, report, a, dir, MAZE_PASSAGE_SHIFT, line);
  maze_op_and_not (cells, report, b, maze_opposite (dir), MAZE_PASSAGE_SHIFT, line ? line + 1 : 0);
}

/* ---- the parts of the listings that algorithms share ---- */

/* Before every generator's own part: connect_cells(), whose two writes
 * are the lines MAZE_LISTING_CONNECT and MAZE_LISTING_CONNECT + 1. */
extern const MazeListingLine maze_listing_generator_head[];
#define MAZE_LISTING_GENERATOR_HEAD 7
#define MAZE_LISTING_CONNECT        4

/* After every generator's own part: add_loops() and place_ends(); the
 * lines, counted from the first line after the own part. */
extern const MazeListingLine maze_listing_generator_tail[];
#define MAZE_LISTING_GENERATOR_TAIL 18
enum
{
  MAZE_LISTING_LOOP_CARVE = 6,   /* connect_cells (maze, cell, d); */
  MAZE_LISTING_CLOSE_START = 12, /* maze[old_start] &= ~...; */
  MAZE_LISTING_CLOSE_GOAL = 13,
  MAZE_LISTING_OPEN_START = 14,  /* maze[start] |= ...; */
  MAZE_LISTING_OPEN_GOAL = 15,
  MAZE_LISTING_MOVE_OPENING = 17, /* maze[end] ^= closed | opened; */
};

/* After the own part of a solver flagged MAZE_ALGORITHM_TRACES_BACK:
 * reconstruct_solution(); the lines counted as for the tail above. */
extern const MazeListingLine maze_listing_trace_back[];
#define MAZE_LISTING_TRACE_BACK 12
enum
{
  MAZE_LISTING_TRACE_HOME = 4,  /* while (cell != start): the goal found */
  MAZE_LISTING_TRACE_WRITE = 9, /* maze[prev] |= OPPOSITE[d] << 8; */
};

/* In a descriptor: its own part of the listing, the array @lines. */
#define MAZE_LISTING(lines) \
  .listing = (lines), .n_listing = (unsigned) (sizeof (lines) / sizeof (lines)[0])

/* The first line of the tail of @algorithm's listing: a generator's own
 * lines start after the head. */
static inline unsigned
maze_listing_tail (const MazeAlgorithm *algorithm)
{
  return (algorithm->generator != NULL ? MAZE_LISTING_GENERATOR_HEAD : 0)
         + algorithm->n_listing;
}

/* A maze whose cells are all zero (no border nibbles either): for the file
 * reader, which fills every word itself.  NULL with SIZE or NOMEM. */
Maze *maze_new_raw (uint32_t   width,
                    uint32_t   height,
                    MazeError *error);

/* Ask the system for huge pages for a big array read at random places
 * (the cells, a generator's arrays); nothing where it has none to give. */
void maze_prefer_huge_pages (void   *p,
                             size_t  size);

/* maze_set_start() then maze_set_goal(), clearing the search nibbles
 * once for both (placing the endpoints of a big new maze). */
MazeStatus maze_set_endpoints (Maze      *maze,
                               uint32_t   start,
                               uint32_t   goal,
                               MazeError *error);

/* Set start and goal without touching any cell (the reader checked them). */
void maze_set_endpoints_raw (Maze     *maze,
                             uint32_t  start,
                             uint32_t  goal);

/* Record the number of cells of the shape (the file reader, which
 * counted them while checking the cells). */
void maze_set_n_inside (Maze     *maze,
                        uint32_t  n_inside);

/* maze_check_consistent(), with cells outside a shape allowed or not (a
 * version 1 file is a rectangle: every border nibble is the grid's).
 * When consistent, *@n_inside (if not NULL) gets the cells of the shape. */
bool maze_check_cells (const Maze *maze,
                       bool        shapes,
                       uint32_t   *n_inside,
                       MazeError  *error);

/* The pieces of the shape: sets of cells joined through sides without a
 * border bit.  The search nibbles are its marks, so they must be clear;
 * they are clear again afterwards.  *@largest gets a cell of the biggest
 * piece, *@largest_size its cells (either may be NULL).  0 for no cell. */
uint32_t maze_count_pieces (Maze     *maze,
                            uint32_t *largest,
                            uint32_t *largest_size);

/* Is @s (of @len bytes) well-formed UTF-8 (no overlongs, no surrogates,
 * nothing above U+10FFFF)? */
bool maze_utf8_valid (const char *s,
                      size_t      len);

/* Append a pair without looking for the key or checking the value: for
 * the file reader, which has checked both (syntax, UTF-8, duplicates,
 * the 64 KiB limit).  MAZE_ERROR_NOMEM only. */
MazeStatus maze_meta_append (Maze       *maze,
                             const char *key,
                             const char *value,
                             MazeError  *error);

/* Bytes the metadata takes in a file: the sum of "key=value\n". */
size_t maze_meta_size (const Maze *maze);

/* The index of the neighbour of cell @i towards one direction @dir, in a
 * maze @width cells wide, with no border check (the caller knows side
 * @dir has a neighbour).  Every index fits in uint32_t: at most 2^30. */
static inline uint32_t
maze_index_toward (uint32_t width,
                   uint32_t i,
                   uint16_t dir)
{
  switch (dir)
    {
    case MAZE_N: return i - width;
    case MAZE_E: return i + 1;
    case MAZE_S: return i + width;
    default:     return i - 1;
    }
}

/* The order in which an endpoint's outer wall is opened: the start on its
 * first border side among N, W, S, E, the goal among S, E, N, W. */
extern const uint16_t MAZE_START_OPENING_ORDER[4];
extern const uint16_t MAZE_GOAL_OPENING_ORDER[4];

/* Open the outer wall of cell @i on the first of its border sides in
 * @order; nothing for an interior cell. */
void maze_open_first_border_side (uint16_t       *cells,
                                  uint32_t        i,
                                  const uint16_t  order[4]);

/* The border nibble (shifted to bits 4..7) that cell (x, y) must have. */
static inline uint16_t
maze_border_bits (uint32_t width,
                  uint32_t height,
                  uint32_t x,
                  uint32_t y)
{
  uint16_t b = 0;

  if (y == 0)
    b |= MAZE_N;
  if (x == width - 1)
    b |= MAZE_E;
  if (y == height - 1)
    b |= MAZE_S;
  if (x == 0)
    b |= MAZE_W;
  return (uint16_t) (b << MAZE_BORDER_SHIFT);
}

/* ---- a queue of cells that holds just what is in it ---- */

/* Entries data[head .. head + len) of an array of cap. */
typedef struct
{
  uint32_t *data;
  size_t    head;
  size_t    len;
  size_t    cap;
  size_t    failed;  /* the bytes of the last growth that failed, 0: none */
} MazeQueue;

/* Room for @extra more entries behind the queue: it slides to the front
 * of the array once the used-up part before it is at least as long (so
 * an entry moves at most once for every entry taken out), and the array
 * doubles when that is not enough.  False on NOMEM (nothing changed). */
bool maze_queue_make_room (MazeQueue *queue,
                           size_t     extra);

/* ---- breadth-first distances, for the statistics and the placements ---- */

typedef struct
{
  uint64_t reached;   /* cells reached, the source included */
  uint64_t max_dist;  /* moves from the source to the last cell reached */
  uint32_t last;      /* the cell reached last: a farthest one */
  int64_t  goal_dist; /* moves from the source to the goal, -1 if unreached */
  size_t   nomem_bytes; /* out of memory: the allocation that failed */
} MazeSearchResult;

/* A breadth-first search from @from through the passages (an opening in
 * the outer wall leads nowhere), sides in the order N, E, S, W, that does
 * not change the maze: it needs one bit a cell and a queue as long as
 * the widest layer.  False when out of memory.  (distances.c) */
bool maze_search_distances (const Maze       *maze,
                            uint32_t          from,
                            uint32_t          goal,
                            MazeSearchResult *result);

/* ------------------------------------------------------------------ */
/* Saving and restoring a stepper                                      */
/* ------------------------------------------------------------------ */

/*
 * What the history (history.c) needs of the generators and solvers to
 * keep checkpoints and go back to them: a save (pack: a frozen copy in
 * memory the history owns) and a restore (clone: a stepper made of a
 * copy), with their sizes.  Declared here, in the engine's core, and
 * implemented by generators/generator.c and solvers/solver.c for every
 * algorithm of their folder, so the core includes nothing from those
 * folders.
 */

/* A copy of @gen working on @maze (the same size and, for the copy to go
 * on as @gen would, the same cells): the same state, random numbers and
 * working set; the ring only as large as its contents need.  NULL when
 * out of memory. */
MazeGenerator *gen_clone      (const MazeGenerator *gen,
                               Maze                *maze);

/* The bytes gen_clone() allocates for a copy of @gen. */
size_t         gen_clone_size (const MazeGenerator *gen);

/* A frozen copy of @gen working on @maze, packed into @mem (struct,
 * arrays and ring, gen_pack_size() bytes, aligned as malloc() aligns):
 * what a history keeps at a checkpoint.  It is only read, by gen_clone(),
 * which makes a stepper of it; it is neither stepped nor given to
 * maze_generator_free(): its memory is @mem's. */
MazeGenerator *gen_pack       (const MazeGenerator *gen,
                               Maze                *maze,
                               void                *mem);
size_t         gen_pack_size  (const MazeGenerator *gen);

/* maze_place_endpoints(), and when @report is not NULL a report of it:
 * MAZE_STEP_OPENING, cell = the start, other = the goal, one change a
 * word it changed (at most the old and the new start and goal), with
 * the lines of place_ends() in a listing whose tail begins after line
 * @tail (maze_listing_tail()).  Only
 * for a maze without search bits (moving an endpoint clears them). */
MazeStatus     gen_place_endpoints (Maze          *maze,
                                    MazePlacement  placement,
                                    bool           openings,
                                    uint64_t       seed,
                                    MazeStep      *report,
                                    unsigned       tail,
                                    MazeError     *error);

/* A copy of @solver working on @maze (which must have the same size and,
 * for the copy to go on as @solver would, the same cells): the same
 * state, counters and working set, with arrays only as large as their
 * contents need.  NULL when out of memory. */
MazeSolver *solver_clone (const MazeSolver *solver,
                          Maze             *maze);

/* The bytes solver_clone() allocates for a copy of @solver. */
size_t      solver_clone_size (const MazeSolver *solver);

/* A frozen copy of @solver working on @maze, packed into @mem (struct
 * and arrays, solver_pack_size() bytes, aligned as malloc() aligns): what
 * a history keeps at a checkpoint.  It is only read, by solver_clone(),
 * which makes a stepper of it; it is neither stepped nor given to
 * maze_solver_free(): its memory is @mem's. */
MazeSolver *solver_pack       (const MazeSolver *solver,
                               Maze             *maze,
                               void             *mem);
size_t      solver_pack_size  (const MazeSolver *solver);

/* As maze_solver_run_steps (), and appends to @touched (room for @max x
 * MAZE_STEP_MAX_CHANGES) the index of each word the steps change, a
 * word once for each change; *@n_touched says how many.  A history's Run
 * at full speed: the changed cells for the view, no reports. */
uint64_t    solver_run_touched (MazeSolver *solver,
                                uint64_t    max,
                                uint32_t   *touched,
                                size_t     *n_touched);

/* Whether @solver has ended (found or no path): maze_solver_step () would
 * return false. */
bool        solver_done       (const MazeSolver *solver);
