/* iri-tool-parse.c: iri parse — the components of IRIs, read and edited
 *
 * What trurl does for URLs, for IRIs: --get prints components through a
 * template, --set replaces them, --json writes them all.  Components
 * are printed as they are written in the IRI (percent-encodings kept),
 * so that what is printed can be put back.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

/* The components of a reference as RFC 3986 §5.3 recomposes them; NULL
 * for an absent one (an empty one is ""). */
typedef enum {
  PART_SCHEME,
  PART_USERINFO,
  PART_HOST,
  PART_PORT,
  PART_PATH,
  PART_QUERY,
  PART_FRAGMENT,
  N_PARTS
} Part;

static const char * const part_names[N_PARTS] = {
  "scheme", "userinfo", "host", "port", "path", "query", "fragment",
};

typedef struct {
  char *parts[N_PARTS];
} Parts;

static void
parts_clear (Parts *parts)
{
  for (guint i = 0; i < N_PARTS; i++)
    g_clear_pointer (&parts->parts[i], g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Parts, parts_clear)

static gboolean
part_from_name (const char *name,
                gsize       length,
                Part       *out)
{
  for (guint i = 0; i < N_PARTS; i++)
    {
      if (strlen (part_names[i]) == length && strncmp (part_names[i], name, length) == 0)
        {
          *out = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
parts_init (Parts        *parts,
            IriReference *reference)
{
  parts->parts[PART_SCHEME] = g_strdup (iri_reference_get_scheme (reference));
  parts->parts[PART_USERINFO] = g_strdup (iri_reference_get_userinfo (reference));
  parts->parts[PART_HOST] = g_strdup (iri_reference_get_host (reference));
  parts->parts[PART_PORT] = g_strdup (iri_reference_get_port (reference));
  parts->parts[PART_PATH] = g_strdup (iri_reference_get_path (reference));
  parts->parts[PART_QUERY] = g_strdup (iri_reference_get_query (reference));
  parts->parts[PART_FRAGMENT] = g_strdup (iri_reference_get_fragment (reference));
}

/* RFC 3986 §5.3. */
static char *
parts_recompose (const Parts *parts)
{
  GString *out = g_string_new (NULL);
  const char * const *p = (const char * const *) parts->parts;

  if (p[PART_SCHEME] != NULL)
    g_string_append_printf (out, "%s:", p[PART_SCHEME]);
  if (p[PART_HOST] != NULL)
    {
      g_string_append (out, "//");
      if (p[PART_USERINFO] != NULL)
        g_string_append_printf (out, "%s@", p[PART_USERINFO]);
      g_string_append (out, p[PART_HOST]);
      if (p[PART_PORT] != NULL)
        g_string_append_printf (out, ":%s", p[PART_PORT]);
    }
  g_string_append (out, p[PART_PATH] != NULL ? p[PART_PATH] : "");
  if (p[PART_QUERY] != NULL)
    g_string_append_printf (out, "?%s", p[PART_QUERY]);
  if (p[PART_FRAGMENT] != NULL)
    g_string_append_printf (out, "#%s", p[PART_FRAGMENT]);
  return g_string_free (out, FALSE);
}

/* One --set: COMPONENT=VALUE, or COMPONENT= to remove it. */
typedef struct {
  Part  part;
  char *value;   /* NULL to remove */
} Edit;

typedef struct {
  GArray     *edits;      /* (element-type Edit) */
  const char *template;   /* --get, or NULL */
  gboolean    json;
} ParseData;

/* The value of the first parameter @name of a query of NAME=VALUE pairs
 * separated by "&" (or ";"), as written; "" for a name without "=", NULL
 * when there is none. */
static char *
query_parameter (const char *query,
                 const char *name,
                 gsize       name_length)
{
  const char *p = query;

  if (query == NULL)
    return NULL;
  while (TRUE)
    {
      gsize field = strcspn (p, "&;");
      const char *equals = memchr (p, '=', field);
      gsize key = equals != NULL ? (gsize) (equals - p) : field;

      if (key == name_length && strncmp (p, name, name_length) == 0)
        return equals != NULL ? g_strndup (equals + 1, field - key - 1) : g_strdup ("");
      if (p[field] == '\0')
        return NULL;
      p += field + 1;
    }
}

/* Checks a --get template before any input is read: every {NAME} must be
 * known, so that a typing mistake is a usage error, not a column of
 * empty lines. */
static gboolean
template_check (const char *template)
{
  for (const char *p = template; *p != '\0'; p++)
    {
      const char *close;
      Part part;

      if (*p != '{')
        continue;
      if (p[1] == '{')
        {
          p++;
          continue;
        }
      close = strchr (p, '}');
      if (close == NULL)
        {
          iri_tool_error (_("--get: “{” without “}” (write “{{” for a brace)"));
          return FALSE;
        }
      if (!part_from_name (p + 1, close - p - 1, &part) &&
          !(close - p - 1 == 3 && (strncmp (p + 1, "iri", 3) == 0 || strncmp (p + 1, "uri", 3) == 0)) &&
          !(close - p - 1 == 9 && strncmp (p + 1, "authority", 9) == 0) &&
          !(g_str_has_prefix (p + 1, "query:") && close - p - 1 > 6))
        {
          g_autofree char *name = g_strndup (p + 1, close - p - 1);

          /* Translators: %s is what the user wrote between braces */
          iri_tool_error (_("--get: unknown component “%s” (use scheme, userinfo, host, port, path, query, "
                            "fragment, authority, iri, uri or query:NAME)"), name);
          return FALSE;
        }
      p = close;
    }
  return TRUE;
}

static char *
template_expand (const char   *template,
                 IriReference *reference,
                 GError      **error)
{
  GString *out = g_string_new (NULL);

  for (const char *p = template; *p != '\0'; p++)
    {
      const char *close;
      const char *name;
      gsize length;
      Part part;

      if (*p != '{')
        {
          /* "}}" is a brace too. */
          if (*p == '}' && p[1] == '}')
            p++;
          g_string_append_c (out, *p);
          continue;
        }
      if (p[1] == '{')
        {
          g_string_append_c (out, '{');
          p++;
          continue;
        }
      close = strchr (p, '}');
      name = p + 1;
      length = close - name;
      if (part_from_name (name, length, &part))
        {
          Parts parts = { { NULL, } };

          parts_init (&parts, reference);
          if (parts.parts[part] != NULL)
            g_string_append (out, parts.parts[part]);
          parts_clear (&parts);
        }
      else if (length == 3 && strncmp (name, "iri", 3) == 0)
        g_string_append (out, iri_reference_get_text (reference));
      else if (length == 3 && strncmp (name, "uri", 3) == 0)
        {
          g_autofree char *uri = iri_reference_to_uri (reference, IRI_HOST_MAPPING_PERCENT, error);

          if (uri == NULL)
            {
              g_string_free (out, TRUE);
              return NULL;
            }
          g_string_append (out, uri);
        }
      else if (length == 9 && strncmp (name, "authority", 9) == 0)
        {
          const char *authority = iri_reference_get_authority (reference);

          if (authority != NULL)
            g_string_append (out, authority);
        }
      else
        {
          g_autofree char *value = query_parameter (iri_reference_get_query (reference), name + 6, length - 6);

          if (value != NULL)
            g_string_append (out, value);
        }
      p = close;
    }
  return g_string_free (out, FALSE);
}

static void
append_json_part (GString    *out,
                  const char *name,
                  const char *value)
{
  g_string_append_printf (out, ",\"%s\":", name);
  iri_tool_json_string (out, value, -1);
}

static char *
to_json (IriReference *reference)
{
  GString *out = g_string_new ("{\"iri\":");
  const char *query = iri_reference_get_query (reference);

  iri_tool_json_string (out, iri_reference_get_text (reference), -1);
  append_json_part (out, "scheme", iri_reference_get_scheme (reference));
  append_json_part (out, "userinfo", iri_reference_get_userinfo (reference));
  append_json_part (out, "host", iri_reference_get_host (reference));
  append_json_part (out, "port", iri_reference_get_port (reference));
  append_json_part (out, "path", iri_reference_get_path (reference));
  append_json_part (out, "query", query);
  append_json_part (out, "fragment", iri_reference_get_fragment (reference));
  /* The query's NAME=VALUE pairs, as written, in order. */
  g_string_append (out, ",\"params\":");
  if (query == NULL)
    g_string_append (out, "null");
  else
    {
      const char *p = query;

      g_string_append_c (out, '[');
      while (TRUE)
        {
          gsize field = strcspn (p, "&;");
          const char *equals = memchr (p, '=', field);
          gsize key = equals != NULL ? (gsize) (equals - p) : field;

          if (p != query)
            g_string_append_c (out, ',');
          g_string_append_c (out, '[');
          iri_tool_json_string (out, p, key);
          g_string_append_c (out, ',');
          if (equals != NULL)
            iri_tool_json_string (out, equals + 1, field - key - 1);
          else
            g_string_append (out, "null");
          g_string_append_c (out, ']');
          if (p[field] == '\0')
            break;
          p += field + 1;
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

/* Applies the --set edits; the result must parse back with each
 * component that was set read back as it was set, so that a value
 * cannot spill into its neighbours ("a?b" as a path). */
static IriReference *
apply_edits (IriReference  *reference,
             GArray        *edits,
             GError       **error)
{
  g_auto(Parts) parts = { { NULL, } };
  g_autofree char *text = NULL;
  IriReference *edited;

  parts_init (&parts, reference);
  for (guint i = 0; i < edits->len; i++)
    {
      Edit *edit = &g_array_index (edits, Edit, i);

      g_free (parts.parts[edit->part]);
      parts.parts[edit->part] = g_strdup (edit->value);
    }
  /* With an authority, a path is empty or starts with "/" (RFC 3986
   * §3.3); trurl adds the slash too. */
  if (parts.parts[PART_HOST] != NULL && parts.parts[PART_PATH] != NULL &&
      parts.parts[PART_PATH][0] != '\0' && parts.parts[PART_PATH][0] != '/')
    {
      char *path = g_strconcat ("/", parts.parts[PART_PATH], NULL);

      g_free (parts.parts[PART_PATH]);
      parts.parts[PART_PATH] = path;
    }
  if (parts.parts[PART_HOST] == NULL && (parts.parts[PART_USERINFO] != NULL || parts.parts[PART_PORT] != NULL))
    {
      g_set_error_literal (error, IRI_ERROR, IRI_ERROR_BAD_HOST,
                           _("a user information or a port needs a host: set one with --set host=NAME"));
      return NULL;
    }

  text = parts_recompose (&parts);
  edited = iri_reference_parse (text, -1, IRI_PARSE_DEFAULT, error);
  if (edited == NULL)
    return NULL;
  {
    g_auto(Parts) back = { { NULL, } };

    parts_init (&back, edited);
    for (guint i = 0; i < edits->len; i++)
      {
        Edit *edit = &g_array_index (edits, Edit, i);

        if (g_strcmp0 (back.parts[edit->part], parts.parts[edit->part]) != 0)
          {
            g_autofree char *shown = iri_tool_escape_for_terminal (edit->value, -1);

            g_set_error (error, IRI_ERROR, IRI_ERROR_FAILED,
                         /* Translators: the first %s is a value, the second
                          * the name of a component such as "path", which
                          * is what the user writes in --set */
                         _("“%s” would not stay the %s of the IRI: percent-encode the delimiters in it"),
                         shown, part_names[edit->part]);
            iri_reference_unref (edited);
            return NULL;
          }
        /* RFC 3986 §3.2.3 allows any digits, but no TCP or UDP port is
         * above 65535 (RFC 6335 §6): an edit that makes one is a
         * mistake, which iri check would only warn about. */
        if (edit->part == PART_PORT && edit->value != NULL && edit->value[0] != '\0' &&
            iri_reference_get_port_number (edited) < 0)
          {
            g_autofree char *shown = iri_tool_escape_for_terminal (edit->value, -1);

            g_set_error (error, IRI_ERROR, IRI_ERROR_BAD_PORT,
                         /* Translators: %s is the value given to --set port= */
                         _("“%s” is not a port number: ports go from 0 to 65535"), shown);
            iri_reference_unref (edited);
            return NULL;
          }
      }
  }
  return edited;
}

static char *
parse_cb (const char  *text,
          gsize        length,
          gpointer     user_data,
          GError     **error)
{
  ParseData *data = user_data;
  g_autoptr(IriReference) reference = NULL;

  reference = iri_reference_parse (text, length, IRI_PARSE_DEFAULT, error);
  if (reference == NULL)
    return NULL;
  if (data->edits->len > 0)
    {
      IriReference *edited = apply_edits (reference, data->edits, error);

      if (edited == NULL)
        return NULL;
      iri_reference_unref (reference);
      reference = edited;
    }
  if (data->json)
    return to_json (reference);
  if (data->template != NULL)
    return template_expand (data->template, reference, error);
  return g_strdup (iri_reference_get_text (reference));
}

static void
edit_clear (gpointer data)
{
  Edit *edit = data;

  g_free (edit->value);
}

int
iri_tool_parse (int    argc,
                char **argv)
{
  g_auto(GStrv) files = NULL;
  g_autofree char *template = NULL;
  g_auto(GStrv) sets = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE;
  g_autoptr(GArray) edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_autoptr(IriToolInput) input = NULL;
  ParseData data;
  GOptionEntry entries[] = {
    { "get", 0, 0, G_OPTION_ARG_STRING, &template,
      N_("Print TEMPLATE for each IRI, with {scheme}, {userinfo}, {host}, {port}, {path}, {query}, {fragment}, {authority}, {iri}, {uri} and {query:NAME} replaced (“{{” for a brace)"),
      N_("TEMPLATE") },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_("Replace a component (scheme, userinfo, host, port, path, query or fragment); with no VALUE, remove it"),
      N_("COMPONENT=VALUE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write each IRI's components as a JSON object"), NULL },
    IRI_TOOL_FILE_OPTION (&files),
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI…] — read and edit the components of IRIs"));

  g_array_set_clear_func (edits, edit_clear);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Parses each IRI reference (RFC 3987bis §2.2) and prints it, after the\n"
                                  "--set edits; with --get, prints a template of its components; with\n"
                                  "--json, all of them. Components are printed as they are written in the\n"
                                  "IRI, percent-encodings kept; an absent one is empty. An input that is\n"
                                  "not an IRI, or an edit that would not give one, is reported and an\n"
                                  "empty line takes its place.\n"
                                  "Without IRI arguments, reads one IRI per line from standard input."));
  if (!iri_tool_parse_options (context, "parse", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (json && template != NULL)
    {
      iri_tool_error (_("--get and --json cannot be used together"));
      return IRI_TOOL_EXIT_USAGE;
    }
  if (template != NULL && !template_check (template))
    return IRI_TOOL_EXIT_USAGE;
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      const char *equals = strchr (sets[i], '=');
      Edit edit;

      if (equals == NULL || !part_from_name (sets[i], equals - sets[i], &edit.part))
        {
          /* Translators: %s is what the user wrote */
          iri_tool_error (_("--set “%s”: write COMPONENT=VALUE, with scheme, userinfo, host, port, path, query "
                            "or fragment"), sets[i]);
          return IRI_TOOL_EXIT_USAGE;
        }
      if (!g_utf8_validate (equals + 1, -1, NULL))
        {
          iri_tool_error (_("--set: the value is not valid UTF-8"));
          return IRI_TOOL_EXIT_USAGE;
        }
      /* An empty value removes the component, but a path is always
       * there, empty or not. */
      edit.value = equals[1] != '\0' || edit.part == PART_PATH ? g_strdup (equals + 1) : NULL;
      g_array_append_val (edits, edit);
    }

  data.edits = edits;
  data.template = template;
  data.json = json;
  input = iri_tool_input_new (args, files);
  if (input == NULL)
    return IRI_TOOL_EXIT_USAGE;
  return iri_tool_convert_all (input, parse_cb, &data, NULL);
}
