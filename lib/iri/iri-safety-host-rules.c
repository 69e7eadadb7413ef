/* iri-safety-host-rules.c: browser IDN rule families for host labels
 *
 * Before a browser shows a host label in Unicode it applies rules beyond
 * UTS #39's restriction levels (Chromium's docs/idn.md, "Google Chrome's
 * IDN policy"; Mozilla's "IDN Display Algorithm"; UTS #39 §5).  This file
 * has six of them, each a separate rule with its own diagnostic code:
 *
 * - confusable-digit-lookalike: a label made only of digits and
 *   characters that look like digits ("зб" reads "36");
 * - confusable-cjk-lookalike: an ideograph or a Bopomofo letter that
 *   looks like a Latin letter or a separator, next to characters that are
 *   not CJK ("g〇〇gle", "abc一def");
 * - confusable-kana: the Japanese marks that only follow kana or kanji
 *   (ー, ・, ゝ ゞ ヽ ヾ 々 〻) used elsewhere, and the kana that cannot be
 *   told from one of the other kana script (へ/ヘ) among that script;
 * - confusable-latin-cjk: Latin letters outside ASCII in a label with Han,
 *   Hangul or kana ("ébc中文");
 * - confusable-mark: a combining mark on a dotless ı or ȷ, or a dot-like
 *   mark on i or j, which makes a look-alike of a plain letter;
 * - restricted-host-character: the deny list of
 *   data/security/host-deny-list.txt.
 *
 * The character classes come from the Unicode data wherever it has them
 * (confusables.txt prototypes, Script_Extensions, the IDNA table), with
 * small supplements that cite their public sources.  The rules only see
 * non-ASCII labels: the analysis does not call them on its ASCII fast path.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "iri-char-private.h"
#include "iri-host-deny-table.h"
#include "iri-safety-host-rules-private.h"
#include "iri-safety.h"
#include "iri-ucd-private.h"

#define SPEC_BROWSER      "UTS #39 §5; browser IDN display rules"
#define SPEC_DIGITS       "UTS #39 §5.3, §5.4; browser IDN display rules"
#define SPEC_KANA         "RFC 5892 Appendix A.7; UTS #39 §5; browser IDN display rules"
#define SPEC_LATIN_CJK    "UTS #39 §5.2; browser IDN display rules"
#define SPEC_MARK         "UTS #39 §5.4; browser IDN display rules"
#define SPEC_DENIED       "UTS #39 §3.1; browser IDN display rules"

static const struct {
  const char *code;
  const char *spec;
} rules[IRI_HOST_RULE_N] = {
  [IRI_HOST_RULE_DIGIT_LOOKALIKE] = { "confusable-digit-lookalike", SPEC_DIGITS },
  [IRI_HOST_RULE_CJK_LOOKALIKE] = { "confusable-cjk-lookalike", SPEC_BROWSER },
  [IRI_HOST_RULE_KANA] = { "confusable-kana", SPEC_KANA },
  [IRI_HOST_RULE_LATIN_CJK] = { "confusable-latin-cjk", SPEC_LATIN_CJK },
  [IRI_HOST_RULE_MARK] = { "confusable-mark", SPEC_MARK },
  [IRI_HOST_RULE_DENIED] = { "restricted-host-character", SPEC_DENIED },
};

const char *
iri_host_rule_get_code (IriHostRule rule)
{
  g_return_val_if_fail (rule < IRI_HOST_RULE_N, NULL);
  return rules[rule].code;
}

const char *
iri_host_rule_get_spec (IriHostRule rule)
{
  g_return_val_if_fail (rule < IRI_HOST_RULE_N, NULL);
  return rules[rule].spec;
}

/* Every rule finds a spoofing risk: a warning (DESIGN.md §4). */
IriSeverity
iri_host_rule_get_severity (IriHostRule rule)
{
  g_return_val_if_fail (rule < IRI_HOST_RULE_N, IRI_SEVERITY_NONE);
  return IRI_SEVERITY_WARNING;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

#define SCX_MAX 16

static gboolean
has_script (gunichar       c,
            GUnicodeScript script)
{
  GUnicodeScript scx[SCX_MAX];
  guint n = iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx));

  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (scx)); i++)
    {
      if (scx[i] == script)
        return TRUE;
    }
  return FALSE;
}

/* Han, kana, Bopomofo or Hangul, by Script_Extensions, so that ー and
 * ・, which are Common, count as what they are used with. */
static gboolean
is_cjk (gunichar c)
{
  GUnicodeScript scx[SCX_MAX];
  guint n;

  if (c < 0x2E80)
    return (c >= 0x1100 && c <= 0x11FF);  /* Hangul jamo */
  n = iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx));
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (scx)); i++)
    {
      switch (scx[i])
        {
        case G_UNICODE_SCRIPT_HAN:
        case G_UNICODE_SCRIPT_HIRAGANA:
        case G_UNICODE_SCRIPT_KATAKANA:
        case G_UNICODE_SCRIPT_BOPOMOFO:
        case G_UNICODE_SCRIPT_HANGUL:
          return TRUE;
        default:
          break;
        }
    }
  return FALSE;
}

/* g_ascii_isdigit() takes a char: a code point would be cut to its low
 * byte. */
static inline gboolean
is_ascii_digit (gunichar c)
{
  return c >= '0' && c <= '9';
}

static gboolean
is_reported (const IriHostLabelInput *label,
             gsize                    i)
{
  return label->reported != NULL && label->reported[i] != 0;
}

static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK;
}

/* "U+0431 CYRILLIC SMALL LETTER BE (Cyrillic)" */
static void
append_char (GString  *out,
             gunichar  c)
{
  iri_char_append_describe (out, c);
  g_string_append_printf (out, " (%s)", iri_script_get_name (g_unichar_get_script (c)));
}

/* The first character named, then how many more there are. */
static char *
describe_chars (gunichar first,
                guint    count)
{
  GString *out = g_string_new (NULL);

  append_char (out, first);
  if (count > 1)
    /* Translators: appended to the name of a character; %u counts the
     * other characters with the same finding */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more character",
                                              " and %u more characters", count - 1),
                            count - 1);
  return g_string_free (out, FALSE);
}

static char *
quoted_chars (const gunichar *chars,
              gsize           n)
{
  g_autofree char *text = g_ucs4_to_utf8 (chars, n, NULL, NULL, NULL);

  return iri_quote (text != NULL ? text : "");
}

static void
emit (IriHostRule        rule,
      gsize              start,
      gsize              end,
      char              *message,
      char              *hint,
      IriHostRuleReport  report,
      gpointer           user_data,
      guint             *n_found)
{
  IriHostRuleFinding finding = { rule, start, end, message, hint };

  report (&finding, user_data);
  g_free (finding.message);
  g_free (finding.hint);
  (*n_found)++;
}

/* The script of the first letter of the TLD, or COMMON. */
static GUnicodeScript
tld_script (const char *tld)
{
  if (tld == NULL)
    return G_UNICODE_SCRIPT_COMMON;
  for (const char *p = tld; *p != '\0'; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));

      if (script != G_UNICODE_SCRIPT_COMMON && script != G_UNICODE_SCRIPT_INHERITED)
        return script;
    }
  return G_UNICODE_SCRIPT_COMMON;
}

/* ------------------------------------------------------------------ */
/* 1. Digit look-alikes                                                */
/* ------------------------------------------------------------------ */

/* The ASCII digit an ASCII prototype stands for: a digit 2–9 is its own
 * prototype, and confusables.txt gives "O" for 0 and "l" for 1. */
static gunichar
digit_of_prototype (const char *proto)
{
  if (proto == NULL || proto[0] == '\0' || proto[1] != '\0')
    return 0;
  if (proto[0] >= '2' && proto[0] <= '9')
    return proto[0];
  if (proto[0] == 'O' || proto[0] == 'o')
    return '0';
  if (proto[0] == 'l')
    return '1';
  return 0;
}

gunichar
iri_host_rules_digit_lookalike (gunichar c)
{
  gunichar digit;
  gunichar upper;

  if (c < 0x80)
    return 0;
  /* IDNA maps compatibility characters (U+1D7D0 MATHEMATICAL BOLD DIGIT
   * TWO) to the digit itself, so the host is the digit; they are
   * compatibility-character findings. */
  if (iri_ucd_get_identifier_type (c) & IRI_ID_TYPE_NOT_NFKC)
    return 0;

  /* Lower-case letters are read as their capitals too: a host label is
   * displayed in lower case, and U+0437 CYRILLIC SMALL LETTER ZE is drawn
   * like a small "3" although only its capital has that prototype. */
  digit = digit_of_prototype (iri_ucd_get_confusable (c));
  upper = g_unichar_toupper (c);
  if (digit == 0 && upper != c && upper >= 0x80)
    digit = digit_of_prototype (iri_ucd_get_confusable (upper));
  return digit;
}

/* A digit look-alike between two ASCII digits, in a label that has
 * letters too ("магазин2з4" reads "магазин234"): the number is read
 * across it.  Returns the index of the first one, or -1. */
static gssize
lookalike_among_digits (const IriHostLabelInput *label,
                        guint                   *count)
{
  gssize first = -1;

  *count = 0;
  for (gsize i = 1; i + 1 < label->n_chars; i++)
    {
      if (is_ascii_digit (label->chars[i - 1]) && is_ascii_digit (label->chars[i + 1]) &&
          iri_host_rules_digit_lookalike (label->chars[i]) != 0)
        {
          if ((*count)++ == 0)
            first = i;
        }
    }
  return first;
}

/* Whether the script of @c is native under the label's TLD: the TLD is
 * written in it ("مصر"), or it is an ASCII country-code TLD of a country
 * that writes it ("ru" for Cyrillic). */
static gboolean
is_native (const IriHostLabelInput *label,
           GUnicodeScript           script,
           gunichar                 c)
{
  if (script != G_UNICODE_SCRIPT_COMMON && script != G_UNICODE_SCRIPT_LATIN)
    return has_script (c, script);
  if (script == G_UNICODE_SCRIPT_LATIN && label->is_native_tld != NULL)
    return label->is_native_tld (g_unichar_get_script (c), label->tld);
  return FALSE;
}

/* Chromium's rule 11 ("if the label contains only digits and digit
 * spoofs, show punycode"): every character is an ASCII digit, a hyphen
 * or a digit look-alike, and one at least is a look-alike.  A label of
 * look-alikes that are all of a script native under the TLD is that
 * script's own number or word ("١١١.مصر", "зоо.ru"): not reported.  In a label with
 * letters, a look-alike between two ASCII digits is reported too: it
 * takes part in the number around it. */
static void
check_digit_lookalikes (const IriHostLabelInput *label,
                        IriHostRuleReport        report,
                        gpointer                 user_data,
                        guint                   *n_found)
{
  g_autofree gunichar *reading = NULL;
  gunichar first = 0;
  guint count = 0;
  gboolean only_digits = TRUE;
  gboolean native = TRUE;
  GUnicodeScript script = tld_script (label->tld);
  g_autofree char *who = NULL;
  g_autofree char *quoted = NULL;

  for (gsize i = 0; i < label->n_chars && only_digits; i++)
    {
      gunichar c = label->chars[i];

      if (is_ascii_digit (c) || c == '-')
        continue;
      if (iri_host_rules_digit_lookalike (c) == 0)
        {
          only_digits = FALSE;
          break;
        }
      if (count++ == 0)
        first = c;
      native &= is_native (label, script, c);
    }

  if (!only_digits)
    {
      gssize at = lookalike_among_digits (label, &count);
      g_autofree char *digits = NULL;

      if (at < 0)
        return;
      who = describe_chars (label->chars[at], count);
      digits = g_strdup_printf ("“%c”", (char) iri_host_rules_digit_lookalike (label->chars[at]));
      emit (IRI_HOST_RULE_DIGIT_LOOKALIKE, at, at + 1,
            /* Translators: the first %s names characters, the second is
             * the quoted digit that the first reads as */
            g_strdup_printf (_("%s stands between ASCII digits and looks like the digit %s, so the number it is part of is read wrong."),
                             who, digits),
            g_strdup (_("Do not trust the number you read in this host name; its punycode form shows what it really is.")),
            report, user_data, n_found);
      return;
    }
  if (count == 0 || native)
    return;

  reading = g_new (gunichar, label->n_chars);
  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar digit = iri_host_rules_digit_lookalike (label->chars[i]);

      reading[i] = digit != 0 ? digit : label->chars[i];
    }
  who = describe_chars (first, count);
  quoted = quoted_chars (reading, label->n_chars);
  emit (IRI_HOST_RULE_DIGIT_LOOKALIKE, 0, label->n_chars,
        /* Translators: the first %s names characters, the second is a
         * quoted number */
        g_strdup_printf (_("The host label is made only of digits and characters that look like digits (%s), so it can be read as the number %s."),
                         who, quoted),
        g_strdup (_("Do not trust the number you read in this host name; its punycode form shows what it really is.")),
        report, user_data, n_found);
}

/* ------------------------------------------------------------------ */
/* 2. CJK look-alikes of Latin letters and separators                  */
/* ------------------------------------------------------------------ */

/* Supplement to confusables.txt, which only gives ASCII prototypes to
 * 〇 (O), 丶 (\), 丿 and ノ (/), and gives 一 the prototype ー (in the
 * class of — and －) and 丨 none in Latin.  The ideographs are the
 * cross-script look-alikes listed on the IETF idna-update list ("The
 * lookalike problem(s)", 26 November 2006) and in issue 13; the Bopomofo
 * letters are the ones drawn from those ideographs (ㄧ from 一, ㄈ from
 * 匚, ㄒ from 丅, ㄚ from 丫, ㄩ from 凵, ㄥ from 乚, ㄨ from 乂, ㄇ from
 * 冂).  What a character looks like is a plain ASCII string; a separator
 * is one of "-", "/", "\", ".". */
static const struct {
  gunichar    c;
  const char *looks_like;
} cjk_lookalikes[] = {
  { 0x3007, "o" },    /* 〇 IDEOGRAPHIC NUMBER ZERO */
  { 0x3107, "n" },    /* ㄇ BOPOMOFO LETTER M */
  { 0x3108, "c" },    /* ㄈ BOPOMOFO LETTER F */
  { 0x3112, "t" },    /* ㄒ BOPOMOFO LETTER X */
  { 0x311A, "y" },    /* ㄚ BOPOMOFO LETTER A */
  { 0x3125, "l" },    /* ㄥ BOPOMOFO LETTER ENG */
  { 0x3127, "-" },    /* ㄧ BOPOMOFO LETTER I */
  { 0x3128, "x" },    /* ㄨ BOPOMOFO LETTER U */
  { 0x3129, "u" },    /* ㄩ BOPOMOFO LETTER IU */
  { 0x4E00, "-" },    /* 一 */
  { 0x4E03, "t" },    /* 七 */
  { 0x4E05, "t" },    /* 丅 */
  { 0x4E28, "l" },    /* 丨 */
  { 0x4E2B, "y" },    /* 丫 */
  { 0x4E36, "." },    /* 丶 */
  { 0x4E3F, "/" },    /* 丿 */
  { 0x4E40, "\\" },   /* 乀 */
  { 0x4E42, "x" },    /* 乂 */
  { 0x4E59, "z" },    /* 乙 */
  { 0x4E5A, "l" },    /* 乚 */
  { 0x4E85, "j" },    /* 亅 */
  { 0x5182, "n" },    /* 冂 */
  { 0x51F5, "u" },    /* 凵 */
  { 0x531A, "c" },    /* 匚 */
  { 0x5338, "c" },    /* 匸 */
  { 0x535C, "t" },    /* 卜 */
  { 0x53E3, "o" },    /* 口 */
  { 0x5DE5, "i" },    /* 工 */
};

const char *
iri_host_rules_cjk_lookalike (gunichar  c,
                              gboolean *separator)
{
  const char *looks_like = NULL;
  gsize lo = 0, hi = G_N_ELEMENTS (cjk_lookalikes);

  if (c < 0x2E80)
    return NULL;
  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;

      if (cjk_lookalikes[mid].c == c)
        {
          looks_like = cjk_lookalikes[mid].looks_like;
          break;
        }
      if (cjk_lookalikes[mid].c < c)
        lo = mid + 1;
      else
        hi = mid;
    }

  /* The rest of the data: a Han, Bopomofo or kana character whose
   * prototype is one ASCII letter, digit or separator. */
  if (looks_like == NULL && is_cjk (c))
    {
      const char *proto = iri_ucd_get_confusable (c);

      if (proto != NULL && proto[0] != '\0' && proto[1] == '\0' &&
          (g_ascii_isalnum (proto[0]) || strchr ("-/\\.", proto[0]) != NULL))
        looks_like = proto;
    }

  if (separator != NULL)
    *separator = looks_like != NULL && !g_ascii_isalnum (looks_like[0]);
  return looks_like;
}

/* A look-alike is read as what it imitates when it stands next to
 * characters that are not CJK (Chromium's "dangerous patterns" do the
 * same for ー, 一 and the slash-like kana and ideographs).  A letter
 * look-alike is only reported when the label has no other CJK
 * character: in "e口座" the 座 shows the reader that this is Japanese,
 * while "g〇〇gle" reads as Latin throughout.  A separator look-alike
 * next to Latin always changes how the label reads ("abc一def"). */
static void
check_cjk_lookalikes (const IriHostLabelInput *label,
                      IriHostRuleReport        report,
                      gpointer                 user_data,
                      guint                    *n_found)
{
  gboolean other_cjk = FALSE;
  gsize first_at = G_MAXSIZE, last_at = 0;
  guint count = 0;
  g_autofree gunichar *reading = NULL;
  g_autofree char *who = NULL;
  g_autofree char *quoted = NULL;
  const char *first_looks = NULL;

  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar c = label->chars[i];

      if (c >= 0x80 && is_cjk (c) && iri_host_rules_cjk_lookalike (c, NULL) == NULL)
        other_cjk = TRUE;
    }

  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar c = label->chars[i];
      gboolean separator;
      const char *looks_like;
      gboolean foreign_neighbour;

      if (c < 0x2E80 || is_reported (label, i))
        continue;
      looks_like = iri_host_rules_cjk_lookalike (c, &separator);
      if (looks_like == NULL)
        continue;
      foreign_neighbour = (i > 0 && !is_cjk (label->chars[i - 1])) ||
                          (i + 1 < label->n_chars && !is_cjk (label->chars[i + 1]));
      if (!foreign_neighbour || (!separator && other_cjk))
        continue;
      if (count++ == 0)
        {
          first_at = i;
          first_looks = looks_like;
        }
      last_at = i;
    }
  if (count == 0)
    return;

  /* The label as it reads, with each look-alike taken for what it
   * imitates (one ASCII character each). */
  reading = g_new (gunichar, label->n_chars);
  for (gsize i = 0; i < label->n_chars; i++)
    {
      const char *looks_like = label->chars[i] >= 0x2E80
        ? iri_host_rules_cjk_lookalike (label->chars[i], NULL) : NULL;

      reading[i] = looks_like != NULL ? (gunichar) looks_like[0] : label->chars[i];
    }
  who = describe_chars (label->chars[first_at], count);
  quoted = quoted_chars (reading, label->n_chars);
  {
    g_autofree char *shown = iri_quote (first_looks);

    emit (IRI_HOST_RULE_CJK_LOOKALIKE, first_at, last_at + 1,
          /* Translators: the first %s names CJK characters, the second is
           * what the first looks like (quoted), the third how the host
           * label then reads (quoted) */
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s and stands next to characters that are not Chinese, Japanese or Korean, so the host label can be read as %s.",
                                        "%s look like Latin letters or separators (the first like %s) and stand next to characters that are not Chinese, Japanese or Korean, so the host label can be read as %s.", count),
                           who, shown, quoted),
          g_strdup (_("If the name is not meant to mix CJK characters with Latin ones, do not trust it.")),
          report, user_data, n_found);
  }
}

/* ------------------------------------------------------------------ */
/* 3. Japanese: marks that follow kana or kanji, and kana twins         */
/* ------------------------------------------------------------------ */

#define PROLONGED_SOUND_MARK 0x30FC
#define KATAKANA_MIDDLE_DOT  0x30FB

#define MAX_KANA_TWINS 16

static gunichar kana_twins[MAX_KANA_TWINS][2];
static guint n_kana_twins;

/* The pairs of Katakana and Hiragana letters with the same skeleton,
 * from confusables.txt: ヘ has the prototype へ, and the voiced forms
 * decompose to them with the same sound mark (べ/ベ, ぺ/ペ). */
static void
init_kana_twins (void)
{
  static gsize initialized;

  if (!g_once_init_enter (&initialized))
    return;

  for (gunichar k = 0x30A1; k <= 0x30FA; k++)
    {
      gunichar base = k, mark = 0, h;
      const char *proto;
      gunichar p;

      if (!g_unichar_decompose (k, &base, &mark))
        {
          base = k;
          mark = 0;
        }
      proto = iri_ucd_get_confusable (base);
      if (proto == NULL)
        continue;
      p = g_utf8_get_char (proto);
      if (*g_utf8_next_char (proto) != '\0' || g_unichar_get_script (p) != G_UNICODE_SCRIPT_HIRAGANA)
        continue;
      h = p;
      if (mark != 0 && !g_unichar_compose (p, mark, &h))
        continue;
      if (n_kana_twins < MAX_KANA_TWINS)
        {
          kana_twins[n_kana_twins][0] = k;
          kana_twins[n_kana_twins][1] = h;
          n_kana_twins++;
        }
    }
  g_once_init_leave (&initialized, 1);
}

gunichar
iri_host_rules_kana_twin (gunichar c)
{
  if (c < 0x3041 || c > 0x30FF)
    return 0;
  init_kana_twins ();
  for (guint i = 0; i < n_kana_twins; i++)
    {
      if (kana_twins[i][0] == c)
        return kana_twins[i][1];
      if (kana_twins[i][1] == c)
        return kana_twins[i][0];
    }
  return 0;
}

static gboolean
is_kana_letter (gunichar c)
{
  GUnicodeScript script = g_unichar_get_script (c);

  return (script == G_UNICODE_SCRIPT_HIRAGANA || script == G_UNICODE_SCRIPT_KATAKANA) &&
         g_unichar_type (c) == G_UNICODE_OTHER_LETTER;
}

/* What may come before an iteration mark: the letter it repeats. */
static gboolean
iteration_mark_follows (gunichar mark,
                        gunichar before)
{
  switch (mark)
    {
    case 0x309D:  /* ゝ HIRAGANA ITERATION MARK */
    case 0x309E:  /* ゞ HIRAGANA VOICED ITERATION MARK */
      return g_unichar_get_script (before) == G_UNICODE_SCRIPT_HIRAGANA &&
             g_unichar_type (before) == G_UNICODE_OTHER_LETTER;
    case 0x30FD:  /* ヽ KATAKANA ITERATION MARK */
    case 0x30FE:  /* ヾ KATAKANA VOICED ITERATION MARK */
      return g_unichar_get_script (before) == G_UNICODE_SCRIPT_KATAKANA &&
             g_unichar_type (before) == G_UNICODE_OTHER_LETTER;
    case 0x3005:  /* 々 IDEOGRAPHIC ITERATION MARK */
    case 0x303B:  /* 〻 VERTICAL IDEOGRAPHIC ITERATION MARK */
      return g_unichar_get_script (before) == G_UNICODE_SCRIPT_HAN &&
             g_unichar_type (before) == G_UNICODE_OTHER_LETTER;
    default:
      return TRUE;
    }
}

static gboolean
is_iteration_mark (gunichar c)
{
  return c == 0x309D || c == 0x309E || c == 0x30FD || c == 0x30FE || c == 0x3005 || c == 0x303B;
}

typedef enum {
  KANA_PROLONGED,
  KANA_MIDDLE_DOT,
  KANA_ITERATION,
  KANA_TWIN,
  N_KANA_FINDINGS,
} KanaFinding;

/* Whether the kana @c at @i stands among letters of the other kana
 * script only: "へルプ" with a Hiragana へ imitates "ヘルプ".  The
 * Hiragana particle へ ("to") at the end of a label, after Katakana, is
 * grammatical Japanese ("ホームへ") and is not reported. */
static gboolean
twin_among_other_script (const IriHostLabelInput *label,
                         gsize                    i)
{
  gunichar c = label->chars[i];
  GUnicodeScript own = g_unichar_get_script (c);
  GUnicodeScript other = own == G_UNICODE_SCRIPT_HIRAGANA ? G_UNICODE_SCRIPT_KATAKANA
                                                          : G_UNICODE_SCRIPT_HIRAGANA;
  guint n_other = 0;

  if (i > 0)
    {
      gunichar before = label->chars[i - 1];

      if (!is_kana_letter (before) || g_unichar_get_script (before) != other)
        return FALSE;
      n_other++;
    }
  if (i + 1 < label->n_chars)
    {
      gunichar after = label->chars[i + 1];

      if (!is_kana_letter (after) || g_unichar_get_script (after) != other)
        return FALSE;
      n_other++;
    }
  else if (c == 0x3078 && n_other > 0)
    return FALSE;
  return n_other > 0;
}

static void
check_kana (const IriHostLabelInput *label,
            IriHostRuleReport        report,
            gpointer                 user_data,
            guint                   *n_found)
{
  gssize first[N_KANA_FINDINGS] = { -1, -1, -1, -1 };
  guint counts[N_KANA_FINDINGS] = { 0, };
  gboolean has_japanese = FALSE;

  /* RFC 5892 A.7: a label with ・ has Hiragana, Katakana or Han. */
  for (gsize i = 0; i < label->n_chars && !has_japanese; i++)
    {
      gunichar c = label->chars[i];

      has_japanese = c != KATAKANA_MIDDLE_DOT && c != PROLONGED_SOUND_MARK &&
                     (g_unichar_get_script (c) == G_UNICODE_SCRIPT_HIRAGANA ||
                      g_unichar_get_script (c) == G_UNICODE_SCRIPT_KATAKANA ||
                      g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN);
    }

  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar c = label->chars[i];
      int kind = -1;

      if (c < 0x3005 || c > 0x30FF || is_reported (label, i))
        continue;

      if (c == PROLONGED_SOUND_MARK)
        {
          /* It lengthens the vowel of the kana before it (ラーメン); after
           * anything else, or at the start, it is a dash (Firefox: "U+30FC
           * should be preceded by a Hiragana/Katakana"). */
          gunichar before = i > 0 ? label->chars[i - 1] : 0;

          if (before == 0 || !(is_kana_letter (before) || before == PROLONGED_SOUND_MARK ||
                               before == 0x3099 || before == 0x309A))
            kind = KANA_PROLONGED;
        }
      else if (c == KATAKANA_MIDDLE_DOT)
        {
          /* It separates Japanese words (乾燥肌・石けん); next to Latin
           * letters, or at an edge, it reads as a dot. */
          gboolean ok = has_japanese && i > 0 && i + 1 < label->n_chars;

          for (gsize k = i - (i > 0); ok && k <= i + 1 && k < label->n_chars; k++)
            {
              gunichar n = label->chars[k];

              if (k == i)
                continue;
              ok = n >= 0x80 && n != KATAKANA_MIDDLE_DOT &&
                   (has_script (n, G_UNICODE_SCRIPT_HIRAGANA) ||
                    has_script (n, G_UNICODE_SCRIPT_KATAKANA) ||
                    has_script (n, G_UNICODE_SCRIPT_HAN));
            }
          if (!ok)
            kind = KANA_MIDDLE_DOT;
        }
      else if (is_iteration_mark (c))
        {
          gunichar before = i > 0 ? label->chars[i - 1] : 0;

          if (before == 0 || !iteration_mark_follows (c, before))
            kind = KANA_ITERATION;
        }
      else if (iri_host_rules_kana_twin (c) != 0 && twin_among_other_script (label, i))
        kind = KANA_TWIN;

      if (kind < 0)
        continue;
      if (counts[kind]++ == 0)
        first[kind] = i;
    }

  for (int kind = 0; kind < N_KANA_FINDINGS; kind++)
    {
      g_autofree char *who = NULL;
      gunichar c;
      char *message;
      char *hint;

      if (counts[kind] == 0)
        continue;
      /* The span and the message are about the first offender; the
       * others are the same mistake. */
      c = label->chars[first[kind]];
      who = describe_chars (c, 1);
      switch (kind)
        {
        case KANA_PROLONGED:
          /* Translators: %s names characters */
          message = g_strdup_printf (_("%s lengthens the vowel of a kana before it, but here it does not follow a kana, so it reads as a dash."),
                                     who);
          hint = g_strdup (_("Use the prolonged sound mark only after Hiragana or Katakana."));
          break;
        case KANA_MIDDLE_DOT:
          /* Translators: %s names characters */
          message = g_strdup_printf (_("%s separates Japanese words, but here it is not between Hiragana, Katakana or Han characters, so it reads as a dot that splits the host name."),
                                     who);
          hint = g_strdup (_("Use the Katakana middle dot only between Japanese words."));
          break;
        case KANA_ITERATION:
          /* Translators: %s names characters */
          message = g_strdup_printf (_("%s repeats the character before it, but it does not follow a character of its own script (Hiragana, Katakana or Han), so it only imitates another character."),
                                     who);
          hint = g_strdup (_("Write the repeated character, or use the iteration mark only after a character it can repeat."));
          break;
        case KANA_TWIN:
        default:
          {
            g_autofree char *twin = describe_chars (iri_host_rules_kana_twin (c), 1);

            /* Translators: the first %s names kana characters, the second
             * the kana of the other script that looks the same */
            message = g_strdup_printf (_("%s stands among letters of the other kana script, where it cannot be told from %s."),
                                       who, twin);
            hint = g_strdup (_("Write the word in one kana script, or do not trust that this is the name it looks like."));
            break;
          }
        }
      emit (IRI_HOST_RULE_KANA, first[kind], first[kind] + 1, message, hint,
            report, user_data, n_found);
    }
}

/* ------------------------------------------------------------------ */
/* 6. Latin outside ASCII with Han, Hangul or kana                      */
/* ------------------------------------------------------------------ */

/* UTS #39's highly restrictive level allows Latin with Han, Japanese and
 * Korean, because Chinese, Japanese and Korean names are written with
 * ASCII letters ("abc中文"); browsers only allow the ASCII ones
 * (Chromium's docs/idn.md: "Latin characters in the ASCII range can be
 * mixed ONLY with Chinese …, Japanese … or Korean").  Accented Latin
 * letters among CJK characters are used by no language and imitate the
 * plain ones. */
static void
check_latin_cjk (const IriHostLabelInput *label,
                 IriHostRuleReport        report,
                 gpointer                 user_data,
                 guint                   *n_found)
{
  gssize latin = -1, cjk = -1;
  gunichar shown_latin = 0;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  for (gsize i = 0; i < label->n_chars && (latin < 0 || cjk < 0); i++)
    {
      gunichar c = label->chars[i];
      GUnicodeScript script;

      if (c < 0x80)
        continue;
      script = g_unichar_get_script (c);
      if (latin < 0 && !is_reported (label, i))
        {
          /* A Latin letter outside ASCII, or a mark on an ASCII letter
           * (a text not in NFC). */
          if (script == G_UNICODE_SCRIPT_LATIN && g_unichar_isalpha (c))
            {
              latin = i;
              shown_latin = c;
            }
          else if (is_mark (c) && script == G_UNICODE_SCRIPT_INHERITED && i > 0 &&
                   label->chars[i - 1] < 0x80 && g_ascii_isalpha (label->chars[i - 1]))
            {
              latin = i - 1;
              shown_latin = c;
            }
        }
      if (cjk < 0 && (script == G_UNICODE_SCRIPT_HAN || script == G_UNICODE_SCRIPT_HANGUL ||
                      script == G_UNICODE_SCRIPT_HIRAGANA || script == G_UNICODE_SCRIPT_KATAKANA ||
                      script == G_UNICODE_SCRIPT_BOPOMOFO))
        cjk = i;
    }
  if (latin < 0 || cjk < 0)
    return;

  a = describe_chars (shown_latin, 1);
  b = describe_chars (label->chars[cjk], 1);
  emit (IRI_HOST_RULE_LATIN_CJK, 0, label->n_chars,
        /* Translators: the first %s names a Latin character, the second
         * a Chinese, Japanese or Korean one */
        g_strdup_printf (_("The host label mixes a Latin letter outside ASCII, %s, with %s: Chinese, Japanese and Korean names mix only with ASCII letters, and an accented letter among them imitates a plain one."),
                         a, b),
        g_strdup (_("Write the Latin part of the name with ASCII letters.")),
        report, user_data, n_found);
}

/* ------------------------------------------------------------------ */
/* 7. Marks on dotless i and j, and dots on i and j                     */
/* ------------------------------------------------------------------ */

static gboolean
is_dotless (gunichar c)
{
  return c == 0x0131 || c == 0x0237;  /* ı ȷ */
}

/* The soft-dotted letters of the scripts that the analysis allows with
 * Latin diacritics (PropList.txt Soft_Dotted): a mark above replaces
 * their dot. */
static gboolean
is_soft_dotted (gunichar c)
{
  return c == 'i' || c == 'j' || c == 0x0456 || c == 0x0458;  /* i j і ј */
}

/* A mark drawn as a dot above: U+0307 and the marks whose prototype it
 * is (U+0358 COMBINING DOT ABOVE RIGHT, the Hebrew and Arabic upper
 * dots). */
static gboolean
is_dot_above (gunichar c)
{
  const char *proto;

  if (c == 0x0307)
    return TRUE;
  proto = iri_ucd_get_confusable (c);
  return proto != NULL && g_utf8_get_char (proto) == 0x0307 && *g_utf8_next_char (proto) == '\0';
}

/* Firefox and Chromium show punycode for a combining mark after a
 * dotless i or j: "ı" + U+0300 is drawn like "ì", "ı" + U+0307 like "i".
 * The same for a second dot on i or j ("i" + U+0358), which then looks
 * like the plain letter (UTS #39 §5.4: "base character + nonspacing mark
 * that look the same as the base character alone").  U+0307 on i, j, l
 * and ı is invisible-character already and is left to it through the
 * "reported" flags. */
static void
check_marks (const IriHostLabelInput *label,
             IriHostRuleReport        report,
             gpointer                 user_data,
             guint                   *n_found)
{
  gssize first = -1, base_at = -1;
  gssize base = -1;   /* the last character that is not a mark: kept as we go, so
                       * that a long run of marks stays linear */
  guint count = 0;

  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar c = label->chars[i];

      if (!is_mark (c))
        {
          base = i;
          continue;
        }
      if (c < 0x300 || g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
        continue;
      if (base < 0 || is_reported (label, i))
        continue;
      if (is_dotless (label->chars[base]) ||
          (is_soft_dotted (label->chars[base]) && is_dot_above (c)))
        {
          if (count++ == 0)
            {
              first = i;
              base_at = base;
            }
        }
    }
  if (count == 0)
    return;

  {
    g_autofree char *who = describe_chars (label->chars[first], 1);
    g_autofree char *on = describe_chars (label->chars[base_at], 1);

    emit (IRI_HOST_RULE_MARK, base_at, first + 1,
          /* Translators: the first %s names combining marks, the second
           * the letter they are on */
          g_strdup_printf (is_dotless (label->chars[base_at])
                             ? _("%s is a combining mark on %s, a letter without a dot; together they look like a plain or accented “i” or “j”.")
                             : _("%s puts a dot on %s, which already has one, so the letter looks unchanged."),
                           who, on),
          g_strdup (_("Write the letter with its precomposed form or without the mark; do not trust a host name that needs it.")),
          report, user_data, n_found);
  }
}

/* ------------------------------------------------------------------ */
/* 9. Characters with no place in a host name                           */
/* ------------------------------------------------------------------ */

/* The reasons of data/security/host-deny-list.txt, for the user. */
static const char * const deny_reasons[] = {
  [IRI_HOST_DENY_OVERLAY] = N_("it is a combining overlay that strikes through the letter before it"),
  [IRI_HOST_DENY_PUNCTUATION] = N_("it looks like an apostrophe, a quotation mark, a comma or an underscore, which a host name cannot contain"),
  [IRI_HOST_DENY_HYPHEN] = N_("it looks like the hyphen-minus but is another character"),
  [IRI_HOST_DENY_DOT] = N_("it looks like the full stop that separates host labels"),
  [IRI_HOST_DENY_COLON] = N_("it looks like the colon before the port"),
  [IRI_HOST_DENY_EQUALS] = N_("it looks like an equals sign"),
  [IRI_HOST_DENY_LETTER] = N_("it is a rare letter shaped like a common one"),
  [IRI_HOST_DENY_CLICK] = N_("it is a click letter shaped like a punctuation mark"),
};
G_STATIC_ASSERT (G_N_ELEMENTS (deny_reasons) == IRI_HOST_DENY_N_REASONS);

const char *
iri_host_rules_deny_reason (gunichar c)
{
  gsize lo = 0, hi = IRI_HOST_DENY_TABLE_LEN;

  if (c < iri_host_deny_table[0].c)
    return NULL;
  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;

      if (iri_host_deny_table[mid].c == c)
        return _(deny_reasons[iri_host_deny_table[mid].reason]);
      if (iri_host_deny_table[mid].c < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

static void
check_denied (const IriHostLabelInput *label,
              IriHostRuleReport        report,
              gpointer                 user_data,
              guint                   *n_found)
{
  gssize first = -1;
  gsize last = 0;
  guint count = 0;

  for (gsize i = 0; i < label->n_chars; i++)
    {
      if (label->chars[i] < 0x80 || is_reported (label, i) ||
          iri_host_rules_deny_reason (label->chars[i]) == NULL)
        continue;
      if (count++ == 0)
        first = i;
      last = i;
    }
  if (count == 0)
    return;

  {
    gunichar c = label->chars[first];
    g_autofree char *who = describe_chars (c, count);

    emit (IRI_HOST_RULE_DENIED, first, last + 1,
          /* Translators: the first %s names characters, the second says
           * why the first has no place in a host name (such as "it looks
           * like the colon before the port") */
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has no place in a host name: %s. Browsers show host names with it as punycode.",
                                        "%s have no place in a host name (the first because %s). Browsers show host names with them as punycode.", count),
                           who, iri_host_rules_deny_reason (c)),
          g_strdup (_("Do not trust the host name you read; its punycode form shows what it really is.")),
          report, user_data, n_found);
  }
}

/* ------------------------------------------------------------------ */

/* What a label must have for a rule family to report anything, found
 * in one pass so that the families that cannot are not run: each of
 * them looks at every character, with script or type lookups, and most
 * labels give at most the digit family something to look at. */
typedef enum {
  MAY_CJK_LOOKALIKE = 1 << 0,   /* a character from U+2E80, where check_cjk_lookalikes()
                                 * starts looking */
  MAY_KANA          = 1 << 1,   /* one in U+3005..U+30FF, those check_kana() looks at */
  MAY_LATIN_CJK     = 1 << 2,   /* one that can be Han, Hangul, Hiragana, Katakana or
                                 * Bopomofo: from U+1100, or U+02EA, U+02EB (Bopomofo
                                 * tone marks); test-host-rules.c checks that GLib
                                 * gives those scripts to nothing else below */
  MAY_MARK          = 1 << 3,   /* a dotless or soft-dotted letter, the base of every
                                 * finding of check_marks() */
  MAY_DENIED        = 1 << 4,   /* one at or after the first of the deny list */
  MAY_ALL           = (1 << 5) - 1,
} MayReport;

static MayReport
may_report (const IriHostLabelInput *label)
{
  MayReport may = 0;

  for (gsize i = 0; i < label->n_chars; i++)
    {
      gunichar c = label->chars[i];

      if (c < 0x80)
        {
          if (c == 'i' || c == 'j')
            may |= MAY_MARK;
          continue;
        }
      if (c >= 0x2E80)
        may |= MAY_CJK_LOOKALIKE;
      if (c >= 0x3005 && c <= 0x30FF)
        may |= MAY_KANA;
      if (c >= 0x1100 || c == 0x02EA || c == 0x02EB)
        may |= MAY_LATIN_CJK;
      if (is_dotless (c) || is_soft_dotted (c))
        may |= MAY_MARK;
      if (c >= iri_host_deny_table[0].c)
        may |= MAY_DENIED;
    }
  return may;
}

static guint
check_label (const IriHostLabelInput *label,
             MayReport                may,
             IriHostRuleReport        report,
             gpointer                 user_data)
{
  guint n_found = 0;

  if (label->n_chars == 0)
    return 0;

  check_digit_lookalikes (label, report, user_data, &n_found);
  if (may & MAY_CJK_LOOKALIKE)
    check_cjk_lookalikes (label, report, user_data, &n_found);
  if (may & MAY_KANA)
    check_kana (label, report, user_data, &n_found);
  if (may & MAY_LATIN_CJK)
    check_latin_cjk (label, report, user_data, &n_found);
  if (may & MAY_MARK)
    check_marks (label, report, user_data, &n_found);
  if (may & MAY_DENIED)
    check_denied (label, report, user_data, &n_found);
  return n_found;
}

guint
iri_host_rules_check_label (const IriHostLabelInput *label,
                            IriHostRuleReport        report,
                            gpointer                 user_data)
{
  g_return_val_if_fail (label != NULL, 0);
  g_return_val_if_fail (report != NULL, 0);

  return check_label (label, may_report (label), report, user_data);
}

guint
iri_host_rules_check_label_all (const IriHostLabelInput *label,
                                IriHostRuleReport        report,
                                gpointer                 user_data)
{
  g_return_val_if_fail (label != NULL, 0);
  g_return_val_if_fail (report != NULL, 0);

  return check_label (label, MAY_ALL, report, user_data);
}
