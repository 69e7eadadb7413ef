/* iri-compare.h: the comparison ladder (RFC 3987 §5.3)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-reference.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

IRI_AVAILABLE_IN_0_1
char          *iri_reference_normalize (IriReference    *self,
                                        IriComparison    level,
                                        GError         **error);
IRI_AVAILABLE_IN_0_1
char          *iri_reference_normalize_full (IriReference       *self,
                                             IriComparison       level,
                                             IriNormalizeFlags   flags,
                                             GError            **error);
IRI_AVAILABLE_IN_0_1
char          *iri_normalize           (const char      *text,
                                        gssize           length,
                                        IriComparison    level,
                                        GError         **error);
IRI_AVAILABLE_IN_0_1
IriComparison  iri_reference_compare   (IriReference    *a,
                                        IriReference    *b,
                                        IriComparison    max_level);
IRI_AVAILABLE_IN_0_1
IriComparison  iri_reference_compare_full (IriReference      *a,
                                           IriReference      *b,
                                           IriComparison      max_level,
                                           IriNormalizeFlags  flags);
IRI_AVAILABLE_IN_0_1
IriComparison  iri_compare             (const char      *a,
                                        const char      *b,
                                        IriComparison    max_level,
                                        GError         **error);

G_END_DECLS
