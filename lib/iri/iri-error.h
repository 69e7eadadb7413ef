/* iri-error.h: the IRI_ERROR domain
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib.h>

#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IRI_ERROR:
 *
 * The error domain of libiri.  Error codes are in [enum@Iri.Error].
 */
#define IRI_ERROR (iri_error_quark ())

/**
 * IriError:
 * @IRI_ERROR_FAILED: an error that fits no other code
 * @IRI_ERROR_INVALID_UTF8: the input is not valid UTF-8 (RFC 3987bis §9,
 *   UTR #36 §3)
 * @IRI_ERROR_EMBEDDED_NUL: the input contains a NUL byte
 * @IRI_ERROR_BAD_SCHEME: the scheme does not match the grammar (§2.2)
 * @IRI_ERROR_BAD_USERINFO: the userinfo does not match the grammar
 * @IRI_ERROR_BAD_HOST: the host does not match the grammar
 * @IRI_ERROR_BAD_PORT: the port does not match the grammar
 * @IRI_ERROR_BAD_PATH: the path does not match the grammar
 * @IRI_ERROR_BAD_QUERY: the query does not match the grammar
 * @IRI_ERROR_BAD_FRAGMENT: the fragment does not match the grammar
 * @IRI_ERROR_NOT_ABSOLUTE: an absolute IRI was needed but the input is a
 *   relative reference
 * @IRI_ERROR_IDNA: a host could not be converted with IDNA (RFC 5891)
 * @IRI_ERROR_BAD_CHARACTER: the input contains a character that is not
 *   allowed in an IRI at all (a control, a noncharacter, a bidi
 *   formatting character, §2.2 and §4.1)
 *
 * Error codes in the `IRI_ERROR` domain ([func@Iri.Error.quark]).  Most name the IRI
 * component that failed, so that a caller can point at it.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_ERROR_FAILED,
  IRI_ERROR_INVALID_UTF8,
  IRI_ERROR_EMBEDDED_NUL,
  IRI_ERROR_BAD_SCHEME,
  IRI_ERROR_BAD_USERINFO,
  IRI_ERROR_BAD_HOST,
  IRI_ERROR_BAD_PORT,
  IRI_ERROR_BAD_PATH,
  IRI_ERROR_BAD_QUERY,
  IRI_ERROR_BAD_FRAGMENT,
  IRI_ERROR_NOT_ABSOLUTE,
  IRI_ERROR_IDNA,
  IRI_ERROR_BAD_CHARACTER,
} IriError;

IRI_AVAILABLE_IN_0_1
GQuark iri_error_quark (void);

G_END_DECLS
