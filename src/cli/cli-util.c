/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-util.c: messages, option parsing, loading and saving, and the
 * progress bar shared by the sub-commands of bitmaze-cli.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bitmaze-error.h"
#include "cli.h"
#include "maze-render.h"

int
cli_fail (int         code,
          const char *format,
          ...)
{
  g_autofree char *message = NULL;
  char *shown;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* A path or a value in the message may hold escape sequences. */
  shown = cli_shown (message);
  fflush (stdout);
  fprintf (stderr, "bitmaze-cli: %s\n", shown);
  g_free (shown);
  return code;
}

/* A parameter's bound or fallback as a listing writes it: "65535", "0.5". */
static char *
param_number (const MazeParam *param,
              double           value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (param->kind == MAZE_PARAM_COUNT)
    return g_strdup_printf ("%u", (guint) value);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", value));
}

void
cli_list_algorithms (const MazeAlgorithm *const *registry)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (free);
  int width = 0;

  for (size_t k = 0; registry[k] != NULL; k++)
    {
      char *name = maze_algorithm_list_name (registry[k]);

      g_ptr_array_add (names, name);
      width = MAX (width, (int) g_utf8_strlen (name, -1));
    }
  for (size_t k = 0; registry[k] != NULL; k++)
    {
      const MazeAlgorithm *a = registry[k];
      const MazeParam *param = &a->param;
      const char *name = g_ptr_array_index (names, k);
      g_autofree char *line = NULL;

      line = g_strdup_printf ("%s%*s  %s", name,
                              width - (int) g_utf8_strlen (name, -1), "",
                              _(a->description));
      if (param->kind != MAZE_PARAM_NONE)
        {
          g_autofree char *min = param_number (param, param->min);
          g_autofree char *max = param_number (param, param->max);
          g_autofree char *fallback = param_number (param, param->fallback);
          g_autofree char *with_param = NULL;

          /* Translators: how --list explains a parameter: its letter, its
           * smallest and largest value, what it means, then the
           * algorithm's name and the value it has when the name gives
           * none, as in "(N from 1 to 65535: the longest corridor, in
           * cells; "corridor" alone means 20)" */
          with_param = g_strdup_printf (_("%s (%s from %s to %s: %s; \"%s\" alone means %s)"),
                                        line, param->letter, min, max,
                                        _(param->description), a->name, fallback);
          g_print ("%s\n", with_param);
        }
      else
        g_print ("%s\n", line);
    }
}

int
cli_usage_error (const char *command,
                 const char *format,
                 ...)
{
  g_autofree char *message = NULL;
  char *shown;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  shown = cli_shown (message);
  g_free (message);
  message = shown;

  fflush (stdout);
  if (command != NULL)
    /* TRANSLATORS: the first %s is the command, e.g. "generate" */
    fprintf (stderr, _("bitmaze-cli %s: %s (see 'bitmaze-cli %s --help')\n"),
             command, message, command);
  else
    fprintf (stderr, _("bitmaze-cli: %s (see 'bitmaze-cli --help')\n"),
             message);
  return CLI_EXIT_USAGE;
}

int
cli_fail_maze (const char      *what,
               const MazeError *error)
{
  g_autofree char *translated = bitmaze_error_message (error);
  const char *message = translated[0] != '\0' ? translated : _("unknown error");

  /* A read-only file is replaced only when asked to. */
  if (error->code == MAZE_MSG_OUTPUT_READ_ONLY)
    return cli_fail (CLI_EXIT_FAILURE, _("%s (--force replaces it)"), message);
  /* I/O errors already name the path. */
  if (what == NULL || strstr (message, what) != NULL)
    return cli_fail (CLI_EXIT_FAILURE, "%s", message);
  return cli_fail (CLI_EXIT_FAILURE, "%s: %s", what, message);
}

GOptionContext *
cli_context_new (const char         *command,
                 const char         *parameter,
                 const char         *summary,
                 const char         *description,
                 const GOptionEntry *entries)
{
  g_autofree char *prgname = g_strdup_printf ("bitmaze-cli %s", command);
  GOptionContext *context;

  /* --help prints "Usage: bitmaze-cli generate [OPTION…]". */
  g_set_prgname (prgname);
  context = g_option_context_new (parameter);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (summary != NULL)
    g_option_context_set_summary (context, summary);
  if (description != NULL)
    g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

int
cli_parse (GOptionContext *context,
           const char     *command,
           int            *argc,
           char         ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    return cli_usage_error (command, "%s", error->message);
  return CLI_EXIT_OK;
}

static gboolean
parse_side (const char  *text,
            const char **end,
            guint64     *value)
{
  char *stop = NULL;

  if (!g_ascii_isdigit (*text))
    return FALSE;
  errno = 0;
  *value = g_ascii_strtoull (text, &stop, 10);
  if (errno != 0)
    *value = G_MAXUINT64;
  *end = stop;
  return TRUE;
}

int
cli_parse_size (const char *text,
                uint32_t   *width,
                uint32_t   *height)
{
  const char *p = text;
  guint64 w, h;

  if (!parse_side (p, &p, &w))
    goto bad;
  if (*p == '\0')
    h = w;
  else if ((*p == 'x' || *p == 'X') && parse_side (p + 1, &p, &h))
    {
      if (*p != '\0')
        goto bad;
    }
  else
    goto bad;

  if (w < 1 || w > MAZE_MAX_SIDE || h < 1 || h > MAZE_MAX_SIDE)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("size %s out of range: width and height must be 1 to %u"),
                     text, MAZE_MAX_SIDE);
  if (w * h > MAZE_MAX_CELLS)
    return cli_fail (CLI_EXIT_FAILURE,
                     _("size %s out of range: more than %u cells"),
                     text, MAZE_MAX_CELLS);
  *width = (uint32_t) w;
  *height = (uint32_t) h;
  return CLI_EXIT_OK;

bad:
  return cli_fail (CLI_EXIT_FAILURE,
                   _("invalid size '%s': expected WIDTHxHEIGHT, e.g. 40x30"),
                   text);
}

int
cli_parse_uint (const char *option,
                const char *text,
                guint64     min,
                guint64     max,
                guint64    *value)
{
  g_autoptr (GError) error = NULL;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, value, &error))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("invalid value '%s' for %s: expected a number "
                       "from %llu to %llu"),
                     text, option, (unsigned long long) min,
                     (unsigned long long) max);
  return CLI_EXIT_OK;
}

int
cli_parse_color (const char *text,
                 FILE       *stream,
                 gboolean   *color)
{
  if (text == NULL || g_str_equal (text, "auto"))
    {
      const char *term = g_getenv ("TERM");

      /* The NO_COLOR convention (no-color.org). */
      *color = isatty (fileno (stream))
               && g_getenv ("NO_COLOR") == NULL
               && !(term != NULL && g_str_equal (term, "dumb"));
    }
  else if (g_str_equal (text, "always"))
    *color = TRUE;
  else if (g_str_equal (text, "never"))
    *color = FALSE;
  else
    return cli_fail (CLI_EXIT_FAILURE,
                     _("invalid value '%s' for --color: expected auto, always or never"),
                     text);
  return CLI_EXIT_OK;
}

void
cli_list_shapes (void)
{
  const char *name, *description;
  int width = 0;

  for (size_t k = 0; (name = render_shape_list (k, NULL)) != NULL; k++)
    width = MAX (width, (int) g_utf8_strlen (name, -1));
  for (size_t k = 0; (name = render_shape_list (k, &description)) != NULL; k++)
    printf ("%s%*s  %s\n", name, width - (int) g_utf8_strlen (name, -1), "",
            _(description));
}

int
cli_check_shape_options (const char *command,
                         const char *shape,
                         const char *mask,
                         gboolean    keep_largest)
{
  if (shape != NULL && mask != NULL)
    return cli_usage_error (command, _("--shape and --mask cannot be used together"));
  if (keep_largest && shape == NULL && mask == NULL)
    return cli_usage_error (command, _("--keep-largest needs --shape or --mask"));
  return CLI_EXIT_OK;
}

Maze *
cli_new_maze (const char *shape_name,
              const char *mask,
              gboolean    keep_largest,
              uint32_t   *width,
              uint32_t   *height)
{
  const char *option = mask != NULL ? "--mask" : "--shape";
  MazeShape *shape;
  MazeError error;
  Maze *maze;

  maze_error_clear (&error);
  if (shape_name == NULL && mask == NULL)
    {
      maze = maze_new (*width, *height, &error);
      if (maze == NULL)
        cli_fail_maze (NULL, &error);
      return maze;
    }
  if (mask != NULL)
    shape = render_shape_load_mask (mask, *width, *height, &error);
  else
    shape = render_shape_from_name (shape_name, *width, *height, &error);
  if (shape == NULL)
    {
      cli_fail_maze (option, &error);
      return NULL;
    }
  if (*width == 0)
    {
      *width = maze_shape_width (shape);
      *height = maze_shape_height (shape);
    }
  maze = maze_new_shaped (*width, *height, shape,
                          keep_largest ? MAZE_PIECES_KEEP_LARGEST : MAZE_PIECES_REFUSE,
                          &error);
  maze_shape_free (shape);
  if (maze == NULL)
    {
      cli_fail_maze (option, &error);
      if (error.code == MAZE_MSG_SHAPE_PIECES)
        cli_fail (CLI_EXIT_FAILURE, _("--keep-largest keeps the largest piece"));
      return NULL;
    }
  if (shape_name != NULL)
    maze_meta_set (maze, "shape", shape_name, NULL);
  else
    {
      g_autofree char *base = g_path_get_basename (mask);
      g_autofree char *utf8 = g_filename_display_name (base);
      g_autofree char *value = g_strconcat ("mask:", utf8, NULL);

      maze_meta_set (maze, "shape", value, NULL);
    }
  return maze;
}

Maze *
cli_load (const char *path)
{
  MazeError error;
  Maze *maze;

  maze_error_clear (&error);
  if (g_str_equal (path, "-"))
    maze = maze_load_stdio (stdin, &error);
  else
    maze = maze_load_file (path, &error);
  if (maze == NULL)
    cli_fail_maze (g_str_equal (path, "-") ? _("standard input") : path,
                   &error);
  return maze;
}

char *
cli_shown (const char *text)
{
  char *escaped = maze_text_escape (text);
  char *shown;

  if (escaped == NULL)
    g_error ("out of memory");
  shown = g_strdup (escaped);
  free (escaped);
  return shown;
}

int
cli_check_text (const char *option,
                const char *value)
{
  const char *end;

  if (!g_utf8_validate (value, -1, &end))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("invalid value for %s: it is not UTF-8 text "
                       "(byte %u is 0x%02X)"),
                     option, (unsigned) (end - value) + 1, (unsigned char) *end);
  for (const char *p = value; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        return cli_fail (CLI_EXIT_FAILURE,
                         _("invalid value for %s: it holds the control "
                           "character U+%04X; use one line of printable text"),
                         option, c);
    }
  return CLI_EXIT_OK;
}

int
cli_output_check (const char *path,
                  gboolean    force,
                  gboolean    binary)
{
  MazeError error;

  maze_error_clear (&error);
  if (g_str_equal (path, "-"))
    {
      if (binary && isatty (STDOUT_FILENO))
        return cli_fail (CLI_EXIT_FAILURE,
                         _("not writing a binary file to a terminal; "
                           "use -o FILE or a pipe"));
      return CLI_EXIT_OK;
    }
  if (maze_output_check (path, force ? MAZE_OUTPUT_FORCE : MAZE_OUTPUT_DEFAULT,
                         &error) != MAZE_OK)
    return cli_fail_maze (path, &error);
  return CLI_EXIT_OK;
}

MazeOutput *
cli_output_open (const char *path,
                 gboolean    force,
                 gboolean    binary)
{
  MazeOutput *out;
  MazeError error;

  maze_error_clear (&error);
  if (cli_output_check (path, force, binary) != CLI_EXIT_OK)
    return NULL;
  if (g_str_equal (path, "-"))
    {
      /* What went to stdout through stdio comes first. */
      fflush (stdout);
      out = maze_output_open_fd (STDOUT_FILENO, _("standard output"), &error);
    }
  else
    out = maze_output_open (path, force ? MAZE_OUTPUT_FORCE : MAZE_OUTPUT_DEFAULT,
                            &error);
  if (out == NULL)
    {
      cli_fail_maze (path, &error);
      return NULL;
    }
  /* -o /dev/stdout, or a terminal named by its path. */
  if (binary && isatty (maze_output_fd (out)))
    {
      maze_output_abort (out);
      cli_fail (CLI_EXIT_FAILURE,
                _("not writing a binary file to a terminal; use -o FILE or a pipe"));
      return NULL;
    }
  return out;
}

int
cli_output_finish (MazeOutput *out,
                   int         status)
{
  MazeError error;

  if (status != CLI_EXIT_OK)
    {
      maze_output_abort (out);
      return status;
    }
  maze_error_clear (&error);
  if (maze_output_commit (out, &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);
  return CLI_EXIT_OK;
}

gboolean
cli_output_is_stdout (const char *path)
{
  struct stat out, named;

  if (path == NULL)
    return FALSE;
  if (g_str_equal (path, "-"))
    return TRUE;
  /* A pipe or a file read back later; on a device such as /dev/null
   * nothing is read back, and the report may stay where it was. */
  return fstat (STDOUT_FILENO, &out) == 0 && !S_ISCHR (out.st_mode)
         && stat (path, &named) == 0
         && out.st_dev == named.st_dev && out.st_ino == named.st_ino;
}

int
cli_save (const Maze *maze,
          const char *path,
          gboolean    force)
{
  MazeOutput *out = cli_output_open (path, force, TRUE);
  MazeError error;
  int status = CLI_EXIT_OK;

  if (out == NULL)
    return CLI_EXIT_FAILURE;
  maze_error_clear (&error);
  if (maze_save_output (maze, out, &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);
  return cli_output_finish (out, status);
}

char *
cli_now_iso8601 (void)
{
  g_autoptr (GDateTime) now = NULL;
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");
  guint64 seconds;

  if (epoch != NULL
      && g_ascii_string_to_unsigned (epoch, 10, 0, G_MAXINT64, &seconds, NULL))
    now = g_date_time_new_from_unix_utc ((gint64) seconds);
  if (now == NULL)
    now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

/* ---- the progress bar ---- */

#define PROGRESS_DELAY_US    300000 /* stay quiet for short work */
#define PROGRESS_INTERVAL_US 100000
#define PROGRESS_WIDTH       30
/* Steps between two looks at the clock. */
#define PROGRESS_CHUNK       65536

void
cli_progress_init (CliProgress *progress,
                   const char  *label,
                   guint64      n_cells)
{
  progress->enabled = n_cells >= CLI_PROGRESS_MIN_CELLS
                      && isatty (STDERR_FILENO);
  progress->drawn = FALSE;
  progress->started = g_get_monotonic_time ();
  progress->last_draw = 0;
  progress->label = label;
}

void
cli_progress_update (CliProgress *progress,
                     double       fraction)
{
  gint64 now;
  char bar[PROGRESS_WIDTH + 1];
  int filled;

  if (!progress->enabled)
    return;
  now = g_get_monotonic_time ();
  if (now - progress->started < PROGRESS_DELAY_US
      || now - progress->last_draw < PROGRESS_INTERVAL_US)
    return;
  progress->last_draw = now;
  progress->drawn = TRUE;

  fraction = CLAMP (fraction, 0.0, 1.0);
  filled = (int) (fraction * PROGRESS_WIDTH);
  memset (bar, '#', (size_t) filled);
  memset (bar + filled, '-', (size_t) (PROGRESS_WIDTH - filled));
  bar[PROGRESS_WIDTH] = '\0';
  fprintf (stderr, "\r%s [%s] %3d%%", progress->label, bar,
           (int) (fraction * 100.0));
  fflush (stderr);
}

void
cli_progress_finish (CliProgress *progress)
{
  if (progress->drawn)
    {
      /* Erase the bar: the terminal is left as it was. */
      fputs ("\r\033[K", stderr);
      fflush (stderr);
    }
  progress->drawn = FALSE;
}

/* A generator or a solver, seen by the progress loop below. */
typedef struct
{
  gboolean   (*step)     (gpointer stepper);
  void       (*run)      (gpointer stepper);
  double     (*fraction) (gpointer    stepper,  /* of the work, 0 .. 1 */
                          const Maze *maze);
  MazeStatus (*status)   (gpointer stepper,
                          MazeError *error);
} Stepper;

/* Run @stepper to its end: in one call when no bar is shown, else in
 * chunks with the bar updated between them.  An engine that ran out of
 * memory half-way stops "done": say so. */
static int
run_stepper (const Stepper *ops,
             gpointer       stepper,
             const char    *label,
             const Maze    *maze)
{
  CliProgress progress;
  MazeError error;

  cli_progress_init (&progress, label, maze_n_cells (maze));
  if (!progress.enabled)
    ops->run (stepper);
  else
    {
      gboolean more = TRUE;

      while (more)
        {
          for (unsigned k = 0; k < PROGRESS_CHUNK && more; k++)
            more = ops->step (stepper);
          /* Stop short of full: the estimate can undershoot the work. */
          if (more)
            cli_progress_update (&progress, MIN (0.99, ops->fraction (stepper, maze)));
        }
      cli_progress_finish (&progress);
    }

  maze_error_clear (&error);
  if (ops->status (stepper, &error) != MAZE_OK)
    return cli_fail_maze (NULL, &error);
  return CLI_EXIT_OK;
}

static gboolean gen_step (gpointer g) { return maze_generator_step (g, NULL); }
static void gen_run (gpointer g) { maze_generator_run (g); }
static MazeStatus gen_status (gpointer g, MazeError *e) { return maze_generator_status (g, e); }

static gboolean solver_step (gpointer s) { return maze_solver_step (s, NULL); }
static void solver_run (gpointer s) { maze_solver_run (s); }
static MazeStatus solver_status (gpointer s, MazeError *e) { return maze_solver_status (s, e); }

/* About one step a cell for every generator (the loops phase runs past). */
static double
gen_fraction (gpointer    g,
              const Maze *maze)
{
  return (double) maze_generator_steps (g) / maze_n_inside (maze);
}

/* A search visits every cell at most once. */
static double
solver_fraction (gpointer    s,
                 const Maze *maze)
{
  MazeSolveStats stats;

  maze_solver_stats (s, &stats);
  return (double) stats.visited / maze_n_inside (maze);
}

int
cli_run_generator (MazeGenerator *gen,
                   const Maze    *maze)
{
  static const Stepper ops = { gen_step, gen_run, gen_fraction, gen_status };

  return run_stepper (&ops, gen, _("Generating"), maze);
}

int
cli_run_solver (MazeSolver *solver,
                const Maze *maze)
{
  static const Stepper ops = { solver_step, solver_run, solver_fraction, solver_status };

  return run_stepper (&ops, solver, _("Solving"), maze);
}
