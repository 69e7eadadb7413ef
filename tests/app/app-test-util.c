/* app-test-util.c: the IRI Inspector window in process, for the tests
 *
 * The app's sources are built into the tests that use this, as into the
 * app; the application is registered without a bus name, so the tests
 * may run next to the app.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "app-test-util.h"

static IriInspectorApplication *application;

static void
application_free (void)
{
  g_clear_object (&application);
}

/* gtk_test_init(), adw_init() and the application the windows belong
 * to (released at exit). */
IriInspectorApplication *
app_test_init (int    *argc,
               char ***argv)
{
  g_autoptr(GError) error = NULL;

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  application = iri_inspector_application_new ();
  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
  atexit (application_free);
  return application;
}

/* Runs the main loop for @ms milliseconds, and until nothing is
 * pending. */
void
app_test_wait (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_main_context_pending (NULL) || g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* A window holding @text as given, shown and laid out. */
IriInspectorWindow *
app_test_window_new (const char *text)
{
  IriInspectorWindow *window = iri_inspector_window_new (application);

  /* Wide enough for the page switcher in the header bar. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  iri_inspector_window_load (window, text, IRI_INSPECTOR_LOAD_AS_GIVEN);
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < 100 && !gtk_widget_get_mapped (GTK_WIDGET (window)); k++)
    app_test_wait (10);
  app_test_wait (100);
  return window;
}

/* Lays the sidebar beside the pages.  With libadwaita 1.4 and later a
 * window narrower than the breakpoint (xvfb-run's screen is 640 px wide)
 * has its sidebar slide over the pages, which then take no focus until
 * it is hidden; the tests that use both keep it beside them. */
void
app_test_sidebar_beside (IriInspectorWindow *window)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  GtkWidget *split_view = widget_test_find (GTK_WIDGET (window), ADW_TYPE_OVERLAY_SPLIT_VIEW);

  adw_overlay_split_view_set_collapsed (ADW_OVERLAY_SPLIT_VIEW (split_view), FALSE);
  app_test_wait (20);
#endif
}

/* Whether every revealer under @widget has finished sliding. */
static gboolean
revealers_settled (GtkWidget *widget)
{
  if (GTK_IS_REVEALER (widget) &&
      gtk_revealer_get_reveal_child (GTK_REVEALER (widget)) != gtk_revealer_get_child_revealed (GTK_REVEALER (widget)))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!revealers_settled (child))
      return FALSE;
  return TRUE;
}

/* Shows a page and waits until it and the page switcher are on screen
 * (the header bar picks the switcher or the title once it is laid out)
 * and nothing is sliding in or out: with libadwaita 1.2 a sidebar
 * shown narrows the header bar and brings the bottom switcher bar in,
 * and a test of the focus would race that. */
void
app_test_show_page (IriInspectorWindow *window,
                    const char         *name)
{
  GtkWidget *stack;
  GtkWidget *page;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.page", "s", name);
  stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  page = adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), name);
  for (guint k = 0; k < 300; k++)
    {
      GtkWidget *switcher = widget_test_find_mapped (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER);

      if (gtk_widget_get_mapped (page) && switcher != NULL && revealers_settled (GTK_WIDGET (window)))
        break;
      app_test_wait (10);
    }
  app_test_wait (50);
}
