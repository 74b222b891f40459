/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze.h: the Bitmaze engine, the whole of its public API.
 *
 * The cell layout and the .maze file format are fixed by
 * docs/maze-format.md.  Every cell is one uint16_t of four nibbles:
 *
 *   bit   15 14 13 12 | 11 10  9  8 |  7  6  5  4 |  3  2  1  0
 *         W  S  E  N  |  W  S  E  N |  W  S  E  N |  W  S  E  N
 *         backtrack   |  solution   |  border     |  passages
 *
 * Conventions used everywhere in this header:
 *
 *  - Functions that can fail take a `MazeError *error` as last argument
 *    (may be NULL) and return NULL / false / a MazeStatus; on failure the
 *    error's status and message say what is wrong and where.  Nothing aborts
 *    on bad input or a failed allocation; assert() only catches programmer
 *    errors.
 *  - Objects are opaque, created with *_new() and released with *_free();
 *    *_free(NULL) does nothing.  A function returning `char *` gives the
 *    caller a string to free() unless documented otherwise.
 *  - Cells are addressed by index i = y * width + x (uint32_t).
 *
 * The engine is C11 plus libc (zlib only for CRC-32), with no GLib.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every function that can fail returns a MazeStatus (or NULL / false)
 * and fills a MazeError (see "Errors" at the end of this header). */
typedef enum
{
  MAZE_OK = 0,
  MAZE_ERROR_NOMEM,        /* out of memory */
  MAZE_ERROR_SIZE,         /* a width, height or cell count out of range */
  MAZE_ERROR_ARGUMENT,     /* bad argument: unknown algorithm, cell outside */
  MAZE_ERROR_IO,           /* the system refused a read or a write */
  MAZE_ERROR_FORMAT,       /* not a valid .maze file (see the message) */
  MAZE_ERROR_INCONSISTENT, /* cells that break maze-format.md 1 */
} MazeStatus;

typedef struct MazeError MazeError;

/* ------------------------------------------------------------------ */
/* The 16-bit cell                                                     */
/* ------------------------------------------------------------------ */

/* Direction bits, the same in every nibble. */
enum
{
  MAZE_N = 0x1,
  MAZE_E = 0x2,
  MAZE_S = 0x4,
  MAZE_W = 0x8,
};

/* The four directions in the order N, E, S, W (index 0..3). */
extern const uint16_t MAZE_DIRECTIONS[4];

#define MAZE_PASSAGE_SHIFT   0
#define MAZE_BORDER_SHIFT    4
#define MAZE_SOLUTION_SHIFT  8
#define MAZE_BACKTRACK_SHIFT 12

#define MAZE_PASSAGE_MASK    0x000Fu
#define MAZE_BORDER_MASK     0x00F0u
#define MAZE_SOLUTION_MASK   0x0F00u
#define MAZE_BACKTRACK_MASK  0xF000u
/* The two nibbles a search writes; reset clears exactly these. */
#define MAZE_SEARCH_MASK     (MAZE_SOLUTION_MASK | MAZE_BACKTRACK_MASK)

#define MAZE_MAX_SIDE        65535u
#define MAZE_MAX_CELLS       1073741824u /* 2^30 */

/**
 * maze_opposite:
 * @dir: one direction bit (or a nibble of them)
 *
 * Returns: the opposite direction: the nibble rotated by two bits
 * (N <-> S, E <-> W).
 */
static inline uint16_t
maze_opposite (uint16_t dir)
{
  return (uint16_t) (((dir << 2) | (dir >> 2)) & 0xF);
}

/* Is the wall on side @dir knocked down (a passage, or an opening)? */
static inline bool
maze_cell_is_open (uint16_t cell,
                   uint16_t dir)
{
  return (cell & dir) != 0;
}

/* Does side @dir of this cell lie on the outer edge of the maze? */
static inline bool
maze_cell_on_border (uint16_t cell,
                     uint16_t dir)
{
  return (cell & (dir << MAZE_BORDER_SHIFT)) != 0;
}

/* The word of a cell outside the maze's shape (see "Shapes" below): its
 * four border bits and nothing else. */
#define MAZE_OUTSIDE_CELL    MAZE_BORDER_MASK

/* Is this cell outside the maze's shape?  A cell whose four sides are all
 * border has no neighbour in the maze: in a maze of two or more cells it
 * is not part of the maze.  (The one cell of a 1x1 maze is the exception;
 * maze_contains() knows.) */
static inline bool
maze_cell_outside (uint16_t cell)
{
  return (cell & MAZE_BORDER_MASK) == MAZE_BORDER_MASK;
}

/* The passages nibble (0..15). */
static inline uint16_t
maze_cell_passages (uint16_t cell)
{
  return cell & MAZE_PASSAGE_MASK;
}

/* The border nibble, shifted down to 0..15. */
static inline uint16_t
maze_cell_border (uint16_t cell)
{
  return (cell & MAZE_BORDER_MASK) >> MAZE_BORDER_SHIFT;
}

/* The solution nibble, shifted down to 0..15 (0 or one direction). */
static inline uint16_t
maze_cell_solution (uint16_t cell)
{
  return (cell & MAZE_SOLUTION_MASK) >> MAZE_SOLUTION_SHIFT;
}

/* The backtrack nibble, shifted down to 0..15 (0 or one direction). */
static inline uint16_t
maze_cell_backtrack (uint16_t cell)
{
  return (cell & MAZE_BACKTRACK_MASK) >> MAZE_BACKTRACK_SHIFT;
}

/* Index 0..3 of a single direction bit (N=0, E=1, S=2, W=3); -1 if @dir is
 * not exactly one bit. */
int maze_dir_index (uint16_t dir);

/* The letter "N", "E", "S" or "W" of a single direction bit, "?" else. */
const char *maze_dir_letter (uint16_t dir);

/* The English name "north", "east", "south", "west" of a direction. */
const char *maze_dir_name (uint16_t dir);

/* ------------------------------------------------------------------ */
/* The maze                                                            */
/* ------------------------------------------------------------------ */

typedef struct Maze Maze;
typedef struct MazeStep MazeStep; /* defined in "Steps" below */

/**
 * maze_new:
 * Creates a @width x @height maze with every wall standing (passages 0),
 * the border nibbles set, no search bits, start at cell 0 and goal at the
 * last cell, no metadata.
 *
 * Returns: the maze, or NULL with MAZE_ERROR_SIZE (a side outside
 * 1..65535 or more than 2^30 cells) or MAZE_ERROR_NOMEM.
 */
Maze *maze_new (uint32_t   width,
                uint32_t   height,
                MazeError *error);

/* Returns a deep copy (cells, start, goal, metadata) or NULL with NOMEM. */
Maze *maze_copy (const Maze *maze,
                 MazeError  *error);

void maze_free (Maze *maze);

uint32_t maze_width      (const Maze *maze);
uint32_t maze_height     (const Maze *maze);
/* width * height */
uint32_t maze_n_cells    (const Maze *maze);

/* The cell array, row-major, maze_n_cells() words, owned by the maze.
 * Generators, solvers and the file reader write it; everybody else
 * should change cells only through the engine's functions. */
uint16_t       *maze_cells       (Maze *maze);
const uint16_t *maze_cells_const (const Maze *maze);

static inline uint32_t
maze_index (const Maze *maze,
            uint32_t    x,
            uint32_t    y)
{
  return y * maze_width (maze) + x;
}

/* Sorts @n cell indices into reading order (top row first, each row
 * from the left): a set of cells listed without the order an algorithm
 * keeps them in, such as a frontier while a class guesses which comes
 * next. */
void maze_sort_cells (uint32_t *cells,
                      size_t    n);

/* The neighbour of cell @i in direction @dir, or UINT32_MAX when @dir
 * points through the border. */
uint32_t maze_neighbor (const Maze *maze,
                        uint32_t    i,
                        uint16_t    dir);

uint32_t maze_start (const Maze *maze);
uint32_t maze_goal  (const Maze *maze);

/* Move the start or the goal.  Openings through the outer wall follow
 * them: when the old cell had an opening it is closed and the new cell
 * gets one (on its first border side among N, W, S, E for the start and
 * S, E, N, W for the goal) if it lies on the border.  The search nibbles
 * are cleared, since a search for the old endpoints means nothing.
 * MAZE_ERROR_ARGUMENT when the index is outside the maze. */
MazeStatus maze_set_start (Maze      *maze,
                           uint32_t   index,
                           MazeError *error);
MazeStatus maze_set_goal  (Maze      *maze,
                           uint32_t   index,
                           MazeError *error);

/* Puts the start and the goal on cells @start and @goal without touching
 * a word: what a recorded step that moved them needs, going forward or
 * back (its words carry the openings).  MAZE_ERROR_ARGUMENT when a cell
 * is outside the maze (nothing changes). */
MazeStatus maze_put_endpoints (Maze      *maze,
                               uint32_t   start,
                               uint32_t   goal,
                               MazeError *error);

/* Knock down (open = true) or rebuild the wall on side @dir of cell @i,
 * and the matching wall of the neighbour, keeping the maze consistent.
 * On a border side this makes or closes an opening in the outer wall.
 * Returns MAZE_OK. */
MazeStatus maze_set_wall_open (Maze      *maze,
                               uint32_t   i,
                               uint16_t   dir,
                               bool       open,
                               MazeError *error);

/**
 * maze_toggle_bit:
 * @bit: 0..15, the bit of the cell word to flip
 * @report: filled with every word changed and the C statement applied
 *          (may be NULL); kind MAZE_STEP_NONE, cell = @i
 *
 * Flips one bit the way the bit inspector needs, keeping the maze
 * consistent: a passage bit also flips the neighbour's opposite bit (two
 * changes; on a border side it opens or closes the outer wall); a border
 * bit is refused with MAZE_ERROR_ARGUMENT and a message saying why; setting
 * a solution or backtrack bit replaces the nibble's one bit (and is refused
 * when it points through the border), clearing it clears it.
 */
MazeStatus maze_toggle_bit (Maze      *maze,
                            uint32_t   i,
                            unsigned   bit,
                            MazeStep  *report,
                            MazeError *error);

/**
 * maze_restore_bits:
 * @mask: the bits of the word to put back (border bits are never touched)
 * @word: what they were
 * @report: (nullable): the changes are appended to it (begun by the
 *          caller), each with its C statement
 *
 * Puts the bits of cell @i that @mask selects back as they are in @word,
 * the ones to clear with &= ~ and the ones to set with |=: what undoing
 * an edit needs.  It does not keep the maze consistent by itself: the
 * caller puts back both cells a passage joins.  MAZE_ERROR_ARGUMENT for
 * a cell out of range.
 */
MazeStatus maze_restore_bits (Maze      *maze,
                              uint32_t   i,
                              uint16_t   mask,
                              uint16_t   word,
                              MazeStep  *report,
                              MazeError *error);

/* Close every passage and opening and clear the search: back to a grid of
 * standing walls (border nibbles kept). */
void maze_clear (Maze *maze);

/* Clear the solution and backtrack nibbles of every cell, nothing else. */
void maze_reset_search (Maze *maze);

/* Returns true when some cell has solution or backtrack bits. */
bool maze_has_search (const Maze *maze);

/**
 * maze_check_consistent:
 * Checks maze-format.md 1 "A consistent maze" and reports the first
 * violation in row-major order with its cell, e.g.
 * "inconsistent maze at (4, 7): passage east without a passage back".
 *
 * Returns: true when consistent; false with MAZE_ERROR_INCONSISTENT.
 */
bool maze_check_consistent (const Maze *maze,
                            MazeError  *error);

/* Does the maze form a spanning tree over all cells (cells - 1 interior
 * passages, all connected)?  Openings through the border are ignored. */
bool maze_is_perfect (const Maze *maze);

/* ---- metadata: key=value pairs, in order (maze-format.md 2) ---- */

/* Is @key a valid metadata key ([a-z0-9_-]{1,32})? */
bool maze_meta_key_valid (const char *key);

/* The value of @key, owned by the maze, or NULL. */
const char *maze_meta_get (const Maze *maze,
                           const char *key);

/* Set @key to @value (replacing in place, or appending at the end); a NULL
 * value removes the key.  MAZE_ERROR_ARGUMENT for a bad key, or a value
 * that is not UTF-8 or holds a control character (U+0000..U+001F, U+007F,
 * U+0080..U+009F; maze-format.md 2); MAZE_ERROR_NOMEM.  (A file may hold
 * such values from before: they load and are saved back unchanged.) */
MazeStatus maze_meta_set (Maze       *maze,
                          const char *key,
                          const char *value,
                          MazeError  *error);

size_t maze_meta_count (const Maze *maze);

/* @text as it may be shown on a terminal, a page or a label: every byte
 * of a control character (as for maze_meta_set()) and every byte that is
 * not part of valid UTF-8 written as "\x1b"; the rest as it is.  Every
 * program that shows a metadata value or a path shows it so.  Free with
 * free(); NULL when out of memory. */
char *maze_text_escape (const char *text);

/* The @n-th pair, in file order; pointers owned by the maze. */
void maze_meta_nth (const Maze  *maze,
                    size_t       n,
                    const char **key,
                    const char **value);

/* ---- statistics ---- */

typedef struct
{
  uint64_t cells;            /* of the maze's shape (maze_n_inside) */
  uint64_t passages;         /* interior passages (each counted once) */
  uint64_t dead_ends;        /* cells with exactly one passage */
  uint64_t corridors;        /* two passages, straight through */
  uint64_t turns;            /* two passages, at a right angle */
  uint64_t junctions;        /* three or four passages */
  uint64_t isolated;         /* no passage at all */
  int64_t  solution_length;  /* shortest start-goal moves, -1 if none */
  uint64_t longest_path;     /* longest shortest path (two BFS passes) */
  uint32_t longest_from;
  uint32_t longest_to;
} MazeStats;

/* Computes the statistics without changing the maze (openings through the
 * border do not count as passages).  Needs one bit a cell of scratch and
 * a queue of the widest layer of a breadth-first search; MAZE_ERROR_NOMEM
 * possible. */
MazeStatus maze_stats (const Maze *maze,
                       MazeStats  *stats,
                       MazeError  *error);

/* ------------------------------------------------------------------ */
/* Shapes                                                              */
/* ------------------------------------------------------------------ */

/*
 * A maze need not be a rectangle.  Its shape is the set of its cells
 * inside the width x height grid, and the border nibble alone records it
 * (maze-format.md 1): a side whose neighbour is off the grid or outside
 * the shape has its border bit, and a cell outside the shape is the word
 * MAZE_OUTSIDE_CELL (0x00F0), never carved, visited or drawn.  So "is
 * there a neighbour to the west?" is !(cell & (MAZE_W << 4)) in any shape,
 * and generators and solvers never compare coordinates with the size.
 *
 * A cell with no neighbour in the shape would have all four border bits,
 * which is the word of a cell outside: a shape never holds one, so a
 * shaped maze has at least two cells.  A rectangle is the shape of every
 * cell and costs nothing.  Files of shaped mazes are version 2.
 */

/* The cells of the maze's shape: maze_n_cells() for a rectangle. */
uint32_t maze_n_inside   (const Maze *maze);

/* Does the maze have cells outside its shape (is it not a rectangle)? */
bool     maze_is_shaped  (const Maze *maze);

/* Is cell @i (< maze_n_cells()) part of the maze, inside its shape? */
bool     maze_contains   (const Maze *maze,
                          uint32_t    i);

/* The first and the last cell of the shape in reading order (row by row,
 * west to east): the corners where MAZE_PLACE_CORNERS puts the start and
 * the goal. */
uint32_t maze_first_inside (const Maze *maze);
uint32_t maze_last_inside  (const Maze *maze);

/* The cell of the shape with number @k (0 .. maze_n_inside() - 1) in
 * reading order; @k itself for a rectangle. */
uint32_t maze_nth_inside (const Maze *maze,
                          uint32_t    k);

/* A shape drawn at its own resolution: one bit a pixel, on for a cell of
 * the maze.  It is scaled to the maze's size when a maze is made from it. */
typedef struct MazeShape MazeShape;

/* A @width x @height shape with every pixel off (sides 1..65535, at most
 * MAZE_MAX_CELLS pixels).  NULL with MAZE_ERROR_SIZE or NOMEM. */
MazeShape *maze_shape_new    (uint32_t   width,
                              uint32_t   height,
                              MazeError *error);
void       maze_shape_free   (MazeShape *shape);
uint32_t   maze_shape_width  (const MazeShape *shape);
uint32_t   maze_shape_height (const MazeShape *shape);
bool       maze_shape_get    (const MazeShape *shape,
                              uint32_t         x,
                              uint32_t         y);
void       maze_shape_set    (MazeShape *shape,
                              uint32_t   x,
                              uint32_t   y,
                              bool       on);
/* The pixels that are on. */
uint64_t   maze_shape_count  (const MazeShape *shape);

/* Where two pixels touch only at a corner, turn on a pixel beside both so
 * that they share a side: a drawing's diagonal strokes (text, a scaled
 * image) stay one piece for a maze, which can only pass through sides. */
void       maze_shape_join_corners (MazeShape *shape);

/* The built-in shapes, NULL-terminated: "circle", "ring" (a disc with a
 * hole), "heart", "triangle", "diamond", "cross". */
const char *const *maze_shape_builtin_names (void);

/* What built-in shape @name looks like, a few words for a list ("a disc
 * with a hole of half its radius"), marked with MAZE_N_() for the
 * program's gettext; NULL when @name is not a built-in shape. */
const char *maze_shape_builtin_description (const char *name);

/* Built-in shape @name drawn to fill @width x @height.  NULL with
 * MAZE_ERROR_ARGUMENT (unknown name), SIZE or NOMEM. */
MazeShape *maze_shape_builtin (const char *name,
                               uint32_t    width,
                               uint32_t    height,
                               MazeError  *error);

/* A text mask: one line a row, '#' or 'X' a cell, any other character
 * not (lines end with "\n" or "\r\n"; the widest line sets the width).
 * NULL with MAZE_ERROR_FORMAT and the line at fault: empty, no cell, a
 * NUL byte (not text), more than 65535 lines or columns. */
MazeShape *maze_shape_from_text (const char *text,
                                 size_t      len,
                                 MazeError  *error);

/* What a maze does with a shape in several pieces. */
typedef enum
{
  MAZE_PIECES_REFUSE = 0,   /* refuse it, saying how many pieces */
  MAZE_PIECES_KEEP_LARGEST, /* keep the piece with the most cells */
} MazePieces;

/**
 * maze_new_shaped:
 * @shape: the cells; scaled to @width x @height when its size differs
 *         (each cell takes the pixel under its centre)
 *
 * Creates a maze of the cells of @shape, like maze_new(): every wall
 * standing, the border nibble of every cell set from the shape, the cells
 * outside it MAZE_OUTSIDE_CELL, the start and the goal on the first and
 * the last cell of the shape.  Cells with no neighbour in the shape are
 * left out.  A shape that covers the whole grid gives a plain rectangle.
 *
 * Returns: the maze, or NULL with MAZE_ERROR_SIZE, NOMEM, or ARGUMENT when
 * the shape leaves fewer than two cells, or is in several pieces (the
 * message says how many) and @pieces is MAZE_PIECES_REFUSE.
 */
Maze *maze_new_shaped (uint32_t         width,
                       uint32_t         height,
                       const MazeShape *shape,
                       MazePieces       pieces,
                       MazeError       *error);

/* ------------------------------------------------------------------ */
/* Steps: what one generator or solver step did                        */
/* ------------------------------------------------------------------ */

typedef enum
{
  MAZE_STEP_NONE = 0,
  /* generators */
  MAZE_STEP_CARVE,      /* knocked down the wall between cell and other */
  MAZE_STEP_BUILD_WALL, /* recursive division: put a wall back */
  MAZE_STEP_LOOP,       /* loops phase: opened a dead end's wall */
  MAZE_STEP_OPENING,    /* opened the outer wall at the start or goal */
  MAZE_STEP_SCAN,       /* looked at cell without changing it (hunt, walk) */
  /* solvers */
  MAZE_STEP_VISIT,      /* DFS / wall follower: moved from other to cell */
  MAZE_STEP_BACKTRACK,  /* DFS: left cell, back to other */
  MAZE_STEP_REACH,      /* BFS / A*: reached cell from other (parent) */
  MAZE_STEP_PATH,       /* reconstruct: solution bit from other to cell */
  MAZE_STEP_JUMP,       /* junction solver: resumed at junction cell */
  MAZE_STEP_FOUND,      /* the goal was reached; the path is complete */
  MAZE_STEP_NO_PATH,    /* the search ended without reaching the goal */
  MAZE_STEP_DONE,       /* a generator finished */
} MazeStepKind;

#define MAZE_STEP_MAX_CHANGES 4
#define MAZE_EXPR_MAX 56

/* One cell word changed by one bit operation. */
typedef struct
{
  uint32_t index;
  uint16_t before;
  uint16_t after;
  /* The line of the algorithm's listing (maze_listing_line()) whose
   * statement made this change, from 1; 0 for a change no listing makes
   * (an edit, a player's move). */
  uint16_t line;
  /* The exact C statement that was applied, in maze-format.md 1's terms, e.g.
   * "maze[117] |= W << 12" or "maze[5] &= ~(0xF << 8)". */
  char     expr[MAZE_EXPR_MAX];
} MazeChange;

struct MazeStep
{
  MazeStepKind kind;
  uint32_t     cell;      /* the cell the step is about */
  uint32_t     other;     /* the other cell (from, parent, ...), or UINT32_MAX */
  uint16_t     dir;       /* direction from other to cell (or of the wall), 0 if none */
  /* The line of the algorithm's listing the step ran, from 1: the call
   * or the statement the step is about (a change's own line may be in a
   * helper it calls); 0 for no line (MAZE_STEP_DONE, NONE, an edit). */
  uint16_t     line;
  unsigned     n_changes; /* 0 .. MAZE_STEP_MAX_CHANGES */
  MazeChange   changes[MAZE_STEP_MAX_CHANGES];
};

/* Writes the C statements of a report made by maze_history_step_quiet()
 * (each change's expr); a report that has them already stays as it is. */
void maze_step_complete (MazeStep *step);

/* An English sentence for @step, e.g. "BFS reached (5, 3) from the west",
 * written into @buf (always NUL-terminated).  The app formats its own,
 * translated, sentences from the fields instead. */
void maze_step_describe (const Maze     *maze,
                         const MazeStep *step,
                         const char     *algorithm,
                         char           *buf,
                         size_t          len);

/* ------------------------------------------------------------------ */
/* Algorithms: one descriptor each                                     */
/* ------------------------------------------------------------------ */

/*
 * Every generator and every solver is described once, in its own file,
 * by a MazeAlgorithm, and listed once in a registry (maze_generators[],
 * maze_solvers[]).  Programs read the registry for their lists, labels,
 * help texts and parameter controls, and never spell a name themselves.
 *
 * A full name is the descriptor's name, or its name, ':' and a value of
 * its parameter: "prim", "corridor:8", "growing-tree:mixed:0.25".  Names
 * are a contract (the command line and the files use them): never rename
 * one.
 */

/* Marks a string for translation without translating it.  The engine has
 * no gettext: its labels and message templates are English msgids, which
 * xgettext collects under the keyword MAZE_N_ and the app and the CLI
 * translate before they show them. */
#define MAZE_N_(text) text

typedef enum
{
  MAZE_PARAM_NONE = 0, /* takes no parameter */
  MAZE_PARAM_COUNT,    /* a whole number from min to max: "corridor:8" */
  MAZE_PARAM_FRACTION, /* a decimal number from min to max: "growing-tree:mixed:0.25" */
} MazeParamKind;

typedef struct
{
  MazeParamKind kind;
  const char   *letter;      /* stands for it in listings: "N" of "corridor:N" */
  const char   *label;       /* MAZE_N_: the title of its control, "Longest Corridor" */
  const char   *description; /* MAZE_N_: what it means, "the longest corridor, in cells" */
  double        min;
  double        max;
  double        fallback;    /* the value when a name gives none ("corridor") */
} MazeParam;

/* What an algorithm can do, for MazeAlgorithm.flags. */
typedef enum
{
  /* The one a program uses when the user names none (one of each kind). */
  MAZE_ALGORITHM_DEFAULT       = 1 << 0,
  /* A solver whose path is always a shortest one. */
  MAZE_ALGORITHM_SHORTEST_PATH = 1 << 1,
  /* A solver that always finds a path when there is one (a wall
   * follower misses a goal that stands on an island of walls). */
  MAZE_ALGORITHM_COMPLETE      = 1 << 2,
  /* A solver whose solution nibbles lead from the start to the top of
   * its working set (maze_solver_frontier()) after every step of its
   * search: a path that grows and shrinks as it searches, the best to
   * watch. */
  MAZE_ALGORITHM_LIVE_PATH     = 1 << 3,
  /* A generator that fills every connected shape with a perfect maze
   * (see "Shapes").  One without it fills only some shapes, or none, and
   * says why in its shape_limit. */
  MAZE_ALGORITHM_ANY_SHAPE     = 1 << 4,
  /* A solver that marks its path, once it has reached the goal, by
   * following the backtrack bits home (reconstruct_solution, one solution
   * bit a MAZE_STEP_PATH step): its listing ends with that function. */
  MAZE_ALGORITHM_TRACES_BACK   = 1 << 5,
} MazeAlgorithmFlags;

/* One line of an algorithm's listing (see "Listings" below). */
typedef struct
{
  const char *code;    /* C, never translated: "  maze[next] |= OPPOSITE[d] << 12;" */
  const char *comment; /* MAZE_N_: a comment for the line's end (the whole
                        * line when code is only its indent), or NULL */
} MazeListingLine;

/* The classes (the functions that do the work) are private to the
 * engine; a descriptor points at one of them. */
typedef struct MazeGeneratorClass MazeGeneratorClass;
typedef struct MazeSolverClass    MazeSolverClass;

typedef struct
{
  const char               *name;        /* on the command line and in files: "corridor" */
  const char               *alias;       /* another name it answers to, or NULL */
  const char               *label;       /* MAZE_N_: for a drop-down, "Corridors" */
  const char               *description; /* MAZE_N_: one line for a listing */
  const char               *subject;     /* MAZE_N_: a solver in a sentence, "BFS" (reached ...) */
  const char               *frontier;    /* MAZE_N_: what its working set is, "BFS queue, head first", or NULL */
  const char               *legend;      /* MAZE_N_: its working set in a colour legend, a word or two:
                                          * "queue", "stack", "open set"; NULL: "frontier" */
  const char               *next_rule;   /* MAZE_N_: a solver's rule for the cell it takes next, one sentence
                                          * ("BFS takes the oldest cell in its queue"), or NULL: it does not
                                          * ask "which cell comes next?" (see "Predict") */
  const char               *shape_limit; /* MAZE_N_: a generator without MAZE_ALGORITHM_ANY_SHAPE: why
                                          * it cannot fill every shape, after "... cannot fill a shaped maze: " */
  MazeParam                 param;
  unsigned                  flags;       /* MazeAlgorithmFlags */
  const MazeGeneratorClass *generator;   /* the class of a generator, else NULL */
  const MazeSolverClass    *solver;      /* the class of a solver, else NULL */
  int                       variant;     /* which way of its class (growing tree: which cell) */
  unsigned                  stream;      /* a generator: which mazes its seeds give, 0 and 1 the
                                          * first; raised when a change makes a seed give another
                                          * maze (see maze_generator_check_stream()) */
  const MazeListingLine    *listing;     /* its own part of its listing (see "Listings"), */
  unsigned                  n_listing;   /* n_listing lines */
} MazeAlgorithm;

/* The registries, in the order programs list them, NULL-terminated. */
extern const MazeAlgorithm *const maze_generators[];
extern const MazeAlgorithm *const maze_solvers[];

/* The descriptor flagged MAZE_ALGORITHM_DEFAULT in @registry. */
const MazeAlgorithm *maze_algorithm_default (const MazeAlgorithm *const *registry);

/* The first descriptor of @registry that has all of @flags, or NULL. */
const MazeAlgorithm *maze_algorithm_with (const MazeAlgorithm *const *registry,
                                          unsigned                    flags);

/**
 * maze_algorithm_find:
 * @registry: maze_generators or maze_solvers
 * @name: a full name ("corridor:8") or an alias
 * @value: (out) (optional): the parameter's value, its fallback when the
 *         name gives none, 0 for an algorithm without a parameter
 *
 * Returns: the descriptor of @name, or NULL with MAZE_ERROR_ARGUMENT and a
 * message naming the bad part (an unknown name, a parameter out of range,
 * a parameter given to an algorithm that takes none).
 */
const MazeAlgorithm *maze_algorithm_find (const MazeAlgorithm *const *registry,
                                          const char                 *name,
                                          double                     *value,
                                          MazeError                  *error);

/* The full name of @algorithm with @value as its parameter: "corridor:8",
 * "growing-tree:mixed:0.25" (a count is rounded, a fraction written with
 * at most 9 decimals; both are clamped to the parameter's range); just
 * the name when it takes none.  malloc()ed, NULL when out of memory. */
char *maze_algorithm_full_name (const MazeAlgorithm *algorithm,
                                double               value);

/* How listings show a name: "corridor:N", or "prim". malloc()ed. */
char *maze_algorithm_list_name (const MazeAlgorithm *algorithm);

/* The canonical form of a full name: "growing-tree" is
 * "growing-tree:newest", "corridor" is "corridor:20", "0.50" is "0.5".
 * malloc()ed; NULL with the error of maze_algorithm_find(). */
char *maze_algorithm_canonical_name (const MazeAlgorithm *const *registry,
                                     const char                 *name,
                                     MazeError                  *error);

/* Shorthands: is @name a generator (a solver) the engine accepts?  False
 * with the error of maze_algorithm_find() otherwise. */
bool maze_generator_name_valid (const char *name,
                                MazeError  *error);
bool maze_solver_name_valid    (const char *name,
                                MazeError  *error);

/* ------------------------------------------------------------------ */
/* Listings: each algorithm as C a student reads                       */
/* ------------------------------------------------------------------ */

/*
 * Every generator and solver has a listing: short C in the style of the
 * tutorial Bitmaze grew from, on uint16_t maze[] with the names of
 * docs/listings.md (N E S W, DIR[d], OPPOSITE[d], STEP[d], the *_BITS
 * masks).  It is teaching code, not the engine's, but it is true: every
 * change a step reports names the line of the listing that makes it
 * (MazeChange.line), and that line applies the same operator to the same
 * nibble as the change's statement; the step names the line it ran
 * (MazeStep.line).  Line numbers start at 1 and are a contract (the
 * trace of `bitmaze-cli ... --trace` prints them).
 *
 * A listing is the algorithm's own part (MazeAlgorithm.listing) with the
 * helpers it shares around it: a generator's starts with connect_cells()
 * and ends with add_loops() and place_ends(); a solver flagged
 * MAZE_ALGORITHM_TRACES_BACK ends with reconstruct_solution().  Only
 * the comments are translated (MAZE_N_ msgids).
 */

/* The number of lines of @algorithm's whole listing. */
unsigned maze_listing_length (const MazeAlgorithm *algorithm);

/* Line @line (1 .. maze_listing_length()) of @algorithm's listing, owned
 * by the engine; NULL out of range. */
const MazeListingLine *maze_listing_line (const MazeAlgorithm *algorithm,
                                          unsigned             line);

/* @line as it is shown: its code, then two spaces and its comment in C's
 * comment marks (a comment line: its indent, then the comment).  @comment
 * replaces line->comment when not NULL: its translation.  malloc()ed;
 * NULL when out of memory. */
char *maze_listing_text (const MazeListingLine *line,
                         const char            *comment);

/* ------------------------------------------------------------------ */
/* Generators                                                          */
/* ------------------------------------------------------------------ */

/* ---- randomness ---- */

/*
 * All randomness in the engine comes from this generator, so a seed gives
 * the same maze on every machine and every release.  It is xoshiro256**
 * (Blackman and Vigna, 2018) whose 256-bit state is filled from the 64-bit
 * seed by four calls of splitmix64.  Bounded numbers use Lemire's
 * multiply-shift on the top 32 bits, which is exact for bounds < 2^32 up to
 * a bias below 2^-32 (acceptable for mazes, and identical everywhere).
 * Changing any of this changes every seeded maze: don't.
 */
typedef struct
{
  uint64_t s[4];
} MazeRng;

void     maze_rng_seed    (MazeRng  *rng,
                           uint64_t  seed);

/* The next 64 random bits (inline: generators draw once per carve). */
static inline uint64_t
maze_rng_next (MazeRng *rng)
{
  uint64_t *s = rng->s;
  uint64_t x = s[1] * 5;
  uint64_t result = ((x << 7) | (x >> 57)) * 9;
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/* The number below @bound (>= 1, < 2^32) that maze_rng_below() makes of
 * the 64 random bits @bits: Lemire's multiply-shift on the top 32.  For
 * code that draws its numbers ahead (to know where the next draws will
 * land) and must still make the same choices. */
static inline uint32_t
maze_rng_scale (uint64_t bits,
                uint32_t bound)
{
  return (uint32_t) (((bits >> 32) * (uint64_t) bound) >> 32);
}

/* Uniform in [0, bound); bound >= 1 and < 2^32. */
static inline uint32_t
maze_rng_below (MazeRng  *rng,
                uint32_t  bound)
{
  return maze_rng_scale (maze_rng_next (rng), bound);
}

/* Uniform in [0, 1). */
double   maze_rng_double  (MazeRng  *rng);
/* A seed from the clock and the address space, for "no --seed given". */
uint64_t maze_random_seed (void);

/* ---- the generators ---- */

typedef struct MazeGenerator MazeGenerator;

/**
 * maze_generator_new:
 * @maze: the maze to carve; the generator starts by maze_clear()ing it
 *        (recursive division instead opens every interior wall) and keeps
 *        a pointer to it: the maze must outlive the generator.
 * @algorithm: a full name of a generator of maze_generators[]
 * @seed: the PRNG seed
 * @loops: percentage 0..100 of dead ends to remove after the tree is done,
 *         one wall per dead end (MAZE_STEP_LOOP steps); 0 gives a perfect
 *         maze.
 *
 * The generator records `generator` and `seed` in the maze's metadata,
 * `loops` when not 0, and `generator-stream` when its stream is above 1.
 * It does not move the start and goal; place them with
 * maze_place_endpoints() when it is done.
 *
 * On a shaped maze it fills the shape and never touches a cell outside.
 * Binary tree and sidewinder fill only the shapes their rule allows,
 * Eller and recursive division no shape at all: they refuse with a
 * message that says why, the maze unchanged.  A shape in several pieces
 * cannot be one tree: refused with the number of pieces (the maze then
 * cleared).
 *
 * Returns: the generator, or NULL with MAZE_ERROR_ARGUMENT (unknown name,
 * loops out of range, a shape it cannot fill) or MAZE_ERROR_NOMEM.
 */
MazeGenerator *maze_generator_new (Maze       *maze,
                                   const char *algorithm,
                                   uint64_t    seed,
                                   unsigned    loops,
                                   MazeError  *error);

void maze_generator_free (MazeGenerator *gen);

/* Do one step (one carve, wall or loop).  When @report is not NULL it is
 * filled with what changed.  Returns true when a step was done, false when
 * the maze was already finished (then @report->kind is MAZE_STEP_DONE). */
bool maze_generator_step (MazeGenerator *gen,
                          MazeStep      *report);

/* The step maze_generator_step() would do next, into @next, without
 * doing it: a copy of the generator does the step and the words go back,
 * so the maze and @gen stay as they are.  Returns what the step would;
 * false also when out of memory (then @next->kind is MAZE_STEP_NONE). */
bool maze_generator_peek (MazeGenerator *gen,
                          MazeStep      *next);

/* Run to the end without reporting. */
void maze_generator_run (MazeGenerator *gen);

/* Run on without reporting for at most @max_steps steps, as fast as
 * maze_generator_run(): the same steps as as many maze_generator_step()
 * calls, in slices a caller can fit between other work.  Returns the
 * steps done, fewer than @max_steps only when the maze is finished. */
uint64_t maze_generator_run_steps (MazeGenerator *gen,
                                   uint64_t       max_steps);

bool     maze_generator_done  (const MazeGenerator *gen);
uint64_t maze_generator_steps (const MazeGenerator *gen);

/* The algorithm's working set (the stack, the frontier, the current walk),
 * next-to-be-taken first, at most @max cells into @out.  Returns the total
 * number of cells in it (may exceed @max). */
size_t maze_generator_frontier (const MazeGenerator *gen,
                                uint32_t            *out,
                                size_t               max);

/* The descriptor of the generator's algorithm, and the canonical full
 * name it runs under ("corridor:20" for "corridor"), owned by @gen. */
const MazeAlgorithm *maze_generator_algorithm (const MazeGenerator *gen);
const char          *maze_generator_name      (const MazeGenerator *gen);

/* Bytes the generator allocated beyond the maze, for the benchmark. */
size_t maze_generator_memory (const MazeGenerator *gen);

/**
 * maze_generator_check_stream:
 * @maze: a maze, typically read from a file
 * @error: where to say why not, or NULL
 *
 * Would maze_generator_new() with the `generator` and `seed` recorded in
 * @maze's metadata make @maze's tree again?  A change of a generator that
 * makes a seed give another maze raises its stream (MazeAlgorithm), and
 * files record it as `generator-stream` (absent: 1).  A program that
 * replays a file's recipe, to resume a build saved half done or to make
 * "the same maze" again, asks first.
 *
 * Returns: MAZE_OK when the recorded stream is the generator's own, and
 * when there is nothing to replay (no `generator`, or one this version
 * does not know); else MAZE_ERROR_ARGUMENT with a message naming the
 * generator.
 */
MazeStatus maze_generator_check_stream (const Maze *maze,
                                        MazeError  *error);

typedef enum
{
  MAZE_PLACE_CORNERS = 0, /* start top-left, goal bottom-right */
  MAZE_PLACE_ROWS,        /* random cell of the top row and of the bottom row */
  MAZE_PLACE_FAR,         /* random start, goal the cell farthest from it */
} MazePlacement;

/* Place start and goal; with @openings, open the outer wall at them (the
 * start on its N side when in the top row, else W; the goal on S when in
 * the bottom row, else E).  MAZE_PLACE_FAR runs a BFS (needs a connected
 * maze for a meaningful answer).  MAZE_ERROR_NOMEM possible. */
MazeStatus maze_place_endpoints (Maze          *maze,
                                 MazePlacement  placement,
                                 bool           openings,
                                 uint64_t       seed,
                                 MazeError     *error);

/* "corners", "rows", "far" <-> MazePlacement; -1 when unknown. */
int         maze_placement_from_name (const char   *name);
const char *maze_placement_name      (MazePlacement placement);

/* Convenience: new maze, generate to the end, place endpoints (corners,
 * with openings).  NULL with the error of any step. */
Maze *maze_generate (uint32_t    width,
                     uint32_t    height,
                     const char *algorithm,
                     uint64_t    seed,
                     unsigned    loops,
                     MazeError  *error);

/* MAZE_OK, or MAZE_ERROR_NOMEM when a step could not grow the working set
 * (frontier, list of cells); the generator then stopped, done, with the
 * maze unfinished.  @error (may be NULL) gets the message. */
MazeStatus maze_generator_status (const MazeGenerator *gen,
                                  MazeError           *error);

/* ------------------------------------------------------------------ */
/* Solvers                                                             */
/* ------------------------------------------------------------------ */

typedef struct MazeSolver MazeSolver;

typedef struct
{
  bool     finished;      /* found or no path */
  bool     found;
  uint64_t steps;
  uint64_t visited;       /* distinct cells reached */
  uint64_t max_frontier;  /* largest stack / queue / open set */
  uint64_t path_length;   /* moves from start to goal, when found */
  /* Not found, although a path leads from the start to the goal: the
   * method cannot reach the goal from this start (the wall follower's
   * hand never touches the island of walls the goal is on).  Otherwise
   * "not found" means there is no path. */
  bool     unreachable_by_method;
} MazeSolveStats;

/**
 * maze_solver_new:
 * Starts a search from maze_start() to maze_goal().  Clears the search
 * nibbles first (maze_reset_search()).  It changes only the solution and
 * backtrack nibbles.  The maze must outlive the solver and must not be
 * changed by anybody else while it runs.
 *
 * Returns: the solver, or NULL with MAZE_ERROR_ARGUMENT (unknown name) or
 * MAZE_ERROR_NOMEM.
 */
MazeSolver *maze_solver_new (Maze       *maze,
                             const char *name,
                             MazeError  *error);

void maze_solver_free (MazeSolver *solver);

/* One step; fills @report when not NULL.  Returns false once the search
 * has finished (found or no path; then @report->kind is MAZE_STEP_FOUND or
 * MAZE_STEP_NO_PATH).  A search always finishes: never a hang. */
bool maze_solver_step (MazeSolver *solver,
                       MazeStep   *report);

/* Up to @max steps without reports, as fast as the algorithm's run goes
 * where it can stop, else one maze_solver_step() at a time: the same
 * steps and counters.  Returns the steps done, fewer only at the end (a
 * history's replay of the steps it no longer holds). */
uint64_t maze_solver_run_steps (MazeSolver *solver,
                                uint64_t    max);

/* The step maze_solver_step() would do next, into @next, without doing
 * it, as maze_generator_peek() does: the maze and @solver stay as they
 * are.  Returns what the step would (false once the search has finished,
 * @next saying how it ended); false also when out of memory (then
 * @next->kind is MAZE_STEP_NONE). */
bool maze_solver_peek (MazeSolver *solver,
                       MazeStep   *next);

void maze_solver_run (MazeSolver *solver);

void maze_solver_stats (const MazeSolver *solver,
                        MazeSolveStats   *stats);

/* The stack (DFS: top first), queue (BFS: head first), open set (A*:
 * best first) or junction list, at most @max cells into @out; returns the
 * full count. */
size_t maze_solver_frontier (const MazeSolver *solver,
                             uint32_t         *out,
                             size_t            max);

size_t maze_solver_memory (const MazeSolver *solver);

/* The descriptor of the solver's algorithm. */
const MazeAlgorithm *maze_solver_algorithm (const MazeSolver *solver);

/* The cell the search works from: where DFS, the junction search and the
 * wall follower stand, the cell BFS took from its queue last (whose
 * neighbours it reaches) and the one A* took from its open set last; the
 * start before the first step. */
uint32_t maze_solver_current (const MazeSolver *solver);

/**
 * maze_solver_next_cell:
 * @cell: (out): the cell the next step takes
 * @ties: (nullable): room for @max_ties other cells the rule ranks as
 *        high as *@cell (A*'s equal estimates: which of them comes first
 *        is the heap's order, no rule a person can follow)
 * @n_ties: (out) (optional): how many were written
 *
 * "Which cell comes next?": the cell the solver's rule (its descriptor's
 * next_rule) takes with the next step, worked out from the rule and the
 * working set without doing the step; once the step is done,
 * maze_solver_current() is that cell.  BFS: the head of its queue; DFS:
 * the first unvisited neighbour of the top of its stack in the order N,
 * E, S, W, or the cell below the top when there is none; A*: the best
 * cell of its open set not reached yet; the wall follower: the cell its
 * hand leads to; the junction search: the next cell of its corridor, or
 * the junction it goes back to.
 *
 * Returns: false when the next step takes no cell by the rule: a solver
 * without a next_rule, a search that ends with the step or is marking
 * its path, BFS still reaching the neighbours of the cell it took (or
 * about to take a cell with nothing left to reach, which it passes over
 * within the step), the wall follower erasing a loop.
 */
bool maze_solver_next_cell (const MazeSolver *solver,
                            uint32_t         *cell,
                            uint32_t         *ties,
                            unsigned          max_ties,
                            unsigned         *n_ties);

/* MAZE_OK, or MAZE_ERROR_NOMEM when the search stopped because its stack,
 * queue or heap could not grow.  It then finished with a
 * MAZE_STEP_NO_PATH report that is not an answer; @error (may be NULL)
 * gets the message. */
MazeStatus maze_solver_status (const MazeSolver *solver,
                               MazeError        *error);

/* ---- reading a solved maze ---- */

/* The path read off the solution nibbles from the start: the number of
 * moves, or -1 when the nibbles do not lead from the start to the goal.
 * With @cells not NULL, writes up to @max cell indices (start first). */
int64_t maze_path_cells (const Maze *maze,
                         uint32_t   *cells,
                         size_t      max);

/* The path as a string of moves "EESSW...", or NULL when there is no
 * complete path (or no memory).  Free with free(). */
char *maze_path_moves (const Maze *maze);

/* ---- the player's walk: a DFS done by a person ---- */

/*
 * The player walks with the same nibbles as the DFS solver, so the bit
 * inspector explains a walk like a search: the solution bits lead from the
 * start to the player (the path walked, without the steps taken back), and
 * every cell the player has been to keeps its backtrack bit pointing to the
 * neighbour it was first (or last re-)entered from.  The start has no
 * backtrack bit; the player's own cell has no solution bit.
 */

/* Clears the search nibbles (maze_reset_search()) and puts the player on
 * the start: *@position = maze_start(). */
void maze_play_begin (Maze     *maze,
                      uint32_t *position);

/**
 * maze_play_move:
 * @position: (inout): the player's cell; moved on success
 * @dir: one of MAZE_N, MAZE_E, MAZE_S, MAZE_W
 * @report: filled with the cells changed and the C statements (may be NULL)
 *
 * Moves the player one cell:
 *  - back along the cell's backtrack pointer: a DFS backtrack, the parent's
 *    solution nibble is cleared (MAZE_STEP_BACKTRACK, cell = the cell left,
 *    other = the cell returned to);
 *  - into a cell never visited: a DFS visit, the solution bit towards it and
 *    its backtrack bit home (MAZE_STEP_VISIT, cell = the new cell, other =
 *    the cell left);
 *  - into a visited cell further up the current path (a loop): the path is
 *    cut back to it, clearing the solution nibbles after it
 *    (MAZE_STEP_BACKTRACK; only the first MAZE_STEP_MAX_CHANGES changes are
 *    reported);
 *  - into a visited cell off the current path: it is re-linked, its
 *    backtrack bit replaced to point to the cell left (MAZE_STEP_VISIT).
 * The solution chain always stays a simple path from the start to the
 * player; once the player stands on the goal, maze_path_cells() reads the
 * walk's path.
 *
 * Returns: MAZE_OK; MAZE_ERROR_ARGUMENT with "wall" when a wall stands on
 * side @dir (nothing changes), with a message when @dir leads through an
 * opening of the outer wall, is not one direction, or *@position is
 * outside the maze.
 */
MazeStatus maze_play_move (Maze      *maze,
                           uint32_t  *position,
                           uint16_t   dir,
                           MazeStep  *report,
                           MazeError *error);

/* The path walked, read off the solution nibbles from the start to
 * @position: the number of moves, or -1 when the nibbles do not lead
 * there.  With @cells not NULL, writes up to @max cell indices (start
 * first, @position last): the trail a renderer draws. */
int64_t maze_play_path (const Maze *maze,
                        uint32_t    position,
                        uint32_t   *cells,
                        size_t      max);

/* ------------------------------------------------------------------ */
/* History: a generator or solver that can step back                   */
/* ------------------------------------------------------------------ */

/*
 * A MazeHistory runs one generator or solver on a maze and remembers its
 * steps, so the maze can go back to any earlier step and forward again,
 * every word bit for bit, with the stepper's own state (stack, queue,
 * counters, random numbers) as it was at that step.
 *
 * Cost: each step keeps the words it changed as XOR masks (6 bytes a
 * word, one entry for a step that changed none), and every few thousand
 * steps a copy of the stepper (a checkpoint), spaced so that the copies
 * cost about 8 bytes a step.  Going to step k restores the words along
 * the masks to the last checkpoint before k and redoes the steps from
 * there: the steppers are deterministic.  The log and checkpoints stay
 * within the history's limit (maze_history_set_limit(), 256 MiB unless
 * set): past it the oldest steps' log goes, but every step stays
 * reachable: going to a step the log no longer holds makes the stepper of
 * step 0 again, runs it without recording to shortly before that step
 * (the stepper's own speed: about a second for the 10^8 steps of a
 * 10000 x 10000 BFS) and records from there.
 *
 * The maze must outlive the history and nobody else may change its cells
 * while the history lives (as for a generator or solver).
 */
typedef struct MazeHistory MazeHistory;

/**
 * maze_history_new_generator:
 * @place: whether one more step after the last carve places the start and
 *         the goal as maze_place_endpoints (@placement, @openings, @seed)
 *         does (a MAZE_STEP_OPENING step, cell = start, other = goal)
 *
 * A history of maze_generator_new (@maze, @algorithm, @seed, @loops); the
 * maze is cleared as that does.  Step 0 is the empty grid.
 *
 * Returns: the history, or NULL with the generator's errors,
 * MAZE_ERROR_ARGUMENT for an unknown placement, or MAZE_ERROR_NOMEM.
 */
MazeHistory *maze_history_new_generator (Maze          *maze,
                                         const char    *algorithm,
                                         uint64_t       seed,
                                         unsigned       loops,
                                         bool           place,
                                         MazePlacement  placement,
                                         bool           openings,
                                         MazeError     *error);

/* A history of maze_solver_new (@maze, @name): the search nibbles are
 * cleared and step 0 is the search not begun.  NULL with its errors. */
MazeHistory *maze_history_new_solver    (Maze          *maze,
                                         const char    *name,
                                         MazeError     *error);

/* Frees the history and its stepper; the maze stays as it is. */
void         maze_history_free          (MazeHistory   *history);

/* The stepper as it is at the current position, for its frontier,
 * counters and status: NULL for the kind the history does not run.
 * Owned by the history; replaced when the position moves back or jumps,
 * so do not keep it across those calls. */
const MazeGenerator *maze_history_generator (const MazeHistory *history);
const MazeSolver    *maze_history_solver    (const MazeHistory *history);

/* The steps done up to what the maze shows; the last step known (done
 * once); the oldest step reachable (0: every step is). */
uint64_t     maze_history_position      (const MazeHistory *history);
uint64_t     maze_history_length        (const MazeHistory *history);
uint64_t     maze_history_first         (const MazeHistory *history);

/* True when there is no step after the current position: the generator
 * is done (and the endpoints placed, if asked), the search has ended. */
bool         maze_history_finished      (const MazeHistory *history);

/* One step forward: the recorded step after the position, or a new one at
 * the end.  @report (may be NULL) is filled as by the stepper's own step.
 * Returns false when finished (the report then says how it ended). */
bool         maze_history_step          (MazeHistory   *history,
                                         MazeStep      *report);

/* As maze_history_step(), but the C statements of @report (each change's
 * expr) are left empty, for maze_step_complete() to write when a report is
 * shown after all: Run does thousands of steps a frame and shows one. */
bool         maze_history_step_quiet    (MazeHistory   *history,
                                         MazeStep      *report);

/**
 * maze_history_run:
 * @max: at most this many steps
 * @cells: room for @max x MAZE_STEP_MAX_CHANGES cell indices
 * @n_cells: (out): how many were written
 *
 * Up to @max steps forward at the stepper's own speed, for a Run at full
 * speed: the steps the log holds after the position are redone through
 * it, and the steps past the log's end are not recorded (a BFS runs its
 * search loop, about 5 times faster than recording).  The log then starts
 * again at the new position, so the steps before it are replayed when
 * gone back to (see above), and the steps recorded after it
 * (maze_history_step()) go back and forth through the log as always.
 * A generator's step that places the endpoints is never run here: it is
 * left to maze_history_step().  @cells gets the index of each word the
 * steps changed, a word once for each change, oldest first: what a view
 * redraws.
 *
 * Returns: the steps done; 0 when finished (or at the placement step).
 */
uint64_t     maze_history_run           (MazeHistory   *history,
                                         uint64_t       max,
                                         uint32_t      *cells,
                                         size_t        *n_cells);

/* One step back.  @report (may be NULL) gets the step the maze now shows
 * the result of, or kind MAZE_STEP_NONE at the first step.  Returns false
 * at maze_history_first() or when out of memory (nothing changed). */
bool         maze_history_back          (MazeHistory   *history,
                                         MazeStep      *report);

/**
 * maze_history_seek:
 * @position: the step to show, clamped to first .. length
 * @reports: (nullable): room for @n_reports steps
 * @n_out: (out) (optional): how many were written
 *
 * Goes to step @position, back or forward.  The newest steps up to it
 * (at most @n_reports, fewer near the first step) are written to @reports,
 * oldest first, the last one being step @position itself.
 *
 * Returns: MAZE_OK, or MAZE_ERROR_NOMEM with nothing changed.
 */
MazeStatus   maze_history_seek          (MazeHistory   *history,
                                         uint64_t       position,
                                         MazeStep      *reports,
                                         size_t         n_reports,
                                         size_t        *n_out,
                                         MazeError     *error);

/* The step maze_history_step() would do next, into @next, without doing
 * it: the maze and the position stay as they are.  Returns false when
 * finished (@next says how it ended) or out of memory. */
bool         maze_history_peek          (MazeHistory   *history,
                                         MazeStep      *next);

/* The cells whose words the steps between positions @a and @b (either
 * order, clamped to the history) change: up to @max indices into @out, a
 * cell once for each step that changed it.  Returns how many there are,
 * which may be more than @max (then only the first @max are written);
 * SIZE_MAX when the log no longer holds those steps (going there replays
 * them: count every cell as changed). */
size_t       maze_history_changed_cells (const MazeHistory *history,
                                         uint64_t       a,
                                         uint64_t       b,
                                         uint32_t      *out,
                                         size_t         max);

/**
 * maze_history_find_line:
 * @line: a line of the listing of the history's algorithm (from 1)
 * @before: the last step to look at (maze_history_position() for "the
 *          step shown or before it")
 *
 * The last step up to @before that ran @line: whose report names it as
 * its line or as a change's line (see "Listings").  The search replays
 * the steps and goes back to the position it started from: the maze and
 * the position stay as they are (a caller that shows the cells sees no
 * change).
 *
 * Returns: the step (1 .. @before), or 0 when no step the history still
 * holds ran it (or out of memory).
 */
uint64_t     maze_history_find_line     (MazeHistory   *history,
                                         unsigned       line,
                                         uint64_t       before);

/* Bytes the history holds (log and checkpoints, not the stepper itself). */
size_t       maze_history_memory        (const MazeHistory *history);
void         maze_history_set_limit     (MazeHistory   *history,
                                         size_t         bytes);

/* MAZE_OK, or MAZE_ERROR_NOMEM when the history could not keep a step:
 * it then goes on with a fresh log (the steps before are replayed when
 * asked for). */
MazeStatus   maze_history_status        (const MazeHistory *history,
                                         MazeError     *error);

/* ------------------------------------------------------------------ */
/* Predict: questions about the next step                              */
/* ------------------------------------------------------------------ */

/*
 * Predict mode stops before a step and asks what it will do; the answer
 * comes from the step itself (a peek: maze_solver_peek(),
 * maze_generator_peek(), maze_history_peek()), so a right answer is
 * never marked wrong.  Two kinds of question:
 *
 *  - A word question for each bit operation of the step: the cell, its
 *    word before the statement, the C statement, and as the answer the
 *    word after it.  A step that changes several words asks one question
 *    a statement, in the order they run: a carve both cells (the second
 *    is the mirror, maze_opposite()), a DFS visit the solution bit of the
 *    cell it leaves and then the backtrack bit of the cell it enters, the
 *    placement of the endpoints each opening.  No step writes one word
 *    twice, so every answer is also the word the cell keeps once the step
 *    is done.
 *  - "Which cell comes next?" (maze_solver_next_cell()), asked before the
 *    word questions of a solver's step when its descriptor has a
 *    next_rule, with that rule as the reason.  BFS, DFS, A*, the
 *    junction search and both wall followers have one; the generators
 *    ask word questions only.
 *
 * The teacher chooses the steps (MazePredictOptions): every step, every
 * Nth, only steps that change a given nibble (and then only their
 * statements that change it), and the kinds.  A step passes or not by
 * its number and its report alone, so going back and forth in a history
 * asks the same questions again.
 */

typedef enum
{
  MAZE_QUESTION_WORD = 0, /* "what is maze[i] after this statement?" */
  MAZE_QUESTION_CELL,     /* "which cell comes next?" */
} MazeQuestionKind;

/* Most ties a cell question lists, and most questions one step asks. */
#define MAZE_QUESTION_TIES_MAX 8
#define MAZE_PREDICT_MAX_QUESTIONS (1 + MAZE_STEP_MAX_CHANGES)

typedef struct
{
  MazeQuestionKind kind;
  uint32_t    index;    /* WORD: the cell maze[index]; CELL: the cell that comes next */
  uint32_t    x;        /* index as a column and a row */
  uint32_t    y;

  /* WORD */
  unsigned    change;   /* which statement of the step, from 0 */
  uint16_t    word;     /* maze[index] before the statement */
  uint16_t    answer;   /* maze[index] after it: the right answer */
  char        statement[MAZE_EXPR_MAX]; /* "maze[87] |= W << 8" */

  /* CELL */
  uint32_t    from;     /* where the search works from now (maze_solver_current()) */
  unsigned    n_ties;   /* cells as right as index (A*'s equal estimates) */
  uint32_t    ties[MAZE_QUESTION_TIES_MAX];
  const char *reason;   /* the descriptor's next_rule: MAZE_N_ English, translate it */
} MazeQuestion;

typedef struct
{
  uint64_t every;  /* ask at steps number every, 2 every, ... (0 or 1: every step) */
  int      nibble; /* -1: any; 0..3: only steps (and statements) that change this nibble */
  bool     words;  /* ask word questions */
  bool     cells;  /* ask "which cell comes next?" */
} MazePredictOptions;

/* Every step, any nibble, both kinds. */
void maze_predict_options_init (MazePredictOptions *options);

/* Does the step numbered @number (the steps done before it, plus one)
 * with report @next get questions under @options?  (It may still get
 * none: a step that changes no word, a solver without a next_rule.) */
bool maze_predict_selects (const MazePredictOptions *options,
                           uint64_t                  number,
                           const MazeStep           *next);

/**
 * maze_predict_questions:
 * @maze: the maze before the step (the step is not done yet)
 * @solver: (nullable): the solver about to do @next, for "which cell
 *          comes next?"; NULL for a generator
 * @next: the step about to be done, from a peek
 * @number: its number, counted from 1 (for options->every)
 * @out: room for @max questions (MAZE_PREDICT_MAX_QUESTIONS is enough)
 *
 * The questions to ask before @next under @options, in the order to ask
 * them: the cell question, then a word question per statement.
 *
 * Returns: how many were written.
 */
size_t maze_predict_questions (const Maze               *maze,
                               const MazeSolver         *solver,
                               const MazeStep           *next,
                               uint64_t                  number,
                               const MazePredictOptions *options,
                               MazeQuestion             *out,
                               size_t                    max);

/* Is @cell a right answer to the cell question @question: the cell that
 * comes next or one of its ties? */
bool maze_question_cell_right (const MazeQuestion *question,
                               uint32_t            cell);

/**
 * maze_predict_parse_word:
 * @text: what a student typed: hex ("0x1809", "1809", "0X1809") or
 *        binary ("0b0001100000001001"), with spaces or '_' between
 *        digits allowed ("0b0001 1000 0000 1001"), white space around
 *
 * Returns: true with *@word set for a word of at most 16 bits; false for
 * anything else (an empty text included).
 */
bool maze_predict_parse_word (const char *text,
                              uint16_t   *word);

/* ------------------------------------------------------------------ */
/* .maze files (maze-format.md 2)                                      */
/* ------------------------------------------------------------------ */

/* Version 1 holds a rectangle; version 2, the same layout, a shaped maze
 * (cells outside the shape).  A writer writes version 1 whenever the maze
 * is a rectangle. */
#define MAZE_FILE_VERSION        1
#define MAZE_FILE_VERSION_SHAPED 2
#define MAZE_FILE_HEADER_SIZE    40
#define MAZE_FILE_META_MAX    65536u

/* CRC-32 as in zlib, PNG and gzip; crc32("123456789") = 0xCBF43926.
 * Pass 0 as @crc to start, the previous result to continue. */
uint32_t maze_crc32 (uint32_t    crc,
                     const void *data,
                     size_t      len);

/* Load a maze from bytes in memory.  Every check of the spec; MAZE_ERROR_
 * FORMAT / INCONSISTENT / NOMEM with the spec's message.  Never reads past
 * @len, never allocates more than @len backs. */
Maze *maze_load_memory (const void *data,
                        size_t      len,
                        MazeError  *error);

/* Load from an open stream (read to its end). */
Maze *maze_load_stdio (FILE      *stream,
                       MazeError *error);

/* Load from a path; MAZE_ERROR_IO names the path and the system's reason. */
Maze *maze_load_file (const char *path,
                      MazeError  *error);

/* The file's bytes, malloc()ed, *len set.  NULL with NOMEM. */
void *maze_save_memory (const Maze *maze,
                        size_t     *len,
                        MazeError  *error);

MazeStatus maze_save_stdio (const Maze *maze,
                            FILE       *stream,
                            MazeError  *error);

/* Saves to @path by the rule of maze-output.h: a regular file (or a
 * symbolic link's target) is replaced atomically (temporary file in the
 * same folder, fsync, rename), a device or FIFO is written directly, a
 * read-only file is refused.  On any failure the old file is untouched,
 * no temporary file stays, and MAZE_ERROR_IO says why, naming @path. */
MazeStatus maze_save_file (const Maze *maze,
                           const char *path,
                           MazeError  *error);

typedef struct MazeOutput MazeOutput;

/* Writes the whole file to @out (see maze-output.h), which the caller
 * opened and then commits or aborts.  MAZE_OK, or the failure (a write
 * failure names the output). */
MazeStatus maze_save_output (const Maze *maze,
                             MazeOutput *out,
                             MazeError  *error);

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

/*
 * An error is a status (MazeStatus, at the top of this header), a message
 * of the engine's one table of messages (MazeMessage) and the values that
 * go into it.  The table holds each message's English template, marked
 * with MAZE_N_(): it is the msgid.  The engine fills error->message with
 * the English text; the app and the CLI format the template in the user's
 * language with the same values (maze_error_format(), and
 * src/i18n/bitmaze-error.h).  Codes name messages, not places: a code is
 * used wherever the same thing goes wrong, and its values are those its
 * template asks for, in order (the comment at each code).
 */
typedef enum
{
  MAZE_MSG_NONE = 0,                  /* no error */
  MAZE_MSG_NOMEM,                     /* out of memory */
  MAZE_MSG_NOMEM_MAZE,                /* for a width×height maze of n MB */

  /* sizes, cells and bits */
  MAZE_MSG_WIDTH_RANGE,               /* width, the largest */
  MAZE_MSG_HEIGHT_RANGE,              /* height, the largest */
  MAZE_MSG_TOO_MANY_CELLS,            /* width, height, cells, the most */
  MAZE_MSG_START_OUTSIDE,             /* cell, width, height */
  MAZE_MSG_GOAL_OUTSIDE,              /* cell, width, height */
  MAZE_MSG_CELL_OUTSIDE,              /* cell, width, height */
  MAZE_MSG_NOT_ONE_DIRECTION,         /* the bits */
  MAZE_MSG_BIT_RANGE,                 /* the bit */
  MAZE_MSG_BORDER_FIXED_EDGE,         /* direction, x, y */
  MAZE_MSG_BORDER_FIXED_INNER,        /* direction, x, y */
  MAZE_MSG_SOLUTION_OUTWARD,          /* x, y, direction */
  MAZE_MSG_BACKTRACK_OUTWARD,         /* x, y, direction */

  /* inconsistent cells, maze-format.md 1: x, y first */
  MAZE_MSG_INCONSISTENT_BORDER,       /* x, y, found, expected */
  MAZE_MSG_INCONSISTENT_PASSAGE,      /* x, y, direction */
  MAZE_MSG_INCONSISTENT_SOLUTION,     /* x, y, the nibble */
  MAZE_MSG_INCONSISTENT_SOLUTION_BORDER,  /* x, y, direction */
  MAZE_MSG_INCONSISTENT_BACKTRACK,    /* x, y, the nibble */
  MAZE_MSG_INCONSISTENT_BACKTRACK_BORDER, /* x, y, direction */
  MAZE_MSG_INCONSISTENT_OUTSIDE,      /* x, y, the cell word */

  /* metadata */
  MAZE_MSG_META_KEY,                  /* key */
  MAZE_MSG_META_VALUE_NEWLINE,        /* key */
  MAZE_MSG_META_VALUE_NOT_UTF8,       /* key */
  MAZE_MSG_META_TOO_BIG,              /* bytes, the most */

  /* reading a .maze file, maze-format.md 2 */
  MAZE_MSG_EMPTY_FILE,
  MAZE_MSG_BAD_MAGIC,
  MAZE_MSG_TRUNCATED_HEADER,          /* expected, found */
  MAZE_MSG_UNSUPPORTED_VERSION,       /* version */
  MAZE_MSG_HEADER_SIZE,               /* found, version 1's */
  MAZE_MSG_HEADER_CRC,
  MAZE_MSG_META_SIZE,                 /* found, the most */
  MAZE_MSG_TRUNCATED,                 /* expected, found */
  MAZE_MSG_TRAILING_DATA,             /* expected, found */
  MAZE_MSG_TRAILING_DATA_MORE,        /* expected */
  MAZE_MSG_DATA_CRC,
  MAZE_MSG_META_NO_NEWLINE,           /* line */
  MAZE_MSG_META_NOT_UTF8,             /* line */
  MAZE_MSG_META_NUL,                  /* line */
  MAZE_MSG_META_NO_EQUALS,            /* line */
  MAZE_MSG_META_BAD_KEY,              /* line */
  MAZE_MSG_DUPLICATE_KEY,             /* key, line */
  MAZE_MSG_V2_RECTANGLE,
  MAZE_MSG_START_NOT_IN_SHAPE,        /* x, y */
  MAZE_MSG_GOAL_NOT_IN_SHAPE,         /* x, y */

  /* the system refused: the last value is its reason */
  MAZE_MSG_IO_OPEN,                   /* path, reason */
  MAZE_MSG_IO_READ,                   /* path, reason */
  MAZE_MSG_IO_READ_STREAM,            /* reason */
  MAZE_MSG_IO_WRITE_STREAM,           /* reason */
  MAZE_MSG_IO_SAVE,                   /* path, reason */
  MAZE_MSG_IO_WRITE_TO,               /* what (a path or "standard output"), reason */
  MAZE_MSG_OUTPUT_READ_ONLY,          /* path */

  /* algorithms, generators, placement */
  MAZE_MSG_NO_GENERATOR,
  MAZE_MSG_UNKNOWN_GENERATOR,         /* name */
  MAZE_MSG_UNKNOWN_GENERATOR_VARIANT, /* name, the known names */
  MAZE_MSG_PARAM_COUNT,               /* algorithm, least, most, given */
  MAZE_MSG_PARAM_FRACTION,            /* algorithm, least, most, given */
  MAZE_MSG_GENERATOR_NO_PARAM,        /* algorithm, given */
  MAZE_MSG_NO_MAZE,
  MAZE_MSG_LOOPS_RANGE,               /* percent */
  MAZE_MSG_UNKNOWN_PLACEMENT,         /* number */
  MAZE_MSG_NO_SOLVER,
  MAZE_MSG_UNKNOWN_SOLVER,            /* name, the known names */
  MAZE_MSG_SOLVER_NO_PARAM,           /* algorithm, given */

  /* the player's walk */
  MAZE_MSG_WALL,
  MAZE_MSG_LEAVES_MAZE,               /* direction */
  MAZE_MSG_WALK_BROKEN,

  /* shapes and masks */
  MAZE_MSG_NOT_IN_SHAPE,              /* x, y */
  MAZE_MSG_UNKNOWN_SHAPE,             /* name */
  MAZE_MSG_SHAPE_TOO_SMALL,           /* width, height */
  MAZE_MSG_SHAPE_PIECES,              /* pieces, width, height */
  MAZE_MSG_MAZE_PIECES,               /* pieces */
  MAZE_MSG_SHAPE_BINARY_TREE,         /* algorithm, cells, x, y */
  MAZE_MSG_SHAPE_SIDEWINDER,          /* algorithm, row pieces, x, y */
  MAZE_MSG_SHAPE_REFUSED,             /* algorithm, its shape_limit (a phrase) */
  MAZE_MSG_MASK_EMPTY,
  MAZE_MSG_MASK_NO_CELLS,
  MAZE_MSG_MASK_NUL,                  /* line */
  MAZE_MSG_MASK_TOO_WIDE,             /* line, the most */
  MAZE_MSG_MASK_TOO_TALL,             /* the most */
  MAZE_MSG_SHAPE_TEXT_EMPTY,
  MAZE_MSG_MASK_FILE_TOO_LARGE,       /* path, MiB */
  MAZE_MSG_MASK_NOT_PNG,              /* path */
  MAZE_MSG_MASK_PNG,                  /* path, libpng's reason */
  MAZE_MSG_MASK_IMAGE_SIZE,           /* path, width, height, the largest side, the most pixels */
  MAZE_MSG_MASK_NO_DARK,              /* path */

  /* the renderer: options, images, worksheets, animations */
  MAZE_MSG_CELL_SIZE,                 /* size */
  MAZE_MSG_WALL_WIDTH,                /* width, cell size */
  MAZE_MSG_MARGIN,                    /* margin */
  MAZE_MSG_LABEL_NIBBLE,              /* nibble */
  MAZE_MSG_RENDER_MODE,
  MAZE_MSG_DRAWING_TOO_LARGE,         /* width, height */
  MAZE_MSG_NO_FILE_NAME,
  MAZE_MSG_UNKNOWN_FORMAT,            /* format */
  MAZE_MSG_UNKNOWN_FORMAT_NUMBER,     /* number */
  MAZE_MSG_UNKNOWN_EXTENSION,         /* extension, path */
  MAZE_MSG_FORMAT_OF_NAME,            /* path */
  MAZE_MSG_PNG_TOO_LARGE,             /* width, height, the most, a cell size that fits */
  MAZE_MSG_PNG_TOO_LARGE_ANY_CELL,    /* width, height, the most, width and height with 2-pixel cells */
  MAZE_MSG_IMAGE_NOMEM,               /* width, height */
  MAZE_MSG_RENDER_WRITE,              /* format, reason */
  MAZE_MSG_WRITE_FILE,                /* path, reason */
  MAZE_MSG_WORKSHEET_EMPTY,
  MAZE_MSG_WORKSHEET_MISSING,         /* number */
  MAZE_MSG_WORKSHEET_WRITE,           /* reason */
  MAZE_MSG_PAGE_SIZE,                 /* width, height */
  MAZE_MSG_PAGE_MARGIN,               /* margin, width, height */
  MAZE_MSG_PER_PAGE,                  /* mazes, the most */
  MAZE_MSG_NO_ALGORITHM,
  MAZE_MSG_STEPS_PER_FRAME,
  MAZE_MSG_FEW_FRAMES,
  MAZE_MSG_FRAMES_TOO_LARGE,          /* width, height, the most */
  MAZE_MSG_FRAMES_NOMEM,              /* width, height */
  MAZE_MSG_CANCELLED,
  MAZE_MSG_GIF_SIZE,                  /* width, height */
  MAZE_MSG_GIF_FRAME_SIZE,            /* frame width, height, GIF width, height */
  MAZE_MSG_GIF_WRITE,                 /* reason */
  MAZE_MSG_GIF_WRITE_FAILED,

  MAZE_MSG_META_VALUE_CONTROL,        /* key, the character's code */
  MAZE_MSG_PNG_TOO_MANY_PIXELS,       /* width, height, the most, a cell size that fits */
  MAZE_MSG_PNG_TOO_MANY_PIXELS_ANY_CELL, /* width, height, the most, width and height with 2-pixel cells */
  MAZE_MSG_GENERATOR_STREAM,          /* name */
  MAZE_MSG_NOMEM_ALGORITHM,           /* an algorithm's name, the bytes it could not get */
  MAZE_MSG_NOMEM_FOR,                 /* what (a phrase), the bytes it could not get */
  MAZE_MSG_EXERCISE_MAZE_SIZE,        /* number, width, height, the most */

  /* the explainer: reading a statement (the part it could not read) */
  MAZE_MSG_STATEMENT_START,           /* the text */
  MAZE_MSG_STATEMENT_INDEX,           /* the text */
  MAZE_MSG_STATEMENT_OPERATOR,        /* the text */
  MAZE_MSG_STATEMENT_OPERAND,         /* the text */
  MAZE_MSG_STATEMENT_SHIFT,           /* the text */
  MAZE_MSG_STATEMENT_PAREN,           /* the text */
  MAZE_MSG_STATEMENT_TRAILING,        /* the text */
  MAZE_MSG_STATEMENT_WIDE,            /* the mask */
  /* the explainer: what a statement does (status MAZE_OK) */
  MAZE_MSG_EXPLAIN_SHIFT,             /* operand, value, shift, nibble, low bit, high bit, mask, binary */
  MAZE_MSG_EXPLAIN_NIBBLE,            /* operand, mask, binary, nibble, low bit, high bit */
  MAZE_MSG_EXPLAIN_WIDE,              /* operand, mask, binary */
  MAZE_MSG_EXPLAIN_OR,                /* bits, before, after */
  MAZE_MSG_EXPLAIN_AND_NOT,           /* bits, before, after */
  MAZE_MSG_EXPLAIN_XOR,               /* bits, before, after */
  /* the explainer: a wrong answer */
  MAZE_MSG_MISTAKE_NIBBLE_SHIFT,      /* shift, operand, nibble, low bit, high bit, the answer's nibble */
  MAZE_MSG_MISTAKE_NIBBLE,            /* operand, nibble, low bit, high bit, the answer's nibble */
  MAZE_MSG_MISTAKE_OPPOSITE,          /* answer's direction, its value, the right one, its value */
  MAZE_MSG_MISTAKE_DIRECTION,         /* answer's direction, its value, the right one, its value */
  MAZE_MSG_MISTAKE_DROPPED,           /* lost bits, operator */
  MAZE_MSG_MISTAKE_NOT_APPLIED,       /* before, operator, bits, after */
  MAZE_MSG_MISTAKE_OTHER,             /* bits, right word */
  MAZE_MSG_IMAGE_NOMEM_BYTES,         /* width, height, bytes */

  MAZE_MSG_N                          /* not a message: how many there are */
} MazeMessage;

/* The English template of @code, which is also its msgid; "" for
 * MAZE_MSG_NONE and for a number that is no message. */
const char *maze_message_template (MazeMessage code);

/* A value of a message.  Make them with the macros below. */
typedef enum
{
  MAZE_ARG_END = 0,   /* ends a list of values */
  MAZE_ARG_NUMBER,    /* a whole number: %u, %d, %X in the template */
  MAZE_ARG_REAL,      /* a number with a fraction: %g, %.0f */
  MAZE_ARG_TEXT,      /* a path, a name, the system's reason: %s */
  MAZE_ARG_DIRECTION, /* one direction bit, shown by name ("east"): %s */
  MAZE_ARG_PHRASE,    /* English words marked MAZE_N_, translated with the message: %s */
} MazeArgKind;

typedef struct
{
  MazeArgKind  kind;
  uint64_t     number; /* a number, a negative one as its two's complement; a direction bit */
  double       real;
  const char  *text;   /* given to maze_error_set(); kept in the error's own texts */
} MazeErrorArg;

#define MAZE_NUM(n)  ((MazeErrorArg) { MAZE_ARG_NUMBER, (uint64_t) (n), 0, NULL })
#define MAZE_REAL(x) ((MazeErrorArg) { MAZE_ARG_REAL, 0, (double) (x), NULL })
#define MAZE_TEXT(s) ((MazeErrorArg) { MAZE_ARG_TEXT, 0, 0, (s) })
#define MAZE_DIR(d)  ((MazeErrorArg) { MAZE_ARG_DIRECTION, (uint64_t) (d), 0, NULL })
#define MAZE_PHRASE(s) ((MazeErrorArg) { MAZE_ARG_PHRASE, 0, 0, (s) })

/* A message has at most this many values, and its texts together hold
 * two paths of any length the system accepts (PATH_MAX, 4096 bytes on
 * Linux) and more: a message naming files is never cut.  The message
 * holds the texts, a template and the numbers. */
#define MAZE_ERROR_MAX_ARGS    8
#define MAZE_ERROR_ARG_MAX     4096
#define MAZE_ERROR_TEXT_MAX    (2 * MAZE_ERROR_ARG_MAX + 512)
#define MAZE_ERROR_MESSAGE_MAX (MAZE_ERROR_TEXT_MAX + 512)

struct MazeError
{
  MazeStatus   status;
  MazeMessage  code;                         /* MAZE_MSG_NONE when cleared */
  unsigned     n_args;
  MazeErrorArg args[MAZE_ERROR_MAX_ARGS];    /* a text's .text is NULL: read it */
  uint32_t     text_at[MAZE_ERROR_MAX_ARGS]; /* with maze_error_arg_text() */
  char         texts[MAZE_ERROR_TEXT_MAX];
  char         message[MAZE_ERROR_MESSAGE_MAX]; /* the English text */
};

/**
 * maze_error_set:
 * @error: (nullable): where the error goes
 * @status: what kind of failure
 * @...: the message, a MazeMessage, then its values made with MAZE_NUM(),
 *       MAZE_REAL(), MAZE_TEXT() and MAZE_DIR(), in the order of its
 *       template
 *
 * Sets @error to @status, the message and its values (the texts copied),
 * and error->message to the English text.  Returns @status, so
 * `return maze_error_set (...)` reads well.
 */
#define maze_error_set(error, status, ...) \
  maze_error_set_args ((error), (status), MAZE_ERROR_ARGS_ (__VA_ARGS__, MAZE_ARG_END_))
#define MAZE_ERROR_ARGS_(code, ...) (code), (const MazeErrorArg[]) { __VA_ARGS__ }
#define MAZE_ARG_END_ ((MazeErrorArg) { MAZE_ARG_END, 0, 0, NULL })

/* What maze_error_set() calls: @args ends with a value of kind
 * MAZE_ARG_END. */
MazeStatus maze_error_set_args (MazeError          *error,
                                MazeStatus          status,
                                MazeMessage         code,
                                const MazeErrorArg *args);

/* Clears @error to MAZE_OK, MAZE_MSG_NONE and an empty message. */
void maze_error_clear (MazeError *error);

/* The text of value @n of @error's message, a text or a phrase ("" when
 * it is neither). */
const char *maze_error_arg_text (const MazeError *error,
                                 unsigned         n);

/* How maze_error_format() words what the engine has no words for. */
typedef struct
{
  /* The name of a direction bit; NULL: the English one, "east". */
  const char *(*direction) (uint16_t  dir,
                            void     *data);
  /* A phrase in the user's language; NULL: as it is, in English. */
  const char *(*phrase)    (const char *english,
                            void       *data);
  void        *data;
} MazeErrorWords;

/**
 * maze_error_format:
 * @template: the template of error->code (maze_message_template()), or
 *            its translation, whose conversions may name their value
 *            ("%2$s")
 * @words: (nullable): names for the directions
 * @buf: (nullable): where the text goes, NUL-terminated, cut to @len
 *
 * Formats @template with the values of @error, as snprintf() does:
 * %u %d %x %X (with a 0 flag and a width, length modifiers ignored) take
 * a number, %g and %.Nf a real, %s a text, a phrase or a direction, %% is
 * a '%'.  A
 * conversion without a value (a bad translation) writes nothing.
 *
 * Returns: the length of the whole text, without the NUL; call it with
 * @len 0 to learn the size a buffer needs.
 */
size_t maze_error_format (const MazeError      *error,
                          const char           *template,
                          const MazeErrorWords *words,
                          char                 *buf,
                          size_t                len);

/* ------------------------------------------------------------------ */
/* The explainer: what a statement does, and what a wrong answer did  */
/* ------------------------------------------------------------------ */

/*
 * maze_explain() reads one statement as Bitmaze prints it (every form a
 * generator, a solver or an edit logs: "maze[87] |= W << 12;",
 * "maze[87] &= ~(E << 8)", "maze[87] &= ~0x0F00", "maze[87] |= S",
 * "maze[5] &= ~(N | W)", "maze[3] ^= 0x9") and, given the word before,
 * says what it does: the mask in hex and binary, the bits and the nibble
 * it touches, what the operator does, and the word after.  A wrong answer
 * given to maze_explain_answer() gets a mistake code and a sentence.
 *
 * Operands: N E S W (also MAZE_N ... MAZE_W), numbers in hex (0x...) or
 * decimal, the masks and shifts by name (MAZE_SOLUTION_MASK,
 * MAZE_BACKTRACK_SHIFT, ...), joined with | and shifted with <<, in
 * parentheses.  Operators: |= (set), &= ~ (clear), ^= (flip).  A ';' at
 * the end may be there or not.
 *
 * The sentences are messages of the engine's table (see "Errors"): a
 * MazeError whose status is MAZE_OK, its English text in ->message;
 * bitmaze_error_message() (src/i18n) gives it in the user's language.
 */

typedef enum
{
  MAZE_MISTAKE_NONE = 0,           /* the answer is right */
  MAZE_MISTAKE_WRONG_NIBBLE,       /* the right direction in another nibble */
  MAZE_MISTAKE_OPPOSITE_DIRECTION, /* the opposite side, in the right nibble */
  MAZE_MISTAKE_WRONG_DIRECTION,    /* another direction, in the right nibble */
  MAZE_MISTAKE_DROPPED_BITS,       /* the mask right, bits set before lost */
  MAZE_MISTAKE_NOT_APPLIED,        /* the word before, unchanged */
  MAZE_MISTAKE_OTHER,              /* none of these: see the bits that differ */
} MazeMistake;

typedef enum
{
  MAZE_EXPLAIN_OR = 0, /* |=   sets the mask's bits, keeps the rest */
  MAZE_EXPLAIN_AND_NOT, /* &= ~ clears them, keeps the rest */
  MAZE_EXPLAIN_XOR,    /* ^=   flips them, keeps the rest */
} MazeExplainOp;

/* What one statement does to one word.  About 60 kB (four messages):
 * allocate it, or keep it off small stacks. */
typedef struct
{
  char          statement[MAZE_EXPR_MAX]; /* as given, white space trimmed, no ';' */
  uint32_t      index;    /* the N of maze[N] */
  MazeExplainOp op;
  uint16_t      mask;     /* the bits the statement touches: W << 12 is 0x8000 */
  uint16_t      operand;  /* the value before its last shift: W << 12 gives 8 (W) */
  unsigned      shift;    /* that shift, 0 when none was written */
  bool          shifted;  /* a shift was written ("<< 0" included) */
  char          operand_text[24]; /* the operand as written, "W", "(N | W)", "0x0F00" */
  int           nibble;   /* 0 passages, 1 border, 2 solution, 3 backtrack; -1: the mask
                           * is empty or spans nibbles */
  uint16_t      before;   /* the word before */
  uint16_t      after;    /* the word after */
  MazeError     mask_sentence; /* "W is 0x8; << 12 moves it into the backtrack nibble, ..." */
  MazeError     op_sentence;   /* "|= sets the bits of the mask (15) and keeps the others: ..." */

  /* filled by maze_explain_answer () */
  bool          answered;
  uint16_t      answer;
  uint16_t      differ;   /* answer ^ after */
  MazeMistake   mistake;
  MazeError     why;      /* the mistake in a sentence; empty (code MAZE_MSG_NONE) when right */
} MazeExplanation;

/**
 * maze_explain:
 * @statement: one statement, as above
 * @before: the word maze[N] holds before it
 * @out: filled (answered false)
 *
 * Returns: MAZE_OK; or MAZE_ERROR_ARGUMENT with a message that names the
 * part it could not read (the start maze[N], the index, the operator, an
 * operand, a shift, a parenthesis, text after the end) or a mask wider
 * than 16 bits.  @out is then undefined.
 */
MazeStatus maze_explain (const char      *statement,
                         uint16_t         before,
                         MazeExplanation *out,
                         MazeError       *error);

/**
 * maze_explain_answer:
 * @explanation: from maze_explain ()
 * @answer: the word a student gave as maze[N] after the statement
 *
 * Names the mistake (MAZE_MISTAKE_NONE when @answer is the word after)
 * and writes its sentence into @explanation->why.
 *
 * Returns: the mistake.
 */
MazeMistake maze_explain_answer (MazeExplanation *explanation,
                                 uint16_t         answer);

/* The code of @mistake for programs and files: "wrong-nibble",
 * "opposite-direction", "wrong-direction", "dropped-bits", "not-applied",
 * "other", and "right" for MAZE_MISTAKE_NONE. */
const char *maze_mistake_code (MazeMistake mistake);

/* The name of nibble 0..3: "passages", "border", "solution", "backtrack"
 * (MAZE_N_ English: translate it), "" for anything else. */
const char *maze_nibble_name (int nibble);

/* The numbers of the bits set in @bits, highest first, as "15, 12":
 * into @buf (always NUL-terminated), "" for none. */
void maze_bits_list (uint16_t  bits,
                     char     *buf,
                     size_t    len);

#ifdef __cplusplus
}
#endif
