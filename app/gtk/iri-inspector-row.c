/* iri-inspector-row.c: one row of the app's tables
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdarg.h>

#include "iri-inspector-row.h"
#include "iri-inspector-util.h"

struct _IriInspectorRow
{
  GObject  parent_instance;

  GStrv    cells;
  gsize    start;
  gsize    end;
};

G_DEFINE_FINAL_TYPE (IriInspectorRow, iri_inspector_row, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
iri_inspector_row_finalize (GObject *object)
{
  IriInspectorRow *self = IRI_INSPECTOR_ROW (object);

  g_strfreev (self->cells);

  G_OBJECT_CLASS (iri_inspector_row_parent_class)->finalize (object);
}

static void
iri_inspector_row_class_init (IriInspectorRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = iri_inspector_row_finalize;

  /**
   * IriInspectorRow::changed:
   *
   * Emitted when iri_inspector_row_update() changed what the row shows.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
iri_inspector_row_init (IriInspectorRow *self)
{
}

IriInspectorRow *
iri_inspector_row_new (gsize       start,
                       gsize       end,
                       const char *first_cell,
                       ...)
{
  IriInspectorRow *self = g_object_new (IRI_INSPECTOR_TYPE_ROW, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  va_list args;

  va_start (args, first_cell);
  for (const char *cell = first_cell; cell != NULL; cell = va_arg (args, const char *))
    g_strv_builder_add (builder, cell);
  va_end (args);

  self->cells = g_strv_builder_end (builder);
  self->start = start;
  self->end = end;
  return self;
}

const char *
iri_inspector_row_get_cell (IriInspectorRow *self,
                            guint            column)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_ROW (self), NULL);

  if (column >= g_strv_length (self->cells))
    return "";
  return self->cells[column];
}

void
iri_inspector_row_get_span (IriInspectorRow *self,
                            gsize           *start,
                            gsize           *end)
{
  g_return_if_fail (IRI_INSPECTOR_IS_ROW (self));

  *start = self->start;
  *end = self->end;
}

/* Whether @a and @b show the same cells for the same span. */
gboolean
iri_inspector_row_equal (IriInspectorRow *a,
                         IriInspectorRow *b)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_ROW (a), FALSE);
  g_return_val_if_fail (IRI_INSPECTOR_IS_ROW (b), FALSE);

  return a->start == b->start && a->end == b->end &&
         g_strv_equal ((const char * const *) a->cells, (const char * const *) b->cells);
}

/**
 * iri_inspector_row_update:
 * @self: a row a view shows
 * @from: the row to show instead
 *
 * Makes @self show the cells and span of @from, and emits
 * IriInspectorRow::changed when they differ: a view rebinds nothing,
 * and only the labels of the cells that changed are set again.
 */
void
iri_inspector_row_update (IriInspectorRow *self,
                          IriInspectorRow *from)
{
  g_return_if_fail (IRI_INSPECTOR_IS_ROW (self));
  g_return_if_fail (IRI_INSPECTOR_IS_ROW (from));

  if (iri_inspector_row_equal (self, from))
    return;
  g_strfreev (self->cells);
  self->cells = g_strdupv (from->cells);
  self->start = from->start;
  self->end = from->end;
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
free_closure_data (gpointer  data,
                   GClosure *closure)
{
  g_free (data);
}

/* Column factories: the column index, and how the label looks. */
typedef struct {
  guint    column;
  gboolean monospace;
  gboolean logical;
} ColumnData;

/* The whole text of a cell whose label may be ellipsized.  It is asked
 * for when the pointer rests on the label, not set on every label a
 * keystroke changes: gtk_widget_set_tooltip_text() queries the tooltip
 * under the pointer again each time, and a keystroke changes hundreds
 * of labels on the Characters page. */
static gboolean
query_tooltip_cb (GtkWidget  *label,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  ColumnData *data)
{
  IriInspectorRow *row = g_object_get_data (G_OBJECT (label), "row");
  const char *text;

  if (row == NULL)
    return FALSE;
  text = iri_inspector_row_get_cell (row, data->column);
  if (text[0] == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          ColumnData               *data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  if (data->monospace)
    gtk_widget_add_css_class (label, "monospace");
  if (data->monospace || data->logical)
    gtk_widget_add_css_class (label, "numeric");
  g_object_set_data (G_OBJECT (label), "column-data", data);
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (query_tooltip_cb), data);
  gtk_list_item_set_child (item, label);
}

static void
show_cell (GtkWidget       *label,
           IriInspectorRow *row)
{
  ColumnData *data = g_object_get_data (G_OBJECT (label), "column-data");
  const char *text = iri_inspector_row_get_cell (row, data->column);

  if (data->logical)
    {
      /* Text of the IRI, in logical order: isolated and left-to-right,
       * so that neither the UI direction nor the text around reorders
       * it (§4.1). */
      g_autofree char *isolated = iri_inspector_isolate (text);

      gtk_label_set_text (GTK_LABEL (label), isolated);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), text);
}

static void
row_changed_cb (IriInspectorRow *row,
                GtkWidget       *label)
{
  show_cell (label, row);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         ColumnData               *data)
{
  IriInspectorRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  g_object_set_data (G_OBJECT (label), "row", row);
  show_cell (label, row);
  /* A keystroke updates the rows on screen in place. */
  g_signal_connect_object (row, "changed", G_CALLBACK (row_changed_cb), label, 0);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           ColumnData               *data)
{
  IriInspectorRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  g_object_set_data (G_OBJECT (label), "row", NULL);
  if (row != NULL)
    g_signal_handlers_disconnect_by_func (row, row_changed_cb, label);
}

void
iri_inspector_add_column (GtkColumnView *view,
                          const char    *title,
                          guint          column,
                          gboolean       monospace,
                          gboolean       logical,
                          gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  ColumnData *data = g_new0 (ColumnData, 1);
  g_autoptr(GtkColumnViewColumn) view_column = NULL;

  data->column = column;
  data->monospace = monospace;
  data->logical = logical;
  g_signal_connect_data (factory, "setup", G_CALLBACK (setup_cb), data, free_closure_data, 0);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), data);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), data);

  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_append_column (view, view_column);
}
