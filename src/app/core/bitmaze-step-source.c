/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "bitmaze-step-source.h"

void
bitmaze_step_source_init (BitmazeStepSource            *source,
                          const BitmazeStepSourceClass *klass,
                          BitmazeStepKind               kind,
                          const char                   *algorithm)
{
  source->klass = klass;
  source->kind = kind;
  source->algorithm = g_strdup (algorithm);
}

void
bitmaze_step_source_clear (BitmazeStepSource *source)
{
  g_clear_pointer (&source->algorithm, g_free);
}

void
bitmaze_step_source_free (BitmazeStepSource *source)
{
  if (source != NULL)
    source->klass->free (source);
}

BitmazeStepKind
bitmaze_step_source_get_kind (BitmazeStepSource *source)
{
  return source->kind;
}

const char *
bitmaze_step_source_get_algorithm (BitmazeStepSource *source)
{
  return source->algorithm;
}

gboolean
bitmaze_step_source_peek (BitmazeStepSource *source,
                          MazeStep          *next)
{
  return source->klass->peek (source, next);
}

MazeStatus
bitmaze_step_source_seek (BitmazeStepSource *source,
                          guint64            position,
                          MazeStep          *reports,
                          gsize              n_reports,
                          gsize             *n_out,
                          MazeError         *error)
{
  gsize n = 0;
  MazeStatus status;

  position = CLAMP (position, source->klass->first (source), source->klass->length (source));
  status = source->klass->seek (source, position, reports, n_reports, &n, error);
  if (n_out != NULL)
    *n_out = n;
  return status;
}

gboolean
bitmaze_step_source_back (BitmazeStepSource *source,
                          MazeStep          *report)
{
  guint64 position = source->klass->position (source);
  MazeStep scratch;
  gsize n = 0;

  if (position <= source->klass->first (source))
    return FALSE;
  if (source->klass->seek (source, position - 1, &scratch, 1, &n, NULL) != MAZE_OK)
    return FALSE;
  if (report != NULL)
    {
      if (n > 0)
        *report = scratch;
      else
        {
          memset (report, 0, sizeof *report);
          report->kind = MAZE_STEP_NONE;
          report->cell = UINT32_MAX;
          report->other = UINT32_MAX;
        }
    }
  return TRUE;
}

gsize
bitmaze_step_source_changed_cells (BitmazeStepSource *source,
                                   guint64            a,
                                   guint64            b,
                                   guint32           *out,
                                   gsize              max)
{
  return source->klass->changed_cells (source, a, b, out, max);
}

guint64
bitmaze_step_source_run (BitmazeStepSource *source,
                         guint64            max,
                         guint32           *cells,
                         gsize             *n_cells)
{
  *n_cells = 0;
  if (source->klass->run == NULL)
    return 0;
  return source->klass->run (source, max, cells, n_cells);
}

guint64
bitmaze_step_source_get_first (BitmazeStepSource *source)
{
  return source->klass->first (source);
}

guint64
bitmaze_step_source_get_position (BitmazeStepSource *source)
{
  return source->klass->position (source);
}

guint64
bitmaze_step_source_get_length (BitmazeStepSource *source)
{
  return source->klass->length (source);
}

gsize
bitmaze_step_source_frontier (BitmazeStepSource *source,
                              guint32           *out,
                              gsize              max)
{
  return source->klass->frontier (source, out, max);
}

void
bitmaze_step_source_stats (BitmazeStepSource *source,
                           MazeSolveStats    *stats)
{
  memset (stats, 0, sizeof *stats);
  source->klass->stats (source, stats);
}

const MazeSolver *
bitmaze_step_source_get_solver (BitmazeStepSource *source)
{
  return source->klass->solver != NULL ? source->klass->solver (source) : NULL;
}

guint64
bitmaze_step_source_find_line (BitmazeStepSource *source,
                               guint              line,
                               guint64            before)
{
  return source->klass->find_line != NULL ? source->klass->find_line (source, line, before) : 0;
}
