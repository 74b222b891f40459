/* SPDX-License-Identifier: CC0-1.0 */
/*
 * bitmaze-lab.h: what Bitmaze's lab gives your code.
 *
 * Write your task's function (create_dfs, solve_dfs or solve_bfs) in a .c
 * file that includes this header, then check it:
 *
 *   bitmaze-cli lab check solve_bfs.c
 *
 * Bitmaze compiles your file with its own copy of this header, runs it on
 * several mazes and records every word your code changes each time it
 * calls refresh_maze_view ().  The names and meanings are the ones of the
 * "Trees and Mazes" tutorial.
 *
 * Every cell is one uint16_t of four nibbles; in every nibble the
 * directions have the bits N = 1, E = 2, S = 4, W = 8:
 *
 *   bit   15 14 13 12 | 11 10  9  8 |  7  6  5  4 |  3  2  1  0
 *         W  S  E  N  |  W  S  E  N |  W  S  E  N |  W  S  E  N
 *         backtrack   |  solution   |  border     |  walls knocked down
 *
 * A set bit in the low nibble is a passage (the wall on that side is
 * knocked down).  The border nibble marks the sides on the maze's outer
 * edge and never changes.  The solution nibble says where the path leaves
 * a cell; the backtrack nibble where the search came from.
 */
#ifndef BITMAZE_LAB_H
#define BITMAZE_LAB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The maze: total_cells words, row by row; cell (x, y) is
 * maze_array[y * w_cells + x], cell 0 the top-left corner. */
extern uint16_t *maze_array;
extern int w_cells, h_cells, total_cells, start_cell, goal_cell;

#define WALL_BITS      0x000F /* passages: the walls knocked down */
#define BORDER_BITS    0x00F0 /* sides on the outer edge (never change them) */
#define SOLUTION_BITS  0x0F00 /* where the solution path leaves the cell */
#define BACKTRACK_BITS 0xF000 /* where the search came from */

/* The four directions, always in the order W, S, E, N:
 * WALLS[i] is the bit of direction i, OPPOSITE_WALLS[i] the bit of the
 * direction back, COMPASS[i] the step { dx, dy } and DIRECTION[i] its
 * letter. */
static const uint16_t WALLS[4] = { 8, 4, 2, 1 };
static const uint16_t OPPOSITE_WALLS[4] = { 2, 1, 8, 4 };
static const int COMPASS[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };
static const char DIRECTION[4] = { 'W', 'S', 'E', 'N' };

/* The index of cell (x, y). */
static inline int
cell_index (int x, int y)
{
  return y * w_cells + x;
}

/* The column and the row of a cell index. */
static inline int
cell_x (int cell)
{
  return cell % w_cells;
}

static inline int
cell_y (int cell)
{
  return cell / w_cells;
}

/* Is (x, y) a cell of the maze?  (A shaped maze also has cells outside
 * its shape: their border nibble is 0xF, all four sides.) */
static inline int
cell_in_bounds (int x, int y)
{
  return x >= 0 && x < w_cells && y >= 0 && y < h_cells;
}

/* One step: Bitmaze records every word that changed since the last call.
 * Call it where the tutorial does, once a step. */
void refresh_maze_view (void);

/* A number from 0 to n - 1 (n >= 1) from the lab's seeded generator, so
 * that a run can be repeated, and compared with Bitmaze's own. */
int random_int (int n);

#endif /* BITMAZE_LAB_H */
