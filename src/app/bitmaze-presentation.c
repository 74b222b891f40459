/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "maze-render.h"

#include "bitmaze-button-content.h"
#include "bitmaze-code-pane.h"
#include "bitmaze-class-chart.h"
#include "bitmaze-class-qr.h"
#include "bitmaze-maze-view.h"
#include "bitmaze-op-log.h"
#include "bitmaze-predict-bar.h"
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
  GtkLabel        *sentence_label;
  GtkLabel        *bits[16];
  GtkWidget       *legend;
  BitmazePredict  *predict;   /* predict mode's, while its bar is here */
  /* the class session: answers, chart, how to join */
  BitmazeClassServer *server;
  GtkWidget       *class_box;
  GtkLabel        *class_headline;
  GtkWidget       *class_chart;
  GtkWidget       *join_box;
  GtkLabel        *join_label;
  GtkWidget       *qr_area;
  BitmazeClassQr  *qr;
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
  g_autofree char *sentence = NULL;
  const MazeQuestion *question = NULL;
  char binary[20], position[32], length[32];
  guint16 word;
  int cell;
  guint k = 0;

  if (maze == NULL)
    return;
  if (self->predict != NULL && bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_IDLE)
    {
      question = bitmaze_predict_get_question (self->predict);
      if (question != NULL && question->kind != MAZE_QUESTION_WORD)
        question = NULL;
    }

  /* While predict mode asks about a statement, that statement (and the
   * word before it), not the step before's. */
  if (question != NULL)
    g_string_append_printf (statement, "%s;", question->statement);
  else if (step != NULL)
    for (unsigned i = 0; i < step->n_changes; i++)
      g_string_append_printf (statement, "%s%s;", i > 0 ? " " : "", step->changes[i].expr);
  gtk_label_set_label (self->statement_label, statement->len > 0 ? statement->str : "—");

  /* the last step in words: "BFS reached (5, 3) from the west" (a
   * question's step is not done yet: saying it would give it away) */
  if (step != NULL && step->kind != MAZE_STEP_NONE)
    sentence = bitmaze_step_dup_description (step, bitmaze_session_get_algorithm (self->session),
                                             maze_width (maze));
  gtk_label_set_label (self->sentence_label, sentence != NULL ? sentence : "");
  gtk_widget_set_visible (GTK_WIDGET (self->sentence_label), sentence != NULL && *sentence != '\0');

  cell = self->picked;
  if (cell < 0 && question != NULL)
    cell = (int) question->index;
  if (cell < 0 && step != NULL)
    cell = presented_step_cell (step);
  if (cell < 0 || (guint) cell >= maze_n_cells (maze))
    cell = (int) maze_start (maze);
  word = maze_cells_const (maze)[cell];
  if (question != NULL && cell == (int) question->index
      && bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_ASKING)
    word = question->word;
  for (int bit = 0; bit < 16; bit++)
    gtk_label_set_label (self->bits[bit], (word >> bit) & 1 ? "1" : "0");
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
  /* predict mode's bar shows the word asked about: once is enough */
  gtk_widget_set_visible (GTK_WIDGET (self->cell_label), question == NULL);

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

/* ---- the key: the cell's bits, labelled ---- */

static const char *
nibble_title (guint nibble)
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
    default: return _("backtrack");
    }
}

static GtkWidget *
key_label (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The 4 x 4 grid of the cell's bits: a row a nibble (backtrack on top,
 * as in the word), a column a direction (W S E N), each with its name,
 * value and shift. */
static GtkWidget *
build_key (BitmazePresentation *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_widget_add_css_class (grid, "bitmaze-presentation-key");
  for (guint column = 0; column < 4; column++)
    {
      guint16 dir = (guint16) (MAZE_W >> column);
      /* Translators: a column of the bit grid: a direction's letter and
       * its bit's value, "W=8" */
      g_autofree char *text = g_strdup_printf (C_("bit key", "%s=%u"), bitmaze_direction_letter (dir), dir);

      gtk_grid_attach (GTK_GRID (grid), key_label (text, "bitmaze-presentation-key-head"),
                       (int) column + 1, 0, 1, 1);
    }
  for (guint row = 0; row < 4; row++)
    {
      guint nibble = 3 - row;
      g_autofree char *shift = g_strdup_printf ("<< %u", nibble * 4);
      GtkWidget *name = key_label (nibble_title (nibble), "bitmaze-presentation-key-name");

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_grid_attach (GTK_GRID (grid), name, 0, (int) row + 1, 1, 1);
      for (guint column = 0; column < 4; column++)
        {
          guint bit = nibble * 4 + (3 - column);
          GtkWidget *label = key_label ("0", "bitmaze-presentation-key-bit");

          self->bits[bit] = GTK_LABEL (label);
          gtk_grid_attach (GTK_GRID (grid), label, (int) column + 1, (int) row + 1, 1, 1);
        }
      gtk_grid_attach (GTK_GRID (grid), key_label (shift, "bitmaze-presentation-key-shift"),
                       5, (int) row + 1, 1, 1);
    }
  return grid;
}

/* ---- the legend, in the colours of the view ---- */

static const MazeAlgorithm *
legend_algorithm (BitmazePresentation *self)
{
  if (self->session == NULL || bitmaze_session_get_phase (self->session) == BITMAZE_PHASE_BUILDING)
    return NULL;
  return maze_algorithm_find (maze_solvers, bitmaze_session_get_solver (self->session), NULL, NULL);
}

#define LEGEND_FONT 22.0

static void
legend_labels (BitmazePresentation *self,
               const char          *labels[RENDER_LEGEND_N_ITEMS])
{
  const MazeAlgorithm *algorithm = legend_algorithm (self);

  for (int k = 0; k < RENDER_LEGEND_N_ITEMS; k++)
    labels[k] = _(render_legend_label ((RenderLegendItem) k, algorithm));
}

static void
draw_legend (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  BitmazePresentation *self = user_data;
  const char *labels[RENDER_LEGEND_N_ITEMS];
  RenderPalette palette;
  double w = 0, h = 0;

  bitmaze_maze_view_get_palette (self->view, &palette);
  /* the page is white, whatever the style: dark text */
  palette.label = (RenderRgba) { 0, 0, 0, 1 };
  legend_labels (self, labels);
  render_legend_draw (cr, &palette, legend_algorithm (self), labels, LEGEND_FONT, width, &w, &h);
}

static void
legend_resize_cb (GtkDrawingArea *area,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  BitmazePresentation *self = user_data;
  const char *labels[RENDER_LEGEND_N_ITEMS];
  RenderPalette palette;
  double w = 0, h = 0;

  bitmaze_maze_view_get_palette (self->view, &palette);
  legend_labels (self, labels);
  render_legend_draw (NULL, &palette, legend_algorithm (self), labels, LEGEND_FONT, width, &w, &h);
  gtk_widget_set_size_request (GTK_WIDGET (area), -1, (int) ceil (h));
}

/* ---- the class session ---- */

static void
draw_qr (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        user_data)
{
  BitmazePresentation *self = user_data;

  if (self->qr != NULL)
    bitmaze_class_qr_draw (self->qr, cr, MIN (width, height));
}

/* Answers so far and the chart, while a session runs; how to join while
 * a question is open. */
static void
class_update (BitmazePresentation *self)
{
  gboolean running = self->server != NULL && bitmaze_class_server_get_running (self->server);
  BitmazeClassState state = running ? bitmaze_class_server_get_state (self->server)
                                    : BITMAZE_CLASS_STATE_IDLE;

  gtk_widget_set_visible (self->class_box, running);
  if (!running)
    return;
  gtk_label_set_label (self->class_headline,
                       bitmaze_class_chart_get_headline (BITMAZE_CLASS_CHART (self->class_chart)));
  gtk_widget_set_visible (self->class_chart,
                          state == BITMAZE_CLASS_STATE_REVEALED
                          && bitmaze_class_chart_get_has_bars (BITMAZE_CLASS_CHART (self->class_chart)));
  /* the chart says its own headline */
  gtk_widget_set_visible (GTK_WIDGET (self->class_headline), !gtk_widget_get_visible (self->class_chart));
  gtk_widget_set_visible (self->join_box, state != BITMAZE_CLASS_STATE_REVEALED);
  if (state != BITMAZE_CLASS_STATE_REVEALED)
    {
      const char *url = bitmaze_class_server_get_url (self->server);
      /* Translators: the presentation view during a class session: the
       * address students open, then the six-digit join code */
      g_autofree char *text = g_strdup_printf (_("%s\nCode %s"), url != NULL ? url : "",
                                               bitmaze_class_server_get_join_code (self->server));
      const char *join_url = bitmaze_class_server_get_join_url (self->server);

      gtk_label_set_label (self->join_label, text);
      g_clear_pointer (&self->qr, bitmaze_class_qr_free);
      if (join_url != NULL)
        self->qr = bitmaze_class_qr_new (join_url);
      gtk_widget_queue_draw (self->qr_area);
    }
}

static GtkWidget *
build_class_box (BitmazePresentation *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *join = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label;

  gtk_widget_add_css_class (box, "bitmaze-presentation-class");
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "bitmaze-presentation-class-headline");
  self->class_headline = GTK_LABEL (label);
  gtk_box_append (GTK_BOX (box), label);

  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "bitmaze-presentation-join");
  self->join_label = GTK_LABEL (label);
  self->qr_area = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->qr_area, 96, 96);
  gtk_widget_set_valign (self->qr_area, GTK_ALIGN_START);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->qr_area), draw_qr, self, NULL);
  gtk_box_append (GTK_BOX (join), label);
  gtk_box_append (GTK_BOX (join), self->qr_area);
  self->join_box = join;
  gtk_box_append (GTK_BOX (box), join);
  gtk_widget_set_visible (box, FALSE);
  return box;
}

static void
bitmaze_presentation_dispose (GObject *object)
{
  BitmazePresentation *self = BITMAZE_PRESENTATION (object);

  bitmaze_presentation_set_session (self, NULL);
  bitmaze_presentation_set_class_server (self, NULL);
  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  g_clear_object (&self->predict);
  g_clear_pointer (&self->qr, bitmaze_class_qr_free);
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
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 16);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *side_scroller;
  GtkWidget *leave;

  self->picked = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);

  self->view = BITMAZE_MAZE_VIEW (bitmaze_maze_view_new ());
  bitmaze_maze_view_set_high_contrast (self->view, TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view), "help");
  /* beside the maze, one column: the Code pane when it is on, above the
   * key of the cell's bits, the colours and the class (side by side,
   * the two left a 1024-pixel projector's maze a thumbnail) */
  gtk_widget_set_vexpand (top, TRUE);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->view));
  self->code_pane = BITMAZE_CODE_PANE (bitmaze_code_pane_new ());
  bitmaze_code_pane_set_show_comments (self->code_pane, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->code_pane), "bitmaze-code-large");
  gtk_widget_set_visible (GTK_WIDGET (self->code_pane), FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->code_pane), TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->code_pane));
  gtk_widget_add_css_class (side, "bitmaze-presentation-side");
  gtk_widget_set_size_request (side, 300, -1);
  /* the class's answers first: after a reveal the chart is what the
   * room looks at */
  self->class_box = build_class_box (self);
  gtk_box_append (GTK_BOX (side), self->class_box);
  gtk_box_append (GTK_BOX (side), build_key (self));
  self->legend = gtk_drawing_area_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->legend), draw_legend, self, NULL);
  g_signal_connect (self->legend, "resize", G_CALLBACK (legend_resize_cb), self);
  gtk_widget_set_size_request (self->legend, -1, 60);
  gtk_box_append (GTK_BOX (side), self->legend);
  /* on a 1024 x 768 projector the maze keeps its room: the column
   * scrolls rather than push the buttons off the screen */
  side_scroller = gtk_scrolled_window_new ();
  gtk_widget_add_css_class (side_scroller, "bitmaze-presentation-side-scroller");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (side_scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side_scroller), side);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (side_scroller), TRUE);
  gtk_box_append (GTK_BOX (right), side_scroller);
  gtk_box_append (GTK_BOX (top), right);
  gtk_box_append (box, top);
  g_signal_connect_swapped (self->view, "notify::selected-cell", G_CALLBACK (presentation_picked_cb), self);

  gtk_widget_add_css_class (lines, "bitmaze-presentation-lines");
  self->statement_label = big_label (self, GTK_BOX (first), "bitmaze-presentation-statement");
  gtk_widget_set_hexpand (GTK_WIDGET (self->statement_label), TRUE);
  self->state_label = big_label (self, GTK_BOX (first), "bitmaze-presentation-state");
  gtk_label_set_xalign (self->state_label, 1);
  gtk_widget_set_valign (GTK_WIDGET (self->state_label), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (lines), first);
  self->sentence_label = big_label (self, GTK_BOX (lines), "bitmaze-presentation-sentence");
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
  g_signal_connect_swapped (session, "notify::solver", G_CALLBACK (gtk_widget_queue_draw), self->legend);
  g_signal_connect_swapped (session, "notify::phase", G_CALLBACK (gtk_widget_queue_draw), self->legend);
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
  if (g_str_equal (which, "sentence"))
    return gtk_label_get_label (self->sentence_label);
  if (g_str_equal (which, "bits"))
    {
      static char bits[17];

      for (int bit = 15; bit >= 0; bit--)
        bits[15 - bit] = gtk_label_get_label (self->bits[bit])[0];
      bits[16] = '\0';
      return bits;
    }
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
  /* the question's statement above, not the step before's */
  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  g_clear_object (&self->predict);
  if (here && BITMAZE_IS_PREDICT_BAR (bar))
    {
      self->predict = g_object_ref (bitmaze_predict_bar_get_predict (BITMAZE_PREDICT_BAR (bar)));
      g_signal_connect_swapped (self->predict, "notify::state", G_CALLBACK (presentation_update), self);
    }
  presentation_update (self);
  renew_actions (bar);
  g_object_unref (bar);
}

void
bitmaze_presentation_set_class_server (BitmazePresentation *self,
                                       BitmazeClassServer  *server)
{
  static const char *const signals[] = {
    "notify::running", "notify::joined", "notify::state", "notify::answered", "revealed",
  };

  g_return_if_fail (BITMAZE_IS_PRESENTATION (self));

  if (self->server == server)
    return;
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  if (self->class_chart != NULL)
    {
      gtk_box_remove (GTK_BOX (self->class_box), self->class_chart);
      self->class_chart = NULL;
    }
  g_set_object (&self->server, server);
  if (server != NULL)
    {
      /* the chart the class dialog shows, in type read at the back */
      self->class_chart = bitmaze_class_chart_new (server);
      gtk_widget_add_css_class (self->class_chart, "bitmaze-presentation-chart");
      gtk_box_insert_child_after (GTK_BOX (self->class_box), self->class_chart,
                                  GTK_WIDGET (self->class_headline));
      for (gsize i = 0; i < G_N_ELEMENTS (signals); i++)
        g_signal_connect_swapped (server, signals[i], G_CALLBACK (class_update), self);
    }
  if (self->class_box != NULL)
    {
      if (server != NULL)
        class_update (self);
      else
        gtk_widget_set_visible (self->class_box, FALSE);
    }
}

const char *
bitmaze_presentation_get_class_text (BitmazePresentation *self,
                                     const char          *which)
{
  g_return_val_if_fail (BITMAZE_IS_PRESENTATION (self), NULL);

  if (!gtk_widget_get_visible (self->class_box))
    return NULL;
  if (g_str_equal (which, "headline"))
    return gtk_label_get_label (self->class_headline);
  if (g_str_equal (which, "join"))
    return gtk_widget_get_visible (self->join_box) ? gtk_label_get_label (self->join_label) : NULL;
  if (g_str_equal (which, "chart"))
    return self->class_chart != NULL && gtk_widget_get_visible (self->class_chart)
           ? bitmaze_class_chart_get_details (BITMAZE_CLASS_CHART (self->class_chart)) : NULL;
  return NULL;
}
