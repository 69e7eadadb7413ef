/* iri-gtk-view.h: a read-only display of an IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_GTK_INSIDE) && !defined(IRI_GTK_COMPILATION)
#error "Only <iri-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include <iri.h>

#include "iri-gtk-version.h"

G_BEGIN_DECLS

#define IRI_GTK_TYPE_VIEW (iri_gtk_view_get_type ())

IRI_GTK_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriGtkView, iri_gtk_view, IRI_GTK, VIEW, GtkWidget)

IRI_GTK_AVAILABLE_IN_0_1
GtkWidget          *iri_gtk_view_new                  (const char         *text);

IRI_GTK_AVAILABLE_IN_0_1
const char         *iri_gtk_view_get_text             (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_text             (IriGtkView         *self,
                                                       const char         *text);
IRI_GTK_AVAILABLE_IN_0_1
const char         *iri_gtk_view_get_uri              (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
IriHostMapping      iri_gtk_view_get_uri_host_mapping (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_uri_host_mapping (IriGtkView         *self,
                                                       IriHostMapping      mapping);
IRI_GTK_AVAILABLE_IN_0_1
IriDisplayMode      iri_gtk_view_get_display_mode     (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_display_mode     (IriGtkView         *self,
                                                       IriDisplayMode      mode);
IRI_GTK_AVAILABLE_IN_0_1
GListModel         *iri_gtk_view_get_diagnostics      (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
IriSeverity         iri_gtk_view_get_highest_severity (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
const char * const *iri_gtk_view_get_known_hosts      (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_known_hosts      (IriGtkView         *self,
                                                       const char * const *known_hosts);
IRI_GTK_AVAILABLE_IN_0_1
IriDisplayLevel     iri_gtk_view_get_display_policy   (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_display_policy   (IriGtkView         *self,
                                                       IriDisplayLevel     level);
IRI_GTK_AVAILABLE_IN_0_1
gboolean            iri_gtk_view_get_ellipsize        (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_set_ellipsize        (IriGtkView         *self,
                                                       gboolean            ellipsize);
IRI_GTK_AVAILABLE_IN_0_1
gboolean            iri_gtk_view_get_missing_glyphs   (IriGtkView         *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_view_select_region        (IriGtkView         *self,
                                                       int                 start,
                                                       int                 end);
IRI_GTK_AVAILABLE_IN_0_1
IriAnalysis        *iri_gtk_view_get_analysis         (IriGtkView         *self);

G_END_DECLS
