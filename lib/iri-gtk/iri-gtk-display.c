/* iri-gtk-display.c: the display string of an IRI and its map
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-gtk-display-private.h"

/* The widgets never draw the logical text itself.  They draw a display
 * string derived from it, which differs only where the display must:
 *
 *  - in isolate mode (IRI_DISPLAY_ISOLATE) every IRI delimiter is
 *    surrounded by U+200E LEFT-TO-RIGHT MARK, so that to the Unicode
 *    Bidirectional Algorithm it is as strong a left-to-right character
 *    as the core's isolate layout makes it (draft-masinter-url-i18n-07
 *    §3.2 proposes exactly these marks);
 *  - a bidi control, another format character, a control character or
 *    an invisible space is shown percent-encoded, so that it cannot act
 *    on the display and can be seen (RFC 3987bis §4.1 forbids them; the
 *    core flags them with a diagnostic);
 *  - a unit whose characters the font cannot draw is shown
 *    percent-encoded (§7.6);
 *  - IriGtkView replaces elided characters with one "…";
 *  - the input method's preedit string is inserted at the cursor.
 *
 * None of this is ever written back: the buffer keeps the logical text.
 * The map between the two counts logical positions in characters (as
 * GtkEditable does) and display positions in bytes (as Pango does).
 * Every logical position has one "canonical" display index, where the
 * display of its character starts; display indices inside an escape or
 * next to a mark are not canonical, and cursor movement steps over
 * them. */

struct _IriGtkDisplay
{
  char          *text;
  int            length;
  gsize          n_chars;
  int           *l2d;         /* n_chars + 1 canonical display indices */
  int           *rep_end;     /* n_chars: end of each character's display */
  int           *seg_start;   /* n_chars: start including marks before */
  int           *seg_end;     /* n_chars: end including marks after */
  gint32        *owner;       /* length + 1: logical character, -1 preedit */
  guint8        *escaped;     /* n_chars: shown percent-encoded */
  PangoAttrList *attrs;       /* what changes fonts: for the layout */
  GPtrArray     *unit_paint;  /* colours, in order, never overlapping */
  GPtrArray     *marks;       /* underlines of findings, by start */
  guint         *marks_reach; /* the furthest end of marks[0..k] */
  int            preedit_index;
};

#define LRM "\xE2\x80\x8E"
#define ELLIPSIS "\xE2\x80\xA6"

/* The IRI delimiters that the core's isolate layout makes strong
 * left-to-right (lib/iri/iri-bidi.c): the gen-delims and the query
 * separators. */
gboolean
iri_gtk_char_is_isolate_delimiter (gunichar c)
{
  switch (c)
    {
    case ':': case '/': case '?': case '#': case '[': case ']':
    case '@': case '.': case '&': case '=': case ';':
      return TRUE;
    default:
      return FALSE;
    }
}

/* Characters that would be invisible, or act on the display instead of
 * being shown: controls (Cc), format characters (Cf, which include every
 * bidi control: LRM, RLM, ALM, LRE…PDF, LRI…PDI), line and paragraph
 * separators, spaces other than U+0020 and the Hangul fillers.  ZERO
 * WIDTH NON-JOINER and ZERO WIDTH JOINER are drawn as they are: they are
 * needed to spell words in Persian and Indic scripts and emoji
 * sequences, and the core still reports them. */
gboolean
iri_gtk_char_needs_escape (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return TRUE;
    case G_UNICODE_FORMAT:
      return c != 0x200C && c != 0x200D;
    case G_UNICODE_SPACE_SEPARATOR:
      return c != ' ';
    default:
      return c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0;
    }
}

typedef struct {
  GString *out;
  GArray  *owner;
} Builder;

static void
emit (Builder    *b,
      const char *str,
      gsize       len,
      gint32      owner)
{
  g_string_append_len (b->out, str, len);
  for (gsize k = 0; k < len; k++)
    g_array_append_val (b->owner, owner);
}

static void
emit_percent (Builder    *b,
              const char *str,
              gsize       len,
              gint32      owner)
{
  static const char hex[] = "0123456789ABCDEF";

  for (gsize k = 0; k < len; k++)
    {
      char buf[3] = { '%', hex[(guchar) str[k] >> 4], hex[(guchar) str[k] & 0xF] };

      emit (b, buf, 3, owner);
    }
}

static IriGtkUnitStyle
style_for_component (IriComponent kind)
{
  switch (kind)
    {
    case IRI_COMPONENT_SCHEME:
      return IRI_GTK_UNIT_STYLE_SCHEME;
    case IRI_COMPONENT_USERINFO:
      return IRI_GTK_UNIT_STYLE_USERINFO;
    case IRI_COMPONENT_HOST:
    case IRI_COMPONENT_HOST_LABEL:
      return IRI_GTK_UNIT_STYLE_HOST;
    case IRI_COMPONENT_PORT:
      return IRI_GTK_UNIT_STYLE_PORT;
    case IRI_COMPONENT_PATH:
    case IRI_COMPONENT_PATH_SEGMENT:
      return IRI_GTK_UNIT_STYLE_PATH;
    case IRI_COMPONENT_PATH_EXTENSION:
      return IRI_GTK_UNIT_STYLE_EXTENSION;
    case IRI_COMPONENT_QUERY:
    case IRI_COMPONENT_QUERY_VALUE:
      return IRI_GTK_UNIT_STYLE_QUERY_VALUE;
    case IRI_COMPONENT_QUERY_NAME:
      return IRI_GTK_UNIT_STYLE_QUERY_NAME;
    case IRI_COMPONENT_FRAGMENT:
      return IRI_GTK_UNIT_STYLE_FRAGMENT;
    case IRI_COMPONENT_IRI:
    case IRI_COMPONENT_AUTHORITY:
    default:
      return IRI_GTK_UNIT_STYLE_DELIMITER;
    }
}

static void
paint_span (guint8        *styles,
            gsize          n_chars,
            const IriSpan *span,
            guint8         style)
{
  for (gsize i = span->start; i < span->end && i < n_chars; i++)
    styles[i] = style;
}

/* The style of every logical character: the kind of unit it belongs to,
 * or "delimiter" for the characters between units. */
static guint8 *
compute_styles (IriAnalysis *analysis,
                gsize        n_chars)
{
  guint8 *styles = g_malloc0 (MAX (n_chars, 1));
  IriReference *reference;
  static const IriComponent whole[] = {
    IRI_COMPONENT_SCHEME, IRI_COMPONENT_USERINFO, IRI_COMPONENT_HOST, IRI_COMPONENT_PORT,
  };

  memset (styles, IRI_GTK_UNIT_STYLE_DELIMITER, MAX (n_chars, 1));
  if (analysis == NULL)
    return styles;

  reference = iri_analysis_get_reference (analysis);
  for (gsize k = 0; k < G_N_ELEMENTS (whole); k++)
    {
      IriSpan span;

      if (iri_reference_get_span (reference, whole[k], &span))
        paint_span (styles, n_chars, &span, style_for_component (whole[k]));
    }

  /* Units in text order; a file-name extension comes after the segment
   * that holds it, so it keeps its own style. */
  for (guint u = 0; u < iri_analysis_get_n_units (analysis); u++)
    {
      const IriUnit *unit = iri_analysis_get_unit (analysis, u);

      /* Host labels keep the host style; the dots between them are
       * delimiters. */
      if (unit->kind == IRI_COMPONENT_HOST_LABEL)
        continue;
      paint_span (styles, n_chars, &unit->span, style_for_component (unit->kind));
    }

  /* The dots of a registered name are delimiters, like the other
   * separators between units. */
  for (guint u = 0; u < iri_analysis_get_n_units (analysis); u++)
    {
      const IriUnit *unit = iri_analysis_get_unit (analysis, u);

      if (unit->kind == IRI_COMPONENT_HOST_LABEL && unit->span.end < n_chars &&
          u + 1 < iri_analysis_get_n_units (analysis) &&
          iri_analysis_get_unit (analysis, u + 1)->kind == IRI_COMPONENT_HOST_LABEL)
        {
          for (gsize i = unit->span.end; i < iri_analysis_get_unit (analysis, u + 1)->span.start; i++)
            styles[i] = IRI_GTK_UNIT_STYLE_DELIMITER;
        }
    }

  return styles;
}

/* Attributes that only change how glyphs are painted (colours,
 * underlines) are kept out of the layout's list when @paint is not NULL,
 * and applied to the laid-out runs by
 * iri_gtk_display_apply_paint_attributes(). */
static void
insert_paint (PangoAttrList  *attrs,
              GPtrArray      *paint,
              PangoAttribute *attr)
{
  if (paint != NULL)
    g_ptr_array_add (paint, attr);
  else
    pango_attr_list_insert (attrs, attr);
}

static void
insert_color (PangoAttrList         *attrs,
              GPtrArray             *paint,
              const IriGtkTextStyle *style,
              int                    start,
              int                    end)
{
  PangoAttribute *attr;

  if (style->color_set)
    {
      attr = pango_attr_foreground_new (style->red, style->green, style->blue);
      attr->start_index = start;
      attr->end_index = end;
      insert_paint (attrs, paint, attr);
      if (style->alpha < 0xFFFF)
        {
          attr = pango_attr_foreground_alpha_new (MAX (style->alpha, 1));
          attr->start_index = start;
          attr->end_index = end;
          insert_paint (attrs, paint, attr);
        }
    }
  if (style->weight_set)
    {
      attr = pango_attr_weight_new (style->weight);
      attr->start_index = start;
      attr->end_index = end;
      pango_attr_list_insert (attrs, attr);
    }
  if (style->slant_set)
    {
      attr = pango_attr_style_new (style->slant);
      attr->start_index = start;
      attr->end_index = end;
      pango_attr_list_insert (attrs, attr);
    }
}

/* Escaped characters get a light box in their own colour, so that
 * "%E2%80%AE" cannot be taken for text that was typed. */
static void
insert_escape_box (PangoAttrList         *attrs,
                   GPtrArray             *paint,
                   const IriGtkTextStyle *style,
                   int                    start,
                   int                    end)
{
  PangoAttribute *attr;

  if (!style->color_set)
    return;
  attr = pango_attr_background_new (style->red, style->green, style->blue);
  attr->start_index = start;
  attr->end_index = end;
  insert_paint (attrs, paint, attr);
  attr = pango_attr_background_alpha_new (0x2E00);
  attr->start_index = start;
  attr->end_index = end;
  insert_paint (attrs, paint, attr);
}

/* Three underline styles, so that severity does not depend on colour
 * alone: a squiggle for errors, a double line for warnings, a single
 * line for notes. */
static PangoUnderline
underline_for_severity (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return PANGO_UNDERLINE_ERROR_LINE;
    case IRI_SEVERITY_WARNING:
      return PANGO_UNDERLINE_DOUBLE_LINE;
    case IRI_SEVERITY_INFO:
    case IRI_SEVERITY_NONE:
    default:
      return PANGO_UNDERLINE_SINGLE_LINE;
    }
}

/* For g_ptr_array_sort(), which is stable. */
static int
compare_start (gconstpointer a,
               gconstpointer b)
{
  const PangoAttribute *x = *(PangoAttribute * const *) a;
  const PangoAttribute *y = *(PangoAttribute * const *) b;

  return (x->start_index > y->start_index) - (x->start_index < y->start_index);
}

static void
build_attributes (IriGtkDisplay             *self,
                  const IriGtkDisplayParams *params,
                  const guint8              *styles)
{
  const IriGtkStyle *style = params->style;
  gsize i = 0;
  GPtrArray *unit_paint = NULL, *marks = NULL;

  self->attrs = pango_attr_list_new ();
  if (style == NULL)
    return;

  /* Pango applies the attributes that do not change fonts to each run
   * after line layout, walking the whole list from its start for every
   * run (pango_glyph_item_apply_attrs() in Pango 1.50): runs × attributes,
   * which a long IRI with a run and a colour per segment turns into most
   * of a keystroke's work (issue 14).  They are applied run by run
   * instead, each run getting only the attributes it overlaps.  With an
   * input method's preedit, whose attributes are merged into the list,
   * everything stays in the list: a preedit is short-lived. */
  if (params->preedit == NULL)
    {
      unit_paint = self->unit_paint = g_ptr_array_new_with_free_func ((GDestroyNotify) pango_attribute_destroy);
      marks = self->marks = g_ptr_array_new_with_free_func ((GDestroyNotify) pango_attribute_destroy);
    }

  /* Runs of characters with the same style. */
  while (i < self->n_chars)
    {
      gsize j = i + 1;
      int start, end;

      if (self->seg_end[i] == self->seg_start[i])
        {
          i++;
          continue;
        }
      while (j < self->n_chars && styles[j] == styles[i] &&
             self->seg_start[j] == self->seg_end[j - 1])
        j++;
      start = self->seg_start[i];
      end = self->seg_end[j - 1];
      insert_color (self->attrs, unit_paint, &style->units[styles[i]], start, end);
      if (styles[i] == IRI_GTK_UNIT_STYLE_ESCAPED)
        insert_escape_box (self->attrs, unit_paint, &style->units[styles[i]], start, end);
      i = j;
    }

  /* Diagnostics, least severe first: Pango lets the attribute inserted
   * last win where they overlap, so the most severe underline shows. */
  if (params->analysis != NULL && self->n_chars > 0)
    {
      guint n = iri_analysis_get_n_diagnostics (params->analysis);

      for (guint k = n; k > 0; k--)
        {
          IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (params->analysis, k - 1);
          IriSeverity severity = iri_diagnostic_get_severity (diagnostic);
          const IriGtkTextStyle *color = &style->severities[MIN (severity, IRI_SEVERITY_ERROR)];
          gsize s = iri_diagnostic_get_start (diagnostic);
          gsize e = iri_diagnostic_get_end (diagnostic);
          PangoAttribute *attr;

          /* An empty span (a character is missing) is shown on the
           * character before it, or the first one. */
          s = MIN (s, self->n_chars - 1);
          if (e <= s)
            {
              if (s > 0 && iri_diagnostic_get_start (diagnostic) >= self->n_chars)
                s = self->n_chars - 1;
              e = s + 1;
            }
          e = MIN (e, self->n_chars);

          attr = pango_attr_underline_new (underline_for_severity (severity));
          attr->start_index = self->seg_start[s];
          attr->end_index = self->seg_end[e - 1];
          insert_paint (self->attrs, marks, attr);
          if (color->color_set)
            {
              attr = pango_attr_underline_color_new (color->red, color->green, color->blue);
              attr->start_index = self->seg_start[s];
              attr->end_index = self->seg_end[e - 1];
              insert_paint (self->attrs, marks, attr);
            }
        }
    }

  /* Sorted by start, stably, so that where findings overlap the one
   * inserted last still wins, as in a PangoAttrList; with the furthest
   * end reached so far, for iri_gtk_display_apply_paint_attributes(). */
  if (marks != NULL && marks->len > 0)
    {
      guint reach = 0;

      g_ptr_array_sort (marks, compare_start);
      self->marks_reach = g_new (guint, marks->len);
      for (guint k = 0; k < marks->len; k++)
        {
          reach = MAX (reach, ((PangoAttribute *) g_ptr_array_index (marks, k))->end_index);
          self->marks_reach[k] = reach;
        }
    }
}

static void
insert_preedit_attributes (IriGtkDisplay             *self,
                           const IriGtkDisplayParams *params)
{
  int len = strlen (params->preedit);
  gboolean has_underline = FALSE;

  if (params->preedit_attrs != NULL)
    {
      GSList *list = pango_attr_list_get_attributes (params->preedit_attrs);

      for (GSList *l = list; l != NULL; l = l->next)
        {
          PangoAttribute *attr = l->data;

          if (attr->klass->type == PANGO_ATTR_UNDERLINE)
            has_underline = TRUE;
          attr->start_index = MIN ((guint) len, attr->start_index) + self->preedit_index;
          attr->end_index = MIN ((guint) len, attr->end_index) + self->preedit_index;
          pango_attr_list_change (self->attrs, attr);
        }
      g_slist_free (list);
    }

  if (!has_underline)
    {
      PangoAttribute *attr = pango_attr_underline_new (PANGO_UNDERLINE_SINGLE);

      attr->start_index = self->preedit_index;
      attr->end_index = self->preedit_index + len;
      pango_attr_list_change (self->attrs, attr);
    }
}

IriGtkDisplay *
iri_gtk_display_new (const IriGtkDisplayParams *params)
{
  IriGtkDisplay *self = g_new0 (IriGtkDisplay, 1);
  g_autofree guint8 *styles = NULL;
  g_autofree guint8 *encoded = NULL;
  g_autofree int *elided = NULL;
  Builder b;
  const char *p;
  gsize n;

  g_return_val_if_fail (params != NULL && params->text != NULL, NULL);

  n = g_utf8_strlen (params->text, -1);
  self->n_chars = n;
  self->l2d = g_new0 (int, n + 1);
  self->rep_end = g_new0 (int, n + 1);
  self->seg_start = g_new0 (int, n + 1);
  self->seg_end = g_new0 (int, n + 1);
  self->escaped = g_malloc0 (n + 1);
  self->preedit_index = -1;

  styles = compute_styles (params->analysis, n);

  encoded = g_malloc0 (n + 1);
  if (params->encode_chars != NULL)
    memcpy (encoded, params->encode_chars, n);

  /* elided[i] is 1 + the index of the range that hides character i. */
  elided = g_new0 (int, n + 1);
  for (guint r = 0; r < G_N_ELEMENTS (params->elide_start); r++)
    {
      for (gsize i = params->elide_start[r]; i < params->elide_end[r] && i < n; i++)
        elided[i] = r + 1;
    }

  b.out = g_string_sized_new (strlen (params->text) + 16);
  b.owner = g_array_sized_new (FALSE, FALSE, sizeof (gint32), strlen (params->text) + 16);

  p = params->text;
  for (gsize i = 0; i <= n; i++)
    {
      const char *next;
      gunichar c;
      gboolean delimiter;

      if (params->preedit != NULL && params->preedit_pos == i)
        {
          self->preedit_index = b.out->len;
          emit (&b, params->preedit, strlen (params->preedit), -1);
        }

      if (i == n)
        break;

      c = g_utf8_get_char (p);
      next = g_utf8_next_char (p);

      if (elided[i] != 0)
        {
          /* The first hidden character shows as "…"; the others have an
           * empty display at the same place. */
          self->seg_start[i] = b.out->len;
          if (i == 0 || elided[i - 1] != elided[i])
            {
              self->l2d[i] = b.out->len;
              emit (&b, ELLIPSIS, strlen (ELLIPSIS), i);
              styles[i] = IRI_GTK_UNIT_STYLE_ELLIPSIS;
            }
          else
            self->l2d[i] = self->l2d[i - 1];
          self->rep_end[i] = self->seg_end[i] = b.out->len;
          p = next;
          continue;
        }

      delimiter = params->mode == IRI_DISPLAY_ISOLATE && iri_gtk_char_is_isolate_delimiter (c);
      self->seg_start[i] = b.out->len;
      if (delimiter)
        emit (&b, LRM, strlen (LRM), i);
      self->l2d[i] = b.out->len;
      if (iri_gtk_char_needs_escape (c))
        {
          emit_percent (&b, p, next - p, i);
          self->escaped[i] = TRUE;
          styles[i] = IRI_GTK_UNIT_STYLE_ESCAPED;
        }
      else if (encoded[i] && c >= 0x80)
        {
          emit_percent (&b, p, next - p, i);
          self->escaped[i] = TRUE;
          styles[i] = IRI_GTK_UNIT_STYLE_ENCODED;
        }
      else
        emit (&b, p, next - p, i);
      self->rep_end[i] = b.out->len;
      if (delimiter)
        emit (&b, LRM, strlen (LRM), i);
      self->seg_end[i] = b.out->len;
      p = next;
    }
  self->l2d[n] = (params->preedit != NULL && params->preedit_pos == n) ? self->preedit_index : (int) b.out->len;
  {
    gint32 end = n;

    g_array_append_val (b.owner, end);
  }

  self->length = b.out->len;
  self->text = g_string_free (b.out, FALSE);
  self->owner = (gint32 *) (void *) g_array_free (b.owner, FALSE);

  build_attributes (self, params, styles);
  if (self->preedit_index >= 0)
    insert_preedit_attributes (self, params);

  return self;
}

void
iri_gtk_display_free (IriGtkDisplay *self)
{
  if (self == NULL)
    return;

  g_free (self->text);
  g_free (self->l2d);
  g_free (self->rep_end);
  g_free (self->seg_start);
  g_free (self->seg_end);
  g_free (self->owner);
  g_free (self->escaped);
  g_clear_pointer (&self->attrs, pango_attr_list_unref);
  g_clear_pointer (&self->unit_paint, g_ptr_array_unref);
  g_clear_pointer (&self->marks, g_ptr_array_unref);
  g_free (self->marks_reach);
  g_free (self);
}

const char *
iri_gtk_display_get_text (IriGtkDisplay *self,
                          int           *length)
{
  if (length != NULL)
    *length = self->length;
  return self->text;
}

PangoAttrList *
iri_gtk_display_get_attributes (IriGtkDisplay *self)
{
  return self->attrs;
}

/* Adds to @list copies of the attributes of @attrs that overlap
 * [start, end).  @attrs is sorted by start; @reach[k], when given, is
 * the furthest end of attributes 0…k (findings' underlines may
 * overlap), otherwise the attributes follow one another and their own
 * ends are in order (the unit colours).  Either way the first that may
 * reach @start is found by bisection. */
static void
add_overlapping (GPtrArray     *attrs,
                 const guint   *reach,
                 PangoAttrList *list,
                 guint          start,
                 guint          end)
{
  guint lo = 0, hi;

  if (attrs == NULL)
    return;

  hi = attrs->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint mid_reach = reach != NULL ? reach[mid]
                                      : ((PangoAttribute *) g_ptr_array_index (attrs, mid))->end_index;

      if (mid_reach <= start)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint k = lo; k < attrs->len; k++)
    {
      PangoAttribute *attr = g_ptr_array_index (attrs, k);

      if (attr->start_index >= end)
        break;
      if (attr->end_index > start)
        pango_attr_list_insert (list, pango_attribute_copy (attr));
    }
}

/* Applies the colours and underlines of the display to the runs of
 * @layout, a layout of its text with iri_gtk_display_get_attributes():
 * what pango_layout_set_attributes() would have done with them, in time
 * that grows with the runs and the attributes each run overlaps, not
 * with their product.  Each run is split where its attributes change,
 * with pango_glyph_item_apply_attrs(), as Pango does, and the pieces are
 * put back in the line's left-to-right order.  The order of the
 * attributes, which decides which underline wins where findings
 * overlap, is the order they were inserted in. */
void
iri_gtk_display_apply_paint_attributes (IriGtkDisplay *self,
                                        PangoLayout   *layout)
{
  const char *text;

  if ((self->unit_paint == NULL || self->unit_paint->len == 0) &&
      (self->marks == NULL || self->marks->len == 0))
    return;

  text = pango_layout_get_text (layout);
  for (GSList *l = pango_layout_get_lines (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      GSList *old_runs = g_slist_reverse (line->runs);

      line->runs = NULL;
      for (GSList *r = old_runs; r != NULL; r = r->next)
        {
          PangoGlyphItem *run = r->data;
          PangoAttrList *attrs = pango_attr_list_new ();
          guint start = run->item->offset, end = run->item->offset + run->item->length;
          GSList *pieces;

          add_overlapping (self->unit_paint, NULL, attrs, start, end);
          add_overlapping (self->marks, self->marks_reach, attrs, start, end);
          pieces = pango_glyph_item_apply_attrs (run, text, attrs);
          line->runs = g_slist_concat (pieces, line->runs);
          pango_attr_list_unref (attrs);
        }
      g_slist_free (old_runs);
    }
}

gsize
iri_gtk_display_get_n_chars (IriGtkDisplay *self)
{
  return self->n_chars;
}

/* The display index of the preedit string, or -1 when there is none. */
int
iri_gtk_display_get_preedit_index (IriGtkDisplay *self)
{
  return self->preedit_index;
}

/* The canonical display index of a logical position. */
int
iri_gtk_display_logical_to_index (IriGtkDisplay *self,
                                  gsize          position)
{
  return self->l2d[MIN (position, self->n_chars)];
}

/* The logical position whose canonical display index is @index; FALSE
 * when @index is not canonical (then @position is the next logical
 * position after it). */
gboolean
iri_gtk_display_index_to_logical (IriGtkDisplay *self,
                                  int            index,
                                  gsize         *position)
{
  gsize lo = 0, hi = self->n_chars + 1;

  /* The first logical position whose display index is at least @index
   * (l2d never decreases). */
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (self->l2d[mid] < index)
        lo = mid + 1;
      else
        hi = mid;
    }

  if (lo > self->n_chars)
    {
      *position = self->n_chars;
      return FALSE;
    }
  *position = lo;
  if (self->preedit_index >= 0 && index > self->preedit_index &&
      self->owner[MIN (index, self->length) - 1] == -1)
    return FALSE;
  return self->l2d[lo] == index;
}

/* The logical character shown at display index @index; FALSE for the
 * preedit string and the end of the text. */
gboolean
iri_gtk_display_get_owner (IriGtkDisplay *self,
                           int            index,
                           gsize         *position)
{
  gint32 owner;

  if (index < 0 || index >= self->length)
    return FALSE;
  owner = self->owner[index];
  if (owner < 0 || (gsize) owner >= self->n_chars)
    return FALSE;
  *position = owner;
  return TRUE;
}

/* The logical position nearest to a hit on the display (what
 * pango_layout_xy_to_index() returns): the start or the end of the
 * character hit, whichever half of its display the hit is in. */
gsize
iri_gtk_display_hit_to_logical (IriGtkDisplay *self,
                                int            index,
                                int            trailing)
{
  gsize owner;
  gsize next;
  int boundary;

  if (index >= self->length)
    return self->n_chars;
  if (!iri_gtk_display_get_owner (self, index, &owner))
    {
      gsize pos;

      iri_gtk_display_index_to_logical (self, index, &pos);
      return pos;
    }

  next = owner + 1;
  while (next < self->n_chars && self->l2d[next] == self->l2d[owner])
    next++;

  boundary = index;
  for (int t = 0; t < trailing && boundary < self->length; t++)
    boundary = g_utf8_next_char (self->text + boundary) - self->text;

  if (boundary <= self->l2d[owner])
    return owner;
  if (boundary >= self->rep_end[owner])
    return next;
  return (boundary - self->l2d[owner]) * 2 < self->rep_end[owner] - self->l2d[owner] ? owner : next;
}

gboolean
iri_gtk_display_is_shown_escaped (IriGtkDisplay *self,
                                  gsize          position)
{
  return position < self->n_chars && self->escaped[position];
}

/* The logical position at display index @index, looking across the
 * isolate marks next to it: the marks are zero-width, so every display
 * index between two visible characters that only marks separate is the
 * same place on screen, and exactly one of them is canonical.  (Pango's
 * visual cursor movement does not stop twice at the same x, so it may
 * land on either side of a mark.)  FALSE when @index is inside an
 * escape or the preedit string. */
gboolean
iri_gtk_display_snap_to_logical (IriGtkDisplay *self,
                                 int            index,
                                 gsize         *position)
{
  const gsize lrm = strlen (LRM);
  int k;

  if (iri_gtk_display_index_to_logical (self, index, position))
    return TRUE;

  for (k = index; k + (int) lrm <= self->length && memcmp (self->text + k, LRM, lrm) == 0; k += lrm)
    {
      if (iri_gtk_display_index_to_logical (self, k + lrm, position))
        return TRUE;
    }
  for (k = index; k - (int) lrm >= 0 && memcmp (self->text + k - lrm, LRM, lrm) == 0; k -= lrm)
    {
      if (iri_gtk_display_index_to_logical (self, k - lrm, position))
        return TRUE;
    }

  iri_gtk_display_index_to_logical (self, index, position);
  return FALSE;
}
