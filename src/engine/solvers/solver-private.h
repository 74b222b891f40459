/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * solver-private.h: what the solver files share.  solver.c holds the
 * public functions and the pieces every algorithm uses (the growing
 * arrays, the binary heap, the path reconstruction); each algorithm lives
 * in a file of its own with its descriptor (a MazeAlgorithm, listed in
 * registry.c), the struct of its own state (class->state_size bytes after
 * the common fields, read with SOLVER_STATE()) and its MazeSolverClass.
 *
 * The search writes its state into the maze, as maze-format.md 1 says:
 *  - the backtrack nibble of a cell points at the cell it was reached from
 *    (a BFS parent pointer, a DFS came-from), so "visited" is "backtrack
 *    nibble set, or the start cell" and needs no array of its own;
 *  - the solution nibble of a cell points at the next cell of the path.
 */
#pragma once

#include "maze-private.h"

#include <stddef.h>

typedef enum
{
  SOLVER_SEARCH = 0, /* the algorithm's own steps */
  SOLVER_PATH,       /* following backtrack pointers from the goal home */
  SOLVER_DONE,       /* found or no path; maze_solver_step() returns false */
} SolverPhase;

/* One entry of a binary min-heap: smallest key on top. */
typedef struct
{
  uint64_t key;
  uint32_t cell;
  uint32_t aux;  /* the algorithm's own (A*: side and column) */
} SolverHeapEntry;

typedef struct
{
  SolverHeapEntry *data;
  size_t           len;
  size_t           cap;
  size_t           failed;  /* the bytes of the last growth that failed, 0: none */
} SolverHeap;

struct MazeSolver
{
  const MazeAlgorithm   *algorithm;
  Maze                  *maze;
  uint16_t              *cells;
  uint32_t               width;
  uint32_t               n_cells;
  uint32_t               start;
  uint32_t               goal;

  SolverPhase            phase;
  bool                   found;
  MazeStepKind           final_kind;
  uint32_t               final_cell;
  MazeStatus             status;    /* MAZE_ERROR_NOMEM when a search ran out of memory
                                     * (a status, not a MazeError: the history keeps
                                     * copies of the solver, and a MazeError is 18 KB) */

  uint64_t               steps;
  uint64_t               stop_after; /* see maze_solver_run_steps (): 0 but in it */
  /* In solver_run_touched () only (NULL elsewhere, so never copied): where
   * a run that stops (class->run_stops) appends the index of each word
   * it changes, and how many it has. */
  uint32_t              *touched;
  size_t                 n_touched;
  uint64_t               visited;
  uint64_t               max_frontier;
  uint64_t               path_length;
  uint32_t               path_cell; /* SOLVER_PATH: next cell to link to its parent */

  /* BFS: the queue, head first. */
  MazeQueue              queue;

  /* A* open set, junction list. */
  SolverHeap             heap;

  /* The cell being worked on: BFS's dequeued cell, the junction solver's
   * or the wall follower's position. */
  uint32_t               cur;

  /* No path found, but one leads to the goal: the method cannot reach
   * it (the wall follower's island of walls its hand never touches). */
  bool                   missed;

  /* The algorithm's own state, class->state_size bytes (zeroed when the
   * solver is made, copied with it): a struct its file declares and
   * reads through SOLVER_STATE().  Nothing here lists them. */
  _Alignas (max_align_t) unsigned char state[];
};

/* The algorithm's own state of @solver, as its file's struct @Type. */
#define SOLVER_STATE(solver, Type) ((Type *) (void *) (solver)->state)

/*
 * What a solver does, pointed at by its descriptor (MazeAlgorithm in
 * maze.h), with the same pattern as MazeGeneratorClass: init, step,
 * frontier, run, free.
 */
struct MazeSolverClass
{
  /* Set up the algorithm's state after the common fields; MAZE_ERROR_NOMEM
   * with @error when out of memory. */
  MazeStatus (*init)     (MazeSolver *solver,
                          MazeError  *error);
  /* One step of the search.  It either reports a step, switches to
   * SOLVER_PATH (goal reached, the parent pointers lead home) or ends the
   * search with solver_finish(). */
  void       (*step)     (MazeSolver *solver,
                          MazeStep   *report);
  /* NULL: the working set is the current cell, solver->cur. */
  size_t     (*frontier) (const MazeSolver *solver,
                          uint32_t         *out,
                          size_t            max);
  /* Optional: the search to its end, without reports, faster than
   * step() one at a time but with the same counters.  With run_stops,
   * it also stops after solver->stop_after steps when that is not 0, in
   * the state step() would have left (see maze_solver_run_steps ()),
   * and appends to solver->touched, when not NULL, the index of each
   * word it changes, in the order step() reports them. */
  void       (*run)      (MazeSolver *solver);
  bool        run_stops;
  /* Optional: free what init() and step() allocated beyond the queue and
   * the heap, which every solver frees. */
  void       (*free)     (MazeSolver *solver);
  /* With the descriptor's next_rule: maze_solver_next_cell() in the
   * search phase, the cell the next step takes by that rule (and ties
   * the rule cannot tell from it), without changing anything; false
   * when the step takes none. */
  bool       (*next_cell) (const MazeSolver *solver,
                           uint32_t         *cell,
                           uint32_t         *ties,
                           unsigned          max_ties,
                           unsigned         *n_ties);
  /* The bytes of the algorithm's own state (SOLVER_STATE()), a struct
   * of its own file; 0: none. */
  size_t      state_size;
};

/* A hint that the cache line of *@p will be read soon, so a search can
 * ask for the cells it will look at next while it works; nothing where
 * the compiler has no such hint.  It changes no result. */
#if defined (__GNUC__) || defined (__clang__)
#define SOLVER_PREFETCH(p) __builtin_prefetch (p)
#else
#define SOLVER_PREFETCH(p) ((void) (p))
#endif

/* Inline even where the compiler finds the function long: for the heap's
 * sift, which A*'s hot loop runs at every other cell it takes. */
#if defined (__GNUC__) || defined (__clang__)
#define SOLVER_ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
#define SOLVER_ALWAYS_INLINE inline
#endif

/* The open sides of a cell: passages that lead to a neighbour (an opening
 * through the outer wall leads nowhere). */
static inline uint16_t
solver_open_dirs (uint16_t cell)
{
  return (uint16_t) (cell & ~(cell >> MAZE_BORDER_SHIFT) & MAZE_PASSAGE_MASK);
}

/* The neighbour of @i through an open side @dir (no border check). */
static inline uint32_t
solver_step_to (const MazeSolver *solver,
                uint32_t          i,
                uint16_t          dir)
{
  return maze_index_toward (solver->width, i, dir);
}

static inline bool
solver_visited (const MazeSolver *solver,
                uint32_t          i)
{
  return (solver->cells[i] & MAZE_BACKTRACK_MASK) != 0 || i == solver->start;
}

/* The open sides of @i that lead to cells not visited yet. */
static inline uint16_t
solver_unvisited_dirs (const MazeSolver *solver,
                       uint32_t          i)
{
  uint16_t open = solver_open_dirs (solver->cells[i]);
  uint16_t result = 0;

  for (unsigned k = 0; k < 4; k++)
    {
      uint16_t d = MAZE_DIRECTIONS[k];

      if ((open & d) && !solver_visited (solver, solver_step_to (solver, i, d)))
        result |= d;
    }
  return result;
}

static inline void
solver_note_frontier (MazeSolver *solver,
                      uint64_t    size)
{
  if (size > solver->max_frontier)
    solver->max_frontier = size;
}

/* End the search: report MAZE_STEP_FOUND or MAZE_STEP_NO_PATH about @cell,
 * the step of line @line of the listing (0: none). */
void solver_finish (MazeSolver *solver,
                    MazeStep   *report,
                    bool        found,
                    uint32_t    cell,
                    unsigned    line);

/* End the search because an array could not grow. */

/* MAZE_ERROR_NOMEM into @error, naming the solver and the bytes of the
 * growth of its queue or heap that failed. */
MazeStatus solver_nomem (const MazeSolver *solver,
                         MazeError        *error);

void solver_out_of_memory (MazeSolver *solver,
                           MazeStep   *report);

/* solver_clone () and solver_pack (): maze-private.h, "Saving and
 * restoring a stepper". */

/* Start following the backtrack pointers home from the goal. */
void solver_begin_path (MazeSolver *solver);

/* Double the heap's room; false on NOMEM. */
bool solver_heap_grow (SolverHeap *heap);

/* Add an entry; false on NOMEM.  Inline, as the searches' hot loops push
 * a cell a step. */
static inline bool
solver_heap_push (SolverHeap *heap,
                  uint64_t    key,
                  uint32_t    cell,
                  uint32_t    aux)
{
  SolverHeapEntry *data;
  size_t i;

  if (heap->len == heap->cap)
    {
      /* through a copy, so a caller's local heap does not escape */
      SolverHeap grown = *heap;

      if (!solver_heap_grow (&grown))
        return false;
      *heap = grown;
    }
  data = heap->data;
  i = heap->len++;
  while (i > 0)
    {
      size_t parent = (i - 1) / 2;

      if (data[parent].key <= key)
        break;
      data[i] = data[parent];
      i = parent;
    }
  data[i] = (SolverHeapEntry) { key, cell, aux };
  return true;
}

/*
 * Puts @last in the root's place of a heap of @n entries (n > 0) and sifts
 * it down, as a pop does.
 *
 * The textbook sift takes the smaller child at each level (the left one
 * on a tie) and stops at the first whose key is not smaller than the
 * moved entry's.  This one does the same with fewer comparisons (Floyd's
 * bottom-up sift): the hole goes down the path of smaller children to a
 * leaf, each child moving up a level, then climbs back while its parent's
 * key is not smaller than the moved entry's, moving those children down
 * again.  The keys along the path never decrease, so "not smaller" holds
 * from some level to the leaf: the climb stops where the textbook sift
 * would have, and every entry, equal keys included, ends in the same
 * slot.  data[n] must be inside the array; it is overwritten.
 */
static SOLVER_ALWAYS_INLINE void
solver_heap_sift_down (SolverHeapEntry *data,
                       size_t           n,
                       SolverHeapEntry  last)
{
  size_t i = 0, child;

  /* slot n, out of the heap, poses as a right child that is never
   * smaller: the left child alone is taken then */
  data[n].key = UINT64_MAX;
  /* down to a leaf; the right child only when its key is smaller.  Two
   * levels a turn while all four grandchildren are in the heap: their
   * keys load beside the children's, so where the hole goes next waits
   * for two comparisons, not for a load after each (A* runs 4 % faster
   * at 4000 x 4000).  The same choices as one level at a time. */
  while (4 * i + 6 < n)
    {
      const SolverHeapEntry *kids = data + 2 * i + 1, *grand = data + 4 * i + 3;
      uint64_t k0 = kids[0].key, k1 = kids[1].key;
      uint64_t g0 = grand[0].key, g1 = grand[1].key, g2 = grand[2].key, g3 = grand[3].key;
      size_t right = (size_t) (k1 < k0);
      /* the chosen child's own children */
      uint64_t left_key = right ? g2 : g0, right_key = right ? g3 : g1;

      child = 2 * i + 1 + right;
      data[i] = data[child];
      i = 4 * i + 3 + 2 * right + (size_t) (right_key < left_key);
      data[child] = data[i];
    }
  while ((child = 2 * i + 1) < n)
    {
      child += (size_t) (data[child + 1].key < data[child].key);
      data[i] = data[child];
      i = child;
    }
  while (i > 0 && last.key <= data[(i - 1) / 2].key)
    {
      data[i] = data[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  data[i] = last;
}

/* Removes and returns the smallest entry; the heap must not be empty.
 * The last entry takes the root's place and sifts down. */
static inline SolverHeapEntry
solver_heap_pop (SolverHeap *heap)
{
  SolverHeapEntry top = heap->data[0];
  size_t n = --heap->len;

  if (n > 0)
    solver_heap_sift_down (heap->data, n, heap->data[n]);
  return top;
}

/*
 * solver_heap_push() of *@entry, then solver_heap_pop() into *@entry: the
 * same entries in the same slots.  When the pushed entry's key is not
 * smaller than its new slot's parent's, the push leaves it in the last
 * slot, and the pop moves it from there to the root's place: so it goes
 * straight to the root's place (it is not written to the last slot and
 * read back).  False on NOMEM, as the push.
 */
static inline bool
solver_heap_push_pop (SolverHeap      *heap,
                      SolverHeapEntry *entry)
{
  size_t n = heap->len;

  if (n > 0 && n < heap->cap && heap->data[(n - 1) / 2].key <= entry->key)
    {
      SolverHeapEntry top = heap->data[0];

      solver_heap_sift_down (heap->data, n, *entry);
      *entry = top;
      return true;
    }
  if (!solver_heap_push (heap, entry->key, entry->cell, entry->aux))
    return false;
  *entry = solver_heap_pop (heap);
  return true;
}

/*
 * Would pushing an entry with a key smaller than every key in the heap,
 * then popping it, leave every entry in its slot?  Then a search may take
 * such an entry at once, without the heap.  The push moves the entries on
 * the path from the new slot (heap->len) up to the root one level down;
 * the pop takes the new entry off the root, moves the new slot's entry to
 * the root and sifts it down, which moves the path back up unless a tie
 * sends the sift elsewhere: a right child on the path whose left sibling
 * has its parent's key (the pop takes the left child on a tie), or an
 * entry on the path with the key of the new slot's parent (the sift stops
 * above it).  False also when the push would have to grow the heap, so an
 * out-of-memory stop comes where the push would have made it.
 */
static inline bool
solver_heap_push_pop_keeps (const SolverHeap *heap)
{
  const SolverHeapEntry *data = heap->data;
  size_t j;
  bool keeps;

  if (heap->len == heap->cap)
    return false;
  if (heap->len < 3)
    return true;
  j = (heap->len - 1) / 2; /* the new slot's parent */
  keeps = data[(j - 1) / 2].key < data[j].key;
  /* an odd j is a left child, whatever its sibling holds */
  for (; j > 0; j = (j - 1) / 2)
    keeps &= (j & 1) | (data[(j - 1) / 2].key < data[j - 1].key);
  return keeps;
}

/* The cells of the heap, smallest key first, at most @max; returns len. */
size_t                 solver_heap_sorted (const SolverHeap *heap,
                                           uint32_t         *out,
                                           size_t            max);
