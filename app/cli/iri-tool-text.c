/* iri-tool-text.c: JSON strings and terminal-safe text
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-tool-private.h"

/* Characters that must never reach a terminal or a JSON viewer as they
 * are: they would be invisible, or reorder or hide what follows them. */
static gboolean
needs_escape (gunichar c)
{
  return c < 0x20 || c == 0x7F ||
         (c >= 0x80 && c < 0xA0) ||
         c == 0x061C || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029;
}

void
iri_tool_json_string (GString    *out,
                      const char *text,
                      gssize      length)
{
  const char *p = text;
  const char *end;

  if (length < 0)
    length = strlen (text);
  end = text + length;

  g_string_append_c (out, '"');
  while (p < end)
    {
      const char *start = p;
      gunichar c;

      /* Copy the longest run that needs nothing. */
      while (p < end && (guchar) *p >= 0x20 && *p != '"' && *p != '\\' && (guchar) *p < 0x7F)
        p++;
      g_string_append_len (out, start, p - start);
      if (p >= end)
        break;

      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8 (callers pass analysed text, which always is; be
           * safe anyway): U+FFFD keeps the JSON valid. */
          g_string_append (out, "\\ufffd");
          p++;
          continue;
        }

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        default:
          if (needs_escape (c))
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
      p = g_utf8_next_char (p);
    }
  g_string_append_c (out, '"');
}

char *
iri_tool_escape_for_terminal (const char *text,
                              gssize      length)
{
  GString *out;
  const char *p = text;
  const char *end;

  if (length < 0)
    length = strlen (text);
  end = text + length;
  out = g_string_sized_new (length);

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (needs_escape (c))
        g_string_append_printf (out, "\\u{%04X}", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }

  return g_string_free (out, FALSE);
}
