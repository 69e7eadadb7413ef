/* iri-inspector-row.c: one row of the app's tables
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdarg.h>

#include "iri-inspector-row.h"
#include "iri-inspector-cell.h"
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
 * and only the cells whose text changed are set again.
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

/* Column factories: the column index, its width, and how the cell looks. */
typedef struct {
  guint    column;
  guint    width_chars;
  gboolean monospace;
  gboolean logical;
} ColumnData;

/* The whole text of a cell that may be ellipsized.  It is asked for
 * when the pointer rests on the cell, not set on every cell a keystroke
 * changes: gtk_widget_set_tooltip_text() queries the tooltip under the
 * pointer again each time, and a keystroke changes hundreds of cells on
 * the Characters page. */
static gboolean
query_tooltip_cb (GtkWidget  *cell,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  ColumnData *data)
{
  IriInspectorRow *row = g_object_get_data (G_OBJECT (cell), "row");
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
  /* A cell whose size comes from its width in characters, not from its
   * text, so that setting the text of a cell only redraws it.  A
   * keystroke changes the cells of every row after it (their index and
   * visual position move), and with labels each change queued a resize
   * that measured the row and its column again: on the Characters page
   * at 200 characters, 98M of the 187M instructions a keystroke took
   * (callgrind), and most of what kept it from being shown in the
   * keystroke's own frame.  Not a GtkInscription, which does the same
   * at a cost that GTK 4.8's 205 rows made most of the start of the
   * page (iri-inspector-cell.c). */
  GtkWidget *cell = iri_inspector_cell_new (MIN (data->width_chars, 3), data->width_chars, data->monospace);

  if (data->monospace || data->logical)
    gtk_widget_add_css_class (cell, "numeric");
  g_object_set_data (G_OBJECT (cell), "column-data", data);
  gtk_widget_set_has_tooltip (cell, TRUE);
  g_signal_connect (cell, "query-tooltip", G_CALLBACK (query_tooltip_cb), data);
  gtk_list_item_set_child (item, cell);
}

/* Sets the text of a cell so that it starts at the cell's start edge,
 * as a GtkLabel's does.  A cell lays its text out as wide as itself,
 * and Pango aligns a paragraph whose first strong character is of the
 * other direction than the UI's (a Hebrew letter, a unit of an RTL
 * host) to the other edge: a mark of the UI's direction before it keeps
 * the paragraph in that direction, and the text reads the same. */
static void
set_cell_text (GtkWidget  *cell,
               const char *text)
{
  gboolean rtl_ui = gtk_widget_get_direction (cell) == GTK_TEXT_DIR_RTL;
  PangoDirection direction = PANGO_DIRECTION_NEUTRAL;

  /* The first strong character, as Pango's automatic direction finds
   * it (UAX #9 rules P2 and P3). */
  for (const char *p = text; *p != '\0' && direction == PANGO_DIRECTION_NEUTRAL; p = g_utf8_next_char (p))
    {
      const char *bidi_class = iri_char_get_bidi_class (g_utf8_get_char (p));

      if (g_str_equal (bidi_class, "L"))
        direction = PANGO_DIRECTION_LTR;
      else if (g_str_equal (bidi_class, "R") || g_str_equal (bidi_class, "AL"))
        direction = PANGO_DIRECTION_RTL;
    }

  if ((direction == PANGO_DIRECTION_RTL && !rtl_ui) || (direction == PANGO_DIRECTION_LTR && rtl_ui))
    {
      /* U+200F RIGHT-TO-LEFT MARK, U+200E LEFT-TO-RIGHT MARK */
      g_autofree char *marked = g_strconcat (rtl_ui ? "\xE2\x80\x8F" : "\xE2\x80\x8E", text, NULL);

      iri_inspector_cell_set_text (IRI_INSPECTOR_CELL (cell), marked);
    }
  else
    iri_inspector_cell_set_text (IRI_INSPECTOR_CELL (cell), text);
}

static void
show_cell (GtkWidget       *cell,
           IriInspectorRow *row)
{
  ColumnData *data = g_object_get_data (G_OBJECT (cell), "column-data");
  const char *text = iri_inspector_row_get_cell (row, data->column);

  if (data->logical)
    {
      /* Text of the IRI, in logical order: isolated and left-to-right,
       * so that neither the UI direction nor the text around reorders
       * it (§4.1). */
      g_autofree char *isolated = iri_inspector_isolate (text);

      set_cell_text (cell, isolated);
    }
  else
    set_cell_text (cell, text);

  /* The marks and isolates are for the eye (they place the text); a
   * screen reader gets the text alone. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
row_changed_cb (IriInspectorRow *row,
                GtkWidget       *cell)
{
  show_cell (cell, row);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         ColumnData               *data)
{
  IriInspectorRow *row = gtk_list_item_get_item (item);
  GtkWidget *cell = gtk_list_item_get_child (item);

  g_object_set_data (G_OBJECT (cell), "row", row);
  show_cell (cell, row);
  /* A keystroke updates the rows on screen in place. */
  g_signal_connect_object (row, "changed", G_CALLBACK (row_changed_cb), cell, 0);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           ColumnData               *data)
{
  IriInspectorRow *row = gtk_list_item_get_item (item);
  GtkWidget *cell = gtk_list_item_get_child (item);

  g_object_set_data (G_OBJECT (cell), "row", NULL);
  if (row != NULL)
    g_signal_handlers_disconnect_by_func (row, row_changed_cb, cell);
}

void
iri_inspector_add_column (GtkColumnView *view,
                          const char    *title,
                          guint          column,
                          guint          width_chars,
                          gboolean       monospace,
                          gboolean       logical,
                          gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  ColumnData *data = g_new0 (ColumnData, 1);
  g_autoptr(GtkColumnViewColumn) view_column = NULL;

  data->column = column;
  data->width_chars = width_chars;
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
