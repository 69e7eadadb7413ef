/* iri-inspector-preferences.h: the preferences window
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_PREFERENCES (iri_inspector_preferences_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorPreferences, iri_inspector_preferences,
                      IRI_INSPECTOR, PREFERENCES, AdwPreferencesWindow)

GtkWindow *iri_inspector_preferences_new (GSettings *settings);

G_END_DECLS
