/* iri-preprocess.c: liberal input (RFC 3987bis §6.1 LEIRI, §6.2 Web
 * Address, draft-iri-processing-clarifications §4)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-error.h"
#include "iri-preprocess.h"
#include "iri-utf8-private.h"

/* The diagnostic codes, as arrays so that a pending change can be
 * matched by pointer. */
static const char CODE_TRIMMED[] = "preprocess-trimmed";
static const char CODE_REMOVED_CONTROL[] = "preprocess-removed-control";
static const char CODE_PERCENT_ENCODED[] = "preprocess-percent-encoded";
static const char CODE_STRAY_PERCENT[] = "preprocess-stray-percent";
static const char CODE_BACKSLASH[] = "preprocess-backslash";

/* Where each rule comes from.  Arrays rather than macros, so that a
 * change can be told apart by comparing pointers. */
static const char SPEC_CLARIFICATIONS_1[] = "draft-iri-processing-clarifications §4 step 1";
static const char SPEC_CLARIFICATIONS_2[] = "draft-iri-processing-clarifications §4 step 2";
static const char SPEC_LEIRI[] = "RFC 3987bis §6.1";
static const char SPEC_LEIRI_BIDI[] = "RFC 3987bis §4.1, §6.1";
static const char SPEC_WEB_1[] = "RFC 3987bis §6.2 step 1";
static const char SPEC_WEB_2[] = "RFC 3987bis §6.2 step 2, WHATWG URL §4.4 (basic URL parser)";
static const char SPEC_WEB_3[] = "RFC 3987bis §6.2 step 3";
static const char SPEC_WEB_3_BIDI[] = "RFC 3987bis §4.1, §6.2 step 3";
static const char SPEC_WEB_4[] = "RFC 3987bis §6.2 step 4";
static const char SPEC_WEB_5[] = "RFC 3987bis §6.2 step 5";
static const char SPEC_WEB_FRAGMENT[] = "RFC 3987bis §6.2 (href-ifragment)";


typedef struct {
  const char     *text;
  gsize           length;
  GString        *out;
  gsize           char_pos;   /* of the character being looked at */
  IriDiagnostics  diagnostics;
  IriRun          change;     /* tag: the spec of the rule applied */
} Preprocessor;

/* The characters that §6.1 and §6.2 step 3 percent-encode: those that
 * leiri-ucschar and href-ucschar (which are the same set) add to what an
 * IRI allows, that is everything outside ucschar that is not an ASCII
 * character an IRI allows.  iprivate is part of that: both productions
 * make it "redundant", and encoding it is harmless in the query and
 * required elsewhere.  U+FFFE, U+FFFF and the other noncharacters are not
 * in leiri-ucschar either; they are encoded as well, since the result must
 * be an IRI.
 *
 * Bidi formatting characters are in ucschar, yet §4.1 says that an IRI
 * MUST NOT contain them, and §6.1 notes that LEIRI processors did not
 * enforce that.  They are percent-encoded too (with their own message):
 * the URI that §3.3 makes of the result is exactly the one it makes of
 * the input, so nothing a server sees changes, while the result becomes
 * an IRI that displays as it is stored. */
static gboolean
needs_encoding (gunichar c)
{
  if (c < 0x80)
    return c <= 0x20 || c == 0x7F || strchr ("<>\"{}|\\^`", (int) c) != NULL;

  return !iri_char_is_ucschar (c) || iri_char_is_bidi_formatting (c);
}

static void
append_percent_encoded (GString  *out,
                        gunichar  c)
{
  static const char hex[] = "0123456789ABCDEF";
  char utf8[6];
  int n = g_unichar_to_utf8 (c, utf8);

  for (int i = 0; i < n; i++)
    {
      g_string_append_c (out, '%');
      g_string_append_c (out, hex[(guchar) utf8[i] >> 4]);
      g_string_append_c (out, hex[(guchar) utf8[i] & 0x0F]);
    }
}

static void
flush_change (Preprocessor *self)
{
  IriRun *change = &self->change;
  const char *spec = change->tag;
  g_autofree char *who = NULL;
  g_autoptr(GString) encoded = g_string_new (NULL);
  gboolean plural;
  char *message;
  char *hint = NULL;

  if (change->code == NULL)
    return;

  who = iri_run_describe (change);
  plural = !change->all_same && change->count > 1;
  append_percent_encoded (encoded, change->first);

  if (change->code == CODE_TRIMMED)
    {
      if (change->span.byte_start == 0)
        /* Translators: %s names one or more whitespace characters */
        message = g_strdup_printf (plural ? _("%s at the start were removed.")
                                          : _("%s at the start was removed."), who);
      else
        /* Translators: %s names one or more whitespace characters */
        message = g_strdup_printf (plural ? _("%s at the end were removed.")
                                          : _("%s at the end was removed."), who);
    }
  else if (change->code == CODE_REMOVED_CONTROL)
    {
      /* Translators: %s names one or more tab or newline characters */
      message = g_strdup_printf (plural ? _("%s were removed: Web addresses ignore tabs and newlines.")
                                        : _("%s was removed: Web addresses ignore tabs and newlines."), who);
    }
  else if (change->code == CODE_STRAY_PERCENT)
    {
      /* Translators: %s names the character (U+0025 PERCENT SIGN),
       * possibly with a count */
      message = g_strdup_printf (_("%s was percent-encoded as %%25: it is not followed by two hexadecimal digits."), who);
      hint = g_strdup (_("Write a literal percent sign as %25."));
    }
  else if (change->code == CODE_BACKSLASH)
    {
      /* Translators: %s names the character (U+005C REVERSE SOLIDUS),
       * possibly with a count */
      message = g_strdup_printf (_("%s was replaced by “/”: before the query, Web addresses treat a backslash as a path separator."), who);
      hint = g_strdup (_("Write “/” between path segments."));
    }
  else if (spec == SPEC_WEB_FRAGMENT)
    {
      /* Translators: %s names the character (U+0023 NUMBER SIGN), possibly
       * with a count */
      message = g_strdup_printf (_("%s was percent-encoded as %%23: a fragment cannot contain another “#”."), who);
    }
  else if (iri_char_is_bidi_formatting (change->first))
    {
      /* Translators: the first %s names a character, possibly with a
       * count; the second is its percent-encoding, such as %E2%80%8E */
      message = g_strdup_printf (_("%s was percent-encoded as %s: an IRI must not contain bidi formatting characters."),
                                 who, encoded->str);
      hint = g_strdup (_("Remove it from the IRI; to control how an IRI is displayed, put the marks around it, not inside."));
    }
  else
    {
      /* Translators: the first %s names a character, possibly with a
       * count ("U+0020 SPACE (2 times)"); the second is its
       * percent-encoding, such as %20 */
      message = g_strdup_printf (_("%s was percent-encoded as %s."), who, encoded->str);
    }

  iri_diagnostics_add (&self->diagnostics,
                       iri_diagnostic_new_take (change->code, IRI_SEVERITY_WARNING,
                                                IRI_COMPONENT_IRI, &change->span,
                                                spec, message, hint));
  change->code = NULL;
}

/* Records that the character at [byte_start, byte_end) of the input was
 * changed.  Adjacent changes with the same code and rule merge into one
 * diagnostic; for percent-encoding they must also be the same character,
 * so that the message can give the encoding. */
static void
record (Preprocessor *self,
        const char   *code,
        const char   *spec,
        gunichar      c,
        gsize         byte_start,
        gsize         byte_end)
{
  gboolean same_char_needed = code == CODE_PERCENT_ENCODED;

  if (iri_run_extend (&self->change, code, IRI_COMPONENT_IRI, spec, c, same_char_needed,
                      byte_start, byte_end, self->char_pos + 1))
    return;

  flush_change (self);
  iri_run_start (&self->change, code, IRI_COMPONENT_IRI, spec, c,
                 byte_start, byte_end, self->char_pos, self->char_pos + 1);
}

static inline gboolean
is_trimmed_space (char c)
{
  return c == ' ' || c == '\r' || c == '\n' || c == '\t';
}

/* Removes the leading and trailing SPACE, CR, LF and TAB (clarifications
 * §4 step 1, §6.2 step 1), recording them, and returns the bounds of
 * what is left. */
static void
trim (Preprocessor *self,
      const char   *spec,
      gsize        *out_start,
      gsize        *out_end)
{
  gsize start = 0;
  gsize end = self->length;

  while (start < end && is_trimmed_space (self->text[start]))
    start++;
  while (end > start && is_trimmed_space (self->text[end - 1]))
    end--;

  self->char_pos = 0;
  for (gsize i = 0; i < start; i++, self->char_pos++)
    record (self, CODE_TRIMMED, spec, (guchar) self->text[i], i, i + 1);
  flush_change (self);

  if (end < self->length)
    {
      /* Only ASCII lies after @end, so the character offset follows from
       * the length of the part before it. */
      self->char_pos = g_utf8_strlen (self->text, end);
      for (gsize i = end; i < self->length; i++, self->char_pos++)
        record (self, CODE_TRIMMED, spec, (guchar) self->text[i], i, i + 1);
      flush_change (self);
    }

  self->char_pos = g_utf8_strlen (self->text, start);
  *out_start = start;
  *out_end = end;
}

static void
preprocess_whitespace (Preprocessor *self)
{
  gsize start, end;

  trim (self, SPEC_CLARIFICATIONS_1, &start, &end);

  /* Step 2, for a context that takes a single reference: each inner
   * SPACE becomes "%20". */
  for (gsize p = start; p < end; self->char_pos++)
    {
      if (self->text[p] == ' ')
        {
          g_string_append (self->out, "%20");
          record (self, CODE_PERCENT_ENCODED, SPEC_CLARIFICATIONS_2, ' ', p, p + 1);
          p++;
        }
      else
        {
          const char *next = self->text + p;

          iri_utf8_next (&next);
          g_string_append_len (self->out, self->text + p, next - (self->text + p));
          p = next - self->text;
        }
    }
}

static void
preprocess_leiri (Preprocessor *self)
{
  for (gsize p = 0; p < self->length; self->char_pos++)
    {
      const char *next = self->text + p;
      gunichar c = iri_utf8_next (&next);
      gsize q = next - self->text;

      if (needs_encoding (c))
        {
          append_percent_encoded (self->out, c);
          record (self, CODE_PERCENT_ENCODED,
                  iri_char_is_bidi_formatting (c) ? SPEC_LEIRI_BIDI : SPEC_LEIRI, c, p, q);
        }
      else
        g_string_append_len (self->out, self->text + p, q - p);
      p = q;
    }
}

static inline gboolean
is_tab_or_newline (char c)
{
  return c == '\t' || c == '\n' || c == '\r';
}

/* Whether the "%" at @p is followed by two hex digits once tabs and
 * newlines are gone (they are removed before this step, §6.2 step 2). */
static gboolean
percent_has_hex (const char *text,
                 gsize       p,
                 gsize       end)
{
  int found = 0;

  for (gsize i = p + 1; i < end && found < 2; i++)
    {
      if (is_tab_or_newline (text[i]))
        continue;
      if (iri_hex_value (text[i]) < 0)
        return FALSE;
      found++;
    }

  return found == 2;
}

static void
preprocess_web_address (Preprocessor *self)
{
  const char *text = self->text;
  gsize start, end;
  gsize query_or_fragment = G_MAXSIZE;
  gsize fragment = G_MAXSIZE;

  /* Step 1. */
  trim (self, SPEC_WEB_1, &start, &end);

  for (gsize i = start; i < end; i++)
    {
      if ((text[i] == '?' || text[i] == '#') && query_or_fragment == G_MAXSIZE)
        query_or_fragment = i;
      if (text[i] == '#')
        {
          fragment = i;
          break;
        }
    }

  for (gsize p = start; p < end; self->char_pos++)
    {
      const char *next = text + p;
      gunichar c = iri_utf8_next (&next);
      gsize q = next - text;

      if (is_tab_or_newline (c))
        {
          /* Step 2: href-strip is "to be done" in the draft; the WHATWG
           * URL Standard removes every ASCII tab or newline. */
          record (self, CODE_REMOVED_CONTROL, SPEC_WEB_2, c, p, q);
        }
      else if (c == '%')
        {
          /* Step 4. */
          if (percent_has_hex (text, p, end))
            g_string_append_c (self->out, '%');
          else
            {
              g_string_append (self->out, "%25");
              record (self, CODE_STRAY_PERCENT, SPEC_WEB_4, c, p, q);
            }
        }
      else if (c == '\\' && p < query_or_fragment)
        {
          /* Step 5: href-path-sep.  Only before the query and the
           * fragment does a backslash separate anything; after them it
           * is data and step 3 encodes it. */
          g_string_append_c (self->out, '/');
          record (self, CODE_BACKSLASH, SPEC_WEB_5, c, p, q);
        }
      else if (c == '#' && fragment != G_MAXSIZE && p > fragment)
        {
          /* href-ifragment allows "#", ifragment does not. */
          g_string_append (self->out, "%23");
          record (self, CODE_PERCENT_ENCODED, SPEC_WEB_FRAGMENT, c, p, q);
        }
      else if (needs_encoding (c))
        {
          /* Step 3. */
          append_percent_encoded (self->out, c);
          record (self, CODE_PERCENT_ENCODED,
                  iri_char_is_bidi_formatting (c) ? SPEC_WEB_3_BIDI : SPEC_WEB_3, c, p, q);
        }
      else
        g_string_append_len (self->out, text + p, q - p);
      p = q;
    }
}

/**
 * iri_preprocess:
 * @text: the text, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @mode: which liberal syntax to accept
 * @out_diagnostics: (out) (optional) (transfer full):
 *   where to store one warning per change, with spans in @text
 * @error: return location for a #GError
 *
 * Turns text that one of the liberal syntaxes accepts into an IRI
 * reference, so that it can be parsed with [func@Iri.Reference.parse].
 *
 * - [enum@Iri.PreprocessMode.WHITESPACE] (draft-iri-processing-clarifications
 *   §4 steps 1–2): leading and trailing SPACE, CR, LF and TAB are removed,
 *   and each SPACE inside becomes `%20`.
 * - [enum@Iri.PreprocessMode.LEIRI] (RFC 3987bis §6.1): every character
 *   that `leiri-ucschar` allows but `ucschar` does not (space, `<`, `>`,
 *   `"`, `{`, `}`, `|`, `\`, `^`, the backtick, controls, private-use
 *   characters, U+FFF0..U+FFFD…) is percent-encoded as in §3.3.
 * - [enum@Iri.PreprocessMode.WEB_ADDRESS] (RFC 3987bis §6.2 steps 1–5):
 *   leading and trailing whitespace is removed, every tab and newline is
 *   removed (as the WHATWG URL Standard does; the draft's `href-strip`
 *   is still to be done), the characters `href-ucschar` adds are
 *   percent-encoded, a `%` not followed by two hex digits becomes `%25`,
 *   a backslash before the query and fragment becomes `/`, and a second
 *   `#` becomes `%23`.
 *
 * In the LEIRI and Web Address modes, bidi formatting characters are
 * percent-encoded as well: those processors did not enforce §4.1, but an
 * IRI must not contain them, and encoding them does not change the URI
 * the text maps to.
 *
 * Every change gives an [class@Iri.Diagnostic] of severity warning
 * (`preprocess-trimmed`, `preprocess-removed-control`,
 * `preprocess-percent-encoded`, `preprocess-stray-percent`,
 * `preprocess-backslash`), adjacent identical changes merged into one.
 *
 * Returns: (transfer full) (nullable): the IRI reference, or `NULL` when
 *   @text is not valid UTF-8 ([error@Iri.Error.INVALID_UTF8]) or contains
 *   a NUL byte ([error@Iri.Error.EMBEDDED_NUL])
 *
 * Since: 0.1
 */
char *
iri_preprocess (const char         *text,
                gssize              length,
                IriPreprocessMode   mode,
                GListModel        **out_diagnostics,
                GError            **error)
{
  Preprocessor self = { 0, };

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (mode <= IRI_PREPROCESS_WEB_ADDRESS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (out_diagnostics != NULL)
    *out_diagnostics = NULL;
  if (text == NULL)
    text = "";
  if (length < 0)
    length = strlen (text);

  if (!iri_utf8_validate_internal (text, length, NULL, error))
    return NULL;

  self.text = text;
  self.length = length;
  self.out = g_string_sized_new (length + 8);

  switch (mode)
    {
    case IRI_PREPROCESS_WHITESPACE:
      preprocess_whitespace (&self);
      break;
    case IRI_PREPROCESS_LEIRI:
      preprocess_leiri (&self);
      break;
    case IRI_PREPROCESS_WEB_ADDRESS:
    default:
      preprocess_web_address (&self);
      break;
    }
  flush_change (&self);

  if (out_diagnostics != NULL)
    {
      g_autoptr(GPtrArray) diagnostics = iri_diagnostics_steal (&self.diagnostics);

      *out_diagnostics = iri_diagnostics_to_model (diagnostics);
    }
  else
    iri_diagnostics_clear (&self.diagnostics);

  return g_string_free (self.out, FALSE);
}
