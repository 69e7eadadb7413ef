/* fuzz-parse-tolerant.c: iri_reference_parse_tolerant(), what an editor
 * calls on every keystroke
 *
 * Invariants: it never fails, whatever the bytes; its text is UTF-8 (bad
 * bytes and NULs replaced, each with a diagnostic) and as long in code
 * points as the input has characters and replaced bytes; every
 * component's and every diagnostic's span lies inside that text, on
 * character boundaries, with bytes and code points agreeing; the
 * diagnostics are sorted and have a code, a spec section and a message;
 * and the reference is valid exactly when the strict parser accepts the
 * input.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static void
check_span (IriReference  *ref,
            const IriSpan *span)
{
  const char *text = iri_reference_get_text (ref);
  gsize length = iri_reference_get_length (ref);

  FUZZ_ASSERT (span->byte_start <= span->byte_end && span->byte_end <= length);
  FUZZ_ASSERT (span->start <= span->end && span->end <= iri_reference_get_n_chars (ref));
  /* On character boundaries. */
  FUZZ_ASSERT (span->byte_start == length || ((guchar) text[span->byte_start] & 0xC0) != 0x80);
  FUZZ_ASSERT (span->byte_end == length || ((guchar) text[span->byte_end] & 0xC0) != 0x80);
  FUZZ_ASSERT (iri_reference_byte_to_char (ref, span->byte_start) == span->start);
  FUZZ_ASSERT (iri_reference_byte_to_char (ref, span->byte_end) == span->end);
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
  g_autoptr(IriReference) ref = iri_reference_parse_tolerant ((const char *) data, size, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) strict = iri_reference_parse ((const char *) data, size, IRI_PARSE_DEFAULT, NULL);
  const char *text;
  gsize length;
  guint n;
  IriDiagnostic *previous = NULL;

  FUZZ_ASSERT (ref != NULL);
  text = iri_reference_get_text (ref);
  length = iri_reference_get_length (ref);
  FUZZ_ASSERT (g_utf8_validate_len (text, length, NULL));
  FUZZ_ASSERT (text[length] == '\0');
  FUZZ_ASSERT (iri_reference_get_n_chars (ref) == (gsize) g_utf8_strlen (text, length));
  if (fuzz_is_text (data, size))
    FUZZ_ASSERT (length == size && memcmp (text, data, size) == 0);
  FUZZ_ASSERT (iri_reference_is_valid (ref) == (strict != NULL));

  for (IriComponent c = IRI_COMPONENT_SCHEME; c <= IRI_COMPONENT_FRAGMENT; c++)
    {
      IriSpan span;

      if (c == IRI_COMPONENT_HOST_LABEL || c == IRI_COMPONENT_PATH_SEGMENT ||
          c == IRI_COMPONENT_PATH_EXTENSION || c == IRI_COMPONENT_QUERY_NAME ||
          c == IRI_COMPONENT_QUERY_VALUE)
        continue;
      if (iri_reference_get_span (ref, c, &span))
        check_span (ref, &span);
    }

  n = iri_reference_get_n_diagnostics (ref);
  for (guint i = 0; i < n; i++)
    {
      IriDiagnostic *diagnostic = iri_reference_get_diagnostic (ref, i);
      IriSpan span;

      iri_diagnostic_get_span (diagnostic, &span);
      check_span (ref, &span);
      FUZZ_ASSERT (iri_diagnostic_get_code (diagnostic) != NULL);
      FUZZ_ASSERT (iri_diagnostic_get_spec (diagnostic) != NULL);
      FUZZ_ASSERT (g_utf8_validate (iri_diagnostic_get_message (diagnostic), -1, NULL));
      FUZZ_ASSERT (iri_diagnostic_get_severity (diagnostic) != IRI_SEVERITY_NONE);
      if (previous != NULL)
        FUZZ_ASSERT (iri_diagnostic_compare (previous, diagnostic) <= 0);
      previous = diagnostic;
    }

  /* Invalid input always says why, with an error. */
  if (strict == NULL)
    FUZZ_ASSERT (n > 0 && iri_diagnostic_get_severity (iri_reference_get_diagnostic (ref, 0)) == IRI_SEVERITY_ERROR);
  return 0;
}
