/* iri-preferred-forms-private.h: notes on forms that are allowed but
 * not the normal ones (RFC 3986 §6.2.2, §6.2.3; RFC 5952 §4.3)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-diagnostic-private.h"
#include "iri-reference.h"

G_BEGIN_DECLS

/* The port a scheme uses when none is given (RFC 3986 §6.2.3), or -1
 * when the scheme is unknown here; @scheme in any case. */
int  iri_scheme_default_port    (const char     *scheme);

/* Adds info findings for the spellings a validator reports as not
 * preferred: case of the scheme, of an ASCII host and of an IPv6
 * address, percent-encodings with lower-case hex or of unreserved
 * characters, percent-encoded non-ASCII in a host, dot segments that
 * are not at the start of a relative path, empty, default and
 * zero-led ports, and dotted-decimal hosts that are no IPv4 address.
 * It reads only the scheme, the host, the port, the path's dots and the
 * "%" positions, so an ASCII IRI costs a few short scans. */
void iri_preferred_forms_check  (IriReference   *reference,
                                 IriDiagnostics *diagnostics);

G_END_DECLS
