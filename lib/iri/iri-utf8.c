/* iri-utf8.c: strict UTF-8 validation with a reason and an offset
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-error.h"
#include "iri-utf8.h"
#include "iri-utf8-private.h"

/* Well-formed UTF-8 per Unicode §3.9 Table 3-7.  The second byte's range
 * depends on the lead byte; that is where overlong forms, surrogates and
 * code points above U+10FFFF are refused (UTR #36 §3, 3987bis §9). */
IriUtf8Problem
iri_utf8_check (const char *text,
                gsize       length,
                gsize      *out_offset,
                gsize      *out_bad_length)
{
  const guchar *s = (const guchar *) text;
  gsize i = 0;

  while (i < length)
    {
      guchar c = s[i];
      guchar lo = 0x80, hi = 0xBF;
      gsize need;
      IriUtf8Problem second_problem = IRI_UTF8_TRUNCATED;

      if (c >= 0x01 && c < 0x80)
        {
          i += iri_ascii_run_length (text + i, length - i);
          continue;
        }

      /* The common well-formed sequences, whose lead byte allows every
       * continuation byte (Unicode §3.9, Table 3-7): two bytes (Latin,
       * Greek, Cyrillic, Hebrew, Arabic…) and three outside E0 and ED.
       * The checks below are for the rest and for the problems. */
      if (c >= 0xC2 && c < 0xE0 && i + 1 < length && (s[i + 1] & 0xC0) == 0x80)
        {
          i += 2;
          continue;
        }
      if (c >= 0xE1 && c < 0xF0 && c != 0xED && i + 2 < length &&
          (s[i + 1] & 0xC0) == 0x80 && (s[i + 2] & 0xC0) == 0x80)
        {
          i += 3;
          continue;
        }

      *out_offset = i;
      *out_bad_length = 1;

      if (c == 0x00)
        return IRI_UTF8_NUL;
      if (c < 0xC0)
        return IRI_UTF8_UNEXPECTED_CONTINUATION;
      if (c < 0xC2)
        return IRI_UTF8_OVERLONG;
      if (c < 0xE0)
        need = 1;
      else if (c < 0xF0)
        {
          need = 2;
          if (c == 0xE0)
            {
              lo = 0xA0;
              second_problem = IRI_UTF8_OVERLONG;
            }
          else if (c == 0xED)
            {
              hi = 0x9F;
              second_problem = IRI_UTF8_SURROGATE;
            }
        }
      else if (c < 0xF5)
        {
          need = 3;
          if (c == 0xF0)
            {
              lo = 0x90;
              second_problem = IRI_UTF8_OVERLONG;
            }
          else if (c == 0xF4)
            {
              hi = 0x8F;
              second_problem = IRI_UTF8_TOO_LARGE;
            }
        }
      else if (c < 0xF8)
        return IRI_UTF8_TOO_LARGE;
      else
        return IRI_UTF8_INVALID_LEAD;

      if (i + 1 >= length)
        return IRI_UTF8_TRUNCATED;
      if (s[i + 1] < lo || s[i + 1] > hi)
        {
          /* A continuation byte outside the allowed range names the
           * specific problem; any other byte means the sequence was cut. */
          if (s[i + 1] >= 0x80 && s[i + 1] <= 0xBF)
            return second_problem;
          return IRI_UTF8_TRUNCATED;
        }
      for (gsize k = 2; k <= need; k++)
        {
          if (i + k >= length || s[i + k] < 0x80 || s[i + k] > 0xBF)
            {
              *out_bad_length = k;
              return IRI_UTF8_TRUNCATED;
            }
        }
      i += need + 1;
    }

  *out_offset = length;
  *out_bad_length = 0;
  return IRI_UTF8_OK;
}

static char *
describe_problem (IriUtf8Problem problem,
                  const guchar  *bytes,
                  gsize          n_bytes,
                  gsize          offset)
{
  g_autoptr(GString) hex = g_string_new (NULL);

  for (gsize i = 0; i < n_bytes; i++)
    g_string_append_printf (hex, i == 0 ? "%02X" : " %02X", bytes[i]);

  switch (problem)
    {
    case IRI_UTF8_NUL:
      /* Translators: %zu is a byte offset */
      return g_strdup_printf (_("NUL byte at byte %zu (a NUL cannot be part of an IRI)"), offset);
    case IRI_UTF8_UNEXPECTED_CONTINUATION:
      /* Translators: %s is a hexadecimal byte such as 0xA9, %zu a byte offset */
      return g_strdup_printf (_("stray continuation byte 0x%s at byte %zu"), hex->str, offset);
    case IRI_UTF8_INVALID_LEAD:
      return g_strdup_printf (_("byte 0x%s at byte %zu can never appear in UTF-8"), hex->str, offset);
    case IRI_UTF8_OVERLONG:
      return g_strdup_printf (_("overlong encoding starting with 0x%s at byte %zu"), hex->str, offset);
    case IRI_UTF8_SURROGATE:
      return g_strdup_printf (_("encoded surrogate code point starting with 0x%s at byte %zu"), hex->str, offset);
    case IRI_UTF8_TOO_LARGE:
      return g_strdup_printf (_("code point above U+10FFFF starting with 0x%s at byte %zu"), hex->str, offset);
    case IRI_UTF8_TRUNCATED:
      return g_strdup_printf (_("truncated sequence 0x%s at byte %zu"), hex->str, offset);
    case IRI_UTF8_OK:
    default:
      g_assert_not_reached ();
    }
}

gboolean
iri_utf8_validate_internal (const char  *text,
                            gsize        length,
                            gsize       *out_offset,
                            GError     **error)
{
  gsize offset, bad_length;
  IriUtf8Problem problem;
  g_autofree char *what = NULL;

  problem = iri_utf8_check (text, length, &offset, &bad_length);
  if (out_offset != NULL)
    *out_offset = offset;
  if (problem == IRI_UTF8_OK)
    return TRUE;

  what = describe_problem (problem, (const guchar *) text + offset, bad_length, offset);
  g_set_error (error, IRI_ERROR,
               problem == IRI_UTF8_NUL ? IRI_ERROR_EMBEDDED_NUL : IRI_ERROR_INVALID_UTF8,
               /* Translators: %s describes the problem, e.g. "overlong encoding starting with 0xC0 at byte 3" */
               _("Input is not valid UTF-8: %s"), what);
  return FALSE;
}

/**
 * iri_utf8_validate:
 * @text: (array length=length) (element-type guint8): bytes to check
 * @length: the number of bytes, or -1 if @text is NUL-terminated
 * @out_offset: (out) (optional): where to store the offset of the first
 *   bad byte, or @length when there is none
 * @error: return location for a #GError
 *
 * Checks that @text is well-formed UTF-8 (Unicode §3.9) and contains no
 * NUL byte.
 *
 * Overlong forms, encoded surrogates, code points above U+10FFFF,
 * truncated sequences and stray continuation bytes are refused with
 * [error@Iri.Error.INVALID_UTF8] and a message that names the bytes and
 * their offset, as RFC 3987bis §9 and UTR #36 §3 ask.  A NUL byte is
 * refused with [error@Iri.Error.EMBEDDED_NUL] rather than taken as the end
 * of the text.  Never reads past @length bytes.
 *
 * Returns: `TRUE` if @text is valid
 *
 * Since: 0.1
 */
gboolean
iri_utf8_validate (const char  *text,
                   gssize       length,
                   gsize       *out_offset,
                   GError     **error)
{
  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (length < 0)
    length = strlen (text);

  return iri_utf8_validate_internal (text, length, out_offset, error);
}

char *
iri_utf8_make_valid (const char     *text,
                     gsize           length,
                     gsize          *out_length,
                     IriDiagnostics *diagnostics)
{
  GString *out = g_string_sized_new (length + 8);
  gsize pos = 0;
  gsize n_chars = 0;

  while (pos < length)
    {
      gsize offset, bad_length;
      IriUtf8Problem problem;
      IriSpan span;
      g_autofree char *what = NULL;

      problem = iri_utf8_check (text + pos, length - pos, &offset, &bad_length);
      g_string_append_len (out, text + pos, offset);
      n_chars += g_utf8_strlen (text + pos, offset);
      if (problem == IRI_UTF8_OK)
        break;

      span.byte_start = out->len;
      span.start = n_chars;
      g_string_append (out, "\xEF\xBF\xBD");
      span.byte_end = out->len;
      span.end = ++n_chars;

      what = describe_problem (problem, (const guchar *) text + pos + offset, bad_length, pos + offset);
      iri_diagnostics_add (diagnostics,
                           iri_diagnostic_new_take (problem == IRI_UTF8_NUL ? "nul-character" : "invalid-utf8",
                                                    IRI_SEVERITY_ERROR, IRI_COMPONENT_IRI, &span,
                                                    "RFC 3987bis §9, UTR #36 §3",
                                                    /* Translators: %s describes the bad bytes */
                                                    g_strdup_printf (_("The input is not valid UTF-8: %s. It is shown as U+FFFD."), what),
                                                    g_strdup (_("Re-encode the text as UTF-8; if these bytes are meant literally, percent-encode them."))));
      pos += offset + bad_length;
    }

  *out_length = out->len;
  return g_string_free (out, FALSE);
}

/* g_utf8_strdown() changes upper-case and title-case letters only: its
 * special cases (the Turkic and Lithuanian I, U+0130, the final sigma)
 * are all upper-case letters, and it copies every other character as
 * it is.  Most host labels have no such letter, and their lower-case
 * form is then a copy, made without the two passes of case mapping. */
char *
iri_utf8_strdown (const char *text,
                  gssize      length)
{
  const char *end = length < 0 ? NULL : text + length;

  for (const char *p = text; (end == NULL || p < end) && *p != '\0'; p = g_utf8_next_char (p))
    {
      guchar b = (guchar) *p;
      GUnicodeType type;

      if (b < 0x80)
        {
          if (b >= 'A' && b <= 'Z')
            return g_utf8_strdown (text, length);
          continue;
        }
      type = g_unichar_type (g_utf8_get_char (p));
      if (type == G_UNICODE_UPPERCASE_LETTER || type == G_UNICODE_TITLECASE_LETTER)
        return g_utf8_strdown (text, length);
    }
  return length < 0 ? g_strdup (text) : g_strndup (text, length);
}
