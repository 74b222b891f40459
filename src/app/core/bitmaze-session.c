/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-builtin-source.h"
#include "bitmaze-edits.h"
#include "bitmaze-error.h"
#include "bitmaze-gerror.h"
#include "bitmaze-op-log.h"
#include "bitmaze-picture.h"
#include "bitmaze-session.h"
#include "bitmaze-shape.h"
#include "bitmaze-spare.h"

/* The part of a build done at once, before the first frame: small mazes
 * are finished in it. */
#define FIRST_SLICE_US 2000

struct _BitmazeSession
{
  GObject          parent_instance;

  /* The document */
  Maze            *maze;
  GFile           *file;
  gboolean         modified;

  /* The recipe of the next maze, and the search */
  char            *generator;
  char            *shape;       /* a shape spec (bitmaze-shape.h), "" for a rectangle */
  char            *solver;
  guint64          seed;
  guint            width;
  guint            height;
  guint            loops;
  gboolean         animate;
  MazePlacement    placement;

  /* The parts */
  BitmazeStepper  *stepper;     /* what is in progress, Run, questions */
  BitmazeEdits    *edits;       /* Undo and Redo */
  BitmazeSpare    *spare;       /* the next Generate's maze */
};

G_DEFINE_FINAL_TYPE (BitmazeSession, bitmaze_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MAZE,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_GENERATOR,
  PROP_SHAPE,
  PROP_SOLVER,
  PROP_SEED,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_LOOPS,
  PROP_ANIMATE,
  PROP_PLACEMENT,
  PROP_SPEED,
  PROP_PHASE,
  PROP_RUNNING,
  PROP_FIRST,
  PROP_POSITION,
  PROP_LENGTH,
  PROP_PREPARED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  CELLS_CHANGED,
  MAZE_CHANGED,
  MOVED,
  STEP_DONE,
  STEPS_DONE,
  HISTORY_MOVED,
  EDITED,
  MESSAGE,
  QUESTION,
  REVEALED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static void
set_modified (BitmazeSession *self,
              gboolean        modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_file (BitmazeSession *self,
          GFile          *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* Replaces the maze; the old one is freed after everybody let go.  The
 * stepper already steps on @maze, or on nothing yet. */
static void
replace_maze (BitmazeSession *self,
              Maze           *maze)
{
  Maze *old = self->maze;

  self->maze = maze;
  /* the edits were of the old maze */
  bitmaze_edits_forget (self->edits);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAZE]);
  maze_free (old);
}

/* The next Generate's maze is of the current recipe. */
static void
want_spare (BitmazeSession *self)
{
  bitmaze_spare_want (self->spare, self->shape, self->width, self->height);
}

/* ------------------------------------------------------------------ */
/* What the parts say                                                  */
/* ------------------------------------------------------------------ */

/* The stepper's searches are of the session's solver. */
static BitmazeStepSource *
new_search (Maze      *maze,
            MazeError *error,
            gpointer   user_data)
{
  BitmazeSession *self = user_data;

  return bitmaze_builtin_source_new_solver (maze, self->solver, error);
}

/* A saved run came back on a copy of the maze: the copy is the document
 * now (still unmodified, of the same file). */
static void
stepper_replace_maze_cb (BitmazeStepper *stepper,
                         Maze           *maze,
                         BitmazeSession *self)
{
  replace_maze (self, maze);
}

/* The parts' properties are the session's. */
static void
part_notify_cb (GObject        *part,
                GParamSpec     *pspec,
                BitmazeSession *self)
{
  static const struct { const char *name; guint prop_id; } forwarded[] = {
    { "phase", PROP_PHASE },
    { "running", PROP_RUNNING },
    { "first", PROP_FIRST },
    { "position", PROP_POSITION },
    { "length", PROP_LENGTH },
    { "can-undo", PROP_CAN_UNDO },
    { "can-redo", PROP_CAN_REDO },
    { "prepared", PROP_PREPARED },
  };
  const char *name = g_param_spec_get_name (pspec);

  if (part == G_OBJECT (self->stepper) && g_str_equal (name, "running"))
    /* no spare is made while Run or a build takes the frames */
    bitmaze_spare_set_busy (self->spare, bitmaze_stepper_get_running (self->stepper));
  for (guint i = 0; i < G_N_ELEMENTS (forwarded); i++)
    if (g_str_equal (name, forwarded[i].name))
      g_object_notify_by_pspec (G_OBJECT (self), properties[forwarded[i].prop_id]);
}

/* A signal of a part is the session's signal of the same name, with the
 * same arguments: its closure emits that one. */
static void
forward_marshal (GClosure     *closure,
                 GValue       *return_value,
                 guint         n_param_values,
                 const GValue *param_values,
                 gpointer      invocation_hint,
                 gpointer      marshal_data)
{
  GValue values[4] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_return_if_fail (n_param_values <= G_N_ELEMENTS (values));

  g_value_init_from_instance (&values[0], closure->data);
  /* the arguments are pointers and numbers: a plain copy keeps them */
  for (guint i = 1; i < n_param_values; i++)
    values[i] = param_values[i];
  g_signal_emitv (values, GPOINTER_TO_UINT (marshal_data), 0, NULL);
  g_value_unset (&values[0]);
}

static void
forward_signals (BitmazeSession *self,
                 gpointer        part)
{
  for (guint i = 0; i < N_SIGNALS; i++)
    {
      const char *name = g_signal_name (signals[i]);
      GClosure *closure;

      if (g_signal_lookup (name, G_OBJECT_TYPE (part)) == 0)
        continue;
      closure = g_closure_new_simple (sizeof (GClosure), self);
      g_closure_set_meta_marshal (closure, GUINT_TO_POINTER (signals[i]), forward_marshal);
      g_signal_connect_closure (part, name, closure, FALSE);
    }
}

static void
edits_modified_cb (BitmazeEdits   *edits,
                   gboolean        modified,
                   BitmazeSession *self)
{
  set_modified (self, modified);
}

static void
connect_parts (BitmazeSession *self)
{
  forward_signals (self, self->stepper);
  forward_signals (self, self->edits);
  g_signal_connect (self->edits, "modified", G_CALLBACK (edits_modified_cb), self);
  g_signal_connect (self->stepper, "replace-maze", G_CALLBACK (stepper_replace_maze_cb), self);
  g_signal_connect (self->stepper, "notify", G_CALLBACK (part_notify_cb), self);
  g_signal_connect (self->edits, "notify", G_CALLBACK (part_notify_cb), self);
  g_signal_connect (self->spare, "notify", G_CALLBACK (part_notify_cb), self);
}

/* ------------------------------------------------------------------ */
/* The recipe                                                          */
/* ------------------------------------------------------------------ */

static void
set_generator (BitmazeSession *self,
               const char     *name)
{
  MazeError error;

  if (name == NULL || g_strcmp0 (name, self->generator) == 0)
    return;
  if (!maze_generator_name_valid (name, &error))
    {
      g_warning ("%s", error.message);
      return;
    }
  g_free (self->generator);
  self->generator = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GENERATOR]);
}

static void
set_solver (BitmazeSession *self,
            const char     *name)
{
  MazeError error;

  if (name == NULL || g_strcmp0 (name, self->solver) == 0)
    return;
  if (!maze_solver_name_valid (name, &error))
    {
      g_warning ("%s", error.message);
      return;
    }
  g_free (self->solver);
  self->solver = g_strdup (name);

  /* A search of another algorithm means nothing for this one. */
  if (self->maze != NULL && !bitmaze_stepper_builds (self->stepper)
      && (bitmaze_stepper_get_source (self->stepper) != NULL
          || bitmaze_stepper_get_has_search (self->stepper)))
    bitmaze_session_reset (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVER]);
}

/* Takes the recipe a file was made with, where it says, without
 * clearing the search the file holds; and its shape, so that the next
 * maze has it too. */
static void
take_recipe (BitmazeSession *self,
             const Maze     *maze,
             const char     *path)
{
  g_autofree char *shape = bitmaze_shape_spec_of_maze (maze, path);
  const char *value;
  guint64 number;

  value = maze_meta_get (maze, "generator");
  if (value != NULL && maze_generator_name_valid (value, NULL))
    set_generator (self, value);
  value = maze_meta_get (maze, "seed");
  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &number, NULL))
    bitmaze_session_set_seed (self, number);
  /* A generator writes its loops only when there are some. */
  value = maze_meta_get (maze, "loops");
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, 100, &number, NULL))
    number = 0;
  if (maze_meta_get (maze, "generator") != NULL)
    g_object_set (self, "loops", (guint) number, NULL);
  value = maze_meta_get (maze, "solver");
  if (value != NULL && maze_solver_name_valid (value, NULL))
    set_solver (self, value);
  bitmaze_session_set_size (self, maze_width (maze), maze_height (maze));
  g_object_set (self, "shape", shape, NULL);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_session_dispose (GObject *object)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  if (self->stepper != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->stepper, self);
      g_signal_handlers_disconnect_by_data (self->edits, self);
      g_signal_handlers_disconnect_by_data (self->spare, self);
    }
  g_clear_object (&self->stepper);
  g_clear_object (&self->edits);
  g_clear_object (&self->spare);

  G_OBJECT_CLASS (bitmaze_session_parent_class)->dispose (object);
}

static void
bitmaze_session_finalize (GObject *object)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  g_clear_pointer (&self->maze, maze_free);
  g_clear_object (&self->file);
  g_clear_pointer (&self->generator, g_free);
  g_clear_pointer (&self->shape, g_free);
  g_clear_pointer (&self->solver, g_free);

  G_OBJECT_CLASS (bitmaze_session_parent_class)->finalize (object);
}

static void
bitmaze_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  switch (prop_id)
    {
    case PROP_MAZE:
      g_value_set_pointer (value, self->maze);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_GENERATOR:
      g_value_set_string (value, self->generator);
      break;
    case PROP_SHAPE:
      g_value_set_string (value, self->shape != NULL ? self->shape : "");
      break;
    case PROP_SOLVER:
      g_value_set_string (value, self->solver);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_WIDTH:
      g_value_set_uint (value, self->width);
      break;
    case PROP_HEIGHT:
      g_value_set_uint (value, self->height);
      break;
    case PROP_LOOPS:
      g_value_set_uint (value, self->loops);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_PLACEMENT:
      g_value_set_string (value, maze_placement_name (self->placement));
      break;
    case PROP_SPEED:
      g_value_set_double (value, bitmaze_stepper_get_speed (self->stepper));
      break;
    case PROP_PHASE:
    case PROP_RUNNING:
    case PROP_FIRST:
    case PROP_POSITION:
    case PROP_LENGTH:
      g_object_get_property (G_OBJECT (self->stepper), pspec->name, value);
      break;
    case PROP_PREPARED:
      g_value_set_boolean (value, bitmaze_session_get_prepared (self));
      break;
    case PROP_CAN_UNDO:
    case PROP_CAN_REDO:
      g_object_get_property (G_OBJECT (self->edits), pspec->name, value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Sets a guint field and notifies when it changed. */
static void
set_uint (BitmazeSession *self,
          guint          *field,
          guint           value,
          guint           prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
bitmaze_session_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  BitmazeSession *self = BITMAZE_SESSION (object);

  switch (prop_id)
    {
    case PROP_GENERATOR:
      set_generator (self, g_value_get_string (value));
      break;
    case PROP_SHAPE:
      if (g_strcmp0 (g_value_get_string (value), self->shape) != 0)
        {
          g_free (self->shape);
          self->shape = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
          want_spare (self);
        }
      break;
    case PROP_SOLVER:
      set_solver (self, g_value_get_string (value));
      break;
    case PROP_SEED:
      bitmaze_session_set_seed (self, g_value_get_uint64 (value));
      break;
    case PROP_WIDTH:
      set_uint (self, &self->width, g_value_get_uint (value), PROP_WIDTH);
      want_spare (self);
      break;
    case PROP_HEIGHT:
      set_uint (self, &self->height, g_value_get_uint (value), PROP_HEIGHT);
      want_spare (self);
      break;
    case PROP_LOOPS:
      set_uint (self, &self->loops, g_value_get_uint (value), PROP_LOOPS);
      break;
    case PROP_ANIMATE:
      if (self->animate != g_value_get_boolean (value))
        {
          self->animate = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PLACEMENT:
      {
        int placement = maze_placement_from_name (g_value_get_string (value));

        if (placement >= 0 && (MazePlacement) placement != self->placement)
          {
            self->placement = (MazePlacement) placement;
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_SPEED:
      if (bitmaze_stepper_get_speed (self->stepper) != g_value_get_double (value))
        {
          bitmaze_stepper_set_speed (self->stepper, g_value_get_double (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_RUNNING:
      bitmaze_session_set_running (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_session_class_init (BitmazeSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = bitmaze_session_dispose;
  object_class->finalize = bitmaze_session_finalize;
  object_class->get_property = bitmaze_session_get_property;
  object_class->set_property = bitmaze_session_set_property;

  /* The Maze shown (a pointer owned by the session); notified when New or
   * Open replaces it, or a saved search comes back on a copy. */
  properties[PROP_MAZE] = g_param_spec_pointer ("maze", NULL, NULL, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  /* The engine name of the generator of the next maze, with its
   * parameter. */
  properties[PROP_GENERATOR] =
    g_param_spec_string ("generator", NULL, NULL,
                         maze_algorithm_default (maze_generators)->name, rw);
  /* The engine name of the search algorithm; changing it clears a search. */
  /* The shape of the next maze, a spec of bitmaze-shape.h: "" for a
   * rectangle, "heart", "text:BITS", "mask:/path/to/file.png". */
  properties[PROP_SHAPE] = g_param_spec_string ("shape", NULL, NULL, "", rw);
  properties[PROP_SOLVER] = g_param_spec_string ("solver", NULL, NULL,
                                                 maze_algorithm_default (maze_solvers)->name, rw);
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0, rw);
  properties[PROP_WIDTH] = g_param_spec_uint ("width", NULL, NULL, 1, MAZE_MAX_SIDE, 40, rw);
  properties[PROP_HEIGHT] = g_param_spec_uint ("height", NULL, NULL, 1, MAZE_MAX_SIDE, 25, rw);
  properties[PROP_LOOPS] = g_param_spec_uint ("loops", NULL, NULL, 0, 100, 0, rw);
  /* Whether a new maze is built step by step (with Step, Run and Step
   * Back) rather than at once. */
  properties[PROP_ANIMATE] = g_param_spec_boolean ("animate", NULL, NULL, FALSE, rw);
  /* Where a new maze's start and goal go: "corners", "rows" or "far". */
  properties[PROP_PLACEMENT] = g_param_spec_string ("placement", NULL, NULL, "corners", rw);
  /* The speed of Run, log10 (steps a second); BITMAZE_SPEED_MAX is "as
   * fast as possible". */
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0, BITMAZE_SPEED_MAX, 1.5, rw);
  properties[PROP_PHASE] = g_param_spec_enum ("phase", NULL, NULL, BITMAZE_TYPE_PHASE,
                                              BITMAZE_PHASE_READY, ro);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, rw);
  /* The step of the build or search shown; :first and :length bound it. */
  properties[PROP_FIRST] = g_param_spec_uint64 ("first", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_POSITION] = g_param_spec_uint64 ("position", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_LENGTH] = g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  /* Whether the memory of the next Generate's maze (of the current size
   * and shape) is ready, made on a worker thread, so that Generate starts
   * at once. Only big mazes have one. */
  properties[PROP_PREPARED] = g_param_spec_boolean ("prepared", NULL, NULL, FALSE, ro);
  /* Whether there is an edit of this maze (a wall, a bit, the start or
   * the goal) to undo. */
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  /* Whether there is an undone edit to make again. */
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The signals (documented in bitmaze-session.h) are the parts' signals
   * of the same names, with the same arguments: the stepper's and the
   * edits'. */
  {
    static const char *const names[N_SIGNALS] = {
      [CELLS_CHANGED] = "cells-changed", [MAZE_CHANGED] = "maze-changed", [MOVED] = "moved",
      [STEP_DONE] = "step-done", [STEPS_DONE] = "steps-done", [HISTORY_MOVED] = "history-moved",
      [EDITED] = "edited", [MESSAGE] = "message", [QUESTION] = "question", [REVEALED] = "revealed",
    };
    GType stepper_type = BITMAZE_TYPE_STEPPER;

    /* its signals exist once its class does (kept for the program's life) */
    g_type_class_ref (stepper_type);

    for (guint k = 0; k < N_SIGNALS; k++)
      {
        GSignalQuery query;

        g_signal_query (g_signal_lookup (names[k], stepper_type), &query);
        signals[k] = g_signal_newv (names[k], G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    NULL, NULL, NULL, NULL, G_TYPE_NONE,
                                    query.n_params, (GType *) query.param_types);
      }
  }
}

static void
bitmaze_session_init (BitmazeSession *self)
{
  self->generator = g_strdup (maze_algorithm_default (maze_generators)->name);
  self->solver = g_strdup (maze_algorithm_default (maze_solvers)->name);
  self->width = 40;
  self->height = 25;
  self->placement = MAZE_PLACE_CORNERS;
  self->stepper = bitmaze_stepper_new (NULL);
  bitmaze_stepper_set_speed (self->stepper, 1.5);
  bitmaze_stepper_set_search_func (self->stepper, new_search, self);
  bitmaze_stepper_set_steps_listener (self->stepper, self, signals[STEPS_DONE]);
  self->edits = bitmaze_edits_new ();
  self->spare = bitmaze_spare_new ();
  connect_parts (self);
}

/* ------------------------------------------------------------------ */
/* Public API: the document                                            */
/* ------------------------------------------------------------------ */

BitmazeSession *
bitmaze_session_new (void)
{
  return g_object_new (BITMAZE_TYPE_SESSION, NULL);
}

void
bitmaze_session_set_pacer (BitmazeSession *self,
                           BitmazePacer   *pacer)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  bitmaze_stepper_set_pacer (self->stepper, pacer);
}

BitmazeStepper *
bitmaze_session_get_stepper (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->stepper;
}

BitmazeEdits *
bitmaze_session_get_edits (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->edits;
}

Maze *
bitmaze_session_get_maze (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->maze;
}

GFile *
bitmaze_session_get_file (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->file;
}

gboolean
bitmaze_session_get_modified (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->modified;
}

gboolean
bitmaze_session_is_pristine (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return self->file == NULL && !self->modified && !bitmaze_stepper_get_has_search (self->stepper);
}

gboolean
bitmaze_session_generate (BitmazeSession  *self,
                          GError         **error)
{
  BitmazeStepSource *source = NULL;
  MazeGenerator *quick = NULL;
  MazeError merror;
  Maze *maze;
  gint64 began = g_get_monotonic_time ();

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  maze = bitmaze_spare_take (self->spare, self->shape, self->width, self->height);
  if (maze == NULL)
    maze = bitmaze_shape_new_maze (self->shape, self->width, self->height, error);
  if (maze == NULL)
    return FALSE;

  if (self->animate)
    source = bitmaze_builtin_source_new_generator (maze, self->generator, self->seed, self->loops,
                                                   self->placement, &merror);
  else
    quick = maze_generator_new (maze, self->generator, self->seed, self->loops, &merror);
  if (source == NULL && quick == NULL)
    {
      maze_free (maze);
      return bitmaze_gerror_from_maze (&merror, error);
    }

  bitmaze_stepper_freeze (self->stepper);
  bitmaze_stepper_set_maze (self->stepper, maze);
  replace_maze (self, maze);
  set_file (self, NULL);
  set_modified (self, FALSE);
  if (source != NULL)
    bitmaze_stepper_set_source (self->stepper, source);
  else
    bitmaze_stepper_set_quick (self->stepper, quick, self->placement, self->seed, FIRST_SLICE_US);
  bitmaze_stepper_thaw (self->stepper);
  /* (from the click: making the maze's memory ready included) */
  bitmaze_stepper_add_waited_time (self->stepper, g_get_monotonic_time () - began);

  /* The rest of a big build, and an animated one, runs on the clock; the
   * next frame's share is smaller by what was done here. */
  if (bitmaze_stepper_is_building (self->stepper))
    {
      bitmaze_stepper_set_running (self->stepper, TRUE);
      bitmaze_pacer_add_unframed (bitmaze_stepper_get_pacer (self->stepper),
                                  g_get_monotonic_time () - began);
    }
  /* Space for another one is likely: made once the build is done */
  want_spare (self);

  return TRUE;
}

gboolean
bitmaze_session_new_maze (BitmazeSession  *self,
                          GError         **error)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  bitmaze_session_set_seed (self, maze_random_seed ());
  return bitmaze_session_generate (self, error);
}

void
bitmaze_session_show_run (BitmazeSession     *self,
                          Maze               *maze,
                          BitmazeRecordedRun *run)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));
  g_return_if_fail (run != NULL);
  g_return_if_fail (maze != NULL || self->maze != NULL);

  bitmaze_stepper_freeze (self->stepper);
  bitmaze_stepper_interrupt (self->stepper);
  if (maze != NULL)
    {
      bitmaze_stepper_set_maze (self->stepper, maze);
      replace_maze (self, maze);
      set_file (self, NULL);
      set_modified (self, FALSE);
    }
  else
    {
      bitmaze_stepper_drop (self->stepper);
      bitmaze_stepper_clear_search (self->stepper);
    }
  bitmaze_stepper_set_source (self->stepper,
                              bitmaze_recorded_source_new (self->maze, run));
  bitmaze_stepper_thaw (self->stepper);
}

gboolean
bitmaze_session_load (BitmazeSession  *self,
                      GFile           *file,
                      GError         **error)
{
  g_autofree char *path = NULL;
  MazeError merror;
  Maze *maze;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be opened"));
      return FALSE;
    }

  maze = maze_load_file (path, &merror);
  if (maze == NULL)
    return bitmaze_gerror_from_maze (&merror, error);

  bitmaze_stepper_freeze (self->stepper);
  bitmaze_stepper_set_maze (self->stepper, maze);
  replace_maze (self, maze);
  set_file (self, file);
  set_modified (self, FALSE);

  /* Show the recipe the file was made with (selecting its solver must
   * not clear the search the file holds: the stepper knows of none yet). */
  take_recipe (self, maze, path);
  bitmaze_stepper_set_has_search (self->stepper, maze_has_search (maze));

  bitmaze_stepper_thaw (self->stepper);

  /* Last: a saved search or build may come back on a copy that replaces
   * @maze. */
  bitmaze_stepper_reopen (self->stepper, self->solver, self->generator, self->seed, self->loops,
                          self->placement);

  return TRUE;
}

gboolean
bitmaze_session_save (BitmazeSession  *self,
                      GFile           *file,
                      GError         **error)
{
  g_autofree char *path = NULL;
  gboolean search;
  MazeError merror;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->maze == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no maze to save"));
      return FALSE;
    }

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be saved"));
      return FALSE;
    }

  /* The solver's name tells a reader what the search bits in the file
   * are; a build in progress has none, and its generator's name stays. */
  search = bitmaze_stepper_get_has_search (self->stepper) && !bitmaze_stepper_builds (self->stepper);
  if (maze_meta_set (self->maze, "solver", search ? self->solver : NULL, &merror) != MAZE_OK)
    return bitmaze_gerror_from_maze (&merror, error);

  if (maze_save_file (self->maze, path, &merror) != MAZE_OK)
    return bitmaze_gerror_from_maze (&merror, error);

  set_file (self, file);
  set_modified (self, FALSE);
  bitmaze_edits_mark_saved (self->edits);

  return TRUE;
}

gboolean
bitmaze_session_export (BitmazeSession  *self,
                        GFile           *file,
                        gboolean         show_search,
                        gboolean         show_solution,
                        GError         **error)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return bitmaze_picture_export (self->maze, file, show_search, show_solution, error);
}

/* ------------------------------------------------------------------ */
/* Public API: the recipe                                              */
/* ------------------------------------------------------------------ */

guint64
bitmaze_session_get_seed (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), 0);

  return self->seed;
}

void
bitmaze_session_set_seed (BitmazeSession *self,
                          guint64         seed)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  if (self->seed == seed)
    return;
  self->seed = seed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
}

void
bitmaze_session_set_size (BitmazeSession *self,
                          guint           width,
                          guint           height)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  g_object_set (self, "width", width, "height", height, NULL);
}

const char *
bitmaze_session_get_generator (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->generator;
}

const char *
bitmaze_session_get_solver (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  return self->solver;
}

const char *
bitmaze_session_get_algorithm (BitmazeSession *self)
{
  const char *value;

  g_return_val_if_fail (BITMAZE_IS_SESSION (self), NULL);

  /* a program the user ran (the lab) names itself */
  value = bitmaze_stepper_get_algorithm (self->stepper);
  if (value != NULL && g_str_has_prefix (value, BITMAZE_LAB_ALGORITHM_PREFIX))
    return value;
  if (!bitmaze_stepper_builds (self->stepper))
    return self->solver;
  /* The build in progress was made with the generator the maze names. */
  if (self->maze != NULL && (value = maze_meta_get (self->maze, "generator")) != NULL)
    return value;
  return self->generator;
}

/* ------------------------------------------------------------------ */
/* Public API: stepping (the stepper's)                                */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_session_get_prepared (BitmazeSession *self)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (self), FALSE);

  return bitmaze_spare_ready (self->spare, self->shape, self->width, self->height);
}

void
bitmaze_session_reset (BitmazeSession *self)
{
  g_return_if_fail (BITMAZE_IS_SESSION (self));

  bitmaze_stepper_reset (self->stepper, self->placement, self->seed);
}

/* The ask function of bitmaze_session_set_ask_func (), as the stepper's */
typedef struct
{
  BitmazeSession        *session;
  BitmazeSessionAskFunc  func;
  gpointer               data;
  GDestroyNotify         destroy;
} AskClosure;

static gboolean
ask_trampoline (BitmazeStepper   *stepper,
                guint64           number,
                const MazeStep   *next,
                const MazeSolver *solver,
                gpointer          user_data)
{
  AskClosure *closure = user_data;

  return closure->func (closure->session, number, next, solver, closure->data);
}

static void
ask_closure_free (gpointer data)
{
  AskClosure *closure = data;

  if (closure->destroy != NULL)
    closure->destroy (closure->data);
  g_free (closure);
}

void
bitmaze_session_set_ask_func (BitmazeSession        *self,
                              guint64                every,
                              BitmazeSessionAskFunc  func,
                              gpointer               user_data,
                              GDestroyNotify         destroy)
{
  AskClosure *closure;

  g_return_if_fail (BITMAZE_IS_SESSION (self));

  if (func == NULL)
    {
      bitmaze_stepper_set_ask_func (self->stepper, every, NULL, NULL, NULL);
      if (destroy != NULL)
        destroy (user_data);
      return;
    }
  closure = g_new0 (AskClosure, 1);
  closure->session = self;
  closure->func = func;
  closure->data = user_data;
  closure->destroy = destroy;
  bitmaze_stepper_set_ask_func (self->stepper, every, ask_trampoline, closure, ask_closure_free);
}
