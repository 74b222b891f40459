/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-text.c: a maze as text, for the terminal.
 *
 * The layout: every cell is two characters wide, walls sit on the
 * lines and columns between cells, so a W x H maze is (3W + 1) columns by
 * (2H + 1) lines.  Corners are "+" in ASCII; with box drawing each corner
 * is the character joining the walls that meet there.  Inside a cell:
 * "@@" the start, "&&" the goal, the solution filled,
 * searched cells shaded; the gap between two cells of the path (or of the
 * search tree) is filled too, so the path reads as one line.  Around a
 * shaped maze, cells outside its shape are blank, with no wall between
 * two of them.
 */
#include "config.h"

#include <string.h>

#include "cli.h"

#define ANSI_RESET    "\033[0m"
#define ANSI_SOLUTION "\033[32m"   /* green */
#define ANSI_SEARCH   "\033[34m"   /* blue */
#define ANSI_START    "\033[1;33m" /* bold yellow */
#define ANSI_GOAL     "\033[1;31m" /* bold red */
#define ANSI_CURRENT  "\033[7m"    /* reverse video */

/* Corner characters indexed by up | right << 1 | down << 2 | left << 3. */
static const char *const box_corners[16] = {
  " ", "╵", "╶", "└", "╷", "│", "┌", "├",
  "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};

typedef enum
{
  FILL_NONE,
  FILL_SEARCH,
  FILL_SOLUTION,
} Fill;

/* Writes one text line, emitting a colour sequence only when the colour
 * changes (a solution run is one green sequence, not one per cell). */
typedef struct
{
  GString    *out;
  gboolean    enabled;
  const char *color; /* the colour in effect, NULL for the default */
} Pen;

static void
pen_color (Pen        *pen,
           const char *color)
{
  if (!pen->enabled || pen->color == color)
    return;
  if (pen->color != NULL)
    g_string_append (pen->out, ANSI_RESET);
  if (color != NULL)
    g_string_append (pen->out, color);
  pen->color = color;
}

/* Appends @text in @color (NULL: the terminal's default). */
static void
pen_write (Pen        *pen,
           const char *color,
           const char *text)
{
  pen_color (pen, color);
  g_string_append (pen->out, text);
}

typedef struct
{
  const char *hwall;    /* two columns of horizontal wall */
  const char *vwall;    /* one column of vertical wall */
  const char *solution; /* one column of solution */
  const char *search;   /* one column of searched cell */
} Glyphs;

static const Glyphs ascii_glyphs = { "--", "|", "*", "." };
static const Glyphs box_glyphs = { "──", "│", "█", "░" };

void
cli_text_options_init (CliTextOptions *options)
{
  memset (options, 0, sizeof *options);
  /* Box drawing needs a UTF-8 locale; elsewhere fall back to ASCII. */
  options->ascii = !g_get_charset (NULL);
  options->solution = TRUE;
  options->search = TRUE;
  options->current = G_MAXUINT32;
}

static guint
n_digits (guint32 n)
{
  guint d = 1;

  while (n >= 10)
    {
      n /= 10;
      d++;
    }
  return d;
}

/* Width of the row numbers, with their space. */
static guint
label_width (const Maze           *maze,
             const CliTextOptions *options)
{
  return options->labels ? n_digits (maze_height (maze) - 1) + 1 : 0;
}

guint
cli_text_n_lines (const Maze           *maze,
                  const CliTextOptions *options)
{
  return 2 * maze_height (maze) + 1 + (options->labels ? 1 : 0);
}

/* In a shaped maze: the wall between cells @a and @b (either may be
 * G_MAXUINT32, off the grid) stands when the one in the maze has no
 * passage through it; there is none between two cells outside. */
static gboolean
shaped_wall (const Maze *maze,
             uint32_t    a,
             uint16_t    a_side,
             uint32_t    b,
             uint16_t    b_side)
{
  const uint16_t *cells = maze_cells_const (maze);

  if (a != G_MAXUINT32 && maze_contains (maze, a))
    return !maze_cell_is_open (cells[a], a_side);
  if (b != G_MAXUINT32 && maze_contains (maze, b))
    return !maze_cell_is_open (cells[b], b_side);
  return FALSE;
}

/* Is there a wall on horizontal line @yl (0 ..= height) above column @x? */
static gboolean
hwall (const Maze *maze,
       uint32_t    x,
       uint32_t    yl)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t h = maze_height (maze);

  if (maze_is_shaped (maze))
    return shaped_wall (maze, yl > 0 ? maze_index (maze, x, yl - 1) : G_MAXUINT32, MAZE_S,
                        yl < h ? maze_index (maze, x, yl) : G_MAXUINT32, MAZE_N);
  if (yl < h)
    return !maze_cell_is_open (cells[maze_index (maze, x, yl)], MAZE_N);
  return !maze_cell_is_open (cells[maze_index (maze, x, h - 1)], MAZE_S);
}

/* Is there a wall on vertical line @xl (0 ..= width) left of row @y? */
static gboolean
vwall (const Maze *maze,
       uint32_t    xl,
       uint32_t    y)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t w = maze_width (maze);

  if (maze_is_shaped (maze))
    return shaped_wall (maze, xl > 0 ? maze_index (maze, xl - 1, y) : G_MAXUINT32, MAZE_E,
                        xl < w ? maze_index (maze, xl, y) : G_MAXUINT32, MAZE_W);
  if (xl < w)
    return !maze_cell_is_open (cells[maze_index (maze, xl, y)], MAZE_W);
  return !maze_cell_is_open (cells[maze_index (maze, w - 1, y)], MAZE_E);
}

/* What fills the open side between cell @a and its neighbour @b, which
 * lies in direction @dir from @a. */
static Fill
gap_fill (const Maze           *maze,
          const CliTextOptions *options,
          uint32_t              a,
          uint32_t              b,
          uint16_t              dir)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint16_t back = maze_opposite (dir);

  if (options->solution
      && (maze_cell_solution (cells[a]) == dir
          || maze_cell_solution (cells[b]) == back))
    return FILL_SOLUTION;
  if (options->search
      && (maze_cell_backtrack (cells[a]) == dir
          || maze_cell_backtrack (cells[b]) == back))
    return FILL_SEARCH;
  return FILL_NONE;
}

static Fill
cell_fill (const Maze           *maze,
           const CliTextOptions *options,
           uint32_t              i)
{
  uint16_t cell = maze_cells_const (maze)[i];

  if (options->solution && maze_cell_solution (cell) != 0)
    return FILL_SOLUTION;
  if (options->search && maze_cell_backtrack (cell) != 0)
    return FILL_SEARCH;
  return FILL_NONE;
}

/* Appends @n columns of @fill. */
static void
append_fill (Pen          *pen,
             const Glyphs *glyphs,
             Fill          fill,
             guint         n)
{
  const char *glyph = " ", *color = NULL;

  switch (fill)
    {
    case FILL_SOLUTION:
      glyph = glyphs->solution;
      color = ANSI_SOLUTION;
      break;
    case FILL_SEARCH:
      glyph = glyphs->search;
      color = ANSI_SEARCH;
      break;
    case FILL_NONE:
    default:
      break;
    }
  for (guint k = 0; k < n; k++)
    pen_write (pen, color, glyph);
}

static void
append_cell (Pen                  *pen,
             const Maze           *maze,
             const CliTextOptions *options,
             const Glyphs         *glyphs,
             uint32_t              i)
{
  gboolean current = i == options->current;

  if (current)
    pen_color (pen, ANSI_CURRENT);

  if (i == maze_start (maze))
    pen_write (pen, current ? ANSI_CURRENT : ANSI_START, "@@");
  else if (i == maze_goal (maze))
    pen_write (pen, current ? ANSI_CURRENT : ANSI_GOAL, "&&");
  else if (current)
    /* The searcher: a solid block in reverse video, or brackets. */
    g_string_append (pen->out, pen->enabled ? "  " : "<>");
  else
    append_fill (pen, glyphs, cell_fill (maze, options, i), 2);

  if (current)
    pen_color (pen, NULL);
}

static void
wall_line (Pen                  *pen,
           const Maze           *maze,
           const CliTextOptions *options,
           const Glyphs         *glyphs,
           uint32_t              yl)
{
  uint32_t w = maze_width (maze), h = maze_height (maze);

  for (uint32_t xl = 0; xl <= w; xl++)
    {
      /* Around a shape, no corner where no wall meets. */
      if (options->ascii && maze_is_shaped (maze)
          && !(yl > 0 && vwall (maze, xl, yl - 1)) && !(yl < h && vwall (maze, xl, yl))
          && !(xl > 0 && hwall (maze, xl - 1, yl)) && !(xl < w && hwall (maze, xl, yl)))
        pen_write (pen, NULL, " ");
      else if (options->ascii)
        pen_write (pen, NULL, "+");
      else
        {
          guint up = yl > 0 && vwall (maze, xl, yl - 1);
          guint down = yl < h && vwall (maze, xl, yl);
          guint left = xl > 0 && hwall (maze, xl - 1, yl);
          guint right = xl < w && hwall (maze, xl, yl);

          pen_write (pen, NULL,
                     box_corners[up | right << 1 | down << 2 | left << 3]);
        }

      if (xl == w)
        break;
      if (hwall (maze, xl, yl))
        pen_write (pen, NULL, glyphs->hwall);
      else if (yl == 0 || yl == h)
        pen_write (pen, NULL, "  "); /* an opening */
      else
        {
          uint32_t a = maze_index (maze, xl, yl - 1);

          append_fill (pen, glyphs,
                       gap_fill (maze, options, a, a + w, MAZE_S), 2);
        }
    }
}

static void
cell_line (Pen                  *pen,
           const Maze           *maze,
           const CliTextOptions *options,
           const Glyphs         *glyphs,
           uint32_t              y)
{
  uint32_t w = maze_width (maze);

  for (uint32_t xl = 0; xl <= w; xl++)
    {
      uint32_t i = maze_index (maze, xl, y);

      if (vwall (maze, xl, y))
        pen_write (pen, NULL, glyphs->vwall);
      else if (xl == 0 || xl == w)
        pen_write (pen, NULL, " "); /* an opening */
      else
        append_fill (pen, glyphs,
                     gap_fill (maze, options, i - 1, i, MAZE_E), 1);

      if (xl < w)
        append_cell (pen, maze, options, glyphs, i);
    }
}

void
cli_text_line (const Maze           *maze,
               const CliTextOptions *options,
               guint                 line,
               GString              *out)
{
  const Glyphs *glyphs = options->ascii ? &ascii_glyphs : &box_glyphs;
  guint labels = label_width (maze, options);
  Pen pen = { out, options->color, NULL };

  if (options->labels)
    {
      if (line == 0)
        {
          uint32_t w = maze_width (maze);

          /* Column numbers over the cells; past 100 columns, the last
           * two digits. */
          g_string_append_printf (out, "%*s", (int) labels + 1, "");
          for (uint32_t x = 0; x < w; x++)
            g_string_append_printf (out, w <= 100 ? "%2u " : "%02u ",
                                    (unsigned) (x % 100));
          while (out->len > 0 && out->str[out->len - 1] == ' ')
            g_string_truncate (out, out->len - 1);
          return;
        }
      line--;
      if (line % 2 == 1)
        g_string_append_printf (out, "%*u ", (int) labels - 1, line / 2);
      else
        g_string_append_printf (out, "%*s", (int) labels, "");
    }

  if (line % 2 == 0)
    wall_line (&pen, maze, options, glyphs, line / 2);
  else
    cell_line (&pen, maze, options, glyphs, line / 2);
  pen_color (&pen, NULL);
}

gboolean
cli_text_print (const Maze           *maze,
                const CliTextOptions *options,
                FILE                 *out)
{
  g_autoptr (GString) line = g_string_new (NULL);
  guint n = cli_text_n_lines (maze, options);

  for (guint k = 0; k < n; k++)
    {
      g_string_truncate (line, 0);
      cli_text_line (maze, options, k, line);
      g_string_append_c (line, '\n');
      if (fwrite (line->str, 1, line->len, out) != line->len)
        return FALSE;
    }
  return fflush (out) == 0;
}

gboolean
cli_text_write (const Maze           *maze,
                const CliTextOptions *options,
                MazeOutput           *out)
{
  g_autoptr (GString) chunk = g_string_new (NULL);
  guint n = cli_text_n_lines (maze, options);

  for (guint k = 0; k < n; k++)
    {
      cli_text_line (maze, options, k, chunk);
      g_string_append_c (chunk, '\n');
      /* a few lines at a time, so a huge maze needs no huge buffer */
      if (chunk->len >= 65536 || k + 1 == n)
        {
          if (!maze_output_write (out, chunk->str, chunk->len))
            return FALSE;
          g_string_truncate (chunk, 0);
        }
    }
  return TRUE;
}
