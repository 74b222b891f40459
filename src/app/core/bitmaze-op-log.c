/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-op-log.h"

/* The column where the before/after words start in a code line, so that
 * the words of successive lines stand in a column (in a monospace font). */
#define CODE_COLUMN 26

typedef struct
{
  MazeStep    step;
  const char *algorithm; /* interned, or NULL */
  guint       width;
} OpEntry;

/* ------------------------------------------------------------------ */
/* Words for sentences                                                 */
/* ------------------------------------------------------------------ */

const char *
bitmaze_direction_name (guint16 dir)
{
  switch (dir)
    {
    /* Translators: a direction on the maze, as in "the wall to the north" */
    case MAZE_N: return _("north");
    /* Translators: a direction on the maze, as in "the wall to the east" */
    case MAZE_E: return _("east");
    /* Translators: a direction on the maze, as in "the wall to the south" */
    case MAZE_S: return _("south");
    /* Translators: a direction on the maze, as in "the wall to the west" */
    case MAZE_W: return _("west");
    default: return "?";
    }
}

const char *
bitmaze_direction_letter (guint16 dir)
{
  switch (dir)
    {
    /* Translators: one-letter abbreviation of "north", the name of bit 0
     * of each nibble (as in the C code N = 0x1); keep it one letter */
    case MAZE_N: return C_("direction", "N");
    /* Translators: one-letter abbreviation of "east" (E = 0x2); keep it one letter */
    case MAZE_E: return C_("direction", "E");
    /* Translators: one-letter abbreviation of "south" (S = 0x4); keep it one letter */
    case MAZE_S: return C_("direction", "S");
    /* Translators: one-letter abbreviation of "west" (W = 0x8); keep it one letter */
    case MAZE_W: return C_("direction", "W");
    default: return "?";
    }
}

/* "from the west": where a step came into a cell it reached moving @dir. */
static const char *
from_side (guint16 dir)
{
  switch (maze_opposite (dir))
    {
    /* Translators: completes "BFS reached (5, 3) …": the search came in from the north side */
    case MAZE_N: return _("from the north");
    /* Translators: completes "BFS reached (5, 3) …": the search came in from the east side */
    case MAZE_E: return _("from the east");
    /* Translators: completes "BFS reached (5, 3) …": the search came in from the south side */
    case MAZE_S: return _("from the south");
    /* Translators: completes "BFS reached (5, 3) …": the search came in from the west side */
    case MAZE_W: return _("from the west");
    default: return "";
    }
}

const char *
bitmaze_op_log_algorithm_label (const char *algorithm)
{
  const MazeAlgorithm *solver = NULL;

  if (algorithm != NULL)
    solver = maze_algorithm_find (maze_solvers, algorithm, NULL, NULL);
  if (solver == NULL || solver->subject == NULL)
    /* Translators: the subject of a sentence about a search step when the algorithm is unknown */
    return _("The search");
  return _(solver->subject);
}

/* ------------------------------------------------------------------ */
/* BitmazeOpItem                                                       */
/* ------------------------------------------------------------------ */

struct _BitmazeOpItem
{
  GObject parent_instance;
  OpEntry entry;
};

G_DEFINE_FINAL_TYPE (BitmazeOpItem, bitmaze_op_item, G_TYPE_OBJECT)

static void
bitmaze_op_item_class_init (BitmazeOpItemClass *klass)
{
}

static void
bitmaze_op_item_init (BitmazeOpItem *self)
{
}

static BitmazeOpItem *
bitmaze_op_item_new (const OpEntry *entry)
{
  BitmazeOpItem *self = g_object_new (BITMAZE_TYPE_OP_ITEM, NULL);

  self->entry = *entry;

  return self;
}

const MazeStep *
bitmaze_op_item_get_step (BitmazeOpItem *self)
{
  g_return_val_if_fail (BITMAZE_IS_OP_ITEM (self), NULL);

  return &self->entry.step;
}

char *
bitmaze_op_item_dup_code (BitmazeOpItem *self)
{
  const MazeStep *step;
  GString *code;

  g_return_val_if_fail (BITMAZE_IS_OP_ITEM (self), NULL);

  step = &self->entry.step;
  if (step->cell == UINT32_MAX && step->n_changes > 0)
    /* every cell at once (the search cleared): the statement, a loop */
    return g_strdup_printf ("%.*s;", (int) strnlen (step->changes[0].expr, MAZE_EXPR_MAX),
                            step->changes[0].expr);
  if (step->n_changes == 0)
    /* Translators: a C comment in the operation log for a step that changed no cell */
    return g_strdup (_("/* no bit changed */"));

  code = g_string_new (NULL);
  for (unsigned i = 0; i < step->n_changes && i < MAZE_STEP_MAX_CHANGES; i++)
    {
      const MazeChange *change = &step->changes[i];
      gsize start = code->len;

      if (i > 0)
        {
          g_string_append_c (code, '\n');
          start = code->len;
        }
      g_string_append_len (code, change->expr, strnlen (change->expr, MAZE_EXPR_MAX));
      g_string_append_c (code, ';');
      do
        g_string_append_c (code, ' ');
      while (code->len - start < CODE_COLUMN);
      g_string_append_printf (code, "0x%04X \u2192 0x%04X", change->before, change->after);
    }

  return g_string_free (code, FALSE);
}

/* The bit a toggle flipped in its own cell (the last change of it). */
static guint
toggled_bit (const MazeStep *step)
{
  for (unsigned i = step->n_changes; i-- > 0;)
    {
      guint16 diff = step->changes[i].before ^ step->changes[i].after;

      if (step->changes[i].index == step->cell && diff != 0)
        return (guint) g_bit_nth_lsf (diff, -1);
    }
  return 0;
}

char *
bitmaze_op_item_dup_description (BitmazeOpItem *self)
{
  g_return_val_if_fail (BITMAZE_IS_OP_ITEM (self), NULL);

  return bitmaze_step_dup_description (&self->entry.step, self->entry.algorithm,
                                       self->entry.width);
}

char *
bitmaze_step_dup_description (const MazeStep *step,
                              const char     *algorithm,
                              guint           width)
{
  const char *who = bitmaze_op_log_algorithm_label (algorithm);
  guint x, y, ox = 0, oy = 0;
  gboolean has_other;

  width = MAX (width, 1);
  x = step->cell % width;
  y = step->cell / width;
  has_other = step->other != UINT32_MAX;
  if (has_other)
    {
      ox = step->other % width;
      oy = step->other / width;
    }

  if (algorithm != NULL && g_str_has_prefix (algorithm, BITMAZE_LAB_ALGORITHM_PREFIX))
    {
      guint part = step->dir & ~BITMAZE_LAB_STEP_DIFFERS;
      g_autofree char *text = NULL;

      if (part > 0)
        /* Translators: a step of the user's own program (the lab):
         * "Your step 37, part 2: (5, 3)"; one refresh_maze_view () wrote
         * more words than fit in one step of the timeline */
        text = g_strdup_printf (_("Your step %u, part %u: (%u, %u)"),
                                step->other, part, x, y);
      else
        /* Translators: a step of the user's own program (the lab):
         * "Your step 37: (5, 3)", the first cell it wrote */
        text = g_strdup_printf (_("Your step %u: (%u, %u)"), step->other, x, y);
      if (step->dir & BITMAZE_LAB_STEP_DIFFERS)
        /* Translators: "Your step 37: (5, 3) ✗ the first step that differs from Bitmaze's run" */
        return g_strdup_printf (_("%s ✗ the first step that differs from Bitmaze’s run"), text);
      return g_steal_pointer (&text);
    }

  switch (step->kind)
    {
    case MAZE_STEP_NONE:
      if (step->cell == UINT32_MAX)
        return g_strdup (_("Cleared the search: the solution and backtrack bits of every cell"));
      if (toggled_bit (step) < MAZE_BORDER_SHIFT && step->n_changes == 2)
        return g_strdup_printf (_("You flipped bit %u of (%u, %u) and the neighbour’s matching bit"),
                                toggled_bit (step), x, y);
      return g_strdup_printf (_("You flipped bit %u of (%u, %u)"), toggled_bit (step), x, y);
    case MAZE_STEP_CARVE:
      if (has_other)
        return g_strdup_printf (_("Carved a passage from (%u, %u) to (%u, %u)"), ox, oy, x, y);
      return g_strdup_printf (_("Carved a passage at (%u, %u)"), x, y);
    case MAZE_STEP_BUILD_WALL:
      if (has_other)
        return g_strdup_printf (_("Built the wall between (%u, %u) and (%u, %u)"), ox, oy, x, y);
      return g_strdup_printf (_("Built a wall at (%u, %u)"), x, y);
    case MAZE_STEP_LOOP:
      return g_strdup_printf (_("Opened the dead end (%u, %u) into a loop"), x, y);
    case MAZE_STEP_OPENING:
      return g_strdup_printf (_("Opened the outer wall at (%u, %u)"), x, y);
    case MAZE_STEP_SCAN:
      return g_strdup_printf (_("Looked at (%u, %u)"), x, y);
    case MAZE_STEP_VISIT:
      /* Translators: "DFS moved to (5, 3) from the west"; the last %s is a phrase such as "from the west" */
      return g_strdup_printf (_("%s moved to (%u, %u) %s"), who, x, y, from_side (step->dir));
    case MAZE_STEP_BACKTRACK:
      if (has_other)
        /* Translators: "DFS backtracked from (5, 3) to (4, 3)" */
        return g_strdup_printf (_("%s backtracked from (%u, %u) to (%u, %u)"), who, x, y, ox, oy);
      return g_strdup_printf (_("%s backtracked from (%u, %u)"), who, x, y);
    case MAZE_STEP_REACH:
      /* Translators: "BFS reached (5, 3) from the west"; the last %s is a phrase such as "from the west" */
      return g_strdup_printf (_("%s reached (%u, %u) %s"), who, x, y, from_side (step->dir));
    case MAZE_STEP_PATH:
      if (has_other)
        return g_strdup_printf (_("The solution goes from (%u, %u) to (%u, %u)"), ox, oy, x, y);
      return g_strdup_printf (_("The solution goes through (%u, %u)"), x, y);
    case MAZE_STEP_JUMP:
      /* Translators: "The junction search resumed at the junction (5, 3)" */
      return g_strdup_printf (_("%s resumed at the junction (%u, %u)"), who, x, y);
    case MAZE_STEP_FOUND:
      /* Translators: "BFS found the goal at (19, 14)" */
      return g_strdup_printf (_("%s found the goal at (%u, %u)"), who, x, y);
    case MAZE_STEP_NO_PATH:
      /* Translators: "BFS found no path to the goal" */
      return g_strdup_printf (_("%s found no path to the goal"), who);
    case MAZE_STEP_DONE:
      return g_strdup (_("The maze is finished"));
    default:
      return g_strdup_printf (_("Step at (%u, %u)"), x, y);
    }
}

/* ------------------------------------------------------------------ */
/* BitmazeOpLog                                                        */
/* ------------------------------------------------------------------ */

struct _BitmazeOpLog
{
  GObject  parent_instance;

  OpEntry *ring;
  guint    capacity;
  guint    first;  /* ring slot of item 0 */
  guint    length; /* items in the log, <= capacity */
};

static void bitmaze_op_log_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BitmazeOpLog, bitmaze_op_log, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      bitmaze_op_log_list_model_init))

static GType
bitmaze_op_log_get_item_type (GListModel *model)
{
  return BITMAZE_TYPE_OP_ITEM;
}

static guint
bitmaze_op_log_get_n_items (GListModel *model)
{
  return BITMAZE_OP_LOG (model)->length;
}

static gpointer
bitmaze_op_log_get_item (GListModel *model,
                         guint       position)
{
  BitmazeOpLog *self = BITMAZE_OP_LOG (model);

  if (position >= self->length)
    return NULL;

  return bitmaze_op_item_new (&self->ring[(self->first + position) % self->capacity]);
}

static void
bitmaze_op_log_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = bitmaze_op_log_get_item_type;
  iface->get_n_items = bitmaze_op_log_get_n_items;
  iface->get_item = bitmaze_op_log_get_item;
}

static void
bitmaze_op_log_finalize (GObject *object)
{
  BitmazeOpLog *self = BITMAZE_OP_LOG (object);

  g_clear_pointer (&self->ring, g_free);

  G_OBJECT_CLASS (bitmaze_op_log_parent_class)->finalize (object);
}

static void
bitmaze_op_log_class_init (BitmazeOpLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bitmaze_op_log_finalize;
}

static void
bitmaze_op_log_init (BitmazeOpLog *self)
{
}

BitmazeOpLog *
bitmaze_op_log_new (guint capacity)
{
  BitmazeOpLog *self;

  g_return_val_if_fail (capacity > 0, NULL);

  self = g_object_new (BITMAZE_TYPE_OP_LOG, NULL);
  self->capacity = capacity;
  self->ring = g_new (OpEntry, capacity);

  return self;
}

guint
bitmaze_op_log_get_capacity (BitmazeOpLog *self)
{
  g_return_val_if_fail (BITMAZE_IS_OP_LOG (self), 0);

  return self->capacity;
}

void
bitmaze_op_log_append (BitmazeOpLog   *self,
                       const MazeStep *steps,
                       guint           n,
                       const char     *algorithm,
                       guint           width)
{
  const char *interned;
  guint dropped, added;

  g_return_if_fail (BITMAZE_IS_OP_LOG (self));
  g_return_if_fail (steps != NULL || n == 0);

  if (n == 0)
    return;

  /* Of a batch larger than the log only its newest steps can stay. */
  if (n > self->capacity)
    {
      steps += n - self->capacity;
      n = self->capacity;
    }

  interned = algorithm != NULL ? g_intern_string (algorithm) : NULL;
  dropped = self->length + n > self->capacity ? self->length + n - self->capacity : 0;

  /* Each ::items-changed must see the model as it then is: drop first. */
  if (dropped > 0)
    {
      self->first = (self->first + dropped) % self->capacity;
      self->length -= dropped;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, dropped, 0);
    }

  for (guint i = 0; i < n; i++)
    {
      OpEntry *entry = &self->ring[(self->first + self->length + i) % self->capacity];

      entry->step = steps[i];
      entry->algorithm = interned;
      entry->width = width;
    }
  self->length += n;
  added = n;

  g_list_model_items_changed (G_LIST_MODEL (self), self->length - added, 0, added);
}

void
bitmaze_op_log_clear (BitmazeOpLog *self)
{
  guint removed;

  g_return_if_fail (BITMAZE_IS_OP_LOG (self));

  removed = self->length;
  self->first = 0;
  self->length = 0;
  if (removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, 0);
}

gboolean
bitmaze_op_log_find_last_change (BitmazeOpLog *self,
                                 guint         index,
                                 guint16      *before,
                                 guint16      *after)
{
  g_return_val_if_fail (BITMAZE_IS_OP_LOG (self), FALSE);

  for (guint k = self->length; k-- > 0;)
    {
      const MazeStep *step = &self->ring[(self->first + k) % self->capacity].step;
      gboolean found = FALSE;

      for (unsigned i = 0; i < step->n_changes && i < MAZE_STEP_MAX_CHANGES; i++)
        {
          if (step->changes[i].index != index)
            continue;
          if (!found && before != NULL)
            *before = step->changes[i].before;
          if (after != NULL)
            *after = step->changes[i].after;
          found = TRUE;
        }
      if (found)
        return TRUE;
    }

  return FALSE;
}
