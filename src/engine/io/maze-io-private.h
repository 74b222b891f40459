/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-io-private.h: the system calls maze_save_file() goes through.
 *
 * Not part of the public API.  They exist so that a test can make a save
 * fail half-way (a full disk, a failing fsync, a refused rename) even when
 * it runs as root, where a read-only folder stops nothing, and check that
 * the old file survives and the temporary file is gone.
 */
#pragma once

#include <sys/types.h>

typedef struct
{
  ssize_t (*write_fn)  (int         fd,
                        const void *buf,
                        size_t      len);
  int     (*fsync_fn)  (int         fd);
  int     (*rename_fn) (const char *from,
                        const char *to);
} MazeIoHooks;

/* write(), fsync() and rename() unless a test replaced them.  A test that
 * changes a member restores it with maze_io_hooks_reset(). */
extern MazeIoHooks maze_io_hooks;

void maze_io_hooks_reset (void);
