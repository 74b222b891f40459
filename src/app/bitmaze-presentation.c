/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bitmaze-button-content.h"
#include "bitmaze-code-pane.h"
#include "bitmaze-maze-view.h"
#include "bitmaze-presentation.h"

struct _BitmazePresentation
{
  GtkBox           parent_instance;

  BitmazeSession  *session;
  BitmazeMazeView *view;
  BitmazeCodePane *code_pane;
  gboolean         show_code;
  GtkLabel        *state_label;
  GtkLabel        *statement_label;
  GtkLabel        *cell_label;
  AdwButtonContent *run_content;
  GtkImage         *run_image;
  GtkWidget        *lines;
  int              picked;  /* a cell clicked since the last step, or -1 */
  guint            scale;   /* the type's size step: 0, 1 or 2 (style.css) */
  guint            scale_id;
};

G_DEFINE_FINAL_TYPE (BitmazePresentation, bitmaze_presentation, GTK_TYPE_BOX)

/* The cell a step is about: its own cell when it changed it, else the
 * first cell it changed. */
static int
presented_step_cell (const MazeStep *step)
{
  if (step->n_changes == 0)
    return step->kind == MAZE_STEP_NO_PATH ? -1 : (int) step->cell;
  for (unsigned i = 0; i < step->n_changes; i++)
    if (step->changes[i].index == step->cell)
      return (int) step->cell;
  return (int) step->changes[0].index;
}

static void
presentation_update (BitmazePresentation *self)
{
  Maze *maze = self->session != NULL ? bitmaze_session_get_maze (self->session) : NULL;
  const MazeStep *step = maze != NULL ? bitmaze_session_get_last_step (self->session) : NULL;
  g_autoptr (GString) statement = g_string_new (NULL);
  g_autofree char *state = NULL;
  g_autofree char *cell_text = NULL;
  char binary[20], position[32], length[32];
  guint16 word;
  int cell;
  guint k = 0;

  if (maze == NULL)
    return;

  if (step != NULL)
    for (unsigned i = 0; i < step->n_changes; i++)
      g_string_append_printf (statement, "%s%s;", i > 0 ? " " : "", step->changes[i].expr);
  gtk_label_set_label (self->statement_label, statement->len > 0 ? statement->str : "—");

  cell = self->picked;
  if (cell < 0 && step != NULL)
    cell = presented_step_cell (step);
  if (cell < 0 || (guint) cell >= maze_n_cells (maze))
    cell = (int) maze_start (maze);
  word = maze_cells_const (maze)[cell];
  for (int bit = 15; bit >= 0; bit--)
    {
      binary[k++] = (word >> bit) & 1 ? '1' : '0';
      if (bit % 4 == 0 && bit > 0)
        binary[k++] = ' ';
    }
  binary[k] = '\0';
  /* Translators: a cell in the presentation view: its index, its
   * coordinates, then its word in hex and in binary */
  cell_text = g_strdup_printf (_("maze[%u] (%u, %u) = 0x%04X = %s"), (guint) cell,
                               (guint) cell % maze_width (maze), (guint) cell / maze_width (maze),
                               word, binary);
  gtk_label_set_label (self->cell_label, cell_text);

  g_snprintf (position, sizeof position, "%'" G_GUINT64_FORMAT, bitmaze_session_get_position (self->session));
  g_snprintf (length, sizeof length, "%'" G_GUINT64_FORMAT, bitmaze_session_get_length (self->session));
  /* Translators: the presentation view's line under the maze: the step
   * shown and the last step recorded, as the timeline says them */
  state = g_strdup_printf (_("Step %s of %s"), position, length);
  gtk_label_set_label (self->state_label, state);
}

/* A new step: the cell of the step is the one to show. */
static void
presentation_moved_cb (BitmazePresentation *self)
{
  self->picked = -1;
  presentation_update (self);
}

static void
presentation_picked_cb (BitmazePresentation *self)
{
  self->picked = bitmaze_maze_view_get_selected_cell (self->view);
  presentation_update (self);
}

/* Run turns into Pause while it runs, as in the window. */
static void
presentation_running_cb (BitmazePresentation *self)
{
  bitmaze_button_content_show_running (self->run_content, self->run_image,
                                       bitmaze_session_get_running (self->session));
}

/* A button with its icon and its word, or its icon alone where the row
 * lacks the room for the word: on an 800 x 600 projector the words do
 * not all fit in type of 28 pixels, and the view must not grow past the
 * screen. */
static GtkWidget *
big_button (const char        *icon,
            const char        *label,
            const char        *action,
            const char        *tooltip,
            AdwButtonContent **content_out,
            GtkImage         **image_out)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *squeezer = adw_squeezer_new ();
  GtkWidget *content = adw_button_content_new ();
  GtkWidget *image = gtk_image_new_from_icon_name (icon);

  if (content_out != NULL)
    *content_out = ADW_BUTTON_CONTENT (content);
  if (image_out != NULL)
    *image_out = GTK_IMAGE (image);

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), icon);
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  adw_squeezer_set_homogeneous (ADW_SQUEEZER (squeezer), FALSE);
  adw_squeezer_add (ADW_SQUEEZER (squeezer), content);
  adw_squeezer_add (ADW_SQUEEZER (squeezer), image);
  gtk_button_set_child (GTK_BUTTON (button), squeezer);
  bitmaze_button_content_name_button (ADW_BUTTON_CONTENT (content));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_focus_on_click (button, FALSE);
  return button;
}

static GtkLabel *
big_label (BitmazePresentation *self,
           GtkBox              *box,
           const char          *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* Long statements wrap onto a second line rather than get cut. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static void
bitmaze_presentation_dispose (GObject *object)
{
  BitmazePresentation *self = BITMAZE_PRESENTATION (object);

  bitmaze_presentation_set_session (self, NULL);
  g_clear_handle_id (&self->scale_id, g_source_remove);

  G_OBJECT_CLASS (bitmaze_presentation_parent_class)->dispose (object);
}

/* The type grows with the window: 32 px lines read at the back of a room
 * on a 1024 x 768 projector, but look small on a 1920 x 1080 one.  The
 * step is set after a resize, not during its layout (and before the
 * next layout: a big maze being drawn keeps the idle priority waiting). */
static gboolean
apply_scale_cb (gpointer data)
{
  BitmazePresentation *self = data;
  static const char *const classes[] = { NULL, "bitmaze-presentation-large", "bitmaze-presentation-huge" };

  self->scale_id = 0;
  for (guint i = 1; i < G_N_ELEMENTS (classes); i++)
    if (i == self->scale)
      gtk_widget_add_css_class (GTK_WIDGET (self), classes[i]);
    else
      gtk_widget_remove_css_class (GTK_WIDGET (self), classes[i]);
  return G_SOURCE_REMOVE;
}

/* The window's size, not the view's: a box is laid out by its layout
 * manager, without a size_allocate of its own to watch. */
static void
window_size_cb (BitmazePresentation *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  int width = 0, height = 0;
  guint scale;

  if (!GTK_IS_WINDOW (root))
    return;
  gtk_window_get_default_size (GTK_WINDOW (root), &width, &height);
  scale = height >= 1300 && width >= 2200 ? 2 : height >= 900 && width >= 1200 ? 1 : 0;
  if (scale != self->scale)
    {
      self->scale = scale;
      if (self->scale_id == 0)
        self->scale_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_scale_cb, self, NULL);
    }
}

static void
bitmaze_presentation_map (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  GTK_WIDGET_CLASS (bitmaze_presentation_parent_class)->map (widget);
  g_signal_connect_object (root, "notify::default-width", G_CALLBACK (window_size_cb), widget,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (root, "notify::default-height", G_CALLBACK (window_size_cb), widget,
                           G_CONNECT_SWAPPED);
  window_size_cb (BITMAZE_PRESENTATION (widget));
}

static void
bitmaze_presentation_unmap (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), window_size_cb, widget);
  GTK_WIDGET_CLASS (bitmaze_presentation_parent_class)->unmap (widget);
}

static void
bitmaze_presentation_class_init (BitmazePresentationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_presentation_dispose;
  GTK_WIDGET_CLASS (klass)->map = bitmaze_presentation_map;
  GTK_WIDGET_CLASS (klass)->unmap = bitmaze_presentation_unmap;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "bitmaze-presentation");
}

static void
bitmaze_presentation_init (BitmazePresentation *self)
{
  GtkBox *box = GTK_BOX (self);
  GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *first = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *leave;

  self->picked = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);

  self->view = BITMAZE_MAZE_VIEW (bitmaze_maze_view_new ());
  bitmaze_maze_view_set_high_contrast (self->view, TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view), "help");
  /* the Code pane beside the maze, when it is on */
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_widget_set_vexpand (row, TRUE);
    gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->view));
    self->code_pane = BITMAZE_CODE_PANE (bitmaze_code_pane_new ());
    bitmaze_code_pane_set_show_comments (self->code_pane, FALSE);
    gtk_widget_add_css_class (GTK_WIDGET (self->code_pane), "bitmaze-code-large");
    gtk_widget_set_visible (GTK_WIDGET (self->code_pane), FALSE);
    gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->code_pane));
    gtk_box_append (box, row);
  }
  g_signal_connect_swapped (self->view, "notify::selected-cell", G_CALLBACK (presentation_picked_cb), self);

  gtk_widget_add_css_class (lines, "bitmaze-presentation-lines");
  self->statement_label = big_label (self, GTK_BOX (first), "bitmaze-presentation-statement");
  gtk_widget_set_hexpand (GTK_WIDGET (self->statement_label), TRUE);
  self->state_label = big_label (self, GTK_BOX (first), "bitmaze-presentation-state");
  gtk_label_set_xalign (self->state_label, 1);
  gtk_widget_set_valign (GTK_WIDGET (self->state_label), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (lines), first);
  self->cell_label = big_label (self, GTK_BOX (lines), "bitmaze-presentation-cell");
  gtk_box_append (box, lines);
  self->lines = lines;

  gtk_widget_add_css_class (bar, "bitmaze-presentation-bar");
  gtk_box_append (GTK_BOX (bar), big_button ("media-skip-backward-symbolic", _("_Back"), "win.step-back",
                                             _("Step Back (Left or Shift+S)"), NULL, NULL));
  gtk_box_append (GTK_BOX (bar), big_button ("media-skip-forward-symbolic", _("_Step"), "win.step",
                                             _("Do One Step (S)"), NULL, NULL));
  gtk_box_append (GTK_BOX (bar), big_button ("media-playback-start-symbolic", _("_Run"), "win.run",
                                             _("Run or Pause (R)"), &self->run_content, &self->run_image));
  gtk_box_append (GTK_BOX (bar), big_button ("edit-clear-symbolic", _("Rese_t"), "win.reset",
                                             _("Clear the Search"), NULL, NULL));
  leave = big_button ("view-restore-symbolic", _("_Leave"), "win.escape",
                      _("Leave the Presentation View (Escape)"), NULL, NULL);
  gtk_widget_set_hexpand (leave, TRUE);
  gtk_widget_set_halign (leave, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (bar), leave);
  gtk_box_append (box, bar);
}

void
bitmaze_presentation_set_session (BitmazePresentation *self,
                                  BitmazeSession      *session)
{
  g_return_if_fail (BITMAZE_IS_PRESENTATION (self));
  g_return_if_fail (session == NULL || BITMAZE_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  bitmaze_maze_view_set_session (self->view, session);
  bitmaze_code_pane_set_session (self->code_pane, self->show_code ? session : NULL);
  if (session == NULL)
    return;

  g_signal_connect_swapped (session, "moved", G_CALLBACK (presentation_moved_cb), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (presentation_moved_cb), self);
  g_signal_connect_swapped (session, "cells-changed", G_CALLBACK (presentation_update), self);
  g_signal_connect_swapped (session, "maze-changed", G_CALLBACK (presentation_update), self);
  g_signal_connect_swapped (session, "notify::running", G_CALLBACK (presentation_running_cb), self);
  presentation_moved_cb (self);
  presentation_running_cb (self);
}

void
bitmaze_presentation_set_show_code (BitmazePresentation *self,
                                    gboolean             show)
{
  g_return_if_fail (BITMAZE_IS_PRESENTATION (self));

  self->show_code = !!show;
  gtk_widget_set_visible (GTK_WIDGET (self->code_pane), self->show_code);
  bitmaze_code_pane_set_session (self->code_pane, self->show_code ? self->session : NULL);
}

const char *
bitmaze_presentation_get_text (BitmazePresentation *self,
                               const char          *which)
{
  g_return_val_if_fail (BITMAZE_IS_PRESENTATION (self), NULL);

  if (g_str_equal (which, "statement"))
    return gtk_label_get_label (self->statement_label);
  if (g_str_equal (which, "cell"))
    return gtk_label_get_label (self->cell_label);
  if (g_str_equal (which, "state"))
    return gtk_label_get_label (self->state_label);
  return NULL;
}

BitmazeMazeView *
bitmaze_presentation_get_view (BitmazePresentation *self)
{
  g_return_val_if_fail (BITMAZE_IS_PRESENTATION (self), NULL);

  return self->view;
}

/* GTK 4.8 loses the actions of a moved widget's buttons: they stay
 * insensitive, whatever their actions say.  Naming each action again
 * makes the button look it up where the widget is now. */
static void
renew_actions (GtkWidget *widget)
{
  if (GTK_IS_ACTIONABLE (widget) && gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) != NULL)
    {
      g_autofree char *name = g_strdup (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (widget), NULL);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (widget), name);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    renew_actions (child);
}

void
bitmaze_presentation_move_bar (BitmazePresentation *self,
                               GtkWidget           *bar,
                               gboolean             here,
                               GtkBox              *home,
                               GtkWidget           *home_sibling)
{
  g_return_if_fail (BITMAZE_IS_PRESENTATION (self));
  g_return_if_fail (GTK_IS_WIDGET (bar));
  g_return_if_fail (GTK_IS_BOX (home));

  g_object_ref (bar);
  if (gtk_widget_get_parent (bar) != NULL)
    gtk_widget_unparent (bar);
  if (here)
    gtk_box_insert_child_after (GTK_BOX (self), bar, self->lines);
  else
    gtk_box_insert_child_after (home, bar, home_sibling);
  renew_actions (bar);
  g_object_unref (bar);
}
