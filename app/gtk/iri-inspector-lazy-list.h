/* iri-inspector-lazy-list.h: a list model whose rows are made on demand
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_LAZY_LIST (iri_inspector_lazy_list_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorLazyList, iri_inspector_lazy_list, IRI_INSPECTOR, LAZY_LIST, GObject)

/* Makes row @position (a new reference) from @data. */
typedef GObject *(*IriInspectorMakeRow) (gpointer data,
                                         guint    position);

IriInspectorLazyList *iri_inspector_lazy_list_new   (GType                 item_type);
/* Replaces the rows: @n_items rows, made by @make_row from @data (which
 * the list owns until the next call, and frees with @destroy).  A table
 * of 100 000 characters costs nothing until rows are shown. */
void                  iri_inspector_lazy_list_reset (IriInspectorLazyList *self,
                                                     guint                 n_items,
                                                     IriInspectorMakeRow   make_row,
                                                     gpointer              data,
                                                     GDestroyNotify        destroy);

typedef void (*IriInspectorRowUpdate) (GObject *row,
                                       GObject *from);

void                  iri_inspector_lazy_list_splice (IriInspectorLazyList *self,
                                                      guint                 position,
                                                      guint                 removed,
                                                      guint                 added,
                                                      IriInspectorMakeRow   make_row,
                                                      gpointer              data,
                                                      GDestroyNotify        destroy,
                                                      IriInspectorRowUpdate update);
void                  iri_inspector_lazy_list_replace (IriInspectorLazyList *self,
                                                       guint                 n_items,
                                                       IriInspectorMakeRow   make_row,
                                                       gpointer              data,
                                                       GDestroyNotify        destroy,
                                                       IriInspectorRowUpdate update);

G_END_DECLS
