/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-builtin-source.h: steps of a generator or solver of the
 * engine's registry, with the engine's MazeHistory behind them so they
 * can go back and to any step (see bitmaze-step-source.h).
 */
#pragma once

#include "bitmaze-step-source.h"

G_BEGIN_DECLS

/* A build of @maze by @algorithm (maze_history_new_generator () with the
 * endpoints placed by a last step): the maze is cleared.  NULL with the
 * engine's error. */
BitmazeStepSource *bitmaze_builtin_source_new_generator (Maze          *maze,
                                                         const char    *algorithm,
                                                         guint64        seed,
                                                         guint          loops,
                                                         MazePlacement  placement,
                                                         MazeError     *error);
/* A search of @maze by @algorithm (maze_history_new_solver ()): its
 * search bits are cleared.  NULL with the engine's error. */
BitmazeStepSource *bitmaze_builtin_source_new_solver    (Maze          *maze,
                                                         const char    *algorithm,
                                                         MazeError     *error);

/* The generator at the position of a build source, or NULL. */
const MazeGenerator *bitmaze_builtin_source_get_generator (BitmazeStepSource *source);
/* Whether @source is a built-in one. */
gboolean           bitmaze_step_source_is_builtin       (BitmazeStepSource *source);

G_END_DECLS
