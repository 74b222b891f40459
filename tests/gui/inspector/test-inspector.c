/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bit inspector in a real BitmazeWindow under Xvfb: what a student sees
 * of a cell's bits, the C operations of each step, the frontier, and what
 * clicking a bit does to the maze.
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "../../common/gui-test.h"

#include "bitmaze-inspector.h"
#include "../../common/window-test.h"

#define SEED 20240501u

typedef struct
{
  BitmazeWindow    *window;
  BitmazeInspector *inspector;
  GSettings        *settings;
} Fixture;

static void
make_maze (Fixture    *fixture,
           const char *generator,
           guint       width,
           guint       height)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", generator);
  bitmaze_session_set_seed (window_test_session (fixture->window), SEED);
  bitmaze_session_set_size (window_test_session (fixture->window), width, height);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
}

/* A window with the inspector shown, on a 20 x 15 recursive-backtracker
 * maze of SEED, BFS selected. */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *panel;

  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_double (fixture->settings, "speed", 6.0);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  g_settings_set_string (fixture->settings, "label-mode", "none");
  g_settings_set_uint (fixture->settings, "inspector-text-size", 0);
  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));

  /* Never shown, the inspector is not made. */
  panel = GTK_WIDGET (window_test_side_panel (fixture->window));
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_null (window_test_inspector (fixture->window));
  /* The header bar's toggle and F9 both activate this action. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-inspector", NULL);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (g_settings_get_boolean (fixture->settings, "show-inspector"));

  fixture->inspector = window_test_inspector (fixture->window);
  g_assert_true (BITMAZE_IS_INSPECTOR (fixture->inspector));
  g_assert_true (gtk_widget_get_parent (GTK_WIDGET (fixture->inspector)) == panel);

  make_maze (fixture, "growing-tree:newest", 20, 15);
  gui_test_wait_for_frames (fixture->inspector, 1);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->window != NULL)
    {
      AdwMessageDialog *dialog = window_test_save_dialog (fixture->window);

      if (dialog != NULL)
        window_test_respond (dialog, "discard");
      if (fixture->window != NULL)
        gtk_window_destroy (GTK_WINDOW (fixture->window));
    }
  gui_test_wait_for_finalize (&fixture->window, "the window to be finalized");
  g_clear_object (&fixture->settings);
}

static BitmazeOpItem *
last_op (Fixture *fixture)
{
  GListModel *log = G_LIST_MODEL (bitmaze_inspector_get_log (fixture->inspector));
  guint n = g_list_model_get_n_items (log);

  g_assert_cmpuint (n, >, 0);
  return g_list_model_get_item (log, n - 1);
}

static const char *
button_label (Fixture *fixture,
              guint    bit)
{
  return gtk_button_get_label (GTK_BUTTON (bitmaze_inspector_get_bit_button (fixture->inspector, bit)));
}

/* The 16 buttons, the hex, decimal and binary words of @word. */
static void
assert_panel_shows (Fixture *fixture,
                    guint16  word)
{
  g_autofree char *hex = g_strdup_printf ("0x%04X", word);
  char binary[20];
  guint k = 0;

  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "word"), ==, hex);
  g_assert_cmphex (bitmaze_inspector_get_word (fixture->inspector), ==, word);

  for (int bit = 15; bit >= 0; bit--)
    {
      binary[k++] = (word >> bit) & 1 ? '1' : '0';
      if (bit % 4 == 0 && bit > 0)
        binary[k++] = ' ';
      g_assert_cmpstr (button_label (fixture, (guint) bit), ==, (word >> bit) & 1 ? "1" : "0");
    }
  binary[k] = '\0';
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "binary"), ==, binary);
}

/* An interior cell with the wall on side @dir standing, or -1. */
static int
find_closed_interior_wall (Maze     *maze,
                           uint16_t  dir)
{
  const uint16_t *cells = maze_cells_const (maze);

  for (uint32_t i = 0; i < maze_n_cells (maze); i++)
    {
      if (!maze_cell_on_border (cells[i], dir) && !maze_cell_is_open (cells[i], dir))
        return (int) i;
    }
  return -1;
}

/* ------------------------------------------------------------------ */

/* Selecting a cell of a seeded maze shows its word, its bits and names
 * every bit for screen readers. */
static void
test_selected_cell (Fixture       *fixture,
                    gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeMazeView *view = window_test_view (fixture->window);
  guint index = 3 * 20 + 7;
  guint16 word = maze_cells_const (maze)[index];
  g_autofree char *decimal = g_strdup_printf ("Decimal %u", word);

  /* The border nibble of (7, 3), inside the maze, is empty; and the
   * seeded maze is a perfect one, so the cell has a passage. */
  g_assert_cmphex (word & MAZE_BORDER_MASK, ==, 0);
  g_assert_cmphex (word & MAZE_PASSAGE_MASK, !=, 0);

  /* Picking a cell shows it; only the switch turns following off. */
  bitmaze_maze_view_set_selected_cell (view, (int) index);
  g_assert_true (bitmaze_inspector_get_following (fixture->inspector));
  g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, (int) index);
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "cell"), ==, "Cell (7, 3) · maze[67]");
  assert_panel_shows (fixture, word);
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "decimal"), ==, decimal);
  /* Nothing changed it yet: no previous word. */
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "previous"), ==, "");

  /* The top-left corner: border N and W, bits 4 and 7. */
  bitmaze_maze_view_set_selected_cell (view, 0);
  g_assert_cmphex (maze_cells_const (maze)[0] & MAZE_BORDER_MASK, ==, (MAZE_N | MAZE_W) << 4);
  assert_panel_shows (fixture, maze_cells_const (maze)[0]);
  g_assert_cmpstr (button_label (fixture, 4), ==, "1");
  g_assert_cmpstr (button_label (fixture, 7), ==, "1");
  g_assert_cmpstr (button_label (fixture, 5), ==, "0");
  g_assert_true (g_str_has_suffix (bitmaze_inspector_get_text (fixture->inspector, "cell"), "start"));

  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bitmaze_inspector_get_bit_button (fixture->inspector, 7)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Bit 7, border west, 1");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bitmaze_inspector_get_bit_button (fixture->inspector, 12)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Bit 12, backtrack north, 0");
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (bitmaze_inspector_get_bit_button (fixture->inspector, 7)),
                                    GTK_ACCESSIBLE_STATE_PRESSED,
                                    GTK_ACCESSIBLE_TRISTATE_TRUE);
}

/* After each win.step the log's last line is the engine's operation with
 * the right words, and the panel (following) shows the changed cell with
 * its previous word and the changed bit marked. */
static void
test_step_log (Fixture       *fixture,
               gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeOpLog *log = bitmaze_inspector_get_log (fixture->inspector);
  guint reached = 0;

  g_assert_true (bitmaze_inspector_get_following (fixture->inspector));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, 0);
  /* a cell clicked before the search: its outline goes with the panel */
  bitmaze_maze_view_set_selected_cell (window_test_view (fixture->window), 3 * 20 + 7);

  for (guint k = 1; k <= 40; k++)
    {
      g_autoptr (BitmazeOpItem) item = NULL;
      g_autofree char *code = NULL;
      g_autofree char *text = NULL;
      const MazeStep *step, *logged;

      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      step = bitmaze_session_get_last_step (window_test_session (fixture->window));
      g_assert_nonnull (step);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, k);

      item = last_op (fixture);
      logged = bitmaze_op_item_get_step (item);
      g_assert_cmpint (logged->kind, ==, step->kind);
      g_assert_cmpuint (logged->n_changes, ==, step->n_changes);
      code = bitmaze_op_item_dup_code (item);
      text = bitmaze_op_item_dup_description (item);

      for (unsigned c = 0; c < step->n_changes; c++)
        {
          const MazeChange *change = &step->changes[c];
          g_autofree char *words = g_strdup_printf ("0x%04X → 0x%04X", change->before, change->after);

          g_assert_nonnull (strstr (code, change->expr));
          g_assert_nonnull (strstr (code, words));
        }

      if (step->kind == MAZE_STEP_REACH)
        {
          const MazeChange *change = &step->changes[step->n_changes - 1];
          guint16 diff = change->before ^ change->after;
          guint bit = (guint) g_bit_nth_lsf (diff, -1);
          uint32_t w = maze_width (maze);
          g_autofree char *prefix = g_strdup_printf ("BFS reached (%u, %u) from the ",
                                                     step->cell % w, step->cell / w);
          g_autofree char *previous = g_strdup_printf ("was 0x%04X", change->before);

          /* BFS writes the parent pointer: one backtrack bit, C says so. */
          g_assert_cmpuint (step->n_changes, ==, 1);
          g_assert_cmpuint (change->index, ==, step->cell);
          g_assert_cmpuint (bit, >=, 12);
          g_assert_nonnull (strstr (code, "<< 12;"));
          g_assert_true (g_str_has_prefix (text, prefix));

          /* The panel follows: that cell, new word, old word, marked bit;
           * and the maze outlines that cell, not the one clicked before:
           * one outline, the panel's. */
          g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, (int) step->cell);
          g_assert_cmpint (bitmaze_maze_view_get_selected_cell (window_test_view (fixture->window)), ==,
                           (int) step->cell);
          assert_panel_shows (fixture, change->after);
          g_assert_cmphex (change->after, ==, maze_cells_const (maze)[step->cell]);
          g_assert_cmphex (bitmaze_inspector_get_previous (fixture->inspector), ==, change->before);
          g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "previous"), ==, previous);
          for (guint b = 0; b < 16; b++)
            g_assert_cmpint (gtk_widget_has_css_class (bitmaze_inspector_get_bit_button (fixture->inspector, b),
                                                       "bitmaze-bit-changed"), ==, b == bit);
          reached++;
        }
    }
  g_assert_cmpuint (reached, >, 10);

  /* The frontier is the BFS queue, head (the next cell) first. */
  {
    GListModel *frontier = bitmaze_inspector_get_frontier (fixture->inspector);
    uint32_t cells[8];
    size_t total = bitmaze_session_get_frontier (window_test_session (fixture->window), cells, G_N_ELEMENTS (cells));
    g_autofree char *head = NULL;

    g_assert_cmpuint (total, >, 0);
    g_assert_cmpuint (g_list_model_get_n_items (frontier), ==, MIN (total, 64));
    head = g_strdup_printf ("(%u, %u)", cells[0] % 20, cells[0] / 20);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (frontier), 0), ==, head);
    g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "frontier"), ==, "BFS queue, head first");
  }

  /* Reset clears the search bits: the panel catches up on the next frame
   * and shows what Reset changed. */
  {
    int cell = bitmaze_inspector_get_cell (fixture->inspector);

    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
    gui_test_wait_for_frames (fixture->inspector, 1);
    g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, cell);
    g_assert_cmphex (bitmaze_inspector_get_word (fixture->inspector) & MAZE_SEARCH_MASK, ==, 0);
    g_assert_cmpuint (g_list_model_get_n_items (bitmaze_inspector_get_frontier (fixture->inspector)), ==, 0);
  }
}

/* Clicking a line of the log selects that cell on the maze. */
static void
test_log_click_selects (Fixture       *fixture,
                        gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  GListModel *log = G_LIST_MODEL (bitmaze_inspector_get_log (fixture->inspector));
  g_autoptr (BitmazeOpItem) item = NULL;
  GtkWidget *list_view = NULL;
  guint cell;

  for (guint k = 0; k < 6; k++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);

  item = g_list_model_get_item (log, 2);
  cell = bitmaze_op_item_get_step (item)->cell;

  /* The log's list view: find it among the panel's widgets. */
  for (GtkWidget *w = GTK_WIDGET (fixture->inspector); w != NULL;)
    {
      if (GTK_IS_LIST_VIEW (w) && gtk_list_view_get_model (GTK_LIST_VIEW (w)) != NULL &&
          g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (w)))) == 6)
        {
          list_view = w;
          break;
        }
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          if (w != NULL)
            w = gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_nonnull (list_view);

  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "explanation"), ==, "");
  g_signal_emit_by_name (list_view, "activate", 2);
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (view), ==, (int) cell);
  g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, (int) cell);
  /* the line chosen (a click, or Enter on the keyboard) is explained below */
  {
    MazeStep step = *bitmaze_op_item_get_step (item);
    const char *explanation = bitmaze_inspector_get_text (fixture->inspector, "explanation");

    maze_step_complete (&step);
    g_assert_cmpuint (step.n_changes, >, 0);
    g_assert_true (g_str_has_prefix (explanation, step.changes[0].expr));
    g_assert_nonnull (strstr (explanation, "and keeps the others"));
  }
  /* Following stays on (issue 15): the next step shows its own cell. */
  g_assert_true (bitmaze_inspector_get_following (fixture->inspector));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==,
                   (int) bitmaze_session_get_last_step (window_test_session (fixture->window))->cell);

  /* Not following, a step leaves the panel on the cell picked. */
  bitmaze_inspector_set_following (fixture->inspector, FALSE);
  g_signal_emit_by_name (list_view, "activate", 2);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, (int) cell);
}

/* A passage bit toggles the neighbour's opposite bit too (two operations
 * in the log) and the maze stays consistent; toggling again restores it. */
static void
test_toggle_passage (Fixture       *fixture,
                     gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeMazeView *view = window_test_view (fixture->window);
  g_autofree uint16_t *original = g_memdup2 (maze_cells_const (maze), 2 * maze_n_cells (maze));
  int cell = find_closed_interior_wall (maze, MAZE_E);
  uint32_t east;
  MazeError error;

  g_assert_cmpint (cell, >=, 0);
  east = maze_neighbor (maze, (uint32_t) cell, MAZE_E);
  g_assert_false (bitmaze_session_get_modified (window_test_session (fixture->window)));

  bitmaze_maze_view_set_selected_cell (view, cell);
  /* Bit 1 is E of the passages. */
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 1), "clicked");

  g_assert_null (bitmaze_inspector_get_message (fixture->inspector));
  g_assert_true (maze_cell_is_open (maze_cells_const (maze)[cell], MAZE_E));
  g_assert_true (maze_cell_is_open (maze_cells_const (maze)[east], MAZE_W));
  g_assert_true (maze_check_consistent (maze, &error));
  g_assert_false (maze_is_perfect (maze)); /* a new loop */
  g_assert_true (bitmaze_session_get_modified (window_test_session (fixture->window)));

  {
    g_autoptr (BitmazeOpItem) item = last_op (fixture);
    const MazeStep *step = bitmaze_op_item_get_step (item);
    g_autofree char *code = bitmaze_op_item_dup_code (item);
    g_autofree char *first = g_strdup_printf ("maze[%d] |= ", cell);
    g_autofree char *second = g_strdup_printf ("maze[%u] |= ", east);

    g_assert_cmpuint (step->n_changes, ==, 2);
    g_assert_cmpuint (step->changes[0].index, ==, (uint32_t) cell);
    g_assert_cmpuint (step->changes[1].index, ==, east);
    g_assert_nonnull (strstr (code, first));
    g_assert_nonnull (strstr (code, second));
  }
  assert_panel_shows (fixture, maze_cells_const (maze)[cell]);
  g_assert_cmpstr (button_label (fixture, 1), ==, "1");
  g_assert_true (gtk_widget_has_css_class (bitmaze_inspector_get_bit_button (fixture->inspector, 1),
                                           "bitmaze-bit-changed"));

  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 1), "clicked");
  g_assert_cmpmem (original, 2 * maze_n_cells (maze), maze_cells_const (maze), 2 * maze_n_cells (maze));
  g_assert_true (maze_check_consistent (maze, &error));
  g_assert_true (maze_is_perfect (maze));
}

/* A border bit cannot be toggled: nothing changes and the panel says why. */
static void
test_toggle_border_refused (Fixture       *fixture,
                            gconstpointer  data)
{
  Maze *maze = window_test_maze (fixture->window);
  BitmazeMazeView *view = window_test_view (fixture->window);
  g_autofree uint16_t *original = g_memdup2 (maze_cells_const (maze), 2 * maze_n_cells (maze));
  guint n_ops = g_list_model_get_n_items (G_LIST_MODEL (bitmaze_inspector_get_log (fixture->inspector)));
  const char *message;

  /* (0, 0): bit 4 (border N) is 1, bit 5 (border E) is 0. */
  bitmaze_maze_view_set_selected_cell (view, 0);
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 4), "clicked");

  message = bitmaze_inspector_get_message (fixture->inspector);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "Border bits never change"));
  g_assert_nonnull (strstr (message, "outer edge"));
  g_assert_cmpmem (original, 2 * maze_n_cells (maze), maze_cells_const (maze), 2 * maze_n_cells (maze));
  g_assert_false (bitmaze_session_get_modified (window_test_session (fixture->window)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (bitmaze_inspector_get_log (fixture->inspector))), ==, n_ops);

  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 5), "clicked");
  message = bitmaze_inspector_get_message (fixture->inspector);
  g_assert_nonnull (strstr (message, "has a neighbour"));
  g_assert_cmpmem (original, 2 * maze_n_cells (maze), maze_cells_const (maze), 2 * maze_n_cells (maze));

  /* A backtrack bit through the outer wall is refused too; one pointing
   * inside replaces the nibble's bit. */
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 12), "clicked");
  g_assert_nonnull (strstr (bitmaze_inspector_get_message (fixture->inspector), "cannot point north"));
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 13), "clicked");
  g_assert_null (bitmaze_inspector_get_message (fixture->inspector));
  g_assert_cmphex (maze_cells_const (maze)[0] & MAZE_BACKTRACK_MASK, ==, MAZE_E << 12);
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 14), "clicked");
  g_assert_cmphex (maze_cells_const (maze)[0] & MAZE_BACKTRACK_MASK, ==, MAZE_S << 12);
  g_assert_true (maze_check_consistent (maze, NULL));
}

/* Run at full speed on a maze of 10 000 cells: the log gets every step
 * in batches, keeps only the newest ones, and ends with the last step. */
static void
test_run_keeps_newest (Fixture       *fixture,
                       gconstpointer  data)
{
  BitmazeOpLog *log = bitmaze_inspector_get_log (fixture->inspector);
  g_autoptr (BitmazeOpItem) item = NULL;
  const MazeStep *last;
  MazeSolveStats stats;

  make_maze (fixture, "growing-tree:newest", 100, 100);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run", NULL);
  gui_test_wait_for_property (window_test_session (fixture->window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (fixture->window)), ==, BITMAZE_PHASE_SOLVED);

  bitmaze_session_get_stats (window_test_session (fixture->window), &stats);
  g_assert_cmpuint (stats.steps, >, BITMAZE_INSPECTOR_LOG_MAX);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (log)), ==, BITMAZE_INSPECTOR_LOG_MAX);

  last = bitmaze_session_get_last_step (window_test_session (fixture->window));
  item = last_op (fixture);
  g_assert_cmpint (bitmaze_op_item_get_step (item)->kind, ==, MAZE_STEP_FOUND);
  g_assert_cmpint (last->kind, ==, MAZE_STEP_FOUND);
  g_assert_cmpuint (bitmaze_op_item_get_step (item)->cell, ==, last->cell);
  g_assert_cmpuint (bitmaze_op_item_get_step (item)->cell, ==, maze_goal (window_test_maze (fixture->window)));

  /* The steps before the end wrote the solution path, in order. */
  {
    g_autoptr (BitmazeOpItem) before = g_list_model_get_item (G_LIST_MODEL (log), BITMAZE_INSPECTOR_LOG_MAX - 2);

    g_assert_cmpint (bitmaze_op_item_get_step (before)->kind, ==, MAZE_STEP_PATH);
  }
}

/* Generation steps (animated building) appear in the log and the panel
 * like search steps: passage bits set by C statements. */
static void
test_generation_steps (Fixture       *fixture,
                       gconstpointer  data)
{
  Maze *maze;
  guint carved = 0;

  g_object_set (window_test_session (fixture->window), "animate", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  /* Animated building starts running: pause it before its first frame. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.stop", NULL);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (fixture->window)), ==, BITMAZE_PHASE_BUILDING);
  maze = window_test_maze (fixture->window);

  for (guint k = 0; k < 20; k++)
    {
      g_autoptr (BitmazeOpItem) item = NULL;
      g_autofree char *text = NULL;
      const MazeStep *step;

      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
      step = bitmaze_session_get_last_step (window_test_session (fixture->window));
      item = last_op (fixture);
      text = bitmaze_op_item_dup_description (item);
      if (step->kind != MAZE_STEP_CARVE)
        continue;

      carved++;
      g_assert_true (g_str_has_prefix (text, "Carved a passage from ("));
      g_assert_cmpuint (step->n_changes, ==, 2);
      for (unsigned c = 0; c < 2; c++)
        g_assert_cmphex ((step->changes[c].before ^ step->changes[c].after) & ~MAZE_PASSAGE_MASK, ==, 0);
      g_assert_cmpint (bitmaze_inspector_get_cell (fixture->inspector), ==, (int) step->cell);
      assert_panel_shows (fixture, maze_cells_const (maze)[step->cell]);
    }
  g_assert_cmpuint (carved, >, 10);
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "frontier"), ==,
                   "Generator’s working set, next first");
  g_assert_cmpuint (g_list_model_get_n_items (bitmaze_inspector_get_frontier (fixture->inspector)), >, 0);

  /* While the maze is built its bits cannot be flipped by hand. */
  g_signal_emit_by_name (bitmaze_inspector_get_bit_button (fixture->inspector, 0), "clicked");
  g_assert_cmpstr (bitmaze_inspector_get_message (fixture->inspector), ==, "The maze is still being built");
}

/* The panel's own controls: presentation text size and cell labels, both
 * remembered in GSettings; F9's action hides the panel. */
static void
test_controls (Fixture       *fixture,
               gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  GtkWidget *inspector = GTK_WIDGET (fixture->inspector);

  g_assert_true (gtk_widget_activate_action (inspector, "inspector.text-bigger", NULL));
  g_assert_true (gtk_widget_has_css_class (inspector, "bitmaze-text-1"));
  gtk_widget_activate_action (inspector, "inspector.text-bigger", NULL);
  g_assert_false (gtk_widget_has_css_class (inspector, "bitmaze-text-1"));
  g_assert_true (gtk_widget_has_css_class (inspector, "bitmaze-text-2"));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "inspector-text-size"), ==, 2);
  gtk_widget_activate_action (inspector, "inspector.text-smaller", NULL);
  gtk_widget_activate_action (inspector, "inspector.text-smaller", NULL);
  g_assert_cmpuint (bitmaze_inspector_get_text_size (fixture->inspector), ==, 0);
  g_assert_false (gtk_widget_has_css_class (inspector, "bitmaze-text-1"));

  g_settings_set_string (fixture->settings, "label-mode", "hex");
  g_assert_cmpint (bitmaze_maze_view_get_label_mode (view), ==, BITMAZE_LABEL_WORD_HEX);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-inspector", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_test_side_panel (fixture->window))));
}

/* The key and the legend: each bit column says its value (W=8 ... N=1),
 * each nibble its shift, and the legend names the frontier for the
 * solver: BFS's queue, DFS's stack. */
static void
test_key_and_legend (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const keys[] = { "W=8", "S=4", "E=2", "N=1", "<< 0", "<< 4", "<< 8", "<< 12" };
  GtkWidget *panel = GTK_WIDGET (fixture->inspector);

  for (gsize k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      gboolean found = FALSE;

      for (GtkWidget *w = panel; w != NULL && !found;)
        {
          found = GTK_IS_LABEL (w) && g_str_equal (gtk_label_get_text (GTK_LABEL (w)), keys[k])
                  && gtk_widget_is_drawable (w);
          if (gtk_widget_get_first_child (w) != NULL)
            w = gtk_widget_get_first_child (w);
          else
            {
              while (w != NULL && w != panel && gtk_widget_get_next_sibling (w) == NULL)
                w = gtk_widget_get_parent (w);
              w = w != NULL && w != panel ? gtk_widget_get_next_sibling (w) : NULL;
            }
        }
      if (!found)
        g_error ("the inspector shows no \"%s\"", keys[k]);
    }

  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "legend-frontier"), ==, "queue");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "dfs");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "legend-frontier"), ==, "stack");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "astar");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.step", NULL);
  g_assert_cmpstr (bitmaze_inspector_get_text (fixture->inspector, "legend-frontier"), ==, "open set");
}

/* Opened for the first time in the middle of a search, the log shows
 * the steps so far. */
static void
test_opened_mid_search (Fixture       *fixture,
                        gconstpointer  data)
{
  BitmazeWindow *window;
  BitmazeSession *session;
  GListModel *log;

  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);
  window = bitmaze_window_new (NULL);
  session = window_test_session (window);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  bitmaze_session_set_seed (session, SEED);
  bitmaze_session_set_size (session, 10, 8);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  g_assert_null (window_test_inspector (window));
  for (guint k = 0; k < 5; k++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL);
  g_assert_nonnull (window_test_inspector (window));
  log = G_LIST_MODEL (bitmaze_inspector_get_log (window_test_inspector (window)));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 5);

  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_wait_for_finalize (&window, "the second window to be finalized");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/inspector/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("selected-cell", test_selected_cell);
  ADD ("step-log", test_step_log);
  ADD ("log-click-selects", test_log_click_selects);
  ADD ("toggle-passage", test_toggle_passage);
  ADD ("toggle-border-refused", test_toggle_border_refused);
  ADD ("run-keeps-newest", test_run_keeps_newest);
  ADD ("generation-steps", test_generation_steps);
  ADD ("controls", test_controls);
  ADD ("key-and-legend", test_key_and_legend);
  ADD ("opened-mid-search", test_opened_mid_search);

  return g_test_run ();
}
