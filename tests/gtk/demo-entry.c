/* demo-entry.c: IriGtkEntry and IriGtkView with a few IRIs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Built, not installed.  Run it to look at the widgets, or take a
 * picture of its window:
 *
 *   demo-entry [--rtl] [--dark] [--theme=NAME] [--screenshot=FILE.png]
 *
 * --rtl lays the user interface out right to left (the IRIs must stay
 * left to right), --dark asks for the dark variant of the theme.
 */

#include <iri-gtk.h>

static const char *view_iris[] = {
  /* RFC 3987bis §4.4 Example 1: fine. */
  "http://ab.\327\222\327\223\327\224\327\225\327\226\327\227.ij/kl/mn/op.html",
  /* Example 5: a right-to-left run crosses from the host into the path. */
  "http://ab.cd.\327\224\327\225/\327\226\327\227/ij/kl.html",
  /* Example 8: §4.2 rule 2. */
  "http://ab.cd.ef/\327\226\327\2271/2\327\230\327\231/\327\232\327\233.html",
  /* Arabic host and path. */
  "https://\331\205\330\253\330\247\331\204.\330\264\330\250\331\203\330\251/\330\265\331\201\330\255\330\251?\331\203\331\204\331\205\330\251=\331\202\331\212\331\205\330\251",
  /* A pasted RIGHT-TO-LEFT OVERRIDE: shown escaped, flagged. */
  "http://example.org/abc\342\200\256def/file.txt",
  /* A unit no installed font can draw (plane 15 private use). */
  "http://example.org/\363\260\200\200\363\260\200\201/page",
  /* Long: elided from the start of the path, never inside the host. */
  "https://user@www.\327\251\327\234\327\225\327\235.example.co.uk/a/very/long/path/with/many/segments/and/a/final/file-name.html?query=value#fragment",
};

static gboolean rtl;
static gboolean dark;
static char *theme;
static char *screenshot;

static GOptionEntry options[] = {
  { "rtl", 0, 0, G_OPTION_ARG_NONE, &rtl, "Right-to-left user interface", NULL },
  { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, "Dark theme variant", NULL },
  { "theme", 0, 0, G_OPTION_ARG_STRING, &theme, "GTK theme name", "NAME" },
  { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, &screenshot, "Save a picture of the window and quit", "FILE" },
  { NULL },
};

static void
activate_cb (IriGtkEntry *entry,
             GtkLabel    *status)
{
  g_autofree char *text = g_strdup_printf ("activate: %s", iri_gtk_entry_get_uri (entry));

  gtk_label_set_text (status, text);
}

static gboolean
take_screenshot_cb (gpointer data)
{
  GtkWidget *window = data;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, screenshot))
    g_printerr ("demo-entry: could not save %s\n", screenshot);
  gtk_window_destroy (GTK_WINDOW (window));
  return G_SOURCE_REMOVE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— IRI widgets");
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *box, *entry, *isolated, *status, *label, *list;

  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("demo-entry: %s\n", error->message);
      return 2;
    }

  gtk_init ();
  /* After gtk_init(), which sets the direction from the locale. */
  if (rtl)
    gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  if (theme != NULL)
    g_object_set (gtk_settings_get_default (), "gtk-theme-name", theme, NULL);
  if (dark)
    g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "IRI widgets");
  gtk_window_set_default_size (GTK_WINDOW (window), 560, -1);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_window_set_child (GTK_WINDOW (window), box);

  label = gtk_label_new_with_mnemonic ("_Address (embed, §4.1)");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  entry = iri_gtk_entry_new ();
  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  /* Example 6 of §4.4: host and path interleave in the display. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry),
                          "http://ab.\327\222\327\223.\327\224\327\225/\327\226\327\227/\327\230\327\231/kl.html");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_box_append (GTK_BOX (box), entry);

  label = gtk_label_new ("The same, isolate mode");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  isolated = iri_gtk_entry_new ();
  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (isolated), IRI_DISPLAY_ISOLATE);
  g_object_bind_property (entry, "text", isolated, "text", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (box), isolated);

  label = gtk_label_new ("Views");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 8);
  gtk_box_append (GTK_BOX (box), label);
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (gsize k = 0; k < G_N_ELEMENTS (view_iris); k++)
    {
      GtkWidget *view = iri_gtk_view_new (view_iris[k]);

      gtk_widget_set_margin_start (view, 6);
      gtk_widget_set_margin_end (view, 6);
      gtk_widget_set_margin_top (view, 4);
      gtk_widget_set_margin_bottom (view, 4);
      gtk_list_box_append (GTK_LIST_BOX (list), view);
    }
  gtk_box_append (GTK_BOX (box), list);

  status = gtk_label_new ("");
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (status), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), status);
  g_signal_connect (entry, "activate", G_CALLBACK (activate_cb), status);

  gtk_window_present (GTK_WINDOW (window));
  if (screenshot != NULL)
    g_timeout_add (700, take_screenshot_cb, window);

  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);

  return 0;
}
