/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-explain.c: bitmaze-cli explain, the engine's explainer from a
 * terminal.
 *
 *   bitmaze-cli explain 'maze[87] |= W << 12;' --word 0x0036 [--answer 0x0836] [--json]
 *
 * The options live in one table (ExplainOptions and explain_entries ())
 * so that a new one is a field, an entry and its use.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-error.h"
#include "cli.h"

typedef struct
{
  char     *word;
  char     *answer;
  char     *listing;
  gboolean  json;
  gboolean  pretty;
} ExplainOptions;

static void
explain_options_clear (ExplainOptions *o)
{
  g_clear_pointer (&o->word, g_free);
  g_clear_pointer (&o->answer, g_free);
  g_clear_pointer (&o->listing, g_free);
}

static GOptionEntry *
explain_entries (ExplainOptions *o)
{
  const GOptionEntry entries[] = {
    { "word", 'w', 0, G_OPTION_ARG_STRING, &o->word,
      N_("The word maze[N] holds before the statement, in hex (0x0036) or "
         "binary (0b0000000000110110); required"), N_("WORD") },
    { "answer", 0, 0, G_OPTION_ARG_STRING, &o->answer,
      N_("A word given as maze[N] after the statement: say whether it is "
         "right, and if not, what went wrong"), N_("WORD") },
    { "listing", 0, 0, G_OPTION_ARG_STRING, &o->listing,
      N_("Print the C listing of generator or solver NAME with its line "
         "numbers, the lines --trace names (docs/trace.md); with --json "
         "{\"name\", \"lines\"}"), N_("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json,
      N_("Print one JSON object instead of text"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &o->pretty,
      N_("With --json: indent the object"), NULL },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

static void
add_hex (JsonBuilder *builder,
         const char  *key,
         uint16_t     word)
{
  g_autofree char *text = g_strdup_printf ("0x%04X", word);

  cli_json_add_string (builder, key, text);
}

static void
add_bits (JsonBuilder *builder,
          const char  *key,
          uint16_t     bits)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (int bit = 15; bit >= 0; bit--)
    if ((bits >> bit) & 1)
      json_builder_add_int_value (builder, bit);
  json_builder_end_array (builder);
}

/* "1000 0000 0011 0110" */
static char *
binary (uint16_t word)
{
  GString *s = g_string_new (NULL);

  for (int bit = 15; bit >= 0; bit--)
    {
      g_string_append_c (s, (word >> bit) & 1 ? '1' : '0');
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (s, ' ');
    }
  return g_string_free (s, FALSE);
}

char *
cli_explain_text (const MazeExplanation *ex)
{
  g_autofree char *mask = bitmaze_error_message (&ex->mask_sentence);
  g_autofree char *op = bitmaze_error_message (&ex->op_sentence);

  return g_strdup_printf ("%s %s", mask, op);
}

static int
print_json (const MazeExplanation *ex,
            gboolean               pretty)
{
  JsonBuilder *builder = json_builder_new ();
  g_autofree char *meaning = cli_explain_text (ex);
  g_autofree char *mask_binary = binary (ex->mask);

  json_builder_begin_object (builder);
  cli_json_add_string (builder, "statement", ex->statement);
  cli_json_add_uint (builder, "index", ex->index);
  add_hex (builder, "before", ex->before);
  add_hex (builder, "mask", ex->mask);
  cli_json_add_string (builder, "mask_binary", mask_binary);
  add_bits (builder, "bits", ex->mask);
  cli_json_add_string (builder, "nibble", ex->nibble >= 0 ? maze_nibble_name (ex->nibble) : NULL);
  cli_json_add_string (builder, "operator",
                       ex->op == MAZE_EXPLAIN_OR ? "|=" : ex->op == MAZE_EXPLAIN_AND_NOT ? "&= ~" : "^=");
  add_hex (builder, "after", ex->after);
  cli_json_add_string (builder, "meaning", meaning);
  if (ex->answered)
    {
      g_autofree char *why = ex->mistake != MAZE_MISTAKE_NONE
                             ? bitmaze_error_message (&ex->why) : g_strdup (meaning);

      add_hex (builder, "answer", ex->answer);
      json_builder_set_member_name (builder, "right");
      json_builder_add_boolean_value (builder, ex->mistake == MAZE_MISTAKE_NONE);
      cli_json_add_string (builder, "mistake",
                           ex->mistake != MAZE_MISTAKE_NONE ? maze_mistake_code (ex->mistake) : NULL);
      add_bits (builder, "differ", ex->differ);
      cli_json_add_string (builder, "explanation", why);
    }
  return cli_json_print (builder, stdout, pretty);
}

static void
print_word (const char *label,
            guint       width,
            uint16_t    word,
            const char *note)
{
  g_autofree char *bits = binary (word);
  g_autoptr (GString) line = g_string_new (label);

  for (guint k = g_utf8_strlen (label, -1); k < width; k++)
    g_string_append_c (line, ' ');
  g_string_append_printf (line, "  0x%04X  %s", word, bits);
  if (note != NULL)
    g_string_append_printf (line, "  %s", note);
  printf ("%s\n", line->str);
}

static void
print_text (const MazeExplanation *ex)
{
  /* Translators: labels of the lines of bitmaze-cli explain: the word
   * before the statement, the statement's mask, the word after, and the
   * word the user gave as an answer */
  const char *before_label = C_("explain", "before");
  const char *mask_label = C_("explain", "mask");
  const char *after_label = C_("explain", "after");
  const char *answer_label = C_("explain", "answer");
  guint width = 0;
  g_autofree char *mask_sentence = bitmaze_error_message (&ex->mask_sentence);
  g_autofree char *op_sentence = bitmaze_error_message (&ex->op_sentence);
  g_autofree char *nibble_note = NULL;

  width = MAX (width, g_utf8_strlen (before_label, -1));
  width = MAX (width, g_utf8_strlen (mask_label, -1));
  width = MAX (width, g_utf8_strlen (after_label, -1));
  if (ex->answered)
    width = MAX (width, g_utf8_strlen (answer_label, -1));
  if (ex->nibble >= 0)
    /* Translators: after the mask in bitmaze-cli explain: the nibble's
     * name ("backtrack", translated), its lowest and highest bit */
    nibble_note = g_strdup_printf (_("%s nibble, bits %d–%d"), _(maze_nibble_name (ex->nibble)),
                                   4 * ex->nibble, 4 * ex->nibble + 3);

  printf ("%s\n", ex->statement);
  print_word (before_label, width, ex->before, NULL);
  print_word (mask_label, width, ex->mask, nibble_note);
  print_word (after_label, width, ex->after, NULL);
  if (ex->answered)
    print_word (answer_label, width, ex->answer, NULL);
  printf ("%s\n%s\n", mask_sentence, op_sentence);
  if (ex->answered)
    cli_explain_print_answer (stdout, ex);
}

void
cli_explain_print_answer (FILE                  *out,
                          const MazeExplanation *ex)
{
  g_autofree char *why = NULL;

  if (ex->mistake == MAZE_MISTAKE_NONE)
    {
      /* Translators: bitmaze-cli explain --answer with the right word */
      fprintf (out, _("Right: maze[%u] is 0x%04X after the statement."), ex->index, ex->after);
      fputc ('\n', out);
      return;
    }
  why = bitmaze_error_message (&ex->why);
  /* Translators: a wrong answer's mistake: its code ("wrong-nibble"; keep
   * it as it is), then the sentence that explains it */
  fprintf (out, _("Mistake %s: %s"), maze_mistake_code (ex->mistake), why);
  fputc ('\n', out);
}

/* --listing NAME: a generator's or a solver's listing. */
static int
print_listing (const char  *name,
               int          argc,
               char       **argv,
               gboolean     json)
{
  const MazeAlgorithm *algorithm;
  MazeError error;

  if (argc > 1)
    return cli_usage_error ("explain", _("unexpected argument '%s'"), argv[1]);
  maze_error_clear (&error);
  algorithm = maze_algorithm_find (maze_generators, name, NULL, NULL);
  if (algorithm == NULL)
    algorithm = maze_algorithm_find (maze_solvers, name, NULL, &error);
  if (algorithm == NULL)
    return cli_fail (CLI_EXIT_FAILURE,
                     /* Translators: explain --listing with a name that is no
                      * generator or solver */
                     _("--listing: '%s' is neither a generator nor a solver "
                       "(see generate --list and solve --list)"), name);
  return cli_print_listing (algorithm, json, stdout);
}

int
cli_explain (int    argc,
             char **argv)
{
  ExplainOptions o = { 0 };
  g_autofree GOptionEntry *entries = explain_entries (&o);
  g_autoptr (GOptionContext) context = NULL;
  g_autofree MazeExplanation *ex = NULL;
  g_autofree char *statement = NULL;
  uint16_t word = 0, answer = 0;
  MazeError error;
  int status;

  context = cli_context_new ("explain", _("STATEMENT"),
                             _("Explain what one C statement of a step does to a "
                               "cell's word, and what went wrong in an answer."),
                             _("STATEMENT is one bit operation as Bitmaze prints "
                               "it, in quotes: 'maze[87] |= W << 12;', "
                               "'maze[87] &= ~0x0F00', 'maze[5] &= ~(N | W)'.  The "
                               "explanation gives the mask in hex and binary, the "
                               "bits and the nibble it touches, what the operator "
                               "does and the word after.  With --answer it names "
                               "the mistake: wrong-nibble, opposite-direction, "
                               "wrong-direction, dropped-bits, not-applied or "
                               "other.  Exit status: 0 explained; 1 a statement or "
                               "word it cannot read; 2 bad usage."),
                             entries);
  status = cli_parse (context, "explain", &argc, &argv);
  if (status != CLI_EXIT_OK)
    goto out;
  if (o.listing != NULL)
    {
      status = print_listing (o.listing, argc, argv, o.json);
      goto out;
    }
  if (argc < 2)
    {
      status = cli_usage_error ("explain", _("missing STATEMENT"));
      goto out;
    }
  if (o.word == NULL)
    {
      status = cli_usage_error ("explain", _("missing --word: the word before the statement"));
      goto out;
    }
  /* an unquoted statement arrives in pieces: put them together */
  statement = g_strjoinv (" ", argv + 1);
  if (!maze_predict_parse_word (o.word, &word))
    {
      status = cli_fail (CLI_EXIT_FAILURE, _("--word '%s' is not a 16-bit word: type it in "
                                             "hex (0x0036) or binary (0b0000000000110110)"),
                         o.word);
      goto out;
    }
  if (o.answer != NULL && !maze_predict_parse_word (o.answer, &answer))
    {
      status = cli_fail (CLI_EXIT_FAILURE, _("--answer '%s' is not a 16-bit word: type it in "
                                             "hex (0x0036) or binary (0b0000000000110110)"),
                         o.answer);
      goto out;
    }

  ex = g_new0 (MazeExplanation, 1);
  if (maze_explain (statement, word, ex, &error) != MAZE_OK)
    {
      if (o.json)
        {
          JsonBuilder *builder = json_builder_new ();

          json_builder_begin_object (builder);
          cli_json_add_string (builder, "statement", statement);
          cli_json_add_error (builder, &error);
          cli_json_print (builder, stdout, o.pretty);
        }
      status = cli_fail_maze (NULL, &error);
      goto out;
    }
  if (o.answer != NULL)
    maze_explain_answer (ex, answer);
  if (o.json)
    status = print_json (ex, o.pretty);
  else
    {
      print_text (ex);
      status = CLI_EXIT_OK;
    }

out:
  explain_options_clear (&o);
  return status;
}
