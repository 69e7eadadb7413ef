/* iri-inspector-compare-page.h: the Compare page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_COMPARE_PAGE (iri_inspector_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorComparePage, iri_inspector_compare_page, IRI_INSPECTOR, COMPARE_PAGE, AdwBin)

/* A second IRI, and the rung of the comparison ladder (RFC 3987 §5.3)
 * at which it equals the analysed one, with both normal forms. */
GtkWidget *iri_inspector_compare_page_new          (void);
void       iri_inspector_compare_page_set_analysis (IriInspectorComparePage *self,
                                                    IriAnalysis             *analysis);

G_END_DECLS
