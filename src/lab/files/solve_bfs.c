/* SPDX-License-Identifier: CC0-1.0 */
/* solve_bfs.c: solve the maze with a breadth-first search.
 *
 * Check it with:  bitmaze-cli lab check solve_bfs.c
 *
 * The maze is carved already; the solution and backtrack nibbles are 0.
 * Write only those two nibbles.
 */
#include "bitmaze-lab.h"

/* Writes the neighbours of cell that can be reached into neighbors[] and
 * the COMPASS index of the direction to each into compass[]; returns how
 * many.
 *
 *   for each direction i in the order W, S, E, N
 *       new x, y = x, y of cell + COMPASS[i]
 *       if (new x, y) is inside the maze
 *           if there is no wall between cell and the new cell (WALLS[i] set in cell)
 *               if the new cell is not start_cell and has no backtrack bits
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

/* Sets the backtrack bits of cell to point back where it was reached
 * from: OPPOSITE_WALLS[from_compass_index] << 12. */
void
bfs_visit_cell (int cell, int from_compass_index)
{
  /* TODO */
  (void) cell;
  (void) from_compass_index;
}

/* Follows the backtrack bits from cell back to start_cell, setting the
 * solution bits of each cell on the way to point towards the cell after it:
 *
 *   while cell is not start_cell
 *       isolate the four backtrack bits of cell: previous cell bits
 *       set i to the index of the previous cell bits in WALLS
 *       previous cell = the cell in direction COMPASS[i] of cell
 *       set the solution bits of previous cell to OPPOSITE_WALLS[i] << 8
 *       call refresh_maze_view to update visualization
 *       set cell to previous cell
 */
void
reconstruct_solution (int cell)
{
  /* TODO */
  (void) cell;
}

/*
 * create a queue of cells (total_cells places are enough)
 * enqueue start_cell
 *
 * while the queue is not empty
 *     dequeue to current cell
 *     for each (new cell, i) of the neighbours of current cell (cell_neighbors)
 *         mark the new cell as reached from direction i using bfs_visit_cell
 *         call refresh_maze_view to update visualization
 *         if the new cell is goal_cell
 *             reconstruct_solution (goal_cell) and stop
 *         enqueue the new cell
 */
void
solve_bfs (void)
{
  /* TODO */
}
