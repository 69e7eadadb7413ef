/* iri-inspector-preferences.h: the preferences window
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IRI_INSPECTOR_TYPE_PREFERENCES (iri_inspector_preferences_get_type ())

/* A dialog from libadwaita 1.5, which deprecates AdwPreferencesWindow. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IriInspectorPreferences, iri_inspector_preferences,
                      IRI_INSPECTOR, PREFERENCES, AdwPreferencesDialog)
#else
G_DECLARE_FINAL_TYPE (IriInspectorPreferences, iri_inspector_preferences,
                      IRI_INSPECTOR, PREFERENCES, AdwPreferencesWindow)
#endif

IriInspectorPreferences *iri_inspector_preferences_new     (GSettings               *settings);
void                     iri_inspector_preferences_present (IriInspectorPreferences *self,
                                                            GtkWindow               *parent);

G_END_DECLS
