/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether a full class keeps the window from drawing: frame times of the
 * real window solving a 40 x 30 maze as in a lesson (BFS at the default
 * 30 steps a second, the inspector open), its own class session on
 * 127.0.0.1 with the projector's chart under the inspector's bits (predict
 * mode, which the session turns on, off again so Run runs),
 *   1. alone, and
 *   2. while 200 students (libsoup clients in another process:
 *      bench-class-server --class) answer a question every 0.6 s,
 *      the chart follows the answers and each reveal sends 200 results.
 * Printed: frames, the median, 99th percentile and longest gap between
 * frames, and the main thread's CPU time per frame (which other
 * processes on a busy machine do not stretch).
 *
 *   bench-class [--seconds S]
 */
#include "config.h"

#include <time.h>

#include "bitmaze-class-actions.h"
#include "bitmaze-window.h"
#include "class-test.h"

typedef struct
{
  GArray *gaps;   /* gint64, microseconds between frames */
  gint64  last;
  gint64  cpu_start;
  gint64  cpu_end;
} Frames;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
frame_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  Frames *frames = user_data;
  gint64 now = g_get_monotonic_time ();

  if (frames->gaps != NULL && frames->last != 0)
    {
      gint64 gap = now - frames->last;

      g_array_append_val (frames->gaps, gap);
    }
  frames->last = now;
  return G_SOURCE_CONTINUE;
}

static int
compare_gaps (gconstpointer a,
              gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
begin (Frames *frames)
{
  frames->gaps = g_array_new (FALSE, FALSE, sizeof (gint64));
  frames->last = 0;
  frames->cpu_start = thread_cpu_us ();
}

static void
report (Frames     *frames,
        const char *what)
{
  GArray *gaps = frames->gaps;
  guint n = gaps->len;

  frames->cpu_end = thread_cpu_us ();
  g_array_sort (gaps, compare_gaps);
  if (n == 0)
    g_print ("%s: no frames\n", what);
  else
    g_print ("%s: %u frames, gap median %.1f ms, 99th percentile %.1f ms, longest %.1f ms; "
             "main thread CPU %.2f ms a frame\n",
             what, n,
             g_array_index (gaps, gint64, n / 2) / 1000.0,
             g_array_index (gaps, gint64, MIN (n - 1, n * 99 / 100)) / 1000.0,
             g_array_index (gaps, gint64, n - 1) / 1000.0,
             (frames->cpu_end - frames->cpu_start) / 1000.0 / n);
  g_array_unref (gaps);
  frames->gaps = NULL;
}

typedef struct
{
  gint64 longest;      /* main-loop dispatch, wall-clock */
  gint64 longest_cpu;  /* main-loop dispatch, CPU */
  gint64 reveal_cpu;   /* the longest reveal, CPU */
} Dispatch;

/* Iterates the main loop for @seconds, timing each dispatch (a frame, a
 * batch of answers...); with @server, asks a question every 0.6 s and
 * reveals it once everyone has answered. */
static guint
run_for (double              seconds,
         BitmazeClassServer *server,
         Dispatch           *dispatch)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  gint64 next_question = 0;
  guint asked = 0;
  BitmazeClassWordQuestion question = {
    .x = 3, .y = 5, .index = 87, .word = 0x0009, .statement = "maze[87] |= W << 8;",
  };

  while (g_get_monotonic_time () < end)
    {
      gint64 now = g_get_monotonic_time ();

      if (server != NULL)
        {
          if (bitmaze_class_server_get_state (server) == BITMAZE_CLASS_STATE_ASKING &&
              bitmaze_class_server_get_answered (server) == bitmaze_class_server_get_joined (server))
            {
              gint64 cpu = thread_cpu_us ();

              bitmaze_class_server_reveal_word (server, 0x0809);
              dispatch->reveal_cpu = MAX (dispatch->reveal_cpu, thread_cpu_us () - cpu);
            }
          if (now >= next_question && bitmaze_class_server_get_state (server) != BITMAZE_CLASS_STATE_ASKING)
            {
              bitmaze_class_server_ask_word (server, &question);
              asked++;
              next_question = now + 600 * 1000;
            }
        }
      {
        gint64 cpu = thread_cpu_us ();
        gint64 start = g_get_monotonic_time ();

        if (g_main_context_iteration (NULL, FALSE))
          {
            dispatch->longest = MAX (dispatch->longest, g_get_monotonic_time () - start);
            dispatch->longest_cpu = MAX (dispatch->longest_cpu, thread_cpu_us () - cpu);
          }
        else
          g_usleep (500);
      }
    }
  return asked;
}

/* A new maze (made at once: not animated), then Run. */
static void
start_solving (BitmazeWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
}

int
main (int   argc,
      char *argv[])
{
  double seconds = 8.0;
  GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Seconds measured each way (default 8)", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- frame times with a class of 200");
  g_autoptr (GSettings) settings = NULL;
  BitmazeClassServer *server;
  g_autoptr (GSubprocess) class = NULL;
  g_autoptr (GError) error = NULL;
  const char *class_bench = g_getenv ("BITMAZE_CLASS_BENCH");
  g_autofree char *n = g_strdup_printf ("%d", BITMAZE_CLASS_STUDENTS_MAX);
  BitmazeWindow *window;
  Frames frames = { 0 };
  Dispatch alone = { 0 };
  Dispatch with_class = { 0 };
  guint asked;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_log_set_debug_enabled (FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (class_bench == NULL)
    {
      g_printerr ("BITMAZE_CLASS_BENCH must name bench-class-server (meson sets it)\n");
      return 2;
    }

  settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (settings, "animate-generation", FALSE);
  g_settings_set_uint (settings, "maze-width", 40);
  g_settings_set_uint (settings, "maze-height", 30);
  g_settings_set_string (settings, "solver", "bfs");
  g_settings_set_double (settings, "speed", 1.5);
  g_settings_set_boolean (settings, "show-inspector", TRUE);

  window = bitmaze_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_add_tick_callback (GTK_WIDGET (window), frame_tick, &frames, NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  server = bitmaze_class_get_server (GTK_WINDOW (window));
  /* The benchmark's class comes from 127.0.0.1 alone. */
  bitmaze_class_server_set_students_per_address (server, BITMAZE_CLASS_STUDENTS_MAX);
  if (!bitmaze_class_server_start (server, "127.0.0.1", 0, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_assert_true (gtk_widget_get_mapped (bitmaze_class_get_chart (GTK_WINDOW (window))));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "predict", g_variant_new_boolean (FALSE));

  /* 1: the window alone. */
  start_solving (window);
  begin (&frames);
  run_for (seconds, NULL, &alone);
  report (&frames, "solving, no class");
  g_print ("  longest main-loop dispatch %.1f ms (%.1f ms CPU)\n",
           alone.longest / 1000.0, alone.longest_cpu / 1000.0);

  /* 2: with a class of 200 answering. */
  class = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, class_bench,
                            "--class", bitmaze_class_server_get_url (server),
                            "--class", bitmaze_class_server_get_join_code (server),
                            "--class", n, NULL);
  if (class == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (server) == BITMAZE_CLASS_STUDENTS_MAX);
  start_solving (window);
  begin (&frames);
  asked = run_for (seconds, server, &with_class);
  report (&frames, "solving, 200 students answering");
  g_print ("  longest main-loop dispatch %.1f ms (%.1f ms CPU); longest reveal %.1f ms CPU; "
           "%u questions, %u answers each\n",
           with_class.longest / 1000.0, with_class.longest_cpu / 1000.0,
           with_class.reveal_cpu / 1000.0, asked, BITMAZE_CLASS_STUDENTS_MAX);

  bitmaze_class_server_stop (server);
  g_subprocess_wait (class, NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
