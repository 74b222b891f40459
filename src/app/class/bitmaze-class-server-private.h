/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-server-private.h: what the class server's tests may
 * change that a classroom never needs to.
 */
#pragma once

#include "bitmaze-class-bucket.h"
#include "bitmaze-class-server.h"

G_BEGIN_DECLS

/* A WebSocket must join within @join_ms, a request's headers must all
 * arrive within @headers_ms of its start, an HTTP connection may sit idle
 * for @idle_ms, and the server looks for all three every @sweep_ms
 * (15 s, 10 s, 30 s and 1 s by default). */
void bitmaze_class_server_set_timeouts (BitmazeClassServer *self,
                                        guint               join_ms,
                                        guint               headers_ms,
                                        guint               idle_ms,
                                        guint               sweep_ms);

/* Every limit and timeout reads the time from @clock (NULL for
 * g_get_monotonic_time ()), so a test can let time pass at will.  Set it
 * before the first connection. */
void bitmaze_class_server_set_clock    (BitmazeClassServer *self,
                                        BitmazeClassClock   clock,
                                        gpointer            clock_data);

G_END_DECLS
