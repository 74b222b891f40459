/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * step.c: recording what a step did, and saying it in English.
 */
#include "maze-private.h"

#include <stdarg.h>

/* "E", or "(N | W)" for several bits, or "0" for none. */
static void
format_bits (char     *buf,
             size_t    len,
             uint16_t  bits)
{
  size_t used = 0;
  bool first = true;

  if (maze_dir_index (bits) >= 0)
    {
      snprintf (buf, len, "%s", maze_dir_letter (bits));
      return;
    }
  if (bits == 0 || bits > 0xF)
    {
      snprintf (buf, len, "0x%X", (unsigned) bits);
      return;
    }
  used += (size_t) snprintf (buf + used, len - used, "(");
  for (int i = 0; i < 4 && used < len; i++)
    {
      uint16_t d = MAZE_DIRECTIONS[i];

      if (!(bits & d))
        continue;
      used += (size_t) snprintf (buf + used, len - used, "%s%s",
                                 first ? "" : " | ", maze_dir_letter (d));
      first = false;
    }
  if (used < len)
    snprintf (buf + used, len - used, ")");
}

void
maze_step_record_expr (MazeStep   *report,
                       uint32_t    index,
                       uint16_t    before,
                       uint16_t    after,
                       const char *expr)
{
  MazeChange *c;

  if (report == NULL || report->n_changes >= MAZE_STEP_MAX_CHANGES)
    return;
  c = &report->changes[report->n_changes++];
  c->index = index;
  c->before = before;
  c->after = after;
  snprintf (c->expr, sizeof c->expr, "%s", expr);
}

void
maze_step_record (MazeStep *report,
                  uint32_t  index,
                  uint16_t  before,
                  uint16_t  after,
                  MazeOp    op,
                  uint16_t  bits,
                  unsigned  shift)
{
  char b[20];
  char expr[MAZE_EXPR_MAX];

  if (report == NULL)
    return;

  if (op == MAZE_OP_CLEAR_MASK)
    {
      snprintf (expr, sizeof expr, "maze[%u] &= ~0x%04X", index, (unsigned) bits);
    }
  else
    {
      bool and_not = op == MAZE_OP_AND_NOT;

      format_bits (b, sizeof b, bits);
      if (shift == 0)
        snprintf (expr, sizeof expr, "maze[%u] %s%s", index,
                  and_not ? "&= ~" : "|= ", b);
      else if (and_not)
        snprintf (expr, sizeof expr, "maze[%u] &= ~(%s << %u)", index, b, shift);
      else
        snprintf (expr, sizeof expr, "maze[%u] |= %s << %u", index, b, shift);
    }
  maze_step_record_expr (report, index, before, after, expr);
}

static const char *
from_phrase (uint16_t dir)
{
  /* @dir goes from other to cell, so we came from its opposite side. */
  switch (maze_opposite (dir))
    {
    case MAZE_N: return "the north";
    case MAZE_E: return "the east";
    case MAZE_S: return "the south";
    case MAZE_W: return "the west";
    default: return "nowhere";
    }
}

void
maze_step_describe (const Maze     *maze,
                    const MazeStep *step,
                    const char     *algorithm,
                    char           *buf,
                    size_t          len)
{
  uint32_t w = maze_width (maze);
  uint32_t x = w ? step->cell % w : 0, y = w ? step->cell / w : 0;
  uint32_t ox = 0, oy = 0;
  const char *alg = algorithm != NULL ? algorithm : "The algorithm";

  if (len == 0)
    return;
  if (step->other != UINT32_MAX && w != 0)
    {
      ox = step->other % w;
      oy = step->other / w;
    }

  switch (step->kind)
    {
    case MAZE_STEP_CARVE:
      snprintf (buf, len, "%s carved a passage from (%u, %u) %s to (%u, %u)",
                alg, ox, oy, maze_dir_name (step->dir), x, y);
      break;
    case MAZE_STEP_BUILD_WALL:
      snprintf (buf, len, "%s built the %s wall of (%u, %u)",
                alg, maze_dir_name (step->dir), x, y);
      break;
    case MAZE_STEP_LOOP:
      snprintf (buf, len, "Knocked down the %s wall of dead end (%u, %u) to make a loop",
                maze_dir_name (step->dir), x, y);
      break;
    case MAZE_STEP_OPENING:
      snprintf (buf, len, "Opened the outer wall on the %s side of (%u, %u)",
                maze_dir_name (step->dir), x, y);
      break;
    case MAZE_STEP_SCAN:
      snprintf (buf, len, "%s looked at (%u, %u)", alg, x, y);
      break;
    case MAZE_STEP_VISIT:
      snprintf (buf, len, "%s moved to (%u, %u) from %s", alg, x, y, from_phrase (step->dir));
      break;
    case MAZE_STEP_BACKTRACK:
      snprintf (buf, len, "%s backtracked from (%u, %u) to (%u, %u)", alg, x, y, ox, oy);
      break;
    case MAZE_STEP_REACH:
      snprintf (buf, len, "%s reached (%u, %u) from %s", alg, x, y, from_phrase (step->dir));
      break;
    case MAZE_STEP_PATH:
      snprintf (buf, len, "The path goes %s from (%u, %u) to (%u, %u)",
                maze_dir_name (step->dir), ox, oy, x, y);
      break;
    case MAZE_STEP_JUMP:
      snprintf (buf, len, "%s resumed at junction (%u, %u)", alg, x, y);
      break;
    case MAZE_STEP_FOUND:
      snprintf (buf, len, "%s found the goal (%u, %u)", alg, x, y);
      break;
    case MAZE_STEP_NO_PATH:
      snprintf (buf, len, "%s: no path from the start to the goal", alg);
      break;
    case MAZE_STEP_DONE:
      snprintf (buf, len, "%s finished the maze", alg);
      break;
    case MAZE_STEP_NONE:
    default:
      snprintf (buf, len, "Changed (%u, %u)", x, y);
      break;
    }
}
