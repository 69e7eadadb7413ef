/* iri-display-policy-private.h: the display policy inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-analysis.h"
#include "iri-display-policy.h"
#include "iri-safety-private.h"

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

/* TRUE when the strict level, judging the decoded host labels of the
 * text of @reference with @findings (element-type IriDiagnostic,
 * nullable), the findings of the text's own analysis, keeps none of
 * them: what iri_display_to_iri() decides with the text as known_text
 * once the conversion has given the text back, its labels outside
 * ASCII decoded (iri_to_iri_restores_text()).  FALSE when one is kept,
 * or when the findings cannot tell. */
gboolean     iri_display_shows_labels        (IriReference       *reference,
                                              GPtrArray          *findings);

/* A registered name (the domain of a mailto: address) in the form
 * @self lets a person see, as iri_host_to_unicode() gives it. */
char        *iri_display_policy_host_to_unicode (IriDisplayPolicy *self,
                                                 const char       *host,
                                                 gsize             length);

/* The analysis the display policy judges a decoded form by: no
 * notation, and no readable form of its own (the policy computes that
 * one, so this breaks the recursion). */
IriAnalysis *iri_analyzer_analyze_for_display (IriAnalyzer *self,
                                               const char  *text,
                                               gsize        length);

/* The settings @self runs iri_safety_check() with in an analysis. */
void         iri_analyzer_get_safety_config   (IriAnalyzer        *self,
                                               IriSafetyConfig    *out_config);

/* iri_analyzer_set_known_hosts() without the notification; returns
 * whether the list changed. */
gboolean     iri_analyzer_replace_known_hosts (IriAnalyzer        *self,
                                               const char * const *known_hosts);

G_END_DECLS
