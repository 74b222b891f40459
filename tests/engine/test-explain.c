/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The explainer: for every generator and every solver of the registry,
 * on a perfect maze, one with loops and a shaped one, every statement of
 * every step explains to the word the engine wrote; each mistake a
 * student makes has its name; a statement it cannot read says which part.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "maze.h"

#define SEED 3636

typedef struct
{
  guint statements;
  guint steps;
} Count;

static void
check_step (const MazeStep *step,
            Count          *count)
{
  static MazeExplanation ex;

  count->steps++;
  for (unsigned k = 0; k < step->n_changes; k++)
    {
      const MazeChange *c = &step->changes[k];
      MazeError error;

      if (maze_explain (c->expr, c->before, &ex, &error) != MAZE_OK)
        g_error ("cannot explain \"%s\": %s", c->expr, error.message);
      if (ex.after != c->after || ex.index != c->index)
        g_error ("\"%s\" on 0x%04X: explained maze[%u] = 0x%04X, the engine wrote maze[%u] = 0x%04X",
                 c->expr, c->before, ex.index, ex.after, c->index, c->after);
      g_assert_cmpstr (ex.mask_sentence.message, !=, "");
      g_assert_cmpstr (ex.op_sentence.message, !=, "");
      g_assert_cmpint (maze_explain_answer (&ex, c->after), ==, MAZE_MISTAKE_NONE);
      count->statements++;
    }
}

/* A maze of @width x @height, shaped as @shape (or a rectangle for NULL). */
static Maze *
blank_maze (const char *shape)
{
  MazeError error;
  Maze *maze;

  if (shape == NULL)
    maze = maze_new (9, 7, &error);
  else
    {
      MazeShape *s = maze_shape_builtin (shape, 12, 12, &error);

      g_assert_nonnull (s);
      maze = maze_new_shaped (12, 12, s, MAZE_PIECES_KEEP_LARGEST, &error);
      maze_shape_free (s);
    }
  g_assert_nonnull (maze);
  return maze;
}

static void
test_every_algorithm (gconstpointer data)
{
  const char *shape = data;
  Count count = { 0, 0 };
  guint generators = 0;

  for (size_t k = 0; maze_generators[k] != NULL; k++)
    for (unsigned loops = 0; loops <= 30; loops += 30)
      {
        const MazeAlgorithm *g = maze_generators[k];
        Maze *maze = blank_maze (shape);
        MazeHistory *history;
        MazeError error;
        MazeStep step;

        history = maze_history_new_generator (maze, g->name, SEED + k, loops, true,
                                              MAZE_PLACE_FAR, true, &error);
        if (history == NULL)
          {
            /* a generator that cannot fill this shape says so */
            g_assert_nonnull (shape);
            maze_free (maze);
            continue;
          }
        generators++;
        while (maze_history_step (history, &step))
          check_step (&step, &count);
        check_step (&step, &count);
        maze_history_free (history);

        for (size_t s = 0; maze_solvers[s] != NULL; s++)
          {
            MazeHistory *search = maze_history_new_solver (maze, maze_solvers[s]->name, &error);

            g_assert_nonnull (search);
            while (maze_history_step (search, &step))
              check_step (&step, &count);
            check_step (&step, &count);
            /* and back: the steps shown again are explained the same */
            while (maze_history_back (search, &step))
              check_step (&step, &count);
            maze_history_free (search);
          }

        /* The inspector's edits: every bit toggled, and put back. */
        for (uint32_t i = 0; i < maze_n_cells (maze); i += 5)
          for (unsigned bit = 0; bit < 16; bit++)
            {
              uint16_t was = maze_cells (maze)[i];

              if (maze_toggle_bit (maze, i, bit, &step, &error) != MAZE_OK)
                continue;
              check_step (&step, &count);
              step.n_changes = 0;
              g_assert_cmpint (maze_restore_bits (maze, i, 0xFF0F, was, &step, &error), ==, MAZE_OK);
              check_step (&step, &count);
            }
        maze_free (maze);
      }
  g_assert_cmpuint (generators, >, 0);
  g_test_message ("%u statements of %u steps explained", count.statements, count.steps);
  g_assert_cmpuint (count.statements, >, 1000);
}

static MazeMistake
mistake_of (const char *statement,
            uint16_t    before,
            uint16_t    answer,
            char       *why,
            gsize       len)
{
  static MazeExplanation ex;
  MazeError error;
  MazeMistake mistake;

  g_assert_cmpint (maze_explain (statement, before, &ex, &error), ==, MAZE_OK);
  mistake = maze_explain_answer (&ex, answer);
  g_strlcpy (why, ex.why.message, len);
  return mistake;
}

static void
test_statement (void)
{
  static MazeExplanation ex;
  MazeError error;

  g_assert_cmpint (maze_explain ("maze[87] |= W << 12;", 0x0036, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.index, ==, 87);
  g_assert_cmpuint (ex.mask, ==, 0x8000);
  g_assert_cmpint (ex.nibble, ==, 3);
  g_assert_cmpuint (ex.after, ==, 0x8036);
  g_assert_cmpstr (ex.statement, ==, "maze[87] |= W << 12");
  g_assert_cmpstr (ex.mask_sentence.message, ==,
                   "W is 0x8; << 12 moves it into the backtrack nibble, bits 12–15: "
                   "the mask is 0x8000 (binary 1000 0000 0000 0000).");
  g_assert_cmpstr (ex.op_sentence.message, ==,
                   "|= sets the bits of the mask (15) and keeps the others: 0x0036 becomes 0x8036.");

  g_assert_cmpint (maze_explain ("maze[87] &= ~0x0F00", 0x0436, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0036);
  g_assert_cmpint (ex.nibble, ==, 2);
  g_assert_cmpstr (ex.mask_sentence.message, ==,
                   "0x0F00 is the mask 0x0F00 (binary 0000 1111 0000 0000), in the solution nibble, bits 8–11.");

  g_assert_cmpint (maze_explain ("maze[5] &= ~(N | W)", 0x0039, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0030);
  g_assert_cmpstr (ex.operand_text, ==, "(N | W)");
  g_assert_cmpint (maze_explain ("maze[5] &= ~(E << 8)", 0x0236, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0036);
  g_assert_cmpint (maze_explain (" maze [ 5 ] ^= 0x9 ; ", 0x0031, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0038);
  g_assert_cmpint (maze_explain ("maze[5] |= MAZE_S << MAZE_SOLUTION_SHIFT", 0, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0400);
  g_assert_cmpint (maze_explain ("maze[5] |= (N | E) << 4", 0, &ex, &error), ==, MAZE_OK);
  g_assert_cmpuint (ex.after, ==, 0x0030);
}

static void
test_mistakes (void)
{
  char why[512];

  /* the example: W << 12 set in the solution nibble */
  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x0836, why, sizeof why),
                   ==, MAZE_MISTAKE_WRONG_NIBBLE);
  g_assert_cmpstr (why, ==, "<< 12 moves W into the backtrack nibble, bits 12–15; "
                            "you changed the solution nibble instead.");
  g_assert_cmpint (mistake_of ("maze[87] |= S", 0x0030, 0x0430, why, sizeof why),
                   ==, MAZE_MISTAKE_WRONG_NIBBLE);
  g_assert_cmpstr (why, ==, "S belongs in the passages nibble, bits 0–3; you changed the solution nibble instead.");

  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x2036, why, sizeof why),
                   ==, MAZE_MISTAKE_OPPOSITE_DIRECTION);
  g_assert_cmpstr (why, ==, "You used east (2), the opposite side of west (8): N=1 E=2 S=4 W=8.");

  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x1036, why, sizeof why),
                   ==, MAZE_MISTAKE_WRONG_DIRECTION);
  g_assert_cmpstr (why, ==, "You used north (1), but the statement names west (8): N=1 E=2 S=4 W=8.");
  g_assert_cmpint (mistake_of ("maze[9] &= ~(E << 8)", 0x0636, 0x0236, why, sizeof why),
                   ==, MAZE_MISTAKE_WRONG_DIRECTION);

  /* = instead of |=: only the mask is left */
  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x8000, why, sizeof why),
                   ==, MAZE_MISTAKE_DROPPED_BITS);
  g_assert_cmpstr (why, ==, "The bits of the mask are right, but bits 5, 4, 2, 1 that were set "
                            "before are lost: |= keeps every bit outside the mask.");
  /* &= without ~: only what the mask selects is left */
  g_assert_cmpint (mistake_of ("maze[87] &= ~(E << 8)", 0x0236, 0x0200, why, sizeof why),
                   ==, MAZE_MISTAKE_DROPPED_BITS);

  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x0036, why, sizeof why),
                   ==, MAZE_MISTAKE_NOT_APPLIED);
  g_assert_cmpstr (why, ==, "That is the word before, 0x0036: |= changes bits 15, so the word becomes 0x8036.");

  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x8137, why, sizeof why),
                   ==, MAZE_MISTAKE_OTHER);
  g_assert_cmpstr (why, ==, "Bits 8, 0 differ from the right word 0x8036.");

  g_assert_cmpint (mistake_of ("maze[87] |= W << 12;", 0x0036, 0x8036, why, sizeof why),
                   ==, MAZE_MISTAKE_NONE);
  g_assert_cmpstr (why, ==, "");

  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_WRONG_NIBBLE), ==, "wrong-nibble");
  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_OPPOSITE_DIRECTION), ==, "opposite-direction");
  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_WRONG_DIRECTION), ==, "wrong-direction");
  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_DROPPED_BITS), ==, "dropped-bits");
  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_NOT_APPLIED), ==, "not-applied");
  g_assert_cmpstr (maze_mistake_code (MAZE_MISTAKE_OTHER), ==, "other");
}

static void
assert_unreadable (const char  *statement,
                   MazeMessage  code,
                   const char  *message)
{
  static MazeExplanation ex;
  MazeError error;

  g_assert_cmpint (maze_explain (statement, 0, &ex, &error), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (error.code, ==, code);
  g_assert_cmpstr (error.message, ==, message);
}

static void
test_unreadable (void)
{
  assert_unreadable ("cell[3] |= W", MAZE_MSG_STATEMENT_START,
                     "cannot read 'cell[3] |= W': a statement starts with maze[N], such as maze[87]");
  assert_unreadable ("maze[x] |= W", MAZE_MSG_STATEMENT_INDEX,
                     "cannot read the index 'x': put a cell number between the brackets, such as maze[87]");
  assert_unreadable ("maze[3] += W", MAZE_MSG_STATEMENT_OPERATOR,
                     "cannot read the operator '+= W': use |=, &= ~ or ^=");
  assert_unreadable ("maze[3] &= W", MAZE_MSG_STATEMENT_OPERATOR,
                     "cannot read the operator '&= W': use |=, &= ~ or ^=");
  assert_unreadable ("maze[3] |= Q << 4", MAZE_MSG_STATEMENT_OPERAND,
                     "cannot read the operand 'Q << 4': use N, E, S or W, several joined with |, "
                     "or a hex mask such as 0x0F00");
  assert_unreadable ("maze[3] |= W << 16", MAZE_MSG_STATEMENT_SHIFT,
                     "cannot read the shift '16': use << 0, << 4, << 8 or << 12");
  assert_unreadable ("maze[3] &= ~(W << 8", MAZE_MSG_STATEMENT_PAREN, "missing ')' at '…'");
  assert_unreadable ("maze[3] |= W; x", MAZE_MSG_STATEMENT_TRAILING,
                     "cannot read 'x' after the end of the statement");
  assert_unreadable ("maze[3] |= 0x1F000", MAZE_MSG_STATEMENT_WIDE,
                     "the mask 0x1F000 does not fit in a 16-bit word");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/explain/statement", test_statement);
  g_test_add_func ("/explain/mistakes", test_mistakes);
  g_test_add_func ("/explain/unreadable", test_unreadable);
  g_test_add_data_func ("/explain/every-algorithm/rectangle", NULL, test_every_algorithm);
  g_test_add_data_func ("/explain/every-algorithm/circle", "circle", test_every_algorithm);
  return g_test_run ();
}
