/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-class-page.h"
#include "maze.h"

#define PAGE_CONTEXT  "student page"
#define RESOURCE_DIR  RESOURCE_PATH "/class/"
/* Bounds on what a request may make the page parse. */
#define ACCEPT_LANGUAGE_MAX 256
#define LANGUAGE_TAG_MAX    16

typedef struct
{
  const char *id;
  const char *msgid;
} PageString;

/* Every word of the student page.  {name}-style fields are filled in by
 * the page's script; a translation keeps them as they are. */
static const PageString page_strings[] = {
  /* Translators: the title of the page students open on their phones in a class session */
  { "title", NC_("student page", "Bitmaze Class") },
  /* Translators: the line under the title of the students' page */
  { "intro", NC_("student page", "Predict what each bit operation does to the maze.") },
  { "name_label", NC_("student page", "Your name") },
  /* Translators: the six digits a student types to join the class session */
  { "code_label", NC_("student page", "Join code") },
  /* Translators: button: join the class session */
  { "join", NC_("student page", "Join") },
  { "noscript", NC_("student page", "This page needs JavaScript.") },
  { "joining", NC_("student page", "Joining…") },
  { "need_name", NC_("student page", "Type your name.") },
  { "need_code", NC_("student page", "Type the six-digit join code shown on the projector.") },
  { "bad_code", NC_("student page", "That join code is not right. Check it on the projector.") },
  { "too_many_codes", NC_("student page", "Too many wrong join codes. Wait a minute, then try again.") },
  { "full", NC_("student page", "The class is full.") },
  { "no_server", NC_("student page", "Cannot reach the class session. Check the address and try again.") },
  /* Translators: {name} is the student's name as the session knows it; keep {name} as it is */
  { "joined_as", NC_("student page", "You joined as {name}.") },
  { "waiting", NC_("student page", "Wait for the teacher’s question.") },
  { "lost", NC_("student page", "Connection lost. Reconnecting…") },
  { "ended", NC_("student page", "The session has ended. Thank you!") },
  { "replaced", NC_("student page", "You joined again in another tab or window.") },
  { "removed", NC_("student page", "The teacher removed you from the class.") },
  { "locked", NC_("student page", "The class is locked: nobody new can join now. Ask your teacher.") },
  { "address_full", NC_("student page", "Enough students have joined from this device already. Ask your teacher to allow more.") },
  { "closed", NC_("student page", "The connection was closed.") },
  { "skipped", NC_("student page", "The teacher skipped this question.") },
  { "word_question", NC_("student page", "What will the word be after this statement?") },
  /* Translators: {x} and {y} are the cell's column and row, {index} its place in the array maze[]; keep the fields as they are */
  { "cell_title", NC_("student page", "Cell ({x}, {y}) · maze[{index}]") },
  /* Translators: the label of the cell's word before the statement runs */
  { "now_label", NC_("student page", "Now") },
  { "answer_label", NC_("student page", "Your answer") },
  { "bits_hint", NC_("student page", "Tap the bits to change them, or type the word in hex.") },
  { "hex_label", NC_("student page", "Your answer in hex") },
  { "bad_hex", NC_("student page", "Type one to four hex digits, such as 0x1809.") },
  /* Translators: the name of bits 12-15 of a cell, where the search came from */
  { "nibble_backtrack", NC_("student page", "backtrack") },
  /* Translators: the name of bits 8-11 of a cell, where the solution path leaves the cell */
  { "nibble_solution", NC_("student page", "solution") },
  /* Translators: the name of bits 4-7 of a cell, the sides on the maze's outer edge */
  { "nibble_border", NC_("student page", "border") },
  /* Translators: the name of bits 0-3 of a cell, a set bit is a knocked-down wall */
  { "nibble_passages", NC_("student page", "passages") },
  /* Translators: a direction on the maze */
  { "north", NC_("student page", "north") },
  /* Translators: a direction on the maze */
  { "east", NC_("student page", "east") },
  /* Translators: a direction on the maze */
  { "south", NC_("student page", "south") },
  /* Translators: a direction on the maze */
  { "west", NC_("student page", "west") },
  /* Translators: the name of a bit button, e.g. "Bit 11, solution west"; keep {bit}, {nibble} and {direction} as they are */
  { "bit_name", NC_("student page", "Bit {bit}, {nibble} {direction}") },
  /* Translators: button: send the answer to the teacher */
  { "send", NC_("student page", "Send Answer") },
  /* Translators: {answer} is the word or cell the student sent; keep {answer} as it is */
  { "sent", NC_("student page", "Answer sent: {answer}. Wait for the reveal.") },
  /* Translators: {word} is the correct word in hex; keep {word} as it is */
  { "right_word", NC_("student page", "Right! The word is {word}.") },
  /* Translators: {word} is the correct word, {answer} the student's, both in hex; keep the fields as they are */
  { "wrong_word", NC_("student page", "Not quite. The word is {word}, you answered {answer}.") },
  /* Translators: {word} is the correct word in hex; keep {word} as it is */
  { "missed_word", NC_("student page", "No answer. The word is {word}.") },
  /* Translators: {bits} is a list of bit numbers, e.g. "10, 11"; keep {bits} as it is */
  { "differ", NC_("student page", "Bits that differ: {bits}.") },
  /* Translators: the label of the correct word after the reveal */
  { "correct_label", NC_("student page", "Correct") },
  { "cell_question", NC_("student page", "Which cell will the search visit next?") },
  { "pick_cell", NC_("student page", "Tap the cell, then send your answer.") },
  { "need_cell", NC_("student page", "Tap a cell first.") },
  /* Translators: the name of a cell button; {x} is its column, {y} its row; keep the fields as they are */
  { "cell_name", NC_("student page", "Cell ({x}, {y})") },
  /* Translators: said of a cell: the search stands on it now */
  { "mark_current", NC_("student page", "the search is here") },
  /* Translators: said of a cell: it is in the search's queue, stack or open set */
  { "mark_frontier", NC_("student page", "waiting to be visited") },
  /* Translators: said of a cell: the search has been there */
  { "mark_visited", NC_("student page", "visited") },
  /* Translators: said of a cell: the maze's start */
  { "mark_start", NC_("student page", "start") },
  /* Translators: said of a cell: the maze's goal */
  { "mark_goal", NC_("student page", "goal") },
  /* Translators: said of a cell: the student tapped it */
  { "mark_chosen", NC_("student page", "your choice") },
  /* Translators: said of a cell after the reveal: the search visits it next */
  { "mark_answer", NC_("student page", "the right answer") },
  /* Translators: {cell} is the correct cell, e.g. "(3, 5)"; keep {cell} as it is */
  { "right_cell", NC_("student page", "Right! The next cell is {cell}.") },
  /* Translators: {cell} is the correct cell, {answer} the student's, e.g. "(3, 5)"; keep the fields as they are */
  { "wrong_cell", NC_("student page", "Not quite. The next cell is {cell}, you chose {answer}.") },
  /* Translators: {cell} is the correct cell, e.g. "(3, 5)"; keep {cell} as it is */
  { "missed_cell", NC_("student page", "No answer. The next cell is {cell}.") },
  /* Translators: the student's score in the ranking; keep {right} and {asked} as they are */
  { "score", NC_("student page", "Score: {right} of {asked}") },
};

typedef struct
{
  char       *lang;
  GHashTable *messages; /* "student page\004msgid" -> translation */
} Catalog;

struct _BitmazeClassPage
{
  GPtrArray  *catalogs;   /* Catalog */
  GPtrArray  *languages;  /* char *, NULL-terminated */
  GHashTable *by_id;      /* id -> PageString */
};

/* ------------------------------------------------------------------ */
/* The catalogues: GNU .mo files, read for the page's messages only     */
/* ------------------------------------------------------------------ */

static guint32
read_u32 (const guint8 *p,
          gboolean      swap)
{
  guint32 v;

  memcpy (&v, p, 4);
  return swap ? GUINT32_SWAP_LE_BE (v) : v;
}

/* Is @original (@len bytes, no context) one of the engine's words the
 * page needs: the explainer's sentences, the nibbles' and the directions'
 * names? */
static gboolean
is_engine_word (const char *original,
                gsize       len)
{
  static const char *const words[] = { "north", "east", "south", "west" };

  if (memchr (original, '\004', len) != NULL)
    return FALSE;
  for (int code = MAZE_MSG_EXPLAIN_SHIFT; code <= MAZE_MSG_MISTAKE_OTHER; code++)
    {
      const char *t = maze_message_template ((MazeMessage) code);

      if (strlen (t) == len && memcmp (t, original, len) == 0)
        return TRUE;
    }
  for (int n = 0; n < 4; n++)
    if (strlen (maze_nibble_name (n)) == len && memcmp (maze_nibble_name (n), original, len) == 0)
      return TRUE;
  for (gsize k = 0; k < G_N_ELEMENTS (words); k++)
    if (strlen (words[k]) == len && memcmp (words[k], original, len) == 0)
      return TRUE;
  return FALSE;
}

/* The "student page" messages of the .mo file @data, or NULL when it is
 * not one.  Every offset is checked against the file's size. */
static GHashTable *
parse_mo (const guint8 *data,
          gsize         size)
{
  static const char prefix[] = PAGE_CONTEXT "\004";
  g_autoptr (GHashTable) messages = NULL;
  guint32 magic, n, originals, translations;
  gboolean swap;

  if (size < 20)
    return NULL;
  memcpy (&magic, data, 4);
  if (magic == 0x950412de)
    swap = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == 0x950412de)
    swap = TRUE;
  else
    return NULL;

  n = read_u32 (data + 8, swap);
  originals = read_u32 (data + 12, swap);
  translations = read_u32 (data + 16, swap);
  if ((guint64) originals + (guint64) n * 8 > size ||
      (guint64) translations + (guint64) n * 8 > size)
    return NULL;

  messages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint32 i = 0; i < n; i++)
    {
      guint32 olen = read_u32 (data + originals + i * 8, swap);
      guint32 ooff = read_u32 (data + originals + i * 8 + 4, swap);
      guint32 tlen = read_u32 (data + translations + i * 8, swap);
      guint32 toff = read_u32 (data + translations + i * 8 + 4, swap);
      const char *original;
      const char *translation;
      gsize translation_len;

      /* Each string is followed by a NUL inside the file. */
      if ((guint64) ooff + olen >= size || (guint64) toff + tlen >= size)
        return NULL;
      original = (const char *) data + ooff;
      if ((olen < sizeof prefix - 1 || memcmp (original, prefix, sizeof prefix - 1) != 0)
          && !is_engine_word (original, olen))
        continue;

      /* A plural message holds its forms NUL-separated: take the first. */
      translation = (const char *) data + toff;
      translation_len = strnlen (translation, tlen);
      if (translation_len == 0 ||
          !g_utf8_validate (translation, (gssize) translation_len, NULL) ||
          !g_utf8_validate (original, (gssize) strnlen (original, olen), NULL))
        continue;
      g_hash_table_replace (messages,
                            g_strndup (original, strnlen (original, olen)),
                            g_strndup (translation, translation_len));
    }

  return g_steal_pointer (&messages);
}

static void
catalog_free (Catalog *catalog)
{
  g_free (catalog->lang);
  g_hash_table_unref (catalog->messages);
  g_free (catalog);
}

static Catalog *
load_catalog (const char *localedir,
              const char *lang)
{
  g_autofree char *path = g_build_filename (localedir, lang, "LC_MESSAGES",
                                            GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *contents = NULL;
  gsize size;
  GHashTable *messages;
  Catalog *catalog;

  if (!g_file_get_contents (path, &contents, &size, NULL))
    return NULL;
  messages = parse_mo ((const guint8 *) contents, size);
  if (messages == NULL)
    {
      g_warning ("%s is not a message catalogue", path);
      return NULL;
    }

  catalog = g_new0 (Catalog, 1);
  catalog->lang = g_strdup (lang);
  catalog->messages = messages;
  return catalog;
}

BitmazeClassPage *
bitmaze_class_page_new (void)
{
  BitmazeClassPage *self = g_new0 (BitmazeClassPage, 1);
  const char *localedir = bindtextdomain (GETTEXT_PACKAGE, NULL);
  g_auto (GStrv) linguas = g_strsplit (BITMAZE_LINGUAS, " ", -1);

  self->catalogs = g_ptr_array_new_with_free_func ((GDestroyNotify) catalog_free);
  self->languages = g_ptr_array_new ();
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < G_N_ELEMENTS (page_strings); i++)
    g_hash_table_insert (self->by_id, (gpointer) page_strings[i].id, (gpointer) &page_strings[i]);

  for (guint i = 0; linguas[i] != NULL; i++)
    {
      Catalog *catalog;

      if (*linguas[i] == '\0' || localedir == NULL)
        continue;
      catalog = load_catalog (localedir, linguas[i]);
      if (catalog == NULL)
        continue;
      g_ptr_array_add (self->catalogs, catalog);
      g_ptr_array_add (self->languages, catalog->lang);
    }
  g_ptr_array_add (self->languages, NULL);

  return self;
}

void
bitmaze_class_page_free (BitmazeClassPage *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->languages);
  g_ptr_array_unref (self->catalogs);
  g_hash_table_unref (self->by_id);
  g_free (self);
}

const char *const *
bitmaze_class_page_get_languages (BitmazeClassPage *self)
{
  return (const char *const *) self->languages->pdata;
}

/* ------------------------------------------------------------------ */
/* Choosing the language                                               */
/* ------------------------------------------------------------------ */

static Catalog *
find_catalog (BitmazeClassPage *self,
              const char       *lang)
{
  for (guint i = 0; lang != NULL && i < self->catalogs->len; i++)
    {
      Catalog *catalog = g_ptr_array_index (self->catalogs, i);

      if (g_ascii_strcasecmp (catalog->lang, lang) == 0)
        return catalog;
    }
  return NULL;
}

/* The language of a tag such as "de-CH" or "pt_BR", if we have it: the
 * whole tag first, then its primary part. */
static const char *
match_tag (BitmazeClassPage *self,
           const char       *tag,
           gsize             len)
{
  char buf[LANGUAGE_TAG_MAX + 1];
  Catalog *catalog;
  char *dash;

  if (len == 0 || len > LANGUAGE_TAG_MAX)
    return NULL;
  memcpy (buf, tag, len);
  buf[len] = '\0';
  for (char *p = buf; *p != '\0'; p++)
    if (*p == '-')
      *p = '_';
  if (g_ascii_strncasecmp (buf, "en", 2) == 0 && (buf[2] == '\0' || buf[2] == '_'))
    return "en";
  catalog = find_catalog (self, buf);
  if (catalog != NULL)
    return catalog->lang;
  dash = strchr (buf, '_');
  if (dash != NULL)
    {
      *dash = '\0';
      catalog = find_catalog (self, buf);
      if (catalog != NULL)
        return catalog->lang;
    }
  return NULL;
}

const char *
bitmaze_class_page_pick_language (BitmazeClassPage *self,
                                  const char       *lang,
                                  const char       *accept_language)
{
  const char *best = "en";
  double best_q = 0.0;
  const char *p;

  if (lang != NULL)
    {
      const char *match = match_tag (self, lang, strlen (lang));

      if (match != NULL)
        return match;
    }
  if (accept_language == NULL)
    return best;

  /* "de-CH, de;q=0.9, en;q=0.8": the first of the highest q wins. */
  p = accept_language;
  while (*p != '\0' && p - accept_language < ACCEPT_LANGUAGE_MAX)
    {
      const char *end = strchr (p, ',');
      const char *semi;
      gsize item_len = end != NULL ? (gsize) (end - p) : strlen (p);
      const char *tag = p;
      gsize tag_len;
      double q = 1.0;
      const char *match;

      while (item_len > 0 && g_ascii_isspace (*tag))
        tag++, item_len--;
      semi = memchr (tag, ';', item_len);
      tag_len = semi != NULL ? (gsize) (semi - tag) : item_len;
      while (tag_len > 0 && g_ascii_isspace (tag[tag_len - 1]))
        tag_len--;
      if (semi != NULL)
        {
          const char *qp = semi + 1;

          while (qp < tag + item_len && g_ascii_isspace (*qp))
            qp++;
          if (qp + 2 <= tag + item_len && qp[0] == 'q' && qp[1] == '=')
            {
              char qbuf[8] = { 0 };
              gsize qlen = MIN ((gsize) (tag + item_len - (qp + 2)), sizeof qbuf - 1);

              memcpy (qbuf, qp + 2, qlen);
              q = g_ascii_strtod (qbuf, NULL);
            }
        }

      match = match_tag (self, tag, tag_len);
      if (match != NULL && q > best_q)
        {
          best = match;
          best_q = q;
        }

      if (end == NULL)
        break;
      p = end + 1;
    }

  return best;
}

const char *
bitmaze_class_page_get_string (BitmazeClassPage *self,
                               const char       *lang,
                               const char       *id)
{
  const PageString *string = g_hash_table_lookup (self->by_id, id);
  Catalog *catalog = find_catalog (self, lang);
  g_autofree char *key = NULL;
  const char *translation;

  if (string == NULL)
    return NULL;
  if (catalog == NULL)
    return string->msgid;
  key = g_strconcat (PAGE_CONTEXT "\004", string->msgid, NULL);
  translation = g_hash_table_lookup (catalog->messages, key);
  return translation != NULL ? translation : string->msgid;
}

/* ------------------------------------------------------------------ */
/* The explainer in the student's language                            */
/* ------------------------------------------------------------------ */

static const char *
catalog_word (Catalog    *catalog,
              const char *english)
{
  const char *t = catalog != NULL ? g_hash_table_lookup (catalog->messages, english) : NULL;

  return t != NULL ? t : english;
}

static const char *
explain_direction (guint16  dir,
                   void    *data)
{
  return catalog_word (data, maze_dir_name (dir));
}

static const char *
explain_phrase (const char *english,
                void       *data)
{
  return catalog_word (data, english);
}

static char *
sentence (Catalog         *catalog,
          const MazeError *message)
{
  MazeErrorWords words = { explain_direction, explain_phrase, catalog };
  const char *template = catalog_word (catalog, maze_message_template (message->code));
  size_t len = maze_error_format (message, template, &words, NULL, 0);
  char *text = g_malloc (len + 1);

  maze_error_format (message, template, &words, text, len + 1);
  return text;
}

char *
bitmaze_class_page_explain (BitmazeClassPage *self,
                            const char       *lang,
                            const char       *statement,
                            guint16           before,
                            const guint16    *answer,
                            const char      **mistake)
{
  g_autofree MazeExplanation *ex = g_new0 (MazeExplanation, 1);
  Catalog *catalog = find_catalog (self, lang);
  g_autofree char *mask = NULL;
  g_autofree char *op = NULL;

  if (mistake != NULL)
    *mistake = NULL;
  if (statement == NULL || maze_explain (statement, before, ex, NULL) != MAZE_OK)
    return NULL;
  mask = sentence (catalog, &ex->mask_sentence);
  op = sentence (catalog, &ex->op_sentence);
  if (answer != NULL && maze_explain_answer (ex, *answer) != MAZE_MISTAKE_NONE)
    {
      g_autofree char *why = sentence (catalog, &ex->why);

      if (mistake != NULL)
        *mistake = maze_mistake_code (ex->mistake);
      return g_strdup_printf ("%s\n%s %s", why, mask, op);
    }
  return g_strdup_printf ("%s %s", mask, op);
}

/* ------------------------------------------------------------------ */
/* The page                                                            */
/* ------------------------------------------------------------------ */

static gboolean
is_join_code (const char *code)
{
  if (code == NULL || strlen (code) != 6)
    return FALSE;
  for (const char *p = code; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/* The messages as a JSON object that is safe inside <script>: no "<"
 * (so no "</script>"), no line separators JavaScript would trip on. */
static void
append_strings_json (GString          *out,
                     BitmazeClassPage *self,
                     const char       *lang)
{
  g_string_append_c (out, '{');
  for (guint i = 0; i < G_N_ELEMENTS (page_strings); i++)
    {
      const char *text = bitmaze_class_page_get_string (self, lang, page_strings[i].id);

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "\"%s\":\"", page_strings[i].id);
      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (c == '"' || c == '\\')
            g_string_append_printf (out, "\\%c", (char) c);
          else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_unichar (out, c);
        }
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, '}');
}

GBytes *
bitmaze_class_page_render (BitmazeClassPage *self,
                           const char       *lang,
                           const char       *code)
{
  g_autoptr (GBytes) template = NULL;
  const char *text;
  const char *end;
  GString *out;

  template = g_resources_lookup_data (RESOURCE_DIR "student.html", G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_return_val_if_fail (template != NULL, NULL);

  text = g_bytes_get_data (template, NULL);
  end = text + g_bytes_get_size (template);
  out = g_string_sized_new (g_bytes_get_size (template) + 4096);

  while (text < end)
    {
      const char *open = g_strstr_len (text, end - text, "{{");
      const char *close;
      g_autofree char *id = NULL;

      if (open == NULL)
        {
          g_string_append_len (out, text, end - text);
          break;
        }
      close = g_strstr_len (open, end - open, "}}");
      if (close == NULL)
        {
          g_string_append_len (out, text, end - text);
          break;
        }
      g_string_append_len (out, text, open - text);
      id = g_strndup (open + 2, close - (open + 2));

      if (g_str_equal (id, "lang"))
        g_string_append (out, lang);
      else if (g_str_equal (id, "code"))
        g_string_append (out, is_join_code (code) ? code : "");
      else if (g_str_equal (id, "strings"))
        append_strings_json (out, self, lang);
      else
        {
          const char *message = bitmaze_class_page_get_string (self, lang, id);
          g_autofree char *escaped = NULL;

          if (message == NULL)
            g_critical ("student.html names an unknown message “%s”", id);
          else
            {
              escaped = g_markup_escape_text (message, -1);
              g_string_append (out, escaped);
            }
        }
      text = close + 2;
    }

  return g_string_free_to_bytes (out);
}

GBytes *
bitmaze_class_page_get_file (const char  *name,
                             const char **content_type)
{
  static const struct
  {
    const char *name;
    const char *type;
    const char *resource;
  } files[] = {
    { "student.js", "text/javascript; charset=utf-8", "student.js" },
    { "student.css", "text/css; charset=utf-8", "student.css" },
    /* The app's icon, for the tab (browsers ask for /favicon.ico). */
    { "icon.svg", "image/svg+xml", "icon.svg" },
    { "favicon.ico", "image/svg+xml", "icon.svg" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (g_strcmp0 (name, files[i].name) == 0)
      {
        g_autofree char *path = g_strconcat (RESOURCE_DIR, files[i].resource, NULL);

        if (content_type != NULL)
          *content_type = files[i].type;
        return g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      }
  return NULL;
}
