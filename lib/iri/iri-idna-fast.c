/* iri-idna-fast.c: the IDNA2008 lookup of a plain U-label, without libidn2
 *
 * RFC 5891 §5 turns a U-label into its A-label after checking it: NFC
 * (§5.3), the code points and their contextual rules (§5.4, RFC 5892),
 * the hyphen rules (§4.2.3.1) and the bidi rule (RFC 5893).  libidn2
 * does all of it, for every label it is given, at about 13 000
 * instructions a label of eight letters: in `iri to-uri` over lines of
 * new hosts, a third of the whole run.  Most labels are plain words:
 * letters of one script and the marks written with them, digits, inner
 * hyphens.  For those, every check but the bidi rule and NFC is a
 * property of each code point alone, so it is asked of libidn2 once
 * per code point and remembered, the other two are made here, and the
 * label's A-label is then "xn--" and its punycode (RFC 3492).
 *
 * What libidn2 is asked of a code point c (each a whole lookup, so
 * every rule it applies is applied):
 *
 *  - "c": whether c may be a label on its own.  A code point that is
 *    DISALLOWED or UNASSIGNED, that no NFC string contains, or that is a
 *    combining mark (a label may not start with one) fails;
 *  - "ac": it passes for a c of any bidi class but R, AL and AN (the
 *    bidi rule applies only to a label with one of those, and then a
 *    label that starts with "a" must be left-to-right);
 *  - "אc" (U+05D0 HEBREW LETTER ALEF): it passes for a c of class R or
 *    AL, and fails for a left-to-right one (no L in a right-to-left
 *    label) and for a neutral one (a right-to-left label may not end
 *    with it).
 *
 * c is *left-to-right* when the first two pass and the third fails,
 * *right-to-left* when the first and third pass and the second fails,
 * and otherwise not handled here.  (When the first passes and the third
 * fails, the second passes: it is not asked.)  A combining mark (GLib's
 * general category M) that fails alone is a *mark* when "ac" passes:
 * PVALID, not R, AL or AN, and not composing with "a"; the vowel signs,
 * viramas and tone marks of Devanagari, Bengali, Tamil, Thai and the
 * other scripts written with them are.  The code points with contextual
 * rules (CONTEXTJ, CONTEXTO) are never handled here, even where one
 * passes alone (U+0660 ARABIC-INDIC DIGIT ZERO does).
 *
 * A label's new code points are first asked about together, after "a"
 * (learn_together()): when that passes, each that is neither a mark nor
 * contextual is left-to-right, as the two questions above would have
 * found, but for a neutral or European digit, which they would have
 * left to libidn2 and which then declines a right-to-left label.  When
 * it fails, each is asked about alone.
 *
 * Why a label of such code points needs nothing more:
 *
 *  - NFC: each code point is in NFC alone (or "c" would fail), and two
 *    code points compose, or reorder, only when the second is a
 *    combining mark or a conjoining jamo (NFC_Quick_Check = Maybe),
 *    which fail alone; so a label without marks is in NFC.  One with
 *    marks is when none of them composes with, or reorders past, what
 *    comes before it, which marks_are_nfc() checks with GLib's
 *    composition data and combining classes, declining whatever it
 *    cannot vouch for;
 *  - the leading combining mark: a mark first is declined; the
 *    contextual rules: there is none;
 *  - the hyphen rules: a label with a hyphen first, last or in the
 *    third and fourth places is left to libidn2;
 *  - the bidi rule: a label without a right-to-left code point has
 *    none (it applies only to labels with R, AL or AN, and none of ours
 *    is AN).  One with a right-to-left code point is handled when it
 *    starts with one, has no left-to-right one (no ASCII letter either)
 *    and no mark, and ends with a right-to-left one or an ASCII digit:
 *    RFC 5893 rules 1–4 hold (R, AL, EN and ES only; no AN).  Any other
 *    is left to libidn2;
 *  - the length: an A-label over 63 octets is left to libidn2.
 *
 * A label of anything else (an upper-case letter, a symbol, a code
 * point of the CONTEXTO list) goes to libidn2 as before.
 *
 * The other way, an A-label shown in Unicode (§3.7 step 6) must decode
 * to a valid U-label whose A-label is the same (RFC 5891 §5.5): libidn2
 * decodes it, and the U-label is looked up.  For a U-label of the kind
 * above both are done here (iri_idna_fast_decode_label()): the punycode
 * is decoded, the result looked up, and the A-label that gives is
 * compared with the one decoded, so that a decoding mistake can only
 * send the label to libidn2.
 *
 * tests/core/test-mapping.c compares this with libidn2 for every code
 * point, alone and between letters, for every combining mark after
 * letters that compose, decompose or neither, and for random labels,
 * each A-label the fast path gives decoded back, and for random
 * A-labels.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

/* GLib first: idn2.h defines G_GNUC_DEPRECATED when it is not defined. */
#include "iri-idna-private.h"
#include "iri-char-private.h"
#include "iri-utf8-private.h"

#include <idn2.h>

/* The verdict on a code point, four bits. */
enum {
  VERDICT_UNKNOWN = 0,
  VERDICT_LTR = 1,
  VERDICT_RTL = 2,
  VERDICT_NO = 3,
  VERDICT_MARK = 4,
  VERDICT_KIND = 7,
  /* With LTR or MARK: the code point has a canonical decomposition
   * (marks_are_nfc()). */
  VERDICT_DECOMPOSES = 8,
};

/* Four bits a code point, 4 096 code points a page (2 KiB), pages made
 * when a code point of theirs is first seen.  Read and written
 * atomically: threads that ask about the same code point at once ask
 * libidn2 the same questions and store the same bits. */
#define VERDICT_BITS 4
#define VERDICTS_PER_WORD (32 / VERDICT_BITS)
#define PAGE_BITS 12
#define PAGE_SIZE (1 << PAGE_BITS)
#define N_PAGES ((0x10FFFF >> PAGE_BITS) + 1)

static guint32 *verdict_pages[N_PAGES];

static guint32 *
get_page (gunichar c)
{
  guint32 **slot = &verdict_pages[c >> PAGE_BITS];
  guint32 *page = g_atomic_pointer_get (slot);

  if (page == NULL)
    {
      guint32 *fresh = g_new0 (guint32, PAGE_SIZE / VERDICTS_PER_WORD);

      if (g_atomic_pointer_compare_and_exchange (slot, NULL, fresh))
        page = fresh;
      else
        {
          g_free (fresh);
          page = g_atomic_pointer_get (slot);
        }
    }
  return page;
}

static gboolean
lookup_passes (const char *label)
{
  uint8_t *ascii = NULL;
  int rc = idn2_lookup_u8 ((const uint8_t *) label, &ascii, IDN2_NO_TR46);

  idn2_free (ascii);
  return rc == IDN2_OK;
}

/* RFC 5892 Appendix A: the code points with a contextual rule. */
static gboolean
is_contextual (gunichar c)
{
  return c == 0x200C || c == 0x200D ||            /* CONTEXTJ */
         c == 0x00B7 || c == 0x0375 ||            /* MIDDLE DOT, GREEK LOWER NUMERAL SIGN */
         c == 0x05F3 || c == 0x05F4 ||            /* HEBREW PUNCTUATION GERESH, GERSHAYIM */
         (c >= 0x0660 && c <= 0x0669) ||          /* ARABIC-INDIC DIGITs */
         (c >= 0x06F0 && c <= 0x06F9) ||          /* EXTENDED ARABIC-INDIC DIGITs */
         c == 0x30FB;                             /* KATAKANA MIDDLE DOT */
}

static guint
ask_libidn2 (gunichar c)
{
  char label[3 + 6 + 1] = { 0 };
  gboolean alone, after_latin, after_hebrew;
  int n;

  if (is_contextual (c))
    return VERDICT_NO;

  n = g_unichar_to_utf8 (c, label + 2);
  label[2 + n] = '\0';
  alone = lookup_passes (label + 2);
  if (!alone)
    {
      /* A combining mark fails alone: no label may start with one
       * (RFC 5891 §5.4).  After "a" it passes when it is PVALID, does
       * not compose with the "a" and is not R, AL or AN (the label
       * would be right to left and start with an L). */
      if (!g_unichar_ismark (c))
        return VERDICT_NO;
      label[1] = 'a';
      return lookup_passes (label + 1) ? VERDICT_MARK : VERDICT_NO;
    }

  /* U+05D0 HEBREW LETTER ALEF */
  label[0] = '\xD7';
  label[1] = '\x90';
  after_hebrew = lookup_passes (label);
  /* Valid alone and not after a right-to-left letter: not R, AL or AN
   * (each would pass there, or fail alone), so "ac", which no bidi
   * rule applies to, passes too; it is not asked. */
  if (!after_hebrew)
    return VERDICT_LTR;

  label[1] = 'a';
  after_latin = lookup_passes (label + 1);
  return after_latin ? VERDICT_NO : VERDICT_RTL;
}

/* The word that holds @c's verdict, and the verdict's place in it. */
static guint32 *
verdict_word (gunichar  c,
              guint    *out_shift)
{
  guint32 *page = get_page (c);
  guint index = c & (PAGE_SIZE - 1);

  *out_shift = (index % VERDICTS_PER_WORD) * VERDICT_BITS;
  return &page[index / VERDICTS_PER_WORD];
}

/* What is known of @c, VERDICT_UNKNOWN when nothing is. */
static guint
peek_verdict (gunichar c)
{
  guint shift;
  guint32 *word = verdict_word (c, &shift);

  return ((guint32) g_atomic_int_get ((gint *) word) >> shift) & ((1u << VERDICT_BITS) - 1);
}

/* Remembers @verdict (LTR, RTL, NO or MARK) for @c, with
 * VERDICT_DECOMPOSES when that applies.  Two threads that learn about
 * @c at once store bits that agree, or (when one asked about @c alone
 * and the other with others, see learn_together()) whose union is a
 * kind the fast path declines. */
static guint
store_verdict (gunichar c,
               guint    verdict)
{
  guint shift;
  guint32 *word = verdict_word (c, &shift);
  gunichar a, b;

  if ((verdict == VERDICT_LTR || verdict == VERDICT_MARK) && g_unichar_decompose (c, &a, &b))
    verdict |= VERDICT_DECOMPOSES;
  g_atomic_int_or ((guint *) word, verdict << shift);
  return verdict;
}

static guint
get_verdict (gunichar c)
{
  guint verdict = peek_verdict (c);

  if (verdict == VERDICT_UNKNOWN)
    verdict = store_verdict (c, ask_libidn2 (c));
  return verdict;
}

/* At most this many code points are asked about together: their
 * A-label, after "a", must fit in 63 octets. */
#define LEARN_TOGETHER_MAX 12

/* One lookup of "a" and @n code points: when it passes, each is
 * left-to-right (learn_together()). */
static void
ask_together (const gunichar *chars,
              guint           n)
{
  char label[1 + LEARN_TOGETHER_MAX * 4 + 1] = "a";
  gsize length = 1;

  for (guint i = 0; i < n; i++)
    length += g_unichar_to_utf8 (chars[i], label + length);
  label[length] = '\0';
  if (!lookup_passes (label))
    return;
  for (guint i = 0; i < n; i++)
    store_verdict (chars[i], VERDICT_LTR);
}

/* Learns what it can of the @n code points at @chars (the rest of a
 * label) that are not known yet, asking libidn2 about
 * them together: "ac₁c₂…" passes only when each cᵢ is PVALID, the whole
 * is in NFC and none is R, AL or AN (the label would be right to left
 * and start with an L).  Then each that is neither a mark nor a code
 * point with a contextual rule passes alone too, and is left-to-right.
 * One lookup instead of two for each new code point, which on lines of
 * new Han hosts is most of the work.  What this does not settle is
 * asked about alone, as before. */
static void
learn_together (const gunichar *chars,
                guint           n_chars)
{
  gunichar unknown[LEARN_TOGETHER_MAX];
  guint n = 0;

  for (guint i = 0; i < n_chars; i++)
    {
      gunichar c = chars[i];
      gboolean seen = FALSE;

      if (c < 0x80 || g_unichar_ismark (c) || is_contextual (c) || peek_verdict (c) != VERDICT_UNKNOWN)
        continue;
      for (guint k = 0; k < n && !seen; k++)
        seen = unknown[k] == c;
      if (seen)
        continue;
      unknown[n++] = c;
      if (n == LEARN_TOGETHER_MAX)
        {
          ask_together (unknown, n);
          n = 0;
        }
    }
  if (n > 0)
    ask_together (unknown, n);
}

/* RFC 3492 §5 and §6.1 */
#define BASE 36
#define TMIN 1
#define TMAX 26
#define SKEW 38
#define DAMP 700
#define INITIAL_BIAS 72
#define INITIAL_N 0x80

/* RFC 3492 §6.2, §6.3: the threshold of the digit at position @k. */
static guint
threshold (guint k,
           guint bias)
{
  return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

static char
encode_digit (guint d)
{
  return d < 26 ? 'a' + d : '0' + (d - 26);
}

static guint
adapt (guint     delta,
       guint     n_points,
       gboolean  first_time)
{
  guint k = 0;

  delta = first_time ? delta / DAMP : delta / 2;
  delta += delta / n_points;
  while (delta > ((BASE - TMIN) * TMAX) / 2)
    {
      delta /= BASE - TMIN;
      k += BASE;
    }
  return k + (BASE - TMIN + 1) * delta / (delta + SKEW);
}

/* RFC 3492 §6.3, for at most 63 code points: writes the punycode of
 * @input to @out (room for @room bytes) and returns its length, or 0
 * when it does not fit. */
static gsize
punycode_encode (const gunichar *input,
                 guint           n_input,
                 char           *out,
                 gsize           room)
{
  gsize length = 0;
  guint n = INITIAL_N, delta = 0, bias = INITIAL_BIAS;
  guint h, b;

  for (guint j = 0; j < n_input; j++)
    {
      if (input[j] < 0x80)
        {
          if (length >= room)
            return 0;
          out[length++] = (char) input[j];
        }
    }
  h = b = (guint) length;
  if (b > 0)
    {
      if (length >= room)
        return 0;
      out[length++] = '-';
    }

  while (h < n_input)
    {
      guint m = G_MAXUINT;

      for (guint j = 0; j < n_input; j++)
        if (input[j] >= n && input[j] < m)
          m = input[j];
      /* No overflow: 63 code points below 0x110000. */
      delta += (m - n) * (h + 1);
      n = m;
      for (guint j = 0; j < n_input; j++)
        {
          if (input[j] < n)
            delta++;
          if (input[j] == n)
            {
              guint q = delta;

              for (guint k = BASE;; k += BASE)
                {
                  guint t = threshold (k, bias);

                  if (q < t)
                    break;
                  if (length >= room)
                    return 0;
                  out[length++] = encode_digit (t + (q - t) % (BASE - t));
                  q = (q - t) / (BASE - t);
                }
              if (length >= room)
                return 0;
              out[length++] = encode_digit (q);
              bias = adapt (delta, h + 1, h == b);
              delta = 0;
              h++;
            }
        }
      delta++;
      n++;
    }
  return length;
}

/* RFC 3492 §5: a digit's value, BASE for a character that is none (the
 * A-labels decoded here are in lower case). */
static guint
decode_digit (char c)
{
  if (c >= 'a' && c <= 'z')
    return c - 'a';
  if (c >= '0' && c <= '9')
    return c - '0' + 26;
  return BASE;
}

/* RFC 3492 §6.2: decodes the punycode @input (@length bytes) into at
 * most @room code points at @output.  Returns their number, or 0 when
 * @input is not punycode, would overflow, or decodes to more than
 * @room code points.  What it returns is checked by encoding it again
 * (iri_idna_fast_decode_label()), so a decoding the RFC would refuse
 * can only be declined, never accepted. */
static guint
punycode_decode (const char *input,
                 gsize       length,
                 gunichar   *output,
                 guint       room)
{
  guint n = INITIAL_N, i = 0, bias = INITIAL_BIAS;
  guint n_output = 0;
  gsize basic = 0, in;

  /* The basic code points are those before the last delimiter; when
   * there are none, a delimiter first is a bad digit (§6.2). */
  for (gsize j = 0; j < length; j++)
    {
      if (input[j] == '-')
        basic = j;
    }
  for (gsize j = 0; j < basic; j++)
    {
      if (n_output == room || (guchar) input[j] >= 0x80)
        return 0;
      output[n_output++] = (guchar) input[j];
    }

  for (in = basic > 0 ? basic + 1 : 0; in < length;)
    {
      guint old_i = i, w = 1;

      for (guint k = BASE;; k += BASE)
        {
          guint digit, t;

          if (in == length)
            return 0;
          digit = decode_digit (input[in++]);
          if (digit >= BASE || digit > (G_MAXUINT - i) / w)
            return 0;
          i += digit * w;
          t = threshold (k, bias);
          if (digit < t)
            break;
          if (w > G_MAXUINT / (BASE - t))
            return 0;
          w *= BASE - t;
        }
      bias = adapt (i - old_i, n_output + 1, old_i == 0);
      if (i / (n_output + 1) > 0x10FFFF - n)
        return 0;
      n += i / (n_output + 1);
      i %= n_output + 1;
      if (n_output == room || !g_unichar_validate (n))
        return 0;
      memmove (output + i + 1, output + i, (n_output - i) * sizeof (gunichar));
      output[i++] = n;
      n_output++;
    }
  return n_output;
}

/* The combining class of the last code point of @c's full canonical
 * decomposition. */
static gint
last_class_of_decomposition (gunichar c)
{
  gunichar decomposition[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
  gsize n = g_unichar_fully_decompose (c, FALSE, decomposition, G_N_ELEMENTS (decomposition));

  return g_unichar_combining_class (decomposition[n - 1]);
}

/* Whether the label of @n code points @chars, with their verdicts
 * @verdicts (0 for ASCII), is in NFC (RFC 5891 §5.3), as far as its
 * marks tell: TRUE only when no mark can compose with a letter before
 * it, or be out of canonical order.  Without marks it is (see above); a
 * mark it cannot vouch for sends the label to libidn2.
 *
 * A mark composes with the last starter before it, or reorders with
 * the marks in between (UAX #15 §1.3): each of those is tried with
 * g_unichar_compose(), which composes exactly when a primary composite
 * exists.  A code point there with a canonical decomposition is in NFC
 * alone, so it composes back whole; a mark after it reorders into it
 * when the mark's class is below that of its decomposition's last code
 * point (é before U+0327 COMBINING CEDILLA gives ȩ and U+0301 in NFC),
 * which declines the label; ऩ (न and a nukta) before a vowel sign of
 * class 0 does not.  A mark with a decomposition of its own is
 * declined.  A mark that composes with "a" never gets here ("ac" is
 * not NFC, so it failed). */
static gboolean
marks_are_nfc (const gunichar *chars,
               const guint8   *verdicts,
               guint           n)
{
  for (guint i = 1; i < n; i++)
    {
      gunichar composed;
      gint ccc;

      if ((verdicts[i] & VERDICT_KIND) != VERDICT_MARK)
        continue;
      if (verdicts[i] & VERDICT_DECOMPOSES)
        return FALSE;
      ccc = g_unichar_combining_class (chars[i]);
      if (ccc != 0 && g_unichar_combining_class (chars[i - 1]) > ccc)
        return FALSE;
      for (guint j = i; j-- > 0;)
        {
          if (ccc != 0 && (verdicts[j] & VERDICT_DECOMPOSES) && last_class_of_decomposition (chars[j]) > ccc)
            return FALSE;
          if (g_unichar_compose (chars[j], chars[i], &composed))
            return FALSE;
          if (g_unichar_combining_class (chars[j]) == 0)
            break;
        }
    }
  return TRUE;
}

/* The lookup of the label of @n code points @chars: what
 * iri_idna_fast_lookup_label() answers for it in UTF-8. */
static gboolean
lookup_chars (const gunichar *chars,
              guint           n,
              char           *out,
              gsize           room,
              gsize          *out_length)
{
  guint8 verdicts[IDN2_LABEL_MAX_LENGTH];
  gboolean any_non_ascii = FALSE, any_ltr = FALSE, any_rtl = FALSE, any_mark = FALSE;
  gboolean first_rtl = FALSE, last_rtl_or_digit = FALSE;
  gsize encoded;

  /* A U-label of more than 63 code points has no A-label of 63 octets. */
  if (n == 0 || n > G_N_ELEMENTS (verdicts) || room < 4)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      gunichar c = chars[i];
      guint verdict = 0;
      gboolean rtl = FALSE, digit = FALSE;

      if (c < 0x80)
        {
          if (g_ascii_islower (c))
            any_ltr = TRUE;
          else if (g_ascii_isdigit (c))
            digit = TRUE;
          else if (c != '-')
            return FALSE;
        }
      else
        {
          any_non_ascii = TRUE;
          /* The first code point not known yet: this label's new ones
           * are asked about together. */
          if (peek_verdict (c) == VERDICT_UNKNOWN)
            learn_together (chars + i, n - i);
          verdict = get_verdict (c);
          switch (verdict & VERDICT_KIND)
            {
            case VERDICT_LTR:
              any_ltr = TRUE;
              break;
            case VERDICT_RTL:
              rtl = any_rtl = TRUE;
              break;
            case VERDICT_MARK:
              /* Not first (RFC 5891 §5.4). */
              if (i == 0)
                return FALSE;
              any_mark = TRUE;
              break;
            default:
              return FALSE;
            }
        }
      if (i == 0)
        first_rtl = rtl;
      last_rtl_or_digit = rtl || digit;
      verdicts[i] = verdict;
    }

  /* An ASCII label is not a U-label; the hyphen rules (§4.2.3.1) and
   * the bidi rule (RFC 5893) for anything but the plain cases are
   * libidn2's. */
  if (!any_non_ascii ||
      chars[0] == '-' || chars[n - 1] == '-' || (n >= 4 && chars[2] == '-' && chars[3] == '-'))
    return FALSE;
  if (any_rtl && (any_ltr || !first_rtl || !last_rtl_or_digit))
    return FALSE;
  /* Marks in a right-to-left label are left to libidn2 (the bidi rule
   * lets NSM follow the last letter, and a spacing mark may be L); in
   * any other, a mark may compose with the letter before it or be out
   * of canonical order, which only the whole label's NFC tells. */
  if (any_mark && (any_rtl || !marks_are_nfc (chars, verdicts, n)))
    return FALSE;

  memcpy (out, "xn--", 4);
  encoded = punycode_encode (chars, n, out + 4, MIN (room, IDN2_LABEL_MAX_LENGTH) - 4);
  if (encoded == 0)
    return FALSE;
  *out_length = 4 + encoded;
  return TRUE;
}

/*
 * iri_idna_fast_lookup_label:
 * @label: a label, in UTF-8 (no dot)
 * @length: its length in bytes
 * @out: where its lookup form goes
 * @room: the room at @out, in bytes
 * @out_length: (out): the length of the form
 *
 * Returns TRUE, with what idn2_lookup_u8 (@label, …, IDN2_NO_TR46)
 * gives in @out, when @label is a U-label this file handles (see
 * above); FALSE, with nothing written, for any other label, which is
 * left to libidn2.
 */
gboolean
iri_idna_fast_lookup_label (const char *label,
                            gsize       length,
                            char       *out,
                            gsize       room,
                            gsize      *out_length)
{
  gunichar chars[IDN2_LABEL_MAX_LENGTH];
  guint n = 0;
  const char *p = label, *end = label + length;
  gsize bad_offset, bad_length;

  /* Checked once, so that each character is then decoded without
   * checks (a NUL is refused here too). */
  if (length == 0 || iri_utf8_check (label, length, &bad_offset, &bad_length) != IRI_UTF8_OK)
    return FALSE;
  while (p < end)
    {
      if (n == G_N_ELEMENTS (chars))
        return FALSE;
      chars[n++] = iri_utf8_next (&p);
    }
  return lookup_chars (chars, n, out, room, out_length);
}

/*
 * iri_idna_fast_decode_label:
 * @a_label: an A-label in lower case ("xn--" and letters, digits and
 *   hyphens)
 * @length: its length in bytes
 * @out: where its U-label goes, in UTF-8
 * @room: the room at @out, in bytes
 * @out_length: (out): the length of the U-label
 *
 * RFC 5891 §5.5 asks of an A-label that it decode to a valid U-label
 * whose A-label is the same: libidn2 decodes it, and the U-label is
 * looked up.  When that U-label is one this file looks up, both are
 * done here: TRUE with the U-label at @out when the fast lookup
 * (lookup_chars()) gives @a_label back for it, which also
 * proves the decoding right (punycode is a bijection); FALSE, with
 * nothing said of the label, otherwise.
 */
gboolean
iri_idna_fast_decode_label (const char *a_label,
                            gsize       length,
                            char       *out,
                            gsize       room,
                            gsize      *out_length)
{
  gunichar chars[IDN2_LABEL_MAX_LENGTH];
  char again[IDN2_LABEL_MAX_LENGTH];
  gsize again_length;
  gsize u_length = 0;
  guint n;

  if (length <= 4 || length > IDN2_LABEL_MAX_LENGTH || memcmp (a_label, "xn--", 4) != 0)
    return FALSE;
  n = punycode_decode (a_label + 4, length - 4, chars, G_N_ELEMENTS (chars));
  if (n == 0 ||
      !lookup_chars (chars, n, again, sizeof again, &again_length) ||
      again_length != length || memcmp (again, a_label, length) != 0)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (room - u_length < 4)
        return FALSE;
      u_length += g_unichar_to_utf8 (chars[i], out + u_length);
    }
  *out_length = u_length;
  return TRUE;
}
