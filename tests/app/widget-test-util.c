/* widget-test-util.c: widgets of the app in the tests
 *
 * Setting up GTK for a test (or skipping it without a display) and
 * finding widgets in a tree, for the tests of the window and of the
 * pages alike.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "widget-test-util.h"

/* g_test_init(), then GTK and libadwaita; FALSE, with the TAP line of a
 * skipped test printed, when there is no display. */
gboolean
widget_test_init (int    *argc,
                  char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display (run the suite under xvfb-run)\n");
      return FALSE;
    }
  adw_init ();
  return TRUE;
}

/* The first widget in @widget's tree, depth first, that @pred accepts
 * (among those on screen only, if @mapped). */
GtkWidget *
widget_test_find_if (GtkWidget           *widget,
                     gboolean             mapped,
                     WidgetTestPredicate  pred,
                     gconstpointer        data)
{
  if (mapped && !gtk_widget_get_mapped (widget))
    return NULL;
  if (pred (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = widget_test_find_if (child, mapped, pred, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

/* The first widget of @type in @widget's tree, depth first. */
GtkWidget *
widget_test_find (GtkWidget *widget,
                  GType      type)
{
  return widget_test_find_if (widget, FALSE, is_of_type, GSIZE_TO_POINTER (type));
}

/* The same among the widgets on screen. */
GtkWidget *
widget_test_find_mapped (GtkWidget *widget,
                         GType      type)
{
  return widget_test_find_if (widget, TRUE, is_of_type, GSIZE_TO_POINTER (type));
}
