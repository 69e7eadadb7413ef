/* test-analysis.c: the one-pass analysis of an IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

typedef struct {
  IriComponent  kind;
  const char   *text;
  IriDirection  direction;
} ExpectedUnit;

static void
assert_units (IriAnalysis        *analysis,
              const ExpectedUnit *expected,
              guint               n_expected)
{
  const char *text = iri_analysis_get_text (analysis);

  g_assert_cmpuint (iri_analysis_get_n_units (analysis), ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    {
      const IriUnit *unit = iri_analysis_get_unit (analysis, i);
      g_autofree char *unit_text = g_strndup (text + unit->span.byte_start,
                                              unit->span.byte_end - unit->span.byte_start);

      g_assert_cmpint (unit->kind, ==, expected[i].kind);
      g_assert_cmpstr (unit_text, ==, expected[i].text);
      g_assert_cmpint (unit->direction, ==, expected[i].direction);
      /* Character offsets agree with the byte offsets. */
      g_assert_cmpuint (unit->span.start, ==, g_utf8_pointer_to_offset (text, text + unit->span.byte_start));
      g_assert_cmpuint (unit->span.end, ==, g_utf8_pointer_to_offset (text, text + unit->span.byte_end));
    }
}

/* The units of DESIGN.md §3: userinfo, host labels, port, path segments
 * with their file-name extensions, query names and values, fragment. */
static void
test_units (void)
{
  static const ExpectedUnit expected[] = {
    { IRI_COMPONENT_USERINFO, "user", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_HOST_LABEL, "ab", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_HOST_LABEL, "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA", IRI_DIRECTION_RTL },
    { IRI_COMPONENT_HOST_LABEL, "example", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_PORT, "8080", IRI_DIRECTION_NEUTRAL },
    { IRI_COMPONENT_PATH_SEGMENT, "dir", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_PATH_SEGMENT, "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", IRI_DIRECTION_RTL },
    { IRI_COMPONENT_PATH_EXTENSION, "html", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_QUERY_NAME, "q", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_QUERY_VALUE, "\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A", IRI_DIRECTION_RTL },
    { IRI_COMPONENT_QUERY_NAME, "n", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_QUERY_VALUE, "12", IRI_DIRECTION_NEUTRAL },
    { IRI_COMPONENT_QUERY_NAME, "flag", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_FRAGMENT, "top\xD7\x90", IRI_DIRECTION_MIXED },
  };
  g_autoptr(IriAnalysis) analysis =
    iri_analyze ("http://user@ab.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.example:8080/dir/"
                 "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D.html?q=\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A;n=12&flag#top\xD7\x90",
                 -1);

  assert_units (analysis, expected, G_N_ELEMENTS (expected));
}

/* An IP literal is one unit; an empty path has none; a value may
 * contain "=" after the first one. */
static void
test_units_edge_cases (void)
{
  static const ExpectedUnit ipv6[] = {
    { IRI_COMPONENT_HOST, "[::1]", IRI_DIRECTION_NEUTRAL },
  };
  static const ExpectedUnit query[] = {
    { IRI_COMPONENT_QUERY_NAME, "a", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_QUERY_VALUE, "b=c", IRI_DIRECTION_LTR },
  };
  static const ExpectedUnit dotfile[] = {
    { IRI_COMPONENT_PATH_SEGMENT, ".hidden", IRI_DIRECTION_LTR },
    { IRI_COMPONENT_PATH_SEGMENT, "name.", IRI_DIRECTION_LTR },
  };
  g_autoptr(IriAnalysis) a = iri_analyze ("http://[::1]", -1);
  g_autoptr(IriAnalysis) b = iri_analyze ("?a=b=c", -1);
  g_autoptr(IriAnalysis) c = iri_analyze ("/.hidden/name.", -1);
  g_autoptr(IriAnalysis) d = iri_analyze ("", -1);

  assert_units (a, ipv6, G_N_ELEMENTS (ipv6));
  assert_units (b, query, G_N_ELEMENTS (query));
  assert_units (c, dotfile, G_N_ELEMENTS (dotfile));
  assert_units (d, NULL, 0);
}

static void
test_uris (void)
{
  g_autoptr(IriAnalysis) a = iri_analyze ("http://r\xC3\xA9sum\xC3\xA9.example.org/r\xC3\xA9sum\xC3\xA9", -1);
  g_autoptr(IriAnalysis) b = iri_analyze ("http://example.org/~user", -1);
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriAnalysis) c = NULL;
  g_autoptr(IriAnalysis) d = NULL;

  g_assert_cmpstr (iri_analysis_get_uri (a), ==, "http://r%C3%A9sum%C3%A9.example.org/r%C3%A9sum%C3%A9");
  g_assert_cmpstr (iri_analysis_get_uri_idna (a), ==, "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9");
  g_assert_cmpstr (iri_analysis_get_display_iri (a), ==, "http://r\xC3\xA9sum\xC3\xA9.example.org/r\xC3\xA9sum\xC3\xA9");
  g_assert_cmpint (iri_analysis_get_highest_severity (a), ==, IRI_SEVERITY_NONE);
  g_assert_cmpuint (iri_analysis_get_n_diagnostics (a), ==, 0);

  /* An ASCII host needs no IDNA: both forms are the same. */
  g_assert_cmpstr (iri_analysis_get_uri (b), ==, "http://example.org/~user");
  g_assert_cmpstr (iri_analysis_get_uri_idna (b), ==, iri_analysis_get_uri (b));

  /* IDNA2008 without mapping refuses upper case: the IDNA form is NULL
   * and a diagnostic gives libidn2's reason; the percent form stays. */
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_IDNA2008);
  g_assert_cmpint (iri_analyzer_get_host_mapping (analyzer), ==, IRI_HOST_MAPPING_IDNA2008);
  c = iri_analyzer_analyze (analyzer, "http://R\xC3\x89SUM\xC3\x89.example/", -1);
  g_assert_null (iri_analysis_get_uri_idna (c));
  g_assert_cmpstr (iri_analysis_get_uri (c), ==, "http://R%C3%89SUM%C3%89.example/");
  g_assert_cmpuint (iri_analysis_get_n_diagnostics (c), ==, 1);
  g_assert_cmpstr (iri_diagnostic_get_code (iri_analysis_get_diagnostic (c, 0)), ==, "idna-invalid-host");
  g_assert_cmpint (iri_analysis_get_highest_severity (c), ==, IRI_SEVERITY_ERROR);

  /* The percent mapping turns the IDNA form off. */
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_PERCENT);
  d = iri_analyzer_analyze (analyzer, "http://\xD7\x90.example/", -1);
  g_assert_null (iri_analysis_get_uri_idna (d));
  g_assert_cmpuint (iri_analysis_get_n_diagnostics (d), ==, 0);
}

/* A-labels typed in the input are checked where they were typed. */
static void
test_a_labels (void)
{
  g_autoptr(IriAnalysis) a = iri_analyze ("http://www.XN--AB-G4T.example/", -1);
  g_autoptr(IriAnalysis) b = iri_analyze ("http://xn--99zt52a.example.org/%e2%80%ae", -1);
  IriDiagnostic *d;

  g_assert_cmpuint (iri_analysis_get_n_diagnostics (a), >=, 1);
  d = iri_analysis_get_diagnostic (a, 0);
  g_assert_cmpstr (iri_diagnostic_get_code (d), ==, "idna-invalid-a-label");
  g_assert_cmpuint (iri_diagnostic_get_start (d), ==, 11);
  g_assert_cmpuint (iri_diagnostic_get_end (d), ==, 21);

  /* §3.7's own example: the readable form decodes the host but keeps the
   * RIGHT-TO-LEFT OVERRIDE encoded. */
  g_assert_cmpstr (iri_analysis_get_display_iri (b), ==, "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE");
}

/* Any text gets an analysis, however broken, and the findings are
 * sorted most severe first. */
static void
test_never_fails (void)
{
  static const struct {
    const char *text;
    gssize      length;
  } inputs[] = {
    { "", 0 },
    { "http://[::1", -1 },
    { "ab\0cd", 5 },
    { "\xFF\xFE", 2 },
    { "http://u:p@exa mple:99999/%zz?\xEE\x80\x80#a#b", -1 },
    { "%", -1 },
    { "::::", -1 },
    { "//", -1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(IriAnalysis) analysis = iri_analyze (inputs[i].text, inputs[i].length);
      g_autoptr(GListModel) model = iri_analysis_get_diagnostics (analysis);
      IriSeverity last = IRI_SEVERITY_ERROR;

      g_assert_nonnull (iri_analysis_get_uri (analysis));
      g_assert_nonnull (iri_analysis_get_display_iri (analysis));
      g_assert_true (g_utf8_validate (iri_analysis_get_text (analysis), -1, NULL));
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, iri_analysis_get_n_diagnostics (analysis));
      for (guint k = 0; k < iri_analysis_get_n_diagnostics (analysis); k++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, k);

          g_assert_cmpint (iri_diagnostic_get_severity (d), <=, last);
          last = iri_diagnostic_get_severity (d);
          g_assert_cmpuint (iri_diagnostic_get_end (d), <=, g_utf8_strlen (iri_analysis_get_text (analysis), -1));
          g_assert_cmpuint (iri_diagnostic_get_start (d), <=, iri_diagnostic_get_end (d));
        }
      if (i > 0 && i < 5)
        g_assert_cmpint (iri_analysis_get_highest_severity (analysis), ==, IRI_SEVERITY_ERROR);
    }
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  (*(guint *) user_data)++;
}

/* The analyzer notifies only on a real change (STYLE.md §2). */
static void
test_analyzer_notify (void)
{
  IriAnalyzer *analyzer = iri_analyzer_new ();
  guint count = 0;

  g_signal_connect (analyzer, "notify::host-mapping", G_CALLBACK (count_notify_cb), &count);
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_UTS46);
  g_assert_cmpuint (count, ==, 0);
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_IDNA2008);
  g_assert_cmpuint (count, ==, 1);
  g_object_set (analyzer, "host-mapping", IRI_HOST_MAPPING_IDNA2008, NULL);
  g_assert_cmpuint (count, ==, 1);
  g_assert_finalize_object (analyzer);
}

/* Messages for a user interface: the logical pieces of the IRI they
 * quote are in a left-to-right isolate, the visual pieces (already in
 * display order) in a left-to-right override, and nothing else changes. */
static void
test_display_message (void)
{
  /* The path of §4.4 Example 5: a right-to-left run across "/" and "?". */
  g_autoptr(IriAnalysis) analysis = iri_analyze ("http://example.com/\xD7\x90\xD7\x91/\xD7\x92?\xD7\x93=1", -1);
  gboolean found = FALSE;

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      g_autofree char *shown = NULL;
      g_autoptr(GString) stripped = NULL;

      if (!g_str_equal (iri_diagnostic_get_code (d), "bidi-component-interleaved"))
        continue;
      found = TRUE;
      shown = iri_diagnostic_dup_display_message (d);
      /* The logical quote is isolated, the visual one overridden. */
      g_assert_nonnull (strstr (shown, "\xE2\x80\x9C\xE2\x81\xA6"));   /* “ LRI */
      g_assert_nonnull (strstr (shown, "\xE2\x80\x9C\xE2\x80\xAD"));   /* “ LRO */
      g_assert_null (strstr (shown, "\xE2\x80\xAD\xE2\x81\xA6"));      /* no isolate in an override */
      g_assert_null (strstr (iri_diagnostic_get_message (d), "\xE2\x81\xA6"));

      /* Without the isolates it is the message. */
      stripped = g_string_new (shown);
      g_string_replace (stripped, "\xE2\x81\xA6", "", 0);
      g_string_replace (stripped, "\xE2\x81\xA9", "", 0);
      g_assert_cmpstr (stripped->str, ==, iri_diagnostic_get_message (d));
    }
  g_assert_true (found);
}

/* Messages for assistive technology: a piece of the display that a
 * message quotes in visual order is given in logical order (a screen
 * reader speaks logical order), with no bidi formatting characters. */
static void
test_accessible_message (void)
{
  /* The path of §4.4 Example 5, as in test_display_message(). */
  g_autoptr(IriAnalysis) analysis = iri_analyze ("http://example.com/\xD7\x90\xD7\x91/\xD7\x92?\xD7\x93=1", -1);
  gboolean found = FALSE;

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      g_autofree char *spoken = iri_diagnostic_dup_accessible_message (d);

      g_assert_null (strstr (spoken, "\xE2\x80\xAD"));   /* LRO */
      g_assert_null (strstr (spoken, "\xE2\x80\xAC"));   /* PDF */
      g_assert_null (strstr (spoken, "\xE2\x81\xA6"));   /* LRI */
      if (!g_str_equal (iri_diagnostic_get_code (d), "bidi-component-interleaved"))
        {
          g_assert_cmpstr (spoken, ==, iri_diagnostic_get_message (d));
          continue;
        }
      found = TRUE;
      /* The message quotes the display as seen, "/1=ד?ג/בא" (visual,
       * under an override); spoken, it is "/אב/ג?ד=1", in logical
       * order. */
      g_assert_nonnull (strstr (iri_diagnostic_get_message (d),
                                "\xE2\x80\x9C\xE2\x80\xAD" "/1=\xD7\x93?\xD7\x92/\xD7\x91\xD7\x90" "\xE2\x80\xAC\xE2\x80\x9D"));
      g_assert_nonnull (strstr (spoken, "\xE2\x80\x9C" "/\xD7\x90\xD7\x91/\xD7\x92?\xD7\x93=1" "\xE2\x80\x9D"));
    }
  g_assert_true (found);
}

static gpointer
dup_accessible_message_cb (gpointer data)
{
  return iri_diagnostic_dup_accessible_message (data);
}

/* The message for assistive technology is made when it is first asked
 * for: it must be the same when asked for after its analysis is gone,
 * from several threads at once, and for every kind of finding that
 * has one (the display in pieces, the host read differently). */
static void
test_accessible_message_later (void)
{
  static const char * const iris[] = {
    /* §4.4 Example 5: a component and units displayed in pieces. */
    "http://example.com/\xD7\x90\xD7\x91/\xD7\x92?\xD7\x93=1",
    /* The port and path move into the host's place. */
    "http://\xD7\x90\xD7\x91.\xD7\x92\xD7\x93:8080/\xD7\x94",
  };
  gboolean interleaved = FALSE, host = FALSE;

  for (gsize k = 0; k < G_N_ELEMENTS (iris); k++)
    {
      g_autoptr(IriAnalysis) first = iri_analyze (iris[k], -1);
      IriAnalysis *second = iri_analyze (iris[k], -1);
      g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);

      g_assert_cmpuint (iri_analysis_get_n_diagnostics (first), ==, iri_analysis_get_n_diagnostics (second));
      for (guint i = 0; i < iri_analysis_get_n_diagnostics (first); i++)
        {
          g_ptr_array_add (expected, iri_diagnostic_dup_accessible_message (iri_analysis_get_diagnostic (first, i)));
          g_ptr_array_add (kept, g_object_ref (iri_analysis_get_diagnostic (second, i)));
        }
      iri_analysis_unref (second);

      for (guint i = 0; i < kept->len; i++)
        {
          IriDiagnostic *d = g_ptr_array_index (kept, i);
          GThread *threads[4];

          if (g_str_equal (iri_diagnostic_get_code (d), "bidi-component-interleaved"))
            interleaved = TRUE;
          else if (g_str_equal (iri_diagnostic_get_code (d), "bidi-host-reads-differently"))
            {
              /* The display shows "ה" in the host's place; spoken, it
               * is the same, and the host is quoted in logical order. */
              g_assert_nonnull (strstr (g_ptr_array_index (expected, i),
                                        "the display shows \xE2\x80\x9C\xD7\x94\xE2\x80\x9D where the host is expected, "
                                        "but the host is \xE2\x80\x9C\xD7\x90\xD7\x91.\xD7\x92\xD7\x93\xE2\x80\x9D."));
              host = TRUE;
            }
          else
            continue;
          /* Its own message, in logical order. */
          g_assert_cmpstr (g_ptr_array_index (expected, i), !=, iri_diagnostic_get_message (d));
          for (gsize t = 0; t < G_N_ELEMENTS (threads); t++)
            threads[t] = g_thread_new ("spoken", dup_accessible_message_cb, d);
          for (gsize t = 0; t < G_N_ELEMENTS (threads); t++)
            {
              g_autofree char *spoken = g_thread_join (threads[t]);

              g_assert_cmpstr (spoken, ==, g_ptr_array_index (expected, i));
            }
        }
    }
  g_assert_true (interleaved);
  g_assert_true (host);
}

static int
compare_strings_cb (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* "code:s:component" for every finding whose code starts with one of
 * @prefixes, sorted and joined with ",", or "-" for none. */
static char *
findings_of (IriAnalysis        *analysis,
             const char * const *prefixes)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      const char *code = iri_diagnostic_get_code (d);

      for (const char * const *p = prefixes; *p != NULL; p++)
        {
          if (g_str_has_prefix (code, *p))
            {
              g_ptr_array_add (items, g_strdup_printf ("%s:%c:%s", code,
                                                       iri_severity_to_string (iri_diagnostic_get_severity (d))[0],
                                                       iri_component_to_string (iri_diagnostic_get_component (d))));
              break;
            }
        }
    }

  if (items->len == 0)
    return g_strdup ("-");
  g_ptr_array_sort (items, compare_strings_cb);
  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, g_ptr_array_index (items, i));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

typedef struct {
  const char *input;
  const char *expected;
} FindingsCase;

/* RFC 3987bis §4.2 rule 2 for host labels is RFC 5893's Bidi Rule
 * (§4.2 ties host names to IDNA): a right-to-left label may end in
 * digits.  The cases are written in real Hebrew and Arabic. */
static const FindingsCase bidi_host_cases[] = {
  /* Labels that satisfy RFC 5893: no finding at all.  "עברית-123" is
   * displayed as "123-תירבע", one block before ".il". */
  { "http://\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-123.il/", "-" },
  /* Arabic letters, Arabic-Indic digits (U+0661..U+0663). */
  { "http://\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84-\xD9\xA1\xD9\xA2\xD9\xA3.example/", "-" },
  /* Arabic letters, European digits. */
  { "http://\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84-123.example/", "-" },
  /* Digits inside, and a label ending in digits before a path without
   * digits. */
  { "http://\xD7\x90\xD7\x91" "1\xD7\x92.il/", "-" },
  { "http://abc.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-123/x", "-" },

  /* Labels that break it: idna-bidi-rule only, no bidi-rtl-edge. */
  { "http://-\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.il/", "idna-bidi-rule:e:host-label" },          /* rule 1 */
  { "http://123\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.il/", "idna-bidi-rule:e:host-label" },        /* rule 1 */
  { "http://\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-.il/", "idna-bidi-rule:e:host-label" },          /* rule 3 */
  { "http://\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84-\xD9\xA1\xD9\xA2" "3.example/", "idna-bidi-rule:e:host-label" }, /* rule 4 */

  /* Rule 2 still holds for paths, queries and fragments. */
  { "http://example.com/\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-123/", "bidi-rtl-edge:w:path-segment" },
  { "http://example.com/?q=\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA" "1", "bidi-rtl-edge:w:query-value" },
  { "http://example.com/#1\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA", "bidi-rtl-edge:w:fragment" },

  /* Digits that do interact with a neighbour: the port's digits join
   * the label's ("123:8080" is one run), so the host is shown in
   * pieces. */
  { "http://\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-123:8080/",
    "bidi-component-interleaved:w:host,bidi-host-reads-differently:i:host,bidi-numeric-adjacent:i:port" },
  { "http://\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA-123/456/",
    "bidi-component-interleaved:w:host,bidi-component-interleaved:w:path,"
    "bidi-host-reads-differently:i:host,bidi-numeric-adjacent:i:path-segment" },
};

/* @text with every @from replaced by @to. */
static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  g_auto(GStrv) pieces = g_strsplit (text, from, -1);

  return g_strjoinv (to, pieces);
}

/* The bidi checks keep their arrays on the stack for an IRI of up to
 * 256 characters and on the heap beyond (iri-bidi-checks.c): the host
 * read differently, and the other findings, are the same after a long
 * left-to-right fragment. */
static void
test_bidi_long_iris (void)
{
  static const char * const prefixes[] = { "bidi-", "idna-bidi-rule", NULL };
  static const gsize lengths[] = { 200, 240, 255, 256, 257, 600 };

  for (gsize i = 0; i < G_N_ELEMENTS (bidi_host_cases); i++)
    {
      const FindingsCase *c = &bidi_host_cases[i];

      for (gsize k = 0; k < G_N_ELEMENTS (lengths); k++)
        {
          g_autoptr(GString) input = g_string_new (c->input);
          g_autoptr(IriAnalysis) analysis = NULL;
          g_autofree char *findings = NULL;
          g_autofree char *expected = NULL;

          /* The cases with a host read differently end with a
           * delimiter, so the fragment changes nothing before it. */
          if (strstr (c->expected, "bidi-host-reads-differently") == NULL)
            continue;
          /* With left-to-right letters after the host, the host read
           * differently is a warning, not a note. */
          expected = replace (c->expected, "bidi-host-reads-differently:i:",
                              "bidi-host-reads-differently:w:");
          g_string_append_c (input, '#');
          while (g_utf8_strlen (input->str, -1) < (glong) lengths[k])
            g_string_append_c (input, 'a');
          analysis = iri_analyze (input->str, -1);
          findings = findings_of (analysis, prefixes);
          g_test_message ("%s", input->str);
          g_assert_cmpstr (findings, ==, expected);
        }
    }
}

static void
test_bidi_host_labels (void)
{
  static const char * const prefixes[] = { "bidi-", "idna-bidi-rule", NULL };

  for (gsize i = 0; i < G_N_ELEMENTS (bidi_host_cases); i++)
    {
      const FindingsCase *c = &bidi_host_cases[i];
      g_autoptr(IriAnalysis) analysis = iri_analyze (c->input, -1);
      g_autofree char *findings = findings_of (analysis, prefixes);

      g_test_message ("%s", c->input);
      g_assert_cmpstr (findings, ==, c->expected);

      /* No hint tells the user to percent-encode a host name. */
      for (guint k = 0; k < iri_analysis_get_n_diagnostics (analysis); k++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, k);
          IriComponent component = iri_diagnostic_get_component (d);
          const char *hint = iri_diagnostic_get_hint (d);

          if ((component == IRI_COMPONENT_HOST || component == IRI_COMPONENT_HOST_LABEL) &&
              g_str_has_prefix (iri_diagnostic_get_code (d), "bidi-") && hint != NULL)
            g_assert_null (strstr (hint, "or percent-encode"));
          if (g_str_equal (iri_diagnostic_get_code (d), "idna-bidi-rule"))
            g_assert_null (strstr (hint, "ercent"));
        }
    }
}

/* Info notes on forms that normalization would change (RFC 3986 §6.2,
 * RFC 5952 §4.3). */
static const FindingsCase form_cases[] = {
  /* The normal forms: nothing. */
  { "http://example.com/a/b?q=%2F#f", "-" },
  { "https://[2001:db8::1]:8443/", "-" },
  { "http://10.1.1.1/", "-" },
  { "../a/./b", "form-dot-segment:i:path-segment" },
  { "../../a", "-" },
  { "./b:c", "-" },
  { "mailto:Joe@Example.COM", "-" },
  { "http://example.com:8080/", "-" },
  { "foo://example.com:80/", "-" },
  { "http://r\xC3\xA9sum\xC3\xA9.example/", "-" },
  /* Case: an ASCII host only; "RÉSUMÉ" is IDNA's business. */
  { "HTTP://example.com/", "form-scheme-case:i:scheme" },
  { "http://Example.COM/", "form-host-case:i:host" },
  { "http://R\xC3\x89SUM\xC3\x89.example/", "-" },
  { "http://PLUS%2bplus/", "form-host-case:i:host,form-percent-lowercase:i:host" },
  { "http://[2001:DB8::A]/", "form-ipv6-case:i:host" },
  /* Percent-encodings: one note per component. */
  { "http://example.com/a%2fb%2fc?x=%7e", "form-percent-lowercase:i:path,form-percent-lowercase:i:query,"
                                          "form-percent-unreserved:i:query" },
  { "http://example.com/%41%42", "form-percent-unreserved:i:path" },
  { "http://r%C3%A9sum%C3%A9.example/", "form-host-percent-encoded:i:host" },
  { "http://example.com/r%C3%A9sum%C3%A9", "-" },
  /* Dot segments. */
  { "http://example.com/a/./b/../c", "form-dot-segment:i:path-segment,form-dot-segment:i:path-segment" },
  { "/..", "form-dot-segment:i:path-segment" },
  { "http://example.com/a.b/.c/..d", "-" },
  /* Ports. */
  { "http://example.com:/", "form-port-empty:i:port" },
  { "http://example.com:80/", "form-port-default:i:port" },
  { "HTTPS://example.com:0443/", "form-port-default:i:port,form-scheme-case:i:scheme" },
  { "ws://example.com:80/", "form-port-default:i:port" },
  { "ftp://example.com:21/", "form-port-default:i:port" },
  { "http://example.com:08080/", "form-port-leading-zero:i:port" },
  { "http://example.com:0/", "-" },
  /* Out of range: port-out-of-range only. */
  { "http://example.com:099999/", "-" },
  /* Dotted-decimal names that are no IPv4 address. */
  { "http://256.1.1.1/", "form-ipv4-octet-range:i:host" },
  { "http://010.1.1.1/", "form-ipv4-leading-zero:i:host" },
  { "http://010.300.1.1/", "form-ipv4-leading-zero:i:host,form-ipv4-octet-range:i:host" },
  { "http://1.2.3.4.5/", "-" },
  { "http://1.2.3/", "-" },
  { "http://0.0.0.0/", "-" },
};

static void
test_preferred_forms (void)
{
  static const char * const prefixes[] = { "form-", NULL };

  for (gsize i = 0; i < G_N_ELEMENTS (form_cases); i++)
    {
      const FindingsCase *c = &form_cases[i];
      g_autoptr(IriAnalysis) analysis = iri_analyze (c->input, -1);
      g_autofree char *findings = findings_of (analysis, prefixes);

      g_test_message ("%s", c->input);
      g_assert_cmpstr (findings, ==, c->expected);

      for (guint k = 0; k < iri_analysis_get_n_diagnostics (analysis); k++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, k);

          if (!g_str_has_prefix (iri_diagnostic_get_code (d), "form-"))
            continue;
          /* Notes with a spec, a message and a hint, and a span inside
           * the text. */
          g_assert_cmpint (iri_diagnostic_get_severity (d), ==, IRI_SEVERITY_INFO);
          g_assert_nonnull (iri_diagnostic_get_spec (d));
          g_assert_nonnull (iri_diagnostic_get_message (d));
          g_assert_nonnull (iri_diagnostic_get_hint (d));
          g_assert_cmpuint (iri_diagnostic_get_start (d), <=, iri_diagnostic_get_end (d));
          g_assert_cmpuint (iri_diagnostic_get_end (d), <=, g_utf8_strlen (c->input, -1));
        }
    }
}

/* The host is scanned for capitals eight bytes at a time: a capital at
 * every position of a long host is found, and no other printable ASCII
 * character (the neighbours "@", 0x40, and "[", 0x5B, included) is
 * taken for one. */
static void
test_preferred_forms_host_case_positions (void)
{
  const char *lower = "abcdefghijklmnopqrstuvwxyz0123.example";

  for (gsize i = 0; i < strlen (lower); i++)
    {
      g_autofree char *host = g_strdup (lower);
      g_autofree char *iri = NULL;
      g_autoptr(IriAnalysis) analysis = NULL;

      if (!g_ascii_islower (host[i]))
        continue;
      host[i] = g_ascii_toupper (host[i]);
      iri = g_strdup_printf ("http://%s/", host);
      analysis = iri_analyze (iri, -1);
      g_assert_nonnull (iri_test_find_diagnostic (analysis, "form-host-case"));
    }

  for (guint c = 0x21; c < 0x7F; c++)
    {
      g_autofree char *iri = NULL;
      g_autoptr(IriAnalysis) analysis = NULL;

      if (c >= 'A' && c <= 'Z')
        continue;
      /* In the scheme, as its second character; a scheme is scanned
       * the same way. */
      iri = g_strdup_printf ("h%cttpxxxxxxxx://abcdefghijklmnop/", c);
      analysis = iri_analyze (iri, -1);
      g_assert_null (iri_test_find_diagnostic (analysis, "form-scheme-case"));
    }
}

/* Spans and hints of a few notes, in code points. */
static void
test_preferred_forms_spans (void)
{
  g_autoptr(IriAnalysis) a = iri_analyze ("http://\xD7\x90.Example/%7e/./x:80", -1);
  g_autoptr(IriAnalysis) b = iri_analyze ("HTTP://Example.COM:80/a/./b/../c?q=%7e", -1);
  guint found = 0;

  /* A non-ASCII host: only the percent and dot notes, at code-point
   * offsets ("א" is one code point, two bytes). */
  for (guint k = 0; k < iri_analysis_get_n_diagnostics (a); k++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (a, k);
      const char *code = iri_diagnostic_get_code (d);

      g_assert_false (g_str_equal (code, "form-host-case"));
      if (g_str_equal (code, "form-percent-lowercase"))
        {
          g_assert_cmpuint (iri_diagnostic_get_start (d), ==, 17);
          g_assert_cmpuint (iri_diagnostic_get_end (d), ==, 20);
          found++;
        }
      else if (g_str_equal (code, "form-dot-segment"))
        {
          g_assert_cmpuint (iri_diagnostic_get_start (d), ==, 21);
          g_assert_cmpuint (iri_diagnostic_get_end (d), ==, 22);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 2);

  found = 0;
  for (guint k = 0; k < iri_analysis_get_n_diagnostics (b); k++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (b, k);
      const char *code = iri_diagnostic_get_code (d);
      const char *hint = iri_diagnostic_get_hint (d);

      if (g_str_equal (code, "form-scheme-case"))
        g_assert_nonnull (strstr (hint, "\xE2\x80\x9Chttp\xE2\x80\x9D"));
      else if (g_str_equal (code, "form-host-case"))
        g_assert_nonnull (strstr (hint, "\xE2\x80\x9C" "example.com\xE2\x80\x9D"));
      else if (g_str_equal (code, "form-port-default"))
        {
          /* The span covers ":80", which the hint removes. */
          g_assert_cmpuint (iri_diagnostic_get_start (d), ==, 18);
          g_assert_cmpuint (iri_diagnostic_get_end (d), ==, 21);
        }
      else if (g_str_equal (code, "form-dot-segment"))
        g_assert_nonnull (strstr (hint, "\xE2\x80\x9C/a/c\xE2\x80\x9D"));
      else if (g_str_equal (code, "form-percent-lowercase"))
        g_assert_nonnull (strstr (hint, "%7E"));
      else
        continue;
      found++;
    }
  g_assert_cmpuint (found, ==, 6);
}

/* The DNS and IDNA rules for every label of a registered name, ASCII
 * ones included (RFC 1034 §3.1, RFC 1123 §2.1, RFC 5890 §2.3, RFC 5891
 * §4.2.3.1, §5.4), and the deviation note (UTS #46 §4). */

static const char *
severity_name (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return "error";
    case IRI_SEVERITY_WARNING:
      return "warning";
    case IRI_SEVERITY_INFO:
      return "info";
    case IRI_SEVERITY_NONE:
    default:
      return "none";
    }
}

/* "code:severity@start-end,…" for the findings whose code starts with
 * @prefix, in the analysis' order. */
static char *
findings (IriAnalysis *analysis,
          const char  *prefix)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

      if (!g_str_has_prefix (iri_diagnostic_get_code (d), prefix))
        continue;
      if (out->len > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "%s:%s@%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT, iri_diagnostic_get_code (d),
                              severity_name (iri_diagnostic_get_severity (d)),
                              iri_diagnostic_get_start (d), iri_diagnostic_get_end (d));
    }
  return g_string_free (out, FALSE);
}

/* @A63TEXT@ and the like stand for long labels and names. */
static char *
expand_lengths (const char *text)
{
  g_autoptr(GString) out = g_string_new (text);
  g_autofree char *a63 = g_strnfill (63, 'a');
  g_autofree char *a64 = g_strnfill (64, 'a');
  g_autoptr(GString) a253 = g_string_new (NULL);
  g_autoptr(GString) a254 = NULL;

  /* 4 labels of 63 and a dot between them: 255; cut to 253. */
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (a253, "%s%s", i > 0 ? "." : "", a63);
  g_string_truncate (a253, 253);
  a254 = g_string_new (a253->str);
  g_string_append_c (a254, 'a');

  g_string_replace (out, "@A63TEXT@", a63, 0);
  g_string_replace (out, "@A64@", a64, 0);
  g_string_replace (out, "@A253@", a253->str, 0);
  g_string_replace (out, "@A254@", a254->str, 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Ordinary hosts get nothing at all. */
static void
test_host_rules_ordinary (void)
{
  static const char *const iris[] = {
    "http://example.com/",
    "https://www.example.com/index.html",
    "http://a-b.example/",
    "http://a--b.example/",          /* "--" elsewhere than at 3–4 */
    "http://xn--bcher-kva.example/",
    "http://localhost/",
    "http://localhost:8080/",
    "http://192.0.2.1/",
    "http://[2001:db8::1]/",
    "http://_dmarc.example.com/",
    "http://example.com./",          /* the root label */
    "http://3com.example/",
    "file://my_host/share",
    "file:///etc/hosts",
    "mailto:user@example.com",
    "//example.org/relative",
    "http://@A63TEXT@.example/",
    "http://@A253@/",
    "http://b\xC3\xBC" "cher.example/",
    "http://\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.\xD1\x80\xD1\x84/",   /* пример.рф */
  };

  for (guint i = 0; i < G_N_ELEMENTS (iris); i++)
    {
      g_autofree char *iri = expand_lengths (iris[i]);
      g_autoptr(IriAnalysis) a = iri_analyze (iri, -1);
      g_autofree char *all = findings (a, "");

      g_test_message ("%s: %s", iris[i], all);
      g_assert_cmpstr (all, ==, "");
      g_assert_nonnull (iri_analysis_get_uri_idna (a));
    }
}

typedef struct {
  const char *iri;
  const char *expected;   /* findings (analysis ()) of the idna-* codes */
} HostRuleCase;

static const HostRuleCase host_rule_cases[] = {
  /* A hyphen at a label's edge: an error for a DNS scheme. */
  { "http://foo.example.org-/", "idna-hyphen-edge:error@19-23" },
  { "http://-a.example/", "idna-hyphen-edge:error@7-9" },
  { "HTTPS://a.-b-.example/", "idna-hyphen-edge:error@10-13" },
  { "ws://a-/", "idna-hyphen-edge:error@5-7" },
  { "wss://a-/", "idna-hyphen-edge:error@6-8" },
  { "ftp://a-/", "idna-hyphen-edge:error@6-8" },
  { "http://-foo%2D.example/", "idna-hyphen-edge:error@7-14" },
  /* A U-label too, where IDNA2008 lookup would let it through. */
  { "http://\xC3\xA4-.de/", "idna-hyphen-edge:error@7-9" },
  /* Any other scheme, or none: RFC 3986 §3.2.2's SHOULD. */
  { "foo://-x-/", "idna-hyphen-edge:warning@6-9" },
  { "file://host-/x", "idna-hyphen-edge:warning@7-12" },
  { "//-a/", "idna-hyphen-edge:warning@2-4" },
  /* "--" in positions 3–4 without being an A-label. */
  { "http://ab--cd.example/", "idna-hyphen-3-4:warning@7-13" },
  { "https://r3---sn-ab5l.googlevideo.com/", "idna-hyphen-3-4:warning@8-20" },
  { "foo://ab--cd/", "idna-hyphen-3-4:info@6-12" },
  /* Malformed A-labels. */
  { "http://xn--a/", "idna-invalid-a-label:error@7-12" },
  { "http://xn--ls8h/", "idna-invalid-a-label:error@7-15" },
  { "http://xn----/", "idna-invalid-a-label:error@7-13" },
  { "http://xn----zfa.de/", "idna-invalid-a-label:error@7-16" },
  { "http://www.XN--AB-G4T.example/", "idna-invalid-a-label:error@11-21" },
  { "foo://xn--a/", "idna-invalid-a-label:warning@6-11" },
  /* Lengths: an empty label (the span is its extra dot), 64 octets, 254. */
  { "http://a..b/", "idna-empty-label:error@8-9" },
  { "http://.a/", "idna-empty-label:error@7-8" },
  { "http://./", "idna-empty-label:error@7-8" },
  { "foo://a..b/", "idna-empty-label:warning@7-8" },
  { "http://@A64@.example/", "idna-label-too-long:error@7-71" },
  { "http://@A253@/", "" },
  { "http://@A253@./", "" },
  { "http://@A254@/", "idna-host-too-long:error@7-261" },
  { "foo://@A254@/", "idna-host-too-long:warning@6-260" },
  /* One finding per label, however many labels. */
  { "http://-a.b-.xn--a/", "idna-hyphen-edge:error@7-9,idna-hyphen-edge:error@10-12,idna-invalid-a-label:error@13-18" },
  /* The domains of mailto: addresses are DNS names too. */
  { "mailto:user@-example.com", "idna-hyphen-edge:error@12-20" },
  { "mailto:a@b.example,c@xn--a", "idna-invalid-a-label:error@21-26" },
  { "mailto:a@[192.0.2.1]", "" },
  { "mailto:a-@example.com?subject=-x-", "" },
  /* Deviation characters: both hosts differ. */
  { "http://fa\xC3\x9F.de/", "idna-deviation:info@7-13" },
  { "http://fa%C3%9F.de/", "idna-deviation:info@7-18" },
  { "http://\xCE\xB2\xCF\x8C\xCE\xBB\xCE\xBF\xCF\x82.gr/", "idna-deviation:info@7-15" },    /* βόλος.gr */
  { "http://\xE0\xB7\x81\xE0\xB7\x8A\xE2\x80\x8D\xE0\xB6\xBB\xE0\xB7\x93.lk/", "idna-deviation:info@7-15" },  /* ශ්‍රී.lk (ZWJ) */
  /* No deviation: none of the four, or the same host either way. */
  { "http://b\xC3\xBC" "cher.de/", "" },
  { "http://\xCF\x83.gr/", "" },
};

static void
test_host_rules (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (host_rule_cases); i++)
    {
      g_autofree char *iri = expand_lengths (host_rule_cases[i].iri);
      g_autoptr(IriAnalysis) a = iri_analyze (iri, -1);
      g_autofree char *idna = findings (a, "idna-");

      g_test_message ("%s: %s", host_rule_cases[i].iri, idna);
      g_assert_cmpstr (idna, ==, host_rule_cases[i].expected);
    }
}

/* The messages name the characters and both hosts. */
static void
test_host_rule_messages (void)
{
  static const struct {
    const char *iri;
    const char *spec;
    const char *parts[3];
  } cases[] = {
    { "http://foo.example.org-/", "RFC 1123 §2.1, RFC 5891 §4.2.3.1",
      { "“org-”", "ends with U+002D HYPHEN-MINUS", NULL } },
    { "http://-a.example/", "RFC 1123 §2.1, RFC 5891 §4.2.3.1",
      { "“-a”", "begins with U+002D HYPHEN-MINUS", NULL } },
    { "http://ab--cd.example/", "RFC 5890 §2.3.1, RFC 5891 §4.2.3.1",
      { "“ab--cd”", "U+002D HYPHEN-MINUS", "reserved" } },
    { "http://xn----/", "RFC 5890 §2.3.2.1, RFC 5891 §5.4",
      { "“xn----”", "not valid Punycode", NULL } },
    { "http://xn--a/", "RFC 5890 §2.3.2.1, RFC 5891 §5.4",
      { "“xn--a”", "U+0080", "IDNA2008" } },
    { "http://xn----zfa.de/", "RFC 5890 §2.3.2.1, RFC 5891 §5.4",
      { "“\xC3\xA4-”", "ends with U+002D HYPHEN-MINUS", NULL } },
    { "http://@A64@.example/", "RFC 1034 §3.1, RFC 5890 §2.3.2.1",
      { "64 octets", "at most 63", NULL } },
    { "http://@A254@/", "RFC 1034 §3.1, RFC 3986 §3.2.2",
      { "254 octets", "at most 253", NULL } },
    { "http://a..b/", "RFC 1034 §3.1",
      { "empty label", "trailing dot", NULL } },
    { "http://fa\xC3\x9F.de/", "UTS #46 §4 step 1",
      { "xn--fa-hia.de", "fass.de", "U+00DF LATIN SMALL LETTER SHARP S" } },
    { "http://\xE0\xB7\x81\xE0\xB7\x8A\xE2\x80\x8D\xE0\xB6\xBB\xE0\xB7\x93.lk/", "UTS #46 §4 step 1",
      { "xn--10cl1a0b660p.lk", "xn--10cl1a0b.lk", "U+200D ZERO WIDTH JOINER" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *iri = expand_lengths (cases[i].iri);
      g_autoptr(IriAnalysis) a = iri_analyze (iri, -1);
      IriDiagnostic *d = NULL;

      for (guint k = 0; k < iri_analysis_get_n_diagnostics (a) && d == NULL; k++)
        {
          if (g_str_has_prefix (iri_diagnostic_get_code (iri_analysis_get_diagnostic (a, k)), "idna-"))
            d = iri_analysis_get_diagnostic (a, k);
        }

      g_assert_nonnull (d);
      g_test_message ("%s: %s", cases[i].iri, iri_diagnostic_get_message (d));
      g_assert_cmpstr (iri_diagnostic_get_spec (d), ==, cases[i].spec);
      g_assert_nonnull (iri_diagnostic_get_hint (d));
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].parts) && cases[i].parts[k] != NULL; k++)
        g_assert_nonnull (strstr (iri_diagnostic_get_message (d), cases[i].parts[k]));
    }
}

/* The IDNA form of the URI follows iri_to_uri(): an ASCII host that
 * breaks the rules has none, and the label finding says why (no second
 * `idna-invalid-host`). */
static void
test_host_rules_uri_idna (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriAnalysis) a = iri_analyze ("http://xn--a/", -1);
  g_autoptr(IriAnalysis) b = iri_analyze ("http://b\xC3\xBC" "cher.example-/", -1);
  g_autoptr(IriAnalysis) c = NULL;
  g_autoptr(IriAnalysis) d = NULL;
  g_autofree char *b_findings = findings (b, "idna-");

  g_assert_null (iri_analysis_get_uri_idna (a));
  g_assert_cmpstr (iri_analysis_get_uri (a), ==, "http://xn--a/");
  g_assert_null (iri_analysis_get_uri_idna (b));
  g_assert_cmpstr (b_findings, ==, "idna-hyphen-edge:error@14-22");

  /* libidn2's transitional processing takes the symbols IDNA2003 took:
   * the IDNA form exists, the IDNA2008 finding stays. */
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_UTS46_TRANSITIONAL);
  c = iri_analyzer_analyze (analyzer, "http://xn--ls8h/", -1);
  g_assert_cmpstr (iri_analysis_get_uri_idna (c), ==, "http://xn--ls8h/");

  /* With the percent mapping the rules still hold, and the URI is its
   * own IDNA form. */
  iri_analyzer_set_host_mapping (analyzer, IRI_HOST_MAPPING_PERCENT);
  d = iri_analyzer_analyze (analyzer, "http://foo-/", -1);
  g_assert_cmpstr (iri_analysis_get_uri_idna (d), ==, "http://foo-/");
  g_assert_cmpuint (iri_analysis_get_n_diagnostics (d), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/analysis/units", test_units);
  g_test_add_func ("/iri/analysis/units/edge-cases", test_units_edge_cases);
  g_test_add_func ("/iri/analysis/uris", test_uris);
  g_test_add_func ("/iri/analysis/a-labels", test_a_labels);
  g_test_add_func ("/iri/analysis/host-rules/ordinary", test_host_rules_ordinary);
  g_test_add_func ("/iri/analysis/host-rules/findings", test_host_rules);
  g_test_add_func ("/iri/analysis/host-rules/messages", test_host_rule_messages);
  g_test_add_func ("/iri/analysis/host-rules/uri-idna", test_host_rules_uri_idna);
  g_test_add_func ("/iri/analysis/never-fails", test_never_fails);
  g_test_add_func ("/iri/analysis/analyzer-notify", test_analyzer_notify);
  g_test_add_func ("/iri/analysis/display-message", test_display_message);
  g_test_add_func ("/iri/analysis/accessible-message", test_accessible_message);
  g_test_add_func ("/iri/analysis/accessible-message/later", test_accessible_message_later);
  g_test_add_func ("/iri/analysis/bidi-host-labels", test_bidi_host_labels);
  g_test_add_func ("/iri/analysis/bidi-long-iris", test_bidi_long_iris);
  g_test_add_func ("/iri/analysis/preferred-forms", test_preferred_forms);
  g_test_add_func ("/iri/analysis/preferred-forms/spans", test_preferred_forms_spans);
  g_test_add_func ("/iri/analysis/preferred-forms/host-case-positions", test_preferred_forms_host_case_positions);

  return g_test_run ();
}
