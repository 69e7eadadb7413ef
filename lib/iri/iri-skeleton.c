/* iri-skeleton.c: skeletons and the confusables data (UTS #39 §4)
 *
 * The skeleton of a string (iri_skeleton()), of one character (to
 * compare with a delimiter), and the looser skeletons that hosts are
 * compared by, built from the prototypes of confusables.txt.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-safety.h"
#include "iri-safety-check-private.h"
#include "iri-skeleton-private.h"
#include "iri-ucd-private.h"

/* Appends the prototype of @c (confusables.txt), or @c itself. */
static void
append_prototype (GString  *out,
                  gunichar  c)
{
  const char *proto = iri_ucd_get_confusable (c);

  if (proto != NULL)
    g_string_append (out, proto);
  else
    g_string_append_unichar (out, c);
}

/* NFD, without the cost of g_utf8_normalize() when it would change
 * nothing: every character without a canonical decomposition and of
 * combining class 0 (true of most letters of most scripts, and of the
 * prototypes of confusables.txt) leaves a text as it is. */
static char *
normalize_nfd (const char *text,
               gssize      length)
{
  const char *p, *end;

  if (length < 0)
    length = strlen (text);
  end = text + length;
  for (p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0xC0)
        continue;
      if (c > 0xFFFF || !(iri_safety_get_char_facts (c) & FACT_NFD_STABLE))
        return g_utf8_normalize (text, length, G_NORMALIZE_NFD);
    }
  return g_strndup (text, length);
}

/**
 * iri_skeleton:
 * @text: a UTF-8 string
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 *
 * Computes the skeleton of UTS #39 §4: the string converted to NFD,
 * each character replaced by its prototype from confusables.txt, and
 * the result converted to NFD again.  Two strings are confusable when
 * their skeletons are equal: the skeleton of "аррӏе" (Cyrillic) is
 * "appie", the same as that of Latin "appie".
 *
 * A skeleton is meant for comparison, not for display.  It is case
 * sensitive ("I" and "l" share the prototype "l"), as the standard
 * defines it; comparisons of host names in an analysis lower-case both
 * sides first.
 *
 * Returns: (transfer full): the skeleton
 *
 * Since: 0.1
 */
char *
iri_skeleton (const char *text,
              gssize      length)
{
  g_autofree char *nfd = NULL;
  g_autoptr(GString) out = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = strlen (text);
  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), NULL);

  nfd = normalize_nfd (text, length);
  out = g_string_sized_new (length + 8);
  for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
    append_prototype (out, g_utf8_get_char (p));

  return normalize_nfd (out->str, out->len);
}

/* The skeleton of one character without the final NFD, into @buf
 * (enough for any prototype: the longest in confusables.txt 15.0 has 18
 * characters).  Only used to compare with ASCII delimiters, which the
 * final NFD does not change.  No allocation. */
void
iri_char_skeleton (gunichar  c,
                   char      buf[IRI_CHAR_SKELETON_MAX])
{
  gunichar decomposition[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
  gsize n = g_unichar_fully_decompose (c, FALSE, decomposition, G_N_ELEMENTS (decomposition));
  gsize len = 0;

  for (gsize i = 0; i < n; i++)
    {
      const char *proto = iri_ucd_get_confusable (decomposition[i]);
      char one[8];
      gsize plen;

      if (proto == NULL)
        {
          plen = g_unichar_to_utf8 (decomposition[i], one);
          proto = one;
        }
      else
        plen = strlen (proto);

      if (len + plen >= IRI_CHAR_SKELETON_MAX)
        break;
      memcpy (buf + len, proto, plen);
      len += plen;
    }
  buf[len] = '\0';
}

/* Host skeletons for comparison.  A host is compared in a looser way
 * than the plain skeleton, for three reasons, all derived from the data:
 *
 * - Case: hosts are case-insensitive and UTS #46 lower-cases them, so
 *   the skeleton is lower-cased ("g00gle" and "google" both become
 *   "google": U+0030 DIGIT ZERO has the prototype "O").
 *
 * - Case variants: a lower-case character whose upper-case form has a
 *   different prototype may be read as either.  U+04CF CYRILLIC SMALL
 *   LETTER PALOCHKA has the prototype "i" but its capital U+04C0 has
 *   "l", and in most fonts both are a plain vertical stroke: "аррӏе"
 *   must match "apple" as well as "appie".  Such characters give a few
 *   variant skeletons (at most MAX_VARIANT_CHARS of them branch).
 *
 * - Diacritics: after the skeleton, nonspacing marks of the Inherited
 *   script (the diacritics of Latin, Greek and Cyrillic, and the
 *   overlays that confusables.txt uses for "ł", "ø", "đ") are dropped,
 *   so "myẹtḣerwallet" matches "myetherwallet" — the misses of
 *   mixed Latin look-alikes that users report about browsers.
 */
#define MAX_VARIANT_CHARS 3

/* Lower-cases and drops the Inherited nonspacing marks of an NFD text. */
static char *
finish_host_skeleton (const char *text,
                      gsize       length)
{
  g_autofree char *nfd = normalize_nfd (text, length);
  g_autofree char *lower = g_utf8_strdown (nfd, -1);
  GString *out = g_string_sized_new (strlen (lower));

  for (const char *p = lower; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x300 && g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK &&
          g_unichar_get_script (c) == G_UNICODE_SCRIPT_INHERITED)
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* Adds the variant skeletons of @host (lower-case, NFC) to @out, without
 * duplicates. */
void
iri_host_skeletons (const char *host,
                    GPtrArray  *out)
{
  g_autofree char *nfd = normalize_nfd (host, -1);
  g_autoptr(GString) primary = g_string_new (NULL);
  g_autoptr(GString) variant = g_string_new (NULL);
  gunichar branch[MAX_VARIANT_CHARS];
  guint n_branch = 0;

  if (nfd == NULL)
    return;

  for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar upper;
      g_autoptr(GString) mine = NULL;
      g_autoptr(GString) theirs = NULL;
      g_autofree char *mine_lower = NULL;
      g_autofree char *theirs_lower = NULL;

      append_prototype (primary, c);
      if (c < 0x80 || n_branch == MAX_VARIANT_CHARS)
        continue;
      upper = g_unichar_toupper (c);
      if (upper == c)
        continue;

      mine = g_string_new (NULL);
      theirs = g_string_new (NULL);
      append_prototype (mine, c);
      append_prototype (theirs, upper);
      mine_lower = g_utf8_strdown (mine->str, -1);
      theirs_lower = g_utf8_strdown (theirs->str, -1);
      if (!g_str_equal (mine_lower, theirs_lower))
        branch[n_branch++] = c;
    }

  for (guint mask = 0; mask < (1u << n_branch); mask++)
    {
      char *finished;

      g_string_truncate (variant, 0);
      for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          gboolean use_upper = FALSE;

          for (guint k = 0; k < n_branch; k++)
            {
              if (branch[k] == c && (mask & (1u << k)))
                use_upper = TRUE;
            }
          append_prototype (variant, use_upper ? g_unichar_toupper (c) : c);
        }

      finished = finish_host_skeleton (variant->str, variant->len);
      for (guint i = 0; i < out->len && finished != NULL; i++)
        {
          if (g_str_equal (g_ptr_array_index (out, i), finished))
            g_clear_pointer (&finished, g_free);
        }
      if (finished != NULL)
        g_ptr_array_add (out, finished);
    }

}

/* The ASCII host skeleton written into @buf, for the fast path: the same
 * as iri_host_skeletons() gives for a lower-case ASCII host without "%" (no
 * variants, no marks), without allocating.  Returns FALSE if it does not
 * fit. */
gboolean
iri_ascii_host_skeleton (const char *host,
                         gsize       length,
                         char       *buf,
                         gsize       size)
{
  gsize len = 0;

  for (gsize i = 0; i < length; i++)
    {
      const char *proto = iri_ucd_get_confusable ((guchar) host[i]);
      char one[2] = { host[i], '\0' };

      if (proto == NULL)
        proto = one;
      for (const char *q = proto; *q != '\0'; q++)
        {
          if (len + 1 >= size || (guchar) *q >= 0x80)
            return FALSE;
          buf[len++] = g_ascii_tolower (*q);
        }
    }
  buf[len] = '\0';
  return TRUE;
}
