/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How smoothly and how soon the window shows Generate and Run, in a real
 * window under Xvfb, measured on the frame clock: the longest frame of
 * engine work (steps plus handing the changed cells to the view), the
 * longest gap between two frames (which includes the view's drawing and
 * GTK's layout), in wall-clock and in CPU time of the main thread (where
 * GTK builds and paints each frame: on a busy machine other processes
 * stretch the wall-clock gaps, not that one), and how many frames took
 * more than 16 ms of CPU.
 *   - a 200 x 200 maze solved by BFS at full speed (target: no frame over
 *     20 ms of work; the exit status says whether it was met);
 *   - 2000 x 2000, as a user does it: the size set, then Generate once
 *     the session has the memory ready (target: the whole maze on
 *     screen within 0.5 s of the click), then Run of BFS at full speed
 *     (target: the goal reached and drawn within 1.5 s, no frame over
 *     16 ms of work);
 *   - another maze of the same size (the view keeps its scale);
 *   - that maze zoomed in four times and solved.
 * "Shown" is the first frame after the phase changed with no part of the
 * maze view left to draw.
 */
#define _GNU_SOURCE 1 /* RUSAGE_THREAD */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "maze.h"

#include "bitmaze-memory.h"

#include "../common/gui-test.h"
#include "../common/window-test.h"

typedef struct
{
  gint64 last;
  gint64 max_gap;
  gint64 last_cpu;
  gint64 max_cpu_gap;
  gint64 cpu_start;
  long   faults_start;
  guint  frames;
  guint  slow_frames; /* more than 16 ms of CPU since the frame before */
} FrameStats;

/* Page faults of the calling thread so far. */
static long
thread_faults (void)
{
  struct rusage usage;

  getrusage (RUSAGE_THREAD, &usage);
  return usage.ru_minflt + usage.ru_majflt;
}

/* CPU time of the calling thread, in microseconds. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* With --frames: where each frame over 16 ms of CPU spent it, from the
 * frame clock's phases (CPU of the main thread, microseconds; connected
 * after GTK's own handlers, so each mark is the end of a phase). */
static gboolean show_frames;

typedef struct
{
  guint  frame;           /* frames since the phase began */
  gint64 after_paint;     /* the end of the frame before */
  gint64 phase[5];        /* the ends of before-paint, update, layout, paint, after-paint */
  long   faults_after_paint; /* the thread's page faults at after_paint */
  long   faults[5];       /* ... and at each phase's end */
} FramePhases;

static FramePhases phases;

static void
phase_mark (GdkFrameClock *clock,
            gpointer       user_data)
{
  guint which = GPOINTER_TO_UINT (user_data);
  gint64 now = thread_cpu_us ();

  phases.phase[which] = now;
  phases.faults[which] = thread_faults ();
  if (which != 4)
    return;
  phases.frame++;
  /* page faults too: a first touch of a page costs 10 µs or more on
   * some machines, so a frame that faults in megabytes is slow */
  if (phases.after_paint != 0 && now - phases.after_paint > 16000)
    g_print ("  slow frame %u: %.1f ms CPU: between frames %.1f, update (ticks) %.1f, "
             "layout %.1f, paint %.1f; page faults %ld (%ld in paint)\n",
             phases.frame, (now - phases.after_paint) / 1000.0,
             (phases.phase[0] - phases.after_paint) / 1000.0,
             (phases.phase[1] - phases.phase[0]) / 1000.0,
             (phases.phase[2] - phases.phase[1]) / 1000.0,
             (phases.phase[3] - phases.phase[2]) / 1000.0,
             phases.faults[4] - phases.faults_after_paint,
             phases.faults[3] - phases.faults[2]);
  phases.after_paint = now;
  phases.faults_after_paint = phases.faults[4];
}

static void
watch_phases (GtkWidget *widget)
{
  static const char *const signals[] = { "before-paint", "update", "layout", "paint", "after-paint" };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect (clock, signals[i], G_CALLBACK (phase_mark), GUINT_TO_POINTER (i));
}

static gboolean
frame_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  FrameStats *stats = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_us ();

  if (stats->last != 0)
    {
      stats->max_gap = MAX (stats->max_gap, now - stats->last);
      stats->max_cpu_gap = MAX (stats->max_cpu_gap, cpu - stats->last_cpu);
      stats->slow_frames += cpu - stats->last_cpu > 16000;
    }
  stats->last = now;
  stats->last_cpu = cpu;
  stats->frames++;

  return G_SOURCE_CONTINUE;
}

static gboolean
is_phase (BitmazeWindow *window,
          BitmazePhase   phase)
{
  return bitmaze_session_get_phase (window_test_session (window)) == phase && !bitmaze_session_get_running (window_test_session (window));
}

static gint64
wait_for_phase (BitmazeWindow *window,
                BitmazePhase   phase)
{
  gint64 start = g_get_monotonic_time ();
  gint64 end = start + 300 * G_USEC_PER_SEC;

  while (!is_phase (window, phase) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  return g_get_monotonic_time () - start;
}

/* Waits for @phase, then for the first frame with nothing of the maze
 * left to draw; returns the time from @start to that frame. */
static gint64
wait_until_shown (BitmazeWindow *window,
                  BitmazePhase   phase,
                  FrameStats    *stats,
                  gint64         start)
{
  BitmazeMazeView *view = window_test_view (window);
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  guint frames;

  while ((!is_phase (window, phase) || bitmaze_maze_view_is_drawing (view))
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  frames = stats->frames;
  while (stats->frames == frames && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  return stats->last - start;
}

static void
print_frames (const char    *what,
              gint64         elapsed,
              FrameStats    *stats,
              BitmazeWindow *window)
{
  gint64 work = bitmaze_session_take_max_frame_work (window_test_session (window));

  g_print ("%s: %.1f ms, %u frames, max work/frame %.2f ms, max frame gap %.1f ms "
           "(%.1f ms CPU), %u frames over 16 ms CPU, main thread CPU %.1f ms, %ld page faults\n",
           what, elapsed / 1000.0, stats->frames, work / 1000.0, stats->max_gap / 1000.0,
           stats->max_cpu_gap / 1000.0, stats->slow_frames,
           (thread_cpu_us () - stats->cpu_start) / 1000.0, thread_faults () - stats->faults_start);
}

static void
reset_stats (FrameStats    *stats,
             BitmazeWindow *window)
{
  stats->last = 0;
  stats->max_gap = 0;
  stats->max_cpu_gap = 0;
  stats->frames = 0;
  stats->slow_frames = 0;
  stats->cpu_start = thread_cpu_us ();
  stats->faults_start = thread_faults ();
  phases.frame = 0;
  bitmaze_session_take_max_frame_work (window_test_session (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GSettings) settings = NULL;
  BitmazeWindow *window;
  FrameStats stats = { 0 };
  MazeSolveStats solve;
  gint64 elapsed, work, start;
  int status = 0;

  /* The process as main() sets it up. */
  bitmaze_memory_tune ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  show_frames = argc > 1 && strcmp (argv[1], "--frames") == 0;

  settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_settings_set_boolean (settings, "animate-generation", FALSE);
  g_settings_set_double (settings, "speed", 6.0);
  g_settings_set_string (settings, "solver", "bfs");

  window = bitmaze_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_add_tick_callback (GTK_WIDGET (window), frame_tick, &stats, NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  if (show_frames)
    watch_phases (GTK_WIDGET (window));

  /* 200 x 200, BFS at full speed. */
  bitmaze_session_set_seed (window_test_session (window), 1);
  bitmaze_session_set_size (window_test_session (window), 200, 200);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  wait_for_phase (window, BITMAZE_PHASE_READY);
  reset_stats (&stats, window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  elapsed = wait_for_phase (window, BITMAZE_PHASE_SOLVED);
  work = bitmaze_session_take_max_frame_work (window_test_session (window));
  g_print ("200x200 bfs full speed: %.1f ms, %u frames, max work/frame %.2f ms, max frame gap %.1f ms (%.1f ms CPU)\n",
           elapsed / 1000.0, stats.frames, work / 1000.0, stats.max_gap / 1000.0,
           stats.max_cpu_gap / 1000.0);
  if (work > 20000 || !is_phase (window, BITMAZE_PHASE_SOLVED))
    {
      g_printerr ("FAIL: a frame did more than 20 ms of work\n");
      status = 1;
    }

  /* 2000 x 2000 as a user makes it: the size set, Generate a moment
   * later (the session makes the maze's memory ready meanwhile, on a
   * worker thread), then Run. */
  bitmaze_session_set_size (window_test_session (window), 2000, 2000);
  start = g_get_monotonic_time ();
  gui_test_wait_for_property (window_test_session (window), "prepared", TRUE);
  g_print ("2000x2000 size set: the next maze's memory ready after %.1f ms\n",
           (g_get_monotonic_time () - start) / 1000.0);
  reset_stats (&stats, window);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  g_print ("2000x2000 generate: first slice (blocking) %.1f ms\n",
           (g_get_monotonic_time () - start) / 1000.0);
  elapsed = wait_until_shown (window, BITMAZE_PHASE_READY, &stats, start);
  print_frames ("2000x2000 generate, click to shown (target 500 ms)", elapsed, &stats, window);

  reset_stats (&stats, window);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  elapsed = wait_until_shown (window, BITMAZE_PHASE_SOLVED, &stats, start);
  bitmaze_session_get_stats (window_test_session (window), &solve);
  g_print ("2000x2000 bfs: %" G_GUINT64_FORMAT " steps\n", solve.steps);
  print_frames ("2000x2000 bfs full speed, click to goal shown (target 1500 ms, 16 ms work/frame)",
                elapsed, &stats, window);

  /* Another maze of the same size, as Space makes it. */
  reset_stats (&stats, window);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  elapsed = wait_until_shown (window, BITMAZE_PHASE_READY, &stats, start);
  print_frames ("2000x2000 generate again, click to shown", elapsed, &stats, window);

  /* Zoom in a few times and draw. */
  reset_stats (&stats, window);
  elapsed = g_get_monotonic_time ();
  for (int i = 0; i < 4; i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
    }
  elapsed = g_get_monotonic_time () - elapsed;
  g_print ("2000x2000 zoom in x4: %.1f ms, max frame gap %.1f ms (%.1f ms CPU)\n",
           elapsed / 1000.0, stats.max_gap / 1000.0, stats.max_cpu_gap / 1000.0);

  /* Solve it again, zoomed in, at full speed. */
  reset_stats (&stats, window);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  elapsed = wait_until_shown (window, BITMAZE_PHASE_SOLVED, &stats, start);
  print_frames ("2000x2000 zoomed x4, bfs full speed", elapsed, &stats, window);

  gtk_window_destroy (GTK_WINDOW (window));

  return status;
}
