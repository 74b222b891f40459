/* SPDX-License-Identifier: CC0-1.0 */
/* solve_dfs.c: solve the maze with a randomized depth-first search.
 *
 * Check it with:  bitmaze-cli lab check solve_dfs.c
 *
 * The maze is carved already; the solution and backtrack nibbles are 0.
 * Write only those two nibbles.
 */
#include "bitmaze-lab.h"

/* Writes the neighbours of cell that can be visited into neighbors[] and
 * the COMPASS index of the direction to each into compass[]; returns how
 * many.
 *
 *   for each direction i in the order W, S, E, N
 *       new x, y = x, y of cell + COMPASS[i]
 *       if (new x, y) is inside the maze
 *           if there is no wall between cell and the new cell (WALLS[i] set in cell)
 *               if the new cell is not on the solution or backtrack path
 *                   add (new cell, i)
 */
int
cell_neighbors (int cell, int neighbors[4], int compass[4])
{
  int n = 0;

  /* TODO */
  (void) cell;
  (void) neighbors;
  (void) compass;
  return n;
}

/* Clears the solution bits of from_cell and sets them to the direction
 * compass_index (WALLS[compass_index] << 8); sets the backtrack bits of
 * to_cell to point back at from_cell (OPPOSITE_WALLS[compass_index] << 12). */
void
visit_cell (int from_cell, int to_cell, int compass_index)
{
  /* TODO */
  (void) from_cell;
  (void) to_cell;
  (void) compass_index;
}

/* Clears the solution bits of cell. */
void
backtrack (int cell)
{
  /* TODO */
  (void) cell;
}

/*
 * create a stack for backtracking
 * set current cell to start_cell
 *
 * while current cell is not goal_cell
 *     get unvisited neighbours using cell_neighbors
 *     if at least one neighbour
 *         choose a random neighbour: random_int (number of neighbours)
 *         visit the new cell using visit_cell
 *         push current cell to stack
 *         set current cell to new cell
 *     else
 *         backtrack current cell using backtrack
 *         pop from stack to current cell
 *     call refresh_maze_view to update visualization
 */
void
solve_dfs (void)
{
  /* TODO */
}
