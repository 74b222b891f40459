/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * generator-private.h: what the maze generators share.
 *
 * A generator is a stepper.  generator.c owns the public functions, the
 * step counting and the loops phase; each algorithm file provides its
 * descriptor (a MazeAlgorithm, listed in registry.c), the struct of its
 * own state (class->state_size bytes after the common fields, read with
 * GEN_STATE()) and a MazeGeneratorClass whose step() does ONE tree
 * operation (a carve, or a wall for recursive division) or one bounded
 * scan, and says which.
 *
 * "Visited" is read from the passages nibble: a cell belongs to the tree
 * once it has a passage.  The one exception is the first cell before its
 * first carve; the algorithms that can meet it then (Wilson, Prim) compare
 * with gen->first.
 */
#pragma once

#include "maze-private.h"

#include <stddef.h>
#include <stdlib.h>

#define GEN_NONE UINT32_MAX

typedef enum
{
  GEN_CARVED,   /* one tree operation done (carve or wall), reported */
  GEN_SCANNED,  /* a bounded scan without change (MAZE_STEP_SCAN) */
  GEN_FINISHED, /* nothing left to do: the tree is complete */
  GEN_NOMEM,    /* the working set could not grow: stop */
} GenResult;

typedef enum
{
  GEN_PHASE_TREE,
  GEN_PHASE_LOOPS,
  GEN_PHASE_DONE,
} GenPhase;

/* An array a generator owns beyond the moves and the ring, with its size
 * in bytes: what freeing it releases and what a copy duplicates. */
typedef struct
{
  void   **p;
  size_t   size;
} GenArray;

#define GEN_MAX_ARRAYS 4

/*
 * What a generator does, pointed at by its descriptor (MazeAlgorithm in
 * maze.h), with the same pattern as MazeSolverClass: init, step,
 * frontier, run, and here also check_shape, what it can fill, and arrays,
 * the memory of its own.
 */
struct MazeGeneratorClass
{
  /* Allocate the working set and put the first cell in it. */
  MazeStatus (*init)        (MazeGenerator *gen,
                             MazeError     *error);
  /* One tree operation (a carve, or a wall), or one bounded scan. */
  GenResult  (*step)        (MazeGenerator *gen,
                             MazeStep      *report);
  /* NULL: the working set is the current cell, gen->cur. */
  size_t     (*frontier)    (const MazeGenerator *gen,
                             uint32_t            *out,
                             size_t               max);
  /* Optional: finish the tree without reports, making exactly the same
   * draws and carves as step() would; counts its steps and tree_left.
   * It stops after tree_left carves, and a class with steps that carve
   * nothing (scans) also after run_steps steps. */
  void       (*run)         (MazeGenerator *gen);
  /* Optional, for an algorithm without MAZE_ALGORITHM_ANY_SHAPE that
   * fills some shapes: MAZE_OK when it can fill the shape of @maze (a
   * shaped maze, every wall standing), else the reason, naming
   * @algorithm.  NULL (and no ANY_SHAPE): it fills no shape at all. */
  MazeStatus (*check_shape) (const MazeAlgorithm *algorithm,
                             const Maze          *maze,
                             MazeError           *error);
  /* Optional: the arrays init() allocated beyond the moves and the ring
   * (which every generator has) into @arrays; returns how many.  The
   * generator frees them, and copies them for a history. */
  unsigned   (*arrays)      (MazeGenerator *gen,
                             GenArray       arrays[GEN_MAX_ARRAYS]);
  /* The bytes of the algorithm's own state (GEN_STATE()), a struct of
   * its own file; 0: none.  The arrays above live in it. */
  size_t      state_size;
};

struct MazeGenerator
{
  Maze           *maze;
  uint16_t       *cells;
  uint32_t        width;
  uint32_t        height;
  uint32_t        n;
  /* i + delta[dir] is the neighbour of i towards dir (mod 2^32). */
  uint32_t        delta[16];
  MazeRng         rng;
  MazeChoice      spec;       /* the algorithm, its parameter, its name */
  unsigned        loops;

  GenPhase        phase;
  MazeStatus      status;
  uint64_t        steps;
  uint64_t        tree_left;  /* tree operations still to do */
  bool            sliced;     /* a class's run is one slice of several
                               * (maze_generator_run_steps()): it may
                               * spread long preparations over them */
  uint64_t        run_steps;  /* the most steps a class's run may take,
                               * scans included: a run of a walk that
                               * scans stops there too */
  size_t          memory;     /* bytes allocated beyond the maze */
  size_t          nomem_bytes; /* the allocation that failed last (for
                                * the out-of-memory message), 0: none */

  uint32_t        first;      /* the root of the tree */
  uint32_t        cur;        /* the current cell of a walk */

  /* A stack of moves, two bits each (the direction index 0..3): the
   * path from `first` to `cur` for the depth-first generators, or one
   * exit direction a cell for Wilson's walks. */
  uint64_t       *moves;
  size_t          depth;

  /* A list of cells used as a ring (growing tree) or as a bag (corridor,
   * Prim); capacity is a power of two. */
  uint32_t       *ring;
  size_t          ring_cap;
  size_t          ring_head;
  size_t          ring_len;


  /* Loops phase. */
  uint32_t        loop_cursor;
  uint64_t        loop_needed;
  uint64_t        loop_remaining;

  /* The algorithm's own state, class->state_size bytes (zeroed when the
   * generator is made, copied with it): a struct its file declares and
   * reads through GEN_STATE().  Nothing here lists them. */
  _Alignas (max_align_t) unsigned char state[];
};

/* The algorithm's own state of @gen, as its file's struct @Type. */
#define GEN_STATE(gen, Type) ((Type *) (void *) (gen)->state)

/* ---- helpers ---- */

/* Hints that the line of @p will be read, or written, soon: for the
 * run loops that know their next cells ahead.  Nothing elsewhere. */
#if defined(__GNUC__)
#define GEN_PREFETCH_READ(p)  __builtin_prefetch ((p), 0)
#define GEN_PREFETCH_WRITE(p) __builtin_prefetch ((p), 1)
#else
#define GEN_PREFETCH_READ(p)  ((void) (p))
#define GEN_PREFETCH_WRITE(p) ((void) (p))
#endif

/* malloc()/calloc() that count the bytes in gen->memory (and keep the
 * size of a failed one in gen->nomem_bytes). */
void *gen_alloc  (MazeGenerator *gen,
                  size_t         size,
                  bool           zero);
void  gen_free   (MazeGenerator *gen,
                  void          *p,
                  size_t         size);

/* MAZE_ERROR_NOMEM into @error, naming the generator and the bytes of the
 * allocation that failed (gen->nomem_bytes). */
MazeStatus gen_nomem (const MazeGenerator *gen,
                      MazeError           *error);

/* gen_clone (), gen_pack () and gen_place_endpoints (): maze-private.h,
 * "Saving and restoring a stepper". */

/* Make room for @extra more cells in the ring; false when out of memory
 * (the ring is unchanged then). */
bool  gen_ring_reserve (MazeGenerator *gen,
                        size_t         extra);

/* The 16 nibbles: how many bits, and which ones (N, E, S, W order). */
extern const uint8_t  gen_nibble_count[16];
extern const uint16_t gen_nibble_dirs[16][4];

static inline uint16_t
gen_dir_of_index (uint32_t k)
{
  return (uint16_t) (1u << k);
}

/* A table, not a chain of tests: the hot loops call it for random
 * directions, which a branch predictor cannot guess. */
static inline uint32_t
gen_index_of_dir (uint16_t d)
{
  static const uint8_t index[16] = { 0, 0, 1, 0, 2, 0, 0, 0, 3 };

  return index[d & 0xF];
}

/* A random cell of the maze's shape (the first draw of most algorithms):
 * one draw below the cells of the shape, so a rectangle's cell is the
 * number drawn. */
static inline uint32_t
gen_random_cell (MazeGenerator *gen)
{
  return maze_nth_inside (gen->maze, maze_rng_below (&gen->rng, maze_n_inside (gen->maze)));
}

/* The sides of cell word @c that have a neighbour (not on the border). */
static inline uint16_t
gen_inner_sides (uint16_t c)
{
  return (uint16_t) (~(c >> MAZE_BORDER_SHIFT) & 0xF);
}

/* Is a class's run asked for the whole tree from the start (no carve
 * yet, no slice)?  Then nothing sees the order of its carves, and it may
 * take a path of its own. */
static inline bool
gen_run_makes_whole_tree (const MazeGenerator *gen)
{
  return gen->steps == 0 && !gen->sliced;
}

/* The neighbours of @i not in the tree yet (no passage), as a nibble. */
static inline uint16_t
gen_uncarved_sides (const MazeGenerator *gen,
                    uint32_t             i)
{
  const uint16_t *cells = gen->cells;
  uint16_t inner = gen_inner_sides (cells[i]);
  uint16_t out = 0;

  if ((inner & MAZE_N) && !(cells[i - gen->width] & MAZE_PASSAGE_MASK))
    out |= MAZE_N;
  if ((inner & MAZE_E) && !(cells[i + 1] & MAZE_PASSAGE_MASK))
    out |= MAZE_E;
  if ((inner & MAZE_S) && !(cells[i + gen->width] & MAZE_PASSAGE_MASK))
    out |= MAZE_S;
  if ((inner & MAZE_W) && !(cells[i - 1] & MAZE_PASSAGE_MASK))
    out |= MAZE_W;
  return out;
}

/* One direction of the nibble @sides (not 0), at random from @rng (the
 * generator's, or a run's copy of it); no draw when there is only one. */
static inline uint16_t
gen_pick_side (MazeRng  *rng,
               uint16_t  sides)
{
  unsigned k = gen_nibble_count[sides];

  if (k == 1)
    return sides;
  return gen_nibble_dirs[sides][maze_rng_below (rng, k)];
}

/* Knock down the wall on side @dir of @cell, without a report. */
static inline void
gen_carve_now (MazeGenerator *gen,
               uint32_t       cell,
               uint16_t       dir)
{
  gen->cells[cell] |= dir;
  gen->cells[cell + gen->delta[dir]] |= maze_opposite (dir);
}

/*
 * Carves that wait for their cells' memory, in a run whose choices do
 * not read the cells (they ask GenCarved bits, or bits of their own):
 * each carve's cells are prefetched and it is done GEN_PENDING carves
 * later, by which time they have come; gen_pending_flush() does the rest
 * before the run returns.
 */
#define GEN_PENDING 16 /* a power of two */

typedef struct
{
  uint64_t n;                  /* carves queued so far */
  uint32_t cell[GEN_PENDING];
  uint16_t dir[GEN_PENDING];
} GenPending;

static inline void
gen_pending_carve (MazeGenerator *gen,
                   GenPending    *p,
                   uint32_t       cell,
                   uint16_t       dir)
{
  unsigned slot = (unsigned) (p->n & (GEN_PENDING - 1));

  if (p->n >= GEN_PENDING)
    gen_carve_now (gen, p->cell[slot], p->dir[slot]);
  p->cell[slot] = cell;
  p->dir[slot] = dir;
  p->n++;
  GEN_PREFETCH_WRITE (&gen->cells[cell]);
  GEN_PREFETCH_WRITE (&gen->cells[cell + gen->delta[dir]]);
}

static inline void
gen_pending_flush (MazeGenerator *gen,
                   GenPending    *p)
{
  for (uint64_t q = p->n > GEN_PENDING ? p->n - GEN_PENDING : 0; q < p->n; q++)
    gen_carve_now (gen, p->cell[q & (GEN_PENDING - 1)], p->dir[q & (GEN_PENDING - 1)]);
  p->n = 0;
}

/*
 * A run that makes the whole tree from the start may ask its questions
 * of a bit a cell instead of the cells: set when the cell is in the tree
 * (has a passage) or outside the shape.  The bits of a big maze fit in
 * the caches where its cells do not (8 MB against 128 MB at
 * 8000 x 8000), so a cell a random draw looks at costs a wait for the
 * cache, not for memory.  The uncarved sides are the same: a side is
 * inner exactly when its neighbour is in the grid and in the shape.
 * Such a run only writes the cells (gen_carve_now()), and may let the
 * writes wait a few carves for their memory.
 */
typedef struct
{
  uint64_t  *bits;     /* NULL: ask the cells */
  GenPending pending;  /* the carves waiting, with the bits */
} GenCarved;

/* The bits of the cells as they are, for a whole run; false when there
 * is not the memory (then c->bits is NULL, and the cells are asked).
 * gen_carved_end() after. */
bool gen_carved_new (GenCarved           *c,
                     const MazeGenerator *gen);

static inline bool
gen_carved_bit (const uint64_t *bits,
                uint32_t        i)
{
  return (bits[i >> 6] >> (i & 63)) & 1;
}

/* Cell @i is in the tree now. */
static inline void
gen_carved_set (GenCarved *c,
                uint32_t   i)
{
  c->bits[i >> 6] |= UINT64_C (1) << (i & 63);
}

/* The uncarved sides of @i, as gen_uncarved_sides() has them. */
static inline uint16_t
gen_carved_sides (const MazeGenerator *gen,
                  const GenCarved     *c,
                  uint32_t             i)
{
  uint32_t w = gen->width, y, x;
  uint16_t out = 0;

  if (c->bits == NULL)
    return gen_uncarved_sides (gen, i);
  y = i / w;
  x = i - y * w;
  if (y > 0 && !gen_carved_bit (c->bits, i - w))
    out |= MAZE_N;
  if (x + 1 < w && !gen_carved_bit (c->bits, i + 1))
    out |= MAZE_E;
  if (y + 1 < gen->height && !gen_carved_bit (c->bits, i + w))
    out |= MAZE_S;
  if (x > 0 && !gen_carved_bit (c->bits, i - 1))
    out |= MAZE_W;
  return out;
}

/* Carve from @from towards @dir in a run that asks @c; returns the
 * neighbour.  With the bits, both cells are in the tree at once and the
 * carve waits for their memory (nothing reads the cells before
 * gen_carved_end()); without them, it is done now. */
static inline uint32_t
gen_carved_carve (MazeGenerator *gen,
                  GenCarved     *c,
                  uint32_t       from,
                  uint16_t       dir)
{
  uint32_t to = from + gen->delta[dir];

  if (c->bits == NULL)
    {
      gen_carve_now (gen, from, dir);
      return to;
    }
  /* from too: the first cell has its first passage now */
  gen_carved_set (c, from);
  gen_carved_set (c, to);
  gen_pending_carve (gen, &c->pending, from, dir);
  return to;
}

/* The end of a run that asked @c: the waiting carves done, the bits
 * freed. */
static inline void
gen_carved_end (MazeGenerator *gen,
                GenCarved     *c)
{
  gen_pending_flush (gen, &c->pending);
  free (c->bits);
  c->bits = NULL;
}

/* Line @line of a generator's own part of its listing (the descriptor's
 * listing, from 1) as a line of its whole listing. */
#define GEN_LINE(line) (MAZE_LISTING_GENERATOR_HEAD + (line))

/* Carve from @from towards @dir, reporting it as a CARVE step from @from
 * to the neighbour, the step of line @line of the algorithm's own listing
 * (its call of connect_cells()); returns the neighbour. */
static inline uint32_t
gen_carve (MazeGenerator *gen,
           MazeStep      *report,
           unsigned       line,
           uint32_t       from,
           uint16_t       dir)
{
  uint32_t to = from + gen->delta[dir];

  maze_step_begin (report, MAZE_STEP_CARVE, to, from, dir);
  maze_step_at (report, GEN_LINE (line));
  maze_op_carve (gen->cells, report, from, to, dir, MAZE_LISTING_CONNECT);
  return to;
}

/* A step that looked without carving (MAZE_STEP_SCAN) at @cell, at line
 * @line of the algorithm's own listing. */
static inline void
gen_scan (MazeStep *report,
          unsigned  line,
          uint32_t  cell)
{
  maze_step_begin (report, MAZE_STEP_SCAN, cell, UINT32_MAX, 0);
  maze_step_at (report, GEN_LINE (line));
}

/* The two-bit move stack. */
static inline void
gen_moves_set (MazeGenerator *gen,
               size_t         d,
               uint32_t       k)
{
  uint64_t *w = &gen->moves[d >> 5];
  unsigned shift = (unsigned) (d & 31) * 2;

  *w = (*w & ~(UINT64_C (3) << shift)) | ((uint64_t) k << shift);
}

static inline void
gen_moves_push (MazeGenerator *gen,
                uint32_t       k)
{
  gen_moves_set (gen, gen->depth++, k);
}

static inline uint32_t
gen_moves_get (const MazeGenerator *gen,
               size_t               d)
{
  return (uint32_t) (gen->moves[d >> 5] >> ((d & 31) * 2)) & 3;
}

static inline uint32_t
gen_moves_pop (MazeGenerator *gen)
{
  return gen_moves_get (gen, --gen->depth);
}

/* Allocate a move array for @count moves. */
MazeStatus gen_moves_alloc (MazeGenerator *gen,
                            size_t         count,
                            MazeError     *error);

/* The depth-first frontier: cur, then back along the move stack. */
size_t gen_moves_frontier (const MazeGenerator *gen,
                           uint32_t            *out,
                           size_t               max);

/* The ring from its back (newest first), or from its front. */
size_t gen_ring_frontier (const MazeGenerator *gen,
                          uint32_t            *out,
                          size_t               max,
                          bool                 front_first);
