/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-error.h"
#include "bitmaze-gerror.h"

gboolean
bitmaze_gerror_from_maze (const MazeError  *merror,
                          GError          **error)
{
  int code = G_IO_ERROR_FAILED;

  switch (merror->status)
    {
    case MAZE_ERROR_FORMAT:
    case MAZE_ERROR_INCONSISTENT:
      code = G_IO_ERROR_INVALID_DATA;
      break;
    case MAZE_ERROR_NOMEM:
      code = G_IO_ERROR_NO_SPACE;
      break;
    case MAZE_ERROR_ARGUMENT:
    case MAZE_ERROR_SIZE:
      code = G_IO_ERROR_INVALID_ARGUMENT;
      break;
    case MAZE_OK:
    case MAZE_ERROR_IO:
    default:
      break;
    }

  bitmaze_error_propagate (error, G_IO_ERROR, code, merror);

  return FALSE;
}
