/* iri-gtk-style-node.c: a CSS node that carries one text style
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-gtk-style-node-private.h"
#include "iri-gtk-text-private.h"

/* GTK 4.8 has no public API to give a widget CSS sub-nodes (GtkText's
 * "selection" and "block-cursor" nodes use private GtkCssNode API).  The
 * text widget needs one style per unit kind and per severity, themeable
 * with CSS, and a Pango attribute per style.  So it keeps one of these
 * children per style: never shown (child-visible is off, so they are
 * never mapped, measured or drawn), hidden from accessibility, with the
 * CSS name and class of the style ("unit.host", "diagnostic.error").
 * Their computed colour, font weight and slant become Pango attributes.
 *
 * When their style changes (a theme switch, a dark variant) they tell
 * the text widget to read them again. */

struct _IriGtkStyleNode
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (IriGtkStyleNode, iri_gtk_style_node, GTK_TYPE_WIDGET)

static void
iri_gtk_style_node_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  GTK_WIDGET_CLASS (iri_gtk_style_node_parent_class)->css_changed (widget, change);

  if (IRI_GTK_IS_TEXT (parent))
    iri_gtk_text_invalidate_style (IRI_GTK_TEXT (parent));
}

static void
iri_gtk_style_node_class_init (IriGtkStyleNodeClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->css_changed = iri_gtk_style_node_css_changed;

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
iri_gtk_style_node_init (IriGtkStyleNode *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
}

GtkWidget *
iri_gtk_style_node_new (GtkWidget  *parent,
                        const char *css_name,
                        const char *css_class)
{
  const char *classes[] = { css_class, NULL };
  GtkWidget *node;

  node = g_object_new (IRI_GTK_TYPE_STYLE_NODE,
                       "css-name", css_name,
                       "css-classes", classes,
                       NULL);
  gtk_widget_set_child_visible (node, FALSE);
  gtk_widget_set_parent (node, parent);
  return node;
}

static guint16
channel (float value)
{
  return (guint16) (CLAMP (value, 0.f, 1.f) * 65535.f + .5f);
}

/* The node's computed style: its colour always; its weight and slant
 * when they differ from the parent's, so that only what the stylesheet
 * sets becomes an attribute. */
void
iri_gtk_style_node_get_style (IriGtkStyleNode *self,
                              IriGtkTextStyle *style)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *parent = gtk_widget_get_parent (widget);
  const PangoFontDescription *desc;
  const PangoFontDescription *parent_desc = NULL;
  GdkRGBA color;

  /* GtkStyleContext is deprecated from GTK 4.10, which has this. */
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
#endif

  style->red = channel (color.red);
  style->green = channel (color.green);
  style->blue = channel (color.blue);
  style->alpha = channel (color.alpha);
  style->color_set = TRUE;

  desc = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (parent != NULL)
    parent_desc = pango_context_get_font_description (gtk_widget_get_pango_context (parent));

  style->weight_set = FALSE;
  style->slant_set = FALSE;
  if (desc != NULL && parent_desc != NULL)
    {
      if ((pango_font_description_get_set_fields (desc) & PANGO_FONT_MASK_WEIGHT) != 0 &&
          pango_font_description_get_weight (desc) != pango_font_description_get_weight (parent_desc))
        {
          style->weight = pango_font_description_get_weight (desc);
          style->weight_set = TRUE;
        }
      if ((pango_font_description_get_set_fields (desc) & PANGO_FONT_MASK_STYLE) != 0 &&
          pango_font_description_get_style (desc) != pango_font_description_get_style (parent_desc))
        {
          style->slant = pango_font_description_get_style (desc);
          style->slant_set = TRUE;
        }
    }
}
