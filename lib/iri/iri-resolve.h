/* iri-resolve.h: reference resolution (RFC 3986 §5.2, 3987bis §5.5)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-reference.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriResolveFlags:
 * @IRI_RESOLVE_DEFAULT: strict resolution (RFC 3986 §5.2.2)
 * @IRI_RESOLVE_NON_STRICT: the backward-compatible mode of RFC 3986
 *   §5.2.2 and §5.4.2: a reference whose scheme equals the base's is
 *   treated as relative (`http:g` against `http://a/b/c/d;p?q` gives
 *   `http://a/b/c/g`)
 * @IRI_RESOLVE_RELATIVE_BASE: accept a base that is itself a relative
 *   reference (not defined by RFC 3986; the result may be relative)
 *
 * Flags for [method@Iri.Reference.resolve].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_RESOLVE_DEFAULT       = 0,
  IRI_RESOLVE_NON_STRICT    = 1 << 0,
  IRI_RESOLVE_RELATIVE_BASE = 1 << 1,
} IriResolveFlags;

IRI_AVAILABLE_IN_0_1
IriReference *iri_reference_resolve    (IriReference     *base,
                                        IriReference     *reference,
                                        IriResolveFlags   flags,
                                        GError          **error);
IRI_AVAILABLE_IN_0_1
char         *iri_resolve              (const char       *base,
                                        const char       *reference,
                                        IriResolveFlags   flags,
                                        GError          **error);
IRI_AVAILABLE_IN_0_1
char         *iri_remove_dot_segments  (const char       *path,
                                        gssize            length);
IRI_AVAILABLE_IN_0_1
char         *iri_reference_relativize (IriReference     *self,
                                        IriReference     *base,
                                        GError          **error);

G_END_DECLS
