/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-output.h: where every writer of Bitmaze puts its bytes.
 *
 * The .maze writer, the PNG, SVG and PDF renderer, the worksheets, the
 * text renderer, bitmaze-cli's -o and the app's Save and Export all write
 * through a MazeOutput, so they follow one rule, the one a careful Unix
 * tool follows.  For a path P:
 *
 *  - P is a regular file, or nothing by that name exists: atomic replace.
 *    The bytes go to a temporary file in P's folder (an unnamed O_TMPFILE
 *    where the file system has them, else a hidden ".NAME.XXXXXX" whose
 *    name is cut to fit the folder's NAME_MAX), which is flushed to disk
 *    (fsync), renamed over P, and the folder is flushed too.  A file that
 *    is replaced keeps its permission bits (and, when the system lets us,
 *    its owner and group); a new file gets 0666 minus the umask.  Until
 *    the rename, P is untouched: a failure, or the process being killed,
 *    leaves the old file as it was.
 *  - P is a symbolic link: the file it points to (following the whole
 *    chain) is replaced as above and the link stays a link.  A dangling
 *    link: its target is created.
 *  - P is not a regular file (a character or block device, a FIFO, a
 *    socket) or names an open file descriptor (/dev/stdout, /dev/stderr,
 *    /dev/fd/N, /proc/self/fd/N, or a link to one of them): the bytes are
 *    written to it directly, as they come, and it is never replaced.
 *    maze_output_open_fd() does the same for a descriptor the caller has
 *    (bitmaze-cli's "-o -").
 *  - P is a directory: refused (EISDIR).
 *  - P is a regular file we may not write (no write permission for us,
 *    or no write bit at all, as 0444, even for root): refused with
 *    MAZE_MSG_OUTPUT_READ_ONLY, unless MAZE_OUTPUT_FORCE is given; then it
 *    is replaced like any other file (its folder must be writable).
 *
 * maze_output_check() applies the same rule without creating anything, so
 * a command can refuse a bad -o before it spends seconds on the work.
 *
 * While a temporary file has a name, a signal that ends the process would
 * leave it behind.  The engine installs no signal handler (that is the
 * program's choice): a front end's handler for SIGINT, SIGTERM and SIGHUP
 * calls maze_output_remove_pending (), then dies of the signal (the CLI
 * and the app do so for the signals whose action is still the default,
 * "terminate").  The engine blocks those signals only around the steps
 * that name a temporary file.  An O_TMPFILE has no name until the moment
 * before the rename, so even SIGKILL leaves nothing.
 *
 * Every message names the user's path P (never the temporary file).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "maze.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MazeOutput MazeOutput;

typedef enum
{
  MAZE_OUTPUT_DEFAULT = 0,
  /* Replace a regular file even when it is read-only for us. */
  MAZE_OUTPUT_FORCE   = 1 << 0,
} MazeOutputFlags;

/**
 * maze_output_check:
 * Checks that @path could be written under the rule above, without
 * creating, opening or changing anything: the folder exists and is
 * writable, the target is not a directory, a read-only file is only
 * accepted with MAZE_OUTPUT_FORCE, a device or FIFO is writable for us,
 * the name fits the folder's NAME_MAX.
 *
 * Returns: MAZE_OK, or MAZE_ERROR_IO with a message naming @path.
 */
MazeStatus maze_output_check (const char      *path,
                              MazeOutputFlags  flags,
                              MazeError       *error);

/**
 * maze_output_open:
 * Starts writing @path under the rule above: creates the temporary file,
 * or opens the device, FIFO or descriptor.  Opening a FIFO waits for a
 * reader, as a shell's `>` does.
 *
 * Returns: the output (finish it with maze_output_commit() or
 * maze_output_abort()), or NULL with MAZE_ERROR_IO naming @path, or
 * MAZE_ERROR_NOMEM.
 */
MazeOutput *maze_output_open (const char      *path,
                              MazeOutputFlags  flags,
                              MazeError       *error);

/**
 * maze_output_open_fd:
 * Writes directly to a copy (dup) of @fd, for example standard output.
 * @name says in messages what it is ("standard output"); it is copied.
 *
 * Returns: the output, or NULL with MAZE_ERROR_IO or MAZE_ERROR_NOMEM.
 */
MazeOutput *maze_output_open_fd (int              fd,
                                 const char      *name,
                                 MazeError       *error);

/* Writes all @len bytes (retrying short writes and EINTR).  Returns false
 * when the system refused; the output keeps the first reason for
 * maze_output_error() and maze_output_commit(), and every later write
 * also returns false. */
bool maze_output_write (MazeOutput *out,
                        const void *data,
                        size_t      len);

/* True when the output is a new empty file of our own (the temporary file
 * of an atomic replace), which a writer may seek in; false when the bytes
 * go straight to a device, a pipe or a descriptor, in order, once. */
bool maze_output_seekable (const MazeOutput *out);

/* Writes @len bytes at offset @offset of a seekable output. */
bool maze_output_write_at (MazeOutput *out,
                           const void *data,
                           size_t      len,
                           uint64_t    offset);

/* True once a write has failed. */
bool maze_output_failed (const MazeOutput *out);

/* Sets @error to the first write failure ("cannot save 'P': No space left
 * on device") and returns its status, MAZE_ERROR_IO; MAZE_OK when no
 * write failed. */
MazeStatus maze_output_error (const MazeOutput *out,
                              MazeError        *error);

/* The descriptor written to (for isatty() or fstat(); do not close it). */
int maze_output_fd (const MazeOutput *out);

/* The user's path, or the name given to maze_output_open_fd(). */
const char *maze_output_name (const MazeOutput *out);

/**
 * maze_output_commit:
 * Finishes and frees @out.  Atomic replace: fsync, rename over the target,
 * fsync of the folder.  Direct output: closes it.  When a write failed
 * before, or a step here fails, the temporary file is removed and the
 * target is as it was.
 *
 * Returns: MAZE_OK, or MAZE_ERROR_IO naming the user's path and the
 * system's reason.
 */
MazeStatus maze_output_commit (MazeOutput *out,
                               MazeError  *error);

/* Gives up and frees @out (NULL is fine): the temporary file is removed,
 * the target stays as it was (what was already written to a device or a
 * pipe cannot be taken back). */
void maze_output_abort (MazeOutput *out);

/* Removes the temporary file of every output not yet committed or
 * aborted, and nothing else: for a signal handler (it only calls
 * unlinkat (), which is async-signal-safe, and keeps errno), just before
 * the process dies of the signal.  The user's files stay as they were. */
void maze_output_remove_pending (void);

#ifdef __cplusplus
}
#endif
