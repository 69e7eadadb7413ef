/* iri-tool-text.c: JSON strings and terminal-safe text
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <glib/gi18n.h>

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

/* Whether the eight bytes of @w are all ASCII that a JSON string takes
 * as it is, tested together: (v - 0x01…) & ~v has the high bit of some
 * byte set when v has a zero byte, and (v - 0x20…) & ~v when v has a
 * byte below 0x20 (borrows only ever add to a byte above a true one,
 * so the answer for the word is exact). */
static inline gboolean
word_is_plain (guint64 w)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  guint64 quote = w ^ (ones * '"');
  guint64 backslash = w ^ (ones * '\\');
  guint64 del = w ^ (ones * 0x7F);
  guint64 bad = ((quote - ones) & ~quote) |
                ((backslash - ones) & ~backslash) |
                ((del - ones) & ~del) |
                ((w - ones * 0x20) & ~w) |
                w;

  return (bad & (ones * 0x80)) == 0;
}

/* The longest stretch from @p that a JSON string takes as it is: ASCII
 * other than controls, '"' and '\\', and valid UTF-8 sequences of
 * characters that need no escape.  Two-byte sequences (Hebrew, Arabic,
 * Cyrillic…) are decoded here; longer ones by GLib. */
static const char *
json_safe_run (const char *p,
               const char *end)
{
  /* The ASCII bytes a JSON string takes as they are. */
  static const guint8 plain[128] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,     /* not '"' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,     /* not '\\' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,     /* not DEL */
  };

  while (p < end)
    {
      guchar b = *p;

      if (b < 0x80)
        {
          guint64 w;

          if (!plain[b])
            break;
          p++;
          /* Messages and URIs are mostly such ASCII: eight at a time. */
          while (end - p >= 8 && (memcpy (&w, p, sizeof w), word_is_plain (w)))
            p += 8;
        }
      else if (b >= 0xC2 && b <= 0xDF && end - p >= 2 && ((guchar) p[1] & 0xC0) == 0x80)
        {
          gunichar c = ((b & 0x1F) << 6) | ((guchar) p[1] & 0x3F);

          if (c < 0xA0 || c == 0x061C)
            break;
          p += 2;
        }
      else if (b >= 0xE0)
        {
          gunichar c = g_utf8_get_char_validated (p, end - p);

          if (c == (gunichar) -1 || c == (gunichar) -2 || needs_escape (c))
            break;
          p = g_utf8_next_char (p);
        }
      else
        break;
    }
  return p;
}

/* A JSON string, or null for a NULL @text (a field with no value).
 * This is the hot path of check --json: room for the
 * text as it is is made once and the text written into it, runs that
 * need nothing in one copy; an escape makes more room when it needs it
 * (reserving for the worst case, six bytes a byte, would hold six times
 * a 128 KiB line per string). */
void
iri_tool_json_string (GString    *out,
                      const char *text,
                      gssize      length)
{
  const char *p = text;
  const char *end;
  gsize start_len = out->len;
  char *w;

  if (text == NULL)
    {
      g_string_append_len (out, "null", 4);
      return;
    }
  if (length < 0)
    length = strlen (text);
  end = text + length;

  /* out->len marks the room made so far; it is set to what was
   * written at the end.  Most strings are short and the buffer has
   * room: no call into GLib then. */
  if (start_len + (gsize) length + 2 < out->allocated_len)
    out->len = start_len + (gsize) length + 2;
  else
    g_string_set_size (out, start_len + (gsize) length + 2);
  w = out->str + start_len;
  *w++ = '"';
  while (p < end)
    {
      const char *run = p;
      gunichar c;

      p = json_safe_run (p, end);
      memcpy (w, run, p - run);
      w += p - run;
      if (p >= end)
        break;

      /* An escape is at most six bytes, for at least one of the input:
       * room for it and for the rest of the text as it is, and the
       * closing quote. */
      {
        gsize offset = w - out->str;
        gsize needed = offset + 6 + (gsize) (end - p) + 1;

        if (needed > out->len)
          {
            g_string_set_size (out, needed + (needed - start_len) / 2);
            w = out->str + offset;
          }
      }

      /* A NUL byte is a character JSON escapes like any control (GLib
       * takes it for the end of the text), so the input read keeps it. */
      c = *p == '\0' ? 0 : g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8 (callers pass analysed text, which always is; be
           * safe anyway): U+FFFD keeps the JSON valid. */
          memcpy (w, "\\ufffd", 6);
          w += 6;
          p++;
          continue;
        }

      *w++ = '\\';
      switch (c)
        {
        case '"':
        case '\\':
          *w++ = c;
          break;
        case '\n':
          *w++ = 'n';
          break;
        case '\t':
          *w++ = 't';
          break;
        case '\r':
          *w++ = 'r';
          break;
        default:
          {
            static const char hex[] = "0123456789abcdef";

            /* needs_escape() holds only for characters of the BMP. */
            *w++ = 'u';
            *w++ = hex[(c >> 12) & 0xF];
            *w++ = hex[(c >> 8) & 0xF];
            *w++ = hex[(c >> 4) & 0xF];
            *w++ = hex[c & 0xF];
          }
          break;
        }
      p = g_utf8_next_char (p);
    }
  *w++ = '"';
  *w = '\0';
  out->len = w - out->str;
}

/* A number in JSON, without the cost of printf. */
void
iri_tool_json_uint (GString *out,
                    guint64  value)
{
  char digits[20];
  int n = 0;

  do
    {
      digits[sizeof digits - 1 - n++] = '0' + value % 10;
      value /= 10;
    }
  while (value > 0);
  iri_tool_put (out, digits + sizeof digits - n, n);
}

/* A JSON string for a name of the library's own: an enumeration's
 * nick or a finding's code, ASCII letters, digits and hyphens, none of
 * which JSON escapes, so the name is not scanned for them (a record
 * has several for each unit and finding). */
void
iri_tool_json_name (GString    *out,
                    const char *name)
{
  /* As iri_tool_json_string() does, though no name is ever missing. */
  if (name == NULL)
    {
      IRI_TOOL_PUT (out, "null");
      return;
    }
  iri_tool_put (out, "\"", 1);
  iri_tool_put (out, name, strlen (name));
  iri_tool_put (out, "\"", 1);
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

/* A message of the library for plain text output.  Messages quote
 * pieces of a display in visual order between LEFT-TO-RIGHT OVERRIDE and
 * POP DIRECTIONAL FORMATTING, for user interfaces that would reorder
 * them again; text output is already in visual order, like every
 * display this tool prints, so the two marks are dropped rather than
 * written raw (invisible characters that reorder what follows) or as
 * escapes; anything else invisible is escaped as usual. */
char *
iri_tool_message_as_text (const char *message)
{
  GString *out = g_string_sized_new (strlen (message));
  /* What is kept is copied a stretch at a time, not a character at a
   * time: a note of to-iri quotes a whole URI and its host, and a batch
   * of URIs can have thousands of notes. */
  const char *kept = message;
  const char *p = message;

  while (*p != '\0')
    {
      guchar b = *p;
      gunichar c;

      if (b >= 0x20 && b < 0x7F)
        {
          p++;
          continue;
        }
      c = g_utf8_get_char (p);
      if (c != 0x202D && c != 0x202C && !needs_escape (c))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      g_string_append_len (out, kept, p - kept);
      if (c != 0x202D && c != 0x202C)
        g_string_append_printf (out, "\\u{%04X}", c);
      p = g_utf8_next_char (p);
      kept = p;
    }
  g_string_append_len (out, kept, p - kept);
  return g_string_free (out, FALSE);
}

/* A terminal that TERM says cannot take escape sequences: "dumb" (Emacs'
 * shell, many CI logs) or no TERM at all.  It gets no colour, no bidi
 * mode switches, no progress bar and no full-screen editor. */
gboolean
iri_tool_terminal_is_dumb (void)
{
  const char *term = g_getenv ("TERM");

  return term == NULL || term[0] == '\0' || g_str_equal (term, "dumb");
}

gboolean
iri_tool_parse_color (const char *name,
                      gboolean   *out_color)
{
  if (name == NULL || g_str_equal (name, "auto"))
    {
      const char *no_color = g_getenv ("NO_COLOR");

      *out_color = isatty (STDOUT_FILENO) && (no_color == NULL || no_color[0] == '\0') &&
                   !iri_tool_terminal_is_dumb ();
    }
  else if (g_str_equal (name, "always"))
    *out_color = TRUE;
  else if (g_str_equal (name, "never"))
    *out_color = FALSE;
  else
    {
      iri_tool_error (_("unknown colour setting “%s” (use auto, always or never)"), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
iri_tool_parse_bidi (const char  *name,
                     IriToolBidi *out)
{
  if (name == NULL)
    return TRUE;
  if (g_str_equal (name, "app"))
    *out = IRI_TOOL_BIDI_APP;
  else if (g_str_equal (name, "terminal"))
    *out = IRI_TOOL_BIDI_TERMINAL;
  else if (g_str_equal (name, "none"))
    *out = IRI_TOOL_BIDI_NONE;
  else
    {
      /* Translators: %s is what the user typed */
      iri_tool_error (_("unknown bidi output “%s” (use app, terminal or none)"), name);
      return FALSE;
    }
  return TRUE;
}

IriToolBidi
iri_tool_default_bidi (void)
{
  return isatty (STDOUT_FILENO) && !iri_tool_terminal_is_dumb () ? IRI_TOOL_BIDI_APP : IRI_TOOL_BIDI_NONE;
}

/* BDSM (Bi-Directional Support Mode) reset and set. */
#define BDSM_EXPLICIT "\033[8l"
#define BDSM_IMPLICIT "\033[8h"

void
iri_tool_print_visual_line (IriToolBidi  bidi,
                            const char  *prefix,
                            const char  *visual,
                            const char  *logical)
{
  if (bidi == IRI_TOOL_BIDI_TERMINAL)
    {
      g_autofree char *wrapped = iri_bidi_wrap (logical, -1, IRI_BIDI_WRAP_ISOLATE);

      g_print ("%s%s", prefix, wrapped);
      iri_tool_end_record ();
      return;
    }

  if (bidi == IRI_TOOL_BIDI_APP && isatty (STDOUT_FILENO) && !iri_tool_terminal_is_dumb ())
    {
      g_print (BDSM_EXPLICIT "%s%s", prefix, visual);
      iri_tool_end_record ();
      g_print (BDSM_IMPLICIT);
    }
  else
    {
      g_print ("%s%s", prefix, visual);
      iri_tool_end_record ();
    }
}

/* Columns of the terminal on standard output, or 80. */
int
iri_tool_terminal_width (void)
{
  struct winsize ws;
  const char *columns = g_getenv ("COLUMNS");

  if (isatty (STDOUT_FILENO) && ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  if (columns != NULL && atoi (columns) > 20)
    return atoi (columns);
  return 80;
}

/* Terminal columns of a UTF-8 text (no escapes, no controls). */
int
iri_tool_text_width (const char *text)
{
  int width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    width += iri_char_get_cell_width (g_utf8_get_char (p));
  return width;
}

/* @text followed by spaces up to @width terminal columns. */
char *
iri_tool_pad (const char *text,
              int         width)
{
  int pad = width - iri_tool_text_width (text);

  return g_strdup_printf ("%s%*s", text, MAX (pad, 0), "");
}

/* Prints @text wrapped to the terminal width, each line indented.  Lines
 * break at spaces; a word wider than a whole line (a sentence in
 * Japanese or Chinese, which has no spaces) breaks between characters. */
void
iri_tool_print_wrapped (const char *indent,
                        const char *text,
                        int         width)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GString) line = g_string_new (indent);
  int indent_width = iri_tool_text_width (indent);
  int line_width = indent_width;
  int room = MAX (width - indent_width, 20);

  for (guint i = 0; words[i] != NULL; i++)
    {
      int w = iri_tool_text_width (words[i]);

      if (line_width > indent_width && line_width + 1 + w > width)
        {
          g_print ("%s\n", line->str);
          g_string_assign (line, indent);
          line_width = indent_width;
        }
      if (line_width > indent_width)
        {
          g_string_append_c (line, ' ');
          line_width++;
        }
      if (w <= room)
        {
          g_string_append (line, words[i]);
          line_width += w;
          continue;
        }
      for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          int cw = (int) iri_char_get_cell_width (c);

          if (line_width + cw > indent_width + room)
            {
              g_print ("%s\n", line->str);
              g_string_assign (line, indent);
              line_width = indent_width;
            }
          g_string_append_unichar (line, c);
          line_width += cw;
        }
    }
  if (line_width > indent_width)
    g_print ("%s\n", line->str);
}

