/* iri-test-util.h: reading the conformance data of tests/data/, and
 * looking up a finding of an analysis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "iri.h"

G_BEGIN_DECLS

typedef struct {
  guint   line;     /* 1-based line number in the file */
  char  **fields;   /* unescaped */
} IriTestRow;

/* Loads tests/data/@relpath (a UTF-8 TSV file whose `#` lines are
 * comments and whose first other line is a header), unescaping \\ \t \n
 * \r \uXXXX and \UXXXXXXXX in every field when @unescape.  Rows are
 * padded with empty fields up to the header's width.  Aborts the test if
 * the file is missing. */
GPtrArray  *iri_test_load_tsv   (const char  *relpath,
                                 gboolean     unescape,
                                 char      ***out_header);

/* Index of @name in @header, or aborts. */
guint       iri_test_column     (char       **header,
                                 const char  *name);

char       *iri_test_unescape   (const char  *text);

/* The items of a list model of diagnostics as an array (element-type
 * IriDiagnostic), taking @model; NULL for a NULL model. */
GPtrArray  *iri_test_diagnostics (GListModel *model);

/* The first finding of @analysis with the code @code, or NULL. */
IriDiagnostic *iri_test_find_diagnostic (IriAnalysis *analysis,
                                         const char  *code);

/* The absolute path of tests/data/@relpath. */
char       *iri_test_data_path  (const char  *relpath);

G_END_DECLS
