/* iri-inspector-diagram.h: the stored order above the display
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_DIAGRAM (iri_inspector_diagram_get_type ())
G_DECLARE_FINAL_TYPE (IriInspectorDiagram, iri_inspector_diagram, IRI_INSPECTOR, DIAGRAM, GtkWidget)

GtkWidget    *iri_inspector_diagram_new          (void);
void          iri_inspector_diagram_set_trace    (IriInspectorDiagram *self,
                                                  IriBidiTrace        *trace);
IriBidiTrace *iri_inspector_diagram_get_trace    (IriInspectorDiagram *self);
void          iri_inspector_diagram_set_scale    (IriInspectorDiagram *self,
                                                  double               scale);
void          iri_inspector_diagram_set_hadjustment (IriInspectorDiagram *self,
                                                     GtkAdjustment       *adjustment);
void          iri_inspector_diagram_set_selected (IriInspectorDiagram *self,
                                                  gssize               index);
gssize        iri_inspector_diagram_get_selected (IriInspectorDiagram *self);
gboolean      iri_inspector_diagram_save         (IriInspectorDiagram *self,
                                                  const char          *path,
                                                  gboolean             png,
                                                  GError             **error);

G_END_DECLS
