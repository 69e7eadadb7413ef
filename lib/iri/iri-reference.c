/* iri-reference.c: a parsed IRI reference (RFC 3987bis §2.2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-error.h"
#include "iri-reference.h"
#include "iri-reference-private.h"
#include "iri-utf8-private.h"

/**
 * IriReference:
 *
 * An IRI reference split into its components (RFC 3987bis §2.2).
 *
 * A reference keeps the text exactly as it was given, in logical order,
 * and the span of each component in bytes and in code points.
 * Components are returned as written: percent-encodings are not decoded
 * and an IP literal keeps its brackets.
 *
 * There are two ways to parse.  [func@Iri.Reference.parse] is strict: it
 * fails with a [error@Iri.Error] that names the component and quotes the
 * input as soon as the text breaks the grammar or contains a character an
 * IRI must not contain.  [func@Iri.Reference.parse_tolerant] never fails:
 * it returns the best split it can make together with `syntax-*` and
 * repertoire diagnostics, which is what an editor needs while the user is
 * halfway through typing `http://[::1`.  On valid input both give the
 * same components.
 *
 * References are immutable and reference counted, like `GUri`.
 *
 * Since: 0.1
 */

struct _IriReference
{
  gatomicrefcount  ref_count;

  gsize            length;
  gsize            n_chars;
  IriSpan          spans[IRI_N_STORED_COMPONENTS];
  const char      *strings[IRI_N_STORED_COMPONENTS];
  guint32          present;        /* bit (1 << IriComponent) */
  IriHostKind      host_kind;
  gint             port_number;
  GPtrArray       *diagnostics;    /* (element-type IriDiagnostic) (nullable) */

  guint            is_ascii : 1;
  guint            valid : 1;

  char             buffer[];       /* the text, then a copy of each component */
};

G_DEFINE_BOXED_TYPE (IriReference, iri_reference, iri_reference_ref, iri_reference_unref)

#define HAS(present, component) (((present) >> (component)) & 1)

typedef struct
{
  const char     *text;
  gsize           length;
  IriParseFlags   flags;
  gboolean        strict;
  gboolean        is_ascii;

  IriSpan         spans[IRI_N_STORED_COMPONENTS];
  guint32         present;
  IriHostKind     host_kind;
  gint            port_number;

  IriDiagnostics  diagnostics;
  gboolean        failed;          /* an error-severity finding was made */
  gboolean        replaced_invalid_utf8;
  GError         *error;           /* strict mode: the first one */

  /* A run of consecutive offending characters that share a code is
   * reported once ("U+0020 SPACE (3 times)…"). */
  IriRun          run;
} Parser;

static IriError
error_code_for (const char   *code,
                IriComponent  component)
{
  if (g_str_equal (code, "invalid-utf8"))
    return IRI_ERROR_INVALID_UTF8;
  if (g_str_equal (code, "nul-character"))
    return IRI_ERROR_EMBEDDED_NUL;
  if (g_str_equal (code, "syntax-missing-scheme"))
    return IRI_ERROR_NOT_ABSOLUTE;
  if (g_str_equal (code, "bidi-formatting-character") ||
      g_str_equal (code, "control-character") ||
      g_str_equal (code, "noncharacter"))
    return IRI_ERROR_BAD_CHARACTER;

  switch (component)
    {
    case IRI_COMPONENT_SCHEME:
      return IRI_ERROR_BAD_SCHEME;
    case IRI_COMPONENT_USERINFO:
      return IRI_ERROR_BAD_USERINFO;
    case IRI_COMPONENT_HOST:
    case IRI_COMPONENT_HOST_LABEL:
      return IRI_ERROR_BAD_HOST;
    case IRI_COMPONENT_PORT:
      return IRI_ERROR_BAD_PORT;
    case IRI_COMPONENT_PATH:
    case IRI_COMPONENT_PATH_SEGMENT:
    case IRI_COMPONENT_PATH_EXTENSION:
      return IRI_ERROR_BAD_PATH;
    case IRI_COMPONENT_QUERY:
    case IRI_COMPONENT_QUERY_NAME:
    case IRI_COMPONENT_QUERY_VALUE:
      return IRI_ERROR_BAD_QUERY;
    case IRI_COMPONENT_FRAGMENT:
      return IRI_ERROR_BAD_FRAGMENT;
    case IRI_COMPONENT_IRI:
    case IRI_COMPONENT_AUTHORITY:
    default:
      return IRI_ERROR_FAILED;
    }
}

static void
parser_report (Parser        *parser,
               IriDiagnostic *diagnostic)
{
  if (iri_diagnostic_get_severity (diagnostic) == IRI_SEVERITY_ERROR && !parser->failed)
    {
      parser->failed = TRUE;
      if (parser->strict)
        {
          g_autoptr(GString) quoted = g_string_new (NULL);

          iri_append_quoted (quoted, parser->text, parser->length);
          parser->error =
            g_error_new (IRI_ERROR,
                         error_code_for (iri_diagnostic_get_code (diagnostic),
                                         iri_diagnostic_get_component (diagnostic)),
                         /* Translators: the first %s is the quoted IRI, %zu a character
                          * offset, the last %s a sentence saying what is wrong */
                         _("Invalid IRI %s at character %zu: %s"),
                         quoted->str, iri_diagnostic_get_start (diagnostic),
                         iri_diagnostic_get_message (diagnostic));
        }
    }

  iri_diagnostics_add (&parser->diagnostics, diagnostic);
}

static void
add_diagnostic (Parser       *parser,
                const char   *code,
                IriSeverity   severity,
                IriComponent  component,
                gsize         byte_start,
                gsize         byte_end,
                gsize         char_start,
                gsize         char_end,
                const char   *spec,
                char         *message,
                char         *hint)
{
  IriSpan span = { byte_start, byte_end, char_start, char_end };

  parser_report (parser,
                 iri_diagnostic_new_take (code, severity, component, &span, spec, message, hint));
}

static void
append_percent_encoded (GString  *out,
                        gunichar  c)
{
  char utf8[6];
  int n = g_unichar_to_utf8 (c, utf8);

  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "%%%02X", (guchar) utf8[i]);
}

static char *
message_for_run (const IriRun *run)
{
  const char *code = run->code;
  IriComponent component = run->component;
  g_autofree char *what = iri_run_describe (run);

  if (g_str_equal (code, "bidi-formatting-character"))
    /* Translators: %s names one or more characters */
    return g_strdup_printf (_("%s: an IRI must not contain bidi formatting characters; they change how it is displayed without being visible."),
                            what);
  if (g_str_equal (code, "control-character"))
    return g_strdup_printf (_("%s: control characters are not allowed in an IRI."), what);
  if (g_str_equal (code, "noncharacter"))
    return g_strdup_printf (_("%s: noncharacters are not allowed in an IRI."), what);
  if (g_str_equal (code, "private-use-outside-query"))
    return g_strdup_printf (_("%s: private-use characters are only allowed in the query."), what);
  if (g_str_equal (code, "unassigned-character"))
    return g_strdup_printf (_("%s is not assigned in Unicode 15.0; it may display as a box or not at all."), what);
  if (g_str_equal (code, "syntax-non-ascii"))
    return g_strdup_printf (_("%s: a URI can only contain ASCII characters."), what);

  /* syntax-invalid-character and friends: a character the grammar of the
   * component does not allow. */
  switch (component)
    {
    case IRI_COMPONENT_SCHEME:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s is not allowed in the scheme."), what);
    case IRI_COMPONENT_USERINFO:
      return g_strdup_printf (_("%s is not allowed in the user information."), what);
    case IRI_COMPONENT_HOST:
      return g_strdup_printf (_("%s is not allowed in the host."), what);
    case IRI_COMPONENT_PORT:
      return g_strdup_printf (_("%s is not allowed in the port, which must be a number."), what);
    case IRI_COMPONENT_PATH:
      return g_strdup_printf (_("%s is not allowed in the path."), what);
    case IRI_COMPONENT_QUERY:
      return g_strdup_printf (_("%s is not allowed in the query."), what);
    case IRI_COMPONENT_FRAGMENT:
      return g_strdup_printf (_("%s is not allowed in the fragment."), what);
    case IRI_COMPONENT_IRI:
    case IRI_COMPONENT_AUTHORITY:
    case IRI_COMPONENT_HOST_LABEL:
    case IRI_COMPONENT_PATH_SEGMENT:
    case IRI_COMPONENT_PATH_EXTENSION:
    case IRI_COMPONENT_QUERY_NAME:
    case IRI_COMPONENT_QUERY_VALUE:
    default:
      return g_strdup_printf (_("%s is not allowed here."), what);
    }
}

static char *
hint_for_run (Parser       *parser,
              const char   *code,
              IriComponent  component,
              gunichar      first)
{
  g_autoptr(GString) encoded = g_string_new (NULL);

  append_percent_encoded (encoded, first);

  if (g_str_equal (code, "unassigned-character"))
    return g_strdup (_("Check that the character is the one you meant."));
  if (g_str_equal (code, "private-use-outside-query"))
    /* Translators: %s is a percent-encoding such as %EE%80%80 */
    return g_strdup_printf (_("Percent-encode it as %s."), encoded->str);
  if (component == IRI_COMPONENT_SCHEME)
    return g_strdup (_("A scheme starts with an ASCII letter, followed by ASCII letters, digits, “+”, “-” or “.”."));
  if (component == IRI_COMPONENT_PORT)
    return g_strdup (_("Write the port as decimal digits only."));
  if (first == ' ' || first == '\t' || first == '\n' || first == '\r')
    {
      if (parser->run.span.byte_start == 0 || parser->run.span.byte_end == parser->length)
        return g_strdup (_("Remove the whitespace around the IRI, or percent-encode it."));
    }
  if (g_str_equal (code, "bidi-formatting-character") ||
      g_str_equal (code, "control-character") ||
      g_str_equal (code, "noncharacter"))
    /* Translators: %s is a percent-encoding such as %E2%80%AE */
    return g_strdup_printf (_("Remove it; if it really is part of the name, percent-encode it as %s."),
                            encoded->str);

  return g_strdup_printf (_("Percent-encode it as %s."), encoded->str);
}

static void
flush_run (Parser *parser)
{
  IriRun *run = &parser->run;
  IriSeverity severity;
  const char *spec;

  if (run->code == NULL)
    return;

  if (g_str_equal (run->code, "unassigned-character"))
    {
      severity = IRI_SEVERITY_WARNING;
      spec = "RFC 3987bis §5.1, UTS #39 §3.1";
    }
  else if (g_str_equal (run->code, "bidi-formatting-character"))
    {
      severity = IRI_SEVERITY_ERROR;
      spec = "RFC 3987bis §4.1";
    }
  else if (g_str_equal (run->code, "syntax-non-ascii"))
    {
      severity = IRI_SEVERITY_ERROR;
      spec = "RFC 3986 §2";
    }
  else
    {
      severity = IRI_SEVERITY_ERROR;
      spec = "RFC 3987bis §2.2";
    }

  add_diagnostic (parser, run->code, severity, run->component,
                  run->span.byte_start, run->span.byte_end, run->span.start, run->span.end, spec,
                  message_for_run (run),
                  hint_for_run (parser, run->code, run->component, run->first));
  run->code = NULL;
}

static void
report_char (Parser       *parser,
             const char   *code,
             IriComponent  component,
             gunichar      c,
             gsize         byte_start,
             gsize         byte_end,
             gsize         char_index)
{
  if (iri_run_extend (&parser->run, code, component, NULL, c, FALSE, byte_start, byte_end, char_index + 1))
    return;

  flush_run (parser);
  iri_run_start (&parser->run, code, component, NULL, c, byte_start, byte_end, char_index, char_index + 1);
}

/* Classifies a non-ASCII character of an i-component and reports it if
 * §2.2 or §4.1 do not allow it there.  Returns TRUE when it is fine. */
static void
check_non_ascii (Parser       *parser,
                 IriComponent  component,
                 gunichar      c,
                 gsize         byte_start,
                 gsize         byte_end,
                 gsize         char_index)
{
  const char *code = NULL;

  if (parser->flags & IRI_PARSE_URI)
    code = "syntax-non-ascii";
  else
    {
      switch (iri_char_kind (c))
        {
        case IRI_CHAR_UCSCHAR:
          if (component == IRI_COMPONENT_SCHEME || component == IRI_COMPONENT_PORT)
            code = "syntax-invalid-character";
          else if (iri_char_is_bidi_formatting (c))
            code = "bidi-formatting-character";
          else if (g_unichar_type (c) == G_UNICODE_UNASSIGNED)
            code = "unassigned-character";
          break;
        case IRI_CHAR_IPRIVATE:
          if (component == IRI_COMPONENT_SCHEME || component == IRI_COMPONENT_PORT)
            code = "syntax-invalid-character";
          else if (component != IRI_COMPONENT_QUERY)
            code = "private-use-outside-query";
          break;
        case IRI_CHAR_C1_CONTROL:
          code = "control-character";
          break;
        case IRI_CHAR_SPECIAL:
          /* U+FFFD here is usually the stand-in for bytes that were not
           * UTF-8, which already have their own finding. */
          if (!(c == 0xFFFD && parser->replaced_invalid_utf8))
            code = "syntax-invalid-character";
          break;
        case IRI_CHAR_NONCHARACTER:
        case IRI_CHAR_SURROGATE:
        default:
          code = "noncharacter";
          break;
        }
    }

  if (code != NULL)
    report_char (parser, code, component, c, byte_start, byte_end, char_index);
}

/* Scans one component whose literal ASCII characters must have @klass.
 * Percent-encodings are allowed when @allow_pct.  Non-ASCII characters go
 * through check_non_ascii().  Returns FALSE if anything was reported. */
static gboolean
scan_component (Parser       *parser,
                IriComponent  component,
                guint         klass,
                gboolean      allow_pct)
{
  const IriSpan *span = &parser->spans[component];
  const char *p = parser->text + span->byte_start;
  const char *end = parser->text + span->byte_end;
  gsize char_index = span->start;
  gboolean failed_before = parser->failed;
  guint n_before = parser->diagnostics.items != NULL ? parser->diagnostics.items->len : 0;

  /* The loop below tests four bytes with one AND: one bit per class. */
  g_assert (klass != 0 && (klass & (klass - 1)) == 0);

  while (p < end)
    {
      guchar b = (guchar) *p;

      if (G_LIKELY (b < 0x80))
        {
          gsize byte_start;

          /* Most of a component is ASCII of its class and %HH: it is
           * skipped in this loop, and the offsets are counted once.
           * Each class is one bit, so four bytes are of the class when
           * the AND of their entries has it: they are tested four at a
           * time (bytes above 0x7F have no bits). */
          if (G_LIKELY (iri_ascii_class[b] & klass) || (b == '%' && allow_pct))
            {
              const guchar *q = (const guchar *) p;
              const guchar *stop = (const guchar *) end;

              for (;;)
                {
                  while (stop - q >= 4 &&
                         (iri_ascii_class[q[0]] & iri_ascii_class[q[1]] &
                          iri_ascii_class[q[2]] & iri_ascii_class[q[3]] & klass))
                    q += 4;
                  if (q == stop)
                    break;
                  if (iri_ascii_class[*q] & klass)
                    q++;
                  else if (*q == '%' && allow_pct && stop - q >= 3 &&
                           iri_ascii_is (q[1], IRI_ASCII_HEX) &&
                           iri_ascii_is (q[2], IRI_ASCII_HEX))
                    q += 3;
                  else
                    break;
                }
              if ((const char *) q > p)
                {
                  char_index += (const char *) q - p;
                  p = (const char *) q;
                  continue;
                }
            }

          byte_start = p - parser->text;
          if (b == '%' && allow_pct)
            {
              flush_run (parser);
              {
                gsize n = 1;
                g_autoptr(GString) shown = g_string_new ("%");

                while (n < 3 && p + n < end && (guchar) p[n] < 0x80 && p[n] != '%')
                  {
                    g_string_append_c (shown, p[n]);
                    n++;
                  }
                add_diagnostic (parser, "syntax-invalid-percent-encoding", IRI_SEVERITY_ERROR,
                                component, byte_start, byte_start + 1, char_index, char_index + 1,
                                "RFC 3987bis §2.2 (pct-encoded)",
                                /* Translators: %s is the text that starts with the % sign, e.g. “%zz” */
                                g_strdup_printf (_("“%s” is not a valid percent-encoding: “%%” must be followed by two hexadecimal digits."),
                                                 shown->str),
                                g_strdup (_("Write a literal “%” as %25.")));
              }
              p++;
              char_index++;
              continue;
            }

          report_char (parser,
                       (b < 0x20 || b == 0x7F) ? "control-character" : "syntax-invalid-character",
                       component, b, byte_start, byte_start + 1, char_index);
          p++;
          char_index++;
        }
      else
        {
          gsize byte_start = p - parser->text;
          gunichar c = iri_utf8_next (&p);

          check_non_ascii (parser, component, c, byte_start, p - parser->text, char_index);
          char_index++;
        }

      if (parser->strict && parser->failed)
        break;
    }

  flush_run (parser);

  return parser->failed == failed_before &&
         (parser->diagnostics.items != NULL ? parser->diagnostics.items->len : 0) == n_before;
}

static gboolean
match_dec_octet (const char *p,
                 const char *end,
                 const char **out)
{
  gsize n = 0;
  guint value = 0;

  while (p + n < end && n < 3 && g_ascii_isdigit (p[n]))
    {
      value = value * 10 + (p[n] - '0');
      n++;
    }
  if (n == 0 || value > 255 || (n > 1 && p[0] == '0'))
    return FALSE;

  *out = p + n;
  return TRUE;
}

/* IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet */
static gboolean
is_ipv4_address (const char *p,
                 const char *end)
{
  for (int i = 0; i < 4; i++)
    {
      if (!match_dec_octet (p, end, &p))
        return FALSE;
      if (i < 3)
        {
          if (p >= end || *p != '.')
            return FALSE;
          p++;
        }
    }
  return p == end;
}

/* IPv6address of RFC 3986 §3.2.2, checked by counting 16-bit pieces
 * rather than by the nine ABNF alternatives (they accept the same set). */
static gboolean
is_ipv6_address (const char *p,
                 const char *end)
{
  int pieces = 0;
  gboolean seen_double_colon = FALSE;

  if (p == end)
    return FALSE;

  if (*p == ':')
    {
      if (end - p < 2 || p[1] != ':')
        return FALSE;
      seen_double_colon = TRUE;
      p += 2;
      if (p == end)
        return TRUE;
    }

  while (p < end)
    {
      const char *start = p;
      int digits = 0;

      while (p < end && digits < 5 && g_ascii_isxdigit (*p))
        {
          p++;
          digits++;
        }

      if (p < end && *p == '.')
        {
          /* An IPv4address as the last 32 bits (ls32). */
          if (!is_ipv4_address (start, end))
            return FALSE;
          pieces += 2;
          p = end;
          break;
        }

      if (digits == 0 || digits > 4)
        return FALSE;
      pieces++;

      if (p == end)
        break;
      if (*p != ':')
        return FALSE;
      p++;
      if (p < end && *p == ':')
        {
          if (seen_double_colon)
            return FALSE;
          seen_double_colon = TRUE;
          p++;
          if (p == end)
            break;
        }
      else if (p == end)
        return FALSE;
    }

  if (seen_double_colon)
    return pieces <= 7;
  return pieces == 8;
}

/* IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
static gboolean
is_ipvfuture (const char *p,
              const char *end)
{
  const char *q;

  if (p == end || (*p != 'v' && *p != 'V'))
    return FALSE;
  p++;
  q = p;
  while (p < end && g_ascii_isxdigit (*p))
    p++;
  if (p == q || p == end || *p != '.')
    return FALSE;
  p++;
  q = p;
  while (p < end && iri_ascii_is (*p, IRI_ASCII_USERINFO))
    p++;
  return p == end && p > q;
}

static void
check_host (Parser *parser)
{
  const IriSpan *span = &parser->spans[IRI_COMPONENT_HOST];
  const char *p = parser->text + span->byte_start;
  const char *end = parser->text + span->byte_end;

  if (p < end && *p == '[')
    {
      const char *close = memchr (p, ']', end - p);

      if (close == NULL)
        {
          parser->host_kind = IRI_HOST_IPV6;
          add_diagnostic (parser, "syntax-unclosed-ip-literal", IRI_SEVERITY_ERROR,
                          IRI_COMPONENT_HOST, span->byte_start, span->byte_end,
                          span->start, span->end, "RFC 3987bis §2.2 (IP-literal)",
                          g_strdup (_("The IP literal is missing its closing “]”.")),
                          g_strdup (_("Add “]” after the address.")));
          return;
        }

      if (is_ipvfuture (p + 1, close))
        parser->host_kind = IRI_HOST_IPVFUTURE;
      else
        {
          parser->host_kind = IRI_HOST_IPV6;
          if (!is_ipv6_address (p + 1, close))
            {
              const char *percent = close > p + 1 ? memchr (p + 1, '%', close - (p + 1)) : NULL;
              gboolean future = p + 1 < close && (p[1] == 'v' || p[1] == 'V');

              add_diagnostic (parser,
                              future ? "syntax-invalid-ipvfuture" : "syntax-invalid-ipv6",
                              IRI_SEVERITY_ERROR, IRI_COMPONENT_HOST,
                              span->byte_start, span->byte_end, span->start, span->end,
                              "RFC 3987bis §2.2 (IP-literal)",
                              future
                                ? g_strdup (_("The IP literal is not a valid IPvFuture address (“v”, hexadecimal version, “.”, address)."))
                                : g_strdup (_("The IP literal is not a valid IPv6 address.")),
                              percent != NULL
                                /* xgettext:no-c-format */
                                ? g_strdup (_("IPv6 zone identifiers (“%25eth0”) are not part of the IRI syntax; remove the zone."))
                                : NULL);
            }
        }
      return;
    }

  if (is_ipv4_address (p, end))
    {
      parser->host_kind = IRI_HOST_IPV4;
      return;
    }

  parser->host_kind = IRI_HOST_REG_NAME;
  scan_component (parser, IRI_COMPONENT_HOST, IRI_ASCII_REG_NAME, TRUE);
}

static void
check_port (Parser *parser)
{
  const IriSpan *span = &parser->spans[IRI_COMPONENT_PORT];
  const char *p = parser->text + span->byte_start;
  const char *end = parser->text + span->byte_end;
  guint64 value = 0;
  gboolean digits_only = TRUE;

  for (const char *q = p; q < end; q++)
    {
      if (!g_ascii_isdigit (*q))
        {
          digits_only = FALSE;
          break;
        }
      if (value <= 65535)
        value = value * 10 + (*q - '0');
    }

  if (!digits_only)
    {
      scan_component (parser, IRI_COMPONENT_PORT, IRI_ASCII_DIGIT, FALSE);
      parser->port_number = -1;
      return;
    }

  if (p == end)
    {
      parser->port_number = -1;
      return;
    }

  if (value > 65535)
    {
      parser->port_number = -1;
      add_diagnostic (parser, "port-out-of-range", IRI_SEVERITY_WARNING, IRI_COMPONENT_PORT,
                      span->byte_start, span->byte_end, span->start, span->end,
                      "RFC 3986 §3.2.3, RFC 6335 §6",
                      g_strdup (_("The port is larger than 65535, the highest TCP and UDP port number.")),
                      g_strdup (_("Check the port number.")));
      return;
    }

  parser->port_number = (gint) value;
}

static void
check_userinfo (Parser *parser)
{
  const IriSpan *span = &parser->spans[IRI_COMPONENT_USERINFO];

  scan_component (parser, IRI_COMPONENT_USERINFO, IRI_ASCII_USERINFO, TRUE);

  if (memchr (parser->text + span->byte_start, ':', span->byte_end - span->byte_start) != NULL)
    add_diagnostic (parser, "userinfo-password", IRI_SEVERITY_WARNING, IRI_COMPONENT_USERINFO,
                    span->byte_start, span->byte_end, span->start, span->end,
                    "RFC 3986 §3.2.1",
                    g_strdup (_("The user information contains a password (“user:password”), which is deprecated and exposes the password to anyone who sees the IRI.")),
                    g_strdup (_("Remove the password from the IRI.")));
}

static void
check_scheme (Parser *parser)
{
  const IriSpan *span = &parser->spans[IRI_COMPONENT_SCHEME];
  const char *p = parser->text + span->byte_start;

  if (span->byte_start == span->byte_end)
    {
      add_diagnostic (parser, "syntax-invalid-scheme", IRI_SEVERITY_ERROR, IRI_COMPONENT_SCHEME,
                      0, 1, 0, 1, "RFC 3987bis §2.2 (scheme)",
                      g_strdup (_("The IRI starts with “:”, so its scheme is empty.")),
                      g_strdup (_("Add a scheme such as “https” before the colon.")));
      return;
    }

  if (!g_ascii_isalpha (*p))
    {
      gsize byte_end = span->byte_start + 1;
      gunichar c = (guchar) *p;

      if (c >= 0x80)
        {
          const char *q = p;

          c = iri_utf8_next (&q);
          byte_end = q - parser->text;
        }

      {
        g_autofree char *who = iri_char_describe (c);

        add_diagnostic (parser, "syntax-invalid-scheme", IRI_SEVERITY_ERROR, IRI_COMPONENT_SCHEME,
                        span->byte_start, byte_end, span->start, span->start + 1,
                        "RFC 3987bis §2.2 (scheme)",
                        /* Translators: %s names a character */
                        g_strdup_printf (_("The scheme must start with an ASCII letter, not %s."), who),
                        g_strdup (_("A scheme starts with an ASCII letter, followed by ASCII letters, digits, “+”, “-” or “.”.")));
      }
      if (parser->strict)
        return;
    }

  scan_component (parser, IRI_COMPONENT_SCHEME, IRI_ASCII_SCHEME, FALSE);
}

/* The number of characters in @length bytes of valid UTF-8 that start
 * and end on character boundaries: the bytes that are not continuation
 * bytes.  A byte is one when its top bit is set and the next is clear;
 * the multiplication sums the eight flags into the top byte. */
static gsize
count_chars (const char *text,
             gsize       length)
{
  const guchar *s = (const guchar *) text;
  gsize continuations = 0;
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 w, flags;

      memcpy (&w, s + i, sizeof w);
      flags = (w & ~(w << 1) & G_GUINT64_CONSTANT (0x8080808080808080)) >> 7;
      continuations += (flags * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56;
    }
  for (; i < length; i++)
    continuations += (s[i] & 0xC0) == 0x80;
  return length - continuations;
}

/* The spans are filled in bytes first; this turns every byte boundary into
 * a code-point offset in one pass over the text. */
static void
fill_char_offsets (Parser *parser)
{
  gsize *slots[2 * IRI_N_STORED_COMPONENTS];
  guint n_slots = 0;
  const char *p = parser->text;
  gsize byte_pos = 0, char_pos = 0;

  if (parser->is_ascii)
    {
      for (guint32 bits = parser->present; bits != 0; bits &= bits - 1)
        {
          guint i = (guint) __builtin_ctz (bits);

          parser->spans[i].start = parser->spans[i].byte_start;
          parser->spans[i].end = parser->spans[i].byte_end;
        }
      return;
    }

  for (guint i = 0; i < IRI_N_STORED_COMPONENTS; i++)
    {
      if (!HAS (parser->present, i))
        continue;
      slots[n_slots++] = &parser->spans[i].byte_start;
      slots[n_slots++] = &parser->spans[i].byte_end;
    }

  /* Insertion sort: there are at most 18 slots, already nearly sorted. */
  for (guint i = 1; i < n_slots; i++)
    {
      gsize *slot = slots[i];
      guint j = i;

      while (j > 0 && *slots[j - 1] > *slot)
        {
          slots[j] = slots[j - 1];
          j--;
        }
      slots[j] = slot;
    }

  for (guint i = 0; i < n_slots; i++)
    {
      gsize target = *slots[i];
      /* IriSpan is { byte_start, byte_end, start, end }, so the character
       * offset that goes with a byte offset is two fields further on. */
      gsize *char_slot = slots[i] + 2;

      /* Every boundary is between characters of valid UTF-8, so the
       * characters before it are its bytes less the continuation bytes
       * (10xxxxxx), counted eight at a time. */
      char_pos += count_chars (p + byte_pos, target - byte_pos);
      byte_pos = target;
      *char_slot = char_pos;
    }
}

static void
set_span (Parser       *parser,
          IriComponent  component,
          gsize         byte_start,
          gsize         byte_end)
{
  parser->spans[component].byte_start = byte_start;
  parser->spans[component].byte_end = byte_end;
  parser->present |= 1u << component;
}

/* The delimiters that end a component in split(), as bits of one table
 * so that each loop there tests a byte with one load. */
enum {
  ENDS_SCHEME    = 1 << 0,  /* ":" "/" "?" "#" */
  ENDS_AUTHORITY = 1 << 1,  /* "/" "?" "#" */
};

static const guint8 ends_component[256] = {
  [':'] = ENDS_SCHEME,
  ['/'] = ENDS_SCHEME | ENDS_AUTHORITY,
  ['?'] = ENDS_SCHEME | ENDS_AUTHORITY,
  ['#'] = ENDS_SCHEME | ENDS_AUTHORITY,
};

/* Splits the text into components the way RFC 3986 Appendix B does: the
 * split never fails, and for a valid reference it is exactly the split
 * the grammar gives.  Problems are found afterwards, component by
 * component. */
static void
split (Parser *parser)
{
  const guchar *text = (const guchar *) parser->text;
  gsize length = parser->length;
  gsize pos = 0;
  gsize i;

  set_span (parser, IRI_COMPONENT_IRI, 0, length);

  /* scheme: everything before the first ":" if no "/", "?" or "#" comes
   * first.  A relative reference cannot have ":" in its first segment, so
   * this is a (possibly invalid) scheme. */
  for (i = 0; i < length && !(ends_component[text[i]] & ENDS_SCHEME); i++)
    ;
  if (i < length && text[i] == ':')
    {
      set_span (parser, IRI_COMPONENT_SCHEME, 0, i);
      pos = i + 1;
    }

  /* authority: after "//", up to "/", "?", "#" or the end. */
  if (length - pos >= 2 && text[pos] == '/' && text[pos + 1] == '/')
    {
      gsize auth_start = pos + 2;
      gsize auth_end = auth_start;
      gsize host_start = auth_start;
      gsize host_end;

      /* Four bytes a step: most authorities are a host name of twenty
       * or thirty letters, and every line of a batch has one. */
      while (length - auth_end >= 4 &&
             !((ends_component[text[auth_end]] | ends_component[text[auth_end + 1]] |
                ends_component[text[auth_end + 2]] | ends_component[text[auth_end + 3]]) & ENDS_AUTHORITY))
        auth_end += 4;
      while (auth_end < length && !(ends_component[text[auth_end]] & ENDS_AUTHORITY))
        auth_end++;
      set_span (parser, IRI_COMPONENT_AUTHORITY, auth_start, auth_end);

      /* userinfo: up to the last "@".  The grammar allows no "@" inside
       * userinfo, so for a valid IRI first and last are the same; for an
       * invalid one, taking the last keeps the host right, as browsers
       * do.  Most authorities have none, which memchr() finds fastest. */
      for (i = memchr (text + auth_start, '@', auth_end - auth_start) != NULL ? auth_end : auth_start;
           i > auth_start; i--)
        {
          if (text[i - 1] == '@')
            {
              set_span (parser, IRI_COMPONENT_USERINFO, auth_start, i - 1);
              host_start = i;
              break;
            }
        }

      if (host_start < auth_end && text[host_start] == '[')
        {
          const guchar *close = memchr (text + host_start, ']', auth_end - host_start);

          host_end = close != NULL ? (gsize) (close - text) + 1 : auth_end;
        }
      else
        {
          const guchar *colon = memchr (text + host_start, ':', auth_end - host_start);

          host_end = colon != NULL ? (gsize) (colon - text) : auth_end;
        }
      set_span (parser, IRI_COMPONENT_HOST, host_start, host_end);

      if (host_end < auth_end)
        {
          if (text[host_end] == ':')
            set_span (parser, IRI_COMPONENT_PORT, host_end + 1, auth_end);
          else
            {
              /* Text after "]" that is not a port: treat it as a bad
               * port so that it has a component to belong to. */
              set_span (parser, IRI_COMPONENT_PORT, host_end, auth_end);
            }
        }

      pos = auth_end;
    }

  /* path: up to "?" or "#".  Paths are the longest component, so
   * memchr() looks for each (the "#" only before the "?"). */
  {
    const guchar *question = memchr (text + pos, '?', length - pos);
    gsize path_end = question != NULL ? (gsize) (question - text) : length;
    const guchar *hash = memchr (text + pos, '#', path_end - pos);

    i = hash != NULL ? (gsize) (hash - text) : path_end;
  }
  set_span (parser, IRI_COMPONENT_PATH, pos, i);
  pos = i;

  if (pos < length && text[pos] == '?')
    {
      const guchar *hash = memchr (text + pos + 1, '#', length - pos - 1);

      i = hash != NULL ? (gsize) (hash - text) : length;
      set_span (parser, IRI_COMPONENT_QUERY, pos + 1, i);
      pos = i;
    }

  if (pos < length && text[pos] == '#')
    set_span (parser, IRI_COMPONENT_FRAGMENT, pos + 1, length);
}

static void
check (Parser *parser)
{
  if (HAS (parser->present, IRI_COMPONENT_SCHEME))
    check_scheme (parser);
  else if (parser->flags & IRI_PARSE_ABSOLUTE)
    add_diagnostic (parser, "syntax-missing-scheme", IRI_SEVERITY_ERROR, IRI_COMPONENT_SCHEME,
                    0, 0, 0, 0, "RFC 3987bis §2.2 (IRI)",
                    g_strdup (_("This is a relative reference, but an absolute IRI with a scheme is needed here.")),
                    g_strdup (_("Add a scheme such as “https://” in front.")));
  if (parser->strict && parser->failed)
    return;

  if (HAS (parser->present, IRI_COMPONENT_USERINFO))
    check_userinfo (parser);
  if (parser->strict && parser->failed)
    return;

  if (HAS (parser->present, IRI_COMPONENT_HOST))
    check_host (parser);
  if (parser->strict && parser->failed)
    return;

  if (HAS (parser->present, IRI_COMPONENT_PORT))
    check_port (parser);
  if (parser->strict && parser->failed)
    return;

  scan_component (parser, IRI_COMPONENT_PATH, IRI_ASCII_PATH, TRUE);
  if (parser->strict && parser->failed)
    return;

  if (HAS (parser->present, IRI_COMPONENT_QUERY))
    scan_component (parser, IRI_COMPONENT_QUERY, IRI_ASCII_QUERY, TRUE);
  if (parser->strict && parser->failed)
    return;

  if (HAS (parser->present, IRI_COMPONENT_FRAGMENT))
    scan_component (parser, IRI_COMPONENT_FRAGMENT, IRI_ASCII_QUERY, TRUE);
}

static IriReference *
build (Parser     *parser,
       const char *text,
       gsize       length)
{
  IriReference *self;
  gsize size = length + 1;
  char *p;

  /* The components present, from the bits of parser->present: most
   * references have four or five of the eight. */
  for (guint32 bits = parser->present & ~(1u << IRI_COMPONENT_IRI); bits != 0; bits &= bits - 1)
    {
      guint i = (guint) __builtin_ctz (bits);

      size += parser->spans[i].byte_end - parser->spans[i].byte_start + 1;
    }

  self = g_malloc (sizeof (IriReference) + size);
  g_atomic_ref_count_init (&self->ref_count);
  self->length = length;
  self->n_chars = parser->spans[IRI_COMPONENT_IRI].end;
  self->present = parser->present;
  self->host_kind = parser->host_kind;
  self->port_number = parser->port_number;
  self->is_ascii = parser->is_ascii;
  self->valid = !parser->failed;
  memcpy (self->spans, parser->spans, sizeof self->spans);

  memcpy (self->buffer, text, length);
  self->buffer[length] = '\0';
  self->strings[IRI_COMPONENT_IRI] = self->buffer;
  p = self->buffer + length + 1;

  memset (self->strings + IRI_COMPONENT_SCHEME, 0,
          (IRI_N_STORED_COMPONENTS - IRI_COMPONENT_SCHEME) * sizeof self->strings[0]);
  for (guint32 bits = parser->present & ~(1u << IRI_COMPONENT_IRI); bits != 0; bits &= bits - 1)
    {
      guint i = (guint) __builtin_ctz (bits);
      gsize n = parser->spans[i].byte_end - parser->spans[i].byte_start;

      memcpy (p, text + parser->spans[i].byte_start, n);
      p[n] = '\0';
      self->strings[i] = p;
      p += n + 1;
    }

  self->diagnostics = parser->diagnostics.items != NULL || parser->diagnostics.n_dropped > 0
                      ? iri_diagnostics_steal (&parser->diagnostics)
                      : NULL;
  return self;
}

static IriReference *
parse (const char     *text,
       gsize           length,
       IriParseFlags   flags,
       gboolean        strict,
       GError        **error)
{
  Parser parser = { 0, };
  g_autofree char *valid_text = NULL;
  IriReference *result;
  /* Most references are all ASCII: the run that says so is also the
   * UTF-8 check (it stops at NUL and at every byte above 0x7F). */
  gsize ascii_run = iri_ascii_run_length (text, length);

  parser.flags = flags;
  parser.strict = strict;
  parser.port_number = -1;
  parser.host_kind = IRI_HOST_NONE;
  parser.is_ascii = ascii_run == length;

  if (!parser.is_ascii && strict)
    {
      if (!iri_utf8_validate_internal (text, length, NULL, error))
        return NULL;
    }
  else if (!parser.is_ascii)
    {
      gsize offset, bad_length;

      if (iri_utf8_check (text + ascii_run, length - ascii_run, &offset, &bad_length) != IRI_UTF8_OK)
        {
          /* Parse a copy in which the bad bytes are U+FFFD, each with its
           * own diagnostic; the caller's bytes are not touched. */
          valid_text = iri_utf8_make_valid (text, length, &length, &parser.diagnostics);
          text = valid_text;
          parser.failed = TRUE;
          parser.replaced_invalid_utf8 = TRUE;
        }
    }

  parser.text = text;
  parser.length = length;

  split (&parser);
  fill_char_offsets (&parser);
  check (&parser);

  if (parser.error != NULL)
    {
      g_propagate_error (error, parser.error);
      iri_diagnostics_clear (&parser.diagnostics);
      return NULL;
    }

  result = build (&parser, text, length);
  return result;
}

/**
 * iri_reference_parse:
 * @text: the IRI reference,
 *   in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @error: return location for a #GError
 *
 * Parses an `IRI-reference` strictly (RFC 3987bis §2.2).
 *
 * Fails with an error in the [error@Iri.Error] domain at the first
 * problem: bytes that are not UTF-8, a NUL byte inside @length, a
 * character that the grammar does not allow in its component, a
 * character an IRI must not contain at all (a control, a noncharacter, a
 * bidi formatting character, §4.1).  The error code names the component
 * and the message quotes the input and gives the offset.
 *
 * Warnings (an unassigned character, a password in the userinfo) do not
 * make parsing fail; they are in [method@Iri.Reference.get_diagnostics].
 *
 * Returns: (transfer full) (nullable): the reference, or `NULL` on error
 *
 * Since: 0.1
 */
IriReference *
iri_reference_parse (const char     *text,
                     gssize          length,
                     IriParseFlags   flags,
                     GError        **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);

  return parse (text, length, flags, TRUE, error);
}

/**
 * iri_reference_parse_tolerant:
 * @text: the text, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 *
 * Parses any text as an IRI reference, never failing.
 *
 * The text is split the way RFC 3986 Appendix B splits it, which for a
 * valid reference is the split of the grammar, and every problem becomes
 * a diagnostic with a span ([method@Iri.Reference.get_diagnostics]).  This
 * is how an editor analyses `http://[::1` or `http://exa mple/` while it
 * is being typed.
 *
 * Bytes that are not UTF-8 and NUL bytes are replaced by U+FFFD in the
 * reference's copy of the text, each with an `invalid-utf8` or
 * `nul-character` diagnostic; the spans then refer to that copy.
 *
 * Returns: (transfer full): the reference
 *
 * Since: 0.1
 */
IriReference *
iri_reference_parse_tolerant (const char    *text,
                              gssize         length,
                              IriParseFlags  flags)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = strlen (text);

  return parse (text != NULL ? text : "", length, flags, FALSE, NULL);
}

IriReference *
iri_reference_new_from_parts (const char *scheme,
                              const char *authority,
                              const char *path,
                              const char *query,
                              const char *fragment)
{
  g_autoptr(GString) text = g_string_new (NULL);

  iri_recompose (text, scheme, authority, path, query, fragment);
  return iri_reference_parse_tolerant (text->str, text->len, IRI_PARSE_DEFAULT);
}

void
iri_recompose (GString    *out,
               const char *scheme,
               const char *authority,
               const char *path,
               const char *query,
               const char *fragment)
{
  /* RFC 3986 §5.3 */
  if (scheme != NULL)
    {
      g_string_append (out, scheme);
      g_string_append_c (out, ':');
    }
  if (authority != NULL)
    {
      g_string_append (out, "//");
      g_string_append (out, authority);
    }
  g_string_append (out, path);
  if (query != NULL)
    {
      g_string_append_c (out, '?');
      g_string_append (out, query);
    }
  if (fragment != NULL)
    {
      g_string_append_c (out, '#');
      g_string_append (out, fragment);
    }
}

/**
 * iri_reference_ref:
 * @self: a reference
 *
 * Increases the reference count of @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
IriReference *
iri_reference_ref (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * iri_reference_unref:
 * @self: (transfer full): a reference
 *
 * Decreases the reference count of @self, freeing it when it drops to 0.
 *
 * Since: 0.1
 */
void
iri_reference_unref (IriReference *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
      g_free (self);
    }
}

/**
 * iri_reference_get_text:
 * @self: a reference
 *
 * Gets the whole text, exactly as it was parsed, in logical order.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_reference_get_text (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->buffer;
}

void
iri_reference_peek_view (IriReference     *ref,
                         IriReferenceView *view)
{
  view->text = ref->buffer;
  view->length = ref->length;
  view->spans = ref->spans;
  view->strings = ref->strings;
  view->present = ref->present;
  view->host_kind = ref->host_kind;
  view->port_number = ref->port_number;
  view->is_ascii = ref->is_ascii;
}

/**
 * iri_reference_get_length:
 * @self: a reference
 *
 * Gets the length of the text in bytes.
 *
 * Returns: the length in bytes
 *
 * Since: 0.1
 */
gsize
iri_reference_get_length (IriReference *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->length;
}

/**
 * iri_reference_get_n_chars:
 * @self: a reference
 *
 * Gets the length of the text in code points.
 *
 * Returns: the number of code points
 *
 * Since: 0.1
 */
gsize
iri_reference_get_n_chars (IriReference *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_chars;
}

/**
 * iri_reference_is_valid:
 * @self: a reference
 *
 * Tells whether the text is a valid IRI reference: whether it has no
 * diagnostic of severity error.
 *
 * Returns: `TRUE` if it is valid
 *
 * Since: 0.1
 */
gboolean
iri_reference_is_valid (IriReference *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->valid;
}

/**
 * iri_reference_is_absolute:
 * @self: a reference
 *
 * Tells whether the reference has a scheme (RFC 3986 §4.3).
 *
 * Returns: `TRUE` if there is a scheme
 *
 * Since: 0.1
 */
gboolean
iri_reference_is_absolute (IriReference *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return HAS (self->present, IRI_COMPONENT_SCHEME);
}

/**
 * iri_reference_is_ascii:
 * @self: a reference
 *
 * Tells whether every character is ASCII.
 *
 * Returns: `TRUE` for an all-ASCII text
 *
 * Since: 0.1
 */
gboolean
iri_reference_is_ascii (IriReference *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->is_ascii;
}

/**
 * iri_reference_get_scheme:
 * @self: a reference
 *
 * Gets the scheme, as written (not lower-cased).
 *
 * Returns: (transfer none) (nullable): the scheme, or `NULL` for a
 *   relative reference
 *
 * Since: 0.1
 */
const char *
iri_reference_get_scheme (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_SCHEME];
}

/**
 * iri_reference_get_authority:
 * @self: a reference
 *
 * Gets the authority, without the leading `//`.
 *
 * Returns: (transfer none) (nullable): the authority, or `NULL` if there
 *   is none
 *
 * Since: 0.1
 */
const char *
iri_reference_get_authority (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_AUTHORITY];
}

/**
 * iri_reference_get_userinfo:
 * @self: a reference
 *
 * Gets the userinfo, without its `@`.
 *
 * Returns: (transfer none) (nullable): the userinfo, or `NULL`
 *
 * Since: 0.1
 */
const char *
iri_reference_get_userinfo (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_USERINFO];
}

/**
 * iri_reference_get_host:
 * @self: a reference
 *
 * Gets the host as written: a registered name, an IPv4 address, or an IP
 * literal with its brackets.
 *
 * Returns: (transfer none) (nullable): the host, or `NULL` if there is no
 *   authority
 *
 * Since: 0.1
 */
const char *
iri_reference_get_host (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_HOST];
}

/**
 * iri_reference_get_host_kind:
 * @self: a reference
 *
 * Gets what kind of host the reference has.
 *
 * Returns: the kind of host
 *
 * Since: 0.1
 */
IriHostKind
iri_reference_get_host_kind (IriReference *self)
{
  g_return_val_if_fail (self != NULL, IRI_HOST_NONE);

  return self->host_kind;
}

/**
 * iri_reference_get_port:
 * @self: a reference
 *
 * Gets the port as written, without its `:`.  It may be empty
 * (`http://example.com:/`).
 *
 * Returns: (transfer none) (nullable): the port, or `NULL` if there is no
 *   `:` after the host
 *
 * Since: 0.1
 */
const char *
iri_reference_get_port (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_PORT];
}

/**
 * iri_reference_get_port_number:
 * @self: a reference
 *
 * Gets the port as a number.
 *
 * Returns: the port, or -1 when it is absent, empty, not a number or
 *   above 65535
 *
 * Since: 0.1
 */
gint
iri_reference_get_port_number (IriReference *self)
{
  g_return_val_if_fail (self != NULL, -1);

  return self->port_number;
}

/**
 * iri_reference_get_path:
 * @self: a reference
 *
 * Gets the path.  Every reference has one, possibly empty.
 *
 * Returns: (transfer none): the path
 *
 * Since: 0.1
 */
const char *
iri_reference_get_path (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_PATH];
}

/**
 * iri_reference_get_query:
 * @self: a reference
 *
 * Gets the query, without its `?`.
 *
 * Returns: (transfer none) (nullable): the query, or `NULL` if there is no
 *   `?` (an empty string if there is one with nothing after it)
 *
 * Since: 0.1
 */
const char *
iri_reference_get_query (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_QUERY];
}

/**
 * iri_reference_get_fragment:
 * @self: a reference
 *
 * Gets the fragment, without its `#`.
 *
 * Returns: (transfer none) (nullable): the fragment, or `NULL` if there is
 *   no `#`
 *
 * Since: 0.1
 */
const char *
iri_reference_get_fragment (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->strings[IRI_COMPONENT_FRAGMENT];
}

/**
 * iri_reference_get_span:
 * @self: a reference
 * @component: a syntax component (not a unit kind such as
 *   [enum@Iri.Component.HOST_LABEL])
 * @out_span: (out caller-allocates): where to store the span
 *
 * Gets where a component is in the text, in bytes and in code points,
 * without its delimiters.
 *
 * Returns: `TRUE` if the component is present
 *
 * Since: 0.1
 */
gboolean
iri_reference_get_span (IriReference *self,
                        IriComponent  component,
                        IriSpan      *out_span)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_span != NULL, FALSE);

  if (component >= IRI_N_STORED_COMPONENTS || !HAS (self->present, component))
    return FALSE;

  *out_span = self->spans[component];
  return TRUE;
}

/**
 * iri_reference_byte_to_char:
 * @self: a reference
 * @byte_offset: an offset in bytes, at a character boundary
 *
 * Converts a byte offset in the text into a code-point offset.
 *
 * Returns: the offset in code points
 *
 * Since: 0.1
 */
gsize
iri_reference_byte_to_char (IriReference *self,
                            gsize         byte_offset)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (byte_offset <= self->length, 0);

  if (self->is_ascii)
    return byte_offset;
  return g_utf8_pointer_to_offset (self->buffer, self->buffer + byte_offset);
}

/**
 * iri_reference_char_to_byte:
 * @self: a reference
 * @char_offset: an offset in code points
 *
 * Converts a code-point offset in the text into a byte offset.
 *
 * Returns: the offset in bytes
 *
 * Since: 0.1
 */
gsize
iri_reference_char_to_byte (IriReference *self,
                            gsize         char_offset)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (char_offset <= self->n_chars, 0);

  if (self->is_ascii)
    return char_offset;
  return g_utf8_offset_to_pointer (self->buffer, char_offset) - self->buffer;
}

/**
 * iri_reference_get_n_diagnostics:
 * @self: a reference
 *
 * Gets the number of syntax and repertoire findings of the parse.
 *
 * Returns: the number of diagnostics
 *
 * Since: 0.1
 */
guint
iri_reference_get_n_diagnostics (IriReference *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->diagnostics != NULL ? self->diagnostics->len : 0;
}

/**
 * iri_reference_get_diagnostic:
 * @self: a reference
 * @index: an index below [method@Iri.Reference.get_n_diagnostics]
 *
 * Gets one finding of the parse.  Findings are sorted most severe first,
 * then by position.
 *
 * Returns: (transfer none): the diagnostic
 *
 * Since: 0.1
 */
IriDiagnostic *
iri_reference_get_diagnostic (IriReference *self,
                              guint         index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < iri_reference_get_n_diagnostics (self), NULL);

  return g_ptr_array_index (self->diagnostics, index);
}

/**
 * iri_reference_get_diagnostics:
 * @self: a reference
 *
 * Gets the syntax and repertoire findings of the parse, most severe
 * first, as a list model.  A strictly parsed reference has no errors but
 * may have warnings.
 *
 * Returns: (transfer full): a list model of [class@Iri.Diagnostic]
 *
 * Since: 0.1
 */
GListModel *
iri_reference_get_diagnostics (IriReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return iri_diagnostics_to_model (self->diagnostics);
}

GPtrArray *
iri_reference_peek_diagnostics (IriReference *self)
{
  return self->diagnostics;
}

void
iri_reference_set_invalid_error (IriReference  *ref,
                                 GError       **error)
{
  g_autoptr(IriReference) strict = NULL;
  g_autofree char *quoted = iri_quote (ref->buffer);
  GError *local_error = NULL;

  /* Bytes that are not UTF-8, and NUL bytes, were replaced by U+FFFD in
   * the reference's copy of the text, so only its diagnostics still know
   * about them. */
  for (guint i = 0; i < iri_reference_get_n_diagnostics (ref); i++)
    {
      IriDiagnostic *diagnostic = g_ptr_array_index (ref->diagnostics, i);
      const char *code = iri_diagnostic_get_code (diagnostic);
      gboolean nul = g_str_equal (code, "nul-character");

      if (nul || g_str_equal (code, "invalid-utf8"))
        {
          g_set_error (error, IRI_ERROR, nul ? IRI_ERROR_EMBEDDED_NUL : IRI_ERROR_INVALID_UTF8,
                       /* Translators: the first %s is the quoted IRI, the second a
                        * sentence saying what is wrong */
                       _("Invalid IRI %s: %s"),
                       quoted, iri_diagnostic_get_message (diagnostic));
          return;
        }
    }

  /* Otherwise the text itself is wrong, and parsing it again strictly
   * turns the first problem into the same GError as
   * iri_reference_parse(). */
  strict = iri_reference_parse (ref->buffer, ref->length, IRI_PARSE_DEFAULT, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return;
    }

  g_set_error (error, IRI_ERROR, IRI_ERROR_FAILED,
               /* Translators: %s is the quoted IRI */
               _("Invalid IRI %s"), quoted);
}
