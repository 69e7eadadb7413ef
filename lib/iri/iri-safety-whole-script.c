/* iri-safety-whole-script.c: whole-script confusables (UTS #39 §4)
 *
 * A host label written in one script other than Latin whose every
 * letter has a Latin look-alike ("аррӏе.com", "ոսս.com", "ꓑꓮꓬ.com"), in
 * every script: the look-alikes come from a table computed from
 * confusables.txt at build time (data/gen/gen-security-tables.py, issue
 * 13 family 4).  The policy that keeps legitimate single-script hosts
 * quiet: the reading must be an ASCII host under a real top-level
 * domain, and under a TLD where the script is native (family 5,
 * data/security/script-tlds.txt) it only gets a note.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <libpsl.h>
#include <glib/gi18n-lib.h>
#include <fribidi.h>

#include "iri-char-private.h"
#include "iri-idna-private.h"
#include "iri-lookalike-private.h"
#include "iri-safety-check-private.h"
#include "iri-skeleton-private.h"

/* The codes are spelled out where they are used, so that
 * tests/check-diagnostics-doc.py finds them; these are the same strings. */
#define CODE_WHOLE_SCRIPT   "confusable-whole-script"

#define SPEC_WHOLE_SCRIPT   "UTS #39 §4; RFC 3987bis §7.5"

/* Letters, digits and hyphens only ("LDH", RFC 5890 §2.3.1). */
static gboolean
is_ldh (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '-')
        return FALSE;
    }
  return TRUE;
}

/* The ASCII reading of one non-ASCII character of a label, or NULL.  The
 * table holds the characters UTS #46 keeps in a label; a label as
 * written may hold others: a Cherokee small letter (UTS #46 maps it to
 * the capital, NFKC_Casefold, and the capital is what a reader of the
 * A-label sees), or a character UTS #46 maps (a Greek or Coptic capital,
 * a Warang Citi capital, an Arabic mathematical letter), which the reader
 * sees as written.  Those take the skeleton of the character itself,
 * computed here, when it is ASCII letters and digits. */
#define CHAR_READING_MAX 8

/* The BMP characters whose own skeleton was found to give no reading, a
 * bit each: the first letter of nearly every label that is not a
 * whole-script confusable is one ("п" of "пример"), and its skeleton
 * (two normalizations and a table) cost more than the rest of the
 * label's reading.  Whether it gives one depends only on the character,
 * so a bit written by any thread, with relaxed atomics, is right for
 * all; a bit is never cleared. */
static guint8 no_skeleton_reading[0x10000 / 8];

static inline gboolean
known_without_skeleton_reading (gunichar c)
{
  return c <= 0xFFFF &&
         (__atomic_load_n (&no_skeleton_reading[c >> 3], __ATOMIC_RELAXED) & (1u << (c & 7))) != 0;
}

static inline void
remember_without_skeleton_reading (gunichar c)
{
  if (c <= 0xFFFF)
    __atomic_fetch_or (&no_skeleton_reading[c >> 3], (guint8) (1u << (c & 7)), __ATOMIC_RELAXED);
}

static const char *
char_reading (gunichar        c,
              GUnicodeScript *script,
              char            buf[CHAR_READING_MAX])
{
  const char *reading = iri_lookalike_get_reading (c, script);
  char utf8[8] = { 0 };
  g_autofree char *skeleton = NULL;
  gsize length;

  if (reading != NULL)
    return reading;
  if (g_unichar_toupper (c) != c)
    {
      reading = iri_lookalike_get_reading (g_unichar_toupper (c), script);
      if (reading != NULL)
        return reading;
    }

  *script = g_unichar_get_script (c);
  if (*script == G_UNICODE_SCRIPT_LATIN || *script == G_UNICODE_SCRIPT_COMMON ||
      *script == G_UNICODE_SCRIPT_INHERITED || *script == G_UNICODE_SCRIPT_UNKNOWN)
    return NULL;
  if (known_without_skeleton_reading (c))
    return NULL;
  g_unichar_to_utf8 (c, utf8);
  skeleton = iri_skeleton (utf8, -1);
  length = strlen (skeleton);
  if (length == 0 || length >= CHAR_READING_MAX)
    {
      remember_without_skeleton_reading (c);
      return NULL;
    }
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isalnum (skeleton[i]))
        {
          remember_without_skeleton_reading (c);
          return NULL;
        }
      buf[i] = g_ascii_tolower (skeleton[i]);
    }
  buf[length] = '\0';
  return buf;
}

/* How a non-ASCII label reads when all its letters are taken for their
 * Latin look-alikes (UTS #39 §4, whole-script confusables; issue 13
 * family 4): every character is an ASCII digit or hyphen, or one whose
 * skeleton is made of ASCII letters and digits (the table that
 * gen-security-tables.py computes from confusables.txt for every script),
 * and all the non-ASCII ones are of one script other than Latin.  NULL
 * otherwise.  A label of a right-to-left script is shown right to left,
 * so its reading is the reverse of its logical order (runs of digits
 * keep theirs: UAX #9 rules W2 and L2). */
char *
iri_safety_label_reading (HostLabel *label)
{
  /* Made at the first character that has a reading: most labels have
   * none at their first and are done without allocating. */
  g_autoptr(GPtrArray) units = NULL;
  const char *text = label->text;
  GUnicodeScript script = G_UNICODE_SCRIPT_COMMON;
  gboolean rtl = FALSE;
  GString *out;

  /* A label written in the IRI is read as written, capitals and all
   * ("ΑΒΕ" reads "abe", although "αβε" does not); a decoded A-label or
   * percent-encoding has only what IDNA gives. */
  if (!label->decoded && label->written_nfc != NULL)
    text = label->written_nfc;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean digit = c < 0x80 && g_ascii_isdigit (c);
      GUnicodeScript char_script;
      const char *reading;
      char buf[CHAR_READING_MAX];

      if (digit && units != NULL && units->len > 0 &&
          g_ascii_isdigit (*(const char *) g_ptr_array_index (units, units->len - 1)))
        {
          char *last = g_ptr_array_index (units, units->len - 1);

          g_ptr_array_index (units, units->len - 1) = g_strdup_printf ("%s%c", last, (char) c);
          g_free (last);
          continue;
        }
      if (digit || c == '-')
        {
          if (units == NULL)
            units = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (units, g_strdup_printf ("%c", (char) c));
          continue;
        }
      reading = char_reading (c, &char_script, buf);
      if (reading == NULL)
        return NULL;
      if (script == G_UNICODE_SCRIPT_COMMON)
        {
          script = char_script;
          rtl = FRIBIDI_IS_RTL (fribidi_get_bidi_type (c));
        }
      else if (char_script != script)
        return NULL;
      if (units == NULL)
        units = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (units, g_strdup (reading));
    }
  if (script == G_UNICODE_SCRIPT_COMMON)
    return NULL;

  label->script = script;
  label->rtl = rtl;
  out = g_string_new (NULL);
  for (guint i = 0; i < units->len; i++)
    g_string_append (out, g_ptr_array_index (units, rtl ? units->len - 1 - i : i));
  return g_string_free (out, FALSE);
}

/* The host as it reads when the non-ASCII labels are read as their
 * look-alikes; label @index reads as @override when that is not NULL. */
static char *
join_readings (GPtrArray  *labels,
               guint       index,
               const char *override)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (i > 0)
        g_string_append_c (out, '.');
      if (i == index && override != NULL)
        g_string_append (out, override);
      else
        g_string_append (out, label->ascii ? label->text : label->reading);
    }
  return g_string_free (out, FALSE);
}

char *
iri_safety_join_texts (GPtrArray *labels)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (i > 0)
        g_string_append_c (out, '.');
      g_string_append (out, label->text);
    }
  return g_string_free (out, FALSE);
}

/* Whole-script confusables (UTS #39 §4), the "аррӏе.com" case, with
 * this policy against false positives on legitimate single-script IDNs:
 *
 * 1. the label is written in one script other than Latin, and every
 *    character is an ASCII digit or hyphen or has a skeleton of ASCII
 *    letters and digits (iri_safety_label_reading()) — so every letter
 *    has a Latin look-alike; a label with a letter without one
 *    ("пример", "δοκιμή" with its tonos) is never flagged;
 * 2. the whole host then reads as an ASCII host name: every other label
 *    is ASCII or reads as ASCII the same way, and the last label of that
 *    reading is a real top-level domain (in the Public Suffix List,
 *    ignoring its "*" default rule).  "почта.рф" reads as nothing
 *    ("ф" has no look-alike); "курс.рус" would read "kypc.pyc", and
 *    there is no ".pyc";
 * 3. the label is part of the registrable domain of that reading (the
 *    label left of the public suffix, or the suffix itself): a label
 *    further left is chosen by the owner of the registrable domain, who
 *    could as well write it in ASCII, so a look-alike there deceives no
 *    more than ASCII would;
 * 4. under a TLD where the script is written natively ("сосо.bg",
 *    "ρακι.gr", "ոսս.am"; data/security/script-tlds.txt, from the CLDR
 *    locales of each territory and the IANA IDN ccTLDs) the finding is
 *    an info, not a warning (issue 13 family 5; §7.5: "what may look
 *    ambiguous to a stranger may be completely obvious to the average
 *    native user").  Under any other TLD — a generic one such as .com,
 *    or the ccTLD of a country that does not write the script — it is a
 *    warning, even for a real word of the language: a reader who does
 *    not know the script cannot tell it from the ASCII host it reads as.
 *
 * A host label that imitates a particular host is caught with more
 * certainty by confusable-known-host. */
void
iri_safety_check_whole_script (Check *check)
{
  GPtrArray *labels = check->labels;
  const psl_ctx_t *psl = iri_safety_get_psl ();
  g_autofree char *reading = NULL;
  const char *reg;
  HostLabel *tld;
  guint n_reg;

  gboolean any_reading = FALSE;

  if (labels->len == 0 || psl == NULL)
    return;

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (!label->ascii && label->reading == NULL)
        return;
      any_reading |= !label->ascii;
    }
  if (!any_reading)
    return;

  tld = g_ptr_array_index (labels, labels->len - 1);
  reading = join_readings (labels, G_MAXUINT, NULL);
  if (!psl_is_public_suffix2 (psl, tld->ascii ? tld->text : tld->reading,
                              PSL_TYPE_ICANN | PSL_TYPE_NO_STAR_RULE))
    return;
  reg = psl_registrable_domain (psl, reading);
  if (reg == NULL)
    return;
  n_reg = iri_safety_count_labels (reg);

  for (guint i = labels->len - MIN (n_reg, labels->len); i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);
      g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *host = iri_safety_join_texts (labels);
      g_autofree char *quoted = NULL;
      g_autofree char *quoted_host = NULL;
      g_autofree char *ascii = NULL;
      g_autoptr(GString) readings = g_string_new (NULL);
      guint n_readings = 0;
      const char *script_name;
      gboolean native;
      IriSpan host_span;
      char *hint;

      if (label->ascii)
        continue;

      /* The readings: the skeleton, and the case variants of
       * iri_host_skeletons() ("appie", "apple"), at most two; a
       * right-to-left label reads as iri_safety_label_reading() says. */
      if (!label->rtl)
        iri_host_skeletons (label->text, variants);
      for (guint k = 0; k < variants->len && n_readings < 2; k++)
        {
          const char *variant = g_ptr_array_index (variants, k);
          g_autofree char *full = NULL;
          g_autofree char *quoted_variant = NULL;

          if (!is_ldh (variant))
            continue;
          full = join_readings (labels, i, variant);
          quoted_variant = iri_quote (full);
          if (n_readings > 0)
            /* Translators: joins two alternative host names */
            g_string_append (readings, _(" or "));
          g_string_append (readings, quoted_variant);
          n_readings++;
        }
      if (n_readings == 0)
        {
          g_autofree char *quoted_reading = iri_quote (reading);

          g_string_append (readings, quoted_reading);
        }

      script_name = iri_script_get_name (label->script);
      native = iri_lookalike_tld_is_native (tld->text, strlen (tld->text), label->script);
      quoted = iri_safety_quote (check, label->text, -1);
      quoted_host = iri_safety_quote (check, host, -1);
      iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span);
      ascii = iri_idna_to_ascii (check->text + host_span.byte_start,
                                 host_span.byte_end - host_span.byte_start,
                                 IRI_HOST_MAPPING_UTS46, NULL);
      if (ascii != NULL)
        {
          g_autofree char *quoted_ascii = iri_quote (ascii);

          /* Translators: %s is a host name in punycode, quoted */
          hint = g_strdup_printf (_("If the name is not meant to be in another script, do not trust it: its punycode form %s shows what the host really is."),
                                  quoted_ascii);
        }
      else
        hint = g_strdup (_("If the name is not meant to be in another script, do not trust it."));

      if (native)
        iri_safety_add (check, CODE_WHOLE_SCRIPT, IRI_SEVERITY_INFO, IRI_COMPONENT_HOST_LABEL, &label->span,
                        SPEC_WHOLE_SCRIPT,
                        /* Translators: the first %s is a quoted host label, the
                         * second a script name ("Cyrillic"), the third the quoted
                         * host, the fourth one or two quoted ASCII host names, the
                         * fifth the top-level domain */
                        g_strdup_printf (_("The host label %s is written only with %s letters that look like Latin ones, so %s can be read as %s; under “.%s” that script is native, so this is only a note."),
                                                    quoted, script_name, quoted_host, readings->str, tld->text),
                        hint);
      else
        iri_safety_add (check, CODE_WHOLE_SCRIPT, IRI_SEVERITY_WARNING, IRI_COMPONENT_HOST_LABEL, &label->span,
                        SPEC_WHOLE_SCRIPT,
                        /* Translators: the first %s is a quoted host label, the
                         * second a script name ("Cyrillic"), the third the quoted
                         * host, the fourth one or two quoted ASCII host names */
                        g_strdup_printf (_("The host label %s is written only with %s letters that look like Latin ones, so %s can be taken for the ASCII host %s."),
                                                    quoted, script_name, quoted_host, readings->str),
                        hint);
    }
}

/* For the other host-label rules (confusable-digit-lookalike): whether
 * @script is written natively under the TLD @tld (lower case, an A-label
 * or its Unicode form), by the same table as the whole-script rule. */
gboolean
iri_safety_is_native_tld (GUnicodeScript  script,
                          const char     *tld)
{
  return tld != NULL && iri_lookalike_tld_is_native (tld, strlen (tld), script);
}
