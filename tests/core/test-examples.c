/* test-examples.c: the teaching examples built into libiri
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

static void
test_load (void)
{
  g_autoptr(GListModel) examples = iri_get_examples ();
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = g_list_model_get_n_items (examples);

  g_assert_cmpuint (g_list_model_get_item_type (examples), ==, IRI_TYPE_EXAMPLE);
  /* §4.4 Examples 1–11 and PRIOR-ART B-11 to B-16, F-1 and F-2. */
  g_assert_cmpuint (n, >=, 19);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IriExample) example = g_list_model_get_item (examples, i);
      const char *id = iri_example_get_id (example);

      g_assert_true (g_hash_table_add (ids, g_strdup (id)));
      g_assert_nonnull (iri_example_get_title (example));
      g_assert_cmpuint (strlen (iri_example_get_explanation (example)), >, 40);
      g_assert_nonnull (iri_example_get_source (example));
      g_assert_true (g_utf8_validate (iri_example_get_text (example), -1, NULL));
      g_assert_cmpuint (strlen (iri_example_get_text (example)), >, 0);
    }

  for (guint k = 1; k <= 11; k++)
    {
      g_autofree char *id = g_strdup_printf ("rfc3987bis-%u", k);

      g_assert_true (g_hash_table_contains (ids, id));
    }
}

/* The data file writes a bidi control as \u{202E}; the loader turns it
 * into the character, and a doubled backslash into one. */
static void
test_escapes (void)
{
  g_autoptr(GListModel) examples = iri_get_examples ();
  gboolean seen_control = FALSE, seen_backslash = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (examples); i++)
    {
      g_autoptr(IriExample) example = g_list_model_get_item (examples, i);
      const char *text = iri_example_get_text (example);

      if (g_str_equal (iri_example_get_id (example), "bidi-control"))
        {
          g_assert_cmpstr (text, ==, "http://example.org/Andr\xE2\x80\xAE" "bar");
          seen_control = TRUE;
        }
      if (g_str_equal (iri_example_get_id (example), "url-mode"))
        {
          g_assert_nonnull (strstr (text, "\xD7\xA7\\\xD7\xA8"));
          g_assert_null (strstr (text, "\\\\"));
          seen_backslash = TRUE;
        }
    }
  g_assert_true (seen_control);
  g_assert_true (seen_backslash);
}

/* The §4.4 examples are the same as in the golden file of the bidi
 * tests, so the teaching set shows what the tests check. */
static void
test_same_as_golden (void)
{
  g_autoptr(GListModel) examples = iri_get_examples ();
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv ("bidi/rfc3987bis-examples.tsv", FALSE, &header);
  guint col_example = iri_test_column (header, "example");
  guint col_logical = iri_test_column (header, "logical");

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      g_autofree char *id = g_strdup_printf ("rfc3987bis-%s", row->fields[col_example]);
      gboolean found = FALSE;

      for (guint k = 0; k < g_list_model_get_n_items (examples) && !found; k++)
        {
          g_autoptr(IriExample) example = g_list_model_get_item (examples, k);

          if (!g_str_equal (iri_example_get_id (example), id))
            continue;
          g_assert_cmpstr (iri_example_get_text (example), ==, row->fields[col_logical]);
          g_assert_cmpint (iri_example_get_notation (example), ==, IRI_NOTATION_HEBREW);
          g_assert_cmpint (iri_example_get_kind (example), ==, IRI_EXAMPLE_KIND_IRI);
          found = TRUE;
        }
      g_assert_true (found);
    }
}

static IriExample *
find_example (const char *id)
{
  g_autoptr(GListModel) examples = iri_get_examples ();

  for (guint i = 0; i < g_list_model_get_n_items (examples); i++)
    {
      g_autoptr(IriExample) example = g_list_model_get_item (examples, i);

      if (g_str_equal (iri_example_get_id (example), id))
        return g_steal_pointer (&example);
    }
  g_assert_not_reached ();
}

static void
test_explanation_letters (void)
{
  g_autoptr(IriExample) first = find_example ("rfc3987bis-1");
  g_autoptr(IriExample) second = find_example ("rfc3987bis-2");
  g_autofree char *notation = iri_example_dup_explanation (first, IRI_NOTATION_NONE);
  g_autofree char *hebrew = iri_example_dup_explanation (first, IRI_NOTATION_HEBREW);
  g_autofree char *arabic = iri_example_dup_explanation (second, IRI_NOTATION_ARABIC);

  g_test_summary ("Explanations name the letters shown: the capitals of the example's "
                  "text, stored or reversed, become Hebrew or Arabic words in isolates; "
                  "other capitals stay");

  g_assert_cmpstr (notation, ==, iri_example_get_explanation (first));
  g_assert_nonnull (strstr (iri_example_get_explanation (first), "CDEFGH"));
  /* CDEFGH: U+2067, the letters of U+05D2…U+05D7, U+2069. */
  g_assert_null (strstr (hebrew, "CDEFGH"));
  g_assert_nonnull (strstr (hebrew, "\xE2\x81\xA7\xD7\x92\xD7\x93\xD7\x94\xD7\x95\xD7\x96\xD7\x97\xE2\x81\xA9"));
  /* FGH, as stored, in Arabic letters (U+062E U+062F … ); "UAX" and
   * "N1" are not the example's. */
  g_assert_null (strstr (arabic, "FGH"));
  g_assert_null (strstr (arabic, "CDE"));
  g_assert_nonnull (strstr (arabic, "UAX"));
  g_assert_nonnull (strstr (arabic, "N1"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/examples/load", test_load);
  g_test_add_func ("/iri/examples/escapes", test_escapes);
  g_test_add_func ("/iri/examples/explanation-letters", test_explanation_letters);
  g_test_add_func ("/iri/examples/same-as-golden", test_same_as_golden);

  return g_test_run ();
}
