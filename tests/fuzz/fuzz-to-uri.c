/* fuzz-to-uri.c: iri_to_uri() (§3.3–§3.6) with every host mapping
 *
 * Invariants: bytes that are not text are refused with the right error;
 * with the percent host mapping the mapping never fails; the result
 * contains only characters allowed in a URI; the mapping is the identity
 * on its own results (§3.3, applying it twice is applying it once); a
 * valid IRI reference maps to a valid URI reference; and mapping the URI
 * back to an IRI (§3.7) and forward again gives the same URI, up to the
 * percent-encoding normal form.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-mapping-common.h"

static const IriHostMapping mappings[] = {
  IRI_HOST_MAPPING_PERCENT,
  IRI_HOST_MAPPING_IDNA2008,
  IRI_HOST_MAPPING_UTS46,
  IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
};

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
  g_autoptr(IriReference) ref = iri_reference_parse ((const char *) data, size, IRI_PARSE_DEFAULT, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (mappings); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *uri = iri_to_uri ((const char *) data, size, mappings[i], &error);
      g_autofree char *again = NULL;
      g_autofree char *iri = NULL;
      g_autofree char *back = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *actual = NULL;

      FUZZ_ASSERT ((uri == NULL) == (error != NULL));
      if (!is_text)
        {
          FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8) ||
                       g_error_matches (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL));
          continue;
        }
      if (mappings[i] == IRI_HOST_MAPPING_PERCENT)
        FUZZ_ASSERT (uri != NULL);
      if (uri == NULL)
        {
          FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_IDNA));
          continue;
        }

      FUZZ_ASSERT (fuzz_is_uri_text (uri));
      again = iri_to_uri (uri, -1, mappings[i], NULL);
      FUZZ_ASSERT (again != NULL && g_str_equal (again, uri));

      /* Already a URI: nothing to do (with the percent mapping; the IDNA
       * mappings also convert percent-encoded UTF-8 in a host). */
      if (mappings[i] == IRI_HOST_MAPPING_PERCENT && fuzz_is_uri_text (input))
        FUZZ_ASSERT (g_str_equal (uri, input));

      if (ref != NULL)
        {
          g_autoptr(IriReference) uri_ref = iri_reference_parse (uri, -1, IRI_PARSE_URI, NULL);

          FUZZ_ASSERT (uri_ref != NULL);
          FUZZ_ASSERT (iri_reference_is_absolute (uri_ref) == iri_reference_is_absolute (ref));
        }

      /* URI → IRI → URI (§3.7). */
      iri = iri_uri_to_iri (uri, -1, IRI_TO_IRI_KEEP_PUNYCODE, NULL, NULL);
      FUZZ_ASSERT (iri != NULL);
      back = iri_to_uri (iri, -1, IRI_HOST_MAPPING_PERCENT, NULL);
      FUZZ_ASSERT (back != NULL);
      expected = fuzz_normalize_percent (uri);
      actual = fuzz_normalize_percent (back);
      FUZZ_ASSERT (g_str_equal (expected, actual));
    }
  return 0;
}
