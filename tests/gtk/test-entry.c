/* test-entry.c: IriGtkEntry
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "iri-gtk-test-util.h"
#include "iri-gtk-style-node-private.h"

/* Hebrew and Arabic in octal escapes, so the source stays ASCII. */
#define HE_SHALOM "\327\251\327\234\327\225\327\235"          /* שלום */
#define AR_SAFHA  "\330\265\331\201\330\255\330\251"          /* صفحة */
#define RLO       "\342\200\256"                              /* U+202E */

/* "apple" in Cyrillic letters only (U+0430 U+0440 U+0440 U+04CF U+0435),
 * a whole-script confusable of an ASCII host (UTS #39 §4), and its
 * A-label.  RFC 3492's encoder gives the A-label: it is checked against
 * the core's conversion in test_display_policy(). */
#define CYRILLIC_APPLE  "\320\260\321\200\321\200\323\217\320\265"
#define APPLE_A_LABEL   "xn--80ak6aa92e"

/* ------------------------------------------------------------------ */
/* Notifications */

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

static guint
total (GHashTable *counts)
{
  GHashTableIter iter;
  gpointer value;
  guint sum = 0;

  const char *name;

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, &value))
    {
      g_test_message ("notify::%s ×%u", name, GPOINTER_TO_UINT (value));
      sum += GPOINTER_TO_UINT (value);
    }
  return sum;
}

static GHashTable *
watch (gpointer object)
{
  GHashTable *counts = g_hash_table_new (g_str_hash, g_str_equal);

  g_signal_connect (object, "notify", G_CALLBACK (notify_cb), counts);
  return counts;
}

static void
test_properties (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  g_autoptr(GHashTable) counts = watch (entry);
  GListModel *diagnostics;
  const char *hosts[] = { "example.com", NULL };
  const char *other_hosts[] = { "example.org", NULL };
  g_auto(GStrv) got_hosts = NULL;
  g_autofree char *text = NULL;
  IriHostMapping mapping;
  IriDisplayMode mode;
  IriSeverity severity;
  gboolean flag;

  g_test_summary ("Every property of IriGtkEntry: set, get, and notified "
                  "exactly once on a real change, never on a no-op");

  /* Defaults. */
  g_object_get (entry,
                "text", &text,
                "uri-host-mapping", &mapping,
                "display-mode", &mode,
                "highest-severity", &severity,
                "show-preview", &flag,
                NULL);
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);
  g_assert_cmpint (mapping, ==, IRI_HOST_MAPPING_UTS46);
  g_assert_cmpint (mode, ==, IRI_DISPLAY_EMBED);
  g_assert_cmpint (severity, ==, IRI_SEVERITY_NONE);
  g_assert_false (flag);
  g_assert_true (iri_gtk_entry_get_convert_uris (IRI_GTK_ENTRY (entry)));
  g_assert_cmpint (iri_gtk_entry_get_display_policy (IRI_GTK_ENTRY (entry)), ==, IRI_DISPLAY_STRICT);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==, "");
  diagnostics = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
  g_assert_true (G_IS_LIST_MODEL (diagnostics));
  g_assert_true (g_list_model_get_item_type (diagnostics) == IRI_TYPE_DIAGNOSTIC);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  g_assert_cmpuint (total (counts), ==, 0);

  /* text, and what follows it. */
  g_object_set (entry, "text", "http://ab." HE_SHALOM ".example/x", NULL);
  g_assert_cmpuint (count (counts, "text"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 1);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://ab." HE_SHALOM ".example/x");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://ab." HE_SHALOM ".example/x");
  g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==, "http://ab.xn--9dbne9b.example/x");
  g_hash_table_remove_all (counts);
  g_object_set (entry, "text", "http://ab." HE_SHALOM ".example/x", NULL);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://ab." HE_SHALOM ".example/x");
  g_assert_cmpuint (total (counts), ==, 0);

  /* uri-host-mapping: the URI changes with it. */
  iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), IRI_HOST_MAPPING_UTS46);
  g_assert_cmpuint (total (counts), ==, 0);
  g_object_set (entry, "uri-host-mapping", IRI_HOST_MAPPING_PERCENT, NULL);
  g_assert_cmpuint (count (counts, "uri-host-mapping"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 1);
  g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==,
                   "http://ab.%D7%A9%D7%9C%D7%95%D7%9D.example/x");
  g_hash_table_remove_all (counts);
  /* An ASCII host maps the same either way: no notify::uri. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example.com/" HE_SHALOM);
  g_hash_table_remove_all (counts);
  iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), IRI_HOST_MAPPING_IDNA2008);
  g_assert_cmpuint (count (counts, "uri-host-mapping"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 0);
  g_assert_cmpuint (iri_gtk_entry_get_uri_host_mapping (IRI_GTK_ENTRY (entry)), ==, IRI_HOST_MAPPING_IDNA2008);
  iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), IRI_HOST_MAPPING_UTS46);
  g_hash_table_remove_all (counts);

  /* display-mode */
  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), IRI_DISPLAY_EMBED);
  g_assert_cmpuint (total (counts), ==, 0);
  g_object_set (entry, "display-mode", IRI_DISPLAY_ISOLATE, NULL);
  g_assert_cmpuint (count (counts, "display-mode"), ==, 1);
  g_assert_cmpuint (count (counts, "uri"), ==, 0);
  g_assert_cmpint (iri_gtk_entry_get_display_mode (IRI_GTK_ENTRY (entry)), ==, IRI_DISPLAY_ISOLATE);
  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), IRI_DISPLAY_ISOLATE);
  g_assert_cmpuint (count (counts, "display-mode"), ==, 1);
  g_hash_table_remove_all (counts);

  /* highest-severity: notified when it changes, not when the text
   * does. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple/");
  g_assert_cmpuint (count (counts, "highest-severity"), ==, 1);
  g_assert_cmpint (iri_gtk_entry_get_highest_severity (IRI_GTK_ENTRY (entry)), ==, IRI_SEVERITY_ERROR);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple/y");
  g_assert_cmpuint (count (counts, "highest-severity"), ==, 1);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example/");
  g_assert_cmpuint (count (counts, "highest-severity"), ==, 2);
  g_assert_cmpint (iri_gtk_entry_get_highest_severity (IRI_GTK_ENTRY (entry)), ==, IRI_SEVERITY_NONE);
  /* The model is the same object all along, and never notified. */
  g_assert_true (iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry)) == diagnostics);
  g_assert_cmpuint (count (counts, "diagnostics"), ==, 0);
  g_hash_table_remove_all (counts);

  /* show-preview */
  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), FALSE);
  g_assert_cmpuint (total (counts), ==, 0);
  g_object_set (entry, "show-preview", TRUE, NULL);
  g_assert_cmpuint (count (counts, "show-preview"), ==, 1);
  g_assert_true (iri_gtk_entry_get_show_preview (IRI_GTK_ENTRY (entry)));
  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), 2);
  g_assert_cmpuint (count (counts, "show-preview"), ==, 1);
  g_hash_table_remove_all (counts);

  /* known-hosts */
  iri_gtk_entry_set_known_hosts (IRI_GTK_ENTRY (entry), NULL);
  g_assert_cmpuint (total (counts), ==, 0);
  g_object_set (entry, "known-hosts", hosts, NULL);
  g_assert_cmpuint (count (counts, "known-hosts"), ==, 1);
  g_object_get (entry, "known-hosts", &got_hosts, NULL);
  g_assert_cmpstrv (got_hosts, hosts);
  iri_gtk_entry_set_known_hosts (IRI_GTK_ENTRY (entry), hosts);
  g_assert_cmpuint (count (counts, "known-hosts"), ==, 1);
  iri_gtk_entry_set_known_hosts (IRI_GTK_ENTRY (entry), other_hosts);
  g_assert_cmpuint (count (counts, "known-hosts"), ==, 2);
  g_hash_table_remove_all (counts);

  /* convert-uris */
  iri_gtk_entry_set_convert_uris (IRI_GTK_ENTRY (entry), TRUE);
  g_assert_cmpuint (total (counts), ==, 0);
  g_object_set (entry, "convert-uris", FALSE, NULL);
  g_assert_cmpuint (count (counts, "convert-uris"), ==, 1);
  g_assert_false (iri_gtk_entry_get_convert_uris (IRI_GTK_ENTRY (entry)));
  g_hash_table_remove_all (counts);

  /* display-policy: an enumeration property of the core's type, so that
   * bindings (GObject Introspection, GSettings) see Iri.DisplayLevel. */
  {
    GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (entry), "display-policy");
    IriDisplayLevel level;

    g_assert_nonnull (pspec);
    g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
    g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == IRI_TYPE_DISPLAY_LEVEL);
    g_assert_cmpint (G_PARAM_SPEC_ENUM (pspec)->default_value, ==, IRI_DISPLAY_STRICT);
    g_assert_cmpint (pspec->flags & (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY), ==,
                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY);

    iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_STRICT);
    g_object_set (entry, "display-policy", IRI_DISPLAY_STRICT, NULL);
    g_assert_cmpuint (total (counts), ==, 0);
    g_object_set (entry, "display-policy", IRI_DISPLAY_PERMISSIVE, NULL);
    g_assert_cmpuint (count (counts, "display-policy"), ==, 1);
    g_object_get (entry, "display-policy", &level, NULL);
    g_assert_cmpint (level, ==, IRI_DISPLAY_PERMISSIVE);
    iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_PERMISSIVE);
    g_assert_cmpuint (count (counts, "display-policy"), ==, 1);
    /* The text is what was pasted: a new level re-analyses nothing. */
    g_assert_cmpuint (total (counts), ==, 1);
    iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_STRICT);
    g_assert_cmpuint (count (counts, "display-policy"), ==, 2);
    g_hash_table_remove_all (counts);
  }

  /* GtkEditable's own properties, through the delegate. */
  g_object_set (entry, "editable", TRUE, "width-chars", -1, "max-width-chars", -1, "xalign", 0.0f,
                "enable-undo", TRUE, NULL);
  g_assert_cmpuint (total (counts), ==, 0);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 30);
  g_assert_cmpuint (count (counts, "width-chars"), ==, 1);
  g_assert_cmpint (gtk_editable_get_width_chars (GTK_EDITABLE (entry)), ==, 30);
  gtk_editable_set_editable (GTK_EDITABLE (entry), FALSE);
  g_assert_cmpuint (count (counts, "editable"), ==, 1);
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (entry)));
  gtk_editable_set_editable (GTK_EDITABLE (entry), TRUE);
  g_hash_table_remove_all (counts);

  /* Disposing notifies nothing. */
  g_assert_finalize_object (entry);
  g_assert_cmpuint (total (counts), ==, 0);
}

/* In a window, with every part shown, then destroyed. */
static void
test_lifecycle (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  g_autoptr(GHashTable) counts = NULL;
  GtkWidget *window;

  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://\363\260\200\200.example/" RLO);
  window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  gtk_widget_activate_action (GTK_WIDGET (iri_gtk_test_get_text (entry)), "menu.popup", NULL);
  iri_gtk_test_wait (20);
  gtk_window_destroy (GTK_WINDOW (window));
  /* GtkWidget notifies "parent" and "root" when the window goes; the
   * entry's own dispose notifies nothing. */
  counts = watch (entry);
  g_assert_finalize_object (entry);
  g_assert_cmpuint (total (counts), ==, 0);
}

/* ------------------------------------------------------------------ */
/* URI */

static void
test_uri (void)
{
  static const char * const texts[] = {
    "http://ab." HE_SHALOM ".example/" AR_SAFHA "?q=" HE_SHALOM "#" AR_SAFHA,
    "http://r\303\251sum\303\251.example.org/",
    "http://Fass.DE/",
    "http://\342\230\272.example/",            /* refused by IDNA2008 */
    HE_SHALOM "/abc",
    "http://exa mple/",
    "",
  };
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());

  for (gsize k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), texts[k]);
      for (int mapping = IRI_HOST_MAPPING_PERCENT; mapping <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL; mapping++)
        {
          g_autofree char *expected = iri_to_uri (texts[k], -1, mapping, NULL);

          iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), mapping);
          g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==, expected);
        }
    }

  g_assert_finalize_object (entry);
}

/* Keys typed in a burst (a held key, a tool typing) are each shown in
 * the field at once; the preview follows once the burst pauses.  A key
 * after a pause, and any change that was not typed, update it at once. */
static void
test_preview_burst (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  GtkWidget *preview = gtk_widget_get_next_sibling (GTK_WIDGET (text));
  GtkWidget *label = gtk_widget_get_first_child (preview);

  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://example.org/");
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  iri_gtk_test_wait (200);

  iri_gtk_text_enter_text (text, "a");
  g_assert_false (iri_gtk_text_in_typing_burst (text));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.org/a");

  iri_gtk_text_enter_text (text, "b");
  g_assert_true (iri_gtk_text_in_typing_burst (text));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "https://example.org/ab");
  g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==, "https://example.org/ab");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.org/a");
  iri_gtk_test_wait (300);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.org/ab");

  iri_gtk_text_enter_text (text, "c");
  g_assert_false (iri_gtk_text_in_typing_burst (text));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.org/abc");
  iri_gtk_text_enter_text (text, "d");
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://example.net/");
  g_assert_false (iri_gtk_text_in_typing_burst (text));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.net/");
  iri_gtk_test_wait (300);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.net/");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

static void
test_preview (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (entry));
  GtkWidget *preview = gtk_widget_get_next_sibling (text);
  GtkWidget *label = gtk_widget_get_first_child (preview);
  GtkWidget *button = gtk_widget_get_next_sibling (label);
  g_autofree char *copied = NULL;

  g_assert_true (gtk_widget_has_css_class (preview, "preview"));
  g_assert_false (gtk_widget_get_visible (preview));
  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  g_assert_true (gtk_widget_get_visible (preview));

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://" HE_SHALOM ".example/" AR_SAFHA);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)));
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (label)));
  g_assert_cmpint (gtk_widget_get_direction (label), ==, GTK_TEXT_DIR_LTR);

  /* It follows every change. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://example.org/" HE_SHALOM);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "https://example.org/%D7%A9%D7%9C%D7%95%D7%9D");

  g_signal_emit_by_name (button, "clicked");
  copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
  g_assert_cmpstr (copied, ==, "https://example.org/%D7%A9%D7%9C%D7%95%D7%9D");

  /* A valid URI: no status, the plain copy button. */
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_next_sibling (preview)));
  g_assert_false (gtk_widget_has_css_class (label, "error"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy URI");

  /* With an IDNA mapping (UTS #46 by default), a host with a space has
   * no IDNA form: the preview gives the reason, as for any host IDNA
   * refuses (below). */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple.com/a%zz/b");
  g_assert_null (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "U+0020 SPACE"));
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  g_assert_false (gtk_widget_get_sensitive (button));

  /* An invalid IRI maps to no valid URI ("%zz" stays): the preview says
   * so, visibly and to assistive technologies, and the copy button says
   * what it copies; it still copies it.  (The percent mapping, §3.4.1,
   * gives every host a URI form.) */
  iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), IRI_HOST_MAPPING_PERCENT);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple.com/a%zz/b");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "http://exa%20mple.com/a%zz/b");
  {
    GtkWidget *status = gtk_widget_get_next_sibling (preview);
    GtkWidget *status_label = gtk_widget_get_last_child (status);
    const char *shown;

    g_assert_true (gtk_widget_has_css_class (status, "preview-status"));
    g_assert_true (gtk_widget_has_css_class (status, "error"));
    g_assert_true (gtk_widget_get_visible (status));
    g_assert_true (GTK_IS_IMAGE (gtk_widget_get_first_child (status)));
    shown = gtk_label_get_text (GTK_LABEL (status_label));
    g_test_message ("status: %s", shown);
    g_assert_true (g_str_has_prefix (shown, "Not a valid URI: "));
    g_assert_true (gtk_widget_has_css_class (label, "error"));
    g_assert_true (gtk_widget_get_sensitive (button));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy Invalid URI");
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Copy Invalid URI");
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, shown);
    gtk_test_accessible_assert_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE);

    g_clear_pointer (&copied, g_free);
    g_signal_emit_by_name (button, "clicked");
    copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
    g_assert_cmpstr (copied, ==, "http://exa%20mple.com/a%zz/b");

    /* The IRI's own error is what the status names first; an IRI whose
     * only error is the space maps to a URI RFC 3986 would accept
     * ("exa%20mple.com" is a reg-name), but to no valid IRI's. */
    iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple.com/");
    g_assert_true (gtk_widget_get_visible (status));
    g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (status_label)), "Not a valid URI: "));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy Invalid URI");

    /* A URI that RFC 3986 refuses, from an IRI whose only fault is it. */
    iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example.com/a%zz/b");
    g_assert_true (gtk_widget_get_visible (status));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (status_label)), "%zz"));

    /* The status goes with the preview, and comes back with it, though
     * the URI has not changed in between. */
    iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), FALSE);
    g_assert_false (gtk_widget_get_visible (status));
    iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
    g_assert_true (gtk_widget_get_visible (status));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (status_label)), "%zz"));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy Invalid URI");

    /* Fixed: all back to normal. */
    iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example.com/a%25zz/b");
    g_assert_false (gtk_widget_get_visible (status));
    g_assert_false (gtk_widget_has_css_class (label, "error"));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy URI");
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Copy URI");
  }

  /* A host IDNA refuses: no URI, the reason instead, nothing to copy. */
  iri_gtk_entry_set_uri_host_mapping (IRI_GTK_ENTRY (entry), IRI_HOST_MAPPING_IDNA2008);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://\342\230\272.example/");
  g_assert_null (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)));
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  g_assert_false (gtk_widget_get_sensitive (button));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* A long IRI's preview stays one line, shortened in the middle: it
 * neither grows with the URI nor wraps it (wrapping a URI of a few
 * thousand characters took seconds per keystroke), and the copy button
 * still copies all of it. */
static void
test_preview_long (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (entry));
  GtkWidget *preview = gtk_widget_get_next_sibling (text);
  GtkWidget *label = gtk_widget_get_first_child (preview);
  GtkWidget *button = gtk_widget_get_next_sibling (label);
  g_autoptr(GString) iri = g_string_new ("https://example.org/");
  g_autofree char *copied = NULL;
  int short_height, long_height, entry_width;
  gint64 start;

  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://example.org/" HE_SHALOM);
  iri_gtk_test_wait (50);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label),
                      &short_height, NULL, NULL, NULL);
  entry_width = gtk_widget_get_width (entry);

  while (iri->len < 4000)
    g_string_append (iri, HE_SHALOM "/" AR_SAFHA "/");
  start = g_get_monotonic_time ();
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), iri->str);
  iri_gtk_test_wait (50);
  g_test_message ("set and drawn in %.1f ms", (g_get_monotonic_time () - start) / 1000.0);

  /* The label gets the URI's start and end, not all of it: it would
   * shape it all at every keystroke to show a few hundred characters.
   * It gets as much as fits across the monitor, at most 1 000
   * characters: never so little that it would show less than it has
   * room for. */
  {
    const char *uri = iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry));
    const char *shown = gtk_label_get_text (GTK_LABEL (label));
    const char *ellipsis = strstr (shown, "\342\200\246");
    gsize head, tail;
    int natural;

    g_assert_cmpuint (strlen (uri), >, 1000);
    g_assert_nonnull (ellipsis);
    head = ellipsis - shown;
    tail = strlen (ellipsis + 3);
    g_test_message ("the label has %" G_GSIZE_FORMAT " + %" G_GSIZE_FORMAT " characters of %" G_GSIZE_FORMAT,
                    head, tail, strlen (uri));
    g_assert_cmpuint (head + tail, <=, 1000);
    g_assert_cmpuint (head + tail, >=, 40);
    g_assert_cmpuint (head, ==, tail);
    g_assert_cmpmem (shown, head, uri, head);
    g_assert_cmpmem (ellipsis + 3, tail, uri + strlen (uri) - tail, tail);
    g_assert_false (gtk_label_get_selectable (GTK_LABEL (label)));
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, shown);

      pango_layout_get_pixel_size (layout, &natural, NULL);
      g_assert_cmpint (natural, >, gtk_widget_get_width (label));
    }
  }
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_MIDDLE);
  g_assert_false (gtk_label_get_wrap (GTK_LABEL (label)));
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label),
                      &long_height, NULL, NULL, NULL);
  g_assert_cmpint (long_height, ==, short_height);
  g_assert_cmpint (gtk_widget_get_width (entry), ==, entry_width);

  g_signal_emit_by_name (button, "clicked");
  copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
  g_assert_cmpstr (copied, ==, iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* The attribute of @type that the run of @layout holding @index draws
 * with, or NULL. */
static PangoAttribute *
run_attribute_at (PangoLayout    *layout,
                  int             index,
                  PangoAttrType   type)
{
  PangoLayoutLine *line = pango_layout_get_line_readonly (layout, 0);
  PangoAttribute *found = NULL;

  for (GSList *r = line->runs; r != NULL; r = r->next)
    {
      PangoGlyphItem *run = r->data;

      if (index < run->item->offset || index >= run->item->offset + run->item->length)
        continue;
      /* As Pango's renderer reads them: the last one wins. */
      for (GSList *a = run->item->analysis.extra_attrs; a != NULL; a = a->next)
        {
          PangoAttribute *attr = a->data;

          if (attr->klass->type == type)
            found = attr;
        }
    }
  return found;
}

/* The colours of the units and the underlines of the findings reach
 * every run they cover, in a long mixed-direction IRI too (they are
 * applied run by run, not by Pango's walk of the whole list). */
static void
test_paint_attributes (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autoptr(GString) iri = g_string_new ("http://exa mple/");
  GListModel *diagnostics = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
  PangoLayout *layout;
  gsize n_chars;
  guint n_errors = 0;

  for (int k = 0; k < 40; k++)
    g_string_append (iri, k % 2 ? HE_SHALOM "/" : AR_SAFHA "/abc/");
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), iri->str);
  iri_gtk_test_wait (20);
  layout = iri_gtk_text_get_layout (text);
  n_chars = g_utf8_strlen (iri->str, -1);

  /* Every character has its unit's colour. */
  for (gsize i = 0; i < n_chars; i++)
    g_assert_nonnull (run_attribute_at (layout, iri_gtk_text_position_to_index (text, i), PANGO_ATTR_FOREGROUND));

  /* The space in the host is an error: a squiggle under it, and no
   * underline where there is no finding (the last path segment). */
  for (guint k = 0; k < g_list_model_get_n_items (diagnostics); k++)
    {
      g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (diagnostics, k);
      PangoAttribute *attr;

      if (iri_diagnostic_get_severity (diagnostic) != IRI_SEVERITY_ERROR)
        continue;
      attr = run_attribute_at (layout, iri_gtk_text_position_to_index (text, iri_diagnostic_get_start (diagnostic)),
                               PANGO_ATTR_UNDERLINE);
      g_assert_nonnull (attr);
      g_assert_cmpint (((PangoAttrInt *) attr)->value, ==, PANGO_UNDERLINE_ERROR_LINE);
      n_errors++;
    }
  g_assert_cmpuint (n_errors, >, 0);
  g_assert_null (run_attribute_at (layout, iri_gtk_text_position_to_index (text, n_chars - 2), PANGO_ATTR_UNDERLINE));

  /* When the fonts change, Pango lays the layout out again, which would
   * drop the colours applied to its runs: the widget builds a new one. */
  pango_context_changed (pango_layout_get_context (layout));
  layout = iri_gtk_text_get_layout (text);
  for (gsize i = 0; i < n_chars; i++)
    g_assert_nonnull (run_attribute_at (layout, iri_gtk_text_position_to_index (text, i), PANGO_ATTR_FOREGROUND));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* GTK recomputes styles for many reasons that change nothing the text
 * is drawn with (a class on an ancestor, here): the display stays as
 * it is, so that no keystroke costs a second frame.  A stylesheet that
 * does change a unit's colour reaches the layout. */
static void
test_style_changes (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  PangoLayout *layout;
  PangoAttrColor *color;
  int host;

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://example.org/a");
  iri_gtk_test_wait (20);
  layout = iri_gtk_text_get_layout (text);
  host = iri_gtk_text_position_to_index (text, strlen ("https://"));

  gtk_widget_add_css_class (window, "iri-test-unused");
  iri_gtk_test_wait (20);
  g_assert_true (iri_gtk_text_get_layout (text) == layout);

#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_css_provider_load_from_string (provider, "unit.host { color: rgb(1, 2, 3); }");
#else
  gtk_css_provider_load_from_data (provider, "unit.host { color: rgb(1, 2, 3); }", -1);
#endif
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (window), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  iri_gtk_test_wait (20);
  layout = iri_gtk_text_get_layout (text);
  color = (PangoAttrColor *) run_attribute_at (layout, host, PANGO_ATTR_FOREGROUND);
  g_assert_nonnull (color);
  g_assert_cmpuint (color->color.red, ==, 257);
  g_assert_cmpuint (color->color.green, ==, 514);
  g_assert_cmpuint (color->color.blue, ==, 771);

  gtk_style_context_remove_provider_for_display (gtk_widget_get_display (window), GTK_STYLE_PROVIDER (provider));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* The keyboard focus goes through the entry and out of it, both ways:
 * the text, the copy button of the preview (when there is a URI to
 * copy), then the next widget; never back into the entry, never stuck
 * on the selectable preview label (GtkLabel's focus vfunc takes the
 * focus of a label that is not focusable and reports success).  Also
 * for the view.  Tab is the window's "move-focus" binding signal. */
static void
test_focus_chain (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *before = gtk_button_new_with_label ("before");
  GtkWidget *entry = iri_gtk_entry_new ();
  GtkWidget *view = iri_gtk_view_new ("https://" HE_SHALOM ".example/");
  GtkWidget *after = gtk_button_new_with_label ("after");
  GtkWidget *window, *text, *copy, *view_text;

  gtk_box_append (GTK_BOX (box), before);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), after);
  iri_gtk_entry_set_show_preview (IRI_GTK_ENTRY (entry), TRUE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "https://" HE_SHALOM ".example/");
  window = iri_gtk_test_window_new (box, GTK_TEXT_DIR_LTR);
  text = GTK_WIDGET (iri_gtk_test_get_text (entry));
  copy = gtk_widget_get_last_child (gtk_widget_get_next_sibling (text));
  view_text = GTK_WIDGET (iri_gtk_test_get_text (view));
  g_assert_true (GTK_IS_BUTTON (copy));

  for (guint pass = 0; pass < 2; pass++)
    {
      /* Pass 1: nothing to copy, the button is skipped. */
      GtkWidget *forward[] = { before, text, copy, view_text, after };
      GtkWidget *no_copy[] = { before, text, view_text, after };
      GtkWidget **chain = pass == 0 ? forward : no_copy;
      guint n = pass == 0 ? G_N_ELEMENTS (forward) : G_N_ELEMENTS (no_copy);

      if (pass == 1)
        iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
      gtk_widget_grab_focus (before);
      for (guint k = 1; k < n; k++)
        {
          g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_FORWARD);
          g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == chain[k]);
        }
      for (guint k = n - 1; k > 0; k--)
        {
          g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_BACKWARD);
          g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == chain[k - 1]);
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------ */
/* Diagnostics */

static IriNotation
notation_of (const IriGtkTestExample *example)
{
  return g_str_equal (example->notation, "hebrew") ? IRI_NOTATION_HEBREW : IRI_NOTATION_ARABIC;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The model holds the core's diagnostics for the text, in its order
 * (most severe first), and the §4.4 findings the data file expects. */
static void
test_diagnostics_examples (void)
{
  g_autoptr(GPtrArray) examples = iri_gtk_test_load_examples ();
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GListModel *model = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));

  for (guint k = 0; k < examples->len; k++)
    {
      const IriGtkTestExample *example = g_ptr_array_index (examples, k);
      g_autofree char *text = iri_notation_to_rtl (example->logical, -1, notation_of (example));
      g_autoptr(IriAnalysis) analysis = iri_analyze (text, -1);
      g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
      IriSeverity highest = IRI_SEVERITY_NONE;

      iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), text);
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, iri_analysis_get_n_diagnostics (analysis));
      for (guint d = 0; d < g_list_model_get_n_items (model); d++)
        {
          g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (model, d);
          IriDiagnostic *core = iri_analysis_get_diagnostic (analysis, d);
          const char *code = iri_diagnostic_get_code (diagnostic);
          IriSeverity severity = iri_diagnostic_get_severity (diagnostic);

          g_assert_cmpstr (code, ==, iri_diagnostic_get_code (core));
          g_assert_cmpint (severity, ==, iri_diagnostic_get_severity (core));
          g_assert_cmpuint (iri_diagnostic_get_start (diagnostic), ==, iri_diagnostic_get_start (core));
          g_assert_cmpuint (iri_diagnostic_get_end (diagnostic), ==, iri_diagnostic_get_end (core));
          g_assert_cmpstr (iri_diagnostic_get_message (diagnostic), ==, iri_diagnostic_get_message (core));
          g_assert_nonnull (iri_diagnostic_get_spec (diagnostic));
          /* Most severe first. */
          if (d > 0)
            {
              g_autoptr(IriDiagnostic) previous = g_list_model_get_item (model, d - 1);

              g_assert_cmpint (iri_diagnostic_get_severity (previous), >=, severity);
            }
          highest = MAX (highest, severity);
          if (g_str_has_prefix (code, "bidi-") || g_str_equal (code, "idna-bidi-rule"))
            g_ptr_array_add (got, g_strdup_printf ("%s:%c", code, iri_severity_to_string (severity)[0]));
        }
      g_assert_cmpint (iri_gtk_entry_get_highest_severity (IRI_GTK_ENTRY (entry)), ==, highest);

      if (!g_str_equal (example->findings, "-"))
        {
          g_auto(GStrv) findings = g_strsplit (example->findings, ",", -1);

          for (guint f = 0; findings[f] != NULL; f++)
            g_ptr_array_add (expected, g_strdup (findings[f]));
        }
      g_ptr_array_sort (got, compare_strings);
      g_ptr_array_sort (expected, compare_strings);
      g_assert_cmpuint (got->len, ==, expected->len);
      for (guint f = 0; f < got->len; f++)
        g_assert_cmpstr (g_ptr_array_index (got, f), ==, g_ptr_array_index (expected, f));
    }

  g_assert_finalize_object (entry);
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *changes)
{
  (*changes)++;
}

/* The model is spliced only where the findings change. */
static void
test_diagnostics_splice (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GListModel *model = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
  g_autoptr(IriDiagnostic) first = NULL;
  g_autoptr(IriDiagnostic) again = NULL;
  guint changes = 0;

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple/a");
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  first = g_list_model_get_item (model, 0);

  /* Another path, the same findings: nothing changes, the same
   * objects stay. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple/b");
  g_assert_cmpuint (changes, ==, 0);
  again = g_list_model_get_item (model, 0);
  g_assert_true (first == again);

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example/b");
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  g_signal_handlers_disconnect_by_func (model, items_changed_cb, &changes);
  g_assert_finalize_object (entry);
}

/* ------------------------------------------------------------------ */
/* Tooltip */

static void
glyph_center (IriGtkText *text,
              int         position,
              int        *x,
              int        *y)
{
  PangoRectangle rect;
  int lx, ly;

  iri_gtk_text_get_layout_offsets (text, &lx, &ly);
  pango_layout_index_to_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, position), &rect);
  *x = lx + PANGO_PIXELS (rect.x + rect.width / 2);
  *y = ly + PANGO_PIXELS (rect.y + rect.height / 2);
}

static void
test_tooltip (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autofree char *logical = iri_notation_to_rtl ("http://ab.cd.ef/GH1/2IJ/KL.html", -1, IRI_NOTATION_HEBREW);
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  GListModel *model = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
  IriDiagnostic *edge = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *message = NULL;
  g_autofree char *hint = NULL;
  gboolean shown = FALSE;
  int x, y;

  /* Example 8: §4.2 rule 2 is broken by "GH1". */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  for (guint d = 0; d < g_list_model_get_n_items (model); d++)
    {
      g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (model, d);

      if (edge == NULL && g_str_equal (iri_diagnostic_get_code (diagnostic), "bidi-rtl-edge"))
        edge = diagnostic;
    }
  g_assert_nonnull (edge);
  g_assert_cmpuint (iri_diagnostic_get_start (edge), ==, 16);

  markup = iri_gtk_text_get_tooltip_markup_at (text, iri_diagnostic_get_start (edge));
  g_assert_nonnull (markup);
  {
    /* The message for display: its quotes of the IRI are isolated. */
    g_autofree char *display_message = iri_diagnostic_dup_display_message (edge);

    message = g_markup_escape_text (display_message, -1);
  }
  hint = g_markup_escape_text (iri_diagnostic_get_hint (edge), -1);
  g_assert_nonnull (strstr (markup, message));
  g_assert_nonnull (strstr (markup, "\xE2\x81\xA6"));
  g_assert_nonnull (strstr (markup, iri_diagnostic_get_spec (edge)));
  g_assert_nonnull (strstr (markup, hint));
  g_assert_nonnull (strstr (markup, "<b>Warning:</b>"));
  g_assert_nonnull (strstr (markup, "Fix:"));
  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, NULL, NULL, NULL));

  /* Through GTK's query-tooltip, at the glyph of the character. */
  glyph_center (text, iri_diagnostic_get_start (edge), &x, &y);
  g_signal_emit_by_name (text, "query-tooltip", x, y, FALSE, tooltip, &shown);
  g_assert_true (shown);

  /* Over the scheme there is nothing to say. */
  g_clear_pointer (&markup, g_free);
  markup = iri_gtk_text_get_tooltip_markup_at (text, 1);
  g_assert_null (markup);
  glyph_center (text, 1, &x, &y);
  g_signal_emit_by_name (text, "query-tooltip", x, y, FALSE, tooltip, &shown);
  g_assert_false (shown);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* ------------------------------------------------------------------ */
/* Keys */

static void
activate_cb (IriGtkEntry *entry,
             guint       *activated)
{
  (*activated)++;
}

static void
test_activate (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  guint activated = 0;

  g_signal_connect (entry, "activate", G_CALLBACK (activate_cb), &activated);
  g_assert_true (iri_gtk_test_press (entry, "Return"));
  g_assert_cmpuint (activated, ==, 1);
  g_assert_true (iri_gtk_test_press (entry, "KP_Enter"));
  g_assert_cmpuint (activated, ==, 2);

  g_assert_finalize_object (entry);
}

/* The cursor itself: gtk_editable_get_position() on a delegating
 * editable gives the end of the selection, whichever end the cursor is
 * at. */
static int
cursor_of (GtkWidget *entry)
{
  int position;

  g_object_get (entry, "cursor-position", &position, NULL);
  return position;
}

static void
assert_selection (GtkWidget *entry,
                  int        start,
                  int        end)
{
  int s, e;

  gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &s, &e);
  g_assert_cmpint (s, ==, start);
  g_assert_cmpint (e, ==, end);
}

static void
test_keys (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  /* http://ab.גדה.ij/kl: the Hebrew label is at 10–13. */
  const char *logical = "http://ab.\327\222\327\223\327\224.ij/kl";

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);

  g_assert_true (iri_gtk_test_press (entry, "Home"));
  g_assert_cmpint (cursor_of (entry), ==, 0);
  g_assert_true (iri_gtk_test_press (entry, "End"));
  g_assert_cmpint (cursor_of (entry), ==, 19);
  g_assert_true (iri_gtk_test_press (entry, "<Shift>Home"));
  assert_selection (entry, 0, 19);
  g_assert_true (iri_gtk_test_press (entry, "Right"));
  /* Right with a selection goes to its right end, without moving. */
  g_assert_cmpint (cursor_of (entry), ==, 19);
  assert_selection (entry, 19, 19);

  /* Visual movement into the right-to-left label: from "ab." (10) the
   * next position to the right is after its last letter (12), which is
   * drawn first. */
  gtk_editable_set_position (GTK_EDITABLE (entry), 10);
  g_assert_true (iri_gtk_test_press (entry, "Right"));
  g_assert_cmpint (cursor_of (entry), ==, 12);
  g_assert_true (iri_gtk_test_press (entry, "<Shift>Right"));
  g_assert_cmpint (cursor_of (entry), ==, 11);
  assert_selection (entry, 11, 12);
  g_assert_true (iri_gtk_test_press (entry, "Left"));
  assert_selection (entry, 12, 12);

  /* Control moves by unit: to the end of the next one, back to the
   * start of the previous one. */
  gtk_editable_set_position (GTK_EDITABLE (entry), 0);
  g_assert_true (iri_gtk_test_press (entry, "<Control>Right"));
  g_assert_cmpint (cursor_of (entry), ==, 4);   /* "http" */
  g_assert_true (iri_gtk_test_press (entry, "<Control>Right"));
  g_assert_cmpint (cursor_of (entry), ==, 9);   /* "ab" */
  g_assert_true (iri_gtk_test_press (entry, "<Control><Shift>Right"));
  assert_selection (entry, 9, 13);                                             /* "גדה" */
  g_assert_true (iri_gtk_test_press (entry, "<Control>Left"));
  g_assert_cmpint (cursor_of (entry), ==, 9);

  /* A double click selects a unit; on a delimiter, the delimiter. */
  iri_gtk_text_select_unit_at (iri_gtk_test_get_text (entry), 11);
  assert_selection (entry, 10, 13);
  iri_gtk_text_select_unit_at (iri_gtk_test_get_text (entry), 13);
  assert_selection (entry, 13, 14);

  /* Deleting. */
  gtk_editable_set_position (GTK_EDITABLE (entry), 19);
  g_assert_true (iri_gtk_test_press (entry, "BackSpace"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://ab.\327\222\327\223\327\224.ij/k");
  g_assert_true (iri_gtk_test_press (entry, "<Control>BackSpace"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://ab.\327\222\327\223\327\224.ij/");
  gtk_editable_set_position (GTK_EDITABLE (entry), 0);
  g_assert_true (iri_gtk_test_press (entry, "Delete"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "ttp://ab.\327\222\327\223\327\224.ij/");

  /* A grapheme cluster is one step and one deletion. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "e\314\201x");
  gtk_editable_set_position (GTK_EDITABLE (entry), 0);
  g_assert_true (iri_gtk_test_press (entry, "Right"));
  g_assert_cmpint (cursor_of (entry), ==, 2);
  g_assert_true (iri_gtk_test_press (entry, "BackSpace"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "x");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* A text longer than the entry scrolls so that the cursor stays in
 * view. */
static void
assert_cursor_visible (GtkWidget *entry)
{
  IriGtkText *text = iri_gtk_test_get_text (entry);
  PangoRectangle strong;
  int lx, ly, x;

  iri_gtk_test_wait (30);
  iri_gtk_text_get_layout_offsets (text, &lx, &ly);
  pango_layout_get_cursor_pos (iri_gtk_text_get_layout (text),
                               iri_gtk_text_position_to_index (text, cursor_of (entry)), &strong, NULL);
  x = lx + PANGO_PIXELS (strong.x);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (x, <=, gtk_widget_get_width (GTK_WIDGET (text)));
}

static void
test_scroll (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  g_autoptr(GString) logical = g_string_new ("https://" HE_SHALOM ".example/");

  for (int k = 0; k < 40; k++)
    g_string_append (logical, k % 2 ? HE_SHALOM "/" : "segment/");
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical->str);
  gtk_widget_grab_focus (entry);

  g_assert_true (iri_gtk_test_press (entry, "End"));
  assert_cursor_visible (entry);
  g_assert_true (iri_gtk_test_press (entry, "Home"));
  assert_cursor_visible (entry);
  for (int k = 0; k < 120; k++)
    g_assert_true (iri_gtk_test_press (entry, "Right"));
  assert_cursor_visible (entry);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* Typing: the input method's commits, joined into one undo step up to
 * a delimiter. */
static void
test_typing_undo (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  IriGtkText *text = iri_gtk_test_get_text (entry);
  static const char * const typed[] = { "h", "t", "t", "p", ":", "/", "/", "\327\251", "\327\234" };

  for (gsize k = 0; k < G_N_ELEMENTS (typed); k++)
    iri_gtk_text_enter_text (text, typed[k]);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://\327\251\327\234");

  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http:/");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http:");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "");
  /* Nothing left to undo: the binding does not fire. */
  g_assert_false (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_true (iri_gtk_test_press (entry, "<Control><Shift>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http:");

  /* Moving the cursor starts a new step. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_enter_text (text, "a");
  iri_gtk_text_enter_text (text, "b");
  gtk_editable_set_position (GTK_EDITABLE (entry), 0);
  iri_gtk_text_enter_text (text, "c");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "cab");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "ab");

  /* Typing over a selection is one step. */
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, 2);
  iri_gtk_text_enter_text (text, "\330\265");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "\330\265");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "ab");

  /* Not editable: typing does nothing. */
  gtk_editable_set_editable (GTK_EDITABLE (entry), FALSE);
  iri_gtk_text_enter_text (text, "x");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "ab");

  g_assert_finalize_object (entry);
}

/* An application that puts a text in the entry with
 * gtk_editable_set_text() (Inspect, Open, a drop) replaces the user's
 * text in one undo step: Ctrl+Z brings back exactly what was typed, and
 * Ctrl+Shift+Z the application's text again. */
static void
test_set_text_undo (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  static const char * const cases[][2] = {
    /* typed, then set by the application */
    { "http://example.org/a", "B" },
    { "https://" HE_SHALOM ".example/" HE_SHALOM "?q=" HE_SHALOM, "https://example.com/" AR_SAFHA },
    { "\327\251/" AR_SAFHA, "" },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      const char *typed = cases[k][0], *set = cases[k][1];

      iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
      /* Typed one character at a time, through the input method's path. */
      for (const char *p = typed; *p != '\0'; p = g_utf8_next_char (p))
        {
          g_autofree char *c = g_strndup (p, g_utf8_next_char (p) - p);

          iri_gtk_text_enter_text (text, c);
        }
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, typed);

      gtk_editable_set_text (GTK_EDITABLE (entry), set);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, set);
      iri_gtk_test_wait (10);

      g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, typed);
      g_assert_cmpmem (gtk_editable_get_text (GTK_EDITABLE (entry)), strlen (typed), typed, strlen (typed));

      g_assert_true (iri_gtk_test_press (entry, "<Control><Shift>z"));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, set);
      g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, typed);
    }

  /* Deleting everything and, later, inserting are two steps. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_enter_text (text, "a");
  gtk_editable_delete_text (GTK_EDITABLE (entry), 0, -1);
  iri_gtk_test_wait (10);
  {
    int position = 0;

    gtk_editable_insert_text (GTK_EDITABLE (entry), "b", -1, &position);
  }
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "a");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* ------------------------------------------------------------------ */
/* Clipboard and drag and drop */

static void
changed_cb (GtkEditable *editable,
            guint       *changed)
{
  (*changed)++;
}

static void
paste_and_wait (GtkWidget  *entry,
                const char *clipboard_text)
{
  guint changed = 0;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (entry), clipboard_text);
  g_signal_connect (entry, "changed", G_CALLBACK (changed_cb), &changed);
  g_assert_true (iri_gtk_test_press (entry, "<Control>v"));
  while (changed == 0)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_func (entry, changed_cb, &changed);
}

static void
test_clipboard (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (entry));
  const char *logical = "http://ab." HE_SHALOM ".example/" AR_SAFHA;
  g_autofree char *copied = NULL;
  g_autofree char *as_uri = NULL;

  /* Copy gives the logical IRI, Copy as URI the URI. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  g_assert_true (iri_gtk_test_press (entry, "<Control>a"));
  g_assert_true (iri_gtk_test_press (entry, "<Control>c"));
  copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
  g_assert_cmpstr (copied, ==, logical);
  gtk_widget_activate_action (text, "iri.copy-uri", NULL);
  as_uri = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
  g_assert_cmpstr (as_uri, ==, iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)));
  g_assert_cmpstr (as_uri, ==, "http://ab.xn--9dbne9b.example/%D8%B5%D9%81%D8%AD%D8%A9");

  /* Pasting a URI over the selection shows the IRI (§3.7), and one undo
   * takes the whole paste back. */
  g_assert_true (iri_gtk_test_press (entry, "<Control>a"));
  paste_and_wait (entry, "http://xn--9dbne9b.example/%D7%A9%D7%9C%D7%95%D7%9D?q=%D8%B5");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==,
                   "http://" HE_SHALOM ".example/" HE_SHALOM "?q=\330\265");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, logical);
  g_assert_true (iri_gtk_test_press (entry, "<Control><Shift>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==,
                   "http://" HE_SHALOM ".example/" HE_SHALOM "?q=\330\265");

  /* Encoded bidi controls stay encoded: §3.7 never decodes them. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://example.org/a%E2%80%AEb");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://example.org/a%E2%80%AEb");

  /* A pasted bidi control is kept, shown escaped, and flagged. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://example.org/abc" RLO "def");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://example.org/abc" RLO "def");
  {
    const char *display = pango_layout_get_text (iri_gtk_text_get_layout (IRI_GTK_TEXT (text)));
    GListModel *model = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
    gboolean flagged = FALSE;

    g_assert_null (strstr (display, RLO));
    g_assert_nonnull (strstr (display, "abc%E2%80%AEdef"));
    for (guint d = 0; d < g_list_model_get_n_items (model); d++)
      {
        g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (model, d);

        flagged |= g_str_equal (iri_diagnostic_get_code (diagnostic), "bidi-formatting-character");
      }
    g_assert_true (flagged);
  }

  /* Without convert-uris, a URI is pasted as it is. */
  iri_gtk_entry_set_convert_uris (IRI_GTK_ENTRY (entry), FALSE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://xn--9dbne9b.example/");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://xn--9dbne9b.example/");

  /* Cut. */
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, 7);
  g_assert_true (iri_gtk_test_press (entry, "<Control>x"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "xn--9dbne9b.example/");
  g_clear_pointer (&copied, g_free);
  copied = iri_gtk_test_read_clipboard (gtk_widget_get_clipboard (entry));
  g_assert_cmpstr (copied, ==, "http://");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* Collects the text of every label under @widget. */
static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

/* The labels of the links popover of @text (NULL when none is shown). */
static char *
links_popover_text (GtkWidget *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (text); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
        {
          GString *out = g_string_new (NULL);

          collect_labels (child, out);
          return g_string_free (out, FALSE);
        }
    }
  return NULL;
}

/* DESIGN.md §5a: what a paste or a drop shows goes through the display
 * policy.  Under the strict default a host label that a spoofing rule
 * flags stays an A-label, and so does a look-alike of a known host,
 * while a legitimate one is decoded; the permissive level decodes all
 * that §3.7 allows.  The level never changes the text already there.
 * (These cases need the core's policy, lib/iri/iri-display-policy.c.) */
static void
test_display_policy (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (entry));
  const char *spoof = "http://" APPLE_A_LABEL ".com/";
  const char *decoded = "http://" CYRILLIC_APPLE ".com/";
  const char *paragraph = "Log in at " "http://" APPLE_A_LABEL ".com/account" " or at http://example.org/ today.";

  /* The data: the A-label is the punycode of the Cyrillic label (UTS #46,
   * the other direction, which no display policy governs). */
  {
    g_autofree char *uri = iri_to_uri (decoded, -1, IRI_HOST_MAPPING_UTS46, NULL);

    g_assert_cmpstr (uri, ==, spoof);
  }

  /* Strict, the default: the spoof stays an A-label… */
  g_assert_cmpint (iri_gtk_entry_get_display_policy (IRI_GTK_ENTRY (entry)), ==, IRI_DISPLAY_STRICT);
  paste_and_wait (entry, spoof);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, spoof);
  /* … dropped as well as pasted… */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  g_assert_true (iri_gtk_text_drop_text (IRI_GTK_TEXT (text), spoof, 0));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, spoof);
  /* … and in the links offered from a pasted paragraph. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_paste_text (IRI_GTK_TEXT (text), paragraph);
  /* The popover is shown as a person sees it, mapped, before a link is
   * chosen from it. */
  iri_gtk_test_wait (50);
  {
    g_autofree char *shown = links_popover_text (text);

    g_assert_nonnull (shown);
    g_test_message ("links offered:\n%s", shown);
    g_assert_nonnull (strstr (shown, APPLE_A_LABEL ".com/account"));
    g_assert_null (strstr (shown, CYRILLIC_APPLE));
  }
  iri_gtk_text_choose_pasted_link (IRI_GTK_TEXT (text), 0);
  iri_gtk_test_wait (50);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://" APPLE_A_LABEL ".com/account");

  /* A legitimate label is decoded under strict too. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://xn--9dbne9b.example/");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://" HE_SHALOM ".example/");

  /* Permissive decodes the spoof, for teaching. */
  iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_PERMISSIVE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, spoof);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, decoded);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_paste_text (IRI_GTK_TEXT (text), paragraph);
  iri_gtk_test_wait (50);
  {
    g_autofree char *shown = links_popover_text (text);

    g_assert_nonnull (shown);
    g_assert_nonnull (strstr (shown, CYRILLIC_APPLE ".com/account"));
  }
  iri_gtk_text_choose_pasted_link (IRI_GTK_TEXT (text), -1);
  iri_gtk_test_wait (50);

  /* A new level leaves the text as it is. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), decoded);
  iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_STRICT);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, decoded);

  /* Under both levels a look-alike of a delimiter stays encoded in the
   * host (§5.1): U+2215 DIVISION SLASH. */
  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), level);
      iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
      paste_and_wait (entry, "http://paypal.com%E2%88%95login.example/");
      g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==,
                       "http://paypal.com%E2%88%95login.example/");
    }

  /* The entry's known hosts are the policy's: under strict a look-alike
   * of one stays an A-label, though on its own it is a fine label
   * ("ex\u00E4mple", the skeleton of "example"). */
  iri_gtk_entry_set_display_policy (IRI_GTK_ENTRY (entry), IRI_DISPLAY_STRICT);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://xn--exmple-cua.com/");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://ex\303\244mple.com/");
  {
    const char *hosts[] = { "example.com", NULL };

    iri_gtk_entry_set_known_hosts (IRI_GTK_ENTRY (entry), hosts);
  }
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  paste_and_wait (entry, "http://xn--exmple-cua.com/");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "http://xn--exmple-cua.com/");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* The height the text widget of @entry asks for (GTK's cache of its
 * measures is emptied by a resize, and only by one). */
static int
asked_height (GtkWidget *entry)
{
  int natural;

  gtk_widget_measure (GTK_WIDGET (iri_gtk_test_get_text (entry)), GTK_ORIENTATION_VERTICAL, -1,
                      NULL, &natural, NULL, NULL);
  return natural;
}

/* An entry whose text asks for the height of its text alone. */
static GtkWidget *
new_edit_height_entry (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());

  gtk_widget_add_css_class (entry, "edit-height");
  return entry;
}

/* The height a new field asks for with @text. */
static int
fresh_height (const char *text)
{
  GtkWidget *entry = new_edit_height_entry ();
  GtkWidget *window;
  int height;

  /* Set before the entry is first measured, so no edit is involved. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), text);
  window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  iri_gtk_test_wait (100);
  height = asked_height (entry);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
  return height;
}

/* An edit does not measure the field again, but a character that needs
 * a taller fallback font (Thai, here, where a Thai font is installed)
 * still gets its height, a frame later; and the field asks for less
 * when it is gone. */
static void
test_edit_height (void)
{
  const char *tall = "\xE0\xB8\x81";   /* U+0E01 THAI CHARACTER KO KAI */
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  GtkWidget *entry;
  GtkWidget *window;
  int low, high;
  int position;

  /* The theme's minimum height of an entry is taller than a line of
   * text in most fonts: without it, the text's own height shows. */
  gtk_css_provider_load_from_data (provider, "iri-entry.edit-height entry { min-height: 0; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  low = fresh_height ("http://a/b");
  high = fresh_height ("http://a/b\xE0\xB8\x81");
  if (high == low)
    {
      gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
      g_test_skip ("no font here is taller for U+0E01 than the field's own");
      return;
    }

  entry = new_edit_height_entry ();
  window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://a/b");
  iri_gtk_test_wait (100);
  g_assert_cmpint (asked_height (entry), ==, low);

  position = -1;
  gtk_editable_insert_text (GTK_EDITABLE (entry), tall, -1, &position);
  iri_gtk_test_wait (100);
  g_assert_cmpint (asked_height (entry), ==, high);

  gtk_editable_delete_text (GTK_EDITABLE (entry), 10, -1);
  iri_gtk_test_wait (100);
  g_assert_cmpint (asked_height (entry), ==, low);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
}

/* The popover a paste left at the text, if it shows; its label's text. */
static const char *
shown_paste_message (IriGtkText *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (text)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label;

      if (!GTK_IS_POPOVER (child) || !gtk_widget_get_visible (child))
        continue;
      label = gtk_popover_get_child (GTK_POPOVER (child));
      return GTK_IS_LABEL (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
    }
  return NULL;
}

/* A paste or a drop that would make the text longer than 65 536
 * characters inserts nothing and says why at the cursor (a megabyte
 * pasted froze the widget and drew black bars); up to the limit,
 * replacing the selection included, it is inserted.  Text set by the
 * program is not limited. */
static void
test_paste_too_long (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  const char *start = "http://a/";   /* 9 characters */
  g_autoptr(GString) path = g_string_new (NULL);
  g_autoptr(GString) huge = g_string_new ("http://a/");
  g_autofree char *fits = NULL;
  const char *message;

  /* 65 536 - 9 characters of a Hebrew path: exactly at the limit. */
  for (guint i = 0; i < 65536 - 9; i++)
    g_string_append (path, i % 2 == 0 ? "\xD7\x90" : "b");

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), start);
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  g_string_append_c (path, 'c');
  iri_gtk_text_paste_text (text, path->str);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, start);
  message = shown_paste_message (text);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "65537"));
  g_assert_false (iri_gtk_text_drop_text (text, path->str, 0));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, start);

  g_string_truncate (path, path->len - 1);
  iri_gtk_text_paste_text (text, path->str);
  g_assert_cmpuint (g_utf8_strlen (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), -1), ==, 65536);
  fits = g_strdup (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)));

  /* Replacing the selection counts what it replaces. */
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, 9);
  iri_gtk_text_paste_text (text, "https://b/");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, fits);
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, 9);
  iri_gtk_text_paste_text (text, "ftp://b/");
  g_assert_true (g_str_has_prefix (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), "ftp://b/"));
  g_assert_cmpuint (g_utf8_strlen (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), -1), ==, 65535);
  iri_gtk_text_undo (text);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, fits);

  /* A megabyte of URI is refused, the text kept. */
  while (huge->len < 1024 * 1024)
    g_string_append (huge, "%D7%90");
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), start);
  iri_gtk_text_paste_text (text, huge->str);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, start);
  g_assert_nonnull (shown_paste_message (text));

  /* The program sets what it likes. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), huge->str);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, huge->str);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* §7.3: a pasted paragraph offers the links found in it (UTS #58) and
 * pastes nothing until one is chosen; choosing one inserts its IRI in
 * one undo step; "the whole text" inserts the text; one IRI pasted
 * alone is not offered as a link. */
static void
test_paste_paragraph (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  const char *paragraph = "Read " "http://ab." HE_SHALOM ".com/" AR_SAFHA " and example.org/faq, or mail me@example.net.";
  GListModel *links;

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "x");
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
  iri_gtk_text_paste_text (text, paragraph);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "x");
  links = iri_gtk_text_get_pasted_links (text);
  g_assert_nonnull (links);
  g_assert_cmpuint (g_list_model_get_n_items (links), ==, 3);

  /* The second: its IRI, with the implied scheme, over the selection. */
  iri_gtk_text_choose_pasted_link (text, 1);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "https://example.org/faq");
  g_assert_null (iri_gtk_text_get_pasted_links (text));
  iri_gtk_text_undo (text);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "x");

  /* The whole text, as it is. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_paste_text (text, paragraph);
  iri_gtk_text_choose_pasted_link (text, -1);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, paragraph);

  /* One IRI, even with white space around it from the copy. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_paste_text (text, " https://example.org/a ");
  g_assert_null (iri_gtk_text_get_pasted_links (text));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, " https://example.org/a ");

  /* Text without links is pasted as it is. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "");
  iri_gtk_text_paste_text (text, "no links here");
  g_assert_null (iri_gtk_text_get_pasted_links (text));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "no links here");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

static void
test_drop (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  IriGtkText *text = iri_gtk_test_get_text (entry);

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "see: ");
  g_assert_true (iri_gtk_text_drop_text (text, "file:///tmp/%D7%A9%D7%9C%D7%95%D7%9D.txt", 5));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "see: file:///tmp/" HE_SHALOM ".txt");
  assert_selection (entry, 5, 25);
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "see: ");

  gtk_editable_set_editable (GTK_EDITABLE (entry), FALSE);
  g_assert_false (iri_gtk_text_drop_text (text, "x", 0));

  g_assert_finalize_object (entry);
}

/* The context menu has "Copy as URI". */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int k = 0; k < g_menu_model_get_n_items (model); k++)
    {
      g_autofree char *name = NULL;
      GMenuModel *section = g_menu_model_get_item_link (model, k, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          gboolean found = menu_has_action (section, action);

          g_object_unref (section);
          if (found)
            return TRUE;
        }
      if (g_menu_model_get_item_attribute (model, k, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        return TRUE;
    }
  return FALSE;
}

static void
test_context_menu (void)
{
  GtkWidget *entry, *window, *text;
  GtkWidget *popover = NULL;

  /* A right-to-left user interface, as in a Hebrew or Arabic locale. */
  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  entry = g_object_ref_sink (iri_gtk_entry_new ());
  window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);
  text = GTK_WIDGET (iri_gtk_test_get_text (entry));

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://" HE_SHALOM "/");
  g_assert_true (iri_gtk_test_press (entry, "<Shift>F10"));
  iri_gtk_test_wait (20);
  for (GtkWidget *child = gtk_widget_get_first_child (text); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER_MENU (child))
        popover = child;
    }
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  /* The menu mirrors with the interface; the widget keeps the
   * interface's direction too: only the IRI's layout is left to
   * right. */
  g_assert_cmpint (gtk_widget_get_direction (popover), ==, GTK_TEXT_DIR_RTL);
  g_assert_cmpint (gtk_widget_get_direction (text), ==, GTK_TEXT_DIR_RTL);
  g_assert_cmpint (pango_layout_get_line_readonly (iri_gtk_text_get_layout (IRI_GTK_TEXT (text)), 0)->resolved_dir,
                   ==, PANGO_DIRECTION_LTR);
  g_assert_true (menu_has_action (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "iri.copy-uri"));
  g_assert_true (menu_has_action (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "clipboard.paste"));
  g_assert_true (menu_has_action (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "iri.show-findings"));
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

/* The findings at the caret, from the keyboard: Ctrl+F1 (or the context
 * menu's item) opens a popover at the caret with what the tooltip over
 * that character says, and gives assistive technology the same findings
 * with their quotes of the display in logical order. */
static void
test_findings_popover (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autofree char *logical = iri_notation_to_rtl ("http://ab.cd.EF/GH/ij/kl.html", -1, IRI_NOTATION_HEBREW);
  g_autofree char *spoken = NULL;
  g_autofree char *tooltip = NULL;
  GtkWidget *popover, *label;

  /* §4.4 Example 5: the host "ab.cd.EF" (offsets 7-15) is interleaved
   * with the path. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_position (GTK_EDITABLE (entry), 13);
  g_assert_null (iri_gtk_text_get_findings_popover (text));
  g_assert_true (iri_gtk_test_press (GTK_WIDGET (text), "<Control>F1"));
  iri_gtk_test_wait (20);
  popover = iri_gtk_text_get_findings_popover (text);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  label = gtk_popover_get_child (GTK_POPOVER (popover));

  /* On screen: the tooltip's text (message, rule, fix). */
  tooltip = iri_gtk_text_get_tooltip_markup_at (text, 13);
  g_assert_nonnull (tooltip);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, tooltip);
  /* Said: the same findings, in logical order, with rule and fix. */
  spoken = iri_gtk_text_dup_spoken_findings_at (text, 13);
  g_assert_nonnull (spoken);
  g_assert_true (g_str_has_prefix (spoken, "Warning: "));
  g_assert_null (strstr (spoken, "\xE2\x80\xAD"));   /* no override: logical order */
  g_assert_nonnull (strstr (spoken, "RFC 3987bis"));
  g_assert_nonnull (strstr (spoken, "Fix: "));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);
  /* The label has the focus: a screen reader reads it then. */
  g_assert_true (gtk_widget_has_focus (label));
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* On the scheme: nothing, and the popover says so. */
  gtk_editable_set_position (GTK_EDITABLE (entry), 1);
  g_assert_null (iri_gtk_text_dup_spoken_findings_at (text, 1));
  gtk_widget_activate_action (GTK_WIDGET (text), "iri.show-findings", NULL);
  iri_gtk_test_wait (20);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "No findings at the cursor.");
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* ------------------------------------------------------------------ */
/* Input method, accessibility, fonts, style */

static void
test_input_purpose (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkIMContext *im = iri_gtk_text_get_im_context (iri_gtk_test_get_text (entry));
  GtkInputPurpose purpose;
  GtkInputHints hints;

  g_assert_true (GTK_IS_IM_CONTEXT (im));
  g_object_get (im, "input-purpose", &purpose, "input-hints", &hints, NULL);
  g_assert_cmpint (purpose, ==, GTK_INPUT_PURPOSE_URL);
  g_assert_true (hints & GTK_INPUT_HINT_NO_SPELLCHECK);
  g_assert_false (hints & GTK_INPUT_HINT_SPELLCHECK);

  /* A commit from the input method is typing. */
  g_signal_emit_by_name (im, "commit", "\327\251");
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, "\327\251");

  g_assert_finalize_object (entry);
}

/* The accessible that assistive technology reads as the text field:
 * the entry, which takes the focus states of its text (GTK >= 4.10), or,
 * with GTK 4.8, the text itself, labelled by the entry. */
static GtkAccessible *
text_field_accessible (GtkWidget *entry)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  return GTK_ACCESSIBLE (entry);
#else
  return GTK_ACCESSIBLE (iri_gtk_test_get_text (entry));
#endif
}

static void
test_accessible (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkAccessible *field = text_field_accessible (entry);
  g_autofree char *logical = iri_notation_to_rtl ("http://ab.cd.EF/GH/ij/kl.html", -1, IRI_NOTATION_HEBREW);
  GListModel *model = iri_gtk_entry_get_diagnostics (IRI_GTK_ENTRY (entry));
  g_autoptr(IriDiagnostic) first = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *spoken = NULL;

  gtk_test_accessible_assert_role (field, GTK_ACCESSIBLE_ROLE_TEXT_BOX);
#if !GTK_CHECK_VERSION (4, 10, 0)
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_ROLE_GENERIC);
  g_assert_true (gtk_test_accessible_has_relation (field, GTK_ACCESSIBLE_RELATION_LABELLED_BY));
#endif
  g_assert_false (gtk_test_accessible_has_property (field, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* Example 5: the description is the most severe finding. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  first = g_list_model_get_item (model, 0);
  /* Its message quotes the display in visual order; the description
   * has it in logical order, for a screen reader. */
  spoken = iri_diagnostic_dup_accessible_message (first);
  g_assert_nonnull (strstr (iri_diagnostic_get_message (first), "\xE2\x80\xAD"));   /* LRO */
  g_assert_null (strstr (spoken, "\xE2\x80\xAD"));
  expected = g_strdup_printf ("Warning: %s (2 more findings)", spoken);
  gtk_test_accessible_assert_property (field, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  g_assert_false (gtk_test_accessible_has_state (field, GTK_ACCESSIBLE_STATE_INVALID));

  /* An error: invalid. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://exa mple/");
  gtk_test_accessible_assert_state (field, GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE);
  g_clear_object (&first);
  first = g_list_model_get_item (model, 0);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Error: %s", iri_diagnostic_get_message (first));
  gtk_test_accessible_assert_property (field, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);

  /* Fixed: no description, valid. */
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example/");
  g_assert_false (gtk_test_accessible_has_property (field, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_false (gtk_test_accessible_has_state (field, GTK_ACCESSIBLE_STATE_INVALID));

  g_assert_finalize_object (entry);
}

/* GtkAccessibleText (GTK >= 4.14): what the AT-SPI Text interface
 * serves, in logical order and in characters.  With an older GTK the
 * interface does not exist and the test says so. */
static void
test_accessible_text (void)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  /* "https://ab.גדה/זח?q=1": a right-to-left run from the host into the
   * path (bidi-component-interleaved on the host, offsets 8-14). */
  static const char iri[] = "https://ab.\327\222\327\223\327\224/\327\226\327\227?q=1";
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new (iri));
  GtkWidget *widgets[] = { entry, view };
  GtkAccessibleTextInterface *iface;

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), iri);
  for (guint w = 0; w < G_N_ELEMENTS (widgets); w++)
    {
      GtkAccessibleText *text = GTK_ACCESSIBLE_TEXT (widgets[w]);
      g_autoptr(GBytes) all = NULL;
      g_autoptr(GBytes) host = NULL;
      g_autoptr(GBytes) word = NULL;
      g_autofree GtkAccessibleTextRange *ranges = NULL;
      g_auto(GStrv) names = NULL;
      g_auto(GStrv) values = NULL;
      gsize n_ranges = 0;
      unsigned int start, end;

      g_assert_true (GTK_IS_ACCESSIBLE_TEXT (widgets[w]));
      iface = GTK_ACCESSIBLE_TEXT_GET_IFACE (text);

      /* The logical text, byte for byte (and NUL-terminated, which GTK's
       * bridge relies on). */
      all = iface->get_contents (text, 0, G_MAXUINT);
      g_assert_cmpstr (g_bytes_get_data (all, NULL), ==, iri);
      host = iface->get_contents (text, 11, 14);
      g_assert_cmpstr (g_bytes_get_data (host, NULL), ==, "\327\222\327\223\327\224");

      /* A word is a unit: the host label around offset 12. */
      word = iface->get_contents_at (text, 12, GTK_ACCESSIBLE_TEXT_GRANULARITY_WORD, &start, &end);
      g_assert_cmpuint (start, <=, 11);
      g_assert_cmpuint (end, ==, 14);

      /* The finding over the host is an attribute of its characters. */
      g_assert_true (iface->get_attributes (text, 12, &n_ranges, &ranges, &names, &values));
      g_assert_cmpuint (n_ranges, ==, g_strv_length (names));
      g_assert_true (g_strv_contains ((const char * const *) names, "iri-finding-code"));
      for (gsize k = 0; k < n_ranges; k++)
        {
          g_assert_cmpuint (ranges[k].start, <=, 12);
          g_assert_cmpuint (ranges[k].start + ranges[k].length, >, 12);
          if (g_str_equal (names[k], "iri-finding-code"))
            g_assert_nonnull (strstr (values[k], "bidi-component-interleaved"));
          if (g_str_equal (names[k], "iri-finding-message"))
            g_assert_null (strstr (values[k], "\xE2\x80\xAD"));   /* logical, no LRO */
          if (g_str_equal (names[k], "underline"))
            g_assert_cmpstr (values[k], ==, "double");   /* a warning */
        }
      /* The scheme has none. */
      g_clear_pointer (&ranges, g_free);
      g_assert_false (iface->get_attributes (text, 1, &n_ranges, &ranges, NULL, NULL));
      g_assert_cmpuint (n_ranges, ==, 0);
    }

  /* The caret and the selection of the entry. */
  iface = GTK_ACCESSIBLE_TEXT_GET_IFACE (entry);
  gtk_editable_set_position (GTK_EDITABLE (entry), 12);
  g_assert_cmpuint (iface->get_caret_position (GTK_ACCESSIBLE_TEXT (entry)), ==, 12);
  {
    g_autofree GtkAccessibleTextRange *ranges = NULL;
    gsize n_ranges = 0;

    g_assert_false (iface->get_selection (GTK_ACCESSIBLE_TEXT (entry), &n_ranges, &ranges));
    gtk_editable_select_region (GTK_EDITABLE (entry), 14, 8);
    g_assert_true (iface->get_selection (GTK_ACCESSIBLE_TEXT (entry), &n_ranges, &ranges));
    g_assert_cmpuint (n_ranges, ==, 1);
    g_assert_cmpuint (ranges[0].start, ==, 8);
    g_assert_cmpuint (ranges[0].length, ==, 6);
  }

  g_assert_finalize_object (entry);
  g_assert_finalize_object (view);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  g_autofree char *reason = g_strdup_printf ("GtkAccessibleText needs GTK 4.14; this is GTK %u.%u",
                                             gtk_get_major_version (), gtk_get_minor_version ());

  g_test_skip (reason);
#endif
}

/* §7.6: a unit whose characters the font has no glyph for is shown
 * percent-encoded, with a notice; the text does not change.  U+F0000 is
 * private use in plane 15, which no font on a test machine draws (the
 * test checks that first). */
static void
test_font_coverage (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autoptr(GHashTable) counts = watch (entry);
  const char *logical = "http://example.org/a\363\260\200\200b/" HE_SHALOM;
  GtkWidget *notice = gtk_widget_get_last_child (entry);
  g_autoptr(PangoLayout) probe = gtk_widget_create_pango_layout (entry, "\363\260\200\200");

  if (pango_layout_get_unknown_glyphs_count (probe) == 0)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (entry);
      g_test_skip ("a font on this machine draws U+F0000");
      return;
    }

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  g_assert_true (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_cmpuint (count (counts, "missing-glyphs"), ==, 1);
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, logical);
  /* The whole segment, only it: ASCII stays, the Hebrew segment too. */
  g_assert_cmpstr (pango_layout_get_text (iri_gtk_text_get_layout (text)), ==,
                   "http://example.org/a%F3%B0%80%80b/" HE_SHALOM);
  g_assert_true (gtk_widget_has_css_class (notice, "notice"));
  g_assert_true (gtk_widget_get_visible (notice));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (notice)), "U+F0000"));
  {
    g_autofree char *markup = iri_gtk_text_get_tooltip_markup_at (text, 20);

    g_assert_nonnull (strstr (markup, "percent-encoded"));
  }

  /* The cursor steps over the escape in one move. */
  gtk_editable_set_position (GTK_EDITABLE (entry), 20);
  g_assert_true (iri_gtk_test_press (entry, "Right"));
  g_assert_cmpint (cursor_of (entry), ==, 21);

  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), "http://example.org/" HE_SHALOM);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_cmpuint (count (counts, "missing-glyphs"), ==, 2);
  g_assert_false (gtk_widget_get_visible (notice));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

/* WCAG 2 relative luminance and contrast ratio. */
/* §7.6 in a long field: an edit's frame does not wait for the coverage
 * check, which follows after it.  A character no font draws is then
 * shown encoded, its unit with it; when every character has a glyph,
 * the check changes nothing, not even the layout the frame made.  A
 * field that shows an encoded unit checks each edit at once. */
static void
test_font_coverage_deferred (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  IriGtkText *text = iri_gtk_test_get_text (entry);
  g_autoptr(PangoLayout) probe = gtk_widget_create_pango_layout (entry, "\363\260\200\200");
  g_autoptr(GString) iri = g_string_new ("http://example.org/");
  PangoLayout *layout;
  int position;

  if (pango_layout_get_unknown_glyphs_count (probe) == 0)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (entry);
      g_test_skip ("a font on this machine draws U+F0000");
      return;
    }

  while (g_utf8_strlen (iri->str, -1) < 1500)
    g_string_append (iri, HE_SHALOM "/a/");
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), iri->str);
  iri_gtk_test_wait (100);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));

  /* Covered: the check after the frame keeps the frame's layout. */
  position = -1;
  gtk_editable_insert_text (GTK_EDITABLE (entry), "b", -1, &position);
  layout = iri_gtk_text_get_layout (text);
  iri_gtk_test_wait (100);
  g_assert_true (iri_gtk_text_get_layout (text) == layout);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));

  /* Not covered: drawn as it is first, then encoded with its unit. */
  position = -1;
  gtk_editable_insert_text (GTK_EDITABLE (entry), "\363\260\200\200c", -1, &position);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_true (g_str_has_suffix (pango_layout_get_text (iri_gtk_text_get_layout (text)), "/a/b\363\260\200\200c"));
  iri_gtk_test_wait (100);
  g_assert_true (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_true (g_str_has_suffix (pango_layout_get_text (iri_gtk_text_get_layout (text)), "/a/b%F3%B0%80%80c"));

  /* With an encoded unit shown, an edit is checked at once. */
  position = -1;
  gtk_editable_insert_text (GTK_EDITABLE (entry), "d", -1, &position);
  g_assert_true (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_true (g_str_has_suffix (pango_layout_get_text (iri_gtk_text_get_layout (text)), "/a/b%F3%B0%80%80cd"));
  gtk_editable_delete_text (GTK_EDITABLE (entry), position - 4, position);
  g_assert_false (iri_gtk_entry_get_missing_glyphs (IRI_GTK_ENTRY (entry)));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, iri->str);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

static double
luminance (const GdkRGBA *c)
{
  double channel[3] = { c->red, c->green, c->blue };

  for (int k = 0; k < 3; k++)
    channel[k] = channel[k] <= 0.03928 ? channel[k] / 12.92 : pow ((channel[k] + 0.055) / 1.055, 2.4);
  return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
}

static double
contrast (const GdkRGBA *a,
          const GdkRGBA *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The default colours are readable in light, dark and high-contrast
 * themes: at least 4.5:1 (WCAG AA) for text against the theme's base
 * colour, 3:1 (WCAG non-text contrast) for underlines. */
static void
test_style_contrast (void)
{
  static const char * const themes[] = { "Default", "Default-dark", "Default-hc", "Default-hc-dark" };
  GtkSettings *settings = gtk_settings_get_default ();
  g_autofree char *saved = NULL;
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_LTR);
  GtkWidget *text = GTK_WIDGET (iri_gtk_test_get_text (entry));

  g_object_get (settings, "gtk-theme-name", &saved, NULL);
  for (gsize t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      GdkRGBA base;
      guint checked = 0;

      g_object_set (settings, "gtk-theme-name", themes[t], NULL);
      iri_gtk_test_wait (20);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (text), "theme_base_color", &base));
      G_GNUC_END_IGNORE_DEPRECATIONS

      for (GtkWidget *child = gtk_widget_get_first_child (text); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          GdkRGBA color;
          double ratio;

          if (!IRI_GTK_IS_STYLE_NODE (child))
            continue;
          G_GNUC_BEGIN_IGNORE_DEPRECATIONS
          gtk_style_context_get_color (gtk_widget_get_style_context (child), &color);
          G_GNUC_END_IGNORE_DEPRECATIONS
          ratio = contrast (&color, &base);
          if (g_str_equal (gtk_widget_get_css_name (child), "unit"))
            {
              if (ratio < 4.5)
                g_error ("%s: unit.%s has contrast %.2f", themes[t], gtk_widget_get_css_classes (child)[0], ratio);
            }
          else if (ratio < 3.0)
            g_error ("%s: diagnostic.%s has contrast %.2f", themes[t], gtk_widget_get_css_classes (child)[0], ratio);
          checked++;
        }
      g_assert_cmpuint (checked, ==, 13 + 3);
    }
  g_object_set (settings, "gtk-theme-name", saved, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

int
main (int   argc,
      char *argv[])
{
  if (!iri_gtk_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/iri-gtk/entry/properties", test_properties);
  g_test_add_func ("/iri-gtk/entry/lifecycle", test_lifecycle);
  g_test_add_func ("/iri-gtk/entry/uri", test_uri);
  g_test_add_func ("/iri-gtk/entry/preview", test_preview);
  g_test_add_func ("/iri-gtk/entry/preview-long", test_preview_long);
  g_test_add_func ("/iri-gtk/entry/preview-burst", test_preview_burst);
  g_test_add_func ("/iri-gtk/entry/paint-attributes", test_paint_attributes);
  g_test_add_func ("/iri-gtk/entry/style-changes", test_style_changes);
  g_test_add_func ("/iri-gtk/entry/focus-chain", test_focus_chain);
  g_test_add_func ("/iri-gtk/entry/diagnostics/examples", test_diagnostics_examples);
  g_test_add_func ("/iri-gtk/entry/diagnostics/splice", test_diagnostics_splice);
  g_test_add_func ("/iri-gtk/entry/tooltip", test_tooltip);
  g_test_add_func ("/iri-gtk/entry/activate", test_activate);
  g_test_add_func ("/iri-gtk/entry/keys", test_keys);
  g_test_add_func ("/iri-gtk/entry/scroll", test_scroll);
  g_test_add_func ("/iri-gtk/entry/typing-undo", test_typing_undo);
  g_test_add_func ("/iri-gtk/entry/set-text-undo", test_set_text_undo);
  g_test_add_func ("/iri-gtk/entry/clipboard", test_clipboard);
  g_test_add_func ("/iri-gtk/entry/drop", test_drop);
  g_test_add_func ("/iri-gtk/entry/paste-paragraph", test_paste_paragraph);
  g_test_add_func ("/iri-gtk/entry/paste-too-long", test_paste_too_long);
  g_test_add_func ("/iri-gtk/entry/edit-height", test_edit_height);
  g_test_add_func ("/iri-gtk/entry/context-menu", test_context_menu);
  g_test_add_func ("/iri-gtk/entry/findings-popover", test_findings_popover);
  g_test_add_func ("/iri-gtk/entry/input-purpose", test_input_purpose);
  g_test_add_func ("/iri-gtk/entry/accessible", test_accessible);
  g_test_add_func ("/iri-gtk/entry/accessible-text", test_accessible_text);
  g_test_add_func ("/iri-gtk/entry/font-coverage", test_font_coverage);
  g_test_add_func ("/iri-gtk/entry/font-coverage-deferred", test_font_coverage_deferred);
  g_test_add_func ("/iri-gtk/entry/style-contrast", test_style_contrast);
  /* Last: it needs the core's display policy. */
  g_test_add_func ("/iri-gtk/entry/display-policy", test_display_policy);

  return g_test_run ();
}
