/* test-steps.c: the Steps page of IRI Inspector
 *
 * The bidi algorithm step by step for the text of the address field
 * (issue 15): a character selected in the picture is selected in the
 * address field, in the table and in the picture, and explained; the
 * page follows typing; an example opens in it.  And the Examples page
 * builds an example's explanation only when its row is expanded.  The
 * window is made in process, with the app's sources built into the test.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <iri-gtk.h>

#include "app-test-util.h"
#include "iri-inspector-diagram.h"
#include "iri-inspector-examples-page.h"
#include "iri-inspector-steps-page.h"

/* "http://ab.אב/": the Hebrew label is reversed in the display. */
#define TEXT "http://ab.\327\220\327\221/"

static GtkWidget *
page_of (IriInspectorWindow *window,
         const char         *name)
{
  GtkWidget *stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);

  return adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), name);
}

/* Until the window has brought its pages up to date: a text set from
 * outside is two changes (deletion, insertion) close together, which the
 * window takes for a burst and follows after a pause. */
static void
wait_up_to_date (IriInspectorWindow *window)
{
  for (guint k = 0; k < 500 && !iri_inspector_window_is_up_to_date (window); k++)
    app_test_wait (10);
  g_assert_true (iri_inspector_window_is_up_to_date (window));
}

static gboolean
label_contains (GtkWidget  *widget,
                const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_text (GTK_LABEL (child)), text) != NULL)
        return TRUE;
      if (label_contains (child, text))
        return TRUE;
    }
  return FALSE;
}

static void
test_selection (void)
{
  IriInspectorWindow *window = app_test_window_new (TEXT);
  GtkWidget *page, *diagram, *entry;
  IriBidiTrace *trace;
  int start, end;

  g_test_summary ("A character selected in the picture is selected in the address field, "
                  "outlined in the picture, and explained; typing keeps the page live");

  app_test_show_page (window, "steps");
  page = page_of (window, "steps");
  diagram = widget_test_find (page, IRI_INSPECTOR_TYPE_DIAGRAM);
  entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
  trace = iri_inspector_steps_page_get_trace (IRI_INSPECTOR_STEPS_PAGE (page));
  g_assert_nonnull (trace);
  g_assert_cmpuint (iri_bidi_trace_get_n_chars (trace), ==, 13);
  g_assert_true (iri_inspector_diagram_get_trace (IRI_INSPECTOR_DIAGRAM (diagram)) == trace);
  /* א, stored at 10, is displayed at 11. */
  g_assert_cmpuint (iri_bidi_trace_logical_to_visual (trace, 10), ==, 11);

  /* A click on א's box. */
  g_signal_emit_by_name (diagram, "char-activated", 10u);
  app_test_wait (20);
  g_assert_cmpint (iri_inspector_steps_page_get_selected (IRI_INSPECTOR_STEPS_PAGE (page)), ==, 10);
  g_assert_cmpint (iri_inspector_diagram_get_selected (IRI_INSPECTOR_DIAGRAM (diagram)), ==, 10);
  g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
  g_assert_cmpint (start, ==, 10);
  g_assert_cmpint (end, ==, 11);
  g_assert_true (label_contains (page, "Character 10, \342\200\234\327\220\342\200\235 (U+05D0), class R."));
  g_assert_true (label_contains (page, "Levels: 0 after X1\342\200\223X10, 1 after I1\342\200\223I2, 1 on the line; "
                                       "displayed at position 11."));

  /* The arrow keys in the table: down to the row of L2, where א was
   * reversed at level 1; up one, to L1, which left it alone. */
  {
    GtkWidget *table = NULL;
    GtkEventController *keys = NULL;
    g_autoptr(GListModel) controllers = NULL;

    table = gtk_widget_get_next_sibling (diagram);
    g_assert_cmpstr (G_OBJECT_TYPE_NAME (table), ==, "StepsTable");
    controllers = gtk_widget_observe_controllers (table);
    for (guint k = 0; k < g_list_model_get_n_items (controllers); k++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, k);

        if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
          keys = GTK_EVENT_CONTROLLER (controller);
      }
    g_assert_nonnull (keys);
    for (int k = 0; k < 17; k++)
      {
        gboolean handled = FALSE;

        g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Down, 0, 0, &handled);
        g_assert_true (handled);
      }
    g_assert_true (label_contains (page, "L2 reversed it at levels 1; it is displayed at position 11."));
    {
      gboolean handled = FALSE;

      g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Up, 0, 0, &handled);
    }
    g_assert_true (label_contains (page, "L1: "));
    g_assert_true (label_contains (page, "This step did not change it."));
    /* Right: the next character, in stored order, in the field too. */
    {
      gboolean handled = FALSE;

      g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Right, 0, 0, &handled);
    }
    g_assert_cmpint (iri_inspector_steps_page_get_selected (IRI_INSPECTOR_STEPS_PAGE (page)), ==, 11);
    g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
    g_assert_cmpint (start, ==, 11);
  }

  /* Typing: the page follows the text; the selection stays on index 11. */
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  {
    int position = gtk_editable_get_position (GTK_EDITABLE (entry));

    gtk_editable_insert_text (GTK_EDITABLE (entry), "x", 1, &position);
  }
  wait_up_to_date (window);
  trace = iri_inspector_steps_page_get_trace (IRI_INSPECTOR_STEPS_PAGE (page));
  g_assert_cmpuint (iri_bidi_trace_get_n_chars (trace), ==, 14);
  g_assert_cmpint (iri_inspector_steps_page_get_selected (IRI_INSPECTOR_STEPS_PAGE (page)), ==, 11);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_paragraph (void)
{
  IriInspectorWindow *window = app_test_window_new (TEXT);
  GtkWidget *page, *toggle = NULL;
  IriBidiTrace *trace;

  g_test_summary ("The right-to-left paragraph shows the IRI without the embedding of §4.1");

  app_test_show_page (window, "steps");
  page = page_of (window, "steps");
  trace = iri_inspector_steps_page_get_trace (IRI_INSPECTOR_STEPS_PAGE (page));
  g_assert_cmpuint (iri_bidi_trace_get_paragraph_level (trace), ==, 0);
  for (GtkWidget *w = widget_test_find (page, GTK_TYPE_TOGGLE_BUTTON); w != NULL; w = gtk_widget_get_next_sibling (w))
    toggle = w;
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  trace = iri_inspector_steps_page_get_trace (IRI_INSPECTOR_STEPS_PAGE (page));
  g_assert_cmpuint (iri_bidi_trace_get_paragraph_level (trace), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_example (void)
{
  IriInspectorWindow *window = app_test_window_new (TEXT);
  GtkWidget *stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  GtkWidget *entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);

  g_test_summary ("An example opens in the Steps page, loaded into the address field");

  app_test_show_page (window, "examples");
  g_signal_emit_by_name (page_of (window, "examples"), "steps", "http://ab.\327\222\327\223.ij/", IRI_NOTATION_NONE);
  wait_up_to_date (window);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (stack)), ==, "steps");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://ab.\327\222\327\223.ij/");
  g_assert_cmpuint (iri_bidi_trace_get_n_chars (iri_inspector_steps_page_get_trace (
                      IRI_INSPECTOR_STEPS_PAGE (page_of (window, "steps")))), ==, 16);

  /* In Bidi Notation: the capitals are read as Hebrew letters. */
  g_signal_emit_by_name (page_of (window, "examples"), "steps", "http://ab.CD.ij/", IRI_NOTATION_HEBREW);
  wait_up_to_date (window);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://ab.CD.ij/");
  {
    IriBidiTrace *trace = iri_inspector_steps_page_get_trace (IRI_INSPECTOR_STEPS_PAGE (page_of (window, "steps")));

    g_assert_cmpint (iri_bidi_trace_get_class (trace, IRI_BIDI_STEP_CLASSES, 10), ==, IRI_BIDI_CLASS_R);
    g_assert_cmpuint (iri_bidi_trace_logical_to_visual (trace, 10), ==, 11);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
count_widgets (GtkWidget *widget,
               GType      type)
{
  guint n = g_type_is_a (G_OBJECT_TYPE (widget), type) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_widgets (child, type);
  return n;
}

/* The example rows of the page, in order. */
static GPtrArray *
example_rows (GtkWidget *page)
{
  GPtrArray *rows = g_ptr_array_new ();
  GtkWidget *list = widget_test_find (page, GTK_TYPE_LIST_BOX);

  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (ADW_IS_EXPANDER_ROW (child))
        g_ptr_array_add (rows, child);
    }
  return rows;
}

static void
test_example_content (void)
{
  IriInspectorWindow *window = app_test_window_new (TEXT);
  GtkWidget *page;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) rebuilt = NULL;
  GtkWidget *first, *second;
  GtkWidget *hebrew = NULL;

  g_test_summary ("An example's explanation is built when its row is first expanded, "
                  "and an expanded row keeps it when the notation changes");

  app_test_show_page (window, "examples");
  page = page_of (window, "examples");
  rows = example_rows (page);
  g_assert_cmpuint (rows->len, >=, 11);
  /* Collapsed, nothing is built: no diagram, no laid-out IRI. */
  g_assert_cmpuint (count_widgets (page, IRI_INSPECTOR_TYPE_DIAGRAM), ==, 0);

  /* §4.4 Example 1: its stored order, its displays, why. */
  first = g_ptr_array_index (rows, 0);
  second = g_ptr_array_index (rows, 1);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (first), TRUE);
  g_assert_cmpuint (count_widgets (first, IRI_INSPECTOR_TYPE_DIAGRAM), ==, 1);
  g_assert_cmpuint (count_widgets (first, GTK_TYPE_LABEL), >, 3);
  g_assert_true (label_contains (first, "Logical order"));
  g_assert_cmpuint (count_widgets (second, IRI_INSPECTOR_TYPE_DIAGRAM), ==, 0);
  /* Collapsed and expanded again: built once. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (first), FALSE);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (first), TRUE);
  g_assert_cmpuint (count_widgets (first, IRI_INSPECTOR_TYPE_DIAGRAM), ==, 1);

  /* With Hebrew letters the rows are made again: the open one is open
   * and explained, the others are not built. */
  for (GtkWidget *w = widget_test_find (page, GTK_TYPE_TOGGLE_BUTTON); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (w), "notation")) == 1)
        hebrew = w;
    }
  g_assert_nonnull (hebrew);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hebrew), TRUE);
  app_test_wait (20);
  rebuilt = example_rows (page);
  g_assert_cmpuint (rebuilt->len, ==, rows->len);
  g_assert_true (adw_expander_row_get_expanded (g_ptr_array_index (rebuilt, 0)));
  g_assert_cmpuint (count_widgets (g_ptr_array_index (rebuilt, 0), IRI_INSPECTOR_TYPE_DIAGRAM), ==, 1);
  g_assert_cmpuint (count_widgets (page, IRI_INSPECTOR_TYPE_DIAGRAM), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/steps/selection", test_selection);
  g_test_add_func ("/app/steps/paragraph", test_paragraph);
  g_test_add_func ("/app/steps/example", test_example);
  g_test_add_func ("/app/examples/content-on-expand", test_example_content);
  return g_test_run ();
}
