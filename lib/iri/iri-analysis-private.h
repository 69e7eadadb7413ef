/* iri-analysis-private.h: pieces of the analysis other modules reuse
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-analysis.h"

G_BEGIN_DECLS

/* The direction of a stretch of valid UTF-8 (UAX #9 strong classes). */
IriDirection iri_direction_of  (const char   *text,
                                gsize         length);

/* The units of DESIGN.md §3 (element-type IriUnit), in text order. */
GArray      *iri_compute_units (IriReference *reference);

/* The name of a unit kind at the start of a sentence ("The host label"),
 * for messages. */
const char  *iri_unit_name     (IriComponent  kind);

/* The analysis the display policy judges a decoded form by: no
 * notation, and no readable form of its own (the policy computes that
 * one, so this breaks the recursion). */
IriAnalysis *iri_analyzer_analyze_for_display (IriAnalyzer *self,
                                               const char  *text,
                                               gsize        length);

G_END_DECLS
