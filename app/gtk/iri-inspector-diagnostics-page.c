/* iri-inspector-diagnostics-page.c: the Diagnostics page
 *
 * One row per finding, most severe first, as the library orders them:
 * the severity, the message, the rule it comes from and the fix.
 * Activating a row emits "highlight" with the finding's span.
 *
 * A keystroke changes only the rows of the findings it changed: those
 * that read the same keep their row wherever they moved, and a row
 * whose finding now reads otherwise shows the new one in its widgets,
 * setting only the labels whose text changed.  Typing rarely makes a
 * row, and the labels of long wrapped messages are not laid out again
 * for nothing: each one costs a shaping of the message for every width
 * GTK asks it about.
 *
 * For the same reason a long list is made a few rows at a time: an
 * update makes at most the rows that fill the page (or as many as
 * there were), and the others follow in idle callbacks below the
 * priority of input and drawing, so that an IRI with a hundred
 * findings shows its first ones at once and the app answers keys while
 * the rest come.
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
  GPtrArray  *shown;         /* (element-type IriDiagnostic): what row i shows */
  GArray     *shown_hashes;  /* guint: finding_hash() of each */
  GListModel *diagnostics;   /* the analysis's, with the current spans */
  guint       limit;         /* how many findings have rows for now */
  guint       grow_id;       /* the idle callback that makes more */
};

/* The widgets of a row that change with its finding. */
typedef struct {
  GtkWidget *icon;
  GtkWidget *text;     /* the box of the labels */
  GtkWidget *message;
  GtkWidget *fix;      /* NULL when the finding has no hint */
  GtkWidget *source;
} FindingRow;

#define FINDING_ROW_KEY "iri-inspector-finding-row"

/* The middles of the old and the new list (after their common head and
 * tail) are matched finding by finding when the table of their lengths'
 * product is at most this large (256 findings each way, 128 KiB); past
 * it, which happens only when one keystroke changes hundreds of
 * findings, rows are reused in order instead. */
#define MAX_MATCH_CELLS (256 * 256)

/* The rows an update makes at once (more than a tall window shows),
 * and how many each idle callback adds after it. */
#define FIRST_ROWS 24
#define MORE_ROWS 8

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

static const char *
severity_css_class (IriSeverity severity)
{
  return severity == IRI_SEVERITY_ERROR ? "error" : severity == IRI_SEVERITY_WARNING ? "warning" : "accent";
}

/* Makes @row show @diagnostic; @old is what it showed (NULL for a new
 * row).  Only the widgets whose content changes are touched: a label
 * given its own text again is not laid out again, but the others are,
 * and a message quoting the IRI is costly to shape. */
static void
row_show (GtkListBoxRow *row,
          IriDiagnostic *diagnostic,
          IriDiagnostic *old)
{
  FindingRow *widgets = g_object_get_data (G_OBJECT (row), FINDING_ROW_KEY);
  IriSeverity severity = iri_diagnostic_get_severity (diagnostic);
  const char *hint = iri_diagnostic_get_hint (diagnostic);
  /* Translators: the code of a finding and the rule it comes from, as
   * in "bidi-component-interleaved · RFC 3987bis §4.2" */
  g_autofree char *source = g_strdup_printf (_("%s · %s"), iri_diagnostic_get_code (diagnostic),
                                             iri_diagnostic_get_spec (diagnostic));
  /* Translators: before the suggested fix of a finding */
  g_autofree char *fix = hint != NULL ? g_strdup_printf (_("Fix: %s"), hint) : NULL;
  g_autofree char *accessible = NULL;

  if (old == NULL || iri_diagnostic_get_severity (old) != severity)
    {
      if (old != NULL)
        gtk_widget_remove_css_class (widgets->icon, severity_css_class (iri_diagnostic_get_severity (old)));
      gtk_image_set_from_icon_name (GTK_IMAGE (widgets->icon), iri_inspector_severity_icon (severity));
      gtk_widget_add_css_class (widgets->icon, severity_css_class (severity));
      g_object_set_data (G_OBJECT (widgets->icon), "severity", GINT_TO_POINTER (severity));
    }

  if (old == NULL || g_strcmp0 (iri_diagnostic_get_message (old), iri_diagnostic_get_message (diagnostic)) != 0)
    {
      /* Quoted pieces of the IRI stay left-to-right in a right-to-left UI. */
      g_autofree char *message = iri_diagnostic_dup_display_message (diagnostic);

      gtk_label_set_text (GTK_LABEL (widgets->message), message);
    }
  if (fix == NULL)
    g_clear_pointer (&widgets->fix, gtk_widget_unparent);
  else if (widgets->fix == NULL)
    {
      widgets->fix = new_label (fix, NULL);
      gtk_box_insert_child_after (GTK_BOX (widgets->text), widgets->fix, widgets->message);
    }
  else
    gtk_label_set_text (GTK_LABEL (widgets->fix), fix);
  gtk_label_set_text (GTK_LABEL (widgets->source), source);

  /* Screen readers hear the severity first, then the message, with its
   * quotes of the display in logical order (they speak logical order),
   * then the fix and the rule. */
  {
    g_autofree char *spoken = iri_diagnostic_dup_accessible_message (diagnostic);

    accessible = g_strdup_printf ("%s: %s", iri_inspector_severity_name (severity), spoken);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  {
    g_autofree char *details = fix != NULL ? g_strconcat (fix, " ", source, NULL) : g_strdup (source);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, details, -1);
  }
}

static GtkWidget *
make_row (IriDiagnostic *diagnostic)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = g_object_new (GTK_TYPE_BOX,
                                 "orientation", GTK_ORIENTATION_HORIZONTAL,
                                 "spacing", 12,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                 NULL);
  FindingRow *widgets = g_new0 (FindingRow, 1);

  widgets->text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  widgets->icon = gtk_image_new ();
  gtk_widget_set_valign (widgets->icon, GTK_ALIGN_START);
  gtk_widget_set_has_tooltip (widgets->icon, TRUE);
  g_signal_connect (widgets->icon, "query-tooltip", G_CALLBACK (icon_query_tooltip_cb), NULL);

  widgets->message = new_label (NULL, NULL);
  gtk_box_append (GTK_BOX (widgets->text), widgets->message);
  widgets->source = new_label (NULL, "dim-label");
  gtk_widget_add_css_class (widgets->source, "caption");
  gtk_box_append (GTK_BOX (widgets->text), widgets->source);

  gtk_box_append (GTK_BOX (box), widgets->icon);
  /* The labels wrap: in a bin that spares their box GTK 4.8's search
   * for a width to fit a height (see iri_inspector_wrap_bin_new()). */
  gtk_box_append (GTK_BOX (box), iri_inspector_wrap_bin_new (widgets->text));
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Assistive technology gets the finding from the row: its name (the
   * severity and the message, quotes in logical order) and description
   * (the fix and the source), set in row_show().  What draws it stays
   * out of the accessible tree, the box being a presentation (a hidden
   * state would not do: GTK 4.18 then gives its children to the row):
   * the labels quote the display in visual order, which a screen reader
   * would spell backwards (RFC 3987bis §4.1), they repeat the row's name
   * and description when the list is read in browse mode, and the icon
   * and the box have no names. */

  g_object_set_data_full (G_OBJECT (row), FINDING_ROW_KEY, widgets, g_free);
  row_show (GTK_LIST_BOX_ROW (row), diagnostic, NULL);
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

/* A hash of what a row of @diagnostic reads, to tell most findings
 * apart without comparing their messages. */
static guint
finding_hash (IriDiagnostic *diagnostic)
{
  guint hash = (guint) iri_diagnostic_get_severity (diagnostic);
  const char *parts[] = {
    iri_diagnostic_get_code (diagnostic),
    iri_diagnostic_get_spec (diagnostic),
    iri_diagnostic_get_message (diagnostic),
    iri_diagnostic_get_hint (diagnostic),
  };

  for (gsize i = 0; i < G_N_ELEMENTS (parts); i++)
    hash = hash * 31 + (parts[i] != NULL ? g_str_hash (parts[i]) : 0);
  return hash;
}

typedef struct {
  GPtrArray *old;   /* (element-type IriDiagnostic) */
  guint     *old_hashes;
  GPtrArray *new;
  guint     *new_hashes;
} Lists;

static gboolean
same_at (const Lists *lists,
         guint        i,
         guint        j)
{
  return lists->old_hashes[i] == lists->new_hashes[j] &&
         same_finding (g_ptr_array_index (lists->old, i), g_ptr_array_index (lists->new, j));
}

/* Finds the longest sequence of findings that read the same in
 * old[@o0, @o1) and new[@n0, @n1), in order (a longest common
 * subsequence), and sets match[i - @o0] to the new index of old finding
 * i, or G_MAXUINT when it has none. */
static void
match_findings (const Lists *lists,
                guint        o0,
                guint        o1,
                guint        n0,
                guint        n1,
                guint       *match)
{
  guint n_old = o1 - o0, n_new = n1 - n0;
  guint width = n_new + 1;
  g_autofree guint16 *lengths = NULL;
  guint i, j;

  for (i = 0; i < n_old; i++)
    match[i] = G_MAXUINT;
  if (n_old == 0 || n_new == 0 || (gsize) n_old * n_new > MAX_MATCH_CELLS)
    return;

  /* lengths[i * width + j]: the longest common sequence of old[i…] and
   * new[j…] (at most 256, so 16 bits are enough). */
  lengths = g_new0 (guint16, (gsize) (n_old + 1) * width);
  for (i = n_old; i-- > 0;)
    {
      for (j = n_new; j-- > 0;)
        {
          if (same_at (lists, o0 + i, n0 + j))
            lengths[i * width + j] = lengths[(i + 1) * width + j + 1] + 1;
          else
            lengths[i * width + j] = MAX (lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
        }
    }
  for (i = 0, j = 0; i < n_old && j < n_new;)
    {
      if (same_at (lists, o0 + i, n0 + j))
        {
          match[i] = n0 + j;
          i++;
          j++;
        }
      else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1])
        i++;
      else
        j++;
    }
}

static gboolean grow_cb (gpointer user_data);

/* Brings the rows up to date with the first self->limit findings of
 * self->diagnostics, and has the others follow. */
static void
show_findings (IriInspectorDiagnosticsPage *self)
{
  g_autoptr(GPtrArray) shown = NULL;
  g_autoptr(GArray) hashes = NULL;
  g_autofree guint *match = NULL;
  GtkListBox *list = GTK_LIST_BOX (self->list);
  Lists lists;
  guint n_old, n_new, n_all, prefix = 0, suffix = 0;
  guint i, j, first;

  n_old = self->shown->len;
  n_all = self->diagnostics != NULL ? g_list_model_get_n_items (self->diagnostics) : 0;
  n_new = MIN (n_all, self->limit);
  shown = g_ptr_array_new_full (n_new, g_object_unref);
  hashes = g_array_sized_new (FALSE, FALSE, sizeof (guint), n_new);
  for (j = 0; j < n_new; j++)
    {
      IriDiagnostic *diagnostic = g_list_model_get_item (self->diagnostics, j);
      guint hash = finding_hash (diagnostic);

      g_ptr_array_add (shown, diagnostic);
      g_array_append_val (hashes, hash);
    }
  lists.old = self->shown;
  lists.old_hashes = (guint *) (gpointer) self->shown_hashes->data;
  lists.new = shown;
  lists.new_hashes = (guint *) (gpointer) hashes->data;

  /* The common head and tail keep their rows; the findings between them
   * that read the same keep theirs too.  Between two kept rows, the old
   * rows show the new findings there, and only the surplus is made or
   * removed. */
  while (prefix < MIN (n_old, n_new) && same_at (&lists, prefix, prefix))
    prefix++;
  while (suffix < MIN (n_old, n_new) - prefix && same_at (&lists, n_old - 1 - suffix, n_new - 1 - suffix))
    suffix++;
  match = g_new (guint, n_old - prefix - suffix + 1);
  match_findings (&lists, prefix, n_old - suffix, prefix, n_new - suffix, match);
  /* The common tail ends the sequence: old n_old - suffix is new
   * n_new - suffix (one past the end when there is no tail). */
  match[n_old - prefix - suffix] = n_new - suffix;

  /* Rows [0, j) show new findings [0, j); the rows after them show the
   * old findings from @first on, and old [first, i) have no match. */
  for (i = prefix, j = prefix, first = prefix; i <= n_old - suffix; i++)
    {
      guint next = match[i - prefix];
      guint n_reused;

      if (next == G_MAXUINT)
        continue;
      /* Old [first, i) and new [j, next) are unmatched: the first of
       * them are shown in place, the rest made or removed. */
      n_reused = MIN (i - first, next - j);
      for (guint k = 0; k < n_reused; k++)
        row_show (gtk_list_box_get_row_at_index (list, (int) (j + k)),
                  g_ptr_array_index (shown, j + k), g_ptr_array_index (self->shown, first + k));
      for (guint k = n_reused; k < i - first; k++)
        gtk_list_box_remove (list, GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) (j + n_reused))));
      for (guint k = j + n_reused; k < next; k++)
        gtk_list_box_insert (list, make_row (g_ptr_array_index (shown, k)), (int) k);
      /* Past the matched row. */
      j = next + 1;
      first = i + 1;
    }

  g_ptr_array_unref (self->shown);
  self->shown = g_steal_pointer (&shown);
  g_array_unref (self->shown_hashes);
  self->shown_hashes = g_steal_pointer (&hashes);

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), n_all > 0 ? "list" : "empty");

  if (n_new < n_all && self->grow_id == 0)
    self->grow_id = g_idle_add_full (G_PRIORITY_LOW, grow_cb, self, NULL);
  else if (n_new == n_all)
    g_clear_handle_id (&self->grow_id, g_source_remove);
}

static gboolean
grow_cb (gpointer user_data)
{
  IriInspectorDiagnosticsPage *self = user_data;

  self->grow_id = 0;
  self->limit += MORE_ROWS;
  show_findings (self);
  return G_SOURCE_REMOVE;
}

void
iri_inspector_diagnostics_page_set_analysis (IriInspectorDiagnosticsPage *self,
                                             IriAnalysis                 *analysis)
{
  g_return_if_fail (IRI_INSPECTOR_IS_DIAGNOSTICS_PAGE (self));

  g_clear_object (&self->diagnostics);
  if (analysis != NULL)
    self->diagnostics = iri_analysis_get_diagnostics (analysis);
  /* The rows there are show the new findings at once; more are made a
   * few at a time. */
  self->limit = MAX (self->shown->len, FIRST_ROWS);
  show_findings (self);
}

static void
iri_inspector_diagnostics_page_dispose (GObject *object)
{
  IriInspectorDiagnosticsPage *self = IRI_INSPECTOR_DIAGNOSTICS_PAGE (object);

  g_clear_handle_id (&self->grow_id, g_source_remove);
  g_clear_object (&self->diagnostics);
  g_clear_pointer (&self->shown, g_ptr_array_unref);
  g_clear_pointer (&self->shown_hashes, g_array_unref);

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
  self->shown = g_ptr_array_new_with_free_func (g_object_unref);
  self->shown_hashes = g_array_new (FALSE, FALSE, sizeof (guint));
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
