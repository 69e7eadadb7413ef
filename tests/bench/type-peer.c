/* type-peer.c: the peer of type-test.sh
 *
 * A window with a plain GtkEntry and nothing else, titled like the app
 * so that type-test.sh finds it the same way.  On SIGUSR1 it prints the
 * entry's text ("text …", as iri-inspector --report-startup does) and
 * quits.  What xdotool loses typing into it is what X11 and xdotool
 * lose by themselves, not what the app does.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <glib-unix.h>
#include <gtk/gtk.h>

static gboolean
report_cb (gpointer user_data)
{
  GtkEditable *entry = user_data;

  g_print ("text %s\n", gtk_editable_get_text (entry));
  exit (0);
  return G_SOURCE_REMOVE;
}

int
main (int    argc,
      char **argv)
{
  GtkWidget *window;
  GtkWidget *entry;

  gtk_init ();
  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "IRI Inspector (peer)");
  gtk_window_set_default_size (GTK_WINDOW (window), 980, 760);
  entry = gtk_entry_new ();
  gtk_widget_set_valign (entry, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (window), entry);
  g_unix_signal_add (SIGUSR1, report_cb, entry);
  gtk_window_present (GTK_WINDOW (window));

  while (TRUE)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}
