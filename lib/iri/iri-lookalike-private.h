/* iri-lookalike-private.h: look-alike and TLD policy data
 *
 * Lookups in the tables that data/gen/gen-security-tables.py generates at
 * build time from confusables.txt, UnicodeData.txt, the IANA TLD list and
 * the policy files under data/security/ (issue 13, rule families 4, 5 and
 * 8).  Nothing reads a data file at run time (DESIGN.md §7).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whole-script confusables (UTS #39 §4): the ASCII reading (one to three
 * lower-case letters or digits) of @c when its skeleton is made of ASCII
 * letters and digits only, and @c is a character IDNA allows in a label
 * of a script other than Latin, Common and Inherited; its script (the
 * Script property) in @script.  NULL otherwise. */
const char *iri_lookalike_get_reading (gunichar        c,
                                       GUnicodeScript *script);

/* The extended skeleton (family 8): the skeleton of the ASCII letter or
 * digit that @c, a character left in a lower-cased host skeleton, passes
 * for (ʜ → "h", ĸ → "k", ŋ → "n", ʍ → "rn", the skeleton of "m"), or
 * NULL.  ASCII characters give NULL. */
const char *iri_lookalike_get_extended (gunichar c);

/* @skeleton (UTF-8, a lower-cased host skeleton) with every character that
 * iri_lookalike_get_extended() knows replaced by its ASCII letter.  A
 * skeleton without such characters is returned as a copy. */
char *iri_lookalike_extend_skeleton (const char *skeleton);

/* The scripts written natively under the TLD @tld (lower case, an
 * A-label or a U-label, @length bytes), from data/security/script-tlds.txt;
 * the number of scripts, 0 for a TLD not listed. */
guint iri_lookalike_tld_scripts (const char            *tld,
                                 gsize                  length,
                                 const GUnicodeScript **scripts);

/* Whether @script is written natively under @tld. */
gboolean iri_lookalike_tld_is_native (const char     *tld,
                                      gsize           length,
                                      GUnicodeScript  script);

/* A letter that only a few languages use (data/security/language-letters.txt). */
typedef struct {
  const char *sequence;   /* UTF-8: the letter, or "l·l" */
  const char *tlds;       /* space-separated, with a space at both ends */
  const char *languages;  /* ISO 639 codes, space-separated */
} IriLanguageLetter;

/* The first letter of @label (lower case, NFC, UTF-8, @length bytes) that
 * is bound to a few languages' TLDs of which @tld is not one, with its
 * byte offsets in @start and @end; NULL if there is none. */
const IriLanguageLetter *iri_lookalike_find_language_letter (const char *label,
                                                             gsize       length,
                                                             const char *tld,
                                                             gsize       tld_length,
                                                             gsize      *start,
                                                             gsize      *end);

G_END_DECLS
