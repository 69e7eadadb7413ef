/* test-focus.c: the keyboard and accessible names in the IRI Inspector
 * window
 *
 * The app's sources are built into this test, as into the app, and the
 * window is made in process.  Tab is pressed by emitting the window's
 * "move-focus" keybinding signal (what GTK's Tab binding does) and the
 * focus is read back with gtk_window_get_focus() after each move.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <iri-gtk.h>

#include "iri-inspector-application.h"
#include "iri-inspector-window.h"

/* §4.4 Example 5 with Hebrew letters: findings to list. */
#define TEST_IRI "http://ab.cd.\327\224\327\225/\327\226\327\227/ij/kl.html"

static void
wait (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_main_context_pending (NULL) || g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static IriInspectorApplication *application;

static IriInspectorWindow *
new_window (void)
{
  IriInspectorWindow *window = iri_inspector_window_new (application);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 900);
  iri_inspector_window_load (window, TEST_IRI, IRI_INSPECTOR_LOAD_AS_GIVEN);
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < 100 && !gtk_widget_get_mapped (GTK_WIDGET (window)); k++)
    wait (10);
  wait (100);
  return window;
}

static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_icon_only (GtkWidget *button)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  return child != NULL && (GTK_IS_IMAGE (child) || find_widget (child, GTK_TYPE_LABEL) == NULL);
}

/* Every button on screen that shows only an icon has a name: a label
 * property, or a labelled-by relation (the inner button of a
 * GtkMenuButton is labelled by the menu button). */
static void
check_button_names (GtkWidget *widget,
                    guint     *n_checked)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_focusable (widget) && is_icon_only (widget))
    {
      GtkWidget *named = widget;

      if (GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
        named = gtk_widget_get_parent (widget);
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (named), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("an icon-only %s (%s) has no accessible name", G_OBJECT_TYPE_NAME (widget),
                 gtk_widget_get_tooltip_text (widget) != NULL ? gtk_widget_get_tooltip_text (widget) : "no tooltip");
      (*n_checked)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_button_names (child, n_checked);
}

static void
collect_inspect_buttons (GtkWidget *widget,
                         GPtrArray *buttons)
{
  if (GTK_IS_BUTTON (widget) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget))) &&
      g_str_equal (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), "Inspect"))
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_inspect_buttons (child, buttons);
}

/* The header bar's icon buttons and every Inspect button have real
 * names; an example's Inspect button says which example. */
static void
test_names (void)
{
  IriInspectorWindow *window = new_window ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint n_checked = 0;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.page", "s", "examples");
  wait (200);
  check_button_names (GTK_WIDGET (window), &n_checked);
  /* Open, copy, main menu (and the entry's copy button). */
  g_assert_cmpuint (n_checked, >=, 3);

  collect_inspect_buttons (GTK_WIDGET (window), buttons);
  /* The URI page's and one per example. */
  g_assert_cmpuint (buttons->len, >, 10);
  for (guint k = 0; k < buttons->len; k++)
    {
      GtkAccessible *button = g_ptr_array_index (buttons, k);

      g_assert_true (gtk_test_accessible_has_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL));
      g_assert_false (gtk_test_accessible_has_relation (button, GTK_ACCESSIBLE_RELATION_LABELLED_BY));
    }
  gtk_test_accessible_assert_property (g_ptr_array_index (buttons, buttons->len - 1), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Inspect example 19: "
                                       "A URI converted for reading keeps the override encoded");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = iri_inspector_application_new ();
  /* No bus name: the test may run next to the app. */
  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/app/accessible/names", test_names);
  status = g_test_run ();

  g_clear_object (&application);
  return status;
}
