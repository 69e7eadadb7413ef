/* iri-error.c: the IRI_ERROR domain
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-error.h"

/**
 * iri_error_quark:
 *
 * Gets the quark of the `IRI_ERROR` error domain (the [error@Iri.Error] codes).
 *
 * Returns: the quark
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (iri-error-quark, iri_error)
