/* test-diagnostics-page.c: the Findings page across keystrokes
 *
 * The page's sources are built into this test, as into the app.  A
 * keystroke changes only the rows of the findings it changed: a finding
 * that reads the same keeps its row (no widget made again) wherever it
 * moved, a finding that reads otherwise is shown in the row that was
 * there, and activating a row highlights the finding's span in the
 * current analysis, not where it was when the row was made.
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

/* Three path segments that mix directions, one finding each; then a
 * fourth typed between the first two, and a letter changed in the last:
 * a finding is inserted before one that moves and one that changes. */
#define THREE "https://example.com/abc\327\220/x/def\327\221/y/klm\327\222"
#define FOUR  "https://example.com/abc\327\220/x/ghi\327\222/def\327\221/y/klm\327\223"

static void
highlight_cb (GtkWidget *page,
              guint64    start,
              guint64    end,
              guint64   *span)
{
  span[0] = start;
  span[1] = end;
}

static gboolean
is_label_with_text (GtkWidget     *widget,
                    gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text);
}

/* Whether @row shows the message of @diagnostic. */
static gboolean
row_shows (GtkListBoxRow *row,
           IriDiagnostic *diagnostic)
{
  g_autofree char *message = iri_diagnostic_dup_display_message (diagnostic);

  return widget_test_find_if (GTK_WIDGET (row), FALSE, is_label_with_text, message) != NULL;
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
  g_autoptr(IriDiagnostic) changed = g_list_model_get_item (findings, 0);
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

  /* The first finding now reads otherwise: its row shows the new
   * message.  The second keeps its row. */
  g_assert_false (row_shows (first, changed));
  set_text (page, AFTER);
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0) == first);
  g_assert_true (row_shows (first, changed));
  g_assert_true (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1) == second);
  g_assert_true (row_shows (second, moved));
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

static void
test_moved (void)
{
  GtkWidget *page = g_object_ref_sink (iri_inspector_diagnostics_page_new ());
  GtkListBox *list = GTK_LIST_BOX (widget_test_find (page, GTK_TYPE_LIST_BOX));
  g_autoptr(IriAnalysis) four = iri_analyze (FOUR, -1);
  g_autoptr(GListModel) findings = iri_analysis_get_diagnostics (four);
  GtkListBoxRow *rows[3];
  GtkListBoxRow *inserted;

  g_test_summary ("A finding inserted before others keeps their rows: the one that "
                  "reads the same and the one that changed alike");
  g_assert_cmpuint (g_list_model_get_n_items (findings), ==, 4);

  set_text (page, THREE);
  for (int i = 0; i < 3; i++)
    rows[i] = gtk_list_box_get_row_at_index (list, i);
  g_assert_null (gtk_list_box_get_row_at_index (list, 3));

  set_text (page, FOUR);
  inserted = gtk_list_box_get_row_at_index (list, 1);
  g_assert_true (gtk_list_box_get_row_at_index (list, 0) == rows[0]);
  g_assert_true (inserted != rows[0] && inserted != rows[1] && inserted != rows[2]);
  g_assert_true (gtk_list_box_get_row_at_index (list, 2) == rows[1]);
  g_assert_true (gtk_list_box_get_row_at_index (list, 3) == rows[2]);
  g_assert_null (gtk_list_box_get_row_at_index (list, 4));
  for (int i = 0; i < 4; i++)
    {
      g_autoptr(IriDiagnostic) finding = g_list_model_get_item (findings, i);

      g_assert_true (row_shows (gtk_list_box_get_row_at_index (list, i), finding));
    }

  /* And back: the inserted row goes, the others stay. */
  set_text (page, THREE);
  for (int i = 0; i < 3; i++)
    g_assert_true (gtk_list_box_get_row_at_index (list, i) == rows[i]);
  g_assert_null (gtk_list_box_get_row_at_index (list, 3));

  g_assert_finalize_object (page);
}

/* An IRI with a path segment that mixes directions @n times, each
 * with other Latin letters and @letter: a finding each. */
static char *
many_findings (guint       n,
               const char *letter)
{
  GString *s = g_string_new ("https://example.com");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "/w%c%c%s/x", 'a' + i % 26, 'a' + i / 26, letter);
  return g_string_free (s, FALSE);
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, (int) n) != NULL)
    n++;
  return n;
}

/* Runs the main loop until @list has more rows than @n, or nothing is
 * left to do. */
static void
wait_for_more_rows (GtkListBox *list,
                    guint       n)
{
  for (int i = 0; i < 1000 && count_rows (list) <= n; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_many (void)
{
  GtkWidget *page = g_object_ref_sink (iri_inspector_diagnostics_page_new ());
  GtkListBox *list = GTK_LIST_BOX (widget_test_find (page, GTK_TYPE_LIST_BOX));
  g_autofree char *first_text = many_findings (60, "\327\220");
  g_autofree char *second_text = many_findings (50, "\327\221");
  g_autoptr(IriAnalysis) first = iri_analyze (first_text, -1);
  g_autoptr(IriAnalysis) second = iri_analyze (second_text, -1);
  g_autoptr(GListModel) findings = iri_analysis_get_diagnostics (second);
  guint n_first = iri_analysis_get_n_diagnostics (first);
  guint n_second = g_list_model_get_n_items (findings);
  guint made;

  g_test_summary ("A long list of findings is made a few rows at a time after the first "
                  "that fill the page, across keystrokes, and ends complete and in order");
  g_assert_cmpuint (n_first, >=, 60);
  g_assert_cmpuint (n_second, >=, 50);

  iri_inspector_diagnostics_page_set_analysis (IRI_INSPECTOR_DIAGNOSTICS_PAGE (page), first);
  made = count_rows (list);
  g_assert_cmpuint (made, >, 0);
  g_assert_cmpuint (made, <, n_first);
  wait_for_more_rows (list, made);
  g_assert_cmpuint (count_rows (list), >, made);

  /* Another IRI before the list is complete: its findings take the
   * rows made, and the rest follow. */
  made = count_rows (list);
  iri_inspector_diagnostics_page_set_analysis (IRI_INSPECTOR_DIAGNOSTICS_PAGE (page), second);
  g_assert_cmpuint (count_rows (list), ==, made);
  while (count_rows (list) < n_second)
    {
      made = count_rows (list);
      wait_for_more_rows (list, made);
      g_assert_cmpuint (count_rows (list), >, made);
    }
  g_assert_cmpuint (count_rows (list), ==, n_second);
  for (guint i = 0; i < n_second; i++)
    {
      g_autoptr(IriDiagnostic) finding = g_list_model_get_item (findings, i);

      g_assert_true (row_shows (gtk_list_box_get_row_at_index (list, (int) i), finding));
    }

  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/app/diagnostics-page/keystrokes", test_keystrokes);
  g_test_add_func ("/app/diagnostics-page/moved", test_moved);
  g_test_add_func ("/app/diagnostics-page/many", test_many);
  return g_test_run ();
}
