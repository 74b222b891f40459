/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-json.c: the --json output of info, solve and validate, built with
 * json-glib (which does the escaping).  The keys are documented in the
 * README ("Output for scripts") and only ever added to.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-error.h"
#include "cli.h"

JsonBuilder *
cli_json_begin (const char *file)
{
  JsonBuilder *builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  if (file != NULL)
    json_builder_add_string_value (builder, file);
  else
    json_builder_add_null_value (builder);
  return builder;
}

void
cli_json_add_uint (JsonBuilder *builder,
                   const char  *key,
                   guint64      value)
{
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, (gint64) MIN (value, (guint64) G_MAXINT64));
}

void
cli_json_add_string (JsonBuilder *builder,
                     const char  *key,
                     const char  *value)
{
  json_builder_set_member_name (builder, key);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
cli_json_add_cell (JsonBuilder *builder,
                   const char  *key,
                   const Maze  *maze,
                   uint32_t     index)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_object (builder);
  cli_json_add_uint (builder, "x", index % maze_width (maze));
  cli_json_add_uint (builder, "y", index / maze_width (maze));
  json_builder_end_object (builder);
}

void
cli_json_add_size (JsonBuilder *builder,
                   const Maze  *maze)
{
  json_builder_set_member_name (builder, "size");
  json_builder_begin_object (builder);
  cli_json_add_uint (builder, "width", maze_width (maze));
  cli_json_add_uint (builder, "height", maze_height (maze));
  cli_json_add_uint (builder, "cells", maze_n_cells (maze));
  /* the cells of the maze's shape: "cells" for a rectangle */
  cli_json_add_uint (builder, "inside", maze_n_inside (maze));
  json_builder_end_object (builder);
}

/* The words of MazeStatus, for scripts that only want the kind. */
static const char *
status_word (MazeStatus status)
{
  switch (status)
    {
    case MAZE_OK:
      return "ok";
    case MAZE_ERROR_NOMEM:
      return "out-of-memory";
    case MAZE_ERROR_SIZE:
      return "size";
    case MAZE_ERROR_ARGUMENT:
      return "argument";
    case MAZE_ERROR_IO:
      return "io";
    case MAZE_ERROR_FORMAT:
      return "format";
    case MAZE_ERROR_INCONSISTENT:
      return "inconsistent";
    default:
      return "unknown";
    }
}

void
cli_json_add_error (JsonBuilder     *builder,
                    const MazeError *error)
{
  g_autofree char *message = bitmaze_error_message (error);

  json_builder_set_member_name (builder, "error");
  json_builder_begin_object (builder);
  cli_json_add_string (builder, "status", status_word (error->status));
  cli_json_add_uint (builder, "code", (guint64) error->code);
  cli_json_add_string (builder, "template", maze_message_template (error->code));
  cli_json_add_string (builder, "message", message);
  cli_json_add_string (builder, "message_en", error->message);
  json_builder_end_object (builder);
}

int
cli_json_print (JsonBuilder *builder,
                FILE        *out,
                gboolean     pretty)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  gsize len;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, &len);
  g_object_unref (builder);

  if (fwrite (text, 1, len, out) != len || fputc ('\n', out) == EOF
      || fflush (out) != 0)
    return cli_fail (CLI_EXIT_FAILURE, "%s: %s",
                     out == stdout ? _("standard output") : _("standard error"),
                     g_strerror (errno));
  return CLI_EXIT_OK;
}

int
cli_json_fail (const char      *file,
               const MazeError *error,
               FILE            *out)
{
  JsonBuilder *builder = cli_json_begin (file);
  int status;

  cli_json_add_error (builder, error);
  status = cli_json_print (builder, out, TRUE);
  return status == CLI_EXIT_OK ? CLI_EXIT_FAILURE : status;
}

Maze *
cli_load_quietly (const char *path,
                  MazeError  *error)
{
  maze_error_clear (error);
  if (g_str_equal (path, "-"))
    return maze_load_stdio (stdin, error);
  return maze_load_file (path, error);
}
