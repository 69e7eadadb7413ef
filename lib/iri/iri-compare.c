/* iri-compare.c: the comparison ladder (RFC 3987 §5.3)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-compare.h"
#include "iri-diagnostic-private.h"
#include "iri-error.h"
#include "iri-idna-private.h"
#include "iri-preferred-forms-private.h"
#include "iri-reference.h"
#include "iri-reference-private.h"
#include "iri-resolve.h"

/* The section numbers below are those of the comparison ladder as
 * revised in draft-duerst-iri-10-to-11-diff §5.3 (the right-hand, new
 * text), which follows RFC 3986 §6.2 step for step:
 *
 *   §5.3.1 simple string comparison: the text as it is;
 *   §5.3.2 syntax-based normalization: case (§5.3.2.1), percent-encoding
 *     (§5.3.2.3) and path segments (§5.3.2.4);
 *   §5.3.3 scheme-based normalization: empty and default ports, the
 *     empty path of http-like schemes, IDN labels and their punycode.
 *
 * Each level includes the ones below it, so the normal forms can be
 * compared as plain strings.
 *
 * Character normalization (§5.3.2.2) is not a rung: "the comparison
 * MUST rely on the assumption that IRIs have been created in NFC", and
 * RFC 3987 §5.3.2.2 says so of its own ladder too.  It stays available
 * as an explicit option (IRI_NORMALIZE_NFC), so that a caller can say
 * "these are equal under NFC" without calling them equivalent. */


/* Whether a percent-encoded non-ASCII character is decoded by
 * syntax-based normalization.  §5.3.2.3 decodes what "corresponds to an
 * unreserved character", and for IRIs that is `iunreserved`, which takes
 * in ucschar (§2.2; iri-string's `normalized_iri` decodes "%CE%B1" to
 * "α" the same way).  Bidi formatting characters are ucschar too, but
 * §4.1 forbids them in an IRI, so they stay encoded, or normalizing a
 * valid IRI would make an invalid one.  iprivate characters are not
 * iunreserved and stay encoded as well. */
static gboolean
decodes_to_iunreserved (gunichar c)
{
  return iri_char_is_ucschar (c) && !iri_char_is_bidi_formatting (c);
}

static int
utf8_sequence_length (guchar lead)
{
  if (lead >= 0xC2 && lead <= 0xDF)
    return 2;
  if (lead >= 0xE0 && lead <= 0xEF)
    return 3;
  if (lead >= 0xF0 && lead <= 0xF4)
    return 4;
  return 0;
}

static gboolean
is_triplet (const char *p)
{
  return p[0] == '%' && g_ascii_isxdigit (p[1]) && g_ascii_isxdigit (p[2]);
}

static guchar
triplet_value (const char *p)
{
  return iri_hex_value (p[1]) * 16 + iri_hex_value (p[2]);
}

/* Appends @text with its percent-encodings normalized (§5.3.2.1 and
 * §5.3.2.3): an octet that is an unreserved ASCII character is decoded
 * (%7E is "~"); a well-formed UTF-8 sequence of an iunreserved
 * character, spread over consecutive triplets, is decoded ("ros%C3%A9"
 * is "rosé"); every other octet stays encoded, with upper-case hex
 * digits ("%7b" is "%7B").  After an ill-formed sequence decoding
 * starts again at the next octet, so in "%CE%CE%B1%B1" the middle pair
 * still decodes ("%CEα%B1", as iri-string does).  Other characters are
 * copied. */
static void
append_pct_normalized (GString    *out,
                       const char *text)
{
  const char *p = text;

  while (*p != '\0')
    {
      guchar seq[4];
      const char *q;
      int len, n;

      if (!is_triplet (p))
        {
          g_string_append_c (out, *p);
          p++;
          continue;
        }

      seq[0] = triplet_value (p);
      if (seq[0] < 0x80)
        {
          if (iri_ascii_is (seq[0], IRI_ASCII_UNRESERVED))
            g_string_append_c (out, seq[0]);
          else
            g_string_append_printf (out, "%%%02X", seq[0]);
          p += 3;
          continue;
        }

      len = utf8_sequence_length (seq[0]);
      q = p + 3;
      for (n = 1; n < len && is_triplet (q); n++, q += 3)
        {
          seq[n] = triplet_value (q);
          if ((seq[n] & 0xC0) != 0x80)
            break;
        }

      /* g_utf8_validate_len() rejects overlong forms, surrogates and
       * code points above U+10FFFF, the ill-formed sequences of
       * Unicode §3.9 (D92). */
      if (len > 0 && n == len && g_utf8_validate_len ((const char *) seq, len, NULL))
        {
          if (decodes_to_iunreserved (g_utf8_get_char ((const char *) seq)))
            g_string_append_len (out, (const char *) seq, len);
          else
            {
              for (int k = 0; k < len; k++)
                g_string_append_printf (out, "%%%02X", seq[k]);
            }
          p = q;
          continue;
        }

      g_string_append_printf (out, "%%%02X", seq[0]);
      p += 3;
    }
}

/* One component after §5.3.2.3: percent-encodings normalized; with
 * IRI_NORMALIZE_NFC, then NFC (§5.3.2.2, only on explicit request).
 * NFC goes component by component, after decoding, so that the
 * characters decoding produces are normalized too and so that the host
 * is in NFC before its case is decided: U+212A KELVIN SIGN is "K" in
 * NFC, and a host that NFC makes all-ASCII must be lower-cased in the
 * same pass for the normal form to be stable.  (NFC of the whole text
 * would give the same string: no generic delimiter composes with a
 * following combining mark.) */
static char *
normalized_component (const char        *text,
                      IriNormalizeFlags  flags)
{
  g_autoptr(GString) out = NULL;

  if (text == NULL)
    return NULL;

  out = g_string_sized_new (strlen (text));
  append_pct_normalized (out, text);
  if (flags & IRI_NORMALIZE_NFC)
    return g_utf8_normalize (out->str, out->len, G_NORMALIZE_NFC);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* An all-ASCII host in lower case, except the hex digits of its
 * percent-encodings, which §5.3.2.1 wants in upper case ("PLUS%2bPLUS"
 * is "plus%2Bplus"). */
static void
ascii_host_down (char *host)
{
  for (char *p = host; *p != '\0'; p++)
    {
      if (is_triplet (p))
        p += 2;
      else
        *p = g_ascii_tolower (*p);
    }
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if ((guchar) *p >= 0x80)
        return FALSE;
    }
  return TRUE;
}

/* The schemes that define an empty path with an authority to mean "/"
 * (RFC 9110 §4.2.3 for http and https, RFC 6455 §3 for ws and wss, and
 * RFC 1738 §3.2.2 for ftp, whose root is "/"). */
static gboolean
empty_path_is_root (const char *scheme)
{
  return scheme != NULL &&
         (g_str_equal (scheme, "http") || g_str_equal (scheme, "https") ||
          g_str_equal (scheme, "ws") || g_str_equal (scheme, "wss") ||
          g_str_equal (scheme, "ftp"));
}

static int
port_value (const char *port)
{
  guint value = 0;

  if (port == NULL || *port == '\0')
    return -1;

  for (const char *p = port; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return -1;
      value = value * 10 + (*p - '0');
      if (value > 65535)
        return -1;
    }

  return value;
}

static gboolean
has_punycode_label (const char *host)
{
  for (const char *p = host; *p != '\0'; )
    {
      if (g_ascii_strncasecmp (p, "xn--", 4) == 0)
        return TRUE;
      p = strchr (p, '.');
      if (p == NULL)
        break;
      p++;
    }
  return FALSE;
}

/* §5.3.3: "Scheme-based normalization may also consider IDN components
 * and their conversions to punycode as equivalent."  The host goes
 * through UTS #46 ToASCII, which also does the case folding and NFC
 * mapping that IDNA applies, then back to Unicode, so "RÉSUMÉ.example",
 * "résumé.example" and "xn--rsum-bpad.example" all become
 * "résumé.example": the Unicode form, because §5.3.3 says IDNs "SHOULD
 * NOT be converted into ASCII Compatible Encoding (ACE)" for legibility.
 * A host that IDNA rejects keeps its syntax-based form: it is not a
 * valid IDN, so it has no other spelling to be equal to. */
static char *
idn_host (const char *host)
{
  g_autofree char *ascii = NULL;
  IriDiagnostics diagnostics = { NULL, 0 };
  char *unicode;

  ascii = iri_idna_to_ascii (host, strlen (host), IRI_HOST_MAPPING_UTS46, NULL);
  if (ascii == NULL)
    return NULL;

  unicode = iri_idna_to_unicode (ascii, strlen (ascii), &diagnostics, 0, 0);
  iri_diagnostics_clear (&diagnostics);
  return unicode;
}

/* The normal form of a valid reference at @level (SYNTAX or SCHEME). */
static char *
normalize_valid (IriReference      *ref,
                 IriComparison      level,
                 IriNormalizeFlags  flags)
{
  const char *raw_scheme = iri_reference_get_scheme (ref);
  const char *authority = iri_reference_get_authority (ref);
  const char *raw_path = iri_reference_get_path (ref);
  const char *port = iri_reference_get_port (ref);
  g_autofree char *scheme = NULL;
  g_autofree char *userinfo = NULL;
  g_autofree char *host = NULL;
  g_autofree char *path = NULL;
  g_autofree char *query = NULL;
  g_autofree char *fragment = NULL;
  g_autoptr(GString) new_authority = NULL;
  g_autoptr(GString) text = NULL;

  /* §5.3.2.1: the scheme is case-insensitive (and always ASCII). */
  if (raw_scheme != NULL)
    scheme = g_ascii_strdown (raw_scheme, -1);

  /* §5.3.2.1 and §5.3.2.3 in every component: upper-case hex digits,
   * decoded unreserved characters.  The userinfo keeps its case: it is
   * not part of the host. */
  userinfo = normalized_component (iri_reference_get_userinfo (ref), flags);
  query = normalized_component (iri_reference_get_query (ref), flags);
  fragment = normalized_component (iri_reference_get_fragment (ref), flags);

  if (authority != NULL)
    {
      /* §5.3.2.1: a "US-ASCII only host" is case-insensitive.  The test
       * is on the host after percent-decoding, so "Alpha%ce%b1", which
       * is "Alphaα", keeps its case like "α.CoM" (iri-string).  For a
       * non-ASCII host the case is a matter for IDNA, at the scheme
       * level below.  IP literals are ASCII and lower-cased too. */
      host = normalized_component (iri_reference_get_host (ref), flags);
      if (is_ascii (host))
        ascii_host_down (host);
    }

  /* §5.3.2.4: dot segments are removed from the path of a reference
   * that has a scheme or an authority, and from a rooted path: in all
   * those cases resolution would remove them (RFC 3986 §5.2.2 applies
   * remove_dot_segments to R.path), so the forms are equivalent.  A
   * rootless relative path ("../a/..") keeps them: the RFC algorithm
   * would turn "a/../../x" into "/x", which resolves differently from
   * the "../x" it means, so there is nothing safe to do (iri-string
   * keeps them as well).  Decoding first lets "%2E%2E" count as "..". */
  {
    g_autofree char *decoded = normalized_component (raw_path, flags);

    if (scheme != NULL || authority != NULL || decoded[0] == '/')
      {
        path = iri_remove_dot_segments (decoded, -1);

        /* Without an authority, "//x" would be read as one; "/." in
         * front keeps the path (the URL Standard's serializer does the
         * same, and iri-string normalizes "scheme:..///x" to
         * "scheme:/.//x").  Unlike resolution, this never fails: a
         * normal form only has to be the same for equivalent
         * references. */
        if (authority == NULL && path[0] == '/' && path[1] == '/')
          {
            char *safe = g_strconcat ("/.", path, NULL);

            g_free (path);
            path = safe;
          }
      }
    else
      path = g_steal_pointer (&decoded);
  }

  if (level >= IRI_COMPARISON_SCHEME)
    {
      /* §5.3.3: "an explicit ":port", where the port is empty or the
       * default for the scheme, is equivalent to one where the port and
       * its ":" delimiter are elided".  An empty port means the default
       * whatever the scheme (RFC 3986 §3.2.3). */
      if (port != NULL &&
          (port[0] == '\0' ||
           (iri_scheme_default_port (scheme) >= 0 && port_value (port) == iri_scheme_default_port (scheme))))
        port = NULL;

      /* §5.3.3: "an IRI that uses the generic syntax for authority with
       * an empty path should be normalized to a path of "/"", for the
       * schemes that say so. */
      if (authority != NULL && path[0] == '\0' && empty_path_is_root (scheme))
        {
          g_free (path);
          path = g_strdup ("/");
        }

      if (authority != NULL && iri_reference_get_host_kind (ref) == IRI_HOST_REG_NAME &&
          (!is_ascii (host) || has_punycode_label (host)))
        {
          char *idn = idn_host (host);

          if (idn != NULL)
            {
              g_free (host);
              host = idn;
            }
        }
    }

  if (authority != NULL)
    {
      new_authority = g_string_new (NULL);
      if (userinfo != NULL)
        {
          g_string_append (new_authority, userinfo);
          g_string_append_c (new_authority, '@');
        }
      g_string_append (new_authority, host);
      if (port != NULL)
        {
          g_string_append_c (new_authority, ':');
          g_string_append (new_authority, port);
        }
    }

  text = g_string_new (NULL);
  iri_recompose (text, scheme, new_authority != NULL ? new_authority->str : NULL,
                 path, query, fragment);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The normal form of any reference at @level: the text itself at the
 * simple rung (in NFC if asked), the form of a valid one above it. */
static char *
normalize_any (IriReference      *self,
               IriComparison      level,
               IriNormalizeFlags  flags)
{
  if (level == IRI_COMPARISON_SIMPLE)
    {
      if (flags & IRI_NORMALIZE_NFC)
        return g_utf8_normalize (iri_reference_get_text (self), iri_reference_get_length (self),
                                 G_NORMALIZE_NFC);
      return g_strdup (iri_reference_get_text (self));
    }

  return normalize_valid (self, level, flags);
}

/**
 * iri_reference_normalize:
 * @self: a reference
 * @level: the rung of the comparison ladder, not
 *   [enum@Iri.Comparison.DIFFERENT]
 * @error: return location for a #GError
 *
 * Gets the normal form of @self at one level of the comparison ladder
 * (RFC 3987 §5.3 as revised in draft-duerst-iri-10-to-11-diff, which
 * follows RFC 3986 §6.2).  Two references are equivalent at @level when
 * their normal forms are equal strings; each level includes the ones
 * below it.
 *
 * - [enum@Iri.Comparison.SIMPLE] (§5.3.1): the text, unchanged.
 * - [enum@Iri.Comparison.SYNTAX] (§5.3.2): the scheme in lower case;
 *   the host in lower case when it is all ASCII (a host with non-ASCII
 *   characters keeps its case, which is IDNA's business); percent-encodings
 *   with upper-case hex digits, and decoded when they encode an
 *   unreserved ASCII character (`%7E` is `~`) or, in UTF-8, an
 *   `iunreserved` non-ASCII character (`ros%C3%A9` is `rosé`); dot
 *   segments removed (RFC 3986 §5.2.4, with `%2E` counting as `.`) from
 *   the path of a reference with a scheme, an authority or a rooted
 *   path, with `/.` in front if the path would otherwise start with
 *   `//` and there is no authority.
 * - [enum@Iri.Comparison.SCHEME] (§5.3.3): also an empty port removed
 *   (`http://example.com:/`), a default port removed (80 for http and
 *   ws, 443 for https and wss, 21 for ftp), an empty path with an
 *   authority made `/` for those schemes, and a host with non-ASCII
 *   characters or `xn--` labels put through UTS #46 ToASCII and back to
 *   Unicode, so that `http://résumé.example.org`,
 *   `http://RÉSUMÉ.example.org` and `http://xn--rsum-bpad.example.org`
 *   have the same normal form (with the Unicode host, which §5.3.3
 *   prefers for legibility).  A host that IDNA rejects keeps its
 *   syntax-based form.
 *
 * Character normalization is on no rung: RFC 3987 §5.3.2.2 says that
 * comparison must rely on IRIs created in NFC rather than normalize
 * them, so an NFC and an NFD spelling of the same text (`résumé` with
 * U+00E9 or with `e` + U+0301) have different normal forms at every
 * level.  (UTS #46, which the scheme-based rung applies to an IDN host,
 * includes NFC; that is IDNA's mapping of a host name, not character
 * normalization of the IRI.)  [method@Iri.Reference.normalize_full]
 * with [flags@Iri.NormalizeFlags.NFC] applies it on request.
 *
 * An invalid reference ([method@Iri.Reference.is_valid]) has no normal
 * form: the call fails with the error that strict parsing gives.
 *
 * Returns: (transfer full) (nullable): the normal form, or `NULL` on
 *   error
 *
 * Since: 0.1
 */
char *
iri_reference_normalize (IriReference   *self,
                         IriComparison   level,
                         GError        **error)
{
  return iri_reference_normalize_full (self, level, IRI_NORMALIZE_DEFAULT, error);
}

/**
 * iri_reference_normalize_full:
 * @self: a reference
 * @level: the rung of the comparison ladder, not
 *   [enum@Iri.Comparison.DIFFERENT]
 * @flags: explicit normalizations to apply as well
 * @error: return location for a #GError
 *
 * Gets the normal form of @self at @level, as
 * [method@Iri.Reference.normalize] does, with the normalizations in
 * @flags applied on top.  With [flags@Iri.NormalizeFlags.NFC] every
 * component is put in NFC after its percent-encodings are normalized
 * (so that what decoding produces is normalized too), and an ASCII host
 * that NFC produces (U+212A KELVIN SIGN is `K`) is lower-cased at the
 * syntax-based rung.  At [enum@Iri.Comparison.SIMPLE] the result is the
 * NFC of the text.
 *
 * This is a normalization to use when creating or cleaning up an IRI,
 * not a comparison rung: RFC 3987 §5.3.2.2 says IRIs should be created
 * in NFC, and that comparison must not apply it.
 *
 * Returns: (transfer full) (nullable): the normal form, or `NULL` on
 *   error
 *
 * Since: 0.1
 */
char *
iri_reference_normalize_full (IriReference       *self,
                              IriComparison       level,
                              IriNormalizeFlags   flags,
                              GError            **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (level >= IRI_COMPARISON_SIMPLE && level <= IRI_COMPARISON_SCHEME, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!iri_reference_is_valid (self))
    {
      iri_reference_set_invalid_error (self, error);
      return NULL;
    }

  return normalize_any (self, level, flags);
}

/**
 * iri_normalize:
 * @text: an IRI reference,
 *   in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @level: the rung of the comparison ladder, not
 *   [enum@Iri.Comparison.DIFFERENT]
 * @error: return location for a #GError
 *
 * Parses @text strictly and returns its normal form at @level, as
 * [method@Iri.Reference.normalize] does (RFC 3987 §5.3).
 *
 * Returns: (transfer full) (nullable): the normal form, or `NULL` on
 *   error
 *
 * Since: 0.1
 */
char *
iri_normalize (const char     *text,
               gssize          length,
               IriComparison   level,
               GError        **error)
{
  g_autoptr(IriReference) ref = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (level >= IRI_COMPARISON_SIMPLE && level <= IRI_COMPARISON_SCHEME, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ref = iri_reference_parse (text != NULL ? text : "", length, IRI_PARSE_DEFAULT, error);
  if (ref == NULL)
    return NULL;

  return iri_reference_normalize (ref, level, error);
}

/**
 * iri_reference_compare:
 * @a: a reference
 * @b: another reference
 * @max_level: the highest rung to try, not
 *   [enum@Iri.Comparison.DIFFERENT]
 *
 * Climbs the comparison ladder (RFC 3987 §5.3) from the cheapest rung
 * and stops at the first one where @a and @b are equal.  See
 * [method@Iri.Reference.normalize] for what each rung does.
 *
 * Identical texts are equal at [enum@Iri.Comparison.SIMPLE] even when
 * they are not valid IRIs (§5.3.1 compares characters, nothing else);
 * an invalid reference has no normal form, so it is equal to nothing
 * else on the higher rungs.
 *
 * Two references that are equal only under NFC are
 * [enum@Iri.Comparison.DIFFERENT]: RFC 3987 §5.3.2.2 says comparison
 * must not apply character normalization.  To tell a user that they
 * would be equal under it, call [method@Iri.Reference.compare_full]
 * with [flags@Iri.NormalizeFlags.NFC].
 *
 * Returns: the lowest level up to @max_level at which @a and @b are
 *   equivalent, or [enum@Iri.Comparison.DIFFERENT]
 *
 * Since: 0.1
 */
IriComparison
iri_reference_compare (IriReference  *a,
                       IriReference  *b,
                       IriComparison  max_level)
{
  return iri_reference_compare_full (a, b, max_level, IRI_NORMALIZE_DEFAULT);
}

/**
 * iri_reference_compare_full:
 * @a: a reference
 * @b: another reference
 * @max_level: the highest rung to try, not
 *   [enum@Iri.Comparison.DIFFERENT]
 * @flags: explicit normalizations to apply on every rung
 *
 * Climbs the comparison ladder as [method@Iri.Reference.compare] does,
 * comparing the normal forms that [method@Iri.Reference.normalize_full]
 * gives with @flags.  With [flags@Iri.NormalizeFlags.NFC] an NFC and an
 * NFD spelling of the same text are equal at
 * [enum@Iri.Comparison.SIMPLE]; that is equality after an explicit
 * normalization, which RFC 3987 §5.3.2.2 does not apply when comparing.
 *
 * Returns: the lowest level up to @max_level at which @a and @b are
 *   equal with @flags applied, or [enum@Iri.Comparison.DIFFERENT]
 *
 * Since: 0.1
 */
IriComparison
iri_reference_compare_full (IriReference      *a,
                            IriReference      *b,
                            IriComparison      max_level,
                            IriNormalizeFlags  flags)
{
  g_return_val_if_fail (a != NULL, IRI_COMPARISON_DIFFERENT);
  g_return_val_if_fail (b != NULL, IRI_COMPARISON_DIFFERENT);
  g_return_val_if_fail (max_level >= IRI_COMPARISON_SIMPLE && max_level <= IRI_COMPARISON_SCHEME,
                        IRI_COMPARISON_DIFFERENT);

  /* §5.3.1: character for character; the texts are UTF-8, so byte for
   * byte is the same thing. */
  if (iri_reference_get_length (a) == iri_reference_get_length (b) &&
      memcmp (iri_reference_get_text (a), iri_reference_get_text (b),
              iri_reference_get_length (a)) == 0)
    return IRI_COMPARISON_SIMPLE;

  if (flags & IRI_NORMALIZE_NFC)
    {
      g_autofree char *nfc_a = normalize_any (a, IRI_COMPARISON_SIMPLE, flags);
      g_autofree char *nfc_b = normalize_any (b, IRI_COMPARISON_SIMPLE, flags);

      if (g_strcmp0 (nfc_a, nfc_b) == 0)
        return IRI_COMPARISON_SIMPLE;
    }

  if (!iri_reference_is_valid (a) || !iri_reference_is_valid (b))
    return IRI_COMPARISON_DIFFERENT;

  for (IriComparison level = IRI_COMPARISON_SYNTAX; level <= max_level; level++)
    {
      g_autofree char *norm_a = normalize_valid (a, level, flags);
      g_autofree char *norm_b = normalize_valid (b, level, flags);

      if (g_strcmp0 (norm_a, norm_b) == 0)
        return level;
    }

  return IRI_COMPARISON_DIFFERENT;
}

/**
 * iri_compare:
 * @a: an IRI reference, in UTF-8
 * @b: another IRI reference, in UTF-8
 * @max_level: the highest rung to try, not
 *   [enum@Iri.Comparison.DIFFERENT]
 * @error: return location for a #GError
 *
 * Parses @a and @b strictly and compares them as
 * [method@Iri.Reference.compare] does (RFC 3987 §5.3).  An input that is
 * not a valid IRI reference is an error, even when the two texts are
 * identical.
 *
 * Returns: the lowest level up to @max_level at which @a and @b are
 *   equivalent, or [enum@Iri.Comparison.DIFFERENT] (also on error)
 *
 * Since: 0.1
 */
IriComparison
iri_compare (const char     *a,
             const char     *b,
             IriComparison   max_level,
             GError        **error)
{
  g_autoptr(IriReference) ref_a = NULL;
  g_autoptr(IriReference) ref_b = NULL;

  g_return_val_if_fail (a != NULL, IRI_COMPARISON_DIFFERENT);
  g_return_val_if_fail (b != NULL, IRI_COMPARISON_DIFFERENT);
  g_return_val_if_fail (max_level >= IRI_COMPARISON_SIMPLE && max_level <= IRI_COMPARISON_SCHEME,
                        IRI_COMPARISON_DIFFERENT);
  g_return_val_if_fail (error == NULL || *error == NULL, IRI_COMPARISON_DIFFERENT);

  ref_a = iri_reference_parse (a, -1, IRI_PARSE_DEFAULT, error);
  if (ref_a == NULL)
    return IRI_COMPARISON_DIFFERENT;

  ref_b = iri_reference_parse (b, -1, IRI_PARSE_DEFAULT, error);
  if (ref_b == NULL)
    return IRI_COMPARISON_DIFFERENT;

  return iri_reference_compare (ref_a, ref_b, max_level);
}
