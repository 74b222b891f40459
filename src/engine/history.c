/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * history.c: a generator or solver that can step back.
 *
 * The log.  Every step appends the words it changed as XOR masks: cell
 * ^= mask takes the word from before the step to after it, and the same
 * again takes it back, so one log serves both ways.  An entry is three
 * uint16_t (6 bytes): the low half of the cell index, the high half with
 * FIRST set on the first entry of each step, and the mask.  A step that
 * changed nothing still writes one entry (cell 0, mask 0), so counting
 * FIRST flags counts steps.  Entries live in chunks, so a long Run never
 * copies the log to grow it, and the oldest chunks can be given back.
 * The chunks are cut from blocks of GROUP_CHUNKS (6 MB), mapped from the
 * system on 2 MB boundaries, that ask for huge pages (for a maze of a
 * million cells or more, whose log is that big): the system then
 * hands the memory over 2 MB at a time instead of a page (4 KB) at a
 * time, and the first touch of each page is what the log costs most on
 * a virtual machine (a 4000 x 4000 BFS writes about 86 MB of it).  (So a
 * short history takes 2 MB there, however little of it is written.)  No
 * block comes from malloc's heap: there the log would sit on top of the
 * memory the app's renderer frees and asks for again each frame, and
 * push its next frame onto pages never touched.  A block is unmapped
 * with its last chunk.
 *
 * The checkpoints.  The log restores the cells, not the stepper's own
 * state (its stack or queue, its random numbers, its counters).  Every so
 * many steps the history keeps a copy of the stepper; going to step k
 * walks the cells along the log to the last checkpoint before k, puts a
 * copy of that checkpoint's stepper in place of the current one and lets
 * it redo the steps up to k.  The steppers are deterministic, so the redone
 * steps are the recorded ones.  Checkpoints are spaced so that their copies
 * cost about CHECKPOINT_BYTES a step (a BFS on a big maze keeps a queue of
 * a few thousand cells: one copy every few thousand steps), and at least
 * MIN_INTERVAL steps apart.  The copies are packed (solver_pack(),
 * gen_pack()) one after the other into slabs of SLAB_BYTES mapped as the
 * log's blocks are, for the same reason: a long Run keeps thousands of
 * them.  They are freed oldest first, so a slab is unmapped when its last
 * copy goes; a copy larger than a quarter of a slab has one of its own.
 *
 * What is kept.  The log and the checkpoints cover the newest steps only,
 * within the history's limit (maze_history_set_limit(), DEFAULT_LIMIT):
 * past it the oldest go, a quarter of the limit at a time (one move of the
 * checkpoint array for many checkpoints, so a Run's cost a step stays the
 * same however long it runs).  The steps before stay reachable all the
 * same: the steppers are deterministic, so going to a step the log no
 * longer holds makes the stepper of step 0 again (as the history began
 * it: the maze cleared, the search nibbles cleared), runs it on without
 * recording to shortly before the step (as fast as the stepper goes:
 * about a second for a 10000 x 10000 BFS), and records from there, so
 * that the steps around it go back and forth through the log again.  A
 * jump forward past the log's end does the same from where the log ends.
 * So every step from 0 to the end stays reachable; what the limit costs
 * is the time of such a replay.
 *
 * The placement.  A generator's history can end with one more step that
 * places the start and the goal (MAZE_STEP_OPENING).  Moving them is not a
 * change of any word, so the history keeps the endpoints before and after
 * and sets them when the cells cross that step.
 */
#include "maze-private.h"


#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CHUNK_SHIFT      14
#define CHUNK_ENTRIES    ((uint64_t) 1 << CHUNK_SHIFT)
#define CHUNK_BYTES      (CHUNK_ENTRIES * 3 * sizeof (uint16_t))
#define GROUP_SHIFT      6
#define GROUP_CHUNKS     ((uint64_t) 1 << GROUP_SHIFT)
#define BLOCK_BYTES      ((size_t) (GROUP_CHUNKS * CHUNK_BYTES))
#define BLOCK_ALIGN      ((size_t) 2 << 20)
#define FIRST            0x8000u
#define MIN_INTERVAL     256
#define CHECKPOINT_BYTES 8
#define DEFAULT_LIMIT    ((size_t) 256 << 20)
/* A jump to a step the log does not hold records this many steps before
 * it (so that Back goes on through the log), the rest is replayed. */
#define RECORD_MARGIN    ((uint64_t) 1 << 16)
#define SLAB_BYTES       BLOCK_ALIGN
/* A maze of at least this many cells has its history's blocks ask for
 * huge pages.  A smaller one's log is a few pages: a huge page would make
 * each block it maps and unmaps (a Run at full speed starts the log
 * again every frame) 2 MB of resident memory, or not, as the system has
 * one free. */
#define HUGE_PAGES_CELLS ((uint32_t) 1 << 20)
#define PAGE_BYTES       ((size_t) 4096)

typedef struct
{
  uint64_t       step;
  uint64_t       entry;  /* the log offset of the next step's first entry */
  MazeGenerator *gen;    /* a copy, never stepped itself */
  MazeSolver    *solver;
  size_t         bytes;
} Checkpoint;

/* Where the checkpoints' copies are packed (see above). */
typedef struct
{
  uint8_t       *base;
  size_t         size;
  size_t         used;
  size_t         live;   /* copies in it not freed yet */
} Slab;

struct MazeHistory
{
  Maze          *maze;
  uint16_t      *cells;

  /* The stepper at the current position: exactly one is set. */
  MazeGenerator *gen;
  MazeSolver    *solver;

  /* A generator's last step places the endpoints. */
  bool           place;
  bool           openings;
  MazePlacement  placement;
  uint64_t       seed;
  /* To make the stepper of step 0 again: the generator's algorithm and
   * loops (and seed, above), or the solver's name. */
  char          *algorithm;
  unsigned       loops;
  uint64_t       place_step; /* the step that placed them, 0 before */
  uint32_t       start_before, goal_before;
  uint32_t       start_after, goal_after;

  uint64_t       position;
  uint64_t       length;
  uint64_t       first;
  /* The log holds the steps checkpoints[0].step .. logged (the position
   * is always among them); the steps after logged up to length are
   * known, and redone when reached. */
  uint64_t       logged;

  uint16_t     **chunks;
  size_t         n_chunk_slots;
  /* The blocks of the chunks (see above), by group, and how many chunks
   * of each are in use; n_chunk_slots / GROUP_CHUNKS. */
  uint16_t     **blocks;
  uint8_t       *block_chunks;
  uint64_t       n_entries;  /* entries written, counted from the start */
  uint64_t       cursor;     /* the entry after the current position's step */

  Checkpoint    *checkpoints;
  size_t         n_checkpoints;
  size_t         checkpoints_cap;
  Slab          *slabs;  /* oldest first */
  size_t         n_slabs;
  size_t         slabs_cap;
  uint64_t       next_checkpoint;

  size_t         memory;
  size_t         limit;
  MazeStatus     status;
  /* Whether the blocks ask for huge pages: for a big maze only (see
   * HUGE_PAGES_CELLS). */
  bool           huge;
};

/* ------------------------------------------------------------------ */
/* The log                                                             */
/* ------------------------------------------------------------------ */

static inline uint16_t *
entry_at (const MazeHistory *h,
          uint64_t           e)
{
  return h->chunks[e >> CHUNK_SHIFT] + 3 * (e & (CHUNK_ENTRIES - 1));
}

static inline void
apply_entry (MazeHistory    *h,
             const uint16_t *entry)
{
  h->cells[entry[0] | ((uint32_t) (entry[1] & ~FIRST) << 16)] ^= entry[2];
}

/* @size bytes (a multiple of the page) on a BLOCK_ALIGN boundary, from
 * the system, asking for huge pages with @huge; NULL when out of memory. */
static uint8_t *
map_aligned (size_t size,
             bool   huge)
{
  size_t whole = size + BLOCK_ALIGN, head;
  /* cppcheck-suppress invalidFunctionArg
   * (an anonymous mapping takes no file: -1 is what mmap(2) asks for) */
  uint8_t *p = mmap (NULL, whole, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  uint8_t *block;

  if (p == MAP_FAILED)
    return NULL;
  /* the mapping starts on a page: the block starts on the next boundary;
   * the pages before it and those after it are unmapped */
  head = (BLOCK_ALIGN - (uintptr_t) p % BLOCK_ALIGN) % BLOCK_ALIGN;
  block = p + head;
  munmap (block + size, whole - head - size);
  if (head > 0)
    munmap (p, head);
#if defined(MADV_HUGEPAGE)
  if (huge)
    (void) madvise (block, size, MADV_HUGEPAGE);
#else
  (void) huge;
#endif
  return block;
}

/* Makes room for the chunks up to @c; false when out of memory. */
static bool
grow_chunk_slots (MazeHistory *h,
                  uint64_t     c)
{
  size_t slots = h->n_chunk_slots ? h->n_chunk_slots * 2 : GROUP_CHUNKS;
  size_t groups, old_groups = h->n_chunk_slots / GROUP_CHUNKS;
  uint16_t **chunks, **blocks;
  uint8_t *block_chunks;

  while (slots <= c)
    slots *= 2;
  groups = slots / GROUP_CHUNKS;
  chunks = realloc (h->chunks, slots * sizeof *chunks);
  if (chunks == NULL)
    return false;
  h->chunks = chunks;
  blocks = realloc (h->blocks, groups * sizeof *blocks);
  if (blocks == NULL)
    return false;
  h->blocks = blocks;
  block_chunks = realloc (h->block_chunks, groups);
  if (block_chunks == NULL)
    return false;
  h->block_chunks = block_chunks;
  memset (chunks + h->n_chunk_slots, 0, (slots - h->n_chunk_slots) * sizeof *chunks);
  memset (blocks + old_groups, 0, (groups - old_groups) * sizeof *blocks);
  memset (block_chunks + old_groups, 0, groups - old_groups);
  h->memory += (slots - h->n_chunk_slots) * sizeof *chunks + (groups - old_groups) * (sizeof *blocks + 1);
  h->n_chunk_slots = slots;
  return true;
}

/* Makes the chunk of entry @e exist; false when out of memory. */
static bool
add_chunk (MazeHistory *h,
           uint64_t     e)
{
  uint64_t c = e >> CHUNK_SHIFT, g = c >> GROUP_SHIFT;

  if (c >= h->n_chunk_slots && !grow_chunk_slots (h, c))
    return false;
  if (h->chunks[c] != NULL)
    return true;
  if (h->blocks[g] == NULL)
    {
      h->blocks[g] = (uint16_t *) (void *) map_aligned (BLOCK_BYTES, h->huge);
      if (h->blocks[g] == NULL)
        return false;
    }
  h->chunks[c] = h->blocks[g] + (c & (GROUP_CHUNKS - 1)) * (CHUNK_BYTES / sizeof (uint16_t));
  h->block_chunks[g]++;
  h->memory += CHUNK_BYTES;
  return true;
}

/* Gives chunk @c back, if it exists (with its block when it was the
 * block's last). */
static void
drop_chunk (MazeHistory *h,
            uint64_t     c)
{
  uint64_t g = c >> GROUP_SHIFT;

  if (h->chunks[c] == NULL)
    return;
  if (--h->block_chunks[g] == 0)
    {
      munmap (h->blocks[g], BLOCK_BYTES);
      h->blocks[g] = NULL;
    }
  h->chunks[c] = NULL;
  h->memory -= CHUNK_BYTES;
}

/* Appends the entries of @step; false when out of memory for them. */
static bool
record (MazeHistory    *h,
        const MazeStep *step)
{
  unsigned n = step->n_changes > 0 ? step->n_changes : 1;

  for (unsigned k = 0; k < n; k++)
    {
      uint32_t index = step->n_changes > 0 ? step->changes[k].index : 0;
      uint16_t mask = step->n_changes > 0
                      ? (uint16_t) (step->changes[k].before ^ step->changes[k].after) : 0;
      uint16_t *entry;

      if ((h->n_entries & (CHUNK_ENTRIES - 1)) == 0 && !add_chunk (h, h->n_entries))
        return false;
      entry = entry_at (h, h->n_entries++);
      entry[0] = (uint16_t) (index & 0xFFFF);
      entry[1] = (uint16_t) ((index >> 16) | (k == 0 ? FIRST : 0));
      entry[2] = mask;
    }
  return true;
}

static bool
is_placed (const MazeHistory *h,
           uint64_t           position)
{
  return h->place_step != 0 && position >= h->place_step;
}

/* The entry after the step that starts at @e. */
static uint64_t
step_end (const MazeHistory *h,
          uint64_t           e)
{
  e++;
  while (e < h->n_entries && !(entry_at (h, e)[1] & FIRST))
    e++;
  return e;
}

/* The cells (and endpoints) as they were or will be at step @step, whose
 * next entry is @entry: every entry between there and here applied once
 * (XOR does not care in which order).  Only the cells: the caller puts
 * the stepper right. */
static void
walk_to (MazeHistory *h,
         uint64_t     step,
         uint64_t     entry)
{
  uint64_t from = entry < h->cursor ? entry : h->cursor;
  uint64_t to = entry < h->cursor ? h->cursor : entry;

  while (from < to)
    {
      const uint16_t *chunk = h->chunks[from >> CHUNK_SHIFT];
      uint64_t end = (from | (CHUNK_ENTRIES - 1)) + 1;

      if (end > to)
        end = to;
      for (const uint16_t *e = chunk + 3 * (from & (CHUNK_ENTRIES - 1)),
                          *last = chunk + 3 * ((end - 1) & (CHUNK_ENTRIES - 1));
           e <= last; e += 3)
        apply_entry (h, e);
      from = end;
    }

  if (is_placed (h, h->position) != is_placed (h, step))
    {
      if (is_placed (h, step))
        maze_set_endpoints_raw (h->maze, h->start_after, h->goal_after);
      else
        maze_set_endpoints_raw (h->maze, h->start_before, h->goal_before);
    }
  h->position = step;
  h->cursor = entry;
}

/* ------------------------------------------------------------------ */
/* Steppers and checkpoints                                            */
/* ------------------------------------------------------------------ */

static void
free_stepper (MazeGenerator *gen,
              MazeSolver    *solver)
{
  maze_generator_free (gen);
  maze_solver_free (solver);
}

/* Would the stepper have another step after @position? */
static bool
stepper_finished (const MazeHistory   *h,
                  const MazeGenerator *gen,
                  const MazeSolver    *solver,
                  uint64_t             position)
{
  if (solver != NULL)
    return solver_done (solver);
  return maze_generator_done (gen) && (!h->place || is_placed (h, position));
}

typedef enum
{
  STEP_NONE,   /* no step left: the report says how the stepper ended */
  STEP_DONE,   /* one step of the stepper */
  STEP_PLACED, /* the generator's extra last step: the endpoints placed */
} StepResult;

/* One step of @gen or @solver (the history's own or a copy) at @position,
 * reported into @report. */
static StepResult
stepper_step (MazeHistory   *h,
              MazeGenerator *gen,
              MazeSolver    *solver,
              uint64_t       position,
              MazeStep      *report)
{
  if (solver != NULL)
    return maze_solver_step (solver, report) ? STEP_DONE : STEP_NONE;

  if (!maze_generator_done (gen) && maze_generator_step (gen, report))
    return STEP_DONE;
  if (h->place && !is_placed (h, position)
      && gen_place_endpoints (h->maze, h->placement, h->openings, h->seed, report,
                              maze_listing_tail (maze_generator_algorithm (gen)), NULL) == MAZE_OK)
    return STEP_PLACED;
  /* (Placing fails only when the far placement's search finds no memory:
   * then the build ends without it, as if none was asked.) */
  maze_step_begin (report, MAZE_STEP_DONE, UINT32_MAX, UINT32_MAX, 0);
  return STEP_NONE;
}

/* @bytes (a multiple of 16) for a checkpoint's copy, at the end of the
 * newest slab or in a new one; NULL when out of memory. */
static void *
slab_alloc (MazeHistory *h,
            size_t       bytes)
{
  Slab *slab = h->n_slabs > 0 ? &h->slabs[h->n_slabs - 1] : NULL;
  void *p;

  if (slab == NULL || slab->size - slab->used < bytes)
    {
      size_t size = bytes > SLAB_BYTES / 4 ? (bytes + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1) : SLAB_BYTES;
      uint8_t *base;

      if (h->n_slabs == h->slabs_cap)
        {
          size_t cap = h->slabs_cap ? h->slabs_cap * 2 : 8;
          Slab *slabs = realloc (h->slabs, cap * sizeof *slabs);

          if (slabs == NULL)
            return NULL;
          h->slabs = slabs;
          h->slabs_cap = cap;
        }
      if (size < bytes || (base = map_aligned (size, h->huge)) == NULL)
        return NULL;
      slab = &h->slabs[h->n_slabs++];
      *slab = (Slab) { base, size, 0, 0 };
    }
  p = slab->base + slab->used;
  slab->used += bytes;
  slab->live++;
  return p;
}

/* The copy at @p is gone: its slab goes with its last copy, but for the
 * newest slab of SLAB_BYTES, which is filled again from the start. */
static void
slab_release (MazeHistory *h,
              const void  *p)
{
  uintptr_t at = (uintptr_t) p;

  for (size_t i = 0; i < h->n_slabs; i++)
    {
      Slab *slab = &h->slabs[i];

      if (at < (uintptr_t) slab->base || at - (uintptr_t) slab->base >= slab->size)
        continue;
      if (--slab->live > 0)
        return;
      if (i == h->n_slabs - 1 && slab->size == SLAB_BYTES)
        {
          slab->used = 0;
          return;
        }
      munmap (slab->base, slab->size);
      memmove (slab, slab + 1, (h->n_slabs - i - 1) * sizeof *slab);
      h->n_slabs--;
      return;
    }
}

static void
free_checkpoint (MazeHistory *h,
                 Checkpoint  *cp)
{
  /* a packed copy: its memory is the slab's */
  slab_release (h, cp->solver != NULL ? (const void *) cp->solver : (const void *) cp->gen);
  h->memory -= cp->bytes;
}

static bool
take_checkpoint (MazeHistory *h)
{
  Checkpoint *cp;
  size_t bytes;
  void *mem;

  if (h->n_checkpoints == h->checkpoints_cap)
    {
      size_t cap = h->checkpoints_cap ? h->checkpoints_cap * 2 : 16;
      Checkpoint *checkpoints = realloc (h->checkpoints, cap * sizeof *checkpoints);

      if (checkpoints == NULL)
        return false;
      h->memory += (cap - h->checkpoints_cap) * sizeof *checkpoints;
      h->checkpoints = checkpoints;
      h->checkpoints_cap = cap;
    }

  cp = &h->checkpoints[h->n_checkpoints];
  memset (cp, 0, sizeof *cp);
  bytes = h->solver != NULL ? solver_pack_size (h->solver) : gen_pack_size (h->gen);
  mem = slab_alloc (h, bytes);
  if (mem == NULL)
    return false;
  if (h->solver != NULL)
    cp->solver = solver_pack (h->solver, h->maze, mem);
  else
    cp->gen = gen_pack (h->gen, h->maze, mem);

  cp->step = h->position;
  cp->entry = h->cursor;
  cp->bytes = bytes;
  h->memory += bytes;
  h->n_checkpoints++;
  h->next_checkpoint = h->position + (bytes / CHECKPOINT_BYTES > MIN_INTERVAL
                                      ? bytes / CHECKPOINT_BYTES : MIN_INTERVAL);
  return true;
}

/* The stepper becomes a copy of the checkpoint's (the cells must stand at
 * its step already); false when out of memory, and nothing changed. */
static bool
restore_checkpoint (MazeHistory      *h,
                    const Checkpoint *cp)
{
  if (h->solver != NULL)
    {
      MazeSolver *copy = solver_clone (cp->solver, h->maze);

      if (copy == NULL)
        return false;
      maze_solver_free (h->solver);
      h->solver = copy;
    }
  else
    {
      MazeGenerator *copy = gen_clone (cp->gen, h->maze);

      if (copy == NULL)
        return false;
      maze_generator_free (h->gen);
      h->gen = copy;
    }
  return true;
}

/* The last checkpoint at or before @step. */
static size_t
checkpoint_before (const MazeHistory *h,
                   uint64_t           step)
{
  size_t lo = 0, hi = h->n_checkpoints;

  while (hi - lo > 1)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (h->checkpoints[mid].step <= step)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* Forgets the steps before checkpoint @keep: the oldest checkpoints and
 * the chunks of the log that only they needed. */
static void
forget_before (MazeHistory *h,
               size_t       keep)
{
  uint64_t first_chunk = h->checkpoints[0].entry >> CHUNK_SHIFT;
  uint64_t keep_chunk = h->checkpoints[keep].entry >> CHUNK_SHIFT;

  for (size_t k = 0; k < keep; k++)
    free_checkpoint (h, &h->checkpoints[k]);
  memmove (h->checkpoints, h->checkpoints + keep, (h->n_checkpoints - keep) * sizeof *h->checkpoints);
  h->n_checkpoints -= keep;

  for (uint64_t c = first_chunk; c < keep_chunk; c++)
    drop_chunk (h, c);
}

/* After a step was recorded: a checkpoint when one is due, and the
 * oldest steps go when the history has grown past its limit. */
static void
after_record (MazeHistory *h)
{
  if (h->position >= h->next_checkpoint && !take_checkpoint (h))
    h->next_checkpoint = h->position + MIN_INTERVAL;

  /* Over the limit, the oldest steps go (replayed when asked for), down
   * to 3/4 of it, all at once: one move of the checkpoint array, not one
   * a checkpoint.  What the first k checkpoints free is their copies and
   * the log's chunks before checkpoint k.  (The newest one stays.) */
  if (h->memory > h->limit)
    {
      size_t target = h->limit - h->limit / 4, copies = 0, keep = 0;
      uint64_t chunk0 = h->checkpoints[0].entry >> CHUNK_SHIFT;

      while (keep + 1 < h->n_checkpoints)
        {
          uint64_t chunks;

          copies += h->checkpoints[keep].bytes;
          keep++;
          chunks = (h->checkpoints[keep].entry >> CHUNK_SHIFT) - chunk0;
          if (h->memory - target <= copies + (size_t) chunks * CHUNK_BYTES)
            break;
        }
      if (keep > 0)
        forget_before (h, keep);
    }
}

/* Forgets the whole log and every checkpoint; the log goes on in a fresh
 * chunk, from the position, with a checkpoint there (false when out of
 * memory for it). */
static bool
drop_log (MazeHistory *h)
{
  for (size_t k = 0; k < h->n_checkpoints; k++)
    free_checkpoint (h, &h->checkpoints[k]);
  h->n_checkpoints = 0;
  for (size_t c = 0; c < h->n_chunk_slots; c++)
    drop_chunk (h, c);
  h->n_entries = (h->n_entries + CHUNK_ENTRIES - 1) & ~(CHUNK_ENTRIES - 1);
  h->cursor = h->n_entries;
  h->logged = h->position;
  return take_checkpoint (h);
}

/* Out of memory for the log: start it again from here.  The steps before
 * stay reachable by replay, if the memory comes back. */
static void
restart_log (MazeHistory *h)
{
  drop_log (h);
  h->status = MAZE_ERROR_NOMEM;
}

/* The stepper of step 0 again, on the cells of step 0, as the history
 * began: false when out of memory (then nothing changed but the cells
 * may be those of step 0 already; the caller says so). */
static bool
restart_stepper (MazeHistory *h,
                 MazeError   *error)
{
  if (h->solver != NULL)
    {
      MazeSolver *solver = maze_solver_new (h->maze, h->algorithm, error);

      if (solver == NULL)
        return false;
      maze_solver_free (h->solver);
      h->solver = solver;
    }
  else
    {
      MazeGenerator *gen = maze_generator_new (h->maze, h->algorithm, h->seed, h->loops, error);

      if (gen == NULL)
        return false;
      maze_generator_free (h->gen);
      h->gen = gen;
      if (h->place_step != 0)
        maze_set_endpoints_raw (h->maze, h->start_before, h->goal_before);
    }
  h->position = 0;
  return true;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

static MazeHistory *
history_new (Maze      *maze,
             MazeError *error)
{
  MazeHistory *h = calloc (1, sizeof *h);

  if (h == NULL)
    {
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the step history")), MAZE_NUM (sizeof *h));
      return NULL;
    }
  h->maze = maze;
  h->cells = maze_cells (maze);
  h->huge = maze_n_cells (maze) >= HUGE_PAGES_CELLS;
  h->limit = DEFAULT_LIMIT;
  h->memory = sizeof *h;
  return h;
}

static MazeHistory *
history_start (MazeHistory *h,
               MazeError   *error)
{
  if (!take_checkpoint (h))
    {
      maze_history_free (h);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the step history")), MAZE_NUM (SLAB_BYTES));
      return NULL;
    }
  return h;
}

MazeHistory *
maze_history_new_generator (Maze          *maze,
                            const char    *algorithm,
                            uint64_t       seed,
                            unsigned       loops,
                            bool           place,
                            MazePlacement  placement,
                            bool           openings,
                            MazeError     *error)
{
  MazeHistory *h;

  if (place && maze_placement_name (placement) == NULL)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_PLACEMENT,
                      MAZE_NUM ((int) placement));
      return NULL;
    }
  h = history_new (maze, error);
  if (h == NULL)
    return NULL;
  h->gen = maze_generator_new (maze, algorithm, seed, loops, error);
  if (h->gen == NULL)
    {
      maze_history_free (h);
      return NULL;
    }
  h->place = place;
  h->placement = placement;
  h->openings = openings;
  h->seed = seed;
  h->loops = loops;
  h->algorithm = strdup (algorithm);
  if (h->algorithm == NULL)
    {
      maze_history_free (h);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the step history")), MAZE_NUM (strlen (algorithm) + 1));
      return NULL;
    }
  return history_start (h, error);
}

MazeHistory *
maze_history_new_solver (Maze       *maze,
                         const char *name,
                         MazeError  *error)
{
  MazeHistory *h = history_new (maze, error);

  if (h == NULL)
    return NULL;
  h->solver = maze_solver_new (maze, name, error);
  if (h->solver == NULL)
    {
      maze_history_free (h);
      return NULL;
    }
  h->algorithm = strdup (name);
  if (h->algorithm == NULL)
    {
      maze_history_free (h);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the step history")), MAZE_NUM (strlen (name) + 1));
      return NULL;
    }
  return history_start (h, error);
}

void
maze_history_free (MazeHistory *h)
{
  if (h == NULL)
    return;
  for (size_t k = 0; k < h->n_slabs; k++)
    munmap (h->slabs[k].base, h->slabs[k].size);
  free (h->slabs);
  free (h->checkpoints);
  for (size_t c = 0; c < h->n_chunk_slots; c++)
    drop_chunk (h, c);
  free (h->chunks);
  free (h->blocks);
  free (h->block_chunks);
  free_stepper (h->gen, h->solver);
  free (h->algorithm);
  free (h);
}

const MazeGenerator *
maze_history_generator (const MazeHistory *h)
{
  return h->gen;
}

const MazeSolver *
maze_history_solver (const MazeHistory *h)
{
  return h->solver;
}

uint64_t
maze_history_position (const MazeHistory *h)
{
  return h->position;
}

uint64_t
maze_history_length (const MazeHistory *h)
{
  return h->length;
}

uint64_t
maze_history_first (const MazeHistory *h)
{
  return h->first;
}

bool
maze_history_finished (const MazeHistory *h)
{
  return stepper_finished (h, h->gen, h->solver, h->position);
}

bool
maze_history_step (MazeHistory *h,
                   MazeStep    *report)
{
  MazeStep local;
  MazeStep *step = report;
  uint32_t start = 0, goal = 0;
  StepResult result;

  /* (Only zeroed when needed: Run comes here for every step.) */
  if (step == NULL)
    {
      memset (&local, 0, sizeof local);
      step = &local;
    }

  if (stepper_finished (h, h->gen, h->solver, h->position))
    {
      stepper_step (h, h->gen, h->solver, h->position, step);
      return false;
    }
  /* The endpoints before a step that may move them: the placement. */
  if (h->gen != NULL && h->place && maze_generator_done (h->gen))
    {
      start = maze_start (h->maze);
      goal = maze_goal (h->maze);
    }
  result = stepper_step (h, h->gen, h->solver, h->position, step);
  if (result == STEP_NONE)
    {
      h->place = false;
      return false;
    }

  if (h->position < h->logged)
    {
      h->cursor = step_end (h, h->cursor);
      h->position++;
      return true;
    }

  if (result == STEP_PLACED)
    {
      h->place_step = h->position + 1;
      h->start_before = start;
      h->goal_before = goal;
      h->start_after = maze_start (h->maze);
      h->goal_after = maze_goal (h->maze);
    }
  h->position++;
  if (h->position > h->length)
    h->length = h->position;
  h->logged = h->position;
  if (!record (h, step))
    {
      restart_log (h);
      return true;
    }
  h->cursor = h->n_entries;
  after_record (h);
  return true;
}

bool
maze_history_step_quiet (MazeHistory *h,
                         MazeStep    *report)
{
  bool stepped;

  maze_step_quiet = true;
  stepped = maze_history_step (h, report);
  maze_step_quiet = false;
  return stepped;
}

/* Appends the cells @step changed to @cells at *@n. */
static inline void
touch_step (uint32_t       *cells,
            size_t         *n,
            const MazeStep *step)
{
  for (unsigned k = 0; k < step->n_changes; k++)
    cells[(*n)++] = step->changes[k].index;
}

uint64_t
maze_history_run (MazeHistory *h,
                  uint64_t     max,
                  uint32_t    *cells,
                  size_t      *n_cells)
{
  uint64_t done = 0, before;
  bool quiet = maze_step_quiet;
  MazeStep step;
  size_t n = 0;

  maze_step_quiet = true;
  step.n_changes = 0;

  /* The steps the log holds after the position are redone through it. */
  while (done < max && h->position < h->logged && maze_history_step (h, &step))
    {
      touch_step (cells, &n, &step);
      done++;
    }

  /* Then on without recording. */
  before = h->position;
  if (done < max && h->solver != NULL && !solver_done (h->solver))
    {
      size_t k;

      h->position += solver_run_touched (h->solver, max - done, cells + n, &k);
      n += k;
    }
  else if (h->gen != NULL)
    {
      /* (Placing the endpoints is left to a recorded step: the history
       * keeps them before and after.) */
      while (done + (h->position - before) < max && !maze_generator_done (h->gen)
             && maze_generator_step (h->gen, &step))
        {
          touch_step (cells, &n, &step);
          h->position++;
        }
    }
  done += h->position - before;
  if (h->position > before)
    {
      /* The log no longer reaches the position: it starts again here
       * (the steps before are replayed when asked for). */
      if (h->position > h->length)
        h->length = h->position;
      if (!drop_log (h))
        h->status = MAZE_ERROR_NOMEM;
    }

  maze_step_quiet = quiet;
  *n_cells = n;
  return done;
}

/* Goes to @position, which the log holds (checkpoints[0].step ..
 * logged), as maze_history_seek() does. */
static MazeStatus
seek_in_log (MazeHistory *h,
             uint64_t     position,
             MazeStep    *reports,
             size_t       n_reports,
             size_t      *n_out,
             MazeError   *error)
{
  uint64_t log_first = h->checkpoints[0].step;
  uint64_t from, report_from;
  size_t c;

  /* The redo starts early enough to report the last @n_reports steps. */
  from = position - log_first > n_reports ? position - n_reports : log_first;
  c = checkpoint_before (h, from);
  if (!(h->position <= from && h->position >= h->checkpoints[c].step))
    {
      uint64_t was = h->position, was_entry = h->cursor;

      walk_to (h, h->checkpoints[c].step, h->checkpoints[c].entry);

      if (!restore_checkpoint (h, &h->checkpoints[c]))
        {
          /* The stepper stayed where it was: so do the cells. */
          walk_to (h, was, was_entry);
          return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                                 MAZE_PHRASE (MAZE_N_("the step history")),
                                 MAZE_NUM (h->solver != NULL ? solver_clone_size (h->checkpoints[c].solver)
                                                             : gen_clone_size (h->checkpoints[c].gen)));
        }
    }

  report_from = position - h->position > n_reports ? position - n_reports : h->position;
  while (h->position < position)
    {
      MazeStep *report = h->position >= report_from ? &reports[h->position - report_from] : NULL;

      stepper_step (h, h->gen, h->solver, h->position, report);
      h->cursor = step_end (h, h->cursor);
      h->position++;
    }
  if (n_out != NULL)
    *n_out = (size_t) (position - report_from);
  return MAZE_OK;
}

/* Goes to @position, which the log does not hold: from step 0 (before
 * the log) or from the log's end (after it), the stepper runs on without
 * recording up to RECORD_MARGIN steps before @position, and records the
 * steps from there (a fresh log), reporting the last @n_reports. */
static MazeStatus
seek_replay (MazeHistory *h,
             uint64_t     position,
             MazeStep    *reports,
             size_t       n_reports,
             size_t      *n_out,
             MazeError   *error)
{
  MazeStep *scratch;
  uint64_t quiet_to, report_from;

  if (position > h->logged && h->position != h->logged)
    {
      MazeStatus status = seek_in_log (h, h->logged, NULL, 0, NULL, error);

      if (status != MAZE_OK)
        return status;
    }
  scratch = malloc (sizeof *scratch);
  if (scratch == NULL)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                           MAZE_PHRASE (MAZE_N_("the step history")), MAZE_NUM (sizeof *scratch));
  if (position < h->position && !restart_stepper (h, error))
    {
      free (scratch);
      return MAZE_ERROR_NOMEM;
    }

  quiet_to = position > h->position + RECORD_MARGIN ? position - RECORD_MARGIN : h->position;
  if (quiet_to > h->position || position < h->logged)
    {
      /* The log no longer matches where the stepper goes on from. */
      while (h->position < quiet_to)
        {
          if (h->gen != NULL && !h->place)
            {
              uint64_t done = maze_generator_run_steps (h->gen, quiet_to - h->position);

              h->position += done;
              if (done == 0)
                break;
            }
          else if (h->solver != NULL)
            {
              uint64_t done = maze_solver_run_steps (h->solver, quiet_to - h->position);

              h->position += done;
              if (done == 0)
                break;
            }
          else if (stepper_step (h, h->gen, h->solver, h->position, NULL) != STEP_NONE)
            h->position++;
          else
            break;
        }
      if (!drop_log (h))
        h->status = MAZE_ERROR_NOMEM;
    }

  /* Recorded from here, as a Run records: the log holds them again. */
  report_from = position - h->position > n_reports ? position - n_reports : h->position;
  while (h->position < position)
    {
      MazeStep *report = h->position >= report_from ? &reports[h->position - report_from] : scratch;

      maze_step_quiet = report == scratch;
      if (!maze_history_step (h, report))
        break;
    }
  maze_step_quiet = false;
  free (scratch);
  if (n_out != NULL)
    *n_out = (size_t) (h->position > report_from ? h->position - report_from : 0);
  return MAZE_OK;
}

MazeStatus
maze_history_seek (MazeHistory *h,
                   uint64_t     position,
                   MazeStep    *reports,
                   size_t       n_reports,
                   size_t      *n_out,
                   MazeError   *error)
{
  if (n_out != NULL)
    *n_out = 0;
  if (reports == NULL)
    n_reports = 0;
  if (position < h->first)
    position = h->first;
  if (position > h->length)
    position = h->length;
  if (position == h->position && n_reports == 0)
    return MAZE_OK;
  /* (The log's first step is a checkpoint, without the step that led
   * there: a report of it needs a replay.) */
  if (h->n_checkpoints > 0 && position <= h->logged
      && (position > h->checkpoints[0].step
          || (position == h->checkpoints[0].step && (n_reports == 0 || position == 0))))
    return seek_in_log (h, position, reports, n_reports, n_out, error);
  return seek_replay (h, position, reports, n_reports, n_out, error);
}

bool
maze_history_back (MazeHistory *h,
                   MazeStep    *report)
{
  size_t n = 0;

  if (h->position <= h->first)
    return false;
  if (maze_history_seek (h, h->position - 1, report, report != NULL, &n, NULL) != MAZE_OK)
    return false;
  if (report != NULL && n == 0)
    maze_step_begin (report, MAZE_STEP_NONE, UINT32_MAX, UINT32_MAX, 0);
  return true;
}

bool
maze_history_peek (MazeHistory *h,
                   MazeStep    *next)
{
  uint32_t start = maze_start (h->maze), goal = maze_goal (h->maze);
  MazeGenerator *gen = NULL;
  MazeSolver *solver = NULL;
  bool stepped;

  if (stepper_finished (h, h->gen, h->solver, h->position))
    {
      stepper_step (h, h->gen, h->solver, h->position, next);
      return false;
    }

  /* A copy does the step on the maze, the words go back, the copy goes. */
  if (h->solver != NULL)
    solver = solver_clone (h->solver, h->maze);
  else
    gen = gen_clone (h->gen, h->maze);
  if (gen == NULL && solver == NULL)
    return false;

  stepped = stepper_step (h, gen, solver, h->position, next) != STEP_NONE;
  for (unsigned k = next->n_changes; k-- > 0;)
    h->cells[next->changes[k].index] = next->changes[k].before;
  maze_set_endpoints_raw (h->maze, start, goal);
  free_stepper (gen, solver);
  return stepped;
}

/* The log offset of the first entry after step @step. */
static uint64_t
entry_of (const MazeHistory *h,
          uint64_t           step)
{
  const Checkpoint *cp;
  uint64_t e;

  if (step == h->position)
    return h->cursor;
  cp = &h->checkpoints[checkpoint_before (h, step)];
  e = cp->entry;
  for (uint64_t k = cp->step; k < step; k++)
    e = step_end (h, e);
  return e;
}

size_t
maze_history_changed_cells (const MazeHistory *h,
                            uint64_t           a,
                            uint64_t           b,
                            uint32_t          *out,
                            size_t             max)
{
  uint64_t from, to;
  size_t n = 0;

  a = a < h->first ? h->first : a > h->length ? h->length : a;
  b = b < h->first ? h->first : b > h->length ? h->length : b;
  if (a == b)
    return 0;
  /* Steps the log does not hold: replayed, not listed. */
  if (h->n_checkpoints == 0
      || (a < b ? a : b) < h->checkpoints[0].step || (a < b ? b : a) > h->logged)
    return SIZE_MAX;
  from = entry_of (h, a < b ? a : b);
  to = entry_of (h, a < b ? b : a);
  for (uint64_t e = from; e < to; e++)
    {
      const uint16_t *entry = entry_at (h, e);

      if (entry[2] == 0)
        continue;
      if (n < max)
        out[n] = entry[0] | ((uint32_t) (entry[1] & ~FIRST) << 16);
      n++;
    }
  return n;
}

size_t
maze_history_memory (const MazeHistory *h)
{
  return h->memory;
}

void
maze_history_set_limit (MazeHistory *h,
                        size_t       bytes)
{
  h->limit = bytes;
}

MazeStatus
maze_history_status (const MazeHistory *h,
                     MazeError         *error)
{
  if (h->status != MAZE_OK)
    return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
  return MAZE_OK;
}
