/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The guided lesson (Learn, `bitmaze --lesson`), in a real window under
 * Xvfb with real key presses (xdotool): its seven pages completed with
 * the keyboard alone (S or R for the step, the word typed or the cell
 * picked with the arrow keys, Enter, Space to go on, Alt+N for the next
 * page); Next waits for the page's questions; each page outlines the
 * part of the window it talks about; the page reached is remembered.
 */
#include "config.h"

#include <string.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#include "bitmaze-lesson.h"
#include "bitmaze-predict-bar.h"

typedef struct
{
  BitmazeWindow  *window;
  BitmazeSession *session;
  GSettings      *settings;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_uint (fixture->settings, "lesson-page", 0);
  g_settings_set_boolean (fixture->settings, "show-controls", FALSE);

  fixture->window = bitmaze_window_new (NULL);
  fixture->session = window_test_session (fixture->window);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1024, 768);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gui_test_wait_for_frames (window_test_view (fixture->window), 1);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  gui_test_destroy_window (GTK_WINDOW (fixture->window));
  g_settings_reset (fixture->settings, "lesson-page");
  g_settings_reset (fixture->settings, "show-controls");
  g_settings_reset (fixture->settings, "show-code");
  g_settings_reset (fixture->settings, "show-inspector");
  g_clear_object (&fixture->settings);
}

static BitmazeLesson *
lesson (Fixture *fixture)
{
  GtkWidget *found = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_LESSON);

  g_assert_nonnull (found);
  return BITMAZE_LESSON (found);
}

static BitmazePredict *
predict (Fixture *fixture)
{
  GtkWidget *bar = window_test_find (GTK_WIDGET (fixture->window), BITMAZE_TYPE_PREDICT_BAR);

  g_assert_nonnull (bar);
  return bitmaze_predict_bar_get_predict (BITMAZE_PREDICT_BAR (bar));
}

/* The first widget under @root with CSS class @name, or NULL. */
static GtkWidget *
find_css_class (GtkWidget  *root,
                const char *name)
{
  if (gtk_widget_has_css_class (root, name))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_css_class (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The keys that type @word in hex: "0 x 4 0 9 7". */
static char *
word_keys (guint word)
{
  char hex[8];
  GString *keys = g_string_new ("0 x");

  g_snprintf (hex, sizeof hex, "%04x", word);
  for (const char *p = hex; *p != '\0'; p++)
    g_string_append_printf (keys, " %c", *p);
  g_string_append (keys, " Return");
  return g_string_free (keys, FALSE);
}

/* The arrow keys that move the picked cell from @from to @to. */
static char *
cell_keys (guint32 from,
           guint32 to,
           guint   width)
{
  GString *keys = g_string_new (NULL);
  int dx = (int) (to % width) - (int) (from % width);
  int dy = (int) (to / width) - (int) (from / width);

  for (; dx > 0; dx--)
    g_string_append (keys, "Right ");
  for (; dx < 0; dx++)
    g_string_append (keys, "Left ");
  for (; dy > 0; dy--)
    g_string_append (keys, "Down ");
  for (; dy < 0; dy++)
    g_string_append (keys, "Up ");
  g_string_append (keys, "Return");
  return g_string_free (keys, FALSE);
}

/* Answers the page's questions with keys alone, right, as a student
 * who read the page would. */
static void
answer_page (Fixture *fixture,
             gboolean run)
{
  BitmazeLesson *l = lesson (fixture);
  BitmazePredict *p = predict (fixture);
  guint presses = 0;

  while (bitmaze_lesson_get_answered (l) < bitmaze_lesson_get_needed (l))
    {
      const MazeQuestion *q;
      g_autofree char *keys = NULL;

      g_assert_cmpuint (++presses, <, 40);
      switch (bitmaze_predict_get_state (p))
        {
        case BITMAZE_PREDICT_IDLE:
          gui_test_press_keys (fixture->window, run ? "r" : "s");
          if (run)
            gui_test_wait_for_property (fixture->session, "running", FALSE);
          break;
        case BITMAZE_PREDICT_ASKING:
          q = bitmaze_predict_get_question (p);
          if (q->kind == MAZE_QUESTION_WORD)
            keys = word_keys (q->answer);
          else
            keys = cell_keys (q->from, q->index, maze_width (window_test_maze (fixture->window)));
          gui_test_press_keys (fixture->window, keys);
          g_assert_cmpint (bitmaze_predict_get_state (p), ==, BITMAZE_PREDICT_REVEALED);
          g_assert_true (bitmaze_predict_get_right (p));
          break;
        case BITMAZE_PREDICT_REVEALED:
        default:
          gui_test_press_keys (fixture->window, "space");
          break;
        }
    }
}

/* Learn, then every page by keyboard: Next waits for the answers, each
 * page outlines its part of the window, the page is remembered. */
static void
test_keyboard_alone (Fixture       *fixture,
                     gconstpointer  data)
{
  BitmazeLesson *l = lesson (fixture);
  static const char *const targets[] = { "inspector", "code", "maze", "code", "inspector", "code", "code" };

  if (!gui_test_have_xdotool ())
    return;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (l)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.lesson", NULL));
  g_assert_true (bitmaze_lesson_get_active (l));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (l)));
  gui_test_wait_for_frames (GTK_WIDGET (l), 1);

  for (guint page = 0; page < BITMAZE_LESSON_PAGES; page++)
    {
      GtkWidget *outlined;

      g_assert_cmpuint (bitmaze_lesson_get_page (l), ==, page);
      g_assert_cmpuint (g_settings_get_uint (fixture->settings, "lesson-page"), ==, page);
      g_assert_cmpstr (bitmaze_lesson_get_target (l), ==, targets[page]);
      outlined = find_css_class (GTK_WIDGET (fixture->window), "bitmaze-lesson-target");
      g_assert_nonnull (outlined);
      g_assert_true (gtk_widget_get_visible (outlined));

      /* Next waits for the questions */
      g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window_test_view (fixture->window))));
      gui_test_press_keys (fixture->window, "alt+n");
      g_assert_cmpuint (bitmaze_lesson_get_page (l), ==, page);

      answer_page (fixture, page == BITMAZE_LESSON_PAGES - 1);
      gui_test_press_keys (fixture->window, "alt+n");
    }
  g_assert_false (bitmaze_lesson_get_active (l));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (l)));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "lesson-page"), ==, BITMAZE_LESSON_PAGES);
  g_assert_null (find_css_class (GTK_WIDGET (fixture->window), "bitmaze-lesson-target"));
}

/* Learn starts where the student left off; Previous goes back a page. */
static void
test_remembers_page (Fixture       *fixture,
                     gconstpointer  data)
{
  BitmazeLesson *l = lesson (fixture);

  g_settings_set_uint (fixture->settings, "lesson-page", 4);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.lesson", NULL);
  g_assert_cmpuint (bitmaze_lesson_get_page (l), ==, 4);
  g_assert_cmpuint (bitmaze_lesson_get_answered (l), ==, 0);
  g_assert_true (bitmaze_predict_get_active (predict (fixture)));
  bitmaze_lesson_stop (l);
  g_assert_false (bitmaze_predict_get_active (predict (fixture)));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "lesson-page"), ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(name, func) \
  g_test_add ("/guided-lesson/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("keyboard-alone", test_keyboard_alone);
  ADD ("remembers-page", test_remembers_page);
#undef ADD

  return g_test_run ();
}
