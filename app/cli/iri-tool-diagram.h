/* iri-tool-diagram.h: the entry point of the picture's module
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <iri.h>

G_BEGIN_DECLS

/* The module's file name, without the directory. */
#define IRI_TOOL_DIAGRAM_MODULE "libiri-tool-diagram.so"

/* Draws @trace's picture to @svg_path and @png_path (either may be
 * NULL; "-" is standard output).  Looked up in the module by this
 * name. */
typedef gboolean (*IriToolDiagramSave) (IriBidiTrace  *trace,
                                        const char    *svg_path,
                                        const char    *png_path,
                                        GError       **error);
#define IRI_TOOL_DIAGRAM_SAVE "iri_tool_diagram_save"

gboolean iri_tool_diagram_save (IriBidiTrace  *trace,
                                const char    *svg_path,
                                const char    *png_path,
                                GError       **error);

G_END_DECLS
