/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * messages.c: the engine's one table of messages.
 *
 * Every error the engine and the renderer report is a MazeMessage of
 * maze.h and the values that go into it; its English template lives here,
 * once, and is the msgid under which the app and the CLI translate it
 * (MAZE_N_ marks it for xgettext).  The English of the file errors is the
 * wording of maze-format.md 2 "Errors": keep it byte for byte.
 */
#include "maze.h"

static const char *const templates[MAZE_MSG_N] = {
  [MAZE_MSG_NONE] = "",
  /* Translators: an error */
  [MAZE_MSG_NOMEM] = MAZE_N_("out of memory"),
  /* Translators: an error; width×height of the maze, then megabytes */
  [MAZE_MSG_NOMEM_MAZE] = MAZE_N_("out of memory for a %u×%u maze (%llu MB)"),
  /* Translators: an error; the width asked for, then the largest allowed */
  [MAZE_MSG_WIDTH_RANGE] = MAZE_N_("width %u out of range (1 to %u)"),
  /* Translators: an error; the height asked for, then the largest allowed */
  [MAZE_MSG_HEIGHT_RANGE] = MAZE_N_("height %u out of range (1 to %u)"),
  /* Translators: an error; width×height, their product (always more than a
   * billion), then the largest number of cells allowed */
  [MAZE_MSG_TOO_MANY_CELLS] = MAZE_N_("%u×%u is %llu cells, more than the limit of %u"),
  /* Translators: an error; a cell number, then the maze's width×height */
  [MAZE_MSG_START_OUTSIDE] = MAZE_N_("start cell %u outside a %u×%u maze"),
  /* Translators: an error; a cell number, then the maze's width×height */
  [MAZE_MSG_GOAL_OUTSIDE] = MAZE_N_("goal cell %u outside a %u×%u maze"),
  /* Translators: an error; a cell number, then the maze's width×height */
  [MAZE_MSG_CELL_OUTSIDE] = MAZE_N_("cell %u outside a %u×%u maze"),
  /* Translators: an error; a bit mask in hexadecimal that should have
   * exactly one of the four direction bits set */
  [MAZE_MSG_NOT_ONE_DIRECTION] = MAZE_N_("0x%X is not one direction"),
  /* Translators: an error; a bit number (a cell has bits 0 to 15) */
  [MAZE_MSG_BIT_RANGE] = MAZE_N_("bit %u is not in a 16-bit cell"),
  /* Translators: why a border bit cannot be toggled; %s is a direction
   * ("north", translated), then the cell's column and row */
  [MAZE_MSG_BORDER_FIXED_EDGE] = MAZE_N_("the border bits are fixed: the %s side of (%u, %u) is the outer edge of the maze"),
  /* Translators: why a border bit cannot be toggled; %s is a direction
   * ("north", translated), then the cell's column and row */
  [MAZE_MSG_BORDER_FIXED_INNER] = MAZE_N_("the border bits are fixed: the %s side of (%u, %u) has a neighbour, so it is not on the outer edge"),
  /* Translators: why a solution bit cannot be set; the cell's column and
   * row, then a direction ("north", translated) */
  [MAZE_MSG_SOLUTION_OUTWARD] = MAZE_N_("the solution bits of (%u, %u) cannot point %s: that side is the outer edge of the maze"),
  /* Translators: why a backtrack bit cannot be set; the cell's column and
   * row, then a direction ("north", translated) */
  [MAZE_MSG_BACKTRACK_OUTWARD] = MAZE_N_("the backtrack bits of (%u, %u) cannot point %s: that side is the outer edge of the maze"),
  /* Translators: an error in a maze file; the cell's column and row, then
   * the border nibble found and the one expected, in hexadecimal */
  [MAZE_MSG_INCONSISTENT_BORDER] = MAZE_N_("inconsistent maze at (%u, %u): border bits 0x%X, expected 0x%X"),
  /* Translators: an error in a maze file; the cell's column and row, then a
   * direction ("north", translated): the neighbour that way has no passage
   * back to this cell */
  [MAZE_MSG_INCONSISTENT_PASSAGE] = MAZE_N_("inconsistent maze at (%u, %u): passage %s without a passage back"),
  /* Translators: an error in a maze file; the cell's column and row, then
   * the solution nibble in hexadecimal */
  [MAZE_MSG_INCONSISTENT_SOLUTION] = MAZE_N_("inconsistent maze at (%u, %u): solution bits 0x%X hold more than one direction"),
  /* Translators: an error in a maze file; the cell's column and row, then a
   * direction ("north", translated) */
  [MAZE_MSG_INCONSISTENT_SOLUTION_BORDER] = MAZE_N_("inconsistent maze at (%u, %u): solution points %s through the border"),
  /* Translators: an error in a maze file; the cell's column and row, then
   * the backtrack nibble in hexadecimal */
  [MAZE_MSG_INCONSISTENT_BACKTRACK] = MAZE_N_("inconsistent maze at (%u, %u): backtrack bits 0x%X hold more than one direction"),
  /* Translators: an error in a maze file; the cell's column and row, then a
   * direction ("north", translated) */
  [MAZE_MSG_INCONSISTENT_BACKTRACK_BORDER] = MAZE_N_("inconsistent maze at (%u, %u): backtrack points %s through the border"),
  /* Translators: an error in a maze file; the cell's column and row, then
   * the 16-bit cell word in hexadecimal; keep 0x00F0 */
  [MAZE_MSG_INCONSISTENT_OUTSIDE] = MAZE_N_("inconsistent maze at (%u, %u): a cell outside the shape holds 0x%04X, not only its border bits 0x00F0"),
  /* Translators: an error; %s is the metadata key given; keep the
   * characters a-z, 0-9, _ and - as they are */
  [MAZE_MSG_META_KEY] = MAZE_N_("bad metadata key '%s': use 1 to 32 of a-z, 0-9, _ and -"),
  /* Translators: an error; %s is a metadata key */
  [MAZE_MSG_META_VALUE_NEWLINE] = MAZE_N_("metadata value of '%s' contains a line break"),
  /* Translators: an error; %s is a metadata key */
  [MAZE_MSG_META_VALUE_NOT_UTF8] = MAZE_N_("metadata value of '%s' is not UTF-8"),
  /* Translators: an error; a metadata key ("title"), then a character's
   * number in hexadecimal ("U+001B" is the escape key) */
  [MAZE_MSG_META_VALUE_CONTROL] = MAZE_N_("metadata value of '%s' holds the control character U+%04X"),
  /* Translators: an error; the size the metadata would have (always more
   * than the limit), then the limit, both in bytes */
  [MAZE_MSG_META_TOO_BIG] = MAZE_N_("metadata would take %llu bytes, more than the limit of %u"),
  /* Translators: an error reading a .maze file */
  [MAZE_MSG_EMPTY_FILE] = MAZE_N_("not a maze file (the file is empty)"),
  /* Translators: an error reading a .maze file: its first 8 bytes (the
   * "magic") are not those of a maze file */
  [MAZE_MSG_BAD_MAGIC] = MAZE_N_("not a maze file (bad magic)"),
  /* Translators: an error reading a .maze file; the header size (40 bytes),
   * then the size of the file */
  [MAZE_MSG_TRUNCATED_HEADER] = MAZE_N_("file truncated: expected at least %u bytes, found %llu"),
  /* Translators: an error reading a .maze file; a format version */
  [MAZE_MSG_UNSUPPORTED_VERSION] = MAZE_N_("unsupported version %u"),
  /* Translators: an error reading a .maze file; the header size in the
   * file, then the one of format version 1, in bytes */
  [MAZE_MSG_HEADER_SIZE] = MAZE_N_("unsupported header size %u (version 1 has %u)"),
  /* Translators: an error reading a .maze file */
  [MAZE_MSG_HEADER_CRC] = MAZE_N_("header checksum mismatch"),
  /* Translators: an error reading a .maze file; sizes in bytes */
  [MAZE_MSG_META_SIZE] = MAZE_N_("metadata size %u out of range (0 to %u)"),
  /* Translators: an error reading a .maze file; the size its header
   * announces (always more than 40), then the size found, in bytes */
  [MAZE_MSG_TRUNCATED] = MAZE_N_("file truncated: expected %llu bytes, found %llu"),
  /* Translators: an error reading a .maze file; the size its header
   * announces (always more than 40), then the size found, in bytes */
  [MAZE_MSG_TRAILING_DATA] = MAZE_N_("trailing data after metadata: expected %llu bytes, found %llu"),
  /* Translators: an error reading a .maze file from a pipe; the size its
   * header announces (always more than 40), in bytes */
  [MAZE_MSG_TRAILING_DATA_MORE] = MAZE_N_("trailing data after metadata: expected %llu bytes, found more"),
  /* Translators: an error reading a .maze file */
  [MAZE_MSG_DATA_CRC] = MAZE_N_("cell data checksum mismatch"),
  /* Translators: an error reading a .maze file; a line number */
  [MAZE_MSG_META_NO_NEWLINE] = MAZE_N_("bad metadata line %u: not ended by a newline"),
  /* Translators: an error reading a .maze file; a line number */
  [MAZE_MSG_META_NOT_UTF8] = MAZE_N_("metadata is not UTF-8 (line %u)"),
  /* Translators: an error reading a .maze file; a line number */
  [MAZE_MSG_META_NUL] = MAZE_N_("bad metadata line %u: it holds a NUL byte"),
  /* Translators: an error reading a .maze file; a line number */
  [MAZE_MSG_META_NO_EQUALS] = MAZE_N_("bad metadata line %u: no '=' between key and value"),
  /* Translators: an error reading a .maze file; a line number; keep the
   * characters a-z, 0-9, _ and - as they are */
  [MAZE_MSG_META_BAD_KEY] = MAZE_N_("bad metadata line %u: the key must be 1 to 32 of a-z, 0-9, _ and -"),
  /* Translators: an error reading a .maze file; %s is the metadata key, %u
   * a line number */
  [MAZE_MSG_DUPLICATE_KEY] = MAZE_N_("duplicate key `%s` (metadata line %u)"),
  /* Translators: an error in a maze file */
  [MAZE_MSG_V2_RECTANGLE] = MAZE_N_("version 2 is for a shaped maze, and every cell of this one is inside: a rectangle is version 1"),
  /* Translators: an error; the cell's column and row */
  [MAZE_MSG_START_NOT_IN_SHAPE] = MAZE_N_("start cell (%u, %u) is outside the maze's shape"),
  /* Translators: an error; the cell's column and row */
  [MAZE_MSG_GOAL_NOT_IN_SHAPE] = MAZE_N_("goal cell (%u, %u) is outside the maze's shape"),
  /* Translators: an error; a file name, then the system's reason */
  [MAZE_MSG_IO_OPEN] = MAZE_N_("cannot open '%s': %s"),
  /* Translators: an error; a file name, then the system's reason */
  [MAZE_MSG_IO_READ] = MAZE_N_("cannot read '%s': %s"),
  /* Translators: an error; %s is the system's reason */
  [MAZE_MSG_IO_READ_STREAM] = MAZE_N_("cannot read the maze: %s"),
  /* Translators: an error; %s is the system's reason */
  [MAZE_MSG_IO_WRITE_STREAM] = MAZE_N_("cannot write the maze: %s"),
  /* Translators: an error; a file name, then the system's reason */
  [MAZE_MSG_IO_SAVE] = MAZE_N_("cannot save '%s': %s"),
  /* Translators: an error; what is written to ("standard output", already
   * translated), then the system's reason */
  [MAZE_MSG_IO_WRITE_TO] = MAZE_N_("cannot write to %s: %s"),
  /* Translators: an error; %s is a file name */
  [MAZE_MSG_OUTPUT_READ_ONLY] = MAZE_N_("cannot save '%s': the file is read-only"),
  /* Translators: an error */
  [MAZE_MSG_NO_GENERATOR] = MAZE_N_("no generator name given"),
  /* Translators: an error; %s is the generator name given (the names, such
   * as "kruskal", are not translated) */
  [MAZE_MSG_UNKNOWN_GENERATOR] = MAZE_N_("unknown generator '%s'"),
  /* Translators: an error; the generator name given, then the names it
   * could have meant (not translated: they are typed that way) */
  [MAZE_MSG_UNKNOWN_GENERATOR_VARIANT] = MAZE_N_("unknown generator '%s' (known: %s)"),
  /* Translators: an error; an algorithm's name (typed that way, not
   * translated), the smallest and the largest number it takes, then what
   * was given */
  [MAZE_MSG_PARAM_COUNT] = MAZE_N_("'%s' takes a whole number from %u to %u, got '%s'"),
  /* Translators: an error; an algorithm's name (typed that way, not
   * translated), the smallest and the largest number it takes (such as 0
   * and 1), then what was given */
  [MAZE_MSG_PARAM_FRACTION] = MAZE_N_("'%s' takes a number from %s to %s, got '%s'"),
  /* Translators: an error; a generator name, then the whole name given */
  [MAZE_MSG_GENERATOR_NO_PARAM] = MAZE_N_("generator '%s' takes no parameter, got '%s'"),
  /* Translators: an error */
  [MAZE_MSG_NO_MAZE] = MAZE_N_("no maze given to the generator"),
  /* Translators: an error; %u is the percentage given */
  [MAZE_MSG_LOOPS_RANGE] = MAZE_N_("loops must be 0..100 percent of the dead ends, got %u"),
  /* Translators: an error; %d is a number */
  [MAZE_MSG_UNKNOWN_PLACEMENT] = MAZE_N_("unknown endpoint placement %d"),
  /* Translators: an error */
  [MAZE_MSG_NO_SOLVER] = MAZE_N_("no solver name given"),
  /* Translators: an error; the solver name given, then the names of the
   * solvers (not translated: they are typed that way) */
  [MAZE_MSG_UNKNOWN_SOLVER] = MAZE_N_("unknown solver '%s' (known: %s)"),
  /* Translators: an error; a solver name, then the whole name given */
  [MAZE_MSG_SOLVER_NO_PARAM] = MAZE_N_("solver '%s' takes no parameter, got '%s'"),
  /* Translators: why the player cannot move that way */
  [MAZE_MSG_WALL] = MAZE_N_("wall"),
  /* Translators: why the player cannot move that way; %s is a direction
   * ("north", translated) */
  [MAZE_MSG_LEAVES_MAZE] = MAZE_N_("the opening %s leads out of the maze"),
  /* Translators: why the player cannot move on */
  [MAZE_MSG_WALK_BROKEN] = MAZE_N_("the solution bits do not lead from the start to the player: start a new walk"),
  /* Translators: an error; the cell's column and row.  A shaped maze (a
   * heart, a circle) has cells of its grid that are not part of it */
  [MAZE_MSG_NOT_IN_SHAPE] = MAZE_N_("cell (%u, %u) is outside the maze's shape"),
  /* Translators: an error; %s is the shape name given; keep the shape names
   * and "text:WORD" as they are (they are typed that way) */
  [MAZE_MSG_UNKNOWN_SHAPE] = MAZE_N_("unknown shape '%s' (circle, ring, heart, triangle, diamond, cross, text:WORD)"),
  /* Translators: an error; the maze's width×height */
  [MAZE_MSG_SHAPE_TOO_SMALL] = MAZE_N_("the shape leaves fewer than two neighbouring cells at %u×%u"),
  /* Translators: an error; the number of pieces (always 2 or more), then
   * the maze's width×height */
  [MAZE_MSG_SHAPE_PIECES] = MAZE_N_("the shape is in %u pieces at %u×%u, and a maze must be one"),
  /* Translators: an error; the number of pieces (always 2 or more) */
  [MAZE_MSG_MAZE_PIECES] = MAZE_N_("the maze's shape is in %u pieces, and a generator makes one tree: it needs one piece"),
  /* Translators: an error; %s is a generator's name (keep it); the number
   * of cells (2 or more, or 0), then one such cell's column and row */
  [MAZE_MSG_SHAPE_BINARY_TREE] = MAZE_N_("%s cannot fill this shape: every cell but one must open north or west, and %u cells have no neighbour there (one at (%u, %u))"),
  /* Translators: an error; %s is a generator's name (keep it); a row piece
   * is a run of cells side by side in one row; the number of such pieces (2
   * or more, or 0), then the column and row where one starts */
  [MAZE_MSG_SHAPE_SIDEWINDER] = MAZE_N_("%s cannot fill this shape: one row piece may have no neighbour to the north, and %u have none (one starts at (%u, %u))"),
  /* Translators: an error; %s is a generator's name (keep it), then why it
   * cannot (the generator's own sentence, translated) */
  [MAZE_MSG_SHAPE_REFUSED] = MAZE_N_("%s cannot fill a shaped maze: %s"),
  /* Translators: an error; a mask is a file that draws a maze's shape */
  [MAZE_MSG_MASK_EMPTY] = MAZE_N_("the mask is empty"),
  /* Translators: an error; keep '#' and 'X' */
  [MAZE_MSG_MASK_NO_CELLS] = MAZE_N_("the mask has no cell (no '#' or 'X')"),
  /* Translators: an error; a line number */
  [MAZE_MSG_MASK_NUL] = MAZE_N_("not a mask: line %llu holds a NUL byte (neither a PNG nor text)"),
  /* Translators: an error; a line number, then the most characters */
  [MAZE_MSG_MASK_TOO_WIDE] = MAZE_N_("mask line %llu is longer than %u characters"),
  /* Translators: an error; the most lines a mask may have */
  [MAZE_MSG_MASK_TOO_TALL] = MAZE_N_("the mask has more than %u lines"),
  /* Translators: an error; keep "text:" and "text:BITS" */
  [MAZE_MSG_SHAPE_TEXT_EMPTY] = MAZE_N_("text: needs a word to draw, as in text:BITS"),
  /* Translators: an error; a file name, then a size in mebibytes */
  [MAZE_MSG_MASK_FILE_TOO_LARGE] = MAZE_N_("the mask file '%s' is larger than %u MiB"),
  /* Translators: an error; a file name ending in .png */
  [MAZE_MSG_MASK_NOT_PNG] = MAZE_N_("'%s' is named like a PNG image but is not one"),
  /* Translators: an error; a file name, then libpng's reason (English) */
  [MAZE_MSG_MASK_PNG] = MAZE_N_("cannot read the PNG image '%s': %s"),
  /* Translators: an error; a file name, the image's width×height, the
   * largest side and the most pixels a mask may have */
  [MAZE_MSG_MASK_IMAGE_SIZE] = MAZE_N_("the image '%s' is %u×%u pixels, more than a mask may have (%u a side, %u pixels)"),
  /* Translators: an error; a file name */
  [MAZE_MSG_MASK_NO_DARK] = MAZE_N_("the image '%s' has no dark pixel: a mask's cells are its dark pixels"),
  /* Translators: an error in the drawing options; a size in pixels or
   * points */
  [MAZE_MSG_CELL_SIZE] = MAZE_N_("cell size %g must be greater than 0"),
  /* Translators: an error in the drawing options; the wall width, then the
   * cell size */
  [MAZE_MSG_WALL_WIDTH] = MAZE_N_("wall width %g must be at least 0 and less than the cell size %g"),
  /* Translators: an error in the drawing options; a margin in pixels or
   * points */
  [MAZE_MSG_MARGIN] = MAZE_N_("margin %g must be at least 0"),
  /* Translators: an error in the drawing options; a nibble number (0 to 3) */
  [MAZE_MSG_LABEL_NIBBLE] = MAZE_N_("label nibble %u out of range 0..3"),
  /* Translators: an error in the drawing options */
  [MAZE_MSG_RENDER_MODE] = MAZE_N_("unknown label mode or solution style"),
  /* Translators: an error; the width and height of a drawing */
  [MAZE_MSG_DRAWING_TOO_LARGE] = MAZE_N_("a drawing of %.0f x %.0f units is too large for cairo; use a smaller cell size"),
  /* Translators: an error: a file was to be written, but no name was given */
  [MAZE_MSG_NO_FILE_NAME] = MAZE_N_("no file name given"),
  /* Translators: an error; %s is the format asked for; keep png, svg and
   * pdf as they are */
  [MAZE_MSG_UNKNOWN_FORMAT] = MAZE_N_("unknown image format \"%s\": use png, svg or pdf"),
  /* Translators: an error; %d is a number */
  [MAZE_MSG_UNKNOWN_FORMAT_NUMBER] = MAZE_N_("unknown image format %d"),
  /* Translators: an error; a file name extension, then the file name; keep
   * .png, .svg and .pdf as they are */
  [MAZE_MSG_UNKNOWN_EXTENSION] = MAZE_N_("unknown image format \".%s\" of %s: use .png, .svg or .pdf"),
  /* Translators: an error; %s is a file name; keep .png, .svg and .pdf as
   * they are */
  [MAZE_MSG_FORMAT_OF_NAME] = MAZE_N_("cannot tell the image format of %s: its name should end in .png, .svg or .pdf"),
  /* Translators: an error; the width and height of the picture in pixels,
   * the largest side allowed, then a cell size that fits; keep PNG, SVG and
   * PDF as they are */
  [MAZE_MSG_PNG_TOO_LARGE] = MAZE_N_("a PNG of %.0f x %.0f pixels is too large (at most %u a side): use a cell size of at most %.0f, or SVG or PDF"),
  /* Translators: an error; the width and height of the picture in pixels,
   * the largest side allowed, then the width and height with the smallest
   * cells that still show walls; keep PNG, SVG and PDF as they are */
  [MAZE_MSG_PNG_TOO_LARGE_ANY_CELL] = MAZE_N_("a PNG of %.0f x %.0f pixels is too large (at most %u a side); with 2-pixel cells, the smallest that show walls, it is still %.0f x %.0f: use SVG or PDF"),
  /* Translators: an error; the width and height of the picture in pixels,
   * the most pixels allowed in all, then a cell size that fits; keep PNG,
   * SVG and PDF as they are */
  [MAZE_MSG_PNG_TOO_MANY_PIXELS] = MAZE_N_("a PNG of %.0f x %.0f pixels is too large (at most %u pixels in all): use a cell size of at most %.0f, or SVG or PDF"),
  /* Translators: an error; the width and height of the picture in pixels,
   * the most pixels allowed in all, then the width and height with the
   * smallest cells that still show walls; keep PNG, SVG and PDF as they are */
  [MAZE_MSG_PNG_TOO_MANY_PIXELS_ANY_CELL] = MAZE_N_("a PNG of %.0f x %.0f pixels is too large (at most %u pixels in all); with 2-pixel cells, the smallest that show walls, it is still %.0f x %.0f: use SVG or PDF"),
  /* Translators: why a maze file's build cannot be replayed; %s is a
   * generator's name (typed that way, not translated): a change of the
   * generator made the seeds give other mazes */
  /* Translators: an error; %s is a generator's or solver's name (typed
   * that way, not translated), then a number of bytes */
  [MAZE_MSG_NOMEM_ALGORITHM] = MAZE_N_("out of memory for the working memory of '%s': %llu bytes could not be allocated"),
  /* Translators: an error; %s says what needed the memory (one of the
   * phrases "the step history", "the maze file's contents", ...), then a
   * number of bytes */
  [MAZE_MSG_NOMEM_FOR] = MAZE_N_("out of memory for %s: %llu bytes could not be allocated"),
  [MAZE_MSG_GENERATOR_STREAM] = MAZE_N_("this maze was made by another version of '%s': its seed now gives another maze"),
  /* Translators: an error about a worksheet of exercises; the number of
   * the maze, its width and height in cells, then the largest side */
  [MAZE_MSG_EXERCISE_MAZE_SIZE] = MAZE_N_("maze %u is %u x %u cells: an exercise sheet takes mazes of at most %u x %u"),
  /* Translators: an error; the width and height of a picture in pixels */
  [MAZE_MSG_IMAGE_NOMEM] = MAZE_N_("not enough memory for a %u x %u image: use a smaller cell size"),
  /* Translators: an error; a file format (PNG, SVG or PDF), then the reason */
  [MAZE_MSG_RENDER_WRITE] = MAZE_N_("cannot write the %s: %s"),
  /* Translators: an error; a file name, then the system's reason */
  [MAZE_MSG_WRITE_FILE] = MAZE_N_("cannot write %s: %s"),
  /* Translators: an error about a worksheet of printed mazes */
  [MAZE_MSG_WORKSHEET_EMPTY] = MAZE_N_("a worksheet needs at least one maze"),
  /* Translators: an error about a worksheet of printed mazes; %u is the
   * number of the maze */
  [MAZE_MSG_WORKSHEET_MISSING] = MAZE_N_("maze %u of the worksheet is missing"),
  /* Translators: an error about a worksheet of printed mazes; %s is the
   * reason */
  [MAZE_MSG_WORKSHEET_WRITE] = MAZE_N_("cannot write the worksheet: %s"),
  /* Translators: an error; the width and height of a page in points (1/72
   * inch) */
  [MAZE_MSG_PAGE_SIZE] = MAZE_N_("page size %g x %g out of range (72 .. 14400 points)"),
  /* Translators: an error; a margin, then the width and height of a page,
   * in points (1/72 inch) */
  [MAZE_MSG_PAGE_MARGIN] = MAZE_N_("page margin %g too large for a %g x %g page"),
  /* Translators: an error; the number of mazes on a page asked for, then
   * the most */
  [MAZE_MSG_PER_PAGE] = MAZE_N_("%u mazes a page is too many (at most %u)"),
  /* Translators: an error: an animation was asked for without a generator
   * or a solver */
  [MAZE_MSG_NO_ALGORITHM] = MAZE_N_("no algorithm given"),
  /* Translators: an error about an animation */
  [MAZE_MSG_STEPS_PER_FRAME] = MAZE_N_("steps per frame must be at least 1"),
  /* Translators: an error about an animation */
  [MAZE_MSG_FEW_FRAMES] = MAZE_N_("an animation needs at least 2 frames"),
  /* Translators: an error about an animation; the width and height of its
   * pictures in pixels, then the largest side allowed */
  [MAZE_MSG_FRAMES_TOO_LARGE] = MAZE_N_("frames of %.0f x %.0f pixels are too large (at most %u a side): use a smaller cell size"),
  /* Translators: an error about an animation; the width and height of its
   * pictures in pixels */
  [MAZE_MSG_FRAMES_NOMEM] = MAZE_N_("not enough memory for frames of %d x %d pixels"),
  /* Translators: an error: the user stopped the work */
  [MAZE_MSG_CANCELLED] = MAZE_N_("cancelled"),
  /* Translators: an error; the width and height of an animated GIF in
   * pixels */
  [MAZE_MSG_GIF_SIZE] = MAZE_N_("a GIF of %d x %d pixels cannot be made (1 to 65535 a side)"),
  /* Translators: an error; the width and height of one picture, then those
   * of the animated GIF */
  [MAZE_MSG_GIF_FRAME_SIZE] = MAZE_N_("a GIF frame of %d x %d pixels in a %d x %d GIF"),
  /* Translators: an error; %s is the reason */
  [MAZE_MSG_GIF_WRITE] = MAZE_N_("cannot write the GIF: %s"),
  /* Translators: an error writing an animated GIF */
  [MAZE_MSG_GIF_WRITE_FAILED] = MAZE_N_("cannot write the GIF: write error"),
  /* Translators: an error reading a C statement such as
   * "maze[87] |= W << 12"; %s is the text it could not read */
  [MAZE_MSG_STATEMENT_START] = MAZE_N_("cannot read '%s': a statement starts with maze[N], such as maze[87]"),
  /* Translators: an error reading a C statement; %s is the text between
   * the brackets of maze[...] */
  [MAZE_MSG_STATEMENT_INDEX] = MAZE_N_("cannot read the index '%s': put a cell number between the brackets, such as maze[87]"),
  /* Translators: an error reading a C statement; %s is the text where the
   * operator should be; keep |=, &= ~ and ^= as they are */
  [MAZE_MSG_STATEMENT_OPERATOR] = MAZE_N_("cannot read the operator '%s': use |=, &= ~ or ^="),
  /* Translators: an error reading a C statement; %s is the text where a
   * value should be; keep N, E, S, W, | and 0x0F00 as they are */
  [MAZE_MSG_STATEMENT_OPERAND] = MAZE_N_("cannot read the operand '%s': use N, E, S or W, several joined with |, or a hex mask such as 0x0F00"),
  /* Translators: an error reading a C statement; %s is the text after <<;
   * keep << as it is */
  [MAZE_MSG_STATEMENT_SHIFT] = MAZE_N_("cannot read the shift '%s': use << 0, << 4, << 8 or << 12"),
  /* Translators: an error reading a C statement; %s is the text where a
   * closing parenthesis should be */
  [MAZE_MSG_STATEMENT_PAREN] = MAZE_N_("missing ')' at '%s'"),
  /* Translators: an error reading a C statement; %s is the text left over
   * after a whole statement */
  [MAZE_MSG_STATEMENT_TRAILING] = MAZE_N_("cannot read '%s' after the end of the statement"),
  /* Translators: an error reading a C statement; the mask in hexadecimal */
  [MAZE_MSG_STATEMENT_WIDE] = MAZE_N_("the mask 0x%X does not fit in a 16-bit word"),
  /* Translators: explains a mask; the operand as written ("W"), its value
   * in hex, the shift, a nibble's name ("backtrack", translated), its
   * lowest and highest bit, the mask in hex and in binary.  Keep << */
  [MAZE_MSG_EXPLAIN_SHIFT] = MAZE_N_("%s is 0x%X; << %u moves it into the %s nibble, bits %u–%u: the mask is 0x%04X (binary %s)."),
  /* Translators: explains a mask; the operand as written ("S" or
   * "0x0F00"), the mask in hex and in binary, a nibble's name
   * ("passages", translated), its lowest and highest bit */
  [MAZE_MSG_EXPLAIN_NIBBLE] = MAZE_N_("%s is the mask 0x%04X (binary %s), in the %s nibble, bits %u–%u."),
  /* Translators: explains a mask; the operand as written, the mask in hex
   * and in binary */
  [MAZE_MSG_EXPLAIN_WIDE] = MAZE_N_("%s is the mask 0x%04X (binary %s), across more than one nibble."),
  /* Translators: explains |= in a C statement; the bit numbers of the
   * mask ("15" or "8, 9"), then the word before and after, in hex.  Keep |= */
  [MAZE_MSG_EXPLAIN_OR] = MAZE_N_("|= sets the bits of the mask (%s) and keeps the others: 0x%04X becomes 0x%04X."),
  /* Translators: explains &= ~ in a C statement; the bit numbers of the
   * mask, then the word before and after, in hex.  Keep &= ~ */
  [MAZE_MSG_EXPLAIN_AND_NOT] = MAZE_N_("&= ~ clears the bits of the mask (%s) and keeps the others: 0x%04X becomes 0x%04X."),
  /* Translators: explains ^= in a C statement; the bit numbers of the
   * mask, then the word before and after, in hex.  Keep ^= */
  [MAZE_MSG_EXPLAIN_XOR] = MAZE_N_("^= flips the bits of the mask (%s) and keeps the others: 0x%04X becomes 0x%04X."),
  /* Translators: a student's wrong answer: the shift, the operand ("W"),
   * the right nibble ("backtrack", translated), its lowest and highest
   * bit, then the nibble the student changed instead.  Keep << */
  [MAZE_MSG_MISTAKE_NIBBLE_SHIFT] = MAZE_N_("<< %u moves %s into the %s nibble, bits %u–%u; you changed the %s nibble instead."),
  /* Translators: a student's wrong answer: the operand ("S"), the right
   * nibble ("passages", translated), its lowest and highest bit, then the
   * nibble the student changed instead */
  [MAZE_MSG_MISTAKE_NIBBLE] = MAZE_N_("%s belongs in the %s nibble, bits %u–%u; you changed the %s nibble instead."),
  /* Translators: a student's wrong answer: the direction the student used
   * ("east", translated) and its bit value, then the right one and its */
  [MAZE_MSG_MISTAKE_OPPOSITE] = MAZE_N_("You used %s (%u), the opposite side of %s (%u): N=1 E=2 S=4 W=8."),
  /* Translators: a student's wrong answer: the direction the student used
   * ("south", translated) and its bit value, then the right one and its */
  [MAZE_MSG_MISTAKE_DIRECTION] = MAZE_N_("You used %s (%u), but the statement names %s (%u): N=1 E=2 S=4 W=8."),
  /* Translators: a student's wrong answer: the bits lost ("3, 1"), then
   * the operator ("|=" or "&= ~") */
  [MAZE_MSG_MISTAKE_DROPPED] = MAZE_N_("The bits of the mask are right, but bits %s that were set before are lost: %s keeps every bit outside the mask."),
  /* Translators: a student's wrong answer: the word before in hex, the
   * operator ("|="), the bit numbers it changes, the word after in hex */
  [MAZE_MSG_MISTAKE_NOT_APPLIED] = MAZE_N_("That is the word before, 0x%04X: %s changes bits %s, so the word becomes 0x%04X."),
  /* Translators: a student's wrong answer: the bit numbers that differ
   * ("15, 12"), then the right word in hex */
  [MAZE_MSG_MISTAKE_OTHER] = MAZE_N_("Bits %s differ from the right word 0x%04X."),
  /* Translators: an error; the width and height of a picture in pixels,
   * then the bytes it needs */
  [MAZE_MSG_IMAGE_NOMEM_BYTES] = MAZE_N_("not enough memory for a %u x %u image: %llu bytes could not be allocated; use a smaller cell size"),
};

const char *
maze_message_template (MazeMessage code)
{
  if ((unsigned) code >= MAZE_MSG_N || templates[code] == NULL)
    return "";
  return templates[code];
}
