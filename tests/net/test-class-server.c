/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The class server on 127.0.0.1, driven by libsoup clients in the same
 * main loop: joining with right and wrong codes, answering, revealing,
 * the counts the projector shows, and what a hostile or broken page can
 * and cannot do (each test checks that a well-behaved student beside it
 * is not disturbed).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bitmaze-class-server-private.h"
#include "class-test.h"

typedef struct
{
  BitmazeClassServer *server;
  SoupSession        *session;
  GPtrArray          *clients;   /* ClassClient */
  const char         *url;
  gint64              now;       /* the server's clock: it moves when a test says */
  guint               clock_reads;
  guint               joined_notifies;
  guint               answered_notifies;
  guint               revealed;
} Fixture;

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 Fixture    *f)
{
  if (g_str_equal (pspec->name, "joined"))
    f->joined_notifies++;
  else if (g_str_equal (pspec->name, "answered"))
    f->answered_notifies++;
}

static void
revealed_cb (BitmazeClassServer *server,
             Fixture            *f)
{
  f->revealed++;
}

static gint64
test_clock (gpointer data)
{
  Fixture *f = data;

  f->clock_reads++;
  return f->now;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  f->server = bitmaze_class_server_new ();
  /* Time stands still unless a test moves it: however slow the machine
   * (valgrind), no budget refills behind a test's back. */
  f->now = g_get_monotonic_time ();
  bitmaze_class_server_set_clock (f->server, test_clock, f);
  g_signal_connect (f->server, "notify", G_CALLBACK (count_notify_cb), f);
  g_signal_connect (f->server, "revealed", G_CALLBACK (revealed_cb), f);
  /* These tests join many students from 127.0.0.1, as from one shared
   * computer whose teacher allowed it; the tests of the limits of one
   * address (test-class-attacks.c) keep the default. */
  bitmaze_class_server_set_students_per_address (f->server, BITMAZE_CLASS_STUDENTS_MAX);
  g_assert_true (bitmaze_class_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->url = bitmaze_class_server_get_url (f->server);
  /* Many students through one session: no pooling limits. */
  f->session = soup_session_new_with_options ("max-conns", 1000,
                                              "max-conns-per-host", 1000,
                                              NULL);
  f->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) class_client_free);
}

static gboolean
all_closed (Fixture *f)
{
  for (guint i = 0; i < f->clients->len; i++)
    {
      ClassClient *client = g_ptr_array_index (f->clients, i);

      if (client->connecting || (client->ws != NULL && !client->closed))
        return FALSE;
    }
  return TRUE;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  bitmaze_class_server_stop (f->server);
  CLASS_WAIT_FOR (all_closed (f));
  g_ptr_array_unref (f->clients);
  g_object_unref (f->server);
  soup_session_abort (f->session);
  g_object_unref (f->session);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A connected client (the handshake must succeed). */
static ClassClient *
connect_client (Fixture *f)
{
  ClassClient *client = class_client_new (f->session, f->url,
                                          bitmaze_class_server_get_join_code (f->server), NULL);

  g_ptr_array_add (f->clients, client);
  g_assert_true (class_client_wait_connected (client));
  return client;
}

/* A student who joined as @name; *token (if not NULL) gets the token. */
static ClassClient *
join_student (Fixture     *f,
              const char  *name,
              char       **token)
{
  ClassClient *client = connect_client (f);
  g_autoptr (JsonObject) welcome = NULL;

  class_client_join (client, name, NULL);
  welcome = class_client_expect (client, "welcome");
  if (token != NULL)
    *token = g_strdup (json_object_get_string_member (welcome, "token"));
  return client;
}

static guint
ask_example_word (Fixture *f)
{
  BitmazeClassWordQuestion question = {
    .x = 3, .y = 5, .index = 87, .word = 0x0009,
    .statement = "maze[87] |= W << 8;",
  };

  return bitmaze_class_server_ask_word (f->server, &question);
}

/* An HTTP request, answered on this main loop: the status; *body and
 * *response get the body and the message if not NULL. */
typedef struct
{
  GBytes   *body;
  gboolean  done;
} Request;

static void
request_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Request *request = user_data;

  request->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
  request->done = TRUE;
}

static guint
http_send (Fixture     *f,
           SoupMessage *msg,
           GBytes     **body)
{
  Request request = { NULL, FALSE };

  soup_session_send_and_read_async (f->session, msg, G_PRIORITY_DEFAULT, NULL,
                                    request_done_cb, &request);
  CLASS_WAIT_FOR (request.done);
  if (body != NULL)
    *body = request.body;
  else
    g_clear_pointer (&request.body, g_bytes_unref);
  return soup_message_get_status (msg);
}

static guint
http_get (Fixture     *f,
          const char  *path,
          GBytes     **body)
{
  g_autofree char *uri = g_strconcat (f->url, path, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);

  return http_send (f, msg, body);
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_strndup (data, size);
}

/* ------------------------------------------------------------------ */
/* Addresses, start and stop                                           */
/* ------------------------------------------------------------------ */

static void
test_addresses (void)
{
  static const struct
  {
    const char *address;
    gboolean    allowed;
  } cases[] = {
    { "127.0.0.1", TRUE }, { "127.5.6.7", TRUE },
    { "10.0.0.1", TRUE }, { "10.255.255.254", TRUE },
    { "172.16.0.1", TRUE }, { "172.31.255.1", TRUE },
    { "172.15.0.1", FALSE }, { "172.32.0.1", FALSE },
    { "192.168.1.20", TRUE }, { "192.169.1.20", FALSE },
    { "169.254.3.4", TRUE },
    { "8.8.8.8", FALSE }, { "192.0.2.2", FALSE }, { "100.64.0.1", FALSE },
    { "0.0.0.0", FALSE }, { "255.255.255.255", FALSE },
    { "::1", FALSE }, { "fd00::1", FALSE }, { "localhost", FALSE },
    { "127.1", FALSE }, { "", FALSE }, { NULL, FALSE },
  };
  g_auto (GStrv) addresses = bitmaze_class_list_addresses ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].address != NULL ? cases[i].address : "(null)");
      g_assert_cmpint (bitmaze_class_address_is_allowed (cases[i].address), ==, cases[i].allowed);
    }

  /* What the machine offers is private and never the loopback (which the
   * app offers by itself when this list is empty). */
  for (guint i = 0; addresses[i] != NULL; i++)
    {
      g_test_message ("offered: %s", addresses[i]);
      g_assert_true (bitmaze_class_address_is_allowed (addresses[i]));
      g_assert_false (g_str_has_prefix (addresses[i], "127."));
    }
}

static void
test_start_refused (void)
{
  g_autoptr (BitmazeClassServer) server = bitmaze_class_server_new ();
  g_autoptr (BitmazeClassServer) other = bitmaze_class_server_new ();
  static const char *refused[] = { "8.8.8.8", "0.0.0.0", "192.0.2.2", "localhost", "" };
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_false (bitmaze_class_server_start (server, refused[i], 0, &error));
      g_assert_error (error, BITMAZE_CLASS_ERROR, BITMAZE_CLASS_ERROR_ADDRESS);
      g_clear_error (&error);
      g_assert_false (bitmaze_class_server_get_running (server));
    }

  g_assert_true (bitmaze_class_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_false (bitmaze_class_server_start (server, "127.0.0.1", 0, &error));
  g_assert_error (error, BITMAZE_CLASS_ERROR, BITMAZE_CLASS_ERROR_RUNNING);
  g_clear_error (&error);

  /* A port in use is the socket's error. */
  g_assert_false (bitmaze_class_server_start (other, "127.0.0.1",
                                              bitmaze_class_server_get_port (server), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE);
  g_assert_false (bitmaze_class_server_get_running (other));
}

static void
test_start_stop (Fixture       *f,
                 gconstpointer  data)
{
  const char *code = bitmaze_class_server_get_join_code (f->server);
  guint port = bitmaze_class_server_get_port (f->server);
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/", port);
  g_autofree char *join_url = g_strdup_printf ("http://127.0.0.1:%u/?code=%s", port, code);
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GError) error = NULL;
  ClassClient *student;
  gboolean running;

  g_assert_true (bitmaze_class_server_get_running (f->server));
  g_object_get (f->server, "running", &running, NULL);
  g_assert_true (running);
  g_assert_cmpstr (bitmaze_class_server_get_address (f->server), ==, "127.0.0.1");
  g_assert_cmpuint (port, >, 0);
  g_assert_cmpuint (strlen (code), ==, 6);
  for (const char *p = code; *p != '\0'; p++)
    g_assert_true (g_ascii_isdigit (*p));
  g_assert_cmpstr (bitmaze_class_server_get_url (f->server), ==, url);
  g_assert_cmpstr (bitmaze_class_server_get_join_url (f->server), ==, join_url);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 0);
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_IDLE);

  student = join_student (f, "Ana", NULL);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);

  /* Stop closes every page ("going away") and the port. */
  bitmaze_class_server_stop (f->server);
  g_assert_false (bitmaze_class_server_get_running (f->server));
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 0);
  g_assert_null (bitmaze_class_server_get_join_code (f->server));
  CLASS_WAIT_FOR (student->closed);
  g_assert_cmpuint (student->close_code, ==, SOUP_WEBSOCKET_CLOSE_GOING_AWAY);

  connection = g_socket_client_connect_to_host (socket_client, "127.0.0.1", (guint16) port, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  g_assert_null (connection);
}

static void
test_restart_forgets (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *token = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) welcome = NULL;
  ClassClient *student;

  join_student (f, "Ana", &token);
  ask_example_word (f);
  bitmaze_class_server_stop (f->server);
  CLASS_WAIT_FOR (all_closed (f));

  g_assert_true (bitmaze_class_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->url = bitmaze_class_server_get_url (f->server);
  g_assert_cmpuint (bitmaze_class_server_get_question (f->server), ==, 0);
  g_assert_null (bitmaze_class_server_get_results (f->server));

  /* The old token means nothing to the new session. */
  student = connect_client (f);
  class_client_join (student, "Bo", token);
  welcome = class_client_expect (student, "welcome");
  g_assert_cmpstr (json_object_get_string_member (welcome, "name"), ==, "Bo");
  g_assert_cmpstr (json_object_get_string_member (welcome, "token"), !=, token);
}

/* ------------------------------------------------------------------ */
/* The page                                                            */
/* ------------------------------------------------------------------ */

static void
test_page (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr (GBytes) body = NULL;
  g_autofree char *html = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (SoupMessage) msg = NULL;
  g_autofree char *prefilled = g_strdup_printf ("value=\"%s\"",
                                                bitmaze_class_server_get_join_code (f->server));
  const char *policy;

  uri = g_strconcat (f->url, "?code=", bitmaze_class_server_get_join_code (f->server), NULL);
  msg = soup_message_new ("GET", uri);
  g_assert_cmpuint (http_send (f, msg, &body), ==, SOUP_STATUS_OK);
  html = bytes_to_string (body);
  g_assert_cmpstr (soup_message_headers_get_content_type (soup_message_get_response_headers (msg), NULL),
                   ==, "text/html");
  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  g_assert_nonnull (strstr (html, "<html lang=\"en\">"));
  g_assert_nonnull (strstr (html, "<label for=\"code\">Join code</label>"));
  g_assert_nonnull (strstr (html, prefilled));
  g_assert_null (strstr (html, "{{"));
  /* Nothing from elsewhere: every URL in the page is the server's own. */
  g_assert_null (strstr (html, "http:"));
  g_assert_null (strstr (html, "https:"));
  policy = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Content-Security-Policy");
  g_assert_nonnull (policy);
  g_assert_true (g_str_has_prefix (policy, "default-src 'none'; script-src 'self'"));

  /* Only six digits are put back into the page. */
  g_clear_pointer (&body, g_bytes_unref);
  g_clear_pointer (&html, g_free);
  g_assert_cmpuint (http_get (f, "?code=\"><script>alert(1)</script>", &body), ==, SOUP_STATUS_OK);
  html = bytes_to_string (body);
  g_assert_null (strstr (html, "alert"));
  g_assert_nonnull (strstr (html, "value=\"\""));

  g_clear_pointer (&body, g_bytes_unref);
  g_assert_cmpuint (http_get (f, "student.js", &body), ==, SOUP_STATUS_OK);
  g_assert_cmpuint (g_bytes_get_size (body), >, 1000);
  g_assert_cmpuint (http_get (f, "student.css", NULL), ==, SOUP_STATUS_OK);
  g_assert_cmpuint (http_get (f, "student.html", NULL), ==, SOUP_STATUS_NOT_FOUND);
  g_assert_cmpuint (http_get (f, "etc/passwd", NULL), ==, SOUP_STATUS_NOT_FOUND);
  g_assert_cmpuint (http_get (f, "../../etc/passwd", NULL), ==, SOUP_STATUS_NOT_FOUND);
}

static void
test_page_language (Fixture       *f,
                    gconstpointer  data)
{
  static const struct
  {
    const char *query;
    const char *accept;
    const char *lang;
  } cases[] = {
    { "", NULL, "en" },
    { "", "de-DE,de;q=0.9,en;q=0.8", "de" },
    { "", "en;q=0.5, es;q=0.9", "es" },
    { "", "fr-CA", "fr" },
    { "", "xx, zz;q=0.3", "en" },
    { "?lang=fr", "de", "fr" },
    { "?lang=es-MX", NULL, "es" },
    { "?lang=../../../etc", "de", "de" },
    { "?lang=xx", NULL, "en" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *uri = g_strconcat (f->url, cases[i].query, NULL);
      g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
      g_autoptr (GBytes) body = NULL;
      g_autofree char *html = NULL;
      g_autofree char *lang = g_strdup_printf ("<html lang=\"%s\">", cases[i].lang);

      if (cases[i].accept != NULL)
        soup_message_headers_replace (soup_message_get_request_headers (msg),
                                      "Accept-Language", cases[i].accept);
      g_assert_cmpuint (http_send (f, msg, &body), ==, SOUP_STATUS_OK);
      html = bytes_to_string (body);
      g_test_message ("%s / %s", cases[i].query, cases[i].accept);
      g_assert_nonnull (strstr (html, lang));
      if (g_str_equal (cases[i].lang, "en"))
        g_assert_nonnull (strstr (html, ">Join code<"));
      else
        g_assert_null (strstr (html, ">Join code<"));
    }
}

static void
test_http_hostile (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *uri = g_strconcat (f->url, "", NULL);
  g_autofree char *big = g_malloc0 (1024 * 1024);
  g_autoptr (SoupMessage) post = soup_message_new ("POST", uri);
  g_autoptr (SoupMessage) huge = soup_message_new ("POST", uri);
  g_autoptr (SoupMessage) put = soup_message_new ("PUT", uri);
  g_autoptr (SoupMessage) other_host = soup_message_new ("GET", uri);
  g_autoptr (GBytes) small = g_bytes_new_static ("name=Ana", 8);
  g_autoptr (GBytes) body = g_bytes_new_take (g_steal_pointer (&big), 1024 * 1024);

  /* Only GET and HEAD. */
  soup_message_set_request_body_from_bytes (post, "application/x-www-form-urlencoded", small);
  g_assert_cmpuint (http_send (f, post, NULL), ==, SOUP_STATUS_METHOD_NOT_ALLOWED);
  g_assert_cmpuint (http_send (f, put, NULL), ==, SOUP_STATUS_METHOD_NOT_ALLOWED);

  /* A megabyte of body: the connection's byte budget ends it long
   * before the body is read (libsoup would read it, even to refuse). */
  soup_message_set_request_body_from_bytes (huge, "application/octet-stream", body);
  g_assert_cmpuint (http_send (f, huge, NULL), ==, SOUP_STATUS_NONE);

  /* A page of another site reaching us through its own name. */
  soup_message_headers_replace (soup_message_get_request_headers (other_host),
                                "Host", "evil.example");
  g_assert_cmpuint (http_send (f, other_host, NULL), ==, SOUP_STATUS_MISDIRECTED_REQUEST);

  /* And the server still serves. */
  g_assert_cmpuint (http_get (f, "", NULL), ==, SOUP_STATUS_OK);
}

/* ------------------------------------------------------------------ */
/* Joining                                                             */
/* ------------------------------------------------------------------ */

static void
test_join_codes (Fixture       *f,
                 gconstpointer  data)
{
  const char *code = bitmaze_class_server_get_join_code (f->server);
  g_autofree char *wrong = g_strdup_printf ("%06u", (guint) (g_ascii_strtoull (code, NULL, 10) + 1) % 1000000);
  g_autofree char *check_right = g_strdup_printf ("join?code=%s", code);
  g_autofree char *check_wrong = g_strdup_printf ("join?code=%s", wrong);
  g_autoptr (JsonObject) welcome = NULL;
  ClassClient *bad;
  ClassClient *none;
  ClassClient *good;
  const char *token;

  g_assert_cmpuint (http_get (f, check_wrong, NULL), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (http_get (f, "join", NULL), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (http_get (f, check_right, NULL), ==, SOUP_STATUS_NO_CONTENT);

  bad = class_client_new (f->session, f->url, wrong, NULL);
  g_ptr_array_add (f->clients, bad);
  g_assert_false (class_client_wait_connected (bad));
  none = class_client_new (f->session, f->url, "", NULL);
  g_ptr_array_add (f->clients, none);
  g_assert_false (class_client_wait_connected (none));
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 0);

  good = connect_client (f);
  g_assert_cmpuint (f->joined_notifies, ==, 0);
  class_client_join (good, "Ana", NULL);
  welcome = class_client_expect (good, "welcome");
  g_assert_cmpstr (json_object_get_string_member (welcome, "name"), ==, "Ana");
  token = json_object_get_string_member (welcome, "token");
  g_assert_cmpuint (strlen (token), ==, 32);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);
  g_assert_cmpuint (f->joined_notifies, ==, 1);
  /* Nothing is asked yet: no question follows the welcome. */
  g_assert_true (g_queue_is_empty (&good->messages));
}

static void
test_wrong_code_limit (Fixture       *f,
                       gconstpointer  data)
{
  const char *code = bitmaze_class_server_get_join_code (f->server);
  g_autofree char *check_right = g_strdup_printf ("join?code=%s", code);
  guint refused = 0;
  ClassClient *late;

  /* Guessing the code: after the address's tries are spent, even the
   * right code is refused for a while. */
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *path = g_strdup_printf ("join?code=%06u", (guint) ((g_ascii_strtoull (code, NULL, 10) + 1 + i) % 1000000));
      guint status = http_get (f, path, NULL);

      if (status == 429)
        {
          refused++;
          continue;
        }
      g_assert_cmpuint (refused, ==, 0);
      g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
    }
  g_assert_cmpuint (refused, ==, 20);
  g_assert_cmpuint (http_get (f, check_right, NULL), ==, 429);
  late = class_client_new (f->session, f->url, code, NULL);
  g_ptr_array_add (f->clients, late);
  g_assert_false (class_client_wait_connected (late));

  /* A minute later the address may try again. */
  f->now += 60 * G_USEC_PER_SEC;
  g_assert_cmpuint (http_get (f, check_right, NULL), ==, SOUP_STATUS_NO_CONTENT);
}

static void
test_names (Fixture       *f,
            gconstpointer  data)
{
  static const struct
  {
    const char *sent;
    const char *kept;
  } cases[] = {
    { "Ana", "Ana" },
    { "  Zoë\t <b>&amp;\u202e  ", "Zoë <b>&amp;" },
    { "Max\x01\x7f\nMustermann", "Max Mustermann" },
    { "ana", "ana 2" },
    { "An\u200ba", "Ana 3" },
    { "A very long name indeed, longer than anyone's", "A very long name indeed," },
    { "A very long name indeed, again", "A very long name indee 2" },
    { "\"'</script>", "\"'</script>" },
  };
  g_auto (GStrv) names = NULL;
  ClassClient *empty;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ClassClient *client = connect_client (f);
      g_autoptr (JsonObject) welcome = NULL;

      class_client_join (client, cases[i].sent, NULL);
      welcome = class_client_expect (client, "welcome");
      g_assert_cmpstr (json_object_get_string_member (welcome, "name"), ==, cases[i].kept);
      g_assert_cmpint (g_utf8_strlen (cases[i].kept, -1), <=, BITMAZE_CLASS_NAME_MAX);
    }

  names = bitmaze_class_server_dup_names (f->server);
  g_assert_cmpuint (g_strv_length (names), ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (names[i], ==, cases[i].kept);

  /* A name with nothing to show is refused. */
  empty = connect_client (f);
  class_client_join (empty, " \t\u200b\u202e ", NULL);
  CLASS_WAIT_FOR (empty->closed);
  g_assert_cmpuint (empty->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, G_N_ELEMENTS (cases));
}

/* ------------------------------------------------------------------ */
/* Questions                                                           */
/* ------------------------------------------------------------------ */

static void
test_word_question (Fixture       *f,
                    gconstpointer  data)
{
  ClassClient *right = join_student (f, "Right", NULL);
  ClassClient *wrong = join_student (f, "Wrong", NULL);
  ClassClient *silent = join_student (f, "Silent", NULL);
  ClassClient *all[] = { right, wrong, silent };
  const BitmazeClassResults *results;
  guint question;

  question = ask_example_word (f);
  g_assert_cmpuint (question, ==, 1);
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_ASKING);
  g_assert_cmpuint (bitmaze_class_server_get_question (f->server), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr (JsonObject) q = class_client_expect (all[i], "question");

      g_assert_cmpint (json_object_get_int_member (q, "question"), ==, 1);
      g_assert_cmpstr (json_object_get_string_member (q, "kind"), ==, "word");
      g_assert_cmpint (json_object_get_int_member (q, "x"), ==, 3);
      g_assert_cmpint (json_object_get_int_member (q, "y"), ==, 5);
      g_assert_cmpint (json_object_get_int_member (q, "index"), ==, 87);
      g_assert_cmpint (json_object_get_int_member (q, "word"), ==, 0x0009);
      g_assert_cmpstr (json_object_get_string_member (q, "statement"), ==, "maze[87] |= W << 8;");
    }

  class_client_answer_word (right, question, 0x0809);
  class_client_answer_word (wrong, question, 0x0409);
  {
    g_autoptr (JsonObject) ack1 = class_client_expect (right, "answered");
    g_autoptr (JsonObject) ack2 = class_client_expect (wrong, "answered");

    g_assert_cmpint (json_object_get_int_member (ack1, "word"), ==, 0x0809);
    g_assert_cmpint (json_object_get_int_member (ack2, "word"), ==, 0x0409);
  }
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 2);
  g_assert_cmpuint (f->answered_notifies, >=, 2);
  g_assert_null (bitmaze_class_server_get_results (f->server));

  bitmaze_class_server_reveal_word (f->server, 0x0809);
  g_assert_cmpuint (f->revealed, ==, 1);
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_REVEALED);
  results = bitmaze_class_server_get_results (f->server);
  g_assert_nonnull (results);
  g_assert_cmpuint (results->question, ==, 1);
  g_assert_cmpint (results->kind, ==, BITMAZE_CLASS_KIND_WORD);
  g_assert_cmpuint (results->students, ==, 3);
  g_assert_cmpuint (results->answered, ==, 2);
  g_assert_cmpuint (results->right, ==, 1);
  g_assert_cmpuint (results->wrong, ==, 1);
  for (guint bit = 0; bit < 16; bit++)
    g_assert_cmpuint (results->wrong_bits[bit], ==, bit == 10 || bit == 11 ? 1 : 0);

  {
    g_autoptr (JsonObject) r1 = class_client_expect (right, "result");
    g_autoptr (JsonObject) r2 = class_client_expect (wrong, "result");
    g_autoptr (JsonObject) r3 = class_client_expect (silent, "result");

    g_assert_true (json_object_get_boolean_member (r1, "right"));
    g_assert_cmpint (json_object_get_int_member (r1, "correct"), ==, 0x0809);
    g_assert_cmpint (json_object_get_int_member (r1, "differ"), ==, 0);
    g_assert_false (json_object_get_boolean_member (r2, "right"));
    g_assert_cmpint (json_object_get_int_member (r2, "answer"), ==, 0x0409);
    g_assert_cmpint (json_object_get_int_member (r2, "differ"), ==, 0x0C00);
    g_assert_false (json_object_get_boolean_member (r3, "right"));
    g_assert_true (json_object_get_null_member (r3, "answer"));
    /* The ranking is off: nobody sees a score. */
    g_assert_false (json_object_has_member (r1, "score"));
  }
}

static void
test_answer_once (Fixture       *f,
                  gconstpointer  data)
{
  ClassClient *student = join_student (f, "Ana", NULL);
  ClassClient *mixed = join_student (f, "Bo", NULL);
  const BitmazeClassResults *results;
  guint question = ask_example_word (f);
  g_autoptr (JsonObject) q1 = class_client_expect (student, "question");
  g_autoptr (JsonObject) q2 = class_client_expect (mixed, "question");
  g_autoptr (JsonObject) ack = NULL;
  g_autoptr (JsonObject) result = NULL;

  /* A second answer, and one for a question not asked, are not counted
   * (a page may cross the teacher's next step) and close nothing. */
  class_client_answer_word (student, question, 0x0809);
  class_client_answer_word (student, question, 0x0001);
  class_client_answer_word (student, question + 1, 0x0001);
  ack = class_client_expect (student, "answered");
  g_assert_cmpint (json_object_get_int_member (ack, "word"), ==, 0x0809);

  /* A cell for a word question is not a late answer: it is wrong. */
  class_client_answer_cell (mixed, question, 0, 0);
  CLASS_WAIT_FOR (mixed->closed);
  g_assert_cmpuint (mixed->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 1);

  bitmaze_class_server_reveal_word (f->server, 0x0809);
  result = class_client_expect (student, "result");
  g_assert_true (json_object_get_boolean_member (result, "right"));
  results = bitmaze_class_server_get_results (f->server);
  g_assert_cmpuint (results->answered, ==, 1);
  g_assert_cmpuint (results->right, ==, 1);

  /* After the reveal, answers count no more. */
  class_client_answer_word (student, question, 0x0001);
  ask_example_word (f);
  g_clear_pointer (&q1, json_object_unref);
  q1 = class_client_expect (student, "question");
  g_assert_cmpint (json_object_get_int_member (q1, "question"), ==, question + 1);
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 0);
  g_assert_false (student->closed);
}

static void
test_cell_question (Fixture       *f,
                    gconstpointer  data)
{
  static const guint16 words[9] = { 0x1002, 0x000A, 0x0008, 0x0004, 0x2001, 0x0000, 0x0000, 0x0000, 0x0000 };
  static const guint8 marks[9] = { BITMAZE_CLASS_MARK_START, BITMAZE_CLASS_MARK_CURRENT, 0,
                                   BITMAZE_CLASS_MARK_FRONTIER, BITMAZE_CLASS_MARK_FRONTIER, 0,
                                   0, 0, BITMAZE_CLASS_MARK_GOAL };
  BitmazeClassCellQuestion question = {
    .x = 4, .y = 2, .width = 3, .height = 3, .words = words, .marks = marks,
    .statement = "BFS: which cell leaves the queue next?",
  };
  ClassClient *right = join_student (f, "Right", NULL);
  ClassClient *wrong = join_student (f, "Wrong", NULL);
  ClassClient *outside = join_student (f, "Outside", NULL);
  const BitmazeClassResults *results;
  g_autoptr (JsonObject) q = NULL;
  g_autoptr (JsonObject) r1 = NULL;
  g_autoptr (JsonObject) r2 = NULL;
  JsonObject *region;
  JsonArray *array;
  guint id;

  id = bitmaze_class_server_ask_cell (f->server, &question);
  q = class_client_expect (right, "question");
  g_assert_cmpstr (json_object_get_string_member (q, "kind"), ==, "cell");
  g_assert_cmpstr (json_object_get_string_member (q, "statement"), ==, question.statement);
  region = json_object_get_object_member (q, "region");
  g_assert_cmpint (json_object_get_int_member (region, "x"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (region, "y"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (region, "width"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (region, "height"), ==, 3);
  array = json_object_get_array_member (region, "words");
  g_assert_cmpuint (json_array_get_length (array), ==, 9);
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (json_array_get_int_element (array, i), ==, words[i]);
  array = json_object_get_array_member (region, "marks");
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (json_array_get_int_element (array, i), ==, marks[i]);

  class_client_answer_cell (right, id, 4, 3);
  class_client_answer_cell (wrong, id, 5, 2);
  /* Outside the neighbourhood shown: no page could send that. */
  class_client_answer_cell (outside, id, 7, 2);
  CLASS_WAIT_FOR (outside->closed);
  g_assert_cmpuint (outside->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (f->server) == 2);

  bitmaze_class_server_reveal_cell (f->server, 4, 3, "BFS takes the oldest cell in its queue");
  results = bitmaze_class_server_get_results (f->server);
  g_assert_cmpint (results->kind, ==, BITMAZE_CLASS_KIND_CELL);
  g_assert_cmpuint (results->answered, ==, 2);
  g_assert_cmpuint (results->right, ==, 1);
  g_assert_cmpuint (results->wrong, ==, 1);
  for (guint bit = 0; bit < 16; bit++)
    g_assert_cmpuint (results->wrong_bits[bit], ==, 0);

  g_clear_pointer (&q, json_object_unref);
  q = class_client_expect (wrong, "question");
  g_clear_pointer (&q, json_object_unref);
  q = class_client_expect (wrong, "answered");
  r1 = class_client_expect (right, "answered");
  g_clear_pointer (&r1, json_object_unref);
  r1 = class_client_expect (right, "result");
  r2 = class_client_expect (wrong, "result");
  g_assert_true (json_object_get_boolean_member (r1, "right"));
  g_assert_false (json_object_get_boolean_member (r2, "right"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (r2, "correct"), "y"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (r2, "answer"), "x"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (r2, "note"), ==, "BFS takes the oldest cell in its queue");
}

/* A*'s equal estimates: any of several cells is right. */
static void
test_cell_ties (Fixture       *f,
                gconstpointer  data)
{
  static const guint16 words[4] = { 0 };
  BitmazeClassCellQuestion question = {
    .x = 0, .y = 0, .width = 2, .height = 2, .words = words,
  };
  static const BitmazeClassCell right[] = { { 1, 0 }, { 0, 1 } };
  ClassClient *first = join_student (f, "First", NULL);
  ClassClient *tie = join_student (f, "Tie", NULL);
  ClassClient *neither = join_student (f, "Neither", NULL);
  ClassClient *all[] = { first, tie, neither };
  static const guint answers[][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 } };
  guint id = bitmaze_class_server_ask_cell (f->server, &question);
  const BitmazeClassResults *results;

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr (JsonObject) q = class_client_expect (all[i], "question");
      g_autoptr (JsonObject) ack = NULL;

      class_client_answer_cell (all[i], id, answers[i][0], answers[i][1]);
      ack = class_client_expect (all[i], "answered");
    }
  bitmaze_class_server_reveal_cells (f->server, right, G_N_ELEMENTS (right), NULL);
  results = bitmaze_class_server_get_results (f->server);
  g_assert_cmpuint (results->right, ==, 2);
  g_assert_cmpuint (results->wrong, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr (JsonObject) r = class_client_expect (all[i], "result");
      JsonArray *also = json_object_get_array_member (r, "also");

      g_assert_cmpint (json_object_get_boolean_member (r, "right"), ==, i < 2);
      g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (r, "correct"), "x"), ==, 1);
      g_assert_cmpuint (json_array_get_length (also), ==, 1);
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (also, 0), "y"), ==, 1);
    }
}

static void
test_withdraw (Fixture       *f,
               gconstpointer  data)
{
  ClassClient *student = join_student (f, "Ana", NULL);
  guint question = ask_example_word (f);
  g_autoptr (JsonObject) q = class_client_expect (student, "question");
  g_autoptr (JsonObject) idle = NULL;

  bitmaze_class_server_withdraw (f->server);
  g_assert_cmpint (bitmaze_class_server_get_state (f->server), ==, BITMAZE_CLASS_STATE_IDLE);
  idle = class_client_expect (student, "idle");
  class_client_answer_word (student, question, 0x0809);
  g_assert_null (bitmaze_class_server_get_results (f->server));

  /* A page that joins now waits: nothing is asked. */
  {
    ClassClient *late = join_student (f, "Bo", NULL);

    ask_example_word (f);
    g_clear_pointer (&q, json_object_unref);
    q = class_client_expect (late, "question");
    g_assert_cmpint (json_object_get_int_member (q, "question"), ==, question + 1);
  }
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 0);
  g_assert_false (student->closed);
}

static void
test_late_join_and_return (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *token = NULL;
  ClassClient *first;
  ClassClient *again;
  ClassClient *third;
  guint question;

  question = ask_example_word (f);

  /* Joining during a question: the question comes after the welcome. */
  first = join_student (f, "Dana", &token);
  {
    g_autoptr (JsonObject) q = class_client_expect (first, "question");
    g_autoptr (JsonObject) ack = NULL;

    class_client_answer_word (first, question, 0x0809);
    ack = class_client_expect (first, "answered");
  }

  /* The phone sleeps: the page comes back with its token, to the same
   * name and its answer. */
  soup_websocket_connection_close (first->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  CLASS_WAIT_FOR (first->closed);
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == 0);
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 1);

  again = connect_client (f);
  class_client_join (again, "Someone else", token);
  {
    g_autoptr (JsonObject) welcome = class_client_expect (again, "welcome");
    g_autoptr (JsonObject) q = class_client_expect (again, "question");
    g_autoptr (JsonObject) ack = class_client_expect (again, "answered");

    g_assert_cmpstr (json_object_get_string_member (welcome, "name"), ==, "Dana");
    g_assert_cmpstr (json_object_get_string_member (welcome, "token"), ==, token);
    g_assert_cmpint (json_object_get_int_member (ack, "word"), ==, 0x0809);
  }
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);

  /* The same student in a second tab: the first page gives way. */
  third = connect_client (f);
  class_client_join (third, "Dana", token);
  {
    g_autoptr (JsonObject) welcome = class_client_expect (third, "welcome");

    g_assert_cmpstr (json_object_get_string_member (welcome, "name"), ==, "Dana");
  }
  CLASS_WAIT_FOR (again->closed);
  g_assert_cmpuint (again->close_code, ==, 4001);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);

  bitmaze_class_server_reveal_word (f->server, 0x0809);
  {
    g_autoptr (JsonObject) q = class_client_expect (third, "question");
    g_autoptr (JsonObject) ack = class_client_expect (third, "answered");
    g_autoptr (JsonObject) result = class_client_expect (third, "result");

    g_assert_true (json_object_get_boolean_member (result, "right"));
  }
  g_assert_cmpuint (bitmaze_class_server_get_results (f->server)->right, ==, 1);
}

static void
test_ranking (Fixture       *f,
              gconstpointer  data)
{
  ClassClient *ana = join_student (f, "Ana", NULL);
  ClassClient *bo = join_student (f, "Bo", NULL);
  g_autoptr (GPtrArray) ranking = NULL;
  BitmazeClassRank *first;
  BitmazeClassRank *second;

  g_assert_false (bitmaze_class_server_get_ranking (f->server));
  ranking = bitmaze_class_server_dup_ranking (f->server, 0);
  g_assert_cmpuint (ranking->len, ==, 0);
  g_clear_pointer (&ranking, g_ptr_array_unref);

  bitmaze_class_server_set_ranking (f->server, TRUE);
  for (guint round = 0; round < 2; round++)
    {
      guint question = ask_example_word (f);
      g_autoptr (JsonObject) qa = class_client_expect (ana, "question");
      g_autoptr (JsonObject) qb = class_client_expect (bo, "question");
      g_autoptr (JsonObject) aa = NULL;
      g_autoptr (JsonObject) ab = NULL;
      g_autoptr (JsonObject) ra = NULL;
      g_autoptr (JsonObject) rb = NULL;
      JsonObject *score;

      class_client_answer_word (ana, question, round == 0 ? 0x0001 : 0x0809);
      class_client_answer_word (bo, question, 0x0809);
      aa = class_client_expect (ana, "answered");
      ab = class_client_expect (bo, "answered");
      bitmaze_class_server_reveal_word (f->server, 0x0809);
      ra = class_client_expect (ana, "result");
      rb = class_client_expect (bo, "result");
      score = json_object_get_object_member (rb, "score");
      g_assert_cmpint (json_object_get_int_member (score, "right"), ==, round + 1);
      g_assert_cmpint (json_object_get_int_member (score, "asked"), ==, round + 1);
    }

  ranking = bitmaze_class_server_dup_ranking (f->server, 1);
  g_assert_cmpuint (ranking->len, ==, 1);
  g_clear_pointer (&ranking, g_ptr_array_unref);
  ranking = bitmaze_class_server_dup_ranking (f->server, 0);
  g_assert_cmpuint (ranking->len, ==, 2);
  first = g_ptr_array_index (ranking, 0);
  second = g_ptr_array_index (ranking, 1);
  g_assert_cmpstr (first->name, ==, "Bo");
  g_assert_cmpuint (first->right, ==, 2);
  g_assert_cmpuint (first->streak, ==, 2);
  g_assert_cmpstr (second->name, ==, "Ana");
  g_assert_cmpuint (second->right, ==, 1);
  g_assert_cmpuint (second->asked, ==, 2);
}

/* ------------------------------------------------------------------ */
/* Hostile and broken pages                                            */
/* ------------------------------------------------------------------ */

/* A witness beside every hostile client: still joined, still asked. */
static void
assert_witness_fine (Fixture     *f,
                     ClassClient *witness)
{
  guint question = ask_example_word (f);
  g_autoptr (JsonObject) q = NULL;
  g_autoptr (JsonObject) ack = NULL;

  g_assert_false (witness->closed);
  do
    {
      g_clear_pointer (&q, json_object_unref);
      q = class_client_expect (witness, "question");
    }
  while ((guint) json_object_get_int_member (q, "question") != question);
  class_client_answer_word (witness, question, 0x0809);
  ack = class_client_expect (witness, "answered");
}

static void
test_malformed (Fixture       *f,
                gconstpointer  data)
{
  /* After a join ... */
  static const char *joined_bad[] = {
    "not json",
    "",
    "null",
    "[1, 2]",
    "{}",
    "{\"type\": 7}",
    "{\"type\": \"dance\"}",
    "{\"type\": \"join\", \"name\": \"Again\"}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": \"2057\"}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": 70000}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": -1}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": 1.5}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": true}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": 1, \"x\": 2}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": 1, \"admin\": true}",
    "{\"type\": \"answer\", \"question\": -1, \"word\": 1}",
    "{\"type\": \"answer\", \"word\": 1}",
    "{\"type\": \"answer\", \"question\": 1, \"x\": 1}",
    "{\"type\": \"answer\", \"question\": 1, \"word\": 1",
  };
  /* ... and before. */
  static const char *unjoined_bad[] = {
    "{\"type\": \"answer\", \"question\": 1, \"word\": 1}",
    "{\"type\": \"join\"}",
    "{\"type\": \"join\", \"name\": 5}",
    "{\"type\": \"join\", \"name\": \"Ana\", \"token\": \"../../../etc/passwd\"}",
    "{\"type\": \"join\", \"name\": \"Ana\", \"token\": 12}",
    "{\"type\": \"join\", \"name\": \"Ana\", \"role\": \"teacher\"}",
  };
  ClassClient *witness = join_student (f, "Witness", NULL);
  g_autoptr (GString) deep = g_string_new (NULL);
  ClassClient *binary;

  for (guint i = 0; i < G_N_ELEMENTS (joined_bad); i++)
    {
      ClassClient *client = join_student (f, "Hostile", NULL);

      g_test_message ("joined: %s", joined_bad[i]);
      class_client_send (client, joined_bad[i]);
      CLASS_WAIT_FOR (client->closed);
      g_assert_cmpuint (client->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
    }
  for (guint i = 0; i < G_N_ELEMENTS (unjoined_bad); i++)
    {
      ClassClient *client = connect_client (f);

      g_test_message ("not joined: %s", unjoined_bad[i]);
      class_client_send (client, unjoined_bad[i]);
      CLASS_WAIT_FOR (client->closed);
      g_assert_cmpuint (client->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
    }

  /* Nesting as deep as the size allows. */
  for (guint i = 0; i < 500; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 500; i++)
    g_string_append_c (deep, ']');
  {
    ClassClient *client = join_student (f, "Deep", NULL);

    class_client_send (client, deep->str);
    CLASS_WAIT_FOR (client->closed);
    g_assert_cmpuint (client->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  }

  binary = join_student (f, "Binary", NULL);
  soup_websocket_connection_send_binary (binary->ws, "\x01\x02", 2);
  CLASS_WAIT_FOR (binary->closed);
  g_assert_cmpuint (binary->close_code, ==, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA);

  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);
  assert_witness_fine (f, witness);
}

static void
test_oversize (Fixture       *f,
               gconstpointer  data)
{
  ClassClient *witness = join_student (f, "Witness", NULL);
  ClassClient *big = join_student (f, "Big", NULL);
  g_autoptr (GString) text = g_string_new ("{\"type\": \"join\", \"name\": \"");

  while (text->len < BITMAZE_CLASS_MESSAGE_MAX + 10)
    g_string_append_c (text, 'a');
  g_string_append (text, "\"}");
  class_client_send (big, text->str);
  CLASS_WAIT_FOR (big->closed);
  /* A close frame that says why (1009), not a dropped connection. */
  g_assert_cmpuint (big->close_code, ==, SOUP_WEBSOCKET_CLOSE_TOO_BIG);
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == 1);
  assert_witness_fine (f, witness);
}

/* A client that speaks raw WebSocket frames, to send what libsoup's
 * client never would: a message fragmented without end. */
typedef struct
{
  GSocketConnection *connection;
  GByteArray        *input;
  gboolean           reading;
  gboolean           ended;
  gboolean           writing;
  guint8             buf[4096];
} RawClient;

static void raw_read_more (RawClient *raw);

static void
raw_read_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  RawClient *raw = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  raw->reading = FALSE;
  if (n <= 0)
    {
      raw->ended = TRUE;
      return;
    }
  g_byte_array_append (raw->input, raw->buf, (guint) n);
  raw_read_more (raw);
}

static void
raw_read_more (RawClient *raw)
{
  raw->reading = TRUE;
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (raw->connection)),
                             raw->buf, sizeof raw->buf, G_PRIORITY_DEFAULT, NULL,
                             raw_read_cb, raw);
}

static void
raw_written_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  RawClient *raw = user_data;

  /* The server may have hung up: a write error is expected then. */
  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL);
  raw->writing = FALSE;
}

static void
raw_write (RawClient    *raw,
           const guint8 *data,
           gsize         len)
{
  raw->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (raw->connection)),
                                   data, len, G_PRIORITY_DEFAULT, NULL, raw_written_cb, raw);
  CLASS_WAIT_FOR (!raw->writing);
}

static gboolean
raw_has_headers (RawClient *raw)
{
  return raw->ended ||
         (raw->input->len > 0 &&
          g_strstr_len ((const char *) raw->input->data, raw->input->len, "\r\n\r\n") != NULL);
}

static RawClient *
raw_connect (Fixture    *f,
             const char *request)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  RawClient *raw = g_new0 (RawClient, 1);

  raw->connection = g_socket_client_connect_to_host (socket_client, "127.0.0.1",
                                                     (guint16) bitmaze_class_server_get_port (f->server),
                                                     NULL, &error);
  g_assert_no_error (error);
  raw->input = g_byte_array_new ();
  raw_read_more (raw);
  if (request != NULL)
    raw_write (raw, (const guint8 *) request, strlen (request));
  return raw;
}

static void
raw_free (RawClient *raw)
{
  g_io_stream_close (G_IO_STREAM (raw->connection), NULL, NULL);
  CLASS_WAIT_FOR (!raw->reading);
  g_object_unref (raw->connection);
  g_byte_array_unref (raw->input);
  g_free (raw);
}

/* A masked client frame. */
static GByteArray *
frame (guint8  opcode,
       gboolean fin,
       gsize   len)
{
  GByteArray *out = g_byte_array_new ();
  guint8 head[2] = { (guint8) ((fin ? 0x80 : 0) | opcode), 0x80 };
  static const guint8 mask[4] = { 1, 2, 3, 4 };

  if (len < 126)
    {
      head[1] |= (guint8) len;
      g_byte_array_append (out, head, 2);
    }
  else
    {
      guint8 ext[2] = { (guint8) (len >> 8), (guint8) len };

      head[1] |= 126;
      g_byte_array_append (out, head, 2);
      g_byte_array_append (out, ext, 2);
    }
  g_byte_array_append (out, mask, 4);
  for (gsize i = 0; i < len; i++)
    {
      guint8 c = (guint8) ('a' ^ mask[i % 4]);

      g_byte_array_append (out, &c, 1);
    }
  return out;
}

static void
test_fragment_flood (Fixture       *f,
                     gconstpointer  data)
{
  ClassClient *witness = join_student (f, "Witness", NULL);
  g_autofree char *request = g_strdup_printf ("GET /ws?code=%s HTTP/1.1\r\n"
                                              "Host: 127.0.0.1:%u\r\n"
                                              "Upgrade: websocket\r\n"
                                              "Connection: Upgrade\r\n"
                                              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                              "Sec-WebSocket-Version: 13\r\n\r\n",
                                              bitmaze_class_server_get_join_code (f->server),
                                              bitmaze_class_server_get_port (f->server));
  RawClient *raw = raw_connect (f, request);
  g_autoptr (GByteArray) first = frame (0x1, FALSE, 512);
  guint sent = 0;

  CLASS_WAIT_FOR (raw_has_headers (raw));
  g_assert_true (g_str_has_prefix ((const char *) raw->input->data, "HTTP/1.1 101"));

  /* Each frame is far below the message limit; together they would be
   * a message without end.  The connection's byte budget ends it. */
  raw_write (raw, first->data, first->len);
  while (!raw->ended && sent < 4 * 1024 * 1024)
    {
      g_autoptr (GByteArray) more = frame (0x0, FALSE, 512);

      raw_write (raw, more->data, more->len);
      sent += more->len;
    }
  CLASS_WAIT_FOR (raw->ended);
  g_test_message ("the server hung up after %u bytes of fragments", sent);
  g_assert_cmpuint (sent, <, 256 * 1024);
  raw_free (raw);

  assert_witness_fine (f, witness);
}

static void
test_rate_limit (Fixture       *f,
                 gconstpointer  data)
{
  ClassClient *witness = join_student (f, "Witness", NULL);
  ClassClient *spammer = join_student (f, "Spammer", NULL);
  guint question = ask_example_word (f);
  g_autoptr (JsonObject) q = class_client_expect (spammer, "question");
  g_autoptr (JsonObject) ack = NULL;

  /* A page sends one answer; a script hammering the server is cut off
   * long before it costs anything, and only its first answer counts. */
  for (guint i = 0; i < 50; i++)
    class_client_answer_word (spammer, question, i);
  CLASS_WAIT_FOR (spammer->closed);
  g_assert_cmpuint (spammer->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  ack = class_client_expect (spammer, "answered");
  g_assert_cmpint (json_object_get_int_member (ack, "word"), ==, 0);
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 1);
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, 1);

  assert_witness_fine (f, witness);
}

static void
test_origin (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *ours = g_strdup_printf ("http://127.0.0.1:%u", bitmaze_class_server_get_port (f->server));
  const char *code = bitmaze_class_server_get_join_code (f->server);
  ClassClient *foreign = class_client_new (f->session, f->url, code, "http://evil.example");
  ClassClient *own;

  g_ptr_array_add (f->clients, foreign);
  g_assert_false (class_client_wait_connected (foreign));
  own = class_client_new (f->session, f->url, code, ours);
  g_ptr_array_add (f->clients, own);
  g_assert_true (class_client_wait_connected (own));
}

static void
test_pending_limit (Fixture       *f,
                    gconstpointer  data)
{
  ClassClient *extra;
  guint connected = 0;

  /* Open WebSockets that never join hold a slot each, up to a limit. */
  for (guint i = 0; i < 100; i++)
    {
      ClassClient *client = class_client_new (f->session, f->url,
                                              bitmaze_class_server_get_join_code (f->server), NULL);

      g_ptr_array_add (f->clients, client);
      if (class_client_wait_connected (client))
        connected++;
    }
  g_assert_cmpuint (connected, ==, 64);

  /* A join frees one. */
  for (guint i = 0; i < f->clients->len; i++)
    {
      ClassClient *client = g_ptr_array_index (f->clients, i);

      if (client->ws != NULL)
        {
          g_autoptr (JsonObject) welcome = NULL;

          class_client_join (client, "Ana", NULL);
          welcome = class_client_expect (client, "welcome");
          break;
        }
    }
  extra = connect_client (f);
  g_assert_nonnull (extra->ws);
}

static void
test_timeouts (Fixture       *f,
               gconstpointer  data)
{
  ClassClient *witness = join_student (f, "Witness", NULL);
  ClassClient *lurker = connect_client (f);
  RawClient *idle;

  /* A WebSocket that never joins, and a connection that says nothing,
   * are ended once their time is up; not before. */
  bitmaze_class_server_set_timeouts (f->server, 15000, 10000, 30000, 10);
  idle = raw_connect (f, NULL);
  {
    /* The server takes the connection (a few sweeps go by). */
    guint reads = f->clock_reads + 5;

    CLASS_WAIT_FOR (f->clock_reads >= reads);
  }
  f->now += 9 * G_USEC_PER_SEC;
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == 1);
  {
    /* Several sweeps go by (each reads the server's clock, and nothing
     * else does while the connections sit idle): nothing happens. */
    guint reads = f->clock_reads + 5;

    CLASS_WAIT_FOR (f->clock_reads >= reads);
  }
  g_assert_false (lurker->closed);
  g_assert_false (idle->ended);

  /* No request within 10 s: the connection goes. */
  f->now += 2 * G_USEC_PER_SEC;
  CLASS_WAIT_FOR (idle->ended);
  raw_free (idle);
  g_assert_false (lurker->closed);

  f->now += 5 * G_USEC_PER_SEC;
  CLASS_WAIT_FOR (lurker->closed);
  g_assert_cmpuint (lurker->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);

  assert_witness_fine (f, witness);
}

/* ------------------------------------------------------------------ */
/* A full class                                                        */
/* ------------------------------------------------------------------ */

/* Student @i's answer to "0x0009 becomes 0x0809": every fourth right,
 * the others wrong in one bit each. */
static guint16
answer_of (guint i)
{
  return i % 4 == 0 ? 0x0809 : (guint16) (0x0809 ^ (1u << (i % 16)));
}

static void
test_full_class (Fixture       *f,
                 gconstpointer  data)
{
  const char *code = bitmaze_class_server_get_join_code (f->server);
  g_autofree char *check = g_strdup_printf ("join?code=%s", code);
  ClassClient *students[BITMAZE_CLASS_STUDENTS_MAX];
  const BitmazeClassResults *results;
  guint expected_bits[16] = { 0 };
  guint expected_right = 0;
  ClassClient *one_more;
  guint question;

  /* 200 students connect at once, then join. */
  for (guint i = 0; i < BITMAZE_CLASS_STUDENTS_MAX; i++)
    {
      students[i] = class_client_new (f->session, f->url, code, NULL);
      g_ptr_array_add (f->clients, students[i]);
      /* At most 64 handshakes stay open without a join: join in waves. */
      if (i % 50 == 49 || i + 1 == BITMAZE_CLASS_STUDENTS_MAX)
        {
          for (guint j = i - i % 50; j <= i; j++)
            {
              g_autofree char *name = g_strdup_printf ("Student %u", j);

              g_assert_true (class_client_wait_connected (students[j]));
              class_client_join (students[j], name, NULL);
            }
          CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == i + 1);
        }
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == BITMAZE_CLASS_STUDENTS_MAX);

  /* The 201st is told the class is full. */
  g_assert_cmpuint (http_get (f, check, NULL), ==, SOUP_STATUS_SERVICE_UNAVAILABLE);
  /* (Its WebSocket is refused too: a page that skips /join learns it
   * from the handshake.) */
  one_more = class_client_new (f->session, f->url, code, NULL);
  g_ptr_array_add (f->clients, one_more);
  g_assert_false (class_client_wait_connected (one_more));

  question = ask_example_word (f);
  for (guint i = 0; i < BITMAZE_CLASS_STUDENTS_MAX; i++)
    {
      g_autoptr (JsonObject) welcome = class_client_expect (students[i], "welcome");
      g_autoptr (JsonObject) q = class_client_expect (students[i], "question");
      guint16 answer = answer_of (i);

      class_client_answer_word (students[i], question, answer);
      if (answer == 0x0809)
        expected_right++;
      for (guint bit = 0; bit < 16; bit++)
        if ((answer ^ 0x0809) & (1u << bit))
          expected_bits[bit]++;
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_answered (f->server) == BITMAZE_CLASS_STUDENTS_MAX);

  bitmaze_class_server_reveal_word (f->server, 0x0809);
  results = bitmaze_class_server_get_results (f->server);
  g_assert_cmpuint (results->students, ==, BITMAZE_CLASS_STUDENTS_MAX);
  g_assert_cmpuint (results->answered, ==, BITMAZE_CLASS_STUDENTS_MAX);
  g_assert_cmpuint (results->right, ==, expected_right);
  g_assert_cmpuint (results->wrong, ==, BITMAZE_CLASS_STUDENTS_MAX - expected_right);
  for (guint bit = 0; bit < 16; bit++)
    g_assert_cmpuint (results->wrong_bits[bit], ==, expected_bits[bit]);

  for (guint i = 0; i < BITMAZE_CLASS_STUDENTS_MAX; i++)
    {
      g_autoptr (JsonObject) ack = class_client_expect (students[i], "answered");
      g_autoptr (JsonObject) result = class_client_expect (students[i], "result");

      g_assert_cmpint (json_object_get_boolean_member (result, "right"), ==, answer_of (i) == 0x0809);
      g_assert_cmpint (json_object_get_int_member (result, "differ"), ==, answer_of (i) ^ 0x0809);
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
  /* libsoup's debug lines for 200 students would drown the log. */
  if (g_getenv ("G_MESSAGES_DEBUG") == NULL)
    g_log_set_debug_enabled (FALSE);

  g_test_add_func ("/class-server/addresses", test_addresses);
  g_test_add_func ("/class-server/start-refused", test_start_refused);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/class-server/start-stop", test_start_stop);
  ADD ("/class-server/restart-forgets", test_restart_forgets);
  ADD ("/class-server/page", test_page);
  ADD ("/class-server/page-language", test_page_language);
  ADD ("/class-server/http-hostile", test_http_hostile);
  ADD ("/class-server/join-codes", test_join_codes);
  ADD ("/class-server/wrong-code-limit", test_wrong_code_limit);
  ADD ("/class-server/names", test_names);
  ADD ("/class-server/word-question", test_word_question);
  ADD ("/class-server/answer-once", test_answer_once);
  ADD ("/class-server/cell-question", test_cell_question);
  ADD ("/class-server/cell-ties", test_cell_ties);
  ADD ("/class-server/withdraw", test_withdraw);
  ADD ("/class-server/late-join-and-return", test_late_join_and_return);
  ADD ("/class-server/ranking", test_ranking);
  ADD ("/class-server/malformed", test_malformed);
  ADD ("/class-server/oversize", test_oversize);
  ADD ("/class-server/fragment-flood", test_fragment_flood);
  ADD ("/class-server/rate-limit", test_rate_limit);
  ADD ("/class-server/origin", test_origin);
  ADD ("/class-server/pending-limit", test_pending_limit);
  ADD ("/class-server/timeouts", test_timeouts);
  ADD ("/class-server/full-class", test_full_class);
#undef ADD

  return g_test_run ();
}
