/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-worksheet.c: the titles of a worksheet's mazes.
 */
#include "bitmaze-worksheet.h"

#include <glib/gi18n-lib.h>

GPtrArray *
bitmaze_worksheet_titles (const Maze *const *mazes,
                          size_t             n_mazes)
{
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (size_t k = 0; k < n_mazes; k++)
    {
      const char *title = maze_meta_get (mazes[k], "title");
      const char *seed = maze_meta_get (mazes[k], "seed");
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
