/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-worksheet.c: bitmaze-cli worksheet makes a PDF with the expected
 * number of pages, of the paper asked for, and refuses bad values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>

static const char *cli_path;
static char *tmpdir;

/* Runs bitmaze-cli with @args (NULL-terminated); returns the exit status,
 * stderr into *@err when not NULL. */
static int
run_cli (char       **err,
         const char  *first,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *errors = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  const char *arg;
  va_list ap;
  int wait_status;

  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  g_ptr_array_add (argv, (char *) cli_path);
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (tmpdir, (char **) argv->pdata, envp, G_SPAWN_DEFAULT,
                               NULL, NULL, &out, &errors, &wait_status, &error));
  g_assert_no_error (error);
  if (err != NULL)
    *err = g_steal_pointer (&errors);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

/* Like strstr() over binary data (a PDF's streams hold NUL bytes). */
static const char *
find (const char *p,
      const char *end,
      const char *needle)
{
  size_t n = strlen (needle);

  for (; p + n <= end; p++)
    if (memcmp (p, needle, n) == 0)
      return p;
  return NULL;
}

typedef struct
{
  unsigned pages;
  unsigned mediaboxes_ok;
} PdfInfo;

/* Counts the page objects ("/Type /Page", not "/Pages") of a cairo PDF,
 * and how many of them have the MediaBox @width x @height (points,
 * compared to a hundredth). */
static PdfInfo
read_pdf (const char *name,
          double      width,
          double      height)
{
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  PdfInfo info = { 0, 0 };
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  for (const char *p = data; (p = find (p, data + len, "/Type /Page")) != NULL; p++)
    if (p[strlen ("/Type /Page")] != 's')
      info.pages++;
  for (const char *p = data; (p = find (p, data + len, "/MediaBox [")) != NULL; p++)
    {
      double x0, y0, x1, y1;

      if (sscanf (p, "/MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, &x1, &y1) == 4
          && x0 == 0 && y0 == 0 && fabs (x1 - width) < 0.01 && fabs (y1 - height) < 0.01)
        info.mediaboxes_ok++;
    }
  return info;
}

#define A4_W (210.0 * 72.0 / 25.4)
#define A4_H (297.0 * 72.0 / 25.4)

static void
test_six_on_a4 (void)
{
  PdfInfo info;

  g_assert_cmpint (run_cli (NULL, "worksheet", "--count", "6", "--size", "20x20",
                            "--algorithm", "prim", "--seed", "11", "--paper", "a4",
                            "-o", "six.pdf", NULL), ==, 0);
  info = read_pdf ("six.pdf", A4_W, A4_H);
  /* six 20x20 mazes fit one page; the answers take a second one */
  g_assert_cmpuint (info.pages, ==, 2);
  g_assert_cmpuint (info.mediaboxes_ok, ==, 2);
}

static void
test_letter_per_page_no_answers (void)
{
  PdfInfo info;

  g_assert_cmpint (run_cli (NULL, "worksheet", "-n", "7", "--size", "10x8",
                            "--per-page", "2", "--paper", "LETTER", "--no-answers",
                            "--seed", "3", "-o", "letter.pdf", NULL), ==, 0);
  info = read_pdf ("letter.pdf", 612, 792);
  g_assert_cmpuint (info.pages, ==, 4);
  g_assert_cmpuint (info.mediaboxes_ok, ==, 4);

  g_assert_cmpint (run_cli (NULL, "worksheet", "-n", "7", "--size", "10x8",
                            "--per-page", "2", "--paper", "letter",
                            "--seed", "3", "-o", "letter.pdf", NULL), ==, 0);
  info = read_pdf ("letter.pdf", 612, 792);
  g_assert_cmpuint (info.pages, ==, 8);
}

/* Big mazes go one to a page by themselves. */
static void
test_big_mazes_one_a_page (void)
{
  PdfInfo info;

  g_assert_cmpint (run_cli (NULL, "worksheet", "-n", "3", "--size", "60x80",
                            "--seed", "9", "-o", "big.pdf", "--paper", "a4", NULL), ==, 0);
  info = read_pdf ("big.pdf", A4_W, A4_H);
  g_assert_cmpuint (info.pages, ==, 6);
}

/* Mazes from files, with their own titles, the same way. */
static void
test_from_files (void)
{
  PdfInfo info;

  g_assert_cmpint (run_cli (NULL, "generate", "--size", "12x9", "--seed", "1",
                            "--title", "First", "-o", "a.maze", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "generate", "--size", "30x9", "--seed", "2",
                            "-o", "b.maze", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "worksheet", "a.maze", "b.maze", "--paper", "a4",
                            "-o", "files.pdf", NULL), ==, 0);
  info = read_pdf ("files.pdf", A4_W, A4_H);
  g_assert_cmpuint (info.pages, ==, 2);
}

static void
test_bad_values (void)
{
  g_autofree char *err1 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *err3 = NULL;
  g_autofree char *err4 = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "never.pdf", NULL);

  g_assert_cmpint (run_cli (&err1, "worksheet", "--paper", "a5", "-o", "never.pdf", NULL), ==, 1);
  g_assert_nonnull (strstr (err1, "unknown paper size 'a5'"));
  g_assert_cmpint (run_cli (&err2, "worksheet", "--count", "0", "-o", "never.pdf", NULL), ==, 1);
  g_assert_nonnull (strstr (err2, "--count"));
  g_assert_cmpint (run_cli (&err3, "worksheet", "--size", "400x10", "-o", "never.pdf", NULL), ==, 1);
  g_assert_nonnull (strstr (err3, "too big for a worksheet"));
  g_assert_cmpint (run_cli (&err4, "worksheet", "--count", "2", NULL), ==, 2);
  g_assert_nonnull (strstr (err4, "-o"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("BITMAZE_CLI");
  g_assert_nonnull (cli_path);
  tmpdir = g_dir_make_tmp ("bitmaze-worksheet-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/worksheet/six-on-a4", test_six_on_a4);
  g_test_add_func ("/cli/worksheet/letter-per-page", test_letter_per_page_no_answers);
  g_test_add_func ("/cli/worksheet/big-mazes", test_big_mazes_one_a_page);
  g_test_add_func ("/cli/worksheet/from-files", test_from_files);
  g_test_add_func ("/cli/worksheet/bad-values", test_bad_values);
  status = g_test_run ();

  {
    g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmpdir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
