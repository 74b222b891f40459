/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>
#include <string.h>

#include "bitmaze-application.h"
#include "bitmaze-memory.h"
#include "maze-output.h"

/* A save interrupted by SIGINT, SIGTERM or SIGHUP leaves the old file
 * and no temporary file: the handler removes the engine's unfinished
 * temporary files (maze-output.h), then the process dies of the signal
 * as it would have (SA_RESETHAND restored the default action), so the
 * shell sees it.  A signal whose action is not the default (ignored
 * under nohup, or handled) keeps it. */
static void
on_fatal_signal (int sig)
{
  maze_output_remove_pending ();
  raise (sig);
}

static void
install_cleanup_handlers (void)
{
  static const int fatal[] = { SIGINT, SIGTERM, SIGHUP };

  for (size_t k = 0; k < sizeof fatal / sizeof fatal[0]; k++)
    {
      struct sigaction old, sa;

      if (sigaction (fatal[k], NULL, &old) != 0
          || (old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL)
        continue;
      memset (&sa, 0, sizeof sa);
      sa.sa_handler = on_fatal_signal;
      sa.sa_flags = SA_RESETHAND;
      sigemptyset (&sa.sa_mask);
      for (size_t j = 0; j < sizeof fatal / sizeof fatal[0]; j++)
        sigaddset (&sa.sa_mask, fatal[j]);
      sigaction (fatal[k], &sa, NULL);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (BitmazeApplication) app = NULL;
  const char *localedir;

  bitmaze_memory_tune ();
  install_cleanup_handlers ();
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
