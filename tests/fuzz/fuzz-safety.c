/* fuzz-safety.c: the character-safety layer (UTS #39, §5.1, §7.5)
 *
 * Invariants: the skeleton is NFD text and does not depend on the
 * normalization form of its input (UTS #39 §4 starts from NFD); the
 * restriction level is ASCII-only exactly for ASCII text, and a text's
 * level is never lower than any of its characters' alone would allow
 * for a substring (a prefix never needs a higher level than the whole);
 * the analysis of the text as an IRI under every restriction setting,
 * with and without known hosts, gives diagnostics whose spans lie inside
 * the text and whose codes are those of the safety layer's families;
 * a looser restriction setting never reports more mixed-script
 * findings than a stricter one.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static guint
count_code (IriAnalysis *analysis,
            const char  *code)
{
  guint count = 0;

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    count += g_str_equal (iri_diagnostic_get_code (iri_analysis_get_diagnostic (analysis, i)), code);
  return count;
}

static void
check_analysis (IriAnalysis *analysis)
{
  gsize n_chars = iri_reference_get_n_chars (iri_analysis_get_reference (analysis));
  gsize length = strlen (iri_analysis_get_text (analysis));

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (analysis, i);
      IriSpan span;

      iri_diagnostic_get_span (diagnostic, &span);
      FUZZ_ASSERT (span.start <= span.end && span.end <= n_chars);
      FUZZ_ASSERT (span.byte_start <= span.byte_end && span.byte_end <= length);
      FUZZ_ASSERT (g_utf8_validate (iri_diagnostic_get_message (diagnostic), -1, NULL));
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char * const known_hosts[] = { "apple.com", "paypal.com", "xn--80ak6aa92e.com", NULL };
  const char *text = (const char *) data;
  g_autofree char *skeleton = NULL;
  g_autofree char *nfc = NULL;
  g_autofree char *nfd = NULL;
  g_autofree char *skeleton_nfc = NULL;
  g_autofree char *skeleton_nfd = NULL;
  g_autofree char *normalized = NULL;
  IriRestrictionLevel level;
  gboolean ascii = TRUE;
  guint previous_mixed = G_MAXUINT;

  if (!fuzz_is_text (data, size))
    return 0;

  skeleton = iri_skeleton (text, size);
  FUZZ_ASSERT (g_utf8_validate (skeleton, -1, NULL));
  normalized = g_utf8_normalize (skeleton, -1, G_NORMALIZE_NFD);
  FUZZ_ASSERT (g_str_equal (normalized, skeleton));
  nfc = g_utf8_normalize (text, size, G_NORMALIZE_NFC);
  nfd = g_utf8_normalize (text, size, G_NORMALIZE_NFD);
  skeleton_nfc = iri_skeleton (nfc, -1);
  skeleton_nfd = iri_skeleton (nfd, -1);
  FUZZ_ASSERT (g_str_equal (skeleton_nfc, skeleton) && g_str_equal (skeleton_nfd, skeleton));

  for (gsize i = 0; i < size; i++)
    ascii = ascii && data[i] < 0x80;
  level = iri_get_restriction_level (text, size);
  FUZZ_ASSERT ((level == IRI_RESTRICTION_ASCII_ONLY) == ascii);
  if (size > 0)
    {
      const char *half = g_utf8_find_prev_char (text, text + size / 2 + 1);
      gsize prefix = half != NULL ? (gsize) (half - text) : 0;

      FUZZ_ASSERT (iri_get_restriction_level (text, prefix) <= level);
    }

  for (IriRestrictionLevel host_level = IRI_RESTRICTION_SINGLE_SCRIPT;
       host_level <= IRI_RESTRICTION_UNRESTRICTED; host_level++)
    {
      g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
      g_autoptr(IriAnalysis) analysis = NULL;
      guint mixed;

      iri_analyzer_set_host_restriction_level (analyzer, host_level);
      iri_analyzer_set_unit_restriction_level (analyzer, host_level);
      if (host_level % 2)
        iri_analyzer_set_known_hosts (analyzer, known_hosts);
      analysis = iri_analyzer_analyze (analyzer, text, size);
      check_analysis (analysis);

      mixed = count_code (analysis, "confusable-mixed-script");
      FUZZ_ASSERT (mixed <= previous_mixed);
      previous_mixed = mixed;
    }
  return 0;
}
