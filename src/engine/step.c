/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * step.c: recording what a step did, and saying it in English.
 */
#include "maze-private.h"

#include <stdarg.h>

/* The statements are built with a tiny append-only writer rather than
 * snprintf: at full speed every step records one to four of them, and
 * printf's format parsing was the largest cost of a reported step. */
typedef struct
{
  char  *p;
  char  *end; /* one before the last byte: room for the NUL */
} Writer;

static void
put_str (Writer     *w,
         const char *s)
{
  while (*s != '\0' && w->p < w->end)
    *w->p++ = *s++;
}

static void
put_uint (Writer   *w,
          uint32_t  n)
{
  char digits[10];
  int k = 0;

  do
    {
      digits[k++] = (char) ('0' + n % 10);
      n /= 10;
    }
  while (n != 0);
  while (k > 0 && w->p < w->end)
    *w->p++ = digits[--k];
}

static void
put_hex4 (Writer   *w,
          uint16_t  n)
{
  static const char hex[] = "0123456789ABCDEF";

  for (int shift = 12; shift >= 0 && w->p < w->end; shift -= 4)
    *w->p++ = hex[(n >> shift) & 0xF];
}

/* "E", or "(N | W)" for several bits, or "0x0" for none. */
static void
put_bits (Writer   *w,
          uint16_t  bits)
{
  bool first = true;

  if (maze_dir_index (bits) >= 0)
    {
      put_str (w, maze_dir_letter (bits));
      return;
    }
  if (bits == 0 || bits > 0xF)
    {
      put_str (w, "0x");
      put_hex4 (w, bits);
      return;
    }
  put_str (w, "(");
  for (int i = 0; i < 4; i++)
    {
      uint16_t d = MAZE_DIRECTIONS[i];

      if (!(bits & d))
        continue;
      if (!first)
        put_str (w, " | ");
      put_str (w, maze_dir_letter (d));
      first = false;
    }
  put_str (w, ")");
}

static MazeChange *
next_change (MazeStep *report,
             uint32_t  index,
             uint16_t  before,
             uint16_t  after,
             unsigned  line)
{
  MazeChange *c;

  if (report == NULL || report->n_changes >= MAZE_STEP_MAX_CHANGES)
    return NULL;
  c = &report->changes[report->n_changes++];
  c->index = index;
  c->before = before;
  c->after = after;
  c->line = (uint16_t) line;
  return c;
}

void
maze_step_record_expr (MazeStep   *report,
                       uint32_t    index,
                       uint16_t    before,
                       uint16_t    after,
                       const char *expr,
                       unsigned    line)
{
  MazeChange *c = next_change (report, index, before, after, line);

  if (c != NULL)
    snprintf (c->expr, sizeof c->expr, "%s", expr);
}

_Thread_local bool maze_step_quiet;

/* A statement left for later: an empty string, then what it needs. */
enum
{
  PENDING_MARK = 1,  /* expr[1]: 1 + the MazeOp */
  PENDING_BITS = 2,  /* expr[2], expr[3]: the bits, low byte first */
  PENDING_SHIFT = 4, /* expr[4] */
};

static void
write_statement (MazeChange *c,
                 MazeOp      op,
                 uint16_t    bits,
                 unsigned    shift)
{
  uint32_t index = c->index;
  Writer w;

  w.p = c->expr;
  w.end = c->expr + sizeof c->expr - 1;

  put_str (&w, "maze[");
  put_uint (&w, index);
  if (op == MAZE_OP_CLEAR_MASK)
    {
      put_str (&w, "] &= ~0x");
      put_hex4 (&w, bits);
    }
  else if (op == MAZE_OP_AND_NOT)
    {
      put_str (&w, shift == 0 ? "] &= ~" : "] &= ~(");
      put_bits (&w, bits);
      if (shift != 0)
        {
          put_str (&w, " << ");
          put_uint (&w, shift);
          put_str (&w, ")");
        }
    }
  else
    {
      put_str (&w, "] |= ");
      put_bits (&w, bits);
      if (shift != 0)
        {
          put_str (&w, " << ");
          put_uint (&w, shift);
        }
    }
  *w.p = '\0';
}

void
maze_step_record (MazeStep *report,
                  uint32_t  index,
                  uint16_t  before,
                  uint16_t  after,
                  MazeOp    op,
                  uint16_t  bits,
                  unsigned  shift,
                  unsigned  line)
{
  MazeChange *c = next_change (report, index, before, after, line);

  if (c == NULL)
    return;
  if (!maze_step_quiet)
    {
      write_statement (c, op, bits, shift);
      return;
    }
  c->expr[0] = '\0';
  c->expr[PENDING_MARK] = (char) (1 + op);
  c->expr[PENDING_BITS] = (char) (bits & 0xFF);
  c->expr[PENDING_BITS + 1] = (char) (bits >> 8);
  c->expr[PENDING_SHIFT] = (char) shift;
}

void
maze_step_complete (MazeStep *step)
{
  for (unsigned k = 0; k < step->n_changes && k < MAZE_STEP_MAX_CHANGES; k++)
    {
      MazeChange *c = &step->changes[k];

      if (c->expr[0] != '\0' || c->expr[PENDING_MARK] == 0)
        continue;
      write_statement (c, (MazeOp) (c->expr[PENDING_MARK] - 1),
                       (uint16_t) ((unsigned char) c->expr[PENDING_BITS]
                                   | (unsigned char) c->expr[PENDING_BITS + 1] << 8),
                       (unsigned char) c->expr[PENDING_SHIFT]);
    }
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
