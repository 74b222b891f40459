/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The student page in every language, the catalogues it reads, and the
 * QR code of the session's address (read back by a real decoder).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "bitmaze-class-page.h"
#include "bitmaze-class-qr.h"

static const char *message_ids[] = {
  "title", "intro", "name_label", "code_label", "join", "noscript", "joining",
  "need_name", "need_code", "bad_code", "too_many_codes", "full", "no_server",
  "joined_as", "waiting", "lost", "ended", "replaced", "removed", "locked", "address_full", "closed", "skipped",
  "word_question", "cell_title", "now_label", "answer_label", "bits_hint",
  "hex_label", "bad_hex", "nibble_backtrack", "nibble_solution", "nibble_border",
  "nibble_passages", "north", "east", "south", "west", "bit_name", "send", "sent",
  "right_word", "wrong_word", "missed_word", "differ", "correct_label",
  "cell_question", "pick_cell", "need_cell", "cell_name", "mark_current",
  "mark_frontier", "mark_visited", "mark_start", "mark_goal", "mark_chosen",
  "mark_answer", "right_cell", "wrong_cell", "missed_cell", "score",
};

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The {fields} of @text, sorted, as one string. */
static char *
fields_of (const char *text)
{
  g_autoptr (GRegex) regex = g_regex_new ("\\{[a-z]+\\}", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  g_autoptr (GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_ptr_array_add (fields, g_match_info_fetch (match, 0));
      g_match_info_next (match, NULL);
    }
  g_ptr_array_sort (fields, compare_strings);
  g_ptr_array_add (fields, NULL);
  return g_strjoinv (" ", (char **) fields->pdata);
}

static void
test_languages (void)
{
  g_autoptr (BitmazeClassPage) page = bitmaze_class_page_new ();
  const char *const *languages = bitmaze_class_page_get_languages (page);
  g_autofree char *joined = g_strjoinv (" ", (char **) languages);

  /* Every language of po/LINGUAS, from the build tree's catalogues. */
  g_assert_cmpstr (joined, ==, BITMAZE_LINGUAS);
}

static void
test_translations (void)
{
  g_autoptr (BitmazeClassPage) page = bitmaze_class_page_new ();
  const char *const *languages = bitmaze_class_page_get_languages (page);

  g_assert_null (bitmaze_class_page_get_string (page, "en", "no-such-message"));
  for (guint i = 0; i < G_N_ELEMENTS (message_ids); i++)
    {
      const char *english = bitmaze_class_page_get_string (page, "en", message_ids[i]);
      g_autofree char *english_fields = NULL;

      g_assert_nonnull (english);
      english_fields = fields_of (english);
      for (guint l = 0; languages[l] != NULL; l++)
        {
          const char *text = bitmaze_class_page_get_string (page, languages[l], message_ids[i]);
          g_autofree char *text_fields = fields_of (text);

          g_test_message ("%s %s: %s", languages[l], message_ids[i], text);
          /* The script fills the same fields in every language. */
          g_assert_cmpstr (text_fields, ==, english_fields);
        }
    }

  /* Translated, not English: a few that differ in every language. */
  for (guint l = 0; languages[l] != NULL; l++)
    for (guint i = 0; i < G_N_ELEMENTS (message_ids); i++)
      if (g_str_equal (message_ids[i], "join") || g_str_equal (message_ids[i], "send") ||
          g_str_equal (message_ids[i], "right_word") || g_str_equal (message_ids[i], "waiting"))
        g_assert_cmpstr (bitmaze_class_page_get_string (page, languages[l], message_ids[i]), !=,
                         bitmaze_class_page_get_string (page, "en", message_ids[i]));
}

static void
test_render (void)
{
  g_autoptr (BitmazeClassPage) page = bitmaze_class_page_new ();
  static const char *langs[] = { "en", "de", "fr", "es" };

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autoptr (GBytes) bytes = bitmaze_class_page_render (page, langs[l], "012345");
      g_autofree char *html = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_autofree char *lang = g_strdup_printf ("<html lang=\"%s\">", langs[l]);
      g_autoptr (JsonParser) parser = json_parser_new ();
      const char *start = strstr (html, "<script type=\"application/json\" id=\"strings\">");
      const char *end;
      g_autofree char *json = NULL;
      JsonObject *strings;

      g_assert_nonnull (strstr (html, lang));
      g_assert_nonnull (strstr (html, "value=\"012345\""));
      g_assert_null (strstr (html, "{{"));
      g_assert_null (strstr (html, "}}"));

      /* The script's messages: JSON that cannot end the <script>. */
      g_assert_nonnull (start);
      start = strchr (start, '>') + 1;
      end = strstr (start, "</script>");
      json = g_strndup (start, end - start);
      g_assert_null (strchr (json, '<'));
      g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
      strings = json_node_get_object (json_parser_get_root (parser));
      /* This test knows every message (a new one must be added here). */
      g_assert_cmpuint (json_object_get_size (strings), ==, G_N_ELEMENTS (message_ids));
      for (guint i = 0; i < G_N_ELEMENTS (message_ids); i++)
        g_assert_cmpstr (json_object_get_string_member (strings, message_ids[i]), ==,
                         bitmaze_class_page_get_string (page, langs[l], message_ids[i]));

      /* Labels stand in the page as HTML text. */
      {
        g_autofree char *escaped = g_markup_escape_text (bitmaze_class_page_get_string (page, langs[l], "code_label"), -1);
        g_autofree char *label = g_strdup_printf ("<label for=\"code\">%s</label>", escaped);

        g_assert_nonnull (strstr (html, label));
      }
    }

  /* Anything but six digits leaves the field empty. */
  {
    static const char *bad[] = { NULL, "", "12345", "1234567", "12a456", "\"><b>" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr (GBytes) bytes = bitmaze_class_page_render (page, "en", bad[i]);
        g_autofree char *html = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

        g_assert_nonnull (strstr (html, "value=\"\""));
        g_assert_null (strstr (html, "<b>"));
      }
  }
}

static void
test_pick_language (void)
{
  g_autoptr (BitmazeClassPage) page = bitmaze_class_page_new ();
  static const struct
  {
    const char *lang;
    const char *accept;
    const char *picked;
  } cases[] = {
    { NULL, NULL, "en" },
    { "de", NULL, "de" },
    { "DE", NULL, "de" },
    { "de_AT", NULL, "de" },
    { "en", "de", "en" },
    { "zz", "fr", "fr" },
    { NULL, "fr;q=0.1, es;q=0.8, de;q=0.5", "es" },
    { NULL, "en-GB, de;q=0.9", "en" },
    { NULL, "*", "en" },
    { NULL, ";;;,,,q=,", "en" },
    { NULL, "de;q=abc", "en" },
    { "a-very-long-language-tag-indeed", NULL, "en" },
  };
  g_autoptr (GString) long_header = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (bitmaze_class_page_pick_language (page, cases[i].lang, cases[i].accept),
                     ==, cases[i].picked);

  /* Only the start of a long header is read. */
  for (guint i = 0; i < 200; i++)
    g_string_append (long_header, "xx;q=0.5, ");
  g_string_append (long_header, "de");
  g_assert_cmpstr (bitmaze_class_page_pick_language (page, NULL, long_header->str), ==, "en");
}

static void
test_files (void)
{
  const char *type = NULL;
  g_autoptr (GBytes) js = bitmaze_class_page_get_file ("student.js", &type);
  g_autoptr (GBytes) css = NULL;
  g_autoptr (GBytes) html = bitmaze_class_page_get_file ("student.html", NULL);
  g_autoptr (GBytes) parent = bitmaze_class_page_get_file ("../bitmaze-window.ui", NULL);
  g_autofree char *text = NULL;

  g_assert_nonnull (js);
  g_assert_cmpstr (type, ==, "text/javascript; charset=utf-8");
  css = bitmaze_class_page_get_file ("student.css", &type);
  g_assert_nonnull (css);
  g_assert_cmpstr (type, ==, "text/css; charset=utf-8");
  g_assert_null (html);
  g_assert_null (parent);

  /* No address outside the server: no framework, no fonts, no CDN. */
  text = g_strndup (g_bytes_get_data (js, NULL), g_bytes_get_size (js));
  g_assert_null (strstr (text, "http://"));
  g_assert_null (strstr (text, "https://"));
  g_assert_null (strstr (text, "innerHTML"));
  g_clear_pointer (&text, g_free);
  text = g_strndup (g_bytes_get_data (css, NULL), g_bytes_get_size (css));
  g_assert_null (strstr (text, "url("));
  g_assert_null (strstr (text, "@import"));
}

/* A catalogue that is not one is skipped with a warning; the page
 * speaks English then. */
static void
test_broken_catalogue (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bitmaze-class-page-XXXXXX", &error);
  g_autofree char *old_dir = g_strdup (bindtextdomain (GETTEXT_PACKAGE, NULL));
  g_auto (GStrv) linguas = g_strsplit (BITMAZE_LINGUAS, " ", -1);
  static const guint8 header[] = {
    0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0,
    0xff, 0xff, 0xff, 0x7f, 28, 0, 0, 0, 28, 0, 0, 0,
  };

  g_assert_no_error (error);
  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *sub = g_build_filename (dir, linguas[i], "LC_MESSAGES", NULL);
      g_autofree char *path = g_build_filename (sub, GETTEXT_PACKAGE ".mo", NULL);

      g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
      /* A valid magic number and a count that reaches past the end;
       * then plain garbage. */
      if (i == 0)
        g_file_set_contents (path, (const char *) header, sizeof header, &error);
      else
        g_file_set_contents (path, "not a catalogue at all", -1, &error);
      g_assert_no_error (error);
      g_test_expect_message ("Bitmaze", G_LOG_LEVEL_WARNING, "*is not a message catalogue");
    }

  bindtextdomain (GETTEXT_PACKAGE, dir);
  {
    g_autoptr (BitmazeClassPage) page = bitmaze_class_page_new ();

    g_test_assert_expected_messages ();
    g_assert_null (bitmaze_class_page_get_languages (page)[0]);
    g_assert_cmpstr (bitmaze_class_page_pick_language (page, "de", "fr"), ==, "en");
  }
  bindtextdomain (GETTEXT_PACKAGE, old_dir);

  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *sub = g_build_filename (dir, linguas[i], "LC_MESSAGES", NULL);
      g_autofree char *path = g_build_filename (sub, GETTEXT_PACKAGE ".mo", NULL);
      g_autofree char *lang_dir = g_build_filename (dir, linguas[i], NULL);

      g_unlink (path);
      g_rmdir (sub);
      g_rmdir (lang_dir);
    }
  g_rmdir (dir);
}

/* ------------------------------------------------------------------ */
/* The QR code                                                         */
/* ------------------------------------------------------------------ */

static void
test_qr_modules (void)
{
  g_autoptr (BitmazeClassQr) qr = bitmaze_class_qr_new ("http://192.168.100.200:8765/?code=123456");
  guint size;

  g_assert_nonnull (qr);
  size = bitmaze_class_qr_get_size (qr);
  /* Version 3 (29 modules) holds a LAN address with its code at level M:
   * few, large modules, the easiest to scan from afar. */
  g_assert_cmpuint (size, ==, 29);
  /* The finder patterns: dark corners, a light ring inside. */
  g_assert_true (bitmaze_class_qr_get_module (qr, 0, 0));
  g_assert_true (bitmaze_class_qr_get_module (qr, 6, 6));
  g_assert_false (bitmaze_class_qr_get_module (qr, 1, 1));
  g_assert_true (bitmaze_class_qr_get_module (qr, size - 1, 0));
  g_assert_true (bitmaze_class_qr_get_module (qr, 0, size - 1));
  g_assert_false (bitmaze_class_qr_get_module (qr, 7, 7));
}

/* Draws @text's code @px pixels wide and reads it back with zbarimg. */
static char *
scan (const char *zbarimg,
      const char *text,
      int         px)
{
  g_autoptr (BitmazeClassQr) qr = bitmaze_class_qr_new (text);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, px, px);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  int fd = g_file_open_tmp ("bitmaze-qr-XXXXXX.png", &path, &error);
  const char *argv[] = { zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", NULL, NULL };
  int status;

  g_assert_no_error (error);
  close (fd);
  bitmaze_class_qr_draw (qr, cr, px);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  argv[5] = path;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_unlink (path);
  g_strchomp (out);
  return g_steal_pointer (&out);
}

static void
test_qr_scans (void)
{
  const char *zbarimg = g_getenv ("ZBARIMG");
  static const char *texts[] = {
    "http://127.0.0.1:8765/?code=000042",
    "http://192.168.100.200:65535/?code=987654",
    "http://10.1.2.3:8765/?code=123456",
  };
  /* From generous to 2 pixels a module (37 modules with the quiet zone):
   * what a phone sees of a projected code from the back of a room. */
  static const int sizes[] = { 740, 333, 74 };

  if (zbarimg == NULL || *zbarimg == '\0')
    {
      g_test_skip ("zbarimg (zbar-tools) is not installed: the QR code is not read back");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autofree char *read = scan (zbarimg, texts[i], sizes[s]);

        g_test_message ("%d px: %s", sizes[s], read);
        g_assert_cmpstr (read, ==, texts[i]);
      }
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BITMAZE_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/class-page/languages", test_languages);
  g_test_add_func ("/class-page/translations", test_translations);
  g_test_add_func ("/class-page/render", test_render);
  g_test_add_func ("/class-page/pick-language", test_pick_language);
  g_test_add_func ("/class-page/files", test_files);
  g_test_add_func ("/class-page/broken-catalogue", test_broken_catalogue);
  g_test_add_func ("/class-page/qr-modules", test_qr_modules);
  g_test_add_func ("/class-page/qr-scans", test_qr_scans);

  return g_test_run ();
}
