/* iri-bidi-diagram.c: the stored order and the display, joined by lines
 *
 * The picture teachers draw by hand (the W3C's bidi examples): the
 * characters as stored, left to right in memory order, above the
 * characters as displayed, with a line from each to where it goes.
 * Each character is drawn alone in its box, so Arabic letters show in
 * their isolated forms; the box's colour is its level (UAX #9 I1–I2,
 * L1): white at level 0, warm at odd (right-to-left) levels, cool at
 * even levels above 0.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "iri-bidi-diagram.h"

#define MARGIN 16.0
#define LABEL_HEIGHT 20.0
#define BOX_WIDTH 34.0
#define BOX_HEIGHT 46.0
#define ROW_GAP 72.0
#define MIN_WIDTH 360.0

struct _IriBidiDiagram
{
  IriBidiTrace *trace;
  GArray       *boxes;     /* IriBidiDiagramBox: stored row, then display row */
  double        width;
  double        height;
  double        top;       /* y of the stored row */
  double        bottom;    /* y of the display row */
};

IriBidiDiagram *
iri_bidi_diagram_new (IriBidiTrace *trace)
{
  IriBidiDiagram *self = g_new0 (IriBidiDiagram, 1);
  gsize n = iri_bidi_trace_get_n_chars (trace);

  self->trace = iri_bidi_trace_ref (trace);
  self->boxes = g_array_sized_new (FALSE, FALSE, sizeof (IriBidiDiagramBox), 2 * n);
  self->width = MAX (MIN_WIDTH, 2 * MARGIN + n * BOX_WIDTH);
  self->top = MARGIN + LABEL_HEIGHT;
  self->bottom = self->top + BOX_HEIGHT + ROW_GAP;
  self->height = self->bottom + BOX_HEIGHT + 2 * LABEL_HEIGHT + 8 + MARGIN;

  for (gsize i = 0; i < n; i++)
    {
      IriBidiDiagramBox box = { MARGIN + i * BOX_WIDTH, self->top, BOX_WIDTH, BOX_HEIGHT, i, FALSE };

      g_array_append_val (self->boxes, box);
    }
  for (gsize v = 0; v < n; v++)
    {
      IriBidiDiagramBox box = { MARGIN + v * BOX_WIDTH, self->bottom, BOX_WIDTH, BOX_HEIGHT,
                                iri_bidi_trace_visual_to_logical (trace, v), TRUE };

      g_array_append_val (self->boxes, box);
    }
  return self;
}

void
iri_bidi_diagram_free (IriBidiDiagram *self)
{
  if (self == NULL)
    return;
  iri_bidi_trace_unref (self->trace);
  g_array_unref (self->boxes);
  g_free (self);
}

void
iri_bidi_diagram_get_size (IriBidiDiagram *self,
                           double         *width,
                           double         *height)
{
  if (width != NULL)
    *width = self->width;
  if (height != NULL)
    *height = self->height;
}

guint
iri_bidi_diagram_get_n_boxes (IriBidiDiagram *self)
{
  return self->boxes->len;
}

const IriBidiDiagramBox *
iri_bidi_diagram_get_box (IriBidiDiagram *self,
                          guint           box)
{
  g_return_val_if_fail (box < self->boxes->len, NULL);

  return &g_array_index (self->boxes, IriBidiDiagramBox, box);
}

static void
set_level_fill (cairo_t *cr,
                guint    level)
{
  if (level == 0)
    cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  else if (level & 1)
    cairo_set_source_rgb (cr, 0.98, 0.85, 0.71);
  else
    cairo_set_source_rgb (cr, 0.81, 0.88, 0.97);
}

static void
set_level_line (cairo_t *cr,
                guint    level)
{
  if (level == 0)
    cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  else if (level & 1)
    cairo_set_source_rgb (cr, 0.79, 0.39, 0.11);
  else
    cairo_set_source_rgb (cr, 0.24, 0.43, 0.71);
}

/* A layout for the text of the boxes in @font, made once per drawing:
 * one line, left to right, so that a box's text is never reordered. */
static PangoLayout *
box_layout_new (cairo_t    *cr,
                const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_layout_set_auto_dir (layout, FALSE);
  pango_font_description_free (description);
  return layout;
}

/* @text centred at (@x, @y) with @layout. */
static void
show_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y,
           double       max_width)
{
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  cairo_save (cr);
  if (logical.width > max_width)
    {
      /* Long names (U+XXXX) are squeezed into the box. */
      double scale = max_width / logical.width;

      cairo_translate (cr, x - logical.width * scale / 2, y - logical.height * scale / 2);
      cairo_scale (cr, scale, scale);
    }
  else
    cairo_translate (cr, x - logical.width / 2.0, y - logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

void
iri_bidi_diagram_draw (IriBidiDiagram *self,
                       cairo_t        *cr)
{
  iri_bidi_diagram_draw_range (self, cr, -G_MAXDOUBLE, G_MAXDOUBLE);
}

void
iri_bidi_diagram_draw_range (IriBidiDiagram *self,
                             cairo_t        *cr,
                             double          left,
                             double          right)
{
  IriBidiTrace *trace = self->trace;
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autoptr(PangoLayout) char_layout = box_layout_new (cr, "Sans 15");
  g_autoptr(PangoLayout) index_layout = box_layout_new (cr, "Sans 8");

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_paint (cr);

  /* The lines, under the boxes; those in view. */
  cairo_set_line_width (cr, 1.5);
  for (gsize i = 0; i < n; i++)
    {
      double x0 = MARGIN + i * BOX_WIDTH + BOX_WIDTH / 2;
      double x1 = MARGIN + iri_bidi_trace_logical_to_visual (trace, i) * BOX_WIDTH + BOX_WIDTH / 2;
      double y0 = self->top + BOX_HEIGHT, y1 = self->bottom;

      if (MAX (x0, x1) < left || MIN (x0, x1) > right)
        continue;
      set_level_line (cr, iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_LINE, i));
      cairo_move_to (cr, x0, y0);
      cairo_curve_to (cr, x0, y0 + ROW_GAP / 2, x1, y1 - ROW_GAP / 2, x1, y1);
      cairo_stroke (cr);
    }

  for (guint b = 0; b < self->boxes->len; b++)
    {
      const IriBidiDiagramBox *box = &g_array_index (self->boxes, IriBidiDiagramBox, b);
      gunichar c, mirror;
      g_autofree char *label = NULL;
      g_autofree char *index = NULL;
      gboolean removed;

      if (box->x + box->width < left || box->x > right)
        continue;
      c = iri_bidi_trace_get_char (trace, box->index);
      mirror = box->visual_row ? iri_bidi_trace_get_mirror (trace, box->index) : 0;
      label = iri_bidi_diagram_char_label (mirror != 0 ? mirror : c);
      index = g_strdup_printf ("%lu", (gulong) box->index);
      removed = iri_bidi_trace_is_removed (trace, box->index);
      cairo_rectangle (cr, box->x + 1, box->y, box->width - 2, box->height);
      if (removed)
        cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
      else
        set_level_fill (cr, iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_LINE, box->index));
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_set_line_width (cr, 1.0);
      if (removed)
        cairo_set_dash (cr, (double[]) { 3.0, 2.0 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
      show_text (cr, char_layout, label, box->x + box->width / 2, box->y + 17, box->width - 6);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      show_text (cr, index_layout, index, box->x + box->width / 2, box->y + box->height - 9, box->width - 4);
    }

  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  {
    /* Translators: above the row of characters in stored order, in the
     * picture of "iri explain --svg" */
    const char *stored = _("Stored order (logical)");
    /* Translators: under the row of characters as displayed */
    const char *shown = _("Display (visual order)");
    /* Translators: the legend of the picture's colours */
    const char *legend = _("white: level 0 · orange: odd levels (right-to-left) · blue: even levels above 0");
    PangoLayout *layout = pango_cairo_create_layout (cr);
    PangoFontDescription *description = pango_font_description_from_string ("Sans Bold 10");

    pango_layout_set_font_description (layout, description);
    pango_layout_set_text (layout, stored, -1);
    cairo_move_to (cr, MARGIN, MARGIN);
    pango_cairo_show_layout (cr, layout);
    pango_layout_set_text (layout, shown, -1);
    cairo_move_to (cr, MARGIN, self->bottom + BOX_HEIGHT + 6);
    pango_cairo_show_layout (cr, layout);
    pango_font_description_free (description);
    description = pango_font_description_from_string ("Sans 9");
    pango_layout_set_font_description (layout, description);
    pango_layout_set_text (layout, legend, -1);
    cairo_move_to (cr, MARGIN, self->bottom + BOX_HEIGHT + 6 + LABEL_HEIGHT);
    pango_cairo_show_layout (cr, layout);
    pango_font_description_free (description);
    g_object_unref (layout);
  }
  cairo_restore (cr);
}

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

gboolean
iri_bidi_diagram_save (IriBidiDiagram        *self,
                       const char            *path,
                       IriBidiDiagramFormat   format,
                       GError               **error)
{
  gboolean to_stdout = g_str_equal (path, "-");
  FILE *file = to_stdout ? stdout : g_fopen (path, "wb");
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  int saved_errno;

  if (file == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s is a file name, then the reason */
                   _("Cannot write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }

  if (format == IRI_BIDI_DIAGRAM_SVG)
    surface = cairo_svg_surface_create_for_stream (write_cb, file, self->width, self->height);
  else
    {
      /* Twice the size, for slides and high-resolution screens. */
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (2 * self->width), (int) (2 * self->height));
    }
  cr = cairo_create (surface);
  if (format == IRI_BIDI_DIAGRAM_PNG)
    cairo_scale (cr, 2, 2);
  iri_bidi_diagram_draw (self, cr);
  cairo_destroy (cr);
  if (format == IRI_BIDI_DIAGRAM_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_cb, file);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  saved_errno = 0;
  if (to_stdout ? fflush (file) != 0 : fclose (file) != 0)
    saved_errno = errno;
  if (status != CAIRO_STATUS_SUCCESS || saved_errno != 0)
    {
      g_set_error (error, G_FILE_ERROR, saved_errno != 0 ? g_file_error_from_errno (saved_errno) : G_FILE_ERROR_IO,
                   _("Cannot write “%s”: %s"), path,
                   saved_errno != 0 ? g_strerror (saved_errno) : cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
