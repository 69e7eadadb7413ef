/* iri-inspector-steps-page.h: the Steps page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_STEPS_PAGE (iri_inspector_steps_page_get_type ())
G_DECLARE_FINAL_TYPE (IriInspectorStepsPage, iri_inspector_steps_page, IRI_INSPECTOR, STEPS_PAGE, AdwBin)

GtkWidget *iri_inspector_steps_page_new          (void);
void       iri_inspector_steps_page_set_analysis (IriInspectorStepsPage *self,
                                                  IriAnalysis           *analysis);
void       iri_inspector_steps_page_select       (IriInspectorStepsPage *self,
                                                  gssize                 index);
void       iri_inspector_steps_page_set_notation (IriInspectorStepsPage *self,
                                                  IriNotation            notation);
gssize     iri_inspector_steps_page_get_selected (IriInspectorStepsPage *self);
IriBidiTrace *iri_inspector_steps_page_get_trace (IriInspectorStepsPage *self);

G_END_DECLS
