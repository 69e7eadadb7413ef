/* iri-safety.c: confusables and spoofing (UTS #39; RFC 3987bis §5.1, §7.5)
 *
 * The checks of issue #4.  They look at the units of DESIGN.md §3 (each
 * host label, path segment, query name and value…) and at the host as a
 * whole, and report what can make a reader take an IRI for another one:
 * letters of several scripts in one name (UTS #39 §5.2), a name written
 * in one script that reads as a Latin one (§4), digits of two numbering
 * systems (§5.3), characters that are invisible or that hide a mark
 * (§5.4), look-alikes of the delimiters (RFC 3987bis §5.1b),
 * compatibility characters and text that is not in NFC (§5.1b, §7.5),
 * "br0ken" and "1ame" (§7.5), and hosts that look like a host the user
 * trusts.
 *
 * Everything is derived from the vendored Unicode data (confusables.txt,
 * IdentifierStatus.txt, IdentifierType.txt, Script_Extensions,
 * DerivedCoreProperties) and from GLib's normalization and character
 * properties.  The few places where the data does not say enough are
 * marked "Supplement" and say why.
 *
 * Performance: an all-ASCII IRI (DESIGN.md §2) only gets the §7.5 ASCII
 * lint and, when known hosts are configured, an ASCII skeleton of its
 * host, both without allocating.  Only an "xn--" label or a
 * percent-encoded octet in the host sends an ASCII IRI down the slow path,
 * because such a host is shown in Unicode (§3.7 step 6) and is exactly
 * how a spoofed host usually arrives.
 *
 * The rule families have files of their own: iri-safety-chars.c (one
 * character at a time), iri-safety-mixed.c (words and units),
 * iri-safety-whole-script.c and iri-known-hosts.c (the host as a
 * whole), on top of iri-script-set.c and iri-skeleton.c.  This file runs
 * them over the units and holds the helpers they share
 * (iri-safety-check-private.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-char-private.h"
#include "iri-idna-private.h"
#include "iri-safety-check-private.h"
#include "iri-safety-host-rules-private.h"
#include "iri-safety-private.h"
#include "iri-script-set-private.h"
#include "iri-ucd-private.h"
#include "iri-unit-private.h"
#include "iri-utf8-private.h"

/* ------------------------------------------------------------------ */
/* Character information (public)                                     */
/* ------------------------------------------------------------------ */

/**
 * iri_char_get_name:
 * @c: a Unicode character
 *
 * Gets the name of a character from the Unicode Character Database the
 * library carries: "CYRILLIC SMALL LETTER A", "CJK UNIFIED
 * IDEOGRAPH-4E00", "HANGUL SYLLABLE GA"; for a control character its
 * control alias ("CHARACTER TABULATION").
 *
 * Returns: (transfer full) (nullable): the name, or `NULL` for a code
 *   point without one (unassigned, private use, surrogate,
 *   noncharacter)
 *
 * Since: 0.1
 */
char *
iri_char_get_name (gunichar c)
{
  char buf[IRI_UCD_NAME_MAX];

  if (!iri_ucd_get_name (c, buf))
    return NULL;
  return g_strdup (buf);
}

/**
 * iri_char_get_script_extensions:
 * @c: a Unicode character
 * @n_scripts: (out): where to store the number of scripts
 *
 * Gets the Script_Extensions of a character (UAX #24): the scripts it
 * is used with.  For a character that ScriptExtensions.txt does not
 * list, that is its Script property.  UTS #39 §5.1 computes the
 * resolved script set of a string from these.
 *
 * Returns: (transfer full) (array length=n_scripts): the scripts
 *
 * Since: 0.1
 */
GUnicodeScript *
iri_char_get_script_extensions (gunichar  c,
                                gsize    *n_scripts)
{
  GUnicodeScript scx[SCX_MAX];
  guint n;

  g_return_val_if_fail (n_scripts != NULL, NULL);

  n = MIN (iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx)), G_N_ELEMENTS (scx));
  *n_scripts = n;
  return g_memdup2 (scx, n * sizeof (GUnicodeScript));
}

/**
 * iri_char_is_identifier_allowed:
 * @c: a Unicode character
 *
 * Whether a character has Identifier_Status=Allowed in the UTS #39
 * data (§3.1): the characters recommended for identifiers.  The others
 * are Restricted; [func@Iri.char_get_identifier_types] says why.
 *
 * Returns: `TRUE` if the character is allowed
 *
 * Since: 0.1
 */
gboolean
iri_char_is_identifier_allowed (gunichar c)
{
  return iri_ucd_is_identifier_allowed (c);
}

/* UTS #39 Table 1, in the bit order of IriIdentifierType. */
static const char * const identifier_type_names[] = {
  "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
  "Not_XID", "Exclusion", "Obsolete", "Technical", "Uncommon_Use",
  "Limited_Use", "Inclusion", "Recommended",
};

/**
 * iri_char_get_identifier_types:
 * @c: a Unicode character
 *
 * Gets the Identifier_Type values of a character (UTS #39 §3.1,
 * Table 1), as the property value names of IdentifierType.txt:
 * "Recommended", "Inclusion", "Technical", "Not_NFKC"…
 *
 * Returns: (transfer full) (array zero-terminated=1): the types
 *
 * Since: 0.1
 */
char **
iri_char_get_identifier_types (gunichar c)
{
  guint bits = iri_ucd_get_identifier_type (c);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (identifier_type_names); i++)
    {
      if (bits & (1u << i))
        g_ptr_array_add (out, g_strdup (identifier_type_names[i]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/**
 * iri_get_unicode_data_version:
 * @data: which data
 *
 * Gets the version of a set of Unicode data compiled into the library,
 * read from the headers of the vendored files when the library was
 * built, such as "15.0.0".  Normalization, general categories and
 * scripts come from GLib, which has its own Unicode version.
 *
 * Returns: (transfer none): the version
 *
 * Since: 0.1
 */
const char *
iri_get_unicode_data_version (IriUnicodeData data)
{
  switch (data)
    {
    case IRI_UNICODE_DATA_UCD:
      return iri_ucd_version;
    case IRI_UNICODE_DATA_SECURITY:
      return iri_ucd_security_version;
    case IRI_UNICODE_DATA_LINK:
      return iri_ucd_link_version;
    default:
      g_return_val_if_reached (NULL);
    }
}

/* ------------------------------------------------------------------ */
/* The check                                                           */
/* ------------------------------------------------------------------ */

/* The strings of a label; the label itself is in check_slow()'s block. */
static void
host_label_clear (HostLabel *label)
{
  g_free (label->text);
  g_free (label->written_nfc);
  g_free (label->reading);
}

/* @text quoted for a message, written back in Bidi Notation when the
 * IRI was read in it. */
char *
iri_safety_quote (Check      *check,
                  const char *text,
                  gssize      length)
{
  g_autofree char *piece = NULL;
  g_autofree char *shown = NULL;

  /* Without a notation (nearly always) the text is quoted where it
   * stands, up to a NUL byte as a copy would have been. */
  if (check->config->notation == IRI_NOTATION_NONE)
    return iri_quote_len (text, length < 0 ? strlen (text) : strnlen (text, length));

  piece = g_strndup (text, length < 0 ? strlen (text) : (gsize) length);
  shown = iri_notation_from_rtl (piece, -1, check->config->notation);
  return iri_quote (shown);
}

/* "U+0430 CYRILLIC SMALL LETTER A (Cyrillic)" */
void
iri_safety_append_char_with_script (GString  *out,
                                    gunichar  c)
{
  iri_char_append_describe (out, c);
  g_string_append_printf (out, " (%s)", iri_script_get_name (iri_char_display_script (c)));
}

char *
iri_safety_describe_char (gunichar c)
{
  GString *out = g_string_new (NULL);

  iri_safety_append_char_with_script (out, c);
  return g_string_free (out, FALSE);
}

void
iri_safety_add (Check         *check,
                const char    *code,
                IriSeverity    severity,
                IriComponent   component,
                const IriSpan *span,
                const char    *spec,
                char          *message,
                char          *hint)
{
  iri_diagnostics_add (check->diagnostics,
                       iri_diagnostic_new_take (code, severity, component, span, spec, message, hint));
}

/* The span of characters [i, j) of @u. */
void
iri_safety_char_span (Check          *check,
                      const UnitText *u,
                      gsize           i,
                      gsize           j,
                      IriSpan        *span)
{
  if (u->decoded)
    {
      *span = u->span;
      return;
    }
  span->byte_start = u->span.byte_start + check->offsets[i];
  span->byte_end = u->span.byte_start + check->offsets[j];
  span->start = u->span.start + i;
  span->end = u->span.start + j;
}

/* Decodes @u into check->chars and check->offsets, and clears
 * check->reported. */
static void
load_unit (Check          *check,
           const UnitText *u)
{
  const char *p = u->text;
  const char *end = u->text + u->length;
  gsize n = 0;

  /* At most one character per byte.  A unit longer than the arrays
   * (a long path segment, or a decoded label longer than its A-label)
   * gets one heap block for all three, kept for the rest of the check. */
  if (u->length > check->capacity)
    {
      gsize capacity = MAX (u->length, 2 * check->capacity);
      guint8 *block;

      g_free (check->heap);
      block = g_malloc (capacity * sizeof (gunichar) + (capacity + 1) * sizeof (gsize) + capacity);
      check->offsets = (gsize *) (gpointer) block;
      check->chars = (gunichar *) (gpointer) (block + (capacity + 1) * sizeof (gsize));
      check->reported = block + (capacity + 1) * sizeof (gsize) + capacity * sizeof (gunichar);
      check->capacity = capacity;
      check->heap = block;
    }

  while (p < end)
    {
      check->offsets[n] = p - u->text;
      check->chars[n++] = iri_utf8_next (&p);
    }
  check->offsets[n] = u->length;
  check->n_chars = n;
  memset (check->reported, 0, n);
}

/* ------------------------------------------------------------------ */
/* One unit                                                            */
/* ------------------------------------------------------------------ */

static gboolean
is_ascii_text (const char *text,
               gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if ((guchar) text[i] >= 0x80)
        return FALSE;
    }
  return TRUE;
}

static void
check_unit_text (Check          *check,
                 const UnitText *u)
{
  gsize pos = 0, start, end;

  load_unit (check, u);
  iri_safety_check_chars (check, u);
  iri_safety_check_nfc (check, u);

  while (iri_safety_next_word (check, u, &pos, &start, &end))
    {
      gboolean ascii = TRUE;

      for (gsize i = start; i < end && ascii; i++)
        ascii = CHAR_AT (check, i) < 0x80;
      if (ascii)
        continue;
      iri_safety_check_mixed_script (check, u, start, end);
      iri_safety_check_mixed_numbers (check, u, start, end);
    }
}

/* A label written as an A-label or with percent-encoded octets is
 * checked in its Unicode form (what §3.7 step 6 displays), when that
 * form is valid. */
static char *
decode_label (const char *label,
              gsize       length)
{
  if (length >= 4 && g_ascii_strncasecmp (label, "xn--", 4) == 0)
    {
      g_autofree char *lower = g_ascii_strdown (label, length);
      char *unicode = iri_idna_to_unicode (lower, length, NULL, 0, 0);

      if (unicode != NULL && !g_str_equal (unicode, lower))
        return unicode;
      g_free (unicode);
      return NULL;
    }

  if (memchr (label, '%', length) != NULL)
    {
      g_autofree char *copy = g_strndup (label, length);
      g_autofree char *decoded = g_uri_unescape_string (copy, NULL);

      if (decoded != NULL && g_utf8_validate (decoded, -1, NULL) &&
          !is_ascii_text (decoded, strlen (decoded)))
        return g_steal_pointer (&decoded);
    }
  return NULL;
}

static gboolean
host_needs_decoding (const char *text,
                     gsize       start,
                     gsize       end)
{
  if (memchr (text + start, '%', end - start) != NULL)
    return TRUE;
  /* An A-label: "xn--" at the start of a label. */
  for (gsize i = start; i + 4 <= end; )
    {
      const char *dot;

      if (iri_starts_a_label (text + i))
        return TRUE;
      dot = memchr (text + i, '.', end - i);
      if (dot == NULL)
        break;
      i = dot - text + 1;
    }
  return FALSE;
}

/* The host labels (from the units), their checks, and the checks of the
 * whole host. */
static void
check_host (Check *check)
{
  IriSpan host_span;
  g_autofree char *unicode = NULL;
  g_autofree char *ascii = NULL;

  if (iri_reference_get_host_kind (check->reference) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span) ||
      host_span.byte_end == host_span.byte_start)
    return;

  for (guint i = 0; i < check->labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (check->labels, i);

      if (!label->ascii && label->reading == NULL)
        label->reading = iri_safety_label_reading (label);
    }

  iri_safety_check_whole_script (check);
  iri_safety_check_language_letters (check);

  if (check->config->known_hosts != NULL)
    {
      gboolean plain_ascii = TRUE;

      for (guint i = 0; i < check->labels->len; i++)
        {
          HostLabel *label = g_ptr_array_index (check->labels, i);

          plain_ascii &= label->ascii && !label->decoded;
        }
      if (plain_ascii)
        {
          iri_safety_check_known_hosts_ascii (check, &host_span);
          return;
        }

      ascii = iri_idna_to_ascii (check->text + host_span.byte_start,
                                 host_span.byte_end - host_span.byte_start,
                                 IRI_HOST_MAPPING_UTS46, NULL);
      if (ascii != NULL)
        {
          g_autofree char *lower = g_ascii_strdown (ascii, -1);

          g_free (ascii);
          ascii = g_steal_pointer (&lower);
          unicode = iri_idna_to_unicode (ascii, strlen (ascii), NULL, 0, 0);
        }
      else
        unicode = iri_safety_join_texts (check->labels);
      iri_safety_check_known_hosts (check, ascii, unicode);
    }
}

/* The host's last label, lower-case, in its Unicode form: what the
 * rules that depend on the TLD look at. */
static char *
host_tld (Check *check)
{
  IriSpan host_span;
  const char *host, *last;
  gsize length;
  g_autofree char *decoded = NULL;

  if (iri_reference_get_host_kind (check->reference) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span))
    return NULL;
  host = check->text + host_span.byte_start;
  length = host_span.byte_end - host_span.byte_start;
  while (length > 0 && host[length - 1] == '.')
    length--;
  if (length == 0)
    return NULL;
  last = g_strrstr_len (host, length, ".");
  last = last != NULL ? last + 1 : host;
  decoded = decode_label (last, host + length - last);
  if (decoded != NULL)
    return iri_utf8_strdown (decoded, -1);
  return iri_utf8_strdown (last, host + length - last);
}

static void
ensure_tld (Check *check)
{
  if (!check->tld_known)
    {
      check->tld = host_tld (check);
      check->tld_known = TRUE;
    }
}

typedef struct {
  Check          *check;
  const UnitText *unit;
} HostRuleContext;

static void
report_host_rule (IriHostRuleFinding *finding,
                  gpointer            user_data)
{
  HostRuleContext *context = user_data;
  IriSpan span;

  iri_safety_char_span (context->check, context->unit, finding->start, finding->end, &span);
  iri_safety_add (context->check, iri_host_rule_get_code (finding->rule),
                  iri_host_rule_get_severity (finding->rule), context->unit->kind, &span,
                  iri_host_rule_get_spec (finding->rule),
                  g_steal_pointer (&finding->message), g_steal_pointer (&finding->hint));
}

/* The browser rule families (iri-safety-host-rules.c) on a non-ASCII
 * label whose characters check_unit_text() has just loaded; characters
 * it reported already are not reported again. */
static void
check_host_rules (Check          *check,
                  const UnitText *u)
{
  HostRuleContext context = { check, u };
  IriHostLabelInput input;

  ensure_tld (check);
  input = (IriHostLabelInput) {
    check->chars, check->n_chars, check->tld,
    check->reported, iri_safety_is_native_tld,
  };

  iri_host_rules_check_label (&input, report_host_rule, &context);
}

/* The host labels a check found clean.  The checks of one label's
 * characters (check_unit_text(): UTS #39 §5 per character and per word;
 * check_host_rules()) look at nothing but its characters, whether they
 * were decoded, the host's last label (the TLD, for the rules that
 * depend on it) and the restriction level for host labels; a label that
 * gave no finding gives none again with the same four.  Labels repeat
 * from one IRI to the next (the TLD of nearly every line, the hosts of
 * a batch or of an edit), and those checks are most of the cost of a
 * non-ASCII label.  Only the absence of findings is kept, so a label
 * with findings is always checked afresh and its findings (spans,
 * quoted text, notation) are made as before.  Per thread, so no lock;
 * bounded, emptied when full rather than tracking use. */
#define CLEAN_LABELS_MAX 1024
#define CLEAN_LABEL_MAX_LENGTH 256

static GPrivate clean_labels = G_PRIVATE_INIT ((GDestroyNotify) g_hash_table_unref);

/* The key of a label for clean_labels: the level, whether it was
 * decoded, the length of the TLD in hex (or "-" for none), the TLD and
 * the label's text.  Built by hand: printf cost more than the lookup. */
static char *
clean_label_key (Check          *check,
                 const UnitText *u)
{
  static const char hex[] = "0123456789abcdef";
  gsize tld_length = check->tld != NULL ? strlen (check->tld) : 0;
  char *key = g_malloc (u->length + tld_length + 2 * sizeof (gsize) + 5);
  char *p = key;

  *p++ = (char) ('A' + (int) check->config->host_level);
  *p++ = u->decoded ? 'd' : 'w';
  if (check->tld == NULL)
    *p++ = '-';
  for (gsize n = tld_length; n > 0; n >>= 4)
    *p++ = hex[n & 0xF];
  *p++ = ':';
  memcpy (p, check->tld != NULL ? check->tld : "", tld_length);
  p += tld_length;
  memcpy (p, u->text, u->length);
  p[u->length] = '\0';
  return key;
}

static gboolean
is_clean_label (const char *key)
{
  GHashTable *table = g_private_get (&clean_labels);

  return table != NULL && g_hash_table_contains (table, key);
}

static void
remember_clean_label (char *key)
{
  GHashTable *table = g_private_get (&clean_labels);

  if (table == NULL)
    {
      table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_private_set (&clean_labels, table);
    }
  else if (g_hash_table_size (table) >= CLEAN_LABELS_MAX)
    g_hash_table_remove_all (table);
  g_hash_table_add (table, key);
}

guint
iri_safety_forget_clean_labels (void)
{
  GHashTable *table = g_private_get (&clean_labels);
  guint n = table != NULL ? g_hash_table_size (table) : 0;

  if (table != NULL)
    g_hash_table_remove_all (table);
  return n;
}

static guint
n_findings (Check *check)
{
  return (check->diagnostics->items != NULL ? check->diagnostics->items->len : 0) +
         check->diagnostics->n_dropped;
}

/* Adds a host label unit to check->labels and checks its characters. */
static void
check_label_unit (Check         *check,
                  const IriUnit *unit)
{
  const char *text = check->text + unit->span.byte_start;
  gsize length = unit->span.byte_end - unit->span.byte_start;
  HostLabel *label = &check->label_block[check->labels->len];
  g_autofree char *decoded = decode_label (text, length);
  g_autofree char *nfc = NULL;
  UnitText u = { unit->kind, unit->span, text, length, FALSE, NULL };

  memset (label, 0, sizeof *label);
  label->span = unit->span;
  if (decoded != NULL)
    {
      u.text = decoded;
      u.length = strlen (decoded);
      u.decoded = TRUE;
      label->decoded = TRUE;
    }
  label->ascii = is_ascii_text (u.text, u.length);
  if (label->ascii)
    label->text = g_ascii_strdown (u.text, u.length);
  else
    {
      /* Normalized once: the lower-case text, the NFC check and the
       * whole-script reading of a label as written all start from its
       * NFC form. */
      nfc = iri_safety_normalize_nfc (u.text, u.length);
      label->text = iri_utf8_strdown (nfc != NULL ? nfc : u.text, -1);
      u.nfc = nfc;
      if (!label->decoded)
        label->written_nfc = g_steal_pointer (&nfc);
    }
  g_ptr_array_add (check->labels, label);

  if (!label->ascii)
    {
      g_autofree char *key = NULL;
      guint before = n_findings (check);

      ensure_tld (check);
      key = clean_label_key (check, &u);
      if (!is_clean_label (key))
        {
          check_unit_text (check, &u);
          check_host_rules (check, &u);
          /* A long label is not kept: the table's memory stays small
           * whatever the input (no label that DNS accepts is near
           * CLEAN_LABEL_MAX_LENGTH). */
          if (n_findings (check) == before && u.length <= CLEAN_LABEL_MAX_LENGTH)
            remember_clean_label (g_steal_pointer (&key));
        }
    }
  if (!label->decoded)
    iri_safety_check_digit_letter (check, unit->kind, &unit->span);
}

/* The longest unit, in bytes, whose characters fit in the arrays on
 * the stack of check_slow(): a host label has at most 63 octets as an
 * A-label, and nearly every path segment or query parameter fits too.
 * 13 bytes a character, about 3 KiB. */
#define CHECK_STACK_CHARS 256

/* The most host labels check_slow() keeps on its stack; a host with
 * more has them in a heap block. */
#define CHECK_STACK_LABELS 16

/* The slow path: some unit has characters outside ASCII, or the host
 * has an A-label or percent-encoding. */
static void
check_slow (Check    *check,
            GArray   *units,
            gboolean  only_host)
{
  gunichar chars[CHECK_STACK_CHARS];
  gsize offsets[CHECK_STACK_CHARS + 1];
  guint8 reported[CHECK_STACK_CHARS];
  HostLabel labels[CHECK_STACK_LABELS];
  g_autofree HostLabel *labels_heap = NULL;
  guint n_labels = 0;

  /* The host labels, all in one block: on the stack for a host of up
   * to CHECK_STACK_LABELS labels, which is nearly every one. */
  for (guint i = 0; i < units->len; i++)
    n_labels += g_array_index (units, IriUnit, i).kind == IRI_COMPONENT_HOST_LABEL;
  check->label_block = n_labels <= CHECK_STACK_LABELS
    ? labels : (labels_heap = g_new (HostLabel, n_labels));

  check->chars = chars;
  check->offsets = offsets;
  check->reported = reported;
  check->capacity = CHECK_STACK_CHARS;
  check->heap = NULL;
  check->labels = g_ptr_array_sized_new (n_labels);

  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);
      const char *text = check->text + unit->span.byte_start;
      gsize length = unit->span.byte_end - unit->span.byte_start;

      if (unit->kind == IRI_COMPONENT_HOST_LABEL)
        {
          check_label_unit (check, unit);
          continue;
        }
      if (unit->kind == IRI_COMPONENT_HOST || unit->kind == IRI_COMPONENT_PORT)
        continue;

      if (!only_host && !is_ascii_text (text, length))
        {
          UnitText u = { unit->kind, unit->span, text, length, FALSE, NULL };

          check_unit_text (check, &u);
        }
      iri_safety_check_digit_letter (check, unit->kind, &unit->span);
    }

  check_host (check);

  g_clear_pointer (&check->heap, g_free);
  for (guint i = 0; i < check->labels->len; i++)
    host_label_clear (g_ptr_array_index (check->labels, i));
  g_ptr_array_unref (check->labels);
  g_clear_pointer (&check->tld, g_free);
}

void
iri_safety_check (IriReference          *reference,
                  GArray                *units,
                  const IriSafetyConfig *config,
                  IriDiagnostics        *diagnostics)
{
  Check check = { NULL, };
  IriSpan host_span;
  gboolean has_host;

  g_return_if_fail (reference != NULL);
  g_return_if_fail (units != NULL);
  g_return_if_fail (config != NULL);
  g_return_if_fail (diagnostics != NULL);

  check.reference = reference;
  check.text = iri_reference_get_text (reference);
  check.config = config;
  check.diagnostics = diagnostics;

  has_host = iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME &&
             iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host_span) &&
             host_span.byte_end > host_span.byte_start;

  if (!iri_reference_is_ascii (reference))
    {
      check_slow (&check, units, FALSE);
      return;
    }

  /* The fast path (DESIGN.md §2): no table beyond the ASCII prototypes,
   * no allocation unless something is found.  A host with an A-label
   * or a percent-encoding is shown in Unicode, so it takes the slow
   * path for the host only. */
  if (has_host && host_needs_decoding (check.text, host_span.byte_start, host_span.byte_end))
    {
      check_slow (&check, units, TRUE);
      return;
    }

  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);

      iri_safety_check_digit_letter (&check, unit->kind, &unit->span);
    }
  if (has_host && config->known_hosts != NULL)
    iri_safety_check_known_hosts_ascii (&check, &host_span);
}
