/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-dialog.h: the window that starts and stops a class
 * session: the address to listen on (the LAN's, or 127.0.0.1 when there
 * is none), and while it runs the page's address, the join code, a QR
 * code to scan from the back of the room and how many students joined.
 */
#pragma once

#include <adwaita.h>

#include "bitmaze-class-server.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_CLASS_DIALOG (bitmaze_class_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeClassDialog, bitmaze_class_dialog, BITMAZE, CLASS_DIALOG, AdwWindow)

BitmazeClassDialog *bitmaze_class_dialog_new         (BitmazeClassServer *server);
BitmazeClassServer *bitmaze_class_dialog_get_server  (BitmazeClassDialog *self);

/* The addresses offered, in the order of the address row (127.0.0.1
 * last), and the one chosen. */
const char * const *bitmaze_class_dialog_get_addresses (BitmazeClassDialog *self);
void                bitmaze_class_dialog_set_address   (BitmazeClassDialog *self,
                                                        const char         *address);
/* Whether the dialog says that no local network was found. */
gboolean            bitmaze_class_dialog_get_no_network (BitmazeClassDialog *self);

/* Labels and the QR code, for tests: "url", "code", "joined", "error". */
const char         *bitmaze_class_dialog_get_text    (BitmazeClassDialog *self,
                                                      const char         *which);
GtkWidget          *bitmaze_class_dialog_get_qr      (BitmazeClassDialog *self);
/* The teacher's controls, for tests: "lock" (a GtkSwitch), "per-device"
 * (a GtkSpinButton), "students" (the GtkListBox of students, a row
 * each, with its Remove button). */
GtkWidget          *bitmaze_class_dialog_get_control (BitmazeClassDialog *self,
                                                      const char         *which);

G_END_DECLS
