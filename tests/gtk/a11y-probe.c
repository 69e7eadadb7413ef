/* a11y-probe.c: a window for tests/gtk/test-atspi.py
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Shows an IriGtkEntry and an IriGtkView holding the same IRI (Hebrew
 * host and path, so logical and visual order differ), gives the entry
 * the keyboard focus with a known selection and caret, prints "ready"
 * once the window is drawn, and runs until its standard input closes;
 * the line "findings" opens the findings popover (Ctrl+F1).
 * The test reads the widgets back over AT-SPI.
 */

#include <iri-gtk.h>

/* "https://ab.גדה/זח?q=1": "ab.ג" is selected, from offset 8 to the
 * caret at 12. */
#define PROBE_IRI "https://ab.\327\222\327\223\327\224/\327\226\327\227?q=1"
#define PROBE_BOUND 8
#define PROBE_CARET 12

static GtkWidget *entry;

/* A line "findings" opens the findings popover at the caret, as Ctrl+F1
 * does; the end of the input closes the window. */
static gboolean
stdin_cb (GIOChannel   *channel,
          GIOCondition  condition,
          gpointer      data)
{
  g_autofree char *line = NULL;

  if (g_io_channel_read_line (channel, &line, NULL, NULL, NULL) == G_IO_STATUS_NORMAL)
    {
      if (g_str_has_prefix (line, "findings"))
        gtk_widget_activate_action (gtk_window_get_focus (GTK_WINDOW (data)), "iri.show-findings", NULL);
      return G_SOURCE_CONTINUE;
    }
  gtk_window_destroy (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static gboolean
ready_cb (gpointer data)
{
  g_print ("ready\n");
  return G_SOURCE_REMOVE;
}

static void
map_cb (GtkWidget *window)
{
  /* After the first frames, so that the accessible tree exists. */
  g_timeout_add (300, ready_cb, NULL);
}

int
main (int   argc,
      char *argv[])
{
  GtkWidget *window, *box, *view;
  GIOChannel *channel;

  gtk_init ();

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "a11y-probe");
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_window_set_child (GTK_WINDOW (window), box);

  entry = iri_gtk_entry_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, "Address", -1);
  gtk_editable_set_text (GTK_EDITABLE (entry), PROBE_IRI);
  gtk_box_append (GTK_BOX (box), entry);

  view = iri_gtk_view_new (PROBE_IRI);
  gtk_box_append (GTK_BOX (box), view);

  if (argc > 1 && g_str_equal (argv[1], "--gtk-entry"))
    {
      GtkWidget *plain = gtk_entry_new ();

      gtk_editable_set_text (GTK_EDITABLE (plain), PROBE_IRI);
      gtk_box_append (GTK_BOX (box), plain);
    }

  g_signal_connect (window, "map", G_CALLBACK (map_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (entry);
  gtk_editable_select_region (GTK_EDITABLE (entry), PROBE_BOUND, PROBE_CARET);

  channel = g_io_channel_unix_new (0);
  g_io_add_watch (channel, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_cb, window);
  g_io_channel_unref (channel);

  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}
