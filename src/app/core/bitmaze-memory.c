/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-memory.c: how the process asks the C library for memory.
 */
#include "config.h"

#include <glib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "bitmaze-memory.h"

/**
 * bitmaze_memory_tune:
 *
 * Keeps freed memory for the next frame.  Without a GPU, GTK draws each
 * frame into a new image the size of what changed (a whole maze view
 * during Run: 2 to 4 MB) and frees it at the end of the frame, and Run's
 * history grows meanwhile.  The C library maps blocks that size afresh,
 * or gives the top of its heap back to the system once a few MB are
 * free, so the next frame's image is fresh memory again, and the first
 * touch of each page costs more than drawing it (10 to 14 us a page on
 * the virtual machines the benchmarks run on).  Here blocks up to 32 MB
 * come from the heap, and the heap keeps up to 64 MB free before it
 * gives memory back.  Called once at start-up, before anything is
 * allocated in earnest (the window benchmark calls it too, to measure
 * the app as it runs).
 */
void
bitmaze_memory_tune (void)
{
#if defined (__GLIBC__) && defined (M_MMAP_THRESHOLD) && defined (M_TRIM_THRESHOLD)
  /* 32 MB is the C library's own upper bound on 64-bit systems; 32-bit
   * ones take 16 MB. */
  if (mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024) != 1)
    mallopt (M_MMAP_THRESHOLD, 16 * 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 64 * 1024 * 1024);
#endif
}
