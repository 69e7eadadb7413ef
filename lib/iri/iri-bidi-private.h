/* iri-bidi-private.h: layout internals for the bidi checks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-bidi.h"
#include "iri-reference.h"

G_BEGIN_DECLS

/* iri_bidi_layout_new() for the text of a reference, which is valid
 * UTF-8 (a tolerant parse replaces what is not) and whose characters it
 * has counted: the analysis lays out every text that is not ASCII, and
 * validating and counting it again cost a tenth of the layout. */
IriBidiLayout *iri_bidi_layout_new_for_reference (IriReference   *reference,
                                                  IriDisplayMode  mode);

/* The logical index of the character at each visual position, or NULL
 * when the layout is trivial (the identity). */
const gsize *iri_bidi_layout_peek_vis2log (IriBidiLayout *self);

/* The visual position of each logical character, or NULL when the
 * layout is trivial (the identity).  With vis2log, what the checks read
 * for every character they compare: the public lookups check their
 * arguments on each call. */
const gsize *iri_bidi_layout_peek_log2vis (IriBidiLayout *self);

/* The byte offset in the layout's text of each logical character, and
 * of the end (n_chars + 1 entries), or NULL when the text is ASCII
 * (the offset is the index). */
const gsize *iri_bidi_layout_peek_char_bytes (IriBidiLayout *self);

/* The text of visual positions [start, end), as UTF-8, where it stands
 * in the layout's visual text: @out_length bytes, not NUL-terminated. */
const char  *iri_bidi_layout_peek_visual_range (IriBidiLayout *self,
                                                gsize          start,
                                                gsize          end,
                                                gsize         *out_length);

/* The text of visual positions [start, end), as UTF-8. */
char        *iri_bidi_layout_dup_visual_range (IriBidiLayout *self,
                                               gsize          start,
                                               gsize          end);

G_END_DECLS
