/* test-diagnostics-page.c: the Findings page across keystrokes
 *
 * The page's sources are built into this test, as into the app.  A
 * keystroke replaces only the findings it changed: a finding that reads
 * the same keeps its row (no widget made again), and activating that row
 * highlights the finding's span in the current analysis, not where it
 * was when the row was made.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <iri.h>

#include "widget-test-util.h"
#include "iri-inspector-diagnostics-page.h"

/* Two findings: the path is interleaved with the query (it quotes the
 * path), and "2024" stands next to the Hebrew segment. */
#define BEFORE "https://\327\223\327\225\327\222\327\236\327\224.example/\327\251\327\234\327\225\327\235/2024?\330\263=\330\250#top"
/* "abc/" typed into the path: the first finding reads otherwise, the
 * second reads the same, four characters later. */
#define AFTER  "https://\327\223\327\225\327\222\327\236\327\224.example/abc/\327\251\327\234\327\225\327\235/2024?\330\263=\330\250#top"
/* A character typed into the fragment: no finding changes. */
#define FRAGMENT "https://\327\223\327\225\327\222\327\236\327\224.example/abc/\327\251\327\234\327\225\327\235/2024?\330\263=\330\250#topx"

static void
highlight_cb (GtkWidget *page,
              guint64    start,
              guint64    end,
              guint64   *span)
{
  span[0] = start;
  span[1] = end;
}

static void
set_text (GtkWidget  *page,
          const char *text)
{
  g_autoptr(IriAnalysis) analysis = iri_analyze (text, -1);

  iri_inspector_diagnostics_page_set_analysis (IRI_INSPECTOR_DIAGNOSTICS_PAGE (page), analysis);
}

static void
test_keystrokes (void)
{
  GtkWidget *page = g_object_ref_sink (iri_inspector_diagnostics_page_new ());
  GtkWidget *list = widget_test_find (page, GTK_TYPE_LIST_BOX);
  GtkListBoxRow *first, *second;
  guint64 span[2] = { 0, 0 };
  g_autoptr(IriAnalysis) after = iri_analyze (AFTER, -1);
  g_autoptr(GListModel) findings = iri_analysis_get_diagnostics (after);
  g_autoptr(IriDiagnostic) moved = g_list_model_get_item (findings, 1);

  g_signal_connect (page, "highlight", G_CALLBACK (highlight_cb), span);
  g_assert_nonnull (list);
  g_assert_cmpuint (g_list_model_get_n_items (findings), ==, 2);

  set_text (page, BEFORE);
  first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  second = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1);
  g_assert_nonnull (first);
  g_assert_nonnull (second);
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2));

  /* The first finding is made again, the second keeps its row.  The old
   * row is held, or its memory could be the new row's and compare
   * equal. */
  g_object_ref (first);
  set_text (page, AFTER);
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0) != first);
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1) == second);
  g_object_unref (first);
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2));
  /* …and highlights where the finding is now. */
  g_signal_emit_by_name (list, "row-activated", second);
  g_assert_cmpuint (span[0], ==, iri_diagnostic_get_start (moved));
  g_assert_cmpuint (span[1], ==, iri_diagnostic_get_end (moved));

  /* Nothing changes: every row stays. */
  first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  set_text (page, FRAGMENT);
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0) == first);
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1) == second);

  /* No findings, then all of them again. */
  set_text (page, "https://example.com/");
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  set_text (page, BEFORE);
  g_assert_nonnull (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2));
  iri_inspector_diagnostics_page_set_analysis (IRI_INSPECTOR_DIAGNOSTICS_PAGE (page), NULL);
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));

  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/app/diagnostics-page/keystrokes", test_keystrokes);
  return g_test_run ();
}
