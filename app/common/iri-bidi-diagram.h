/* iri-bidi-diagram.h: the stored order and the display, joined by lines
 *
 * The picture of `iri explain --svg` and of the app's export: a row of
 * boxes for the characters in stored (logical) order, a row for the
 * display (visual) order, and a line from each character's box in one
 * to its box in the other; the boxes are coloured by level.  Shared by
 * the terminal tool and the app, which both draw it with cairo.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <cairo.h>
#include <iri.h>

#include "iri-bidi-char-label.h"

G_BEGIN_DECLS

typedef struct _IriBidiDiagram IriBidiDiagram;

typedef enum {
  IRI_BIDI_DIAGRAM_SVG,
  IRI_BIDI_DIAGRAM_PNG,
} IriBidiDiagramFormat;

/* A character's box: in the stored row (@visual_row FALSE) at its
 * index, or in the display row at its visual position. */
typedef struct {
  double   x, y, width, height;
  gsize    index;        /* the character, in logical order */
  gboolean visual_row;
} IriBidiDiagramBox;

IriBidiDiagram *iri_bidi_diagram_new        (IriBidiTrace          *trace);
void            iri_bidi_diagram_free       (IriBidiDiagram        *self);
void            iri_bidi_diagram_get_size   (IriBidiDiagram        *self,
                                             double                *width,
                                             double                *height);
guint           iri_bidi_diagram_get_n_boxes (IriBidiDiagram       *self);
const IriBidiDiagramBox *
                iri_bidi_diagram_get_box    (IriBidiDiagram        *self,
                                             guint                  box);
void            iri_bidi_diagram_draw       (IriBidiDiagram        *self,
                                             cairo_t               *cr);
/* Only what lies between @left and @right (in the picture's units): a
 * long IRI's picture is wider than any screen. */
void            iri_bidi_diagram_draw_range (IriBidiDiagram        *self,
                                             cairo_t               *cr,
                                             double                 left,
                                             double                 right);
/* Writes the picture to @path ("-": standard output). */
gboolean        iri_bidi_diagram_save       (IriBidiDiagram        *self,
                                             const char            *path,
                                             IriBidiDiagramFormat   format,
                                             GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriBidiDiagram, iri_bidi_diagram_free)

G_END_DECLS
