/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-util.h: the clocks and the sort order the benchmarks share
 * (bitmaze-bench, bitmaze-bench-history, bitmaze-bench-overview).
 */
#pragma once

#include <time.h>

/* Wall-clock seconds (monotonic). */
static inline double
bench_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds of the whole process. */
static inline double
bench_cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* qsort() order of doubles, smallest first. */
static inline int
bench_compare_double (const void *a,
                      const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}
