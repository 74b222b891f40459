/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/random.h>

#include "bitmaze-class-bucket.h"
#include "bitmaze-class-frames.h"
#include "bitmaze-class-names.h"
#include "bitmaze-class-page.h"
#include "bitmaze-class-server-private.h"
#include "bitmaze-class-stream.h"

/* Limits.  A page sends a join and one short answer a question; these
 * leave a real student far from every one of them, and the limits of one
 * address keep one laptop from holding what the class needs (the values
 * and their reasons: docs/class-session.md). */
#define CONNECTIONS_MAX        (BITMAZE_CLASS_STUDENTS_MAX + 120) /* students, pages loading, joins */
#define CONNECTIONS_PER_STUDENT 8          /* an address's connections: this many a student it may have */
#define LISTEN_BACKLOG         256
#define PENDING_MAX            64          /* WebSockets open that have not joined yet */
#define BYTES_BURST            (16 * 1024) /* a connection's byte budget ... */
#define BYTES_PER_SECOND       (2 * 1024)  /* ... and how fast it refills */
#define MESSAGES_BURST         10          /* a student's message budget ... */
#define MESSAGES_PER_SECOND    2.0         /* ... and how fast it refills */
#define CODE_TRIES_BURST       20          /* wrong join codes an address may try ... */
#define CODE_TRIES_PER_SECOND  0.5         /* ... and how fast that refills */
#define FAILURE_ADDRESSES_MAX  4096        /* addresses whose wrong codes are remembered */
#define JOIN_TIMEOUT_MS        15000       /* a WebSocket must join within this */
#define HEADERS_TIMEOUT_MS     10000       /* a request's headers must all arrive within this */
#define HTTP_IDLE_TIMEOUT_MS   30000       /* an HTTP connection may sit idle this long */
#define SWEEP_INTERVAL_MS      1000
#define STATEMENT_MAX          200         /* bytes of a question's C statement or note */
#define TOKEN_LEN              32          /* hex digits of a student's token */

/* HTTP: RFC 6585's, which libsoup 3.2 does not name. */
#define STATUS_TOO_MANY_REQUESTS 429

/* WebSocket close codes: RFC 6455's, and ours from the private range. */
#define CLOSE_REPLACED         4001        /* the student joined again elsewhere */
#define CLOSE_FULL             4002        /* the class is full (RFC 6455's 1013 "try again later"
                                            * is unknown to libsoup 3.2's clients) */
#define CLOSE_REMOVED          4003        /* the teacher removed the student */
#define CLOSE_LOCKED           4004        /* the class is locked: no new students */
#define CLOSE_ADDRESS_FULL     4005        /* as many students joined from this address as it may have */

#define STREAM_KEY "bitmaze-class-stream"

typedef struct _Client Client;

typedef struct
{
  char    *name;
  char    *skeleton;        /* what the name looks like (bitmaze_class_name_skeleton ()) */
  char    *asked_skeleton;  /* ... and the name the student typed, before any number */
  char    *host;            /* the address the student joined from */
  char     token[TOKEN_LEN + 1];
  Client  *client;          /* NULL while away */
  guint    order;           /* when the student first joined */
  guint    first_question;  /* the first question the student could see */
  guint    counted;         /* the question revealed last that counted the student */
  guint    answered;        /* the question answered, 0 for none */
  guint16  word;            /* the answer: a word ... */
  guint    x;               /* ... or a cell */
  guint    y;
  guint    right;
  guint    asked;
  guint    streak;
  const char *lang;         /* the page's language: static, or the page's */
} Student;

/* What one address holds and did. */
typedef struct
{
  guint              connections; /* TCP connections open */
  guint              pending;     /* WebSockets open that have not joined */
  guint              names;       /* students who joined from here */
  gboolean           guessed;     /* tried a wrong join code */
  BitmazeClassBucket failures;    /* wrong join codes it may still try */
} Peer;

struct _Client
{
  BitmazeClassServer      *server;   /* not owned */
  SoupWebsocketConnection *ws;
  BitmazeClassFrames      *frames;
  char                    *host;
  gboolean                 pending;  /* counted in its Peer's pending */
  Student                 *student;  /* NULL until joined */
  BitmazeClassBucket       messages;
  gint64                   opened;
  gboolean                 closing;
};

struct _BitmazeClassServer
{
  GObject              parent_instance;

  BitmazeClassPage    *page;
  SoupServer          *soup;
  GSocketService      *service;
  GHashTable          *streams;   /* BitmazeClassStream, not owned: the live connections */
  GPtrArray           *clients;   /* Client (owned): open WebSockets */
  GPtrArray           *closing;   /* Client (owned): WebSockets being closed */
  GPtrArray           *students;  /* Student, in the order they joined */
  GHashTable          *tokens;    /* token -> Student */
  GHashTable          *names;     /* skeleton of the name -> Student */
  GHashTable          *peers;     /* address -> Peer */
  GHashTable          *removed;   /* "address\nskeleton" of students removed */
  guint                students_per_address;
  gboolean             locked;
  guint                sweep_id;
  BitmazeClassClock    clock;
  gpointer             clock_data;
  guint                join_timeout_ms;
  guint                headers_timeout_ms;
  guint                idle_timeout_ms;
  guint                sweep_interval_ms;

  char                *address;
  guint                port;
  char                *code;
  char                *url;
  char                *join_url;
  guint                joined;
  guint                next_order;

  BitmazeClassState    state;
  BitmazeClassKind     kind;
  guint                question;
  char                *question_json;
  guint                region_x;
  guint                region_y;
  guint                region_width;
  guint                region_height;
  guint16              correct_word;
  char                *word_statement;  /* the word question's, for the explainer */
  guint16              word_before;
  BitmazeClassCell     correct_cells[BITMAZE_CLASS_CELLS_MAX];
  guint                n_correct_cells;
  char                *note;
  guint                answered;
  BitmazeClassResults  results;
  gboolean             have_results;
  gboolean             ranking;
};

G_DEFINE_FINAL_TYPE (BitmazeClassServer, bitmaze_class_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_ADDRESS,
  PROP_PORT,
  PROP_JOIN_CODE,
  PROP_URL,
  PROP_JOINED,
  PROP_STATE,
  PROP_QUESTION,
  PROP_ANSWERED,
  PROP_RANKING,
  PROP_LOCKED,
  PROP_STUDENTS_PER_ADDRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  REVEALED,
  STUDENTS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_QUARK (bitmaze-class-error-quark, bitmaze_class_error)

static gint64
server_now (BitmazeClassServer *self)
{
  return bitmaze_class_clock_now (self->clock, self->clock_data);
}

/* ------------------------------------------------------------------ */
/* Addresses the class hears from                                      */
/* ------------------------------------------------------------------ */

static Peer *
peer_get (BitmazeClassServer *self,
          const char         *host)
{
  Peer *peer = g_hash_table_lookup (self->peers, host);

  if (peer == NULL)
    {
      peer = g_new0 (Peer, 1);
      bitmaze_class_bucket_init (&peer->failures, CODE_TRIES_BURST, CODE_TRIES_PER_SECOND, server_now (self));
      g_hash_table_insert (self->peers, g_strdup (host), peer);
    }
  return peer;
}

/* Whether the server may forget @peer: it holds nothing, and its wrong
 * codes, if any, are forgiven. */
static gboolean
peer_is_empty (Peer   *peer,
               gint64  now)
{
  return peer->connections == 0 && peer->pending == 0 && peer->names == 0 &&
         (!peer->guessed || bitmaze_class_bucket_level (&peer->failures, now) >= CODE_TRIES_BURST);
}

static void
peer_release (BitmazeClassServer *self,
              const char         *host)
{
  Peer *peer = host != NULL ? g_hash_table_lookup (self->peers, host) : NULL;

  if (peer != NULL && peer_is_empty (peer, server_now (self)))
    g_hash_table_remove (self->peers, host);
}

/* The Peer of @host, to count a wrong code.  The table of addresses that
 * guessed stays bounded: when it is full, the addresses that are
 * forgiven go, then the one that guessed least lately (it gets its tries
 * back: an attacker with thousands of addresses gains a few guesses; a
 * newcomer is never refused for it). */
static Peer *
peer_for_failures (BitmazeClassServer *self,
                   const char         *host,
                   gint64              now)
{
  if (!g_hash_table_contains (self->peers, host) &&
      g_hash_table_size (self->peers) >= FAILURE_ADDRESSES_MAX + CONNECTIONS_MAX + BITMAZE_CLASS_STUDENTS_MAX)
    {
      GHashTableIter iter;
      gpointer key, value;
      const char *fullest = NULL;
      double most = -1.0;

      g_hash_table_iter_init (&iter, self->peers);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          Peer *peer = value;

          if (peer_is_empty (peer, now))
            g_hash_table_iter_remove (&iter);
          else if (peer->connections == 0 && peer->pending == 0 && peer->names == 0 &&
                   bitmaze_class_bucket_level (&peer->failures, now) > most)
            {
              most = bitmaze_class_bucket_level (&peer->failures, now);
              fullest = key;
            }
        }
      if (g_hash_table_size (self->peers) >= FAILURE_ADDRESSES_MAX + CONNECTIONS_MAX + BITMAZE_CLASS_STUDENTS_MAX &&
          fullest != NULL)
        g_hash_table_remove (self->peers, fullest);
    }
  return peer_get (self, host);
}

static guint
connections_per_address (BitmazeClassServer *self)
{
  return CONNECTIONS_PER_STUDENT * self->students_per_address;
}

/* WebSockets one address may hold open without a join: one a student it
 * may have (a page joins the moment its WebSocket opens). */
static guint
pending_per_address (BitmazeClassServer *self)
{
  return self->students_per_address;
}

void
bitmaze_class_rank_free (BitmazeClassRank *rank)
{
  if (rank == NULL)
    return;
  g_free (rank->name);
  g_free (rank);
}

/* ------------------------------------------------------------------ */
/* Addresses                                                           */
/* ------------------------------------------------------------------ */

/* 0 for RFC 1918, 1 for link-local, 2 for the loopback, -1 otherwise. */
static int
address_rank (const char *address)
{
  struct in_addr in;
  guint32 a;

  if (address == NULL || inet_pton (AF_INET, address, &in) != 1)
    return -1;
  a = ntohl (in.s_addr);
  if ((a & 0xff000000u) == 0x0a000000u ||   /* 10/8 */
      (a & 0xfff00000u) == 0xac100000u ||   /* 172.16/12 */
      (a & 0xffff0000u) == 0xc0a80000u)     /* 192.168/16 */
    return 0;
  if ((a & 0xffff0000u) == 0xa9fe0000u)     /* 169.254/16 */
    return 1;
  if ((a & 0xff000000u) == 0x7f000000u)     /* 127/8 */
    return 2;
  return -1;
}

gboolean
bitmaze_class_address_is_allowed (const char *address)
{
  return address_rank (address) >= 0;
}

GStrv
bitmaze_class_list_addresses (void)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GPtrArray) rfc1918 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) link_local = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *found[2] = { rfc1918, link_local };
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          int rank;

          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET ||
              !(ifa->ifa_flags & IFF_UP) || (ifa->ifa_flags & IFF_LOOPBACK))
            continue;
          if (inet_ntop (AF_INET, &((struct sockaddr_in *) (void *) ifa->ifa_addr)->sin_addr,
                         text, sizeof text) == NULL)
            continue;
          rank = address_rank (text);
          if (rank < 0 || rank > 1)
            continue;
          if (!g_ptr_array_find_with_equal_func (found[rank], text, g_str_equal, NULL))
            g_ptr_array_add (found[rank], g_strdup (text));
        }
      freeifaddrs (list);
    }

  for (guint r = 0; r < 2; r++)
    for (guint i = 0; i < found[r]->len; i++)
      g_strv_builder_add (builder, g_ptr_array_index (found[r], i));
  return g_strv_builder_end (builder);
}

/* ------------------------------------------------------------------ */
/* Randomness for join codes and tokens                                */
/* ------------------------------------------------------------------ */

static void
random_bytes (guint8 *buf,
              gsize   len)
{
  gsize got = 0;

  while (got < len)
    {
      ssize_t n = getrandom (buf + got, len - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  /* Only without getrandom(): GLib's generator, seeded from /dev/urandom. */
  for (; got < len; got++)
    buf[got] = (guint8) g_random_int_range (0, 256);
}

static char *
new_join_code (void)
{
  guint32 v;

  /* 4 294 000 000 is a multiple of 10^6: no digit is likelier. */
  do
    random_bytes ((guint8 *) &v, sizeof v);
  while (v >= 4294000000u);
  return g_strdup_printf ("%06u", v % 1000000u);
}

static void
new_token (char out[TOKEN_LEN + 1])
{
  guint8 bytes[TOKEN_LEN / 2];

  random_bytes (bytes, sizeof bytes);
  for (guint i = 0; i < sizeof bytes; i++)
    g_snprintf (out + 2 * i, 3, "%02x", bytes[i]);
}

/* ------------------------------------------------------------------ */
/* JSON out                                                            */
/* ------------------------------------------------------------------ */

static char *
builder_to_string (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
client_send (Client     *client,
             const char *text)
{
  if (!client->closing &&
      soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (client->ws, text);
}

/* ------------------------------------------------------------------ */
/* Clients                                                             */
/* ------------------------------------------------------------------ */

/* Takes @item out of @array (which frees nothing); FALSE if absent. */
static gboolean
take_from (GPtrArray *array,
           gpointer   item)
{
  guint i;

  if (!g_ptr_array_find (array, item, &i))
    return FALSE;
  g_ptr_array_steal_index_fast (array, i);
  return TRUE;
}

/* The client no longer counts among its address's WebSockets that have
 * not joined (it joined, or it is gone). */
static void
client_unpend (Client *client)
{
  BitmazeClassServer *self = client->server;
  Peer *peer;

  if (!client->pending)
    return;
  client->pending = FALSE;
  peer = g_hash_table_lookup (self->peers, client->host);
  if (peer != NULL && peer->pending > 0)
    peer->pending--;
  peer_release (self, client->host);
}

static void
client_free (Client *client)
{
  client_unpend (client);
  g_signal_handlers_disconnect_by_data (client->ws, client);
  g_object_unref (client->ws);
  bitmaze_class_frames_set_over_func (client->frames, NULL, NULL);
  g_object_unref (client->frames);
  g_free (client->host);
  g_free (client);
}

static void
set_joined (BitmazeClassServer *self,
            guint               joined)
{
  if (self->joined == joined)
    return;
  self->joined = joined;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JOINED]);
}

/* The student leaves (the record stays, to come back with its token). */
static void
client_detach (Client *client)
{
  BitmazeClassServer *self = client->server;

  if (client->student == NULL)
    return;
  client->student->client = NULL;
  client->student = NULL;
  set_joined (self, self->joined - 1);
}

/* Ends one client's connection with @code: that connection and nothing
 * else.  It stays in self->closing until libsoup says it is closed. */
static void
client_close (Client     *client,
              gushort     code,
              const char *reason)
{
  BitmazeClassServer *self = client->server;

  if (client->closing)
    return;
  client->closing = TRUE;
  client_detach (client);
  client_unpend (client);
  take_from (self->clients, client);
  g_ptr_array_add (self->closing, client);
  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (client->ws, code, reason);
}

static void
client_closed_cb (SoupWebsocketConnection *ws,
                  Client                  *client)
{
  BitmazeClassServer *self = client->server;

  client_detach (client);
  if (!take_from (self->closing, client))
    take_from (self->clients, client);
  /* libsoup holds a reference while it emits ::closed. */
  client_free (client);
}

/* ------------------------------------------------------------------ */
/* Messages to the pages                                               */
/* ------------------------------------------------------------------ */

/* @text as a JSON string, quotes included.  The messages a page gets for
 * each answer are written by hand rather than with JsonBuilder: they are
 * small, fixed in shape, and the most frequent. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) c);
        }
      else if (c < 0x20 || c == '<' || c == '>' || c == '&')
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

static void
send_welcome (Client *client)
{
  GString *text = g_string_new ("{\"type\":\"welcome\",\"name\":");
  g_autofree char *data = NULL;

  append_json_string (text, client->student->name);
  g_string_append_printf (text, ",\"token\":\"%s\"}", client->student->token);
  data = g_string_free (text, FALSE);
  client_send (client, data);
}

static char *
answered_json (BitmazeClassServer *self,
               Student            *student)
{
  if (self->kind == BITMAZE_CLASS_KIND_WORD)
    return g_strdup_printf ("{\"type\":\"answered\",\"question\":%u,\"word\":%u}",
                            self->question, student->word);
  return g_strdup_printf ("{\"type\":\"answered\",\"question\":%u,\"cell\":{\"x\":%u,\"y\":%u}}",
                          self->question, student->x, student->y);
}

static gboolean
student_is_right (BitmazeClassServer *self,
                  Student            *student)
{
  if (student->answered != self->question)
    return FALSE;
  if (self->kind == BITMAZE_CLASS_KIND_WORD)
    return student->word == self->correct_word;
  for (guint i = 0; i < self->n_correct_cells; i++)
    if (student->x == self->correct_cells[i].x && student->y == self->correct_cells[i].y)
      return TRUE;
  return FALSE;
}

/* What the page of @student learns at the reveal. */
static char *
result_json (BitmazeClassServer *self,
             Student            *student)
{
  GString *text = g_string_sized_new (160);
  gboolean answered = student->answered == self->question;

  g_string_append_printf (text, "{\"type\":\"result\",\"question\":%u,\"right\":%s",
                          self->question, student_is_right (self, student) ? "true" : "false");
  if (self->kind == BITMAZE_CLASS_KIND_WORD)
    {
      g_string_append_printf (text, ",\"correct\":%u", self->correct_word);
      g_autofree char *explanation = NULL;
      const char *mistake = NULL;

      if (answered)
        g_string_append_printf (text, ",\"answer\":%u,\"differ\":%u",
                                student->word, (guint) (guint16) (student->word ^ self->correct_word));
      else
        g_string_append (text, ",\"answer\":null,\"differ\":0");
      /* why, from the engine's explainer, in the student's language */
      explanation = bitmaze_class_page_explain (self->page, student->lang, self->word_statement,
                                                self->word_before, answered ? &student->word : NULL,
                                                &mistake);
      if (explanation != NULL)
        {
          g_autoptr (JsonNode) node = json_node_new (JSON_NODE_VALUE);
          g_autofree char *quoted = NULL;

          json_node_set_string (node, explanation);
          quoted = json_to_string (node, FALSE);
          g_string_append_printf (text, ",\"explanation\":%s", quoted);
          if (mistake != NULL)
            g_string_append_printf (text, ",\"mistake\":\"%s\"", mistake);
        }
    }
  else
    {
      g_string_append_printf (text, ",\"correct\":{\"x\":%u,\"y\":%u}",
                              self->correct_cells[0].x, self->correct_cells[0].y);
      if (self->n_correct_cells > 1)
        {
          /* Cells as right as the first (A*'s equal estimates). */
          g_string_append (text, ",\"also\":[");
          for (guint i = 1; i < self->n_correct_cells; i++)
            g_string_append_printf (text, "%s{\"x\":%u,\"y\":%u}", i > 1 ? "," : "",
                                    self->correct_cells[i].x, self->correct_cells[i].y);
          g_string_append_c (text, ']');
        }
      if (answered)
        g_string_append_printf (text, ",\"answer\":{\"x\":%u,\"y\":%u}", student->x, student->y);
      else
        g_string_append (text, ",\"answer\":null");
      if (self->note != NULL)
        {
          g_string_append (text, ",\"note\":");
          append_json_string (text, self->note);
        }
    }
  if (self->ranking)
    g_string_append_printf (text, ",\"score\":{\"right\":%u,\"asked\":%u}",
                            student->right, student->asked);
  g_string_append_c (text, '}');

  return g_string_free (text, FALSE);
}

static void
broadcast (BitmazeClassServer *self,
           const char         *text)
{
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *client = g_ptr_array_index (self->clients, i);

      if (client->student != NULL)
        client_send (client, text);
    }
}

/* Brings a page that joins or comes back up to date. */
static void
send_state (BitmazeClassServer *self,
            Client             *client)
{
  Student *student = client->student;

  if (self->state == BITMAZE_CLASS_STATE_IDLE || self->question_json == NULL)
    return;
  /* A student who joined after the reveal never saw the question: the
   * page waits for the next one rather than show "no answer". */
  if (student->first_question > self->question)
    return;
  client_send (client, self->question_json);
  if (self->state == BITMAZE_CLASS_STATE_ASKING && student->answered == self->question)
    {
      g_autofree char *text = answered_json (self, student);

      client_send (client, text);
    }
  else if (self->state == BITMAZE_CLASS_STATE_REVEALED)
    {
      g_autofree char *text = result_json (self, student);

      client_send (client, text);
    }
}

/* ------------------------------------------------------------------ */
/* Messages from the pages                                             */
/* ------------------------------------------------------------------ */

/* How many members the outermost object of @data names, repeats
 * counted (json-glib keeps the last of a repeated member). */
static guint
count_members (const char *data,
               gsize       size)
{
  guint depth = 0;
  guint count = 0;
  gboolean in_string = FALSE;
  gboolean escape = FALSE;

  for (gsize i = 0; i < size; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (escape)
            escape = FALSE;
          else if (c == '\\')
            escape = TRUE;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
      else if (c == ':' && depth == 1)
        count++;
    }
  return count;
}

/* Only these members (each at most once: see count_members ()). */
static gboolean
has_only_members (JsonObject         *object,
                  const char * const *allowed)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (const GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      return FALSE;
  return TRUE;
}

static gboolean
get_int_member (JsonObject *object,
                const char *name,
                gint64      min,
                gint64      max,
                gint64     *value)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return *value >= min && *value <= max;
}

static const char *
get_string_member (JsonObject *object,
                   const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Whether a student has a name that looks like @name ("ana", "Ana" and
 * the Cyrillic "Аna" look alike). */
static gboolean
name_taken (BitmazeClassServer *self,
            const char         *name)
{
  g_autofree char *skeleton = bitmaze_class_name_skeleton (name);

  return g_hash_table_contains (self->names, skeleton);
}

/* @name, or "@name 2", "@name 3"... when someone has one that looks the
 * same (the number replaces the end of a name that would grow too
 * long). */
static char *
unique_name (BitmazeClassServer *self,
             const char         *name)
{
  if (!name_taken (self, name))
    return g_strdup (name);

  /* At most BITMAZE_CLASS_STUDENTS_MAX names are taken: this ends. */
  for (guint n = 2;; n++)
    {
      char suffix[16];
      glong keep;
      g_autofree char *base = NULL;
      g_autofree char *candidate = NULL;

      g_snprintf (suffix, sizeof suffix, " %u", n);
      keep = MIN (g_utf8_strlen (name, -1), BITMAZE_CLASS_NAME_MAX - (glong) strlen (suffix));
      base = g_strndup (name, g_utf8_offset_to_pointer (name, keep) - name);
      candidate = g_strconcat (base, suffix, NULL);
      if (!name_taken (self, candidate))
        return g_steal_pointer (&candidate);
    }
}

static void
student_free (Student *student)
{
  g_free (student->skeleton);
  g_free (student->asked_skeleton);
  g_free (student->host);
  g_free (student->name);
  g_free (student);
}

static char *
removed_key (const char *host,
             const char *skeleton)
{
  return g_strconcat (host, "\n", skeleton, NULL);
}

static gboolean
is_token (const char *token)
{
  if (token == NULL || strlen (token) != TOKEN_LEN)
    return FALSE;
  for (const char *p = token; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;
  return TRUE;
}

static gboolean
handle_join (BitmazeClassServer *self,
             Client             *client,
             JsonObject         *object)
{
  static const char * const allowed[] = { "type", "name", "token", "lang", NULL };
  const char *raw_name = get_string_member (object, "name");
  const char *lang = json_object_has_member (object, "lang") ? get_string_member (object, "lang") : NULL;
  const char *token = NULL;
  g_autofree char *name = NULL;
  Student *student = NULL;

  if (client->student != NULL || !has_only_members (object, allowed) || raw_name == NULL)
    return FALSE;
  if (json_object_has_member (object, "token"))
    {
      token = get_string_member (object, "token");
      if (!is_token (token))
        return FALSE;
      student = g_hash_table_lookup (self->tokens, token);
    }

  if (student != NULL)
    {
      /* Coming back: the same name, answers and score, whatever the class's
       * limits say.  A page still open for this student (another tab)
       * gives way. */
      if (student->client != NULL)
        client_close (student->client, CLOSE_REPLACED, "joined elsewhere");
    }
  else
    {
      g_autofree char *asked = NULL;
      g_autofree char *key = NULL;
      Peer *peer;

      name = bitmaze_class_name_clean (raw_name, BITMAZE_CLASS_NAME_MAX);
      if (*name == '\0')
        return FALSE;
      asked = bitmaze_class_name_skeleton (name);
      key = removed_key (client->host, asked);
      if (g_hash_table_contains (self->removed, key))
        {
          client_close (client, CLOSE_REMOVED, "removed");
          return TRUE;
        }
      if (self->locked)
        {
          client_close (client, CLOSE_LOCKED, "locked");
          return TRUE;
        }
      /* A record lives as long as the session: a full class refuses new
       * names, it never forgets a student who is away. */
      if (self->students->len >= BITMAZE_CLASS_STUDENTS_MAX)
        {
          client_close (client, CLOSE_FULL, "full");
          return TRUE;
        }
      peer = peer_get (self, client->host);
      if (peer->names >= self->students_per_address)
        {
          client_close (client, CLOSE_ADDRESS_FULL, "too many students from this address");
          return TRUE;
        }
      peer->names++;
      student = g_new0 (Student, 1);
      student->name = unique_name (self, name);
      student->skeleton = bitmaze_class_name_skeleton (student->name);
      student->asked_skeleton = g_steal_pointer (&asked);
      student->host = g_strdup (client->host);
      student->order = self->next_order++;
      student->first_question = self->state == BITMAZE_CLASS_STATE_ASKING ? self->question : self->question + 1;
      do
        new_token (student->token);
      while (g_hash_table_contains (self->tokens, student->token));
      g_ptr_array_add (self->students, student);
      g_hash_table_insert (self->tokens, student->token, student);
      g_hash_table_insert (self->names, student->skeleton, student);
      g_signal_emit (self, signals[STUDENTS_CHANGED], 0);
    }

  client_unpend (client);
  student->client = client;
  client->student = student;
  /* the explanations in the page's language: only one we have */
  student->lang = bitmaze_class_page_pick_language (self->page, lang, NULL);
  set_joined (self, self->joined + 1);
  send_welcome (client);
  send_state (self, client);
  return TRUE;
}

static gboolean
handle_answer (BitmazeClassServer *self,
               Client             *client,
               JsonObject         *object)
{
  static const char * const word_members[] = { "type", "question", "word", NULL };
  static const char * const cell_members[] = { "type", "question", "x", "y", NULL };
  Student *student = client->student;
  gint64 question, word = 0, x = 0, y = 0;
  gboolean is_word;

  if (student == NULL || !get_int_member (object, "question", 1, G_MAXUINT32, &question))
    return FALSE;

  is_word = json_object_has_member (object, "word");
  if (is_word)
    {
      if (!has_only_members (object, word_members) ||
          !get_int_member (object, "word", 0, G_MAXUINT16, &word))
        return FALSE;
    }
  else if (!has_only_members (object, cell_members) ||
           !get_int_member (object, "x", 0, G_MAXUINT32, &x) ||
           !get_int_member (object, "y", 0, G_MAXUINT32, &y))
    return FALSE;

  /* An answer that crossed the reveal or the next question: too late,
   * not hostile.  A second answer to the same question is not counted. */
  if ((guint) question != self->question || self->state != BITMAZE_CLASS_STATE_ASKING ||
      student->answered == self->question)
    return TRUE;

  if (is_word != (self->kind == BITMAZE_CLASS_KIND_WORD))
    return FALSE;
  if (!is_word &&
      ((guint64) x < self->region_x || (guint64) x >= (guint64) self->region_x + self->region_width ||
       (guint64) y < self->region_y || (guint64) y >= (guint64) self->region_y + self->region_height))
    return FALSE;

  student->answered = self->question;
  student->word = (guint16) word;
  student->x = (guint) x;
  student->y = (guint) y;
  self->answered++;
  {
    g_autofree char *text = answered_json (self, student);

    client_send (client, text);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);
  return TRUE;
}

static void
client_message_cb (SoupWebsocketConnection *ws,
                   SoupWebsocketDataType    type,
                   GBytes                  *message,
                   Client                  *client)
{
  BitmazeClassServer *self = client->server;
  g_autoptr (JsonParser) parser = NULL;
  const char *data;
  gsize size;
  JsonNode *root;
  JsonObject *object;
  const char *kind;
  gboolean ok;

  if (client->closing)
    return;
  if (!bitmaze_class_bucket_take (&client->messages, 1.0, server_now (self)))
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "too many messages");
      return;
    }
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA, "text only");
      return;
    }
  data = g_bytes_get_data (message, &size);
  if (size > BITMAZE_CLASS_MESSAGE_MAX)
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "message too big");
      return;
    }

  parser = json_parser_new_immutable ();
  if (size == 0 || !json_parser_load_from_data (parser, data, (gssize) size, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "malformed message");
      return;
    }
  object = json_node_get_object (root);
  /* JSON allows a member twice (the parser keeps the last); we don't. */
  if (count_members (data, size) != json_object_get_size (object))
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "repeated member");
      return;
    }
  kind = get_string_member (object, "type");

  if (g_strcmp0 (kind, "join") == 0)
    ok = handle_join (self, client, object);
  else if (g_strcmp0 (kind, "answer") == 0)
    ok = handle_answer (self, client, object);
  else
    ok = FALSE;

  if (!ok)
    client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "malformed message");
}

static void
client_error_cb (SoupWebsocketConnection *ws,
                 GError                  *error,
                 Client                  *client)
{
  g_debug ("A student's connection failed: %s", error->message);
}

/* ------------------------------------------------------------------ */
/* HTTP                                                                */
/* ------------------------------------------------------------------ */

static const char *
request_header (SoupServerMessage *msg,
                const char        *name)
{
  return soup_message_headers_get_one (soup_server_message_get_request_headers (msg), name);
}

static void
set_response (SoupServerMessage *msg,
              guint              status,
              const char        *content_type,
              GBytes            *body)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "X-Frame-Options", "DENY");
  if (body != NULL)
    soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY,
                                      g_bytes_get_data (body, NULL), g_bytes_get_size (body));
  soup_server_message_set_status (msg, status, NULL);
}

/* The reason phrases libsoup 3.2 does not know ("Unknown Error"). */
static const char *
status_phrase (guint status)
{
  switch (status)
    {
    case SOUP_STATUS_MISDIRECTED_REQUEST:
      return "Misdirected Request";
    case STATUS_TOO_MANY_REQUESTS:
      return "Too Many Requests";
    default:
      return soup_status_get_phrase (status);
    }
}

/* An error ends the connection after its answer (and says so): a page
 * opens a new one for its next request, and nobody keeps a slot by
 * asking wrong things. */
static void
set_error (SoupServerMessage *msg,
           guint              status)
{
  const char *phrase = status_phrase (status);
  g_autofree char *text = g_strdup_printf ("%u %s\n", status, phrase);
  g_autoptr (GBytes) body = g_bytes_new (text, strlen (text));

  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
  set_response (msg, status, "text/plain; charset=utf-8", body);
  soup_server_message_set_status (msg, status, phrase);
}

/* The Host a page must name: this server, as its address says, so a
 * page of another site cannot reach it through a name of its own (DNS
 * rebinding). */
static gboolean
host_is_ours (BitmazeClassServer *self,
              const char         *host)
{
  g_autofree char *ours = g_strdup_printf ("%s:%u", self->address, self->port);
  g_autofree char *local = g_strdup_printf ("localhost:%u", self->port);

  if (host == NULL)
    return FALSE;
  return g_ascii_strcasecmp (host, ours) == 0 ||
         (address_rank (self->address) == 2 && g_ascii_strcasecmp (host, local) == 0);
}

/* Before the body is read: only GET and HEAD, only for this host, and
 * no body kept in memory whatever a client sends. */
static void
early_handler (SoupServer        *server,
               SoupServerMessage *msg,
               const char        *path,
               GHashTable        *query,
               gpointer           user_data)
{
  BitmazeClassServer *self = user_data;
  const char *method = soup_server_message_get_method (msg);

  soup_message_body_set_accumulate (soup_server_message_get_request_body (msg), FALSE);

  if (method != SOUP_METHOD_GET && method != SOUP_METHOD_HEAD)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow", "GET, HEAD");
      set_error (msg, SOUP_STATUS_METHOD_NOT_ALLOWED);
    }
  else if (!host_is_ours (self, request_header (msg, "Host")))
    set_error (msg, SOUP_STATUS_MISDIRECTED_REQUEST);
}

static BitmazeClassStream *
message_stream (BitmazeClassServer *self,
                SoupServerMessage  *msg)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);
  BitmazeClassStream *stream;

  if (remote == NULL)
    return NULL;
  stream = g_object_get_data (G_OBJECT (remote), STREAM_KEY);
  return stream != NULL && g_hash_table_contains (self->streams, stream) ? stream : NULL;
}

static char *
remote_host (SoupServerMessage *msg)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    return g_strdup ("");
  return g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
}

/* A message went over BITMAZE_CLASS_MESSAGE_MAX bytes. */
static void
client_over_cb (gpointer user_data)
{
  Client *client = user_data;

  client_close (client, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "message too big");
}

static void
websocket_upgraded_cb (SoupServerMessage  *msg,
                       BitmazeClassServer *self)
{
  g_autoptr (GIOStream) io = NULL;
  BitmazeClassStream *stream = message_stream (self, msg);
  Client *client;

  g_signal_handlers_disconnect_by_func (msg, websocket_upgraded_cb, self);
  if (stream != NULL)
    bitmaze_class_stream_set_websocket (stream, TRUE);

  g_object_ref (msg);
  io = soup_server_message_steal_connection (msg);

  client = g_new0 (Client, 1);
  client->server = self;
  client->opened = server_now (self);
  client->host = remote_host (msg);
  client->pending = TRUE;
  peer_get (self, client->host)->pending++;
  bitmaze_class_bucket_init (&client->messages, MESSAGES_BURST, MESSAGES_PER_SECOND, client->opened);
  /* Whole messages, all their fragments together, stay within the
   * limit: libsoup 3.2 only limits each frame. */
  client->frames = bitmaze_class_frames_new (io, BITMAZE_CLASS_MESSAGE_MAX);
  bitmaze_class_frames_set_over_func (client->frames, client_over_cb, client);
  client->ws = soup_websocket_connection_new (G_IO_STREAM (client->frames), soup_server_message_get_uri (msg),
                                              SOUP_WEBSOCKET_CONNECTION_SERVER,
                                              request_header (msg, "Origin"), NULL, NULL);
  soup_websocket_connection_set_max_incoming_payload_size (client->ws, BITMAZE_CLASS_MESSAGE_MAX);
  g_signal_connect (client->ws, "message", G_CALLBACK (client_message_cb), client);
  g_signal_connect (client->ws, "closed", G_CALLBACK (client_closed_cb), client);
  g_signal_connect (client->ws, "error", G_CALLBACK (client_error_cb), client);
  g_ptr_array_add (self->clients, client);
  g_object_unref (msg);
}

/* Whether a request carries the token of a student of the class
 * (?token=): a page coming back. */
static gboolean
is_returning (BitmazeClassServer *self,
              GHashTable         *query)
{
  const char *token = query != NULL ? g_hash_table_lookup (query, "token") : NULL;

  return is_token (token) && g_hash_table_contains (self->tokens, token);
}

/* The join code of a request: 0 when it is right, else the status to
 * answer with.  Wrong codes spend the address's budget of tries, and an
 * address that has none left is refused even the right code (so that
 * guessing learns nothing more).  The right code is never refused to an
 * address that has not guessed wrong, nor to a student coming back. */
static guint
check_code (BitmazeClassServer *self,
            SoupServerMessage  *msg,
            GHashTable         *query)
{
  const char *code = query != NULL ? g_hash_table_lookup (query, "code") : NULL;
  gboolean right = code != NULL && g_strcmp0 (code, self->code) == 0;
  g_autofree char *host = remote_host (msg);
  gint64 now = server_now (self);
  Peer *peer = g_hash_table_lookup (self->peers, host);

  if (right && (peer == NULL || !peer->guessed || is_returning (self, query)))
    return 0;
  if (peer == NULL)
    peer = peer_for_failures (self, host, now);
  if (bitmaze_class_bucket_level (&peer->failures, now) < 1.0)
    return STATUS_TOO_MANY_REQUESTS;
  if (!right)
    {
      bitmaze_class_bucket_take (&peer->failures, 1.0, now);
      peer->guessed = TRUE;
      return SOUP_STATUS_FORBIDDEN;
    }
  return 0;
}

/* Whether a page with the right code may join now: 0, or the status
 * that says why not (the class is locked or full, or its address has
 * as many students as it may).  A page coming back always may. */
static guint
check_room (BitmazeClassServer *self,
            SoupServerMessage  *msg,
            GHashTable         *query)
{
  g_autofree char *host = NULL;
  Peer *peer;

  if (is_returning (self, query))
    return 0;
  if (self->locked)
    return SOUP_STATUS_LOCKED;
  if (self->students->len >= BITMAZE_CLASS_STUDENTS_MAX)
    return SOUP_STATUS_SERVICE_UNAVAILABLE;
  host = remote_host (msg);
  peer = g_hash_table_lookup (self->peers, host);
  if (peer != NULL && peer->names >= self->students_per_address)
    return SOUP_STATUS_CONFLICT;
  return 0;
}

/* GET /join?code=: whether a page may join, before it opens its
 * WebSocket (a browser does not tell a page why a handshake failed). */
static void
handle_join_check (BitmazeClassServer *self,
                   SoupServerMessage  *msg,
                   GHashTable         *query)
{
  guint status = check_code (self, msg, query);

  if (status == 0)
    status = check_room (self, msg, query);
  if (status != 0)
    set_error (msg, status);
  else
    set_response (msg, SOUP_STATUS_NO_CONTENT, NULL, NULL);
}

static void
handle_websocket (BitmazeClassServer *self,
                  SoupServerMessage  *msg,
                  GHashTable         *query)
{
  const char *origin = request_header (msg, "Origin");
  g_autoptr (GError) error = NULL;
  guint status;

  if (!soup_websocket_server_check_handshake (msg, NULL, NULL, NULL, &error))
    {
      set_error (msg, SOUP_STATUS_BAD_REQUEST);
      return;
    }
  /* A browser names the page that opens a WebSocket: it must be ours. */
  if (origin != NULL)
    {
      g_autofree char *ours = g_strdup_printf ("http://%s", request_header (msg, "Host"));

      if (g_ascii_strcasecmp (origin, ours) != 0)
        {
          set_error (msg, SOUP_STATUS_FORBIDDEN);
          return;
        }
    }
  status = check_code (self, msg, query);
  if (status == 0)
    status = check_room (self, msg, query);
  if (status != 0)
    {
      set_error (msg, status);
      return;
    }
  /* WebSockets that have not joined yet: a few an address, 64 in all. */
  {
    g_autofree char *host = remote_host (msg);
    Peer *peer = g_hash_table_lookup (self->peers, host);

    if (self->clients->len - self->joined >= PENDING_MAX ||
        (peer != NULL && peer->pending >= pending_per_address (self)))
      {
        set_error (msg, SOUP_STATUS_SERVICE_UNAVAILABLE);
        return;
      }
  }

  /* No extensions: permessage-deflate would let a small frame grow
   * large in memory. */
  if (!soup_websocket_server_process_handshake (msg, NULL, NULL, NULL, NULL))
    {
      set_error (msg, SOUP_STATUS_BAD_REQUEST);
      return;
    }
  g_signal_connect_object (msg, "wrote-informational",
                           G_CALLBACK (websocket_upgraded_cb), self, 0);
}

static void
request_handler (SoupServer        *server,
                 SoupServerMessage *msg,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           user_data)
{
  BitmazeClassServer *self = user_data;

  if (g_str_equal (path, "/"))
    {
      const char *lang = bitmaze_class_page_pick_language (self->page,
                                                           query != NULL ? g_hash_table_lookup (query, "lang") : NULL,
                                                           request_header (msg, "Accept-Language"));
      g_autoptr (GBytes) body = bitmaze_class_page_render (self->page, lang,
                                                           query != NULL ? g_hash_table_lookup (query, "code") : NULL);
      g_autofree char *policy = g_strdup_printf ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                                 "img-src 'self' data:; connect-src 'self' ws://%s; "
                                                 "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                                                 request_header (msg, "Host"));

      soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                    "Content-Security-Policy", policy);
      soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                    "Content-Language", lang);
      set_response (msg, SOUP_STATUS_OK, "text/html; charset=utf-8", body);
    }
  else if (g_str_equal (path, "/ws"))
    handle_websocket (self, msg, query);
  else if (g_str_equal (path, "/join"))
    handle_join_check (self, msg, query);
  else
    {
      const char *type = NULL;
      g_autoptr (GBytes) body = path[0] == '/' ? bitmaze_class_page_get_file (path + 1, &type) : NULL;

      if (body != NULL)
        set_response (msg, SOUP_STATUS_OK, type, body);
      else
        set_error (msg, SOUP_STATUS_NOT_FOUND);
    }
}

/* ------------------------------------------------------------------ */
/* Connections                                                         */
/* ------------------------------------------------------------------ */

#define HOST_KEY "bitmaze-class-host"

static void
stream_gone_cb (BitmazeClassStream *stream,
                gpointer            user_data)
{
  BitmazeClassServer *self = user_data;
  const char *host = g_object_get_data (G_OBJECT (stream), HOST_KEY);
  Peer *peer = host != NULL ? g_hash_table_lookup (self->peers, host) : NULL;

  g_hash_table_remove (self->streams, stream);
  if (peer != NULL && peer->connections > 0)
    peer->connections--;
  peer_release (self, host);
}

/* Each request's headers must all be in within a time, counted from when
 * the request could begin (the connection opened, or the answer before
 * went out), not from the last byte: one byte every few seconds does
 * not keep a connection. */
static void
got_headers_cb (SoupServerMessage  *msg,
                BitmazeClassServer *self)
{
  BitmazeClassStream *stream = message_stream (self, msg);

  if (stream != NULL)
    bitmaze_class_stream_end_request (stream);
}

static void
request_started_cb (SoupServer         *server,
                    SoupServerMessage  *msg,
                    BitmazeClassServer *self)
{
  BitmazeClassStream *stream = message_stream (self, msg);

  if (stream != NULL)
    bitmaze_class_stream_begin_request (stream);
  g_signal_connect_object (msg, "got-headers", G_CALLBACK (got_headers_cb), self, 0);
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source,
             gpointer           user_data)
{
  BitmazeClassServer *self = user_data;
  g_autoptr (GSocketAddress) local = NULL;
  g_autoptr (GSocketAddress) remote = NULL;
  g_autoptr (BitmazeClassStream) stream = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *host = NULL;
  Peer *peer;

  local = g_socket_connection_get_local_address (connection, NULL);
  remote = g_socket_connection_get_remote_address (connection, NULL);
  if (g_hash_table_size (self->streams) >= CONNECTIONS_MAX || local == NULL ||
      !G_IS_INET_SOCKET_ADDRESS (remote))
    {
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  /* One address holds a few connections a student it may have; more
   * are closed at once, and the others' are not touched. */
  host = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  peer = peer_get (self, host);
  if (peer->connections >= connections_per_address (self))
    {
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      peer_release (self, host);
      return TRUE;
    }
  peer->connections++;

  g_socket_set_option (g_socket_connection_get_socket (connection),
                       IPPROTO_TCP, TCP_NODELAY, TRUE, NULL);
  stream = bitmaze_class_stream_new (connection, BYTES_BURST, BYTES_PER_SECOND,
                                     self->clock, self->clock_data);
  g_object_set_data_full (G_OBJECT (stream), HOST_KEY, g_steal_pointer (&host), g_free);
  bitmaze_class_stream_set_gone_func (stream, stream_gone_cb, self);
  bitmaze_class_stream_begin_request (stream);
  g_hash_table_add (self->streams, stream);
  g_object_set_data (G_OBJECT (remote), STREAM_KEY, stream);
  if (!soup_server_accept_iostream (self->soup, G_IO_STREAM (stream), local, remote, &error))
    g_debug ("Could not take a connection: %s", error->message);
  return TRUE;
}

/* Every few seconds: end WebSockets that never joined and HTTP
 * connections that sit idle, so that nobody can hold the slots. */
static gboolean
sweep_cb (gpointer user_data)
{
  BitmazeClassServer *self = user_data;
  gint64 now = server_now (self);
  g_autoptr (GPtrArray) idle = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer stream;

  for (guint i = self->clients->len; i > 0; i--)
    {
      Client *client = g_ptr_array_index (self->clients, i - 1);

      if (client->student == NULL && now - client->opened > (gint64) self->join_timeout_ms * 1000)
        client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "join timeout");
    }

  g_hash_table_iter_init (&iter, self->streams);
  while (g_hash_table_iter_next (&iter, &stream, NULL))
    {
      gint64 since = bitmaze_class_stream_get_request_since (stream);

      if (bitmaze_class_stream_get_websocket (stream))
        continue;
      if ((since != 0 && now - since > (gint64) self->headers_timeout_ms * 1000) ||
          now - bitmaze_class_stream_get_last_active (stream) > (gint64) self->idle_timeout_ms * 1000)
        g_ptr_array_add (idle, stream);
    }
  for (guint i = 0; i < idle->len; i++)
    bitmaze_class_stream_shutdown (g_ptr_array_index (idle, i));

  return G_SOURCE_CONTINUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
forget_session (BitmazeClassServer *self)
{
  g_hash_table_remove_all (self->tokens);
  g_hash_table_remove_all (self->names);
  g_ptr_array_set_size (self->students, 0);
  g_hash_table_remove_all (self->removed);
  /* Connections still open keep their counts; the rest is forgotten. */
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, self->peers);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      {
        Peer *peer = value;

        peer->names = 0;
        peer->guessed = FALSE;
        bitmaze_class_bucket_init (&peer->failures, CODE_TRIES_BURST, CODE_TRIES_PER_SECOND, server_now (self));
        if (peer->connections == 0 && peer->pending == 0)
          g_hash_table_iter_remove (&iter);
      }
  }
  g_clear_pointer (&self->question_json, g_free);
  g_clear_pointer (&self->note, g_free);
  g_clear_pointer (&self->word_statement, g_free);
  self->state = BITMAZE_CLASS_STATE_IDLE;
  self->question = 0;
  self->answered = 0;
  self->have_results = FALSE;
  memset (&self->results, 0, sizeof self->results);
}

static void
detach_streams (BitmazeClassServer *self)
{
  GHashTableIter iter;
  gpointer stream;

  g_hash_table_iter_init (&iter, self->streams);
  while (g_hash_table_iter_next (&iter, &stream, NULL))
    {
      bitmaze_class_stream_set_gone_func (stream, NULL, NULL);
      bitmaze_class_stream_shutdown (stream);
    }
  g_hash_table_remove_all (self->streams);
}

static void
bitmaze_class_server_dispose (GObject *object)
{
  BitmazeClassServer *self = BITMAZE_CLASS_SERVER (object);

  bitmaze_class_server_stop (self);
  /* Whatever is still closing goes now, without waiting for the pages. */
  while (self->closing->len > 0)
    client_free (g_ptr_array_steal_index_fast (self->closing, self->closing->len - 1));
  detach_streams (self);
  g_clear_object (&self->soup);

  G_OBJECT_CLASS (bitmaze_class_server_parent_class)->dispose (object);
}

static void
bitmaze_class_server_finalize (GObject *object)
{
  BitmazeClassServer *self = BITMAZE_CLASS_SERVER (object);

  g_ptr_array_unref (self->clients);
  g_ptr_array_unref (self->closing);
  g_ptr_array_unref (self->students);
  g_hash_table_unref (self->tokens);
  g_hash_table_unref (self->names);
  g_hash_table_unref (self->peers);
  g_hash_table_unref (self->removed);
  g_hash_table_unref (self->streams);
  g_clear_pointer (&self->page, bitmaze_class_page_free);
  g_free (self->question_json);
  g_free (self->note);
  g_free (self->word_statement);

  G_OBJECT_CLASS (bitmaze_class_server_parent_class)->finalize (object);
}

static void
bitmaze_class_server_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  BitmazeClassServer *self = BITMAZE_CLASS_SERVER (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, bitmaze_class_server_get_running (self));
      break;
    case PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case PROP_JOIN_CODE:
      g_value_set_string (value, self->code);
      break;
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_JOINED:
      g_value_set_uint (value, self->joined);
      break;
    case PROP_STATE:
      g_value_set_uint (value, self->state);
      break;
    case PROP_QUESTION:
      g_value_set_uint (value, self->question);
      break;
    case PROP_ANSWERED:
      g_value_set_uint (value, self->answered);
      break;
    case PROP_RANKING:
      g_value_set_boolean (value, self->ranking);
      break;
    case PROP_LOCKED:
      g_value_set_boolean (value, self->locked);
      break;
    case PROP_STUDENTS_PER_ADDRESS:
      g_value_set_uint (value, self->students_per_address);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_server_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  BitmazeClassServer *self = BITMAZE_CLASS_SERVER (object);

  switch (prop_id)
    {
    case PROP_RANKING:
      bitmaze_class_server_set_ranking (self, g_value_get_boolean (value));
      break;
    case PROP_LOCKED:
      bitmaze_class_server_set_locked (self, g_value_get_boolean (value));
      break;
    case PROP_STUDENTS_PER_ADDRESS:
      bitmaze_class_server_set_students_per_address (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_server_class_init (BitmazeClassServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = bitmaze_class_server_dispose;
  object_class->finalize = bitmaze_class_server_finalize;
  object_class->get_property = bitmaze_class_server_get_property;
  object_class->set_property = bitmaze_class_server_set_property;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_ADDRESS] = g_param_spec_string ("address", NULL, NULL, NULL, ro);
  properties[PROP_PORT] = g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0, ro);
  properties[PROP_JOIN_CODE] = g_param_spec_string ("join-code", NULL, NULL, NULL, ro);
  properties[PROP_URL] = g_param_spec_string ("url", NULL, NULL, NULL, ro);
  properties[PROP_JOINED] = g_param_spec_uint ("joined", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_STATE] = g_param_spec_uint ("state", NULL, NULL,
                                              BITMAZE_CLASS_STATE_IDLE, BITMAZE_CLASS_STATE_REVEALED,
                                              BITMAZE_CLASS_STATE_IDLE, ro);
  properties[PROP_QUESTION] = g_param_spec_uint ("question", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ANSWERED] = g_param_spec_uint ("answered", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_RANKING] = g_param_spec_boolean ("ranking", NULL, NULL, FALSE,
                                                   G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOCKED] = g_param_spec_boolean ("locked", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                  G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_STUDENTS_PER_ADDRESS] = g_param_spec_uint ("students-per-address", NULL, NULL,
                                                             1, BITMAZE_CLASS_STUDENTS_MAX,
                                                             BITMAZE_CLASS_STUDENTS_PER_ADDRESS,
                                                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                             G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BitmazeClassServer::revealed:
   *
   * The open question was revealed: bitmaze_class_server_get_results()
   * has how the room answered.
   */
  signals[REVEALED] = g_signal_new ("revealed",
                                    G_TYPE_FROM_CLASS (klass),
                                    G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 0);

  /**
   * BitmazeClassServer::students-changed:
   *
   * A student joined the class for the first time, or was removed:
   * bitmaze_class_server_dup_class_names() changed.
   */
  signals[STUDENTS_CHANGED] = g_signal_new ("students-changed",
                                            G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
}

static void
bitmaze_class_server_init (BitmazeClassServer *self)
{
  self->page = bitmaze_class_page_new ();
  self->join_timeout_ms = JOIN_TIMEOUT_MS;
  self->headers_timeout_ms = HEADERS_TIMEOUT_MS;
  self->idle_timeout_ms = HTTP_IDLE_TIMEOUT_MS;
  self->sweep_interval_ms = SWEEP_INTERVAL_MS;
  self->streams = g_hash_table_new (NULL, NULL);
  self->clients = g_ptr_array_new ();
  self->closing = g_ptr_array_new ();
  self->students = g_ptr_array_new_with_free_func ((GDestroyNotify) student_free);
  self->tokens = g_hash_table_new (g_str_hash, g_str_equal);
  self->names = g_hash_table_new (g_str_hash, g_str_equal);
  self->peers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->removed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->students_per_address = BITMAZE_CLASS_STUDENTS_PER_ADDRESS;
  self->soup = soup_server_new ("server-header", "Bitmaze", NULL);
  soup_server_add_early_handler (self->soup, NULL, early_handler, self, NULL);
  g_signal_connect (self->soup, "request-started", G_CALLBACK (request_started_cb), self);
  soup_server_add_handler (self->soup, NULL, request_handler, self, NULL);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

BitmazeClassServer *
bitmaze_class_server_new (void)
{
  return g_object_new (BITMAZE_TYPE_CLASS_SERVER, NULL);
}

gboolean
bitmaze_class_server_start (BitmazeClassServer  *self,
                            const char          *address,
                            guint                port,
                            GError             **error)
{
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) socket_address = NULL;
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GSocketService) service = NULL;
  GObject *object = G_OBJECT (self);

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), FALSE);
  g_return_val_if_fail (port <= G_MAXUINT16, FALSE);

  if (self->service != NULL)
    {
      g_set_error_literal (error, BITMAZE_CLASS_ERROR, BITMAZE_CLASS_ERROR_RUNNING,
                           "The class session is running already");
      return FALSE;
    }
  if (!bitmaze_class_address_is_allowed (address))
    {
      g_set_error (error, BITMAZE_CLASS_ERROR, BITMAZE_CLASS_ERROR_ADDRESS,
                   "%s is not a private network address", address != NULL ? address : "(null)");
      return FALSE;
    }

  inet = g_inet_address_new_from_string (address);
  socket_address = g_inet_socket_address_new (inet, (guint16) port);
  service = g_socket_service_new ();
  /* A class joins at once: GLib's backlog of 10 would drop the SYNs of
   * the others, who would wait seconds for their retries. */
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (service), LISTEN_BACKLOG);
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (service), socket_address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                      NULL, &effective, error))
    return FALSE;
  g_signal_connect (service, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (service);

  forget_session (self);
  self->service = g_steal_pointer (&service);
  self->address = g_strdup (address);
  self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  self->code = new_join_code ();
  self->url = g_strdup_printf ("http://%s:%u/", self->address, self->port);
  self->join_url = g_strdup_printf ("%s?code=%s", self->url, self->code);
  self->sweep_id = g_timeout_add (self->sweep_interval_ms, sweep_cb, self);

  g_object_freeze_notify (object);
  g_object_notify_by_pspec (object, properties[PROP_RUNNING]);
  g_object_notify_by_pspec (object, properties[PROP_ADDRESS]);
  g_object_notify_by_pspec (object, properties[PROP_PORT]);
  g_object_notify_by_pspec (object, properties[PROP_JOIN_CODE]);
  g_object_notify_by_pspec (object, properties[PROP_URL]);
  g_object_notify_by_pspec (object, properties[PROP_STATE]);
  g_object_notify_by_pspec (object, properties[PROP_QUESTION]);
  g_object_notify_by_pspec (object, properties[PROP_ANSWERED]);
  g_object_thaw_notify (object);
  return TRUE;
}

void
bitmaze_class_server_stop (BitmazeClassServer *self)
{
  GObject *object = G_OBJECT (self);

  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  if (self->service == NULL)
    return;

  g_object_freeze_notify (object);
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_signal_handlers_disconnect_by_data (self->service, self);
  g_clear_object (&self->service);
  g_clear_handle_id (&self->sweep_id, g_source_remove);

  while (self->clients->len > 0)
    client_close (g_ptr_array_index (self->clients, self->clients->len - 1),
                  SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "session ended");
  /* HTTP connections end at once; WebSockets close with their pages. */
  {
    GHashTableIter iter;
    gpointer stream;

    g_hash_table_iter_init (&iter, self->streams);
    while (g_hash_table_iter_next (&iter, &stream, NULL))
      if (!bitmaze_class_stream_get_websocket (stream))
        bitmaze_class_stream_shutdown (stream);
  }

  forget_session (self);
  g_clear_pointer (&self->address, g_free);
  g_clear_pointer (&self->code, g_free);
  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->join_url, g_free);
  self->port = 0;

  g_object_notify_by_pspec (object, properties[PROP_RUNNING]);
  g_object_notify_by_pspec (object, properties[PROP_ADDRESS]);
  g_object_notify_by_pspec (object, properties[PROP_PORT]);
  g_object_notify_by_pspec (object, properties[PROP_JOIN_CODE]);
  g_object_notify_by_pspec (object, properties[PROP_URL]);
  g_object_notify_by_pspec (object, properties[PROP_STATE]);
  g_object_notify_by_pspec (object, properties[PROP_QUESTION]);
  g_object_notify_by_pspec (object, properties[PROP_ANSWERED]);
  g_object_thaw_notify (object);
}

gboolean
bitmaze_class_server_get_running (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), FALSE);

  return self->service != NULL;
}

const char *
bitmaze_class_server_get_address (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  return self->address;
}

guint
bitmaze_class_server_get_port (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);

  return self->port;
}

const char *
bitmaze_class_server_get_join_code (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  return self->code;
}

const char *
bitmaze_class_server_get_url (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  return self->url;
}

const char *
bitmaze_class_server_get_join_url (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  return self->join_url;
}

guint
bitmaze_class_server_get_joined (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);

  return self->joined;
}

GStrv
bitmaze_class_server_dup_names (BitmazeClassServer *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  for (guint i = 0; i < self->students->len; i++)
    {
      Student *student = g_ptr_array_index (self->students, i);

      if (student->client != NULL)
        g_strv_builder_add (builder, student->name);
    }
  return g_strv_builder_end (builder);
}

BitmazeClassState
bitmaze_class_server_get_state (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), BITMAZE_CLASS_STATE_IDLE);

  return self->state;
}

guint
bitmaze_class_server_get_question (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);

  return self->question;
}

guint
bitmaze_class_server_get_answered (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);

  return self->answered;
}

/* @text cut to STATEMENT_MAX bytes at a character boundary. */
static char *
bounded_text (const char *text)
{
  const char *end;

  if (text == NULL)
    return NULL;
  if (strlen (text) <= STATEMENT_MAX)
    return g_strdup (text);
  end = g_utf8_find_prev_char (text, text + STATEMENT_MAX + 1);
  return g_strndup (text, end != NULL ? (gsize) (end - text) : 0);
}

static void
begin_question (BitmazeClassServer *self,
                BitmazeClassKind    kind,
                char               *json)
{
  GObject *object = G_OBJECT (self);

  g_free (self->question_json);
  self->question_json = json;
  self->kind = kind;
  self->state = BITMAZE_CLASS_STATE_ASKING;
  self->answered = 0;
  broadcast (self, self->question_json);

  g_object_freeze_notify (object);
  g_object_notify_by_pspec (object, properties[PROP_QUESTION]);
  g_object_notify_by_pspec (object, properties[PROP_STATE]);
  g_object_notify_by_pspec (object, properties[PROP_ANSWERED]);
  g_object_thaw_notify (object);
}

guint
bitmaze_class_server_ask_word (BitmazeClassServer             *self,
                               const BitmazeClassWordQuestion *question)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *statement = NULL;

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);
  g_return_val_if_fail (question != NULL, 0);
  g_return_val_if_fail (bitmaze_class_server_get_running (self), 0);

  statement = bounded_text (question->statement != NULL ? question->statement : "");
  self->question++;
  g_free (self->word_statement);
  self->word_statement = g_strdup (statement);
  self->word_before = question->word;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, "question");
  json_builder_set_member_name (b, "question");
  json_builder_add_int_value (b, self->question);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "word");
  json_builder_set_member_name (b, "x");
  json_builder_add_int_value (b, question->x);
  json_builder_set_member_name (b, "y");
  json_builder_add_int_value (b, question->y);
  json_builder_set_member_name (b, "index");
  json_builder_add_int_value (b, question->index);
  json_builder_set_member_name (b, "word");
  json_builder_add_int_value (b, question->word);
  json_builder_set_member_name (b, "statement");
  json_builder_add_string_value (b, statement);
  json_builder_end_object (b);

  begin_question (self, BITMAZE_CLASS_KIND_WORD, builder_to_string (b));
  return self->question;
}

guint
bitmaze_class_server_ask_cell (BitmazeClassServer             *self,
                               const BitmazeClassCellQuestion *question)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint n;

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), 0);
  g_return_val_if_fail (question != NULL && question->words != NULL, 0);
  g_return_val_if_fail (question->width >= 1 && question->width <= BITMAZE_CLASS_REGION_MAX, 0);
  g_return_val_if_fail (question->height >= 1 && question->height <= BITMAZE_CLASS_REGION_MAX, 0);
  g_return_val_if_fail (bitmaze_class_server_get_running (self), 0);

  n = question->width * question->height;
  self->question++;
  self->region_x = question->x;
  self->region_y = question->y;
  self->region_width = question->width;
  self->region_height = question->height;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, "question");
  json_builder_set_member_name (b, "question");
  json_builder_add_int_value (b, self->question);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "cell");
  if (question->statement != NULL)
    {
      g_autofree char *statement = bounded_text (question->statement);

      json_builder_set_member_name (b, "statement");
      json_builder_add_string_value (b, statement);
    }
  json_builder_set_member_name (b, "region");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "x");
  json_builder_add_int_value (b, question->x);
  json_builder_set_member_name (b, "y");
  json_builder_add_int_value (b, question->y);
  json_builder_set_member_name (b, "width");
  json_builder_add_int_value (b, question->width);
  json_builder_set_member_name (b, "height");
  json_builder_add_int_value (b, question->height);
  json_builder_set_member_name (b, "words");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, question->words[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, question->marks != NULL ? question->marks[i] : 0);
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_object (b);

  begin_question (self, BITMAZE_CLASS_KIND_CELL, builder_to_string (b));
  return self->question;
}

/* Counts the answers, keeps the scores, tells every page. */
static void
finish_reveal (BitmazeClassServer *self)
{
  BitmazeClassResults *results = &self->results;

  memset (results, 0, sizeof *results);
  results->question = self->question;
  results->kind = self->kind;
  results->students = self->joined;

  for (guint i = 0; i < self->students->len; i++)
    {
      Student *student = g_ptr_array_index (self->students, i);
      gboolean answered = student->answered == self->question;

      if (!answered && student->client == NULL)
        continue;
      student->counted = self->question;
      student->asked++;
      if (student_is_right (self, student))
        {
          results->right++;
          student->right++;
          student->streak++;
        }
      else
        {
          student->streak = 0;
          if (answered && self->kind == BITMAZE_CLASS_KIND_WORD)
            {
              guint16 differ = student->word ^ self->correct_word;

              for (guint bit = 0; bit < 16; bit++)
                if (differ & (1u << bit))
                  results->wrong_bits[bit]++;
            }
        }
      if (answered)
        results->answered++;
    }
  results->wrong = results->answered - results->right;

  self->state = BITMAZE_CLASS_STATE_REVEALED;
  self->have_results = TRUE;

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *client = g_ptr_array_index (self->clients, i);

      if (client->student != NULL)
        {
          g_autofree char *text = result_json (self, client->student);

          client_send (client, text);
        }
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, signals[REVEALED], 0);
}

void
bitmaze_class_server_reveal_word (BitmazeClassServer *self,
                                  guint16             correct)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));
  g_return_if_fail (self->state == BITMAZE_CLASS_STATE_ASKING);
  g_return_if_fail (self->kind == BITMAZE_CLASS_KIND_WORD);

  self->correct_word = correct;
  finish_reveal (self);
}

void
bitmaze_class_server_reveal_cell (BitmazeClassServer *self,
                                  guint               x,
                                  guint               y,
                                  const char         *note)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));
  g_return_if_fail (self->state == BITMAZE_CLASS_STATE_ASKING);
  g_return_if_fail (self->kind == BITMAZE_CLASS_KIND_CELL);

  bitmaze_class_server_reveal_cells (self, &(BitmazeClassCell) { x, y }, 1, note);
}

void
bitmaze_class_server_reveal_cells (BitmazeClassServer     *self,
                                   const BitmazeClassCell *cells,
                                   guint                   n_cells,
                                   const char             *note)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));
  g_return_if_fail (cells != NULL && n_cells >= 1);
  g_return_if_fail (self->state == BITMAZE_CLASS_STATE_ASKING);
  g_return_if_fail (self->kind == BITMAZE_CLASS_KIND_CELL);

  self->n_correct_cells = MIN (n_cells, BITMAZE_CLASS_CELLS_MAX);
  memcpy (self->correct_cells, cells, self->n_correct_cells * sizeof *cells);
  g_free (self->note);
  self->note = bounded_text (note);
  finish_reveal (self);
}

void
bitmaze_class_server_withdraw (BitmazeClassServer *self)
{
  GObject *object = G_OBJECT (self);

  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  if (self->state != BITMAZE_CLASS_STATE_ASKING)
    return;
  self->state = BITMAZE_CLASS_STATE_IDLE;
  self->answered = 0;
  g_clear_pointer (&self->question_json, g_free);
  broadcast (self, "{\"type\":\"idle\"}");

  g_object_freeze_notify (object);
  g_object_notify_by_pspec (object, properties[PROP_STATE]);
  g_object_notify_by_pspec (object, properties[PROP_ANSWERED]);
  g_object_thaw_notify (object);
}

const BitmazeClassResults *
bitmaze_class_server_get_results (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  return self->have_results ? &self->results : NULL;
}

gboolean
bitmaze_class_server_get_ranking (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), FALSE);

  return self->ranking;
}

void
bitmaze_class_server_set_ranking (BitmazeClassServer *self,
                                  gboolean            ranking)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  ranking = !!ranking;
  if (self->ranking == ranking)
    return;
  self->ranking = ranking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANKING]);
}

static int
compare_students (gconstpointer a,
                  gconstpointer b)
{
  const Student *sa = *(Student * const *) a;
  const Student *sb = *(Student * const *) b;

  if (sa->right != sb->right)
    return sa->right > sb->right ? -1 : 1;
  if (sa->streak != sb->streak)
    return sa->streak > sb->streak ? -1 : 1;
  return sa->order < sb->order ? -1 : sa->order > sb->order;
}

GPtrArray *
bitmaze_class_server_dup_ranking (BitmazeClassServer *self,
                                  guint               max)
{
  g_autoptr (GPtrArray) sorted = NULL;
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) bitmaze_class_rank_free);

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), ranking);

  if (!self->ranking)
    return ranking;

  /* Not g_ptr_array_copy (): the copy would free the students. */
  sorted = g_ptr_array_sized_new (self->students->len);
  for (guint i = 0; i < self->students->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (self->students, i));
  g_ptr_array_sort (sorted, compare_students);
  for (guint i = 0; i < sorted->len && (max == 0 || i < max); i++)
    {
      const Student *student = g_ptr_array_index (sorted, i);
      BitmazeClassRank *rank = g_new0 (BitmazeClassRank, 1);

      rank->name = g_strdup (student->name);
      rank->right = student->right;
      rank->asked = student->asked;
      rank->streak = student->streak;
      g_ptr_array_add (ranking, rank);
    }
  return ranking;
}

void
bitmaze_class_server_set_timeouts (BitmazeClassServer *self,
                                   guint               join_ms,
                                   guint               headers_ms,
                                   guint               idle_ms,
                                   guint               sweep_ms)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));
  g_return_if_fail (join_ms > 0 && headers_ms > 0 && idle_ms > 0 && sweep_ms > 0);

  self->join_timeout_ms = join_ms;
  self->headers_timeout_ms = headers_ms;
  self->idle_timeout_ms = idle_ms;
  self->sweep_interval_ms = sweep_ms;
  if (self->sweep_id != 0)
    {
      g_source_remove (self->sweep_id);
      self->sweep_id = g_timeout_add (self->sweep_interval_ms, sweep_cb, self);
    }
}

void
bitmaze_class_server_set_clock (BitmazeClassServer *self,
                                BitmazeClassClock   clock,
                                gpointer            clock_data)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  self->clock = clock;
  self->clock_data = clock_data;
}

GStrv
bitmaze_class_server_dup_class_names (BitmazeClassServer *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), NULL);

  for (guint i = 0; i < self->students->len; i++)
    g_strv_builder_add (builder, ((Student *) g_ptr_array_index (self->students, i))->name);
  return g_strv_builder_end (builder);
}

/* @student's answer leaves the results of the question revealed last. */
static void
uncount_result (BitmazeClassServer *self,
                Student            *student)
{
  BitmazeClassResults *results = &self->results;

  if (!self->have_results || student->counted != results->question || results->students == 0)
    return;
  results->students--;
  if (student->answered != results->question)
    return;
  results->answered--;
  if (student_is_right (self, student))
    results->right--;
  else
    {
      if (results->kind == BITMAZE_CLASS_KIND_WORD)
        {
          guint16 differ = student->word ^ self->correct_word;

          for (guint bit = 0; bit < 16; bit++)
            if ((differ & (1u << bit)) && results->wrong_bits[bit] > 0)
              results->wrong_bits[bit]--;
        }
    }
  results->wrong = results->answered - results->right;
}

gboolean
bitmaze_class_server_remove_student (BitmazeClassServer *self,
                                     const char         *name)
{
  Student *student = NULL;
  guint index;

  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (index = 0; index < self->students->len; index++)
    {
      Student *s = g_ptr_array_index (self->students, index);

      if (g_strcmp0 (s->name, name) == 0)
        {
          student = s;
          break;
        }
    }
  if (student == NULL)
    return FALSE;

  /* That address, that name (as typed, and as shown): never again this
   * session. */
  g_hash_table_add (self->removed, removed_key (student->host, student->asked_skeleton));
  g_hash_table_add (self->removed, removed_key (student->host, student->skeleton));
  if (student->client != NULL)
    client_close (student->client, CLOSE_REMOVED, "removed");

  if (self->state == BITMAZE_CLASS_STATE_ASKING && student->answered == self->question &&
      self->answered > 0)
    self->answered--;
  else if (self->state == BITMAZE_CLASS_STATE_REVEALED)
    uncount_result (self, student);

  g_hash_table_remove (self->tokens, student->token);
  g_hash_table_remove (self->names, student->skeleton);
  g_ptr_array_remove_index (self->students, index);

  g_signal_emit (self, signals[STUDENTS_CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);
  return TRUE;
}

gboolean
bitmaze_class_server_get_locked (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), FALSE);

  return self->locked;
}

void
bitmaze_class_server_set_locked (BitmazeClassServer *self,
                                 gboolean            locked)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  locked = !!locked;
  if (self->locked == locked)
    return;
  self->locked = locked;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCKED]);
}

guint
bitmaze_class_server_get_students_per_address (BitmazeClassServer *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (self), BITMAZE_CLASS_STUDENTS_PER_ADDRESS);

  return self->students_per_address;
}

void
bitmaze_class_server_set_students_per_address (BitmazeClassServer *self,
                                               guint               students)
{
  g_return_if_fail (BITMAZE_IS_CLASS_SERVER (self));

  students = CLAMP (students, 1, BITMAZE_CLASS_STUDENTS_MAX);
  if (self->students_per_address == students)
    return;
  self->students_per_address = students;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STUDENTS_PER_ADDRESS]);
}
