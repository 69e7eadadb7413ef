/* iri-preprocess.h: liberal input (§6.1 LEIRI, §6.2 Web Address)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriPreprocessMode:
 * @IRI_PREPROCESS_WHITESPACE: the whitespace steps of
 *   draft-iri-processing-clarifications §4: strip leading and trailing
 *   SPACE, CR, LF and TAB, and percent-encode the spaces inside
 * @IRI_PREPROCESS_LEIRI: Legacy Extended IRI processing (§6.1): percent-
 *   encode every character `leiri-ucschar` allows but `ucschar` does not
 * @IRI_PREPROCESS_WEB_ADDRESS: Web Address processing (§6.2): strip
 *   surrounding whitespace and embedded tabs and newlines, percent-encode
 *   what `href-ucschar` allows but `ucschar` does not, turn a stray `%`
 *   into `%25` and a backslash path separator into `/`
 *
 * Which liberal syntax [func@Iri.preprocess] accepts.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_PREPROCESS_WHITESPACE,
  IRI_PREPROCESS_LEIRI,
  IRI_PREPROCESS_WEB_ADDRESS,
} IriPreprocessMode;

IRI_AVAILABLE_IN_0_1
char *iri_preprocess (const char         *text,
                      gssize              length,
                      IriPreprocessMode   mode,
                      GListModel        **out_diagnostics,
                      GError            **error);

G_END_DECLS
