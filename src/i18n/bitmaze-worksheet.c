/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet.c: the titles of a worksheet's mazes.
 */
#include "bitmaze-worksheet.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

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
      g_autofree char *seed = shown (maze_meta_get (mazes[k], "seed"));
      guint number = (guint) k + 1;

      if (title != NULL && seed != NULL)
        /* Translators: a maze's title on a worksheet: its name and seed */
        g_ptr_array_add (titles, g_strdup_printf (_("%s — seed %s"), title, seed));
      else if (title != NULL)
        g_ptr_array_add (titles, g_strdup (title));
      else if (seed != NULL)
        /* Translators: a maze's title on a worksheet: its number and seed */
        g_ptr_array_add (titles, g_strdup_printf (_("Maze %u — seed %s"), number, seed));
      else
        /* Translators: a maze's title on a worksheet: its number */
        g_ptr_array_add (titles, g_strdup_printf (_("Maze %u"), number));
    }
  return titles;
}
