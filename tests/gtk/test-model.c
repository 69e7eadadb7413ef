/* test-model.c: 10 000 random edits against a plain string model
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "iri-gtk-test-util.h"

/* A model-based test: random inserts (Hebrew, Arabic, Latin, digits,
 * delimiters) at random positions, deletions, pastes through the
 * clipboard and the Ctrl+V binding (URIs among them, which convert-uris
 * turns into IRIs), undo and redo through their bindings.  The model is
 * a plain string with a stack of snapshots; after every edit the
 * widget's text must equal the model's, and its URI must equal
 * iri_to_uri() of the text.  The seed is GTest's (--seed to replay).
 * The entry is not in a window, so that no frame is drawn between
 * edits: the test is about the text, and stays fast. */

#define N_EDITS 10000
#define MAX_UNDO 200    /* as many steps as the widget keeps */
#define MAX_CHARS 80

static const char * const pieces[] = {
  /* Hebrew */
  "\327\220", "\327\221", "\327\222", "\327\251", "\327\234", "\327\225", "\327\235",
  /* Arabic, and an Arabic-Indic digit */
  "\330\247", "\330\250", "\330\265", "\331\201", "\330\255", "\330\251", "\331\242",
  /* Latin, digits */
  "a", "b", "c", "x", "y", "z", "A", "0", "1", "2", "9",
  /* delimiters and other URI characters */
  "/", ".", ":", "?", "#", "&", "=", "@", "[", "]", ";", "%", "-", "_", "~", "%41", "//",
  /* a combining mark, a bidi control, a space */
  "\314\201", "\342\200\256", " ",
};

static const char * const pasted_uris[] = {
  "http://xn--9dbne9b.example/%D7%A9%D7%9C%D7%95%D7%9D",
  "%D8%B5%D9%81%D8%AD%D8%A9",
  "https://example.org/a%E2%80%AEb",
  "file:///tmp/%D7%90.txt",
  "?q=%D7%90&r=1",
  "http://example.org/%FC",
};

typedef struct {
  GString   *text;
  GPtrArray *undo;   /* of char *, oldest first */
  GPtrArray *redo;
} Model;

static void
model_push (Model *model)
{
  g_ptr_array_add (model->undo, g_strdup (model->text->str));
  if (model->undo->len > MAX_UNDO)
    g_ptr_array_remove_index (model->undo, 0);
  g_ptr_array_set_size (model->redo, 0);
}

static gsize
byte_of (const char *text,
         gsize       position)
{
  return g_utf8_offset_to_pointer (text, position) - text;
}

static char *
random_piece_string (void)
{
  GString *s = g_string_new (NULL);
  int n = g_test_rand_int_range (1, 5);

  for (int k = 0; k < n; k++)
    g_string_append (s, pieces[g_test_rand_int_range (0, G_N_ELEMENTS (pieces))]);
  return g_string_free (s, FALSE);
}

/* What the widget inserts for a paste: the documented rule, with the
 * public API only. */
static char *
expected_paste (const char *text)
{
  g_autoptr(IriReference) reference = iri_reference_parse (text, -1, IRI_PARSE_URI, NULL);
  char *iri;

  if (reference == NULL)
    return g_strdup (text);
  iri = iri_uri_to_iri (text, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
  return iri != NULL ? iri : g_strdup (text);
}

static void
changed_cb (GtkEditable *editable,
            guint       *changed)
{
  (*changed)++;
}

static void
check (GtkWidget *entry,
       Model     *model,
       guint      step)
{
  const char *text = iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry));
  g_autofree char *uri = iri_to_uri (model->text->str, -1, IRI_HOST_MAPPING_UTS46, NULL);

  if (g_strcmp0 (text, model->text->str) != 0)
    g_error ("step %u: the widget has “%s”, the model “%s”", step, text, model->text->str);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, model->text->str);
  g_assert_cmpstr (iri_gtk_entry_get_uri (IRI_GTK_ENTRY (entry)), ==, uri);
}

static void
test_random_edits (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GdkClipboard *clipboard = gtk_widget_get_clipboard (entry);
  Model model = { g_string_new (NULL), g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free) };
  guint changed = 0;
  guint counts[5] = { 0 };
  gsize longest = 0;

  g_test_summary ("10 000 random edits: the widget's text and URI always match a plain string model");
  g_signal_connect (entry, "changed", G_CALLBACK (changed_cb), &changed);

  guint n_edits = g_getenv ("IRI_GTK_TEST_EDITS") != NULL ? atoi (g_getenv ("IRI_GTK_TEST_EDITS")) : N_EDITS;

  for (guint step = 0; step < n_edits; step++)
    {
      gsize n = g_utf8_strlen (model.text->str, -1);
      int op = g_test_rand_int_range (0, 100);

      /* Keep the text short enough to stay fast: delete more when it
       * grows. */
      if (n > MAX_CHARS && op < 45)
        op += 45;

      if (op < 40)
        {
          /* Insert at a random position (a programmatic edit: one undo
           * step of its own). */
          g_autofree char *piece = random_piece_string ();
          int at = g_test_rand_int_range (0, n + 1);
          int position = at;

          gtk_editable_insert_text (GTK_EDITABLE (entry), piece, -1, &position);
          g_assert_cmpint (position, ==, at + (int) g_utf8_strlen (piece, -1));
          model_push (&model);
          g_string_insert (model.text, byte_of (model.text->str, at), piece);
          counts[0]++;
        }
      else if (op < 65)
        {
          int start, end;

          if (n == 0)
            continue;
          /* Short deletions, and long ones when the text is long, so
           * that it stays around MAX_CHARS. */
          start = g_test_rand_int_range (0, n);
          end = g_test_rand_int_range (start + 1, MIN (n, (gsize) start + (n > MAX_CHARS ? n / 2 : 6)) + 1);
          gtk_editable_delete_text (GTK_EDITABLE (entry), start, end);
          model_push (&model);
          g_string_erase (model.text, byte_of (model.text->str, start),
                          byte_of (model.text->str, end) - byte_of (model.text->str, start));
          counts[1]++;
        }
      else if (op < 80)
        {
          /* Paste over a random selection, through the clipboard. */
          g_autofree char *pasted = g_test_rand_bit () ? g_strdup (pasted_uris[g_test_rand_int_range (0, G_N_ELEMENTS (pasted_uris))])
                                                       : random_piece_string ();
          g_autofree char *inserted = expected_paste (pasted);
          int start = g_test_rand_int_range (0, n + 1);
          int end = g_test_rand_int_range (start, MIN (n, (gsize) start + 4) + 1);
          guint before = changed;

          gtk_editable_select_region (GTK_EDITABLE (entry), start, end);
          gdk_clipboard_set_text (clipboard, pasted);
          g_assert_true (iri_gtk_test_press (entry, "<Control>v"));
          while (changed == before)
            g_main_context_iteration (NULL, TRUE);

          model_push (&model);
          g_string_erase (model.text, byte_of (model.text->str, start),
                          byte_of (model.text->str, end) - byte_of (model.text->str, start));
          g_string_insert (model.text, byte_of (model.text->str, start), inserted);
          counts[2]++;
        }
      else if (op < 92)
        {
          gboolean pressed = iri_gtk_test_press (entry, "<Control>z");

          g_assert_cmpint (pressed, ==, model.undo->len > 0);
          if (model.undo->len > 0)
            {
              g_ptr_array_add (model.redo, g_strdup (model.text->str));
              g_string_assign (model.text, g_ptr_array_index (model.undo, model.undo->len - 1));
              g_ptr_array_remove_index (model.undo, model.undo->len - 1);
            }
          counts[3]++;
        }
      else
        {
          gboolean pressed = iri_gtk_test_press (entry, "<Shift><Control>z");

          g_assert_cmpint (pressed, ==, model.redo->len > 0);
          if (model.redo->len > 0)
            {
              g_ptr_array_add (model.undo, g_strdup (model.text->str));
              g_string_assign (model.text, g_ptr_array_index (model.redo, model.redo->len - 1));
              g_ptr_array_remove_index (model.redo, model.redo->len - 1);
            }
          counts[4]++;
        }

      check (entry, &model, step);
      longest = MAX (longest, (gsize) g_utf8_strlen (model.text->str, -1));
    }

  g_test_message ("%u inserts, %u deletions, %u pastes, %u undos, %u redos; longest text %" G_GSIZE_FORMAT " characters",
                  counts[0], counts[1], counts[2], counts[3], counts[4], longest);
  g_signal_handlers_disconnect_by_func (entry, changed_cb, &changed);
  g_assert_finalize_object (entry);
  g_string_free (model.text, TRUE);
  g_ptr_array_unref (model.undo);
  g_ptr_array_unref (model.redo);
}

/* Deleting every character by position and then inserting at 0 are
 * two edits, undone one at a time; only gtk_editable_set_text() (which
 * deletes from 0 to -1) makes one step of the two.  Found by the random
 * edits above with seed R02S53fb757c6eb751e72af007e5d8f44f86. */
static void
test_delete_all_then_insert (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  int position = 0;

  gtk_editable_insert_text (GTK_EDITABLE (entry), "&", -1, &position);
  gtk_editable_delete_text (GTK_EDITABLE (entry), 0, 1);
  position = 0;
  gtk_editable_insert_text (GTK_EDITABLE (entry), "@", -1, &position);
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "&");

  /* set_text() is one step: Ctrl+Z gives the old text back whole. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "http://a/");
  g_assert_true (iri_gtk_test_press (entry, "<Control>z"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "&");

  g_assert_finalize_object (entry);
}

int
main (int   argc,
      char *argv[])
{
  if (!iri_gtk_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/iri-gtk/model/random-edits", test_random_edits);
  g_test_add_func ("/iri-gtk/model/delete-all-then-insert", test_delete_all_then_insert);

  return g_test_run ();
}
