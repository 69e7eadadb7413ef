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

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_data_func ("/app/table-page/units", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_UNITS), test_edits);
  g_test_add_data_func ("/app/table-page/characters", GINT_TO_POINTER (IRI_INSPECTOR_TABLE_CHARACTERS),
                        test_edits);
  return g_test_run ();
}
