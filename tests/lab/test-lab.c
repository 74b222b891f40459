/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-lab.c: bitmaze-cli lab new | check | grade on the students' files
 * of tests/lab/students/: right ones pass, the tutorial's classic mistakes
 * fail with the step and the nibble named, and code that loops, crashes,
 * does not compile, takes 16 GiB, writes a file, runs a shell or opens a
 * socket ends in a clear failure within seconds, having done nothing.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *cli_path;
static const char *students;
static char *tmpdir;

typedef struct
{
  int         status;
  char       *out;
  char       *err;
  double      seconds;
  JsonParser *parser;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
  g_clear_object (&run->parser);
}

static void
run_argv (Run         *run,
          const char **args,
          char       **extra_env)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  gint64 started = g_get_monotonic_time ();
  int wait_status;

  g_ptr_array_add (argv, (char *) cli_path);
  for (guint k = 0; args[k] != NULL; k++)
    g_ptr_array_add (argv, (char *) args[k]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  for (guint k = 0; extra_env != NULL && extra_env[k] != NULL; k += 2)
    envp = g_environ_setenv (envp, extra_env[k], extra_env[k + 1], TRUE);
  memset (run, 0, sizeof *run);
  g_assert_true (g_spawn_sync (tmpdir, (char **) argv->pdata, envp,
                               G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  run->seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* lab check --json on students/NAME; the JSON parsed. */
static void
check_json (Run        *run,
            const char *name,
            char      **extra_env)
{
  g_autofree char *path = g_build_filename (students, name, NULL);
  const char *args[] = { "lab", "check", "--json", path, NULL };
  g_autoptr (GError) error = NULL;

  run_argv (run, args, extra_env);
  g_test_message ("%s: %.2f s, exit %d\n%s%s", name, run->seconds,
                  run->status, run->out, run->err);
  run->parser = json_parser_new ();
  if (!json_parser_load_from_data (run->parser, run->out, -1, &error))
    g_error ("%s: not JSON (%s): %s\n%s", name, error->message, run->out, run->err);
}

/* The result named @name of the last check_json(). */
static JsonObject *
result (Run        *run,
        const char *name)
{
  JsonObject *root = json_node_get_object (json_parser_get_root (run->parser));
  JsonArray *results = json_object_get_array_member (root, "results");

  for (guint k = 0; k < json_array_get_length (results); k++)
    {
      JsonObject *r = json_array_get_object_element (results, k);

      if (g_str_equal (json_object_get_string_member (r, "name"), name))
        return r;
    }
  g_error ("no result '%s' in %s", name, run->out);
  return NULL;
}

/* 1 passed, 0 failed, -1 null. */
static int
passed (Run        *run,
        const char *name)
{
  JsonNode *node = json_object_get_member (result (run, name), "passed");

  if (JSON_NODE_HOLDS_NULL (node))
    return -1;
  return json_node_get_boolean (node) ? 1 : 0;
}

static const char *
rationale (Run        *run,
           const char *name)
{
  JsonObject *r = result (run, name);
  JsonNode *cause = json_object_get_member (r, "cause");

  if (cause == NULL || JSON_NODE_HOLDS_NULL (cause))
    return "";
  return json_object_get_string_member (json_node_get_object (cause), "rationale");
}

static gint64
step (Run        *run,
      const char *name)
{
  JsonNode *node = json_object_get_member (result (run, name), "step");

  return JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_int (node);
}

static const char *
details (Run        *run,
         const char *name)
{
  JsonNode *node = json_object_get_member (result (run, name), "details");

  return node == NULL || JSON_NODE_HOLDS_NULL (node) ? "" : json_node_get_string (node);
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("'%s' not in: %s", needle, haystack);
}

/* ---- lab new ---- */

static void
test_new (void)
{
  const char *tasks[] = { "create_dfs", "solve_dfs", "solve_bfs" };

  for (guint k = 0; k < G_N_ELEMENTS (tasks); k++)
    {
      g_autofree char *dir = g_build_filename (tmpdir, "new", tasks[k], NULL);
      g_autofree char *file = g_strdup_printf ("%s.c", tasks[k]);
      g_autofree char *starter = g_build_filename (dir, file, NULL);
      g_autofree char *header = g_build_filename (dir, "bitmaze-lab.h", NULL);
      g_autofree char *text = NULL;
      const char *args[] = { "lab", "new", tasks[k], "-o", dir, NULL };
      const char *check[] = { "lab", "check", "--json", starter, NULL };
      g_autoptr (GError) error = NULL;
      Run run;

      run_argv (&run, args, NULL);
      g_assert_cmpint (run.status, ==, 0);
      run_clear (&run);
      g_assert_true (g_file_get_contents (header, &text, NULL, NULL));
      assert_contains (text, "extern uint16_t *maze_array;");
      assert_contains (text, "OPPOSITE_WALLS[4] = { 2, 1, 8, 4 }");
      assert_contains (text, "void refresh_maze_view (void);");
      assert_contains (text, "int random_int (int n);");

      /* a second time: the student's file is kept */
      run_argv (&run, args, NULL);
      g_assert_cmpint (run.status, ==, 1);
      assert_contains (run.err, "kept");
      run_clear (&run);

      /* the starter compiles as it is, and fails its checks */
      run_argv (&run, check, NULL);
      run.parser = json_parser_new ();
      g_assert_true (json_parser_load_from_data (run.parser, run.out, -1, &error));
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpint (passed (&run, "compiles"), ==, 1);
      g_assert_cmpint (passed (&run, "finishes"), ==, 1);
      run_clear (&run);
    }
}

/* ---- right answers ---- */

static void
test_correct (gconstpointer data)
{
  const char *name = data;
  Run run;

  check_json (&run, name, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpint (passed (&run, "matches"), ==, 1);
  if (!g_str_has_prefix (name, "create"))
    g_assert_cmpint (passed (&run, "shaped"), ==, 1);
  run_clear (&run);
}

static void
test_other_order (void)
{
  Run run;

  check_json (&run, "solve_dfs_order.c", NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* right in another order: not compared, no failure */
  g_assert_cmpint (passed (&run, "matches"), ==, -1);
  assert_contains (rationale (&run, "matches"), "W, S, E, N");
  run_clear (&run);
}

/* ---- the tutorial's classic mistakes ---- */

static void
test_backtrack_wrong_way (void)
{
  Run run;

  check_json (&run, "solve_dfs_backtrack.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "backtrack"), ==, 0);
  assert_contains (rationale (&run, "backtrack"), "backtrack nibble");
  assert_contains (rationale (&run, "backtrack"), "step ");
  g_assert_cmpint (step (&run, "backtrack"), >=, 1);
  /* the first wrong step is the first visit */
  g_assert_cmpint (passed (&run, "matches"), ==, 0);
  g_assert_cmpint (step (&run, "matches"), ==, 1);
  assert_contains (details (&run, "matches"), "backtrack nibble");
  assert_contains (details (&run, "matches"), "opposite direction");
  /* the engine's explainer names the mistake */
  assert_contains (details (&run, "matches"), "maze[1] |= W << 12;");
  assert_contains (details (&run, "matches"), "(opposite-direction)");
  run_clear (&run);

  check_json (&run, "solve_bfs_backtrack.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "backtrack"), ==, 0);
  assert_contains (rationale (&run, "backtrack"), "backtrack nibble");
  g_assert_cmpint (step (&run, "matches"), ==, 1);
  run_clear (&run);
}

static void
test_wrong_nibble (void)
{
  Run run;

  check_json (&run, "solve_dfs_nibble.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "backtrack"), ==, 0);
  assert_contains (rationale (&run, "backtrack"), "step 1,");
  assert_contains (rationale (&run, "backtrack"), "backtrack nibble");
  g_assert_cmpint (passed (&run, "path"), ==, 0);
  g_assert_cmpint (step (&run, "matches"), ==, 1);
  assert_contains (details (&run, "matches"), "where the solution nibble was expected");
  assert_contains (details (&run, "matches"), "(wrong-nibble)");
  run_clear (&run);
}

static void
test_not_cleared (void)
{
  Run run;

  check_json (&run, "solve_dfs_not_cleared.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "path"), ==, 0);
  assert_contains (rationale (&run, "path"), "solution nibble");
  g_assert_cmpint (step (&run, "path"), >=, 1);
  g_assert_cmpint (passed (&run, "matches"), ==, 0);
  assert_contains (details (&run, "matches"), "solution nibble");
  assert_contains (details (&run, "matches"), "old bits not cleared");
  assert_contains (details (&run, "matches"), "maze[0] &= ~0x0F00; ");
  assert_contains (details (&run, "matches"), "(not-applied)");
  run_clear (&run);
}

static void
test_one_side (void)
{
  Run run;

  check_json (&run, "create_dfs_one_side.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "passages"), ==, 0);
  assert_contains (rationale (&run, "passages"), "passages nibble");
  assert_contains (rationale (&run, "passages"), "only one side");
  g_assert_cmpint (step (&run, "passages"), >=, 1);
  g_assert_cmpint (step (&run, "matches"), ==, 1);
  assert_contains (details (&run, "matches"), "passages nibble");
  assert_contains (details (&run, "matches"), "|= W; ");
  assert_contains (details (&run, "matches"), "(not-applied)");
  run_clear (&run);
}

/* ---- code that misbehaves ---- */

static void
test_endless (void)
{
  Run run;

  check_json (&run, "endless.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "finishes"), ==, 0);
  assert_contains (rationale (&run, "finishes"), "endless loop?");
  g_assert_cmpfloat (run.seconds, <, 15);
  run_clear (&run);
}

static void
test_crash (void)
{
  Run run;

  check_json (&run, "crash.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "finishes"), ==, 0);
  assert_contains (rationale (&run, "finishes"), "crashed (SIGSEGV) after step 2");
  /* the words written since the last step are the last ones */
  assert_contains (details (&run, "finishes"), "(1, 0) = 0x80");
  /* judged on the steps recorded */
  g_assert_cmpint (passed (&run, "nibbles"), ==, 1);
  g_assert_cmpint (passed (&run, "path"), ==, -1);
  run_clear (&run);
}

static void
test_compile_error (void)
{
  Run run;

  check_json (&run, "compile_error.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "compiles"), ==, 0);
  assert_contains (details (&run, "compiles"), "compile_error.c:9:");
  g_assert_cmpint (passed (&run, "finishes"), ==, -1);
  run_clear (&run);
}

static void
test_memory (void)
{
  Run run;

  check_json (&run, "memory.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "finishes"), ==, 0);
  assert_contains (rationale (&run, "finishes"), "MB of memory");
  g_assert_cmpfloat (run.seconds, <, 15);
  run_clear (&run);
}

static void
test_write_file (void)
{
  g_autofree char *target = g_build_filename (tmpdir, "escaped.txt", NULL);
  char *env[] = { (char *) "LAB_TARGET", target, NULL };
  Run run;

  check_json (&run, "write_file.c", env);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "confined"), ==, 0);
  assert_contains (rationale (&run, "confined"), "'openat' (writing or changing a file)");
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
  run_clear (&run);
}

static void
test_shell (void)
{
  g_autofree char *target = g_build_filename (tmpdir, "shell.txt", NULL);
  char *env[] = { (char *) "LAB_TARGET", target, NULL };
  Run run;

  check_json (&run, "shell.c", env);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "confined"), ==, 0);
  assert_contains (rationale (&run, "confined"), "starting a program");
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
  run_clear (&run);

  /* the system call itself, past the C library */
  check_json (&run, "exec.c", env);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "confined"), ==, 0);
  assert_contains (rationale (&run, "confined"), "'execve' (starting a program)");
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
  run_clear (&run);
}

static void
test_socket (void)
{
  struct sockaddr_in address = { 0 };
  socklen_t len = sizeof address;
  int listener = socket (AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  g_autofree char *port = NULL;
  char *env[] = { (char *) "LAB_PORT", NULL, NULL };
  Run run;

  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  g_assert_cmpint (bind (listener, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (listener, 4), ==, 0);
  g_assert_cmpint (getsockname (listener, (struct sockaddr *) &address, &len), ==, 0);
  port = g_strdup_printf ("%u", ntohs (address.sin_port));
  env[1] = port;

  check_json (&run, "socket.c", env);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "confined"), ==, 0);
  assert_contains (rationale (&run, "confined"), "'socket' (using the network)");
  /* nobody connected */
  g_assert_cmpint (accept (listener, NULL, NULL), ==, -1);
  g_assert_cmpint (errno, ==, EAGAIN);
  close (listener);
  run_clear (&run);
}

static void
test_constructor (void)
{
  Run run;

  check_json (&run, "constructor.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "finishes"), ==, 0);
  /* the task ran and printed; the constructor never did */
  assert_contains (details (&run, "finishes"), "the task runs");
  g_assert_null (strstr (run.out, "STOLEN"));
  run_clear (&run);
}

static void
test_escape (void)
{
  Run run;

  check_json (&run, "escape.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  /* what it printed is shown, its control characters escaped */
  assert_contains (details (&run, "finishes"), "\\x1b[2J\\x1b[Hcleared");
  g_assert_null (strchr (details (&run, "finishes"), '\033'));
  run_clear (&run);
}

static void
test_include (void)
{
  Run run;

  check_json (&run, "include.c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (passed (&run, "compiles"), ==, 0);
  assert_contains (rationale (&run, "compiles"), "line 3");
  assert_contains (details (&run, "compiles"), "include.c:3:");
  g_assert_null (strstr (run.out, "root:"));
  run_clear (&run);
}

/* ---- text, Gradescope, grade ---- */

static void
test_text_and_gradescope (void)
{
  g_autofree char *path = g_build_filename (students, "solve_dfs_backtrack.c", NULL);
  g_autofree char *results = g_build_filename (tmpdir, "results.json", NULL);
  const char *args[] = { "lab", "check", path, "--gradescope", results, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root;
  Run run;

  run_argv (&run, args, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.out, "✓ compiles:");
  assert_contains (run.out, "✗ backtrack:");
  assert_contains (run.out, "    hint: ");
  assert_contains (run.out, "required checks passed.");
  run_clear (&run);

  g_assert_true (json_parser_load_from_file (parser, results, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "tests"));
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (root, "tests")), >=, 7);
  g_assert_cmpfloat (json_object_get_double_member (root, "score"), <, 6);
  {
    JsonObject *first = json_array_get_object_element (json_object_get_array_member (root, "tests"), 0);

    g_assert_cmpfloat (json_object_get_double_member (first, "score"), ==, 1);
    g_assert_cmpfloat (json_object_get_double_member (first, "max_score"), ==, 1);
    g_assert_true (json_object_has_member (first, "output"));
  }

  /* usage */
  {
    const char *bad[] = { "lab", "check", path, "--task", "solve_everything", NULL };

    run_argv (&run, bad, NULL);
    g_assert_cmpint (run.status, ==, 2);
    run_clear (&run);
  }
}

static void
test_grade (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "class", NULL);
  g_autofree char *csv = g_build_filename (tmpdir, "grades.csv", NULL);
  g_autofree char *text = NULL;
  const char *names[] = { "solve_bfs.c", "solve_dfs.c", "solve_dfs_backtrack.c",
                          "compile_error.c" };
  const char *args[] = { "lab", "grade", dir, "-o", csv, NULL };
  Run run;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autofree char *from = g_build_filename (students, names[k], NULL);
      g_autofree char *to = g_build_filename (dir, names[k], NULL);
      g_autofree char *body = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (from, &body, &len, NULL));
      g_assert_true (g_file_set_contents (to, body, (gssize) len, NULL));
    }
  run_argv (&run, args, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  assert_contains (text, "file,task,passed,required,result,first_failure\n");
  assert_contains (text, "\"compile_error.c\",solve_bfs,0,");
  assert_contains (text, "\"solve_bfs.c\",solve_bfs,8,8,pass,\"\"");
  assert_contains (text, "\"solve_dfs_backtrack.c\",solve_dfs,");
  assert_contains (text, ",fail,\"backtrack: ");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("BITMAZE_CLI");
  students = g_getenv ("LAB_STUDENTS");
  g_assert_nonnull (cli_path);
  g_assert_nonnull (students);
  tmpdir = g_dir_make_tmp ("bitmaze-test-lab-XXXXXX", NULL);

  g_test_add_func ("/lab/new", test_new);
  g_test_add_data_func ("/lab/correct/create_dfs", "create_dfs.c", test_correct);
  g_test_add_data_func ("/lab/correct/solve_dfs", "solve_dfs.c", test_correct);
  g_test_add_data_func ("/lab/correct/solve_bfs", "solve_bfs.c", test_correct);
  g_test_add_func ("/lab/correct/other-order", test_other_order);
  g_test_add_func ("/lab/mistake/backtrack-wrong-way", test_backtrack_wrong_way);
  g_test_add_func ("/lab/mistake/wrong-nibble", test_wrong_nibble);
  g_test_add_func ("/lab/mistake/not-cleared", test_not_cleared);
  g_test_add_func ("/lab/mistake/one-side", test_one_side);
  g_test_add_func ("/lab/stop/endless", test_endless);
  g_test_add_func ("/lab/stop/crash", test_crash);
  g_test_add_func ("/lab/stop/compile-error", test_compile_error);
  g_test_add_func ("/lab/stop/memory", test_memory);
  g_test_add_func ("/lab/confined/write-file", test_write_file);
  g_test_add_func ("/lab/confined/shell", test_shell);
  g_test_add_func ("/lab/confined/socket", test_socket);
  g_test_add_func ("/lab/confined/constructor", test_constructor);
  g_test_add_func ("/lab/confined/include", test_include);
  g_test_add_func ("/lab/confined/escape", test_escape);
  g_test_add_func ("/lab/text-and-gradescope", test_text_and_gradescope);
  g_test_add_func ("/lab/grade", test_grade);
  status = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
    int rc = system (cmd);

    (void) rc;
  }
  return status;
}
