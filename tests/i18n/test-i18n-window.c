/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The real BitmazeWindow in the language of LANGUAGE, with the .mo files
 * of the build tree (BITMAZE_LOCALEDIR): the labels a user reads come
 * from the templates and from C, and all of them are translated.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "../common/gui-test.h"

#include "../common/window-test.h"

typedef struct
{
  const char *lang;
  const char *generate;  /* the "_Generate" button of the template */
  const char *search;    /* the "Search" group title of the template */
  const char *ready;     /* the state label, set from C */
  const char *cells;     /* the subtitle, ngettext for 20 × 15 cells */
  const char *untitled;  /* the window title, set from C */
} Expected;

static const Expected expected[] = {
  { "de", "Erzeugen", "Suche", "Bereit", "20 × 15 Zellen", "Unbenanntes Labyrinth" },
  { "es", "Generar", "Búsqueda", "Listo", "20 × 15 celdas", "Laberinto sin título" },
  { "fr", "Générer", "Recherche", "Prêt", "20 × 15 cellules", "Labyrinthe sans titre" },
};

/* English texts that must not be left in a translated window. */
static const char *const english[] = {
  "Generate", "Search", "Ready", "Maze", "Step", "Run", "Reset", "Algorithm",
  "Width", "Height", "Loops", "Seed", "Solver", "Speed", "20 × 15 cells",
};

static const Expected *
expected_for_language (void)
{
  const char *language = g_getenv ("LANGUAGE");

  for (guint i = 0; language != NULL && i < G_N_ELEMENTS (expected); i++)
    if (g_str_has_prefix (language, expected[i].lang))
      return &expected[i];

  return NULL;
}

/* Every text a GtkLabel inside @widget shows, as the user reads it
 * (without the mnemonic underscores). */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;

  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static gboolean
has_text (GPtrArray  *texts,
          const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_str_equal (g_ptr_array_index (texts, i), text))
      return TRUE;

  return FALSE;
}

static void
test_window_translated (void)
{
  const Expected *want = expected_for_language ();
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bitmaze.Bitmaze");
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  BitmazeWindow *window;

  g_assert_nonnull (want);

  g_settings_set_boolean (settings, "animate-generation", FALSE);
  window = bitmaze_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  bitmaze_session_set_seed (window_test_session (window), 1);
  bitmaze_session_set_size (window_test_session (window), 20, 15);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.generate", NULL);
  gui_test_wait_for_property (window_test_session (window), "running", FALSE);
  gui_test_wait_for_frames (window, 1);
  g_assert_cmpint (bitmaze_session_get_phase (window_test_session (window)), ==, BITMAZE_PHASE_READY);

  collect_labels (GTK_WIDGET (window), texts);
  g_assert_cmpuint (texts->len, >, 10);

  for (guint i = 0; i < G_N_ELEMENTS (english); i++)
    if (has_text (texts, english[i]))
      g_error ("the %s window still shows the English label “%s”", want->lang, english[i]);

  g_assert_true (has_text (texts, want->generate));
  g_assert_true (has_text (texts, want->search));
  g_assert_true (has_text (texts, want->ready));
  g_assert_true (has_text (texts, want->cells));
  g_assert_cmpstr (window_test_status_text (window, "state"), ==, want->ready);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), want->untitled));

  gui_test_destroy_window (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BITMAZE_LOCALEDIR");

  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init () forces en_US.UTF-8 (or "C" where that is not
   * generated), under which gettext ignores LANGUAGE: take the
   * environment's locale, C.UTF-8, again. */
  g_assert_nonnull (setlocale (LC_ALL, ""));
  adw_init ();

  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/i18n/window-translated", test_window_translated);

  return g_test_run ();
}
