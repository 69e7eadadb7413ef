/* iri-reference.h: a parsed IRI reference
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-diagnostic.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

typedef struct _IriReference IriReference;

#define IRI_TYPE_REFERENCE (iri_reference_get_type ())

IRI_AVAILABLE_IN_0_1
GType         iri_reference_get_type          (void);

IRI_AVAILABLE_IN_0_1
IriReference *iri_reference_parse             (const char     *text,
                                               gssize          length,
                                               IriParseFlags   flags,
                                               GError        **error);
IRI_AVAILABLE_IN_0_1
IriReference *iri_reference_parse_tolerant    (const char     *text,
                                               gssize          length,
                                               IriParseFlags   flags);

IRI_AVAILABLE_IN_0_1
IriReference *iri_reference_ref               (IriReference   *self);
IRI_AVAILABLE_IN_0_1
void          iri_reference_unref             (IriReference   *self);

IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_text          (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gsize         iri_reference_get_length        (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gsize         iri_reference_get_n_chars       (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gboolean      iri_reference_is_valid          (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gboolean      iri_reference_is_absolute       (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gboolean      iri_reference_is_ascii          (IriReference   *self);

IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_scheme        (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_authority     (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_userinfo      (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_host          (IriReference   *self);
IRI_AVAILABLE_IN_0_1
IriHostKind   iri_reference_get_host_kind     (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_port          (IriReference   *self);
IRI_AVAILABLE_IN_0_1
gint          iri_reference_get_port_number   (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_path          (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_query         (IriReference   *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_reference_get_fragment      (IriReference   *self);

IRI_AVAILABLE_IN_0_1
gboolean      iri_reference_get_span          (IriReference   *self,
                                               IriComponent    component,
                                               IriSpan        *out_span);
IRI_AVAILABLE_IN_0_1
gsize         iri_reference_byte_to_char      (IriReference   *self,
                                               gsize           byte_offset);
IRI_AVAILABLE_IN_0_1
gsize         iri_reference_char_to_byte      (IriReference   *self,
                                               gsize           char_offset);

IRI_AVAILABLE_IN_0_1
guint          iri_reference_get_n_diagnostics (IriReference  *self);
IRI_AVAILABLE_IN_0_1
IriDiagnostic *iri_reference_get_diagnostic    (IriReference  *self,
                                                guint          index);
IRI_AVAILABLE_IN_0_1
GListModel    *iri_reference_get_diagnostics   (IriReference  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriReference, iri_reference_unref)

G_END_DECLS
