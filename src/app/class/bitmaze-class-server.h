/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-server.h: a class session.  Students answer predict mode's
 * questions from their own browsers while the projector shows how the
 * room answered.
 *
 * One SoupServer (HTTP and WebSocket) on the thread-default main context
 * of whoever calls bitmaze_class_server_start() (the app's main loop):
 * every handler only parses a message of at most
 * BITMAZE_CLASS_MESSAGE_MAX bytes and updates counters, so drawing never
 * waits for the network.  The protocol is in docs/class-session.md.
 *
 * Nothing listens until bitmaze_class_server_start(); it binds to one
 * address that is private (RFC 1918, link-local) or the loopback, never
 * a public one.  Every session request needs the join code; what a
 * student sends is checked, limited and only ever counted: no student
 * input reaches the maze or a file.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* At most this many students at once. */
#define BITMAZE_CLASS_STUDENTS_MAX 200
/* Students that may join from one address unless the teacher allows
 * more (a shared computer): bitmaze_class_server_set_students_per_address(). */
#define BITMAZE_CLASS_STUDENTS_PER_ADDRESS 3
/* Longest name, in characters (longer ones are cut). */
#define BITMAZE_CLASS_NAME_MAX 24
/* Longest message a page may send, in bytes. */
#define BITMAZE_CLASS_MESSAGE_MAX 1024
/* Largest neighbourhood a "which cell comes next?" question shows. */
#define BITMAZE_CLASS_REGION_MAX 15
/* The port the app tries first, so the address stays the same between
 * lessons (bitmaze_class_server_start() takes 0 for any free port). */
#define BITMAZE_CLASS_DEFAULT_PORT 8765

#define BITMAZE_CLASS_ERROR (bitmaze_class_error_quark ())

typedef enum
{
  BITMAZE_CLASS_ERROR_ADDRESS,  /* not an address the server may bind to */
  BITMAZE_CLASS_ERROR_RUNNING,  /* started twice */
} BitmazeClassError;

typedef enum
{
  BITMAZE_CLASS_STATE_IDLE,     /* no question: the pages wait */
  BITMAZE_CLASS_STATE_ASKING,   /* a question is open, answers count */
  BITMAZE_CLASS_STATE_REVEALED, /* the answer is out, results are in */
} BitmazeClassState;

typedef enum
{
  BITMAZE_CLASS_KIND_WORD, /* "what will maze[i] be after this statement?" */
  BITMAZE_CLASS_KIND_CELL, /* "which cell comes next?" */
} BitmazeClassKind;

/* Most right cells of one "which cell comes next?" question. */
#define BITMAZE_CLASS_CELLS_MAX 16

/* A cell by column and row. */
typedef struct
{
  guint x;
  guint y;
} BitmazeClassCell;

/* What a cell of a neighbourhood shows besides its walls (its word). */
typedef enum
{
  BITMAZE_CLASS_MARK_CURRENT  = 1 << 0, /* the cell the search stands on */
  BITMAZE_CLASS_MARK_FRONTIER = 1 << 1, /* in the queue, stack or open set */
  BITMAZE_CLASS_MARK_START    = 1 << 2,
  BITMAZE_CLASS_MARK_GOAL     = 1 << 3,
} BitmazeClassMark;

/* "What will maze[@index] be after @statement?" */
typedef struct
{
  guint       x;
  guint       y;
  guint       index;
  guint16     word;      /* the cell's word before the statement */
  const char *statement; /* one line of C, e.g. "maze[87] |= W << 8;" */
} BitmazeClassWordQuestion;

/* "Which cell comes next?": a neighbourhood of the maze, @width x
 * @height cells (each at most BITMAZE_CLASS_REGION_MAX) from (@x, @y).
 * Students tap one of its cells. */
typedef struct
{
  guint          x;
  guint          y;
  guint          width;
  guint          height;
  const guint16 *words;     /* @width * @height words, row by row */
  const guint8  *marks;     /* BitmazeClassMark flags per cell, or NULL */
  const char    *statement; /* what the search does, e.g. "BFS: take the oldest cell of the queue" (may be NULL) */
} BitmazeClassCellQuestion;

/* How the room answered the last question revealed. */
typedef struct
{
  guint            question;       /* its number, from 1 */
  BitmazeClassKind kind;
  guint            students;       /* joined when it was revealed */
  guint            answered;
  guint            right;
  guint            wrong;          /* answered - right */
  /* Word questions: for each bit, how many wrong answers had it wrong. */
  guint            wrong_bits[16];
} BitmazeClassResults;

/* One line of the ranking: right answers of all questions revealed. */
typedef struct
{
  char  *name;
  guint  right;
  guint  asked;
  guint  streak;
} BitmazeClassRank;

void bitmaze_class_rank_free (BitmazeClassRank *rank);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BitmazeClassRank, bitmaze_class_rank_free)

#define BITMAZE_TYPE_CLASS_SERVER (bitmaze_class_server_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassServer, bitmaze_class_server, BITMAZE, CLASS_SERVER, GObject)

GQuark              bitmaze_class_error_quark            (void);

/* The IPv4 addresses of this machine's interfaces that are up and
 * private (RFC 1918, then link-local), best first: what a class on the
 * same network can reach.  Empty without such a network; the caller
 * then offers "127.0.0.1". */
GStrv               bitmaze_class_list_addresses         (void);
/* Whether the server may bind to @address: an IPv4 address that is
 * private (10/8, 172.16/12, 192.168/16), link-local (169.254/16) or the
 * loopback (127/8).  Never "0.0.0.0", never a public address. */
gboolean            bitmaze_class_address_is_allowed     (const char          *address);

BitmazeClassServer *bitmaze_class_server_new             (void);

/* Listens on @address (see bitmaze_class_address_is_allowed()) and
 * @port (0 for any free one) with a new join code.  FALSE with @error
 * when the address is not allowed, the port is taken or the server
 * already runs. */
gboolean            bitmaze_class_server_start           (BitmazeClassServer  *self,
                                                          const char          *address,
                                                          guint                port,
                                                          GError             **error);
/* Closes every page's connection ("the session has ended") and stops
 * listening.  The students, question and results are forgotten. */
void                bitmaze_class_server_stop            (BitmazeClassServer  *self);

gboolean            bitmaze_class_server_get_running     (BitmazeClassServer  *self);
/* While running: the address and port listened on, the join code
 * (6 digits), the page's address "http://192.168.1.20:8765/" to show
 * and the same with the code, for the QR code. */
const char         *bitmaze_class_server_get_address     (BitmazeClassServer  *self);
guint               bitmaze_class_server_get_port        (BitmazeClassServer  *self);
const char         *bitmaze_class_server_get_join_code   (BitmazeClassServer  *self);
const char         *bitmaze_class_server_get_url         (BitmazeClassServer  *self);
const char         *bitmaze_class_server_get_join_url    (BitmazeClassServer  *self);

/* Students connected now. */
guint               bitmaze_class_server_get_joined      (BitmazeClassServer  *self);
/* The names of the students connected now, in the order they joined. */
GStrv               bitmaze_class_server_dup_names       (BitmazeClassServer  *self);
/* Every student of the class, also those away (a phone asleep), in the
 * order they joined; ::students-changed says when it changes. */
GStrv               bitmaze_class_server_dup_class_names (BitmazeClassServer  *self);

/* The teacher's hand on the class.  Remove a student: the page is told
 * and closed, the answers leave the results (of the open question and of
 * the one revealed last) and the ranking, and the address it joined from
 * cannot join again with that name (another address can).  FALSE when no
 * student of the class has @name. */
gboolean            bitmaze_class_server_remove_student  (BitmazeClassServer  *self,
                                                          const char          *name);
/* A locked class takes no new student; those who joined (also those
 * away, coming back with their token) still come in. */
gboolean            bitmaze_class_server_get_locked      (BitmazeClassServer  *self);
void                bitmaze_class_server_set_locked      (BitmazeClassServer  *self,
                                                          gboolean             locked);
/* How many students may join from one address (1 to
 * BITMAZE_CLASS_STUDENTS_MAX; BITMAZE_CLASS_STUDENTS_PER_ADDRESS unless
 * the teacher raises it for a shared computer).  The connections and
 * WebSockets an address may hold grow with it. */
guint               bitmaze_class_server_get_students_per_address (BitmazeClassServer *self);
void                bitmaze_class_server_set_students_per_address (BitmazeClassServer *self,
                                                                   guint               students);

BitmazeClassState   bitmaze_class_server_get_state       (BitmazeClassServer  *self);
/* The number of the question asked last (0 before the first). */
guint               bitmaze_class_server_get_question    (BitmazeClassServer  *self);
/* Answers to the open (or last revealed) question. */
guint               bitmaze_class_server_get_answered    (BitmazeClassServer  *self);

/* Ask every page a question; returns its number.  A question still open
 * is dropped without results. */
guint               bitmaze_class_server_ask_word        (BitmazeClassServer             *self,
                                                          const BitmazeClassWordQuestion *question);
guint               bitmaze_class_server_ask_cell        (BitmazeClassServer             *self,
                                                          const BitmazeClassCellQuestion *question);
/* Closes the open question with its answer: each page learns whether it
 * was right (and which bits differ); the results are ready.  @note, for a
 * cell question, says why (e.g. "BFS takes the oldest cell in its
 * queue"); may be NULL. */
void                bitmaze_class_server_reveal_word     (BitmazeClassServer  *self,
                                                          guint16              correct);
void                bitmaze_class_server_reveal_cell     (BitmazeClassServer  *self,
                                                          guint                x,
                                                          guint                y,
                                                          const char          *note);
/* The same with several right cells (A*'s equal estimates: any of them
 * is right), the first shown as the answer; at most
 * BITMAZE_CLASS_CELLS_MAX are kept. */
void                bitmaze_class_server_reveal_cells    (BitmazeClassServer     *self,
                                                          const BitmazeClassCell *cells,
                                                          guint                   n_cells,
                                                          const char             *note);
/* Withdraws the open question (skipped): the pages wait again. */
void                bitmaze_class_server_withdraw        (BitmazeClassServer  *self);

/* The results of the question revealed last, or NULL before any. */
const BitmazeClassResults *bitmaze_class_server_get_results (BitmazeClassServer *self);

/* A ranking of names by right answers (off by default: no score is kept
 * or shown to the pages while it is off). */
gboolean            bitmaze_class_server_get_ranking     (BitmazeClassServer  *self);
void                bitmaze_class_server_set_ranking     (BitmazeClassServer  *self,
                                                          gboolean             ranking);
/* The best @max students (all of them for 0), best first: most right,
 * then longest streak, then who joined first.  Empty while the ranking
 * is off. */
GPtrArray          *bitmaze_class_server_dup_ranking     (BitmazeClassServer  *self,
                                                          guint                max);

G_END_DECLS
