/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * predict.c: the questions of predict mode, made from the step about to
 * be done (a peek), so that every answer is what the step then does.
 */
#include "maze-private.h"

#include <ctype.h>
#include <string.h>

void
maze_predict_options_init (MazePredictOptions *options)
{
  options->every = 1;
  options->nibble = -1;
  options->words = true;
  options->cells = true;
}

/* Does @change change nibble @nibble (any nibble for -1)? */
static bool
change_in_nibble (const MazeChange *change,
                  int               nibble)
{
  uint16_t differ = (uint16_t) (change->before ^ change->after);

  if (nibble < 0)
    return true;
  return ((differ >> (4 * nibble)) & 0xF) != 0;
}

bool
maze_predict_selects (const MazePredictOptions *options,
                      uint64_t                  number,
                      const MazeStep           *next)
{
  uint64_t every = options->every != 0 ? options->every : 1;

  if (number == 0 || number % every != 0)
    return false;
  if (options->nibble < 0)
    return true;
  for (unsigned k = 0; k < next->n_changes; k++)
    if (change_in_nibble (&next->changes[k], options->nibble))
      return true;
  return false;
}

size_t
maze_predict_questions (const Maze               *maze,
                        const MazeSolver         *solver,
                        const MazeStep           *next,
                        uint64_t                  number,
                        const MazePredictOptions *options,
                        MazeQuestion             *out,
                        size_t                    max)
{
  uint32_t width = maze_width (maze);
  size_t n = 0;

  if (!maze_predict_selects (options, number, next))
    return 0;

  if (options->cells && solver != NULL && n < max)
    {
      MazeQuestion *q = &out[n];

      memset (q, 0, sizeof *q);
      if (maze_solver_next_cell (solver, &q->index, q->ties, MAZE_QUESTION_TIES_MAX,
                                 &q->n_ties))
        {
          q->kind = MAZE_QUESTION_CELL;
          q->x = q->index % width;
          q->y = q->index / width;
          q->from = maze_solver_current (solver);
          q->reason = maze_solver_algorithm (solver)->next_rule;
          n++;
        }
    }

  for (unsigned k = 0; options->words && k < next->n_changes && n < max; k++)
    {
      const MazeChange *c = &next->changes[k];
      MazeQuestion *q = &out[n];

      if (!change_in_nibble (c, options->nibble))
        continue;
      memset (q, 0, sizeof *q);
      q->kind = MAZE_QUESTION_WORD;
      q->index = c->index;
      q->x = c->index % width;
      q->y = c->index / width;
      q->change = k;
      q->word = c->before;
      q->answer = c->after;
      memcpy (q->statement, c->expr, sizeof q->statement);
      q->from = UINT32_MAX;
      n++;
    }
  return n;
}

bool
maze_question_cell_right (const MazeQuestion *question,
                          uint32_t            cell)
{
  if (question->kind != MAZE_QUESTION_CELL)
    return false;
  if (cell == question->index)
    return true;
  for (unsigned k = 0; k < question->n_ties && k < MAZE_QUESTION_TIES_MAX; k++)
    if (question->ties[k] == cell)
      return true;
  return false;
}

bool
maze_predict_parse_word (const char *text,
                         uint16_t   *word)
{
  const char *p = text, *end = text + strlen (text);
  unsigned base = 16, digits = 0;
  uint32_t value = 0;
  bool after_separator = false;

  while (p < end && isspace ((unsigned char) *p))
    p++;
  while (end > p && isspace ((unsigned char) end[-1]))
    end--;
  if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  else if (end - p >= 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
    {
      base = 2;
      p += 2;
    }

  for (; p < end; p++)
    {
      unsigned d;

      if (*p == '_' || *p == ' ')
        {
          /* only one at a time, between two digits */
          if (digits == 0 || after_separator)
            return false;
          after_separator = true;
          continue;
        }
      if (*p >= '0' && *p <= '9')
        d = (unsigned) (*p - '0');
      else if (*p >= 'a' && *p <= 'f')
        d = (unsigned) (*p - 'a' + 10);
      else if (*p >= 'A' && *p <= 'F')
        d = (unsigned) (*p - 'A' + 10);
      else
        return false;
      if (d >= base)
        return false;
      value = value * base + d;
      if (value > 0xFFFF)
        return false;
      digits++;
      after_separator = false;
    }
  if (digits == 0 || after_separator)
    return false;
  *word = (uint16_t) value;
  return true;
}
