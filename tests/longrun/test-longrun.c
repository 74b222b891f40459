/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The app left running for a long lesson: Run -> Reset -> New maze, a few
 * thousand times, in a real window under Xvfb, must not make the process
 * grow.  Resident memory and the malloc heap in use are read after a
 * warm-up and at the end; both must stay within a small slack that one
 * leaked maze, solver or render cache a cycle would exceed many times over.
 *
 * BITMAZE_LONGRUN_CYCLES overrides the number of cycles (default 3000).
 * Under AddressSanitizer or valgrind, whose allocators keep freed memory
 * aside on purpose, the loop still runs (they check every access) but
 * the memory is not compared.
 */
#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maze.h"

#include "../common/gui-test.h"

#include "../common/window-test.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#define DEFAULT_CYCLES 3000
#define WARMUP_CYCLES  200
/* Maze of the loop: 32 x 24 cells, 768 words; a leak of one maze a cycle
 * is >= 1.5 KiB a cycle, i.e. > 4 MiB over 3000 cycles. */
#define MAZE_W 32
#define MAZE_H 24
/* Allowed growth between the warm-up and the end. */
#define RSS_SLACK_KIB  2048
#define HEAP_SLACK_KIB 512

static const char *const generators[] = {
  "growing-tree:newest", "growing-tree:oldest", "growing-tree:random",
  "growing-tree:mixed", "corridor", "straight-run", "prim", "kruskal",
  "wilson", "aldous-broder", "hunt-and-kill", "binary-tree", "sidewinder",
  "eller", "recursive-division",
};

static const char *const solvers[] = {
  "dfs", "bfs", "astar", "junction", "wall-follower:left", "wall-follower:right",
};

/* Whether RSS and malloc's counters mean what they say in this process. */
static gboolean
memory_is_measurable (void)
{
#if defined(UNDER_ASAN)
  return FALSE;
#elif defined(HAVE_VALGRIND_H)
  return !RUNNING_ON_VALGRIND;
#else
  return TRUE;
#endif
}

typedef struct
{
  gsize rss_kib;
  gsize heap_kib;
} Usage;

/* The resident KiB of the process's System V shared memory: the image
 * buffers cairo shares with the X server (MIT-SHM), a pool cairo grows
 * by a window's worth when a frame finds its buffers busy and keeps.
 * Measured: a run whose RSS grew by 3,452 KiB had all of it there (one
 * more 3,376 KiB buffer) and its heap +11 KiB.  Not the app's own. */
static gsize
shared_image_kib (void)
{
  g_autofree char *smaps = NULL;
  gboolean shm = FALSE;
  gsize kib = 0;
  char *line, *next;

  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return 0;
  for (line = smaps; *line != '\0'; line = next)
    {
      unsigned long value;

      next = strchr (line, '\n');
      next = next != NULL ? next + 1 : line + strlen (line);
      if (g_ascii_isxdigit (line[0]) && strchr (line, '-') != NULL && strchr (line, '-') < strchr (line, ' '))
        shm = strstr (line, " /SYSV") != NULL && strstr (line, " /SYSV") < next;
      else if (shm && sscanf (line, "Rss: %lu kB", &value) == 1)
        kib += value;
    }
  return kib;
}

static void
read_usage (Usage *usage)
{
  FILE *f;
  unsigned long size = 0, resident = 0;
  struct mallinfo2 mi;

  /* Give freed blocks back first, so that RSS counts what is in use and
   * not what malloc happens to keep around. */
  malloc_trim (0);
  f = fopen ("/proc/self/statm", "r");
  g_assert_nonnull (f);
  g_assert_cmpint (fscanf (f, "%lu %lu", &size, &resident), ==, 2);
  fclose (f);
  usage->rss_kib = (gsize) resident * (gsize) sysconf (_SC_PAGESIZE) / 1024;
  usage->rss_kib -= MIN (usage->rss_kib, shared_image_kib ());

  mi = mallinfo2 ();
  usage->heap_kib = (mi.uordblks + mi.hblkhd) / 1024;
}

/* One lesson step: solve at full speed, clear the search, draw a new maze
 * (every few cycles with another generator and solver). */
static void
cycle (BitmazeWindow *window,
       guint          i)
{
  GtkWidget *widget = GTK_WIDGET (window);
  Maze *maze;

  if (i % 10 == 0)
    {
      gtk_widget_activate_action (widget, "win.generator", "s",
                                  generators[(i / 10) % G_N_ELEMENTS (generators)]);
      gtk_widget_activate_action (widget, "win.solver", "s",
                                  solvers[(i / 10) % G_N_ELEMENTS (solvers)]);
    }

  gtk_widget_activate_action (widget, "win.run", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_true (bitmaze_session_get_phase (window_test_session (window)) == BITMAZE_PHASE_SOLVED
                 || bitmaze_session_get_phase (window_test_session (window)) == BITMAZE_PHASE_NO_PATH);
  maze = window_test_maze (window);
  g_assert_true (maze_has_search (maze));

  gtk_widget_activate_action (widget, "win.reset", NULL);
  g_assert_false (maze_has_search (maze));
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);

  gtk_widget_activate_action (widget, "win.new-maze", NULL);
  /* Nothing was edited: New must not ask to save. */
  g_assert_null (window_test_save_dialog (window));
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  g_assert_cmpuint (maze_n_cells (window_test_maze (window)), ==, MAZE_W * MAZE_H);
}

static void
test_run_reset_new_loop (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  const char *env = g_getenv ("BITMAZE_LONGRUN_CYCLES");
  guint cycles = env != NULL ? (guint) g_ascii_strtoull (env, NULL, 10) : DEFAULT_CYCLES;
  guint warmup;
  BitmazeWindow *window;
  Usage start, end;
  gint64 t0;

  g_assert_cmpuint (cycles, >=, 2);
  warmup = MIN (WARMUP_CYCLES, cycles / 2);

  g_settings_set_boolean (settings, "animate-generation", FALSE);
  g_settings_set_double (settings, "speed", 6.0); /* no limit */
  g_settings_set_string (settings, "label-mode", "hex");

  window = bitmaze_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  bitmaze_session_set_seed (window_test_session (window), 20240501u);
  bitmaze_session_set_size (window_test_session (window), MAZE_W, MAZE_H);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);
  gui_test_wait_for_frames (window_test_view (window), 1);

  t0 = g_get_monotonic_time ();
  for (guint i = 0; i < warmup; i++)
    cycle (window, i);
  /* Both readings once the view has drawn the maze shown: it keeps its
   * last whole picture besides its tiles (to show while a zoom's tiles
   * come in), which holds an older picture until a frame is complete. */
  gui_test_wait_for_frames (window_test_view (window), 2);
  read_usage (&start);

  for (guint i = warmup; i < cycles; i++)
    cycle (window, i);
  gui_test_wait_for_frames (window_test_view (window), 2);
  read_usage (&end);

  g_test_message ("%u cycles in %.1f s", cycles,
                  (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC);
  g_test_message ("RSS (less the images shared with X) after %u cycles: %" G_GSIZE_FORMAT " KiB, after %u: %" G_GSIZE_FORMAT
                  " KiB (%+" G_GSSIZE_FORMAT " KiB)",
                  warmup, start.rss_kib, cycles, end.rss_kib,
                  (gssize) end.rss_kib - (gssize) start.rss_kib);
  g_test_message ("malloc heap in use: %" G_GSIZE_FORMAT " KiB -> %" G_GSIZE_FORMAT
                  " KiB (%+" G_GSSIZE_FORMAT " KiB)",
                  start.heap_kib, end.heap_kib,
                  (gssize) end.heap_kib - (gssize) start.heap_kib);

  if (memory_is_measurable ())
    {
      g_assert_cmpuint (end.heap_kib, <=, start.heap_kib + HEAP_SLACK_KIB);
      g_assert_cmpuint (end.rss_kib, <=, start.rss_kib + RSS_SLACK_KIB);
    }
  else
    {
      g_test_message ("sanitizer or valgrind allocator: memory growth not compared");
    }

  gui_test_destroy_window (GTK_WINDOW (window));
  g_assert_null (window);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/longrun/run-reset-new", test_run_reset_new_loop);

  return g_test_run ();
}
