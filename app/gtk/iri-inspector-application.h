/* iri-inspector-application.h: the IRI Inspector application
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_APP_ID "io.github.iri_inspector.IriInspector"

#define IRI_INSPECTOR_TYPE_APPLICATION (iri_inspector_application_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorApplication, iri_inspector_application,
                      IRI_INSPECTOR, APPLICATION, AdwApplication)

IriInspectorApplication *iri_inspector_application_new          (void);
GSettings               *iri_inspector_application_get_settings (IriInspectorApplication *self);

G_END_DECLS
