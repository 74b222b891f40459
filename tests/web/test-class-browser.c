/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The student page in a real browser: headless Chromium, driven by
 * student-page.mjs (playwright-core), joins a class session on
 * 127.0.0.1 and answers; this program is the teacher.  Each side waits
 * for the other's step: the script prints a line when the page shows
 * what it must, the teacher asks, reveals and stops when the server
 * says the answers are in.
 *
 * Skipped where Chromium is not installed, and where playwright-core is
 * not unless BITMAZE_REQUIRE_BROWSER_TEST is set (build-aux/dev.sh test,
 * which installs it, sets it: CI never skips for that).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>
#include <sys/prctl.h>

#include "class-test.h"

/* meson counts a test that exits with 77 as skipped. */
#define EXIT_SKIPPED 77

static gboolean skipped;

typedef struct
{
  GSubprocess      *node;
  GDataInputStream *lines;
  char             *line;
  gboolean          reading;
  gboolean          eof;
  gboolean          exited;
} Student;

static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Student *student = user_data;
  g_autoptr (GError) error = NULL;

  student->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source),
                                                             result, NULL, &error);
  student->reading = FALSE;
  if (student->line == NULL)
    student->eof = TRUE;
}

static void
exited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Student *student = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  student->exited = TRUE;
}

/* The script's next line, which must be @expected. */
static void
expect_line (Student    *student,
             const char *expected)
{
  g_clear_pointer (&student->line, g_free);
  student->reading = TRUE;
  g_data_input_stream_read_line_async (student->lines, G_PRIORITY_DEFAULT, NULL,
                                       line_read_cb, student);
  CLASS_WAIT_FOR (!student->reading);
  if (student->eof)
    g_error ("the student page script ended before \"%s\" (see its errors above)", expected);
  g_test_message ("student: %s", student->line);
  g_assert_cmpstr (student->line, ==, expected);
}

/* If this program dies, the script (and so its browser) goes too. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
test_student_page (void)
{
  const char *chromium = g_getenv ("CHROMIUM");
  const char *node = g_getenv ("NODE");
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "student-page.mjs", NULL);
  g_autofree char *playwright = g_test_build_filename (G_TEST_DIST, "node_modules", "playwright-core",
                                                       "package.json", NULL);
  g_autoptr (BitmazeClassServer) server = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  const BitmazeClassResults *results;
  Student student = { 0 };
  const char *shots = g_getenv ("BITMAZE_SHOT_DIR");

  if (chromium == NULL || !g_file_test (chromium, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("Chromium is not installed (Debian's package chromium): "
                   "the student page is not tried in a browser");
      skipped = TRUE;
      return;
    }
  /* build-aux/dev.sh installs both, and its test run (CI's) insists on
   * them; a bare meson test in a fresh checkout says what is missing. */
  if (node == NULL || *node == '\0' || !g_file_test (playwright, G_FILE_TEST_EXISTS))
    {
      const char *what = node == NULL || *node == '\0' ? "Node.js" : "playwright-core (in tests/web)";

      if (g_getenv ("BITMAZE_REQUIRE_BROWSER_TEST") != NULL)
        g_error ("%s is not installed: build-aux/dev.sh deps installs it", what);
      g_autofree char *why = g_strdup_printf ("%s is not installed: run build-aux/dev.sh deps "
                                              "(npm ci --prefix tests/web)", what);

      g_test_skip (why);
      skipped = TRUE;
      return;
    }

  server = bitmaze_class_server_new ();
  /* four students on one browser, all from 127.0.0.1 */
  bitmaze_class_server_set_students_per_address (server, 4);
  g_assert_true (bitmaze_class_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, "CHROMIUM", chromium, TRUE);
  student.node = g_subprocess_launcher_spawn (launcher, &error, node, script,
                                              bitmaze_class_server_get_url (server),
                                              bitmaze_class_server_get_join_code (server),
                                              shots, NULL);
  g_assert_no_error (error);
  student.lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (student.node));
  g_subprocess_wait_async (student.node, NULL, exited_cb, &student);

  expect_line (&student, "joined");
  /* the student, and three more reading the page in de, fr and es */
  g_assert_cmpuint (bitmaze_class_server_get_joined (server), ==, 4);
  names = bitmaze_class_server_dup_names (server);
  g_assert_cmpstr (names[0], ==, "Zoë <b>&amp;");

  /* 1: the student taps bit 11: right. */
  {
    BitmazeClassWordQuestion question = {
      .x = 3, .y = 5, .index = 87, .word = 0x0009, .statement = "maze[87] |= W << 8;",
    };

    bitmaze_class_server_ask_word (server, &question);
  }
  expect_line (&student, "answered 1");
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == 1);
  bitmaze_class_server_reveal_word (server, 0x0809);
  results = bitmaze_class_server_get_results (server);
  g_assert_cmpuint (results->right, ==, 1);
  expect_line (&student, "checked 1");

  /* 2: the student types 4003 for 0x2003: wrong in bits 13 and 14. */
  {
    BitmazeClassWordQuestion question = {
      .x = 4, .y = 5, .index = 88, .word = 0x0003, .statement = "maze[88] |= E << 12;",
    };

    bitmaze_class_server_ask_word (server, &question);
  }
  expect_line (&student, "answered 2");
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == 4);
  bitmaze_class_server_reveal_word (server, 0x2003);
  results = bitmaze_class_server_get_results (server);
  g_assert_cmpuint (results->wrong, ==, 4);
  for (guint bit = 0; bit < 16; bit++)
    g_assert_cmpuint (results->wrong_bits[bit], ==, bit == 13 || bit == 14 ? 4 : 0);
  expect_line (&student, "checked 2");

  /* 3: which cell comes next?  The student taps (5, 3). */
  {
    static const guint16 words[9] = { 0x1002, 0x100A, 0x0008,
                                      0x0004, 0x8005, 0x0000,
                                      0x0000, 0x0000, 0x0000 };
    static const guint8 marks[9] = { BITMAZE_CLASS_MARK_START, BITMAZE_CLASS_MARK_CURRENT, BITMAZE_CLASS_MARK_FRONTIER,
                                     0, BITMAZE_CLASS_MARK_FRONTIER, 0,
                                     0, 0, BITMAZE_CLASS_MARK_GOAL };
    BitmazeClassCellQuestion question = {
      .x = 4, .y = 2, .width = 3, .height = 3, .words = words, .marks = marks,
      .statement = "BFS: the queue holds (6, 2) and (5, 3)",
    };

    bitmaze_class_server_ask_cell (server, &question);
  }
  expect_line (&student, "answered 3");
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == 1);
  bitmaze_class_server_reveal_cell (server, 5, 3, "BFS takes the oldest cell in its queue");
  g_assert_cmpuint (bitmaze_class_server_get_results (server)->right, ==, 1);
  expect_line (&student, "checked 3");

  bitmaze_class_server_stop (server);
  expect_line (&student, "ended");

  CLASS_WAIT_FOR (student.exited);
  g_assert_true (g_subprocess_get_if_exited (student.node));
  g_assert_cmpint (g_subprocess_get_exit_status (student.node), ==, 0);

  g_clear_pointer (&student.line, g_free);
  g_object_unref (student.lines);
  g_object_unref (student.node);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BITMAZE_LOCALEDIR");
  int status;

  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("G_MESSAGES_DEBUG") == NULL)
    g_log_set_debug_enabled (FALSE);

  g_test_add_func ("/class-browser/student-page", test_student_page);

  status = g_test_run ();
  return status == 0 && skipped ? EXIT_SKIPPED : status;
}
