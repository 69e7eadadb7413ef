/* iri-inspector-preferences.c: the preferences window
 *
 * Every preference is a GSettings key (io.github.iri_inspector.IriInspector);
 * changes apply at once, to every window.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-inspector-preferences.h"
#include "iri-inspector-util.h"

struct _IriInspectorPreferences
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwPreferencesDialog  parent_instance;
#else
  AdwPreferencesWindow  parent_instance;
#endif

  GSettings            *settings;
  GtkWidget            *hosts_group;
  GtkWidget            *add_row;
  GtkWidget            *file_row;
  GtkWidget            *clear_file_button;
  GPtrArray            *host_rows;
};

#if ADW_CHECK_VERSION (1, 5, 0)
G_DEFINE_FINAL_TYPE (IriInspectorPreferences, iri_inspector_preferences, ADW_TYPE_PREFERENCES_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IriInspectorPreferences, iri_inspector_preferences, ADW_TYPE_PREFERENCES_WINDOW)
#endif

static void
free_closure_data (gpointer  data,
                   GClosure *closure)
{
  g_free (data);
}

/* A combo row over the values of an enumeration key, in order. */
typedef struct {
  GSettings  *settings;
  const char *key;
} EnumBinding;

static void
combo_selected_cb (AdwComboRow *row,
                   GParamSpec  *pspec,
                   EnumBinding *binding)
{
  guint selected = adw_combo_row_get_selected (row);

  if (selected != GTK_INVALID_LIST_POSITION &&
      (int) selected != g_settings_get_enum (binding->settings, binding->key))
    g_settings_set_enum (binding->settings, binding->key, (int) selected);
}

static void
setting_changed_cb (GSettings   *settings,
                    const char  *key,
                    AdwComboRow *row)
{
  adw_combo_row_set_selected (row, g_settings_get_enum (settings, key));
}

static GtkWidget *
enum_combo_row (GSettings   *settings,
                const char  *key,
                const char  *title,
                const char  *subtitle,
                const char **labels)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  EnumBinding *binding = g_new0 (EnumBinding, 1);
  g_autofree char *signal = g_strdup_printf ("changed::%s", key);

  for (gsize i = 0; labels[i] != NULL; i++)
    gtk_string_list_append (model, _(labels[i]));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), g_settings_get_enum (settings, key));

  binding->settings = settings;
  binding->key = key;
  g_signal_connect_data (row, "notify::selected", G_CALLBACK (combo_selected_cb), binding,
                         free_closure_data, 0);
  g_signal_connect_object (settings, signal, G_CALLBACK (setting_changed_cb), row, 0);
  return row;
}

/* Known hosts -------------------------------------------------------- */

static void rebuild_hosts (IriInspectorPreferences *self);

static void
remove_host_cb (GtkButton               *button,
                IriInspectorPreferences *self)
{
  const char *host = g_object_get_data (G_OBJECT (button), "host");
  g_auto(GStrv) hosts = g_settings_get_strv (self->settings, "known-hosts");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;

  for (gsize i = 0; hosts[i] != NULL; i++)
    {
      if (!g_str_equal (hosts[i], host))
        g_strv_builder_add (builder, hosts[i]);
    }
  kept = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "known-hosts", (const char * const *) kept);
}

static void
add_host_cb (IriInspectorPreferences *self)
{
  g_autofree char *host = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_row))));
  g_auto(GStrv) hosts = g_settings_get_strv (self->settings, "known-hosts");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;

  if (host[0] == '\0' || strpbrk (host, " \t/") != NULL)
    {
      gtk_widget_add_css_class (self->add_row, "error");
      return;
    }
  gtk_widget_remove_css_class (self->add_row, "error");
  if (g_strv_contains ((const char * const *) hosts, host))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->add_row), "");
      return;
    }
  g_strv_builder_addv (builder, (const char **) hosts);
  g_strv_builder_add (builder, host);
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "known-hosts", (const char * const *) updated);
  gtk_editable_set_text (GTK_EDITABLE (self->add_row), "");
}

static void
rebuild_hosts (IriInspectorPreferences *self)
{
  g_auto(GStrv) hosts = g_settings_get_strv (self->settings, "known-hosts");

  for (guint i = 0; i < self->host_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->hosts_group), g_ptr_array_index (self->host_rows, i));
  g_ptr_array_set_size (self->host_rows, 0);

  for (gsize i = 0; hosts[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      /* Translators: %s is a host name */
      g_autofree char *tooltip = g_strdup_printf (_("Remove %s"), hosts[i]);
      /* Host names are shown left-to-right whatever the UI direction. */
      g_autofree char *shown = g_strconcat ("\xE2\x81\xA6", hosts[i], "\xE2\x81\xA9", NULL);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      g_object_set_data_full (G_OBJECT (remove), "host", g_strdup (hosts[i]), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_host_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->hosts_group), row);
      g_ptr_array_add (self->host_rows, row);
    }
}

static void
update_file_row (IriInspectorPreferences *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "known-hosts-file");

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->file_row),
                               /* Translators: shown when no file of known hosts is set */
                               path[0] != '\0' ? path : _("None"));
  gtk_widget_set_visible (self->clear_file_button, path[0] != '\0');
}

static void
file_chosen (GObject *owner,
             GFile   *file)
{
  IriInspectorPreferences *self = IRI_INSPECTOR_PREFERENCES (owner);
  g_autofree char *path = g_file_get_path (file);

  if (path != NULL)
    g_settings_set_string (self->settings, "known-hosts-file", path);
}

static void
choose_file_cb (IriInspectorPreferences *self)
{
  iri_inspector_choose_file (GTK_WINDOW (self), FALSE, _("Choose a File of Known Hosts"), _("_Choose"), NULL,
                             NULL, file_chosen, G_OBJECT (self));
}

static void
clear_file_cb (IriInspectorPreferences *self)
{
  g_settings_set_string (self->settings, "known-hosts-file", "");
}

/* ------------------------------------------------------------------ */

static void
iri_inspector_preferences_dispose (GObject *object)
{
  IriInspectorPreferences *self = IRI_INSPECTOR_PREFERENCES (object);

  g_clear_pointer (&self->host_rows, g_ptr_array_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (iri_inspector_preferences_parent_class)->dispose (object);
}

static void
iri_inspector_preferences_class_init (IriInspectorPreferencesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_preferences_dispose;
}

static void
iri_inspector_preferences_init (IriInspectorPreferences *self)
{
  self->host_rows = g_ptr_array_new ();
}

IriInspectorPreferences *
iri_inspector_preferences_new (GSettings *settings)
{
  IriInspectorPreferences *self = g_object_new (IRI_INSPECTOR_TYPE_PREFERENCES,
                                                "search-enabled", FALSE,
                                                NULL);
  /* Short: the choices stand next to the row's title and subtitle. */
  static const char *mappings[] = {
    N_("Percent-encoded"), N_("IDNA2008"), N_("UTS #46"), N_("UTS #46, transitional"), NULL,
  };
  static const char *modes[] = { N_("Embedded (§4.1)"), N_("Components isolated"), NULL };
  /* Translators: how much of a URI is decoded for reading: the display
   * policy's levels */
  static const char *policies[] = { N_("Strict, as browsers"), N_("Permissive, for teaching"), NULL };
  /* Translators: how the teaching examples are written */
  static const char *notations[] = { N_("Bidi Notation"), N_("Hebrew letters"), N_("Arabic letters"), NULL };
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group, *row, *toggle, *button, *box;

  self->settings = g_object_ref (settings);

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Address"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             enum_combo_row (settings, "host-mapping", _("Host in the URI"),
                                             _("How a host with non-ASCII characters is written in the URI: percent-encoded (§3.4.1) or converted with IDNA (§3.4.2)"),
                                             mappings));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             enum_combo_row (settings, "display-mode", _("Display"),
                                             _("How the address field lays out right-to-left text: in one left-to-right embedding, or with each component isolated"), modes));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             enum_combo_row (settings, "display-policy", _("URIs shown as IRIs"),
                                             _("Strict keeps a host that looks like a spoof, or like a known host, in its xn-- form; permissive decodes all that §3.7 allows"),
                                             policies));
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Show the URI under the address"));
  toggle = gtk_switch_new ();
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  g_settings_bind (settings, "show-preview", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Examples"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             enum_combo_row (settings, "notation", _("Write the examples in"),
                                             _("In Bidi Notation, capital letters stand for right-to-left letters"),
                                             notations));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  self->hosts_group = group;
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Known Hosts"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("A host that looks like one of these but is not it is reported as a possible spoof (UTS #39)."));

  self->file_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->file_row), _("File of known hosts"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->file_row), FALSE);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->clear_file_button = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  gtk_widget_set_valign (self->clear_file_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->clear_file_button, "flat");
  gtk_widget_set_tooltip_text (self->clear_file_button, _("Use no file"));
  g_signal_connect_swapped (self->clear_file_button, "clicked", G_CALLBACK (clear_file_cb), self);
  button = gtk_button_new_with_mnemonic (_("C_hoose…"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (choose_file_cb), self);
  gtk_box_append (GTK_BOX (box), self->clear_file_button);
  gtk_box_append (GTK_BOX (box), button);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->file_row), box);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->file_row);

  self->add_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_row), _("Add a host, such as example.com"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (self->add_row), TRUE);
  g_signal_connect_swapped (self->add_row, "apply", G_CALLBACK (add_host_cb), self);
  g_signal_connect_swapped (self->add_row, "entry-activated", G_CALLBACK (add_host_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->add_row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (self), ADW_PREFERENCES_PAGE (page));
#else
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));
#endif

  g_signal_connect_object (settings, "changed::known-hosts", G_CALLBACK (rebuild_hosts), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::known-hosts-file", G_CALLBACK (update_file_row), self,
                           G_CONNECT_SWAPPED);
  rebuild_hosts (self);
  update_file_row (self);
  return self;
}

/* Shows the preferences over @parent: as a dialog inside it with
 * libadwaita 1.5 and later, as a window of its own before. */
void
iri_inspector_preferences_present (IriInspectorPreferences *self,
                                   GtkWindow               *parent)
{
  g_return_if_fail (IRI_INSPECTOR_IS_PREFERENCES (self));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_window_present (GTK_WINDOW (self));
#endif
}
