/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-trace.c: `solve --trace` and `generate --trace`, a JSON object a
 * step (JSON Lines), and the listings they refer to.  The format is a
 * contract (docs/trace.md): the lab compares a student's program with
 * it, so keys are only ever added.
 *
 * The lines are written by hand, not with json-glib: a trace of a big
 * maze has millions of them, and every value is a number or one of a
 * few ASCII strings (statements, kind names) escaped below.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "cli.h"

const char *
cli_step_kind_name (MazeStepKind kind)
{
  switch (kind)
    {
    case MAZE_STEP_CARVE: return "carve";
    case MAZE_STEP_BUILD_WALL: return "build-wall";
    case MAZE_STEP_LOOP: return "loop";
    case MAZE_STEP_OPENING: return "opening";
    case MAZE_STEP_SCAN: return "scan";
    case MAZE_STEP_VISIT: return "visit";
    case MAZE_STEP_BACKTRACK: return "backtrack";
    case MAZE_STEP_REACH: return "reach";
    case MAZE_STEP_PATH: return "path";
    case MAZE_STEP_JUMP: return "jump";
    case MAZE_STEP_FOUND: return "found";
    case MAZE_STEP_NO_PATH: return "no-path";
    case MAZE_STEP_DONE: return "done";
    case MAZE_STEP_NONE:
    default:
      return "none";
    }
}

/* @text as a JSON string, quotes included. */
static void
put_json_string (GString    *out,
                 const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      if ((unsigned char) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (unsigned) (unsigned char) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
put_cell (GString  *out,
          uint32_t  cell)
{
  if (cell == UINT32_MAX)
    g_string_append (out, "null");
  else
    g_string_append_printf (out, "%" G_GUINT32_FORMAT, cell);
}

/* One line of the trace: step @number and what @step did. */
static void
put_step (GString        *out,
          guint64         number,
          const MazeStep *step)
{
  g_string_append_printf (out, "{\"step\":%" G_GUINT64_FORMAT ",\"kind\":\"%s\",\"cell\":",
                          number, cli_step_kind_name (step->kind));
  put_cell (out, step->cell);
  g_string_append (out, ",\"other\":");
  put_cell (out, step->other);
  g_string_append_printf (out, ",\"line\":%u,\"writes\":[", (unsigned) step->line);
  for (unsigned k = 0; k < step->n_changes; k++)
    {
      const MazeChange *c = &step->changes[k];

      g_string_append_printf (out, "%s{\"index\":%" G_GUINT32_FORMAT ",\"before\":%u,"
                              "\"after\":%u,\"statement\":",
                              k > 0 ? "," : "", c->index, (unsigned) c->before,
                              (unsigned) c->after);
      put_json_string (out, c->expr);
      g_string_append_printf (out, ",\"line\":%u}", (unsigned) c->line);
    }
  g_string_append (out, "]}\n");
}

/* Writes @out's text to standard output; CLI_EXIT_OK or the failure. */
static int
flush_lines (GString *out)
{
  if (out->len > 0 && fwrite (out->str, 1, out->len, stdout) != out->len)
    return cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"), g_strerror (errno));
  g_string_truncate (out, 0);
  return CLI_EXIT_OK;
}

/* Lines are gathered and written in blocks of about this many bytes. */
#define TRACE_BLOCK 65536

int
cli_trace_solver (MazeSolver *solver)
{
  g_autoptr (GString) out = g_string_sized_new (TRACE_BLOCK + 1024);
  guint64 number = 0;
  MazeStep step;
  int status = CLI_EXIT_OK;

  while (status == CLI_EXIT_OK && maze_solver_step (solver, &step))
    {
      put_step (out, ++number, &step);
      if (out->len >= TRACE_BLOCK)
        status = flush_lines (out);
    }
  if (status == CLI_EXIT_OK)
    status = flush_lines (out);
  if (status == CLI_EXIT_OK && fflush (stdout) != 0)
    status = cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"), g_strerror (errno));
  return status;
}

int
cli_trace_generator (MazeGenerator *gen)
{
  g_autoptr (GString) out = g_string_sized_new (TRACE_BLOCK + 1024);
  guint64 number = 0;
  MazeStep step;
  MazeError error;
  int status = CLI_EXIT_OK;

  while (status == CLI_EXIT_OK && maze_generator_step (gen, &step))
    {
      put_step (out, ++number, &step);
      if (out->len >= TRACE_BLOCK)
        status = flush_lines (out);
    }
  if (status == CLI_EXIT_OK)
    status = flush_lines (out);
  if (status == CLI_EXIT_OK && fflush (stdout) != 0)
    status = cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"), g_strerror (errno));
  maze_error_clear (&error);
  if (status == CLI_EXIT_OK && maze_generator_status (gen, &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);
  return status;
}

int
cli_print_listing (const MazeAlgorithm *algorithm,
                   gboolean             json,
                   FILE                *out)
{
  unsigned n = maze_listing_length (algorithm);
  g_autoptr (GString) text = g_string_new (NULL);
  int digits = n >= 100 ? 3 : 2;

  if (json)
    {
      g_string_append (text, "{\"name\":");
      put_json_string (text, algorithm->name);
      g_string_append (text, ",\"lines\":[");
    }
  for (unsigned i = 1; i <= n; i++)
    {
      const MazeListingLine *line = maze_listing_line (algorithm, i);
      g_autofree char *full = NULL;

      /* Only the comments are translated, and not for scripts: --json
       * gives the same text in every language. */
      full = maze_listing_text (line, line->comment == NULL || json ? NULL : _(line->comment));
      if (full == NULL)
        return cli_fail (CLI_EXIT_FAILURE, _("out of memory"));
      if (json)
        {
          if (i > 1)
            g_string_append_c (text, ',');
          put_json_string (text, full);
        }
      else
        g_string_append_printf (text, "%*u  %s\n", digits, i, full);
    }
  if (json)
    g_string_append (text, "]}\n");
  if (fwrite (text->str, 1, text->len, out) != text->len || fflush (out) != 0)
    return cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"), g_strerror (errno));
  return CLI_EXIT_OK;
}
