/* test-compare-page.c: the Compare page's normalized forms
 *
 * The page's sources are built into this test, as into the app.  The
 * forms of both IRIs at each rung of the ladder are shown, each in its
 * own row, and a keystroke in either IRI sets their texts again without
 * making the rows anew.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <iri-gtk.h>

#include "widget-test-util.h"
#include "iri-inspector-compare-page.h"

static void
collect (GtkWidget  *widget,
         GType       type,
         GPtrArray  *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

/* Whether a visible label of @page shows @text, isolated (§4.1). */
static gboolean
shows (GtkWidget  *page,
       const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *isolated = g_strconcat ("\342\201\246", text, "\342\201\251", NULL);

  collect (page, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (g_str_equal (gtk_label_get_text (GTK_LABEL (label)), isolated) && gtk_widget_is_visible (label))
        return TRUE;
    }
  return FALSE;
}

static void
test_forms (void)
{
  GtkWidget *page = g_object_ref_sink (iri_inspector_compare_page_new ());
  g_autoptr(IriAnalysis) analysis = iri_analyze ("HTTP://Example.COM:80/a/../b", -1);
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows_after = g_ptr_array_new ();
  GtkWidget *other;

  collect (page, IRI_GTK_TYPE_ENTRY, entries);
  g_assert_cmpuint (entries->len, ==, 1);
  other = g_ptr_array_index (entries, 0);

  iri_inspector_compare_page_set_analysis (IRI_INSPECTOR_COMPARE_PAGE (page), analysis);
  gtk_editable_set_text (GTK_EDITABLE (other), "http://example.com/b");
  g_assert_true (shows (page, "http://example.com:80/b"));
  g_assert_true (shows (page, "http://example.com/b"));

  collect (page, GTK_TYPE_LIST_BOX_ROW, rows);
  gtk_editable_set_text (GTK_EDITABLE (other), "http://example.com/bc");
  g_assert_true (shows (page, "http://example.com/bc"));
  /* (The IRI above, scheme-normalized, is http://example.com/b.) */
  collect (page, GTK_TYPE_LIST_BOX_ROW, rows_after);
  g_assert_cmpuint (rows->len, ==, rows_after->len);
  for (guint i = 0; i < rows->len; i++)
    g_assert_true (g_ptr_array_index (rows, i) == g_ptr_array_index (rows_after, i));

  /* Not an IRI: no forms. */
  gtk_editable_set_text (GTK_EDITABLE (other), "http://[");
  g_assert_false (shows (page, "http://example.com:80/b"));

  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/app/compare-page/forms", test_forms);
  return g_test_run ();
}
