/* iri-utf8-private.h: UTF-8 checking inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

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

G_END_DECLS
