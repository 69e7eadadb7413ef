/* iri-idna.c: host names through libidn2 (§3.4.2, §3.7 step 6), and
 * which characters are safe to show decoded (§3.7 step 4)
 *
 * libidn2 is only called through its UTF-8 entry points
 * (idn2_lookup_u8(), idn2_to_unicode_8z8z()): the locale variants
 * (idn2_lookup_ul() and friends) convert from the locale's charset first,
 * which breaks in a C locale and fails oddly in others (curl#10984).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
/* idn2.h defines G_GNUC_DEPRECATED for its own use, differently from
 * GLib; it comes first and its definition is dropped so that GLib's
 * headers define the macro without a redefinition warning. */
#include <idn2.h>
#undef G_GNUC_DEPRECATED
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-error.h"
#include "iri-idna-private.h"
#include "iri-ucd-private.h"
#include "iri-utf8-private.h"

/* The libidn2 flags of each host mapping of §3.4.2.
 *
 * IDNA2008 is RFC 5891 §5.3–§5.5 with no mapping at all: IDN2_NO_TR46.
 * Without IDN2_NFC_INPUT, input that is not in NFC is refused (RFC 5891
 * §5.2 requires NFC and §3.1 of 3987bis says not to normalize what the
 * user gave), so the user learns about it instead of getting a silent
 * change.
 *
 * The UTS #46 mappings map first (case folding, NFC, the deviation
 * characters), then apply the IDNA2008 lookup rules.  libidn2 leaves
 * UseSTD3ASCIIRules off by default; we keep it off because `_` and the
 * other sub-delims are legal in a reg-name (RFC 3986 §3.2.2) and real
 * host names use them, and instead refuse, after mapping, the ASCII
 * characters that cannot be in a reg-name at all (see
 * check_reg_name_ascii()). */
static int
idna_flags (IriHostMapping mapping)
{
  switch (mapping)
    {
    case IRI_HOST_MAPPING_IDNA2008:
      return IDN2_NO_TR46;
    case IRI_HOST_MAPPING_UTS46:
      return IDN2_NONTRANSITIONAL;
    case IRI_HOST_MAPPING_UTS46_TRANSITIONAL:
      return IDN2_TRANSITIONAL;
    case IRI_HOST_MAPPING_PERCENT:
    default:
      g_return_val_if_reached (IDN2_NONTRANSITIONAL);
    }
}

static const char *
mapping_name (IriHostMapping mapping)
{
  switch (mapping)
    {
    case IRI_HOST_MAPPING_IDNA2008:
      /* Translators: the name of a host mapping, used in messages */
      return _("IDNA2008");
    case IRI_HOST_MAPPING_UTS46:
      /* Translators: the name of a host mapping, used in messages */
      return _("UTS #46");
    case IRI_HOST_MAPPING_UTS46_TRANSITIONAL:
      /* Translators: the name of a host mapping, used in messages */
      return _("UTS #46 transitional processing");
    case IRI_HOST_MAPPING_PERCENT:
    default:
      return "";
    }
}

/* Decodes every %HH of @host.  A "%" that is not followed by two hex
 * digits stays as it is; check_reg_name_ascii() refuses it later.
 *
 * Decoding an unreserved character or a non-ASCII octet does not change
 * what the host means (RFC 3986 §2.3, §6.2.2.2), but decoding a reserved
 * one does (§2.2): "a%2Ab" and "a*b" are different hosts.  The first such
 * character is returned in @reserved (0 if none) so that the caller
 * refuses the host rather than rewrite it. */
static GString *
percent_decode (const char *host,
                gsize       length,
                gunichar   *reserved)
{
  GString *out = g_string_sized_new (length);

  *reserved = 0;
  for (gsize i = 0; i < length; i++)
    {
      if (host[i] == '%' && i + 2 < length &&
          iri_hex_value (host[i + 1]) >= 0 && iri_hex_value (host[i + 2]) >= 0)
        {
          guchar octet = (guchar) (iri_hex_value (host[i + 1]) * 16 +
                                   iri_hex_value (host[i + 2]));

          if (*reserved == 0 && octet < 0x80 && !iri_ascii_is (octet, IRI_ASCII_UNRESERVED))
            *reserved = octet;
          g_string_append_c (out, (char) octet);
          i += 2;
        }
      else
        g_string_append_c (out, host[i]);
    }

  return out;
}

/* Returns the first ASCII character of @text that a reg-name cannot
 * contain literally (RFC 3986 §3.2.2: unreserved / sub-delims), or 0.
 * Such a character in a domain name would either change how the URI is
 * split ("/", "?", "#", "@", ":") or not be a character of DNS at all. */
static gunichar
check_reg_name_ascii (const char *text)
{
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      if (*p < 0x80 && *p != '.' && !iri_ascii_is (*p, IRI_ASCII_REG_NAME))
        return *p;
    }
  return 0;
}

static void
set_idna_error (GError         **error,
                const char      *host,
                gsize            length,
                IriHostMapping   mapping,
                const char      *reason)
{
  g_autoptr(GString) quoted = g_string_new (NULL);

  iri_append_quoted (quoted, host, length);
  g_set_error (error, IRI_ERROR, IRI_ERROR_IDNA,
               /* Translators: the first %s is a quoted host name, the second
                * the name of a mapping such as "UTS #46", the last a reason
                * (often libidn2's own words) */
               _("Cannot convert the host %s to ASCII with %s: %s"),
               quoted->str, mapping_name (mapping), reason);
}

/* libidn2 reports failures for the whole name.  To say which label is at
 * fault, look each ASCII-dot-separated label up on its own; returns the
 * reason for the first label that fails, or NULL if none fails alone
 * (which happens when UTS #46 mapping makes the dots, as with U+3002). */
static char *
find_failing_label (const char *decoded,
                    int         flags)
{
  g_auto(GStrv) labels = g_strsplit (decoded, ".", -1);

  if (g_strv_length (labels) < 2)
    return NULL;

  for (guint i = 0; labels[i] != NULL; i++)
    {
      uint8_t *out = NULL;
      int rc;

      if (labels[i][0] == '\0')
        continue;

      rc = idn2_lookup_u8 ((const uint8_t *) labels[i], &out, flags);
      idn2_free (out);
      if (rc != IDN2_OK)
        {
          g_autoptr(GString) quoted = g_string_new (NULL);

          iri_append_quoted (quoted, labels[i], strlen (labels[i]));
          /* Translators: %s is a quoted host label, the second %s the reason
           * libidn2 gives */
          return g_strdup_printf (_("label %s: %s"), quoted->str, idn2_strerror (rc));
        }
    }

  return NULL;
}

/* A cache of IDNA results.  A libidn2 lookup costs as much as the rest
 * of an analysis together, and hosts repeat: every keystroke of an edit
 * in the path analyses the same host again, and the lines of a batch
 * mostly share a few hosts.  Results depend only on the input (and the
 * mapping), so they can be kept; the cache is shared by all threads and
 * bounded, emptied when full rather than tracking use. */
#define CACHE_MAX_ENTRIES 4096

typedef struct {
  char *result;   /* (nullable) */
  char *failure;  /* the error message or the reason, when result is NULL */
} CacheEntry;

typedef struct {
  GMutex      mutex;
  GHashTable *table;   /* key → CacheEntry */
} Cache;

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  g_free (entry->result);
  g_free (entry->failure);
  g_free (entry);
}

/* Looks @key up; on a hit, stores copies in *out_result or *out_failure
 * and returns TRUE. */
static gboolean
cache_lookup (Cache       *cache,
              const char  *key,
              char       **out_result,
              char       **out_failure)
{
  CacheEntry *entry;
  gboolean hit = FALSE;

  g_mutex_lock (&cache->mutex);
  if (cache->table != NULL && (entry = g_hash_table_lookup (cache->table, key)) != NULL)
    {
      *out_result = g_strdup (entry->result);
      *out_failure = g_strdup (entry->failure);
      hit = TRUE;
    }
  g_mutex_unlock (&cache->mutex);
  return hit;
}

static void
cache_insert (Cache      *cache,
              const char *key,
              const char *result,
              const char *failure)
{
  CacheEntry *entry = g_new (CacheEntry, 1);

  entry->result = g_strdup (result);
  entry->failure = g_strdup (failure);

  g_mutex_lock (&cache->mutex);
  if (cache->table == NULL)
    cache->table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cache_entry_free);
  else if (g_hash_table_size (cache->table) >= CACHE_MAX_ENTRIES)
    g_hash_table_remove_all (cache->table);
  g_hash_table_replace (cache->table, g_strdup (key), entry);
  g_mutex_unlock (&cache->mutex);
}

static Cache to_ascii_cache;
static Cache to_unicode_cache;

static char *to_ascii_uncached (const char      *host,
                                gsize            length,
                                IriHostMapping   mapping,
                                GError         **error);

char *
iri_idna_to_ascii (const char      *host,
                   gsize            length,
                   IriHostMapping   mapping,
                   GError         **error)
{
  g_autofree char *key = NULL;
  g_autofree char *failure = NULL;
  g_autoptr(GError) local_error = NULL;
  char *result = NULL;

  g_return_val_if_fail (host != NULL || length == 0, NULL);
  g_return_val_if_fail (mapping != IRI_HOST_MAPPING_PERCENT, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The key is the mapping and the host's bytes. */
  key = g_strdup_printf ("%d:%.*s", mapping, (int) length, host != NULL ? host : "");
  if (cache_lookup (&to_ascii_cache, key, &result, &failure))
    {
      if (result == NULL)
        g_set_error_literal (error, IRI_ERROR, IRI_ERROR_IDNA, failure);
      return result;
    }

  result = to_ascii_uncached (host, length, mapping, &local_error);
  cache_insert (&to_ascii_cache, key, result, local_error != NULL ? local_error->message : NULL);
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return result;
}

static char *
to_ascii_uncached (const char      *host,
                   gsize            length,
                   IriHostMapping   mapping,
                   GError         **error)
{
  g_autoptr(GString) decoded = NULL;
  uint8_t *ascii = NULL;
  gsize offset, bad_length;
  gunichar bad, reserved;
  char *result;
  int flags;
  int rc;

  flags = idna_flags (mapping);
  decoded = percent_decode (host != NULL ? host : "", length, &reserved);

  /* IDNA works on characters: octets that do not decode to UTF-8 (or a
   * %00, which would cut the string short for libidn2) have no
   * IDNA form. */
  if (iri_utf8_check (decoded->str, decoded->len, &offset, &bad_length) != IRI_UTF8_OK)
    {
      set_idna_error (error, host, length, mapping,
                      _("its percent-encoded octets are not UTF-8"));
      return NULL;
    }

  /* A percent-encoded reserved character is refused even where the
   * decoded one would be allowed: IDNA would return it decoded. */
  bad = reserved != 0 ? reserved : check_reg_name_ascii (decoded->str);
  if (bad != 0)
    {
      g_autofree char *who = iri_char_describe (bad);
      /* Translators: %s names a character, e.g. "U+002F SOLIDUS" */
      g_autofree char *reason = g_strdup_printf (_("it contains %s, which cannot be part of a domain name"), who);

      set_idna_error (error, host, length, mapping, reason);
      return NULL;
    }

  rc = idn2_lookup_u8 ((const uint8_t *) decoded->str, &ascii, flags);
  if (rc != IDN2_OK)
    {
      g_autofree char *label_reason = find_failing_label (decoded->str, flags);

      idn2_free (ascii);
      set_idna_error (error, host, length, mapping,
                      label_reason != NULL ? label_reason : idn2_strerror (rc));
      return NULL;
    }

  /* libidn2 has returned success with an empty result for malformed
   * input before (curl PR #11674); never pass that on as a host. */
  if (ascii == NULL || (ascii[0] == '\0' && decoded->len > 0))
    {
      idn2_free (ascii);
      set_idna_error (error, host, length, mapping, _("libidn2 returned an empty name"));
      return NULL;
    }

  /* UTS #46 maps some characters to ASCII that a reg-name cannot hold
   * (U+FF0F FULLWIDTH SOLIDUS becomes "/" when UseSTD3ASCIIRules is
   * off); such a result would change how the URI is split. */
  bad = check_reg_name_ascii ((const char *) ascii);
  for (const uint8_t *p = ascii; bad == 0 && *p != '\0'; p++)
    {
      if (*p >= 0x80)
        bad = *p;
    }
  if (bad != 0)
    {
      g_autofree char *who = iri_char_describe (bad);
      /* Translators: %s names a character, e.g. "U+002F SOLIDUS" */
      g_autofree char *reason = g_strdup_printf (_("the mapping produces %s, which cannot be part of a domain name"), who);

      idn2_free (ascii);
      set_idna_error (error, host, length, mapping, reason);
      return NULL;
    }

  result = g_strdup ((const char *) ascii);
  idn2_free (ascii);
  return result;
}

/* "a U+202E RIGHT-TO-LEFT OVERRIDE b": the characters of @text, with the
 * ones that are not safe to display named instead of shown, so that the
 * message itself cannot be garbled by them. */
static char *
describe_label (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean in_run = FALSE;
  gunichar previous = 0;

  /* Translators: opening quotation mark around a decoded host label */
  g_string_append (out, _("“"));
  for (const char *p = text; *p != '\0';)
    {
      const char *start = p;
      gunichar c = iri_utf8_next (&p);
      /* A mark is shown on a letter or digit only (§3.7 step 4). */
      gboolean after_base = in_run && (previous >= 0x80 || g_ascii_isalnum (previous));

      previous = c;
      if (iri_char_is_display_safe (c, IRI_COMPONENT_HOST_LABEL) &&
          !(g_unichar_ismark (c) && !after_base))
        {
          if (!in_run && start != text)
            g_string_append_c (out, ' ');
          g_string_append_len (out, start, p - start);
          in_run = TRUE;
        }
      else
        {
          if (start != text)
            g_string_append_c (out, ' ');
          iri_char_append_describe (out, c);
          in_run = FALSE;
        }
    }
  /* Translators: closing quotation mark around a decoded host label */
  g_string_append (out, _("”"));

  return g_string_free (out, FALSE);
}

static gboolean
is_ldh (const char *label,
        gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isalnum (label[i]) && label[i] != '-')
        return FALSE;
    }
  return TRUE;
}

/* Decodes one A-label and checks the result the way RFC 5891 §5.4 asks
 * of a lookup: the U-label must be valid and encode back to the same
 * A-label.  libidn2 2.3.3's idn2_to_unicode_8z8z() only decodes the
 * Punycode (it turns "xn--ab-g4t" into "a", U+202E, "b" without a word),
 * so the check is done here, with IDNA2008 lookup (IDN2_NO_TR46): a
 * U-label is by definition already mapped, so the UTS #46 mapping has
 * nothing legitimate to do, and anything it would change (upper case,
 * compatibility characters) is exactly what makes a U-label invalid.
 * Returns the U-label, or NULL with *out_reason set. */
static char *decode_a_label_uncached (const char  *label,
                                      gsize        length,
                                      char       **out_reason);

/* Decoding and re-validating an A-label (one libidn2 decode and one
 * lookup) is cached like iri_idna_to_ascii(), for the same reasons. */
static char *
decode_a_label (const char  *label,
                gsize        length,
                char       **out_reason)
{
  g_autofree char *key = g_ascii_strdown (label, length);
  g_autofree char *reason = NULL;
  char *result = NULL;

  if (!cache_lookup (&to_unicode_cache, key, &result, &reason))
    {
      result = decode_a_label_uncached (label, length, &reason);
      cache_insert (&to_unicode_cache, key, result, reason);
    }
  if (result == NULL)
    *out_reason = g_steal_pointer (&reason);
  return result;
}

static char *
decode_a_label_uncached (const char  *label,
                         gsize        length,
                         char       **out_reason)
{
  /* A-labels compare without regard to ASCII case (RFC 5890
   * §2.3.2.1), but Punycode keeps the case of the basic code points it
   * copies ("XN--FU-HIA" would decode to "FUß"), so decode the lower-case
   * form. */
  g_autofree char *copy = g_ascii_strdown (label, length);
  g_autofree char *described = NULL;
  char *unicode = NULL;
  uint8_t *ascii = NULL;
  int rc;

  if (!is_ldh (label, length))
    {
      *out_reason = g_strdup (_("an A-label can only contain ASCII letters, digits and hyphens"));
      return NULL;
    }

  rc = idn2_to_unicode_8z8z (copy, &unicode, 0);
  if (rc != IDN2_OK)
    {
      idn2_free (unicode);
      /* Translators: %s is libidn2's reason, e.g. "string contains invalid punycode data" */
      *out_reason = g_strdup_printf (_("it is not valid Punycode (%s)"), idn2_strerror (rc));
      return NULL;
    }

  /* curl PR #11674: success with an empty (or unchanged) result. */
  if (unicode == NULL || unicode[0] == '\0' ||
      !g_utf8_validate (unicode, -1, NULL) ||
      g_ascii_strcasecmp (unicode, copy) == 0)
    {
      idn2_free (unicode);
      *out_reason = g_strdup (_("it does not decode to any characters"));
      return NULL;
    }

  described = describe_label (unicode);

  rc = idn2_lookup_u8 ((const uint8_t *) unicode, &ascii, IDN2_NO_TR46);
  if (rc != IDN2_OK)
    {
      idn2_free (ascii);
      idn2_free (unicode);
      /* Translators: the first %s is a decoded label such as
       * “a U+202E RIGHT-TO-LEFT OVERRIDE b”, the second libidn2's reason */
      *out_reason = g_strdup_printf (_("it decodes to %s, which is not a valid IDNA2008 label (%s)"),
                                     described, idn2_strerror (rc));
      return NULL;
    }

  if (g_ascii_strcasecmp ((const char *) ascii, copy) != 0)
    {
      /* Translators: the first %s is a decoded label, the second an A-label */
      *out_reason = g_strdup_printf (_("it decodes to %s, which encodes back to a different A-label, “%s”"),
                                     described, (const char *) ascii);
      idn2_free (ascii);
      idn2_free (unicode);
      return NULL;
    }
  idn2_free (ascii);

  /* IDNA2008 already refuses nearly everything that is unsafe to show;
   * this is the same test the rest of the URI goes through (§3.7 step
   * 4), so that a later IDNA version cannot let one through.  That
   * includes a combining mark after a hyphen, which IDNA2008 allows but
   * which would be drawn on the hyphen: the literal characters of the
   * URI get the same treatment, so decoding the label and converting the
   * result again agree. */
  {
    gunichar previous = 0;

    for (const char *p = unicode; *p != '\0';)
      {
        gunichar c = iri_utf8_next (&p);
        gboolean after_base = previous >= 0x80 || (previous != 0 && g_ascii_isalnum (previous));

        if (g_unichar_ismark (c) && !after_base)
          {
            g_autofree char *who = iri_char_describe (c);

            /* Translators: the first %s is a decoded label, the second
             * names a combining mark */
            *out_reason = g_strdup_printf (_("it decodes to %s, in which %s does not follow a letter or digit and would be drawn on the character before it"),
                                           described, who);
            idn2_free (unicode);
            return NULL;
          }
        previous = c;
      }
  }

  for (const char *p = unicode; *p != '\0';)
    {
      gunichar c = iri_utf8_next (&p);

      if (!iri_char_is_display_safe (c, IRI_COMPONENT_HOST_LABEL))
        {
          g_autofree char *who = iri_char_describe (c);

          /* Translators: the first %s is a decoded label, the second names
           * a character */
          *out_reason = g_strdup_printf (_("it decodes to %s, which contains %s, a character that is not safe to display"),
                                         described, who);
          idn2_free (unicode);
          return NULL;
        }
    }

  {
    char *result = g_strdup (unicode);

    idn2_free (unicode);
    return result;
  }
}

char *
iri_idna_to_unicode (const char     *host,
                     gsize           length,
                     IriDiagnostics *diagnostics,
                     gsize           byte_offset,
                     gsize           char_offset)
{
  GString *out;
  gsize start = 0;
  gsize n_chars = 0;

  g_return_val_if_fail (host != NULL || length == 0, NULL);

  out = g_string_sized_new (length + 16);
  if (host == NULL)
    return g_string_free (out, FALSE);

  /* Labels are split on the ASCII full stop only: in a URI (and after
   * §3.4.2 mapping) that is the only label separator; U+3002 and its
   * friends only separate labels before UTS #46 mapping. */
  while (start <= length)
    {
      const char *dot = memchr (host + start, '.', length - start);
      gsize end = dot != NULL ? (gsize) (dot - host) : length;
      gsize label_len = end - start;
      gsize label_chars = g_utf8_strlen (host + start, label_len);
      const char *label = host + start;

      if (label_len >= 4 && g_ascii_strncasecmp (label, "xn--", 4) == 0)
        {
          g_autofree char *reason = NULL;
          g_autofree char *unicode = decode_a_label (label, label_len, &reason);

          if (unicode != NULL)
            g_string_append (out, unicode);
          else
            {
              g_string_append_len (out, label, label_len);
              if (diagnostics != NULL)
                {
                  g_autoptr(GString) quoted = g_string_new (NULL);
                  IriSpan span = {
                    byte_offset + start, byte_offset + end,
                    char_offset + n_chars, char_offset + n_chars + label_chars,
                  };

                  iri_append_quoted (quoted, label, label_len);
                  iri_diagnostics_add (diagnostics,
                                       iri_diagnostic_new_take ("idna-invalid-a-label",
                                                                IRI_SEVERITY_WARNING,
                                                                IRI_COMPONENT_HOST_LABEL, &span,
                                                                "RFC 5891 §5.4, RFC 3987bis §3.7 step 6",
                                                                /* Translators: the first %s is a quoted
                                                                 * A-label such as “xn--ab-g4t”, the
                                                                 * second says why it is invalid */
                                                                g_strdup_printf (_("The host label %s is not a valid A-label: %s. It was left as it is."),
                                                                                 quoted->str, reason),
                                                                g_strdup (_("Treat this host with suspicion; its A-label does not decode to a valid name."))));
                }
            }
        }
      else
        g_string_append_len (out, label, label_len);

      n_chars += label_chars;
      if (dot == NULL)
        break;
      g_string_append_c (out, '.');
      n_chars++;
      start = end + 1;
    }

  return g_string_free (out, FALSE);
}

/* U+3164 HANGUL FILLER, U+FFA0 HALFWIDTH HANGUL FILLER and the choseong
 * and jungseong fillers render as blank space of a letter's width, and
 * U+2800 BRAILLE PATTERN BLANK as an empty cell: space look-alikes that
 * are not Zs (Chromium ShouldUnescapeCodePoint, Firefox
 * losslessDecodeURI). */
static gboolean
is_blank_lookalike (gunichar c)
{
  return c == 0x115F || c == 0x1160 || c == 0x2800 || c == 0x3164 || c == 0xFFA0;
}

/* Emoji that look like the padlock of a browser's security indicator
 * (Chromium's URL display guidelines keep them escaped). */
static gboolean
is_lock_emoji (gunichar c)
{
  return c == 0x1F50F || c == 0x1F510 || c == 0x1F512 || c == 0x1F513;
}

gboolean
iri_char_is_display_safe (gunichar     c,
                          IriComponent component)
{
  if (c > 0x10FFFF)
    return FALSE;

  /* The printable ASCII characters are what a URI is made of. */
  if (c < 0x80)
    return c > 0x20 && c < 0x7F;

  /* §4.1: an IRI must not contain them; decoded they reorder what is
   * around them without being seen. */
  if (iri_char_is_bidi_formatting (c))
    return FALSE;

  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_UNASSIGNED:       /* includes the noncharacters */
    case G_UNICODE_SURROGATE:
    case G_UNICODE_SPACE_SEPARATOR:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return FALSE;

    case G_UNICODE_PRIVATE_USE:
      /* §2.2: iprivate is only allowed in iquery. */
      return component == IRI_COMPONENT_QUERY ||
             component == IRI_COMPONENT_QUERY_NAME ||
             component == IRI_COMPONENT_QUERY_VALUE;

    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
    default:
      break;
    }

  /* Variation selectors, tag characters, the Hangul fillers, U+034F and
   * the like are letters or marks by category but draw nothing. */
  if (iri_ucd_is_default_ignorable (c))
    return FALSE;

  if (is_blank_lookalike (c) || is_lock_emoji (c))
    return FALSE;

  /* U+FFFC OBJECT REPLACEMENT CHARACTER stands for an embedded object
   * that is not there; Firefox's losslessDecodeURI keeps it escaped. */
  if (c == 0xFFFC)
    return FALSE;

  return TRUE;
}
