/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-page.h: the student page of a class session, in the
 * student's language.
 *
 * The page's words are messages of the app's own translations (context
 * "student page" in the po files).  A student's browser may want another
 * language than the teacher's desktop, so the page does not ask gettext,
 * which knows one language per process: it reads, once, the "student
 * page" messages of each compiled catalogue (LINGUAS, from the directory
 * bindtextdomain() gives) and picks one per request.  What a request says
 * (?lang=, Accept-Language) only chooses among those loaded: it never
 * names a file.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BitmazeClassPage BitmazeClassPage;

/* Loads the catalogues of every language the app is translated into. */
BitmazeClassPage *bitmaze_class_page_new             (void);
void              bitmaze_class_page_free            (BitmazeClassPage *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeClassPage, bitmaze_class_page_free)

/* The languages whose catalogue was found, besides English. */
const char *const *bitmaze_class_page_get_languages  (BitmazeClassPage *self);

/* The language to answer in: @lang (a ?lang= value) if it is one of
 * ours, else the first of @accept_language (an Accept-Language header,
 * by its q-values) that is, else "en".  Both may be NULL.  The result is
 * a static string or one of bitmaze_class_page_get_languages(). */
const char       *bitmaze_class_page_pick_language   (BitmazeClassPage *self,
                                                      const char       *lang,
                                                      const char       *accept_language);

/* The page's message @id (e.g. "join") in @lang, English when it has no
 * translation; NULL for an unknown @id. */
const char       *bitmaze_class_page_get_string      (BitmazeClassPage *self,
                                                      const char       *lang,
                                                      const char       *id);

/**
 * bitmaze_class_page_explain:
 * @statement: the question's statement ("maze[87] |= W << 12;")
 * @before: the word before it
 * @answer: (nullable): the student's word, or NULL
 * @mistake: (out) (optional): the mistake's code ("wrong-nibble"), or
 *           NULL when @answer is NULL or right
 *
 * The engine's explainer in @lang: for a wrong @answer the mistake's
 * sentence, then (a new line) what the statement does.  A new string, or
 * NULL when the statement cannot be read.
 */
char             *bitmaze_class_page_explain         (BitmazeClassPage *self,
                                                      const char       *lang,
                                                      const char       *statement,
                                                      guint16           before,
                                                      const guint16    *answer,
                                                      const char      **mistake);

/* The page in @lang: the HTML template of the resources with every
 * message filled in (HTML-escaped), the language, the join code field
 * filled with @code when it is six digits (else left empty), and the
 * messages the script needs as JSON. */
GBytes           *bitmaze_class_page_render          (BitmazeClassPage *self,
                                                      const char       *lang,
                                                      const char       *code);

/* A static file of the page ("student.js", "student.css") and its
 * content type, or NULL. */
GBytes           *bitmaze_class_page_get_file        (const char       *name,
                                                      const char      **content_type);

G_END_DECLS
