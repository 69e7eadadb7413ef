/* fuzz-to-iri.c: iri_uri_to_iri() (§3.7), URI → IRI for display
 *
 * Invariants: bytes that are not text are refused; any text converts;
 * the result is safe to display in the sense of §3.7 step 4 (no bidi
 * formatting character, control or default-ignorable character is ever
 * written as itself); mapping the result back to a URI (§3.6) gives the
 * URI again up to the percent-encoding normal form, with and without
 * KEEP_PUNYCODE (then through IDNA); converting twice is converting
 * once; the diagnostics' spans lie inside the input.  And wherever the
 * fast decoding of an A-label (iri-idna-fast.c) answers for a piece of
 * the input that could be one, libidn2 decodes it to the same U-label
 * and looks that up as the same A-label.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-mapping-common.h"

/* GLib first: idn2.h defines G_GNUC_DEPRECATED when it is not defined. */
#include "iri-idna-private.h"

#include <idn2.h>

/* The pieces of @data between bytes that no lower-case A-label holds
 * (all but a-z, 0-9 and "-"), each given to the fast decoding; where it
 * answers, libidn2 must agree. */
static void
check_fast_a_labels (const uint8_t *data,
                     size_t         size)
{
  size_t start = 0;

  for (size_t i = 0; i <= size; i++)
    {
      char out[IDN2_LABEL_MAX_LENGTH * 4];
      gsize length = 0;
      g_autofree char *a_label = NULL;
      char *theirs = NULL;
      uint8_t *again = NULL;
      int rc;

      if (i < size && (g_ascii_islower (data[i]) || g_ascii_isdigit (data[i]) || data[i] == '-'))
        continue;
      a_label = g_strndup ((const char *) data + start, i - start);
      start = i + 1;
      if (!iri_idna_fast_decode_label (a_label, strlen (a_label), out, sizeof out, &length))
        continue;
      rc = idn2_to_unicode_8z8z (a_label, &theirs, 0);
      FUZZ_ASSERT (rc == IDN2_OK);
      FUZZ_ASSERT (strlen (theirs) == length && memcmp (theirs, out, length) == 0);
      rc = idn2_lookup_u8 ((const uint8_t *) theirs, &again, IDN2_NO_TR46);
      FUZZ_ASSERT (rc == IDN2_OK && strcmp ((const char *) again, a_label) == 0);
      idn2_free (theirs);
      idn2_free (again);
    }
}

static gboolean
is_unsafe_to_show (gunichar c)
{
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x200E || c == 0x200F || c == 0x061C ||
         g_unichar_iscntrl (c) || c == 0x00AD || c == 0x200B || c == 0xFEFF;
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
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) diagnostics = NULL;
  g_autofree char *input = NULL;
  g_autofree char *iri = NULL;
  g_autofree char *again = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *back = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;
  g_autofree char *unicode = NULL;
  g_autofree char *back_idna = NULL;
  gsize n_chars;

  check_fast_a_labels (data, size);

  iri = iri_uri_to_iri ((const char *) data, size, IRI_TO_IRI_KEEP_PUNYCODE, &diagnostics, &error);
  FUZZ_ASSERT ((iri == NULL) == (error != NULL));
  if (!fuzz_is_text (data, size))
    {
      FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8) ||
                   g_error_matches (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL));
      return 0;
    }
  FUZZ_ASSERT (iri != NULL);
  FUZZ_ASSERT (g_utf8_validate (iri, -1, NULL));

  input = fuzz_strndup (data, size);
  n_chars = g_utf8_strlen (input, -1);
  for (const char *p = iri; *p != '\0'; p = g_utf8_next_char (p))
    FUZZ_ASSERT (!is_unsafe_to_show (g_utf8_get_char (p)));
  for (guint i = 0; diagnostics != NULL && i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);
      IriSpan span;

      iri_diagnostic_get_span (diagnostic, &span);
      FUZZ_ASSERT (span.byte_start <= span.byte_end && span.byte_end <= size);
      FUZZ_ASSERT (span.start <= span.end && span.end <= n_chars);
    }

  /* Converting an IRI that came out of a conversion changes nothing. */
  again = iri_uri_to_iri (iri, -1, IRI_TO_IRI_KEEP_PUNYCODE, NULL, NULL);
  FUZZ_ASSERT (again != NULL && g_str_equal (again, iri));

  /* Back to the URI (§3.7: the conversion must not change what the URI
   * identifies).  The input may itself be an IRI, so compare with its
   * own mapping. */
  uri = iri_to_uri (input, -1, IRI_HOST_MAPPING_PERCENT, NULL);
  back = iri_to_uri (iri, -1, IRI_HOST_MAPPING_PERCENT, NULL);
  FUZZ_ASSERT (uri != NULL && back != NULL);
  expected = fuzz_normalize_percent (uri);
  actual = fuzz_normalize_percent (back);
  FUZZ_ASSERT (g_str_equal (expected, actual));

  /* With A-labels decoded, IDNA (§3.4.2) takes them back to the same
   * A-labels, up to case: only valid A-labels are decoded. */
  unicode = iri_uri_to_iri (input, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
  FUZZ_ASSERT (unicode != NULL);
  back_idna = iri_to_uri (unicode, -1, IRI_HOST_MAPPING_IDNA2008, NULL);
  if (back_idna != NULL)
    {
      g_autofree char *via_idna = fuzz_normalize_percent (back_idna);
      g_autofree char *uri_idna = iri_to_uri (input, -1, IRI_HOST_MAPPING_IDNA2008, NULL);

      if (uri_idna != NULL)
        {
          g_autofree char *direct = fuzz_normalize_percent (uri_idna);
          g_autoptr(IriReference) a = iri_reference_parse_tolerant (via_idna, -1, IRI_PARSE_DEFAULT);
          g_autoptr(IriReference) b = iri_reference_parse_tolerant (direct, -1, IRI_PARSE_DEFAULT);

          /* A-labels compare without regard to case (RFC 5890
           * §2.3.2.1); everything else exactly. */
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_scheme (a), iri_reference_get_scheme (b)) == 0);
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_userinfo (a), iri_reference_get_userinfo (b)) == 0);
          FUZZ_ASSERT ((iri_reference_get_host (a) == NULL) == (iri_reference_get_host (b) == NULL));
          if (iri_reference_get_host (a) != NULL)
            FUZZ_ASSERT (g_ascii_strcasecmp (iri_reference_get_host (a), iri_reference_get_host (b)) == 0);
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_port (a), iri_reference_get_port (b)) == 0);
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_path (a), iri_reference_get_path (b)) == 0);
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_query (a), iri_reference_get_query (b)) == 0);
          FUZZ_ASSERT (g_strcmp0 (iri_reference_get_fragment (a), iri_reference_get_fragment (b)) == 0);
        }
    }
  return 0;
}
