/* fuzz-analysis.c: the full analysis an editor runs on every keystroke
 * (§4.3): tolerant parse, units, bidi layout and checks, safety checks,
 * both URI mappings and the §3.7 display IRI
 *
 * Invariants: any bytes give an analysis; its text is the tolerant
 * parser's; units are in text order and inside the text; every
 * diagnostic's span is inside the text; the highest severity is the
 * first diagnostic's; the percent URI is the §3.3 mapping of the text
 * and the IDNA URI the analyzer's mapping when it exists; the layout
 * covers the text and the display is its visual text; analysing the
 * same text twice gives the same result.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static IriAnalyzer *analyzers[2];

static void
check (IriAnalyzer   *analyzer,
       const uint8_t *data,
       size_t         size)
{
  g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, (const char *) data, size);
  g_autoptr(IriAnalysis) again = iri_analyzer_analyze (analyzer, (const char *) data, size);
  g_autoptr(IriReference) tolerant = iri_reference_parse_tolerant ((const char *) data, size, IRI_PARSE_DEFAULT);
  const char *text = iri_analysis_get_text (analysis);
  gsize length = strlen (text);
  gsize n_chars = g_utf8_strlen (text, length);
  IriBidiLayout *layout = iri_analysis_get_layout (analysis);
  guint n_diagnostics = iri_analysis_get_n_diagnostics (analysis);
  gsize last_start = 0;
  g_autofree char *uri = NULL;

  FUZZ_ASSERT (g_str_equal (text, iri_reference_get_text (tolerant)));
  FUZZ_ASSERT (g_utf8_validate (text, -1, NULL));

  for (guint i = 0; i < iri_analysis_get_n_units (analysis); i++)
    {
      const IriUnit *unit = iri_analysis_get_unit (analysis, i);

      FUZZ_ASSERT (unit->span.start <= unit->span.end && unit->span.end <= n_chars);
      FUZZ_ASSERT (unit->span.byte_start <= unit->span.byte_end && unit->span.byte_end <= length);
      FUZZ_ASSERT (unit->span.start >= last_start);
      last_start = unit->span.start;
    }

  for (guint i = 0; i < n_diagnostics; i++)
    {
      IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (analysis, i);
      IriSpan span;

      iri_diagnostic_get_span (diagnostic, &span);
      FUZZ_ASSERT (span.start <= span.end && span.end <= n_chars);
      FUZZ_ASSERT (span.byte_start <= span.byte_end && span.byte_end <= length);
      FUZZ_ASSERT (iri_diagnostic_get_severity (diagnostic) <= iri_analysis_get_highest_severity (analysis));
    }
  FUZZ_ASSERT ((n_diagnostics == 0) == (iri_analysis_get_highest_severity (analysis) == IRI_SEVERITY_NONE));
  FUZZ_ASSERT (n_diagnostics == iri_analysis_get_n_diagnostics (again));

  uri = iri_to_uri (text, length, IRI_HOST_MAPPING_PERCENT, NULL);
  FUZZ_ASSERT (uri != NULL && g_str_equal (uri, iri_analysis_get_uri (analysis)));
  if (iri_analysis_get_uri_idna (analysis) != NULL)
    {
      g_autofree char *idna = iri_to_uri (text, length, iri_analyzer_get_host_mapping (analyzer), NULL);

      FUZZ_ASSERT (idna != NULL && g_str_equal (idna, iri_analysis_get_uri_idna (analysis)));
    }
  FUZZ_ASSERT (g_utf8_validate (iri_analysis_get_display_iri (analysis), -1, NULL));

  FUZZ_ASSERT (iri_bidi_layout_get_n_chars (layout) == n_chars);
  FUZZ_ASSERT (g_str_equal (iri_analysis_get_display (analysis), iri_bidi_layout_get_visual_text (layout)) ||
               iri_analysis_get_notation (analysis) != IRI_NOTATION_NONE);
  FUZZ_ASSERT (g_str_equal (iri_analysis_get_display (again), iri_analysis_get_display (analysis)));
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  analyzers[0] = iri_analyzer_new ();
  analyzers[1] = iri_analyzer_new ();
  iri_analyzer_set_display_mode (analyzers[1], IRI_DISPLAY_ISOLATE);
  iri_analyzer_set_host_mapping (analyzers[1], IRI_HOST_MAPPING_IDNA2008);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  for (gsize i = 0; i < G_N_ELEMENTS (analyzers); i++)
    check (analyzers[i], data, size);
  return 0;
}
