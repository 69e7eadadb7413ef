/* iri-gtk.h: the one header of libiri-gtk
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <iri.h>

#define IRI_GTK_INSIDE

#include "iri-gtk-version.h"
#include "iri-gtk-entry.h"
#include "iri-gtk-view.h"

#undef IRI_GTK_INSIDE
