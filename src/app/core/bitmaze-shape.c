/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-shape.c: a shape spec into a maze, and what a border bit means
 * at the edge of a shape.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-error.h"
#include "bitmaze-op-log.h"
#include "bitmaze-shape.h"
#include "maze-render.h"

static const char MASK_PREFIX[] = "mask:";

G_DEFINE_QUARK (bitmaze-shape-error-quark, bitmaze_shape_error)

static void
set_error (GError          **error,
           const MazeError  *merror)
{
  bitmaze_error_propagate (error, BITMAZE_SHAPE_ERROR, (gint) merror->status, merror);
}

Maze *
bitmaze_shape_new_maze (const char  *spec,
                        guint        width,
                        guint        height,
                        GError     **error)
{
  g_autofree char *label = NULL;
  MazeShape *shape;
  MazeError merror;
  Maze *maze;

  maze_error_clear (&merror);
  if (spec == NULL || *spec == '\0')
    {
      maze = maze_new (width, height, &merror);
      if (maze == NULL)
        set_error (error, &merror);
      return maze;
    }

  if (bitmaze_shape_is_mask (spec))
    {
      const char *path = spec + sizeof MASK_PREFIX - 1;
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *name = g_filename_display_name (base);

      shape = render_shape_load_mask (path, width, height, &merror);
      label = g_strconcat (MASK_PREFIX, name, NULL);
    }
  else
    {
      shape = render_shape_from_name (spec, width, height, &merror);
      label = g_strdup (spec);
    }
  if (shape == NULL)
    {
      set_error (error, &merror);
      return NULL;
    }
  maze = maze_new_shaped (width, height, shape, MAZE_PIECES_REFUSE, &merror);
  maze_shape_free (shape);
  if (maze == NULL)
    {
      set_error (error, &merror);
      return NULL;
    }
  /* A label is valid UTF-8 without line breaks: the name given, or a
   * file name for display. */
  if (g_utf8_validate (label, -1, NULL) && strchr (label, '\n') == NULL)
    maze_meta_set (maze, "shape", label, NULL);
  return maze;
}

/* Does @spec at @maze's size give exactly @maze's cells? */
static gboolean
spec_gives (const char *spec,
            const Maze *maze)
{
  Maze *made = bitmaze_shape_new_maze (spec, maze_width (maze), maze_height (maze), NULL);
  gboolean same = made != NULL;

  for (guint32 i = 0; same && i < maze_n_cells (maze); i++)
    same = maze_contains (made, i) == maze_contains (maze, i);
  g_clear_pointer (&made, maze_free);
  return same;
}

gboolean
bitmaze_shape_is_mask (const char *spec)
{
  return spec != NULL && g_str_has_prefix (spec, MASK_PREFIX);
}

char *
bitmaze_shape_spec_of_maze (const Maze *maze,
                            const char *path)
{
  const char *named = maze_meta_get (maze, "shape");

  g_return_val_if_fail (maze != NULL && path != NULL, NULL);

  if (!maze_is_shaped (maze))
    return g_strdup ("");
  /* The metadata is only a label: a mask's is its file name, and the
   * shape it names is trusted only if it draws the same cells. */
  if (named != NULL && *named != '\0' && !bitmaze_shape_is_mask (named)
      && spec_gives (named, maze))
    return g_strdup (named);
  return g_strconcat (MASK_PREFIX, path, NULL);
}

char *
bitmaze_shape_border_meaning (const Maze *maze,
                              guint       cell,
                              guint       bit)
{
  guint16 dir = (guint16) (1u << (bit & 3));
  guint w = maze_width (maze), h = maze_height (maze);
  guint x = cell % w, y = cell / w;
  gint64 other = -1;

  if (bit / 4 != 1 || cell >= maze_n_cells (maze) || !maze_is_shaped (maze)
      || !maze_contains (maze, cell)
      || !maze_cell_on_border (maze_cells_const (maze)[cell], dir))
    return NULL;

  /* The cell on that side, if the grid has one there. */
  if (dir == MAZE_N && y > 0)
    other = (gint64) cell - w;
  else if (dir == MAZE_E && x + 1 < w)
    other = (gint64) cell + 1;
  else if (dir == MAZE_S && y + 1 < h)
    other = (gint64) cell + w;
  else if (dir == MAZE_W && x > 0)
    other = (gint64) cell - 1;
  if (other < 0)
    return NULL;

  /* Translators: tooltip of a border bit at the edge of a shaped maze (a
   * heart, a circle); %s is a direction ("west"), then the neighbour's
   * column and row, the bit number and its mask */
  return g_strdup_printf (_("1: the neighbour to the %s, (%u, %u), is outside the maze: the shape ends here, so this side is part of the outer wall. Border bits are set when the maze is made and never change.\nBit %u, mask 0x%04X."),
                          bitmaze_direction_name (dir),
                          (guint) (other % w), (guint) (other / w),
                          bit, 1u << bit);
}
