/* startup-peer.c: the peer of iri-inspector's start-up in bench-app
 *
 * The least a libadwaita app does to show an IRI: an AdwApplication,
 * one AdwApplicationWindow of the app's default size with a header bar
 * and the IRI in a GtkLabel, nothing of IRI Inspector's.  It prints the
 * monotonic time of its first frame as `iri-inspector --report-startup`
 * does ("first-frame-monotonic-us N") and quits.  bench-app --startup
 * runs it in turn with the app: the app's start-up is this floor (GTK,
 * libadwaita, the display, the fonts) plus what the app adds.
 *
 * Usage: startup-peer [IRI]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <adwaita.h>

static char *text = NULL;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  printf ("first-frame-monotonic-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  fflush (stdout);
  exit (0);
}

static void
map_cb (GtkWidget *window,
        gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

static void
activate_cb (GApplication *application,
             gpointer      user_data)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (application));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (text);

  gtk_window_set_title (GTK_WINDOW (window), "IRI Inspector (start-up peer)");
  gtk_window_set_default_size (GTK_WINDOW (window), 980, 760);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  g_signal_connect (window, "map", G_CALLBACK (map_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) application = NULL;

  text = argc > 1 ? argv[1] : "";
  application = adw_application_new ("io.github.iri_inspector.StartupPeer", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (activate_cb), NULL);
  /* The IRI is ours, not an option or a file for GApplication. */
  return g_application_run (G_APPLICATION (application), 1, argv);
}
