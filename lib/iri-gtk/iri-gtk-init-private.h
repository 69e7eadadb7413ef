/* iri-gtk-init-private.h: what every widget of the library needs once
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void iri_gtk_ensure_stylesheet (GdkDisplay *display);

G_END_DECLS
