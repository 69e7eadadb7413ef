/* iri-bidi-trace-private.h: the bidi tracer's entry points for tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-bidi-trace.h"

G_BEGIN_DECLS

IriBidiClass   iri_bidi_class_of_char          (gunichar            c,
                                                IriNotation         notation);
IriBidiTrace  *iri_bidi_trace_new_for_classes  (const IriBidiClass *classes,
                                                gsize               n,
                                                IriBidiParagraph    paragraph);

G_END_DECLS
