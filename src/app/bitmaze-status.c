/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "bitmaze-op-log.h"
#include "bitmaze-status.h"
#include "bitmaze-width-bin.h"
#include "bitmaze-word-label.h"

/* While Run goes, the numbers change every frame; ten times a second is
 * as often as anyone can read them, and laying out the text costs more
 * than a frame's worth of steps on a big maze. */
#define STATUS_INTERVAL_US (G_USEC_PER_SEC / 10)

#define NBSP "\xc2\xa0" /* U+00A0 NO-BREAK SPACE in UTF-8 */

/* The moves field shows at most this many (Copy copies them all): a
 * line of millions of letters would take seconds to lay out. */
#define STATUS_MOVES_SHOWN 10000

struct _BitmazeStatus
{
  GtkBox          parent_instance;

  BitmazeSession *session;
  GtkLabel       *state_label;
  GtkLabel       *numbers_label;
  GtkLabel       *reserve_label;  /* never shown: the height a search's numbers need */
  guint64         reserved_for;   /* the maze size it was written for */
  BitmazeWordLabel *step_label;
  GtkLabel       *hint_label;
  GtkWidget      *moves_button;
  GtkLabel       *moves_count;
  GtkEditable    *moves_field;
  char           *moves;     /* the path's N, E, S, W, read when asked */
  char           *numbers;
  gint64          last_update;
};

G_DEFINE_FINAL_TYPE (BitmazeStatus, bitmaze_status, GTK_TYPE_BOX)

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

/* The numbers wrap when the maze area is narrow (both side panes open),
 * but only after a "·": each "Steps 1,234" stays on one line. */
static void
set_numbers (GtkLabel   *label,
             const char *numbers)
{
  g_autoptr (GString) text = g_string_new (numbers);

  g_string_replace (text, " ", NBSP, 0);
  g_string_replace (text, NBSP "·" NBSP, NBSP "· ", 0);
  gtk_label_set_label (label, text->str);
}

/* The step shown as the inspector's log says it, then the C statements
 * it applied. */
static char *
describe_step (BitmazeStatus  *self,
               const MazeStep *step)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  g_autofree char *sentence = bitmaze_step_dup_description (step, bitmaze_session_get_algorithm (self->session),
                                                            maze_width (maze));
  GString *text = g_string_new (sentence);

  for (unsigned i = 0; i < step->n_changes; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? "   " : "; ", step->changes[i].expr);

  return g_string_free (text, FALSE);
}

static void
set_state_class (BitmazeStatus *self,
                 const char    *css_class)
{
  static const char *const classes[] = { "error", "success", "accent" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (css_class == NULL || !g_str_equal (classes[i], css_class))
      gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), classes[i]);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->state_label), css_class);
}

/* The numbers of a search take more room than those of a ready maze:
 * at the usual window sizes they wrap to a second line.  The status keeps
 * the height of the longest numbers a search of this maze can show (a
 * hidden label with the most digits each may need, laid out at the same
 * width, the Moves button beside it either way), so that the maze,
 * above, keeps its size from Generate to Run to Solved instead of
 * shrinking when Run starts: a maze of fractions of a pixel a cell would
 * be drawn again at another scale. */
static void
update_reserve (BitmazeStatus *self,
                Maze          *maze)
{
  guint64 n = maze_n_inside (maze);
  g_autofree char *numbers = NULL;
  char cells[32], steps[32], most[32], one[32];
  g_autofree char *time = NULL;

  if (n == self->reserved_for)
    return;
  self->reserved_for = n;
  g_snprintf (cells, sizeof cells, "%'" G_GUINT64_FORMAT, n);
  /* A search's steps: the cells it visits, then the ones it goes back
   * through or along the path, about twice the cells at most. */
  g_snprintf (steps, sizeof steps, "%'" G_GUINT64_FORMAT, 2 * n);
  g_snprintf (most, sizeof most, "%'" G_GUINT64_FORMAT, n);
  format_duration (one, sizeof one, G_USEC_PER_SEC - 100);
  time = g_strdup_printf (_("%s (engine %s)"), one, one);
  numbers = g_strdup_printf (_("Cells %s · Steps %s · Visited %s · Largest frontier %s · Path %s · Time %s"),
                             cells, steps, most, most, most, time);
  set_numbers (self->reserve_label, numbers);
}

static void
update (BitmazeStatus *self)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  BitmazePhase phase = bitmaze_session_get_phase (self->session);
  const MazeStep *step = bitmaze_session_get_last_step (self->session);
  gint64 engine_us = bitmaze_session_get_engine_time (self->session);
  gint64 waited_us = bitmaze_session_get_waited_time (self->session);
  char cells[32], waited[32], engine[32], steps[32];
  g_autofree char *time = NULL;
  const char *state;
  g_autofree char *numbers = NULL;
  g_autofree char *step_text = NULL;
  MazeSolveStats stats;
  gboolean moves = FALSE;

  if (maze == NULL)
    return;
  self->last_update = g_get_monotonic_time ();
  update_reserve (self, maze);

  /* %' groups the digits as the locale does (12,345 or 12.345). */
  g_snprintf (cells, sizeof cells, "%'u", maze_n_inside (maze));
  /* The time the user waited; the engine's part of it beside it. */
  format_duration (waited, sizeof waited, MAX (waited_us, engine_us));
  format_duration (engine, sizeof engine, engine_us);
  /* Translators: the time the user waited for a build or search, then
   * the part of it the engine spent on the steps (the rest is drawing) */
  time = g_strdup_printf (_("%s (engine %s)"), waited, engine);
  bitmaze_session_get_stats (self->session, &stats);
  g_snprintf (steps, sizeof steps, "%'" G_GUINT64_FORMAT, stats.steps);

  if (phase == BITMAZE_PHASE_BUILDING)
    {
      state = _("Building");
      numbers = g_strdup_printf (_("Cells %s · Steps %s · Time %s"), cells, steps, time);
      set_state_class (self, "accent");
    }
  else if (phase != BITMAZE_PHASE_READY)
    {
      char path[32], visited[32], frontier[32];

      g_snprintf (visited, sizeof visited, "%'" G_GUINT64_FORMAT, stats.visited);
      g_snprintf (frontier, sizeof frontier, "%'" G_GUINT64_FORMAT, stats.max_frontier);
      if (stats.found)
        g_snprintf (path, sizeof path, "%'" G_GUINT64_FORMAT, stats.path_length);
      else
        g_strlcpy (path, "—", sizeof path);

      numbers = g_strdup_printf (_("Cells %s · Steps %s · Visited %s · Largest frontier %s · Path %s · Time %s"),
                                 cells, steps, visited, frontier, path, time);

      if (phase == BITMAZE_PHASE_SOLVED)
        {
          moves = stats.found;
          state = _("Solved");
          set_state_class (self, "success");
        }
      else if (phase == BITMAZE_PHASE_NO_PATH)
        {
          /* The wall follower's limit is not the maze's answer. */
          state = stats.unreachable_by_method ? _("Out of reach") : _("No path");
          set_state_class (self, "error");
        }
      else
        {
          const MazeStep *last = bitmaze_session_get_last_step (self->session);

          /* BFS and A* find the goal, then trace the path back from it:
           * that is no more searching */
          state = last != NULL && last->kind == MAZE_STEP_PATH ? _("Tracing the path")
                                                               : _("Searching");
          set_state_class (self, "accent");
        }
    }
  else
    {
      state = _("Ready");
      set_state_class (self, NULL);
      if (engine_us > 0)
        numbers = g_strdup_printf (_("Cells %s · Built in %s · Step or Run to search"), cells, time);
      else
        numbers = g_strdup_printf (_("Cells %s · Step or Run to search"), cells);
    }

  gtk_label_set_label (self->state_label, state);
  /* Shown but insensitive until there is a path: the line keeps its
   * width and height (see update_reserve ()). */
  if (!moves)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (self->moves_button));
  gtk_widget_set_sensitive (self->moves_button, moves);
  g_clear_pointer (&self->moves, g_free);
  set_numbers (self->numbers_label, numbers);
  g_free (self->numbers);
  self->numbers = g_steal_pointer (&numbers);

  /* A finished build shows no step: the maze is ready. */
  if (phase == BITMAZE_PHASE_NO_PATH && stats.unreachable_by_method)
    step_text = g_strdup (_("The goal is on an island the wall follower cannot reach: "
                            "a path exists, another solver finds it"));
  else if (step != NULL && phase != BITMAZE_PHASE_READY)
    step_text = describe_step (self, step);
  else if (step == NULL && phase == BITMAZE_PHASE_BUILDING && bitmaze_session_get_running (self->session))
    step_text = g_strdup (_("Building the maze…"));
  bitmaze_word_label_set_label (self->step_label, step_text);
}

/* The moves of the solution, read off its nibbles when the popover opens
 * (a solve does not pay for a string nobody asked for). */
static void
moves_shown_cb (BitmazeStatus *self)
{
  Maze *maze = bitmaze_session_get_maze (self->session);
  g_autofree char *count = NULL;
  g_autofree char *shown = NULL;
  char number[32];
  gsize n;

  g_clear_pointer (&self->moves, g_free);
  if (maze != NULL)
    {
      char *moves = maze_path_moves (maze);

      /* (free() for the engine's string, g_free() for ours) */
      self->moves = g_strdup (moves != NULL ? moves : "");
      free (moves);
    }
  n = self->moves != NULL ? strlen (self->moves) : 0;
  g_snprintf (number, sizeof number, "%'" G_GSIZE_FORMAT, n);
  /* Translators: the number of moves of the solution, in the Moves
   * popover; %s is the number, its digits grouped */
  count = g_strdup_printf (ngettext ("%s move", "%s moves", n), number);
  gtk_label_set_label (self->moves_count, count);
  if (n > STATUS_MOVES_SHOWN)
    shown = g_strdup_printf ("%.*s…", STATUS_MOVES_SHOWN, self->moves);
  gtk_editable_set_text (self->moves_field, shown != NULL ? shown : self->moves != NULL ? self->moves : "");
  gtk_editable_select_region (self->moves_field, 0, -1);
}

static void
moves_copy_cb (BitmazeStatus *self)
{
  if (self->moves != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), self->moves);
}

static GtkWidget *
moves_button_new (BitmazeStatus *self)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");

  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("_Moves"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (button), TRUE);
  gtk_widget_set_tooltip_text (button, _("The Solution as N, E, S and W Moves"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_sensitive (button, FALSE);

  self->moves_count = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->moves_count, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->moves_count), "heading");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->moves_count));

  /* A field, not a label: select, Ctrl+C, or the Copy button. */
  gtk_editable_set_editable (GTK_EDITABLE (entry), FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 40);
  gtk_widget_add_css_class (entry, "monospace");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
  self->moves_field = GTK_EDITABLE (entry);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_box_append (GTK_BOX (row), entry);

  gtk_widget_set_tooltip_text (copy, _("Copy the Moves"));
  g_signal_connect_swapped (copy, "clicked", G_CALLBACK (moves_copy_cb), self);
  gtk_box_append (GTK_BOX (row), copy);
  gtk_box_append (GTK_BOX (box), row);

  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (moves_shown_cb), self);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  return button;
}

static void
status_moved_cb (BitmazeStatus *self)
{
  if (bitmaze_session_get_running (self->session)
      && g_get_monotonic_time () - self->last_update < STATUS_INTERVAL_US)
    return;
  update (self);
}

static void
bitmaze_status_dispose (GObject *object)
{
  BitmazeStatus *self = BITMAZE_STATUS (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (bitmaze_status_parent_class)->dispose (object);
}

static void
bitmaze_status_finalize (GObject *object)
{
  BitmazeStatus *self = BITMAZE_STATUS (object);

  g_clear_pointer (&self->numbers, g_free);
  g_clear_pointer (&self->moves, g_free);

  G_OBJECT_CLASS (bitmaze_status_parent_class)->finalize (object);
}

static void
bitmaze_status_class_init (BitmazeStatusClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_status_dispose;
  object_class->finalize = bitmaze_status_finalize;
}

static GtkLabel *
numbers_label_new (void)
{
  GtkLabel *label = GTK_LABEL (gtk_label_new (NULL));

  gtk_label_set_xalign (label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (label), TRUE);
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  /* At least the width of one item ("Visited 1,234,567"): measuring a
   * wrapping label lays it out at its narrowest, and a line break after
   * every few characters makes that the slowest layout of the frame. */
  gtk_label_set_width_chars (label, 18);
  gtk_widget_add_css_class (GTK_WIDGET (label), "numeric");
  return label;
}

/* A stack showing @shown, as wide as @reserve (and as high, with
 * @same_height), which is never shown and hidden from screen readers:
 * the room a label keeps whatever it says. */
static GtkWidget *
reserve_stack_new (GtkLabel *shown,
                   GtkLabel *reserve,
                   gboolean  same_height)
{
  GtkWidget *stack = gtk_stack_new ();

  gtk_stack_set_hhomogeneous (GTK_STACK (stack), TRUE);
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), same_height);
  gtk_stack_add_child (GTK_STACK (stack), GTK_WIDGET (shown));
  gtk_stack_add_child (GTK_STACK (stack), GTK_WIDGET (reserve));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (shown));
  gtk_accessible_update_state (GTK_ACCESSIBLE (reserve), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return stack;
}

static void
bitmaze_status_init (BitmazeStatus *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *stack;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 2);
  gtk_widget_add_css_class (GTK_WIDGET (self), "bitmaze-status");

  /* The state, as wide as the longest one whichever is shown, so the
   * numbers beside it stay put; on a narrow window it wraps between
   * words ("Out of / reach"). */
  {
    const char *const states[] = { _("Building"), _("Ready"), _("Searching"), _("Tracing the path"),
                                   _("Solved"), _("No path"), _("Out of reach") };
    const char *longest = states[0];
    GtkLabel *labels[2];

    for (guint i = 1; i < G_N_ELEMENTS (states); i++)
      if (g_utf8_strlen (states[i], -1) > g_utf8_strlen (longest, -1))
        longest = states[i];
    for (guint i = 0; i < 2; i++)
      {
        labels[i] = GTK_LABEL (gtk_label_new (i == 0 ? NULL : longest));
        gtk_label_set_xalign (labels[i], 0);
        gtk_label_set_wrap (labels[i], TRUE);
        gtk_label_set_wrap_mode (labels[i], PANGO_WRAP_WORD);
        gtk_widget_add_css_class (GTK_WIDGET (labels[i]), "heading");
      }
    self->state_label = labels[0];
    stack = reserve_stack_new (labels[0], labels[1], TRUE);
    gtk_widget_set_valign (stack, GTK_ALIGN_START);
    gtk_box_append (GTK_BOX (row), stack);
  }

  self->numbers_label = numbers_label_new ();
  self->reserve_label = numbers_label_new ();
  /* The stack asks for the room of a search's numbers (update_reserve
   * ()): the line neither grows nor wraps anew when a search starts, and
   * the maze beside the sidebar keeps its width too. */
  stack = reserve_stack_new (self->numbers_label, self->reserve_label, TRUE);
  gtk_widget_set_hexpand (stack, TRUE);
  /* Its width for a height is not searched for (see bitmaze-width-bin.c):
   * Run changes the numbers ten times a second. */
  gtk_box_append (GTK_BOX (row), bitmaze_width_bin_new (stack));
  gtk_box_append (GTK_BOX (self), row);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  /* The step's line ends at a whole word when it does not fit, the
   * whole line in its tooltip: never cut mid-statement. */
  self->step_label = BITMAZE_WORD_LABEL (bitmaze_word_label_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->step_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->step_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->step_label), "caption");
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->step_label));

  /* What a click on the maze does now (the window's pointer tool). */
  self->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->hint_label, 1);
  gtk_label_set_ellipsize (self->hint_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "caption");
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->hint_label));
  /* The moves, on this line rather than beside the numbers: the numbers'
   * line is what sets the status's least width, and so the maze's. */
  self->moves_button = moves_button_new (self);
  gtk_box_append (GTK_BOX (row), self->moves_button);
  gtk_box_append (GTK_BOX (self), row);
}

void
bitmaze_status_set_session (BitmazeStatus  *self,
                            BitmazeSession *session)
{
  g_return_if_fail (BITMAZE_IS_STATUS (self));
  g_return_if_fail (BITMAZE_IS_SESSION (session));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  g_signal_connect_swapped (session, "moved", G_CALLBACK (status_moved_cb), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::running", G_CALLBACK (update), self);
  update (self);
}

const char *
bitmaze_status_get_text (BitmazeStatus *self,
                         const char    *which)
{
  g_return_val_if_fail (BITMAZE_IS_STATUS (self), NULL);

  if (g_str_equal (which, "state"))
    return gtk_label_get_label (self->state_label);
  if (g_str_equal (which, "numbers"))
    return self->numbers;
  if (g_str_equal (which, "step"))
    return bitmaze_word_label_get_label (self->step_label);
  if (g_str_equal (which, "hint"))
    return gtk_label_get_label (self->hint_label);
  if (g_str_equal (which, "moves"))
    return self->moves;
  return NULL;
}

void
bitmaze_status_set_hint (BitmazeStatus *self,
                         const char    *hint,
                         const char    *tooltip)
{
  g_return_if_fail (BITMAZE_IS_STATUS (self));

  gtk_label_set_label (self->hint_label, hint);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_label), tooltip);
}
