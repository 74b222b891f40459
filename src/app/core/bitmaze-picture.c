/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "maze-render.h"

#include "bitmaze-gerror.h"
#include "bitmaze-picture.h"

gboolean
bitmaze_picture_export (const Maze  *maze,
                        GFile       *file,
                        gboolean     show_search,
                        gboolean     show_solution,
                        GError     **error)
{
  g_autofree char *path = NULL;
  RenderOptions options;
  MazeError merror;

  g_return_val_if_fail (maze != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be written"));
      return FALSE;
    }

  if (render_format_from_path (path) < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The file name must end in .png, .svg or .pdf"));
      return FALSE;
    }

  render_options_init (&options);
  options.show_search = show_search;
  options.show_solution = show_solution;

  /* Big mazes get smaller cells, so a 2000x2000 export is a picture of a
   * few megabytes made in a moment, not one of gigabytes. */
  render_auto_size (maze, &options);

  if (render_to_file (maze, &options, path, NULL, &merror) != MAZE_OK)
    return bitmaze_gerror_from_maze (&merror, error);

  return TRUE;
}
