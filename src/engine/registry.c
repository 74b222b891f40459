/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * registry.c: every generator and every solver, one line each, in the
 * order programs list them.  Each descriptor lives beside its code (the
 * algorithm's own file); a new algorithm is its file, a line here and a
 * line in its folder's meson.build.
 */
#include "maze.h"

#define GENERATORS(X) \
  X (maze_generator_growing_tree_newest) \
  X (maze_generator_growing_tree_oldest) \
  X (maze_generator_growing_tree_random) \
  X (maze_generator_growing_tree_mixed) \
  X (maze_generator_corridor) \
  X (maze_generator_straight_run) \
  X (maze_generator_prim) \
  X (maze_generator_kruskal) \
  X (maze_generator_wilson) \
  X (maze_generator_aldous_broder) \
  X (maze_generator_hunt_and_kill) \
  X (maze_generator_binary_tree) \
  X (maze_generator_sidewinder) \
  X (maze_generator_eller) \
  X (maze_generator_recursive_division) \
  /* a new generator: one line above this one */

#define SOLVERS(X) \
  X (maze_solver_dfs) \
  X (maze_solver_bfs) \
  X (maze_solver_astar) \
  X (maze_solver_junction) \
  X (maze_solver_wall_follower_left) \
  X (maze_solver_wall_follower_right) \
  /* a new solver: one line above this one */

#define DECLARE(descriptor) extern const MazeAlgorithm descriptor;
#define LIST(descriptor) &descriptor,

GENERATORS (DECLARE)
SOLVERS (DECLARE)

const MazeAlgorithm *const maze_generators[] = { GENERATORS (LIST) NULL };
const MazeAlgorithm *const maze_solvers[] = { SOLVERS (LIST) NULL };
