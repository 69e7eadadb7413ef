/* iri-bidi-char-label.h: how the bidi table and picture show a character
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a box shows for @c: the character, a dotted circle under a mark,
 * or a name (SP, ZWJ, RLE, U+XXXX) where it would be invisible or would
 * move the text around it. */
char *iri_bidi_diagram_char_label (gunichar c);

G_END_DECLS
