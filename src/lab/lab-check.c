/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab-check.c: lab check.  The mazes a task runs on, the checks of each
 * run, and the step-by-step comparison with Bitmaze's own run.
 *
 * The required checks hold whatever order a student's code looks at
 * neighbours in: they judge the words left and the order things were
 * written in, not the steps.  The comparison with Bitmaze's run (W, S, E,
 * N) is not required: it explains the first wrong step of code that
 * follows the starter's pseudocode.
 */
#include "lab-config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "bitmaze-error.h"
#include "lab-private.h"

/* ---- the mazes ---- */

typedef struct
{
  guint       width;
  guint       height;
  const MazeAlgorithm *generator; /* NULL: every wall standing (create_dfs) */
  unsigned    loops;
  const char *shape;      /* a built-in shape, or NULL */
  guint64     seed;       /* of the generator and of random_int () */
  gboolean    optional;
} CaseSpec;

/* The solvers' mazes come from these generators, named through their
 * descriptors (nobody but a descriptor spells an algorithm's name). */
extern const MazeAlgorithm maze_generator_growing_tree_newest;
extern const MazeAlgorithm maze_generator_prim;
extern const MazeAlgorithm maze_generator_kruskal;
extern const MazeAlgorithm maze_generator_hunt_and_kill;
extern const MazeAlgorithm maze_generator_wilson;

static const CaseSpec create_cases[] = {
  { 6, 4, NULL, 0, NULL, 11, FALSE },
  { 12, 8, NULL, 0, NULL, 12, FALSE },
  { 20, 15, NULL, 0, NULL, 13, FALSE },
  { 1, 7, NULL, 0, NULL, 14, FALSE },
};

static const CaseSpec solve_cases[] = {
  { 8, 6, &maze_generator_growing_tree_newest, 0, NULL, 21, FALSE },
  { 16, 10, &maze_generator_prim, 0, NULL, 22, FALSE },
  { 16, 10, &maze_generator_kruskal, 50, NULL, 23, FALSE },
  { 24, 16, &maze_generator_hunt_and_kill, 30, NULL, 24, FALSE },
  { 20, 18, &maze_generator_wilson, 20, "heart", 25, TRUE },
};

typedef struct
{
  const CaseSpec *spec;
  guint           number;  /* 1, 2, ... */
  Maze           *maze;
  LabTrace       *reference;
} Case;

typedef struct
{
  Case  *cases;
  guint  n_cases;
} TaskCases;

static TaskCases task_cases[LAB_N_TASKS];
static GMutex cases_lock;

static Maze *
case_maze (const CaseSpec *spec)
{
  MazeError error;
  Maze *maze;

  maze_error_clear (&error);
  if (spec->generator == NULL)
    return maze_new (spec->width, spec->height, &error);
  if (spec->shape == NULL)
    maze = maze_generate (spec->width, spec->height, spec->generator->name,
                          spec->seed, spec->loops, &error);
  else
    {
      MazeShape *shape = maze_shape_builtin (spec->shape, spec->width,
                                             spec->height, &error);
      MazeGenerator *gen;

      maze = maze_new_shaped (spec->width, spec->height, shape,
                              MAZE_PIECES_KEEP_LARGEST, &error);
      maze_shape_free (shape);
      gen = maze_generator_new (maze, spec->generator->name, spec->seed,
                                spec->loops, &error);
      maze_generator_run (gen);
      maze_generator_free (gen);
      maze_place_endpoints (maze, MAZE_PLACE_FAR, FALSE, spec->seed, &error);
    }
  g_assert (maze != NULL);
  maze_reset_search (maze);
  return maze;
}

/* The task's mazes and Bitmaze's runs on them, made once. */
static const TaskCases *
get_cases (LabTask task)
{
  TaskCases *tc = &task_cases[task];

  g_mutex_lock (&cases_lock);
  if (tc->cases == NULL)
    {
      const CaseSpec *specs = task == LAB_TASK_CREATE_DFS ? create_cases : solve_cases;
      guint n = task == LAB_TASK_CREATE_DFS ? G_N_ELEMENTS (create_cases)
                                            : G_N_ELEMENTS (solve_cases);

      tc->cases = g_new0 (Case, n);
      for (guint k = 0; k < n; k++)
        {
          tc->cases[k].spec = &specs[k];
          tc->cases[k].number = k + 1;
          tc->cases[k].maze = case_maze (&specs[k]);
          tc->cases[k].reference = lab_reference (task, tc->cases[k].maze,
                                                  specs[k].seed);
        }
      tc->n_cases = n;
    }
  g_mutex_unlock (&cases_lock);
  return tc;
}

static char *
case_label (const Case *c)
{
  if (c->spec->shape != NULL)
    /* Translators: "maze 5 (20×18, heart)": the maze a check ran on */
    return g_strdup_printf (_("maze %u (%u×%u, %s)"), c->number,
                            c->spec->width, c->spec->height, c->spec->shape);
  /* Translators: "maze 2 (16×10)": the maze a check ran on */
  return g_strdup_printf (_("maze %u (%u×%u)"), c->number,
                          c->spec->width, c->spec->height);
}

/* ---- words in words ---- */

static const char *
nibble_name (int nibble)
{
  switch (nibble)
    {
    case 0:
      /* Translators: the names of the four nibbles of a cell's word */
      return _("passages");
    case 1:
      return _("border");
    case 2:
      return _("solution");
    default:
      return _("backtrack");
    }
}

/* "E", "NW": the directions of a nibble's value, N E S W order. */
static void
append_dirs (GString *out,
             guint    value)
{
  static const char letters[] = "NESW";

  if (value == 0)
    {
      g_string_append (out, "0");
      return;
    }
  for (int k = 0; k < 4; k++)
    if (value & (1u << k))
      g_string_append_c (out, letters[k]);
}

static char *
dirs (guint value)
{
  GString *out = g_string_new (NULL);

  append_dirs (out, value);
  return g_string_free (out, FALSE);
}

char *
lab_explain_words (guint16 expected,
                   guint16 written)
{
  GString *out = g_string_new (NULL);

  for (int n = 0; n < 4; n++)
    {
      guint e = (expected >> (4 * n)) & 0xF, w = (written >> (4 * n)) & 0xF;
      g_autofree char *es = dirs (e);
      g_autofree char *ws = dirs (w);

      if (e == w)
        continue;
      if (out->len > 0)
        g_string_append (out, "; ");
      if (w == 0)
        /* Translators: "backtrack nibble: W expected, nothing written" */
        g_string_append_printf (out, _("%s nibble: %s expected, nothing written"),
                                nibble_name (n), es);
      else if (e == 0)
        {
          int other = -1;

          for (int m = 0; m < 4; m++)
            if (m != n && ((expected >> (4 * m)) & 0xF) == w
                && ((written >> (4 * m)) & 0xF) != w)
              other = m;
          if (other >= 0)
            /* Translators: "backtrack nibble: E written where the solution
             * nibble was expected: the wrong shift" */
            g_string_append_printf (out, _("%s nibble: %s written where the "
                                           "%s nibble was expected: the wrong "
                                           "shift"),
                                    nibble_name (n), ws, nibble_name (other));
          else
            g_string_append_printf (out, _("%s nibble: %s written, nothing expected"),
                                    nibble_name (n), ws);
        }
      else if (w == maze_opposite ((uint16_t) e))
        g_string_append_printf (out, _("%s nibble: %s written, %s expected: "
                                       "the opposite direction (WALLS and "
                                       "OPPOSITE_WALLS swapped?)"),
                                nibble_name (n), ws, es);
      else if ((w & e) == e)
        g_string_append_printf (out, _("%s nibble: %s written, %s expected: "
                                       "old bits not cleared"),
                                nibble_name (n), ws, es);
      else if ((w & e) == w)
        g_string_append_printf (out, _("%s nibble: %s written, %s expected: "
                                       "bits missing"),
                                nibble_name (n), ws, es);
      else
        g_string_append_printf (out, _("%s nibble: %s written, %s expected: "
                                       "another direction"),
                                nibble_name (n), ws, es);
    }
  return g_string_free (out, FALSE);
}

/* "W", "(N | W)": the directions of a nibble's value as the explainer
 * reads them. */
static void
append_operand (GString *out,
                guint    value)
{
  static const char *const names[] = { "N", "E", "S", "W" };
  guint n = 0;

  for (int k = 0; k < 4; k++)
    n += (value >> k) & 1;
  if (n > 1)
    g_string_append_c (out, '(');
  for (int k = 0, first = 1; k < 4; k++)
    if (value & (1u << k))
      {
        g_string_append_printf (out, "%s%s", first ? "" : " | ", names[k]);
        first = 0;
      }
  if (n > 1)
    g_string_append_c (out, ')');
}

/* The statement that sets (@set) or clears (!@set) @bits of cell @index,
 * as Bitmaze prints statements: "maze[8] |= W << 12", "maze[0] &= ~0x0F00". */
static char *
statement (guint32  index,
           guint16  bits,
           gboolean set)
{
  GString *out = g_string_new (NULL);
  int nibble = -1;

  for (int n = 0; n < 4; n++)
    if (bits & (0xF << (4 * n)))
      nibble = nibble == -1 ? n : 4;
  g_string_append_printf (out, "maze[%u] %s", index, set ? "|= " : "&= ~");
  if (!set && nibble >= 0 && nibble < 4)
    g_string_append_printf (out, "0x%04X", 0xF << (4 * nibble));
  else if (nibble < 0 || nibble > 3)
    g_string_append_printf (out, "0x%04X", bits);
  else
    {
      append_operand (out, (bits >> (4 * nibble)) & 0xF);
      if (nibble > 0)
        g_string_append_printf (out, " << %d", 4 * nibble);
    }
  return g_string_free (out, FALSE);
}

/* Bitmaze's statement for a word that went from @before to @expected, and
 * the explainer's reading of @written as the answer to it: "Bitmaze's
 * run: maze[8] |= W << 12; you used east (2), the opposite side of west
 * (8) ... (opposite-direction)".  NULL when there is nothing to say. */
static char *
explain_step (guint32 index,
              guint16 before,
              guint16 expected,
              guint16 written)
{
  guint16 set = expected & ~before, clear = before & ~expected;
  g_autofree MazeExplanation *e = g_new0 (MazeExplanation, 1);
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;
  guint16 from = before, answer = written;
  MazeError error;
  MazeMistake mistake;

  if (set == 0 && clear == 0)
    return NULL;
  if (clear != 0 && (set == 0 || (written & clear) != 0))
    {
      /* the clearing statement; the bits set after it left out */
      text = statement (index, clear, FALSE);
      answer = (guint16) (written & ~set);
    }
  else
    {
      text = statement (index, set, TRUE);
      from = (guint16) (before & ~clear);
    }
  maze_error_clear (&error);
  if (maze_explain (text, from, e, &error) != MAZE_OK)
    return NULL;
  mistake = maze_explain_answer (e, answer);
  if (mistake == MAZE_MISTAKE_NONE)
    return NULL;
  why = bitmaze_error_message (&e->why);
  /* Translators: "Bitmaze's run: maze[8] |= W << 12; You used east (2),
   * the opposite side of west (8) ... (opposite-direction)"; the code in
   * parentheses stays English */
  return g_strdup_printf (_("Bitmaze's run: %s; %s (%s)"), text, why,
                          maze_mistake_code (mistake));
}

/* The nibbles of @bits by name: "border", "solution and backtrack". */
static char *
nibble_names (guint16 bits)
{
  GString *out = g_string_new (NULL);

  for (int n = 0; n < 4; n++)
    if (bits & (0xF << (4 * n)))
      {
        if (out->len > 0)
          g_string_append (out, ", ");
        g_string_append (out, nibble_name (n));
      }
  return g_string_free (out, FALSE);
}

/* ---- results ---- */

typedef struct
{
  gint64      step;
  gint64      cell;
  char       *rationale;
  const char *help;
  char       *details;
  gboolean    bare;      /* the rationale names the step itself */
} Failure;

static Failure *
failure_new (gint64      step,
             gint64      cell,
             const char *help,
             char       *rationale)
{
  Failure *f = g_new0 (Failure, 1);

  f->step = step;
  f->cell = cell;
  f->help = help;
  f->rationale = rationale;
  return f;
}

static void
failure_free (Failure *f)
{
  if (f == NULL)
    return;
  g_free (f->rationale);
  g_free (f->details);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Failure, failure_free)

static void
result_free (LabResult *result)
{
  g_free (result->description);
  g_free (result->rationale);
  g_free (result->help);
  g_free (result->maze);
  g_free (result->details);
  g_free (result);
}

static LabResult *
add_result (LabReport  *report,
            const char *name,
            gboolean    required,
            char       *description)
{
  LabResult *result = g_new0 (LabResult, 1);

  result->name = name;
  result->required = required;
  result->description = description;
  result->passed = -1;
  result->step = -1;
  result->cell = -1;
  g_ptr_array_add (report->results, result);
  return result;
}

/* Records @f (taken) as the reason @result did not pass on case @c. */
static void
result_fail (LabResult  *result,
             const Case *c,
             Failure    *f)
{
  guint width = c != NULL ? maze_width (c->maze) : 1;

  g_clear_pointer (&result->maze, g_free);
  g_clear_pointer (&result->rationale, g_free);
  g_clear_pointer (&result->help, g_free);
  g_clear_pointer (&result->details, g_free);
  result->passed = 0;
  result->step = f->step;
  result->cell = f->cell;
  if (f->cell >= 0)
    {
      result->x = (int) (f->cell % width);
      result->y = (int) (f->cell / width);
    }
  result->maze = c != NULL ? case_label (c) : NULL;
  if (f->bare || (f->step <= 0 && f->cell < 0))
    result->rationale = g_steal_pointer (&f->rationale);
  else if (f->cell < 0)
    /* Translators: "step 37: ..." */
    result->rationale = g_strdup_printf (_("step %u: %s"), (guint) f->step,
                                         f->rationale);
  else if (f->step <= 0)
    /* Translators: "cell (3, 2): ..." */
    result->rationale = g_strdup_printf (_("cell (%d, %d): %s"), result->x,
                                         result->y, f->rationale);
  else
    /* Translators: "step 37, cell (3, 2): ..." */
    result->rationale = g_strdup_printf (_("step %u, cell (%d, %d): %s"),
                                         (guint) f->step, result->x, result->y,
                                         f->rationale);
  result->help = g_strdup (f->help);
  result->details = g_steal_pointer (&f->details);
  failure_free (f);
}

void
lab_report_free (LabReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref (report->results);
  g_free (report->file);
  g_free (report);
}

gboolean
lab_report_passed (const LabReport *report)
{
  return lab_report_first_failure (report) == NULL;
}

const LabResult *
lab_report_first_failure (const LabReport *report)
{
  for (guint k = 0; k < report->results->len; k++)
    {
      const LabResult *r = g_ptr_array_index (report->results, k);

      if (r->required && r->passed != 1)
        return r;
    }
  return NULL;
}

/* ---- the judged state of one run ---- */

typedef struct
{
  const Case     *c;
  const LabTrace *trace;
  guint16        *final;
  guint          *last;    /* the step that last changed each cell */
  guint           width;
  guint           n_cells;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->final);
  g_free (run->last);
}

static char *
cell_text (const Run *run,
           guint      cell)
{
  return g_strdup_printf ("(%u, %u)", cell % run->width, cell / run->width);
}

/* The neighbour of @cell towards @dir inside the maze, or -1. */
static gint64
neighbour (const Run *run,
           guint      cell,
           guint16    dir)
{
  guint x = cell % run->width, y = cell / run->width;

  if (run->final[cell] & (dir << MAZE_BORDER_SHIFT))
    return -1;
  switch (dir)
    {
    case MAZE_N:
      return y > 0 ? (gint64) cell - run->width : -1;
    case MAZE_S:
      return y + 1 < run->n_cells / run->width ? (gint64) cell + run->width : -1;
    case MAZE_E:
      return x + 1 < run->width ? (gint64) cell + 1 : -1;
    default:
      return x > 0 ? (gint64) cell - 1 : -1;
    }
}

/* The step that last changed the bits @mask of @cell (0: none did). */
static guint
nibble_step_full (const Run *run,
                  guint      cell,
                  guint16    mask,
                  gboolean   first)
{
  const LabTrace *t = run->trace;
  guint16 word = t->initial[cell];
  guint begin = 0, found = 0;

  for (guint k = 0; k < t->ends->len; k++)
    {
      guint end = g_array_index (t->ends, guint, k);

      for (guint j = begin; j < end; j++)
        {
          const LabWord *w = &g_array_index (t->words, LabWord, j);

          if (w->index != cell)
            continue;
          if (((w->word ^ word) & mask) && (found == 0 || !first))
            found = k + 1;
          word = w->word;
        }
      begin = end;
    }
  return found;
}

static guint
nibble_step (const Run *run,
             guint      cell,
             guint16    mask)
{
  return nibble_step_full (run, cell, mask, FALSE);
}

static gboolean
inside (const Run *run,
        guint      cell)
{
  return maze_contains (run->c->maze, cell);
}

/* ---- the checks ---- */

/* Bits outside @allowed changed at some step (judged on every step
 * recorded, also of a run that crashed). */
static Failure *
check_nibbles (LabTask         task,
               const Case     *c,
               const LabTrace *trace)
{
  guint16 allowed = task == LAB_TASK_CREATE_DFS ? MAZE_PASSAGE_MASK : MAZE_SEARCH_MASK;
  g_autofree guint16 *state = lab_trace_state (trace, 0, NULL);
  guint begin = 0;

  for (guint k = 0; k < trace->ends->len; k++)
    {
      guint end = g_array_index (trace->ends, guint, k);

      for (guint j = begin; j < end; j++)
        {
          const LabWord *w = &g_array_index (trace->words, LabWord, j);
          guint16 changed = state[w->index] ^ w->word;

          if (changed & ~allowed)
            {
              g_autofree char *names = nibble_names (changed & ~allowed);

              return failure_new (k + 1, w->index,
                                  task == LAB_TASK_CREATE_DFS
                                  ? _("create_dfs knocks walls down in the "
                                      "passages nibble only: maze_array[cell] "
                                      "|= WALLS[i]")
                                  : _("a solver writes only the solution (<< "
                                      "8) and backtrack (<< 12) nibbles"),
                                  /* Translators: "step 3, cell (1, 0): the border
                                   * nibble changed (0x0010 written over 0x0000),
                                   * which solve_bfs must not touch" */
                                  g_strdup_printf (_("the %s nibble changed (0x%04X "
                                                     "written over 0x%04X), which "
                                                     "%s must not touch"), names, w->word,
                                                   state[w->index],
                                                   lab_task_name (task)));
            }
          state[w->index] = w->word;
        }
      begin = end;
    }
  return NULL;
}

/* create_dfs: every passage knocked down on both sides, no opening in
 * the outer wall. */
static Failure *
check_passages (const Run *run)
{
  Failure *best = NULL;

  /* the failure of the earliest step */
  for (guint cell = 0; cell < run->n_cells; cell++)
    for (int k = 0; k < 4; k++)
      {
        guint16 dir = MAZE_DIRECTIONS[k];
        guint when;
        gint64 other;
        Failure *f = NULL;

        if (!(run->final[cell] & dir))
          continue;
        when = nibble_step (run, cell, MAZE_PASSAGE_MASK);
        if (best != NULL && when >= best->step)
          continue;
        other = neighbour (run, cell, dir);
        if (other < 0)
          f = failure_new (when, cell,
                           _("check cell_in_bounds () before you knock a wall "
                             "down"),
                           g_strdup_printf (_("the passages nibble opens the "
                                              "outer wall (%s)"),
                                            maze_dir_letter (dir)));
        else if (!(run->final[other] & maze_opposite (dir)))
          {
            g_autofree char *there = cell_text (run, (guint) other);

            f = failure_new (when, cell,
                             _("connect_cells knocks down both sides: "
                               "maze_array[from] |= WALLS[i] and "
                               "maze_array[to] |= OPPOSITE_WALLS[i]"),
                             g_strdup_printf (_("the passages nibble has %s, "
                                                "but cell %s has no %s: only "
                                                "one side of the wall was "
                                                "knocked down"),
                                              maze_dir_letter (dir), there,
                                              maze_dir_letter (maze_opposite (dir))));
          }
        if (f != NULL)
          {
            failure_free (best);
            best = f;
          }
      }
  return best;
}

/* create_dfs: one tree over every cell of the maze. */
static Failure *
check_perfect (const Run *run)
{
  g_autofree gint64 *parent = g_new (gint64, run->n_cells);
  guint n_inside = 0, n_edges = 0;

  for (guint cell = 0; cell < run->n_cells; cell++)
    parent[cell] = cell;
  for (guint cell = 0; cell < run->n_cells; cell++)
    {
      if (!inside (run, cell))
        continue;
      n_inside++;
      for (int k = 0; k < 4; k++)
        {
          guint16 dir = MAZE_DIRECTIONS[k];
          gint64 other = neighbour (run, cell, dir), a = cell, b;

          /* each passage once: from its east or south side */
          if ((dir != MAZE_E && dir != MAZE_S) || other < 0
              || !((run->final[cell] & dir)
                   || (run->final[other] & maze_opposite (dir))))
            continue;
          b = other;
          while (parent[a] != a)
            a = parent[a] = parent[parent[a]];
          while (parent[b] != b)
            b = parent[b] = parent[parent[b]];
          n_edges++;
          if (a == b)
            {

              return failure_new (nibble_step (run, cell, MAZE_PASSAGE_MASK), cell,
                                  _("knock a wall down only towards a "
                                    "neighbour whose four walls are all up"),
                                  g_strdup_printf (_("a loop: the passage %s closes "
                                                     "a circle, a perfect maze has "
                                                     "none"),
                                                   maze_dir_letter (dir)));
            }
          parent[a] = b;
        }
    }
  if (n_edges + 1 < n_inside)
    for (guint cell = 0; cell < run->n_cells; cell++)
      {
        gint64 a = cell, b = maze_first_inside (run->c->maze);

        if (!inside (run, cell))
          continue;
        while (parent[a] != a)
          a = parent[a];
        while (parent[b] != b)
          b = parent[b];
        if (a != b)
          {

            return failure_new (-1, cell,
                                _("go on until visited cells == total_cells, "
                                  "popping the stack at a dead end"),
                                g_strdup_printf (_("walled in: %u passages for %u "
                                                   "cells, a perfect maze has %u"),
                                                 n_edges, n_inside,
                                                 n_inside - 1));
          }
      }
  return NULL;
}

/* A solver: the solution nibbles form one path from the start to the
 * goal through open passages, and nothing else. */
static Failure *
check_path (const Run *run)
{
  g_autofree guint8 *on_path = g_new0 (guint8, run->n_cells);
  guint cell = run->trace->start;
  const char *help = _("visit_cell clears the solution bits (&= "
                       "~SOLUTION_BITS) before it sets WALLS[i] << 8; "
                       "backtrack clears them");

  while (cell != run->trace->goal)
    {
      guint16 sol = maze_cell_solution (run->final[cell]);
      gint64 next;

      on_path[cell] = 1;
      if (sol == 0)
        return failure_new (nibble_step (run, cell, MAZE_SOLUTION_MASK), cell, help,
                            g_strdup (_("the solution nibble is 0: the path "
                                        "from start_cell stops before "
                                        "goal_cell")));
      if (maze_dir_index (sol) < 0)
        {
          g_autofree char *ds = dirs (sol);

          return failure_new (nibble_step (run, cell, MAZE_SOLUTION_MASK), cell, help,
                              g_strdup_printf (_("the solution nibble holds %s, "
                                                 "more than one direction"), ds));
        }
      next = neighbour (run, cell, sol);
      if (next < 0 || !(run->final[cell] & sol))
        return failure_new (nibble_step (run, cell, MAZE_SOLUTION_MASK), cell,
                            _("the solution bits follow open passages: "
                              "WALLS[i] << 8 where maze_array[cell] & WALLS[i]"),
                            g_strdup_printf (_("the solution nibble points "
                                               "%s, through a wall"),
                                             maze_dir_letter (sol)));
      if (on_path[next])
        return failure_new (nibble_step (run, cell, MAZE_SOLUTION_MASK), cell, help,
                            g_strdup_printf (_("the solution nibble points "
                                               "%s, back onto the path: a "
                                               "circle"),
                                             maze_dir_letter (sol)));
      cell = (guint) next;
    }
  on_path[cell] = 1;
  for (guint k = 0; k < run->n_cells; k++)
    if (maze_cell_solution (run->final[k]) != 0 && (!on_path[k] || k == run->trace->goal))
      {

        return failure_new (nibble_step (run, k, MAZE_SOLUTION_MASK), k, help,
                            g_strdup (_("the solution nibble is set, but the "
                                        "cell is not on the path from "
                                        "start_cell to goal_cell")));
      }
  return NULL;
}

/* A solver: the start has no backtrack bits; every other backtrack nibble
 * holds one direction, through an open passage, to a visited cell; the
 * goal was reached. */
static Failure *
check_backtrack (const Run *run)
{
  const char *help = _("the backtrack bits point back where the search came "
                       "from: OPPOSITE_WALLS[i] << 12 on the new cell");
  guint start = run->trace->start;

  for (guint k = 0; k < run->n_cells; k++)
    {
      guint16 back = maze_cell_backtrack (run->final[k]);
      gint64 prev;

      if (back == 0)
        continue;
      if (k == start)
        return failure_new (nibble_step_full (run, k, MAZE_BACKTRACK_MASK, TRUE), k, help,
                            g_strdup (_("the backtrack nibble of start_cell "
                                        "is set: the start was reached from "
                                        "nowhere")));
      if (maze_dir_index (back) < 0)
        {
          g_autofree char *ds = dirs (back);

          return failure_new (nibble_step (run, k, MAZE_BACKTRACK_MASK), k, help,
                              g_strdup_printf (_("the backtrack nibble holds "
                                                 "%s, more than one direction"), ds));
        }
      prev = neighbour (run, k, back);
      if (prev < 0 || !(run->final[k] & back))
        return failure_new (nibble_step (run, k, MAZE_BACKTRACK_MASK), k, help,
                            g_strdup_printf (_("the backtrack nibble points "
                                               "%s, through a wall"),
                                             maze_dir_letter (back)));
      if ((guint) prev != start && maze_cell_backtrack (run->final[prev]) == 0)
        {
          g_autofree char *there = cell_text (run, (guint) prev);

          return failure_new (nibble_step (run, k, MAZE_BACKTRACK_MASK), k, help,
                              g_strdup_printf (_("the backtrack nibble points "
                                                 "%s, to cell %s, which the "
                                                 "search never visited"),
                                               maze_dir_letter (back), there));
        }
    }
  if (run->trace->goal != start
      && maze_cell_backtrack (run->final[run->trace->goal]) == 0)
    {
      g_autofree char *where = cell_text (run, run->trace->goal);

      return failure_new (-1, run->trace->goal,
                          _("search until the current cell is goal_cell"),
                          g_strdup_printf (_("goal_cell %s was never reached: "
                                             "its backtrack nibble is 0"),
                                           where));
    }
  return NULL;
}

/* The distance of every cell from the start through open passages
 * (G_MAXUINT: out of reach). */
static guint *
distances (const Run *run)
{
  guint *dist = g_new (guint, run->n_cells);
  g_autofree guint *queue = g_new (guint, run->n_cells);
  guint head = 0, tail = 0;

  for (guint k = 0; k < run->n_cells; k++)
    dist[k] = G_MAXUINT;
  dist[run->trace->start] = 0;
  queue[tail++] = run->trace->start;
  while (head < tail)
    {
      guint cell = queue[head++];

      for (int k = 0; k < 4; k++)
        {
          gint64 next = neighbour (run, cell, MAZE_DIRECTIONS[k]);

          if (next >= 0 && (run->trace->initial[cell] & MAZE_DIRECTIONS[k])
              && dist[next] == G_MAXUINT)
            {
              dist[next] = dist[cell] + 1;
              queue[tail++] = (guint) next;
            }
        }
    }
  return dist;
}

/* BFS: the path is a shortest one. */
static Failure *
check_shortest (const Run *run)
{
  g_autofree guint *dist = distances (run);
  int64_t length = 0;
  guint cell = run->trace->start;

  while (cell != run->trace->goal && length <= run->n_cells)
    {
      gint64 next = neighbour (run, cell, maze_cell_solution (run->final[cell]));

      if (next < 0)
        return NULL; /* check_path() says what is wrong */
      cell = (guint) next;
      length++;
    }
  if (length != dist[run->trace->goal])
    return failure_new (-1, run->trace->goal,
                        _("BFS takes the cells from the front of its queue "
                          "and adds new ones at the back"),
                        g_strdup_printf (_("the path has %lld moves; the "
                                           "shortest has %u"),
                                         (long long) length,
                                         dist[run->trace->goal]));
  return NULL;
}

/* BFS: cells reached (backtrack nibble set) in the order of their
 * distance from the start, each from a cell one closer. */
static Failure *
check_order (const Run *run)
{
  g_autofree guint *dist = distances (run);
  g_autofree guint16 *state = lab_trace_state (run->trace, 0, NULL);
  const char *help = _("a queue, not a stack: dequeue from the front, enqueue "
                       "at the back");
  guint begin = 0, farthest = 0;

  for (guint k = 0; k < run->trace->ends->len; k++)
    {
      guint end = g_array_index (run->trace->ends, guint, k);

      for (guint j = begin; j < end; j++)
        {
          const LabWord *w = &g_array_index (run->trace->words, LabWord, j);

          if (maze_cell_backtrack (state[w->index]) == 0
              && maze_cell_backtrack (w->word) != 0
              && dist[w->index] != G_MAXUINT)
            {

              if (dist[w->index] < farthest)
                return failure_new (k + 1, w->index, help,
                                    g_strdup_printf (_("reached at distance %u after "
                                                       "a cell at distance %u"), dist[w->index],
                                                     farthest));
              farthest = dist[w->index];
            }
          state[w->index] = w->word;
        }
      begin = end;
    }
  return NULL;
}

/* ---- the comparison with Bitmaze's run ---- */

static Failure *
compare_traces (const LabTrace *ref,
                const LabTrace *student)
{
  guint n_ref = lab_trace_n_steps (ref), n_stu = lab_trace_n_steps (student);
  g_autofree guint16 *a = lab_trace_state (ref, 0, NULL);
  g_autofree guint16 *b = lab_trace_state (student, 0, NULL);
  guint ra = 0, rb = 0;

  for (guint k = 0; k < MAX (n_ref, n_stu); k++)
    {
      guint ea = k < n_ref ? g_array_index (ref->ends, guint, k) : ra;
      guint eb = k < n_stu ? g_array_index (student->ends, guint, k) : rb;
      gint64 cell = -1;

      for (guint j = ra; j < ea; j++)
        {
          const LabWord *w = &g_array_index (ref->words, LabWord, j);
          a[w->index] = w->word;
        }
      for (guint j = rb; j < eb; j++)
        {
          const LabWord *w = &g_array_index (student->words, LabWord, j);
          b[w->index] = w->word;
        }
      /* the first cell that differs among the ones the student wrote,
       * else among Bitmaze's */
      for (guint j = rb; j < eb && cell < 0; j++)
        {
          const LabWord *w = &g_array_index (student->words, LabWord, j);
          if (a[w->index] != b[w->index])
            cell = w->index;
        }
      for (guint j = ra; j < ea && cell < 0; j++)
        {
          const LabWord *w = &g_array_index (ref->words, LabWord, j);
          if (a[w->index] != b[w->index])
            cell = w->index;
        }
      ra = ea;
      rb = eb;
      if (cell >= 0)
        {
          g_autofree char *why = lab_explain_words (a[cell], b[cell]);
          g_autofree guint16 *before = lab_trace_state (ref, k, NULL);
          g_autofree char *explained = explain_step ((guint32) cell, before[cell],
                                                     a[cell], b[cell]);
          Failure *f;

          if (k >= n_stu)
            f = failure_new (k + 1, cell, NULL,
                             g_strdup_printf (_("your run ended after %u "
                                                "steps; Bitmaze's writes "
                                                "0x%04X here"),
                                              n_stu, a[cell]));
          else
            /* Translators: "step 1, cell (1, 0): Bitmaze's run writes 0x2000,
             * yours 0x8000; the bits that differ: 0xA000" */
            f = failure_new (k + 1, cell, NULL,
                             g_strdup_printf (_("Bitmaze's run writes 0x%04X, "
                                                "yours 0x%04X; the bits that "
                                                "differ: 0x%04X"), a[cell], b[cell],
                                              (guint) (a[cell] ^ b[cell])));
          f->details = explained != NULL
                       ? g_strconcat (why, "\n", explained, NULL)
                       : g_steal_pointer (&why);
          return f;
        }
      if (k + 1 == MIN (n_ref, n_stu) && n_ref != n_stu)
        return failure_new (k + 2, -1, NULL,
                            g_strdup_printf (_("the words agree up to step "
                                               "%u, but your run has %u steps "
                                               "and Bitmaze's %u (one "
                                               "refresh_maze_view () a step)"),
                                             k + 1, n_stu, n_ref));
    }
  return NULL;
}

static Failure *
compare (const Case     *c,
         const LabTrace *student)
{
  return compare_traces (c->reference, student);
}

gboolean
lab_first_difference (const LabTrace *reference,
                      const LabTrace *student,
                      gint64         *step,
                      gint64         *cell,
                      char          **rationale,
                      char          **explanation)
{
  g_autoptr (Failure) f = NULL;

  g_return_val_if_fail (reference != NULL && student != NULL, FALSE);

  f = compare_traces (reference, student);
  if (f == NULL)
    return FALSE;
  *step = f->step;
  *cell = f->cell;
  *rationale = g_steal_pointer (&f->rationale);
  *explanation = g_steal_pointer (&f->details);
  return TRUE;
}

/* ---- how a run ended ---- */

static const char *
signal_name (const char *detail)
{
  switch (atoi (detail != NULL ? detail : "0"))
    {
    case SIGSEGV:
      return "SIGSEGV";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    case SIGILL:
      return "SIGILL";
    case SIGABRT:
      return "SIGABRT";
    case SIGTRAP:
      return "SIGTRAP";
    default:
      return detail != NULL ? detail : "?";
    }
}

/* The last step's words, as "cell (3, 2) = 0x2104, ...". */
static char *
last_words (const Run *run)
{
  const LabTrace *t = run->trace;
  guint n = t->ends->len, begin, end;
  GString *out = g_string_new (NULL);

  if (n == 0)
    return g_string_free (out, TRUE);
  end = g_array_index (t->ends, guint, n - 1);
  begin = n > 1 ? g_array_index (t->ends, guint, n - 2) : 0;
  for (guint j = begin; j < end && j < begin + 8; j++)
    {
      const LabWord *w = &g_array_index (t->words, LabWord, j);
      g_autofree char *where = cell_text (run, w->index);

      g_string_append_printf (out, "%s%s = 0x%04X", out->len > 0 ? ", " : "",
                              where, w->word);
    }
  if (end - begin > 8)
    g_string_append (out, ", …");
  return g_string_free (out, FALSE);
}

/* What a refused system call was for, in words. */
static const char *
syscall_kind (const char *name)
{
  static const char *const programs[] = {
    "clone", "clone3", "fork", "vfork", "execve", "execveat", "system",
    "popen", "posix_spawn", NULL
  };
  static const char *const network[] = {
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
    "sendto", "sendmsg", "recvfrom", "recvmsg", NULL
  };

  if (g_strv_contains (programs, name))
    return _("starting a program");
  if (g_strv_contains (network, name))
    return _("using the network");
  if (g_str_has_prefix (name, "open") || g_str_equal (name, "creat")
      || strstr (name, "link") != NULL || strstr (name, "rename") != NULL
      || strstr (name, "mkdir") != NULL || g_str_has_prefix (name, "write"))
    return _("writing or changing a file");
  return _("a call the task does not need");
}

/* "after step 37", or "before the first step". */
static char *
fault_when (guint steps)
{
  if (steps == 0)
    return g_strdup (_("before the first step"));
  /* Translators: in "your code crashed (SIGSEGV) after step 37" */
  return g_strdup_printf (_("after step %u"), steps);
}

static Failure *
fault_failure (const Run       *run,
               const LabLimits *limits)
{
  const LabTrace *t = run->trace;
  guint steps = lab_trace_n_steps (t) - (t->partial ? 1 : 0);
  gint64 step = steps > 0 ? (gint64) steps : -1;
  g_autofree char *when = fault_when (steps);
  Failure *f = NULL;
  g_autofree char *words = NULL;

  switch (t->fault)
    {
    case LAB_FAULT_NONE:
    case LAB_FAULT_SYSCALL:
    case LAB_FAULT_LOAD:
    case LAB_FAULT_NO_TASK:
    case LAB_FAULT_SETUP:
      return NULL;
    case LAB_FAULT_TIMEOUT:
      f = failure_new (step, -1,
                       _("look at the loop's condition: each round must bring "
                         "it closer to its end (a cell visited, the stack "
                         "popped)"),
                       g_strdup_printf (_("your code ran for more than %u s, "
                                          "%s: an endless loop?"),
                                        limits->wall_seconds, when));
      break;
    case LAB_FAULT_CPU:
      f = failure_new (step, -1,
                       _("look at the loop's condition: each round must bring "
                         "it closer to its end (a cell visited, the stack "
                         "popped)"),
                       g_strdup_printf (_("your code used more than %u s of "
                                          "CPU time, %s: an endless loop?"),
                                        limits->cpu_seconds, when));
      break;
    case LAB_FAULT_STEPS:
      f = failure_new (step, -1,
                       _("look at the loop's condition: each round must bring "
                         "it closer to its end (a cell visited, the stack "
                         "popped)"),
                       g_strdup_printf (_("your code called refresh_maze_view "
                                          "() more than %s times: an endless "
                                          "loop?"),
                                        t->detail));
      break;
    case LAB_FAULT_MEMORY:
      f = failure_new (step, -1,
                       _("a stack or a queue of total_cells places is enough"),
                       g_strdup_printf (_("your code used more than %u MB of "
                                          "memory (it asked for %s bytes "
                                          "more), %s"),
                                        limits->memory_mb, t->detail, when));
      break;
    case LAB_FAULT_SIGNAL:
      f = failure_new (step, -1,
                       _("a crash is most often an index outside maze_array "
                         "or an array: check cell_in_bounds () before you use "
                         "a neighbour, and never pop an empty stack"),
                       g_strdup_printf (_("your code crashed (%s) %s"),
                                        signal_name (t->detail), when));
      break;
    case LAB_FAULT_RANDOM:
      f = failure_new (step, -1,
                       _("call random_int () only when there is at least one "
                         "neighbour"),
                       g_strdup_printf (_("your code called random_int (%s) "
                                          "%s: n must be at least 1"),
                                        t->detail, when));
      break;
    case LAB_FAULT_EXIT:
    case LAB_FAULT_OUTPUT:
    default:
      f = failure_new (step, -1,
                       _("return from the task's function; do not call exit ()"),
                       g_strdup_printf (_("your code ended before its "
                                          "function returned, %s"),
                                        when));
      break;
    }
  f->bare = TRUE;
  words = last_words (run);
  if (words != NULL && *words != '\0')
    /* Translators: the words the step wrote last before a crash */
    f->details = g_strdup_printf (_("the last words written: %s"), words);
  return f;
}

char *
lab_describe_fault (const LabTrace  *trace,
                    LabTask          task,
                    const LabLimits *limits,
                    char           **help,
                    char           **details)
{
  Run run = { NULL, trace, NULL, NULL, trace->width, 0 };
  guint steps = lab_trace_n_steps (trace) - (trace->partial ? 1 : 0);
  g_autofree char *when = fault_when (steps);
  g_autoptr (Failure) f = NULL;
  char *message = NULL;

  *help = NULL;
  *details = NULL;
  switch (trace->fault)
    {
    case LAB_FAULT_NONE:
      return NULL;
    case LAB_FAULT_SYSCALL:
      *help = g_strdup (_("the task needs only the maze: no files, no "
                          "programs, no network"));
      return g_strdup_printf (_("your code was stopped %s: it called '%s' "
                                "(%s), which the lab does not allow"),
                              when, trace->detail, syscall_kind (trace->detail));
    case LAB_FAULT_NO_TASK:
      return g_strdup_printf (_("the file does not define void %s (void)"),
                              lab_task_name (task));
    case LAB_FAULT_LOAD:
      return g_strdup_printf (_("the file cannot be loaded: %s"), trace->detail);
    case LAB_FAULT_SETUP:
      return g_strdup_printf (_("the lab cannot confine programs here (%s)"),
                              trace->detail);
    default:
      break;
    }
  f = fault_failure (&run, limits);
  if (f == NULL)
    return NULL;
  message = g_steal_pointer (&f->rationale);
  *help = g_strdup (f->help);
  *details = g_steal_pointer (&f->details);
  return message;
}

/* ---- lab check ---- */

static Failure *
judge (const char *name,
       LabTask     task,
       const Run  *run)
{
  if (g_str_equal (name, "passages"))
    return check_passages (run);
  if (g_str_equal (name, "perfect"))
    return check_perfect (run);
  if (g_str_equal (name, "path"))
    return check_path (run);
  if (g_str_equal (name, "backtrack"))
    return check_backtrack (run);
  if (g_str_equal (name, "shortest"))
    return check_shortest (run);
  if (g_str_equal (name, "order"))
    return check_order (run);
  return NULL;
}

static char *
describe (const char *name,
          LabTask     task)
{
  if (g_str_equal (name, "compiles"))
    return g_strdup_printf (_("the file compiles and defines void %s (void)"),
                            lab_task_name (task));
  if (g_str_equal (name, "confined"))
    return g_strdup (_("it stays in the lab: no file written, no program "
                       "started, no network"));
  if (g_str_equal (name, "finishes"))
    return g_strdup_printf (_("it finishes on every maze, within %u s and %u MB"),
                            LAB_WALL_SECONDS, LAB_MEMORY_MB);
  if (g_str_equal (name, "nibbles"))
    return g_strdup (task == LAB_TASK_CREATE_DFS
                     ? _("it writes only the passages nibble")
                     : _("it writes only the solution and backtrack nibbles"));
  if (g_str_equal (name, "passages"))
    return g_strdup (_("both sides of every passage are knocked down, and the "
                       "outer wall stays up"));
  if (g_str_equal (name, "perfect"))
    return g_strdup (_("it leaves a perfect maze: every cell reached, no loop"));
  if (g_str_equal (name, "path"))
    return g_strdup (_("the solution bits form one path from start_cell to "
                       "goal_cell through open passages"));
  if (g_str_equal (name, "backtrack"))
    return g_strdup (_("every backtrack nibble points to a visited neighbour "
                       "through an open passage"));
  if (g_str_equal (name, "shortest"))
    return g_strdup (_("the path is a shortest one"));
  if (g_str_equal (name, "order"))
    return g_strdup (_("cells are reached in the order of their distance from "
                       "the start"));
  if (g_str_equal (name, "matches"))
    return g_strdup (_("step by step the same words as Bitmaze's run "
                       "(neighbours in the order W, S, E, N)"));
  return g_strdup (_("the same on a shaped maze with the start and the goal "
                     "elsewhere"));
}

static gboolean
stops_all (LabFaultCode fault)
{
  return fault == LAB_FAULT_TIMEOUT || fault == LAB_FAULT_CPU
         || fault == LAB_FAULT_STEPS || fault == LAB_FAULT_MEMORY
         || fault == LAB_FAULT_SYSCALL || fault == LAB_FAULT_OUTPUT
         || fault == LAB_FAULT_LOAD || fault == LAB_FAULT_NO_TASK
         || fault == LAB_FAULT_SETUP;
}

static const char *const create_checks[] = { "passages", "perfect", NULL };
static const char *const dfs_checks[] = { "path", "backtrack", NULL };
static const char *const bfs_checks[] = { "path", "backtrack", "shortest", "order", NULL };

/* Not judged: @result stays null, with why. */
static void
result_skip (LabResult  *result,
             const char *why)
{
  result->passed = -1;
  result->rationale = g_strdup (why);
}

LabReport *
lab_check (const char      *source,
           LabTask          task,
           LabProgressFunc  progress,
           gpointer         data,
           GCancellable    *cancellable,
           GError         **error)
{
  const TaskCases *tc = get_cases (task);
  const char *const *checks = task == LAB_TASK_CREATE_DFS ? create_checks
                              : task == LAB_TASK_SOLVE_DFS ? dfs_checks : bfs_checks;
  g_autoptr (LabReport) report = g_new0 (LabReport, 1);
  g_autoptr (GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify) lab_trace_free);
  g_autofree char *dir = NULL;
  g_autofree char *messages = NULL;
  g_autofree char *library = NULL;
  g_autoptr (GError) compile_error = NULL;
  LabResult *compiles, *confined, *finishes, *nibbles, *matches, *shaped = NULL;
  GPtrArray *required = g_ptr_array_new ();
  gint64 started = g_get_monotonic_time ();
  const char *skipped = NULL;
  LabLimits limits;
  guint n_runs = 0;

  lab_limits_init (&limits);
  report->task = task;
  report->file = g_strdup (source);
  report->results = g_ptr_array_new_with_free_func ((GDestroyNotify) result_free);
  if (!g_file_test (source, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("'%s' is not a file"), source);
      g_ptr_array_unref (required);
      return NULL;
    }

  compiles = add_result (report, "compiles", TRUE, describe ("compiles", task));
  confined = add_result (report, "confined", TRUE, describe ("confined", task));
  finishes = add_result (report, "finishes", TRUE, describe ("finishes", task));
  nibbles = add_result (report, "nibbles", TRUE, describe ("nibbles", task));
  for (guint k = 0; checks[k] != NULL; k++)
    g_ptr_array_add (required, add_result (report, checks[k], TRUE,
                                           describe (checks[k], task)));
  matches = add_result (report, "matches", FALSE, describe ("matches", task));
  for (guint k = 0; k < tc->n_cases; k++)
    if (tc->cases[k].spec->optional)
      shaped = add_result (report, "shaped", FALSE, describe ("shaped", task));

  dir = g_dir_make_tmp ("bitmaze-lab-XXXXXX", error);
  if (dir == NULL)
    {
      g_ptr_array_unref (required);
      return NULL;
    }
  library = lab_compile (source, dir, &messages, cancellable, &compile_error);
  if (library == NULL)
    {
      if (compile_error->domain != LAB_ERROR
          || compile_error->code != LAB_ERROR_COMPILE)
        {
          g_propagate_error (error, g_steal_pointer (&compile_error));
          goto fail;
        }
      compiles->passed = 0;
      compiles->rationale = g_strdup (compile_error->message);
      compiles->help = g_strdup (_("the compiler's messages name the line: "
                                   "FILE:LINE:COLUMN"));
      compiles->details = g_strdup (messages);
      skipped = _("not judged: the file does not compile");
    }
  else
    {
      for (guint k = 0; k < tc->n_cases; k++)
        {
          LabTrace *trace = lab_run (library, task, tc->cases[k].maze,
                                     tc->cases[k].spec->seed, &limits,
                                     cancellable, error);

          if (trace == NULL)
            goto fail;
          if (trace->fault == LAB_FAULT_SETUP)
            {
              g_set_error (error, LAB_ERROR, LAB_ERROR_RUNNER,
                           _("the lab cannot confine programs here (%s)"),
                           trace->detail);
              lab_trace_free (trace);
              goto fail;
            }
          g_ptr_array_add (traces, trace);
          n_runs++;
          if (progress != NULL)
            progress (k + 1, tc->n_cases, data);
          if (stops_all (trace->fault))
            break;
        }
      compiles->passed = 1;
    }

  /* the file loads and has the function */
  for (guint k = 0; k < traces->len && compiles->passed == 1; k++)
    {
      LabTrace *t = g_ptr_array_index (traces, k);

      if (t->fault == LAB_FAULT_LOAD || t->fault == LAB_FAULT_NO_TASK)
        {
          compiles->passed = 0;
          compiles->help = g_strdup_printf (_("the task's function is void %s "
                                              "(void), and the file uses only "
                                              "what C's library and "
                                              "bitmaze-lab.h give"),
                                            lab_task_name (task));
          compiles->rationale =
            t->fault == LAB_FAULT_NO_TASK
            ? g_strdup_printf (_("the file does not define void %s (void)"),
                               lab_task_name (task))
            /* Translators: %s is the system's message, "undefined symbol: foo" */
            : g_strdup_printf (_("the file cannot be loaded: %s"), t->detail);
          skipped = _("not judged: the file does not compile");
        }
    }

  if (skipped == NULL)
    {
      /* confinement */
      confined->passed = 1;
      for (guint k = 0; k < traces->len; k++)
        {
          LabTrace *t = g_ptr_array_index (traces, k);

          if (t->fault == LAB_FAULT_SYSCALL)
            {
              guint steps = lab_trace_n_steps (t) - (t->partial ? 1 : 0);
              g_autofree char *when = fault_when (steps);
              Failure *f;

              f = failure_new (steps > 0 ? (gint64) steps : -1, -1,
                                        _("the task needs only the maze: no "
                                          "files, no programs, no network"),
                                        g_strdup_printf (_("your code was stopped %s: it "
                                                           "called '%s' (%s), which the "
                                                           "lab does not allow"),
                                                         when, t->detail,
                                                         syscall_kind (t->detail)));
              f->bare = TRUE;
              result_fail (confined, &tc->cases[k], f);
              break;
            }
        }

      /* finishing */
      finishes->passed = 1;
      for (guint k = 0; k < traces->len; k++)
        {
          LabTrace *t = g_ptr_array_index (traces, k);
          Run run = { &tc->cases[k], t, NULL, NULL, t->width, 0 };
          Failure *f;

          /* the shaped maze is judged by its own, optional check */
          if (tc->cases[k].spec->optional)
            continue;
          f = fault_failure (&run, &limits);
          if (f != NULL)
            {
              if (t->output != NULL && *t->output != '\0')
                {
                  /* Translators: what the student's program printed */
                  char *more = g_strdup_printf (_("it printed: %s"), t->output);
                  char *all = f->details != NULL
                              ? g_strconcat (f->details, "\n", more, NULL)
                              : g_strdup (more);

                  g_free (more);
                  g_free (f->details);
                  f->details = all;
                }
              result_fail (finishes, &tc->cases[k], f);
              break;
            }
        }
      if (traces->len < tc->n_cases && finishes->passed == 1)
        finishes->passed = -1;
      if (confined->passed == 0 && finishes->passed == 1)
        result_skip (finishes, _("not judged: the code was stopped"));

      /* nibbles: judged on every step recorded */
      nibbles->passed = traces->len > 0 ? 1 : -1;
      for (guint k = 0; k < traces->len; k++)
        {
          Failure *f;

          if (tc->cases[k].spec->optional)
            continue;
          f = check_nibbles (task, &tc->cases[k], g_ptr_array_index (traces, k));

          if (f != NULL)
            {
              result_fail (nibbles, &tc->cases[k], f);
              break;
            }
        }

      /* the words left: judged on the runs that finished */
      for (guint r = 0; r < required->len; r++)
        {
          LabResult *result = g_ptr_array_index (required, r);
          guint judged = 0;

          for (guint k = 0; k < traces->len && result->passed != 0; k++)
            {
              LabTrace *t = g_ptr_array_index (traces, k);
              Run run = { &tc->cases[k], t, NULL, NULL, t->width,
                          t->width * t->height };
              Failure *f;

              if (t->fault != LAB_FAULT_NONE || tc->cases[k].spec->optional)
                continue;
              run.final = lab_trace_state (t, G_MAXUINT, &run.last);
              f = judge (result->name, task, &run);
              run_clear (&run);
              judged++;
              if (f != NULL)
                result_fail (result, &tc->cases[k], f);
              else
                result->passed = 1;
            }
          if (judged == 0)
            result_skip (result, _("not judged: the code did not finish on "
                                   "any maze"));
        }

      /* a shaped maze, the start and the goal elsewhere */
      for (guint k = 0; shaped != NULL && k < traces->len; k++)
        {
          LabTrace *t = g_ptr_array_index (traces, k);
          Run run = { &tc->cases[k], t, NULL, NULL, t->width,
                      t->width * t->height };
          Failure *f = NULL;

          if (!tc->cases[k].spec->optional)
            continue;
          f = fault_failure (&run, &limits);
          if (f == NULL)
            f = check_nibbles (task, &tc->cases[k], t);
          run.final = lab_trace_state (t, G_MAXUINT, &run.last);
          for (guint c = 0; checks[c] != NULL && f == NULL; c++)
            f = judge (checks[c], task, &run);
          run_clear (&run);
          if (f != NULL)
            result_fail (shaped, &tc->cases[k], f);
          else
            shaped->passed = 1;
        }

      /* the comparison with Bitmaze's run */
      for (guint k = 0; k < traces->len && matches->passed != 0; k++)
        {
          Failure *f = compare (&tc->cases[k], g_ptr_array_index (traces, k));

          if (f == NULL)
            {
              matches->passed = 1;
              continue;
            }
          {
            gboolean all_passed = TRUE;

            for (guint r = 0; r < report->results->len; r++)
              {
                LabResult *res = g_ptr_array_index (report->results, r);

                if (res->required && res->passed != 1)
                  all_passed = FALSE;
              }
            result_fail (matches, &tc->cases[k], f);
            if (all_passed)
              {
                /* right, in another order: nothing to explain */
                matches->passed = -1;
                g_free (matches->help);
                matches->help = NULL;
                g_free (matches->details);
                matches->details = NULL;
                g_free (matches->rationale);
                matches->rationale =
                  g_strdup_printf (_("not compared: your run takes another "
                                     "way from step %lld on, which is right "
                                     "too; the comparison follows code that "
                                     "looks at neighbours in the order W, S, "
                                     "E, N"),
                                   (long long) matches->step);
                matches->step = -1;
                matches->cell = -1;
              }
            else
              {
                g_free (matches->help);
                matches->help = g_strdup (_("Bitmaze's run follows the "
                                            "starter's pseudocode, neighbours "
                                            "in the order W, S, E, N, one "
                                            "refresh_maze_view () a step"));
              }
          }
          /* the first maze that differs is the one to explain */
          break;
        }
    }

  if (skipped != NULL)
    for (guint r = 0; r < report->results->len; r++)
      {
        LabResult *res = g_ptr_array_index (report->results, r);

        if (res != compiles)
          result_skip (res, skipped);
      }

  report->seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  g_ptr_array_unref (required);
  lab_remove_dir (dir);
  return g_steal_pointer (&report);

fail:
  g_ptr_array_unref (required);
  lab_remove_dir (dir);
  return NULL;
}
