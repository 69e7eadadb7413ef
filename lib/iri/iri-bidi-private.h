/* iri-bidi-private.h: layout internals for the bidi checks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-bidi.h"

G_BEGIN_DECLS

/* The logical index of the character at each visual position, or NULL
 * when the layout is trivial (the identity). */
const gsize *iri_bidi_layout_peek_vis2log (IriBidiLayout *self);

/* The text of visual positions [start, end), as UTF-8. */
char        *iri_bidi_layout_dup_visual_range (IriBidiLayout *self,
                                               gsize          start,
                                               gsize          end);

G_END_DECLS
