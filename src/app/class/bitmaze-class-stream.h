/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-stream.h: one client's TCP connection to the class server,
 * as the server hands it to libsoup.
 *
 * It is the socket's own streams, except that reading spends a budget of
 * bytes (a token bucket: @burst bytes at once, @per_second more each
 * second).  A client that sends more than that gets a read error, and
 * libsoup drops that connection and nothing else.  This bounds what one
 * client can make the app hold in memory, whatever libsoup does with the
 * bytes (it gathers a fragmented WebSocket message without a limit on the
 * whole), and it records when the client last sent something, so the
 * server can end connections that sit idle.
 */
#pragma once

#include <gio/gio.h>

#include "bitmaze-class-bucket.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_STREAM (bitmaze_class_stream_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassStream, bitmaze_class_stream, BITMAZE, CLASS_STREAM, GIOStream)

/* Called once when the stream is closed or finalized, whichever comes
 * first. */
typedef void (*BitmazeClassStreamGone) (BitmazeClassStream *stream,
                                        gpointer            user_data);

/* Wraps @connection (a reference is taken); @clock (may be NULL) tells
 * the time, see BitmazeClassClock. */
BitmazeClassStream *bitmaze_class_stream_new             (GSocketConnection      *connection,
                                                          gsize                   burst,
                                                          gsize                   per_second,
                                                          BitmazeClassClock       clock,
                                                          gpointer                clock_data);
void                bitmaze_class_stream_set_gone_func   (BitmazeClassStream     *self,
                                                          BitmazeClassStreamGone  func,
                                                          gpointer                user_data);
/* The clock's time of the last byte received (of the creation before
 * any). */
gint64              bitmaze_class_stream_get_last_active (BitmazeClassStream     *self);
/* Whether reading failed because the client sent over its budget. */
gboolean            bitmaze_class_stream_get_exhausted   (BitmazeClassStream     *self);
/* Marks the stream as carrying a WebSocket (it is no longer idle HTTP). */
void                bitmaze_class_stream_set_websocket   (BitmazeClassStream     *self,
                                                          gboolean                websocket);
gboolean            bitmaze_class_stream_get_websocket   (BitmazeClassStream     *self);
/* A request begins on the connection (it was opened, or the answer to
 * the one before went out): its headers are awaited from now on.  Until
 * bitmaze_class_stream_end_request (), get_request_since () is when. */
void                bitmaze_class_stream_begin_request   (BitmazeClassStream     *self);
/* The request's headers are all in. */
void                bitmaze_class_stream_end_request     (BitmazeClassStream     *self);
/* When the request whose headers are awaited began; 0 when none is. */
gint64              bitmaze_class_stream_get_request_since (BitmazeClassStream   *self);
/* Ends the connection under libsoup's feet: both directions of the socket
 * are shut down, so libsoup's next read sees the end and it cleans up as
 * for a client that went away. */
void                bitmaze_class_stream_shutdown        (BitmazeClassStream     *self);

G_END_DECLS
