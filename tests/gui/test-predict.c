/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Predict mode in a real window under Xvfb, driven by real key presses
 * and clicks (xdotool through XTEST): Q turns it on, Step stops before a
 * step with its questions; a word typed in hex, or clicked into the bit
 * inspector's bits (the maze untouched), is checked right or wrong with
 * the bits that differ marked; "which cell comes next?" is answered by a
 * click on the maze for BFS, DFS and A* without moving the start or
 * breaking the search, or with the arrow keys and Enter; Skip counts
 * nothing; the score and the streak follow and start again with a new
 * maze; Run stops before the step asked about.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-predict-bar.h"

#define SEED 1616u

typedef struct
{
  BitmazeWindow     *window;
  BitmazeSession    *session;
  BitmazePredictBar *bar;
  BitmazePredict    *predict;
  GSettings         *settings;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-inspector", data != NULL);
  g_settings_set_string (fixture->settings, "solver", "bfs");
  g_settings_set_double (fixture->settings, "speed", 6.0);

  fixture->window = bitmaze_window_new (NULL);
  fixture->session = window_test_session (fixture->window);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (fixture->session, SEED);
  bitmaze_session_set_size (fixture->session, 15, 11);
  g_object_set (fixture->session, "loops", 30u, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (fixture->session, "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);

  fixture->bar = BITMAZE_PREDICT_BAR (window_test_find (GTK_WIDGET (fixture->window),
                                                        BITMAZE_TYPE_PREDICT_BAR));
  g_assert_nonnull (fixture->bar);
  fixture->predict = bitmaze_predict_bar_get_predict (fixture->bar);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_settings_reset (fixture->settings, "animate-generation");
  g_settings_reset (fixture->settings, "show-inspector");
  g_settings_reset (fixture->settings, "solver");
  g_settings_reset (fixture->settings, "speed");
  g_clear_object (&fixture->settings);
}

/* Types @text (lower-case letters, digits) into the focused widget. */
static void
type_text (Fixture    *fixture,
           const char *text)
{
  g_autofree char *command = g_strdup_printf ("type --delay 0 '%s'", text);

  gui_test_xdotool_at (__FILE__, __LINE__, G_STRFUNC, GTK_WINDOW (fixture->window), command,
                       (guint) strlen (text), 0);
}

/* Is the window's focus @widget or inside it (an entry's text)? */
static gboolean
focus_within (Fixture   *fixture,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (fixture->window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static void
click_center (GtkWidget *widget)
{
  gui_test_wait_for_frames (widget, 1);
  gui_test_click (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

/* Does a visible label with the alert role under @root say @text? */
static gboolean
shows_alert (GtkWidget  *root,
             const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root)
      && gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (root)) == GTK_ACCESSIBLE_ROLE_ALERT
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_alert (child, text))
      return TRUE;
  return FALSE;
}

/* Q on the maze: predict mode on, its bar shown. */
static void
predict_on (Fixture *fixture)
{
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "q");
  g_assert_true (bitmaze_predict_get_active (fixture->predict));
  gui_test_wait_for_frames (GTK_WIDGET (fixture->bar), 1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (fixture->bar)));
}

/* S until a question comes (Step stops before the step): a step no
 * question is asked about is simply done (a BFS reaching a second
 * neighbour of the cell it took asks no "which cell comes next?"). */
static const MazeQuestion *
press_step (Fixture *fixture)
{
  for (guint k = 0; k < 20; k++)
    {
      guint64 position = bitmaze_session_get_position (fixture->session);

      gui_test_press_keys (fixture->window, "s");
      if (bitmaze_predict_get_state (fixture->predict) == BITMAZE_PREDICT_ASKING)
        {
          /* the step is held back, not done */
          g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position);
          return bitmaze_predict_get_question (fixture->predict);
        }
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position + 1);
    }
  g_error ("20 steps without a question");
  return NULL;
}

static const char *
bar_text (Fixture    *fixture,
          const char *which)
{
  return bitmaze_predict_bar_get_text (fixture->bar, which);
}

static void
assert_score (Fixture *fixture,
              guint    right,
              guint    asked,
              guint    streak)
{
  g_autofree char *want = g_strdup_printf ("Score %u/%u · streak %u", right, asked, streak);

  g_assert_cmpuint (bitmaze_predict_get_score_right (fixture->predict), ==, right);
  g_assert_cmpuint (bitmaze_predict_get_score_asked (fixture->predict), ==, asked);
  g_assert_cmpuint (bitmaze_predict_get_streak (fixture->predict), ==, streak);
  g_assert_cmpstr (bar_text (fixture, "score"), ==, want);
}

/* Word questions typed in hex: right, then wrong with the bits that
 * differ; Space goes on and the step then leaves the right word. */
static void
test_typed (Fixture       *fixture,
            gconstpointer  data)
{
  const MazeQuestion *q;
  const uint16_t *cells;
  g_autofree char *right = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *want = NULL;
  guint32 index;
  guint16 answer, bad;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_ask_cells (fixture->predict, FALSE);
  cells = maze_cells_const (window_test_maze (fixture->window));

  q = press_step (fixture);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
  g_assert_true (focus_within (fixture, bitmaze_predict_bar_get_entry (fixture->bar)));
  /* the cell, its word in hex and binary, the statement */
  want = g_strdup_printf ("maze[%u] == 0x%04X = 0b", q->index, q->word);
  g_assert_true (g_str_has_prefix (bar_text (fixture, "word"), want));
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("%s;", q->statement);
  g_assert_cmpstr (bar_text (fixture, "statement"), ==, want);
  g_clear_pointer (&want, g_free);

  /* a screen reader hears the question from the field that takes the answer */
  want = g_strdup_printf ("%s. maze[%u] is 0x%04X. Statement: %s; What is maze[%u] now?",
                          bar_text (fixture, "title"), q->index, q->word, q->statement, q->index);
  gtk_test_accessible_assert_property (bitmaze_predict_bar_get_entry (fixture->bar),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, want);
  g_clear_pointer (&want, g_free);
  g_assert_true (shows_alert (GTK_WIDGET (fixture->bar), bar_text (fixture, "title")));

  index = q->index;
  answer = q->answer;
  right = g_strdup_printf ("0x%04x", answer);
  type_text (fixture, right);
  gui_test_press_keys (fixture->window, "Return");
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_REVEALED);
  g_assert_true (bitmaze_predict_get_right (fixture->predict));
  g_assert_true (g_str_has_prefix (bar_text (fixture, "result"), "Right!"));
  /* the result is an alert a screen reader reads out */
  g_assert_true (shows_alert (GTK_WIDGET (fixture->bar), bar_text (fixture, "result")));
  assert_score (fixture, 1, 1, 1);
  /* the maze waits for the step */
  g_assert_cmphex (cells[index], ==, q->word);

  gui_test_press_keys (fixture->window, "space");
  g_assert_cmphex (cells[index], ==, answer);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), >=, 1);

  /* the next question is there at once; a wrong answer this time */
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_ASKING);
  q = bitmaze_predict_get_question (fixture->predict);
  bad = (guint16) (q->answer ^ 0x0110);
  wrong = g_strdup_printf ("0x%04x", bad);
  type_text (fixture, wrong);
  gui_test_press_keys (fixture->window, "KP_Enter");
  g_assert_false (bitmaze_predict_get_right (fixture->predict));
  g_assert_cmphex (bitmaze_predict_get_differ (fixture->predict), ==, 0x0110);
  want = g_strdup_printf ("Wrong: maze[%u] is 0x%04X now, not 0x%04X. Bits 8, 4 differ.",
                          q->index, q->answer, bad);
  g_assert_cmpstr (bar_text (fixture, "result"), ==, want);
  /* the right word and the answer, in binary */
  g_assert_nonnull (strstr (bar_text (fixture, "detail"), "right"));
  g_assert_nonnull (strstr (bar_text (fixture, "detail"), "yours"));
  assert_score (fixture, 1, 2, 0);
  /* and why, from the explainer: what the mask is and what the operator does */
  g_assert_nonnull (strstr (bar_text (fixture, "explanation"), "the mask"));
  g_assert_nonnull (strstr (bar_text (fixture, "explanation"), "and keeps the others"));

  /* Right goes on too */
  index = q->index;
  answer = q->answer;
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "Right");
  g_assert_cmphex (cells[index], ==, answer);
}

/* The inspector's 16 bit buttons read @word. */
static void
assert_bits_show (BitmazeInspector *inspector,
                  guint16           word)
{
  for (guint bit = 0; bit < 16; bit++)
    g_assert_true (g_str_has_prefix (gtk_button_get_label (GTK_BUTTON (bitmaze_inspector_get_bit_button (inspector, bit))),
                                     (word >> bit) & 1 ? "1" : "0"));
}

/* A word built by clicking the inspector's bits: the maze stays as it
 * is, the field follows; after a wrong answer the bits that differ are
 * marked on the buttons. */
static void
test_clicked_bits (Fixture       *fixture,
                   gconstpointer  data)
{
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  const uint16_t *cells = maze_cells_const (window_test_maze (fixture->window));
  g_autofree uint16_t *before = NULL;
  gsize bytes = maze_n_cells (window_test_maze (fixture->window)) * sizeof (uint16_t);
  const MazeQuestion *q;
  g_autofree char *field = NULL;
  guint16 flips;

  if (!gui_test_have_xdotool ())
    return;

  g_assert_nonnull (inspector);
  predict_on (fixture);
  bitmaze_predict_set_ask_cells (fixture->predict, FALSE);
  q = press_step (fixture);
  before = g_memdup2 (cells, bytes);

  /* the inspector shows the question's cell, its bits the answer */
  gui_test_wait_for_frames (GTK_WIDGET (inspector), 1);
  field = g_strdup_printf ("maze[%u]", q->index);
  g_assert_nonnull (strstr (bitmaze_inspector_get_text (inspector, "cell"), field));
  g_clear_pointer (&field, g_free);
  assert_bits_show (inspector, q->word);
  flips = (guint16) (q->word ^ q->answer);
  g_assert_cmphex (flips, !=, 0);
  for (guint bit = 0; bit < 16; bit++)
    if ((flips >> bit) & 1)
      click_center (bitmaze_inspector_get_bit_button (inspector, bit));
  g_assert_cmphex (bitmaze_predict_get_answer_word (fixture->predict), ==, q->answer);
  field = g_strdup_printf ("0x%04X", q->answer);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bitmaze_predict_bar_get_entry (fixture->bar))), ==, field);
  /* nothing in the maze changed */
  g_assert_cmpmem (cells, bytes, before, bytes);
  g_assert_true (g_str_has_prefix (gtk_button_get_label (GTK_BUTTON (bitmaze_inspector_get_bit_button (inspector, 15))),
                                   (q->answer >> 15) & 1 ? "1" : "0"));

  click_center (window_test_find_actionable (GTK_WIDGET (fixture->bar), "predict.check"));
  g_assert_true (bitmaze_predict_get_right (fixture->predict));
  assert_score (fixture, 1, 1, 1);
  gui_test_press_keys (fixture->window, "space");

  /* the next one: one bit too many, clicked */
  q = bitmaze_predict_get_question (fixture->predict);
  g_assert_nonnull (q);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
  flips = (guint16) (q->word ^ q->answer);
  for (guint bit = 0; bit < 16; bit++)
    if ((flips >> bit) & 1)
      click_center (bitmaze_inspector_get_bit_button (inspector, bit));
  click_center (bitmaze_inspector_get_bit_button (inspector, 13));
  gui_test_press_keys (fixture->window, "Return");
  g_assert_false (bitmaze_predict_get_right (fixture->predict));
  g_assert_cmphex (bitmaze_predict_get_differ (fixture->predict), ==, 1u << 13);
  gui_test_wait_for_frames (GTK_WIDGET (inspector), 1);
  for (guint bit = 0; bit < 16; bit++)
    {
      GtkWidget *button = bitmaze_inspector_get_bit_button (inspector, bit);

      g_assert_cmpint (gtk_widget_has_css_class (button, "bitmaze-bit-wrong"), ==, bit == 13);
    }
  /* revealed: a click no longer changes the answer */
  click_center (bitmaze_inspector_get_bit_button (inspector, 2));
  g_assert_cmphex (bitmaze_predict_get_differ (fixture->predict), ==, 1u << 13);
  gui_test_wait_for_frames (GTK_WIDGET (inspector), 1);
  assert_bits_show (inspector, (guint16) (q->answer ^ (1u << 13)));
  assert_score (fixture, 1, 2, 0);

  /* once the step is done the bits are the maze's again */
  gui_test_press_keys (fixture->window, "space");
  bitmaze_predict_set_active (fixture->predict, FALSE);
  gui_test_wait_for_frames (GTK_WIDGET (inspector), 1);
  g_assert_true (gtk_widget_get_sensitive (bitmaze_inspector_get_bit_button (inspector, 0)));
  g_assert_false (gtk_widget_has_css_class (bitmaze_inspector_get_bit_button (inspector, 13), "bitmaze-bit-wrong"));
}

/* "Which cell comes next?" for a solver, answered by clicks on the maze:
 * right, then wrong; the start stays and the search goes on. */
static void
answer_cells (Fixture    *fixture,
              const char *solver)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  Maze *maze;
  guint32 start;
  guint right = 0, asked = 0;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", solver);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reset", NULL);
  maze = window_test_maze (fixture->window);
  start = maze_start (maze);
  bitmaze_predict_set_ask_words (fixture->predict, FALSE);
  bitmaze_predict_reset_score (fixture->predict);

  for (guint round = 0; round < 6; round++)
    {
      const MazeQuestion *q = press_step (fixture);
      guint64 position = bitmaze_session_get_position (fixture->session);
      guint32 pick = q->index;
      double x, y;

      g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
      /* odd rounds: a wrong cell, a neighbour of the right one that no tie makes right */
      if (round % 2 == 1)
        for (guint k = 0; k < maze_n_cells (maze); k++)
          if (!maze_question_cell_right (q, k) && maze_contains (maze, k))
            {
              pick = k;
              break;
            }
      g_assert_true (bitmaze_maze_view_get_cell_center (view, pick, &x, &y));
      gui_test_click (view, x, y);
      g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_REVEALED);
      g_assert_cmpint (bitmaze_predict_get_right (fixture->predict), ==, round % 2 == 0);
      asked++;
      right += round % 2 == 0;
      if (round % 2 == 0)
        g_assert_true (g_str_has_prefix (bar_text (fixture, "result"), "Right!"));
      else
        g_assert_true (g_str_has_prefix (bar_text (fixture, "result"), "Wrong:"));
      /* the solver's rule says why */
      g_assert_cmpstr (bar_text (fixture, "detail"), !=, "");
      /* the click moved nothing: the start, the search, the step shown */
      g_assert_cmpuint (maze_start (maze), ==, start);
      g_assert_cmpint (bitmaze_session_get_phase (fixture->session), ==, BITMAZE_PHASE_SOLVING);
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position);
      gui_test_press_keys (fixture->window, "space");
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position + 1);
    }
  /* the last one was wrong */
  assert_score (fixture, right, asked, 0);
}

static void
test_next_cell (Fixture       *fixture,
                gconstpointer  data)
{
  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  answer_cells (fixture, "bfs");
  answer_cells (fixture, "dfs");
  answer_cells (fixture, "astar");
}

/* The keyboard alone: the arrow keys pick a cell on the maze, Enter
 * answers. */
static void
test_next_cell_keys (Fixture       *fixture,
                     gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  const MazeQuestion *q;
  int at;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_ask_words (fixture->predict, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "dfs");
  q = press_step (fixture);
  /* the first step of a DFS from the top-left corner: east or south */
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
  g_assert_true (focus_within (fixture, GTK_WIDGET (view)));
  g_assert_cmpint (bitmaze_maze_view_get_selected_cell (view), ==, (int) q->from);
  at = (int) q->from;
  if (q->index == (guint32) at + 1)
    gui_test_press_keys (fixture->window, "Right Return");
  else
    gui_test_press_keys (fixture->window, "Down Return");
  g_assert_true (bitmaze_predict_get_right (fixture->predict));
  assert_score (fixture, 1, 1, 1);
}

/* Does a label under @root carry the frontier's "next" mark? */
static gboolean
marks_next (GtkWidget *root)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root)
      && gtk_widget_has_css_class (root, "bitmaze-next"))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (marks_next (child))
      return TRUE;
  return FALSE;
}

/* The cells of the inspector's frontier list, as "(x, y)" rows. */
static void
frontier_rows (BitmazeInspector *inspector,
               guint32          *cells,
               guint             width,
               guint            *n)
{
  GListModel *rows = bitmaze_inspector_get_frontier (inspector);

  *n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < *n; i++)
    {
      const char *row = gtk_string_list_get_string (GTK_STRING_LIST (rows), i);
      guint x, y;

      g_assert_cmpint (sscanf (row, "(%u, %u)", &x, &y), ==, 2);
      cells[i] = y * width + x;
    }
}

/* "Which cell comes next?" with the bit inspector open, as in a class:
 * the frontier list's order (BFS's queue, head first, marked "next")
 * would be the answer, so while the question is open the list shows the
 * same cells in reading order, unmarked; once the answer is out, the
 * queue's order and the mark come back, the answer first. */
static void
test_next_cell_hidden (Fixture       *fixture,
                       gconstpointer  data)
{
  BitmazeInspector *inspector = window_test_inspector (fixture->window);
  guint width = maze_width (window_test_maze (fixture->window));
  gboolean out_of_order = FALSE;

  if (!gui_test_have_xdotool ())
    return;

  g_assert_nonnull (inspector);
  predict_on (fixture);
  bitmaze_predict_set_ask_words (fixture->predict, FALSE);
  /* until a question whose answer is not the frontier's first cell in
   * reading order, where the two orders differ */
  for (guint round = 0; round < 12 && !out_of_order; round++)
    {
      const MazeQuestion *q = press_step (fixture);
      guint32 cells[64];
      guint n;

      g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
      gui_test_wait_for_frames (GTK_WIDGET (inspector), 2);
      frontier_rows (inspector, cells, width, &n);
      g_assert_cmpuint (n, >, 0);
      for (guint i = 1; i < n; i++)
        g_assert_cmpuint (cells[i - 1], <, cells[i]);
      g_assert_false (marks_next (GTK_WIDGET (inspector)));
      out_of_order = cells[0] != q->index;

      gtk_widget_activate_action (GTK_WIDGET (fixture->bar), "predict.reveal", NULL);
      g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_REVEALED);
      gui_test_wait_for_frames (GTK_WIDGET (inspector), 2);
      frontier_rows (inspector, cells, width, &n);
      g_assert_cmpuint (cells[0], ==, q->index);
      g_assert_true (marks_next (GTK_WIDGET (inspector)));
      gui_test_press_keys (fixture->window, "space");
    }
  g_assert_true (out_of_order);
}

/* Skip: nothing counted; the step's questions one by one, then the step. */
static void
test_skip (Fixture       *fixture,
           gconstpointer  data)
{
  const MazeQuestion *q;
  guint n;
  guint64 position;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "dfs");
  q = press_step (fixture);
  position = bitmaze_session_get_position (fixture->session);
  n = bitmaze_predict_get_n_questions (fixture->predict);
  /* a DFS visit: where it goes, then its two statements */
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
  for (guint k = 1; k <= n; k++)
    {
      g_assert_cmpuint (bitmaze_predict_get_question_number (fixture->predict), ==, k);
      g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position);
      click_center (window_test_find_actionable (GTK_WIDGET (fixture->bar), "predict.skip"));
    }
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position + 1);
  assert_score (fixture, 0, 0, 0);
}

/* The score counts the answers of this maze: a new maze starts it again. */
static void
test_score_resets (Fixture       *fixture,
                   gconstpointer  data)
{
  const MazeQuestion *q;
  g_autofree char *right = NULL;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_ask_cells (fixture->predict, FALSE);
  q = press_step (fixture);
  right = g_strdup_printf ("0x%04x", q->answer);
  type_text (fixture, right);
  gui_test_press_keys (fixture->window, "Return");
  assert_score (fixture, 1, 1, 1);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (fixture->session, "running", FALSE);
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_IDLE);
  assert_score (fixture, 0, 0, 0);
}

/* Step Back under a question withdraws it, unanswered and uncounted;
 * clicks on the maze move the start again (Start tool) once no question
 * is open. */
static void
test_withdrawn (Fixture       *fixture,
                gconstpointer  data)
{
  BitmazeMazeView *view = window_test_view (fixture->window);
  GuiTestSignal *withdrawn;
  guint64 position;
  double x, y;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_ask_cells (fixture->predict, FALSE);
  press_step (fixture);
  /* skipped: the step is done and the next one asked about at once */
  while (bitmaze_session_get_position (fixture->session) == 0)
    bitmaze_predict_skip (fixture->predict);
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_ASKING);
  position = bitmaze_session_get_position (fixture->session);
  g_assert_cmpuint (position, ==, 1);

  withdrawn = gui_test_signal_watch (fixture->predict, "withdrawn");
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (view)));
  gui_test_press_keys (fixture->window, "shift+s");
  gui_test_wait_for_signal (withdrawn, 1);
  gui_test_signal_watch_free (withdrawn);
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_IDLE);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, position - 1);
  assert_score (fixture, 0, 0, 0);

  /* no question open: with the Start tool a click moves the start, as it
   * does without predict mode */
  bitmaze_predict_set_active (fixture->predict, FALSE);
  gui_test_press_keys (fixture->window, "t");
  g_assert_true (bitmaze_maze_view_get_cell_center (view, 1, &x, &y));
  gui_test_click (view, x, y);
  g_assert_cmpuint (maze_start (window_test_maze (fixture->window)), ==, 1);
}

static gboolean
asking_step_10 (gpointer data)
{
  return bitmaze_predict_get_state (data) == BITMAZE_PREDICT_ASKING
         && bitmaze_predict_get_step (data) == 10;
}

/* Every 5th step: Run stops before step 5 with its question. */
static void
test_run_stops (Fixture       *fixture,
                gconstpointer  data)
{
  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_every (fixture->predict, 5);
  gui_test_press_keys (fixture->window, "r");
  gui_test_wait_for_property (fixture->predict, "state", BITMAZE_PREDICT_ASKING);
  g_assert_false (bitmaze_session_get_running (fixture->session));
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 4);
  g_assert_cmpuint (bitmaze_predict_get_step (fixture->predict), ==, 5);

  /* each question of step 5 revealed and gone on: Run goes on to step 10 */
  for (;;)
    {
      BitmazePredictState state = bitmaze_predict_get_state (fixture->predict);

      if (bitmaze_predict_get_step (fixture->predict) != 5)
        break;
      if (state == BITMAZE_PREDICT_ASKING)
        click_center (window_test_find_actionable (GTK_WIDGET (fixture->bar), "predict.reveal"));
      else if (state == BITMAZE_PREDICT_REVEALED)
        gui_test_press_keys (fixture->window, "space");
      else
        break;
    }
  gui_test_wait_until (asking_step_10, fixture->predict, "Run to stop before step 10");
  g_assert_false (bitmaze_session_get_running (fixture->session));
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 9);
  /* Q again: predict mode off, the question gone, Step steps */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
  gui_test_press_keys (fixture->window, "q");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (fixture->bar)));
  g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_IDLE);
  gui_test_press_keys (fixture->window, "s");
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 10);
}

/* A wrong word explained: the word before given as the answer is named,
 * and the sentence says what the statement does. */
static void
test_explained (Fixture       *fixture,
                gconstpointer  data)
{
  const MazeQuestion *q;
  g_autofree char *typed = NULL;
  g_autofree char *want = NULL;

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  bitmaze_predict_set_ask_cells (fixture->predict, FALSE);
  q = press_step (fixture);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
  g_assert_cmphex (q->word, !=, q->answer);
  typed = g_strdup_printf ("0x%04x", q->word);
  type_text (fixture, typed);
  gui_test_press_keys (fixture->window, "Return");
  g_assert_false (bitmaze_predict_get_right (fixture->predict));
  want = g_strdup_printf ("That is the word before, 0x%04X:", q->word);
  g_assert_true (g_str_has_prefix (bar_text (fixture, "explanation"), want));
  g_assert_nonnull (strstr (bar_text (fixture, "explanation"), "and keeps the others"));
  /* a screen reader hears it with the result */
  g_assert_true (shows_alert (GTK_WIDGET (fixture->bar), bar_text (fixture, "result")));
}

/* After Continue the focus goes where the next key makes sense: the
 * field for a word question, the maze for a cell question or for the
 * next step (S steps, and never types an "s" into a field); and the
 * maze keeps its size from one kind of question to the other once the
 * bar has shown a word's result, its tallest. */
static void
answer_rounds (Fixture  *fixture,
               guint     rounds,
               int      *height,
               guint    *seen)
{
  GtkWidget *view = GTK_WIDGET (window_test_view (fixture->window));
  GtkWidget *entry = bitmaze_predict_bar_get_entry (fixture->bar);
  const MazeQuestion *q = press_step (fixture);

  for (guint k = 0; k < rounds; k++)
    {
      g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_ASKING);
      gui_test_wait_for_frames (view, 1);
      seen[q->kind == MAZE_QUESTION_WORD ? 0 : 1]++;
      g_assert_true (focus_within (fixture, q->kind == MAZE_QUESTION_WORD ? entry : view));
      if (*height >= 0)
        g_assert_cmpint (gtk_widget_get_height (view), ==, *height);

      click_center (window_test_find_actionable (GTK_WIDGET (fixture->bar), "predict.reveal"));
      g_assert_cmpint (bitmaze_predict_get_state (fixture->predict), ==, BITMAZE_PREDICT_REVEALED);
      gui_test_wait_for_frames (view, 1);
      if (*height < 0 && q->kind == MAZE_QUESTION_WORD)
        *height = gtk_widget_get_height (view);
      if (*height >= 0)
        g_assert_cmpint (gtk_widget_get_height (view), ==, *height);

      click_center (window_test_find_actionable (GTK_WIDGET (fixture->bar), "predict.go-on"));
      if (bitmaze_predict_get_state (fixture->predict) == BITMAZE_PREDICT_IDLE)
        {
          seen[2]++;
          gui_test_wait_for_frames (view, 1);
          if (*height >= 0)
            g_assert_cmpint (gtk_widget_get_height (view), ==, *height);
          /* S steps: the focus is on the maze, not in the field */
          g_assert_true (focus_within (fixture, view));
          q = press_step (fixture);
          g_assert_null (strchr (gtk_editable_get_text (GTK_EDITABLE (entry)), 's'));
        }
      else
        q = bitmaze_predict_get_question (fixture->predict);
    }
}

static void
test_continue_focus (Fixture       *fixture,
                     gconstpointer  data)
{
  int height = -1;
  guint seen[3] = { 0, 0, 0 };  /* words, cells, waits for a step */

  if (!gui_test_have_xdotool ())
    return;

  predict_on (fixture);
  /* a DFS asks about every step: where it goes, then its statements */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.solver", "s", "dfs");
  answer_rounds (fixture, 6, &height, seen);
  /* every third step: Continue does the step, S the next ones */
  bitmaze_predict_set_every (fixture->predict, 3);
  answer_rounds (fixture, 6, &height, seen);
  g_assert_cmpuint (seen[0], >, 0);
  g_assert_cmpuint (seen[1], >, 0);
  g_assert_cmpuint (seen[2], >, 0);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/predict/typed", Fixture, NULL, fixture_setup, test_typed, fixture_teardown);
  g_test_add ("/predict/explained", Fixture, NULL, fixture_setup, test_explained, fixture_teardown);
  g_test_add ("/predict/clicked-bits", Fixture, "inspector", fixture_setup, test_clicked_bits,
              fixture_teardown);
  g_test_add ("/predict/next-cell", Fixture, NULL, fixture_setup, test_next_cell, fixture_teardown);
  g_test_add ("/predict/next-cell-keys", Fixture, NULL, fixture_setup, test_next_cell_keys,
              fixture_teardown);
  g_test_add ("/predict/next-cell-hidden", Fixture, "inspector", fixture_setup,
              test_next_cell_hidden, fixture_teardown);
  g_test_add ("/predict/skip", Fixture, NULL, fixture_setup, test_skip, fixture_teardown);
  g_test_add ("/predict/score-resets", Fixture, NULL, fixture_setup, test_score_resets,
              fixture_teardown);
  g_test_add ("/predict/run-stops", Fixture, NULL, fixture_setup, test_run_stops, fixture_teardown);
  g_test_add ("/predict/continue-focus", Fixture, NULL, fixture_setup, test_continue_focus,
              fixture_teardown);
  g_test_add ("/predict/withdrawn", Fixture, NULL, fixture_setup, test_withdrawn, fixture_teardown);

  return g_test_run ();
}
