/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "bitmaze-recorded-source.h"

/* The start and the goal after step @step, kept only for the steps that
 * moved them. */
typedef struct
{
  guint64 step;
  guint32 start;
  guint32 goal;
} Endpoints;

struct _BitmazeRecordedRun
{
  gatomicrefcount  ref_count;
  BitmazeStepKind  kind;
  char            *algorithm;
  GArray          *steps;     /* MazeStep, step 1 first */
  GArray          *endpoints; /* Endpoints, by step; [0] is step 0 */
  gboolean         ended;
  MazeSolveStats   end_stats;
};

BitmazeRecordedRun *
bitmaze_recorded_run_new (BitmazeStepKind  kind,
                          const char      *algorithm,
                          guint32          start,
                          guint32          goal)
{
  BitmazeRecordedRun *run = g_new0 (BitmazeRecordedRun, 1);
  Endpoints first = { 0, start, goal };

  g_atomic_ref_count_init (&run->ref_count);
  run->kind = kind;
  run->algorithm = g_strdup (algorithm);
  run->steps = g_array_new (FALSE, FALSE, sizeof (MazeStep));
  run->endpoints = g_array_new (FALSE, FALSE, sizeof (Endpoints));
  g_array_append_val (run->endpoints, first);
  return run;
}

BitmazeRecordedRun *
bitmaze_recorded_run_ref (BitmazeRecordedRun *run)
{
  g_atomic_ref_count_inc (&run->ref_count);
  return run;
}

void
bitmaze_recorded_run_unref (BitmazeRecordedRun *run)
{
  if (!g_atomic_ref_count_dec (&run->ref_count))
    return;
  g_free (run->algorithm);
  g_array_unref (run->steps);
  g_array_unref (run->endpoints);
  g_free (run);
}

void
bitmaze_recorded_run_add (BitmazeRecordedRun *run,
                          const MazeStep     *step,
                          guint32             start,
                          guint32             goal)
{
  const Endpoints *last = &g_array_index (run->endpoints, Endpoints, run->endpoints->len - 1);
  MazeStep copy = *step;

  g_return_if_fail (!run->ended);

  maze_step_complete (&copy);
  g_array_append_val (run->steps, copy);
  if (last->start != start || last->goal != goal)
    {
      Endpoints moved = { run->steps->len, start, goal };

      g_array_append_val (run->endpoints, moved);
    }
}

void
bitmaze_recorded_run_end (BitmazeRecordedRun   *run,
                          const MazeSolveStats *stats)
{
  run->ended = TRUE;
  if (stats != NULL)
    run->end_stats = *stats;
}

guint64
bitmaze_recorded_run_get_length (BitmazeRecordedRun *run)
{
  return run->steps->len;
}

const MazeStep *
bitmaze_recorded_run_get_step (BitmazeRecordedRun *run,
                               guint64             index)
{
  g_return_val_if_fail (index >= 1 && index <= run->steps->len, NULL);

  return &g_array_index (run->steps, MazeStep, index - 1);
}

/* The start and the goal at step @position. */
static const Endpoints *
endpoints_at (BitmazeRecordedRun *run,
              guint64             position)
{
  guint i = run->endpoints->len;

  while (i > 1 && g_array_index (run->endpoints, Endpoints, i - 1).step > position)
    i--;
  return &g_array_index (run->endpoints, Endpoints, i - 1);
}

/* ------------------------------------------------------------------ */
/* The source                                                          */
/* ------------------------------------------------------------------ */

typedef struct
{
  BitmazeStepSource   parent;
  Maze               *maze;
  BitmazeRecordedRun *run;
  guint64             position;
} RecordedSource;

#define RECORDED(source) ((RecordedSource *) (source))

/* Writes step @index's words after (@forward) or before it, and the
 * endpoints of the step it then shows. */
static void
apply_step (RecordedSource *self,
            guint64         index,
            gboolean        forward)
{
  const MazeStep *step = bitmaze_recorded_run_get_step (self->run, index);
  uint16_t *cells = maze_cells (self->maze);
  guint32 n_cells = maze_n_cells (self->maze);
  const Endpoints *ends;

  if (forward)
    {
      for (unsigned k = 0; k < step->n_changes; k++)
        if (step->changes[k].index < n_cells)
          cells[step->changes[k].index] = step->changes[k].after;
    }
  else
    {
      for (unsigned k = step->n_changes; k-- > 0;)
        if (step->changes[k].index < n_cells)
          cells[step->changes[k].index] = step->changes[k].before;
    }
  self->position = forward ? index : index - 1;
  ends = endpoints_at (self->run, self->position);
  if (ends->start != maze_start (self->maze) || ends->goal != maze_goal (self->maze))
    maze_put_endpoints (self->maze, ends->start, ends->goal, NULL);
}

static gboolean
recorded_step (BitmazeStepSource *source,
               MazeStep          *report,
               gboolean           quiet)
{
  RecordedSource *self = RECORDED (source);

  if (self->position >= self->run->steps->len)
    return FALSE;
  apply_step (self, self->position + 1, TRUE);
  *report = *bitmaze_recorded_run_get_step (self->run, self->position);
  return TRUE;
}

static gboolean
recorded_peek (BitmazeStepSource *source,
               MazeStep          *next)
{
  RecordedSource *self = RECORDED (source);

  if (self->position >= self->run->steps->len)
    return FALSE;
  *next = *bitmaze_recorded_run_get_step (self->run, self->position + 1);
  return TRUE;
}

static MazeStatus
recorded_seek (BitmazeStepSource *source,
               guint64            position,
               MazeStep          *reports,
               gsize              n_reports,
               gsize             *n_out,
               MazeError         *error)
{
  RecordedSource *self = RECORDED (source);
  gsize n;

  while (self->position > position)
    apply_step (self, self->position, FALSE);
  while (self->position < position)
    apply_step (self, self->position + 1, TRUE);

  n = MIN (n_reports, position);
  for (gsize k = 0; k < n; k++)
    reports[k] = *bitmaze_recorded_run_get_step (self->run, position - n + 1 + k);
  *n_out = n;
  return MAZE_OK;
}

static gsize
recorded_changed_cells (BitmazeStepSource *source,
                        guint64            a,
                        guint64            b,
                        guint32           *out,
                        gsize              max)
{
  RecordedSource *self = RECORDED (source);
  guint64 from = MIN (MIN (a, b), self->run->steps->len);
  guint64 to = MIN (MAX (a, b), self->run->steps->len);
  gsize n = 0;

  for (guint64 i = from + 1; i <= to; i++)
    {
      const MazeStep *step = bitmaze_recorded_run_get_step (self->run, i);

      for (unsigned k = 0; k < step->n_changes; k++)
        {
          if (step->changes[k].index >= maze_n_cells (self->maze))
            continue;
          if (n < max)
            out[n] = step->changes[k].index;
          n++;
        }
    }
  return n;
}

static guint64
recorded_first (BitmazeStepSource *source)
{
  return 0;
}

static guint64
recorded_position (BitmazeStepSource *source)
{
  return RECORDED (source)->position;
}

static guint64
recorded_length (BitmazeStepSource *source)
{
  return RECORDED (source)->run->steps->len;
}

static gboolean
recorded_finished (BitmazeStepSource *source)
{
  RecordedSource *self = RECORDED (source);

  return self->run->ended && self->position >= self->run->steps->len;
}

static gsize
recorded_frontier (BitmazeStepSource *source,
                   guint32           *out,
                   gsize              max)
{
  return 0;
}

static void
recorded_stats (BitmazeStepSource *source,
                MazeSolveStats    *stats)
{
  RecordedSource *self = RECORDED (source);

  if (recorded_finished (source) && source->kind == BITMAZE_STEPS_SEARCH)
    *stats = self->run->end_stats;
  stats->steps = self->position;
  stats->finished = recorded_finished (source);
}

static guint64
recorded_find_line (BitmazeStepSource *source,
                    guint              line,
                    guint64            before)
{
  RecordedSource *self = RECORDED (source);

  for (guint64 i = MIN (before, self->run->steps->len); i >= 1; i--)
    {
      const MazeStep *step = bitmaze_recorded_run_get_step (self->run, i);

      if (step->line == line)
        return i;
      for (unsigned k = 0; k < step->n_changes; k++)
        if (step->changes[k].line == line)
          return i;
    }
  return 0;
}

static void
recorded_free (BitmazeStepSource *source)
{
  RecordedSource *self = RECORDED (source);

  g_clear_pointer (&self->run, bitmaze_recorded_run_unref);
  bitmaze_step_source_clear (source);
  g_free (self);
}

static const BitmazeStepSourceClass recorded_class = {
  .step = recorded_step,
  .peek = recorded_peek,
  .seek = recorded_seek,
  .changed_cells = recorded_changed_cells,
  .first = recorded_first,
  .position = recorded_position,
  .length = recorded_length,
  .finished = recorded_finished,
  .frontier = recorded_frontier,
  .stats = recorded_stats,
  .solver = NULL,
  .find_line = recorded_find_line,
  .free = recorded_free,
};

BitmazeStepSource *
bitmaze_recorded_source_new (Maze               *maze,
                             BitmazeRecordedRun *run)
{
  RecordedSource *self;

  g_return_val_if_fail (maze != NULL, NULL);
  g_return_val_if_fail (run != NULL, NULL);

  self = g_new0 (RecordedSource, 1);
  bitmaze_step_source_init (&self->parent, &recorded_class, run->kind, run->algorithm);
  self->maze = maze;
  self->run = bitmaze_recorded_run_ref (run);
  return &self->parent;
}
