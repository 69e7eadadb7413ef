/* iri-inspector-table-page.h: a page with one table about the analysis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>
#include <iri.h>

G_BEGIN_DECLS

typedef enum {
  IRI_INSPECTOR_TABLE_UNITS,
  IRI_INSPECTOR_TABLE_CHARACTERS,
} IriInspectorTableKind;

#define IRI_INSPECTOR_TYPE_TABLE_PAGE (iri_inspector_table_page_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorTablePage, iri_inspector_table_page, IRI_INSPECTOR, TABLE_PAGE, AdwBin)

/* The Units page (one row per unit of DESIGN.md §3: kind, text,
 * direction, script, span) or the Characters page (one row per code
 * point: U+XXXX, name, script, category, bidi class, level, logical and
 * visual position, skeleton).  Selecting a row emits "highlight" with
 * its span. */
GtkWidget *iri_inspector_table_page_new          (IriInspectorTableKind  kind);
void       iri_inspector_table_page_set_analysis (IriInspectorTablePage *self,
                                                  IriAnalysis           *analysis);

G_END_DECLS
