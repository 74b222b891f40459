/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-play-engine.c: the player's walk (maze_play_*) keeps the search
 * nibbles a valid DFS state, refuses walls and reaches the goal.
 */
#include <string.h>

#include <glib.h>

#include "maze.h"

static Maze *
make_maze (uint32_t    width,
           uint32_t    height,
           uint64_t    seed,
           unsigned    loops)
{
  MazeError error;
  Maze *maze = maze_generate (width, height, maze_algorithm_default (maze_generators)->name, seed, loops, &error);

  g_assert_nonnull (maze);
  return maze;
}

/* The invariants of a walk: consistent cells, solution bits exactly on the
 * path from the start to the player (the player's cell excluded), the
 * start never has a backtrack bit. */
static void
assert_walk_valid (Maze     *maze,
                   uint32_t  position)
{
  const uint16_t *c = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze);
  g_autofree uint32_t *path = g_new (uint32_t, n);
  g_autofree guint8 *on_path = g_new0 (guint8, n);
  MazeError error;
  int64_t moves;

  g_assert_true (maze_check_consistent (maze, &error));
  moves = maze_play_path (maze, position, path, n);
  g_assert_cmpint (moves, >=, 0);
  g_assert_cmpuint (path[0], ==, maze_start (maze));
  g_assert_cmpuint (path[moves], ==, position);
  for (int64_t k = 0; k < moves; k++)
    on_path[path[k]] = 1;
  for (uint32_t i = 0; i < n; i++)
    g_assert_cmpint (maze_cell_solution (c[i]) != 0, ==, on_path[i]);
  g_assert_cmpuint (maze_cell_backtrack (c[maze_start (maze)]), ==, 0);
}

static void
test_wall_does_not_move (void)
{
  Maze *maze = make_maze (8, 8, 42, 0);
  uint32_t n = maze_n_cells (maze);
  g_autofree uint16_t *before = g_new (uint16_t, n);
  uint32_t pos;
  unsigned walls = 0;

  maze_play_begin (maze, &pos);
  g_assert_cmpuint (pos, ==, maze_start (maze));
  memcpy (before, maze_cells_const (maze), n * sizeof *before);

  for (int k = 0; k < 4; k++)
    {
      uint16_t dir = MAZE_DIRECTIONS[k];
      MazeError error;
      MazeStep report;

      if (maze_cell_is_open (maze_cells_const (maze)[pos], dir))
        continue;
      walls++;
      maze_error_clear (&error);
      g_assert_cmpint (maze_play_move (maze, &pos, dir, &report, &error), ==, MAZE_ERROR_ARGUMENT);
      g_assert_cmpstr (error.message, ==, "wall");
      g_assert_cmpuint (pos, ==, maze_start (maze));
      g_assert_cmpmem (before, n * sizeof *before, maze_cells_const (maze), n * sizeof *before);
    }
  /* The top-left corner of a perfect maze has at least the two outer
   * walls (or one opening and one wall) standing. */
  g_assert_cmpuint (walls, >=, 1);
  maze_free (maze);
}

static void
test_opening_and_bad_arguments (void)
{
  Maze *maze = make_maze (5, 5, 7, 0);
  uint32_t pos;
  MazeError error;

  maze_play_begin (maze, &pos);
  /* maze_generate opens the outer wall on the start's north side. */
  g_assert_true (maze_cell_is_open (maze_cells_const (maze)[pos], MAZE_N));
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_N, NULL, &error), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (error.message, "out of the maze"));
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_N | MAZE_E, NULL, &error), ==, MAZE_ERROR_ARGUMENT);
  pos = 25;
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, NULL, &error), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpuint (pos, ==, 25);
  maze_free (maze);
}

/* A 3x1 corridor: visit, visit, back, back, with the exact statements. */
static void
test_visit_and_backtrack_bits (void)
{
  MazeError error;
  Maze *maze = maze_new (3, 1, &error);
  const uint16_t *c;
  MazeStep report;
  uint32_t pos;

  g_assert_nonnull (maze);
  maze_set_wall_open (maze, 0, MAZE_E, true, &error);
  maze_set_wall_open (maze, 1, MAZE_E, true, &error);
  c = maze_cells_const (maze);
  maze_play_begin (maze, &pos);

  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, &report, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, 1);
  g_assert_cmpint (report.kind, ==, MAZE_STEP_VISIT);
  g_assert_cmpuint (report.cell, ==, 1);
  g_assert_cmpuint (report.other, ==, 0);
  g_assert_cmpuint (report.n_changes, ==, 2);
  g_assert_cmpstr (report.changes[0].expr, ==, "maze[0] |= E << 8");
  g_assert_cmpstr (report.changes[1].expr, ==, "maze[1] |= W << 12");
  g_assert_cmphex (c[0], ==, 0x02D2);
  g_assert_cmphex (c[1], ==, 0x805A);

  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, &report, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, 2);
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, 2);

  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_W, &report, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, 1);
  g_assert_cmpint (report.kind, ==, MAZE_STEP_BACKTRACK);
  g_assert_cmpuint (report.cell, ==, 2);
  g_assert_cmpuint (report.other, ==, 1);
  g_assert_cmpuint (report.dir, ==, MAZE_E);
  g_assert_cmpuint (report.n_changes, ==, 1);
  g_assert_cmpuint (report.changes[0].index, ==, 1);
  /* the cell left keeps its backtrack bit: it stays "visited" */
  g_assert_cmphex (c[2] & MAZE_SEARCH_MASK, ==, MAZE_W << MAZE_BACKTRACK_SHIFT);
  g_assert_cmphex (c[1] & MAZE_SOLUTION_MASK, ==, 0);
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, -1);

  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_W, &report, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, 0);
  g_assert_cmphex (c[0] & MAZE_SOLUTION_MASK, ==, 0);
  assert_walk_valid (maze, pos);

  /* back into a visited cell off the path: linked again from here */
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, &report, &error), ==, MAZE_OK);
  g_assert_cmpint (report.kind, ==, MAZE_STEP_VISIT);
  assert_walk_valid (maze, pos);
  maze_free (maze);
}

/* A 2x2 loop: walking round it comes back to the start, which cuts the
 * path back to nothing instead of making a cycle. */
static void
test_loop_cuts_path (void)
{
  MazeError error;
  Maze *maze = maze_new (2, 2, &error);
  MazeStep report;
  uint32_t pos;

  maze_set_wall_open (maze, 0, MAZE_E, true, &error);
  maze_set_wall_open (maze, 1, MAZE_S, true, &error);
  maze_set_wall_open (maze, 3, MAZE_W, true, &error);
  maze_set_wall_open (maze, 2, MAZE_N, true, &error);
  maze_play_begin (maze, &pos);

  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, NULL, &error), ==, MAZE_OK);
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_S, NULL, &error), ==, MAZE_OK);
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_W, NULL, &error), ==, MAZE_OK);
  g_assert_cmpint (maze_play_path (maze, pos, NULL, 0), ==, 3);
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_N, &report, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, 0);
  g_assert_cmpint (report.kind, ==, MAZE_STEP_BACKTRACK);
  g_assert_cmpint (maze_play_path (maze, pos, NULL, 0), ==, 0);
  assert_walk_valid (maze, pos);
  /* the goal (cell 3) is now one step away through the loop's other side */
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_S, NULL, &error), ==, MAZE_OK);
  g_assert_cmpint (maze_play_move (maze, &pos, MAZE_E, NULL, &error), ==, MAZE_OK);
  g_assert_cmpuint (pos, ==, maze_goal (maze));
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, 2);
  assert_walk_valid (maze, pos);
  maze_free (maze);
}

static void
random_walks (unsigned loops)
{
  for (uint64_t seed = 1; seed <= 20; seed++)
    {
      Maze *maze = make_maze (9, 7, seed, loops);
      MazeRng rng;
      uint32_t pos;
      unsigned moved = 0;

      maze_rng_seed (&rng, seed);
      maze_play_begin (maze, &pos);
      for (int k = 0; k < 600; k++)
        {
          uint16_t dir = MAZE_DIRECTIONS[maze_rng_below (&rng, 4)];
          uint32_t old = pos;
          MazeError error;
          MazeStep report;
          MazeStatus status = maze_play_move (maze, &pos, dir, &report, &error);

          if (status == MAZE_OK)
            {
              moved++;
              g_assert_cmpuint (pos, ==, maze_neighbor (maze, old, dir));
              g_assert_cmpuint (report.n_changes, >=, 1);
            }
          else
            g_assert_cmpuint (pos, ==, old);
          assert_walk_valid (maze, pos);
        }
      g_assert_cmpuint (moved, >, 100);
      maze_free (maze);
    }
}

static void
test_random_walks_perfect (void)
{
  random_walks (0);
}

static void
test_random_walks_loops (void)
{
  random_walks (100);
}

/* Following BFS's answer reaches the goal with the same length; a detour
 * into a dead end and back does not lengthen the path. */
static void
test_reach_goal (void)
{
  Maze *maze = make_maze (15, 10, 2024, 0);
  Maze *solved = maze_copy (maze, NULL);
  MazeSolver *bfs = maze_solver_new (solved, "bfs", NULL);
  g_autofree char *moves = NULL;
  MazeSolveStats stats;
  uint32_t pos;
  gboolean detoured = FALSE;

  maze_solver_run (bfs);
  maze_solver_stats (bfs, &stats);
  g_assert_true (stats.found);
  moves = maze_path_moves (solved);
  g_assert_nonnull (moves);

  maze_play_begin (maze, &pos);
  for (const char *m = moves; *m != '\0'; m++)
    {
      uint16_t dir = *m == 'N' ? MAZE_N : *m == 'E' ? MAZE_E : *m == 'S' ? MAZE_S : MAZE_W;
      MazeError error;

      /* once, step into a side branch and straight back */
      if (!detoured && m != moves)
        for (int k = 0; k < 4; k++)
          {
            uint16_t side = MAZE_DIRECTIONS[k];
            uint16_t cell = maze_cells_const (maze)[pos];

            if (side == dir || side == maze_cell_backtrack (cell)
                || !maze_cell_is_open (cell, side) || maze_cell_on_border (cell, side))
              continue;
            g_assert_cmpint (maze_play_move (maze, &pos, side, NULL, &error), ==, MAZE_OK);
            g_assert_cmpint (maze_play_move (maze, &pos, maze_opposite (side), NULL, &error), ==, MAZE_OK);
            detoured = TRUE;
            break;
          }
      g_assert_cmpint (maze_play_move (maze, &pos, dir, NULL, &error), ==, MAZE_OK);
    }
  g_assert_true (detoured);
  g_assert_cmpuint (pos, ==, maze_goal (maze));
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, (gint64) stats.path_length);
  {
    g_autofree char *walked = maze_path_moves (maze);

    g_assert_cmpstr (walked, ==, moves);
  }
  assert_walk_valid (maze, pos);

  maze_solver_free (bfs);
  maze_free (solved);
  maze_free (maze);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/play/engine/wall", test_wall_does_not_move);
  g_test_add_func ("/play/engine/bad-arguments", test_opening_and_bad_arguments);
  g_test_add_func ("/play/engine/visit-backtrack", test_visit_and_backtrack_bits);
  g_test_add_func ("/play/engine/loop", test_loop_cuts_path);
  g_test_add_func ("/play/engine/random-walks", test_random_walks_perfect);
  g_test_add_func ("/play/engine/random-walks-loops", test_random_walks_loops);
  g_test_add_func ("/play/engine/reach-goal", test_reach_goal);
  return g_test_run ();
}
