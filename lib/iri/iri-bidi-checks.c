/* iri-bidi-checks.c: what in an IRI's structure makes its display
 * misleading (RFC 3987bis §4.2, §9; RFC 5893)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <fribidi.h>
#include <glib/gi18n-lib.h>

#include "iri-bidi-checks-private.h"
#include "iri-unit-private.h"
#include "iri-bidi-private.h"
#include "iri-char-private.h"
#include "iri-idna-private.h"

/* The messages of a finding are built twice (for sight and for
 * assistive technology) and a finding often repeats within one IRI:
 * translations are looked up once per analysis (iri-char.c). */
#undef _
#define _(String) ((char *) iri_gettext_scoped (String))

#define SPEC_RULE_1 "RFC 3987bis §4.2 rule 1"
#define SPEC_RULE_2 "RFC 3987bis §4.2 rule 2"
#define SPEC_NUMERIC "RFC 3987bis §4.4 Examples 10 and 11"
#define SPEC_INTERLEAVED "RFC 3987bis §4.2, §4.4 Examples 5 and 6"
#define SPEC_READS_DIFFERENTLY "RFC 3987bis §9, §4.4"

typedef struct
{
  IriReference    *reference;
  const char      *text;
  GArray          *units;
  IriBidiLayout   *layout;
  IriNotation      notation;
  IriDiagnostics  *diagnostics;

  gsize            n_chars;
  gunichar        *chars;       /* logical */
  FriBidiCharType *types;       /* logical */
  const gsize     *char_bytes;  /* n_chars + 1 */
  /* The layout's maps, read directly (NULL for the identity): the
   * checks look up every character of every unit and component, and
   * the public lookups check their arguments on each call. */
  const gsize     *log2vis;
  const gsize     *vis2log;

  /* The spans of the components in the order of component_order[]
   * (empty when absent): component_at() asks for them once per
   * character of every stretch that is not displayed as one block. */
  IriSpan          components[7];
} Check;

static const IriComponent component_order[] = {
  IRI_COMPONENT_SCHEME, IRI_COMPONENT_USERINFO, IRI_COMPONENT_HOST, IRI_COMPONENT_PORT,
  IRI_COMPONENT_PATH, IRI_COMPONENT_QUERY, IRI_COMPONENT_FRAGMENT,
};
G_STATIC_ASSERT (G_N_ELEMENTS (component_order) == G_N_ELEMENTS (((Check *) NULL)->components));

/* The characters of an IRI of up to this many characters are checked
 * in arrays on the stack, which is nearly every IRI (the text of one of
 * more is checked in arrays on the heap). */
#define CHECK_STACK_CHARS 256

static inline gsize
to_visual (const Check *check,
           gsize        logical_index)
{
  return check->log2vis != NULL ? check->log2vis[logical_index] : logical_index;
}

static inline gsize
to_logical (const Check *check,
            gsize        visual_index)
{
  return check->vis2log != NULL ? check->vis2log[visual_index] : visual_index;
}

/* A quoted piece of the logical text for a message, written back in Bidi
 * Notation when the text was read in it. */
static char *
quote_logical (Check *check,
               gsize  start,
               gsize  end)
{
  g_autofree char *piece = NULL;
  g_autofree char *shown = NULL;

  /* Without a notation (nearly always) the piece is quoted where it
   * stands in the text, which has no NUL byte. */
  if (check->notation == IRI_NOTATION_NONE)
    return iri_quote_len (check->text + check->char_bytes[start],
                          check->char_bytes[end] - check->char_bytes[start]);

  piece = g_strndup (check->text + check->char_bytes[start],
                     check->char_bytes[end] - check->char_bytes[start]);
  shown = iri_notation_from_rtl (piece, -1, check->notation);
  return iri_quote (shown);
}

/* A quoted piece of the display, in visual order (iri_quote_visual():
 * a user interface shows it as it is, not reordered a second time). */
static char *
quote_visual (Check *check,
              gsize  start,
              gsize  end)
{
  g_autofree char *piece = NULL;
  g_autofree char *shown = NULL;

  if (check->notation == IRI_NOTATION_NONE)
    {
      gsize length;
      const char *text = iri_bidi_layout_peek_visual_range (check->layout, start, end, &length);

      return iri_quote_visual_len (text, length);
    }

  piece = iri_bidi_layout_dup_visual_range (check->layout, start, end);
  shown = iri_notation_from_rtl (piece, -1, check->notation);
  return iri_quote_visual (shown);
}

/* The same piece of the display for assistive technology: the
 * characters shown at visual positions [start, end) of @layout, in
 * logical order, quoted as logical text (a screen reader speaks logical
 * order) with the marks @open and @close.  @char_bytes has the byte
 * offset of each of the @n_chars characters of @text, and its end. */
static char *
quote_shown_logical (IriBidiLayout *layout,
                     const char    *text,
                     const gsize   *char_bytes,
                     gsize          n_chars,
                     IriNotation    notation,
                     gsize          start,
                     gsize          end,
                     const char    *open,
                     const char    *close)
{
  g_autofree gboolean *shown = g_new0 (gboolean, n_chars + 1);
  g_autoptr(GString) piece = g_string_new (NULL);
  g_autofree char *notated = NULL;

  for (gsize v = start; v < end; v++)
    shown[iri_bidi_layout_visual_to_logical (layout, v)] = TRUE;
  /* Consecutive characters are consecutive bytes of the text: each run
   * of shown characters is appended in one piece. */
  for (gsize i = 0; i < n_chars;)
    {
      gsize run;

      if (!shown[i])
        {
          i++;
          continue;
        }
      for (run = i + 1; run < n_chars && shown[run]; run++)
        ;
      g_string_append_len (piece, text + char_bytes[i], char_bytes[run] - char_bytes[i]);
      i = run;
    }
  if (notation == IRI_NOTATION_NONE)
    return iri_quote_len_with_marks (piece->str, piece->len, open, close);
  notated = iri_notation_from_rtl (piece->str, -1, notation);
  return iri_quote_len_with_marks (notated, strlen (notated), open, close);
}

/* The message for assistive technology of a finding that quotes pieces
 * of the display (the display in pieces, the host read differently).
 * Most programs never ask for it, and it costs as much as the message
 * itself, so it is made when it is first asked for
 * (iri_diagnostic_set_accessible_message_func()), from what the message
 * was made of: the format and quotation marks translated when the
 * finding was made, the other quoted pieces, and the pieces of the
 * display as visual ranges of the layout. */
typedef enum {
  SPOKEN_INTERLEAVED_COMPONENT,   /* name, quoted, inside, phrase, shown */
  SPOKEN_INTERLEAVED_UNIT,        /* name, quoted, inside, shown */
  SPOKEN_HOST,                    /* shown, quoted */
} SpokenShape;

typedef struct {
  IriReference  *reference;   /* the text and its length in characters */
  IriBidiLayout *layout;
  IriNotation    notation;
  const char    *open;
  const char    *close;
  SpokenShape    shape;
  const char    *format;
  const char    *name;        /* (nullable) */
  const char    *phrase;      /* (nullable) */
  char          *quoted;
  gsize          shown_lo, shown_hi;
  gsize          inside_lo, inside_hi;
} Spoken;

static void
spoken_free (gpointer data)
{
  Spoken *spoken = data;

  iri_reference_unref (spoken->reference);
  iri_bidi_layout_unref (spoken->layout);
  g_free (spoken->quoted);
  g_free (spoken);
}

/* The message of a finding that quotes pieces of the display, for sight
 * or for assistive technology: @format is one of the translated formats
 * of report_interleaved() and check_host_reads_differently(), chosen
 * once and used for both messages; its arguments are all strings, in
 * the order of @shape.  The compiler cannot check a format that is not
 * written at the call, so -Wformat-nonliteral is off here only; the
 * tests of every shape's messages check the formats. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static char *
format_display_message (SpokenShape  shape,
                        const char  *format,
                        const char  *name,
                        const char  *quoted,
                        const char  *inside,
                        const char  *phrase,
                        const char  *shown)
{
  switch (shape)
    {
    case SPOKEN_INTERLEAVED_COMPONENT:
      return g_strdup_printf (format, name, quoted, inside, phrase, shown);
    case SPOKEN_INTERLEAVED_UNIT:
      return g_strdup_printf (format, name, quoted, inside, shown);
    case SPOKEN_HOST:
    default:
      return g_strdup_printf (format, shown, quoted);
    }
}
#pragma GCC diagnostic pop

static char *
make_spoken (gconstpointer data)
{
  const Spoken *spoken = data;
  const char *text = iri_reference_get_text (spoken->reference);
  gsize n_chars = iri_reference_get_n_chars (spoken->reference);
  g_autofree gsize *char_bytes = g_new (gsize, n_chars + 1);
  g_autofree char *shown = NULL;
  g_autofree char *inside = NULL;
  const char *p = text;

  for (gsize i = 0; i < n_chars; i++)
    {
      char_bytes[i] = p - text;
      iri_utf8_next (&p);
    }
  char_bytes[n_chars] = p - text;

  shown = quote_shown_logical (spoken->layout, text, char_bytes, n_chars, spoken->notation,
                               spoken->shown_lo, spoken->shown_hi, spoken->open, spoken->close);
  if (spoken->shape != SPOKEN_HOST)
    inside = quote_shown_logical (spoken->layout, text, char_bytes, n_chars, spoken->notation,
                                  spoken->inside_lo, spoken->inside_hi, spoken->open, spoken->close);
  return format_display_message (spoken->shape, spoken->format, spoken->name, spoken->quoted,
                                 inside, spoken->phrase, shown);
}

/* A Spoken for a finding of @check; @quoted is taken. */
static Spoken *
spoken_new (Check       *check,
            SpokenShape  shape,
            const char  *format,
            char        *quoted)
{
  Spoken *spoken = g_new0 (Spoken, 1);

  spoken->reference = iri_reference_ref (check->reference);
  spoken->layout = iri_bidi_layout_ref (check->layout);
  spoken->notation = check->notation;
  iri_quote_get_marks (&spoken->open, &spoken->close);
  spoken->shape = shape;
  spoken->format = format;
  spoken->quoted = quoted;
  return spoken;
}

/* @spoken (taken, may be NULL): what the message for assistive
 * technology is made of, when it differs. */
static void
add_full (Check         *check,
          const char    *code,
          IriSeverity    severity,
          IriComponent   component,
          gsize          start,
          gsize          end,
          const char    *spec,
          char          *message,
          Spoken        *spoken,
          char          *hint)
{
  IriSpan span = { check->char_bytes[start], check->char_bytes[end], start, end };
  IriDiagnostic *diagnostic = iri_diagnostic_new_take (code, severity, component, &span, spec, message, hint);

  if (spoken != NULL)
    iri_diagnostic_set_accessible_message_func (diagnostic, make_spoken, spoken, spoken_free);
  iri_diagnostics_add (check->diagnostics, diagnostic);
}

static void
add (Check         *check,
     const char    *code,
     IriSeverity    severity,
     IriComponent   component,
     gsize          start,
     gsize          end,
     const char    *spec,
     char          *message,
     char          *hint)
{
  add_full (check, code, severity, component, start, end, spec, message, NULL, hint);
}

static gboolean
is_strong_rtl (FriBidiCharType type)
{
  return type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL;
}

static gboolean
is_authority_part (IriComponent kind)
{
  return kind == IRI_COMPONENT_USERINFO || kind == IRI_COMPONENT_HOST ||
         kind == IRI_COMPONENT_HOST_LABEL || kind == IRI_COMPONENT_PORT ||
         kind == IRI_COMPONENT_AUTHORITY;
}

/* §4.2 rule 1: a component should not use both right-to-left and
 * left-to-right characters. */
static void
check_mixed (Check         *check,
             const IriUnit *unit)
{
  gunichar first_ltr = 0, first_rtl = 0;
  g_autofree char *quoted = NULL;
  g_autofree char *ltr = NULL;
  g_autofree char *rtl = NULL;

  for (gsize i = unit->span.start; i < unit->span.end; i++)
    {
      if (check->types[i] == FRIBIDI_TYPE_LTR && first_ltr == 0)
        first_ltr = check->chars[i];
      else if (is_strong_rtl (check->types[i]) && first_rtl == 0)
        first_rtl = check->chars[i];
    }

  quoted = quote_logical (check, unit->span.start, unit->span.end);
  ltr = iri_char_describe (first_ltr);
  rtl = iri_char_describe (first_rtl);
  add (check, "bidi-mixed-direction", IRI_SEVERITY_WARNING, unit->kind,
       unit->span.start, unit->span.end, SPEC_RULE_1,
       /* Translators: the first %s is a unit name such as "The host label",
        * the second the quoted unit, the others name characters */
       g_strdup_printf (_("%s %s mixes left-to-right letters (%s) and right-to-left letters (%s), so its pieces may be displayed in an unexpected order."),
                        iri_unit_name (unit->kind), quoted, ltr, rtl),
       /* A percent-encoded registered name is no fix: it names another
        * host, or none once IDNA has mapped it (RFC 3987bis §3.1). */
       unit->kind == IRI_COMPONENT_HOST_LABEL
         ? g_strdup (_("Use letters of one direction in each host label."))
         : g_strdup (_("Use letters of one direction in each component, or percent-encode the whole component.")));
}

/* §4.2 rule 2: a component using right-to-left characters should start
 * and end with right-to-left characters (trailing marks belong to the
 * letter before them).  Examples 8 and 9.
 *
 * Not for host labels: §4.2 notes that the restrictions on host names
 * are IDNA's, and for a label the operative form of rule 2 is the Bidi
 * Rule of RFC 5893 §2, which lets a right-to-left label end in European
 * or Arabic-Indic digits ("עברית-123", "مثال-١٢٣"): RFC 5893 §1.4 and §3
 * show that such a label displays as one block.  check_bidi_rule()
 * reports the labels that break it (rule 1: a right-to-left label
 * starting with a digit or a neutral; rule 3: one ending with a
 * neutral), so a label that breaks both gets one finding. */
static void
check_edges (Check         *check,
             const IriUnit *unit)
{
  gsize first = unit->span.start;
  gsize last = unit->span.end;
  gboolean bad_start, bad_end;
  gunichar offender;
  g_autofree char *quoted = NULL;
  g_autofree char *who = NULL;

  if (unit->kind == IRI_COMPONENT_HOST_LABEL)
    return;

  /* Skip trailing combining marks and boundary neutrals: harakat and
   * Hebrew points go with the letter they follow. */
  while (last > first && (check->types[last - 1] == FRIBIDI_TYPE_NSM ||
                          check->types[last - 1] == FRIBIDI_TYPE_BN))
    last--;
  if (last == first)
    return;

  bad_start = !is_strong_rtl (check->types[first]);
  bad_end = !is_strong_rtl (check->types[last - 1]);
  if (!bad_start && !bad_end)
    return;

  offender = bad_start ? check->chars[first] : check->chars[last - 1];
  quoted = quote_logical (check, unit->span.start, unit->span.end);
  who = iri_char_describe (offender);
  add (check, "bidi-rtl-edge", IRI_SEVERITY_WARNING, unit->kind,
       unit->span.start, unit->span.end, SPEC_RULE_2,
       bad_start
         /* Translators: the first %s is a unit name, the second the quoted
          * unit, the third a character */
         ? g_strdup_printf (_("%s %s has right-to-left letters but starts with %s, which the bidi algorithm may display next to the component before it."),
                            iri_unit_name (unit->kind), quoted, who)
         : g_strdup_printf (_("%s %s has right-to-left letters but ends with %s, which the bidi algorithm may display next to the component after it."),
                            iri_unit_name (unit->kind), quoted, who),
       g_strdup (_("Percent-encode the whole component: encoding only the offending characters does not help (RFC 3987bis Example 9).")));
}

static gboolean
starts_with_digit (Check         *check,
                   const IriUnit *unit)
{
  FriBidiCharType type = check->types[unit->span.start];

  return type == FRIBIDI_TYPE_EN || type == FRIBIDI_TYPE_AN;
}

/* Examples 10 and 11: an all-digit or digit-led component next to a
 * right-to-left one is allowed but interacts with it in ways that are
 * hard to predict. */
static void
check_numeric_adjacent (Check *check)
{
  for (guint i = 0; i < check->units->len; i++)
    {
      const IriUnit *unit = &g_array_index (check->units, IriUnit, i);
      const IriUnit *neighbour = NULL;
      g_autofree char *quoted = NULL;
      g_autofree char *other = NULL;

      if (unit->span.start == unit->span.end || !starts_with_digit (check, unit))
        continue;
      if (unit->direction == IRI_DIRECTION_RTL || unit->direction == IRI_DIRECTION_MIXED)
        continue;

      if (i > 0)
        {
          const IriUnit *prev = &g_array_index (check->units, IriUnit, i - 1);

          if (prev->direction == IRI_DIRECTION_RTL || prev->direction == IRI_DIRECTION_MIXED)
            neighbour = prev;
        }
      if (neighbour == NULL && i + 1 < check->units->len)
        {
          const IriUnit *next = &g_array_index (check->units, IriUnit, i + 1);

          if (next->direction == IRI_DIRECTION_RTL || next->direction == IRI_DIRECTION_MIXED)
            neighbour = next;
        }
      if (neighbour == NULL)
        continue;

      quoted = quote_logical (check, unit->span.start, unit->span.end);
      other = quote_logical (check, neighbour->span.start, neighbour->span.end);
      add (check, "bidi-numeric-adjacent", IRI_SEVERITY_INFO, unit->kind,
           unit->span.start, unit->span.end, SPEC_NUMERIC,
           /* Translators: the first %s is a unit name, the second and third
            * quoted units */
           g_strdup_printf (_("%s %s starts with a digit and stands next to the right-to-left %s; the digits may be displayed on the other side of it."),
                            iri_unit_name (unit->kind), quoted, other),
           g_strdup (_("This is allowed but not recommended; avoid components that start with digits next to right-to-left ones.")));
    }
}

/* Which syntax component a character belongs to; delimiters belong to
 * none (IRI_COMPONENT_IRI). */
static IriComponent
component_at (Check *check,
              gsize  index)
{
  for (gsize k = 0; k < G_N_ELEMENTS (component_order); k++)
    {
      if (index >= check->components[k].start && index < check->components[k].end)
        return component_order[k];
    }
  return IRI_COMPONENT_IRI;
}

static const char *
component_phrase (IriComponent kind)
{
  switch (kind)
    {
    case IRI_COMPONENT_SCHEME:
      return _("the scheme");
    case IRI_COMPONENT_USERINFO:
      return _("the user information");
    case IRI_COMPONENT_HOST:
      return _("the host");
    case IRI_COMPONENT_PORT:
      return _("the port");
    case IRI_COMPONENT_PATH:
      return _("the path");
    case IRI_COMPONENT_QUERY:
      return _("the query");
    case IRI_COMPONENT_FRAGMENT:
      return _("the fragment");
    case IRI_COMPONENT_IRI:
    default:
      return _("a delimiter");
    }
}

/* A stretch [start, end) of logical characters is displayed as one block
 * when its visual positions are contiguous.  If not, returns FALSE and
 * the hull of its visual positions. */
static gboolean
is_one_block (Check *check,
              gsize  start,
              gsize  end,
              gsize *out_lo,
              gsize *out_hi)
{
  gsize lo = G_MAXSIZE, hi = 0;

  for (gsize i = start; i < end; i++)
    {
      gsize v = to_visual (check, i);

      lo = MIN (lo, v);
      hi = MAX (hi, v + 1);
    }
  *out_lo = lo;
  *out_hi = hi;
  return hi - lo == end - start;
}

/* The characters of one unit or component do not form one block in the
 * display, because a run crosses a delimiter into a neighbour (Examples
 * 5 and 6; the Brave report where path digits render inside an RTL
 * host).  This is a warning when the authority is involved: the reader
 * may take the pieces for another host. */
static void
report_interleaved (Check        *check,
                    IriComponent  kind,
                    gsize         start,
                    gsize         end,
                    gboolean      whole_component)
{
  gsize lo, hi;
  gboolean authority = is_authority_part (kind);
  IriComponent intruder = IRI_COMPONENT_IRI;
  gsize intruder_lo = G_MAXSIZE, intruder_hi = 0;
  g_autofree char *shown = NULL;
  g_autofree char *inside = NULL;
  const char *name, *phrase, *format;
  char *quoted, *message;
  SpokenShape shape;
  Spoken *spoken;

  if (end == start || is_one_block (check, start, end, &lo, &hi))
    return;

  /* What sits inside the block: characters of other components. */
  for (gsize v = lo; v < hi; v++)
    {
      gsize i = to_logical (check, v);
      IriComponent owner;

      if (i >= start && i < end)
        continue;
      owner = component_at (check, i);
      if (owner != IRI_COMPONENT_IRI && intruder == IRI_COMPONENT_IRI)
        intruder = owner;
      if (is_authority_part (owner))
        authority = TRUE;
      intruder_lo = MIN (intruder_lo, v);
      intruder_hi = MAX (intruder_hi, v + 1);
    }

  /* The two messages name the same unit and component: their names
   * are translated once. */
  name = iri_unit_name (kind);
  phrase = whole_component ? component_phrase (intruder) : NULL;
  quoted = quote_logical (check, start, end);
  shown = quote_visual (check, lo, hi);
  inside = quote_visual (check, intruder_lo, intruder_hi);
  format = whole_component
    /* Translators: the first %s is a component name ("The host"), the
     * second the quoted component, the third what is displayed
     * between its pieces, the fourth another component ("the
     * path"), the last the visual text */
    ? _("%s %s is not displayed as one block: %s of %s is shown between its pieces (the display reads %s), because a right-to-left run continues across the delimiter.")
    /* Translators: the first %s is a unit name ("The path segment"),
     * the second the quoted unit, the third what is displayed between
     * its pieces, the last the visual text */
    : _("%s %s is displayed in pieces with %s between them (the display reads %s): a right-to-left run crosses the delimiter next to it.");
  /* The message quotes the display as it is seen; the one for assistive
   * technology, made when asked for, the same characters in logical
   * order. */
  shape = whole_component ? SPOKEN_INTERLEAVED_COMPONENT : SPOKEN_INTERLEAVED_UNIT;
  message = format_display_message (shape, format, name, quoted, inside, phrase, shown);
  spoken = spoken_new (check, shape, format, quoted);
  spoken->name = name;
  spoken->phrase = phrase;
  spoken->shown_lo = lo;
  spoken->shown_hi = hi;
  spoken->inside_lo = intruder_lo;
  spoken->inside_hi = intruder_hi;
  add_full (check, "bidi-component-interleaved", authority ? IRI_SEVERITY_WARNING : IRI_SEVERITY_INFO,
            kind, start, end, SPEC_INTERLEAVED, message, spoken,
            /* A host name or a port cannot be percent-encoded (RFC 3986
             * §3.2.2, §3.2.3), so for them the fix is in the choice of the
             * label. */
            kind == IRI_COMPONENT_HOST || kind == IRI_COMPONENT_HOST_LABEL || kind == IRI_COMPONENT_PORT
              ? g_strdup (_("Choose a host whose last label ends with a right-to-left letter when a port or a path with digits follows it, or read the IRI in isolate mode; percent-encoding is no fix for a host name."))
              : g_strdup (_("Keep digits and left-to-right characters away from the edges of right-to-left components, or percent-encode the affected components.")));
}

static void
check_interleaved (Check *check)
{
  guint32 broken = 0;

  /* Every component but the scheme (the first of component_order[]),
   * from the spans kept in @check (empty for a component the reference
   * does not have). */
  for (gsize k = 1; k < G_N_ELEMENTS (component_order); k++)
    {
      const IriSpan *span = &check->components[k];
      gsize lo, hi;

      if (span->start == span->end)
        continue;
      if (is_one_block (check, span->start, span->end, &lo, &hi))
        continue;
      report_interleaved (check, component_order[k], span->start, span->end, TRUE);
      broken |= 1u << component_order[k];
    }

  /* Units inside a component that is already reported add nothing. */
  for (guint i = 0; i < check->units->len; i++)
    {
      const IriUnit *unit = &g_array_index (check->units, IriUnit, i);
      IriComponent owner = component_at (check, unit->span.start);

      if (broken & (1u << owner))
        continue;
      report_interleaved (check, unit->kind, unit->span.start, unit->span.end, FALSE);
    }
}

/* §9: "the same visual representation may be interpreted as different
 * logical representations".  A reader looks for the authority between
 * "//" and the next "/", "?" or "#" of the display, and reads it as an
 * authority: user information up to "@", then the host up to ":" (or
 * through "]" for an IP literal), then the port.  If the characters in
 * the host's place are not the host's own, reading the display gives
 * another host (Examples 5 and 6, the Brave report, "ABC:8080" shown as
 * "8080:CBA").  When everything after the scheme is right to left
 * (Example 3), a right-to-left reader reads it correctly from the right,
 * so that is only a note. */
static void
check_host_reads_differently (Check *check)
{
  IriSpan authority, host;
  gsize slash, region_start, region_end, host_start, host_end;
  guint8 shown_as_host_buf[CHECK_STACK_CHARS + 1];
  g_autofree guint8 *shown_as_host_heap = NULL;
  guint8 *shown_as_host;
  gboolean same = TRUE;
  gboolean rest_has_ltr = FALSE;
  g_autofree char *shown = NULL;
  const char *format;
  char *real, *message;
  Spoken *spoken;

  if (!iri_reference_get_span (check->reference, IRI_COMPONENT_AUTHORITY, &authority) ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host) ||
      authority.start < 2 || host.start == host.end)
    return;

  /* The "//" is displayed where it is typed unless it was caught in a
   * run, in which case the display has no recognizable authority at all
   * and the interleaving check speaks for it. */
  slash = to_visual (check, authority.start - 1);
  if (slash == 0 || to_visual (check, authority.start - 2) != slash - 1)
    return;

#define VCHAR(v) (check->chars[to_logical (check, (v))])

  region_start = slash + 1;
  for (region_end = region_start; region_end < check->n_chars; region_end++)
    {
      gunichar c = VCHAR (region_end);

      if (c == '/' || c == '?' || c == '#')
        break;
    }

  host_start = region_start;
  for (gsize v = region_start; v < region_end; v++)
    {
      if (VCHAR (v) == '@')
        host_start = v + 1;
    }
  host_end = host_start;
  if (host_start < region_end && VCHAR (host_start) == '[')
    {
      while (host_end < region_end && VCHAR (host_end) != ']')
        host_end++;
      host_end = MIN (host_end + 1, region_end);
    }
  else
    {
      while (host_end < region_end && VCHAR (host_end) != ':')
        host_end++;
    }

#undef VCHAR

  shown_as_host = check->n_chars <= CHECK_STACK_CHARS
    ? memset (shown_as_host_buf, 0, check->n_chars + 1)
    : (shown_as_host_heap = g_malloc0 (check->n_chars + 1));
  for (gsize v = host_start; v < host_end; v++)
    shown_as_host[to_logical (check, v)] = TRUE;
  for (gsize i = 0; i < check->n_chars && same; i++)
    same = shown_as_host[i] == (i >= host.start && i < host.end);
  if (same)
    return;

  for (gsize i = authority.start; i < check->n_chars; i++)
    rest_has_ltr |= check->types[i] == FRIBIDI_TYPE_LTR;

  shown = quote_visual (check, host_start, host_end);
  real = quote_logical (check, host.start, host.end);

  format = !rest_has_ltr
    /* Translators: the first %s is what the display shows, the second
     * the real host */
    ? _("Read from the left, the display shows %s where the host is expected, but the host is %s. Everything after the scheme is right to left, so a right-to-left reader, reading from the right, sees the host correctly.")
    /* Translators: the first %s is what the display shows, the second
     * the real host */
    : _("The display shows %s where the host is expected, but the host is %s: a right-to-left run moves characters of other components into the host's place, so the display reads as another host.");
  /* The message quotes the display as it is seen; the one for assistive
   * technology, made when asked for, the same characters in logical
   * order. */
  message = format_display_message (SPOKEN_HOST, format, NULL, real, NULL, NULL, shown);
  spoken = spoken_new (check, SPOKEN_HOST, format, real);
  spoken->shown_lo = host_start;
  spoken->shown_hi = host_end;
  if (!rest_has_ltr)
    add_full (check, "bidi-host-reads-differently", IRI_SEVERITY_INFO, IRI_COMPONENT_HOST,
              host.start, host.end, SPEC_READS_DIFFERENTLY, message, spoken,
              g_strdup (_("When checking the host, read it in logical order or in isolate mode.")));
  else
    add_full (check, "bidi-host-reads-differently", IRI_SEVERITY_WARNING, IRI_COMPONENT_HOST,
              host.start, host.end, SPEC_READS_DIFFERENTLY, message, spoken,
              g_strdup (_("Do not trust the displayed host: check its logical form or view it in isolate mode; percent-encoding the right-to-left components next to it keeps them out of the host's place.")));
}

/* RFC 5893 §2: the Bidi Rule, all six conditions, on every label of a
 * "bidi domain name" (one with an R, AL or AN character somewhere).
 * libidn2 2.3.3 checks only labels that themselves contain right-to-left
 * characters and skips rule 4, so this is done here.  A label with
 * right-to-left characters that fails cannot be looked up (RFC 5891
 * §5.4): error.  Other labels of a bidi domain name only fail the
 * registration rules: warning. */
static void
check_bidi_rule (Check *check)
{
  IriSpan host;
  const char *text = check->text;
  gboolean bidi_domain = FALSE;
  gsize label_start;

  if (iri_reference_get_host_kind (check->reference) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host))
    return;

  for (gsize i = host.start; i < host.end; i++)
    {
      FriBidiCharType t = check->types[i];

      if (is_strong_rtl (t) || t == FRIBIDI_TYPE_AN)
        bidi_domain = TRUE;
    }
  if (!bidi_domain)
    return;

  label_start = host.start;
  for (gsize i = host.start; i <= host.end; i++)
    {
      gsize s = label_start, e = i;
      gboolean rtl_label, has_rtl = FALSE, has_en = FALSE, has_an = FALSE;
      gsize last;
      int rule = 0;
      gsize bad = 0;
      g_autofree char *quoted = NULL;
      g_autofree char *who = NULL;
      const char *why = NULL;

      if (i < host.end && text[check->char_bytes[i]] != '.')
        continue;
      label_start = i + 1;
      if (e == s)
        continue;

      for (gsize k = s; k < e; k++)
        {
          FriBidiCharType t = check->types[k];

          has_rtl |= is_strong_rtl (t) || t == FRIBIDI_TYPE_AN;
          has_en |= t == FRIBIDI_TYPE_EN;
          has_an |= t == FRIBIDI_TYPE_AN;
        }

      last = e;
      while (last > s && check->types[last - 1] == FRIBIDI_TYPE_NSM)
        last--;

      /* Rule 1: the first character must be L, R or AL. */
      if (check->types[s] != FRIBIDI_TYPE_LTR && !is_strong_rtl (check->types[s]))
        {
          rule = 1;
          bad = s;
          /* Translators: explains RFC 5893 rule 1 */
          why = _("a label of a domain name with right-to-left labels must start with a letter");
        }
      else
        {
          rtl_label = is_strong_rtl (check->types[s]);
          for (gsize k = s; k < e && rule == 0; k++)
            {
              FriBidiCharType t = check->types[k];
              gboolean ok;

              if (rtl_label)
                ok = is_strong_rtl (t) || t == FRIBIDI_TYPE_AN || t == FRIBIDI_TYPE_EN ||
                     t == FRIBIDI_TYPE_ES || t == FRIBIDI_TYPE_CS || t == FRIBIDI_TYPE_ET ||
                     t == FRIBIDI_TYPE_ON || t == FRIBIDI_TYPE_BN || t == FRIBIDI_TYPE_NSM;
              else
                ok = t == FRIBIDI_TYPE_LTR || t == FRIBIDI_TYPE_EN || t == FRIBIDI_TYPE_ES ||
                     t == FRIBIDI_TYPE_CS || t == FRIBIDI_TYPE_ET || t == FRIBIDI_TYPE_ON ||
                     t == FRIBIDI_TYPE_BN || t == FRIBIDI_TYPE_NSM;
              if (!ok)
                {
                  rule = rtl_label ? 2 : 5;
                  bad = k;
                  why = rtl_label
                    /* Translators: explains RFC 5893 rule 2 */
                    ? _("a right-to-left label may not contain left-to-right letters")
                    /* Translators: explains RFC 5893 rule 5 */
                    : _("a left-to-right label may not contain right-to-left characters");
                }
            }

          if (rule == 0 && last > s)
            {
              FriBidiCharType t = check->types[last - 1];

              if (rtl_label && !(is_strong_rtl (t) || t == FRIBIDI_TYPE_EN || t == FRIBIDI_TYPE_AN))
                {
                  rule = 3;
                  bad = last - 1;
                  /* Translators: explains RFC 5893 rule 3 */
                  why = _("a right-to-left label must end with a right-to-left letter or a digit");
                }
              else if (!rtl_label && !(t == FRIBIDI_TYPE_LTR || t == FRIBIDI_TYPE_EN))
                {
                  rule = 6;
                  bad = last - 1;
                  /* Translators: explains RFC 5893 rule 6 */
                  why = _("a left-to-right label must end with a letter or a European digit");
                }
            }

          if (rule == 0 && rtl_label && has_en && has_an)
            {
              rule = 4;
              for (bad = s; bad < e && check->types[bad] != FRIBIDI_TYPE_AN; bad++)
                ;
              /* Translators: explains RFC 5893 rule 4 */
              why = _("a right-to-left label may not mix European digits and Arabic-Indic digits");
            }
        }

      if (rule == 0)
        continue;

      quoted = quote_logical (check, s, e);
      who = iri_char_describe (check->chars[bad]);
      {
        g_autofree char *spec = g_strdup_printf ("RFC 5893 §2 rule %d", rule);

        add (check, "idna-bidi-rule", has_rtl ? IRI_SEVERITY_ERROR : IRI_SEVERITY_WARNING,
             IRI_COMPONENT_HOST_LABEL, s, e, g_intern_string (spec),
             /* Translators: the first %s is a quoted host label, %d a rule
              * number, the next %s says what the rule requires, the last
              * names the character at fault */
             g_strdup_printf (_("The host label %s breaks rule %d of the IDNA Bidi Rule: %s (%s)."),
                              quoted, rule, why, who),
             /* Percent-encoding is no fix for a registered name: the
              * hints say what a label that passes looks like. */
             !has_rtl
               ? g_strdup (_("Registries refuse such a domain name; a label next to right-to-left labels should start and end with a letter."))
               : rule == 1 || rule == 3
               ? g_strdup (_("This host name cannot be looked up; choose a label that starts with a right-to-left letter and ends with a right-to-left letter or with digits."))
               : rule == 4
               ? g_strdup (_("This host name cannot be looked up; write the label's numbers with one kind of digits."))
               : g_strdup (_("This host name cannot be looked up; use letters of one direction in the label.")));
      }
    }
}

void
iri_bidi_check (IriReference    *reference,
                GArray          *units,
                IriBidiLayout   *layout,
                IriNotation      notation,
                IriDiagnostics  *diagnostics)
{
  Check check = { reference, iri_reference_get_text (reference), units, layout, notation, diagnostics, };
  gunichar chars_buf[CHECK_STACK_CHARS];
  FriBidiCharType types_buf[CHECK_STACK_CHARS];
  gsize char_bytes_buf[CHECK_STACK_CHARS + 1];
  g_autofree gunichar *chars_heap = NULL;
  g_autofree FriBidiCharType *types_heap = NULL;
  g_autofree gsize *char_bytes_heap = NULL;
  const gsize *layout_bytes;
  const char *p;

  check.n_chars = iri_reference_get_n_chars (reference);
  g_return_if_fail (iri_bidi_layout_get_n_chars (layout) == check.n_chars);

  check.chars = check.n_chars <= CHECK_STACK_CHARS
    ? chars_buf : (chars_heap = g_new (gunichar, check.n_chars));
  check.types = check.n_chars <= CHECK_STACK_CHARS
    ? types_buf : (types_heap = g_new (FriBidiCharType, check.n_chars));
  check.log2vis = iri_bidi_layout_peek_log2vis (layout);
  check.vis2log = iri_bidi_layout_peek_vis2log (layout);

  /* The layout has the offsets of the characters of the same text,
   * unless it is ASCII. */
  layout_bytes = iri_bidi_layout_peek_char_bytes (layout);
  p = check.text;
  if (layout_bytes != NULL)
    {
      check.char_bytes = layout_bytes;
      for (gsize i = 0; i < check.n_chars; i++)
        check.chars[i] = iri_utf8_next (&p);
    }
  else
    {
      gsize *char_bytes = check.n_chars < CHECK_STACK_CHARS + 1
        ? char_bytes_buf : (char_bytes_heap = g_new (gsize, check.n_chars + 1));

      for (gsize i = 0; i < check.n_chars; i++)
        {
          char_bytes[i] = p - check.text;
          check.chars[i] = iri_utf8_next (&p);
        }
      char_bytes[check.n_chars] = p - check.text;
      check.char_bytes = char_bytes;
    }
  fribidi_get_bidi_types (check.chars, check.n_chars, check.types);

  for (gsize k = 0; k < G_N_ELEMENTS (component_order); k++)
    {
      if (!iri_reference_get_span (reference, component_order[k], &check.components[k]))
        check.components[k] = (IriSpan) { 0, };
    }

  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);

      if (unit->direction == IRI_DIRECTION_MIXED)
        check_mixed (&check, unit);
      else if (unit->direction == IRI_DIRECTION_RTL)
        check_edges (&check, unit);
    }
  check_numeric_adjacent (&check);
  check_interleaved (&check);
  check_host_reads_differently (&check);
  check_bidi_rule (&check);
}
