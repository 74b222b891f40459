/* SPDX-License-Identifier: CC0-1.0 */
/* create_dfs.c: carve a perfect maze with a randomized depth-first search.
 *
 * Check it with:  bitmaze-cli lab check create_dfs.c
 *
 * The maze starts with every wall standing (every word 0, apart from the
 * border nibble).  Knock walls down with the bits of the low nibble only.
 */
#include "bitmaze-lab.h"

/* Writes the unvisited neighbours of cell into neighbors[] and the
 * COMPASS index of the direction to each into compass[]; returns how many.
 * "Unvisited" while creating: all four walls of the neighbour are up.
 *
 *   for each direction i in the order W, S, E, N
 *       new x, y = x, y of cell + COMPASS[i]
 *       if (new x, y) is inside the maze
 *           if all walls of the new cell are up (no bit of WALL_BITS set)
 *               add (new cell, i)
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

/* Knocks down the wall between from_cell and to_cell, on both sides:
 * from_cell gets WALLS[compass_index], to_cell OPPOSITE_WALLS[compass_index]. */
void
connect_cells (int from_cell, int to_cell, int compass_index)
{
  /* TODO */
  (void) from_cell;
  (void) to_cell;
  (void) compass_index;
}

/*
 * create a stack for backtracking
 * set current cell to random_int (total_cells)
 * set visited cells to 1
 *
 * while visited cells < total cells
 *     get unvisited neighbours using cell_neighbors
 *     if at least one neighbour
 *         choose a random neighbour: random_int (number of neighbours)
 *         knock down the wall between them using connect_cells
 *         push current cell to stack
 *         set current cell to new cell
 *         add 1 to visited cells
 *     else
 *         pop from stack to current cell
 *     call refresh_maze_view to update visualization
 */
void
create_dfs (void)
{
  /* TODO */
}
