/* iri-inspector-compare-page.c: the Compare page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <iri-gtk.h>

#include "iri-inspector-compare-page.h"
#include "iri-inspector-util.h"

struct _IriInspectorComparePage
{
  AdwBin        parent_instance;

  IriAnalysis  *analysis;
  GtkWidget    *other_row;
  GtkWidget    *result_row;
  GtkWidget    *result_icon;
  GtkWidget    *forms_list;
  GtkWidget    *form_titles[4];
  GtkWidget    *form_values[4];
};

G_DEFINE_FINAL_TYPE (IriInspectorComparePage, iri_inspector_compare_page, ADW_TYPE_BIN)

/* The normalized forms, made once: a title, and the form on one line
 * that scrolls sideways.  A form is as long as the IRI, one long word
 * that a wrapped label would shape again for every line (see the URI
 * page); a keystroke only sets the texts that changed. */
static void
add_form_row (IriInspectorComparePage *self,
              guint                    i)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->form_titles[i] = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->form_titles[i]), 0);
  gtk_widget_add_css_class (self->form_titles[i], "caption-heading");
  gtk_widget_add_css_class (self->form_titles[i], "dim-label");
  self->form_values[i] = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->form_values[i]), 0);
  gtk_label_set_selectable (GTK_LABEL (self->form_values[i]), TRUE);
  gtk_widget_set_halign (self->form_values[i], GTK_ALIGN_START);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->form_values[i]);
  gtk_box_append (GTK_BOX (box), self->form_titles[i]);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  /* The row takes the focus: it reads as its title and its form, as the
   * action row it replaces did. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->form_titles[i], NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->form_values[i], NULL,
                                  -1);
  iri_inspector_list_append_row (GTK_LIST_BOX (self->forms_list), row, box, 8, 12, 12);
}

static void
set_form (IriInspectorComparePage *self,
          guint                    i,
          const char              *title,
          const char              *form)
{
  g_autofree char *shown = form != NULL ? iri_inspector_isolate (form) : NULL;

  gtk_label_set_text (GTK_LABEL (self->form_titles[i]), title);
  gtk_label_set_text (GTK_LABEL (self->form_values[i]), shown != NULL ? shown : "");
  gtk_widget_set_visible (gtk_widget_get_ancestor (self->form_values[i], GTK_TYPE_LIST_BOX_ROW), form != NULL);
}

static void
update (IriInspectorComparePage *self)
{
  const char *other = gtk_editable_get_text (GTK_EDITABLE (self->other_row));
  g_autoptr(IriReference) a = NULL;
  g_autoptr(IriReference) b = NULL;
  g_autoptr(GError) error = NULL;
  const char *title, *subtitle = "", *icon;

  gtk_widget_set_visible (self->forms_list, FALSE);

  if (self->analysis == NULL || other[0] == '\0')
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row),
                                     _("Type or paste another IRI to compare"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row),
                                   _("The comparison ladder of RFC 3987 §5.3: simple string comparison, then syntax-based and scheme-based normalization."));
      gtk_image_set_from_icon_name (GTK_IMAGE (self->result_icon), "edit-find-symbolic");
      return;
    }

  a = iri_reference_parse (iri_analysis_get_text (self->analysis), -1, IRI_PARSE_DEFAULT, &error);
  if (a == NULL)
    {
      title = _("The IRI above is not valid");
      subtitle = error->message;
      icon = "dialog-error-symbolic";
    }
  else if ((b = iri_reference_parse (other, -1, IRI_PARSE_DEFAULT, &error)) == NULL)
    {
      title = _("This IRI is not valid");
      subtitle = error->message;
      icon = "dialog-error-symbolic";
    }
  else
    {
      switch (iri_reference_compare (a, b, IRI_COMPARISON_SCHEME))
        {
        case IRI_COMPARISON_SIMPLE:
          title = _("The same, character for character");
          subtitle = _("Simple string comparison (§5.3.1)");
          icon = "object-select-symbolic";
          break;
        case IRI_COMPARISON_SYNTAX:
          title = _("Equivalent after syntax-based normalization");
          subtitle = _("Case, percent-encoding and dot segments (§5.3.2)");
          icon = "object-select-symbolic";
          break;
        case IRI_COMPARISON_SCHEME:
          title = _("Equivalent after scheme-based normalization");
          subtitle = _("Default ports, empty paths and the like for the scheme (§5.3.3)");
          icon = "object-select-symbolic";
          break;
        case IRI_COMPARISON_DIFFERENT:
        default:
          title = _("Different");
          /* RFC 3987 §5.3.2.2: NFC is not a rung, but say when it is all
           * that separates the two. */
          if (iri_reference_compare_full (a, b, IRI_COMPARISON_SCHEME, IRI_NORMALIZE_NFC) !=
              IRI_COMPARISON_DIFFERENT)
            subtitle = _("Equal under NFC only: RFC 3987 §5.3.2.2 forbids applying character normalization when comparing, so they are not equivalent");
          else
            subtitle = _("Not equal at any rung of the comparison ladder (§5.3)");
          icon = "dialog-warning-symbolic";
          break;
        }

      for (IriComparison level = IRI_COMPARISON_SYNTAX; level <= IRI_COMPARISON_SCHEME; level++)
        {
          g_autofree char *form_a = iri_reference_normalize (a, level, NULL);
          g_autofree char *form_b = iri_reference_normalize (b, level, NULL);
          guint i = level == IRI_COMPARISON_SYNTAX ? 0 : 2;
          gboolean both = form_a != NULL && form_b != NULL;

          set_form (self, i,
                    level == IRI_COMPARISON_SYNTAX ? _("The IRI above, syntax-normalized")
                                                   : _("The IRI above, scheme-normalized"), both ? form_a : NULL);
          set_form (self, i + 1,
                    level == IRI_COMPARISON_SYNTAX ? _("This IRI, syntax-normalized")
                                                   : _("This IRI, scheme-normalized"), both ? form_b : NULL);
        }
      gtk_widget_set_visible (self->forms_list, TRUE);
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), subtitle);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->result_icon), icon);
}

void
iri_inspector_compare_page_set_analysis (IriInspectorComparePage *self,
                                         IriAnalysis             *analysis)
{
  g_return_if_fail (IRI_INSPECTOR_IS_COMPARE_PAGE (self));

  g_clear_pointer (&self->analysis, iri_analysis_unref);
  if (analysis != NULL)
    self->analysis = iri_analysis_ref (analysis);
  update (self);
}

static void
iri_inspector_compare_page_dispose (GObject *object)
{
  IriInspectorComparePage *self = IRI_INSPECTOR_COMPARE_PAGE (object);

  g_clear_pointer (&self->analysis, iri_analysis_unref);

  G_OBJECT_CLASS (iri_inspector_compare_page_parent_class)->dispose (object);
}

static void
iri_inspector_compare_page_class_init (IriInspectorComparePageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_compare_page_dispose;
}

static void
iri_inspector_compare_page_init (IriInspectorComparePage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Compare"), -1);
  gtk_widget_add_css_class (list, "boxed-list");
  /* The other IRI is typed in an IRI entry too, so that it is displayed
   * as §4.1 asks while it is typed. */
  {
    GtkWidget *row = gtk_list_box_row_new ();
    GtkWidget *field = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *label = gtk_label_new (_("Another IRI"));

    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_widget_add_css_class (label, "caption-heading");
    gtk_widget_add_css_class (label, "dim-label");
    self->other_row = iri_gtk_entry_new ();
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->other_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Another IRI"), -1);
    gtk_box_append (GTK_BOX (field), label);
    gtk_box_append (GTK_BOX (field), self->other_row);
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
    gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
    iri_inspector_list_append_row (GTK_LIST_BOX (list), row, field, 9, 12, 12);
    g_signal_connect_swapped (self->other_row, "changed", G_CALLBACK (update), self);
  }

  self->result_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->result_row), FALSE);
  self->result_icon = gtk_image_new ();
  adw_action_row_add_prefix (ADW_ACTION_ROW (self->result_row), self->result_icon);
  gtk_list_box_append (GTK_LIST_BOX (list), self->result_row);
  gtk_box_append (GTK_BOX (box), list);

  self->forms_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->forms_list), GTK_SELECTION_NONE);
  /* The normalized forms, named by the verdict above them. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->forms_list), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->result_row, NULL, -1);
  gtk_widget_add_css_class (self->forms_list, "boxed-list");
  gtk_box_append (GTK_BOX (box), self->forms_list);
  for (guint i = 0; i < G_N_ELEMENTS (self->form_values); i++)
    add_form_row (self, i);

  adw_bin_set_child (ADW_BIN (self), iri_inspector_scrolled_page (box));
  update (self);
}

GtkWidget *
iri_inspector_compare_page_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_COMPARE_PAGE, NULL);
}
