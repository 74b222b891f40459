/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-predict.c: predict mode's questions, answers and score.
 *
 * The session holds the step back (its ask function says which steps);
 * the engine makes the questions from that step (maze_predict_questions()),
 * so every answer is what the step then does.  This object walks through
 * them, checks the student's answers and keeps the score.
 */
#include "config.h"

#include "bitmaze-predict.h"

struct _BitmazePredict
{
  GObject              parent_instance;

  BitmazeSession      *session;

  /* The teacher's choice */
  gboolean             active;
  guint                every;
  int                  nibble;
  gboolean             ask_words;
  gboolean             ask_cells;

  /* The questions of the step held back */
  MazeQuestion         questions[MAZE_PREDICT_MAX_QUESTIONS];
  guint                n_questions;
  guint                current;
  guint64              step;
  gboolean             pending;      /* asked for, the session's ::question to come */
  BitmazePredictState  state;

  /* The answer */
  guint16              answer_word;
  gint64               answer_cell;
  gboolean             answered;
  gboolean             right;

  /* The score */
  guint                score_right;
  guint                score_asked;
  guint                streak;
};

G_DEFINE_FINAL_TYPE (BitmazePredict, bitmaze_predict, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (BitmazePredictState, bitmaze_predict_state,
                    G_DEFINE_ENUM_VALUE (BITMAZE_PREDICT_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PREDICT_ASKING, "asking"),
                    G_DEFINE_ENUM_VALUE (BITMAZE_PREDICT_REVEALED, "revealed"))

enum {
  PROP_0,
  PROP_SESSION,
  PROP_ACTIVE,
  PROP_EVERY,
  PROP_NIBBLE,
  PROP_ASK_WORDS,
  PROP_ASK_CELLS,
  PROP_STATE,
  PROP_ANSWER_WORD,
  PROP_SCORE_RIGHT,
  PROP_SCORE_ASKED,
  PROP_STREAK,
  N_PROPS
};

enum {
  ASKED,
  REVEALED,
  SKIPPED,
  WITHDRAWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* State                                                               */
/* ------------------------------------------------------------------ */

static void
set_state (BitmazePredict      *self,
           BitmazePredictState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static const MazeQuestion *
current_question (BitmazePredict *self)
{
  return self->state != BITMAZE_PREDICT_IDLE && self->current < self->n_questions
         ? &self->questions[self->current] : NULL;
}

static void
set_answer_word (BitmazePredict *self,
                 guint16         word)
{
  if (self->answer_word == word)
    return;
  self->answer_word = word;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWER_WORD]);
}

/* Opens question number self->current of the step held back. */
static void
open_current (BitmazePredict *self)
{
  const MazeQuestion *q = &self->questions[self->current];

  self->answered = FALSE;
  self->right = FALSE;
  self->answer_cell = -1;
  set_answer_word (self, q->kind == MAZE_QUESTION_WORD ? q->word : 0);
  set_state (self, BITMAZE_PREDICT_ASKING);
  g_signal_emit (self, signals[ASKED], 0, q);
}

/* Counts an answer and reveals the question. */
static void
answer (BitmazePredict *self,
        gboolean        right)
{
  GObject *object = G_OBJECT (self);

  self->answered = TRUE;
  self->right = right;
  g_object_freeze_notify (object);
  self->score_asked++;
  g_object_notify_by_pspec (object, properties[PROP_SCORE_ASKED]);
  if (right)
    {
      self->score_right++;
      g_object_notify_by_pspec (object, properties[PROP_SCORE_RIGHT]);
    }
  self->streak = right ? self->streak + 1 : 0;
  g_object_notify_by_pspec (object, properties[PROP_STREAK]);
  set_state (self, BITMAZE_PREDICT_REVEALED);
  g_object_thaw_notify (object);
  g_signal_emit (self, signals[REVEALED], 0, &self->questions[self->current]);
}

/* The step's next question, or the step itself. */
static void
next_question (BitmazePredict *self)
{
  if (self->current + 1 < self->n_questions)
    {
      self->current++;
      open_current (self);
      return;
    }
  self->n_questions = 0;
  set_state (self, BITMAZE_PREDICT_IDLE);
  /* The step; the session may then hold the next one back at once. */
  bitmaze_session_reveal (self->session);
}

/* ------------------------------------------------------------------ */
/* The session                                                         */
/* ------------------------------------------------------------------ */

static gboolean
ask_cb (BitmazeSession   *session,
        guint64           number,
        const MazeStep   *next,
        const MazeSolver *solver,
        gpointer          user_data)
{
  BitmazePredict *self = user_data;
  Maze *maze = bitmaze_session_get_maze (session);
  MazePredictOptions options;
  size_t n;

  if (maze == NULL)
    return FALSE;
  maze_predict_options_init (&options);
  options.every = self->every;
  options.nibble = self->nibble;
  options.words = self->ask_words;
  options.cells = self->ask_cells;
  n = maze_predict_questions (maze, solver, next, number, &options, self->questions,
                              G_N_ELEMENTS (self->questions));
  if (n == 0)
    return FALSE;
  self->n_questions = (guint) n;
  self->current = 0;
  self->step = number;
  self->pending = TRUE;
  return TRUE;
}

static void
withdraw (BitmazePredict *self)
{
  gboolean open = self->state != BITMAZE_PREDICT_IDLE;

  self->pending = FALSE;
  self->n_questions = 0;
  set_state (self, BITMAZE_PREDICT_IDLE);
  if (open)
    g_signal_emit (self, signals[WITHDRAWN], 0);
}

static void
session_question_cb (BitmazeSession *session,
                     const MazeStep *step,
                     BitmazePredict *self)
{
  if (step == NULL)
    {
      withdraw (self);
      return;
    }
  /* Only the questions this object asked for. */
  if (!self->pending)
    return;
  self->pending = FALSE;
  open_current (self);
}

/* A new maze starts the score again. */
static void
new_maze_resets_score_cb (BitmazePredict *self)
{
  bitmaze_predict_reset_score (self);
}

/* The session asks through this object while it is active. */
static void
apply_options (BitmazePredict *self)
{
  if (self->session == NULL)
    return;
  if (self->active)
    bitmaze_session_set_ask_func (self->session, self->every, ask_cb, self, NULL);
  else
    bitmaze_session_set_ask_func (self->session, 1, NULL, NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_predict_set_session (BitmazePredict *self,
                             BitmazeSession *session)
{
  g_assert (self->session == NULL);

  if (session == NULL)
    return;
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "question", G_CALLBACK (session_question_cb), self, 0);
  g_signal_connect_object (session, "notify::maze", G_CALLBACK (new_maze_resets_score_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
bitmaze_predict_dispose (GObject *object)
{
  BitmazePredict *self = BITMAZE_PREDICT (object);

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      if (self->active)
        bitmaze_session_set_ask_func (self->session, 1, NULL, NULL, NULL);
      g_clear_object (&self->session);
    }

  G_OBJECT_CLASS (bitmaze_predict_parent_class)->dispose (object);
}

static void
bitmaze_predict_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BitmazePredict *self = BITMAZE_PREDICT (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_EVERY:
      g_value_set_uint (value, self->every);
      break;
    case PROP_NIBBLE:
      g_value_set_int (value, self->nibble);
      break;
    case PROP_ASK_WORDS:
      g_value_set_boolean (value, self->ask_words);
      break;
    case PROP_ASK_CELLS:
      g_value_set_boolean (value, self->ask_cells);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_ANSWER_WORD:
      g_value_set_uint (value, self->answer_word);
      break;
    case PROP_SCORE_RIGHT:
      g_value_set_uint (value, self->score_right);
      break;
    case PROP_SCORE_ASKED:
      g_value_set_uint (value, self->score_asked);
      break;
    case PROP_STREAK:
      g_value_set_uint (value, self->streak);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_predict_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  BitmazePredict *self = BITMAZE_PREDICT (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      bitmaze_predict_set_session (self, g_value_get_object (value));
      break;
    case PROP_ACTIVE:
      bitmaze_predict_set_active (self, g_value_get_boolean (value));
      break;
    case PROP_EVERY:
      bitmaze_predict_set_every (self, g_value_get_uint (value));
      break;
    case PROP_NIBBLE:
      bitmaze_predict_set_nibble (self, g_value_get_int (value));
      break;
    case PROP_ASK_WORDS:
      bitmaze_predict_set_ask_words (self, g_value_get_boolean (value));
      break;
    case PROP_ASK_CELLS:
      bitmaze_predict_set_ask_cells (self, g_value_get_boolean (value));
      break;
    case PROP_ANSWER_WORD:
      bitmaze_predict_set_answer_word (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_predict_class_init (BitmazePredictClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_predict_dispose;
  object_class->get_property = bitmaze_predict_get_property;
  object_class->set_property = bitmaze_predict_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         BITMAZE_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * BitmazePredict:active:
   *
   * Whether Step and Run stop before the steps chosen to ask about them.
   */
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_EVERY] =
    g_param_spec_uint ("every", NULL, NULL,
                       1, BITMAZE_PREDICT_EVERY_MAX, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_NIBBLE] =
    g_param_spec_int ("nibble", NULL, NULL,
                      -1, 3, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ASK_WORDS] =
    g_param_spec_boolean ("ask-words", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ASK_CELLS] =
    g_param_spec_boolean ("ask-cells", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       BITMAZE_TYPE_PREDICT_STATE, BITMAZE_PREDICT_IDLE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ANSWER_WORD] =
    g_param_spec_uint ("answer-word", NULL, NULL,
                       0, G_MAXUINT16, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SCORE_RIGHT] =
    g_param_spec_uint ("score-right", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SCORE_ASKED] =
    g_param_spec_uint ("score-asked", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STREAK] =
    g_param_spec_uint ("streak", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BitmazePredict::asked:
   * @question: (type gpointer): the MazeQuestion open
   */
  signals[ASKED] =
    g_signal_new ("asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazePredict::revealed:
   * @question: (type gpointer): the MazeQuestion whose answer is out
   *
   * The student's answer, if any, is checked: see
   * bitmaze_predict_get_answered(), _get_right(), _get_differ() and
   * _get_answer_cell().
   */
  signals[REVEALED] =
    g_signal_new ("revealed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazePredict::skipped:
   * @question: (type gpointer): the MazeQuestion skipped unanswered
   */
  signals[SKIPPED] =
    g_signal_new ("skipped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * BitmazePredict::withdrawn:
   *
   * The question open or revealed is gone: the maze changed under it, or
   * predict mode ended.
   */
  signals[WITHDRAWN] =
    g_signal_new ("withdrawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bitmaze_predict_init (BitmazePredict *self)
{
  self->every = 1;
  self->nibble = -1;
  self->ask_words = TRUE;
  self->ask_cells = TRUE;
  self->answer_cell = -1;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

BitmazePredict *
bitmaze_predict_new (BitmazeSession *session)
{
  g_return_val_if_fail (BITMAZE_IS_SESSION (session), NULL);

  return g_object_new (BITMAZE_TYPE_PREDICT, "session", session, NULL);
}

BitmazeSession *
bitmaze_predict_get_session (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), NULL);

  return self->session;
}

gboolean
bitmaze_predict_get_active (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  return self->active;
}

void
bitmaze_predict_set_active (BitmazePredict *self,
                            gboolean        active)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  apply_options (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

guint
bitmaze_predict_get_every (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 1);

  return self->every;
}

void
bitmaze_predict_set_every (BitmazePredict *self,
                           guint           every)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  every = CLAMP (every, 1, BITMAZE_PREDICT_EVERY_MAX);
  if (self->every == every)
    return;
  self->every = every;
  apply_options (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVERY]);
}

int
bitmaze_predict_get_nibble (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), -1);

  return self->nibble;
}

void
bitmaze_predict_set_nibble (BitmazePredict *self,
                            int             nibble)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  nibble = CLAMP (nibble, -1, 3);
  if (self->nibble == nibble)
    return;
  self->nibble = nibble;
  apply_options (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NIBBLE]);
}

gboolean
bitmaze_predict_get_ask_words (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  return self->ask_words;
}

void
bitmaze_predict_set_ask_words (BitmazePredict *self,
                               gboolean        ask)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  ask = !!ask;
  if (self->ask_words == ask)
    return;
  self->ask_words = ask;
  apply_options (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASK_WORDS]);
}

gboolean
bitmaze_predict_get_ask_cells (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  return self->ask_cells;
}

void
bitmaze_predict_set_ask_cells (BitmazePredict *self,
                               gboolean        ask)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  ask = !!ask;
  if (self->ask_cells == ask)
    return;
  self->ask_cells = ask;
  apply_options (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASK_CELLS]);
}

BitmazePredictState
bitmaze_predict_get_state (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), BITMAZE_PREDICT_IDLE);

  return self->state;
}

const MazeQuestion *
bitmaze_predict_get_question (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), NULL);

  return current_question (self);
}

guint
bitmaze_predict_get_question_number (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return current_question (self) != NULL ? self->current + 1 : 0;
}

guint
bitmaze_predict_get_n_questions (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return current_question (self) != NULL ? self->n_questions : 0;
}

guint64
bitmaze_predict_get_step (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return current_question (self) != NULL ? self->step : 0;
}

guint
bitmaze_predict_get_answer_word (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return self->answer_word;
}

void
bitmaze_predict_set_answer_word (BitmazePredict *self,
                                 guint           word)
{
  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  /* The answer is fixed once revealed. */
  if (self->state == BITMAZE_PREDICT_REVEALED)
    return;
  set_answer_word (self, (guint16) MIN (word, G_MAXUINT16));
}

gboolean
bitmaze_predict_check (BitmazePredict *self)
{
  const MazeQuestion *q;

  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  q = current_question (self);
  if (self->state != BITMAZE_PREDICT_ASKING || q == NULL || q->kind != MAZE_QUESTION_WORD)
    return FALSE;
  answer (self, self->answer_word == q->answer);
  return TRUE;
}

gboolean
bitmaze_predict_check_cell (BitmazePredict *self,
                            guint           index)
{
  const MazeQuestion *q;

  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  q = current_question (self);
  if (self->state != BITMAZE_PREDICT_ASKING || q == NULL || q->kind != MAZE_QUESTION_CELL)
    return FALSE;
  self->answer_cell = index;
  answer (self, maze_question_cell_right (q, index));
  return TRUE;
}

gboolean
bitmaze_predict_reveal (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  if (self->state != BITMAZE_PREDICT_ASKING)
    return FALSE;
  self->answered = FALSE;
  self->right = FALSE;
  set_state (self, BITMAZE_PREDICT_REVEALED);
  g_signal_emit (self, signals[REVEALED], 0, &self->questions[self->current]);
  return TRUE;
}

gboolean
bitmaze_predict_skip (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  if (self->state == BITMAZE_PREDICT_IDLE)
    return FALSE;
  if (self->state == BITMAZE_PREDICT_ASKING)
    g_signal_emit (self, signals[SKIPPED], 0, &self->questions[self->current]);
  next_question (self);
  return TRUE;
}

gboolean
bitmaze_predict_go_on (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  if (self->state != BITMAZE_PREDICT_REVEALED)
    return FALSE;
  next_question (self);
  return TRUE;
}

gboolean
bitmaze_predict_get_answered (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  return self->state == BITMAZE_PREDICT_REVEALED && self->answered;
}

gboolean
bitmaze_predict_get_right (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), FALSE);

  return self->state == BITMAZE_PREDICT_REVEALED && self->answered && self->right;
}

guint
bitmaze_predict_get_differ (BitmazePredict *self)
{
  const MazeQuestion *q;

  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  q = current_question (self);
  if (self->state != BITMAZE_PREDICT_REVEALED || !self->answered || q->kind != MAZE_QUESTION_WORD)
    return 0;
  return (guint) (self->answer_word ^ q->answer);
}

gint64
bitmaze_predict_get_answer_cell (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), -1);

  return self->state == BITMAZE_PREDICT_REVEALED && self->answered ? self->answer_cell : -1;
}

guint
bitmaze_predict_get_score_right (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return self->score_right;
}

guint
bitmaze_predict_get_score_asked (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return self->score_asked;
}

guint
bitmaze_predict_get_streak (BitmazePredict *self)
{
  g_return_val_if_fail (BITMAZE_IS_PREDICT (self), 0);

  return self->streak;
}

void
bitmaze_predict_reset_score (BitmazePredict *self)
{
  GObject *object = G_OBJECT (self);

  g_return_if_fail (BITMAZE_IS_PREDICT (self));

  g_object_freeze_notify (object);
  if (self->score_right != 0)
    g_object_notify_by_pspec (object, properties[PROP_SCORE_RIGHT]);
  if (self->score_asked != 0)
    g_object_notify_by_pspec (object, properties[PROP_SCORE_ASKED]);
  if (self->streak != 0)
    g_object_notify_by_pspec (object, properties[PROP_STREAK]);
  self->score_right = 0;
  self->score_asked = 0;
  self->streak = 0;
  g_object_thaw_notify (object);
}
