/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-lab.c: bitmaze-cli lab new | check | grade (docs/lab.md).
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lab.h"

static gboolean
utf8_locale (void)
{
  return g_get_charset (NULL);
}

static int
parse_task (const char *command,
            const char *name,
            int        *task)
{
  *task = lab_task_from_name (name);
  if (*task < 0)
    return cli_usage_error (command, _("unknown task '%s' (create_dfs, "
                                       "solve_dfs or solve_bfs)"), name);
  return CLI_EXIT_OK;
}

/* --task, or the function the file defines. */
static int
file_task (const char *command,
           const char *file,
           const char *task_name,
           int        *task)
{
  g_autofree char *text = NULL;

  if (task_name != NULL)
    return parse_task (command, task_name, task);
  if (!g_file_get_contents (file, &text, NULL, NULL))
    {
      *task = -1;
      return CLI_EXIT_OK;
    }
  *task = lab_task_guess (text);
  if (*task < 0)
    {
      /* defines none or several: the file's name, "solve_bfs.c" */
      g_autofree char *base = g_path_get_basename (file);

      if (g_str_has_suffix (base, ".c"))
        base[strlen (base) - 2] = '\0';
      *task = lab_task_from_name (base);
    }
  return CLI_EXIT_OK;
}

/* ---- lab new ---- */

static int
write_file (const char *dir,
            const char *name,
            gboolean    keep)
{
  g_autoptr (GBytes) bytes = lab_file (name);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  if (keep && g_file_test (path, G_FILE_TEST_EXISTS))
    return cli_fail (CLI_EXIT_FAILURE, _("%s exists already: it is kept "
                                         "(--force replaces it)"), path);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                            (gssize) g_bytes_get_size (bytes), &error))
    return cli_fail (CLI_EXIT_FAILURE, "%s", error->message);
  g_print (_("wrote %s\n"), path);
  return CLI_EXIT_OK;
}

static int
lab_new (int    argc,
         char **argv)
{
  g_autofree char *dir = NULL;
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &dir,
      N_("Write the files into DIR (made when missing; default: the current "
         "folder)"), N_("DIR") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace a starter that exists already"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autofree char *starter = NULL;
  int status, task;

  context = cli_context_new ("lab new", _("TASK"),
                             _("Write bitmaze-lab.h and a starter TASK.c for "
                               "TASK: create_dfs, solve_dfs or solve_bfs."),
                             _("The starter compiles as it is: its helper "
                               "functions have TODO bodies and the tutorial's "
                               "pseudocode as comments.  Check it with "
                               "'bitmaze-cli lab check TASK.c'."),
                             entries);
  if ((status = cli_parse (context, "lab new", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("lab new", _("missing TASK (create_dfs, solve_dfs "
                                         "or solve_bfs)"));
  if (argc > 2)
    return cli_usage_error ("lab new", _("unexpected argument '%s'"), argv[2]);
  if ((status = parse_task ("lab new", argv[1], &task)) != CLI_EXIT_OK)
    return status;
  if (dir == NULL)
    dir = g_strdup (".");
  if (g_mkdir_with_parents (dir, 0755) != 0)
    return cli_fail (CLI_EXIT_FAILURE, "%s: %s", dir, g_strerror (errno));
  starter = g_strconcat (lab_task_name (task), ".c", NULL);
  if ((status = write_file (dir, starter, !force)) != CLI_EXIT_OK)
    return status;
  return write_file (dir, "bitmaze-lab.h", FALSE);
}

/* ---- lab check ---- */

static const char *
mark (const LabResult *r)
{
  gboolean utf8 = utf8_locale ();

  if (r->passed == 1)
    return utf8 ? "✓" : "+";
  if (r->passed == 0)
    return utf8 ? "✗" : "x";
  return utf8 ? "–" : "-";
}

/* "maze 1 (8×6): step 3, ...", without a maze when there is none. */
static char *
result_reason (const LabResult *r)
{
  if (r->rationale == NULL)
    return NULL;
  if (r->maze != NULL && r->passed == 0)
    return g_strdup_printf ("%s: %s", r->maze, r->rationale);
  return g_strdup (r->rationale);
}

static void
print_indented (FILE       *out,
                const char *text,
                guint       max_lines)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint k = 0; lines[k] != NULL; k++)
    {
      if (*lines[k] == '\0' && lines[k + 1] == NULL)
        break;
      if (n++ == max_lines)
        {
          fprintf (out, "      …\n");
          break;
        }
      fprintf (out, "      %s\n", lines[k]);
    }
}

static void
print_report (const LabReport *report,
              FILE            *out)
{
  guint required = 0, passed = 0;

  for (guint k = 0; k < report->results->len; k++)
    {
      const LabResult *r = g_ptr_array_index (report->results, k);
      g_autofree char *reason = result_reason (r);

      fprintf (out, "%s %s: %s%s\n", mark (r), r->name, r->description,
               r->required ? "" : _(" (optional)"));
      if (reason != NULL)
        fprintf (out, "    %s\n", reason);
      if (r->details != NULL && r->passed == 0)
        print_indented (out, r->details, 20);
      if (r->help != NULL && r->passed == 0)
        /* Translators: the line under a failed check that says what to do */
        fprintf (out, _("    hint: %s\n"), r->help);
      if (r->required)
        {
          required++;
          passed += r->passed == 1;
        }
    }
  fprintf (out, ngettext ("%u of %u required check passed.\n",
                          "%u of %u required checks passed.\n", required),
           passed, required);
}

static void
add_result_json (JsonBuilder     *b,
                 const LabResult *r)
{
  json_builder_begin_object (b);
  cli_json_add_string (b, "name", r->name);
  cli_json_add_string (b, "description", r->description);
  json_builder_set_member_name (b, "required");
  json_builder_add_boolean_value (b, r->required);
  json_builder_set_member_name (b, "passed");
  if (r->passed < 0)
    json_builder_add_null_value (b);
  else
    json_builder_add_boolean_value (b, r->passed == 1);
  json_builder_set_member_name (b, "cause");
  if (r->passed == 1 || r->rationale == NULL)
    json_builder_add_null_value (b);
  else
    {
      g_autofree char *reason = result_reason (r);

      json_builder_begin_object (b);
      cli_json_add_string (b, "rationale", reason);
      cli_json_add_string (b, "help", r->help);
      json_builder_end_object (b);
    }
  json_builder_set_member_name (b, "step");
  if (r->step >= 0 && r->passed == 0)
    json_builder_add_int_value (b, r->step);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "cell");
  if (r->cell >= 0 && r->passed == 0)
    {
      json_builder_begin_object (b);
      cli_json_add_uint (b, "x", (guint64) r->x);
      cli_json_add_uint (b, "y", (guint64) r->y);
      cli_json_add_uint (b, "index", (guint64) r->cell);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  cli_json_add_string (b, "maze", r->passed == 0 ? r->maze : NULL);
  cli_json_add_string (b, "details", r->passed == 0 ? r->details : NULL);
  json_builder_end_object (b);
}

static int
print_report_json (const LabReport *report,
                   FILE            *out)
{
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  cli_json_add_string (b, "task", lab_task_name (report->task));
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint k = 0; k < report->results->len; k++)
    add_result_json (b, g_ptr_array_index (report->results, k));
  json_builder_end_array (b);
  return cli_json_print (b, out, TRUE);
}

static char *
json_text (JsonBuilder *b)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

static int
write_text (const char *path,
            const char *text)
{
  MazeOutput *out;

  if (cli_output_check (path, TRUE, FALSE) != CLI_EXIT_OK
      || (out = cli_output_open (path, TRUE, FALSE)) == NULL)
    return CLI_EXIT_FAILURE;
  maze_output_write (out, text, strlen (text));
  return cli_output_finish (out, CLI_EXIT_OK);
}

/* Gradescope's results.json: one test a check, a point a required one. */
static int
write_gradescope (const LabReport *report,
                  const char      *path)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;
  double score = 0;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint k = 0; k < report->results->len; k++)
    {
      const LabResult *r = g_ptr_array_index (report->results, k);
      g_autofree char *reason = result_reason (r);
      GString *output = g_string_new (NULL);

      if (reason != NULL)
        g_string_append_printf (output, "%s\n", reason);
      if (r->details != NULL && r->passed == 0)
        g_string_append_printf (output, "%s\n", r->details);
      if (r->help != NULL && r->passed == 0)
        g_string_append_printf (output, _("hint: %s\n"), r->help);
      json_builder_begin_object (b);
      cli_json_add_string (b, "name", r->description);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, r->required && r->passed == 1 ? 1 : 0);
      json_builder_set_member_name (b, "max_score");
      json_builder_add_double_value (b, r->required ? 1 : 0);
      cli_json_add_string (b, "status", r->passed == 1 ? "passed" : "failed");
      cli_json_add_string (b, "output", output->str);
      json_builder_end_object (b);
      score += r->required && r->passed == 1;
      g_string_free (output, TRUE);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, score);
  json_builder_end_object (b);
  text = json_text (b);
  return write_text (path, text);
}

static int
lab_check_command (int    argc,
                   char **argv)
{
  g_autofree char *task_name = NULL;
  g_autofree char *gradescope = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "task", 't', 0, CLI_ARG_TEXT, &task_name,
      N_("The task: create_dfs, solve_dfs or solve_bfs (default: the "
         "function the file defines)"), N_("TASK") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      N_("Print the results as JSON (check50's shape, see docs/lab.md)"), NULL },
    { "gradescope", 0, 0, G_OPTION_ARG_FILENAME, &gradescope,
      N_("Also write Gradescope's results.json to FILE"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (LabReport) report = NULL;
  g_autoptr (GError) error = NULL;
  int status, task;

  context = cli_context_new ("lab check", _("FILE.c"),
                             _("Compile a student's file, run it confined on "
                               "the lab's mazes and check every step."),
                             _("Exit status: 0 when every required check "
                               "passes, 1 when one fails (a compile error, a "
                               "crash, a time-out and the confinement "
                               "included), 2 for bad usage."),
                             entries);
  if ((status = cli_parse (context, "lab check", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("lab check", _("missing FILE.c"));
  if (argc > 2)
    return cli_usage_error ("lab check", _("unexpected argument '%s'"), argv[2]);
  if (!g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    return cli_fail (CLI_EXIT_FAILURE, _("%s: no such file"), argv[1]);
  if ((status = file_task ("lab check", argv[1], task_name, &task)) != CLI_EXIT_OK)
    return status;
  if (task < 0)
    return cli_usage_error ("lab check", _("%s defines none of create_dfs, "
                                           "solve_dfs and solve_bfs: give "
                                           "--task"), argv[1]);
  report = lab_check (argv[1], task, NULL, NULL, NULL, &error);
  if (report == NULL)
    return cli_fail (CLI_EXIT_FAILURE, "%s", error->message);
  if (gradescope != NULL
      && (status = write_gradescope (report, gradescope)) != CLI_EXIT_OK)
    return status;
  if (json)
    status = print_report_json (report, stdout);
  else
    {
      print_report (report, stdout);
      status = fflush (stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    }
  if (status != CLI_EXIT_OK)
    return status;
  return lab_report_passed (report) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}

/* ---- lab grade ---- */

typedef struct
{
  char       *file;
  int         task;
  LabReport  *report;
  char       *error;
} Job;

static void
job_free (Job *job)
{
  g_free (job->file);
  lab_report_free (job->report);
  g_free (job->error);
  g_free (job);
}

static void
grade_one (gpointer data,
           gpointer user_data)
{
  Job *job = data;
  GAsyncQueue *done = user_data;
  g_autoptr (GError) error = NULL;

  if (job->task < 0)
    job->error = g_strdup (_("defines none of create_dfs, solve_dfs and "
                             "solve_bfs"));
  else
    {
      job->report = lab_check (job->file, job->task, NULL, NULL, NULL, &error);
      if (job->report == NULL)
        job->error = g_strdup (error->message);
    }
  g_async_queue_push (done, job);
}

static void
count (const Job *job,
       guint     *passed,
       guint     *required)
{
  *passed = *required = 0;
  if (job->report == NULL)
    return;
  for (guint k = 0; k < job->report->results->len; k++)
    {
      const LabResult *r = g_ptr_array_index (job->report->results, k);

      if (r->required)
        {
          (*required)++;
          *passed += r->passed == 1;
        }
    }
}

static char *
first_failure (const Job *job)
{
  const LabResult *r;
  g_autofree char *reason = NULL;

  if (job->error != NULL)
    return g_strdup (job->error);
  r = lab_report_first_failure (job->report);
  if (r == NULL)
    return g_strdup ("");
  reason = result_reason (r);
  return g_strdup_printf ("%s: %s", r->name, reason != NULL ? reason : "");
}

static char *
csv_field (const char *text)
{
  GString *out = g_string_new ("\"");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p == '\n' ? ' ' : *p);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

static char *
grade_csv (GPtrArray *jobs)
{
  GString *out = g_string_new ("file,task,passed,required,result,first_failure\n");

  for (guint k = 0; k < jobs->len; k++)
    {
      Job *job = g_ptr_array_index (jobs, k);
      g_autofree char *base = g_path_get_basename (job->file);
      g_autofree char *file = csv_field (base);
      g_autofree char *failure = first_failure (job);
      g_autofree char *failure_csv = csv_field (failure);
      guint passed, required;

      count (job, &passed, &required);
      g_string_append_printf (out, "%s,%s,%u,%u,%s,%s\n", file,
                              job->task >= 0 ? lab_task_name (job->task) : "",
                              passed, required,
                              job->report != NULL && lab_report_passed (job->report)
                              ? "pass" : "fail",
                              failure_csv);
    }
  return g_string_free (out, FALSE);
}

static char *
grade_json (GPtrArray *jobs)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint k = 0; k < jobs->len; k++)
    {
      Job *job = g_ptr_array_index (jobs, k);
      g_autofree char *base = g_path_get_basename (job->file);
      const LabResult *r = job->report != NULL
                           ? lab_report_first_failure (job->report) : NULL;
      guint passed, required;

      count (job, &passed, &required);
      json_builder_begin_object (b);
      cli_json_add_string (b, "file", base);
      cli_json_add_string (b, "task", job->task >= 0 ? lab_task_name (job->task) : NULL);
      cli_json_add_uint (b, "passed", passed);
      cli_json_add_uint (b, "required", required);
      json_builder_set_member_name (b, "ok");
      json_builder_add_boolean_value (b, job->report != NULL
                                         && lab_report_passed (job->report));
      cli_json_add_string (b, "error", job->error);
      json_builder_set_member_name (b, "first_failure");
      if (r != NULL)
        add_result_json (b, r);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_text (b);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static int
lab_grade (int    argc,
           char **argv)
{
  g_autofree char *task_name = NULL;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "task", 't', 0, CLI_ARG_TEXT, &task_name,
      N_("The task of every file (default: the function each file defines)"),
      N_("TASK") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the table to FILE.csv or FILE.json instead of printing it"),
      N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GPtrArray) jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) job_free);
  g_autoptr (GAsyncQueue) done = g_async_queue_new ();
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GThreadPool *pool;
  CliProgress progress;
  const char *name;
  int status, task = -1;

  context = cli_context_new ("lab grade", _("DIR"),
                             _("Check every .c file in DIR, in parallel, and "
                               "print one row a file: the checks passed and "
                               "the first failure."),
                             NULL, entries);
  if ((status = cli_parse (context, "lab grade", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error ("lab grade", _("missing DIR"));
  if (argc > 2)
    return cli_usage_error ("lab grade", _("unexpected argument '%s'"), argv[2]);
  if (task_name != NULL
      && (status = parse_task ("lab grade", task_name, &task)) != CLI_EXIT_OK)
    return status;
  if (output != NULL && !g_str_has_suffix (output, ".csv")
      && !g_str_has_suffix (output, ".json"))
    return cli_usage_error ("lab grade", _("-o takes a FILE.csv or a FILE.json"));
  if (output != NULL && cli_output_check (output, TRUE, FALSE) != CLI_EXIT_OK)
    return CLI_EXIT_FAILURE;
  dir = g_dir_open (argv[1], 0, &error);
  if (dir == NULL)
    return cli_fail (CLI_EXIT_FAILURE, "%s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".c"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  if (names->len == 0)
    return cli_fail (CLI_EXIT_FAILURE, _("%s has no .c file"), argv[1]);

  pool = g_thread_pool_new (grade_one, done, (int) g_get_num_processors (),
                            FALSE, NULL);
  for (guint k = 0; k < names->len; k++)
    {
      Job *job = g_new0 (Job, 1);

      job->file = g_build_filename (argv[1], g_ptr_array_index (names, k), NULL);
      if (task >= 0)
        job->task = task;
      else
        file_task ("lab grade", job->file, NULL, &job->task);
      g_ptr_array_add (jobs, job);
      g_thread_pool_push (pool, job, NULL);
    }
  cli_progress_init (&progress, _("Checking"), CLI_PROGRESS_MIN_CELLS);
  for (guint k = 0; k < jobs->len; k++)
    {
      g_async_queue_pop (done);
      cli_progress_update (&progress, (double) (k + 1) / jobs->len);
    }
  cli_progress_finish (&progress);
  g_thread_pool_free (pool, FALSE, TRUE);

  if (output != NULL)
    {
      g_autofree char *text = g_str_has_suffix (output, ".json")
                              ? grade_json (jobs) : grade_csv (jobs);

      return write_text (output, text);
    }
  for (guint k = 0; k < jobs->len; k++)
    {
      Job *job = g_ptr_array_index (jobs, k);
      g_autofree char *base = g_path_get_basename (job->file);
      g_autofree char *failure = first_failure (job);
      guint passed, required;

      count (job, &passed, &required);
      g_print ("%-24s %-10s %2u/%-2u %s\n", base,
               job->task >= 0 ? lab_task_name (job->task) : "?",
               passed, required, failure);
    }
  return CLI_EXIT_OK;
}

static void
lab_help (FILE *out)
{
  fprintf (out, "%s\n  bitmaze-cli lab new TASK [-o DIR]\n"
           "  bitmaze-cli lab check FILE.c [--task TASK] [--json] [--gradescope FILE]\n"
           "  bitmaze-cli lab grade DIR [--task TASK] [-o FILE.csv|FILE.json]\n\n",
           _("Usage:"));
  fprintf (out, "%s\n", _("The lab: students write create_dfs, solve_dfs or "
                          "solve_bfs in C; Bitmaze compiles it, runs it "
                          "confined and checks every word it writes.  See "
                          "'bitmaze-cli lab COMMAND --help'."));
}

int
cli_lab (int    argc,
         char **argv)
{
  if (argc < 2)
    {
      lab_help (stderr);
      return CLI_EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      lab_help (stdout);
      return CLI_EXIT_OK;
    }
  if (g_str_equal (argv[1], "new"))
    return lab_new (argc - 1, argv + 1);
  if (g_str_equal (argv[1], "check"))
    return lab_check_command (argc - 1, argv + 1);
  if (g_str_equal (argv[1], "grade"))
    return lab_grade (argc - 1, argv + 1);
  return cli_usage_error ("lab", _("unknown command '%s' (new, check or grade)"),
                          argv[1]);
}
