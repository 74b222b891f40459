/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain.c: what a statement does to a word, and what a wrong answer did.
 *
 * One reader for every statement any step logs (step.c's writer and
 * placement.c's "^= 0x9"), and for what a student may type in the same
 * C: a small recursive-descent parser over
 *
 *   statement := "maze" "[" number "]" op value [";"]
 *   op        := "|=" | "&=" "~" | "^="
 *   value     := term { "|" term } [ "<<" number ]
 *   term      := name | number | "(" value ")"
 *
 * The sentences are messages of messages.c, so every front end shows
 * them in its user's language.
 */
#include "maze.h"

#include <ctype.h>
#include <string.h>

typedef struct
{
  const char *p;
  MazeError  *error;
  /* the last shift written, and the value it shifted */
  bool        shifted;
  unsigned    shift;
  uint32_t    operand;
  bool        failed;
} Reader;

static void
skip_space (Reader *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
    r->p++;
}

/* The text at @at, cut at the end of its word for a message. */
static void
fail (Reader      *r,
      MazeMessage  code,
      const char  *at)
{
  char part[24];
  size_t n = 0;

  if (r->failed)
    return;
  r->failed = true;
  while (*at == ' ')
    at++;
  while (n < sizeof part - 1 && at[n] != '\0')
    n++;
  memcpy (part, at, n);
  part[n] = '\0';
  while (n > 0 && part[n - 1] == ' ')
    part[--n] = '\0';
  maze_error_set (r->error, MAZE_ERROR_ARGUMENT, code, MAZE_TEXT (part));
}

static bool
read_number (Reader   *r,
             uint32_t *value)
{
  const char *p = r->p;
  uint64_t n = 0;
  int base = 10;
  int digits = 0;

  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    {
      base = 16;
      p += 2;
    }
  else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
    {
      base = 2;
      p += 2;
    }
  for (;; p++)
    {
      int d;

      if (*p >= '0' && *p <= '9')
        d = *p - '0';
      else if (*p >= 'a' && *p <= 'f')
        d = *p - 'a' + 10;
      else if (*p >= 'A' && *p <= 'F')
        d = *p - 'A' + 10;
      else
        break;
      if (d >= base)
        return false;
      n = n * (uint64_t) base + (uint64_t) d;
      if (n > UINT32_MAX)
        return false;
      digits++;
    }
  /* 10u, 0x8000u */
  if (*p == 'u' || *p == 'U')
    p++;
  if (digits == 0 || isalnum ((unsigned char) *p) || *p == '_')
    return false;
  *value = (uint32_t) n;
  r->p = p;
  return true;
}

typedef struct
{
  const char *name;
  uint32_t    value;
} Name;

static const Name names[] = {
  { "N", MAZE_N }, { "E", MAZE_E }, { "S", MAZE_S }, { "W", MAZE_W },
  { "MAZE_N", MAZE_N }, { "MAZE_E", MAZE_E }, { "MAZE_S", MAZE_S }, { "MAZE_W", MAZE_W },
  { "MAZE_PASSAGE_SHIFT", MAZE_PASSAGE_SHIFT },
  { "MAZE_BORDER_SHIFT", MAZE_BORDER_SHIFT },
  { "MAZE_SOLUTION_SHIFT", MAZE_SOLUTION_SHIFT },
  { "MAZE_BACKTRACK_SHIFT", MAZE_BACKTRACK_SHIFT },
  { "MAZE_PASSAGE_MASK", MAZE_PASSAGE_MASK },
  { "MAZE_BORDER_MASK", MAZE_BORDER_MASK },
  { "MAZE_SOLUTION_MASK", MAZE_SOLUTION_MASK },
  { "MAZE_BACKTRACK_MASK", MAZE_BACKTRACK_MASK },
};

static bool
read_name (Reader   *r,
           uint32_t *value)
{
  size_t len = 0;

  while (isalnum ((unsigned char) r->p[len]) || r->p[len] == '_')
    len++;
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    if (strlen (names[k].name) == len && strncmp (r->p, names[k].name, len) == 0)
      {
        *value = names[k].value;
        r->p += len;
        return true;
      }
  return false;
}

static bool read_value (Reader *r, uint32_t *value);

static bool
read_term (Reader   *r,
           uint32_t *value)
{
  skip_space (r);
  if (*r->p == '(')
    {
      r->p++;
      if (!read_value (r, value))
        return false;
      skip_space (r);
      if (*r->p != ')')
        {
          fail (r, MAZE_MSG_STATEMENT_PAREN, *r->p ? r->p : "…");
          return false;
        }
      r->p++;
      return true;
    }
  if (isdigit ((unsigned char) *r->p) ? read_number (r, value) : read_name (r, value))
    return true;
  fail (r, MAZE_MSG_STATEMENT_OPERAND, *r->p ? r->p : "…");
  return false;
}

static bool
read_value (Reader   *r,
            uint32_t *value)
{
  uint32_t v, more;

  if (!read_term (r, &v))
    return false;
  for (;;)
    {
      skip_space (r);
      if (r->p[0] != '|' || r->p[1] == '=' || r->p[1] == '|')
        break;
      r->p++;
      if (!read_term (r, &more))
        return false;
      v |= more;
    }
  skip_space (r);
  if (r->p[0] == '<' && r->p[1] == '<')
    {
      const char *at;
      uint32_t shift = 0;

      r->p += 2;
      skip_space (r);
      at = r->p;
      if (!(isdigit ((unsigned char) *r->p) ? read_number (r, &shift) : read_name (r, &shift))
          || shift > 15)
        {
          r->p = at;
          fail (r, MAZE_MSG_STATEMENT_SHIFT, *at ? at : "…");
          return false;
        }
      r->operand = v;
      r->shift = shift;
      r->shifted = true;
      v <<= shift;
    }
  *value = v;
  return true;
}

static const char *const nibble_names[4] = {
  /* Translators: the name of bits 0-3 of a cell, a set bit is a knocked-down wall */
  MAZE_N_("passages"),
  /* Translators: the name of bits 4-7 of a cell, a set bit is a side on the maze's outer edge */
  MAZE_N_("border"),
  /* Translators: the name of bits 8-11 of a cell, where the solution path leaves the cell */
  MAZE_N_("solution"),
  /* Translators: the name of bits 12-15 of a cell, where the search came from */
  MAZE_N_("backtrack"),
};

const char *
maze_nibble_name (int nibble)
{
  return nibble >= 0 && nibble < 4 ? nibble_names[nibble] : "";
}

void
maze_bits_list (uint16_t  bits,
                char     *buf,
                size_t    len)
{
  size_t used = 0;

  if (len == 0)
    return;
  buf[0] = '\0';
  for (int bit = 15; bit >= 0; bit--)
    {
      int n;

      if (!((bits >> bit) & 1))
        continue;
      n = snprintf (buf + used, len - used, used == 0 ? "%d" : ", %d", bit);
      if (n < 0 || (size_t) n >= len - used)
        return;
      used += (size_t) n;
    }
}

static void
binary (uint16_t  word,
        char      out[20])
{
  char *p = out;

  for (int bit = 15; bit >= 0; bit--)
    {
      *p++ = (char) ('0' + ((word >> bit) & 1));
      if (bit % 4 == 0 && bit != 0)
        *p++ = ' ';
    }
  *p = '\0';
}

/* The nibble all of @mask lies in, or -1. */
static int
nibble_of (uint16_t mask)
{
  for (int n = 0; n < 4; n++)
    if (mask != 0 && (mask & ~(0xFu << (4 * n))) == 0)
      return n;
  return -1;
}

static uint16_t
apply (MazeExplainOp op,
       uint16_t      word,
       uint16_t      mask)
{
  switch (op)
    {
    case MAZE_EXPLAIN_OR: return (uint16_t) (word | mask);
    case MAZE_EXPLAIN_AND_NOT: return (uint16_t) (word & ~mask);
    case MAZE_EXPLAIN_XOR: default: return (uint16_t) (word ^ mask);
    }
}

static const char *
op_text (MazeExplainOp op)
{
  switch (op)
    {
    case MAZE_EXPLAIN_OR: return "|=";
    case MAZE_EXPLAIN_AND_NOT: return "&= ~";
    case MAZE_EXPLAIN_XOR: default: return "^=";
    }
}

/* The operand as it reads in a sentence: "W", "(N | W)", "0x0F00". */
static void
operand_text (uint32_t  value,
              bool      hex,
              char     *buf,
              size_t    len)
{
  if (!hex && value >= 1 && value <= 0xF)
    {
      const char *letter = maze_dir_letter ((uint16_t) value);

      if (maze_dir_index ((uint16_t) value) >= 0)
        snprintf (buf, len, "%s", letter);
      else
        {
          size_t used = 0;

          for (int k = 0; k < 4; k++)
            if (value & MAZE_DIRECTIONS[k])
              {
                int n = snprintf (buf + used, len - used, "%s%s", used == 0 ? "(" : " | ",
                                  maze_dir_letter (MAZE_DIRECTIONS[k]));

                if (n < 0 || (size_t) n >= len - used)
                  break;
                used += (size_t) n;
              }
          if (used + 1 < len)
            {
              buf[used] = ')';
              buf[used + 1] = '\0';
            }
        }
      return;
    }
  snprintf (buf, len, value > 0xF ? "0x%04X" : "0x%X", (unsigned) value);
}

/* Did the operand name its bits with letters (N, E, S, W) rather than a
 * number? */
static bool
written_with_letters (const char *start,
                      const char *end)
{
  for (const char *p = start; p < end; p++)
    if (isdigit ((unsigned char) *p) && (p == start || !isalnum ((unsigned char) p[-1])))
      {
        /* a digit that begins a number: a number operand, unless it
         * is the shift after "<<" */
        const char *q = p;

        while (q > start && (q[-1] == ' ' || q[-1] == '\t'))
          q--;
        if (q - start >= 2 && q[-1] == '<' && q[-2] == '<')
          continue;
        return false;
      }
  return true;
}

MazeStatus
maze_explain (const char      *statement,
              uint16_t         before,
              MazeExplanation *out,
              MazeError       *error)
{
  Reader r = { statement != NULL ? statement : "", error, false, 0, 0, false };
  const char *value_start, *value_end;
  uint32_t index, value;
  char bits[64], bin[20];
  size_t len;

  memset (out, 0, offsetof (MazeExplanation, mask_sentence));
  maze_error_clear (&out->mask_sentence);
  maze_error_clear (&out->op_sentence);
  maze_error_clear (&out->why);
  out->answered = false;
  out->mistake = MAZE_MISTAKE_NONE;
  out->differ = 0;
  out->answer = 0;

  /* the statement as given, trimmed, without its ';' */
  skip_space (&r);
  len = strlen (r.p);
  while (len > 0 && (r.p[len - 1] == ' ' || r.p[len - 1] == '\t' || r.p[len - 1] == '\n'
                     || r.p[len - 1] == '\r' || r.p[len - 1] == ';'))
    len--;
  if (len >= sizeof out->statement)
    len = sizeof out->statement - 1;
  memcpy (out->statement, r.p, len);
  out->statement[len] = '\0';

  if (strncmp (r.p, "maze", 4) != 0)
    {
      fail (&r, MAZE_MSG_STATEMENT_START, *r.p ? r.p : "…");
      return MAZE_ERROR_ARGUMENT;
    }
  r.p += 4;
  skip_space (&r);
  if (*r.p != '[')
    {
      fail (&r, MAZE_MSG_STATEMENT_START, statement);
      return MAZE_ERROR_ARGUMENT;
    }
  r.p++;
  skip_space (&r);
  {
    const char *at = r.p;

    if (!isdigit ((unsigned char) *r.p) || !read_number (&r, &index)
        || (skip_space (&r), *r.p != ']'))
      {
        char part[24];
        size_t n = 0;

        while (at[n] != '\0' && at[n] != ']' && n < sizeof part - 1)
          {
            part[n] = at[n];
            n++;
          }
        part[n] = '\0';
        maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_STATEMENT_INDEX, MAZE_TEXT (part));
        return MAZE_ERROR_ARGUMENT;
      }
  }
  r.p++;
  skip_space (&r);

  if (r.p[0] == '|' && r.p[1] == '=')
    {
      out->op = MAZE_EXPLAIN_OR;
      r.p += 2;
    }
  else if (r.p[0] == '^' && r.p[1] == '=')
    {
      out->op = MAZE_EXPLAIN_XOR;
      r.p += 2;
    }
  else if (r.p[0] == '&' && r.p[1] == '=')
    {
      const char *at = r.p;

      r.p += 2;
      skip_space (&r);
      if (*r.p != '~')
        {
          fail (&r, MAZE_MSG_STATEMENT_OPERATOR, at);
          return MAZE_ERROR_ARGUMENT;
        }
      r.p++;
      out->op = MAZE_EXPLAIN_AND_NOT;
    }
  else
    {
      fail (&r, MAZE_MSG_STATEMENT_OPERATOR, *r.p ? r.p : "…");
      return MAZE_ERROR_ARGUMENT;
    }

  skip_space (&r);
  value_start = r.p;
  if (!read_value (&r, &value))
    return MAZE_ERROR_ARGUMENT;
  value_end = r.p;
  skip_space (&r);
  if (*r.p == ';')
    r.p++;
  skip_space (&r);
  if (*r.p != '\0')
    {
      fail (&r, MAZE_MSG_STATEMENT_TRAILING, r.p);
      return MAZE_ERROR_ARGUMENT;
    }
  if (value > 0xFFFF)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_STATEMENT_WIDE, MAZE_NUM (value));
      return MAZE_ERROR_ARGUMENT;
    }

  out->index = index;
  out->mask = (uint16_t) value;
  out->shifted = r.shifted;
  out->shift = r.shifted ? r.shift : 0;
  out->operand = (uint16_t) (r.shifted ? r.operand : value);
  out->nibble = nibble_of (out->mask);
  out->before = before;
  out->after = apply (out->op, before, out->mask);
  operand_text (out->operand, !written_with_letters (value_start, value_end),
                out->operand_text, sizeof out->operand_text);

  binary (out->mask, bin);
  if (out->shifted && out->nibble >= 0 && out->operand <= 0xF)
    maze_error_set (&out->mask_sentence, MAZE_OK, MAZE_MSG_EXPLAIN_SHIFT,
                    MAZE_TEXT (out->operand_text), MAZE_NUM (out->operand),
                    MAZE_NUM (out->shift), MAZE_PHRASE (maze_nibble_name (out->nibble)),
                    MAZE_NUM (4 * out->nibble), MAZE_NUM (4 * out->nibble + 3),
                    MAZE_NUM (out->mask), MAZE_TEXT (bin));
  else if (out->nibble >= 0)
    {
      char text[24];

      /* "0xF << 8" reads as its mask */
      if (out->shifted)
        operand_text (out->mask, true, text, sizeof text);
      else
        snprintf (text, sizeof text, "%s", out->operand_text);
      maze_error_set (&out->mask_sentence, MAZE_OK, MAZE_MSG_EXPLAIN_NIBBLE,
                      MAZE_TEXT (text), MAZE_NUM (out->mask), MAZE_TEXT (bin),
                      MAZE_PHRASE (maze_nibble_name (out->nibble)),
                      MAZE_NUM (4 * out->nibble), MAZE_NUM (4 * out->nibble + 3));
    }
  else
    {
      char text[24];

      operand_text (out->mask, true, text, sizeof text);
      maze_error_set (&out->mask_sentence, MAZE_OK, MAZE_MSG_EXPLAIN_WIDE,
                      MAZE_TEXT (text), MAZE_NUM (out->mask), MAZE_TEXT (bin));
    }

  maze_bits_list (out->mask, bits, sizeof bits);
  maze_error_set (&out->op_sentence, MAZE_OK,
                  out->op == MAZE_EXPLAIN_OR ? MAZE_MSG_EXPLAIN_OR
                  : out->op == MAZE_EXPLAIN_AND_NOT ? MAZE_MSG_EXPLAIN_AND_NOT
                  : MAZE_MSG_EXPLAIN_XOR,
                  MAZE_TEXT (bits), MAZE_NUM (before), MAZE_NUM (out->after));
  return MAZE_OK;
}

MazeMistake
maze_explain_answer (MazeExplanation *ex,
                     uint16_t         answer)
{
  uint16_t right = ex->after;
  uint16_t mask = ex->mask;
  char bits[64];

  ex->answered = true;
  ex->answer = answer;
  ex->differ = (uint16_t) (answer ^ right);
  maze_error_clear (&ex->why);

  if (answer == right)
    return ex->mistake = MAZE_MISTAKE_NONE;

  if (answer == ex->before)
    {
      maze_bits_list (mask, bits, sizeof bits);
      maze_error_set (&ex->why, MAZE_OK, MAZE_MSG_MISTAKE_NOT_APPLIED,
                      MAZE_NUM (ex->before), MAZE_TEXT (op_text (ex->op)),
                      MAZE_TEXT (bits), MAZE_NUM (right));
      return ex->mistake = MAZE_MISTAKE_NOT_APPLIED;
    }

  if (ex->nibble >= 0)
    {
      unsigned at = 4u * (unsigned) ex->nibble;
      uint16_t dirs = (uint16_t) ((mask >> at) & 0xF);

      /* the same bits moved to another nibble: a misread shift */
      for (int n = 0; n < 4; n++)
        {
          if (n == ex->nibble || apply (ex->op, ex->before, (uint16_t) (dirs << (4 * n))) != answer)
            continue;
          if (ex->shifted && ex->operand <= 0xF)
            maze_error_set (&ex->why, MAZE_OK, MAZE_MSG_MISTAKE_NIBBLE_SHIFT,
                            MAZE_NUM (ex->shift), MAZE_TEXT (ex->operand_text),
                            MAZE_PHRASE (maze_nibble_name (ex->nibble)),
                            MAZE_NUM (at), MAZE_NUM (at + 3),
                            MAZE_PHRASE (maze_nibble_name (n)));
          else
            maze_error_set (&ex->why, MAZE_OK, MAZE_MSG_MISTAKE_NIBBLE,
                            MAZE_TEXT (ex->operand_text),
                            MAZE_PHRASE (maze_nibble_name (ex->nibble)),
                            MAZE_NUM (at), MAZE_NUM (at + 3),
                            MAZE_PHRASE (maze_nibble_name (n)));
          return ex->mistake = MAZE_MISTAKE_WRONG_NIBBLE;
        }

      /* other bits of the right nibble */
      for (uint16_t d = 1; d <= 0xF; d++)
        {
          bool opposite = d == maze_opposite (dirs);

          if (d == dirs || apply (ex->op, ex->before, (uint16_t) (d << at)) != answer)
            continue;
          if (maze_dir_index (d) >= 0 && maze_dir_index (dirs) >= 0)
            maze_error_set (&ex->why, MAZE_OK,
                            opposite ? MAZE_MSG_MISTAKE_OPPOSITE : MAZE_MSG_MISTAKE_DIRECTION,
                            MAZE_DIR (d), MAZE_NUM (d), MAZE_DIR (dirs), MAZE_NUM (dirs));
          else
            {
              /* several bits have no direction's name: say them as written */
              char used[24], named[24];

              operand_text (d, false, used, sizeof used);
              operand_text (dirs, false, named, sizeof named);
              maze_error_set (&ex->why, MAZE_OK,
                              opposite ? MAZE_MSG_MISTAKE_OPPOSITE : MAZE_MSG_MISTAKE_DIRECTION,
                              MAZE_TEXT (used), MAZE_NUM (d), MAZE_TEXT (named), MAZE_NUM (dirs));
            }
          return ex->mistake = opposite ? MAZE_MISTAKE_OPPOSITE_DIRECTION
                                        : MAZE_MISTAKE_WRONG_DIRECTION;
        }
    }

  /* Outside the mask the answer only lost bits, and the mask's bits are
   * right (as if = for |=), or it kept only the mask (&= without ~). */
  {
    uint16_t lost = (uint16_t) (right & ~answer & ~mask);
    bool gained = (answer & ~right & ~mask) != 0;
    bool mask_right = ((answer ^ right) & mask) == 0;
    bool and_without_not = ex->op == MAZE_EXPLAIN_AND_NOT && answer == (ex->before & mask);

    if (lost != 0 && !gained && (mask_right || and_without_not))
      {
        maze_bits_list (lost, bits, sizeof bits);
        maze_error_set (&ex->why, MAZE_OK, MAZE_MSG_MISTAKE_DROPPED,
                        MAZE_TEXT (bits), MAZE_TEXT (op_text (ex->op)));
        return ex->mistake = MAZE_MISTAKE_DROPPED_BITS;
      }
  }

  maze_bits_list (ex->differ, bits, sizeof bits);
  maze_error_set (&ex->why, MAZE_OK, MAZE_MSG_MISTAKE_OTHER, MAZE_TEXT (bits), MAZE_NUM (right));
  return ex->mistake = MAZE_MISTAKE_OTHER;
}

const char *
maze_mistake_code (MazeMistake mistake)
{
  switch (mistake)
    {
    case MAZE_MISTAKE_NONE: return "right";
    case MAZE_MISTAKE_WRONG_NIBBLE: return "wrong-nibble";
    case MAZE_MISTAKE_OPPOSITE_DIRECTION: return "opposite-direction";
    case MAZE_MISTAKE_WRONG_DIRECTION: return "wrong-direction";
    case MAZE_MISTAKE_DROPPED_BITS: return "dropped-bits";
    case MAZE_MISTAKE_NOT_APPLIED: return "not-applied";
    case MAZE_MISTAKE_OTHER: default: return "other";
    }
}
