/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-lesson.h: the first guided lesson (Learn in the menu, or
 * `bitmaze --lesson`): seven short pages over the live window, from the
 * four nibbles of a cell to BFS following its backtrack bits home.  Each
 * page sets the window up (an algorithm, predict mode's questions, the
 * inspector or the Code pane), names the part of the window it talks
 * about (the "target" property: the window outlines it), and lets the
 * student go on once its predict questions are answered.  The page
 * reached is remembered in the "lesson-page" setting.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-predict.h"
#include "bitmaze-session.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_LESSON (bitmaze_lesson_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeLesson, bitmaze_lesson, BITMAZE, LESSON, GtkWidget)

/* The number of pages. */
#define BITMAZE_LESSON_PAGES 7

GtkWidget  *bitmaze_lesson_new          (BitmazeSession *session,
                                         BitmazePredict *predict,
                                         GSettings      *settings);

/* Starts at page @page (0 .. BITMAZE_LESSON_PAGES - 1): sets the window
 * up for it and shows it. */
void        bitmaze_lesson_start        (BitmazeLesson  *self,
                                         guint           page);

/* Ends the lesson: predict mode off, the bar hidden (the page reached
 * stays remembered). */
void        bitmaze_lesson_stop         (BitmazeLesson  *self);

gboolean    bitmaze_lesson_get_active   (BitmazeLesson  *self);
guint       bitmaze_lesson_get_page     (BitmazeLesson  *self);

/* The questions the page asks, and how many have been answered. */
guint       bitmaze_lesson_get_needed   (BitmazeLesson  *self);
guint       bitmaze_lesson_get_answered (BitmazeLesson  *self);

/* The part of the window the page talks about: "inspector", "code",
 * "maze" or "predict"; NULL while the lesson is off. */
const char *bitmaze_lesson_get_target   (BitmazeLesson  *self);

G_END_DECLS
