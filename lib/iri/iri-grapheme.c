/* iri-grapheme.c: where a cursor may stand, from Pango, loaded on first use
 *
 * A cursor never splits a grapheme cluster (UAX #29).  libiri takes the
 * clusters from Pango's text analysis, which has the Extended_Pictographic
 * and Indic data that GLib lacks, and which is what GTK moves its own
 * cursors by: the caret of the address field and the positions that
 * IriBidiLayout computes agree.
 *
 * Only the editors need them (IriGtkEntry, `iri edit`), and only once a
 * cursor moves over text that is not ASCII.  Linked, Pango and the
 * libraries behind it (HarfBuzz, FreeType, libthai…, nine in all) were
 * loaded by every process that uses libiri, `iri check` of one address
 * included: a sixth of the tool's start-up.  So Pango is opened with
 * GModule the first time clusters are needed; in a GTK program it is
 * loaded already and the same copy is used.
 *
 * Should it not be found, clusters are approximated: a boundary before
 * every character but a mark, a ZERO WIDTH JOINER and what follows
 * one, a variation selector, the second of CR LF, a Hangul vowel or
 * final jamo, and the second regional indicator of a pair.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gmodule.h>
#include <pango/pango.h>

#include "iri-grapheme-private.h"

typedef void (*GetLogAttrsFunc) (const char    *text,
                                 int            length,
                                 int            level,
                                 PangoLanguage *language,
                                 PangoLogAttr  *attrs,
                                 int            attrs_len);
typedef PangoLanguage *(*LanguageFromStringFunc) (const char *language);

static GetLogAttrsFunc get_log_attrs;
static PangoLanguage *undetermined;

static gboolean
load_pango (void)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      GModule *module = g_module_open (IRI_PANGO_LIBRARY, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
      gpointer log_attrs = NULL, from_string = NULL;

      if (module != NULL &&
          g_module_symbol (module, "pango_get_log_attrs", &log_attrs) &&
          g_module_symbol (module, "pango_language_from_string", &from_string))
        {
          /* Kept for the life of the process, as a linked Pango was. */
          g_module_make_resident (module);
          undetermined = ((LanguageFromStringFunc) from_string) ("und");
          get_log_attrs = (GetLogAttrsFunc) log_attrs;
        }
      else
        {
          g_debug ("Pango (%s) could not be loaded (%s): grapheme clusters are approximated",
                   IRI_PANGO_LIBRARY, g_module_error ());
          g_clear_pointer (&module, g_module_close);
        }
      g_once_init_leave (&loaded, 1);
    }
  return get_log_attrs != NULL;
}

static gboolean
is_regional_indicator (gunichar c)
{
  return c >= 0x1F1E6 && c <= 0x1F1FF;
}

void
iri_grapheme_boundaries_approximate (const char *text,
                                     gsize       length,
                                     gsize       n_chars,
                                     guint8     *is_boundary)
{
  const char *p = text;
  gunichar previous = 0;
  guint regional_run = 0;

  for (gsize i = 0; i < n_chars && p < text + length; i++, p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean boundary = TRUE;

      if (i > 0)
        {
          if (previous == '\r' && c == '\n')
            boundary = FALSE;
          else if (g_unichar_ismark (c) || c == 0x200D || previous == 0x200D)
            boundary = FALSE;
          else if ((c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF))
            boundary = FALSE;
          else if ((c >= 0x1160 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF))
            boundary = FALSE;
          else if (is_regional_indicator (c) && regional_run % 2 == 1)
            boundary = FALSE;
        }
      regional_run = is_regional_indicator (c) ? regional_run + 1 : 0;
      is_boundary[i] = boundary;
      previous = c;
    }
  is_boundary[0] = TRUE;
  is_boundary[n_chars] = TRUE;
}

void
iri_grapheme_boundaries (const char *text,
                         gsize       length,
                         gsize       n_chars,
                         guint8     *is_boundary)
{
  g_autofree PangoLogAttr *attrs = NULL;

  if (!load_pango ())
    {
      iri_grapheme_boundaries_approximate (text, length, n_chars, is_boundary);
      return;
    }

  attrs = g_new0 (PangoLogAttr, n_chars + 1);
  get_log_attrs (text, (int) length, -1, undetermined, attrs, (int) n_chars + 1);
  for (gsize i = 0; i <= n_chars; i++)
    is_boundary[i] = attrs[i].is_cursor_position;
  is_boundary[0] = TRUE;
  is_boundary[n_chars] = TRUE;
}
