/* iri-gtk-init.c: what every widget of the library needs once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "iri-gtk-init-private.h"
#include "iri-gtk-resources.h"

/* The library's messages are in the project's gettext domain.  A
 * program that never calls bindtextdomain() itself (a Python script
 * through introspection) still gets them translated.  The domain is
 * bound when the library is loaded, before main() runs, as libiri does:
 * a program that binds it elsewhere (the app run from the build tree)
 * does so after, and keeps its choice. */
__attribute__((constructor)) static void
bind_textdomain_on_load (void)
{
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}

/* The default stylesheet, once per display, below every theme and
 * application stylesheet (GTK_STYLE_PROVIDER_PRIORITY_FALLBACK) so that
 * both can restyle the widgets. */
void
iri_gtk_ensure_stylesheet (GdkDisplay *display)
{
  static gsize registered = 0;
  GtkCssProvider *provider;

  if (g_once_init_enter (&registered))
    {
      iri_gtk_register_resource ();
      g_once_init_leave (&registered, 1);
    }

  if (display == NULL || g_object_get_data (G_OBJECT (display), "iri-gtk-css-provider") != NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/iri_inspector/IriInspector/gtk/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_FALLBACK);
  g_object_set_data_full (G_OBJECT (display), "iri-gtk-css-provider", provider, g_object_unref);
}
