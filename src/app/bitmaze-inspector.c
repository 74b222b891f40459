/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-render.h"

#include "bitmaze-inspector.h"
#include "bitmaze-error.h"
#include "bitmaze-predict.h"
#include "bitmaze-settings-choice.h"
#include "bitmaze-shape.h"

/* How many cells of the frontier the list shows (the count says the rest). */
#define FRONTIER_SHOWN 64
#define TEXT_SIZE_MAX  3

struct _BitmazeInspector
{
  GtkBox           parent_instance;

  BitmazeSession  *session;
  BitmazeMazeView *view;
  GSettings       *settings;
  BitmazeOpLog    *log;
  GtkStringList   *frontier_model;
  uint32_t        *frontier;

  /* What is shown */
  int              cell;           /* the cell to show, -1 for none */
  int              shown_cell;     /* the cell the labels show, -1 for none */
  guint16          word;
  guint16          previous;
  gboolean         following;
  gboolean         selecting;      /* the inspector itself moves the selection */
  gboolean         frontier_dirty;
  gboolean         log_pinned;     /* new lines scroll the log to its end */
  gboolean         log_scroll_pending;
  size_t           frontier_total;
  guint            text_size;
  char            *message;

  /* Predict mode, which owns the question and the answer the panel
   * shows (bitmaze_inspector_set_predict()), or NULL */
  BitmazePredict  *predict;
  gboolean         answering;      /* as shown: the bits show an answer */
  gboolean         hide_order;     /* as shown: the frontier's order hidden */

  GdkFrameClock   *frame_clock;
  gulong           after_paint_id;

  GtkButton       *bits[16];

  /* Template widgets */
  GtkToggleButton *follow_button;
  GtkLabel        *cell_label;
  GtkLabel        *word_label;
  GtkLabel        *previous_label;
  GtkLabel        *decimal_label;
  GtkLabel        *binary_label;
  GtkGrid         *bits_grid;
  GtkWidget       *under_bits;  /* owned by the box it is in */
  GtkRevealer     *message_revealer;
  GtkLabel        *message_label;
  GtkLabel        *log_count_label;
  GtkScrolledWindow *log_scroller;
  GtkListView     *log_view;
  GtkLabel        *frontier_title;
  GtkLabel        *frontier_count_label;
  GtkListView     *frontier_view;
  GtkDropDown     *label_mode_dropdown;
  GtkGrid         *legend_grid;
  GtkLabel        *log_explain_label;
  const MazeAlgorithm *legend_for; /* whose frontier the legend names */
  gboolean         legend_named;
};

G_DEFINE_FINAL_TYPE (BitmazeInspector, bitmaze_inspector, GTK_TYPE_BOX)

/* ---- predict mode, as BitmazePredict has it ---- */

/* The cell of the word question open or revealed, or -1: the panel then
 * shows it, its bits the answer instead of the word. */
static int
answer_cell (BitmazeInspector *self)
{
  const MazeQuestion *q = self->predict != NULL ? bitmaze_predict_get_question (self->predict) : NULL;

  return q != NULL && q->kind == MAZE_QUESTION_WORD ? (int) q->index : -1;
}

static gboolean
answer_editable (BitmazeInspector *self)
{
  return answer_cell (self) >= 0 && bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_ASKING;
}

/* The bits a revealed answer got wrong. */
static guint16
answer_wrong (BitmazeInspector *self)
{
  if (answer_cell (self) < 0 || bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_REVEALED)
    return 0;
  return (guint16) bitmaze_predict_get_differ (self->predict);
}

/* A "which cell comes next?" question waits: the frontier's order (its
 * first cell) would be the answer. */
static gboolean
order_hidden (BitmazeInspector *self)
{
  const MazeQuestion *q = self->predict != NULL ? bitmaze_predict_get_question (self->predict) : NULL;

  return q != NULL && q->kind == MAZE_QUESTION_CELL
         && bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_ASKING;
}


static void refresh_cell     (BitmazeInspector *self);
static void refresh_frontier (BitmazeInspector *self);
static gboolean log_follows_end (BitmazeInspector *self);
static void log_scroll_to_end (BitmazeInspector *self);

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

/* The nibble of bit @bit: 0 passages, 1 border, 2 solution, 3 backtrack. */
static const char *
nibble_name (guint nibble)
{
  switch (nibble)
    {
    /* Translators: the name of bits 0-3 of a cell, a set bit is a knocked-down wall */
    case 0: return _("passages");
    /* Translators: the name of bits 4-7 of a cell, a set bit is a side on the maze's outer edge */
    case 1: return _("border");
    /* Translators: the name of bits 8-11 of a cell, where the solution path leaves the cell */
    case 2: return _("solution");
    /* Translators: the name of bits 12-15 of a cell, where the search came from */
    case 3: return _("backtrack");
    default: return "?";
    }
}

/* What a 1 in bit @bit means, for the tooltip and the accessible description. */
static char *
bit_meaning (guint bit)
{
  guint16 dir = (guint16) (1u << (bit & 3));
  const char *side = bitmaze_direction_name (dir);
  guint mask = 1u << bit;

  switch (bit / 4)
    {
    case 0:
      /* Translators: tooltip of a passage bit; %s is a direction ("north"), then the bit number and its mask */
      return g_strdup_printf (_("1 means the wall on the %s side is knocked down: a passage.\nBit %u, mask 0x%04X."),
                              side, bit, mask);
    case 1:
      /* Translators: tooltip of a border bit; %s is a direction ("north"), then the bit number and its mask */
      return g_strdup_printf (_("1 means the %s side lies on the outer edge of the maze. Border bits are set when the maze is made and never change.\nBit %u, mask 0x%04X."),
                              side, bit, mask);
    case 2:
      /* Translators: tooltip of a solution bit; %s is a direction ("north"), then the bit number and its mask */
      return g_strdup_printf (_("1 means the solution path leaves this cell to the %s. At most one solution bit is set.\nBit %u, mask 0x%04X."),
                              side, bit, mask);
    default:
      /* Translators: tooltip of a backtrack bit; %s is a direction ("north"), then the bit number and its mask */
      return g_strdup_printf (_("1 means the search reached this cell from its neighbour to the %s. At most one backtrack bit is set.\nBit %u, mask 0x%04X."),
                              side, bit, mask);
    }
}

/* ------------------------------------------------------------------ */
/* The cell                                                            */
/* ------------------------------------------------------------------ */

static Maze *
inspector_maze (BitmazeInspector *self)
{
  return self->session != NULL ? bitmaze_session_get_maze (self->session) : NULL;
}

static void
set_message (BitmazeInspector *self,
             const char       *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  if (message != NULL)
    gtk_label_set_label (self->message_label, message);
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

static char *
binary_markup (guint16 word,
               guint16 changed)
{
  GString *markup = g_string_new (NULL);

  for (int bit = 15; bit >= 0; bit--)
    {
      char digit = (word >> bit) & 1 ? '1' : '0';

      if (changed & (1u << bit))
        g_string_append_printf (markup, "<span weight=\"heavy\" underline=\"double\">%c</span>", digit);
      else
        g_string_append_c (markup, digit);
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (markup, ' ');
    }

  return g_string_free (markup, FALSE);
}

static void
update_bit_button (BitmazeInspector *self,
                   guint             bit,
                   gboolean          sensitive,
                   gboolean          value,
                   gboolean          changed)
{
  GtkWidget *button = GTK_WIDGET (self->bits[bit]);
  g_autofree char *label = NULL;
  g_autofree char *meaning = bit_meaning (bit);

  gtk_button_set_label (self->bits[bit], value ? "1" : "0");
  gtk_widget_set_sensitive (button, sensitive);
  if (value)
    gtk_widget_add_css_class (button, "bitmaze-bit-set");
  else
    gtk_widget_remove_css_class (button, "bitmaze-bit-set");
  if (changed)
    gtk_widget_add_css_class (button, "bitmaze-bit-changed");
  else
    gtk_widget_remove_css_class (button, "bitmaze-bit-changed");

  /* Translators: the accessible name of a bit button: "Bit 12, backtrack north, 1";
   * the first %s is the nibble's name, the second a direction */
  label = g_strdup_printf (_("Bit %u, %s %s, %u"), bit, nibble_name (bit / 4),
                           bitmaze_direction_name ((guint16) (1u << (bit & 3))), value ? 1u : 0u);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, meaning,
                                  -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button),
                               GTK_ACCESSIBLE_STATE_PRESSED,
                               value ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

/* The border bits of @cell, where a shaped maze's edge runs, say that
 * the neighbour on that side is outside the maze; elsewhere their
 * general meaning. */
static void
update_border_tooltips (BitmazeInspector *self,
                        const Maze       *maze,
                        guint             cell)
{
  for (guint bit = 4; bit < 8; bit++)
    {
      g_autofree char *meaning = bitmaze_shape_border_meaning (maze, cell, bit);

      if (meaning == NULL)
        meaning = bit_meaning (bit);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->bits[bit]), meaning);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->bits[bit]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, meaning,
                                      -1);
    }
}

/* The cell the panel should show when nothing is selected and no step
 * was followed: the start. */
static int
default_cell (BitmazeInspector *self)
{
  Maze *maze = inspector_maze (self);

  return maze != NULL ? (int) maze_start (maze) : -1;
}

static void
refresh_cell (BitmazeInspector *self)
{
  Maze *maze = inspector_maze (self);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;
  guint16 word, changed;
  guint16 before = 0, after = 0;
  guint x, y;
  int answer = answer_cell (self);
  int cell = answer >= 0 ? answer : self->cell;

  if (maze == NULL || cell < 0 || (guint) cell >= maze_n_cells (maze))
    cell = default_cell (self);

  if (maze == NULL || cell < 0)
    {
      self->shown_cell = -1;
      gtk_label_set_label (self->cell_label, _("No maze"));
      gtk_label_set_label (self->word_label, "");
      gtk_label_set_label (self->previous_label, "");
      gtk_label_set_label (self->decimal_label, "");
      gtk_label_set_label (self->binary_label, "");
      for (guint bit = 0; bit < 16; bit++)
        update_bit_button (self, bit, FALSE, FALSE, FALSE);
      return;
    }

  /* One outline on the maze: the cell shown here is the cell outlined
   * there, whether it was clicked, followed or asked about. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->view != NULL
      && bitmaze_maze_view_get_maze (self->view) == maze
      && bitmaze_maze_view_get_selected_cell (self->view) != cell)
    {
      self->selecting = TRUE;
      bitmaze_maze_view_set_selected_cell (self->view, cell);
      self->selecting = FALSE;
    }

  word = maze_cells_const (maze)[cell];
  if (cell != self->shown_cell || word != self->word)
    {
      /* The last logged operation on the cell gives the word before it;
       * a change from elsewhere (reset, an edit) is diffed against what
       * was shown. */
      if (bitmaze_op_log_find_last_change (self->log, (guint) cell, &before, &after) && after == word)
        self->previous = before;
      else if (cell == self->shown_cell)
        self->previous = self->word;
      else
        self->previous = word;
    }
  self->shown_cell = cell;
  self->word = word;
  changed = self->word ^ self->previous;

  x = (guint) cell % maze_width (maze);
  y = (guint) cell / maze_width (maze);
  if ((guint) cell == maze_start (maze) && (guint) cell == maze_goal (maze))
    /* Translators: the cell shown in the inspector: its coordinates and its index in the array */
    title = g_strdup_printf (_("Cell (%u, %u) · maze[%u] · start and goal"), x, y, (guint) cell);
  else if ((guint) cell == maze_start (maze))
    title = g_strdup_printf (_("Cell (%u, %u) · maze[%u] · start"), x, y, (guint) cell);
  else if ((guint) cell == maze_goal (maze))
    title = g_strdup_printf (_("Cell (%u, %u) · maze[%u] · goal"), x, y, (guint) cell);
  else if (!maze_contains (maze, (guint) cell))
    /* Translators: the cell shown in the inspector, a cell of the grid
     * that is not part of a shaped maze (a heart, a circle) */
    title = g_strdup_printf (_("Cell (%u, %u) · maze[%u] · outside the maze"), x, y, (guint) cell);
  else
    title = g_strdup_printf (_("Cell (%u, %u) · maze[%u]"), x, y, (guint) cell);
  gtk_label_set_label (self->cell_label, title);

  text = g_strdup_printf ("0x%04X", word);
  gtk_label_set_label (self->word_label, text);
  g_clear_pointer (&text, g_free);

  if (changed != 0)
    /* Translators: the cell's word before the last operation, shown beside the new word */
    text = g_strdup_printf (_("was 0x%04X"), self->previous);
  gtk_label_set_label (self->previous_label, text != NULL ? text : "");
  g_clear_pointer (&text, g_free);

  if (changed != 0)
    /* Translators: the cell's word in decimal, now and before the last operation */
    text = g_strdup_printf (_("Decimal %u, was %u"), word, self->previous);
  else
    /* Translators: the cell's word in decimal */
    text = g_strdup_printf (_("Decimal %u"), word);
  gtk_label_set_label (self->decimal_label, text);

  markup = binary_markup (word, changed);
  gtk_label_set_markup (self->binary_label, markup);

  if (answer >= 0)
    {
      guint16 answer_word = (guint16) bitmaze_predict_get_answer_word (self->predict);
      guint16 wrong = answer_wrong (self);

      /* Predict mode: the student's answer, its wrong bits marked. */
      for (guint bit = 0; bit < 16; bit++)
        {
          GtkWidget *button = GTK_WIDGET (self->bits[bit]);

          /* Still sensitive once revealed, to stay readable; clicks then
           * change nothing (bit_clicked_cb). */
          update_bit_button (self, bit, TRUE, (answer_word >> bit) & 1, FALSE);
          gtk_widget_add_css_class (button, "bitmaze-bit-answer");
          if ((wrong >> bit) & 1)
            gtk_widget_add_css_class (button, "bitmaze-bit-wrong");
          else
            gtk_widget_remove_css_class (button, "bitmaze-bit-wrong");
        }
    }
  else
    for (guint bit = 0; bit < 16; bit++)
      {
        gtk_widget_remove_css_class (GTK_WIDGET (self->bits[bit]), "bitmaze-bit-answer");
        gtk_widget_remove_css_class (GTK_WIDGET (self->bits[bit]), "bitmaze-bit-wrong");
        update_bit_button (self, bit, TRUE, (word >> bit) & 1, (changed >> bit) & 1);
      }
  update_border_tooltips (self, maze, (guint) cell);
}

/* The cell a step is about: its own cell when it changed it, else the
 * first cell it changed (a solution bit written into the parent). */
static int
step_cell (const MazeStep *step)
{
  if (step->n_changes == 0)
    return step->kind == MAZE_STEP_NO_PATH ? -1 : (int) step->cell;

  for (unsigned i = 0; i < step->n_changes; i++)
    if (step->changes[i].index == step->cell)
      return (int) step->cell;

  return (int) step->changes[0].index;
}

/* ------------------------------------------------------------------ */
/* The frontier                                                        */
/* ------------------------------------------------------------------ */

static const char *
frontier_title (BitmazeInspector *self)
{
  const MazeAlgorithm *solver = maze_algorithm_find (maze_solvers, bitmaze_session_get_solver (self->session),
                                                     NULL, NULL);

  if (self->hide_order)
    /* Translators: the frontier list's title while a predict question
     * asks which cell comes next: its usual order would be the answer */
    return _("Frontier, in reading order until the answer");
  if (bitmaze_session_get_phase (self->session) == BITMAZE_PHASE_BUILDING)
    return _("Generator’s working set, next first");
  if (solver == NULL || solver->frontier == NULL)
    return _("Frontier, next first");
  return _(solver->frontier);
}

/* The frontier's first FRONTIER_SHOWN cells in reading order, taken from
 * all @total of them (the first ones in the search's order would hold the
 * answer); those already in self->frontier when they are all of it. */
static void
sort_frontier (BitmazeInspector *self,
               size_t            total)
{
  g_autofree guint32 *all = NULL;

  if (total <= FRONTIER_SHOWN)
    {
      maze_sort_cells (self->frontier, total);
      return;
    }
  all = g_new (guint32, total);
  total = MIN (total, bitmaze_session_get_frontier (self->session, all, total));
  maze_sort_cells (all, total);
  memcpy (self->frontier, all, MIN (total, FRONTIER_SHOWN) * sizeof *all);
}

static void
refresh_frontier (BitmazeInspector *self)
{
  Maze *maze = inspector_maze (self);
  g_autofree char *count = NULL;
  const char *strings[FRONTIER_SHOWN + 1];
  g_autofree char *texts = NULL;
  size_t n = 0, total = 0;

  self->frontier_dirty = FALSE;

  if (maze != NULL)
    total = bitmaze_session_get_frontier (self->session, self->frontier, FRONTIER_SHOWN);
  if (self->hide_order && total > 1)
    sort_frontier (self, total);
  n = MIN (total, FRONTIER_SHOWN);
  self->frontier_total = total;

  /* One buffer for all the strings: "(65535, 65535)" fits in 24 bytes. */
  texts = g_malloc (24 * (n + 1));
  for (size_t i = 0; i < n; i++)
    {
      char *text = texts + 24 * i;
      guint width = maze_width (maze);

      g_snprintf (text, 24, "(%u, %u)", self->frontier[i] % width, self->frontier[i] / width);
      strings[i] = text;
    }
  strings[n] = NULL;

  gtk_string_list_splice (self->frontier_model, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->frontier_model)),
                          strings);

  gtk_label_set_label (self->frontier_title, frontier_title (self));
  /* Translators: how many cells the frontier holds */
  count = g_strdup_printf (ngettext ("%lu cell", "%lu cells", (gulong) total), (gulong) total);
  gtk_label_set_label (self->frontier_count_label, count);
}

/* ------------------------------------------------------------------ */
/* Following the session                                               */
/* ------------------------------------------------------------------ */

static void
update_log_count (BitmazeInspector *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  g_autofree char *text = NULL;

  if (n >= bitmaze_op_log_get_capacity (self->log))
    /* Translators: the operation log is full; %u is how many it keeps */
    text = g_strdup_printf (_("last %u"), n);
  else
    text = g_strdup_printf ("%u", n);
  gtk_label_set_label (self->log_count_label, text);
}

static void
steps_done (BitmazeInspector *self,
            const MazeStep   *steps,
            guint             n)
{
  Maze *maze = inspector_maze (self);
  gboolean at_end;

  if (maze == NULL || n == 0)
    return;

  at_end = log_follows_end (self);
  bitmaze_op_log_append (self->log, steps, n,
                         bitmaze_session_get_algorithm (self->session),
                         maze_width (maze));
  update_log_count (self);
  /* Scrolled after the next layout, once the new rows have a size. */
  if (at_end)
    self->log_scroll_pending = TRUE;

  if (self->following)
    {
      for (guint i = n; i-- > 0;)
        {
          int cell = step_cell (&steps[i]);

          if (cell >= 0)
            {
              self->cell = cell;
              break;
            }
        }
    }

  self->frontier_dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
session_step_done_cb (BitmazeInspector *self,
                      gpointer          step)
{
  steps_done (self, step, 1);
  /* A single step is seen at once, not a frame later. */
  bitmaze_inspector_sync (self);
}

static void
session_steps_done_cb (BitmazeInspector *self,
                       gpointer          steps,
                       guint             n)
{
  steps_done (self, steps, n);
}

/* Back or a jump: the log holds the steps up to the one shown. */
static void
session_history_moved_cb (BitmazeInspector *self,
                          gpointer          steps,
                          guint             n)
{
  bitmaze_op_log_clear (self->log);
  update_log_count (self);
  if (n > 0)
    steps_done (self, steps, n);
  else if (self->following)
    self->cell = -1;
  self->log_scroll_pending = TRUE;
  bitmaze_inspector_sync (self);
}

/* A change by hand (a bit flipped, a move in Play mode): logged as the
 * user's own, without an algorithm. */
static void
session_edited_cb (BitmazeInspector *self,
                   const MazeStep   *step)
{
  Maze *maze = inspector_maze (self);

  if (maze == NULL)
    return;
  bitmaze_op_log_append (self->log, step, 1, NULL, maze_width (maze));
  update_log_count (self);
  if (log_follows_end (self))
    self->log_scroll_pending = TRUE;
  self->frontier_dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
session_maze_cb (BitmazeInspector *self)
{
  /* A new search: its log shows from the end again. */
  if (self->following)
    self->log_pinned = TRUE;
  bitmaze_op_log_clear (self->log);
  update_log_count (self);
  set_message (self, NULL);
  self->cell = bitmaze_maze_view_get_selected_cell (self->view);
  self->shown_cell = -1;
  self->frontier_dirty = TRUE;
  bitmaze_inspector_sync (self);
}

static void
view_selected_cb (BitmazeInspector *self)
{
  int selected = bitmaze_maze_view_get_selected_cell (self->view);

  if (self->selecting || selected < 0)
    return;

  /* The user picked a cell: show it until the next step, which the
   * panel shows again if it follows the search (only its switch turns
   * following off). */
  self->cell = selected;
  set_message (self, NULL);
  refresh_cell (self);
}

/* Once a frame: whatever changed the maze (a step, Reset, an edit, a new
 * file), the panel catches up with what the view has just painted. */
static void
after_paint_cb (BitmazeInspector *self)
{
  Maze *maze = inspector_maze (self);
  int cell = self->cell;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  if (maze != NULL && (cell < 0 || (guint) cell >= maze_n_cells (maze)))
    cell = default_cell (self);
  if (maze != NULL && cell >= 0 &&
      (cell != self->shown_cell || maze_cells_const (maze)[cell] != self->word))
    refresh_cell (self);
  else if (maze == NULL && self->shown_cell >= 0)
    refresh_cell (self);

  if (self->log_scroll_pending)
    {
      self->log_scroll_pending = FALSE;
      log_scroll_to_end (self);
    }

  if (self->frontier_dirty)
    refresh_frontier (self);
}

static void update_legend (BitmazeInspector *self);

static void
session_moved_cb (BitmazeInspector *self)
{
  update_legend (self);
  self->frontier_dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* User actions                                                        */
/* ------------------------------------------------------------------ */

static char *
refusal_message (BitmazeInspector *self,
                 guint             cell,
                 guint             bit,
                 const GError     *error)
{
  Maze *maze = inspector_maze (self);
  guint16 dir = (guint16) (1u << (bit & 3));
  guint x, y;

  if (maze == NULL || cell >= maze_n_cells (maze) || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT))
    return g_strdup (error->message);

  x = cell % maze_width (maze);
  y = cell / maze_width (maze);

  if (bit / 4 == 1 && maze_cell_on_border (maze_cells_const (maze)[cell], dir))
    /* Translators: why a border bit cannot be flipped; %s is a direction */
    return g_strdup_printf (_("Border bits never change: the %s side of (%u, %u) is the outer edge of the maze, so bit %u stays 1."),
                            bitmaze_direction_name (dir), x, y, bit);
  if (bit / 4 == 1)
    /* Translators: why a border bit cannot be flipped; %s is a direction */
    return g_strdup_printf (_("Border bits never change: the %s side of (%u, %u) has a neighbour, so it is not on the outer edge and bit %u stays 0."),
                            bitmaze_direction_name (dir), x, y, bit);
  if (bit / 4 >= 2)
    /* Translators: why a solution or backtrack bit cannot be set; the first %s is the nibble's name, the second a direction */
    return g_strdup_printf (_("The %s bits of (%u, %u) cannot point %s: there is no neighbour on that side, it is the outer edge of the maze."),
                            nibble_name (bit / 4), x, y, bitmaze_direction_name (dir));

  return g_strdup (error->message);
}

static void
bit_clicked_cb (GtkButton        *button,
                BitmazeInspector *self)
{
  guint bit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bit"));
  Maze *maze = inspector_maze (self);
  g_autoptr (GError) error = NULL;
  int cell = self->shown_cell;

  if (maze == NULL || cell < 0)
    return;

  if (answer_cell (self) >= 0)
    {
      /* Predict mode: the click changes the answer, never the maze (the
       * panel follows predict mode's answer-word). */
      if (answer_editable (self))
        bitmaze_predict_set_answer_word (self->predict,
                                         bitmaze_predict_get_answer_word (self->predict) ^ (1u << bit));
      return;
    }

  if (!bitmaze_session_toggle_bit (self->session, (guint) cell, bit, &error))
    {
      g_autofree char *message = refusal_message (self, (guint) cell, bit, error);

      set_message (self, message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }

  set_message (self, NULL);
  log_scroll_to_end (self);
  self->cell = cell;
  self->frontier_dirty = TRUE;
  bitmaze_inspector_sync (self);
}

static void
follow_toggled_cb (BitmazeInspector *self)
{
  gboolean following = gtk_toggle_button_get_active (self->follow_button);
  const MazeStep *last;

  if (following == self->following)
    return;

  self->following = following;
  if (following)
    {
      self->log_pinned = TRUE;
      log_scroll_to_end (self);
    }
  if (following && self->session != NULL && (last = bitmaze_session_get_last_step (self->session)) != NULL)
    {
      int cell = step_cell (last);

      if (cell >= 0)
        self->cell = cell;
      refresh_cell (self);
    }
}

static void
select_cell (BitmazeInspector *self,
             guint             cell)
{
  Maze *maze = inspector_maze (self);

  if (maze == NULL || cell >= maze_n_cells (maze))
    return;

  self->selecting = TRUE;
  bitmaze_maze_view_set_selected_cell (self->view, (int) cell);
  self->selecting = FALSE;

  self->cell = (int) cell;
  set_message (self, NULL);
  refresh_cell (self);
}

/* What each statement of @step does, from the engine's explainer, one
 * paragraph a statement: "maze[87] |= W << 12;  W is 0x8; << 12 ...". */
static char *
explain_step (const MazeStep *step)
{
  MazeStep copy = *step;
  GString *text = g_string_new (NULL);

  maze_step_complete (&copy);
  for (unsigned k = 0; k < copy.n_changes; k++)
    {
      g_autofree char *why = bitmaze_explain_statement (copy.changes[k].expr,
                                                        copy.changes[k].before, NULL, NULL);

      if (why == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, "\n\n");
      g_string_append_printf (text, "%s;\n%s", copy.changes[k].expr, why);
    }
  return g_string_free (text, FALSE);
}

/* The explanation of a line, asked for only when the pointer rests on it
 * (at full speed the rows are bound far more often than read). */
static gboolean
log_query_tooltip_cb (GtkWidget  *label,
                      int         x,
                      int         y,
                      gboolean    keyboard,
                      GtkTooltip *tooltip,
                      gpointer    user_data)
{
  BitmazeOpItem *op = g_object_get_data (G_OBJECT (label), "op-item");
  g_autofree char *why = NULL;
  g_autofree char *code = NULL;
  g_autofree char *description = NULL;
  g_autofree char *text = NULL;

  if (op == NULL)
    return FALSE;
  /* The whole line first (a narrow panel cuts it), then why. */
  why = explain_step (bitmaze_op_item_get_step (op));
  code = bitmaze_op_item_dup_code (op);
  description = bitmaze_op_item_dup_description (op);
  text = *why != '\0' ? g_strdup_printf ("%s\n%s\n\n%s", description, code, why)
                       : g_strdup_printf ("%s\n%s", description, code);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
log_activate_cb (BitmazeInspector *self,
                 guint             position)
{
  g_autoptr (BitmazeOpItem) item = g_list_model_get_item (G_LIST_MODEL (self->log), position);

  g_autofree char *why = NULL;

  if (item == NULL)
    return;
  select_cell (self, bitmaze_op_item_get_step (item)->cell);
  /* the line explained below the log: what a keyboard reaches with Enter */
  why = explain_step (bitmaze_op_item_get_step (item));
  gtk_label_set_label (self->log_explain_label, why);
  gtk_widget_set_visible (GTK_WIDGET (self->log_explain_label), *why != '\0');
}

static void
frontier_activate_cb (BitmazeInspector *self,
                      guint             position)
{
  if (position < MIN (self->frontier_total, FRONTIER_SHOWN))
    select_cell (self, self->frontier[position]);
}

/* ------------------------------------------------------------------ */
/* Text size                                                           */
/* ------------------------------------------------------------------ */

static void
apply_text_size (BitmazeInspector *self)
{
  static const char * const classes[TEXT_SIZE_MAX + 1] = {
    NULL, "bitmaze-text-1", "bitmaze-text-2", "bitmaze-text-3",
  };

  for (guint i = 1; i <= TEXT_SIZE_MAX; i++)
    {
      if (i == self->text_size)
        gtk_widget_add_css_class (GTK_WIDGET (self), classes[i]);
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), classes[i]);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "inspector.text-bigger", self->text_size < TEXT_SIZE_MAX);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "inspector.text-smaller", self->text_size > 0);
}

static void
text_bigger_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (widget);

  bitmaze_inspector_set_text_size (self, MIN (self->text_size + 1, TEXT_SIZE_MAX));
}

static void
text_smaller_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (widget);

  bitmaze_inspector_set_text_size (self, self->text_size > 0 ? self->text_size - 1 : 0);
}

/* ------------------------------------------------------------------ */
/* Building the panel                                                  */
/* ------------------------------------------------------------------ */

static void
build_bits (BitmazeInspector *self)
{
  /* Columns as in the C layout: W S E N, bit 3 of the nibble first. */
  for (guint column = 0; column < 4; column++)
    {
      guint16 dir = (guint16) (MAZE_W >> column);
      /* Translators: a column of the bit grid: a direction's letter and
       * its bit's value, "W=8" */
      g_autofree char *key = g_strdup_printf (C_("bit key", "%s=%u"), bitmaze_direction_letter (dir), dir);
      GtkWidget *letter = gtk_label_new (key);

      gtk_widget_add_css_class (letter, "bitmaze-bit-letter");
      gtk_widget_set_tooltip_text (letter, bitmaze_direction_name (dir));
      gtk_grid_attach (self->bits_grid, letter, (int) column + 1, 0, 1, 1);
    }

  for (guint row = 0; row < 4; row++)
    {
      guint nibble = 3 - row;
      GtkWidget *name = gtk_label_new (nibble_name (nibble));
      g_autofree char *shift = g_strdup_printf ("<< %u", nibble * 4);
      GtkWidget *shift_label = gtk_label_new (shift);

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_margin_end (name, 6);
      gtk_widget_add_css_class (name, "bitmaze-nibble-name");
      gtk_grid_attach (self->bits_grid, name, 0, (int) row + 1, 1, 1);

      for (guint column = 0; column < 4; column++)
        {
          guint bit = nibble * 4 + (3 - column);
          GtkWidget *button = gtk_button_new_with_label ("0");
          g_autofree char *meaning = bit_meaning (bit);

          gtk_widget_add_css_class (button, "bitmaze-bit");
          if (nibble == 1)
            gtk_widget_add_css_class (button, "bitmaze-bit-fixed");
          gtk_widget_set_tooltip_text (button, meaning);
          g_object_set_data (G_OBJECT (button), "bit", GUINT_TO_POINTER (bit));
          g_signal_connect (button, "clicked", G_CALLBACK (bit_clicked_cb), self);
          gtk_grid_attach (self->bits_grid, button, (int) column + 1, (int) row + 1, 1, 1);
          self->bits[bit] = GTK_BUTTON (button);
        }

      gtk_widget_add_css_class (shift_label, "monospace");
      gtk_widget_add_css_class (shift_label, "dim-label");
      gtk_widget_set_margin_start (shift_label, 6);
      gtk_grid_attach (self->bits_grid, shift_label, 5, (int) row + 1, 1, 1);
    }
}

/* ---- the log's rows ---- */

/* One label a row, without wrapping: at full speed the list view binds
 * up to a couple of hundred rows a frame, and a wrapped label costs a
 * second measure. */
static void
log_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "bitmaze-op");
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (log_query_tooltip_cb), NULL);
  gtk_list_item_set_child (item, label);
}

static void
log_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  BitmazeOpItem *op = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *code = bitmaze_op_item_dup_code (op);
  g_autofree char *description = bitmaze_op_item_dup_description (op);
  g_autofree char *markup = g_markup_printf_escaped ("<span font_family=\"monospace\">%s</span>\n"
                                                     "<span fgalpha=\"70%%\">%s</span>",
                                                     code, description);
  g_autofree char *accessible = g_strdup_printf ("%s. %s", description, code);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  g_object_set_data (G_OBJECT (label), "op-item", op);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
}

static gboolean
log_shows_end (BitmazeInspector *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);

  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 8;
}

/* New lines keep the end of the log in view, unless the user scrolled up
 * to read, or walks the lines with the keyboard while the panel does not
 * follow the search.  (The list view moves the adjustment itself when old
 * lines go, so its value alone cannot say.) */
static gboolean
log_follows_end (BitmazeInspector *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (!self->following && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->log_view)))
    return FALSE;

  return self->log_pinned;
}

static gboolean
log_scroll_cb (GtkEventControllerScroll *controller,
               double                    dx,
               double                    dy,
               BitmazeInspector         *self)
{
  if (dy < 0)
    self->log_pinned = FALSE;
  else if (dy > 0 && log_shows_end (self))
    self->log_pinned = TRUE;

  return FALSE;
}

static void
log_scroll_to_end (BitmazeInspector *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log));

  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);
}

/* ---- the frontier's rows ---- */

static void
frontier_setup_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
frontier_bind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  BitmazeInspector         *self)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *cell = gtk_string_object_get_string (gtk_list_item_get_item (item));

  if (gtk_list_item_get_position (item) == 0 && !self->hide_order)
    {
      /* Translators: the first cell of the frontier, the one the algorithm takes next; %s is "(x, y)" */
      g_autofree char *text = g_strdup_printf (_("%s  ← next"), cell);

      gtk_label_set_label (GTK_LABEL (label), text);
      gtk_widget_add_css_class (label, "bitmaze-next");
    }
  else
    {
      gtk_label_set_label (GTK_LABEL (label), cell);
      gtk_widget_remove_css_class (label, "bitmaze-next");
    }
}

/* ---- the legend ---- */

/* What the maze's colours mean, drawn by the renderer's legend (the same
 * swatches as the presentation view, the exports and the students' page),
 * then the two colours only the window shows. */
typedef struct
{
  int         item;   /* a RenderLegendItem, or -1 */
  gsize       offset; /* of the colour in RenderPalette, for item -1 */
  const char *label;  /* for item -1 */
} LegendEntry;

static const LegendEntry legend[] = {
  { RENDER_LEGEND_VISITED, 0, NULL },
  { RENDER_LEGEND_FRONTIER, 0, NULL },
  { RENDER_LEGEND_PATH, 0, NULL },
  { RENDER_LEGEND_START, 0, NULL },
  { RENDER_LEGEND_GOAL, 0, NULL },
  /* Translators: in a colour legend: the cells a step just changed */
  { -1, G_STRUCT_OFFSET (RenderPalette, changed), N_("just changed") },
  /* Translators: in a colour legend: the outline of the selected cell */
  { -1, G_STRUCT_OFFSET (RenderPalette, selected), N_("selected") },
};

static void
inspector_palette (BitmazeInspector *self,
                   RenderPalette    *palette)
{
  if (self != NULL && self->view != NULL && bitmaze_maze_view_get_dark (self->view))
    render_palette_dark (palette);
  else
    render_palette_light (palette);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  BitmazeInspector *self = g_object_get_data (G_OBJECT (area), "inspector");
  const LegendEntry *entry = user_data;
  RenderPalette palette;
  const RenderRgba *color;

  inspector_palette (self, &palette);
  if (entry->item >= 0)
    {
      render_legend_swatch (cr, &palette, (RenderLegendItem) entry->item, 0, 0, MIN (width, height));
      return;
    }
  /* The floor first, so a translucent colour looks as on the maze. */
  cairo_set_source_rgb (cr, palette.background.red, palette.background.green, palette.background.blue);
  cairo_paint (cr);
  color = (const RenderRgba *) G_STRUCT_MEMBER_P (&palette, entry->offset);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  if (entry->offset == G_STRUCT_OFFSET (RenderPalette, selected))
    {
      cairo_set_line_width (cr, 3);
      cairo_rectangle (cr, 1.5, 1.5, width - 3, height - 3);
      cairo_stroke (cr);
    }
  else
    cairo_paint (cr);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgba (cr, palette.wall.red, palette.wall.green, palette.wall.blue, 1.0);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The algorithm whose frontier the maze shows: the generator while it
 * builds, else the solver. */
static const MazeAlgorithm *
legend_algorithm (BitmazeInspector *self)
{
  if (self->session == NULL)
    return NULL;
  if (bitmaze_session_get_phase (self->session) == BITMAZE_PHASE_BUILDING)
    return NULL;
  return maze_algorithm_find (maze_solvers, bitmaze_session_get_solver (self->session), NULL, NULL);
}

/* The labels: the frontier named for the solver ("queue" for BFS). */
static void
update_legend (BitmazeInspector *self)
{
  const MazeAlgorithm *algorithm = legend_algorithm (self);
  guint i = 0;

  if (self->legend_named && algorithm == self->legend_for)
    return;
  self->legend_for = algorithm;
  self->legend_named = TRUE;
  for (GtkWidget *box = gtk_widget_get_first_child (GTK_WIDGET (self->legend_grid));
       box != NULL && i < G_N_ELEMENTS (legend);
       box = gtk_widget_get_next_sibling (box), i++)
    {
      GtkWidget *label = gtk_widget_get_last_child (box);
      const char *text = legend[i].item >= 0
                         ? _(render_legend_label ((RenderLegendItem) legend[i].item, algorithm))
                         : _(legend[i].label);

      gtk_label_set_label (GTK_LABEL (label), text);
      gtk_widget_queue_draw (gtk_widget_get_first_child (box));
    }
}

static void
build_legend (BitmazeInspector *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (legend); i++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (NULL);

      gtk_widget_set_size_request (swatch, 16, 16);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (swatch), "inspector", self);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      (gpointer) &legend[i], NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_hexpand (box, TRUE);
      gtk_grid_attach (self->legend_grid, box, (int) (i % 2), (int) (i / 2), 1, 1);
    }
  update_legend (self);
}

static void
view_dark_cb (BitmazeInspector *self)
{
  for (GtkWidget *box = gtk_widget_get_first_child (GTK_WIDGET (self->legend_grid));
       box != NULL;
       box = gtk_widget_get_next_sibling (box))
    gtk_widget_queue_draw (gtk_widget_get_first_child (box));
}

/* ---- label mode ---- */

static const char * const label_choices[] = { "none", "hex", "nibble", NULL };

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_inspector_realize (GtkWidget *widget)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (widget);

  GTK_WIDGET_CLASS (bitmaze_inspector_parent_class)->realize (widget);

  self->frame_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->after_paint_id = g_signal_connect_swapped (self->frame_clock, "after-paint",
                                                   G_CALLBACK (after_paint_cb), self);
}

static void
bitmaze_inspector_unrealize (GtkWidget *widget)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (widget);

  if (self->frame_clock != NULL)
    {
      g_clear_signal_handler (&self->after_paint_id, self->frame_clock);
      g_clear_object (&self->frame_clock);
    }

  GTK_WIDGET_CLASS (bitmaze_inspector_parent_class)->unrealize (widget);
}

static void
bitmaze_inspector_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (bitmaze_inspector_parent_class)->map (widget);

  /* Hidden, the panel did not keep up: catch up now. */
  bitmaze_inspector_sync (BITMAZE_INSPECTOR (widget));
}

static void
bitmaze_inspector_dispose (GObject *object)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (object);

  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  g_clear_object (&self->predict);
  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_INSPECTOR);
  self->under_bits = NULL;
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bitmaze_inspector_parent_class)->dispose (object);
}

static void
bitmaze_inspector_finalize (GObject *object)
{
  BitmazeInspector *self = BITMAZE_INSPECTOR (object);

  g_clear_object (&self->session);
  g_clear_object (&self->log);
  g_clear_object (&self->frontier_model);
  g_clear_pointer (&self->frontier, g_free);
  g_clear_pointer (&self->message, g_free);

  G_OBJECT_CLASS (bitmaze_inspector_parent_class)->finalize (object);
}

static void
bitmaze_inspector_class_init (BitmazeInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_inspector_dispose;
  object_class->finalize = bitmaze_inspector_finalize;
  widget_class->realize = bitmaze_inspector_realize;
  widget_class->unrealize = bitmaze_inspector_unrealize;
  widget_class->map = bitmaze_inspector_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/bitmaze/Bitmaze/bitmaze-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, follow_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, cell_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, word_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, previous_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, decimal_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, binary_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, bits_grid);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, message_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, log_count_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, log_view);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, frontier_title);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, frontier_count_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, frontier_view);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, label_mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, legend_grid);
  gtk_widget_class_bind_template_child (widget_class, BitmazeInspector, log_explain_label);
  gtk_widget_class_bind_template_callback (widget_class, follow_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, log_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, frontier_activate_cb);

  gtk_widget_class_install_action (widget_class, "inspector.text-bigger", NULL, text_bigger_action);
  gtk_widget_class_install_action (widget_class, "inspector.text-smaller", NULL, text_smaller_action);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bitmaze_inspector_init (BitmazeInspector *self)
{
  GtkListItemFactory *factory;
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cell = -1;
  self->shown_cell = -1;
  self->following = TRUE;
  self->log_pinned = TRUE;
  self->frontier = g_new (uint32_t, FRONTIER_SHOWN);
  self->log = bitmaze_op_log_new (BITMAZE_INSPECTOR_LOG_MAX);
  self->frontier_model = gtk_string_list_new (NULL);

  build_bits (self);
  build_legend (self);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (log_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (log_bind_cb), self);
  gtk_list_view_set_factory (self->log_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->log_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->log)))));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (log_scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->log_scroller), controller);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (frontier_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (frontier_bind_cb), self);
  gtk_list_view_set_factory (self->frontier_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->frontier_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->frontier_model)))));

  update_log_count (self);
  apply_text_size (self);
}

/* ------------------------------------------------------------------ */
/* API                                                                 */
/* ------------------------------------------------------------------ */

BitmazeInspector *
bitmaze_inspector_new (BitmazeSession  *session,
                       BitmazeMazeView *view)
{
  BitmazeInspector *self;

  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (view), NULL);

  self = g_object_new (BITMAZE_TYPE_INSPECTOR, NULL);
  self->session = g_object_ref (session);
  self->view = view;
  self->settings = g_settings_new (APP_ID);

  bitmaze_inspector_set_text_size (self, g_settings_get_uint (self->settings, "inspector-text-size"));
  bitmaze_settings_bind_choice (self->settings, "label-mode",
                                self->label_mode_dropdown, "selected", label_choices);

  g_signal_connect_object (session, "step-done", G_CALLBACK (session_step_done_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "steps-done", G_CALLBACK (session_steps_done_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "history-moved", G_CALLBACK (session_history_moved_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "edited", G_CALLBACK (session_edited_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::maze", G_CALLBACK (session_maze_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "moved", G_CALLBACK (session_moved_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::solver", G_CALLBACK (session_moved_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::selected-cell", G_CALLBACK (view_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::dark", G_CALLBACK (view_dark_cb), self, G_CONNECT_SWAPPED);

  self->cell = bitmaze_maze_view_get_selected_cell (view);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  /* Opened in the middle of a build or a search: the log starts with
   * the steps so far, not empty. */
  {
    guint max = bitmaze_op_log_get_capacity (self->log);
    g_autofree MazeStep *steps = g_new (MazeStep, max);
    guint n = bitmaze_session_get_recent_steps (session, steps, max);
    int cell = self->cell;

    if (n > 0)
      steps_done (self, steps, n);
    /* the cell the view shows selected stays the panel's */
    if (cell >= 0)
      self->cell = cell;
  }
  update_legend (self);

  return self;
}

int
bitmaze_inspector_get_cell (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), -1);

  return self->shown_cell;
}

guint16
bitmaze_inspector_get_word (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), 0);

  return self->word;
}

guint16
bitmaze_inspector_get_previous (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), 0);

  return self->previous;
}

gboolean
bitmaze_inspector_get_following (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), FALSE);

  return self->following;
}

void
bitmaze_inspector_set_following (BitmazeInspector *self,
                                 gboolean          following)
{
  g_return_if_fail (BITMAZE_IS_INSPECTOR (self));

  gtk_toggle_button_set_active (self->follow_button, following);
}

GtkWidget *
bitmaze_inspector_get_bit_button (BitmazeInspector *self,
                                  guint             bit)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (bit < 16, NULL);

  return GTK_WIDGET (self->bits[bit]);
}

BitmazeOpLog *
bitmaze_inspector_get_log (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), NULL);

  return self->log;
}

GListModel *
bitmaze_inspector_get_frontier (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), NULL);

  return G_LIST_MODEL (self->frontier_model);
}

const char *
bitmaze_inspector_get_message (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), NULL);

  return self->message;
}

const char *
bitmaze_inspector_get_text (BitmazeInspector *self,
                            const char       *which)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), NULL);

  if (g_str_equal (which, "word"))
    return gtk_label_get_text (self->word_label);
  if (g_str_equal (which, "previous"))
    return gtk_label_get_text (self->previous_label);
  if (g_str_equal (which, "decimal"))
    return gtk_label_get_text (self->decimal_label);
  if (g_str_equal (which, "binary"))
    return gtk_label_get_text (self->binary_label);
  if (g_str_equal (which, "cell"))
    return gtk_label_get_text (self->cell_label);
  if (g_str_equal (which, "frontier"))
    return gtk_label_get_text (self->frontier_title);
  if (g_str_equal (which, "explanation"))
    return gtk_label_get_text (self->log_explain_label);
  /* "legend-frontier": the legend's name for the frontier's colour */
  if (g_str_equal (which, "legend-frontier"))
    {
      GtkWidget *box = gtk_widget_get_next_sibling (gtk_widget_get_first_child (GTK_WIDGET (self->legend_grid)));

      return gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (box)));
    }

  return NULL;
}

guint
bitmaze_inspector_get_text_size (BitmazeInspector *self)
{
  g_return_val_if_fail (BITMAZE_IS_INSPECTOR (self), 0);

  return self->text_size;
}

void
bitmaze_inspector_set_text_size (BitmazeInspector *self,
                                 guint             size)
{
  g_return_if_fail (BITMAZE_IS_INSPECTOR (self));

  size = MIN (size, TEXT_SIZE_MAX);
  if (size == self->text_size)
    return;

  self->text_size = size;
  apply_text_size (self);
  if (self->settings != NULL)
    g_settings_set_uint (self->settings, "inspector-text-size", size);
}

void
bitmaze_inspector_sync (BitmazeInspector *self)
{
  g_return_if_fail (BITMAZE_IS_INSPECTOR (self));

  refresh_cell (self);
  refresh_frontier (self);
}

void
bitmaze_inspector_set_under_bits (BitmazeInspector *self,
                                  GtkWidget        *widget)
{
  GtkWidget *box;

  g_return_if_fail (BITMAZE_IS_INSPECTOR (self));
  g_return_if_fail (widget == NULL || GTK_IS_WIDGET (widget));

  if (self->under_bits == widget)
    return;
  box = gtk_widget_get_parent (GTK_WIDGET (self->bits_grid));
  if (self->under_bits != NULL)
    gtk_box_remove (GTK_BOX (box), self->under_bits);
  self->under_bits = widget;
  if (widget != NULL)
    gtk_box_insert_child_after (GTK_BOX (box), widget, GTK_WIDGET (self->bits_grid));
}

/* Predict mode's question or answer changed: the note, the bits, and
 * the frontier's order. */
static void
predict_changed_cb (BitmazeInspector *self)
{
  int cell = answer_cell (self);
  gboolean hide = order_hidden (self);

  if (hide != self->hide_order)
    {
      self->hide_order = hide;
      refresh_frontier (self);
    }
  if (cell < 0 && !self->answering)
    return;
  self->answering = cell >= 0;
  if (cell >= 0 && answer_editable (self))
    /* Translators: the bit inspector's note while a predict question is open */
    set_message (self, _("Your answer: click the bits into the word you expect. The maze does not change."));
  else if (cell >= 0 && answer_wrong (self) != 0)
    /* Translators: the bit inspector's note after a wrong answer to a predict question */
    set_message (self, _("Your answer: the bits outlined in red differ from the right word."));
  else
    set_message (self, NULL);
  /* A click on a bit leaves the focus in the answer field, so Enter
   * checks the answer instead of clicking the bit again. */
  for (guint bit = 0; bit < 16; bit++)
    gtk_widget_set_focus_on_click (GTK_WIDGET (self->bits[bit]), cell < 0);
  refresh_cell (self);
}

void
bitmaze_inspector_set_predict (BitmazeInspector *self,
                               BitmazePredict   *predict)
{
  g_return_if_fail (BITMAZE_IS_INSPECTOR (self));
  g_return_if_fail (predict == NULL || BITMAZE_IS_PREDICT (predict));

  if (self->predict == predict)
    return;
  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  g_set_object (&self->predict, predict);
  if (predict != NULL)
    {
      g_signal_connect_object (predict, "asked", G_CALLBACK (predict_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (predict, "notify::state", G_CALLBACK (predict_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (predict, "notify::answer-word", G_CALLBACK (predict_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  predict_changed_cb (self);
}
