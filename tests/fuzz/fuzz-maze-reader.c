/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-maze-reader.c: the libFuzzer / AFL++ target for the .maze reader.
 *
 * Whatever the input, maze_load_memory() must return without a crash, a
 * hang or a read past the buffer (the sanitizers watch that), and say why
 * it refused.  Two oracles on top:
 *
 *  - round trip: an accepted input is a valid file, and the format has one
 *    way to write each maze, so saving the maze gives back exactly the
 *    input's bytes, and loading those gives the same maze;
 *  - shapes: an accepted file is version 2 exactly when the maze has cells
 *    outside its shape, each of those is the word 0x00F0, and the start
 *    and the goal are inside;
 *  - the stream loader (here through a pipe-like fmemopen stream, whose
 *    size is not known in advance) agrees with the memory loader.
 *
 * Each input is tried as it is and again with its checksums made right,
 * so the fuzzer gets past them to the checks behind.
 *
 * See README.md in this folder for the build commands.
 */
#include "maze.h"
#include "fuzz-crc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
check (bool        ok,
       const char *what)
{
  if (!ok)
    {
      fprintf (stderr, "fuzz-maze-reader: %s\n", what);
      abort ();
    }
}

static void
check_same_maze (const Maze *a,
                 const Maze *b)
{
  check (maze_width (a) == maze_width (b) && maze_height (a) == maze_height (b),
         "reloaded maze has another size");
  check (maze_start (a) == maze_start (b) && maze_goal (a) == maze_goal (b),
         "reloaded maze has other endpoints");
  check (memcmp (maze_cells_const (a), maze_cells_const (b),
                 (size_t) maze_n_cells (a) * 2) == 0,
         "reloaded maze has other cells");
  check (maze_meta_count (a) == maze_meta_count (b), "reloaded maze has other metadata");
  for (size_t i = 0; i < maze_meta_count (a); i++)
    {
      const char *ka, *va, *kb, *vb;

      maze_meta_nth (a, i, &ka, &va);
      maze_meta_nth (b, i, &kb, &vb);
      check (strcmp (ka, kb) == 0 && strcmp (va, vb) == 0, "reloaded metadata differs");
    }
}

/* The stream loader reaches the same verdict and the same message (a
 * stream of unknown size reports trailing data as "found more"). */
static void
check_stream_agrees (const uint8_t *data,
                     size_t         size,
                     const Maze    *maze,
                     const MazeError *error)
{
  MazeError serr = { 0 };
  FILE *stream;
  Maze *other;

  if (size == 0)
    return;
  stream = fmemopen ((void *) data, size, "rb");
  if (stream == NULL)
    return;
  other = maze_load_stdio (stream, &serr);
  fclose (stream);
  if (maze != NULL)
    {
      check (other != NULL, "the stream loader refused what the memory loader took");
      check_same_maze (maze, other);
      maze_free (other);
      return;
    }
  check (other == NULL, "the stream loader took what the memory loader refused");
  check (serr.status == error->status, "the loaders refused with different statuses");
  if (strncmp (error->message, "trailing data", 13) != 0)
    check (strcmp (serr.message, error->message) == 0, "the loaders refused with different messages");
}

static void
run_one (const uint8_t *data,
         size_t         size)
{
  MazeError error = { 0 };
  Maze *maze, *again;
  uint8_t *bytes;
  size_t len = 0;

  maze = maze_load_memory (data, size, &error);
  check_stream_agrees (data, size, maze, &error);
  if (maze == NULL)
    {
      check (error.status != MAZE_OK && error.message[0] != '\0',
             "refused without a status and a message");
      return;
    }

  check (maze_check_consistent (maze, NULL), "accepted an inconsistent maze");
  check ((data[8] == MAZE_FILE_VERSION_SHAPED) == maze_is_shaped (maze),
         "the version does not say whether the maze is shaped");
  check (maze_contains (maze, maze_start (maze)) && maze_contains (maze, maze_goal (maze)),
         "accepted an endpoint outside the shape");
  {
    uint32_t inside = 0;

    for (uint32_t i = 0; i < maze_n_cells (maze); i++)
      {
        if (maze_contains (maze, i))
          inside++;
        else
          check (maze_cells_const (maze)[i] == MAZE_OUTSIDE_CELL,
                 "a cell outside the shape holds more than its border bits");
      }
    check (inside == maze_n_inside (maze), "the shape's cells were miscounted");
  }
  bytes = maze_save_memory (maze, &len, &error);
  check (bytes != NULL, "cannot save what was loaded");
  check (len == size && memcmp (bytes, data, size) == 0,
         "saving a loaded maze does not give back the same bytes");
  again = maze_load_memory (bytes, len, &error);
  check (again != NULL, "cannot load what was saved");
  check_same_maze (maze, again);

  maze_free (again);
  free (bytes);
  maze_free (maze);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  fuzz_run_with_right_crcs (data, size, run_one);
  return 0;
}
