/* iri-inspector-diagram.c: the stored order above the display
 *
 * The picture of `iri explain --svg` (app/common/iri-bidi-diagram.c) as
 * a widget: each character in a box in stored order, the same boxes in
 * display order under them, a line joining each character's two places.
 * Clicking a box selects its character ("char-activated"); the selected
 * character is outlined in both rows.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-bidi-diagram.h"
#include "iri-inspector-diagram.h"

struct _IriInspectorDiagram
{
  GtkWidget       parent_instance;

  IriBidiTrace   *trace;
  IriBidiDiagram *diagram;
  GtkAdjustment  *hadjustment;   /* of a scrolled window around, or NULL */
  double          scale;
  gssize          selected;
};

G_DEFINE_FINAL_TYPE (IriInspectorDiagram, iri_inspector_diagram, GTK_TYPE_WIDGET)

enum {
  CHAR_ACTIVATED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
iri_inspector_diagram_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  IriInspectorDiagram *self = IRI_INSPECTOR_DIAGRAM (widget);
  double width = 0, height = 0;

  if (self->diagram != NULL)
    iri_bidi_diagram_get_size (self->diagram, &width, &height);
  *minimum = *natural = (int) ceil ((orientation == GTK_ORIENTATION_HORIZONTAL ? width : height) * self->scale);
}

static void
iri_inspector_diagram_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  IriInspectorDiagram *self = IRI_INSPECTOR_DIAGRAM (widget);
  double width, height, left = 0, right;
  cairo_t *cr;

  if (self->diagram == NULL)
    return;
  iri_bidi_diagram_get_size (self->diagram, &width, &height);
  right = width * self->scale;
  /* Only the part in view: the picture of a 2 000-character IRI is
   * 68 000 pixels wide, too wide for one cairo surface per frame.  The
   * widget starts at its margin in the scrolled content. */
  if (self->hadjustment != NULL)
    {
      double value = gtk_adjustment_get_value (self->hadjustment) - gtk_widget_get_margin_start (widget);

      left = CLAMP (value, 0, right);
      right = CLAMP (value + gtk_adjustment_get_page_size (self->hadjustment), left, right);
    }
  if (right <= left)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (left, 0, right - left, height * self->scale));
  cairo_scale (cr, self->scale, self->scale);
  iri_bidi_diagram_draw_range (self->diagram, cr, left / self->scale, right / self->scale);

  if (self->selected >= 0)
    {
      GdkRGBA accent = { 0.21, 0.52, 0.89, 1.0 };

      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, 3.0);
      for (guint b = 0; b < iri_bidi_diagram_get_n_boxes (self->diagram); b++)
        {
          const IriBidiDiagramBox *box = iri_bidi_diagram_get_box (self->diagram, b);

          if ((gssize) box->index != self->selected)
            continue;
          cairo_rectangle (cr, box->x + 1, box->y, box->width - 2, box->height);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
}

static void
pressed_cb (GtkGestureClick     *gesture,
            int                  n_press,
            double               x,
            double               y,
            IriInspectorDiagram *self)
{
  if (self->diagram == NULL)
    return;
  x /= self->scale;
  y /= self->scale;
  for (guint b = 0; b < iri_bidi_diagram_get_n_boxes (self->diagram); b++)
    {
      const IriBidiDiagramBox *box = iri_bidi_diagram_get_box (self->diagram, b);

      if (x >= box->x && x < box->x + box->width && y >= box->y && y < box->y + box->height)
        {
          iri_inspector_diagram_set_selected (self, box->index);
          g_signal_emit (self, signals[CHAR_ACTIVATED], 0, (guint) box->index);
          return;
        }
    }
}

static void
iri_inspector_diagram_dispose (GObject *object)
{
  IriInspectorDiagram *self = IRI_INSPECTOR_DIAGRAM (object);

  g_clear_pointer (&self->diagram, iri_bidi_diagram_free);
  g_clear_pointer (&self->trace, iri_bidi_trace_unref);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  g_clear_object (&self->hadjustment);

  G_OBJECT_CLASS (iri_inspector_diagram_parent_class)->dispose (object);
}

static void
iri_inspector_diagram_class_init (IriInspectorDiagramClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = iri_inspector_diagram_dispose;
  widget_class->measure = iri_inspector_diagram_measure;
  widget_class->snapshot = iri_inspector_diagram_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  /**
   * IriInspectorDiagram::char-activated:
   * @index: the character clicked, in logical order
   */
  signals[CHAR_ACTIVATED] = g_signal_new ("char-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
iri_inspector_diagram_init (IriInspectorDiagram *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->scale = 1.0;
  self->selected = -1;
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  /* Stored order runs left to right in every interface; GTK resolves a
   * widget's margins and alignment with its own direction, which is
   * the interface's unless set. */
  gtk_widget_set_direction (GTK_WIDGET (self), GTK_TEXT_DIR_LTR);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_START);
  /* Named from the start, before it has a trace to describe (GTK 4.8
   * would give assistive technology the type's name instead). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the picture of stored and displayed order */
                                  _("The characters in stored order, above the same characters as displayed"),
                                  -1);
}

GtkWidget *
iri_inspector_diagram_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_DIAGRAM, NULL);
}

void
iri_inspector_diagram_set_trace (IriInspectorDiagram *self,
                                 IriBidiTrace        *trace)
{
  GString *order;

  g_return_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self));

  g_clear_pointer (&self->diagram, iri_bidi_diagram_free);
  g_clear_pointer (&self->trace, iri_bidi_trace_unref);
  if (trace != NULL)
    {
      self->trace = iri_bidi_trace_ref (trace);
      self->diagram = iri_bidi_diagram_new (trace);
    }
  if (self->selected >= 0 && (trace == NULL || (gsize) self->selected >= iri_bidi_trace_get_n_chars (trace)))
    self->selected = -1;

  /* A screen reader hears what the picture shows: the characters in
   * display order, by their indexes in stored order. */
  order = g_string_new (NULL);
  for (gsize v = 0; trace != NULL && v < iri_bidi_trace_get_n_chars (trace); v++)
    g_string_append_printf (order, "%s%lu", v > 0 ? " " : "", (gulong) iri_bidi_trace_visual_to_logical (trace, v));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, order->str,
                                  -1);
  g_string_free (order, TRUE);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

IriBidiTrace *
iri_inspector_diagram_get_trace (IriInspectorDiagram *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self), NULL);

  return self->trace;
}

/* Draws only what @adjustment (of a scrolled window holding the widget)
 * shows. */
void
iri_inspector_diagram_set_hadjustment (IriInspectorDiagram *self,
                                       GtkAdjustment       *adjustment)
{
  g_return_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self));

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  g_set_object (&self->hadjustment, adjustment);
  if (adjustment != NULL)
    {
      g_signal_connect_swapped (adjustment, "value-changed", G_CALLBACK (gtk_widget_queue_draw), self);
      g_signal_connect_swapped (adjustment, "notify::page-size", G_CALLBACK (gtk_widget_queue_draw), self);
    }
}

void
iri_inspector_diagram_set_scale (IriInspectorDiagram *self,
                                 double               scale)
{
  g_return_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self));

  self->scale = scale;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
iri_inspector_diagram_set_selected (IriInspectorDiagram *self,
                                    gssize               index)
{
  g_return_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self));

  if (self->trace == NULL || index < 0 || (gsize) index >= iri_bidi_trace_get_n_chars (self->trace))
    index = -1;
  if (index == self->selected)
    return;
  self->selected = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gssize
iri_inspector_diagram_get_selected (IriInspectorDiagram *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self), -1);

  return self->selected;
}

gboolean
iri_inspector_diagram_save (IriInspectorDiagram  *self,
                            const char           *path,
                            gboolean              png,
                            GError              **error)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_DIAGRAM (self), FALSE);
  g_return_val_if_fail (self->diagram != NULL, FALSE);

  return iri_bidi_diagram_save (self->diagram, path, png ? IRI_BIDI_DIAGRAM_PNG : IRI_BIDI_DIAGRAM_SVG, error);
}
