/* iri-bidi-char-label.c: how the bidi table and picture show a character
 *
 * The cells of `iri explain` and the boxes of its picture (and of the
 * app's) name the characters that would be invisible or would move the
 * text around them.  Apart from the picture, which needs cairo: the
 * terminal tool links this without cairo, and loads the picture's
 * module only when asked for a picture.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <iri.h>

#include "iri-bidi-char-label.h"

char *
iri_bidi_diagram_char_label (gunichar c)
{
  static const struct { gunichar c; const char *name; } names[] = {
    { 0x0020, "SP" }, { 0x00A0, "NBSP" }, { 0x061C, "ALM" }, { 0x200B, "ZWSP" },
    { 0x200C, "ZWNJ" }, { 0x200D, "ZWJ" }, { 0x200E, "LRM" }, { 0x200F, "RLM" },
    { 0x202A, "LRE" }, { 0x202B, "RLE" }, { 0x202C, "PDF" }, { 0x202D, "LRO" },
    { 0x202E, "RLO" }, { 0x2066, "LRI" }, { 0x2067, "RLI" }, { 0x2068, "FSI" },
    { 0x2069, "PDI" }, { 0x0009, "TAB" }, { 0x2029, "PS" }, { 0x2028, "LS" },
  };
  GUnicodeType type = g_unichar_type (c);
  char buffer[8] = { 0, };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (names[i].c == c)
        return g_strdup (names[i].name);
    }
  if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT || type == G_UNICODE_UNASSIGNED ||
      type == G_UNICODE_SURROGATE || type == G_UNICODE_PRIVATE_USE || type == G_UNICODE_SPACE_SEPARATOR ||
      type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR)
    return g_strdup_printf ("U+%04X", c);

  g_unichar_to_utf8 (c, buffer);
  /* A mark alone would sit on the box's edge, or on the character
   * before it in a terminal. */
  if (type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_ENCLOSING_MARK ||
      type == G_UNICODE_SPACING_MARK)
    return g_strconcat ("\xE2\x97\x8C", buffer, NULL);
  if (iri_char_get_cell_width (c) == 0)
    return g_strdup_printf ("U+%04X", c);
  return g_strdup (buffer);
}
