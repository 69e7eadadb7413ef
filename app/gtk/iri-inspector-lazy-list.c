/* iri-inspector-lazy-list.c: a list model whose rows are made on demand
 *
 * The tables of the app (units, characters, opened files) can have as
 * many rows as the text has characters.  Making every row on each
 * keystroke would be work on the main thread that grows with the text;
 * a list view only asks for the rows it shows, so they are made then,
 * and the few made are remembered until the next reset.
 *
 * A keystroke changes few rows: a splice tells a view which ones
 * (iri_inspector_lazy_list_splice()), and the rows it holds around them
 * are brought up to date in place, so that the view rebinds nothing and
 * only the labels whose text changed are set again.
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

/* Takes @data as the rows' source for @n_items rows and returns the
 * rows made so far (position → row), which the caller keeps, moves or
 * drops: a splice or a replacement. */
static GHashTable *
take_data (IriInspectorLazyList *self,
           guint                 n_items,
           IriInspectorMakeRow   make_row,
           gpointer              data,
           GDestroyNotify        destroy)
{
  GHashTable *old = g_steal_pointer (&self->made);

  self->made = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  clear_data (self);
  self->n_items = n_items;
  self->make_row = make_row;
  self->data = data;
  self->destroy = destroy;
  return old;
}

/* Keeps @row, which a view holds, as the row at @position of the new
 * data: @update makes it show what a row made there now shows. */
static void
keep_row (IriInspectorLazyList  *self,
          GObject               *row,
          guint                  position,
          IriInspectorMakeRow    make_row,
          gpointer               data,
          IriInspectorRowUpdate  update)
{
  g_autoptr(GObject) fresh = make_row (data, position);

  update (row, fresh);
  g_hash_table_insert (self->made, GUINT_TO_POINTER (position), g_object_ref (row));
}

/**
 * iri_inspector_lazy_list_splice:
 * @self: the list
 * @position: the first row that changed
 * @removed: how many rows there were from @position
 * @added: how many rows there are now from @position
 * @make_row: makes a row of @data
 * @data: (transfer full): what the rows are made of
 * @destroy: frees @data
 * @update: makes a row show what another shows (in place)
 *
 * Replaces the data, as iri_inspector_lazy_list_reset() does, when only
 * the rows from @position changed, and tells a view just that.  The
 * rows a view holds outside the range stay the same objects, moved to
 * their new positions: each is made again from @data and @update brings
 * the old one up to date (an index or a span may have moved), which
 * lets the view rebind nothing.  A row nobody holds any more is dropped
 * silently: it is made from the new data when it is asked for.
 */
void
iri_inspector_lazy_list_splice (IriInspectorLazyList  *self,
                                guint                  position,
                                guint                  removed,
                                guint                  added,
                                IriInspectorMakeRow    make_row,
                                gpointer               data,
                                GDestroyNotify         destroy,
                                IriInspectorRowUpdate  update)
{
  g_autoptr(GHashTable) old = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_if_fail (IRI_INSPECTOR_IS_LAZY_LIST (self));
  g_return_if_fail (position + removed <= self->n_items);

  old = take_data (self, self->n_items - removed + added, make_row, data, destroy);

  g_hash_table_iter_init (&iter, old);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint before = GPOINTER_TO_UINT (key);
      GObject *row = value;

      /* Ours is the only reference: nobody shows it. */
      if (row->ref_count == 1)
        continue;
      if (before < position)
        keep_row (self, row, before, make_row, data, update);
      else if (before >= position + removed)
        keep_row (self, row, before - removed + added, make_row, data, update);
    }

  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

/**
 * iri_inspector_lazy_list_replace:
 * @self: the list
 * @n_items: how many rows there are now
 * @make_row: makes a row of @data
 * @data: (transfer full): what the rows are made of
 * @destroy: frees @data
 * @update: makes a row show what another shows (in place)
 *
 * Replaces the data, as iri_inspector_lazy_list_reset() does, keeping
 * every row a view holds at its position: each is made again from @data
 * and @update brings it up to date in place.  Only the rows added or
 * removed at the end are told as a change.
 *
 * This is for rows that stand for positions (the characters of a text,
 * by index): a character typed in the middle changes the rows after it
 * in place, where a splice would shift them.  GTK 4.8's list view moves
 * every row widget after a splice to its new position and lays it out
 * again, which cost more than setting the text of the cells that
 * changed (they do not change size: see iri_inspector_add_column()).
 */
void
iri_inspector_lazy_list_replace (IriInspectorLazyList  *self,
                                 guint                  n_items,
                                 IriInspectorMakeRow    make_row,
                                 gpointer               data,
                                 GDestroyNotify         destroy,
                                 IriInspectorRowUpdate  update)
{
  g_autoptr(GHashTable) old = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint n_old;

  g_return_if_fail (IRI_INSPECTOR_IS_LAZY_LIST (self));

  n_old = self->n_items;
  old = take_data (self, n_items, make_row, data, destroy);

  g_hash_table_iter_init (&iter, old);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint position = GPOINTER_TO_UINT (key);
      GObject *row = value;

      /* Ours is the only reference: nobody shows it.  A row past the
       * new end goes with the change below. */
      if (row->ref_count > 1 && position < n_items)
        keep_row (self, row, position, make_row, data, update);
    }

  if (n_items > n_old)
    g_list_model_items_changed (G_LIST_MODEL (self), n_old, 0, n_items - n_old);
  else if (n_items < n_old)
    g_list_model_items_changed (G_LIST_MODEL (self), n_items, n_old - n_items, 0);
}
