/* iri-tool-skeleton.c: iri skeleton — UTS #39 skeletons
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

/* The distinct scripts of @text (Script property, ISO 15924 codes such
 * as "Latn" and "Cyrl"), in order of appearance; Common, Inherited and
 * Unknown are left out, as UTS #39 §5.1 counts them with every
 * script. */
static void
append_scripts_json (GString    *out,
                     const char *text)
{
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (GUnicodeScript));

  g_string_append_c (out, '[');
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));
      guint32 code;
      char iso[5];
      guint i;

      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN)
        continue;
      for (i = 0; i < seen->len && g_array_index (seen, GUnicodeScript, i) != script; i++)
        ;
      if (i < seen->len)
        continue;
      g_array_append_val (seen, script);

      code = g_unicode_script_to_iso15924 (script);
      iso[0] = (char) (code >> 24);
      iso[1] = (char) (code >> 16);
      iso[2] = (char) (code >> 8);
      iso[3] = (char) code;
      iso[4] = '\0';
      if (seen->len > 1)
        g_string_append_c (out, ',');
      iri_tool_json_string (out, iso, -1);
    }
  g_string_append_c (out, ']');
  g_array_unref (seen);
}

static void
print_json (const char *text,
            const char *skeleton)
{
  g_autoptr(GString) out = g_string_new ("{\"input\":");

  iri_tool_json_string (out, text, -1);
  g_string_append (out, ",\"skeleton\":");
  iri_tool_json_string (out, skeleton, -1);
  g_string_append (out, ",\"scripts\":");
  append_scripts_json (out, text);
  g_string_append (out, ",\"restriction_level\":");
  iri_tool_json_name (out, iri_restriction_level_to_string (iri_get_restriction_level (text, -1)));
  g_string_append_c (out, '}');
  iri_tool_append_record_end (out);
  fwrite (out->str, 1, out->len, stdout);
}

int
iri_tool_skeleton (int    argc,
                   char **argv)
{
  gboolean json = FALSE;
  g_auto(GStrv) args = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(GError) io_error = NULL;
  const char *text;
  gsize length;
  gboolean too_long;
  int status = IRI_TOOL_EXIT_OK;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input with the skeleton, the scripts and the UTS #39 restriction level"),
      NULL },
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[STRING…] — print UTS #39 skeletons"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints the skeleton of each string (UTS #39 §4): the string in NFD,\n"
                                  "each character replaced by its prototype from confusables.txt, and NFD\n"
                                  "again. Two strings that look alike have the same skeleton: “аррӏе”\n"
                                  "(Cyrillic) and “appie” both give “appie”. A skeleton is for comparing,\n"
                                  "not for reading; it is case-sensitive, as the standard defines it.\n"
                                  "Characters that would garble the terminal are shown as \\u{XXXX}.\n"
                                  "Without STRING arguments, reads one string per line from standard input."));
  if (!iri_tool_parse_options (context, "skeleton", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  input = iri_tool_input_new_args (args);
  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *copy = NULL;
      g_autofree char *skeleton = NULL;

      if (too_long || !iri_utf8_validate (text, length, NULL, &error) || memchr (text, '\0', length) != NULL)
        {
          if (too_long)
            iri_tool_report_too_long (iri_tool_input_where (input));
          else if (error != NULL)
            /* Translators: %s says where the input is, the second %s is the reason */
            iri_tool_error (_("%s: %s"), iri_tool_input_where (input), error->message);
          else
            /* Translators: %s says where the input is */
            iri_tool_error (_("%s: the input contains a NUL byte"), iri_tool_input_where (input));
          iri_tool_end_record ();
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }

      copy = g_strndup (text, length);
      skeleton = iri_skeleton (copy, length);
      if (json)
        print_json (copy, skeleton);
      else
        {
          g_autofree char *shown = iri_tool_escape_for_terminal (skeleton, -1);

          g_print ("%s", shown);
          iri_tool_end_record ();
        }
    }

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      return IRI_TOOL_EXIT_IO;
    }

  return status;
}
