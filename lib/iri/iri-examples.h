/* iri-examples.h: the teaching examples
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <gio/gio.h>

#include "iri-bidi.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriExampleKind:
 * @IRI_EXAMPLE_KIND_IRI: the text is an IRI
 * @IRI_EXAMPLE_KIND_URI: the text is a URI, to be converted to an IRI for
 *   reading (§3.7) before it is shown
 * @IRI_EXAMPLE_KIND_TEXT: the text is running text, not an IRI
 *
 * What an example's text is.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_EXAMPLE_KIND_IRI,
  IRI_EXAMPLE_KIND_URI,
  IRI_EXAMPLE_KIND_TEXT,
} IriExampleKind;

/**
 * IriExampleShow:
 * @IRI_EXAMPLE_SHOW_DISPLAY: the §4.1 display (always shown)
 * @IRI_EXAMPLE_SHOW_ISOLATE: the component-isolated display as well
 * @IRI_EXAMPLE_SHOW_RTL_PARAGRAPH: the display without the left-to-right
 *   embedding, in a right-to-left paragraph
 * @IRI_EXAMPLE_SHOW_CLASSES: a table of the bidi class and level of each
 *   character
 *
 * What an example asks to be shown.
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_EXAMPLE_SHOW_DISPLAY       = 0,
  IRI_EXAMPLE_SHOW_ISOLATE       = 1 << 0,
  IRI_EXAMPLE_SHOW_RTL_PARAGRAPH = 1 << 1,
  IRI_EXAMPLE_SHOW_CLASSES       = 1 << 2,
} IriExampleShow;

#define IRI_TYPE_EXAMPLE (iri_example_get_type ())

IRI_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (IriExample, iri_example, IRI, EXAMPLE, GObject)

IRI_AVAILABLE_IN_0_1
const char     *iri_example_get_id          (IriExample *self);
IRI_AVAILABLE_IN_0_1
const char     *iri_example_get_title       (IriExample *self);
IRI_AVAILABLE_IN_0_1
const char     *iri_example_get_explanation (IriExample *self);
IRI_AVAILABLE_IN_0_1
char           *iri_example_dup_explanation (IriExample  *self,
                                             IriNotation  letters);
IRI_AVAILABLE_IN_0_1
const char     *iri_example_get_text        (IriExample *self);
IRI_AVAILABLE_IN_0_1
IriNotation     iri_example_get_notation    (IriExample *self);
IRI_AVAILABLE_IN_0_1
IriExampleKind  iri_example_get_kind        (IriExample *self);
IRI_AVAILABLE_IN_0_1
IriExampleShow  iri_example_get_show        (IriExample *self);
IRI_AVAILABLE_IN_0_1
const char     *iri_example_get_source      (IriExample *self);

IRI_AVAILABLE_IN_0_1
GListModel     *iri_get_examples            (void);

G_END_DECLS
