/* test-compare.c: normalization and the comparison ladder (RFC 3987
 * §5.3, as revised in draft-duerst-iri-10-to-11-diff §5.3)
 *
 * Data: iri-string's components and normalization cases (a JSON file,
 * read by the small reader below; json-glib is not a dependency of the
 * core tests), the RFC 3987 comparison examples and 4Suite's
 * normalization cases.  One test case per row, a pass count per file at
 * the end (/iri/summary/comparison-data), and the rows we deliberately
 * answer differently listed in `deviations` with the reason.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

/* ------------------------------------------------------------------ */
/* A JSON reader for the shape of iri-string-components-normalization.json:
 * objects, arrays, strings (with \uXXXX escapes and surrogate pairs),
 * null, and, for completeness, true, false and numbers, which it skips. */

typedef enum {
  JSON_NULL,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT,
  JSON_OTHER,
} JsonKind;

typedef struct _Json Json;

struct _Json {
  JsonKind   kind;
  char      *string;  /* JSON_STRING */
  GPtrArray *items;   /* JSON_ARRAY: the values; JSON_OBJECT: the values */
  GPtrArray *keys;    /* JSON_OBJECT: the keys, in order */
};

static void
json_free (gpointer data)
{
  Json *node = data;

  if (node == NULL)
    return;
  g_free (node->string);
  g_clear_pointer (&node->items, g_ptr_array_unref);
  g_clear_pointer (&node->keys, g_ptr_array_unref);
  g_free (node);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Json, json_free)

static void
json_skip_space (const char **p)
{
  while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
    (*p)++;
}

static gboolean
json_hex4 (const char *p,
           gunichar   *out)
{
  *out = 0;
  for (int i = 0; i < 4; i++)
    {
      if (!g_ascii_isxdigit (p[i]))
        return FALSE;
      *out = *out * 16 + g_ascii_xdigit_value (p[i]);
    }
  return TRUE;
}

/* Reads a string at *p (which is at the opening quote). */
static char *
json_parse_string (const char **p)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *s = *p + 1;

  while (*s != '"')
    {
      gunichar c;

      if (*s == '\0')
        return NULL;
      if (*s != '\\')
        {
          g_string_append_c (out, *s++);
          continue;
        }

      s++;
      switch (*s)
        {
        case '"':
        case '\\':
        case '/':
          g_string_append_c (out, *s);
          s++;
          break;
        case 'b':
          g_string_append_c (out, '\b');
          s++;
          break;
        case 'f':
          g_string_append_c (out, '\f');
          s++;
          break;
        case 'n':
          g_string_append_c (out, '\n');
          s++;
          break;
        case 'r':
          g_string_append_c (out, '\r');
          s++;
          break;
        case 't':
          g_string_append_c (out, '\t');
          s++;
          break;
        case 'u':
          if (!json_hex4 (s + 1, &c))
            return NULL;
          s += 5;
          if (c >= 0xD800 && c <= 0xDBFF)
            {
              gunichar low;

              /* A character outside the BMP, as a surrogate pair. */
              if (s[0] != '\\' || s[1] != 'u' || !json_hex4 (s + 2, &low) ||
                  low < 0xDC00 || low > 0xDFFF)
                return NULL;
              c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
              s += 6;
            }
          g_string_append_unichar (out, c);
          break;
        default:
          return NULL;
        }
    }

  *p = s + 1;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static Json *json_parse_value (const char **p);

static Json *
json_parse_container (const char **p,
                      gboolean     object)
{
  g_autoptr(Json) node = g_new0 (Json, 1);
  char close = object ? '}' : ']';

  node->kind = object ? JSON_OBJECT : JSON_ARRAY;
  node->items = g_ptr_array_new_with_free_func (json_free);
  if (object)
    node->keys = g_ptr_array_new_with_free_func (g_free);

  (*p)++;
  json_skip_space (p);
  if (**p == close)
    {
      (*p)++;
      return g_steal_pointer (&node);
    }

  for (;;)
    {
      Json *value;

      json_skip_space (p);
      if (object)
        {
          char *key;

          if (**p != '"' || (key = json_parse_string (p)) == NULL)
            return NULL;
          g_ptr_array_add (node->keys, key);
          json_skip_space (p);
          if (**p != ':')
            return NULL;
          (*p)++;
        }

      value = json_parse_value (p);
      if (value == NULL)
        return NULL;
      g_ptr_array_add (node->items, value);

      json_skip_space (p);
      if (**p == ',')
        {
          (*p)++;
          continue;
        }
      if (**p != close)
        return NULL;
      (*p)++;
      return g_steal_pointer (&node);
    }
}

static Json *
json_parse_value (const char **p)
{
  Json *node;

  json_skip_space (p);
  switch (**p)
    {
    case '{':
      return json_parse_container (p, TRUE);
    case '[':
      return json_parse_container (p, FALSE);
    case '"':
      {
        char *string = json_parse_string (p);

        if (string == NULL)
          return NULL;
        node = g_new0 (Json, 1);
        node->kind = JSON_STRING;
        node->string = string;
        return node;
      }
    case 'n':
      if (strncmp (*p, "null", 4) != 0)
        return NULL;
      *p += 4;
      node = g_new0 (Json, 1);
      node->kind = JSON_NULL;
      return node;
    default:
      /* true, false or a number: not used by the file, skipped. */
      if (!g_ascii_isalnum (**p) && **p != '-')
        return NULL;
      while (g_ascii_isalnum (**p) || **p == '-' || **p == '+' || **p == '.')
        (*p)++;
      node = g_new0 (Json, 1);
      node->kind = JSON_OTHER;
      return node;
    }
}

static Json *
json_load (const char *relpath)
{
  g_autofree char *path = iri_test_data_path (relpath);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  const char *p;
  Json *root;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  p = contents;
  root = json_parse_value (&p);
  g_assert_nonnull (root);
  json_skip_space (&p);
  g_assert_cmpint (*p, ==, '\0');
  return root;
}

static Json *
json_member (Json       *object,
             const char *key)
{
  g_assert_cmpint (object->kind, ==, JSON_OBJECT);
  for (guint i = 0; i < object->keys->len; i++)
    {
      if (g_str_equal (g_ptr_array_index (object->keys, i), key))
        return g_ptr_array_index (object->items, i);
    }
  g_error ("no member %s", key);
}

/* The string value of @key, or NULL for null. */
static const char *
json_string (Json       *object,
             const char *key)
{
  Json *value = json_member (object, key);

  if (value->kind == JSON_NULL)
    return NULL;
  g_assert_cmpint (value->kind, ==, JSON_STRING);
  return value->string;
}

static void
test_json_reader (void)
{
  const char *text = "{\"a\": [\"x\\u00e9\\ud83c\\udf63\\n\", null, 1.5e3, true], \"b\": {}, \"c\": []}";
  const char *p = text;
  g_autoptr(Json) root = json_parse_value (&p);
  Json *a;

  g_assert_nonnull (root);
  a = json_member (root, "a");
  g_assert_cmpint (a->kind, ==, JSON_ARRAY);
  g_assert_cmpuint (a->items->len, ==, 4);
  g_assert_cmpstr (((Json *) g_ptr_array_index (a->items, 0))->string, ==, "x\xC3\xA9\xF0\x9F\x8D\xA3\n");
  g_assert_cmpint (((Json *) g_ptr_array_index (a->items, 1))->kind, ==, JSON_NULL);
  g_assert_cmpint (json_member (root, "b")->kind, ==, JSON_OBJECT);
  g_assert_cmpuint (json_member (root, "c")->items->len, ==, 0);

  p = "{\"a\": \"\\ud83c\"}";
  g_assert_null (json_parse_value (&p));
  p = "[1, 2";
  g_assert_null (json_parse_value (&p));
}

/* ------------------------------------------------------------------ */
/* Deviations from the data sets                                       */

typedef struct {
  const char    *file;       /* the data file, and the column when it matters */
  const char    *input;      /* the IRI, or the first IRI of a pair */
  const char    *input2;     /* the second IRI of a pair, or NULL */
  const char    *ours;       /* our normal form, or our level as a string */
  const char    *reason;
} Deviation;

#define ISTRING_EMPTY_PORT \
  "iri-string drops an empty port (\":/\") in its normalization; our ladder does that at " \
  "IRI_COMPARISON_SCHEME, where RFC 3986 §6.2.3 and the ladder's §5.3.3 put it " \
  "(\"http://example.com:/\" is one of the §5.3.3 examples), so our syntax-based form keeps " \
  "the \":\" and our scheme-based form is the data's"

#define FOURSUITE_RELATIVE \
  "uriparser removes dot segments from a rootless relative reference, a choice the data file " \
  "itself marks (\"uriparser-fixed\").  RFC 3986 §5.2.4 is not faithful on such a path " \
  "(\"a/../../x\" would become \"/x\", not the \"../x\" it means), so syntax-based " \
  "normalization leaves the dot segments of a rootless relative path alone, as iri-string does " \
  "(\"../foo/..\" stays)"

static const Deviation deviations[] = {
  { "iri-string/iri-string-components-normalization.json (normalized_iri)",
    "https://example.com:/", NULL, "https://example.com:/", ISTRING_EMPTY_PORT },
  { "iri-string/iri-string-components-normalization.json (normalized_uri)",
    "https://example.com:/", NULL, "https://example.com:/", ISTRING_EMPTY_PORT },
  { "rfc3986-resolution/foursuite-normalization.tsv", "a/b/../../c", NULL, "a/b/../../c",
    FOURSUITE_RELATIVE },
  { "rfc3986-resolution/foursuite-normalization.tsv", "a/b/././c", NULL, "a/b/././c",
    FOURSUITE_RELATIVE },
  { "rfc3986-resolution/foursuite-normalization.tsv", "a/b/../c/././d", NULL, "a/b/../c/././d",
    FOURSUITE_RELATIVE },
};

static guint deviation_used[G_N_ELEMENTS (deviations)];

static const Deviation *
find_deviation (const char *file,
                const char *input,
                const char *input2)
{
  for (guint i = 0; i < G_N_ELEMENTS (deviations); i++)
    {
      const Deviation *d = &deviations[i];

      if (g_str_equal (d->file, file) && g_str_equal (d->input, input) &&
          g_strcmp0 (d->input2, input2) == 0)
        {
          deviation_used[i]++;
          g_test_message ("deviation from %s for %s: we give %s, because %s",
                          file, input, d->ours, d->reason);
          return d;
        }
    }

  return NULL;
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
  T_ISTRING_NORMALIZED_IRI,
  T_ISTRING_NORMALIZED_URI,
  T_ISTRING_COMPONENTS,
  T_ISTRING_DIFFERENT,
  T_RFC3987,
  T_FOURSUITE,
  N_TALLIES,
};

static Tally tallies[N_TALLIES] = {
  [T_ISTRING_NORMALIZED_IRI] = { "iri-string/iri-string-components-normalization.json (normalized_iri)" },
  [T_ISTRING_NORMALIZED_URI] = { "iri-string/iri-string-components-normalization.json (normalized_uri)" },
  [T_ISTRING_COMPONENTS] = { "iri-string/iri-string-components-normalization.json (components)" },
  [T_ISTRING_DIFFERENT] = { "iri-string/iri-string-components-normalization.json (different_iris)" },
  [T_RFC3987] = { "rfc3987-examples/comparison-normalization.tsv" },
  [T_FOURSUITE] = { "rfc3986-resolution/foursuite-normalization.tsv" },
};

static void
row_begin (Tally *tally)
{
  g_test_set_nonfatal_assertions ();
  tally->run++;
}

static void
row_end (Tally    *tally,
         gboolean  deviated)
{
  if (g_test_failed ())
    return;
  if (deviated)
    tally->deviated++;
  else
    tally->passed++;
}

static const char *
level_name (IriComparison level)
{
  switch (level)
    {
    case IRI_COMPARISON_SIMPLE:
      return "simple";
    case IRI_COMPARISON_SYNTAX:
      return "syntax";
    case IRI_COMPARISON_SCHEME:
      return "scheme";
    case IRI_COMPARISON_DIFFERENT:
    default:
      return "different";
    }
}

/* The normal form at every level is stable: normalizing it again gives
 * it back. */
static void
assert_idempotent (const char *text)
{
  for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *once = iri_normalize (text, -1, level, &error);
      g_autofree char *twice = NULL;

      g_assert_no_error (error);
      if (once == NULL)
        return;
      twice = iri_normalize (once, -1, level, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (twice, ==, once);
    }
}

/* ------------------------------------------------------------------ */
/* iri-string                                                          */

typedef struct {
  Json *item;   /* (unowned) one element of "cases" */
  guint index;
} JsonRow;

static Json *istring_root;

static void
test_istring_normalized (gconstpointer data)
{
  const JsonRow *row = data;
  const char *composed = json_string (row->item, "composed");
  const char *expected = json_string (row->item, "normalized_iri");
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = NULL;
  const Deviation *d;

  row_begin (&tallies[T_ISTRING_NORMALIZED_IRI]);

  /* iri-string's normalization is the syntax-based one (RFC 3987
   * §5.3.2): its `normalized_iri` keeps ":80" for http. */
  normalized = iri_normalize (composed, -1, IRI_COMPARISON_SYNTAX, &error);
  g_assert_no_error (error);

  d = find_deviation (tallies[T_ISTRING_NORMALIZED_IRI].file, composed, NULL);
  if (d != NULL)
    {
      g_autofree char *scheme_form = iri_normalize (composed, -1, IRI_COMPARISON_SCHEME, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (normalized, ==, d->ours);
      g_assert_cmpstr (scheme_form, ==, expected);
    }
  else
    g_assert_cmpstr (normalized, ==, expected);

  assert_idempotent (composed);

  row_end (&tallies[T_ISTRING_NORMALIZED_IRI], d != NULL);
}

static void
test_istring_normalized_uri (gconstpointer data)
{
  const JsonRow *row = data;
  const char *composed = json_string (row->item, "composed");
  const char *expected = json_string (row->item, "normalized_uri");
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *uri = NULL;
  const Deviation *d;

  row_begin (&tallies[T_ISTRING_NORMALIZED_URI]);

  /* `normalized_uri` is the normalized IRI mapped to a URI with the
   * percent-encoding of RFC 3987 §3.1, hosts included (no IDNA). */
  normalized = iri_normalize (composed, -1, IRI_COMPARISON_SYNTAX, &error);
  g_assert_no_error (error);
  if (normalized == NULL)
    return;
  uri = iri_to_uri (normalized, -1, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);

  d = find_deviation (tallies[T_ISTRING_NORMALIZED_URI].file, composed, NULL);
  if (d != NULL)
    {
      g_autofree char *scheme_form = iri_normalize (composed, -1, IRI_COMPARISON_SCHEME, &error);
      g_autofree char *scheme_uri = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (uri, ==, d->ours);
      scheme_uri = iri_to_uri (scheme_form, -1, IRI_HOST_MAPPING_PERCENT, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (scheme_uri, ==, expected);
    }
  else
    g_assert_cmpstr (uri, ==, expected);

  row_end (&tallies[T_ISTRING_NORMALIZED_URI], d != NULL);
}

static void
test_istring_components (gconstpointer data)
{
  const JsonRow *row = data;
  const char *composed = json_string (row->item, "composed");
  Json *components = json_member (row->item, "components");
  const char *user = json_string (components, "user");
  const char *password = json_string (components, "password");
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autofree char *userinfo = NULL;

  row_begin (&tallies[T_ISTRING_COMPONENTS]);

  ref = iri_reference_parse (composed, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  if (ref == NULL)
    return;

  /* The data splits the userinfo at its first ":". */
  if (user != NULL)
    userinfo = password != NULL ? g_strconcat (user, ":", password, NULL) : g_strdup (user);

  g_assert_cmpstr (iri_reference_get_scheme (ref), ==, json_string (components, "scheme"));
  g_assert_cmpstr (iri_reference_get_userinfo (ref), ==, userinfo);
  g_assert_cmpstr (iri_reference_get_host (ref), ==, json_string (components, "host"));
  g_assert_cmpstr (iri_reference_get_port (ref), ==, json_string (components, "port"));
  /* Every reference has a path (RFC 3986 §3.3); the data writes an
   * empty one as null, whatever its _semantics says. */
  g_assert_cmpstr (iri_reference_get_path (ref), ==,
                   json_string (components, "path") != NULL ? json_string (components, "path") : "");
  g_assert_cmpstr (iri_reference_get_query (ref), ==, json_string (components, "query"));
  g_assert_cmpstr (iri_reference_get_fragment (ref), ==, json_string (components, "fragment"));

  row_end (&tallies[T_ISTRING_COMPONENTS], FALSE);
}

static void
test_istring_different (gconstpointer data)
{
  const JsonRow *row = data;
  const char *normalized = json_string (row->item, "normalized_iri");
  Json *different = json_member (row->item, "different_iris");

  row_begin (&tallies[T_ISTRING_DIFFERENT]);

  /* Different even on the highest rung: the path, query and fragment
   * are case-sensitive, and so is a URN's namespace-specific part
   * ("urn:UUID:…" differs in its path, which the generic syntax does
   * not fold). */
  for (guint i = 0; i < different->items->len; i++)
    {
      Json *other = g_ptr_array_index (different->items, i);
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (iri_compare (normalized, other->string, IRI_COMPARISON_SCHEME, &error), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_no_error (error);
    }

  row_end (&tallies[T_ISTRING_DIFFERENT], FALSE);
}

static void
add_istring_rows (GPtrArray *rows)
{
  Json *cases;

  istring_root = json_load ("iri-string/iri-string-components-normalization.json");
  cases = json_member (istring_root, "cases");

  g_test_message ("iri-string: the *_whatwg_like columns are not checked: we implement the "
                  "RFC 3986 form of normalization (normalized_iri), not the variant that keeps "
                  "authority-less relative paths");

  for (guint i = 0; i < cases->items->len; i++)
    {
      JsonRow *row = g_new0 (JsonRow, 1);
      g_autofree char *normalized_path = g_strdup_printf ("/iri/compare/iri-string/normalized-iri/%u", i + 1);
      g_autofree char *uri_path = g_strdup_printf ("/iri/compare/iri-string/normalized-uri/%u", i + 1);
      g_autofree char *components_path = g_strdup_printf ("/iri/compare/iri-string/components/%u", i + 1);
      g_autofree char *different_path = g_strdup_printf ("/iri/compare/iri-string/different/%u", i + 1);

      row->item = g_ptr_array_index (cases->items, i);
      row->index = i;
      g_ptr_array_add (rows, row);

      g_test_add_data_func (normalized_path, row, test_istring_normalized);
      g_test_add_data_func (uri_path, row, test_istring_normalized_uri);
      g_test_add_data_func (components_path, row, test_istring_components);
      if (json_member (row->item, "different_iris")->items->len > 0)
        g_test_add_data_func (different_path, row, test_istring_different);
    }
}

/* ------------------------------------------------------------------ */
/* RFC 3987 §5.3 examples and 4Suite                                   */

typedef struct {
  char *section;
  char *relation;
  char *a;
  char *b;
} PairRow;

static void
pair_row_free (gpointer data)
{
  PairRow *row = data;

  g_free (row->section);
  g_free (row->relation);
  g_free (row->a);
  g_free (row->b);
  g_free (row);
}

/* Replaces the XML character references "&#xHH;" of @text, which is what
 * the markup layer does before an IRI exists (RFC 3987 §5.2). */
static char *
resolve_markup (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      const char *end;

      if (g_str_has_prefix (p, "&#x") && (end = strchr (p, ';')) != NULL)
        {
          g_string_append_unichar (out, g_ascii_strtoull (p + 3, NULL, 16));
          p = end;
        }
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}

static void
test_rfc3987_row (gconstpointer data)
{
  const PairRow *row = data;
  g_autoptr(GError) error = NULL;
  IriComparison expected;
  const Deviation *d;
  const char *b = row->b;
  g_autofree char *resolved = NULL;

  row_begin (&tallies[T_RFC3987]);

  /* What the relation means on our ladder, which stops at the
   * scheme-based rung. */
  if (g_str_equal (row->relation, "equivalent"))
    expected = g_str_has_prefix (row->section, "5.3.3") ? IRI_COMPARISON_SCHEME : IRI_COMPARISON_SYNTAX;
  else if (g_str_equal (row->relation, "not-equivalent") ||
           g_str_equal (row->relation, "not-equivalent-by-string") ||
           g_str_equal (row->relation, "equivalent-only-after-observing-redirect"))
    /* Protocol-based normalization (§5.3.4) is above our ladder. */
    expected = IRI_COMPARISON_DIFFERENT;
  else
    {
      g_assert_cmpstr (row->relation, ==, "equivalent-after-resolving-markup-escapes");

      /* As written, "ros&#xE9;" is another IRI (a path "ros&" and a
       * fragment); once the markup layer has resolved it, it is the
       * same string. */
      g_assert_cmpint (iri_compare (row->a, row->b, IRI_COMPARISON_SCHEME, &error), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_no_error (error);
      resolved = resolve_markup (row->b);
      b = resolved;
      expected = IRI_COMPARISON_SIMPLE;
    }

  d = find_deviation (tallies[T_RFC3987].file, row->a, b);
  if (d != NULL)
    g_assert_cmpstr (level_name (iri_compare (row->a, b, IRI_COMPARISON_SCHEME, &error)), ==, d->ours);
  else
    g_assert_cmpint (iri_compare (row->a, b, IRI_COMPARISON_SCHEME, &error), ==, expected);
  g_assert_no_error (error);

  /* The cap: nothing is equal above max_level, and different strings
   * are never equal at the simple rung. */
  if (!g_str_equal (row->a, b))
    {
      g_assert_cmpint (iri_compare (row->a, b, IRI_COMPARISON_SIMPLE, &error), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_no_error (error);
    }
  if (expected == IRI_COMPARISON_SCHEME)
    {
      g_assert_cmpint (iri_compare (row->a, b, IRI_COMPARISON_SYNTAX, &error), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_no_error (error);
    }

  /* Symmetric. */
  g_assert_cmpint (iri_compare (b, row->a, IRI_COMPARISON_SCHEME, &error), ==,
                   iri_compare (row->a, b, IRI_COMPARISON_SCHEME, NULL));

  assert_idempotent (row->a);
  assert_idempotent (b);

  row_end (&tallies[T_RFC3987], d != NULL);
}

static void
test_foursuite_row (gconstpointer data)
{
  const PairRow *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = iri_normalize (row->a, -1, IRI_COMPARISON_SYNTAX, &error);
  const Deviation *d;

  row_begin (&tallies[T_FOURSUITE]);

  g_assert_no_error (error);
  d = find_deviation (tallies[T_FOURSUITE].file, row->a, NULL);
  if (d != NULL)
    {
      g_assert_cmpstr (normalized, ==, d->ours);
      /* Not equal to the data's form on any rung: they are different
       * relative references. */
      g_assert_cmpint (iri_compare (normalized, row->b, IRI_COMPARISON_SCHEME, &error), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_no_error (error);
    }
  else
    g_assert_cmpstr (normalized, ==, row->b);

  assert_idempotent (row->a);

  row_end (&tallies[T_FOURSUITE], d != NULL);
}

static void
add_pair_rows (GPtrArray *rows)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) tsv = iri_test_load_tsv (tallies[T_RFC3987].file, FALSE, &header);
  guint section = iri_test_column (header, "section");
  guint relation = iri_test_column (header, "relation");
  guint a = iri_test_column (header, "iri_a");
  guint b = iri_test_column (header, "iri_b");
  g_auto(GStrv) header2 = NULL;
  g_autoptr(GPtrArray) tsv2 = iri_test_load_tsv (tallies[T_FOURSUITE].file, FALSE, &header2);
  guint input = iri_test_column (header2, "input");
  guint expected = iri_test_column (header2, "expected_normalized");

  for (guint i = 0; i < tsv->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (tsv, i);
      PairRow *row = g_new0 (PairRow, 1);
      g_auto(GStrv) words = g_strsplit (r->fields[section], " ", 2);
      g_autofree char *path = g_strdup_printf ("/iri/compare/rfc3987/%s/%u", words[0], i + 1);

      row->section = g_strdup (r->fields[section]);
      row->relation = g_strdup (r->fields[relation]);
      row->a = g_strdup (r->fields[a]);
      row->b = g_strdup (r->fields[b]);
      g_ptr_array_add (rows, row);
      g_test_add_data_func (path, row, test_rfc3987_row);
    }

  for (guint i = 0; i < tsv2->len; i++)
    {
      IriTestRow *r = g_ptr_array_index (tsv2, i);
      PairRow *row = g_new0 (PairRow, 1);
      g_autofree char *path = g_strdup_printf ("/iri/compare/foursuite/normalization/%u", i + 1);

      row->a = g_strdup (r->fields[input]);
      row->b = g_strdup (r->fields[expected]);
      g_ptr_array_add (rows, row);
      g_test_add_data_func (path, row, test_foursuite_row);
    }
}

static void
test_summary (void)
{
  guint failed = 0;

  for (guint i = 0; i < N_TALLIES; i++)
    {
      const Tally *t = &tallies[i];
      guint n_failed = t->run - t->passed - t->deviated;

      g_test_message ("%s: %u rows, %u pass, %u pass with a documented deviation, %u fail",
                      t->file, t->run, t->passed, t->deviated, n_failed);
      failed += n_failed;
    }
  g_test_message ("all comparison data: %u fail", failed);

  for (guint i = 0; i < G_N_ELEMENTS (deviations); i++)
    {
      if (tallies[T_RFC3987].run == 0 || tallies[T_ISTRING_NORMALIZED_URI].run == 0)
        break;  /* a subset of the tests was selected */
      g_assert_cmpuint (deviation_used[i], ==, 1);
    }
}

/* ------------------------------------------------------------------ */
/* Unit tests                                                          */

typedef struct {
  const char    *input;
  IriComparison  level;
  const char    *expected;
} NormalizeCase;

static const NormalizeCase normalize_cases[] = {
  /* §5.3.1: the text, unchanged. */
  { "HTTP://Example.COM:80/a/./b/%7e", IRI_COMPARISON_SIMPLE, "HTTP://Example.COM:80/a/./b/%7e" },
  { "", IRI_COMPARISON_SIMPLE, "" },

  /* §5.3.2.1, case. */
  { "HTTP://www.EXAMPLE.com/", IRI_COMPARISON_SYNTAX, "http://www.example.com/" },
  { "http://usER:PassWord@Example.COM/PaTh?QuErY#FrAg", IRI_COMPARISON_SYNTAX,
    "http://usER:PassWord@example.com/PaTh?QuErY#FrAg" },
  { "mailto:Joe@Example.COM", IRI_COMPARISON_SYNTAX, "mailto:Joe@Example.COM" },
  { "http://[2001:DB8::A]:80/", IRI_COMPARISON_SYNTAX, "http://[2001:db8::a]:80/" },
  { "http://[V7.AbC]/", IRI_COMPARISON_SYNTAX, "http://[v7.abc]/" },
  { "http://%CE%B1.CoM/", IRI_COMPARISON_SYNTAX, "http://\xCE\xB1.CoM/" },
  { "http://\xCE\x91.CoM/", IRI_COMPARISON_SYNTAX, "http://\xCE\x91.CoM/" },
  { "http://PLUS%2bPLUS/", IRI_COMPARISON_SYNTAX, "http://plus%2Bplus/" },
  /* U+212A KELVIN SIGN is not "K" here: NFC is not a rung (§5.3.2.2),
   * and the host is not ASCII, so it keeps its case. */
  { "http://\xE2\x84\xAA" "elvin.example/", IRI_COMPARISON_SYNTAX, "http://\xE2\x84\xAA" "elvin.example/" },

  /* §5.3.2.3, percent-encoding. */
  { "http://example.com/%7e%7E%41%2D%2e%5F", IRI_COMPARISON_SYNTAX, "http://example.com/~~A-._" },
  { "http://example.com/%3a%2f%3F%23%5b%25", IRI_COMPARISON_SYNTAX, "http://example.com/%3A%2F%3F%23%5B%25" },
  { "http://example.com/ros%C3%A9?ros%c3%a9#ros%C3%a9", IRI_COMPARISON_SYNTAX,
    "http://example.com/ros\xC3\xA9?ros\xC3\xA9#ros\xC3\xA9" },
  { "http://user%C3%A9@example.com/", IRI_COMPARISON_SYNTAX, "http://user\xC3\xA9@example.com/" },
  /* Not UTF-8 (ISO 8859-1), an overlong form, a surrogate: kept. */
  { "http://example.com/r%e9sum%e9", IRI_COMPARISON_SYNTAX, "http://example.com/r%E9sum%E9" },
  { "http://example.com/%C0%AE", IRI_COMPARISON_SYNTAX, "http://example.com/%C0%AE" },
  { "http://example.com/%ED%A0%80", IRI_COMPARISON_SYNTAX, "http://example.com/%ED%A0%80" },
  /* Not iunreserved: a bidi control (§4.1), a private-use character, a
   * C1 control, a noncharacter. */
  { "http://example.com/%e2%80%ae", IRI_COMPARISON_SYNTAX, "http://example.com/%E2%80%AE" },
  { "http://example.com/?%EE%80%80", IRI_COMPARISON_SYNTAX, "http://example.com/?%EE%80%80" },
  { "http://example.com/%C2%85", IRI_COMPARISON_SYNTAX, "http://example.com/%C2%85" },
  { "http://example.com/%EF%B7%90", IRI_COMPARISON_SYNTAX, "http://example.com/%EF%B7%90" },
  /* A sequence cut short, then a good one. */
  { "http://example.com/%CE%CE%B1%B1", IRI_COMPARISON_SYNTAX, "http://example.com/%CE\xCE\xB1%B1" },

  /* §5.3.2.2: comparison relies on IRIs created in NFC and does not
   * apply it, on any rung. */
  { "http://example.com/re\xCC\x81sume\xCC\x81", IRI_COMPARISON_SYNTAX, "http://example.com/re\xCC\x81sume\xCC\x81" },
  { "http://example.com/re\xCC\x81sume\xCC\x81", IRI_COMPARISON_SCHEME, "http://example.com/re\xCC\x81sume\xCC\x81" },
  { "http://example.com/e%CC%81", IRI_COMPARISON_SYNTAX, "http://example.com/e\xCC\x81" },

  /* §5.3.2.4, dot segments. */
  { "http://example.com:80/a/./b/../c", IRI_COMPARISON_SYNTAX, "http://example.com:80/a/c" },
  { "http://example.com/a/%2E%2e/b", IRI_COMPARISON_SYNTAX, "http://example.com/b" },
  { "scheme:a/../b", IRI_COMPARISON_SYNTAX, "scheme:/b" },
  { "scheme:/a/..//b", IRI_COMPARISON_SYNTAX, "scheme:/.//b" },
  { "scheme:..///b", IRI_COMPARISON_SYNTAX, "scheme:/.//b" },
  { "/a/./b/../c", IRI_COMPARISON_SYNTAX, "/a/c" },
  { "//host/a/../b", IRI_COMPARISON_SYNTAX, "//host/b" },
  { "../a/./b/%2e%2E/c", IRI_COMPARISON_SYNTAX, "../a/./b/../c" },
  { "http://example.com/?a/../b#c/./d", IRI_COMPARISON_SYNTAX, "http://example.com/?a/../b#c/./d" },

  /* §5.3.3, scheme-based. */
  { "http://example.com:/", IRI_COMPARISON_SYNTAX, "http://example.com:/" },
  { "http://example.com:/", IRI_COMPARISON_SCHEME, "http://example.com/" },
  { "http://example.com", IRI_COMPARISON_SCHEME, "http://example.com/" },
  { "http://example.com:80", IRI_COMPARISON_SCHEME, "http://example.com/" },
  { "http://example.com:080/", IRI_COMPARISON_SCHEME, "http://example.com/" },
  { "HTTPS://example.com:443?q", IRI_COMPARISON_SCHEME, "https://example.com/?q" },
  { "ws://example.com:80/chat", IRI_COMPARISON_SCHEME, "ws://example.com/chat" },
  { "wss://example.com:443/chat", IRI_COMPARISON_SCHEME, "wss://example.com/chat" },
  { "ftp://example.com:21", IRI_COMPARISON_SCHEME, "ftp://example.com/" },
  { "http://example.com:443/", IRI_COMPARISON_SCHEME, "http://example.com:443/" },
  { "https://example.com:80/", IRI_COMPARISON_SCHEME, "https://example.com:80/" },
  { "http://example.com:99999/", IRI_COMPARISON_SCHEME, "http://example.com:99999/" },
  { "foo://example.com:80", IRI_COMPARISON_SCHEME, "foo://example.com:80" },
  { "foo://example.com:/x", IRI_COMPARISON_SCHEME, "foo://example.com/x" },
  { "foo://example.com", IRI_COMPARISON_SCHEME, "foo://example.com" },
  { "//example.com:/x", IRI_COMPARISON_SCHEME, "//example.com/x" },
  { "//example.com:80", IRI_COMPARISON_SCHEME, "//example.com:80" },
  { "http://example.com/?", IRI_COMPARISON_SCHEME, "http://example.com/?" },
  { "http://example.com/#", IRI_COMPARISON_SCHEME, "http://example.com/#" },
  { "mailto:joe@example.com", IRI_COMPARISON_SCHEME, "mailto:joe@example.com" },
  /* IDN: the Unicode form, whatever the spelling. */
  { "http://r\xC3\xA9sum\xC3\xA9.example.org", IRI_COMPARISON_SCHEME, "http://r\xC3\xA9sum\xC3\xA9.example.org/" },
  { "http://R\xC3\x89SUM\xC3\x89.example.org", IRI_COMPARISON_SCHEME, "http://r\xC3\xA9sum\xC3\xA9.example.org/" },
  { "http://xn--rsum-bpad.example.org", IRI_COMPARISON_SCHEME, "http://r\xC3\xA9sum\xC3\xA9.example.org/" },
  { "http://XN--RSUM-BPAD.example.org", IRI_COMPARISON_SCHEME, "http://r\xC3\xA9sum\xC3\xA9.example.org/" },
  { "http://r%C3%A9sum%C3%A9.example.org", IRI_COMPARISON_SCHEME, "http://r\xC3\xA9sum\xC3\xA9.example.org/" },
  { "http://\xCE\xB1.CoM/", IRI_COMPARISON_SCHEME, "http://\xCE\xB1.com/" },
  { "http://\xEF\xBC\xA1\xEF\xBC\xA2\xEF\xBC\xA3.example/", IRI_COMPARISON_SCHEME, "http://abc.example/" },
  /* IDNA rejects these (a symbol, a label mixing directions), so they
   * keep their syntax-based form. */
  { "http://\xE2\x98\x83.EXAMPLE/", IRI_COMPARISON_SCHEME, "http://\xE2\x98\x83.EXAMPLE/" },
  { "http://a\xD7\x90.example/", IRI_COMPARISON_SCHEME, "http://a\xD7\x90.example/" },
  /* Only registered names go through IDNA. */
  { "http://[2001:DB8::1]:80", IRI_COMPARISON_SCHEME, "http://[2001:db8::1]/" },
};

/* IRI_NORMALIZE_NFC: the explicit normalization that is no rung. */
static const NormalizeCase nfc_cases[] = {
  { "http://example.com/re\xCC\x81sume\xCC\x81", IRI_COMPARISON_SIMPLE, "http://example.com/r\xC3\xA9sum\xC3\xA9" },
  { "http://example.com/re\xCC\x81sume\xCC\x81", IRI_COMPARISON_SYNTAX, "http://example.com/r\xC3\xA9sum\xC3\xA9" },
  /* Also of what decoding produced. */
  { "http://example.com/e%CC%81", IRI_COMPARISON_SYNTAX, "http://example.com/\xC3\xA9" },
  /* U+212A KELVIN SIGN is "K" in NFC, which then makes the host ASCII,
   * so it is lower-cased in the same pass. */
  { "http://\xE2\x84\xAA" "elvin.example/", IRI_COMPARISON_SYNTAX, "http://kelvin.example/" },
  { "HTTP://Example.COM:80/a/./b", IRI_COMPARISON_SCHEME, "http://example.com/a/b" },
};

static void
test_normalize_nfc (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (nfc_cases); i++)
    {
      const NormalizeCase *c = &nfc_cases[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(IriReference) ref = iri_reference_parse (c->input, -1, IRI_PARSE_DEFAULT, &error);
      g_autofree char *normalized = NULL;
      g_autofree char *plain = NULL;
      g_autofree char *ladder = iri_normalize (c->input, -1, c->level, NULL);

      g_assert_no_error (error);
      normalized = iri_reference_normalize_full (ref, c->level, IRI_NORMALIZE_NFC, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (normalized, ==, c->expected);

      /* Without the flag, the ladder's own form. */
      plain = iri_reference_normalize_full (ref, c->level, IRI_NORMALIZE_DEFAULT, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (plain, ==, ladder);
    }
}

/* The RFC's own pair (§5.3.2.2): different on the ladder, equal once
 * NFC is applied explicitly, at the simple rung (NFC of the text). */
static void
test_compare_nfc (void)
{
  g_autoptr(IriReference) nfc = iri_reference_parse ("http://www.example.org/r\xC3\xA9sum\xC3\xA9.html", -1, 0, NULL);
  g_autoptr(IriReference) nfd = iri_reference_parse ("http://www.example.org/re\xCC\x81sume\xCC\x81.html", -1, 0, NULL);
  g_autoptr(IriReference) nfd_pct = iri_reference_parse ("http://www.example.org/re%CC%81sume%CC%81.html", -1, 0, NULL);
  g_autoptr(IriReference) nfc_pct = iri_reference_parse ("http://www.example.org/r%C3%A9sum%C3%A9.html", -1, 0, NULL);
  g_autoptr(IriReference) other = iri_reference_parse ("http://www.example.org/resume.html", -1, 0, NULL);

  for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
    {
      g_assert_cmpint (iri_reference_compare (nfc, nfd, level), ==, IRI_COMPARISON_DIFFERENT);
      g_assert_cmpint (iri_reference_compare (nfc_pct, nfd_pct, level), ==, IRI_COMPARISON_DIFFERENT);
      g_assert_cmpint (iri_reference_compare_full (nfc, nfd, level, IRI_NORMALIZE_DEFAULT), ==,
                       IRI_COMPARISON_DIFFERENT);
      g_assert_cmpint (iri_reference_compare_full (nfc, nfd, level, IRI_NORMALIZE_NFC), ==,
                       IRI_COMPARISON_SIMPLE);
      g_assert_cmpint (iri_reference_compare_full (nfc, other, level, IRI_NORMALIZE_NFC), ==,
                       IRI_COMPARISON_DIFFERENT);
    }

  /* Percent-encoded, decoding comes first: equal at the syntax rung. */
  g_assert_cmpint (iri_reference_compare_full (nfc_pct, nfd_pct, IRI_COMPARISON_SIMPLE, IRI_NORMALIZE_NFC), ==,
                   IRI_COMPARISON_DIFFERENT);
  g_assert_cmpint (iri_reference_compare_full (nfc_pct, nfd_pct, IRI_COMPARISON_SCHEME, IRI_NORMALIZE_NFC), ==,
                   IRI_COMPARISON_SYNTAX);
  g_assert_cmpint (iri_reference_compare_full (nfc_pct, nfd, IRI_COMPARISON_SCHEME, IRI_NORMALIZE_NFC), ==,
                   IRI_COMPARISON_SYNTAX);
}

static void
test_normalize (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (normalize_cases); i++)
    {
      const NormalizeCase *c = &normalize_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *normalized = iri_normalize (c->input, -1, c->level, &error);
      g_autoptr(IriReference) ref = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (normalized, ==, c->expected);

      /* A normal form is a valid reference, and stable. */
      ref = iri_reference_parse (normalized, -1, IRI_PARSE_DEFAULT, &error);
      g_assert_no_error (error);
      assert_idempotent (c->input);
    }
}

typedef struct {
  const char    *a;
  const char    *b;
  IriComparison  expected;
} CompareCase;

static const CompareCase compare_cases[] = {
  { "http://example.com/", "http://example.com/", IRI_COMPARISON_SIMPLE },
  { "", "", IRI_COMPARISON_SIMPLE },
  { "HTTP://example.com/", "http://example.com/", IRI_COMPARISON_SYNTAX },
  { "http://example.com/%7e", "http://example.com/~", IRI_COMPARISON_SYNTAX },
  { "http://example.com/%7e", "http://example.com/%7E", IRI_COMPARISON_SYNTAX },
  { "http://example.com/a/../b", "http://example.com/b", IRI_COMPARISON_SYNTAX },
  { "http://example.com/r\xC3\xA9sum\xC3\xA9", "http://example.com/r%C3%A9sum%C3%A9", IRI_COMPARISON_SYNTAX },
  { "http://example.com", "http://example.com/", IRI_COMPARISON_SCHEME },
  { "http://example.com:/", "http://example.com/", IRI_COMPARISON_SCHEME },
  { "http://example.com:80/", "http://example.com/", IRI_COMPARISON_SCHEME },
  { "HTTP://EXAMPLE.COM:80", "http://example.com/", IRI_COMPARISON_SCHEME },
  { "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://xn--rsum-bpad.example.org", IRI_COMPARISON_SCHEME },
  { "http://R\xC3\x89SUM\xC3\x89.example.org/", "http://xn--rsum-bpad.example.org/", IRI_COMPARISON_SCHEME },
  { "http://\xCE\xB1.CoM/", "http://\xCE\xB1.com/", IRI_COMPARISON_SCHEME },
  /* Never equal.  NFC is not a rung (RFC 3987 §5.3.2.2). */
  { "http://example.com/r\xC3\xA9sum\xC3\xA9", "http://example.com/re\xCC\x81sume\xCC\x81", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/r%C3%A9sum%C3%A9", "http://example.com/re%CC%81sume%CC%81", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/", "http://example.com/?", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/", "http://example.com/#", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/a", "http://example.com/A", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/data", "http://example.com/data/", IRI_COMPARISON_DIFFERENT },
  { "http://user@example.com/", "http://USER@example.com/", IRI_COMPARISON_DIFFERENT },
  { "http://example.com:8080/", "http://example.com/", IRI_COMPARISON_DIFFERENT },
  { "https://example.com:80/", "https://example.com/", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/%2F", "http://example.com//", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/r%E9sum%E9", "http://example.com/r\xC3\xA9sum\xC3\xA9", IRI_COMPARISON_DIFFERENT },
  { "http://\xE2\x98\x83.EXAMPLE/", "http://\xE2\x98\x83.example/", IRI_COMPARISON_DIFFERENT },
  { "../a/b/../c", "../a/c", IRI_COMPARISON_DIFFERENT },
  { "http://example.com/", "https://example.com/", IRI_COMPARISON_DIFFERENT },
};

static void
test_compare (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (compare_cases); i++)
    {
      const CompareCase *c = &compare_cases[i];
      g_autoptr(IriReference) a = iri_reference_parse (c->a, -1, IRI_PARSE_DEFAULT, NULL);
      g_autoptr(IriReference) b = iri_reference_parse (c->b, -1, IRI_PARSE_DEFAULT, NULL);

      g_assert_nonnull (a);
      g_assert_nonnull (b);

      for (IriComparison max = IRI_COMPARISON_SIMPLE; max <= IRI_COMPARISON_SCHEME; max++)
        {
          g_autoptr(GError) error = NULL;
          IriComparison expected = c->expected <= max ? c->expected : IRI_COMPARISON_DIFFERENT;

          /* Capped at max_level, both ways round, both APIs. */
          g_assert_cmpint (iri_compare (c->a, c->b, max, &error), ==, expected);
          g_assert_no_error (error);
          g_assert_cmpint (iri_compare (c->b, c->a, max, &error), ==, expected);
          g_assert_no_error (error);
          g_assert_cmpint (iri_reference_compare (a, b, max), ==, expected);
        }
    }
}

/* Equal at a level means equal normal forms at that level. */
static void
test_compare_matches_normalize (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (compare_cases); i++)
    {
      const CompareCase *c = &compare_cases[i];

      for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
        {
          g_autofree char *na = iri_normalize (c->a, -1, level, NULL);
          g_autofree char *nb = iri_normalize (c->b, -1, level, NULL);
          gboolean equal = c->expected != IRI_COMPARISON_DIFFERENT && c->expected <= level;

          g_assert_cmpint (g_str_equal (na, nb), ==, equal);
        }
    }
}

static void
test_invalid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) bad = iri_reference_parse_tolerant ("http://exa mple/", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) bad_again = iri_reference_parse_tolerant ("http://exa mple/", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) other = iri_reference_parse_tolerant ("HTTP://exa mple/", -1, IRI_PARSE_DEFAULT);
  g_autoptr(IriReference) nul = iri_reference_parse_tolerant ("a\0b", 3, IRI_PARSE_DEFAULT);
  char *result;

  for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
    {
      result = iri_reference_normalize (bad, level, &error);
      g_assert_null (result);
      g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
      /* The message quotes the input. */
      g_assert_nonnull (strstr (error->message, "\xE2\x80\x9Chttp://exa mple/\xE2\x80\x9D"));
      g_clear_error (&error);

      result = iri_normalize ("http://exa mple/", -1, level, &error);
      g_assert_null (result);
      g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
      g_clear_error (&error);
    }

  result = iri_reference_normalize (nul, IRI_COMPARISON_SYNTAX, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_EMBEDDED_NUL);
  g_clear_error (&error);

  result = iri_normalize ("a\0b", 3, IRI_COMPARISON_SYNTAX, &error);
  g_assert_null (result);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_EMBEDDED_NUL);
  g_clear_error (&error);

  /* §5.3.1 compares characters, valid or not; nothing else does. */
  g_assert_cmpint (iri_reference_compare (bad, bad_again, IRI_COMPARISON_SCHEME), ==, IRI_COMPARISON_SIMPLE);
  g_assert_cmpint (iri_reference_compare (bad, other, IRI_COMPARISON_SCHEME), ==, IRI_COMPARISON_DIFFERENT);

  /* The string API parses strictly: an invalid input is an error. */
  g_assert_cmpint (iri_compare ("http://exa mple/", "http://exa mple/", IRI_COMPARISON_SCHEME, &error), ==,
                   IRI_COMPARISON_DIFFERENT);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_HOST);
  g_clear_error (&error);
  g_assert_cmpint (iri_compare ("http://a/", "%zz", IRI_COMPARISON_SCHEME, &error), ==,
                   IRI_COMPARISON_DIFFERENT);
  g_assert_error (error, IRI_ERROR, (gint) IRI_ERROR_BAD_PATH);
}

/* Normalizing and comparing change neither the strings nor the
 * references they are given. */
static void
test_inputs_unchanged (void)
{
  static const char text_a[] = "HTTP://R\xC3\x89SUM\xC3\x89.example.org:80/a/./%7e/../b%c3%a9?%7e#%7e";
  static const char text_b[] = "http://xn--rsum-bpad.example.org/a/b\xC3\xA9?~#~";
  char copy_a[sizeof text_a];
  char copy_b[sizeof text_b];
  g_autoptr(IriReference) a = NULL;
  g_autoptr(IriReference) b = NULL;

  memcpy (copy_a, text_a, sizeof text_a);
  memcpy (copy_b, text_b, sizeof text_b);

  for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
    {
      g_autofree char *normalized = iri_normalize (copy_a, -1, level, NULL);

      g_assert_nonnull (normalized);
    }
  g_assert_cmpint (iri_compare (copy_a, copy_b, IRI_COMPARISON_SCHEME, NULL), ==, IRI_COMPARISON_SCHEME);
  g_assert_cmpmem (copy_a, sizeof copy_a, text_a, sizeof text_a);
  g_assert_cmpmem (copy_b, sizeof copy_b, text_b, sizeof text_b);

  a = iri_reference_parse (copy_a, -1, IRI_PARSE_DEFAULT, NULL);
  b = iri_reference_parse (copy_b, -1, IRI_PARSE_DEFAULT, NULL);
  for (IriComparison level = IRI_COMPARISON_SIMPLE; level <= IRI_COMPARISON_SCHEME; level++)
    {
      g_autofree char *normalized = iri_reference_normalize (a, level, NULL);

      g_assert_nonnull (normalized);
    }
  g_assert_cmpint (iri_reference_compare (a, b, IRI_COMPARISON_SCHEME), ==, IRI_COMPARISON_SCHEME);

  g_assert_cmpstr (iri_reference_get_text (a), ==, text_a);
  g_assert_cmpstr (iri_reference_get_host (a), ==, "R\xC3\x89SUM\xC3\x89.example.org");
  g_assert_cmpstr (iri_reference_get_path (a), ==, "/a/./%7e/../b%c3%a9");
  g_assert_cmpstr (iri_reference_get_query (a), ==, "%7e");
  g_assert_cmpstr (iri_reference_get_text (b), ==, text_b);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) json_rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pair_rows = g_ptr_array_new_with_free_func (pair_row_free);
  int status;

  /* The data and the messages are UTF-8; without a locale, g_test_message()
   * would print them as "?". */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/compare/json-reader", test_json_reader);
  g_test_add_func ("/iri/compare/normalize", test_normalize);
  g_test_add_func ("/iri/compare/normalize-nfc", test_normalize_nfc);
  g_test_add_func ("/iri/compare/nfc-is-no-rung", test_compare_nfc);
  g_test_add_func ("/iri/compare/levels", test_compare);
  g_test_add_func ("/iri/compare/levels-match-normal-forms", test_compare_matches_normalize);
  g_test_add_func ("/iri/compare/invalid", test_invalid);
  g_test_add_func ("/iri/compare/inputs-unchanged", test_inputs_unchanged);

  add_istring_rows (json_rows);
  add_pair_rows (pair_rows);

  /* Registered last, so its suite runs last. */
  g_test_add_func ("/iri/summary/comparison-data", test_summary);

  status = g_test_run ();
  json_free (istring_root);
  return status;
}
