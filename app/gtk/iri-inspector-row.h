/* iri-inspector-row.h: one row of the app's tables
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_ROW (iri_inspector_row_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorRow, iri_inspector_row, IRI_INSPECTOR, ROW, GObject)

/* A row of text cells and the span of the text it is about, in code
 * points (what selecting the row highlights). */
IriInspectorRow *iri_inspector_row_new       (gsize             start,
                                              gsize             end,
                                              const char       *first_cell,
                                              ...) G_GNUC_NULL_TERMINATED;
const char      *iri_inspector_row_get_cell  (IriInspectorRow  *self,
                                              guint             column);
void             iri_inspector_row_get_span  (IriInspectorRow  *self,
                                              gsize            *start,
                                              gsize            *end);
gboolean         iri_inspector_row_equal     (IriInspectorRow  *a,
                                              IriInspectorRow  *b);
void             iri_inspector_row_update    (IriInspectorRow  *self,
                                              IriInspectorRow  *from);

/* Adds a text column to @view showing cell @column of each row.  Cells
 * given as "\t"-free text are shown as they are; @monospace for code
 * points, offsets and the like; @logical for text from the IRI, which is
 * shown in a left-to-right isolate whatever the UI direction.
 * @width_chars is the column's natural width in characters: a cell's
 * size does not follow its text (longer text is ellipsized, and the
 * whole of it is the cell's tooltip). */
void             iri_inspector_add_column    (GtkColumnView    *view,
                                              const char       *title,
                                              guint             column,
                                              guint             width_chars,
                                              gboolean          monospace,
                                              gboolean          logical,
                                              gboolean          expand);

G_END_DECLS
