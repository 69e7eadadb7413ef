/* iri-tool-format.c: iri format — the readable form for running text
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-tool-private.h"

typedef struct {
  IriDisplayPolicy *policy;
  IriFormatFlags    flags;
} FormatData;

static char *
format_cb (const char  *text,
           gsize        length,
           gpointer     user_data,
           GError     **error)
{
  FormatData *data = user_data;
  g_autoptr(IriReference) reference = NULL;

  /* As for to-iri: the readable form is of a URI; anything else
   * (http://[::1/) is reported, not printed back as if formatted. */
  reference = iri_reference_parse (text, length, IRI_PARSE_URI, error);
  if (reference == NULL)
    return NULL;
  return iri_display_policy_format_minimal (data->policy, text, length, data->flags, error);
}

int
iri_tool_format (int    argc,
                 char **argv)
{
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE;
  gboolean keep_punycode = FALSE;
  g_autofree char *display = NULL;
  g_autofree char *known_hosts_path = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(IriDisplayPolicy) policy = NULL;
  FormatData data;
  int status = IRI_TOOL_EXIT_OK;
  g_autoptr(IriToolInput) input = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input, with the readable form under “text”, or the error"), NULL },
    { "keep-punycode", 0, 0, G_OPTION_ARG_NONE, &keep_punycode,
      N_("Leave “xn--” host labels as they are"), NULL },
    { "display", 0, 0, G_OPTION_ARG_STRING, &display,
      N_("Display policy: strict (the default: a host label the analysis flags stays an A-label) or permissive"),
      N_("strict|permissive") },
    { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &known_hosts_path,
      N_("Trusted hosts, one per line: under the strict policy a look-alike of one stays an A-label"),
      N_("FILE") },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[URI…] — the readable form of URIs for running text"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints each URI or IRI in the most readable form that a reader can\n"
                                  "still find in running text with its exact bounds and that maps back\n"
                                  "to the same resource (UTS #58 minimal escaping, RFC 3987bis §3.7):\n"
                                  "what is safe to show is decoded, and only what would end the link\n"
                                  "early is percent-encoded — spaces, an unmatched closing bracket, a\n"
                                  "final “.”, “!” or other sentence punctuation. Hosts are shown in\n"
                                  "Unicode. Bidi formatting characters, invisible characters and bytes\n"
                                  "that are not UTF-8 stay encoded, as “iri to-iri” keeps them, and so\n"
                                  "do look-alikes of delimiters and, under the strict display policy,\n"
                                  "every host label that “iri check” flags.\n"
                                  "Without URI arguments, reads one URI per line from standard input."));
  if (!iri_tool_parse_options (context, "format", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  policy = iri_tool_display_policy_new (display, known_hosts_path, &status);
  if (policy == NULL)
    return status;

  data.policy = policy;
  data.flags = keep_punycode ? IRI_FORMAT_KEEP_PUNYCODE : IRI_FORMAT_DEFAULT;
  input = iri_tool_input_new (args, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  return iri_tool_convert_all (input, format_cb, &data, json ? "text" : NULL);
}
