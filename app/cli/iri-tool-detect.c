/* iri-tool-detect.c: iri detect — the links in running text (UTS #58)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

/* The link marks of UTS #58's LinkDetectionTest.txt. */
#define MARK_OPEN  "\xE2\xB8\xA0"   /* U+2E20 LEFT VERTICAL BAR WITH QUILL */
#define MARK_CLOSE "\xE2\xB8\xA1"   /* U+2E21 RIGHT VERTICAL BAR WITH QUILL */

typedef enum {
  OUTPUT_LIST,
  OUTPUT_MARK,
  OUTPUT_JSON,
} Output;

static void
append_escaped (GString    *out,
                const char *text,
                gsize       length)
{
  g_autofree char *shown = iri_tool_escape_for_terminal (text, length);

  g_string_append (out, shown);
}

/* The line with every link between ⸠ and ⸡.  Controls and bidi
 * formatting characters are shown as \u{XXXX}, as everywhere in the tool;
 * everything else is written as it is, in logical order. */
static void
append_marked (GString    *out,
               const char *text,
               gsize       length,
               GListModel *links)
{
  gsize done = 0;

  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr(IriLink) link = g_list_model_get_item (links, i);
      IriSpan span;

      iri_link_get_span (link, &span);
      append_escaped (out, text + done, span.byte_start - done);
      g_string_append (out, MARK_OPEN);
      append_escaped (out, text + span.byte_start, span.byte_end - span.byte_start);
      g_string_append (out, MARK_CLOSE);
      done = span.byte_end;
    }
  append_escaped (out, text + done, length - done);
  iri_tool_append_record_end (out);
}

/* One JSON object per link: where it is in the line (code points), its
 * text, the IRI with the implied scheme, and the diagnostics of that IRI
 * (their spans are in "iri"). */
static void
append_json (GString     *out,
             IriLink     *link,
             IriAnalyzer *analyzer,
             const char  *file,
             guint64      line)
{
  g_autoptr(IriAnalysis) analysis = iri_link_analyze (link, analyzer);

  g_string_append_c (out, '{');
  iri_tool_append_json_file (out, file);
  g_string_append_printf (out, "\"line\":%" G_GUINT64_FORMAT ",\"start\":%" G_GSIZE_FORMAT
                          ",\"end\":%" G_GSIZE_FORMAT ",\"kind\":",
                          line, iri_link_get_start (link), iri_link_get_end (link));
  iri_tool_json_string (out, iri_link_get_kind (link) == IRI_LINK_KIND_EMAIL ? "email" : "url", -1);
  g_string_append (out, ",\"text\":");
  iri_tool_json_string (out, iri_link_get_text (link), -1);
  g_string_append (out, ",\"iri\":");
  iri_tool_json_string (out, iri_link_get_iri (link), -1);
  g_string_append (out, ",\"diagnostics\":[");
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      iri_tool_append_diagnostic_json (out, iri_analysis_get_diagnostic (analysis, i));
    }
  g_string_append (out, "]}");
  iri_tool_append_record_end (out);
}

/* "WHERE:START-END: IRI", with columns in code points from 1, as
 * "iri check" writes them. */
static void
append_listed (GString    *out,
               IriLink    *link,
               const char *where)
{
  const char *iri = iri_link_get_iri (link);

  g_string_append_printf (out, "%s:%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT ": ",
                          where, iri_link_get_start (link) + 1, iri_link_get_end (link));
  append_escaped (out, iri, strlen (iri));
  iri_tool_append_record_end (out);
}

int
iri_tool_detect (int    argc,
                 char **argv)
{
  gboolean mark = FALSE;
  gboolean json = FALSE;
  g_auto(GStrv) files = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(IriAnalyzer) analyzer = NULL;
  g_autoptr(GError) io_error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  int status = IRI_TOOL_EXIT_OK;
  Output output;
  const char *text;
  gsize length;
  gboolean too_long;
  GOptionEntry entries[] = {
    { "mark", 0, 0, G_OPTION_ARG_NONE, &mark,
      N_("Print each line with every link between ⸠ and ⸡"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per link, with the diagnostics of its IRI"), NULL },
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE…] — find the links in text"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Finds the web and email addresses in each line of the files (or of\n"
                                  "standard input, when there is none or the file is “-”), as UTS #58\n"
                                  "link detection does (RFC 3987bis §7.3): in any script, by their\n"
                                  "top-level domain, without the punctuation that ends a sentence.\n"
                                  "Prints “WHERE:START-END: IRI” for each link, with columns in code\n"
                                  "points from 1 and the IRI with its implied https:// or mailto:.\n"
                                  "--mark prints every line with its links between ⸠ and ⸡, --json\n"
                                  "one JSON object per link (line, start, end, kind, text, iri and\n"
                                  "the IRI's diagnostics, their spans counted in the IRI).\n"
                                  "A line that is not UTF-8 or holds a NUL byte is reported and\n"
                                  "skipped (--mark prints an empty line for it), and the exit\n"
                                  "status is then 1."));
  if (!iri_tool_parse_options (context, "detect", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (mark && json)
    {
      iri_tool_error (_("--mark and --json cannot be used together"));
      return IRI_TOOL_EXIT_USAGE;
    }
  output = mark ? OUTPUT_MARK : json ? OUTPUT_JSON : OUTPUT_LIST;
  if (output == OUTPUT_JSON)
    analyzer = iri_analyzer_new ();

  input = iri_tool_input_new_files (files);
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GListModel) links = NULL;

      text = iri_tool_input_next (input, &length, &too_long, &error);
      if (text == NULL && error != NULL)
        {
          /* One unreadable file does not stop the others; the exit
           * status says it happened. */
          iri_tool_error ("%s", error->message);
          if (io_error == NULL)
            io_error = g_steal_pointer (&error);
          continue;
        }
      if (text == NULL)
        break;

      if (too_long)
        {
          iri_tool_report_too_long (iri_tool_input_where (input));
          status = IRI_TOOL_EXIT_FINDINGS;
          if (output == OUTPUT_MARK)
            iri_tool_end_record ();
          continue;
        }

      links = iri_detect_links (text, length, &error);
      if (links == NULL)
        {
          /* Translators: %s says where the input is, the second %s is the reason */
          iri_tool_error (_("%s: %s"), iri_tool_input_where (input), error->message);
          status = IRI_TOOL_EXIT_FINDINGS;
          if (output == OUTPUT_MARK)
            iri_tool_end_record ();
          continue;
        }

      g_string_truncate (out, 0);
      if (output == OUTPUT_MARK)
        append_marked (out, text, length, links);
      else
        {
          for (guint i = 0; i < g_list_model_get_n_items (links); i++)
            {
              g_autoptr(IriLink) link = g_list_model_get_item (links, i);

              if (output == OUTPUT_JSON)
                append_json (out, link, analyzer, iri_tool_input_named_file (input), iri_tool_input_line (input));
              else
                append_listed (out, link, iri_tool_input_where (input));
            }
        }
      fwrite (out->str, 1, out->len, stdout);
    }

  if (io_error != NULL)
    return IRI_TOOL_EXIT_IO;

  return status;
}
