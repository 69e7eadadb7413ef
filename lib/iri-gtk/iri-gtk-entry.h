/* iri-gtk-entry.h: an entry for IRIs
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

#define IRI_GTK_TYPE_ENTRY (iri_gtk_entry_get_type ())

IRI_GTK_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriGtkEntry, iri_gtk_entry, IRI_GTK, ENTRY, GtkWidget)

IRI_GTK_AVAILABLE_IN_0_1
GtkWidget          *iri_gtk_entry_new                  (void);

IRI_GTK_AVAILABLE_IN_0_1
const char         *iri_gtk_entry_get_text             (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_text             (IriGtkEntry        *self,
                                                        const char         *text);
IRI_GTK_AVAILABLE_IN_0_1
const char         *iri_gtk_entry_get_uri              (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
IriHostMapping      iri_gtk_entry_get_uri_host_mapping (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_uri_host_mapping (IriGtkEntry        *self,
                                                        IriHostMapping      mapping);
IRI_GTK_AVAILABLE_IN_0_1
IriDisplayMode      iri_gtk_entry_get_display_mode     (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_display_mode     (IriGtkEntry        *self,
                                                        IriDisplayMode      mode);
IRI_GTK_AVAILABLE_IN_0_1
GListModel         *iri_gtk_entry_get_diagnostics      (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
IriSeverity         iri_gtk_entry_get_highest_severity (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
gboolean            iri_gtk_entry_get_show_preview     (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_show_preview     (IriGtkEntry        *self,
                                                        gboolean            show_preview);
IRI_GTK_AVAILABLE_IN_0_1
const char * const *iri_gtk_entry_get_known_hosts      (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_known_hosts      (IriGtkEntry        *self,
                                                        const char * const *known_hosts);
IRI_GTK_AVAILABLE_IN_0_1
gboolean            iri_gtk_entry_get_convert_uris     (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_convert_uris     (IriGtkEntry        *self,
                                                        gboolean            convert_uris);
IRI_GTK_AVAILABLE_IN_0_1
IriDisplayLevel     iri_gtk_entry_get_display_policy   (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
void                iri_gtk_entry_set_display_policy   (IriGtkEntry        *self,
                                                        IriDisplayLevel     level);
IRI_GTK_AVAILABLE_IN_0_1
gboolean            iri_gtk_entry_get_missing_glyphs   (IriGtkEntry        *self);
IRI_GTK_AVAILABLE_IN_0_1
IriAnalysis        *iri_gtk_entry_get_analysis         (IriGtkEntry        *self);

G_END_DECLS
