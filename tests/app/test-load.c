/* test-load.c: what the IRI Inspector window puts in its address field
 * from outside keeps what the user typed
 *
 * Inspect (on the Examples page), a file opened, a paste of a URI and a
 * drop replace the text of the address field.  Each must be one step
 * of the field's undo history, so that Ctrl+Z brings back exactly what
 * was typed before it (issue 14: Ctrl+Z after Inspect emptied the
 * field), and Ctrl+Shift+Z brings the loaded text again.  And what is
 * typed reaches the renderings under the field.  The window is made in
 * process, with the app's sources built into the test.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <iri-gtk.h>

#include "app-test-util.h"

/* What the user types: a Hebrew host and path, in logical order. */
#define TYPED "https://\327\251\327\234\327\225\327\235.example/\327\220\327\221?q=1"

static GtkWidget *
entry_of (IriInspectorWindow *window)
{
  return widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_ENTRY);
}

/* Types @text into the field of @window, one character at a time at the
 * cursor, after emptying it, as the keyboard does through GtkEditable. */
static void
type_text (IriInspectorWindow *window,
           const char         *text)
{
  GtkWidget *entry = entry_of (window);

  gtk_widget_grab_focus (entry);
  gtk_editable_delete_text (GTK_EDITABLE (entry), 0, -1);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position = gtk_editable_get_position (GTK_EDITABLE (entry));

      gtk_editable_insert_text (GTK_EDITABLE (entry), p, g_utf8_next_char (p) - p, &position);
      gtk_editable_set_position (GTK_EDITABLE (entry), position);
    }
  app_test_wait (20);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
}

/* Ctrl+Z and Ctrl+Shift+Z: the actions the field binds them to, on the
 * widget that has the focus in it. */
static void
press (IriInspectorWindow *window,
       const char         *action)
{
  GtkWidget *entry = entry_of (window);
  GtkWidget *focus;

  gtk_widget_grab_focus (entry);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
  g_assert_true (gtk_widget_activate_action (focus, action, NULL));
  app_test_wait (20);
}

/* Waits until the field no longer holds @old, for what loads
 * asynchronously (a file, the clipboard). */
static void
wait_for_change (IriInspectorWindow *window,
                 const char         *old)
{
  GtkWidget *entry = entry_of (window);

  for (guint k = 0; k < 300 && g_str_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), old); k++)
    app_test_wait (10);
}

/* After a load that replaced TYPED: one Ctrl+Z gives TYPED back byte for
 * byte, Ctrl+Shift+Z the loaded text again. */
static void
check_undo (IriInspectorWindow *window)
{
  GtkWidget *entry = entry_of (window);
  g_autofree char *loaded = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));

  g_assert_cmpstr (loaded, !=, TYPED);
  g_assert_cmpstr (loaded, !=, "");
  press (window, "text.undo");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, TYPED);
  press (window, "text.redo");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, loaded);
  press (window, "text.undo");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, TYPED);
}

static gboolean
is_inspect_button (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "iri") != NULL;
}

static void
test_inspect (void)
{
  IriInspectorWindow *window = app_test_window_new ("");
  GtkWidget *stack, *button;

  type_text (window, TYPED);
  app_test_show_page (window, "examples");
  stack = widget_test_find (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  button = widget_test_find_if (adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), "examples"), FALSE,
                             is_inspect_button, NULL);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  app_test_wait (20);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==,
                   g_object_get_data (G_OBJECT (button), "iri"));
  check_undo (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_open (void)
{
  IriInspectorWindow *window = app_test_window_new ("");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  int fd;

  type_text (window, TYPED);
  fd = g_file_open_tmp ("iri-test-load-XXXXXX.txt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, "http://one.example/\nhttp://two.example/\n", -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  iri_inspector_window_open_file (window, file);
  wait_for_change (window, TYPED);
  /* The list of the file's lines is shown: beside the field. */
  app_test_sidebar_beside (window);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==, "http://one.example/");
  check_undo (window);

  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_tooltip_with (GtkWidget     *widget,
                  gconstpointer  data)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  return GTK_IS_IMAGE (widget) && tooltip != NULL && strstr (tooltip, data) != NULL;
}

/* A file's line that is not UTF-8 is listed and loaded with U+FFFD in
 * place of its bytes, and its row says what the bytes were, as iri
 * check does (an overlong "/" hides a path traversal); a line too long
 * to be drawn (Pango's coordinates end at about 2 million pixels) is
 * listed by its start and never put in the field, nor is such a text
 * from outside. */
static void
test_open_bad_lines (void)
{
  IriInspectorWindow *window = app_test_window_new ("");
  GtkWidget *entry = entry_of (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GString) contents = g_string_new ("http://a/\xC0\xAF\nhttp://x/");
  g_autoptr(GString) huge = g_string_new ("http://x/");
  int fd;

  for (guint i = 0; i < 70000; i++)
    g_string_append_c (contents, 'a');
  g_string_append (contents, "\nhttp://ok.example/\n");
  for (guint i = 0; i < 70000; i++)
    g_string_append_c (huge, 'b');

  type_text (window, TYPED);
  fd = g_file_open_tmp ("iri-test-load-XXXXXX.txt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, contents->str, contents->len, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  iri_inspector_window_open_file (window, file);
  wait_for_change (window, TYPED);
  app_test_wait (50);

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://a/\357\277\275\357\277\275");
  g_assert_nonnull (widget_test_find_if (GTK_WIDGET (window), TRUE, has_tooltip_with,
                                         "overlong encoding starting with 0xC0 at byte 9"));
  g_assert_nonnull (widget_test_find_if (GTK_WIDGET (window), TRUE, has_tooltip_with,
                                         "70009 characters long"));

  /* The long line is not loaded: the field keeps the line before. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-iri", NULL));
  app_test_wait (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://a/\357\277\275\357\277\275");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-iri", NULL));
  app_test_wait (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://ok.example/");

  iri_inspector_window_load (window, huge->str, IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
  iri_inspector_window_load (window, huge->str, IRI_INSPECTOR_LOAD_AS_GIVEN);
  app_test_wait (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "http://ok.example/");

  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_paste_uri (void)
{
  IriInspectorWindow *window = app_test_window_new ("");

  type_text (window, TYPED);
  /* A URI is shown as the IRI it stands for (§3.7). */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "http://example.org/%D7%90");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-uri", NULL));
  wait_for_change (window, TYPED);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==,
                   "http://example.org/\327\220");
  check_undo (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A drop, and anything else from outside, goes through
 * iri_inspector_window_load(): a paragraph with one link in it. */
static void
test_drop (void)
{
  IriInspectorWindow *window = app_test_window_new ("");

  type_text (window, TYPED);
  iri_inspector_window_load (window, "Read https://example.org/a today.", IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
  app_test_wait (20);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==, "https://example.org/a");
  check_undo (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the rendering under the field shows the field's text. */
static gboolean
view_follows (IriInspectorWindow *window)
{
  GtkWidget *entry = entry_of (window);
  GtkWidget *view = widget_test_find (GTK_WIDGET (window), IRI_GTK_TYPE_VIEW);

  return g_str_equal (iri_gtk_view_get_text (IRI_GTK_VIEW (view)),
                      gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* Waits until the rendering under the field shows the field's text,
 * @ms milliseconds at most; whether it does. */
static gboolean
wait_follows (IriInspectorWindow *window,
              guint               ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (!view_follows (window))
    {
      if (g_get_monotonic_time () >= end)
        return FALSE;
      app_test_wait (5);
    }
  return TRUE;
}

/* Types one character at the end, as a key would. */
static void
type_x (IriInspectorWindow *window)
{
  GtkWidget *entry = entry_of (window);
  int position = gtk_editable_get_position (GTK_EDITABLE (entry));

  gtk_editable_insert_text (GTK_EDITABLE (entry), "x", -1, &position);
  gtk_editable_set_position (GTK_EDITABLE (entry), position);
}

/* The renderings under the field and the page follow every keystroke
 * (RFC 3987bis §4.3): in the same frame when the last update was cheap,
 * right after the keystroke's frame when it was not, and once a burst
 * of keystrokes pauses, for the last one only, so that neither a slow
 * update nor a fast typist's keys hold up the next key.  Which update
 * is cheap and which keys are close depends on the machine: the test
 * sets the thresholds and the pause instead of timing anything. */
static void
test_renderings_follow (void)
{
  IriInspectorWindow *window = app_test_window_new (TYPED);
  const gint64 hour_us = 3600 * G_TIME_SPAN_SECOND;

  g_assert_true (view_follows (window));

  /* Every update cheap, no burst: each keystroke is followed before
   * its frame, which waiting could not do. */
  iri_inspector_window_set_update_timing (window, G_MAXINT64, 0, 3600 * 1000);
  for (guint k = 0; k < 3; k++)
    {
      type_x (window);
      g_assert_true (view_follows (window));
    }

  /* No update cheap: the renderings follow the keystroke's frame. */
  iri_inspector_window_set_update_timing (window, -1, 0, 3600 * 1000);
  for (guint k = 0; k < 3; k++)
    {
      type_x (window);
      g_assert_false (view_follows (window));
      g_assert_true (wait_follows (window, 10000));
    }

  /* Every keystroke in a burst: the renderings wait for the pause… */
  iri_inspector_window_set_update_timing (window, G_MAXINT64, hour_us, 3600 * 1000);
  type_x (window);
  g_assert_false (wait_follows (window, 300));
  /* …and follow once it has passed, for the last keystroke. */
  iri_inspector_window_set_update_timing (window, G_MAXINT64, hour_us, 50);
  type_x (window);
  g_assert_true (wait_follows (window, 10000));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/load/inspect-undo", test_inspect);
  g_test_add_func ("/app/load/open-undo", test_open);
  g_test_add_func ("/app/load/open-bad-lines", test_open_bad_lines);
  g_test_add_func ("/app/load/paste-uri-undo", test_paste_uri);
  g_test_add_func ("/app/load/drop-undo", test_drop);
  g_test_add_func ("/app/load/renderings-follow-keystroke", test_renderings_follow);
  return g_test_run ();
}
