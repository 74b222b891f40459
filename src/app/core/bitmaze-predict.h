/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-predict.h: predict mode, without a widget.
 *
 * Before a step of the build or the search, the class guesses what it
 * will do: the word a C statement leaves in a cell, or which cell the
 * search takes next.  A BitmazePredict holds the teacher's choice of
 * questions, the question open, the student's answer and the score.  It
 * asks through its session (bitmaze_session_set_ask_func()): Step and Run
 * stop before a step chosen, the step is held back while its questions
 * (maze_predict_questions(): a cell question, then one a statement) are
 * asked one after the other, and bitmaze_predict_go_on() after the last
 * one does the step.
 *
 * What follows the questions (the predict bar, a class session) listens
 * to four signals, each given the question (a MazeQuestion of maze.h,
 * owned by the predict object, valid during the emission):
 *
 *  - ::asked: a question is open;
 *  - ::revealed: its answer is out (checked against the student's answer
 *    when there was one: see get_answered, get_right, get_differ);
 *  - ::skipped: the teacher skipped it, unanswered and not counted;
 *  - ::withdrawn: the maze changed under it (a new maze, Step Back, an
 *    edit) or predict mode ended: it is gone, unanswered.
 *
 * The score (right answers of those given, and the streak of right ones)
 * starts again with every new maze.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"

#include "bitmaze-session.h"

G_BEGIN_DECLS

/**
 * BitmazePredictState:
 * @BITMAZE_PREDICT_IDLE: no question open
 * @BITMAZE_PREDICT_ASKING: a question waits for its answer
 * @BITMAZE_PREDICT_REVEALED: its answer is out; go on asks the step's
 *   next question, or does the step
 */
typedef enum
{
  BITMAZE_PREDICT_IDLE,
  BITMAZE_PREDICT_ASKING,
  BITMAZE_PREDICT_REVEALED,
} BitmazePredictState;

#define BITMAZE_TYPE_PREDICT_STATE (bitmaze_predict_state_get_type ())
GType bitmaze_predict_state_get_type (void) G_GNUC_CONST;

/* The largest every-Nth-step the teacher can choose. */
#define BITMAZE_PREDICT_EVERY_MAX 1000

#define BITMAZE_TYPE_PREDICT (bitmaze_predict_get_type ())

G_DECLARE_FINAL_TYPE (BitmazePredict, bitmaze_predict, BITMAZE, PREDICT, GObject)

BitmazePredict      *bitmaze_predict_new             (BitmazeSession *session);
BitmazeSession      *bitmaze_predict_get_session     (BitmazePredict *self);

/* ---- on or off, and which questions (also properties) ---- */

gboolean             bitmaze_predict_get_active      (BitmazePredict *self);
void                 bitmaze_predict_set_active      (BitmazePredict *self,
                                                      gboolean        active);
/* Ask about every Nth step only (1: every step). */
guint                bitmaze_predict_get_every       (BitmazePredict *self);
void                 bitmaze_predict_set_every       (BitmazePredict *self,
                                                      guint           every);
/* Only steps (and statements) that change nibble 0..3; -1: any. */
int                  bitmaze_predict_get_nibble      (BitmazePredict *self);
void                 bitmaze_predict_set_nibble      (BitmazePredict *self,
                                                      int             nibble);
/* Word questions; "which cell comes next?" questions. */
gboolean             bitmaze_predict_get_ask_words   (BitmazePredict *self);
void                 bitmaze_predict_set_ask_words   (BitmazePredict *self,
                                                      gboolean        ask);
gboolean             bitmaze_predict_get_ask_cells   (BitmazePredict *self);
void                 bitmaze_predict_set_ask_cells   (BitmazePredict *self,
                                                      gboolean        ask);

/* ---- the question ---- */

BitmazePredictState  bitmaze_predict_get_state       (BitmazePredict *self);
/* The question open or revealed, or NULL when idle. */
const MazeQuestion  *bitmaze_predict_get_question    (BitmazePredict *self);
/* Which question of its step it is (from 1) and how many the step has. */
guint                bitmaze_predict_get_question_number (BitmazePredict *self);
guint                bitmaze_predict_get_n_questions (BitmazePredict *self);
/* The number of the step asked about (the steps shown + 1). */
guint64              bitmaze_predict_get_step        (BitmazePredict *self);

/* ---- answering ---- */

/* The word the student builds for a word question (property
 * "answer-word"): the cell's word when the question opens. */
guint                bitmaze_predict_get_answer_word (BitmazePredict *self);
void                 bitmaze_predict_set_answer_word (BitmazePredict *self,
                                                      guint           word);
/* Checks the answer word against the word question open: counts it and
 * reveals (::revealed).  FALSE when no word question is open. */
gboolean             bitmaze_predict_check           (BitmazePredict *self);
/* Answers the cell question open with cell @index: counts it and
 * reveals.  FALSE when no cell question is open. */
gboolean             bitmaze_predict_check_cell      (BitmazePredict *self,
                                                      guint           index);
/* Reveals the question open without an answer (not counted), e.g. after
 * a class answered it from their browsers. */
gboolean             bitmaze_predict_reveal          (BitmazePredict *self);
/* Skips the question open or revealed (::skipped when open): not counted;
 * goes on as bitmaze_predict_go_on() does. */
gboolean             bitmaze_predict_skip            (BitmazePredict *self);
/* After a reveal: the step's next question, or after its last one the
 * step itself (then, unless Run goes on, the next step's question when
 * it is chosen too).  FALSE when no answer is revealed. */
gboolean             bitmaze_predict_go_on           (BitmazePredict *self);

/* ---- the result of the question revealed ---- */

/* Whether the student answered it (not a reveal without an answer). */
gboolean             bitmaze_predict_get_answered    (BitmazePredict *self);
gboolean             bitmaze_predict_get_right       (BitmazePredict *self);
/* Word questions: the answer XOR the right word (the bits that differ). */
guint                bitmaze_predict_get_differ      (BitmazePredict *self);
/* Cell questions: the cell answered, or -1. */
gint64               bitmaze_predict_get_answer_cell (BitmazePredict *self);

/* ---- the score, since the maze was made (properties) ---- */

guint                bitmaze_predict_get_score_right (BitmazePredict *self);
guint                bitmaze_predict_get_score_asked (BitmazePredict *self);
guint                bitmaze_predict_get_streak      (BitmazePredict *self);
void                 bitmaze_predict_reset_score     (BitmazePredict *self);

G_END_DECLS
