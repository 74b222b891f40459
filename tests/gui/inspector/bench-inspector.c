/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the bit inspector costs Run, in a real window under Xvfb: a 200 x 200
 * maze solved by BFS at full speed with the panel hidden (never made) and
 * then shown, so the log takes every step in batches of one frame.  Prints
 * the time, the frames, the longest frame of work (steps, view, log) and
 * the longest gap between frames.  Target: no frame over 20 ms of work
 * with the panel shown; exits non-zero when it is missed.
 */
#include "config.h"

#include "maze.h"

#include "bitmaze-inspector.h"
#include "../../common/window-test.h"

typedef struct
{
  gint64 last;
  gint64 max_gap;
  guint  frames;
} FrameStats;

static gboolean
frame_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  FrameStats *stats = user_data;
  gint64 now = g_get_monotonic_time ();

  if (stats->last != 0)
    stats->max_gap = MAX (stats->max_gap, now - stats->last);
  stats->last = now;
  stats->frames++;

  return G_SOURCE_CONTINUE;
}

static gint64
wait_for_phase (BitmazeWindow *window,
                BitmazePhase   phase)
{
  gint64 start = g_get_monotonic_time ();
  gint64 end = start + 300 * G_USEC_PER_SEC;

  while ((bitmaze_session_get_phase (window_test_session (window)) != phase || bitmaze_session_get_running (window_test_session (window))) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  return g_get_monotonic_time () - start;
}

static gint64
solve (BitmazeWindow *window,
       FrameStats    *stats,
       const char    *label)
{
  gint64 elapsed, work;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset", NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  stats->last = 0;
  stats->max_gap = 0;
  stats->frames = 0;
  bitmaze_session_take_max_frame_work (window_test_session (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  elapsed = wait_for_phase (window, BITMAZE_PHASE_SOLVED);
  work = bitmaze_session_take_max_frame_work (window_test_session (window));
  g_print ("200x200 bfs full speed, %s: %.1f ms, %u frames, max work/frame %.2f ms, max frame gap %.1f ms\n",
           label, elapsed / 1000.0, stats->frames, work / 1000.0, stats->max_gap / 1000.0);

  return work;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GSettings) settings = NULL;
  BitmazeWindow *window;
  BitmazeInspector *inspector;
  FrameStats stats = { 0 };
  gint64 work;
  int status = 0;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (settings, "animate-generation", FALSE);
  g_settings_set_double (settings, "speed", 6.0);
  g_settings_set_string (settings, "solver", "bfs");
  g_settings_set_boolean (settings, "show-inspector", FALSE);

  window = bitmaze_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_add_tick_callback (GTK_WIDGET (window), frame_tick, &stats, NULL);

  bitmaze_session_set_seed (window_test_session (window), 1);
  bitmaze_session_set_size (window_test_session (window), 200, 200);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  wait_for_phase (window, BITMAZE_PHASE_READY);

  solve (window, &stats, "panel never shown");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL);
  inspector = window_test_inspector (window);
  g_assert_nonnull (inspector);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (inspector));

  work = solve (window, &stats, "panel shown");
  g_print ("log: %u operations kept\n",
           g_list_model_get_n_items (G_LIST_MODEL (bitmaze_inspector_get_log (inspector))));
  if (work > 20000)
    {
      g_printerr ("FAIL: with the inspector shown a frame did more than 20 ms of work\n");
      status = 1;
    }

  gtk_window_destroy (GTK_WINDOW (window));

  return status;
}
