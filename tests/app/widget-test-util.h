/* widget-test-util.h: widgets of the app in the tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef gboolean (*WidgetTestPredicate) (GtkWidget     *widget,
                                         gconstpointer  data);

gboolean   widget_test_init        (int                 *argc,
                                    char              ***argv);
GtkWidget *widget_test_find_if     (GtkWidget           *widget,
                                    gboolean             mapped,
                                    WidgetTestPredicate  pred,
                                    gconstpointer        data);
GtkWidget *widget_test_find        (GtkWidget           *widget,
                                    GType                type);
GtkWidget *widget_test_find_mapped (GtkWidget           *widget,
                                    GType                type);

G_END_DECLS
