/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-test.h: checks the engine's test programs share.  Header only
 * (static inline, so a program that uses part of it has no unused code):
 * an independent breadth-first search, and the replay of a step report,
 * which evaluates the reported C statement itself so a report that says
 * one thing and does another is caught.
 */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "maze.h"

/* Breadth-first distances from @from through the passages (an opening in
 * the outer wall leads nowhere); -1 where unreached.  Free with g_free(). */
static inline gint64 *
maze_test_distances (const Maze *m,
                     uint32_t    from)
{
  uint32_t n = maze_n_cells (m);
  const uint16_t *c = maze_cells_const (m);
  gint64 *dist = g_new (gint64, n);
  uint32_t *queue = g_new (uint32_t, n);
  size_t head = 0, tail = 0;

  for (uint32_t i = 0; i < n; i++)
    dist[i] = -1;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      uint32_t i = queue[head++];

      for (unsigned k = 0; k < 4; k++)
        {
          uint16_t d = MAZE_DIRECTIONS[k];
          uint32_t j = maze_neighbor (m, i, d);

          if (j == UINT32_MAX || !(c[i] & d) || dist[j] >= 0)
            continue;
          dist[j] = dist[i] + 1;
          queue[tail++] = j;
        }
    }
  g_free (queue);
  return dist;
}

/* ---- evaluating a reported C statement ---- */

typedef struct
{
  const char *p;
  gboolean    ok;
} MazeTestParser;

static inline void
maze_test_skip_spaces (MazeTestParser *ps)
{
  while (*ps->p == ' ')
    ps->p++;
}

static inline unsigned maze_test_eval_or (MazeTestParser *ps);

/* A direction letter, a number, or a parenthesised expression. */
static inline unsigned
maze_test_eval_primary (MazeTestParser *ps)
{
  unsigned v;

  maze_test_skip_spaces (ps);
  switch (*ps->p)
    {
    case '(':
      ps->p++;
      v = maze_test_eval_or (ps);
      maze_test_skip_spaces (ps);
      if (*ps->p != ')')
        ps->ok = FALSE;
      else
        ps->p++;
      return v;
    case 'N': ps->p++; return MAZE_N;
    case 'E': ps->p++; return MAZE_E;
    case 'S': ps->p++; return MAZE_S;
    case 'W': ps->p++; return MAZE_W;
    default:
      if (g_ascii_isdigit (*ps->p))
        {
          char *end;

          v = (unsigned) strtoul (ps->p, &end, 0);
          ps->p = end;
          return v;
        }
      ps->ok = FALSE;
      return 0;
    }
}

static inline unsigned
maze_test_eval_shift (MazeTestParser *ps)
{
  unsigned v = maze_test_eval_primary (ps);

  maze_test_skip_spaces (ps);
  if (strncmp (ps->p, "<<", 2) == 0)
    {
      ps->p += 2;
      v <<= maze_test_eval_primary (ps);
    }
  return v;
}

static inline unsigned
maze_test_eval_or (MazeTestParser *ps)
{
  unsigned v = maze_test_eval_shift (ps);

  maze_test_skip_spaces (ps);
  while (*ps->p == '|' && ps->p[1] != '=')
    {
      ps->p++;
      v |= maze_test_eval_shift (ps);
      maze_test_skip_spaces (ps);
    }
  return v;
}

/* Applies "maze[INDEX] |= X" or "maze[INDEX] &= ~X" to @before; fails
 * the test when @expr is not such a statement about cell @index. */
static inline uint16_t
maze_test_apply_expr (const char *expr,
                      uint32_t    index,
                      uint16_t    before)
{
  g_autofree char *prefix = g_strdup_printf ("maze[%u] ", index);
  MazeTestParser ps = { expr, TRUE };
  unsigned value;

  g_assert_true (g_str_has_prefix (expr, prefix));
  ps.p += strlen (prefix);
  if (g_str_has_prefix (ps.p, "|= "))
    {
      ps.p += 3;
      value = maze_test_eval_or (&ps);
      g_assert_true (ps.ok);
      g_assert_cmpstr (ps.p, ==, "");
      return (uint16_t) (before | value);
    }
  g_assert_true (g_str_has_prefix (ps.p, "&= ~"));
  ps.p += 4;
  value = maze_test_eval_primary (&ps);
  g_assert_true (ps.ok);
  g_assert_cmpstr (ps.p, ==, "");
  return (uint16_t) (before & ~value);
}

/* Replays the changes of @step on @replay (@n cells): each before word
 * must be the replayed word, the reported statement applied to it must
 * give the after word, and nothing may change outside @allowed (a mask
 * of the cell word). */
static inline void
maze_test_replay_step (uint16_t       *replay,
                       uint32_t        n,
                       const MazeStep *step,
                       uint16_t        allowed)
{
  g_assert_cmpuint (step->n_changes, <=, MAZE_STEP_MAX_CHANGES);
  for (unsigned k = 0; k < step->n_changes; k++)
    {
      const MazeChange *ch = &step->changes[k];

      g_assert_cmpuint (ch->index, <, n);
      g_assert_cmphex (replay[ch->index], ==, ch->before);
      g_assert_cmphex ((ch->before ^ ch->after) & ~allowed, ==, 0);
      g_assert_cmphex (maze_test_apply_expr (ch->expr, ch->index, ch->before), ==, ch->after);
      replay[ch->index] = ch->after;
    }
}

/* The default generator's maze, or the test stops with the engine's
 * message. */
static inline Maze *
maze_test_generated (uint32_t w,
                     uint32_t h,
                     uint64_t seed,
                     unsigned loops)
{
  MazeError err = { 0 };
  Maze *m = maze_generate (w, h, maze_algorithm_default (maze_generators)->name, seed, loops, &err);

  if (m == NULL)
    g_error ("maze_generate: %s", err.message);
  return m;
}
