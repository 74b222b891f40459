/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The class session's window and the projector's chart, in real windows
 * under Xvfb, with libsoup clients as the students: starting on
 * 127.0.0.1 when there is no network, the address, code and QR code
 * shown, the count of students, and the chart through a question (how
 * many answered, then the share right and the bits the wrong answers got
 * wrong).
 *
 * With BITMAZE_SHOT_DIR set, the window and the chart are also saved
 * there as PNG files.
 */
#include "config.h"

#include <adwaita.h>

#include "bitmaze-class-chart.h"
#include "bitmaze-class-dialog.h"
#include "class-test.h"
#include "../common/gui-test.h"

/* Waits until @widget has drawn (again). */
static gboolean
drawn_cb (GtkWidget     *widget,
          GdkFrameClock *clock,
          gpointer       user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_for_frame (GtkWidget *widget)
{
  gboolean drawn = FALSE;

  gtk_widget_queue_draw (widget);
  gtk_widget_add_tick_callback (widget, drawn_cb, &drawn, NULL);
  CLASS_WAIT_FOR (drawn);
  /* The tick comes before the paint: one more for the paint. */
  drawn = FALSE;
  gtk_widget_add_tick_callback (widget, drawn_cb, &drawn, NULL);
  CLASS_WAIT_FOR (drawn);
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
  /* On the light style's background: the chart itself has none. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98f, 0.98f, 0.98f, 1.0f },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    g_error ("%s: nothing drawn at %d x %d", name, width, height);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_dialog (void)
{
  g_autoptr (BitmazeClassServer) server = bitmaze_class_server_new ();
  g_autoptr (SoupSession) session = soup_session_new ();
  g_auto (GStrv) lan = bitmaze_class_list_addresses ();
  BitmazeClassDialog *dialog = bitmaze_class_dialog_new (server);
  const char * const *offered;
  ClassClient *student;
  guint n;

  gtk_window_present (GTK_WINDOW (dialog));
  wait_for_frame (GTK_WIDGET (dialog));

  /* The machine's private addresses, then the loopback; without a
   * network the dialog says so. */
  offered = bitmaze_class_dialog_get_addresses (dialog);
  n = g_strv_length ((char **) offered);
  g_assert_cmpuint (n, ==, g_strv_length (lan) + 1);
  g_assert_cmpstr (offered[n - 1], ==, "127.0.0.1");
  g_assert_cmpint (bitmaze_class_dialog_get_no_network (dialog), ==, lan[0] == NULL);
  shoot (adw_window_get_content (ADW_WINDOW (dialog)), "class-dialog-start.png");

  bitmaze_class_dialog_set_address (dialog, "127.0.0.1");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.start", NULL);
  g_assert_true (bitmaze_class_server_get_running (server));
  g_assert_cmpstr (bitmaze_class_server_get_address (server), ==, "127.0.0.1");
  g_assert_null (bitmaze_class_dialog_get_text (dialog, "error"));
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "url"), ==, bitmaze_class_server_get_url (server));
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "code"), ==, bitmaze_class_server_get_join_code (server));
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "joined"), ==, "0 students joined");
  /* Large enough to scan from afar. */
  wait_for_frame (GTK_WIDGET (dialog));
  g_assert_cmpint (gtk_widget_get_width (bitmaze_class_dialog_get_qr (dialog)), >=, 320);
  g_assert_cmpint (gtk_widget_get_height (bitmaze_class_dialog_get_qr (dialog)), >=, 320);

  student = class_client_new_joined (session, server, "Ana");
  g_assert_cmpstr (bitmaze_class_dialog_get_text (dialog, "joined"), ==, "1 student joined");
  wait_for_frame (GTK_WIDGET (dialog));
  shoot (adw_window_get_content (ADW_WINDOW (dialog)), "class-dialog-running.png");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "class.stop", NULL);
  g_assert_false (bitmaze_class_server_get_running (server));
  CLASS_WAIT_FOR (student->closed);
  g_assert_cmpuint (student->close_code, ==, SOUP_WEBSOCKET_CLOSE_GOING_AWAY);

  class_client_free (student);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_chart (void)
{
  g_autoptr (BitmazeClassServer) server = bitmaze_class_server_new ();
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autoptr (GError) error = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *chart = bitmaze_class_chart_new (server);
  BitmazeClassChart *c = BITMAZE_CLASS_CHART (chart);
  static const guint16 answers[] = { 0x0809, 0x0809, 0x0409, 0x0C09, 0x0409, 0x0001 };
  ClassClient *students[G_N_ELEMENTS (answers)];
  BitmazeClassWordQuestion question = {
    .x = 3, .y = 5, .index = 87, .word = 0x0009, .statement = "maze[87] |= W << 8;",
  };
  int height_before;
  guint id;

  gtk_widget_set_margin_start (chart, 18);
  gtk_widget_set_margin_end (chart, 18);
  gtk_widget_set_margin_top (chart, 18);
  gtk_widget_set_margin_bottom (chart, 18);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, -1);
  gtk_window_present (GTK_WINDOW (window));

  /* Nothing to show before the session. */
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "");
  /* Every student from 127.0.0.1: a shared computer, allowed. */
  bitmaze_class_server_set_students_per_address (server, BITMAZE_CLASS_STUDENTS_MAX);
  g_assert_true (bitmaze_class_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      g_autofree char *name = g_strdup_printf ("Student %u", i);

      students[i] = class_client_new_joined (session, server, name);
    }
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "6 students joined");

  id = bitmaze_class_server_ask_word (server, &question);
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "0 of 6 answered");
  for (guint i = 0; i < G_N_ELEMENTS (answers) - 1; i++)
    {
      g_autoptr (JsonObject) q = class_client_expect (students[i], "question");

      class_client_answer_word (students[i], id, answers[i]);
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == G_N_ELEMENTS (answers) - 1);
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "5 of 6 answered");
  g_assert_false (bitmaze_class_chart_get_has_bars (c));
  wait_for_frame (window);
  shoot (chart, "class-chart-asking.png");
  height_before = gtk_widget_get_height (chart);

  /* 0x0809 is right; 0x0409 twice has bits 11 and 10 wrong, 0x0C09 bit 10. */
  bitmaze_class_server_reveal_word (server, 0x0809);
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "2 of 5 right (40 %)");
  g_assert_true (bitmaze_class_chart_get_has_bars (c));
  g_assert_cmpstr (bitmaze_class_chart_get_details (c), ==,
                   "Bits the wrong answers got wrong: bit 10 in 3 answers, bit 11 in 2 answers.");
  wait_for_frame (window);
  /* The bars take room of their own. */
  g_assert_cmpint (gtk_widget_get_height (chart), >, 3 * height_before);
  shoot (chart, "class-chart-revealed.png");

  /* The next question: the bars go. */
  bitmaze_class_server_ask_word (server, &question);
  g_assert_false (bitmaze_class_chart_get_has_bars (c));
  g_assert_cmpstr (bitmaze_class_chart_get_details (c), ==, "");

  bitmaze_class_server_stop (server);
  g_assert_cmpstr (bitmaze_class_chart_get_headline (c), ==, "");
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      CLASS_WAIT_FOR (students[i]->closed);
      class_client_free (students[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
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

  g_test_add_func ("/class/dialog", test_dialog);
  g_test_add_func ("/class/chart", test_chart);

  return g_test_run ();
}
