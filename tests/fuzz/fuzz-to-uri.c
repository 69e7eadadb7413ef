/* fuzz-to-uri.c: iri_to_uri() (§3.3–§3.6) with every host mapping
 *
 * Invariants: bytes that are not text are refused with the right error;
 * with the percent host mapping the mapping never fails; the result
 * contains only characters allowed in a URI; the mapping is the identity
 * on its own results (§3.3, applying it twice is applying it once); a
 * valid IRI reference maps to a valid URI reference; and mapping the URI
 * back to an IRI (§3.7) and forward again gives the same URI, up to the
 * percent-encoding normal form.  And wherever the fast IDNA2008 lookup
 * (iri-idna-fast.c) answers for a piece of the input that could be a
 * label, libidn2 gives the same A-label.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-mapping-common.h"

/* GLib first: idn2.h defines G_GNUC_DEPRECATED when it is not defined. */
#include "iri-idna-private.h"

#include <idn2.h>

static const IriHostMapping mappings[] = {
  IRI_HOST_MAPPING_PERCENT,
  IRI_HOST_MAPPING_IDNA2008,
  IRI_HOST_MAPPING_UTS46,
  IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
};

/* The pieces of @data between ASCII bytes that no U-label holds (all
 * but a-z, 0-9 and "-"), each given to the fast path; where it answers,
 * libidn2's lookup must agree. */
static void
check_fast_labels (const uint8_t *data,
                   size_t         size)
{
  size_t start = 0;

  for (size_t i = 0; i <= size; i++)
    {
      char out[IDN2_LABEL_MAX_LENGTH + 1];
      gsize length = 0;
      g_autofree char *label = NULL;
      uint8_t *theirs = NULL;
      int rc;

      if (i < size && (data[i] >= 0x80 || g_ascii_islower (data[i]) || g_ascii_isdigit (data[i]) ||
                       data[i] == '-'))
        continue;
      /* No NUL inside: it is one of the bytes that end a piece. */
      label = g_strndup ((const char *) data + start, i - start);
      start = i + 1;
      if (!iri_idna_fast_lookup_label (label, strlen (label), out, sizeof out, &length))
        continue;
      rc = idn2_lookup_u8 ((const uint8_t *) label, &theirs, IDN2_NO_TR46);
      FUZZ_ASSERT (rc == IDN2_OK);
      FUZZ_ASSERT (strlen ((const char *) theirs) == length && memcmp (theirs, out, length) == 0);
      idn2_free (theirs);
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
  gboolean is_text = fuzz_is_text (data, size);
  g_autofree char *input = is_text ? fuzz_strndup (data, size) : NULL;
  g_autoptr(IriReference) ref = iri_reference_parse ((const char *) data, size, IRI_PARSE_DEFAULT, NULL);

  check_fast_labels (data, size);

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
