/* iri-safety-mixed.c: mixed scripts, mixed numbers, NFC and "br0ken"
 *
 * The checks that look at a word or a whole unit rather than at one
 * character: letters of several scripts in one word (UTS #39 §5.2),
 * digits of two numbering systems (§5.3), text that is not in NFC
 * (RFC 3987bis §3.1), and ASCII digits that pass for letters (§7.5).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-safety-check-private.h"
#include "iri-script-set-private.h"
#include "iri-skeleton-private.h"
#include "iri-ucd-private.h"
#include "iri-unit-private.h"

/* The codes are spelled out where they are used, so that
 * tests/check-diagnostics-doc.py finds them; these are the same strings. */
#define CODE_MIXED_SCRIPT   "confusable-mixed-script"
#define CODE_MIXED_NUMBERS  "confusable-mixed-numbers"
#define CODE_DIGIT_LETTER   "confusable-digit-letter"
#define CODE_NOT_NFC        "not-nfc"

#define SPEC_MIXED_SCRIPT   "UTS #39 §5.1, §5.2; RFC 3987bis §7.5"
#define SPEC_MIXED_NUMBERS  "UTS #39 §5.3"
#define SPEC_DIGIT_LETTER   "RFC 3987bis §7.5"
#define SPEC_NOT_NFC        "RFC 3987bis §3.1; draft-duerst-iri-10-to-11-diff §5.3.2.2"

/* ------------------------------------------------------------------ */
/* Words: what the script checks look at                               */
/* ------------------------------------------------------------------ */

/* A word is a run of letters, marks and digits (and the invisible
 * format characters inside words, such as the Persian ZWNJ).  Host
 * labels are checked whole, as UTS #39 and IDNA registries do; the
 * other units are checked word by word, because a query value or a
 * title is a phrase, and a Russian phrase that names "iPhone"
 * ("купить%20iPhone") is one language's ordinary usage (§7.5: "used
 * together in a given language"), while the spoofing risk is inside a
 * word ("Hallо" with a Cyrillic о).  A percent-encoded octet separates
 * words, so "%D0%9Fривет" is not Latin mixed with Cyrillic. */
static gboolean
is_word_char (gunichar c)
{
  if (c < 0x80)
    return g_ascii_isalnum (c);

  switch (g_unichar_type (c))
    {
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
      return TRUE;
    case G_UNICODE_FORMAT:
      return iri_ucd_is_default_ignorable (c) && !iri_char_is_bidi_formatting (c);
    default:
      return FALSE;
    }
}

/* The next word of the current unit at or after *pos: [*start, *end). */
gboolean
iri_safety_next_word (Check          *check,
                      const UnitText *u,
                      gsize          *pos,
                      gsize          *start,
                      gsize          *end)
{
  gsize n = check->n_chars;
  gsize i = *pos;

  if (u->kind == IRI_COMPONENT_HOST_LABEL)
    {
      if (i > 0)
        return FALSE;
      *start = 0;
      *end = n;
      *pos = n;
      return n > 0;
    }

  while (i < n)
    {
      gunichar c = CHAR_AT (check, i);

      if (c == '%' && !u->decoded && i + 2 < n && g_ascii_isxdigit (CHAR_AT (check, i + 1)) &&
          g_ascii_isxdigit (CHAR_AT (check, i + 2)))
        {
          i += 3;
          continue;
        }
      if (is_word_char (c))
        break;
      i++;
    }
  if (i >= n)
    {
      *pos = n;
      return FALSE;
    }

  *start = i;
  while (i < n && is_word_char (CHAR_AT (check, i)))
    {
      if (CHAR_AT (check, i) == '%')
        break;
      i++;
    }
  *end = i;
  *pos = i;
  return TRUE;
}

/* The scripts of a word for a message, in order of appearance:
 * "Latin and Cyrillic". */
static char *
describe_scripts (Check *check,
                  gsize  start,
                  gsize  end,
                  gunichar *out_odd)
{
  GUnicodeScript seen[4];
  guint counts[4] = { 0, };
  gunichar firsts[4] = { 0, };
  guint n_seen = 0;
  GString *out = g_string_new (NULL);
  guint odd = 0;

  for (gsize i = start; i < end; i++)
    {
      gunichar c = CHAR_AT (check, i);
      GUnicodeScript script;
      guint k;

      if (c < 0x80 && !g_ascii_isalpha (c))
        continue;
      script = iri_char_display_script (c);
      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN)
        continue;
      for (k = 0; k < n_seen && seen[k] != script; k++)
        ;
      if (k == n_seen)
        {
          if (n_seen == G_N_ELEMENTS (seen))
            continue;
          seen[n_seen] = script;
          firsts[n_seen] = c;
          n_seen++;
        }
      counts[k]++;
    }

  /* The odd one out: the script with the fewest letters (the last of
   * equals), whose first letter the message names. */
  for (guint k = 1; k < n_seen; k++)
    {
      if (counts[k] <= counts[odd])
        odd = k;
    }
  *out_odd = n_seen > 0 ? firsts[odd] : 0;

  for (guint k = 0; k < n_seen; k++)
    {
      if (k > 0)
        /* Translators: separates script names in a list, the last one
         * with " and " */
        g_string_append (out, k + 1 == n_seen ? _(" and ") : _(", "));
      g_string_append (out, iri_script_get_name (seen[k]));
    }
  return g_string_free (out, FALSE);
}

/* UTS #39 §5.2 on one word or label, against the configured level. */
void
iri_safety_check_mixed_script (Check          *check,
                               const UnitText *u,
                               gsize           start,
                               gsize           end)
{
  gboolean in_host = u->kind == IRI_COMPONENT_HOST_LABEL;
  IriRestrictionLevel allowed = in_host ? check->config->host_level : check->config->unit_level;
  IriRestrictionLevel level;
  IriSpan span;
  gunichar odd = 0;
  g_autofree char *scripts = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *who = NULL;
  g_autofree char *word = NULL;
  char looks_like[IRI_CHAR_SKELETON_MAX];
  char *message;

  if (allowed == IRI_RESTRICTION_UNRESTRICTED)
    return;
  level = iri_compute_restriction_level (check->chars + start, end - start, FALSE);
  if (level <= allowed)
    return;

  iri_safety_char_span (check, u, start, end, &span);
  word = g_ucs4_to_utf8 (check->chars + start, end - start, NULL, NULL, NULL);
  quoted = iri_safety_quote (check, word, -1);
  scripts = describe_scripts (check, start, end, &odd);

  if (level == IRI_RESTRICTION_SINGLE_SCRIPT || odd == 0)
    /* Translators: the first %s is a unit name ("The host label"), the
     * second the quoted text, the others restriction levels such as
     * "highly restrictive" */
    message = g_strdup_printf (_("%s %s uses characters outside ASCII (restriction level: %s; the level allowed here is %s)."),
                               iri_unit_name (u->kind), quoted, iri_restriction_level_phrase (level), iri_restriction_level_phrase (allowed));
  else
    {
      who = iri_safety_describe_char (odd);
      iri_char_skeleton (odd, looks_like);
      if (strcmp (looks_like, "") != 0 && g_utf8_get_char (looks_like) != odd)
        {
          g_autofree char *shown = iri_quote (looks_like);

          /* Translators: the first %s is a unit name ("The host label"),
           * the second the quoted text, the third a list of scripts
           * ("Latin and Cyrillic"), the fourth names a character, the
           * fifth what it looks like (quoted), the others are
           * restriction levels ("minimally restrictive") */
          message = g_strdup_printf (_("%s %s mixes %s letters: %s looks like %s. Its restriction level is %s, beyond the %s level allowed here."),
                                     iri_unit_name (u->kind), quoted, scripts, who, shown,
                                     iri_restriction_level_phrase (level), iri_restriction_level_phrase (allowed));
        }
      else
        /* Translators: the first %s is a unit name, the second the quoted
         * text, the third a list of scripts, the fourth names a
         * character, the others are restriction levels */
        message = g_strdup_printf (_("%s %s mixes %s letters (such as %s). Its restriction level is %s, beyond the %s level allowed here."),
                                   iri_unit_name (u->kind), quoted, scripts, who,
                                   iri_restriction_level_phrase (level), iri_restriction_level_phrase (allowed));
    }

  iri_safety_add (check, CODE_MIXED_SCRIPT, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_MIXED_SCRIPT, message,
                  g_strdup (_("Write each name in one script (or in a combination that one language uses, such as Japanese); mixing look-alike letters of several scripts is a classic way to imitate another name.")));
}

/* UTS #39 §5.3: the decimal digits of one word or label come from one
 * numbering system; each system is identified by its zero. */
void
iri_safety_check_mixed_numbers (Check          *check,
                                const UnitText *u,
                                gsize           start,
                                gsize           end)
{
  gunichar first_digit = 0, other_digit = 0;
  gunichar first_zero = 0;
  IriSpan span;
  g_autofree char *word = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  for (gsize i = start; i < end && other_digit == 0; i++)
    {
      gunichar c = CHAR_AT (check, i);
      gunichar zero;

      if (c < 0x80)
        {
          if (!g_ascii_isdigit (c))
            continue;
          zero = '0';
        }
      else if (g_unichar_type (c) == G_UNICODE_DECIMAL_NUMBER)
        zero = c - g_unichar_digit_value (c);
      else
        continue;

      if (first_digit == 0)
        {
          first_digit = c;
          first_zero = zero;
        }
      else if (zero != first_zero)
        other_digit = c;
    }
  if (other_digit == 0)
    return;

  iri_safety_char_span (check, u, start, end, &span);
  word = g_ucs4_to_utf8 (check->chars + start, end - start, NULL, NULL, NULL);
  quoted = iri_safety_quote (check, word, -1);
  a = iri_safety_describe_char (first_digit);
  b = iri_safety_describe_char (other_digit);
  iri_safety_add (check, CODE_MIXED_NUMBERS, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_MIXED_NUMBERS,
                  /* Translators: the first %s is a unit name, the second the quoted
                   * text, the others name two digits */
                  g_strdup_printf (_("%s %s mixes digits of two numbering systems, %s and %s, so the number it shows may not be the one it is."),
                                              iri_unit_name (u->kind), quoted, a, b),
                  g_strdup (_("Write a number with the digits of one numbering system.")));
}

/* Whether the current unit might not be NFC: the NFC quick check of
 * UAX #15 §9 (iri_safety_nfc_quick_check_step()).  Most text of most
 * scripts, Thai and Devanagari with their marks too, passes without
 * normalizing anything. */
static gboolean
maybe_not_nfc (Check *check)
{
  guint last_ccc = 0;

  for (guint i = 0; i < check->n_chars; i++)
    {
      if (!iri_safety_nfc_quick_check_step (CHAR_AT (check, i), &last_ccc))
        return TRUE;
    }
  return FALSE;
}

/* g_utf8_normalize (@text, @length, G_NORMALIZE_NFC), without its cost
 * when the NFC quick check of UAX #15 §9 says the text is NFC
 * (iri_safety_nfc_quick_check_step()), as for most labels: NFC is then
 * the text itself.  Like g_utf8_normalize(), it stops at a NUL byte,
 * and it leaves text that is not UTF-8 to it. */
char *
iri_safety_normalize_nfc (const char *text,
                          gsize       length)
{
  const char *p = text;
  const char *end = text + length;
  guint last_ccc = 0;

  while (p < end && *p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c >= 0x110000 || !iri_safety_nfc_quick_check_step (c, &last_ccc))
        return g_utf8_normalize (text, length, G_NORMALIZE_NFC);
      p = g_utf8_next_char (p);
    }
  return g_strndup (text, length);
}

static void
append_code_points (GString    *out,
                    const char *text,
                    gsize       length)
{
  const char *p = text;
  const char *end = text + length;
  guint n = 0;

  while (p < end)
    {
      gunichar c = iri_utf8_next (&p);

      if (n > 0)
        g_string_append (out, " + ");
      if (n == 4)
        {
          g_string_append (out, "…");
          break;
        }
      iri_char_append_describe (out, c);
      n++;
    }
}

/* §3.1 and draft-duerst-iri-10-to-11-diff §5.3.2.2: IRIs SHOULD be
 * created in NFC.  Checked on the whole unit, so that "e" + U+0301 is
 * found (a per-character check, as Jena does, misses it). */
void
iri_safety_check_nfc (Check          *check,
                      const UnitText *u)
{
  g_autofree char *own_nfc = NULL;
  const char *nfc;
  gsize prefix = 0, suffix = 0, nfc_len;
  gsize first, last;
  IriSpan span;
  g_autoptr(GString) was = NULL;
  g_autoptr(GString) becomes = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *quoted_nfc = NULL;

  /* A decoded unit is checked too: a label percent-encoded in NFD is
   * no more NFC than one written as itself (an A-label always decodes to
   * NFC).  Its finding spans the whole unit, as its other findings do. */
  /* A host label comes with its NFC form: when that is the label
   * itself, there is nothing to find, and nothing to check again. */
  if (u->nfc != NULL && strlen (u->nfc) == u->length && memcmp (u->nfc, u->text, u->length) == 0)
    return;
  if (!maybe_not_nfc (check))
    return;

  /* A host label comes with its NFC form, which its other checks
   * needed too. */
  nfc = u->nfc;
  if (nfc == NULL)
    nfc = own_nfc = g_utf8_normalize (u->text, u->length, G_NORMALIZE_NFC);
  if (nfc == NULL)
    return;
  nfc_len = strlen (nfc);
  if (nfc_len == u->length && memcmp (nfc, u->text, nfc_len) == 0)
    return;

  /* The smallest stretch that differs, widened to whole characters and
   * back to the base character the marks belong to. */
  while (prefix < u->length && prefix < nfc_len && u->text[prefix] == nfc[prefix])
    prefix++;
  while (suffix < u->length - prefix && suffix < nfc_len - prefix &&
         u->text[u->length - 1 - suffix] == nfc[nfc_len - 1 - suffix])
    suffix++;

  for (first = 0; first < check->n_chars && check->offsets[first + 1] <= prefix; first++)
    ;
  while (first > 0 && g_unichar_combining_class (CHAR_AT (check, first)) != 0)
    first--;
  for (last = check->n_chars; last > first && check->offsets[last - 1] >= u->length - suffix; last--)
    ;
  if (last <= first)
    last = MIN (first + 1, check->n_chars);

  {
    gsize byte_first = check->offsets[first];
    gsize byte_last = check->offsets[last];
    gsize nfc_first = byte_first;
    gsize nfc_last = nfc_len - (u->length - byte_last);

    was = g_string_new (NULL);
    becomes = g_string_new (NULL);
    append_code_points (was, u->text + byte_first, byte_last - byte_first);
    if (nfc_last >= nfc_first)
      append_code_points (becomes, nfc + nfc_first, nfc_last - nfc_first);
    quoted = iri_safety_quote (check, u->text + byte_first, byte_last - byte_first);
    quoted_nfc = nfc_last >= nfc_first ? iri_safety_quote (check, nfc + nfc_first, nfc_last - nfc_first) : g_strdup ("");
  }

  iri_safety_char_span (check, u, first, last, &span);
  iri_safety_add (check, CODE_NOT_NFC, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_NOT_NFC,
                  /* Translators: the first %s is a unit name, the second quoted text
                   * and the third its code points, the fourth the NFC form (quoted)
                   * and the fifth its code points */
                  g_strdup_printf (_("%s is not in Unicode Normalization Form C: %s (%s) is %s (%s) in NFC, and the two forms look the same but are different IRIs."),
                                              iri_unit_name (u->kind), quoted, was->str, quoted_nfc, becomes->str),
                  g_strdup (_("Create IRIs in NFC, so that what looks the same compares equal.")));
}

/* ------------------------------------------------------------------ */
/* §7.5: "br0ken" and "1ame"                                           */
/* ------------------------------------------------------------------ */

/* In a name that a publisher chooses (§7.5 speaks of "resource names,
 * such as file names") — host labels, path segments and file-name
 * extensions — a run of the digits 0 and 1 inside a word of ASCII
 * letters ("br0ken", "g00gle"), or one such digit at the edge of a word
 * of three or more letters ("1ame", "hell0"), or one of the letters l,
 * I, O, o between digits ("2O23").  A token with other digits is a code
 * ("h264", "x86", "covid19") and is left alone.  Queries and fragments
 * are often machine-made and are not linted.  ASCII only, no table, no
 * allocation unless there is a finding. */
void
iri_safety_check_digit_letter (Check         *check,
                               IriComponent   kind,
                               const IriSpan *unit_span)
{
  const char *text = check->text;
  gsize i = unit_span->byte_start;
  gsize end = unit_span->byte_end;

  gboolean any_digit = FALSE;

  if (kind != IRI_COMPONENT_HOST_LABEL && kind != IRI_COMPONENT_PATH_SEGMENT &&
      kind != IRI_COMPONENT_PATH_EXTENSION)
    return;

  /* Most names have no digit at all. */
  for (gsize k = i; k < end && !any_digit; k++)
    any_digit = (guchar) (text[k] - '0') < 10;
  if (!any_digit)
    return;

  while (i < end)
    {
      gsize t_start, t_end;
      gboolean other_digits = FALSE;
      gsize n_letters = 0, letter = 0;
      gsize bad = G_MAXSIZE;
      gboolean letter_among_digits = FALSE;

      if (text[i] == '%' && i + 2 < end && g_ascii_isxdigit (text[i + 1]) &&
          g_ascii_isxdigit (text[i + 2]))
        {
          i += 3;
          continue;
        }
      if (!g_ascii_isalnum (text[i]))
        {
          i++;
          continue;
        }

      t_start = i;
      while (i < end && g_ascii_isalnum (text[i]))
        i++;
      t_end = i;

      for (gsize k = t_start; k < t_end; k++)
        {
          if (g_ascii_isalpha (text[k]))
            {
              n_letters++;
              letter = k;
            }
          other_digits |= text[k] >= '2' && text[k] <= '9';
        }

      /* A lone l, I, O or o between digits: "2O23". */
      if (n_letters == 1 && letter > t_start && letter + 1 < t_end &&
          strchr ("lIOo", text[letter]) != NULL)
        {
          bad = letter;
          letter_among_digits = TRUE;
        }

      if (bad == G_MAXSIZE && n_letters > 0 && !other_digits)
        {
          for (gsize k = t_start; k < t_end && bad == G_MAXSIZE; )
            {
              gsize r_start = k, r_end;
              gsize left = 0, right = 0;

              if (!g_ascii_isdigit (text[k]))
                {
                  k++;
                  continue;
                }
              while (k < t_end && g_ascii_isdigit (text[k]))
                k++;
              r_end = k;

              for (gsize m = r_start; m > t_start && g_ascii_isalpha (text[m - 1]); m--)
                left++;
              for (gsize m = r_end; m < t_end && g_ascii_isalpha (text[m]); m++)
                right++;

              if ((left > 0 && right > 0) ||
                  (r_end - r_start == 1 && ((left == 0 && r_start == t_start && right >= 3) ||
                                            (right == 0 && r_end == t_end && left >= 3))))
                bad = r_start;
            }
        }

      if (bad != G_MAXSIZE)
        {
          IriSpan span;
          g_autofree char *quoted = iri_safety_quote (check, text + t_start, t_end - t_start);
          char what[2] = { text[bad], '\0' };
          const char *looks;
          char *message;

          span.byte_start = t_start;
          span.byte_end = t_end;
          span.start = iri_reference_byte_to_char (check->reference, t_start);
          span.end = span.start + (t_end - t_start);

          if (letter_among_digits)
            {
              looks = what[0] == 'l' || what[0] == 'I' ? "1" : "0";
              /* Translators: the first %s is a unit name, the second the
               * quoted word, the third a letter, the fourth a digit */
              message = g_strdup_printf (_("%s %s has the letter “%s” among digits, where it is easily taken for the digit “%s”."),
                                         iri_unit_name (kind), quoted, what, looks);
            }
          else
            {
              looks = what[0] == '0' ? "O" : "l";
              /* Translators: the first %s is a unit name, the second the
               * quoted word, the third a digit, the fourth a letter */
              message = g_strdup_printf (_("%s %s has the digit “%s” among letters, where it is easily taken for the letter “%s”."),
                                         iri_unit_name (kind), quoted, what, looks);
            }
          iri_safety_add (check, CODE_DIGIT_LETTER, IRI_SEVERITY_INFO, kind, &span, SPEC_DIGIT_LETTER, message,
                          g_strdup (_("When choosing a name, avoid digits that look like letters inside words (“br0ken”, “1ame”), as RFC 3987bis §7.5 advises.")));
        }
    }
}
