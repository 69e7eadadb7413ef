/* iri-display-policy.h: what may be shown decoded to a person (§3.7, §5a)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-link.h"
#include "iri-mapping.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriDisplayLevel:
 * @IRI_DISPLAY_STRICT: browser grade: a host label is shown in Unicode
 *   only when no spoofing rule flags it (UTS #39 and the rule families
 *   browsers apply, known-host look-alikes included); the default
 * @IRI_DISPLAY_PERMISSIVE: decode whatever RFC 3987bis §3.7 allows, for
 *   teaching and debugging
 *
 * How much of a URI a [class@Iri.DisplayPolicy] lets a person see
 * decoded.  Under both levels a character that looks like a delimiter
 * (§5.1b), a bidi formatting character, an invisible or a blank one stays
 * percent-encoded.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_DISPLAY_STRICT,
  IRI_DISPLAY_PERMISSIVE,
} IriDisplayLevel;

IRI_AVAILABLE_IN_0_1
const char *iri_display_level_to_string   (IriDisplayLevel  level);
IRI_AVAILABLE_IN_0_1
gboolean    iri_display_level_from_string (const char      *string,
                                           IriDisplayLevel *out_level);

#define IRI_TYPE_DISPLAY_POLICY (iri_display_policy_get_type ())

IRI_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriDisplayPolicy, iri_display_policy, IRI, DISPLAY_POLICY, GObject)

IRI_AVAILABLE_IN_0_1
IriDisplayPolicy   *iri_display_policy_new             (IriDisplayLevel     level);
IRI_AVAILABLE_IN_0_1
IriDisplayPolicy   *iri_display_policy_get_default     (void);

IRI_AVAILABLE_IN_0_1
IriDisplayLevel     iri_display_policy_get_level       (IriDisplayPolicy   *self);
IRI_AVAILABLE_IN_0_1
void                iri_display_policy_set_level       (IriDisplayPolicy   *self,
                                                        IriDisplayLevel     level);
IRI_AVAILABLE_IN_0_1
const char * const *iri_display_policy_get_known_hosts (IriDisplayPolicy   *self);
IRI_AVAILABLE_IN_0_1
void                iri_display_policy_set_known_hosts (IriDisplayPolicy   *self,
                                                        const char * const *known_hosts);

IRI_AVAILABLE_IN_0_1
char               *iri_display_policy_uri_to_iri      (IriDisplayPolicy   *self,
                                                        const char         *uri,
                                                        gssize              length,
                                                        IriToIriFlags       flags,
                                                        GListModel        **out_diagnostics,
                                                        GError            **error);
IRI_AVAILABLE_IN_0_1
char               *iri_display_policy_reference_to_iri (IriDisplayPolicy  *self,
                                                         IriReference      *reference,
                                                         IriToIriFlags      flags,
                                                         GListModel       **out_diagnostics);
IRI_AVAILABLE_IN_0_1
char               *iri_display_policy_format_minimal  (IriDisplayPolicy   *self,
                                                        const char         *text,
                                                        gssize              length,
                                                        IriFormatFlags      flags,
                                                        GError            **error);

G_END_DECLS
