/* iri-inspector-examples-page.h: the Examples page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_EXAMPLES_PAGE (iri_inspector_examples_page_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorExamplesPage, iri_inspector_examples_page,
                      IRI_INSPECTOR, EXAMPLES_PAGE, AdwBin)

/* The teaching set of data/examples (RFC 3987bis §4.4 and the display
 * hazards), written in Bidi Notation, Hebrew or Arabic as the "notation"
 * setting says, each with its displays and the explanation of why it
 * displays so.  "load" (string: the IRI with real letters) is emitted
 * when one is chosen. */
GtkWidget *iri_inspector_examples_page_new (GSettings *settings);
/* The display policy (§5a) that turns the URI examples into the IRIs
 * shown; the page follows it as it changes.  NULL: the default one. */
void       iri_inspector_examples_page_set_display_policy (IriInspectorExamplesPage *self,
                                                           IriDisplayPolicy         *policy);

G_END_DECLS
