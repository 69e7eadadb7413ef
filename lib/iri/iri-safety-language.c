/* iri-safety-language.c: letters bound to a few languages' TLDs
 *
 * Issue 13, rule family 5: a letter that only a few languages use ("þ"
 * and "ð": Icelandic, Faroese; "ə": Azerbaijani and two languages of
 * Cameroon; the Catalan "l·l") is expected under the TLDs where those
 * languages are written, and suspicious elsewhere, where a reader who
 * does not know the language takes it for a letter they know.  RFC
 * 3987bis §7.5 leaves the judgement of what is ambiguous to native
 * readers; the TLD is where they are.  The letters and TLDs are data
 * (data/security/language-letters.txt, from CLDR's exemplar characters).
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

/* The code is spelled out where it is used, so that
 * tests/check-diagnostics-doc.py finds it; this is the same string. */
#define CODE_LANGUAGE_TLD   "confusable-language-tld"

#define SPEC_LANGUAGE_TLD   "RFC 3987bis §7.5; UTS #39 §4"

/* ".is, .fo" from " fo is ". */
static char *
format_tlds (const char *tlds)
{
  g_autofree char *stripped = g_strstrip (g_strdup (tlds));
  g_auto(GStrv) list = g_strsplit (stripped, " ", -1);

  for (guint k = 0; list[k] != NULL; k++)
    {
      char *dotted = g_strconcat (".", list[k], NULL);

      g_free (list[k]);
      list[k] = dotted;
    }
  /* Translators: separates the items of a list of TLDs (".is, .fo") */
  return g_strjoinv (_(", "), list);
}

/* The number of labels of the registrable domain (eTLD+1) of @ascii, the
 * host's A-label form; all of them when it has none. */
static guint
count_registrable_labels (const char *ascii,
                          guint       n_labels)
{
  const psl_ctx_t *psl = iri_safety_get_psl ();
  g_autofree char *lower = NULL;
  const char *reg;

  if (psl == NULL || ascii == NULL)
    return n_labels;
  lower = g_ascii_strdown (ascii, -1);
  reg = psl_registrable_domain (psl, lower);
  return reg != NULL ? MIN (iri_safety_count_labels (reg), n_labels) : n_labels;
}

/* confusable-language-tld: a label of the registrable domain (as for
 * whole-script confusables, a label further left is chosen by the owner
 * of that domain, who could as well write it in ASCII), not the TLD
 * itself, with a language-bound letter under a TLD that is not one of
 * its languages'. */
void
iri_safety_check_language_letters (Check *check)
{
  HostLabel *tld;
  g_autofree char *ascii = NULL;
  IriSpan host_span;
  guint first = G_MAXUINT;

  if (check->labels->len < 2 ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span))
    return;
  tld = g_ptr_array_index (check->labels, check->labels->len - 1);

  for (guint i = 0; i + 1 < check->labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (check->labels, i);
      const IriLanguageLetter *letter;
      g_autofree char *quoted = NULL;
      g_autofree char *described = NULL;
      g_autofree char *tlds = NULL;
      char *hint;
      gsize start, end;
      gunichar c = 0;

      if (label->ascii)
        continue;
      letter = iri_lookalike_find_language_letter (label->text, strlen (label->text),
                                                   tld->text, strlen (tld->text),
                                                   &start, &end);
      if (letter == NULL)
        continue;
      /* The A-label form and the registrable domain only when needed:
       * IDNA is the costly part. */
      if (first == G_MAXUINT)
        {
          ascii = iri_idna_to_ascii (check->text + host_span.byte_start,
                                     host_span.byte_end - host_span.byte_start,
                                     IRI_HOST_MAPPING_UTS46, NULL);
          first = check->labels->len - count_registrable_labels (ascii, check->labels->len);
        }
      if (i < first)
        continue;
      /* Name the letter itself: the "·" of "l·l". */
      for (const char *p = label->text + start; p < label->text + end; p = g_utf8_next_char (p))
        {
          c = g_utf8_get_char (p);
          if (c >= 0x80)
            break;
        }

      if (ascii != NULL)
        {
          g_autofree char *quoted_ascii = iri_quote (ascii);

          /* Translators: %s is a host name in punycode, quoted */
          hint = g_strdup_printf (_("If the name is not meant to be in that language, do not trust it: its punycode form %s shows what the host really is."),
                                  quoted_ascii);
        }
      else
        hint = g_strdup (_("If the name is not meant to be in that language, do not trust it."));

      tlds = format_tlds (letter->tlds);
      quoted = iri_safety_quote (check, label->text, -1);
      described = iri_safety_describe_char (c);
      iri_safety_add (check, CODE_LANGUAGE_TLD, IRI_SEVERITY_WARNING, IRI_COMPONENT_HOST_LABEL,
                      &label->span, SPEC_LANGUAGE_TLD,
                      /* Translators: the first %s is a quoted host label,
                       * the second a character ("U+00FE LATIN SMALL
                       * LETTER THORN (Latin)"), the third a list of TLDs
                       * (".is, .fo"), the fourth the host's TLD */
                      g_strdup_printf (_("The host label %s has %s, a letter of languages written under %s; under “.%s” a reader who does not know it may take it for a letter they know."),
                                       quoted, described, tlds, tld->text),
                      hint);
    }
}
