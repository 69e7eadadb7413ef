/* ui-types.c: makes the types of the app's .ui files known to
 * gtk4-builder-tool
 *
 * gtk4-builder-tool validate looks types up by name, and a template's
 * parent type must be registered before it reads the file; libadwaita
 * and libiri-gtk register theirs only when first used.  The tests preload
 * this module, which registers them when it is loaded.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <iri-gtk.h>

__attribute__((constructor)) static void
register_types (void)
{
  g_type_ensure (ADW_TYPE_APPLICATION_WINDOW);
  g_type_ensure (ADW_TYPE_TOAST_OVERLAY);
  /* The types of the template for the libadwaita in use (app/gtk/meson.build). */
#if ADW_CHECK_VERSION (1, 4, 0)
  g_type_ensure (ADW_TYPE_BREAKPOINT);
  g_type_ensure (ADW_TYPE_OVERLAY_SPLIT_VIEW);
  g_type_ensure (ADW_TYPE_VIEW_SWITCHER);
#else
  g_type_ensure (ADW_TYPE_FLAP);
  g_type_ensure (ADW_TYPE_VIEW_SWITCHER_TITLE);
#endif
  g_type_ensure (ADW_TYPE_HEADER_BAR);
  g_type_ensure (ADW_TYPE_WINDOW_TITLE);
  g_type_ensure (ADW_TYPE_VIEW_SWITCHER_BAR);
  g_type_ensure (ADW_TYPE_VIEW_STACK);
  g_type_ensure (IRI_GTK_TYPE_ENTRY);
  g_type_ensure (IRI_GTK_TYPE_VIEW);
}
