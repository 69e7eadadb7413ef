/* fuzz-mapping-common.h: the URI checks shared by the mapping targets
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "fuzz-common.h"

/* Whether every character of @text may appear in a URI (RFC 3986 §2):
 * unreserved, reserved or '%'. */
static inline gboolean
fuzz_is_uri_text (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("-._~:/?#[]@!$&'()*+,;=%", *p) == NULL)
      return FALSE;
  return TRUE;
}

/* The percent-encoding normal form of §5.3.2.3 (RFC 3986 §6.2.2.2):
 * upper-case hex, unreserved characters decoded.  The URI → IRI → URI
 * round trip is exact up to this (iri_uri_to_iri()'s documentation). */
static inline char *
fuzz_normalize_percent (const char *text)
{
  GString *s = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      if (p[0] == '%' && g_ascii_isxdigit (p[1]) && g_ascii_isxdigit (p[2]))
        {
          char c = (char) (g_ascii_xdigit_value (p[1]) * 16 + g_ascii_xdigit_value (p[2]));

          if (g_ascii_isalnum (c) || strchr ("-._~", c) != NULL)
            g_string_append_c (s, c);
          else
            g_string_append_printf (s, "%%%c%c", g_ascii_toupper (p[1]), g_ascii_toupper (p[2]));
          p += 2;
        }
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}
