/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-bucket.h: the token bucket behind every limit of the class
 * server (bytes a connection may send, messages a student may send, wrong
 * join codes an address may try).  A bucket holds at most @capacity
 * tokens and gains @rate tokens a second; taking more than it holds fails
 * and takes nothing.  Times are g_get_monotonic_time () microseconds.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the limits read the time: g_get_monotonic_time () unless a test
 * sets its own (a clock it moves itself, so no test depends on speed). */
typedef gint64 (*BitmazeClassClock) (gpointer data);

static inline gint64
bitmaze_class_clock_now (BitmazeClassClock clock,
                         gpointer          data)
{
  return clock != NULL ? clock (data) : g_get_monotonic_time ();
}

typedef struct
{
  double capacity;
  double rate;   /* tokens a second */
  double tokens;
  gint64 last;   /* when @tokens was last brought up to date */
} BitmazeClassBucket;

/* A full bucket. */
static inline void
bitmaze_class_bucket_init (BitmazeClassBucket *bucket,
                           double              capacity,
                           double              rate,
                           gint64              now)
{
  bucket->capacity = capacity;
  bucket->rate = rate;
  bucket->tokens = capacity;
  bucket->last = now;
}

/* The tokens in @bucket at @now. */
static inline double
bitmaze_class_bucket_level (BitmazeClassBucket *bucket,
                            gint64              now)
{
  if (now > bucket->last)
    {
      bucket->tokens = MIN (bucket->capacity,
                            bucket->tokens + bucket->rate * (double) (now - bucket->last) / G_USEC_PER_SEC);
      bucket->last = now;
    }
  return bucket->tokens;
}

/* Takes @n tokens; FALSE (and takes none) when fewer are left. */
static inline gboolean
bitmaze_class_bucket_take (BitmazeClassBucket *bucket,
                           double              n,
                           gint64              now)
{
  if (bitmaze_class_bucket_level (bucket, now) < n)
    return FALSE;
  bucket->tokens -= n;
  return TRUE;
}

G_END_DECLS
