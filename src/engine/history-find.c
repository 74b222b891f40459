/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * history-find.c: which step of a history ran a line of the listing.
 * The history keeps no reports, so the search replays them, a block of
 * steps at a time from the newest back, and comes back to where it was.
 */
#include "maze-private.h"

#include <stdlib.h>

/* Steps replayed at a time: a click's search of a long history walks
 * back in a few hundred seeks. */
#define FIND_BLOCK 512

static bool
step_names_line (const MazeStep *step,
                 unsigned        line)
{
  if (step->line == line)
    return true;
  for (unsigned k = 0; k < step->n_changes && k < MAZE_STEP_MAX_CHANGES; k++)
    if (step->changes[k].line == line)
      return true;
  return false;
}

uint64_t
maze_history_find_line (MazeHistory *history,
                        unsigned     line,
                        uint64_t     before)
{
  uint64_t position = maze_history_position (history);
  uint64_t first = maze_history_first (history);
  uint64_t at = before < maze_history_length (history) ? before : maze_history_length (history);
  uint64_t found = 0;
  MazeStep *reports;

  if (line == 0 || at <= first)
    return 0;
  reports = malloc (FIND_BLOCK * sizeof *reports);
  if (reports == NULL)
    return 0;
  while (at > first && found == 0)
    {
      size_t n = 0;

      if (maze_history_seek (history, at, reports, FIND_BLOCK, &n, NULL) != MAZE_OK || n == 0)
        break;
      /* reports[n - 1] is step at, reports[0] step at - n + 1 */
      for (size_t k = n; k-- > 0;)
        if (step_names_line (&reports[k], line))
          {
            found = at - (n - 1 - k);
            break;
          }
      at -= n;
    }
  free (reports);
  (void) maze_history_seek (history, position, NULL, 0, NULL, NULL);
  return found;
}
