/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What one mischievous student (one address, or a few) tried against the
 * class server (issue 39), each on 127.0.0.1 while a real student on
 * another computer (127.0.0.2, 127.0.0.3: other loopback addresses) loads
 * the page, joins and answers.  The server keeps its default limits here;
 * its clock stands still unless a test moves it, and what an attack must
 * do quickly is waited for a few seconds at most.
 */
#include "config.h"

#include <locale.h>

#include "bitmaze-class-server-private.h"
#include "class-test.h"

#define ATTACKER "127.0.0.1"
#define REAL     "127.0.0.2"
#define OTHER    "127.0.0.3"
/* How long an attack's effect may take to show. */
#define QUICK_S  10

typedef struct
{
  BitmazeClassServer *server;
  SoupSession        *attacker;  /* from ATTACKER */
  GPtrArray          *clients;   /* ClassClient */
  GPtrArray          *sessions;  /* SoupSession */
  const char         *url;
  gint64              now;
  guint               clock_reads;
} Fixture;

static gint64
test_clock (gpointer data)
{
  Fixture *f = data;

  f->clock_reads++;
  return f->now;
}

/* A few sweeps of the server go by (each reads its clock). */
static void
let_sweeps_pass (Fixture *f)
{
  guint reads = f->clock_reads + 5;

  CLASS_WAIT_FOR (f->clock_reads >= reads);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  f->server = bitmaze_class_server_new ();
  f->now = g_get_monotonic_time ();
  bitmaze_class_server_set_clock (f->server, test_clock, f);
  /* The default timeouts, swept every 10 ms of real time. */
  bitmaze_class_server_set_timeouts (f->server, 15000, 10000, 30000, 10);
  g_assert_true (bitmaze_class_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->url = bitmaze_class_server_get_url (f->server);
  f->attacker = class_test_session_from (ATTACKER);
  f->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) class_client_free);
  f->sessions = g_ptr_array_new_with_free_func (g_object_unref);
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
  for (guint i = 0; i < f->sessions->len; i++)
    soup_session_abort (g_ptr_array_index (f->sessions, i));
  g_ptr_array_unref (f->sessions);
  soup_session_abort (f->attacker);
  g_object_unref (f->attacker);
  g_object_unref (f->server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static SoupSession *
session_from (Fixture    *f,
              const char *address)
{
  SoupSession *session = class_test_session_from (address);

  g_ptr_array_add (f->sessions, session);
  return session;
}

/* A WebSocket to /ws with @query ("code=…"); whether it opened. */
static ClassClient *
open_ws (Fixture     *f,
         SoupSession *session,
         const char  *query)
{
  g_autofree char *uri = g_strdup_printf ("%sws?%s", f->url, query);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  ClassClient *client = g_new0 (ClassClient, 1);

  g_queue_init (&client->messages);
  client->connecting = TRUE;
  soup_session_websocket_connect_async (session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, class_client_connected_cb, client);
  g_ptr_array_add (f->clients, client);
  class_client_wait_connected (client);
  return client;
}

static char *
code_query (Fixture *f)
{
  return g_strdup_printf ("code=%s", bitmaze_class_server_get_join_code (f->server));
}

/* A student of @session who joined as @name (the welcome's name in
 * *shown, its token in *token, if not NULL); NULL when refused. */
static ClassClient *
join (Fixture     *f,
      SoupSession *session,
      const char  *name,
      const char  *token,
      char       **shown,
      char       **token_out)
{
  g_autofree char *query = token != NULL
    ? g_strdup_printf ("code=%s&token=%s", bitmaze_class_server_get_join_code (f->server), token)
    : code_query (f);
  ClassClient *client = open_ws (f, session, query);
  g_autoptr (JsonObject) welcome = NULL;

  if (client->ws == NULL)
    return NULL;
  class_client_join (client, name, token);
  CLASS_WAIT_FOR (!g_queue_is_empty (&client->messages) || client->closed);
  if (g_queue_is_empty (&client->messages))
    return NULL;
  welcome = class_client_expect (client, "welcome");
  if (shown != NULL)
    *shown = g_strdup (json_object_get_string_member (welcome, "name"));
  if (token_out != NULL)
    *token_out = g_strdup (json_object_get_string_member (welcome, "token"));
  return client;
}

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

/* GET @path from @session: the status. */
static guint
http_get (Fixture     *f,
          SoupSession *session,
          const char  *path)
{
  g_autofree char *uri = g_strconcat (f->url, path, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  Request request = { NULL, FALSE };

  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, request_done_cb, &request);
  CLASS_WAIT_FOR_S (request.done, QUICK_S);
  g_clear_pointer (&request.body, g_bytes_unref);
  return soup_message_get_status (msg);
}

static guint
ask_word (Fixture *f)
{
  BitmazeClassWordQuestion question = {
    .x = 3, .y = 5, .index = 87, .word = 0x0009,
    .statement = "maze[87] |= W << 8;",
  };

  return bitmaze_class_server_ask_word (f->server, &question);
}

/* The next message of @client that is of @type (others are skipped). */
static JsonObject *
next_of (ClassClient *client,
         const char  *type)
{
  for (;;)
    {
      CLASS_WAIT_FOR_S (!g_queue_is_empty (&client->messages) || client->closed, QUICK_S);
      if (g_queue_is_empty (&client->messages))
        g_error ("expected a \"%s\" message, the connection closed with %u", type, client->close_code);
      {
        JsonObject *message = g_queue_pop_head (&client->messages);

        if (g_strcmp0 (json_object_get_string_member (message, "type"), type) == 0)
          return message;
        json_object_unref (message);
      }
    }
}

/* A student answers @client's open question, and is acknowledged. */
static void
answer (Fixture     *f,
        ClassClient *client,
        guint        question)
{
  g_autoptr (JsonObject) q = NULL;
  g_autoptr (JsonObject) ack = NULL;

  do
    {
      g_clear_pointer (&q, json_object_unref);
      q = next_of (client, "question");
    }
  while ((guint) json_object_get_int_member (q, "question") != question);
  class_client_answer_word (client, question, 0x0809);
  ack = next_of (client, "answered");
  g_assert_cmpint (json_object_get_int_member (ack, "word"), ==, 0x0809);
}

/* A real student on another computer, @address: loads the page, checks
 * the code, joins as @name, answers a question. */
static void
real_student (Fixture    *f,
              const char *address,
              const char *name)
{
  SoupSession *session = session_from (f, address);
  g_autofree char *check = NULL;
  g_autofree char *code = code_query (f);
  ClassClient *student;
  guint question;

  g_assert_cmpuint (http_get (f, session, ""), ==, SOUP_STATUS_OK);
  g_assert_cmpuint (http_get (f, session, "student.js"), ==, SOUP_STATUS_OK);
  check = g_strdup_printf ("join?%s", code);
  g_assert_cmpuint (http_get (f, session, check), ==, SOUP_STATUS_NO_CONTENT);
  student = join (f, session, name, NULL, NULL, NULL);
  g_assert_nonnull (student);
  question = ask_word (f);
  answer (f, student, question);
}

/* ------------------------------------------------------------------ */
/* Raw connections                                                     */
/* ------------------------------------------------------------------ */

typedef struct
{
  GSocketConnection *connection;
  GByteArray        *input;
  gboolean           reading;
  gboolean           ended;
  gboolean           writing;
  guint8             buf[4096];
} Raw;

static void raw_read_more (Raw *raw);

static void
raw_read_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Raw *raw = user_data;
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
raw_read_more (Raw *raw)
{
  raw->reading = TRUE;
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (raw->connection)),
                             raw->buf, sizeof raw->buf, G_PRIORITY_DEFAULT, NULL, raw_read_cb, raw);
}

static void
raw_written_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Raw *raw = user_data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL);
  raw->writing = FALSE;
}

static void
raw_write (Raw          *raw,
           const guint8 *data,
           gsize         len)
{
  raw->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (raw->connection)),
                                   data, len, G_PRIORITY_DEFAULT, NULL, raw_written_cb, raw);
  CLASS_WAIT_FOR (!raw->writing);
}

static void
raw_write_text (Raw        *raw,
                const char *text)
{
  raw_write (raw, (const guint8 *) text, strlen (text));
}

/* A TCP connection from @address to the server. */
static Raw *
raw_connect (Fixture    *f,
             const char *address)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr (GSocketAddress) local = g_inet_socket_address_new (inet, 0);
  g_autoptr (GError) error = NULL;
  Raw *raw = g_new0 (Raw, 1);

  g_socket_client_set_local_address (socket_client, local);
  raw->connection = g_socket_client_connect_to_host (socket_client, "127.0.0.1",
                                                     (guint16) bitmaze_class_server_get_port (f->server),
                                                     NULL, &error);
  g_assert_no_error (error);
  raw->input = g_byte_array_new ();
  raw_read_more (raw);
  return raw;
}

static void
raw_free (Raw *raw)
{
  g_io_stream_close (G_IO_STREAM (raw->connection), NULL, NULL);
  CLASS_WAIT_FOR (!raw->reading);
  g_object_unref (raw->connection);
  g_byte_array_unref (raw->input);
  g_free (raw);
}

static gboolean
raw_has (Raw        *raw,
         const char *text)
{
  return raw->input->len > 0 &&
         g_strstr_len ((const char *) raw->input->data, raw->input->len, text) != NULL;
}

static char *
request (Fixture    *f,
         const char *path,
         const char *host)
{
  g_autofree char *ours = g_strdup_printf ("127.0.0.1:%u", bitmaze_class_server_get_port (f->server));

  return g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, host != NULL ? host : ours);
}

/* A masked client frame carrying @len bytes of @data. */
static GByteArray *
frame (guint8       opcode,
       gboolean     fin,
       const char  *data,
       gsize        len)
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
      guint8 c = (guint8) ((data != NULL ? data[i] : 'a') ^ mask[i % 4]);

      g_byte_array_append (out, &c, 1);
    }
  return out;
}

/* The server's close frame with @code among what @raw received. */
static gboolean
raw_has_close (Raw     *raw,
               gushort  code)
{
  for (guint i = 0; i + 3 < raw->input->len; i++)
    if (raw->input->data[i] == 0x88 && raw->input->data[i + 1] >= 2 && raw->input->data[i + 1] < 126 &&
        raw->input->data[i + 2] == (code >> 8) && raw->input->data[i + 3] == (code & 0xff))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* 1. Slowloris                                                        */
/* ------------------------------------------------------------------ */

static guint
count_ended (GPtrArray *raws)
{
  guint ended = 0;

  for (guint i = 0; i < raws->len; i++)
    ended += ((Raw *) g_ptr_array_index (raws, i))->ended;
  return ended;
}

static void
test_slowloris (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  guint per_address = 8 * BITMAZE_CLASS_STUDENTS_PER_ADDRESS;

  /* 40 connections from one address, each with one byte of a request:
   * the address holds its share of connections, no more. */
  for (guint i = 0; i < 40; i++)
    {
      Raw *raw = raw_connect (f, ATTACKER);

      g_ptr_array_add (raws, raw);
      raw_write_text (raw, "G");
    }
  CLASS_WAIT_FOR_S (count_ended (raws) == 40 - per_address, QUICK_S);
  let_sweeps_pass (f);
  g_assert_cmpuint (count_ended (raws), ==, 40 - per_address);

  /* Meanwhile a student on another computer is not kept out. */
  real_student (f, REAL, "Rita");

  /* One byte every 4 s keeps no connection: the headers must all be in
   * within 10 s of the request's start, however the bytes trickle. */
  for (guint round = 0; round < 3; round++)
    {
      for (guint i = 0; i < raws->len; i++)
        {
          Raw *raw = g_ptr_array_index (raws, i);

          if (!raw->ended)
            raw_write_text (raw, "E");
        }
      f->now += 4 * G_USEC_PER_SEC;
      let_sweeps_pass (f);
    }
  CLASS_WAIT_FOR_S (count_ended (raws) == 40, QUICK_S);
}

/* ------------------------------------------------------------------ */
/* 2. One address fills the class                                      */
/* ------------------------------------------------------------------ */

static void
test_students_per_address (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *check = NULL;
  g_autofree char *code = code_query (f);
  g_autofree char *shown = NULL;

  for (guint i = 0; i < BITMAZE_CLASS_STUDENTS_PER_ADDRESS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Bot %u", i);

      g_assert_nonnull (join (f, f->attacker, name, NULL, NULL, NULL));
    }
  /* The fourth name from that address: /join says why, the WebSocket is
   * refused. */
  check = g_strdup_printf ("join?%s", code);
  g_assert_cmpuint (http_get (f, f->attacker, check), ==, SOUP_STATUS_CONFLICT);
  for (guint i = 0; i < 20; i++)
    g_assert_null (join (f, f->attacker, "Bot again", NULL, NULL, NULL));
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, BITMAZE_CLASS_STUDENTS_PER_ADDRESS);

  real_student (f, REAL, "Rita");
  g_assert_cmpuint (bitmaze_class_server_get_joined (f->server), ==, BITMAZE_CLASS_STUDENTS_PER_ADDRESS + 1);

  /* A shared computer: the teacher allows more. */
  bitmaze_class_server_set_students_per_address (f->server, 5);
  g_assert_nonnull (join (f, f->attacker, "Pat", NULL, &shown, NULL));
  g_assert_cmpstr (shown, ==, "Pat");
}

/* ------------------------------------------------------------------ */
/* 3. One address holds the unjoined WebSockets                        */
/* ------------------------------------------------------------------ */

static guint
count_open (Fixture *f)
{
  guint n = 0;

  for (guint i = 0; i < f->clients->len; i++)
    {
      ClassClient *client = g_ptr_array_index (f->clients, i);

      n += client->ws != NULL && !client->closed;
    }
  return n;
}

static void
test_pending_per_address (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *code = code_query (f);

  for (guint round = 0; round < 2; round++)
    {
      guint opened = 0;

      /* Open and never join, again as the join time-out closes them. */
      for (guint i = 0; i < 20; i++)
        opened += open_ws (f, f->attacker, code)->ws != NULL;
      g_assert_cmpuint (opened, ==, BITMAZE_CLASS_STUDENTS_PER_ADDRESS);
      real_student (f, round == 0 ? REAL : OTHER, round == 0 ? "Rita" : "Olga");
      f->now += 16 * G_USEC_PER_SEC;
      CLASS_WAIT_FOR_S (count_open (f) == 1 + round, QUICK_S);
    }
}

/* ------------------------------------------------------------------ */
/* 4. A message in fragments without end                               */
/* ------------------------------------------------------------------ */

static Raw *
raw_websocket (Fixture    *f,
               const char *address)
{
  Raw *raw = raw_connect (f, address);
  g_autofree char *handshake = g_strdup_printf ("GET /ws?code=%s HTTP/1.1\r\n"
                                                "Host: 127.0.0.1:%u\r\n"
                                                "Upgrade: websocket\r\n"
                                                "Connection: Upgrade\r\n"
                                                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                                "Sec-WebSocket-Version: 13\r\n\r\n",
                                                bitmaze_class_server_get_join_code (f->server),
                                                bitmaze_class_server_get_port (f->server));

  raw_write_text (raw, handshake);
  CLASS_WAIT_FOR (raw->ended || raw_has (raw, "\r\n\r\n"));
  g_assert_true (raw_has (raw, "HTTP/1.1 101"));
  return raw;
}

static void
test_fragments (Fixture       *f,
                gconstpointer  data)
{
  Raw *raw = raw_websocket (f, ATTACKER);
  static const char join_text[] = "{\"type\":\"join\",\"name\":\"Frag\"}";
  g_autoptr (GByteArray) join_frame = frame (0x1, TRUE, join_text, strlen (join_text));
  g_autoptr (GByteArray) first = frame (0x1, FALSE, NULL, 400);

  raw_write (raw, join_frame->data, join_frame->len);
  CLASS_WAIT_FOR (raw_has (raw, "welcome"));

  /* Each fragment is far below the limit; the message they make is not.
   * The third ends it, with a close frame that says why. */
  raw_write (raw, first->data, first->len);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GByteArray) more = frame (0x0, FALSE, NULL, 400);

      raw_write (raw, more->data, more->len);
    }
  CLASS_WAIT_FOR_S (raw_has_close (raw, SOUP_WEBSOCKET_CLOSE_TOO_BIG), QUICK_S);
  CLASS_WAIT_FOR_S (bitmaze_class_server_get_joined (f->server) == 0, QUICK_S);
  raw_free (raw);

  real_student (f, REAL, "Rita");
}

/* ------------------------------------------------------------------ */
/* 6. Filling the table of wrong codes                                 */
/* ------------------------------------------------------------------ */

static void
test_wrong_code_table (Fixture       *f,
                       gconstpointer  data)
{
  SoupSession *returning = session_from (f, OTHER);
  const char *code = bitmaze_class_server_get_join_code (f->server);
  g_autofree char *wrong = g_strdup_printf ("/join?code=%06u", (guint) (g_ascii_strtoull (code, NULL, 10) + 1) % 1000000);
  g_autofree char *right = g_strdup_printf ("join?code=%s", code);
  g_autofree char *token = NULL;
  g_autofree char *with_token = NULL;
  g_autofree char *shown = NULL;
  ClassClient *student;

  /* A student joins, then its computer guesses wrong codes until it may
   * not try any more: the right code is refused, its token is not. */
  student = join (f, returning, "Zoe", NULL, NULL, &token);
  g_assert_nonnull (student);
  soup_websocket_connection_close (student->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  CLASS_WAIT_FOR (student->closed);
  for (guint i = 0; i < 20; i++)
    g_assert_cmpuint (http_get (f, returning, wrong + 1), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (http_get (f, returning, right), ==, 429);

  /* 1100 addresses try one wrong code each. */
  for (guint i = 0; i < 1100; i++)
    {
      g_autofree char *address = g_strdup_printf ("127.1.%u.%u", i / 250, 1 + i % 250);
      g_autofree char *text = request (f, wrong, NULL);
      Raw *raw = raw_connect (f, address);

      raw_write_text (raw, text);
      CLASS_WAIT_FOR_S (raw->ended || raw_has (raw, "\r\n\r\n"), QUICK_S);
      g_assert_true (raw_has (raw, "HTTP/1.1 403"));
      raw_free (raw);
    }

  /* A newcomer with the right code is let in ... */
  real_student (f, REAL, "Rita");
  /* ... and so is the student coming back with its token. */
  with_token = g_strdup_printf ("join?code=%s&token=%s", code, token);
  g_assert_cmpuint (http_get (f, returning, with_token), ==, SOUP_STATUS_NO_CONTENT);
  g_assert_nonnull (join (f, returning, "Zoe", token, &shown, NULL));
  g_assert_cmpstr (shown, ==, "Zoe");
}

/* ------------------------------------------------------------------ */
/* 7. Churn does not erase a student who is away                       */
/* ------------------------------------------------------------------ */

static void
test_churn (Fixture       *f,
            gconstpointer  data)
{
  SoupSession *sleeper_session = session_from (f, REAL);
  g_autofree char *token = NULL;
  g_autofree char *shown = NULL;
  g_autoptr (GPtrArray) ranking = NULL;
  ClassClient *sleeper;
  ClassClient *rita;
  guint question;
  guint refused = 0;

  /* One shared computer may bring the whole class: the per-address limit
   * is no help here. */
  bitmaze_class_server_set_students_per_address (f->server, BITMAZE_CLASS_STUDENTS_MAX);
  bitmaze_class_server_set_ranking (f->server, TRUE);
  sleeper = join (f, sleeper_session, "Sam", NULL, NULL, &token);
  rita = join (f, session_from (f, OTHER), "Rita", NULL, NULL, NULL);
  question = ask_word (f);
  answer (f, sleeper, question);
  bitmaze_class_server_reveal_word (f->server, 0x0809);
  /* Sam's phone sleeps. */
  soup_websocket_connection_close (sleeper->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  CLASS_WAIT_FOR (sleeper->closed);

  /* 400 names join and leave. */
  for (guint wave = 0; wave < 8; wave++)
    {
      ClassClient *bots[50];

      for (guint i = 0; i < 50; i++)
        {
          g_autofree char *name = g_strdup_printf ("Bot %u", wave * 50 + i);

          bots[i] = join (f, f->attacker, name, NULL, NULL, NULL);
          if (bots[i] == NULL)
            refused++;
        }
      for (guint i = 0; i < 50; i++)
        if (bots[i] != NULL)
          soup_websocket_connection_close (bots[i]->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
      CLASS_WAIT_FOR (bitmaze_class_server_get_joined (f->server) == 1);
    }
  /* The class is full at 200 names: the rest were refused, nobody was
   * forgotten. */
  g_assert_cmpuint (refused, ==, 400 - (BITMAZE_CLASS_STUDENTS_MAX - 2));

  /* Sam comes back: the same name, the same score. */
  g_assert_nonnull (join (f, sleeper_session, "Sam", token, &shown, NULL));
  g_assert_cmpstr (shown, ==, "Sam");
  ranking = bitmaze_class_server_dup_ranking (f->server, 1);
  g_assert_cmpstr (((BitmazeClassRank *) g_ptr_array_index (ranking, 0))->name, ==, "Sam");
  g_assert_cmpuint (((BitmazeClassRank *) g_ptr_array_index (ranking, 0))->right, ==, 1);

  /* And Rita, who stayed, still answers. */
  question = ask_word (f);
  answer (f, rita, question);
}

/* ------------------------------------------------------------------ */
/* 8. Names that deceive                                               */
/* ------------------------------------------------------------------ */

static void
test_names (Fixture       *f,
            gconstpointer  data)
{
  static const struct
  {
    const char *sent;
    const char *shown;  /* NULL: refused */
  } cases[] = {
    { "Ana", "Ana" },
    { "\u0410na", "\u0410na 2" },                         /* Cyrillic A */
    { "ANA", "ANA 3" },
    { "\u2800\u2800\u2800", NULL },                       /* Braille blanks */
    { "\u3164", NULL },                                   /* Hangul filler */
    { "\u3164Lu\u3164", "Lu" },
    { "\u200d", NULL },
    { "\u0301\u0301\u0301", NULL },                       /* marks on nothing */
    { "a\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", "\u00e1\u0301\u0301\u0301" },
    { "\uff2d\uff41\uff58", "Max" },                      /* fullwidth: NFKC */
    { "\u0645\u062d\u0645\u062f", "\u0645\u062d\u0645\u062f" },   /* Arabic */
    { "\U0001F469\u200d\U0001F4BB", "\U0001F469\u200d\U0001F4BB" }, /* woman technologist */
    { "\U0001F3F3\ufe0f\u200d\U0001F308", "\U0001F3F3\ufe0f\u200d\U0001F308" }, /* rainbow flag */
    { "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645" }, /* Persian, ZWNJ */
    { "\u200dBo\u200d", "Bo" },                           /* joining nothing */
  };

  bitmaze_class_server_set_students_per_address (f->server, 50);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = NULL;
      ClassClient *client;

      g_test_message ("name %u", i);
      client = join (f, f->attacker, cases[i].sent, NULL, &shown, NULL);
      if (cases[i].shown == NULL)
        {
          g_assert_null (client);
          continue;
        }
      g_assert_nonnull (client);
      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
  real_student (f, REAL, "Rita");
}

/* ------------------------------------------------------------------ */
/* 9. Smaller things                                                   */
/* ------------------------------------------------------------------ */

static void
test_smaller (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *not_found = request (f, "/nothing", NULL);
  g_autofree char *misdirected = request (f, "/", "evil.example");
  g_autoptr (GString) long_message = g_string_new ("{\"type\":\"join\",\"name\":\"");
  ClassClient *repeated;
  ClassClient *big;
  Raw *raw;
  guint question;

  /* A response after which the server closes says so. */
  raw = raw_connect (f, ATTACKER);
  raw_write_text (raw, not_found);
  CLASS_WAIT_FOR_S (raw->ended, QUICK_S);
  g_assert_true (raw_has (raw, "HTTP/1.1 404 Not Found\r\n"));
  g_assert_true (raw_has (raw, "\r\nConnection: close\r\n"));
  raw_free (raw);

  /* 421 with its reason. */
  raw = raw_connect (f, ATTACKER);
  raw_write_text (raw, misdirected);
  CLASS_WAIT_FOR_S (raw->ended, QUICK_S);
  g_assert_true (raw_has (raw, "HTTP/1.1 421 Misdirected Request\r\n"));
  raw_free (raw);

  /* A member twice: refused, not "the last wins". */
  repeated = open_ws (f, f->attacker, code_query (f));
  class_client_send (repeated, "{\"type\":\"join\",\"name\":\"Ana\",\"name\":\"Teacher\"}");
  CLASS_WAIT_FOR_S (repeated->closed, QUICK_S);
  g_assert_cmpuint (repeated->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  repeated = join (f, f->attacker, "Twice", NULL, NULL, NULL);
  question = ask_word (f);
  {
    g_autofree char *text = g_strdup_printf ("{\"type\":\"answer\",\"question\":%u,\"word\":1,\"word\":2057}", question);
    g_autoptr (JsonObject) q = next_of (repeated, "question");

    class_client_send (repeated, text);
  }
  CLASS_WAIT_FOR_S (repeated->closed, QUICK_S);
  g_assert_cmpuint (repeated->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  g_assert_cmpuint (bitmaze_class_server_get_answered (f->server), ==, 0);

  /* 1025 bytes: a close frame with 1009. */
  big = join (f, f->attacker, "Big", NULL, NULL, NULL);
  while (long_message->len < BITMAZE_CLASS_MESSAGE_MAX + 1 - 2)
    g_string_append_c (long_message, 'a');
  g_string_append (long_message, "\"}");
  g_assert_cmpuint (long_message->len, ==, BITMAZE_CLASS_MESSAGE_MAX + 1);
  class_client_send (big, long_message->str);
  CLASS_WAIT_FOR_S (big->closed, QUICK_S);
  g_assert_cmpuint (big->close_code, ==, SOUP_WEBSOCKET_CLOSE_TOO_BIG);

  real_student (f, REAL, "Rita");
}

/* ------------------------------------------------------------------ */
/* What the students of issue 36 met                                   */
/* ------------------------------------------------------------------ */

static void
test_favicon (Fixture       *f,
              gconstpointer  data)
{
  SoupSession *session = session_from (f, REAL);
  g_autofree char *uri = g_strconcat (f->url, "favicon.ico", NULL);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  Request request = { NULL, FALSE };

  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, request_done_cb, &request);
  CLASS_WAIT_FOR (request.done);
  g_assert_cmpuint (soup_message_get_status (msg), ==, SOUP_STATUS_OK);
  g_assert_cmpstr (soup_message_headers_get_content_type (soup_message_get_response_headers (msg), NULL),
                   ==, "image/svg+xml");
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (request.body, NULL), g_bytes_get_size (request.body), "<svg"));
  g_bytes_unref (request.body);
}

static void
test_join_after_reveal (Fixture       *f,
                        gconstpointer  data)
{
  SoupSession *session = session_from (f, REAL);
  ClassClient *late;
  g_autoptr (JsonObject) q = NULL;
  guint question;

  ask_word (f);
  bitmaze_class_server_reveal_word (f->server, 0x0809);
  /* Joined after the reveal: no result for a question never seen ... */
  late = join (f, session, "Late", NULL, NULL, NULL);
  question = ask_word (f);
  /* ... the next message is the next question. */
  CLASS_WAIT_FOR (!g_queue_is_empty (&late->messages));
  q = class_client_expect (late, "question");
  g_assert_cmpuint ((guint) json_object_get_int_member (q, "question"), ==, question);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("G_MESSAGES_DEBUG") == NULL)
    g_log_set_debug_enabled (FALSE);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/class-attacks/1-slowloris", test_slowloris);
  ADD ("/class-attacks/2-students-per-address", test_students_per_address);
  ADD ("/class-attacks/3-pending-per-address", test_pending_per_address);
  ADD ("/class-attacks/4-fragments", test_fragments);
  ADD ("/class-attacks/6-wrong-code-table", test_wrong_code_table);
  ADD ("/class-attacks/7-churn", test_churn);
  ADD ("/class-attacks/8-names", test_names);
  ADD ("/class-attacks/9-smaller", test_smaller);
  ADD ("/class-attacks/favicon", test_favicon);
  ADD ("/class-attacks/join-after-reveal", test_join_after_reveal);
#undef ADD

  return g_test_run ();
}
