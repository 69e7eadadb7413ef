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
 * What is for reading goes through the display policy (§5a), which the
 * page follows as it changes; NULL is the default policy.
 * "copied" (string: a toast text) is emitted after a copy, "load"
 * (string: an IRI) when the converted IRI should be inspected. */
GtkWidget *iri_inspector_uri_page_new          (void);
void       iri_inspector_uri_page_set_analysis (IriInspectorUriPage *self,
                                                IriAnalysis         *analysis);
void       iri_inspector_uri_page_set_display_policy (IriInspectorUriPage *self,
                                                      IriDisplayPolicy    *policy);
/* What the page shows, for the tests and --report-startup: the readable
 * form, and the converter's IRI with its notes (NULL when none). */
const char *iri_inspector_uri_page_get_readable  (IriInspectorUriPage *self);
const char *iri_inspector_uri_page_get_converted (IriInspectorUriPage *self,
                                                  const char         **out_notes);

G_END_DECLS
