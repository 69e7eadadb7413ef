/* iri-inspector-window.h: the main window of IRI Inspector
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "iri-inspector-application.h"

G_BEGIN_DECLS

/* How a text reaches the address field. */
typedef enum {
  /* Typed on the command line or chosen from a list: loaded as it is. */
  IRI_INSPECTOR_LOAD_AS_GIVEN,
  /* Pasted or dropped: a URI is shown as an IRI (§3.7), and a text that
   * is not one IRI offers the links found in it. */
  IRI_INSPECTOR_LOAD_FROM_OUTSIDE,
} IriInspectorLoadMode;

#define IRI_INSPECTOR_TYPE_WINDOW (iri_inspector_window_get_type ())

G_DECLARE_FINAL_TYPE (IriInspectorWindow, iri_inspector_window, IRI_INSPECTOR, WINDOW, AdwApplicationWindow)

IriInspectorWindow *iri_inspector_window_new                  (IriInspectorApplication *application);
void                iri_inspector_window_load                 (IriInspectorWindow      *self,
                                                               const char              *text,
                                                               IriInspectorLoadMode     mode);
void                iri_inspector_window_open_file            (IriInspectorWindow      *self,
                                                               GFile                   *file);
void                iri_inspector_window_screenshot_and_quit  (IriInspectorWindow      *self,
                                                               GFile                   *file);
void                iri_inspector_window_report_first_frame   (IriInspectorWindow      *self);
gboolean            iri_inspector_window_is_up_to_date        (IriInspectorWindow      *self);
/* For the benchmarks, which also build older commits without it. */
#define IRI_INSPECTOR_WINDOW_HAS_IS_UP_TO_DATE 1
void                iri_inspector_window_set_update_timing    (IriInspectorWindow      *self,
                                                               gint64                   cheap_update_us,
                                                               gint64                   burst_us,
                                                               guint                    pause_ms);

G_END_DECLS
