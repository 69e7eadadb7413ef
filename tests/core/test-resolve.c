/* test-resolve.c: reference resolution and relativization (RFC 3986 §5,
 * RFC 3987bis §5.5)
 *
 * The data-driven tests run every row of the resolution data sets in
 * tests/data (RFC 3986 §5.4, uriparser, 4Suite, Python rfc3987, oxiri,
 * iri-string), one test case per row, and print a pass count per file at
 * the end (/iri/summary/resolution-data).  Rows where this library
 * deliberately gives another answer than the data set are listed in
 * `deviations` below with the reason; they are checked against our
 * answer, not skipped.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

#define RFC3986_BASE "http://a/b/c/d;p?q"

/* ------------------------------------------------------------------ */
/* Deviations from the data sets                                       */

typedef struct {
  const char    *file;       /* the data file (and column, if not the main one) */
  const char    *input;      /* first input: the base, or the IRI */
  const char    *input2;     /* second input: the reference */
  const char    *ours;       /* what this library gives instead */
  IriComparison  agrees_at;  /* the rung at which ours equals the data's value */
  const char    *reason;
} Deviation;

#define OXIRI_BASE_DOTS \
  "RFC 3986 §5.2.2 says T.path = Base.path when the reference has an empty path; oxiri also " \
  "removes the base's dot segments there.  §5.2.1 makes normalizing the base optional, and we " \
  "do not, so that the empty reference gives the base back as written (§4.4); iri-string's " \
  "TEST_CASES agree with us (\"http://a/b/c/d/e/../..\" + \"\" keeps its dots).  The two " \
  "answers are equal after syntax-based normalization"

#define FOURSUITE_ROOTLESS \
  "4Suite keeps a rootless path rootless when \"..\" climbs above its first segment; the " \
  "remove_dot_segments algorithm of RFC 3986 §5.2.4 gives a rooted path (\"a/../c\" → \"/c\"), " \
  "and Python rfc3987 (\"urn:root/less\" + \"../../name\" = \"urn:/name\") and iri-string " \
  "(\"scheme:a\" + \"x/../../y\" = \"scheme:/y\") follow the RFC, as we do"

#define ISTRING_EMPTY_PORT \
  "iri-string drops an empty port (\":/\") in its normalization; our ladder does that at " \
  "IRI_COMPARISON_SCHEME, where RFC 3986 §6.2.3 and the ladder's §5.3.3 put it " \
  "(\"http://example.com:/\" is one of the §5.3.3 examples), so our syntax-based form keeps " \
  "the \":\" and our scheme-based form is the data's"

static const Deviation deviations[] = {
  { "rfc3986-resolution/foursuite-absolutize.tsv", "foo:a/b", "../c", "foo:/c",
    IRI_COMPARISON_DIFFERENT, FOURSUITE_ROOTLESS },
  { "rfc3986-resolution/foursuite-absolutize.tsv", "zz:abc", "foo/../../../bar", "zz:/bar",
    IRI_COMPARISON_DIFFERENT, FOURSUITE_ROOTLESS },
  { "rfc3986-resolution/foursuite-absolutize.tsv", "zz:abc", "foo/../bar", "zz:/bar",
    IRI_COMPARISON_DIFFERENT, FOURSUITE_ROOTLESS },

  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/./d;p?q", "?y", "http://a/bb/ccc/./d;p?y",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/./d;p?q", "#s", "http://a/bb/ccc/./d;p?q#s",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/./d;p?q", "", "http://a/bb/ccc/./d;p?q",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/../d;p?q", "?y", "http://a/bb/ccc/../d;p?y",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/../d;p?q", "#s", "http://a/bb/ccc/../d;p?q#s",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/../d;p?q", "", "http://a/bb/ccc/../d;p?q",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/.", "?y", "http://a/bb/ccc/.?y",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/.", "#s", "http://a/bb/ccc/.#s",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/.", "", "http://a/bb/ccc/.",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/..", "?y", "http://a/bb/ccc/..?y",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/..", "#s", "http://a/bb/ccc/..#s",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },
  { "oxiri/oxiri-resolve.tsv", "http://a/bb/ccc/..", "", "http://a/bb/ccc/..",
    IRI_COMPARISON_SYNTAX, OXIRI_BASE_DOTS },

  { "iri-string/iri-string-resolve.tsv (expected_normalized)",
    "HTTP://USER:PASS@EXAMPLE.COM:/%7e/2/beta=%CE%B2/4/.././5/../6/",
    "a/b/alpha=%CE%B1/d/e/f/g/h/i/../../../j/k/l/../../../../%3c/%7e/./%3e?query#fragment",
    "http://USER:PASS@example.com:/~/2/beta=\xCE\xB2/6/a/b/alpha=\xCE\xB1/d/e/%3C/~/%3E?query#fragment",
    IRI_COMPARISON_SCHEME, ISTRING_EMPTY_PORT },
  { "iri-string/iri-string-resolve.tsv (expected_normalized)",
    "http://user:pass@example.com:/%7e/2/beta=%ce%b2/4/.././5/../6/",
    "a/b/alpha=%ce%b1/d/e/f/g/h/i/../../../j/k/l/../../../../%3c/%7e/./%3e?query#fragment",
    "http://user:pass@example.com:/~/2/beta=\xCE\xB2/6/a/b/alpha=\xCE\xB1/d/e/%3C/~/%3E?query#fragment",
    IRI_COMPARISON_SCHEME, ISTRING_EMPTY_PORT },
};

static guint deviation_used[G_N_ELEMENTS (deviations)];

static const Deviation *
find_deviation (const char *file,
                const char *input,
                const char *input2,
                guint      *out_index)
{
  for (guint i = 0; i < G_N_ELEMENTS (deviations); i++)
    {
      const Deviation *d = &deviations[i];

      if (g_str_equal (d->file, file) && g_str_equal (d->input, input) &&
          g_strcmp0 (d->input2, input2) == 0)
        {
          *out_index = i;
          return d;
        }
    }

  return NULL;
}

/* Checks a result against a deviation: it must be exactly what the table
 * says, and equal to the data set's value at the rung the table says. */
static void
check_deviation (const Deviation *d,
                 guint            index,
                 const char      *ours,
                 const char      *theirs)
{
  g_autoptr(GError) error = NULL;
  IriComparison level;

  g_test_message ("deviation from %s: we give %s, the data %s, because %s",
                  d->file, ours, theirs, d->reason);
  g_assert_cmpstr (ours, ==, d->ours);
  if (ours == NULL)
    return;

  level = iri_compare (ours, theirs, IRI_COMPARISON_SCHEME, &error);
  g_assert_no_error (error);
  g_assert_cmpint (level, ==, d->agrees_at);
  deviation_used[index]++;
}

/* ------------------------------------------------------------------ */
/* Pass counts per data file                                           */

typedef struct {
  const char *file;
  guint       run;
  guint       passed;
  guint       deviated;
} Tally;

enum {
  T_RFC3986,
  T_URIPARSER,
  T_FOURSUITE_ABSOLUTIZE,
  T_FOURSUITE_RELATIVIZE,
  T_FOURSUITE_REFERENCES,
  T_PYTHON,
  T_OXIRI_ABSOLUTE,
  T_OXIRI_VALID,
  T_OXIRI_INVALID,
  T_OXIRI_RESOLVE,
  T_OXIRI_RELATIVE_BASE,
  T_OXIRI_INVALID_RESOLUTIONS,
  T_OXIRI_RELATIVIZE,
  T_OXIRI_RELATIVIZE_FAILS,
  T_ISTRING_RESOLVE,
  N_TALLIES,
};

static Tally tallies[N_TALLIES] = {
  [T_RFC3986] = { "rfc3986-resolution/rfc3986-5.4-examples.tsv" },
  [T_URIPARSER] = { "rfc3986-resolution/uriparser-addbase-extra.tsv" },
  [T_FOURSUITE_ABSOLUTIZE] = { "rfc3986-resolution/foursuite-absolutize.tsv" },
  [T_FOURSUITE_RELATIVIZE] = { "rfc3986-resolution/foursuite-relativize.tsv" },
  [T_FOURSUITE_REFERENCES] = { "rfc3986-resolution/foursuite-uri-references.tsv" },
  [T_PYTHON] = { "rfc3986-resolution/python-rfc3987-extra.tsv" },
  [T_OXIRI_ABSOLUTE] = { "oxiri/oxiri-valid-absolute-iris.tsv" },
  [T_OXIRI_VALID] = { "oxiri/oxiri-valid-iri-references.tsv" },
  [T_OXIRI_INVALID] = { "oxiri/oxiri-invalid-iri-references.tsv" },
  [T_OXIRI_RESOLVE] = { "oxiri/oxiri-resolve.tsv" },
  [T_OXIRI_RELATIVE_BASE] = { "oxiri/oxiri-resolve-relative-base.tsv" },
  [T_OXIRI_INVALID_RESOLUTIONS] = { "oxiri/oxiri-invalid-resolutions.tsv" },
  [T_OXIRI_RELATIVIZE] = { "oxiri/oxiri-relativize.tsv" },
  [T_OXIRI_RELATIVIZE_FAILS] = { "oxiri/oxiri-relativize-fails.tsv" },
  [T_ISTRING_RESOLVE] = { "iri-string/iri-string-resolve.tsv" },
};

typedef enum {
  CHECK_RESOLVE,            /* resolve (a, b) == expected */
  CHECK_RESOLVE_FAILS,      /* resolve (a, b) fails */
  CHECK_RELATIVIZE,         /* relativize (target a, base b) == expected, and back */
  CHECK_RELATIVIZE_FAILS,   /* relativize (target a, base b) fails */
  CHECK_PARSE_VALID,        /* a parses */
  CHECK_PARSE_INVALID,      /* a does not parse */
  CHECK_PARSE_ABSOLUTE,     /* a parses as an absolute IRI, and resolves against RFC3986_BASE */
  CHECK_VALID_REFERENCE,    /* a parses and resolves against RFC3986_BASE */
  CHECK_INVALID_REFERENCE,  /* a does not parse, or does not resolve against RFC3986_BASE */
} Check;

typedef struct {
  Tally           *tally;
  Check            check;
  char            *a;
  gssize           a_length;   /* -1, or the length of a, which may hold a NUL */
  char            *b;
  char            *expected;
  char            *expected_normalized;  /* iri-string only, or NULL */
  IriResolveFlags  flags;
} Row;

static GPtrArray *all_rows;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->a);
  g_free (row->b);
  g_free (row->expected);
  g_free (row->expected_normalized);
  g_free (row);
}

/* Data rows report every failed assertion and carry on, so that the
 * summary can count them. */
static void
row_begin (const Row *row)
{
  g_test_set_nonfatal_assertions ();
  row->tally->run++;
}

static void
row_end (const Row *row,
         gboolean   deviated)
{
  if (g_test_failed ())
    return;
  if (deviated)
    row->tally->deviated++;
  else
    row->tally->passed++;
}

/* ------------------------------------------------------------------ */
/* The row checks                                                      */

static void
test_resolve_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  const Deviation *d;
  gboolean deviated = FALSE;
  guint index;

  row_begin (row);

  result = iri_resolve (row->a, row->b, row->flags, &error);
  g_assert_no_error (error);

  d = find_deviation (row->tally->file, row->a, row->b, &index);
  if (d != NULL)
    {
      check_deviation (d, index, result, row->expected);
      deviated = TRUE;
    }
  else
    g_assert_cmpstr (result, ==, row->expected);

  if (row->flags & IRI_RESOLVE_RELATIVE_BASE)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *refused = iri_resolve (row->a, row->b, row->flags & ~IRI_RESOLVE_RELATIVE_BASE,
                                              &local_error);

      /* Without the flag a relative base is refused. */
      g_assert_null (refused);
      g_assert_error (local_error, IRI_ERROR, (gint) IRI_ERROR_NOT_ABSOLUTE);
    }

  if (result != NULL)
    {
      g_autoptr(IriReference) parsed = iri_reference_parse (result, -1, IRI_PARSE_DEFAULT, &error);

      /* Every result is a valid reference, absolute when the base is. */
      g_assert_no_error (error);
      if (parsed != NULL && !(row->flags & IRI_RESOLVE_RELATIVE_BASE))
        g_assert_true (iri_reference_is_absolute (parsed));
    }

  if (row->expected_normalized != NULL && result != NULL)
    {
      const char *expected = row->expected_normalized[0] != '\0' ? row->expected_normalized
                                                                  : row->expected;
      g_autofree char *normalized = iri_normalize (result, -1, IRI_COMPARISON_SYNTAX, &error);
      g_autofree char *file = g_strdup_printf ("%s (expected_normalized)", row->tally->file);

      g_assert_no_error (error);
      d = find_deviation (file, row->a, row->b, &index);
      if (d != NULL)
        {
          g_autofree char *scheme_form = iri_normalize (result, -1, IRI_COMPARISON_SCHEME, &error);

          g_assert_no_error (error);
          check_deviation (d, index, normalized, expected);
          g_assert_cmpstr (scheme_form, ==, expected);
          deviated = TRUE;
        }
      else
        g_assert_cmpstr (normalized, ==, expected);
    }

  row_end (row, deviated);
}

static void
test_resolve_fails_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;

  row_begin (row);

  /* The base may be relative in this file, so the relative-base
   * extension is on: the failure must come from the resolution itself. */
  result = iri_resolve (row->a, row->b, IRI_RESOLVE_RELATIVE_BASE, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
  if (error != NULL)
    g_test_message ("%s + %s: %s", row->a, row->b, error->message);

  row_end (row, FALSE);
}

static void
test_relativize_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) target = NULL;
  g_autoptr(IriReference) base = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *back = NULL;

  row_begin (row);

  target = iri_reference_parse (row->a, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  base = iri_reference_parse (row->b, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  if (target == NULL || base == NULL)
    return;

  relative = iri_reference_relativize (target, base, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (relative, ==, row->expected);
  if (relative == NULL)
    return;

  /* The defining property: the result resolves back to the target. */
  back = iri_resolve (row->b, relative, IRI_RESOLVE_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, row->a);

  row_end (row, FALSE);
}

static void
test_relativize_fails_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) target = NULL;
  g_autoptr(IriReference) base = NULL;
  g_autofree char *relative = NULL;

  row_begin (row);

  target = iri_reference_parse (row->a, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  base = iri_reference_parse (row->b, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  if (target == NULL || base == NULL)
    return;

  relative = iri_reference_relativize (target, base, &error);
  g_assert_null (relative);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);

  row_end (row, FALSE);
}

static void
test_parse_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) tolerant = NULL;
  IriParseFlags flags = row->check == CHECK_PARSE_ABSOLUTE ? IRI_PARSE_ABSOLUTE : IRI_PARSE_DEFAULT;

  row_begin (row);

  ref = iri_reference_parse (row->a, row->a_length, flags, &error);
  tolerant = iri_reference_parse_tolerant (row->a, row->a_length, flags);

  if (row->check == CHECK_PARSE_INVALID)
    {
      g_assert_null (ref);
      g_assert_nonnull (error);
      g_assert_false (iri_reference_is_valid (tolerant));
    }
  else
    {
      g_assert_no_error (error);
      g_assert_nonnull (ref);
      g_assert_true (iri_reference_is_valid (tolerant));
    }

  if (row->check == CHECK_PARSE_ABSOLUTE && ref != NULL)
    {
      g_autoptr(IriReference) base = iri_reference_parse (RFC3986_BASE, -1, IRI_PARSE_DEFAULT, NULL);
      g_autoptr(IriReference) result = iri_reference_resolve (base, ref, IRI_RESOLVE_DEFAULT, &error);

      /* An absolute IRI resolves to itself, less its dot segments:
       * equal at the syntax-based rung at least. */
      g_assert_no_error (error);
      g_assert_nonnull (result);
      if (result != NULL)
        g_assert_cmpint (iri_reference_compare (result, ref, IRI_COMPARISON_SYNTAX), !=,
                         IRI_COMPARISON_DIFFERENT);
    }

  row_end (row, FALSE);
}

static void
test_reference_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(GError) resolve_error = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) base = NULL;
  g_autoptr(IriReference) tolerant = NULL;
  g_autoptr(IriReference) result = NULL;

  row_begin (row);

  base = iri_reference_parse (RFC3986_BASE, -1, IRI_PARSE_ABSOLUTE, NULL);
  ref = iri_reference_parse (row->a, row->a_length, IRI_PARSE_DEFAULT, &parse_error);
  tolerant = iri_reference_parse_tolerant (row->a, row->a_length, IRI_PARSE_DEFAULT);

  /* Resolving the tolerant parse must give the strict parse's verdict:
   * an invalid reference is an error, with the parse problem. */
  result = iri_reference_resolve (base, tolerant, IRI_RESOLVE_DEFAULT, &resolve_error);

  if (row->check == CHECK_VALID_REFERENCE)
    {
      g_assert_no_error (parse_error);
      g_assert_no_error (resolve_error);
      g_assert_nonnull (result);
      if (result != NULL)
        {
          g_assert_true (iri_reference_is_valid (result));
          g_assert_true (iri_reference_is_absolute (result));
        }
    }
  else
    {
      g_assert_true (ref == NULL || result == NULL);
      g_assert_null (result);
      g_assert_nonnull (resolve_error);
      if (parse_error != NULL && resolve_error != NULL)
        {
          g_assert_cmpuint (resolve_error->domain, ==, parse_error->domain);
          g_assert_cmpint (resolve_error->code, ==, parse_error->code);
          /* The same words, unless the tolerant parse had to replace a
           * NUL or bytes that are not UTF-8 (its message says so). */
          if (row->a_length < 0 || strlen (row->a) == (gsize) row->a_length)
            g_assert_cmpstr (resolve_error->message, ==, parse_error->message);
        }
    }

  row_end (row, FALSE);
}

/* ------------------------------------------------------------------ */
/* Loading the data sets                                               */

static Row *
add_row (Tally      *tally,
         Check       check,
         const char *path,
         const char *a,
         const char *b,
         const char *expected)
{
  Row *row = g_new0 (Row, 1);
  GTestDataFunc func = NULL;

  row->tally = tally;
  row->check = check;
  row->a = g_strdup (a);
  row->a_length = -1;
  row->b = g_strdup (b);
  row->expected = g_strdup (expected);
  g_ptr_array_add (all_rows, row);

  switch (check)
    {
    case CHECK_RESOLVE:
      func = test_resolve_row;
      break;
    case CHECK_RESOLVE_FAILS:
      func = test_resolve_fails_row;
      break;
    case CHECK_RELATIVIZE:
      func = test_relativize_row;
      break;
    case CHECK_RELATIVIZE_FAILS:
      func = test_relativize_fails_row;
      break;
    case CHECK_PARSE_VALID:
    case CHECK_PARSE_INVALID:
    case CHECK_PARSE_ABSOLUTE:
      func = test_parse_row;
      break;
    case CHECK_VALID_REFERENCE:
    case CHECK_INVALID_REFERENCE:
    default:
      func = test_reference_row;
      break;
    }

  g_test_add_data_func (path, row, func);
  return row;
}

static IriResolveFlags
mode_flags (const char *mode)
{
  if (g_str_equal (mode, "non-strict"))
    return IRI_RESOLVE_NON_STRICT;
  g_assert_cmpstr (mode, ==, "strict");
  return IRI_RESOLVE_DEFAULT;
}

static void
add_rfc3986_examples (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (tallies[T_RFC3986].file, FALSE, &header);
  guint section = iri_test_column (header, "section");
  guint base = iri_test_column (header, "base");
  guint reference = iri_test_column (header, "reference");
  guint expected = iri_test_column (header, "expected");
  guint mode = iri_test_column (header, "mode");
  guint n_normal = 0, n_abnormal = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (rows, i);
      gboolean normal = g_str_has_prefix (r->fields[section], "5.4.1");
      g_autofree char *path = g_strdup_printf ("/iri/resolve/rfc3986/%s/%u",
                                               normal ? "5.4.1" : "5.4.2",
                                               normal ? ++n_normal : ++n_abnormal);
      Row *row = add_row (&tallies[T_RFC3986], CHECK_RESOLVE, path, r->fields[base],
                          r->fields[reference], r->fields[expected]);

      row->flags = mode_flags (r->fields[mode]);
    }
}

/* base, reference, expected, mode (optional) */
static void
add_resolve_file (guint       tally,
                  const char *prefix,
                  gboolean    unescape)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (tallies[tally].file, unescape, &header);
  guint base = iri_test_column (header, "base");
  guint reference = iri_test_column (header, "reference");
  guint expected = iri_test_column (header, "expected");
  gboolean has_mode = g_strv_contains ((const char * const *) header, "mode");
  gboolean has_id = g_strv_contains ((const char * const *) header, "id");
  gboolean has_normalized = g_strv_contains ((const char * const *) header, "expected_normalized");

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (rows, i);
      g_autofree char *path = has_id
        ? g_strdup_printf ("%s/%s", prefix, r->fields[iri_test_column (header, "id")])
        : g_strdup_printf ("%s/%u", prefix, i + 1);
      Row *row = add_row (&tallies[tally], CHECK_RESOLVE, path, r->fields[base],
                          r->fields[reference], r->fields[expected]);

      if (has_mode)
        row->flags = mode_flags (r->fields[iri_test_column (header, "mode")]);
      if (tally == T_OXIRI_RELATIVE_BASE)
        row->flags = IRI_RESOLVE_RELATIVE_BASE;
      if (has_normalized)
        row->expected_normalized = g_strdup (r->fields[iri_test_column (header, "expected_normalized")]);
    }
}

static void
add_relativize_file (guint       tally,
                     const char *prefix,
                     const char *expected_column,
                     gboolean    unescape)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (tallies[tally].file, unescape, &header);
  guint target = iri_test_column (header, "target");
  guint base = iri_test_column (header, "base");
  gboolean has_id = g_strv_contains ((const char * const *) header, "id");

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (rows, i);
      g_autofree char *path = has_id
        ? g_strdup_printf ("%s/%s", prefix, r->fields[iri_test_column (header, "id")])
        : g_strdup_printf ("%s/%u", prefix, i + 1);

      add_row (&tallies[tally], expected_column != NULL ? CHECK_RELATIVIZE : CHECK_RELATIVIZE_FAILS,
               path, r->fields[target], r->fields[base],
               expected_column != NULL ? r->fields[iri_test_column (header, expected_column)] : NULL);
    }
}

/* iri_test_unescape() returns a C string, which would end at an escaped
 * NUL ("\u0000" in the oxiri files, which must be rejected); this keeps
 * the length. */
static char *
unescape_with_length (const char *raw,
                      gssize     *out_length)
{
  g_auto(GStrv) parts = g_strsplit (raw, "\\u0000", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = iri_test_unescape (parts[i]);

      if (i > 0)
        g_string_append_c (out, '\0');
      g_string_append (out, part);
    }

  *out_length = out->len;
  return g_string_free (out, FALSE);
}

/* One IRI per row, in column @column; the check is @check, or chosen by
 * the "valid" column. */
static void
add_parse_file (guint       tally,
                const char *prefix,
                const char *column,
                Check       check)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (tallies[tally].file, FALSE, &header);
  guint text = iri_test_column (header, column);
  gboolean has_id = g_strv_contains ((const char * const *) header, "id");

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (rows, i);
      g_autofree char *path = has_id
        ? g_strdup_printf ("%s/%s", prefix, r->fields[iri_test_column (header, "id")])
        : g_strdup_printf ("%s/%u", prefix, i + 1);
      Check row_check = check;
      gssize length;
      g_autofree char *input = unescape_with_length (r->fields[text], &length);
      Row *row;

      if (g_strv_contains ((const char * const *) header, "valid"))
        row_check = g_str_equal (r->fields[iri_test_column (header, "valid")], "yes")
                    ? CHECK_PARSE_VALID : CHECK_PARSE_INVALID;

      row = add_row (&tallies[tally], row_check, path, input, NULL, NULL);
      g_free (row->a);
      row->a = g_steal_pointer (&input);
      row->a_length = length;
    }
}

static void
add_invalid_resolutions (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (tallies[T_OXIRI_INVALID_RESOLUTIONS].file, TRUE, &header);
  guint id = iri_test_column (header, "id");
  guint reference = iri_test_column (header, "reference");
  guint base = iri_test_column (header, "base");

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (rows, i);
      g_autofree char *path = g_strdup_printf ("/iri/resolve/oxiri/invalid-resolutions/%s", r->fields[id]);

      add_row (&tallies[T_OXIRI_INVALID_RESOLUTIONS], CHECK_RESOLVE_FAILS, path,
               r->fields[base], r->fields[reference], NULL);
    }
}

static void
test_summary (void)
{
  guint total = 0, failed = 0;

  for (guint i = 0; i < N_TALLIES; i++)
    {
      const Tally *t = &tallies[i];
      guint n_failed = t->run - t->passed - t->deviated;

      g_test_message ("%s: %u rows, %u pass, %u pass with a documented deviation, %u fail",
                      t->file, t->run, t->passed, t->deviated, n_failed);
      total += t->run;
      failed += n_failed;
    }
  g_test_message ("all resolution data: %u rows, %u fail", total, failed);

  /* Every listed deviation matched a row: the table has no stale entry. */
  for (guint i = 0; i < G_N_ELEMENTS (deviations); i++)
    {
      if (tallies[T_OXIRI_RESOLVE].run == 0)
        break;  /* a subset of the tests was selected */
      g_assert_cmpuint (deviation_used[i], ==, 1);
    }
}

/* ------------------------------------------------------------------ */
/* Unit tests                                                          */

typedef struct {
  const char *input;
  const char *output;
} DotCase;

/* RFC 3986 §5.2.4 gives the first two, step by step. */
static const DotCase dot_cases[] = {
  { "/a/b/c/./../../g", "/a/g" },
  { "mid/content=5/../6", "mid/6" },
  { "", "" },
  { ".", "" },
  { "..", "" },
  { "./", "" },
  { "../", "" },
  { "/", "/" },
  { "/.", "/" },
  { "/..", "/" },
  { "/./", "/" },
  { "/../", "/" },
  { "/a/..", "/" },
  { "/a/.", "/a/" },
  { "/a/b/..", "/a/" },
  { "/a/b/../", "/a/" },
  { "/../../a", "/a" },
  { "../../a", "a" },
  { "./a/b", "a/b" },
  /* The algorithm on a rootless path: the first segment's slash appears. */
  { "a/..", "/" },
  { "a/../b", "/b" },
  { "a/b/../../c", "/c" },
  /* Not dot segments. */
  { "/.a/a./..a/a../.../", "/.a/a./..a/a../.../" },
  { "/a//b", "/a//b" },
  { "/a//..", "/a/" },
  { "/a/./b/./", "/a/b/" },
  /* Percent-encoded dots (iri-string `percent_encoded_dots`). */
  { "/a/%2e/b", "/a/b" },
  { "/a/%2E/b", "/a/b" },
  { "/a/b/%2e%2e/c", "/a/c" },
  { "/a/b/%2E%2e/c", "/a/c" },
  { "/a/b/.%2E/c", "/a/c" },
  { "/a/b/%2e./c", "/a/c" },
  { "%2e/a", "a" },
  { "%2E%2E/a", "a" },
  { "/a/%2e%2e%2e/b", "/a/%2e%2e%2e/b" },
  { "/a/%2f/b", "/a/%2f/b" },
  { "/a/%252e/b", "/a/%252e/b" },
  /* Non-ASCII is data (RFC 3987bis §5.5). */
  { "/\xC3\xA9t\xC3\xA9/../\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D/./\xF0\x9F\x8D\xA3",
    "/\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D/\xF0\x9F\x8D\xA3" },
};

static void
test_remove_dot_segments (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (dot_cases); i++)
    {
      g_autofree char *output = iri_remove_dot_segments (dot_cases[i].input, -1);

      g_assert_cmpstr (output, ==, dot_cases[i].output);
    }
}

static void
test_remove_dot_segments_length (void)
{
  const char *text = "/a/b/../c?/../x";
  g_autofree char *prefix = iri_remove_dot_segments (text, 9);
  g_autofree char *empty = iri_remove_dot_segments (NULL, 0);
  g_autofree char *cut = iri_remove_dot_segments ("/a/b/..XYZ", 7);

  g_assert_cmpstr (prefix, ==, "/a/c");
  g_assert_cmpstr (empty, ==, "");
  /* "/a/b/.." cut before "XYZ": the last segment is "..". */
  g_assert_cmpstr (cut, ==, "/a/");
}

typedef struct {
  const char      *base;
  const char      *reference;
  IriResolveFlags  flags;
  const char      *expected;
} ResolveCase;

static const ResolveCase strict_cases[] = {
  /* RFC 3986 §5.4.2: "http:g" is "http:g" for a strict parser and
   * "http://a/b/c/g" for a backward-compatible one. */
  { RFC3986_BASE, "http:g", IRI_RESOLVE_DEFAULT, "http:g" },
  { RFC3986_BASE, "http:g", IRI_RESOLVE_NON_STRICT, "http://a/b/c/g" },
  /* Schemes are case-insensitive (§3.1), so the rule applies to "HTTP:" too. */
  { RFC3986_BASE, "HTTP:g", IRI_RESOLVE_DEFAULT, "HTTP:g" },
  { RFC3986_BASE, "HTTP:g", IRI_RESOLVE_NON_STRICT, "http://a/b/c/g" },
  { RFC3986_BASE, "http:", IRI_RESOLVE_NON_STRICT, RFC3986_BASE },
  { RFC3986_BASE, "http:?y#f", IRI_RESOLVE_NON_STRICT, "http://a/b/c/d;p?y#f" },
  { RFC3986_BASE, "http://x/y", IRI_RESOLVE_NON_STRICT, "http://x/y" },
  { RFC3986_BASE, "http:/g/../h", IRI_RESOLVE_NON_STRICT, "http://a/h" },
  { RFC3986_BASE, "other:g", IRI_RESOLVE_NON_STRICT, "other:g" },
  { RFC3986_BASE, "https:g", IRI_RESOLVE_NON_STRICT, "https:g" },
  /* An absolute reference still loses its dot segments. */
  { RFC3986_BASE, "http:a/./b/../c", IRI_RESOLVE_DEFAULT, "http:a/c" },
  { RFC3986_BASE, "http:a/../../c", IRI_RESOLVE_DEFAULT, "http:/c" },
  { RFC3986_BASE, "g:./h", IRI_RESOLVE_DEFAULT, "g:h" },
};

static void
test_strict (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (strict_cases); i++)
    {
      const ResolveCase *c = &strict_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (c->base, c->reference, c->flags, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (result, ==, c->expected);
    }
}

static const ResolveCase iri_cases[] = {
  { "http://\xE4\xBE\x8B\xE3\x81\x88.\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88/\xE3\x83\x91\xE3\x82\xB9/\xE3\x83\x95\xE3\x82\xA1\xE3\x82\xA4\xE3\x83\xAB?\xE5\x95\x8F",
    "../\xE4\xB8\x8A/\xC3\xBC?\xC3\xA9#\xC3\x9F", IRI_RESOLVE_DEFAULT,
    "http://\xE4\xBE\x8B\xE3\x81\x88.\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88/\xE4\xB8\x8A/\xC3\xBC?\xC3\xA9#\xC3\x9F" },
  /* Hebrew segments stay in logical order; "." and ".." are still found. */
  { "https://\xD7\x93\xD7\x95\xD7\x92\xD7\x9E\xD7\x94.example/\xD7\x90/\xD7\x91/\xD7\x92",
    "./\xD7\x93/../\xD7\x94", IRI_RESOLVE_DEFAULT,
    "https://\xD7\x93\xD7\x95\xD7\x92\xD7\x9E\xD7\x94.example/\xD7\x90/\xD7\x91/\xD7\x94" },
  /* A non-ASCII segment that ends in dots is not a dot segment. */
  { "http://a/b/c", "\xC3\xA9..", IRI_RESOLVE_DEFAULT, "http://a/b/\xC3\xA9.." },
  { "http://a/b/c", "?\xEE\x80\x80", IRI_RESOLVE_DEFAULT, "http://a/b/c?\xEE\x80\x80" },
  /* Percent-encoded dots in a reference. */
  { "http://a/b/c/d", "%2E%2E/x", IRI_RESOLVE_DEFAULT, "http://a/b/x" },
  { "http://a/b/c/d", "%2e", IRI_RESOLVE_DEFAULT, "http://a/b/c/" },
};

static void
test_iri_aware (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (iri_cases); i++)
    {
      const ResolveCase *c = &iri_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (c->base, c->reference, c->flags, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (result, ==, c->expected);
    }
}

/* A path that would start with "//" without an authority. */
static void
test_unsafe_path (void)
{
  static const ResolveCase safe[] = {
    { "f:/a", ".//g", IRI_RESOLVE_DEFAULT, "f:/.//g" },
    { "x:", "/..//bar", IRI_RESOLVE_DEFAULT, "x:/.//bar" },
    { "x:/a/b", "../..//c", IRI_RESOLVE_DEFAULT, "x:/.//c" },
    { "x:/a", "x:/.//c", IRI_RESOLVE_DEFAULT, "x:/.//c" },
    /* With an authority the path may start with "//". */
    { "http://a", ".//g", IRI_RESOLVE_DEFAULT, "http://a//g" },
    { "http://a/b", "/..//g", IRI_RESOLVE_DEFAULT, "http://a//g" },
    /* Relative base, rooted path: the same fix. */
    { "/a", ".//g", IRI_RESOLVE_RELATIVE_BASE, "/.//g" },
  };
  static const ResolveCase unsafe[] = {
    { "x:", ".///C:::", IRI_RESOLVE_DEFAULT, NULL },
    { "x:", "..///y", IRI_RESOLVE_DEFAULT, NULL },
    { "x:a", "x:.///y", IRI_RESOLVE_DEFAULT, NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (safe); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (safe[i].base, safe[i].reference, safe[i].flags, &error);
      g_autoptr(IriReference) parsed = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (result, ==, safe[i].expected);

      /* The "/." keeps the path a path when read back. */
      parsed = iri_reference_parse (result, -1, IRI_PARSE_DEFAULT, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (iri_reference_get_authority (parsed), ==,
                       g_str_has_prefix (safe[i].base, "http://") ? "a" : NULL);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (unsafe); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (unsafe[i].base, unsafe[i].reference, unsafe[i].flags, &error);

      g_assert_null (result);
      g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
      g_assert_nonnull (strstr (error->message, unsafe[i].reference));
    }
}

static void
test_relative_base (void)
{
  static const ResolveCase cases[] = {
    { "./foo/bar", "./x", IRI_RESOLVE_RELATIVE_BASE, "./foo/./x" },
    { "foo/bar", "x?q#f", IRI_RESOLVE_RELATIVE_BASE, "foo/x?q#f" },
    { "//host/a/b", "../c", IRI_RESOLVE_RELATIVE_BASE, "//host/c" },
    { "//host", "c", IRI_RESOLVE_RELATIVE_BASE, "//host/c" },
    { "/a/b", "../../c", IRI_RESOLVE_RELATIVE_BASE, "/c" },
    { "a", "http://x/./y", IRI_RESOLVE_RELATIVE_BASE, "http://x/y" },
    { "a", "//x/./y", IRI_RESOLVE_RELATIVE_BASE, "//x/y" },
    /* Absolute bases are unaffected by the flag. */
    { RFC3986_BASE, "../g", IRI_RESOLVE_RELATIVE_BASE, "http://a/b/g" },
    { RFC3986_BASE, "http:g", IRI_RESOLVE_RELATIVE_BASE | IRI_RESOLVE_NON_STRICT, "http://a/b/c/g" },
  };
  static const ResolveCase failing[] = {
    { "foo/bar", "../x", IRI_RESOLVE_RELATIVE_BASE, NULL },
    { "a/..", "x", IRI_RESOLVE_RELATIVE_BASE, NULL },
    { "a", "%2E%2E", IRI_RESOLVE_RELATIVE_BASE, NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (cases[i].base, cases[i].reference, cases[i].flags, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (result, ==, cases[i].expected);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (failing); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (failing[i].base, failing[i].reference, failing[i].flags, &error);

      g_assert_null (result);
      g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
    }
}

static void
test_not_absolute (void)
{
  static const char * const bases[] = { "", "/a/b", "//host/a", "a/b", "?q", "#f" };

  for (gsize i = 0; i < G_N_ELEMENTS (bases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = iri_resolve (bases[i], "g", IRI_RESOLVE_DEFAULT, &error);
      g_autofree char *quoted = g_strdup_printf ("\xE2\x80\x9C%s\xE2\x80\x9D", bases[i]);

      g_assert_null (result);
      g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_NOT_ABSOLUTE);
      /* Errors quote the input. */
      g_assert_nonnull (strstr (error->message, quoted));
    }
}

static void
test_invalid_inputs (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) base = iri_reference_parse (RFC3986_BASE, -1, IRI_PARSE_DEFAULT, NULL);
  g_autoptr(IriReference) bad_base = iri_reference_parse_tolerant ("http://a b/", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) bad_ref = iri_reference_parse_tolerant ("g h", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) bad_utf8 = iri_reference_parse_tolerant ("g\xFFh", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) result = NULL;
  char *text;

  /* Strings: the strict parser's error. */
  text = iri_resolve ("http://a b/", "g", IRI_RESOLVE_DEFAULT, &error);
  g_assert_null (text);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
  g_assert_nonnull (strstr (error->message, "http://a b/"));
  g_clear_error (&error);

  text = iri_resolve (RFC3986_BASE, "%zz", IRI_RESOLVE_DEFAULT, &error);
  g_assert_null (text);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
  g_clear_error (&error);

  /* Tolerantly parsed references: the same error as a strict parse. */
  g_assert_false (iri_reference_is_valid (bad_base));
  result = iri_reference_resolve (bad_base, base, IRI_RESOLVE_DEFAULT, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
  g_clear_error (&error);

  result = iri_reference_resolve (base, bad_ref, IRI_RESOLVE_DEFAULT, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
  g_assert_nonnull (strstr (error->message, "g h"));
  g_clear_error (&error);

  /* Bytes that are not UTF-8 were replaced in the tolerant copy; the
   * error still says what was wrong. */
  result = iri_reference_resolve (base, bad_utf8, IRI_RESOLVE_DEFAULT, &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_true (error->domain == IRI_ERROR);
  g_clear_error (&error);

  text = iri_reference_relativize (bad_ref, base, &error);
  g_assert_null (text);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
  g_clear_error (&error);

  text = iri_reference_relativize (base, bad_base, &error);
  g_assert_null (text);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
  g_clear_error (&error);
}

/* The result of iri_reference_resolve() is a parsed reference. */
static void
test_result_reference (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) base = iri_reference_parse ("https://user@\xD7\x90.example:8443/a/b?q#f",
                                                      -1, IRI_PARSE_DEFAULT, NULL);
  g_autoptr(IriReference) ref = iri_reference_parse ("../c?r#\xC3\xA9", -1, IRI_PARSE_DEFAULT, NULL);
  g_autoptr(IriReference) result = iri_reference_resolve (base, ref, IRI_RESOLVE_DEFAULT, &error);

  g_assert_no_error (error);
  g_assert_true (iri_reference_is_valid (result));
  g_assert_cmpstr (iri_reference_get_text (result), ==,
                   "https://user@\xD7\x90.example:8443/c?r#\xC3\xA9");
  g_assert_cmpstr (iri_reference_get_scheme (result), ==, "https");
  g_assert_cmpstr (iri_reference_get_userinfo (result), ==, "user");
  g_assert_cmpstr (iri_reference_get_host (result), ==, "\xD7\x90.example");
  g_assert_cmpint (iri_reference_get_port_number (result), ==, 8443);
  g_assert_cmpstr (iri_reference_get_path (result), ==, "/c");
  g_assert_cmpstr (iri_reference_get_query (result), ==, "r");
  g_assert_cmpstr (iri_reference_get_fragment (result), ==, "\xC3\xA9");
}

static void
assert_reference_unchanged (IriReference *ref,
                            const char   *text)
{
  g_autoptr(IriReference) fresh = iri_reference_parse_tolerant (text, -1, IRI_PARSE_DEFAULT);

  g_assert_cmpstr (iri_reference_get_text (ref), ==, text);
  g_assert_cmpstr (iri_reference_get_scheme (ref), ==, iri_reference_get_scheme (fresh));
  g_assert_cmpstr (iri_reference_get_authority (ref), ==, iri_reference_get_authority (fresh));
  g_assert_cmpstr (iri_reference_get_path (ref), ==, iri_reference_get_path (fresh));
  g_assert_cmpstr (iri_reference_get_query (ref), ==, iri_reference_get_query (fresh));
  g_assert_cmpstr (iri_reference_get_fragment (ref), ==, iri_reference_get_fragment (fresh));
}

/* Nothing the functions are given is modified: neither the strings nor
 * the (immutable, shared) references. */
static void
test_inputs_unchanged (void)
{
  static const char base_text[] = "HTTP://a/b/c/./../d;p?q#f";
  static const char ref_text[] = "../%2E%2e/g/./h?y#s";
  char base_copy[sizeof base_text];
  char ref_copy[sizeof ref_text];
  g_autoptr(IriReference) base = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) result = NULL;
  g_autofree char *text = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *dots = NULL;

  memcpy (base_copy, base_text, sizeof base_text);
  memcpy (ref_copy, ref_text, sizeof ref_text);

  text = iri_resolve (base_copy, ref_copy, IRI_RESOLVE_NON_STRICT, NULL);
  g_assert_cmpstr (text, ==, "HTTP://a/g/h?y#s");
  g_assert_cmpmem (base_copy, sizeof base_copy, base_text, sizeof base_text);
  g_assert_cmpmem (ref_copy, sizeof ref_copy, ref_text, sizeof ref_text);

  dots = iri_remove_dot_segments (ref_copy, -1);
  g_assert_cmpmem (ref_copy, sizeof ref_copy, ref_text, sizeof ref_text);

  base = iri_reference_parse (base_copy, -1, IRI_PARSE_DEFAULT, NULL);
  ref = iri_reference_parse (ref_copy, -1, IRI_PARSE_DEFAULT, NULL);
  result = iri_reference_resolve (base, ref, IRI_RESOLVE_DEFAULT, NULL);
  g_assert_nonnull (result);
  assert_reference_unchanged (base, base_text);
  assert_reference_unchanged (ref, ref_text);

  relative = iri_reference_relativize (result, base, NULL);
  g_assert_nonnull (relative);
  assert_reference_unchanged (base, base_text);
  assert_reference_unchanged (result, "HTTP://a/g/h?y#s");
}

static void
test_relativize_units (void)
{
  static const struct {
    const char *target;
    const char *base;
    const char *expected;
  } cases[] = {
    /* The same document: the base itself, dot segments and all. */
    { "http://x/a/../b", "http://x/a/../b", "" },
    { "http://x/a/../b#f", "http://x/a/../b", "#f" },
    /* A scheme differing only in case is still a different spelling. */
    { "HTTP://x/a", "http://x/b", "HTTP://x/a" },
    /* Non-ASCII segments are compared as they are. */
    { "http://x/\xC3\xA9/\xD7\x90", "http://x/\xC3\xA9/b", "\xD7\x90" },
    { "http://x/\xC3\xA9/\xD7\x90", "http://x/e/b", "/\xC3\xA9/\xD7\x90" },
    /* A ":" in the first segment would be a scheme. */
    { "http://x/a/b:c", "http://x/a/d", "/a/b:c" },
    { "http://x/a/b/c:d", "http://x/a/e", "b/c:d" },
    { "http://x/a/b:c/d", "http://x/a/b:c/e", "d" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IriReference) target = iri_reference_parse (cases[i].target, -1, IRI_PARSE_DEFAULT, NULL);
      g_autoptr(IriReference) base = iri_reference_parse (cases[i].base, -1, IRI_PARSE_DEFAULT, NULL);
      g_autofree char *relative = iri_reference_relativize (target, base, &error);
      g_autofree char *back = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (relative, ==, cases[i].expected);
      back = iri_resolve (cases[i].base, relative, IRI_RESOLVE_DEFAULT, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (back, ==, cases[i].target);
    }
}

static void
test_relativize_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) absolute = iri_reference_parse ("http://x/a", -1, IRI_PARSE_DEFAULT, NULL);
  g_autoptr(IriReference) relative = iri_reference_parse ("/a", -1, IRI_PARSE_DEFAULT, NULL);
  g_autoptr(IriReference) dotted = iri_reference_parse ("http://x/a/%2e%2E/b", -1, IRI_PARSE_DEFAULT, NULL);
  char *result;

  result = iri_reference_relativize (absolute, relative, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_NOT_ABSOLUTE);
  g_assert_nonnull (strstr (error->message, "\xE2\x80\x9C/a\xE2\x80\x9D"));
  g_clear_error (&error);

  result = iri_reference_relativize (relative, absolute, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_NOT_ABSOLUTE);
  g_clear_error (&error);

  /* Percent-encoded dots are dot segments to resolution, so this target
   * cannot be reached either. */
  result = iri_reference_relativize (dotted, absolute, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
  g_assert_nonnull (strstr (error->message, "http://x/a/%2e%2E/b"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* The data and the messages are UTF-8; without a locale, g_test_message()
   * would print them as "?". */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  all_rows = g_ptr_array_new_with_free_func (row_free);

  g_test_add_func ("/iri/resolve/remove-dot-segments/table", test_remove_dot_segments);
  g_test_add_func ("/iri/resolve/remove-dot-segments/length", test_remove_dot_segments_length);
  g_test_add_func ("/iri/resolve/strict-and-non-strict", test_strict);
  g_test_add_func ("/iri/resolve/iri-aware", test_iri_aware);
  g_test_add_func ("/iri/resolve/unsafe-path", test_unsafe_path);
  g_test_add_func ("/iri/resolve/relative-base", test_relative_base);
  g_test_add_func ("/iri/resolve/errors/not-absolute", test_not_absolute);
  g_test_add_func ("/iri/resolve/errors/invalid-inputs", test_invalid_inputs);
  g_test_add_func ("/iri/resolve/result-reference", test_result_reference);
  g_test_add_func ("/iri/resolve/inputs-unchanged", test_inputs_unchanged);
  g_test_add_func ("/iri/relativize/units", test_relativize_units);
  g_test_add_func ("/iri/relativize/errors", test_relativize_errors);

  add_rfc3986_examples ();
  add_resolve_file (T_URIPARSER, "/iri/resolve/uriparser", FALSE);
  add_resolve_file (T_FOURSUITE_ABSOLUTIZE, "/iri/resolve/foursuite/absolutize", FALSE);
  add_resolve_file (T_PYTHON, "/iri/resolve/python-rfc3987", FALSE);
  add_relativize_file (T_FOURSUITE_RELATIVIZE, "/iri/relativize/foursuite", "expected", FALSE);
  add_parse_file (T_FOURSUITE_REFERENCES, "/iri/resolve/foursuite/uri-references", "uri_reference",
                  CHECK_PARSE_VALID);
  add_parse_file (T_OXIRI_ABSOLUTE, "/iri/resolve/oxiri/valid-absolute", "iri", CHECK_PARSE_ABSOLUTE);
  add_parse_file (T_OXIRI_VALID, "/iri/resolve/oxiri/valid-references", "iri_reference",
                  CHECK_VALID_REFERENCE);
  add_parse_file (T_OXIRI_INVALID, "/iri/resolve/oxiri/invalid-references", "iri_reference",
                  CHECK_INVALID_REFERENCE);
  add_resolve_file (T_OXIRI_RESOLVE, "/iri/resolve/oxiri/resolve", TRUE);
  add_resolve_file (T_OXIRI_RELATIVE_BASE, "/iri/resolve/oxiri/relative-base", TRUE);
  add_invalid_resolutions ();
  add_relativize_file (T_OXIRI_RELATIVIZE, "/iri/relativize/oxiri", "expected_relative", TRUE);
  add_relativize_file (T_OXIRI_RELATIVIZE_FAILS, "/iri/relativize/oxiri-fails", NULL, TRUE);
  add_resolve_file (T_ISTRING_RESOLVE, "/iri/resolve/iri-string", TRUE);

  /* Registered last, so its suite runs last (GTest runs a suite's
   * children in the order they were created). */
  g_test_add_func ("/iri/summary/resolution-data", test_summary);

  status = g_test_run ();
  g_ptr_array_unref (all_rows);
  return status;
}
