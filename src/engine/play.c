/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * play.c: the player's walk through a maze, a depth-first search done by
 * a person.  It writes the same nibbles as the DFS solver (dfs.c): going
 * into a new cell is visit_cell of maze-format.md 1 (the solution bit of the
 * cell left points at the new cell, the new cell's backtrack bit points
 * home), stepping back along the backtrack bit is its backtrack (the
 * solution nibble of the cell returned to is cleared).  A person, unlike
 * the solver, may also walk into a cell already visited; the two extra
 * cases keep the solution bits a simple path from the start to the player.
 */
#include "maze-private.h"

void
maze_play_begin (Maze     *maze,
                 uint32_t *position)
{
  maze_reset_search (maze);
  *position = maze_start (maze);
}

static bool
play_visited (const Maze *maze,
              uint16_t    cell,
              uint32_t    index)
{
  return index == maze_start (maze) || maze_cell_backtrack (cell) != 0;
}

/* Walks the solution bits from the start towards @position.  Returns true
 * when they lead there; *@on_path tells whether @target was passed on the
 * way (before @position). */
static bool
play_find_on_path (const Maze *maze,
                   uint32_t    position,
                   uint32_t    target,
                   bool       *on_path)
{
  const uint16_t *c = maze_cells_const (maze);
  uint32_t n_cells = maze_n_cells (maze);
  uint32_t i = maze_start (maze);

  *on_path = false;
  for (uint32_t moves = 0; moves < n_cells; moves++)
    {
      uint16_t d;

      if (i == position)
        return true;
      if (i == target)
        *on_path = true;
      d = maze_cell_solution (c[i]);
      if (maze_dir_index (d) < 0 || maze_cell_on_border (c[i], d))
        return false;
      i = maze_neighbor (maze, i, d);
    }
  return false;
}

MazeStatus
maze_play_move (Maze      *maze,
                uint32_t  *position,
                uint16_t   dir,
                MazeStep  *report,
                MazeError *error)
{
  uint16_t *cells = maze_cells (maze);
  uint32_t n_cells = maze_n_cells (maze);
  uint32_t from = *position;
  uint32_t to;
  bool on_path;

  if (from >= n_cells)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_CELL_OUTSIDE, MAZE_NUM (from),
                           MAZE_NUM (maze_width (maze)), MAZE_NUM (maze_height (maze)));
  if (maze_dir_index (dir) < 0)
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NOT_ONE_DIRECTION, MAZE_NUM (dir));
  if (!maze_cell_is_open (cells[from], dir))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_WALL);
  if (maze_cell_on_border (cells[from], dir))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_LEAVES_MAZE, MAZE_DIR (dir));
  to = maze_neighbor (maze, from, dir);

  /* Back the way we came: the DFS backtrack. */
  if (maze_cell_backtrack (cells[from]) == dir)
    {
      maze_step_begin (report, MAZE_STEP_BACKTRACK, from, to, maze_opposite (dir));
      if (maze_cell_solution (cells[from]) != 0)
        maze_op_clear (cells, report, from, MAZE_SOLUTION_MASK, 0);
      maze_op_clear (cells, report, to, MAZE_SOLUTION_MASK, 0);
      *position = to;
      return MAZE_OK;
    }

  /* A new cell: the DFS visit. */
  if (!play_visited (maze, cells[to], to))
    {
      maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
      if (maze_cell_solution (cells[from]) != 0)
        maze_op_clear (cells, report, from, MAZE_SOLUTION_MASK, 0);
      maze_op_or (cells, report, from, dir, MAZE_SOLUTION_SHIFT, 0);
      maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT, 0);
      *position = to;
      return MAZE_OK;
    }

  /* A cell seen before, reached another way (a maze with loops, or a
   * step into a dead end's side branch explored earlier). */
  if (!play_find_on_path (maze, from, to, &on_path))
    return maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_WALK_BROKEN);

  if (on_path || to == maze_start (maze))
    {
      /* Further up the current path: cut the path back to it. */
      uint32_t i = to;

      maze_step_begin (report, MAZE_STEP_BACKTRACK, from, to, maze_opposite (dir));
      for (uint32_t k = 0; k < n_cells && i != from; k++)
        {
          uint16_t d = maze_cell_solution (cells[i]);

          maze_op_clear (cells, report, i, MAZE_SOLUTION_MASK, 0);
          i = maze_neighbor (maze, i, d);
        }
      *position = to;
      return MAZE_OK;
    }

  /* Off the path: link it to the path again from here. */
  maze_step_begin (report, MAZE_STEP_VISIT, to, from, dir);
  if (maze_cell_solution (cells[from]) != 0)
    maze_op_clear (cells, report, from, MAZE_SOLUTION_MASK, 0);
  maze_op_or (cells, report, from, dir, MAZE_SOLUTION_SHIFT, 0);
  if (maze_cell_solution (cells[to]) != 0)
    maze_op_clear (cells, report, to, MAZE_SOLUTION_MASK, 0);
  maze_op_clear (cells, report, to, MAZE_BACKTRACK_MASK, 0);
  maze_op_or (cells, report, to, maze_opposite (dir), MAZE_BACKTRACK_SHIFT, 0);
  *position = to;
  return MAZE_OK;
}

int64_t
maze_play_path (const Maze *maze,
                uint32_t    position,
                uint32_t   *cells,
                size_t      max)
{
  const uint16_t *c = maze_cells_const (maze);
  uint32_t n_cells = maze_n_cells (maze);
  uint32_t i = maze_start (maze);

  if (position >= n_cells)
    return -1;
  if (cells == NULL)
    max = 0;
  for (int64_t moves = 0; moves < (int64_t) n_cells; moves++)
    {
      uint16_t d;

      if ((size_t) moves < max)
        cells[moves] = i;
      if (i == position)
        return moves;
      d = maze_cell_solution (c[i]);
      if (maze_dir_index (d) < 0 || maze_cell_on_border (c[i], d))
        return -1;
      i = maze_neighbor (maze, i, d);
    }
  return -1;
}
