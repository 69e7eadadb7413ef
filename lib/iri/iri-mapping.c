/* iri-mapping.c: IRI → URI (RFC 3987bis §3.3–§3.6) and URI → IRI (§3.7)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-error.h"
#include "iri-idna-private.h"
#include "iri-display-policy.h"
#include "iri-mapping.h"
#include "iri-mapping-private.h"
#include "iri-safety-private.h"
#include "iri-ucd-private.h"
#include "iri-utf8-private.h"

static const char upper_hex[] = "0123456789ABCDEF";

/* §3.3 "Percent encode": upper-case hex, as the section says SHOULD.
 * The string grows once for all the triplets, and they are written in
 * place: a text outside ASCII is mostly such octets, and appending them
 * three characters at a time was a good part of the mapping's cost. */
static void
append_percent_upper (GString      *out,
                      const guchar *bytes,
                      gsize         n)
{
  gsize at = out->len;
  char *p;

  g_string_set_size (out, at + 3 * n);
  p = out->str + at;
  for (gsize i = 0; i < n; i++)
    {
      *p++ = '%';
      *p++ = upper_hex[bytes[i] >> 4];
      *p++ = upper_hex[bytes[i] & 0x0F];
    }
}

/* g_string_append_len() for the many short appends of §3.7, one a
 * decoded character: GLib before 2.76 has no inline fast path, and a
 * call through g_string_insert_len() for each was a tenth of the cost
 * of converting a URI for display. */
static inline void
out_append (GString    *out,
            const char *bytes,
            gsize       n)
{
  if (G_LIKELY (out->len + n < out->allocated_len))
    {
      memcpy (out->str + out->len, bytes, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, bytes, n);
}

static inline gboolean
is_pct_triplet (const char *text,
                gsize       pos,
                gsize       end)
{
  return text[pos] == '%' && pos + 2 < end &&
         iri_hex_value (text[pos + 1]) >= 0 && iri_hex_value (text[pos + 2]) >= 0;
}

/* §3.3: percent-encode the UTF-8 of every character that is not allowed
 * anywhere in a URI.  Working byte by byte gives the same result as
 * working character by character, because every byte of a non-ASCII
 * character's UTF-8 is at or above 0x80.  "%", "#", "[", "]" and every
 * other character allowed somewhere in a URI are copied as they are,
 * which is what makes the mapping the identity on URIs and idempotent. */
static inline gboolean
is_uri_octet (guchar b)
{
  return b < 0x80 && iri_ascii_is (b, IRI_ASCII_URI);
}

/* The octets to encode come in runs (the UTF-8 of a word), and each run
 * is encoded in one go.  In the text of a valid reference the octets to
 * copy are all its ASCII (@valid): §2.2 allows in an IRI no ASCII
 * character that §3.3 encodes (a space, "<", a "%" without two hex
 * digits… make a reference invalid), so they are found eight bytes at a
 * time. */
static void
append_uri_encoded (GString    *out,
                    const char *text,
                    gsize       length,
                    gboolean    valid)
{
  gsize i = 0;

  while (i < length)
    {
      gsize start = i;

      if (valid)
        i += iri_ascii_run_length (text + i, length - i);
      else
        {
          while (i < length && is_uri_octet (text[i]))
            i++;
        }
      if (i > start)
        out_append (out, text + start, i - start);

      start = i;
      while (i < length && !is_uri_octet (text[i]))
        i++;
      if (i > start)
        append_percent_upper (out, (const guchar *) text + start, i - start);
    }
}

/* §3.4.2 only concerns hosts that have characters outside ASCII, written
 * literally or percent-encoded as UTF-8.  Percent-encoded octets that are
 * not UTF-8 are not characters, so IDNA has nothing to say about them and
 * the host keeps its §3.3 form. */
static gboolean
host_needs_idna (const char *host,
                 gsize       length)
{
  g_autoptr(GString) decoded = NULL;
  gboolean non_ascii = FALSE;
  gsize offset, bad_length;

  for (gsize i = 0; i < length; i++)
    {
      if ((guchar) host[i] >= 0x80)
        return TRUE;
    }
  /* Nearly every ASCII host has no percent-encoding to look into. */
  if (memchr (host, '%', length) == NULL)
    return FALSE;

  decoded = g_string_sized_new (length);
  for (gsize i = 0; i < length; i++)
    {
      if (is_pct_triplet (host, i, length))
        {
          guchar b = iri_hex_value (host[i + 1]) * 16 + iri_hex_value (host[i + 2]);

          non_ascii |= b >= 0x80;
          g_string_append_c (decoded, (char) b);
          i += 2;
        }
      else
        g_string_append_c (decoded, host[i]);
    }

  return non_ascii &&
         iri_utf8_check (decoded->str, decoded->len, &offset, &bad_length) == IRI_UTF8_OK;
}

/* Where the host of @text is, by the split of RFC 3986 Appendix B (the
 * one iri_reference_parse_tolerant() makes): after "scheme:" and "//",
 * up to "/", "?", "#" or the end, after the last "@" and before a ":".
 * FALSE when there is no authority, or the host is an IP literal.  For
 * an all-ASCII text this saves a whole parse; a dotted IPv4 address
 * passes for a reg-name here, and passes the checks it gets as one. */
static gboolean
find_host (const char *text,
           gsize       length,
           gsize      *out_start,
           gsize      *out_end)
{
  gsize pos = 0;
  gsize i, auth_end, host_start;
  const char *colon;

  for (i = 0; i < length; i++)
    {
      if (text[i] == ':' || text[i] == '/' || text[i] == '?' || text[i] == '#')
        break;
    }
  if (i < length && text[i] == ':')
    pos = i + 1;

  if (length - pos < 2 || text[pos] != '/' || text[pos + 1] != '/')
    return FALSE;

  /* The host starts after the last "@" of the authority. */
  host_start = pos + 2;
  for (auth_end = host_start;
       auth_end < length && text[auth_end] != '/' && text[auth_end] != '?' && text[auth_end] != '#';
       auth_end++)
    {
      if (text[auth_end] == '@')
        host_start = auth_end + 1;
    }
  if (host_start < auth_end && text[host_start] == '[')
    return FALSE;

  colon = memchr (text + host_start, ':', auth_end - host_start);
  *out_start = host_start;
  *out_end = colon != NULL ? (gsize) (colon - text) : auth_end;
  return TRUE;
}

/* §3.6: map each component, then reassemble with the original
 * delimiters.  Only the host differs between the mappings, so the text
 * before and after it goes through §3.3 in one piece.  @reference, when
 * given, must have been parsed from @text. */
static char *
to_uri (const char      *text,
        gsize            length,
        IriReference    *reference,
        IriHostMapping   host_mapping,
        GError         **error)
{
  g_autoptr(IriReference) owned = NULL;
  GString *out;
  IriSpan host;
  gboolean valid = reference != NULL && iri_reference_is_valid (reference);

  if (host_mapping != IRI_HOST_MAPPING_PERCENT && reference == NULL)
    {
      gboolean plain = TRUE;
      gsize start, end;

      /* Without a byte outside ASCII or a "%", no host needs IDNA
       * (DESIGN.md §2: the all-ASCII fast path): the host is only
       * checked, and found without a parse. */
      for (gsize i = 0; i < length && plain; i++)
        plain = (guchar) text[i] < 0x80 && text[i] != '%';
      if (plain)
        {
          if (find_host (text, length, &start, &end) &&
              !iri_idna_check_ascii_host (text + start, end - start, host_mapping, error))
            return NULL;
          host_mapping = IRI_HOST_MAPPING_PERCENT;
        }
    }

  if (host_mapping != IRI_HOST_MAPPING_PERCENT)
    {
      if (reference == NULL)
        reference = owned = iri_reference_parse_tolerant (text, length, IRI_PARSE_DEFAULT);

      if (iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME &&
          iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host))
        {
          const char *name = text + host.byte_start;
          gsize name_len = host.byte_end - host.byte_start;

          if (host_needs_idna (name, name_len))
            {
              g_autofree char *ascii = NULL;

              ascii = iri_idna_to_ascii (name, name_len, host_mapping, error);
              if (ascii == NULL)
                return NULL;

              out = g_string_sized_new (length + length / 4 + 8);
              append_uri_encoded (out, text, host.byte_start, valid);
              g_string_append (out, ascii);
              append_uri_encoded (out, text + host.byte_end, length - host.byte_end, valid);
              return g_string_free (out, FALSE);
            }

          /* An ASCII host is kept as it is, but IDNA's lookup rules
           * hold for it as for the others: "xn--a", "foo-" or a
           * 64-octet label fail the conversion here just as they
           * would after a U-label (and as idn2(1) refuses them). */
          if (!iri_idna_check_ascii_host (name, name_len, host_mapping, error))
            return NULL;
        }
    }

  /* A valid reference all in ASCII is a URI already (§3.3 encodes
   * nothing in it): most lines of a log or a crawl. */
  if (valid && iri_reference_is_ascii (reference))
    return g_strndup (text, length);

  out = g_string_sized_new (length + length / 4 + 8);
  append_uri_encoded (out, text, length, valid);
  return g_string_free (out, FALSE);
}

/**
 * iri_to_uri:
 * @iri: an IRI reference,
 *   in UTF-8
 * @length: the length of @iri in bytes, or -1 if it is NUL-terminated
 * @host_mapping: how to map a registered name that has non-ASCII
 *   characters
 * @error: return location for a #GError
 *
 * Maps an IRI reference to a URI reference (RFC 3987bis §3.6).
 *
 * Every character that is not allowed anywhere in a URI is replaced by
 * the percent-encoded octets of its UTF-8 form, with upper-case hex
 * (§3.3): characters outside ASCII, the C0 controls, DEL, space and
 * `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and the backtick.  Everything
 * else is copied as it is: existing `%HH` triplets, a `%` that is not
 * followed by two hex digits, `#`, `[`, `]` and every other ASCII
 * character.  Nothing is changed to upper or lower case.
 *
 * The mapping is defined for any UTF-8 text, whether or not it is a valid
 * IRI (§3.3, last paragraph), it is the identity on URIs, and applying it
 * twice gives the same result as applying it once.
 *
 * The registered name of the host is mapped according to @host_mapping.
 * With [enum@Iri.HostMapping.PERCENT] it is percent-encoded like the rest
 * (§3.4.1): `http://résumé.example.org` becomes
 * `http://r%C3%A9sum%C3%A9.example.org`.  With one of the IDNA mappings
 * (§3.4.2), a host that has characters outside ASCII (written literally
 * or percent-encoded as UTF-8) is converted with IDNA Domain Name Lookup,
 * giving `http://xn--rsum-bpad.example.org`.  IP literals are left
 * alone, and so are hosts that are all ASCII, but these must follow the
 * same DNS and IDNA rules as a converted host: no empty label (but a
 * trailing dot), labels of at most 63 octets and a name of at most 253,
 * no hyphen at the start or end of a label, no `--` in its third and
 * fourth positions unless it is a valid A-label (`http://xn--a/` fails).
 * So must a label that the UTS #46 mapping turns into one starting with
 * `xn--` (UTS #46 §4 step 4): `ｘｎ--fa-hia` maps to the valid A-label
 * `xn--fa-hia`, but a label that maps to an invalid one fails, with
 * transitional processing too.
 *
 * Returns: (transfer full) (nullable): the URI reference, or `NULL` when
 *   @iri is not valid UTF-8 ([error@Iri.Error.INVALID_UTF8]), contains a
 *   NUL byte ([error@Iri.Error.EMBEDDED_NUL]) or its host cannot be
 *   converted with IDNA or breaks the rules above
 *   ([error@Iri.Error.IDNA], with the reason; §3.4.2 says that the
 *   conversion then fails as a whole)
 *
 * Since: 0.1
 */
char *
iri_to_uri (const char      *iri,
            gssize           length,
            IriHostMapping   host_mapping,
            GError         **error)
{
  g_return_val_if_fail (iri != NULL || length == 0, NULL);
  g_return_val_if_fail (host_mapping <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (iri == NULL)
    iri = "";
  if (length < 0)
    length = strlen (iri);

  if (!iri_utf8_validate_internal (iri, length, NULL, error))
    return NULL;

  return to_uri (iri, length, NULL, host_mapping, error);
}

/**
 * iri_reference_to_uri:
 * @self: a reference
 * @host_mapping: how to map a registered name that has non-ASCII
 *   characters
 * @error: return location for a #GError
 *
 * Maps a parsed IRI reference to a URI reference (RFC 3987bis §3.6), as
 * [func@Iri.to_uri] does with its text.
 *
 * A reference made by [func@Iri.Reference.parse_tolerant] always has
 * valid UTF-8 text, so with [enum@Iri.HostMapping.PERCENT] this never
 * fails.
 *
 * Returns: (transfer full) (nullable): the URI reference, or `NULL` when
 *   the host cannot be converted with IDNA ([error@Iri.Error.IDNA])
 *
 * Since: 0.1
 */
char *
iri_reference_to_uri (IriReference    *self,
                      IriHostMapping   host_mapping,
                      GError         **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (host_mapping <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return to_uri (iri_reference_get_text (self), iri_reference_get_length (self),
                 self, host_mapping, error);
}

/**
 * iri_host_to_ascii:
 * @host: a registered name,
 *   in UTF-8, possibly percent-encoded
 * @length: the length of @host in bytes, or -1 if it is NUL-terminated
 * @host_mapping: the mapping to apply
 * @error: return location for a #GError
 *
 * Converts a host name to the form it takes in a URI (RFC 3987bis §3.4).
 *
 * With [enum@Iri.HostMapping.PERCENT], the characters not allowed in a
 * URI are percent-encoded (§3.4.1).  With an IDNA mapping, percent-encoded
 * UTF-8 is decoded and the name goes through libidn2's Domain Name Lookup
 * (RFC 5891 §5.3–§5.5, §3.4.2), after UTS #46 processing for the two
 * UTS #46 mappings, even when it is all ASCII: "Fass.DE" becomes
 * "fass.de" with UTS #46, and an invalid A-label is refused, as are
 * the names that break the DNS's rules ([func@Iri.to_uri] lists them).  A
 * percent-encoded reserved character ("%2A", "%2F") is refused too:
 * decoding it would name a different host (RFC 3986 §2.2).
 *
 * Returns: (transfer full) (nullable): the ASCII host, or `NULL` with
 *   [error@Iri.Error.IDNA] (the message quotes the host and gives
 *   libidn2's reason), [error@Iri.Error.INVALID_UTF8] or
 *   [error@Iri.Error.EMBEDDED_NUL]
 *
 * Since: 0.1
 */
char *
iri_host_to_ascii (const char      *host,
                   gssize           length,
                   IriHostMapping   host_mapping,
                   GError         **error)
{
  GString *out;

  g_return_val_if_fail (host != NULL || length == 0, NULL);
  g_return_val_if_fail (host_mapping <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (host == NULL)
    host = "";
  if (length < 0)
    length = strlen (host);

  if (!iri_utf8_validate_internal (host, length, NULL, error))
    return NULL;

  if (host_mapping != IRI_HOST_MAPPING_PERCENT)
    return iri_idna_to_ascii (host, length, host_mapping, error);

  out = g_string_sized_new (length + 8);
  append_uri_encoded (out, host, length, FALSE);
  return g_string_free (out, FALSE);
}

/* URI → IRI (§3.7) */

/* The diagnostic codes of §3.7, as arrays so that a pending run can be
 * matched by pointer. */
static const char CODE_NOT_UTF8[] = "percent-encoded-not-utf8";
static const char CODE_NOT_DISPLAYABLE[] = "percent-encoded-not-displayable";
static const char CODE_UNSAFE_ENCODED[] = "unsafe-character-encoded";
static const char CODE_LABEL_KEPT[] = "unsafe-label-kept";

/* Why a character stays (or becomes) percent-encoded in §3.7 step 4. */
typedef enum {
  UNSAFE_NONE,
  UNSAFE_BIDI,
  UNSAFE_CONTROL,
  UNSAFE_SPACE,
  UNSAFE_INVISIBLE,
  UNSAFE_UNASSIGNED,
  UNSAFE_PRIVATE_USE,
  UNSAFE_LOOKALIKE,
  UNSAFE_DELIMITER,
  UNSAFE_MARK,
  UNSAFE_NOT_IRI,
} UnsafeReason;

/* A run of consecutive characters with the same finding, reported once
 * ("U+200B ZERO WIDTH SPACE and 2 more characters…"). */

typedef struct {
  const char     *text;
  gsize           length;
  GString        *out;
  gsize           char_pos;      /* of the next input character */
  gboolean        keep_punycode;
  /* The last character written can carry a combining mark: an ASCII
   * letter or digit, or a non-ASCII character written as itself.  After
   * a delimiter, a %HH kept encoded or at the start of a component a
   * mark would draw on top of the delimiter or the hex digit. */
  gboolean        prev_is_base;
  /* The text being converted as one component: the neighbours of a
   * character, for the look-alike rule, are taken inside it. */
  gsize           range_start;
  gsize           range_end;
  gsize           range_out_start;   /* where the component starts in out */
  /* The host labels shown (see iri_to_iri_convert()). */
  GArray         *labels;
  gboolean        apply;
  guint           label_index;
  IriDiagnostics  diagnostics;
  /* The caller does not want the diagnostics: they are not made.  The
   * display policy converts every IRI that has an A-label this way, and
   * wording a finding costs more than the conversion itself. */
  gboolean        quiet;
  IriRun          run;   /* tag: the UnsafeReason */
} ToIri;

static UnsafeReason
classify (gunichar     c,
          IriComponent component,
          gboolean     after_base,
          gunichar     before,
          gunichar     after)
{
  if (iri_char_is_display_safe (c, component))
    {
      if (c < 0x80)
        return UNSAFE_NONE;
      /* Step 4 also re-encodes what §2.2 does not allow: of the
       * characters that are safe to display, that is U+FFFD. */
      if (!iri_char_is_allowed_non_ascii (c, component == IRI_COMPONENT_QUERY))
        return UNSAFE_NOT_IRI;
      if (g_unichar_ismark (c) && !after_base)
        return UNSAFE_MARK;
      /* §5.1b: a look-alike of a delimiter would let the IRI be read
       * with another structure ("paypal.com∕login.evil.example"); the
       * rule is the analysis' own (`lookalike-delimiter`). */
      if (iri_safety_display_lookalike (c, before, after,
                                        component == IRI_COMPONENT_HOST ||
                                        component == IRI_COMPONENT_HOST_LABEL,
                                        NULL, NULL))
        return UNSAFE_DELIMITER;
      return UNSAFE_NONE;
    }

  if (iri_char_is_bidi_formatting (c))
    return UNSAFE_BIDI;

  /* A joiner where the word needs it is part of its spelling, and the
   * analysis accepts it there; anywhere else it is invisible.  The
   * character before it must have been written as itself, or converting
   * the result again would find the joiner after a "%HH". */
  if (after_base &&
      iri_safety_display_joiner (c, before, after,
                                 component == IRI_COMPONENT_HOST ||
                                 component == IRI_COMPONENT_HOST_LABEL))
    return UNSAFE_NONE;

  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
      return UNSAFE_CONTROL;
    case G_UNICODE_SPACE_SEPARATOR:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return UNSAFE_SPACE;
    case G_UNICODE_PRIVATE_USE:
      return UNSAFE_PRIVATE_USE;
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_SURROGATE:
      return UNSAFE_UNASSIGNED;
    case G_UNICODE_FORMAT:
      return UNSAFE_INVISIBLE;
    default:
      break;
    }

  /* The fillers are default-ignorable letters, but what the reader sees
   * is a blank. */
  if (c == 0x115F || c == 0x1160 || c == 0x2800 || c == 0x3164 || c == 0xFFA0)
    return UNSAFE_SPACE;
  if (iri_ucd_is_default_ignorable (c))
    return UNSAFE_INVISIBLE;   /* variation selectors, U+034F, tags, … */

  return UNSAFE_LOOKALIKE;
}

/* The message for a character that was already percent-encoded in the
 * input and stays so (§3.7 step 4). */
static char *
message_kept (const IriRun *run)
{
  g_autofree char *who = iri_run_describe (run);

  switch ((UnsafeReason) GPOINTER_TO_UINT (run->tag))
    {
    case UNSAFE_BIDI:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it is a bidi formatting character, which an IRI must not contain."), who);
    case UNSAFE_CONTROL:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it is a control character."), who);
    case UNSAFE_SPACE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it displays as blank space, so the IRI could not be read correctly."), who);
    case UNSAFE_INVISIBLE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it is invisible."), who);
    case UNSAFE_UNASSIGNED:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it is not an assigned character."), who);
    case UNSAFE_PRIVATE_USE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: private-use characters are only allowed in the query."), who);
    case UNSAFE_MARK:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: a combining mark here would draw on top of the delimiter before it."), who);
    case UNSAFE_NOT_IRI:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it is not allowed in an IRI."), who);
    case UNSAFE_DELIMITER:
      {
        g_autofree char *looks_like = NULL;
        const char *role = NULL;

        iri_safety_display_lookalike (run->first, 0, 0, TRUE, &looks_like, &role);
        /* Translators: the first %s names one or more characters, the
         * second is what they look like (quoted), the third a delimiter's
         * role such as "the path separator" */
        return g_strdup_printf (_("%s was left percent-encoded: it looks like %s, %s, so the IRI could be read with another structure."),
                                who, looks_like != NULL ? looks_like : "?", role != NULL ? role : "");
      }
    case UNSAFE_LOOKALIKE:
    case UNSAFE_NONE:
    default:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was left percent-encoded: it can be mistaken for part of the browser’s interface."), who);
    }
}

/* The message for a character of the input that was written as itself
 * and had to be percent-encoded to make the result safe to display. */
static char *
message_encoded (const IriRun *run)
{
  g_autofree char *who = iri_run_describe (run);

  switch ((UnsafeReason) GPOINTER_TO_UINT (run->tag))
    {
    case UNSAFE_BIDI:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it is a bidi formatting character, which an IRI must not contain."), who);
    case UNSAFE_CONTROL:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it is a control character."), who);
    case UNSAFE_SPACE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it displays as blank space, so the IRI could not be read correctly."), who);
    case UNSAFE_INVISIBLE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it is invisible."), who);
    case UNSAFE_UNASSIGNED:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it is not an assigned character."), who);
    case UNSAFE_PRIVATE_USE:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: private-use characters are only allowed in the query."), who);
    case UNSAFE_MARK:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: a combining mark here would draw on top of the delimiter before it."), who);
    case UNSAFE_NOT_IRI:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it is not allowed in an IRI."), who);
    case UNSAFE_DELIMITER:
      {
        g_autofree char *looks_like = NULL;
        const char *role = NULL;

        iri_safety_display_lookalike (run->first, 0, 0, TRUE, &looks_like, &role);
        /* Translators: the first %s names one or more characters, the
         * second is what they look like (quoted), the third a delimiter's
         * role such as "the path separator" */
        return g_strdup_printf (_("%s was percent-encoded: it looks like %s, %s, so the IRI could be read with another structure."),
                                who, looks_like != NULL ? looks_like : "?", role != NULL ? role : "");
      }
    case UNSAFE_LOOKALIKE:
    case UNSAFE_NONE:
    default:
      /* Translators: %s names one or more characters */
      return g_strdup_printf (_("%s was percent-encoded: it can be mistaken for part of the browser’s interface."), who);
    }
}

/* Octets longer than this are cut in the not-UTF-8 message. */
#define OCTETS_QUOTE_MAX 36

static void
flush_run (ToIri *self)
{
  IriRun *run = &self->run;
  IriDiagnostic *diagnostic;

  if (run->code == NULL)
    return;
  if (self->quiet)
    {
      run->code = NULL;
      return;
    }

  if (run->code == CODE_NOT_UTF8)
    {
      gsize n = run->span.byte_end - run->span.byte_start;
      g_autofree char *octets = g_strndup (self->text + run->span.byte_start,
                                           MIN (n, OCTETS_QUOTE_MAX));

      diagnostic =
        iri_diagnostic_new_take (run->code, IRI_SEVERITY_INFO, run->component, &run->span,
                                 "RFC 3987bis §3.7 step 3",
                                 /* Translators: %s is percent-encoded octets such as %FC,
                                  * the second %s is "…" when they were cut */
                                 g_strdup_printf (_("%s%s is not UTF-8 and was left encoded; no legacy charset is guessed."),
                                                  octets, n > OCTETS_QUOTE_MAX ? "…" : ""),
                                 NULL);
    }
  else if (run->code == CODE_NOT_DISPLAYABLE)
    {
      diagnostic =
        iri_diagnostic_new_take (run->code, IRI_SEVERITY_INFO, run->component, &run->span,
                                 GPOINTER_TO_UINT (run->tag) == UNSAFE_DELIMITER
                                   ? "RFC 3987bis §3.7 step 4, §5.1b"
                                   : "RFC 3987bis §3.7 step 4, §4.1, §5.1",
                                 message_kept (run), NULL);
    }
  else
    {
      diagnostic =
        iri_diagnostic_new_take (run->code, IRI_SEVERITY_WARNING, run->component, &run->span,
                                 "RFC 3987bis §3.7 step 4, §4.1, §5.1",
                                 message_encoded (run),
                                 g_strdup (_("The input was not a valid URI; check where this character came from.")));
    }

  iri_diagnostics_add (&self->diagnostics, diagnostic);
  run->code = NULL;
}

static void
report (ToIri        *self,
        const char   *code,
        UnsafeReason  reason,
        IriComponent  component,
        gunichar      c,
        gsize         byte_start,
        gsize         byte_end,
        gsize         char_start,
        gsize         char_end)
{
  IriRun *run = &self->run;

  /* Only the same character merges, so that the message can name it
   * ("U+200B ZERO WIDTH SPACE (3 times)"); octets that are not UTF-8
   * have no character and merge as long as they are adjacent. */
  if (iri_run_extend (run, code, component, GUINT_TO_POINTER (reason), c, TRUE, byte_start, byte_end, char_end))
    return;

  flush_run (self);
  iri_run_start (run, code, component, GUINT_TO_POINTER (reason), c, byte_start, byte_end, char_start, char_end);
}

/* The character the result ends with, inside the component being
 * converted, or 0 at its start: the neighbour before the next character
 * as a second conversion of the result will see it.  It is the one the
 * look-alike and joiner rules are asked with, so that they decide alike
 * both times (before "ン", "。" written as itself is a CJK neighbour, but
 * kept encoded, "%E3%80%82", it is a hex digit, and the conversion of
 * "。ン" must give what its own result converts to). */
static gunichar
char_before_out (const ToIri *self)
{
  const char *end = self->out->str + self->out->len;
  const char *start = self->out->str + self->range_out_start;

  if (end <= start)
    return 0;
  return g_utf8_get_char (g_utf8_find_prev_char (start, end));
}

/* The character that the text at @pos stands for, inside the component
 * being converted, or 0 at its end: a character written as itself, or
 * the one that the %HH triplets there encode when their octets start
 * with legal UTF-8 ("%" when they do not, which is what stays).
 *
 * The look-alike and joiner rules of step 4 look at this neighbour, and
 * it must be the same whether the neighbour is decoded or kept encoded,
 * or converting the result again would change it: when a "%" was the
 * neighbour, "ノ%E3%83%8E" became "%E3%83%8E%E3%83%8E" (the first ノ
 * next to a "%", the second after a hex digit), which converted again
 * gave "ノノ". */
static gunichar
char_at (const ToIri *self,
         gsize        pos)
{
  guchar octets[4];
  gsize n = 0, offset, bad_length;
  const char *p;

  if (pos >= self->range_end)
    return 0;
  if (!is_pct_triplet (self->text, pos, self->range_end))
    return g_utf8_get_char (self->text + pos);

  while (n < sizeof octets && pos + 3 * n < self->range_end &&
         is_pct_triplet (self->text, pos + 3 * n, self->range_end))
    {
      const char *t = self->text + pos + 3 * n;

      octets[n++] = iri_hex_value (t[1]) * 16 + iri_hex_value (t[2]);
    }
  iri_utf8_check ((const char *) octets, n, &offset, &bad_length);
  if (offset == 0 || octets[0] == 0)
    return '%';
  p = (const char *) octets;
  return iri_utf8_next (&p);
}

/* A character written as itself in the input.  A URI has only ASCII,
 * but the input may already be an IRI; whatever is not safe to display
 * is percent-encoded so that the result always is. */
static void
convert_literal (ToIri        *self,
                 gunichar      c,
                 gsize         byte_start,
                 gsize         byte_end,
                 IriComponent  component)
{
  UnsafeReason reason = classify (c, component, self->prev_is_base,
                                  char_before_out (self), char_at (self, byte_end));

  if (reason == UNSAFE_NONE)
    {
      out_append (self->out, self->text + byte_start, byte_end - byte_start);
      self->prev_is_base = c >= 0x80 || g_ascii_isalnum (c);
    }
  else
    {
      append_percent_upper (self->out, (const guchar *) self->text + byte_start,
                            byte_end - byte_start);
      report (self, CODE_UNSAFE_ENCODED, reason, component, c,
              byte_start, byte_end, self->char_pos, self->char_pos + 1);
      self->prev_is_base = FALSE;
    }
  self->char_pos++;
}

/* Whether a hex digit appended to @out would make its last characters a
 * %HH triplet: @out ends with "%" or with "%" and one hex digit.  (A
 * complete triplet ends with two hex digits, so the "%" found is always
 * a stray one.) */
static gboolean
completes_triplet (const GString *out)
{
  return (out->len >= 1 && out->str[out->len - 1] == '%') ||
         (out->len >= 2 && out->str[out->len - 2] == '%' && g_ascii_isxdigit (out->str[out->len - 1]));
}

/* Steps 2–5 for a run of @n consecutive %HH triplets starting at
 * @start.  Decoding the run as a whole lets a character's UTF-8 span
 * several triplets. */
static void
convert_percent_run (ToIri        *self,
                     gsize         start,
                     gsize         n,
                     IriComponent  component)
{
  const char *text = self->text;
  gsize run_chars = self->char_pos;
  guchar stack_buf[256];
  g_autofree guchar *heap_buf = NULL;
  guchar *buf = n <= sizeof stack_buf ? stack_buf : (heap_buf = g_malloc (n));
  gsize i = 0;

  for (gsize k = 0; k < n; k++)
    buf[k] = iri_hex_value (text[start + 3 * k + 1]) * 16 + iri_hex_value (text[start + 3 * k + 2]);

  while (i < n)
    {
      gsize offset, bad_length;
      IriUtf8Problem problem;
      gsize j = i;

      /* Step 3: only strictly legal UTF-8 (Unicode §3.9) is decoded. */
      problem = iri_utf8_check ((const char *) buf + i, n - i, &offset, &bad_length);

      while (j < i + offset)
        {
          const char *cp = (const char *) buf + j;
          gunichar c = iri_utf8_next (&cp);
          gsize clen = cp - ((const char *) buf + j);
          gsize tpos = start + 3 * j;
          gunichar before = char_before_out (self);


          if (c < 0x80)
            {
              /* Step 2: "%", reserved characters and the ASCII that a URI
               * does not allow stay encoded, with their case; unreserved
               * characters are decoded, unless a hex digit would complete
               * a stray "%" or "%X" before it into a triplet that was not
               * in the URI ("%C%33%9A" must not become "%C3%9A"). */
              if (iri_ascii_is (c, IRI_ASCII_UNRESERVED) &&
                  !(g_ascii_isxdigit (c) && completes_triplet (self->out)))
                {
                  g_string_append_c (self->out, (char) c);
                  self->prev_is_base = g_ascii_isalnum (c);
                }
              else
                {
                  out_append (self->out, text + tpos, 3);
                  self->prev_is_base = FALSE;
                }
            }
          else
            {
              /* Step 4.  The neighbours of a decoded character, for
               * the look-alike and joiner rules: the result written so
               * far before it, and after it what the text there stands
               * for (char_at()), which inside a stretch of legal UTF-8
               * is the character decoded next. */
              gunichar next;
              UnsafeReason reason;

              if (j + clen < i + offset)
                {
                  const char *np = (const char *) buf + j + clen;

                  next = iri_utf8_next (&np);
                }
              else
                next = char_at (self, tpos + 3 * clen);
              reason = classify (c, component, self->prev_is_base, before, next);

              if (reason == UNSAFE_NONE)
                {
                  out_append (self->out, (const char *) buf + j, clen);
                  self->prev_is_base = TRUE;
                }
              else
                {
                  append_percent_upper (self->out, buf + j, clen);
                  report (self, CODE_NOT_DISPLAYABLE, reason, component, c,
                          tpos, tpos + 3 * clen, run_chars + 3 * j, run_chars + 3 * (j + clen));
                  self->prev_is_base = FALSE;
                }
            }
          j += clen;
        }
      i += offset;

      if (problem == IRI_UTF8_OK)
        break;

      if (problem == IRI_UTF8_NUL)
        {
          /* %00 is a control, which step 2 does not decode. */
          out_append (self->out, text + start + 3 * i, 3);
        }
      else
        {
          append_percent_upper (self->out, buf + i, bad_length);
          report (self, CODE_NOT_UTF8, UNSAFE_NONE, component, 0,
                  start + 3 * i, start + 3 * (i + bad_length),
                  run_chars + 3 * i, run_chars + 3 * (i + bad_length));
        }
      self->prev_is_base = FALSE;
      i += bad_length;
    }

  self->char_pos = run_chars + 3 * n;
}

/* Steps 1–5 on text[start, end), which is all in @component. */
static void
convert_range (ToIri        *self,
               gsize         start,
               gsize         end,
               IriComponent  component)
{
  const char *text = self->text;
  gsize p = start;

  /* A mark at the start of a component has nothing of its own to attach
   * to. */
  self->prev_is_base = FALSE;
  self->range_start = start;
  self->range_end = end;
  self->range_out_start = self->out->len;

  while (p < end)
    {
      if (is_pct_triplet (text, p, end))
        {
          gsize q = p;

          while (q < end && is_pct_triplet (text, q, end))
            q += 3;
          convert_percent_run (self, p, (q - p) / 3, component);
          p = q;
        }
      else if (text[p] > 0x20 && text[p] < 0x7F && text[p] != '%')
        {
          /* A run of printable ASCII: always safe to display (step 4) and
           * copied as it is, in one go. */
          gsize q = p + 1;

          while (q < end && text[q] > 0x20 && text[q] < 0x7F && text[q] != '%')
            q++;
          out_append (self->out, text + p, q - p);
          self->prev_is_base = g_ascii_isalnum (text[q - 1]);
          self->char_pos += q - p;
          p = q;
        }
      else
        {
          const char *next = text + p;
          gunichar c = iri_utf8_next (&next);

          convert_literal (self, c, p, next - text, component);
          p = next - text;
        }
    }
}

/* §5.1b for step 6: whether the U-label @unicode has a character that
 * looks like a delimiter (IDNA2008 allows a few letters that do, such
 * as U+A4F8 LISU LETTER TONE MYA TI, “.”).  Returns it, or 0. */
static gunichar
u_label_lookalike (const char *unicode)
{
  gunichar before = 0;

  for (const char *p = unicode; *p != '\0';)
    {
      gunichar c = iri_utf8_next (&p);
      gunichar after = *p != '\0' ? g_utf8_get_char (p) : 0;

      if (iri_safety_display_lookalike (c, before, after, TRUE, NULL, NULL))
        return c;
      before = c;
    }
  return 0;
}

/* The note for a label shown as the URI has it. */
static void
report_label_kept (ToIri         *self,
                   const IriSpan *span,
                   char          *message)
{
  flush_run (self);
  iri_diagnostics_add (&self->diagnostics,
                       iri_diagnostic_new_take (CODE_LABEL_KEPT, IRI_SEVERITY_INFO,
                                                IRI_COMPONENT_HOST_LABEL, span,
                                                "RFC 3987bis §3.7 step 4, §5.1b, §7.5; UTS #39 §5",
                                                message,
                                                g_strdup (_("Check the host before trusting it; it is shown as the URI has it so that it cannot pass for another one."))));
}

/* The note for the "xn--" label at [start, end), kept because its
 * U-label @unicode has @lookalike. */
static void
report_lookalike_label (ToIri      *self,
                        gsize       start,
                        gsize       end,
                        const char *unicode,
                        gunichar    lookalike)
{
  gsize n = end - start;
  IriSpan span = { start, end, self->char_pos, self->char_pos + n };
  g_autofree char *who = iri_char_describe (lookalike);
  g_autofree char *looks_like = NULL;
  g_autofree char *shown = iri_quote (unicode);
  g_autofree char *kept = g_strndup (self->text + start, n);
  g_autofree char *kept_quoted = iri_quote (kept);
  const char *role = NULL;

  iri_safety_display_lookalike (lookalike, 0, 0, TRUE, &looks_like, &role);
  report_label_kept (self, &span,
                     /* Translators: the first %s is a host label (quoted), the
                      * second its A-label (quoted), the third names a character,
                      * the fourth what it looks like (quoted), the fifth a
                      * delimiter's role such as "the path separator" */
                     g_strdup_printf (_("The host label %s is shown as its A-label %s: %s looks like %s, %s, so the host could be read with another structure."),
                                      shown, kept_quoted, who, looks_like, role));
}

/* Step 6 for one "xn--" label at [start, end). */
static void
convert_a_label (ToIri *self,
                 gsize  start,
                 gsize  end)
{
  const char *text = self->text;
  gsize n = end - start;
  g_autofree char *unicode = NULL;
  gunichar lookalike;

  flush_run (self);
  unicode = iri_idna_to_unicode (text + start, n, self->quiet ? NULL : &self->diagnostics,
                                 start, self->char_pos);

  /* A valid A-label never decodes to ASCII: a U-label that differs from
   * the text is a decoded one. */
  if (strlen (unicode) != n || memcmp (unicode, text + start, n) != 0)
    {
      lookalike = u_label_lookalike (unicode);
      if (lookalike != 0)
        {
          if (!self->quiet)
            report_lookalike_label (self, start, end, unicode, lookalike);
          g_string_append_len (self->out, text + start, n);
          self->char_pos += n;
          self->prev_is_base = TRUE;
          return;
        }
    }

  g_string_append (self->out, unicode);
  self->char_pos += n;
  self->prev_is_base = TRUE;
}

/* A label the caller decided to keep as the URI has it (the display
 * policy's strict level).  A URI's label is ASCII (an A-label, or
 * percent-encoding) and is copied.  An IRI given as input may have
 * literal characters outside ASCII: they are percent-encoded (§3.3), the
 * form the IRI maps to, so that the result still maps back to the same
 * URI (an A-label would not, with the percent host mapping), and so are
 * controls and spaces. */
static void
keep_label (ToIri               *self,
            gsize                start,
            gsize                end,
            const IriShownLabel *label)
{
  gsize n_chars = g_utf8_strlen (self->text + start, end - start);
  IriSpan span = { start, end, self->char_pos, self->char_pos + n_chars };
  gsize out_start = self->out->len;
  g_autofree char *kept = NULL;
  g_autofree char *kept_quoted = NULL;

  flush_run (self);
  /* Printable ASCII stays as the conversion copies it elsewhere (a "`"
   * written as "%60" would not decode again, and the label would be
   * judged as a different one the next time). */
  for (gsize i = start; i < end; i++)
    {
      guchar b = self->text[i];

      if (b > 0x20 && b < 0x7F)
        g_string_append_c (self->out, (char) b);
      else
        append_percent_upper (self->out, &b, 1);
    }
  if (!self->quiet)
    {
      kept = g_strndup (self->out->str + out_start, self->out->len - out_start);
      kept_quoted = iri_quote (kept);
      report_label_kept (self, &span,
                         /* Translators: the first %s is a host label as the URI has it
                          * (quoted), the second a diagnostic code such as
                          * confusable-mixed-script, the third that finding's message */
                         g_strdup_printf (_("The host label %s was not decoded, because the analysis flags its decoded form (%s): %s"),
                                          kept_quoted, label->keep_code, label->keep_message));
    }
  self->char_pos += n_chars;
  self->prev_is_base = TRUE;
}

/* The host, label by label: step 6 for the "xn--" labels of a
 * registered name, steps 2–5 for the others. */
static void
convert_host (ToIri       *self,
              gsize        start,
              gsize        end,
              IriHostKind  kind)
{
  const char *text = self->text;
  gsize label_start = start;

  if (kind != IRI_HOST_REG_NAME)
    {
      convert_range (self, start, end, IRI_COMPONENT_HOST);
      return;
    }

  while (label_start <= end)
    {
      const char *dot = memchr (text + label_start, '.', end - label_start);
      gsize label_end = dot != NULL ? (gsize) (dot - text) : end;
      gsize n = label_end - label_start;
      gsize out_start = self->out->len;
      gsize char_start = self->char_pos;
      IriShownLabel *shown = NULL;
      gboolean ldh = TRUE;

      if (self->labels != NULL && self->apply)
        {
          if (self->label_index < self->labels->len)
            shown = &g_array_index (self->labels, IriShownLabel, self->label_index);
          self->label_index++;
        }

      for (gsize i = label_start; i < label_end && ldh; i++)
        ldh = g_ascii_isalnum (text[i]) || text[i] == '-';

      if (shown != NULL && shown->keep_code != NULL)
        keep_label (self, label_start, label_end, shown);
      else if (!self->keep_punycode && ldh && n >= 4 &&
               g_ascii_strncasecmp (text + label_start, "xn--", 4) == 0)
        convert_a_label (self, label_start, label_end);
      else
        convert_range (self, label_start, label_end, IRI_COMPONENT_HOST);

      if (self->labels != NULL && !self->apply)
        {
          IriShownLabel label = {
            { label_start, label_end, char_start, self->char_pos },
            out_start, self->out->len, FALSE, NULL, NULL,
          };

          for (gsize i = out_start; i < self->out->len && !label.decoded; i++)
            label.decoded = (guchar) self->out->str[i] >= 0x80;
          g_array_append_val (self->labels, label);
        }

      if (dot == NULL)
        break;
      g_string_append_c (self->out, '.');
      self->char_pos++;
      label_start = label_end + 1;
    }
}

static void
to_iri_init (ToIri         *self,
             const char    *text,
             gsize          length,
             IriToIriFlags  flags)
{
  memset (self, 0, sizeof *self);
  self->text = text;
  self->length = length;
  self->out = g_string_sized_new (length + 1);
  self->keep_punycode = (flags & IRI_TO_IRI_KEEP_PUNYCODE) != 0;
}

static char *
to_iri_finish (ToIri       *self,
               GListModel **out_diagnostics)
{
  flush_run (self);

  if (out_diagnostics != NULL)
    {
      g_autoptr(GPtrArray) diagnostics = iri_diagnostics_steal (&self->diagnostics);

      *out_diagnostics = iri_diagnostics_to_model (diagnostics);
    }
  else
    iri_diagnostics_clear (&self->diagnostics);

  return g_string_free (self->out, FALSE);
}

/* to_iri_finish() for the display policy: the notes as an array, NULL
 * when there are none, so that the many conversions with nothing to
 * note make no list at all. */
static char *
to_iri_finish_array (ToIri      *self,
                     GPtrArray **out_diagnostics)
{
  flush_run (self);

  if (out_diagnostics != NULL)
    *out_diagnostics = self->diagnostics.items != NULL || self->diagnostics.n_dropped > 0
                       ? iri_diagnostics_steal (&self->diagnostics)
                       : NULL;
  else
    iri_diagnostics_clear (&self->diagnostics);

  return g_string_free (self->out, FALSE);
}

/* Most URIs have nothing for §3.7 to do: no "%" to decode, only
 * printable ASCII (all of it safe to display) and no A-label for step 6.
 * They are returned as they are, without parsing (DESIGN.md §2: the
 * all-ASCII fast path). */
gboolean
iri_to_iri_is_plain (const char    *text,
                     gsize          length,
                     IriToIriFlags  flags)
{
  /* 1 for printable ASCII other than "%", 2 for the "x" that may start
   * "xn--", 0 for the rest: one load a byte, for the lines of a batch
   * that take this path. */
  static const guint8 kind[256] = {
    [0x21 ... 0x24] = 1,          /* "!" to "$" */
    [0x26 ... 0x57] = 1,          /* "&" to "W" */
    ['X'] = 2,
    [0x59 ... 0x77] = 1,          /* "Y" to "w" */
    ['x'] = 2,
    [0x79 ... 0x7E] = 1,          /* "y" to "~" */
  };
  gboolean keep_punycode = (flags & IRI_TO_IRI_KEEP_PUNYCODE) != 0;

  for (gsize i = 0; i < length; i++)
    {
      guint8 k = kind[(guchar) text[i]];

      if (G_LIKELY (k == 1))
        continue;
      if (k == 0)
        return FALSE;
      if (!keep_punycode && i + 3 < length && g_ascii_strncasecmp (text + i, "xn--", 4) == 0)
        return FALSE;
    }
  return TRUE;
}

/**
 * iri_uri_to_iri:
 * @uri: a URI reference (or
 *   an IRI reference), in UTF-8
 * @length: the length of @uri in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @out_diagnostics: (out) (optional) (transfer full):
 *   where to store what was left encoded or changed, with spans in @uri
 * @error: return location for a #GError
 *
 * Converts a URI reference to an IRI reference for display (RFC 3987bis
 * §3.7).
 *
 * Percent-encoded UTF-8 is decoded (`http://www.example.org/D%C3%BCrst`
 * becomes `http://www.example.org/Dürst`), except where the result would
 * not mean the same or could not be read safely:
 *
 * - step 2: `%25`, reserved characters (`%2F`, `%3F`, `%23`, …) and
 *   ASCII that a URI does not allow stay encoded, in their original case;
 *   percent-encoded unreserved characters (`%7E`, `%41`) are decoded,
 *   which is the one way in which the round trip through
 *   [func@Iri.to_uri] may differ from @uri besides the case of `%HH`;
 * - step 3: octets that are not strictly legal UTF-8 are not decoded, and
 *   no legacy charset is guessed: `r%E9sum%E9` stays as it is;
 * - step 4: characters that are not safe to display (bidi formatting
 *   characters, controls, invisible and default-ignorable characters,
 *   spaces and blank look-alikes, noncharacters, unassigned code points,
 *   private-use characters outside the query, the lock emoji, and a
 *   combining mark that would attach to a delimiter) stay encoded, and so
 *   does, in every component, a character that looks like a delimiter
 *   (§5.1b: `%E2%88%95`, U+2215 DIVISION SLASH, stays, so
 *   `http://paypal.com%E2%88%95login.evil.example/` cannot show a host
 *   that seems to end at `.com`);
 * - step 6: `xn--` labels of a registered name are converted to
 *   U-labels, unless @flags has [flags@Iri.ToIriFlags.KEEP_PUNYCODE], but
 *   only when the A-label is valid (RFC 5891 §5.4) and its U-label is
 *   safe to display; otherwise it stays and an `idna-invalid-a-label`
 *   warning says why.
 *
 * This is the default display policy's conversion
 * ([func@Iri.DisplayPolicy.get_default], strict): a host label that the
 * analysis flags as a possible spoof (`http://xn--80ak6aa92e.com/`,
 * all Cyrillic “аррӏе”) is not decoded either, and an `unsafe-label-kept`
 * note says which finding kept it.  Use
 * [method@Iri.DisplayPolicy.uri_to_iri] for another level or with known
 * hosts.
 *
 * Octets that are re-encoded use upper-case hex, so `%e2%80%ae` (U+202E)
 * becomes `%E2%80%AE`.  Characters of @uri that are written as
 * themselves and are not safe to display are percent-encoded too, so
 * the result is always safe to display.
 *
 * Returns: (transfer full) (nullable): the IRI reference, or `NULL` when
 *   @uri is not valid UTF-8 ([error@Iri.Error.INVALID_UTF8]) or contains
 *   a NUL byte ([error@Iri.Error.EMBEDDED_NUL])
 *
 * Since: 0.1
 */
char *
iri_uri_to_iri (const char     *uri,
                gssize          length,
                IriToIriFlags   flags,
                GListModel    **out_diagnostics,
                GError        **error)
{
  g_return_val_if_fail (uri != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return iri_display_policy_uri_to_iri (NULL, uri, length, flags, out_diagnostics, error);
}

static void
shown_label_clear (gpointer data)
{
  IriShownLabel *label = data;

  g_clear_pointer (&label->keep_message, g_free);
}

GArray *
iri_shown_labels_new (void)
{
  /* Room for the labels of most hosts, so that the conversion of one
   * does not grow the array label by label. */
  GArray *labels = g_array_sized_new (FALSE, FALSE, sizeof (IriShownLabel), 8);

  g_array_set_clear_func (labels, shown_label_clear);
  return labels;
}

char *
iri_to_iri_convert (IriReference   *parsed,
                    const char     *uri,
                    gsize           length,
                    IriToIriFlags   flags,
                    GArray         *labels,
                    gboolean        apply,
                    GPtrArray     **out_diagnostics)
{
  static const IriComponent order[] = {
    IRI_COMPONENT_SCHEME,
    IRI_COMPONENT_USERINFO,
    IRI_COMPONENT_HOST,
    IRI_COMPONENT_PORT,
    IRI_COMPONENT_PATH,
    IRI_COMPONENT_QUERY,
    IRI_COMPONENT_FRAGMENT,
  };
  g_autoptr(IriReference) reference = NULL;
  ToIri self;
  gsize pos = 0;

  /* The split does not depend on the flags nor on how strictly the text
   * was parsed (RFC 3986 Appendix B), so a caller's parse serves. */
  reference = parsed != NULL ? iri_reference_ref (parsed)
                             : iri_reference_parse_tolerant (uri, length, IRI_PARSE_DEFAULT);
  to_iri_init (&self, uri, length, flags);
  self.labels = labels;
  self.apply = apply;
  self.quiet = out_diagnostics == NULL;

  /* Go through the components in text order; what lies between them is
   * delimiters. */
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      IriSpan span;

      if (!iri_reference_get_span (reference, order[i], &span))
        continue;

      if (span.byte_start > pos)
        convert_range (&self, pos, span.byte_start, IRI_COMPONENT_IRI);

      if (order[i] == IRI_COMPONENT_HOST)
        convert_host (&self, span.byte_start, span.byte_end,
                      iri_reference_get_host_kind (reference));
      else
        convert_range (&self, span.byte_start, span.byte_end, order[i]);
      pos = span.byte_end;
    }
  if (pos < length)
    convert_range (&self, pos, length, IRI_COMPONENT_IRI);

  return to_iri_finish_array (&self, out_diagnostics);
}

/* Whether convert_range() would write text[start, end) of an IRI back as
 * it is after §3.3 percent-encoded its characters outside ASCII: every
 * one of them is decoded by step 4, which classify() decides with the
 * context convert_percent_run() gives it.  The encoded characters form
 * runs of triplets between literal ASCII (the text has no "%"), so a
 * character's neighbours are the text's own, inside the component, and
 * it follows a base when the character before it in the component is an
 * ASCII letter or digit or a character outside ASCII (which was decoded,
 * or the answer is already FALSE). */
static gboolean
range_restores (const char   *text,
                gsize         start,
                gsize         end,
                IriComponent  component)
{
  const char *p = text + start;
  gunichar before = 0;
  gboolean after_base = FALSE;

  while (p < text + end)
    {
      gunichar c = iri_utf8_next (&p);

      if (c >= 0x80)
        {
          gunichar after = p < text + end ? g_utf8_get_char (p) : 0;

          if (classify (c, component, after_base, before, after) != UNSAFE_NONE)
            return FALSE;
        }
      after_base = c >= 0x80 || g_ascii_isalnum (c);
      before = c;
    }
  return TRUE;
}

/* Whether convert_host() writes the registered name text[start, end)
 * back as it is from uri[uri_start, uri_end), its form in the URI that
 * §3.3 and an IDNA mapping (§3.4.2) gave for the text.  Both are split
 * on the ASCII full stop, as convert_host() splits the URI's, and the
 * labels are paired in order:
 *
 *  - an ASCII label must be the same in both, and not begin with "xn--":
 *    convert_range() copies printable ASCII without "%" (the caller has
 *    checked that the text has no other ASCII), and step 6 only decodes
 *    "xn--" labels;
 *  - a label outside ASCII, a U-label @u, must stand against the A-label
 *    that the IDNA2008 lookup gives for it: decoded, it is @u again, and
 *    passes the checks of RFC 5891 §5.4 (iri_idna_a_label_shows_as());
 *    step 6 then shows @u if it is safe to display (checked there too)
 *    and has no character that looks like a delimiter (§5.1b, the test
 *    convert_a_label() makes with u_label_lookalike()).
 *
 * Whatever mapping made the URI (IDNA2008, UTS #46 nontransitional or
 * transitional, or none, the host then percent-encoded), only what the
 * URI holds is relied on, and a label that the mapping changed (ß under
 * transitional processing, upper case, a name normalized to NFC) fails
 * the comparison.  *@out_decoded is set when a label was decoded. */
static gboolean
host_restores (const char *text,
               gsize       start,
               gsize       end,
               const char *uri,
               gsize       uri_start,
               gsize       uri_end,
               gboolean   *out_decoded)
{
  /* A U-label holds at most 59 characters (its A-label, 63 octets). */
  char u_label[256];

  while (TRUE)
    {
      const char *dot = memchr (text + start, '.', end - start);
      const char *uri_dot = memchr (uri + uri_start, '.', uri_end - uri_start);
      gsize label_end = dot != NULL ? (gsize) (dot - text) : end;
      gsize uri_label_end = uri_dot != NULL ? (gsize) (uri_dot - uri) : uri_end;
      gsize n = label_end - start;
      gsize uri_n = uri_label_end - uri_start;
      gboolean ascii = TRUE;

      if ((dot == NULL) != (uri_dot == NULL))
        return FALSE;
      for (gsize i = start; i < label_end && ascii; i++)
        ascii = (guchar) text[i] < 0x80;

      if (ascii)
        {
          if (n != uri_n || memcmp (text + start, uri + uri_start, n) != 0 ||
              (n >= 4 && g_ascii_strncasecmp (text + start, "xn--", 4) == 0))
            return FALSE;
        }
      else
        {
          if (n >= sizeof u_label)
            return FALSE;
          memcpy (u_label, text + start, n);
          u_label[n] = '\0';
          if (!iri_idna_a_label_shows_as (uri + uri_start, uri_n, u_label) ||
              u_label_lookalike (u_label) != 0)
            return FALSE;
          *out_decoded = TRUE;
        }

      if (dot == NULL)
        return TRUE;
      start = label_end + 1;
      uri_start = uri_label_end + 1;
    }
}

gboolean
iri_to_iri_restores_text (IriReference *reference,
                          const char   *uri,
                          gboolean     *out_decoded)
{
  static const IriComponent order[] = {
    IRI_COMPONENT_SCHEME,
    IRI_COMPONENT_USERINFO,
    IRI_COMPONENT_HOST,
    IRI_COMPONENT_PORT,
    IRI_COMPONENT_PATH,
    IRI_COMPONENT_QUERY,
    IRI_COMPONENT_FRAGMENT,
  };
  const char *text = iri_reference_get_text (reference);
  gsize length = iri_reference_get_length (reference);
  IriSpan span;
  IriSpan host = { 0, 0, 0, 0 };
  gboolean has_host;
  gboolean host_ascii = TRUE;
  gsize n_before = 0;   /* bytes outside ASCII before the host */
  gsize n_after = 0;    /* and after it */
  gsize pos = 0;

  *out_decoded = FALSE;
  has_host = iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host);

  /* §3.3 changes only the characters outside ASCII when the text has
   * no "%" (one that step 2 could decode, or a stray one) and no ASCII
   * that a URI does not allow (which step 2 would leave encoded); each
   * of their bytes becomes three. */
  for (gsize i = 0; i < length; i++)
    {
      guchar b = text[i];

      if (b >= 0x80)
        {
          if (!has_host || i < host.byte_start)
            n_before++;
          else if (i >= host.byte_end)
            n_after++;
          else
            host_ascii = FALSE;
        }
      else if (b == '%' || !iri_ascii_is (b, IRI_ASCII_URI))
        return FALSE;
    }

  /* Step 6 and the display policy only act on host labels that have an
   * A-label or characters outside ASCII; an ASCII host without an
   * A-label is also its own IDNA form (§3.4.2), so every URI of the
   * text is the same percent-encoded one.  A host outside ASCII is
   * given back when each of its labels is (host_restores()), from the
   * URI whose text before and after the host is the text's, §3.3
   * encoded: a registered name, as to_uri() maps it. */
  if (has_host && host_ascii)
    {
      for (gsize i = host.byte_start; i < host.byte_end; i++)
        {
          if ((i == host.byte_start || text[i - 1] == '.') && host.byte_end - i >= 4 &&
              g_ascii_strncasecmp (text + i, "xn--", 4) == 0)
            return FALSE;
        }
    }
  else if (has_host)
    {
      gsize uri_length = uri != NULL ? strlen (uri) : 0;
      gsize uri_start = host.byte_start + 2 * n_before;
      gsize tail = length - host.byte_end + 2 * n_after;
      gsize uri_end;

      if (uri == NULL || iri_reference_get_host_kind (reference) != IRI_HOST_REG_NAME ||
          host.byte_start == 0 || uri_start + tail > uri_length)
        return FALSE;
      uri_end = uri_length - tail;
      /* The delimiters around the host are where they should be ("/"
       * or "@" before, ":", "/", "?", "#" or the end after), and so is
       * the ASCII before it, as most IRIs have it. */
      if (uri[uri_start - 1] != text[host.byte_start - 1] ||
          (host.byte_end < length && uri[uri_end] != text[host.byte_end]) ||
          (n_before == 0 && memcmp (uri, text, host.byte_start) != 0))
        return FALSE;
      if (!host_restores (text, host.byte_start, host.byte_end, uri, uri_start, uri_end, out_decoded))
        return FALSE;
    }

  /* The same ranges as iri_to_iri_convert(): splitting a reference
   * (RFC 3986 Appendix B) only looks at ASCII delimiters, so the URI's
   * components are the text's, with their characters encoded.  A host
   * outside ASCII was converted label by label above. */
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      if (!iri_reference_get_span (reference, order[i], &span))
        continue;
      if (span.byte_start > pos && !range_restores (text, pos, span.byte_start, IRI_COMPONENT_IRI))
        return FALSE;
      if (!(order[i] == IRI_COMPONENT_HOST && !host_ascii) &&
          !range_restores (text, span.byte_start, span.byte_end, order[i]))
        return FALSE;
      pos = span.byte_end;
    }
  return pos >= length || range_restores (text, pos, length, IRI_COMPONENT_IRI);
}

/**
 * iri_host_to_unicode:
 * @host: a host as it
 *   appears in a URI, in UTF-8
 * @length: the length of @host in bytes, or -1 if it is NUL-terminated
 * @out_diagnostics: (out) (optional) (transfer full):
 *   where to store what was left as it was, with spans in @host
 *
 * Converts a registered name to the form it is displayed in
 * (RFC 3987bis §3.7 steps 2–6).
 *
 * Each `xn--` label becomes its U-label when the A-label is valid
 * (RFC 5891 §5.4: it decodes, the result is a valid IDNA2008 label that
 * encodes back to the same A-label, and it is safe to display); other
 * A-labels stay as they are, each with an `idna-invalid-a-label`
 * warning; so does one whose U-label has a character that looks like a
 * delimiter (§5.1b), with an `unsafe-label-kept` note.  Percent-encoded
 * UTF-8 in the other labels is decoded under the rules of
 * [func@Iri.uri_to_iri].  No spoofing analysis is made here: use
 * [method@Iri.DisplayPolicy.uri_to_iri] to show a host to a person.
 *
 * Bytes of @host that are not UTF-8 are shown as U+FFFD, with an
 * `invalid-utf8` diagnostic.
 *
 * Returns: (transfer full): the host for display
 *
 * Since: 0.1
 */
char *
iri_host_to_unicode (const char  *host,
                     gssize       length,
                     GListModel **out_diagnostics)
{
  g_autofree char *valid = NULL;
  ToIri self;
  gsize offset, bad_length;

  g_return_val_if_fail (host != NULL || length == 0, NULL);

  if (out_diagnostics != NULL)
    *out_diagnostics = NULL;
  if (host == NULL)
    host = "";
  if (length < 0)
    length = strlen (host);

  to_iri_init (&self, host, length, IRI_TO_IRI_DEFAULT);
  if (iri_utf8_check (host, length, &offset, &bad_length) != IRI_UTF8_OK)
    {
      gsize valid_length;

      valid = iri_utf8_make_valid (host, length, &valid_length, &self.diagnostics);
      self.text = valid;
      self.length = valid_length;
    }

  convert_host (&self, 0, self.length, IRI_HOST_REG_NAME);
  return to_iri_finish (&self, out_diagnostics);
}
