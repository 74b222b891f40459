/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-play.c: Play mode, the maze walked by hand.
 *
 * The player's walk is the engine's (maze_play_move), done through the
 * session: a depth-first search done by a person, written into the same
 * solution and backtrack nibbles as the DFS solver, so every move is
 * reported on the session's ::edited like a step and the bit inspector
 * explains it.  This file only turns keys, clicks and drags into
 * directions, shows the trail, the move counter and the clock, and
 * compares the result with the shortest path.
 *
 * The bar is a widget the window places below the maze; the win.play
 * action lives on the window so the header's toggle and the shortcuts
 * reach it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-play.h"

/* How long the view shows it bumped into a wall. */
#define BUMP_MS 160

struct _BitmazePlay
{
  GtkWidget        parent_instance;

  BitmazeSession  *session;
  GtkWidget       *window;  /* not owned: the bar lives inside it */
  BitmazeMazeView *view;
  GSimpleAction   *action;

  gboolean         active;
  gboolean         begun;     /* the walk is set up on the current maze */
  gboolean         finished;
  gboolean         dragging;
  gboolean         saved_show_solution;
  guint32          position;
  guint            moves;
  gint64           started;   /* monotonic µs of the first move, 0 before */
  gint64           elapsed;   /* µs, frozen at the goal */
  guint            clock_id;
  guint            bump_id;
  GArray          *trail;

  GtkLabel        *moves_label;
  GtkLabel        *time_label;
  GtkLabel        *message_label;
  GtkButton       *again_button;
  GtkButton       *new_button;
  char            *announcement;
};

G_DEFINE_FINAL_TYPE (BitmazePlay, bitmaze_play, GTK_TYPE_WIDGET)

static void update_bar (BitmazePlay *self);

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

static Maze *
play_maze (BitmazePlay *self)
{
  return self->session != NULL ? bitmaze_session_get_maze (self->session) : NULL;
}

static gboolean
building (BitmazePlay *self)
{
  return bitmaze_session_get_phase (self->session) == BITMAZE_PHASE_BUILDING;
}

static void
format_time (char   *buf,
             gsize   len,
             gint64  us)
{
  gint64 s = us / G_USEC_PER_SEC;

  if (s >= 3600)
    g_snprintf (buf, len, "%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  else
    g_snprintf (buf, len, "%d:%02d", (int) (s / 60), (int) (s % 60));
}

static gint64
elapsed_us (BitmazePlay *self)
{
  if (self->finished || self->started == 0)
    return self->elapsed;
  return g_get_monotonic_time () - self->started;
}

static void
stop_clock (BitmazePlay *self)
{
  g_clear_handle_id (&self->clock_id, g_source_remove);
}

static gboolean
clock_cb (gpointer data)
{
  BitmazePlay *self = data;
  char buf[32];

  format_time (buf, sizeof buf, elapsed_us (self));
  gtk_label_set_label (self->time_label, buf);
  return G_SOURCE_CONTINUE;
}

/* Tells assistive technology where the player is: the view's description
 * (GTK 4.8 has no announce call) and the bar's live label. */
static void
announce_position (BitmazePlay *self)
{
  static const char *const names[4] = { N_("north"), N_("east"), N_("south"), N_("west") };
  Maze *maze = play_maze (self);
  g_autoptr (GString) open = g_string_new (NULL);
  uint32_t mw;
  uint16_t cell;

  if (maze == NULL)
    return;
  mw = maze_width (maze);
  cell = maze_cells_const (maze)[self->position];
  for (int k = 0; k < 4; k++)
    {
      uint16_t dir = MAZE_DIRECTIONS[k];

      if (!maze_cell_is_open (cell, dir) || maze_cell_on_border (cell, dir))
        continue;
      if (open->len > 0)
        g_string_append (open, ", ");
      g_string_append (open, _(names[k]));
    }

  g_free (self->announcement);
  if (open->len == 0)
    self->announcement = g_strdup_printf (_("Player at (%u, %u), walled in."),
                                          self->position % mw, self->position / mw);
  else
    /* Translators: the player's column and row, then the open directions,
     * e.g. "Player at (3, 4), open to east, south." */
    self->announcement = g_strdup_printf (_("Player at (%u, %u), open to %s."),
                                          self->position % mw, self->position / mw,
                                          open->str);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->announcement,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->announcement,
                                  -1);
}

/* The path walked, from the engine's solution bits, as the view's trail. */
static void
show_trail (BitmazePlay *self)
{
  Maze *maze = play_maze (self);
  int64_t n;

  if (maze == NULL || !self->active)
    {
      g_array_set_size (self->trail, 0);
      bitmaze_maze_view_set_trail (self->view, NULL, 0);
      return;
    }
  n = maze_play_path (maze, self->position, NULL, 0);
  if (n < 0)
    n = 0;
  g_array_set_size (self->trail, (guint) n + 1);
  if (maze_play_path (maze, self->position, (uint32_t *) (gpointer) self->trail->data, (size_t) n + 1) < 0)
    g_array_index (self->trail, uint32_t, 0) = self->position;
  bitmaze_maze_view_set_trail (self->view, (const uint32_t *) (gpointer) self->trail->data,
                               self->trail->len);
}

/* Sets the walk up on the session's maze: the player on the start, the
 * search and its bits cleared. */
static gboolean
begin_walk (BitmazePlay *self)
{
  guint32 position;

  if (play_maze (self) == NULL || !bitmaze_session_play_begin (self->session, &position))
    return FALSE;

  self->position = position;
  self->begun = TRUE;
  self->finished = FALSE;
  self->moves = 0;
  self->started = 0;
  self->elapsed = 0;
  stop_clock (self);
  show_trail (self);
  announce_position (self);
  update_bar (self);
  return TRUE;
}

/* The walk is usable: begun on this maze, and nobody cleared the bits
 * (an edit, Reset) since. */
static gboolean
ensure_walk (BitmazePlay *self)
{
  Maze *maze = play_maze (self);

  if (!self->active || maze == NULL)
    return FALSE;
  if (building (self))
    return FALSE;
  if (!self->begun || self->position >= maze_n_cells (maze)
      || maze_play_path (maze, self->position, NULL, 0) < 0)
    return begin_walk (self);
  return TRUE;
}

static gboolean
bump_done_cb (gpointer data)
{
  BitmazePlay *self = data;

  self->bump_id = 0;
  gtk_widget_remove_css_class (GTK_WIDGET (self->view), "bump");
  return G_SOURCE_REMOVE;
}

/* A short flash of the view's outline: felt, not heard. */
static void
bump (BitmazePlay *self)
{
  g_clear_handle_id (&self->bump_id, g_source_remove);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "bump");
  self->bump_id = g_timeout_add (BUMP_MS, bump_done_cb, self);
}

static void
reach_goal (BitmazePlay *self)
{
  self->finished = TRUE;
  self->elapsed = self->started != 0 ? g_get_monotonic_time () - self->started : 0;
  stop_clock (self);
}

static gboolean
move_quietly (BitmazePlay *self,
              uint16_t     dir,
              gboolean     bump_on_wall)
{
  Maze *maze;
  MazeStep report;

  if (!ensure_walk (self) || self->finished)
    return FALSE;
  maze = play_maze (self);

  if (!bitmaze_session_play_move (self->session, &self->position, dir, &report))
    {
      if (bump_on_wall)
        bump (self);
      return FALSE;
    }

  self->moves++;
  if (self->started == 0)
    {
      self->started = g_get_monotonic_time ();
      self->clock_id = g_timeout_add (1000, clock_cb, self);
    }
  if (self->position == maze_goal (maze))
    reach_goal (self);

  /* The selection follows the player, so the bit inspector shows the
   * cell the player stands on. */
  bitmaze_maze_view_set_selected_cell (self->view, (int) self->position);
  show_trail (self);
  announce_position (self);
  update_bar (self);
  return TRUE;
}

gboolean
bitmaze_play_move (BitmazePlay *self,
                   guint        dir)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), FALSE);

  if (maze_dir_index ((uint16_t) dir) < 0)
    return FALSE;
  return move_quietly (self, (uint16_t) dir, TRUE);
}

/* One step back along the way the player came (the DFS backtrack). */
static gboolean
step_back (BitmazePlay *self)
{
  Maze *maze = play_maze (self);
  uint16_t back;

  if (!ensure_walk (self) || self->finished)
    return FALSE;
  back = maze_cell_backtrack (maze_cells_const (maze)[self->position]);
  if (back == 0)
    {
      bump (self);
      return FALSE;
    }
  return move_quietly (self, back, TRUE);
}

/* ------------------------------------------------------------------ */
/* The bar                                                             */
/* ------------------------------------------------------------------ */

static void
update_bar (BitmazePlay *self)
{
  g_autofree char *moves = NULL;
  g_autofree char *message = NULL;
  char time[32];
  Maze *maze = play_maze (self);

  gtk_widget_set_visible (GTK_WIDGET (self), self->active);
  g_simple_action_set_enabled (self->action, maze != NULL);

  /* Translators: the move counter of Play mode */
  moves = g_strdup_printf (ngettext ("%u move", "%u moves", self->moves), self->moves);
  gtk_label_set_label (self->moves_label, moves);
  format_time (time, sizeof time, elapsed_us (self));
  gtk_label_set_label (self->time_label, time);

  if (self->finished && maze != NULL)
    {
      MazeStats stats;
      MazeError error;

      if (maze_stats (maze, &stats, &error) == MAZE_OK && stats.solution_length >= 0)
        {
          g_autofree char *walked = g_strdup_printf (ngettext ("Goal reached in %u move",
                                                               "Goal reached in %u moves",
                                                               self->moves),
                                                     self->moves);
          g_autofree char *best = g_strdup_printf (ngettext ("the shortest path is %u move",
                                                             "the shortest path is %u moves",
                                                             (gulong) stats.solution_length),
                                                   (guint) stats.solution_length);

          /* Translators: "Goal reached in 52 moves; the shortest path is
           * 40 moves." */
          message = g_strdup_printf (_("%s; %s."), walked, best);
        }
      else
        message = g_strdup (_("Goal reached."));
    }
  else if (maze != NULL && building (self))
    message = g_strdup (_("The maze is still being built"));
  else
    message = g_strdup (_("Walk to the goal with the arrow keys or WASD; Backspace steps back"));

  gtk_label_set_label (self->message_label, message);
  /* The result says the moves itself. */
  gtk_widget_set_visible (GTK_WIDGET (self->moves_label), !self->finished);
  /* a narrow window ellipsizes it: the whole text is in the tooltip */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), message);
  if (self->finished)
    {
      g_free (self->announcement);
      self->announcement = g_strdup (message);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, message, -1);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->again_button), self->finished);
  gtk_widget_set_visible (GTK_WIDGET (self->new_button), self->finished);
  if (self->finished)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "finished");
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self), "finished");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
    }
}

static void
again_clicked_cb (BitmazePlay *self)
{
  begin_walk (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
new_clicked_cb (BitmazePlay *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.new", NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* ------------------------------------------------------------------ */
/* Turning Play mode on and off                                        */
/* ------------------------------------------------------------------ */

gboolean
bitmaze_play_get_active (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), FALSE);

  return self->active;
}

void
bitmaze_play_set_active (BitmazePlay *self,
                         gboolean     active)
{
  g_return_if_fail (BITMAZE_IS_PLAY (self));

  active = !!active;
  if (active == self->active)
    return;
  if (active && play_maze (self) == NULL)
    return;

  self->active = active;
  g_simple_action_set_state (self->action, g_variant_new_boolean (active));

  if (active)
    {
      if (bitmaze_maze_view_get_edit_mode (self->view))
        bitmaze_maze_view_set_edit_mode (self->view, FALSE);
      /* The trail shows the path walked; the solution line would repeat
       * it in another colour. */
      self->saved_show_solution = bitmaze_maze_view_get_show_solution (self->view);
      bitmaze_maze_view_set_show_solution (self->view, FALSE);
      self->begun = FALSE;
      ensure_walk (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->view));
    }
  else
    {
      stop_clock (self);
      self->begun = FALSE;
      self->finished = FALSE;
      self->dragging = FALSE;
      show_trail (self);
      bitmaze_maze_view_set_show_solution (self->view, self->saved_show_solution);
    }
  update_bar (self);
}

static void
play_change_state_cb (GSimpleAction *action,
                      GVariant      *state,
                      BitmazePlay   *self)
{
  bitmaze_play_set_active (self, g_variant_get_boolean (state));
}

static void
maze_changed_cb (BitmazePlay *self)
{
  self->begun = FALSE;
  self->finished = FALSE;
  self->moves = 0;
  self->started = 0;
  self->elapsed = 0;
  stop_clock (self);
  if (play_maze (self) == NULL && self->active)
    {
      bitmaze_play_set_active (self, FALSE);
      return;
    }
  if (self->active)
    ensure_walk (self);
  update_bar (self);
}

/* A step of a build or a search means the stepper took the bits over. */
static void
session_stepped_cb (BitmazePlay *self)
{
  if (!self->active)
    return;
  if (building (self))
    {
      /* a new maze being built step by step: walk it once it is done */
      self->begun = FALSE;
      update_bar (self);
      return;
    }
  if (bitmaze_session_get_running (self->session) || bitmaze_session_get_length (self->session) > 0)
    bitmaze_play_set_active (self, FALSE);
}

static void
edit_mode_cb (BitmazePlay *self)
{
  if (bitmaze_maze_view_get_edit_mode (self->view))
    bitmaze_play_set_active (self, FALSE);
}

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

static gboolean
focus_in_text (BitmazePlay *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (self->window));

  return focus != NULL && GTK_IS_EDITABLE (focus);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                BitmazePlay           *self)
{
  uint16_t dir = 0;

  if (!self->active || focus_in_text (self))
    return FALSE;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_w: case GDK_KEY_W:
      dir = MAZE_N;
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: case GDK_KEY_d: case GDK_KEY_D:
      dir = MAZE_E;
      break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: case GDK_KEY_s: case GDK_KEY_S:
      dir = MAZE_S;
      break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_a: case GDK_KEY_A:
      dir = MAZE_W;
      break;
    case GDK_KEY_BackSpace:
      step_back (self);
      return TRUE;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
      /* on the maze Enter would move the start; at the goal, play again */
      if (gtk_root_get_focus (gtk_widget_get_root (self->window)) != GTK_WIDGET (self->view))
        return FALSE;
      if (self->finished)
        begin_walk (self);
      return TRUE;
    default:
      return FALSE;
    }

  move_quietly (self, dir, TRUE);
  return TRUE;
}

/* The direction from cell @from to its neighbour @to, 0 if not neighbours. */
static uint16_t
direction_to (const Maze *maze,
              uint32_t    from,
              uint32_t    to)
{
  for (int k = 0; k < 4; k++)
    if (maze_neighbor (maze, from, MAZE_DIRECTIONS[k]) == to)
      return MAZE_DIRECTIONS[k];
  return 0;
}

/* Walks towards @target along its row or column while the way is open
 * (a fast drag skips cells between two motion events). */
static void
walk_towards (BitmazePlay *self,
              uint32_t     target,
              gboolean     bump_on_wall)
{
  Maze *maze = play_maze (self);
  uint32_t mw = maze_width (maze);

  for (guint guard = 0; guard < mw + maze_height (maze) && self->position != target; guard++)
    {
      uint32_t px = self->position % mw, py = self->position / mw;
      uint32_t tx = target % mw, ty = target / mw;
      uint16_t dir;

      if (py == ty)
        dir = tx > px ? MAZE_E : MAZE_W;
      else if (px == tx)
        dir = ty > py ? MAZE_S : MAZE_N;
      else
        return;
      if (!move_quietly (self, dir, bump_on_wall))
        return;
    }
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BitmazePlay    *self)
{
  Maze *maze = play_maze (self);
  int cell;

  self->dragging = FALSE;
  if (!self->active || maze == NULL || !ensure_walk (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  cell = bitmaze_maze_view_cell_at_point (self->view, x, y);
  if (cell < 0)
    {
      /* the margin: let the view pan */
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  /* Claimed, so the view's click does not move the start. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
  if ((uint32_t) cell == self->position)
    self->dragging = TRUE;
  else if (direction_to (maze, self->position, (uint32_t) cell) != 0)
    self->dragging = move_quietly (self, direction_to (maze, self->position, (uint32_t) cell), TRUE);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                BitmazePlay    *self)
{
  Maze *maze = play_maze (self);
  double x, y;
  int cell;

  if (!self->dragging || maze == NULL || self->finished)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  cell = bitmaze_maze_view_cell_at_point (self->view, x + dx, y + dy);
  if (cell < 0 || (uint32_t) cell == self->position)
    return;
  /* Along passages only: a wall stops the drag without a bump each
   * motion event. */
  walk_towards (self, (uint32_t) cell, FALSE);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             BitmazePlay    *self)
{
  self->dragging = FALSE;
}

static gboolean
toggle_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  BitmazePlay *self = user_data;

  if (focus_in_text (self) && args == NULL)
    return FALSE;
  if (!g_action_get_enabled (G_ACTION (self->action)))
    return FALSE;
  bitmaze_play_set_active (self, !self->active);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_play_dispose (GObject *object)
{
  BitmazePlay *self = BITMAZE_PLAY (object);
  GtkWidget *child;

  stop_clock (self);
  g_clear_handle_id (&self->bump_id, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->action);

  G_OBJECT_CLASS (bitmaze_play_parent_class)->dispose (object);
}

static void
bitmaze_play_finalize (GObject *object)
{
  BitmazePlay *self = BITMAZE_PLAY (object);

  g_clear_object (&self->session);
  g_clear_pointer (&self->trail, g_array_unref);
  g_clear_pointer (&self->announcement, g_free);

  G_OBJECT_CLASS (bitmaze_play_parent_class)->finalize (object);
}

static void
bitmaze_play_class_init (BitmazePlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_play_dispose;
  object_class->finalize = bitmaze_play_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bitmaze-play-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static GtkLabel *
add_label (BitmazePlay *self,
           const char  *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return GTK_LABEL (label);
}

static void
bitmaze_play_init (BitmazePlay *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *button;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (widget)),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (widget)), 12);
  gtk_widget_add_css_class (widget, "toolbar");
  gtk_widget_set_visible (widget, FALSE);

  self->trail = g_array_new (FALSE, FALSE, sizeof (uint32_t));

  self->moves_label = add_label (self, "heading");
  self->time_label = add_label (self, "numeric");
  self->message_label = add_label (self, "dim-label");
  gtk_widget_set_hexpand (GTK_WIDGET (self->message_label), TRUE);
  gtk_label_set_ellipsize (self->message_label, PANGO_ELLIPSIZE_END);

  button = gtk_button_new_from_icon_name ("view-refresh-symbolic");
  gtk_widget_set_tooltip_text (button, _("Play Again"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Play Again"), -1);
  gtk_widget_set_parent (button, widget);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (again_clicked_cb), self);
  self->again_button = GTK_BUTTON (button);

  button = gtk_button_new_with_mnemonic (_("_New Maze"));
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_set_parent (button, widget);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (new_clicked_cb), self);
  self->new_button = GTK_BUTTON (button);

  button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_tooltip_text (button, _("Stop Playing"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Stop Playing"), -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.play");
  gtk_widget_set_parent (button, widget);

  self->action = g_simple_action_new_stateful ("play", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect (self->action, "change-state", G_CALLBACK (play_change_state_cb), self);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

BitmazePlay *
bitmaze_play_new (BitmazeSession  *session,
                  BitmazeMazeView *view,
                  GtkWidget       *window)
{
  BitmazePlay *self;
  GtkEventController *keys;
  GtkEventController *shortcuts;
  GtkGesture *drag;
  static const char *const triggers[] = { "p", "<Control><Shift>p" };

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (view), NULL);
  g_return_val_if_fail (G_IS_ACTION_MAP (window), NULL);

  self = g_object_new (BITMAZE_TYPE_PLAY, NULL);
  self->session = g_object_ref (session);
  self->window = window;
  self->view = view;

  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->action));

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (window, keys);

  shortcuts = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (triggers); i++)
    {
      GtkShortcut *shortcut =
        gtk_shortcut_new (gtk_shortcut_trigger_parse_string (triggers[i]),
                          gtk_callback_action_new (toggle_shortcut_cb, self, NULL));

      /* Ctrl+Shift+P works in text fields too; a bare P types a "p". */
      if (i > 0)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_boolean (TRUE));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), shortcut);
    }
  gtk_widget_add_controller (window, shortcuts);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect_object (session, "notify::maze", G_CALLBACK (maze_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "step-done", G_CALLBACK (session_stepped_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::running", G_CALLBACK (session_stepped_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::edit-mode", G_CALLBACK (edit_mode_cb), self, G_CONNECT_SWAPPED);

  update_bar (self);
  return self;
}

guint
bitmaze_play_get_position (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), 0);

  return self->position;
}

guint
bitmaze_play_get_moves (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), 0);

  return self->moves;
}

gboolean
bitmaze_play_get_finished (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), FALSE);

  return self->finished;
}

const char *
bitmaze_play_get_message (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), NULL);

  return gtk_label_get_label (self->message_label);
}

const char *
bitmaze_play_get_announcement (BitmazePlay *self)
{
  g_return_val_if_fail (BITMAZE_IS_PLAY (self), NULL);

  return self->announcement;
}
