/* iri-grapheme-private.h: grapheme cluster boundaries (UAX #29)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets @is_boundary[i] (n_chars + 1 entries) to whether a cursor may
 * stand before character i of @text (@length bytes of valid UTF-8,
 * @n_chars characters): Pango's cursor positions, Pango being loaded
 * on the first call (iri-grapheme.c), or the approximation below when
 * it cannot be. */
void iri_grapheme_boundaries             (const char *text,
                                          gsize       length,
                                          gsize       n_chars,
                                          guint8     *is_boundary);

/* The approximation used without Pango: before every character but a
 * mark, a ZWJ and what follows one, a variation selector, LF after CR,
 * a Hangul vowel or final jamo and the second of a pair of regional
 * indicators. */
void iri_grapheme_boundaries_approximate (const char *text,
                                          gsize       length,
                                          gsize       n_chars,
                                          guint8     *is_boundary);

G_END_DECLS
