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
#include "iri-safety-private.h"
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
  const char *p = host;
  const char *end = host + length;

  *reserved = 0;
  /* Most hosts have no "%" at all: the text between two is copied in
   * one piece. */
  while (p < end)
    {
      const char *percent = memchr (p, '%', end - p);

      if (percent == NULL)
        {
          g_string_append_len (out, p, end - p);
          break;
        }
      g_string_append_len (out, p, percent - p);
      p = percent;

      if (end - p > 2 && iri_hex_value (p[1]) >= 0 && iri_hex_value (p[2]) >= 0)
        {
          guchar octet = (guchar) (iri_hex_value (p[1]) * 16 + iri_hex_value (p[2]));

          if (*reserved == 0 && octet < 0x80 && !iri_ascii_is (octet, IRI_ASCII_UNRESERVED))
            *reserved = octet;
          g_string_append_c (out, (char) octet);
          p += 3;
        }
      else
        {
          g_string_append_c (out, '%');
          p++;
        }
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

/* Nor is its memory: a key longer than this is not kept.  No host
 * that IDNA can convert is near it (a name has at most 253 octets, and
 * the UTF-8 of a label whose A-label fits in 63 at most 236), but a
 * line of the --max-line default (128 KiB) can hold a host of nearly
 * that size, and 4 096 of them would be half a gigabyte of keys and
 * messages (issue 16: bounded memory whatever the input). */
#define CACHE_MAX_KEY 1024

typedef struct {
  char *result;   /* (nullable) */
  char *failure;  /* the error message or the reason, when result is NULL */
  char  strings[];
} CacheEntry;

typedef struct {
  GMutex      mutex;
  GHashTable *table;   /* key → CacheEntry */
} Cache;

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

/* Keeps @key (which the cache takes) and copies of @result and
 * @failure.  An entry is one block with its strings: with every host
 * new, as in a crawl, the insertion is paid on every line. */
static void
cache_insert (Cache      *cache,
              char       *key,
              const char *result,
              const char *failure)
{
  gsize result_size = result != NULL ? strlen (result) + 1 : 0;
  gsize failure_size = failure != NULL ? strlen (failure) + 1 : 0;
  CacheEntry *entry;

  if (strlen (key) > CACHE_MAX_KEY)
    {
      g_free (key);
      return;
    }

  entry = g_malloc (sizeof (CacheEntry) + result_size + failure_size);

  entry->result = result != NULL ? memcpy (entry->strings, result, result_size) : NULL;
  entry->failure = failure != NULL ? memcpy (entry->strings + result_size, failure, failure_size) : NULL;

  g_mutex_lock (&cache->mutex);
  if (cache->table == NULL)
    cache->table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  else if (g_hash_table_size (cache->table) >= CACHE_MAX_ENTRIES)
    g_hash_table_remove_all (cache->table);
  g_hash_table_replace (cache->table, key, entry);
  g_mutex_unlock (&cache->mutex);
}

/* A cache key: a tag (the mapping, or the decoding flags) in two hex
 * digits, then @length bytes of @text, folded to lower case when @fold.
 * Built by hand: printf cost as much as the lookup it keys. */
static char *
cache_key (guint       tag,
           const char *text,
           gsize       length,
           gboolean    fold)
{
  static const char hex[] = "0123456789abcdef";
  char *key = g_malloc (length + 3);

  /* Every mapping and every combination of the flags used fits. */
  g_assert (tag < 256);
  key[0] = hex[tag >> 4];
  key[1] = hex[tag & 0xF];
  for (gsize i = 0; i < length; i++)
    key[i + 2] = fold ? g_ascii_tolower (text[i]) : text[i];
  key[length + 2] = '\0';
  return key;
}

static Cache to_ascii_cache;
static Cache to_unicode_cache;

static char *check_labels_before_mapping (const char *name,
                                          gsize       length,
                                          int         flags);
static char *check_lengths               (const char *name,
                                          gsize       length);
static char *check_mapped_a_labels       (const char *name,
                                          gsize       length,
                                          const char *ascii,
                                          int         flags);

static char *to_ascii_uncached (const char      *host,
                                gsize            length,
                                IriHostMapping   mapping,
                                gboolean         shortcut,
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
  key = cache_key (mapping, host, length, FALSE);
  if (cache_lookup (&to_ascii_cache, key, &result, &failure))
    {
      if (result == NULL)
        g_set_error_literal (error, IRI_ERROR, IRI_ERROR_IDNA, failure);
      return result;
    }

  result = to_ascii_uncached (host, length, mapping, TRUE, &local_error);
  cache_insert (&to_ascii_cache, g_steal_pointer (&key), result,
                local_error != NULL ? local_error->message : NULL);
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return result;
}

/* RFC 5891 §5.5 label by label.  Without UTS #46, libidn2's lookup
 * (IDN2_NO_TR46) splits the name at each U+002E and converts every label
 * on its own: nothing of one label bears on another but the length of
 * the whole name, which it checks after each label.  Done here the same
 * way, a label that comes again is not converted again: top-level
 * domains (рф, 中国, ישראל) and the "www" and other labels that lines
 * share, where every host as a whole is new.  Each label's result, or
 * libidn2's return code, is kept in a cache of its own: a whole-host
 * cache filled by a crawl's new hosts would drop them. */
typedef struct {
  int  rc;
  char result[];   /* the label's ASCII form, when rc is IDN2_OK */
} LabelEntry;

typedef struct {
  GMutex      mutex;
  GHashTable *table;   /* the label's bytes → LabelEntry */
} LabelCache;

static LabelCache label_cache;

/* Copies the IDNA2008 lookup form of the label @label (@length bytes,
 * no dot) to @out, which has room for @room bytes, sets *@out_length
 * and returns IDN2_OK, or returns libidn2's code.  A form longer than
 * @room would make the name too long (iri_idna_lookup_idna2008()) and
 * is refused as libidn2 refuses such a name. */
static int
lookup_label (const char *label,
              gsize       length,
              gboolean    remember,
              char       *out,
              gsize       room,
              gsize      *out_length)
{
  char stack_key[256];
  g_autofree char *heap_key = NULL;
  char *key;
  LabelEntry *entry;
  uint8_t *ascii = NULL;
  gsize size;
  int rc;

  /* An ASCII label that is not an A-label is its own form (libidn2
   * copies it); "xn--" is compared in lower case only, as libidn2 does,
   * and a label over 63 octets is left to libidn2 to refuse. */
  if (length <= IDN2_LABEL_MAX_LENGTH && iri_ascii_run_length (label, length) == length &&
      !(length >= 4 && memcmp (label, "xn--", 4) == 0))
    {
      if (length > room)
        return IDN2_TOO_BIG_DOMAIN;
      memcpy (out, label, length);
      *out_length = length;
      return IDN2_OK;
    }

  /* A plain U-label (letters of one direction, digits, inner hyphens)
   * needs no more than what is known of each of its code points:
   * iri-idna-fast.c, without libidn2 and without the cache. */
  if (iri_idna_fast_lookup_label (label, length, out, room, out_length))
    return IDN2_OK;

  /* Most labels are short: their key, for the lookup, on the stack. */
  key = length < sizeof stack_key ? stack_key : (heap_key = g_malloc (length + 1));
  memcpy (key, label, length);
  key[length] = '\0';

  g_mutex_lock (&label_cache.mutex);
  entry = label_cache.table != NULL ? g_hash_table_lookup (label_cache.table, key) : NULL;
  if (entry != NULL)
    {
      rc = entry->rc;
      size = strlen (entry->result);
      if (rc == IDN2_OK && size > room)
        rc = IDN2_TOO_BIG_DOMAIN;
      else if (rc == IDN2_OK)
        {
          memcpy (out, entry->result, size);
          *out_length = size;
        }
      g_mutex_unlock (&label_cache.mutex);
      return rc;
    }
  g_mutex_unlock (&label_cache.mutex);

  /* A single label: no dot in @key, so libidn2 converts just it. */
  rc = idn2_lookup_u8 ((const uint8_t *) key, &ascii, IDN2_NO_TR46);
  /* A label too long for the stack key is no label that converts (see
   * CACHE_MAX_KEY), and is not kept. */
  if (!remember || heap_key != NULL)
    {
      size = rc == IDN2_OK && ascii != NULL ? strlen ((const char *) ascii) : 0;
      if (rc == IDN2_OK && size > room)
        rc = IDN2_TOO_BIG_DOMAIN;
      else if (rc == IDN2_OK)
        {
          memcpy (out, ascii, size);
          *out_length = size;
        }
      idn2_free (ascii);
      return rc;
    }
  size = rc == IDN2_OK && ascii != NULL ? strlen ((const char *) ascii) : 0;
  entry = g_malloc (sizeof (LabelEntry) + size + 1);
  entry->rc = rc;
  memcpy (entry->result, size > 0 ? (const char *) ascii : "", size + 1);
  idn2_free (ascii);

  /* The answer is copied out before the entry is shared: once in the
   * table, another thread may replace the entry (the same label looked
   * up at the same time) or empty the table, and free it. */
  if (rc == IDN2_OK && size > room)
    rc = IDN2_TOO_BIG_DOMAIN;
  else if (rc == IDN2_OK)
    {
      memcpy (out, entry->result, size);
      *out_length = size;
    }

  g_mutex_lock (&label_cache.mutex);
  if (label_cache.table == NULL)
    label_cache.table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  else if (g_hash_table_size (label_cache.table) >= CACHE_MAX_ENTRIES)
    g_hash_table_remove_all (label_cache.table);
  g_hash_table_replace (label_cache.table, g_strdup (key), entry);
  g_mutex_unlock (&label_cache.mutex);

  return rc;
}

/* What idn2_lookup_u8 (@name, &out, IDN2_NO_TR46) returns, with the same
 * code and, on success, the same name in *@out (freed with g_free()),
 * computed label by label (lookup_label()); the length of the name is
 * checked after each label as libidn2 checks it.  A name that passes
 * holds at most IDN2_DOMAIN_MAX_LENGTH octets, and a label's form at
 * most IDN2_LABEL_MAX_LENGTH: it is built on the stack.  The labels
 * looked up are kept in the cache when @remember. */
static int
lookup_idna2008 (const char  *name,
                 gboolean     remember,
                 char       **out)
{
  char result[IDN2_DOMAIN_MAX_LENGTH + IDN2_LABEL_MAX_LENGTH + 2];
  gsize length = 0;
  const char *p = name;

  *out = NULL;
  while (TRUE)
    {
      const char *dot = strchr (p, '.');
      gsize label_length = dot != NULL ? (gsize) (dot - p) : strlen (p);
      gsize added = 0;
      int rc;

      rc = lookup_label (p, label_length, remember, result + length, sizeof result - 1 - length, &added);
      if (rc != IDN2_OK)
        return rc;
      if (length + added > IDN2_DOMAIN_MAX_LENGTH - (added == 0 && dot == NULL ? 1 : 2))
        return IDN2_TOO_BIG_DOMAIN;
      length += added;
      if (dot == NULL)
        break;
      if (length + 1 > IDN2_DOMAIN_MAX_LENGTH)
        return IDN2_TOO_BIG_DOMAIN;
      result[length++] = '.';
      p = dot + 1;
    }

  *out = g_strndup (result, length);
  return IDN2_OK;
}

int
iri_idna_lookup_idna2008 (const char  *name,
                          char       **out)
{
  return lookup_idna2008 (name, TRUE, out);
}

/* idn2_lookup_u8() with @flags, but label by label without UTS #46;
 * *@out is freed with g_free(). */
static int
lookup (const char  *name,
        int          flags,
        char       **out)
{
  uint8_t *ascii = NULL;
  int rc;

  if (flags == IDN2_NO_TR46)
    return iri_idna_lookup_idna2008 (name, out);

  rc = idn2_lookup_u8 ((const uint8_t *) name, &ascii, flags);
  *out = rc == IDN2_OK && ascii != NULL ? g_strdup ((const char *) ascii) : NULL;
  idn2_free (ascii);
  return rc;
}
char *
iri_idna_to_ascii_full (const char      *host,
                        gsize            length,
                        IriHostMapping   mapping,
                        GError         **error)
{
  g_return_val_if_fail (host != NULL || length == 0, NULL);
  g_return_val_if_fail (mapping != IRI_HOST_MAPPING_PERCENT, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return to_ascii_uncached (host, length, mapping, FALSE, error);
}

static gboolean uts46_keeps_name (const char *name,
                                  gsize       length);

static char *
to_ascii_uncached (const char      *host,
                   gsize            length,
                   IriHostMapping   mapping,
                   gboolean         shortcut,
                   GError         **error)
{
  g_autoptr(GString) decoded = NULL;
  g_autofree char *why = NULL;
  g_autofree char *ascii = NULL;
  gsize offset, bad_length;
  gunichar bad, reserved;
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

  /* The DNS and IDNA rules that libidn2 leaves out for ASCII labels
   * (and, without UTS #46, for the hyphens of U-labels). */
  why = check_labels_before_mapping (decoded->str, decoded->len, flags);
  if (why != NULL)
    {
      set_idna_error (error, host, length, mapping, why);
      return NULL;
    }

  /* UTS #46 changes nothing in most names (see uts46_keeps_name()).
   * When the IDNA2008 lookup refuses one, the full processing decides,
   * and gives the reason. */
  rc = IDN2_ENCODING_ERROR;
  if (shortcut && mapping == IRI_HOST_MAPPING_UTS46 &&
      uts46_keeps_name (decoded->str, decoded->len))
    {
      rc = lookup (decoded->str, IDN2_NO_TR46, &ascii);
      if (rc != IDN2_OK)
        g_clear_pointer (&ascii, g_free);
    }
  if (rc != IDN2_OK)
    rc = lookup (decoded->str, flags, &ascii);
  if (rc != IDN2_OK)
    {
      why = find_failing_label (decoded->str, flags);
      set_idna_error (error, host, length, mapping,
                      why != NULL ? why : idn2_strerror (rc));
      return NULL;
    }

  /* libidn2 has returned success with an empty result for malformed
   * input before (curl PR #11674); never pass that on as a host. */
  if (ascii == NULL || (ascii[0] == '\0' && decoded->len > 0))
    {
      set_idna_error (error, host, length, mapping, _("libidn2 returned an empty name"));
      return NULL;
    }

  /* UTS #46 maps some characters to ASCII that a reg-name cannot hold
   * (U+FF0F FULLWIDTH SOLIDUS becomes "/" when UseSTD3ASCIIRules is
   * off); such a result would change how the URI is split. */
  bad = check_reg_name_ascii (ascii);
  for (const char *p = ascii; bad == 0 && *p != '\0'; p++)
    {
      if ((guchar) *p >= 0x80)
        bad = (guchar) *p;
    }
  if (bad != 0)
    {
      g_autofree char *who = iri_char_describe (bad);
      /* Translators: %s names a character, e.g. "U+002F SOLIDUS" */
      g_autofree char *reason = g_strdup_printf (_("the mapping produces %s, which cannot be part of a domain name"), who);

      set_idna_error (error, host, length, mapping, reason);
      return NULL;
    }

  /* Mapping can make labels (U+3002 becomes a dot) and changes their
   * lengths; the DNS limits hold for the result. */
  why = check_lengths (ascii, strlen (ascii));
  /* Without UTS #46 nothing is mapped: libidn2 refuses a name that is
   * not in NFC, so no label outside ASCII can become one in ASCII. */
  if (why == NULL && flags != IDN2_NO_TR46)
    why = check_mapped_a_labels (decoded->str, decoded->len, ascii, flags);
  if (why != NULL)
    {
      set_idna_error (error, host, length, mapping, why);
      return NULL;
    }

  return g_steal_pointer (&ascii);
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

/* Whether @label is made of letters, digits and hyphens — and
 * underscores when @underscore: UTS #46 without UseSTD3ASCIIRules, as
 * browsers and the uts46 mappings apply it, lets "_" into a label, and
 * so into the ASCII part of the A-label it encodes to. */
static gboolean
is_ldh (const char *label,
        gsize       length,
        gboolean    underscore)
{
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isalnum (label[i]) && label[i] != '-' && !(underscore && label[i] == '_'))
        return FALSE;
    }
  return TRUE;
}

/* Decodes one A-label and checks the result the way RFC 5891 §5.4 asks
 * of a lookup: the U-label must be valid and encode back to the same
 * A-label.  libidn2 2.3.3's idn2_to_unicode_8z8z() only decodes the
 * Punycode (it turns "xn--ab-g4t" into "a", U+202E, "b" without a word),
 * so the check is done here, with a lookup of the U-label under @flags.
 *
 * With IDN2_NO_TR46 (IDNA2008, and the test for showing a label): a
 * U-label is by definition already mapped, so the UTS #46 mapping has
 * nothing legitimate to do, and anything it would change (upper case,
 * compatibility characters) is exactly what makes a U-label invalid.
 *
 * With the UTS #46 flags, the lookup maps nothing in a valid U-label,
 * and a label that the conversion made passes again (converting twice
 * gives what converting once gives).  UTS #46 §4 step 4 validates a
 * decoded label with the nontransitional criteria even in transitional
 * processing, so "xn--fa-hia" (faß) is valid there too; libidn2's
 * transitional processing also allows the symbols of IDNA2003
 * ("xn--ls8h"), which its nontransitional processing refuses.
 *
 * Returns the U-label, or NULL with *out_reason set.  Whether the
 * U-label is also safe to show is a separate question
 * (check_display_safe()). */
static char *decode_a_label_uncached (const char  *label,
                                      gsize        length,
                                      int          flags,
                                      char       **out_reason);

/* Decoding and re-validating an A-label (one libidn2 decode and one
 * lookup) is cached like iri_idna_to_ascii(), for the same reasons. */
static char *
decode_a_label (const char  *label,
                gsize        length,
                int          flags,
                char       **out_reason)
{
  g_autofree char *key = cache_key (flags, label, length, TRUE);
  g_autofree char *reason = NULL;
  char *result = NULL;

  if (!cache_lookup (&to_unicode_cache, key, &result, &reason))
    {
      result = decode_a_label_uncached (label, length, flags, &reason);
      cache_insert (&to_unicode_cache, g_steal_pointer (&key), result, reason);
    }
  if (result == NULL)
    *out_reason = g_steal_pointer (&reason);
  return result;
}

/* Looks @unicode up under @flags: IDN2_OK when it gives @a_label back
 * (in any case), IDN2_ENCODING_ERROR with *out_other set when it gives
 * another A-label, libidn2's error otherwise. */
static int
round_trip (const char  *unicode,
            const char  *a_label,
            int          flags,
            char       **out_other)
{
  g_autofree char *ascii = NULL;
  /* Without UTS #46, the labels' cache is asked (the analysis has just
   * looked up the U-label that the display round trip of §3.7 decodes
   * from its A-label) but not filled: a label decoded from a URI from
   * elsewhere is mostly new, and keeping it would cost more than it
   * saves. */
  int rc = flags == IDN2_NO_TR46 ? lookup_idna2008 (unicode, FALSE, &ascii)
                                 : lookup (unicode, flags, &ascii);

  if (rc == IDN2_OK && (ascii == NULL || g_ascii_strcasecmp (ascii, a_label) != 0))
    {
      *out_other = g_strdup (ascii != NULL ? ascii : "");
      rc = IDN2_ENCODING_ERROR;
    }
  return rc;
}

static char *
decode_a_label_uncached (const char  *label,
                         gsize        length,
                         int          flags,
                         char       **out_reason)
{
  /* A-labels compare without regard to ASCII case (RFC 5890
   * §2.3.2.1), but Punycode keeps the case of the basic code points it
   * copies ("XN--FU-HIA" would decode to "FUß"), so decode the lower-case
   * form. */
  g_autofree char *copy = g_ascii_strdown (label, length);
  g_autofree char *described = NULL;
  g_autofree char *other = NULL;
  char *unicode = NULL;
  int rc;

  if (!is_ldh (label, length, (flags & IDN2_NO_TR46) == 0))
    {
      *out_reason = g_strdup (_("an A-label can only contain ASCII letters, digits and hyphens"));
      return NULL;
    }

  /* IDNA2008: a plain U-label is decoded, and encoded back, without
   * libidn2 (iri-idna-fast.c), as it is looked up. */
  if (flags == IDN2_NO_TR46)
    {
      char fast[IDN2_LABEL_MAX_LENGTH * 4];
      gsize fast_length;

      if (iri_idna_fast_decode_label (copy, length, fast, sizeof fast, &fast_length))
        return g_strndup (fast, fast_length);
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

  rc = round_trip (unicode, copy, flags, &other);
  if (rc != IDN2_OK && (flags & IDN2_TRANSITIONAL) != 0)
    {
      g_clear_pointer (&other, g_free);
      rc = round_trip (unicode, copy, IDN2_NONTRANSITIONAL, &other);
    }

  if (rc != IDN2_OK)
    {
      described = describe_label (unicode);
      idn2_free (unicode);
      if (other != NULL)
        /* Translators: the first %s is a decoded label, the second an A-label */
        *out_reason = g_strdup_printf (_("it decodes to %s, which encodes back to a different A-label, “%s”"),
                                       described, other);
      else if ((flags & IDN2_NO_TR46) != 0)
        /* Translators: the first %s is a decoded label such as
         * “a U+202E RIGHT-TO-LEFT OVERRIDE b”, the second libidn2's reason */
        *out_reason = g_strdup_printf (_("it decodes to %s, which is not a valid IDNA2008 label (%s)"),
                                       described, idn2_strerror (rc));
      else
        /* Translators: the first %s is a decoded label such as
         * “a U+202E RIGHT-TO-LEFT OVERRIDE b”, the second libidn2's reason */
        *out_reason = g_strdup_printf (_("it decodes to %s, which is not a valid label under UTS #46 (%s)"),
                                       described, idn2_strerror (rc));
      return NULL;
    }

  {
    char *result = g_strdup (unicode);

    idn2_free (unicode);
    return result;
  }
}

/* Whether the U-label @unicode, which IDNA2008 accepts, can also be shown
 * to a person.  IDNA2008 already refuses nearly everything that is unsafe
 * to show; this is the same test the rest of the URI goes through (§3.7
 * step 4), so that a later IDNA version cannot let one through.  That
 * includes a combining mark after a hyphen, which IDNA2008 allows but
 * which would be drawn on the hyphen: the literal characters of the URI
 * get the same treatment, so decoding the label and converting the
 * result again agree.  Returns FALSE with *out_reason set when it is
 * not safe. */
static gboolean
check_display_safe (const char  *unicode,
                    char       **out_reason)
{
  g_autofree char *described = NULL;
  gunichar previous = 0;
  gunichar bad = 0;
  gboolean misplaced_mark = FALSE;

  for (const char *p = unicode; *p != '\0' && bad == 0;)
    {
      gunichar c = iri_utf8_next (&p);
      gboolean after_base = previous >= 0x80 || (previous != 0 && g_ascii_isalnum (previous));

      if (g_unichar_ismark (c) && !after_base)
        {
          bad = c;
          misplaced_mark = TRUE;
        }
      previous = c;
    }

  previous = 0;
  for (const char *p = unicode; *p != '\0' && bad == 0;)
    {
      gunichar c = iri_utf8_next (&p);
      gunichar next = *p != '\0' ? g_utf8_get_char (p) : 0;

      /* A joiner that IDNA2008's CONTEXTJ rules let into the label and
       * that stands where the word needs it (Persian "کتاب‌خانه") is
       * shown; the same rule as for a percent-encoded one. */
      if (!iri_char_is_display_safe (c, IRI_COMPONENT_HOST_LABEL) &&
          !iri_safety_display_joiner (c, previous, next, TRUE))
        bad = c;
      previous = c;
    }

  if (bad == 0)
    return TRUE;

  described = describe_label (unicode);
  {
    g_autofree char *who = iri_char_describe (bad);

    if (misplaced_mark)
      /* Translators: the first %s is a decoded label, the second
       * names a combining mark */
      *out_reason = g_strdup_printf (_("it decodes to %s, in which %s does not follow a letter or digit and would be drawn on the character before it"),
                                     described, who);
    else
      /* Translators: the first %s is a decoded label, the second names
       * a character */
      *out_reason = g_strdup_printf (_("it decodes to %s, which contains %s, a character that is not safe to display"),
                                     described, who);
  }
  return FALSE;
}

/* An A-label that decodes to a valid U-label that is safe to show:
 * what §3.7 step 6 may show in Unicode. */
static char *
decode_a_label_for_display (const char  *label,
                            gsize        length,
                            char       **out_reason)
{
  g_autofree char *unicode = decode_a_label (label, length, IDN2_NO_TR46, out_reason);

  if (unicode == NULL || !check_display_safe (unicode, out_reason))
    return NULL;
  return g_steal_pointer (&unicode);
}

gboolean
iri_idna_a_label_shows_as (const char *a_label,
                           gsize       a_length,
                           const char *u_label)
{
  char ascii[IDN2_DOMAIN_MAX_LENGTH + IDN2_LABEL_MAX_LENGTH + 2];
  g_autofree char *reason = NULL;
  gsize length = 0;
  gboolean non_ascii = FALSE;

  /* Lower-case letters, digits and hyphens after "xn--": the labels
   * that §3.7 step 6 decodes, and the case Punycode decodes them in
   * (decode_a_label() lower-cases its copy, which is then this one). */
  if (a_length < 4 || memcmp (a_label, "xn--", 4) != 0)
    return FALSE;
  for (gsize i = 0; i < a_length; i++)
    {
      if (!g_ascii_islower (a_label[i]) && !g_ascii_isdigit (a_label[i]) && a_label[i] != '-')
        return FALSE;
    }
  for (const char *p = u_label; *p != '\0'; p++)
    non_ascii |= (guchar) *p >= 0x80;
  if (!non_ascii)
    return FALSE;

  /* RFC 5891 §5.4, as round_trip() asks it: the IDNA2008 lookup of the
   * U-label, a single label, with the same room for its result.  It
   * refuses a label that is not in NFC, and otherwise Punycode-encodes
   * the U-label's code points as they are (RFC 5891 §4.4, §5.5), so
   * @a_label is "xn--" and RFC 3492's encoding of @u_label; decoding is
   * its inverse, and gives @u_label back. */
  if (lookup_label (u_label, strlen (u_label), FALSE, ascii, sizeof ascii - 1, &length) != IDN2_OK ||
      length != a_length || memcmp (ascii, a_label, a_length) != 0)
    return FALSE;

  return check_display_safe (u_label, &reason);
}

/* DNS and IDNA rules for the labels of a domain name
 *
 * libidn2 checks the labels it converts, but passes an ASCII label
 * through with hardly a look (and with IDN2_NO_TR46 not even at its
 * hyphens), so "xn--a", "foo-" and a 64-octet label would go out as
 * they are.  These checks give ASCII labels the rules that non-ASCII
 * ones get:
 *
 *  - a label is 1 to 63 octets, a name at most 253 without its trailing
 *    dot (RFC 1034 §3.1: 255 octets on the wire; RFC 5890 §2.3.2.1);
 *    only the root label, written as a trailing dot, is empty;
 *  - a label does not begin or end with a hyphen (RFC 1123 §2.1, the
 *    LDH rule of host names; RFC 5891 §4.2.3.1 for U-labels; UTS #46
 *    CheckHyphens);
 *  - "--" in the third and fourth positions marks a reserved, tagged
 *    label (RFC 5890 §2.3.1); of these only "xn--" is defined;
 *  - an "xn--" label is a valid A-label: it decodes, its U-label passes
 *    IDNA2008 lookup and encodes back to it (RFC 5891 §5.3–§5.4, UTS #46
 *    §4 step 4), and the U-label does not begin or end with a hyphen.
 *
 * Underscores and the other sub-delims are not checked: a reg-name need
 * not be a host name (RFC 3986 §3.2.2), and "_dmarc" or "my_host" are
 * real names (UseSTD3ASCIIRules stays off, see idna_flags()).
 *
 * Everything but an "xn--" label costs a few byte comparisons, with no
 * allocation unless something is found: every analysis of an ASCII IRI
 * goes through this. */

#define DNS_LABEL_MAX 63
#define DNS_NAME_MAX 253

typedef enum {
  LABEL_OK,
  LABEL_EMPTY,
  LABEL_TOO_LONG,
  LABEL_HYPHEN_START,
  LABEL_HYPHEN_END,
  LABEL_HYPHENS_3_4,
  LABEL_INVALID_A_LABEL,
} LabelProblem;

static inline gboolean
has_a_label_prefix (const char *label,
                    gsize       length)
{
  return length >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' &&
         label[2] == '-' && label[3] == '-';
}

/* Whether UTS #46 Nontransitional Processing hands @name (percent-decoded,
 * its labels past check_labels_before_mapping()) to the IDNA2008 lookup
 * as it is, and passes its labels, whenever that lookup (IDN2_NO_TR46)
 * accepts @name.  Then both give the same A-labels, and the lookup
 * alone costs under a third of the two: UTS #46 maps every character,
 * normalizes the name and checks each label before the IDNA2008 lookup
 * checks them all again.  Step by step (UTS #46 §4, §4.1; libidn2's _tr46()):
 *
 *  - §4 step 1 (Map) changes nothing: every character has the status
 *    valid or deviation (kept by Nontransitional Processing), which
 *    iri_ucd_is_uts46_kept() tells, or is one of the ASCII "a"–"z",
 *    "0"–"9", "-" and "." (an upper-case letter is mapped);
 *  - step 2 (Normalize) changes nothing: the lookup refuses a label that
 *    is not in NFC (RFC 5891 §5.4 and libidn2's NFC test), and a name of
 *    NFC labels is in NFC, since the full stop is a starter that
 *    composes with nothing;
 *  - step 3 (Break) finds the labels at the same full stops, since the
 *    name has no other character that maps to one (U+3002…);
 *  - step 4 (Convert/Validate) checks no A-label (a label with "xn--"
 *    is left to the full processing, since its decoded characters are
 *    not looked at here); of the validity criteria (§4.1), NFC is as
 *    above, hyphens are what check_labels_before_mapping() checked,
 *    no full stop is in a label, a leading combining mark, the joiners
 *    (CONTEXTJ) and the Bidi Rule are checked by the lookup too, and
 *    criterion 6 (the statuses) is the first point again;
 *  - libidn2 refuses a mapped name of 256 octets or 255 characters and
 *    more before the lookup, which might accept it: the name has at
 *    most 253 octets.
 *
 * tests/core/test-mapping.c holds the character statuses of the vendored
 * table against those of the libidn2 in use, character by character. */
static gboolean
uts46_keeps_name (const char *name,
                  gsize       length)
{
  const char *end = name + length;

  if (length > DNS_NAME_MAX)
    return FALSE;

  for (const char *p = name; p < end;)
    {
      guchar b = *p;

      if ((p == name || p[-1] == '.') && has_a_label_prefix (p, end - p))
        return FALSE;
      if (b < 0x80)
        {
          if (!g_ascii_islower (b) && !g_ascii_isdigit (b) && b != '-' && b != '.')
            return FALSE;
          p++;
        }
      else if (!iri_ucd_is_uts46_kept (iri_utf8_next (&p)))
        return FALSE;
    }
  return TRUE;
}

/* The octets of @name, without one trailing dot. */
static inline gsize
name_length (const char *name,
             gsize       length)
{
  return length > 0 && name[length - 1] == '.' ? length - 1 : length;
}

/* Whether the edges of the label @label (@length octets) need no
 * closer look: 1 to 63 octets, no hyphen at its edges and none in its
 * third and fourth positions (so no "xn--" either). */
static inline gboolean
label_edges_are_simple (const char *label,
                        gsize       length)
{
  return length > 0 && length <= DNS_LABEL_MAX && label[0] != '-' && label[length - 1] != '-' &&
         !(length >= 4 && label[2] == '-' && label[3] == '-');
}

/* Whether the plain ASCII label @label (@length octets) needs no closer
 * look: simple edges, and only what a reg-name holds (anything else, a
 * space in a text that is not an IRI, is looked at by the slow path).
 * Nearly every label. */
static inline gboolean
is_simple_label (const char *label,
                 gsize       length)
{
  if (!label_edges_are_simple (label, length))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      if (!iri_ascii_is (label[i], IRI_ASCII_REG_NAME))
        return FALSE;
    }
  return TRUE;
}

/* Whether every label of the plain ASCII name @name is simple and the
 * name is short enough: the fast path of iri_idna_check_ascii_host(),
 * which every host of an ASCII line goes through, so in one pass over
 * the name.  A "%" is not in a reg-name's class: a name with one is
 * not simple. */
static gboolean
is_simple_name (const char *name,
                gsize       length)
{
  gsize start = 0;

  if (name_length (name, length) > DNS_NAME_MAX)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      if (name[i] != '.')
        {
          if (!iri_ascii_is (name[i], IRI_ASCII_REG_NAME))
            return FALSE;
          continue;
        }
      if (!label_edges_are_simple (name + start, i - start))
        return FALSE;
      start = i + 1;
    }
  /* The root label after a trailing dot is empty. */
  return (start == length && start > 0) || label_edges_are_simple (name + start, length - start);
}

/* Checks the ASCII label @label (@length octets, not NUL-terminated).
 * @last says whether it is the last label of the name, which may be
 * empty (a trailing dot).  An "xn--" label is checked with the libidn2
 * @flags of the mapping (decode_a_label()), and *out_unicode (when not
 * NULL) gets its U-label; for LABEL_INVALID_A_LABEL, *out_reason says
 * why (the other problems are described by label_reason()). */
static LabelProblem
check_ascii_label (const char  *label,
                   gsize        length,
                   gboolean     last,
                   int          flags,
                   char       **out_unicode,
                   char       **out_reason)
{
  if (length == 0)
    return last ? LABEL_OK : LABEL_EMPTY;
  if (length > DNS_LABEL_MAX)
    return LABEL_TOO_LONG;

  if (has_a_label_prefix (label, length))
    {
      g_autofree char *unicode = decode_a_label (label, length, flags, out_reason);
      gsize n;

      if (unicode == NULL)
        return LABEL_INVALID_A_LABEL;

      /* IDNA2008 lookup lets "ä-" through (RFC 5891 §5.4 leaves the
       * edges to registration, §4.2.3.1); the label as typed gets the
       * same rule as a U-label typed in Unicode. */
      n = strlen (unicode);
      if (unicode[0] == '-' || unicode[n - 1] == '-')
        {
          g_autofree char *described = describe_label (unicode);
          g_autofree char *hyphen = iri_char_describe ('-');

          *out_reason = unicode[0] == '-'
            /* Translators: the first %s is a decoded label such as “ä-”,
             * the second names the hyphen, "U+002D HYPHEN-MINUS" */
            ? g_strdup_printf (_("it decodes to %s, which begins with %s"), described, hyphen)
            /* Translators: the first %s is a decoded label such as “ä-”,
             * the second names the hyphen, "U+002D HYPHEN-MINUS" */
            : g_strdup_printf (_("it decodes to %s, which ends with %s"), described, hyphen);
          return LABEL_INVALID_A_LABEL;
        }

      if (out_unicode != NULL)
        *out_unicode = g_steal_pointer (&unicode);
      return LABEL_OK;
    }

  if (label[0] == '-')
    return LABEL_HYPHEN_START;
  if (label[length - 1] == '-')
    return LABEL_HYPHEN_END;
  if (length >= 4 && label[2] == '-' && label[3] == '-')
    return LABEL_HYPHENS_3_4;
  return LABEL_OK;
}

/* A non-ASCII label is libidn2's to check, but IDN2_NO_TR46 lets a
 * hyphen at its edges through: the label gets the rule every other
 * label gets (RFC 5891 §4.2.3.1). */
static LabelProblem
check_non_ascii_label (const char *label,
                       gsize       length)
{
  if (label[0] == '-')
    return LABEL_HYPHEN_START;
  if (label[length - 1] == '-')
    return LABEL_HYPHEN_END;
  return LABEL_OK;
}

/* Why @problem (other than LABEL_INVALID_A_LABEL) is one, in words that
 * follow "label “…”: " and name the character. */
static char *
label_reason (LabelProblem problem,
              gsize        length)
{
  g_autofree char *hyphen = iri_char_describe ('-');

  switch (problem)
    {
    case LABEL_TOO_LONG:
      /* Translators: %lu is a number of octets (bytes), more than 63 */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "it is %lu octet long; a label can have at most 63",
                                           "it is %lu octets long; a label can have at most 63", length),
                              (gulong) length);
    case LABEL_HYPHEN_START:
      /* Translators: %s names the hyphen, "U+002D HYPHEN-MINUS" */
      return g_strdup_printf (_("it begins with %s; a label of a host name must begin and end with a letter or digit"), hyphen);
    case LABEL_HYPHEN_END:
      /* Translators: %s names the hyphen, "U+002D HYPHEN-MINUS" */
      return g_strdup_printf (_("it ends with %s; a label of a host name must begin and end with a letter or digit"), hyphen);
    case LABEL_HYPHENS_3_4:
      /* Translators: %s names the hyphen, "U+002D HYPHEN-MINUS" */
      return g_strdup_printf (_("its third and fourth characters are both %s, which marks a reserved label; only “xn--” (an A-label) is defined"), hyphen);
    case LABEL_OK:
    case LABEL_EMPTY:
    case LABEL_INVALID_A_LABEL:
    default:
      g_return_val_if_reached (NULL);
    }
}

static char *
name_too_long_reason (gsize length)
{
  /* Translators: %lu is a number of octets (bytes), more than 253 */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "the name is %lu octet long in its ASCII form, without a trailing dot; a domain name can have at most 253",
                                       "the name is %lu octets long in its ASCII form, without a trailing dot; a domain name can have at most 253",
                                       length),
                          (gulong) length);
}

/* "label “foo-”: it ends with U+002D HYPHEN-MINUS; …" */
static char *
describe_label_problem (const char   *label,
                        gsize         length,
                        LabelProblem  problem,
                        char         *reason)
{
  g_autofree char *owned = NULL;
  g_autoptr(GString) quoted = NULL;

  if (problem == LABEL_EMPTY)
    return g_strdup (_("an empty label: only the root label, written as a trailing dot, can be empty"));

  owned = reason != NULL ? reason : label_reason (problem, length);
  quoted = g_string_new (NULL);
  iri_append_quoted (quoted, label, length);
  /* Translators: %s is a quoted host label, the second %s the reason
   * libidn2 gives */
  return g_strdup_printf (_("label %s: %s"), quoted->str, owned);
}

/* The label rules for the labels of @name (percent-decoded, in UTF-8),
 * as they are before IDNA mapping: ASCII labels all of them, non-ASCII
 * ones their hyphens.  Returns NULL, or the reason for the first label
 * that breaks them. */
static char *
check_labels_before_mapping (const char *name,
                             gsize       length,
                             int         flags)
{
  gsize start = 0;

  while (start <= length)
    {
      const char *dot = memchr (name + start, '.', length - start);
      gsize end = dot != NULL ? (gsize) (dot - name) : length;
      const char *label = name + start;
      gsize n = end - start;
      gboolean ascii = TRUE;
      LabelProblem problem;
      char *reason = NULL;

      for (gsize i = 0; i < n && ascii; i++)
        ascii = (guchar) label[i] < 0x80;

      if (ascii)
        problem = check_ascii_label (label, n, dot == NULL, flags, NULL, &reason);
      else
        problem = check_non_ascii_label (label, n);
      if (problem != LABEL_OK)
        return describe_label_problem (label, n, problem, reason);

      if (dot == NULL)
        break;
      start = end + 1;
    }

  return NULL;
}

/* Whether UTS #46 may map every character of the label @label (@length
 * bytes, no full stop) to ASCII or to nothing: its ASCII, the characters
 * whose compatibility decomposition is ASCII ("º", "ｘ", "ﬀ"), "ß" and
 * "ẞ" (transitional processing gives "ss"), and the format characters
 * and non-spacing marks, among which are the ones UTS #46 ignores.  Most
 * labels outside ASCII stop at their first character. */
static gboolean
may_map_to_ascii (const char *label,
                  gsize       length)
{
  const char *end = label + length;

  for (const char *p = label; p < end;)
    {
      gunichar c = iri_utf8_next (&p);
      gunichar decomposed[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
      gsize n;

      if (c < 0x80 || c == 0x00DF || c == 0x1E9E)
        continue;
      switch (g_unichar_type (c))
        {
        case G_UNICODE_FORMAT:
        case G_UNICODE_NON_SPACING_MARK:
          continue;
        default:
          break;
        }
      n = g_unichar_fully_decompose (c, TRUE, decomposed, G_N_ELEMENTS (decomposed));
      for (gsize i = 0; i < n; i++)
        {
          if (decomposed[i] >= 0x80)
            return FALSE;
        }
    }
  return TRUE;
}

/* UTS #46 §4 step 4: a label that starts with "xn--" after the mapping
 * must be a valid A-label.  check_labels_before_mapping() checks the ones
 * typed in ASCII, but a label outside ASCII can become one ("xn--…º…"
 * maps to "xn--…o…") and libidn2 2.3.3 passes that on unchecked with
 * transitional processing.  Such a label of @ascii, the mapped form of
 * @name, gets the check a typed one gets; otherwise mapping the URI again
 * would refuse what mapping the IRI gave (§3.3: applying the mapping
 * twice is applying it once).  The labels of @name are split at the four
 * full stops UTS #46 maps to "."; when the mapping made more labels
 * ("⒈" is "1."), every A-label of @ascii is checked.  Returns NULL or
 * the reason. */
static char *
check_mapped_a_labels (const char *name,
                       gsize       length,
                       const char *ascii,
                       int         flags)
{
  const char *end = name + length;
  const char *label = name;
  const char *out = ascii;
  gsize n_labels = 1, n_ascii_labels = 1;
  gboolean paired;

  /* Most results have no A-label at all (UTS #46 gives lower case). */
  if (strstr (ascii, "xn--") == NULL)
    return NULL;

  for (const char *p = ascii; *p != '\0'; p++)
    n_ascii_labels += *p == '.';
  for (const char *p = name; p < end;)
    n_labels += iri_char_is_label_separator (iri_utf8_next (&p));
  paired = n_labels == n_ascii_labels;

  while (TRUE)
    {
      const char *out_end = strchr (out, '.');
      gsize out_len = out_end != NULL ? (gsize) (out_end - out) : strlen (out);
      const char *label_end = label, *next = end;

      /* The label of @name that gave this one: up to the next full stop. */
      for (const char *p = label; p < end; label_end = p)
        {
          if (iri_char_is_label_separator (iri_utf8_next (&p)))
            {
              next = p;
              break;
            }
        }

      if (has_a_label_prefix (out, out_len) &&
          (!paired ||
           (iri_ascii_run_length (label, label_end - label) < (gsize) (label_end - label) &&
            may_map_to_ascii (label, label_end - label))))
        {
          char *reason = NULL;
          LabelProblem problem = check_ascii_label (out, out_len, out_end == NULL, flags, NULL, &reason);

          if (problem != LABEL_OK)
            return describe_label_problem (out, out_len, problem, reason);
        }

      if (out_end == NULL)
        return NULL;
      out = out_end + 1;
      label = next;
    }
}

/* The length rules for @name, an ASCII domain name after mapping (where
 * U+3002 may have become a dot): empty labels, labels over 63 octets,
 * names over 253.  Returns NULL or the reason. */
static char *
check_lengths (const char *name,
               gsize       length)
{
  gsize start = 0;

  while (start <= length)
    {
      const char *dot = memchr (name + start, '.', length - start);
      gsize end = dot != NULL ? (gsize) (dot - name) : length;
      gsize n = end - start;

      if ((n == 0 && dot != NULL) || n > DNS_LABEL_MAX)
        return describe_label_problem (name + start, n, n == 0 ? LABEL_EMPTY : LABEL_TOO_LONG, NULL);
      if (dot == NULL)
        break;
      start = end + 1;
    }

  if (name_length (name, length) > DNS_NAME_MAX)
    return name_too_long_reason (name_length (name, length));
  return NULL;
}

gboolean
iri_idna_check_ascii_host (const char      *host,
                           gsize            length,
                           IriHostMapping   mapping,
                           GError         **error)
{
  g_autoptr(GString) decoded = NULL;
  g_autofree char *reason = NULL;
  const char *name = host;
  gsize name_len = length;
  gunichar reserved;

  g_return_val_if_fail (host != NULL || length == 0, FALSE);
  g_return_val_if_fail (mapping != IRI_HOST_MAPPING_PERCENT, FALSE);

  if (length == 0)
    return TRUE;

  /* Nearly every host: plain ASCII, nothing to look at closely. */
  if (is_simple_name (host, length))
    return TRUE;

  /* "%2D" is a hyphen and "%2E" a dot in a reg-name (RFC 3986 §6.2.2.2).
   * Octets that are not UTF-8 (or a %00, taken as such as
   * iri_idna_to_ascii() takes it) are no characters: they have no IDNA
   * form, and the host keeps its §3.3 form. */
  if (memchr (host, '%', length) != NULL)
    {
      decoded = percent_decode (host, length, &reserved);
      if (!g_utf8_validate (decoded->str, decoded->len, NULL))
        return TRUE;
    }
  else
    {
      decoded = g_string_new_len (host, length);
      reserved = 0;
    }
  name = decoded->str;
  name_len = decoded->len;

  /* Each character is held to the rule it meets next to a non-ASCII
   * label in iri_idna_to_ascii(): a name for Domain Name Lookup (§3.4.2)
   * cannot hold "/", a space or a control, written or percent-encoded,
   * nor a percent-encoded reserved character ("ho%2Fst" is refused as
   * "ho%2Fst.ü" is). */
  {
    gunichar bad = reserved != 0 ? reserved : check_reg_name_ascii (name);

    if (bad != 0)
      {
        g_autofree char *who = iri_char_describe (bad);
        /* Translators: %s names a character, e.g. "U+002F SOLIDUS" */
        g_autofree char *why = g_strdup_printf (_("it contains %s, which cannot be part of a domain name"), who);

        set_idna_error (error, host, length, mapping, why);
        return FALSE;
      }
  }

  reason = check_labels_before_mapping (name, name_len, idna_flags (mapping));
  if (reason == NULL)
    reason = check_lengths (name, name_len);
  if (reason != NULL)
    {
      set_idna_error (error, host, length, mapping, reason);
      return FALSE;
    }
  return TRUE;
}

/* Schemes whose registered names are DNS names: http and https (RFC
 * 9110 §4.2), ws and wss (RFC 6455 §3), ftp (RFC 1738 §3.1), and the
 * domains of mailto: addresses (RFC 6068 §2). */
static gboolean
scheme_uses_dns (const char *scheme)
{
  static const char *const schemes[] = { "http", "https", "ws", "wss", "ftp", "mailto" };

  if (scheme == NULL)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      if (g_ascii_strcasecmp (scheme, schemes[i]) == 0)
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  IriDiagnostics *diagnostics;
  const char     *scheme;
  gboolean        dns_known;
  gboolean        dns;
  gsize           byte_offset;
  gsize           char_offset;
  guint           n_found;
  gsize           n_chars;        /* the code points before the label */
  gsize           ascii_length;   /* the name's octets, once decoded */
  gboolean        all_ascii;      /* every label ASCII, once decoded */
  gboolean        has_a_label;
} HostCheck;

/* The DNS's rules are MUSTs for a scheme that looks its names up there;
 * for any other scheme, RFC 3986 §3.2.2 only says that names SHOULD
 * follow the DNS syntax, so the same finding is one step milder. */
static IriSeverity
host_severity (HostCheck   *check,
               IriSeverity  for_dns)
{
  if (!check->dns_known)
    {
      check->dns = scheme_uses_dns (check->scheme);
      check->dns_known = TRUE;
    }
  return check->dns ? for_dns : for_dns - 1;
}

static void
host_add (HostCheck    *check,
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
  IriSpan span = {
    check->byte_offset + byte_start, check->byte_offset + byte_end,
    check->char_offset + char_start, check->char_offset + char_end,
  };

  iri_diagnostics_add (check->diagnostics,
                       iri_diagnostic_new_take (code, severity, component, &span, spec, message, hint));
}

/* Reports @problem for the label at [start, end) of the host (@chars
 * code points from @char_start).  @text is the label as checked
 * (percent-decoded). */
static void
report_label (HostCheck    *check,
              LabelProblem  problem,
              char         *reason,
              const char   *text,
              gsize         text_len,
              gsize         start,
              gsize         end,
              gsize         char_start,
              gsize         chars)
{
  g_autoptr(GString) quoted = g_string_new (NULL);
  g_autofree char *owned_reason = reason;

  /* What IDNA conversion would refuse too (iri_idna_check_ascii_host()). */
  check->n_found++;
  iri_append_quoted (quoted, text, text_len);

  switch (problem)
    {
    case LABEL_EMPTY:
      {
        /* An empty label has no characters of its own: point at the dot
         * that makes it, the one before it, or after it at the start (a
         * label that is not the last one is followed by a dot). */
        gsize dot = start > 0 ? start - 1 : start;
        gsize dot_char = char_start > 0 ? char_start - 1 : char_start;

        host_add (check, "idna-empty-label", host_severity (check, IRI_SEVERITY_ERROR),
                  IRI_COMPONENT_HOST, dot, dot + 1, dot_char, dot_char + 1,
                  "RFC 1034 §3.1",
                  g_strdup (_("The host has an empty label between two dots or before the first one; only the root label, written as a trailing dot, can be empty.")),
                  g_strdup (_("Remove the extra dot.")));
        return;
      }

    case LABEL_TOO_LONG:
      host_add (check, "idna-label-too-long", host_severity (check, IRI_SEVERITY_ERROR),
                IRI_COMPONENT_HOST_LABEL, start, end, char_start, char_start + chars,
                "RFC 1034 §3.1, RFC 5890 §2.3.2.1",
                /* Translators: %s is a quoted host label (cut short), %lu a
                 * number of octets, more than 63 */
                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "The host label %s is %lu octet long; a label of a domain name can have at most 63.",
                                              "The host label %s is %lu octets long; a label of a domain name can have at most 63.",
                                              text_len),
                                 quoted->str, (gulong) text_len),
                g_strdup (_("Shorten the label to 63 octets or fewer; the DNS cannot hold a longer one.")));
      return;

    case LABEL_HYPHEN_START:
    case LABEL_HYPHEN_END:
      host_add (check, "idna-hyphen-edge", host_severity (check, IRI_SEVERITY_ERROR),
                IRI_COMPONENT_HOST_LABEL, start, end, char_start, char_start + chars,
                "RFC 1123 §2.1, RFC 5891 §4.2.3.1",
                problem == LABEL_HYPHEN_START
                /* Translators: %s is a quoted host label such as “-foo” */
                ? g_strdup_printf (_("The host label %s begins with U+002D HYPHEN-MINUS; a label of a host name must begin and end with a letter or digit."), quoted->str)
                /* Translators: %s is a quoted host label such as “foo-” */
                : g_strdup_printf (_("The host label %s ends with U+002D HYPHEN-MINUS; a label of a host name must begin and end with a letter or digit."), quoted->str),
                g_strdup (_("Remove the hyphen, or move it inside the label.")));
      return;

    case LABEL_HYPHENS_3_4:
      /* Not an error: the DNS resolves such labels, and browsers accept
       * them (WHATWG URL turns CheckHyphens off for "r3---sn-…"
       * video hosts), but IDNA reserves them and UTS #46 with
       * CheckHyphens refuses them. */
      host_add (check, "idna-hyphen-3-4", host_severity (check, IRI_SEVERITY_WARNING),
                IRI_COMPONENT_HOST_LABEL, start, end, char_start, char_start + chars,
                "RFC 5890 §2.3.1, RFC 5891 §4.2.3.1",
                /* Translators: %s is a quoted host label such as “ab--cd” */
                g_strdup_printf (_("The third and fourth characters of the host label %s are both U+002D HYPHEN-MINUS, which marks a reserved label; only “xn--” (an A-label) is defined, and IDNA software refuses the others."), quoted->str),
                g_strdup (_("Avoid two hyphens in the third and fourth positions unless the label is meant for a protocol that defines them.")));
      return;

    case LABEL_INVALID_A_LABEL:
      host_add (check, "idna-invalid-a-label", host_severity (check, IRI_SEVERITY_ERROR),
                IRI_COMPONENT_HOST_LABEL, start, end, char_start, char_start + chars,
                "RFC 5890 §2.3.2.1, RFC 5891 §5.4",
                /* Translators: the first %s is a quoted A-label such as
                 * “xn--ab-g4t”, the second says why it is invalid */
                g_strdup_printf (_("The host label %s is not a valid A-label: %s."), quoted->str, owned_reason),
                g_strdup (_("Treat this host with suspicion; its A-label does not decode to a valid name.")));
      return;

    case LABEL_OK:
    default:
      g_return_if_reached ();
    }
}

/* One label of iri_idna_check_host(): [start, end) of the host, @plain
 * when it has no "%" and no byte outside ASCII. */
static void
check_host_label_slow (HostCheck  *check,
                       const char *host,
                       gsize       length,
                       gsize       start,
                       gsize       end,
                       gboolean    plain)
{
  g_autoptr(GString) decoded = NULL;
  g_autofree char *unicode = NULL;
  const char *label = host + start;
  const char *text = label;
  gsize n = end - start;
  gsize text_len = n;
  gsize chars = n;
  gboolean ascii = TRUE;
  LabelProblem problem;
  char *reason = NULL;

  if (!plain)
    {
      gunichar reserved;

      chars = g_utf8_strlen (label, n);
      if (memchr (label, '%', n) != NULL)
        {
          decoded = percent_decode (label, n, &reserved);
          /* Octets that are not UTF-8 are checked, and quoted, as
           * written. */
          if (g_utf8_validate (decoded->str, decoded->len, NULL))
            {
              text = decoded->str;
              text_len = decoded->len;
            }
        }
      for (gsize i = 0; i < text_len && ascii; i++)
        ascii = (guchar) text[i] < 0x80;
    }

  if (ascii)
    {
      check->ascii_length += text_len;
      problem = check_ascii_label (text, text_len, end == length, IDN2_NO_TR46, &unicode, &reason);
      if (unicode != NULL)
        check->has_a_label = TRUE;

      /* An A-label that IDNA accepts may still decode to something
       * §3.7 step 6 would not show: a warning in any scheme, as
       * iri_idna_to_unicode() gives it. */
      if (problem == LABEL_OK && unicode != NULL && !check_display_safe (unicode, &reason))
        {
          g_autoptr(GString) quoted = g_string_new (NULL);

          iri_append_quoted (quoted, text, text_len);
          host_add (check, "idna-invalid-a-label", IRI_SEVERITY_WARNING,
                    IRI_COMPONENT_HOST_LABEL, start, end, check->n_chars, check->n_chars + chars,
                    "RFC 5891 §5.4, RFC 3987bis §3.7 step 6",
                    /* Translators: the first %s is a quoted A-label such
                     * as “xn--ab-g4t”, the second says why it is
                     * invalid */
                    g_strdup_printf (_("The host label %s is not a valid A-label: %s."), quoted->str, reason),
                    g_strdup (_("Treat this host with suspicion; its A-label does not decode to a valid name.")));
          g_clear_pointer (&reason, g_free);
        }
    }
  else
    {
      check->all_ascii = FALSE;
      problem = check_non_ascii_label (text, text_len);
    }

  if (problem != LABEL_OK)
    {
      if (problem == LABEL_INVALID_A_LABEL)
        check->has_a_label = TRUE;
      report_label (check, problem, reason, text, text_len, start, end, check->n_chars, chars);
    }

  check->n_chars += chars;
}

static inline void
check_host_label (HostCheck  *check,
                  const char *host,
                  gsize       length,
                  gsize       start,
                  gsize       end,
                  gboolean    plain)
{
  const char *label = host + start;
  gsize n = end - start;

  /* The common case has nothing to check. */
  if (plain && is_simple_label (label, n))
    {
      check->ascii_length += n;
      check->n_chars += n;
      return;
    }

  check_host_label_slow (check, host, length, start, end, plain);
}

guint
iri_idna_check_host (const char     *host,
                     gsize           length,
                     gboolean        ascii,
                     const char     *scheme,
                     IriDiagnostics *diagnostics,
                     gsize           byte_offset,
                     gsize           char_offset,
                     IriHostShape   *out_shape)
{
  HostCheck check = { diagnostics, scheme, FALSE, FALSE, byte_offset, char_offset, 0, 0, 0, TRUE, FALSE };
  gboolean all_plain = ascii && length > 0 && memchr (host, '%', length) == NULL;
  gsize start = 0;

  g_return_val_if_fail (host != NULL || length == 0, 0);

  if (all_plain)
    {
      /* Plain ASCII, as nearly every host is: find the dots with
       * memchr() and look at each label's edges. */
      while (TRUE)
        {
          const char *dot = memchr (host + start, '.', length - start);
          gsize end = dot != NULL ? (gsize) (dot - host) : length;

          check_host_label (&check, host, length, start, end, TRUE);
          if (dot == NULL)
            break;
          check.n_chars++;
          check.ascii_length++;
          start = end + 1;
        }
    }
  else if (length > 0)
    {
      gboolean plain = TRUE;

      /* One pass over the host: a label is checked when its dot (or the
       * end) is reached, with its bytes known to be plain ASCII or not. */
      all_plain = TRUE;
      for (gsize i = 0; ; i++)
        {
          if (i < length && host[i] != '.')
            {
              if ((guchar) host[i] >= 0x80 || host[i] == '%')
                plain = FALSE;
              continue;
            }

          check_host_label (&check, host, length, start, i, plain);
          all_plain = all_plain && plain;
          if (i == length)
            break;
          check.n_chars++;
          check.ascii_length++;
          start = i + 1;
          plain = TRUE;
        }
    }
  else
    all_plain = TRUE;

  /* The name's length counts on its ASCII form; a name with U-labels
   * only has one after conversion, whose failure says it. */
  if (length > 0 && check.all_ascii &&
      check.ascii_length - (host[length - 1] == '.' ? 1 : 0) > DNS_NAME_MAX)
    {
      gsize octets = check.ascii_length - (host[length - 1] == '.' ? 1 : 0);

      host_add (&check, "idna-host-too-long", host_severity (&check, IRI_SEVERITY_ERROR),
                IRI_COMPONENT_HOST, 0, length, 0, check.n_chars,
                "RFC 1034 §3.1, RFC 3986 §3.2.2",
                /* Translators: %lu is a number of octets, more than 253 */
                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "The host is %lu octet long, without a trailing dot; a domain name can have at most 253.",
                                              "The host is %lu octets long, without a trailing dot; a domain name can have at most 253.",
                                              octets),
                                 (gulong) octets),
                g_strdup (_("Use a shorter name; the DNS cannot hold a longer one.")));
      check.n_found++;
    }

  if (out_shape != NULL)
    *out_shape = (all_plain ? IRI_HOST_SHAPE_PLAIN : 0) | (check.has_a_label ? IRI_HOST_SHAPE_A_LABEL : 0);
  return check.n_found;
}

/* The deviation characters of UTS #46 §4: valid under nontransitional
 * processing (and IDNA2008), mapped (ß → "ss", ς → σ) or removed (ZWJ,
 * ZWNJ) under transitional processing, so that one name leads to two
 * hosts depending on the software.  Their UTF-8 forms start with C3, CF
 * or E2. */
static gunichar
deviation_at (const guchar *p,
              const guchar *end)
{
  if (p + 1 < end && p[0] == 0xC3 && p[1] == 0x9F)
    return 0x00DF;    /* LATIN SMALL LETTER SHARP S */
  if (p + 1 < end && p[0] == 0xCF && p[1] == 0x82)
    return 0x03C2;    /* GREEK SMALL LETTER FINAL SIGMA */
  if (p + 2 < end && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x8C || p[2] == 0x8D))
    return p[2] == 0x8C ? 0x200C : 0x200D;   /* ZERO WIDTH NON-JOINER, JOINER */
  return 0;
}

gboolean
iri_idna_check_deviations (const char     *host,
                           gsize           length,
                           IriDiagnostics *diagnostics,
                           const IriSpan  *span)
{
  g_autoptr(GString) decoded = NULL;
  g_autoptr(GString) names = NULL;
  g_autofree char *nontransitional = NULL;
  g_autofree char *transitional = NULL;
  const guchar *text = (const guchar *) host;
  gsize text_len = length;
  const guchar *end;
  gunichar found[4];
  guint n_found = 0;
  gunichar reserved;

  g_return_val_if_fail (host != NULL || length == 0, FALSE);

  if (length > 0 && memchr (host, '%', length) != NULL)
    {
      decoded = percent_decode (host, length, &reserved);
      text = (const guchar *) decoded->str;
      text_len = decoded->len;
    }

  end = text + text_len;
  for (const guchar *p = text; p < end; p++)
    {
      gunichar c;
      guint k;

      if (*p != 0xC3 && *p != 0xCF && *p != 0xE2)
        continue;
      c = deviation_at (p, end);
      if (c == 0)
        continue;
      for (k = 0; k < n_found && found[k] != c; k++)
        ;
      if (k == n_found)
        found[n_found++] = c;
    }
  if (n_found == 0)
    return FALSE;

  nontransitional = iri_idna_to_ascii (host, length, IRI_HOST_MAPPING_UTS46, NULL);
  transitional = iri_idna_to_ascii (host, length, IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL);
  if (nontransitional == NULL || transitional == NULL ||
      g_ascii_strcasecmp (nontransitional, transitional) == 0)
    return FALSE;

  names = g_string_new (NULL);
  for (guint k = 0; k < n_found; k++)
    {
      if (k > 0)
        /* Translators: the separator between character names in a list */
        g_string_append (names, _(", "));
      iri_char_append_describe (names, found[k]);
    }

  {
    g_autoptr(GString) quoted = g_string_new (NULL);

    iri_append_quoted (quoted, (const char *) text, text_len);
    iri_diagnostics_add (diagnostics,
                         iri_diagnostic_new_take ("idna-deviation", IRI_SEVERITY_INFO,
                                                  IRI_COMPONENT_HOST, span,
                                                  "UTS #46 §4 step 1",
                                                  /* Translators: the first %s is a quoted
                                                   * host, the next two are its ASCII forms
                                                   * (xn--fa-hia.de and fass.de), the last
                                                   * names characters, e.g. "U+00DF LATIN
                                                   * SMALL LETTER SHARP S" */
                                                  g_strdup_printf (_("The host %s is %s under IDNA2008 and UTS #46 nontransitional processing, but %s under transitional processing (older browsers and libraries), because of %s."),
                                                                   quoted->str, nontransitional, transitional, names->str),
                                                  g_strdup (_("Make sure that both names lead to the same site; software that still uses transitional processing reaches the second one."))));
  }
  return TRUE;
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
          g_autofree char *unicode = decode_a_label_for_display (label, label_len, &reason);

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
