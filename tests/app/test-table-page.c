/* test-table-page.c: the Units and Characters tables across keystrokes
 *
 * The page's sources are built into this test, as into the app.  A
 * keystroke splices in only the units or characters it changed; after
 * any edit, every row must read as on a page that was given the new
 * analysis alone.  The edits include characters that share their first
 * UTF-8 byte (א and ב are D7 90 and D7 91), where the common head of
 * the two texts ends inside a character.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <iri.h>

#include "widget-test-util.h"
#include "iri-inspector-cell.h"
#include "iri-inspector-row.h"
#include "iri-inspector-table-page.h"

static const char *edits[] = {
  "https://\327\220.example/a",
  "https://\327\221.example/a",
  "https://\327\221.example/ab",
  "https://\327\221\327\220.example/ab",
  "https://\327\221\327\220.example/\330\263ab?q=\327\251",
  "https://\327\221.example/\330\263ab?q=\327\251",
  "https://\327\221.example/\330\263ab?q=\327\251#\327\251",
  "http://\327\221.example/",
  "",
  "https://example.com/\327\251\327\234\327\225\327\235/2024",
};

static GListModel *
rows_of (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GListModel *found = rows_of (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_edits (gconstpointer data)
{
  IriInspectorTableKind kind = GPOINTER_TO_INT (data);
  GtkWidget *page = g_object_ref_sink (iri_inspector_table_page_new (kind));
  GListModel *rows = rows_of (page);
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_nonnull (rows);
  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(IriAnalysis) analysis = iri_analyze (edits[i], -1);
      GtkWidget *fresh = g_object_ref_sink (iri_inspector_table_page_new (kind));
      GListModel *expected = rows_of (fresh);

      iri_inspector_table_page_set_analysis (IRI_INSPECTOR_TABLE_PAGE (page), analysis);
      iri_inspector_table_page_set_analysis (IRI_INSPECTOR_TABLE_PAGE (fresh), analysis);
      g_assert_cmpuint (g_list_model_get_n_items (rows), ==, g_list_model_get_n_items (expected));
      /* As a view would, hold every row: all of them are kept and
       * updated by the next edit. */
      g_ptr_array_set_size (held, 0);
      for (guint j = 0; j < g_list_model_get_n_items (rows); j++)
        {
          IriInspectorRow *row = g_list_model_get_item (rows, j);
          g_autoptr(IriInspectorRow) other = g_list_model_get_item (expected, j);

          g_assert_true (iri_inspector_row_equal (row, other));
          g_ptr_array_add (held, row);
        }
      g_assert_finalize_object (fresh);
    }

  g_ptr_array_set_size (held, 0);
  g_assert_finalize_object (page);
}

/* The cells under @widget that are on screen. */
static void
collect_cells (GtkWidget *widget,
               GPtrArray *cells)
{
  if (IRI_INSPECTOR_IS_CELL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (cells, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cells (child, cells);
}

/* @text without the mark before it and the isolate around it. */
static char *
strip_direction_marks (const char *text)
{
  static const char * const marks[] = { "\xE2\x80\x8E", "\xE2\x80\x8F" };
  gsize length;

  for (gsize i = 0; i < G_N_ELEMENTS (marks); i++)
    if (g_str_has_prefix (text, marks[i]))
      text += strlen (marks[i]);
  length = strlen (text);
  if (g_str_has_prefix (text, "\xE2\x81\xA6") && g_str_has_suffix (text, "\xE2\x81\xA9") && length >= 6)
    return g_strndup (text + 3, length - 6);
  return g_strdup (text);
}

/* A window showing a table page of @kind for an IRI with a Hebrew path
 * segment, once at least 20 of its cells are on screen; @cells gets
 * them. */
static GtkWidget *
show_table_page (IriInspectorTableKind  kind,
                 GPtrArray             *cells)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = iri_inspector_table_page_new (kind);
  g_autoptr(IriAnalysis) analysis = iri_analyze ("https://example.com/\327\251\327\234\327\225\327\235/2024", -1);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), page);
  iri_inspector_table_page_set_analysis (IRI_INSPECTOR_TABLE_PAGE (page), analysis);
  gtk_window_present (GTK_WINDOW (window));
  while (cells->len < 20 && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_ptr_array_set_size (cells, 0);
      collect_cells (window, cells);
    }
  g_assert_cmpuint (cells->len, >=, 20);
  return window;
}

/* A cell's accessible name is its text in logical order, without the
 * marks and isolates that place it on screen: a Hebrew cell in a
 * left-to-right interface shows after U+200F, a cell of the IRI's own
 * text between U+2066 and U+2069. */
static void
test_cell_names (gconstpointer data)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GtkWidget *window = show_table_page (GPOINTER_TO_INT (data), cells);
  guint marked = 0;

  for (guint i = 0; i < cells->len; i++)
    {
      IriInspectorCell *cell = g_ptr_array_index (cells, i);
      const char *shown = iri_inspector_cell_get_text (cell);
      g_autofree char *expected = strip_direction_marks (shown != NULL ? shown : "");
      g_autofree char *wrong = NULL;

      if (shown != NULL && !g_str_equal (expected, shown))
        marked++;
      wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
      if (wrong != NULL)
        g_error ("the cell showing “%s” is named “%s”", shown, wrong);
    }
  /* The test saw what it is about. */
  g_assert_cmpuint (marked, >, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The cells measure themselves with their table's font metrics, which
 * they share: when a style sheet makes the table's font larger, every
 * cell on screen grows with it, drawn or not. */
static void
test_cell_font (void)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GtkWidget *window = show_table_page (IRI_INSPECTOR_TABLE_CHARACTERS, cells);
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GtkWidget *cell;
  int before, after, width_before, width_after;

  cell = g_object_ref (g_ptr_array_index (cells, 0));
  while (gtk_widget_get_height (cell) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  before = gtk_widget_get_height (cell);
  width_before = gtk_widget_get_width (cell);
  g_assert_cmpint (before, >, 0);

  gtk_css_provider_load_from_data (provider, "columnview { font-size: 300%; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  do
    {
      g_main_context_iteration (NULL, FALSE);
      after = gtk_widget_get_height (cell);
    }
  while (after < 2 * before && g_get_monotonic_time () < deadline);
  width_after = gtk_widget_get_width (cell);
  g_test_message ("a cell was %d × %d px, is %d × %d px", width_before, before, width_after, after);
  g_assert_cmpint (after, >=, 2 * before);
  g_assert_cmpint (width_after, >, width_before);

  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
  g_object_unref (cell);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_data_func ("/app/table-page/units", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_UNITS), test_edits);
  g_test_add_data_func ("/app/table-page/characters", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_CHARACTERS),
                        test_edits);
  g_test_add_data_func ("/app/table-page/units/cell-names", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_UNITS),
                        test_cell_names);
  g_test_add_data_func ("/app/table-page/characters/cell-names", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_CHARACTERS),
                        test_cell_names);
  g_test_add_func ("/app/table-page/cell-font", test_cell_font);
  return g_test_run ();
}
