/* iri-tool-diagram.c: the picture of `iri explain --svg/--png`, as a module
 *
 * Drawing the picture takes cairo and Pango's cairo renderer, and with
 * them FreeType, fontconfig, pixman and the X11 client libraries: some
 * twenty shared libraries that the dynamic linker would load, at every
 * start of the tool, for the one command and option that draws.  On the
 * machines measured that was a third of the tool's start-up time, which
 * a script paid for each IRI it checked.  So the drawing is this module,
 * which `iri explain` loads only when asked for a picture
 * (iri-tool-explain.c); it is installed in $libdir/iri-inspector.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gmodule.h>

#include "iri-bidi-diagram.h"
#include "iri-tool-diagram.h"

G_MODULE_EXPORT gboolean
iri_tool_diagram_save (IriBidiTrace  *trace,
                       const char    *svg_path,
                       const char    *png_path,
                       GError       **error)
{
  g_autoptr(IriBidiDiagram) diagram = iri_bidi_diagram_new (trace);

  if (svg_path != NULL && !iri_bidi_diagram_save (diagram, svg_path, IRI_BIDI_DIAGRAM_SVG, error))
    return FALSE;
  if (png_path != NULL && !iri_bidi_diagram_save (diagram, png_path, IRI_BIDI_DIAGRAM_PNG, error))
    return FALSE;
  return TRUE;
}
