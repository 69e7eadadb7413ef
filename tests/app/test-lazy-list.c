/* test-lazy-list.c: a keystroke rebinds only the rows it changed
 *
 * The app's tables (iri-inspector-lazy-list.c) are updated on every
 * keystroke; a splice must tell a view only the rows that changed, keep
 * the rows it holds around them as the same objects, updated in place,
 * and afterwards every row must be the one a full reset would give.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-inspector-lazy-list.h"
#include "iri-inspector-row.h"

/* Rows of a string: one per byte, showing the byte and its position. */
static GObject *
make_row (gpointer data,
          guint    position)
{
  const char *text = data;
  char cell[2] = { text[position], '\0' };
  g_autofree char *index = g_strdup_printf ("%u", position);

  return G_OBJECT (iri_inspector_row_new (position, position + 1, cell, index, NULL));
}

typedef struct {
  guint position, removed, added;
} Change;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GArray     *changes)
{
  Change change = { position, removed, added };

  g_array_append_val (changes, change);
}

static void
row_changed_cb (IriInspectorRow *row,
                guint           *count)
{
  (*count)++;
}

static void
splice (IriInspectorLazyList *list,
        const char           *text,
        guint                 position,
        guint                 removed,
        guint                 added)
{
  iri_inspector_lazy_list_splice (list, position, removed, added, make_row, g_strdup (text), g_free,
                                  (IriInspectorRowUpdate) iri_inspector_row_update);
}

/* Every row is what a reset with @text would make. */
static void
assert_rows (IriInspectorLazyList *list,
             const char           *text)
{
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, strlen (text));
  for (guint i = 0; i < strlen (text); i++)
    {
      g_autoptr(IriInspectorRow) row = g_list_model_get_item (G_LIST_MODEL (list), i);
      g_autoptr(GObject) expected = make_row ((gpointer) text, i);

      g_assert_true (iri_inspector_row_equal (row, IRI_INSPECTOR_ROW (expected)));
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), strlen (text)));
}

static void
assert_change (GArray *changes,
               guint   position,
               guint   removed,
               guint   added)
{
  Change *c;

  g_assert_cmpuint (changes->len, ==, 1);
  c = &g_array_index (changes, Change, 0);
  g_assert_cmpuint (c->position, ==, position);
  g_assert_cmpuint (c->removed, ==, removed);
  g_assert_cmpuint (c->added, ==, added);
  g_array_set_size (changes, 0);
}

static void
test_splice (void)
{
  g_autoptr(IriInspectorLazyList) list = iri_inspector_lazy_list_new (IRI_INSPECTOR_TYPE_ROW);
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  guint updated = 0;

  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), changes);
  splice (list, "abcdefgh", 0, 0, 8);
  assert_change (changes, 0, 0, 8);

  /* A view holds rows 0–3 and 6; row 7 was made and let go. */
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), i));
  g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), 6));
  g_object_unref (g_list_model_get_item (G_LIST_MODEL (list), 7));
  for (guint i = 0; i < held->len; i++)
    g_signal_connect (g_ptr_array_index (held, i), "changed", G_CALLBACK (row_changed_cb), &updated);

  /* "X" typed at 2: the view hears of one new row; the rows held after
   * it are the same objects, one further on, showing their new index. */
  splice (list, "abXcdefgh", 2, 0, 1);
  assert_change (changes, 2, 0, 1);
  g_assert_cmpuint (updated, ==, 3);
  {
    g_autoptr(GObject) a = g_list_model_get_item (G_LIST_MODEL (list), 0);
    g_autoptr(GObject) c = g_list_model_get_item (G_LIST_MODEL (list), 3);
    g_autoptr(GObject) g = g_list_model_get_item (G_LIST_MODEL (list), 7);

    g_assert_true (a == g_ptr_array_index (held, 0));
    g_assert_true (c == g_ptr_array_index (held, 2));
    g_assert_true (g == g_ptr_array_index (held, 4));
  }
  assert_rows (list, "abXcdefgh");

  /* The same text again: nothing to tell, nothing updated. */
  updated = 0;
  splice (list, "abXcdefgh", 9, 0, 0);
  g_assert_cmpuint (changes->len, ==, 0);
  g_assert_cmpuint (updated, ==, 0);

  /* Two characters replaced by one, then the end deleted. */
  splice (list, "aYcdefgh", 1, 2, 1);
  assert_change (changes, 1, 2, 1);
  assert_rows (list, "aYcdefgh");
  splice (list, "aY", 2, 6, 0);
  assert_change (changes, 2, 6, 0);
  assert_rows (list, "aY");
  splice (list, "", 0, 2, 0);
  assert_change (changes, 0, 2, 0);
  assert_rows (list, "");
}

static void
replace (IriInspectorLazyList *list,
         const char           *text)
{
  iri_inspector_lazy_list_replace (list, strlen (text), make_row, g_strdup (text), g_free,
                                   (IriInspectorRowUpdate) iri_inspector_row_update);
}

static void
test_replace (void)
{
  g_autoptr(IriInspectorLazyList) list = iri_inspector_lazy_list_new (IRI_INSPECTOR_TYPE_ROW);
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  guint updated = 0;

  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), changes);
  replace (list, "abcdefgh");
  assert_change (changes, 0, 0, 8);

  /* A view holds rows 0–3 and 6. */
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), i));
  g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), 6));
  for (guint i = 0; i < held->len; i++)
    g_signal_connect (g_ptr_array_index (held, i), "changed", G_CALLBACK (row_changed_cb), &updated);

  /* "X" typed at 2: the view hears of one row more at the end; the rows
   * it holds stay where they are, those from 2 on showing their new
   * byte. */
  replace (list, "abXcdefgh");
  assert_change (changes, 8, 0, 1);
  g_assert_cmpuint (updated, ==, 3);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (list), i);

      g_assert_true (row == g_ptr_array_index (held, i));
    }
  assert_rows (list, "abXcdefgh");

  /* The same text again: nothing to tell, nothing updated. */
  updated = 0;
  replace (list, "abXcdefgh");
  g_assert_cmpuint (changes->len, ==, 0);
  g_assert_cmpuint (updated, ==, 0);

  /* Shorter, then empty: the rows at the end go. */
  replace (list, "aYc");
  assert_change (changes, 3, 6, 0);
  assert_rows (list, "aYc");
  replace (list, "");
  assert_change (changes, 0, 3, 0);
  assert_rows (list, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/lazy-list/splice", test_splice);
  g_test_add_func ("/app/lazy-list/replace", test_replace);
  return g_test_run ();
}
