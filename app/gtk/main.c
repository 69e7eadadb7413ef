/* main.c: iri-inspector, the desktop app
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "iri-inspector-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IriInspectorApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* Run from the build directory (meson devenv), the translations are
   * those of the tree, not of the installed copy. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IRI_INSPECTOR_LOCALEDIR") != NULL
                                     ? g_getenv ("IRI_INSPECTOR_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = iri_inspector_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
