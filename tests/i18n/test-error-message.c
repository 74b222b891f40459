/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-error-message.c: bitmaze_error_message() gives the engine's errors
 * in the user's language (LANGUAGE=de, with the .mo files of the build
 * tree in BITMAZE_LOCALEDIR) and exactly the engine's English text under
 * LANGUAGE=C.
 */
#include <glib.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "bitmaze-error.h"

static gboolean german;

/* @error's message, checked against @de in German and against the
 * engine's own text otherwise. */
static void
check (const MazeError *error,
       MazeMessage    code,
       const char      *de)
{
  g_autofree char *message = bitmaze_error_message (error);

  g_assert_cmpint (error->code, ==, code);
  if (german)
    g_assert_cmpstr (message, ==, de);
  else
    g_assert_cmpstr (message, ==, error->message);
}

static void
test_file_errors (void)
{
  MazeError error = { 0 };

  g_assert_null (maze_load_memory ("hello world\n", 12, &error));
  check (&error, MAZE_MSG_BAD_MAGIC,
         "keine Labyrinth-Datei (falsche Kennung am Dateianfang)");
  g_assert_null (maze_load_memory ("", 0, &error));
  check (&error, MAZE_MSG_EMPTY_FILE, "keine Labyrinth-Datei (die Datei ist leer)");
  g_assert_null (maze_load_file ("/nonexistent/dir/a.maze", &error));
  /* the system's reason is the C library's, translated or not */
  {
    g_autofree char *message = bitmaze_error_message (&error);

    g_assert_cmpint (error.code, ==, MAZE_MSG_IO_OPEN);
    if (german)
      g_assert_true (g_str_has_prefix (message,
                                       "„/nonexistent/dir/a.maze“ kann nicht geöffnet werden: "));
    else
      g_assert_cmpstr (message, ==, error.message);
  }
}

static void
test_size_errors (void)
{
  MazeError error = { 0 };

  g_assert_null (maze_new (0, 5, &error));
  check (&error, MAZE_MSG_WIDTH_RANGE, "Breite 0 außerhalb des Bereichs (1 bis 65535)");
  g_assert_null (maze_new (3, 70000, &error));
  check (&error, MAZE_MSG_HEIGHT_RANGE, "Höhe 70000 außerhalb des Bereichs (1 bis 65535)");
}

/* A direction inside a message is translated too. */
static void
test_inconsistent_direction (void)
{
  MazeError error = { 0 };
  Maze *maze = maze_new (5, 4, NULL);
  uint16_t *cells = maze_cells (maze);

  cells[maze_index (maze, 2, 1)] |= MAZE_E;
  g_assert_false (maze_check_consistent (maze, &error));
  check (&error, MAZE_MSG_INCONSISTENT_PASSAGE,
         "Widersprüchliches Labyrinth bei (2, 1): Durchgang nach Osten ohne Durchgang zurück");
  maze_free (maze);
}

static void
test_generator_errors (void)
{
  MazeError error = { 0 };
  Maze *maze = maze_new (4, 4, NULL);

  g_assert_null (maze_generator_new (maze, "frobnicate", 1, 0, &error));
  check (&error, MAZE_MSG_UNKNOWN_GENERATOR, "unbekannter Generator „frobnicate“");
  g_assert_null (maze_generator_new (maze, "kruskal", 1, 101, &error));
  check (&error, MAZE_MSG_LOOPS_RANGE,
         "Schleifen müssen 0 bis 100 Prozent der Sackgassen sein, angegeben wurde 101");
  maze_free (maze);
}

/* Every message of the engine's table has its German translation, and
 * its values go into it: nothing of a template is left unformatted. */
static void
test_every_message (void)
{
  for (unsigned code = MAZE_MSG_NONE + 1; code < MAZE_MSG_N; code++)
    {
      const char *template = maze_message_template ((MazeMessage) code);
      MazeError error = { 0 };
      g_autofree char *message = NULL;

      g_assert_cmpstr (template, !=, "");
      maze_error_set (&error, MAZE_ERROR_ARGUMENT, (MazeMessage) code,
                      MAZE_TEXT ("a"), MAZE_TEXT ("b"), MAZE_TEXT ("c"),
                      MAZE_TEXT ("d"));
      message = bitmaze_error_message (&error);
      if (german)
        {
          if (g_strcmp0 (g_dgettext ("bitmaze", template), template) == 0)
            g_error ("no German for \"%s\"", template);
          g_assert_cmpstr (message, !=, error.message);
        }
      else
        g_assert_cmpstr (message, ==, error.message);
    }
}

/* A cleared error has no message. */
static void
test_cleared (void)
{
  MazeError error;
  g_autofree char *message = NULL;

  maze_error_set (&error, MAZE_ERROR_FORMAT, MAZE_MSG_BAD_MAGIC);
  maze_error_clear (&error);
  message = bitmaze_error_message (&error);
  g_assert_cmpint (error.code, ==, MAZE_MSG_NONE);
  g_assert_cmpstr (message, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BITMAZE_LOCALEDIR");
  const char *language = g_getenv ("LANGUAGE");

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (setlocale (LC_ALL, ""));
  g_assert_nonnull (localedir);
  bindtextdomain ("bitmaze", localedir);
  bind_textdomain_codeset ("bitmaze", "UTF-8");
  german = language != NULL && g_str_has_prefix (language, "de");

  g_test_add_func ("/error-message/file", test_file_errors);
  g_test_add_func ("/error-message/size", test_size_errors);
  g_test_add_func ("/error-message/direction", test_inconsistent_direction);
  g_test_add_func ("/error-message/generator", test_generator_errors);
  g_test_add_func ("/error-message/every-message", test_every_message);
  g_test_add_func ("/error-message/cleared", test_cleared);

  return g_test_run ();
}
