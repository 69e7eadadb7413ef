/* iri-tool-convert.c: iri to-uri, to-iri, resolve and compare
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

/* Every command that converts one input into one output line shares this
 * loop: a failed input still prints an empty line, so that the output
 * lines stay aligned with the input lines in a pipeline, and the error
 * goes to standard error with where the input came from.  With
 * @json_key, each input gets a JSON record instead, with the result
 * under that key, or the error. */
int
iri_tool_convert_all (IriToolInput       *input,
                      IriToolConvertFunc  convert,
                      gpointer            user_data,
                      const char         *json_key)
{
  int status = IRI_TOOL_EXIT_OK;
  gboolean io_failed = FALSE;
  const char *text;
  gsize length;
  gboolean too_long;

  for (;;)
    {
      g_autoptr(GError) file_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *result = NULL;
      g_autofree char *repaired = NULL;
      g_autoptr(GListModel) repairs = NULL;
      const char *read;
      gsize read_length;

      text = iri_tool_input_next (input, &length, &too_long, &file_error);
      if (text == NULL && file_error == NULL)
        break;
      if (text == NULL)
        {
          /* A file that cannot be read is reported, and the next one is
           * read: a batch never stops for one bad input. */
          io_failed = TRUE;
          if (json_key != NULL)
            {
              g_autoptr(GString) out = g_string_new ("{\"file\":");

              iri_tool_json_string (out, iri_tool_input_file (input), -1);
              g_string_append (out, ",\"error\":");
              iri_tool_json_string (out, file_error->message, -1);
              g_string_append_c (out, '}');
              iri_tool_append_record_end (out);
              fwrite (out->str, 1, out->len, stdout);
            }
          else
            iri_tool_error ("%s", file_error->message);
          continue;
        }
      read = text;
      read_length = length;

      if (too_long)
        {
          status = IRI_TOOL_EXIT_FINDINGS;
          if (json_key != NULL)
            {
              g_autofree char *message = iri_tool_too_long_message ();

              iri_tool_print_result_record (input, NULL, 0, NULL, json_key, NULL, message);
              continue;
            }
          iri_tool_report_too_long (iri_tool_input_where (input));
          iri_tool_end_record ();
          continue;
        }

      if (iri_tool_repair_input (&text, &length, &repaired, &repairs) && json_key == NULL)
        iri_tool_print_repairs (iri_tool_input_where (input), repairs);

      result = convert (text, length, user_data, &error);
      if (result == NULL)
        status = IRI_TOOL_EXIT_FINDINGS;
      if (json_key != NULL)
        {
          iri_tool_print_result_record (input, read, read_length, repairs, json_key, result,
                             error != NULL ? error->message : NULL);
          continue;
        }
      if (result == NULL)
        {
          /* Translators: %s says where the input is, the second %s is the reason */
          iri_tool_error (_("%s: %s"), iri_tool_input_where (input), error->message);
          iri_tool_end_record ();
          continue;
        }

      iri_tool_print (result);
      iri_tool_end_record ();
    }

  return io_failed ? IRI_TOOL_EXIT_IO : status;
}

static gboolean
parse_host_mapping (const char      *name,
                    IriHostMapping  *out)
{
  static const struct {
    const char     *name;
    IriHostMapping  mapping;
  } mappings[] = {
    { "percent", IRI_HOST_MAPPING_PERCENT },
    { "idna2008", IRI_HOST_MAPPING_IDNA2008 },
    { "uts46", IRI_HOST_MAPPING_UTS46 },
    { "uts46-transitional", IRI_HOST_MAPPING_UTS46_TRANSITIONAL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (mappings); i++)
    {
      if (g_str_equal (name, mappings[i].name))
        {
          *out = mappings[i].mapping;
          return TRUE;
        }
    }
  return FALSE;
}

/* --domain: each input is a domain name, as idn2 takes it, not a
 * reference (where "résumé.example.org" is a relative path).  It is
 * converted as the host of the network-path reference "//NAME" (RFC 3986
 * §4.2), so by exactly the host rules of §3.4 and §3.7; then the "//" is
 * taken off again.  *@text and *@length become that reference, owned by
 * *@out_owned; FALSE for an input that is more than a host. */
static gboolean
domain_as_reference (const char  **text,
                     gsize        *length,
                     char        **out_owned,
                     GError      **error)
{
  g_autofree char *shown = NULL;

  if (*length > 0 && strcspn (*text, "/?#@:[]\\ \t") >= *length && memchr (*text, '\0', *length) == NULL)
    {
      char *reference = g_malloc (*length + 3);

      memcpy (reference, "//", 2);
      memcpy (reference + 2, *text, *length);
      reference[*length + 2] = '\0';
      *out_owned = reference;
      *text = reference;
      *length += 2;
      return TRUE;
    }
  shown = iri_tool_escape_for_terminal (*text, *length);
  g_set_error (error, IRI_ERROR, IRI_ERROR_BAD_HOST,
               /* Translators: %s is the input; do not translate --domain */
               _("“%s” is not a domain name (with --domain, each input is a host name alone)"), shown);
  return FALSE;
}

/* The host of a converted "//NAME". */
static char *
reference_as_domain (char *converted)
{
  if (converted != NULL)
    {
      g_assert (g_str_has_prefix (converted, "//"));
      memmove (converted, converted + 2, strlen (converted + 2) + 1);
    }
  return converted;
}

typedef struct {
  IriHostMapping  mapping;
  gboolean        domain;
} ToUriData;

static char *
to_uri_cb (const char  *text,
           gsize        length,
           gpointer     user_data,
           GError     **error)
{
  ToUriData *data = user_data;
  g_autoptr(IriReference) reference = NULL;
  g_autofree char *domain = NULL;

  if (data->domain && !domain_as_reference (&text, &length, &domain, error))
    return NULL;
  /* The mapping of §3.1 keeps an IRI's mistakes (http://a/%zz maps to
   * itself), so an invalid IRI gives a URI that is not one: it is
   * reported, as a conversion that failed, not printed as if it were. */
  reference = iri_reference_parse (text, length, IRI_PARSE_DEFAULT, error);
  if (reference == NULL)
    return NULL;
  /* The parsed reference, not the text: the mapping parses it once. */
  if (data->domain)
    return reference_as_domain (iri_reference_to_uri (reference, data->mapping, error));
  return iri_reference_to_uri (reference, data->mapping, error);
}

int
iri_tool_to_uri (int    argc,
                 char **argv)
{
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE;
  g_autofree char *host = NULL;
  g_auto(GStrv) args = NULL;
  ToUriData data = { IRI_HOST_MAPPING_PERCENT, FALSE };
  g_autoptr(IriToolInput) input = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input, with the URI under “uri”, or the error"), NULL },
    { "host", 0, 0, G_OPTION_ARG_STRING, &host,
      N_("How to map a non-ASCII host: percent (the default, §3.4.1), idna2008, uts46 or uts46-transitional (§3.4.2); these three also check ASCII hosts against the DNS and IDNA rules"),
      N_("MAPPING") },
    { "domain", 0, 0, G_OPTION_ARG_NONE, &data.domain,
      N_("Each input is a domain name, not a reference: map it as a host (with uts46, as idn2 does, unless --host says otherwise)"),
      NULL },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI…] — convert IRIs to URIs"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Maps each IRI to a URI (RFC 3987bis §3.3–§3.6): characters that a URI\n"
                                  "cannot contain are percent-encoded as UTF-8; existing %HH are kept.\n"
                                  "Without IRI arguments, reads one IRI per line from standard input."));
  if (!iri_tool_parse_options (context, "to-uri", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  /* A domain name is wanted for DNS: by default it is mapped as idn2
   * maps it, with UTS #46 non-transitional processing (München.DE →
   * xn--mnchen-3ya.de). */
  if (data.domain)
    data.mapping = IRI_HOST_MAPPING_UTS46;
  if (host != NULL && !parse_host_mapping (host, &data.mapping))
    {
      /* Translators: %s is what the user typed */
      iri_tool_error (_("unknown host mapping “%s” (use percent, idna2008, uts46 or uts46-transitional)"), host);
      return IRI_TOOL_EXIT_USAGE;
    }

  input = iri_tool_input_new (args, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  return iri_tool_convert_all (input, to_uri_cb, &data, json ? "uri" : NULL);
}

typedef struct {
  IriDisplayPolicy *policy;
  IriToIriFlags     flags;
  gboolean          domain;
} ToIriData;

/* How many characters of the input a note quotes. */
#define NOTE_INPUT_MAX 80

static char *
to_iri_cb (const char  *text,
           gsize        length,
           gpointer     user_data,
           GError     **error)
{
  ToIriData *data = user_data;
  g_autoptr(GListModel) diagnostics = NULL;
  g_autoptr(IriReference) reference = NULL;
  g_autofree char *domain = NULL;
  const char *input = text;
  gsize input_length = length;
  char *result;

  if (data->domain && !domain_as_reference (&text, &length, &domain, error))
    return NULL;

  /* §3.7 applies to a URI; anything else (http://[::1/) is reported
   * instead of being printed back unchanged as if converted. */
  reference = iri_reference_parse (text, length, IRI_PARSE_URI, error);
  if (reference == NULL)
    return NULL;
  /* The parsed reference, not the text: the conversion neither checks
   * nor parses it again, and gives no list when there is nothing to
   * note, which is most lines of a batch. */
  result = iri_display_policy_reference_to_iri (data->policy, reference, data->flags, &diagnostics);
  if (diagnostics != NULL && g_list_model_get_n_items (diagnostics) > 0)
    {
      /* The notes name the input; a long one is cut, so that a 1 MB
       * line does not make a 1 MB note per finding. */
      const char *cut = g_utf8_offset_to_pointer (input, MIN ((glong) g_utf8_strlen (input, input_length),
                                                              NOTE_INPUT_MAX));
      g_autofree char *escaped = iri_tool_escape_for_terminal (input, cut - input);
      g_autofree char *shown = (gsize) (cut - input) < input_length ? g_strconcat (escaped, "…", NULL)
                                                                   : g_steal_pointer (&escaped);

      for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
        {
          g_autoptr(IriDiagnostic) d = g_list_model_get_item (diagnostics, i);
          g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

          if (iri_diagnostic_get_severity (d) >= IRI_SEVERITY_WARNING)
            /* Translators: the first %s is the input, the second a sentence */
            iri_tool_warning (_("“%s”: %s"), shown, message);
          else
            /* Translators: a note about a conversion; the first %s is the input,
             * the second a sentence */
            g_printerr (_("iri: note: “%s”: %s\n"), shown, message);
        }
    }
  if (data->domain)
    return reference_as_domain (result);
  return result;
}

int
iri_tool_to_iri (int    argc,
                 char **argv)
{
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE;
  gboolean keep_punycode = FALSE;
  gboolean domain = FALSE;
  g_autofree char *display = NULL;
  g_autofree char *known_hosts_path = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(IriDisplayPolicy) policy = NULL;
  ToIriData data;
  int status = IRI_TOOL_EXIT_OK;
  g_autoptr(IriToolInput) input = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input, with the IRI under “iri”, or the error"), NULL },
    { "keep-punycode", 0, 0, G_OPTION_ARG_NONE, &keep_punycode,
      N_("Leave “xn--” host labels as they are (skip §3.7 step 6)"), NULL },
    { "display", 0, 0, G_OPTION_ARG_STRING, &display,
      N_("Display policy: strict (the default: a host label the analysis flags stays an A-label) or permissive"),
      N_("strict|permissive") },
    { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &known_hosts_path,
      N_("Trusted hosts, one per line: under the strict policy a look-alike of one stays an A-label"),
      N_("FILE") },
    { "domain", 0, 0, G_OPTION_ARG_NONE, &domain,
      N_("Each input is a domain name, not a URI: convert it as a host"), NULL },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[URI…] — convert URIs to IRIs for reading"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Converts each URI to an IRI that is safe to read (RFC 3987bis §3.7):\n"
                                  "percent-encoded UTF-8 is decoded, but bidi formatting characters,\n"
                                  "invisible characters, spaces and bytes that are not UTF-8 stay\n"
                                  "encoded, and no legacy charset is ever guessed; so do characters that\n"
                                  "look like a delimiter (§5.1b). Valid punycode host labels are shown in\n"
                                  "Unicode, except, under the strict display policy (the default), a label\n"
                                  "that “iri check” flags (a look-alike of another host, mixed scripts…):\n"
                                  "it stays as it is, with a note on standard error saying why. The\n"
                                  "result maps back to the same URI.\n"
                                  "Without URI arguments, reads one URI per line from standard input."));
  if (!iri_tool_parse_options (context, "to-iri", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  policy = iri_tool_display_policy_new (display, known_hosts_path, &status);
  if (policy == NULL)
    return status;

  data.policy = policy;
  data.flags = keep_punycode ? IRI_TO_IRI_KEEP_PUNYCODE : IRI_TO_IRI_DEFAULT;
  data.domain = domain;
  input = iri_tool_input_new (args, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  return iri_tool_convert_all (input, to_iri_cb, &data, json ? "iri" : NULL);
}

/* The BASE argument of resolve and relativize: an absolute IRI, in the
 * syntax of --input, its repairs reported as notes. */
static IriReference *
parse_base (const char  *text,
            GError     **error)
{
  gsize length = strlen (text);
  g_autofree char *repaired = NULL;
  g_autoptr(GListModel) repairs = NULL;

  if (iri_tool_repair_input (&text, &length, &repaired, &repairs))
    /* Translators: how the base IRI argument is named in messages */
    iri_tool_print_repairs (_("base"), repairs);
  return iri_reference_parse (text, length, IRI_PARSE_ABSOLUTE, error);
}

typedef struct {
  IriReference    *base;
  IriResolveFlags  flags;
} ResolveData;

static char *
resolve_cb (const char  *text,
            gsize        length,
            gpointer     user_data,
            GError     **error)
{
  ResolveData *data = user_data;
  g_autoptr(IriReference) reference = NULL;
  g_autoptr(IriReference) result = NULL;

  reference = iri_reference_parse (text, length, IRI_PARSE_DEFAULT, error);
  if (reference == NULL)
    return NULL;
  result = iri_reference_resolve (data->base, reference, data->flags, error);
  if (result == NULL)
    return NULL;
  return g_strdup (iri_reference_get_text (result));
}

int
iri_tool_resolve (int    argc,
                  char **argv)
{
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE;
  gboolean non_strict = FALSE;
  g_auto(GStrv) args = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriToolInput) input = NULL;
  ResolveData data = { NULL, IRI_RESOLVE_DEFAULT };
  int status;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input, with the target IRI under “target”, or the error"), NULL },
    { "non-strict", 0, 0, G_OPTION_ARG_NONE, &non_strict,
      N_("Treat a reference with the base's scheme as relative (RFC 3986 §5.2.2, “http:g”)"), NULL },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("BASE [REFERENCE…] — resolve references"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Resolves each reference against the absolute IRI BASE (RFC 3986 §5.2,\n"
                                  "RFC 3987bis §5.5) and prints the target IRI. Without REFERENCE\n"
                                  "arguments, reads one reference per line from standard input."));
  if (!iri_tool_parse_options (context, "resolve", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (args == NULL || args[0] == NULL)
    {
      iri_tool_error (_("missing BASE; run “iri resolve --help”"));
      return IRI_TOOL_EXIT_USAGE;
    }

  data.flags = non_strict ? IRI_RESOLVE_NON_STRICT : IRI_RESOLVE_DEFAULT;
  data.base = parse_base (args[0], &error);
  if (data.base == NULL)
    {
      /* Translators: %s is the reason */
      iri_tool_error (_("base: %s"), error->message);
      return IRI_TOOL_EXIT_FINDINGS;
    }

  input = iri_tool_input_new (args + 1, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  status = iri_tool_convert_all (input, resolve_cb, &data, json ? "target" : NULL);
  iri_reference_unref (data.base);
  return status;
}

static char *
relativize_cb (const char  *text,
               gsize        length,
               gpointer     user_data,
               GError     **error)
{
  IriReference *base = user_data;
  g_autoptr(IriReference) target = iri_reference_parse (text, length, IRI_PARSE_ABSOLUTE, error);

  if (target == NULL)
    return NULL;
  return iri_reference_relativize (target, base, error);
}

int
iri_tool_relativize (int    argc,
                     char **argv)
{
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE;
  g_auto(GStrv) args = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(IriReference) base = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input, with the reference under “reference”, or the error"), NULL },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("BASE [TARGET…] — the shortest references to targets"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints for each absolute IRI TARGET the shortest reference that resolves\n"
                                  "against the absolute IRI BASE to exactly TARGET (the inverse of “iri\n"
                                  "resolve”, RFC 3986 §5.2): a fragment, a query, a relative or absolute\n"
                                  "path, a network-path reference, or TARGET itself for another scheme.\n"
                                  "A target whose path has dot segments has none: resolution would remove\n"
                                  "them. Without TARGET arguments, reads one per line from standard input."));
  if (!iri_tool_parse_options (context, "relativize", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (args == NULL || args[0] == NULL)
    {
      iri_tool_error (_("missing BASE; run “iri relativize --help”"));
      return IRI_TOOL_EXIT_USAGE;
    }

  base = parse_base (args[0], &error);
  if (base == NULL)
    {
      iri_tool_error (_("base: %s"), error->message);
      return IRI_TOOL_EXIT_FINDINGS;
    }

  input = iri_tool_input_new (args + 1, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  return iri_tool_convert_all (input, relativize_cb, base, json ? "reference" : NULL);
}

static const char *
level_name (IriComparison level)
{
  switch (level)
    {
    case IRI_COMPARISON_SIMPLE:
      return "simple";
    case IRI_COMPARISON_SYNTAX:
      return "syntax";
    case IRI_COMPARISON_SCHEME:
      return "scheme";
    case IRI_COMPARISON_DIFFERENT:
    default:
      return "different";
    }
}

/* compare --json: one object per pair. */
static void
print_compare_json (const char    *a,
                    const char    *b,
                    const char    *error,
                    gboolean       equal,
                    IriComparison  level,
                    gboolean       by_nfc,
                    IriComparison  nfc_level)
{
  g_autoptr(GString) out = g_string_new ("{\"a\":");

  iri_tool_json_string (out, a, -1);
  g_string_append (out, ",\"b\":");
  iri_tool_json_string (out, b, -1);
  if (error != NULL)
    {
      g_string_append (out, ",\"equal\":null,\"level\":null,\"nfc\":false,\"equal_under_nfc\":null,\"error\":");
      iri_tool_json_string (out, error, -1);
    }
  else
    {
      g_string_append_printf (out, ",\"equal\":%s,\"level\":", equal ? "true" : "false");
      if (equal)
        g_string_append_printf (out, "\"%s\"", level_name (level));
      else
        g_string_append (out, "null");
      g_string_append_printf (out, ",\"nfc\":%s,\"equal_under_nfc\":", by_nfc ? "true" : "false");
      if (nfc_level != IRI_COMPARISON_DIFFERENT)
        g_string_append_printf (out, "\"%s\"", level_name (nfc_level));
      else
        g_string_append (out, "null");
      g_string_append (out, ",\"error\":null");
    }
  g_string_append_c (out, '}');
  iri_tool_append_record_end (out);
  fwrite (out->str, 1, out->len, stdout);
}

static int
compare_one (const char        *a,
             const char        *b,
             IriComparison      max_level,
             IriNormalizeFlags  flags,
             const char        *where,
             gboolean           json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) ref_a = NULL;
  g_autoptr(IriReference) ref_b = NULL;
  IriComparison level;
  IriComparison nfc_level = IRI_COMPARISON_DIFFERENT;
  gboolean by_nfc = FALSE;
  const char *read_a = a, *read_b = b;
  gsize length_a = strlen (a), length_b = strlen (b);
  g_autofree char *repaired_a = NULL, *repaired_b = NULL;
  g_autoptr(GListModel) repairs_a = NULL;
  g_autoptr(GListModel) repairs_b = NULL;

  if (iri_tool_repair_input (&a, &length_a, &repaired_a, &repairs_a))
    iri_tool_print_repairs (where != NULL ? where : _("argument 1"), repairs_a);
  if (iri_tool_repair_input (&b, &length_b, &repaired_b, &repairs_b))
    iri_tool_print_repairs (where != NULL ? where : _("argument 2"), repairs_b);

  ref_a = iri_reference_parse (a, length_a, IRI_PARSE_DEFAULT, &error);
  if (ref_a != NULL)
    ref_b = iri_reference_parse (b, length_b, IRI_PARSE_DEFAULT, &error);
  if (error != NULL)
    {
      if (json)
        print_compare_json (read_a, read_b, error->message, FALSE, IRI_COMPARISON_DIFFERENT, FALSE,
                            IRI_COMPARISON_DIFFERENT);
      else
        {
          if (where != NULL)
            iri_tool_error (_("%s: %s"), where, error->message);
          else
            iri_tool_error ("%s", error->message);
          iri_tool_end_record ();
        }
      return IRI_TOOL_EXIT_FINDINGS;
    }

  level = iri_reference_compare_full (ref_a, ref_b, max_level, flags);
  if (level == IRI_COMPARISON_DIFFERENT)
    {
      /* RFC 3987 §5.3.2.2: comparison relies on IRIs created in NFC and
       * does not apply it, but a person comparing two spellings of the
       * same text wants to know that this is all that separates them. */
      if (!(flags & IRI_NORMALIZE_NFC))
        nfc_level = iri_reference_compare_full (ref_a, ref_b, max_level, IRI_NORMALIZE_NFC);
      if (json)
        print_compare_json (read_a, read_b, NULL, FALSE, level, FALSE, nfc_level);
      else
        {
          if (nfc_level != IRI_COMPARISON_DIFFERENT && where != NULL)
            /* Translators: the first %s is where the pair was read
             * ("standard input:3"), the second a rung of the ladder
             * (simple, syntax, scheme); keep "--nfc" */
            g_printerr (_("iri: note: %s: equal under NFC (%s), but RFC 3987 §5.3.2.2 forbids applying character normalization when comparing; use --nfc to apply it explicitly\n"),
                        where, level_name (nfc_level));
          else if (nfc_level != IRI_COMPARISON_DIFFERENT)
            /* Translators: %s is a rung of the ladder (simple, syntax,
             * scheme); keep "--nfc" */
            g_printerr (_("iri: note: equal under NFC (%s), but RFC 3987 §5.3.2.2 forbids applying character normalization when comparing; use --nfc to apply it explicitly\n"),
                        level_name (nfc_level));
          g_print ("different");
          iri_tool_end_record ();
        }
      return IRI_TOOL_EXIT_FINDINGS;
    }

  /* Say "nfc" only when NFC is what made them equal at this rung. */
  by_nfc = (flags & IRI_NORMALIZE_NFC) &&
           iri_reference_compare_full (ref_a, ref_b, level, IRI_NORMALIZE_DEFAULT) != level;
  if (json)
    print_compare_json (read_a, read_b, NULL, TRUE, level, by_nfc, IRI_COMPARISON_DIFFERENT);
  else
    {
      if (by_nfc)
        g_print ("equal (%s, nfc)", level_name (level));
      else
        g_print ("equal (%s)", level_name (level));
      iri_tool_end_record ();
    }
  return IRI_TOOL_EXIT_OK;
}

int
iri_tool_compare (int    argc,
                  char **argv)
{
  g_autofree char *level_arg = NULL;
  g_auto(GStrv) args = NULL;
  IriComparison max_level = IRI_COMPARISON_SCHEME;
  gboolean nfc = FALSE;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per pair: whether they are equal, at which level, or the error"), NULL },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_arg,
      N_("Highest rung of the ladder to try: simple, syntax or scheme (the default)"), N_("LEVEL") },
    { "nfc", 0, 0, G_OPTION_ARG_NONE, &nfc,
      N_("Put both IRIs in NFC first (an explicit normalization that RFC 3987 §5.3.2.2 leaves out of comparison)"), NULL },
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[A B] — compare two IRIs"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Climbs the comparison ladder of RFC 3987 §5.3 — simple string,\n"
                                  "syntax-based, scheme-based normalization — and prints “equal (LEVEL)”\n"
                                  "with the first level at which A and B are equal, or “different”.\n"
                                  "Character normalization (NFC) is not a rung (RFC 3987 §5.3.2.2): IRIs\n"
                                  "equal only under NFC are “different”, with a note on standard error;\n"
                                  "--nfc applies it explicitly and prints “equal (LEVEL, nfc)”.\n"
                                  "Exits with 1 when they differ. Without arguments, reads pairs from\n"
                                  "standard input, one pair per line, separated by a tab."));
  if (!iri_tool_parse_options (context, "compare", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (level_arg != NULL)
    {
      if (g_str_equal (level_arg, "simple"))
        max_level = IRI_COMPARISON_SIMPLE;
      else if (g_str_equal (level_arg, "syntax"))
        max_level = IRI_COMPARISON_SYNTAX;
      else if (g_str_equal (level_arg, "scheme"))
        max_level = IRI_COMPARISON_SCHEME;
      else
        {
          iri_tool_error (_("unknown level “%s” (use simple, syntax or scheme)"), level_arg);
          return IRI_TOOL_EXIT_USAGE;
        }
    }

  if (args != NULL && args[0] != NULL && !(g_str_equal (args[0], "-") && args[1] == NULL))
    {
      if (g_strv_length (args) != 2)
        {
          iri_tool_error (_("compare takes exactly two IRIs, A and B"));
          return IRI_TOOL_EXIT_USAGE;
        }
      return compare_one (args[0], args[1], max_level, nfc ? IRI_NORMALIZE_NFC : IRI_NORMALIZE_DEFAULT, NULL,
                          json);
    }
  else
    {
      g_autoptr(IriToolInput) input = iri_tool_input_new_args (NULL);
      g_autoptr(GError) io_error = NULL;
      const char *line;
      gsize length;
      gboolean too_long;
      int status = IRI_TOOL_EXIT_OK;

      while ((line = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
        {
          g_autofree char *copy = g_strndup (line, length);
          char *tab = strchr (copy, '\t');

          if (too_long || tab == NULL || strlen (copy) != length)
            {
              status = IRI_TOOL_EXIT_FINDINGS;
              if (json)
                {
                  print_compare_json (too_long ? "" : copy, NULL, _("expected two IRIs separated by a tab"), FALSE,
                                      IRI_COMPARISON_DIFFERENT, FALSE, IRI_COMPARISON_DIFFERENT);
                  continue;
                }
              iri_tool_error (_("%s: expected two IRIs separated by a tab"), iri_tool_input_where (input));
              iri_tool_end_record ();
              continue;
            }
          *tab = '\0';
          if (compare_one (copy, tab + 1, max_level, nfc ? IRI_NORMALIZE_NFC : IRI_NORMALIZE_DEFAULT,
                           iri_tool_input_where (input), json) != IRI_TOOL_EXIT_OK)
            status = IRI_TOOL_EXIT_FINDINGS;
        }
      if (io_error != NULL)
        {
          iri_tool_error ("%s", io_error->message);
          return IRI_TOOL_EXIT_IO;
        }
      return status;
    }
}
