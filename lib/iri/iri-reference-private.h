/* iri-reference-private.h: IriReference internals shared inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "iri-reference.h"

G_BEGIN_DECLS

/* The syntax components an IriReference stores, indexed by IriComponent
 * (the unit kinds HOST_LABEL, PATH_SEGMENT, … are never stored). */
#define IRI_N_STORED_COMPONENTS (IRI_COMPONENT_FRAGMENT + 1)

/* Builds a reference from parts that are already known to be well formed
 * (the output of resolution or normalization), then parses it tolerantly
 * so that spans and diagnostics are consistent with a plain parse.  Any
 * part may be NULL (absent); @path may not. */
IriReference *iri_reference_new_from_parts (const char *scheme,
                                            const char *authority,
                                            const char *path,
                                            const char *query,
                                            const char *fragment);

/* Sets @error to the problem that makes @ref invalid, as
 * iri_reference_parse() reports it: a reference made by
 * iri_reference_parse_tolerant() keeps its problems as diagnostics. */
void          iri_reference_set_invalid_error (IriReference  *ref,
                                               GError       **error);

/* What a check that runs on every analysis reads, in one call: the
 * text, its spans (indexed by IriComponent, valid where @present has bit
 * 1 << component) and the strings of the components, without copies. */
typedef struct {
  const char         *text;
  gsize               length;
  const IriSpan      *spans;
  const char * const *strings;
  guint32             present;
  IriHostKind         host_kind;
  gint                port_number;
  gboolean            is_ascii;
} IriReferenceView;

void          iri_reference_peek_view      (IriReference     *ref,
                                            IriReferenceView *view);

/* The diagnostics without a copy (element-type IriDiagnostic), or NULL. */
GPtrArray    *iri_reference_peek_diagnostics  (IriReference  *ref);

/* Appends the recomposition of the five parts (RFC 3986 §5.3). */
void          iri_recompose                (GString    *out,
                                            const char *scheme,
                                            const char *authority,
                                            const char *path,
                                            const char *query,
                                            const char *fragment);

G_END_DECLS
