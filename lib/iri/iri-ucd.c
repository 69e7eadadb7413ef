/* iri-ucd.c: lookups in the generated Unicode tables
 *
 * The tables come from data/gen/gen-ucd-tables.py, which compiles the files
 * vendored under data/unicode/ at build time; nothing here reads a file
 * (DESIGN.md §7).  The layout of the tables is described in the generated
 * iri-ucd-tables.h and in the generator.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-ucd-private.h"
#include "iri-ucd-tables.h"

#include <string.h>

/* The versions are read from the headers of the data files by the
 * generator, so they cannot drift from the tables. */
const char iri_ucd_version[] = IRI_UCD_TABLES_UCD_VERSION;
const char iri_ucd_security_version[] = IRI_UCD_TABLES_SECURITY_VERSION;
const char iri_ucd_link_version[] = IRI_UCD_TABLES_LINK_VERSION;

/* The generator checks the longest name against the buffer size of the
 * API; this makes sure the two agree on what that size is. */
G_STATIC_ASSERT (IRI_UCD_NAME_LEN_MAX < IRI_UCD_NAME_MAX);

/* The record bits are laid out by the generator; the public enums are laid
 * out by hand in iri-ucd-private.h.  Returning the bits unchanged is only
 * right while the two agree. */
#define ASSERT_SAME_ID_TYPE(name) \
  G_STATIC_ASSERT ((guint) IRI_ID_TYPE_##name == IRI_UCD_PROP_ID_TYPE_##name)
#define ASSERT_SAME_LINK_TERM(name) \
  G_STATIC_ASSERT ((guint) IRI_LINK_TERM_##name == \
                   IRI_UCD_PROP_LINK_TERM_##name)

ASSERT_SAME_ID_TYPE (NOT_CHARACTER);
ASSERT_SAME_ID_TYPE (DEPRECATED);
ASSERT_SAME_ID_TYPE (DEFAULT_IGNORABLE);
ASSERT_SAME_ID_TYPE (NOT_NFKC);
ASSERT_SAME_ID_TYPE (NOT_XID);
ASSERT_SAME_ID_TYPE (EXCLUSION);
ASSERT_SAME_ID_TYPE (OBSOLETE);
ASSERT_SAME_ID_TYPE (TECHNICAL);
ASSERT_SAME_ID_TYPE (UNCOMMON_USE);
ASSERT_SAME_ID_TYPE (LIMITED_USE);
ASSERT_SAME_ID_TYPE (INCLUSION);
ASSERT_SAME_ID_TYPE (RECOMMENDED);
ASSERT_SAME_LINK_TERM (HARD);
ASSERT_SAME_LINK_TERM (INCLUDE);
ASSERT_SAME_LINK_TERM (SOFT);
ASSERT_SAME_LINK_TERM (CLOSE);
ASSERT_SAME_LINK_TERM (OPEN);

/* The name range table packs the first code point into the low 21 bits
 * (U+10FFFF needs 21) and the kind into the top byte. */
#define NAME_RANGE_START(r) ((r)->start_kind & 0x1FFFFFu)
#define NAME_RANGE_KIND(r)  ((r)->start_kind >> 24)

/* Unicode §3.12, "Conjoining Jamo Behavior": the constants of the Hangul
 * syllable arithmetic. */
#define HANGUL_S_BASE  0xAC00
#define HANGUL_V_COUNT 21
#define HANGUL_T_COUNT 28
#define HANGUL_N_COUNT (HANGUL_V_COUNT * HANGUL_T_COUNT)

/* Both tables are three-stage tries (see build_trie() in the generator):
 * the top bits of the code point pick a block of stage 2, the middle bits
 * an entry there, which picks a block of stage 3, and the low bits the
 * value.  Code points at or above the LIMIT share one default value, so
 * stage 1 stops there.  A few loads and no loop: O(1). */
static guint32
props_lookup (gunichar c)
{
  const guint mask2 = (1u << IRI_UCD_PROPS_BITS_2) - 1;
  const guint mask3 = (1u << IRI_UCD_PROPS_BITS_3) - 1;
  guint i1, i2, i3;

  if (c >= IRI_UCD_PROPS_LIMIT)
    return iri_ucd_props_records[IRI_UCD_PROPS_DEFAULT];

  i1 = iri_ucd_props_stage1[c >> (IRI_UCD_PROPS_BITS_2 + IRI_UCD_PROPS_BITS_3)];
  i2 = iri_ucd_props_stage2[(i1 << IRI_UCD_PROPS_BITS_2) +
                            ((c >> IRI_UCD_PROPS_BITS_3) & mask2)];
  i3 = iri_ucd_props_stage3[(i2 << IRI_UCD_PROPS_BITS_3) + (c & mask3)];

  return iri_ucd_props_records[i3];
}

static guint
confusable_lookup (gunichar c)
{
  const guint mask2 = (1u << IRI_UCD_CONFUSABLE_BITS_2) - 1;
  const guint mask3 = (1u << IRI_UCD_CONFUSABLE_BITS_3) - 1;
  guint i1, i2;

  if (c >= IRI_UCD_CONFUSABLE_LIMIT)
    return IRI_UCD_CONFUSABLE_DEFAULT;

  i1 = iri_ucd_confusable_stage1[c >> (IRI_UCD_CONFUSABLE_BITS_2 +
                                       IRI_UCD_CONFUSABLE_BITS_3)];
  i2 = iri_ucd_confusable_stage2[(i1 << IRI_UCD_CONFUSABLE_BITS_2) +
                                 ((c >> IRI_UCD_CONFUSABLE_BITS_3) & mask2)];

  return iri_ucd_confusable_stage3[(i2 << IRI_UCD_CONFUSABLE_BITS_3) +
                                   (c & mask3)];
}

/* Named code points form about 700 runs, so a binary search over the runs
 * costs ten steps and far less memory than a per-code-point table. */
static const IriUcdNameRange *
find_name_range (gunichar c)
{
  gsize lo = 0;
  gsize hi = G_N_ELEMENTS (iri_ucd_name_ranges);

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      const IriUcdNameRange *range = &iri_ucd_name_ranges[mid];
      gunichar start = NAME_RANGE_START (range);

      if (c < start)
        hi = mid;
      else if (c - start > range->count_minus_one)
        lo = mid + 1;
      else
        return range;
    }

  return NULL;
}

/* The word dictionary is sorted by length, so a word's length and offset
 * follow from its number and two small per-length tables. */
static char *
append_word (char  *p,
             guint  word)
{
  guint len = 1;
  gsize offset;

  while (len < IRI_UCD_NAME_WORD_LEN_MAX &&
         word >= iri_ucd_name_words_by_len_start[len + 1])
    len++;

  offset = iri_ucd_name_words_by_len_offset[len] +
           (gsize) (word - iri_ucd_name_words_by_len_start[len]) * len;
  memcpy (p, iri_ucd_name_words + offset, len);

  return p + len;
}

/* Names in the word stream come in blocks of IRI_UCD_NAME_BLOCK.  Each
 * name starts with a byte holding how many leading words it shares with
 * the name before it (high nibble) and how many words follow (low nibble),
 * so the names of a block are decoded from its start, which bounds the
 * work by the block size.  A word is one byte for the IRI_UCD_NAME_N_SHORT
 * most frequent words and two bytes for the others. */
static void
decode_listed_name (guint  index,
                    char  *buf)
{
  guint16 words[IRI_UCD_NAME_WORDS_MAX];
  guint n_words = 0;
  const guint8 *p;
  char *out = buf;

  p = iri_ucd_name_stream +
      iri_ucd_name_block_offsets[index / IRI_UCD_NAME_BLOCK];

  for (guint i = index - index % IRI_UCD_NAME_BLOCK; i <= index; i++)
    {
      guint header = *p++;
      guint n_new = header & 0xF;

      n_words = header >> 4;
      for (guint k = 0; k < n_new; k++)
        {
          guint b = *p++;

          if (b < IRI_UCD_NAME_N_SHORT)
            words[n_words++] = iri_ucd_name_frequent[b];
          else
            words[n_words++] = (guint16) ((b - IRI_UCD_NAME_N_SHORT) << 8 |
                                          *p++);
        }
    }

  for (guint i = 0; i < n_words; i++)
    {
      if (i > 0)
        *out++ = ' ';
      out = append_word (out, words[i]);
    }
  *out = '\0';
}

gboolean
iri_ucd_get_name (gunichar c,
                  char     buf[IRI_UCD_NAME_MAX])
{
  const IriUcdNameRange *range;
  guint kind;

  g_return_val_if_fail (buf != NULL, FALSE);

  buf[0] = '\0';

  /* Unassigned, private-use, surrogate and noncharacter code points have no
   * name (UAX #44 §4.8), and they are exactly the ones in no range. */
  range = find_name_range (c);
  if (range == NULL)
    return FALSE;

  kind = NAME_RANGE_KIND (range);
  if (kind == IRI_UCD_NAME_KIND_LIST)
    {
      /* This includes the "<control>" code points: the generator stored
       * their NameAliases.txt "control" alias (or, for the three C1
       * controls that have none, their "figment" alias) as the name. */
      decode_listed_name (range->index + (c - NAME_RANGE_START (range)), buf);
    }
  else if (kind == IRI_UCD_NAME_KIND_HANGUL)
    {
      /* Unicode §3.12, "Hangul Syllable Name Generation": the name is the
       * prefix followed by the Jamo_Short_Name of the syllable's leading
       * consonant, vowel and (possibly empty) trailing consonant. */
      guint s_index = c - HANGUL_S_BASE;

      g_snprintf (buf, IRI_UCD_NAME_MAX, "HANGUL SYLLABLE %s%s%s",
                  iri_ucd_jamo_l[s_index / HANGUL_N_COUNT],
                  iri_ucd_jamo_v[(s_index % HANGUL_N_COUNT) / HANGUL_T_COUNT],
                  iri_ucd_jamo_t[s_index % HANGUL_T_COUNT]);
    }
  else
    {
      /* UAX #44 §4.8 (Unicode §4.8, Table 4-8): a prefix and the code
       * point in uppercase hex, at least four digits. */
      g_snprintf (buf, IRI_UCD_NAME_MAX, "%s%04X",
                  iri_ucd_name_prefixes[kind - IRI_UCD_NAME_KIND_PREFIX_FIRST],
                  (guint) c);
    }

  return TRUE;
}

guint
iri_ucd_get_script_extensions (gunichar        c,
                               GUnicodeScript *out,
                               guint           n_out)
{
  const guint8 *set;
  guint n;

  g_return_val_if_fail (out != NULL || n_out == 0, 0);

  /* The generator already applied UAX #24 and the @missing lines of the
   * data files: code points that ScriptExtensions.txt does not list get
   * {Script}, and code points that Scripts.txt does not list get
   * {Unknown}. */
  set = iri_ucd_scx_pool + (props_lookup (c) >> IRI_UCD_PROP_SCX_SHIFT);
  n = set[0];
  for (guint i = 0; i < n && i < n_out; i++)
    out[i] = (GUnicodeScript) set[1 + i];

  return n;
}

gboolean
iri_ucd_is_default_ignorable (gunichar c)
{
  return (props_lookup (c) & IRI_UCD_PROP_DEFAULT_IGNORABLE) != 0;
}

gboolean
iri_ucd_is_identifier_allowed (gunichar c)
{
  /* UTS #39 §3.1: code points that IdentifierStatus.txt does not list are
   * Restricted. */
  return (props_lookup (c) & IRI_UCD_PROP_ID_ALLOWED) != 0;
}

guint
iri_ucd_get_identifier_type (gunichar c)
{
  /* UTS #39 §3.1: unlisted code points are Not_Character; the generator
   * stored that bit for them. */
  return props_lookup (c) & IRI_UCD_PROP_ID_TYPE_MASK;
}

const char *
iri_ucd_get_confusable (gunichar c)
{
  guint offset = confusable_lookup (c);

  /* Offset 0 is the empty string at the start of the pool: the code point
   * is its own prototype (UTS #39 §4). */
  if (offset == 0)
    return NULL;

  return iri_ucd_confusable_pool + offset;
}

gboolean
iri_ucd_is_intentional_confusable (gunichar a,
                                   gunichar b)
{
  gunichar lo_cp = MIN (a, b);
  gunichar hi_cp = MAX (a, b);
  gsize lo = 0;
  gsize hi = G_N_ELEMENTS (iri_ucd_intentional);

  /* The relation is symmetric (UTS #39 §4), so the generator stored each
   * pair once, lower code point first, sorted. */
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      const guint32 *pair = iri_ucd_intentional[mid];

      if (lo_cp < pair[0] || (lo_cp == pair[0] && hi_cp < pair[1]))
        hi = mid;
      else if (lo_cp > pair[0] || hi_cp > pair[1])
        lo = mid + 1;
      else
        return TRUE;
    }

  return FALSE;
}

IriLinkTerm
iri_ucd_get_link_term (gunichar c)
{
  /* UTS #58 property data: Hard for unlisted code points (the @missing
   * line of LinkTerm.txt), which is value 0. */
  return (IriLinkTerm) ((props_lookup (c) >> IRI_UCD_PROP_LINK_TERM_SHIFT) &
                        IRI_UCD_PROP_LINK_TERM_MASK);
}

gunichar
iri_ucd_get_link_bracket (gunichar c)
{
  gsize lo = 0;
  gsize hi = G_N_ELEMENTS (iri_ucd_link_bracket);

  /* LinkBracket.txt maps Close to Open only; the generator added the
   * inverse so that callers can also go from Open to Close. */
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (c < iri_ucd_link_bracket[mid][0])
        hi = mid;
      else if (c > iri_ucd_link_bracket[mid][0])
        lo = mid + 1;
      else
        return iri_ucd_link_bracket[mid][1];
    }

  return 0;
}

gboolean
iri_ucd_is_link_email (gunichar c)
{
  return (props_lookup (c) & IRI_UCD_PROP_LINK_EMAIL) != 0;
}

gboolean
iri_ucd_is_link_label (gunichar c)
{
  return (props_lookup (c) & IRI_UCD_PROP_LINK_LABEL) != 0;
}

gboolean
iri_ucd_is_uts46_kept (gunichar c)
{
  return (props_lookup (c) & IRI_UCD_PROP_UTS46_KEPT) != 0;
}
