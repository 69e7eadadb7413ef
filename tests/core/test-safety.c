/* test-safety.c: confusables and spoofing (UTS #39, RFC 3987bis §5.1, §7.5)
 *
 * Every check of lib/iri/iri-safety.c has positive and negative cases
 * here, made from the Unicode data (a character is chosen for what
 * confusables.txt, IdentifierStatus.txt or Script_Extensions say about
 * it) and from the spec text ("br0ken", "1ame", "e" + U+0301, the "fi"
 * ligature).  The data-driven tests read the vendored files from
 * IRI_TEST_UCD_DIR and are skipped without it; the corpus tests read
 * tests/data/corpus/legitimate-iris.txt and assert that none of those
 * IRIs gets a warning or an error from any check, with no known hosts
 * and with those of tests/data/corpus/known-hosts.txt.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "iri.h"
#include "iri-safety-private.h"
#include "iri-safety-check-private.h"
#include "iri-test-util.h"

/* The codes of this module. */
static const char * const safety_codes[] = {
  "confusable-mixed-script",
  "confusable-whole-script",
  "confusable-mixed-numbers",
  "confusable-digit-letter",
  "confusable-known-host",
  "confusable-language-tld",
  "restricted-character",
  "invisible-character",
  "lookalike-delimiter",
  "compatibility-character",
  "not-nfc",
  "confusable-digit-lookalike",
  "confusable-cjk-lookalike",
  "confusable-kana",
  "confusable-latin-cjk",
  "confusable-mark",
  "restricted-host-character",
};

static gboolean
is_safety_code (const char *code)
{
  for (gsize i = 0; i < G_N_ELEMENTS (safety_codes); i++)
    {
      if (g_str_equal (code, safety_codes[i]))
        return TRUE;
    }
  return FALSE;
}

static IriAnalyzer *
get_default_analyzer (void)
{
  static IriAnalyzer *analyzer;

  if (analyzer == NULL)
    analyzer = iri_analyzer_new ();
  return analyzer;
}

static void
dump (IriAnalysis *analysis)
{
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

      g_test_message ("  %s %s [%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT "): %s",
                      iri_severity_to_string (iri_diagnostic_get_severity (d)),
                      iri_diagnostic_get_code (d), iri_diagnostic_get_start (d),
                      iri_diagnostic_get_end (d), iri_diagnostic_get_message (d));
    }
}

typedef struct {
  const char  *code;
  const char  *iri;
  IriSeverity  severity;  /* IRI_SEVERITY_NONE: @code must not be reported */
  int          start;     /* span in code points; -1 when not checked */
  int          end;
} SafetyCase;

static void
check_case (IriAnalyzer      *analyzer,
            const SafetyCase *c)
{
  g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, c->iri, -1);
  IriDiagnostic *d = iri_test_find_diagnostic (analysis, c->code);

  g_test_message ("%s: %s", c->code, c->iri);
  dump (analysis);

  if (c->severity == IRI_SEVERITY_NONE)
    {
      g_assert_null (d);
      return;
    }

  g_assert_nonnull (d);
  g_assert_cmpint (iri_diagnostic_get_severity (d), ==, c->severity);
  if (c->start >= 0)
    {
      g_assert_cmpuint (iri_diagnostic_get_start (d), ==, (gsize) c->start);
      g_assert_cmpuint (iri_diagnostic_get_end (d), ==, (gsize) c->end);
    }
  /* Every message names what it is about, and every finding here has a
   * fix to suggest. */
  g_assert_cmpstr (iri_diagnostic_get_message (d), !=, "");
  g_assert_nonnull (iri_diagnostic_get_hint (d));
  g_assert_nonnull (iri_diagnostic_get_spec (d));
}

static void
test_case_cb (gconstpointer data)
{
  check_case (get_default_analyzer (), data);
}

#define W IRI_SEVERITY_WARNING
#define I IRI_SEVERITY_INFO
#define N IRI_SEVERITY_NONE

/* UTS #39 §5.2 with the default levels (highly restrictive for host
 * labels, moderately restrictive for the words of other units). */
static const SafetyCase mixed_script_cases[] = {
  /* U+0430 CYRILLIC SMALL LETTER A among Latin letters. */
  { "confusable-mixed-script", "http://p\xD0\xB0ypal.com/", W, 7, 13 },
  { "confusable-mixed-script", "http://example.com/Hall\xD0\xBE", W, 19, 24 },
  /* Greek and Latin: moderately restrictive excludes Greek. */
  { "confusable-mixed-script", "http://example.com/\xCE\xB1\xCE\xB2\xCE\xB3" "abc", W, 19, 25 },
  /* Thai with Latin is moderately restrictive: allowed in a path, not in
   * a host. */
  { "confusable-mixed-script", "http://\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2land.com/", W, 7, 14 },
  { "confusable-mixed-script", "http://example.com/\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2land", N, -1, -1 },
  /* Latin + Han + kana, Latin + Hangul: highly restrictive. */
  { "confusable-mixed-script", "http://東京tower.jp/", N, -1, -1 },
  { "confusable-mixed-script", "http://한국abc.kr/", N, -1, -1 },
  { "confusable-mixed-script", "http://例え.テスト/", N, -1, -1 },
  { "confusable-mixed-script", "http://example.com/JR東日本", N, -1, -1 },
  /* Words, not units: a Russian query that names a product, a title
   * with a Latin word in it. */
  { "confusable-mixed-script", "http://example.com/?q=купить%20iPhone", N, -1, -1 },
  { "confusable-mixed-script", "https://market.yandex.ru/search?text=ноутбук+asus", N, -1, -1 },
  { "confusable-mixed-script", "https://ru.wikipedia.org/wiki/Java_(значения)", N, -1, -1 },
  { "confusable-mixed-script", "http://example.com/%D0%9Fривет", N, -1, -1 },
  { "confusable-mixed-script", "http://example.com/Москва", N, -1, -1 },
  /* Common and Inherited go with anything (§5.1). */
  { "confusable-mixed-script", "http://example.com/Москва-2024", N, -1, -1 },
};

/* UTS #39 §4, with the policy of check_whole_script(). */
static const SafetyCase whole_script_cases[] = {
  /* аррӏе: U+0430, U+0440 (twice), U+04CF, U+0435. */
  { "confusable-whole-script", "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/", W, 7, 12 },
  { "confusable-whole-script", "http://xn--80ak6aa92e.com/", W, 7, 21 },
  /* ναι: every letter has a Latin prototype (v, a, i). */
  { "confusable-whole-script", "http://ναι.com/", W, 7, 10 },
  /* Under a ccTLD of a country that writes the script: a note. */
  { "confusable-whole-script", "http://сосо.bg/", I, 7, 11 },
  { "confusable-whole-script", "http://ναι.gr/", I, 7, 10 },
  /* A letter without a Latin look-alike. */
  { "confusable-whole-script", "http://пример.рф/", N, -1, -1 },
  { "confusable-whole-script", "http://почта.рф/", N, -1, -1 },
  { "confusable-whole-script", "http://δοκιμή.gr/", N, -1, -1 },
  /* The whole host does not read as an ASCII host: "ф" has no
   * look-alike, and there is no ".pyc". */
  { "confusable-whole-script", "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.рф/", N, -1, -1 },
  { "confusable-whole-script", "http://сосо.рус/", N, -1, -1 },
  /* Outside the registrable domain, and a single-label host. */
  { "confusable-whole-script", "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.example.com/", N, -1, -1 },
  { "confusable-whole-script", "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5/", N, -1, -1 },
  /* Mixed scripts are the other check's business. */
  { "confusable-whole-script", "http://\xD0\xB0pple.com/", N, -1, -1 },
  { "confusable-whole-script", "http://apple.com/", N, -1, -1 },
};

/* UTS #39 §5.3. */
static const SafetyCase mixed_numbers_cases[] = {
  /* U+0661 ARABIC-INDIC DIGIT ONE, U+0032 DIGIT TWO, U+0663. */
  { "confusable-mixed-numbers", "http://example.com/١2٣", W, 19, 22 },
  /* Arabic-Indic and Extended Arabic-Indic (Persian) digits. */
  { "confusable-mixed-numbers", "http://example.com/٣۴", W, 19, 21 },
  { "confusable-mixed-numbers", "http://example.com/१2", W, 19, 21 },
  { "confusable-mixed-numbers", "http://١2.example/", W, 7, 9 },
  { "confusable-mixed-numbers", "http://example.com/٢٠٢٣", N, -1, -1 },
  { "confusable-mixed-numbers", "http://example.com/۱۴۰۲", N, -1, -1 },
  { "confusable-mixed-numbers", "http://example.com/2023/٢٠٢٣", N, -1, -1 },
  /* "%20" is not a number. */
  { "confusable-mixed-numbers", "http://example.com/?q=عام%20٢٠٢٣", N, -1, -1 },
};

/* RFC 3987bis §7.5, its own examples first. */
static const SafetyCase digit_letter_cases[] = {
  { "confusable-digit-letter", "http://example.com/br0ken", I, 19, 25 },
  { "confusable-digit-letter", "http://example.com/1ame", I, 19, 23 },
  { "confusable-digit-letter", "http://g00gle.com/", I, 7, 13 },
  { "confusable-digit-letter", "http://example.com/hell0.html", I, 19, 24 },
  { "confusable-digit-letter", "http://example.com/2O23", I, 19, 23 },
  { "confusable-digit-letter", "http://example.com/%C3%A9br0ken", I, 25, 31 },
  { "confusable-digit-letter", "http://example.com/h264", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/mp3", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/api/v1", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/x86", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/covid19", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/win10", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/1st", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/file01.txt", N, -1, -1 },
  { "confusable-digit-letter", "http://example.com/2023", N, -1, -1 },
  /* Queries are often machine-made: not linted. */
  { "confusable-digit-letter", "http://example.com/?q=br0ken", N, -1, -1 },
};

/* UTS #39 §3.1, in hosts only.  U+0180 LATIN SMALL LETTER B WITH STROKE
 * is Identifier_Type=Technical. */
static const SafetyCase restricted_cases[] = {
  { "restricted-character", "http://\xC6\x80" "ad.com/", W, 7, 8 },
  { "restricted-character", "http://example.com/\xC6\x80" "ad", N, -1, -1 },
  { "restricted-character", "http://münchen.de/", N, -1, -1 },
  /* ZWNJ is Restricted, but allowed in its CONTEXTJ context. */
  { "restricted-character", "http://می\u200Cخانه.ir/", N, -1, -1 },
};

/* UTS #39 §5.4 and RFC 5892 Appendix A. */
static const SafetyCase invisible_cases[] = {
  { "invisible-character", "http://example.com/a\u200Bb", W, 20, 21 },
  { "invisible-character", "http://example.com/a\u00ADb", W, 20, 21 },
  { "invisible-character", "http://example.com/a\u2060b", W, 20, 21 },
  { "invisible-character", "http://example.com/a\u3164b", W, 20, 21 },
  { "invisible-character", "http://example.com/ab\u200Ccd", W, 21, 22 },
  { "invisible-character", "http://example.com/a\u200Db", W, 20, 21 },
  { "invisible-character", "http://ab\u200Bcd.com/", W, 9, 10 },
  { "invisible-character", "http://example.com/می\u200Cخانه", N, -1, -1 },
  { "invisible-character", "http://example.com/क्\u200Dष", N, -1, -1 },
  { "invisible-character", "http://example.com/\U0001F469\u200D\U0001F4BB", N, -1, -1 },
  { "invisible-character", "http://example.com/\u2764\uFE0F", N, -1, -1 },
  { "invisible-character", "http://example.com/a\uFE0F", W, 20, 21 },
  /* Repeated marks, in NFD: "é" + U+0301 repeats the acute. */
  { "invisible-character", "http://example.com/e\u0301\u0301", W, 21, 22 },
  { "invisible-character", "http://example.com/\u00E9\u0301", W, 20, 21 },
  { "invisible-character", "http://example.com/a\u0300\u0301\u0302\u0303\u0304", W, 24, 25 },
  /* A mark of another script than its base: ARABIC FATHA on a Latin
   * letter; U+0301 on an Arabic letter. */
  { "invisible-character", "http://example.com/a\u064E", W, 20, 21 },
  { "invisible-character", "http://example.com/\u0628\u0301", W, 20, 21 },
  { "invisible-character", "http://example.com/كَتَبَ", N, -1, -1 },
  /* A dot above a letter that has one. */
  { "invisible-character", "http://example.com/i\u0307", W, 20, 21 },
  /* A mark at the start of a component is drawn on the delimiter. */
  { "invisible-character", "http://example.com/\u0301abc", W, 19, 20 },
  { "invisible-character", "http://example.com/Việt", N, -1, -1 },
  { "invisible-character", "http://example.com/ต้มยำกุ้ง", N, -1, -1 },
};

/* RFC 3987bis §5.1b. */
static const SafetyCase lookalike_cases[] = {
  { "lookalike-delimiter", "http://example.com/a\u2215b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\u2044b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uFF0Fb", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\u2236b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uFF1Fb", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uFF03b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uFF20b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uA789b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\uFE52b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\u2024\u2024b", W, 20, 22 },
  { "lookalike-delimiter", "http://example.com/x\u066Ay", W, 20, 21 },
  { "lookalike-delimiter", "http://example\uFF0Ecom/", W, 14, 15 },
  { "lookalike-delimiter", "http://example\uFF61com/", W, 14, 15 },
  { "lookalike-delimiter", "http://例え\u3002テスト/", W, 9, 10 },
  { "lookalike-delimiter", "http://ex\u2010ample.com/", W, 9, 10 },
  /* Spaces, including U+3000, which confusables.txt does not list. */
  { "lookalike-delimiter", "http://example.com/a\u00A0b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/a\u3000b", W, 20, 21 },
  /* The Armenian full stop looks like ":"; after Armenian text it is
   * that text's punctuation: a note.  After Latin: a warning. */
  { "lookalike-delimiter", "http://example.com/a\u0589b", W, 20, 21 },
  { "lookalike-delimiter", "http://example.com/Երևան\u0589", I, 24, 25 },
  /* CJK punctuation in CJK text: a note; in Latin text: a warning. */
  { "lookalike-delimiter", "http://example.com/モーニング娘\u3002", I, 25, 26 },
  { "lookalike-delimiter", "http://example.com/?q=什么\uFF1F", I, 24, 25 },
  { "lookalike-delimiter", "http://example.com/a\u3002b", W, 20, 21 },
  /* Slash-like kana next to Latin letters; in kana words they are
   * letters. */
  { "lookalike-delimiter", "http://example.com\u30CEevil.com/", W, 18, 19 },
  { "lookalike-delimiter", "http://example.com/abc\u30BDdef", W, 22, 23 },
  { "lookalike-delimiter", "http://example.com/ノート", N, -1, -1 },
  { "lookalike-delimiter", "http://example.com/ソフトウェア", N, -1, -1 },
  /* A visarga inside a Hindi word; Arabic-Indic zero (prototype "."). */
  { "lookalike-delimiter", "http://example.com/दुःख", N, -1, -1 },
  { "lookalike-delimiter", "http://example.com/٢٠٢٣", N, -1, -1 },
  /* A dash outside the host changes a name, not the structure. */
  { "lookalike-delimiter", "http://example.com/Michelson\u2013Morley", I, 28, 29 },
  { "lookalike-delimiter", "http://example.com/Col·legi", N, -1, -1 },
  { "lookalike-delimiter", "http://example.com/ハリー・ポッター", N, -1, -1 },
};

/* RFC 3987bis §5.1b, §7.5. */
static const SafetyCase compatibility_cases[] = {
  { "compatibility-character", "http://example.com/\uFB01le", I, 19, 20 },
  { "compatibility-character", "http://example.com/?q=\uFB01", I, 22, 23 },
  { "compatibility-character", "http://ｅｘａｍｐｌｅ.com/", W, 7, 14 },
  { "compatibility-character", "http://example.com/ｶﾀｶﾅ", I, 19, 23 },
  { "compatibility-character", "http://example.com/x\u00B2", I, 20, 21 },
  /* The ordinary spelling of Thai and Armenian, outside the host. */
  { "compatibility-character", "http://example.com/ต้มยำกุ้ง", N, -1, -1 },
  { "compatibility-character", "http://example.com/Երևան", N, -1, -1 },
  /* U+212B ANGSTROM SIGN: NFC changes it, so it is not-nfc instead. */
  { "compatibility-character", "http://example.com/\u212B", N, -1, -1 },
  { "compatibility-character", "http://example.com/file", N, -1, -1 },
};

/* RFC 3987bis §3.1; draft-duerst-iri-10-to-11-diff §5.3.2.2. */
static const SafetyCase not_nfc_cases[] = {
  /* Jena's NOT_NFC example, which a per-character check misses. */
  { "not-nfc", "http://example.org/#Andre\u0301", W, 24, 26 },
  { "not-nfc", "http://www.example.org/re\u0301sume\u0301.html", W, 24, 31 },
  { "not-nfc", "http://example.com/\u1100\u1161", W, 19, 21 },
  { "not-nfc", "http://example.com/\u1F71", W, 19, 20 },
  { "not-nfc", "http://example.com/\u212B", W, 19, 20 },
  { "not-nfc", "http://cafe\u0301.fr/", W, 10, 12 },
  { "not-nfc", "http://www.example.org/r\u00E9sum\u00E9.html", N, -1, -1 },
  { "not-nfc", "http://example.com/한국", N, -1, -1 },
  { "not-nfc", "http://example.com/ต้มยำกุ้ง", N, -1, -1 },
  /* Host labels, which come with their NFC form: marks that compose
   * with the letter before them (U+0928 + U+093C is U+0929) or are out
   * of canonical order (U+0E48 has class 107, U+0E38 103), and NFC
   * labels with marks that the NFC quick check lets through. */
  { "not-nfc", "http://\u0928\u093C.in/", W, 7, 9 },
  { "not-nfc", "http://\u0E01\u0E48\u0E38.th/", W, 7, 10 },
  { "not-nfc", "http://\u0E01\u0E38\u0E48.th/", N, -1, -1 },
  { "not-nfc", "http://\u0939\u093F\u0928\u094D\u0926\u0940.in/", N, -1, -1 },
  { "not-nfc", "http://\u0915\u093C.in/", N, -1, -1 },
};

/* An ASCII IRI only gets the §7.5 lint. */
static const SafetyCase ascii_cases[] = {
  { "confusable-mixed-script", "http://www.example.com/path/to/file.html?q=1&r=2#top", N, -1, -1 },
  { "lookalike-delimiter", "http://www.example.com/a/b:c@d?e=f&g#h", N, -1, -1 },
  { "confusable-known-host", "http://paypa1.com/", N, -1, -1 },
};

#undef W
#undef I
#undef N

static void
add_cases (const char       *prefix,
           const SafetyCase *cases,
           gsize             n_cases)
{
  for (gsize i = 0; i < n_cases; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%" G_GSIZE_FORMAT, prefix, i);

      g_test_add_data_func (path, &cases[i], test_case_cb);
    }
}

/* ------------------------------------------------------------------ */

static void
test_skeleton_examples (void)
{
  static const struct {
    const char *text;
    const char *skeleton;
  } cases[] = {
    /* UTS #39 §4: the prototypes of confusables.txt, NFD around. */
    { "paypal", "paypal" },
    { "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5", "appie" },
    { "m", "rn" },
    { "0", "O" },
    { "1", "l" },
    { "I", "l" },
    { "\xC3\xA9", "e\xCC\x81" },
    { "\xEF\xAC\x81", "fi" },
    { "\xE2\x88\x95", "/" },
    { "", "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *skeleton = iri_skeleton (cases[i].text, -1);

      g_assert_cmpstr (skeleton, ==, cases[i].skeleton);
    }

  /* Two confusable strings have the same skeleton. */
  {
    g_autofree char *a = iri_skeleton ("rn", -1);
    g_autofree char *b = iri_skeleton ("m", -1);
    g_autofree char *c = iri_skeleton ("payp\xD0\xB0l", 7);

    g_assert_cmpstr (a, ==, b);
    g_assert_cmpstr (c, ==, "paypal");
  }
}

/* Returns the data lines of @file in @subdir of IRI_TEST_UCD_DIR as field
 * vectors, or NULL after marking the test skipped. */
static GPtrArray *
load_data_lines (const char *subdir,
                 const char *file)
{
  const char *dir = g_getenv ("IRI_TEST_UCD_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *result;

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
      fields = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (fields) < 2)
        {
          g_strfreev (fields);
          continue;
        }
      for (gsize k = 0; fields[k] != NULL; k++)
        g_strstrip (fields[k]);
      g_ptr_array_add (result, fields);
    }
  g_assert_cmpuint (result->len, >, 0);
  return result;
}

static char *
code_points_to_utf8 (const char *field)
{
  g_auto(GStrv) parts = g_strsplit (field, " ", -1);
  GString *out = g_string_new (NULL);

  for (gsize i = 0; parts[i] != NULL; i++)
    {
      if (parts[i][0] != '\0')
        g_string_append_unichar (out, (gunichar) strtoul (parts[i], NULL, 16));
    }
  return g_string_free (out, FALSE);
}

/* For every line of confusables.txt whose source is unchanged by NFD
 * and whose prototype is made of characters that are their own
 * prototypes and unchanged by NFD, the skeleton of the source is the
 * prototype: the lookup and both NFD steps agree with the data. */
static void
test_skeleton_confusables_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "confusables.txt");
  guint checked = 0;

  if (lines == NULL)
    return;

  for (guint i = 0; i < lines->len; i++)
    {
      char **fields = g_ptr_array_index (lines, i);
      g_autofree char *source = code_points_to_utf8 (fields[0]);
      g_autofree char *target = code_points_to_utf8 (fields[1]);
      g_autofree char *source_nfd = g_utf8_normalize (source, -1, G_NORMALIZE_NFD);
      g_autofree char *target_nfd = g_utf8_normalize (target, -1, G_NORMALIZE_NFD);
      g_autofree char *target_skeleton = iri_skeleton (target, -1);
      g_autofree char *skeleton = NULL;

      if (!g_str_equal (source, source_nfd) || !g_str_equal (target, target_nfd) ||
          !g_str_equal (target_skeleton, target))
        continue;

      skeleton = iri_skeleton (source, -1);
      g_assert_cmpstr (skeleton, ==, target);
      checked++;
    }
  g_test_message ("%u confusables.txt lines checked", checked);
  g_assert_cmpuint (checked, >, 5000);
}

/* For every character whose prototype in confusables.txt is one of the
 * delimiters (and that is not a digit: U+0660 has the prototype "."),
 * written between two Latin letters: a look-alike, a warning in a host
 * and in a path (a note for a dash in a path). */
static void
test_lookalike_confusables_data (void)
{
  g_autoptr(GPtrArray) lines = load_data_lines ("security-15.0.0", "confusables.txt");
  IriAnalyzer *analyzer = get_default_analyzer ();
  guint checked = 0;

  if (lines == NULL)
    return;

  for (guint i = 0; i < lines->len; i++)
    {
      char **fields = g_ptr_array_index (lines, i);
      g_autofree char *source = code_points_to_utf8 (fields[0]);
      g_autofree char *target = code_points_to_utf8 (fields[1]);
      gunichar c = g_utf8_get_char (source);
      g_autofree char *in_path = NULL;
      g_autofree char *in_host = NULL;
      g_autoptr(IriAnalysis) path_analysis = NULL;
      g_autoptr(IriAnalysis) host_analysis = NULL;
      IriDiagnostic *d;

      if (strlen (target) != 1 || strchr ("/.:?#@-&=\\[]", target[0]) == NULL ||
          g_unichar_type (c) == G_UNICODE_DECIMAL_NUMBER)
        continue;

      in_path = g_strdup_printf ("http://example.com/a%sb", source);
      in_host = g_strdup_printf ("http://a%sb.example/", source);
      path_analysis = iri_analyzer_analyze (analyzer, in_path, -1);
      host_analysis = iri_analyzer_analyze (analyzer, in_host, -1);

      g_test_message ("U+%04X", c);
      d = iri_test_find_diagnostic (path_analysis, "lookalike-delimiter");
      g_assert_nonnull (d);
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==,
                       target[0] == '-' ? IRI_SEVERITY_INFO : IRI_SEVERITY_WARNING);
      g_assert_cmpuint (iri_diagnostic_get_start (d), ==, 20);
      d = iri_test_find_diagnostic (host_analysis, "lookalike-delimiter");
      g_assert_nonnull (d);
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, IRI_SEVERITY_WARNING);
      checked++;
    }
  g_test_message ("%u delimiter look-alikes checked", checked);
  g_assert_cmpuint (checked, >, 50);
}

static void
test_restriction_level (void)
{
  static const struct {
    const char          *text;
    IriRestrictionLevel  level;
  } cases[] = {
    { "abc", IRI_RESTRICTION_ASCII_ONLY },
    { "a/b", IRI_RESTRICTION_ASCII_ONLY },
    { "café", IRI_RESTRICTION_SINGLE_SCRIPT },
    { "пример", IRI_RESTRICTION_SINGLE_SCRIPT },
    { "١٢٣", IRI_RESTRICTION_SINGLE_SCRIPT },
    /* Han + kana resolve to Jpan, Han + Bopomofo to Hanb (§5.1). */
    { "日本語テキスト", IRI_RESTRICTION_SINGLE_SCRIPT },
    { "中文ㄅㄆ", IRI_RESTRICTION_SINGLE_SCRIPT },
    { "ーー", IRI_RESTRICTION_SINGLE_SCRIPT },
    { "東京tower", IRI_RESTRICTION_HIGHLY_RESTRICTIVE },
    { "한국abc", IRI_RESTRICTION_HIGHLY_RESTRICTIVE },
    { "abcไทย", IRI_RESTRICTION_MODERATELY_RESTRICTIVE },
    { "abc١", IRI_RESTRICTION_MODERATELY_RESTRICTIVE },
    { "p\xD0\xB0ypal", IRI_RESTRICTION_MINIMALLY_RESTRICTIVE },
    { "\xCE\xB1" "bc", IRI_RESTRICTION_MINIMALLY_RESTRICTIVE },
    { "ไทยпример", IRI_RESTRICTION_MINIMALLY_RESTRICTIVE },
    /* Outside the identifier profile: U+00A0, "/", Cherokee. */
    { "é\xC2\xA0", IRI_RESTRICTION_UNRESTRICTED },
    { "é/", IRI_RESTRICTION_UNRESTRICTED },
    { "abcᏣ", IRI_RESTRICTION_UNRESTRICTED },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (iri_get_restriction_level (cases[i].text, -1), ==, cases[i].level);
    }

  g_assert_cmpstr (iri_restriction_level_to_string (IRI_RESTRICTION_ASCII_ONLY), ==, "ascii-only");
  g_assert_cmpstr (iri_restriction_level_to_string (IRI_RESTRICTION_HIGHLY_RESTRICTIVE), ==,
                   "highly-restrictive");
  g_assert_cmpstr (iri_restriction_level_to_string (IRI_RESTRICTION_UNRESTRICTED), ==, "unrestricted");
}

static void
test_char_info (void)
{
  g_autofree char *name = iri_char_get_name (0x0430);
  g_autofree char *han = iri_char_get_name (0x4E00);
  g_autofree GUnicodeScript *scx = NULL;
  g_auto(GStrv) types = NULL;
  gsize n = 0;

  g_assert_cmpstr (name, ==, "CYRILLIC SMALL LETTER A");
  g_assert_cmpstr (han, ==, "CJK UNIFIED IDEOGRAPH-4E00");
  g_assert_null (iri_char_get_name (0xE000));

  /* U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK: Script=Common,
   * Script_Extensions={Hira, Kana}. */
  scx = iri_char_get_script_extensions (0x30FC, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (scx[0], ==, G_UNICODE_SCRIPT_HIRAGANA);
  g_assert_cmpint (scx[1], ==, G_UNICODE_SCRIPT_KATAKANA);

  g_assert_true (iri_char_is_identifier_allowed ('a'));
  g_assert_false (iri_char_is_identifier_allowed (0x0180));
  types = iri_char_get_identifier_types (0x0180);
  g_assert_cmpuint (g_strv_length (types), ==, 1);
  g_assert_cmpstr (types[0], ==, "Technical");
  g_clear_pointer (&types, g_strfreev);
  types = iri_char_get_identifier_types (0xFB01);
  g_assert_true (g_strv_contains ((const char * const *) types, "Not_NFKC"));

  g_assert_cmpstr (iri_script_get_name (G_UNICODE_SCRIPT_CYRILLIC), ==, "Cyrillic");
  g_assert_cmpstr (iri_script_get_name (G_UNICODE_SCRIPT_OLD_ITALIC), ==, "Old Italic");

  g_assert_cmpstr (iri_get_unicode_data_version (IRI_UNICODE_DATA_UCD), ==, "15.0.0");
  g_assert_cmpstr (iri_get_unicode_data_version (IRI_UNICODE_DATA_SECURITY), ==, "15.0.0");
  g_assert_nonnull (iri_get_unicode_data_version (IRI_UNICODE_DATA_LINK));
}

/* The configured levels replace the defaults. */
static void
test_mixed_script_levels (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  static const SafetyCase moderate_hosts[] = {
    { "confusable-mixed-script", "http://\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2land.com/", IRI_SEVERITY_NONE, -1, -1 },
    { "confusable-mixed-script", "http://p\xD0\xB0ypal.com/", IRI_SEVERITY_WARNING, 7, 13 },
  };
  static const SafetyCase single_units[] = {
    { "confusable-mixed-script", "http://example.com/東京tower", IRI_SEVERITY_WARNING, 19, 26 },
    { "confusable-mixed-script", "http://example.com/日本語", IRI_SEVERITY_NONE, -1, -1 },
  };
  static const SafetyCase ascii_hosts[] = {
    { "confusable-mixed-script", "http://münchen.de/", IRI_SEVERITY_WARNING, 7, 14 },
    { "confusable-mixed-script", "http://example.de/münchen", IRI_SEVERITY_NONE, -1, -1 },
  };
  static const SafetyCase unrestricted[] = {
    { "confusable-mixed-script", "http://p\xD0\xB0ypal.com/", IRI_SEVERITY_NONE, -1, -1 },
  };

  iri_analyzer_set_host_restriction_level (analyzer, IRI_RESTRICTION_MODERATELY_RESTRICTIVE);
  for (gsize i = 0; i < G_N_ELEMENTS (moderate_hosts); i++)
    check_case (analyzer, &moderate_hosts[i]);

  iri_analyzer_set_unit_restriction_level (analyzer, IRI_RESTRICTION_SINGLE_SCRIPT);
  for (gsize i = 0; i < G_N_ELEMENTS (single_units); i++)
    check_case (analyzer, &single_units[i]);

  iri_analyzer_set_host_restriction_level (analyzer, IRI_RESTRICTION_ASCII_ONLY);
  for (gsize i = 0; i < G_N_ELEMENTS (ascii_hosts); i++)
    check_case (analyzer, &ascii_hosts[i]);

  iri_analyzer_set_host_restriction_level (analyzer, IRI_RESTRICTION_UNRESTRICTED);
  for (gsize i = 0; i < G_N_ELEMENTS (unrestricted); i++)
    check_case (analyzer, &unrestricted[i]);
}

static void
test_known_hosts (void)
{
  static const char * const known[] = {
    "paypal.com",
    "https://Apple.com/",        /* written as a user may paste it */
    "xn--bcher-kva.example",     /* bücher.example, in punycode */
    "bbc.co.uk",
    "myetherwallet.com",
    "google.com",
    "",
    NULL,
  };
#define W IRI_SEVERITY_WARNING
#define N IRI_SEVERITY_NONE
  static const SafetyCase cases[] = {
    /* Cyrillic р, а, у. */
    { "confusable-known-host", "http://раураl.com/", W, 7, 17 },
    /* The fast path (ASCII) and the slow path give the same answer. */
    { "confusable-known-host", "http://paypa1.com/", W, 7, 17 },
    { "confusable-known-host", "http://paypa1.com/caf\xC3\xA9", W, 7, 17 },
    { "confusable-known-host", "http://g00gle.com/", W, 7, 17 },
    { "confusable-known-host", "http://g00gle.com/\xC3\xA9", W, 7, 17 },
    { "confusable-known-host", "http://rnyetherwallet.com/", W, 7, 25 },
    /* The registrable domain imitates a known one. */
    { "confusable-known-host", "http://login.paypa1.com/", W, 7, 23 },
    /* One label imitates the label of a known host. */
    { "confusable-known-host", "http://раураl.evil.example/", W, 7, 13 },
    { "confusable-known-host", "http://secure.paypa1.evil.example/", W, 14, 20 },
    /* аррӏе: the palochka reads as "l" as well as "i". */
    { "confusable-known-host", "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/", W, 7, 16 },
    { "confusable-known-host", "http://xn--80ak6aa92e.com/", W, 7, 25 },
    /* Diacritics: "myẹtherwallet", "bucher" against "bücher". */
    { "confusable-known-host", "http://my\xE1\xBA\xB9therwallet.com/", W, 7, 24 },
    { "confusable-known-host", "http://bucher.example/", W, 7, 21 },
    { "confusable-known-host", "http://ЬЬс.co.uk/", W, 7, 16 },
    /* The known hosts themselves, their subdomains, other case. */
    { "confusable-known-host", "http://paypal.com/", N, -1, -1 },
    { "confusable-known-host", "http://www.paypal.com/", N, -1, -1 },
    { "confusable-known-host", "http://PayPal.COM/", N, -1, -1 },
    { "confusable-known-host", "http://bücher.example/", N, -1, -1 },
    { "confusable-known-host", "http://news.bbc.co.uk/", N, -1, -1 },
    { "confusable-known-host", "http://www.apple.com/", N, -1, -1 },
    /* Not a look-alike: the same label text in another host. */
    { "confusable-known-host", "http://paypal.com.evil.example/", N, -1, -1 },
    { "confusable-known-host", "http://example.com/", N, -1, -1 },
    { "confusable-known-host", "http://[::1]/", N, -1, -1 },
  };
#undef W
#undef N
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();

  iri_analyzer_set_known_hosts (analyzer, known);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (analyzer, &cases[i]);

  /* The message names the host imitated. */
  {
    g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, "http://раураl.com/", -1);
    IriDiagnostic *d = iri_test_find_diagnostic (analysis, "confusable-known-host");

    g_assert_nonnull (d);
    g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "“paypal.com”"));
  }
}

/* Quoted text is written back in Bidi Notation. */
static void
test_notation (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriAnalysis) analysis = NULL;
  IriDiagnostic *d;

  iri_analyzer_set_notation (analyzer, IRI_NOTATION_HEBREW);
  /* Hebrew letters (ABC) and a Cyrillic х in one word. */
  analysis = iri_analyzer_analyze (analyzer, "http://example.com/ABC\xD1\x85", -1);
  dump (analysis);
  d = iri_test_find_diagnostic (analysis, "confusable-mixed-script");
  g_assert_nonnull (d);
  g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "“ABC\xD1\x85”"));
}

/* The lines of a data file that are neither empty nor comments. */
static GStrv
read_data_lines (const char *relpath,
                 GArray     *line_numbers)
{
  g_autofree char *path = iri_test_data_path (relpath);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      g_strv_builder_add (builder, lines[i]);
      if (line_numbers != NULL)
        {
          guint number = i + 1;

          g_array_append_val (line_numbers, number);
        }
    }
  return g_strv_builder_end (builder);
}

/* The corpus of legitimate IRIs gets no warning and no error, from these
 * checks or from any other module (issue #13's quality bar: a warning on
 * a legitimate IRI is a false positive, whichever rule gives it).  Notes
 * are allowed.  tests/corpus-findings.py lists the findings line by line. */
static void
check_corpus (IriAnalyzer *analyzer)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) iris = read_data_lines ("corpus/legitimate-iris.txt", numbers);
  guint n_iris = g_strv_length (iris), n_notes = 0, n_false_positives = 0;

  for (guint i = 0; i < n_iris; i++)
    {
      g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, iris[i], -1);

      for (guint k = 0; k < iri_analysis_get_n_diagnostics (analysis); k++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, k);
          const char *code = iri_diagnostic_get_code (d);
          IriSeverity severity = iri_diagnostic_get_severity (d);

          if (severity >= IRI_SEVERITY_WARNING)
            {
              g_test_message ("FALSE POSITIVE: line %u: %s: %s %s%s: %s",
                              g_array_index (numbers, guint, i), iris[i],
                              iri_severity_to_string (severity), code,
                              is_safety_code (code) ? "" : " (not a safety check)",
                              iri_diagnostic_get_message (d));
              n_false_positives++;
            }
          else if (is_safety_code (code))
            n_notes++;
        }
    }

  g_test_message ("%u IRIs, %u notes from the safety checks", n_iris, n_notes);
  g_assert_cmpuint (n_iris, >=, 600);
  /* Not an assertion, so that the next corpus test still runs and lists
   * its own findings. */
  if (n_false_positives > 0)
    g_test_fail_printf ("%u warnings or errors on legitimate IRIs", n_false_positives);
}

static void
test_corpus (void)
{
  check_corpus (get_default_analyzer ());
}

/* The same with the hosts of popular sites known (corpus/known-hosts.txt):
 * a legitimate IRI is no look-alike of them, whatever the skeleton rules
 * map its letters to. */
static void
test_corpus_known_hosts (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_auto(GStrv) known = read_data_lines ("corpus/known-hosts.txt", NULL);

  iri_analyzer_set_known_hosts (analyzer, (const char * const *) known);
  check_corpus (analyzer);
}

typedef struct {
  const char *iri;
  const char *registrable;  /* NULL when there is none */
} RegistrableCase;

static const RegistrableCase registrable_cases[] = {
  { "http://www.example.co.uk/x", "example.co.uk" },
  { "https://example.com", "example.com" },
  { "https://a.b.example.com:8080/p?q#f", "example.com" },
  { "http://www.example.com./", "example.com" },
  { "http://WWW.Example.COM/", "Example.COM" },
  { "//www.example.org/relative", "example.org" },
  { "http://user@www.example.org/", "example.org" },
  { "http://שלום.עברית.co.il/דף", "עברית.co.il" },
  { "http://www.موقع.مصر/", "موقع.مصر" },
  { "http://www.xn--80ak6aa92e.com/", "xn--80ak6aa92e.com" },
  { "http://%77ww.ex%61mple.com/", "ex%61mple.com" },
  { "http://co.uk/", NULL },
  { "http://localhost/", NULL },
  { "http://192.0.2.1/", NULL },
  { "http://[2001:db8::1]/", NULL },
  { "mailto:someone@example.com", NULL },
  { "http://a..example.com/", NULL },
  { "http://www.example%FF.com/", NULL },
  { "http://www.example%2Ecom/", NULL },
  { "http://www.example\xef\xbc\x8e" "com/", NULL },
  { "http:///path", NULL },
};

static void
test_registrable_domain (void)
{
  g_test_summary ("The registrable domain (eTLD+1) by the Public Suffix List, as a span "
                  "of the reference's own text, for views that must never hide it.");

  for (gsize i = 0; i < G_N_ELEMENTS (registrable_cases); i++)
    {
      const RegistrableCase *c = &registrable_cases[i];
      g_autoptr(IriReference) ref = iri_reference_parse_tolerant (c->iri, -1, IRI_PARSE_DEFAULT);
      IriSpan span = { 0, };
      gboolean found;

      g_test_message ("%s", c->iri);
      found = iri_reference_get_registrable_domain (ref, &span);
      if (c->registrable == NULL)
        {
          g_assert_false (found);
          continue;
        }

      g_assert_true (found);
      g_assert_cmpmem (c->iri + span.byte_start, span.byte_end - span.byte_start,
                       c->registrable, strlen (c->registrable));
      g_assert_cmpuint (span.start, ==, g_utf8_pointer_to_offset (c->iri, c->iri + span.byte_start));
      g_assert_cmpuint (span.end, ==, g_utf8_pointer_to_offset (c->iri, c->iri + span.byte_end));
    }
}

/* Every finding of @analysis, one per line. */
static char *
describe_findings (IriAnalysis *analysis)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

      g_string_append_printf (out, "%s %s [%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT "): %s\n",
                              iri_severity_to_string (iri_diagnostic_get_severity (d)),
                              iri_diagnostic_get_code (d), iri_diagnostic_get_start (d),
                              iri_diagnostic_get_end (d), iri_diagnostic_get_message (d));
    }
  return g_string_free (out, FALSE);
}

/* The same label text in several contexts: under other TLDs, decoded
 * from an A-label or percent-encoding, with and without findings of its
 * own, and under restriction levels that judge it differently. */
static const char * const remembered_iris[] = {
  "https://παράδειγμα.ελ/",
  "https://δοκιμή.ελ/",
  "https://δοκιμή.com/",
  "https://xn--jxalpdlp.xn--qxam/",
  "https://%CE%B4%CE%BF%CE%BA%CE%B9%CE%BC%CE%AE.com/",
  "https://аррӏе.com/",
  "https://аррӏе.рф/",
  "https://pаypal.ελ/",
  "https://ex\u200Bample.ελ/",
  "https://ラーメン.jp/",
  "https://ラーメン.com/",
  "https://ー.com/",
  "https://ı\u0307.com/",
  "https://αβγ123.ελ/",
  "https://abcδοκιμή.ελ/",
  "https://δοκιμή/",
  "https://зоо.ru/",
  "https://зоо.com/",
  "https://١١١.مصر/",
  "https://١١١.com/",
};

/* A host label found clean once is not checked again in the same
 * context (check_label_unit()): for every pair of the IRIs above, under
 * two host restriction levels, the findings of the second are the same
 * whether the first was checked before it or not. */
static void
test_clean_labels_remembered (void)
{
  static const IriRestrictionLevel levels[] = {
    IRI_RESTRICTION_HIGHLY_RESTRICTIVE, IRI_RESTRICTION_UNRESTRICTED,
  };
  IriAnalyzer *analyzers[G_N_ELEMENTS (levels)];
  gsize n = G_N_ELEMENTS (remembered_iris) * G_N_ELEMENTS (levels);
  guint remembered = 0;

  for (gsize l = 0; l < G_N_ELEMENTS (levels); l++)
    {
      analyzers[l] = iri_analyzer_new ();
      iri_analyzer_set_host_restriction_level (analyzers[l], levels[l]);
    }

  for (gsize j = 0; j < n; j++)
    {
      IriAnalyzer *analyzer_j = analyzers[j % G_N_ELEMENTS (levels)];
      const char *iri_j = remembered_iris[j / G_N_ELEMENTS (levels)];
      g_autoptr(IriAnalysis) cold = NULL;
      g_autofree char *expected = NULL;

      iri_safety_forget_clean_labels ();
      cold = iri_analyzer_analyze (analyzer_j, iri_j, -1);
      expected = describe_findings (cold);

      for (gsize i = 0; i < n; i++)
        {
          IriAnalyzer *analyzer_i = analyzers[i % G_N_ELEMENTS (levels)];
          const char *iri_i = remembered_iris[i / G_N_ELEMENTS (levels)];
          g_autoptr(IriAnalysis) first = NULL;
          g_autoptr(IriAnalysis) warm = NULL;
          g_autofree char *found = NULL;

          iri_safety_forget_clean_labels ();
          first = iri_analyzer_analyze (analyzer_i, iri_i, -1);
          warm = iri_analyzer_analyze (analyzer_j, iri_j, -1);
          found = describe_findings (warm);
          if (g_strcmp0 (found, expected) != 0)
            g_test_message ("%s after %s", iri_j, iri_i);
          g_assert_cmpstr (found, ==, expected);
        }
      remembered += iri_safety_forget_clean_labels ();
    }
  /* Labels were remembered, so the warm analyses did skip checks. */
  g_assert_cmpuint (remembered, >, 0);

  for (gsize l = 0; l < G_N_ELEMENTS (levels); l++)
    g_object_unref (analyzers[l]);
}

/* The characters of a unit are checked in arrays on the stack up to a
 * length (CHECK_STACK_CHARS in iri-safety.c) and in a heap block
 * beyond it, which later units reuse.  A finding gets the same span on
 * either side of that length, in a long unit, after one and in the
 * last character of one. */
static void
test_long_units (void)
{
  static const gsize lengths[] = { 0, 1, 200, 254, 255, 256, 257, 511, 512, 513, 2000 };

  for (gsize k = 0; k < G_N_ELEMENTS (lengths); k++)
    {
      gsize n = lengths[k];
      g_autoptr(GString) iri = g_string_new ("http://example.com/");
      g_autoptr(IriAnalysis) analysis = NULL;
      gsize expected[4];
      gsize n_expected = 0, found = 0;

      /* Each U+200B is one character, found where it is appended. */
#define APPEND_INVISIBLE(after) \
      G_STMT_START { \
        expected[n_expected++] = g_utf8_strlen (iri->str, -1); \
        g_string_append (iri, "\u200B" after); \
      } G_STMT_END
      for (gsize i = 0; i < n; i++)
        g_string_append_c (iri, 'a');
      APPEND_INVISIBLE ("b/");
      APPEND_INVISIBLE ("\u00E9/");
      for (gsize i = 0; i < 2 * n; i++)
        g_string_append_c (iri, 'c');
      APPEND_INVISIBLE ("?q=x");
      APPEND_INVISIBLE ("");
#undef APPEND_INVISIBLE

      analysis = iri_analyzer_analyze (get_default_analyzer (), iri->str, -1);
      for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

          if (!g_str_equal (iri_diagnostic_get_code (d), "invisible-character"))
            continue;
          g_assert_cmpuint (found, <, n_expected);
          g_assert_cmpuint (iri_diagnostic_get_start (d), ==, expected[found]);
          g_assert_cmpuint (iri_diagnostic_get_end (d), ==, expected[found] + 1);
          found++;
        }
      g_assert_cmpuint (found, ==, n_expected);
    }
}

/* The NFC quick check (UAX #15 §9) of a whole text, as
 * iri_safety_normalize_nfc() and the NFC check run it. */
static gboolean
nfc_quick_check (const gunichar *chars,
                 gsize           n)
{
  guint last_ccc = 0;

  for (gsize i = 0; i < n; i++)
    {
      if (!iri_safety_nfc_quick_check_step (chars[i], &last_ccc))
        return FALSE;
    }
  return TRUE;
}

/* Where the quick check says a text is NFC, g_utf8_normalize() must
 * leave it as it is; asserted for @chars.  Returns the quick check's
 * answer. */
static gboolean
assert_quick_check_agrees (const gunichar *chars,
                           gsize           n)
{
  g_autofree char *text = NULL;
  g_autofree char *nfc = NULL;
  g_autofree char *fast = NULL;

  if (!nfc_quick_check (chars, n))
    return FALSE;
  text = g_ucs4_to_utf8 (chars, n, NULL, NULL, NULL);
  nfc = g_utf8_normalize (text, -1, G_NORMALIZE_NFC);
  if (g_strcmp0 (nfc, text) != 0)
    {
      for (gsize i = 0; i < n; i++)
        g_test_message ("U+%04X", chars[i]);
    }
  g_assert_cmpstr (nfc, ==, text);
  fast = iri_safety_normalize_nfc (text, strlen (text));
  g_assert_cmpstr (fast, ==, nfc);
  return TRUE;
}

static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK || g_unichar_combining_class (c) != 0;
}

/* No character that composes with the one before it in GLib's
 * normalization (the second of a primary composite's two, which takes
 * in the Hangul syllables) passes the quick check: the table of
 * iri-safety-chars.c misses none of GLib's compositions. */
static void
test_nfc_quick_check_composites (void)
{
  guint n_composites = 0;

  for (gunichar c = 0; c <= 0x10FFFF; c++)
    {
      gunichar a, b, composed;
      guint last_ccc = 0;

      if (!g_unichar_decompose (c, &a, &b) || b == 0 ||
          !g_unichar_compose (a, b, &composed) || composed != c)
        continue;
      n_composites++;
      if (iri_safety_nfc_quick_check_step (b, &last_ccc))
        g_test_message ("U+%04X composes with U+%04X to U+%04X", b, a, c);
      g_assert_false (iri_safety_nfc_quick_check_step (b, &last_ccc));
    }
  /* 11 172 Hangul syllables and about a thousand others. */
  g_assert_cmpuint (n_composites, >, 12000);
}

/* The quick check against g_utf8_normalize(): every character alone;
 * every mark after and before letters of its own and other scripts,
 * composed and not; and every two marks of a block after a letter of
 * that block.  The fast path must also be taken for the Thai and
 * Devanagari text it was made for. */
static void
test_nfc_quick_check_normalize (void)
{
  static const gunichar bases[] = {
    'a', 'e', 0x00E9, 0x0915, 0x0928, 0x0E01, 0x0E2E, 0x0627, 0x05D0, 0x1100, 0xAC00,
    0x0B95, 0x0B9F, 0x0D15, 0x0DB4, 0x1000, 0x0F40, 0x1B05, 0x3042, 0x0645,
  };
  static const gunichar blocks[][2] = {
    { 0x0300, 0x036F }, { 0x0591, 0x05C7 }, { 0x0610, 0x065F }, { 0x0900, 0x097F },
    { 0x0980, 0x09FF }, { 0x0B80, 0x0BFF }, { 0x0D00, 0x0D7F }, { 0x0D80, 0x0DFF },
    { 0x0E00, 0x0E7F }, { 0x0F00, 0x0FFF }, { 0x1000, 0x109F }, { 0x1B00, 0x1B7F },
  };
  static const char * const texts[] = {
    "ภาษาไทย", "ตัวอย่าง", "น้ำ", "เก่า", "กรุงเทพมหานคร", "हिन्दी", "उदाहरण", "परीक्षा", "नमस्ते", "क्ष",
  };
  guint n_yes = 0;

  for (gunichar c = 0; c <= 0x10FFFF; c++)
    {
      if (c >= 0xD800 && c <= 0xDFFF)
        continue;
      n_yes += assert_quick_check_agrees (&c, 1);
    }
  /* Nearly every code point, assigned or not, is its own NFC. */
  g_assert_cmpuint (n_yes, >, 1000000);

  for (gunichar m = 0x80; m <= 0x1FFFF; m++)
    {
      if (!is_mark (m))
        continue;
      for (gsize b = 0; b < G_N_ELEMENTS (bases); b++)
        {
          gunichar after[2] = { bases[b], m };
          gunichar before[2] = { m, bases[b] };

          assert_quick_check_agrees (after, 2);
          assert_quick_check_agrees (before, 2);
        }
    }

  for (gsize k = 0; k < G_N_ELEMENTS (blocks); k++)
    for (gunichar m1 = blocks[k][0]; m1 <= blocks[k][1]; m1++)
      {
        if (!is_mark (m1))
          continue;
        for (gunichar m2 = blocks[k][0]; m2 <= blocks[k][1]; m2++)
          {
            for (gsize b = 0; b < G_N_ELEMENTS (bases); b++)
              {
                gunichar text[3] = { bases[b], m1, m2 };

                if (is_mark (m2))
                  assert_quick_check_agrees (text, 3);
              }
          }
      }

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      glong n;
      g_autofree gunichar *chars = g_utf8_to_ucs4 (texts[i], -1, NULL, &n, NULL);

      g_assert_true (assert_quick_check_agrees (chars, n));
    }
}

/* The host labels are kept on the stack up to a number of them
 * (CHECK_STACK_LABELS in iri-safety.c) and in a heap block beyond: a
 * finding in each label of hosts of either size, and the whole-host
 * checks that read them all. */
static void
test_many_labels (void)
{
  static const gsize counts[] = { 1, 2, 15, 16, 17, 40 };

  for (gsize k = 0; k < G_N_ELEMENTS (counts); k++)
    {
      g_autoptr(GString) iri = g_string_new ("http://");
      g_autoptr(IriAnalysis) analysis = NULL;
      g_autofree gsize *starts = g_new (gsize, counts[k]);
      gsize found = 0;

      for (gsize i = 0; i < counts[k]; i++)
        {
          /* "cafe" + U+0301 is not NFC; the finding spans the e and its mark. */
          g_string_append (iri, "caf");
          starts[i] = g_utf8_strlen (iri->str, -1);
          g_string_append (iri, "e\u0301.");
        }
      g_string_append (iri, "fr/");

      analysis = iri_analyzer_analyze (get_default_analyzer (), iri->str, -1);
      for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

          if (!g_str_equal (iri_diagnostic_get_code (d), "not-nfc"))
            continue;
          g_assert_cmpuint (found, <, counts[k]);
          g_assert_cmpuint (iri_diagnostic_get_start (d), ==, starts[found]);
          g_assert_cmpuint (iri_diagnostic_get_end (d), ==, starts[found] + 2);
          found++;
        }
      g_assert_cmpuint (found, ==, counts[k]);
    }

  /* The whole-script check reads every label kept: "аррӏе" (Cyrillic)
   * after that many ASCII labels reads as "apple". */
  for (gsize k = 0; k < G_N_ELEMENTS (counts); k++)
    {
      g_autoptr(GString) iri = g_string_new ("http://");
      g_autoptr(IriAnalysis) analysis = NULL;
      IriDiagnostic *d;
      gsize start;

      for (gsize i = 0; i < counts[k]; i++)
        g_string_append_printf (iri, "x%" G_GSIZE_FORMAT ".", i);
      start = g_utf8_strlen (iri->str, -1);
      g_string_append (iri, "\u0430\u0440\u0440\u04CF\u0435.com/");

      analysis = iri_analyzer_analyze (get_default_analyzer (), iri->str, -1);
      d = iri_test_find_diagnostic (analysis, "confusable-whole-script");
      g_assert_nonnull (d);
      g_assert_cmpuint (iri_diagnostic_get_start (d), ==, start);
      g_assert_cmpuint (iri_diagnostic_get_end (d), ==, start + 5);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/safety/skeleton/examples", test_skeleton_examples);
  g_test_add_func ("/iri/safety/skeleton/confusables-data", test_skeleton_confusables_data);
  g_test_add_func ("/iri/safety/restriction-level", test_restriction_level);
  g_test_add_func ("/iri/safety/char-info", test_char_info);
  add_cases ("/iri/safety/mixed-script", mixed_script_cases, G_N_ELEMENTS (mixed_script_cases));
  g_test_add_func ("/iri/safety/mixed-script/levels", test_mixed_script_levels);
  add_cases ("/iri/safety/whole-script", whole_script_cases, G_N_ELEMENTS (whole_script_cases));
  add_cases ("/iri/safety/mixed-numbers", mixed_numbers_cases, G_N_ELEMENTS (mixed_numbers_cases));
  add_cases ("/iri/safety/digit-letter", digit_letter_cases, G_N_ELEMENTS (digit_letter_cases));
  add_cases ("/iri/safety/restricted", restricted_cases, G_N_ELEMENTS (restricted_cases));
  add_cases ("/iri/safety/invisible", invisible_cases, G_N_ELEMENTS (invisible_cases));
  add_cases ("/iri/safety/lookalike", lookalike_cases, G_N_ELEMENTS (lookalike_cases));
  g_test_add_func ("/iri/safety/lookalike/confusables-data", test_lookalike_confusables_data);
  add_cases ("/iri/safety/compatibility", compatibility_cases, G_N_ELEMENTS (compatibility_cases));
  add_cases ("/iri/safety/not-nfc", not_nfc_cases, G_N_ELEMENTS (not_nfc_cases));
  add_cases ("/iri/safety/ascii", ascii_cases, G_N_ELEMENTS (ascii_cases));
  g_test_add_func ("/iri/safety/known-hosts", test_known_hosts);
  g_test_add_func ("/iri/safety/clean-labels-remembered", test_clean_labels_remembered);
  g_test_add_func ("/iri/safety/notation", test_notation);
  g_test_add_func ("/iri/safety/long-units", test_long_units);
  g_test_add_func ("/iri/safety/many-labels", test_many_labels);
  g_test_add_func ("/iri/safety/nfc-quick-check/composites", test_nfc_quick_check_composites);
  g_test_add_func ("/iri/safety/nfc-quick-check/normalize", test_nfc_quick_check_normalize);
  g_test_add_func ("/iri/safety/corpus", test_corpus);
  g_test_add_func ("/iri/safety/corpus-known-hosts", test_corpus_known_hosts);
  g_test_add_func ("/iri/safety/registrable-domain", test_registrable_domain);

  return g_test_run ();
}
