/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-window.c: the window: its layout, actions, keys and dialogs.
 *
 * What the window shows and steps lives in its BitmazeSession; the maze
 * view, the controls, the status line, the bit inspector, play mode and
 * printing each observe the session.  The window only connects them, and
 * turns actions, keys, clicks and dropped files into calls on the session.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-render.h"

#include "bitmaze-button-content.h"
#include "bitmaze-class-actions.h"
#include "bitmaze-controls.h"
#include "bitmaze-export-animation.h"
#include "bitmaze-files.h"
#include "bitmaze-code-pane.h"
#include "bitmaze-inspector.h"
#include "bitmaze-lab-run.h"
#include "bitmaze-lesson.h"
#include "bitmaze-maze-view.h"
#include "bitmaze-play.h"
#include "bitmaze-predict-bar.h"
#include "bitmaze-presentation.h"
#include "bitmaze-print.h"
#include "bitmaze-session.h"
#include "bitmaze-status.h"
#include "bitmaze-tool.h"
#include "bitmaze-timeline.h"
#include "bitmaze-window.h"

struct _BitmazeWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  BitmazeSession       *session;
  BitmazePacer         *pacer;   /* a frame's work, for the session and the view */
  BitmazeFiles         *files;
  BitmazePlay          *play;
  BitmazePredict       *predict;
  BitmazePredictBar    *predict_bar;
  BitmazeInspector     *inspector;
  BitmazeLabRun        *lab_run;
  guint                 tick_id;
  gboolean              show_controls;
  gboolean              docked_controls;  /* show_controls, as last chosen unfolded */
  gboolean              focus_controls;   /* once the folded controls slide in */
  gboolean              closing;  /* the user chose to discard the changes */
  BitmazeTool           tool;
  gboolean              presenting;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  BitmazeMazeView      *view;
  GtkBox               *maze_box;
  GtkScrolledWindow    *maze_scroller;
  AdwFlap              *flap;
  GtkWidget            *sidebar;
  GtkGrid              *step_buttons;
  GtkMenuButton        *tool_menu_button;
  GtkBox               *side_panel;
  BitmazeCodePane      *code_pane;
  gboolean              show_code;
  BitmazeLesson        *lesson;
  GtkWidget            *lesson_target;
  BitmazeControls      *controls;
  BitmazeStatus        *status;
  BitmazeTimeline      *timeline;
  AdwButtonContent     *back_content;
  AdwButtonContent     *step_content;
  AdwButtonContent     *run_content;
  AdwButtonContent     *reset_content;
  GtkImage             *run_image;
  GtkStack             *pages;
  BitmazePresentation  *presentation;
};

G_DEFINE_FINAL_TYPE (BitmazeWindow, bitmaze_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SOLVER,
  PROP_GENERATOR,
  PROP_TOOL,
  PROP_PRESENTING,
  PROP_SHOW_CONTROLS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void set_presenting (BitmazeWindow *self,
                            gboolean       presenting);
static void show_edit_error (BitmazeWindow *self,
                             const GError  *error);
static void set_show_controls (BitmazeWindow *self,
                               gboolean       show);

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static void
show_toast (BitmazeWindow *self,
            const char    *message)
{
  AdwToast *toast = adw_toast_new (message);

  /* The newest message is the one to read, not one queued behind. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* ------------------------------------------------------------------ */
/* Making a maze                                                       */
/* ------------------------------------------------------------------ */

/* A new maze from the recipe, or (@new_seed) from a new seed. */
static void
make_maze (BitmazeWindow *self,
           gboolean       new_seed)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (new_seed)
    ok = bitmaze_session_new_maze (self->session, &error);
  else
    ok = bitmaze_session_generate (self->session, &error);
  if (!ok)
    show_toast (self, error->message);
}

static void
new_maze_now (gpointer data,
              gboolean discarded)
{
  make_maze (data, TRUE);
}

static void
generate_now (gpointer data,
              gboolean discarded)
{
  make_maze (data, FALSE);
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */
/* ------------------------------------------------------------------ */

static void
win_new_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  /* Space during a predict question goes on, never makes a new maze. */
  if (g_str_equal (action_name, "win.new-maze")
      && bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_IDLE)
    {
      bitmaze_predict_go_on (self->predict);
      return;
    }
  bitmaze_files_confirm_discard (self->files, new_maze_now, widget, NULL);
}

static void
win_generate_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  bitmaze_files_confirm_discard (BITMAZE_WINDOW (widget)->files, generate_now, widget, NULL);
}

static void
win_step_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  /* Predict mode: after a reveal, Step (S, Right) goes on. */
  if (bitmaze_predict_go_on (self->predict))
    return;
  bitmaze_session_step (self->session);
}

static void
win_step_back_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  bitmaze_session_step_back (BITMAZE_WINDOW (widget)->session);
}

/* Home and End: the first and the last step the history holds. */
static void
win_history_end_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  BitmazeSession *session = BITMAZE_WINDOW (widget)->session;

  bitmaze_session_set_running (session, FALSE);
  bitmaze_session_seek (session, g_str_equal (action_name, "win.first-step")
                                 ? bitmaze_session_get_first (session)
                                 : bitmaze_session_get_length (session));
}

static void
win_run_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BitmazeSession *session = BITMAZE_WINDOW (widget)->session;

  bitmaze_session_set_running (session, !bitmaze_session_get_running (session));
}

static void
win_stop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  bitmaze_session_set_running (BITMAZE_WINDOW (widget)->session, FALSE);
}

/* The presentation view takes the whole window, full screen, with a view
 * of its own on the session (only while it is shown). */
static void
set_presenting (BitmazeWindow *self,
                gboolean       presenting)
{
  presenting = !!presenting;
  if (presenting == self->presenting)
    return;
  self->presenting = presenting;

  bitmaze_presentation_set_session (self->presentation, presenting ? self->session : NULL);
  bitmaze_presentation_set_show_code (self->presentation, self->show_code);
  /* the class session's answers and how to join, on the class's screen */
  bitmaze_presentation_set_class_server (self->presentation,
                                         presenting ? bitmaze_class_get_server (GTK_WINDOW (self)) : NULL);
  /* the lesson's page goes along, above predict mode's bar */
  bitmaze_presentation_move_bar (self->presentation, GTK_WIDGET (self->lesson), presenting,
                                 self->maze_box, NULL);
  /* Predict mode's bar goes along, its cell questions on the view shown. */
  bitmaze_presentation_move_bar (self->presentation, GTK_WIDGET (self->predict_bar), presenting,
                                 self->maze_box, GTK_WIDGET (self->maze_scroller));
  bitmaze_predict_bar_set_view (self->predict_bar, presenting ? bitmaze_presentation_get_view (self->presentation)
                                                             : self->view);
  bitmaze_predict_bar_set_compact (self->predict_bar, presenting);
  gtk_stack_set_visible_child_name (self->pages, presenting ? "present" : "main");
  if (presenting)
    gtk_window_fullscreen (GTK_WINDOW (self));
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      gtk_widget_grab_focus (GTK_WIDGET (self->view));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTING]);
}

/* Escape: leaves the presentation view, or play mode, or stops Run. */
static void
win_escape_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  if (self->presenting)
    set_presenting (self, FALSE);
  else if (adw_flap_get_folded (self->flap) && self->show_controls)
    set_show_controls (self, FALSE);
  else if (bitmaze_play_get_active (self->play))
    bitmaze_play_set_active (self->play, FALSE);
  else
    bitmaze_session_set_running (self->session, FALSE);
}

/* Undo and Redo of the maze's edits (walls, bits, start and goal). */
static void
win_undo_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (g_str_equal (action_name, "win.undo"))
    bitmaze_session_undo (self->session, &error);
  else
    bitmaze_session_redo (self->session, &error);
  show_edit_error (self, error);
}

static void
win_reset_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  bitmaze_session_reset (BITMAZE_WINDOW (widget)->session);
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
win_run_code_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  bitmaze_lab_run_choose (self->lab_run);
}

static void
win_close_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* ------------------------------------------------------------------ */
/* Following the session: title, actions, Run                          */
/* ------------------------------------------------------------------ */

static void
update_title (BitmazeWindow *self)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  GFile *file = bitmaze_session_get_file (self->session);
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;

  if (file != NULL)
    name = g_file_get_basename (file);
  else
    name = g_strdup (_("Untitled Maze"));

  /* Translators: the mark of a maze with unsaved changes, before its name */
  title = bitmaze_session_get_modified (self->session) ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  /* Translators: the window title: the maze's name, then the app's */
  window_title = g_strdup_printf (_("%s — Bitmaze"), title);

  if (maze != NULL)
    /* Translators: the maze's width and height in cells */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u × %u cell", "%u × %u cells",
                                             maze_n_cells (maze)),
                                maze_width (maze),
                                maze_height (maze));

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void
window_update_actions (BitmazeWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  BitmazeSession *session = self->session;
  gboolean has_maze = bitmaze_session_get_maze (session) != NULL;
  gboolean running = bitmaze_session_get_running (session);

  gtk_widget_action_set_enabled (widget, "win.step", bitmaze_session_can_step (session));
  gtk_widget_action_set_enabled (widget, "win.step-back",
                                 !running && bitmaze_session_get_position (session) > bitmaze_session_get_first (session));
  gtk_widget_action_set_enabled (widget, "win.first-step",
                                 bitmaze_session_get_position (session) > bitmaze_session_get_first (session));
  gtk_widget_action_set_enabled (widget, "win.last-step",
                                 bitmaze_session_get_position (session) < bitmaze_session_get_length (session));
  gtk_widget_action_set_enabled (widget, "win.run", has_maze);
  gtk_widget_action_set_enabled (widget, "win.stop", running);
  gtk_widget_action_set_enabled (widget, "win.reset", bitmaze_session_can_reset (session));
  gtk_widget_action_set_enabled (widget, "win.undo", bitmaze_session_can_undo (session));
  gtk_widget_action_set_enabled (widget, "win.redo", bitmaze_session_can_redo (session));
}

static gboolean
run_tick (GtkWidget     *widget,
          GdkFrameClock *frame_clock,
          gpointer       user_data)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  bitmaze_session_run_frame (self->session, gdk_frame_clock_get_frame_time (frame_clock));
  if (bitmaze_session_get_running (self->session))
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

static void
session_running_cb (BitmazeWindow *self)
{
  gboolean running = bitmaze_session_get_running (self->session);

  if (running && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), run_tick, NULL, NULL);
  else if (!running && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }

  bitmaze_button_content_show_running (self->run_content, self->run_image, running);
  window_update_actions (self);
}

static void
session_message_cb (BitmazeWindow *self,
                    const char    *message)
{
  show_toast (self, message);
}

/* ------------------------------------------------------------------ */
/* Pointer tools                                                       */
/* ------------------------------------------------------------------ */

static void
set_tool (BitmazeWindow *self,
          const char    *name)
{
  self->tool = bitmaze_tool_from_name (name);
  bitmaze_tool_apply (self->tool, self->view, self->status);
  /* the narrow header's one button shows the tool a click will use */
  gtk_menu_button_set_icon_name (self->tool_menu_button, bitmaze_tool_get_icon_name (self->tool));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* Play mode turns Edit Walls off: the tool goes back to Inspect. */
static void
view_edit_mode_cb (BitmazeWindow *self)
{
  if (!bitmaze_maze_view_get_edit_mode (self->view) && self->tool == BITMAZE_TOOL_WALLS)
    set_tool (self, "inspect");
}

/* ------------------------------------------------------------------ */
/* Mouse on the maze                                                   */
/* ------------------------------------------------------------------ */

static void
show_edit_error (BitmazeWindow *self,
                 const GError  *error)
{
  if (error != NULL)
    show_toast (self, error->message);
}

static void
view_cell_clicked_cb (BitmazeWindow   *self,
                      guint            index,
                      GdkModifierType  state,
                      guint            button)
{
  gboolean other = (state & GDK_SHIFT_MASK) != 0 || button == GDK_BUTTON_SECONDARY;
  gboolean goal;
  g_autoptr (GError) error = NULL;

  /* While a predict question is open a click answers it or does nothing:
   * moving the start would end the search asked about. */
  if (bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_IDLE)
    {
      bitmaze_predict_check_cell (self->predict, index);
      return;
    }
  /* Enter on the picked cell (button 0) moves the start, with Shift the
   * goal, whatever the tool; a click depends on the tool.  Inspect only
   * picks the cell, which the view has done: the search goes on.  The
   * click asks about the cell, so a closed bit inspector opens to show
   * it (the presentation view shows the cell's bits itself). */
  if (button != 0 && self->tool == BITMAZE_TOOL_INSPECT && !self->presenting)
    {
      g_autoptr (GVariant) shown = g_action_group_get_action_state (G_ACTION_GROUP (self),
                                                                    "show-inspector");

      if (!g_variant_get_boolean (shown))
        g_action_group_change_action_state (G_ACTION_GROUP (self), "show-inspector",
                                            g_variant_new_boolean (TRUE));
    }
  if (button != 0 && self->tool != BITMAZE_TOOL_START && self->tool != BITMAZE_TOOL_GOAL)
    return;
  goal = self->tool == BITMAZE_TOOL_GOAL && button != 0 ? !other : other;
  if (!bitmaze_session_set_endpoint (self->session, index, goal, &error))
    show_edit_error (self, error);
}
static void
view_wall_clicked_cb (BitmazeWindow *self,
                      guint          index,
                      guint          dir)
{
  g_autoptr (GError) error = NULL;

  if (!bitmaze_session_toggle_wall (self->session, index, dir, &error))
    show_edit_error (self, error);
}

/* ------------------------------------------------------------------ */
/* Keys that work whatever has the focus                               */
/* ------------------------------------------------------------------ */

/* Who else may want a window key. */
enum
{
  KEY_WALKS = 1 << 0,  /* Play mode walks with it */
  KEY_ARROW = 1 << 1,  /* the Walls tool moves the picked cell with it */
  KEY_TYPING = 1 << 2, /* types nothing: works in a text field too */
};

typedef struct
{
  const char *trigger;
  const char *action;
  const char *target; /* a string parameter, or NULL */
  guint       flags;
} WindowKey;

/* A "which cell comes next?" question open: the arrow keys pick a cell. */
static gboolean
predict_picks_cell (BitmazeWindow *self)
{
  const MazeQuestion *q = bitmaze_predict_get_question (self->predict);

  return bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_ASKING
         && q != NULL && q->kind == MAZE_QUESTION_CELL;
}

/* A key of the window's, before the focused widget sees it: a focused
 * button does not take Space, nor a list Right.  Only text being typed
 * keeps its keys (not Escape nor the F keys), and Play mode its walking
 * keys. */
static gboolean
window_key_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);
  const WindowKey *key = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));
  g_autoptr (GVariant) target = NULL;

  if (focus != NULL && GTK_IS_EDITABLE (focus) && !(key->flags & KEY_TYPING))
    return FALSE;
  if ((key->flags & KEY_WALKS) && bitmaze_play_get_active (self->play))
    return FALSE;
  /* Walls moves the picked cell with the arrows, and so does a
   * "which cell comes next?" question. */
  if ((key->flags & KEY_ARROW)
      && ((self->tool == BITMAZE_TOOL_WALLS && focus == GTK_WIDGET (self->view))
          || predict_picks_cell (self)))
    return FALSE;

  /* (GTK 4.8 never sinks the floating parameter of a property action) */
  target = key->target != NULL ? g_variant_ref_sink (g_variant_new_string (key->target)) : NULL;
  return gtk_widget_activate_action_variant (widget, key->action, target);
}

static void
add_key_shortcuts (BitmazeWindow *self)
{
  static const WindowKey keys[] = {
    { "space", "win.new-maze", NULL, 0 },
    { "s", "win.step", NULL, KEY_WALKS },
    { "Right|KP_Right", "win.step", NULL, KEY_WALKS | KEY_ARROW },
    { "<Shift>s", "win.step-back", NULL, KEY_WALKS },
    { "Left|KP_Left", "win.step-back", NULL, KEY_WALKS | KEY_ARROW },
    { "Home", "win.first-step", NULL, 0 },
    { "End", "win.last-step", NULL, 0 },
    { "r", "win.run", NULL, 0 },
    { "Escape", "win.escape", NULL, KEY_TYPING },
    { "p", "win.play", NULL, 0 },
    { "i", "win.tool", "inspect", 0 },
    { "t", "win.tool", "start", 0 },
    { "g", "win.tool", "goal", 0 },
    { "w", "win.tool", "walls", KEY_WALKS },
    { "q", "win.predict", NULL, 0 },
    { "c", "win.show-code", NULL, 0 },
    /* also application accelerators, which the menu shows; here so that
     * a text field keeps its own Ctrl+Z */
    { "<Control>z", "win.undo", NULL, 0 },
    { "<Control><Shift>z|<Control>y", "win.redo", NULL, 0 },
    { "F5", "win.present", NULL, KEY_TYPING },
    { "F8", "win.show-controls", NULL, KEY_TYPING },
    { "F9", "win.show-inspector", NULL, KEY_TYPING },
    { "F11", "win.fullscreen", NULL, KEY_TYPING },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_callback_action_new (window_key_cb,
                                                                                     (gpointer) &keys[i],
                                                                                     NULL)));
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* ------------------------------------------------------------------ */
/* The side panels                                                     */
/* ------------------------------------------------------------------ */

/* The controls are shown beside the maze (unfolded) or over it (folded,
 * when the window lacks the room for the controls, the maze's least width
 * and the inspector).  F8 and the header toggle show or hide them either
 * way; only the choice made unfolded is remembered, for this window's next
 * unfolding and in the setting, so that a narrow window never turns the
 * controls off for good. */
static void
set_show_controls (BitmazeWindow *self,
                   gboolean       show)
{
  GtkWidget *focus;

  show = !!show;
  if (!adw_flap_get_folded (self->flap) && show != self->docked_controls)
    {
      self->docked_controls = show;
      g_settings_set_boolean (self->settings, "show-controls", show);
    }
  if (show == self->show_controls)
    return;

  /* The controls pane held the focus: give it to the maze, not to nothing. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  self->show_controls = show;
  /* Shown over the maze, they take the focus from the maze under them. */
  self->focus_controls = show && adw_flap_get_folded (self->flap);
  adw_flap_set_reveal_flap (self->flap, show);
  if (!show && (focus == NULL || gtk_widget_is_ancestor (focus, self->sidebar)))
    gtk_widget_grab_focus (GTK_WIDGET (self->view));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CONTROLS]);
}

/* A click on the maze beside the folded controls, or a swipe, hid them. */
static void
flap_reveal_cb (BitmazeWindow *self)
{
  set_show_controls (self, adw_flap_get_reveal_flap (self->flap));
}

static void
flap_progress_cb (BitmazeWindow *self)
{
  if (self->focus_controls && adw_flap_get_reveal_progress (self->flap) > 0)
    {
      self->focus_controls = FALSE;
      gtk_widget_child_focus (self->sidebar, GTK_DIR_TAB_FORWARD);
    }
}

/* Back, Step, Run and Reset stay in sight: under the controls while they
 * are docked, in one row under the maze while they fold away. */
static void
move_step_buttons (BitmazeWindow *self,
                   gboolean       under_maze)
{
  GtkWidget *grid = GTK_WIDGET (self->step_buttons);
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (grid);
  guint i = 0;

  g_object_ref (grid);
  gtk_widget_unparent (grid);
  if (under_maze)
    gtk_box_insert_child_after (self->maze_box, grid, GTK_WIDGET (self->timeline));
  else
    gtk_box_append (GTK_BOX (self->sidebar), grid);
  g_object_unref (grid);

  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkGridLayoutChild *place = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, child));

      gtk_grid_layout_child_set_column (place, under_maze ? i : i % 2);
      gtk_grid_layout_child_set_row (place, under_maze ? 0 : i / 2);
    }
}

static void
flap_folded_cb (BitmazeWindow *self)
{
  gboolean folded = adw_flap_get_folded (self->flap);

  move_step_buttons (self, folded);
  set_show_controls (self, folded ? FALSE : self->docked_controls);
}

/* The bit inspector is made the first time it is shown, so a window
 * whose inspector was never opened pays nothing for it during Run.  Each
 * window shows it or not; the setting is the next window's default. */
static void
show_inspector_change_state_cb (GSimpleAction *action,
                                GVariant      *state,
                                BitmazeWindow *self)
{
  gboolean show = g_variant_get_boolean (state);

  if (show && self->inspector == NULL)
    {
      self->inspector = bitmaze_inspector_new (self->session, self->view);
      gtk_box_append (self->side_panel, GTK_WIDGET (self->inspector));
      bitmaze_inspector_set_predict (self->inspector, self->predict);
      bitmaze_class_set_inspector (GTK_WINDOW (self), self->inspector);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->side_panel), show);
  g_simple_action_set_state (action, state);
  g_settings_set_boolean (self->settings, "show-inspector", show);
}

static void
show_inspector_activate_cb (GSimpleAction *action,
                            GVariant      *parameter,
                            BitmazeWindow *self)
{
  g_autoptr (GVariant) state = g_action_get_state (G_ACTION (action));

  g_action_change_state (G_ACTION (action), g_variant_new_boolean (!g_variant_get_boolean (state)));
}


/* The Code pane follows the session only while it is shown; the
 * presentation view shows its own beside the maze when it is on. */
static void
show_code_change_state_cb (GSimpleAction *action,
                           GVariant      *state,
                           BitmazeWindow *self)
{
  gboolean show = g_variant_get_boolean (state);

  self->show_code = show;
  bitmaze_code_pane_set_session (self->code_pane, show ? self->session : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->code_pane), show);
  bitmaze_presentation_set_show_code (self->presentation, show);
  g_simple_action_set_state (action, state);
  g_settings_set_boolean (self->settings, "show-code", show);
}

static void
add_code_pane (BitmazeWindow *self)
{
  g_autoptr (GSimpleAction) action = NULL;

  action = g_simple_action_new_stateful ("show-code", NULL, g_variant_new_boolean (FALSE));
  /* the same toggle as the inspector's */
  g_signal_connect_object (action, "activate", G_CALLBACK (show_inspector_activate_cb), self, 0);
  g_signal_connect_object (action, "change-state", G_CALLBACK (show_code_change_state_cb), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  if (g_settings_get_boolean (self->settings, "show-code"))
    g_action_change_state (G_ACTION (action), g_variant_new_boolean (TRUE));
}

/* The part of the window the lesson's page talks about gets an outline. */
static void
lesson_target_cb (BitmazeWindow *self)
{
  const char *target = bitmaze_lesson_get_target (self->lesson);
  GtkWidget *widget = NULL;

  if (g_strcmp0 (target, "inspector") == 0)
    widget = GTK_WIDGET (self->side_panel);
  else if (g_strcmp0 (target, "code") == 0)
    widget = GTK_WIDGET (self->code_pane);
  else if (g_strcmp0 (target, "maze") == 0)
    widget = GTK_WIDGET (self->maze_scroller);
  else if (g_strcmp0 (target, "predict") == 0)
    widget = GTK_WIDGET (self->predict_bar);
  if (self->lesson_target != NULL)
    gtk_widget_remove_css_class (self->lesson_target, "bitmaze-lesson-target");
  self->lesson_target = widget;
  if (widget != NULL)
    gtk_widget_add_css_class (widget, "bitmaze-lesson-target");
}

static void
win_lesson_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BitmazeWindow *self = BITMAZE_WINDOW (widget);

  bitmaze_lesson_start (self->lesson, g_settings_get_uint (self->settings, "lesson-page"));
}

static void
add_lesson (BitmazeWindow *self)
{
  self->lesson = BITMAZE_LESSON (bitmaze_lesson_new (self->session, self->predict, self->settings));
  gtk_box_prepend (self->maze_box, GTK_WIDGET (self->lesson));
  g_signal_connect_object (self->lesson, "notify::target", G_CALLBACK (lesson_target_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
add_inspector (BitmazeWindow *self)
{
  g_autoptr (GSimpleAction) action = NULL;

  action = g_simple_action_new_stateful ("show-inspector", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect_object (action, "activate", G_CALLBACK (show_inspector_activate_cb), self, 0);
  g_signal_connect_object (action, "change-state", G_CALLBACK (show_inspector_change_state_cb), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  if (g_settings_get_boolean (self->settings, "show-inspector"))
    g_action_change_state (G_ACTION (action), g_variant_new_boolean (TRUE));
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

  /* a C file is a student's code: offered to run, never run unasked */
  if (bitmaze_lab_run_is_source (G_FILE (files->data)))
    bitmaze_lab_run_offer (self->lab_run, G_FILE (files->data));
  else
    bitmaze_window_open_file (self, G_FILE (files->data));

  return TRUE;
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
close_now (gpointer data,
           gboolean discarded)
{
  BitmazeWindow *self = data;

  /* The window may be destroyed by the time gtk_window_close() returns. */
  g_object_ref (self);
  self->closing = discarded;
  gtk_window_close (GTK_WINDOW (self));
  self->closing = FALSE;
  g_object_unref (self);
}

static gboolean
bitmaze_window_close_request (GtkWindow *window)
{
  BitmazeWindow *self = BITMAZE_WINDOW (window);

  if (bitmaze_session_get_modified (self->session) && !self->closing)
    {
      bitmaze_files_confirm_discard (self->files, close_now, self, NULL);
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

/* Each window has its own recipe and panes: the settings give their first
 * values and keep the last ones as the defaults of the next window, but a
 * change in one window does not reach another.  A name the engine does not
 * know falls back to its default.  (The views' looks are preferences, the
 * same in every window.)  With @from_maze, the recipe is the one of the
 * maze the session opened, and the settings only learn it; the Run speed
 * and Animate Building are the user's, from the settings either way. */
static void
bind_settings (BitmazeWindow *self,
               gboolean       from_maze)
{
  static const char *const keys[][2] = {
    { "maze-width", "width" },
    { "maze-height", "height" },
    { "loops", "loops" },
    { "placement", "placement" },
  };
  /* The user's own choices, not part of a maze's recipe: a maze opened
   * takes them from the settings as a new one does. */
  static const char *const preferences[][2] = {
    { "speed", "speed" },
    { "animate-generation", "animate" },
  };
  GSettingsBindFlags flags = G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES;
  g_autofree char *generator = g_settings_get_string (self->settings, "generator");
  g_autofree char *solver = g_settings_get_string (self->settings, "solver");

  if (!from_maze)
    {
      g_object_set (self->session,
                    "generator", maze_generator_name_valid (generator, NULL) ? generator
                                 : maze_algorithm_default (maze_generators)->name,
                    NULL);
      if (maze_solver_name_valid (solver, NULL))
        g_object_set (self->session, "solver", solver, NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_bind (self->settings, keys[i][0], self->session, keys[i][1],
                     from_maze ? G_SETTINGS_BIND_SET : flags);
  for (guint i = 0; i < G_N_ELEMENTS (preferences); i++)
    g_settings_bind (self->settings, preferences[i][0], self->session, preferences[i][1], flags);
  g_settings_bind (self->settings, "generator", self->session, "generator", G_SETTINGS_BIND_SET);
  g_settings_bind (self->settings, "solver", self->session, "solver", G_SETTINGS_BIND_SET);
  bitmaze_shape_row_bind_settings (bitmaze_controls_get_shape_row (self->controls), self->settings);

  self->docked_controls = g_settings_get_boolean (self->settings, "show-controls");
  set_show_controls (self, self->docked_controls);
  g_settings_bind (self->settings, "show-search", self->view, "show-search", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (self->settings, "label-mode",
                                self->view, "label-mode",
                                G_SETTINGS_BIND_GET,
                                label_mode_from_setting, NULL, NULL, NULL);
}

static void
notify_property_cb (BitmazeWindow *self,
                    GParamSpec    *pspec)
{
  /* The window's own property of the same name follows. */
  GParamSpec *own = g_object_class_find_property (G_OBJECT_GET_CLASS (self), pspec->name);

  if (own != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), own);
}

/* The widgets, the actions and the keys, all following the session. */
static void
connect_session (BitmazeWindow *self)
{
  GtkDropTarget *drop_target;

  bitmaze_maze_view_set_session (self->view, self->session);
  bitmaze_controls_set_session (self->controls, self->session);
  bitmaze_status_set_session (self->status, self->session);
  bitmaze_timeline_set_session (self->timeline, self->session);

  g_signal_connect_object (self->session, "notify::running", G_CALLBACK (session_running_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::maze", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::file", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::modified", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::modified", G_CALLBACK (window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "moved", G_CALLBACK (window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::can-undo", G_CALLBACK (window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::can-redo", G_CALLBACK (window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "message", G_CALLBACK (session_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::solver", G_CALLBACK (notify_property_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::generator", G_CALLBACK (notify_property_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::edit-mode", G_CALLBACK (view_edit_mode_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bitmaze_presentation_get_view (self->presentation), "cell-clicked",
                           G_CALLBACK (view_cell_clicked_cb), self, G_CONNECT_SWAPPED);

  /* The play bar goes below the maze, above the status line. */
  self->play = bitmaze_play_new (self->session, self->view, GTK_WIDGET (self));
  gtk_box_insert_child_after (self->maze_box, GTK_WIDGET (self->play), GTK_WIDGET (self->maze_scroller));

  /* Run Your Code…'s bar too: its progress, then how the run compares */
  self->lab_run = BITMAZE_LAB_RUN (bitmaze_lab_run_new (GTK_WINDOW (self), self->session, self->timeline));
  gtk_box_insert_child_after (self->maze_box, GTK_WIDGET (self->lab_run), GTK_WIDGET (self->maze_scroller));

  /* Predict mode's bar goes below the maze too; Q or the header's toggle
   * (win.predict) turns it on. */
  self->predict = bitmaze_predict_new (self->session);
  self->predict_bar = BITMAZE_PREDICT_BAR (bitmaze_predict_bar_new (self->predict, self->view));
  gtk_box_insert_child_after (self->maze_box, GTK_WIDGET (self->predict_bar), GTK_WIDGET (self->maze_scroller));
  {
    g_autoptr (GPropertyAction) action = g_property_action_new ("predict", self->predict, "active");

    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  }
  /* The class answers predict mode's questions from their browsers. */
  bitmaze_class_add_actions (GTK_WINDOW (self), self->predict);
  gtk_box_prepend (self->maze_box, bitmaze_class_get_join_bar (GTK_WINDOW (self)));

  self->files = bitmaze_files_new (GTK_WINDOW (self), self->session, GTK_WIDGET (self->view));
  g_signal_connect_object (self->files, "message", G_CALLBACK (session_message_cb), self, G_CONNECT_SWAPPED);
  add_key_shortcuts (self);
  bitmaze_print_add_actions (GTK_WINDOW (self), self->session);
  bitmaze_export_animation_add_actions (GTK_WINDOW (self), self->session);

  drop_target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop_target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop_target));

  update_title (self);
  window_update_actions (self);
  session_running_cb (self);
  set_tool (self, "inspect");
}

static void
bitmaze_window_constructed (GObject *object)
{
  BitmazeWindow *self = BITMAZE_WINDOW (object);
  gboolean given = self->session != NULL;
  g_autoptr (GError) error = NULL;

  G_OBJECT_CLASS (bitmaze_window_parent_class)->constructed (object);

  if (self->session == NULL)
    self->session = bitmaze_session_new ();
  /* One budget a frame for Run's steps and the maze view's tiles */
  self->pacer = bitmaze_pacer_new ();
  bitmaze_session_set_pacer (self->session, self->pacer);
  bitmaze_maze_view_set_pacer (self->view, self->pacer);
  connect_session (self);
  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  bind_settings (self, given && bitmaze_session_get_maze (self->session) != NULL);
  add_inspector (self);
  add_code_pane (self);
  add_lesson (self);

  if (bitmaze_session_get_maze (self->session) == NULL && !bitmaze_session_new_maze (self->session, &error))
    show_toast (self, error->message);
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
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      bitmaze_session_set_running (self->session, FALSE);
    }

  g_clear_object (&self->files);

  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_WINDOW);
  self->view = NULL;
  self->inspector = NULL;
  self->code_pane = NULL;
  self->lesson = NULL;
  self->lesson_target = NULL;
  self->play = NULL;
  self->predict_bar = NULL;
  self->lab_run = NULL;
  g_clear_object (&self->predict);

  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  g_clear_object (&self->pacer);

  G_OBJECT_CLASS (bitmaze_window_parent_class)->dispose (object);
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
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case PROP_SOLVER:
      g_value_set_string (value, bitmaze_session_get_solver (self->session));
      break;

    case PROP_GENERATOR:
      g_value_set_string (value, bitmaze_session_get_generator (self->session));
      break;

    case PROP_TOOL:
      g_value_set_string (value, bitmaze_tool_get_name (self->tool));
      break;

    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
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
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case PROP_SOLVER:
      g_object_set_property (G_OBJECT (self->session), "solver", value);
      break;

    case PROP_GENERATOR:
      g_object_set_property (G_OBJECT (self->session), "generator", value);
      break;

    case PROP_TOOL:
      set_tool (self, g_value_get_string (value));
      break;

    case PROP_PRESENTING:
      set_presenting (self, g_value_get_boolean (value));
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
  object_class->get_property = bitmaze_window_get_property;
  object_class->set_property = bitmaze_window_set_property;

  window_class->close_request = bitmaze_window_close_request;

  /**
   * BitmazeWindow:session:
   *
   * What the window shows and steps; a new session with a new maze
   * unless given at construction.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         BITMAZE_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:solver:
   *
   * The session's solver, for the win.solver action.
   */
  properties[PROP_SOLVER] =
    g_param_spec_string ("solver", NULL, NULL,
                         maze_algorithm_default (maze_solvers)->name,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:generator:
   *
   * The session's generator, for the win.generator action.
   */
  properties[PROP_GENERATOR] =
    g_param_spec_string ("generator", NULL, NULL,
                         maze_algorithm_default (maze_generators)->name,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazeWindow:tool:
   *
   * What a click on the maze does: "inspect" (pick a cell for the bit
   * inspector, nothing else), "start", "goal" or "walls".
   */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL,
                         "inspect",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * BitmazeWindow:presenting:
   *
   * Whether the presentation view fills the window (full screen): the
   * maze, the step and a cell's bits for the back of a classroom.
   */
  properties[PROP_PRESENTING] =
    g_param_spec_boolean ("presenting", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

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

  g_type_ensure (BITMAZE_TYPE_MAZE_VIEW);
  g_type_ensure (BITMAZE_TYPE_CONTROLS);
  g_type_ensure (BITMAZE_TYPE_STATUS);
  g_type_ensure (BITMAZE_TYPE_TIMELINE);
  g_type_ensure (BITMAZE_TYPE_PRESENTATION);
  g_type_ensure (BITMAZE_TYPE_CODE_PANE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, view);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, maze_box);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, maze_scroller);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, code_pane);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, step_buttons);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, tool_menu_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, controls);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, status);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, timeline);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, back_content);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, step_content);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, run_content);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, reset_content);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, run_image);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, BitmazeWindow, presentation);
  gtk_widget_class_bind_template_callback (widget_class, view_cell_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_wall_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, flap_folded_cb);
  gtk_widget_class_bind_template_callback (widget_class, flap_reveal_cb);
  gtk_widget_class_bind_template_callback (widget_class, flap_progress_cb);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, win_new_action);
  gtk_widget_class_install_action (widget_class, "win.new-maze", NULL, win_new_action);
  gtk_widget_class_install_action (widget_class, "win.generate", NULL, win_generate_action);
  gtk_widget_class_install_action (widget_class, "win.lesson", NULL, win_lesson_action);
  gtk_widget_class_install_action (widget_class, "win.step", NULL, win_step_action);
  gtk_widget_class_install_action (widget_class, "win.step-back", NULL, win_step_back_action);
  gtk_widget_class_install_action (widget_class, "win.first-step", NULL, win_history_end_action);
  gtk_widget_class_install_action (widget_class, "win.last-step", NULL, win_history_end_action);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, win_run_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, win_stop_action);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, win_reset_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, win_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, win_undo_action);
  gtk_widget_class_install_action (widget_class, "win.escape", NULL, win_escape_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, win_fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, win_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, win_close_action);
  gtk_widget_class_install_action (widget_class, "win.run-code", NULL, win_run_code_action);
  gtk_widget_class_install_property_action (widget_class, "win.solver", "solver");
  gtk_widget_class_install_property_action (widget_class, "win.generator", "generator");
  gtk_widget_class_install_property_action (widget_class, "win.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "win.present", "presenting");
  gtk_widget_class_install_property_action (widget_class, "win.show-controls", "show-controls");
}


static void
bitmaze_window_init (BitmazeWindow *self)
{
  /* before the template: its toggle button asks for the state */
  self->show_controls = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Back, Step, Run and Reset have a name for screen readers, even as
   * icons alone, and Run's follows its words to Pause */
  bitmaze_button_content_name_button (self->back_content);
  bitmaze_button_content_name_button (self->step_content);
  bitmaze_button_content_name_button (self->run_content);
  bitmaze_button_content_name_button (self->reset_content);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

BitmazeWindow *
bitmaze_window_new (BitmazeApplication *application)
{
  return g_object_new (BITMAZE_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

BitmazeWindow *
bitmaze_window_new_for_session (BitmazeApplication *application,
                                BitmazeSession     *session)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  return g_object_new (BITMAZE_TYPE_WINDOW,
                       "application", application,
                       "session", session,
                       NULL);
}

void
bitmaze_window_show_message (BitmazeWindow *self,
                             const char    *message)
{
  g_return_if_fail (BITMAZE_IS_WINDOW (self));

  show_toast (self, message);
}

void
bitmaze_window_open_file (BitmazeWindow *self,
                          GFile         *file)
{
  g_return_if_fail (BITMAZE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  bitmaze_files_open (self->files, file);
}

gboolean
bitmaze_window_is_pristine (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), FALSE);

  return bitmaze_session_is_pristine (self->session);
}

BitmazeSession *
bitmaze_window_get_session (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->session;
}

BitmazeLabRun *
bitmaze_window_get_lab_run (BitmazeWindow *self)
{
  g_return_val_if_fail (BITMAZE_IS_WINDOW (self), NULL);

  return self->lab_run;
}
