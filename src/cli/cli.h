/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli.h: what the files of bitmaze-cli share: exit codes, option parsing,
 * error messages, the progress bar and the text renderer.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "maze.h"
#include "maze-output.h"

G_BEGIN_DECLS

/* The exit codes, as documented in `bitmaze-cli --help`. */
enum
{
  CLI_EXIT_OK      = 0, /* success (also "no path" without --require-path) */
  CLI_EXIT_FAILURE = 1, /* a value or a file the user got wrong */
  CLI_EXIT_USAGE   = 2, /* unknown command or option, missing argument */
  CLI_EXIT_NO_PATH = 3, /* solve --require-path found no path */
};

/* Mazes of at least this many cells get a progress bar (when stderr is a
 * terminal): below it the work takes well under a second. */
#define CLI_PROGRESS_MIN_CELLS (1u << 20)

/* ---- messages ---- */

/* Prints "bitmaze-cli: MESSAGE" on stderr and returns @code. */
int cli_fail (int         code,
              const char *format,
              ...) G_GNUC_PRINTF (2, 3);

/* For a bad command line: "bitmaze-cli COMMAND: MESSAGE (see ... --help)"
 * on stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error (const char *command,
                     const char *format,
                     ...) G_GNUC_PRINTF (2, 3);

/* Maps an engine error to an exit code and prints it, prefixed with
 * @what ("maze.maze") when not NULL and not already in the message. */
int cli_fail_maze (const char      *what,
                   const MazeError *error);

/* ---- algorithms ---- */

/* Prints every algorithm of @registry (maze_generators or maze_solvers)
 * on a line of its own: its name as listings write it, its description
 * and what its parameter means, in the user's language. */
void cli_list_algorithms (const MazeAlgorithm *const *registry);

/* ---- traces and listings (cli-trace.c, docs/trace.md) ---- */

/* "carve", "reach", ...: a step's kind as the trace names it. */
const char *cli_step_kind_name (MazeStepKind kind);

/* Steps @solver (@gen) to the end, printing each step on standard output
 * as one line of JSON (docs/trace.md).  CLI_EXIT_OK, or the failure
 * printed. */
int cli_trace_solver    (MazeSolver    *solver);
int cli_trace_generator (MazeGenerator *gen);

/* Prints @algorithm's listing to @out: each line with its number, the
 * comments translated; with @json one object {"name", "lines"} whose
 * lines are the same in every language. */
int cli_print_listing (const MazeAlgorithm *algorithm,
                       gboolean             json,
                       FILE                *out);

/* ---- option parsing ---- */

/* A context for "bitmaze-cli COMMAND [OPTION…] PARAMETER" whose --help
 * shows @summary above and @description below the options. */
GOptionContext *cli_context_new (const char         *command,
                                 const char         *parameter,
                                 const char         *summary,
                                 const char         *description,
                                 const GOptionEntry *entries);

/* Parses @argv in place (GOption removes what it understood).  Returns
 * CLI_EXIT_OK, or prints the error and returns CLI_EXIT_USAGE. */
int cli_parse (GOptionContext *context,
               const char     *command,
               int            *argc,
               char         ***argv);

/* "40x30" (or "40" for a square) into @width and @height; CLI_EXIT_OK or
 * an error message and CLI_EXIT_FAILURE. */
int cli_parse_size (const char *text,
                    uint32_t   *width,
                    uint32_t   *height);

/* A decimal number in @min ..= @max for option @option. */
int cli_parse_uint (const char *option,
                    const char *text,
                    guint64     min,
                    guint64     max,
                    guint64    *value);

/* "--color=auto|always|never" against @stream: TRUE for colour. */
int cli_parse_color (const char *text,
                     FILE       *stream,
                     gboolean   *color);

/* Prints the names --shape takes, one a line with a description
 * (render_shape_list()), as --list prints the algorithms. */
void cli_list_shapes (void);

/* The options of a shaped maze: --shape and --mask exclude each other,
 * --keep-largest needs one of them.  CLI_EXIT_OK or a usage error. */
int cli_check_shape_options (const char *command,
                             const char *shape,
                             const char *mask,
                             gboolean    keep_largest);

/* A new maze, every wall standing, of *@width x *@height cells, or of the
 * cells of --shape @shape or --mask @mask when one is not NULL (with
 * --mask and *@width 0: the mask's own size, written to *@width and
 * *@height), keeping the largest piece of a broken shape when asked; the
 * "shape" metadata says which.  NULL with the error printed. */
Maze *cli_new_maze (const char *shape,
                    const char *mask,
                    gboolean    keep_largest,
                    uint32_t   *width,
                    uint32_t   *height);

/* Loads a .maze file ("-" for stdin) or prints why not and returns NULL. */
Maze *cli_load (const char *path);

/* ---- -o FILE: every file goes through maze-output.h ---- */

/* Option values are taken as the bytes they are (UTF-8 text), whatever
 * the locale: GOption converts G_OPTION_ARG_STRING values from the
 * locale's character set, which refuses "Café" under LC_ALL=C with a
 * message that names no option.  Text values are checked where they are
 * used (cli_check_text()). */
#define CLI_ARG_TEXT G_OPTION_ARG_FILENAME

/* Checks @value of option @option (e.g. "--title") as one line of text:
 * UTF-8, no control characters.  CLI_EXIT_OK or a printed error naming
 * the option and the reason. */
int cli_check_text (const char *option,
                    const char *value);

/* @text as it may be shown (maze_text_escape(): control characters and
 * bytes that are not UTF-8 as "\x1b"); g_free() it.  For metadata values
 * and paths on a terminal or a page. */
char *cli_shown (const char *text);

/* Checks -o @path before the work (maze_output_check(); "-" is standard
 * output).  @binary: a .maze or an image, refused on a terminal.
 * CLI_EXIT_OK or a printed error. */
int cli_output_check (const char *path,
                      gboolean    force,
                      gboolean    binary);

/* Opens -o @path ("-": standard output, flushed first), or prints why not
 * and returns NULL. */
MazeOutput *cli_output_open (const char *path,
                             gboolean    force,
                             gboolean    binary);

/* Commits @out when @status is CLI_EXIT_OK (printing a failure), else
 * aborts it.  Returns the exit status. */
int cli_output_finish (MazeOutput *out,
                       int         status);

/* Is -o @path standard output: "-", or another name of the pipe or file
 * standard output is (/dev/stdout, /proc/self/fd/1)?  A command's report
 * then goes to standard error, so it does not end up in the file. */
gboolean cli_output_is_stdout (const char *path);

/* Writes @maze to @path ("-": standard output) by the rule of
 * maze-output.h.  CLI_EXIT_OK or a printed error. */
int cli_save (const Maze *maze,
              const char *path,
              gboolean    force);

/* The current time as ISO 8601 UTC ("2024-05-01T12:00:00Z"); honours
 * SOURCE_DATE_EPOCH so builds and tests can be reproducible. */
char *cli_now_iso8601 (void);

/* ---- the progress bar (on stderr, only when it is a terminal) ---- */

typedef struct
{
  gboolean    enabled;
  gboolean    drawn;
  gint64      started;
  gint64      last_draw;
  const char *label;
} CliProgress;

void cli_progress_init   (CliProgress *progress,
                          const char  *label,
                          guint64      n_cells);
void cli_progress_update (CliProgress *progress,
                          double       fraction);
void cli_progress_finish (CliProgress *progress);

/* Runs @gen to the end, stepping in chunks under a progress bar.
 * CLI_EXIT_OK, or a printed error when the engine ran out of memory. */
int cli_run_generator (MazeGenerator *gen,
                       const Maze    *maze);

/* Runs @solver to the end, stepping in chunks under a progress bar.
 * CLI_EXIT_OK, or a printed error when the search ran out of memory (its
 * "no path" is then no answer). */
int cli_run_solver (MazeSolver *solver,
                    const Maze *maze);

/* ---- --json output (cli-json.c) ---- */

/* A new builder inside an open object whose first member is "file"
 * (@file, or null).  cli_json_print() closes the object and frees it. */
JsonBuilder *cli_json_begin     (const char      *file);

/* Members of the open object: a number (clamped to G_MAXINT64), a string
 * (null for NULL), a cell as {"x", "y"}, "size" as {"width", "height",
 * "cells"}, and "error" as {"status", "code", "template", "message",
 * "message_en"} (the MazeStatus as a word, the MazeMessage and its
 * English template, the message in the user's language and in the
 * engine's English). */
void         cli_json_add_uint   (JsonBuilder     *builder,
                                  const char      *key,
                                  guint64          value);
void         cli_json_add_string (JsonBuilder     *builder,
                                  const char      *key,
                                  const char      *value);
void         cli_json_add_cell   (JsonBuilder     *builder,
                                  const char      *key,
                                  const Maze      *maze,
                                  uint32_t         index);
void         cli_json_add_size   (JsonBuilder     *builder,
                                  const Maze      *maze);
void         cli_json_add_error  (JsonBuilder     *builder,
                                  const MazeError *error);

/* Ends the object, writes it to @out (indented when @pretty, else on one
 * line) with a newline, and frees @builder.  CLI_EXIT_OK or a printed
 * write error. */
int          cli_json_print      (JsonBuilder     *builder,
                                  FILE            *out,
                                  gboolean         pretty);

/* Prints {"file": @file, "error": {...}} to @out; returns
 * CLI_EXIT_FAILURE. */
int          cli_json_fail       (const char      *file,
                                  const MazeError *error,
                                  FILE            *out);

/* Loads a .maze file ("-": standard input) without printing anything:
 * NULL with @error set. */
Maze        *cli_load_quietly    (const char      *path,
                                  MazeError       *error);

/* ---- text rendering (cli-text.c) ---- */

typedef struct
{
  gboolean ascii;    /* "+--+" and "|" instead of box drawing */
  gboolean color;    /* ANSI colours */
  gboolean solution; /* show the solution nibbles */
  gboolean search;   /* show the backtrack nibbles (the cells searched) */
  gboolean labels;   /* column and row numbers */
  guint32  current;  /* a cell to highlight (animation), or G_MAXUINT32 */
} CliTextOptions;

/* Defaults: box drawing (ASCII when the locale is not UTF-8), no colour,
 * solution and search shown, no labels, no current cell. */
void  cli_text_options_init (CliTextOptions *options);

/* Number of text lines the maze takes (2 * height + 1, plus the labels). */
guint cli_text_n_lines      (const Maze           *maze,
                             const CliTextOptions *options);

/* Appends text line @line (no newline) to @out. */
void  cli_text_line         (const Maze           *maze,
                             const CliTextOptions *options,
                             guint                 line,
                             GString              *out);

/* Prints the whole maze, line by line (so a huge maze needs no huge
 * buffer).  Returns FALSE when writing failed. */
gboolean cli_text_print     (const Maze           *maze,
                             const CliTextOptions *options,
                             FILE                 *out);

/* The same into @out (a file of -o, or "-"); FALSE when a write failed
 * (maze_output_error() says why). */
gboolean cli_text_write     (const Maze           *maze,
                             const CliTextOptions *options,
                             MazeOutput           *out);

/* ---- the sub-commands ---- */

/* Each takes the arguments after "bitmaze-cli" (argv[0] is the command's
 * name) and returns the exit status. */
int cli_generate (int    argc,
                  char **argv);
int cli_solve    (int    argc,
                  char **argv);
int cli_info     (int    argc,
                  char **argv);
int cli_render   (int    argc,
                  char **argv);
int cli_animate  (int    argc,
                  char **argv);
int cli_validate (int    argc,
                  char **argv);
int cli_worksheet (int    argc,
                   char **argv);
int cli_quiz      (int    argc,
                   char **argv);
int cli_class     (int    argc,
                   char **argv);
int cli_explain   (int    argc,
                   char **argv);

/* ---- the explainer (cli-explain.c) ---- */

/* What @ex's statement does, its two sentences in the user's language:
 * the mask, then the operator.  g_free() it. */
char *cli_explain_text         (const MazeExplanation *ex);

/* One line on @out: "Right: ..." or "Mistake CODE: the sentence" for the
 * answer maze_explain_answer() looked at. */
void  cli_explain_print_answer (FILE                  *out,
                                const MazeExplanation *ex);
int cli_lab       (int    argc,
                   char **argv);

G_END_DECLS
