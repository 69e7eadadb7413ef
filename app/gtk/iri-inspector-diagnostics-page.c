/* iri-inspector-diagnostics-page.c: the Diagnostics page
 *
 * One row per finding, most severe first, as the library orders them:
 * the severity, the message, the rule it comes from and the fix.
 * Activating a row emits "highlight" with the finding's span.
 *
 * The rows are bound to a list of our own, not to the analysis's: a
 * keystroke replaces only the findings it changed (those that read the
 * same keep their row), so typing rarely makes a row, and rows of long
 * wrapped messages are not laid out again for nothing.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-inspector-diagnostics-page.h"
#include "iri-inspector-util.h"

struct _IriInspectorDiagnosticsPage
{
  AdwBin      parent_instance;

  GtkWidget  *stack;
  GtkWidget  *list;
  GListStore *findings;      /* (element-type IriDiagnostic): what the rows show */
  GListModel *diagnostics;   /* the analysis's, with the current spans */
};

G_DEFINE_FINAL_TYPE (IriInspectorDiagnosticsPage, iri_inspector_diagnostics_page, ADW_TYPE_BIN)

enum {
  HIGHLIGHT,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static GtkWidget *
new_label (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Without a width in characters, GtkLabel takes its minimum width
   * from a layout 0 pixels wide: a line per character of a quoted IRI,
   * and Pango shapes the rest of the quote again for each, which took
   * seconds for a few findings about a long IRI. */
  gtk_label_set_width_chars (GTK_LABEL (label), 20);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The severity of a finding, as its icon's tooltip.  Given when asked,
 * not set with gtk_widget_set_tooltip_text() when the row is made: that
 * asks the X server where the pointer is and queries the tooltip under
 * it again, for each row a keystroke makes, and hides a tooltip the
 * pointer rests on. */
static gboolean
icon_query_tooltip_cb (GtkWidget  *icon,
                       int         x,
                       int         y,
                       gboolean    keyboard_mode,
                       GtkTooltip *tooltip,
                       gpointer    user_data)
{
  IriSeverity severity = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (icon), "severity"));

  gtk_tooltip_set_text (tooltip, iri_inspector_severity_name (severity));
  return TRUE;
}

static GtkWidget *
create_row_cb (gpointer item,
               gpointer user_data)
{
  IriDiagnostic *diagnostic = item;
  IriSeverity severity = iri_diagnostic_get_severity (diagnostic);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *icon = gtk_image_new_from_icon_name (iri_inspector_severity_icon (severity));
  const char *hint = iri_diagnostic_get_hint (diagnostic);
  /* Translators: the code of a finding and the rule it comes from, as
   * in "bidi-component-interleaved · RFC 3987bis §4.2" */
  g_autofree char *source = g_strdup_printf (_("%s · %s"), iri_diagnostic_get_code (diagnostic),
                                             iri_diagnostic_get_spec (diagnostic));
  g_autofree char *accessible = NULL;

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, severity == IRI_SEVERITY_ERROR ? "error"
                                  : severity == IRI_SEVERITY_WARNING ? "warning" : "accent");
  g_object_set_data (G_OBJECT (icon), "severity", GINT_TO_POINTER (severity));
  gtk_widget_set_has_tooltip (icon, TRUE);
  g_signal_connect (icon, "query-tooltip", G_CALLBACK (icon_query_tooltip_cb), NULL);

  {
    /* Quoted pieces of the IRI stay left-to-right in a right-to-left UI. */
    g_autofree char *message = iri_diagnostic_dup_display_message (diagnostic);

    gtk_box_append (GTK_BOX (text), new_label (message, NULL));
  }
  if (hint != NULL)
    {
      /* Translators: before the suggested fix of a finding */
      g_autofree char *fix = g_strdup_printf (_("Fix: %s"), hint);

      gtk_box_append (GTK_BOX (text), new_label (fix, NULL));
    }
  gtk_box_append (GTK_BOX (text), new_label (source, "dim-label"));
  gtk_widget_add_css_class (gtk_widget_get_last_child (text), "caption");

  gtk_box_append (GTK_BOX (box), icon);
  /* The labels wrap: in a bin that spares their box GTK 4.8's search
   * for a width to fit a height (see iri_inspector_wrap_bin_new()). */
  gtk_box_append (GTK_BOX (box), iri_inspector_wrap_bin_new (text));
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  /* Screen readers hear the severity first, then the message, with its
   * quotes of the display in logical order (they speak logical order),
   * then the fix and the rule. */
  {
    g_autofree char *spoken = iri_diagnostic_dup_accessible_message (diagnostic);

    accessible = g_strdup_printf ("%s: %s", iri_inspector_severity_name (severity), spoken);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  {
    g_autofree char *fix = hint != NULL ? g_strdup_printf (_("Fix: %s"), hint) : NULL;
    g_autofree char *details = fix != NULL ? g_strconcat (fix, " ", source, NULL) : g_strdup (source);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, details, -1);
  }
  return row;
}

static void
row_activated_cb (IriInspectorDiagnosticsPage *self,
                  GtkListBoxRow               *row)
{
  int index = gtk_list_box_row_get_index (row);
  g_autoptr(IriDiagnostic) diagnostic = NULL;

  /* A row kept across keystrokes may show a finding whose span has
   * moved since: the span is the current analysis's. */
  if (index < 0 || self->diagnostics == NULL ||
      (diagnostic = g_list_model_get_item (self->diagnostics, index)) == NULL)
    return;
  g_signal_emit (self, signals[HIGHLIGHT], 0,
                 (guint64) iri_diagnostic_get_start (diagnostic),
                 (guint64) iri_diagnostic_get_end (diagnostic));
}

/* Whether the rows of @a and @b would read the same. */
static gboolean
same_finding (IriDiagnostic *a,
              IriDiagnostic *b)
{
  return iri_diagnostic_get_severity (a) == iri_diagnostic_get_severity (b) &&
         g_strcmp0 (iri_diagnostic_get_code (a), iri_diagnostic_get_code (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_spec (a), iri_diagnostic_get_spec (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_message (a), iri_diagnostic_get_message (b)) == 0 &&
         g_strcmp0 (iri_diagnostic_get_hint (a), iri_diagnostic_get_hint (b)) == 0;
}

static gboolean
same_at (GListModel *a,
         guint       i,
         GListModel *b,
         guint       j)
{
  g_autoptr(IriDiagnostic) x = g_list_model_get_item (a, i);
  g_autoptr(IriDiagnostic) y = g_list_model_get_item (b, j);

  return same_finding (x, y);
}

void
iri_inspector_diagnostics_page_set_analysis (IriInspectorDiagnosticsPage *self,
                                             IriAnalysis                 *analysis)
{
  GListModel *shown = G_LIST_MODEL (self->findings);
  guint n_old, n_new, prefix = 0, suffix = 0;

  g_return_if_fail (IRI_INSPECTOR_IS_DIAGNOSTICS_PAGE (self));

  g_clear_object (&self->diagnostics);
  if (analysis != NULL)
    self->diagnostics = iri_analysis_get_diagnostics (analysis);

  /* Only the findings between the common head and the common tail are
   * replaced: one splice, and rows made for those alone. */
  n_old = g_list_model_get_n_items (shown);
  n_new = self->diagnostics != NULL ? g_list_model_get_n_items (self->diagnostics) : 0;
  while (prefix < MIN (n_old, n_new) && same_at (shown, prefix, self->diagnostics, prefix))
    prefix++;
  while (suffix < MIN (n_old, n_new) - prefix &&
         same_at (shown, n_old - 1 - suffix, self->diagnostics, n_new - 1 - suffix))
    suffix++;
  if (prefix + suffix < MAX (n_old, n_new))
    {
      g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = prefix; i < n_new - suffix; i++)
        g_ptr_array_add (added, g_list_model_get_item (self->diagnostics, i));
      g_list_store_splice (self->findings, prefix, n_old - prefix - suffix, added->pdata, added->len);
    }

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), n_new > 0 ? "list" : "empty");
}

static void
iri_inspector_diagnostics_page_dispose (GObject *object)
{
  IriInspectorDiagnosticsPage *self = IRI_INSPECTOR_DIAGNOSTICS_PAGE (object);

  g_clear_object (&self->diagnostics);
  g_clear_object (&self->findings);

  G_OBJECT_CLASS (iri_inspector_diagnostics_page_parent_class)->dispose (object);
}

static void
iri_inspector_diagnostics_page_class_init (IriInspectorDiagnosticsPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_diagnostics_page_dispose;

  /**
   * IriInspectorDiagnosticsPage::highlight:
   * @start: the first code point of the finding
   * @end: the code point after it
   *
   * Emitted when a finding is activated.
   */
  signals[HIGHLIGHT] = iri_inspector_highlight_signal_new (G_TYPE_FROM_CLASS (klass));
}

static void
iri_inspector_diagnostics_page_init (IriInspectorDiagnosticsPage *self)
{
  GtkWidget *scrolled;
  GtkWidget *empty = adw_status_page_new ();

  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Findings"), -1);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_widget_set_valign (self->list, GTK_ALIGN_START);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  self->findings = g_list_store_new (IRI_TYPE_DIAGNOSTIC);
  gtk_list_box_bind_model (GTK_LIST_BOX (self->list), G_LIST_MODEL (self->findings), create_row_cb, NULL, NULL);
  scrolled = iri_inspector_scrolled_page (self->list);

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "object-select-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Findings"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Syntax errors, bidi hazards, look-alike characters and IDNA problems are listed here, each with the rule it breaks and a fix."));
  gtk_widget_add_css_class (empty, "compact");

  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), scrolled, "list");
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
  adw_bin_set_child (ADW_BIN (self), self->stack);
}

GtkWidget *
iri_inspector_diagnostics_page_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_DIAGNOSTICS_PAGE, NULL);
}
