/* iri-inspector-diagnostics-page.h: the Diagnostics page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_DIAGNOSTICS_PAGE (iri_inspector_diagnostics_page_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorDiagnosticsPage, iri_inspector_diagnostics_page,
                      IRI_INSPECTOR, DIAGNOSTICS_PAGE, AdwBin)

GtkWidget *iri_inspector_diagnostics_page_new          (void);
void       iri_inspector_diagnostics_page_set_analysis (IriInspectorDiagnosticsPage *self,
                                                        IriAnalysis                 *analysis);

G_END_DECLS
