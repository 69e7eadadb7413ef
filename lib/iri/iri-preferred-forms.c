/* iri-preferred-forms.c: notes on forms that are allowed but not the
 * normal ones (RFC 3986 §3.2.2, §3.2.3, §6.2.2, §6.2.3; RFC 5952 §4.3)
 *
 * A validator tells the author of an IRI when it is written in a form
 * that the syntax allows but that normalization would change (Apache
 * Jena IRI's LOWERCASE_PREFERRED, PERCENT_ENCODING_SHOULD_BE_UPPERCASE,
 * NON_INITIAL_DOT_SEGMENT, DEFAULT_PORT_SHOULD_BE_OMITTED… are the
 * model).  These are notes: the IRI works, and two spellings of it
 * compare equal on the ladder's syntax or scheme rung.
 *
 * Cost: an analysis runs this on every keystroke, and an ASCII IRI
 * takes a fast path, so nothing here looks at every character.  It
 * reads the scheme (a few letters), the host and the port, jumps from
 * "%" to "%" with memchr(), and looks at the path's segments only when
 * the path has a ".".  Messages are built only for findings.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-unit-private.h"
#include "iri-char-private.h"
#include "iri-preferred-forms-private.h"
#include "iri-reference-private.h"
#include "iri-resolve.h"

#define SPEC_CASE "RFC 3986 §6.2.2.1"
#define SPEC_PERCENT_CASE "RFC 3986 §2.1, §6.2.2.1"
#define SPEC_UNRESERVED "RFC 3986 §2.3, §6.2.2.2"
#define SPEC_HOST_PERCENT "RFC 3986 §3.2.2; RFC 3987bis §3.4.2"
#define SPEC_DOT_SEGMENT "RFC 3986 §5.2.4, §6.2.2.3"
#define SPEC_PORT "RFC 3986 §3.2.3, §6.2.3"
#define SPEC_IPV4 "RFC 3986 §3.2.2"
#define SPEC_IPV4_ZERO "RFC 3986 §3.2.2, §7.4"
#define SPEC_IPV6_CASE "RFC 5952 §4.3"

typedef struct
{
  IriReference     *reference;
  IriReferenceView  view;
  const char       *text;
  IriDiagnostics   *diagnostics;
} Forms;

/* The span of a syntax component, or NULL when it is absent.  The view
 * saves a call per component on the path every analysis takes. */
static inline const IriSpan *
span_of (Forms        *forms,
         IriComponent  component)
{
  return (forms->view.present >> component) & 1 ? &forms->view.spans[component] : NULL;
}

/* The port of a scheme when it has no ":port" (RFC 3986 §6.2.3), in
 * any case (schemes are case-insensitive): only
 * the schemes whose specifications define one and are common enough to
 * be worth it: http and ws (RFC 9110 §4.2.1, RFC 6455 §3), https and
 * wss (RFC 9110 §4.2.2, RFC 6455 §3), ftp (RFC 1738 §3.2).  The
 * comparison ladder's scheme-based rung uses the same table, so a port
 * reported here is one that comparison ignores. */
int
iri_scheme_default_port (const char *scheme)
{
  if (scheme == NULL)
    return -1;
  if (g_ascii_strcasecmp (scheme, "http") == 0 || g_ascii_strcasecmp (scheme, "ws") == 0)
    return 80;
  if (g_ascii_strcasecmp (scheme, "https") == 0 || g_ascii_strcasecmp (scheme, "wss") == 0)
    return 443;
  if (g_ascii_strcasecmp (scheme, "ftp") == 0)
    return 21;
  return -1;
}

static gsize
char_at (Forms *forms,
         gsize  byte)
{
  return forms->view.is_ascii ? byte : iri_reference_byte_to_char (forms->reference, byte);
}

static void
add (Forms        *forms,
     const char   *code,
     IriComponent  component,
     gsize         byte_start,
     gsize         byte_end,
     const char   *spec,
     char         *message,
     char         *hint)
{
  IriSpan span = { byte_start, byte_end, char_at (forms, byte_start), char_at (forms, byte_end) };

  iri_diagnostics_add (forms->diagnostics,
                       iri_diagnostic_new_take (code, IRI_SEVERITY_INFO, component, &span, spec,
                                                message, hint));
}

static char *
quote_bytes (Forms *forms,
             gsize  start,
             gsize  end)
{
  g_autofree char *piece = g_strndup (forms->text + start, end - start);

  return iri_quote (piece);
}

static inline gboolean
is_triplet (const char *p,
            const char *end)
{
  return end - p >= 3 && p[0] == '%' && g_ascii_isxdigit (p[1]) && g_ascii_isxdigit (p[2]);
}

/* Whether one of the eight bytes of @w is in 'A'..'Z': a byte is when
 * its low seven bits plus 0x3F carry into bit 7 and plus 0x25 do not,
 * and bytes of 0x80 and above are masked out ("Determine if a word has
 * a byte between m and n", Bit Twiddling Hacks).  Byte order does not
 * matter: no carry crosses a byte. */
static inline gboolean
word_has_upper (guint64 w)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  guint64 t = w & (ones * 0x7F);

  return (((ones * (127 + 'Z' + 1)) - t) & ~w & (t + ones * (127 - ('A' - 1))) & (ones * 0x80)) != 0;
}

/* The first ASCII upper-case letter in [@p, @end), or NULL. */
static inline const char *
find_upper (const char *p,
            const char *end)
{
  for (; p < end; p++)
    {
      if ((guchar) (*p - 'A') < 26)
        return p;
    }
  return NULL;
}

/* Whether the bytes [@start, @end) of the text have an ASCII capital.
 * The tail of a span shorter than eight bytes is read as one word when
 * the text goes on for eight bytes, with the bytes past the span
 * masked to zero (little-endian only), so that a scheme such as "http"
 * costs one test. */
static inline gboolean
has_upper (Forms *forms,
           gsize  start,
           gsize  end)
{
  const char *p = forms->text + start;
  gsize n = end - start;

  while (n >= 8)
    {
      guint64 w;

      memcpy (&w, p, 8);
      if (word_has_upper (w))
        return TRUE;
      p += 8;
      n -= 8;
    }
  if (n == 0)
    return FALSE;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  if ((gsize) (forms->text + forms->view.length - p) >= 8)
    {
      guint64 w;

      memcpy (&w, p, 8);
      return word_has_upper (w & ((G_GUINT64_CONSTANT (1) << (8 * n)) - 1));
    }
#endif
  return find_upper (p, p + n) != NULL;
}

/* @text with its ASCII letters in lower case, except the hex digits of
 * percent-encodings, which stay as they are (§6.2.2.1 wants those in
 * upper case: "PLUS%2bPLUS" is "plus%2bPLUS" lowered, not "%2b"). */
static char *
ascii_down_outside_triplets (const char *text,
                             gsize       length)
{
  char *out = g_strndup (text, length);
  const char *end = out + length;

  for (char *p = out; p < end; p++)
    {
      if (is_triplet (p, end))
        p += 2;
      else
        *p = g_ascii_tolower (*p);
    }
  return out;
}

/* §3.1, §6.2.2.1: "schemes are case-insensitive … the canonical form is
 * lowercase".  Jena: LOWERCASE_PREFERRED. */
static void
check_scheme (Forms *forms)
{
  const IriSpan *scheme = span_of (forms, IRI_COMPONENT_SCHEME);
  IriSpan span;
  g_autofree char *quoted = NULL;
  g_autofree char *lower = NULL;
  g_autofree char *lower_quoted = NULL;

  if (scheme == NULL || !has_upper (forms, scheme->byte_start, scheme->byte_end))
    return;
  span = *scheme;

  quoted = quote_bytes (forms, span.byte_start, span.byte_end);
  lower = g_ascii_strdown (forms->text + span.byte_start, span.byte_end - span.byte_start);
  lower_quoted = iri_quote (lower);
  add (forms, "form-scheme-case", IRI_COMPONENT_SCHEME, span.byte_start, span.byte_end, SPEC_CASE,
       /* Translators: %s is a quoted scheme such as “HTTP” */
       g_strdup_printf (_("The scheme %s has upper-case letters; schemes are case-insensitive and lower case is their normal form."),
                        quoted),
       /* Translators: %s is the scheme in lower case */
       g_strdup_printf (_("Write %s."), lower_quoted));
}

/* A registered name made of four dot-separated numbers reads as an IPv4
 * address, but RFC 3986 §3.2.2's dec-octet allows neither a number
 * above 255 nor a leading zero, so the parser took it for a name.
 * Resolvers disagree about such names: some look them up in the DNS,
 * inet_aton() reads "010" as octal 8 (§7.4), WHATWG's URL parser makes
 * an address of them or fails.  Jena: IP_V4_OCTET_RANGE. */
static void
check_ipv4_like (Forms         *forms,
                 const IriSpan *span)
{
  const char *p = forms->text + span->byte_start;
  const char *end = forms->text + span->byte_end;
  const char *too_big = NULL, *too_big_end = NULL;
  const char *zero = NULL, *zero_end = NULL;
  guint parts = 0;
  g_autofree char *host = NULL;

  while (p <= end)
    {
      const char *start = p;
      guint value = 0;

      while (p < end && g_ascii_isdigit (*p))
        {
          value = MIN (value * 10 + (*p - '0'), 100000);
          p++;
        }
      if (p == start || (p < end && *p != '.'))
        return;
      parts++;
      if (value > 255 && too_big == NULL)
        {
          too_big = start;
          too_big_end = p;
        }
      else if (p - start > 1 && *start == '0' && zero == NULL)
        {
          zero = start;
          zero_end = p;
        }
      p++;
    }
  if (parts != 4)
    return;

  host = quote_bytes (forms, span->byte_start, span->byte_end);
  if (too_big != NULL)
    {
      g_autofree char *number = g_strndup (too_big, too_big_end - too_big);

      add (forms, "form-ipv4-octet-range", IRI_COMPONENT_HOST, span->byte_start, span->byte_end,
           SPEC_IPV4,
           /* Translators: the first %s is a quoted host, the second a number */
           g_strdup_printf (_("The host %s looks like an IPv4 address, but %s is larger than 255, so it is a registered name that resolvers treat in different ways."),
                            host, number),
           g_strdup (_("Check the address: each of its four numbers is between 0 and 255.")));
    }
  if (zero != NULL)
    {
      g_autofree char *number = g_strndup (zero, zero_end - zero);
      g_autoptr(GString) fixed = g_string_new (NULL);
      g_autofree char *fixed_quoted = NULL;

      /* The same numbers without their leading zeros, read as decimal
       * as RFC 3986 means them. */
      for (const char *q = forms->text + span->byte_start; q < end; q++)
        {
          if (*q == '0' && (q == forms->text + span->byte_start || q[-1] == '.') &&
              q + 1 < end && g_ascii_isdigit (q[1]))
            {
              while (*q == '0' && q + 1 < end && g_ascii_isdigit (q[1]))
                q++;
            }
          g_string_append_c (fixed, *q);
        }
      fixed_quoted = iri_quote (fixed->str);
      add (forms, "form-ipv4-leading-zero", IRI_COMPONENT_HOST, span->byte_start, span->byte_end,
           SPEC_IPV4_ZERO,
           /* Translators: the first %s is a quoted host, the second a number */
           g_strdup_printf (_("The host %s looks like an IPv4 address, but %s has a leading zero, so it is a registered name; some resolvers read such a number as octal."),
                            host, number),
           /* Translators: %s is the quoted address */
           g_strdup_printf (_("Write the numbers without leading zeros: %s."), fixed_quoted));
    }
}

/* §6.2.2.1: a host is case-insensitive and its normal form is lower
 * case; RFC 5952 §4.3 says the same of the hex digits of an IPv6
 * address. */
static void
check_host (Forms *forms)
{
  const IriSpan *host = span_of (forms, IRI_COMPONENT_HOST);
  IriSpan span;
  IriHostKind kind = forms->view.host_kind;
  const char *p, *end;
  gboolean upper = FALSE;
  g_autofree char *quoted = NULL;
  g_autofree char *lower = NULL;
  g_autofree char *lower_quoted = NULL;

  if (host == NULL || host->byte_start == host->byte_end)
    return;
  span = *host;
  p = forms->text + span.byte_start;
  end = forms->text + span.byte_end;

  if (kind == IRI_HOST_IPV6)
    {
      if (end[-1] != ']')
        return;
      for (const char *q = p; q < end && !upper; q++)
        upper = *q >= 'A' && *q <= 'F';
      if (!upper)
        return;

      quoted = quote_bytes (forms, span.byte_start, span.byte_end);
      lower = g_ascii_strdown (p, end - p);
      lower_quoted = iri_quote (lower);
      add (forms, "form-ipv6-case", IRI_COMPONENT_HOST, span.byte_start, span.byte_end,
           SPEC_IPV6_CASE,
           /* Translators: %s is a quoted IPv6 literal such as “[2001:DB8::1]” */
           g_strdup_printf (_("The IPv6 address %s has upper-case hexadecimal digits; RFC 5952 recommends lower case."),
                            quoted),
           /* Translators: %s is the address in lower case */
           g_strdup_printf (_("Write %s."), lower_quoted));
      return;
    }

  if (kind != IRI_HOST_REG_NAME)
    return;

  if (g_ascii_isdigit (*p))
    check_ipv4_like (forms, &span);

  /* Only an all-ASCII host, as in the ladder's syntax-based rung
   * (RFC 3987 §5.3.2.1): in "RÉSUMÉ.example" or "Alpha%CE%B1" the case
   * is IDNA's mapping, and idna-invalid-host speaks for a mapping that
   * refuses it.  Most hosts are lower case: look for a capital first. */
  if (!has_upper (forms, span.byte_start, span.byte_end))
    return;
  for (const char *q = p; q < end; q++)
    {
      if ((guchar) *q >= 0x80)
        return;
      if (is_triplet (q, end))
        {
          if (iri_hex_value (q[1]) >= 8)
            return;
          q += 2;
        }
      else
        upper |= g_ascii_isupper (*q);
    }
  if (!upper)
    return;

  quoted = quote_bytes (forms, span.byte_start, span.byte_end);
  lower = ascii_down_outside_triplets (p, end - p);
  lower_quoted = iri_quote (lower);
  add (forms, "form-host-case", IRI_COMPONENT_HOST, span.byte_start, span.byte_end, SPEC_CASE,
       /* Translators: %s is a quoted host such as “Example.COM” */
       g_strdup_printf (_("The host %s has upper-case letters; host names are case-insensitive and lower case is their normal form."),
                        quoted),
       /* Translators: %s is the host in lower case */
       g_strdup_printf (_("Write %s."), lower_quoted));
}

/* The percent-encodings of one syntax component that share a finding:
 * how many, the first, and the stretch from the first to the last. */
typedef struct
{
  guint count;
  gsize first;
  gsize last_end;
} Tally;

static void
tally (Tally *t,
       gsize  start)
{
  if (t->count++ == 0)
    t->first = start;
  t->last_end = start + 3;
}

/* §2.1, §6.2.2.1: "For consistency, URI producers and normalizers
 * should use uppercase hexadecimal digits for all percent-encodings."
 * §2.3, §6.2.2.2: unreserved characters "should not be created by URI
 * producers" in percent-encoded form.  §3.2.2: a registered name meant
 * for the DNS is better given as IDNA A-labels than percent-encoded
 * (Jena: USE_PUNYCODE_NOT_PERCENTS); an IRI can give it in Unicode. */
static void
check_percent_in (Forms        *forms,
                  IriComponent  component)
{
  const IriSpan *stored = span_of (forms, component);
  IriSpan span;
  const char *p, *end;
  Tally lower = { 0, }, unreserved = { 0, }, non_ascii = { 0, };
  const char *name = iri_unit_name (component);
  gboolean reg_name;

  if (stored == NULL || stored->byte_start == stored->byte_end)
    return;
  span = *stored;
  p = forms->text + span.byte_start;
  end = forms->text + span.byte_end;
  reg_name = component == IRI_COMPONENT_HOST && forms->view.host_kind == IRI_HOST_REG_NAME;

  while ((p = memchr (p, '%', end - p)) != NULL)
    {
      guchar value;

      if (!is_triplet (p, end))
        {
          p++;
          continue;
        }
      value = iri_hex_value (p[1]) * 16 + iri_hex_value (p[2]);
      if (g_ascii_islower (p[1]) || g_ascii_islower (p[2]))
        tally (&lower, p - forms->text);
      if (value < 0x80 && iri_ascii_is (value, IRI_ASCII_UNRESERVED))
        tally (&unreserved, p - forms->text);
      if (reg_name && value >= 0x80)
        tally (&non_ascii, p - forms->text);
      p += 3;
    }

  if (lower.count > 0)
    {
      g_autofree char *first = quote_bytes (forms, lower.first, lower.first + 3);
      g_autofree char *upper = g_ascii_strup (forms->text + lower.first, 3);
      g_autofree char *upper_quoted = iri_quote (upper);

      add (forms, "form-percent-lowercase", component, lower.first, lower.last_end,
           SPEC_PERCENT_CASE,
           /* Translators: the first %s is a component name ("The path"),
            * %u a count, the last %s a quoted percent-encoding */
           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s has %u percent-encoding with lower-case hexadecimal digits (%s); upper case is the normal form.",
                                         "%s has %u percent-encodings with lower-case hexadecimal digits (the first is %s); upper case is the normal form.",
                                         lower.count),
                            name, lower.count, first),
           /* Translators: %s is a percent-encoding in upper case */
           g_strdup_printf (_("Write the hexadecimal digits in upper case (%s)."), upper_quoted));
    }

  if (unreserved.count > 0)
    {
      g_autofree char *first = quote_bytes (forms, unreserved.first, unreserved.first + 3);
      char decoded[2] = { iri_hex_value (forms->text[unreserved.first + 1]) * 16 +
                          iri_hex_value (forms->text[unreserved.first + 2]), '\0' };
      g_autofree char *decoded_quoted = iri_quote (decoded);

      add (forms, "form-percent-unreserved", component, unreserved.first, unreserved.last_end,
           SPEC_UNRESERVED,
           /* Translators: the first %s is a component name, %u a count,
            * then a quoted percent-encoding and the character it encodes */
           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s has %u percent-encoded unreserved character (%s is %s), which need not be encoded.",
                                         "%s has %u percent-encoded unreserved characters (the first: %s is %s), which need not be encoded.",
                                         unreserved.count),
                            name, unreserved.count, first, decoded_quoted),
           g_strdup (_("Write letters, digits, “-”, “.”, “_” and “~” as they are.")));
    }

  if (non_ascii.count > 0)
    {
      g_autofree char *quoted = quote_bytes (forms, span.byte_start, span.byte_end);
      g_autofree char *decoded = g_uri_unescape_segment (forms->text + span.byte_start,
                                                         forms->text + span.byte_end, NULL);
      g_autofree char *decoded_quoted = decoded != NULL && g_utf8_validate (decoded, -1, NULL)
                                          ? iri_quote (decoded) : NULL;

      add (forms, "form-host-percent-encoded", IRI_COMPONENT_HOST, span.byte_start, span.byte_end,
           SPEC_HOST_PERCENT,
           /* Translators: %s is a quoted host */
           g_strdup_printf (_("The host %s percent-encodes non-ASCII characters; a host name meant for the DNS is written in Unicode in an IRI, or as IDNA A-labels (punycode) in a URI."),
                            quoted),
           decoded_quoted != NULL
             /* Translators: %s is the quoted host in Unicode */
             ? g_strdup_printf (_("Write the host as %s, or as its A-labels (“xn--…”)."), decoded_quoted)
             : g_strdup (_("Write the host in Unicode, or as its A-labels (“xn--…”).")));
    }
}

/* §5.2.4, §6.2.2.3: "." and ".." segments are removed by resolution, so
 * a normalizer removes them, except at the start of a relative path,
 * where they say how far up the reference goes ("../a", "./b:c").
 * Jena: NON_INITIAL_DOT_SEGMENT. */
static void
check_dot_segments (Forms *forms)
{
  const IriSpan *stored = span_of (forms, IRI_COMPONENT_PATH);
  IriSpan path;
  const char *start, *end, *p;
  gboolean relative, leading;
  g_autofree char *fixed_quoted = NULL;

  if (stored == NULL || stored->byte_start == stored->byte_end ||
      memchr (forms->text + stored->byte_start, '.', stored->byte_end - stored->byte_start) == NULL)
    return;
  path = *stored;

  start = forms->text + path.byte_start;
  end = forms->text + path.byte_end;
  relative = *start != '/' &&
             span_of (forms, IRI_COMPONENT_SCHEME) == NULL &&
             span_of (forms, IRI_COMPONENT_AUTHORITY) == NULL;
  leading = relative;

  for (p = start; p <= end; )
    {
      const char *slash = memchr (p, '/', end - p);
      const char *seg_end = slash != NULL ? slash : end;
      gsize len = seg_end - p;
      gboolean dot = (len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.');

      if (!dot && !(len == 0 && p == start))
        leading = FALSE;
      if (dot && !leading)
        {
          g_autofree char *quoted = quote_bytes (forms, p - forms->text, seg_end - forms->text);

          if (fixed_quoted == NULL && !relative)
            {
              g_autofree char *whole = g_strndup (start, end - start);
              g_autofree char *fixed = iri_remove_dot_segments (whole, -1);

              fixed_quoted = iri_quote (fixed);
            }
          add (forms, "form-dot-segment", IRI_COMPONENT_PATH_SEGMENT,
               p - forms->text, seg_end - forms->text, SPEC_DOT_SEGMENT,
               /* Translators: %s is a quoted dot segment, “.” or “..” */
               g_strdup_printf (_("The path has the dot segment %s, which resolution removes; only a relative path starts with dot segments."),
                                quoted),
               fixed_quoted != NULL
                 /* Translators: %s is the quoted path without dot segments */
                 ? g_strdup_printf (_("Write the path without dot segments: %s."), fixed_quoted)
                 : g_strdup (_("Remove the dot segment and the segment it cancels.")));
        }
      if (slash == NULL)
        break;
      p = slash + 1;
    }
}

/* §3.2.3: "URI producers and normalizers should omit the port
 * component and its ":" delimiter if port is empty or if its value
 * would be the same as that of the scheme's default."  A leading zero
 * changes nothing but is not the normal decimal form (Jena:
 * PORT_SHOULD_NOT_START_IN_ZERO). */
static void
check_port (Forms *forms)
{
  const IriSpan *stored = span_of (forms, IRI_COMPONENT_PORT);
  const char *port = forms->view.strings[IRI_COMPONENT_PORT];
  IriSpan span;
  int number;

  if (port == NULL || stored == NULL)
    return;
  span = *stored;

  if (port[0] == '\0')
    {
      if (span.byte_start == 0)
        return;
      add (forms, "form-port-empty", IRI_COMPONENT_PORT, span.byte_start - 1, span.byte_start, SPEC_PORT,
           g_strdup (_("The port is empty: a “:” with no number after it means the scheme's default port.")),
           g_strdup (_("Remove the “:”.")));
      return;
    }

  /* Out of range or not a number: port-out-of-range and the syntax
   * findings speak for it. */
  number = forms->view.port_number;
  if (number < 0)
    return;

  {
    const char *scheme = forms->view.strings[IRI_COMPONENT_SCHEME];
    g_autofree char *lower = NULL;
    g_autofree char *quoted = NULL;

    /* Every default port in the table is one of these. */
    if ((number == 80 || number == 443 || number == 21) &&
        number == iri_scheme_default_port (scheme))
      {
        lower = g_ascii_strdown (scheme, -1);
        quoted = quote_bytes (forms, span.byte_start, span.byte_end);
        /* Removing it also removes any leading zero, so that is the
         * one finding. */
        add (forms, "form-port-default", IRI_COMPONENT_PORT, span.byte_start - 1, span.byte_end, SPEC_PORT,
             /* Translators: the first %s is a quoted port, the second a
              * scheme, %d the scheme's default port */
             g_strdup_printf (_("The port %s is the default port of %s (%d), which can be left out."),
                              quoted, lower, number),
             /* Translators: %s is the quoted port */
             g_strdup_printf (_("Remove “:” and the port %s."), quoted));
      }
    else if (port[0] == '0' && port[1] != '\0')
      {
        g_autofree char *plain = g_strdup_printf ("%d", number);
        g_autofree char *plain_quoted = iri_quote (plain);

        quoted = quote_bytes (forms, span.byte_start, span.byte_end);

        add (forms, "form-port-leading-zero", IRI_COMPONENT_PORT, span.byte_start, span.byte_end, SPEC_PORT,
             /* Translators: %s is a quoted port such as “0080” */
             g_strdup_printf (_("The port %s starts with a zero, which is not its normal decimal form."),
                              quoted),
             /* Translators: %s is the quoted port without leading zeros */
             g_strdup_printf (_("Write %s."), plain_quoted));
      }
  }
}

void
iri_preferred_forms_check (IriReference   *reference,
                           IriDiagnostics *diagnostics)
{
  static const IriComponent percent_components[] = {
    IRI_COMPONENT_USERINFO, IRI_COMPONENT_HOST, IRI_COMPONENT_PATH,
    IRI_COMPONENT_QUERY, IRI_COMPONENT_FRAGMENT,
  };
  Forms forms;

  forms.reference = reference;
  forms.diagnostics = diagnostics;
  iri_reference_peek_view (reference, &forms.view);
  forms.text = forms.view.text;

  check_scheme (&forms);
  check_host (&forms);
  check_port (&forms);
  check_dot_segments (&forms);

  /* The "%" positions: one memchr() over the text tells whether there
   * are any at all, which there are not in most IRIs. */
  if (memchr (forms.text, '%', forms.view.length) == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (percent_components); i++)
    check_percent_in (&forms, percent_components[i]);
}
