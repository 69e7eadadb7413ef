/* iri-inspector-lazy-list.c: a list model whose rows are made on demand
 *
 * The tables of the app (units, characters, opened files) can have as
 * many rows as the text has characters.  Making every row on each
 * keystroke would be work on the main thread that grows with the text;
 * a list view only asks for the rows it shows, so they are made then,
 * and the few made are remembered until the next reset.
 *
 * A keystroke changes few of the rows on screen: an update makes again
 * only the rows a view holds, and tells it about those that differ and
 * about the change of length, so that the view rebinds a few rows
 * instead of all of them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-inspector-lazy-list.h"

struct _IriInspectorLazyList
{
  GObject              parent_instance;

  GType                item_type;
  guint                n_items;
  IriInspectorMakeRow  make_row;
  gpointer             data;
  GDestroyNotify       destroy;
  GHashTable          *made;   /* position → row */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IriInspectorLazyList, iri_inspector_lazy_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return IRI_INSPECTOR_LAZY_LIST (model)->item_type;
}

static guint
get_n_items (GListModel *model)
{
  return IRI_INSPECTOR_LAZY_LIST (model)->n_items;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  IriInspectorLazyList *self = IRI_INSPECTOR_LAZY_LIST (model);
  GObject *row;

  if (position >= self->n_items)
    return NULL;

  row = g_hash_table_lookup (self->made, GUINT_TO_POINTER (position));
  if (row == NULL)
    {
      row = self->make_row (self->data, position);
      g_hash_table_insert (self->made, GUINT_TO_POINTER (position), row);
    }
  return g_object_ref (row);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
clear_data (IriInspectorLazyList *self)
{
  if (self->destroy != NULL && self->data != NULL)
    self->destroy (self->data);
  self->data = NULL;
  self->destroy = NULL;
}

static void
iri_inspector_lazy_list_finalize (GObject *object)
{
  IriInspectorLazyList *self = IRI_INSPECTOR_LAZY_LIST (object);

  clear_data (self);
  g_hash_table_unref (self->made);

  G_OBJECT_CLASS (iri_inspector_lazy_list_parent_class)->finalize (object);
}

static void
iri_inspector_lazy_list_class_init (IriInspectorLazyListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = iri_inspector_lazy_list_finalize;
}

static void
iri_inspector_lazy_list_init (IriInspectorLazyList *self)
{
  self->made = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
}

IriInspectorLazyList *
iri_inspector_lazy_list_new (GType item_type)
{
  IriInspectorLazyList *self = g_object_new (IRI_INSPECTOR_TYPE_LAZY_LIST, NULL);

  self->item_type = item_type;
  return self;
}

void
iri_inspector_lazy_list_reset (IriInspectorLazyList *self,
                               guint                 n_items,
                               IriInspectorMakeRow   make_row,
                               gpointer              data,
                               GDestroyNotify        destroy)
{
  guint removed;

  g_return_if_fail (IRI_INSPECTOR_IS_LAZY_LIST (self));

  removed = self->n_items;
  g_hash_table_remove_all (self->made);
  clear_data (self);
  self->n_items = n_items;
  self->make_row = make_row;
  self->data = data;
  self->destroy = destroy;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, n_items);
}

static int
compare_positions (gconstpointer a,
                   gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/**
 * iri_inspector_lazy_list_update:
 * @self: the list
 * @n_items: the new number of rows
 * @make_row: makes a row of @data
 * @data: (transfer full): what the rows are made of
 * @destroy: frees @data
 * @equal: whether two rows show the same
 *
 * Replaces the rows as iri_inspector_lazy_list_reset() does, but only
 * reports the rows that a consumer holds and that changed, and the
 * change of length.  A row nobody holds any more is dropped silently:
 * it is made again, from the new data, when it is asked for.
 */
void
iri_inspector_lazy_list_update (IriInspectorLazyList *self,
                                guint                 n_items,
                                IriInspectorMakeRow   make_row,
                                gpointer              data,
                                GDestroyNotify        destroy,
                                IriInspectorRowEqual  equal)
{
  g_autoptr(GHashTable) old = NULL;
  g_autoptr(GArray) held = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  GHashTableIter iter;
  gpointer key, value;
  guint old_n, common;

  g_return_if_fail (IRI_INSPECTOR_IS_LAZY_LIST (self));

  old_n = self->n_items;
  common = MIN (old_n, n_items);
  old = g_steal_pointer (&self->made);
  self->made = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  clear_data (self);
  self->n_items = n_items;
  self->make_row = make_row;
  self->data = data;
  self->destroy = destroy;

  /* The rows a view or a selection still holds (ours is one reference). */
  g_hash_table_iter_init (&iter, old);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint position = GPOINTER_TO_UINT (key);

      if (position < common && G_OBJECT (value)->ref_count > 1)
        g_array_append_val (held, position);
    }
  g_array_sort (held, compare_positions);

  for (guint i = 0; i < held->len; i++)
    {
      guint position = g_array_index (held, guint, i);
      GObject *before = g_hash_table_lookup (old, GUINT_TO_POINTER (position));
      GObject *row = make_row != NULL ? make_row (data, position) : NULL;

      if (row != NULL && equal (before, row))
        {
          g_object_unref (row);
          row = g_object_ref (before);
        }
      else
        g_array_append_val (changed, position);
      if (row != NULL)
        g_hash_table_insert (self->made, GUINT_TO_POINTER (position), row);
    }

  /* The change of length first, so that a view counts as many rows as
   * the list has when it is told which rows changed, one signal per run
   * of them. */
  if (n_items != old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), common, old_n - common, n_items - common);
  for (guint i = 0; i < changed->len; )
    {
      guint first = g_array_index (changed, guint, i), n = 1;

      while (i + n < changed->len && g_array_index (changed, guint, i + n) == first + n)
        n++;
      g_list_model_items_changed (G_LIST_MODEL (self), first, n, n);
      i += n;
    }
}
