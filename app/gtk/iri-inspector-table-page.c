/* iri-inspector-table-page.c: the Units and Characters pages
 *
 * Both are column views over a lazy list (iri-inspector-lazy-list.c):
 * the rows of a keystroke's analysis are only made when shown.  A
 * keystroke splices in only the units or characters it changed; the
 * rows around them keep their widgets and are updated in place (an
 * index, a span, a level may have moved).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "iri-inspector-lazy-list.h"
#include "iri-inspector-row.h"
#include "iri-inspector-table-page.h"
#include "iri-inspector-util.h"

struct _IriInspectorTablePage
{
  AdwBin                 parent_instance;

  IriInspectorTableKind  kind;
  IriAnalysis           *analysis;   /* what the rows show */
  IriInspectorLazyList  *rows;
  GtkSingleSelection    *selection;
  GtkWidget             *stack;
};

G_DEFINE_FINAL_TYPE (IriInspectorTablePage, iri_inspector_table_page, ADW_TYPE_BIN)

enum {
  HIGHLIGHT,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

/* Units ------------------------------------------------------------- */

static GObject *
make_unit_row (gpointer data,
               guint    position)
{
  IriAnalysis *analysis = data;
  const IriUnit *unit = iri_analysis_get_unit (analysis, position);
  const char *text = iri_analysis_get_text (analysis);
  g_autofree char *unit_text = g_strndup (text + unit->span.byte_start,
                                          unit->span.byte_end - unit->span.byte_start);
  g_autofree char *scripts = iri_inspector_scripts_of (unit_text, strlen (unit_text));
  /* Translators: a span of characters, "from–to" (code point offsets) */
  g_autofree char *span = g_strdup_printf (_("%lu–%lu"), (gulong) unit->span.start, (gulong) unit->span.end);

  return G_OBJECT (iri_inspector_row_new (unit->span.start, unit->span.end,
                                          iri_inspector_component_name (unit->kind),
                                          unit_text,
                                          iri_inspector_direction_name (unit->direction),
                                          scripts, span, NULL));
}

/* Characters -------------------------------------------------------- */

typedef struct {
  IriAnalysis  *analysis;
  gsize        *offsets;   /* byte offset of each character, n + 1 */
} CharData;

static void
char_data_free (CharData *data)
{
  g_clear_pointer (&data->analysis, iri_analysis_unref);
  g_free (data->offsets);
  g_free (data);
}

static GObject *
make_char_row (gpointer data,
               guint    position)
{
  CharData *d = data;
  const char *text = iri_analysis_get_text (d->analysis);
  IriBidiLayout *layout = iri_analysis_get_layout (d->analysis);
  gunichar c = g_utf8_get_char (text + d->offsets[position]);
  g_autofree char *code = g_strdup_printf ("U+%04X", c);
  g_autofree char *name = iri_char_get_name (c);
  g_autofree char *shown = NULL;
  g_autofree char *one = g_strndup (text + d->offsets[position], d->offsets[position + 1] - d->offsets[position]);
  g_autofree char *skeleton = iri_skeleton (one, -1);
  g_autofree char *level = g_strdup_printf ("%u", iri_bidi_layout_get_level (layout, position));
  g_autofree char *logical = g_strdup_printf ("%u", position);
  g_autofree char *visual = g_strdup_printf ("%" G_GSIZE_FORMAT, iri_bidi_layout_logical_to_visual (layout, position));
  g_autofree char *scripts = iri_inspector_scripts_of (one, strlen (one));
  GUnicodeType type = g_unichar_type (c);

  /* Show what can be seen: a mark on a dotted circle, and the invisible
   * characters (controls, formats, spaces) only by their code point. */
  if (type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_ENCLOSING_MARK || type == G_UNICODE_SPACING_MARK)
    shown = g_strconcat ("\xE2\x97\x8C", one, NULL);
  else if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT || type == G_UNICODE_SPACE_SEPARATOR ||
           type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR ||
           type == G_UNICODE_UNASSIGNED || type == G_UNICODE_SURROGATE)
    shown = g_strdup ("");
  else
    shown = g_strdup (one);

  return G_OBJECT (iri_inspector_row_new (position, position + 1,
                                          logical, code, shown, name != NULL ? name : "", scripts,
                                          iri_inspector_category_code (type), iri_char_get_bidi_class (c),
                                          level, visual, g_str_equal (skeleton, one) ? "" : skeleton, NULL));
}

/* ------------------------------------------------------------------ */

static void
selection_changed_cb (IriInspectorTablePage *self)
{
  IriInspectorRow *row = gtk_single_selection_get_selected_item (self->selection);
  gsize start, end;

  if (row == NULL)
    return;
  iri_inspector_row_get_span (row, &start, &end);
  g_signal_emit (self, signals[HIGHLIGHT], 0, (guint64) start, (guint64) end);
}

/* Whether unit @i of @a and unit @j of @b are the same text of the same
 * kind and direction (their spans may differ). */
static gboolean
same_unit (IriAnalysis *a,
           guint        i,
           IriAnalysis *b,
           guint        j)
{
  const IriUnit *x = iri_analysis_get_unit (a, i);
  const IriUnit *y = iri_analysis_get_unit (b, j);
  gsize length = x->span.byte_end - x->span.byte_start;

  return x->kind == y->kind && x->direction == y->direction &&
         length == y->span.byte_end - y->span.byte_start &&
         memcmp (iri_analysis_get_text (a) + x->span.byte_start,
                 iri_analysis_get_text (b) + y->span.byte_start, length) == 0;
}

/* The rows from *@position changed: *@removed of the old, *@added new. */
static void
changed_units (IriAnalysis *before,
               IriAnalysis *after,
               guint       *position,
               guint       *removed,
               guint       *added)
{
  guint n_old = before != NULL ? iri_analysis_get_n_units (before) : 0;
  guint n_new = after != NULL ? iri_analysis_get_n_units (after) : 0;
  guint prefix = 0, suffix = 0;

  while (prefix < MIN (n_old, n_new) && same_unit (before, prefix, after, prefix))
    prefix++;
  while (suffix < MIN (n_old, n_new) - prefix &&
         same_unit (before, n_old - 1 - suffix, after, n_new - 1 - suffix))
    suffix++;
  *position = prefix;
  *removed = n_old - prefix - suffix;
  *added = n_new - prefix - suffix;
}

/* The same for characters: the common head and tail of the texts. */
static void
changed_characters (const char *before,
                    const char *after,
                    guint      *position,
                    guint      *removed,
                    guint      *added)
{
  gsize old_length = strlen (before), new_length = strlen (after);
  gsize head = 0, tail = 0;

  while (head < MIN (old_length, new_length) && before[head] == after[head])
    head++;
  /* Back to the start of the character that differs. */
  while (head > 0 && (before[head] & 0xC0) == 0x80)
    head--;
  while (tail < MIN (old_length, new_length) - head &&
         before[old_length - 1 - tail] == after[new_length - 1 - tail])
    tail++;
  /* On to the start of a character the two share whole. */
  while (tail > 0 && (before[old_length - tail] & 0xC0) == 0x80)
    tail--;

  *position = g_utf8_strlen (before, head);
  *removed = g_utf8_strlen (before + head, old_length - head - tail);
  *added = g_utf8_strlen (after + head, new_length - head - tail);
}

void
iri_inspector_table_page_set_analysis (IriInspectorTablePage *self,
                                       IriAnalysis           *analysis)
{
  guint position, removed, added;

  g_return_if_fail (IRI_INSPECTOR_IS_TABLE_PAGE (self));

  if (self->kind == IRI_INSPECTOR_TABLE_UNITS)
    {
      changed_units (self->analysis, analysis, &position, &removed, &added);
      iri_inspector_lazy_list_splice (self->rows, position, removed, added, make_unit_row,
                                      analysis != NULL ? iri_analysis_ref (analysis) : NULL,
                                      (GDestroyNotify) iri_analysis_unref,
                                      (IriInspectorRowUpdate) iri_inspector_row_update);
    }
  else
    {
      const char *text = analysis != NULL ? iri_analysis_get_text (analysis) : "";
      gsize n = g_utf8_strlen (text, -1);
      CharData *data = g_new0 (CharData, 1);
      guint selected = gtk_single_selection_get_selected (self->selection);
      gsize i = 0;

      changed_characters (self->analysis != NULL ? iri_analysis_get_text (self->analysis) : "", text,
                          &position, &removed, &added);
      /* One pass over the text, as the analysis itself makes. */
      data->offsets = g_new (gsize, n + 1);
      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        data->offsets[i++] = p - text;
      data->offsets[n] = strlen (text);
      if (analysis != NULL)
        data->analysis = iri_analysis_ref (analysis);
      /* A row stands for an index: the rows on screen stay where they
       * are and show their new character, unless the selected one would
       * then show another character than the one selected. */
      if (selected == GTK_INVALID_LIST_POSITION || selected < position)
        iri_inspector_lazy_list_replace (self->rows, n, make_char_row, data,
                                         (GDestroyNotify) char_data_free,
                                         (IriInspectorRowUpdate) iri_inspector_row_update);
      else
        iri_inspector_lazy_list_splice (self->rows, position, removed, added, make_char_row, data,
                                        (GDestroyNotify) char_data_free,
                                        (IriInspectorRowUpdate) iri_inspector_row_update);
    }

  if (analysis != NULL)
    iri_analysis_ref (analysis);
  g_clear_pointer (&self->analysis, iri_analysis_unref);
  self->analysis = analysis;

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    g_list_model_get_n_items (G_LIST_MODEL (self->rows)) > 0 ? "table" : "empty");
}

static void
iri_inspector_table_page_dispose (GObject *object)
{
  IriInspectorTablePage *self = IRI_INSPECTOR_TABLE_PAGE (object);

  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->analysis, iri_analysis_unref);

  G_OBJECT_CLASS (iri_inspector_table_page_parent_class)->dispose (object);
}

static void
iri_inspector_table_page_class_init (IriInspectorTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = iri_inspector_table_page_dispose;

  /**
   * IriInspectorTablePage::highlight:
   * @start: the first code point
   * @end: the code point after the last
   *
   * Emitted when a row is selected.
   */
  signals[HIGHLIGHT] = iri_inspector_highlight_signal_new (G_TYPE_FROM_CLASS (klass));
}

static void
iri_inspector_table_page_init (IriInspectorTablePage *self)
{
  self->rows = iri_inspector_lazy_list_new (IRI_INSPECTOR_TYPE_ROW);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
}

GtkWidget *
iri_inspector_table_page_new (IriInspectorTableKind kind)
{
  IriInspectorTablePage *self = g_object_new (IRI_INSPECTOR_TYPE_TABLE_PAGE, NULL);
  GtkWidget *view = gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();

  self->kind = kind;
  /* Named as its page, not after its type. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kind == IRI_INSPECTOR_TABLE_UNITS ? _("Units") : _("Characters"), -1);
  /* The list inside the column view is what takes the focus. */
  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_VIEW (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        kind == IRI_INSPECTOR_TABLE_UNITS ? _("Units") : _("Characters"), -1);
    }
  gtk_widget_add_css_class (view, "data-table");
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (view), TRUE);

  if (kind == IRI_INSPECTOR_TABLE_UNITS)
    {
      /* Translators: column headings of the Units table */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Kind"), 0, 14, FALSE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Text"), 1, 40, FALSE, TRUE, TRUE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Direction"), 2, 14, FALSE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Script"), 3, 14, FALSE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Characters"), 4, 11, TRUE, FALSE, FALSE);
      adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Units"));
      adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                       _("The host labels, path segments, query parts and fragment of the IRI are listed here, each with its direction."));
    }
  else
    {
      /* Translators: column headings of the Characters table */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Index"), 0, 5, TRUE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Code Point"), 1, 8, TRUE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Character"), 2, 3, FALSE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Name"), 3, 30, FALSE, FALSE, TRUE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Script"), 4, 10, FALSE, FALSE, FALSE);
      /* Translators: the General_Category of a character, such as "Lu" */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Category"), 5, 3, TRUE, FALSE, FALSE);
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Bidi Class"), 6, 4, TRUE, FALSE, FALSE);
      /* Translators: the bidi embedding level of a character */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Level"), 7, 3, TRUE, FALSE, FALSE);
      /* Translators: the position of a character on the screen, from the left */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Visual"), 8, 5, TRUE, FALSE, FALSE);
      /* Translators: the UTS #39 skeleton: what a character looks like */
      iri_inspector_add_column (GTK_COLUMN_VIEW (view), C_("column", "Looks Like"), 9, 5, FALSE, FALSE, FALSE);
      adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Characters"));
      adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                       _("Every code point of the IRI is listed here with its name, script, bidi class and embedding level."));
    }
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "format-justify-left-symbolic");
  gtk_widget_add_css_class (empty, "compact");

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), scrolled, "table");
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
  adw_bin_set_child (ADW_BIN (self), self->stack);
  return GTK_WIDGET (self);
}
