/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-io-private.h: the system calls every output (maze-output.h) and
 * the reader of file descriptors go through.
 *
 * Not part of the public API.  They exist so that a test can make a save
 * fail half-way (a full disk, a failing fsync, a refused rename) even when
 * it runs as root, where a read-only folder stops nothing, and check that
 * the old file survives and the temporary file is gone; and so that a
 * test or the fuzzer can make a file fail or shrink while it is read.
 */
#pragma once

#include <stdbool.h>
#include <sys/types.h>

typedef struct
{
  ssize_t (*write_fn)  (int         fd,
                        const void *buf,
                        size_t      len);
  int     (*fsync_fn)  (int         fd);
  /* renameat(): the temporary file's name and the target's, both in the
   * target's folder */
  int     (*rename_fn) (int         from_dir,
                        const char *from,
                        int         to_dir,
                        const char *to);
  /* false: never an O_TMPFILE, always a named temporary file (the
   * fallback for file systems without them) */
  bool      use_tmpfile;
  /* read() of maze_load_file() */
  ssize_t (*read_fn)   (int         fd,
                        void       *buf,
                        size_t      len);
} MazeIoHooks;

/* write(), fsync(), renameat(), O_TMPFILE and read() unless a test
 * replaced them.
 * A test that changes a member restores it with maze_io_hooks_reset(). */
extern MazeIoHooks maze_io_hooks;

void maze_io_hooks_reset (void);
