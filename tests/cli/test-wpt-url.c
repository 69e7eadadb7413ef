/* test-wpt-url.c: the Web Platform Tests URL data through --input=web
 *
 * Every entry of WPT's urltestdata.json (tests/data/wpt-url) goes through
 * what `iri resolve --input=web BASE INPUT | iri to-uri --host=uts46`
 * does (or `iri to-uri --input=web --host=uts46 INPUT` when there is no
 * base), with the public API: RFC 3987bis §6.2 Web Address processing of
 * the input and of the base, the base parsed as an absolute IRI, the
 * input resolved against it (RFC 3986 §5.2, strict), and the result
 * mapped to a URI with UTS #46 for the host (§3.4.2).  The result is
 * compared with the entry's "href"; an entry with "failure": true passes
 * when one of those steps fails.
 *
 * 3987bis is not the WHATWG URL Standard, so many entries differ.  Each
 * difference must be explained by a named category below, with its
 * reason in the specifications; the test fails on any entry that no
 * category explains, so that a regression shows.  A category is not a
 * list of entries but a rule, checked two ways:
 *
 * - a normalization that WHATWG applies and the 3987bis mapping does not
 *   (default ports, dot segments, IPv4 numbers…) is applied to our
 *   result, and must then give exactly WHATWG's;
 * - an input that WHATWG reads differently (a backslash in a non-special
 *   URL, "http:foo", a NUL…) is rewritten to say explicitly what WHATWG
 *   understood, run through the same pipeline again, and must then give
 *   WHATWG's result.
 *
 * What looks like a bug of ours is not given a category: it is fixed
 * (an all-ASCII host's percent-encoded characters were once let through
 * an IDNA mapping that refused them next to a non-ASCII label).  A sample
 * of the entries also runs through the iri tool itself, to show that the
 * tool gives the library pipeline's answers.
 *
 * IRI_TEST_WPT_DUMP=1 prints every entry that differs, with its
 * categories.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <iri.h>

#include "cli-test-util.h"

/* The categories of intended differences.  Their order is the order of
 * the report. */
typedef enum {
  DIFF_EMPTY_PATH,
  DIFF_PORT,
  DIFF_EMPTY_CREDENTIALS,
  DIFF_CASE_AND_HOST_DECODING,
  DIFF_IPV4,
  DIFF_IPV6,
  DIFF_DOT_SEGMENTS,
  DIFF_STRAY_PERCENT,
  DIFF_PERCENT_ENCODE_SETS,
  DIFF_OPAQUE_HOST,
  DIFF_EMPTY_HOST,
  DIFF_PORT_RANGE,
  DIFF_HOST_OCTETS,
  DIFF_SPECIAL_SLASHES,
  DIFF_COLON_FIRST_SEGMENT,
  DIFF_OPAQUE_PATH_BASE,
  DIFF_BACKSLASH,
  DIFF_BRACKETS,
  DIFF_MULTIPLE_AT,
  DIFF_IDNA_DNS_RULES,
  DIFF_IDNA2008_DISALLOWED,
  DIFF_A_LABEL,
  DIFF_FILE,
  DIFF_C0_TRIM,
  DIFF_NUL,
  N_DIFFS,
} Diff;

static const struct {
  const char *name;
  const char *reason;
} diffs[N_DIFFS] = {
  [DIFF_EMPTY_PATH] = { "special-empty-path",
    "WHATWG gives a special URL (http, https, ws, wss, ftp, file) with an empty path the path \"/\"; "
    "the mapping keeps the path as written: \"http://a\" and \"http://a/\" are the same only under "
    "scheme-based normalization (RFC 3986 §6.2.3)." },
  [DIFF_PORT] = { "port-normalization",
    "WHATWG drops an empty port, the scheme's default port (80, 443, 21) and leading zeros; the mapping "
    "keeps the port as written (RFC 3986 §3.2.3 port = *DIGIT), dropping them is scheme-based "
    "normalization (§6.2.3)." },
  [DIFF_EMPTY_CREDENTIALS] = { "empty-credentials",
    "WHATWG drops an empty password (\"user:@\") and an empty userinfo (\"@\", \":@\"); RFC 3986 §6.2.3 "
    "keeps the delimiters of empty components unless the scheme's specification allows otherwise." },
  [DIFF_CASE_AND_HOST_DECODING] = { "case-and-host-decoding",
    "WHATWG lowercases the scheme and a special URL's ASCII host, and percent-decodes that host; the "
    "mapping (3987bis §3.3-§3.6) does neither: that is syntax-based normalization (RFC 3986 §6.2.2.1, "
    "§6.2.2.2), a separate step, and UTS #46 only maps a host that is not ASCII." },
  [DIFF_IPV4] = { "ipv4-numbers",
    "WHATWG reads a special URL's host whose last label is a number as an IPv4 address in decimal, "
    "octal or hex, in one to four parts (\"0x7f.1\", \"192.168.257\", \"1.2.3.4.\"), and writes it in "
    "dotted decimal, or refuses it (\"256.256.256.256\", \"1.2.3.4.5\", \"foo.09\"); RFC 3986 §3.2.2 "
    "takes only four dotted decimal octets as an IPv4address, and anything else as a reg-name." },
  [DIFF_IPV6] = { "ipv6-serialization",
    "WHATWG writes an IPv6 address in its compressed form (RFC 5952: \"[1:0::]\" is \"[1::]\", an "
    "embedded IPv4 address in hex); RFC 3986 keeps the IP literal as written (§6.2.2.1 only makes its "
    "hex digits one case)." },
  [DIFF_DOT_SEGMENTS] = { "dot-segments",
    "WHATWG removes \".\" and \"..\" segments, \"%2e\" spellings included, from every hierarchical path it "
    "parses; RFC 3986 removes them when resolving a reference (§5.2.4), and an input without a base is "
    "parsed, not resolved; a percent-encoded dot is data until normalization (§6.2.2.2, §6.2.2.3)." },
  [DIFF_STRAY_PERCENT] = { "stray-percent",
    "A \"%\" not followed by two hex digits becomes \"%25\" (3987bis §6.2 step 4); WHATWG leaves it, which "
    "makes a string that is not a URI (RFC 3986 §2.1)." },
  [DIFF_PERCENT_ENCODE_SETS] = { "percent-encode-sets",
    "3987bis encodes every character a URI cannot hold, in every component, and nothing else (§3.3, "
    "§6.2 step 3; a second \"#\" too, href-ifragment); WHATWG has a set per component, which leaves "
    "some of those literal (space in an opaque path; \"\"\", \"<\", \">\", \"^\", \"`\", \"{\", \"|\", \"}\" "
    "in some paths, queries and fragments; \"[\", \"\\\", \"]\" there too) and encodes some that a URI "
    "allows (\"'\" in a special URL's query; \":\", \";\", \"=\" in userinfo)." },
  [DIFF_OPAQUE_HOST] = { "opaque-host",
    "WHATWG keeps the host of a non-special URL opaque: percent-encoded, never lowercased or "
    "IDNA-mapped; to-uri --host=uts46 maps every reg-name through UTS #46 as 3987bis §3.4.2 allows, "
    "whatever the scheme (the §3.4.1 percent-encoding mapping gives WHATWG's host)." },
  [DIFF_EMPTY_HOST] = { "empty-host",
    "WHATWG refuses an empty host in a special URL other than file, and an empty host with userinfo or "
    "a port in any URL; RFC 3986 §3.2.2 allows an empty reg-name, with or without them." },
  [DIFF_PORT_RANGE] = { "port-range",
    "WHATWG refuses a port over 65535; RFC 3986 §3.2.3 port = *DIGIT has no bound." },
  [DIFF_HOST_OCTETS] = { "host-octets-not-utf8",
    "WHATWG refuses a host with percent-encoded octets that are not UTF-8 (or a %00); with an IDNA "
    "mapping, 3987bis §3.4.2 converts the characters of a host, so an all-ASCII host's octets that are "
    "no characters have no IDNA form and keep their §3.3 form, as RFC 3986 §3.2.2 allows pct-encoded "
    "octets in a reg-name (a host that also holds a non-ASCII label must go through IDNA, and is "
    "refused)." },
  [DIFF_SPECIAL_SLASHES] = { "special-scheme-slashes",
    "WHATWG reads any number of slashes after a special scheme (\"http:foo\", \"http:/foo\", "
    "\"http:///foo\", \"///foo\" against an http base) as the start of the authority, or as relative to "
    "a base of the same scheme; RFC 3986 §5.2.2 (strict) takes \"http:foo\" as an absolute IRI with a "
    "rootless path, and \"///foo\" as an empty authority." },
  [DIFF_COLON_FIRST_SEGMENT] = { "colon-in-first-segment",
    "WHATWG reads input whose scheme would be empty or not start with a letter (\":foo\", "
    "\"10.0.0.7:8080/x\") as a relative path; RFC 3986 §3.3 and §4.2 require such a path to be written "
    "\"./:foo\", so the input is not an IRI reference." },
  [DIFF_OPAQUE_PATH_BASE] = { "opaque-path-base",
    "WHATWG cannot resolve a reference other than a fragment against a base with an opaque path "
    "(\"sc:sd\", \"about:blank\"); RFC 3986 §5.2 resolves any reference against any absolute IRI." },
  [DIFF_BACKSLASH] = { "backslash-non-special",
    "3987bis §6.2 step 5 turns every backslash before the query into \"/\", whatever the scheme; WHATWG "
    "does that only in special URLs, and keeps a backslash as data in the others." },
  [DIFF_BRACKETS] = { "brackets-outside-host",
    "WHATWG accepts \"[\" and \"]\" in paths, queries and fragments, and encodes them in userinfo; RFC 3986 "
    "§3.2.2 allows them only around an IP literal, and 3987bis §6.2 does not encode them (they are "
    "not in href-ucschar), so the input is not an IRI." },
  [DIFF_MULTIPLE_AT] = { "multiple-at",
    "WHATWG ends the userinfo at the last \"@\" of the authority and encodes the others; RFC 3986 "
    "§3.2.1 userinfo cannot hold \"@\", so the input is not an IRI." },
  [DIFF_IDNA_DNS_RULES] = { "idna-dns-rules",
    "WHATWG's domain to ASCII runs UTS #46 with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength "
    "off, so empty labels, hyphens at a label's edges and ASCII punctuation pass; 3987bis §3.4.2 "
    "maps with the Domain Name Lookup of RFC 5891 §5, and we hold hosts to the DNS rules "
    "(RFC 5890 §2.3.1, RFC 1123 §2.1)." },
  [DIFF_IDNA2008_DISALLOWED] = { "idna2008-disallowed",
    "libidn2 applies IDNA2008's DISALLOWED (RFC 5892) to characters UTS #46 allows, such as U+2603 "
    "SNOWMAN, as the Domain Name Lookup of RFC 5891 §5.4 that 3987bis §3.4.2 names requires; "
    "WHATWG's UTS #46 processing accepts them." },
  [DIFF_A_LABEL] = { "a-label-validity",
    "We refuse an \"xn--\" label that is not a valid A-label (\"xn--\" alone, or one that decodes to "
    "characters UTS #46 maps, as xn--pokxncvks does): RFC 5890 §2.3.2.1, RFC 5891 §5.4; WHATWG's "
    "host parser lets it through." },
  [DIFF_FILE] = { "file-scheme",
    "WHATWG's file state machine reads Windows drive letters (\"C|\" as \"C:\", kept from the base, never "
    "a host), drops the host \"localhost\", gives \"file:\" without slashes an empty host, refuses a "
    "port, and lets \"file:\" alone resolve like an empty reference; RFC 8089 keeps drive letters as "
    "path segments (\"|\" is not a path character), and RFC 3986 resolves every scheme alike." },
  [DIFF_C0_TRIM] = { "c0-control-trim",
    "WHATWG strips every C0 control and space at both ends of the input; 3987bis §6.2 step 1 strips "
    "only space, CR, LF and TAB, and step 3 percent-encodes the other controls." },
  [DIFF_NUL] = { "nul-refused",
    "iri_preprocess() refuses a NUL byte (IRI_ERROR_EMBEDDED_NUL, as it documents), where 3987bis "
    "§6.2 step 3 (href-ucschar has %x0-1F) and WHATWG percent-encode it as %00: the library's "
    "choice, not a difference between the specifications." },
};

/* One test object of the file, or a rewrite of one. */
typedef struct _WptCase WptCase;

struct _WptCase
{
  guint          index;       /* among the test objects, from 0 */
  guint          group;
  const char    *input;
  gsize          input_len;
  const char    *base;        /* NULL for a null base */
  gsize          base_len;
  const char    *href;        /* NULL when WHATWG expects a failure */
  const WptCase *entry;       /* for a rewrite, the entry of the file */
};

/* What the file holds, read once. */
typedef struct {
  GPtrArray *groups;      /* (char *) headings */
  GArray    *cases;       /* WptCase */
  GPtrArray *strings;     /* what the cases point to */
} WptData;

static WptData *wpt_data;

/* json-glib hands out strings as C strings, which would end at a NUL,
 * and 17 entries hold U+0000.  While the file is parsed, U+10FFFD (a
 * private-use character that load_data() checks the file does not
 * hold) stands for it. */
#define NUL_STAND_IN "\xF4\x8F\xBF\xBD"
#define NUL_STAND_IN_ESCAPED "\\uDBFF\\uDFFD"

static char *
escape_nuls (const char *json)
{
  GString *out = g_string_sized_new (strlen (json));

  for (const char *p = json; *p != '\0';)
    {
      /* A backslash only occurs in a JSON string, where it begins an
       * escape; stepping over each whole escape keeps "\\u0000" (an
       * escaped backslash before "u0000") intact. */
      if (p[0] == '\\' && p[1] == 'u' && strncmp (p + 2, "0000", 4) == 0)
        {
          g_string_append (out, NUL_STAND_IN_ESCAPED);
          p += 6;
        }
      else if (p[0] == '\\' && p[1] != '\0')
        {
          g_string_append_len (out, p, 2);
          p += 2;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* A string of the file, with its NULs back. */
static const char *
take_string (WptData    *data,
             const char *text,
             gsize      *out_len)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0';)
    {
      if (strncmp (p, NUL_STAND_IN, 4) == 0)
        {
          g_string_append_c (s, '\0');
          p += 4;
        }
      else
        g_string_append_c (s, *p++);
    }
  *out_len = s->len;
  g_ptr_array_add (data->strings, s->str);
  return g_string_free (s, FALSE);
}

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("IRI_TEST_DATA_DIR");

  if (dir == NULL)
    dir = g_test_get_dir (G_TEST_DIST);
  return g_build_filename (dir, "wpt-url", name, NULL);
}

static WptData *
load_data (void)
{
  g_autofree char *path = data_path ("urltestdata.json");
  g_autofree char *json = NULL;
  g_autofree char *escaped = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  WptData *data = g_new0 (WptData, 1);
  JsonArray *array;
  guint group = 0;

  g_file_get_contents (path, &json, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (json, NUL_STAND_IN));
  g_assert_null (g_strstr_len (json, -1, "\\udbff\\udffd"));
  g_assert_null (g_strstr_len (json, -1, NUL_STAND_IN_ESCAPED));
  escaped = escape_nuls (json);
  json_parser_load_from_data (parser, escaped, -1, &error);
  g_assert_no_error (error);

  data->groups = g_ptr_array_new_with_free_func (g_free);
  data->cases = g_array_new (FALSE, TRUE, sizeof (WptCase));
  data->strings = g_ptr_array_new_with_free_func (g_free);
  /* The entries before the first "# " heading form a group too. */
  g_ptr_array_add (data->groups, g_strdup ("(before the first heading)"));

  array = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object;
      WptCase c = { 0, };

      if (JSON_NODE_HOLDS_VALUE (node))
        {
          /* A heading starts a group; other strings are notes in one. */
          const char *text = json_node_get_string (node);

          if (g_str_has_prefix (text, "# "))
            {
              if (data->cases->len > 0 || data->groups->len > 1)
                group++;
              else
                g_ptr_array_set_size (data->groups, 0);
              g_ptr_array_add (data->groups, g_strdup (text + 2));
            }
          continue;
        }

      object = json_node_get_object (node);
      c.index = data->cases->len;
      c.group = group;
      c.input = take_string (data, json_object_get_string_member (object, "input"), &c.input_len);
      if (!json_object_get_null_member (object, "base"))
        c.base = take_string (data, json_object_get_string_member (object, "base"), &c.base_len);
      if (!json_object_has_member (object, "failure"))
        {
          gsize len;

          c.href = take_string (data, json_object_get_string_member (object, "href"), &len);
        }
      else
        g_assert_true (json_object_get_boolean_member (object, "failure"));
      g_array_append_val (data->cases, c);
    }

  g_assert_cmpuint (data->groups->len, ==, group + 1);
  return data;
}

/* g_set_str() is GLib 2.76; Debian 12 has 2.74. */
static void
replace_str (char       **slot,
             const char  *value)
{
  char *copy = g_strdup (value);

  g_free (*slot);
  *slot = copy;
}

static gboolean
is_special (const char *scheme)
{
  static const char *const special[] = { "http", "https", "ws", "wss", "ftp", "file" };

  for (gsize i = 0; scheme != NULL && i < G_N_ELEMENTS (special); i++)
    {
      if (g_ascii_strcasecmp (scheme, special[i]) == 0)
        return TRUE;
    }
  return FALSE;
}

static int
default_port (const char *scheme)
{
  if (g_ascii_strcasecmp (scheme, "http") == 0 || g_ascii_strcasecmp (scheme, "ws") == 0)
    return 80;
  if (g_ascii_strcasecmp (scheme, "https") == 0 || g_ascii_strcasecmp (scheme, "wss") == 0)
    return 443;
  if (g_ascii_strcasecmp (scheme, "ftp") == 0)
    return 21;
  return -1;
}

/* The scheme that @text starts with (RFC 3986 §3.1), lowercased, or
 * NULL. */
static char *
scheme_of (const char *text)
{
  gsize n = 0;

  if (!g_ascii_isalpha (text[0]))
    return NULL;
  while (g_ascii_isalnum (text[n]) || text[n] == '+' || text[n] == '-' || text[n] == '.')
    n++;
  if (text[n] != ':')
    return NULL;
  return g_ascii_strdown (text, n);
}

/* ------------------------------------------------------------------ */
/* The pipeline */

/* What the pipeline made of one input and base. */
typedef struct {
  char         *input;        /* after §6.2, or NULL */
  char         *base;         /* after §6.2, or NULL */
  IriReference *base_ref;     /* the base parsed, or NULL */
  IriReference *target;       /* the IRI to map, or NULL */
  char         *uri;          /* with UTS #46, or NULL */
  char         *uri_percent;  /* with §3.4.1 percent-encoding, or NULL */
  GError       *error;        /* why uri is NULL */
} Outcome;

static void
outcome_clear (Outcome *o)
{
  g_clear_pointer (&o->input, g_free);
  g_clear_pointer (&o->base, g_free);
  g_clear_pointer (&o->base_ref, iri_reference_unref);
  g_clear_pointer (&o->target, iri_reference_unref);
  g_clear_pointer (&o->uri, g_free);
  g_clear_pointer (&o->uri_percent, g_free);
  g_clear_error (&o->error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Outcome, outcome_clear)

/* What the CLI does: `iri resolve --input=web BASE INPUT | iri to-uri
 * --host=uts46`, or `iri to-uri --input=web --host=uts46 INPUT` for a
 * null base, where the input must be absolute. */
static void
run_pipeline (const char *input,
              gsize       input_len,
              const char *base,
              gsize       base_len,
              Outcome    *o)
{
  memset (o, 0, sizeof *o);

  o->input = iri_preprocess (input, input_len, IRI_PREPROCESS_WEB_ADDRESS, NULL, &o->error);
  if (o->input == NULL)
    return;
  if (base == NULL)
    {
      o->target = iri_reference_parse (o->input, -1, IRI_PARSE_ABSOLUTE, &o->error);
      if (o->target == NULL)
        return;
    }
  else
    {
      g_autoptr(IriReference) reference = NULL;

      o->base = iri_preprocess (base, base_len, IRI_PREPROCESS_WEB_ADDRESS, NULL, &o->error);
      if (o->base == NULL)
        return;
      o->base_ref = iri_reference_parse (o->base, -1, IRI_PARSE_ABSOLUTE, &o->error);
      if (o->base_ref == NULL)
        return;
      reference = iri_reference_parse (o->input, -1, IRI_PARSE_DEFAULT, &o->error);
      if (reference == NULL)
        return;
      o->target = iri_reference_resolve (o->base_ref, reference, IRI_RESOLVE_DEFAULT, &o->error);
      if (o->target == NULL)
        return;
    }
  o->uri = iri_reference_to_uri (o->target, IRI_HOST_MAPPING_UTS46, &o->error);
  o->uri_percent = iri_reference_to_uri (o->target, IRI_HOST_MAPPING_PERCENT, NULL);
}

/* ------------------------------------------------------------------ */
/* What WHATWG's parser and serializer do to a URI that 3987bis leaves
 * alone.  Each step that changes something sets its category. */

typedef enum {
  NORMALIZED,
  WOULD_FAIL,        /* WHATWG refuses this URI */
} NormalizeResult;

static gboolean
is_single_dot (const char *s,
               gsize       n)
{
  return (n == 1 && s[0] == '.') || (n == 3 && g_ascii_strncasecmp (s, "%2e", 3) == 0);
}

static gboolean
is_double_dot (const char *s,
               gsize       n)
{
  return (n == 2 && s[0] == '.' && s[1] == '.') ||
         (n == 4 && ((s[0] == '.' && g_ascii_strncasecmp (s + 1, "%2e", 3) == 0) ||
                     (g_ascii_strncasecmp (s, "%2e", 3) == 0 && s[3] == '.'))) ||
         (n == 6 && g_ascii_strncasecmp (s, "%2e%2e", 6) == 0);
}

/* WHATWG's path state on a path that starts with "/": a ".." segment
 * removes the one before it, "." goes, and either at the end leaves an
 * empty last segment. */
static char *
whatwg_path (const char *path)
{
  g_autoptr(GPtrArray) segments = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  const char *p = path + 1;

  for (;;)
    {
      const char *end = strchr (p, '/');
      gsize n = end != NULL ? (gsize) (end - p) : strlen (p);
      gboolean last = end == NULL;

      if (is_double_dot (p, n))
        {
          if (segments->len > 0)
            g_ptr_array_set_size (segments, segments->len - 1);
          if (last)
            g_ptr_array_add (segments, g_strdup (""));
        }
      else if (is_single_dot (p, n))
        {
          if (last)
            g_ptr_array_add (segments, g_strdup (""));
        }
      else
        g_ptr_array_add (segments, g_strndup (p, n));
      if (last)
        break;
      p = end + 1;
    }

  for (guint i = 0; i < segments->len; i++)
    {
      g_string_append_c (out, '/');
      g_string_append (out, g_ptr_array_index (segments, i));
    }
  return g_string_free (out, FALSE);
}

/* WHATWG's IPv4 number parser: decimal, "0x" hex or "0" octal.  Values
 * too large for any address are clamped, which keeps them too large. */
static gboolean
ipv4_number (const char *s,
             gsize       n,
             guint64    *out)
{
  guint base = 10;
  guint64 value = 0;

  if (n == 0)
    return FALSE;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      s += 2;
      n -= 2;
      base = 16;
    }
  else if (n >= 2 && s[0] == '0')
    {
      s++;
      n--;
      base = 8;
    }
  for (gsize i = 0; i < n; i++)
    {
      int digit = g_ascii_xdigit_value (s[i]);

      if (digit < 0 || (guint) digit >= base)
        return FALSE;
      value = MIN (value * base + digit, G_GUINT64_CONSTANT (1) << 40);
    }
  *out = value;
  return TRUE;
}

/* WHATWG's "ends in a number" checker. */
static gboolean
ends_in_a_number (const char *host)
{
  g_auto(GStrv) labels = g_strsplit (host, ".", -1);
  guint n = g_strv_length (labels);
  const char *last;
  guint64 value;

  if (n > 0 && labels[n - 1][0] == '\0')
    {
      if (n == 1)
        return FALSE;
      n--;
    }
  last = labels[n - 1];
  if (last[0] != '\0' && strspn (last, "0123456789") == strlen (last))
    return TRUE;
  return ipv4_number (last, strlen (last), &value);
}

/* WHATWG's IPv4 parser; NULL when it fails. */
static char *
whatwg_ipv4 (const char *host)
{
  g_auto(GStrv) labels = g_strsplit (host, ".", -1);
  guint n = g_strv_length (labels);
  guint64 numbers[4] = { 0, };
  guint64 address;

  if (n > 1 && labels[n - 1][0] == '\0')
    n--;
  if (n == 0 || n > 4)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      if (!ipv4_number (labels[i], strlen (labels[i]), &numbers[i]))
        return NULL;
      if (i < n - 1 && numbers[i] > 255)
        return NULL;
    }
  if (numbers[n - 1] >= (G_GUINT64_CONSTANT (1) << (8 * (5 - n))))
    return NULL;
  address = numbers[n - 1];
  for (guint i = 0; i < n - 1; i++)
    address += numbers[i] << (8 * (3 - i));
  return g_strdup_printf ("%u.%u.%u.%u", (guint) (address >> 24) & 0xFF, (guint) (address >> 16) & 0xFF,
                          (guint) (address >> 8) & 0xFF, (guint) address & 0xFF);
}

/* WHATWG's IPv6 serializer: lowercase hex without leading zeros, the
 * first longest run of two or more zero pieces as "::". */
static char *
whatwg_ipv6 (const char *literal)
{
  g_autofree char *inner = g_strndup (literal + 1, strlen (literal) - 2);
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (inner);
  GString *out;
  const guint8 *bytes;
  guint16 pieces[8];
  int best = -1, best_len = 1;

  if (address == NULL || g_inet_address_get_family (address) != G_SOCKET_FAMILY_IPV6)
    return NULL;
  bytes = g_inet_address_to_bytes (address);
  for (int i = 0; i < 8; i++)
    pieces[i] = (guint16) (bytes[2 * i] << 8 | bytes[2 * i + 1]);
  for (int i = 0; i < 8;)
    {
      int j = i;

      while (j < 8 && pieces[j] == 0)
        j++;
      if (j - i > best_len)
        {
          best = i;
          best_len = j - i;
        }
      i = j > i ? j : i + 1;
    }

  out = g_string_new ("[");
  for (int i = 0; i < 8; i++)
    {
      if (i == best)
        {
          g_string_append (out, i == 0 ? "::" : ":");
          i += best_len - 1;
          continue;
        }
      g_string_append_printf (out, "%x", pieces[i]);
      if (i < 7)
        g_string_append_c (out, ':');
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* Decodes the %HH of unreserved characters (RFC 3986 §2.3), as far as
 * WHATWG's host parser's decoding matters for an ASCII host. */
static char *
decode_unreserved (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      int hi, lo;

      if (p[0] == '%' && (hi = g_ascii_xdigit_value (p[1])) >= 0 && (lo = g_ascii_xdigit_value (p[2])) >= 0)
        {
          char c = (char) (hi * 16 + lo);

          if (g_ascii_isalnum (c) || (c != '\0' && strchr ("-._~", c) != NULL))
            {
              g_string_append_c (out, c);
              p += 2;
              continue;
            }
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* Applies to @uri (a URI we produced) what WHATWG would do to it, and
 * adds the categories of what changed to @mask.  Returns WOULD_FAIL,
 * adding only the category of the reason, when WHATWG refuses it. */
static NormalizeResult
whatwg_normalize (const char  *uri,
                  char       **out,
                  guint       *mask)
{
  g_autoptr(IriReference) ref = iri_reference_parse (uri, -1, IRI_PARSE_URI, NULL);
  g_autofree char *scheme = NULL;
  g_autofree char *userinfo = NULL;
  g_autofree char *host = NULL;
  g_autofree char *port = NULL;
  g_autofree char *path = NULL;
  GString *s;
  gboolean special;
  guint changed = 0;

  /* We only ever produce URIs. */
  g_assert_nonnull (ref);

  scheme = g_ascii_strdown (iri_reference_get_scheme (ref), -1);
  if (!g_str_equal (scheme, iri_reference_get_scheme (ref)))
    changed |= 1 << DIFF_CASE_AND_HOST_DECODING;
  special = is_special (scheme);
  path = g_strdup (iri_reference_get_path (ref));

  if (iri_reference_get_host (ref) != NULL)
    {
      const char *u = iri_reference_get_userinfo (ref);
      const char *p = iri_reference_get_port (ref);
      IriHostKind kind = iri_reference_get_host_kind (ref);

      if (u != NULL && (u[0] == '\0' || g_str_equal (u, ":")))
        changed |= 1 << DIFF_EMPTY_CREDENTIALS;
      else if (u != NULL && g_str_has_suffix (u, ":") && strchr (u, ':') == u + strlen (u) - 1)
        {
          userinfo = g_strndup (u, strlen (u) - 1);
          changed |= 1 << DIFF_EMPTY_CREDENTIALS;
        }
      else
        userinfo = g_strdup (u);

      host = g_strdup (iri_reference_get_host (ref));
      if (kind == IRI_HOST_IPV6)
        {
          g_autofree char *canonical = whatwg_ipv6 (host);

          if (canonical != NULL && !g_str_equal (canonical, host))
            {
              replace_str (&host, canonical);
              changed |= 1 << DIFF_IPV6;
            }
        }
      else if (special && kind != IRI_HOST_IPVFUTURE)
        {
          g_autofree char *lower = decode_unreserved (host);

          /* The hex digits of a %HH are not the host's letters. */
          for (char *h = lower; *h != '\0'; h++)
            {
              if (h[0] == '%' && g_ascii_isxdigit (h[1]) && g_ascii_isxdigit (h[2]))
                h += 2;
              else
                *h = g_ascii_tolower (*h);
            }

          if (!g_str_equal (lower, host))
            changed |= 1 << DIFF_CASE_AND_HOST_DECODING;
          replace_str (&host, lower);
          if (host[0] != '\0' && ends_in_a_number (host))
            {
              g_autofree char *ipv4 = whatwg_ipv4 (host);

              if (ipv4 == NULL)
                {
                  *mask |= 1 << DIFF_IPV4;
                  return WOULD_FAIL;
                }
              if (!g_str_equal (ipv4, host))
                changed |= 1 << DIFF_IPV4;
              replace_str (&host, ipv4);
            }
        }

      if (host[0] == '\0' &&
          ((special && !g_str_equal (scheme, "file")) || u != NULL || p != NULL))
        {
          *mask |= 1 << DIFF_EMPTY_HOST;
          return WOULD_FAIL;
        }

      if (p != NULL && p[0] == '\0')
        changed |= 1 << DIFF_PORT;
      else if (p != NULL)
        {
          gsize digits = strspn (p, "0");
          guint64 value = 0;

          /* The grammar allows only digits. */
          for (const char *d = p; *d != '\0'; d++)
            value = MIN (value * 10 + (guint64) (*d - '0'), G_GUINT64_CONSTANT (1) << 40);
          if (value > 65535)
            {
              *mask |= 1 << DIFF_PORT_RANGE;
              return WOULD_FAIL;
            }
          if (g_str_equal (scheme, "file"))
            {
              *mask |= 1 << DIFF_FILE;
              return WOULD_FAIL;
            }
          if ((int) value == default_port (scheme) || (digits > 0 && p[1] != '\0'))
            changed |= 1 << DIFF_PORT;
          if ((int) value != default_port (scheme))
            port = g_strdup_printf ("%u", (guint) value);
        }
    }

  if (path[0] == '/')
    {
      g_autofree char *removed = whatwg_path (path);

      /* Without a host, a path that starts with "//" would read as an
       * authority: WHATWG's serializer writes "/." before it. */
      if (host == NULL && g_str_has_prefix (removed, "//"))
        {
          char *dotted = g_strconcat ("/.", removed, NULL);

          g_free (removed);
          removed = dotted;
        }
      if (!g_str_equal (removed, path))
        {
          changed |= 1 << DIFF_DOT_SEGMENTS;
          replace_str (&path, removed);
        }
    }
  if (special && host != NULL && path[0] == '\0')
    {
      changed |= 1 << DIFF_EMPTY_PATH;
      replace_str (&path, "/");
    }

  s = g_string_new (scheme);
  g_string_append_c (s, ':');
  if (host != NULL)
    {
      g_string_append (s, "//");
      if (userinfo != NULL)
        g_string_append_printf (s, "%s@", userinfo);
      g_string_append (s, host);
      if (port != NULL)
        g_string_append_printf (s, ":%s", port);
    }
  g_string_append (s, path);
  if (iri_reference_get_query (ref) != NULL)
    g_string_append_printf (s, "?%s", iri_reference_get_query (ref));
  if (iri_reference_get_fragment (ref) != NULL)
    g_string_append_printf (s, "#%s", iri_reference_get_fragment (ref));
  *out = g_string_free (s, FALSE);
  *mask |= changed;
  return NORMALIZED;
}

/* ------------------------------------------------------------------ */
/* Comparison */

/* The ASCII characters whose percent-encoding WHATWG decides otherwise
 * than 3987bis in some component (see DIFF_PERCENT_ENCODE_SETS): those a
 * URI cannot hold, "#" (3987bis §6.2 encodes a second one in a
 * fragment), "'" (WHATWG's special-query set), and the userinfo
 * delimiters WHATWG's userinfo set adds. */
static const char pct_set_chars[] = " \"#'<>[\\]^`{|}:;=@";

/* How often each of pct_set_chars was found encoded by one side and
 * literal on the other, over the run. */
static guint pct_we_encode[128];
static guint pct_they_encode[128];

static char *
decode_pct_set (const char *text,
                guint       counts[128])
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      int hi, lo;

      if (p[0] == '%' && (hi = g_ascii_xdigit_value (p[1])) >= 0 && (lo = g_ascii_xdigit_value (p[2])) >= 0)
        {
          char c = (char) (hi * 16 + lo);

          if (c != '\0' && strchr (pct_set_chars, c) != NULL)
            {
              g_string_append_c (out, c);
              if (counts != NULL)
                counts[(guchar) c]++;
              p += 2;
              continue;
            }
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static gboolean
has_stray_percent (const char *text,
                   gsize       len)
{
  for (gsize i = 0; text != NULL && i < len; i++)
    {
      if (text[i] == '%' && (i + 2 >= len || !g_ascii_isxdigit (text[i + 1]) || !g_ascii_isxdigit (text[i + 2])))
        return TRUE;
    }
  return FALSE;
}

/* Whether @ours, normalized as WHATWG would, is @c's href; sets the
 * categories that were needed. */
static gboolean
matches_href (const WptCase *c,
              const char    *ours,
              guint         *mask)
{
  g_autofree char *normalized = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  guint needed = 0;

  if (whatwg_normalize (ours, &normalized, &needed) == WOULD_FAIL)
    return FALSE;
  if (g_str_equal (normalized, c->href))
    {
      *mask |= needed;
      return TRUE;
    }

  /* §6.2 step 4 wrote each stray "%" of the input as "%25" (of the
   * input as in the file: a rewrite is made of preprocessed text). */
  if (c->entry != NULL)
    c = c->entry;
  if ((has_stray_percent (c->input, c->input_len) || has_stray_percent (c->base, c->base_len)) &&
      strstr (c->input, "%25") == NULL && (c->base == NULL || strstr (c->base, "%25") == NULL))
    {
      g_auto(GStrv) parts = g_strsplit (normalized, "%25", -1);
      char *joined = g_strjoinv ("%", parts);

      if (!g_str_equal (joined, normalized))
        needed |= 1 << DIFF_STRAY_PERCENT;
      g_free (normalized);
      normalized = joined;
      if (g_str_equal (normalized, c->href))
        {
          *mask |= needed;
          return TRUE;
        }
    }

  a = decode_pct_set (normalized, NULL);
  b = decode_pct_set (c->href, NULL);
  if (!g_str_equal (a, b))
    return FALSE;

  /* Count which characters made the difference, for the report. */
  {
    guint ours_counts[128] = { 0, }, theirs_counts[128] = { 0, };
    g_autofree char *x = decode_pct_set (normalized, ours_counts);
    g_autofree char *y = decode_pct_set (c->href, theirs_counts);

    for (guint i = 0; i < 128; i++)
      {
        if (ours_counts[i] > theirs_counts[i])
          pct_we_encode[i]++;
        else if (ours_counts[i] < theirs_counts[i])
          pct_they_encode[i]++;
      }
  }
  *mask |= needed | 1 << DIFF_PERCENT_ENCODE_SETS;
  return TRUE;
}

typedef enum {
  VERDICT_PASS,
  VERDICT_KNOWN,
  VERDICT_UNEXPECTED,
} Verdict;

/* The effective scheme of an outcome: the input's, or else the base's. */
static char *
outcome_scheme (const Outcome *o)
{
  char *scheme = o->input != NULL ? scheme_of (o->input) : NULL;

  if (scheme == NULL && o->base != NULL)
    scheme = scheme_of (o->base);
  return scheme;
}

/* The host of an href, which need not be a URI ("http://a b/"):
 * between "//" and the path, after the last "@", before a port. */
static char *
href_host (const char *href)
{
  g_autofree char *scheme = scheme_of (href);
  const char *start, *end, *at, *colon;

  if (scheme == NULL || !g_str_has_prefix (href + strlen (scheme) + 1, "//"))
    return NULL;
  start = href + strlen (scheme) + 3;
  end = start + strcspn (start, "/?#");
  at = g_strrstr_len (start, end - start, "@");
  if (at != NULL)
    start = at + 1;
  colon = g_strrstr_len (start, end - start, ":");
  if (colon != NULL && start[0] != '[')
    end = colon;
  return g_strndup (start, end - start);
}

/* RFC 3492 §6.2: the Punycode label @text (without "xn--") decoded to
 * UTF-8, or NULL. */
static char *
punycode_decode (const char *text)
{
  enum { BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700 };
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (gunichar));
  const char *delimiter = strrchr (text, '-');
  const char *p = text;
  guint64 n = 128, i = 0, bias = 72;
  gboolean first = TRUE;

  if (delimiter != NULL)
    {
      for (; p < delimiter; p++)
        {
          gunichar c = (guchar) *p;

          if (c >= 0x80)
            return NULL;
          g_array_append_val (out, c);
        }
      p = delimiter + 1;
    }

  while (*p != '\0')
    {
      guint64 old_i = i, w = 1, delta, k;
      gunichar c;

      for (k = BASE;; k += BASE)
        {
          guint64 digit, t;

          if (*p == '\0')
            return NULL;
          if (g_ascii_isdigit (*p))
            digit = (guint64) (*p - '0') + 26;
          else if (g_ascii_isalpha (*p))
            digit = (guint64) (g_ascii_tolower (*p) - 'a');
          else
            return NULL;
          p++;
          i += digit * w;
          t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
          if (digit < t)
            break;
          w *= BASE - t;
          if (i > 0x10FFFF * (guint64) 1024 || w > 0x10FFFF * (guint64) 1024)
            return NULL;
        }

      /* adapt() */
      delta = first ? (i - old_i) / DAMP : (i - old_i) / 2;
      first = FALSE;
      delta += delta / (out->len + 1);
      for (k = 0; delta > ((BASE - TMIN) * TMAX) / 2; k += BASE)
        delta /= BASE - TMIN;
      bias = k + (BASE - TMIN + 1) * delta / (delta + SKEW);

      n += i / (out->len + 1);
      i %= out->len + 1;
      if (n > 0x10FFFF)
        return NULL;
      c = (gunichar) n;
      g_array_insert_val (out, i, c);
      i++;
    }

  return g_ucs4_to_utf8 ((const gunichar *) out->data, out->len, NULL, NULL, NULL);
}

/* Whether the A-labels of @theirs are the labels of @ours (a host with
 * percent-encoded UTF-8), label by label: that WHATWG's host is ours,
 * converted. */
static gboolean
same_host_as_a_labels (const char *ours,
                       const char *theirs)
{
  g_auto(GStrv) a = g_strsplit (ours, ".", -1);
  g_auto(GStrv) b = g_strsplit (theirs, ".", -1);

  if (g_strv_length (a) != g_strv_length (b))
    return FALSE;
  for (guint i = 0; a[i] != NULL; i++)
    {
      g_autofree char *decoded = g_uri_unescape_string (a[i], NULL);
      g_autofree char *unicode = g_ascii_strncasecmp (b[i], "xn--", 4) == 0 ? punycode_decode (b[i] + 4)
                                                                             : g_strdup (b[i]);
      g_autofree char *x = NULL;
      g_autofree char *y = NULL;

      if (decoded == NULL || unicode == NULL)
        return FALSE;
      x = g_utf8_casefold (decoded, -1);
      y = g_utf8_casefold (unicode, -1);
      if (!g_str_equal (x, y))
        return FALSE;
    }
  return TRUE;
}

/* Checks one outcome against @c without rewriting anything. */
static gboolean
outcome_explained (const WptCase *c,
                   const Outcome *o,
                   guint         *mask)
{
  g_autofree char *scheme = outcome_scheme (o);

  if (c->href == NULL)
    {
      g_autofree char *normalized = NULL;
      const char *host;
      guint would_fail = 0;

      if (o->uri == NULL)
        return TRUE;
      if (whatwg_normalize (o->uri, &normalized, &would_fail) == WOULD_FAIL)
        {
          *mask |= would_fail;
          return TRUE;
        }

      /* A percent-encoded octet in the host: either a character §6.2
       * step 3 encoded, or one the input encoded. */
      {
        g_autoptr(IriReference) ref = iri_reference_parse (o->uri, -1, IRI_PARSE_URI, NULL);

        host = ref != NULL ? iri_reference_get_host (ref) : NULL;
        if (host != NULL && strchr (host, '%') != NULL)
          {
            *mask |= 1 << DIFF_HOST_OCTETS;
            return TRUE;
          }
      }

      /* A relative reference against a base with an opaque path. */
      if (o->base_ref != NULL && iri_reference_get_host (o->base_ref) == NULL &&
          iri_reference_get_path (o->base_ref)[0] != '/')
        {
          g_autofree char *input_scheme = scheme_of (o->input);

          if (input_scheme == NULL && o->input[0] != '#')
            {
              *mask |= 1 << DIFF_OPAQUE_PATH_BASE;
              return TRUE;
            }
        }
      return FALSE;
    }

  if (o->uri != NULL && matches_href (c, o->uri, mask))
    return TRUE;

  /* A non-special URL's host is opaque to WHATWG: what the §3.4.1
   * mapping gives. */
  if (o->uri_percent != NULL && !is_special (scheme))
    {
      guint m = 1 << DIFF_OPAQUE_HOST;

      if (matches_href (c, o->uri_percent, &m))
        {
          *mask |= m;
          return TRUE;
        }
    }

  /* UTS #46 refused a special URL's host that WHATWG takes: the rest of
   * the URI must be WHATWG's, and the host must break a rule that
   * WHATWG does not apply. */
  if (o->uri == NULL && o->uri_percent != NULL &&
      g_error_matches (o->error, IRI_ERROR, IRI_ERROR_IDNA) && is_special (scheme))
    {
      g_autoptr(IriReference) ref = iri_reference_parse (o->uri_percent, -1, IRI_PARSE_URI, NULL);
      const char *host = ref != NULL ? iri_reference_get_host (ref) : NULL;
      g_autofree char *theirs = href_host (c->href);
      g_auto(GStrv) labels = NULL;
      guint n;
      guint m = 0;

      if (host == NULL || theirs == NULL)
        return FALSE;
      labels = g_strsplit (host, ".", -1);
      n = g_strv_length (labels);
      if (n > 1 && labels[n - 1][0] == '\0')
        n--;
      for (guint i = 0; i < n; i++)
        {
          const char *label = labels[i];
          gsize len = strlen (label);

          if (g_ascii_strncasecmp (label, "xn--", 4) == 0)
            m |= 1 << DIFF_A_LABEL;
          else if (len == 0 || label[0] == '-' || label[len - 1] == '-' ||
                   strspn (label, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-%") != len)
            m |= 1 << DIFF_IDNA_DNS_RULES;
          else if (strchr (label, '%') != NULL && same_host_as_a_labels (host, theirs))
            m |= 1 << DIFF_IDNA2008_DISALLOWED;
        }

      if (m & (1 << DIFF_IDNA2008_DISALLOWED))
        {
          /* WHATWG's host is ours through Punycode: compare the rest. */
          const char *at = strstr (strstr (o->uri_percent, "//") + 2, host);
          g_autofree char *prefix = g_strndup (o->uri_percent, at - o->uri_percent);
          g_autofree char *with_theirs = g_strconcat (prefix, theirs, at + strlen (host), NULL);

          if (matches_href (c, with_theirs, &m))
            {
              *mask |= m;
              return TRUE;
            }
        }
      else if (m != 0 && matches_href (c, o->uri_percent, &m))
        {
          *mask |= m;
          return TRUE;
        }
    }

  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Rewrites: the input as WHATWG understood it, written so that the
 * pipeline reads it the same way. */

typedef struct {
  Diff  diff;
  /* Returns the rewritten raw input and base (either may be unchanged
   * copies), or FALSE when the rewrite does not apply. */
  gboolean (*rewrite) (const WptCase *c,
                       const Outcome *o,
                       char         **input,
                       gsize         *input_len,
                       char         **base,
                       gsize         *base_len);
} Rewrite;

static char *
replace_all (const char *text,
             gsize       len,
             const char *from,
             gsize       from_len,
             const char *to,
             gsize      *out_len)
{
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < len;)
    {
      if (i + from_len <= len && memcmp (text + i, from, from_len) == 0)
        {
          g_string_append (out, to);
          i += from_len;
        }
      else
        g_string_append_c (out, text[i++]);
    }
  *out_len = out->len;
  return g_string_free (out, FALSE);
}

static gboolean
rewrite_nul (const WptCase *c,
             const Outcome *o,
             char         **input,
             gsize         *input_len,
             char         **base,
             gsize         *base_len)
{
  if (!g_error_matches (o->error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL))
    return FALSE;
  *input = replace_all (c->input, c->input_len, "", 1, "%00", input_len);
  if (c->base != NULL)
    *base = replace_all (c->base, c->base_len, "", 1, "%00", base_len);
  return TRUE;
}

/* WHATWG strips every C0 control and space at both ends; §6.2 step 1
 * only space, CR, LF and TAB. */
static char *
strip_c0 (const char *text,
          gsize       len,
          gsize      *out_len)
{
  gsize start = 0, end = len;

  while (start < end && (guchar) text[start] <= 0x20)
    start++;
  while (end > start && (guchar) text[end - 1] <= 0x20)
    end--;
  *out_len = end - start;
  return g_strndup (text + start, end - start);
}

static gboolean
has_c0_edge (const char *text,
             gsize       len)
{
  /* Tabs and newlines are §6.2's to strip. */
  return text != NULL && len > 0 &&
         (((guchar) text[0] < 0x20 && text[0] != '\t' && text[0] != '\n' && text[0] != '\r') ||
          ((guchar) text[len - 1] < 0x20 && text[len - 1] != '\t' && text[len - 1] != '\n' &&
           text[len - 1] != '\r'));
}

static gboolean
rewrite_c0_trim (const WptCase *c,
                 const Outcome *o,
                 char         **input,
                 gsize         *input_len,
                 char         **base,
                 gsize         *base_len)
{
  if (!has_c0_edge (c->input, c->input_len) && !has_c0_edge (c->base, c->base_len))
    return FALSE;
  *input = strip_c0 (c->input, c->input_len, input_len);
  if (c->base != NULL)
    *base = strip_c0 (c->base, c->base_len, base_len);
  return TRUE;
}

/* In a non-special URL, a backslash is data: "%5C" says so. */
static gboolean
rewrite_backslash (const WptCase *c,
                   const Outcome *o,
                   char         **input,
                   gsize         *input_len,
                   char         **base,
                   gsize         *base_len)
{
  g_autofree char *scheme = outcome_scheme (o);

  if (scheme == NULL || is_special (scheme) ||
      (memchr (c->input, '\\', c->input_len) == NULL &&
       (c->base == NULL || memchr (c->base, '\\', c->base_len) == NULL)))
    return FALSE;
  *input = replace_all (c->input, c->input_len, "\\", 1, "%5C", input_len);
  if (c->base != NULL)
    *base = replace_all (c->base, c->base_len, "\\", 1, "%5C", base_len);
  return TRUE;
}

/* "http:foo", "http:/foo", "http:///foo": relative to a base of the same
 * scheme, or else "http://foo"; "///foo" against such a base: "//foo".
 * (file has its own state machine, DIFF_FILE.) */
static gboolean
rewrite_special_slashes (const WptCase *c,
                         const Outcome *o,
                         char         **input,
                         gsize         *input_len,
                         char         **base,
                         gsize         *base_len)
{
  g_autofree char *scheme = NULL;
  g_autofree char *base_scheme = NULL;
  const char *rest;
  gsize slashes;

  if (o->input == NULL)
    return FALSE;
  scheme = scheme_of (o->input);
  base_scheme = o->base != NULL ? scheme_of (o->base) : NULL;

  if (scheme != NULL)
    {
      if (!is_special (scheme) || g_str_equal (scheme, "file"))
        return FALSE;
      rest = o->input + strlen (scheme) + 1;
      slashes = strspn (rest, "/");
      if (slashes == 2)
        return FALSE;
      if (base_scheme != NULL && g_str_equal (base_scheme, scheme))
        *input = g_strdup (rest);
      else
        *input = g_strconcat (scheme, "://", rest + slashes, NULL);
    }
  else
    {
      slashes = strspn (o->input, "/");
      if (slashes < 3 || !is_special (base_scheme) || g_str_equal (base_scheme, "file"))
        return FALSE;
      *input = g_strconcat ("//", o->input + slashes, NULL);
    }
  *input_len = strlen (*input);
  if (c->base != NULL)
    {
      *base = g_memdup2 (c->base, c->base_len + 1);
      *base_len = c->base_len;
    }
  return TRUE;
}

/* ":foo" is the relative path "./:foo". */
static gboolean
rewrite_colon_first_segment (const WptCase *c,
                             const Outcome *o,
                             char         **input,
                             gsize         *input_len,
                             char         **base,
                             gsize         *base_len)
{
  g_autofree char *scheme = NULL;
  gsize first = o->input != NULL ? strcspn (o->input, "/?#") : 0;

  if (o->input == NULL || c->base == NULL || memchr (o->input, ':', first) == NULL)
    return FALSE;
  scheme = scheme_of (o->input);
  if (scheme != NULL)
    return FALSE;
  *input = g_strconcat ("./", o->input, NULL);
  *input_len = strlen (*input);
  *base = g_memdup2 (c->base, c->base_len + 1);
  *base_len = c->base_len;
  return TRUE;
}

/* The end of the authority of @text (after "//"), or 0 if none. */
static gsize
authority_bounds (const char *text,
                  gsize      *start)
{
  const char *p = strstr (text, "//");
  g_autofree char *scheme = scheme_of (text);
  gsize offset = scheme != NULL ? strlen (scheme) + 1 : 0;

  if (p == NULL || (gsize) (p - text) != offset)
    return 0;
  *start = offset + 2;
  return *start + strcspn (text + *start, "/?#");
}

/* "[" and "]" outside the host, as "%5B" and "%5D". */
static gboolean
rewrite_brackets (const WptCase *c,
                  const Outcome *o,
                  char         **input,
                  gsize         *input_len,
                  char         **base,
                  gsize         *base_len)
{
  GString *out;
  gsize start = 0, end, host_start = 0;
  gboolean changed = FALSE;

  if (o->input == NULL || o->uri != NULL || o->target != NULL)
    return FALSE;
  end = authority_bounds (o->input, &start);
  if (end > 0)
    {
      const char *at = g_strrstr_len (o->input + start, end - start, "@");

      host_start = at != NULL ? (gsize) (at + 1 - o->input) : start;
    }

  out = g_string_new (NULL);
  for (gsize i = 0; o->input[i] != '\0'; i++)
    {
      char ch = o->input[i];
      gboolean in_host = end > 0 && i >= host_start && i < end;

      if ((ch == '[' || ch == ']') && !in_host)
        {
          g_string_append (out, ch == '[' ? "%5B" : "%5D");
          changed = TRUE;
        }
      else
        g_string_append_c (out, ch);
    }
  if (!changed)
    {
      g_string_free (out, TRUE);
      return FALSE;
    }
  *input_len = out->len;
  *input = g_string_free (out, FALSE);
  if (c->base != NULL)
    {
      *base = g_memdup2 (c->base, c->base_len + 1);
      *base_len = c->base_len;
    }
  return TRUE;
}

/* Every "@" of the authority but the last, as "%40". */
static gboolean
rewrite_multiple_at (const WptCase *c,
                     const Outcome *o,
                     char         **input,
                     gsize         *input_len,
                     char         **base,
                     gsize         *base_len)
{
  GString *out;
  gsize start = 0, end;
  const char *last;

  if (o->input == NULL || o->target != NULL)
    return FALSE;
  end = authority_bounds (o->input, &start);
  if (end == 0)
    return FALSE;
  last = g_strrstr_len (o->input + start, end - start, "@");
  if (last == NULL || memchr (o->input + start, '@', last - (o->input + start)) == NULL)
    return FALSE;

  out = g_string_new (NULL);
  for (gsize i = 0; o->input[i] != '\0'; i++)
    {
      if (o->input[i] == '@' && i >= start && o->input + i < last)
        g_string_append (out, "%40");
      else
        g_string_append_c (out, o->input[i]);
    }
  *input_len = out->len;
  *input = g_string_free (out, FALSE);
  if (c->base != NULL)
    {
      *base = g_memdup2 (c->base, c->base_len + 1);
      *base_len = c->base_len;
    }
  return TRUE;
}

static const Rewrite rewrites[] = {
  { DIFF_C0_TRIM, rewrite_c0_trim },
  { DIFF_NUL, rewrite_nul },
  { DIFF_BACKSLASH, rewrite_backslash },
  { DIFF_SPECIAL_SLASHES, rewrite_special_slashes },
  { DIFF_COLON_FIRST_SEGMENT, rewrite_colon_first_segment },
  { DIFF_MULTIPLE_AT, rewrite_multiple_at },
  { DIFF_BRACKETS, rewrite_brackets },
};

/* Explains @c's outcome @o, with at most @depth more rewrites among
 * those not yet in @used. */
static gboolean
explain (const WptCase *c,
         const Outcome *o,
         guint          used,
         guint          depth,
         guint         *mask)
{
  guint m = used;

  if (outcome_explained (c, o, &m))
    {
      *mask = m;
      return TRUE;
    }
  if (depth == 0)
    return FALSE;

  for (gsize i = 0; i < G_N_ELEMENTS (rewrites); i++)
    {
      g_autofree char *input = NULL;
      g_autofree char *base = NULL;
      gsize input_len = 0, base_len = 0;
      g_auto(Outcome) again = { 0, };
      WptCase rewritten = *c;

      if (used & (1 << rewrites[i].diff))
        continue;
      if (!rewrites[i].rewrite (c, o, &input, &input_len, &base, &base_len))
        continue;

      rewritten.entry = c->entry != NULL ? c->entry : c;
      rewritten.input = input;
      rewritten.input_len = input_len;
      rewritten.base = base;
      rewritten.base_len = base_len;
      run_pipeline (input, input_len, base, base_len, &again);
      if (explain (&rewritten, &again, used | 1 << rewrites[i].diff, depth - 1, mask))
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* file: */

/* WHATWG's file state machine differs in too many ways to rewrite each
 * (drive letters from the base, "C|", "localhost", "file:" against a
 * file base), so it is a rule on the input: the URL is a file URL, and
 * the input or the base has one of the features WHATWG treats apart. */
static gboolean
has_drive_letter (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    {
      if (g_ascii_isalpha (p[0]) && (p[1] == ':' || p[1] == '|') &&
          (p == text || p[-1] == '/') && (p[2] == '\0' || strchr ("/?#", p[2]) != NULL))
        return TRUE;
    }
  return FALSE;
}

static gboolean
file_quirk (const Outcome *o)
{
  g_autofree char *scheme = outcome_scheme (o);
  g_autofree char *input_scheme = NULL;
  g_autofree char *lower = NULL;

  if (scheme == NULL || !g_str_equal (scheme, "file") || o->input == NULL)
    return FALSE;
  input_scheme = scheme_of (o->input);
  lower = g_ascii_strdown (o->input, -1);

  /* "file:" not followed by "//". */
  if (input_scheme != NULL && !g_str_has_prefix (o->input + 5, "//"))
    return TRUE;
  /* A drive letter, in the input or the base (also percent-encoded
   * "|"), or the host "localhost". */
  {
    g_autofree char *unbarred = replace_all (o->input, strlen (o->input), "%7C", 3, "|", &(gsize) { 0 });

    if (has_drive_letter (unbarred) || has_drive_letter (o->base))
      return TRUE;
  }
  if (strstr (lower, "//localhost") != NULL)
    return TRUE;
  if (o->uri != NULL)
    {
      g_autoptr(IriReference) ref = iri_reference_parse (o->uri, -1, IRI_PARSE_URI, NULL);

      if (ref != NULL && iri_reference_get_host (ref) != NULL &&
          g_ascii_strcasecmp (iri_reference_get_host (ref), "localhost") == 0)
        return TRUE;
    }
  return FALSE;
}

/* How deep rewrites may nest: a backslash, then a second "@", then a
 * bracket in the same userinfo. */
#define MAX_REWRITES 3

static Verdict
classify (const WptCase *c,
          Outcome       *o,
          guint         *mask)
{
  *mask = 0;
  run_pipeline (c->input, c->input_len, c->base, c->base_len, o);

  if (c->href == NULL ? o->uri == NULL : g_strcmp0 (o->uri, c->href) == 0)
    return VERDICT_PASS;

  if (explain (c, o, 0, MAX_REWRITES, mask))
    return VERDICT_KNOWN;

  if (file_quirk (o))
    {
      *mask = 1 << DIFF_FILE;
      return VERDICT_KNOWN;
    }

  return VERDICT_UNEXPECTED;
}

/* For messages: @text with controls escaped. */
static char *
show (const char *text,
      gsize       len)
{
  GString *out;

  if (text == NULL)
    return g_strdup ("(null)");
  out = g_string_new ("\"");
  for (gsize i = 0; i < len; i++)
    {
      guchar ch = (guchar) text[i];

      if (ch < 0x20 || ch == 0x7F)
        g_string_append_printf (out, "\\x%02X", ch);
      else if (ch == '"' || ch == '\\')
        g_string_append_printf (out, "\\%c", ch);
      else
        g_string_append_c (out, (char) ch);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

static char *
describe_outcome (const Outcome *o)
{
  if (o->uri != NULL)
    return show (o->uri, strlen (o->uri));
  return g_strdup_printf ("failure (%s)", o->error != NULL ? o->error->message : "?");
}

typedef struct {
  guint total, pass, known, unexpected;
} Counts;

static void
test_library (void)
{
  WptData *data = wpt_data;
  g_autofree Counts *groups = g_new0 (Counts, data->groups->len);
  Counts all = { 0, };
  guint per_diff[N_DIFFS] = { 0, };
  guint only_diff[N_DIFFS] = { 0, };
  g_autoptr(GString) unexpected = g_string_new (NULL);
  gboolean dump = g_getenv ("IRI_TEST_WPT_DUMP") != NULL;

  g_test_summary ("Every entry of WPT urltestdata.json passes through --input=web, resolution and "
                  "to-uri --host=uts46, or differs for a named reason, an intended difference");

  memset (pct_we_encode, 0, sizeof pct_we_encode);
  memset (pct_they_encode, 0, sizeof pct_they_encode);

  for (guint i = 0; i < data->cases->len; i++)
    {
      const WptCase *c = &g_array_index (data->cases, WptCase, i);
      Counts *g = &groups[c->group];
      g_auto(Outcome) o = { 0, };
      guint mask = 0;
      Verdict verdict = classify (c, &o, &mask);
      g_autofree char *input = show (c->input, c->input_len);
      g_autofree char *base = show (c->base, c->base_len);
      g_autofree char *expected = c->href != NULL ? show (c->href, strlen (c->href)) : g_strdup ("failure");
      g_autofree char *actual = describe_outcome (&o);

      g->total++;
      all.total++;
      switch (verdict)
        {
        case VERDICT_PASS:
          g->pass++;
          all.pass++;
          break;
        case VERDICT_KNOWN:
          g->known++;
          all.known++;
          for (guint d = 0; d < N_DIFFS; d++)
            {
              if (mask & (1 << d))
                per_diff[d]++;
              if (mask == 1u << d)
                only_diff[d]++;
            }
          if (dump)
            {
              g_autoptr(GString) names = g_string_new (NULL);

              for (guint d = 0; d < N_DIFFS; d++)
                {
                  if (mask & (1 << d))
                    g_string_append_printf (names, "%s%s", names->len > 0 ? "," : "", diffs[d].name);
                }
              g_test_message ("known %u: %s base %s: expected %s, got %s [%s]",
                              c->index, input, base, expected, actual, names->str);
            }
          break;
        case VERDICT_UNEXPECTED:
        default:
          g->unexpected++;
          all.unexpected++;
          g_string_append_printf (unexpected, "  entry %u (group “%s”): input %s base %s: expected %s, got %s\n",
                                  c->index, (char *) g_ptr_array_index (data->groups, c->group),
                                  input, base, expected, actual);
          break;
        }
    }

  /* The counts first, so that the columns line up whatever the
   * length of the headings. */
  g_test_message ("total  pass known unexp  group");
  for (guint i = 0; i < data->groups->len; i++)
    g_test_message ("%5u %5u %5u %5u  %s", groups[i].total, groups[i].pass, groups[i].known,
                    groups[i].unexpected, (char *) g_ptr_array_index (data->groups, i));
  g_test_message ("%5u %5u %5u %5u  all", all.total, all.pass, all.known, all.unexpected);

  g_test_message ("known differences by category (an entry can need several; “alone”: entries it explains by itself):");
  for (guint d = 0; d < N_DIFFS; d++)
    g_test_message ("  %-27s %4u (alone %3u): %s", diffs[d].name, per_diff[d], only_diff[d], diffs[d].reason);

  {
    g_autoptr(GString) we = g_string_new (NULL);
    g_autoptr(GString) they = g_string_new (NULL);

    for (guint ch = 0; ch < 128; ch++)
      {
        if (pct_we_encode[ch] > 0)
          g_string_append_printf (we, " %c", ch);
        if (pct_they_encode[ch] > 0)
          g_string_append_printf (they, " %c", ch);
      }
    g_test_message ("percent-encode-sets: encoded here, literal in WHATWG's href:%s; the other way round:%s",
                    we->str, they->str);
  }

  if (unexpected->len > 0)
    g_test_message ("entries no category explains:\n%s", unexpected->str);

  g_assert_cmpuint (all.total, ==, 891);
  g_assert_cmpuint (all.unexpected, ==, 0);
  /* A category that explains nothing is out of date. */
  for (guint d = 0; d < N_DIFFS; d++)
    g_assert_cmpuint (per_diff[d], >, 0);
}

/* Whether the tool can be given @c as arguments and read it as
 * run_pipeline() does. */
static gboolean
cli_can_run (const WptCase *c,
             const Outcome *o)
{
  /* Arguments cannot hold a NUL, and one that starts with "-" would be
   * "-" (standard input) or an option. */
  if (strlen (c->input) != c->input_len || c->input[0] == '-' ||
      (c->base != NULL && strlen (c->base) != c->base_len))
    return FALSE;

  /* to-uri reads a reference; the pipeline wants an absolute IRI when
   * there is no base.  They agree where the input is absolute or not a
   * reference at all. */
  if (c->base == NULL && o->input != NULL)
    {
      g_autoptr(IriReference) any = iri_reference_parse (o->input, -1, IRI_PARSE_DEFAULT, NULL);

      if (any != NULL && !iri_reference_is_absolute (any))
        return FALSE;
    }
  return TRUE;
}

/* What the tool gives for @c, or NULL when it fails. */
static char *
run_cli (const WptCase *c)
{
  g_auto(Run) run = { 0, };
  char *result = NULL;

  if (c->base == NULL)
    {
      run_tool (&run, NULL, 0, "to-uri", "--input=web", "--host=uts46", "--", c->input, NULL);
      if (run.status == 0)
        result = g_strdup (run.out);
      else
        g_assert_cmpint (run.status, ==, 1);
    }
  else
    {
      run_tool (&run, NULL, 0, "resolve", "--input=web", "--", c->base, c->input, NULL);
      if (run.status == 0)
        {
          g_auto(Run) second = { 0, };

          /* The pipe: resolve's output is to-uri's input. */
          run_tool (&second, run.out, run.out_len, "to-uri", "--host=uts46", NULL);
          if (second.status == 0)
            result = g_strdup (second.out);
          else
            {
              /* A failure of the second step is its empty line. */
              g_assert_cmpint (second.status, ==, 1);
              g_assert_cmpstr (second.out, ==, "\n");
              return NULL;
            }
        }
      else
        g_assert_cmpint (run.status, ==, 1);
    }

  /* One line of output per input, an empty one for a failure. */
  if (result != NULL)
    {
      g_assert_true (g_str_has_suffix (result, "\n"));
      result[strlen (result) - 1] = '\0';
    }
  else
    g_assert_cmpstr (run.out, ==, "\n");
  return result;
}

/* The tool gives the library pipeline's answers: `iri resolve
 * --input=web BASE INPUT | iri to-uri --host=uts46` (or `iri to-uri
 * --input=web --host=uts46 INPUT`) on a sample of the entries: from
 * every 45th, the first that the tool can be given, and from 22 entries
 * further on, the first not yet taken on which the pipeline fails. */
static void
test_cli_sample (void)
{
  WptData *data = wpt_data;
  guint sampled = 0, failures = 0;
  guint next = 0;   /* where the search for a failure may start */

  g_test_summary ("iri resolve --input=web | iri to-uri --host=uts46 gives the library pipeline's results");

  for (guint i = 0; i < data->cases->len; i += 45)
    {
      for (guint want_failure = 0; want_failure <= 1; want_failure++)
        {
          for (guint j = want_failure ? MAX (i + 22, next) : i; j < data->cases->len; j++)
            {
              const WptCase *c = &g_array_index (data->cases, WptCase, j);
              g_auto(Outcome) o = { 0, };
              g_autofree char *cli = NULL;

              run_pipeline (c->input, c->input_len, c->base, c->base_len, &o);
              if (!cli_can_run (c, &o) || (want_failure && o.uri != NULL))
                continue;

              cli = run_cli (c);
              g_test_message ("entry %u: library %s, iri %s", c->index, o.uri != NULL ? o.uri : "(failure)",
                              cli != NULL ? cli : "(failure)");
              g_assert_cmpstr (cli, ==, o.uri);
              sampled++;
              failures += cli == NULL;
              if (want_failure)
                next = j + 1;
              break;
            }
        }
    }

  g_assert_cmpuint (sampled, >=, 35);
  g_assert_cmpuint (failures, >=, 15);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* The report quotes non-ASCII text (LC_ALL is pinned to C.UTF-8). */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  wpt_data = load_data ();

  g_test_add_func ("/iri-tool/wpt-url/pipeline", test_library);
  g_test_add_func ("/iri-tool/wpt-url/tool-sample", test_cli_sample);

  status = g_test_run ();

  g_ptr_array_unref (wpt_data->groups);
  g_array_unref (wpt_data->cases);
  g_ptr_array_unref (wpt_data->strings);
  g_free (wpt_data);
  return status;
}
