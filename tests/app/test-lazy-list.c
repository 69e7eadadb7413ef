/* test-lazy-list.c: a keystroke rebinds only the rows it changed
 *
 * The app's tables (iri-inspector-lazy-list.c) are updated on every
 * keystroke; an update must report exactly the rows a consumer holds
 * that changed, and the change of length, and afterwards every row must
 * be the one a full reset would give.
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

/* Rows of a string whose cells do not depend on the position. */
static GObject *
make_row_no_index (gpointer data,
                   guint    position)
{
  const char *text = data;
  char cell[2] = { text[position], '\0' };

  return G_OBJECT (iri_inspector_row_new (0, 0, cell, NULL));
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

  /* The list already has its new length when it tells. */
  g_assert_cmpuint (g_list_model_get_n_items (model), >=, position + added);
  g_array_append_val (changes, change);
}

static void
update (IriInspectorLazyList *list,
        const char           *text,
        IriInspectorMakeRow   make)
{
  iri_inspector_lazy_list_update (list, strlen (text), make, g_strdup (text), g_free,
                                  (IriInspectorRowEqual) iri_inspector_row_equal);
}

/* Every row is what a reset with @text would make. */
static void
assert_rows (IriInspectorLazyList *list,
             const char           *text,
             IriInspectorMakeRow   make)
{
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, strlen (text));
  for (guint i = 0; i < strlen (text); i++)
    {
      g_autoptr(IriInspectorRow) row = g_list_model_get_item (G_LIST_MODEL (list), i);
      g_autoptr(GObject) expected = make ((gpointer) text, i);

      g_assert_true (iri_inspector_row_equal (row, IRI_INSPECTOR_ROW (expected)));
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), strlen (text)));
}

static void
test_update (void)
{
  g_autoptr(IriInspectorLazyList) list = iri_inspector_lazy_list_new (IRI_INSPECTOR_TYPE_ROW);
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  Change *c;

  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), changes);
  update (list, "abcdefgh", make_row_no_index);
  g_assert_cmpuint (changes->len, ==, 1);
  c = &g_array_index (changes, Change, 0);
  g_assert_cmpuint (c->position, ==, 0);
  g_assert_cmpuint (c->removed, ==, 0);
  g_assert_cmpuint (c->added, ==, 8);

  /* A view holds rows 0–3. */
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), i));
  /* A row made and let go (scrolled past) is not held. */
  g_object_unref (g_list_model_get_item (G_LIST_MODEL (list), 6));

  /* A character typed after the rows on screen: only the length. */
  g_array_set_size (changes, 0);
  update (list, "abcdefghi", make_row_no_index);
  g_assert_cmpuint (changes->len, ==, 1);
  c = &g_array_index (changes, Change, 0);
  g_assert_cmpuint (c->position, ==, 8);
  g_assert_cmpuint (c->removed, ==, 0);
  g_assert_cmpuint (c->added, ==, 1);
  /* The rows held are the same objects. */
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (list), i);

      g_assert_true (row == g_ptr_array_index (held, i));
    }
  assert_rows (list, "abcdefghi", make_row_no_index);

  /* A character typed among them: the rows held that differ, one run. */
  g_array_set_size (changes, 0);
  update (list, "abXcdefghi", make_row_no_index);
  g_assert_cmpuint (changes->len, ==, 2);
  c = &g_array_index (changes, Change, 0);
  g_assert_cmpuint (c->position, ==, 9);
  g_assert_cmpuint (c->removed, ==, 0);
  g_assert_cmpuint (c->added, ==, 1);
  c = &g_array_index (changes, Change, 1);
  g_assert_cmpuint (c->position, ==, 2);
  g_assert_cmpuint (c->removed, ==, 2);
  g_assert_cmpuint (c->added, ==, 2);
  assert_rows (list, "abXcdefghi", make_row_no_index);

  /* Shorter: the tail goes, first. */
  g_ptr_array_set_size (held, 0);
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), i));
  g_array_set_size (changes, 0);
  update (list, "ab", make_row_no_index);
  g_assert_cmpuint (changes->len, ==, 1);
  c = &g_array_index (changes, Change, 0);
  g_assert_cmpuint (c->position, ==, 2);
  g_assert_cmpuint (c->removed, ==, 8);
  g_assert_cmpuint (c->added, ==, 0);
  assert_rows (list, "ab", make_row_no_index);

  /* Empty, then rows that show their position: the same text again
   * changes nothing, and a deletion changes every row after it. */
  update (list, "", make_row);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  update (list, "abcd", make_row);
  g_ptr_array_set_size (held, 0);
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (held, g_list_model_get_item (G_LIST_MODEL (list), i));
  g_array_set_size (changes, 0);
  update (list, "abcd", make_row);
  g_assert_cmpuint (changes->len, ==, 0);
  update (list, "acd", make_row);
  g_assert_cmpuint (changes->len, ==, 2);
  c = &g_array_index (changes, Change, 1);
  g_assert_cmpuint (c->position, ==, 1);
  g_assert_cmpuint (c->removed, ==, 2);
  g_assert_cmpuint (c->added, ==, 2);
  assert_rows (list, "acd", make_row);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/lazy-list/update", test_update);
  return g_test_run ();
}
