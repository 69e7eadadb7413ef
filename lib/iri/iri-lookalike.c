/* iri-lookalike.c: look-alike and TLD policy data
 *
 * Bisection over the tables of data/gen/gen-security-tables.py: the ASCII
 * readings of whole-script confusable characters (UTS #39 §4), the
 * extended skeleton map for known hosts, the scripts native under each
 * ccTLD and the letters bound to a few languages' TLDs.  The safety checks
 * in iri-safety.c decide what to report; this file only answers
 * questions about the data.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-lookalike-private.h"
#include "iri-security-tables.h"

const char *
iri_lookalike_get_reading (gunichar        c,
                           GUnicodeScript *script)
{
  gsize lo = 0;
  gsize hi = IRI_SEC_N_WHOLE_SCRIPT;

  if (c < 0x80)
    return NULL;
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      const IriSecWholeScript *entry = &iri_sec_whole_script[mid];

      if (entry->c == c)
        {
          if (script != NULL)
            *script = entry->script;
          return entry->reading;
        }
      if (entry->c < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

const char *
iri_lookalike_get_extended (gunichar c)
{
  gsize lo = 0;
  gsize hi = IRI_SEC_N_EXTENDED;

  if (c < 0x80)
    return NULL;
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (iri_sec_extended[mid].c == c)
        return iri_sec_extended[mid].skeleton;
      if (iri_sec_extended[mid].c < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

char *
iri_lookalike_extend_skeleton (const char *skeleton)
{
  GString *out;

  g_return_val_if_fail (skeleton != NULL, NULL);

  out = g_string_sized_new (strlen (skeleton));
  for (const char *p = skeleton; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *ascii = iri_lookalike_get_extended (c);

      if (ascii != NULL)
        g_string_append (out, ascii);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

/* Compares @tld (@length bytes) with a NUL-terminated table entry in
 * memcmp() order, the order the generator sorted by. */
static int
compare_tld (const char *tld,
             gsize       length,
             const char *entry)
{
  gsize entry_length = strlen (entry);
  int cmp = memcmp (tld, entry, MIN (length, entry_length));

  if (cmp != 0)
    return cmp;
  return length < entry_length ? -1 : length > entry_length;
}

guint
iri_lookalike_tld_scripts (const char            *tld,
                           gsize                  length,
                           const GUnicodeScript **scripts)
{
  gsize lo = 0;
  gsize hi = IRI_SEC_N_TLD_SCRIPTS;

  g_return_val_if_fail (tld != NULL || length == 0, 0);

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      const IriSecTldScripts *entry = &iri_sec_tld_scripts[mid];
      int cmp = compare_tld (tld, length, entry->tld);

      if (cmp == 0)
        {
          *scripts = &iri_sec_tld_script_pool[entry->first];
          return entry->n;
        }
      if (cmp > 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return 0;
}

gboolean
iri_lookalike_tld_is_native (const char     *tld,
                             gsize           length,
                             GUnicodeScript  script)
{
  const GUnicodeScript *scripts = NULL;
  guint n = iri_lookalike_tld_scripts (tld, length, &scripts);

  for (guint i = 0; i < n; i++)
    {
      if (scripts[i] == script)
        return TRUE;
    }
  return FALSE;
}

/* Whether the space-separated list @tlds (with a space at both ends) has
 * the ASCII TLD @tld. */
static gboolean
tld_in_list (const char *tlds,
             const char *tld,
             gsize       length)
{
  for (const char *p = strstr (tlds, " "); p != NULL && p[1] != '\0'; p = strchr (p + 1, ' '))
    {
      if (strncmp (p + 1, tld, length) == 0 && p[1 + length] == ' ')
        return TRUE;
    }
  return FALSE;
}

const IriLanguageLetter *
iri_lookalike_find_language_letter (const char *label,
                                    gsize       length,
                                    const char *tld,
                                    gsize       tld_length,
                                    gsize      *start,
                                    gsize      *end)
{
  const IriLanguageLetter *found = NULL;
  gsize found_at = G_MAXSIZE;

  for (gsize i = 0; i < IRI_SEC_N_LANGUAGE_LETTERS; i++)
    {
      const IriLanguageLetter *letter = &iri_sec_language_letters[i];
      gsize n = strlen (letter->sequence);

      if (tld != NULL && tld_in_list (letter->tlds, tld, tld_length))
        continue;
      /* Most positions differ in their first byte: a comparison of one
       * byte before the call, for every letter at every position of
       * every label outside ASCII. */
      for (gsize at = 0; at + n <= length && at < found_at; at++)
        {
          if ((n == 0 || label[at] == letter->sequence[0]) &&
              memcmp (label + at, letter->sequence, n) == 0)
            {
              found = letter;
              found_at = at;
              *start = at;
              *end = at + n;
              break;
            }
        }
    }
  return found;
}
