/* iri-tool-render.c: iri render — the display form of IRIs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

gboolean
iri_tool_parse_notation (const char   *name,
                         IriNotation  *out)
{
  if (name == NULL)
    return TRUE;
  if (g_str_equal (name, "hebrew"))
    *out = IRI_NOTATION_HEBREW;
  else if (g_str_equal (name, "arabic"))
    *out = IRI_NOTATION_ARABIC;
  else if (g_str_equal (name, "none"))
    *out = IRI_NOTATION_NONE;
  else
    {
      /* Translators: %s is what the user typed */
      iri_tool_error (_("unknown notation “%s” (use hebrew or arabic)"), name);
      return FALSE;
    }
  return TRUE;
}

/* Bidi Notation (RFC 3987bis §4.4) reads A–Z as 26 right-to-left
 * letters, and everything shown of the text is written back with A–Z.
 * A text that already has one of those 26 letters would be shown with a
 * capital in its place, a silent change of the user's text, so it is
 * refused instead.  Returns the first such letter, or 0. */
gunichar
iri_tool_notation_conflict (const char  *text,
                            gsize        length,
                            IriNotation  notation)
{
  const char *end = text + length;

  if (notation == IRI_NOTATION_NONE)
    return 0;
  for (const char *p = text; p < end; p++)
    {
      gunichar c;
      char utf8[6];
      int n;
      g_autofree char *back = NULL;

      /* Every letter of both notations is two bytes long, led by 0xD6
       * or 0xD7 (Hebrew) or 0xD8 or 0xD9 (Arabic). */
      if ((guchar) *p < 0xD6 || (guchar) *p > 0xD9 || end - p < 2)
        continue;
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        continue;
      n = g_unichar_to_utf8 (c, utf8);
      back = iri_notation_from_rtl (utf8, n, notation);
      if (back[0] >= 'A' && back[0] <= 'Z' && back[1] == '\0')
        return c;
    }
  return 0;
}

/* The message for a line iri_tool_notation_conflict() refuses. */
char *
iri_tool_notation_conflict_message (gunichar     c,
                                    IriNotation  notation)
{
  char utf8[7] = { 0, };
  g_autofree char *back = NULL;

  g_unichar_to_utf8 (c, utf8);
  back = iri_notation_from_rtl (utf8, -1, notation);
  /* Translators: the first %s is a Hebrew or Arabic letter, %04X its code
   * point, the third %s the capital A–Z that Bidi Notation writes it as,
   * the last is "hebrew" or "arabic"; do not translate --notation */
  return g_strdup_printf (_("“%s” (U+%04X) is the letter Bidi Notation writes as %s, so the line cannot be "
                            "read in it: write the letter as %s, or leave out --notation=%s"),
                          utf8, c, back, back, notation == IRI_NOTATION_HEBREW ? "hebrew" : "arabic");
}

gboolean
iri_tool_parse_mode (const char     *name,
                     IriDisplayMode *out)
{
  if (name == NULL)
    return TRUE;
  if (g_str_equal (name, "embed"))
    *out = IRI_DISPLAY_EMBED;
  else if (g_str_equal (name, "isolate"))
    *out = IRI_DISPLAY_ISOLATE;
  else
    {
      iri_tool_error (_("unknown display mode “%s” (use embed or isolate)"), name);
      return FALSE;
    }
  return TRUE;
}

int
iri_tool_render (int    argc,
                 char **argv)
{
  gboolean json = FALSE;
  g_autofree char *mode_arg = NULL;
  g_autofree char *notation_arg = NULL;
  g_autofree char *bidi_arg = NULL;
  gboolean shape = FALSE;
  g_auto(GStrv) args = NULL;
  IriDisplayMode mode = IRI_DISPLAY_EMBED;
  IriNotation notation = IRI_NOTATION_NONE;
  IriToolBidi output = iri_tool_default_bidi ();
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(GError) io_error = NULL;
  const char *text;
  gsize length;
  gboolean too_long;
  int status = IRI_TOOL_EXIT_OK;
  GOptionEntry entries[] = {
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("embed (the default: the whole IRI in one left-to-right embedding, §4.1) or isolate (each component on its own)"),
      N_("MODE") },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation) and write them back"),
      N_("hebrew|arabic") },
    { "bidi", 0, 0, G_OPTION_ARG_STRING, &bidi_arg,
      N_("app: reorder here and switch the terminal to explicit mode; terminal: print logical order in LRI…PDI for a bidi-capable terminal; none: print the visual order with no escape sequences (the default when not writing to a terminal)"),
      N_("app|terminal|none") },
    { "shape", 0, 0, G_OPTION_ARG_NONE, &shape,
      N_("Use Arabic presentation forms, for terminals that do not join Arabic letters"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per IRI: the input and its display (in visual order), or the error"), NULL },
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI…] — print IRIs as they are displayed"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints each IRI as it is displayed (RFC 3987bis §4.1): laid out by the\n"
                                  "Unicode Bidirectional Algorithm in a left-to-right embedding, in visual\n"
                                  "order, left to right. The IRI itself is never changed. Characters that\n"
                                  "would be invisible or reorder the line are shown as \\u{XXXX}.\n"
                                  "Without IRI arguments, reads one IRI per line from standard input."));
  if (!iri_tool_parse_options (context, "render", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (!iri_tool_parse_mode (mode_arg, &mode) || !iri_tool_parse_notation (notation_arg, &notation))
    return IRI_TOOL_EXIT_USAGE;
  if (!iri_tool_parse_bidi (bidi_arg, &output))
    return IRI_TOOL_EXIT_USAGE;

  input = iri_tool_input_new_args (args);
  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *rtl = NULL;
      g_autofree char *shown = NULL;
      g_autofree char *escaped = NULL;
      g_autofree char *safe = NULL;
      g_autofree char *logical = NULL;
      g_autofree char *repaired = NULL;
      g_autoptr(GListModel) repairs = NULL;
      const char *read;
      gsize read_length;
      gunichar conflict;

      if (too_long || !iri_utf8_validate (text, length, NULL, &error))
        {
          g_autofree char *message = too_long ? iri_tool_too_long_message () : g_strdup (error->message);

          status = IRI_TOOL_EXIT_FINDINGS;
          if (json)
            iri_tool_print_result_record (input, too_long ? NULL : text, length, NULL, "display", NULL, message);
          else
            {
              if (too_long)
                iri_tool_report_too_long (iri_tool_input_where (input));
              else
                iri_tool_error (_("%s: %s"), iri_tool_input_where (input), message);
              iri_tool_end_record ();
            }
          continue;
        }

      conflict = iri_tool_notation_conflict (text, length, notation);
      if (conflict != 0)
        {
          g_autofree char *message = iri_tool_notation_conflict_message (conflict, notation);

          status = IRI_TOOL_EXIT_FINDINGS;
          if (json)
            iri_tool_print_result_record (input, text, length, NULL, "display", NULL, message);
          else
            {
              iri_tool_error (_("%s: %s"), iri_tool_input_where (input), message);
              iri_tool_end_record ();
            }
          continue;
        }

      read = text;
      read_length = length;
      if (iri_tool_repair_input (&text, &length, &repaired, &repairs) && !json)
        iri_tool_print_repairs (iri_tool_input_where (input), repairs);
      rtl = iri_notation_to_rtl (text, length, notation);
      if (json)
        {
          g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new (rtl, -1, mode);
          g_autofree char *visual = iri_notation_from_rtl (iri_bidi_layout_get_visual_text (layout), -1,
                                                           notation);

          iri_tool_print_result_record (input, read, read_length, repairs, "display", visual, NULL);
          continue;
        }
      safe = iri_tool_escape_for_terminal (rtl, -1);
      logical = iri_notation_from_rtl (safe, -1, notation);
      if (output == IRI_TOOL_BIDI_TERMINAL)
        iri_tool_print_visual_line (output, "", NULL, logical);
      else
        {
          g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new (rtl, -1, mode);
          g_autofree char *visual = shape ? iri_bidi_layout_get_visual_text_shaped (layout)
                                          : g_strdup (iri_bidi_layout_get_visual_text (layout));

          escaped = iri_tool_escape_for_terminal (visual, -1);
          shown = iri_notation_from_rtl (escaped, -1, notation);
          iri_tool_print_visual_line (output, "", shown, logical);
        }
    }

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      return IRI_TOOL_EXIT_IO;
    }
  return status;
}
