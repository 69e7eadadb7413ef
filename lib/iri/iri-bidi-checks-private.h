/* iri-bidi-checks-private.h: the bidi findings of an analysis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-analysis.h"
#include "iri-bidi.h"
#include "iri-diagnostic-private.h"

G_BEGIN_DECLS

/* Adds the findings of RFC 3987bis §4.2 (rules 1 and 2, digits next to
 * right-to-left components), of §9 (a display in which components
 * interleave or the host reads as another), and of the RFC 5893 Bidi
 * Rule on host labels.  @layout is the §4.1 (embed) layout of the
 * reference's text; @units its units; quoted text in messages is written
 * back in @notation. */
void iri_bidi_check (IriReference    *reference,
                     GArray          *units,
                     IriBidiLayout   *layout,
                     IriNotation      notation,
                     IriDiagnostics  *diagnostics);

G_END_DECLS
