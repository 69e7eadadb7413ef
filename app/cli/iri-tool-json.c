/* iri-tool-json.c: analyses as JSON (DESIGN.md §5)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-tool-private.h"

/* "file":NAME, for a record of an input read from a named file (not
 * standard input), so that records from several files can be told
 * apart. */
void
iri_tool_append_json_file (GString    *out,
                           const char *file)
{
  if (file == NULL)
    return;
  IRI_TOOL_PUT (out, "\"file\":");
  iri_tool_json_string (out, file, -1);
  IRI_TOOL_PUT (out, ",");
}

/* The start of a record of a command that converts or shows each input:
 * "{", the file and the line it was read from (an argument has none),
 * and "input", the text as read (null for a line too long to keep). */
void
iri_tool_append_record_start (GString      *out,
                              IriToolInput *input,
                              const char   *text,
                              gsize         length)
{
  IRI_TOOL_PUT (out, "{");
  iri_tool_append_json_file (out, iri_tool_input_named_file (input));
  if (!iri_tool_input_is_args (input))
    {
      IRI_TOOL_PUT (out, "\"line\":");
      iri_tool_json_uint (out, iri_tool_input_line (input));
      IRI_TOOL_PUT (out, ",");
    }
  IRI_TOOL_PUT (out, "\"input\":");
  iri_tool_json_string (out, text, length);
}

/* ,"repairs":[…], what --input repaired, as notes. */
void
iri_tool_append_repairs_json (GString    *out,
                              GListModel *repairs)
{
  IRI_TOOL_PUT (out, ",\"repairs\":[");
  for (guint i = 0; i < g_list_model_get_n_items (repairs); i++)
    {
      g_autoptr(IriDiagnostic) d = g_list_model_get_item (repairs, i);

      if (i > 0)
        IRI_TOOL_PUT (out, ",");
      iri_tool_append_diagnostic_json_as (out, d, IRI_SEVERITY_INFO);
    }
  IRI_TOOL_PUT (out, "]");
}

/* A text of the analysis as the user wrote it: in Bidi Notation when the
 * input was read in it. */
static void
append_shown (GString     *out,
              IriAnalysis *analysis,
              const char  *text,
              gssize       length)
{
  g_autofree char *shown = NULL;

  /* Without a notation there is nothing to write back: no copy. */
  if (iri_analysis_get_notation (analysis) == IRI_NOTATION_NONE)
    {
      iri_tool_json_string (out, text, length);
      return;
    }
  shown = iri_notation_from_rtl (text, length, iri_analysis_get_notation (analysis));
  iri_tool_json_string (out, shown, -1);
}

static void
append_unit_json (GString       *out,
                  IriAnalysis   *analysis,
                  const IriUnit *unit)
{
  const char *text = iri_analysis_get_text (analysis);

  IRI_TOOL_PUT (out, "{\"kind\":");
  iri_tool_json_name (out, iri_component_to_string (unit->kind));
  IRI_TOOL_PUT (out, ",\"start\":");
  iri_tool_json_uint (out, unit->span.start);
  IRI_TOOL_PUT (out, ",\"end\":");
  iri_tool_json_uint (out, unit->span.end);
  IRI_TOOL_PUT (out, ",\"text\":");
  append_shown (out, analysis, text + unit->span.byte_start, unit->span.byte_end - unit->span.byte_start);
  IRI_TOOL_PUT (out, ",\"direction\":");
  iri_tool_json_name (out, iri_direction_to_string (unit->direction));
  IRI_TOOL_PUT (out, "}");
}

void
iri_tool_append_diagnostic_json (GString       *out,
                                 IriDiagnostic *d)
{
  iri_tool_append_diagnostic_json_as (out, d, iri_diagnostic_get_severity (d));
}

/* A diagnostic reported at @severity: the repairs of --input are notes,
 * as asking for a liberal syntax is asking for them. */
void
iri_tool_append_diagnostic_json_as (GString       *out,
                                    IriDiagnostic *d,
                                    IriSeverity    severity)
{
  IRI_TOOL_PUT (out, "{\"code\":");
  iri_tool_json_name (out, iri_diagnostic_get_code (d));
  IRI_TOOL_PUT (out, ",\"severity\":");
  iri_tool_json_name (out, iri_severity_to_string (severity));
  IRI_TOOL_PUT (out, ",\"component\":");
  iri_tool_json_name (out, iri_component_to_string (iri_diagnostic_get_component (d)));
  IRI_TOOL_PUT (out, ",\"start\":");
  iri_tool_json_uint (out, iri_diagnostic_get_start (d));
  IRI_TOOL_PUT (out, ",\"end\":");
  iri_tool_json_uint (out, iri_diagnostic_get_end (d));
  IRI_TOOL_PUT (out, ",\"spec\":");
  iri_tool_json_string (out, iri_diagnostic_get_spec (d), -1);
  IRI_TOOL_PUT (out, ",\"message\":");
  iri_tool_json_string (out, iri_diagnostic_get_message (d), -1);
  IRI_TOOL_PUT (out, ",\"hint\":");
  iri_tool_json_string (out, iri_diagnostic_get_hint (d), -1);
  IRI_TOOL_PUT (out, "}");
}

/* Whether the input of @analysis was not UTF-8 or held NUL bytes.  The
 * analysis reads such bytes as U+FFFD (and reports them), so that the
 * rest of the line is still checked; but its URIs would be those of the
 * replaced text, a different string from the one read, which iri to-uri
 * refuses to convert.  The parse reports them first, so the capped list
 * of diagnostics cannot have dropped them. */
gboolean
iri_tool_analysis_replaced_bytes (IriAnalysis *analysis)
{
  IriReference *reference = iri_analysis_get_reference (analysis);

  for (guint i = 0; i < iri_reference_get_n_diagnostics (reference); i++)
    {
      const char *code = iri_diagnostic_get_code (iri_reference_get_diagnostic (reference, i));

      if (g_str_equal (code, "invalid-utf8") || g_str_equal (code, "nul-character"))
        return TRUE;
    }
  return FALSE;
}

/* One JSON object for an analysis, in the shape of DESIGN.md §5 (plus
 * "file" when @file is not %NULL and "line" when @line is not 0),
 * followed by a newline. */
void
iri_tool_append_analysis_json (GString     *out,
                               IriAnalysis *analysis,
                               const char  *file,
                               guint64      line)
{
  iri_tool_append_repaired_json (out, analysis, file, line, NULL, 0, NULL);
}

/* The same, for an input that --input repaired (@repairs not %NULL):
 * "input" is the text as read (@read), "iri" the IRI analysed, to which
 * every other offset refers, and "repairs" what changed, as notes with
 * offsets in "input". */
void
iri_tool_append_repaired_json (GString     *out,
                               IriAnalysis *analysis,
                               const char  *file,
                               guint64      line,
                               const char  *read,
                               gsize        read_length,
                               GListModel  *repairs)
{
  IriReference *reference = iri_analysis_get_reference (analysis);
  const char *uri_idna = iri_analysis_get_uri_idna (analysis);
  gboolean replaced;

  IRI_TOOL_PUT (out, "{");
  iri_tool_append_json_file (out, file);
  if (line > 0)
    {
      IRI_TOOL_PUT (out, "\"line\":");
      iri_tool_json_uint (out, line);
      IRI_TOOL_PUT (out, ",");
    }
  IRI_TOOL_PUT (out, "\"input\":");
  if (repairs != NULL)
    {
      iri_tool_json_string (out, read, read_length);
      IRI_TOOL_PUT (out, ",\"iri\":");
      append_shown (out, analysis, iri_analysis_get_text (analysis), -1);
      iri_tool_append_repairs_json (out, repairs);
    }
  else
    append_shown (out, analysis, iri_analysis_get_text (analysis), -1);
  if (iri_reference_is_valid (reference))
    IRI_TOOL_PUT (out, ",\"valid\":true,\"components\":[");
  else
    IRI_TOOL_PUT (out, ",\"valid\":false,\"components\":[");
  for (guint i = 0; i < iri_analysis_get_n_units (analysis); i++)
    {
      if (i > 0)
        IRI_TOOL_PUT (out, ",");
      append_unit_json (out, analysis, iri_analysis_get_unit (analysis, i));
    }
  IRI_TOOL_PUT (out, "],\"display\":");
  append_shown (out, analysis, iri_analysis_get_display (analysis), -1);
  /* No URI for bytes that are not text: null, as iri to-uri --json
   * gives for the same line. */
  replaced = iri_tool_analysis_replaced_bytes (analysis);
  IRI_TOOL_PUT (out, ",\"uri\":");
  iri_tool_json_string (out, replaced ? NULL : iri_analysis_get_uri (analysis), -1);
  IRI_TOOL_PUT (out, ",\"uri_idna\":");
  iri_tool_json_string (out, replaced ? NULL : uri_idna, -1);
  IRI_TOOL_PUT (out, ",\"iri_from_uri\":");
  iri_tool_json_string (out, replaced ? NULL : iri_analysis_get_display_iri (analysis), -1);
  IRI_TOOL_PUT (out, ",\"diagnostics\":[");
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      if (i > 0)
        IRI_TOOL_PUT (out, ",");
      iri_tool_append_diagnostic_json (out, iri_analysis_get_diagnostic (analysis, i));
    }
  IRI_TOOL_PUT (out, "]}");
  iri_tool_append_record_end (out);
}

/* A record of --json for one input of a command that converts or shows
 * it: where it is from, the input as read, its repairs (if @repairs is
 * not %NULL), and the result under @key or the error. */
void
iri_tool_print_result_record (IriToolInput *input,
                              const char   *text,
                              gsize         length,
                              GListModel   *repairs,
                              const char   *key,
                              const char   *result,
                              const char   *error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  iri_tool_append_record_start (out, input, text, length);
  if (repairs != NULL)
    iri_tool_append_repairs_json (out, repairs);
  IRI_TOOL_PUT (out, ",\"");
  g_string_append (out, key);
  IRI_TOOL_PUT (out, "\":");
  iri_tool_json_string (out, result, -1);
  IRI_TOOL_PUT (out, ",\"error\":");
  iri_tool_json_string (out, error, -1);
  IRI_TOOL_PUT (out, "}");
  iri_tool_append_record_end (out);
  fwrite (out->str, 1, out->len, stdout);
}
