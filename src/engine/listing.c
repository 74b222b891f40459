/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * listing.c: the listings of the algorithms (maze.h "Listings"): each
 * algorithm's own part, from its descriptor, with the helpers the
 * algorithms share around it.  The shared helpers live here, once: the
 * generators' connect_cells(), add_loops() and place_ends(), and the
 * solvers' reconstruct_solution().  Their line numbers are in
 * maze-private.h, where the code that writes the bits reads them; the
 * listings test checks that each write and its line agree.
 */
#include "maze-private.h"

#include <stdlib.h>
#include <string.h>

const MazeListingLine maze_listing_generator_head[MAZE_LISTING_GENERATOR_HEAD] = {
  { "void connect_cells (uint16_t maze[], uint32_t cell, int d)", NULL },
  { "{", NULL },
  { "  uint32_t next = cell + STEP[d];", NULL },
  { "  maze[cell] |= DIR[d];", MAZE_N_("knock down this side") },
  { "  maze[next] |= OPPOSITE[d];", MAZE_N_("and the neighbour's side facing back") },
  { "}", NULL },
  { "", NULL },
};

const MazeListingLine maze_listing_generator_tail[MAZE_LISTING_GENERATOR_TAIL] = {
  { "", NULL },
  { "void add_loops (uint16_t maze[], int percent)", MAZE_N_("after the tree: loops") },
  { "{", NULL },
  { "  for (uint32_t cell = 0; cell < n_cells; cell++)", NULL },
  { "    if (is_dead_end (maze[cell]) && chance (percent))", NULL },
  { "      connect_cells (maze, cell, pick_wall (maze, cell));", NULL },
  { "}", NULL },
  { "", NULL },
  { "void place_ends (uint16_t maze[], uint32_t start, uint32_t goal)", NULL },
  { "{", NULL },
  { "  ", MAZE_N_("an opening is a passage bit on a border side") },
  { "  maze[old_start] &= ~((maze[old_start] & BORDER_BITS) >> 4);", NULL },
  { "  maze[old_goal] &= ~((maze[old_goal] & BORDER_BITS) >> 4);", NULL },
  { "  maze[start] |= first_border_side (maze[start], \"NWSE\");", MAZE_N_("open the outer wall") },
  { "  maze[goal] |= first_border_side (maze[goal], \"SENW\");", NULL },
  { "  ", MAZE_N_("an end that stays, its opening moved to another side:") },
  { "  maze[end] ^= closed | opened;", NULL },
  { "}", NULL },
};

const MazeListingLine maze_listing_trace_back[MAZE_LISTING_TRACE_BACK] = {
  { "", NULL },
  { "void reconstruct_solution (uint16_t maze[], uint32_t cell)", MAZE_N_("from the goal home") },
  { "{", NULL },
  { "  while (cell != start)", NULL },
  { "    {", NULL },
  { "      uint16_t back = (maze[cell] & BACKTRACK_BITS) >> 12;", MAZE_N_("the way home") },
  { "      int d = dir_index (back);", NULL },
  { "      uint32_t prev = cell + STEP[d];", NULL },
  { "      maze[prev] |= OPPOSITE[d] << 8;", MAZE_N_("the path leads from prev to cell") },
  { "      cell = prev;", NULL },
  { "    }", NULL },
  { "}", NULL },
};

unsigned
maze_listing_length (const MazeAlgorithm *algorithm)
{
  unsigned n = maze_listing_tail (algorithm);

  if (algorithm->generator != NULL)
    return n + MAZE_LISTING_GENERATOR_TAIL;
  if (algorithm->flags & MAZE_ALGORITHM_TRACES_BACK)
    return n + MAZE_LISTING_TRACE_BACK;
  return n;
}

const MazeListingLine *
maze_listing_line (const MazeAlgorithm *algorithm,
                   unsigned             line)
{
  unsigned tail = maze_listing_tail (algorithm);

  if (line == 0 || line > maze_listing_length (algorithm))
    return NULL;
  if (algorithm->generator != NULL)
    {
      if (line <= MAZE_LISTING_GENERATOR_HEAD)
        return &maze_listing_generator_head[line - 1];
      if (line <= tail)
        return &algorithm->listing[line - MAZE_LISTING_GENERATOR_HEAD - 1];
      return &maze_listing_generator_tail[line - tail - 1];
    }
  if (line <= tail)
    return &algorithm->listing[line - 1];
  return &maze_listing_trace_back[line - tail - 1];
}

char *
maze_listing_text (const MazeListingLine *line,
                   const char            *comment)
{
  size_t code = strlen (line->code), room;
  char *text;

  if (comment == NULL)
    comment = line->comment;
  room = code + (comment != NULL ? strlen (comment) + 8 : 0) + 1;
  text = malloc (room);
  if (text == NULL)
    return NULL;
  if (comment == NULL)
    memcpy (text, line->code, code + 1);
  else if (line->code[strspn (line->code, " ")] == '\0')
    snprintf (text, room, "%s/* %s */", line->code, comment);
  else
    snprintf (text, room, "%s  /* %s */", line->code, comment);
  return text;
}
