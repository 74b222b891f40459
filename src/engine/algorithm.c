/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * algorithm.c: reading and writing the full names of the algorithms of
 * the registries (registry.c): "corridor:8" is the descriptor "corridor"
 * with 8 as its parameter.
 *
 * Numbers are read and written without the C library's locale-dependent
 * functions, so that no locale changes what a name means.
 */
#include "maze-private.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A fraction has at most this many decimals: 10^9 fits in 32 bits. */
#define FRACTION_DIGITS 9
#define FRACTION_SCALE  1000000000u

const MazeAlgorithm *
maze_algorithm_with (const MazeAlgorithm *const *registry,
                     unsigned                    flags)
{
  for (size_t k = 0; registry[k] != NULL; k++)
    if ((registry[k]->flags & flags) == flags)
      return registry[k];
  return NULL;
}

const MazeAlgorithm *
maze_algorithm_default (const MazeAlgorithm *const *registry)
{
  const MazeAlgorithm *algorithm = maze_algorithm_with (registry, MAZE_ALGORITHM_DEFAULT);

  return algorithm != NULL ? algorithm : registry[0];
}

/* ---- numbers ---- */

/* A whole number in @s (decimal digits only, at least one); values above
 * 10^6 read as 10^6, which is out of every range. */
static bool
parse_count (const char *s,
             uint32_t   *out)
{
  uint64_t v = 0;

  if (*s == '\0')
    return false;
  for (; *s != '\0'; s++)
    {
      if (*s < '0' || *s > '9')
        return false;
      v = v * 10 + (uint64_t) (*s - '0');
      if (v > 1000000)
        v = 1000000;
    }
  *out = (uint32_t) v;
  return true;
}

/* A decimal number "0", "1", "0.25", ".5", "1.000" from 0 to 1 as
 * num / den, den a power of ten without needless zeros ("0.250" is
 * 25 / 100), so that equal numbers are the same fraction. */
static bool
parse_fraction (const char *s,
                uint32_t   *num,
                uint32_t   *den)
{
  uint32_t whole = 0, frac = 0, scale = 1;
  unsigned n_whole = 0, n_frac = 0;

  for (; *s >= '0' && *s <= '9'; s++, n_whole++)
    {
      whole = whole * 10 + (uint32_t) (*s - '0');
      if (whole > 1)
        return false;
    }
  if (*s == '.')
    {
      for (s++; *s >= '0' && *s <= '9'; s++, n_frac++)
        {
          if (n_frac >= FRACTION_DIGITS)
            return false;
          frac = frac * 10 + (uint32_t) (*s - '0');
          scale *= 10;
        }
      if (n_frac == 0)
        return false;
    }
  if (*s != '\0' || n_whole + n_frac == 0)
    return false;
  if (whole == 1 && frac != 0)
    return false;
  while (scale > 1 && frac % 10 == 0)
    {
      frac /= 10;
      scale /= 10;
    }
  *num = whole * scale + frac;
  *den = scale;
  return true;
}

/* Writes @num / @den (den a power of ten, num <= den) as "0", "1" or
 * "0.25" into @buf, which holds FRACTION_DIGITS + 3 bytes. */
static void
format_fraction (char     *buf,
                 uint32_t  num,
                 uint32_t  den)
{
  char *p = buf;
  unsigned k = 0;

  if (num == 0 || num >= den)
    {
      *p++ = num == 0 ? '0' : '1';
      *p = '\0';
      return;
    }
  /* den is 10^k: num's k digits, without the zeros at the end. */
  for (uint32_t d = den; d > 1; d /= 10)
    k++;
  *p++ = '0';
  *p++ = '.';
  for (unsigned i = k; i-- > 0;)
    {
      p[i] = (char) ('0' + num % 10);
      num /= 10;
    }
  while (k > 1 && p[k - 1] == '0')
    k--;
  p[k] = '\0';
}

static void
format_count (char     *buf,
              uint32_t  n)
{
  char digits[12];
  int k = 0;

  do
    {
      digits[k++] = (char) ('0' + n % 10);
      n /= 10;
    }
  while (n != 0);
  while (k > 0)
    *buf++ = digits[--k];
  *buf = '\0';
}

/* @value as a fraction num / 10^9, reduced, clamped to @param's range. */
static void
fraction_of (const MazeParam *param,
             double           value,
             uint32_t        *num,
             uint32_t        *den)
{
  if (!(value >= param->min))
    value = param->min;
  if (value > param->max)
    value = param->max;
  *num = (uint32_t) (value * FRACTION_SCALE + 0.5);
  *den = FRACTION_SCALE;
  while (*den > 1 && *num % 10 == 0)
    {
      *num /= 10;
      *den /= 10;
    }
}

static uint32_t
count_of (const MazeParam *param,
          double           value)
{
  if (!(value >= param->min))
    value = param->min;
  if (value > param->max)
    value = param->max;
  return (uint32_t) (value + 0.5);
}

/* ---- names ---- */

static bool
is_generator_registry (const MazeAlgorithm *const *registry)
{
  return registry[0] != NULL && registry[0]->generator != NULL;
}

/* The family of a name: what comes before its first ':'. */
static size_t
family_length (const char *name)
{
  return strcspn (name, ":");
}

static bool
same_family (const char *a,
             const char *b)
{
  size_t n = family_length (a);

  return n == family_length (b) && strncmp (a, b, n) == 0;
}

/* "known: a, b, c": the listing names of the family of @name in
 * @registry, or of the whole registry when @family is false. */
static void
known_names (const MazeAlgorithm *const *registry,
             const char                 *name,
             bool                        family,
             char                       *buf,
             size_t                      len)
{
  size_t used = 0;

  buf[0] = '\0';
  for (size_t k = 0; registry[k] != NULL; k++)
    {
      const MazeAlgorithm *a = registry[k];
      bool param = a->param.kind != MAZE_PARAM_NONE;
      int n;

      if (family && !same_family (a->name, name))
        continue;
      n = snprintf (buf + used, len - used, "%s%s%s%s", used > 0 ? ", " : "",
                    a->name, param ? ":" : "", param ? a->param.letter : "");
      if (n < 0 || (size_t) n >= len - used)
        break;
      used += (size_t) n;
    }
}

static bool
unknown_name (const MazeAlgorithm *const *registry,
              const char                 *name,
              MazeError                  *error)
{
  char known[MAZE_ERROR_MESSAGE_MAX];
  bool family = false;

  for (size_t k = 0; registry[k] != NULL && !family; k++)
    family = same_family (registry[k]->name, name);

  if (is_generator_registry (registry) && !family)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_GENERATOR, MAZE_TEXT (name));
      return false;
    }
  known_names (registry, name, family, known, sizeof known);
  if (is_generator_registry (registry))
    maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_GENERATOR_VARIANT,
                    MAZE_TEXT (name), MAZE_TEXT (known));
  else
    maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_UNKNOWN_SOLVER, MAZE_TEXT (name),
                    MAZE_TEXT (known));
  return false;
}

/* Reads @arg as the parameter of @a into @choice. */
static bool
parse_param (const MazeAlgorithm *a,
             const char          *arg,
             MazeChoice          *choice,
             MazeError           *error)
{
  const MazeParam *param = &a->param;

  if (param->kind == MAZE_PARAM_COUNT)
    {
      uint32_t n;

      if (!parse_count (arg, &n) || n < param->min || n > param->max)
        {
          maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PARAM_COUNT, MAZE_TEXT (a->name),
                          MAZE_NUM (param->min), MAZE_NUM (param->max), MAZE_TEXT (arg));
          return false;
        }
      choice->count = n;
      choice->value = n;
      return true;
    }

  if (!parse_fraction (arg, &choice->num, &choice->den)
      || (double) choice->num / choice->den < param->min
      || (double) choice->num / choice->den > param->max)
    {
      char min[FRACTION_DIGITS + 3], max[FRACTION_DIGITS + 3];
      uint32_t num, den;

      fraction_of (param, param->min, &num, &den);
      format_fraction (min, num, den);
      fraction_of (param, param->max, &num, &den);
      format_fraction (max, num, den);
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_PARAM_FRACTION, MAZE_TEXT (a->name),
                      MAZE_TEXT (min), MAZE_TEXT (max), MAZE_TEXT (arg));
      return false;
    }
  choice->value = (double) choice->num / choice->den;
  return true;
}

/* Fills choice->name with the canonical full name. */
static void
compose (MazeChoice *choice)
{
  const MazeAlgorithm *a = choice->algorithm;
  char value[16];

  switch (a->param.kind)
    {
    case MAZE_PARAM_COUNT:
      format_count (value, choice->count);
      break;
    case MAZE_PARAM_FRACTION:
      format_fraction (value, choice->num, choice->den);
      break;
    case MAZE_PARAM_NONE:
    default:
      snprintf (choice->name, sizeof choice->name, "%s", a->name);
      return;
    }
  snprintf (choice->name, sizeof choice->name, "%s:%s", a->name, value);
}

/* The parameter's fallback as a choice. */
static void
fallback (MazeChoice *choice)
{
  const MazeParam *param = &choice->algorithm->param;

  switch (param->kind)
    {
    case MAZE_PARAM_COUNT:
      choice->count = count_of (param, param->fallback);
      choice->value = choice->count;
      break;
    case MAZE_PARAM_FRACTION:
      fraction_of (param, param->fallback, &choice->num, &choice->den);
      choice->value = (double) choice->num / choice->den;
      break;
    case MAZE_PARAM_NONE:
    default:
      break;
    }
}

/* @text lowercased, each run of other characters than letters, digits
 * and '*' one '-', none at the ends: "Growing Tree, Oldest First" is
 * "growing-tree-oldest-first".  Cut to @len. */
static void
slug (const char *text,
      char       *out,
      size_t      len)
{
  size_t used = 0;
  bool dash = false;

  for (const char *p = text; *p != '\0' && used + 2 < len; p++)
    {
      char c = *p;

      if (c >= 'A' && c <= 'Z')
        c = (char) (c - 'A' + 'a');
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '*')
        {
          if (dash && used > 0)
            out[used++] = '-';
          out[used++] = c;
          dash = false;
        }
      else
        dash = true;
    }
  out[used] = '\0';
}

bool
maze_algorithm_choose (const MazeAlgorithm *const *registry,
                       const char                 *name,
                       MazeChoice                 *choice,
                       MazeError                  *error)
{
  memset (choice, 0, sizeof *choice);
  if (name == NULL || *name == '\0')
    {
      if (is_generator_registry (registry))
        maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_GENERATOR);
      else
        maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_NO_SOLVER);
      return false;
    }

  /* The whole name, or an alias: the parameter's fallback. */
  for (size_t k = 0; registry[k] != NULL; k++)
    {
      const MazeAlgorithm *a = registry[k];

      if (strcmp (a->name, name) == 0
          || (a->alias != NULL && strcmp (a->alias, name) == 0))
        {
          choice->algorithm = a;
          fallback (choice);
          compose (choice);
          return true;
        }
    }

  /* The label a program shows ("Recursive Backtracker", or written as
   * a name, "recursive-backtracker"), in any case; but not a label that
   * is the name itself ("Prim"): a name is exact, "Prim" is no name. */
  {
    char wanted[128], label[128];

    /* "name:value" is a name with its parameter, never a label */
    slug (strchr (name, ':') == NULL ? name : "", wanted, sizeof wanted);
    for (size_t k = 0; registry[k] != NULL && wanted[0] != '\0'; k++)
      {
        const MazeAlgorithm *a = registry[k];

        slug (a->label, label, sizeof label);
        if (strcmp (label, wanted) == 0 && strcmp (label, a->name) != 0)
          {
            choice->algorithm = a;
            fallback (choice);
            compose (choice);
            return true;
          }
      }
  }

  /* A name, ':' and a value. */
  for (size_t k = 0; registry[k] != NULL; k++)
    {
      const MazeAlgorithm *a = registry[k];
      size_t len = strlen (a->name);

      if (strncmp (a->name, name, len) != 0 || name[len] != ':')
        continue;
      if (a->param.kind == MAZE_PARAM_NONE)
        {
          /* "prim:3"; but "wall-follower:up" is a name of its own family */
          bool others = false;

          for (size_t j = 0; registry[j] != NULL; j++)
            others = others || (registry[j] != a && same_family (registry[j]->name, a->name));
          if (others)
            break;
          if (is_generator_registry (registry))
            maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_GENERATOR_NO_PARAM,
                            MAZE_TEXT (a->name), MAZE_TEXT (name));
          else
            maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_SOLVER_NO_PARAM,
                            MAZE_TEXT (a->name), MAZE_TEXT (name));
          return false;
        }
      choice->algorithm = a;
      if (!parse_param (a, name + len + 1, choice, error))
        return false;
      compose (choice);
      return true;
    }

  return unknown_name (registry, name, error);
}

const MazeAlgorithm *
maze_algorithm_find (const MazeAlgorithm *const *registry,
                     const char                 *name,
                     double                     *value,
                     MazeError                  *error)
{
  MazeChoice choice;

  if (!maze_algorithm_choose (registry, name, &choice, error))
    return NULL;
  if (value != NULL)
    *value = choice.value;
  return choice.algorithm;
}

char *
maze_algorithm_canonical_name (const MazeAlgorithm *const *registry,
                               const char                 *name,
                               MazeError                  *error)
{
  MazeChoice choice;
  char *copy;

  if (!maze_algorithm_choose (registry, name, &choice, error))
    return NULL;
  copy = strdup (choice.name);
  if (copy == NULL)
    maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                    MAZE_PHRASE (MAZE_N_("an algorithm's name")), MAZE_NUM (strlen (choice.name) + 1));
  return copy;
}

char *
maze_algorithm_full_name (const MazeAlgorithm *algorithm,
                          double               value)
{
  MazeChoice choice;

  memset (&choice, 0, sizeof choice);
  choice.algorithm = algorithm;
  switch (algorithm->param.kind)
    {
    case MAZE_PARAM_COUNT:
      choice.count = count_of (&algorithm->param, value);
      break;
    case MAZE_PARAM_FRACTION:
      fraction_of (&algorithm->param, value, &choice.num, &choice.den);
      break;
    case MAZE_PARAM_NONE:
    default:
      break;
    }
  compose (&choice);
  return strdup (choice.name);
}

char *
maze_algorithm_list_name (const MazeAlgorithm *algorithm)
{
  size_t len = strlen (algorithm->name);
  char *name;

  if (algorithm->param.kind == MAZE_PARAM_NONE)
    return strdup (algorithm->name);
  name = malloc (len + strlen (algorithm->param.letter) + 2);
  if (name == NULL)
    return NULL;
  memcpy (name, algorithm->name, len);
  name[len] = ':';
  strcpy (name + len + 1, algorithm->param.letter);
  return name;
}

bool
maze_generator_name_valid (const char *name,
                           MazeError  *error)
{
  return maze_algorithm_find (maze_generators, name, NULL, error) != NULL;
}

bool
maze_solver_name_valid (const char *name,
                        MazeError  *error)
{
  return maze_algorithm_find (maze_solvers, name, NULL, error) != NULL;
}
