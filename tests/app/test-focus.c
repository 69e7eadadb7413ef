/* test-focus.c: the keyboard and accessible names in the IRI Inspector
 * window
 *
 * The app's sources are built into this test, as into the app, and the
 * window is made in process.  Tab is pressed by emitting the window's
 * "move-focus" keybinding signal (what GTK's Tab binding does) and the
 * focus is read back with gtk_window_get_focus() after each move.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <iri-gtk.h>

#include "app-test-util.h"

/* §4.4 Example 5 with Hebrew letters: findings to list. */
#define TEST_IRI "http://ab.cd.\327\224\327\225/\327\226\327\227/ij/kl.html"

static IriInspectorWindow *
new_window (void)
{
  return app_test_window_new (TEST_IRI);
}

static gboolean
is_icon_only (GtkWidget *button)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  return child != NULL && (GTK_IS_IMAGE (child) || widget_test_find (child, GTK_TYPE_LABEL) == NULL);
}

/* Every button on screen that shows only an icon has a name: a label
 * property, or a labelled-by relation (the inner button of a
 * GtkMenuButton is labelled by the menu button). */
static void
check_button_names (GtkWidget *widget,
                    guint     *n_checked)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_focusable (widget) && is_icon_only (widget))
    {
      GtkWidget *named = widget;

      if (GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
        named = gtk_widget_get_parent (widget);
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (named), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("an icon-only %s (%s) has no accessible name", G_OBJECT_TYPE_NAME (widget),
                 gtk_widget_get_tooltip_text (widget) != NULL ? gtk_widget_get_tooltip_text (widget) : "no tooltip");
      (*n_checked)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_button_names (child, n_checked);
}

/* Every list, table and focusable row on screen has a name, not its
 * type's or none. */
static void
check_list_names (GtkWidget *widget,
                  guint     *n_checked)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  /* (Not the lists inside libadwaita's rows, which name their rows.) */
  if ((GTK_IS_LIST_BOX (widget) || GTK_IS_LIST_VIEW (widget) || GTK_IS_COLUMN_VIEW (widget) ||
       (GTK_IS_LIST_BOX_ROW (widget) && !ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_focusable (widget))) &&
      gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW) == NULL)
    {
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) &&
          !gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
        g_error ("a %s in %s has no accessible name", G_OBJECT_TYPE_NAME (widget),
                 G_OBJECT_TYPE_NAME (gtk_widget_get_ancestor (widget, ADW_TYPE_BIN)));
      (*n_checked)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_list_names (child, n_checked);
}

static void
collect_inspect_buttons (GtkWidget *widget,
                         GPtrArray *buttons)
{
  if (GTK_IS_BUTTON (widget) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget))) &&
      g_str_equal (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), "Inspect"))
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_inspect_buttons (child, buttons);
}

/* The lists and tables of every page, the header bar's icon buttons and
 * every Inspect button have real names; an example's Inspect button
 * says which example. */
static void
test_names (void)
{
  IriInspectorWindow *window = new_window ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  static const char * const pages[] = { "units", "diagnostics", "uri", "characters", "compare", "examples" };
  guint n_checked = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (pages); k++)
    {
      guint n_lists = 0;

      app_test_show_page (window, pages[k]);
      check_list_names (GTK_WIDGET (window), &n_lists);
      g_assert_cmpuint (n_lists, >, 0);
    }
  app_test_show_page (window, "examples");
  check_button_names (GTK_WIDGET (window), &n_checked);
  /* Open, copy, main menu (and the entry's copy button). */
  g_assert_cmpuint (n_checked, >=, 3);

  collect_inspect_buttons (GTK_WIDGET (window), buttons);
  /* The URI page's and one per example. */
  g_assert_cmpuint (buttons->len, >, 10);
  for (guint k = 0; k < buttons->len; k++)
    {
      GtkAccessible *button = g_ptr_array_index (buttons, k);

      g_assert_true (gtk_test_accessible_has_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL));
      g_assert_false (gtk_test_accessible_has_relation (button, GTK_ACCESSIBLE_RELATION_LABELLED_BY));
    }
  gtk_test_accessible_assert_property (g_ptr_array_index (buttons, buttons->len - 1), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Inspect example 19: "
                                       "A URI converted for reading keeps the override encoded");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
press_tab (IriInspectorWindow *window,
           GtkDirectionType    direction)
{
  g_signal_emit_by_name (window, "move-focus", direction);
  app_test_wait (5);
}

static gboolean
is_inside (GtkWidget *widget,
           GtkWidget *ancestor)
{
  return widget != NULL && ancestor != NULL && (widget == ancestor || gtk_widget_is_ancestor (widget, ancestor));
}

static gboolean
is_inspect_button (GtkWidget *widget)
{
  GtkWidget *child;

  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  child = gtk_button_get_child (GTK_BUTTON (widget));
  return GTK_IS_LABEL (child) && g_str_equal (gtk_label_get_text (GTK_LABEL (child)), "Inspect");
}

typedef struct {
  const char *name;
  const char *page;
  const char *convert;                      /* typed in the URI page's converter */
  gboolean  (*match) (GtkWidget *widget);   /* NULL: any control */
  const char *what;
} PageCase;

static gboolean
is_text (GtkWidget *widget)
{
  return GTK_IS_TEXT (widget);
}

static gboolean
is_iri_field (GtkWidget *widget)
{
  return gtk_widget_get_ancestor (widget, IRI_GTK_TYPE_ENTRY) != NULL;
}

static gboolean
is_steps_table (GtkWidget *widget)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "StepsTable");
}

static const PageCase page_cases[] = {
  { "units", "units", NULL, NULL, "a control of the Units page" },
  { "diagnostics", "diagnostics", NULL, NULL, "a row of the findings list" },
  { "uri", "uri", NULL, is_text, "the URI page's URI field" },
  /* With a URI converted, its Inspect button is enabled. */
  { "uri-inspect", "uri", "http://xn--9dbne9b.example/", is_inspect_button, "the URI page's Inspect button" },
  { "characters", "characters", NULL, NULL, "a control of the Characters page" },
  { "compare", "compare", NULL, is_iri_field, "the Compare field" },
  { "examples", "examples", NULL, is_inspect_button, "an Inspect button of the Examples page" },
  { "steps", "steps", NULL, is_steps_table, "the table of the Steps page" },
};

/* Tab from the address field through the whole window and back to the
 * field, with each page shown in turn: the header bar, the field and its
 * copy button, the page switcher, the page's controls (the findings
 * list, the Compare field, the Inspect buttons); no trap.  Then the
 * same with Shift+Tab. */
static void
test_tab_chain (gconstpointer data)
{
  const PageCase *c = data;
  IriInspectorWindow *window = new_window ();
  GtkWidget *stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  GtkWidget *entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
  GtkWidget *header_bar = widget_test_find (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  GtkWidget *page, *start;
  GtkDirectionType directions[] = { GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD };

  app_test_show_page (window, c->page);
  page = adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), c->page);
  g_assert_true (adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack)) == page);
  if (c->convert != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (widget_test_find (page, ADW_TYPE_ENTRY_ROW)), c->convert);
      app_test_wait (50);
    }

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    {
      gboolean back = FALSE, header = FALSE, copy = FALSE, switcher = FALSE, in_page = FALSE;
      guint steps;

      gtk_widget_grab_focus (entry);
      start = gtk_window_get_focus (GTK_WINDOW (window));
      g_assert_true (is_inside (start, entry));
      for (steps = 0; steps < 400 && !back; steps++)
        {
          GtkWidget *focus;

          press_tab (window, directions[d]);
          focus = gtk_window_get_focus (GTK_WINDOW (window));
          if (focus == NULL)
            continue;   /* wrapped past the end: the next Tab starts over */
          back = focus == start;
          header |= is_inside (focus, header_bar) && GTK_IS_BUTTON (focus) &&
                    gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER) == NULL;
          copy |= is_inside (focus, entry) && GTK_IS_BUTTON (focus);
          switcher |= gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER) != NULL;
          if (is_inside (focus, page))
            {
              if (g_str_equal (c->page, "diagnostics"))
                in_page |= GTK_IS_LIST_BOX_ROW (focus);
              else
                in_page |= c->match == NULL || c->match (focus);
            }
        }
      g_test_message ("%s, %s: %u steps", c->page, d == 0 ? "Tab" : "Shift+Tab", steps);
      g_assert_true (back);         /* no trap: the chain comes back */
      g_assert_true (header);       /* the header bar's buttons */
      g_assert_true (copy);         /* the entry's copy button */
      g_assert_true (switcher);     /* the page switcher */
      if (!in_page)
        g_error ("Tab never reached %s", c->what);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* F6 and Shift+F6 go from region to region: the address field, the page
 * switcher (its button of the page shown), the page, the header bar, and
 * back to the field. */
static void
test_regions (void)
{
  IriInspectorWindow *window = new_window ();
  GtkWidget *stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  GtkWidget *entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
  GtkWidget *header_bar = widget_test_find (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  GtkWidget *focus;

  app_test_show_page (window, "diagnostics");
  for (guint pass = 0; pass < 2; pass++)
    {
      enum { SWITCHER, PAGE, HEADER, FIELD };
      static const int forward[] = { SWITCHER, PAGE, HEADER, FIELD };
      static const int backward[] = { HEADER, PAGE, SWITCHER, FIELD };

      gtk_widget_grab_focus (entry);
      for (guint k = 0; k < G_N_ELEMENTS (forward); k++)
        {
          gtk_widget_activate_action (GTK_WIDGET (window), pass == 0 ? "win.next-region" : "win.previous-region",
                                      NULL);
          app_test_wait (5);
          focus = gtk_window_get_focus (GTK_WINDOW (window));
          g_assert_nonnull (focus);
          {
            g_autoptr(GString) path = g_string_new (NULL);

            for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
              g_string_prepend (path, G_OBJECT_TYPE_NAME (w)), g_string_prepend_c (path, '/');
            g_test_message ("%s %u: %s", pass == 0 ? "F6" : "Shift+F6", k, path->str);
          }
          switch (pass == 0 ? forward[k] : backward[k])
            {
            case SWITCHER:
              g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER));
              g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (focus)));
              break;
            case PAGE:
              g_assert_true (is_inside (focus, adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack))));
              break;
            case HEADER:
              g_assert_true (is_inside (focus, header_bar));
              g_assert_null (gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER));
              break;
            case FIELD:
            default:
              g_assert_true (is_inside (focus, entry));
              break;
            }
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The sidebar and whether it is shown: in an AdwOverlaySplitView with
 * libadwaita 1.4 and later, in an AdwFlap before (the window has one
 * template for each). */
static GtkWidget *
sidebar_of (GtkWidget *window)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_sidebar (ADW_OVERLAY_SPLIT_VIEW (widget_test_find (window, ADW_TYPE_OVERLAY_SPLIT_VIEW)));
#else
  /* The flap is in the window only while the sidebar is shown, and is
   * put back from an idle callback: NULL until then. */
  GtkWidget *flap = widget_test_find (window, ADW_TYPE_FLAP);

  return flap != NULL ? adw_flap_get_flap (ADW_FLAP (flap)) : NULL;
#endif
}

/* The sidebar once it is in the window and mapped (waiting for it up to
 * two seconds, since the window shows it from the main loop). */
static GtkWidget *
wait_for_sidebar (GtkWidget *window)
{
  GtkWidget *sidebar = sidebar_of (window);

  for (guint k = 0; k < 200 && (sidebar == NULL || !gtk_widget_get_mapped (sidebar)); k++)
    {
      app_test_wait (10);
      sidebar = sidebar_of (window);
    }
  g_assert_nonnull (sidebar);
  g_assert_true (gtk_widget_get_mapped (sidebar));
  return sidebar;
}

static gboolean
sidebar_shown (GtkWidget *window)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_show_sidebar (ADW_OVERLAY_SPLIT_VIEW (widget_test_find (window, ADW_TYPE_OVERLAY_SPLIT_VIEW)));
#else
  /* The flap is in the window only while the sidebar is shown. */
  GtkWidget *flap = widget_test_find (window, ADW_TYPE_FLAP);

  return flap != NULL && adw_flap_get_reveal_flap (ADW_FLAP (flap));
#endif
}

/* With the sidebar shown (links found in a pasted paragraph), F6 goes
 * through it too: field, switcher, page, sidebar, header bar, field. */
static void
test_regions_sidebar (void)
{
  IriInspectorWindow *window = new_window ();
  GtkWidget *entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
  GtkWidget *sidebar;
  GtkWidget *focus;

  iri_inspector_window_load (window, "See https://one.org/a and https://two.org/b for details.",
                             IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
  sidebar = wait_for_sidebar (GTK_WIDGET (window));
  app_test_wait (100);
  g_assert_true (sidebar_shown (GTK_WIDGET (window)));
  app_test_sidebar_beside (window);
  app_test_show_page (window, "diagnostics");

  gtk_widget_grab_focus (entry);
  g_assert_true (is_inside (gtk_window_get_focus (GTK_WINDOW (window)), entry));
  for (guint k = 0; k < 3; k++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.next-region", NULL);
      app_test_wait (5);
      focus = gtk_window_get_focus (GTK_WINDOW (window));
      g_test_message ("F6 %u: %s", k, focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "(none)");
      /* Switcher, page, sidebar. */
      if (k == 0)
        g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER));
      else if (k == 1)
        g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_STACK));
    }
  g_assert_true (is_inside (focus, sidebar));
  /* The row itself, which shows the focus ring; not the view in it,
   * which showed none. */
  g_assert_null (gtk_widget_get_ancestor (focus, IRI_GTK_TYPE_VIEW));
#if GTK_CHECK_VERSION (4, 12, 0)
  /* Named by its IRI, for a screen reader. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "https://one.org/a");
#endif
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-region", NULL);
  app_test_wait (5);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_false (is_inside (focus, sidebar));
  g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_STACK));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_css_name (GtkWidget     *widget,
              gconstpointer  name)
{
  return g_str_equal (gtk_widget_get_css_name (widget), name);
}

/* A toast is shown above the switcher bar of a narrow window, not over
 * it: there it hid the bar's page buttons, and the keyboard focus on
 * one of them, for as long as it was shown. */
static void
test_toast_above_switcher_bar (void)
{
  IriInspectorWindow *window = new_window ();
  GtkWidget *bar = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  GtkWidget *toast = NULL;
  graphene_rect_t toast_bounds, bar_bounds;

  /* The bar of a narrow window, whatever the width of this one. */
  adw_view_switcher_bar_set_reveal (ADW_VIEW_SWITCHER_BAR (bar), TRUE);
  app_test_wait (400);
  /* Several links: the list of IRIs, and a toast that says so. */
  iri_inspector_window_load (window, "See https://one.org/a and https://two.org/b for details.",
                             IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
  for (guint i = 0; i < 100 && toast == NULL; i++)
    {
      app_test_wait (20);
      toast = widget_test_find_if (GTK_WIDGET (window), TRUE, has_css_name, "toast");
    }
  g_assert_nonnull (toast);
  /* Its sliding in done. */
  app_test_wait (400);
  g_assert_true (gtk_widget_get_mapped (bar));

  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &toast_bounds));
  g_assert_true (gtk_widget_compute_bounds (bar, GTK_WIDGET (window), &bar_bounds));
  g_test_message ("toast y %g–%g, bar y %g–%g", toast_bounds.origin.y,
                  toast_bounds.origin.y + toast_bounds.size.height, bar_bounds.origin.y,
                  bar_bounds.origin.y + bar_bounds.size.height);
  g_assert_cmpfloat (bar_bounds.size.height, >, 0);
  g_assert_cmpfloat (toast_bounds.origin.y + toast_bounds.size.height, <=, bar_bounds.origin.y);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The sidebar hides and comes back with its toggle (F9), and the field
 * keeps the focus and the text.  With libadwaita 1.2 the AdwFlap that
 * holds the sidebar is in the window only while it is shown (it restyles
 * itself on every allocation, which cost two frames a keystroke). */
static void
test_sidebar_toggle (void)
{
  IriInspectorWindow *window = new_window ();
  GtkWidget *entry = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
  const char *text;

  iri_inspector_window_load (window, "See https://one.org/a and https://two.org/b for details.",
                             IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
  wait_for_sidebar (GTK_WIDGET (window));
  g_assert_true (sidebar_shown (GTK_WIDGET (window)));
  text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_assert_cmpstr (text, ==, "https://one.org/a");
  /* Beside the pages, as in a wide window: over them (a narrow window,
   * libadwaita 1.4 and later), the sidebar takes the focus when shown,
   * as an overlay should. */
  app_test_sidebar_beside (window);
  gtk_widget_grab_focus (entry);

  for (guint round = 0; round < 2; round++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL);
      app_test_wait (600);
      g_assert_false (sidebar_shown (GTK_WIDGET (window)));
#if !ADW_CHECK_VERSION (1, 4, 0)
      g_assert_null (widget_test_find (GTK_WIDGET (window), ADW_TYPE_FLAP));
#endif
      g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), entry));
      g_assert_true (gtk_widget_get_mapped (entry));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "https://one.org/a");

      gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL);
      app_test_wait (600);
      wait_for_sidebar (GTK_WIDGET (window));
      g_assert_true (sidebar_shown (GTK_WIDGET (window)));
      g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), entry));
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Going from page to page with a long IRI loaded (whose URI page holds
 * wrapping labels thousands of characters long), the window keeps its
 * size: the pages are not measured together (the stack is not
 * homogeneous, which made the first frame take seconds), and every page
 * fits the width and height the window has. */
static void
test_pages_same_size (void)
{
  g_autoptr(GString) iri = g_string_new ("https://www.\u05e9\u05dc\u05d5\u05dd.example/");
  IriInspectorWindow *window;
  int width, height;

  for (guint k = 0; g_utf8_strlen (iri->str, -1) < 2000; k++)
    g_string_append (iri, k % 3 == 0 ? "\u05d0\u05d1\u05d2/" : k % 3 == 1 ? "\u0627\u0628\u062a-abc/" : "path/");
  window = app_test_window_new (iri->str);
  app_test_show_page (window, "examples");
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  for (gsize i = 0; i < G_N_ELEMENTS (page_cases); i++)
    {
      app_test_show_page (window, page_cases[i].page);
      app_test_wait (50);
      g_test_message ("%s: %d×%d", page_cases[i].page, gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_height (GTK_WIDGET (window)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window (the app's iri-inspector-shortcuts.ui) lists the
 * keys of the regions and of the findings at the cursor.  It is read
 * with GtkBuilder here: GTK 4.8's shortcuts window warns about its own
 * layout ("reported min width -3") whatever it lists. */
static void
test_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/iri_inspector/IriInspector/iri-inspector-shortcuts.ui");
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  g_autoptr(GString) shortcuts = g_string_new (NULL);

  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *action = NULL;
      g_autofree char *accelerator = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "action-name", &action, "accelerator", &accelerator, NULL);
      g_string_append_printf (shortcuts, "[%s|%s]", action != NULL ? action : "", accelerator != NULL ? accelerator : "");
    }
  g_assert_nonnull (strstr (shortcuts->str, "[win.next-region|]"));
  g_assert_nonnull (strstr (shortcuts->str, "[win.previous-region|]"));
  g_assert_nonnull (strstr (shortcuts->str, "[win.show-shortcuts|]"));
  g_assert_nonnull (strstr (shortcuts->str, "[|<Control>F1]"));
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

/* The window starts without its shortcuts window, which Ctrl+? (the
 * application's accelerator for win.show-shortcuts) builds once and
 * shows, over the window, and shows again after it is closed. */
static void
test_shortcuts_on_demand (void)
{
  IriInspectorWindow *window = new_window ();
  GtkShortcutsWindow *shortcuts;
  GLogLevelFlags always_fatal;
  g_auto(GStrv) accels =
    gtk_application_get_accels_for_action (gtk_window_get_application (GTK_WINDOW (window)), "win.show-shortcuts");

  g_assert_cmpstrv (accels, ((const char *[]) { "<Control>question", NULL }));
  app_test_wait (50);
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

  /* GTK 4.8 warns while it lays the shortcuts window out (above); GTK
   * logs with g_log_structured(), which g_test_log_set_fatal_handler()
   * does not see, so warnings are not fatal while it is shown. */
  always_fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL));
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (shortcuts);
  app_test_wait (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shortcuts)) == GTK_WINDOW (window));

  gtk_window_close (GTK_WINDOW (shortcuts));
  app_test_wait (50);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL));
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) == shortcuts);
  app_test_wait (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  gtk_window_close (GTK_WINDOW (shortcuts));
  app_test_wait (50);
  g_log_set_always_fatal (always_fatal);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/accessible/names", test_names);
  for (gsize i = 0; i < G_N_ELEMENTS (page_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/focus/tab-chain/%s", page_cases[i].name);

      g_test_add_data_func (path, &page_cases[i], test_tab_chain);
    }
  g_test_add_func ("/app/focus/regions", test_regions);
  g_test_add_func ("/app/focus/sidebar-toggle", test_sidebar_toggle);
  g_test_add_func ("/app/pages/same-size", test_pages_same_size);
  g_test_add_func ("/app/focus/regions-sidebar", test_regions_sidebar);
  g_test_add_func ("/app/focus/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/app/focus/shortcuts-on-demand", test_shortcuts_on_demand);
  g_test_add_func ("/app/focus/toast-above-switcher-bar", test_toast_above_switcher_bar);
  return g_test_run ();
}
