/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gui-test.h: helpers the GUI tests that drive a real window share.
 * Header only (static inline).
 *
 * A GUI test never waits for a length of time: it waits for the state it
 * needs, by one of the gui_test_wait_* forms below (a condition, a
 * property's value, a signal, frames drawn, the main loop going idle, a
 * window finalized, real input handled).  Each runs the main loop until
 * that state is there, with one generous timeout (gui_test_timeout_ms ():
 * 60 s, longer under valgrind and AddressSanitizer), and fails the test
 * with what it waited for when the timeout passes first.  On a fast idle
 * machine and on a loaded one the test sees the same states, only later.
 *
 * Real input goes through the X server (xdotool, XTEST), and the helpers
 * return once the window has handled it.
 */
#pragma once

#include <gdk/x11/gdkx.h>
#include <gobject/gvaluecollector.h>
#include <gtk/gtk.h>
#include <string.h>

#ifdef HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define GUI_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUI_TEST_ASAN 1
#endif
#endif

/* The timeout of every wait on an ordinary machine.  Only a broken test
 * or a hung app should get near it: the states waited for come within a
 * few frames, the slowest within 6 s on an idle machine, and on a 2-core
 * machine loaded 25 times over its cores within 80 s for a whole test
 * program. */
#define GUI_TEST_TIMEOUT_S 60u

/* The timeout of every wait, in milliseconds: valgrind runs the tests some
 * 20 times slower (meson's valgrind setup multiplies its own timeouts by
 * 20 too), AddressSanitizer about 3 times (CI's ASan run gives meson's
 * timeouts 3 times too). */
static inline guint
gui_test_timeout_ms (void)
{
  guint scale = 1;

#ifdef GUI_TEST_ASAN
  scale = 3;
#endif
#ifdef HAVE_VALGRIND_H
  if (RUNNING_ON_VALGRIND)
    scale = 20;
#endif

  return GUI_TEST_TIMEOUT_S * 1000u * scale;
}

/* Whether a frame of a window costs 20 to 50 times what it costs in a
 * normal build: under valgrind, and under AddressSanitizer when it unwinds
 * the stack of every allocation (ASAN_OPTIONS=fast_unwind_on_malloc=0, as
 * build-aux/dev.sh runs it), which layout does thousands of times a
 * frame.  Work done a frame's budget at a time then takes minutes. */
static inline gboolean
gui_test_frames_are_slow (void)
{
#ifdef GUI_TEST_ASAN
  const char *options = g_getenv ("ASAN_OPTIONS");

  if (options != NULL && strstr (options, "fast_unwind_on_malloc=0") != NULL)
    return TRUE;
#endif
#ifdef HAVE_VALGRIND_H
  if (RUNNING_ON_VALGRIND)
    return TRUE;
#endif
  return FALSE;
}

typedef gboolean (*GuiTestCondition) (gpointer data);

static inline gboolean
gui_test_timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the main loop, blocking while nothing is ready, until @done
 * (@data) holds; FALSE if the timeout passed first. */
static inline gboolean
gui_test_iterate_until (GuiTestCondition done,
                        gpointer         data)
{
  gboolean timed_out = FALSE;
  guint timeout_id;

  if (done (data))
    return TRUE;

  timeout_id = g_timeout_add (gui_test_timeout_ms (), gui_test_timed_out_cb, &timed_out);
  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout_id);

  return done (data);
}

/* Fails the test at the caller's line: "timed out after 60 s waiting for
 * @what". */
static inline void
gui_test_fail_wait (const char *file,
                    int         line,
                    const char *func,
                    const char *what)
{
  g_autofree char *message = g_strdup_printf ("timed out after %u s waiting for %s",
                                              gui_test_timeout_ms () / 1000u, what);

  g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
}

/* ------------------------------------------------------------------ */
/* A condition                                                         */
/* ------------------------------------------------------------------ */

/* Waits until @done (@data) returns TRUE; @what says what that means
 * ("the replayed search to be solved"). */
#define gui_test_wait_until(done, data, what) \
  gui_test_wait_until_at (__FILE__, __LINE__, G_STRFUNC, (done), (data), (what))

static inline void
gui_test_wait_until_at (const char       *file,
                        int               line,
                        const char       *func,
                        GuiTestCondition  done,
                        gpointer          data,
                        const char       *what)
{
  if (!gui_test_iterate_until (done, data))
    gui_test_fail_wait (file, line, func, what);
}

static inline gboolean
gui_test_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Waits until the weak pointer at @location (g_object_add_weak_pointer ())
 * is NULL: its object has been finalized. */
#define gui_test_wait_for_finalize(location, what) \
  gui_test_wait_until_at (__FILE__, __LINE__, G_STRFUNC, gui_test_is_null, (location), (what))

/* Destroys @window and waits until it has been finalized: nothing (a
 * source, a signal handler, a panel) keeps it alive. */
#define gui_test_destroy_window(window) \
  gui_test_destroy_window_at (__FILE__, __LINE__, G_STRFUNC, (window))

static inline void
gui_test_destroy_window_at (const char *file,
                            int         line,
                            const char *func,
                            GtkWindow  *window)
{
  gpointer alive = window;
  g_autofree char *what = g_strdup_printf ("the %s to be finalized after gtk_window_destroy ()",
                                           G_OBJECT_TYPE_NAME (window));

  g_object_add_weak_pointer (G_OBJECT (window), &alive);
  gtk_window_destroy (window);
  if (!gui_test_iterate_until (gui_test_is_null, &alive))
    {
      g_object_remove_weak_pointer (G_OBJECT (window), &alive);
      gui_test_fail_wait (file, line, func, what);
    }
}

/* ------------------------------------------------------------------ */
/* The app's style                                                     */
/* ------------------------------------------------------------------ */

/* Loads the app's style sheet for the whole display, as its
 * AdwApplication does at start-up: a window made by a test has no
 * application, and without it sizes the style sets (the presentation
 * view's large buttons, the class chart) are not there. */
static inline void
gui_test_load_app_style (void)
{
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, RESOURCE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* ------------------------------------------------------------------ */
/* A property's value                                                  */
/* ------------------------------------------------------------------ */

typedef struct
{
  GObject    *object;
  GParamSpec *pspec;
  GValue      want;
  GValue      have;
} GuiTestProperty;

static inline gboolean
gui_test_property_has_value (gpointer data)
{
  GuiTestProperty *wait = data;

  g_object_get_property (wait->object, wait->pspec->name, &wait->have);
  return g_param_values_cmp (wait->pspec, &wait->have, &wait->want) == 0;
}

/* Waits until @object's @property has the value that follows, given as
 * g_object_set () takes it:
 *   gui_test_wait_for_property (window, "running", FALSE); */
#define gui_test_wait_for_property(object, property, ...) \
  gui_test_wait_for_property_at (__FILE__, __LINE__, G_STRFUNC, (object), (property), __VA_ARGS__)

static inline void
gui_test_wait_for_property_at (const char *file,
                               int         line,
                               const char *func,
                               gpointer    object,
                               const char *property,
                               ...)
{
  GuiTestProperty wait = { G_OBJECT (object), NULL, G_VALUE_INIT, G_VALUE_INIT };
  g_autofree char *error = NULL;
  va_list args;

  wait.pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), property);
  if (wait.pspec == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s has no property \"%s\"",
                                                  G_OBJECT_TYPE_NAME (object), property);

      g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
      return;
    }

  va_start (args, property);
  G_VALUE_COLLECT_INIT (&wait.want, wait.pspec->value_type, args, 0, &error);
  va_end (args);
  g_assert_null (error);
  g_value_init (&wait.have, wait.pspec->value_type);

  if (!gui_test_iterate_until (gui_test_property_has_value, &wait))
    {
      g_autofree char *want = g_strdup_value_contents (&wait.want);
      g_autofree char *have = g_strdup_value_contents (&wait.have);
      g_autofree char *what = g_strdup_printf ("%s:%s to be %s (it is %s)",
                                               G_OBJECT_TYPE_NAME (object), property, want, have);

      gui_test_fail_wait (file, line, func, what);
    }
  g_value_unset (&wait.want);
  g_value_unset (&wait.have);
}

/* ------------------------------------------------------------------ */
/* A signal                                                            */
/* ------------------------------------------------------------------ */

/* Counts the emissions of one signal from the moment it is made, so that
 * an emission the next call causes is not missed:
 *   g_autoptr (GuiTestSignal) shown = gui_test_signal_watch (row, "notify::selected");
 *   ...
 *   gui_test_wait_for_signal (shown, 1); */
typedef struct
{
  GObject *instance;
  gulong   handler;
  guint    count;
  char    *name;
} GuiTestSignal;

static inline void
gui_test_signal_marshal (GClosure     *closure,
                         GValue       *return_value,
                         guint         n_param_values,
                         const GValue *param_values,
                         gpointer      invocation_hint,
                         gpointer      marshal_data)
{
  GuiTestSignal *watch = closure->data;

  watch->count++;
}

static inline GuiTestSignal *
gui_test_signal_watch (gpointer    instance,
                       const char *detailed_signal)
{
  GuiTestSignal *watch = g_new0 (GuiTestSignal, 1);
  GClosure *closure = g_closure_new_simple (sizeof (GClosure), watch);

  g_closure_set_marshal (closure, gui_test_signal_marshal);
  watch->instance = G_OBJECT (instance);
  watch->name = g_strdup_printf ("%s::%s", G_OBJECT_TYPE_NAME (instance), detailed_signal);
  watch->handler = g_signal_connect_closure (instance, detailed_signal, closure, FALSE);
  g_assert_cmpuint (watch->handler, !=, 0);
  g_object_add_weak_pointer (watch->instance, (gpointer *) &watch->instance);

  return watch;
}

static inline void
gui_test_signal_watch_free (GuiTestSignal *watch)
{
  if (watch->instance != NULL)
    {
      g_signal_handler_disconnect (watch->instance, watch->handler);
      g_object_remove_weak_pointer (watch->instance, (gpointer *) &watch->instance);
    }
  g_free (watch->name);
  g_free (watch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GuiTestSignal, gui_test_signal_watch_free)

typedef struct
{
  GuiTestSignal *watch;
  guint          count;
} GuiTestSignalWait;

static inline gboolean
gui_test_signal_reached (gpointer data)
{
  GuiTestSignalWait *wait = data;

  return wait->watch->count >= wait->count;
}

/* Waits until @watch has seen @count emissions in all. */
#define gui_test_wait_for_signal(watch, count) \
  gui_test_wait_for_signal_at (__FILE__, __LINE__, G_STRFUNC, (watch), (count))

static inline void
gui_test_wait_for_signal_at (const char    *file,
                             int            line,
                             const char    *func,
                             GuiTestSignal *watch,
                             guint          count)
{
  GuiTestSignalWait wait = { watch, count };

  if (!gui_test_iterate_until (gui_test_signal_reached, &wait))
    {
      g_autofree char *what = g_strdup_printf ("%u emissions of %s (%u seen)",
                                               count, watch->name, watch->count);

      gui_test_fail_wait (file, line, func, what);
    }
}

/* ------------------------------------------------------------------ */
/* Frames                                                              */
/* ------------------------------------------------------------------ */

static inline gboolean
gui_test_keep_ticking (GtkWidget     *widget,
                       GdkFrameClock *clock,
                       gpointer       data)
{
  return G_SOURCE_CONTINUE;
}

/* Waits until the frame clock of @widget has drawn @n frames from now:
 * once it has, everything queued before (a resize, a redraw, a shown
 * panel) has been laid out and painted, and whatever the app does after
 * painting (::after-paint) has run.  The widget must be mapped. */
#define gui_test_wait_for_frames(widget, n) \
  gui_test_wait_for_frames_at (__FILE__, __LINE__, G_STRFUNC, GTK_WIDGET (widget), (n))

static inline void
gui_test_wait_for_frames_at (const char *file,
                             int         line,
                             const char *func,
                             GtkWidget  *widget,
                             guint       n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  g_autoptr (GuiTestSignal) painted = NULL;
  GuiTestSignalWait wait = { NULL, n };
  guint tick_id;

  if (clock == NULL)
    {
      g_autofree char *message = g_strdup_printf ("a frame of a %s, which is not realized",
                                                  G_OBJECT_TYPE_NAME (widget));

      g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
      return;
    }

  /* The tick callback keeps frames coming even when nothing is dirty. */
  painted = gui_test_signal_watch (clock, "after-paint");
  wait.watch = painted;
  tick_id = gtk_widget_add_tick_callback (widget, gui_test_keep_ticking, NULL, NULL);
  if (!gui_test_iterate_until (gui_test_signal_reached, &wait))
    {
      g_autofree char *what = g_strdup_printf ("%u frames drawn by the frame clock of a %s (%u drawn)",
                                               n, G_OBJECT_TYPE_NAME (widget), painted->count);

      gui_test_fail_wait (file, line, func, what);
    }
  gtk_widget_remove_tick_callback (widget, tick_id);
}

/* ------------------------------------------------------------------ */
/* The main loop going idle                                            */
/* ------------------------------------------------------------------ */

static inline gboolean
gui_test_idle_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static inline gboolean
gui_test_is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Waits until the main loop has nothing ready above G_PRIORITY_LOW: every
 * idle the code under test has queued (work it does "when the main loop
 * is idle", in slices) has run and not queued itself again.  Frames and
 * timeouts that are not due yet do not count.  @what says which work
 * ("the replay to give up"). */
#define gui_test_wait_for_idle(what) \
  gui_test_wait_for_idle_at (__FILE__, __LINE__, G_STRFUNC, (what))

static inline void
gui_test_wait_for_idle_at (const char *file,
                           int         line,
                           const char *func,
                           const char *what)
{
  gboolean ran = FALSE;
  guint idle_id = g_idle_add_full (G_PRIORITY_LOW, gui_test_idle_cb, &ran, NULL);

  if (!gui_test_iterate_until (gui_test_is_true, &ran))
    {
      g_source_remove (idle_id);
      gui_test_fail_wait (file, line, func, what);
    }
}

/* ------------------------------------------------------------------ */
/* Real input through the X server                                     */
/* ------------------------------------------------------------------ */

/* Whether xdotool is there; marks the test skipped when it is not. */
static inline gboolean
gui_test_have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");

  if (path == NULL)
    g_test_skip ("xdotool is not installed");
  return path != NULL;
}

/* The releases (of keys other than modifiers, and of mouse buttons) that
 * reached the process's surfaces, counted by an emission hook on
 * GdkSurface::event: hooks run before GTK's handler, so even a release a
 * controller stops is counted, and a release that goes to a popover's
 * surface too.  The X server sends a key's or a button's release after
 * its press, and GTK handles each event completely before the next, so
 * once a release is counted, its press has been handled. */
typedef struct
{
  guint keys;
  guint buttons;
} GuiTestInput;

static inline gboolean
gui_test_input_hook (GSignalInvocationHint *hint,
                     guint                  n_values,
                     const GValue          *values,
                     gpointer               data)
{
  GuiTestInput *input = data;
  GdkEvent *event;

  if (n_values < 2)
    return TRUE;

  event = g_value_peek_pointer (&values[1]);
  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_KEY_RELEASE:
      if (!gdk_key_event_is_modifier (event))
        input->keys++;
      break;
    case GDK_BUTTON_RELEASE:
      input->buttons++;
      break;
    default:
      break;
    }

  return TRUE;
}

typedef struct
{
  GuiTestInput *input;
  guint         keys;
  guint         buttons;
} GuiTestInputWait;

static inline gboolean
gui_test_input_handled (gpointer data)
{
  GuiTestInputWait *wait = data;

  return wait->input->keys >= wait->keys && wait->input->buttons >= wait->buttons;
}

/* Focuses @window, runs xdotool's @command (after "windowfocus --sync
 * XID"), then waits until the window has received @keys key releases and
 * @buttons button releases: the command's input has been handled. */
static inline void
gui_test_xdotool_at (const char *file,
                     int         line,
                     const char *func,
                     GtkWindow  *window,
                     const char *command,
                     guint       keys,
                     guint       buttons)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *cmdline = g_strdup_printf ("xdotool windowfocus --sync %lu %s",
                                              (gulong) gdk_x11_surface_get_xid (surface),
                                              command);
  GuiTestInput input = { 0, 0 };
  GuiTestInputWait wait = { &input, keys, buttons };
  guint signal_id = g_signal_lookup ("event", GDK_TYPE_SURFACE);
  g_autoptr (GError) error = NULL;
  gulong hook_id;
  int status;

  hook_id = g_signal_add_emission_hook (signal_id, 0, gui_test_input_hook, &input, NULL);
  g_assert_true (g_spawn_command_line_sync (cmdline, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  if (!gui_test_iterate_until (gui_test_input_handled, &wait))
    {
      g_autofree char *what = g_strdup_printf ("the window to handle \"%s\" (%u of %u key and "
                                               "%u of %u button releases seen)",
                                               command, input.keys, keys, input.buttons, buttons);

      g_signal_remove_emission_hook (signal_id, hook_id);
      gui_test_fail_wait (file, line, func, what);
      return;
    }
  g_signal_remove_emission_hook (signal_id, hook_id);
}

/* Presses and releases @keys (xdotool key names, separated by spaces:
 * "Right Right", "KP_Right", "F8") in @window, and returns once the
 * window has handled them. */
#define gui_test_press_keys(window, keys) \
  gui_test_press_keys_at (__FILE__, __LINE__, G_STRFUNC, GTK_WINDOW (window), (keys))

static inline void
gui_test_press_keys_at (const char *file,
                        int         line,
                        const char *func,
                        GtkWindow  *window,
                        const char *keys)
{
  g_auto (GStrv) names = g_strsplit_set (keys, " \t", -1);
  g_autofree char *command = g_strdup_printf ("key %s", keys);
  guint n = 0;

  for (guint i = 0; names[i] != NULL; i++)
    n += names[i][0] != '\0';
  gui_test_xdotool_at (file, line, func, window, command, n, 0);
}

/* Clicks the first button at (@x, @y) of @widget, and returns once its
 * window has handled the click. */
#define gui_test_click(widget, x, y) \
  gui_test_click_at (__FILE__, __LINE__, G_STRFUNC, GTK_WIDGET (widget), (x), (y))

static inline void
gui_test_click_at (const char *file,
                   int         line,
                   const char *func,
                   GtkWidget  *widget,
                   double      x,
                   double      y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  g_autofree char *command = NULL;
  double wx, wy, sx, sy;

  g_assert_true (GTK_IS_WINDOW (native));
  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &wx, &wy));
  gtk_native_get_surface_transform (native, &sx, &sy);
  command = g_strdup_printf ("mousemove --window %lu %d %d click 1",
                             (gulong) gdk_x11_surface_get_xid (surface),
                             (int) (wx + sx), (int) (wy + sy));
  gui_test_xdotool_at (file, line, func, GTK_WINDOW (native), command, 0, 1);
}
