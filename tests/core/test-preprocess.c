/* test-preprocess.c: liberal input (3987bis §6.1 LEIRI, §6.2 Web Address,
 * draft-iri-processing-clarifications §4)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

typedef struct {
  const char        *name;
  IriPreprocessMode  mode;
  const char        *input;
  const char        *output;
  const char        *changes;  /* "code@start-end,…" in input code points, by position */
} PreprocessCase;

#define WS  IRI_PREPROCESS_WHITESPACE
#define LE  IRI_PREPROCESS_LEIRI
#define WEB IRI_PREPROCESS_WEB_ADDRESS

static const PreprocessCase preprocess_cases[] = {
  /* Whitespace (clarifications §4 steps 1–2) */
  { "ws-nothing", WS, "http://example.org/a", "http://example.org/a", "" },
  { "ws-trim", WS, " \t\r\nhttp://example.org/ \n", "http://example.org/",
    "preprocess-trimmed@0-4,preprocess-trimmed@23-25" },
  { "ws-inner-space", WS, "file:///Program Files", "file:///Program%20Files",
    "preprocess-percent-encoded@15-16" },
  { "ws-inner-spaces-merged", WS, "file:///Program   Files", "file:///Program%20%20%20Files",
    "preprocess-percent-encoded@15-18" },
  { "ws-separate-runs", WS, "a b c", "a%20b%20c", "preprocess-percent-encoded@1-2,preprocess-percent-encoded@3-4" },
  /* Only SPACE is encoded; other whitespace inside is left to the parser. */
  { "ws-inner-tab", WS, "a\tb\xC2\xA0" "c", "a\tb\xC2\xA0" "c", "" },
  { "ws-all-space", WS, "  \t ", "", "preprocess-trimmed@0-4" },
  { "ws-non-ascii-offsets", WS, "\xE2\x80\x83 http://\xC3\xA9 x ", "\xE2\x80\x83%20http://\xC3\xA9%20x",
    "preprocess-percent-encoded@1-2,preprocess-percent-encoded@10-11,preprocess-trimmed@12-13" },
  { "ws-empty", WS, "", "", "" },

  /* LEIRI (§6.1) */
  { "leiri-nothing", LE, "http://r\xC3\xA9sum\xC3\xA9.example/?q=\xEE\x80\x80x", "http://r\xC3\xA9sum\xC3\xA9.example/?q=%EE%80%80x",
    "preprocess-percent-encoded@25-26" },
  { "leiri-ascii", LE, "http://e/ <>\"{}|\\^`", "http://e/%20%3C%3E%22%7B%7D%7C%5C%5E%60",
    "preprocess-percent-encoded@9-10,preprocess-percent-encoded@10-11,preprocess-percent-encoded@11-12,"
    "preprocess-percent-encoded@12-13,preprocess-percent-encoded@13-14,preprocess-percent-encoded@14-15,"
    "preprocess-percent-encoded@15-16,preprocess-percent-encoded@16-17,preprocess-percent-encoded@17-18,"
    "preprocess-percent-encoded@18-19" },
  { "leiri-controls", LE, "a\x01\x1F\x7F\xC2\x80\xC2\x9F" "b", "a%01%1F%7F%C2%80%C2%9Fb",
    "preprocess-percent-encoded@1-2,preprocess-percent-encoded@2-3,preprocess-percent-encoded@3-4,"
    "preprocess-percent-encoded@4-5,preprocess-percent-encoded@5-6" },
  /* U+FFF0..U+FFFD are in leiri-ucschar but not in ucschar. */
  { "leiri-specials", LE, "a\xEF\xBF\xB9\xEF\xBF\xBC\xEF\xBF\xBD", "a%EF%BF%B9%EF%BF%BC%EF%BF%BD",
    "preprocess-percent-encoded@1-2,preprocess-percent-encoded@2-3,preprocess-percent-encoded@3-4" },
  { "leiri-private-use", LE, "a\xEE\x80\x80\xF3\xB0\x80\x80\xF4\x8F\xBF\xBD", "a%EE%80%80%F3%B0%80%80%F4%8F%BF%BD",
    "preprocess-percent-encoded@1-2,preprocess-percent-encoded@2-3,preprocess-percent-encoded@3-4" },
  { "leiri-tags", LE, "a\xF3\xA0\x80\x81", "a%F3%A0%80%81", "preprocess-percent-encoded@1-2" },
  { "leiri-noncharacters", LE, "a\xEF\xB7\x90\xEF\xBF\xBF\xF0\x9F\xBF\xBE", "a%EF%B7%90%EF%BF%BF%F0%9F%BF%BE",
    "preprocess-percent-encoded@1-2,preprocess-percent-encoded@2-3,preprocess-percent-encoded@3-4" },
  /* Bidi formatting characters are ucschar, but §4.1 forbids them. */
  { "leiri-bidi", LE, "http://e/a\xE2\x80\x8E\xE2\x80\x8E" "b\xD8\x9C\xE2\x81\xA7",
    "http://e/a%E2%80%8E%E2%80%8Eb%D8%9C%E2%81%A7",
    "preprocess-percent-encoded@10-12,preprocess-percent-encoded@13-14,preprocess-percent-encoded@14-15" },
  /* No trimming, no stray-percent handling: LEIRI does not have them. */
  { "leiri-space-edges", LE, " a%zz ", "%20a%zz%20",
    "preprocess-percent-encoded@0-1,preprocess-percent-encoded@5-6" },
  { "leiri-ucschar-kept", LE, "\xC2\xA0\xED\x9F\xBF\xEF\xA4\x80\xF0\x90\x80\x80\xF3\xA1\x80\x80",
    "\xC2\xA0\xED\x9F\xBF\xEF\xA4\x80\xF0\x90\x80\x80\xF3\xA1\x80\x80", "" },

  /* Web Address (§6.2) */
  { "web-nothing", WEB, "http://example.org/a?b#c", "http://example.org/a?b#c", "" },
  { "web-step1-trim", WEB, "\n\t http://example.org/ \r\n", "http://example.org/",
    "preprocess-trimmed@0-3,preprocess-trimmed@22-25" },
  { "web-step2-strip", WEB, "ht\ttp://exa\r\nmple.org/p\tath", "http://example.org/path",
    "preprocess-removed-control@2-3,preprocess-removed-control@11-13,preprocess-removed-control@23-24" },
  { "web-step3-encode", WEB, "http://e/a b<c>\"d{|}^`\x01\xEE\x80\x80",
    "http://e/a%20b%3Cc%3E%22d%7B%7C%7D%5E%60%01%EE%80%80",
    "preprocess-percent-encoded@10-11,preprocess-percent-encoded@12-13,preprocess-percent-encoded@14-15,"
    "preprocess-percent-encoded@15-16,preprocess-percent-encoded@17-18,preprocess-percent-encoded@18-19,"
    "preprocess-percent-encoded@19-20,preprocess-percent-encoded@20-21,preprocess-percent-encoded@21-22,"
    "preprocess-percent-encoded@22-23,preprocess-percent-encoded@23-24" },
  { "web-step3-bidi", WEB, "http://e/\xE2\x80\xAE", "http://e/%E2%80%AE", "preprocess-percent-encoded@9-10" },
  { "web-step4-stray", WEB, "http://e/100%?a=%zz&b=%4&c=%41%", "http://e/100%25?a=%25zz&b=%254&c=%41%25",
    "preprocess-stray-percent@12-13,preprocess-stray-percent@16-17,preprocess-stray-percent@22-23,"
    "preprocess-stray-percent@30-31" },
  { "web-step4-merged", WEB, "a%%b", "a%25%25b", "preprocess-stray-percent@1-3" },
  /* Tabs and newlines are gone before step 4 looks at the digits. */
  { "web-step4-after-strip", WEB, "a%4\n1", "a%41", "preprocess-removed-control@3-4" },
  { "web-step5-backslash", WEB, "http:\\\\example.org\\a\\b?c\\d#e\\f", "http://example.org/a/b?c%5Cd#e%5Cf",
    "preprocess-backslash@5-7,preprocess-backslash@18-19,preprocess-backslash@20-21,"
    "preprocess-percent-encoded@24-25,preprocess-percent-encoded@28-29" },
  { "web-step5-fragment-first", WEB, "a#b\\c?d\\", "a#b%5Cc?d%5C",
    "preprocess-percent-encoded@3-4,preprocess-percent-encoded@7-8" },
  { "web-href-ifragment", WEB, "http://e/#a#b##", "http://e/#a%23b%23%23",
    "preprocess-percent-encoded@11-12,preprocess-percent-encoded@13-15" },
  /* Everything at once, with offsets in code points of the input. */
  { "web-all", WEB, " \xC3\xA9\\x\t%y \xE2\x80\x8F#\\ ", "\xC3\xA9/x%25y%20%E2%80%8F#%5C",
    "preprocess-trimmed@0-1,preprocess-backslash@2-3,preprocess-removed-control@4-5,"
    "preprocess-stray-percent@5-6,preprocess-percent-encoded@7-8,preprocess-percent-encoded@8-9,"
    "preprocess-percent-encoded@10-11,preprocess-trimmed@11-12" },
  { "web-empty", WEB, "", "", "" },
};

static char *
format_changes (GPtrArray *diagnostics)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (diagnostics->len);
  GString *out = g_string_new (NULL);

  /* Borrowed pointers: the copy must not unref them. */
  for (guint i = 0; i < diagnostics->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (diagnostics, i));

  /* The library sorts by severity first; all of these are warnings, so
   * this only makes the order independent of that. */
  for (guint i = 1; i < sorted->len; i++)
    for (guint j = i; j > 0; j--)
      {
        IriDiagnostic *a = g_ptr_array_index (sorted, j - 1);
        IriDiagnostic *b = g_ptr_array_index (sorted, j);

        if (iri_diagnostic_get_start (a) > iri_diagnostic_get_start (b))
          {
            sorted->pdata[j - 1] = b;
            sorted->pdata[j] = a;
          }
      }

  for (guint i = 0; i < sorted->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (sorted, i);

      g_string_append_printf (out, "%s%s@%zu-%zu", i > 0 ? "," : "",
                              iri_diagnostic_get_code (d),
                              iri_diagnostic_get_start (d), iri_diagnostic_get_end (d));
    }
  return g_string_free (out, FALSE);
}

static void
test_preprocess_case (gconstpointer data)
{
  const PreprocessCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GListModel) diagnostics_model = NULL;
  g_autoptr(GPtrArray) again_diagnostics = NULL;
  g_autoptr(GListModel) again_diagnostics_model = NULL;
  g_autofree char *output = iri_preprocess (c->input, -1, c->mode, &diagnostics_model, &error);
  diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
  g_autofree char *changes = NULL;
  g_autofree char *again = NULL;
  gsize n_chars = g_utf8_strlen (c->input, -1);

  g_assert_no_error (error);
  g_assert_cmpstr (output, ==, c->output);
  changes = format_changes (diagnostics);
  g_assert_cmpstr (changes, ==, c->changes);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (diagnostics, i);
      IriSpan span;

      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, IRI_SEVERITY_WARNING);
      g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "U+"));
      g_assert_nonnull (strstr (iri_diagnostic_get_spec (d), "§"));

      /* The spans point into the input, in bytes and code points. */
      iri_diagnostic_get_span (d, &span);
      g_assert_cmpuint (span.end, <=, n_chars);
      g_assert_cmpuint (span.byte_end, <=, strlen (c->input));
      g_assert_cmpuint (g_utf8_strlen (c->input, span.byte_start), ==, span.start);
      g_assert_cmpuint (g_utf8_strlen (c->input, span.byte_end), ==, span.end);
    }

  /* Preprocessing its own output changes nothing. */
  again = iri_preprocess (output, -1, c->mode, &again_diagnostics_model, &error);
  again_diagnostics = iri_test_diagnostics (g_steal_pointer (&again_diagnostics_model));
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, output);
  g_assert_cmpuint (again_diagnostics->len, ==, 0);
}

/* The messages say what was changed, naming the character. */
static void
test_messages (void)
{
  struct {
    IriPreprocessMode  mode;
    const char        *input;
    const char        *code;
    const char        *spec;
    const char        *message;
  } cases[] = {
    { WS, "a b", "preprocess-percent-encoded", "draft-iri-processing-clarifications §4 step 2",
      "U+0020 SPACE was percent-encoded as %20." },
    { WS, "a   b", "preprocess-percent-encoded", "draft-iri-processing-clarifications §4 step 2",
      "U+0020 SPACE (3 times) was percent-encoded as %20." },
    { WS, " a", "preprocess-trimmed", "draft-iri-processing-clarifications §4 step 1",
      "U+0020 SPACE at the start was removed." },
    { WEB, "a \t", "preprocess-trimmed", "RFC 3987bis §6.2 step 1",
      "U+0020 SPACE and 1 more character at the end were removed." },
    { LE, "a<", "preprocess-percent-encoded", "RFC 3987bis §6.1",
      "U+003C LESS-THAN SIGN was percent-encoded as %3C." },
    { LE, "a\xE2\x80\x8F", "preprocess-percent-encoded", "RFC 3987bis §4.1, §6.1",
      "U+200F RIGHT-TO-LEFT MARK was percent-encoded as %E2%80%8F: an IRI must not contain bidi formatting characters." },
    { WEB, "a\xE2\x80\xAE", "preprocess-percent-encoded", "RFC 3987bis §4.1, §6.2 step 3",
      "U+202E RIGHT-TO-LEFT OVERRIDE was percent-encoded as %E2%80%AE" },
    { WEB, "a\r\nb", "preprocess-removed-control", "RFC 3987bis §6.2 step 2, WHATWG URL §4.4 (basic URL parser)",
      "U+000D CARRIAGE RETURN and 1 more character were removed" },
    { WEB, "a%z", "preprocess-stray-percent", "RFC 3987bis §6.2 step 4",
      "U+0025 PERCENT SIGN was percent-encoded as %25" },
    { WEB, "a\\b", "preprocess-backslash", "RFC 3987bis §6.2 step 5",
      "U+005C REVERSE SOLIDUS was replaced by “/”" },
    { WEB, "a#b#", "preprocess-percent-encoded", "RFC 3987bis §6.2 (href-ifragment)",
      "U+0023 NUMBER SIGN was percent-encoded as %23" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) diagnostics = NULL;
      g_autoptr(GListModel) diagnostics_model = NULL;
      g_autofree char *output = iri_preprocess (cases[i].input, -1, cases[i].mode, &diagnostics_model, NULL);
      diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
      IriDiagnostic *d;

      g_assert_nonnull (output);
      g_assert_cmpuint (diagnostics->len, ==, 1);
      d = g_ptr_array_index (diagnostics, 0);
      g_test_message ("%s", iri_diagnostic_get_message (d));
      g_assert_cmpstr (iri_diagnostic_get_code (d), ==, cases[i].code);
      g_assert_cmpstr (iri_diagnostic_get_spec (d), ==, cases[i].spec);
      g_assert_cmpint (iri_diagnostic_get_component (d), ==, IRI_COMPONENT_IRI);
      if (strstr (iri_diagnostic_get_message (d), cases[i].message) == NULL)
        g_error ("“%s” does not contain “%s”", iri_diagnostic_get_message (d), cases[i].message);
    }
}

/* A long input does not make a diagnostic per character. */
static void
test_huge_input (void)
{
  g_autoptr(GString) input = g_string_new ("http://e/");
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GListModel) diagnostics_model = NULL;
  g_autofree char *output = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (input, i % 2 ? " " : "<");
  output = iri_preprocess (input->str, input->len, IRI_PREPROCESS_WEB_ADDRESS, &diagnostics_model, NULL);
  diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
  g_assert_nonnull (output);
  g_assert_cmpuint (strlen (output), ==, 9 + 100000 * 3 - 3);  /* the last space is trimmed */
  g_assert_cmpuint (diagnostics->len, <=, 201);
}

static void
test_errors (void)
{
  struct {
    const char *bytes;
    gssize      length;
    IriError    code;
  } cases[] = {
    { "http://e/a\xC0\xAF", -1, IRI_ERROR_INVALID_UTF8 },
    { " http://e/\xED\xA0\x80 ", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\xF5\x80\x80\x80", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\xE2\x82", -1, IRI_ERROR_INVALID_UTF8 },
    { "a\0b", 3, IRI_ERROR_EMBEDDED_NUL },
    { " \0", 2, IRI_ERROR_EMBEDDED_NUL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      for (IriPreprocessMode mode = IRI_PREPROCESS_WHITESPACE; mode <= IRI_PREPROCESS_WEB_ADDRESS; mode++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) diagnostics = NULL;
          g_autoptr(GListModel) diagnostics_model = NULL;
          g_autofree char *output = iri_preprocess (cases[i].bytes, cases[i].length, mode, &diagnostics_model, &error);
          diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));

          g_assert_null (output);
          g_assert_null (diagnostics);
          g_assert_error (error, IRI_ERROR, (gint) cases[i].code);
        }
    }
}

static gboolean
has_private_use (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) == G_UNICODE_PRIVATE_USE || (c >= 0xE0000 && c <= 0xE0FFF))
        return TRUE;
    }
  return FALSE;
}

/* Over every string of the data sets, valid or not: LEIRI and Web
 * Address processing give text without the characters they encode, it
 * is idempotent, and a string that already is an IRI reference comes
 * out as it went in (apart from Web Address's trimming, which valid
 * references never need). */
static void
test_data_properties (void)
{
  const char *files[][2] = {
    { "oxiri/oxiri-valid-absolute-iris.tsv", "iri" },
    { "oxiri/oxiri-valid-iri-references.tsv", "iri_reference" },
    { "oxiri/oxiri-invalid-iri-references.tsv", "iri_reference" },
    { "rfc3986-resolution/foursuite-uri-references.tsv", "uri_reference" },
    { "oxiri/oxiri-resolve.tsv", "reference" },
  };
  guint n = 0, n_valid = 0, n_changed = 0;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_auto(GStrv) header = NULL;
      g_autoptr(GPtrArray) rows = iri_test_load_tsv (files[f][0], TRUE, &header);
      guint col = iri_test_column (header, files[f][1]);

      for (guint i = 0; i < rows->len; i++)
        {
          IriTestRow *row = g_ptr_array_index (rows, i);
          const char *text = row->fields[col];
          g_autoptr(IriReference) ref = NULL;

          if (!iri_utf8_validate (text, -1, NULL, NULL))
            continue;
          ref = iri_reference_parse (text, -1, IRI_PARSE_DEFAULT, NULL);
          n++;

          for (IriPreprocessMode mode = IRI_PREPROCESS_WHITESPACE; mode <= IRI_PREPROCESS_WEB_ADDRESS; mode++)
            {
              g_autoptr(GPtrArray) diagnostics = NULL;
              g_autoptr(GListModel) diagnostics_model = NULL;
              g_autoptr(GPtrArray) again_diagnostics = NULL;
              g_autoptr(GListModel) again_diagnostics_model = NULL;
              g_autofree char *output = iri_preprocess (text, -1, mode, &diagnostics_model, NULL);
              diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
              g_autofree char *again = iri_preprocess (output, -1, mode, &again_diagnostics_model, NULL);
              again_diagnostics = iri_test_diagnostics (g_steal_pointer (&again_diagnostics_model));

              g_assert_nonnull (output);
              g_assert_cmpstr (again, ==, output);
              g_assert_cmpuint (again_diagnostics->len, ==, 0);
              if ((diagnostics->len == 0) != g_str_equal (output, text))
                g_error ("%s line %u: “%s” changed without a diagnostic, or the reverse", files[f][0], row->line, text);
              if (diagnostics->len > 0)
                n_changed++;

              /* LEIRI also encodes the private-use characters a valid
               * query may have. */
              if (ref != NULL && (mode == IRI_PREPROCESS_WHITESPACE ||
                                  (mode == IRI_PREPROCESS_LEIRI && !has_private_use (text))) &&
                  !g_str_equal (output, text))
                g_error ("%s line %u: the valid reference “%s” became “%s”", files[f][0], row->line, text, output);

              if (mode != IRI_PREPROCESS_WHITESPACE)
                {
                  for (const char *p = output; *p != '\0'; p++)
                    {
                      g_assert_true ((guchar) *p > 0x20 && *p != 0x7F);
                      g_assert_null (strchr ("<>\"{}|\\^`", *p));
                    }
                }
            }
          if (ref != NULL)
            n_valid++;
        }
    }

  g_test_message ("%u strings (%u valid IRI references), %u changes across the three modes", n, n_valid, n_changed);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (preprocess_cases); i++)
    {
      const char *mode = preprocess_cases[i].mode == WS ? "whitespace" :
                         preprocess_cases[i].mode == LE ? "leiri" : "web-address";
      g_autofree char *path = g_strdup_printf ("/iri/preprocess/%s/%s", mode, preprocess_cases[i].name);

      g_test_add_data_func (path, &preprocess_cases[i], test_preprocess_case);
    }
  g_test_add_func ("/iri/preprocess/messages", test_messages);
  g_test_add_func ("/iri/preprocess/huge-input", test_huge_input);
  g_test_add_func ("/iri/preprocess/errors", test_errors);
  g_test_add_func ("/iri/preprocess/data-properties", test_data_properties);

  return g_test_run ();
}
