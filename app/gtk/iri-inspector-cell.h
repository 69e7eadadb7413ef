/* iri-inspector-cell.h: one line of text in a cell of the app's tables
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_CELL (iri_inspector_cell_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorCell, iri_inspector_cell, IRI_INSPECTOR, CELL, GtkWidget)

/* A cell @nat_chars characters wide (at least @min_chars), whatever its
 * text, which is ellipsized at its end when longer; @monospace when the
 * cell has the "monospace" style class. */
GtkWidget  *iri_inspector_cell_new      (guint             min_chars,
                                         guint             nat_chars,
                                         gboolean          monospace);
void        iri_inspector_cell_set_text (IriInspectorCell *self,
                                         const char       *text);
const char *iri_inspector_cell_get_text (IriInspectorCell *self);

G_END_DECLS
