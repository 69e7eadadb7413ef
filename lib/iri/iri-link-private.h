/* iri-link-private.h: the UTS #58 pieces that tests reach directly
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "iri-display-policy.h"

G_BEGIN_DECLS

/* TRUE when @label (@length bytes of lower-case UTF-8) is a top-level
 * domain of the vendored IANA list, as an A-label ("xn--fiqs8s") or as
 * its U-label ("中国"). */
gboolean iri_link_is_tld (const char *label,
                          gsize       length);

/* How deep brackets may nest in a path, query or fragment.  UTS #58 sets
 * no limit, but an unbounded stack lets a hostile text of "((((…" grow
 * memory with its length.  Real addresses nest two or three levels
 * (Wikipedia titles such as "Mercury_(planet)"); 64 is far beyond that
 * and keeps the stack a small array.  Detection ends a link before an
 * opening bracket past the limit, and minimal escaping encodes such a
 * bracket, so the two stay in agreement. */
#define IRI_LINK_BRACKET_DEPTH_MAX 64

/* iri_format_minimal() under @policy (not NULL). */
char *iri_format_minimal_with_policy (IriDisplayPolicy  *policy,
                                      const char        *text,
                                      gssize             length,
                                      IriFormatFlags     flags,
                                      GError           **error);

G_END_DECLS
