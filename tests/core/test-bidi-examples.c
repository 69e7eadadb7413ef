/* test-bidi-examples.c: RFC 3987bis §4.4 Examples 1–11 as golden tests
 *
 * Each example, in Bidi Notation with the Hebrew and the Arabic mapping,
 * is laid out in both display modes and checked against
 * tests/data/bidi/rfc3987bis-examples.tsv (see its SOURCES.md), with the
 * bidi findings the analysis must make.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

typedef struct {
  guint        line;
  char        *example;
  IriNotation  notation;
  char        *logical;
  char        *embed;
  char        *isolate;
  char        *findings;
} Example;

static void
example_free (gpointer data)
{
  Example *e = data;

  g_free (e->example);
  g_free (e->logical);
  g_free (e->embed);
  g_free (e->isolate);
  g_free (e->findings);
  g_free (e);
}

static char *
display_in_notation (const char     *logical,
                     IriNotation     notation,
                     IriDisplayMode  mode)
{
  g_autofree char *rtl = iri_notation_to_rtl (logical, -1, notation);
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new (rtl, -1, mode);

  /* The layout never changes its text. */
  g_assert_cmpstr (iri_bidi_layout_get_text (layout), ==, rtl);
  return iri_notation_from_rtl (iri_bidi_layout_get_visual_text (layout), -1, notation);
}

static int
compare_strings_cb (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* "code:s" for every bidi finding, sorted, or "-". */
static char *
bidi_findings (IriAnalysis *analysis)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      const char *code = iri_diagnostic_get_code (d);

      if (g_str_has_prefix (code, "bidi-") || g_str_equal (code, "idna-bidi-rule"))
        g_ptr_array_add (items, g_strdup_printf ("%s:%c", code,
                                                 iri_severity_to_string (iri_diagnostic_get_severity (d))[0]));
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

static void
test_example (gconstpointer data)
{
  const Example *e = data;
  g_autofree char *embed = display_in_notation (e->logical, e->notation, IRI_DISPLAY_EMBED);
  g_autofree char *isolate = display_in_notation (e->logical, e->notation, IRI_DISPLAY_ISOLATE);
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriAnalysis) analysis = NULL;
  g_autofree char *findings = NULL;
  g_autofree char *shown = NULL;

  g_test_message ("Example %s (%s): %s", e->example,
                  e->notation == IRI_NOTATION_HEBREW ? "Hebrew" : "Arabic", e->logical);
  g_assert_cmpstr (embed, ==, e->embed);
  g_assert_cmpstr (isolate, ==, e->isolate);

  iri_analyzer_set_notation (analyzer, e->notation);
  analysis = iri_analyzer_analyze (analyzer, e->logical, -1);
  findings = bidi_findings (analysis);
  g_assert_cmpstr (findings, ==, e->findings);

  /* The analysis' display is the embed display. */
  shown = iri_notation_from_rtl (iri_analysis_get_display (analysis), -1, e->notation);
  g_assert_cmpstr (shown, ==, e->embed);

  /* Examples 1–4 and 7 are well formed: no warning or error of any kind
   * (issue #3; an info note is allowed, as for Example 3). */
  if (g_str_equal (e->example, "1") || g_str_equal (e->example, "2") || g_str_equal (e->example, "3") ||
      g_str_equal (e->example, "4") || g_str_equal (e->example, "7"))
    g_assert_cmpint (iri_analysis_get_highest_severity (analysis), <=, IRI_SEVERITY_INFO);
}

int
main (int   argc,
      char *argv[])
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) examples = g_ptr_array_new_with_free_func (example_free);
  guint col_example, col_notation, col_logical, col_embed, col_isolate, col_findings;

  g_test_init (&argc, &argv, NULL);

  rows = iri_test_load_tsv ("bidi/rfc3987bis-examples.tsv", FALSE, &header);
  col_example = iri_test_column (header, "example");
  col_notation = iri_test_column (header, "notation");
  col_logical = iri_test_column (header, "logical");
  col_embed = iri_test_column (header, "embed");
  col_isolate = iri_test_column (header, "isolate");
  col_findings = iri_test_column (header, "findings");
  g_assert_cmpuint (rows->len, ==, 22);

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      Example *e = g_new0 (Example, 1);
      g_autofree char *path = NULL;

      e->line = row->line;
      e->example = g_strdup (row->fields[col_example]);
      e->notation = g_str_equal (row->fields[col_notation], "hebrew") ? IRI_NOTATION_HEBREW : IRI_NOTATION_ARABIC;
      e->logical = g_strdup (row->fields[col_logical]);
      e->embed = g_strdup (row->fields[col_embed]);
      e->isolate = g_strdup (row->fields[col_isolate]);
      e->findings = g_strdup (row->fields[col_findings]);
      g_ptr_array_add (examples, e);

      path = g_strdup_printf ("/iri/bidi/rfc3987bis-example/%s/%s", e->example, row->fields[col_notation]);
      g_test_add_data_func (path, e, test_example);
    }

  return g_test_run ();
}
