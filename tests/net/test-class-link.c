/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The class follows predict mode: a BitmazePredict over a BitmazeSession
 * solving a maze asks about each step, libsoup students answer on
 * 127.0.0.1, and predict mode's reveal marks them by the word the step
 * then really produces; "which cell comes next?" shows a neighbourhood
 * with the search's next cell; skipped and withdrawn questions leave the
 * pages.  No display: the session and predict mode are GIO only.
 */
#include "config.h"

#include "maze.h"

#include "bitmaze-class-link.h"
#include "bitmaze-class-server-private.h"
#include "class-test.h"

typedef struct
{
  BitmazeSession     *session;
  BitmazePredict     *predict;
  BitmazeClassServer *server;
  BitmazeClassLink   *link;
  SoupSession        *soup;
  ClassClient        *right;
  ClassClient        *wrong;
  gint64              now;  /* the server's clock */
} Fixture;

static gint64
test_clock (gpointer data)
{
  return ((Fixture *) data)->now;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  f->session = bitmaze_session_new ();
  f->predict = bitmaze_predict_new (f->session);
  bitmaze_session_set_seed (f->session, 7);
  bitmaze_session_set_size (f->session, 24, 16);
  g_assert_true (bitmaze_session_generate (f->session, &error));
  g_assert_no_error (error);
  while (bitmaze_session_get_phase (f->session) == BITMAZE_PHASE_BUILDING)
    g_main_context_iteration (NULL, TRUE);

  f->server = bitmaze_class_server_new ();
  /* A class answers at a person's pace: each question a second after the
   * last, on the server's clock (a page may send 2 messages a second). */
  f->now = g_get_monotonic_time ();
  bitmaze_class_server_set_clock (f->server, test_clock, f);
  g_assert_true (bitmaze_class_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->link = bitmaze_class_link_new (f->predict, f->server);
  f->soup = soup_session_new ();
  f->right = class_client_new_joined (f->soup, f->server, "Right");
  f->wrong = class_client_new_joined (f->soup, f->server, "Wrong");
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  bitmaze_class_server_stop (f->server);
  CLASS_WAIT_FOR (f->right->closed && f->wrong->closed);
  class_client_free (f->right);
  class_client_free (f->wrong);
  g_object_unref (f->link);
  g_object_unref (f->server);
  g_object_unref (f->predict);
  g_object_unref (f->session);
  soup_session_abort (f->soup);
  g_object_unref (f->soup);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Predict mode's question open: the one asked now, else after Step (the
 * first starts the search; a step that changes no word asks nothing). */
static const MazeQuestion *
next_question (Fixture *f)
{
  for (guint i = 0; i < 10 && bitmaze_predict_get_state (f->predict) == BITMAZE_PREDICT_IDLE; i++)
    bitmaze_session_step (f->session);
  g_assert_cmpint (bitmaze_predict_get_state (f->predict), ==, BITMAZE_PREDICT_ASKING);
  return bitmaze_predict_get_question (f->predict);
}

/* Word questions, statement after statement of a search: the pages get
 * the cell, its word and the statement; the reveal's right answer is the
 * word the step then leaves in the maze. */
static void
test_word_questions (Fixture       *f,
                     gconstpointer  data)
{
  guint asked = 0;

  bitmaze_predict_set_ask_cells (f->predict, FALSE);
  bitmaze_predict_set_active (f->predict, TRUE);
  while (asked < 10)
    {
      const MazeQuestion *q = next_question (f);
      g_autoptr (JsonObject) q1 = NULL;
      g_autoptr (JsonObject) q2 = NULL;
      g_autoptr (JsonObject) r1 = NULL;
      g_autoptr (JsonObject) r2 = NULL;
      g_autofree char *statement = g_strdup_printf ("%s;", q->statement);
      guint question;
      guint index = q->index;
      guint16 after = q->answer;
      gboolean last = bitmaze_predict_get_question_number (f->predict) ==
                      bitmaze_predict_get_n_questions (f->predict);

      g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
      f->now += G_USEC_PER_SEC;
      question = bitmaze_class_server_get_question (f->server);
      g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_ASKING);
      q1 = class_client_expect (f->right, "question");
      q2 = class_client_expect (f->wrong, "question");
      g_assert_cmpint (json_object_get_int_member (q1, "question"), ==, question);
      g_assert_cmpstr (json_object_get_string_member (q1, "kind"), ==, "word");
      g_assert_cmpint (json_object_get_int_member (q1, "index"), ==, index);
      g_assert_cmpint (json_object_get_int_member (q1, "x"), ==, index % 24);
      g_assert_cmpint (json_object_get_int_member (q1, "y"), ==, index / 24);
      g_assert_cmpint (json_object_get_int_member (q1, "word"), ==, q->word);
      g_assert_cmpstr (json_object_get_string_member (q1, "statement"), ==, statement);

      class_client_answer_word (f->right, question, after);
      class_client_answer_word (f->wrong, question, (guint16) (after ^ 0x0100));
      CLASS_WAIT_FOR (bitmaze_class_server_get_answered (f->server) == 2);

      /* The teacher reveals it for the class. */
      g_assert_true (bitmaze_predict_reveal (f->predict));
      g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_REVEALED);
      r1 = class_client_expect (f->right, "answered");
      g_clear_pointer (&r1, json_object_unref);
      r1 = class_client_expect (f->right, "result");
      r2 = class_client_expect (f->wrong, "answered");
      g_clear_pointer (&r2, json_object_unref);
      r2 = class_client_expect (f->wrong, "result");
      g_assert_true (json_object_get_boolean_member (r1, "right"));
      g_assert_false (json_object_get_boolean_member (r2, "right"));
      g_assert_cmpint (json_object_get_int_member (r2, "differ"), ==, 0x0100);
      g_assert_cmpuint (bitmaze_class_server_get_results (f->server)->right, ==, 1);
      g_assert_cmpuint (bitmaze_class_server_get_results (f->server)->wrong_bits[8], ==, 1);

      g_assert_true (bitmaze_predict_go_on (f->predict));
      /* The quiz cannot mark a right answer wrong: the step did it. */
      if (last)
        g_assert_cmpuint (maze_cells_const (bitmaze_session_get_maze (f->session))[index], ==, after);
      asked++;
    }
}

/* A question skipped by the teacher, and one withdrawn (Reset), leave
 * the pages. */
static void
test_skipped_withdrawn (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr (JsonObject) q = NULL;
  g_autoptr (JsonObject) idle = NULL;

  bitmaze_predict_set_active (f->predict, TRUE);
  next_question (f);
  q = class_client_expect (f->right, "question");
  g_assert_true (bitmaze_predict_skip (f->predict));
  idle = class_client_expect (f->right, "idle");

  /* Skip goes on to the next question (or step) */
  next_question (f);
  g_clear_pointer (&q, json_object_unref);
  q = class_client_expect (f->right, "question");
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_ASKING);
  bitmaze_session_reset (f->session);
  g_assert_cmpint (bitmaze_predict_get_state (f->predict), ==, BITMAZE_PREDICT_IDLE);
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_IDLE);
  g_clear_pointer (&idle, json_object_unref);
  idle = class_client_expect (f->right, "idle");
}

/* Which cell comes next: the neighbourhood holds the search's next cell
 * and the cell it stands on, the frontier is marked, and predict mode's
 * reveal gives the pages the right cell and the solver's rule. */
static void
test_next_cell (Fixture       *f,
                gconstpointer  data)
{
  const MazeQuestion *q;
  g_autoptr (JsonObject) question = NULL;
  g_autoptr (JsonObject) r1 = NULL;
  g_autoptr (JsonObject) r2 = NULL;
  JsonObject *region;
  JsonArray *marks;
  guint x0, y0, w, h, nx, ny, wx, frontier = 0, current = 0;
  g_autofree char *reason = NULL;

  /* Into the search, then predict mode asks only about cells. */
  for (guint i = 0; i < 30; i++)
    g_assert_true (bitmaze_session_step (f->session));
  bitmaze_predict_set_ask_words (f->predict, FALSE);
  bitmaze_predict_set_active (f->predict, TRUE);
  q = next_question (f);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
  nx = q->x;
  ny = q->y;
  reason = g_strdup (q->reason);

  question = class_client_expect (f->right, "question");
  g_assert_cmpstr (json_object_get_string_member (question, "kind"), ==, "cell");
  region = json_object_get_object_member (question, "region");
  x0 = (guint) json_object_get_int_member (region, "x");
  y0 = (guint) json_object_get_int_member (region, "y");
  w = (guint) json_object_get_int_member (region, "width");
  h = (guint) json_object_get_int_member (region, "height");
  g_assert_cmpuint (w, >=, 7);
  g_assert_cmpuint (h, >=, 7);
  g_assert_cmpuint (w, <=, BITMAZE_CLASS_REGION_MAX);
  g_assert_cmpuint (h, <=, BITMAZE_CLASS_REGION_MAX);
  g_assert_true (nx >= x0 && nx < x0 + w && ny >= y0 && ny < y0 + h);
  g_assert_true (x0 + w <= 24 && y0 + h <= 16);
  marks = json_object_get_array_member (region, "marks");
  for (guint i = 0; i < w * h; i++)
    {
      gint64 m = json_array_get_int_element (marks, i);

      if (m & BITMAZE_CLASS_MARK_FRONTIER)
        frontier++;
      if (m & BITMAZE_CLASS_MARK_CURRENT)
        {
          current++;
          g_assert_cmpuint ((y0 + i / w) * 24 + x0 + i % w, ==, q->from);
        }
    }
  /* The answer is in the frontier, and the search stands somewhere. */
  g_assert_cmpint (json_array_get_int_element (marks, (ny - y0) * w + (nx - x0)) & BITMAZE_CLASS_MARK_FRONTIER, !=, 0);
  g_assert_cmpuint (frontier, >=, 1);
  g_assert_cmpuint (current, ==, 1);

  /* A wrong cell: a neighbour in the region that is no tie. */
  wx = nx == x0 ? nx + 1 : nx - 1;
  g_assert_false (maze_question_cell_right (q, ny * 24 + wx));
  class_client_answer_cell (f->right, (guint) json_object_get_int_member (question, "question"), nx, ny);
  class_client_answer_cell (f->wrong, (guint) json_object_get_int_member (question, "question"), wx, ny);
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (f->server) == 2);

  g_assert_true (bitmaze_predict_reveal (f->predict));
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_REVEALED);
  g_clear_pointer (&question, json_object_unref);
  question = class_client_expect (f->right, "answered");
  r1 = class_client_expect (f->right, "result");
  r2 = class_client_expect (f->wrong, "question");
  g_clear_pointer (&r2, json_object_unref);
  r2 = class_client_expect (f->wrong, "answered");
  g_clear_pointer (&r2, json_object_unref);
  r2 = class_client_expect (f->wrong, "result");
  g_assert_true (json_object_get_boolean_member (r1, "right"));
  g_assert_false (json_object_get_boolean_member (r2, "right"));
  g_assert_nonnull (reason);
  g_assert_cmpstr (json_object_get_string_member (r1, "note"), ==, reason);
}

/* The next "question" message @client gets, past the others. */
static JsonObject *
next_question_message (ClassClient *client)
{
  for (;;)
    {
      JsonObject *message;

      CLASS_WAIT_FOR (!g_queue_is_empty (&client->messages) || client->closed);
      g_assert_false (g_queue_is_empty (&client->messages));
      message = g_queue_pop_head (&client->messages);
      if (g_strcmp0 (json_object_get_string_member (message, "type"), "question") == 0)
        return message;
      json_object_unref (message);
    }
}

/* Where the neighbourhood lies must not tell where the answer is
 * (bitmaze-class-region.h; test-class-region measures it): the pages
 * get a region that holds the answer, and when the search's frontier
 * fits in one, all of it, each frontier cell marked. */
static void
test_region_keeps_answer (Fixture       *f,
                          gconstpointer  data)
{
  guint whole = 0;

  bitmaze_predict_set_ask_words (f->predict, FALSE);
  bitmaze_predict_set_active (f->predict, TRUE);
  for (guint round = 0; round < 200; round++)
    {
      const MazeQuestion *q;
      g_autoptr (JsonObject) question = NULL;
      JsonObject *region;
      JsonArray *marks;
      guint32 frontier[1024];
      gsize n_frontier;
      guint x0, y0, w, h, marked = 0, fx0, fx1, fy0, fy1;

      for (guint i = 0; i < 50 && bitmaze_predict_get_state (f->predict) == BITMAZE_PREDICT_IDLE; i++)
        if (!bitmaze_session_step (f->session))
          break;
      if (bitmaze_predict_get_state (f->predict) != BITMAZE_PREDICT_ASKING)
        break;
      q = bitmaze_predict_get_question (f->predict);
      g_assert_cmpint (q->kind, ==, MAZE_QUESTION_CELL);
      n_frontier = MIN (bitmaze_session_get_frontier (f->session, frontier, G_N_ELEMENTS (frontier)),
                        G_N_ELEMENTS (frontier));
      f->now += G_USEC_PER_SEC;
      question = next_question_message (f->right);
      region = json_object_get_object_member (question, "region");
      x0 = (guint) json_object_get_int_member (region, "x");
      y0 = (guint) json_object_get_int_member (region, "y");
      w = (guint) json_object_get_int_member (region, "width");
      h = (guint) json_object_get_int_member (region, "height");
      g_assert_true (q->x >= x0 && q->x < x0 + w && q->y >= y0 && q->y < y0 + h);
      marks = json_object_get_array_member (region, "marks");
      for (guint i = 0; i < w * h; i++)
        marked += (json_array_get_int_element (marks, i) & BITMAZE_CLASS_MARK_FRONTIER) != 0;
      fx0 = fx1 = q->from % 24;
      fy0 = fy1 = q->from / 24;
      for (gsize i = 0; i < n_frontier; i++)
        {
          fx0 = MIN (fx0, frontier[i] % 24);
          fx1 = MAX (fx1, frontier[i] % 24);
          fy0 = MIN (fy0, frontier[i] / 24);
          fy1 = MAX (fy1, frontier[i] / 24);
        }
      if (fx1 - fx0 + 3 <= BITMAZE_CLASS_REGION_MAX && fy1 - fy0 + 3 <= BITMAZE_CLASS_REGION_MAX)
        {
          g_assert_cmpuint (marked, ==, n_frontier);
          whole++;
        }
      g_assert_true (bitmaze_predict_skip (f->predict));
    }
  g_assert_cmpuint (whole, >=, 5);
}

/* Without a running server the link asks nothing and breaks nothing; a
 * session started while a question is open gets it at once. */
static void
test_server_stopped (void)
{
  g_autoptr (BitmazeSession) session = bitmaze_session_new ();
  g_autoptr (BitmazePredict) predict = bitmaze_predict_new (session);
  g_autoptr (BitmazeClassServer) server = bitmaze_class_server_new ();
  g_autoptr (BitmazeClassLink) link = bitmaze_class_link_new (predict, server);
  g_autoptr (GError) error = NULL;

  bitmaze_session_set_size (session, 8, 6);
  g_assert_true (bitmaze_session_generate (session, &error));
  while (bitmaze_session_get_phase (session) == BITMAZE_PHASE_BUILDING)
    g_main_context_iteration (NULL, TRUE);
  bitmaze_predict_set_ask_cells (predict, FALSE);
  bitmaze_predict_set_active (predict, TRUE);
  for (guint i = 0; i < 10 && bitmaze_predict_get_state (predict) == BITMAZE_PREDICT_IDLE; i++)
    bitmaze_session_step (session);
  g_assert_cmpint (bitmaze_predict_get_state (predict), ==, BITMAZE_PREDICT_ASKING);
  g_assert_cmpuint (bitmaze_class_server_get_question (server), ==, 0);

  g_assert_true (bitmaze_class_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bitmaze_class_server_get_question (server), ==, 1);
  g_assert_cmpint (bitmaze_class_server_get_state (server), ==, BITMAZE_CLASS_STATE_ASKING);
  g_assert_true (bitmaze_predict_reveal (predict));
  g_assert_cmpint (bitmaze_class_server_get_state (server), ==, BITMAZE_CLASS_STATE_REVEALED);
  bitmaze_class_server_stop (server);
  g_assert_true (bitmaze_predict_go_on (predict));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("G_MESSAGES_DEBUG") == NULL)
    g_log_set_debug_enabled (FALSE);

  g_test_add ("/class-link/word-questions", Fixture, NULL, fixture_set_up, test_word_questions, fixture_tear_down);
  g_test_add ("/class-link/skipped-withdrawn", Fixture, NULL, fixture_set_up, test_skipped_withdrawn,
              fixture_tear_down);
  g_test_add ("/class-link/next-cell", Fixture, NULL, fixture_set_up, test_next_cell, fixture_tear_down);
  g_test_add ("/class-link/region-keeps-answer", Fixture, NULL, fixture_set_up, test_region_keeps_answer,
              fixture_tear_down);
  g_test_add_func ("/class-link/server-stopped", test_server_stopped);

  return g_test_run ();
}
