/* iri-unit.c: the units of an IRI (RFC 3987bis §4.2; DESIGN.md §3)
 *
 * The pieces that the bidi rules and the safety checks look at one by
 * one: each host label, path segment and file-name extension, query
 * name and value, and the user information, port and fragment, with
 * their spans and directions.  The analysis, the bidi checks and the
 * safety checks all take their units from here.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <fribidi.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-unit-private.h"

/* A unit's name starts the message of each of its findings, and one
 * IRI often has several findings on units of one kind: translations are
 * looked up once per analysis (iri-char.c). */
#undef _
#define _(String) ((char *) iri_gettext_scoped (String))

G_DEFINE_BOXED_TYPE (IriUnit, iri_unit, iri_unit_copy, iri_unit_free)

/**
 * iri_unit_copy:
 * @unit: a unit
 *
 * Copies a unit.
 *
 * Returns: (transfer full): a copy
 *
 * Since: 0.1
 */
IriUnit *
iri_unit_copy (const IriUnit *unit)
{
  g_return_val_if_fail (unit != NULL, NULL);

  return g_memdup2 (unit, sizeof *unit);
}

/**
 * iri_unit_free:
 * @unit: a unit
 *
 * Frees a unit made by [method@Iri.Unit.copy].
 *
 * Since: 0.1
 */
void
iri_unit_free (IriUnit *unit)
{
  g_free (unit);
}

/* The direction of a stretch of text from the bidi classes of its strong
 * characters (UAX #9 §3.2: L is left-to-right, R and AL right-to-left). */
IriDirection
iri_direction_of (const char *text,
                  gsize       length)
{
  gboolean ltr = FALSE, rtl = FALSE;
  const char *p = text;
  const char *end = text + length;

  while (p < end)
    {
      guchar b = (guchar) *p;

      if (b < 0x80)
        {
          /* ASCII letters are the only strong ASCII characters, so an
           * ASCII text never needs FriBidi. */
          if (g_ascii_isalpha (b))
            ltr = TRUE;
          p++;
        }
      else
        {
          FriBidiCharType type = fribidi_get_bidi_type (iri_utf8_next (&p));

          if (type == FRIBIDI_TYPE_LTR)
            ltr = TRUE;
          else if (type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL)
            rtl = TRUE;
        }

      if (ltr && rtl)
        return IRI_DIRECTION_MIXED;
    }

  if (rtl)
    return IRI_DIRECTION_RTL;
  if (ltr)
    return IRI_DIRECTION_LTR;
  return IRI_DIRECTION_NEUTRAL;
}

typedef struct
{
  IriReference *reference;
  const char   *text;
  GArray       *units;       /* its len is the room; n the units in it */
  guint         n;
  gsize         byte_pos;    /* last byte offset converted */
  gsize         char_pos;    /* its character offset */
  gboolean      ascii;       /* bytes are characters */
} UnitBuilder;

/* Units are added in text order, so byte→char conversion can continue
 * from the previous unit and the whole pass stays linear. */
static gsize
builder_char_offset (UnitBuilder *b,
                     gsize        byte_offset)
{
  if (byte_offset < b->byte_pos)
    {
      b->byte_pos = 0;
      b->char_pos = 0;
    }
  if (b->ascii)
    return byte_offset;

  while (b->byte_pos < byte_offset)
    {
      const char *q = b->text + b->byte_pos;

      iri_utf8_next (&q);
      b->byte_pos = q - b->text;
      b->char_pos++;
    }
  return b->char_pos;
}

static void
add_unit (UnitBuilder  *b,
          IriComponent  kind,
          gsize         byte_start,
          gsize         byte_end)
{
  IriUnit *unit;

  /* Written in place, and the array sized once for most IRIs
   * (iri_compute_units()): this runs for every unit of every keystroke
   * and of every line of a batch. */
  if (b->n == b->units->len)
    g_array_set_size (b->units, 2 * b->units->len);
  unit = &g_array_index (b->units, IriUnit, b->n++);
  unit->kind = kind;
  unit->span.byte_start = byte_start;
  unit->span.byte_end = byte_end;
  unit->span.start = builder_char_offset (b, byte_start);
  unit->span.end = builder_char_offset (b, byte_end);
  if (b->ascii)
    {
      /* ASCII letters are the only strong ASCII characters: one is
       * enough (iri_direction_of() without its per-byte branches). */
      unit->direction = IRI_DIRECTION_NEUTRAL;
      for (gsize i = byte_start; i < byte_end; i++)
        {
          if (g_ascii_isalpha (b->text[i]))
            {
              unit->direction = IRI_DIRECTION_LTR;
              break;
            }
        }
    }
  else
    unit->direction = iri_direction_of (b->text + byte_start, byte_end - byte_start);
}

/* A path segment, with the file-name extension after its last "." as a
 * unit of its own (§4.2: "the extensions in a resource name can be
 * treated as separate components"), so "KL.html" in Example 4 is an RTL
 * name and an LTR extension rather than one mixed unit. */
static void
add_segment (UnitBuilder *b,
             gsize        start,
             gsize        end)
{
  const char *text = b->text;

  if (start == end)
    return;

  for (gsize i = end - 1; i > start; i--)
    {
      if (text[i] == '.')
        {
          if (i + 1 < end)
            {
              add_unit (b, IRI_COMPONENT_PATH_SEGMENT, start, i);
              add_unit (b, IRI_COMPONENT_PATH_EXTENSION, i + 1, end);
              return;
            }
          break;
        }
    }

  add_unit (b, IRI_COMPONENT_PATH_SEGMENT, start, end);
}

GArray *
iri_compute_units (IriReference *reference)
{
  UnitBuilder b = { reference, iri_reference_get_text (reference), NULL, 0, 0, 0,
                    iri_reference_is_ascii (reference) };
  const char *text = b.text;
  IriSpan span;

  /* Room for the units of a typical IRI, taken at once and trimmed at
   * the end; a long one doubles it a few times (amortized linear). */
  b.units = g_array_sized_new (FALSE, FALSE, sizeof (IriUnit), 16);
  g_array_set_size (b.units, 16);

  if (iri_reference_get_span (reference, IRI_COMPONENT_USERINFO, &span) &&
      span.byte_end > span.byte_start)
    add_unit (&b, IRI_COMPONENT_USERINFO, span.byte_start, span.byte_end);

  if (iri_reference_get_span (reference, IRI_COMPONENT_HOST, &span) &&
      span.byte_end > span.byte_start)
    {
      if (iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME)
        {
          /* Host labels: RFC 3987bis §4.2 treats each as a component,
           * as the IDNA bidi rules do (RFC 5893). */
          gsize start = span.byte_start;

          for (gsize i = span.byte_start; i <= span.byte_end; i++)
            {
              if (i == span.byte_end || text[i] == '.')
                {
                  if (i > start)
                    add_unit (&b, IRI_COMPONENT_HOST_LABEL, start, i);
                  start = i + 1;
                }
            }
        }
      else
        add_unit (&b, IRI_COMPONENT_HOST, span.byte_start, span.byte_end);
    }

  /* The port is not one of §4.2's components, but its digits take part
   * in the bidi algorithm like a path segment's: "ABC:8080" shows as
   * "8080:CBA" when ABC is right-to-left. */
  if (iri_reference_get_span (reference, IRI_COMPONENT_PORT, &span) &&
      span.byte_end > span.byte_start)
    add_unit (&b, IRI_COMPONENT_PORT, span.byte_start, span.byte_end);

  if (iri_reference_get_span (reference, IRI_COMPONENT_PATH, &span))
    {
      gsize start = span.byte_start;

      for (gsize i = span.byte_start; i <= span.byte_end; i++)
        {
          if (i == span.byte_end || text[i] == '/')
            {
              add_segment (&b, start, i);
              start = i + 1;
            }
        }
    }

  if (iri_reference_get_span (reference, IRI_COMPONENT_QUERY, &span))
    {
      /* name=value pairs separated by "&" or ";" (§4.2: "for the usual
       * name/value syntax in query parts, it is convenient to treat each
       * name and each value as a component"). */
      gsize start = span.byte_start;
      gboolean in_value = FALSE;

      for (gsize i = span.byte_start; i <= span.byte_end; i++)
        {
          char c = i < span.byte_end ? text[i] : '&';

          if (c == '&' || c == ';' || (c == '=' && !in_value))
            {
              if (i > start)
                add_unit (&b, in_value ? IRI_COMPONENT_QUERY_VALUE : IRI_COMPONENT_QUERY_NAME, start, i);
              in_value = c == '=';
              start = i + 1;
            }
        }
    }

  if (iri_reference_get_span (reference, IRI_COMPONENT_FRAGMENT, &span) &&
      span.byte_end > span.byte_start)
    add_unit (&b, IRI_COMPONENT_FRAGMENT, span.byte_start, span.byte_end);

  g_array_set_size (b.units, b.n);
  return b.units;
}

/* "The host label", "The path segment"… to start a message. */
const char *
iri_unit_name (IriComponent kind)
{
  switch (kind)
    {
    case IRI_COMPONENT_USERINFO:
      return _("The user information");
    case IRI_COMPONENT_HOST:
      return _("The host");
    case IRI_COMPONENT_HOST_LABEL:
      return _("The host label");
    case IRI_COMPONENT_PORT:
      return _("The port");
    case IRI_COMPONENT_PATH:
      return _("The path");
    case IRI_COMPONENT_PATH_SEGMENT:
      return _("The path segment");
    case IRI_COMPONENT_PATH_EXTENSION:
      return _("The file-name extension");
    case IRI_COMPONENT_QUERY:
      return _("The query");
    case IRI_COMPONENT_QUERY_NAME:
      return _("The query parameter name");
    case IRI_COMPONENT_QUERY_VALUE:
      return _("The query parameter value");
    case IRI_COMPONENT_FRAGMENT:
      return _("The fragment");
    case IRI_COMPONENT_IRI:
    case IRI_COMPONENT_SCHEME:
    case IRI_COMPONENT_AUTHORITY:
    default:
      return _("The component");
    }
}
