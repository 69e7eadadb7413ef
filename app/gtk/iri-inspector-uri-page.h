/* iri-inspector-uri-page.h: the URI page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_URI_PAGE (iri_inspector_uri_page_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorUriPage, iri_inspector_uri_page, IRI_INSPECTOR, URI_PAGE, AdwBin)

/* The URI forms of the analysed IRI (§3: percent-encoded host, IDNA
 * host, and the IRI the URI converts back to for reading, §3.7), each
 * with a copy button; and a field that converts a pasted URI to an IRI.
 * "copied" (string: a toast text) is emitted after a copy, "load"
 * (string: an IRI) when the converted IRI should be inspected. */
GtkWidget *iri_inspector_uri_page_new          (void);
void       iri_inspector_uri_page_set_analysis (IriInspectorUriPage *self,
                                                IriAnalysis         *analysis);

G_END_DECLS
