/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-frames.h: a student's WebSocket, as the class server hands
 * it to libsoup after the handshake, with a limit on whole messages.
 *
 * libsoup 3.2 limits the payload of one frame, not of a message: a page
 * that sends a text message in fragments, each small, would make it
 * gather a message without end.  This stream reads the client's frames
 * as they come and adds up the payload of each data message, all its
 * fragments together.  The frames of a message that stays within
 * @message_max bytes go through untouched; the frame that would take it
 * over is never handed on (nor anything of that message after it), the
 * @over callback runs once (from an idle, never inside libsoup's read),
 * and from then on only control frames (close, ping, pong) go through,
 * so the server can close the connection with 1009 and still hear the
 * page's reply to its close.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_FRAMES (bitmaze_class_frames_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassFrames, bitmaze_class_frames, BITMAZE, CLASS_FRAMES, GIOStream)

typedef void (*BitmazeClassFramesOver) (gpointer user_data);

/* Wraps @base (a reference is taken), the connection after the
 * handshake. */
BitmazeClassFrames *bitmaze_class_frames_new         (GIOStream              *base,
                                                      gsize                   message_max);
/* @func runs once, from the thread-default main context, when a message
 * goes over the limit.  Set it to NULL before @user_data goes away. */
void                bitmaze_class_frames_set_over_func (BitmazeClassFrames     *self,
                                                        BitmazeClassFramesOver  func,
                                                        gpointer                user_data);
/* Whether a message went over the limit. */
gboolean            bitmaze_class_frames_get_over    (BitmazeClassFrames     *self);

G_END_DECLS
