/* iri-gtk-text.c: the text widget inside IriGtkEntry and IriGtkView
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <hb.h>

#include "iri-gtk-display-private.h"
#include "iri-gtk-history-private.h"
#include "iri-gtk-init-private.h"
#include "iri-gtk-style-node-private.h"
#include "iri-gtk-text-private.h"

/* IriGtkText does what GtkText does for GtkEntry, with its own text
 * handling, because GtkText cannot show an IRI as RFC 3987bis §4.1 asks:
 * it gives its PangoLayout the direction of the first strong character
 * (gdk_find_base_dir()), so "שלום/abc" is laid out in a right-to-left
 * paragraph whatever the widget's direction (docs/widgets.md shows the
 * experiment).  Here:
 *
 *  - the buffer is a GString holding exactly what was typed or pasted,
 *    in logical order;
 *  - the display is an IriGtkDisplay derived from it (see
 *    iri-gtk-display.c), laid out by Pango in a PangoContext of its own
 *    whose base direction is always left-to-right, with automatic
 *    direction detection off: the §4.1 left-to-right embedding, whatever
 *    the widget's direction, the locale or the first strong character.
 *    The widget itself keeps the direction of the user interface, so its
 *    menus and tooltips mirror with it;
 *  - cursor movement, hit testing and selection use Pango's bidi cursor
 *    logic on the display layout and map positions back to the logical
 *    text;
 *  - it implements GtkEditable (IriGtkEntry delegates to it, as GtkEntry
 *    delegates to GtkText), GtkIMContext input, undo and redo, the
 *    clipboard, drag and drop, a context menu and tooltips. */

#define NAT_ENTRY_WIDTH 150
#define DRAG_THRESHOLD 8

enum {
  PROP_0,
  PROP_URI,
  PROP_URI_HOST_MAPPING,
  PROP_DISPLAY_MODE,
  PROP_DIAGNOSTICS,
  PROP_HIGHEST_SEVERITY,
  PROP_KNOWN_HOSTS,
  PROP_CONVERT_URIS,
  PROP_DISPLAY_POLICY,
  PROP_MISSING_GLYPHS,
  PROP_ELIDE,
  PROP_EDITABLE_FIELD,
  N_PROPS,
};

enum {
  ACTIVATE,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static GParamSpec *editable_props[GTK_EDITABLE_NUM_PROPERTIES];
static guint signals[N_SIGNALS];

/* The style nodes, in the order of IriGtkUnitStyle, then one per
 * severity. */
static const char * const unit_style_classes[IRI_GTK_N_UNIT_STYLES] = {
  "delimiter", "scheme", "userinfo", "host", "port", "path", "extension",
  "query-name", "query-value", "fragment", "escaped", "encoded", "ellipsis",
};
static const char * const severity_classes[IRI_SEVERITY_ERROR + 1] = {
  NULL, "info", "warning", "error",
};

struct _IriGtkText
{
  GtkWidget           parent_instance;

  GString            *text;
  gsize               n_chars;
  int                 cursor;          /* characters */
  int                 bound;           /* the other end of the selection */
  PangoLogAttr       *log_attrs;       /* of the logical text, lazily */

  IriAnalyzer        *analyzer;
  IriAnalysis        *analysis;
  char               *uri;
  char               *uri_error;
  GListStore         *diagnostics;
  IriSeverity         highest;
  IriHostMapping      host_mapping;
  IriDisplayMode      display_mode;
  IriDisplayPolicy   *display_policy;  /* §5a: the level and known hosts */

  PangoContext       *pango_context;   /* base direction LTR, always */
  IriGtkDisplay      *display;
  PangoLayout        *layout;
  guint8             *encode_chars;    /* §7.6, per character, or NULL */
  GArray             *missing_chars;   /* of gunichar */
  gsize               elide_start[3];  /* path, userinfo, subdomains */
  gsize               elide_end[3];
  int                 elided_width;    /* the width the elision is for */
  int                 measured_height; /* the layout's, at the last measure; Pango units */

  IriGtkStyle         style;
  gint64              last_typed;      /* monotonic µs of the last typed change */
  guint               font_serial;     /* of the widget's Pango context, for style */
  GtkWidget          *style_nodes[IRI_GTK_N_UNIT_STYLES];
  GtkWidget          *severity_nodes[IRI_SEVERITY_ERROR + 1];

  char               *preedit;
  int                 preedit_cursor;  /* characters into the preedit */
  PangoAttrList      *preedit_attrs;

  GtkIMContext       *im_context;
  IriGtkHistory      *history;
  GtkWidget          *popover;
  GtkWidget          *links_popover;   /* links found in a pasted text */
  GtkWidget          *findings_popover; /* the findings at the caret */
  GListModel         *pasted_links;    /* of IriLink */
  char               *pasted_text;
  int                 pasted_position; /* -1: at the selection */
  GtkAccessible      *accessible_owner;
  GtkGesture         *drag_gesture;
  GtkDragSource      *drag_source;
  GdkDrag            *drag;

  int                 scroll_offset;   /* pixels */
  int                 width_chars;
  int                 max_width_chars;
  float               xalign;
  int                 dnd_position;    /* -1: none */
  int                 press_position;
  int                 drag_start;      /* the dragged selection */
  int                 drag_end;
  double              press_x;
  double              press_y;
  guint               change_count;
  guint               blink_id;
  gint64              blink_started;
  guint               coverage_idle_id;
  guint               coverage_deferred : 1; /* the idle checks an edit's text */
  guint               layout_generation; /* counts the layouts made */
  guint               cursor_pos_generation;
  int                 cursor_pos_index;
  PangoRectangle      cursor_pos;        /* strong, at cursor_pos_index */
  guint               layout_serial;   /* of the context, when laid out */

  guint               editable_field : 1;  /* an entry, not a view */
  guint               editable : 1;
  guint               convert_uris : 1;
  guint               missing_glyphs : 1;
  guint               elide : 1;
  guint               real_changed : 1;
  guint               typing : 1;
  guint               change_typed : 1;  /* the change being made is a typed one */
  guint               typing_burst : 1;  /* the last change was typed right after another */
  guint               display_dirty : 1;
  guint               style_valid : 1;
  guint               in_click : 1;
  guint               drag_pending : 1;
  guint               select_units : 1;
  guint               cursor_visible : 1;
  guint               moved_by_drop : 1;
  guint               in_dispose : 1;
};

static void iri_gtk_text_editable_init (GtkEditableInterface *iface);

G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkAccessibleText is newer than GDK_VERSION_MAX_ALLOWED */
G_DEFINE_FINAL_TYPE_WITH_CODE (IriGtkText, iri_gtk_text, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_EDITABLE, iri_gtk_text_editable_init)
                               IRI_GTK_IMPLEMENT_ACCESSIBLE_TEXT)
G_GNUC_END_IGNORE_DEPRECATIONS

static void update_analysis     (IriGtkText *self);
static void update_coverage     (IriGtkText *self);
static void update_actions      (IriGtkText *self);
static void set_positions       (IriGtkText *self,
                                 int         cursor,
                                 int         bound);
static void reset_blink         (IriGtkText *self);
static void adjust_scroll       (IriGtkText *self);
static void queue_scroll        (IriGtkText *self);
static void update_im_cursor    (IriGtkText *self);
static void accessible_text_changed      (IriGtkText *self,
                                          gboolean    inserted,
                                          int         start,
                                          int         end);
static void accessible_positions_changed (IriGtkText *self,
                                          gboolean    cursor_moved,
                                          gboolean    bound_moved);
static void accessible_focus_changed     (IriGtkText *self);
static const char *severity_label       (IriSeverity severity);

/* ------------------------------------------------------------------ */
/* Positions */

static int
char_to_byte (IriGtkText *self,
              int         position)
{
  return g_utf8_offset_to_pointer (self->text->str, CLAMP (position, 0, (int) self->n_chars)) - self->text->str;
}

static const PangoLogAttr *
get_log_attrs (IriGtkText *self)
{
  if (self->log_attrs == NULL)
    {
      self->log_attrs = g_new0 (PangoLogAttr, self->n_chars + 1);
      pango_get_log_attrs (self->text->str, self->text->len, -1, pango_language_get_default (),
                           self->log_attrs, self->n_chars + 1);
    }
  return self->log_attrs;
}

/* The next or previous grapheme cluster boundary (UAX #29), which is
 * where a cursor may stand. */
static int
next_cursor_position (IriGtkText *self,
                      int         position,
                      int         direction)
{
  const PangoLogAttr *attrs = get_log_attrs (self);
  int p = position;

  do
    p += direction;
  while (p > 0 && p < (int) self->n_chars && !attrs[p].is_cursor_position);

  return CLAMP (p, 0, (int) self->n_chars);
}

/* The boundaries of the IRI's "words": its units (RFC 3987bis §4.2),
 * the scheme and the port, sorted. */
static GArray *
get_unit_spans (IriGtkText *self)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (IriSpan));
  IriReference *reference;
  static const IriComponent extra[] = { IRI_COMPONENT_SCHEME, IRI_COMPONENT_PORT };

  if (self->analysis == NULL)
    return spans;

  reference = iri_analysis_get_reference (self->analysis);
  for (gsize k = 0; k < G_N_ELEMENTS (extra); k++)
    {
      IriSpan span;

      if (iri_reference_get_span (reference, extra[k], &span) && span.end > span.start)
        g_array_append_val (spans, span);
    }
  for (guint u = 0; u < iri_analysis_get_n_units (self->analysis); u++)
    {
      const IriUnit *unit = iri_analysis_get_unit (self->analysis, u);

      if (unit->span.end > unit->span.start)
        g_array_append_val (spans, unit->span);
    }
  return spans;
}

static int
next_unit_boundary (IriGtkText *self,
                    int         position,
                    int         direction)
{
  g_autoptr(GArray) spans = get_unit_spans (self);
  int best = direction > 0 ? (int) self->n_chars : 0;

  for (guint k = 0; k < spans->len; k++)
    {
      IriSpan *span = &g_array_index (spans, IriSpan, k);

      /* Forward to the end of a unit, backward to its start, as GtkText
       * moves by words. */
      if (direction > 0 && (int) span->end > position)
        best = MIN (best, (int) span->end);
      else if (direction < 0 && (int) span->start < position)
        best = MAX (best, (int) span->start);
    }
  return best;
}

/* ------------------------------------------------------------------ */
/* Style */

static void
read_style (IriGtkText  *self,
            IriGtkStyle *style)
{
  memset (style, 0, sizeof *style);
  for (guint k = 0; k < IRI_GTK_N_UNIT_STYLES; k++)
    iri_gtk_style_node_get_style (IRI_GTK_STYLE_NODE (self->style_nodes[k]), &style->units[k]);
  for (guint k = IRI_SEVERITY_INFO; k <= IRI_SEVERITY_ERROR; k++)
    iri_gtk_style_node_get_style (IRI_GTK_STYLE_NODE (self->severity_nodes[k]), &style->severities[k]);
}

static void
ensure_style (IriGtkText *self)
{
  if (self->style_valid)
    return;

  read_style (self, &self->style);
  /* Pango counts every change of a context's font, font options,
   * resolution and font map; GTK keeps the widget's context in step
   * with its CSS and settings, and ours is a copy of it. */
  self->font_serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  self->style_valid = TRUE;
}

/* Whether what the text is drawn with (the fonts of the widget's CSS,
 * the colours and faces of its style nodes) changed since the display
 * was styled.  GTK recomputes styles for many reasons that change none
 * of it: a class toggled on an ancestor, a sibling added, a transition
 * elsewhere; rebuilding the display for those redrew the field in a
 * second frame after every keystroke. */
static gboolean
style_changed (IriGtkText *self)
{
  IriGtkStyle style;

  if (!self->style_valid)
    return TRUE;
  if (pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self))) != self->font_serial)
    return TRUE;
  read_style (self, &style);
  return memcmp (&style, &self->style, sizeof style) != 0;
}

static gboolean
coverage_idle_cb (gpointer data)
{
  IriGtkText *self = data;

  self->coverage_idle_id = 0;
  update_coverage (self);
  return G_SOURCE_REMOVE;
}

/* Colours are read again when the display is next built; fonts may
 * have changed, so which characters the font has is checked again once
 * the new styles are computed (in an idle, after the frame's style
 * validation). */
static void
invalidate_style (IriGtkText *self)
{
  self->style_valid = FALSE;
  self->display_dirty = TRUE;
  g_clear_object (&self->pango_context);
  g_clear_object (&self->layout);
  if (self->coverage_idle_id == 0)
    self->coverage_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, coverage_idle_cb, self, NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The CSS of the widget or of a style node was recomputed. */
void
iri_gtk_text_invalidate_style (IriGtkText *self)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (!self->in_dispose && style_changed (self))
    invalidate_style (self);
}

/* ------------------------------------------------------------------ */
/* Display */

/* Our own PangoContext, a copy of the widget's with the base direction
 * forced to left-to-right: the widget's own context follows the widget
 * direction, which must not reach the IRI (§4.1). */
static PangoContext *
get_pango_context (IriGtkText *self)
{
  if (self->pango_context == NULL)
    {
      self->pango_context = gtk_widget_create_pango_context (GTK_WIDGET (self));
      pango_context_set_base_dir (self->pango_context, PANGO_DIRECTION_LTR);
    }
  return self->pango_context;
}

static PangoLayout *
new_layout (IriGtkText    *self,
            IriGtkDisplay *display)
{
  PangoLayout *layout = pango_layout_new (get_pango_context (self));
  const char *text;
  int length;

  /* With automatic direction off, the paragraph direction is the
   * context's: left-to-right.  Pango does not look at the first strong
   * character. */
  pango_layout_set_auto_dir (layout, FALSE);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  text = iri_gtk_display_get_text (display, &length);
  pango_layout_set_text (layout, text, length);
  pango_layout_set_attributes (layout, iri_gtk_display_get_attributes (display));
  iri_gtk_display_apply_paint_attributes (display, layout);
  return layout;
}

static IriGtkDisplay *
new_display (IriGtkText *self,
             gboolean    with_extras)
{
  IriGtkDisplayParams params = { 0 };

  params.text = self->text->str;
  params.analysis = self->analysis;
  params.mode = self->display_mode;
  if (with_extras)
    {
      ensure_style (self);
      params.style = &self->style;
      params.encode_chars = self->encode_chars;
      memcpy (params.elide_start, self->elide_start, sizeof params.elide_start);
      memcpy (params.elide_end, self->elide_end, sizeof params.elide_end);
      if (self->preedit != NULL && self->preedit[0] != '\0')
        {
          params.preedit = self->preedit;
          params.preedit_pos = self->cursor;
          params.preedit_attrs = self->preedit_attrs;
        }
    }
  return iri_gtk_display_new (&params);
}

static gboolean
unref_layout_idle_cb (gpointer data)
{
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

static void
ensure_layout (IriGtkText *self)
{
  /* A layout whose context changed (the font map did) would lay itself
   * out again, without the paint attributes applied to its runs: it is
   * rebuilt instead. */
  if (!self->display_dirty && self->layout != NULL &&
      self->layout_serial == pango_context_get_serial (pango_layout_get_context (self->layout)))
    return;

  /* The display may be current without its layout: the font coverage
   * check builds the display, and the frame lays it out. */
  if (self->display_dirty || self->display == NULL)
    {
      g_clear_pointer (&self->display, iri_gtk_display_free);
      self->display = new_display (self, TRUE);
    }
  /* Freeing a long line's runs is a tenth of a keystroke's frame at
   * 20 000 characters: the old layout goes after the frame. */
  if (self->layout != NULL)
    g_idle_add_full (G_PRIORITY_LOW, unref_layout_idle_cb, g_steal_pointer (&self->layout), NULL);
  self->layout = new_layout (self, self->display);
  self->layout_generation++;
  self->layout_serial = pango_context_get_serial (pango_layout_get_context (self->layout));
  self->display_dirty = FALSE;
}

/* The strong cursor position before byte @index of the layout.
 * pango_layout_get_cursor_pos() walks the runs of the line, thousands
 * of them in a long mixed-direction IRI, and a frame asks about the
 * same cursor up to four times (scrolling, the input method, drawing):
 * the last answer is kept for the layout it was given for. */
static void
get_cursor_pos (IriGtkText     *self,
                int             index,
                PangoRectangle *strong)
{
  ensure_layout (self);
  if (self->cursor_pos_generation != self->layout_generation || self->cursor_pos_index != index)
    {
      pango_layout_get_cursor_pos (self->layout, index, &self->cursor_pos, NULL);
      self->cursor_pos_generation = self->layout_generation;
      self->cursor_pos_index = index;
    }
  *strong = self->cursor_pos;
}

static void
invalidate_display (IriGtkText *self)
{
  self->display_dirty = TRUE;
  /* An edit changes what the field shows, not its size: the width is
   * given by width-chars, the height by the font, unless a character
   * needs a taller one (see iri_gtk_text_snapshot()).  A resize would
   * measure every widget around the field again at each keystroke: on
   * the app's Examples page, with a 20 000-character IRI, about 25 ms
   * of the keystroke's frame. */
  if (self->editable_field)
    {
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else
    gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Characters the font cannot draw: for each run Pango laid out, ask
 * HarfBuzz whether the font Pango picked has a glyph for each character
 * (§7.6).  Controls, format characters, spaces and variation selectors
 * need none. */
static gboolean
char_needs_glyph (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_SPACE_SEPARATOR:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return FALSE;
    default:
      return !((c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF));
    }
}

/* Above this many characters, an edit's frame does not wait for the
 * font coverage check (update_analysis()). */
#define COVERAGE_DEFER_CHARS 1000

static void
update_coverage (IriGtkText *self)
{
  g_autoptr(IriGtkDisplay) display = NULL;
  g_autofree guint8 *encode = NULL;
  g_autoptr(GArray) missing = NULL;
  GList *items;
  const char *text;
  int length;
  gboolean any = FALSE;
  gboolean reusable = FALSE;
  gboolean was = self->missing_glyphs;
  gboolean deferred = self->coverage_deferred;

  g_clear_handle_id (&self->coverage_idle_id, g_source_remove);
  self->coverage_deferred = FALSE;

  /* ASCII is drawn by every font. */
  if (iri_analysis_get_reference (self->analysis) != NULL &&
      iri_reference_is_ascii (iri_analysis_get_reference (self->analysis)))
    goto done;

  /* The display as it will be drawn (styles change fonts: a bold host
   * may come from another face), but whole: nothing elided, no preedit,
   * nothing encoded. */
  {
    gsize saved_start[3], saved_end[3];
    char *saved_preedit = self->preedit;

    memcpy (saved_start, self->elide_start, sizeof saved_start);
    memcpy (saved_end, self->elide_end, sizeof saved_end);
    memset (self->elide_start, 0, sizeof self->elide_start);
    memset (self->elide_end, 0, sizeof self->elide_end);
    g_clear_pointer (&self->encode_chars, g_free);
    self->preedit = NULL;
    display = new_display (self, TRUE);
    self->preedit = saved_preedit;
    reusable = memcmp (saved_end, self->elide_end, sizeof saved_end) == 0 &&
               (saved_preedit == NULL || saved_preedit[0] == '\0');
    memcpy (self->elide_start, saved_start, sizeof saved_start);
    memcpy (self->elide_end, saved_end, sizeof saved_end);
  }
  text = iri_gtk_display_get_text (display, &length);
  encode = g_malloc0 (self->n_chars + 1);
  missing = g_array_new (FALSE, FALSE, sizeof (gunichar));

  /* Pango chooses the font of each character when it itemizes the
   * text, before shaping and line layout: itemizing the display as its
   * layout does (our context, its attributes, a left-to-right base)
   * names the fonts without laying the display out, which only the
   * frame does, once, for the display it draws.  Laying it out here
   * too was nine tenths of the work of a keystroke (issue 14). */
  items = pango_itemize_with_base_dir (get_pango_context (self), PANGO_DIRECTION_LTR, text, 0, length,
                                       iri_gtk_display_get_attributes (display), NULL);
  for (GList *l = items; l != NULL; l = l->next)
    {
      PangoItem *item = l->data;
      hb_font_t *hb_font;

      hb_font = item->analysis.font != NULL ? pango_font_get_hb_font (item->analysis.font) : NULL;
      for (const char *p = text + item->offset; p < text + item->offset + item->length;
           p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          hb_codepoint_t glyph;
          gsize owner;

          if (!char_needs_glyph (c))
            continue;
          if (hb_font != NULL && hb_font_get_nominal_glyph (hb_font, c, &glyph))
            continue;
          if (!iri_gtk_display_get_owner (display, p - text, &owner))
            continue;
          encode[owner] = TRUE;
          any = TRUE;
          if (missing->len < 8)
            g_array_append_val (missing, c);
        }
    }
  g_list_free_full (items, (GDestroyNotify) pango_item_free);

  /* The whole unit is shown percent-encoded, not single characters:
   * half a word in escapes is harder to read than the whole of it. */
  if (any)
    {
      for (guint u = 0; u < iri_analysis_get_n_units (self->analysis); u++)
        {
          const IriUnit *unit = iri_analysis_get_unit (self->analysis, u);
          gboolean hit = FALSE;

          for (gsize i = unit->span.start; i < unit->span.end && i < self->n_chars && !hit; i++)
            hit = encode[i] == TRUE;
          if (hit)
            {
              for (gsize i = unit->span.start; i < unit->span.end && i < self->n_chars; i++)
                encode[i] = 2;
            }
        }
    }

done:
  /* After an edit whose frame did not wait for this check: the frame
   * drew the display as it is, which was right. */
  if (deferred && !any && !was)
    return;
  g_clear_pointer (&self->encode_chars, g_free);
  g_clear_pointer (&self->missing_chars, g_array_unref);
  if (any)
    {
      self->encode_chars = g_steal_pointer (&encode);
      self->missing_chars = g_steal_pointer (&missing);
    }
  self->missing_glyphs = any;
  invalidate_display (self);
  if (!any && reusable && display != NULL)
    {
      /* What was checked is what will be drawn: ensure_layout() lays
       * it out. */
      g_clear_pointer (&self->display, iri_gtk_display_free);
      g_clear_object (&self->layout);
      self->display = g_steal_pointer (&display);
      self->display_dirty = FALSE;
    }
  if (was != self->missing_glyphs)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MISSING_GLYPHS]);
}

/* ------------------------------------------------------------------ */
/* Analysis */

static gboolean
diagnostic_equal (IriDiagnostic *a,
                  IriDiagnostic *b)
{
  return iri_diagnostic_get_severity (a) == iri_diagnostic_get_severity (b) &&
         iri_diagnostic_get_component (a) == iri_diagnostic_get_component (b) &&
         iri_diagnostic_get_start (a) == iri_diagnostic_get_start (b) &&
         iri_diagnostic_get_end (a) == iri_diagnostic_get_end (b) &&
         g_strcmp0 (iri_diagnostic_get_code (a), iri_diagnostic_get_code (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_spec (a), iri_diagnostic_get_spec (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_message (a), iri_diagnostic_get_message (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_hint (a), iri_diagnostic_get_hint (b)) == 0;
}

/* The model changes only where the diagnostics did: the common head and
 * tail stay (the same objects), the middle is spliced, and nothing
 * happens when the list is the same. */
static void
update_diagnostics (IriGtkText *self)
{
  GListModel *model = G_LIST_MODEL (self->diagnostics);
  guint old_n = g_list_model_get_n_items (model);
  guint new_n = iri_analysis_get_n_diagnostics (self->analysis);
  guint head = 0, tail = 0;
  g_autofree gpointer *added = NULL;

  while (head < old_n && head < new_n)
    {
      g_autoptr(IriDiagnostic) old = g_list_model_get_item (model, head);

      if (!diagnostic_equal (old, iri_analysis_get_diagnostic (self->analysis, head)))
        break;
      head++;
    }
  while (tail < old_n - head && tail < new_n - head)
    {
      g_autoptr(IriDiagnostic) old = g_list_model_get_item (model, old_n - 1 - tail);

      if (!diagnostic_equal (old, iri_analysis_get_diagnostic (self->analysis, new_n - 1 - tail)))
        break;
      tail++;
    }

  if (head + tail == old_n && old_n == new_n)
    return;

  added = g_new0 (gpointer, new_n - head - tail + 1);
  for (guint k = head; k < new_n - tail; k++)
    added[k - head] = iri_analysis_get_diagnostic (self->analysis, k);
  g_list_store_splice (self->diagnostics, head, old_n - head - tail, added, new_n - head - tail);
}

static void
update_accessible (IriGtkText *self)
{
  GtkAccessible *owner = self->accessible_owner != NULL ? self->accessible_owner : GTK_ACCESSIBLE (self);
  g_autofree char *description = iri_gtk_text_dup_accessible_description (self);

  if (description != NULL)
    gtk_accessible_update_property (owner, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  else
    gtk_accessible_reset_property (owner, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

  if (self->highest == IRI_SEVERITY_ERROR)
    gtk_accessible_update_state (owner, GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  else
    gtk_accessible_reset_state (owner, GTK_ACCESSIBLE_STATE_INVALID);

  /* A view reads as a label whose name is the IRI.  (An entry's text is
   * read through GtkEditable by GTK's accessibility layer.) */
  if (!self->editable_field)
    gtk_accessible_update_property (owner, GTK_ACCESSIBLE_PROPERTY_LABEL, self->text->str, -1);
}

/* Everything that follows the text: the analysis, the URI, the
 * diagnostics, the display.  Each property is notified only when its
 * value changed. */
static void
update_analysis (IriGtkText *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;
  IriSeverity highest;

  g_clear_pointer (&self->analysis, iri_analysis_unref);
  self->analysis = iri_analyzer_analyze (self->analyzer, self->text->str, self->text->len);

  uri = iri_to_uri (self->text->str, self->text->len, self->host_mapping, &error);
  g_clear_pointer (&self->uri_error, g_free);
  if (uri == NULL)
    self->uri_error = g_strdup (error->message);
  if (g_strcmp0 (uri, self->uri) != 0)
    {
      g_free (self->uri);
      self->uri = g_steal_pointer (&uri);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URI]);
    }

  update_diagnostics (self);

  highest = iri_analysis_get_highest_severity (self->analysis);
  if (highest != self->highest)
    {
      self->highest = highest;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHEST_SEVERITY]);
    }

  /* Itemizing a long text to name its fonts costs more than the rest
   * of an edit together (12 ms of a keystroke's 20 at 20 000
   * characters).  When nothing in the field is shown encoded, the
   * frame that shows the edit does not wait for it: the check follows
   * after the frame and encodes what the fonts lack (§7.6), which was
   * drawn as missing-glyph boxes meanwhile.  A short text, a field not
   * shown yet and one that shows encoded units are checked at once. */
  if (self->editable_field && self->n_chars > COVERAGE_DEFER_CHARS && self->encode_chars == NULL &&
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->coverage_deferred = TRUE;
      invalidate_display (self);
      if (self->coverage_idle_id == 0)
        self->coverage_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, coverage_idle_cb, self, NULL);
    }
  else
    {
      self->coverage_deferred = FALSE;
      update_coverage (self);
    }
  update_accessible (self);
  update_actions (self);
}

static void
begin_change (IriGtkText *self)
{
  if (self->change_count++ == 0)
    g_object_freeze_notify (G_OBJECT (self));
}

static void
end_change (IriGtkText *self)
{
  g_return_if_fail (self->change_count > 0);

  if (--self->change_count > 0)
    return;

  if (self->real_changed)
    {
      gint64 now = g_get_monotonic_time ();

      self->real_changed = FALSE;
      self->typing_burst = self->change_typed && now - self->last_typed < TYPING_BURST_US;
      self->last_typed = self->change_typed ? now : 0;
      update_analysis (self);
      g_object_notify_by_pspec (G_OBJECT (self), editable_props[GTK_EDITABLE_PROP_TEXT]);
      g_signal_emit_by_name (self, "changed");
      queue_scroll (self);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* ------------------------------------------------------------------ */
/* GtkEditable */

static const char *
iri_gtk_text_editable_get_text (GtkEditable *editable)
{
  return IRI_GTK_TEXT (editable)->text->str;
}

static void
text_inserted (IriGtkText *self)
{
  g_clear_pointer (&self->log_attrs, g_free);
  self->real_changed = TRUE;
}

/* The default handler of GtkEditable::insert-text: the one place where
 * text enters the buffer. */
static void
iri_gtk_text_editable_insert_text (GtkEditable *editable,
                                   const char  *text,
                                   int          length,
                                   int         *position)
{
  IriGtkText *self = IRI_GTK_TEXT (editable);
  const char *end;
  int n_chars;
  int pos;

  if (length < 0)
    length = strlen (text);
  if (!g_utf8_validate_len (text, length, &end))
    {
      g_critical ("IriGtkText: insert-text was given invalid UTF-8");
      length = end - text;
    }
  if (length == 0)
    return;

  n_chars = g_utf8_strlen (text, length);
  pos = *position < 0 ? (int) self->n_chars : MIN (*position, (int) self->n_chars);

  begin_change (self);
  g_string_insert_len (self->text, char_to_byte (self, pos), text, length);
  self->n_chars += n_chars;
  iri_gtk_history_text_inserted (self->history, pos, text, length, self->typing);
  text_inserted (self);

  {
    int cursor = self->cursor > pos ? self->cursor + n_chars : self->cursor;
    int bound = self->bound > pos ? self->bound + n_chars : self->bound;

    set_positions (self, cursor, bound);
  }
  *position = pos + n_chars;
  accessible_text_changed (self, TRUE, pos, pos + n_chars);
  end_change (self);
}

static void
iri_gtk_text_editable_delete_text (GtkEditable *editable,
                                   int          start,
                                   int          end)
{
  IriGtkText *self = IRI_GTK_TEXT (editable);
  int start_byte, end_byte;
  /* gtk_editable_set_text() deletes from 0 to -1 and inserts the new
   * text at 0: only that deletion may join the insertion that follows
   * into one undo step.  Deleting all the characters by their
   * positions, then inserting at 0, are two edits (tests/gtk/test-model.c
   * found them undone as one about once in 50 runs). */
  gboolean whole = start <= 0 && end < 0;

  if (end < 0 || end > (int) self->n_chars)
    end = self->n_chars;
  if (start < 0)
    start = 0;
  if (start > end)
    {
      int tmp = start;

      start = end;
      end = tmp;
    }
  if (start == end)
    return;

  begin_change (self);
  accessible_text_changed (self, FALSE, start, end);
  start_byte = char_to_byte (self, start);
  end_byte = char_to_byte (self, end);
  iri_gtk_history_text_deleted (self->history, start, end, self->text->str + start_byte, end_byte - start_byte);
  g_string_erase (self->text, start_byte, end_byte - start_byte);
  self->n_chars -= end - start;
  if (self->n_chars == 0 && whole)
    iri_gtk_history_text_emptied (self->history);
  text_inserted (self);

  {
    int cursor = self->cursor > end ? self->cursor - (end - start) : MIN (self->cursor, start);
    int bound = self->bound > end ? self->bound - (end - start) : MIN (self->bound, start);

    set_positions (self, cursor, bound);
  }
  end_change (self);
}

static gboolean
iri_gtk_text_editable_get_selection_bounds (GtkEditable *editable,
                                            int         *start,
                                            int         *end)
{
  IriGtkText *self = IRI_GTK_TEXT (editable);

  /* GtkEditable takes the end as the cursor position. */
  *start = self->bound;
  *end = self->cursor;
  return self->bound != self->cursor;
}

static void
iri_gtk_text_editable_set_selection_bounds (GtkEditable *editable,
                                            int          start,
                                            int          end)
{
  IriGtkText *self = IRI_GTK_TEXT (editable);

  if (start < 0)
    start = self->n_chars;
  if (end < 0)
    end = self->n_chars;
  set_positions (self, end, start);
}

static void
iri_gtk_text_editable_init (GtkEditableInterface *iface)
{
  iface->get_text = iri_gtk_text_editable_get_text;
  iface->insert_text = iri_gtk_text_editable_insert_text;
  iface->delete_text = iri_gtk_text_editable_delete_text;
  iface->get_selection_bounds = iri_gtk_text_editable_get_selection_bounds;
  iface->set_selection_bounds = iri_gtk_text_editable_set_selection_bounds;
}

/* ------------------------------------------------------------------ */
/* History */

static void
history_insert_cb (gpointer    data,
                   guint       position,
                   const char *text,
                   int         length)
{
  int pos = position;

  gtk_editable_insert_text (GTK_EDITABLE (data), text, length, &pos);
}

static void
history_delete_cb (gpointer data,
                   guint    start,
                   guint    end)
{
  gtk_editable_delete_text (GTK_EDITABLE (data), start, end);
}

static void
history_select_cb (gpointer data,
                   guint    bound,
                   guint    cursor)
{
  set_positions (IRI_GTK_TEXT (data), cursor, bound);
}

static const IriGtkHistoryFuncs history_funcs = {
  history_insert_cb,
  history_delete_cb,
  history_select_cb,
};

gboolean
iri_gtk_text_can_undo (IriGtkText *self)
{
  return self->editable && iri_gtk_history_get_can_undo (self->history);
}

gboolean
iri_gtk_text_can_redo (IriGtkText *self)
{
  return self->editable && iri_gtk_history_get_can_redo (self->history);
}

void
iri_gtk_text_undo (IriGtkText *self)
{
  if (!iri_gtk_text_can_undo (self))
    return;
  begin_change (self);
  iri_gtk_history_undo (self->history);
  end_change (self);
  update_actions (self);
}

void
iri_gtk_text_redo (IriGtkText *self)
{
  if (!iri_gtk_text_can_redo (self))
    return;
  begin_change (self);
  iri_gtk_history_redo (self->history);
  end_change (self);
  update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Cursor and selection */

/* When the user moves the cursor away from an unfinished composition,
 * the input method has to start again (as GtkText does). */
static void
reset_im (IriGtkText *self)
{
  if (self->im_context != NULL && self->preedit != NULL && self->preedit[0] != '\0')
    gtk_im_context_reset (self->im_context);
}

static void
update_primary (IriGtkText *self)
{
  int start = MIN (self->cursor, self->bound);
  int end = MAX (self->cursor, self->bound);
  GdkClipboard *primary;

  if (start == end || !gtk_widget_get_realized (GTK_WIDGET (self)))
    return;

  primary = gtk_widget_get_primary_clipboard (GTK_WIDGET (self));
  {
    int s = char_to_byte (self, start), e = char_to_byte (self, end);
    g_autofree char *selected = g_strndup (self->text->str + s, e - s);

    gdk_clipboard_set_text (primary, selected);
  }
}

static void
set_positions (IriGtkText *self,
               int         cursor,
               int         bound)
{
  gboolean cursor_moved = FALSE, bound_moved = FALSE;

  cursor = CLAMP (cursor, 0, (int) self->n_chars);
  bound = CLAMP (bound, 0, (int) self->n_chars);

  g_object_freeze_notify (G_OBJECT (self));
  if (cursor != self->cursor)
    {
      self->cursor = cursor;
      cursor_moved = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), editable_props[GTK_EDITABLE_PROP_CURSOR_POSITION]);
    }
  if (bound != self->bound)
    {
      self->bound = bound;
      bound_moved = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), editable_props[GTK_EDITABLE_PROP_SELECTION_BOUND]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  if (!cursor_moved && !bound_moved)
    return;

  accessible_positions_changed (self, cursor_moved, bound_moved);

  if (!self->typing)
    iri_gtk_history_break_coalescing (self->history);
  if (self->preedit != NULL && self->preedit[0] != '\0')
    self->display_dirty = TRUE;
  update_primary (self);
  update_actions (self);
  reset_blink (self);
  queue_scroll (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The x of the strong cursor at a logical position, in layout pixels. */
static int
cursor_x (IriGtkText *self,
          int         position)
{
  PangoRectangle strong;

  /* The display must be current before a position is mapped into it. */
  ensure_layout (self);
  get_cursor_pos (self, iri_gtk_display_logical_to_index (self->display, position), &strong);
  return PANGO_PIXELS (strong.x);
}

/* Moves through the display with Pango's bidi cursor logic, by
 * grapheme cluster, stepping over display positions that are not a
 * logical one (inside an escape, next to an isolate mark). */
static int
move_visually (IriGtkText *self,
               int         start,
               int         count)
{
  int index;

  ensure_layout (self);
  index = iri_gtk_display_logical_to_index (self->display, start);

  while (count != 0)
    {
      int direction = count > 0 ? 1 : -1;
      gsize position;

      for (;;)
        {
          int new_index, new_trailing;

          pango_layout_move_cursor_visually (self->layout, TRUE, index, 0, direction,
                                             &new_index, &new_trailing);
          if (new_index < 0)
            return 0;
          if (new_index == G_MAXINT)
            return self->n_chars;

          index = new_index;
          while (new_trailing-- > 0)
            {
              const char *text = pango_layout_get_text (self->layout);

              index = g_utf8_next_char (text + index) - text;
            }
          /* A logical position, and a grapheme boundary of the logical
           * text (inside an escaped cluster, the display has a boundary
           * after each escaped character). */
          if (iri_gtk_display_snap_to_logical (self->display, index, &position) &&
              (position == 0 || position == self->n_chars || get_log_attrs (self)[position].is_cursor_position))
            {
              index = iri_gtk_display_logical_to_index (self->display, position);
              break;
            }
        }
      count -= direction;
    }

  {
    gsize position;

    iri_gtk_display_index_to_logical (self->display, index, &position);
    return position;
  }
}

void
iri_gtk_text_move (IriGtkText     *self,
                   IriGtkMovement  step,
                   int             count,
                   gboolean        extend)
{
  int position = self->cursor;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  reset_im (self);
  if (self->cursor != self->bound && !extend)
    {
      /* With a selection, a movement first goes to its end on that
       * side, as in GtkText. */
      if (step == IRI_GTK_MOVE_VISUAL)
        {
          int cx = cursor_x (self, self->cursor), bx = cursor_x (self, self->bound);

          if (count < 0)
            position = cx < bx ? self->cursor : self->bound;
          else
            position = cx > bx ? self->cursor : self->bound;
        }
      else if (step == IRI_GTK_MOVE_LOGICAL || step == IRI_GTK_MOVE_UNIT)
        position = count < 0 ? MIN (self->cursor, self->bound) : MAX (self->cursor, self->bound);
      else
        position = count < 0 ? 0 : self->n_chars;
      set_positions (self, position, position);
      return;
    }

  switch (step)
    {
    case IRI_GTK_MOVE_VISUAL:
      position = move_visually (self, position, count);
      break;
    case IRI_GTK_MOVE_LOGICAL:
      for (int k = 0; k < ABS (count); k++)
        position = next_cursor_position (self, position, count > 0 ? 1 : -1);
      break;
    case IRI_GTK_MOVE_UNIT:
      for (int k = 0; k < ABS (count); k++)
        position = next_unit_boundary (self, position, count > 0 ? 1 : -1);
      break;
    case IRI_GTK_MOVE_ENDS:
    default:
      position = count < 0 ? 0 : self->n_chars;
      break;
    }

  set_positions (self, position, extend ? self->bound : position);
}

void
iri_gtk_text_select_unit_at (IriGtkText *self,
                             int         position)
{
  g_autoptr(GArray) spans = get_unit_spans (self);
  int start = position, end = position;

  for (guint k = 0; k < spans->len; k++)
    {
      IriSpan *span = &g_array_index (spans, IriSpan, k);

      /* The smallest unit around the position (an extension inside its
       * segment). */
      if ((int) span->start <= position && position < (int) span->end &&
          (start == end || (int) (span->end - span->start) < end - start))
        {
          start = span->start;
          end = span->end;
        }
    }
  if (start == end && position < (int) self->n_chars)
    {
      /* A delimiter: select it. */
      start = position;
      end = next_cursor_position (self, position, 1);
    }
  set_positions (self, end, start);
}

/* ------------------------------------------------------------------ */
/* Editing as the user does it */

static void
delete_selection (IriGtkText *self)
{
  int start = MIN (self->cursor, self->bound), end = MAX (self->cursor, self->bound);

  if (start != end)
    gtk_editable_delete_text (GTK_EDITABLE (self), start, end);
}

/* Typed text (an input method commit): replaces the selection.  A
 * character typed right after the previous one joins its undo step. */
void
iri_gtk_text_enter_text (IriGtkText *self,
                         const char *text)
{
  int position;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (!self->editable || text == NULL || text[0] == '\0')
    return;

  begin_change (self);
  self->change_typed = TRUE;
  if (self->cursor != self->bound)
    {
      iri_gtk_history_begin_user_action (self->history);
      delete_selection (self);
      position = self->cursor;
      gtk_editable_insert_text (GTK_EDITABLE (self), text, -1, &position);
      iri_gtk_history_end_user_action (self->history);
    }
  else
    {
      position = self->cursor;
      self->typing = TRUE;
      gtk_editable_insert_text (GTK_EDITABLE (self), text, -1, &position);
      set_positions (self, position, position);
      self->typing = FALSE;
    }
  set_positions (self, position, position);
  end_change (self);
  self->change_typed = FALSE;
}

/* Whether the last change of the text was typed less than
 * TYPING_BURST_US after the one before: a key held down and repeating,
 * or a tool typing (xdotool).  What only follows the text for the eye
 * may wait for the burst to pause. */
gboolean
iri_gtk_text_in_typing_burst (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), FALSE);

  return self->typing_burst;
}

/* RFC 3987bis §3.7: a pasted or dropped URI is shown as the IRI it maps
 * to.  Only a text that is a URI reference as a whole (ASCII, valid by
 * RFC 3986) is converted; bidi controls, invisible characters and bytes
 * that are not UTF-8 stay percent-encoded (the core never decodes
 * them). */
char *
iri_gtk_text_convert_pasted (IriGtkText *self,
                             const char *text)
{
  g_autoptr(IriReference) reference = NULL;
  g_autofree char *iri = NULL;

  if (!self->convert_uris || text == NULL || text[0] == '\0')
    return g_strdup (text);

  reference = iri_reference_parse (text, -1, IRI_PARSE_URI, NULL);
  if (reference == NULL)
    return g_strdup (text);

  /* Through the display policy (DESIGN.md §5a): under the strict level
   * a label that a spoofing rule flags stays an A-label, and never is a
   * look-alike of a delimiter decoded (§5.1). */
  iri = iri_display_policy_uri_to_iri (self->display_policy, text, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
  if (iri == NULL)
    return g_strdup (text);
  return g_steal_pointer (&iri);
}

/* Pasted running text (§7.3, UTS #58) ----------------------------- */

static void     insert_pasted (IriGtkText *self,
                               const char *text);
static gboolean drop_pasted   (IriGtkText *self,
                               const char *text,
                               int         position);

static void
clear_pasted_links (IriGtkText *self)
{
  g_clear_object (&self->pasted_links);
  g_clear_pointer (&self->pasted_text, g_free);
}

/* Inserts link @index of the last pasted text, or the whole text when
 * @index is -1, where the paste or drop was going to put it. */
void
iri_gtk_text_choose_pasted_link (IriGtkText *self,
                                 int         index)
{
  g_autofree char *text = NULL;
  int position = self->pasted_position;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (self->pasted_text == NULL)
    return;
  if (index >= 0 && (guint) index < g_list_model_get_n_items (self->pasted_links))
    {
      g_autoptr(IriLink) link = g_list_model_get_item (self->pasted_links, index);

      text = g_strdup (iri_link_get_iri (link));
    }
  else
    text = g_strdup (self->pasted_text);
  clear_pasted_links (self);
  if (self->links_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->links_popover));

  if (position < 0)
    insert_pasted (self, text);
  else
    drop_pasted (self, text, position);
}

GListModel *
iri_gtk_text_get_pasted_links (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->pasted_links;
}

static void
link_row_activated_cb (GtkListBox    *list,
                       GtkListBoxRow *row,
                       IriGtkText    *self)
{
  iri_gtk_text_choose_pasted_link (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "link")));
}

static void
whole_text_clicked_cb (GtkButton  *button,
                       IriGtkText *self)
{
  iri_gtk_text_choose_pasted_link (self, -1);
}

static void
links_popover_closed_cb (IriGtkText *self)
{
  /* Escape or a click elsewhere: nothing is pasted. */
  clear_pasted_links (self);
}

/* Whether @text is running text rather than one IRI: white space
 * inside it (an IRI has none; at its ends it is the copy's doing). */
static gboolean
is_running_text (const char *text)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));

  for (const char *p = trimmed; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (g_unichar_isspace (g_utf8_get_char (p)))
        return TRUE;
    }
  return FALSE;
}

/* A popover under the cursor, in place of the one shown before: the
 * links a paste offers, or why a paste inserted nothing.  Closing it
 * pastes nothing. */
static void
new_cursor_popover (IriGtkText *self)
{
  g_clear_pointer (&self->links_popover, gtk_widget_unparent);
  self->links_popover = gtk_popover_new ();
  gtk_widget_set_parent (self->links_popover, GTK_WIDGET (self));
  gtk_popover_set_position (GTK_POPOVER (self->links_popover), GTK_POS_BOTTOM);
  g_signal_connect_swapped (self->links_popover, "closed", G_CALLBACK (links_popover_closed_cb), self);
}

static void
popup_at_cursor (IriGtkText *self)
{
  GdkRectangle rect;
  int lx, ly;

  iri_gtk_text_get_layout_offsets (self, &lx, &ly);
  rect.x = lx + cursor_x (self, self->cursor);
  rect.y = 0;
  rect.width = 1;
  rect.height = gtk_widget_get_height (GTK_WIDGET (self));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->links_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->links_popover));
}

/* §7.3: a pasted paragraph is not one IRI.  When the links found in it
 * (UTS #58) are the useful part, offer them in a popover at the cursor;
 * choosing one inserts its IRI, "Paste the Whole Text" inserts the text
 * as it is, and closing the popover pastes nothing.  Returns whether the
 * popover was shown. */
static gboolean
offer_links (IriGtkText *self,
             const char *text,
             int         position)
{
  g_autoptr(GListModel) links = NULL;
  GtkWidget *box, *heading, *list, *scrolled, *whole;
  guint n_links;
  g_autofree char *title = NULL;

  if (!is_running_text (text))
    return FALSE;
  links = iri_detect_links (text, -1, NULL);
  n_links = links != NULL ? g_list_model_get_n_items (links) : 0;
  if (n_links == 0)
    return FALSE;

  clear_pasted_links (self);
  self->pasted_links = g_steal_pointer (&links);
  self->pasted_text = g_strdup (text);
  self->pasted_position = position;

  new_cursor_popover (self);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Translators: heading of the popover offered when a paragraph is
   * pasted into the address field; %u is the number of links in it */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The text has %u link. Paste it:",
                                        "The text has %u links. Paste one:", n_links), n_links);
  heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < n_links; i++)
    {
      g_autoptr(IriLink) link = g_list_model_get_item (self->pasted_links, i);
      g_autofree char *readable = iri_display_policy_format_minimal (self->display_policy, iri_link_get_iri (link), -1,
                                                                     IRI_FORMAT_DEFAULT, NULL);
      /* Shown left-to-right whatever the direction around it (§4.1),
       * in its readable form (§7.6), which never shows a bidi control
       * or an invisible character as itself. */
      g_autofree char *shown = g_strconcat ("\xE2\x81\xA6", readable != NULL ? readable : iri_link_get_iri (link),
                                            "\xE2\x81\xA9", NULL);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label = gtk_label_new (shown);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_widget_set_tooltip_text (row, readable != NULL ? readable : iri_link_get_iri (link));
      g_object_set_data (G_OBJECT (row), "link", GINT_TO_POINTER (i));
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  g_signal_connect (list, "row-activated", G_CALLBACK (link_row_activated_cb), self);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_box_append (GTK_BOX (box), scrolled);

  whole = gtk_button_new_with_mnemonic (_("Paste the _Whole Text"));
  gtk_widget_add_css_class (whole, "flat");
  g_signal_connect (whole, "clicked", G_CALLBACK (whole_text_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), whole);
  gtk_popover_set_child (GTK_POPOVER (self->links_popover), box);

  popup_at_cursor (self);
  return TRUE;
}

/* The longest text a paste or a drop makes.  Pango places glyphs in
 * 32-bit units of 1/1024 px, so one line ends at about 2 million
 * pixels, past which text is drawn over itself, and every keystroke
 * lays the whole line out again (a 20 000-character IRI already takes
 * a tenth of a second): a paste of a megabyte would freeze the widget
 * and show black bars.  65 536 characters stay clear of that at up to
 * 32 px a character; no IRI in use comes near it.  Text set through
 * the GtkEditable API is not limited: the program chose it. */
#define PASTE_MAX_CHARS 65536

/* Says why a paste or a drop that would make the text @total
 * characters long inserts nothing, at the cursor; the text stays as it
 * was (and what was pasted is still on the clipboard). */
static void
refuse_paste (IriGtkText *self,
              gsize       total)
{
  g_autofree char *message = NULL;
  GtkWidget *label;

  gtk_widget_error_bell (GTK_WIDGET (self));
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* Translators: shown when a text is pasted or dropped into an
                                           * address field; %lu is a number of characters, more than
                                           * 65 536 */
                                          "Not pasted: the text would be %lu character long, longer than the 65 536 this field holds.",
                                          "Not pasted: the text would be %lu characters long, longer than the 65 536 this field holds.",
                                          total),
                             (gulong) total);

  clear_pasted_links (self);
  new_cursor_popover (self);
  label = gtk_label_new (message);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_popover_set_child (GTK_POPOVER (self->links_popover), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->links_popover),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, message, -1);

  popup_at_cursor (self);
}

/* Whether @text, in place of @replaced characters, keeps the text
 * within PASTE_MAX_CHARS once converted (§3.7); if so, the converted
 * text, and if not, NULL, and the widget has said why. */
static char *
convert_paste_within_limit (IriGtkText *self,
                            const char *text,
                            gsize       replaced)
{
  gsize kept = self->n_chars - MIN (replaced, self->n_chars);
  gsize n_chars = (gsize) g_utf8_strlen (text, -1);
  g_autofree char *converted = NULL;

  /* The conversion of a pasted URI turns at most three characters
   * ("%D7") into one: a text more than three times too long is refused
   * without converting a megabyte first. */
  if (kept + n_chars / 3 > PASTE_MAX_CHARS)
    {
      refuse_paste (self, kept + n_chars);
      return NULL;
    }
  converted = iri_gtk_text_convert_pasted (self, text);
  n_chars = (gsize) g_utf8_strlen (converted, -1);
  if (kept + n_chars > PASTE_MAX_CHARS)
    {
      refuse_paste (self, kept + n_chars);
      return NULL;
    }
  return g_steal_pointer (&converted);
}

/* A paste: the selection is replaced by the (converted) text in one
 * undo step.  Nothing is stripped: bidi controls stay in the text, where
 * the display shows them escaped and the core flags them.  Running text
 * first offers the links found in it. */
void
iri_gtk_text_paste_text (IriGtkText *self,
                         const char *text)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (!self->editable || text == NULL)
    return;
  if (offer_links (self, text, -1))
    return;
  insert_pasted (self, text);
}

static void
insert_pasted (IriGtkText *self,
               const char *text)
{
  g_autofree char *converted = NULL;
  int position;

  converted = convert_paste_within_limit (self, text, ABS (self->cursor - self->bound));
  if (converted == NULL)
    return;
  begin_change (self);
  iri_gtk_history_begin_user_action (self->history);
  delete_selection (self);
  position = self->cursor;
  gtk_editable_insert_text (GTK_EDITABLE (self), converted, -1, &position);
  set_positions (self, position, position);
  iri_gtk_history_end_user_action (self->history);
  end_change (self);
}

/* A drop at @position.  When the text comes from this widget's own
 * selection with the move action, the selection moves: one undo step. */
gboolean
iri_gtk_text_drop_text (IriGtkText *self,
                        const char *text,
                        int         position)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), FALSE);

  if (!self->editable || text == NULL)
    return FALSE;
  if (!self->moved_by_drop && offer_links (self, text, CLAMP (position, 0, (int) self->n_chars)))
    return TRUE;
  return drop_pasted (self, text, position);
}

static gboolean
drop_pasted (IriGtkText *self,
             const char *text,
             int         position)
{
  g_autofree char *converted = NULL;
  int pos = CLAMP (position, 0, (int) self->n_chars);

  converted = convert_paste_within_limit (self, text,
                                          self->moved_by_drop ? (gsize) (self->drag_end - self->drag_start) : 0);
  if (converted == NULL)
    {
      self->moved_by_drop = FALSE;
      return FALSE;
    }
  begin_change (self);
  iri_gtk_history_begin_user_action (self->history);
  if (self->moved_by_drop)
    {
      if (pos >= self->drag_start && pos <= self->drag_end)
        {
          iri_gtk_history_end_user_action (self->history);
          end_change (self);
          self->moved_by_drop = FALSE;
          return FALSE;
        }
      gtk_editable_delete_text (GTK_EDITABLE (self), self->drag_start, self->drag_end);
      if (pos > self->drag_end)
        pos -= self->drag_end - self->drag_start;
    }
  {
    int start = pos;

    gtk_editable_insert_text (GTK_EDITABLE (self), converted, -1, &pos);
    set_positions (self, pos, start);
  }
  iri_gtk_history_end_user_action (self->history);
  end_change (self);
  return TRUE;
}

void
iri_gtk_text_delete_from_cursor (IriGtkText     *self,
                                 IriGtkMovement  step,
                                 int             count)
{
  int start, end;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (!self->editable)
    return;
  if (self->cursor != self->bound)
    {
      delete_selection (self);
      return;
    }

  start = end = self->cursor;
  if (step == IRI_GTK_MOVE_UNIT)
    {
      if (count < 0)
        start = next_unit_boundary (self, self->cursor, -1);
      else
        end = next_unit_boundary (self, self->cursor, 1);
    }
  else if (count < 0)
    {
      /* Backspace deletes the previous grapheme cluster, or only its
       * last character where the script wants that (Pango's
       * backspace_deletes_character, e.g. for Indic vowel signs). */
      if (self->cursor > 0 && get_log_attrs (self)[self->cursor].backspace_deletes_character)
        start = self->cursor - 1;
      else
        start = next_cursor_position (self, self->cursor, -1);
    }
  else
    end = next_cursor_position (self, self->cursor, 1);

  if (start != end)
    gtk_editable_delete_text (GTK_EDITABLE (self), start, end);
}

/* ------------------------------------------------------------------ */
/* Clipboard */

static char *
dup_selection (IriGtkText *self)
{
  int s = char_to_byte (self, MIN (self->cursor, self->bound));
  int e = char_to_byte (self, MAX (self->cursor, self->bound));

  return g_strndup (self->text->str + s, e - s);
}

static void
copy_clipboard (IriGtkText *self)
{
  g_autofree char *selected = NULL;

  if (self->cursor == self->bound)
    return;
  /* The logical text: what the user typed, never the display. */
  selected = dup_selection (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), selected);
}

static void
paste_received_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(IriGtkText) self = data;
  g_autofree char *text = NULL;
  int *position = g_object_get_data (G_OBJECT (self), "iri-gtk-paste-position");

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (text == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (position != NULL)
    {
      iri_gtk_text_drop_text (self, text, *position);
      g_object_set_data (G_OBJECT (self), "iri-gtk-paste-position", NULL);
    }
  else
    iri_gtk_text_paste_text (self, text);
}

static void
paste_from (IriGtkText   *self,
            GdkClipboard *clipboard,
            int           position)
{
  if (position >= 0)
    g_object_set_data_full (G_OBJECT (self), "iri-gtk-paste-position",
                            g_memdup2 (&position, sizeof position), g_free);
  else
    g_object_set_data (G_OBJECT (self), "iri-gtk-paste-position", NULL);
  gdk_clipboard_read_text_async (clipboard, NULL, paste_received_cb, g_object_ref (self));
}

static void
clipboard_cut_cb (GtkWidget  *widget,
                  const char *action,
                  GVariant   *parameter)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (!self->editable || self->cursor == self->bound)
    return;
  copy_clipboard (self);
  delete_selection (self);
}

static void
clipboard_copy_cb (GtkWidget  *widget,
                   const char *action,
                   GVariant   *parameter)
{
  copy_clipboard (IRI_GTK_TEXT (widget));
}

static void
clipboard_paste_cb (GtkWidget  *widget,
                    const char *action,
                    GVariant   *parameter)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (self->editable)
    paste_from (self, gtk_widget_get_clipboard (widget), -1);
}

static void
copy_uri_cb (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (self->uri != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->uri);
}

static void
selection_delete_cb (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (self->editable)
    delete_selection (self);
}

static void
select_all_cb (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  set_positions (self, self->n_chars, 0);
}

static void
undo_cb (GtkWidget  *widget,
         const char *action,
         GVariant   *parameter)
{
  iri_gtk_text_undo (IRI_GTK_TEXT (widget));
}

static void
redo_cb (GtkWidget  *widget,
         const char *action,
         GVariant   *parameter)
{
  iri_gtk_text_redo (IRI_GTK_TEXT (widget));
}

static void
update_actions (IriGtkText *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has_selection = self->cursor != self->bound;

  gtk_widget_action_set_enabled (widget, "clipboard.cut", self->editable && has_selection);
  gtk_widget_action_set_enabled (widget, "clipboard.copy", has_selection);
  gtk_widget_action_set_enabled (widget, "clipboard.paste", self->editable);
  gtk_widget_action_set_enabled (widget, "selection.delete", self->editable && has_selection);
  gtk_widget_action_set_enabled (widget, "selection.select-all", self->n_chars > 0);
  gtk_widget_action_set_enabled (widget, "iri.copy-uri", self->uri != NULL && self->n_chars > 0);
  gtk_widget_action_set_enabled (widget, "text.undo", iri_gtk_text_can_undo (self));
  gtk_widget_action_set_enabled (widget, "text.redo", iri_gtk_text_can_redo (self));
}

/* ------------------------------------------------------------------ */
/* Context menu */

static GMenuModel *
build_menu (IriGtkText *self)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) section = NULL;

  if (self->editable)
    {
      section = g_menu_new ();
      g_menu_append (section, _("_Undo"), "text.undo");
      g_menu_append (section, _("_Redo"), "text.redo");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
      g_clear_object (&section);
    }

  section = g_menu_new ();
  if (self->editable)
    g_menu_append (section, _("Cu_t"), "clipboard.cut");
  g_menu_append (section, _("_Copy"), "clipboard.copy");
  /* Translators: a context menu item that copies the URI the IRI maps
   * to (percent-encoded, with an ASCII host), not the IRI itself. */
  g_menu_append (section, _("Copy as _URI"), "iri.copy-uri");
  if (self->editable)
    {
      g_menu_append (section, _("_Paste"), "clipboard.paste");
      g_menu_append (section, _("_Delete"), "selection.delete");
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_clear_object (&section);

  section = g_menu_new ();
  g_menu_append (section, _("Select _All"), "selection.select-all");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_clear_object (&section);

  /* The findings about the character at the cursor, which the pointer
   * reads in a tooltip, for the keyboard (also Ctrl+F1). */
  section = g_menu_new ();
  /* Translators: a context menu item that shows the findings about the
   * character at the cursor */
  g_menu_append (section, _("_Findings at the Cursor"), "iri.show-findings");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));

  return G_MENU_MODEL (menu);
}

static void
popup_menu (IriGtkText *self,
            double      x,
            double      y)
{
  GdkRectangle rect;

  if (self->popover == NULL)
    {
      g_autoptr(GMenuModel) model = build_menu (self);

      self->popover = gtk_popover_menu_new_from_model (model);
      gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
      gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_BOTTOM);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
      gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
    }

  update_actions (self);
  if (x < 0)
    {
      int lx, ly;

      iri_gtk_text_get_layout_offsets (self, &lx, &ly);
      x = lx + cursor_x (self, self->cursor);
      y = gtk_widget_get_height (GTK_WIDGET (self));
    }
  rect = (GdkRectangle) { (int) x, (int) y, 1, 1 };
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
popup_menu_cb (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  popup_menu (IRI_GTK_TEXT (widget), -1, -1);
}

/* ------------------------------------------------------------------ */
/* The findings at the caret, from the keyboard (Ctrl+F1, or "Findings
 * Here" in the context menu): what the tooltip shows when the pointer
 * hovers a character, in a popover at the caret, and said to assistive
 * technology. */

/* The character the caret is on: the one after it, or the last one at
 * the end of the text. */
static int
caret_character (IriGtkText *self)
{
  return self->cursor < (int) self->n_chars ? self->cursor : MAX ((int) self->n_chars - 1, 0);
}

/* What a screen reader says: every finding about the character, most
 * severe first, with its message (quotes of the display in logical
 * order), the rule it comes from and the fix. */
char *
iri_gtk_text_dup_spoken_findings_at (IriGtkText *self,
                                     int         position)
{
  GString *spoken = g_string_new (NULL);

  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  for (guint k = 0; self->analysis != NULL && k < iri_analysis_get_n_diagnostics (self->analysis); k++)
    {
      IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (self->analysis, k);
      int start = iri_diagnostic_get_start (diagnostic);
      int end = iri_diagnostic_get_end (diagnostic);
      g_autofree char *message = NULL;

      if (end <= start)
        {
          start = CLAMP (start, 0, MAX ((int) self->n_chars - 1, 0));
          end = start + 1;
        }
      if (position < start || position >= end)
        continue;

      message = iri_diagnostic_dup_accessible_message (diagnostic);
      if (spoken->len > 0)
        g_string_append_c (spoken, '\n');
      /* Translators: a finding read by a screen reader: its severity
       * ("Error", "Warning", "Note"), its message and the rule it comes
       * from, e.g. "RFC 3987bis §4.2 rule 2" */
      g_string_append_printf (spoken, _("%s: %s (%s)"), severity_label (iri_diagnostic_get_severity (diagnostic)),
                              message, iri_diagnostic_get_spec (diagnostic));
      if (iri_diagnostic_get_hint (diagnostic) != NULL)
        {
          g_string_append_c (spoken, ' ');
          /* Translators: how to fix a finding, read by a screen reader */
          g_string_append_printf (spoken, _("Fix: %s"), iri_diagnostic_get_hint (diagnostic));
        }
    }
  if (spoken->len == 0)
    {
      g_string_free (spoken, TRUE);
      return NULL;
    }
  return g_string_free (spoken, FALSE);
}

/* Says @message to assistive technology.  GTK 4.14 has announcements;
 * with an older GTK the popover's label, which takes the focus when the
 * popover opens, carries the same text as its accessible name, so a
 * screen reader reads it then. */
static void
announce (IriGtkText *self,
          const char *message)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkAccessible *owner = self->accessible_owner != NULL ? self->accessible_owner : GTK_ACCESSIBLE (self);
  g_autoptr(GtkATContext) context = gtk_accessible_get_at_context (owner);

  /* GTK's test context (GTK_A11Y=test, 4.18) has no announce vfunc:
   * an announcement there calls a NULL pointer. */
  if (context != NULL && !g_str_equal (G_OBJECT_TYPE_NAME (context), "GtkTestATContext"))
    gtk_accessible_announce (owner, message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

void
iri_gtk_text_show_findings (IriGtkText *self)
{
  int position;
  g_autofree char *markup = NULL;
  g_autofree char *spoken = NULL;
  GtkWidget *label;
  GdkRectangle rect;
  int lx, ly;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  position = caret_character (self);
  markup = iri_gtk_text_get_tooltip_markup_at (self, position);
  spoken = iri_gtk_text_dup_spoken_findings_at (self, position);
  if (markup == NULL)
    {
      /* Translators: in the popover of the findings at the cursor, when
       * there are none there */
      markup = g_markup_escape_text (_("No findings at the cursor."), -1);
      spoken = g_strdup (_("No findings at the cursor."));
    }
  else if (spoken == NULL)
    {
      /* Only the notice about the font: the same text. */
      spoken = iri_gtk_text_dup_notice (self);
    }

  if (self->findings_popover == NULL)
    {
      self->findings_popover = gtk_popover_new ();
      gtk_widget_set_parent (self->findings_popover, GTK_WIDGET (self));
      gtk_popover_set_position (GTK_POPOVER (self->findings_popover), GTK_POS_BOTTOM);
      gtk_widget_add_css_class (self->findings_popover, "findings");
      label = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      /* Selectable, so that it takes the focus (Escape closes the
       * popover) and its text can be copied. */
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_popover_set_child (GTK_POPOVER (self->findings_popover), label);
    }
  label = gtk_popover_get_child (GTK_POPOVER (self->findings_popover));
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);

  iri_gtk_text_get_layout_offsets (self, &lx, &ly);
  rect = (GdkRectangle) { lx + cursor_x (self, self->cursor), 0, 1, gtk_widget_get_height (GTK_WIDGET (self)) };
  gtk_popover_set_pointing_to (GTK_POPOVER (self->findings_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->findings_popover));
  gtk_label_select_region (GTK_LABEL (label), 0, 0);
  announce (self, spoken);
}

GtkWidget *
iri_gtk_text_get_findings_popover (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->findings_popover;
}

static void
show_findings_cb (GtkWidget  *widget,
                  const char *action,
                  GVariant   *parameter)
{
  iri_gtk_text_show_findings (IRI_GTK_TEXT (widget));
}

/* ------------------------------------------------------------------ */
/* Cursor blinking, as GtkText does it: on for gtk-cursor-blink-time,
 * and stop blinking after gtk-cursor-blink-timeout seconds. */

static gboolean
blink_cb (gpointer data)
{
  IriGtkText *self = data;
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (self));
  int timeout;

  g_object_get (settings, "gtk-cursor-blink-timeout", &timeout, NULL);
  if ((g_get_monotonic_time () - self->blink_started) / G_USEC_PER_SEC >= timeout)
    {
      self->cursor_visible = TRUE;
      self->blink_id = 0;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return G_SOURCE_REMOVE;
    }
  self->cursor_visible = !self->cursor_visible;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_CONTINUE;
}

static void
reset_blink (IriGtkText *self)
{
  GtkSettings *settings;
  gboolean blink;
  int time;

  self->cursor_visible = TRUE;
  g_clear_handle_id (&self->blink_id, g_source_remove);
  if (!gtk_widget_has_focus (GTK_WIDGET (self)) || !self->editable)
    return;

  settings = gtk_widget_get_settings (GTK_WIDGET (self));
  g_object_get (settings, "gtk-cursor-blink", &blink, "gtk-cursor-blink-time", &time, NULL);
  if (!blink || time <= 0)
    return;
  self->blink_started = g_get_monotonic_time ();
  self->blink_id = g_timeout_add (time / 2, blink_cb, self);
}

/* ------------------------------------------------------------------ */
/* Layout on screen */

static int
layout_width (IriGtkText *self)
{
  PangoRectangle logical;

  ensure_layout (self);
  pango_layout_get_pixel_extents (self->layout, NULL, &logical);
  return logical.width;
}

void
iri_gtk_text_get_layout_offsets (IriGtkText *self,
                                 int        *x,
                                 int        *y)
{
  PangoRectangle logical;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  ensure_layout (self);
  pango_layout_get_pixel_extents (self->layout, NULL, &logical);

  /* The IRI is left-to-right, so xalign is read left-to-right too. */
  if (logical.width <= width)
    *x = (int) ((width - logical.width) * self->xalign);
  else
    *x = -self->scroll_offset;
  *y = (height - logical.height) / 2;
}

/* Scrolling to the cursor and telling the input method where it is
 * need the layout: done once per allocation, not once per edit. */
static void
queue_scroll (IriGtkText *self)
{
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
adjust_scroll (IriGtkText *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int text_width, x;

  if (width <= 0 || !self->editable_field)
    return;

  text_width = layout_width (self);
  if (text_width <= width)
    {
      self->scroll_offset = 0;
      return;
    }

  x = cursor_x (self, self->cursor);
  if (self->preedit != NULL && self->preedit[0] != '\0')
    {
      PangoRectangle strong;
      int index = iri_gtk_display_get_preedit_index (self->display);

      pango_layout_get_cursor_pos (self->layout,
                                   index + (g_utf8_offset_to_pointer (self->preedit, self->preedit_cursor) - self->preedit),
                                   &strong, NULL);
      x = PANGO_PIXELS (strong.x);
    }
  if (x < self->scroll_offset)
    self->scroll_offset = x;
  else if (x > self->scroll_offset + width - 2)
    self->scroll_offset = x - width + 2;
  self->scroll_offset = CLAMP (self->scroll_offset, 0, text_width - width + 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
iri_gtk_text_position_at_point (IriGtkText *self,
                                double      x,
                                double      y)
{
  int lx, ly, index, trailing;
  PangoRectangle logical;
  int position;

  iri_gtk_text_get_layout_offsets (self, &lx, &ly);
  pango_layout_get_extents (self->layout, NULL, &logical);
  /* Only x matters in a one-line field; y is kept inside the line. */
  pango_layout_xy_to_index (self->layout, (x - lx) * PANGO_SCALE, logical.height / 2,
                            &index, &trailing);
  position = iri_gtk_display_hit_to_logical (self->display, index, trailing);
  /* Inside an escaped grapheme cluster: its start. */
  while (position > 0 && position < (int) self->n_chars && !get_log_attrs (self)[position].is_cursor_position)
    position--;
  return position;
}

/* ------------------------------------------------------------------ */
/* Input method */

static void
update_im_cursor (IriGtkText *self)
{
  PangoRectangle strong;
  GdkRectangle area;
  int x, y;

  if (self->im_context == NULL || !gtk_widget_get_realized (GTK_WIDGET (self)))
    return;
  ensure_layout (self);
  iri_gtk_text_get_layout_offsets (self, &x, &y);
  get_cursor_pos (self, iri_gtk_display_logical_to_index (self->display, self->cursor), &strong);
  area.x = x + PANGO_PIXELS (strong.x);
  area.y = y + PANGO_PIXELS (strong.y);
  area.width = 1;
  area.height = PANGO_PIXELS (strong.height);
  gtk_im_context_set_cursor_location (self->im_context, &area);
}

static void
im_commit_cb (GtkIMContext *context,
              const char   *text,
              IriGtkText   *self)
{
  iri_gtk_text_enter_text (self, text);
}

static void
im_preedit_changed_cb (GtkIMContext *context,
                       IriGtkText   *self)
{
  g_autofree char *preedit = NULL;
  PangoAttrList *attrs = NULL;
  int cursor = 0;

  gtk_im_context_get_preedit_string (context, &preedit, &attrs, &cursor);
  g_free (self->preedit);
  self->preedit = g_steal_pointer (&preedit);
  g_clear_pointer (&self->preedit_attrs, pango_attr_list_unref);
  self->preedit_attrs = attrs;
  self->preedit_cursor = cursor;
  invalidate_display (self);
  queue_scroll (self);
}

static gboolean
im_retrieve_surrounding_cb (GtkIMContext *context,
                            IriGtkText   *self)
{
  gtk_im_context_set_surrounding_with_selection (context, self->text->str, self->text->len,
                                                 char_to_byte (self, self->cursor),
                                                 char_to_byte (self, self->bound));
  return TRUE;
}

static gboolean
im_delete_surrounding_cb (GtkIMContext *context,
                          int           offset,
                          int           n_chars,
                          IriGtkText   *self)
{
  if (self->editable)
    gtk_editable_delete_text (GTK_EDITABLE (self), self->cursor + offset, self->cursor + offset + n_chars);
  return TRUE;
}

GtkIMContext *
iri_gtk_text_get_im_context (IriGtkText *self)
{
  return self->im_context;
}

/* ------------------------------------------------------------------ */
/* Events */

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                IriGtkText              *self)
{
  if (self->im_context != NULL && self->editable)
    {
      gtk_im_context_focus_in (self->im_context);
      update_im_cursor (self);
    }
  reset_blink (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  accessible_focus_changed (self);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                IriGtkText              *self)
{
  if (self->im_context != NULL)
    {
      gtk_im_context_focus_out (self->im_context);
      gtk_im_context_reset (self->im_context);
    }
  reset_blink (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  accessible_focus_changed (self);
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  IriGtkText      *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkEvent *event = gtk_gesture_get_last_event (GTK_GESTURE (gesture),
                                                gtk_gesture_single_get_current_sequence (GTK_GESTURE_SINGLE (gesture)));
  GdkModifierType state = event != NULL ? gdk_event_get_modifier_state (event) : 0;
  int position;

  if (!gtk_widget_has_focus (widget))
    {
      self->in_click = TRUE;
      gtk_widget_grab_focus (widget);
      self->in_click = FALSE;
    }

  reset_im (self);
  position = iri_gtk_text_position_at_point (self, x, y);

  if (event != NULL && gdk_event_triggers_context_menu (event))
    {
      popup_menu (self, x, y);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  if (button == GDK_BUTTON_MIDDLE)
    {
      if (self->editable)
        paste_from (self, gtk_widget_get_primary_clipboard (widget), position);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    return;

  self->press_position = position;
  self->press_x = x;
  self->press_y = y;
  self->select_units = FALSE;

  switch (n_press)
    {
    case 1:
      {
        int start = MIN (self->cursor, self->bound), end = MAX (self->cursor, self->bound);

        if (state & GDK_SHIFT_MASK)
          set_positions (self, position, self->bound);
        else if (start != end && position >= start && position <= end)
          self->drag_pending = TRUE;  /* maybe the start of a drag */
        else
          set_positions (self, position, position);
      }
      break;
    case 2:
      /* A double click selects a unit: a host label, a path segment, a
       * query name or value… */
      self->drag_pending = FALSE;
      self->select_units = TRUE;
      iri_gtk_text_select_unit_at (self, position);
      break;
    default:
      self->drag_pending = FALSE;
      set_positions (self, self->n_chars, 0);
      break;
    }
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   IriGtkText      *self)
{
  if (self->drag_pending)
    {
      self->drag_pending = FALSE;
      set_positions (self, self->press_position, self->press_position);
    }
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                IriGtkText     *self)
{
  int position;

  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) != GDK_BUTTON_PRIMARY)
    return;
  if (self->drag_pending)
    return;  /* GtkDragSource takes it from here */

  position = iri_gtk_text_position_at_point (self, self->press_x + offset_x, self->press_y + offset_y);
  if (self->select_units)
    {
      int anchor_start, anchor_end;

      iri_gtk_text_select_unit_at (self, self->press_position);
      anchor_start = MIN (self->bound, self->cursor);
      anchor_end = MAX (self->bound, self->cursor);
      if (position < anchor_start)
        set_positions (self, next_unit_boundary (self, position + 1, -1), anchor_end);
      else if (position > anchor_end)
        set_positions (self, next_unit_boundary (self, position - 1, 1), anchor_start);
    }
  else
    set_positions (self, position, self->bound);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                IriGtkText       *self)
{
  self->drag_pending = FALSE;
}

/* Drag and drop */

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 IriGtkText    *self)
{
  g_autofree char *selected = NULL;

  if (!self->drag_pending || self->cursor == self->bound)
    return NULL;

  self->drag_start = MIN (self->cursor, self->bound);
  self->drag_end = MAX (self->cursor, self->bound);
  gtk_drag_source_set_actions (source, self->editable ? GDK_ACTION_COPY | GDK_ACTION_MOVE : GDK_ACTION_COPY);
  selected = dup_selection (self);
  return gdk_content_provider_new_typed (G_TYPE_STRING, selected);
}

static void
drag_begin_cb (GtkDragSource *source,
               GdkDrag       *drag,
               IriGtkText    *self)
{
  self->drag = drag;
  self->drag_pending = FALSE;
}

static void
drag_end_cb (GtkDragSource *source,
             GdkDrag       *drag,
             gboolean       delete_data,
             IriGtkText    *self)
{
  /* Moved out of the widget: the text goes. */
  if (delete_data && !self->moved_by_drop && self->editable)
    gtk_editable_delete_text (GTK_EDITABLE (self), self->drag_start, self->drag_end);
  self->moved_by_drop = FALSE;
  self->drag = NULL;
}

static GdkDragAction
drop_motion_cb (GtkDropTarget *target,
                double         x,
                double         y,
                IriGtkText    *self)
{
  GdkDrop *drop = gtk_drop_target_get_current_drop (target);

  if (!self->editable)
    return 0;
  self->dnd_position = iri_gtk_text_position_at_point (self, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (drop != NULL && self->drag != NULL && gdk_drop_get_drag (drop) == self->drag)
    return GDK_ACTION_MOVE;
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (GtkDropTarget *target,
               IriGtkText    *self)
{
  self->dnd_position = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         IriGtkText    *self)
{
  GdkDrop *drop = gtk_drop_target_get_current_drop (target);
  g_autofree char *text = NULL;
  int position;

  self->dnd_position = -1;
  if (!self->editable)
    return FALSE;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = g_value_get_boxed (value);

      if (files == NULL)
        return FALSE;
      text = g_file_get_uri (files->data);
    }
  else if (G_VALUE_HOLDS_STRING (value))
    text = g_value_dup_string (value);
  if (text == NULL)
    return FALSE;

  position = iri_gtk_text_position_at_point (self, x, y);
  self->moved_by_drop = drop != NULL && self->drag != NULL && gdk_drop_get_drag (drop) == self->drag &&
                        gdk_drop_get_actions (drop) == GDK_ACTION_MOVE;
  return iri_gtk_text_drop_text (self, text, position);
}

/* Key bindings */

static gboolean
move_binding_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   data)
{
  int step, count;
  gboolean extend;

  g_variant_get (args, "(iib)", &step, &count, &extend);
  iri_gtk_text_move (IRI_GTK_TEXT (widget), step, count, extend);
  return TRUE;
}

static gboolean
delete_binding_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   data)
{
  int step, count;

  g_variant_get (args, "(ii)", &step, &count);
  iri_gtk_text_delete_from_cursor (IRI_GTK_TEXT (widget), step, count);
  return TRUE;
}

static gboolean
activate_binding_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   data)
{
  g_signal_emit (widget, signals[ACTIVATE], 0);
  return TRUE;
}

static void
add_move_binding (GtkWidgetClass  *widget_class,
                  guint            keyval,
                  GdkModifierType  modifiers,
                  IriGtkMovement   step,
                  int              count)
{
  gtk_widget_class_add_binding (widget_class, keyval, modifiers, move_binding_cb, "(iib)", step, count, FALSE);
  gtk_widget_class_add_binding (widget_class, keyval, modifiers | GDK_SHIFT_MASK, move_binding_cb,
                                "(iib)", step, count, TRUE);
}

/* ------------------------------------------------------------------ */
/* GtkWidget */

/* The labels of the host before its registrable domain ("login.secure."
 * in "login.secure.paypal.example"): the part of a host that may be
 * elided, from its start (PRIOR-ART D-2: never past eTLD+1, and in
 * logical order, so that an RTL host loses its first labels, not its
 * leftmost).  Empty when there is none. */
static void
subdomains_span (IriReference *reference,
                 gsize        *start,
                 gsize        *end)
{
  IriSpan host, registrable;

  *start = *end = 0;
  if (iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host) &&
      iri_reference_get_registrable_domain (reference, &registrable) &&
      registrable.start > host.start && registrable.end <= host.end)
    {
      *start = host.start;
      *end = registrable.start;
    }
}

/* Whether some of the text is hidden behind an ellipsis now. */
static gboolean
is_elided (IriGtkText *self)
{
  for (guint k = 0; k < G_N_ELEMENTS (self->elide_end); k++)
    {
      if (self->elide_end[k] > self->elide_start[k])
        return TRUE;
    }
  return FALSE;
}

static void
iri_gtk_text_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);
  PangoFontMetrics *metrics;

  metrics = pango_context_get_metrics (get_pango_context (self), NULL, NULL);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int char_width = PANGO_PIXELS_CEIL (MAX (pango_font_metrics_get_approximate_char_width (metrics),
                                               pango_font_metrics_get_approximate_digit_width (metrics)));

      if (self->editable_field)
        {
          int min = self->width_chars >= 0 ? self->width_chars * char_width : 0;
          int nat = self->max_width_chars >= 0 ? self->max_width_chars * char_width : NAT_ENTRY_WIDTH;

          *minimum = min + 2;
          *natural = MAX (min, nat) + 2;
        }
      else
        {
          g_autoptr(IriGtkDisplay) display = NULL;
          g_autoptr(PangoLayout) layout = NULL;
          gsize saved_start[3], saved_end[3];
          PangoRectangle logical;

          /* Natural: the whole IRI.  Minimum: the shortest elision,
           * which never hides the host (see size_allocate).  Shown
           * whole (never elided, or not now), the layout drawn is the
           * whole IRI's: measured, not made a second time. */
          memcpy (saved_start, self->elide_start, sizeof saved_start);
          memcpy (saved_end, self->elide_end, sizeof saved_end);
          if (!self->elide || !is_elided (self))
            {
              ensure_layout (self);
              pango_layout_get_pixel_extents (self->layout, NULL, &logical);
            }
          else
            {
              memset (self->elide_start, 0, sizeof self->elide_start);
              memset (self->elide_end, 0, sizeof self->elide_end);
              display = new_display (self, TRUE);
              layout = new_layout (self, display);
              pango_layout_get_pixel_extents (layout, NULL, &logical);
              g_clear_pointer (&display, iri_gtk_display_free);
              g_clear_object (&layout);
            }
          *natural = logical.width;
          memset (self->elide_start, 0, sizeof self->elide_start);
          memset (self->elide_end, 0, sizeof self->elide_end);

          if (self->elide)
            {
              IriReference *reference = iri_analysis_get_reference (self->analysis);
              IriSpan path, userinfo;
              gsize from = self->n_chars;

              if (iri_reference_get_span (reference, IRI_COMPONENT_PATH, &path))
                from = path.start < self->n_chars && self->text->str[char_to_byte (self, path.start)] == '/' ? path.start + 1 : path.start;
              else if (iri_reference_get_span (reference, IRI_COMPONENT_QUERY, &path))
                from = path.start;
              if (from < self->n_chars)
                {
                  self->elide_start[0] = from;
                  self->elide_end[0] = self->n_chars;
                }
              if (iri_reference_get_span (reference, IRI_COMPONENT_USERINFO, &userinfo) &&
                  userinfo.end > userinfo.start)
                {
                  self->elide_start[1] = userinfo.start;
                  self->elide_end[1] = userinfo.end;
                }
              subdomains_span (reference, &self->elide_start[2], &self->elide_end[2]);
              display = new_display (self, TRUE);
              layout = new_layout (self, display);
              pango_layout_get_pixel_extents (layout, NULL, &logical);
              *minimum = MIN (logical.width, *natural);
            }
          else
            *minimum = *natural;

          memcpy (self->elide_start, saved_start, sizeof saved_start);
          memcpy (self->elide_end, saved_end, sizeof saved_end);
        }
    }
  else
    {
      int ascent = pango_font_metrics_get_ascent (metrics);
      int descent = pango_font_metrics_get_descent (metrics);
      int height;

      ensure_layout (self);
      {
        PangoRectangle logical;

        pango_layout_get_extents (self->layout, NULL, &logical);
        height = MAX (ascent + descent, logical.height);
        self->measured_height = logical.height;
      }
      *minimum = *natural = PANGO_PIXELS_CEIL (height);
      if (minimum_baseline != NULL)
        *minimum_baseline = *natural_baseline = (*minimum - PANGO_PIXELS_CEIL (ascent + descent)) / 2 +
                                                PANGO_PIXELS_CEIL (ascent);
    }

  pango_font_metrics_unref (metrics);
}

/* The advance of each logical character in the layout of the whole
 * display, in Pango units (a cluster of several counts for its first):
 * about what hiding it saves. */
static int *
char_advances (IriGtkText *self)
{
  int *advances = g_new0 (int, self->n_chars + 1);
  PangoLayoutIter *iter;

  ensure_layout (self);
  iter = pango_layout_get_iter (self->layout);
  do
    {
      PangoRectangle logical;
      gsize owner;

      pango_layout_iter_get_cluster_extents (iter, NULL, &logical);
      if (iri_gtk_display_get_owner (self->display, pango_layout_iter_get_index (iter), &owner))
        advances[owner] += logical.width;
    }
  while (pango_layout_iter_next_cluster (iter));
  pango_layout_iter_free (iter);
  return advances;
}

/* The width of the display with the path's characters from @start to
 * @end hidden behind an ellipsis. */
static int
elided_width (IriGtkText *self,
              gsize       start,
              gsize       end)
{
  self->elide_start[0] = start;
  self->elide_end[0] = end;
  self->display_dirty = TRUE;
  return layout_width (self);
}

/* IriGtkView: elide from the start of the path, keeping its end, then
 * the userinfo, then the labels of the host before its registrable
 * domain; never inside the registrable domain (PRIOR-ART D-2: showing
 * "…paypal.com" for "not-really-paypal.com" is the spoof). */
static void
elide_for_width (IriGtkText *self,
                 int         width)
{
  IriReference *reference = iri_analysis_get_reference (self->analysis);
  IriSpan path, userinfo;
  gsize from = self->n_chars;
  gsize lo, hi;
  gsize old_start[3], old_end[3];

  /* Start from the whole display.  One that is whole already stays as
   * it is: marking it dirty anyway, after measuring had laid it out,
   * made this lay it out again (or the snapshot, in a view that does
   * not elide): two of the five layouts of a keystroke in the app. */
  memcpy (old_start, self->elide_start, sizeof old_start);
  memcpy (old_end, self->elide_end, sizeof old_end);
  if (is_elided (self))
    {
      memset (self->elide_start, 0, sizeof self->elide_start);
      memset (self->elide_end, 0, sizeof self->elide_end);
      self->display_dirty = TRUE;
    }

  if (!self->elide || layout_width (self) <= width)
    goto done;

  if (iri_reference_get_span (reference, IRI_COMPONENT_PATH, &path) && path.end > path.start)
    from = self->text->str[char_to_byte (self, path.start)] == '/' ? path.start + 1 : path.start;
  else if (iri_reference_get_span (reference, IRI_COMPONENT_QUERY, &path))
    from = path.start;
  else if (iri_reference_get_span (reference, IRI_COMPONENT_FRAGMENT, &path))
    from = path.start;

  if (from < self->n_chars)
    {
      g_autofree int *advances = char_advances (self);
      int excess = (layout_width (self) - width) * PANGO_SCALE;
      int covered = 0;

      /* The fewest characters hidden that make it fit.  What hiding
       * them saves is about their advances in the whole layout, plus the
       * ellipsis it costs: the estimate leaves a few characters to find
       * by bisection, each step a layout of the whole display, instead
       * of the whole path (issue 14: 20 layouts a frame for a 2 000-
       * character IRI). */
      lo = from;
      while (lo < self->n_chars && covered < excess)
        covered += advances[lo++];
      hi = lo;
      for (;;)
        {
          int over;

          if (elided_width (self, from, hi) <= width || hi >= self->n_chars)
            break;
          over = (layout_width (self) - width) * PANGO_SCALE;
          covered = 0;
          do
            covered += advances[hi++];
          while (hi < self->n_chars && covered < over);
        }
      while (lo < hi)
        {
          gsize mid = lo + (hi - lo) / 2;

          if (elided_width (self, from, mid) <= width)
            hi = mid;
          else
            lo = mid + 1;
        }
      while (lo < self->n_chars && !get_log_attrs (self)[lo].is_cursor_position)
        lo++;
      if (elided_width (self, from, lo) <= width)
        goto done;
    }

  if (iri_reference_get_span (reference, IRI_COMPONENT_USERINFO, &userinfo) && userinfo.end > userinfo.start)
    {
      self->elide_start[1] = userinfo.start;
      self->elide_end[1] = userinfo.end;
      self->display_dirty = TRUE;
      if (layout_width (self) <= width)
        goto done;
    }

  subdomains_span (reference, &self->elide_start[2], &self->elide_end[2]);
  self->display_dirty = TRUE;

done:
  if (memcmp (old_start, self->elide_start, sizeof old_start) == 0 &&
      memcmp (old_end, self->elide_end, sizeof old_end) == 0)
    return;
  self->display_dirty = TRUE;
}

static void
iri_gtk_text_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (!self->editable_field && (self->display_dirty || width != self->elided_width))
    {
      self->elided_width = width;
      elide_for_width (self, width);
    }
  adjust_scroll (self);
  update_im_cursor (self);
  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

static void
append_selection (IriGtkText  *self,
                  GtkSnapshot *snapshot,
                  int          x,
                  int          y,
                  int          height)
{
  GtkStyleContext *context;
  PangoLayoutLine *line;
  GdkRGBA color = { 0.21, 0.52, 0.89, 1.0 };
  int start = MIN (self->cursor, self->bound), end = MAX (self->cursor, self->bound);
  int *ranges = NULL;
  int n_ranges = 0;

  if (start == end)
    return;

  /* The theme's selection colour by its name.  GTK 4.10 deprecates named
   * colours with GtkStyleContext and has no other way to read one (nor
   * the background colour of a CSS node), so this stays, silenced, on
   * every GTK; a theme without the name keeps the blue above. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_lookup_color (context, "theme_selected_bg_color", &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  color.alpha = gtk_widget_has_focus (GTK_WIDGET (self)) ? 0.3 : 0.15;

  line = pango_layout_get_line_readonly (self->layout, 0);
  pango_layout_line_get_x_ranges (line,
                                  iri_gtk_display_logical_to_index (self->display, start),
                                  iri_gtk_display_logical_to_index (self->display, end),
                                  &ranges, &n_ranges);
  for (int k = 0; k < n_ranges; k++)
    {
      graphene_rect_t rect;

      graphene_rect_init (&rect, x + PANGO_PIXELS (ranges[2 * k]), 0,
                          PANGO_PIXELS (ranges[2 * k + 1]) - PANGO_PIXELS (ranges[2 * k]), height);
      gtk_snapshot_append_color (snapshot, &color, &rect);
    }
  g_free (ranges);
}

/* Draws the insertion cursor before byte @index of the layout, drawn
 * at (@x, @y), as GTK draws its own: a bar the height of the line, as
 * wide as the default gtk-cursor-aspect-ratio (0.04) makes it, in the
 * caret colour, which style.css sets to the text colour.  GTK 4.10
 * deprecates gtk_snapshot_render_insertion_cursor() with
 * GtkStyleContext and has no replacement; with GTK 4.8 it asked Pango
 * where the cursor is once more, a twelfth of a keystroke's frame at
 * 20 000 characters, which get_cursor_pos() already knows. */
static void
append_cursor (IriGtkText  *self,
               GtkSnapshot *snapshot,
               int          x,
               int          y,
               int          index)
{
  PangoRectangle strong;
  GdkRGBA color;
  int height;

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (GTK_WIDGET (self), &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &color);
#endif
  get_cursor_pos (self, index, &strong);
  height = PANGO_PIXELS (strong.height);
  gtk_snapshot_append_color (snapshot, &color,
                             &GRAPHENE_RECT_INIT (x + PANGO_PIXELS (strong.x), y + PANGO_PIXELS (strong.y),
                                                  (int) (height * 0.04 + 1), height));
}

static void
iri_gtk_text_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA color;
  int x, y;

  ensure_layout (self);
  iri_gtk_text_get_layout_offsets (self, &x, &y);

  /* An edit does not measure the field again (invalidate_display()):
   * if the text now needs another height (a character from a taller
   * fallback font), the next frame does. */
  if (self->editable_field)
    {
      PangoRectangle logical;

      pango_layout_get_extents (self->layout, NULL, &logical);
      if (logical.height != self->measured_height)
        gtk_widget_queue_resize (widget);
    }

  /* GtkStyleContext is deprecated from GTK 4.10, which has this. */
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
#endif

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  append_selection (self, snapshot, x, y, height);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
  gtk_snapshot_restore (snapshot);

  if (self->editable && gtk_widget_has_focus (widget) && self->cursor_visible &&
      self->cursor == self->bound)
    {
      int index = iri_gtk_display_logical_to_index (self->display, self->cursor);

      if (self->preedit != NULL && self->preedit[0] != '\0')
        index = iri_gtk_display_get_preedit_index (self->display) +
                (g_utf8_offset_to_pointer (self->preedit, self->preedit_cursor) - self->preedit);
      append_cursor (self, snapshot, x, y, index);
    }

  if (self->dnd_position >= 0)
    append_cursor (self, snapshot, x, y, iri_gtk_display_logical_to_index (self->display, self->dnd_position));

  gtk_snapshot_pop (snapshot);
}

static gboolean
iri_gtk_text_query_tooltip (GtkWidget  *widget,
                            int         x,
                            int         y,
                            gboolean    keyboard_mode,
                            GtkTooltip *tooltip)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);
  g_autofree char *markup = NULL;
  int position;

  if (keyboard_mode)
    position = self->cursor;
  else
    {
      int lx, ly, index, trailing;
      gsize owner;

      iri_gtk_text_get_layout_offsets (self, &lx, &ly);
      if (!pango_layout_xy_to_index (self->layout, (x - lx) * PANGO_SCALE, (y - ly) * PANGO_SCALE,
                                     &index, &trailing))
        return FALSE;
      if (!iri_gtk_display_get_owner (self->display, index, &owner))
        return FALSE;
      position = owner;
    }

  markup = iri_gtk_text_get_tooltip_markup_at (self, position);
  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static const char *
severity_label (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return _("Error");
    case IRI_SEVERITY_WARNING:
      return _("Warning");
    case IRI_SEVERITY_INFO:
    case IRI_SEVERITY_NONE:
    default:
      /* Translators: the severity of a finding that is only a note */
      return _("Note");
    }
}

/* The tooltip over a character: every diagnostic about it, most severe
 * first, each with its message, the rule it comes from and the fix; and
 * why the character is shown percent-encoded when it is. */
char *
iri_gtk_text_get_tooltip_markup_at (IriGtkText *self,
                                    int         position)
{
  GString *markup = g_string_new (NULL);

  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  for (guint k = 0; k < iri_analysis_get_n_diagnostics (self->analysis); k++)
    {
      IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (self->analysis, k);
      int start = iri_diagnostic_get_start (diagnostic);
      int end = iri_diagnostic_get_end (diagnostic);
      g_autofree char *message = NULL;
      g_autofree char *spec = NULL;

      if (end <= start)
        {
          /* Shown on the character before an empty span. */
          start = MIN (start, (int) self->n_chars - 1);
          start = MAX (start, 0);
          end = start + 1;
        }
      if (position < start || position >= end)
        continue;

      if (markup->len > 0)
        g_string_append (markup, "\n\n");
      {
        /* The quoted pieces of the IRI stay left-to-right in a tooltip
         * of either direction. */
        g_autofree char *display_message = iri_diagnostic_dup_display_message (diagnostic);

        message = g_markup_escape_text (display_message, -1);
      }
      spec = g_markup_escape_text (iri_diagnostic_get_spec (diagnostic), -1);
      /* Translators: the first line of a tooltip about a finding: its
       * severity ("Error", "Warning", "Note") and its message */
      g_string_append_printf (markup, _("<b>%s:</b> %s"), severity_label (iri_diagnostic_get_severity (diagnostic)),
                              message);
      /* Translators: where the rule of a finding comes from, e.g.
       * "RFC 3987bis §4.2 rule 2" */
      g_string_append_printf (markup, "\n<small>%s</small>", spec);
      if (iri_diagnostic_get_hint (diagnostic) != NULL)
        {
          g_autofree char *hint = g_markup_escape_text (iri_diagnostic_get_hint (diagnostic), -1);

          /* Translators: how to fix a finding, in a tooltip */
          g_string_append_printf (markup, _("\n<i>Fix:</i> %s"), hint);
        }
    }

  if (self->encode_chars != NULL && position >= 0 && position < (int) self->n_chars &&
      self->encode_chars[position])
    {
      g_autofree char *notice = iri_gtk_text_dup_notice (self);
      g_autofree char *escaped = g_markup_escape_text (notice, -1);

      if (markup->len > 0)
        g_string_append (markup, "\n\n");
      g_string_append (markup, escaped);
    }

  if (markup->len == 0)
    {
      g_string_free (markup, TRUE);
      return NULL;
    }
  return g_string_free (markup, FALSE);
}

/* The notice shown when units are percent-encoded for the font. */
char *
iri_gtk_text_dup_notice (IriGtkText *self)
{
  GString *names;

  if (!self->missing_glyphs || self->missing_chars == NULL)
    return NULL;

  names = g_string_new (NULL);
  for (guint k = 0; k < self->missing_chars->len; k++)
    {
      gunichar c = g_array_index (self->missing_chars, gunichar, k);
      g_autofree char *name = iri_char_get_name (c);

      if (k > 0)
        g_string_append (names, ", ");
      g_string_append_printf (names, "U+%04X %s", c, name != NULL ? name : "");
    }
  {
    g_autofree char *list = g_string_free (names, FALSE);

    /* Translators: %s is a list of characters such as
     * "U+10900 PHOENICIAN LETTER ALF" */
    return g_strdup_printf (_("Some parts are shown percent-encoded because no font can display them (%s). The text itself is unchanged."),
                            list);
  }
}

char *
iri_gtk_text_dup_accessible_description (IriGtkText *self)
{
  GString *description;
  guint n;

  n = self->analysis != NULL ? iri_analysis_get_n_diagnostics (self->analysis) : 0;
  if (n == 0 && !self->missing_glyphs)
    return NULL;

  description = g_string_new (NULL);
  if (n > 0)
    {
      IriDiagnostic *first = iri_analysis_get_diagnostic (self->analysis, 0);

      /* Quotes of the display in logical order: a screen reader speaks
       * logical order. */
      g_autofree char *message = iri_diagnostic_dup_accessible_message (first);

      /* Translators: the accessible description of an IRI field: the
       * severity and the message of its most severe finding */
      g_string_append_printf (description, _("%s: %s"), severity_label (iri_diagnostic_get_severity (first)),
                              message);
      if (n > 1)
        {
          g_string_append_c (description, ' ');
          g_string_append_printf (description,
                                  /* Translators: after the most severe
                                   * finding, in the accessible
                                   * description: how many others there
                                   * are */
                                  g_dngettext (GETTEXT_PACKAGE, "(%u more finding)", "(%u more findings)", n - 1),
                                  n - 1);
        }
    }
  if (self->missing_glyphs)
    {
      g_autofree char *notice = iri_gtk_text_dup_notice (self);

      if (description->len > 0)
        g_string_append_c (description, ' ');
      g_string_append (description, notice);
    }
  return g_string_free (description, FALSE);
}

static gboolean
iri_gtk_text_grab_focus (GtkWidget *widget)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);
  gboolean select_on_focus = FALSE;

  if (!GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->grab_focus (widget))
    return FALSE;

  /* As GtkText: focus from the keyboard selects everything. */
  g_object_get (gtk_widget_get_settings (widget), "gtk-entry-select-on-focus", &select_on_focus, NULL);
  if (select_on_focus && self->editable_field && !self->in_click)
    set_positions (self, self->n_chars, 0);
  return TRUE;
}

static void
iri_gtk_text_css_changed (GtkWidget         *widget,
                          GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->css_changed (widget, change);

  iri_gtk_text_invalidate_style (IRI_GTK_TEXT (widget));
}

static void
iri_gtk_text_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->root (widget);

  iri_gtk_ensure_stylesheet (gtk_widget_get_display (widget));
  invalidate_style (IRI_GTK_TEXT (widget));
}

static void
iri_gtk_text_realize (GtkWidget *widget)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->realize (widget);

  if (self->im_context != NULL)
    gtk_im_context_set_client_widget (self->im_context, widget);
}

static void
iri_gtk_text_unrealize (GtkWidget *widget)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  if (self->im_context != NULL)
    {
      gtk_im_context_reset (self->im_context);
      gtk_im_context_set_client_widget (self->im_context, NULL);
    }
  g_clear_handle_id (&self->blink_id, g_source_remove);

  GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->unrealize (widget);
}

static void
iri_gtk_text_unmap (GtkWidget *widget)
{
  IriGtkText *self = IRI_GTK_TEXT (widget);

  g_clear_handle_id (&self->blink_id, g_source_remove);
  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  if (self->findings_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->findings_popover));

  GTK_WIDGET_CLASS (iri_gtk_text_parent_class)->unmap (widget);
}

/* ------------------------------------------------------------------ */
/* GtkAccessibleText */

#if GTK_CHECK_VERSION (4, 14, 0)

/* GtkAccessibleText (GTK 4.14) is what gives a custom text widget the
 * AT-SPI Text interface: screen readers read the content, the caret and
 * the selection through it.  Everything is in the logical order of the
 * text (what the user typed), in characters, whatever the display's
 * visual order.  IriGtkEntry and IriGtkView implement it as well, with
 * the same functions: they are the accessibles assistive technology
 * sees, and they answer for their IriGtkText.
 *
 * The interface is newer than the GDK_VERSION_MAX_ALLOWED the library
 * is pinned to (Debian 12's 4.8), so its availability warnings are
 * silenced here, where GTK_CHECK_VERSION has already said it exists. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static IriGtkText *
accessible_get_text (GtkAccessibleText *accessible)
{
  if (IRI_GTK_IS_TEXT (accessible))
    return IRI_GTK_TEXT (accessible);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (accessible));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (IRI_GTK_IS_TEXT (child))
        return IRI_GTK_TEXT (child);
    }
  return NULL;
}

/* GTK's bridge reads the contents as a C string (g_utf8_strlen (…, -1)
 * for CharacterCount), so the bytes end with a NUL. */
static GBytes *
text_bytes (IriGtkText *self,
            int         start,
            int         end)
{
  int start_byte = char_to_byte (self, start);
  int end_byte = char_to_byte (self, end);

  return g_bytes_new_take (g_strndup (self->text->str + start_byte, end_byte - start_byte),
                           end_byte - start_byte + 1);
}

static GBytes *
accessible_text_get_contents (GtkAccessibleText *accessible,
                              unsigned int       start,
                              unsigned int       end)
{
  IriGtkText *self = accessible_get_text (accessible);

  if (self == NULL)
    return g_bytes_new ("", 1);
  end = MIN (end, self->n_chars);
  start = MIN (start, end);
  return text_bytes (self, start, end);
}

/* A "word" of an IRI is a unit (scheme, host label, path segment…), as
 * for Ctrl+Left and Ctrl+Right; the text is one line and one sentence. */
static GBytes *
accessible_text_get_contents_at (GtkAccessibleText            *accessible,
                                 unsigned int                  offset,
                                 GtkAccessibleTextGranularity  granularity,
                                 unsigned int                 *start,
                                 unsigned int                 *end)
{
  IriGtkText *self = accessible_get_text (accessible);
  int n, s, e;

  if (self == NULL)
    {
      *start = *end = 0;
      return g_bytes_new ("", 1);
    }
  n = self->n_chars;
  offset = MIN (offset, (unsigned int) n);
  switch (granularity)
    {
    case GTK_ACCESSIBLE_TEXT_GRANULARITY_CHARACTER:
      s = offset;
      e = MIN ((int) offset + 1, n);
      break;
    case GTK_ACCESSIBLE_TEXT_GRANULARITY_WORD:
      s = next_unit_boundary (self, offset + 1, -1);
      e = next_unit_boundary (self, offset, 1);
      break;
    case GTK_ACCESSIBLE_TEXT_GRANULARITY_SENTENCE:
    case GTK_ACCESSIBLE_TEXT_GRANULARITY_LINE:
    case GTK_ACCESSIBLE_TEXT_GRANULARITY_PARAGRAPH:
    default:
      s = 0;
      e = n;
      break;
    }
  *start = s;
  *end = e;
  return text_bytes (self, s, e);
}

static unsigned int
accessible_text_get_caret_position (GtkAccessibleText *accessible)
{
  IriGtkText *self = accessible_get_text (accessible);

  return self != NULL ? self->cursor : 0;
}

static gboolean
accessible_text_get_selection (GtkAccessibleText       *accessible,
                               gsize                   *n_ranges,
                               GtkAccessibleTextRange **ranges)
{
  IriGtkText *self = accessible_get_text (accessible);

  *n_ranges = 0;
  if (self == NULL || self->cursor == self->bound)
    return FALSE;

  *n_ranges = 1;
  if (ranges != NULL)
    {
      *ranges = g_new (GtkAccessibleTextRange, 1);
      (*ranges)[0].start = MIN (self->cursor, self->bound);
      (*ranges)[0].length = ABS (self->cursor - self->bound);
    }
  return TRUE;
}

/* Where a finding is shown: its span, or the character before an empty
 * span, as the underline and the tooltip do. */
static void
finding_extent (IriGtkText    *self,
                IriDiagnostic *diagnostic,
                int           *start,
                int           *end)
{
  *start = iri_diagnostic_get_start (diagnostic);
  *end = iri_diagnostic_get_end (diagnostic);
  if (*end <= *start)
    {
      *start = CLAMP (*start, 0, MAX ((int) self->n_chars - 1, 0));
      *end = *start + 1;
    }
}

static const char *
severity_attribute (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return "error";
    case IRI_SEVERITY_WARNING:
      return "warning";
    case IRI_SEVERITY_INFO:
    case IRI_SEVERITY_NONE:
    default:
      return "note";
    }
}

/* The findings as text attributes, over the run of characters around
 * @offset that the same findings cover:
 *
 *  - "underline": how they are drawn ("error" for a squiggle, "double"
 *    for a warning, "single" for a note), as GTK names Pango's
 *    underlines;
 *  - "invalid": "true" over an error (as ARIA's aria-invalid);
 *  - "iri-finding": the highest severity ("error", "warning", "note");
 *  - "iri-finding-code": their codes (docs/diagnostics.md), with ", ";
 *  - "iri-finding-message": their messages for assistive technology
 *    (quotes of the display in logical order), with a space. */
static gboolean
accessible_text_get_attributes (GtkAccessibleText       *accessible,
                                unsigned int             offset,
                                gsize                   *n_ranges,
                                GtkAccessibleTextRange **ranges,
                                char                  ***attribute_names,
                                char                  ***attribute_values)
{
  IriGtkText *self = accessible_get_text (accessible);
  g_autoptr(GString) codes = g_string_new (NULL);
  g_autoptr(GString) messages = g_string_new (NULL);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  IriSeverity highest = IRI_SEVERITY_NONE;
  int run_start = 0, run_end;
  guint n_attributes = 0;

  *n_ranges = 0;
  if (self == NULL || self->analysis == NULL)
    return FALSE;

  run_end = self->n_chars;
  for (guint k = 0; k < iri_analysis_get_n_diagnostics (self->analysis); k++)
    {
      IriDiagnostic *diagnostic = iri_analysis_get_diagnostic (self->analysis, k);
      int start, end;

      finding_extent (self, diagnostic, &start, &end);
      /* The run ends at the nearest edge of any finding. */
      if (start <= (int) offset)
        run_start = MAX (run_start, (int) offset < end ? start : end);
      else
        run_end = MIN (run_end, start);
      if (end > (int) offset)
        run_end = MIN (run_end, end);
      if ((int) offset < start || (int) offset >= end)
        continue;

      highest = MAX (highest, iri_diagnostic_get_severity (diagnostic));
      if (codes->len > 0)
        g_string_append (codes, ", ");
      g_string_append (codes, iri_diagnostic_get_code (diagnostic));
      {
        g_autofree char *message = iri_diagnostic_dup_accessible_message (diagnostic);

        if (messages->len > 0)
          g_string_append_c (messages, ' ');
        g_string_append (messages, message);
      }
    }
  if (codes->len == 0)
    return FALSE;

  g_strv_builder_add (names, GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE);
  g_strv_builder_add (values, highest == IRI_SEVERITY_ERROR ? GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE_ERROR
                              : highest == IRI_SEVERITY_WARNING ? GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE_DOUBLE
                              : GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE_SINGLE);
  n_attributes++;
  if (highest == IRI_SEVERITY_ERROR)
    {
      g_strv_builder_add (names, "invalid");
      g_strv_builder_add (values, "true");
      n_attributes++;
    }
  g_strv_builder_add (names, "iri-finding");
  g_strv_builder_add (values, severity_attribute (highest));
  g_strv_builder_add (names, "iri-finding-code");
  g_strv_builder_add (values, codes->str);
  g_strv_builder_add (names, "iri-finding-message");
  g_strv_builder_add (values, messages->str);
  n_attributes += 3;

  *n_ranges = n_attributes;
  if (ranges != NULL)
    {
      *ranges = g_new (GtkAccessibleTextRange, n_attributes);
      for (guint k = 0; k < n_attributes; k++)
        {
          (*ranges)[k].start = run_start;
          (*ranges)[k].length = run_end - run_start;
        }
    }
  if (attribute_names != NULL)
    *attribute_names = g_strv_builder_end (names);
  if (attribute_values != NULL)
    *attribute_values = g_strv_builder_end (values);
  return TRUE;
}

static void
accessible_text_get_default_attributes (GtkAccessibleText   *accessible,
                                        char              ***attribute_names,
                                        char              ***attribute_values)
{
  static const char * const names[] = { GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE, "invalid", NULL };
  static const char * const values[] = { GTK_ACCESSIBLE_ATTRIBUTE_UNDERLINE_NONE, "false", NULL };

  if (attribute_names != NULL)
    *attribute_names = g_strdupv ((char **) names);
  if (attribute_values != NULL)
    *attribute_values = g_strdupv ((char **) values);
}

void
iri_gtk_text_accessible_text_init (GtkAccessibleTextInterface *iface)
{
  iface->get_contents = accessible_text_get_contents;
  iface->get_contents_at = accessible_text_get_contents_at;
  iface->get_caret_position = accessible_text_get_caret_position;
  iface->get_selection = accessible_text_get_selection;
  iface->get_attributes = accessible_text_get_attributes;
  iface->get_default_attributes = accessible_text_get_default_attributes;
}

/* The accessible assistive technology sees: the entry or the view. */
static GtkAccessibleText *
accessible_text_owner (IriGtkText *self)
{
  GtkAccessible *owner = self->accessible_owner != NULL ? self->accessible_owner : GTK_ACCESSIBLE (self);

  return GTK_IS_ACCESSIBLE_TEXT (owner) && !self->in_dispose ? GTK_ACCESSIBLE_TEXT (owner) : NULL;
}

G_GNUC_END_IGNORE_DEPRECATIONS

#endif /* GTK 4.14 */

#if GTK_CHECK_VERSION (4, 10, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* newer than GDK_VERSION_MAX_ALLOWED */

/* The entry and the view hand the keyboard focus to their text, which
 * has no accessible of its own (role NONE, as GtkText in GtkEntry): the
 * focus states of their accessible are those of the text, so a screen
 * reader sees the field it reads as the focused one. */
static gboolean
owner_get_platform_state (GtkAccessible              *accessible,
                          GtkAccessiblePlatformState  state)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (accessible));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (IRI_GTK_IS_TEXT (child))
        return gtk_accessible_get_platform_state (GTK_ACCESSIBLE (child), state);
    }
  return FALSE;
}

void
iri_gtk_text_owner_accessible_init (GtkAccessibleInterface *iface)
{
  GtkAccessibleInterface *parent_iface = g_type_interface_peek_parent (iface);

  iface->get_at_context = parent_iface->get_at_context;
  iface->get_platform_state = owner_get_platform_state;
}

G_GNUC_END_IGNORE_DEPRECATIONS
#endif /* GTK 4.10 */

/* The focus moved in or out of the text: tell assistive technology that
 * the owner's focus state changed (its state is the text's). */
static void
accessible_focus_changed (IriGtkText *self)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (self->accessible_owner != NULL && !self->in_dispose)
    gtk_accessible_update_platform_state (self->accessible_owner, GTK_ACCESSIBLE_PLATFORM_STATE_FOCUSED);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

/* The changes assistive technology is told about, as GtkText tells
 * them.  A removal is announced before the text goes (the bridge sends
 * the removed text along), an insertion after it came. */
static void
accessible_text_changed (IriGtkText *self,
                         gboolean    inserted,
                         int         start,
                         int         end)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkAccessibleText *owner = accessible_text_owner (self);

  if (owner != NULL)
    gtk_accessible_text_update_contents (owner,
                                         inserted ? GTK_ACCESSIBLE_TEXT_CONTENT_CHANGE_INSERT
                                                  : GTK_ACCESSIBLE_TEXT_CONTENT_CHANGE_REMOVE,
                                         start, end);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

static void
accessible_positions_changed (IriGtkText *self,
                              gboolean    cursor_moved,
                              gboolean    bound_moved)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkAccessibleText *owner = accessible_text_owner (self);

  if (owner == NULL)
    return;
  if (cursor_moved)
    gtk_accessible_text_update_caret_position (owner);
  if (bound_moved || (cursor_moved && self->cursor != self->bound))
    gtk_accessible_text_update_selection_bound (owner);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

/* ------------------------------------------------------------------ */
/* GObject */

static void
iri_gtk_text_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  IriGtkText *self = IRI_GTK_TEXT (object);

  switch (prop_id)
    {
    case PROP_URI_HOST_MAPPING:
      iri_gtk_text_set_uri_host_mapping (self, g_value_get_enum (value));
      break;
    case PROP_DISPLAY_MODE:
      iri_gtk_text_set_display_mode (self, g_value_get_enum (value));
      break;
    case PROP_KNOWN_HOSTS:
      iri_gtk_text_set_known_hosts (self, g_value_get_boxed (value));
      break;
    case PROP_CONVERT_URIS:
      iri_gtk_text_set_convert_uris (self, g_value_get_boolean (value));
      break;
    case PROP_DISPLAY_POLICY:
      iri_gtk_text_set_display_policy (self, g_value_get_enum (value));
      break;
    case PROP_ELIDE:
      iri_gtk_text_set_elide (self, g_value_get_boolean (value));
      break;
    case PROP_EDITABLE_FIELD:
      self->editable_field = g_value_get_boolean (value);
      self->editable = self->editable_field;
      break;

    case N_PROPS + GTK_EDITABLE_PROP_TEXT:
      iri_gtk_text_set_text (self, g_value_get_string (value));
      break;
    case N_PROPS + GTK_EDITABLE_PROP_EDITABLE:
      {
        gboolean editable = g_value_get_boolean (value) && self->editable_field;

        if (editable != self->editable)
          {
            self->editable = editable;
            if (self->im_context != NULL && !editable)
              gtk_im_context_reset (self->im_context);
            update_actions (self);
            reset_blink (self);
            gtk_widget_queue_draw (GTK_WIDGET (self));
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case N_PROPS + GTK_EDITABLE_PROP_WIDTH_CHARS:
      if (self->width_chars != g_value_get_int (value))
        {
          self->width_chars = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case N_PROPS + GTK_EDITABLE_PROP_MAX_WIDTH_CHARS:
      if (self->max_width_chars != g_value_get_int (value))
        {
          self->max_width_chars = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case N_PROPS + GTK_EDITABLE_PROP_XALIGN:
      if (self->xalign != g_value_get_float (value))
        {
          self->xalign = g_value_get_float (value);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case N_PROPS + GTK_EDITABLE_PROP_ENABLE_UNDO:
      if (iri_gtk_history_get_enabled (self->history) != g_value_get_boolean (value))
        {
          iri_gtk_history_set_enabled (self->history, g_value_get_boolean (value));
          update_actions (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_text_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IriGtkText *self = IRI_GTK_TEXT (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;
    case PROP_URI_HOST_MAPPING:
      g_value_set_enum (value, self->host_mapping);
      break;
    case PROP_DISPLAY_MODE:
      g_value_set_enum (value, self->display_mode);
      break;
    case PROP_DIAGNOSTICS:
      g_value_set_object (value, self->diagnostics);
      break;
    case PROP_HIGHEST_SEVERITY:
      g_value_set_enum (value, self->highest);
      break;
    case PROP_KNOWN_HOSTS:
      g_value_set_boxed (value, iri_analyzer_get_known_hosts (self->analyzer));
      break;
    case PROP_CONVERT_URIS:
      g_value_set_boolean (value, self->convert_uris);
      break;
    case PROP_DISPLAY_POLICY:
      g_value_set_enum (value, iri_display_policy_get_level (self->display_policy));
      break;
    case PROP_MISSING_GLYPHS:
      g_value_set_boolean (value, self->missing_glyphs);
      break;
    case PROP_ELIDE:
      g_value_set_boolean (value, self->elide);
      break;
    case PROP_EDITABLE_FIELD:
      g_value_set_boolean (value, self->editable_field);
      break;

    case N_PROPS + GTK_EDITABLE_PROP_TEXT:
      g_value_set_string (value, self->text->str);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_CURSOR_POSITION:
      g_value_set_int (value, self->cursor);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_SELECTION_BOUND:
      g_value_set_int (value, self->bound);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_EDITABLE:
      g_value_set_boolean (value, self->editable);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_WIDTH_CHARS:
      g_value_set_int (value, self->width_chars);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_MAX_WIDTH_CHARS:
      g_value_set_int (value, self->max_width_chars);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_XALIGN:
      g_value_set_float (value, self->xalign);
      break;
    case N_PROPS + GTK_EDITABLE_PROP_ENABLE_UNDO:
      g_value_set_boolean (value, iri_gtk_history_get_enabled (self->history));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_text_constructed (GObject *object)
{
  IriGtkText *self = IRI_GTK_TEXT (object);
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  G_OBJECT_CLASS (iri_gtk_text_parent_class)->constructed (object);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_set_cursor_from_name (widget, "text");

  for (guint k = 0; k < IRI_GTK_N_UNIT_STYLES; k++)
    self->style_nodes[k] = iri_gtk_style_node_new (widget, "unit", unit_style_classes[k]);
  for (guint k = IRI_SEVERITY_INFO; k <= IRI_SEVERITY_ERROR; k++)
    self->severity_nodes[k] = iri_gtk_style_node_new (widget, "diagnostic", severity_classes[k]);

  if (self->editable_field)
    {
      /* An IRI field: URL input purpose, and no spell checking (an
       * address is not a word of any language). */
      self->im_context = gtk_im_multicontext_new ();
      g_object_set (self->im_context,
                    "input-purpose", GTK_INPUT_PURPOSE_URL,
                    "input-hints", GTK_INPUT_HINT_NO_SPELLCHECK,
                    NULL);
      g_signal_connect (self->im_context, "commit", G_CALLBACK (im_commit_cb), self);
      g_signal_connect (self->im_context, "preedit-changed", G_CALLBACK (im_preedit_changed_cb), self);
      g_signal_connect (self->im_context, "retrieve-surrounding", G_CALLBACK (im_retrieve_surrounding_cb), self);
      g_signal_connect (self->im_context, "delete-surrounding", G_CALLBACK (im_delete_surrounding_cb), self);
    }

  controller = gtk_event_controller_key_new ();
  if (self->im_context != NULL)
    gtk_event_controller_key_set_im_context (GTK_EVENT_CONTROLLER_KEY (controller), self->im_context);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (focus_enter_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect (gesture, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
  self->drag_gesture = gesture;

  self->drag_source = gtk_drag_source_new ();
  g_signal_connect (self->drag_source, "prepare", G_CALLBACK (drag_prepare_cb), self);
  g_signal_connect (self->drag_source, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag_source, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->drag_source));

  if (self->editable_field)
    {
      GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);

      gtk_drop_target_set_gtypes (target, (GType[]) { GDK_TYPE_FILE_LIST, G_TYPE_STRING }, 2);
      g_signal_connect (target, "motion", G_CALLBACK (drop_motion_cb), self);
      g_signal_connect (target, "leave", G_CALLBACK (drop_leave_cb), self);
      g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
      gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (target));
    }

  update_analysis (self);
}

static void
iri_gtk_text_dispose (GObject *object)
{
  IriGtkText *self = IRI_GTK_TEXT (object);

  self->in_dispose = TRUE;
  g_clear_handle_id (&self->blink_id, g_source_remove);
  g_clear_handle_id (&self->coverage_idle_id, g_source_remove);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_pointer (&self->links_popover, gtk_widget_unparent);
  g_clear_pointer (&self->findings_popover, gtk_widget_unparent);
  clear_pasted_links (self);
  for (guint k = 0; k < IRI_GTK_N_UNIT_STYLES; k++)
    g_clear_pointer (&self->style_nodes[k], gtk_widget_unparent);
  for (guint k = 0; k <= IRI_SEVERITY_ERROR; k++)
    g_clear_pointer (&self->severity_nodes[k], gtk_widget_unparent);
  if (self->im_context != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->im_context, self);
      gtk_im_context_set_client_widget (self->im_context, NULL);
      g_clear_object (&self->im_context);
    }
  g_clear_object (&self->layout);
  g_clear_object (&self->pango_context);
  self->accessible_owner = NULL;

  G_OBJECT_CLASS (iri_gtk_text_parent_class)->dispose (object);
}

static void
iri_gtk_text_finalize (GObject *object)
{
  IriGtkText *self = IRI_GTK_TEXT (object);

  g_string_free (self->text, TRUE);
  g_free (self->log_attrs);
  g_clear_object (&self->analyzer);
  g_clear_object (&self->display_policy);
  g_clear_pointer (&self->analysis, iri_analysis_unref);
  g_free (self->uri);
  g_free (self->uri_error);
  g_clear_object (&self->diagnostics);
  g_clear_pointer (&self->display, iri_gtk_display_free);
  g_free (self->encode_chars);
  g_clear_pointer (&self->missing_chars, g_array_unref);
  g_free (self->preedit);
  g_clear_pointer (&self->preedit_attrs, pango_attr_list_unref);
  iri_gtk_history_free (self->history);

  G_OBJECT_CLASS (iri_gtk_text_parent_class)->finalize (object);
}

static void
iri_gtk_text_class_init (IriGtkTextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);


  object_class->constructed = iri_gtk_text_constructed;
  object_class->dispose = iri_gtk_text_dispose;
  object_class->finalize = iri_gtk_text_finalize;
  object_class->get_property = iri_gtk_text_get_property;
  object_class->set_property = iri_gtk_text_set_property;

  widget_class->measure = iri_gtk_text_measure;
  widget_class->size_allocate = iri_gtk_text_size_allocate;
  widget_class->snapshot = iri_gtk_text_snapshot;
  widget_class->query_tooltip = iri_gtk_text_query_tooltip;
  widget_class->grab_focus = iri_gtk_text_grab_focus;
  widget_class->css_changed = iri_gtk_text_css_changed;
  widget_class->root = iri_gtk_text_root;
  widget_class->realize = iri_gtk_text_realize;
  widget_class->unrealize = iri_gtk_text_unrealize;
  widget_class->unmap = iri_gtk_text_unmap;

  /* The same properties as IriGtkEntry's; see there for their
   * documentation. */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_URI_HOST_MAPPING] =
    g_param_spec_enum ("uri-host-mapping", NULL, NULL,
                       IRI_TYPE_HOST_MAPPING, IRI_HOST_MAPPING_UTS46,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISPLAY_MODE] =
    g_param_spec_enum ("display-mode", NULL, NULL,
                       IRI_TYPE_DISPLAY_MODE, IRI_DISPLAY_EMBED,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIAGNOSTICS] =
    g_param_spec_object ("diagnostics", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIGHEST_SEVERITY] =
    g_param_spec_enum ("highest-severity", NULL, NULL,
                       IRI_TYPE_SEVERITY, IRI_SEVERITY_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KNOWN_HOSTS] =
    g_param_spec_boxed ("known-hosts", NULL, NULL,
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONVERT_URIS] =
    g_param_spec_boolean ("convert-uris", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISPLAY_POLICY] =
    g_param_spec_enum ("display-policy", NULL, NULL,
                       IRI_TYPE_DISPLAY_LEVEL, IRI_DISPLAY_STRICT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MISSING_GLYPHS] =
    g_param_spec_boolean ("missing-glyphs", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ELIDE] =
    g_param_spec_boolean ("elide", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITABLE_FIELD] =
    g_param_spec_boolean ("editable-field", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_editable_install_properties (object_class, N_PROPS);
  {
    static const char * const names[GTK_EDITABLE_NUM_PROPERTIES] = {
      "text", "cursor-position", "selection-bound", "editable",
      "width-chars", "max-width-chars", "xalign", "enable-undo",
    };

    for (guint k = 0; k < GTK_EDITABLE_NUM_PROPERTIES; k++)
      editable_props[k] = g_object_class_find_property (object_class, names[k]);
  }

  signals[ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "clipboard.cut", NULL, clipboard_cut_cb);
  gtk_widget_class_install_action (widget_class, "clipboard.copy", NULL, clipboard_copy_cb);
  gtk_widget_class_install_action (widget_class, "clipboard.paste", NULL, clipboard_paste_cb);
  gtk_widget_class_install_action (widget_class, "selection.delete", NULL, selection_delete_cb);
  gtk_widget_class_install_action (widget_class, "selection.select-all", NULL, select_all_cb);
  gtk_widget_class_install_action (widget_class, "iri.copy-uri", NULL, copy_uri_cb);
  gtk_widget_class_install_action (widget_class, "text.undo", NULL, undo_cb);
  gtk_widget_class_install_action (widget_class, "text.redo", NULL, redo_cb);
  gtk_widget_class_install_action (widget_class, "menu.popup", NULL, popup_menu_cb);
  gtk_widget_class_install_action (widget_class, "iri.show-findings", NULL, show_findings_cb);

  /* Moving: visually by grapheme cluster with the arrows, by unit with
   * Control, to the ends with Home and End; Shift extends the
   * selection. */
  add_move_binding (widget_class, GDK_KEY_Right, 0, IRI_GTK_MOVE_VISUAL, 1);
  add_move_binding (widget_class, GDK_KEY_Left, 0, IRI_GTK_MOVE_VISUAL, -1);
  add_move_binding (widget_class, GDK_KEY_KP_Right, 0, IRI_GTK_MOVE_VISUAL, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Left, 0, IRI_GTK_MOVE_VISUAL, -1);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_CONTROL_MASK, IRI_GTK_MOVE_UNIT, 1);
  add_move_binding (widget_class, GDK_KEY_Left, GDK_CONTROL_MASK, IRI_GTK_MOVE_UNIT, -1);
  add_move_binding (widget_class, GDK_KEY_KP_Right, GDK_CONTROL_MASK, IRI_GTK_MOVE_UNIT, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Left, GDK_CONTROL_MASK, IRI_GTK_MOVE_UNIT, -1);
  add_move_binding (widget_class, GDK_KEY_Home, 0, IRI_GTK_MOVE_ENDS, -1);
  add_move_binding (widget_class, GDK_KEY_End, 0, IRI_GTK_MOVE_ENDS, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Home, 0, IRI_GTK_MOVE_ENDS, -1);
  add_move_binding (widget_class, GDK_KEY_KP_End, 0, IRI_GTK_MOVE_ENDS, 1);
  add_move_binding (widget_class, GDK_KEY_Home, GDK_CONTROL_MASK, IRI_GTK_MOVE_ENDS, -1);
  add_move_binding (widget_class, GDK_KEY_End, GDK_CONTROL_MASK, IRI_GTK_MOVE_ENDS, 1);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_BackSpace, 0, delete_binding_cb, "(ii)", IRI_GTK_MOVE_LOGICAL, -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_BackSpace, GDK_SHIFT_MASK, delete_binding_cb, "(ii)", IRI_GTK_MOVE_LOGICAL, -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Delete, 0, delete_binding_cb, "(ii)", IRI_GTK_MOVE_LOGICAL, 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Delete, 0, delete_binding_cb, "(ii)", IRI_GTK_MOVE_LOGICAL, 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_BackSpace, GDK_CONTROL_MASK, delete_binding_cb, "(ii)", IRI_GTK_MOVE_UNIT, -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Delete, GDK_CONTROL_MASK, delete_binding_cb, "(ii)", IRI_GTK_MOVE_UNIT, 1);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "selection.select-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "clipboard.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "clipboard.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "clipboard.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, GDK_SHIFT_MASK, "clipboard.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, GDK_CONTROL_MASK, "clipboard.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, GDK_SHIFT_MASK, "clipboard.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "text.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "text.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "menu.popup", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "menu.popup", NULL);
  /* Ctrl+F1 showed the tooltip of the focused widget in GTK 3; here it
   * shows what the tooltip of the character at the cursor says. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, GDK_CONTROL_MASK, "iri.show-findings", NULL);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, activate_binding_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_ISO_Enter, 0, activate_binding_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, activate_binding_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "iri-text");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_NONE);
}

static void
iri_gtk_text_init (IriGtkText *self)
{
  self->text = g_string_new (NULL);
  self->analyzer = iri_analyzer_new ();
  self->diagnostics = g_list_store_new (IRI_TYPE_DIAGNOSTIC);
  self->host_mapping = IRI_HOST_MAPPING_UTS46;
  iri_analyzer_set_host_mapping (self->analyzer, self->host_mapping);
  self->display_mode = IRI_DISPLAY_EMBED;
  self->display_policy = iri_display_policy_new (IRI_DISPLAY_STRICT);
  self->highest = IRI_SEVERITY_NONE;
  self->history = iri_gtk_history_new (&history_funcs, self);
  self->editable_field = TRUE;
  self->editable = TRUE;
  self->measured_height = -1;
  self->convert_uris = TRUE;
  self->width_chars = -1;
  self->max_width_chars = -1;
  self->dnd_position = -1;
  self->cursor_visible = TRUE;
  self->display_dirty = TRUE;
}

GtkWidget *
iri_gtk_text_new (gboolean editable_field)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  GtkAccessibleRole role = GTK_ACCESSIBLE_ROLE_NONE;
#else
  /* GTK 4.8 gives the focused and focusable states only to the
   * accessible of the focused widget itself, and has no public way to
   * pass them on (GtkAccessible.get_platform_state is private): the
   * text of an entry is the text box assistive technology sees there,
   * named by its entry (see iri_gtk_entry_init()), and the text of a
   * view is the label. */
  GtkAccessibleRole role = editable_field ? GTK_ACCESSIBLE_ROLE_TEXT_BOX : GTK_ACCESSIBLE_ROLE_LABEL;
#endif

  return g_object_new (IRI_GTK_TYPE_TEXT,
                       "editable-field", editable_field,
                       "css-name", editable_field ? "entry" : "iri-text",
                       "accessible-role", role,
                       NULL);
}

/* ------------------------------------------------------------------ */
/* Getters and setters */

const char *
iri_gtk_text_get_text (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->text->str;
}

/* Replaces the whole text.  Like GtkText, this is not an edit the user
 * made, so it clears the undo history; and it does nothing at all when
 * the text is the same. */
void
iri_gtk_text_set_text (IriGtkText *self,
                       const char *text)
{
  int position = 0;

  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (text == NULL)
    text = "";
  if (strcmp (text, self->text->str) == 0)
    return;

  begin_change (self);
  iri_gtk_history_begin_irreversible (self->history);
  gtk_editable_delete_text (GTK_EDITABLE (self), 0, -1);
  gtk_editable_insert_text (GTK_EDITABLE (self), text, -1, &position);
  iri_gtk_history_end_irreversible (self->history);
  end_change (self);
}

const char *
iri_gtk_text_get_uri (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->uri;
}

const char *
iri_gtk_text_get_uri_error (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->uri_error;
}

IriHostMapping
iri_gtk_text_get_uri_host_mapping (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), IRI_HOST_MAPPING_UTS46);

  return self->host_mapping;
}

void
iri_gtk_text_set_uri_host_mapping (IriGtkText     *self,
                                   IriHostMapping  mapping)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));
  g_return_if_fail (mapping <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL);

  if (self->host_mapping == mapping)
    return;

  self->host_mapping = mapping;
  iri_analyzer_set_host_mapping (self->analyzer, mapping);
  g_object_freeze_notify (G_OBJECT (self));
  update_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URI_HOST_MAPPING]);
  g_object_thaw_notify (G_OBJECT (self));
}

IriDisplayMode
iri_gtk_text_get_display_mode (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), IRI_DISPLAY_EMBED);

  return self->display_mode;
}

void
iri_gtk_text_set_display_mode (IriGtkText     *self,
                               IriDisplayMode  mode)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));
  g_return_if_fail (mode <= IRI_DISPLAY_ISOLATE);

  if (self->display_mode == mode)
    return;

  self->display_mode = mode;
  iri_analyzer_set_display_mode (self->analyzer, mode);
  g_object_freeze_notify (G_OBJECT (self));
  update_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_MODE]);
  g_object_thaw_notify (G_OBJECT (self));
}

GListModel *
iri_gtk_text_get_diagnostics (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return G_LIST_MODEL (self->diagnostics);
}

IriSeverity
iri_gtk_text_get_highest_severity (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), IRI_SEVERITY_NONE);

  return self->highest;
}

const char * const *
iri_gtk_text_get_known_hosts (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return iri_analyzer_get_known_hosts (self->analyzer);
}

static gboolean
strv_equal (const char * const *a,
            const char * const *b)
{
  if (a == NULL || b == NULL)
    return (a == NULL || a[0] == NULL) && (b == NULL || b[0] == NULL);
  return g_strv_equal (a, b);
}

void
iri_gtk_text_set_known_hosts (IriGtkText         *self,
                              const char * const *hosts)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  if (strv_equal (hosts, iri_analyzer_get_known_hosts (self->analyzer)))
    return;

  iri_analyzer_set_known_hosts (self->analyzer, hosts);
  /* The same list for what a paste shows (§5a) as for the analysis. */
  iri_display_policy_set_known_hosts (self->display_policy, hosts);
  g_object_freeze_notify (G_OBJECT (self));
  update_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_HOSTS]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
iri_gtk_text_get_convert_uris (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), FALSE);

  return self->convert_uris;
}

void
iri_gtk_text_set_convert_uris (IriGtkText *self,
                               gboolean    convert)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  convert = !!convert;
  if (self->convert_uris == convert)
    return;

  self->convert_uris = convert;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONVERT_URIS]);
}

IriDisplayLevel
iri_gtk_text_get_display_policy (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), IRI_DISPLAY_STRICT);

  return iri_display_policy_get_level (self->display_policy);
}

/* The level changes what the next paste or drop shows, not the text
 * already there: nothing is analysed again. */
void
iri_gtk_text_set_display_policy (IriGtkText      *self,
                                 IriDisplayLevel  level)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));
  g_return_if_fail (level == IRI_DISPLAY_STRICT || level == IRI_DISPLAY_PERMISSIVE);

  if (iri_display_policy_get_level (self->display_policy) == level)
    return;

  iri_display_policy_set_level (self->display_policy, level);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_POLICY]);
}

gboolean
iri_gtk_text_get_missing_glyphs (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), FALSE);

  return self->missing_glyphs;
}

gboolean
iri_gtk_text_get_elide (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), FALSE);

  return self->elide;
}

void
iri_gtk_text_set_elide (IriGtkText *self,
                        gboolean    elide)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  elide = !!elide;
  if (self->elide == elide)
    return;

  self->elide = elide;
  self->elided_width = -1;
  invalidate_display (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELIDE]);
}

IriAnalysis *
iri_gtk_text_get_analysis (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  return self->analysis;
}

void
iri_gtk_text_set_accessible_owner (IriGtkText    *self,
                                   GtkAccessible *owner)
{
  g_return_if_fail (IRI_GTK_IS_TEXT (self));

  self->accessible_owner = owner;
  update_accessible (self);
}

/* The widgets that hold an IriGtkText (the entry, the view) hand their
 * own grab_focus to it, as GtkEntry does to its GtkText.  GtkWidget's
 * default focus vfunc grabs a focusable widget again when focus leaves
 * its last child, so Tab from the text (or from the entry's copy
 * button) came back to the text: a keyboard trap.  Here the focus only
 * moves through the children, in their order (top to bottom), and
 * leaves the widget after the last one. */
gboolean
iri_gtk_text_owner_focus (GtkWidget        *owner,
                          GtkDirectionType  direction)
{
  GtkWidget *focus_child = gtk_widget_get_focus_child (owner);
  gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP ||
                      direction == GTK_DIR_LEFT;
  gboolean past = focus_child == NULL;

  for (GtkWidget *child = backward ? gtk_widget_get_last_child (owner) : gtk_widget_get_first_child (owner);
       child != NULL;
       child = backward ? gtk_widget_get_prev_sibling (child) : gtk_widget_get_next_sibling (child))
    {
      if (!past)
        {
          if (child != focus_child)
            continue;
          past = TRUE;
        }
      if (gtk_widget_child_focus (child, direction))
        return TRUE;
    }
  return FALSE;
}

PangoLayout *
iri_gtk_text_get_layout (IriGtkText *self)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), NULL);

  ensure_layout (self);
  return self->layout;
}

int
iri_gtk_text_position_to_index (IriGtkText *self,
                                int         position)
{
  g_return_val_if_fail (IRI_GTK_IS_TEXT (self), 0);

  ensure_layout (self);
  return iri_gtk_display_logical_to_index (self->display, position);
}
