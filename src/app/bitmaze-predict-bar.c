/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-predict-bar.c: predict mode's bar under the maze.
 *
 * It shows the question BitmazePredict has open and takes the answer: a
 * word typed in hex (or 0b binary) in its field or clicked into the bit
 * inspector's 16 bits, kept in step with each other; a cell clicked on
 * the maze, or picked with the arrow keys and Enter.  Then it shows the
 * result: the right word with the bits that differ marked, or the cell
 * that comes next with the solver's rule.  Screen readers hear the
 * question and the result: GTK 4.8 has no call to announce text, so both
 * go to labels with the alert role, shown anew each time, and the
 * question also describes the field that takes the answer.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-predict-bar.h"
#include "bitmaze-error.h"

#define TEXT_SIZE_MAX 3

struct _BitmazePredictBar
{
  GtkWidget         parent_instance;

  BitmazePredict   *predict;
  BitmazeMazeView  *view;       /* not owned: the window's */
  gboolean          syncing;    /* the field is being set from the answer */
  GHashTable       *reserve;   /* a width: the tallest the bar was at it */
  gboolean          compact;   /* in the presentation view */
  guint             text_size;

  /* Template widgets */
  GtkWidget        *content;
  GtkLabel         *title_label;
  GtkLabel         *score_label;
  GtkMenuButton    *options_button;
  GtkLabel         *word_label;
  GtkLabel         *statement_label;
  GtkWidget        *answer_box;
  GtkEntry         *answer_entry;
  GtkLabel         *answer_binary_label;
  GtkButton        *check_button;
  GtkLabel         *hint_label;
  GtkWidget        *result_box;
  GtkLabel         *result_label;
  GtkLabel         *detail_label;
  GtkLabel         *explain_label;
  GtkButton        *continue_button;
  GtkButton        *reveal_button;
  GtkButton        *skip_button;
  GtkAdjustment    *every_adjustment;
  GtkLabel         *every_unit;
  GtkDropDown      *nibble_dropdown;
  GtkCheckButton   *words_check;
  GtkCheckButton   *cells_check;
};

G_DEFINE_FINAL_TYPE (BitmazePredictBar, bitmaze_predict_bar, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

static Maze *
bar_maze (BitmazePredictBar *self)
{
  return bitmaze_session_get_maze (bitmaze_predict_get_session (self->predict));
}

/* "0b0000 1000 0000 1001", the bits of @marked heavy and underlined. */
static void
append_binary_markup (GString *out,
                      guint16  word,
                      guint16  marked)
{
  g_string_append (out, "0b");
  for (int bit = 15; bit >= 0; bit--)
    {
      char digit = (word >> bit) & 1 ? '1' : '0';

      if ((marked >> bit) & 1)
        g_string_append_printf (out, "<span weight=\"heavy\" underline=\"double\" "
                                     "background=\"#f66151\" bgalpha=\"40%%\">%c</span>", digit);
      else
        g_string_append_c (out, digit);
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (out, ' ');
    }
}

/* "12, 8, 3" */
static char *
bit_list (guint16 bits)
{
  GString *list = g_string_new (NULL);

  for (int bit = 15; bit >= 0; bit--)
    if ((bits >> bit) & 1)
      g_string_append_printf (list, "%s%d", list->len > 0 ? ", " : "", bit);
  return g_string_free (list, FALSE);
}

static guint
popcount16 (guint16 bits)
{
  guint n = 0;

  for (; bits != 0; bits &= (guint16) (bits - 1))
    n++;
  return n;
}

/* A label with the alert role is read out when it is shown: show it anew
 * for each text (GTK 4.8 has no call that announces a text). */
static void
announce (GtkLabel   *label,
          const char *text,
          gboolean    markup)
{
  if (markup)
    gtk_label_set_markup (label, text);
  else
    gtk_label_set_label (label, text);
  gtk_widget_set_visible (GTK_WIDGET (label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (label), TRUE);
}

static void
update_score (BitmazePredictBar *self)
{
  g_autofree char *text = NULL;

  /* Translators: predict mode's score: right answers / answers given, and
   * right answers in a row */
  text = g_strdup_printf (_("Score %u/%u · streak %u"),
                          bitmaze_predict_get_score_right (self->predict),
                          bitmaze_predict_get_score_asked (self->predict),
                          bitmaze_predict_get_streak (self->predict));
  gtk_label_set_label (self->score_label, text);
}

static void
update_answer_binary (BitmazePredictBar *self)
{
  const MazeQuestion *q = bitmaze_predict_get_question (self->predict);
  g_autoptr (GString) markup = g_string_new (NULL);
  guint16 answer = (guint16) bitmaze_predict_get_answer_word (self->predict);

  if (q == NULL || q->kind != MAZE_QUESTION_WORD)
    return;
  if (bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_REVEALED)
    append_binary_markup (markup, answer, (guint16) bitmaze_predict_get_differ (self->predict));
  else
    append_binary_markup (markup, answer, 0);
  gtk_label_set_markup (self->answer_binary_label, markup->str);
}

/* ------------------------------------------------------------------ */
/* The question and the result                                         */
/* ------------------------------------------------------------------ */

static void
update_actions (BitmazePredictBar *self)
{
  const MazeQuestion *q = bitmaze_predict_get_question (self->predict);
  BitmazePredictState state = bitmaze_predict_get_state (self->predict);
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "predict.check",
                                 state == BITMAZE_PREDICT_ASKING && q != NULL);
  gtk_widget_action_set_enabled (widget, "predict.reveal", state == BITMAZE_PREDICT_ASKING);
  gtk_widget_action_set_enabled (widget, "predict.skip", state != BITMAZE_PREDICT_IDLE);
  gtk_widget_action_set_enabled (widget, "predict.go-on", state == BITMAZE_PREDICT_REVEALED);
}

static void
show_idle (BitmazePredictBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* The focus leaves the bar's buttons as they go: to the maze, where
   * the keys step and pick cells. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self))
      && (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    gtk_widget_grab_focus (GTK_WIDGET (self->view));

  gtk_label_set_label (self->title_label,
                       _("Predict mode: press Step or Run, and Bitmaze stops before each "
                         "step it asks about."));
  gtk_widget_set_visible (GTK_WIDGET (self->word_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->statement_label), FALSE);
  gtk_widget_set_visible (self->answer_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  gtk_widget_set_visible (self->result_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->reveal_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Predict mode"),
                                  -1);
}

/* The question's heading: the step, which question of it, the cell. */
static char *
question_title (BitmazePredictBar  *self,
                const MazeQuestion *q)
{
  g_autofree char *where = NULL;
  guint n = bitmaze_predict_get_n_questions (self->predict);
  unsigned long long step = (unsigned long long) bitmaze_predict_get_step (self->predict);

  if (q->kind == MAZE_QUESTION_CELL)
    /* Translators: the heading of a predict question */
    where = g_strdup (_("which cell comes next?"));
  else
    /* Translators: the cell a predict question is about: its column and
     * row, and its index in the array */
    where = g_strdup_printf (_("cell (%u, %u) · maze[%u]"), q->x, q->y, q->index);
  if (n > 1)
    /* Translators: the heading of a predict question: the step, which of
     * its questions this is and how many it has, then what it is about */
    return g_strdup_printf (_("Step %llu, question %u of %u: %s"), step,
                            bitmaze_predict_get_question_number (self->predict), n, where);
  /* Translators: the heading of a predict question: the step, then what it
   * is about */
  return g_strdup_printf (_("Step %llu: %s"), step, where);
}

static void
show_question (BitmazePredictBar  *self,
               const MazeQuestion *q)
{
  Maze *maze = bar_maze (self);
  g_autofree char *title = question_title (self, q);
  g_autofree char *spoken = NULL;
  g_autoptr (GString) word = g_string_new (NULL);

  gtk_widget_set_visible (self->result_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->reveal_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->word_label), TRUE);

  if (q->kind == MAZE_QUESTION_WORD)
    {
      g_autofree char *statement = g_strdup_printf ("%s;", q->statement);
      g_autofree char *hint = NULL;
      g_autofree char *text = NULL;

      /* The cell asked about, marked on the maze as a step's cells are. */
      bitmaze_maze_view_set_changed (self->view, &q->index, 1);
      g_string_append_printf (word, "maze[%u] == 0x%04X = ", q->index, q->word);
      append_binary_markup (word, q->word, 0);
      gtk_label_set_markup (self->word_label, word->str);
      gtk_label_set_label (self->statement_label, statement);
      gtk_widget_set_visible (GTK_WIDGET (self->statement_label), TRUE);
      gtk_widget_set_visible (self->answer_box, TRUE);
      /* Translators: how to answer a word question; %u is the cell's index */
      hint = g_strdup_printf (_("What is maze[%u] after this statement? Type the word in hex "
                                "(0x1809) or binary (0b…), or click the bits in the bit "
                                "inspector, then press Enter."), q->index);
      gtk_label_set_label (self->hint_label, hint);

      self->syncing = TRUE;
      text = g_strdup_printf ("0x%04X", bitmaze_predict_get_answer_word (self->predict));
      gtk_editable_set_text (GTK_EDITABLE (self->answer_entry), text);
      self->syncing = FALSE;
      gtk_widget_remove_css_class (GTK_WIDGET (self->answer_entry), "error");
      gtk_editable_set_editable (GTK_EDITABLE (self->answer_entry), TRUE);
      update_answer_binary (self);

      /* Translators: a predict question as a screen reader says it: the
       * heading, the cell's word, the statement, what to answer */
      spoken = g_strdup_printf (_("%s. maze[%u] is 0x%04X. Statement: %s What is maze[%u] now?"),
                                title, q->index, q->word, statement, q->index);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->answer_entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken,
                                      -1);
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          gtk_widget_grab_focus (GTK_WIDGET (self->answer_entry));
          gtk_editable_select_region (GTK_EDITABLE (self->answer_entry), 0, -1);
        }
    }
  else
    {
      const MazeAlgorithm *solver = maze_algorithm_find (maze_solvers,
                                                         bitmaze_session_get_solver (bitmaze_predict_get_session (self->predict)),
                                                         NULL, NULL);
      const char *subject = solver != NULL ? _(solver->subject) : "";
      guint w = maze != NULL ? maze_width (maze) : 1;
      g_autofree char *where = NULL;

      /* Translators: where the search works from now: the solver ("BFS"),
       * a cell's column and row */
      where = g_strdup_printf (_("%s is at (%u, %u)."), subject, q->from % w, q->from / w);
      gtk_label_set_label (self->word_label, where);
      gtk_widget_set_visible (GTK_WIDGET (self->statement_label), FALSE);
      gtk_widget_set_visible (self->answer_box, FALSE);
      gtk_label_set_label (self->hint_label,
                           _("Click the cell the search takes next on the maze, or pick it "
                             "with the arrow keys and press Enter."));
      spoken = g_strdup_printf ("%s %s %s", title, where, gtk_label_get_label (self->hint_label));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken,
                                      -1);
      /* The arrow keys pick the answer from where the search is. */
      bitmaze_maze_view_set_selected_cell (self->view, (int) q->from);
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->view));
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  -1);
  announce (self->title_label, title, FALSE);
}

static void
show_result (BitmazePredictBar  *self,
             const MazeQuestion *q)
{
  gboolean answered = bitmaze_predict_get_answered (self->predict);
  gboolean right = bitmaze_predict_get_right (self->predict);
  g_autoptr (GString) detail = g_string_new (NULL);
  g_autofree char *result = NULL;
  g_autofree char *spoken_explanation = NULL;
  const char *spoken_detail = NULL;

  gtk_widget_set_visible (self->result_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->reveal_button), FALSE);
  gtk_editable_set_editable (GTK_EDITABLE (self->answer_entry), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->result_label), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->result_label), "error");
  if (answered)
    gtk_widget_add_css_class (GTK_WIDGET (self->result_label), right ? "success" : "error");

  if (q->kind == MAZE_QUESTION_WORD)
    {
      guint16 answer = (guint16) bitmaze_predict_get_answer_word (self->predict);
      guint16 differ = (guint16) bitmaze_predict_get_differ (self->predict);

      if (answered && right)
        /* Translators: the result of a word question answered right */
        result = g_strdup_printf (_("Right! maze[%u] is 0x%04X now."), q->index, q->answer);
      else if (answered)
        {
          g_autofree char *bits = bit_list (differ);

          /* Translators: the result of a word question answered wrong: the
           * right word, the student's, and the list of bits that differ */
          result = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Wrong: maze[%u] is 0x%04X now, not 0x%04X. Bit %s differs.",
                                                 "Wrong: maze[%u] is 0x%04X now, not 0x%04X. Bits %s differ.",
                                                 popcount16 (differ)),
                                    q->index, q->answer, answer, bits);
        }
      else
        /* Translators: the answer of a word question shown without an answer given */
        result = g_strdup_printf (_("maze[%u] is 0x%04X now."), q->index, q->answer);

      /* The right word over the answer, the bits that differ marked,
       * the labels padded to one width (a monospace font). */
      const char *right_label = C_("quiz answer", "right");
      const char *yours_label = C_("quiz answer", "yours");
      int width = (int) MAX (g_utf8_strlen (right_label, -1), g_utf8_strlen (yours_label, -1));

      g_string_append (detail, right_label);
      for (int k = (int) g_utf8_strlen (right_label, -1); k <= width; k++)
        g_string_append_c (detail, ' ');
      g_string_append_printf (detail, "0x%04X ", q->answer);
      append_binary_markup (detail, q->answer, differ);
      if (answered && !right)
        {
          g_string_append_c (detail, '\n');
          g_string_append (detail, yours_label);
          for (int k = (int) g_utf8_strlen (yours_label, -1); k <= width; k++)
            g_string_append_c (detail, ' ');
          g_string_append_printf (detail, "0x%04X ", answer);
          append_binary_markup (detail, answer, differ);
        }
      gtk_widget_add_css_class (GTK_WIDGET (self->detail_label), "bitmaze-predict-code");
      gtk_label_set_markup (self->detail_label, detail->str);
      update_answer_binary (self);

      /* Why: the mistake of a wrong answer, and what the statement does */
      {
        g_autofree char *why = bitmaze_explain_statement (q->statement, q->word,
                                                          answered && !right ? &answer : NULL,
                                                          NULL);

        gtk_label_set_label (self->explain_label, why != NULL ? why : "");
        gtk_widget_set_visible (GTK_WIDGET (self->explain_label), why != NULL);
        if (why != NULL)
          spoken_explanation = g_steal_pointer (&why);
      }
    }
  else
    {
      Maze *maze = bar_maze (self);
      guint w = maze != NULL ? maze_width (maze) : 1;
      gint64 cell = bitmaze_predict_get_answer_cell (self->predict);

      if (answered && right && cell == q->index)
        /* Translators: the result of a cell question answered right */
        result = g_strdup_printf (_("Right! (%u, %u) comes next."), q->x, q->y);
      else if (answered && right)
        /* Translators: A*'s tie: the student's cell is as good as the one it takes */
        result = g_strdup_printf (_("Right! (%u, %u) is as good as (%u, %u), which comes next."),
                                  (guint) (cell % w), (guint) (cell / w), q->x, q->y);
      else if (answered)
        /* Translators: the result of a cell question answered wrong */
        result = g_strdup_printf (_("Wrong: (%u, %u) comes next, not (%u, %u)."),
                                  q->x, q->y, (guint) (cell % w), (guint) (cell / w));
      else
        result = g_strdup_printf (_("(%u, %u) comes next."), q->x, q->y);
      spoken_detail = q->reason != NULL ? _(q->reason) : "";
      g_string_append (detail, spoken_detail);
      if (detail->len > 0)
        g_string_append_c (detail, '.');
      gtk_widget_remove_css_class (GTK_WIDGET (self->detail_label), "bitmaze-predict-code");
      gtk_label_set_label (self->detail_label, detail->str);
      gtk_widget_set_visible (GTK_WIDGET (self->explain_label), FALSE);
      /* The cell that comes next, selected on the maze. */
      bitmaze_maze_view_set_selected_cell (self->view, (int) q->index);
    }

  {
    g_autofree char *spoken = spoken_detail != NULL && *spoken_detail != '\0'
                              ? g_strdup_printf ("%s %s.", result, spoken_detail)
                              : spoken_explanation != NULL
                              ? g_strdup_printf ("%s %s", result, spoken_explanation)
                              : g_strdup (result);

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->result_label),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                    -1);
    announce (self->result_label, result, FALSE);
  }
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self->continue_button));
}

static void
update_bar (BitmazePredictBar *self)
{
  const MazeQuestion *q = bitmaze_predict_get_question (self->predict);

  /* First, so the buttons that take the focus below can. */
  update_actions (self);
  switch (bitmaze_predict_get_state (self->predict))
    {
    case BITMAZE_PREDICT_ASKING:
      show_question (self, q);
      break;
    case BITMAZE_PREDICT_REVEALED:
      show_result (self, q);
      break;
    case BITMAZE_PREDICT_IDLE:
    default:
      show_idle (self);
      break;
    }

  /* The presentation view says the statement in its own big line above
   * the bar, and the class answers on its phones: no second statement,
   * no how-to, no answer field once the answer is out, so the maze, the
   * key and the chart keep their room on a 1024 x 768 projector. */
  if (self->compact)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->statement_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
      if (bitmaze_predict_get_state (self->predict) == BITMAZE_PREDICT_REVEALED)
        {
          /* the result says the word, the key shows its bits; Continue
           * does what Skip would */
          gtk_widget_set_visible (self->answer_box, FALSE);
          gtk_widget_set_visible (GTK_WIDGET (self->word_label), FALSE);
          gtk_widget_set_visible (GTK_WIDGET (self->skip_button), FALSE);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Callbacks                                                           */
/* ------------------------------------------------------------------ */

static void
predict_asked_cb (BitmazePredictBar *self)
{
  update_bar (self);
}

static void
predict_state_cb (BitmazePredictBar *self)
{
  /* ASKING comes with ::asked, after the question is in place. */
  if (bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_ASKING)
    update_bar (self);
}

static void
predict_answer_cb (BitmazePredictBar *self)
{
  guint16 word = (guint16) bitmaze_predict_get_answer_word (self->predict);
  uint16_t typed;

  update_answer_binary (self);
  /* A click on a bit: the field follows, unless it already says so. */
  if (!maze_predict_parse_word (gtk_editable_get_text (GTK_EDITABLE (self->answer_entry)), &typed)
      || typed != word)
    {
      g_autofree char *text = g_strdup_printf ("0x%04X", word);

      self->syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->answer_entry), text);
      self->syncing = FALSE;
      gtk_widget_remove_css_class (GTK_WIDGET (self->answer_entry), "error");
    }
}

static void
entry_changed_cb (BitmazePredictBar *self)
{
  uint16_t word;

  if (self->syncing || bitmaze_predict_get_state (self->predict) != BITMAZE_PREDICT_ASKING)
    return;
  if (maze_predict_parse_word (gtk_editable_get_text (GTK_EDITABLE (self->answer_entry)), &word))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->answer_entry), "error");
      self->syncing = TRUE;
      bitmaze_predict_set_answer_word (self->predict, word);
      self->syncing = FALSE;
    }
}

static void
entry_activate_cb (BitmazePredictBar *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "predict.check", NULL);
}

static void
check_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BitmazePredictBar *self = BITMAZE_PREDICT_BAR (widget);
  const MazeQuestion *q = bitmaze_predict_get_question (self->predict);

  if (q == NULL)
    return;
  if (q->kind == MAZE_QUESTION_CELL)
    {
      int cell = bitmaze_maze_view_get_selected_cell (self->view);

      if (cell < 0)
        {
          gtk_widget_error_bell (widget);
          return;
        }
      bitmaze_predict_check_cell (self->predict, (guint) cell);
      return;
    }
  {
    uint16_t word;

    /* What the field says is the answer (a click on a bit updates it). */
    if (!maze_predict_parse_word (gtk_editable_get_text (GTK_EDITABLE (self->answer_entry)), &word))
      {
        gtk_widget_add_css_class (GTK_WIDGET (self->answer_entry), "error");
        gtk_label_set_label (self->hint_label,
                             _("That is not a 16-bit word: type it in hex (0x1809) or "
                               "binary (0b0001100000001001)."));
        gtk_widget_error_bell (widget);
        return;
      }
    bitmaze_predict_set_answer_word (self->predict, word);
    bitmaze_predict_check (self->predict);
  }
}

static void
go_on_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  bitmaze_predict_go_on (BITMAZE_PREDICT_BAR (widget)->predict);
}

static void
skip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  bitmaze_predict_skip (BITMAZE_PREDICT_BAR (widget)->predict);
}

static void
reveal_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  bitmaze_predict_reveal (BITMAZE_PREDICT_BAR (widget)->predict);
}

static void
reset_score_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  bitmaze_predict_reset_score (BITMAZE_PREDICT_BAR (widget)->predict);
}

/* Enter, wherever the focus is: check the answer, or go on. */
static gboolean
enter_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  BitmazePredictBar *self = BITMAZE_PREDICT_BAR (widget);

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  switch (bitmaze_predict_get_state (self->predict))
    {
    case BITMAZE_PREDICT_ASKING:
      return gtk_widget_activate_action (widget, "predict.check", NULL);
    case BITMAZE_PREDICT_REVEALED:
      return gtk_widget_activate_action (widget, "predict.go-on", NULL);
    case BITMAZE_PREDICT_IDLE:
    default:
      return FALSE;
    }
}

static void
every_changed_cb (BitmazePredictBar *self)
{
  guint every = (guint) gtk_adjustment_get_value (self->every_adjustment);

  /* Translators: after "Ask about every [N]": the unit of the number */
  gtk_label_set_label (self->every_unit, g_dngettext (GETTEXT_PACKAGE, "step", "steps", every));
}

static gboolean
nibble_to_index (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_uint (to, (guint) (g_value_get_int (from) + 1));
  return TRUE;
}

static gboolean
index_to_nibble (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  guint index = g_value_get_uint (from);

  if (index == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_int (to, (int) index - 1);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
apply_text_size (BitmazePredictBar *self)
{
  for (guint size = 1; size <= TEXT_SIZE_MAX; size++)
    {
      g_autofree char *name = g_strdup_printf ("bitmaze-text-%u", size);

      if (size == self->text_size)
        gtk_widget_add_css_class (GTK_WIDGET (self), name);
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), name);
    }
}

/* The bar keeps the height of its tallest state (a word's result with
 * its explanation) for as long as predict mode is on: a cell question,
 * a word question, a result and the wait between them all leave the
 * maze above it its size and its place, at each width it is measured
 * for.  Predict mode turned off starts again. */
static void
bitmaze_predict_bar_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  BitmazePredictBar *self = BITMAZE_PREDICT_BAR (widget);
  int reserve;

  gtk_widget_measure (self->content, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation != GTK_ORIENTATION_VERTICAL)
    return;
  reserve = MAX (*natural, GPOINTER_TO_INT (g_hash_table_lookup (self->reserve, GINT_TO_POINTER (for_size))));
  g_hash_table_insert (self->reserve, GINT_TO_POINTER (for_size), GINT_TO_POINTER (reserve));
  *minimum = MAX (*minimum, reserve);
  *natural = reserve;
}

/* Its labels wrap: a height for each width, as its content. */
static GtkSizeRequestMode
bitmaze_predict_bar_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (BITMAZE_PREDICT_BAR (widget)->content);
}

static void
bitmaze_predict_bar_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  BitmazePredictBar *self = BITMAZE_PREDICT_BAR (widget);
  int minimum, natural;

  /* The content at the top, the room it does not need below it. */
  gtk_widget_measure (self->content, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  gtk_widget_allocate (self->content, width, MAX (minimum, MIN (height, natural)), -1, NULL);
}

static void
active_cb (BitmazePredictBar *self)
{
  if (!bitmaze_predict_get_active (self->predict))
    {
      g_hash_table_remove_all (self->reserve);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
}

static void
bitmaze_predict_bar_dispose (GObject *object)
{
  BitmazePredictBar *self = BITMAZE_PREDICT_BAR (object);

  if (self->predict != NULL)
    g_signal_handlers_disconnect_by_data (self->predict, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), BITMAZE_TYPE_PREDICT_BAR);
  g_clear_object (&self->predict);
  g_clear_pointer (&self->reserve, g_hash_table_unref);
  self->view = NULL;

  G_OBJECT_CLASS (bitmaze_predict_bar_parent_class)->dispose (object);
}

static void
bitmaze_predict_bar_class_init (BitmazePredictBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bitmaze_predict_bar_dispose;
  widget_class->get_request_mode = bitmaze_predict_bar_get_request_mode;
  widget_class->measure = bitmaze_predict_bar_measure;
  widget_class->size_allocate = bitmaze_predict_bar_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-predict-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, content);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, title_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, score_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, options_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, word_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, statement_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, answer_box);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, answer_entry);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, answer_binary_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, check_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, hint_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, result_box);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, result_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, detail_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, explain_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, continue_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, reveal_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, skip_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, every_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, every_unit);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, nibble_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, words_check);
  gtk_widget_class_bind_template_child (widget_class, BitmazePredictBar, cells_check);

  gtk_widget_class_install_action (widget_class, "predict.check", NULL, check_action);
  gtk_widget_class_install_action (widget_class, "predict.go-on", NULL, go_on_action);
  gtk_widget_class_install_action (widget_class, "predict.skip", NULL, skip_action);
  gtk_widget_class_install_action (widget_class, "predict.reveal", NULL, reveal_action);
  gtk_widget_class_install_action (widget_class, "predict.reset-score", NULL, reset_score_action);

  gtk_widget_class_set_css_name (widget_class, "bitmaze-predict-bar");
}

static void
bitmaze_predict_bar_init (BitmazePredictBar *self)
{
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->reserve = g_hash_table_new (NULL, NULL);

  g_signal_connect_object (self->answer_entry, "changed", G_CALLBACK (entry_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->answer_entry, "activate", G_CALLBACK (entry_activate_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->every_adjustment, "value-changed", G_CALLBACK (every_changed_cb), self,
                           G_CONNECT_SWAPPED);
  every_changed_cb (self);

  /* Enter anywhere in the window (a focused button still takes its own). */
  controller = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                                                       gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0)),
                                                          gtk_callback_action_new (enter_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* ------------------------------------------------------------------ */
/* API                                                                 */
/* ------------------------------------------------------------------ */

GtkWidget *
bitmaze_predict_bar_new (BitmazePredict  *predict,
                         BitmazeMazeView *view)
{
  BitmazePredictBar *self;

  g_return_val_if_fail (BITMAZE_IS_PREDICT (predict), NULL);
  g_return_val_if_fail (BITMAZE_IS_MAZE_VIEW (view), NULL);

  self = g_object_new (BITMAZE_TYPE_PREDICT_BAR, NULL);
  self->predict = g_object_ref (predict);
  self->view = view;

  g_object_bind_property (predict, "active", self, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (predict, "every", self->every_adjustment, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property_full (predict, "nibble", self->nibble_dropdown, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               nibble_to_index, index_to_nibble, NULL, NULL);
  g_object_bind_property (predict, "ask-words", self->words_check, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (predict, "ask-cells", self->cells_check, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  g_signal_connect_object (predict, "asked", G_CALLBACK (predict_asked_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::state", G_CALLBACK (predict_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::active", G_CALLBACK (active_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::answer-word", G_CALLBACK (predict_answer_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::score-right", G_CALLBACK (update_score), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::score-asked", G_CALLBACK (update_score), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (predict, "notify::streak", G_CALLBACK (update_score), self, G_CONNECT_SWAPPED);

  update_score (self);
  update_bar (self);
  return GTK_WIDGET (self);
}

BitmazePredict *
bitmaze_predict_bar_get_predict (BitmazePredictBar *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT_BAR (self), NULL);

  return self->predict;
}

void
bitmaze_predict_bar_set_view (BitmazePredictBar *self,
                              BitmazeMazeView   *view)
{
  g_return_if_fail (BITMAZE_IS_PREDICT_BAR (self));
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (view));

  self->view = view;
}

void
bitmaze_predict_bar_set_compact (BitmazePredictBar *self,
                                 gboolean           compact)
{
  g_return_if_fail (BITMAZE_IS_PREDICT_BAR (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  g_hash_table_remove_all (self->reserve);
  if (self->predict != NULL)
    update_bar (self);
}

guint
bitmaze_predict_bar_get_text_size (BitmazePredictBar *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT_BAR (self), 0);

  return self->text_size;
}

void
bitmaze_predict_bar_set_text_size (BitmazePredictBar *self,
                                   guint              size)
{
  g_return_if_fail (BITMAZE_IS_PREDICT_BAR (self));

  self->text_size = MIN (size, TEXT_SIZE_MAX);
  apply_text_size (self);
}

const char *
bitmaze_predict_bar_get_text (BitmazePredictBar *self,
                              const char        *which)
{
  static const struct
  {
    const char *name;
    gsize       offset;
  } labels[] = {
    { "title", G_STRUCT_OFFSET (BitmazePredictBar, title_label) },
    { "word", G_STRUCT_OFFSET (BitmazePredictBar, word_label) },
    { "statement", G_STRUCT_OFFSET (BitmazePredictBar, statement_label) },
    { "answer-binary", G_STRUCT_OFFSET (BitmazePredictBar, answer_binary_label) },
    { "hint", G_STRUCT_OFFSET (BitmazePredictBar, hint_label) },
    { "result", G_STRUCT_OFFSET (BitmazePredictBar, result_label) },
    { "detail", G_STRUCT_OFFSET (BitmazePredictBar, detail_label) },
    { "explanation", G_STRUCT_OFFSET (BitmazePredictBar, explain_label) },
    { "score", G_STRUCT_OFFSET (BitmazePredictBar, score_label) },
  };

  g_return_val_if_fail (BITMAZE_IS_PREDICT_BAR (self), NULL);

  for (gsize k = 0; k < G_N_ELEMENTS (labels); k++)
    if (g_str_equal (which, labels[k].name))
      return gtk_label_get_text (G_STRUCT_MEMBER (GtkLabel *, self, labels[k].offset));
  return NULL;
}

GtkWidget *
bitmaze_predict_bar_get_entry (BitmazePredictBar *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT_BAR (self), NULL);

  return GTK_WIDGET (self->answer_entry);
}
