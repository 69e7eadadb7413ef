/* iri-safety-private.h: the character-safety findings of an analysis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-analysis.h"
#include "iri-diagnostic-private.h"
#include "iri-safety.h"

G_BEGIN_DECLS

/* The hosts a user trusts, prepared once (skeletons, registrable
 * domains) so that checking each IRI against them is cheap.  Immutable;
 * may be shared between threads. */
typedef struct _IriKnownHosts IriKnownHosts;

IriKnownHosts *iri_known_hosts_new   (const char * const *hosts);
void           iri_known_hosts_free  (IriKnownHosts      *known);

typedef struct {
  IriRestrictionLevel  host_level;   /* the most permissive level allowed for host labels */
  IriRestrictionLevel  unit_level;   /* … and for the other units */
  IriKnownHosts       *known_hosts;  /* (nullable) */
  IriNotation          notation;     /* quoted text in messages is written back in it */
} IriSafetyConfig;

/* Adds the UTS #39 and RFC 3987bis §5.1/§7.5 findings for the units of
 * @reference and for its host as a whole. */
void iri_safety_check (IriReference          *reference,
                       GArray                *units,
                       const IriSafetyConfig *config,
                       IriDiagnostics        *diagnostics);

/* For URI → IRI conversion (§3.7 step 4, §5.1b): whether @c, between
 * the characters @before and @after of its unit (0 at an edge), looks
 * like a delimiter where it stands and must stay percent-encoded; the
 * same look-alike rule as the `lookalike-delimiter` finding.  When it
 * does, *@out_looks_like (quoted, to be freed) says what it looks like
 * and *@out_role (translated) which delimiter that is. */
gboolean iri_safety_display_lookalike (gunichar     c,
                                       gunichar     before,
                                       gunichar     after,
                                       gboolean     in_host,
                                       char       **out_looks_like,
                                       const char **out_role);

/* For URI → IRI conversion (§3.7 step 4): whether the joiner @c (ZWNJ
 * or ZWJ), between the decoded characters @before and @after, is part
 * of the spelling (RFC 5892 Appendix A.1, A.2) and may be decoded. */
gboolean iri_safety_display_joiner (gunichar c,
                                    gunichar before,
                                    gunichar after,
                                    gboolean in_host);

/* Forgets the host labels that this thread's checks found clean
 * (check_label_unit()), for the tests; returns how many there were. */
guint    iri_safety_forget_clean_labels (void);

G_END_DECLS
