/* iri-mapping.h: IRI → URI (§3.3–§3.6) and URI → IRI (§3.7)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-reference.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriToIriFlags:
 * @IRI_TO_IRI_DEFAULT: decode everything §3.7 allows, including punycode
 *   host labels (step 6)
 * @IRI_TO_IRI_KEEP_PUNYCODE: leave `xn--` host labels as they are
 *
 * Flags for [func@Iri.uri_to_iri].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_TO_IRI_DEFAULT        = 0,
  IRI_TO_IRI_KEEP_PUNYCODE  = 1 << 0,
} IriToIriFlags;

IRI_AVAILABLE_IN_0_1
char *iri_to_uri            (const char      *iri,
                             gssize           length,
                             IriHostMapping   host_mapping,
                             GError         **error);
IRI_AVAILABLE_IN_0_1
char *iri_reference_to_uri  (IriReference    *self,
                             IriHostMapping   host_mapping,
                             GError         **error);
IRI_AVAILABLE_IN_0_1
char *iri_uri_to_iri        (const char      *uri,
                             gssize           length,
                             IriToIriFlags    flags,
                             GListModel     **out_diagnostics,
                             GError         **error);
IRI_AVAILABLE_IN_0_1
char *iri_host_to_ascii     (const char      *host,
                             gssize           length,
                             IriHostMapping   host_mapping,
                             GError         **error);
IRI_AVAILABLE_IN_0_1
char *iri_host_to_unicode   (const char      *host,
                             gssize           length,
                             GListModel     **out_diagnostics);

G_END_DECLS
