/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-error.c: engine errors in the user's language.
 *
 * Every msgid is the engine's English template (maze-format.md's wording)
 * with its values as printf arguments; translators may reorder them
 * with %1$s-style positions.
 */
#include "bitmaze-error.h"

#include <glib/gi18n-lib.h>

/* The direction @name ("east", as the engine gives it) in the user's
 * language; the msgids are the ones the app already translates. */
static const char *
direction (const char *name)
{
  if (g_strcmp0 (name, "north") == 0)
    return _("north");
  if (g_strcmp0 (name, "east") == 0)
    return _("east");
  if (g_strcmp0 (name, "south") == 0)
    return _("south");
  if (g_strcmp0 (name, "west") == 0)
    return _("west");
  return name;
}

#define U(k) ((unsigned) error->num[k])
#define LLU(k) ((unsigned long long) error->num[k])
#define S(k) (error->str[k])

/* Returns the translated message, or NULL to show error->message. */
static char *
translate (const MazeError *error)
{
  switch (error->code)
    {
    case MAZE_ERR_NOMEM:
      /* Translators: an error; the English message says what for, the
       * translation need not */
      return g_strdup (_("out of memory"));
    case MAZE_ERR_NOMEM_MAZE:
      /* Translators: an error; width×height of the maze, then megabytes */
      return g_strdup_printf (_("out of memory for a %u×%u maze (%llu MB)"),
                              U (0), U (1), LLU (2));

    case MAZE_ERR_WIDTH_RANGE:
      /* Translators: an error; the width asked for, then the largest allowed */
      return g_strdup_printf (_("width %u out of range (1 to %u)"),
                              U (0), U (1));
    case MAZE_ERR_HEIGHT_RANGE:
      /* Translators: an error; the height asked for, then the largest allowed */
      return g_strdup_printf (_("height %u out of range (1 to %u)"),
                              U (0), U (1));
    case MAZE_ERR_TOO_MANY_CELLS:
      /* Translators: an error; width×height, their product (always more
       * than a billion), then the largest number of cells allowed */
      return g_strdup_printf (_("%u×%u is %llu cells, more than the limit of %u"),
                              U (0), U (1), LLU (2), U (3));

    case MAZE_ERR_START_OUTSIDE:
      /* Translators: an error; a cell number, then the maze's width×height */
      return g_strdup_printf (_("start cell %u outside a %u×%u maze"),
                              U (0), U (1), U (2));
    case MAZE_ERR_GOAL_OUTSIDE:
      /* Translators: an error; a cell number, then the maze's width×height */
      return g_strdup_printf (_("goal cell %u outside a %u×%u maze"),
                              U (0), U (1), U (2));
    case MAZE_ERR_CELL_OUTSIDE:
      /* Translators: an error; a cell number, then the maze's width×height */
      return g_strdup_printf (_("cell %u outside a %u×%u maze"),
                              U (0), U (1), U (2));
    case MAZE_ERR_NOT_ONE_DIRECTION:
      /* Translators: an error; a bit mask in hexadecimal that should have
       * exactly one of the four direction bits set */
      return g_strdup_printf (_("0x%X is not one direction"),
                              U (0));
    case MAZE_ERR_BIT_RANGE:
      /* Translators: an error; a bit number (a cell has bits 0 to 15) */
      return g_strdup_printf (_("bit %u is not in a 16-bit cell"),
                              U (0));
    case MAZE_ERR_BORDER_FIXED_EDGE:
      /* Translators: why a border bit cannot be toggled; %s is a direction
       * ("north", translated), then the cell's column and row */
      return g_strdup_printf (_("the border bits are fixed: the %s side of (%u, %u) is the outer edge of the maze"),
                              direction (S (0)), U (0), U (1));
    case MAZE_ERR_BORDER_FIXED_INNER:
      /* Translators: why a border bit cannot be toggled; %s is a direction
       * ("north", translated), then the cell's column and row */
      return g_strdup_printf (_("the border bits are fixed: the %s side of (%u, %u) has a neighbour, so it is not on the outer edge"),
                              direction (S (0)), U (0), U (1));
    case MAZE_ERR_SOLUTION_OUTWARD:
      /* Translators: why a solution bit cannot be set; the cell's column
       * and row, then a direction ("north", translated) */
      return g_strdup_printf (_("the solution bits of (%u, %u) cannot point %s: that side is the outer edge of the maze"),
                              U (0), U (1), direction (S (1)));
    case MAZE_ERR_BACKTRACK_OUTWARD:
      /* Translators: why a backtrack bit cannot be set; the cell's column
       * and row, then a direction ("north", translated) */
      return g_strdup_printf (_("the backtrack bits of (%u, %u) cannot point %s: that side is the outer edge of the maze"),
                              U (0), U (1), direction (S (1)));

    case MAZE_ERR_INCONSISTENT_BORDER:
      /* Translators: an error in a maze file; the cell's column and row,
       * then the border nibble found and the one expected, in hexadecimal */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): border bits 0x%X, expected 0x%X"),
                              U (0), U (1), U (2), U (3));
    case MAZE_ERR_INCONSISTENT_PASSAGE:
      /* Translators: an error in a maze file; the cell's column and row,
       * then a direction ("north", translated): the neighbour that way has
       * no passage back to this cell */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): passage %s without a passage back"),
                              U (0), U (1), direction (S (0)));
    case MAZE_ERR_INCONSISTENT_SOLUTION:
      /* Translators: an error in a maze file; the cell's column and row,
       * then the solution nibble in hexadecimal */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): solution bits 0x%X hold more than one direction"),
                              U (0), U (1), U (2));
    case MAZE_ERR_INCONSISTENT_SOLUTION_BORDER:
      /* Translators: an error in a maze file; the cell's column and row,
       * then a direction ("north", translated) */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): solution points %s through the border"),
                              U (0), U (1), direction (S (0)));
    case MAZE_ERR_INCONSISTENT_BACKTRACK:
      /* Translators: an error in a maze file; the cell's column and row,
       * then the backtrack nibble in hexadecimal */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): backtrack bits 0x%X hold more than one direction"),
                              U (0), U (1), U (2));
    case MAZE_ERR_INCONSISTENT_BACKTRACK_BORDER:
      /* Translators: an error in a maze file; the cell's column and row,
       * then a direction ("north", translated) */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): backtrack points %s through the border"),
                              U (0), U (1), direction (S (0)));

    case MAZE_ERR_META_KEY:
      /* Translators: an error; %s is the metadata key given; keep the
       * characters a-z, 0-9, _ and - as they are */
      return g_strdup_printf (_("bad metadata key '%s': use 1 to 32 of a-z, 0-9, _ and -"),
                              S (0));
    case MAZE_ERR_META_VALUE_NEWLINE:
      /* Translators: an error; %s is a metadata key */
      return g_strdup_printf (_("metadata value of '%s' contains a line break"),
                              S (0));
    case MAZE_ERR_META_VALUE_NOT_UTF8:
      /* Translators: an error; %s is a metadata key */
      return g_strdup_printf (_("metadata value of '%s' is not UTF-8"),
                              S (0));
    case MAZE_ERR_META_TOO_BIG:
      /* Translators: an error; the size the metadata would have (always
       * more than the limit), then the limit, both in bytes */
      return g_strdup_printf (_("metadata would take %llu bytes, more than the limit of %u"),
                              LLU (0), U (1));

    case MAZE_ERR_EMPTY_FILE:
      /* Translators: an error reading a .maze file */
      return g_strdup (_("not a maze file (the file is empty)"));
    case MAZE_ERR_BAD_MAGIC:
      /* Translators: an error reading a .maze file: its first 8 bytes
       * (the "magic") are not those of a maze file */
      return g_strdup (_("not a maze file (bad magic)"));
    case MAZE_ERR_TRUNCATED_HEADER:
      /* Translators: an error reading a .maze file; the header size
       * (40 bytes), then the size of the file */
      return g_strdup_printf (_("file truncated: expected at least %u bytes, found %llu"),
                              U (0), LLU (1));
    case MAZE_ERR_UNSUPPORTED_VERSION:
      /* Translators: an error reading a .maze file; a format version */
      return g_strdup_printf (_("unsupported version %u"),
                              U (0));
    case MAZE_ERR_HEADER_SIZE:
      /* Translators: an error reading a .maze file; the header size in the
       * file, then the one of format version 1, in bytes */
      return g_strdup_printf (_("unsupported header size %u (version 1 has %u)"),
                              U (0), U (1));
    case MAZE_ERR_HEADER_CRC:
      /* Translators: an error reading a .maze file */
      return g_strdup (_("header checksum mismatch"));
    case MAZE_ERR_META_SIZE:
      /* Translators: an error reading a .maze file; sizes in bytes */
      return g_strdup_printf (_("metadata size %u out of range (0 to %u)"),
                              U (0), U (1));
    case MAZE_ERR_TRUNCATED:
      /* Translators: an error reading a .maze file; the size its header
       * announces (always more than 40), then the size found, in bytes */
      return g_strdup_printf (_("file truncated: expected %llu bytes, found %llu"),
                              LLU (0), LLU (1));
    case MAZE_ERR_TRAILING_DATA:
      /* Translators: an error reading a .maze file; the size its header
       * announces (always more than 40), then the size found, in bytes */
      return g_strdup_printf (_("trailing data after metadata: expected %llu bytes, found %llu"),
                              LLU (0), LLU (1));
    case MAZE_ERR_TRAILING_DATA_MORE:
      /* Translators: an error reading a .maze file from a pipe; the size
       * its header announces (always more than 40), in bytes */
      return g_strdup_printf (_("trailing data after metadata: expected %llu bytes, found more"),
                              LLU (0));
    case MAZE_ERR_DATA_CRC:
      /* Translators: an error reading a .maze file */
      return g_strdup (_("cell data checksum mismatch"));
    case MAZE_ERR_META_NO_NEWLINE:
      /* Translators: an error reading a .maze file; a line number */
      return g_strdup_printf (_("bad metadata line %u: not ended by a newline"),
                              U (0));
    case MAZE_ERR_META_NOT_UTF8:
      /* Translators: an error reading a .maze file; a line number */
      return g_strdup_printf (_("metadata is not UTF-8 (line %u)"),
                              U (0));
    case MAZE_ERR_META_NUL:
      /* Translators: an error reading a .maze file; a line number */
      return g_strdup_printf (_("bad metadata line %u: it holds a NUL byte"),
                              U (0));
    case MAZE_ERR_META_NO_EQUALS:
      /* Translators: an error reading a .maze file; a line number */
      return g_strdup_printf (_("bad metadata line %u: no '=' between key and value"),
                              U (0));
    case MAZE_ERR_META_BAD_KEY:
      /* Translators: an error reading a .maze file; a line number; keep
       * the characters a-z, 0-9, _ and - as they are */
      return g_strdup_printf (_("bad metadata line %u: the key must be 1 to 32 of a-z, 0-9, _ and -"),
                              U (0));
    case MAZE_ERR_DUPLICATE_KEY:
      /* Translators: an error reading a .maze file; %s is the metadata key,
       * %u a line number */
      return g_strdup_printf (_("duplicate key `%s` (metadata line %u)"),
                              S (0), U (0));

    case MAZE_ERR_IO_OPEN:
      /* Translators: an error; a file name, then the system's reason */
      return g_strdup_printf (_("cannot open '%s': %s"),
                              S (0), S (1));
    case MAZE_ERR_IO_READ:
      /* Translators: an error; a file name, then the system's reason */
      return g_strdup_printf (_("cannot read '%s': %s"),
                              S (0), S (1));
    case MAZE_ERR_IO_READ_STREAM:
      /* Translators: an error; %s is the system's reason */
      return g_strdup_printf (_("cannot read the maze: %s"),
                              S (0));
    case MAZE_ERR_IO_WRITE_STREAM:
      /* Translators: an error; %s is the system's reason */
      return g_strdup_printf (_("cannot write the maze: %s"),
                              S (0));
    case MAZE_ERR_IO_SAVE:
      if (S (1)[0] == '\0')
        {
          /* Translators: an error; %s is a file name */
          return g_strdup_printf (_("cannot save '%s'"),
                                   S (0));
        }
      /* Translators: an error; a file name, then the system's reason */
      return g_strdup_printf (_("cannot save '%s': %s"),
                              S (0), S (1));

    case MAZE_ERR_NO_GENERATOR:
      /* Translators: an error */
      return g_strdup (_("no generator name given"));
    case MAZE_ERR_UNKNOWN_GENERATOR:
      /* Translators: an error; %s is the generator name given (the names,
       * such as "kruskal", are not translated) */
      return g_strdup_printf (_("unknown generator '%s'"),
                              S (0));
    case MAZE_ERR_UNKNOWN_GENERATOR_VARIANT:
      /* Translators: an error; the generator name given, then the names
       * it could have meant (not translated: they are typed that way) */
      return g_strdup_printf (_("unknown generator '%s' (known: %s)"),
                              S (0), S (1));
    case MAZE_ERR_PARAM_COUNT:
      /* Translators: an error; an algorithm's name (typed that way, not
       * translated), the smallest and the largest number it takes, then
       * what was given */
      return g_strdup_printf (_("'%s' takes a whole number from %u to %u, got '%s'"),
                              S (0), U (0), U (1), S (1));
    case MAZE_ERR_PARAM_FRACTION:
      /* Translators: an error; an algorithm's name (typed that way, not
       * translated), the smallest and the largest number it takes (such
       * as 0 and 1), then what was given */
      return g_strdup_printf (_("'%s' takes a number from %s to %s, got '%s'"),
                              S (0), S (1), S (2), S (3));
    case MAZE_ERR_GENERATOR_NO_PARAM:
      /* Translators: an error; a generator name, then the whole name given */
      return g_strdup_printf (_("generator '%s' takes no parameter, got '%s'"),
                              S (0), S (1));
    case MAZE_ERR_NO_MAZE:
      /* Translators: an error */
      return g_strdup (_("no maze given to the generator"));
    case MAZE_ERR_LOOPS_RANGE:
      /* Translators: an error; %u is the percentage given */
      return g_strdup_printf (_("loops must be 0..100 percent of the dead ends, got %u"),
                              U (0));
    case MAZE_ERR_UNKNOWN_PLACEMENT:
      /* Translators: an error; %d is a number */
      return g_strdup_printf (_("unknown endpoint placement %d"),
                              (int) error->num[0]);

    case MAZE_ERR_NO_SOLVER:
      /* Translators: an error */
      return g_strdup (_("no solver name given"));
    case MAZE_ERR_UNKNOWN_SOLVER:
      /* Translators: an error; the solver name given, then the names of
       * the solvers (not translated: they are typed that way) */
      return g_strdup_printf (_("unknown solver '%s' (known: %s)"),
                              S (0), S (1));
    case MAZE_ERR_SOLVER_NO_PARAM:
      /* Translators: an error; a solver name, then the whole name given */
      return g_strdup_printf (_("solver '%s' takes no parameter, got '%s'"),
                              S (0), S (1));

    case MAZE_ERR_PLAYER_OUTSIDE:
      /* Translators: an error; a cell number, then the number of cells */
      return g_strdup_printf (ngettext ("player cell %u outside a maze of %u cell",
                                        "player cell %u outside a maze of %u cells",
                                        (gulong) error->num[1]),
                              U (0), U (1));
    case MAZE_ERR_WALL:
      /* Translators: why the player cannot move that way */
      return g_strdup (_("wall"));
    case MAZE_ERR_LEAVES_MAZE:
      /* Translators: why the player cannot move that way; %s is a
       * direction ("north", translated) */
      return g_strdup_printf (_("the opening %s leads out of the maze"),
                              direction (S (0)));
    case MAZE_ERR_WALK_BROKEN:
      /* Translators: why the player cannot move on */
      return g_strdup (_("the solution bits do not lead from the start to the player: start a new walk"));

    case MAZE_ERR_OUTPUT_READ_ONLY:
      /* Translators: an error; %s is a file name */
      return g_strdup_printf (_("cannot save '%s': the file is read-only"),
                              S (0));
    case MAZE_ERR_IO_WRITE_TO:
      /* Translators: an error; what is written to ("standard output",
       * already translated), then the system's reason */
      return g_strdup_printf (_("cannot write to %s: %s"),
                              S (0), S (1));

    case MAZE_ERR_NOT_IN_SHAPE:
      /* Translators: an error; the cell's column and row.  A shaped maze
       * (a heart, a circle) has cells of its grid that are not part of it */
      return g_strdup_printf (_("cell (%u, %u) is outside the maze's shape"),
                              U (0), U (1));
    case MAZE_ERR_START_NOT_IN_SHAPE:
      /* Translators: an error; the cell's column and row */
      return g_strdup_printf (_("start cell (%u, %u) is outside the maze's shape"),
                              U (0), U (1));
    case MAZE_ERR_GOAL_NOT_IN_SHAPE:
      /* Translators: an error; the cell's column and row */
      return g_strdup_printf (_("goal cell (%u, %u) is outside the maze's shape"),
                              U (0), U (1));
    case MAZE_ERR_INCONSISTENT_OUTSIDE:
      /* Translators: an error in a maze file; the cell's column and row,
       * then the 16-bit cell word in hexadecimal; keep 0x00F0 */
      return g_strdup_printf (_("inconsistent maze at (%u, %u): a cell outside the shape holds 0x%04X, not only its border bits 0x00F0"),
                              U (0), U (1), U (2));
    case MAZE_ERR_UNKNOWN_SHAPE:
      /* Translators: an error; %s is the shape name given; keep the shape
       * names and "text:WORD" as they are (they are typed that way) */
      return g_strdup_printf (_("unknown shape '%s' (circle, ring, heart, triangle, diamond, cross, text:WORD)"),
                              S (0));
    case MAZE_ERR_SHAPE_TOO_SMALL:
      /* Translators: an error; the maze's width×height */
      return g_strdup_printf (_("the shape leaves fewer than two neighbouring cells at %u×%u"),
                              U (0), U (1));
    case MAZE_ERR_SHAPE_PIECES:
      /* Translators: an error; the number of pieces (always 2 or more),
       * then the maze's width×height */
      return g_strdup_printf (_("the shape is in %u pieces at %u×%u, and a maze must be one"),
                              U (0), U (1), U (2));
    case MAZE_ERR_MAZE_PIECES:
      /* Translators: an error; the number of pieces (always 2 or more) */
      return g_strdup_printf (_("the maze's shape is in %u pieces, and a generator makes one tree: it needs one piece"),
                              U (0));
    case MAZE_ERR_SHAPE_BINARY_TREE:
      /* Translators: an error; %s is a generator's name (keep it); the
       * number of cells (2 or more, or 0), then one such cell's column
       * and row */
      return g_strdup_printf (_("%s cannot fill this shape: every cell but one must open north or west, and %u cells have no neighbour there (one at (%u, %u))"),
                              S (0), U (0), U (1), U (2));
    case MAZE_ERR_SHAPE_SIDEWINDER:
      /* Translators: an error; %s is a generator's name (keep it); a row
       * piece is a run of cells side by side in one row; the number of
       * such pieces (2 or more, or 0), then the column and row where one
       * starts */
      return g_strdup_printf (_("%s cannot fill this shape: one row piece may have no neighbour to the north, and %u have none (one starts at (%u, %u))"),
                              S (0), U (0), U (1), U (2));
    case MAZE_ERR_SHAPE_REFUSED:
      /* Translators: an error; %s is a generator's name (keep it), then
       * why it cannot (the generator's own sentence, translated) */
      return g_strdup_printf (_("%s cannot fill a shaped maze: %s"),
                              S (0), S (1)[0] != '\0' ? _(S (1)) : "");
    case MAZE_ERR_MASK_EMPTY:
      /* Translators: an error; a mask is a file that draws a maze's shape */
      return g_strdup (_("the mask is empty"));
    case MAZE_ERR_MASK_NO_CELLS:
      /* Translators: an error; keep '#' and 'X' */
      return g_strdup (_("the mask has no cell (no '#' or 'X')"));
    case MAZE_ERR_MASK_NUL:
      /* Translators: an error; a line number */
      return g_strdup_printf (_("not a mask: line %llu holds a NUL byte (neither a PNG nor text)"),
                              LLU (0));
    case MAZE_ERR_MASK_TOO_WIDE:
      /* Translators: an error; a line number, then the most characters */
      return g_strdup_printf (_("mask line %llu is longer than %u characters"),
                              LLU (0), U (1));
    case MAZE_ERR_MASK_TOO_TALL:
      /* Translators: an error; the most lines a mask may have */
      return g_strdup_printf (_("the mask has more than %u lines"),
                              U (0));
    case MAZE_ERR_V2_RECTANGLE:
      /* Translators: an error in a maze file */
      return g_strdup (_("version 2 is for a shaped maze, and every cell of this one is inside: a rectangle is version 1"));
    case MAZE_ERR_SHAPE_TEXT_EMPTY:
      /* Translators: an error; keep "text:" and "text:BITS" */
      return g_strdup (_("text: needs a word to draw, as in text:BITS"));
    case MAZE_ERR_MASK_FILE_TOO_LARGE:
      /* Translators: an error; a file name, then a size in mebibytes */
      return g_strdup_printf (_("the mask file '%s' is larger than %u MiB"),
                              S (0), U (0));
    case MAZE_ERR_MASK_NOT_PNG:
      /* Translators: an error; a file name ending in .png */
      return g_strdup_printf (_("'%s' is named like a PNG image but is not one"),
                              S (0));
    case MAZE_ERR_MASK_PNG:
      /* Translators: an error; a file name, then libpng's reason (English) */
      return g_strdup_printf (_("cannot read the PNG image '%s': %s"),
                              S (0), S (1));
    case MAZE_ERR_MASK_IMAGE_SIZE:
      /* Translators: an error; a file name, the image's width×height, the
       * largest side and the most pixels a mask may have */
      return g_strdup_printf (_("the image '%s' is %u×%u pixels, more than a mask may have (%u a side, %u pixels)"),
                              S (0), U (0), U (1), U (2), U (3));
    case MAZE_ERR_MASK_NO_DARK:
      /* Translators: an error; a file name */
      return g_strdup_printf (_("the image '%s' has no dark pixel: a mask's cells are its dark pixels"),
                              S (0));

    case MAZE_ERR_NONE:
    case MAZE_ERR_N_CODES:
    default:
      return NULL;
    }
}

char *
bitmaze_error_message (const MazeError *error)
{
  static const char *probe = "not a maze file (bad magic)";
  char *message;

  g_return_val_if_fail (error != NULL, NULL);

  /* No catalog for the user's language (LANGUAGE=C, say): the engine's
   * own text, which says a little more than the generic templates. */
  if (_(probe) == probe)
    return g_strdup (error->message);
  message = translate (error);
  if (message == NULL)
    message = g_strdup (error->message);
  return message;
}

void
bitmaze_error_propagate (GError          **error,
                         GQuark            domain,
                         gint              code,
                         const MazeError  *merror)
{
  g_autofree char *message = NULL;

  g_return_if_fail (merror != NULL);

  if (error == NULL)
    return;
  message = bitmaze_error_message (merror);
  g_set_error_literal (error, domain, code, message);
}
