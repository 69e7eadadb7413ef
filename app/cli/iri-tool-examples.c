/* iri-tool-examples.c: iri examples — the teaching set
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

typedef struct {
  IriToolBidi     bidi;
  IriDisplayMode  mode;
  gboolean        real_letters;   /* --notation=hebrew|arabic */
  IriNotation     mapping;        /* the letters capitals stand for */
  gboolean        json;
  int             width;
} Options;

/* A text of the example, as the user asked to see it: in the Bidi
 * Notation (capitals), or with real Hebrew or Arabic letters. */
static char *
shown (const Options *options,
       IriExample    *example,
       const char    *rtl_text)
{
  g_autofree char *safe = iri_tool_escape_for_terminal (rtl_text, -1);

  if (options->real_letters || iri_example_get_notation (example) == IRI_NOTATION_NONE)
    return g_steal_pointer (&safe);
  return iri_notation_from_rtl (safe, -1, options->mapping);
}

/* "  label:        value", the label padded to 14 columns (not bytes: a
 * translated label may have wide characters). */
static void
print_field (const char *label,
             const char *value)
{
  g_autofree char *padded = iri_tool_pad (label, 14);

  g_print ("  %s %s\n", padded, value);
}

static void
print_display (const Options  *options,
               IriExample     *example,
               const char     *label,
               const char     *rtl_text,
               IriDisplayMode  mode,
               IriBidiLayoutFlags flags)
{
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_full (rtl_text, -1, mode, flags);
  g_autofree char *visual = shown (options, example, iri_bidi_layout_get_visual_text (layout));
  g_autofree char *logical = shown (options, example, rtl_text);
  g_autofree char *padded = iri_tool_pad (label, 14);
  g_autofree char *prefix = g_strdup_printf ("  %s ", padded);

  iri_tool_print_visual_line (options->bidi, prefix, visual, logical);
}

/* The bidi class and level of every character, as the util.unicode.org
 * bidi demonstration shows them (PRIOR-ART B-15). */
static void
print_classes (const Options *options,
               const char    *rtl_text)
{
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_full (rtl_text, -1, IRI_DISPLAY_EMBED,
                                                              IRI_BIDI_LAYOUT_KEEP_MARK_ORDER);
  gsize n = iri_bidi_layout_get_n_chars (layout);
  const char *p = rtl_text;
  g_autoptr(GString) order = g_string_new (NULL);

  /* Translators: column headings of the bidi class table of iri examples */
  {
    /* Padded by columns, not bytes: the headings may be translated to
     * wide characters. */
    g_autofree char *index_heading = iri_tool_pad (_("index"), 5);
    g_autofree char *char_heading = iri_tool_pad (_("char"), 8);
    g_autofree char *class_heading = iri_tool_pad (_("class"), 5);
    g_autofree char *level_heading = iri_tool_pad (_("level"), 5);

    g_print ("  %s  %s %s %s %s\n", index_heading, char_heading, class_heading, level_heading, _("visual"));
  }
  for (gsize i = 0; i < n; i++)
    {
      gunichar c = g_utf8_get_char (p);

      p = g_utf8_next_char (p);
      g_print ("  %5" G_GSIZE_FORMAT "  U+%04X   %-5s %-5u %" G_GSIZE_FORMAT "\n",
               i, c, iri_char_get_bidi_class (c),
               iri_bidi_layout_get_level (layout, i),
               iri_bidi_layout_logical_to_visual (layout, i));
    }
  for (gsize v = 0; v < n; v++)
    g_string_append_printf (order, v == 0 ? "%" G_GSIZE_FORMAT : " %" G_GSIZE_FORMAT,
                            iri_bidi_layout_visual_to_logical (layout, v));
  /* Translators: followed by the logical indices of the characters, left to right */
  g_print ("  %s %s\n", _("display order:"), order->str);
}

/* The analysis of an example: the analyzer reads the capitals itself
 * when they are shown as capitals, so that its messages quote text in
 * the notation. */
static IriAnalysis *
analyze_example (const Options *options,
                 IriNotation    notation,
                 const char    *rtl_text)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();

  if (!options->real_letters && notation != IRI_NOTATION_NONE)
    {
      g_autofree char *back = iri_notation_from_rtl (rtl_text, -1, notation);

      iri_analyzer_set_notation (analyzer, notation);
      return iri_analyzer_analyze (analyzer, back, -1);
    }
  return iri_analyzer_analyze (analyzer, rtl_text, -1);
}

/* The explanation of an example for text and JSON: with real letters it
 * names them too; the isolates around them are for graphical labels, not
 * for a terminal. */
static char *
dup_plain_explanation (const Options *options,
                       IriExample    *example,
                       IriNotation    notation)
{
  g_autofree char *why = iri_example_dup_explanation (example, options->real_letters ? notation
                                                                                    : IRI_NOTATION_NONE);
  GString *plain = g_string_new (NULL);

  for (const char *p = why; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0x2067 && c != 0x2069)
        g_string_append_unichar (plain, c);
    }
  return g_string_free (plain, FALSE);
}

static void
print_example (const Options *options,
               IriExample    *example,
               guint          number)
{
  g_autofree char *rtl_text = NULL;
  g_autofree char *iri = NULL;
  g_autofree char *logical = NULL;
  IriNotation notation = iri_example_get_notation (example);
  IriExampleShow show = iri_example_get_show (example);

  /* Examples in Bidi Notation are analysed with real letters; which ones
   * the capitals stand for is the user's choice (Hebrew by default, as in
   * the draft's printed displays). */
  if (notation != IRI_NOTATION_NONE)
    notation = options->mapping;
  rtl_text = iri_notation_to_rtl (iri_example_get_text (example), -1, notation);

  g_print ("%u. %s\n", number, iri_example_get_title (example));
  /* Translators: a label before the source of an example, such as
   * "RFC 3987bis §4.4, Example 5" */
  print_field (_("source:"), iri_example_get_source (example));

  if (iri_example_get_kind (example) == IRI_EXAMPLE_KIND_URI)
    {
      iri = iri_uri_to_iri (rtl_text, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
      print_field (_("URI:"), iri_example_get_text (example));
      g_free (rtl_text);
      rtl_text = g_strdup (iri != NULL ? iri : iri_example_get_text (example));
    }

  logical = shown (options, example, rtl_text);
  /* Translators: a label before an IRI in logical (memory) order */
  print_field (_("logical:"), logical);
  print_display (options, example, options->mode == IRI_DISPLAY_EMBED ? _("display:") : _("isolated:"),
                 rtl_text, options->mode, IRI_BIDI_LAYOUT_DEFAULT);
  if ((show & IRI_EXAMPLE_SHOW_ISOLATE) && options->mode == IRI_DISPLAY_EMBED)
    print_display (options, example, _("isolated:"), rtl_text, IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_DEFAULT);
  else if ((show & IRI_EXAMPLE_SHOW_ISOLATE) && options->mode == IRI_DISPLAY_ISOLATE)
    print_display (options, example, _("display:"), rtl_text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_DEFAULT);
  if (show & IRI_EXAMPLE_SHOW_RTL_PARAGRAPH)
    /* Translators: a label before the display of an IRI in a right-to-left
     * paragraph without the left-to-right embedding */
    print_display (options, example, _("in RTL text:"), rtl_text, IRI_DISPLAY_EMBED,
                   IRI_BIDI_LAYOUT_RTL_PARAGRAPH);
  if (show & IRI_EXAMPLE_SHOW_CLASSES)
    print_classes (options, rtl_text);

  if (iri_example_get_kind (example) != IRI_EXAMPLE_KIND_TEXT)
    {
      g_autoptr(IriAnalysis) analysis = analyze_example (options, notation, rtl_text);
      guint n;

      n = iri_analysis_get_n_diagnostics (analysis);
      if (n == 0)
        /* Translators: shown when an example has no diagnostic */
        print_field (_("findings:"), _("none"));
      else
        g_print ("  %s\n", _("findings:"));
      for (guint i = 0; i < n; i++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
          g_autofree char *head = g_strdup_printf ("    %s [%s]",
                                                   iri_severity_to_string (iri_diagnostic_get_severity (d)),
                                                   iri_diagnostic_get_code (d));

          g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

          g_print ("%s\n", head);
          iri_tool_print_wrapped ("      ", message, options->width);
        }
    }

  /* Translators: a label before the explanation of an example */
  g_print ("  %s\n", _("why:"));
  {
    g_autofree char *why = dup_plain_explanation (options, example, notation);

    iri_tool_print_wrapped ("    ", why, options->width);
  }
  g_print ("\n");
}

/* A text of the example as data: in the notation the user asked for,
 * not escaped for a terminal (JSON escapes what it must). */
static char *
as_data (const Options *options,
         IriExample    *example,
         const char    *rtl_text)
{
  if (options->real_letters || iri_example_get_notation (example) == IRI_NOTATION_NONE)
    return g_strdup (rtl_text);
  return iri_notation_from_rtl (rtl_text, -1, options->mapping);
}

static void
append_display_json (GString       *out,
                     const Options *options,
                     IriExample    *example,
                     const char    *key,
                     const char    *rtl_text,
                     IriDisplayMode mode,
                     IriBidiLayoutFlags flags)
{
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_full (rtl_text, -1, mode, flags);
  g_autofree char *visual = as_data (options, example, iri_bidi_layout_get_visual_text (layout));

  g_string_append_printf (out, ",\"%s\":", key);
  iri_tool_json_string (out, visual, -1);
}

/* examples --json: one object per example, with what the text report
 * shows. */
static void
print_example_json (const Options *options,
                    IriExample    *example,
                    guint          number)
{
  g_autoptr(GString) out = g_string_new ("{\"id\":");
  IriNotation notation = iri_example_get_notation (example);
  g_autofree char *rtl_text = NULL;
  g_autofree char *logical = NULL;
  g_autofree char *why = NULL;
  IriExampleKind kind = iri_example_get_kind (example);

  if (notation != IRI_NOTATION_NONE)
    notation = options->mapping;
  rtl_text = iri_notation_to_rtl (iri_example_get_text (example), -1, notation);

  iri_tool_json_string (out, iri_example_get_id (example), -1);
  g_string_append_printf (out, ",\"number\":%u,\"title\":", number);
  iri_tool_json_string (out, iri_example_get_title (example), -1);
  g_string_append (out, ",\"source\":");
  iri_tool_json_string (out, iri_example_get_source (example), -1);
  g_string_append (out, ",\"kind\":");
  iri_tool_json_string (out, kind == IRI_EXAMPLE_KIND_URI ? "uri" : kind == IRI_EXAMPLE_KIND_TEXT ? "text" : "iri",
                        -1);
  if (kind == IRI_EXAMPLE_KIND_URI)
    {
      g_autofree char *iri = iri_uri_to_iri (rtl_text, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);

      g_string_append (out, ",\"uri\":");
      iri_tool_json_string (out, iri_example_get_text (example), -1);
      g_free (rtl_text);
      rtl_text = g_strdup (iri != NULL ? iri : iri_example_get_text (example));
    }
  logical = as_data (options, example, rtl_text);
  g_string_append (out, ",\"logical\":");
  iri_tool_json_string (out, logical, -1);
  append_display_json (out, options, example, "display", rtl_text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_DEFAULT);
  append_display_json (out, options, example, "isolated", rtl_text, IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_DEFAULT);
  append_display_json (out, options, example, "in_rtl_text", rtl_text, IRI_DISPLAY_EMBED,
                       IRI_BIDI_LAYOUT_RTL_PARAGRAPH);

  g_string_append (out, ",\"diagnostics\":");
  if (kind == IRI_EXAMPLE_KIND_TEXT)
    g_string_append (out, "null");
  else
    {
      g_autoptr(IriAnalysis) analysis = analyze_example (options, notation, rtl_text);

      g_string_append_c (out, '[');
      for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          iri_tool_append_diagnostic_json (out, iri_analysis_get_diagnostic (analysis, i));
        }
      g_string_append_c (out, ']');
    }

  why = dup_plain_explanation (options, example, notation);
  g_string_append (out, ",\"explanation\":");
  iri_tool_json_string (out, why, -1);
  g_string_append (out, "}\n");
  fwrite (out->str, 1, out->len, stdout);
}

int
iri_tool_examples (int    argc,
                   char **argv)
{
  g_autofree char *notation_arg = NULL;
  g_autofree char *mode_arg = NULL;
  g_autofree char *bidi_arg = NULL;
  g_auto(GStrv) ids = NULL;
  g_autoptr(GListModel) examples = iri_get_examples ();
  Options options = { iri_tool_default_bidi (), IRI_DISPLAY_EMBED, FALSE, IRI_NOTATION_HEBREW, FALSE, 80 };
  guint shown_count = 0;
  GOptionEntry entries[] = {
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("bidi (the default: capitals stand for Hebrew letters, shown as capitals, as in RFC 3987bis §4.4), hebrew or arabic (shown with real letters of that script)"),
      N_("bidi|hebrew|arabic") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("The display shown first: embed (§4.1, the default) or isolate"), N_("MODE") },
    { "bidi", 0, 0, G_OPTION_ARG_STRING, &bidi_arg,
      N_("How reordered lines are written: app, terminal or none (see “iri render --help”)"),
      N_("app|terminal|none") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &options.json,
      N_("Write one JSON object per example: its texts, displays, findings and explanation"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &ids, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[ID…] — the teaching examples"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Shows the teaching examples: RFC 3987bis §4.4 Examples 1–11 and display\n"
                                  "hazards reported against browsers and terminals, each with its logical\n"
                                  "form, its display, the findings and why it displays that way. With ID\n"
                                  "arguments (such as rfc3987bis-5 or brave-7020), shows only those."));
  if (!iri_tool_parse_options (context, "examples", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (notation_arg != NULL)
    {
      if (g_str_equal (notation_arg, "bidi"))
        options.real_letters = FALSE;
      else if (g_str_equal (notation_arg, "hebrew"))
        options.real_letters = TRUE;
      else if (g_str_equal (notation_arg, "arabic"))
        {
          options.real_letters = TRUE;
          options.mapping = IRI_NOTATION_ARABIC;
        }
      else
        {
          iri_tool_error (_("unknown notation “%s” (use bidi, hebrew or arabic)"), notation_arg);
          return IRI_TOOL_EXIT_USAGE;
        }
    }
  if (!iri_tool_parse_mode (mode_arg, &options.mode) || !iri_tool_parse_bidi (bidi_arg, &options.bidi))
    return IRI_TOOL_EXIT_USAGE;
  options.width = MIN (iri_tool_terminal_width (), 100);

  for (guint i = 0; i < g_list_model_get_n_items (examples); i++)
    {
      g_autoptr(IriExample) example = g_list_model_get_item (examples, i);

      if (ids != NULL && ids[0] != NULL && !g_strv_contains ((const char * const *) ids, iri_example_get_id (example)))
        continue;
      if (options.json)
        print_example_json (&options, example, i + 1);
      else
        print_example (&options, example, i + 1);
      shown_count++;
    }

  if (ids != NULL && ids[0] != NULL && shown_count < g_strv_length (ids))
    {
      for (guint k = 0; ids[k] != NULL; k++)
        {
          gboolean found = FALSE;

          for (guint i = 0; i < g_list_model_get_n_items (examples) && !found; i++)
            {
              g_autoptr(IriExample) example = g_list_model_get_item (examples, i);

              found = g_str_equal (iri_example_get_id (example), ids[k]);
            }
          if (!found)
            /* Translators: %s is what the user typed */
            iri_tool_error (_("no example “%s”; run “iri examples” to see them all"), ids[k]);
        }
      return IRI_TOOL_EXIT_USAGE;
    }

  return IRI_TOOL_EXIT_OK;
}
