/* iri-unit-private.h: the units of an IRI, for the modules that check them
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

/* The public IriUnit type is declared with the analysis that hands it
 * out. */
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

G_END_DECLS
