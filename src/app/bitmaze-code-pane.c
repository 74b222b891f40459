/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-code-pane.h"

struct _BitmazeCodePane
{
  GtkWidget            parent_instance;

  BitmazeSession      *session;
  const MazeAlgorithm *algorithm;
  GtkLabel            *title;
  GtkScrolledWindow   *scroller;
  GtkListBox          *list;
  GtkLabel            *status;
  GPtrArray           *rows;    /* (element-type GtkListBoxRow), line n at n - 1 */
  guint                line;    /* highlighted, 0 for none */
  guint16              wrote[MAZE_STEP_MAX_CHANGES];
  guint                scroll_id;
  gboolean             hide_comments;
  gboolean             seeking; /* the move is a click's: its sentence stays */
};

G_DEFINE_FINAL_TYPE (BitmazeCodePane, bitmaze_code_pane, GTK_TYPE_WIDGET)

/* The descriptor of the session's algorithm in progress. */
static const MazeAlgorithm *
session_algorithm (BitmazeSession *session)
{
  const char *name = bitmaze_session_get_algorithm (session);
  const MazeAlgorithm *algorithm;

  if (name == NULL)
    return NULL;
  algorithm = maze_algorithm_find (maze_generators, name, NULL, NULL);
  if (algorithm == NULL)
    algorithm = maze_algorithm_find (maze_solvers, name, NULL, NULL);
  return algorithm;
}

static void
set_status (BitmazeCodePane *self,
            const char      *text)
{
  gtk_label_set_label (self->status, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status), text != NULL && text[0] != '\0');
}

/* Builds a row a line: its number, then the line with its comment in
 * the user's language. */
static void
fill_listing (BitmazeCodePane *self)
{
  g_autoptr (PangoAttrList) no_hyphens = NULL;
  GtkWidget *child;
  unsigned n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->rows, 0);
  self->line = 0;
  gtk_label_set_label (self->title, self->algorithm != NULL ? _(self->algorithm->label) : "");
  if (self->algorithm == NULL)
    return;

  n = maze_listing_length (self->algorithm);
  no_hyphens = pango_attr_list_new ();
  pango_attr_list_insert (no_hyphens, pango_attr_insert_hyphens_new (FALSE));
  for (unsigned i = 1; i <= n; i++)
    {
      const MazeListingLine *line = maze_listing_line (self->algorithm, i);
      g_autofree char *number = g_strdup_printf ("%2u", i);
      const char *comment = line->comment != NULL && !self->hide_comments ? _(line->comment) : NULL;
      g_autofree char *text = NULL;

      if (comment != NULL)
        text = maze_listing_text (line, comment);
      else if (self->hide_comments)
        {
          /* short of room: the code alone, at half its indent */
          size_t indent = strspn (line->code, " ");

          text = g_strdup_printf ("%*s%s", (int) (indent / 2), "", line->code + indent);
        }
      else
        text = g_strdup (line->code);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *number_label = gtk_label_new (number);
      const char *shown = text != NULL ? text : line->code;
      size_t indent = strspn (shown, " ");
      g_autofree char *spaces = g_strnfill (indent, ' ');
      GtkWidget *indented = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkWidget *margin = gtk_label_new (spaces);
      GtkWidget *code = gtk_label_new (shown + indent);

      gtk_widget_add_css_class (number_label, "bitmaze-code-number");
      gtk_widget_set_valign (number_label, GTK_ALIGN_START);
      /* A line longer than the pane is wide wraps (at a space where it
       * can) rather than losing its end, which is often what the step is
       * about (the direction, the shift) on a projector's narrow pane.
       * Its indent is a label of spaces in the same font beside it, so a
       * wrapped line stays in its column. */
      gtk_widget_add_css_class (margin, "bitmaze-code-line");
      gtk_widget_set_valign (margin, GTK_ALIGN_START);
      gtk_widget_set_visible (margin, indent > 0);
      gtk_widget_add_css_class (code, "bitmaze-code-line");
      gtk_label_set_xalign (GTK_LABEL (code), 0);
      gtk_label_set_wrap (GTK_LABEL (code), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (code), PANGO_WRAP_WORD_CHAR);
      /* no hyphen where a name breaks: it would read as a minus */
      gtk_label_set_attributes (GTK_LABEL (code), no_hyphens);
      gtk_widget_set_hexpand (code, TRUE);
      gtk_box_append (GTK_BOX (indented), margin);
      gtk_box_append (GTK_BOX (indented), code);
      gtk_box_append (GTK_BOX (box), number_label);
      gtk_box_append (GTK_BOX (box), indented);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      /* Translators: what a line of the Code pane does when clicked */
      gtk_widget_set_tooltip_text (row, _("Go to the last step that ran this line"));
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->rows, row);
    }
}

static GtkWidget *
row_of_line (BitmazeCodePane *self,
             guint            line)
{
  if (line == 0 || line > self->rows->len)
    return NULL;
  return g_ptr_array_index (self->rows, line - 1);
}

/* Brings the highlighted lines into view once the rows have their place:
 * the step's line and the lines it wrote (the call and the statement in
 * the function it called) together when they fit, a third of the way
 * down; else the first line it wrote, the statement the log shows. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  BitmazeCodePane *self = BITMAZE_CODE_PANE (widget);
  GtkWidget *row = row_of_line (self, self->line);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  double page, value, upper, top, bottom, first_top = -1, first_bottom = 0;
  graphene_rect_t bounds;

  if (row == NULL)
    {
      self->scroll_id = 0;
      return G_SOURCE_REMOVE;
    }
  page = gtk_adjustment_get_page_size (adjustment);
  upper = gtk_adjustment_get_upper (adjustment);
  if (!gtk_widget_compute_bounds (row, GTK_WIDGET (self->list), &bounds)
      || bounds.size.height <= 0 || page <= 0 || upper < bounds.origin.y + bounds.size.height)
    return G_SOURCE_CONTINUE; /* not laid out yet */
  top = bounds.origin.y;
  bottom = top + bounds.size.height;
  for (guint k = 0; k < G_N_ELEMENTS (self->wrote); k++)
    {
      GtkWidget *wrote = row_of_line (self, self->wrote[k]);

      if (wrote == NULL)
        continue;
      if (!gtk_widget_compute_bounds (wrote, GTK_WIDGET (self->list), &bounds)
          || bounds.size.height <= 0 || upper < bounds.origin.y + bounds.size.height)
        return G_SOURCE_CONTINUE;
      if (first_top < 0)
        {
          first_top = bounds.origin.y;
          first_bottom = first_top + bounds.size.height;
        }
      top = MIN (top, bounds.origin.y);
      bottom = MAX (bottom, bounds.origin.y + bounds.size.height);
    }
  if (bottom - top > page && first_top >= 0)
    {
      top = first_top;
      bottom = first_bottom;
    }
  value = gtk_adjustment_get_value (adjustment);
  if (top < value || bottom > value + page)
    gtk_adjustment_set_value (adjustment, MAX (0, top - (page - MIN (page, bottom - top)) / 3));
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

static void
code_pane_update (BitmazeCodePane *self)
{
  const MazeAlgorithm *algorithm = self->session != NULL ? session_algorithm (self->session) : NULL;
  const MazeStep *step = self->session != NULL ? bitmaze_session_get_last_step (self->session) : NULL;
  GtkWidget *row;

  if (algorithm != self->algorithm)
    {
      self->algorithm = algorithm;
      fill_listing (self);
      set_status (self, NULL);
    }
  else if (!self->seeking)
    set_status (self, NULL);

  if ((row = row_of_line (self, self->line)) != NULL)
    gtk_widget_remove_css_class (row, "bitmaze-code-step");
  for (guint k = 0; k < G_N_ELEMENTS (self->wrote); k++)
    {
      if ((row = row_of_line (self, self->wrote[k])) != NULL)
        gtk_widget_remove_css_class (row, "bitmaze-code-write");
      self->wrote[k] = 0;
    }
  self->line = 0;
  if (step == NULL || self->algorithm == NULL)
    return;

  self->line = step->line;
  for (unsigned k = 0; k < step->n_changes && k < G_N_ELEMENTS (self->wrote); k++)
    if ((row = row_of_line (self, step->changes[k].line)) != NULL && step->changes[k].line != self->line)
      {
        self->wrote[k] = step->changes[k].line;
        gtk_widget_add_css_class (row, "bitmaze-code-write");
      }
  if ((row = row_of_line (self, self->line)) != NULL)
    {
      gtk_widget_add_css_class (row, "bitmaze-code-step");
      if (self->scroll_id == 0)
        self->scroll_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
    }
}

static void
row_activated_cb (BitmazeCodePane *self,
                  GtkListBoxRow   *row)
{
  bitmaze_code_pane_activate_line (self, (guint) gtk_list_box_row_get_index (row) + 1);
}

static void
bitmaze_code_pane_dispose (GObject *object)
{
  BitmazeCodePane *self = BITMAZE_CODE_PANE (object);
  GtkWidget *child;

  bitmaze_code_pane_set_session (self, NULL);
  if (self->scroll_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_id);
      self->scroll_id = 0;
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (bitmaze_code_pane_parent_class)->dispose (object);
}

static void
bitmaze_code_pane_class_init (BitmazeCodePaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bitmaze_code_pane_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bitmaze-code-pane");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bitmaze_code_pane_init (BitmazeCodePane *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->rows = g_ptr_array_new ();
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (widget)),
                                  GTK_ORIENTATION_VERTICAL);

  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_ellipsize (self->title, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "bitmaze-code-title");
  gtk_widget_set_parent (GTK_WIDGET (self->title), widget);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "bitmaze-code-list");
  /* Translators: the accessible name of the Code pane's listing */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Code"), -1);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  gtk_widget_set_parent (GTK_WIDGET (self->scroller), widget);

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "bitmaze-code-status");
  gtk_widget_set_visible (GTK_WIDGET (self->status), FALSE);
  gtk_widget_set_parent (GTK_WIDGET (self->status), widget);
}

GtkWidget *
bitmaze_code_pane_new (void)
{
  return g_object_new (BITMAZE_TYPE_CODE_PANE, NULL);
}

void
bitmaze_code_pane_set_session (BitmazeCodePane *self,
                               BitmazeSession  *session)
{
  g_return_if_fail (BITMAZE_IS_CODE_PANE (self));
  g_return_if_fail (session == NULL || BITMAZE_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session == NULL)
    return;
  g_signal_connect_swapped (session, "moved", G_CALLBACK (code_pane_update), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (code_pane_update), self);
  g_signal_connect_swapped (session, "notify::solver", G_CALLBACK (code_pane_update), self);
  g_signal_connect_swapped (session, "notify::phase", G_CALLBACK (code_pane_update), self);
  code_pane_update (self);
}

void
bitmaze_code_pane_set_show_comments (BitmazeCodePane *self,
                                     gboolean         show)
{
  g_return_if_fail (BITMAZE_IS_CODE_PANE (self));

  if (self->hide_comments == !show)
    return;
  self->hide_comments = !show;
  fill_listing (self);
  code_pane_update (self);
}

const MazeAlgorithm *
bitmaze_code_pane_get_algorithm (BitmazeCodePane *self)
{
  g_return_val_if_fail (BITMAZE_IS_CODE_PANE (self), NULL);

  return self->algorithm;
}

guint
bitmaze_code_pane_get_line (BitmazeCodePane *self)
{
  g_return_val_if_fail (BITMAZE_IS_CODE_PANE (self), 0);

  return self->line;
}

gboolean
bitmaze_code_pane_line_wrote (BitmazeCodePane *self,
                              guint            line)
{
  GtkWidget *row;

  g_return_val_if_fail (BITMAZE_IS_CODE_PANE (self), FALSE);

  row = row_of_line (self, line);
  return row != NULL && gtk_widget_has_css_class (row, "bitmaze-code-write");
}

gboolean
bitmaze_code_pane_activate_line (BitmazeCodePane *self,
                                 guint            line)
{
  g_autofree char *text = NULL;
  char number[32];
  guint64 step;

  g_return_val_if_fail (BITMAZE_IS_CODE_PANE (self), FALSE);

  if (self->session == NULL || row_of_line (self, line) == NULL)
    return FALSE;
  bitmaze_session_set_running (self->session, FALSE);
  step = bitmaze_session_find_line (self->session, line);
  if (step == 0)
    {
      /* Translators: under the Code pane, after a click on a line */
      text = g_strdup_printf (_("Line %u has not run up to this step."), line);
      set_status (self, text);
      return FALSE;
    }
  self->seeking = TRUE;
  bitmaze_session_seek (self->session, step);
  self->seeking = FALSE;
  g_snprintf (number, sizeof number, "%'" G_GUINT64_FORMAT, step);
  /* Translators: under the Code pane, after a click on a line: the
   * line's number and the step it last ran at, which is now shown */
  text = g_strdup_printf (_("Line %u last ran at step %s."), line, number);
  set_status (self, text);
  return TRUE;
}

const char *
bitmaze_code_pane_get_status (BitmazeCodePane *self)
{
  g_return_val_if_fail (BITMAZE_IS_CODE_PANE (self), NULL);

  return gtk_label_get_label (self->status);
}
