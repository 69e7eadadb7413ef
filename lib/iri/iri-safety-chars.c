/* iri-safety-chars.c: per-character findings (UTS #39 §3.1, §5.4; RFC 3987bis §5.1b)
 *
 * Each non-ASCII character of a unit is classified once: a look-alike
 * of a delimiter (the table of RFC 3987bis §2.2 delimiters below), a
 * default-ignorable character or joiner out of its context, a mark that
 * hides or piles up, a compatibility character, a character restricted
 * in identifiers.  Adjacent characters with the same finding are
 * reported as one run.  The per-character facts that take a
 * decomposition or a skeleton to find are cached here for the BMP.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <fribidi.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-safety-check-private.h"
#include "iri-script-set-private.h"
#include "iri-skeleton-private.h"
#include "iri-ucd-private.h"

/* The codes are spelled out where they are used, so that
 * tests/check-diagnostics-doc.py finds them; these are the same strings. */
#define CODE_RESTRICTED     "restricted-character"
#define CODE_INVISIBLE      "invisible-character"
#define CODE_LOOKALIKE      "lookalike-delimiter"
#define CODE_COMPATIBILITY  "compatibility-character"

#define SPEC_RESTRICTED     "UTS #39 §3.1"
#define SPEC_INVISIBLE      "UTS #39 §5.4"
#define SPEC_JOINER         "RFC 5892 Appendix A.1, A.2; UTS #39 §5.4"
#define SPEC_LOOKALIKE      "RFC 3987bis §5.1b"
#define SPEC_COMPATIBILITY  "RFC 3987bis §5.1b, §7.5"

#define ZWNJ 0x200C
#define ZWJ  0x200D

/* The kinds of per-character findings; a run of adjacent characters
 * with the same kind is one diagnostic. */
typedef enum {
  KIND_LOOKALIKE,
  KIND_IGNORABLE,
  KIND_ZWNJ,
  KIND_ZWJ,
  KIND_REPEATED_MARK,
  KIND_TOO_MANY_MARKS,
  KIND_MARK_SCRIPT,
  KIND_HIDDEN_MARK,
  KIND_LEADING_MARK,
  KIND_COMPATIBILITY,
  KIND_RESTRICTED,
} FindingKind;

typedef struct {
  FindingKind  kind;
  IriSeverity  severity;
  guint        delimiter;   /* KIND_LOOKALIKE: index in delimiters[] */
} Finding;

/* The delimiters of RFC 3987bis §2.2 and the characters around them
 * whose look-alikes §5.1b warns about: "space", "delims" and "unwise".
 * The order is the order in which a look-alike is matched. */
enum {
  DELIMITER_SLASH,
  DELIMITER_DOT,
  DELIMITER_COLON,
  DELIMITER_QUESTION,
  DELIMITER_HASH,
  DELIMITER_AT,
  DELIMITER_AMPERSAND,
  DELIMITER_EQUALS,
  DELIMITER_PERCENT,
  DELIMITER_BACKSLASH,
  DELIMITER_OPEN_BRACKET,
  DELIMITER_CLOSE_BRACKET,
  DELIMITER_HYPHEN,
  DELIMITER_SPACE,
  N_DELIMITERS,
};

static const struct {
  char        c;
  const char *role;   /* translatable */
} delimiters[N_DELIMITERS] = {
  [DELIMITER_SLASH] = { '/', N_("the path separator") },
  [DELIMITER_DOT] = { '.', N_("the dot that separates host labels and file-name extensions") },
  [DELIMITER_COLON] = { ':', N_("the colon after the scheme and before the port") },
  [DELIMITER_QUESTION] = { '?', N_("the start of the query") },
  [DELIMITER_HASH] = { '#', N_("the start of the fragment") },
  [DELIMITER_AT] = { '@', N_("the end of the user information") },
  [DELIMITER_AMPERSAND] = { '&', N_("the separator of query parameters") },
  [DELIMITER_EQUALS] = { '=', N_("the separator of a query name and its value") },
  [DELIMITER_PERCENT] = { '%', N_("the start of a percent-encoding") },
  [DELIMITER_BACKSLASH] = { '\\', N_("the backslash, which browsers read as a slash") },
  [DELIMITER_OPEN_BRACKET] = { '[', N_("a bracket of an IP literal") },
  [DELIMITER_CLOSE_BRACKET] = { ']', N_("a bracket of an IP literal") },
  [DELIMITER_HYPHEN] = { '-', N_("the hyphen") },
  [DELIMITER_SPACE] = { ' ', N_("a space, which an IRI cannot contain") },
};

static Finding lookalike_findings[N_DELIMITERS][2];

static const Finding finding_ignorable = { KIND_IGNORABLE, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_zwnj = { KIND_ZWNJ, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_zwj = { KIND_ZWJ, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_repeated_mark = { KIND_REPEATED_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_too_many_marks = { KIND_TOO_MANY_MARKS, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_mark_script = { KIND_MARK_SCRIPT, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_hidden_mark = { KIND_HIDDEN_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_leading_mark = { KIND_LEADING_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_compatibility_host = { KIND_COMPATIBILITY, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_compatibility = { KIND_COMPATIBILITY, IRI_SEVERITY_INFO, 0 };
static const Finding finding_restricted = { KIND_RESTRICTED, IRI_SEVERITY_WARNING, 0 };

static const Finding *
get_lookalike_finding (guint       delimiter,
                       IriSeverity severity)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      for (guint d = 0; d < N_DELIMITERS; d++)
        {
          lookalike_findings[d][0] = (Finding) { KIND_LOOKALIKE, IRI_SEVERITY_INFO, d };
          lookalike_findings[d][1] = (Finding) { KIND_LOOKALIKE, IRI_SEVERITY_WARNING, d };
        }
      g_once_init_leave (&initialized, 1);
    }
  return &lookalike_findings[delimiter][severity == IRI_SEVERITY_WARNING];
}

static const char *
finding_code (const Finding *finding)
{
  switch (finding->kind)
    {
    case KIND_LOOKALIKE:
      return CODE_LOOKALIKE;
    case KIND_COMPATIBILITY:
      return CODE_COMPATIBILITY;
    case KIND_RESTRICTED:
      return CODE_RESTRICTED;
    case KIND_IGNORABLE:
    case KIND_ZWNJ:
    case KIND_ZWJ:
    case KIND_REPEATED_MARK:
    case KIND_TOO_MANY_MARKS:
    case KIND_MARK_SCRIPT:
    case KIND_HIDDEN_MARK:
    case KIND_LEADING_MARK:
    default:
      return CODE_INVISIBLE;
    }
}

/* Where in the characters a delimiter look-alike is found: the
 * delimiter index, or -1.  The skeleton of "%" is "º/₀" (three
 * characters), which must count as "%" and not as a "/". */
static int
find_delimiter (const char *text)
{
  static const char percent_skeleton[] = "\xC2\xBA/\xE2\x82\x80";
  gboolean only_spaces = *text != '\0';

  for (const char *p = text; *p != '\0'; p++)
    only_spaces = only_spaces && *p == ' ';
  if (only_spaces)
    return DELIMITER_SPACE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (strncmp (p, percent_skeleton, sizeof percent_skeleton - 1) == 0)
        return DELIMITER_PERCENT;
      if ((guchar) *p >= 0x80 || *p == ' ')
        continue;
      for (guint d = 0; d < N_DELIMITERS; d++)
        {
          if (delimiters[d].c == *p)
            return d;
        }
    }
  return -1;
}

/* Supplement: the slash-like kana and ideographs of Chromium's
 * "dangerous pattern".  confusables.txt maps U+30CE KATAKANA LETTER NO
 * and U+4E3F 丿 to "/" and U+4E36 丶 to "\", which the skeleton rule
 * finds; these five have no entry because next to other kana they do
 * not look like a slash, but next to Latin letters, in many fonts,
 * they do. */
static gboolean
is_cjk_slash_like (gunichar c)
{
  return c == 0x30BD || c == 0x30BE || c == 0x30F3 || c == 0x4E40 || c == 0x4E41;
}

/* Whether @c looks like a delimiter, and what it looks like (written to
 * @looks_like).  Derived from the data: the skeleton of @c (UTS #39 §4)
 * or its NFKC form has a delimiter in it.  Supplements: every space
 * separator, line and paragraph separator and U+2800 BRAILLE PATTERN
 * BLANK look like a space (confusables.txt lists only some: U+3000
 * IDEOGRAPHIC SPACE is missing); the IDNA label separators U+3002,
 * U+FF0E, U+FF61 act as a dot in a host (UTS #46 maps them to "."; the
 * prototype of U+3002 is a ring, not a dot); the slash-like kana
 * above.  Digits are never look-alikes of delimiters here: U+0660
 * ARABIC-INDIC DIGIT ZERO has the prototype ".", and flagging every
 * Arabic zero would be absurd; digit confusion has checks of its own. */
static int
lookalike_delimiter_uncached (gunichar  c,
                              char      looks_like[IRI_CHAR_SKELETON_MAX])
{
  GUnicodeType type = g_unichar_type (c);
  int d;

  if (type == G_UNICODE_DECIMAL_NUMBER)
    return -1;
  if (type == G_UNICODE_SPACE_SEPARATOR || type == G_UNICODE_LINE_SEPARATOR ||
      type == G_UNICODE_PARAGRAPH_SEPARATOR || c == 0x2800)
    {
      strcpy (looks_like, " ");
      return DELIMITER_SPACE;
    }
  if (c == 0x3002 || c == 0xFF0E || c == 0xFF61)
    {
      strcpy (looks_like, ".");
      return DELIMITER_DOT;
    }

  iri_char_skeleton (c, looks_like);
  d = find_delimiter (looks_like);
  if (d >= 0)
    return d;

  if (iri_ucd_get_identifier_type (c) & IRI_ID_TYPE_NOT_NFKC)
    {
      char one[8];
      g_autofree char *nfkc = NULL;

      one[g_unichar_to_utf8 (c, one)] = '\0';
      nfkc = g_utf8_normalize (one, -1, G_NORMALIZE_NFKC);
      if (nfkc != NULL && (d = find_delimiter (nfkc)) >= 0)
        {
          g_strlcpy (looks_like, nfkc, IRI_CHAR_SKELETON_MAX);
          return d;
        }
    }

  if (is_cjk_slash_like (c))
    {
      strcpy (looks_like, "/");
      return DELIMITER_SLASH;
    }
  return -1;
}

/* Whether @c, between @before and @after (0 at the edge of the unit), is
 * used as part of the text around it: a neighbour shares a script with
 * it (a Hindi visarga between Devanagari letters, an Armenian full stop
 * after an Armenian word), or it is a CJK or full-width punctuation mark
 * next to CJK text.  §7.5: "native writers of a given script … will know
 * best when ambiguities can appear". */
static gboolean
in_native_context_of (gunichar c,
                      gunichar before,
                      gunichar after)
{
  gunichar neighbours[2] = { before, after };
  IriScriptSet mine;
  gboolean specific = iri_char_script_set (c, &mine);
  gboolean cjk_punctuation = !specific &&
                             ((c >= 0x3000 && c <= 0x303F) || (c >= 0xFE30 && c <= 0xFE4F) ||
                              (c >= 0xFF00 && c <= 0xFFEF));

  if (!specific && !cjk_punctuation)
    return FALSE;

  for (guint side = 0; side < G_N_ELEMENTS (neighbours); side++)
    {
      IriScriptSet theirs;

      if (neighbours[side] == 0)
        continue;
      if (!iri_char_script_set (neighbours[side], &theirs))
        continue;
      if (specific ? iri_script_set_intersects (&mine, &theirs) : iri_script_set_is_cjk (&theirs))
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_native_context (Check *check,
                   gsize  i)
{
  return in_native_context_of (CHAR_AT (check, i),
                               i > 0 ? CHAR_AT (check, i - 1) : 0,
                               i + 1 < check->n_chars ? CHAR_AT (check, i + 1) : 0);
}

/* RFC 5892 Appendix A.1 and A.2 (CONTEXTJ): a ZERO WIDTH NON-JOINER
 * after a virama, or between a left-joining and a right-joining letter
 * (with transparent characters around it), as Persian writes
 * "می‌خواهم"; a ZERO WIDTH JOINER after a virama.  Joining types come
 * from FriBidi.  Outside the host, a ZERO WIDTH JOINER inside an emoji
 * sequence (👩‍💻) is also where it belongs. */
/* How many transparent characters (marks) the joining context of a
 * ZWNJ may skip; no script puts more on one letter, and a bound keeps a
 * line of marks linear. */
#define MAX_TRANSPARENT 16

static gboolean
joiner_in_context (Check    *check,
                   gsize     i,
                   gboolean  in_host)
{
  gunichar c = CHAR_AT (check, i);
  gsize n = check->n_chars;

  if (i > 0 && g_unichar_combining_class (CHAR_AT (check, i - 1)) == 9)
    return TRUE;

  if (c == ZWNJ)
    {
      gboolean left = FALSE, right = FALSE;

      for (gsize k = i; k > 0 && i - k < MAX_TRANSPARENT; k--)
        {
          FriBidiJoiningType t = fribidi_get_joining_type (CHAR_AT (check, k - 1));

          if (t == FRIBIDI_JOINING_TYPE_T)
            continue;
          left = t == FRIBIDI_JOINING_TYPE_L || t == FRIBIDI_JOINING_TYPE_D;
          break;
        }
      for (gsize k = i + 1; k < n && k - i <= MAX_TRANSPARENT; k++)
        {
          FriBidiJoiningType t = fribidi_get_joining_type (CHAR_AT (check, k));

          if (t == FRIBIDI_JOINING_TYPE_T)
            continue;
          right = t == FRIBIDI_JOINING_TYPE_R || t == FRIBIDI_JOINING_TYPE_D;
          break;
        }
      return left && right;
    }

  if (!in_host && i > 0 && i + 1 < n)
    {
      gunichar before = CHAR_AT (check, i - 1);
      GUnicodeType next = g_unichar_type (CHAR_AT (check, i + 1));
      GUnicodeType prev = g_unichar_type (before);

      return (prev == G_UNICODE_OTHER_SYMBOL || prev == G_UNICODE_MODIFIER_SYMBOL ||
              before == 0xFE0F) &&
             next == G_UNICODE_OTHER_SYMBOL;
    }
  return FALSE;
}

/* The joiner rule of the per-character check for a ZWNJ or ZWJ that
 * URI → IRI conversion would decode, with only its two decoded
 * neighbours to go by (0 at the edge of the unit): after a virama, a
 * ZWNJ between a left- and a right-joining letter (Persian "می‌خواهم"),
 * a ZWJ in an emoji sequence outside the host.  Stricter than
 * joiner_in_context(), which skips transparent characters: what this
 * accepts the analysis accepts too, so a joiner shown decoded is one the
 * analysis would not flag (RFC 5892 Appendix A.1, A.2). */
gboolean
iri_safety_display_joiner (gunichar c,
                           gunichar before,
                           gunichar after,
                           gboolean in_host)
{
  if (c != ZWNJ && c != ZWJ)
    return FALSE;
  if (before != 0 && g_unichar_combining_class (before) == 9)
    return TRUE;
  if (c == ZWNJ)
    {
      FriBidiJoiningType left, right;

      if (before == 0 || after == 0)
        return FALSE;
      left = fribidi_get_joining_type (before);
      right = fribidi_get_joining_type (after);
      return (left == FRIBIDI_JOINING_TYPE_L || left == FRIBIDI_JOINING_TYPE_D) &&
             (right == FRIBIDI_JOINING_TYPE_R || right == FRIBIDI_JOINING_TYPE_D);
    }
  if (!in_host && before != 0 && after != 0)
    {
      GUnicodeType prev = g_unichar_type (before);

      return (prev == G_UNICODE_OTHER_SYMBOL || prev == G_UNICODE_MODIFIER_SYMBOL ||
              before == 0xFE0F) &&
             g_unichar_type (after) == G_UNICODE_OTHER_SYMBOL;
    }
  return FALSE;
}

/* Default-ignorable characters that are where they belong outside the
 * host: variation selectors after a symbol or an ideograph (emoji and
 * standardized variation sequences, keycaps), Mongolian free variation
 * selectors after Mongolian letters.  IDNA allows none of them in a
 * host. */
static gboolean
selector_in_context (Check *check,
                     gsize  i)
{
  gunichar c = CHAR_AT (check, i);
  gunichar before;
  GUnicodeType type;

  if (i == 0)
    return FALSE;
  before = CHAR_AT (check, i - 1);
  type = g_unichar_type (before);

  if (c >= 0xFE00 && c <= 0xFE0F)
    return type == G_UNICODE_OTHER_SYMBOL || type == G_UNICODE_MATH_SYMBOL ||
           type == G_UNICODE_MODIFIER_SYMBOL ||
           g_unichar_get_script (before) == G_UNICODE_SCRIPT_HAN ||
           (i + 1 < check->n_chars && CHAR_AT (check, i + 1) == 0x20E3);
  if ((c >= 0x180B && c <= 0x180D) || c == 0x180F)
    return g_unichar_get_script (before) == G_UNICODE_SCRIPT_MONGOLIAN;
  return FALSE;
}

/* UTS #39 §5.4 looks at the nonspacing marks that follow one base
 * character, in NFD.  Returns the finding for the mark at @i, or NULL. */
#define MAX_CLUSTER_MARKS 4

/* A cluster longer than this is cut: it is reported long before. */
#define MAX_MARKS_LOOKED_AT 32

/* The nonspacing and enclosing marks of characters [base, end) in NFD,
 * sorted by combining class (stably, as canonical ordering does).
 * Returns how many there are (at most @size). */
static gsize
cluster_marks (Check    *check,
               gsize     base,
               gsize     end,
               gunichar *marks,
               gsize     size)
{
  gsize n_marks = 0;

  for (gsize k = base; k < end; k++)
    {
      gunichar decomposition[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
      gsize n = g_unichar_fully_decompose (CHAR_AT (check, k), FALSE, decomposition,
                                           G_N_ELEMENTS (decomposition));

      for (gsize m = 0; m < n && n_marks < size; m++)
        {
          GUnicodeType t = g_unichar_type (decomposition[m]);

          if (t == G_UNICODE_NON_SPACING_MARK || t == G_UNICODE_ENCLOSING_MARK)
            marks[n_marks++] = decomposition[m];
        }
    }

  for (gsize a = 1; a < n_marks; a++)
    {
      for (gsize b = a; b > 0 && g_unichar_combining_class (marks[b - 1]) >
                                 g_unichar_combining_class (marks[b]); b--)
        {
          gunichar t = marks[b];

          marks[b] = marks[b - 1];
          marks[b - 1] = t;
        }
    }
  return n_marks;
}

/* Canonical ordering keeps equal marks next to each other. */
static gboolean
has_repeated_mark (const gunichar *marks,
                   gsize           n)
{
  for (gsize a = 1; a < n; a++)
    {
      if (marks[a] == marks[a - 1])
        return TRUE;
    }
  return FALSE;
}

static const Finding *
check_mark (Check *check,
            gsize  i)
{
  gunichar c = CHAR_AT (check, i);
  GUnicodeType type = g_unichar_type (c);
  gsize base;
  gunichar base_char;
  gunichar marks[MAX_MARKS_LOOKED_AT], marks_before[MAX_MARKS_LOOKED_AT];
  gsize n_marks, n_before;
  IriScriptSet mark_set, base_set;
  gboolean mark_specific, base_specific;

  /* The base: the closest character before that is neither a mark nor
   * default-ignorable (a ZWJ between a virama and the next letter),
   * kept by iri_safety_check_chars() as it goes. */
  if (check->base < 0)
    return &finding_leading_mark;
  base = check->base;

  /* A cluster this long was reported when it passed MAX_CLUSTER_MARKS;
   * looking at it again for every further mark would make a line of a
   * million marks quadratic. */
  if (i - base > MAX_MARKS_LOOKED_AT)
    return NULL;

  base_char = CHAR_AT (check, base);

  /* The script of the mark must be one of its base's (Firefox's rule,
   * from UTS #39 §5.1 applied to a base and its marks).  Inherited marks
   * without Script_Extensions, the diacritics of U+0300–U+036F, belong
   * to Latin, Greek and Cyrillic. */
  mark_specific = iri_char_script_set (c, &mark_set);
  base_specific = iri_char_script_set (base_char, &base_set);
  if (base_specific)
    {
      if (mark_specific && !iri_script_set_intersects (&mark_set, &base_set))
        return &finding_mark_script;
      if (!mark_specific && c >= 0x300 && c <= 0x36F &&
          !iri_script_set_has (&base_set, G_UNICODE_SCRIPT_LATIN) &&
          !iri_script_set_has (&base_set, G_UNICODE_SCRIPT_GREEK) &&
          !iri_script_set_has (&base_set, G_UNICODE_SCRIPT_CYRILLIC))
        return &finding_mark_script;
    }

  /* §5.4: "base character + nonspacing mark that look the same as the
   * base character alone": a dot above a letter that already has one
   * (or a dotless i, which then looks like i). */
  if (c == 0x0307 &&
      (base_char == 'i' || base_char == 'j' || base_char == 'l' || base_char == 0x0131 ||
       base_char == 0x0237 || base_char == 0x0456 || base_char == 0x0458 || base_char == 0x04CF))
    return &finding_hidden_mark;

  if (type == G_UNICODE_SPACING_MARK)
    return NULL;

  /* The nonspacing marks of the cluster in NFD, with and without this
   * one: a finding is reported on the mark that makes it. */
  n_before = cluster_marks (check, base, i, marks_before, G_N_ELEMENTS (marks_before));
  n_marks = cluster_marks (check, base, i + 1, marks, G_N_ELEMENTS (marks));

  if (n_marks > MAX_CLUSTER_MARKS && n_before <= MAX_CLUSTER_MARKS)
    return &finding_too_many_marks;
  if (has_repeated_mark (marks, n_marks) && !has_repeated_mark (marks_before, n_before))
    return &finding_repeated_mark;
  return NULL;
}

/* Whether NFC keeps @c as it is when it is not followed by a mark: it
 * has no canonical decomposition, or it is a primary composite. */
static gboolean
is_nfc_stable_uncached (gunichar c)
{
  gunichar a, b, composed;

  if (c >= 0xAC00 && c <= 0xD7A3)
    return TRUE;
  if (!g_unichar_decompose (c, &a, &b))
    return TRUE;
  return b != 0 && g_unichar_compose (a, b, &composed) && composed == c;
}

/* Whether NFC leaves @c as it is wherever it stands in a text whose
 * every character is like it: it has combining class 0, is not a mark,
 * cannot compose with what precedes it (may_compose_with_previous():
 * the conjoining jamo, and characters of later Unicode versions such
 * as Kirat Rai's vowel sign E, a letter that composes with itself) and
 * is stable under NFC. */
static gboolean may_compose_with_previous (gunichar c);

static gboolean
is_nfc_inert_uncached (gunichar c)
{
  return g_unichar_combining_class (c) == 0 && !iri_safety_is_mark_type (g_unichar_type (c)) &&
         !may_compose_with_previous (c) && is_nfc_stable_uncached (c);
}

G_STATIC_ASSERT (N_DELIMITERS < FACT_DELIMITER);

static guint8 char_facts[0x10000];

guint8
iri_safety_get_char_facts (gunichar c)
{
  guint8 facts = __atomic_load_n (&char_facts[c], __ATOMIC_RELAXED);

  if (facts == 0)
    {
      char looks_like[IRI_CHAR_SKELETON_MAX];
      int d = lookalike_delimiter_uncached (c, looks_like);

      gunichar a, b;

      facts = FACT_KNOWN | (is_nfc_stable_uncached (c) ? FACT_NFC_STABLE : 0) | (guint8) (d + 1);
      if (is_nfc_inert_uncached (c))
        facts |= FACT_NFC_INERT;
      if (g_unichar_combining_class (c) == 0 && !g_unichar_decompose (c, &a, &b))
        facts |= FACT_NFD_STABLE;
      __atomic_store_n (&char_facts[c], facts, __ATOMIC_RELAXED);
    }
  return facts;
}

gboolean
iri_safety_is_nfc_stable (gunichar c)
{
  if (c > 0xFFFF)
    return is_nfc_stable_uncached (c);
  return (iri_safety_get_char_facts (c) & FACT_NFC_STABLE) != 0;
}

/* Whether a text made of characters like @c is its own NFC
 * (is_nfc_inert_uncached()); every text of most scripts is.  Asked of
 * every character of every unit that is not ASCII, so it is one of the
 * facts. */
gboolean
iri_safety_is_nfc_inert (gunichar c)
{
  if (c < 0x300)
    return TRUE;
  if (c > 0xFFFF)
    return is_nfc_inert_uncached (c);
  return (iri_safety_get_char_facts (c) & FACT_NFC_INERT) != 0;
}

/* The characters that are the second of the two a canonical
 * decomposition of UnicodeData.txt 15.0 (data/unicode/15.0.0) gives:
 * all those that can compose with the character before them, so a
 * superset of NFC_Quick_Check=Maybe (UAX #15 §9), which leaves out
 * those whose composite is excluded.  A larger set only sends more
 * texts to g_utf8_normalize().  The conjoining jamo, which compose by
 * algorithm (Unicode §3.12), are tested apart.  test-safety.c checks
 * against GLib's own compositions that none is missing. */
static const struct {
  gunichar first, last;
} composing_ranges[] = {
  { 0x0300, 0x0304 }, { 0x0306, 0x030C }, { 0x030F, 0x030F }, { 0x0311, 0x0311 },
  { 0x0313, 0x0314 }, { 0x031B, 0x031B }, { 0x0323, 0x0328 }, { 0x032D, 0x032E },
  { 0x0330, 0x0331 }, { 0x0338, 0x0338 }, { 0x0342, 0x0342 }, { 0x0345, 0x0345 },
  { 0x05B4, 0x05B4 }, { 0x05B7, 0x05B9 }, { 0x05BC, 0x05BC }, { 0x05BF, 0x05BF },
  { 0x05C1, 0x05C2 }, { 0x0653, 0x0655 }, { 0x093C, 0x093C }, { 0x09BC, 0x09BC },
  { 0x09BE, 0x09BE }, { 0x09D7, 0x09D7 }, { 0x0A3C, 0x0A3C }, { 0x0B3C, 0x0B3C },
  { 0x0B3E, 0x0B3E }, { 0x0B56, 0x0B57 }, { 0x0BBE, 0x0BBE }, { 0x0BD7, 0x0BD7 },
  { 0x0C56, 0x0C56 }, { 0x0CC2, 0x0CC2 }, { 0x0CD5, 0x0CD6 }, { 0x0D3E, 0x0D3E },
  { 0x0D57, 0x0D57 }, { 0x0DCA, 0x0DCA }, { 0x0DCF, 0x0DCF }, { 0x0DDF, 0x0DDF },
  { 0x0F72, 0x0F72 }, { 0x0F74, 0x0F74 }, { 0x0F80, 0x0F80 }, { 0x0FB5, 0x0FB5 },
  { 0x0FB7, 0x0FB7 }, { 0x102E, 0x102E }, { 0x1B35, 0x1B35 }, { 0x3099, 0x309A },
  { 0x110BA, 0x110BA }, { 0x11127, 0x11127 }, { 0x1133E, 0x1133E }, { 0x11357, 0x11357 },
  { 0x114B0, 0x114B0 }, { 0x114BA, 0x114BA }, { 0x114BD, 0x114BD }, { 0x115AF, 0x115AF },
  { 0x11930, 0x11930 }, { 0x1D165, 0x1D165 }, { 0x1D16E, 0x1D172 },
};

static gboolean
may_compose_with_previous (gunichar c)
{
  gsize lo = 0, hi = G_N_ELEMENTS (composing_ranges);
  GUnicodeScript script = G_UNICODE_SCRIPT_UNKNOWN;

  if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF))
    return TRUE;
  /* The table is Unicode 15.0's, and GLib's normalization may know a
   * later version: Unicode 16.0 made Tulu-Tigalari's AU length mark
   * (U+113C9) and Kirat Rai's vowel sign E (U+16D67, a letter, which
   * composes with itself) the second of a composite, and Debian 13's
   * GLib composes them.  A character that 15.0 does not assign
   * (Scripts.txt gives it no script) but GLib does may compose: the
   * text is then normalized to know. */
  iri_ucd_get_script_extensions (c, &script, 1);
  if (script == G_UNICODE_SCRIPT_UNKNOWN)
    {
      GUnicodeType type = g_unichar_type (c);

      if (type != G_UNICODE_UNASSIGNED && type != G_UNICODE_PRIVATE_USE && type != G_UNICODE_SURROGATE)
        return TRUE;
    }
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (c < composing_ranges[mid].first)
        hi = mid;
      else if (c > composing_ranges[mid].last)
        lo = mid + 1;
      else
        return TRUE;
    }
  return FALSE;
}

/* One step of the NFC quick check of UAX #15 §9 over a text, with
 * @last_ccc the combining class of the character before @c (0 at the
 * start).  Returns FALSE for No or Maybe, where the text must be
 * normalized to know; TRUE while every character so far is Yes and the
 * combining classes of the marks are in canonical order, in which case
 * the text so far is its own NFC.  A character is Yes when it is inert
 * (iri_safety_is_nfc_inert()), or else when NFC keeps it
 * (iri_safety_is_nfc_stable(): not excluded from composition, not a
 * singleton) and it composes with nothing before it: the marks of Thai,
 * Devanagari and most scripts. */
gboolean
iri_safety_nfc_quick_check_step_slow (gunichar  c,
                                      guint    *last_ccc)
{
  guint ccc;

  if (iri_safety_is_nfc_inert (c))
    {
      *last_ccc = 0;
      return TRUE;
    }
  if (!iri_safety_is_nfc_stable (c) || may_compose_with_previous (c))
    return FALSE;
  ccc = g_unichar_combining_class (c);
  if (ccc != 0 && *last_ccc > ccc)
    return FALSE;
  *last_ccc = ccc;
  return TRUE;
}

/* lookalike_delimiter_uncached(), answered from the facts for the
 * characters that look like no delimiter (all but a few hundred). */
static int
lookalike_delimiter (gunichar  c,
                     char      looks_like[IRI_CHAR_SKELETON_MAX])
{
  if (c <= 0xFFFF && (iri_safety_get_char_facts (c) & FACT_DELIMITER) == 0)
    {
      looks_like[0] = '\0';
      return -1;
    }
  return lookalike_delimiter_uncached (c, looks_like);
}

/* The look-alike rule of the per-character check for a character that
 * URI → IRI conversion would decode (RFC 3987bis §3.7 step 4, §5.1b), so
 * that what the analysis calls a look-alike of a delimiter is never shown
 * decoded.  Kept encoded: every look-alike in a host label; elsewhere
 * every one but a dash (a hyphen has no role in the syntax outside the
 * host) — punctuation of the surrounding script too, which the analysis
 * only notes, because a reader who does not know the script may still
 * take it for the delimiter.  A letter or mark among letters of its own
 * non-Latin script is part of a word (ノ in ノート) and is decoded. */
gboolean
iri_safety_display_lookalike (gunichar     c,
                              gunichar     before,
                              gunichar     after,
                              gboolean     in_host,
                              char       **out_looks_like,
                              const char **out_role)
{
  char looks_like[IRI_CHAR_SKELETON_MAX];
  GUnicodeType type;
  IriScriptSet own;
  int d;

  if (c < 0x80)
    return FALSE;
  d = lookalike_delimiter (c, looks_like);
  if (d < 0)
    return FALSE;
  if (!in_host && d == DELIMITER_HYPHEN)
    return FALSE;

  type = g_unichar_type (c);
  if ((iri_safety_is_mark_type (type) || type == G_UNICODE_LOWERCASE_LETTER ||
       type == G_UNICODE_UPPERCASE_LETTER || type == G_UNICODE_TITLECASE_LETTER ||
       type == G_UNICODE_MODIFIER_LETTER || type == G_UNICODE_OTHER_LETTER) &&
      in_native_context_of (c, before, after) &&
      !(iri_char_script_set (c, &own) && iri_script_set_has (&own, G_UNICODE_SCRIPT_LATIN)))
    return FALSE;

  if (out_looks_like != NULL)
    *out_looks_like = iri_quote (looks_like);
  if (out_role != NULL)
    *out_role = _(delimiters[d].role);
  return TRUE;
}

/* Supplement: letters that have a compatibility decomposition for
 * historical encoding reasons but are the ordinary spelling of their
 * writing system — U+0E33 THAI CHARACTER SARA AM (in "น้ำ", "ทำ"), U+0EB3
 * LAO VOWEL SIGN AM, U+0EDC and U+0EDD LAO HO NO and HO MO, U+0587
 * ARMENIAN SMALL LIGATURE ECH YIWN (in "Երևան").  They are not the
 * "variants for compatibility reasons, for example for typographic
 * purposes" of §7.5, and nobody types their NFKC forms; a note on every
 * Thai word would drown the real ones.  In a host they are still
 * reported, because IDNA2008 disallows them and UTS #46 maps them. */
static gboolean
is_usual_compatibility_letter (gunichar c)
{
  return c == 0x0E33 || c == 0x0EB3 || c == 0x0EDC || c == 0x0EDD || c == 0x0587;
}

/* The finding for the non-ASCII character at @i of @u, if any.  One
 * finding per character, the most specific first: a full-width solidus
 * is a look-alike of "/" before it is a compatibility character. */
static const Finding *
classify_char (Check          *check,
               const UnitText *u,
               gsize           i,
               char            looks_like[IRI_CHAR_SKELETON_MAX])
{
  gunichar c = CHAR_AT (check, i);
  gboolean in_host = u->kind == IRI_COMPONENT_HOST_LABEL;
  GUnicodeType type = g_unichar_type (c);
  guint bits;
  int d;

  /* What the parser reports already: bidi formatting characters
   * (§4.1), characters outside ucschar (private use outside the query,
   * noncharacters, specials), unassigned code points. */
  if (iri_char_is_bidi_formatting (c) || type == G_UNICODE_UNASSIGNED ||
      type == G_UNICODE_PRIVATE_USE || type == G_UNICODE_SURROGATE || type == G_UNICODE_CONTROL ||
      !iri_char_is_allowed_non_ascii (c, TRUE))
    return NULL;
  if (iri_char_kind (c) == IRI_CHAR_IPRIVATE && u->kind != IRI_COMPONENT_QUERY_NAME &&
      u->kind != IRI_COMPONENT_QUERY_VALUE)
    return NULL;

  d = lookalike_delimiter (c, looks_like);
  if (d >= 0)
    {
      gboolean letter = iri_safety_is_mark_type (type) || type == G_UNICODE_LOWERCASE_LETTER ||
                        type == G_UNICODE_UPPERCASE_LETTER || type == G_UNICODE_TITLECASE_LETTER ||
                        type == G_UNICODE_MODIFIER_LETTER || type == G_UNICODE_OTHER_LETTER;
      gboolean native = in_native_context (check, i);
      IriScriptSet own;

      /* A letter or mark between letters of its own script is part of
       * a word (ノ in ノート, a visarga in दुःख).  Not in Latin text: IRIs
       * are written with Latin letters and ASCII delimiters side by
       * side, so a Latin letter that looks like "?" (U+0294 LATIN LETTER
       * GLOTTAL STOP) reads as one there. */
      if (letter && native && !(iri_char_script_set (c, &own) &&
                                iri_script_set_has (&own, G_UNICODE_SCRIPT_LATIN)))
        return NULL;
      if (in_host)
        return get_lookalike_finding (d, IRI_SEVERITY_WARNING);
      /* Outside the host a hyphen has no role in the syntax: a dash
       * changes a name, not the structure (and titles are full of
       * en dashes); and punctuation of the text around it is noted
       * only. */
      if (d == DELIMITER_HYPHEN || (!letter && native && d != DELIMITER_SPACE))
        return get_lookalike_finding (d, IRI_SEVERITY_INFO);
      return get_lookalike_finding (d, IRI_SEVERITY_WARNING);
    }

  if (c == ZWNJ || c == ZWJ)
    {
      if (joiner_in_context (check, i, in_host))
        return NULL;
      return c == ZWNJ ? &finding_zwnj : &finding_zwj;
    }
  if (iri_ucd_is_default_ignorable (c))
    {
      if (!in_host && selector_in_context (check, i))
        return NULL;
      return &finding_ignorable;
    }
  if (iri_safety_is_mark_type (type))
    {
      const Finding *mark = check_mark (check, i);

      if (mark != NULL)
        return mark;
    }

  bits = iri_ucd_get_identifier_type (c);
  if ((bits & IRI_ID_TYPE_NOT_NFKC) && iri_safety_is_nfc_stable (c))
    {
      if (in_host)
        return &finding_compatibility_host;
      if (!is_usual_compatibility_letter (c))
        return &finding_compatibility;
    }

  if (in_host && !iri_ucd_is_identifier_allowed (c))
    return &finding_restricted;

  return NULL;
}

/* Why a character is restricted, from its Identifier_Type. */
static const char *
restricted_reason (gunichar c)
{
  guint bits = iri_ucd_get_identifier_type (c);

  if (bits & IRI_ID_TYPE_EXCLUSION)
    return _("its script is not in modern use");
  if (bits & IRI_ID_TYPE_OBSOLETE)
    return _("it is obsolete");
  if (bits & IRI_ID_TYPE_LIMITED_USE)
    return _("its script is in limited use");
  if (bits & IRI_ID_TYPE_UNCOMMON_USE)
    return _("it is rarely used");
  if (bits & IRI_ID_TYPE_TECHNICAL)
    return _("it is a technical character");
  if (bits & IRI_ID_TYPE_DEPRECATED)
    return _("it is deprecated");
  if (bits & IRI_ID_TYPE_NOT_XID)
    return _("it is not a letter, mark or digit");
  if (bits & IRI_ID_TYPE_DEFAULT_IGNORABLE)
    return _("it is invisible");
  return _("it is not recommended for identifiers");
}

/* "U+2215 DIVISION SLASH (Common)" or "… and 2 more characters". */
static char *
describe_run (const IriRun *run)
{
  GString *out = g_string_new (NULL);

  iri_safety_append_char_with_script (out, run->first);
  if (run->count > 1 && run->all_same)
    /* Translators: appended to the name of a character that occurs
     * several times in a row; %u is the count */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " (%u time)", " (%u times)", run->count),
                            run->count);
  else if (run->count > 1)
    /* Translators: appended to the name of a character; %u counts the
     * characters after it with the same finding */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more character",
                                              " and %u more characters", run->count - 1),
                            run->count - 1);
  return g_string_free (out, FALSE);
}

/* The text of the pending run (for a decoded unit, its first
 * character, since the run has the span of the whole unit). */
static char *
run_text (Check *check)
{
  const IriRun *run = &check->run;
  char one[8];

  if (check->run_unit != NULL && !check->run_unit->decoded)
    return g_strndup (check->text + run->span.byte_start, run->span.byte_end - run->span.byte_start);
  one[g_unichar_to_utf8 (run->first, one)] = '\0';
  return g_strdup (one);
}

static void
flush_run (Check *check)
{
  IriRun *run = &check->run;
  const Finding *finding = run->tag;
  g_autofree char *who = NULL;
  char *message = NULL;
  char *hint = NULL;
  const char *spec = SPEC_INVISIBLE;

  if (run->code == NULL)
    return;

  who = describe_run (run);
  switch (finding->kind)
    {
    case KIND_LOOKALIKE:
      {
        char looks_like[IRI_CHAR_SKELETON_MAX];
        g_autofree char *shown = NULL;
        const char *role = _(delimiters[finding->delimiter].role);

        if (lookalike_delimiter (run->first, looks_like) < 0)
          strcpy (looks_like, "?");
        shown = iri_quote (looks_like);
        spec = SPEC_LOOKALIKE;
        if (finding->severity == IRI_SEVERITY_WARNING)
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted), the third a delimiter's role
             * such as "the path separator" */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, %s, but is a different character, so the IRI can be read with another structure.",
                                           "%s look like %s, %s, but are different characters, so the IRI can be read with another structure.", run->count),
                                       who, shown, role);
            hint = finding->delimiter == DELIMITER_SPACE
              ? g_strdup (_("Remove it or percent-encode it; an IRI cannot contain spaces (RFC 3987bis §5.1b)."))
              : g_strdup (_("Use the ASCII delimiter if that is what is meant; otherwise percent-encode the character so it cannot be mistaken for one."));
          }
        else if (finding->delimiter == DELIMITER_HYPHEN)
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted) */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, a hyphen; outside the host a hyphen plays no part in the structure of an IRI, so this can only make one name look like another.",
                                                    "%s look like %s, a hyphen; outside the host a hyphen plays no part in the structure of an IRI, so this can only make one name look like another.", run->count),
                                       who, shown);
            hint = g_strdup (_("This is allowed; use the ASCII hyphen-minus if names are typed by hand."));
          }
        else
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted), the third a delimiter's role */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, %s; here it is ordinary punctuation of the text around it, but a reader may still take it for the delimiter.",
                                           "%s look like %s, %s; here they are ordinary punctuation of the text around them, but a reader may still take them for the delimiter.", run->count),
                                       who, shown, role);
            hint = g_strdup (_("This is allowed; percent-encode it if the IRI will be read by people who do not know the script."));
          }
        break;
      }

    case KIND_IGNORABLE:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a default-ignorable character: it is not displayed, so two IRIs that look the same can differ by it.",
                                           "%s are default-ignorable characters: they are not displayed, so two IRIs that look the same can differ by them.", run->count),
                                 who);
      hint = g_strdup (_("Remove it, or percent-encode it if it really is part of the name."));
      break;

    case KIND_ZWNJ:
      spec = SPEC_JOINER;
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is invisible here: a zero width non-joiner only has an effect after a virama or between letters that join (IDNA CONTEXTJ), and this is neither.",
                                           "%s are invisible here: a zero width non-joiner only has an effect after a virama or between letters that join (IDNA CONTEXTJ), and this is neither.", run->count),
                                 who);
      hint = g_strdup (_("Remove it; it changes nothing that can be seen."));
      break;

    case KIND_ZWJ:
      spec = SPEC_JOINER;
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is invisible here: a zero width joiner only has an effect after a virama (IDNA CONTEXTJ) or inside an emoji sequence, and this is neither.",
                                           "%s are invisible here: a zero width joiner only has an effect after a virama (IDNA CONTEXTJ) or inside an emoji sequence, and this is neither.", run->count),
                                 who);
      hint = g_strdup (_("Remove it; it changes nothing that can be seen."));
      break;

    case KIND_REPEATED_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s repeats a nonspacing mark on the same letter; the repeat is drawn over the first one and cannot be seen.",
                                           "%s repeat nonspacing marks on the same letter; a repeat is drawn over the first one and cannot be seen.", run->count),
                                 who);
      hint = g_strdup (_("Remove the repeated mark."));
      break;

    case KIND_TOO_MANY_MARKS:
      /* Translators: %s names characters, %d is a number */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s makes more than %d nonspacing marks on one letter; they pile up and cannot all be told apart.",
                                           "%s make more than %d nonspacing marks on one letter; they pile up and cannot all be told apart.", run->count),
                                 who, MAX_CLUSTER_MARKS);
      hint = g_strdup (_("Use fewer marks on one letter."));
      break;

    case KIND_MARK_SCRIPT:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a combining mark of another script than the letter it is placed on, a combination no writing system uses and that can hide in the letter's shape.",
                                           "%s are combining marks of another script than the letter they are placed on, a combination no writing system uses and that can hide in the letter's shape.", run->count),
                                 who);
      hint = g_strdup (_("Use a mark of the letter's own script, or remove it."));
      break;

    case KIND_HIDDEN_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s puts a dot above a letter that already shows one (or that then looks like “i”), so the mark cannot be seen.",
                                           "%s put a dot above a letter that already shows one (or that then looks like “i”), so the mark cannot be seen.", run->count),
                                 who);
      hint = g_strdup (_("Remove the mark."));
      break;

    case KIND_LEADING_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a combining mark at the start of a component, so it is drawn on the delimiter before it.",
                                           "%s are combining marks at the start of a component, so they are drawn on the delimiter before them.", run->count),
                                 who);
      hint = g_strdup (_("Remove it, or percent-encode it."));
      break;

    case KIND_COMPATIBILITY:
      {
        g_autofree char *text = run_text (check);
        g_autofree char *nfkc = g_utf8_normalize (text, -1, G_NORMALIZE_NFKC);
        g_autofree char *quoted = iri_safety_quote (check, text, -1);
        g_autofree char *shown = iri_quote (nfkc != NULL ? nfkc : text);

        spec = SPEC_COMPATIBILITY;
        if (finding->severity == IRI_SEVERITY_WARNING)
          /* Translators: the first %s is quoted text, the second names
           * its characters, the third is its NFKC form (quoted) */
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%s) is a compatibility character (NFKC makes it %s): IDNA maps it, so the host that is looked up is not the one displayed.",
                                           "%s (%s) is made of compatibility characters (NFKC makes it %s): IDNA maps them, so the host that is looked up is not the one displayed.", run->count),
                                     quoted, who, shown);
        else
          /* Translators: the first %s is quoted text, the second names
           * its characters, the third is its NFKC form (quoted) */
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%s) is a compatibility character (NFKC makes it %s), which RFC 3987bis §7.5 says to avoid in names.",
                                           "%s (%s) is made of compatibility characters (NFKC makes it %s), which RFC 3987bis §7.5 says to avoid in names.", run->count),
                                     quoted, who, shown);
        /* Translators: %s is the NFKC form of some text, quoted */
        hint = g_strdup_printf (_("Write %s instead, unless the characters themselves are meant (in a search query, for instance)."),
                                shown);
        break;
      }

    case KIND_RESTRICTED:
    default:
      spec = SPEC_RESTRICTED;
      /* Translators: the first %s names characters, the second says why
       * (such as "it is obsolete") */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is restricted in identifiers by UTS #39 (Identifier_Status=Restricted: %s); browsers show host names with such characters as punycode.",
                                           "%s are restricted in identifiers by UTS #39 (Identifier_Status=Restricted; the first because %s); browsers show host names with such characters as punycode.", run->count),
                                 who, restricted_reason (run->first));
      hint = g_strdup (_("Use characters recommended for identifiers in host names."));
      break;
    }

  iri_safety_add (check, run->code, finding->severity, run->component, &run->span, spec, message, hint);
  run->code = NULL;
}

static void
report_char (Check          *check,
             const UnitText *u,
             gsize           i,
             const Finding  *finding)
{
  const char *code = finding_code (finding);
  gunichar c = CHAR_AT (check, i);
  IriSpan span;

  iri_safety_char_span (check, u, i, i + 1, &span);

  /* In a decoded label every character has the label's span: merge
   * them by what they are, not by position. */
  if (u->decoded && check->run.code == code && check->run.tag == finding &&
      check->run.span.start == span.start && check->run.span.end == span.end)
    {
      check->run.count++;
      check->run.all_same = check->run.all_same && c == check->run.first;
      return;
    }
  if (iri_run_extend (&check->run, code, u->kind, finding, c, FALSE,
                      span.byte_start, span.byte_end, span.end))
    return;

  flush_run (check);
  iri_run_start (&check->run, code, u->kind, finding, c,
                 span.byte_start, span.byte_end, span.start, span.end);
  check->run_unit = u;
}

/* The per-character findings of the unit loaded into check->chars,
 * reported as runs. */
void
iri_safety_check_chars (Check          *check,
                        const UnitText *u)
{
  char looks_like[IRI_CHAR_SKELETON_MAX];

  check->base = -1;

  for (guint i = 0; i < check->n_chars; i++)
    {
      gunichar c = CHAR_AT (check, i);
      const Finding *finding;

      if (c >= 0x80)
        {
          finding = classify_char (check, u, i, looks_like);
          if (finding != NULL)
            {
              report_char (check, u, i, finding);
              if (check->reported != NULL)
                check->reported[i] = 1;
            }
        }
      if (c < 0x80 || (!iri_safety_is_mark_type (g_unichar_type (c)) && !iri_ucd_is_default_ignorable (c)))
        check->base = i;
    }
  flush_run (check);
}
