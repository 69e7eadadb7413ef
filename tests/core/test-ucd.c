/* test-ucd.c: tests for the generated Unicode tables (iri-ucd-private.h)
 *
 * The data-driven tests read the vendored files under data/unicode/ from
 * the directory in IRI_TEST_UCD_DIR and compare every code point with the
 * generated tables, so a generator bug cannot hide behind the same bug in
 * the expectations.  Without IRI_TEST_UCD_DIR they are skipped; the other
 * tests still run.
 *
 * tests/core/meson.build already builds it through its core_tests list
 * ('ucd'), with test_env from tests/meson.build setting IRI_TEST_UCD_DIR.
 * Written out on its own, the rule is:
 *
 *   test_ucd = executable('test-ucd', 'test-ucd.c',
 *     dependencies: libiri_internal_dep,
 *     c_args: ['-DG_LOG_DOMAIN="Iri"'],
 *   )
 *   test('ucd', test_ucd,
 *     args: ['--tap', '-k'],
 *     protocol: 'tap',
 *     env: test_env,   # IRI_TEST_UCD_DIR = <source root>/data/unicode
 *     suite: 'core',
 *   )
 *
 * libiri_internal_dep links libiri-internal (iri-ucd.c and the generated
 * iri-ucd-tables.c) and carries the include directory of lib/iri.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "iri-ucd-private.h"

#define N_CODE_POINTS 0x110000

/* ------------------------------------------------------------------------ */
/* Reading the vendored data files */

/* Returns the data lines of @file in @subdir of IRI_TEST_UCD_DIR as an array
 * of field vectors (split at ';', comment dropped, fields stripped), or NULL
 * after marking the test skipped when the directory is not given. */
static GPtrArray *
load_data_lines (const char *subdir,
                 const char *file)
{
  const char *dir = g_getenv ("IRI_TEST_UCD_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) result = NULL;

  if (dir == NULL)
    {
      g_test_skip ("IRI_TEST_UCD_DIR is not set");
      return NULL;
    }

  path = g_build_filename (dir, subdir, file, NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  lines = g_strsplit (contents, "\n", -1);
  for (gsize i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      char **fields;

      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;

      fields = g_strsplit (lines[i], ";", -1);
      for (gsize k = 0; fields[k] != NULL; k++)
        g_strstrip (fields[k]);
      g_ptr_array_add (result, fields);
    }

  g_assert_cmpuint (result->len, >, 0);
  g_test_message ("%s/%s: %u data lines", subdir, file, result->len);

  return g_steal_pointer (&result);
}

static gunichar
parse_code_point (const char *text)
{
  char *end = NULL;
  gulong value = strtoul (text, &end, 16);

  g_assert_true (end != text);
  g_assert_cmpint (*end, ==, '\0');
  g_assert_cmpuint (value, <, N_CODE_POINTS);

  return (gunichar) value;
}

static void
parse_range (const char *text,
             gunichar   *first,
             gunichar   *last)
{
  const char *dots = strstr (text, "..");
  gsize head_len = dots != NULL ? (gsize) (dots - text) : strlen (text);
  g_autofree char *head = g_strndup (text, head_len);

  *first = parse_code_point (head);
  *last = dots != NULL ? parse_code_point (dots + 2) : *first;
  g_assert_cmpuint (*first, <=, *last);
}

static guint
n_fields (char **fields)
{
  return g_strv_length (fields);
}

/* ------------------------------------------------------------------------ */
/* Versions */

static void
test_versions (void)
{
  g_assert_cmpstr (iri_ucd_version, ==, "15.0.0");
  g_assert_cmpstr (iri_ucd_security_version, ==, "15.0.0");
  g_assert_cmpstr (iri_ucd_link_version, ==, "17.0.0");
}

/* ------------------------------------------------------------------------ */
/* Names */

typedef struct {
  const char *path;
  gunichar    c;
  const char *name;  /* NULL when the code point has no name */
} NameCase;

static const NameCase name_cases[] = {
  { "/iri/ucd/name/latin", 0x0041, "LATIN CAPITAL LETTER A" },
  { "/iri/ucd/name/bidi-control", 0x202E, "RIGHT-TO-LEFT OVERRIDE" },
  { "/iri/ucd/name/control-alias", 0x0000, "NULL" },
  { "/iri/ucd/name/control-tab", 0x0009, "CHARACTER TABULATION" },
  /* U+0080 has no "control" alias, only a "figment" one. */
  { "/iri/ucd/name/control-figment", 0x0080, "PADDING CHARACTER" },
  { "/iri/ucd/name/cjk-unified", 0x4E00, "CJK UNIFIED IDEOGRAPH-4E00" },
  { "/iri/ucd/name/cjk-extension-b", 0x20000, "CJK UNIFIED IDEOGRAPH-20000" },
  { "/iri/ucd/name/hangul", 0xAC00, "HANGUL SYLLABLE GA" },
  { "/iri/ucd/name/hangul-last", 0xD7A3, "HANGUL SYLLABLE HIH" },
  { "/iri/ucd/name/hangul-trailing", 0xAC01, "HANGUL SYLLABLE GAG" },
  { "/iri/ucd/name/hangul-ieung", 0xC548, "HANGUL SYLLABLE AN" },
  { "/iri/ucd/name/cjk-compatibility", 0xF900, "CJK COMPATIBILITY IDEOGRAPH-F900" },
  { "/iri/ucd/name/tangut", 0x17000, "TANGUT IDEOGRAPH-17000" },
  { "/iri/ucd/name/khitan", 0x18B00, "KHITAN SMALL SCRIPT CHARACTER-18B00" },
  { "/iri/ucd/name/nushu", 0x1B170, "NUSHU CHARACTER-1B170" },
  { "/iri/ucd/name/emoji", 0x1F600, "GRINNING FACE" },
  { "/iri/ucd/name/tag", 0xE0041, "TAG LATIN CAPITAL LETTER A" },
  { "/iri/ucd/name/unassigned", 0x0378, NULL },
  { "/iri/ucd/name/private-use", 0xE000, NULL },
  { "/iri/ucd/name/surrogate", 0xD800, NULL },
  { "/iri/ucd/name/noncharacter", 0xFFFF, NULL },
  { "/iri/ucd/name/out-of-range", 0x110000, NULL },
};

static void
test_name_case (gconstpointer data)
{
  const NameCase *test = data;
  char buf[IRI_UCD_NAME_MAX];

  memset (buf, 'x', sizeof buf);
  if (test->name != NULL)
    {
      g_assert_true (iri_ucd_get_name (test->c, buf));
      g_assert_cmpstr (buf, ==, test->name);
    }
  else
    {
      g_assert_false (iri_ucd_get_name (test->c, buf));
      g_assert_cmpstr (buf, ==, "");
    }
}

/* The Jamo_Short_Name values that Unicode Standard §3.12 uses for Hangul
 * syllable names, typed in here rather than read from Jamo.txt so that the
 * test does not share its input with the generator. */
static const char * const jamo_l[] = {
  "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ",
  "C", "K", "T", "P", "H",
};
static const char * const jamo_v[] = {
  "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE",
  "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I",
};
static const char * const jamo_t[] = {
  "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS",
  "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T",
  "P", "H",
};

static void
check_name (gunichar    c,
            const char *expected)
{
  char buf[IRI_UCD_NAME_MAX];
  gboolean found = iri_ucd_get_name (c, buf);

  if (expected == NULL)
    {
      if (found)
        g_test_message ("U+%04X: unexpected name %s", c, buf);
      g_assert_false (found);
      g_assert_cmpstr (buf, ==, "");
    }
  else
    {
      if (!found || strcmp (buf, expected) != 0)
        g_test_message ("U+%04X: expected %s", c, expected);
      g_assert_true (found);
      g_assert_cmpstr (buf, ==, expected);
    }
}

/* Walks every line of UnicodeData.txt: listed names, "<control>" through
 * NameAliases.txt, and the First/Last ranges with the derived names of
 * UAX #44 §4.8.  Code points between the lines must have no name. */
static void
test_name_unicode_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("15.0.0", "UnicodeData.txt");
  g_autoptr(GPtrArray) alias_lines = NULL;
  g_autoptr(GHashTable) control_alias = NULL;
  g_autoptr(GHashTable) figment_alias = NULL;
  gunichar next = 0;
  gunichar range_first = 0;
  guint n_checked = 0;

  if (lines == NULL)
    return;

  alias_lines = load_data_lines ("15.0.0", "NameAliases.txt");
  control_alias = g_hash_table_new (NULL, NULL);
  figment_alias = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < alias_lines->len; i++)
    {
      char **f = alias_lines->pdata[i];
      gpointer key = GUINT_TO_POINTER (parse_code_point (f[0]));
      GHashTable *table;

      g_assert_cmpuint (n_fields (f), ==, 3);
      if (strcmp (f[2], "control") == 0)
        table = control_alias;
      else if (strcmp (f[2], "figment") == 0)
        table = figment_alias;
      else
        continue;
      /* The first alias of a type wins. */
      if (!g_hash_table_contains (table, key))
        g_hash_table_insert (table, key, f[1]);
    }

  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar c = parse_code_point (f[0]);
      const char *name = f[1];

      g_assert_cmpuint (n_fields (f), ==, 15);

      /* A First line starts a range that its Last line closes; the code
       * points in between are not gaps. */
      if (g_str_has_suffix (name, ", First>"))
        {
          g_assert_cmpuint (c, >=, next);
          for (; next < c; next++, n_checked++)
            check_name (next, NULL);
          range_first = c;
          continue;
        }

      if (g_str_has_suffix (name, ", Last>"))
        {
          g_assert_cmpuint (next, ==, range_first);
          for (gunichar r = range_first; r <= c; r++, n_checked++)
            {
              g_autofree char *expected = NULL;

              if (g_str_has_prefix (name, "<CJK Ideograph"))
                expected = g_strdup_printf ("CJK UNIFIED IDEOGRAPH-%04X", r);
              else if (g_str_has_prefix (name, "<Tangut Ideograph"))
                expected = g_strdup_printf ("TANGUT IDEOGRAPH-%04X", r);
              else if (g_str_has_prefix (name, "<Hangul Syllable"))
                {
                  guint s = r - 0xAC00;

                  expected = g_strdup_printf ("HANGUL SYLLABLE %s%s%s",
                                              jamo_l[s / (21 * 28)],
                                              jamo_v[(s % (21 * 28)) / 28],
                                              jamo_t[s % 28]);
                }
              else
                g_assert_true (strstr (name, "Surrogate") != NULL ||
                               strstr (name, "Private Use") != NULL);
              check_name (r, expected);
            }
          next = c + 1;
          continue;
        }

      g_assert_cmpuint (c, >=, next);
      for (; next < c; next++, n_checked++)
        check_name (next, NULL);

      if (strcmp (name, "<control>") == 0)
        {
          gpointer key = GUINT_TO_POINTER (c);

          name = g_hash_table_lookup (control_alias, key);
          if (name == NULL)
            name = g_hash_table_lookup (figment_alias, key);
          g_assert_nonnull (name);
        }

      check_name (c, name);
      n_checked++;
      next = c + 1;
    }

  for (; next < N_CODE_POINTS; next++, n_checked++)
    check_name (next, NULL);

  g_assert_cmpuint (n_checked, ==, N_CODE_POINTS);
}

/* ------------------------------------------------------------------------ */
/* Script_Extensions */

static void
test_script_extensions_basic (void)
{
  GUnicodeScript scripts[32];
  guint n;

  n = iri_ucd_get_script_extensions ('A', scripts, G_N_ELEMENTS (scripts));
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (scripts[0], ==, G_UNICODE_SCRIPT_LATIN);

  /* U+0660 ARABIC-INDIC DIGIT ZERO: Arab Thaa Yezi. */
  n = iri_ucd_get_script_extensions (0x0660, scripts, G_N_ELEMENTS (scripts));
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (scripts[0], ==, G_UNICODE_SCRIPT_ARABIC);
  g_assert_cmpint (scripts[1], ==, G_UNICODE_SCRIPT_THAANA);
  g_assert_cmpint (scripts[2], ==, G_UNICODE_SCRIPT_YEZIDI);

  /* A list longer than the buffer is cut, and the result says so. */
  n = iri_ucd_get_script_extensions (0x0660, scripts, 1);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (iri_ucd_get_script_extensions (0x0660, NULL, 0), ==, 3);

  /* UAX #24: unassigned code points are Unknown. */
  n = iri_ucd_get_script_extensions (0x0378, scripts, G_N_ELEMENTS (scripts));
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (scripts[0], ==, G_UNICODE_SCRIPT_UNKNOWN);

  /* U+0965 DEVANAGARI DOUBLE DANDA has the longest list in Unicode 15.0. */
  n = iri_ucd_get_script_extensions (0x0965, scripts, G_N_ELEMENTS (scripts));
  g_assert_cmpuint (n, ==, 21);
}

/* Converts a four-letter ISO 15924 code with GLib's own table, so that the
 * expectation does not depend on the generator's name mapping. */
static GUnicodeScript
script_from_code (const char *code)
{
  guint32 iso;
  GUnicodeScript script;

  g_assert_cmpuint (strlen (code), ==, 4);
  iso = (guint32) code[0] << 24 | (guint32) code[1] << 16 |
        (guint32) code[2] << 8 | (guint32) code[3];
  script = g_unicode_script_from_iso15924 (iso);
  if (strcmp (code, "Zzzz") != 0)
    g_assert_cmpint (script, !=, G_UNICODE_SCRIPT_UNKNOWN);

  return script;
}

static int
compare_scripts (gconstpointer a,
                 gconstpointer b)
{
  return *(const GUnicodeScript *) a - *(const GUnicodeScript *) b;
}

/* Every code point: the listed Script_Extensions where ScriptExtensions.txt
 * has one, else {Script} from Scripts.txt, else {Unknown} (UAX #24, and
 * the @missing lines of both files). */
static void
test_script_extensions_data (void)
{
  g_autoptr(GPtrArray) scx_lines = load_data_lines ("15.0.0", "ScriptExtensions.txt");
  g_autoptr(GPtrArray) sc_lines = NULL;
  g_autoptr(GPtrArray) pva_lines = NULL;
  g_autoptr(GHashTable) long_to_short = NULL;
  g_autofree guint8 *sc = NULL;
  g_autofree guint8 *listed = NULL;
  guint n_listed = 0;

  if (scx_lines == NULL)
    return;

  sc_lines = load_data_lines ("15.0.0", "Scripts.txt");
  pva_lines = load_data_lines ("15.0.0", "PropertyValueAliases.txt");

  long_to_short = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < pva_lines->len; i++)
    {
      char **f = pva_lines->pdata[i];

      if (strcmp (f[0], "sc") == 0)
        g_hash_table_insert (long_to_short, f[2], f[1]);
    }

  sc = g_malloc (N_CODE_POINTS);
  memset (sc, G_UNICODE_SCRIPT_UNKNOWN, N_CODE_POINTS);
  for (guint i = 0; i < sc_lines->len; i++)
    {
      char **f = sc_lines->pdata[i];
      const char *code = g_hash_table_lookup (long_to_short, f[1]);
      GUnicodeScript script;
      gunichar first, last;

      g_assert_nonnull (code);
      script = script_from_code (code);
      g_assert_cmpint (script, <, 256);
      parse_range (f[0], &first, &last);
      memset (sc + first, script, last - first + 1);
    }

  listed = g_malloc0 (N_CODE_POINTS);
  for (guint i = 0; i < scx_lines->len; i++)
    {
      char **f = scx_lines->pdata[i];
      g_auto(GStrv) codes = g_strsplit_set (f[1], " ", -1);
      GUnicodeScript expected[64];
      guint n_expected = 0;
      gunichar first, last;

      for (gsize k = 0; codes[k] != NULL; k++)
        {
          if (codes[k][0] == '\0')
            continue;
          g_assert_cmpuint (n_expected, <, G_N_ELEMENTS (expected));
          expected[n_expected++] = script_from_code (codes[k]);
        }
      qsort (expected, n_expected, sizeof expected[0], compare_scripts);

      parse_range (f[0], &first, &last);
      for (gunichar c = first; c <= last; c++, n_listed++)
        {
          GUnicodeScript got[64];
          guint n = iri_ucd_get_script_extensions (c, got, G_N_ELEMENTS (got));

          g_assert_cmpuint (n, ==, n_expected);
          qsort (got, n, sizeof got[0], compare_scripts);
          for (guint k = 0; k < n; k++)
            g_assert_cmpint (got[k], ==, expected[k]);
          listed[c] = 1;
        }
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      GUnicodeScript got[64];
      guint n;

      if (listed[c])
        continue;
      n = iri_ucd_get_script_extensions (c, got, G_N_ELEMENTS (got));
      if (n != 1 || got[0] != sc[c])
        g_test_message ("U+%04X: expected only script %d", c, sc[c]);
      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpint (got[0], ==, sc[c]);
    }

  g_test_message ("%u code points with listed Script_Extensions", n_listed);
}

/* ------------------------------------------------------------------------ */
/* Binary properties and UTS #39 identifier data */

/* Marks the code points of the lines whose field 1 is @value (or all
 * lines when @value is NULL) in a new array of N_CODE_POINTS flags. */
static guint8 *
collect_flags (GPtrArray  *lines,
               const char *value)
{
  guint8 *flags = g_malloc0 (N_CODE_POINTS);

  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar first, last;

      if (value != NULL && (n_fields (f) < 2 || strcmp (f[1], value) != 0))
        continue;
      parse_range (f[0], &first, &last);
      memset (flags + first, 1, last - first + 1);
    }

  return flags;
}

static void
test_default_ignorable_basic (void)
{
  g_assert_true (iri_ucd_is_default_ignorable (0x00AD));  /* SOFT HYPHEN */
  g_assert_true (iri_ucd_is_default_ignorable (0x200B));  /* ZERO WIDTH SPACE */
  g_assert_true (iri_ucd_is_default_ignorable (0xE0001)); /* LANGUAGE TAG */
  g_assert_false (iri_ucd_is_default_ignorable ('A'));
  g_assert_false (iri_ucd_is_default_ignorable (0x110000));
}

static void
test_default_ignorable_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("15.0.0", "DerivedCoreProperties.txt");
  g_autofree guint8 *flags = NULL;

  if (lines == NULL)
    return;

  flags = collect_flags (lines, "Default_Ignorable_Code_Point");
  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (iri_ucd_is_default_ignorable (c) != flags[c])
        g_test_message ("U+%04X: Default_Ignorable_Code_Point differs", c);
      g_assert_cmpint (iri_ucd_is_default_ignorable (c), ==, flags[c]);
    }
}

static void
test_identifier_basic (void)
{
  g_assert_true (iri_ucd_is_identifier_allowed ('a'));
  g_assert_false (iri_ucd_is_identifier_allowed (' '));
  g_assert_false (iri_ucd_is_identifier_allowed (0x0378));

  g_assert_cmpuint (iri_ucd_get_identifier_type ('A'), ==, IRI_ID_TYPE_RECOMMENDED);
  g_assert_cmpuint (iri_ucd_get_identifier_type (0x0378), ==, IRI_ID_TYPE_NOT_CHARACTER);
  g_assert_cmpuint (iri_ucd_get_identifier_type (0x00AD), ==, IRI_ID_TYPE_DEFAULT_IGNORABLE);
  g_assert_cmpuint (iri_ucd_get_identifier_type (0x2CF0), ==,
                    IRI_ID_TYPE_TECHNICAL | IRI_ID_TYPE_EXCLUSION);
  g_assert_cmpuint (iri_ucd_get_identifier_type (0x110000), ==, IRI_ID_TYPE_NOT_CHARACTER);
}

static void
test_identifier_status_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "IdentifierStatus.txt");
  g_autofree guint8 *allowed = NULL;

  if (lines == NULL)
    return;

  for (guint i = 0; i < lines->len; i++)
    g_assert_cmpstr (((char **) lines->pdata[i])[1], ==, "Allowed");

  /* UTS #39 §3.1: everything not listed is Restricted. */
  allowed = collect_flags (lines, "Allowed");
  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (iri_ucd_is_identifier_allowed (c) != allowed[c])
        g_test_message ("U+%04X: Identifier_Status differs", c);
      g_assert_cmpint (iri_ucd_is_identifier_allowed (c), ==, allowed[c]);
    }
}

static guint
identifier_type_from_name (const char *name)
{
  static const char * const names[] = {
    "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
    "Not_XID", "Exclusion", "Obsolete", "Technical", "Uncommon_Use",
    "Limited_Use", "Inclusion", "Recommended",
  };
  static const guint bits[] = {
    IRI_ID_TYPE_NOT_CHARACTER, IRI_ID_TYPE_DEPRECATED,
    IRI_ID_TYPE_DEFAULT_IGNORABLE, IRI_ID_TYPE_NOT_NFKC,
    IRI_ID_TYPE_NOT_XID, IRI_ID_TYPE_EXCLUSION, IRI_ID_TYPE_OBSOLETE,
    IRI_ID_TYPE_TECHNICAL, IRI_ID_TYPE_UNCOMMON_USE,
    IRI_ID_TYPE_LIMITED_USE, IRI_ID_TYPE_INCLUSION,
    IRI_ID_TYPE_RECOMMENDED,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (strcmp (name, names[i]) == 0)
        return bits[i];
    }

  g_assert_not_reached ();
}

/* Every code point, not only a sample: the whole check takes milliseconds. */
static void
test_identifier_type_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "IdentifierType.txt");
  g_autofree guint16 *types = NULL;

  if (lines == NULL)
    return;

  /* UTS #39 §3.1: the @missing value is Not_Character. */
  types = g_new (guint16, N_CODE_POINTS);
  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    types[c] = IRI_ID_TYPE_NOT_CHARACTER;

  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      g_auto(GStrv) names = g_strsplit (f[1], " ", -1);
      guint bits = 0;
      gunichar first, last;

      for (gsize k = 0; names[k] != NULL; k++)
        {
          if (names[k][0] != '\0')
            bits |= identifier_type_from_name (names[k]);
        }
      parse_range (f[0], &first, &last);
      for (gunichar c = first; c <= last; c++)
        types[c] = (guint16) bits;
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (iri_ucd_get_identifier_type (c) != types[c])
        g_test_message ("U+%04X: Identifier_Type differs", c);
      g_assert_cmpuint (iri_ucd_get_identifier_type (c), ==, types[c]);
    }
}

/* ------------------------------------------------------------------------ */
/* Confusables */

static void
test_confusable_basic (void)
{
  g_assert_cmpstr (iri_ucd_get_confusable (0x0430), ==, "a");  /* CYRILLIC SMALL LETTER A */
  g_assert_cmpstr (iri_ucd_get_confusable ('1'), ==, "l");
  g_assert_cmpstr (iri_ucd_get_confusable (0x2024), ==, ".");  /* ONE DOT LEADER */
  g_assert_null (iri_ucd_get_confusable ('a'));
  g_assert_null (iri_ucd_get_confusable (0x110000));
}

static void
test_confusable_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "confusables.txt");
  g_autofree guint8 *listed = NULL;

  if (lines == NULL)
    return;

  listed = g_malloc0 (N_CODE_POINTS);
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      g_auto(GStrv) targets = NULL;
      g_autoptr(GString) expected = g_string_new (NULL);
      gunichar source;

      g_assert_cmpuint (n_fields (f), ==, 3);
      g_assert_cmpstr (f[2], ==, "MA");
      source = parse_code_point (f[0]);
      targets = g_strsplit (f[1], " ", -1);
      for (gsize k = 0; targets[k] != NULL; k++)
        {
          if (targets[k][0] != '\0')
            g_string_append_unichar (expected, parse_code_point (targets[k]));
        }

      if (g_strcmp0 (iri_ucd_get_confusable (source), expected->str) != 0)
        g_test_message ("U+%04X: confusables.txt line %u differs", source, i);
      g_assert_cmpstr (iri_ucd_get_confusable (source), ==, expected->str);
      listed[source] = 1;
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (!listed[c])
        g_assert_null (iri_ucd_get_confusable (c));
    }
}

static void
test_intentional_basic (void)
{
  g_assert_true (iri_ucd_is_intentional_confusable ('A', 0x0391));
  g_assert_true (iri_ucd_is_intentional_confusable (0x0391, 'A'));
  g_assert_false (iri_ucd_is_intentional_confusable ('A', 'A'));
  g_assert_false (iri_ucd_is_intentional_confusable ('A', 'B'));
  g_assert_false (iri_ucd_is_intentional_confusable (0x0391, 0x0392));
}

static guint64
pair_key (gunichar a,
          gunichar b)
{
  return (guint64) MIN (a, b) << 32 | MAX (a, b);
}

static void
test_intentional_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "intentional.txt");
  g_autoptr(GHashTable) pairs = NULL;

  if (lines == NULL)
    return;

  pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar a, b;
      guint64 *key = g_new (guint64, 1);

      g_assert_cmpuint (n_fields (f), ==, 2);
      a = parse_code_point (f[0]);
      b = parse_code_point (f[1]);
      *key = pair_key (a, b);
      g_hash_table_add (pairs, key);
      g_assert_true (iri_ucd_is_intentional_confusable (a, b));
      g_assert_true (iri_ucd_is_intentional_confusable (b, a));
    }

  /* The binary search must not match a pair that only shares one code
   * point with a listed pair, so try the neighbours of every pair. */
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar a = parse_code_point (f[0]);
      gunichar b = parse_code_point (f[1]);
      gunichar others[][2] = {
        { a, a }, { b, b },
        { a, b + 1 }, { a, b - 1 },
        { a + 1, b }, { a - 1, b },
      };

      for (gsize k = 0; k < G_N_ELEMENTS (others); k++)
        {
          gunichar x = others[k][0];
          gunichar y = others[k][1];
          guint64 key = pair_key (x, y);

          g_assert_cmpint (iri_ucd_is_intentional_confusable (x, y), ==,
                           g_hash_table_contains (pairs, &key));
        }
    }
}

/* ------------------------------------------------------------------------ */
/* UTS #58 link properties */

static IriLinkTerm
link_term_from_name (const char *name)
{
  if (strcmp (name, "Hard") == 0)
    return IRI_LINK_TERM_HARD;
  if (strcmp (name, "Include") == 0)
    return IRI_LINK_TERM_INCLUDE;
  if (strcmp (name, "Soft") == 0)
    return IRI_LINK_TERM_SOFT;
  if (strcmp (name, "Close") == 0)
    return IRI_LINK_TERM_CLOSE;
  if (strcmp (name, "Open") == 0)
    return IRI_LINK_TERM_OPEN;

  g_assert_not_reached ();
}

static void
test_link_basic (void)
{
  g_assert_cmpint (iri_ucd_get_link_term ('a'), ==, IRI_LINK_TERM_INCLUDE);
  g_assert_cmpint (iri_ucd_get_link_term ('.'), ==, IRI_LINK_TERM_SOFT);
  g_assert_cmpint (iri_ucd_get_link_term ('('), ==, IRI_LINK_TERM_OPEN);
  g_assert_cmpint (iri_ucd_get_link_term (')'), ==, IRI_LINK_TERM_CLOSE);
  g_assert_cmpint (iri_ucd_get_link_term (' '), ==, IRI_LINK_TERM_HARD);
  g_assert_cmpint (iri_ucd_get_link_term (0x110000), ==, IRI_LINK_TERM_HARD);

  g_assert_cmpuint (iri_ucd_get_link_bracket (')'), ==, '(');
  g_assert_cmpuint (iri_ucd_get_link_bracket ('('), ==, ')');
  g_assert_cmpuint (iri_ucd_get_link_bracket (0xFF63), ==, 0xFF62);
  g_assert_cmpuint (iri_ucd_get_link_bracket ('a'), ==, 0);

  g_assert_true (iri_ucd_is_link_email ('a'));
  g_assert_false (iri_ucd_is_link_email ('@'));
  g_assert_false (iri_ucd_is_link_email (' '));
}

static void
test_link_term_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("uts58-17.0.0", "LinkTerm.txt");
  g_autofree guint8 *terms = NULL;

  if (lines == NULL)
    return;

  /* UTS #58: the @missing value of LinkTerm.txt is Hard. */
  terms = g_malloc (N_CODE_POINTS);
  memset (terms, IRI_LINK_TERM_HARD, N_CODE_POINTS);
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar first, last;

      g_assert_cmpuint (n_fields (f), ==, 2);
      parse_range (f[0], &first, &last);
      memset (terms + first, (int) link_term_from_name (f[1]), last - first + 1);
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (iri_ucd_get_link_term (c) != terms[c])
        g_test_message ("U+%04X: Link_Term differs", c);
      g_assert_cmpint (iri_ucd_get_link_term (c), ==, terms[c]);
    }
}

static void
test_link_bracket_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("uts58-17.0.0", "LinkBracket.txt");
  g_autofree gunichar *expected = NULL;

  if (lines == NULL)
    return;

  /* The file maps Close to Open; the API also answers Open to Close. */
  expected = g_new0 (gunichar, N_CODE_POINTS);
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      gunichar close, open;

      g_assert_cmpuint (n_fields (f), ==, 2);
      close = parse_code_point (f[0]);
      open = parse_code_point (f[1]);
      g_assert_cmpint (iri_ucd_get_link_term (close), ==, IRI_LINK_TERM_CLOSE);
      g_assert_cmpint (iri_ucd_get_link_term (open), ==, IRI_LINK_TERM_OPEN);
      expected[close] = open;
      expected[open] = close;
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    g_assert_cmpuint (iri_ucd_get_link_bracket (c), ==, expected[c]);
}

static void
test_link_email_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("uts58-17.0.0", "LinkEmail.txt");
  g_autofree guint8 *flags = NULL;

  if (lines == NULL)
    return;

  for (guint i = 0; i < lines->len; i++)
    g_assert_cmpuint (n_fields (lines->pdata[i]), ==, 1);

  flags = collect_flags (lines, NULL);
  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      if (iri_ucd_is_link_email (c) != flags[c])
        g_test_message ("U+%04X: Link_Email differs", c);
      g_assert_cmpint (iri_ucd_is_link_email (c), ==, flags[c]);
    }
}

/* The host characters of link detection, recomputed from the UTS #46
 * mapping table: ASCII letters, digits and "-"; beyond ASCII, valid,
 * mapped or deviation without NV8/XV8, and Link_Term Include. */
static void
test_link_label_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("idna-17.0.0", "IdnaMappingTable.txt");
  g_autofree guint8 *idna_ok = NULL;
  guint n_labels = 0;

  if (lines == NULL)
    return;

  idna_ok = g_malloc0 (N_CODE_POINTS);
  for (guint i = 0; i < lines->len; i++)
    {
      char **f = lines->pdata[i];
      const char *flag = n_fields (f) > 3 ? f[3] : "";
      gunichar first, last;

      g_assert_cmpuint (n_fields (f), >=, 2);
      parse_range (f[0], &first, &last);
      if ((strcmp (f[1], "valid") == 0 || strcmp (f[1], "mapped") == 0 ||
           strcmp (f[1], "deviation") == 0) && flag[0] == '\0')
        memset (idna_ok + first, 1, last - first + 1);
    }

  for (gunichar c = 0; c < N_CODE_POINTS; c++)
    {
      gboolean expected;

      if (c < 0x80)
        expected = g_ascii_isalnum (c) || c == '-';
      else
        expected = idna_ok[c] && iri_ucd_get_link_term (c) == IRI_LINK_TERM_INCLUDE;
      if (iri_ucd_is_link_label (c) != expected)
        g_test_message ("U+%04X: link label class differs", c);
      g_assert_cmpint (iri_ucd_is_link_label (c), ==, expected);
      n_labels += expected;
    }
  g_test_message ("%u host label characters", n_labels);
}

/* ------------------------------------------------------------------------ */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/ucd/versions", test_versions);

  for (gsize i = 0; i < G_N_ELEMENTS (name_cases); i++)
    g_test_add_data_func (name_cases[i].path, &name_cases[i], test_name_case);
  g_test_add_func ("/iri/ucd/name/unicode-data", test_name_unicode_data);

  g_test_add_func ("/iri/ucd/script-extensions/basic", test_script_extensions_basic);
  g_test_add_func ("/iri/ucd/script-extensions/data", test_script_extensions_data);

  g_test_add_func ("/iri/ucd/default-ignorable/basic", test_default_ignorable_basic);
  g_test_add_func ("/iri/ucd/default-ignorable/data", test_default_ignorable_data);

  g_test_add_func ("/iri/ucd/identifier/basic", test_identifier_basic);
  g_test_add_func ("/iri/ucd/identifier/status-data", test_identifier_status_data);
  g_test_add_func ("/iri/ucd/identifier/type-data", test_identifier_type_data);

  g_test_add_func ("/iri/ucd/confusable/basic", test_confusable_basic);
  g_test_add_func ("/iri/ucd/confusable/data", test_confusable_data);
  g_test_add_func ("/iri/ucd/intentional/basic", test_intentional_basic);
  g_test_add_func ("/iri/ucd/intentional/data", test_intentional_data);

  g_test_add_func ("/iri/ucd/link/basic", test_link_basic);
  g_test_add_func ("/iri/ucd/link/term-data", test_link_term_data);
  g_test_add_func ("/iri/ucd/link/bracket-data", test_link_bracket_data);
  g_test_add_func ("/iri/ucd/link/email-data", test_link_email_data);
  g_test_add_func ("/iri/ucd/link/label-data", test_link_label_data);

  return g_test_run ();
}
