/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-builtin-source.h"
#include "bitmaze-reopen.h"

/* How many steps run between two looks at the clock. */
#define CLOCK_CHECK_EVERY 4096

struct _BitmazeReopen
{
  Maze              *maze;    /* the copy */
  BitmazeStepSource *source;
  gboolean           build;
  gsize              differ;  /* words of the copy that differ from the saved ones */
  gint64             us;
};

/* Does any cell have an opening in the outer wall?  A build in progress
 * has none: the endpoints are placed at its end. */
static gboolean
has_openings (const Maze *maze)
{
  const guint16 *cells = maze_cells_const (maze);
  guint32 n = maze_n_cells (maze);

  for (guint32 i = 0; i < n; i++)
    if (maze_cell_passages (cells[i]) & maze_cell_border (cells[i]))
      return TRUE;
  return FALSE;
}

BitmazeReopenKind
bitmaze_reopen_kind_of (const Maze *maze,
                        const char *solver)
{
  const char *saved_solver = maze_meta_get (maze, "solver");

  if (maze_has_search (maze))
    return saved_solver != NULL && g_strcmp0 (saved_solver, solver) == 0
           ? BITMAZE_REOPEN_SEARCH : BITMAZE_REOPEN_NOTHING;
  if (maze_meta_get (maze, "generator") != NULL && maze_meta_get (maze, "seed") != NULL
      && !has_openings (maze))
    return BITMAZE_REOPEN_BUILD;
  return BITMAZE_REOPEN_NOTHING;
}

BitmazeReopen *
bitmaze_reopen_new (const Maze    *saved,
                    gboolean       build,
                    const char    *algorithm,
                    guint64        seed,
                    guint          loops,
                    MazePlacement  placement)
{
  g_autoptr (BitmazeReopen) self = g_new0 (BitmazeReopen, 1);
  const guint16 *cells, *saved_cells = maze_cells_const (saved);
  guint32 n_cells = maze_n_cells (saved);
  MazeError error;

  self->maze = maze_copy (saved, &error);
  if (self->maze == NULL)
    return NULL;
  if (build)
    self->source = bitmaze_builtin_source_new_generator (self->maze, algorithm, seed, loops,
                                                         placement, &error);
  else
    self->source = bitmaze_builtin_source_new_solver (self->maze, algorithm, &error);
  if (self->source == NULL)
    return NULL;

  self->build = build;
  cells = maze_cells_const (self->maze);
  for (guint32 i = 0; i < n_cells; i++)
    self->differ += cells[i] != saved_cells[i];
  return g_steal_pointer (&self);
}

void
bitmaze_reopen_free (BitmazeReopen *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->source, bitmaze_step_source_free);
  g_clear_pointer (&self->maze, maze_free);
  g_free (self);
}

BitmazeReopenStatus
bitmaze_reopen_slice (BitmazeReopen *self,
                      const Maze    *saved,
                      gint64         budget_us)
{
  const guint16 *words = maze_cells_const (saved);
  gint64 start = g_get_monotonic_time ();
  gboolean going = TRUE;
  guint n = 0;
  MazeStep step;

  while (self->differ > 0 && (going = bitmaze_step_source_step (self->source, &step, TRUE)))
    {
      /* Each change takes its word from one value to the next: count the
       * cell out as it was and in as it is now. */
      for (unsigned i = 0; i < step.n_changes; i++)
        {
          const MazeChange *change = &step.changes[i];

          self->differ -= change->before != words[change->index];
          self->differ += change->after != words[change->index];
        }
      if (++n % CLOCK_CHECK_EVERY == 0 && g_get_monotonic_time () - start > budget_us)
        break;
    }
  self->us += g_get_monotonic_time () - start;

  if (self->differ > 0 && going)
    return BITMAZE_REOPEN_MORE;

  /* No step gives the saved words, or the build was already complete:
   * the file is a finished maze. */
  if (self->differ > 0
      || (self->build && maze_generator_done (bitmaze_builtin_source_get_generator (self->source))))
    return BITMAZE_REOPEN_FAILED;

  /* With the whole path marked, all that is left of a finished search is
   * its last step, which only reports the goal found: take it too, so a
   * solved maze comes back solved. */
  if (!self->build && !bitmaze_step_source_finished (self->source)
      && maze_path_cells (self->maze, NULL, 0) >= 0)
    {
      if (!bitmaze_step_source_peek (self->source, &step) || step.n_changes > 0)
        return BITMAZE_REOPEN_FAILED;
      bitmaze_step_source_step (self->source, &step, FALSE);
    }
  return BITMAZE_REOPEN_FOUND;
}

Maze *
bitmaze_reopen_steal_maze (BitmazeReopen *self)
{
  return g_steal_pointer (&self->maze);
}

BitmazeStepSource *
bitmaze_reopen_steal_source (BitmazeReopen *self)
{
  return g_steal_pointer (&self->source);
}

gint64
bitmaze_reopen_get_time (BitmazeReopen *self)
{
  return self->us;
}
