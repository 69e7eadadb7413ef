/* main.c: iri-inspector, the desktop app
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "iri-inspector-application.h"
#include "iri-utf8-locale.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IriInspectorApplication) app = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  GSettingsSchemaSource *source;

  /* An IRI given on the command line is UTF-8 in every locale; GTK
   * would set the locale from the environment again at start-up. */
  iri_setup_utf8_locale (NULL);
  gtk_disable_setlocale ();
  /* Run from the build directory (meson devenv), the translations are
   * those of the tree, not of the installed copy. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IRI_INSPECTOR_LOCALEDIR") != NULL
                                     ? g_getenv ("IRI_INSPECTOR_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* GSettings ends the process with a trap when a schema is missing,
   * as it is when the app is run from a build directory outside
   * `meson devenv`: say what to do instead. */
  source = g_settings_schema_source_get_default ();
  schema = source != NULL ? g_settings_schema_source_lookup (source, IRI_INSPECTOR_APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      /* Translators: %s is the app's settings schema ID; do not
       * translate the commands */
      g_printerr (_("iri-inspector: its settings schema %s is not installed. Install the app "
                    "(meson install), or run it from its build directory with "
                    "“meson devenv -C BUILDDIR iri-inspector”.\n"), IRI_INSPECTOR_APP_ID);
      return 1;
    }

  app = iri_inspector_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
