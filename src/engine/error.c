/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * error.c: setting an error, and formatting a template of the table of
 * messages (messages.c), English or translated, with an error's values.
 * One formatter for both, so that the English message and its
 * translation always say the same.
 */
#include "maze.h"

#include <stdio.h>
#include <string.h>

void
maze_error_clear (MazeError *error)
{
  if (error == NULL)
    return;
  error->status = MAZE_OK;
  error->code = MAZE_MSG_NONE;
  error->n_args = 0;
  error->texts[0] = '\0';
  error->message[0] = '\0';
}

MazeStatus
maze_error_set_args (MazeError          *error,
                     MazeStatus          status,
                     MazeMessage         code,
                     const MazeErrorArg *args)
{
  size_t used = 0;

  if (error == NULL)
    return status;
  error->status = status;
  error->code = code;
  error->n_args = 0;
  for (unsigned k = 0; k < MAZE_ERROR_MAX_ARGS && args[k].kind != MAZE_ARG_END; k++)
    {
      MazeErrorArg *arg = &error->args[k];

      *arg = args[k];
      error->text_at[k] = (uint32_t) used;
      if (arg->kind == MAZE_ARG_TEXT || arg->kind == MAZE_ARG_PHRASE)
        {
          const char *text = args[k].text != NULL ? args[k].text : "";
          size_t room = sizeof error->texts - 1 - used;
          size_t len = strlen (text);

          /* Only more than two whole paths in one message is cut. */
          if (len > room)
            len = room;
          memcpy (error->texts + used, text, len);
          error->texts[used + len] = '\0';
          if (len < room)
            used += len + 1;
          else
            used += len;
          arg->text = NULL;
        }
      error->n_args = k + 1;
    }
  maze_error_format (error, maze_message_template (code), NULL,
                     error->message, sizeof error->message);
  return status;
}

const char *
maze_error_arg_text (const MazeError *error,
                     unsigned         n)
{
  if (n >= error->n_args
      || (error->args[n].kind != MAZE_ARG_TEXT && error->args[n].kind != MAZE_ARG_PHRASE))
    return "";
  return error->texts + error->text_at[n];
}

/* ---- formatting ---- */

/* An append-only writer that counts what does not fit as well. */
typedef struct
{
  char   *buf;
  size_t  len;
  size_t  used;
} Out;

static void
put (Out        *out,
     const char *s,
     size_t      n)
{
  if (out->used + 1 < out->len)
    {
      size_t room = out->len - 1 - out->used;

      memcpy (out->buf + out->used, s, n < room ? n : room);
    }
  out->used += n;
}

static void
put_number (Out      *out,
            uint64_t  n,
            char      conversion,
            bool      zero,
            unsigned  width)
{
  static const char upper[] = "0123456789ABCDEF";
  static const char lower[] = "0123456789abcdef";
  const char *set = conversion == 'x' ? lower : upper;
  unsigned base = conversion == 'x' || conversion == 'X' ? 16 : 10;
  bool negative = conversion == 'd' && (int64_t) n < 0;
  char digits[24];
  unsigned k = 0;

  if (negative)
    n = (uint64_t) 0 - n;
  do
    {
      digits[k++] = set[n % base];
      n /= base;
    }
  while (n != 0);
  if (negative)
    put (out, "-", 1);
  for (; width > k + negative; width--)
    put (out, zero ? "0" : " ", 1);
  while (k > 0)
    put (out, &digits[--k], 1);
}

static void
put_real (Out    *out,
          double  x,
          char    conversion,
          int     precision)
{
  char real[400];
  int n;

  if (conversion == 'f')
    n = snprintf (real, sizeof real, "%.*f", precision < 0 ? 6 : precision, x);
  else
    n = snprintf (real, sizeof real, "%g", x);
  if (n > 0)
    put (out, real, (size_t) n < sizeof real ? (size_t) n : sizeof real - 1);
}

size_t
maze_error_format (const MazeError      *error,
                   const char           *template,
                   const MazeErrorWords *words,
                   char                 *buf,
                   size_t                len)
{
  Out out = { buf, buf != NULL ? len : 0, 0 };
  unsigned next = 0;

  for (const char *p = template; *p != '\0'; p++)
    {
      const char *start = p;
      const MazeErrorArg *arg = NULL;
      unsigned index, width = 0;
      int precision = -1;
      bool zero = false;

      if (*p != '%')
        {
          while (p[1] != '\0' && p[1] != '%')
            p++;
          put (&out, start, (size_t) (p - start) + 1);
          continue;
        }
      p++;
      if (*p == '%')
        {
          put (&out, "%", 1);
          continue;
        }
      /* "%2$s" takes the value it names, a plain conversion the next */
      index = next++;
      if (*p >= '1' && *p <= '9')
        {
          const char *q = p;
          unsigned n = 0;

          while (*q >= '0' && *q <= '9')
            n = n * 10 + (unsigned) (*q++ - '0');
          if (*q == '$')
            {
              index = n - 1;
              p = q + 1;
            }
        }
      for (; *p == '0' || *p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '\''; p++)
        zero = zero || *p == '0';
      for (; *p >= '0' && *p <= '9'; p++)
        width = width * 10 + (unsigned) (*p - '0');
      if (*p == '.')
        for (precision = 0, p++; *p >= '0' && *p <= '9'; p++)
          precision = precision * 10 + (*p - '0');
      while (*p == 'h' || *p == 'l' || *p == 'z' || *p == 'j' || *p == 't' || *p == 'L')
        p++;
      if (*p == '\0')
        break;
      if (error != NULL && index < error->n_args)
        arg = &error->args[index];
      if (arg == NULL)
        continue;

      switch (*p)
        {
        case 's':
          if (arg->kind == MAZE_ARG_DIRECTION)
            {
              uint16_t dir = (uint16_t) arg->number;
              const char *name = words != NULL && words->direction != NULL
                                 ? words->direction (dir, words->data)
                                 : maze_dir_name (dir);

              put (&out, name, strlen (name));
            }
          else if (arg->kind == MAZE_ARG_TEXT || arg->kind == MAZE_ARG_PHRASE)
            {
              const char *text = maze_error_arg_text (error, index);

              if (arg->kind == MAZE_ARG_PHRASE && *text != '\0'
                  && words != NULL && words->phrase != NULL)
                text = words->phrase (text, words->data);
              put (&out, text, strlen (text));
            }
          break;
        case 'f':
        case 'g':
          put_real (&out, arg->real, *p, precision);
          break;
        case 'd':
        case 'i':
          put_number (&out, arg->number, 'd', zero, width);
          break;
        case 'u':
        case 'x':
        case 'X':
          put_number (&out, arg->number, *p, zero, width);
          break;
        default:
          break;
        }
    }
  if (out.len > 0)
    out.buf[out.used < out.len ? out.used : out.len - 1] = '\0';
  return out.used;
}
