/* iri-inspector-uri-page.c: the URI page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-inspector-uri-page.h"
#include "iri-inspector-util.h"

struct _IriInspectorUriPage
{
  AdwBin      parent_instance;

  GtkWidget  *percent_value;
  GtkWidget  *idna_value;
  GtkWidget  *readable_value;
  GtkWidget  *readable_notes;
  GtkWidget  *text_value;
  GtkWidget  *convert_row;
  GtkWidget  *converted_value;
  GtkWidget  *converted_notes;
  GtkWidget  *load_button;

  IriAnalysis      *analysis;
  IriDisplayPolicy *policy;   /* §5a; never NULL */
};

G_DEFINE_FINAL_TYPE (IriInspectorUriPage, iri_inspector_uri_page, ADW_TYPE_BIN)

enum {
  COPIED,
  LOAD,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
copy_clicked_cb (GtkButton           *button,
                 IriInspectorUriPage *self)
{
  GtkWidget *value = g_object_get_data (G_OBJECT (button), "value");
  const char *toast = g_object_get_data (G_OBJECT (button), "toast");
  const char *text = g_object_get_data (G_OBJECT (value), "text");

  if (text == NULL || text[0] == '\0')
    return;
  /* The text itself, in logical order: never the display form. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  g_signal_emit (self, signals[COPIED], 0, toast);
}

/* A row of the boxed list: a title, the value (selectable, on one line
 * that scrolls sideways) and a copy button.  A URI is one long word:
 * Pango shapes the rest of such a word again for every line it wraps,
 * so a wrapped URI of a few thousand characters took seconds to lay
 * out, on every keystroke; one line is shaped once. */
static GtkWidget *
add_value_row (IriInspectorUriPage *self,
               GtkWidget           *list,
               const char          *title,
               const char          *tooltip,
               const char          *toast,
               GtkWidget          **out_value)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *value = gtk_label_new (NULL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  /* Wrapped, so that the longest heading does not make the window
   * wider than a phone's 360 px. */
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "caption-heading");
  gtk_widget_add_css_class (heading, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value), 0);
  gtk_label_set_selectable (GTK_LABEL (value), TRUE);
  gtk_widget_set_halign (value, GTK_ALIGN_START);
  gtk_widget_add_css_class (value, "monospace");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), value);
  gtk_box_append (GTK_BOX (text), heading);
  gtk_box_append (GTK_BOX (text), scrolled);
  gtk_widget_set_hexpand (text, TRUE);

  gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (copy, "flat");
  gtk_widget_set_tooltip_text (copy, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data (G_OBJECT (copy), "value", value);
  g_object_set_data (G_OBJECT (copy), "toast", (gpointer) toast);
  g_signal_connect (copy, "clicked", G_CALLBACK (copy_clicked_cb), self);

  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), copy);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  /* The row takes the focus: it reads as its heading and its value. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, value, NULL,
                                  -1);
  iri_inspector_list_append_row (GTK_LIST_BOX (list), row, box, 8, 12, 6);
  *out_value = value;
  return box;
}

/* Shows @text in a value label: logical order in a left-to-right
 * isolate (§4.1), or a dash when there is none. */
static void
set_value (GtkWidget  *value,
           const char *text)
{
  g_object_set_data_full (G_OBJECT (value), "text", g_strdup (text), g_free);
  if (text != NULL)
    {
      g_autofree char *shown = iri_inspector_isolate (text);

      gtk_label_set_text (GTK_LABEL (value), shown);
    }
  else
    /* Translators: shown when a form of the IRI does not exist */
    gtk_label_set_text (GTK_LABEL (value), _("—"));
}

/* Shows the notes of a conversion (what stayed encoded, and why: §3.7
 * steps 2–6, and the display policy's reasons for keeping a label an
 * A-label) in @label, one per line; hides it when there are none. */
static void
set_notes (GtkWidget  *label,
           GListModel *notes)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; notes != NULL && i < g_list_model_get_n_items (notes); i++)
    {
      g_autoptr(IriDiagnostic) note = g_list_model_get_item (notes, i);
      g_autofree char *message = iri_diagnostic_dup_display_message (note);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, message);
    }
  gtk_label_set_text (GTK_LABEL (label), text->str);
  gtk_widget_set_visible (label, text->len > 0);
}

static void
update_forms (IriInspectorUriPage *self)
{
  IriAnalysis *analysis = self->analysis;
  const char *uri = NULL;

  if (analysis != NULL)
    uri = iri_analysis_get_uri_idna (analysis) != NULL ? iri_analysis_get_uri_idna (analysis)
                                                        : iri_analysis_get_uri (analysis);

  set_value (self->percent_value, analysis != NULL ? iri_analysis_get_uri (analysis) : NULL);
  set_value (self->idna_value, analysis != NULL ? iri_analysis_get_uri_idna (analysis) : NULL);

  /* §3.7 through the display policy (§5a): what a person may read. */
  {
    g_autoptr(GListModel) notes = NULL;
    g_autofree char *readable = NULL;

    if (uri != NULL)
      readable = iri_display_policy_uri_to_iri (self->policy, uri, -1, IRI_TO_IRI_DEFAULT, &notes, NULL);
    set_value (self->readable_value, readable);
    set_notes (self->readable_notes, notes);
  }

  /* UTS #58 minimal escaping (§7.6): the form to write in a message or a
   * document, which link detection finds whole and which maps back to
   * the same URI.  It needs a URI it can map (an absolute one). */
  {
    g_autofree char *in_text = NULL;

    if (uri != NULL)
      in_text = iri_display_policy_format_minimal (self->policy, uri, -1, IRI_FORMAT_DEFAULT, NULL);
    set_value (self->text_value, in_text);
  }
}

void
iri_inspector_uri_page_set_analysis (IriInspectorUriPage *self,
                                     IriAnalysis         *analysis)
{
  g_return_if_fail (IRI_INSPECTOR_IS_URI_PAGE (self));

  if (analysis != NULL)
    iri_analysis_ref (analysis);
  g_clear_pointer (&self->analysis, iri_analysis_unref);
  self->analysis = analysis;
  update_forms (self);
}

static void
convert_changed_cb (IriInspectorUriPage *self)
{
  const char *uri = gtk_editable_get_text (GTK_EDITABLE (self->convert_row));
  g_autoptr(GListModel) notes = NULL;
  g_autofree char *iri = NULL;

  if (uri[0] != '\0')
    iri = iri_display_policy_uri_to_iri (self->policy, uri, -1, IRI_TO_IRI_DEFAULT, &notes, NULL);
  set_value (self->converted_value, iri);
  gtk_widget_set_sensitive (self->load_button, iri != NULL);
  /* What stayed encoded, and why. */
  set_notes (self->converted_notes, notes);
}

/* The level or the known hosts changed: every form for reading is made
 * again. */
static void
policy_changed_cb (IriInspectorUriPage *self)
{
  update_forms (self);
  convert_changed_cb (self);
}

void
iri_inspector_uri_page_set_display_policy (IriInspectorUriPage *self,
                                           IriDisplayPolicy    *policy)
{
  g_return_if_fail (IRI_INSPECTOR_IS_URI_PAGE (self));
  g_return_if_fail (policy == NULL || IRI_IS_DISPLAY_POLICY (policy));

  if (policy == NULL)
    policy = iri_display_policy_get_default ();
  if (policy == self->policy)
    return;
  if (self->policy != NULL)
    g_signal_handlers_disconnect_by_data (self->policy, self);
  g_set_object (&self->policy, policy);
  g_signal_connect_swapped (self->policy, "notify", G_CALLBACK (policy_changed_cb), self);
  policy_changed_cb (self);
}

const char *
iri_inspector_uri_page_get_readable (IriInspectorUriPage *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_URI_PAGE (self), NULL);

  return g_object_get_data (G_OBJECT (self->readable_value), "text");
}

const char *
iri_inspector_uri_page_get_converted (IriInspectorUriPage *self,
                                      const char         **out_notes)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_URI_PAGE (self), NULL);

  if (out_notes != NULL)
    *out_notes = gtk_widget_get_visible (self->converted_notes)
                   ? gtk_label_get_text (GTK_LABEL (self->converted_notes)) : NULL;
  return g_object_get_data (G_OBJECT (self->converted_value), "text");
}

static void
load_clicked_cb (IriInspectorUriPage *self)
{
  const char *iri = g_object_get_data (G_OBJECT (self->converted_value), "text");

  if (iri != NULL)
    g_signal_emit (self, signals[LOAD], 0, iri);
}

static GtkWidget *
new_group (GtkWidget  *box,
           const char *title,
           const char *description)
{
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *list = gtk_list_box_new ();

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);
  if (description != NULL)
    {
      GtkWidget *label = gtk_label_new (description);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  /* Named by its heading, not after its type. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL, -1);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_margin_bottom (list, 18);
  gtk_box_append (GTK_BOX (box), list);
  return list;
}

static GtkWidget *
notes_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_visible (label, FALSE);
  return label;
}

static void
iri_inspector_uri_page_dispose (GObject *object)
{
  IriInspectorUriPage *self = IRI_INSPECTOR_URI_PAGE (object);

  if (self->policy != NULL)
    g_signal_handlers_disconnect_by_data (self->policy, self);
  g_clear_object (&self->policy);
  g_clear_pointer (&self->analysis, iri_analysis_unref);

  G_OBJECT_CLASS (iri_inspector_uri_page_parent_class)->dispose (object);
}

static void
iri_inspector_uri_page_class_init (IriInspectorUriPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_uri_page_dispose;

  /**
   * IriInspectorUriPage::copied:
   * @toast: what to tell the user ("URI copied")
   */
  signals[COPIED] = g_signal_new ("copied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * IriInspectorUriPage::load:
   * @iri: the IRI converted from the URI field
   */
  signals[LOAD] = g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
iri_inspector_uri_page_init (IriInspectorUriPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *list, *value_box;

  /* Translators: heading of the URI page */
  list = new_group (box, _("The URI of This IRI"),
                    _("What the IRI maps to (RFC 3987bis §3): characters outside ASCII are percent-encoded as UTF-8; the host is either percent-encoded too or converted with IDNA."));
  add_value_row (self, list, _("Percent-encoded host (§3.4.1)"), _("Copy the URI"),
                 _("URI copied"), &self->percent_value);
  add_value_row (self, list, _("IDNA host (§3.4.2), for the DNS"), _("Copy the URI with the IDNA host"),
                 _("URI with the IDNA host copied"), &self->idna_value);
  add_value_row (self, list, _("Readable form (§3.7)"), _("Copy the readable form"),
                 _("Readable form copied"), &self->readable_value);
  add_value_row (self, list, _("For running text (UTS #58), found whole as a link"),
                 _("Copy the form for running text"), _("Form for running text copied"), &self->text_value);
  /* Why the readable form keeps something encoded, under the list. */
  self->readable_notes = notes_label ();
  gtk_widget_set_margin_bottom (self->readable_notes, 18);
  gtk_box_append (GTK_BOX (box), self->readable_notes);

  list = new_group (box, _("Convert a URI to an IRI"),
                    _("Paste a URI to see the IRI it stands for: what is safe to read is decoded, bidi controls, invisible characters and octets that are not UTF-8 stay encoded (§3.7), and so does a host the display policy (Preferences) does not let through."));
  self->convert_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->convert_row), _("URI"));
  gtk_list_box_append (GTK_LIST_BOX (list), self->convert_row);
  g_signal_connect_swapped (self->convert_row, "changed", G_CALLBACK (convert_changed_cb), self);
  value_box = add_value_row (self, list, _("As an IRI"), _("Copy the IRI"), _("IRI copied"), &self->converted_value);
  self->load_button = gtk_button_new_with_mnemonic (_("_Inspect"));
  gtk_widget_set_valign (self->load_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->load_button, _("Inspect this IRI"));
  /* A name of its own, instead of the one GTK makes from its label
   * (GTK 4.8 read "_Inspect Inspect"). */
  iri_inspector_set_accessible_label (self->load_button,
                                      /* Translators: the accessible name of the
                                       * Inspect button under a URI converted to an
                                       * IRI */
                                      _("Inspect the converted IRI"));
  gtk_widget_set_sensitive (self->load_button, FALSE);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (load_clicked_cb), self);
  gtk_box_append (GTK_BOX (value_box), self->load_button);
  self->converted_notes = notes_label ();
  gtk_box_append (GTK_BOX (box), self->converted_notes);
  set_value (self->converted_value, NULL);

  adw_bin_set_child (ADW_BIN (self), iri_inspector_scrolled_page (box));
  iri_inspector_uri_page_set_display_policy (self, NULL);
}

GtkWidget *
iri_inspector_uri_page_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_URI_PAGE, NULL);
}
