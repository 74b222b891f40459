/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "maze-render.h"

#include "bitmaze-error.h"
#include "bitmaze-inspector.h"
#include "bitmaze-op-log.h"
#include "bitmaze-window-private.h"
#include "bitmaze-play.h"
#include "bitmaze-export-animation.h"
#include "bitmaze-print.h"

/* Run never spends more than this on engine steps in one frame, so the
 * window keeps drawing at the display's rate whatever the speed. */
#define FRAME_BUDGET_US   8000
/* How many steps run between two looks at the clock. */
#define CLOCK_CHECK_EVERY 64
/* How many cells of a frontier the view highlights at most. */
#define FRONTIER_MAX      4096
/* How many of one frame's step reports Run keeps for ::steps-done. */
#define FRAME_STEPS_MAX   4096
/* The speed scale is log10 (steps a second); its top means "no limit". */
#define SPEED_MAX         6.0

typedef void (*BitmazeContinuation) (BitmazeWindow *self,
                                     gpointer       data);

typedef struct
{
  BitmazeContinuation func;
  gpointer            data;
  GDestroyNotify      destroy;
} Pending;

struct _BitmazeWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;

  /* The document */
  Maze                 *maze;
  GFile                *file;
  gboolean              modified;

  /* The steppers: at most one of them is in progress */
  MazeGenerator        *generator;
  MazeSolver           *solver;
  BitmazePhase          phase;
  gboolean              has_search;
  MazeStep              last_step;
  gboolean              has_last_step;
  gint64                engine_us;

  /* A saved search being replayed (resume_saved_search ()) */
  guint                 maze_serial;
  guint                 resume_serial;
  guint                 resume_id;
  Maze                 *resume_maze;
  MazeSolver           *resume_solver;
  size_t                resume_differ;
  gboolean              resume_going;
  gint64                resume_us;

  /* Run */
  guint                 tick_id;
  gboolean              running;
  gboolean              quick_build;
  gint64                last_frame_time;
  double                credit;
  gint64                max_frame_work;
  gint64                view_us;
  GArray               *changed;
  uint32_t             *frontier;
  /* The newest reports of this frame of Run, in a ring, kept only while
   * somebody listens to ::steps-done (the bit inspector's log) */
  MazeStep             *frame_steps;
  guint                 n_frame_steps;
  guint                 frame_steps_next;

  /* The recipe of the next maze */
  char                 *generator_name;
  char                 *solver_name;
  guint64               seed;
  gboolean              syncing_controls;

  /* Dialogs */
  AdwMessageDialog     *save_dialog;
  Pending              *save_dialog_pending;
  GtkFileChooserNative *chooser;
  char                 *last_toast;
  char                 *status_text;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  BitmazeMazeView      *view;
  GtkScrolledWindow    *maze_scroller;
  GtkWidget            *sidebar;
  GtkWidget            *sidebar_separator;
  gboolean              show_controls;
  GtkBox               *side_panel;
  AdwComboRow          *generator_row;
  AdwActionRow         *parameter_row;
  GtkAdjustment        *parameter_adjustment;
  GtkAdjustment        *width_adjustment;
  GtkAdjustment        *height_adjustment;
  GtkAdjustment        *loops_adjustment;
  AdwEntryRow          *seed_row;
  GtkSwitch            *animate_switch;
  AdwComboRow          *solver_row;
  AdwActionRow         *speed_row;
  GtkAdjustment        *speed_adjustment;
  AdwButtonContent     *run_content;
  GtkLabel             *state_label;
  GtkLabel             *status_label;
  gint64                last_status_time; /* frame time of the last update during Run */
  GtkLabel             *step_label;
};

G_DEFINE_FINAL_TYPE (BitmazeWindow, bitmaze_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MAZE,
  PROP_SOLVER,
  PROP_GENERATOR,
  PROP_EDIT_MODE,
  PROP_RUNNING,
  PROP_SHOW_CONTROLS,
  N_PROPS
};

enum {
  STEP_DONE,
  STEPS_DONE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_title    (BitmazeWindow *self);
static void update_status   (BitmazeWindow *self);
static void update_actions  (BitmazeWindow *self);
static void set_running     (BitmazeWindow *self,
                             gboolean       running);
static void show_toast      (BitmazeWindow *self,
                             const char    *message);
static void save_as_then    (BitmazeWindow *self,
                             Pending       *then);
static void cancel_resume   (BitmazeWindow *self);

/* ------------------------------------------------------------------ */
/* The engine's algorithms                                             */
/* ------------------------------------------------------------------ */

/* The position of @algorithm in @registry, the row of its drop-down. */
static guint
registry_index (const MazeAlgorithm *const *registry,
                const MazeAlgorithm        *algorithm)
{
  guint i = 0;

  while (registry[i] != NULL && registry[i] != algorithm)
    i++;
  return i;
}

static guint
registry_length (const MazeAlgorithm *const *registry)
{
  return registry_index (registry, NULL);
}

static GListModel *
registry_labels (const MazeAlgorithm *const *registry)
{
  GtkStringList *labels = gtk_string_list_new (NULL);

  for (guint i = 0; registry[i] != NULL; i++)
    gtk_string_list_append (labels, _(registry[i]->label));
  return G_LIST_MODEL (labels);
}

/* ------------------------------------------------------------------ */
/* Generators: "name" or "base:value" <-> the controls                 */
/* ------------------------------------------------------------------ */

/* The drop-down lists of the algorithm rows: AdwComboRow's own list cuts
 * a name at about twenty characters ("Wall Follower, Right H…"), which
 * hides the very word that tells two solvers apart.  The same rows, with
 * the whole name and the check mark on the chosen one. */
static void
full_name_check_update (AdwComboRow *row,
                        GParamSpec  *pspec,
                        GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *check = gtk_widget_get_last_child (box);
  guint position = gtk_list_item_get_position (item);

  gtk_widget_set_opacity (check, position != GTK_INVALID_LIST_POSITION
                                 && position == adw_combo_row_get_selected (row) ? 1.0 : 0.0);
}

static void
full_name_setup (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 AdwComboRow              *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);

  g_signal_connect_object (row, "notify::selected",
                           G_CALLBACK (full_name_check_update), item, 0);
}

static void
full_name_bind (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                AdwComboRow              *row)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (string));
  full_name_check_update (row, NULL, item);
}

/* The chosen name in the row itself: as wide as the row lets it be,
 * cut only when the row is narrower than the name. */
static void
chosen_name_setup (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_list_item_set_child (item, label);
}

static void
chosen_name_bind (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
}

static void
use_full_name_list (AdwComboRow *row)
{
  g_autoptr (GtkListItemFactory) list = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkListItemFactory) chosen = gtk_signal_list_item_factory_new ();

  g_signal_connect (list, "setup", G_CALLBACK (full_name_setup), row);
  g_signal_connect (list, "bind", G_CALLBACK (full_name_bind), row);
  g_signal_connect (chosen, "setup", G_CALLBACK (chosen_name_setup), NULL);
  g_signal_connect (chosen, "bind", G_CALLBACK (chosen_name_bind), NULL);
  adw_combo_row_set_factory (row, chosen);
  adw_combo_row_set_list_factory (row, list);
}

static const MazeAlgorithm *
selected_generator (BitmazeWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->generator_row);

  if (selected >= registry_length (maze_generators))
    return NULL;
  return maze_generators[selected];
}

/* The full name the controls show: the generator and its parameter (a
 * fraction is shown in percent). */
static char *
build_generator_name (BitmazeWindow *self)
{
  const MazeAlgorithm *algorithm = selected_generator (self);
  double value = gtk_adjustment_get_value (self->parameter_adjustment);
  char *name;
  char *copy;

  if (algorithm == NULL)
    algorithm = maze_algorithm_default (maze_generators);
  if (algorithm->param.kind == MAZE_PARAM_FRACTION)
    value /= 100.0;
  name = maze_algorithm_full_name (algorithm, value);
  copy = g_strdup (name);
  free (name);
  return copy;
}

static void
sync_parameter_row (BitmazeWindow       *self,
                    const MazeAlgorithm *algorithm,
                    double               value)
{
  const MazeParam *param = &algorithm->param;

  gtk_widget_set_visible (GTK_WIDGET (self->parameter_row), param->kind != MAZE_PARAM_NONE);
  if (param->kind == MAZE_PARAM_NONE)
    return;

  if (param->kind == MAZE_PARAM_FRACTION)
    {
      g_autofree char *title = NULL;

      /* Translators: the title of a parameter that is a share, shown in
       * percent; %s is its name, such as "Newest Cell Share" */
      title = g_strdup_printf (_("%s, in Percent"), _(param->label));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->parameter_row), title);
      gtk_adjustment_configure (self->parameter_adjustment, round (value * 100),
                                param->min * 100, param->max * 100, 5, 10, 0);
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->parameter_row),
                                     _(param->label));
      /* Beyond a few hundred cells the counts all make the same maze. */
      gtk_adjustment_configure (self->parameter_adjustment, value,
                                param->min, MIN (param->max, 1000), 1, 10, 0);
    }
}

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static void
show_toast (BitmazeWindow *self,
            const char    *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);

  g_free (self->last_toast);
  self->last_toast = g_strdup (message);
}

/* A toast with an engine error in the user's language. */
static void
show_maze_error (BitmazeWindow   *self,
                 const MazeError *error)
{
  g_autofree char *message = bitmaze_error_message (error);

  show_toast (self, message);
}

static void
pending_free (Pending *pending)
{
  if (pending == NULL)
    return;

  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
pending_run (BitmazeWindow *self,
             Pending       *pending)
{
  if (pending == NULL)
    return;

  pending->func (self, pending->data);
  pending_free (pending);
}

static Pending *
pending_new (BitmazeContinuation func,
             gpointer            data,
             GDestroyNotify      destroy)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->func = func;
  pending->data = data;
  pending->destroy = destroy;

  return pending;
}

static gboolean
maze_error_to_gerror (const MazeError  *merror,
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

static void
format_duration (char   *buf,
                 gsize   len,
                 gint64  us)
{
  if (us < 1000)
    /* Translators: a time in microseconds */
    g_snprintf (buf, len, _("%u µs"), (guint) us);
  else if (us < G_USEC_PER_SEC)
    /* Translators: a time in milliseconds */
    g_snprintf (buf, len, _("%.1f ms"), us / 1000.0);
  else
    /* Translators: a time in seconds */
    g_snprintf (buf, len, _("%.2f s"), (double) us / G_USEC_PER_SEC);
}

static gboolean
speed_is_unlimited (BitmazeWindow *self)
{
  return gtk_adjustment_get_value (self->speed_adjustment) >= SPEED_MAX - 1e-6;
}

static double
steps_per_second (BitmazeWindow *self)
{
  return pow (10.0, gtk_adjustment_get_value (self->speed_adjustment));
}

/* ------------------------------------------------------------------ */
/* Steppers                                                            */
/* ------------------------------------------------------------------ */

static void
stop_steppers (BitmazeWindow *self)
{
  set_running (self, FALSE);
  cancel_resume (self);
  g_clear_pointer (&self->generator, maze_generator_free);
  g_clear_pointer (&self->solver, maze_solver_free);
  self->has_last_step = FALSE;
  self->engine_us = 0;
  self->quick_build = FALSE;
  bitmaze_maze_view_set_frontier (self->view, NULL, 0);
  bitmaze_maze_view_set_changed (self->view, NULL, 0);
}

/* Replace the maze shown; the old one is freed after the view let go. */
static void
replace_maze (BitmazeWindow *self,
              Maze          *maze)
{
  Maze *old = self->maze;

  self->maze = maze;
  self->maze_serial++;
  bitmaze_maze_view_set_maze (self->view, maze);
  maze_free (old);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAZE]);
}

static void
update_frontier (BitmazeWindow *self)
{
  size_t n = 0;

  if (self->generator != NULL)
    n = maze_generator_frontier (self->generator, self->frontier, FRONTIER_MAX);
  else if (self->solver != NULL && self->phase == BITMAZE_PHASE_SOLVING)
    n = maze_solver_frontier (self->solver, self->frontier, FRONTIER_MAX);

  bitmaze_maze_view_set_frontier (self->view, self->frontier, MIN (n, FRONTIER_MAX));
}

static void
finish_generation (BitmazeWindow *self)
{
  MazeError error;

  if (maze_place_endpoints (self->maze, MAZE_PLACE_CORNERS, TRUE, self->seed, &error) != MAZE_OK)
    show_maze_error (self, &error);

  g_clear_pointer (&self->generator, maze_generator_free);
  self->phase = BITMAZE_PHASE_READY;
  self->quick_build = FALSE;
  bitmaze_maze_view_set_frontier (self->view, NULL, 0);
  bitmaze_maze_view_walls_changed (self->view);
}

static void
finish_search (BitmazeWindow *self)
{
  MazeSolveStats stats;

  maze_solver_stats (self->solver, &stats);
  self->phase = stats.found ? BITMAZE_PHASE_SOLVED : BITMAZE_PHASE_NO_PATH;
  bitmaze_maze_view_set_frontier (self->view, NULL, 0);
}

static gboolean
start_search (BitmazeWindow *self)
{
  MazeError error;

  g_clear_pointer (&self->solver, maze_solver_free);
  self->solver = maze_solver_new (self->maze, self->solver_name, &error);
  if (self->solver == NULL)
    {
      show_maze_error (self, &error);
      return FALSE;
    }

  /* The solver cleared the old search: everything may have changed. */
  if (self->has_search)
    bitmaze_maze_view_walls_changed (self->view);

  self->has_search = TRUE;
  self->phase = BITMAZE_PHASE_SOLVING;
  self->engine_us = 0;
  self->has_last_step = FALSE;

  return TRUE;
}

/* A file keeps a search as its solution and backtrack nibbles, and the
 * solver's name.  The solvers are deterministic: run the named one again
 * from the start, on a copy of the maze, until the copy's cells are the
 * ones saved; then the copy (with its solver) takes the maze's place and
 * the search goes on from there, with its frontier, counts and path, as if
 * never stopped.  A big search is replayed in slices when the main loop
 * is idle, so the window never freezes.  When no step gives the saved
 * cells (another program wrote them, or the player walked them in Play
 * mode), nothing changes and Step or Run starts a new search. */
static void
cancel_resume (BitmazeWindow *self)
{
  g_clear_handle_id (&self->resume_id, g_source_remove);
  g_clear_pointer (&self->resume_solver, maze_solver_free);
  g_clear_pointer (&self->resume_maze, maze_free);
}

/* Replays one slice; TRUE while there is more to replay. */
static gboolean
resume_slice (BitmazeWindow *self)
{
  const uint16_t *saved = maze_cells_const (self->maze);
  gint64 start = g_get_monotonic_time ();
  MazeSolver *solver;
  guint n = 0;
  MazeStep step = { 0 };

  while (self->resume_differ > 0 && self->resume_going)
    {
      /* Each change takes its cell from one word to the next: count the
       * cell out as it was and in as it is now. */
      self->resume_going = maze_solver_step (self->resume_solver, &step);
      for (unsigned i = 0; i < step.n_changes; i++)
        {
          const MazeChange *change = &step.changes[i];

          self->resume_differ -= change->before != saved[change->index];
          self->resume_differ += change->after != saved[change->index];
        }
      if (++n % (CLOCK_CHECK_EVERY * 64) == 0 && g_get_monotonic_time () - start > FRAME_BUDGET_US)
        break;
    }
  self->resume_us += g_get_monotonic_time () - start;

  if (self->resume_differ > 0 && self->resume_going)
    return TRUE;

  if (self->resume_differ > 0)
    {
      cancel_resume (self);
      return FALSE;
    }

  /* With the whole path marked, all that is left of a finished search is
   * its last step, which only reports the goal found: take it too, so a
   * solved maze comes back solved. */
  if (self->resume_going && maze_path_cells (self->resume_maze, NULL, 0) >= 0)
    {
      maze_solver_step (self->resume_solver, &step);
      if (step.n_changes > 0)
        {
          cancel_resume (self);
          return FALSE;
        }
    }

  solver = g_steal_pointer (&self->resume_solver);
  replace_maze (self, g_steal_pointer (&self->resume_maze));
  self->solver = solver;
  self->has_search = TRUE;
  self->engine_us = self->resume_us;
  self->phase = BITMAZE_PHASE_SOLVING;
  {
    MazeSolveStats stats;

    maze_solver_stats (self->solver, &stats);
    if (stats.finished)
      finish_search (self);
    else
      update_frontier (self);
  }
  update_status (self);
  update_actions (self);

  return FALSE;
}

static gboolean
resume_idle_cb (gpointer data)
{
  BitmazeWindow *self = data;

  /* Anything done to the maze meanwhile makes the replay pointless. */
  if (self->maze_serial != self->resume_serial || self->generator != NULL
      || self->solver != NULL || !self->has_search || self->modified)
    {
      self->resume_id = 0;
      cancel_resume (self);
      return G_SOURCE_REMOVE;
    }

  if (resume_slice (self))
    return G_SOURCE_CONTINUE;

  self->resume_id = 0;
  return G_SOURCE_REMOVE;
}

static void
resume_saved_search (BitmazeWindow *self)
{
  const uint16_t *saved = maze_cells_const (self->maze);
  const uint16_t *cells;
  uint32_t n_cells = maze_n_cells (self->maze);
  MazeError error;

  cancel_resume (self);
  self->resume_maze = maze_copy (self->maze, &error);
  if (self->resume_maze == NULL)
    return;
  self->resume_solver = maze_solver_new (self->resume_maze, self->solver_name, &error);
  if (self->resume_solver == NULL)
    {
      cancel_resume (self);
      return;
    }

  cells = maze_cells_const (self->resume_maze);
  self->resume_differ = 0;
  for (uint32_t i = 0; i < n_cells; i++)
    self->resume_differ += cells[i] != saved[i];
  self->resume_going = TRUE;
  self->resume_us = 0;
  self->resume_serial = self->maze_serial;

  /* Small searches come back at once, big ones in the background. */
  if (resume_slice (self))
    self->resume_id = g_idle_add (resume_idle_cb, self);
}

/* One step of whatever is in progress.  Returns FALSE when that has just
 * finished (or cannot go on). */
static gboolean
do_one_step (BitmazeWindow *self,
             MazeStep      *report)
{
  if (self->generator != NULL)
    {
      maze_generator_step (self->generator, report);
      if (maze_generator_done (self->generator))
        {
          finish_generation (self);
          return FALSE;
        }
      return TRUE;
    }

  if (self->solver == NULL || self->phase != BITMAZE_PHASE_SOLVING)
    {
      if (!start_search (self))
        return FALSE;
    }

  if (!maze_solver_step (self->solver, report))
    {
      finish_search (self);
      return FALSE;
    }

  return TRUE;
}

static void
collect_changes (GArray         *array,
                 const MazeStep *step)
{
  for (unsigned i = 0; i < step->n_changes; i++)
    g_array_append_val (array, step->changes[i].index);
}

static void
update_label_nibble (BitmazeWindow  *self,
                     const MazeStep *step)
{
  for (unsigned i = 0; i < step->n_changes; i++)
    {
      uint16_t diff = step->changes[i].before ^ step->changes[i].after;

      for (guint nibble = 0; nibble < 4; nibble++)
        {
          if (diff & (0xF << (nibble * 4)))
            {
              bitmaze_maze_view_set_label_nibble (self->view, nibble);
              return;
            }
        }
    }
}

static void
show_step_in_view (BitmazeWindow  *self,
                   const uint32_t *changed,
                   size_t          n_changed)
{
  uint32_t last[MAZE_STEP_MAX_CHANGES];
  unsigned n_last = 0;

  if (n_changed > 0)
    bitmaze_maze_view_cells_changed (self->view, changed, n_changed);

  /* A finished build leaves nothing highlighted: the maze is ready. */
  if (self->has_last_step && !(self->generator == NULL && self->phase == BITMAZE_PHASE_READY))
    {
      for (unsigned i = 0; i < self->last_step.n_changes; i++)
        last[n_last++] = self->last_step.changes[i].index;
      update_label_nibble (self, &self->last_step);
    }
  bitmaze_maze_view_set_changed (self->view, last, n_last);

  update_frontier (self);
}

/* ------------------------------------------------------------------ */
/* Run: engine steps on the frame clock                                */
/* ------------------------------------------------------------------ */

/* The slot for the next report of this frame; the oldest is overwritten
 * once the ring is full (a log keeps only the newest anyway). */
static MazeStep *
next_frame_step (BitmazeWindow *self)
{
  MazeStep *slot;

  if (self->frame_steps == NULL)
    self->frame_steps = g_new (MazeStep, FRAME_STEPS_MAX);

  slot = &self->frame_steps[self->frame_steps_next];
  self->frame_steps_next = (self->frame_steps_next + 1) % FRAME_STEPS_MAX;
  self->n_frame_steps = MIN (self->n_frame_steps + 1, FRAME_STEPS_MAX);

  return slot;
}

/* Hands this frame's reports to ::steps-done, oldest first: one emission,
 * or two when the ring wrapped. */
static void
emit_frame_steps (BitmazeWindow *self)
{
  guint first = (self->frame_steps_next + FRAME_STEPS_MAX - self->n_frame_steps) % FRAME_STEPS_MAX;
  guint head = MIN (self->n_frame_steps, FRAME_STEPS_MAX - first);

  if (self->n_frame_steps == 0)
    return;

  g_signal_emit (self, signals[STEPS_DONE], 0, &self->frame_steps[first], head);
  if (head < self->n_frame_steps)
    g_signal_emit (self, signals[STEPS_DONE], 0, &self->frame_steps[0], self->n_frame_steps - head);
  self->n_frame_steps = 0;
}

#define STATUS_INTERVAL_US (G_USEC_PER_SEC / 10)

static gboolean
run_tick (GtkWidget     *widget,
          GdkFrameClock *frame_clock,
          gpointer       user_data)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  gint64 frame_time = gdk_frame_clock_get_frame_time (frame_clock);
  gint64 start = g_get_monotonic_time ();
  gboolean quick = self->quick_build;
  gboolean unlimited = quick || speed_is_unlimited (self);
  guint64 wanted = G_MAXUINT64;
  guint64 done = 0;
  gboolean more = TRUE;
  gboolean record = !quick && g_signal_has_handler_pending (self, signals[STEPS_DONE], 0, FALSE);
  gint64 budget, work, view_start;

  if (!unlimited)
    {
      double rate = steps_per_second (self);

      if (self->last_frame_time != 0)
        self->credit += rate * (frame_time - self->last_frame_time) / G_USEC_PER_SEC;
      /* After a stall, do not try to catch up in one burst. */
      self->credit = MIN (self->credit, MAX (1.0, rate / 4));
      wanted = (guint64) self->credit;
    }
  self->last_frame_time = frame_time;

  g_array_set_size (self->changed, 0);
  self->n_frame_steps = 0;

  /* Handing the changes to the view costs time too (more for big frames):
   * what it took last frame comes off this frame's stepping. */
  budget = MAX (FRAME_BUDGET_US / 4, FRAME_BUDGET_US - self->view_us);

  while (done < wanted)
    {
      if (quick)
        more = do_one_step (self, NULL);
      else
        {
          MazeStep *report = record ? next_frame_step (self) : &self->last_step;

          more = do_one_step (self, report);
          self->has_last_step = TRUE;
          collect_changes (self->changed, report);
        }
      done++;

      if (!more)
        break;
      if (done % CLOCK_CHECK_EVERY == 0 && g_get_monotonic_time () - start > budget)
        break;
    }

  if (!unlimited)
    self->credit -= done;

  view_start = g_get_monotonic_time ();
  self->engine_us += view_start - start;

  if (record && self->n_frame_steps > 0)
    self->last_step = self->frame_steps[(self->frame_steps_next + FRAME_STEPS_MAX - 1) % FRAME_STEPS_MAX];
  if (!quick && done > 0)
    show_step_in_view (self, (const uint32_t *) self->changed->data, self->changed->len);
  self->view_us = g_get_monotonic_time () - view_start;
  if (record)
    emit_frame_steps (self);

  work = g_get_monotonic_time () - start;
  self->max_frame_work = MAX (self->max_frame_work, work);

  if (!more)
    {
      self->tick_id = 0;
      set_running (self, FALSE);
      update_status (self);
      return G_SOURCE_REMOVE;
    }

  /* Laying out the status text costs more than a frame's worth of steps
   * on a big maze; ten times a second is as often as anyone can read it. */
  if (frame_time - self->last_status_time >= STATUS_INTERVAL_US)
    {
      self->last_status_time = frame_time;
      update_status (self);
    }

  return G_SOURCE_CONTINUE;
}

static void
set_running (BitmazeWindow *self,
             gboolean       running)
{
  if (running == self->running)
    return;

  self->running = running;

  if (running)
    {
      self->last_frame_time = 0;
      self->view_us = 0;
      /* The first step comes at once, even at one step a second. */
      self->credit = 1.0;
      if (self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), run_tick, NULL, NULL);
    }
  else if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }

  if (running)
    {
      adw_button_content_set_label (self->run_content, _("_Pause"));
      adw_button_content_set_icon_name (self->run_content, "media-playback-pause-symbolic");
    }
  else
    {
      adw_button_content_set_label (self->run_content, _("_Run"));
      adw_button_content_set_icon_name (self->run_content, "media-playback-start-symbolic");
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Making a maze                                                       */
/* ------------------------------------------------------------------ */

static void
generate (BitmazeWindow *self)
{
  g_autofree char *name = build_generator_name (self);
  guint width = (guint) gtk_adjustment_get_value (self->width_adjustment);
  guint height = (guint) gtk_adjustment_get_value (self->height_adjustment);
  guint loops = (guint) gtk_adjustment_get_value (self->loops_adjustment);
  gboolean animate = gtk_switch_get_active (self->animate_switch);
  MazeGenerator *generator;
  MazeError error;
  Maze *maze;

  maze = maze_new (width, height, &error);
  if (maze == NULL)
    {
      show_maze_error (self, &error);
      return;
    }

  generator = maze_generator_new (maze, name, self->seed, loops, &error);
  if (generator == NULL)
    {
      maze_free (maze);
      show_maze_error (self, &error);
      return;
    }

  stop_steppers (self);
  replace_maze (self, maze);
  self->generator = generator;
  self->phase = BITMAZE_PHASE_BUILDING;
  self->has_search = FALSE;
  g_clear_object (&self->file);
  self->modified = FALSE;

  if (!animate)
    {
      /* Small mazes are done within the first slice; big ones go on in
       * slices on the frame clock, so the window never freezes. */
      gint64 start = g_get_monotonic_time ();
      guint n = 0;

      self->quick_build = TRUE;
      while (do_one_step (self, NULL))
        {
          if (++n % CLOCK_CHECK_EVERY == 0 && g_get_monotonic_time () - start > FRAME_BUDGET_US)
            break;
        }
      self->engine_us += g_get_monotonic_time () - start;

      if (self->generator != NULL)
        set_running (self, TRUE);
    }
  else
    {
      set_running (self, TRUE);
    }

  update_title (self);
  update_status (self);
  update_actions (self);
}

static void
sync_seed_row (BitmazeWindow *self)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);

  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
}

static void
generate_with_new_seed (BitmazeWindow *self,
                        gpointer       data)
{
  self->seed = maze_random_seed ();
  sync_seed_row (self);
  generate (self);
}

static void
generate_with_seed (BitmazeWindow *self,
                    gpointer       data)
{
  generate (self);
}

/* ------------------------------------------------------------------ */
/* Unsaved changes                                                     */
/* ------------------------------------------------------------------ */

static void
save_dialog_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         BitmazeWindow    *self)
{
  Pending *pending = g_steal_pointer (&self->save_dialog_pending);

  self->save_dialog = NULL;
  /* The dialog closes after this handler; if the answer closes the window
   * too, the dialog must not point to it any more by then. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);

  if (g_str_equal (response, "discard"))
    {
      self->modified = FALSE;
      update_title (self);
      pending_run (self, pending);
    }
  else if (g_str_equal (response, "save"))
    {
      g_autoptr (GError) error = NULL;

      if (self->file == NULL)
        {
          save_as_then (self, pending);
          return;
        }

      if (bitmaze_window_save_to_file (self, self->file, &error))
        pending_run (self, pending);
      else
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the maze: %s"), error->message);

          /* Nothing saved: the window stays, with its changes. */
          show_toast (self, message);
          pending_free (pending);
        }
    }
  else
    {
      pending_free (pending);
    }
}

/* Runs @func now, or after the user said what to do with the changes. */
static void
confirm_discard (BitmazeWindow       *self,
                 BitmazeContinuation  func,
                 gpointer             data,
                 GDestroyNotify       destroy)
{
  g_autofree char *name = NULL;
  AdwMessageDialog *dialog;

  if (!self->modified)
    {
      func (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  if (self->save_dialog != NULL)
    {
      if (destroy != NULL)
        destroy (data);
      gtk_window_present (GTK_WINDOW (self->save_dialog));
      return;
    }

  set_running (self, FALSE);

  name = self->file != NULL ? g_file_get_basename (self->file) : g_strdup (_("Untitled Maze"));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Save Changes?"),
                                                       NULL));
  adw_message_dialog_format_body (dialog,
                                  _("“%s” has unsaved changes. Changes which are not saved will be lost."),
                                  name);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");

  self->save_dialog = dialog;
  self->save_dialog_pending = pending_new (func, data, destroy);
  g_signal_connect (dialog, "response", G_CALLBACK (save_dialog_response_cb), self);

  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static GtkFileFilter *
maze_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Mazes"));
  gtk_file_filter_add_pattern (filter, "*.maze");
  gtk_file_filter_add_pattern (filter, "*.MAZE");
  gtk_file_filter_add_mime_type (filter, "application/x-bitmaze");

  return filter;
}

static void
clear_chooser (BitmazeWindow *self)
{
  if (self->chooser == NULL)
    return;

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
}

static void
open_file_now (BitmazeWindow *self,
               gpointer       data)
{
  GFile *file = data;
  g_autoptr (GError) error = NULL;

  if (!bitmaze_window_load_file (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);

      show_toast (self, message);
    }
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  BitmazeWindow   *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  clear_chooser (self);

  if (file != NULL)
    open_file_now (self, file);
}

static void
show_open_chooser (BitmazeWindow *self,
                   gpointer       data)
{
  g_autoptr (GtkFileFilter) filter = maze_file_filter ();

  clear_chooser (self);
  self->chooser = gtk_file_chooser_native_new (_("Open Maze"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  BitmazeWindow   *self)
{
  Pending *then = g_object_steal_data (G_OBJECT (dialog), "then");
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  clear_chooser (self);

  if (file == NULL)
    {
      pending_free (then);
      return;
    }

  if (bitmaze_window_save_to_file (self, file, &error))
    pending_run (self, then);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the maze: %s"), error->message);

      show_toast (self, message);
      pending_free (then);
    }
}

/* Asks for a file name, saves, then runs @then (may be NULL). */
static void
save_as_then (BitmazeWindow *self,
              Pending       *then)
{
  g_autoptr (GtkFileFilter) filter = maze_file_filter ();

  clear_chooser (self);
  self->chooser = gtk_file_chooser_native_new (_("Save Maze"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);

  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), self->file, NULL);
  else
    /* Translators: the default file name of a new maze; keep the extension */
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("maze.maze"));

  g_object_set_data_full (G_OBJECT (self->chooser), "then", then, (GDestroyNotify) pending_free);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static const struct
{
  const char *format;
  const char *pattern;
  const char *mime_type;
  const char *label;
} export_formats[] = {
  { "png", "*.png", "image/png", N_("PNG Image") },
  { "svg", "*.svg", "image/svg+xml", N_("SVG Image") },
  { "pdf", "*.pdf", "application/pdf", N_("PDF Document") },
};

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    BitmazeWindow   *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = NULL;

      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file != NULL ? g_file_get_path (file) : NULL;

      /* No known extension typed: take the one of the chosen filter. */
      if (path != NULL && render_format_from_path (path) < 0 && filter != NULL)
        {
          const char *format = g_object_get_data (G_OBJECT (filter), "format");

          if (format != NULL)
            {
              g_autofree char *with_ext = g_strconcat (path, ".", format, NULL);

              g_object_unref (file);
              file = g_file_new_for_path (with_ext);
            }
        }
    }

  clear_chooser (self);

  if (file == NULL)
    return;

  if (!bitmaze_window_export_to_file (self, file, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the image: %s"), error->message);

      show_toast (self, message);
    }
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);

      show_toast (self, message);
    }
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */
/* ------------------------------------------------------------------ */

static void
win_new_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  confirm_discard (BITMAZE_WINDOW (widget), generate_with_new_seed, NULL, NULL);
}

static void
win_generate_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  confirm_discard (BITMAZE_WINDOW (widget), generate_with_seed, NULL, NULL);
}

static void
win_open_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  confirm_discard (BITMAZE_WINDOW (widget), show_open_chooser, NULL, NULL);
}

static void
win_save_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->file == NULL)
    {
      save_as_then (self, NULL);
      return;
    }

  if (!bitmaze_window_save_to_file (self, self->file, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the maze: %s"), error->message);

      show_toast (self, message);
    }
}

static void
win_save_as_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  save_as_then (BITMAZE_WINDOW (widget), NULL);
}

static void
win_export_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  g_autofree char *name = NULL;

  clear_chooser (self);
  self->chooser = gtk_file_chooser_native_new (_("Export Image"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (export_formats); i++)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(export_formats[i].label));
      gtk_file_filter_add_pattern (filter, export_formats[i].pattern);
      gtk_file_filter_add_mime_type (filter, export_formats[i].mime_type);
      g_object_set_data (G_OBJECT (filter), "format", (gpointer) export_formats[i].format);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
    }

  if (self->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      name = g_strconcat (base, ".png", NULL);
    }
  else
    /* Translators: the default file name of an exported image; keep the extension */
    name = g_strdup (_("maze.png"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
win_step_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  gint64 start;

  if (self->maze == NULL || self->running)
    return;
  if (self->phase == BITMAZE_PHASE_SOLVED || self->phase == BITMAZE_PHASE_NO_PATH)
    return;

  self->quick_build = FALSE;
  start = g_get_monotonic_time ();
  do_one_step (self, &self->last_step);
  self->engine_us += g_get_monotonic_time () - start;
  self->has_last_step = TRUE;

  g_array_set_size (self->changed, 0);
  collect_changes (self->changed, &self->last_step);
  show_step_in_view (self, (const uint32_t *) self->changed->data, self->changed->len);
  if (self->generator == NULL && self->phase != BITMAZE_PHASE_SOLVING)
    bitmaze_maze_view_set_frontier (self->view, NULL, 0);

  update_status (self);
  update_actions (self);

  g_signal_emit (self, signals[STEP_DONE], 0, &self->last_step);
}

static void
win_run_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  if (self->maze == NULL)
    return;

  if (self->running)
    {
      set_running (self, FALSE);
      return;
    }

  /* A new search starts at once (after the end of one, from the start
   * again), so the state says so before the first frame. */
  if (self->generator == NULL && self->phase != BITMAZE_PHASE_SOLVING)
    {
      if (!start_search (self))
        return;
    }

  set_running (self, TRUE);
  update_status (self);
}

static void
win_stop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  set_running (BITMAZE_WINDOW (widget), FALSE);
}

static void
reset_search (BitmazeWindow *self)
{
  gboolean had_search = self->has_search;

  set_running (self, FALSE);
  g_clear_pointer (&self->solver, maze_solver_free);
  self->has_last_step = FALSE;
  self->engine_us = 0;
  self->has_search = FALSE;
  if (self->phase != BITMAZE_PHASE_BUILDING)
    self->phase = BITMAZE_PHASE_READY;

  maze_reset_search (self->maze);
  bitmaze_maze_view_set_frontier (self->view, NULL, 0);
  bitmaze_maze_view_set_changed (self->view, NULL, 0);
  if (had_search)
    bitmaze_maze_view_walls_changed (self->view);
}

static void
win_reset_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  if (self->maze == NULL)
    return;

  if (self->generator != NULL)
    {
      /* Building: start the same maze over from an empty grid. */
      g_autofree char *name = build_generator_name (self);
      guint loops = (guint) gtk_adjustment_get_value (self->loops_adjustment);
      MazeError error;
      MazeGenerator *generator;

      set_running (self, FALSE);
      generator = maze_generator_new (self->maze, name, self->seed, loops, &error);
      if (generator == NULL)
        {
          show_maze_error (self, &error);
          return;
        }
      maze_generator_free (self->generator);
      self->generator = generator;
      self->has_last_step = FALSE;
      self->engine_us = 0;
      bitmaze_maze_view_set_changed (self->view, NULL, 0);
      bitmaze_maze_view_walls_changed (self->view);
      update_frontier (self);
    }
  else
    {
      reset_search (self);
    }

  update_status (self);
  update_actions (self);
}

static void
win_fullscreen_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
win_zoom_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  /* "win.zoom-in" -> "view.zoom-in" */
  g_autofree char *view_action = g_strconcat ("view.", action_name + strlen ("win."), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->view), view_action, NULL);
}

static void
win_close_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* ------------------------------------------------------------------ */
/* State shown: title, status line, actions                            */
/* ------------------------------------------------------------------ */

static void
update_title (BitmazeWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->file != NULL)
    name = g_file_get_basename (self->file);
  else
    name = g_strdup (_("Untitled Maze"));

  /* Translators: the mark of a maze with unsaved changes, before its name */
  title = self->modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  /* Translators: the window title: the maze's name, then the app's */
  window_title = g_strdup_printf (_("%s — Bitmaze"), title);

  if (self->maze != NULL)
    /* Translators: the maze's width and height in cells */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u × %u cell", "%u × %u cells",
                                             maze_n_cells (self->maze)),
                                maze_width (self->maze),
                                maze_height (self->maze));

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* The step as the inspector's log says it, then the C statements it
 * applied. */
static char *
describe_step (BitmazeWindow  *self,
               const MazeStep *step)
{
  const char *algorithm = self->generator != NULL ? self->generator_name : self->solver_name;
  g_autofree char *sentence = bitmaze_step_dup_description (step, algorithm, maze_width (self->maze));
  GString *text = g_string_new (sentence);

  for (unsigned i = 0; i < step->n_changes; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? "   " : "; ", step->changes[i].expr);

  return g_string_free (text, FALSE);
}

#define NBSP "\xc2\xa0" /* U+00A0 NO-BREAK SPACE in UTF-8 */

/* The status numbers wrap when the maze area is narrow (both side panes
 * open), but only after a "·": each "Steps 1,234" stays on one line. */
static void
set_status_numbers (GtkLabel   *label,
                    const char *numbers)
{
  g_autoptr (GString) text = g_string_new (numbers);

  g_string_replace (text, " ", NBSP, 0);
  g_string_replace (text, NBSP "·" NBSP, NBSP "· ", 0);
  gtk_label_set_label (label, text->str);
}

static void
update_status (BitmazeWindow *self)
{
  char cells[32], time[32];
  const char *state = "";
  g_autofree char *numbers = NULL;
  g_autofree char *step_text = NULL;

  if (self->maze == NULL)
    return;

  /* %' groups the digits as the locale does (12,345 or 12.345). */
  g_snprintf (cells, sizeof cells, "%'u", maze_n_cells (self->maze));
  format_duration (time, sizeof time, self->engine_us);

  gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "accent");

  if (self->generator != NULL)
    {
      char steps[32];

      state = _("Building");
      g_snprintf (steps, sizeof steps, "%'" G_GUINT64_FORMAT, maze_generator_steps (self->generator));
      numbers = g_strdup_printf (_("Cells %s · Steps %s · Time %s"), cells, steps, time);
      gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "accent");
    }
  else if (self->solver != NULL)
    {
      MazeSolveStats stats;
      char path[32], steps[32], visited[32], frontier[32];

      maze_solver_stats (self->solver, &stats);
      g_snprintf (steps, sizeof steps, "%'" G_GUINT64_FORMAT, stats.steps);
      g_snprintf (visited, sizeof visited, "%'" G_GUINT64_FORMAT, stats.visited);
      g_snprintf (frontier, sizeof frontier, "%'" G_GUINT64_FORMAT, stats.max_frontier);
      if (stats.found)
        g_snprintf (path, sizeof path, "%'" G_GUINT64_FORMAT, stats.path_length);
      else
        g_strlcpy (path, "—", sizeof path);

      numbers = g_strdup_printf (_("Cells %s · Steps %s · Visited %s · Largest frontier %s · Path %s · Time %s"),
                                 cells, steps, visited, frontier, path, time);

      switch (self->phase)
        {
        case BITMAZE_PHASE_SOLVED:
          state = _("Solved");
          gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "success");
          break;
        case BITMAZE_PHASE_NO_PATH:
          state = _("No path");
          gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "error");
          break;
        case BITMAZE_PHASE_SOLVING:
        case BITMAZE_PHASE_BUILDING:
        case BITMAZE_PHASE_READY:
        default:
          state = _("Searching");
          gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "accent");
          break;
        }
    }
  else
    {
      state = _("Ready");
      if (self->engine_us > 0)
        numbers = g_strdup_printf (_("Cells %s · Built in %s · Step or Run to search"), cells, time);
      else
        numbers = g_strdup_printf (_("Cells %s · Step or Run to search"), cells);
    }

  gtk_label_set_label (self->state_label, state);
  set_status_numbers (self->status_label, numbers);

  if (self->has_last_step && !(self->generator == NULL && self->phase == BITMAZE_PHASE_READY))
    step_text = describe_step (self, &self->last_step);
  else if (self->quick_build)
    step_text = g_strdup (_("Building the maze…"));
  gtk_label_set_label (self->step_label, step_text != NULL ? step_text : "");

  g_free (self->status_text);
  self->status_text = g_strdup (numbers);
}

static void
update_actions (BitmazeWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean finished = self->phase == BITMAZE_PHASE_SOLVED || self->phase == BITMAZE_PHASE_NO_PATH;
  gboolean has_maze = self->maze != NULL;

  gtk_widget_action_set_enabled (widget, "win.step", has_maze && !self->running && !finished);
  gtk_widget_action_set_enabled (widget, "win.run", has_maze);
  gtk_widget_action_set_enabled (widget, "win.stop", self->running);
  gtk_widget_action_set_enabled (widget, "win.reset",
                                 has_maze && (self->generator != NULL || self->solver != NULL || self->has_search));
  gtk_widget_action_set_enabled (widget, "win.save", has_maze);
  gtk_widget_action_set_enabled (widget, "win.save-as", has_maze);
  gtk_widget_action_set_enabled (widget, "win.export", has_maze && self->generator == NULL);
}

/* ------------------------------------------------------------------ */
/* Mouse on the maze                                                   */
/* ------------------------------------------------------------------ */

static gboolean
can_edit (BitmazeWindow *self)
{
  if (self->maze == NULL)
    return FALSE;

  if (self->generator != NULL)
    {
      show_toast (self, _("The maze is still being built"));
      return FALSE;
    }

  return TRUE;
}

static void
mark_modified (BitmazeWindow *self)
{
  if (!self->modified)
    {
      self->modified = TRUE;
      update_title (self);
    }
}

static void
view_cell_clicked_cb (BitmazeWindow   *self,
                      guint            index,
                      GdkModifierType  state,
                      guint            button)
{
  gboolean goal = (state & GDK_SHIFT_MASK) != 0 || button == GDK_BUTTON_SECONDARY;
  MazeError error;
  MazeStatus status;

  if (!can_edit (self))
    return;

  /* Moving an end point clears the search (the engine does so too). */
  reset_search (self);

  if (goal)
    status = maze_set_goal (self->maze, index, &error);
  else
    status = maze_set_start (self->maze, index, &error);

  if (status != MAZE_OK)
    {
      show_maze_error (self, &error);
      return;
    }

  bitmaze_maze_view_walls_changed (self->view);
  mark_modified (self);
  update_status (self);
  update_actions (self);
}

static void
view_wall_clicked_cb (BitmazeWindow *self,
                      guint          index,
                      guint          dir)
{
  MazeError error;
  gboolean open;

  if (!can_edit (self) || index >= maze_n_cells (self->maze))
    return;

  reset_search (self);

  open = maze_cell_is_open (maze_cells_const (self->maze)[index], (uint16_t) dir);
  if (maze_set_wall_open (self->maze, index, (uint16_t) dir, !open, &error) != MAZE_OK)
    {
      show_maze_error (self, &error);
      return;
    }

  bitmaze_maze_view_walls_changed (self->view);
  mark_modified (self);
  update_status (self);
  update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Keys that only act when the focus is not in a text field            */
/* ------------------------------------------------------------------ */

static gboolean
key_shortcut_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  const char *action = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (focus != NULL && GTK_IS_EDITABLE (focus))
    return FALSE;

  return gtk_widget_activate_action (widget, action, NULL);
}

static gboolean
view_right_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));
  BitmazePlay *play = bitmaze_play_get_for_window (self);

  if (focus != GTK_WIDGET (self->view))
    return FALSE;
  if (bitmaze_maze_view_get_edit_mode (self->view)
      || gtk_widget_get_visible (GTK_WIDGET (self->side_panel))
      || (play != NULL && bitmaze_play_get_active (play)))
    return FALSE;

  return gtk_widget_activate_action (widget, "win.step", NULL);
}

static void
set_show_controls (BitmazeWindow *self,
                   gboolean       show)
{
  GtkWidget *focus;

  show = !!show;
  if (show == self->show_controls)
    return;

  /* The controls pane held the focus: give it to the maze, not to nothing. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  self->show_controls = show;
  gtk_widget_set_visible (self->sidebar, show);
  gtk_widget_set_visible (self->sidebar_separator, show);
  if (!show && (focus == NULL || gtk_widget_is_ancestor (focus, self->sidebar)))
    gtk_widget_grab_focus (GTK_WIDGET (self->view));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CONTROLS]);
}

static void
add_key_shortcuts (BitmazeWindow *self)
{
  static const struct
  {
    const char *trigger;
    const char *action;
  } keys[] = {
    { "space", "win.new-maze" },
    { "s", "win.step" },
    { "Right", "win.step" },
    { "r", "win.run" },
    { "Escape", "win.stop" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut =
        gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                          gtk_callback_action_new (key_shortcut_cb, (gpointer) keys[i].action, NULL));

      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  /* The maze view takes the arrow keys to pick a cell, so the bubbling
   * Right above never reaches the window while the view has the focus:
   * catch Right before the view does, unless a picked cell is what the
   * user works with (the bit inspector shows it, edit mode toggles its
   * walls) or Play mode walks with it. */
  controller = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Right, 0),
                                                                                       gtk_keyval_trigger_new (GDK_KEY_KP_Right, 0)),
                                                          gtk_callback_action_new (view_right_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F8, 0),
                                                          gtk_named_action_new ("win.show-controls")));
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* ------------------------------------------------------------------ */
/* Drag and drop                                                       */
/* ------------------------------------------------------------------ */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BitmazeWindow *self)
{
  GdkFileList *list;
  g_autoptr (GSList) files = NULL;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  list = g_value_get_boxed (value);
  files = gdk_file_list_get_files (list);
  if (files == NULL)
    return FALSE;

  bitmaze_window_open_file (self, G_FILE (files->data));

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Controls                                                            */
/* ------------------------------------------------------------------ */

static void
generator_selected_cb (BitmazeWindow *self)
{
  const MazeAlgorithm *algorithm = selected_generator (self);
  g_autofree char *name = NULL;

  if (self->syncing_controls || algorithm == NULL)
    return;

  self->syncing_controls = TRUE;
  sync_parameter_row (self, algorithm, algorithm->param.fallback);
  self->syncing_controls = FALSE;

  name = build_generator_name (self);
  g_object_set (self, "generator", name, NULL);
}

static void
parameter_changed_cb (BitmazeWindow *self)
{
  g_autofree char *name = NULL;

  if (self->syncing_controls)
    return;

  name = build_generator_name (self);
  g_object_set (self, "generator", name, NULL);
}

static void
solver_selected_cb (BitmazeWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->solver_row);

  if (self->syncing_controls || selected >= registry_length (maze_solvers))
    return;

  g_object_set (self, "solver", maze_solvers[selected]->name, NULL);
}

static void
seed_apply_cb (BitmazeWindow *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seed_row))));
  guint64 seed;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
      show_toast (self, _("The seed must be a whole number from 0 to 18446744073709551615"));
      return;
    }

  self->seed = seed;
  sync_seed_row (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.generate", NULL);
}

static void
speed_changed_cb (BitmazeWindow *self)
{
  g_autofree char *text = NULL;

  if (speed_is_unlimited (self))
    text = g_strdup (_("As fast as possible"));
  else
    {
      double rate = steps_per_second (self);
      gulong n;

      /* Two significant digits are enough to read a speed. */
      if (rate < 10)
        n = (gulong) round (rate);
      else
        {
          double unit = pow (10, floor (log10 (rate)) - 1);

          n = (gulong) (round (rate / unit) * unit);
        }

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu step a second", "%lu steps a second", n), n);
    }

  adw_action_row_set_subtitle (self->speed_row, text);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static gboolean
label_mode_from_setting (GValue   *value,
                         GVariant *variant,
                         gpointer  user_data)
{
  const char *mode = g_variant_get_string (variant, NULL);
  BitmazeLabelMode label_mode = BITMAZE_LABEL_NONE;

  if (g_str_equal (mode, "hex"))
    label_mode = BITMAZE_LABEL_WORD_HEX;
  else if (g_str_equal (mode, "nibble"))
    label_mode = BITMAZE_LABEL_NIBBLE_BIN;

  g_value_set_enum (value, label_mode);

  return TRUE;
}

static void
set_solver_name (BitmazeWindow *self,
                 const char    *name)
{
  const MazeAlgorithm *algorithm;
  MazeError error;

  if (name == NULL || g_strcmp0 (name, self->solver_name) == 0)
    return;

  algorithm = maze_algorithm_find (maze_solvers, name, NULL, &error);
  if (algorithm == NULL)
    {
      g_warning ("%s", error.message);
      return;
    }

  g_free (self->solver_name);
  self->solver_name = g_strdup (name);

  /* A search of another algorithm means nothing for this one. */
  if (self->maze != NULL && self->generator == NULL && (self->solver != NULL || self->has_search))
    {
      reset_search (self);
      update_status (self);
    }

  self->syncing_controls = TRUE;
  adw_combo_row_set_selected (self->solver_row, registry_index (maze_solvers, algorithm));
  self->syncing_controls = FALSE;

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "solver", name);

  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVER]);
}

static void
set_generator_name (BitmazeWindow *self,
                    const char    *name)
{
  const MazeAlgorithm *algorithm;
  MazeError error;
  double value;

  if (name == NULL || g_strcmp0 (name, self->generator_name) == 0)
    return;

  algorithm = maze_algorithm_find (maze_generators, name, &value, &error);
  if (algorithm == NULL)
    {
      g_warning ("%s", error.message);
      return;
    }

  g_free (self->generator_name);
  self->generator_name = g_strdup (name);

  self->syncing_controls = TRUE;
  adw_combo_row_set_selected (self->generator_row, registry_index (maze_generators, algorithm));
  sync_parameter_row (self, algorithm, value);
  self->syncing_controls = FALSE;

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "generator", name);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GENERATOR]);
}

static void
close_now (BitmazeWindow *self,
           gpointer       data)
{
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
bitmaze_window_close_request (GtkWindow *window)
{
  BitmazeWindow *self = BITMAZE_WINDOW (window);

  if (self->modified)
    {
      confirm_discard (self, close_now, NULL, NULL);
      return TRUE;
    }

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
    }

  return GTK_WINDOW_CLASS (bitmaze_window_parent_class)->close_request (window);
}

static void
bitmaze_window_constructed (GObject *object)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);
  g_autofree char *generator = NULL;
  g_autofree char *solver = NULL;

  G_OBJECT_CLASS (bitmaze_window_parent_class)->constructed (object);

  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "maze-width", self->width_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "maze-height", self->height_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "loops", self->loops_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "speed", self->speed_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animate-generation", self->animate_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-controls", self, "show-controls", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-search", self->view, "show-search", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (self->settings, "label-mode",
                                self->view, "label-mode",
                                G_SETTINGS_BIND_GET,
                                label_mode_from_setting, NULL, NULL, NULL);

  generator = g_settings_get_string (self->settings, "generator");
  if (!maze_generator_name_valid (generator, NULL))
    g_clear_pointer (&generator, g_free);
  g_object_set (self, "generator",
                generator != NULL ? generator : maze_algorithm_default (maze_generators)->name,
                NULL);
  /* The combo shows the first entry until told otherwise: make sure the
   * parameter row matches the entry even when the name did not change. */
  if (self->generator_name != NULL)
    {
      double value;
      const MazeAlgorithm *algorithm = maze_algorithm_find (maze_generators, self->generator_name,
                                                            &value, NULL);

      if (algorithm != NULL)
        sync_parameter_row (self, algorithm, value);
    }

  solver = g_settings_get_string (self->settings, "solver");
  g_object_set (self, "solver", solver, NULL);

  speed_changed_cb (self);

  self->seed = maze_random_seed ();
  sync_seed_row (self);
  generate (self);
}

static void
bitmaze_window_dispose (GObject *object)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->running = FALSE;

  clear_chooser (self);
  g_clear_pointer (&self->save_dialog_pending, pending_free);
  if (self->save_dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->save_dialog, self);
      gtk_window_destroy (GTK_WINDOW (self->save_dialog));
      self->save_dialog = NULL;
    }

  cancel_resume (self);
  g_clear_pointer (&self->generator, maze_generator_free);
  g_clear_pointer (&self->solver, maze_solver_free);
  if (self->view != NULL)
    bitmaze_maze_view_set_maze (self->view, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_WINDOW);
  self->view = NULL;

  g_clear_object (&self->settings);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (bitmaze_window_parent_class)->dispose (object);
}

static void
bitmaze_window_finalize (GObject *object)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);

  g_clear_pointer (&self->maze, maze_free);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->frontier, g_free);
  g_clear_pointer (&self->frame_steps, g_free);
  g_clear_pointer (&self->generator_name, g_free);
  g_clear_pointer (&self->solver_name, g_free);
  g_clear_pointer (&self->last_toast, g_free);
  g_clear_pointer (&self->status_text, g_free);

  G_OBJECT_CLASS (bitmaze_window_parent_class)->finalize (object);
}

static void
bitmaze_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MAZE:
      g_value_set_pointer (value, self->maze);
      break;

    case PROP_SOLVER:
      g_value_set_string (value, self->solver_name);
      break;

    case PROP_GENERATOR:
      g_value_set_string (value, self->generator_name);
      break;

    case PROP_EDIT_MODE:
      g_value_set_boolean (value, self->view != NULL && bitmaze_maze_view_get_edit_mode (self->view));
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_SHOW_CONTROLS:
      g_value_set_boolean (value, self->show_controls);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      set_solver_name (self, g_value_get_string (value));
      break;

    case PROP_GENERATOR:
      set_generator_name (self, g_value_get_string (value));
      break;

    case PROP_EDIT_MODE:
      bitmaze_maze_view_set_edit_mode (self->view, g_value_get_boolean (value));
      break;

    case PROP_SHOW_CONTROLS:
      set_show_controls (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_window_class_init (BitmazeWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = bitmaze_window_constructed;
  object_class->dispose = bitmaze_window_dispose;
  object_class->finalize = bitmaze_window_finalize;
  object_class->get_property = bitmaze_window_get_property;
  object_class->set_property = bitmaze_window_set_property;

  window_class->close_request = bitmaze_window_close_request;

  /**
   * BitmazeWindow:maze:
   *
   * The Maze shown (a pointer owned by the window); notified when New or
   * Open replaces it.
   */
  properties[PROP_MAZE] =
    g_param_spec_pointer ("maze", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:solver:
   *
   * The engine name of the search algorithm; changing it clears the search.
   */
  properties[PROP_SOLVER] =
    g_param_spec_string ("solver", NULL, NULL,
                         maze_algorithm_default (maze_solvers)->name,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:generator:
   *
   * The engine name of the generator of the next maze, with its parameter.
   */
  properties[PROP_GENERATOR] =
    g_param_spec_string ("generator", NULL, NULL,
                         maze_algorithm_default (maze_generators)->name,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_EDIT_MODE] =
    g_param_spec_boolean ("edit-mode", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:show-controls:
   *
   * Whether the controls pane (generator, size, solver, Step and Run) is
   * shown; hidden, the maze gets the room, e.g. on a projector.
   */
  properties[PROP_SHOW_CONTROLS] =
    g_param_spec_boolean ("show-controls", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BitmazeWindow::step-done:
   * @step: (type gpointer): the MazeStep report, valid during the emission
   *
   * Emitted after each step done with win.step.
   */
  signals[STEP_DONE] =
    g_signal_new ("step-done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazeWindow::steps-done:
   * @steps: (type gpointer): an array of MazeStep reports, oldest first,
   *   valid during the emission
   * @n_steps: how many
   *
   * Emitted once or twice a frame while Run steps with reports: the
   * newest reports of that frame (at most a few thousand).
   */
  signals[STEPS_DONE] =
    g_signal_new ("steps-done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  g_type_ensure (BITMAZE_TYPE_MAZE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, view);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, maze_scroller);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, sidebar_separator);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, generator_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, parameter_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, parameter_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, loops_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, seed_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, solver_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, run_content);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, state_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, step_label);
  gtk_widget_class_bind_template_callback (widget_class, view_cell_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_wall_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, generator_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, parameter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, solver_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed_cb);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, win_new_action);
  gtk_widget_class_install_action (widget_class, "win.new-maze", NULL, win_new_action);
  gtk_widget_class_install_action (widget_class, "win.generate", NULL, win_generate_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, win_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, win_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, win_save_as_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, win_export_action);
  gtk_widget_class_install_action (widget_class, "win.step", NULL, win_step_action);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, win_run_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, win_stop_action);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, win_reset_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, win_fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, win_close_action);
  gtk_widget_class_install_property_action (widget_class, "win.solver", "solver");
  gtk_widget_class_install_property_action (widget_class, "win.generator", "generator");
  gtk_widget_class_install_property_action (widget_class, "win.edit-mode", "edit-mode");
  gtk_widget_class_install_property_action (widget_class, "win.show-controls", "show-controls");
}

static void
view_edit_mode_cb (BitmazeWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDIT_MODE]);
}

static void
bitmaze_window_init (BitmazeWindow *self)
{
  g_autoptr (GListModel) generator_model = registry_labels (maze_generators);
  g_autoptr (GListModel) solver_model = registry_labels (maze_solvers);
  GtkDropTarget *drop_target;

  /* before the template: its toggle button asks for the state */
  self->show_controls = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->changed = g_array_new (FALSE, FALSE, sizeof (uint32_t));
  self->frontier = g_new (uint32_t, FRONTIER_MAX);
  self->phase = BITMAZE_PHASE_READY;

  adw_combo_row_set_model (self->generator_row, generator_model);
  adw_combo_row_set_model (self->solver_row, solver_model);
  use_full_name_list (self->generator_row);
  use_full_name_list (self->solver_row);

  g_signal_connect_object (self->view, "notify::edit-mode",
                           G_CALLBACK (view_edit_mode_cb), self,
                           G_CONNECT_SWAPPED);

  add_key_shortcuts (self);
  bitmaze_play_attach (self);
  bitmaze_print_add_actions (self);
  bitmaze_export_animation_add_actions (self);
  bitmaze_inspector_install (self);

  drop_target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop_target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop_target));
}

/* ------------------------------------------------------------------ */
/* Public and private API                                              */
/* ------------------------------------------------------------------ */

BitmazeWindow *
bitmaze_window_new (BitmazeApplication *application)
{
  return g_object_new (BITMAZE_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

void
bitmaze_window_open_file (BitmazeWindow *self,
                          GFile         *file)
{
  g_return_if_fail (BITMAZE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  confirm_discard (self, open_file_now, g_object_ref (file), g_object_unref);
}

gboolean
bitmaze_window_is_pristine (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);

  return self->file == NULL && !self->modified && !self->has_search;
}

Maze *
bitmaze_window_get_maze (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->maze;
}

BitmazeMazeView *
bitmaze_window_get_view (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->view;
}

MazeGenerator *
bitmaze_window_get_generator (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->generator;
}

MazeSolver *
bitmaze_window_get_solver (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->solver;
}

BitmazePhase
bitmaze_window_get_phase (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), BITMAZE_PHASE_READY);

  return self->phase;
}

gboolean
bitmaze_window_get_running (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);

  return self->running;
}

const MazeStep *
bitmaze_window_get_last_step (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->has_last_step ? &self->last_step : NULL;
}

GtkBox *
bitmaze_window_get_side_panel (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->side_panel;
}

gboolean
bitmaze_window_toggle_bit (BitmazeWindow *self,
                           guint          index,
                           guint          bit,
                           MazeStep      *report,
                           GError       **error)
{
  MazeError merror;
  MazeStep step;
  uint32_t cells[MAZE_STEP_MAX_CHANGES];

  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);

  if (self->maze == NULL || index >= maze_n_cells (self->maze))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("There is no such cell"));
      return FALSE;
    }
  if (self->generator != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The maze is still being built"));
      return FALSE;
    }

  if (maze_toggle_bit (self->maze, index, bit, &step, &merror) != MAZE_OK)
    {
      bitmaze_error_propagate (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, &merror);
      return FALSE;
    }

  /* A solver cannot go on over a maze changed under it: the search in
   * progress ends here, and the bits it wrote stay. */
  if (self->solver != NULL)
    {
      set_running (self, FALSE);
      g_clear_pointer (&self->solver, maze_solver_free);
      if (self->phase == BITMAZE_PHASE_SOLVING)
        self->phase = BITMAZE_PHASE_READY;
      bitmaze_maze_view_set_frontier (self->view, NULL, 0);
    }
  if (bit >= MAZE_SOLUTION_SHIFT)
    self->has_search = maze_has_search (self->maze);

  for (unsigned i = 0; i < step.n_changes; i++)
    cells[i] = step.changes[i].index;
  if (bit < MAZE_BORDER_SHIFT)
    bitmaze_maze_view_walls_changed (self->view);
  else
    bitmaze_maze_view_cells_changed (self->view, cells, step.n_changes);
  bitmaze_maze_view_set_changed (self->view, cells, step.n_changes);

  mark_modified (self);
  update_status (self);
  update_actions (self);

  if (report != NULL)
    *report = step;

  return TRUE;
}

guint64
bitmaze_window_get_seed (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), 0);

  return self->seed;
}

void
bitmaze_window_set_seed (BitmazeWindow *self,
                         guint64        seed)
{
  g_return_if_fail (BITMAZE_IS_WINDOW (self));

  self->seed = seed;
  sync_seed_row (self);
}

void
bitmaze_window_set_maze_size (BitmazeWindow *self,
                              guint          width,
                              guint          height)
{
  g_return_if_fail (BITMAZE_IS_WINDOW (self));

  gtk_adjustment_set_value (self->width_adjustment, width);
  gtk_adjustment_set_value (self->height_adjustment, height);
}

GFile *
bitmaze_window_get_file (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->file;
}

gboolean
bitmaze_window_get_modified (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);

  return self->modified;
}

gboolean
bitmaze_window_load_file (BitmazeWindow  *self,
                          GFile          *file,
                          GError        **error)
{
  g_autofree char *path = NULL;
  const char *value;
  MazeError merror;
  gboolean resume;
  Maze *maze;

  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);
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
    return maze_error_to_gerror (&merror, error);

  stop_steppers (self);
  replace_maze (self, maze);
  self->phase = BITMAZE_PHASE_READY;
  self->has_search = maze_has_search (maze);
  g_set_object (&self->file, file);
  self->modified = FALSE;

  /* Show the recipe the file was made with, where it says. */
  value = maze_meta_get (maze, "generator");
  if (value != NULL && maze_generator_name_valid (value, NULL))
    g_object_set (self, "generator", value, NULL);
  value = maze_meta_get (maze, "seed");
  if (value != NULL)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seed, NULL))
        bitmaze_window_set_seed (self, seed);
    }
  value = maze_meta_get (maze, "solver");
  if (value != NULL && maze_solver_name_valid (value, NULL))
    {
      /* Selecting the solver must not clear the search the file holds. */
      gboolean had_search = self->has_search;

      self->has_search = FALSE;
      g_object_set (self, "solver", value, NULL);
      self->has_search = had_search;
    }
  resume = self->has_search && value != NULL && g_strcmp0 (value, self->solver_name) == 0;

  self->syncing_controls = TRUE;
  gtk_adjustment_set_value (self->width_adjustment, maze_width (maze));
  gtk_adjustment_set_value (self->height_adjustment, maze_height (maze));
  self->syncing_controls = FALSE;

  /* Last: the search may come back on a copy that replaces @maze. */
  if (resume)
    resume_saved_search (self);

  update_title (self);
  update_status (self);
  update_actions (self);

  return TRUE;
}

gboolean
bitmaze_window_save_to_file (BitmazeWindow  *self,
                             GFile          *file,
                             GError        **error)
{
  g_autofree char *path = NULL;
  MazeError merror;

  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);
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

  /* The solver name tells a reader what the search bits in the file are. */
  if (maze_meta_set (self->maze, "solver", self->has_search ? self->solver_name : NULL, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  if (maze_save_file (self->maze, path, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  g_set_object (&self->file, file);
  self->modified = FALSE;
  update_title (self);

  return TRUE;
}

gboolean
bitmaze_window_export_to_file (BitmazeWindow  *self,
                               GFile          *file,
                               GError        **error)
{
  g_autofree char *path = NULL;
  RenderOptions options;
  MazeError merror;
  int format;

  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only files on this computer can be written"));
      return FALSE;
    }

  format = render_format_from_path (path);
  if (format < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The file name must end in .png, .svg or .pdf"));
      return FALSE;
    }

  render_options_init (&options);
  options.show_search = bitmaze_maze_view_get_show_search (self->view);
  options.show_solution = bitmaze_maze_view_get_show_solution (self->view);

  /* Big mazes get smaller cells, so a 2000x2000 export is a picture of a
   * few megabytes made in a moment, not one of gigabytes. */
  render_auto_size (self->maze, &options);

  if (render_to_file (self->maze, &options, path, NULL, &merror) != MAZE_OK)
    return maze_error_to_gerror (&merror, error);

  return TRUE;
}

AdwMessageDialog *
bitmaze_window_get_save_dialog (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->save_dialog;
}

const char *
bitmaze_window_get_last_toast (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->last_toast;
}

const char *
bitmaze_window_get_status_text (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->status_text;
}

const char *
bitmaze_window_get_state_text (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return gtk_label_get_label (self->state_label);
}

gint64
bitmaze_window_take_max_frame_work (BitmazeWindow *self)
{
  gint64 work;

  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), 0);

  work = self->max_frame_work;
  self->max_frame_work = 0;

  return work;
}
