/* iri-tool-check.c: iri check — batch analysis, one IRI per line
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

typedef struct {
  gboolean     json;
  IriNotation  notation;
  IriSeverity  fail_on;
  GHashTable  *code_counts;      /* code → count */
  guint64      severity_counts[IRI_SEVERITY_ERROR + 1];
  guint64      n_inputs;
  gboolean     failed;
} Check;

/* A text of the analysis as the user wrote it: in Bidi Notation when the
 * input was read in it. */
static void
append_shown (GString     *out,
              IriAnalysis *analysis,
              const char  *text,
              gssize       length)
{
  g_autofree char *shown = iri_notation_from_rtl (text, length, iri_analysis_get_notation (analysis));

  iri_tool_json_string (out, shown, -1);
}

static void
append_unit_json (GString       *out,
                  IriAnalysis   *analysis,
                  const IriUnit *unit)
{
  const char *text = iri_analysis_get_text (analysis);

  g_string_append (out, "{\"kind\":");
  iri_tool_json_string (out, iri_component_to_string (unit->kind), -1);
  g_string_append_printf (out, ",\"start\":%" G_GSIZE_FORMAT ",\"end\":%" G_GSIZE_FORMAT ",\"text\":",
                          unit->span.start, unit->span.end);
  append_shown (out, analysis, text + unit->span.byte_start, unit->span.byte_end - unit->span.byte_start);
  g_string_append (out, ",\"direction\":");
  iri_tool_json_string (out, iri_direction_to_string (unit->direction), -1);
  g_string_append_c (out, '}');
}

static void
append_diagnostic_json (GString       *out,
                        IriDiagnostic *d)
{
  g_string_append (out, "{\"code\":");
  iri_tool_json_string (out, iri_diagnostic_get_code (d), -1);
  g_string_append (out, ",\"severity\":");
  iri_tool_json_string (out, iri_severity_to_string (iri_diagnostic_get_severity (d)), -1);
  g_string_append (out, ",\"component\":");
  iri_tool_json_string (out, iri_component_to_string (iri_diagnostic_get_component (d)), -1);
  g_string_append_printf (out, ",\"start\":%" G_GSIZE_FORMAT ",\"end\":%" G_GSIZE_FORMAT ",\"spec\":",
                          iri_diagnostic_get_start (d), iri_diagnostic_get_end (d));
  iri_tool_json_string (out, iri_diagnostic_get_spec (d), -1);
  g_string_append (out, ",\"message\":");
  iri_tool_json_string (out, iri_diagnostic_get_message (d), -1);
  g_string_append (out, ",\"hint\":");
  if (iri_diagnostic_get_hint (d) != NULL)
    iri_tool_json_string (out, iri_diagnostic_get_hint (d), -1);
  else
    g_string_append (out, "null");
  g_string_append_c (out, '}');
}

/* One JSON object per input line (JSON Lines), in the shape of
 * DESIGN.md §5. */
static void
print_json (IriAnalysis *analysis,
            guint64      line)
{
  g_autoptr(GString) out = g_string_sized_new (256);
  IriReference *reference = iri_analysis_get_reference (analysis);
  const char *uri_idna = iri_analysis_get_uri_idna (analysis);

  g_string_append_printf (out, "{\"line\":%" G_GUINT64_FORMAT ",\"input\":", line);
  append_shown (out, analysis, iri_analysis_get_text (analysis), -1);
  g_string_append_printf (out, ",\"valid\":%s,\"components\":[",
                          iri_reference_is_valid (reference) ? "true" : "false");
  for (guint i = 0; i < iri_analysis_get_n_units (analysis); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_unit_json (out, analysis, iri_analysis_get_unit (analysis, i));
    }
  g_string_append (out, "],\"display\":");
  append_shown (out, analysis, iri_analysis_get_display (analysis), -1);
  g_string_append (out, ",\"uri\":");
  iri_tool_json_string (out, iri_analysis_get_uri (analysis), -1);
  g_string_append (out, ",\"uri_idna\":");
  if (uri_idna != NULL)
    iri_tool_json_string (out, uri_idna, -1);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"iri_from_uri\":");
  iri_tool_json_string (out, iri_analysis_get_display_iri (analysis), -1);
  g_string_append (out, ",\"diagnostics\":[");
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_diagnostic_json (out, iri_analysis_get_diagnostic (analysis, i));
    }
  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
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

/* Human output: one line per finding, "WHERE:START-END: severity:
 * message [code]", like a compiler, so editors and grep work with it.
 * Columns count code points from 1. */
static void
print_human (IriAnalysis *analysis,
             const char  *where)
{
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      const char *hint = iri_diagnostic_get_hint (d);

      g_print ("%s:%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT ": %s: %s [%s]\n",
               where, iri_diagnostic_get_start (d) + 1, iri_diagnostic_get_end (d),
               severity_label (iri_diagnostic_get_severity (d)),
               iri_diagnostic_get_message (d), iri_diagnostic_get_code (d));
      if (hint != NULL)
        /* Translators: %s is a suggested fix */
        g_print (_("    hint: %s (%s)\n"), hint, iri_diagnostic_get_spec (d));
    }
}

static void
count (Check       *check,
       IriAnalysis *analysis)
{
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      IriSeverity severity = iri_diagnostic_get_severity (d);
      const char *code = iri_diagnostic_get_code (d);
      gpointer n = g_hash_table_lookup (check->code_counts, code);

      g_hash_table_insert (check->code_counts, (gpointer) code, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (n) + 1));
      check->severity_counts[severity]++;
      if (severity >= check->fail_on)
        check->failed = TRUE;
    }
}

static void
print_summary (Check *check)
{
  g_autoptr(GList) codes = g_hash_table_get_keys (check->code_counts);

  g_autofree char *inputs = NULL, *errors = NULL, *warnings = NULL, *notes = NULL;
  guint64 n_errors = check->severity_counts[IRI_SEVERITY_ERROR];
  guint64 n_warnings = check->severity_counts[IRI_SEVERITY_WARNING];
  guint64 n_notes = check->severity_counts[IRI_SEVERITY_INFO];

  /* Translators: part of the summary of iri check, e.g. "3 IRIs checked" */
  inputs = g_strdup_printf (ngettext ("%llu IRI checked", "%llu IRIs checked", check->n_inputs),
                            (unsigned long long) check->n_inputs);
  /* Translators: part of the summary of iri check */
  errors = g_strdup_printf (ngettext ("%llu error", "%llu errors", n_errors), (unsigned long long) n_errors);
  /* Translators: part of the summary of iri check */
  warnings = g_strdup_printf (ngettext ("%llu warning", "%llu warnings", n_warnings), (unsigned long long) n_warnings);
  /* Translators: part of the summary of iri check; a note is a finding of severity info */
  notes = g_strdup_printf (ngettext ("%llu note", "%llu notes", n_notes), (unsigned long long) n_notes);
  /* Translators: the summary of iri check: "3 IRIs checked: 1 error, 0 warnings, 2 notes" */
  g_printerr (_("%s: %s, %s, %s\n"), inputs, errors, warnings, notes);

  codes = g_list_sort (codes, (GCompareFunc) g_strcmp0);
  for (GList *l = codes; l != NULL; l = l->next)
    g_printerr ("  %-36s %" G_GSIZE_FORMAT "\n", (const char *) l->data,
                GPOINTER_TO_SIZE (g_hash_table_lookup (check->code_counts, l->data)));
}

/* Reads a list of trusted hosts: one per line, blank lines and lines
 * starting with "#" ignored, surrounding whitespace trimmed. */
static char **
load_known_hosts (const char  *path,
                  GError     **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) hosts = g_strv_builder_new ();
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   /* Translators: %s is a file name */
                   _("“%s” is not a UTF-8 text file"), path);
      return NULL;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line != '\0' && *line != '#')
        g_strv_builder_add (hosts, line);
    }
  return g_strv_builder_end (hosts);
}

int
iri_tool_check (int    argc,
                char **argv)
{
  gboolean json = FALSE;
  gboolean quiet = FALSE;
  g_autofree char *fail_on = NULL;
  g_autofree char *notation_arg = NULL;
  g_autofree char *known_hosts_path = NULL;
  g_autofree char *mode_arg = NULL;
  IriNotation notation = IRI_NOTATION_NONE;
  IriDisplayMode mode = IRI_DISPLAY_EMBED;
  g_auto(GStrv) files = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(IriAnalyzer) analyzer = NULL;
  g_autoptr(GError) io_error = NULL;
  Check check = { 0, };
  const char *text;
  gsize length;
  gboolean too_long;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input line (JSON Lines)"), NULL },
    { "fail-on", 0, 0, G_OPTION_ARG_STRING, &fail_on,
      N_("Exit with 1 when a finding has at least this severity: error (the default), warning or info"),
      N_("SEVERITY") },
    { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &known_hosts_path,
      N_("Flag hosts that look like one of these trusted hosts (one per line) without being it or a subdomain of it"),
      N_("FILE") },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation); output is written back in it"),
      N_("hebrew|arabic") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("The display written in JSON: embed (the default, §4.1) or isolate"), N_("MODE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
      N_("Do not print the summary on standard error"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE…] — check IRIs, one per line"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Analyses each line of the files (or of standard input, “-” or no FILE)\n"
                                  "as an IRI reference and reports every finding: syntax errors,\n"
                                  "forbidden characters, components that break the bidi rules of §4.2,\n"
                                  "displays that read as another host, IDNA problems. A summary goes to standard\n"
                                  "error. Lines that are not UTF-8 or hold NUL bytes are reported, not\n"
                                  "skipped."));
  if (!iri_tool_parse_options (context, "check", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  check.json = json;
  check.fail_on = IRI_SEVERITY_ERROR;
  if (fail_on != NULL)
    {
      if (g_str_equal (fail_on, "error"))
        check.fail_on = IRI_SEVERITY_ERROR;
      else if (g_str_equal (fail_on, "warning"))
        check.fail_on = IRI_SEVERITY_WARNING;
      else if (g_str_equal (fail_on, "info"))
        check.fail_on = IRI_SEVERITY_INFO;
      else
        {
          iri_tool_error (_("unknown severity “%s” (use error, warning or info)"), fail_on);
          return IRI_TOOL_EXIT_USAGE;
        }
    }

  if (!iri_tool_parse_notation (notation_arg, &notation) || !iri_tool_parse_mode (mode_arg, &mode))
    return IRI_TOOL_EXIT_USAGE;

  check.code_counts = g_hash_table_new (g_str_hash, g_str_equal);
  analyzer = iri_analyzer_new ();
  iri_analyzer_set_notation (analyzer, notation);
  iri_analyzer_set_display_mode (analyzer, mode);
  if (known_hosts_path != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) known = load_known_hosts (known_hosts_path, &error);

      if (known == NULL)
        {
          /* Translators: %s is the reason a file could not be read */
          iri_tool_error (_("cannot read the known hosts: %s"), error->message);
          g_hash_table_unref (check.code_counts);
          return IRI_TOOL_EXIT_IO;
        }
      iri_analyzer_set_known_hosts (analyzer, (const char * const *) known);
    }
  input = iri_tool_input_new_files (files);

  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autoptr(IriAnalysis) analysis = NULL;

      check.n_inputs++;
      if (too_long)
        {
          iri_tool_error (_("%s: line longer than %d MiB, skipped"),
                          iri_tool_input_where (input), IRI_TOOL_MAX_LINE / (1024 * 1024));
          check.severity_counts[IRI_SEVERITY_ERROR]++;
          check.failed = TRUE;
          continue;
        }

      analysis = iri_analyzer_analyze (analyzer, text, length);
      count (&check, analysis);
      if (json)
        print_json (analysis, iri_tool_input_line (input));
      else
        print_human (analysis, iri_tool_input_where (input));
    }

  if (!quiet && (io_error == NULL || check.n_inputs > 0))
    print_summary (&check);
  g_hash_table_unref (check.code_counts);

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      if (g_error_matches (io_error, G_FILE_ERROR, G_FILE_ERROR_NOENT) && files != NULL &&
          files[0] != NULL && strstr (files[0], ":") != NULL)
        /* Translators: shown when "iri check" was given an IRI instead of a file */
        g_printerr (_("“iri check” reads IRIs from files, one per line. To check an IRI given on the\n"
                      "command line, pipe it in: echo 'IRI' | iri check\n"));
      return IRI_TOOL_EXIT_IO;
    }

  return check.failed ? IRI_TOOL_EXIT_FINDINGS : IRI_TOOL_EXIT_OK;
}
