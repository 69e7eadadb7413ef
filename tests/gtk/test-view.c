/* test-view.c: IriGtkView
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-gtk-test-util.h"

#define HE_SHALOM "\327\251\327\234\327\225\327\235"          /* שלום */
#define ELLIPSIS  "\342\200\246"

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           GHashTable *counts)
{
  const char *name = g_param_spec_get_name (pspec);

  g_hash_table_insert (counts, (gpointer) name,
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) + 1));
}

static guint
count (GHashTable *counts,
       const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));
}

static void
test_properties (void)
{
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new ("http://example.org/"));
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  const char *hosts[] = { "example.com", NULL };
  GListModel *diagnostics = iri_gtk_view_get_diagnostics (IRI_GTK_VIEW (view));
  g_autofree char *text = NULL;

  g_signal_connect (view, "notify", G_CALLBACK (notify_cb), counts);

  g_object_get (view, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "http://example.org/");
  g_assert_true (iri_gtk_view_get_ellipsize (IRI_GTK_VIEW (view)));
  g_assert_cmpint (iri_gtk_view_get_display_mode (IRI_GTK_VIEW (view)), ==, IRI_DISPLAY_EMBED);
  g_assert_cmpint (iri_gtk_view_get_uri_host_mapping (IRI_GTK_VIEW (view)), ==, IRI_HOST_MAPPING_UTS46);
  g_assert_cmpstr (iri_gtk_view_get_uri (IRI_GTK_VIEW (view)), ==, "http://example.org/");
  g_assert_false (iri_gtk_view_get_missing_glyphs (IRI_GTK_VIEW (view)));
  g_assert_cmpint (iri_gtk_view_get_display_policy (IRI_GTK_VIEW (view)), ==, IRI_DISPLAY_STRICT);
  g_assert_nonnull (iri_gtk_view_get_analysis (IRI_GTK_VIEW (view)));

  /* No-op sets notify nothing. */
  g_object_set (view,
                "text", "http://example.org/",
                "ellipsize", TRUE,
                "display-mode", IRI_DISPLAY_EMBED,
                "uri-host-mapping", IRI_HOST_MAPPING_UTS46,
                "known-hosts", NULL,
                "display-policy", IRI_DISPLAY_STRICT,
                NULL);
  iri_gtk_view_set_text (IRI_GTK_VIEW (view), "http://example.org/");
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);

  /* Real changes notify once. */
  iri_gtk_view_set_text (IRI_GTK_VIEW (view), "http://" HE_SHALOM ".example/x y");
  g_assert_cmpuint (count (counts, "text"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 1);
  g_assert_cmpuint (count (counts, "highest-severity"), ==, 1);
  g_assert_cmpint (iri_gtk_view_get_highest_severity (IRI_GTK_VIEW (view)), ==, IRI_SEVERITY_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), >, 0);
  g_assert_true (iri_gtk_view_get_diagnostics (IRI_GTK_VIEW (view)) == diagnostics);

  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), FALSE);
  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), FALSE);
  g_assert_cmpuint (count (counts, "ellipsize"), ==, 1);
  iri_gtk_view_set_display_mode (IRI_GTK_VIEW (view), IRI_DISPLAY_ISOLATE);
  iri_gtk_view_set_display_mode (IRI_GTK_VIEW (view), IRI_DISPLAY_ISOLATE);
  g_assert_cmpuint (count (counts, "display-mode"), ==, 1);
  iri_gtk_view_set_uri_host_mapping (IRI_GTK_VIEW (view), IRI_HOST_MAPPING_PERCENT);
  iri_gtk_view_set_uri_host_mapping (IRI_GTK_VIEW (view), IRI_HOST_MAPPING_PERCENT);
  g_assert_cmpuint (count (counts, "uri-host-mapping"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 2);
  g_assert_cmpstr (iri_gtk_view_get_uri (IRI_GTK_VIEW (view)), ==, "http://%D7%A9%D7%9C%D7%95%D7%9D.example/x%20y");
  iri_gtk_view_set_known_hosts (IRI_GTK_VIEW (view), hosts);
  iri_gtk_view_set_known_hosts (IRI_GTK_VIEW (view), hosts);
  g_assert_cmpuint (count (counts, "known-hosts"), ==, 1);
  g_assert_cmpstrv (iri_gtk_view_get_known_hosts (IRI_GTK_VIEW (view)), hosts);
  g_assert_cmpuint (count (counts, "diagnostics"), ==, 0);
  g_object_set (view, "display-policy", IRI_DISPLAY_PERMISSIVE, NULL);
  iri_gtk_view_set_display_policy (IRI_GTK_VIEW (view), IRI_DISPLAY_PERMISSIVE);
  g_assert_cmpuint (count (counts, "display-policy"), ==, 1);
  g_assert_cmpint (iri_gtk_view_get_display_policy (IRI_GTK_VIEW (view)), ==, IRI_DISPLAY_PERMISSIVE);
  /* The view shows its text as given, whatever the level. */
  g_assert_cmpstr (iri_gtk_view_get_text (IRI_GTK_VIEW (view)), ==, "http://" HE_SHALOM ".example/x y");

  g_hash_table_remove_all (counts);
  g_assert_finalize_object (view);
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);
}

static void
test_accessible (void)
{
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new ("http://exa mple/" HE_SHALOM));
  GListModel *model = iri_gtk_view_get_diagnostics (IRI_GTK_VIEW (view));
  g_autoptr(IriDiagnostic) first = g_list_model_get_item (model, 0);
  g_autofree char *description = NULL;
  g_autofree char *spoken = iri_diagnostic_dup_accessible_message (first);
  guint n = g_list_model_get_n_items (model);
  /* What assistive technology reads: the view, or with GTK 4.8 its text
   * (only the focused widget's own accessible is reported focused). */
#if GTK_CHECK_VERSION (4, 10, 0)
  GtkAccessible *label = GTK_ACCESSIBLE (view);
#else
  GtkAccessible *label = GTK_ACCESSIBLE (iri_gtk_test_get_text (view));

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_GENERIC);
#endif

  gtk_test_accessible_assert_role (label, GTK_ACCESSIBLE_ROLE_LABEL);
  gtk_test_accessible_assert_property (label, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "http://exa mple/" HE_SHALOM);
  if (n > 1)
    description = g_strdup_printf ("Error: %s (%u more finding%s)", spoken, n - 1, n > 2 ? "s" : "");
  else
    description = g_strdup_printf ("Error: %s", spoken);
  gtk_test_accessible_assert_property (label, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);

  iri_gtk_view_set_text (IRI_GTK_VIEW (view), "http://example.org/");
  gtk_test_accessible_assert_property (label, GTK_ACCESSIBLE_PROPERTY_LABEL, "http://example.org/");
  g_assert_false (gtk_test_accessible_has_property (label, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  g_assert_finalize_object (view);
}

static const char *
display_of (GtkWidget *view)
{
  return pango_layout_get_text (iri_gtk_text_get_layout (iri_gtk_test_get_text (view)));
}

static int
display_width (GtkWidget *view)
{
  PangoRectangle logical;

  pango_layout_get_pixel_extents (iri_gtk_text_get_layout (iri_gtk_test_get_text (view)), NULL, &logical);
  return logical.width;
}

static void
allocate (GtkWidget *view,
          int        width)
{
  int height;

  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, width, &height, NULL, NULL, NULL);
  gtk_widget_size_allocate (view, &(GtkAllocation) { 0, 0, width, height }, -1);
}

/* Elision (PRIOR-ART D-2): in logical order, from the start of the path,
 * keeping the end of the path; then the userinfo; then the labels of the
 * host before its registrable domain, and never the registrable domain
 * itself, at any width the view can get. */
static void
test_elide (void)
{
  const char *logical = "https://user@www." HE_SHALOM ".example.co.uk/a/very/long/path/with/many/segments/file-name.html?q=v#frag";
  const char *host = "www." HE_SHALOM ".example.co.uk";
  const char *registrable = "example.co.uk";
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new (logical));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window;
  int minimum, natural;
  gboolean saw_path_elided = FALSE, saw_userinfo_elided = FALSE, saw_subdomains_elided = FALSE;

  gtk_box_append (GTK_BOX (box), view);
  window = iri_gtk_test_window_new (box, GTK_TEXT_DIR_RTL);

  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, <, natural);

  allocate (view, natural);
  g_assert_cmpstr (display_of (view), ==, logical);

  for (int width = natural - 1; width >= minimum; width -= 3)
    {
      const char *display;
      const char *ellipsis;

      allocate (view, width);
      display = display_of (view);
      g_assert_cmpint (display_width (view), <=, width);
      g_assert_nonnull (strstr (display, registrable));
      g_assert_true (g_str_has_prefix (display, "https://"));
      ellipsis = strstr (display, ELLIPSIS);
      g_assert_nonnull (ellipsis);

      if (g_str_has_prefix (display, "https://user@"))
        {
          /* Only the path is elided: "…" comes right after its first
           * slash, and what follows is the end of the IRI. */
          g_assert_nonnull (strstr (display, host));
          g_assert_true (g_str_has_prefix (display, "https://user@www." HE_SHALOM ".example.co.uk/" ELLIPSIS));
          g_assert_true (g_str_has_suffix (logical, ellipsis + strlen (ELLIPSIS)));
          saw_path_elided = TRUE;
        }
      else if (strstr (display, host) != NULL)
        {
          g_assert_true (g_str_has_prefix (display, "https://" ELLIPSIS "@www." HE_SHALOM ".example.co.uk/" ELLIPSIS));
          saw_userinfo_elided = TRUE;
        }
      else
        {
          /* The first labels go, from the start of the host: "…" and
           * the registrable domain. */
          g_assert_true (g_str_has_prefix (display, "https://" ELLIPSIS "@" ELLIPSIS "example.co.uk/" ELLIPSIS));
          saw_subdomains_elided = TRUE;
        }
      /* The text itself is untouched. */
      g_assert_cmpstr (iri_gtk_view_get_text (IRI_GTK_VIEW (view)), ==, logical);
    }
  g_assert_true (saw_path_elided);
  g_assert_true (saw_userinfo_elided);
  g_assert_true (saw_subdomains_elided);

  /* At the minimum, the registrable domain is still whole. */
  allocate (view, minimum);
  g_assert_nonnull (strstr (display_of (view), ELLIPSIS "example.co.uk/"));

  /* Selecting and copying give the whole IRI, elided or not. */
  {
    GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (view));
    g_autofree char *copied = NULL;

    g_assert_true (iri_gtk_test_press (view, "<Control>a"));
    g_assert_true (iri_gtk_test_press (view, "<Control>c"));
    copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (text));
    g_assert_cmpstr (copied, ==, logical);
    gtk_widget_activate_action (text, "iri.copy-uri", NULL);
    g_clear_pointer (&copied, g_free);
    copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (text));
    g_assert_cmpstr (copied, ==, iri_gtk_view_get_uri (IRI_GTK_VIEW (view)));
  }

  /* Without ellipsize the minimum is the whole IRI. */
  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), FALSE);
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, natural);

  /* Without a path, only the labels before the registrable domain can
   * go; a host that is its own registrable domain stays whole. */
  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), TRUE);
  iri_gtk_view_set_text (IRI_GTK_VIEW (view), "https://www." HE_SHALOM ".example.co.uk");
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, <, natural);
  allocate (view, minimum);
  g_assert_cmpstr (display_of (view), ==, "https://" ELLIPSIS "example.co.uk");
  iri_gtk_view_set_text (IRI_GTK_VIEW (view), "https://example.co.uk");
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, natural);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

/* Read-only: no typing, no paste, no drop, no input method. */
static void
test_read_only (void)
{
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new ("http://example.org/"));
  IriGtkText *text = iri_gtk_test_get_text (view);

  g_assert_null (iri_gtk_text_get_im_context (text));
  iri_gtk_text_enter_text (text, "x");
  iri_gtk_text_paste_text (text, "y");
  g_assert_false (iri_gtk_text_drop_text (text, "z", 0));
  g_assert_false (iri_gtk_test_press (view, "BackSpace") &&
                  !g_str_equal (iri_gtk_view_get_text (IRI_GTK_VIEW (view)), "http://example.org/"));
  g_assert_cmpstr (iri_gtk_view_get_text (IRI_GTK_VIEW (view)), ==, "http://example.org/");
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (text)));

  g_assert_finalize_object (view);
}

/* An application selects the characters a finding or a table row is
 * about: in logical order, drawn where they are displayed. */
static void
test_select_region (void)
{
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new ("https://ab.\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D.example/x"));
  GtkWidget *window = iri_gtk_test_window_new (view, GTK_TEXT_DIR_RTL);
  GtkEditable *text = GTK_EDITABLE (iri_gtk_test_get_text (view));
  int start = -1, end = -1;

  iri_gtk_view_select_region (IRI_GTK_VIEW (view), 11, 15);
  g_assert_true (gtk_editable_get_selection_bounds (text, &start, &end));
  g_assert_cmpint (start, ==, 11);
  g_assert_cmpint (end, ==, 15);
  /* Still read-only. */
  g_assert_false (gtk_editable_get_editable (text));

  iri_gtk_view_select_region (IRI_GTK_VIEW (view), 0, 0);
  g_assert_false (gtk_editable_get_selection_bounds (text, &start, &end));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

int
main (int   argc,
      char *argv[])
{
  if (!iri_gtk_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/iri-gtk/view/properties", test_properties);
  g_test_add_func ("/iri-gtk/view/accessible", test_accessible);
  g_test_add_func ("/iri-gtk/view/elide", test_elide);
  g_test_add_func ("/iri-gtk/view/read-only", test_read_only);
  g_test_add_func ("/iri-gtk/view/select-region", test_select_region);

  return g_test_run ();
}
