/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab-reference.c: Bitmaze's own runs of the lab's tasks, step for step
 * the starters' pseudocode in the tutorial's neighbour order (W, S, E, N)
 * with the runner's random_int ().  A student's run that follows the
 * same pseudocode writes the same words at the same steps.
 */
#include "lab-config.h"

#include <string.h>

#include "lab-private.h"

/* The tutorial's tables, W, S, E, N. */
static const guint16 WALLS[4] = { 8, 4, 2, 1 };
static const guint16 OPPOSITE_WALLS[4] = { 2, 1, 8, 4 };
static const int COMPASS[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };

typedef struct
{
  guint16  *m;
  guint16  *shadow;
  int       w, h, total, start, goal;
  guint64   rng;
  LabTrace *trace;
} Ref;

static void
refresh (Ref *r)
{
  for (int i = 0; i < r->total; i++)
    if (r->m[i] != r->shadow[i])
      {
        LabWord w = { (guint32) i, r->m[i] };

        g_array_append_val (r->trace->words, w);
        r->shadow[i] = r->m[i];
      }
  g_array_append_val (r->trace->ends, r->trace->words->len);
}

static gboolean
in_bounds (Ref *r,
           int  x,
           int  y)
{
  return x >= 0 && x < r->w && y >= 0 && y < r->h;
}

/* The neighbours of @cell the task may go to, in the order W, S, E, N. */
static int
neighbors (Ref     *r,
           LabTask  task,
           int      cell,
           int      out[4],
           int      compass[4])
{
  int x = cell % r->w, y = cell / r->w, n = 0;

  for (int i = 0; i < 4; i++)
    {
      int nx = x + COMPASS[i][0], ny = y + COMPASS[i][1], next;

      if (!in_bounds (r, nx, ny))
        continue;
      next = ny * r->w + nx;
      if (task == LAB_TASK_CREATE_DFS)
        {
          if ((r->m[next] & MAZE_PASSAGE_MASK) != 0)
            continue;
        }
      else
        {
          if (!(r->m[cell] & WALLS[i]))
            continue;
          if (task == LAB_TASK_SOLVE_DFS
              && (r->m[next] & (MAZE_BACKTRACK_MASK | MAZE_SOLUTION_MASK)))
            continue;
          if (task == LAB_TASK_SOLVE_BFS
              && (next == r->start || (r->m[next] & MAZE_BACKTRACK_MASK)))
            continue;
        }
      out[n] = next;
      compass[n] = i;
      n++;
    }
  return n;
}

static void
create_dfs (Ref *r)
{
  g_autofree int *stack = g_new (int, r->total);
  int top = 0, current = lab_random_int (&r->rng, r->total), visited = 1;

  while (visited < r->total)
    {
      int next[4], compass[4];
      int n = neighbors (r, LAB_TASK_CREATE_DFS, current, next, compass);

      if (n > 0)
        {
          int k = lab_random_int (&r->rng, n);

          r->m[current] |= WALLS[compass[k]];
          r->m[next[k]] |= OPPOSITE_WALLS[compass[k]];
          stack[top++] = current;
          current = next[k];
          visited++;
        }
      else if (top > 0)
        current = stack[--top];
      else
        break; /* a shape in pieces: nothing left to reach */
      refresh (r);
    }
}

static void
solve_dfs (Ref *r)
{
  g_autofree int *stack = g_new (int, r->total);
  int top = 0, current = r->start;

  while (current != r->goal)
    {
      int next[4], compass[4];
      int n = neighbors (r, LAB_TASK_SOLVE_DFS, current, next, compass);

      if (n > 0)
        {
          int k = lab_random_int (&r->rng, n);

          r->m[current] &= ~MAZE_SOLUTION_MASK;
          r->m[current] |= WALLS[compass[k]] << 8;
          r->m[next[k]] |= OPPOSITE_WALLS[compass[k]] << 12;
          stack[top++] = current;
          current = next[k];
        }
      else
        {
          r->m[current] &= ~MAZE_SOLUTION_MASK;
          if (top == 0)
            {
              refresh (r);
              break; /* no path */
            }
          current = stack[--top];
        }
      refresh (r);
    }
}

static void
reconstruct_solution (Ref *r,
                      int  cell)
{
  while (cell != r->start)
    {
      int bits = (r->m[cell] & MAZE_BACKTRACK_MASK) >> 12, i, prev;

      for (i = 0; i < 4 && WALLS[i] != bits; i++)
        ;
      if (i == 4)
        return;
      prev = (cell / r->w + COMPASS[i][1]) * r->w + cell % r->w + COMPASS[i][0];
      r->m[prev] |= OPPOSITE_WALLS[i] << 8;
      refresh (r);
      cell = prev;
    }
}

static void
solve_bfs (Ref *r)
{
  g_autofree int *queue = g_new (int, r->total);
  int head = 0, tail = 0;

  queue[tail++] = r->start;
  while (head < tail)
    {
      int current = queue[head++], next[4], compass[4];
      int n = neighbors (r, LAB_TASK_SOLVE_BFS, current, next, compass);

      for (int k = 0; k < n; k++)
        {
          r->m[next[k]] |= OPPOSITE_WALLS[compass[k]] << 12;
          refresh (r);
          if (next[k] == r->goal)
            {
              reconstruct_solution (r, r->goal);
              return;
            }
          queue[tail++] = next[k];
        }
    }
}

LabTrace *
lab_reference (LabTask     task,
               const Maze *maze,
               guint64     seed)
{
  LabTrace *trace = lab_trace_new (maze);
  Ref r = {
    .w = (int) maze_width (maze),
    .h = (int) maze_height (maze),
    .total = (int) maze_n_cells (maze),
    .start = (int) maze_start (maze),
    .goal = (int) maze_goal (maze),
    .rng = seed,
    .trace = trace,
  };

  r.m = g_memdup2 (trace->initial, (gsize) r.total * sizeof (guint16));
  r.shadow = g_memdup2 (trace->initial, (gsize) r.total * sizeof (guint16));
  switch (task)
    {
    case LAB_TASK_CREATE_DFS:
      create_dfs (&r);
      break;
    case LAB_TASK_SOLVE_DFS:
      solve_dfs (&r);
      break;
    case LAB_TASK_SOLVE_BFS:
      solve_bfs (&r);
      break;
    case LAB_N_TASKS:
    default:
      g_assert_not_reached ();
    }
  g_free (r.m);
  g_free (r.shadow);
  return trace;
}
