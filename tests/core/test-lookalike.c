/* test-lookalike.c: whole-script confusables in every script, TLD
 * awareness and the extended skeleton for known hosts (issue 13, rule
 * families 4, 5 and 8)
 *
 * The tables of data/gen/gen-security-tables.py are checked against the
 * run-time skeleton (iri_skeleton()) and the IDNA code, and each family
 * gets a test set generated from those tables: for every script with
 * Latin-looking letters, labels made of them under a generic TLD and
 * under the script's own ccTLDs; for every language-bound letter, labels
 * under its TLDs and under others; for every character whose prototype
 * is a non-ASCII look-alike of an ASCII letter, a host that imitates a
 * known host with it.  Recall is reported with g_test_message() and held
 * to a floor; negatives must give nothing.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-idna-private.h"
#include "iri-lookalike-private.h"
#include "iri-safety-check-private.h"
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

/* --------------------------------------------------------------------- */
/* The rule families, on generated test sets                              */
/* --------------------------------------------------------------------- */

/* The severity of @code for @iri, IRI_SEVERITY_NONE if not reported. */
static IriSeverity
severity_of (IriAnalyzer *analyzer,
             const char  *iri,
             const char  *code)
{
  g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, iri, -1);
  IriDiagnostic *d = iri_test_find_diagnostic (analysis, code);

  if (d == NULL)
    return IRI_SEVERITY_NONE;
  /* Every finding names what it is about and says what to do. */
  g_assert_cmpstr (iri_diagnostic_get_message (d), !=, "");
  g_assert_nonnull (iri_diagnostic_get_hint (d));
  g_assert_nonnull (iri_diagnostic_get_spec (d));
  return iri_diagnostic_get_severity (d);
}

/* The Latin-looking characters of each script, from the table. */
static GHashTable *
chars_by_script (void)
{
  GHashTable *table = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);

  for (gsize i = 0; i < IRI_SEC_N_WHOLE_SCRIPT; i++)
    {
      const IriSecWholeScript *entry = &iri_sec_whole_script[i];
      GArray *chars = g_hash_table_lookup (table, GINT_TO_POINTER (entry->script));

      if (chars == NULL)
        {
          chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
          g_hash_table_insert (table, GINT_TO_POINTER (entry->script), chars);
        }
      g_array_append_val (chars, entry->c);
    }
  return table;
}

/* A label of three Latin-looking characters of one script, starting
 * with the @k-th. */
static char *
make_label (GArray *chars,
            guint   k)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < 3; i++)
    g_string_append_unichar (out, g_array_index (chars, gunichar, (k + i) % chars->len));
  return g_string_free (out, FALSE);
}

/* A letter of @script that has no Latin look-alike ("ж" for Cyrillic),
 * or 0. */
static gunichar
other_letter (GUnicodeScript script)
{
  for (gunichar c = 0x80; c < 0x20000; c++)
    {
      if (g_unichar_get_script (c) == script && g_unichar_islower (c) &&
          g_unichar_tolower (c) == c && iri_lookalike_get_reading (c, NULL) == NULL &&
          g_unichar_get_mirror_char (c, NULL) == FALSE &&
          iri_ucd_get_confusable (c) == NULL)
        return c;
    }
  for (gunichar c = 0x80; c < 0x20000; c++)
    {
      if (g_unichar_get_script (c) == script && g_unichar_type (c) == G_UNICODE_OTHER_LETTER &&
          iri_lookalike_get_reading (c, NULL) == NULL && iri_ucd_get_confusable (c) == NULL)
        return c;
    }
  return 0;
}

/* An ASCII TLD under which @script is native, or NULL. */
static const char *
native_ascii_tld (GUnicodeScript script)
{
  for (gsize i = 0; i < IRI_SEC_N_TLD_SCRIPTS; i++)
    {
      const IriSecTldScripts *entry = &iri_sec_tld_scripts[i];

      if (!g_str_is_ascii (entry->tld) || g_str_has_prefix (entry->tld, "xn--"))
        continue;
      for (guint k = 0; k < entry->n; k++)
        {
          if (iri_sec_tld_script_pool[entry->first + k] == script)
            return entry->tld;
        }
    }
  return NULL;
}

/* Family 4: for every script with Latin-looking letters, labels made of
 * them read as ASCII and are flagged under .com; a label with one more
 * letter of the script without a look-alike is not. */
static void
test_family_whole_script (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(GHashTable) table = chars_by_script ();
  GHashTableIter iter;
  gpointer key, value;
  guint n_cases = 0, n_found = 0, n_negative = 0, n_false = 0;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GUnicodeScript script = GPOINTER_TO_INT (key);
      GArray *chars = value;
      gunichar other = other_letter (script);
      guint found = 0;

      for (guint k = 0; k < chars->len; k++)
        {
          g_autofree char *label = make_label (chars, k);
          g_autofree char *iri = g_strdup_printf ("http://%s.com/", label);

          n_cases++;
          if (severity_of (analyzer, iri, "confusable-whole-script") == IRI_SEVERITY_WARNING)
            found++;
          else
            g_test_message ("missed: %s", iri);

          if (other != 0)
            {
              g_autofree char *negative = NULL;
              char buf[8] = { 0 };

              g_unichar_to_utf8 (other, buf);
              negative = g_strdup_printf ("http://%s%s.com/", label, buf);
              n_negative++;
              if (severity_of (analyzer, negative, "confusable-whole-script") != IRI_SEVERITY_NONE)
                {
                  g_test_message ("false positive: %s", negative);
                  n_false++;
                }
            }
        }
      g_test_message ("%s: %u/%u labels flagged under .com", iri_script_get_name (script),
                      found, chars->len);
      n_found += found;
    }

  g_test_message ("family 4 (whole-script): recall %u/%u = %.3f; %u negatives, %u false positives",
                  n_found, n_cases, (double) n_found / n_cases, n_negative, n_false);
  g_assert_cmpuint (n_cases, >=, 50);
  g_assert_cmpfloat ((double) n_found / n_cases, >=, 0.95);
  g_assert_cmpuint (n_negative, >=, 50);
  g_assert_cmpuint (n_false, ==, 0);
}

static gboolean
is_ascii_alnum_text (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p))
        return FALSE;
    }
  return TRUE;
}

/* Family 4 again, independently of the generated table: every character
 * of a script other than Latin whose run-time skeleton (iri_skeleton())
 * is ASCII letters and digits, in a label that libidn2 accepts under
 * UTS #46, must make that label a whole-script confusable under .com. */
static void
test_family_whole_script_independent (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  guint n_cases = 0, n_found = 0;

  for (gunichar c = 0x80; c < 0x30000; c++)
    {
      GUnicodeScript script = g_unichar_get_script (c);
      char buf[8] = { 0 };
      g_autofree char *skeleton = NULL;
      g_autofree char *lower = NULL;
      g_autofree char *host = NULL;
      g_autofree char *ascii = NULL;
      g_autofree char *iri = NULL;

      if (script == G_UNICODE_SCRIPT_LATIN || script == G_UNICODE_SCRIPT_COMMON ||
          script == G_UNICODE_SCRIPT_INHERITED || script == G_UNICODE_SCRIPT_UNKNOWN ||
          !g_unichar_isdefined (c))
        continue;
      g_unichar_to_utf8 (c, buf);
      skeleton = iri_skeleton (buf, -1);
      lower = g_ascii_strdown (skeleton, -1);
      if (!is_ascii_alnum_text (lower))
        continue;
      host = g_strdup_printf ("%s%s.com", buf, buf);
      ascii = iri_idna_to_ascii (host, strlen (host), IRI_HOST_MAPPING_UTS46, NULL);
      if (ascii == NULL)
        continue;
      n_cases++;
      iri = g_strdup_printf ("http://%s/", host);
      if (severity_of (analyzer, iri, "confusable-whole-script") == IRI_SEVERITY_WARNING)
        n_found++;
      else
        g_test_message ("missed: %s (U+%04X, reads %s)", iri, c, lower);
    }

  g_test_message ("family 4 (whole-script, from iri_skeleton() and libidn2): recall %u/%u = %.3f",
                  n_found, n_cases, (double) n_found / n_cases);
  g_assert_cmpuint (n_cases, >=, 50);
  g_assert_cmpfloat ((double) n_found / n_cases, >=, 0.95);
}

/* Family 5, scripts: every script with Latin-looking letters, under each
 * ASCII TLD where it is native (at most a note) and under generic TLDs
 * (a warning). */
static void
test_family_script_tld (void)
{
  static const char * const generic[] = { "com", "org", "net", "info", "app", "de" };
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(GHashTable) table = chars_by_script ();
  guint n_cases = 0, n_right = 0, n_native = 0, n_native_warned = 0, n_native_info = 0;

  for (gsize i = 0; i < IRI_SEC_N_TLD_SCRIPTS; i++)
    {
      const IriSecTldScripts *entry = &iri_sec_tld_scripts[i];

      if (!g_str_is_ascii (entry->tld) || g_str_has_prefix (entry->tld, "xn--"))
        continue;
      for (guint k = 0; k < entry->n; k++)
        {
          GArray *chars = g_hash_table_lookup (table, GINT_TO_POINTER (iri_sec_tld_script_pool[entry->first + k]));
          g_autofree char *label = NULL;
          g_autofree char *iri = NULL;

          if (chars == NULL)
            continue;
          label = make_label (chars, 0);
          iri = g_strdup_printf ("http://%s.%s/", label, entry->tld);
          n_native++;
          switch (severity_of (analyzer, iri, "confusable-whole-script"))
            {
            case IRI_SEVERITY_WARNING:
              g_test_message ("warned under its own TLD: %s", iri);
              n_native_warned++;
              break;
            case IRI_SEVERITY_INFO:
              n_native_info++;
              break;
            default:
              /* The reading is no registrable domain there (a
               * ccTLD with only second-level registrations). */
              break;
            }
        }
    }

  for (gsize i = 0; i < IRI_SEC_N_TLD_SCRIPTS; i++)
    {
      const IriSecTldScripts *entry = &iri_sec_tld_scripts[i];

      for (guint k = 0; k < entry->n; k++)
        {
          GUnicodeScript script = iri_sec_tld_script_pool[entry->first + k];
          GArray *chars = g_hash_table_lookup (table, GINT_TO_POINTER (script));

          /* Each script once, at its first TLD. */
          if (chars == NULL || g_strcmp0 (native_ascii_tld (script), entry->tld) != 0)
            continue;
          for (gsize g = 0; g < G_N_ELEMENTS (generic); g++)
            {
              g_autofree char *label = make_label (chars, g);
              g_autofree char *iri = g_strdup_printf ("http://%s.%s/", label, generic[g]);

              if (iri_lookalike_tld_is_native (generic[g], strlen (generic[g]), script))
                continue;
              n_cases++;
              if (severity_of (analyzer, iri, "confusable-whole-script") == IRI_SEVERITY_WARNING)
                n_right++;
              else
                g_test_message ("missed: %s", iri);
            }
        }
    }

  g_test_message ("family 5 (script TLDs): recall under generic TLDs %u/%u = %.3f; "
                  "%u labels under their own ccTLD: %u notes, %u warned",
                  n_right, n_cases, (double) n_right / n_cases, n_native, n_native_info,
                  n_native_warned);
  g_assert_cmpuint (n_cases + n_native, >=, 50);
  g_assert_cmpfloat ((double) n_right / n_cases, >=, 0.95);
  g_assert_cmpuint (n_native_warned, ==, 0);
}

/* Family 5, letters: each language-bound letter under its TLDs (nothing)
 * and under others (a warning). */
static void
test_family_language_tld (void)
{
  static const char * const others[] = {
    "com", "org", "net", "info", "app", "de", "fr", "ru", "us", "uk", "xn--p1ai",
  };
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  guint n_cases = 0, n_found = 0, n_negative = 0, n_false = 0;

  for (gsize i = 0; i < IRI_SEC_N_LANGUAGE_LETTERS; i++)
    {
      const IriLanguageLetter *letter = &iri_sec_language_letters[i];
      g_auto(GStrv) own = g_strsplit (letter->tlds + 1, " ", -1);

      for (guint k = 0; own[k] != NULL && own[k][0] != '\0'; k++)
        {
          g_autofree char *iri = g_strdup_printf ("http://a%sa.%s/", letter->sequence, own[k]);

          n_negative++;
          if (severity_of (analyzer, iri, "confusable-language-tld") != IRI_SEVERITY_NONE)
            {
              g_test_message ("false positive: %s", iri);
              n_false++;
            }
        }
      for (gsize k = 0; k < G_N_ELEMENTS (others); k++)
        {
          g_autofree char *iri = g_strdup_printf ("http://a%sa.%s/", letter->sequence, others[k]);

          n_cases++;
          if (severity_of (analyzer, iri, "confusable-language-tld") == IRI_SEVERITY_WARNING)
            n_found++;
          else
            g_test_message ("missed: %s", iri);
        }
      /* In a subdomain, chosen by the owner of the registrable domain. */
      {
        g_autofree char *iri = g_strdup_printf ("http://a%sa.example.com/", letter->sequence);

        n_negative++;
        if (severity_of (analyzer, iri, "confusable-language-tld") != IRI_SEVERITY_NONE)
          {
            g_test_message ("false positive: %s", iri);
            n_false++;
          }
      }
      /* The same letter in a path is not about hosts. */
      {
        g_autofree char *iri = g_strdup_printf ("http://example.com/a%sa", letter->sequence);

        n_negative++;
        if (severity_of (analyzer, iri, "confusable-language-tld") != IRI_SEVERITY_NONE)
          n_false++;
      }
    }

  g_test_message ("family 5 (language letters): recall %u/%u = %.3f; %u negatives, %u false positives",
                  n_found, n_cases, (double) n_found / n_cases, n_negative, n_false);
  g_assert_cmpuint (n_cases, >=, 40);
  g_assert_cmpuint (n_found, ==, n_cases);
  g_assert_cmpuint (n_false, ==, 0);
}

/* The host skeleton of one character as lib/iri compares hosts: the
 * UTS #39 skeleton, lower-cased, without Inherited nonspacing marks. */
static char *
char_host_skeleton (gunichar c)
{
  char buf[8] = { 0 };
  g_autofree char *skeleton = NULL;
  g_autofree char *lower = NULL;
  GString *out = g_string_new (NULL);

  g_unichar_to_utf8 (c, buf);
  skeleton = iri_skeleton (buf, -1);
  lower = g_utf8_strdown (skeleton, -1);
  for (const char *p = lower; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar d = g_utf8_get_char (p);

      if (d >= 0x300 && g_unichar_type (d) == G_UNICODE_NON_SPACING_MARK &&
          g_unichar_get_script (d) == G_UNICODE_SCRIPT_INHERITED)
        continue;
      g_string_append_unichar (out, d);
    }
  return g_string_free (out, FALSE);
}


/* Family 8: every lower-case letter whose host skeleton is not ASCII but
 * whose extended skeleton is, put into a host that otherwise spells a
 * known host, is reported as a look-alike of it. */
static void
test_family_extended_skeleton (void)
{
  g_autoptr(GPtrArray) known = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  g_autoptr(GPtrArray) readings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  guint n_found = 0, n_false = 0;

  for (gunichar c = 0x80; c < 0x20000; c++)
    {
      g_autofree char *skeleton = NULL;
      g_autofree char *extended = NULL;

      if (!g_unichar_isalpha (c) || g_unichar_tolower (c) != c)
        continue;
      skeleton = char_host_skeleton (c);
      if (is_ascii_alnum_text (skeleton))
        continue;
      extended = iri_lookalike_extend_skeleton (skeleton);
      if (!is_ascii_alnum_text (extended))
        continue;
      g_array_append_val (chars, c);
      if (!g_hash_table_contains (seen, extended))
        {
          g_hash_table_add (seen, extended);
          g_ptr_array_add (known, g_strdup_printf ("q%sz.com", extended));
        }
      g_ptr_array_add (readings, g_steal_pointer (&extended));
    }
  g_ptr_array_add (known, NULL);
  iri_analyzer_set_known_hosts (analyzer, (const char * const *) known->pdata);

  for (guint i = 0; i < chars->len; i++)
    {
      gunichar c = g_array_index (chars, gunichar, i);
      char buf[8] = { 0 };
      g_autofree char *iri = NULL;
      g_autofree char *negative = NULL;
      g_autoptr(IriAnalysis) analysis = NULL;
      IriDiagnostic *d;

      g_unichar_to_utf8 (c, buf);
      iri = g_strdup_printf ("http://q%sz.com/", buf);
      analysis = iri_analyzer_analyze (analyzer, iri, -1);
      d = iri_test_find_diagnostic (analysis, "confusable-known-host");
      if (d != NULL && iri_diagnostic_get_severity (d) == IRI_SEVERITY_WARNING)
        n_found++;
      else
        g_test_message ("missed: %s (q%sz.com)", iri, (char *) g_ptr_array_index (readings, i));

      /* A host that spells no known host. */
      negative = g_strdup_printf ("http://q%sy.com/", buf);
      if (severity_of (analyzer, negative, "confusable-known-host") != IRI_SEVERITY_NONE)
        {
          g_test_message ("false positive: %s", negative);
          n_false++;
        }
    }

  g_test_message ("family 8 (extended skeleton): recall %u/%u = %.3f over %u known hosts; "
                  "%u negatives, %u false positives",
                  n_found, chars->len, (double) n_found / chars->len, known->len - 1,
                  chars->len, n_false);
  g_assert_cmpuint (chars->len, >=, 50);
  g_assert_cmpfloat ((double) n_found / chars->len, >=, 0.95);
  g_assert_cmpuint (n_false, ==, 0);

  /* The examples of the issue, with the message of the extension. */
  {
    static const char * const hosts[] = { "kmart.com", "paypal.com", "token.org", "hotel.com", NULL };
    static const char * const spoofs[] = {
      "http://кмагт.com/", "http://раураl.com/", "http://ток\xD0\xB5n.org/", "http://нотеl.com/",
      "http://þaypal.com/", "http://тoken.org/", "http://hoŧel.com/",
    };
    g_autoptr(IriAnalyzer) brands = iri_analyzer_new ();

    iri_analyzer_set_known_hosts (brands, hosts);
    for (gsize i = 0; i < G_N_ELEMENTS (spoofs); i++)
      {
        g_test_message ("%s", spoofs[i]);
        g_assert_cmpint (severity_of (brands, spoofs[i], "confusable-known-host"), ==, IRI_SEVERITY_WARNING);
      }
    g_assert_cmpint (severity_of (brands, "http://kmart.com/", "confusable-known-host"), ==, IRI_SEVERITY_NONE);
    g_assert_cmpint (severity_of (brands, "http://ремонт.com/", "confusable-known-host"), ==, IRI_SEVERITY_NONE);
  }
}

/* The reading of a label remembers which characters' skeletons give
 * none: for every BMP character, in a label of its own and in one after
 * a digit, the reading found when that is first computed and the one
 * found once it is remembered agree.  Run before anything else reads a
 * label, so that the first reading of each character computes its
 * skeleton. */
static void
test_reading_remembered (void)
{
  guint n_readings = 0;

  for (gunichar c = 0x80; c <= 0xFFFF; c++)
    {
      char text[16] = "7";
      gsize n;

      if (c >= 0xD800 && c <= 0xDFFF)
        continue;
      n = g_unichar_to_utf8 (c, text + 1);
      text[n + 1] = '\0';
      for (guint k = 0; k < 2; k++)
        {
          HostLabel label = { .text = text + 1 - k, .decoded = TRUE };
          g_autofree char *first = iri_safety_label_reading (&label);
          g_autofree char *again = iri_safety_label_reading (&label);

          g_assert_cmpstr (again, ==, first);
          n_readings += first != NULL;
        }
    }
  /* Hundreds of characters read as ASCII: the test compares readings,
   * not only their absence. */
  g_assert_cmpuint (n_readings, >, 100);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/lookalike/reading/remembered", test_reading_remembered);
  g_test_add_func ("/iri/lookalike/table/whole-script", test_table_whole_script);
  g_test_add_func ("/iri/lookalike/table/extended", test_table_extended);
  g_test_add_func ("/iri/lookalike/table/tlds", test_table_tlds);
  g_test_add_func ("/iri/lookalike/table/language-letters", test_table_language_letters);
  g_test_add_func ("/iri/lookalike/family/whole-script", test_family_whole_script);
  g_test_add_func ("/iri/lookalike/family/whole-script-independent", test_family_whole_script_independent);
  g_test_add_func ("/iri/lookalike/family/script-tld", test_family_script_tld);
  g_test_add_func ("/iri/lookalike/family/language-tld", test_family_language_tld);
  g_test_add_func ("/iri/lookalike/family/extended-skeleton", test_family_extended_skeleton);

  return g_test_run ();
}
