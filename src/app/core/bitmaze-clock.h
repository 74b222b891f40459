/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-clock.h: the main thread's CPU time, which the session and the
 * maze view share out between a frame's parts: it is what a frame costs
 * the window, whatever else the machine is busy with.
 */
#pragma once

#include <glib.h>
#include <time.h>

G_BEGIN_DECLS

/* CPU time of the calling thread, in microseconds (the monotonic clock
 * where there is no such clock). */
static inline gint64
bitmaze_thread_cpu_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}

G_END_DECLS
