/* iri-gtk-test-util.c: helpers for the widget tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iri-gtk-test-util.h"

gboolean
iri_gtk_test_init (int    *argc,
                   char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      /* TAP: a plan of no tests, with the reason. */
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return FALSE;
    }
  return TRUE;
}

static void
example_free (gpointer data)
{
  IriGtkTestExample *example = data;

  g_free (example->example);
  g_free (example->notation);
  g_free (example->logical);
  g_free (example->embed);
  g_free (example->isolate);
  g_free (example->findings);
  g_free (example);
}

GPtrArray *
iri_gtk_test_load_examples (void)
{
  const char *dir = g_getenv ("IRI_TEST_DATA_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (example_free);
  gboolean header = TRUE;

  if (dir != NULL)
    path = g_build_filename (dir, "bidi", "rfc3987bis-examples.tsv", NULL);
  else
    path = g_test_build_filename (G_TEST_DIST, "data", "bidi", "rfc3987bis-examples.tsv", NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint k = 0; lines[k] != NULL; k++)
    {
      g_auto(GStrv) fields = NULL;
      IriGtkTestExample *example;

      if (lines[k][0] == '#' || lines[k][0] == '\0')
        continue;
      if (header)
        {
          header = FALSE;
          continue;
        }
      fields = g_strsplit (lines[k], "\t", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      example = g_new0 (IriGtkTestExample, 1);
      example->example = g_strdup (fields[0]);
      example->notation = g_strdup (fields[1]);
      example->logical = g_strdup (fields[2]);
      example->embed = g_strdup (fields[3]);
      example->isolate = g_strdup (fields[4]);
      example->findings = g_strdup (fields[5]);
      g_ptr_array_add (rows, example);
    }
  g_assert_cmpuint (rows->len, ==, 22);
  return rows;
}

static gboolean
timeout_cb (gpointer data)
{
  gboolean *done = data;

  *done = TRUE;
  return G_SOURCE_REMOVE;
}

void
iri_gtk_test_wait (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

GtkWidget *
iri_gtk_test_window_new (GtkWidget        *child,
                         GtkTextDirection  direction)
{
  GtkWidget *window = gtk_window_new ();

  gtk_widget_set_direction (window, direction);
  gtk_widget_set_direction (child, direction);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, -1);
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < 100 && !gtk_widget_get_mapped (child); k++)
    iri_gtk_test_wait (10);
  iri_gtk_test_wait (50);
  g_assert_true (gtk_widget_get_mapped (child));
  return window;
}

static gboolean
press_in (GtkWidget  *widget,
          const char *accel)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  GdkModifierType modifiers;
  guint keyval;

  g_assert_true (gtk_accelerator_parse (accel, &keyval, &modifiers));

  for (guint k = 0; k < g_list_model_get_n_items (controllers); k++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, k);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)); s++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                 widget, gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

gboolean
iri_gtk_test_press (GtkWidget  *widget,
                    const char *accel)
{
  /* The bindings are the inner text widget's. */
  if (IRI_GTK_IS_ENTRY (widget) || IRI_GTK_IS_VIEW (widget))
    widget = GTK_WIDGET (iri_gtk_test_get_text (widget));
  return press_in (widget, accel);
}

typedef struct {
  char     *text;
  gboolean  done;
} ReadData;

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  ReadData *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

char *
iri_gtk_test_read_clipboard (GdkClipboard *clipboard)
{
  ReadData read = { NULL, FALSE };

  gdk_clipboard_read_text_async (clipboard, NULL, read_cb, &read);
  while (!read.done)
    g_main_context_iteration (NULL, TRUE);
  return read.text;
}

typedef struct {
  gsize position;
  int   x;
} Placed;

static int
compare_placed (gconstpointer a,
                gconstpointer b)
{
  const Placed *pa = a, *pb = b;

  return pa->x < pb->x ? -1 : pa->x > pb->x ? 1 : 0;
}

gsize *
iri_gtk_test_screen_order (IriGtkText *text,
                           gsize      *n_chars)
{
  PangoLayout *layout = iri_gtk_text_get_layout (text);
  const char *logical = iri_gtk_text_get_text (text);
  gsize n = g_utf8_strlen (logical, -1);
  g_autofree Placed *placed = g_new0 (Placed, n + 1);
  gsize *order = g_new0 (gsize, n + 1);

  for (gsize i = 0; i < n; i++)
    {
      PangoRectangle rect;

      pango_layout_index_to_pos (layout, iri_gtk_text_position_to_index (text, i), &rect);
      /* A right-to-left character has a negative width: its left edge is
       * x + width. */
      placed[i].position = i;
      placed[i].x = MIN (rect.x, rect.x + rect.width);
    }
  qsort (placed, n, sizeof (Placed), compare_placed);
  for (gsize v = 0; v < n; v++)
    order[v] = placed[v].position;
  *n_chars = n;
  return order;
}

IriGtkText *
iri_gtk_test_get_text (GtkWidget *widget)
{
  if (IRI_GTK_IS_ENTRY (widget))
    return IRI_GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (widget)));
  if (IRI_GTK_IS_VIEW (widget))
    return IRI_GTK_TEXT (gtk_widget_get_first_child (widget));
  return IRI_GTK_TEXT (widget);
}
