/* iri-diagnostic.h: one finding about an IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

#define IRI_TYPE_DIAGNOSTIC (iri_diagnostic_get_type ())

IRI_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriDiagnostic, iri_diagnostic, IRI, DIAGNOSTIC, GObject)

IRI_AVAILABLE_IN_0_1
IriDiagnostic *iri_diagnostic_new            (const char    *code,
                                              IriSeverity    severity,
                                              IriComponent   component,
                                              const IriSpan *span,
                                              const char    *spec,
                                              const char    *message,
                                              const char    *hint);
IRI_AVAILABLE_IN_0_1
const char    *iri_diagnostic_get_code       (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
IriSeverity    iri_diagnostic_get_severity   (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
IriComponent   iri_diagnostic_get_component  (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
void           iri_diagnostic_get_span       (IriDiagnostic *self,
                                              IriSpan       *out_span);
IRI_AVAILABLE_IN_0_1
gsize          iri_diagnostic_get_start      (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
gsize          iri_diagnostic_get_end        (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_diagnostic_get_spec       (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_diagnostic_get_message    (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
char          *iri_diagnostic_dup_display_message (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
char          *iri_diagnostic_dup_accessible_message (IriDiagnostic *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_diagnostic_get_hint       (IriDiagnostic *self);

IRI_AVAILABLE_IN_0_1
int            iri_diagnostic_compare        (IriDiagnostic *a,
                                              IriDiagnostic *b);

G_END_DECLS
