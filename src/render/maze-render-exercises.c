/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-exercises.c: worksheets that exercise the bits.  Each maze
 * gets a sheet of decode, encode, trace and predict questions (those
 * asked for) and an answer key of the same layout with the answers
 * written in.
 *
 * The questions come from the maze alone: a generator seeded with a hash
 * of its words picks the cells, so the same maze always gives the same
 * sheet and a test can recompute every answer from the maze.
 */
#include "maze-render-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HEAD_SIZE     16.0
#define SECTION_SIZE  11.5
#define TEXT_SIZE      9.5
#define TABLE_SIZE    10.0
#define SMALL_SIZE     7.0
#define ROW_HEIGHT    21.0
#define SECTION_GAP   12.0
#define DRAWING_GAP   18.0

static const char *const exercise_names[RENDER_EXERCISE_KINDS] = {
  "decode", "encode", "trace", "predict",
};

const char *
render_exercise_name (unsigned k)
{
  return k < RENDER_EXERCISE_KINDS ? exercise_names[k] : NULL;
}

int
render_exercises_from_names (const char  *list,
                             const char **bad,
                             size_t      *bad_len)
{
  const char *p = list;
  int mask = 0;

  if (list == NULL)
    return -1;
  for (;;)
    {
      const char *end = strchr (p, ',');
      size_t len;
      int found = -1;

      if (end == NULL)
        end = p + strlen (p);
      while (p < end && *p == ' ')
        p++;
      len = (size_t) (end - p);
      while (len > 0 && p[len - 1] == ' ')
        len--;
      if (len == 3 && strncmp (p, "all", 3) == 0)
        found = RENDER_EXERCISE_ALL;
      for (unsigned k = 0; k < RENDER_EXERCISE_KINDS && found < 0; k++)
        if (strlen (exercise_names[k]) == len && strncmp (p, exercise_names[k], len) == 0)
          found = 1 << k;
      if (found < 0)
        {
          if (bad != NULL)
            *bad = p;
          if (bad_len != NULL)
            *bad_len = len;
          return -1;
        }
      mask |= found;
      if (*end == '\0')
        return mask;
      p = end + 1;
    }
}

/* ---- choosing the questions ---- */

/* FNV-1a over the size and the words: the seed of a maze's questions. */
static uint64_t
maze_hash (const Maze *maze)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint64_t h = 0xcbf29ce484222325u;
  uint32_t n = maze_n_cells (maze);

  h = (h ^ maze_width (maze)) * 0x100000001b3u;
  h = (h ^ maze_height (maze)) * 0x100000001b3u;
  for (uint32_t i = 0; i < n; i++)
    h = (h ^ cells[i]) * 0x100000001b3u;
  return h;
}

static bool
already (const RenderExerciseItem *items,
         size_t                    n,
         uint32_t                  cell)
{
  for (size_t k = 0; k < n; k++)
    if (items[k].cell == cell)
      return true;
  return false;
}

/* A random cell of the shape for which @want (cell word) holds, not yet
 * in @items and not in @avoid (two cells, or UINT32_MAX); UINT32_MAX
 * when there is none.  Tries at random, then in order from a random
 * place, so it always finds one if one exists. */
static uint32_t
pick_cell (const Maze               *maze,
           MazeRng                  *rng,
           bool                    (*want) (uint16_t),
           const RenderExerciseItem *items,
           size_t                    n_items,
           uint32_t                  avoid_a,
           uint32_t                  avoid_b)
{
  const uint16_t *cells = maze_cells_const (maze);
  uint32_t n = maze_n_cells (maze);
  uint32_t first = maze_rng_below (rng, n);

  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t i = (first + k) % n;

      if (maze_contains (maze, i) && want (cells[i]) && i != avoid_a && i != avoid_b
          && !already (items, n_items, i))
        return i;
    }
  return UINT32_MAX;
}

static bool want_path (uint16_t w) { return (w & MAZE_SOLUTION_MASK) != 0; }
static bool want_seen (uint16_t w) { return (w & MAZE_BACKTRACK_MASK) != 0 && (w & MAZE_SOLUTION_MASK) == 0; }
static bool want_unseen (uint16_t w) { return (w & MAZE_SEARCH_MASK) == 0; }
static bool want_border (uint16_t w) { return (w & MAZE_BORDER_MASK) != 0; }
static bool want_inner (uint16_t w) { return (w & MAZE_BORDER_MASK) == 0; }
static bool want_any (uint16_t w) { (void) w; return true; }

static int
compare_items (const void *a,
               const void *b)
{
  const RenderExerciseItem *x = a, *y = b;

  return x->cell < y->cell ? -1 : x->cell > y->cell;
}

/* Adds cells chosen by @wants in turn (a NULL entry: skip) to @items. */
static void
pick_cells (const Maze          *maze,
            MazeRng             *rng,
            bool               (*const wants[RENDER_EXERCISE_ITEMS]) (uint16_t),
            uint16_t             mask,
            RenderExerciseItem  *items,
            size_t              *n_items)
{
  const uint16_t *cells = maze_cells_const (maze);

  *n_items = 0;
  for (size_t k = 0; k < RENDER_EXERCISE_ITEMS; k++)
    {
      uint32_t cell = pick_cell (maze, rng, wants[k], items, *n_items,
                                 maze_start (maze), maze_goal (maze));

      if (cell == UINT32_MAX)
        cell = pick_cell (maze, rng, want_any, items, *n_items, UINT32_MAX, UINT32_MAX);
      if (cell == UINT32_MAX)
        break;
      memset (&items[*n_items], 0, sizeof items[*n_items]);
      items[*n_items].cell = cell;
      items[*n_items].word = (uint16_t) (cells[cell] & mask);
      (*n_items)++;
    }
  qsort (items, *n_items, sizeof *items, compare_items);
}

/* What kind of statement a change is, for a varied choice. */
static int
statement_kind (const MazeChange *c)
{
  if (strstr (c->expr, "&=") != NULL)
    return 2;
  if (strstr (c->expr, "<< 12") != NULL)
    return 0;
  return 1;
}

/* Predict: statements of a search run on a copy of @maze, one of each
 * kind first (sets a backtrack bit, sets a solution bit, clears bits),
 * then any, in the order they ran. */
static MazeStatus
pick_statements (const Maze        *maze,
                 MazeRng           *rng,
                 RenderExerciseSet *set,
                 MazeError         *error)
{
  const MazeAlgorithm *solver_kind = maze_algorithm_with (maze_solvers,
                                                          MAZE_ALGORITHM_LIVE_PATH);
  MazeChange *changes = NULL;
  size_t n_changes = 0, room = 0;
  bool taken_kind[3] = { false, false, false };
  bool *taken = NULL;
  MazeSolver *solver;
  MazeStep step;
  Maze *copy;

  if (solver_kind == NULL)
    solver_kind = maze_algorithm_default (maze_solvers);
  copy = maze_copy (maze, error);
  if (copy == NULL)
    return MAZE_ERROR_NOMEM;
  solver = maze_solver_new (copy, solver_kind->name, error);
  if (solver == NULL)
    {
      maze_free (copy);
      return error != NULL ? error->status : MAZE_ERROR_NOMEM;
    }
  for (bool more = true; more;)
    {
      memset (&step, 0, sizeof step);
      more = maze_solver_step (solver, &step);
      maze_step_complete (&step);
      for (unsigned k = 0; k < step.n_changes && k < MAZE_STEP_MAX_CHANGES; k++)
        {
          if (step.changes[k].before == step.changes[k].after)
            continue;
          if (n_changes == room)
            {
              size_t new_room = room == 0 ? 64 : room * 2;
              MazeChange *grown = realloc (changes, new_room * sizeof *changes);

              if (grown == NULL)
                {
                  free (changes);
                  maze_solver_free (solver);
                  maze_free (copy);
                  return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
                }
              changes = grown;
              room = new_room;
            }
          changes[n_changes++] = step.changes[k];
        }
    }
  maze_solver_free (solver);
  maze_free (copy);

  set->n_predict = 0;
  if (n_changes > 0)
    taken = calloc (n_changes, sizeof *taken);
  if (n_changes > 0 && taken == NULL)
    {
      free (changes);
      return maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM);
    }
  /* one of each kind, then one more of each, then any */
  for (int round = 0; round < 3; round++)
    for (int kind = 0; kind < 3; kind++)
      {
        size_t first;
        size_t n_taken = 0;

        for (size_t i = 0; i < n_changes; i++)
          n_taken += taken[i] ? 1 : 0;
        if (n_changes == 0 || n_taken >= RENDER_EXERCISE_ITEMS
            || (round == 0 && taken_kind[kind]))
          continue;
        first = maze_rng_below (rng, (uint32_t) n_changes);
        for (size_t k = 0; k < n_changes; k++)
          {
            size_t i = (first + k) % n_changes;

            if (taken[i] || (round < 2 && statement_kind (&changes[i]) != kind))
              continue;
            taken[i] = true;
            taken_kind[kind] = true;
            break;
          }
      }
  /* in the order they ran */
  for (size_t i = 0; i < n_changes && set->n_predict < RENDER_EXERCISE_ITEMS; i++)
    if (taken[i])
      {
        RenderExerciseItem *item = &set->predict[set->n_predict++];

        memset (item, 0, sizeof *item);
        item->cell = changes[i].index;
        item->word = changes[i].before;
        item->after = changes[i].after;
        snprintf (item->statement, sizeof item->statement, "%s", changes[i].expr);
      }
  free (taken);
  free (changes);
  return MAZE_OK;
}

MazeStatus
render_exercises_choose (const Maze        *maze,
                         unsigned           kinds,
                         RenderExerciseSet *set,
                         MazeError         *error)
{
  static bool (*const decode_wants[RENDER_EXERCISE_ITEMS]) (uint16_t) = {
    want_path, want_path, want_seen, want_unseen,
  };
  static bool (*const encode_wants[RENDER_EXERCISE_ITEMS]) (uint16_t) = {
    want_border, want_inner, want_border, want_inner,
  };
  MazeRng rng;

  memset (set, 0, sizeof *set);
  set->kinds = kinds & RENDER_EXERCISE_ALL;
  maze_rng_seed (&rng, maze_hash (maze));
  if (kinds & RENDER_EXERCISE_DECODE)
    pick_cells (maze, &rng, decode_wants, 0xFFFF, set->decode, &set->n_decode);
  if (kinds & RENDER_EXERCISE_ENCODE)
    pick_cells (maze, &rng, encode_wants, MAZE_PASSAGE_MASK | MAZE_BORDER_MASK,
                set->encode, &set->n_encode);
  if (kinds & RENDER_EXERCISE_PREDICT)
    return pick_statements (maze, &rng, set, error);
  return MAZE_OK;
}

/* ---- drawing ---- */

static const double answer_ink[3] = { 0.72, 0.05, 0.05 };

static void
ink (cairo_t *cr,
     bool     answer)
{
  if (answer)
    cairo_set_source_rgb (cr, answer_ink[0], answer_ink[1], answer_ink[2]);
  else
    cairo_set_source_rgb (cr, 0, 0, 0);
}

static void
font (cairo_t *cr,
      bool     mono,
      bool     bold,
      double   size)
{
  cairo_select_font_face (cr, mono ? "Monospace" : "Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

/* @text at (@x, @y: the baseline), shrunk to @max_width when wider. */
static double
show (cairo_t    *cr,
      const char *text,
      double      x,
      double      y,
      double      max_width)
{
  cairo_text_extents_t ext;

  if (text == NULL || text[0] == '\0')
    return 0.0;
  cairo_text_extents (cr, text, &ext);
  if (max_width > 0 && ext.x_advance > max_width)
    {
      cairo_matrix_t m;

      cairo_get_font_matrix (cr, &m);
      cairo_save (cr);
      cairo_set_font_size (cr, m.xx * max_width / ext.x_advance);
      cairo_move_to (cr, x, y);
      cairo_show_text (cr, text);
      cairo_restore (cr);
      return max_width;
    }
  cairo_move_to (cr, x, y);
  cairo_show_text (cr, text);
  return ext.x_advance;
}

/* A line to write on, from @x to @x + @width under the baseline @y. */
static void
write_line (cairo_t *cr,
            double   x,
            double   y,
            double   width)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, x, y + 2.0);
  cairo_line_to (cr, x + width, y + 2.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* @text wrapped into lines of at most @width, from the baseline @y; draws
 * only when @draw.  Returns the height used. */
static double
paragraph (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      width,
           double      size,
           bool        draw)
{
  size_t len = text != NULL ? strlen (text) : 0;
  char *line = malloc (len + 1);
  const char *p = text;
  double line_height = size * 1.3;
  double used = 0.0;

  if (len == 0 || line == NULL)
    {
      free (line);
      return 0.0;
    }
  font (cr, false, false, size);
  while (*p != '\0')
    {
      size_t n = 0, fit = 0;
      const char *q = p;

      /* the longest run of whole words that fits; at least one word */
      for (;;)
        {
          cairo_text_extents_t ext;
          const char *w = q;

          while (*w == ' ')
            w++;
          while (*w != '\0' && *w != ' ')
            w++;
          memcpy (line, p, (size_t) (w - p));
          line[w - p] = '\0';
          cairo_text_extents (cr, line, &ext);
          if (fit > 0 && ext.x_advance > width)
            break;
          fit = (size_t) (w - p);
          q = w;
          if (*w == '\0')
            break;
        }
      n = fit;
      memcpy (line, p, n);
      line[n] = '\0';
      if (draw)
        show (cr, line, x, y + used, width);
      used += line_height;
      p += n;
      while (*p == ' ')
        p++;
    }
  free (line);
  return used;
}

static void
direction_letters (uint16_t    nibble,
                   const char *none,
                   char       *buf,
                   size_t      len)
{
  size_t at = 0;

  buf[0] = '\0';
  for (int k = 0; k < 4; k++)
    if (nibble & MAZE_DIRECTIONS[k])
      at += (size_t) snprintf (buf + at, len - at, "%s%s", at > 0 ? " " : "",
                               maze_dir_letter (MAZE_DIRECTIONS[k]));
  if (at == 0)
    snprintf (buf, len, "%s", none != NULL ? none : "-");
}

typedef struct
{
  cairo_t                      *cr;
  const Maze                   *maze;
  const RenderWorksheetOptions *options;
  const RenderExerciseText     *text;
  const RenderExerciseSet      *set;
  bool                          answer;
  double                        left;
  double                        width;
  bool                          draw;   /* false: only measure */
} Sheet;

static const char *
say (const char *text)
{
  return text != NULL ? text : "";
}

/* "2  Encode" and the instructions; returns the height used. */
static double
section_head (Sheet    *s,
              unsigned  number,
              unsigned  kind,
              double    y,
              double    width,
              double    x)
{
  char head[160];
  double used;

  snprintf (head, sizeof head, "%u  %s", number, say (s->text->headings[kind]));
  if (s->draw)
    {
      cairo_set_source_rgb (s->cr, 0, 0, 0);
      font (s->cr, false, true, SECTION_SIZE);
      show (s->cr, head, x, y + SECTION_SIZE, width);
    }
  used = SECTION_SIZE * 1.6;
  if (s->draw)
    cairo_set_source_rgb (s->cr, 0.15, 0.15, 0.15);
  used += paragraph (s->cr, s->text->instructions[kind], x, y + used + TEXT_SIZE * 0.3,
                     width, TEXT_SIZE, s->draw);
  return used + 4.0;
}

static void
cell_name (const Maze *maze,
           uint32_t    cell,
           char       *buf,
           size_t      len)
{
  uint32_t w = maze_width (maze);

  snprintf (buf, len, "maze[%u] (%u, %u)", cell, cell % w, cell / w);
}

/* The header row of a table, in grey. */
static void
table_head (Sheet              *s,
            double              y,
            const double       *columns,
            const char *const  *names,
            unsigned            n)
{
  cairo_set_source_rgb (s->cr, 0.35, 0.35, 0.35);
  font (s->cr, false, false, TEXT_SIZE);
  for (unsigned k = 0; k < n; k++)
    show (s->cr, say (names[k]), s->left + columns[k] * s->width, y,
          (columns[k + 1] - columns[k]) * s->width - 6.0);
}

static double
decode_section (Sheet    *s,
                unsigned  number,
                double    y)
{
  static const double columns[6] = { 0.0, 0.27, 0.42, 0.66, 0.83, 1.0 };
  const char *names[5] = { s->text->cell, s->text->word, s->text->passages,
                           s->text->solution, s->text->backtrack };
  double used = section_head (s, number, 0, y, s->width, s->left);

  used += TEXT_SIZE;
  if (s->draw)
    table_head (s, y + used, columns, names, 5);
  used += ROW_HEIGHT * 0.8;
  for (size_t k = 0; k < s->set->n_decode; k++)
    {
      const RenderExerciseItem *item = &s->set->decode[k];
      double base = y + used + TABLE_SIZE;
      uint16_t nibbles[3] = {
        (uint16_t) (item->word & MAZE_PASSAGE_MASK),
        (uint16_t) ((item->word & MAZE_SOLUTION_MASK) >> MAZE_SOLUTION_SHIFT),
        (uint16_t) ((item->word & MAZE_BACKTRACK_MASK) >> MAZE_BACKTRACK_SHIFT),
      };
      char buf[64];

      used += ROW_HEIGHT;
      if (!s->draw)
        continue;
      cairo_set_source_rgb (s->cr, 0, 0, 0);
      font (s->cr, true, false, TABLE_SIZE);
      cell_name (s->maze, item->cell, buf, sizeof buf);
      show (s->cr, buf, s->left, base, columns[1] * s->width - 6.0);
      snprintf (buf, sizeof buf, "0x%04X", item->word);
      font (s->cr, true, true, TABLE_SIZE);
      show (s->cr, buf, s->left + columns[1] * s->width, base, 0);
      for (int c = 0; c < 3; c++)
        {
          double x = s->left + columns[2 + c] * s->width;
          double w = (columns[3 + c] - columns[2 + c]) * s->width - 10.0;

          if (s->answer)
            {
              direction_letters (nibbles[c], s->text->none, buf, sizeof buf);
              ink (s->cr, true);
              font (s->cr, true, true, TABLE_SIZE);
              show (s->cr, buf, x, base, w);
            }
          else
            write_line (s->cr, x, base, w);
        }
    }
  return used;
}

static double
predict_section (Sheet    *s,
                 unsigned  number,
                 double    y)
{
  static const double columns[4] = { 0.0, 0.27, 0.66, 1.0 };
  const char *names[3] = { s->text->word, s->text->statement, s->text->after };
  double used = section_head (s, number, 3, y, s->width, s->left);

  used += TEXT_SIZE;
  if (s->draw)
    table_head (s, y + used, columns, names, 3);
  used += ROW_HEIGHT * 0.8;
  for (size_t k = 0; k < s->set->n_predict; k++)
    {
      const RenderExerciseItem *item = &s->set->predict[k];
      double base = y + used + TABLE_SIZE;
      char buf[96];

      used += ROW_HEIGHT;
      if (!s->draw)
        continue;
      cairo_set_source_rgb (s->cr, 0, 0, 0);
      font (s->cr, true, false, TABLE_SIZE);
      snprintf (buf, sizeof buf, "maze[%u] == 0x%04X", item->cell, item->word);
      show (s->cr, buf, s->left, base, columns[1] * s->width - 6.0);
      font (s->cr, true, true, TABLE_SIZE);
      snprintf (buf, sizeof buf, "%s;", item->statement);
      show (s->cr, buf, s->left + columns[1] * s->width, base,
            (columns[2] - columns[1]) * s->width - 6.0);
      font (s->cr, true, false, TABLE_SIZE);
      show (s->cr, "0x", s->left + columns[2] * s->width, base, 0);
      if (s->answer)
        {
          snprintf (buf, sizeof buf, "%04X", item->after);
          ink (s->cr, true);
          font (s->cr, true, true, TABLE_SIZE);
          show (s->cr, buf, s->left + columns[2] * s->width + TABLE_SIZE * 1.3, base, 0);
        }
      else
        write_line (s->cr, s->left + columns[2] * s->width + TABLE_SIZE * 1.3, base,
                    (columns[3] - columns[2]) * s->width - TABLE_SIZE * 1.3 - 10.0);
    }
  return used;
}

/* Render options for a maze drawing of cells of @cell points. */
static void
drawing_options (RenderOptions *ro,
                 double         cell)
{
  render_options_init (ro);
  render_palette_light (&ro->palette);
  ro->cell_size = cell;
  ro->wall_width = fmin (fmax (cell * 0.08, 0.6), 2.0);
  ro->margin = fmax (ro->wall_width, cell * 0.15);
  ro->show_search = false;
  ro->show_solution = false;
  ro->show_markers = true;
  ro->label_mode = RENDER_LABEL_NONE;
}

/* The encode drawing: the maze, the marked cells lettered A, B, ...;
 * under it a line per cell.  Returns the height used. */
static double
encode_block (Sheet  *s,
              double  x,
              double  y,
              double  width,
              double  cell)
{
  RenderOptions ro;
  double w, h, left, used;
  char buf[96];

  drawing_options (&ro, cell);
  render_get_size (s->maze, &ro, &w, &h);
  left = x + (width - w) / 2.0;
  used = h + 8.0;
  if (s->draw)
    {
      cairo_save (s->cr);
      cairo_translate (s->cr, left, y);
      render_draw (s->cr, s->maze, &ro);
      for (size_t k = 0; k < s->set->n_encode; k++)
        {
          cairo_rectangle_t r;
          cairo_text_extents_t ext;
          char letter[2] = { (char) ('A' + k), '\0' };

          render_cell_extents (s->maze, &ro, s->set->encode[k].cell, &r);
          cairo_set_source_rgba (s->cr, 0.2, 0.45, 0.95, 0.25);
          cairo_rectangle (s->cr, r.x + ro.wall_width / 2, r.y + ro.wall_width / 2,
                           r.width - ro.wall_width, r.height - ro.wall_width);
          cairo_fill (s->cr);
          cairo_set_source_rgb (s->cr, 0.05, 0.2, 0.6);
          font (s->cr, false, true, cell * 0.55);
          cairo_text_extents (s->cr, letter, &ext);
          cairo_move_to (s->cr, r.x + (r.width - ext.width) / 2.0 - ext.x_bearing,
                         r.y + (r.height - ext.height) / 2.0 - ext.y_bearing);
          cairo_show_text (s->cr, letter);
        }
      cairo_restore (s->cr);
    }
  for (size_t k = 0; k < s->set->n_encode; k++)
    {
      double base = y + used + TABLE_SIZE;
      char name[48];
      double at;

      used += ROW_HEIGHT;
      if (!s->draw)
        continue;
      cell_name (s->maze, s->set->encode[k].cell, name, sizeof name);
      snprintf (buf, sizeof buf, "%c  %s = 0x", (char) ('A' + k), name);
      cairo_set_source_rgb (s->cr, 0, 0, 0);
      font (s->cr, true, false, TABLE_SIZE);
      at = show (s->cr, buf, x, base, width * 0.7);
      if (s->answer)
        {
          snprintf (buf, sizeof buf, "%04X", s->set->encode[k].word);
          ink (s->cr, true);
          font (s->cr, true, true, TABLE_SIZE);
          show (s->cr, buf, x + at, base, 0);
        }
      else
        write_line (s->cr, x + at, base, fmin (width - at, TABLE_SIZE * 4.0));
    }
  return used;
}

/* The trace drawing: every cell labelled with its word, the solution
 * nibbles cleared; the answer adds the path. */
static double
trace_block (Sheet  *s,
             double  x,
             double  y,
             double  width,
             double  cell)
{
  RenderOptions ro;
  double w, h;
  Maze *words;

  drawing_options (&ro, cell);
  ro.label_mode = RENDER_LABEL_WORD_HEX;
  /* the markers would hide the words of the start and the goal: those
   * cells are framed instead */
  ro.show_markers = false;
  render_get_size (s->maze, &ro, &w, &h);
  if (!s->draw)
    return h;
  words = maze_copy (s->maze, NULL);
  if (words == NULL)
    return h;
  {
    uint16_t *cells = maze_cells (words);

    for (uint32_t i = 0; i < maze_n_cells (words); i++)
      cells[i] &= (uint16_t) ~MAZE_SOLUTION_MASK;
  }
  cairo_save (s->cr);
  cairo_translate (s->cr, x + (width - w) / 2.0, y);
  render_draw (s->cr, words, &ro);
  for (int end = 0; end < 2; end++)
    {
      const RenderRgba *c = end == 0 ? &ro.palette.start : &ro.palette.goal;
      double line = fmax (cell * 0.09, 1.0);
      cairo_rectangle_t r;

      render_cell_extents (s->maze, &ro, end == 0 ? maze_start (s->maze) : maze_goal (s->maze), &r);
      cairo_set_source_rgb (s->cr, c->red, c->green, c->blue);
      cairo_set_line_width (s->cr, line);
      cairo_rectangle (s->cr, r.x + ro.wall_width / 2 + line / 2, r.y + ro.wall_width / 2 + line / 2,
                       r.width - ro.wall_width - line, r.height - ro.wall_width - line);
      cairo_stroke (s->cr);
    }
  if (s->answer)
    {
      /* the path the backtrack nibbles lead along: the solution nibbles
       * (and the goal), shaded over the words, which stay readable */
      const uint16_t *cells = maze_cells_const (s->maze);

      cairo_set_source_rgba (s->cr, answer_ink[0], answer_ink[1], answer_ink[2], 0.28);
      for (uint32_t i = 0; i < maze_n_cells (s->maze); i++)
        if ((cells[i] & MAZE_SOLUTION_MASK) != 0
            || (i == maze_goal (s->maze) && (cells[i] & MAZE_BACKTRACK_MASK) != 0))
          {
            cairo_rectangle_t r;

            render_cell_extents (s->maze, &ro, i, &r);
            cairo_rectangle (s->cr, r.x, r.y, r.width, r.height);
          }
      cairo_fill (s->cr);
    }
  cairo_restore (s->cr);
  maze_free (words);
  return h;
}

/* The drawings' cell size: the largest that fits @width x @height for
 * each drawing, labels readable in the trace drawing. */
static double
drawing_cell (const Maze *maze,
              double      width,
              double      height)
{
  double cols = maze_width (maze), rows = maze_height (maze);
  double cell = fmin (width / (cols + 0.4), height / (rows + 0.4));

  return floor (fmin (cell, 48.0) * 4.0) / 4.0;
}

/* Lays out (and with s->draw, draws) the sections from @top down to
 * @bottom; returns the height the fixed parts need (the drawings at 0). */
static double
sections (Sheet  *s,
          double  top,
          double  bottom)
{
  unsigned kinds = s->set->kinds;
  bool encode = (kinds & RENDER_EXERCISE_ENCODE) != 0;
  bool trace = (kinds & RENDER_EXERCISE_TRACE) != 0;
  unsigned number = 1;
  double y = top;
  double predict_height = 0.0;

  if (kinds & RENDER_EXERCISE_DECODE)
    {
      y += decode_section (s, number++, y) + SECTION_GAP;
    }
  if (kinds & RENDER_EXERCISE_PREDICT)
    {
      bool was = s->draw;

      s->draw = false;
      predict_height = predict_section (s, 0, 0) + SECTION_GAP;
      s->draw = was;
    }
  if (encode || trace)
    {
      double column_w = encode && trace ? (s->width - DRAWING_GAP) / 2.0 : s->width;
      double head_h = 0.0, list_h = 0.0;
      double room, cell;
      unsigned encode_number = number, trace_number = encode ? number + 1 : number;
      bool was = s->draw;

      /* the heads side by side: the taller one counts */
      s->draw = false;
      if (encode)
        head_h = section_head (s, 0, 1, 0, column_w, 0);
      if (trace)
        head_h = fmax (head_h, section_head (s, 0, 2, 0, column_w, 0));
      s->draw = was;
      if (encode)
        list_h = 8.0 + ROW_HEIGHT * (double) s->set->n_encode;
      room = bottom - y - head_h - predict_height - (trace ? 0.0 : list_h);
      if (trace && encode)
        room = fmin (room, bottom - y - head_h - predict_height - list_h);
      cell = drawing_cell (s->maze, column_w, room);
      if (encode)
        {
          section_head (s, encode_number, 1, y, column_w, s->left);
          encode_block (s, s->left, y + head_h, column_w, cell);
        }
      if (trace)
        {
          double x = encode ? s->left + column_w + DRAWING_GAP : s->left;

          section_head (s, trace_number, 2, y, column_w, x);
          trace_block (s, x, y + head_h, column_w, cell);
        }
      {
        RenderOptions ro;
        double w, h;

        drawing_options (&ro, cell);
        render_get_size (s->maze, &ro, &w, &h);
        y += head_h + h + (encode ? 8.0 + ROW_HEIGHT * (double) s->set->n_encode : 0.0)
             + SECTION_GAP;
      }
      number += (encode ? 1 : 0) + (trace ? 1 : 0);
    }
  if (kinds & RENDER_EXERCISE_PREDICT)
    y += predict_section (s, number, y);
  return y - top;
}

void
render_exercise_draw_sheet (cairo_t                      *cr,
                            const Maze                   *maze,
                            const char                   *small_print,
                            const RenderWorksheetOptions *options,
                            const RenderExerciseSet      *set,
                            bool                          answer,
                            unsigned                      page,
                            unsigned                      n_pages)
{
  static const RenderExerciseText no_text;
  const RenderExerciseText *text = options->exercise_text != NULL
                                   ? options->exercise_text : &no_text;
  double margin = options->margin;
  double width = options->page_width - 2.0 * margin;
  double y = margin;
  double bottom = options->page_height - margin - SMALL_SIZE * 2.5;
  Sheet s = { cr, maze, options, text, set, answer, margin, width, true };
  char buf[256];

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, options->page_width, options->page_height);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  /* the title, and on the key what it is */
  cairo_set_source_rgb (cr, 0, 0, 0);
  font (cr, false, true, HEAD_SIZE);
  if (answer && options->answers_heading != NULL && options->heading != NULL)
    snprintf (buf, sizeof buf, "%s — %s", options->heading, options->answers_heading);
  else if (answer && options->answers_heading != NULL)
    snprintf (buf, sizeof buf, "%s", options->answers_heading);
  else
    snprintf (buf, sizeof buf, "%s", say (options->heading));
  show (cr, buf, margin, y + HEAD_SIZE, width);
  y += HEAD_SIZE * 1.9;

  /* name and date, to write on */
  if (text->name != NULL || text->date != NULL)
    {
      double at;

      cairo_set_source_rgb (cr, 0, 0, 0);
      font (cr, false, false, TABLE_SIZE + 1.0);
      at = show (cr, say (text->name), margin, y + TABLE_SIZE, width * 0.2);
      write_line (cr, margin + at + 6.0, y + TABLE_SIZE, width * 0.62 - at - 6.0);
      at = show (cr, say (text->date), margin + width * 0.66, y + TABLE_SIZE, width * 0.14);
      write_line (cr, margin + width * 0.66 + at + 6.0, y + TABLE_SIZE,
                  width * 0.34 - at - 6.0);
      y += TABLE_SIZE + 18.0;
    }

  sections (&s, y, bottom);

  /* the small print: how to make the sheet again, and the page */
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  font (cr, false, false, SMALL_SIZE);
  show (cr, say (small_print), margin, options->page_height - margin, width * 0.8);
  if (options->page_numbers)
    {
      cairo_text_extents_t ext;

      snprintf (buf, sizeof buf, "%u / %u", page + 1, n_pages);
      cairo_text_extents (cr, buf, &ext);
      show (cr, buf, margin + width - ext.x_advance, options->page_height - margin, 0);
    }
  cairo_restore (cr);
}
