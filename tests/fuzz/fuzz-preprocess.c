/* fuzz-preprocess.c: liberal input, §6.1 LEIRI and §6.2 Web Address,
 * and the whitespace rules of the processing clarifications
 *
 * Invariants: bytes that are not text are refused; otherwise every mode
 * succeeds, gives UTF-8 with no bidi formatting character left as
 * itself (LEIRI and Web Address), and is idempotent; the diagnostics
 * are there exactly when something changed, with spans inside the
 * input; LEIRI preprocessing does not change the URI the text maps to
 * (§6.1: it only percent-encodes what §3.3 would encode anyway).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static gboolean
has_bidi_control (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
          c == 0x200E || c == 0x200F || c == 0x061C)
        return TRUE;
    }
  return FALSE;
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
  gboolean is_text = fuzz_is_text (data, size);
  g_autofree char *input = is_text ? fuzz_strndup (data, size) : NULL;
  gsize n_chars = is_text ? (gsize) g_utf8_strlen (input, -1) : 0;

  for (IriPreprocessMode mode = IRI_PREPROCESS_WHITESPACE; mode <= IRI_PREPROCESS_WEB_ADDRESS; mode++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GListModel) diagnostics = NULL;
      g_autoptr(GListModel) diagnostics_again = NULL;
      g_autofree char *result = iri_preprocess ((const char *) data, size, mode, &diagnostics, &error);
      g_autofree char *again = NULL;
      guint n;

      if (!is_text)
        {
          FUZZ_ASSERT (result == NULL);
          FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8) ||
                       g_error_matches (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL));
          continue;
        }
      FUZZ_ASSERT (result != NULL && error == NULL);
      FUZZ_ASSERT (g_utf8_validate (result, -1, NULL));
      if (mode != IRI_PREPROCESS_WHITESPACE)
        FUZZ_ASSERT (!has_bidi_control (result));

      n = diagnostics != NULL ? g_list_model_get_n_items (diagnostics) : 0;
      FUZZ_ASSERT ((n == 0) == g_str_equal (result, input));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);
          IriSpan span;

          iri_diagnostic_get_span (diagnostic, &span);
          FUZZ_ASSERT (span.start <= span.end && span.end <= n_chars);
          FUZZ_ASSERT (span.byte_start <= span.byte_end && span.byte_end <= size);
          /* One warning per change, and at most one note that the list
           * was cut short (diagnostics are bounded). */
          FUZZ_ASSERT (iri_diagnostic_get_severity (diagnostic) == IRI_SEVERITY_WARNING ||
                       (i == n - 1 && g_str_equal (iri_diagnostic_get_code (diagnostic), "diagnostics-truncated")));
        }

      again = iri_preprocess (result, -1, mode, &diagnostics_again, NULL);
      FUZZ_ASSERT (again != NULL && g_str_equal (again, result));
      FUZZ_ASSERT (diagnostics_again == NULL || g_list_model_get_n_items (diagnostics_again) == 0);

      if (mode == IRI_PREPROCESS_LEIRI)
        {
          g_autofree char *uri = iri_to_uri (input, -1, IRI_HOST_MAPPING_PERCENT, NULL);
          g_autofree char *uri_after = iri_to_uri (result, -1, IRI_HOST_MAPPING_PERCENT, NULL);

          FUZZ_ASSERT (uri != NULL && uri_after != NULL && g_str_equal (uri, uri_after));
        }
    }
  return 0;
}
