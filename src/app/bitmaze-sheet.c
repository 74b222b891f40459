/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-sheet.c: the worksheet of new mazes Export Worksheet… makes:
 * its mazes made and solved once, their titles and small print, the
 * renderer's options, for the dialog's preview and for the PDF.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-error.h"
#include "bitmaze-shape.h"
#include "bitmaze-sheet.h"
#include "bitmaze-worksheet.h"

/* As in bitmaze-cli worksheet. */
#define SHEET_MAX_SIDE  250
#define SHEET_MAX_COUNT 240

struct _BitmazeSheet
{
  GPtrArray             *mazes;      /* count entries, NULL beyond those made */
  GPtrArray             *titles;
  GPtrArray             *seed_lines; /* plain sheets: the small print */
  char                  *heading;
  RenderExerciseText     text;
  RenderWorksheetOptions options;
  gboolean               answers_file;
  gboolean               solved;          /* the mazes carry their answers */
  gboolean               exercise_sheets; /* titles are small print */
};

void
bitmaze_sheet_free (BitmazeSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_clear_pointer (&sheet->mazes, g_ptr_array_unref);
  g_clear_pointer (&sheet->titles, g_ptr_array_unref);
  g_clear_pointer (&sheet->seed_lines, g_ptr_array_unref);
  g_free (sheet->heading);
  g_free (sheet);
}

BitmazeSheet *
bitmaze_sheet_new (BitmazeSession             *session,
                   const BitmazeSheetChoices  *choices,
                   guint                       n_made,
                   GError                    **error)
{
  g_autoptr (BitmazeSheet) sheet = NULL;
  g_autofree char *generator = NULL;
  g_autofree char *shape = NULL;
  guint64 seed = bitmaze_session_get_seed (session);
  guint count = choices->count;
  gboolean solve = choices->answers != BITMAZE_SHEET_ANSWERS_NONE || choices->exercises != 0;
  MazeError merror;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  if (count < 1 || count > SHEET_MAX_COUNT || choices->width < 1 || choices->height < 1
      || choices->width > SHEET_MAX_SIDE || choices->height > SHEET_MAX_SIDE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A worksheet holds 1 to %u mazes of at most %u×%u cells"),
                   SHEET_MAX_COUNT, SHEET_MAX_SIDE, SHEET_MAX_SIDE);
      return NULL;
    }
  if (choices->exercises != 0
      && (choices->width > RENDER_EXERCISE_MAX_SIDE
          || choices->height > RENDER_EXERCISE_MAX_SIDE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Exercise sheets take mazes of at most %u×%u cells"),
                   RENDER_EXERCISE_MAX_SIDE, RENDER_EXERCISE_MAX_SIDE);
      return NULL;
    }

  if (choices->generator != NULL && choices->generator[0] != '\0')
    generator = g_strdup (choices->generator);
  else
    generator = g_strdup (bitmaze_session_get_generator (session));
  if (generator == NULL || !maze_generator_name_valid (generator, NULL))
    {
      g_free (generator);
      generator = g_strdup (maze_algorithm_default (maze_generators)->name);
    }
  if (seed > G_MAXUINT64 - count)
    seed = 0;

  sheet = g_new0 (BitmazeSheet, 1);
  sheet->mazes = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_free);
  n_made = CLAMP (n_made, 1, count);
  /* The mazes take the shape of the session's next maze. */
  g_object_get (session, "shape", &shape, NULL);
  for (guint k = 0; k < n_made; k++)
    {
      Maze *maze = bitmaze_shape_new_maze (shape, choices->width, choices->height, error);

      if (maze == NULL)
        return NULL;
      g_ptr_array_add (sheet->mazes, maze);
    }
  maze_error_clear (&merror);
  if (render_worksheet_generate ((Maze *const *) sheet->mazes->pdata, n_made, generator,
                                 seed, 0, &merror) != MAZE_OK
      || (solve && render_worksheet_solve ((Maze *const *) sheet->mazes->pdata, n_made,
                                           &merror) != MAZE_OK))
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return NULL;
    }
  if (choices->exercises != 0)
    sheet->titles = bitmaze_worksheet_small_print ((const Maze *const *) sheet->mazes->pdata,
                                                   n_made);
  else
    {
      sheet->titles = bitmaze_worksheet_titles ((const Maze *const *) sheet->mazes->pdata,
                                                n_made);
      sheet->seed_lines = bitmaze_worksheet_seed_lines ((const Maze *const *) sheet->mazes->pdata,
                                                        n_made);
      g_ptr_array_set_size (sheet->seed_lines, count);
    }
  /* the pages only read the entries of the mazes made */
  g_ptr_array_set_size (sheet->titles, count);
  g_ptr_array_set_size (sheet->mazes, count);

  bitmaze_worksheet_exercise_text (&sheet->text);
  sheet->solved = solve;
  sheet->exercise_sheets = choices->exercises != 0;
  bitmaze_sheet_set_layout (sheet, choices);
  return g_steal_pointer (&sheet);
}

gboolean
bitmaze_sheet_set_layout (BitmazeSheet              *sheet,
                          const BitmazeSheetChoices *choices)
{
  gboolean solve = choices->answers != BITMAZE_SHEET_ANSWERS_NONE || choices->exercises != 0;

  if ((solve && !sheet->solved) || (choices->exercises != 0) != sheet->exercise_sheets
      || choices->count != sheet->mazes->len)
    return FALSE;
  g_free (sheet->heading);
  sheet->heading = g_strstrip (g_strdup (choices->title != NULL ? choices->title : ""));
  if (sheet->heading[0] == '\0')
    {
      g_free (sheet->heading);
      sheet->heading = g_strdup (choices->exercises != 0 ? _("Bits of a maze") : _("Mazes"));
    }
  render_worksheet_options_init (&sheet->options, choices->paper);
  sheet->options.heading = sheet->heading;
  sheet->options.answers_heading = _("Answers");
  sheet->options.answers = choices->answers != BITMAZE_SHEET_ANSWERS_NONE;
  sheet->answers_file = choices->answers == BITMAZE_SHEET_ANSWERS_FILE;
  sheet->options.name_label = sheet->text.name;
  sheet->options.date_label = sheet->text.date;
  sheet->options.exercises = choices->exercises;
  sheet->options.exercise_text = &sheet->text;
  if (sheet->seed_lines != NULL)
    sheet->options.small_print = (const char *const *) sheet->seed_lines->pdata;
  return TRUE;
}

void
bitmaze_sheet_get_page_size (BitmazeSheet *sheet,
                             double       *width,
                             double       *height)
{
  *width = sheet->options.page_width;
  *height = sheet->options.page_height;
}

/* The options of the puzzle file: without the answers when they go to a
 * file of their own. */
static RenderWorksheetOptions
puzzle_options (BitmazeSheet *sheet)
{
  RenderWorksheetOptions options = sheet->options;

  if (sheet->answers_file)
    options.answers = false;
  return options;
}

guint
bitmaze_sheet_n_pages (BitmazeSheet *sheet)
{
  RenderWorksheetOptions options = puzzle_options (sheet);

  return render_worksheet_n_pages (&options, (const Maze *const *) sheet->mazes->pdata,
                                   sheet->mazes->len);
}

guint
bitmaze_sheet_first_answer_page (BitmazeSheet *sheet)
{
  RenderWorksheetOptions options = sheet->options;

  if (!options.answers)
    return G_MAXUINT;
  options.answers = false;
  return render_worksheet_n_pages (&options, (const Maze *const *) sheet->mazes->pdata,
                                   sheet->mazes->len);
}

void
bitmaze_sheet_draw_page (BitmazeSheet *sheet,
                         cairo_t      *cr,
                         guint         page)
{
  render_worksheet_draw_page (cr, (const Maze *const *) sheet->mazes->pdata,
                              (const char *const *) sheet->titles->pdata, sheet->mazes->len,
                              &sheet->options, page);
}

static gboolean
write_pdf (BitmazeSheet                 *sheet,
           const RenderWorksheetOptions *options,
           GFile                        *file,
           GError                      **error)
{
  g_autofree char *path = g_file_get_path (file);
  MazeError merror;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be written"));
      return FALSE;
    }
  maze_error_clear (&merror);
  if (render_worksheet_to_file ((const Maze *const *) sheet->mazes->pdata,
                                (const char *const *) sheet->titles->pdata,
                                sheet->mazes->len, options, path, &merror) != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_FAILED, &merror);
      return FALSE;
    }
  return TRUE;
}

gboolean
bitmaze_sheet_write (BitmazeSheet  *sheet,
                     GFile         *file,
                     GFile         *answers_file,
                     GError       **error)
{
  RenderWorksheetOptions options = puzzle_options (sheet);

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (!sheet->answers_file || G_IS_FILE (answers_file), FALSE);

  for (guint k = 0; k < sheet->mazes->len; k++)
    g_return_val_if_fail (sheet->mazes->pdata[k] != NULL, FALSE);
  if (!write_pdf (sheet, &options, file, error))
    return FALSE;
  if (!sheet->answers_file)
    return TRUE;
  options.answers = true;
  options.answers_only = true;
  return write_pdf (sheet, &options, answers_file, error);
}

GFile *
bitmaze_sheet_answers_file_for (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *answers = NULL;
  char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name)
    *dot = '\0';
  /* Translators: the file name of a worksheet's answers, from the
   * worksheet's name without its extension */
  answers = g_strdup_printf (_("%s-answers.pdf"), name);
  return parent != NULL ? g_file_get_child (parent, answers) : g_file_new_for_path (answers);
}

