/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A class session from the app's window, under Xvfb, with libsoup
 * clients as the students on 127.0.0.1: the menu's Class Session… item
 * (win.class-session) opens the session window, nothing listens before
 * Start, starting puts predict mode on and the answer chart under the
 * bit inspector's grid, predict mode's question reaches the students,
 * the teacher's Reveal gives the chart its share right and its bars,
 * Stop and closing the window end the session.
 *
 * With BITMAZE_SHOT_DIR set, the window after the reveal is saved there
 * as class-window.png.
 */
#include "config.h"

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-class-actions.h"
#include "bitmaze-class-chart.h"
#include "bitmaze-class-dialog.h"
#include "bitmaze-predict-bar.h"
#include "bitmaze-presentation.h"
#include "class-test.h"

#define SEED     2121u
#define STUDENTS 24

typedef struct
{
  BitmazeWindow *window;
  GSettings     *settings;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  BitmazeSession *session;

  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (fixture->settings, "animate-generation", FALSE);
  g_settings_set_boolean (fixture->settings, "show-inspector", FALSE);
  g_settings_set_string (fixture->settings, "solver", "bfs");

  fixture->window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (fixture->window));
  session = window_test_session (fixture->window);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generator", "s", "growing-tree:newest");
  bitmaze_session_set_seed (session, SEED);
  bitmaze_session_set_size (session, 21, 13);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.generate", NULL);
  gui_test_wait_for_property (session, "running", FALSE);
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->window != NULL)
    gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_settings_reset (fixture->settings, "animate-generation");
  g_settings_reset (fixture->settings, "show-inspector");
  g_settings_reset (fixture->settings, "solver");
  g_clear_object (&fixture->settings);
}

/* Saves @widget as BITMAZE_SHOT_DIR/@name, if that is set. */
static void
shoot (GtkWidget  *widget,
       const char *name)
{
  const char *dir = g_getenv ("BITMAZE_SHOT_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* Does @model (or a section or submenu of it) hold an item for @action? */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuModel) section = NULL;
      g_autoptr (GMenuModel) submenu = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        return TRUE;
      section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      submenu = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);
      if ((section != NULL && menu_has_action (section, action)) ||
          (submenu != NULL && menu_has_action (submenu, action)))
        return TRUE;
    }
  return FALSE;
}

/* What a class answers to "maze[i] op= D << S": most right, some with the
 * shift the wrong way or left out (the bit in another nibble), some with
 * the direction next to the right one; the last two do not answer. */
static gboolean
class_answer (const MazeQuestion *q,
              guint               student,
              guint16            *word)
{
  guint16 changed = (guint16) (q->answer ^ q->word);
  guint16 wrong_nibble = (guint16) (changed >= 0x0100 ? changed >> 8 : changed << 8);
  guint16 next_direction = (guint16) (((changed << 1) & 0xEEEE) | ((changed >> 3) & 0x1111));

  if (student >= STUDENTS - 2)
    return FALSE;
  if (student % 4 == 1 && student < 16)
    *word = (guint16) ((q->answer & ~changed) | wrong_nibble);
  else if (student % 6 == 3)
    *word = (guint16) ((q->answer & ~changed) | next_direction);
  else
    *word = q->answer;
  return TRUE;
}

/* The primary menu (the header bar's menu button with a model) has the
 * item. */
static void
assert_menu_item (Fixture *fixture)
{
  GtkMenuButton *button = window_test_primary_menu (GTK_WIDGET (fixture->window));
  GMenuModel *menu;

  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);
  g_assert_true (menu_has_action (menu, "win.class-session"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (fixture->window), "class-session"));
}

static void
test_session (Fixture       *fixture,
              gconstpointer  data)
{
  GtkWindow *window = GTK_WINDOW (fixture->window);
  BitmazeSession *session = window_test_session (fixture->window);
  g_autoptr (BitmazeClassServer) server = g_object_ref (bitmaze_class_get_server (window));
  g_autoptr (SoupSession) soup = soup_session_new ();
  g_auto (GStrv) lan = bitmaze_class_list_addresses ();
  GtkWidget *chart = bitmaze_class_get_chart (window);
  BitmazePredictBar *bar = BITMAZE_PREDICT_BAR (window_test_find (GTK_WIDGET (window),
                                                                  BITMAZE_TYPE_PREDICT_BAR));
  BitmazePredict *predict = bitmaze_predict_bar_get_predict (bar);
  ClassClient *students[STUDENTS];
  BitmazeClassDialog *dialog;
  GtkSwitch *ranking;
  g_auto (GStrv) lines = NULL;
  const MazeQuestion *q;
  BitmazeInspector *inspector;
  const BitmazeClassResults *results;
  guint question, answered = 0, right = 0;

  assert_menu_item (fixture);

  /* Nothing listens before the teacher starts a session. */
  g_assert_false (bitmaze_class_server_get_running (server));
  g_assert_cmpuint (bitmaze_class_server_get_port (server), ==, 0);
  g_assert_null (bitmaze_class_get_dialog (window));
  g_assert_false (gtk_widget_get_visible (chart));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.class-session", NULL);
  dialog = BITMAZE_CLASS_DIALOG (bitmaze_class_get_dialog (window));
  g_assert_nonnull (dialog);
  gui_test_wait_for_frames (GTK_WIDGET (dialog), 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == window);
  g_assert_false (bitmaze_class_server_get_running (server));
  /* The LAN's address first when there is one; else the window says
   * so and offers 127.0.0.1 only. */
  g_assert_cmpstr (bitmaze_class_dialog_get_addresses (dialog)[0], ==,
                   lan[0] != NULL ? lan[0] : "127.0.0.1");
  g_assert_cmpint (bitmaze_class_dialog_get_no_network (dialog), ==, lan[0] == NULL);

  /* Tests only ever listen on the loopback.  The ranking is off until
   * the teacher turns it on. */
  bitmaze_class_dialog_set_address (dialog, "127.0.0.1");
  ranking = GTK_SWITCH (window_test_find (GTK_WIDGET (dialog), GTK_TYPE_SWITCH));
  g_assert_false (gtk_switch_get_active (ranking));
  gtk_switch_set_active (ranking, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.start", NULL);
  g_assert_true (bitmaze_class_server_get_running (server));
  g_assert_cmpstr (bitmaze_class_server_get_address (server), ==, "127.0.0.1");
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "code"), ==,
                   bitmaze_class_server_get_join_code (server));

  /* The session puts predict mode on and the chart in sight, under the
   * inspector's bits. */
  g_assert_true (bitmaze_predict_get_active (predict));
  inspector = window_test_inspector (fixture->window);
  g_assert_nonnull (inspector);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (inspector)));
  g_assert_true (gtk_widget_is_ancestor (chart, GTK_WIDGET (inspector)));
  g_assert_true (GTK_IS_GRID (gtk_widget_get_prev_sibling (chart)));
  g_assert_true (gtk_widget_get_visible (chart));

  /* Every student from 127.0.0.1: a shared computer, allowed. */
  bitmaze_class_server_set_students_per_address (server, BITMAZE_CLASS_STUDENTS_MAX);
  for (guint i = 0; i < STUDENTS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Student %u", i + 1);

      students[i] = class_client_new_joined (soup, server, name);
    }
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "joined"), ==, "24 students joined");
  /* The teacher closes the session window; the session goes on. */
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (bitmaze_class_server_get_running (server));

  /* Step: predict mode asks, and so does every page. */
  bitmaze_predict_set_ask_cells (predict, FALSE);
  for (guint i = 0; i < 10 && bitmaze_predict_get_state (predict) == BITMAZE_PREDICT_IDLE; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  g_assert_cmpint (bitmaze_predict_get_state (predict), ==, BITMAZE_PREDICT_ASKING);
  q = bitmaze_predict_get_question (predict);
  g_assert_cmpint (q->kind, ==, MAZE_QUESTION_WORD);
  question = bitmaze_class_server_get_question (server);
  for (guint i = 0; i < STUDENTS; i++)
    {
      g_autoptr (JsonObject) asked = class_client_expect (students[i], "question");
      guint16 word;

      g_assert_cmpint (json_object_get_int_member (asked, "index"), ==, q->index);
      if (!class_answer (q, i, &word))
        continue;
      class_client_answer_word (students[i], question, word);
      answered++;
      right += word == q->answer;
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == answered);
  {
    g_autofree char *headline = g_strdup_printf ("%u of %u answered", answered, STUDENTS);

    g_assert_cmpstr (bitmaze_class_chart_get_headline (BITMAZE_CLASS_CHART (chart)), ==, headline);
  }

  /* The teacher reveals the answer for the class. */
  gtk_widget_activate_action (GTK_WIDGET (bar), "predict.reveal", NULL);
  g_assert_cmpint (bitmaze_class_server_get_state (server), ==, BITMAZE_CLASS_STATE_REVEALED);
  results = bitmaze_class_server_get_results (server);
  g_assert_cmpuint (results->answered, ==, answered);
  g_assert_cmpuint (results->right, ==, right);
  g_assert_true (bitmaze_class_chart_get_has_bars (BITMAZE_CLASS_CHART (chart)));
  {
    g_autofree char *headline = g_strdup_printf ("%u of %u right (%u %%)", right, answered,
                                                 (right * 100 + answered / 2) / answered);

    g_assert_cmpstr (bitmaze_class_chart_get_headline (BITMAZE_CLASS_CHART (chart)), ==, headline);
  }
  for (guint i = 0; i < STUDENTS; i++)
    {
      g_autoptr (JsonObject) result = NULL;

      if (i < STUDENTS - 2)
        {
          g_autoptr (JsonObject) got = class_client_expect (students[i], "answered");
        }
      result = class_client_expect (students[i], "result");
      g_assert_cmpint (json_object_get_int_member (result, "correct"), ==, q->answer);
    }
  /* The best five, by right answers, then who joined first; each name
   * isolated (FSI ... PDI), so that none can turn its line around. */
  lines = g_strsplit (bitmaze_class_chart_get_ranking (BITMAZE_CLASS_CHART (chart)), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[0], ==, "1. \u2068Student 1\u2069: 1 of 1 right");
  g_assert_cmpstr (lines[1], ==, "2. \u2068Student 3\u2069: 1 of 1 right");

  /* The teacher's hand: the window lists the class in the ranking's
   * order, a Remove button a student ... */
  {
    GtkWidget *list = bitmaze_class_dialog_get_control (dialog, "students");
    GtkWidget *spin = bitmaze_class_dialog_get_control (dialog, "per-device");
    guint rows = 0;
    ClassClient *newcomer;

    for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
      rows++;
    g_assert_cmpuint (rows, ==, STUDENTS);
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, BITMAZE_CLASS_STUDENTS_MAX);
    /* ... removing one takes it from the class, the chart and the ranking ... */
    gtk_widget_activate_action (GTK_WIDGET (dialog), "class.remove", "s", "Student 3");
    CLASS_WAIT_FOR (students[2]->closed);
    g_assert_cmpuint (students[2]->close_code, ==, 4003);
    g_strfreev (lines);
    lines = g_strsplit (bitmaze_class_chart_get_ranking (BITMAZE_CLASS_CHART (chart)), "\n", -1);
    g_assert_cmpstr (lines[1], !=, "2. \u2068Student 3\u2069: 1 of 1 right");
    rows = 0;
    for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
      rows++;
    g_assert_cmpuint (rows, ==, STUDENTS - 1);
    /* ... and the lock keeps newcomers out. */
    gtk_switch_set_active (GTK_SWITCH (bitmaze_class_dialog_get_control (dialog, "lock")), TRUE);
    g_assert_true (bitmaze_class_server_get_locked (server));
    newcomer = class_client_new (soup, bitmaze_class_server_get_url (server),
                                 bitmaze_class_server_get_join_code (server), NULL);
    g_assert_false (class_client_wait_connected (newcomer));
    class_client_free (newcomer);
    gtk_switch_set_active (GTK_SWITCH (bitmaze_class_dialog_get_control (dialog, "lock")), FALSE);
  }
  gui_test_wait_for_frames (chart, 2);
  shoot (GTK_WIDGET (window), "class-window.png");

  /* Stop: every page is told the session ended, and nothing listens. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.class-session", NULL);
  g_assert_true (bitmaze_class_get_dialog (window) == GTK_WINDOW (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.stop", NULL);
  g_assert_false (bitmaze_class_server_get_running (server));
  g_assert_false (gtk_widget_get_visible (chart));
  for (guint i = 0; i < STUDENTS; i++)
    {
      CLASS_WAIT_FOR (students[i]->closed);
      /* (Student 3 was removed before.) */
      g_assert_cmpuint (students[i]->close_code, ==, i == 2 ? 4003 : SOUP_WEBSOCKET_CLOSE_GOING_AWAY);
      class_client_free (students[i]);
    }
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVING);
}

/* The main window shows how to join while the session runs, with its
 * session window closed too; closing the main window ends the session. */
static void
test_window_closed (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkWindow *window = GTK_WINDOW (fixture->window);
  g_autoptr (BitmazeClassServer) server = g_object_ref (bitmaze_class_get_server (window));
  g_autoptr (SoupSession) soup = soup_session_new ();
  GtkWindow *dialog;
  ClassClient *student;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.class-session", NULL);
  dialog = bitmaze_class_get_dialog (window);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  bitmaze_class_dialog_set_address (BITMAZE_CLASS_DIALOG (dialog), "127.0.0.1");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.start", NULL);
  g_assert_true (bitmaze_class_server_get_running (server));
  student = class_client_new_joined (soup, server, "Ana");

  /* The session window closed, the main window still says how to join,
   * over the maze; a click on it brings the session window back. */
  {
    GtkWidget *bar = bitmaze_class_get_join_bar (window);
    g_autofree char *want = g_strdup_printf ("Students join at %s with code %s",
                                             bitmaze_class_server_get_url (server),
                                             bitmaze_class_server_get_join_code (server));
    GtkWidget *label;

    gtk_window_close (dialog);
    g_assert_true (dialog == NULL || !gtk_widget_get_visible (GTK_WIDGET (dialog)));
    g_assert_nonnull (bar);
    gui_test_wait_for_frames (bar, 1);
    g_assert_true (gtk_widget_get_mapped (bar));
    g_assert_true (gtk_widget_is_ancestor (bar, GTK_WIDGET (window)));
    label = gtk_button_get_child (GTK_BUTTON (bar));
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, want);
    g_assert_cmpint (gtk_widget_get_width (bar), <=, gtk_widget_get_width (GTK_WIDGET (window)));
    if (g_getenv ("BITMAZE_SHOT_DIR") != NULL)
      {
        /* as a 1024 x 768 projector shows it */
        gtk_window_set_default_size (window, 1024, 768);
        gui_test_wait_for_frames (bar, 3);
        shoot (GTK_WIDGET (window), "class-join-bar.png");
      }
    gui_test_click (bar, gtk_widget_get_width (bar) / 2.0, gtk_widget_get_height (bar) / 2.0);
    if (dialog == NULL)
      {
        dialog = bitmaze_class_get_dialog (window);
        g_assert_nonnull (dialog);
        g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      }
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
    /* stopped, the bar goes */
    gtk_widget_activate_action (GTK_WIDGET (dialog), "class.stop", NULL);
    g_assert_false (bitmaze_class_server_get_running (server));
    g_assert_false (gtk_widget_get_visible (bar));
    gtk_widget_activate_action (GTK_WIDGET (dialog), "class.start", NULL);
    g_assert_true (bitmaze_class_server_get_running (server));
    g_assert_true (gtk_widget_get_visible (bar));
  }

  gui_test_destroy_window (window);
  g_assert_null (fixture->window);
  g_assert_null (dialog);
  g_assert_false (bitmaze_class_server_get_running (server));
  CLASS_WAIT_FOR (student->closed);
  class_client_free (student);
}

static GtkWidget *
find_with_class (GtkWidget  *root,
                 const char *css_class)
{
  if (gtk_widget_has_css_class (root, css_class))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Everything in the presentation view's side column is on the screen:
 * its scroller has nothing below the fold. */
static void
assert_side_fits (BitmazePresentation *presentation,
                  const char          *when)
{
  GtkWidget *scroller = find_with_class (GTK_WIDGET (presentation), "bitmaze-presentation-side-scroller");
  GtkAdjustment *adjustment;

  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_test_message ("%s: side column %g of %g px shown, window %d x %d", when,
                  gtk_adjustment_get_page_size (adjustment), gtk_adjustment_get_upper (adjustment),
                  gtk_widget_get_width (GTK_WIDGET (presentation)),
                  gtk_widget_get_height (GTK_WIDGET (presentation)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment) + 0.5);
  /* and nothing pushed below the window: the buttons' row ends inside it */
  {
    GtkWidget *leave = window_test_find_actionable (GTK_WIDGET (presentation), "win.escape");
    graphene_rect_t bounds;

    g_assert_nonnull (leave);
    g_assert_true (gtk_widget_compute_bounds (leave, GTK_WIDGET (presentation), &bounds));
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (presentation)));
  }
}

/* The presentation view (F5) is the class's screen: while a question is
 * open it shows the question's own statement, the answers so far (of
 * those who joined) and how to join; after the reveal the share right
 * and the per-bit chart, and predict mode's explanation of the answer.
 * With BITMAZE_SHOT_DIR set, both are saved there. */
static void
test_presentation (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWindow *window = GTK_WINDOW (fixture->window);
  BitmazeSession *session = window_test_session (fixture->window);
  g_autoptr (BitmazeClassServer) server = g_object_ref (bitmaze_class_get_server (window));
  g_autoptr (SoupSession) soup = soup_session_new ();
  BitmazePredictBar *bar = BITMAZE_PREDICT_BAR (window_test_find (GTK_WIDGET (window),
                                                                  BITMAZE_TYPE_PREDICT_BAR));
  BitmazePredict *predict = bitmaze_predict_bar_get_predict (bar);
  BitmazePresentation *presentation;
  BitmazeClassDialog *dialog;
  ClassClient *students[3];
  const MazeQuestion *q;
  g_autofree char *statement = NULL;
  g_autofree char *bits = NULL;
  guint question;

  gtk_window_set_default_size (window, 1024, 768);
  bitmaze_session_set_size (session, 12, 8);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  gui_test_wait_for_property (session, "running", FALSE);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.class-session", NULL);
  dialog = BITMAZE_CLASS_DIALOG (bitmaze_class_get_dialog (window));
  bitmaze_class_dialog_set_address (dialog, "127.0.0.1");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.start", NULL);
  g_assert_true (bitmaze_class_server_get_running (server));
  for (guint i = 0; i < G_N_ELEMENTS (students); i++)
    {
      g_autofree char *name = g_strdup_printf ("Student %u", i + 1);

      students[i] = class_client_new_joined (soup, server, name);
    }
  gtk_window_close (GTK_WINDOW (dialog));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL);
  presentation = BITMAZE_PRESENTATION (window_test_find (GTK_WIDGET (window), BITMAZE_TYPE_PRESENTATION));
  g_assert_nonnull (presentation);
  gui_test_wait_for_frames (GTK_WIDGET (presentation), 1);

  /* a step done, then the question about the next: its statement shows */
  bitmaze_predict_set_ask_cells (predict, FALSE);
  for (guint i = 0; i < 10 && bitmaze_predict_get_state (predict) == BITMAZE_PREDICT_IDLE; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.step", NULL);
  g_assert_cmpint (bitmaze_predict_get_state (predict), ==, BITMAZE_PREDICT_ASKING);
  q = bitmaze_predict_get_question (predict);
  statement = g_strdup_printf ("%s;", q->statement);
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "statement"), ==, statement);
  /* the key shows the word before the statement, bit by bit */
  bits = g_malloc (17);
  for (int bit = 15; bit >= 0; bit--)
    bits[15 - bit] = (q->word >> bit) & 1 ? '1' : '0';
  bits[16] = '\0';
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "bits"), ==, bits);

  /* the answers so far, of those who joined, and how to join */
  question = bitmaze_class_server_get_question (server);
  for (guint i = 0; i < G_N_ELEMENTS (students); i++)
    {
      g_autoptr (JsonObject) asked = class_client_expect (students[i], "question");
    }
  class_client_answer_word (students[0], question, q->answer);
  class_client_answer_word (students[1], question, q->word);
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == 2);
  g_assert_cmpstr (bitmaze_presentation_get_class_text (presentation, "headline"), ==, "2 of 3 answered");
  g_assert_nonnull (strstr (bitmaze_presentation_get_class_text (presentation, "join"),
                            bitmaze_class_server_get_join_code (server)));
  g_assert_null (bitmaze_presentation_get_class_text (presentation, "chart"));
  gui_test_wait_for_frames (GTK_WIDGET (presentation), 2);
  shoot (GTK_WIDGET (window), "presentation-question.png");
  /* on a 1024 x 768 projector the key and the legend are all there */
  assert_side_fits (presentation, "question");

  /* the reveal: share right, chart, no join line */
  gtk_widget_activate_action (GTK_WIDGET (bar), "predict.reveal", NULL);
  g_assert_cmpstr (bitmaze_presentation_get_class_text (presentation, "headline"), ==,
                   "1 of 2 right (50 %)");
  g_assert_nonnull (bitmaze_presentation_get_class_text (presentation, "chart"));
  g_assert_null (bitmaze_presentation_get_class_text (presentation, "join"));
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "statement"), ==, statement);
  g_assert_nonnull (strstr (bitmaze_predict_bar_get_text (bar, "explanation"), "the mask"));
  gui_test_wait_for_frames (GTK_WIDGET (presentation), 2);
  shoot (GTK_WIDGET (window), "presentation-revealed.png");
  /* and the chart with its labels, the key and the legend */
  assert_side_fits (presentation, "revealed");

  /* Continue does the step: it is said in words under its statements */
  gtk_widget_activate_action (GTK_WIDGET (bar), "predict.go-on", NULL);
  g_assert_cmpuint (bitmaze_session_get_position (session), >=, 1);
  g_assert_cmpstr (bitmaze_presentation_get_text (presentation, "sentence"), !=, "");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (students); i++)
    class_client_free (students[i]);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  gui_test_load_app_style ();
  if (g_getenv ("G_MESSAGES_DEBUG") == NULL)
    g_log_set_debug_enabled (FALSE);

  g_test_add ("/class-window/session", Fixture, NULL, fixture_setup, test_session, fixture_teardown);
  g_test_add ("/class-window/presentation", Fixture, NULL, fixture_setup, test_presentation,
              fixture_teardown);
  g_test_add ("/class-window/window-closed", Fixture, NULL, fixture_setup, test_window_closed,
              fixture_teardown);

  return g_test_run ();
}
