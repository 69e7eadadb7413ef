/* iri-known-hosts.c: known hosts and registrable domains (UTS #39 §4)
 *
 * The hosts a user trusts (IriKnownHosts), indexed by their skeletons,
 * whole and by registrable domain and brand label; the registrable
 * domain of a host by the Public Suffix List; and the
 * confusable-known-host check, with its allocation-free ASCII path.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <libpsl.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-idna-private.h"
#include "iri-lookalike-private.h"
#include "iri-safety-check-private.h"
#include "iri-skeleton-private.h"

/* The codes are spelled out where they are used, so that
 * tests/check-diagnostics-doc.py finds them; these are the same strings. */
#define CODE_KNOWN_HOST     "confusable-known-host"

#define SPEC_KNOWN_HOST     "UTS #39 §4"
#define SPEC_KNOWN_HOST_EXT "UTS #39 §4 (skeleton extended to non-ASCII look-alikes)"

typedef struct {
  char *text;    /* the matching part of the known host: the host, its registrable domain or its brand label */
  char *host;    /* the known host, for messages */
} KnownEntry;

static void
known_entry_free (gpointer data)
{
  KnownEntry *entry = data;

  g_free (entry->text);
  g_free (entry->host);
  g_free (entry);
}

struct _IriKnownHosts
{
  GHashTable *ascii;        /* A-label form → unused; a set */
  GHashTable *full;         /* skeleton of the host → KnownEntry */
  GHashTable *registrable;  /* skeleton of its registrable domain → KnownEntry */
  GHashTable *labels;       /* skeleton of the label left of the public suffix → KnownEntry */
};

const psl_ctx_t *
iri_safety_get_psl (void)
{
  /* The built-in list only (never a file at run time, DESIGN.md §7).
   * libpsl may be built without one; then registrable domains are
   * unknown and only whole hosts and labels are compared. */
  return psl_builtin ();
}

/* The registrable domain (eTLD+1) of a lower-case host, by the Public
 * Suffix List, as a pointer into @host; NULL when the host is a public
 * suffix itself or there is no list. */
static const char *
registrable_domain (const char *host)
{
  const psl_ctx_t *psl = iri_safety_get_psl ();

  if (psl == NULL || host == NULL || *host == '\0')
    return NULL;
  return psl_registrable_domain (psl, host);
}

guint
iri_safety_count_labels (const char *host)
{
  guint n = 1;

  for (const char *p = host; *p != '\0'; p++)
    n += *p == '.';
  return n;
}

/* The last @n labels of @host. */
static const char *
last_labels (const char *host,
             guint       n)
{
  const char *p = host + strlen (host);
  guint seen = 0;

  while (p > host)
    {
      p--;
      if (*p == '.' && ++seen == n)
        return p + 1;
    }
  return host;
}

/* The form of one host label that the Public Suffix List is matched
 * against: percent-decoded, NFKC and lower case, as libpsl expects of
 * internationalized names.  NULL when the label cannot stand for one
 * DNS label: its percent-encoding is not UTF-8, or decoding or NFKC
 * produces a dot (U+FF0E FULLWIDTH FULL STOP becomes "."), which would
 * change the number of labels. */
static char *
psl_label (const char *label,
           gsize       length)
{
  g_autofree char *decoded = NULL;
  g_autofree char *nfkc = NULL;
  gboolean ascii = TRUE;

  if (memchr (label, '%', length) != NULL)
    {
      GString *out = g_string_sized_new (length);

      for (gsize i = 0; i < length; i++)
        {
          if (label[i] == '%' && i + 2 < length &&
              g_ascii_isxdigit (label[i + 1]) && g_ascii_isxdigit (label[i + 2]))
            {
              g_string_append_c (out, (char) (g_ascii_xdigit_value (label[i + 1]) * 16 +
                                              g_ascii_xdigit_value (label[i + 2])));
              i += 2;
            }
          else
            g_string_append_c (out, label[i]);
        }
      length = out->len;
      decoded = g_string_free (out, FALSE);
      /* "%00" cannot be part of a host name. */
      if (strlen (decoded) != length || !g_utf8_validate (decoded, length, NULL))
        return NULL;
      label = decoded;
    }

  for (gsize i = 0; i < length; i++)
    ascii &= (guchar) label[i] < 0x80;
  if (ascii)
    nfkc = g_ascii_strdown (label, length);
  else
    {
      g_autofree char *normalized = g_utf8_normalize (label, length, G_NORMALIZE_NFKC);

      if (normalized == NULL)
        return NULL;
      nfkc = g_utf8_strdown (normalized, -1);
    }

  if (*nfkc == '\0' || strchr (nfkc, '.') != NULL)
    return NULL;
  return g_steal_pointer (&nfkc);
}

/**
 * iri_reference_get_registrable_domain:
 * @self: a reference
 * @out_span: (out caller-allocates): where the registrable domain is in
 *   the text
 *
 * Finds the registrable domain of the host: its public suffix and the
 * one label before it ("eTLD+1"), by the Public Suffix List built into
 * libpsl.  `http://www.example.co.uk/` has the registrable domain
 * `example.co.uk`.
 *
 * This is the part of a host that a display must never hide (the URL
 * display guidelines of WHATWG URL §4.8 and of browsers): a view that
 * has to shorten an IRI elides other parts first.  Labels are compared
 * after percent-decoding, NFKC and lower-casing, so Unicode and
 * punycode labels are both found; the span is in the reference's own
 * text, whatever form the labels have there.
 *
 * Returns: `TRUE` and the span when the host is a registered name with
 *   a registrable domain; `FALSE` when there is no host, it is an IP
 *   address, a public suffix itself (`co.uk`), a single label
 *   (`localhost`), or it has an empty label
 *
 * Since: 0.1
 */
gboolean
iri_reference_get_registrable_domain (IriReference *self,
                                      IriSpan      *out_span)
{
  const psl_ctx_t *psl = iri_safety_get_psl ();
  g_autoptr(GString) lookup = NULL;
  g_autoptr(GArray) starts = NULL;
  const char *text;
  const char *reg;
  IriSpan host;
  gsize end, label_start;
  guint n_reg;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_span != NULL, FALSE);

  if (psl == NULL || iri_reference_get_host_kind (self) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (self, IRI_COMPONENT_HOST, &host) || host.byte_end == host.byte_start)
    return FALSE;

  text = iri_reference_get_text (self);
  end = host.byte_end;
  /* The dot of an absolute domain name ("example.com.") ends the name
   * without starting a label. */
  if (text[end - 1] == '.')
    end--;

  lookup = g_string_new (NULL);
  starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  label_start = host.byte_start;
  for (gsize i = host.byte_start; i <= end; i++)
    {
      g_autofree char *label = NULL;

      if (i < end && text[i] != '.')
        continue;
      if (i == label_start)
        return FALSE;
      label = psl_label (text + label_start, i - label_start);
      if (label == NULL)
        return FALSE;
      g_array_append_val (starts, label_start);
      if (lookup->len > 0)
        g_string_append_c (lookup, '.');
      g_string_append (lookup, label);
      label_start = i + 1;
    }

  reg = psl_registrable_domain (psl, lookup->str);
  if (reg == NULL)
    return FALSE;
  n_reg = iri_safety_count_labels (reg);
  if (n_reg > starts->len)
    return FALSE;

  out_span->byte_start = g_array_index (starts, gsize, starts->len - n_reg);
  out_span->byte_end = end;
  out_span->start = iri_reference_byte_to_char (self, out_span->byte_start);
  out_span->end = iri_reference_byte_to_char (self, out_span->byte_end);
  return TRUE;
}

/* Normalized forms of a host (UTS #46: the A-label form and its
 * Unicode form, both lower case).  @host may be a user's entry with a
 * scheme, a port or a path, which are dropped.  FALSE for an empty
 * entry. */
static gboolean
normalize_host (const char  *entry,
                char       **out_ascii,
                char       **out_unicode)
{
  g_autofree char *copy = g_strstrip (g_strdup (entry));
  char *host = copy;
  char *p;
  g_autofree char *ascii = NULL;
  gsize len;

  if ((p = strstr (host, "://")) != NULL)
    host = p + 3;
  if ((p = strpbrk (host, "/?#")) != NULL)
    *p = '\0';
  if ((p = strrchr (host, '@')) != NULL)
    host = p + 1;
  if (host[0] != '[' && (p = strrchr (host, ':')) != NULL)
    *p = '\0';
  if (g_str_has_prefix (host, "*."))
    host += 2;
  len = strlen (host);
  while (len > 0 && host[len - 1] == '.')
    host[--len] = '\0';
  if (len == 0 || !g_utf8_validate (host, len, NULL))
    return FALSE;

  ascii = iri_idna_to_ascii (host, len, IRI_HOST_MAPPING_UTS46, NULL);
  if (ascii != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (ascii, -1);

      *out_unicode = iri_idna_to_unicode (lower, strlen (lower), NULL, 0, 0);
      *out_ascii = g_steal_pointer (&lower);
    }
  else
    {
      /* Not a valid IDN: compare what was written, lower-cased and in
       * NFC, so that a typo in the list still protects something. */
      g_autofree char *nfc = g_utf8_normalize (host, len, G_NORMALIZE_NFC);

      *out_unicode = g_utf8_strdown (nfc, -1);
      *out_ascii = g_strdup (*out_unicode);
    }
  return TRUE;
}

/* The host skeletons of @text, then their extended forms (issue 13
 * family 8): UTS #39 maps Cyrillic к, м, н, т, ь to non-ASCII Latin
 * prototypes (ĸ, ʍ, ʜ, ᴛ, ƅ) and has no prototype for ŋ or þ, so the
 * plain skeleton of "кмагт" is not that of "kmart"; the extended
 * skeleton reads those letters as the ASCII letters they pass for
 * (iri-lookalike-private.h, data/security/latin-lookalikes.txt).  The
 * first @n_plain entries are the plain skeletons.  An ASCII host's
 * extended skeleton is its plain one, so the fast path needs no table. */
static void
known_host_skeletons (const char *text,
                      GPtrArray  *out,
                      guint      *n_plain)
{
  guint n;

  iri_host_skeletons (text, out);
  n = *n_plain = out->len;
  for (guint i = 0; i < n; i++)
    {
      const char *plain = g_ptr_array_index (out, i);
      char *extended;
      gboolean seen = FALSE;

      if (g_str_is_ascii (plain))
        continue;
      extended = iri_lookalike_extend_skeleton (plain);
      for (guint k = 0; k < out->len && !seen; k++)
        seen = g_str_equal (g_ptr_array_index (out, k), extended);
      if (seen)
        g_free (extended);
      else
        g_ptr_array_add (out, extended);
    }
}

static void
index_skeletons (GHashTable *table,
                 const char *text,
                 const char *host)
{
  g_autoptr(GPtrArray) skeletons = g_ptr_array_new_with_free_func (g_free);
  guint n_plain;

  known_host_skeletons (text, skeletons, &n_plain);
  for (guint i = 0; i < skeletons->len; i++)
    {
      const char *skeleton = g_ptr_array_index (skeletons, i);
      KnownEntry *entry;

      if (g_hash_table_contains (table, skeleton))
        continue;
      entry = g_new0 (KnownEntry, 1);
      entry->text = g_strdup (text);
      entry->host = g_strdup (host);
      g_hash_table_insert (table, g_strdup (skeleton), entry);
    }
}

IriKnownHosts *
iri_known_hosts_new (const char * const *hosts)
{
  IriKnownHosts *known = g_new0 (IriKnownHosts, 1);

  known->ascii = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  known->full = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);
  known->registrable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);
  known->labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);

  for (gsize i = 0; hosts != NULL && hosts[i] != NULL; i++)
    {
      g_autofree char *ascii = NULL;
      g_autofree char *unicode = NULL;
      const char *reg;

      if (!normalize_host (hosts[i], &ascii, &unicode))
        continue;

      g_hash_table_add (known->ascii, g_strdup (ascii));
      index_skeletons (known->full, unicode, unicode);

      reg = registrable_domain (ascii);
      if (reg != NULL)
        {
          const char *reg_unicode = last_labels (unicode, iri_safety_count_labels (reg));
          g_autofree char *brand = g_strdup (reg_unicode);
          char *dot = strchr (brand, '.');

          index_skeletons (known->registrable, reg_unicode, unicode);
          if (dot != NULL)
            *dot = '\0';
          index_skeletons (known->labels, brand, unicode);
        }
    }

  return known;
}

void
iri_known_hosts_free (IriKnownHosts *known)
{
  if (known == NULL)
    return;
  g_hash_table_unref (known->ascii);
  g_hash_table_unref (known->full);
  g_hash_table_unref (known->registrable);
  g_hash_table_unref (known->labels);
  g_free (known);
}

/* A host that is a known host, or a subdomain of one, is the user's own
 * and is never reported.  @host is its lower-case A-label form. */
static gboolean
is_known_or_subdomain (IriKnownHosts *known,
                       const char    *host)
{
  for (const char *p = host; p != NULL; p = strchr (p, '.'))
    {
      if (*p == '.')
        p++;
      if (g_hash_table_contains (known->ascii, p))
        return TRUE;
    }
  return FALSE;
}

/* Looks the skeletons of @text up in @table; returns the first entry
 * whose text differs from @text, and in @extended whether only an
 * extended skeleton matched. */
static const KnownEntry *
lookup_known (GHashTable *table,
              const char *text,
              gboolean   *extended)
{
  g_autoptr(GPtrArray) skeletons = g_ptr_array_new_with_free_func (g_free);
  guint n_plain;

  known_host_skeletons (text, skeletons, &n_plain);
  for (guint i = 0; i < skeletons->len; i++)
    {
      const KnownEntry *entry = g_hash_table_lookup (table, g_ptr_array_index (skeletons, i));

      if (entry != NULL && !g_str_equal (entry->text, text))
        {
          *extended = i >= n_plain;
          return entry;
        }
    }
  return NULL;
}

typedef enum {
  MATCH_HOST,
  MATCH_REGISTRABLE,
  MATCH_LABEL,
} KnownMatch;

static void
report_known_host (Check            *check,
                   const IriSpan    *span,
                   KnownMatch        match,
                   const char       *shown_text,
                   const KnownEntry *entry,
                   gboolean          extended)
{
  g_autofree char *quoted = iri_safety_quote (check, shown_text, -1);
  g_autofree char *quoted_what = iri_quote (entry->text);
  g_autofree char *quoted_known = iri_quote (entry->host);
  char *message;

  /* With @extended, the skeletons only agree once letters such as ĸ, ʍ
   * or ŋ are read as the ASCII letters they resemble (family 8). */
  switch (match)
    {
    case MATCH_HOST:
      message = extended
        /* Translators: the first %s is the quoted host, the second the
         * quoted known host */
        ? g_strdup_printf (_("The host %s looks like the known host %s (they read the same once letters such as “ĸ”, “ʍ” or “ŋ” are taken for the ASCII letters they resemble), but is a different host."),
                           quoted, quoted_known)
        /* Translators: the first %s is the quoted host, the second the
         * quoted known host */
        : g_strdup_printf (_("The host %s looks like the known host %s (they have the same UTS #39 skeleton), but is a different host."),
                           quoted, quoted_known);
      break;
    case MATCH_REGISTRABLE:
      message = extended
        /* Translators: the first %s is the quoted registrable domain of
         * the host, the second that of a known host, the third the known
         * host */
        ? g_strdup_printf (_("The registrable domain %s of this host looks like %s of the known host %s (they read the same once letters such as “ĸ”, “ʍ” or “ŋ” are taken for the ASCII letters they resemble), but belongs to someone else."),
                           quoted, quoted_what, quoted_known)
        /* Translators: the first %s is the quoted registrable domain of
         * the host, the second that of a known host, the third the known
         * host */
        : g_strdup_printf (_("The registrable domain %s of this host looks like %s of the known host %s (they have the same UTS #39 skeleton), but belongs to someone else."),
                           quoted, quoted_what, quoted_known);
      break;
    case MATCH_LABEL:
    default:
      message = extended
        /* Translators: the first %s is a quoted host label, the second a
         * quoted label of a known host, the third the quoted known host */
        ? g_strdup_printf (_("The host label %s looks like %s of the known host %s (they read the same once letters such as “ĸ”, “ʍ” or “ŋ” are taken for the ASCII letters they resemble), but this host is not that one."),
                           quoted, quoted_what, quoted_known)
        /* Translators: the first %s is a quoted host label, the second a
         * quoted label of a known host, the third the quoted known host */
        : g_strdup_printf (_("The host label %s looks like %s of the known host %s (they have the same UTS #39 skeleton), but this host is not that one."),
                           quoted, quoted_what, quoted_known);
      break;
    }

  iri_safety_add (check, CODE_KNOWN_HOST, IRI_SEVERITY_WARNING,
                  match == MATCH_LABEL ? IRI_COMPONENT_HOST_LABEL : IRI_COMPONENT_HOST, span,
                  extended ? SPEC_KNOWN_HOST_EXT : SPEC_KNOWN_HOST,
                  message,
                  /* Translators: %s is a quoted host name */
                  g_strdup_printf (_("Make sure this is the site you mean and not an imitation of %s."), quoted_known));
}

/* confusable-known-host on the slow path.  @ascii is the host's
 * lower-case A-label form (or NULL if it has none), @unicode its
 * lower-case Unicode form. */
void
iri_safety_check_known_hosts (Check      *check,
                              const char *ascii,
                              const char *unicode)
{
  IriKnownHosts *known = check->config->known_hosts;
  const KnownEntry *entry;
  const char *reg;
  IriSpan host_span;
  gboolean extended = FALSE;

  if (known == NULL || unicode == NULL || *unicode == '\0')
    return;
  if (is_known_or_subdomain (known, ascii != NULL ? ascii : unicode))
    return;
  iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span);

  entry = lookup_known (known->full, unicode, &extended);
  if (entry != NULL)
    {
      report_known_host (check, &host_span, MATCH_HOST, unicode, entry, extended);
      return;
    }

  reg = registrable_domain (ascii != NULL ? ascii : unicode);
  if (reg != NULL)
    {
      const char *reg_unicode = last_labels (unicode, iri_safety_count_labels (reg));

      entry = lookup_known (known->registrable, reg_unicode, &extended);
      if (entry != NULL)
        {
          report_known_host (check, &host_span, MATCH_REGISTRABLE, reg_unicode, entry, extended);
          return;
        }
    }

  if (iri_safety_count_labels (unicode) != check->labels->len)
    return;
  for (guint i = 0; i < check->labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (check->labels, i);

      entry = lookup_known (known->labels, label->text, &extended);
      if (entry == NULL)
        continue;
      report_known_host (check, &label->span, MATCH_LABEL, label->text, entry, extended);
      return;
    }
}

/* The fast path of confusable-known-host: an ASCII host, lower-cased and
 * skeletonized in stack buffers.  The DNS limits a name to 253
 * characters; anything longer is not a host anyone trusts. */
#define ASCII_HOST_MAX 256

void
iri_safety_check_known_hosts_ascii (Check         *check,
                                    const IriSpan *host_span)
{
  IriKnownHosts *known = check->config->known_hosts;
  gsize length = host_span->byte_end - host_span->byte_start;
  char host[ASCII_HOST_MAX];
  char skeleton[ASCII_HOST_MAX * 2];
  const KnownEntry *entry;
  const char *reg;

  if (length == 0 || length >= ASCII_HOST_MAX)
    return;
  for (gsize i = 0; i < length; i++)
    host[i] = g_ascii_tolower (check->text[host_span->byte_start + i]);
  host[length] = '\0';
  while (length > 0 && host[length - 1] == '.')
    host[--length] = '\0';
  if (length == 0 || is_known_or_subdomain (known, host))
    return;

  if (!iri_ascii_host_skeleton (host, length, skeleton, sizeof skeleton))
    return;
  entry = g_hash_table_lookup (known->full, skeleton);
  if (entry != NULL && !g_str_equal (entry->text, host))
    {
      report_known_host (check, host_span, MATCH_HOST, host, entry, FALSE);
      return;
    }

  reg = registrable_domain (host);
  if (reg != NULL && iri_ascii_host_skeleton (reg, strlen (reg), skeleton, sizeof skeleton))
    {
      entry = g_hash_table_lookup (known->registrable, skeleton);
      if (entry != NULL && !g_str_equal (entry->text, reg))
        {
          report_known_host (check, host_span, MATCH_REGISTRABLE, reg, entry, FALSE);
          return;
        }
    }

  for (const char *label = host; label != NULL; )
    {
      const char *dot = strchr (label, '.');
      gsize label_len = dot != NULL ? (gsize) (dot - label) : strlen (label);
      char one[ASCII_HOST_MAX];

      memcpy (one, label, label_len);
      one[label_len] = '\0';
      if (label_len > 0 && iri_ascii_host_skeleton (one, label_len, skeleton, sizeof skeleton))
        {
          entry = g_hash_table_lookup (known->labels, skeleton);
          if (entry != NULL && !g_str_equal (entry->text, one))
            {
              IriSpan span;

              span.byte_start = host_span->byte_start + (label - host);
              span.byte_end = span.byte_start + label_len;
              span.start = host_span->start + (label - host);
              span.end = span.start + label_len;
              report_known_host (check, &span, MATCH_LABEL, one, entry, FALSE);
              return;
            }
        }
      label = dot != NULL ? dot + 1 : NULL;
    }
}
