/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-error.c: engine errors in the user's language.
 *
 * The engine's table of messages (src/engine/messages.c) holds every
 * English template; each is the msgid of its translation.  An error's
 * message is its template, translated, formatted by the engine with the
 * error's values, its directions and phrases translated too.
 */
#include "bitmaze-error.h"

#include <glib/gi18n-lib.h>

/* A direction ("east", as the engine names it) in the user's language;
 * the msgids are the ones the app already translates. */
static const char *
direction (uint16_t  dir,
           void     *data)
{
  switch (dir)
    {
    case MAZE_N: return _("north");
    case MAZE_E: return _("east");
    case MAZE_S: return _("south");
    case MAZE_W: return _("west");
    default: return maze_dir_name (dir);
    }
}

/* A phrase of the engine (a descriptor's sentence, marked MAZE_N_) in
 * the user's language. */
static const char *
phrase (const char *english,
        void       *data)
{
  return g_dgettext (GETTEXT_PACKAGE, english);
}

char *
bitmaze_error_message (const MazeError *error)
{
  static const MazeErrorWords words = { direction, phrase, NULL };
  const char *template;
  char *message;
  size_t len;

  g_return_val_if_fail (error != NULL, NULL);

  if (error->code == MAZE_MSG_NONE)
    return g_strdup (error->message);
  template = g_dgettext (GETTEXT_PACKAGE, maze_message_template (error->code));
  len = maze_error_format (error, template, &words, NULL, 0);
  message = g_malloc (len + 1);
  maze_error_format (error, template, &words, message, len + 1);
  return message;
}

void
bitmaze_error_propagate (GError          **error,
                         GQuark            domain,
                         gint              code,
                         const MazeError  *merror)
{
  g_autofree char *message = NULL;

  g_return_if_fail (merror != NULL);

  if (error == NULL)
    return;
  message = bitmaze_error_message (merror);
  g_set_error_literal (error, domain, code, message);
}

char *
bitmaze_explain_statement (const char    *statement,
                           guint16        before,
                           const guint16 *answer,
                           MazeMistake   *mistake)
{
  g_autofree MazeExplanation *ex = g_new0 (MazeExplanation, 1);
  g_autofree char *mask = NULL;
  g_autofree char *op = NULL;
  MazeMistake m = MAZE_MISTAKE_NONE;

  if (mistake != NULL)
    *mistake = MAZE_MISTAKE_NONE;
  if (statement == NULL || maze_explain (statement, before, ex, NULL) != MAZE_OK)
    return NULL;
  mask = bitmaze_error_message (&ex->mask_sentence);
  op = bitmaze_error_message (&ex->op_sentence);
  if (answer != NULL)
    m = maze_explain_answer (ex, *answer);
  if (mistake != NULL)
    *mistake = m;
  if (m != MAZE_MISTAKE_NONE)
    {
      g_autofree char *why = bitmaze_error_message (&ex->why);

      return g_strdup_printf ("%s\n%s %s", why, mask, op);
    }
  return g_strdup_printf ("%s %s", mask, op);
}
