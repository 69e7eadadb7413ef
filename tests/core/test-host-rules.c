/* test-host-rules.c: the browser IDN rule families for host labels
 *
 * Each rule of lib/iri/iri-safety-host-rules.c has hand-picked positive
 * and negative cases, and a set generated from the Unicode data vendored
 * under data/unicode/ (read from IRI_TEST_UCD_DIR; the generated sets are
 * skipped without it): the characters are chosen for what confusables.txt,
 * Scripts.txt, UnicodeData.txt and IdnaMappingTable.txt say about them,
 * and the recall of each rule on its set is printed and held to a floor.
 * The end-to-end cases check that the analysis reports the findings with
 * their codes, spans and specs, and nothing twice.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-safety-host-rules-private.h"
#include "iri-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

typedef struct {
  guint  mask;        /* 1 << IriHostRule of every finding */
  guint  n;
  gsize  start[IRI_HOST_RULE_N];
  gsize  end[IRI_HOST_RULE_N];
  char  *message[IRI_HOST_RULE_N];
} Found;

static void
collect (IriHostRuleFinding *finding,
         gpointer            user_data)
{
  Found *found = user_data;

  g_assert_cmpuint (finding->rule, <, IRI_HOST_RULE_N);
  g_assert_nonnull (finding->message);
  g_assert_nonnull (finding->hint);
  g_assert_cmpuint (finding->start, <, finding->end);
  if ((found->mask & (1u << finding->rule)) == 0)
    {
      found->start[finding->rule] = finding->start;
      found->end[finding->rule] = finding->end;
      found->message[finding->rule] = g_steal_pointer (&finding->message);
    }
  found->mask |= 1u << finding->rule;
  found->n++;
}

static void
found_clear (Found *found)
{
  for (guint i = 0; i < IRI_HOST_RULE_N; i++)
    g_free (found->message[i]);
}

static void
describe_cb (IriHostRuleFinding *finding,
             gpointer            user_data)
{
  g_string_append_printf (user_data, "%s [%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT "): %s (%s)\n",
                          iri_host_rule_get_code (finding->rule), finding->start, finding->end,
                          finding->message, finding->hint);
}

/* iri_host_rules_check_label() runs only the rule families that can
 * report something (may_report() in iri-safety-host-rules.c): it must
 * report exactly what running all of them does, in the same order. */
static void
assert_skipping_agrees (const IriHostLabelInput *input)
{
  g_autoptr(GString) some = g_string_new (NULL);
  g_autoptr(GString) all = g_string_new (NULL);

  iri_host_rules_check_label (input, describe_cb, some);
  iri_host_rules_check_label_all (input, describe_cb, all);
  g_assert_cmpstr (some->str, ==, all->str);
}

/* The rules that @label (UTF-8) breaks under @tld. */
static guint
check_label_full (const char *label,
                  const char *tld,
                  Found      *found)
{
  glong n = 0;
  g_autofree gunichar *chars = g_utf8_to_ucs4 (label, -1, NULL, &n, NULL);
  IriHostLabelInput input = { chars, (gsize) n, tld, NULL, NULL };

  g_assert_nonnull (chars);
  memset (found, 0, sizeof *found);
  g_assert_cmpuint (iri_host_rules_check_label (&input, collect, found), ==, found->n);
  assert_skipping_agrees (&input);
  return found->mask;
}

/* The families skipped for a label (may_report()) against all of them,
 * for every character of the BMP alone and in the contexts the rules
 * look at: between ASCII digits, after a dotless or soft-dotted letter,
 * next to Latin, kana and Han, with and without a TLD. */
static void
test_skipping (void)
{
  static const gunichar contexts[][3] = {
    { 0, 0, 0 }, { '1', 0, '2' }, { 0x0131, 0, 0 }, { 'i', 0, 0 }, { 0x0456, 0, 'a' },
    { 'a', 0, 'b' }, { 0x30AB, 0, 0x30FC }, { 0x4E2D, 0, 0x3078 }, { 0x00E9, 0, 0x4E00 },
  };
  static const char * const tlds[] = { NULL, "jp", "ru" };

  for (gunichar c = 0x80; c <= 0xFFFF; c++)
    {
      if (c >= 0xD800 && c <= 0xDFFF)
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (contexts); k++)
        {
          gunichar chars[3];
          gsize n = 0;
          IriHostLabelInput input = { chars, 0, tlds[(c + k) % G_N_ELEMENTS (tlds)], NULL, NULL };

          if (contexts[k][0] != 0)
            chars[n++] = contexts[k][0];
          chars[n++] = c;
          if (contexts[k][2] != 0)
            chars[n++] = contexts[k][2];
          input.n_chars = n;
          assert_skipping_agrees (&input);
        }
    }
}

/* may_report() takes the characters that GLib can give the scripts of
 * check_latin_cjk() to be U+02EA, U+02EB and those from U+1100. */
static void
test_cjk_scripts_below_jamo (void)
{
  for (gunichar c = 0x80; c < 0x1100; c++)
    {
      GUnicodeScript script = g_unichar_get_script (c);
      gboolean cjk = script == G_UNICODE_SCRIPT_HAN || script == G_UNICODE_SCRIPT_HANGUL ||
                     script == G_UNICODE_SCRIPT_HIRAGANA || script == G_UNICODE_SCRIPT_KATAKANA ||
                     script == G_UNICODE_SCRIPT_BOPOMOFO;

      if (cjk)
        g_assert_true (c == 0x02EA || c == 0x02EB);
    }
}

static guint
check_label (const char *label,
             const char *tld)
{
  Found found;
  guint mask = check_label_full (label, tld, &found);

  found_clear (&found);
  return mask;
}

#define RULE(r) (1u << (r))

typedef struct {
  const char *label;
  const char *tld;
  IriHostRule rule;
  gboolean    expected;
} LabelCase;

static void
run_label_cases (const LabelCase *cases,
                 gsize            n)
{
  for (gsize i = 0; i < n; i++)
    {
      guint mask = check_label (cases[i].label, cases[i].tld);

      g_test_message ("%s %s.%s: %#x", iri_host_rule_get_code (cases[i].rule), cases[i].label,
                      cases[i].tld != NULL ? cases[i].tld : "", mask);
      if (cases[i].expected)
        g_assert_true (mask & RULE (cases[i].rule));
      else
        g_assert_false (mask & RULE (cases[i].rule));
    }
}

/* A Unicode data file of IRI_TEST_UCD_DIR as a map from code point to
 * field @field (ranges expanded), or NULL after skipping the test. */
static GHashTable *
load_property (const char *subdir,
               const char *file,
               guint       field)
{
  const char *dir = g_getenv ("IRI_TEST_UCD_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *map;

  if (dir == NULL)
    {
      g_test_skip ("IRI_TEST_UCD_DIR is not set");
      return NULL;
    }
  path = g_build_filename (dir, subdir, file, NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  map = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  lines = g_strsplit (contents, "\n", -1);
  for (gsize i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_auto(GStrv) fields = NULL;
      char *dots;
      gunichar first, last;

      if (hash != NULL)
        *hash = '\0';
      fields = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (fields) <= field)
        continue;
      for (gsize k = 0; fields[k] != NULL; k++)
        g_strstrip (fields[k]);
      first = strtoul (fields[0], &dots, 16);
      last = g_str_has_prefix (dots, "..") ? strtoul (dots + 2, NULL, 16) : first;
      for (gunichar c = first; c <= last; c++)
        g_hash_table_insert (map, GUINT_TO_POINTER (c), g_strdup (fields[field]));
    }
  g_assert_cmpuint (g_hash_table_size (map), >, 0);
  return map;
}

static const char *
property (GHashTable *map,
          gunichar    c)
{
  return g_hash_table_lookup (map, GUINT_TO_POINTER (c));
}

/* IDNA keeps @c as it is (status valid, or deviation), so it can be in
 * the Unicode form of a host label. */
static gboolean
idna_valid (GHashTable *idna,
            gunichar    c)
{
  const char *status = property (idna, c);

  return status != NULL && (g_str_equal (status, "valid") || g_str_equal (status, "deviation"));
}

static char *
utf8_of (const gunichar *chars,
         gsize           n)
{
  return g_ucs4_to_utf8 (chars, n, NULL, NULL, NULL);
}

/* The same label in an IRI, through the whole analysis: whether the
 * host gets a warning or an error of any code (what a user sees), and
 * whether it gets one from a check older than these rules (what they
 * add is the difference). */
static guint analysis_total, analysis_flagged, analysis_older;

static gboolean
is_host_rule_code (const char *code)
{
  for (IriHostRule r = 0; r < IRI_HOST_RULE_N; r++)
    {
      if (g_str_equal (code, iri_host_rule_get_code (r)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
positive (const char  *label,
          const char  *tld,
          IriHostRule  rule)
{
  static IriAnalyzer *analyzer;
  g_autofree char *iri = g_strdup_printf ("http://%s.%s/", label, tld);
  g_autoptr(IriAnalysis) analysis = NULL;
  gboolean flagged = FALSE, older = FALSE;

  if (analyzer == NULL)
    analyzer = iri_analyzer_new ();
  analysis = iri_analyzer_analyze (analyzer, iri, -1);
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      IriComponent component = iri_diagnostic_get_component (d);

      if (iri_diagnostic_get_severity (d) < IRI_SEVERITY_WARNING ||
          (component != IRI_COMPONENT_HOST_LABEL && component != IRI_COMPONENT_HOST))
        continue;
      flagged = TRUE;
      older |= !is_host_rule_code (iri_diagnostic_get_code (d));
    }
  analysis_total++;
  analysis_flagged += flagged;
  analysis_older += older;
  return (check_label (label, tld) & RULE (rule)) != 0;
}

static void
report_recall (const char *family,
               guint       found,
               guint       total,
               double      floor)
{
  double recall = total > 0 ? (double) found / total : 0.0;

  g_test_message ("RECALL %s: %u of %u (%.1f %%)", family, found, total, 100.0 * recall);
  if (analysis_total > 0)
    g_test_message ("RECALL %s, whole analysis: %u of %u hosts get a warning, "
                    "%u of them from older checks too", family, analysis_flagged, analysis_total,
                    analysis_older);
  analysis_total = analysis_flagged = analysis_older = 0;
  g_assert_cmpuint (total, >=, 20);
  g_assert_cmpfloat (recall, >=, floor);
}

/* ------------------------------------------------------------------ */
/* 1. Digit look-alikes                                                */
/* ------------------------------------------------------------------ */

static void
test_digit_cases (void)
{
  static const LabelCase cases[] = {
    /* б, з (its capital З has the prototype 3), Bengali ৪ (prototype 8). */
    { "\xD0\xB7\xD0\xB1", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    { "20\xD0\xB1", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    { "\xE0\xA7\xAA\xE0\xA7\xAA", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    { "1-\xD0\xB7", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    /* Arabic-Indic one (prototype l) among ASCII digits. */
    { "2\xD9\xA1" "3", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    { "\xD9\xA1\xD9\xA1\xD9\xA1", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    /* Under a TLD of the digits' own script: that script's number. */
    { "\xD9\xA1\xD9\xA1\xD9\xA1", "\xD9\x85\xD8\xB5\xD8\xB1", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    /* Between ASCII digits in a label with letters: з reads 3. */
    { "\xD0\xBC\xD0\xB0\xD0\xB3" "2\xD0\xB7" "4", "ru", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    { "shop1\xE0\xA7\xAA" "2", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    /* Under the ASCII ccTLD of a country that writes the script (the
     * analysis knows them; the rule alone does not). */
    { "\xD0\xB7\xD0\xBE\xD0\xBE", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, TRUE },
    /* Negatives: a letter that does not look like a digit; Arabic
     * digits that do not look like ASCII ones; words. */
    { "\xD0\xB0\xD0\xB2\xD1\x82\xD0\xBE" "24", "ru", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    { "\xD0\xBA\xD0\xBB\xD1\x83\xD0\xB1" "1", "ru", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    { "\xD9\xA1\xD9\xA2\xD9\xA3", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    { "\xD0\xB7\xD0\xBE\xD0\xBD\xD0\xB0", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    { "m\xC3\xBCnchen", "de", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
    /* A compatibility digit is the digit itself after IDNA. */
    { "\xF0\x9D\x9F\x90\xF0\x9D\x9F\x90", "com", IRI_HOST_RULE_DIGIT_LOOKALIKE, FALSE },
  };
  Found found;

  run_label_cases (cases, G_N_ELEMENTS (cases));

  g_assert_cmpuint (iri_host_rules_digit_lookalike (0x0431), ==, '6');
  g_assert_cmpuint (iri_host_rules_digit_lookalike (0x0437), ==, '3');
  g_assert_cmpuint (iri_host_rules_digit_lookalike (0x09EA), ==, '8');
  g_assert_cmpuint (iri_host_rules_digit_lookalike ('8'), ==, 0);
  g_assert_cmpuint (iri_host_rules_digit_lookalike (0x0430), ==, 0);

  /* The message gives the number the label reads as. */
  check_label_full ("20\xD0\xB1", "com", &found);
  g_assert_nonnull (strstr (found.message[IRI_HOST_RULE_DIGIT_LOOKALIKE], "“206”"));
  g_assert_nonnull (strstr (found.message[IRI_HOST_RULE_DIGIT_LOOKALIKE], "U+0431 CYRILLIC SMALL LETTER BE"));
  found_clear (&found);
}

/* Every character that confusables.txt maps to an ASCII digit (or to
 * "O" or "l", the prototypes of 0 and 1, for decimal digits), taken in
 * lower case as IDNA does and kept when IDNA leaves it as it is: alone,
 * doubled, and among ASCII digits. */
static void
test_digit_data (void)
{
  g_autoptr(GHashTable) confusables = load_property ("security-15.0.0", "confusables.txt", 1);
  g_autoptr(GHashTable) general = load_property ("15.0.0", "UnicodeData.txt", 2);
  g_autoptr(GHashTable) idna = load_property ("idna-17.0.0", "IdnaMappingTable.txt", 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer key, value;
  guint total = 0, found = 0;

  if (confusables == NULL || general == NULL || idna == NULL)
    return;

  g_hash_table_iter_init (&iter, confusables);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gunichar c = g_unichar_tolower (GPOINTER_TO_UINT (key));
      const char *proto = value;
      const char *gc = property (general, GPOINTER_TO_UINT (key));
      gboolean digit = strlen (proto) == 4 && g_str_has_prefix (proto, "003") &&
                       proto[3] >= '2' && proto[3] <= '9';
      gboolean zero_or_one = gc != NULL && g_str_equal (gc, "Nd") &&
                             (g_str_equal (proto, "004F") || g_str_equal (proto, "006F") ||
                              g_str_equal (proto, "006C"));

      if ((!digit && !zero_or_one) || c < 0x80 || !idna_valid (idna, c) ||
          g_hash_table_contains (seen, GUINT_TO_POINTER (c)))
        continue;
      g_hash_table_add (seen, GUINT_TO_POINTER (c));

      {
        gunichar forms[][3] = { { c, 0, 0 }, { c, c, 0 }, { '1', c, '9' } };
        gsize lengths[] = { 1, 2, 3 };

        for (gsize k = 0; k < G_N_ELEMENTS (forms); k++)
          {
            g_autofree char *label = utf8_of (forms[k], lengths[k]);

            total++;
            if (positive (label, "com", IRI_HOST_RULE_DIGIT_LOOKALIKE))
              found++;
            else
              g_test_message ("missed: %s (U+%04X)", label, c);
          }
      }
    }
  report_recall ("digit look-alikes", found, total, 0.95);
}

/* ------------------------------------------------------------------ */
/* 2. CJK look-alikes                                                  */
/* ------------------------------------------------------------------ */

static void
test_cjk_cases (void)
{
  static const LabelCase cases[] = {
    { "g\xE3\x80\x87\xE3\x80\x87gle", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },    /* 〇〇 */
    { "abc\xE4\xB8\x80" "def", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },           /* 一 */
    { "paypal\xE4\xB8\x80\xE6\x9D\xB1\xE4\xBA\xAC", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },
    { "\xE3\x84\x88" "afe", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },              /* ㄈ */
    { "app\xE4\xB8\xA8" "e", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },             /* 丨 */
    { "g\xE5\x8F\xA3\xE5\x8F\xA3gle", "com", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },    /* 口口 */
    { "a\xE3\x84\xA7" "b", "tw", IRI_HOST_RULE_CJK_LOOKALIKE, TRUE },                /* ㄧ */
    /* Negatives: among CJK characters, or a letter look-alike in a label
     * that shows other CJK characters. */
    { "\xE4\xB8\x80\xE4\xBC\x91", "com", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE },       /* 一休 */
    { "\xE5\x8F\xA3\xE3\x82\xB3\xE3\x83\x9F", "jp", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE }, /* 口コミ */
    { "e\xE5\x8F\xA3\xE5\xBA\xA7", "jp", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE },       /* e口座 */
    { "\xE3\x80\x87\xE3\x80\x87\xE5\xB1\x8B", "jp", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE }, /* 〇〇屋 */
    { "\xE4\xB8\xAD\xE6\x96\x87" "abc", "cn", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE },  /* 中文abc */
    { "\xE3\x84\x85\xE3\x84\x86\xE3\x84\x87", "tw", IRI_HOST_RULE_CJK_LOOKALIKE, FALSE }, /* ㄅㄆㄇ */
  };
  gboolean separator = FALSE;
  Found found;

  run_label_cases (cases, G_N_ELEMENTS (cases));

  g_assert_cmpstr (iri_host_rules_cjk_lookalike (0x4E00, &separator), ==, "-");
  g_assert_true (separator);
  g_assert_cmpstr (iri_host_rules_cjk_lookalike (0x3007, &separator), ==, "o");
  g_assert_false (separator);
  g_assert_null (iri_host_rules_cjk_lookalike (0x6771, NULL));   /* 東 */
  g_assert_null (iri_host_rules_cjk_lookalike ('o', NULL));

  check_label_full ("g\xE3\x80\x87\xE3\x80\x87gle", "com", &found);
  g_assert_nonnull (strstr (found.message[IRI_HOST_RULE_CJK_LOOKALIKE], "“google”"));
  g_assert_cmpuint (found.start[IRI_HOST_RULE_CJK_LOOKALIKE], ==, 1);
  g_assert_cmpuint (found.end[IRI_HOST_RULE_CJK_LOOKALIKE], ==, 3);
  found_clear (&found);
}

/* Every Han, Bopomofo and kana character whose confusables.txt prototype
 * is one ASCII letter, digit or separator must be known as a look-alike;
 * then every look-alike (these and the supplement, found by scanning the
 * CJK blocks of Scripts.txt) in five contexts of Latin letters and
 * digits. */
static void
test_cjk_data (void)
{
  g_autoptr(GHashTable) confusables = load_property ("security-15.0.0", "confusables.txt", 1);
  g_autoptr(GHashTable) scripts = load_property ("15.0.0", "Scripts.txt", 1);
  g_autoptr(GArray) lookalikes = g_array_new (FALSE, FALSE, sizeof (gunichar));
  GHashTableIter iter;
  gpointer key, value;
  guint total = 0, found = 0, in_data = 0;

  if (confusables == NULL || scripts == NULL)
    return;

  g_hash_table_iter_init (&iter, confusables);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gunichar c = GPOINTER_TO_UINT (key);
      const char *script = property (scripts, c);
      const char *proto = value;
      gunichar p = strtoul (proto, NULL, 16);

      if (script == NULL || strchr (proto, ' ') != NULL || p >= 0x80 ||
          !(g_ascii_isalnum (p) || strchr ("-/\\.", p) != NULL) ||
          !(g_str_equal (script, "Han") || g_str_equal (script, "Bopomofo") ||
            g_str_equal (script, "Hiragana") || g_str_equal (script, "Katakana")) ||
          (g_unichar_type (c) != G_UNICODE_OTHER_LETTER && g_unichar_type (c) != G_UNICODE_LETTER_NUMBER))
        continue;
      in_data++;
      g_test_message ("confusables.txt: U+%04X → %c", c, p);
      g_assert_nonnull (iri_host_rules_cjk_lookalike (c, NULL));
    }
  g_assert_cmpuint (in_data, >=, 4);

  g_hash_table_iter_init (&iter, scripts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gunichar c = GPOINTER_TO_UINT (key);

      if ((g_str_equal (value, "Han") || g_str_equal (value, "Bopomofo")) &&
          iri_host_rules_cjk_lookalike (c, NULL) != NULL)
        g_array_append_val (lookalikes, c);
    }

  for (guint i = 0; i < lookalikes->len; i++)
    {
      gunichar c = g_array_index (lookalikes, gunichar, i);
      gunichar contexts[][5] = {
        { 'a', 'b', c, 'c', 'd' },
        { c, 'a', 'b', 'c', 0 },
        { 'a', 'b', 'c', c, 0 },
        { '1', c, '2', 0, 0 },
        { 'x', c, c, 'y', 0 },
      };

      for (gsize k = 0; k < G_N_ELEMENTS (contexts); k++)
        {
          gsize n = 0;
          g_autofree char *label = NULL;

          while (n < 5 && contexts[k][n] != 0)
            n++;
          label = utf8_of (contexts[k], n);
          total++;
          if (positive (label, "com", IRI_HOST_RULE_CJK_LOOKALIKE))
            found++;
          else
            g_test_message ("missed: %s", label);
        }
    }
  report_recall ("CJK look-alikes", found, total, 0.95);
}

/* ------------------------------------------------------------------ */
/* 3. Japanese                                                          */
/* ------------------------------------------------------------------ */

static void
test_kana_cases (void)
{
  static const LabelCase cases[] = {
    /* ー after a Latin letter, at the start, after Han. */
    { "abc\xE3\x83\xBC" "def", "jp", IRI_HOST_RULE_KANA, TRUE },
    { "\xE3\x83\xBC\xE6\x97\xA5\xE6\x9C\xAC", "jp", IRI_HOST_RULE_KANA, TRUE },
    { "\xE6\x97\xA5\xE6\x9C\xAC\xE3\x83\xBC\xE9\x87\x8E\xE7\x90\x83", "jp", IRI_HOST_RULE_KANA, TRUE },
    /* ・ next to Latin; alone among Latin letters. */
    { "abc\xE3\x83\xBB" "def", "jp", IRI_HOST_RULE_KANA, TRUE },
    { "\xE6\x97\xA5\xE6\x9C\xAC\xE3\x83\xBB" "abc", "jp", IRI_HOST_RULE_KANA, TRUE },
    /* Iteration marks after the wrong script. */
    { "a\xE3\x80\x85", "jp", IRI_HOST_RULE_KANA, TRUE },                         /* a々 */
    { "\xE3\x81\x82\xE3\x83\xBD", "jp", IRI_HOST_RULE_KANA, TRUE },              /* あヽ */
    { "\xE3\x82\xA2\xE3\x82\x9D", "jp", IRI_HOST_RULE_KANA, TRUE },              /* アゝ */
    /* Hiragana へ in a Katakana word, Katakana ベ in a Hiragana one. */
    { "\xE3\x81\xB8\xE3\x83\xAB\xE3\x83\x97", "jp", IRI_HOST_RULE_KANA, TRUE },  /* へルプ */
    { "\xE3\x81\x99\xE3\x83\x99\xE3\x82\x8A", "jp", IRI_HOST_RULE_KANA, TRUE },  /* すベり */
    /* Negatives. */
    { "\xE3\x83\xA9\xE3\x83\xBC\xE3\x83\xA1\xE3\x83\xB3", "jp", IRI_HOST_RULE_KANA, FALSE }, /* ラーメン */
    { "\xE3\x81\x8B\xE3\x83\xBC\xE9\x87\x8E\xE7\x90\x83", "jp", IRI_HOST_RULE_KANA, FALSE }, /* かー野球 */
    { "\xE4\xB9\xBE\xE7\x87\xA5\xE8\x82\x8C\xE3\x83\xBB\xE7\x9F\xB3\xE3\x81\x91\xE3\x82\x93", "jp",
      IRI_HOST_RULE_KANA, FALSE },                                               /* 乾燥肌・石けん */
    { "\xE4\xBA\xBA\xE3\x80\x85", "jp", IRI_HOST_RULE_KANA, FALSE },             /* 人々 */
    { "\xE3\x81\x84\xE3\x81\x99\xE3\x82\x9E", "jp", IRI_HOST_RULE_KANA, FALSE }, /* いすゞ */
    { "\xE3\x83\x98\xE3\x83\xAB\xE3\x83\x97", "jp", IRI_HOST_RULE_KANA, FALSE }, /* ヘルプ */
    { "\xE3\x81\x8A\xE3\x81\xB8\xE3\x81\x9D", "jp", IRI_HOST_RULE_KANA, FALSE }, /* おへそ */
    { "\xE3\x83\x9B\xE3\x83\xBC\xE3\x83\xA0\xE3\x81\xB8", "jp", IRI_HOST_RULE_KANA, FALSE }, /* ホームへ */
  };

  run_label_cases (cases, G_N_ELEMENTS (cases));

  /* The twins come from confusables.txt: ヘ → へ, and their voiced forms. */
  g_assert_cmpuint (iri_host_rules_kana_twin (0x30D8), ==, 0x3078);
  g_assert_cmpuint (iri_host_rules_kana_twin (0x3078), ==, 0x30D8);
  g_assert_cmpuint (iri_host_rules_kana_twin (0x30D9), ==, 0x3079);
  g_assert_cmpuint (iri_host_rules_kana_twin (0x307A), ==, 0x30DA);
  g_assert_cmpuint (iri_host_rules_kana_twin (0x30A2), ==, 0);
}

/* Kana letters of Scripts.txt: the marks after every Latin letter and
 * digit and after Han (positives), after every kana letter (negatives,
 * for the prolonged sound mark); each twin among twenty letters of the
 * other script. */
static void
test_kana_data (void)
{
  g_autoptr(GHashTable) scripts = load_property ("15.0.0", "Scripts.txt", 1);
  g_autoptr(GHashTable) general = load_property ("15.0.0", "UnicodeData.txt", 2);
  g_autoptr(GArray) hiragana = g_array_new (FALSE, FALSE, sizeof (gunichar));
  g_autoptr(GArray) katakana = g_array_new (FALSE, FALSE, sizeof (gunichar));
  static const gunichar marks[] = { 0x30FC, 0x30FB, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x3005, 0x303B };
  const char *before = "abcdefghijklmnopqrstuvwxyz0123456789";
  guint total = 0, found = 0, negatives = 0, false_positives = 0;

  if (scripts == NULL || general == NULL)
    return;

  for (gunichar c = 0x3041; c <= 0x30FF; c++)
    {
      const char *script = property (scripts, c);
      const char *gc = property (general, c);

      if (script == NULL || gc == NULL || !g_str_equal (gc, "Lo"))
        continue;
      if (g_str_equal (script, "Hiragana") && c != 0x309F)
        g_array_append_val (hiragana, c);
      else if (g_str_equal (script, "Katakana") && c != 0x30FF)
        g_array_append_val (katakana, c);
    }
  g_assert_cmpuint (hiragana->len, >=, 80);
  g_assert_cmpuint (katakana->len, >=, 80);

  for (gsize m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      for (const char *p = before; *p != '\0'; p++)
        {
          gunichar chars[] = { 'x', (gunichar) *p, marks[m], 'y' };
          g_autofree char *label = utf8_of (chars, 4);

          total++;
          if (positive (label, "jp", IRI_HOST_RULE_KANA))
            found++;
          else
            g_test_message ("missed: %s", label);
        }
    }

  /* Every kana letter before ー, and every Hiragana before ゝ. */
  for (guint i = 0; i < hiragana->len + katakana->len; i++)
    {
      gunichar k = i < hiragana->len ? g_array_index (hiragana, gunichar, i)
                                     : g_array_index (katakana, gunichar, i - hiragana->len);
      gunichar chars[] = { k, 0x30FC, k };
      g_autofree char *label = utf8_of (chars, 3);

      negatives++;
      if (check_label (label, "jp") & RULE (IRI_HOST_RULE_KANA))
        {
          false_positives++;
          g_test_message ("false positive: %s", label);
        }
    }

  for (gunichar t = 0x3041; t <= 0x30FF; t++)
    {
      gunichar twin = iri_host_rules_kana_twin (t);
      GArray *others = g_unichar_get_script (t) == G_UNICODE_SCRIPT_HIRAGANA ? katakana : hiragana;

      if (twin == 0)
        continue;
      for (guint i = 0; i + 1 < others->len && i < 40; i += 2)
        {
          gunichar a = g_array_index (others, gunichar, i);
          gunichar b = g_array_index (others, gunichar, i + 1);
          gunichar chars[] = { a, t, b };
          g_autofree char *label = NULL;

          /* Another twin or a small letter next to it is no context. */
          if (iri_host_rules_kana_twin (a) != 0 || iri_host_rules_kana_twin (b) != 0)
            continue;
          label = utf8_of (chars, 3);
          total++;
          if (positive (label, "jp", IRI_HOST_RULE_KANA))
            found++;
          else
            g_test_message ("missed: %s", label);
        }
    }

  g_test_message ("kana before ー: %u false positives of %u", false_positives, negatives);
  g_assert_cmpuint (false_positives, ==, 0);
  report_recall ("Japanese marks and kana twins", found, total, 0.95);
}

/* ------------------------------------------------------------------ */
/* 6. Non-ASCII Latin with Han or Hangul                                */
/* ------------------------------------------------------------------ */

static void
test_latin_cjk_cases (void)
{
  static const LabelCase cases[] = {
    { "\xC3\xA9" "bc\xE4\xB8\xAD\xE6\x96\x87", "cn", IRI_HOST_RULE_LATIN_CJK, TRUE },   /* ébc中文 */
    { "caf\xC3\xA9\xED\x95\x9C\xEA\xB5\xAD", "kr", IRI_HOST_RULE_LATIN_CJK, TRUE },     /* café한국 */
    { "\xC3\xB1\xE3\x82\xAB\xE3\x83\x95\xE3\x82\xA7", "jp", IRI_HOST_RULE_LATIN_CJK, TRUE },
    { "e\xCC\x81\xE4\xB8\xAD", "cn", IRI_HOST_RULE_LATIN_CJK, TRUE },                  /* e + U+0301 */
    { "abc\xE4\xB8\xAD\xE6\x96\x87", "cn", IRI_HOST_RULE_LATIN_CJK, FALSE },           /* abc中文 */
    { "\xED\x95\x9C\xEA\xB5\xAD" "abc", "kr", IRI_HOST_RULE_LATIN_CJK, FALSE },
    { "caf\xC3\xA9", "fr", IRI_HOST_RULE_LATIN_CJK, FALSE },
    { "\xE6\x9D\xB1\xE4\xBA\xAC", "jp", IRI_HOST_RULE_LATIN_CJK, FALSE },
  };

  run_label_cases (cases, G_N_ELEMENTS (cases));
}

/* Every lower-case Latin letter outside ASCII that IDNA keeps, before a
 * Han word and after a Hangul one. */
static void
test_latin_cjk_data (void)
{
  g_autoptr(GHashTable) scripts = load_property ("15.0.0", "Scripts.txt", 1);
  g_autoptr(GHashTable) idna = load_property ("idna-17.0.0", "IdnaMappingTable.txt", 1);
  GHashTableIter iter;
  gpointer key, value;
  guint total = 0, found = 0;

  if (scripts == NULL || idna == NULL)
    return;

  g_hash_table_iter_init (&iter, scripts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gunichar c = GPOINTER_TO_UINT (key);

      if (c < 0x80 || !g_str_equal (value, "Latin") || !g_unichar_isalpha (c) || !idna_valid (idna, c))
        continue;
      {
        gunichar han[] = { c, 0x4E2D, 0x6587 };
        gunichar hangul[] = { 0xD55C, 0xAD6D, c };
        g_autofree char *a = utf8_of (han, 3);
        g_autofree char *b = utf8_of (hangul, 3);

        total += 2;
        found += positive (a, "cn", IRI_HOST_RULE_LATIN_CJK);
        found += positive (b, "kr", IRI_HOST_RULE_LATIN_CJK);
      }
    }
  report_recall ("non-ASCII Latin with Han or Hangul", found, total, 0.95);
}

/* ------------------------------------------------------------------ */
/* 7. Marks                                                            */
/* ------------------------------------------------------------------ */

static void
test_mark_cases (void)
{
  static const LabelCase cases[] = {
    { "p\xC4\xB1\xCC\x80xel", "com", IRI_HOST_RULE_MARK, TRUE },      /* ı + U+0300 */
    { "p\xC4\xB1\xCC\x87xel", "com", IRI_HOST_RULE_MARK, TRUE },      /* ı + U+0307 */
    { "\xC8\xB7\xCC\x81" "ack", "com", IRI_HOST_RULE_MARK, TRUE },    /* ȷ + U+0301 */
    { "pi\xCD\x98xel", "com", IRI_HOST_RULE_MARK, TRUE },             /* i + U+0358 */
    { "j\xCC\x87" "ack", "com", IRI_HOST_RULE_MARK, TRUE },           /* j + U+0307 */
    /* Negatives: Turkish ı without marks, marks on other letters. */
    { "\xC4\xB1s\xC4\xB1k", "tr", IRI_HOST_RULE_MARK, FALSE },
    { "e\xCC\x81t\xC3\xA9", "fr", IRI_HOST_RULE_MARK, FALSE },
    { "i\xCC\x88", "com", IRI_HOST_RULE_MARK, FALSE },                /* i + diaeresis */
    { "\xC3\xAF", "com", IRI_HOST_RULE_MARK, FALSE },
  };

  run_label_cases (cases, G_N_ELEMENTS (cases));
}

/* Every nonspacing mark that IDNA keeps, after ı and after ȷ; every mark
 * whose prototype is U+0307 after i and j. */
static void
test_mark_data (void)
{
  g_autoptr(GHashTable) general = load_property ("15.0.0", "UnicodeData.txt", 2);
  g_autoptr(GHashTable) idna = load_property ("idna-17.0.0", "IdnaMappingTable.txt", 1);
  g_autoptr(GHashTable) confusables = load_property ("security-15.0.0", "confusables.txt", 1);
  GHashTableIter iter;
  gpointer key, value;
  guint total = 0, found = 0;

  if (general == NULL || idna == NULL || confusables == NULL)
    return;

  g_hash_table_iter_init (&iter, general);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gunichar m = GPOINTER_TO_UINT (key);
      const char *proto = property (confusables, m);
      gunichar bases[4] = { 0x0131, 0x0237, 0, 0 };
      guint n_bases = 2;

      if (!g_str_equal (value, "Mn") || !idna_valid (idna, m))
        continue;
      if (proto != NULL && g_str_equal (proto, "0307"))
        {
          bases[n_bases++] = 'i';
          bases[n_bases++] = 'j';
        }
      for (guint b = 0; b < n_bases; b++)
        {
          gunichar chars[] = { 'p', bases[b], m, 'x' };
          g_autofree char *label = utf8_of (chars, 4);

          total++;
          if (positive (label, "com", IRI_HOST_RULE_MARK))
            found++;
          else
            g_test_message ("missed: U+%04X U+%04X", bases[b], m);
        }
    }
  report_recall ("marks on dotless i and j", found, total, 0.95);
}

/* ------------------------------------------------------------------ */
/* 9. The deny list                                                    */
/* ------------------------------------------------------------------ */

static void
test_denied_cases (void)
{
  static const LabelCase cases[] = {
    { "ab\xCA\xBB" "cd", "com", IRI_HOST_RULE_DENIED, TRUE },         /* ʻ */
    { "a\xCC\xB8" "b", "com", IRI_HOST_RULE_DENIED, TRUE },           /* U+0338 */
    { "\xC4\xB8" "ite", "com", IRI_HOST_RULE_DENIED, TRUE },          /* ĸ */
    { "abc\xD7\xB4" "d", "com", IRI_HOST_RULE_DENIED, TRUE },         /* ״ */
    { "m\xC3\xBCnchen", "de", IRI_HOST_RULE_DENIED, FALSE },
    { "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA", "il", IRI_HOST_RULE_DENIED, FALSE },
  };

  run_label_cases (cases, G_N_ELEMENTS (cases));
  g_assert_nonnull (iri_host_rules_deny_reason (0x02D0));
  g_assert_null (iri_host_rules_deny_reason ('a'));
  g_assert_null (iri_host_rules_deny_reason (0x00FC));
}

/* Every character of data/security/host-deny-list.txt, in three places
 * of a label. */
static void
test_denied_data (void)
{
  const char *dir = g_getenv ("IRI_TEST_UCD_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint total = 0, found = 0;

  if (dir == NULL)
    {
      g_test_skip ("IRI_TEST_UCD_DIR is not set");
      return;
    }
  path = g_build_filename (dir, "..", "security", "host-deny-list.txt", NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (gsize i = 0; lines[i] != NULL; i++)
    {
      gunichar c;

      if (!g_ascii_isxdigit (lines[i][0]))
        continue;
      c = strtoul (lines[i], NULL, 16);
      {
        gunichar forms[][3] = { { 'a', c, 'b' }, { 'a', 'b', c }, { 'a', c, c } };

        for (gsize k = 0; k < G_N_ELEMENTS (forms); k++)
          {
            g_autofree char *label = utf8_of (forms[k], 3);

            total++;
            if (positive (label, "com", IRI_HOST_RULE_DENIED))
              found++;
            else
              g_test_message ("missed: U+%04X", c);
          }
      }
    }
  report_recall ("deny list", found, total, 1.0);
}

/* ------------------------------------------------------------------ */
/* The rules as findings of the analysis                               */
/* ------------------------------------------------------------------ */

typedef struct {
  const char *iri;
  const char *code;
  int         start;     /* span in code points, or -1 when @code must be absent */
  int         end;
} AnalysisCase;

static guint
count_code (IriAnalysis *analysis,
            const char  *code,
            IriDiagnostic **first)
{
  guint n = 0;

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

      g_test_message ("  %s [%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT "): %s",
                      iri_diagnostic_get_code (d), iri_diagnostic_get_start (d),
                      iri_diagnostic_get_end (d), iri_diagnostic_get_message (d));
      if (g_str_equal (iri_diagnostic_get_code (d), code))
        {
          if (n++ == 0 && first != NULL)
            *first = d;
        }
    }
  return n;
}

/* The findings are ordinary diagnostics of the analysis, with the span
 * of the label (or of the characters, when the label is not decoded),
 * and a character that another check reports is not reported twice. */
static void
test_analysis (void)
{
  static const AnalysisCase cases[] = {
    { "http://\xD0\xB7\xD0\xB1.com/", "confusable-digit-lookalike", 7, 9 },
    { "http://xn--90al.com/", "confusable-digit-lookalike", 7, 15 },
    { "http://g\xE3\x80\x87\xE3\x80\x87gle.com/", "confusable-cjk-lookalike", 8, 10 },
    { "http://abc\xE3\x83\xBC" "def.jp/", "confusable-kana", 10, 11 },
    { "http://\xC3\xA9" "bc\xE4\xB8\xAD\xE6\x96\x87.cn/", "confusable-latin-cjk", 7, 12 },
    { "http://p\xC4\xB1\xCC\x80xel.com/", "confusable-mark", 8, 10 },
    { "http://ab\xCA\xBB" "cd.com/", "restricted-host-character", 9, 10 },
    /* Reported by the older checks, so not again. */
    { "http://p\xC4\xB1\xCC\x87xel.com/", "confusable-mark", -1, -1 },        /* invisible-character */
    { "http://a\xE4\xB8\xBF" "b.com/", "confusable-cjk-lookalike", -1, -1 },  /* lookalike-delimiter */
    { "http://a\xCB\x90" "b.com/", "restricted-host-character", -1, -1 },    /* ː: restricted-character */
    /* Outside the host, the rules do not apply. */
    { "http://example.com/\xC3\xA9" "bc\xE4\xB8\xAD\xE6\x96\x87", "confusable-latin-cjk", -1, -1 },
    { "http://example.com/?q=\xD0\xB7\xD0\xB1", "confusable-digit-lookalike", -1, -1 },
    /* Legitimate hosts. */
    { "http://\xE4\xB8\x80\xE4\xBC\x91.com/", "confusable-cjk-lookalike", -1, -1 },
    { "http://abc\xE4\xB8\xAD\xE6\x96\x87.cn/", "confusable-latin-cjk", -1, -1 },
    { "http://\xD0\xB0\xD0\xB2\xD1\x82\xD0\xBE" "24.ru/", "confusable-digit-lookalike", -1, -1 },
    /* зоо (zoo) reads "300", but under .ru Cyrillic is native. */
    { "http://\xD0\xB7\xD0\xBE\xD0\xBE.ru/", "confusable-digit-lookalike", -1, -1 },
    { "http://\xD0\xB7\xD0\xBE\xD0\xBE.com/", "confusable-digit-lookalike", 7, 10 },
  };
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, cases[i].iri, -1);
      IriDiagnostic *d = NULL;
      guint n;

      g_test_message ("%s: %s", cases[i].code, cases[i].iri);
      n = count_code (analysis, cases[i].code, &d);
      if (cases[i].start < 0)
        {
          g_assert_cmpuint (n, ==, 0);
          continue;
        }
      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, IRI_SEVERITY_WARNING);
      g_assert_cmpuint (iri_diagnostic_get_start (d), ==, (gsize) cases[i].start);
      g_assert_cmpuint (iri_diagnostic_get_end (d), ==, (gsize) cases[i].end);
      g_assert_cmpint (iri_diagnostic_get_component (d), ==, IRI_COMPONENT_HOST_LABEL);
      g_assert_nonnull (strstr (iri_diagnostic_get_spec (d), "UTS #39"));
      g_assert_nonnull (iri_diagnostic_get_hint (d));
    }
}

/* Family 7's second half: a diacritic that makes a look-alike of a known
 * host.  confusable-known-host compares skeletons with the Latin, Greek
 * and Cyrillic marks dropped; every nonspacing mark of U+0300–U+036F that
 * IDNA keeps, on every letter of "google" in turn, must be caught. */
static void
test_known_host_marks (void)
{
  g_autoptr(GHashTable) idna = load_property ("idna-17.0.0", "IdnaMappingTable.txt", 1);
  static const char * const known[] = { "google.com", NULL };
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  const char *host = "google";
  guint total = 0, found = 0;

  if (idna == NULL)
    return;
  iri_analyzer_set_known_hosts (analyzer, known);

  for (gunichar m = 0x0300; m <= 0x036F; m++)
    {
      if (!idna_valid (idna, m))
        continue;
      for (gsize at = 1; at <= strlen (host); at++)
        {
          g_autoptr(GString) iri = g_string_new ("http://");
          g_autofree char *nfc = NULL;
          g_autoptr(IriAnalysis) analysis = NULL;

          g_string_append_len (iri, host, at);
          g_string_append_unichar (iri, m);
          g_string_append (iri, host + at);
          g_string_append (iri, ".com/");
          nfc = g_utf8_normalize (iri->str, -1, G_NORMALIZE_NFC);
          analysis = iri_analyzer_analyze (analyzer, nfc, -1);
          total++;
          if (count_code (analysis, "confusable-known-host", NULL) > 0)
            found++;
          else
            g_test_message ("missed: %s", nfc);
        }
    }
  report_recall ("diacritics on a known host", found, total, 0.95);
}

static void
test_codes (void)
{
  for (IriHostRule r = 0; r < IRI_HOST_RULE_N; r++)
    {
      g_assert_nonnull (iri_host_rule_get_code (r));
      g_assert_nonnull (iri_host_rule_get_spec (r));
      g_assert_cmpint (iri_host_rule_get_severity (r), ==, IRI_SEVERITY_WARNING);
    }
  g_assert_cmpstr (iri_host_rule_get_code (IRI_HOST_RULE_DENIED), ==, "restricted-host-character");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/host-rules/codes", test_codes);
  g_test_add_func ("/iri/host-rules/digit-lookalike/cases", test_digit_cases);
  g_test_add_func ("/iri/host-rules/digit-lookalike/data", test_digit_data);
  g_test_add_func ("/iri/host-rules/cjk-lookalike/cases", test_cjk_cases);
  g_test_add_func ("/iri/host-rules/cjk-lookalike/data", test_cjk_data);
  g_test_add_func ("/iri/host-rules/kana/cases", test_kana_cases);
  g_test_add_func ("/iri/host-rules/kana/data", test_kana_data);
  g_test_add_func ("/iri/host-rules/latin-cjk/cases", test_latin_cjk_cases);
  g_test_add_func ("/iri/host-rules/latin-cjk/data", test_latin_cjk_data);
  g_test_add_func ("/iri/host-rules/mark/cases", test_mark_cases);
  g_test_add_func ("/iri/host-rules/mark/data", test_mark_data);
  g_test_add_func ("/iri/host-rules/denied/cases", test_denied_cases);
  g_test_add_func ("/iri/host-rules/denied/data", test_denied_data);
  g_test_add_func ("/iri/host-rules/analysis", test_analysis);
  g_test_add_func ("/iri/host-rules/known-host-marks", test_known_host_marks);
  g_test_add_func ("/iri/host-rules/skipping", test_skipping);
  g_test_add_func ("/iri/host-rules/cjk-scripts-below-jamo", test_cjk_scripts_below_jamo);

  return g_test_run ();
}
