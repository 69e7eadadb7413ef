/* iri-display-policy-private.h: the display policy inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-analysis.h"
#include "iri-display-policy.h"

G_BEGIN_DECLS

/* The analyzer that judges host labels for @self (its known hosts). */
IriAnalyzer *iri_display_policy_get_analyzer (IriDisplayPolicy *self);

/* §3.7 under @level, the strict level judging decoded host labels with
 * @analyzer.  When the decoded candidate is @known_text, whose findings
 * are @known_diagnostics (element-type IriDiagnostic), they are used
 * instead of a new analysis: an analysis asking for its own readable
 * form has them already. */
char        *iri_display_to_iri              (IriDisplayLevel     level,
                                              IriAnalyzer        *analyzer,
                                              const char         *known_text,
                                              GPtrArray          *known_diagnostics,
                                              const char         *uri,
                                              gsize               length,
                                              IriToIriFlags       flags,
                                              GListModel        **out_diagnostics,
                                              GError            **error);

/* A registered name (the domain of a mailto: address) in the form
 * @self lets a person see, as iri_host_to_unicode() gives it. */
char        *iri_display_policy_host_to_unicode (IriDisplayPolicy *self,
                                                 const char       *host,
                                                 gsize             length);

G_END_DECLS
