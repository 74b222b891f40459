/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-shape.h"
#include "bitmaze-spare.h"

#define SPARE_MIN_CELLS (512u * 512u)
#define SPARE_MAX_CELLS (4096u * 4096u)

/* What a maze is made of before its generator runs */
typedef struct
{
  char  *shape;
  guint  width;
  guint  height;
} Recipe;

struct _BitmazeSpare
{
  GObject       parent_instance;

  Recipe        wanted;       /* the recipe of the next maze */
  gboolean      busy;
  Maze         *spare;
  Recipe       *spare_for;    /* the recipe of the spare, or of the job */
  GCancellable *job;          /* while a worker makes one */
  guint         idle_id;
};

G_DEFINE_FINAL_TYPE (BitmazeSpare, bitmaze_spare, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PREPARED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static Recipe *
recipe_copy (const Recipe *recipe)
{
  Recipe *copy = g_new0 (Recipe, 1);

  copy->shape = g_strdup (recipe->shape);
  copy->width = recipe->width;
  copy->height = recipe->height;
  return copy;
}

static void
recipe_free (Recipe *recipe)
{
  g_free (recipe->shape);
  g_free (recipe);
}

static gboolean
recipe_is (const Recipe *recipe,
           const char   *shape,
           guint         width,
           guint         height)
{
  return recipe != NULL && recipe->width == width && recipe->height == height
         && g_strcmp0 (recipe->shape, shape) == 0;
}

gboolean
bitmaze_spare_prepares (guint       width,
                        guint       height,
                        const char *shape)
{
  guint64 cells = (guint64) width * height;

  return cells >= SPARE_MIN_CELLS && cells <= SPARE_MAX_CELLS
         && !bitmaze_shape_is_mask (shape);
}

static void
drop_spare (BitmazeSpare *self)
{
  gboolean was_ready = self->spare != NULL;

  g_clear_pointer (&self->spare, maze_free);
  if (self->job != NULL)
    g_cancellable_cancel (self->job);
  g_clear_object (&self->job);
  g_clear_pointer (&self->spare_for, recipe_free);
  if (was_ready)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
}

static void
make_spare_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Recipe *recipe = task_data;
  GError *error = NULL;
  Maze *maze;

  if (g_task_return_error_if_cancelled (task))
    return;
  maze = bitmaze_shape_new_maze (recipe->shape, recipe->width, recipe->height, &error);
  if (maze == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* Every cell written once: every page is mapped here, not on the
   * main thread.  The cells stay those of a new maze. */
  maze_clear (maze);
  g_task_return_pointer (task, maze, (GDestroyNotify) maze_free);
}

static void
make_spare_done (GObject      *source_object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  BitmazeSpare *self = BITMAZE_SPARE (source_object);
  GCancellable *job = g_task_get_cancellable (G_TASK (result));
  Maze *maze = g_task_propagate_pointer (G_TASK (result), NULL);

  /* A job that was dropped (the recipe changed) keeps nothing; one that
   * failed (no memory) leaves Generate to say so. */
  if (job != self->job || maze == NULL)
    {
      maze_free (maze);
      return;
    }
  g_clear_object (&self->job);
  self->spare = maze;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
}

static gboolean
prepare_idle (gpointer data)
{
  BitmazeSpare *self = data;
  const Recipe *wanted = &self->wanted;
  g_autoptr (GTask) task = NULL;

  self->idle_id = 0;
  if ((self->spare != NULL || self->job != NULL)
      && recipe_is (self->spare_for, wanted->shape, wanted->width, wanted->height))
    return G_SOURCE_REMOVE;
  if (self->busy)
    return G_SOURCE_REMOVE;
  drop_spare (self);
  if (!bitmaze_spare_prepares (wanted->width, wanted->height, wanted->shape))
    return G_SOURCE_REMOVE;

  self->spare_for = recipe_copy (wanted);
  self->job = g_cancellable_new ();
  task = g_task_new (self, self->job, make_spare_done, NULL);
  g_task_set_source_tag (task, prepare_idle);
  /* the worker's own copy: ours goes with the next recipe */
  g_task_set_task_data (task, recipe_copy (wanted), (GDestroyNotify) recipe_free);
  g_task_run_in_thread (task, make_spare_thread);
  return G_SOURCE_REMOVE;
}

void
bitmaze_spare_want (BitmazeSpare *self,
                    const char   *shape,
                    guint         width,
                    guint         height)
{
  g_return_if_fail (BITMAZE_IS_SPARE (self));

  if (self->wanted.shape != shape)
    {
      g_free (self->wanted.shape);
      self->wanted.shape = g_strdup (shape);
    }
  self->wanted.width = width;
  self->wanted.height = height;
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_LOW, prepare_idle, self, NULL);
}

void
bitmaze_spare_set_busy (BitmazeSpare *self,
                        gboolean      busy)
{
  g_return_if_fail (BITMAZE_IS_SPARE (self));

  self->busy = busy;
  if (!busy && self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_LOW, prepare_idle, self, NULL);
}

Maze *
bitmaze_spare_take (BitmazeSpare *self,
                    const char   *shape,
                    guint         width,
                    guint         height)
{
  Maze *maze;

  g_return_val_if_fail (BITMAZE_IS_SPARE (self), NULL);

  if (!bitmaze_spare_ready (self, shape, width, height))
    return NULL;
  maze = g_steal_pointer (&self->spare);
  g_clear_pointer (&self->spare_for, recipe_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREPARED]);
  return maze;
}

gboolean
bitmaze_spare_ready (BitmazeSpare *self,
                     const char   *shape,
                     guint         width,
                     guint         height)
{
  g_return_val_if_fail (BITMAZE_IS_SPARE (self), FALSE);

  return self->spare != NULL && recipe_is (self->spare_for, shape, width, height);
}

static void
bitmaze_spare_dispose (GObject *object)
{
  BitmazeSpare *self = BITMAZE_SPARE (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  drop_spare (self);

  G_OBJECT_CLASS (bitmaze_spare_parent_class)->dispose (object);
}

static void
bitmaze_spare_finalize (GObject *object)
{
  BitmazeSpare *self = BITMAZE_SPARE (object);

  g_clear_pointer (&self->wanted.shape, g_free);

  G_OBJECT_CLASS (bitmaze_spare_parent_class)->finalize (object);
}

static void
bitmaze_spare_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BitmazeSpare *self = BITMAZE_SPARE (object);

  switch (prop_id)
    {
    case PROP_PREPARED:
      g_value_set_boolean (value, self->spare != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_spare_class_init (BitmazeSpareClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_spare_dispose;
  object_class->finalize = bitmaze_spare_finalize;
  object_class->get_property = bitmaze_spare_get_property;

  /**
   * BitmazeSpare:prepared:
   *
   * Notified when a spare comes or goes (whatever its recipe).
   */
  properties[PROP_PREPARED] =
    g_param_spec_boolean ("prepared", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bitmaze_spare_init (BitmazeSpare *self)
{
}

BitmazeSpare *
bitmaze_spare_new (void)
{
  return g_object_new (BITMAZE_TYPE_SPARE, NULL);
}
