/* app-test-util.h: the IRI Inspector window in process, for the tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "widget-test-util.h"

#include "iri-inspector-application.h"
#include "iri-inspector-window.h"

G_BEGIN_DECLS

IriInspectorApplication *app_test_init          (int                 *argc,
                                                 char              ***argv);
void                     app_test_wait          (guint                ms);
IriInspectorWindow      *app_test_window_new    (const char          *text);
void                     app_test_sidebar_beside (IriInspectorWindow *window);
void                     app_test_show_page     (IriInspectorWindow  *window,
                                                 const char          *name);

G_END_DECLS
