/* iri-link.h: links in running text and their readable form (UTS #58)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-analysis.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriLinkKind:
 * @IRI_LINK_KIND_URL: a web address: an `http:` or `https:` URL, or a
 *   host name with an optional port, path, query and fragment, which is
 *   opened as `https:`
 * @IRI_LINK_KIND_EMAIL: an email address, with or without `mailto:`
 *
 * What a [class@Iri.Link] found in running text is (UTS #58 §3).
 *
 * Since: 0.1
 */
typedef enum {
  IRI_LINK_KIND_URL,
  IRI_LINK_KIND_EMAIL,
} IriLinkKind;

/**
 * IriFormatFlags:
 * @IRI_FORMAT_DEFAULT: show `xn--` host labels in Unicode when they are
 *   valid A-labels (RFC 3987bis §3.7 step 6)
 * @IRI_FORMAT_KEEP_PUNYCODE: leave `xn--` host labels as they are
 *
 * Flags for [func@Iri.format_minimal].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_FORMAT_DEFAULT        = 0,
  IRI_FORMAT_KEEP_PUNYCODE  = 1 << 0,
} IriFormatFlags;

#define IRI_TYPE_LINK (iri_link_get_type ())

IRI_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriLink, iri_link, IRI, LINK, GObject)

IRI_AVAILABLE_IN_0_1
IriLinkKind   iri_link_get_kind          (IriLink      *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_link_get_text          (IriLink      *self);
IRI_AVAILABLE_IN_0_1
const char   *iri_link_get_iri           (IriLink      *self);
IRI_AVAILABLE_IN_0_1
guint         iri_link_get_prefix_length (IriLink      *self);
IRI_AVAILABLE_IN_0_1
gsize         iri_link_get_start         (IriLink      *self);
IRI_AVAILABLE_IN_0_1
gsize         iri_link_get_end           (IriLink      *self);
IRI_AVAILABLE_IN_0_1
void          iri_link_get_span          (IriLink      *self,
                                          IriSpan      *out_span);
IRI_AVAILABLE_IN_0_1
gsize         iri_link_get_text_offset   (IriLink      *self,
                                          gsize         iri_offset);
IRI_AVAILABLE_IN_0_1
IriAnalysis  *iri_link_analyze           (IriLink      *self,
                                          IriAnalyzer  *analyzer);

IRI_AVAILABLE_IN_0_1
GListModel   *iri_detect_links           (const char   *text,
                                          gssize        length,
                                          GError      **error);

IRI_AVAILABLE_IN_0_1
char         *iri_format_minimal         (const char     *text,
                                          gssize          length,
                                          IriFormatFlags  flags,
                                          GError        **error);

IRI_AVAILABLE_IN_0_1
const char   *iri_get_tld_list_version   (void);

G_END_DECLS
