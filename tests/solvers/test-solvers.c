/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers and the maze statistics: every solver on handmade and
 * seeded mazes, with and without loops, with and without a way to the
 * goal; step reports replayed bit by bit; paths walked through the
 * passages; statistics counted by hand. */
#include "maze.h"
#include "../common/maze-test.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

/* Every solver of the registry is tested by the loops over
 * maze_solvers[] below; its flags say what it promises. */
static bool
has_flags (const MazeAlgorithm *a,
           unsigned             flags)
{
  return (a->flags & flags) == flags;
}

/* ---- building mazes by hand ---- */

static Maze *
new_maze (uint32_t w,
          uint32_t h)
{
  MazeError err = { 0 };
  Maze *m = maze_new (w, h, &err);

  g_assert_nonnull (m);
  return m;
}

static void
open_wall (Maze     *m,
           uint32_t  x,
           uint32_t  y,
           uint16_t  dir)
{
  MazeError err = { 0 };

  g_assert_cmpint (maze_set_wall_open (m, maze_index (m, x, y), dir, true, &err), ==, MAZE_OK);
}

/* A perfect 4x3 maze, one path through all twelve cells:
 *
 *   S . . .      (0,0) E (1,0) E (2,0) E (3,0)        dead end
 *   . . . .      (0,0) S (0,1) S (0,2) E (1,2) N (1,1) E (2,1) S (2,2) E (3,2) N (3,1)
 *   . . . G      start (0,0), goal (3,2): moves "SSENESE"
 */
static Maze *
make_snake (void)
{
  Maze *m = new_maze (4, 3);

  open_wall (m, 0, 0, MAZE_E);
  open_wall (m, 1, 0, MAZE_E);
  open_wall (m, 2, 0, MAZE_E);
  open_wall (m, 0, 0, MAZE_S);
  open_wall (m, 0, 1, MAZE_S);
  open_wall (m, 0, 2, MAZE_E);
  open_wall (m, 1, 2, MAZE_N);
  open_wall (m, 1, 1, MAZE_E);
  open_wall (m, 2, 1, MAZE_S);
  open_wall (m, 2, 2, MAZE_E);
  open_wall (m, 3, 2, MAZE_N);
  return m;
}

/* 3x3 around a four-way junction, one isolated cell, and an opening in
 * the outer wall at the start (which is not a passage):
 *
 *   (0,0) S       (1,0) S       (2,0) -
 *   (0,1) N E     (1,1) N E S W (2,1) W S
 *   (0,2) E       (1,2) N W     (2,2) N
 */
static Maze *
make_cross (void)
{
  Maze *m = new_maze (3, 3);

  open_wall (m, 0, 0, MAZE_N); /* opening */
  open_wall (m, 0, 0, MAZE_S);
  open_wall (m, 1, 1, MAZE_N);
  open_wall (m, 1, 1, MAZE_E);
  open_wall (m, 1, 1, MAZE_S);
  open_wall (m, 1, 1, MAZE_W);
  open_wall (m, 2, 1, MAZE_S);
  open_wall (m, 1, 2, MAZE_W);
  return m;
}

/* A room with every interior wall knocked down. */
static Maze *
make_room (uint32_t w,
           uint32_t h)
{
  Maze *m = new_maze (w, h);

  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      {
        if (x + 1 < w)
          open_wall (m, x, y, MAZE_E);
        if (y + 1 < h)
          open_wall (m, x, y, MAZE_S);
      }
  return m;
}

/* Wall up every side of the goal: an island nobody can reach. */
static void
close_goal (Maze *m)
{
  MazeError err = { 0 };
  uint32_t g = maze_goal (m);

  for (unsigned k = 0; k < 4; k++)
    g_assert_cmpint (maze_set_wall_open (m, g, MAZE_DIRECTIONS[k], false, &err), ==, MAZE_OK);
}

/* ---- checking a solve ---- */

/* The path read off the solution nibbles starts at the start, ends at the
 * goal and every move goes through a passage. */
static void
check_path (const Maze *m,
            uint64_t    expected_length)
{
  const uint16_t *c = maze_cells_const (m);
  int64_t n = maze_path_cells (m, NULL, 0);
  uint32_t *cells;
  g_autofree char *moves = NULL;

  g_assert_cmpint (n, ==, (int64_t) expected_length);
  cells = g_new (uint32_t, n + 1);
  g_assert_cmpint (maze_path_cells (m, cells, (size_t) n + 1), ==, n);
  g_assert_cmpuint (cells[0], ==, maze_start (m));
  g_assert_cmpuint (cells[n], ==, maze_goal (m));
  moves = maze_path_moves (m);
  g_assert_nonnull (moves);
  g_assert_cmpuint (strlen (moves), ==, (size_t) n);
  for (int64_t k = 0; k < n; k++)
    {
      uint16_t d = 0;

      for (unsigned j = 0; j < 4; j++)
        if (maze_neighbor (m, cells[k], MAZE_DIRECTIONS[j]) == cells[k + 1])
          d = MAZE_DIRECTIONS[j];
      g_assert_cmpuint (d, !=, 0);
      g_assert_true (maze_cell_is_open (c[cells[k]], d));
      g_assert_true (maze_cell_is_open (c[cells[k + 1]], maze_opposite (d)));
      g_assert_cmpint (moves[k], ==, maze_dir_letter (d)[0]);
    }
  /* a simple path: no cell twice */
  for (int64_t k = 0; k <= n; k++)
    for (int64_t j = k + 1; j <= n; j++)
      g_assert_cmpuint (cells[k], !=, cells[j]);
  g_free (cells);
}

/* Solve @m with @name step by step, replaying every reported change on a
 * copy of the unsolved maze (before must match, the C statement applied to
 * before must give after, only search bits may change), and check the
 * result.  Also checks that maze_solver_run() gives the same maze. */
static MazeSolveStats
solve_checked (Maze       *m,
               const char *name)
{
  MazeError err = { 0 };
  MazeSolver *s = maze_solver_new (m, name, &err);
  Maze *replay, *ran;
  MazeSolver *rs;
  MazeSolveStats st, rst;
  MazeStep step;
  uint64_t n_steps = 0;
  uint32_t n = maze_n_cells (m);
  MazeStepKind last = MAZE_STEP_NONE;

  g_assert_nonnull (s);
  g_assert_false (maze_has_search (m));
  replay = maze_copy (m, &err);
  ran = maze_copy (m, &err);
  g_assert_nonnull (replay);
  g_assert_nonnull (ran);

  while (maze_solver_step (s, &step))
    {
      uint16_t *rc = maze_cells (replay);

      n_steps++;
      g_assert_cmpuint (step.cell, <, n);
      /* a solver changes only the search nibbles */
      maze_test_replay_step (rc, n, &step, MAZE_SEARCH_MASK);
      last = step.kind;
      /* no step takes forever: an 8-fold margin over 4 moves a cell */
      g_assert_cmpuint (n_steps, <, 32 * (uint64_t) n + 64);
    }
  g_assert_true (last == MAZE_STEP_FOUND || last == MAZE_STEP_NO_PATH);
  g_assert_cmpint (step.kind, ==, last);
  g_assert_cmpuint (step.n_changes, ==, 0);
  g_assert_false (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, last);
  g_assert_cmpmem (maze_cells_const (replay), n * 2, maze_cells_const (m), n * 2);
  g_assert_true (maze_check_consistent (m, &err));

  maze_solver_stats (s, &st);
  g_assert_true (st.finished);
  g_assert_cmpint (st.found, ==, last == MAZE_STEP_FOUND);
  g_assert_cmpuint (st.steps, ==, n_steps);
  g_assert_cmpuint (st.visited, >=, 1);
  g_assert_cmpuint (st.visited, <=, n);
  g_assert_cmpuint (st.max_frontier, >=, 1);
  g_assert_cmpint (maze_solver_status (s, &err), ==, MAZE_OK);
  g_assert_cmpuint (maze_solver_memory (s), >=, 1);
  if (st.found)
    {
      g_assert_cmpuint (st.visited, >=, st.path_length + 1);
      g_assert_cmpuint (st.steps, >=, st.path_length + 1);
      check_path (m, st.path_length);
    }
  else
    {
      g_assert_cmpint (maze_path_cells (m, NULL, 0), ==, -1);
      g_assert_null (maze_path_moves (m));
    }

  /* run() without reports does exactly the same */
  rs = maze_solver_new (ran, name, &err);
  g_assert_nonnull (rs);
  maze_solver_run (rs);
  maze_solver_stats (rs, &rst);
  g_assert_cmpint (st.finished, ==, rst.finished);
  g_assert_cmpint (st.found, ==, rst.found);
  g_assert_cmpuint (st.steps, ==, rst.steps);
  g_assert_cmpuint (st.visited, ==, rst.visited);
  g_assert_cmpuint (st.max_frontier, ==, rst.max_frontier);
  g_assert_cmpuint (st.path_length, ==, rst.path_length);
  g_assert_cmpmem (maze_cells_const (ran), n * 2, maze_cells_const (m), n * 2);

  maze_solver_free (rs);

  /* and so does run() after some steps, wherever it takes over: in the
   * middle of a cell's sides, of the search or of the path */
  for (uint64_t stop = 1; stop < n_steps; stop = stop * 3 + 1)
    {
      maze_reset_search (ran);
      rs = maze_solver_new (ran, name, &err);
      g_assert_nonnull (rs);
      for (uint64_t k = 0; k < stop; k++)
        maze_solver_step (rs, NULL);
      maze_solver_run (rs);
      maze_solver_stats (rs, &rst);
      g_assert_cmpuint (st.steps, ==, rst.steps);
      g_assert_cmpuint (st.visited, ==, rst.visited);
      g_assert_cmpuint (st.max_frontier, ==, rst.max_frontier);
      g_assert_cmpuint (st.path_length, ==, rst.path_length);
      g_assert_cmpmem (maze_cells_const (ran), n * 2, maze_cells_const (m), n * 2);
      maze_solver_free (rs);
    }

  maze_solver_free (s);
  maze_free (ran);
  maze_free (replay);
  return st;
}

/* ---- the tests ---- */

/* Every descriptor says what a program needs to show it, its names are
 * unique and read back to it. */
static void
test_names (void)
{
  MazeError err = { 0 };
  Maze *m = new_maze (2, 2);
  size_t n = 0, defaults = 0;

  for (; maze_solvers[n] != NULL; n++)
    {
      const MazeAlgorithm *a = maze_solvers[n];

      g_assert_nonnull (a->solver);
      g_assert_null (a->generator);
      g_assert_true (maze_solver_name_valid (a->name, &err));
      g_assert_true (maze_algorithm_find (maze_solvers, a->name, NULL, &err) == a);
      if (a->alias != NULL)
        g_assert_true (maze_algorithm_find (maze_solvers, a->alias, NULL, &err) == a);
      g_assert_nonnull (a->label);
      g_assert_nonnull (a->description);
      g_assert_cmpuint (strlen (a->description), >, 10);
      g_assert_nonnull (a->subject);
      g_assert_cmpint (a->param.kind, ==, MAZE_PARAM_NONE);
      defaults += has_flags (a, MAZE_ALGORITHM_DEFAULT);
      for (size_t k = 0; k < n; k++)
        {
          g_assert_cmpstr (maze_solvers[k]->name, !=, a->name);
          g_assert_cmpstr (maze_solvers[k]->label, !=, a->label);
        }
    }
  g_assert_cmpuint (n, >=, 6);
  g_assert_cmpuint (defaults, ==, 1);
  /* the names files and scripts use are a contract */
  for (size_t k = 0; k < 7; k++)
    {
      static const char *const contract[] = {
        "dfs", "bfs", "astar", "junction", "wall-follower",
        "wall-follower:left", "wall-follower:right",
      };

      g_assert_nonnull (maze_algorithm_find (maze_solvers, contract[k], NULL, &err));
    }
  g_assert_nonnull (maze_algorithm_with (maze_solvers, MAZE_ALGORITHM_SHORTEST_PATH));
  g_assert_nonnull (maze_algorithm_with (maze_solvers, MAZE_ALGORITHM_LIVE_PATH));
  g_assert_true (maze_solver_name_valid ("wall-follower:left", NULL));

  g_assert_false (maze_solver_name_valid ("dijkstra", &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpstr (err.message, ==, "unknown solver 'dijkstra' (known: dfs, bfs, astar, "
                                    "junction, wall-follower, wall-follower:right)");
  g_assert_false (maze_solver_name_valid ("wall-follower:up", &err));
  g_assert_cmpstr (err.message, ==, "unknown solver 'wall-follower:up' (known: "
                                    "wall-follower, wall-follower:right)");
  g_assert_false (maze_solver_name_valid ("bfs:2", &err));
  g_assert_cmpstr (err.message, ==, "solver 'bfs' takes no parameter, got 'bfs:2'");
  g_assert_false (maze_solver_name_valid ("", &err));
  g_assert_cmpstr (err.message, ==, "no solver name given");
  g_assert_false (maze_solver_name_valid (NULL, &err));

  g_assert_null (maze_solver_new (m, "nope", &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_ARGUMENT);
  maze_free (m);
}

/* A solver flagged MAZE_ALGORITHM_LIVE_PATH keeps its path in the
 * solution nibbles while it searches: from the start they lead to the
 * top of its working set after every step. */
static void
test_live_path (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *m;
      MazeSolver *s;
      MazeStep step;
      uint64_t checked = 0;

      if (!has_flags (maze_solvers[k], MAZE_ALGORITHM_LIVE_PATH))
        continue;
      m = maze_test_generated (25, 19, 5, 20);
      s = maze_solver_new (m, maze_solvers[k]->name, NULL);
      g_assert_nonnull (s);
      while (maze_solver_step (s, &step) && step.kind != MAZE_STEP_FOUND)
        {
          const uint16_t *c = maze_cells_const (m);
          uint32_t top, i = maze_start (m);
          uint32_t moves = 0;

          if (maze_solver_frontier (s, &top, 1) == 0)
            continue;
          while (i != top && maze_cell_solution (c[i]) != 0)
            {
              i = maze_neighbor (m, i, maze_cell_solution (c[i]));
              g_assert_cmpuint (i, !=, UINT32_MAX);
              g_assert_cmpuint (++moves, <, maze_n_cells (m));
            }
          g_assert_cmpuint (i, ==, top);
          checked++;
        }
      g_assert_cmpuint (checked, >, 10);
      maze_solver_free (s);
      maze_free (m);
    }
}

/* A perfect handmade maze: every solver finds the one path. */
static void
test_snake_moves (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *m = make_snake ();
      MazeSolveStats st = solve_checked (m, maze_solvers[k]->name);
      g_autofree char *moves = maze_path_moves (m);
      uint32_t cells[16];

      g_test_message ("%s: %" G_GUINT64_FORMAT " steps", maze_solvers[k]->name, st.steps);
      g_assert_true (st.found);
      g_assert_cmpuint (st.path_length, ==, 7);
      g_assert_cmpstr (moves, ==, "SSENESE");
      g_assert_cmpint (maze_path_cells (m, cells, 3), ==, 7);
      g_assert_cmpuint (cells[0], ==, 0);
      g_assert_cmpuint (cells[1], ==, 4);
      g_assert_cmpuint (cells[2], ==, 8);
      maze_free (m);
    }
}

/* The tutorial's bits exactly: DFS's first step from (0,0) east. */
static void
test_dfs_bits (void)
{
  Maze *m = make_snake ();
  MazeError err = { 0 };
  MazeSolver *s = maze_solver_new (m, "dfs", &err);
  const uint16_t *c = maze_cells_const (m);
  MazeStep step;
  uint32_t top;

  /* N is a wall, E comes first: visit_cell (0 -> 1, E) */
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_VISIT);
  g_assert_cmpuint (step.cell, ==, 1);
  g_assert_cmpuint (step.other, ==, 0);
  g_assert_cmpuint (step.dir, ==, MAZE_E);
  g_assert_cmpuint (step.n_changes, ==, 2);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[0] |= E << 8");
  g_assert_cmpstr (step.changes[1].expr, ==, "maze[1] |= W << 12");
  g_assert_cmphex (c[0] & MAZE_SOLUTION_MASK, ==, MAZE_E << 8);
  g_assert_cmphex (c[1] & MAZE_BACKTRACK_MASK, ==, MAZE_W << 12);
  g_assert_cmpuint (maze_solver_frontier (s, &top, 1), ==, 2);
  g_assert_cmpuint (top, ==, 1);

  /* along the top row to the dead end (3,0), then back */
  g_assert_true (maze_solver_step (s, &step));
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpuint (step.cell, ==, 3);
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_BACKTRACK);
  g_assert_cmpuint (step.cell, ==, 3);
  g_assert_cmpuint (step.other, ==, 2);
  g_assert_cmpuint (step.dir, ==, MAZE_E);
  g_assert_cmpuint (step.n_changes, ==, 1);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[2] &= ~0x0F00");
  g_assert_cmphex (c[2] & MAZE_SOLUTION_MASK, ==, 0);
  /* the dead end keeps its backtrack bits: visited, not to be entered again */
  g_assert_cmphex (c[3] & MAZE_BACKTRACK_MASK, ==, MAZE_W << 12);
  g_assert_cmpuint (maze_solver_frontier (s, &top, 1), ==, 3);
  g_assert_cmpuint (top, ==, 2);

  maze_solver_run (s);
  {
    g_autofree char *moves = maze_path_moves (m);

    g_assert_cmpstr (moves, ==, "SSENESE");
  }
  maze_solver_free (s);
  maze_free (m);
}

/* BFS writes parent pointers, then the path one cell a step from the goal
 * home; the worked example of maze-format.md 3. */
static void
test_bfs_worked_example (void)
{
  Maze *m = new_maze (2, 1);
  MazeError err = { 0 };
  MazeSolver *s;
  MazeStep step;
  const uint16_t *c = maze_cells_const (m);

  open_wall (m, 0, 0, MAZE_E);
  s = maze_solver_new (m, "bfs", &err);
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_REACH);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[1] |= W << 12");
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_PATH);
  g_assert_cmpuint (step.cell, ==, 1);
  g_assert_cmpuint (step.other, ==, 0);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[0] |= E << 8");
  g_assert_true (maze_solver_step (s, &step));
  g_assert_cmpint (step.kind, ==, MAZE_STEP_FOUND);
  g_assert_false (maze_solver_step (s, &step));
  g_assert_cmphex (c[0], ==, 0x02D2);
  g_assert_cmphex (c[1], ==, 0x8078);
  maze_solver_free (s);
  maze_free (m);
}

/* On mazes with loops BFS and A* find a shortest path, the length that
 * maze_stats() and an independent BFS give; the others a valid one. */
static void
test_shortest_with_loops (void)
{
  struct { uint32_t w, h; uint64_t seed; unsigned loops; } cases[] = {
    { 12, 9, 1, 30 }, { 30, 20, 2, 60 }, { 41, 17, 3, 100 }, { 64, 64, 4, 15 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Maze *m = maze_test_generated (cases[i].w, cases[i].h, cases[i].seed, cases[i].loops);
      MazeError err = { 0 };
      MazeStats stats;
      gint64 *dist = maze_test_distances (m, maze_start (m));
      int64_t shortest = dist[maze_goal (m)];

      g_assert_false (maze_is_perfect (m));
      g_assert_cmpint (maze_stats (m, &stats, &err), ==, MAZE_OK);
      g_assert_cmpint (stats.solution_length, ==, shortest);
      g_assert_cmpint (shortest, >, 0);
      for (size_t k = 0; maze_solvers[k] != NULL; k++)
        {
          MazeSolveStats st = solve_checked (m, maze_solvers[k]->name);

          /* the goal may be on an island the hand never touches: it says
           * so, since a path exists */
          if (!has_flags (maze_solvers[k], MAZE_ALGORITHM_COMPLETE) && !st.found)
            {
              g_assert_true (st.unreachable_by_method);
              continue;
            }
          g_assert_false (st.unreachable_by_method);
          g_assert_true (st.found);
          if (has_flags (maze_solvers[k], MAZE_ALGORITHM_SHORTEST_PATH))
            g_assert_cmpuint (st.path_length, ==, (uint64_t) shortest);
          else
            g_assert_cmpuint (st.path_length, >=, (uint64_t) shortest);
        }
      g_free (dist);
      maze_free (m);
    }
}

/* In an open room there are many shortest paths; BFS and A* take one of
 * Manhattan length, and A* reaches fewer cells than BFS doing it. */
static void
test_room (void)
{
  Maze *m = make_room (20, 15);
  MazeSolveStats bfs = solve_checked (m, "bfs");
  MazeSolveStats astar = solve_checked (m, "astar");
  MazeSolveStats dfs = solve_checked (m, "dfs");
  MazeSolveStats junction = solve_checked (m, "junction");

  g_assert_cmpuint (bfs.path_length, ==, 19 + 14);
  g_assert_cmpuint (astar.path_length, ==, 19 + 14);
  g_assert_cmpuint (astar.visited, <, bfs.visited);
  g_assert_true (dfs.found);
  g_assert_true (junction.found);
  /* heading for the goal in an empty room is the shortest way */
  g_assert_cmpuint (junction.path_length, ==, 19 + 14);
  maze_free (m);
}

/* No way to the goal: every solver says so, and stops. */
static void
test_no_path (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *m = maze_test_generated (25, 19, 7, 40);
      Maze *walls = new_maze (6, 5);
      Maze *snake = make_snake ();
      MazeStats stats;
      MazeError err = { 0 };
      MazeSolveStats st;

      close_goal (m);
      st = solve_checked (m, maze_solvers[k]->name);
      g_assert_false (st.found);
      /* the maze's answer, not the method's limit */
      g_assert_false (st.unreachable_by_method);
      g_assert_cmpint (maze_stats (m, &stats, &err), ==, MAZE_OK);
      g_assert_cmpint (stats.solution_length, ==, -1);

      /* no passage anywhere: the start is shut in */
      st = solve_checked (walls, maze_solvers[k]->name);
      g_assert_false (st.found);
      g_assert_false (st.unreachable_by_method);
      g_assert_cmpuint (st.visited, ==, 1);

      /* a dead-end goal cut off from the rest */
      maze_set_wall_open (snake, maze_index (snake, 2, 2), MAZE_E, false, &err);
      st = solve_checked (snake, maze_solvers[k]->name);
      g_assert_false (st.found);
      g_assert_false (st.unreachable_by_method);
      if (has_flags (maze_solvers[k], MAZE_ALGORITHM_COMPLETE))
        g_assert_cmpuint (st.visited, ==, 10); /* everything but the goal and (3,1) */

      maze_free (snake);
      maze_free (walls);
      maze_free (m);
    }
}

/* The goal in the middle of an open room: reachable, but a hand on the
 * outer wall goes round and round it.  The wall follower must notice,
 * stop, and say that this is its limit (a path exists), not "no path". */
static void
test_wall_follower_island (void)
{
  Maze *m = make_room (5, 5);
  MazeError err = { 0 };
  MazeSolveStats st;

  g_assert_cmpint (maze_set_goal (m, maze_index (m, 2, 2), &err), ==, MAZE_OK);
  st = solve_checked (m, "wall-follower");
  g_assert_false (st.found);
  g_assert_true (st.finished);
  g_assert_true (st.unreachable_by_method);
  st = solve_checked (m, "wall-follower:right");
  g_assert_false (st.found);
  g_assert_true (st.unreachable_by_method);
  st = solve_checked (m, "bfs");
  g_assert_true (st.found);
  g_assert_false (st.unreachable_by_method);
  g_assert_cmpuint (st.path_length, ==, 4);

  /* the start on the island instead: the same */
  g_assert_cmpint (maze_set_goal (m, maze_index (m, 0, 0), &err), ==, MAZE_OK);
  g_assert_cmpint (maze_set_start (m, maze_index (m, 2, 2), &err), ==, MAZE_OK);
  st = solve_checked (m, "wall-follower");
  g_assert_true (st.found || st.unreachable_by_method);

  maze_free (m);
}

/* The left hand takes a loop, comes back onto its own path at (2,1) and
 * erases the loop from the solution nibbles:
 *
 *   (0,0) S       (1,0) -       (2,0) E S     (3,0) W S
 *   (0,1) N E     (1,1) W E     (2,1) N E S W (3,1) N W
 *   (0,2) -       (1,2) -       (2,2) N E     (3,2) W       goal (3,2)
 *
 * Walk: S E E, N E S round the loop, W back onto (2,1): cut there, erase
 * (2,0) and (3,0), then S E to the goal.  The path left is "SEESE".
 */
static void
test_wall_follower_loop (void)
{
  Maze *m = new_maze (4, 3);
  MazeError err = { 0 };
  MazeSolver *s;
  MazeStep step;
  MazeSolveStats st;
  uint32_t erased[4];
  unsigned n_erased = 0, n = 0;
  g_autofree char *moves = NULL;

  open_wall (m, 0, 0, MAZE_S);
  open_wall (m, 2, 0, MAZE_E);
  open_wall (m, 2, 0, MAZE_S);
  open_wall (m, 3, 0, MAZE_S);
  open_wall (m, 0, 1, MAZE_E);
  open_wall (m, 1, 1, MAZE_E);
  open_wall (m, 2, 1, MAZE_E);
  open_wall (m, 2, 1, MAZE_S);
  open_wall (m, 2, 2, MAZE_E);

  s = maze_solver_new (m, "wall-follower", &err);
  while (maze_solver_step (s, &step))
    {
      n++;
      if (n == 7)
        {
          /* from (3,1) west onto the path at (2,1): cut it there */
          g_assert_cmpint (step.kind, ==, MAZE_STEP_BACKTRACK);
          g_assert_cmpuint (step.cell, ==, 7);
          g_assert_cmpuint (step.other, ==, 6);
          g_assert_cmpuint (step.n_changes, ==, 1);
          g_assert_cmpstr (step.changes[0].expr, ==, "maze[6] &= ~0x0F00");
          g_assert_cmphex (step.changes[0].before & MAZE_SOLUTION_MASK, ==, MAZE_N << 8);
        }
      if (step.kind == MAZE_STEP_BACKTRACK && step.dir == 0)
        erased[n_erased++] = step.cell;
    }
  maze_solver_stats (s, &st);
  g_assert_true (st.found);
  g_assert_cmpuint (st.steps, ==, 12);
  g_assert_cmpuint (st.path_length, ==, 5);
  g_assert_cmpuint (st.visited, ==, 9);
  g_assert_cmpuint (n_erased, ==, 2);
  g_assert_cmpuint (erased[0], ==, 2);
  g_assert_cmpuint (erased[1], ==, 3);
  moves = maze_path_moves (m);
  g_assert_cmpstr (moves, ==, "SEESE");
  /* the loop keeps its backtrack bits (explored) but no solution bits */
  g_assert_cmphex (maze_cells_const (m)[3] & MAZE_SEARCH_MASK, ==, MAZE_W << 12);
  maze_solver_free (s);

  st = solve_checked (m, "wall-follower");
  g_assert_cmpuint (st.path_length, ==, 5);
  maze_free (m);
}

/* Left and right hands on perfect mazes both find the one path. */
static void
test_wall_follower_perfect (void)
{
  for (uint64_t seed = 10; seed < 14; seed++)
    {
      Maze *m = maze_test_generated (23, 17, seed, 0);
      MazeSolveStats left = solve_checked (m, "wall-follower");
      MazeSolveStats right = solve_checked (m, "wall-follower:right");
      MazeSolveStats bfs = solve_checked (m, "bfs");

      g_assert_true (maze_is_perfect (m));
      g_assert_true (left.found);
      g_assert_true (right.found);
      g_assert_cmpuint (left.path_length, ==, bfs.path_length);
      g_assert_cmpuint (right.path_length, ==, bfs.path_length);
      g_assert_cmpuint (left.max_frontier, ==, 1);
      maze_free (m);
    }
}

static void
test_start_is_goal (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *m = maze_test_generated (9, 7, 5, 20);
      MazeError err = { 0 };
      MazeSolveStats st;
      g_autofree char *moves = NULL;
      MazeStep step;
      MazeSolver *s;
      uint32_t cell;

      g_assert_cmpint (maze_set_goal (m, maze_index (m, 4, 3), &err), ==, MAZE_OK);
      g_assert_cmpint (maze_set_start (m, maze_index (m, 4, 3), &err), ==, MAZE_OK);
      st = solve_checked (m, maze_solvers[k]->name);
      g_assert_true (st.found);
      g_assert_cmpuint (st.path_length, ==, 0);
      g_assert_cmpuint (st.steps, ==, 1);
      moves = maze_path_moves (m);
      g_assert_cmpstr (moves, ==, "");
      g_assert_cmpint (maze_path_cells (m, &cell, 1), ==, 0);
      g_assert_cmpuint (cell, ==, maze_index (m, 4, 3));
      g_assert_false (maze_has_search (m));

      s = maze_solver_new (m, maze_solvers[k]->name, &err);
      g_assert_true (maze_solver_step (s, &step));
      g_assert_cmpint (step.kind, ==, MAZE_STEP_FOUND);
      g_assert_cmpuint (step.n_changes, ==, 0);
      maze_solver_free (s);
      maze_free (m);
    }
}

/* maze_reset_search() and maze_solver_new() clear the search nibbles and
 * nothing else. */
static void
test_reset (void)
{
  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      Maze *m = maze_test_generated (31, 21, 9, 25);
      MazeError err = { 0 };
      Maze *orig = maze_copy (m, &err);
      uint32_t n = maze_n_cells (m);
      MazeSolver *s = maze_solver_new (m, maze_solvers[k]->name, &err);
      MazeSolver *again;

      maze_solver_run (s);
      maze_solver_free (s);
      g_assert_true (maze_has_search (m));
      g_assert_cmpuint (maze_start (m), ==, maze_start (orig));
      g_assert_cmpuint (maze_goal (m), ==, maze_goal (orig));
      for (uint32_t i = 0; i < n; i++)
        g_assert_cmphex (maze_cells_const (m)[i] & ~MAZE_SEARCH_MASK, ==,
                         maze_cells_const (orig)[i]);

      again = maze_solver_new (m, "bfs", &err);
      g_assert_false (maze_has_search (m));
      g_assert_cmpmem (maze_cells_const (m), n * 2, maze_cells_const (orig), n * 2);
      maze_solver_run (again);
      maze_solver_free (again);

      maze_reset_search (m);
      g_assert_cmpmem (maze_cells_const (m), n * 2, maze_cells_const (orig), n * 2);
      maze_free (orig);
      maze_free (m);
    }
}

/* The frontier: DFS stack top first, BFS queue head first, A* best first,
 * junctions closest first. */
static void
test_frontier (void)
{
  Maze *m = maze_test_generated (40, 30, 11, 30);
  MazeError err = { 0 };
  const uint16_t *c = maze_cells_const (m);
  uint32_t *out = g_new (uint32_t, maze_n_cells (m));
  const char *names[] = { "dfs", "bfs", "astar", "junction" };

  for (size_t k = 0; k < G_N_ELEMENTS (names); k++)
    {
      MazeSolver *s = maze_solver_new (m, names[k], &err);
      MazeStep step;
      size_t count = maze_solver_frontier (s, out, maze_n_cells (m));
      uint64_t max_seen = count;

      while (maze_solver_step (s, &step))
        {
          uint32_t peek = UINT32_MAX;
          size_t prev = count;

          count = maze_solver_frontier (s, out, maze_n_cells (m));
          g_assert_cmpuint (maze_solver_frontier (s, NULL, 0), ==, count);
          if (count > max_seen)
            max_seen = count;
          if (count > 0)
            g_assert_cmpuint (maze_solver_frontier (s, &peek, 1), ==, count);
          if (count > 0)
            g_assert_cmpuint (peek, ==, out[0]);

          if (k == 0 && step.kind == MAZE_STEP_VISIT)
            {
              g_assert_cmpuint (out[0], ==, step.cell);
              g_assert_cmpuint (count, ==, prev + 1);
            }
          if (k == 1 && step.kind == MAZE_STEP_REACH && step.cell != maze_goal (m))
            g_assert_cmpuint (out[count - 1], ==, step.cell);
          if (k == 3 && step.kind == MAZE_STEP_JUMP)
            g_assert_cmpuint (out[0], ==, step.cell);
          if (k == 2 && step.kind == MAZE_STEP_REACH && count > 0
              && !(c[out[0]] & MAZE_BACKTRACK_MASK) && out[0] != maze_start (m))
            {
              /* the best of the open set is the next cell A* reaches */
              uint32_t best = out[0];
              MazeStep next;

              g_assert_true (maze_solver_step (s, &next));
              if (next.kind == MAZE_STEP_REACH)
                g_assert_cmpuint (next.cell, ==, best);
              count = maze_solver_frontier (s, out, maze_n_cells (m));
            }
        }
      {
        MazeSolveStats st;

        maze_solver_stats (s, &st);
        g_assert_true (st.found);
        g_assert_cmpuint (st.max_frontier, >=, max_seen);
      }
      maze_solver_free (s);
    }
  g_free (out);
  maze_free (m);
}

/* A* lists its open set best first: by f = g + h, ties to the larger g.
 * In a perfect maze every cell has one route from the start, so g is its
 * distance and each cell is in the open set once. */
static void
test_astar_order (void)
{
  Maze *m = maze_test_generated (30, 30, 17, 0);
  MazeError err = { 0 };
  MazeSolver *s = maze_solver_new (m, "astar", &err);
  gint64 *dist = maze_test_distances (m, maze_start (m));
  uint32_t gx = maze_goal (m) % 30, gy = maze_goal (m) / 30;
  uint32_t out[256];
  bool checked = false;

  for (int i = 0; i < 400 && maze_solver_step (s, NULL); i++)
    {
      size_t count = maze_solver_frontier (s, out, G_N_ELEMENTS (out));

      count = MIN (count, G_N_ELEMENTS (out));
      for (size_t j = 1; j < count; j++)
        {
          uint32_t a = out[j - 1], b = out[j];
          int64_t fa = dist[a] + ABS ((int64_t) (a % 30) - gx) + ABS ((int64_t) (a / 30) - gy);
          int64_t fb = dist[b] + ABS ((int64_t) (b % 30) - gx) + ABS ((int64_t) (b / 30) - gy);

          g_assert_cmpint (fa, <=, fb);
          if (fa == fb)
            g_assert_cmpint (dist[a], >=, dist[b]);
          checked = true;
        }
    }
  g_assert_true (checked);
  g_free (dist);
  maze_solver_free (s);
  maze_free (m);
}

/* Statistics counted by hand. */
static void
test_stats_snake (void)
{
  Maze *m = make_snake ();
  MazeError err = { 0 };
  MazeStats st;

  g_assert_cmpint (maze_stats (m, &st, &err), ==, MAZE_OK);
  g_assert_cmpuint (st.cells, ==, 12);
  g_assert_cmpuint (st.passages, ==, 11);
  g_assert_cmpuint (st.dead_ends, ==, 2);  /* (3,0) (3,1) */
  g_assert_cmpuint (st.corridors, ==, 3);  /* (1,0) (2,0) (0,1) */
  g_assert_cmpuint (st.turns, ==, 7);
  g_assert_cmpuint (st.junctions, ==, 0);
  g_assert_cmpuint (st.isolated, ==, 0);
  g_assert_cmpint (st.solution_length, ==, 7);
  /* one corridor through all twelve cells, from dead end to dead end */
  g_assert_cmpuint (st.longest_path, ==, 11);
  g_assert_cmpuint (MIN (st.longest_from, st.longest_to), ==, 3);
  g_assert_cmpuint (MAX (st.longest_from, st.longest_to), ==, 7);
  g_assert_false (maze_has_search (m));
  maze_free (m);
}

static void
test_stats_cross (void)
{
  Maze *m = make_cross ();
  MazeError err = { 0 };
  MazeStats st;
  MazeSolveStats solved;

  g_assert_cmpint (maze_stats (m, &st, &err), ==, MAZE_OK);
  g_assert_cmpuint (st.cells, ==, 9);
  g_assert_cmpuint (st.passages, ==, 7);  /* the opening at (0,0) does not count */
  g_assert_cmpuint (st.dead_ends, ==, 4); /* (0,0) (1,0) (0,2) (2,2) */
  g_assert_cmpuint (st.corridors, ==, 0);
  g_assert_cmpuint (st.turns, ==, 3);     /* (0,1) (2,1) (1,2) */
  g_assert_cmpuint (st.junctions, ==, 1); /* (1,1) */
  g_assert_cmpuint (st.isolated, ==, 1);  /* (2,0) */
  g_assert_cmpint (st.solution_length, ==, 4);
  g_assert_cmpuint (st.longest_path, ==, 4);

  for (size_t k = 0; maze_solvers[k] != NULL; k++)
    {
      g_autofree char *moves = NULL;

      solved = solve_checked (m, maze_solvers[k]->name);
      g_assert_true (solved.found);
      moves = maze_path_moves (m);
      g_assert_cmpstr (moves, ==, "SEES");
    }
  maze_free (m);
}

/* Two BFS passes give the exact longest path on a perfect maze: compare
 * with all pairs. */
static void
test_stats_longest (void)
{
  for (uint64_t seed = 20; seed < 24; seed++)
    {
      Maze *m = maze_test_generated (13, 11, seed, 0);
      uint32_t n = maze_n_cells (m);
      MazeError err = { 0 };
      MazeStats st;
      int64_t best = 0;
      gint64 *from;

      g_assert_cmpint (maze_stats (m, &st, &err), ==, MAZE_OK);
      g_assert_cmpuint (st.passages, ==, n - 1);
      g_assert_cmpuint (st.isolated, ==, 0);
      g_assert_cmpuint (st.dead_ends + st.corridors + st.turns + st.junctions, ==, n);
      for (uint32_t i = 0; i < n; i++)
        {
          gint64 *d = maze_test_distances (m, i);

          for (uint32_t j = 0; j < n; j++)
            best = MAX (best, d[j]);
          g_free (d);
        }
      g_assert_cmpuint (st.longest_path, ==, (uint64_t) best);
      from = maze_test_distances (m, st.longest_from);
      g_assert_cmpint (from[st.longest_to], ==, best);
      g_free (from);
      from = maze_test_distances (m, maze_start (m));
      g_assert_cmpint (st.solution_length, ==, from[maze_goal (m)]);
      g_free (from);
      maze_free (m);
    }
}

/* A bigger maze: every solver ends, with the same answers. */
static void
test_larger (void)
{
  Maze *m = maze_test_generated (200, 150, 99, 10);
  MazeError err = { 0 };
  MazeStats stats;
  MazeSolveStats bfs, astar;

  g_assert_cmpint (maze_stats (m, &stats, &err), ==, MAZE_OK);
  bfs = solve_checked (m, "bfs");
  astar = solve_checked (m, "astar");
  g_assert_cmpuint (bfs.path_length, ==, (uint64_t) stats.solution_length);
  g_assert_cmpuint (astar.path_length, ==, (uint64_t) stats.solution_length);
  g_assert_cmpuint (astar.visited, <=, bfs.visited);
  g_assert_true (solve_checked (m, "dfs").found);
  g_assert_true (solve_checked (m, "junction").found);
  solve_checked (m, "wall-follower");
  solve_checked (m, "wall-follower:right");
  maze_free (m);
}

/* maze_path_cells() refuses nibbles that do not lead to the goal. */
static void
test_path_reading (void)
{
  Maze *m = make_snake ();
  MazeError err = { 0 };
  MazeSolver *s = maze_solver_new (m, "bfs", &err);
  MazeStep step;

  maze_solver_run (s);
  maze_solver_free (s);
  g_assert_cmpint (maze_path_cells (m, NULL, 0), ==, 7);

  /* break the chain at (0,2): its solution bit gone */
  g_assert_cmpint (maze_toggle_bit (m, 8, 8 + 1, &step, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_path_cells (m, NULL, 0), ==, -1);
  g_assert_null (maze_path_moves (m));

  /* a cycle: (0,0) E -> (1,0) W -> (0,0) ... */
  maze_reset_search (m);
  g_assert_cmpint (maze_toggle_bit (m, 0, 8 + 1, &step, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_toggle_bit (m, 1, 8 + 3, &step, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_path_cells (m, NULL, 0), ==, -1);
  maze_free (m);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solvers/names", test_names);
  g_test_add_func ("/solvers/live-path", test_live_path);
  g_test_add_func ("/solvers/snake-moves", test_snake_moves);
  g_test_add_func ("/solvers/dfs-bits", test_dfs_bits);
  g_test_add_func ("/solvers/bfs-worked-example", test_bfs_worked_example);
  g_test_add_func ("/solvers/shortest-with-loops", test_shortest_with_loops);
  g_test_add_func ("/solvers/room", test_room);
  g_test_add_func ("/solvers/no-path", test_no_path);
  g_test_add_func ("/solvers/wall-follower-island", test_wall_follower_island);
  g_test_add_func ("/solvers/wall-follower-loop", test_wall_follower_loop);
  g_test_add_func ("/solvers/wall-follower-perfect", test_wall_follower_perfect);
  g_test_add_func ("/solvers/start-is-goal", test_start_is_goal);
  g_test_add_func ("/solvers/reset", test_reset);
  g_test_add_func ("/solvers/frontier", test_frontier);
  g_test_add_func ("/solvers/astar-order", test_astar_order);
  g_test_add_func ("/solvers/path-reading", test_path_reading);
  g_test_add_func ("/stats/snake", test_stats_snake);
  g_test_add_func ("/stats/cross", test_stats_cross);
  g_test_add_func ("/stats/longest", test_stats_longest);
  g_test_add_func ("/solvers/larger", test_larger);
  return g_test_run ();
}
