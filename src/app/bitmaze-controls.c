/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "bitmaze-controls.h"
#include "bitmaze-shape-row.h"

struct _BitmazeControls
{
  GtkBox           parent_instance;

  BitmazeSession  *session;
  gboolean         syncing;

  /* Template widgets */
  AdwComboRow     *generator_row;
  AdwComboRow     *placement_row;
  AdwActionRow    *parameter_row;
  BitmazeShapeRow *shape_row;
  GtkAdjustment   *parameter_adjustment;
  GtkAdjustment   *width_adjustment;
  GtkAdjustment   *height_adjustment;
  GtkAdjustment   *loops_adjustment;
  AdwEntryRow     *seed_row;
  GtkSwitch       *animate_switch;
  AdwComboRow     *solver_row;
  AdwActionRow    *speed_row;
  GtkAdjustment   *speed_adjustment;
};

G_DEFINE_FINAL_TYPE (BitmazeControls, bitmaze_controls, GTK_TYPE_BOX)

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
/* The algorithm rows                                                  */
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
selected_generator (BitmazeControls *self)
{
  guint selected = adw_combo_row_get_selected (self->generator_row);

  if (selected >= registry_length (maze_generators))
    return NULL;
  return maze_generators[selected];
}

/* The full name the controls show: the generator and its parameter (a
 * fraction is shown in percent). */
static char *
build_generator_name (BitmazeControls *self)
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
sync_parameter_row (BitmazeControls     *self,
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
/* From the session to the rows                                        */
/* ------------------------------------------------------------------ */

static void
session_generator_cb (BitmazeControls *self)
{
  const MazeAlgorithm *algorithm;
  double value;

  algorithm = maze_algorithm_find (maze_generators, bitmaze_session_get_generator (self->session), &value, NULL);
  if (algorithm == NULL)
    return;

  self->syncing = TRUE;
  adw_combo_row_set_selected (self->generator_row, registry_index (maze_generators, algorithm));
  sync_parameter_row (self, algorithm, value);
  self->syncing = FALSE;
}

static void
session_solver_cb (BitmazeControls *self)
{
  const MazeAlgorithm *algorithm = maze_algorithm_find (maze_solvers, bitmaze_session_get_solver (self->session),
                                                        NULL, NULL);

  if (algorithm == NULL)
    return;
  self->syncing = TRUE;
  adw_combo_row_set_selected (self->solver_row, registry_index (maze_solvers, algorithm));
  self->syncing = FALSE;
}

static void
session_seed_cb (BitmazeControls *self)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, bitmaze_session_get_seed (self->session));

  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
}

/* ------------------------------------------------------------------ */
/* From the rows to the session                                        */
/* ------------------------------------------------------------------ */

static void
generator_selected_cb (BitmazeControls *self)
{
  const MazeAlgorithm *algorithm = selected_generator (self);
  g_autofree char *name = NULL;

  if (self->syncing || self->session == NULL || algorithm == NULL)
    return;

  self->syncing = TRUE;
  sync_parameter_row (self, algorithm, algorithm->param.fallback);
  self->syncing = FALSE;

  name = build_generator_name (self);
  g_object_set (self->session, "generator", name, NULL);
}

static void
parameter_changed_cb (BitmazeControls *self)
{
  g_autofree char *name = NULL;

  if (self->syncing || self->session == NULL)
    return;

  name = build_generator_name (self);
  g_object_set (self->session, "generator", name, NULL);
}

static void
solver_selected_cb (BitmazeControls *self)
{
  guint selected = adw_combo_row_get_selected (self->solver_row);

  if (self->syncing || self->session == NULL || selected >= registry_length (maze_solvers))
    return;

  g_object_set (self->session, "solver", maze_solvers[selected]->name, NULL);
}

static void
seed_apply_cb (BitmazeControls *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seed_row))));
  guint64 seed;

  if (self->session == NULL)
    return;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

      gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
      if (overlay != NULL)
        adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay),
                                     adw_toast_new (_("The seed must be a whole number from 0 to 18446744073709551615")));
      return;
    }

  bitmaze_session_set_seed (self->session, seed);
  session_seed_cb (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.generate", NULL);
}

static void
speed_changed_cb (BitmazeControls *self)
{
  double value = gtk_adjustment_get_value (self->speed_adjustment);
  g_autofree char *text = NULL;

  if (value >= BITMAZE_SPEED_MAX - 1e-6)
    text = g_strdup (_("As fast as possible"));
  else
    {
      double rate = pow (10.0, value);
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

static void
bitmaze_controls_dispose (GObject *object)
{
  BitmazeControls *self = BITMAZE_CONTROLS (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_CONTROLS);

  G_OBJECT_CLASS (bitmaze_controls_parent_class)->dispose (object);
}

static void
bitmaze_controls_class_init (BitmazeControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_controls_dispose;

  g_type_ensure (BITMAZE_TYPE_SHAPE_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-controls.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, generator_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, parameter_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, shape_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, placement_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, parameter_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, width_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, height_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, loops_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, seed_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, solver_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, speed_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeControls, speed_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, generator_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, parameter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, solver_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed_cb);
}

static void
bitmaze_controls_init (BitmazeControls *self)
{
  g_autoptr (GListModel) generator_model = registry_labels (maze_generators);
  g_autoptr (GListModel) solver_model = registry_labels (maze_solvers);

  gtk_widget_init_template (GTK_WIDGET (self));

  adw_combo_row_set_model (self->generator_row, generator_model);
  adw_combo_row_set_model (self->solver_row, solver_model);
  use_full_name_list (self->generator_row);
  use_full_name_list (self->solver_row);
  use_full_name_list (ADW_COMBO_ROW (self->shape_row));
  speed_changed_cb (self);
}

/* The placement's name <-> its row, in the order of MazePlacement. */
static gboolean
placement_to_row (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  int placement = maze_placement_from_name (g_value_get_string (from));

  if (placement < 0)
    return FALSE;
  g_value_set_uint (to, (guint) placement);
  return TRUE;
}

static gboolean
row_to_placement (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  guint selected = g_value_get_uint (from);

  if (selected > MAZE_PLACE_FAR)
    return FALSE;
  g_value_set_string (to, maze_placement_name ((MazePlacement) selected));
  return TRUE;
}

void
bitmaze_controls_set_session (BitmazeControls *self,
                              BitmazeSession  *session)
{
  static const char *const numbers[] = { "width", "height", "loops", "speed" };
  GtkAdjustment *adjustments[G_N_ELEMENTS (numbers)];

  g_return_if_fail (BITMAZE_IS_CONTROLS (self));
  g_return_if_fail (BITMAZE_IS_SESSION (session));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  adjustments[0] = self->width_adjustment;
  adjustments[1] = self->height_adjustment;
  adjustments[2] = self->loops_adjustment;
  adjustments[3] = self->speed_adjustment;
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    g_object_bind_property (session, numbers[i], adjustments[i], "value",
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (session, "animate", self->animate_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* The row shows the shape of a maze the session opened (its own, or
   * one it had when this window was made for it) and sets the next one's. */
  if (bitmaze_session_get_maze (session) != NULL)
    g_object_bind_property (session, "shape", self->shape_row, "spec",
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  else
    g_object_bind_property (self->shape_row, "spec", session, "shape",
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (session, "placement", self->placement_row, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               placement_to_row, row_to_placement, NULL, NULL);

  g_signal_connect_swapped (session, "notify::generator", G_CALLBACK (session_generator_cb), self);
  g_signal_connect_swapped (session, "notify::solver", G_CALLBACK (session_solver_cb), self);
  g_signal_connect_swapped (session, "notify::seed", G_CALLBACK (session_seed_cb), self);
  session_generator_cb (self);
  session_solver_cb (self);
  session_seed_cb (self);
}

BitmazeShapeRow *
bitmaze_controls_get_shape_row (BitmazeControls *self)
{
  g_return_val_if_fail (BITMAZE_IS_CONTROLS (self), NULL);

  return self->shape_row;
}
