/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * reference.h: the plain C yardstick the benchmark measures Bitmaze
 * against.  Written the way a careful C programmer would write a maze
 * generator and solver in an afternoon, and nothing exotic: a randomized
 * depth-first search with an explicit uint32_t stack and xoshiro256++,
 * and a breadth-first search with a uint32_t queue of width x height
 * entries that keeps its parent pointer in the cell's backtrack nibble.
 *
 * It shares no code with the engine, on purpose: it is what the engine is
 * compared with.  It uses the cell layout of docs/maze-format.md, so the
 * solvers run on the very maze the engine's solvers run on, and do the
 * same work: stop when the goal is reached, then follow the parent
 * pointers home, setting the solution bits of the path.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a reference search did. */
typedef struct
{
  bool     found;
  uint64_t visited;     /* cells reached, the start included */
  uint64_t path_length; /* moves from the start to the goal */
  size_t   memory;      /* bytes it allocated beyond the maze */
} RefSolve;

/* Carve a perfect maze into @cells (width * height words, all zero on
 * entry: only passage bits are written) by a randomized depth-first search
 * from a random cell, with a uint32_t stack of width * height entries.
 * Returns the bytes it allocated, 0 when out of memory. */
size_t ref_generate_dfs (uint16_t *cells,
                         uint32_t  width,
                         uint32_t  height,
                         uint64_t  seed);

/* Breadth-first search from @start to @goal over the open sides of
 * @cells (a maze of docs/maze-format.md with clear search nibbles):
 * a queue of width * height cell indices, "visited" is "backtrack nibble
 * set, or the start", and one test and branch a side. */
RefSolve ref_solve_bfs (uint16_t *cells,
                        uint32_t  width,
                        uint32_t  height,
                        uint32_t  start,
                        uint32_t  goal);

/* The same search with the four sides of a cell expanded without
 * branches: every side is tested, the neighbour is written to the queue
 * whatever the answer, and the tail moves on by the answer (0 or 1). */
RefSolve ref_solve_bfs_branchless (uint16_t *cells,
                                   uint32_t  width,
                                   uint32_t  height,
                                   uint32_t  start,
                                   uint32_t  goal);

/* Depth-first search, sides in the order N, E, S, W, with a uint32_t
 * stack of width * height entries; the solution bits follow the stack. */
RefSolve ref_solve_dfs (uint16_t *cells,
                        uint32_t  width,
                        uint32_t  height,
                        uint32_t  start,
                        uint32_t  goal);
