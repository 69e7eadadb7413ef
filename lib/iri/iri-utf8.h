/* iri-utf8.h: strict UTF-8 validation with a reason and an offset
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

IRI_AVAILABLE_IN_0_1
gboolean iri_utf8_validate (const char  *text,
                            gssize       length,
                            gsize       *out_offset,
                            GError     **error);

G_END_DECLS
