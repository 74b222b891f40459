/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-class-bucket.h"
#include "bitmaze-class-stream.h"

/* ------------------------------------------------------------------ */
/* The input: the socket's input stream, reading against a budget     */
/* ------------------------------------------------------------------ */

/* A helper type of this file only: the stream's input side.  libsoup
 * polls its input (GPollableInputStream), so this is pollable too. */
#define LIMIT_TYPE_INPUT (limit_input_get_type ())
G_DECLARE_FINAL_TYPE (LimitInput, limit_input, LIMIT, INPUT, GFilterInputStream)

struct _LimitInput
{
  GFilterInputStream  parent_instance;

  BitmazeClassBucket  budget;
  BitmazeClassClock   clock;
  gpointer            clock_data;
  gint64              last_active;
  gboolean            exhausted;
};

static void limit_input_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LimitInput, limit_input, G_TYPE_FILTER_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      limit_input_pollable_init))

static GInputStream *
limit_input_base (LimitInput *self)
{
  return g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self));
}

/* How many bytes the next read may ask for: 0 with @error set when the
 * budget is spent. */
static gsize
limit_input_allowance (LimitInput  *self,
                       gsize        count,
                       GError     **error)
{
  double level = bitmaze_class_bucket_level (&self->budget,
                                             bitmaze_class_clock_now (self->clock, self->clock_data));

  if (level < 1.0)
    {
      self->exhausted = TRUE;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                           "The client sent more than its budget");
      return 0;
    }
  return MIN (count, (gsize) level);
}

static void
limit_input_spend (LimitInput *self,
                   gssize      n)
{
  if (n > 0)
    {
      self->budget.tokens -= (double) n;
      self->last_active = bitmaze_class_clock_now (self->clock, self->clock_data);
    }
}

static gssize
limit_input_read (GInputStream  *stream,
                  void          *buffer,
                  gsize          count,
                  GCancellable  *cancellable,
                  GError       **error)
{
  LimitInput *self = LIMIT_INPUT (stream);
  gsize allowed = limit_input_allowance (self, count, error);
  gssize n;

  if (allowed == 0)
    return -1;
  n = g_input_stream_read (limit_input_base (self), buffer, allowed, cancellable, error);
  limit_input_spend (self, n);
  return n;
}

static gboolean
limit_input_can_poll (GPollableInputStream *stream)
{
  GInputStream *base = limit_input_base (LIMIT_INPUT (stream));

  return G_IS_POLLABLE_INPUT_STREAM (base) &&
         g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (base));
}

static gboolean
limit_input_is_readable (GPollableInputStream *stream)
{
  GInputStream *base = limit_input_base (LIMIT_INPUT (stream));

  return g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (base));
}

static GSource *
limit_input_create_source (GPollableInputStream *stream,
                           GCancellable         *cancellable)
{
  GInputStream *base = limit_input_base (LIMIT_INPUT (stream));
  g_autoptr (GSource) base_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (base), NULL);

  return g_pollable_source_new_full (stream, base_source, cancellable);
}

static gssize
limit_input_read_nonblocking (GPollableInputStream  *stream,
                              void                  *buffer,
                              gsize                  count,
                              GError               **error)
{
  LimitInput *self = LIMIT_INPUT (stream);
  gsize allowed = limit_input_allowance (self, count, error);
  gssize n;

  if (allowed == 0)
    return -1;
  n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (limit_input_base (self)),
                                                buffer, allowed, NULL, error);
  limit_input_spend (self, n);
  return n;
}

static void
limit_input_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = limit_input_can_poll;
  iface->is_readable = limit_input_is_readable;
  iface->create_source = limit_input_create_source;
  iface->read_nonblocking = limit_input_read_nonblocking;
}

static void
limit_input_class_init (LimitInputClass *klass)
{
  GInputStreamClass *input_class = G_INPUT_STREAM_CLASS (klass);

  input_class->read_fn = limit_input_read;
}

static void
limit_input_init (LimitInput *self)
{
}

/* ------------------------------------------------------------------ */
/* The stream                                                          */
/* ------------------------------------------------------------------ */

struct _BitmazeClassStream
{
  GIOStream               parent_instance;

  GSocketConnection      *base;
  LimitInput             *input;
  gboolean                websocket;
  gboolean                gone;
  gint64                  request_since;
  BitmazeClassStreamGone  gone_func;
  gpointer                gone_data;
};

G_DEFINE_FINAL_TYPE (BitmazeClassStream, bitmaze_class_stream, G_TYPE_IO_STREAM)

static void
announce_gone (BitmazeClassStream *self)
{
  BitmazeClassStreamGone func = self->gone_func;

  if (self->gone)
    return;
  self->gone = TRUE;
  self->gone_func = NULL;
  if (func != NULL)
    func (self, self->gone_data);
}

static GInputStream *
bitmaze_class_stream_get_input_stream (GIOStream *stream)
{
  return G_INPUT_STREAM (BITMAZE_CLASS_STREAM (stream)->input);
}

static GOutputStream *
bitmaze_class_stream_get_output_stream (GIOStream *stream)
{
  return g_io_stream_get_output_stream (G_IO_STREAM (BITMAZE_CLASS_STREAM (stream)->base));
}

static gboolean
bitmaze_class_stream_close (GIOStream     *stream,
                            GCancellable  *cancellable,
                            GError       **error)
{
  BitmazeClassStream *self = BITMAZE_CLASS_STREAM (stream);
  gboolean ok = g_io_stream_close (G_IO_STREAM (self->base), cancellable, error);

  announce_gone (self);
  return ok;
}

static void
base_closed_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;

  announce_gone (g_task_get_source_object (task));
  if (g_io_stream_close_finish (G_IO_STREAM (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/* The default would close the base in a thread: a socket closes at once. */
static void
bitmaze_class_stream_close_async (GIOStream           *stream,
                                  int                  io_priority,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  BitmazeClassStream *self = BITMAZE_CLASS_STREAM (stream);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, bitmaze_class_stream_close_async);
  g_io_stream_close_async (G_IO_STREAM (self->base), io_priority, cancellable,
                           base_closed_cb, task);
}

static gboolean
bitmaze_class_stream_close_finish (GIOStream     *stream,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
bitmaze_class_stream_dispose (GObject *object)
{
  BitmazeClassStream *self = BITMAZE_CLASS_STREAM (object);

  announce_gone (self);

  G_OBJECT_CLASS (bitmaze_class_stream_parent_class)->dispose (object);
}

static void
bitmaze_class_stream_finalize (GObject *object)
{
  BitmazeClassStream *self = BITMAZE_CLASS_STREAM (object);

  g_clear_object (&self->input);
  g_clear_object (&self->base);

  G_OBJECT_CLASS (bitmaze_class_stream_parent_class)->finalize (object);
}

static void
bitmaze_class_stream_class_init (BitmazeClassStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  object_class->dispose = bitmaze_class_stream_dispose;
  object_class->finalize = bitmaze_class_stream_finalize;

  stream_class->get_input_stream = bitmaze_class_stream_get_input_stream;
  stream_class->get_output_stream = bitmaze_class_stream_get_output_stream;
  stream_class->close_fn = bitmaze_class_stream_close;
  stream_class->close_async = bitmaze_class_stream_close_async;
  stream_class->close_finish = bitmaze_class_stream_close_finish;
}

static void
bitmaze_class_stream_init (BitmazeClassStream *self)
{
}

/**
 * bitmaze_class_stream_new:
 * @connection: an accepted TCP connection
 * @burst: the bytes the client may send at once
 * @per_second: the bytes its budget grows by each second
 * @clock: (nullable): the time, for tests
 * @clock_data: its data
 *
 * Returns: (transfer full): the stream to hand to libsoup
 */
BitmazeClassStream *
bitmaze_class_stream_new (GSocketConnection *connection,
                          gsize              burst,
                          gsize              per_second,
                          BitmazeClassClock  clock,
                          gpointer           clock_data)
{
  BitmazeClassStream *self;
  gint64 now = bitmaze_class_clock_now (clock, clock_data);

  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (connection), NULL);

  self = g_object_new (BITMAZE_TYPE_CLASS_STREAM, NULL);
  self->base = g_object_ref (connection);
  self->input = g_object_new (LIMIT_TYPE_INPUT,
                              "base-stream", g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                              "close-base-stream", FALSE,
                              NULL);
  bitmaze_class_bucket_init (&self->input->budget, (double) burst, (double) per_second, now);
  self->input->clock = clock;
  self->input->clock_data = clock_data;
  self->input->last_active = now;

  return self;
}

void
bitmaze_class_stream_set_gone_func (BitmazeClassStream     *self,
                                    BitmazeClassStreamGone  func,
                                    gpointer                user_data)
{
  g_return_if_fail (BITMAZE_IS_CLASS_STREAM (self));

  self->gone_func = self->gone ? NULL : func;
  self->gone_data = user_data;
}

gint64
bitmaze_class_stream_get_last_active (BitmazeClassStream *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_STREAM (self), 0);

  return self->input->last_active;
}

gboolean
bitmaze_class_stream_get_exhausted (BitmazeClassStream *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_STREAM (self), FALSE);

  return self->input->exhausted;
}

void
bitmaze_class_stream_set_websocket (BitmazeClassStream *self,
                                    gboolean            websocket)
{
  g_return_if_fail (BITMAZE_IS_CLASS_STREAM (self));

  self->websocket = websocket;
}

gboolean
bitmaze_class_stream_get_websocket (BitmazeClassStream *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_STREAM (self), FALSE);

  return self->websocket;
}

void
bitmaze_class_stream_begin_request (BitmazeClassStream *self)
{
  g_return_if_fail (BITMAZE_IS_CLASS_STREAM (self));

  if (self->request_since == 0)
    self->request_since = MAX (1, bitmaze_class_clock_now (self->input->clock, self->input->clock_data));
}

void
bitmaze_class_stream_end_request (BitmazeClassStream *self)
{
  g_return_if_fail (BITMAZE_IS_CLASS_STREAM (self));

  self->request_since = 0;
}

gint64
bitmaze_class_stream_get_request_since (BitmazeClassStream *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_STREAM (self), 0);

  return self->request_since;
}

void
bitmaze_class_stream_shutdown (BitmazeClassStream *self)
{
  GSocket *socket;

  g_return_if_fail (BITMAZE_IS_CLASS_STREAM (self));

  socket = g_socket_connection_get_socket (self->base);
  if (!g_socket_is_closed (socket))
    g_socket_shutdown (socket, TRUE, TRUE, NULL);
}
