/* fuzz-parse-strict.c: iri_reference_parse() (§2.2 grammar, strict)
 *
 * Invariants: a reference is accepted only if the bytes are UTF-8
 * without NUL; an accepted reference keeps the text byte for byte; every
 * component's span lies inside the text, in order, and holds exactly the
 * component's text; byte and code-point offsets agree; recomposing the
 * components (RFC 3986 §5.3) gives the text back; the ABSOLUTE and URI
 * flags only ever accept less; the tolerant parser agrees that the text
 * is valid.  (IRI_PARSE_ABSOLUTE accepts exactly the references with a
 * scheme.)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static const IriComponent components[] = {
  IRI_COMPONENT_SCHEME, IRI_COMPONENT_AUTHORITY, IRI_COMPONENT_USERINFO, IRI_COMPONENT_HOST,
  IRI_COMPONENT_PORT, IRI_COMPONENT_PATH, IRI_COMPONENT_QUERY, IRI_COMPONENT_FRAGMENT,
};

static const char *
component_text (IriReference *ref,
                IriComponent  component)
{
  switch (component)
    {
    case IRI_COMPONENT_SCHEME: return iri_reference_get_scheme (ref);
    case IRI_COMPONENT_AUTHORITY: return iri_reference_get_authority (ref);
    case IRI_COMPONENT_USERINFO: return iri_reference_get_userinfo (ref);
    case IRI_COMPONENT_HOST: return iri_reference_get_host (ref);
    case IRI_COMPONENT_PORT: return iri_reference_get_port (ref);
    case IRI_COMPONENT_PATH: return iri_reference_get_path (ref);
    case IRI_COMPONENT_QUERY: return iri_reference_get_query (ref);
    case IRI_COMPONENT_FRAGMENT: return iri_reference_get_fragment (ref);
    default: g_assert_not_reached ();
    }
}

static void
check_reference (IriReference  *ref,
                 const uint8_t *data,
                 size_t         size)
{
  const char *text = iri_reference_get_text (ref);
  g_autoptr(GString) recomposed = g_string_new (NULL);
  gsize previous_end = 0;

  FUZZ_ASSERT (iri_reference_get_length (ref) == size);
  FUZZ_ASSERT (memcmp (text, data, size) == 0);
  FUZZ_ASSERT (iri_reference_get_n_chars (ref) == (gsize) g_utf8_strlen (text, size));
  FUZZ_ASSERT (iri_reference_is_valid (ref));

  for (gsize i = 0; i < G_N_ELEMENTS (components); i++)
    {
      const char *value = component_text (ref, components[i]);
      IriSpan span;
      gboolean present = iri_reference_get_span (ref, components[i], &span);

      /* Only the path is always there (possibly empty). */
      FUZZ_ASSERT (present == (value != NULL));
      if (!present)
        continue;
      FUZZ_ASSERT (span.byte_start <= span.byte_end && span.byte_end <= size);
      FUZZ_ASSERT (span.start <= span.end && span.end <= iri_reference_get_n_chars (ref));
      FUZZ_ASSERT (strlen (value) == span.byte_end - span.byte_start);
      FUZZ_ASSERT (memcmp (value, text + span.byte_start, strlen (value)) == 0);
      FUZZ_ASSERT (iri_reference_byte_to_char (ref, span.byte_start) == span.start);
      FUZZ_ASSERT (iri_reference_byte_to_char (ref, span.byte_end) == span.end);
      FUZZ_ASSERT (iri_reference_char_to_byte (ref, span.end) == span.byte_end);

      /* The top-level components come in text order. */
      if (components[i] != IRI_COMPONENT_USERINFO && components[i] != IRI_COMPONENT_HOST &&
          components[i] != IRI_COMPONENT_PORT)
        {
          FUZZ_ASSERT (span.byte_start >= previous_end);
          previous_end = span.byte_end;
        }
    }
  FUZZ_ASSERT (iri_reference_get_path (ref) != NULL);

  /* RFC 3986 §5.3, component recomposition. */
  if (iri_reference_get_scheme (ref) != NULL)
    g_string_append_printf (recomposed, "%s:", iri_reference_get_scheme (ref));
  if (iri_reference_get_authority (ref) != NULL)
    g_string_append_printf (recomposed, "//%s", iri_reference_get_authority (ref));
  g_string_append (recomposed, iri_reference_get_path (ref));
  if (iri_reference_get_query (ref) != NULL)
    g_string_append_printf (recomposed, "?%s", iri_reference_get_query (ref));
  if (iri_reference_get_fragment (ref) != NULL)
    g_string_append_printf (recomposed, "#%s", iri_reference_get_fragment (ref));
  FUZZ_ASSERT (recomposed->len == size && memcmp (recomposed->str, data, size) == 0);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) absolute = NULL;
  g_autoptr(IriReference) uri = NULL;
  g_autoptr(IriReference) tolerant = NULL;

  ref = iri_reference_parse ((const char *) data, size, IRI_PARSE_DEFAULT, &error);
  FUZZ_ASSERT ((ref == NULL) == (error != NULL));
  if (!fuzz_is_text (data, size))
    FUZZ_ASSERT (ref == NULL && (g_error_matches (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8) ||
                                 g_error_matches (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL)));
  if (error != NULL)
    FUZZ_ASSERT (error->domain == IRI_ERROR && g_utf8_validate (error->message, -1, NULL));
  g_clear_error (&error);

  absolute = iri_reference_parse ((const char *) data, size, IRI_PARSE_ABSOLUTE, NULL);
  uri = iri_reference_parse ((const char *) data, size, IRI_PARSE_URI, NULL);
  tolerant = iri_reference_parse_tolerant ((const char *) data, size, IRI_PARSE_DEFAULT);
  FUZZ_ASSERT (tolerant != NULL);

  if (ref == NULL)
    {
      FUZZ_ASSERT (absolute == NULL && uri == NULL);
      return 0;
    }

  check_reference (ref, data, size);
  FUZZ_ASSERT (iri_reference_is_valid (tolerant));
  if (absolute != NULL)
    FUZZ_ASSERT (iri_reference_is_absolute (absolute));
  else
    FUZZ_ASSERT (!iri_reference_is_absolute (ref));
  if (uri != NULL)
    FUZZ_ASSERT (iri_reference_is_ascii (uri));
  /* An ASCII IRI reference is a URI reference (§2.2: the IRI grammar
   * extends the URI grammar only with non-ASCII characters). */
  if (iri_reference_is_ascii (ref))
    FUZZ_ASSERT (uri != NULL);
  return 0;
}
