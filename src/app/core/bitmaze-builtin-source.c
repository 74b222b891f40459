/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-builtin-source.h"

typedef struct
{
  BitmazeStepSource  parent;
  MazeHistory       *history;
} BuiltinSource;

#define HISTORY(source) (((BuiltinSource *) (source))->history)

static gboolean
builtin_step (BitmazeStepSource *source,
              MazeStep          *report,
              gboolean           quiet)
{
  return quiet ? maze_history_step_quiet (HISTORY (source), report)
               : maze_history_step (HISTORY (source), report);
}

static gboolean
builtin_peek (BitmazeStepSource *source,
              MazeStep          *next)
{
  return maze_history_peek (HISTORY (source), next);
}

static MazeStatus
builtin_seek (BitmazeStepSource *source,
              guint64            position,
              MazeStep          *reports,
              gsize              n_reports,
              gsize             *n_out,
              MazeError         *error)
{
  return maze_history_seek (HISTORY (source), position, reports, n_reports, n_out, error);
}

static gsize
builtin_changed_cells (BitmazeStepSource *source,
                       guint64            a,
                       guint64            b,
                       guint32           *out,
                       gsize              max)
{
  return maze_history_changed_cells (HISTORY (source), a, b, out, max);
}

static guint64
builtin_first (BitmazeStepSource *source)
{
  return maze_history_first (HISTORY (source));
}

static guint64
builtin_position (BitmazeStepSource *source)
{
  return maze_history_position (HISTORY (source));
}

static guint64
builtin_length (BitmazeStepSource *source)
{
  return maze_history_length (HISTORY (source));
}

static gboolean
builtin_finished (BitmazeStepSource *source)
{
  return maze_history_finished (HISTORY (source));
}

static gsize
builtin_frontier (BitmazeStepSource *source,
                  guint32           *out,
                  gsize              max)
{
  if (source->kind == BITMAZE_STEPS_BUILD)
    return maze_generator_frontier (maze_history_generator (HISTORY (source)), out, max);
  return maze_solver_frontier (maze_history_solver (HISTORY (source)), out, max);
}

static void
builtin_stats (BitmazeStepSource *source,
               MazeSolveStats    *stats)
{
  if (source->kind == BITMAZE_STEPS_BUILD)
    {
      stats->steps = maze_history_position (HISTORY (source));
      stats->finished = maze_history_finished (HISTORY (source));
    }
  else
    maze_solver_stats (maze_history_solver (HISTORY (source)), stats);
}

static const MazeSolver *
builtin_solver (BitmazeStepSource *source)
{
  return maze_history_solver (HISTORY (source));
}

static guint64
builtin_find_line (BitmazeStepSource *source,
                   guint              line,
                   guint64            before)
{
  return maze_history_find_line (HISTORY (source), line, before);
}

static guint64
builtin_run (BitmazeStepSource *source,
             guint64            max,
             guint32           *cells,
             gsize             *n_cells)
{
  return maze_history_run (HISTORY (source), max, cells, n_cells);
}

static void
builtin_free (BitmazeStepSource *source)
{
  g_clear_pointer (&HISTORY (source), maze_history_free);
  bitmaze_step_source_clear (source);
  g_free (source);
}

static const BitmazeStepSourceClass builtin_class = {
  .step = builtin_step,
  .peek = builtin_peek,
  .seek = builtin_seek,
  .changed_cells = builtin_changed_cells,
  .first = builtin_first,
  .position = builtin_position,
  .length = builtin_length,
  .finished = builtin_finished,
  .frontier = builtin_frontier,
  .stats = builtin_stats,
  .solver = builtin_solver,
  .run = builtin_run,
  .find_line = builtin_find_line,
  .free = builtin_free,
};

static BitmazeStepSource *
builtin_new (MazeHistory     *history,
             BitmazeStepKind  kind,
             const char      *algorithm)
{
  BuiltinSource *self;

  if (history == NULL)
    return NULL;
  self = g_new0 (BuiltinSource, 1);
  bitmaze_step_source_init (&self->parent, &builtin_class, kind, algorithm);
  self->history = history;
  return &self->parent;
}

BitmazeStepSource *
bitmaze_builtin_source_new_generator (Maze          *maze,
                                      const char    *algorithm,
                                      guint64        seed,
                                      guint          loops,
                                      MazePlacement  placement,
                                      MazeError     *error)
{
  return builtin_new (maze_history_new_generator (maze, algorithm, seed, loops, TRUE, placement,
                                                  TRUE, error),
                      BITMAZE_STEPS_BUILD, algorithm);
}

BitmazeStepSource *
bitmaze_builtin_source_new_solver (Maze       *maze,
                                   const char *algorithm,
                                   MazeError  *error)
{
  return builtin_new (maze_history_new_solver (maze, algorithm, error),
                      BITMAZE_STEPS_SEARCH, algorithm);
}

const MazeGenerator *
bitmaze_builtin_source_get_generator (BitmazeStepSource *source)
{
  if (!bitmaze_step_source_is_builtin (source))
    return NULL;
  return maze_history_generator (HISTORY (source));
}

gboolean
bitmaze_step_source_is_builtin (BitmazeStepSource *source)
{
  return source != NULL && source->klass == &builtin_class;
}
