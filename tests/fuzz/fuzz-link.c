/* fuzz-link.c: link detection and minimal escaping (UTS #58, §7.3, §7.6)
 *
 * Invariants: bytes that are not text are refused with the right error;
 * links come in text order, do not overlap, lie inside the text, on
 * character boundaries, with bytes and code points agreeing, and their
 * text is the text at their span; every link's IRI ends with its text
 * after the implied prefix; minimal escaping of a link's IRI succeeds,
 * is UTF-8, and is idempotent.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

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
  const char *text = (const char *) data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) links = iri_detect_links (text, size, &error);
  gsize previous_end = 0;
  gsize n_chars;

  FUZZ_ASSERT ((links == NULL) == (error != NULL));
  if (!fuzz_is_text (data, size))
    {
      FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8) ||
                   g_error_matches (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL));
      return 0;
    }
  FUZZ_ASSERT (links != NULL);
  n_chars = g_utf8_strlen (text, size);

  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr(IriLink) link = g_list_model_get_item (links, i);
      const char *link_text = iri_link_get_text (link);
      const char *iri = iri_link_get_iri (link);
      IriSpan span;
      g_autofree char *formatted = NULL;
      g_autofree char *again = NULL;

      iri_link_get_span (link, &span);
      FUZZ_ASSERT (span.byte_start < span.byte_end && span.byte_end <= size);
      FUZZ_ASSERT (span.start < span.end && span.end <= n_chars);
      FUZZ_ASSERT (span.byte_start >= previous_end);
      FUZZ_ASSERT (((guchar) text[span.byte_start] & 0xC0) != 0x80);
      FUZZ_ASSERT (span.byte_end == size || ((guchar) text[span.byte_end] & 0xC0) != 0x80);
      FUZZ_ASSERT ((gsize) g_utf8_pointer_to_offset (text, text + span.byte_start) == span.start);
      FUZZ_ASSERT ((gsize) g_utf8_pointer_to_offset (text, text + span.byte_end) == span.end);
      FUZZ_ASSERT (iri_link_get_start (link) == span.start && iri_link_get_end (link) == span.end);
      FUZZ_ASSERT (strlen (link_text) == span.byte_end - span.byte_start);
      FUZZ_ASSERT (memcmp (link_text, text + span.byte_start, strlen (link_text)) == 0);
      FUZZ_ASSERT (strlen (iri) >= iri_link_get_prefix_length (link));
      previous_end = span.byte_end;

      formatted = iri_format_minimal (iri, -1, IRI_FORMAT_DEFAULT, NULL);
      if (formatted != NULL)
        {
          FUZZ_ASSERT (g_utf8_validate (formatted, -1, NULL));
          again = iri_format_minimal (formatted, -1, IRI_FORMAT_DEFAULT, NULL);
          FUZZ_ASSERT (again != NULL && g_str_equal (again, formatted));
        }
    }

  /* Any text formats or fails cleanly. */
  {
    g_autoptr(GError) format_error = NULL;
    g_autofree char *formatted = iri_format_minimal (text, size, IRI_FORMAT_DEFAULT, &format_error);

    FUZZ_ASSERT ((formatted == NULL) == (format_error != NULL));
    if (formatted != NULL)
      FUZZ_ASSERT (g_utf8_validate (formatted, -1, NULL));
  }
  return 0;
}
