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
 *
 * With --huge SIZE[,SIZE...] (e.g. --huge 2000,4000,10000) it measures
 * instead, for each square size in one run: the CLI's solve of the same
 * maze (a child process: wall and CPU), the window's BFS, A* and DFS at
 * full speed, click to goal shown (wall, CPU of the main thread and of
 * the process), how late the main loop served a timer during the BFS
 * (what a key press waits for), the history's memory (the process's
 * resident memory, before and after the BFS), seeking to step 0, to the
 * middle and to the end (and the first step the history still reaches),
 * and zoom and pan steps (CPU of the main thread until drawn).
 * With --runs SIZE[,SIZE...] only the CLI's solve and the three Runs of
 * --huge (no seeking, no zoom): the Run's cost, quickly.
 * With --zoom SIZE only the zoom and pan steps, over a maze solved by BFS
 * in the engine (no Run: a quick look at the view's cost).
 */
#define _GNU_SOURCE 1 /* RUSAGE_THREAD */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <glib/gstdio.h>

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

/* CPU time of the whole process, in microseconds. */
static gint64
process_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Resident memory of the process, in bytes (0 when unknown). */
static gint64
resident_bytes (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "VmRSS:");
  return line != NULL ? g_ascii_strtoll (line + 6, NULL, 10) * 1024 : 0;
}

/* How late the main loop served a timer due every 10 ms: what a key
 * press waits for before the window acts on it. */
typedef struct
{
  gint64 due;
  gint64 max_late;
  gint64 max_late_at; /* when the longest wait ended */
} Latency;

static gboolean
latency_tick (gpointer user_data)
{
  Latency *latency = user_data;
  gint64 now = g_get_monotonic_time ();

  if (latency->due != 0 && now - latency->due > latency->max_late)
    {
      latency->max_late = now - latency->due;
      latency->max_late_at = now;
    }
  latency->due = now + 10000;
  return G_SOURCE_CONTINUE;
}

/* Waits until the view has nothing left to draw and one more frame came. */
static void
wait_drawn (BitmazeWindow *window,
            FrameStats    *stats)
{
  BitmazeMazeView *view = window_test_view (window);
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  guint frames = stats->frames;

  while (stats->frames == frames && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  while (bitmaze_maze_view_is_drawing (view) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  frames = stats->frames;
  while (stats->frames == frames && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
}

static void
huge_cli_solve (const char *cli,
                const char *path,
                guint       size)
{
  const char *argv[] = { cli, "solve", "-S", "bfs", path, NULL };
  struct rusage before, after;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int wait_status;

  getrusage (RUSAGE_CHILDREN, &before);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &wait_status, &error))
    {
      g_print ("%u: cli solve bfs: %s\n", size, error->message);
      return;
    }
  getrusage (RUSAGE_CHILDREN, &after);
  g_print ("%u: cli solve bfs: %.2f s wall, %.2f s CPU (user %.2f, sys %.2f)\n", size,
           (g_get_monotonic_time () - start) / 1e6,
           (after.ru_utime.tv_sec - before.ru_utime.tv_sec + after.ru_stime.tv_sec - before.ru_stime.tv_sec)
           + (after.ru_utime.tv_usec - before.ru_utime.tv_usec + after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6,
           (after.ru_utime.tv_sec - before.ru_utime.tv_sec) + (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6,
           (after.ru_stime.tv_sec - before.ru_stime.tv_sec) + (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6);
}

static void
huge_seek (BitmazeWindow *window,
           FrameStats    *stats,
           guint          size,
           const char    *what,
           guint64        position)
{
  BitmazeSession *session = window_test_session (window);
  gint64 start = g_get_monotonic_time (), cpu = thread_cpu_us ();
  gint64 seek_wall, seek_cpu;

  bitmaze_session_seek (session, position);
  seek_wall = g_get_monotonic_time () - start;
  seek_cpu = thread_cpu_us () - cpu;
  wait_drawn (window, stats);
  g_print ("%u: seek to %s (step %" G_GUINT64_FORMAT "): reached step %" G_GUINT64_FORMAT
           " in %.2f s (%.2f s CPU), shown after %.2f s\n", size, what, position,
           bitmaze_session_get_position (session), seek_wall / 1e6, seek_cpu / 1e6,
           (g_get_monotonic_time () - start) / 1e6);
}

/* Waits for the view's overview pyramid, built between frames. */
static void
wait_overview (BitmazeWindow *window,
               guint          size)
{
  BitmazeMazeView *view = window_test_view (window);
  gint64 start = g_get_monotonic_time (), cpu = thread_cpu_us ();
  gint64 end = start + 300 * G_USEC_PER_SEC;

  while (bitmaze_maze_view_is_building_overview (view) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_print ("%u: overview pyramid built after %.3f s, %.3f s CPU main thread\n", size,
           (g_get_monotonic_time () - start) / 1e6, (thread_cpu_us () - cpu) / 1e6);
}

static void
huge_view_step (BitmazeWindow *window,
                FrameStats    *stats,
                guint          size,
                const char    *what,
                const char    *action)
{
  GtkScrolledWindow *scroller =
    GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (window_test_view (window)),
                                                  GTK_TYPE_SCROLLED_WINDOW));
  gint64 start = g_get_monotonic_time (), cpu = thread_cpu_us ();

  if (action != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  else
    {
      /* A pan: a quarter of the page to the right and down. */
      GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (scroller);
      GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scroller);

      gtk_adjustment_set_value (h, gtk_adjustment_get_value (h) + gtk_adjustment_get_page_size (h) / 4);
      gtk_adjustment_set_value (v, gtk_adjustment_get_value (v) + gtk_adjustment_get_page_size (v) / 4);
    }
  wait_drawn (window, stats);
  g_print ("%u: %s: shown after %.3f s, %.3f s CPU (zoom %.3f)\n", size, what,
           (g_get_monotonic_time () - start) / 1e6, (thread_cpu_us () - cpu) / 1e6,
           bitmaze_maze_view_get_zoom (window_test_view (window)));
}

static void
huge_size (BitmazeWindow *window,
           FrameStats    *stats,
           guint          size,
           gboolean       runs_only)
{
  static const char *const solvers[] = { "bfs", "astar", "dfs" };
  BitmazeSession *session = window_test_session (window);
  const char *cli = g_getenv ("BITMAZE_CLI");
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "bench-window-huge.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  gint64 start, cpu, pcpu, elapsed;

  bitmaze_session_set_seed (session, 1);
  bitmaze_session_set_size (session, size, size);
  /* (the next maze's memory is made ready ahead only up to a size) */
  if (bitmaze_session_prepares (size, size, NULL))
    gui_test_wait_for_property (session, "prepared", TRUE);
  reset_stats (stats, window);
  start = g_get_monotonic_time ();
  cpu = thread_cpu_us ();
  pcpu = process_cpu_us ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  elapsed = wait_until_shown (window, BITMAZE_PHASE_READY, stats, start);
  g_print ("%u: generate, click to shown: %.2f s wall, %.2f s CPU main thread, %.2f s CPU process\n",
           size, elapsed / 1e6, (thread_cpu_us () - cpu) / 1e6, (process_cpu_us () - pcpu) / 1e6);

  if (cli != NULL && bitmaze_session_save (session, file, &error))
    huge_cli_solve (cli, path, size);
  else if (error != NULL)
    g_print ("%u: cli solve: not measured: %s\n", size, error->message);

  for (guint s = 0; s < G_N_ELEMENTS (solvers); s++)
    {
      Latency latency = { 0 };
      MazeSolveStats solve;
      gint64 click;
      gint64 rss = resident_bytes ();
      guint timer;

      /* (the window's setting follows the session, not the other way) */
      g_object_set (session, "solver", solvers[s], NULL);
      reset_stats (stats, window);
      timer = g_timeout_add (10, latency_tick, &latency);
      start = g_get_monotonic_time ();
      cpu = thread_cpu_us ();
      pcpu = process_cpu_us ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
      click = g_get_monotonic_time () - start;
      elapsed = wait_until_shown (window, BITMAZE_PHASE_SOLVED, stats, start);
      g_source_remove (timer);
      bitmaze_session_get_stats (session, &solve);
      /* Not done within the wait's 300 s: paused, so that it does not
       * run on under the next measurements. */
      if (bitmaze_session_get_running (session))
        {
          bitmaze_session_set_running (session, FALSE);
          g_print ("%u: %s NOT SOLVED within the 300 s wait: paused\n", size, solvers[s]);
        }
      g_print ("%u: %s full speed, click to goal shown: %.2f s wall, %.2f s CPU main thread, "
               "%.2f s CPU process; %" G_GUINT64_FORMAT " steps; the click's handler %.0f ms; "
               "input waits up to %.0f ms (%.2f s after the click); "
               "longest frame gap %.0f ms; resident memory %+.0f MB; of it stepping %.2f s wall\n",
               size, solvers[s], elapsed / 1e6, (thread_cpu_us () - cpu) / 1e6,
               (process_cpu_us () - pcpu) / 1e6, solve.steps, click / 1000.0, latency.max_late / 1000.0,
               (latency.max_late_at - start) / 1e6,
               stats->max_gap / 1000.0, (resident_bytes () - rss) / 1e6,
               bitmaze_session_get_engine_time (session) / 1e6);
      if (s == 0 && !runs_only)
        {
          guint64 length = bitmaze_session_get_length (session);

          g_print ("%u: bfs history: steps %" G_GUINT64_FORMAT " .. %" G_GUINT64_FORMAT " reachable\n",
                   size, bitmaze_session_get_first (session), length);
          huge_seek (window, stats, size, "the start", 0);
          huge_seek (window, stats, size, "the middle", length / 2);
          huge_seek (window, stats, size, "the end", length);
        }
    }

  if (runs_only)
    {
      g_unlink (path);
      return;
    }
  wait_overview (window, size);
  for (int i = 0; i < 8; i++)
    huge_view_step (window, stats, size, "zoom in", "win.zoom-in");
  for (int i = 0; i < 2; i++)
    huge_view_step (window, stats, size, "pan", NULL);
  for (int i = 0; i < 8; i++)
    huge_view_step (window, stats, size, "zoom out", "win.zoom-out");
  g_unlink (path);
}

/* Zoom and pan over a SIZE x SIZE maze solved by BFS in the engine. */
static int
run_zoom (BitmazeWindow *window,
          FrameStats    *stats,
          guint          size)
{
  BitmazeSession *session = window_test_session (window);
  MazeError error;
  MazeSolver *solver;
  gint64 start;

  bitmaze_session_set_seed (session, 1);
  bitmaze_session_set_size (session, size, size);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  wait_until_shown (window, BITMAZE_PHASE_READY, stats, start);
  solver = maze_solver_new (window_test_maze (window), "bfs", &error);
  g_assert_nonnull (solver);
  maze_solver_run (solver);
  maze_solver_free (solver);
  bitmaze_maze_view_walls_changed (window_test_view (window));
  wait_drawn (window, stats);
  wait_overview (window, size);
  for (int i = 0; i < 8; i++)
    huge_view_step (window, stats, size, "zoom in", "win.zoom-in");
  for (int i = 0; i < 2; i++)
    huge_view_step (window, stats, size, "pan", NULL);
  for (int i = 0; i < 8; i++)
    huge_view_step (window, stats, size, "zoom out", "win.zoom-out");
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

static int
run_huge (BitmazeWindow *window,
          FrameStats    *stats,
          const char    *sizes,
          gboolean       runs_only)
{
  g_auto (GStrv) list = g_strsplit (sizes, ",", -1);

  for (guint i = 0; list[i] != NULL; i++)
    huge_size (window, stats, (guint) g_ascii_strtoull (list[i], NULL, 10), runs_only);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
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
  if (argc > 2 && strcmp (argv[1], "--huge") == 0)
    return run_huge (window, &stats, argv[2], FALSE);
  if (argc > 2 && strcmp (argv[1], "--runs") == 0)
    return run_huge (window, &stats, argv[2], TRUE);
  if (argc > 2 && strcmp (argv[1], "--zoom") == 0)
    return run_zoom (window, &stats, (guint) g_ascii_strtoull (argv[2], NULL, 10));

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
