/* iri-utf8-private.h: UTF-8 checking inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <string.h>
#include <glib.h>

#include "iri-diagnostic-private.h"

G_BEGIN_DECLS

typedef enum {
  IRI_UTF8_OK,
  IRI_UTF8_NUL,               /* a 0x00 byte */
  IRI_UTF8_UNEXPECTED_CONTINUATION,
  IRI_UTF8_INVALID_LEAD,      /* 0xF8..0xFF */
  IRI_UTF8_OVERLONG,          /* 0xC0, 0xC1, E0 80..9F, F0 80..8F */
  IRI_UTF8_SURROGATE,         /* ED A0..BF */
  IRI_UTF8_TOO_LARGE,         /* F4 90.., F5..F7 */
  IRI_UTF8_TRUNCATED,         /* a sequence cut by the end of the input or by a non-continuation byte */
} IriUtf8Problem;

/* How many bytes at the start of @text are ASCII other than NUL
 * (0x01-0x7F), read eight at a time: most IRIs are mostly ASCII, and
 * every parse, mapping and input line is checked for UTF-8 first.  A
 * byte is 0 or above 0x7F exactly when the high bit of its own byte in
 * (w | (w - 0x01…01)) is set; a borrow can only spread to higher bytes
 * from a zero byte, which stops the run anyway. */
static inline gsize
iri_ascii_run_length (const char *text,
                      gsize       length)
{
  const guchar *s = (const guchar *) text;
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 w;

      memcpy (&w, s + i, sizeof w);
      if (((w | (w - G_GUINT64_CONSTANT (0x0101010101010101))) & G_GUINT64_CONSTANT (0x8080808080808080)) != 0)
        break;
    }
  while (i < length && s[i] - 1u < 0x7Fu)
    i++;
  return i;
}

/* Finds the first problem at or after @text.  Returns IRI_UTF8_OK and sets
 * *out_offset to @length when there is none; otherwise *out_offset is the
 * offset of the first byte of the bad sequence and *out_bad_length how
 * many bytes form the maximal ill-formed subpart (Unicode §3.9, U+FFFD
 * substitution of maximal subparts). */
IriUtf8Problem iri_utf8_check (const char *text,
                               gsize       length,
                               gsize      *out_offset,
                               gsize      *out_bad_length);

/* Returns a copy of @text in which every maximal ill-formed subpart and
 * every NUL byte is replaced by U+FFFD, and adds an `invalid-utf8` or
 * `nul-character` diagnostic for each (spans in the returned text). */
char *iri_utf8_make_valid (const char     *text,
                           gsize           length,
                           gsize          *out_length,
                           IriDiagnostics *diagnostics);

/* Sets @error for the first problem of @text, as iri_utf8_validate() does. */
gboolean iri_utf8_validate_internal (const char  *text,
                                     gsize        length,
                                     gsize       *out_offset,
                                     GError     **error);

/* g_utf8_strdown (@text, @length) for valid UTF-8, without its cost
 * when there is nothing to change. */
char *iri_utf8_strdown (const char *text,
                        gssize      length);

G_END_DECLS
