/* iri-idna-private.h: host names through libidn2 (§3.4.2, §3.7 step 6)
 *
 * libidn2's return codes and flags stay behind this header: callers get
 * GErrors in IRI_ERROR_IDNA with libidn2's reason in the message
 * (STYLE.md §3.8).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "iri-diagnostic-private.h"
#include "iri-types.h"

G_BEGIN_DECLS

/* Converts a registered name to its ASCII form with @mapping (one of the
 * IDNA mappings, not IRI_HOST_MAPPING_PERCENT).  Percent-encodings in
 * @host are decoded first and must decode to UTF-8.  ASCII labels that
 * need no mapping are passed through; an empty label (a trailing dot) is
 * kept.  On failure sets IRI_ERROR_IDNA with a message that quotes the
 * host and gives libidn2's reason, and returns NULL. */
char *iri_idna_to_ascii   (const char      *host,
                           gsize            length,
                           IriHostMapping   mapping,
                           GError         **error);

/* Converts every "xn--" label (any case) of @host to its U-label, but
 * only when the A-label is valid: it must decode, the U-label must pass
 * IDNA2008 lookup (RFC 5891 §5.4) and encode back to the same A-label
 * (case-insensitively), and it must contain no character that is unsafe
 * to display (iri_char_is_display_safe()).  A label that fails stays an
 * A-label, and an `idna-invalid-a-label` diagnostic says why; its span is
 * the label's, relative to @host and then shifted by @byte_offset and
 * @char_offset so that it points into the caller's text.  Other labels
 * are copied unchanged.  Never fails. */
char *iri_idna_to_unicode (const char      *host,
                           gsize            length,
                           IriDiagnostics  *diagnostics,
                           gsize            byte_offset,
                           gsize            char_offset);

/* TRUE when @c may be shown decoded in an IRI meant for reading (§3.7
 * step 4, §4.1, §5.1): not a bidi formatting character, control, format
 * character, default-ignorable, space or space look-alike, line or
 * paragraph separator, noncharacter, unassigned code point, private-use
 * character (outside @component IRI_COMPONENT_QUERY), or one of the
 * security-UI look-alikes browsers keep escaped (the lock emoji
 * U+1F50F, U+1F510, U+1F512, U+1F513).  Combining marks are judged by
 * the caller, which knows what precedes them. */
gboolean iri_char_is_display_safe (gunichar     c,
                                   IriComponent component);

G_END_DECLS
