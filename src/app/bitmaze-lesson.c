/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bitmaze-lesson.h"

/* The algorithms of the pages, by their descriptors: nobody but the
 * registry spells a name (registry.c). */
extern const MazeAlgorithm maze_generator_growing_tree_newest;
extern const MazeAlgorithm maze_generator_kruskal;
extern const MazeAlgorithm maze_generator_recursive_division;
extern const MazeAlgorithm maze_solver_dfs;
extern const MazeAlgorithm maze_solver_bfs;

/* The mazes of the lesson: small enough that each step shows. */
#define LESSON_WIDTH  12
#define LESSON_HEIGHT 8

typedef struct
{
  const char          *title;     /* N_ */
  const char          *text;      /* N_, Pango markup */
  const MazeAlgorithm *algorithm; /* a generator: the page builds; a solver: it searches */
  int                  nibble;    /* predict mode's nibble, -1 any */
  gboolean             cells;     /* "which cell comes next?" instead of words */
  guint                needed;    /* questions to answer */
  const char          *target;    /* bitmaze_lesson_get_target() */
} LessonPage;

static const LessonPage pages[BITMAZE_LESSON_PAGES] = {
  { N_("A cell is four nibbles"),
    N_("Each cell is one 16-bit word, <tt>uint16_t maze[i]</tt>, in four nibbles: "
       "passages (mask <tt>0x000F</tt>), border (<tt>0x00F0</tt>), solution "
       "(<tt>0x0F00</tt>) and backtrack (<tt>0xF000</tt>). In every nibble N is 1, "
       "E 2, S 4 and W 8. The bit inspector on the right shows a cell's 16 bits. "
       "Press S and predict the word each step leaves."),
    &maze_generator_growing_tree_newest, -1, FALSE, 2, "inspector" },
  { N_("Setting a bit with |="),
    N_("<tt>maze[cell] |= E</tt> sets the east bit and keeps the other fifteen: "
       "the wall to the east is down. A carve writes two words, in "
       "<tt>connect_cells ()</tt> of the Code pane: this side and the neighbour's "
       "side facing back. Press S and predict both words."),
    &maze_generator_kruskal, 0, FALSE, 2, "code" },
  { N_("Testing a bit with &"),
    N_("<tt>maze[cell] &amp; DIR[d]</tt> is not 0 when that bit is set: a passage "
       "leads that way. Depth-first search tests N, E, S and W in turn and takes "
       "the first open neighbour with no search bits. Press S and click the cell "
       "it takes next, or pick it with the arrow keys and press Enter."),
    &maze_solver_dfs, -1, TRUE, 2, "maze" },
  { N_("Clearing a bit with &= ~"),
    N_("<tt>~E</tt> has every bit set but the east one, so "
       "<tt>maze[cell] &amp;= ~E</tt> clears that bit alone. Recursive division "
       "starts with every inner wall open and builds walls back with "
       "<tt>build_wall ()</tt>. Press S and predict the words."),
    &maze_generator_recursive_division, 0, FALSE, 2, "code" },
  { N_("Moving to another nibble with <<"),
    N_("A shift moves a direction bit to another nibble: <tt>E &lt;&lt; 8</tt> is "
       "the east bit of the solution nibble, <tt>W &lt;&lt; 12</tt> the west bit of "
       "the backtrack nibble. Depth-first search writes its path with "
       "<tt>maze[from] |= DIR[d] &lt;&lt; 8</tt>. Press S and predict the words."),
    &maze_solver_dfs, 2, FALSE, 2, "inspector" },
  { N_("DFS writes its backtrack bits"),
    N_("Each cell depth-first search enters gets a bit pointing home: "
       "<tt>maze[to] |= OPPOSITE[d] &lt;&lt; 12</tt>. Out of a dead end, "
       "<tt>backtrack ()</tt> clears a solution nibble with "
       "<tt>&amp;= ~SOLUTION_BITS</tt>. Press S and predict the backtrack words."),
    &maze_solver_dfs, 3, FALSE, 2, "code" },
  { N_("BFS, and the way home"),
    N_("Breadth-first search reaches the cells in rings around the start and "
       "marks each with a backtrack bit towards the cell it came from. At the "
       "goal, <tt>reconstruct_solution ()</tt> follows those bits home and writes "
       "the path with <tt>&lt;&lt; 8</tt>. Press R: the search runs until the path "
       "begins. Predict its words."),
    &maze_solver_bfs, 2, FALSE, 2, "code" },
};

struct _BitmazeLesson
{
  GtkWidget       parent_instance;

  BitmazeSession *session;
  BitmazePredict *predict;
  GSettings      *settings;
  gboolean        active;
  guint           page;
  guint           answered;

  GtkLabel       *title;
  GtkLabel       *count;
  GtkLabel       *text;
  GtkLabel       *progress;
  GtkWidget      *back;
  GtkWidget      *next;
};

G_DEFINE_FINAL_TYPE (BitmazeLesson, bitmaze_lesson, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TARGET,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_labels (BitmazeLesson *self)
{
  const LessonPage *p = &pages[self->page];
  guint needed = p->needed;
  g_autofree char *count = NULL;
  g_autofree char *progress = NULL;
  gboolean done = self->answered >= needed;

  gtk_label_set_label (self->title, _(p->title));
  /* Translators: the lesson's page, "3 / 7" */
  count = g_strdup_printf (_("%u / %u"), self->page + 1, BITMAZE_LESSON_PAGES);
  gtk_label_set_label (self->count, count);
  gtk_label_set_markup (self->text, _(p->text));
  if (done)
    progress = g_strdup (self->page + 1 < BITMAZE_LESSON_PAGES
                         /* Translators: the lesson, once a page's questions are answered */
                         ? _("Answered: go on with Next (Alt+N).")
                         : _("Answered: that was the last page."));
  else
    /* Translators: the lesson's questions answered so far on a page */
    progress = g_strdup_printf (ngettext ("%u of %u question answered",
                                          "%u of %u questions answered", needed),
                                MIN (self->answered, needed), needed);
  gtk_label_set_label (self->progress, progress);
  gtk_widget_set_sensitive (self->back, self->page > 0);
  gtk_widget_set_sensitive (self->next, done);
  gtk_button_set_label (GTK_BUTTON (self->next),
                        self->page + 1 < BITMAZE_LESSON_PAGES ? _("_Next") : _("Fi_nish"));
}

/* A window action's state, set (not toggled): show-code, show-inspector. */
static void
set_window_state (BitmazeLesson *self,
                  const char    *action,
                  gboolean       value)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (root != NULL && G_IS_ACTION_GROUP (root) && g_action_group_has_action (G_ACTION_GROUP (root), action))
    g_action_group_change_action_state (G_ACTION_GROUP (root), action, g_variant_new_boolean (value));
}

static void
setup_page (BitmazeLesson *self)
{
  const LessonPage *p = &pages[self->page];
  gboolean builds = p->algorithm->generator != NULL;

  bitmaze_session_set_running (self->session, FALSE);
  bitmaze_predict_set_active (self->predict, FALSE);
  self->answered = 0;

  g_object_set (self->session, "animate", builds, NULL);
  if (builds)
    g_object_set (self->session, "generator", p->algorithm->name, NULL);
  else
    g_object_set (self->session, "solver", p->algorithm->name, NULL);
  bitmaze_session_set_size (self->session, LESSON_WIDTH, LESSON_HEIGHT);
  if (!bitmaze_session_new_maze (self->session, NULL))
    g_warning ("the lesson could not make its maze");
  bitmaze_session_set_running (self->session, FALSE);

  bitmaze_predict_set_every (self->predict, 1);
  bitmaze_predict_set_nibble (self->predict, p->nibble);
  bitmaze_predict_set_ask_words (self->predict, !p->cells);
  bitmaze_predict_set_ask_cells (self->predict, p->cells);
  bitmaze_predict_set_active (self->predict, TRUE);

  /* the pane the page talks about, the other one as the student left it */
  if (g_str_equal (p->target, "inspector"))
    set_window_state (self, "show-inspector", TRUE);
  else if (g_str_equal (p->target, "code"))
    set_window_state (self, "show-code", TRUE);
  g_settings_set_uint (self->settings, "lesson-page", self->page);
  update_labels (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
}

static void
revealed_cb (BitmazeLesson *self)
{
  if (!self->active || !bitmaze_predict_get_answered (self->predict))
    return;
  self->answered++;
  update_labels (self);
  if (self->answered == pages[self->page].needed)
    gtk_widget_grab_focus (self->next);
}

static void
next_clicked_cb (BitmazeLesson *self)
{
  if (self->answered < pages[self->page].needed)
    return;
  if (self->page + 1 < BITMAZE_LESSON_PAGES)
    {
      self->page++;
      setup_page (self);
      return;
    }
  /* the end: next time it starts from the beginning */
  g_settings_set_uint (self->settings, "lesson-page", BITMAZE_LESSON_PAGES);
  bitmaze_lesson_stop (self);
}

static void
back_clicked_cb (BitmazeLesson *self)
{
  if (self->page == 0)
    return;
  self->page--;
  setup_page (self);
}

static void
bitmaze_lesson_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BitmazeLesson *self = BITMAZE_LESSON (object);

  switch (prop_id)
    {
    case PROP_TARGET:
      g_value_set_string (value, bitmaze_lesson_get_target (self));
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_lesson_dispose (GObject *object)
{
  BitmazeLesson *self = BITMAZE_LESSON (object);
  GtkWidget *child;

  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->session);
  g_clear_object (&self->predict);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bitmaze_lesson_parent_class)->dispose (object);
}

static void
bitmaze_lesson_class_init (BitmazeLessonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = bitmaze_lesson_get_property;
  object_class->dispose = bitmaze_lesson_dispose;

  properties[PROP_TARGET] = g_param_spec_string ("target", NULL, NULL, NULL,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bitmaze-lesson");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bitmaze_lesson_init (BitmazeLesson *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *close;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (widget)),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (widget)), 6);

  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_wrap (self->title, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->title), TRUE);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->title));
  self->count = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->count), "dim-label");
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->count));
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (close, "flat");
  /* Translators: the button that ends the guided lesson */
  gtk_widget_set_tooltip_text (close, _("Close the Lesson"));
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (bitmaze_lesson_stop), self);
  gtk_box_append (GTK_BOX (top), close);
  gtk_widget_set_parent (top, widget);

  self->text = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->text, TRUE);
  gtk_label_set_xalign (self->text, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->text), "bitmaze-lesson-text");
  gtk_widget_set_parent (GTK_WIDGET (self->text), widget);

  self->progress = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->progress, 0);
  gtk_label_set_wrap (self->progress, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->progress), "dim-label");
  gtk_box_append (GTK_BOX (bottom), GTK_WIDGET (self->progress));
  self->back = gtk_button_new_with_mnemonic (_("_Previous"));
  g_signal_connect_swapped (self->back, "clicked", G_CALLBACK (back_clicked_cb), self);
  gtk_box_append (GTK_BOX (bottom), self->back);
  self->next = gtk_button_new_with_mnemonic (_("_Next"));
  gtk_widget_add_css_class (self->next, "suggested-action");
  g_signal_connect_swapped (self->next, "clicked", G_CALLBACK (next_clicked_cb), self);
  gtk_box_append (GTK_BOX (bottom), self->next);
  gtk_widget_set_parent (bottom, widget);

  gtk_widget_set_visible (widget, FALSE);
}

GtkWidget *
bitmaze_lesson_new (BitmazeSession *session,
                    BitmazePredict *predict,
                    GSettings      *settings)
{
  BitmazeLesson *self = g_object_new (BITMAZE_TYPE_LESSON, NULL);

  self->session = g_object_ref (session);
  self->predict = g_object_ref (predict);
  self->settings = g_object_ref (settings);
  g_signal_connect_swapped (predict, "revealed", G_CALLBACK (revealed_cb), self);
  return GTK_WIDGET (self);
}

void
bitmaze_lesson_start (BitmazeLesson *self,
                      guint          page)
{
  g_return_if_fail (BITMAZE_IS_LESSON (self));

  self->page = page < BITMAZE_LESSON_PAGES ? page : 0;
  self->active = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  setup_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

void
bitmaze_lesson_stop (BitmazeLesson *self)
{
  g_return_if_fail (BITMAZE_IS_LESSON (self));

  if (!self->active)
    return;
  self->active = FALSE;
  bitmaze_predict_set_active (self->predict, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
bitmaze_lesson_get_active (BitmazeLesson *self)
{
  g_return_val_if_fail (BITMAZE_IS_LESSON (self), FALSE);

  return self->active;
}

guint
bitmaze_lesson_get_page (BitmazeLesson *self)
{
  g_return_val_if_fail (BITMAZE_IS_LESSON (self), 0);

  return self->page;
}

guint
bitmaze_lesson_get_needed (BitmazeLesson *self)
{
  g_return_val_if_fail (BITMAZE_IS_LESSON (self), 0);

  return pages[self->page].needed;
}

guint
bitmaze_lesson_get_answered (BitmazeLesson *self)
{
  g_return_val_if_fail (BITMAZE_IS_LESSON (self), 0);

  return self->answered;
}

const char *
bitmaze_lesson_get_target (BitmazeLesson *self)
{
  g_return_val_if_fail (BITMAZE_IS_LESSON (self), NULL);

  return self->active ? pages[self->page].target : NULL;
}
