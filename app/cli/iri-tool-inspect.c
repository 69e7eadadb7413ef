/* iri-tool-inspect.c: iri inspect — a full report on one IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

typedef struct {
  gboolean     color;
  IriToolBidi  bidi;
  IriNotation  notation;
} Style;

/* SGR sequences; empty when colour is off. */
#define BOLD(s)    ((s)->color ? "\033[1m" : "")
#define DIM(s)     ((s)->color ? "\033[2m" : "")
#define RESET(s)   ((s)->color ? "\033[0m" : "")

static const char *
severity_color (const Style *style,
                IriSeverity  severity)
{
  if (!style->color)
    return "";
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return "\033[1;31m";
    case IRI_SEVERITY_WARNING:
      return "\033[1;33m";
    case IRI_SEVERITY_INFO:
    case IRI_SEVERITY_NONE:
    default:
      return "\033[1;36m";
    }
}

static const char *
severity_label (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return _("error");
    case IRI_SEVERITY_WARNING:
      return _("warning");
    case IRI_SEVERITY_INFO:
      return _("info");
    case IRI_SEVERITY_NONE:
    default:
      return "";
    }
}

/* A text for the report: escaped so that nothing invisible or reordering
 * reaches the terminal, and in Bidi Notation when read in it. */
static char *
shown (const Style *style,
       const char  *text,
       gssize       length)
{
  g_autofree char *escaped = iri_tool_escape_for_terminal (text, length);

  return iri_notation_from_rtl (escaped, -1, style->notation);
}

/* The display line as printed, and the terminal column at which each
 * visual character starts (escapes are wider than what they stand
 * for), so that carets can be put under the right characters. */
typedef struct {
  char  *text;
  guint *columns;   /* n_chars + 1 */
  gsize  n_chars;
} Printed;

static void
printed_clear (Printed *printed)
{
  g_free (printed->text);
  g_free (printed->columns);
}

static void
print_layout (const Style   *style,
              IriBidiLayout *layout,
              Printed       *printed)
{
  const char *visual = iri_bidi_layout_get_visual_text (layout);
  gsize n = iri_bidi_layout_get_n_chars (layout);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = visual;
  guint column = 0;

  printed->n_chars = n;
  printed->columns = g_new (guint, n + 1);
  for (gsize v = 0; v < n; v++)
    {
      const char *start = p;
      g_autofree char *piece = NULL;

      p = g_utf8_next_char (p);
      piece = shown (style, start, p - start);
      printed->columns[v] = column;
      for (const char *q = piece; *q != '\0'; q = g_utf8_next_char (q))
        column += iri_char_get_cell_width (g_utf8_get_char (q));
      g_string_append (out, piece);
    }
  printed->columns[n] = column;
  printed->text = g_string_free (g_steal_pointer (&out), FALSE);
}

/* A line of carets under the visual columns of the logical span
 * [start, end): a span split by the bidi algorithm gets several groups. */
static char *
caret_line (IriBidiLayout *layout,
            const Printed *printed,
            gsize          start,
            gsize          end)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree guint8 *marked = NULL;
  guint width = printed->columns[printed->n_chars];
  IriVisualRange *ranges;
  guint n_ranges;

  marked = g_malloc0 (width + 1);
  if (start == end)
    {
      /* An empty span (a missing part) is shown where it would go. */
      gsize v = start < printed->n_chars ? iri_bidi_layout_logical_to_visual (layout, start) : printed->n_chars;

      marked[MIN (printed->columns[v], width)] = TRUE;
    }
  ranges = iri_bidi_layout_get_selection_ranges (layout, start, end, &n_ranges);
  for (guint r = 0; r < n_ranges; r++)
    {
      for (guint c = printed->columns[ranges[r].start]; c < printed->columns[ranges[r].end]; c++)
        marked[c] = TRUE;
    }
  g_free (ranges);

  for (guint c = 0; c <= width; c++)
    g_string_append_c (line, marked[c] ? '^' : ' ');
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate (line, line->len - 1);
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The scripts of a unit's letters, by name ("Hebrew", "Latin, Cyrillic"). */
static char *
unit_scripts (const char    *text,
              const IriUnit *unit)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *p = text + unit->span.byte_start;
  const char *end = text + unit->span.byte_end;

  for (; p < end; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));
      const char *name;

      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN)
        continue;
      name = iri_script_get_name (script);
      if (name != NULL && !g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) name);
    }

  if (names->len == 0)
    return g_strdup ("–");
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static void
print_label (const Style *style,
             const char  *label)
{
  g_autofree char *padded = iri_tool_pad (label, 14);

  g_print ("%s%s%s ", BOLD (style), padded, RESET (style));
}

static IriSeverity
print_report (const Style *style,
              IriAnalyzer *analyzer,
              const char  *input,
              gsize        length)
{
  g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, input, length);
  IriBidiLayout *layout = iri_analysis_get_layout (analysis);
  const char *text = iri_analysis_get_text (analysis);
  const char *uri_idna = iri_analysis_get_uri_idna (analysis);
  g_autofree char *logical = shown (style, text, -1);
  g_autoptr(IriBidiLayout) isolated = NULL;
  Printed printed = { NULL, NULL, 0 };
  Printed printed_isolated = { NULL, NULL, 0 };
  int width = MIN (iri_tool_terminal_width (), 100);
  guint n;

  /* Translators: labels of the iri inspect report; keep them short */
  print_label (style, _("IRI"));
  g_print ("%s\n", logical);

  print_layout (style, layout, &printed);
  print_label (style, _("display"));
  iri_tool_print_visual_line (style->bidi, "", printed.text, logical);

  isolated = iri_bidi_layout_new (text, -1, IRI_DISPLAY_ISOLATE);
  print_layout (style, isolated, &printed_isolated);
  if (!g_str_equal (printed_isolated.text, printed.text))
    {
      print_label (style, _("isolated"));
      iri_tool_print_visual_line (style->bidi, "", printed_isolated.text, logical);
    }

  /* Units: the components of §4.2. */
  n = iri_analysis_get_n_units (analysis);
  if (n > 0)
    {
      g_print ("\n%s%s%s\n", BOLD (style), _("Units"), RESET (style));
      /* Translators: column headings of the units table of iri inspect */
      {
        g_autofree char *kind = iri_tool_pad (_("kind"), 15);
        g_autofree char *unit_text = iri_tool_pad (_("text"), 24);
        g_autofree char *span = iri_tool_pad (_("span"), 9);
        g_autofree char *direction = iri_tool_pad (_("direction"), 9);

        g_print ("  %s%s %s %s %s %s%s\n", DIM (style), kind, unit_text, span, direction,
                 _("scripts"), RESET (style));
      }
      for (guint i = 0; i < n; i++)
        {
          const IriUnit *unit = iri_analysis_get_unit (analysis, i);
          g_autofree char *unit_text = shown (style, text + unit->span.byte_start,
                                              unit->span.byte_end - unit->span.byte_start);
          g_autofree char *span = g_strdup_printf ("%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT,
                                                   unit->span.start, unit->span.end);
          g_autofree char *scripts = unit_scripts (text, unit);
          g_autoptr(IriBidiLayout) unit_layout = iri_bidi_layout_new (text + unit->span.byte_start,
                                                                      unit->span.byte_end - unit->span.byte_start,
                                                                      IRI_DISPLAY_EMBED);
          g_autofree char *unit_visual = shown (style, iri_bidi_layout_get_visual_text (unit_layout), -1);
          g_autofree char *padded_visual = iri_tool_pad (unit_visual, 24);
          g_autofree char *padded_logical = NULL;
          g_autofree char *row_visual = NULL;
          g_autofree char *row_logical = NULL;

          /* The row is laid out here, with the unit text in visual order,
           * so that the columns after a right-to-left text stay in
           * place; for --bidi=terminal the text is isolated instead. */
          {
            g_autofree char *isolated_text = iri_bidi_wrap (unit_text, -1, IRI_BIDI_WRAP_ISOLATE);
            g_autofree char *pad = iri_tool_pad ("", 24 - iri_tool_text_width (unit_text));

            padded_logical = g_strconcat (isolated_text, pad, NULL);
          }
          row_visual = g_strdup_printf ("  %-15s %s %-9s %-9s %s", iri_component_to_string (unit->kind),
                                        padded_visual, span, iri_direction_to_string (unit->direction), scripts);
          row_logical = g_strdup_printf ("  %-15s %s %-9s %-9s %s", iri_component_to_string (unit->kind),
                                         padded_logical, span, iri_direction_to_string (unit->direction), scripts);
          iri_tool_print_visual_line (style->bidi, "", row_visual, row_logical);
        }
    }

  /* Findings, each with carets under the display. */
  n = iri_analysis_get_n_diagnostics (analysis);
  g_print ("\n%s%s%s", BOLD (style), _("Findings"), RESET (style));
  if (n == 0)
    g_print (" %s\n", _("none"));
  else
    g_print (" (%u)\n", n);
  for (guint i = 0; i < n; i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      IriSeverity severity = iri_diagnostic_get_severity (d);
      g_autofree char *carets = caret_line (layout, &printed, iri_diagnostic_get_start (d),
                                            iri_diagnostic_get_end (d));
      const char *hint = iri_diagnostic_get_hint (d);

      g_print ("\n  %s%s%s %s[%s]%s %s%s%s\n", severity_color (style, severity), severity_label (severity),
               RESET (style), BOLD (style), iri_diagnostic_get_code (d), RESET (style),
               DIM (style), iri_diagnostic_get_spec (d), RESET (style));
      iri_tool_print_visual_line (style->bidi, "    ", printed.text, logical);
      g_print ("    %s%s%s\n", severity_color (style, severity), carets, RESET (style));
      g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

      iri_tool_print_wrapped ("    ", message, width);
      if (hint != NULL)
        {
          g_autofree char *shown_hint = iri_tool_message_as_text (hint);
          /* Translators: before a suggested fix in iri inspect */
          g_autofree char *fix = g_strdup_printf ("%s %s", _("fix:"), shown_hint);

          iri_tool_print_wrapped ("    ", fix, width);
        }
    }

  /* The mappings (§3) and the round trip (§3.7). */
  g_print ("\n");
  if (iri_tool_analysis_replaced_bytes (analysis))
    {
      /* The URIs would be those of the text with U+FFFD in place of the
       * bad bytes, a different string: none, as iri to-uri says. */
      print_label (style, _("URI"));
      /* Translators: instead of the URI of a line that is not UTF-8 or holds NUL bytes */
      g_print ("%s%s%s\n", DIM (style), _("(none: the input holds bytes that cannot be converted; see the findings above)"),
               RESET (style));
      printed_clear (&printed);
      printed_clear (&printed_isolated);
      return iri_analysis_get_highest_severity (analysis);
    }
  print_label (style, _("URI"));
  g_print ("%s\n", iri_analysis_get_uri (analysis));
  /* Translators: the URI with the host converted by IDNA (punycode) */
  print_label (style, _("URI (IDNA)"));
  if (uri_idna != NULL)
    g_print ("%s\n", uri_idna);
  else
    /* Translators: when the host cannot be converted by IDNA */
    g_print ("%s%s%s\n", DIM (style), _("(none: the host breaks the IDNA rules; see the idna findings above)"), RESET (style));
  {
    g_autofree char *back = shown (style, iri_analysis_get_display_iri (analysis), -1);

    /* Translators: the IRI that the URI converts back to for reading */
    print_label (style, _("URI → IRI"));
    g_print ("%s\n", back);
  }
  {
    /* The form to put in running text: the §3.7 form, with what would
     * end the link early percent-encoded (UTS #58).  The URI is ASCII,
     * so this cannot fail. */
    g_autofree char *readable =
      iri_display_policy_format_minimal (iri_analyzer_get_display_policy (analyzer),
                                         uri_idna != NULL ? uri_idna : iri_analysis_get_uri (analysis),
                                         -1, IRI_FORMAT_DEFAULT, NULL);

    if (readable != NULL)
      {
        g_autofree char *readable_shown = shown (style, readable, -1);

        /* Translators: the IRI as it is best written in running text, so
         * that it is found as a link with its exact bounds */
        print_label (style, _("in text"));
        g_print ("%s\n", readable_shown);
      }
  }

  printed_clear (&printed);
  printed_clear (&printed_isolated);
  return iri_analysis_get_highest_severity (analysis);
}

int
iri_tool_inspect (int    argc,
                  char **argv)
{
  gboolean json = FALSE;
  g_autofree char *color_arg = NULL;
  g_autofree char *notation_arg = NULL;
  g_autofree char *mode_arg = NULL;
  g_autofree char *bidi_arg = NULL;
  g_autofree char *known_hosts_path = NULL;
  g_autofree char *display = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriDisplayPolicy) policy = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(GError) io_error = NULL;
  IriDisplayMode mode = IRI_DISPLAY_EMBED;
  Style style = { FALSE, iri_tool_default_bidi (), IRI_NOTATION_NONE };
  const char *text;
  gsize length;
  gboolean too_long;
  gboolean first = TRUE;
  int status = IRI_TOOL_EXIT_OK;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per IRI instead of the report"), NULL },
    { "color", 0, 0, G_OPTION_ARG_STRING, &color_arg,
      N_("Use colours: auto (the default: on a terminal, unless NO_COLOR is set), always or never"),
      N_("WHEN") },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation)"), N_("hebrew|arabic") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("The display in JSON: embed (the default, §4.1) or isolate"), N_("MODE") },
    { "bidi", 0, 0, G_OPTION_ARG_STRING, &bidi_arg,
      N_("How reordered lines are written: app, terminal or none (see “iri render --help”)"),
      N_("app|terminal|none") },
    { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &known_hosts_path,
      N_("Trusted hosts, one per line, to compare the host with"), N_("FILE") },
    { "display", 0, 0, G_OPTION_ARG_STRING, &display,
      N_("Display policy of the readable forms: strict (the default: a host label the analysis flags stays an A-label) or permissive"),
      N_("strict|permissive") },
    IRI_TOOL_INPUT_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI…] — a full report on IRIs"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reports everything about each IRI: its logical form (invisible and bidi\n"
                                  "characters shown as \\u{XXXX}), its display (§4.1) and its component-\n"
                                  "isolated display, its units with their direction and scripts, every\n"
                                  "finding with carets under the displayed characters, the spec and the\n"
                                  "fix, the URI it maps to and the IRI that URI converts back to.\n"
                                  "Without IRI arguments, reads one IRI per line from standard input."));
  if (!iri_tool_parse_options (context, "inspect", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (!iri_tool_parse_notation (notation_arg, &style.notation) || !iri_tool_parse_mode (mode_arg, &mode) ||
      !iri_tool_parse_bidi (bidi_arg, &style.bidi))
    return IRI_TOOL_EXIT_USAGE;

  if (!iri_tool_parse_color (color_arg, &style.color))
    return IRI_TOOL_EXIT_USAGE;

  iri_analyzer_set_notation (analyzer, style.notation);
  iri_analyzer_set_display_mode (analyzer, mode);
  /* The readable forms (URI → IRI, in text, JSON iri_from_uri) follow
   * the policy; the policy has the same known hosts as the analysis. */
  policy = iri_tool_display_policy_new (display, known_hosts_path, &status);
  if (policy == NULL)
    return status;
  iri_analyzer_set_known_hosts (analyzer, iri_display_policy_get_known_hosts (policy));
  iri_analyzer_set_display_policy (analyzer, policy);

  input = iri_tool_input_new_args (args);
  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autofree char *repaired = NULL;
      g_autoptr(GListModel) repairs = NULL;
      const char *read;
      gsize read_length;
      gunichar conflict;

      if (too_long)
        {
          iri_tool_report_too_long (iri_tool_input_where (input));
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }
      conflict = iri_tool_notation_conflict (text, length, style.notation);
      if (conflict != 0)
        {
          g_autofree char *message = iri_tool_notation_conflict_message (conflict, style.notation);

          iri_tool_error (_("%s: %s"), iri_tool_input_where (input), message);
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }

      read = text;
      read_length = length;
      if (iri_tool_repair_input (&text, &length, &repaired, &repairs) && !json)
        iri_tool_print_repairs (iri_tool_input_where (input), repairs);

      if (json)
        {
          g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, text, length);
          g_autoptr(GString) out = g_string_new (NULL);

          iri_tool_append_repaired_json (out, analysis, NULL, 0, read, read_length, repairs);
          fwrite (out->str, 1, out->len, stdout);
          if (iri_analysis_get_highest_severity (analysis) >= IRI_SEVERITY_ERROR)
            status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }

      if (!first)
        g_print ("\n%s\n\n", "────────────────────────────────────────");
      first = FALSE;
      if (print_report (&style, analyzer, text, length) >= IRI_SEVERITY_ERROR)
        status = IRI_TOOL_EXIT_FINDINGS;
    }

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      return IRI_TOOL_EXIT_IO;
    }
  return status;
}
