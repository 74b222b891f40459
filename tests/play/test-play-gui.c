/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Play mode in a real window under Xvfb, driven by real key presses and
 * clicks (xdotool through the X server's XTEST), and printing to PDF.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "bitmaze-play.h"
#include "bitmaze-print.h"
#include "../common/window-test.h"

#define SEED 77u

typedef struct
{
  BitmazeWindow *window;
  BitmazePlay   *play;
  GSettings     *settings;
  char          *tmpdir;
  guint          steps_seen;
} Fixture;

static void
step_done_cb (BitmazeSession *session,
              const MazeStep *step,
              Fixture        *fixture)
{
  fixture->steps_seen++;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (window_test_session (fixture->window), SEED);
  bitmaze_session_set_size (window_test_session (fixture->window), 12, 8);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);

  fixture->play = window_test_play (fixture->window);
  g_assert_nonnull (fixture->play);
  g_signal_connect (window_test_session (fixture->window), "edited", G_CALLBACK (step_done_cb), fixture);
  fixture->tmpdir = g_dir_make_tmp ("bitmaze-play-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);

  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_assert_null (fixture->window);
  g_clear_object (&fixture->settings);
}

static void
start_playing (Fixture *fixture)
{
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "play", NULL);
  g_assert_true (bitmaze_play_get_active (fixture->play));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->play)));
  /* The play bar takes room from the maze: lay it out. */
  gui_test_wait_for_frames (fixture->window, 1);
}

/* The shortest path's moves, from BFS on a copy. */
static char *
shortest_moves (Fixture *fixture)
{
  Maze *copy = maze_copy (window_test_maze (fixture->window), NULL);
  MazeSolver *bfs = maze_solver_new (copy, "bfs", NULL);
  char *moves;

  maze_solver_run (bfs);
  moves = maze_path_moves (copy);
  maze_solver_free (bfs);
  maze_free (copy);
  g_assert_nonnull (moves);
  return moves;
}

static void
test_keys_reach_goal (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *moves = NULL;
  g_autofree char *expected = NULL;
  Maze *maze;
  size_t n;

  if (!gui_test_have_xdotool ())
    return;
  start_playing (fixture);
  maze = window_test_maze (fixture->window);
  g_assert_cmpuint (bitmaze_play_get_position (fixture->play), ==, maze_start (maze));
  g_assert_nonnull (strstr (bitmaze_play_get_announcement (fixture->play), "Player at (0, 0)"));

  moves = shortest_moves (fixture);
  n = strlen (moves);
  for (size_t k = 0; k < n; k++)
    {
      /* arrows and WASD, alternately */
      const char *arrows[] = { "Up", "Right", "Down", "Left" };
      const char *letters[] = { "w", "d", "s", "a" };
      int d = moves[k] == 'N' ? 0 : moves[k] == 'E' ? 1 : moves[k] == 'S' ? 2 : 3;

      gui_test_press_keys (fixture->window, k % 2 ? letters[d] : arrows[d]);
      g_assert_cmpuint (bitmaze_play_get_moves (fixture->play), ==, k + 1);
    }

  g_assert_true (bitmaze_play_get_finished (fixture->play));
  g_assert_cmpuint (bitmaze_play_get_position (fixture->play), ==, maze_goal (maze));
  /* every move went to the inspector as a step, and the walk is the path */
  g_assert_cmpuint (fixture->steps_seen, ==, n);
  g_assert_cmpint (maze_path_cells (maze, NULL, 0), ==, (gint64) n);
  expected = g_strdup_printf ("Goal reached in %zu moves", n);
  g_assert_nonnull (strstr (bitmaze_play_get_message (fixture->play), expected));
  g_free (expected);
  expected = g_strdup_printf ("the shortest path is %zu moves", n);
  g_assert_nonnull (strstr (bitmaze_play_get_message (fixture->play), expected));

  /* at the goal, keys do nothing more */
  gui_test_press_keys (fixture->window, "Left");
  g_assert_cmpuint (bitmaze_play_get_moves (fixture->play), ==, n);
}

static void
test_wall_does_not_move (Fixture       *fixture,
                         gconstpointer  data)
{
  static const char *const keys[] = { "Up", "Right", "Down", "Left" };
  Maze *maze;
  g_autofree uint16_t *before = NULL;
  uint16_t cell;
  int wall = -1;

  if (!gui_test_have_xdotool ())
    return;
  start_playing (fixture);
  maze = window_test_maze (fixture->window);
  cell = maze_cells_const (maze)[maze_start (maze)];
  for (int k = 0; k < 4 && wall < 0; k++)
    if (!maze_cell_is_open (cell, MAZE_DIRECTIONS[k]))
      wall = k;
  g_assert_cmpint (wall, >=, 0);
  before = g_memdup2 (maze_cells_const (maze), maze_n_cells (maze) * sizeof (uint16_t));

  for (int i = 0; i < 3; i++)
    gui_test_press_keys (fixture->window, keys[wall]);
  g_assert_cmpuint (bitmaze_play_get_moves (fixture->play), ==, 0);
  g_assert_cmpuint (bitmaze_play_get_position (fixture->play), ==, maze_start (maze));
  g_assert_cmpmem (before, maze_n_cells (maze) * sizeof (uint16_t),
                   maze_cells_const (maze), maze_n_cells (maze) * sizeof (uint16_t));
  g_assert_cmpuint (fixture->steps_seen, ==, 0);
}

/* Escape leaves play mode, as the bar's close button does, after a
 * move as before one. */
static void
test_escape_stops_playing (Fixture       *fixture,
                           gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  uint16_t start = maze_cells_const (maze)[maze_start (maze)];

  if (!gui_test_have_xdotool ())
    return;
  start_playing (fixture);
  gui_test_press_keys (fixture->window, "Escape");
  g_assert_false (bitmaze_play_get_active (fixture->play));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (fixture->play)));

  start_playing (fixture);
  /* a move through the start's first open side into the maze */
  for (int k = 0; k < 4; k++)
    if (maze_cell_is_open (start, MAZE_DIRECTIONS[k]) && !maze_cell_on_border (start, MAZE_DIRECTIONS[k]))
      {
        static const char *const keys[] = { "Up", "Right", "Down", "Left" };

        gui_test_press_keys (fixture->window, keys[k]);
        break;
      }
  g_assert_cmpuint (bitmaze_play_get_moves (fixture->play), ==, 1);
  gui_test_press_keys (fixture->window, "Escape");
  g_assert_false (bitmaze_play_get_active (fixture->play));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (fixture->play)));
  /* the keys are the search's again: S steps */
  gui_test_press_keys (fixture->window, "s");
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (fixture->window)), ==, BITMAZE_PHASE_SOLVING);
}

/* A click on an open neighbour walks there; it does not move the start. */
static void
test_click_neighbour (Fixture       *fixture,
                      gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  Maze *maze;
  uint32_t start, target = UINT32_MAX;
  double cx, cy;

  if (!gui_test_have_xdotool ())
    return;
  start_playing (fixture);
  maze = window_test_maze (fixture->window);
  start = maze_start (maze);
  for (int k = 0; k < 4 && target == UINT32_MAX; k++)
    {
      uint16_t dir = MAZE_DIRECTIONS[k];
      uint16_t cell = maze_cells_const (maze)[start];

      if (maze_cell_is_open (cell, dir) && !maze_cell_on_border (cell, dir))
        target = maze_neighbor (maze, start, dir);
    }
  g_assert_cmpuint (target, !=, UINT32_MAX);

  g_assert_true (bitmaze_maze_view_get_cell_center (view, target, &cx, &cy));
  gui_test_click (view, cx, cy);
  g_assert_cmpuint (bitmaze_play_get_moves (fixture->play), ==, 1);
  g_assert_cmpuint (bitmaze_play_get_position (fixture->play), ==, target);
  g_assert_cmpuint (maze_start (maze), ==, start);
}

/* A solver step takes the search nibbles over: Play mode ends. */
static void
test_solver_ends_play (Fixture       *fixture,
                       gconstpointer  data)
{
  start_playing (fixture);
  g_assert_true (bitmaze_play_move (fixture->play, MAZE_DIRECTIONS[0])
                 || bitmaze_play_move (fixture->play, MAZE_DIRECTIONS[1])
                 || bitmaze_play_move (fixture->play, MAZE_DIRECTIONS[2])
                 || bitmaze_play_move (fixture->play, MAZE_DIRECTIONS[3]));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_false (bitmaze_play_get_active (fixture->play));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (fixture->play)));
  g_assert_true (bitmaze_maze_view_get_show_solution (window_test_view (fixture->window)));
}

static guint
count_pdf_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;
  guint pages = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  for (gsize i = 0; i + 11 < len; i++)
    if (memcmp (data + i, "/Type /Page", 11) == 0 && data[i + 11] != 's')
      pages++;
  return pages;
}

static void
test_print_and_worksheet (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *one = g_build_filename (fixture->tmpdir, "one.pdf", NULL);
  g_autofree char *two = g_build_filename (fixture->tmpdir, "two.pdf", NULL);
  g_autofree char *sheet = g_build_filename (fixture->tmpdir, "sheet.pdf", NULL);
  g_autoptr (GFile) one_file = g_file_new_for_path (one);
  g_autoptr (GFile) two_file = g_file_new_for_path (two);
  g_autoptr (GFile) sheet_file = g_file_new_for_path (sheet);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), "print"));
  g_assert_true (bitmaze_print_export_pdf (window_test_session (fixture->window), one_file, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (one), ==, 1);
  g_assert_true (bitmaze_print_export_pdf (window_test_session (fixture->window), two_file, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (two), ==, 2);

  g_assert_true (bitmaze_print_write_worksheet (window_test_session (fixture->window), sheet_file, 6, 20, 20,
                                                RENDER_PAPER_LETTER, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (sheet), ==, 2);
  g_assert_false (bitmaze_print_write_worksheet (window_test_session (fixture->window), sheet_file, 6, 400, 20,
                                                 RENDER_PAPER_A4, TRUE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/play/gui/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("keys-reach-goal", test_keys_reach_goal);
  ADD ("wall", test_wall_does_not_move);
  ADD ("escape-stops-playing", test_escape_stops_playing);
  ADD ("click-neighbour", test_click_neighbour);
  ADD ("solver-ends-play", test_solver_ends_play);
  ADD ("print-and-worksheet", test_print_and_worksheet);
#undef ADD
  return g_test_run ();
}
