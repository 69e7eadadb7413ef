/* test-utf8.c: strict UTF-8 validation (3987bis §9, UTR #36 §3)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-utf8-private.h"
#include "iri-test-util.h"

typedef struct {
  const char      *name;
  const char      *bytes;
  gsize            length;
  gsize            offset;   /* of the first bad byte */
  IriUtf8Problem   problem;
} Utf8Case;

#define CASE(name, bytes, offset, problem) { name, bytes, sizeof bytes - 1, offset, problem }

static const Utf8Case utf8_cases[] = {
  CASE ("ascii", "http://example.org/", 19, IRI_UTF8_OK),
  CASE ("two-byte", "r\xC3\xA9sum\xC3\xA9", 8, IRI_UTF8_OK),
  CASE ("four-byte", "\xF0\x90\x8C\x80", 4, IRI_UTF8_OK),
  CASE ("max", "\xF4\x8F\xBF\xBF", 4, IRI_UTF8_OK),
  CASE ("nul", "ab\0cd", 2, IRI_UTF8_NUL),
  CASE ("stray-continuation", "ab\x80", 2, IRI_UTF8_UNEXPECTED_CONTINUATION),
  CASE ("overlong-c0", "a\xC0\xAF", 1, IRI_UTF8_OVERLONG),
  CASE ("overlong-c1", "a\xC1\xBF", 1, IRI_UTF8_OVERLONG),
  CASE ("overlong-e0", "a\xE0\x80\xAF", 1, IRI_UTF8_OVERLONG),
  CASE ("overlong-f0", "a\xF0\x80\x80\xAF", 1, IRI_UTF8_OVERLONG),
  CASE ("surrogate-high", "a\xED\xA0\x80", 1, IRI_UTF8_SURROGATE),
  CASE ("surrogate-low", "a\xED\xBF\xBF", 1, IRI_UTF8_SURROGATE),
  CASE ("above-10ffff-f4", "a\xF4\x90\x80\x80", 1, IRI_UTF8_TOO_LARGE),
  CASE ("above-10ffff-f5", "a\xF5\x80\x80\x80", 1, IRI_UTF8_TOO_LARGE),
  CASE ("invalid-lead-f8", "a\xF8\x88\x80\x80\x80", 1, IRI_UTF8_INVALID_LEAD),
  CASE ("invalid-lead-ff", "\xFF", 0, IRI_UTF8_INVALID_LEAD),
  CASE ("truncated-end-2", "ab\xC3", 2, IRI_UTF8_TRUNCATED),
  CASE ("truncated-end-3", "ab\xE2\x82", 2, IRI_UTF8_TRUNCATED),
  CASE ("truncated-end-4", "ab\xF0\x9F\x98", 2, IRI_UTF8_TRUNCATED),
  CASE ("truncated-by-ascii", "a\xE2\x82z", 1, IRI_UTF8_TRUNCATED),
};

static void
test_check_case (gconstpointer data)
{
  const Utf8Case *c = data;
  gsize offset = G_MAXSIZE, bad_length = 0;
  IriUtf8Problem problem;

  problem = iri_utf8_check (c->bytes, c->length, &offset, &bad_length);
  g_assert_cmpint (problem, ==, c->problem);
  g_assert_cmpuint (offset, ==, c->offset);
}

static void
test_validate_errors (void)
{
  g_autoptr(GError) error = NULL;
  gsize offset = 0;

  g_assert_true (iri_utf8_validate ("http://ab.\xD7\x90/", -1, &offset, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (offset, ==, strlen ("http://ab.\xD7\x90/"));

  g_assert_false (iri_utf8_validate ("http://a\xC0\xAF/", -1, &offset, &error));
  g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
  g_assert_cmpuint (offset, ==, 8);
  /* The message names the bytes and the offset. */
  g_assert_nonnull (strstr (error->message, "C0"));
  g_assert_nonnull (strstr (error->message, "8"));
  g_clear_error (&error);

  g_assert_false (iri_utf8_validate ("ab\0cd", 5, &offset, &error));
  g_assert_error (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL);
  g_assert_cmpuint (offset, ==, 2);
}

static void
test_never_reads_past_length (void)
{
  /* A truncated sequence at the very end of a buffer that is not
   * NUL-terminated: the checker must stop at @length.  Under ASan this
   * reads from an exactly-sized heap block. */
  g_autofree char *buffer = g_malloc (3);
  gsize offset, bad_length;

  memcpy (buffer, "a\xE2\x82", 3);
  g_assert_cmpint (iri_utf8_check (buffer, 3, &offset, &bad_length), ==, IRI_UTF8_TRUNCATED);
  g_assert_cmpuint (offset, ==, 1);
  g_assert_cmpuint (bad_length, ==, 2);
}

/* Every kind of bad sequence, inserted at every position of a sample
 * IRI, is rejected with the offset of the position (issue #2). */
static void
test_every_position (void)
{
  static const char sample[] = "http://ab.\xD7\x90\xD7\x91.example/\xD7\xA9?q=\xC3\xA9#f";
  static const struct {
    const char    *bytes;
    gsize          length;
    gint           code;          /* IriError */
  } bad[] = {
    { "\xC0\xAF", 2, IRI_ERROR_INVALID_UTF8 },
    { "\xED\xA0\x80", 3, IRI_ERROR_INVALID_UTF8 },
    { "\xF4\x90\x80\x80", 4, IRI_ERROR_INVALID_UTF8 },
    { "\x80", 1, IRI_ERROR_INVALID_UTF8 },
    { "\xE2\x82", 2, IRI_ERROR_INVALID_UTF8 },
    { "\xFE", 1, IRI_ERROR_INVALID_UTF8 },
    { "\0", 1, IRI_ERROR_EMBEDDED_NUL },
  };
  gsize sample_len = strlen (sample);

  for (gsize k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      for (gsize pos = 0; pos <= sample_len; pos++)
        {
          g_autoptr(GString) text = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(IriReference) strict = NULL;
          g_autoptr(IriReference) tolerant = NULL;
          g_autoptr(GPtrArray) diagnostics = NULL;
          gsize offset = 0;
          gboolean found = FALSE;
          IriSpan first = { 0, };

          /* Only insert at character boundaries of the sample. */
          if (pos < sample_len && ((guchar) sample[pos] & 0xC0) == 0x80)
            continue;

          text = g_string_new_len (sample, pos);
          g_string_append_len (text, bad[k].bytes, bad[k].length);
          g_string_append_len (text, sample + pos, sample_len - pos);

          g_assert_false (iri_utf8_validate (text->str, text->len, &offset, &error));
          g_assert_error (error, IRI_ERROR, bad[k].code);
          g_assert_cmpuint (offset, ==, pos);
          g_clear_error (&error);

          strict = iri_reference_parse (text->str, text->len, IRI_PARSE_DEFAULT, &error);
          g_assert_null (strict);
          g_assert_error (error, IRI_ERROR, bad[k].code);

          /* Tolerant parsing never fails: the bad bytes become U+FFFD in
           * its copy, with a diagnostic at that character. */
          tolerant = iri_reference_parse_tolerant (text->str, text->len, IRI_PARSE_DEFAULT);
          g_assert_nonnull (tolerant);
          g_assert_false (iri_reference_is_valid (tolerant));
          /* A bad sequence may be several maximal subparts (C0 AF is
           * two), each with its own U+FFFD and diagnostic; the first one
           * is at the insertion point. */
          diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (tolerant));
          for (guint i = 0; i < diagnostics->len; i++)
            {
              IriDiagnostic *d = g_ptr_array_index (diagnostics, i);
              const char *code = iri_diagnostic_get_code (d);
              IriSpan span;

              if (!g_str_equal (code, "invalid-utf8") && !g_str_equal (code, "nul-character"))
                continue;
              iri_diagnostic_get_span (d, &span);
              if (!found || span.byte_start < first.byte_start)
                first = span;
              found = TRUE;
            }
          g_assert_true (found);
          g_assert_cmpuint (first.byte_start, ==, pos);
          g_assert_cmpuint (first.start, ==, g_utf8_strlen (sample, pos));
          g_assert_true (found);
          g_assert_true (g_utf8_validate (iri_reference_get_text (tolerant), -1, NULL));
        }
    }
}

/* The ASCII run behind the checks reads eight bytes at a time: at every
 * length, alignment and position of a byte that ends it (NUL, the
 * bytes around 0x7F/0x80, lead bytes, 0xFF), it gives what a byte-wise
 * loop gives, never reading past @length (valgrind and ASan runs). */
static void
test_ascii_run (void)
{
  static const guchar enders[] = { 0x00, 0x80, 0x81, 0xBF, 0xC3, 0xE0, 0xF4, 0xFF };
  static const guchar ascii[] = { 0x01, 0x20, 0x41, 0x7E, 0x7F };

  for (gsize length = 0; length <= 24; length++)
    for (gsize align = 0; align < 8; align++)
      for (gsize at = 0; at <= length; at++)
        for (gsize e = 0; e < G_N_ELEMENTS (enders); e++)
          {
            g_autofree guchar *block = g_malloc (align + length);
            guchar *text = block + align;
            gsize expected = 0;

            for (gsize i = 0; i < length; i++)
              text[i] = ascii[(i + at) % G_N_ELEMENTS (ascii)];
            if (at < length)
              text[at] = enders[e];
            while (expected < length && text[expected] >= 0x01 && text[expected] <= 0x7F)
              expected++;
            g_assert_cmpuint (iri_ascii_run_length ((const char *) text, length), ==, expected);
          }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (utf8_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/utf8/check/%s", utf8_cases[i].name);
      g_test_add_data_func (path, &utf8_cases[i], test_check_case);
    }
  g_test_add_func ("/iri/utf8/ascii-run", test_ascii_run);
  g_test_add_func ("/iri/utf8/validate/errors", test_validate_errors);
  g_test_add_func ("/iri/utf8/validate/never-reads-past-length", test_never_reads_past_length);
  g_test_add_func ("/iri/utf8/validate/every-position", test_every_position);

  return g_test_run ();
}
