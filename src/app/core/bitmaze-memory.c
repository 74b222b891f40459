/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-memory.c: how the process asks the C library for memory.
 */
#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
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

/* The number of kB after @key in the "Key:   1234 kB" lines of @path, or
 * -1. */
static gint64
proc_kb (const char *path,
         const char *key)
{
  g_autofree char *text = NULL;
  const char *at;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  at = strstr (text, key);
  if (at == NULL)
    return -1;
  return g_ascii_strtoll (at + strlen (key), NULL, 10);
}

/**
 * bitmaze_memory_available:
 *
 * How much more memory the process may take and touch without trouble:
 * the system's available memory (MemAvailable of /proc/meminfo: free
 * memory and caches it can drop; the kernel would promise more, then
 * end the process when it touches it), or less when the process's
 * address space is limited (RLIMIT_AS, less what it maps already).
 *
 * Returns: bytes, or G_MAXUINT64 when neither is known
 */
guint64
bitmaze_memory_available (void)
{
  guint64 available = G_MAXUINT64;
  struct rlimit limit;
  gint64 kb;

  kb = proc_kb ("/proc/meminfo", "MemAvailable:");
  if (kb >= 0)
    available = (guint64) kb * 1024;
  if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    {
      guint64 mapped = 0, room;

      kb = proc_kb ("/proc/self/status", "VmSize:");
      if (kb >= 0)
        mapped = (guint64) kb * 1024;
      room = (guint64) limit.rlim_cur > mapped ? (guint64) limit.rlim_cur - mapped : 0;
      available = MIN (available, room);
    }
  return available;
}

/* Working memory of a generator, at most, in bytes a cell (Kruskal's
 * takes the most: its wall order, about 0.7 byte a cell; README.md,
 * "Speed"). */
#define GENERATE_WORK_PER_CELL 1

gboolean
bitmaze_memory_check_maze (guint    width,
                           guint    height,
                           GError **error)
{
  guint64 cells = (guint64) width * height;
  guint64 needed = cells * (sizeof (guint16) + GENERATE_WORK_PER_CELL);
  guint64 available = bitmaze_memory_available ();
  g_autofree char *needed_text = NULL;
  g_autofree char *available_text = NULL;

  if (needed <= available)
    return TRUE;
  needed_text = g_format_size (needed);
  available_text = g_format_size (available);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               /* Translators: the width and height in cells, then two
                * amounts of memory such as "2.1 GB" */
               _("Not enough memory to generate a maze of %u × %u cells: it needs about %s, "
                 "and %s are available. The maze shown is kept."),
               width, height, needed_text, available_text);
  return FALSE;
}
