/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-edits.h"
#include "bitmaze-error.h"
#include "bitmaze-gerror.h"

struct _BitmazeEdits
{
  GObject  parent_instance;

  GArray  *undo;         /* BitmazeEdit, oldest first */
  GArray  *redo;
  guint    saved_depth;  /* edits deep the file on disk is (G_MAXUINT: none of them) */
};

G_DEFINE_FINAL_TYPE (BitmazeEdits, bitmaze_edits, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CELLS_CHANGED,
  MAZE_CHANGED,
  EDITED,
  MODIFIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* One edit                                                            */
/* ------------------------------------------------------------------ */

void
bitmaze_edit_init (BitmazeEdit     *edit,
                   const Maze      *maze,
                   BitmazeEditKind  kind,
                   guint32          a,
                   guint32          b)
{
  const uint16_t *cells = maze_cells_const (maze);

  memset (edit, 0, sizeof *edit);
  edit->kind = kind;
  edit->index[edit->n] = a;
  edit->before[edit->n++] = cells[a];
  if (b != G_MAXUINT32 && b != a)
    {
      edit->index[edit->n] = b;
      edit->before[edit->n++] = cells[b];
    }
}

void
bitmaze_edit_init_from_step (BitmazeEdit    *edit,
                             const MazeStep *step)
{
  memset (edit, 0, sizeof *edit);
  edit->kind = BITMAZE_EDIT_CELLS;
  for (guint k = 0; k < step->n_changes && edit->n < 2; k++)
    if (step->changes[k].index != UINT32_MAX)
      {
        guint j = edit->n;

        /* a cell written twice (a nibble cleared, then a bit set) keeps
         * its first word before */
        for (guint m = 0; m < edit->n; m++)
          if (edit->index[m] == step->changes[k].index)
            j = m;
        if (j == edit->n)
          {
            edit->index[edit->n] = step->changes[k].index;
            edit->before[edit->n++] = step->changes[k].before;
          }
      }
}

gboolean
bitmaze_edit_is_structural (const BitmazeEdit *edit)
{
  gboolean structural = edit->kind != BITMAZE_EDIT_CELLS;

  for (guint k = 0; k < edit->n; k++)
    structural |= ((edit->before[k] ^ edit->after[k]) & MAZE_PASSAGE_MASK) != 0;
  return structural;
}

/* Does the maze still hold what @edit left (@undo) or what it found
 * (redo)? */
static gboolean
edit_holds (const BitmazeEdit *edit,
            const Maze        *maze,
            gboolean           undo)
{
  const uint16_t *cells = maze_cells_const (maze);

  for (guint k = 0; k < edit->n; k++)
    {
      guint16 mask = edit->before[k] ^ edit->after[k];
      guint16 want = undo ? edit->after[k] : edit->before[k];

      if ((cells[edit->index[k]] & mask) != (want & mask))
        return FALSE;
    }
  if (edit->kind == BITMAZE_EDIT_START)
    return maze_start (maze) == (undo ? edit->now : edit->was);
  if (edit->kind == BITMAZE_EDIT_GOAL)
    return maze_goal (maze) == (undo ? edit->now : edit->was);
  return TRUE;
}

/* Puts back the bits @edit changed as they were before it (@undo) or
 * after it, into @report. */
static void
edit_put (const BitmazeEdit *edit,
          Maze              *maze,
          gboolean           undo,
          MazeStep          *report)
{
  for (guint k = 0; k < edit->n; k++)
    maze_restore_bits (maze, edit->index[k], edit->before[k] ^ edit->after[k],
                       undo ? edit->before[k] : edit->after[k], report, NULL);
}

void
bitmaze_edit_apply (const BitmazeEdit *edit,
                    Maze              *maze,
                    gboolean           undo,
                    MazeStep          *report)
{
  /* The bits first: an end point moved back finds no opening of its own
   * to move with it, and the words come out as they were. */
  edit_put (edit, maze, undo, report);
  if (edit->kind == BITMAZE_EDIT_START)
    maze_set_start (maze, undo ? edit->was : edit->now, NULL);
  else if (edit->kind == BITMAZE_EDIT_GOAL)
    maze_set_goal (maze, undo ? edit->was : edit->now, NULL);
  if (edit->kind != BITMAZE_EDIT_CELLS)
    edit_put (edit, maze, undo, NULL);
}

/* ------------------------------------------------------------------ */
/* The lists                                                           */
/* ------------------------------------------------------------------ */

/* Notifies :can-undo and :can-redo when they may have changed. */
static void
notify_lists (BitmazeEdits *self,
              gboolean      could_undo,
              gboolean      could_redo)
{
  if (could_undo != bitmaze_edits_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != bitmaze_edits_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

gboolean
bitmaze_edits_can_undo (BitmazeEdits *self)
{
  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  return self->undo->len > 0;
}

gboolean
bitmaze_edits_can_redo (BitmazeEdits *self)
{
  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  return self->redo->len > 0;
}

void
bitmaze_edits_forget (BitmazeEdits *self)
{
  gboolean could_undo = bitmaze_edits_can_undo (self);
  gboolean could_redo = bitmaze_edits_can_redo (self);

  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  self->saved_depth = 0;
  notify_lists (self, could_undo, could_redo);
}

void
bitmaze_edits_mark_saved (BitmazeEdits *self)
{
  g_return_if_fail (BITMAZE_IS_EDITS (self));

  self->saved_depth = self->undo->len;
}

void
bitmaze_edits_record (BitmazeEdits *self,
                      BitmazeEdit  *edit,
                      const Maze   *maze,
                      const char   *solver,
                      guint64       search_at)
{
  gboolean could_undo = bitmaze_edits_can_undo (self);
  gboolean could_redo = bitmaze_edits_can_redo (self);

  g_return_if_fail (BITMAZE_IS_EDITS (self));

  for (guint k = 0; k < edit->n; k++)
    edit->after[k] = maze_cells_const (maze)[edit->index[k]];
  edit->solver = solver != NULL ? g_intern_string (solver) : NULL;
  edit->search_at = search_at;
  if (self->saved_depth > self->undo->len)
    self->saved_depth = G_MAXUINT; /* the file's state went with the redo list */
  g_array_set_size (self->redo, 0);
  g_array_append_val (self->undo, *edit);
  notify_lists (self, could_undo, could_redo);
}

/* ------------------------------------------------------------------ */
/* Edits of the maze                                                   */
/* ------------------------------------------------------------------ */

static void
emit_step_cells (BitmazeEdits   *self,
                 const MazeStep *step)
{
  guint32 cells[MAZE_STEP_MAX_CHANGES];

  for (unsigned i = 0; i < step->n_changes; i++)
    cells[i] = step->changes[i].index;
  if (step->n_changes > 0)
    g_signal_emit (self, signals[CELLS_CHANGED], 0, cells, step->n_changes);
}

/* Before the user changes @maze by hand (inside a freeze of @stepper): a
 * build cannot take it, a search cannot go on over it (its bits stay).
 * The search it ends (@solver, or NULL when none, and its step) goes to
 * @ended_solver and @ended_at, for the edit's undo to bring back. */
static gboolean
begin_edit (Maze            *maze,
            BitmazeStepper  *stepper,
            const char      *solver,
            guint            index,
            const char     **ended_solver,
            guint64         *ended_at,
            GError         **error)
{
  if (maze == NULL || index >= maze_n_cells (maze))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("There is no such cell"));
      return FALSE;
    }
  if (bitmaze_stepper_get_phase (stepper) == BITMAZE_PHASE_BUILDING)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The maze is still being built"));
      return FALSE;
    }
  bitmaze_stepper_interrupt (stepper);
  *ended_solver = bitmaze_stepper_get_source (stepper) != NULL && !bitmaze_stepper_builds (stepper)
                  ? solver : NULL;
  *ended_at = bitmaze_stepper_get_position (stepper);
  bitmaze_stepper_drop (stepper);
  return TRUE;
}

gboolean
bitmaze_edits_toggle_bit (BitmazeEdits    *self,
                          Maze            *maze,
                          BitmazeStepper  *stepper,
                          const char      *solver,
                          guint            index,
                          guint            bit,
                          GError         **error)
{
  const char *ended_solver;
  guint64 ended_at;
  MazeError merror;
  MazeStep step;
  BitmazeEdit edit;

  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  bitmaze_stepper_freeze (stepper);
  if (!begin_edit (maze, stepper, solver, index, &ended_solver, &ended_at, error))
    {
      bitmaze_stepper_thaw (stepper);
      return FALSE;
    }

  /* A search over walls that changed means nothing any more: it goes, as
   * its own operation, before the flip. */
  if (bit < MAZE_BORDER_SHIFT && maze_contains (maze, index))
    bitmaze_stepper_clear_search (stepper);
  if (maze_toggle_bit (maze, index, bit, &step, &merror) != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, &merror);
      bitmaze_stepper_thaw (stepper);
      return FALSE;
    }

  if (bit >= MAZE_SOLUTION_SHIFT)
    bitmaze_stepper_set_has_search (stepper, maze_has_search (maze));
  if (bit < MAZE_BORDER_SHIFT)
    g_signal_emit (self, signals[MAZE_CHANGED], 0);
  else
    emit_step_cells (self, &step);
  bitmaze_edit_init_from_step (&edit, &step);
  bitmaze_edits_record (self, &edit, maze, ended_solver, ended_at);
  g_signal_emit (self, signals[MODIFIED], 0, TRUE);
  bitmaze_stepper_thaw (stepper);
  g_signal_emit (self, signals[EDITED], 0, &step);

  return TRUE;
}

/* The end of a wall's or an end point's edit, once @maze changed with
 * @status: FALSE with @merror when the engine refused it. */
static gboolean
end_structural_edit (BitmazeEdits     *self,
                     Maze             *maze,
                     BitmazeStepper   *stepper,
                     BitmazeEdit      *edit,
                     MazeStatus        status,
                     const MazeError  *merror,
                     const char       *ended_solver,
                     guint64           ended_at,
                     GError          **error)
{
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  bitmaze_stepper_thaw (stepper);
  if (status != MAZE_OK)
    return bitmaze_gerror_from_maze (merror, error);

  if (edit->kind == BITMAZE_EDIT_CELLS || edit->was != edit->now)
    bitmaze_edits_record (self, edit, maze, ended_solver, ended_at);
  g_signal_emit (self, signals[MODIFIED], 0, TRUE);
  return TRUE;
}

gboolean
bitmaze_edits_set_endpoint (BitmazeEdits    *self,
                            Maze            *maze,
                            BitmazeStepper  *stepper,
                            const char      *solver,
                            guint            index,
                            gboolean         goal,
                            GError         **error)
{
  const char *ended_solver;
  guint64 ended_at;
  MazeError merror;
  MazeStatus status;
  guint32 was;
  BitmazeEdit edit;

  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  bitmaze_stepper_freeze (stepper);
  if (!begin_edit (maze, stepper, solver, index, &ended_solver, &ended_at, error))
    {
      bitmaze_stepper_thaw (stepper);
      return FALSE;
    }

  /* Moving an end point clears the search (the engine does so too). */
  bitmaze_stepper_clear_search (stepper);
  was = goal ? maze_goal (maze) : maze_start (maze);
  bitmaze_edit_init (&edit, maze, goal ? BITMAZE_EDIT_GOAL : BITMAZE_EDIT_START, was, index);
  edit.was = was;
  edit.now = index;
  status = goal ? maze_set_goal (maze, index, &merror) : maze_set_start (maze, index, &merror);
  bitmaze_stepper_set_has_search (stepper, FALSE);
  return end_structural_edit (self, maze, stepper, &edit, status, &merror, ended_solver, ended_at, error);
}

gboolean
bitmaze_edits_toggle_wall (BitmazeEdits    *self,
                           Maze            *maze,
                           BitmazeStepper  *stepper,
                           const char      *solver,
                           guint            index,
                           guint            dir,
                           GError         **error)
{
  const char *ended_solver;
  guint64 ended_at;
  MazeError merror;
  MazeStatus status;
  gboolean open;
  BitmazeEdit edit;

  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  bitmaze_stepper_freeze (stepper);
  if (!begin_edit (maze, stepper, solver, index, &ended_solver, &ended_at, error))
    {
      bitmaze_stepper_thaw (stepper);
      return FALSE;
    }

  bitmaze_stepper_clear_search (stepper);
  open = maze_cell_is_open (maze_cells_const (maze)[index], (guint16) dir);
  bitmaze_edit_init (&edit, maze, BITMAZE_EDIT_CELLS, index, maze_neighbor (maze, index, (uint16_t) dir));
  status = maze_set_wall_open (maze, index, (guint16) dir, !open, &merror);
  return end_structural_edit (self, maze, stepper, &edit, status, &merror, ended_solver, ended_at, error);
}

/* Undoes (@undo) or makes again @edit, which the maze holds: a search
 * in progress ends, as with any edit; a wall or an end point clears the
 * search bits first; the search the edit ended (when it is of @solver)
 * comes back with its undo, at the step it was at (the steppers are
 * deterministic), so a wall clicked by mistake in the middle of a lesson
 * costs nothing. */
static void
apply_edit (BitmazeEdits      *self,
            Maze              *maze,
            BitmazeStepper    *stepper,
            const char        *solver,
            const BitmazeEdit *edit,
            gboolean           undo)
{
  MazeStep step = { .kind = MAZE_STEP_NONE, .cell = edit->index[0], .other = UINT32_MAX };

  bitmaze_stepper_freeze (stepper);
  bitmaze_stepper_interrupt (stepper);
  bitmaze_stepper_drop (stepper);
  if (bitmaze_edit_is_structural (edit))
    bitmaze_stepper_clear_search (stepper);
  bitmaze_edit_apply (edit, maze, undo, &step);
  bitmaze_stepper_set_has_search (stepper, maze_has_search (maze));
  if (undo && edit->solver != NULL && edit->solver == g_intern_string (solver))
    bitmaze_stepper_restore_search (stepper, edit->search_at);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  bitmaze_stepper_thaw (stepper);
  /* The statements go to the log as a flip of those bits, which they are;
   * an end point's move is not logged, as when it was made. */
  if (edit->kind == BITMAZE_EDIT_CELLS && step.n_changes > 0)
    g_signal_emit (self, signals[EDITED], 0, &step);
}

gboolean
bitmaze_edits_replay (BitmazeEdits    *self,
                      Maze            *maze,
                      BitmazeStepper  *stepper,
                      const char      *solver,
                      gboolean         undo,
                      GError         **error)
{
  gboolean could_undo, could_redo;
  GArray *from, *to;
  gboolean changed = FALSE;

  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  from = undo ? self->undo : self->redo;
  to = undo ? self->redo : self->undo;
  if (maze == NULL || from->len == 0)
    return FALSE;
  if (bitmaze_stepper_get_phase (stepper) == BITMAZE_PHASE_BUILDING)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The maze is still being built"));
      return FALSE;
    }

  could_undo = bitmaze_edits_can_undo (self);
  could_redo = bitmaze_edits_can_redo (self);
  /* The ones the maze no longer holds (a search cleared the bit one
   * set) go over on the way. */
  while (!changed && from->len > 0)
    {
      BitmazeEdit edit = g_array_index (from, BitmazeEdit, from->len - 1);

      g_array_set_size (from, from->len - 1);
      g_array_append_val (to, edit);
      if (edit_holds (&edit, maze, undo))
        {
          apply_edit (self, maze, stepper, solver, &edit, undo);
          changed = TRUE;
        }
    }

  /* Back where the file was saved, the maze is as on disk again. */
  if (changed)
    g_signal_emit (self, signals[MODIFIED], 0, self->undo->len != self->saved_depth);
  notify_lists (self, could_undo, could_redo);
  return changed;
}

/* ------------------------------------------------------------------ */
/* Play mode's walk                                                    */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_edits_play_begin (BitmazeEdits   *self,
                          Maze           *maze,
                          BitmazeStepper *stepper,
                          guint32        *position)
{
  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  if (maze == NULL || bitmaze_stepper_get_phase (stepper) == BITMAZE_PHASE_BUILDING)
    return FALSE;

  bitmaze_stepper_freeze (stepper);
  bitmaze_stepper_interrupt (stepper);
  bitmaze_stepper_drop (stepper);
  bitmaze_stepper_clear_search (stepper);
  maze_play_begin (maze, position);
  g_signal_emit (self, signals[MAZE_CHANGED], 0);
  bitmaze_stepper_thaw (stepper);
  return TRUE;
}

gboolean
bitmaze_edits_play_move (BitmazeEdits   *self,
                         Maze           *maze,
                         BitmazeStepper *stepper,
                         guint32        *position,
                         guint           dir,
                         MazeStep       *report)
{
  MazeError error;

  g_return_val_if_fail (BITMAZE_IS_EDITS (self), FALSE);

  if (maze == NULL || bitmaze_stepper_get_phase (stepper) == BITMAZE_PHASE_BUILDING
      || bitmaze_stepper_get_source (stepper) != NULL)
    return FALSE;
  if (maze_play_move (maze, position, (guint16) dir, report, &error) != MAZE_OK)
    return FALSE;

  emit_step_cells (self, report);
  g_signal_emit (self, signals[EDITED], 0, report);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_edits_finalize (GObject *object)
{
  BitmazeEdits *self = BITMAZE_EDITS (object);

  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (bitmaze_edits_parent_class)->finalize (object);
}

static void
bitmaze_edits_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BitmazeEdits *self = BITMAZE_EDITS (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, bitmaze_edits_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, bitmaze_edits_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_edits_class_init (BitmazeEditsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = bitmaze_edits_finalize;
  object_class->get_property = bitmaze_edits_get_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The session's signals of the same names (bitmaze-session.h). */
  signals[CELLS_CHANGED] =
    g_signal_new ("cells-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  signals[MAZE_CHANGED] =
    g_signal_new ("maze-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[EDITED] =
    g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * BitmazeEdits::modified:
   * @modified: TRUE when the maze now differs from the file on disk,
   *   FALSE when Undo or Redo brought it back to it
   */
  signals[MODIFIED] =
    g_signal_new ("modified", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
bitmaze_edits_init (BitmazeEdits *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (BitmazeEdit));
  self->redo = g_array_new (FALSE, FALSE, sizeof (BitmazeEdit));
}

BitmazeEdits *
bitmaze_edits_new (void)
{
  return g_object_new (BITMAZE_TYPE_EDITS, NULL);
}
