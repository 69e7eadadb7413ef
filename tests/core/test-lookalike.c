/* test-lookalike.c: whole-script confusables in every script, TLD
 * awareness and the extended skeleton for known hosts (issue 13, rule
 * families 4, 5 and 8)
 *
 * The tables of data/gen/gen-security-tables.py are checked against the
 * run-time skeleton (iri_skeleton()) and the IDNA code.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-idna-private.h"
#include "iri-lookalike-private.h"
#include "iri-security-tables.h"
#include "iri-ucd-private.h"
#include "iri-test-util.h"

/* --------------------------------------------------------------------- */
/* The tables                                                             */
/* --------------------------------------------------------------------- */

/* Every whole-script entry is what the run-time skeleton says: the
 * skeleton of the character, lower-cased, is its reading, and the
 * script is GLib's. */
static void
test_table_whole_script (void)
{
  g_autoptr(GHashTable) scripts = g_hash_table_new (NULL, NULL);
  static const GUnicodeScript expected[] = {
    G_UNICODE_SCRIPT_CYRILLIC, G_UNICODE_SCRIPT_GREEK, G_UNICODE_SCRIPT_ARMENIAN,
    G_UNICODE_SCRIPT_GEORGIAN, G_UNICODE_SCRIPT_ETHIOPIC, G_UNICODE_SCRIPT_HEBREW,
    G_UNICODE_SCRIPT_THAI, G_UNICODE_SCRIPT_LAO, G_UNICODE_SCRIPT_MALAYALAM,
    G_UNICODE_SCRIPT_CHEROKEE, G_UNICODE_SCRIPT_ARABIC,
  };

  for (gsize i = 0; i < IRI_SEC_N_WHOLE_SCRIPT; i++)
    {
      const IriSecWholeScript *entry = &iri_sec_whole_script[i];
      char utf8[8] = { 0 };
      g_autofree char *skeleton = NULL;
      g_autofree char *lower = NULL;
      GUnicodeScript script;

      g_unichar_to_utf8 (entry->c, utf8);
      skeleton = iri_skeleton (utf8, -1);
      lower = g_ascii_strdown (skeleton, -1);
      g_assert_cmpstr (lower, ==, entry->reading);
      g_assert_cmpint (g_unichar_get_script (entry->c), ==, entry->script);
      g_assert_cmpstr (iri_lookalike_get_reading (entry->c, &script), ==, entry->reading);
      g_assert_cmpint (script, ==, entry->script);
      if (i > 0)
        g_assert_cmpuint (iri_sec_whole_script[i - 1].c, <, entry->c);
      g_hash_table_add (scripts, GINT_TO_POINTER (entry->script));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_true (g_hash_table_contains (scripts, GINT_TO_POINTER (expected[i])));
  g_test_message ("%u characters of %u scripts read as ASCII",
                  IRI_SEC_N_WHOLE_SCRIPT, g_hash_table_size (scripts));

  /* Not in the table: ASCII, Latin, letters with a diacritic, letters
   * without a Latin look-alike. */
  g_assert_null (iri_lookalike_get_reading ('a', NULL));
  g_assert_null (iri_lookalike_get_reading (0x00E9, NULL));  /* é */
  g_assert_null (iri_lookalike_get_reading (0x04D1, NULL));  /* ӑ */
  g_assert_null (iri_lookalike_get_reading (0x0436, NULL));  /* ж */
  g_assert_null (iri_lookalike_get_reading (0x03BB, NULL));  /* λ */
}

/* The extended map only holds characters that stay in a skeleton (they
 * have no prototype), and it turns the prototypes of Cyrillic к, м, н, т,
 * ь and the letters ŋ, þ into ASCII. */
static void
test_table_extended (void)
{
  static const struct {
    const char *text;
    const char *expected;
  } cases[] = {
    { "кмнть", "krnhtb" },
    { "ŋ", "n" },
    { "þ", "p" },
    { "κτ", "kt" },
    { "п", "n" },
  };

  for (gsize i = 0; i < IRI_SEC_N_EXTENDED; i++)
    {
      const IriSecExtended *entry = &iri_sec_extended[i];

      g_assert_null (iri_ucd_get_confusable (entry->c));
      g_assert_true (entry->skeleton[0] != '\0' && g_str_is_ascii (entry->skeleton));
      g_assert_cmpstr (iri_lookalike_get_extended (entry->c), ==, entry->skeleton);
      if (i > 0)
        g_assert_cmpuint (iri_sec_extended[i - 1].c, <, entry->c);
    }
  g_assert_null (iri_lookalike_get_extended ('k'));
  g_assert_null (iri_lookalike_get_extended (0x0436));  /* ж */

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *skeleton = iri_skeleton (cases[i].text, -1);
      g_autofree char *lower = g_utf8_strdown (skeleton, -1);
      g_autofree char *plain = g_strdup (lower);
      g_autofree char *extended = iri_lookalike_extend_skeleton (lower);

      g_test_message ("%s: skeleton %s, extended %s", cases[i].text, plain, extended);
      /* The plain skeleton is not ASCII: the extension is what matches. */
      g_assert_false (g_str_is_ascii (plain));
      g_assert_cmpstr (extended, ==, cases[i].expected);
    }
}

/* Each IDN TLD is in the table in both forms, with the same scripts, and
 * the ASCII ccTLDs give their countries' scripts. */
static void
test_table_tlds (void)
{
  guint n_idn = 0;

  for (gsize i = 0; i < IRI_SEC_N_TLD_SCRIPTS; i++)
    {
      const IriSecTldScripts *entry = &iri_sec_tld_scripts[i];
      const GUnicodeScript *scripts = NULL;
      g_autofree char *unicode = NULL;

      if (i > 0)
        g_assert_cmpint (strcmp (iri_sec_tld_scripts[i - 1].tld, entry->tld), <, 0);
      g_assert_cmpuint (iri_lookalike_tld_scripts (entry->tld, strlen (entry->tld), &scripts), ==, entry->n);
      if (!g_str_has_prefix (entry->tld, "xn--"))
        continue;
      n_idn++;
      unicode = iri_idna_to_unicode (entry->tld, strlen (entry->tld), NULL, 0, 0);
      g_assert_nonnull (unicode);
      g_assert_cmpuint (iri_lookalike_tld_scripts (unicode, strlen (unicode), &scripts), ==, entry->n);
      for (guint k = 0; k < entry->n; k++)
        g_assert_cmpint (scripts[k], ==, iri_sec_tld_script_pool[entry->first + k]);
    }
  g_test_message ("%u TLD forms, %u IDN ccTLDs", IRI_SEC_N_TLD_SCRIPTS, n_idn);
  g_assert_cmpuint (n_idn, >=, 50);

  g_assert_true (iri_lookalike_tld_is_native ("ru", 2, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_true (iri_lookalike_tld_is_native ("рф", strlen ("рф"), G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_true (iri_lookalike_tld_is_native ("xn--p1ai", 8, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_true (iri_lookalike_tld_is_native ("gr", 2, G_UNICODE_SCRIPT_GREEK));
  g_assert_true (iri_lookalike_tld_is_native ("am", 2, G_UNICODE_SCRIPT_ARMENIAN));
  g_assert_true (iri_lookalike_tld_is_native ("il", 2, G_UNICODE_SCRIPT_HEBREW));
  g_assert_true (iri_lookalike_tld_is_native ("th", 2, G_UNICODE_SCRIPT_THAI));
  g_assert_false (iri_lookalike_tld_is_native ("gr", 2, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_false (iri_lookalike_tld_is_native ("com", 3, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_false (iri_lookalike_tld_is_native ("r", 1, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_false (iri_lookalike_tld_is_native ("rux", 3, G_UNICODE_SCRIPT_CYRILLIC));
  g_assert_false (iri_lookalike_tld_is_native ("", 0, G_UNICODE_SCRIPT_CYRILLIC));
}

static void
test_table_language_letters (void)
{
  static const struct {
    const char *label;
    const char *tld;
    int         start;  /* -1: nothing */
    int         end;
  } cases[] = {
    { "þing", "com", 0, 2 },
    { "þing", "is", -1, -1 },
    { "ðú", "fo", -1, -1 },
    { "aðal", "de", 1, 3 },
    { "bakı", "com", -1, -1 },
    { "həyat", "az", -1, -1 },
    { "həyat", "org", 1, 3 },
    { "col·legi", "cat", -1, -1 },
    { "col·legi", "com", 2, 6 },
    { "col·legi", "xn--p1ai", 2, 6 },
    { "example", "com", -1, -1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize start = 0, end = 0;
      const IriLanguageLetter *letter =
        iri_lookalike_find_language_letter (cases[i].label, strlen (cases[i].label),
                                            cases[i].tld, strlen (cases[i].tld),
                                            &start, &end);

      g_test_message ("%s.%s", cases[i].label, cases[i].tld);
      if (cases[i].start < 0)
        {
          g_assert_null (letter);
          continue;
        }
      g_assert_nonnull (letter);
      g_assert_cmpuint (start, ==, (gsize) cases[i].start);
      g_assert_cmpuint (end, ==, (gsize) cases[i].end);
    }
}

static void
test_host_tld (void)
{
  gsize length = 0;
  const char *tld;

  tld = iri_lookalike_host_tld ("www.example.com.", 16, &length);
  g_assert_nonnull (tld);
  g_assert_cmpmem (tld, length, "com", 3);
  tld = iri_lookalike_host_tld ("localhost", 9, &length);
  g_assert_cmpmem (tld, length, "localhost", 9);
  g_assert_null (iri_lookalike_host_tld ("..", 2, &length));
  g_assert_null (iri_lookalike_host_tld ("", 0, &length));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/lookalike/table/whole-script", test_table_whole_script);
  g_test_add_func ("/iri/lookalike/table/extended", test_table_extended);
  g_test_add_func ("/iri/lookalike/table/tlds", test_table_tlds);
  g_test_add_func ("/iri/lookalike/table/language-letters", test_table_language_letters);
  g_test_add_func ("/iri/lookalike/host-tld", test_host_tld);

  return g_test_run ();
}
