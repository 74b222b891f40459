/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * generator.c: the generator stepper: the public functions, step counting
 * and the loops phase shared by every algorithm.
 */
#include "generator-private.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const uint8_t gen_nibble_count[16] = {
  0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
};

/* Bits of each nibble in N, E, S, W order (unused slots 0). */
const uint16_t gen_nibble_dirs[16][4] = {
  { 0 },
  { MAZE_N },
  { MAZE_E },
  { MAZE_N, MAZE_E },
  { MAZE_S },
  { MAZE_N, MAZE_S },
  { MAZE_E, MAZE_S },
  { MAZE_N, MAZE_E, MAZE_S },
  { MAZE_W },
  { MAZE_N, MAZE_W },
  { MAZE_E, MAZE_W },
  { MAZE_N, MAZE_E, MAZE_W },
  { MAZE_S, MAZE_W },
  { MAZE_N, MAZE_S, MAZE_W },
  { MAZE_E, MAZE_S, MAZE_W },
  { MAZE_N, MAZE_E, MAZE_S, MAZE_W },
};

/* The bytes of a generator of @algorithm: the common fields and the
 * algorithm's own state after them. */
static size_t
gen_struct_size (const MazeAlgorithm *algorithm)
{
  return sizeof (MazeGenerator) + algorithm->generator->state_size;
}

/* ---- memory ---- */

void *
gen_alloc (MazeGenerator *gen,
           size_t         size,
           bool           zero)
{
  void *p = zero ? calloc (1, size) : malloc (size);

  if (p != NULL)
    {
      gen->memory += size;
      /* read at random places, as the cells are */
      maze_prefer_huge_pages (p, size);
    }
  else
    gen->nomem_bytes = size;
  return p;
}

MazeStatus
gen_nomem (const MazeGenerator *gen,
           MazeError           *error)
{
  return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_ALGORITHM,
                         MAZE_TEXT (gen->spec.name), MAZE_NUM (gen->nomem_bytes));
}

void
gen_free (MazeGenerator *gen,
          void          *p,
          size_t         size)
{
  if (p == NULL)
    return;
  free (p);
  gen->memory -= size;
}

bool
gen_ring_reserve (MazeGenerator *gen,
                  size_t         extra)
{
  size_t cap = gen->ring_cap;
  uint32_t *ring;

  if (gen->ring_len + extra <= cap)
    return true;
  if (cap == 0)
    cap = 256;
  while (cap < gen->ring_len + extra)
    cap *= 2;
  ring = gen_alloc (gen, cap * sizeof *ring, false);
  if (ring == NULL)
    return false;
  /* Unwrap the old ring to the front of the new one. */
  for (size_t k = 0; k < gen->ring_len; k++)
    ring[k] = gen->ring[(gen->ring_head + k) & (gen->ring_cap - 1)];
  gen_free (gen, gen->ring, gen->ring_cap * sizeof *ring);
  gen->ring = ring;
  gen->ring_cap = cap;
  gen->ring_head = 0;
  return true;
}

bool
gen_carved_new (GenCarved           *c,
                const MazeGenerator *gen)
{
  const uint16_t *cells = gen->cells;
  uint32_t n = gen->n;

  c->bits = malloc (((size_t) n / 64 + 1) * sizeof (uint64_t));
  if (c->bits == NULL)
    return false;
  for (uint32_t k = 0; k <= n / 64; k++)
    {
      uint64_t word = 0;

      for (uint32_t b = 0; b < 64 && 64 * k + b < n; b++)
        {
          uint16_t cell = cells[64 * k + b];

          word |= (uint64_t) ((cell & MAZE_PASSAGE_MASK) != 0 || maze_cell_outside (cell)) << b;
        }
      c->bits[k] = word;
    }
  return true;
}

MazeStatus
gen_moves_alloc (MazeGenerator *gen,
                 size_t         count,
                 MazeError     *error)
{
  size_t words = count / 32 + 1;

  gen->moves = gen_alloc (gen, words * sizeof (uint64_t), true);
  if (gen->moves == NULL)
    return gen_nomem (gen, error);
  gen->depth = 0;
  return MAZE_OK;
}

size_t
gen_moves_frontier (const MazeGenerator *gen,
                    uint32_t            *out,
                    size_t               max)
{
  uint32_t c = gen->cur;
  size_t total = gen->depth + 1;

  if (c == GEN_NONE)
    return 0;
  for (size_t k = 0; k < max && k < total; k++)
    {
      out[k] = c;
      if (k < gen->depth)
        {
          /* Undo move depth-1-k: step back against its direction. */
          uint16_t d = gen_dir_of_index (gen_moves_get (gen, gen->depth - 1 - k));

          c -= gen->delta[d];
        }
    }
  return total;
}

size_t
gen_ring_frontier (const MazeGenerator *gen,
                   uint32_t            *out,
                   size_t               max,
                   bool                 front_first)
{
  size_t mask = gen->ring_cap - 1;

  for (size_t k = 0; k < max && k < gen->ring_len; k++)
    {
      size_t pos = front_first ? k : gen->ring_len - 1 - k;

      out[k] = gen->ring[(gen->ring_head + pos) & mask];
    }
  return gen->ring_len;
}

/* ---- the loops phase ---- */

static unsigned
inner_passages (uint16_t c)
{
  return gen_nibble_count[maze_cell_passages (c) & gen_inner_sides (c)];
}

static void
enter_loops (MazeGenerator *gen)
{
  uint64_t dead_ends = 0;

  gen->phase = GEN_PHASE_DONE;
  if (gen->loops == 0)
    return;
  for (uint32_t i = 0; i < gen->n; i++)
    dead_ends += inner_passages (gen->cells[i]) == 1;
  gen->loop_needed = (dead_ends * gen->loops + 50) / 100;
  gen->loop_remaining = dead_ends;
  gen->loop_cursor = 0;
  if (gen->loop_needed > 0)
    gen->phase = GEN_PHASE_LOOPS;
}

/*
 * Knock down one wall of the next chosen dead end.  The dead ends of the
 * finished tree are chosen by selection sampling (Knuth's algorithm S) in
 * row-major order, so exactly loop_needed of them are picked without a
 * list.  A cell only gains passages, so a cell that is a dead end now was
 * one when the tree was done.  The wall knocked down leads preferably to a
 * neighbour that is not a dead end itself; when it is, that neighbour
 * counts as served too (it has just got its extra passage).
 */
static bool
loop_step (MazeGenerator *gen,
           MazeStep      *report)
{
  uint16_t *cells = gen->cells;

  for (uint32_t i = gen->loop_cursor; i < gen->n; i++)
    {
      uint16_t c = cells[i];
      uint16_t walls, preferred = 0, dir;
      uint32_t nb;
      bool nb_dead_end;

      if (inner_passages (c) != 1)
        continue;
      if (gen->loop_remaining == 0)
        break;
      if (maze_rng_below (&gen->rng, (uint32_t) (gen->loop_remaining > UINT32_MAX
                                                 ? UINT32_MAX : gen->loop_remaining))
          >= gen->loop_needed)
        {
          gen->loop_remaining--;
          continue;
        }
      gen->loop_remaining--;
      walls = (uint16_t) (gen_inner_sides (c) & ~maze_cell_passages (c));
      if (walls == 0)
        continue; /* a dead end of a one-cell-wide maze: no loop possible */
      for (unsigned k = 0; k < gen_nibble_count[walls]; k++)
        {
          uint16_t d = gen_nibble_dirs[walls][k];

          if (inner_passages (cells[i + gen->delta[d]]) != 1)
            preferred |= d;
        }
      dir = gen_pick_side (&gen->rng, preferred != 0 ? preferred : walls);
      nb = i + gen->delta[dir];
      nb_dead_end = inner_passages (cells[nb]) == 1;

      maze_step_begin (report, MAZE_STEP_LOOP, i, nb, dir);
      maze_step_at (report, maze_listing_tail (gen->spec.algorithm) + MAZE_LISTING_LOOP_CARVE);
      maze_op_carve (cells, report, i, nb, dir, MAZE_LISTING_CONNECT);
      gen->loop_needed--;
      if (nb_dead_end && nb > i)
        {
          gen->loop_remaining--;
          if (gen->loop_needed > 0)
            gen->loop_needed--;
        }
      gen->loop_cursor = i + 1;
      if (gen->loop_needed == 0 || gen->loop_remaining == 0)
        gen->phase = GEN_PHASE_DONE;
      return true;
    }
  gen->phase = GEN_PHASE_DONE;
  return false;
}

/* ---- the generator ---- */

MazeGenerator *
maze_generator_new (Maze       *maze,
                    const char *algorithm,
                    uint64_t    seed,
                    unsigned    loops,
                    MazeError  *error)
{
  MazeGenerator *gen;
  MazeChoice spec;
  char buf[24];

  if (maze == NULL)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_MAZE);
      return NULL;
    }
  if (!maze_algorithm_choose (maze_generators, algorithm, &spec, error))
    return NULL;
  if (loops > 100)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_LOOPS_RANGE, MAZE_NUM (loops));
      return NULL;
    }
  /* The capability says whether it fills any shape; if not, its class
   * checks this one, or its shape_limit says why it fills none. */
  if (maze_is_shaped (maze) && !(spec.algorithm->flags & MAZE_ALGORITHM_ANY_SHAPE))
    {
      const MazeAlgorithm *a = spec.algorithm;

      if (a->generator->check_shape == NULL)
        {
          maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SHAPE_REFUSED,
                          MAZE_TEXT (a->name), MAZE_PHRASE (a->shape_limit));
          return NULL;
        }
      if (a->generator->check_shape (a, maze, error) != MAZE_OK)
        return NULL;
    }

  gen = calloc (1, gen_struct_size (spec.algorithm));
  if (gen == NULL)
    {
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_ALGORITHM,
                      MAZE_TEXT (spec.name), MAZE_NUM (gen_struct_size (spec.algorithm)));
      return NULL;
    }
  gen->memory = gen_struct_size (spec.algorithm);
  gen->maze = maze;
  gen->spec = spec;
  gen->loops = loops;
  gen->width = maze_width (maze);
  gen->height = maze_height (maze);
  gen->n = maze_n_cells (maze);
  gen->delta[MAZE_N] = (uint32_t) 0 - gen->width;
  gen->delta[MAZE_E] = 1;
  gen->delta[MAZE_S] = gen->width;
  gen->delta[MAZE_W] = (uint32_t) 0 - 1;
  gen->cur = GEN_NONE;
  gen->first = GEN_NONE;
  gen->phase = GEN_PHASE_TREE;
  gen->tree_left = (uint64_t) maze_n_inside (maze) - 1;
  maze_rng_seed (&gen->rng, seed);

  /* A tree spans one piece: a shape of several cannot be filled. */
  maze_clear (maze);
  if (maze_is_shaped (maze))
    {
      uint32_t pieces = maze_count_pieces (maze, NULL, NULL);

      if (pieces > 1)
        {
          maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_MAZE_PIECES, MAZE_NUM (pieces));
          maze_generator_free (gen);
          return NULL;
        }
    }

  snprintf (buf, sizeof buf, "%" PRIu64, seed);
  if (maze_meta_set (maze, "generator", spec.name, error) != MAZE_OK
      || maze_meta_set (maze, "seed", buf, error) != MAZE_OK)
    {
      maze_generator_free (gen);
      return NULL;
    }
  snprintf (buf, sizeof buf, "%u", loops);
  if (maze_meta_set (maze, "loops", loops > 0 ? buf : NULL, error) != MAZE_OK)
    {
      maze_generator_free (gen);
      return NULL;
    }
  snprintf (buf, sizeof buf, "%u", spec.algorithm->stream);
  if (maze_meta_set (maze, "generator-stream", spec.algorithm->stream > 1 ? buf : NULL,
                     error) != MAZE_OK)
    {
      maze_generator_free (gen);
      return NULL;
    }

  gen->cells = maze_cells (maze);
  if (spec.algorithm->generator->init (gen, error) != MAZE_OK)
    {
      maze_generator_free (gen);
      return NULL;
    }
  if (gen->tree_left == 0)
    enter_loops (gen);
  return gen;
}

/* The arrays a generator owns, with their sizes in bytes: the moves and
 * its algorithm's own.  The ring is left out (copied apart, in order). */
static unsigned
gen_arrays (MazeGenerator *gen,
            GenArray       arrays[GEN_MAX_ARRAYS + 1])
{
  const MazeGeneratorClass *klass = gen->spec.algorithm->generator;
  unsigned n = 0;

  if (gen->moves != NULL)
    arrays[n++] = (GenArray) { (void **) &gen->moves, (gen->n / 32 + 1) * sizeof (uint64_t) };
  if (klass->arrays != NULL)
    n += klass->arrays (gen, arrays + n);
  return n;
}

void
maze_generator_free (MazeGenerator *gen)
{
  GenArray arrays[GEN_MAX_ARRAYS + 1];
  unsigned n;

  if (gen == NULL)
    return;
  n = gen_arrays (gen, arrays);
  for (unsigned k = 0; k < n; k++)
    free (*arrays[k].p);
  free (gen->ring);
  free (gen);
}

static size_t
ring_clone_capacity (const MazeGenerator *gen)
{
  size_t cap = 256; /* where gen_ring_reserve() starts */

  while (cap < gen->ring_len)
    cap *= 2;
  return cap;
}

size_t
gen_clone_size (const MazeGenerator *gen)
{
  GenArray arrays[GEN_MAX_ARRAYS + 1];
  unsigned n = gen_arrays ((MazeGenerator *) gen, arrays);
  size_t size = gen_struct_size (gen->spec.algorithm);

  for (unsigned k = 0; k < n; k++)
    size += arrays[k].size;
  if (gen->ring != NULL)
    size += ring_clone_capacity (gen) * sizeof (uint32_t);
  return size;
}

MazeGenerator *
gen_clone (const MazeGenerator *gen,
           Maze                *maze)
{
  size_t bytes = gen_struct_size (gen->spec.algorithm);
  MazeGenerator *copy = malloc (bytes);
  GenArray from[GEN_MAX_ARRAYS + 1], to[GEN_MAX_ARRAYS + 1];
  unsigned n;
  bool ok = true;

  if (copy == NULL)
    return NULL;
  memcpy (copy, gen, bytes); /* the algorithm's state too */
  copy->maze = maze;
  copy->cells = maze_cells (maze);
  copy->ring = NULL;
  copy->ring_cap = 0;
  copy->ring_head = 0;

  /* The copy's array pointers still share @gen's: replace each one. */
  n = gen_arrays ((MazeGenerator *) gen, from);
  gen_arrays (copy, to);
  for (unsigned k = 0; k < n; k++)
    *to[k].p = NULL;
  for (unsigned k = 0; k < n; k++)
    {
      *to[k].p = malloc (from[k].size);
      if (*to[k].p == NULL)
        {
          ok = false;
          break;
        }
      memcpy (*to[k].p, *from[k].p, from[k].size);
    }

  if (ok && gen->ring != NULL)
    {
      /* Entries to the front, oldest first: the order is all a ring or
       * a bag means. */
      copy->ring_cap = ring_clone_capacity (gen);
      copy->ring = malloc (copy->ring_cap * sizeof (uint32_t));
      ok = copy->ring != NULL;
      for (size_t k = 0; ok && k < gen->ring_len; k++)
        copy->ring[k] = gen->ring[(gen->ring_head + k) & (gen->ring_cap - 1)];
    }

  copy->memory = gen_clone_size (copy);
  if (!ok)
    {
      maze_generator_free (copy);
      return NULL;
    }
  return copy;
}

size_t
gen_pack_size (const MazeGenerator *gen)
{
  GenArray arrays[GEN_MAX_ARRAYS + 1];
  unsigned n = gen_arrays ((MazeGenerator *) gen, arrays);
  size_t size = maze_pack_round (gen_struct_size (gen->spec.algorithm));

  for (unsigned k = 0; k < n; k++)
    size += maze_pack_round (arrays[k].size);
  if (gen->ring != NULL)
    size += maze_pack_round (gen->ring_len * sizeof (uint32_t));
  return size;
}

MazeGenerator *
gen_pack (const MazeGenerator *gen,
          Maze                *maze,
          void                *mem)
{
  GenArray from[GEN_MAX_ARRAYS + 1], to[GEN_MAX_ARRAYS + 1];
  uint8_t *p = mem;
  MazeGenerator *copy = mem;
  unsigned n;

  size_t bytes = gen_struct_size (gen->spec.algorithm);

  memcpy (copy, gen, bytes); /* the algorithm's state too */
  copy->maze = maze;
  copy->cells = maze_cells (maze);
  p += maze_pack_round (bytes);

  n = gen_arrays ((MazeGenerator *) gen, from);
  gen_arrays (copy, to);
  for (unsigned k = 0; k < n; k++)
    {
      *to[k].p = p;
      memcpy (p, *from[k].p, from[k].size);
      p += maze_pack_round (from[k].size);
    }
  if (gen->ring != NULL)
    {
      /* as gen_clone() copies it, oldest first; the capacity stays a
       * power of two, as gen_clone() reads the ring through a mask, but
       * only the entries are stored */
      copy->ring = (uint32_t *) (void *) p;
      for (size_t k = 0; k < gen->ring_len; k++)
        copy->ring[k] = gen->ring[(gen->ring_head + k) & (gen->ring_cap - 1)];
      copy->ring_head = 0;
      copy->ring_cap = ring_clone_capacity (gen);
    }
  return copy;
}

bool
maze_generator_step (MazeGenerator *gen,
                     MazeStep      *report)
{
  while (gen->phase != GEN_PHASE_DONE)
    {
      if (gen->phase == GEN_PHASE_TREE)
        {
          GenResult r = gen->spec.algorithm->generator->step (gen, report);

          switch (r)
            {
            case GEN_CARVED:
              gen->steps++;
              if (--gen->tree_left == 0)
                enter_loops (gen);
              return true;
            case GEN_SCANNED:
              gen->steps++;
              return true;
            case GEN_NOMEM:
              gen->status = MAZE_ERROR_NOMEM;
              gen->phase = GEN_PHASE_DONE;
              break;
            case GEN_FINISHED:
            default:
              /* Only reached if an algorithm ends early; keep going. */
              enter_loops (gen);
              break;
            }
        }
      else if (loop_step (gen, report))
        {
          gen->steps++;
          return true;
        }
    }
  maze_step_begin (report, MAZE_STEP_DONE, GEN_NONE, GEN_NONE, 0);
  return false;
}

bool
maze_generator_peek (MazeGenerator *gen,
                     MazeStep      *next)
{
  MazeGenerator *copy;
  bool stepped;

  if (gen->phase == GEN_PHASE_DONE)
    return maze_generator_step (gen, next); /* changes nothing */
  /* A copy does the step on the maze; the words go back, newest first,
   * and the copy goes. */
  copy = gen_clone (gen, gen->maze);
  if (copy == NULL)
    {
      maze_step_begin (next, MAZE_STEP_NONE, GEN_NONE, GEN_NONE, 0);
      return false;
    }
  stepped = maze_generator_step (copy, next);
  for (unsigned k = next->n_changes; k-- > 0;)
    gen->cells[next->changes[k].index] = next->changes[k].before;
  maze_generator_free (copy);
  return stepped;
}

void
maze_generator_run (MazeGenerator *gen)
{
  if (gen->phase == GEN_PHASE_TREE && gen->spec.algorithm->generator->run != NULL)
    {
      gen->run_steps = UINT64_MAX;
      gen->spec.algorithm->generator->run (gen);
      if (gen->tree_left == 0)
        enter_loops (gen);
    }
  while (maze_generator_step (gen, NULL))
    ;
}

uint64_t
maze_generator_run_steps (MazeGenerator *gen,
                          uint64_t       max_steps)
{
  uint64_t first = gen->steps;

  if (max_steps > 0 && gen->phase == GEN_PHASE_TREE
      && gen->spec.algorithm->generator->run != NULL)
    {
      /* A class's run stops once tree_left carves are done: it is told
       * the smaller bound, and the rest is put back after. */
      uint64_t left = gen->tree_left;
      uint64_t bound = left < max_steps ? left : max_steps;

      gen->tree_left = bound;
      gen->sliced = bound < left;
      gen->run_steps = max_steps;
      gen->spec.algorithm->generator->run (gen);
      gen->sliced = false;
      gen->tree_left = left - (bound - gen->tree_left);
      if (gen->tree_left == 0)
        enter_loops (gen);
    }
  while (gen->steps - first < max_steps && maze_generator_step (gen, NULL))
    ;
  return gen->steps - first;
}

bool
maze_generator_done (const MazeGenerator *gen)
{
  return gen->phase == GEN_PHASE_DONE;
}

uint64_t
maze_generator_steps (const MazeGenerator *gen)
{
  return gen->steps;
}

size_t
maze_generator_frontier (const MazeGenerator *gen,
                         uint32_t            *out,
                         size_t               max)
{
  if (gen->phase != GEN_PHASE_TREE)
    return 0;
  if (gen->spec.algorithm->generator->frontier == NULL)
    return maze_frontier_of_cell (gen->cur, out, max);
  return gen->spec.algorithm->generator->frontier (gen, out, max);
}

size_t
maze_generator_memory (const MazeGenerator *gen)
{
  return gen->memory;
}

MazeStatus
maze_generator_check_stream (const Maze *maze,
                             MazeError  *error)
{
  const char *name = maze_meta_get (maze, "generator");
  const char *value = maze_meta_get (maze, "generator-stream");
  const MazeAlgorithm *a;
  unsigned own, recorded = 1;

  if (name == NULL
      || (a = maze_algorithm_find (maze_generators, name, NULL, NULL)) == NULL)
    return MAZE_OK;
  own = a->stream > 1 ? a->stream : 1;
  if (value != NULL)
    {
      /* a decimal number; anything else is no stream this version made */
      recorded = 0;
      for (const char *p = value; *p != '\0'; p++)
        {
          if (*p < '0' || *p > '9' || recorded > 100000)
            {
              recorded = 0;
              break;
            }
          recorded = recorded * 10 + (unsigned) (*p - '0');
        }
    }
  if (recorded == own)
    return MAZE_OK;
  return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_GENERATOR_STREAM,
                         MAZE_TEXT (a->name));
}

const MazeAlgorithm *
maze_generator_algorithm (const MazeGenerator *gen)
{
  return gen->spec.algorithm;
}

const char *
maze_generator_name (const MazeGenerator *gen)
{
  return gen->spec.name;
}

MazeStatus
maze_generator_status (const MazeGenerator *gen,
                       MazeError           *error)
{
  if (gen->status == MAZE_ERROR_NOMEM)
    return gen_nomem (gen, error);
  return MAZE_OK;
}

Maze *
maze_generate (uint32_t    width,
               uint32_t    height,
               const char *algorithm,
               uint64_t    seed,
               unsigned    loops,
               MazeError  *error)
{
  Maze *maze = maze_new (width, height, error);
  MazeGenerator *gen;

  if (maze == NULL)
    return NULL;
  gen = maze_generator_new (maze, algorithm, seed, loops, error);
  if (gen == NULL)
    {
      maze_free (maze);
      return NULL;
    }
  maze_generator_run (gen);
  if (maze_generator_status (gen, error) != MAZE_OK
      || maze_place_endpoints (maze, MAZE_PLACE_CORNERS, true, seed, error) != MAZE_OK)
    {
      maze_generator_free (gen);
      maze_free (maze);
      return NULL;
    }
  maze_generator_free (gen);
  return maze;
}
