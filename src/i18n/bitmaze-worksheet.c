/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet.c: the titles of a worksheet's mazes.
 */
#include "bitmaze-worksheet.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* @value as maze_text_escape() shows it (g_free() it), or NULL. */
static char *
shown (const char *value)
{
  char *escaped, *copy;

  if (value == NULL)
    return NULL;
  escaped = maze_text_escape (value);
  copy = g_strdup (escaped != NULL ? escaped : "");
  free (escaped);
  return copy;
}

GPtrArray *
bitmaze_worksheet_titles (const Maze *const *mazes,
                          size_t             n_mazes)
{
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (size_t k = 0; k < n_mazes; k++)
    {
      /* values from a file may hold control characters: shown escaped */
      g_autofree char *title = shown (maze_meta_get (mazes[k], "title"));

      if (title != NULL && title[0] != '\0')
        g_ptr_array_add (titles, g_steal_pointer (&title));
      else
        /* Translators: a maze's title on a worksheet: its number */
        g_ptr_array_add (titles, g_strdup_printf (_("Maze %u"), (guint) k + 1));
    }
  return titles;
}

/* How to make @maze again, after @line: " · seed 45 · prim · 6 × 6". */
static void
append_origin (GString    *line,
               const Maze *maze)
{
  g_autofree char *seed = shown (maze_meta_get (maze, "seed"));
  g_autofree char *generator = shown (maze_meta_get (maze, "generator"));

  if (seed != NULL)
    /* Translators: small print on a worksheet, to make it again */
    g_string_append_printf (line, "%s%s %s", line->len > 0 ? " · " : "", _("seed"), seed);
  if (generator != NULL)
    g_string_append_printf (line, "%s%s", line->len > 0 ? " · " : "", generator);
  g_string_append_printf (line, "%s%u × %u", line->len > 0 ? " · " : "", maze_width (maze),
                          maze_height (maze));
}

GPtrArray *
bitmaze_worksheet_seed_lines (const Maze *const *mazes,
                              size_t             n_mazes)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (size_t k = 0; k < n_mazes; k++)
    {
      GString *line = g_string_new (NULL);

      append_origin (line, mazes[k]);
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  return lines;
}

void
bitmaze_worksheet_exercise_text (RenderExerciseText *text)
{
  memset (text, 0, sizeof *text);
  /* Translators: on a printed worksheet, before a line to write one's
   * name on */
  text->name = _("Name:");
  /* Translators: on a printed worksheet, before a line to write the date on */
  text->date = _("Date:");
  /* Translators: an exercise on a worksheet: words given in hex, the
   * student says what their bits mean */
  text->headings[0] = _("Decode");
  text->instructions[0] =
    _("Each word is one cell of the maze, after a search found the path. "
      "Write which passages are open (bits 0–3), and which way the solution "
      "(bits 8–11) and the backtrack (bits 12–15) point: N, E, S, W, or "
      "none.");
  /* Translators: an exercise on a worksheet: cells marked on a drawing,
   * the student writes their words */
  text->headings[1] = _("Encode");
  text->instructions[1] =
    _("Write the word of each marked cell in hex: its open passages (bits "
      "0–3) and the sides on the edge of the maze (border, bits 4–7). The "
      "solution and backtrack nibbles are 0.");
  /* Translators: an exercise on a worksheet: follow the backtrack bits */
  text->headings[2] = _("Trace");
  text->instructions[2] =
    _("Every cell shows its word after a search from the start (the "
      "solution nibble left out). Begin at the goal, follow the backtrack "
      "nibble (bits 12–15) from cell to cell home to the start, and draw "
      "the path.");
  /* Translators: an exercise on a worksheet: what a C statement does to
   * a word */
  text->headings[3] = _("Predict");
  text->instructions[3] =
    _("A statement of a search runs on the cell. Write the word after it in "
      "hex (N = 1, E = 2, S = 4, W = 8).");
  /* Translators: a column of a table on a worksheet: a cell of the maze */
  text->cell = _("Cell");
  /* Translators: a column of a table on a worksheet: a cell's 16-bit word */
  text->word = _("Word");
  /* Translators: a column of a table on a worksheet: the directions a
   * cell has passages to */
  text->passages = _("Open passages");
  /* Translators: a column of a table on a worksheet: where the solution
   * nibble points */
  text->solution = _("Solution");
  /* Translators: a column of a table on a worksheet: where the backtrack
   * nibble points */
  text->backtrack = _("Backtrack");
  /* Translators: a column of a table on a worksheet: a C statement */
  text->statement = _("Statement");
  /* Translators: a column of a table on a worksheet: the word after the
   * statement ran */
  text->after = _("Word after");
  /* Translators: an answer on a worksheet: a nibble whose bits are all 0
   * points in no direction */
  text->none = _("none");
}

GPtrArray *
bitmaze_worksheet_small_print (const Maze *const *mazes,
                               size_t             n_mazes)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (size_t k = 0; k < n_mazes; k++)
    {
      g_autofree char *head =
        /* Translators: small print on a worksheet: the maze's number and
         * how many there are */
        g_strdup_printf (_("Maze %u of %u"), (guint) k + 1, (guint) n_mazes);
      GString *line = g_string_new (head);

      append_origin (line, mazes[k]);
      g_string_append (line, " · Bitmaze");
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  return lines;
}

const char *
bitmaze_label_note (const RenderOptions *options)
{
  static const char *const nibbles[] = {
    N_("Labels: the passages nibble (bits 0–3) in binary"),
    N_("Labels: the border nibble (bits 4–7) in binary"),
    N_("Labels: the solution nibble (bits 8–11) in binary"),
    N_("Labels: the backtrack nibble (bits 12–15) in binary"),
  };

  if (options->label_mode == RENDER_LABEL_WORD_HEX)
    return _("Labels: each cell’s 16-bit word in hex");
  if (options->label_mode == RENDER_LABEL_NIBBLE_BIN && options->label_nibble < 4)
    return _(nibbles[options->label_nibble]);
  return NULL;
}
