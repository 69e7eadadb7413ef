/* iri-gtk-style-node-private.h: a CSS node that carries one text style
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "iri-gtk-display-private.h"

G_BEGIN_DECLS

#define IRI_GTK_TYPE_STYLE_NODE (iri_gtk_style_node_get_type ())

G_DECLARE_FINAL_TYPE (IriGtkStyleNode, iri_gtk_style_node, IRI_GTK, STYLE_NODE, GtkWidget)

GtkWidget *iri_gtk_style_node_new       (GtkWidget       *parent,
                                         const char      *css_name,
                                         const char      *css_class);
void       iri_gtk_style_node_get_style (IriGtkStyleNode *self,
                                         IriGtkTextStyle *style);

G_END_DECLS
