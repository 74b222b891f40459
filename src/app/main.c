/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bitmaze-application.h"
#include "bitmaze-memory.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (BitmazeApplication) app = NULL;
  const char *localedir;

  bitmaze_memory_tune ();
  setlocale (LC_ALL, "");
  /* BITMAZE_LOCALEDIR points at uninstalled translations, e.g.
   * <builddir>/po, for the tests and for trying a new .po file. */
  localedir = g_getenv ("BITMAZE_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = bitmaze_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
