/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * class-test.h: what the class server's tests and benchmark share.
 * Header only (static inline): waiting on the main loop for something to
 * happen, and students as libsoup WebSocket clients.
 */
#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "bitmaze-class-server.h"

/* Generous: the machine may be loaded, and valgrind slows all 30-fold. */
#define CLASS_TEST_TIMEOUT_S 120

static inline gboolean
class_test_timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the main loop until @cond holds; fails the test after
 * CLASS_TEST_TIMEOUT_S.  Nothing here measures time: it only bounds a
 * wait for an event. */
#define CLASS_WAIT_FOR(cond) \
  G_STMT_START { \
    gboolean timed_out_ = FALSE; \
    guint id_ = g_timeout_add_seconds (CLASS_TEST_TIMEOUT_S, class_test_timed_out_cb, &timed_out_); \
    while (!(cond) && !timed_out_) \
      g_main_context_iteration (NULL, TRUE); \
    if (!timed_out_) \
      g_source_remove (id_); \
    if (!(cond)) \
      g_error ("%s:%d: timed out waiting for %s", __FILE__, __LINE__, #cond); \
  } G_STMT_END

/* The same, failing after @seconds: what an attack must do quickly (the
 * old server never did it, and its test must not wait two minutes to
 * say so). */
#define CLASS_WAIT_FOR_S(cond, seconds) \
  G_STMT_START { \
    gboolean timed_out_ = FALSE; \
    guint id_ = g_timeout_add_seconds ((seconds), class_test_timed_out_cb, &timed_out_); \
    while (!(cond) && !timed_out_) \
      g_main_context_iteration (NULL, TRUE); \
    if (!timed_out_) \
      g_source_remove (id_); \
    if (!(cond)) \
      g_error ("%s:%d: not within %u s: %s", __FILE__, __LINE__, (guint) (seconds), #cond); \
  } G_STMT_END

/* A session whose connections come from @address (another loopback
 * address, 127.0.0.2, is another computer of the class). */
static inline SoupSession *
class_test_session_from (const char *address)
{
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr (GSocketAddress) local = g_inet_socket_address_new (inet, 0);

  return soup_session_new_with_options ("local-address", local,
                                        "max-conns", 1000,
                                        "max-conns-per-host", 1000,
                                        NULL);
}

/* A student: one WebSocket and the messages it received. */
typedef struct
{
  SoupWebsocketConnection *ws;
  GQueue                   messages;   /* JsonObject */
  GError                  *error;      /* of the handshake */
  gboolean                 connecting;
  gboolean                 closed;
  gushort                  close_code;
  guint                    received;
} ClassClient;

static inline void
class_client_message_cb (SoupWebsocketConnection *ws,
                         SoupWebsocketDataType    type,
                         GBytes                  *message,
                         ClassClient             *client)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize size;
  const char *data = g_bytes_get_data (message, &size);
  JsonNode *root;

  g_assert_cmpint (type, ==, SOUP_WEBSOCKET_DATA_TEXT);
  g_assert_true (json_parser_load_from_data (parser, data, (gssize) size, NULL));
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  g_queue_push_tail (&client->messages, json_object_ref (json_node_get_object (root)));
  client->received++;
}

static inline void
class_client_closed_cb (SoupWebsocketConnection *ws,
                        ClassClient             *client)
{
  client->closed = TRUE;
  client->close_code = soup_websocket_connection_get_close_code (ws);
}

static inline void
class_client_connected_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  ClassClient *client = user_data;

  client->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &client->error);
  client->connecting = FALSE;
  if (client->ws == NULL)
    return;
  g_signal_connect (client->ws, "message", G_CALLBACK (class_client_message_cb), client);
  g_signal_connect (client->ws, "closed", G_CALLBACK (class_client_closed_cb), client);
}

/* Starts opening a WebSocket to @url's /ws with @code (and an Origin
 * header when @origin is not NULL); see class_client_wait_connected(). */
static inline ClassClient *
class_client_new (SoupSession *session,
                  const char  *url,
                  const char  *code,
                  const char  *origin)
{
  g_autofree char *uri = g_strdup_printf ("%sws?code=%s", url, code);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", uri);
  ClassClient *client = g_new0 (ClassClient, 1);

  g_queue_init (&client->messages);
  client->connecting = TRUE;
  soup_session_websocket_connect_async (session, msg, origin, NULL, G_PRIORITY_DEFAULT,
                                        NULL, class_client_connected_cb, client);
  return client;
}

/* Whether the handshake worked, once it is over. */
static inline gboolean
class_client_wait_connected (ClassClient *client)
{
  CLASS_WAIT_FOR (!client->connecting);
  return client->ws != NULL;
}

static inline void
class_client_free (ClassClient *client)
{
  if (client->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (client->ws, client);
      g_object_unref (client->ws);
    }
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
  g_clear_error (&client->error);
  g_free (client);
}

static inline void
class_client_send (ClassClient *client,
                   const char  *text)
{
  g_assert_nonnull (client->ws);
  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (client->ws, text);
}

static inline void
class_client_join (ClassClient *client,
                   const char  *name,
                   const char  *token)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, "join");
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, name);
  if (token != NULL)
    {
      json_builder_set_member_name (b, "token");
      json_builder_add_string_value (b, token);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  class_client_send (client, text);
}

static inline void
class_client_answer_word (ClassClient *client,
                          guint        question,
                          guint        word)
{
  g_autofree char *text = g_strdup_printf ("{\"type\":\"answer\",\"question\":%u,\"word\":%u}",
                                           question, word);

  class_client_send (client, text);
}

static inline void
class_client_answer_cell (ClassClient *client,
                          guint        question,
                          guint        x,
                          guint        y)
{
  g_autofree char *text = g_strdup_printf ("{\"type\":\"answer\",\"question\":%u,\"x\":%u,\"y\":%u}",
                                           question, x, y);

  class_client_send (client, text);
}

/* The next message, which must be of @type (transfer full). */
static inline JsonObject *
class_client_expect (ClassClient *client,
                     const char  *type)
{
  JsonObject *message;

  CLASS_WAIT_FOR (!g_queue_is_empty (&client->messages) || client->closed);
  if (g_queue_is_empty (&client->messages))
    g_error ("expected a \"%s\" message, the connection closed with %u", type, client->close_code);
  message = g_queue_pop_head (&client->messages);
  g_assert_cmpstr (json_object_get_string_member (message, "type"), ==, type);
  return message;
}

/* A student of @server who joined as @name and was welcomed. */
static inline ClassClient *
class_client_new_joined (SoupSession        *session,
                         BitmazeClassServer *server,
                         const char         *name)
{
  ClassClient *client = class_client_new (session, bitmaze_class_server_get_url (server),
                                          bitmaze_class_server_get_join_code (server), NULL);
  g_autoptr (JsonObject) welcome = NULL;

  g_assert_true (class_client_wait_connected (client));
  class_client_join (client, name, NULL);
  welcome = class_client_expect (client, "welcome");
  return client;
}
