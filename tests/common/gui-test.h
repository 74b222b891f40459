/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gui-test.h: helpers the GUI tests that drive a real window share.
 * Header only (static inline): spinning the main loop until something
 * happens, and real input through the X server (xdotool, XTEST).
 */
#pragma once

#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>

/* Iterate the main loop until @done (@data) says so or @timeout_ms pass;
 * with @done NULL, just for @timeout_ms. */
static inline void
gui_test_spin_until (gboolean (*done) (gpointer),
                     gpointer   data,
                     guint      timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while ((done == NULL || !done (data)) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* Whether xdotool is there; marks the test skipped when it is not. */
static inline gboolean
gui_test_have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");

  if (path == NULL)
    g_test_skip ("xdotool is not installed");
  return path != NULL;
}

/* Real input through the X server: focus @window, then run the xdotool
 * @command (a key, or a click at window coordinates). */
static inline void
gui_test_xdotool (GtkWindow  *window,
                  const char *command)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *line = g_strdup_printf ("xdotool windowfocus --sync %lu %s",
                                           (gulong) gdk_x11_surface_get_xid (surface),
                                           command);
  g_autoptr (GError) error = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (line, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}
