/* iri-inspector-cell.c: one line of text in a cell of the app's tables
 *
 * What a GtkInscription does for a table cell (a size from a width in
 * characters, not from the text; one line, ellipsized at its end), made
 * cheap for the rows a cell is not drawn in.  GTK 4.8's list views make
 * about 205 rows whatever the height of the view, ten cells each on the
 * Characters page, and most are never on screen.  A GtkInscription
 * makes a PangoContext of its own when it is created (about 82 000
 * instructions: the context takes the widget's CSS font) and asks it
 * for font metrics at each measure (about 96 000 more: Pango shapes a
 * sample text for them): 420 M of the 490 M instructions the 205 rows
 * took at the start of the app on that page with a 2 000-character IRI
 * (callgrind, GTK 4.8).
 *
 * A cell instead measures itself with metrics that all the cells of a
 * table share: those of the table's font, in its monospace family for a
 * monospace cell (the "monospace" style class sets only the family,
 * and nothing else in the theme sets a font inside a column view).  It
 * makes its own context and layout only when it is first drawn, from
 * its own CSS, so what is on screen is exactly what the theme asks for.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-inspector-cell.h"

struct _IriInspectorCell
{
  GtkWidget    parent_instance;

  char        *text;
  PangoLayout *layout;   /* made when first drawn */
  guint        min_chars;
  guint        nat_chars;
  guint        monospace : 1;
};

G_DEFINE_FINAL_TYPE (IriInspectorCell, iri_inspector_cell, GTK_TYPE_WIDGET)

/* The metrics of a font in a context, in Pango units.  The key is all
 * that they depend on: the font, the font map (which changes when fonts
 * are installed; its serial says when), the resolution (text scaling)
 * and the language. */
typedef struct {
  PangoFontDescription *font;
  PangoFontMap         *font_map;
  guint                 font_map_serial;
  double                resolution;
  PangoLanguage        *language;
  int                   char_width;
  int                   line_height;
} CellMetrics;

/* A few fonts at a time: the proportional and monospace ones of the
 * tables, and briefly the old ones when a setting changes. */
#define N_CACHED_METRICS 4

static CellMetrics cached_metrics[N_CACHED_METRICS];
static guint next_cached_metrics;

static const CellMetrics *
get_metrics (IriInspectorCell *self)
{
  GtkWidget *table = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_COLUMN_VIEW);
  PangoContext *context = gtk_widget_get_pango_context (table != NULL ? table : GTK_WIDGET (self));
  g_autoptr(PangoFontDescription) font = pango_font_description_copy (pango_context_get_font_description (context));
  PangoFontMap *font_map = pango_context_get_font_map (context);
  guint font_map_serial = pango_font_map_get_serial (font_map);
  double resolution = pango_cairo_context_get_resolution (context);
  PangoLanguage *language = pango_context_get_language (context);
  PangoFontMetrics *metrics;
  CellMetrics *entry;

  /* Outside a table a cell has its own font already. */
  if (self->monospace && table != NULL)
    pango_font_description_set_family (font, "monospace");

  for (guint i = 0; i < N_CACHED_METRICS; i++)
    {
      entry = &cached_metrics[i];
      if (entry->font != NULL && entry->font_map == font_map && entry->font_map_serial == font_map_serial &&
          entry->resolution == resolution && entry->language == language &&
          pango_font_description_equal (entry->font, font))
        return entry;
    }

  entry = &cached_metrics[next_cached_metrics];
  next_cached_metrics = (next_cached_metrics + 1) % N_CACHED_METRICS;
  g_clear_pointer (&entry->font, pango_font_description_free);
  g_clear_object (&entry->font_map);

  metrics = pango_context_get_metrics (context, font, language);
  /* As GtkInscription: a character is the wider of the average
   * character and digit. */
  entry->char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                           pango_font_metrics_get_approximate_digit_width (metrics));
  entry->line_height = pango_font_metrics_get_height (metrics);
  if (entry->line_height <= 0)
    entry->line_height = pango_font_metrics_get_ascent (metrics) + pango_font_metrics_get_descent (metrics);
  pango_font_metrics_unref (metrics);

  entry->font = g_steal_pointer (&font);
  entry->font_map = g_object_ref (font_map);
  entry->font_map_serial = font_map_serial;
  entry->resolution = resolution;
  entry->language = language;
  return entry;
}

static void
iri_inspector_cell_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  IriInspectorCell *self = IRI_INSPECTOR_CELL (widget);
  const CellMetrics *metrics = get_metrics (self);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = PANGO_PIXELS_CEIL (self->min_chars * metrics->char_width);
      *natural = PANGO_PIXELS_CEIL (MAX (self->min_chars, self->nat_chars) * metrics->char_width);
    }
  else
    *minimum = *natural = PANGO_PIXELS_CEIL (metrics->line_height);
}

static void
ensure_layout (IriInspectorCell *self)
{
  if (self->layout != NULL)
    return;

  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->text);
  pango_layout_set_single_paragraph_mode (self->layout, TRUE);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
}

static void
iri_inspector_cell_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  IriInspectorCell *self = IRI_INSPECTOR_CELL (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  PangoRectangle logical;
  GdkRGBA color;

  if (self->text == NULL || self->text[0] == '\0' || width <= 0)
    return;

  ensure_layout (self);
  /* The text starts at the cell's start edge, as GtkInscription's with
   * an xalign of 0: the row puts a mark of the UI's direction before
   * text of the other one (iri-inspector-row.c), so every paragraph has
   * the direction of the context, for which Pango takes the alignment
   * as it is (it swaps left and right only for a paragraph of the other
   * direction). */
  pango_layout_set_alignment (self->layout, gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL
                                            ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_width (self->layout, width * PANGO_SCALE);
  pango_layout_get_pixel_extents (self->layout, NULL, &logical);

  /* GtkStyleContext is deprecated from GTK 4.10, which has this. */
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
#endif

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, floor ((height - logical.height) / 2.0)));
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* The widget's own context follows its font and direction; a layout
 * made from it must be told. */
static void
context_changed (IriInspectorCell *self)
{
  if (self->layout != NULL)
    pango_layout_context_changed (self->layout);
}

static void
iri_inspector_cell_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (iri_inspector_cell_parent_class)->css_changed (widget, change);
  context_changed (IRI_INSPECTOR_CELL (widget));
}

static void
iri_inspector_cell_direction_changed (GtkWidget        *widget,
                                      GtkTextDirection  previous)
{
  GTK_WIDGET_CLASS (iri_inspector_cell_parent_class)->direction_changed (widget, previous);
  context_changed (IRI_INSPECTOR_CELL (widget));
}

static void
iri_inspector_cell_system_setting_changed (GtkWidget        *widget,
                                           GtkSystemSetting  setting)
{
  GTK_WIDGET_CLASS (iri_inspector_cell_parent_class)->system_setting_changed (widget, setting);
  context_changed (IRI_INSPECTOR_CELL (widget));
  /* The metrics are those of the table's context, which the setting
   * (the resolution, the fonts) may have changed. */
  gtk_widget_queue_resize (widget);
}

static void
iri_inspector_cell_finalize (GObject *object)
{
  IriInspectorCell *self = IRI_INSPECTOR_CELL (object);

  g_clear_object (&self->layout);
  g_free (self->text);

  G_OBJECT_CLASS (iri_inspector_cell_parent_class)->finalize (object);
}

static void
iri_inspector_cell_class_init (IriInspectorCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = iri_inspector_cell_finalize;
  widget_class->measure = iri_inspector_cell_measure;
  widget_class->snapshot = iri_inspector_cell_snapshot;
  widget_class->css_changed = iri_inspector_cell_css_changed;
  widget_class->direction_changed = iri_inspector_cell_direction_changed;
  widget_class->system_setting_changed = iri_inspector_cell_system_setting_changed;

  /* Styled as labels are (GtkInscription's node is "label" too). */
  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
iri_inspector_cell_init (IriInspectorCell *self)
{
}

GtkWidget *
iri_inspector_cell_new (guint    min_chars,
                        guint    nat_chars,
                        gboolean monospace)
{
  IriInspectorCell *self = g_object_new (IRI_INSPECTOR_TYPE_CELL, NULL);

  self->min_chars = min_chars;
  self->nat_chars = nat_chars;
  self->monospace = monospace != FALSE;
  if (monospace)
    gtk_widget_add_css_class (GTK_WIDGET (self), "monospace");
  return GTK_WIDGET (self);
}

/* Setting the text only redraws the cell: its size does not depend on
 * it.  The caller names the cell for assistive technology. */
void
iri_inspector_cell_set_text (IriInspectorCell *self,
                             const char       *text)
{
  g_return_if_fail (IRI_INSPECTOR_IS_CELL (self));

  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  if (self->layout != NULL)
    pango_layout_set_text (self->layout, text != NULL ? text : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
iri_inspector_cell_get_text (IriInspectorCell *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_CELL (self), NULL);

  return self->text;
}
