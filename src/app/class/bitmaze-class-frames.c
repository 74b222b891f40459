/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "bitmaze-class-frames.h"

/* A frame's head: 2 bytes, 8 of length, 4 of mask at most. */
#define HEAD_MAX 14
#define CHUNK    4096

/* ------------------------------------------------------------------ */
/* The input: the client's frames, a message over the limit held back  */
/* ------------------------------------------------------------------ */

#define FRAMES_TYPE_INPUT (frames_input_get_type ())
G_DECLARE_FINAL_TYPE (FramesInput, frames_input, FRAMES, INPUT, GFilterInputStream)

struct _FramesInput
{
  GFilterInputStream  parent_instance;

  BitmazeClassFrames *owner;        /* weak: it owns this */
  GByteArray         *out;          /* bytes read and let through, not yet handed on */
  guint8              head[HEAD_MAX];
  guint               head_len;     /* bytes of the head read so far */
  guint               head_need;    /* bytes the head has (known from its second byte) */
  guint64             payload_left; /* of the frame being read; 0: a head comes next */
  gboolean            pass;         /* whether the frame being read goes through */
  guint64             message;      /* payload of the data message so far */
  gsize               message_max;
  gboolean            over;
};

static void frames_input_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FramesInput, frames_input, G_TYPE_FILTER_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      frames_input_pollable_init))

struct _BitmazeClassFrames
{
  GIOStream               parent_instance;

  GIOStream              *base;
  FramesInput            *input;
  BitmazeClassFramesOver  over_func;
  gpointer                over_data;
  guint                   over_id;
};

G_DEFINE_FINAL_TYPE (BitmazeClassFrames, bitmaze_class_frames, G_TYPE_IO_STREAM)

static gboolean
over_idle_cb (gpointer user_data)
{
  BitmazeClassFrames *self = user_data;

  self->over_id = 0;
  if (self->over_func != NULL)
    self->over_func (self->over_data);
  return G_SOURCE_REMOVE;
}

/* A frame's head is whole: does the frame go through? */
static void
frames_input_decide (FramesInput *self)
{
  guint8 opcode = self->head[0] & 0x0f;
  gboolean fin = (self->head[0] & 0x80) != 0;
  guint len7 = self->head[1] & 0x7f;
  guint64 len = len7;

  if (len7 == 126)
    len = ((guint64) self->head[2] << 8) | self->head[3];
  else if (len7 == 127)
    {
      len = 0;
      for (guint i = 2; i < 10; i++)
        len = (len << 8) | self->head[i];
    }
  self->payload_left = len;

  if (opcode & 0x8)
    self->pass = TRUE;       /* close, ping, pong: libsoup checks them */
  else if (self->over)
    self->pass = FALSE;
  else
    {
      guint64 before = opcode == 0x0 ? self->message : 0;

      if (len > self->message_max || before + len > self->message_max)
        {
          self->over = TRUE;
          self->pass = FALSE;
          if (self->owner != NULL && self->owner->over_id == 0)
            self->owner->over_id = g_idle_add_full (G_PRIORITY_DEFAULT, over_idle_cb,
                                                    g_object_ref (self->owner), g_object_unref);
        }
      else
        {
          self->pass = TRUE;
          self->message = fin ? 0 : before + len;
        }
    }
  if (self->pass)
    g_byte_array_append (self->out, self->head, self->head_len);
  self->head_len = 0;
  self->head_need = 2;
}

static void
frames_input_take (FramesInput  *self,
                   const guint8 *data,
                   gsize         len)
{
  gsize i = 0;

  while (i < len)
    {
      if (self->payload_left > 0)
        {
          gsize n = (gsize) MIN (self->payload_left, (guint64) (len - i));

          if (self->pass)
            g_byte_array_append (self->out, data + i, (guint) n);
          self->payload_left -= n;
          i += n;
          continue;
        }
      self->head[self->head_len++] = data[i++];
      if (self->head_len == 2)
        {
          guint len7 = self->head[1] & 0x7f;

          self->head_need = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) +
                            ((self->head[1] & 0x80) ? 4 : 0);
        }
      if (self->head_len >= 2 && self->head_len == self->head_need)
        frames_input_decide (self);
    }
}

static gssize
frames_input_give (FramesInput *self,
                   void        *buffer,
                   gsize        count)
{
  gsize n = MIN (count, (gsize) self->out->len);

  memcpy (buffer, self->out->data, n);
  g_byte_array_remove_range (self->out, 0, (guint) n);
  return (gssize) n;
}

static GInputStream *
frames_input_base (FramesInput *self)
{
  return g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self));
}

static gssize
frames_input_read (GInputStream  *stream,
                   void          *buffer,
                   gsize          count,
                   GCancellable  *cancellable,
                   GError       **error)
{
  FramesInput *self = FRAMES_INPUT (stream);
  guint8 chunk[CHUNK];

  if (count == 0)
    return 0;
  while (self->out->len == 0)
    {
      gssize n = g_input_stream_read (frames_input_base (self), chunk, sizeof chunk, cancellable, error);

      if (n <= 0)
        return n;
      frames_input_take (self, chunk, (gsize) n);
    }
  return frames_input_give (self, buffer, count);
}

static gssize
frames_input_read_nonblocking (GPollableInputStream  *stream,
                               void                  *buffer,
                               gsize                  count,
                               GError               **error)
{
  FramesInput *self = FRAMES_INPUT (stream);
  guint8 chunk[CHUNK];

  if (count == 0)
    return 0;
  while (self->out->len == 0)
    {
      gssize n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (frames_input_base (self)),
                                                           chunk, sizeof chunk, NULL, error);

      if (n <= 0)
        return n;
      frames_input_take (self, chunk, (gsize) n);
    }
  return frames_input_give (self, buffer, count);
}

static gboolean
frames_input_can_poll (GPollableInputStream *stream)
{
  GInputStream *base = frames_input_base (FRAMES_INPUT (stream));

  return G_IS_POLLABLE_INPUT_STREAM (base) &&
         g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (base));
}

static gboolean
frames_input_is_readable (GPollableInputStream *stream)
{
  FramesInput *self = FRAMES_INPUT (stream);

  return self->out->len > 0 ||
         g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (frames_input_base (self)));
}

static GSource *
frames_input_create_source (GPollableInputStream *stream,
                            GCancellable         *cancellable)
{
  FramesInput *self = FRAMES_INPUT (stream);
  g_autoptr (GSource) child = NULL;

  /* Bytes waiting here: ready at once, whatever the socket says. */
  if (self->out->len > 0)
    child = g_timeout_source_new (0);
  else
    child = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (frames_input_base (self)), NULL);
  return g_pollable_source_new_full (stream, child, cancellable);
}

static void
frames_input_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = frames_input_can_poll;
  iface->is_readable = frames_input_is_readable;
  iface->create_source = frames_input_create_source;
  iface->read_nonblocking = frames_input_read_nonblocking;
}

static void
frames_input_finalize (GObject *object)
{
  FramesInput *self = FRAMES_INPUT (object);

  g_byte_array_unref (self->out);

  G_OBJECT_CLASS (frames_input_parent_class)->finalize (object);
}

static void
frames_input_class_init (FramesInputClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = frames_input_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = frames_input_read;
}

static void
frames_input_init (FramesInput *self)
{
  self->out = g_byte_array_new ();
  self->head_need = 2;
}

/* ------------------------------------------------------------------ */
/* The stream                                                          */
/* ------------------------------------------------------------------ */

static GInputStream *
bitmaze_class_frames_get_input_stream (GIOStream *stream)
{
  return G_INPUT_STREAM (BITMAZE_CLASS_FRAMES (stream)->input);
}

static GOutputStream *
bitmaze_class_frames_get_output_stream (GIOStream *stream)
{
  return g_io_stream_get_output_stream (BITMAZE_CLASS_FRAMES (stream)->base);
}

static gboolean
bitmaze_class_frames_close (GIOStream     *stream,
                            GCancellable  *cancellable,
                            GError       **error)
{
  return g_io_stream_close (BITMAZE_CLASS_FRAMES (stream)->base, cancellable, error);
}

static void
base_closed_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;

  if (g_io_stream_close_finish (G_IO_STREAM (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/* The default would close the base in a thread. */
static void
bitmaze_class_frames_close_async (GIOStream           *stream,
                                  int                  io_priority,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  BitmazeClassFrames *self = BITMAZE_CLASS_FRAMES (stream);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, bitmaze_class_frames_close_async);
  g_io_stream_close_async (self->base, io_priority, cancellable, base_closed_cb, task);
}

static gboolean
bitmaze_class_frames_close_finish (GIOStream     *stream,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
bitmaze_class_frames_dispose (GObject *object)
{
  BitmazeClassFrames *self = BITMAZE_CLASS_FRAMES (object);

  self->over_func = NULL;
  g_clear_handle_id (&self->over_id, g_source_remove);
  if (self->input != NULL)
    self->input->owner = NULL;

  G_OBJECT_CLASS (bitmaze_class_frames_parent_class)->dispose (object);
}

static void
bitmaze_class_frames_finalize (GObject *object)
{
  BitmazeClassFrames *self = BITMAZE_CLASS_FRAMES (object);

  g_clear_object (&self->input);
  g_clear_object (&self->base);

  G_OBJECT_CLASS (bitmaze_class_frames_parent_class)->finalize (object);
}

static void
bitmaze_class_frames_class_init (BitmazeClassFramesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  object_class->dispose = bitmaze_class_frames_dispose;
  object_class->finalize = bitmaze_class_frames_finalize;
  stream_class->get_input_stream = bitmaze_class_frames_get_input_stream;
  stream_class->get_output_stream = bitmaze_class_frames_get_output_stream;
  stream_class->close_fn = bitmaze_class_frames_close;
  stream_class->close_async = bitmaze_class_frames_close_async;
  stream_class->close_finish = bitmaze_class_frames_close_finish;
}

static void
bitmaze_class_frames_init (BitmazeClassFrames *self)
{
}

BitmazeClassFrames *
bitmaze_class_frames_new (GIOStream *base,
                          gsize      message_max)
{
  BitmazeClassFrames *self;

  g_return_val_if_fail (G_IS_IO_STREAM (base), NULL);

  self = g_object_new (BITMAZE_TYPE_CLASS_FRAMES, NULL);
  self->base = g_object_ref (base);
  self->input = g_object_new (FRAMES_TYPE_INPUT,
                              "base-stream", g_io_stream_get_input_stream (base),
                              "close-base-stream", FALSE,
                              NULL);
  self->input->owner = self;
  self->input->message_max = message_max;
  return self;
}

void
bitmaze_class_frames_set_over_func (BitmazeClassFrames     *self,
                                    BitmazeClassFramesOver  func,
                                    gpointer                user_data)
{
  g_return_if_fail (BITMAZE_IS_CLASS_FRAMES (self));

  self->over_func = func;
  self->over_data = user_data;
}

gboolean
bitmaze_class_frames_get_over (BitmazeClassFrames *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_FRAMES (self), FALSE);

  return self->input->over;
}
