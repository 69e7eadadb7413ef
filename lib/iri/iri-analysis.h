/* iri-analysis.h: everything a display needs to know about one IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-bidi.h"
#include "iri-diagnostic.h"
#include "iri-reference.h"
#include "iri-safety.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriUnit:
 * @kind: what the unit is (a host label, a path segment…)
 * @span: where it is in the logical text
 * @direction: a summary of its strong characters
 *
 * One of the units that RFC 3987bis §4.2 applies its bidi rules to:
 * the userinfo, each host label, each path segment (and the file-name
 * extension of the last one), each query name and value, the fragment.
 *
 * Since: 0.1
 */
typedef struct {
  IriComponent kind;
  IriSpan      span;
  IriDirection direction;
} IriUnit;

#define IRI_TYPE_UNIT (iri_unit_get_type ())

IRI_AVAILABLE_IN_0_1
GType    iri_unit_get_type (void);
IRI_AVAILABLE_IN_0_1
IriUnit *iri_unit_copy     (const IriUnit *unit);
IRI_AVAILABLE_IN_0_1
void     iri_unit_free     (IriUnit       *unit);

typedef struct _IriAnalysis IriAnalysis;

/* Declared in iri-display-policy.h, which needs this header through
 * iri-link.h. */
typedef struct _IriDisplayPolicy IriDisplayPolicy;

#define IRI_TYPE_ANALYSIS (iri_analysis_get_type ())

IRI_AVAILABLE_IN_0_1
GType          iri_analysis_get_type             (void);
IRI_AVAILABLE_IN_0_1
IriAnalysis   *iri_analysis_ref                  (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
void           iri_analysis_unref                (IriAnalysis  *self);

IRI_AVAILABLE_IN_0_1
IriReference  *iri_analysis_get_reference        (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_analysis_get_text             (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
guint          iri_analysis_get_n_diagnostics    (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
IriDiagnostic *iri_analysis_get_diagnostic       (IriAnalysis  *self,
                                                  guint         index);
IRI_AVAILABLE_IN_0_1
GListModel    *iri_analysis_get_diagnostics      (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
IriSeverity    iri_analysis_get_highest_severity (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
guint          iri_analysis_get_n_units          (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
const IriUnit *iri_analysis_get_unit             (IriAnalysis  *self,
                                                  guint         index);
IRI_AVAILABLE_IN_0_1
const char    *iri_analysis_get_uri              (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_analysis_get_uri_idna         (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_analysis_get_display_iri      (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
IriBidiLayout *iri_analysis_get_layout           (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_analysis_get_display          (IriAnalysis  *self);
IRI_AVAILABLE_IN_0_1
IriNotation    iri_analysis_get_notation         (IriAnalysis  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriAnalysis, iri_analysis_unref)

#define IRI_TYPE_ANALYZER (iri_analyzer_get_type ())

IRI_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriAnalyzer, iri_analyzer, IRI, ANALYZER, GObject)

IRI_AVAILABLE_IN_0_1
IriAnalyzer    *iri_analyzer_new              (void);
IRI_AVAILABLE_IN_0_1
IriHostMapping  iri_analyzer_get_host_mapping (IriAnalyzer    *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_host_mapping (IriAnalyzer    *self,
                                               IriHostMapping  host_mapping);
IRI_AVAILABLE_IN_0_1
IriNotation     iri_analyzer_get_notation     (IriAnalyzer    *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_notation     (IriAnalyzer    *self,
                                               IriNotation     notation);
IRI_AVAILABLE_IN_0_1
IriDisplayMode  iri_analyzer_get_display_mode (IriAnalyzer    *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_display_mode (IriAnalyzer    *self,
                                               IriDisplayMode  display_mode);
IRI_AVAILABLE_IN_0_1
const char * const *iri_analyzer_get_known_hosts (IriAnalyzer        *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_known_hosts  (IriAnalyzer        *self,
                                               const char * const *known_hosts);
IRI_AVAILABLE_IN_0_1
IriRestrictionLevel iri_analyzer_get_host_restriction_level (IriAnalyzer *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_host_restriction_level (IriAnalyzer         *self,
                                                         IriRestrictionLevel  level);
IRI_AVAILABLE_IN_0_1
IriRestrictionLevel iri_analyzer_get_unit_restriction_level (IriAnalyzer *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_unit_restriction_level (IriAnalyzer         *self,
                                                         IriRestrictionLevel  level);
IRI_AVAILABLE_IN_0_1
IriDisplayPolicy *iri_analyzer_get_display_policy (IriAnalyzer      *self);
IRI_AVAILABLE_IN_0_1
void            iri_analyzer_set_display_policy (IriAnalyzer      *self,
                                                 IriDisplayPolicy *policy);
IRI_AVAILABLE_IN_0_1
IriAnalysis    *iri_analyzer_analyze          (IriAnalyzer    *self,
                                               const char     *text,
                                               gssize          length);

IRI_AVAILABLE_IN_0_1
IriAnalysis    *iri_analyze                   (const char     *text,
                                               gssize          length);

G_END_DECLS
