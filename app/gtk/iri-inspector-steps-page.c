/* iri-inspector-steps-page.c: the Steps page
 *
 * The Unicode Bidirectional Algorithm (UAX #9) on the text of the
 * address field, step by step, as `iri explain` prints it: the picture
 * of stored and displayed order (IriInspectorDiagram), and under it a
 * table with a column per character, in stored order under the
 * picture's top row, and a row per step, showing what each rule
 * changed.  Selecting a character (a click, or the arrow keys in the
 * table) selects it in the address field and the renderings
 * ("highlight") and outlines it in the picture; the rule of the
 * selected row is explained under the table in one sentence.
 *
 * The table draws only the columns in view: a 2 000-character IRI has
 * 34 000 cells, and a keystroke redraws the page (§4.3).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "iri-bidi-diagram.h"
#include "iri-inspector-diagram.h"
#include "iri-inspector-steps-page.h"
#include "iri-inspector-util.h"

/* The table's geometry: the picture's boxes are 34 wide after a margin
 * of 16, so a label column of 96 puts each column under its box when
 * the picture is indented by 80. */
#define CELL_WIDTH 34
#define CELL_HEIGHT 22
#define LABEL_WIDTH 96
#define DIAGRAM_INDENT (LABEL_WIDTH - 16)

typedef enum {
  ROW_INDEX,
  ROW_CHARACTER,
  ROW_CLASS,
  ROW_EXPLICIT,
  ROW_EXPLICIT_LEVEL,
  ROW_RUN,
  ROW_SEQUENCE,
  ROW_W1, ROW_W2, ROW_W3, ROW_W4, ROW_W5, ROW_W6, ROW_W7,
  ROW_N0, ROW_N1, ROW_N2,
  ROW_IMPLICIT,
  ROW_LINE,
  ROW_REVERSED,
  ROW_VISUAL,
  ROW_MIRROR,
  N_ROWS,
} Row;

/* The step a row shows. */
static IriBidiStep
row_step (Row row)
{
  switch (row)
    {
    case ROW_INDEX:
    case ROW_CHARACTER:
    case ROW_CLASS:
      return IRI_BIDI_STEP_CLASSES;
    case ROW_EXPLICIT:
    case ROW_EXPLICIT_LEVEL:
    case ROW_RUN:
    case ROW_SEQUENCE:
      return IRI_BIDI_STEP_EXPLICIT;
    case ROW_IMPLICIT:
      return IRI_BIDI_STEP_IMPLICIT;
    case ROW_LINE:
      return IRI_BIDI_STEP_LINE;
    case ROW_REVERSED:
    case ROW_VISUAL:
    case ROW_MIRROR:
      return IRI_BIDI_STEP_REORDER;
    case N_ROWS:
    default:
      return IRI_BIDI_STEP_W1 + (row - ROW_W1);
    }
}

static const char *
row_label (Row row)
{
  switch (row)
    {
    case ROW_INDEX:
      /* Translators: a row of the Steps table: each character's index in
       * stored order */
      return _("index");
    case ROW_CHARACTER:
      /* Translators: a row of the Steps table */
      return _("character");
    case ROW_CLASS:
      return "Bidi_Class";
    case ROW_EXPLICIT_LEVEL:
      /* Translators: a row of the Steps table: the level set by X1–X10 */
      return _("level");
    case ROW_RUN:
      /* Translators: a row of the Steps table: the level run (UAX #9
       * BD7) of each character, by number */
      return _("level run");
    case ROW_SEQUENCE:
      /* Translators: a row of the Steps table: the isolating run
       * sequence (UAX #9 BD13) of each character, by number */
      return _("sequence");
    case ROW_REVERSED:
      /* Translators: a row of the Steps table: the levels at which rule
       * L2 reversed each character, highest first */
      return _("L2 reversed at");
    case ROW_VISUAL:
      /* Translators: a row of the Steps table: where each character is
       * displayed, counting from the left */
      return _("visual");
    case ROW_MIRROR:
      return "L4";
    case ROW_EXPLICIT:
    case ROW_W1: case ROW_W2: case ROW_W3: case ROW_W4: case ROW_W5: case ROW_W6: case ROW_W7:
    case ROW_N0: case ROW_N1: case ROW_N2:
    case ROW_IMPLICIT:
    case ROW_LINE:
    case N_ROWS:
    default:
      return iri_bidi_step_get_name (row_step (row));
    }
}

/* What the table shows besides the trace's own answers, per character:
 * its level run, its isolating run sequence, and the levels at which
 * L2 reversed it. */
typedef struct {
  guint  *run;         /* G_MAXUINT for a removed character */
  guint  *sequence;
  char  **reversed;
} Derived;

static void
derived_clear (Derived *d)
{
  g_clear_pointer (&d->run, g_free);
  g_clear_pointer (&d->sequence, g_free);
  g_clear_pointer (&d->reversed, g_strfreev);
}

static void
derived_compute (Derived      *d,
                 IriBidiTrace *trace)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autofree gsize *order = g_new (gsize, MAX (n, 1));
  g_autofree guint *sequence_of_run = g_new0 (guint, MAX (iri_bidi_trace_get_n_level_runs (trace), 1));
  GString **reversed = g_new0 (GString *, MAX (n, 1));

  derived_clear (d);
  d->run = g_new (guint, MAX (n, 1));
  d->sequence = g_new (guint, MAX (n, 1));
  d->reversed = g_new0 (char *, n + 1);
  for (gsize i = 0; i < n; i++)
    d->run[i] = d->sequence[i] = G_MAXUINT;
  for (guint s = 0; s < iri_bidi_trace_get_n_sequences (trace); s++)
    {
      guint n_runs;
      const guint *runs = iri_bidi_trace_get_sequence (trace, s, &n_runs, NULL, NULL);

      for (guint k = 0; k < n_runs; k++)
        sequence_of_run[runs[k]] = s;
    }
  for (guint r = 0; r < iri_bidi_trace_get_n_level_runs (trace); r++)
    {
      gsize start, end;

      iri_bidi_trace_get_level_run (trace, r, &start, &end, NULL);
      for (gsize i = start; i < end; i++)
        {
          if (iri_bidi_trace_is_removed (trace, i))
            continue;
          d->run[i] = r;
          d->sequence[i] = sequence_of_run[r];
        }
    }

  /* L2 replayed: each reversal turns round the characters at its
   * positions in the order of that moment. */
  for (gsize v = 0; v < n; v++)
    order[v] = v;
  for (guint k = 0; k < iri_bidi_trace_get_n_reversals (trace); k++)
    {
      guint8 level;
      gsize start, end;

      iri_bidi_trace_get_reversal (trace, k, &level, &start, &end);
      for (gsize v = start; v < end; v++)
        {
          gsize i = order[v];

          if (reversed[i] == NULL)
            reversed[i] = g_string_new (NULL);
          g_string_append_printf (reversed[i], "%s%u", reversed[i]->len > 0 ? "," : "", level);
        }
      for (gsize a = start, b = end - 1; a < b; a++, b--)
        {
          gsize swap = order[a];

          order[a] = order[b];
          order[b] = swap;
        }
    }
  for (gsize i = 0; i < n; i++)
    d->reversed[i] = reversed[i] != NULL ? g_string_free (reversed[i], FALSE) : g_strdup ("");
  g_free (reversed);
}

/* A cell: its text, and whether the row's rule changed the character. */
static char *
cell_text (IriBidiTrace  *trace,
           const Derived *derived,
           Row            row,
           gsize          i,
           gboolean      *changed)
{
  IriBidiStep step = row_step (row);
  const char *rule = iri_bidi_trace_get_rule (trace, step, i);
  gboolean removed = iri_bidi_trace_is_removed (trace, i);

  *changed = FALSE;
  switch (row)
    {
    case ROW_INDEX:
      return g_strdup_printf ("%lu", (gulong) i);
    case ROW_CHARACTER:
      return iri_bidi_diagram_char_label (iri_bidi_trace_get_char (trace, i));
    case ROW_CLASS:
      return g_strdup (iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, IRI_BIDI_STEP_CLASSES, i)));
    case ROW_EXPLICIT_LEVEL:
    case ROW_IMPLICIT:
      *changed = row == ROW_IMPLICIT && rule != NULL;
      return g_strdup_printf ("%u", iri_bidi_trace_get_level (trace, step, i));
    case ROW_LINE:
      *changed = rule != NULL;
      return rule != NULL ? g_strdup_printf ("%u", iri_bidi_trace_get_level (trace, step, i)) : g_strdup ("·");
    case ROW_RUN:
      return derived->run[i] != G_MAXUINT ? g_strdup_printf ("%u", derived->run[i]) : g_strdup ("");
    case ROW_SEQUENCE:
      return derived->sequence[i] != G_MAXUINT ? g_strdup_printf ("%u", derived->sequence[i]) : g_strdup ("");
    case ROW_REVERSED:
      *changed = derived->reversed[i][0] != '\0';
      return g_strdup (*changed ? derived->reversed[i] : "·");
    case ROW_VISUAL:
      *changed = iri_bidi_trace_logical_to_visual (trace, i) != i;
      return g_strdup_printf ("%lu", (gulong) iri_bidi_trace_logical_to_visual (trace, i));
    case ROW_MIRROR:
      {
        gunichar mirror = iri_bidi_trace_get_mirror (trace, i);

        *changed = mirror != 0;
        return mirror != 0 ? iri_bidi_diagram_char_label (mirror) : g_strdup ("·");
      }
    case ROW_EXPLICIT:
    case ROW_W1: case ROW_W2: case ROW_W3: case ROW_W4: case ROW_W5: case ROW_W6: case ROW_W7:
    case ROW_N0: case ROW_N1: case ROW_N2:
    case N_ROWS:
    default:
      *changed = rule != NULL;
      if (removed && row != ROW_EXPLICIT)
        return g_strdup ("");
      if (rule != NULL && g_str_equal (rule, "X9"))
        return g_strdup ("x");
      if (rule != NULL)
        return g_strdup (iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, step, i)));
      return g_strdup ("·");
    }
}

/* The table ---------------------------------------------------------- */

#define STEPS_TYPE_TABLE (steps_table_get_type ())
G_DECLARE_FINAL_TYPE (StepsTable, steps_table, STEPS, TABLE, GtkWidget)

struct _StepsTable
{
  GtkWidget      parent_instance;

  IriBidiTrace  *trace;
  Derived        derived;
  GtkAdjustment *hadjustment;   /* of the scrolled window, for the columns in view */
  GHashTable    *layouts;       /* cell text → PangoLayout */
  gssize         selected;
  Row            row;
};

G_DEFINE_FINAL_TYPE (StepsTable, steps_table, GTK_TYPE_WIDGET)

enum {
  TABLE_SELECTED,
  N_TABLE_SIGNALS,
};

static guint table_signals[N_TABLE_SIGNALS];

static PangoLayout *
table_layout (StepsTable *self,
              const char *text)
{
  PangoLayout *layout = g_hash_table_lookup (self->layouts, text);

  if (layout == NULL)
    {
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      /* Each cell holds one character or one name, left to right. */
      pango_layout_set_auto_dir (layout, FALSE);
      g_hash_table_insert (self->layouts, g_strdup (text), layout);
    }
  return layout;
}

static void
steps_table_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  StepsTable *self = STEPS_TABLE (widget);
  gsize n = self->trace != NULL ? iri_bidi_trace_get_n_chars (self->trace) : 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = LABEL_WIDTH + n * CELL_WIDTH + 16;
  else
    *minimum = *natural = N_ROWS * CELL_HEIGHT;
}

static void
draw_text (GtkSnapshot   *snapshot,
           PangoLayout   *layout,
           double         x,
           double         y,
           double         width,
           const GdkRGBA *color)
{
  PangoRectangle logical;

  pango_layout_get_pixel_extents (layout, NULL, &logical);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + (width - logical.width) / 2,
                                                          y + (CELL_HEIGHT - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
steps_table_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  StepsTable *self = STEPS_TABLE (widget);
  gsize n = self->trace != NULL ? iri_bidi_trace_get_n_chars (self->trace) : 0;
  GdkRGBA color, dim, changed = { 0.80, 0.40, 0.05, 1.0 }, band = { 0.21, 0.52, 0.89, 0.18 };
  double x0 = 0, x1 = gtk_widget_get_width (widget);
  gsize first, last;

  if (n == 0)
    return;
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
#endif
  dim = color;
  dim.alpha *= 0.45;

  /* Only the columns in view. */
  if (self->hadjustment != NULL)
    {
      x0 = gtk_adjustment_get_value (self->hadjustment);
      x1 = x0 + gtk_adjustment_get_page_size (self->hadjustment);
    }
  /* The labels stay at the left edge of the view: columns that would
   * be under them are not drawn. */
  first = (gsize) ceil (x0 / CELL_WIDTH);
  last = MIN (n, (gsize) MAX (0.0, (x1 - LABEL_WIDTH) / CELL_WIDTH) + 1);

  if (self->selected >= 0)
    {
      gtk_snapshot_append_color (snapshot, &band,
                                 &GRAPHENE_RECT_INIT (LABEL_WIDTH + self->selected * CELL_WIDTH, 0,
                                                      CELL_WIDTH, N_ROWS * CELL_HEIGHT));
      gtk_snapshot_append_color (snapshot, &band,
                                 &GRAPHENE_RECT_INIT (0, self->row * CELL_HEIGHT,
                                                      LABEL_WIDTH + n * CELL_WIDTH, CELL_HEIGHT));
    }

  for (Row row = 0; row < N_ROWS; row++)
    {
      double y = row * CELL_HEIGHT;

      for (gsize i = first; i < last; i++)
        {
          gboolean is_changed;
          g_autofree char *text = cell_text (self->trace, &self->derived, row, i, &is_changed);

          if (*text == '\0')
            continue;
          draw_text (snapshot, table_layout (self, text), LABEL_WIDTH + i * CELL_WIDTH, y, CELL_WIDTH,
                     is_changed ? &changed : g_str_equal (text, "·") ? &dim : &color);
        }
    }

  /* The labels, in view however far the table is scrolled. */
  for (Row row = 0; row < N_ROWS; row++)
    {
      PangoLayout *layout = table_layout (self, row_label (row));
      PangoRectangle logical;

      pango_layout_get_pixel_extents (layout, NULL, &logical);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x0 + 4, row * CELL_HEIGHT + (CELL_HEIGHT - logical.height) / 2));
      gtk_snapshot_append_layout (snapshot, layout, &dim);
      gtk_snapshot_restore (snapshot);
    }

  if (gtk_widget_has_visible_focus (widget) && self->selected >= 0)
    {
      GskRoundedRect outline;
      GdkRGBA ring = { 0.21, 0.52, 0.89, 1.0 };

      gsk_rounded_rect_init_from_rect (&outline,
                                       &GRAPHENE_RECT_INIT (LABEL_WIDTH + self->selected * CELL_WIDTH,
                                                            self->row * CELL_HEIGHT, CELL_WIDTH, CELL_HEIGHT), 3);
      gtk_snapshot_append_border (snapshot, &outline, (float[]) { 2, 2, 2, 2 },
                                  (GdkRGBA[]) { ring, ring, ring, ring });
    }
}

static void
table_select (StepsTable *self,
              gssize      index,
              Row         row)
{
  gsize n = self->trace != NULL ? iri_bidi_trace_get_n_chars (self->trace) : 0;

  if (n == 0)
    return;
  index = CLAMP (index, 0, (gssize) n - 1);
  row = CLAMP ((int) row, 0, N_ROWS - 1);
  self->selected = index;
  self->row = row;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Keep the selected column in view. */
  if (self->hadjustment != NULL)
    gtk_adjustment_clamp_page (self->hadjustment, index * CELL_WIDTH,
                               LABEL_WIDTH + (index + 1) * CELL_WIDTH);
  g_signal_emit (self, table_signals[TABLE_SELECTED], 0);
}

static void
table_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  StepsTable      *self)
{
  if (x < LABEL_WIDTH + (self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  table_select (self, (gssize) ((x - LABEL_WIDTH) / CELL_WIDTH), (Row) (y / CELL_HEIGHT));
}

static gboolean
table_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      StepsTable            *self)
{
  gssize index = MAX (self->selected, 0);
  gsize n = self->trace != NULL ? iri_bidi_trace_get_n_chars (self->trace) : 0;

  switch (keyval)
    {
    /* Columns are in stored order, left to right, whatever the
     * direction of the interface: Left is the previous character. */
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      table_select (self, self->selected < 0 ? 0 : index - 1, self->row);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      table_select (self, self->selected < 0 ? 0 : index + 1, self->row);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      table_select (self, index, self->row > 0 ? self->row - 1 : 0);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      table_select (self, index, self->row + 1);
      return TRUE;
    case GDK_KEY_Home:
      table_select (self, 0, self->row);
      return TRUE;
    case GDK_KEY_End:
      table_select (self, (gssize) n - 1, self->row);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
steps_table_css_changed (GtkWidget         *widget,
                         GtkCssStyleChange *change)
{
  StepsTable *self = STEPS_TABLE (widget);

  GTK_WIDGET_CLASS (steps_table_parent_class)->css_changed (widget, change);
  /* New fonts or colours: new layouts. */
  g_hash_table_remove_all (self->layouts);
  gtk_widget_queue_draw (widget);
}

static void
steps_table_dispose (GObject *object)
{
  StepsTable *self = STEPS_TABLE (object);

  g_clear_pointer (&self->trace, iri_bidi_trace_unref);
  derived_clear (&self->derived);
  g_clear_pointer (&self->layouts, g_hash_table_unref);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  g_clear_object (&self->hadjustment);

  G_OBJECT_CLASS (steps_table_parent_class)->dispose (object);
}

static void
steps_table_class_init (StepsTableClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = steps_table_dispose;
  widget_class->measure = steps_table_measure;
  widget_class->snapshot = steps_table_snapshot;
  widget_class->css_changed = steps_table_css_changed;
  /* A grid (a "table" to AT-SPI), drawn rather than made of cell
   * widgets: its description is the explanation of the selected cell
   * (see set_explanation()), which follows the arrow keys.  GTK 4.8 has
   * no role for a custom interactive widget other than "filler". */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);

  table_signals[TABLE_SELECTED] = g_signal_new ("selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
steps_table_init (StepsTable *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->selected = -1;
  self->row = ROW_CLASS;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* Columns in stored order, under the picture's boxes (see
   * iri_inspector_diagram_init()). */
  gtk_widget_set_direction (GTK_WIDGET (self), GTK_TEXT_DIR_LTR);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_START);
  g_signal_connect (click, "pressed", G_CALLBACK (table_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (table_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* The page ----------------------------------------------------------- */

struct _IriInspectorStepsPage
{
  AdwBin        parent_instance;

  IriBidiTrace *trace;
  char         *text;
  GtkWidget    *stack;
  GtkWidget    *diagram;
  GtkWidget    *table;
  GtkWidget    *explanation;
  GtkWidget    *rtl_toggle;
  GtkWidget    *notation;      /* a GtkDropDown: IriNotation by position */
  GtkWidget    *export_button;
};

G_DEFINE_FINAL_TYPE (IriInspectorStepsPage, iri_inspector_steps_page, ADW_TYPE_BIN)

enum {
  HIGHLIGHT,
  TOAST,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
set_explanation (IriInspectorStepsPage *self,
                 const char            *text)
{
  gtk_label_set_text (GTK_LABEL (self->explanation), text);
  /* A screen reader on the table hears it as the arrow keys move. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* The sentence under the table: the selected character, the rule of the
 * selected row, and what it did to the character. */
static void
update_explanation (IriInspectorStepsPage *self)
{
  StepsTable *table = STEPS_TABLE (self->table);
  g_autoptr(GString) text = g_string_new (NULL);
  gsize i;
  IriBidiStep step;
  const char *rule;
  g_autofree char *label = NULL;
  gunichar c;

  if (self->trace == NULL || table->selected < 0)
    {
      set_explanation (self, _("Select a character in the picture or the table to see what each rule did to it."));
      return;
    }
  i = table->selected;
  step = row_step (table->row);
  c = iri_bidi_trace_get_char (self->trace, i);
  label = iri_bidi_diagram_char_label (c);
  rule = iri_bidi_trace_get_rule (self->trace, step, i);

  /* Translators: the character selected on the Steps page: its index,
   * itself, its code point and its bidi class */
  g_string_append_printf (text, _("Character %lu, “%s” (U+%04X), class %s."), (gulong) i, label, c,
                          iri_bidi_class_get_name (iri_bidi_trace_get_class (self->trace, IRI_BIDI_STEP_CLASSES, i)));
  g_string_append_c (text, '\n');
  if (table->row == ROW_MIRROR)
    g_string_append (text, _("L4: a character with a mirrored form, such as a bracket, is shown mirrored at a right-to-left level."));
  else if (table->row == ROW_RUN)
    g_string_append (text, _("X10: neighbouring characters at the same level form a level run; the characters X9 set aside do not count."));
  else if (table->row == ROW_SEQUENCE)
    g_string_append (text, _("X10: the weak and neutral rules work on isolating run sequences, level runs joined across an isolate; sos and eos stand for the direction at their ends."));
  else
    g_string_append (text, iri_bidi_step_get_description (step));
  g_string_append_c (text, '\n');
  if (iri_bidi_trace_is_removed (self->trace, i) && (step > IRI_BIDI_STEP_EXPLICIT || table->row == ROW_RUN ||
                                                     table->row == ROW_SEQUENCE) && step < IRI_BIDI_STEP_IMPLICIT)
    g_string_append (text, _("This character was set aside by X9: the weak and neutral rules skip it."));
  else if (table->row == ROW_RUN)
    {
      gsize start, end;
      guint8 level;

      iri_bidi_trace_get_level_run (self->trace, table->derived.run[i], &start, &end, &level);
      /* Translators: a level run: its number, its first and last
       * characters, its level */
      g_string_append_printf (text, _("It is in level run %u, characters %lu–%lu at level %u."),
                              table->derived.run[i], (gulong) start, (gulong) end - 1, level);
    }
  else if (table->row == ROW_SEQUENCE)
    {
      IriBidiClass sos, eos;
      guint n_runs;

      iri_bidi_trace_get_sequence (self->trace, table->derived.sequence[i], &n_runs, &sos, &eos);
      /* Translators: an isolating run sequence: its number, how many
       * level runs it joins, its sos and eos (L or R) */
      g_string_append_printf (text, _("It is in sequence %u, of %u level runs, with sos %s and eos %s."),
                              table->derived.sequence[i], n_runs,
                              iri_bidi_class_get_name (sos), iri_bidi_class_get_name (eos));
    }
  else if (table->row == ROW_REVERSED && table->derived.reversed[i][0] != '\0')
    /* Translators: %s lists levels, highest first ("2,1"); %lu is a
     * position, counted from the left */
    g_string_append_printf (text, _("L2 reversed it at levels %s; it is displayed at position %lu."),
                            table->derived.reversed[i], (gulong) iri_bidi_trace_logical_to_visual (self->trace, i));
  else if (rule != NULL && (step == IRI_BIDI_STEP_IMPLICIT || step == IRI_BIDI_STEP_LINE))
    /* Translators: %s is a rule (I1, I2, L1), %u a level */
    g_string_append_printf (text, _("Here %s gave it level %u."), rule, iri_bidi_trace_get_level (self->trace, step, i));
  else if (rule != NULL && step == IRI_BIDI_STEP_REORDER)
    /* Translators: %lu is a position, counted from the left */
    g_string_append_printf (text, _("It is displayed at position %lu."), (gulong) iri_bidi_trace_logical_to_visual (self->trace, i));
  else if (rule != NULL && g_str_equal (rule, "X9"))
    g_string_append (text, _("Here X9 set it aside."));
  else if (rule != NULL && table->row != ROW_EXPLICIT_LEVEL)
    /* Translators: %s is a rule (W2, N1…), then a bidi class (AN, R…) */
    g_string_append_printf (text, _("Here %s changed its class to %s."), rule,
                            iri_bidi_class_get_name (iri_bidi_trace_get_class (self->trace, step, i)));
  else
    g_string_append (text, _("This step did not change it."));
  g_string_append_c (text, '\n');
  /* Translators: the levels of the selected character and where it is
   * displayed */
  g_string_append_printf (text, _("Levels: %u after X1–X10, %u after I1–I2, %u on the line; displayed at position %lu."),
                          iri_bidi_trace_get_level (self->trace, IRI_BIDI_STEP_EXPLICIT, i),
                          iri_bidi_trace_get_level (self->trace, IRI_BIDI_STEP_IMPLICIT, i),
                          iri_bidi_trace_get_level (self->trace, IRI_BIDI_STEP_LINE, i),
                          (gulong) iri_bidi_trace_logical_to_visual (self->trace, i));
  set_explanation (self, text->str);
}

static void
select_index (IriInspectorStepsPage *self,
              gssize                 index,
              gboolean               emit)
{
  StepsTable *table = STEPS_TABLE (self->table);

  if (self->trace == NULL || index < 0 || (gsize) index >= iri_bidi_trace_get_n_chars (self->trace))
    index = -1;
  table->selected = index;
  gtk_widget_queue_draw (self->table);
  iri_inspector_diagram_set_selected (IRI_INSPECTOR_DIAGRAM (self->diagram), index);
  update_explanation (self);
  if (emit && index >= 0)
    g_signal_emit (self, signals[HIGHLIGHT], 0, (guint64) index, (guint64) index + 1);
}

static void
table_selected_cb (IriInspectorStepsPage *self)
{
  select_index (self, STEPS_TABLE (self->table)->selected, TRUE);
}

static void
diagram_activated_cb (IriInspectorStepsPage *self,
                      guint                  index)
{
  select_index (self, index, TRUE);
}

static void
retrace (IriInspectorStepsPage *self)
{
  StepsTable *table = STEPS_TABLE (self->table);
  IriBidiParagraph paragraph = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->rtl_toggle))
                                 ? IRI_BIDI_PARAGRAPH_RTL : IRI_BIDI_PARAGRAPH_LTR;

  g_clear_pointer (&self->trace, iri_bidi_trace_unref);
  if (self->text != NULL && *self->text != '\0')
    self->trace = iri_bidi_trace_new (self->text, -1, paragraph,
                                      (IriNotation) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->notation)));

  g_clear_pointer (&table->trace, iri_bidi_trace_unref);
  derived_clear (&table->derived);
  if (self->trace != NULL)
    {
      table->trace = iri_bidi_trace_ref (self->trace);
      derived_compute (&table->derived, self->trace);
    }
  gtk_widget_queue_resize (self->table);
  iri_inspector_diagram_set_trace (IRI_INSPECTOR_DIAGRAM (self->diagram), self->trace);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "steps.export", self->trace != NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->trace != NULL ? "steps" : "empty");
  /* The selection stays on the same index while typing, if it still
   * exists; it is not sent to the address field again. */
  select_index (self, table->selected, FALSE);
}

void
iri_inspector_steps_page_set_analysis (IriInspectorStepsPage *self,
                                       IriAnalysis           *analysis)
{
  const char *text = analysis != NULL ? iri_analysis_get_text (analysis) : "";

  g_return_if_fail (IRI_INSPECTOR_IS_STEPS_PAGE (self));

  if (g_strcmp0 (text, self->text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  retrace (self);
}

void
iri_inspector_steps_page_select (IriInspectorStepsPage *self,
                                 gssize                 index)
{
  g_return_if_fail (IRI_INSPECTOR_IS_STEPS_PAGE (self));

  select_index (self, index, FALSE);
}

/* How capitals are read: as themselves, or as the right-to-left letters
 * they stand for in the Bidi Notation of RFC 3987bis §4.4 (an example
 * written in it opens here so). */
void
iri_inspector_steps_page_set_notation (IriInspectorStepsPage *self,
                                       IriNotation            notation)
{
  g_return_if_fail (IRI_INSPECTOR_IS_STEPS_PAGE (self));
  g_return_if_fail (notation <= IRI_NOTATION_ARABIC);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->notation), notation);
}

gssize
iri_inspector_steps_page_get_selected (IriInspectorStepsPage *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_STEPS_PAGE (self), -1);

  return STEPS_TABLE (self->table)->selected;
}

IriBidiTrace *
iri_inspector_steps_page_get_trace (IriInspectorStepsPage *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_STEPS_PAGE (self), NULL);

  return self->trace;
}

static void
export_to (GObject *owner,
           GFile   *file)
{
  IriInspectorStepsPage *self = IRI_INSPECTOR_STEPS_PAGE (owner);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (path == NULL || self->trace == NULL)
    return;
  /* PNG by its extension; SVG otherwise. */
  if (!iri_inspector_diagram_save (IRI_INSPECTOR_DIAGRAM (self->diagram), path,
                                   g_str_has_suffix (path, ".png") || g_str_has_suffix (path, ".PNG"), &error))
    message = g_strdup (error->message);
  else
    {
      g_autofree char *name = g_file_get_basename (file);

      /* Translators: %s is a file name */
      message = g_strdup_printf (_("Picture saved as “%s”"), name);
    }
  g_signal_emit (self, signals[TOAST], 0, message);
}

/* The action "steps.export": the picture to a file, SVG or PNG. */
static void
export_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  IriInspectorStepsPage *self = IRI_INSPECTOR_STEPS_PAGE (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  /* Translators: a file type in the Export Picture dialog */
  gtk_file_filter_set_name (filter, _("SVG or PNG pictures"));
  gtk_file_filter_add_suffix (filter, "svg");
  gtk_file_filter_add_suffix (filter, "png");
  g_list_store_append (filters, filter);
  iri_inspector_choose_file (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), TRUE,
                             _("Export Picture"), _("_Export"),
                             /* Translators: the default name of an exported picture; keep .svg */
                             _("bidi-steps.svg"),
                             G_LIST_MODEL (filters), export_to, G_OBJECT (self));
}

static void
iri_inspector_steps_page_dispose (GObject *object)
{
  IriInspectorStepsPage *self = IRI_INSPECTOR_STEPS_PAGE (object);

  g_clear_pointer (&self->trace, iri_bidi_trace_unref);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (iri_inspector_steps_page_parent_class)->dispose (object);
}

static void
iri_inspector_steps_page_class_init (IriInspectorStepsPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_steps_page_dispose;

  /* Export as SVG or PNG: an action, so that a shortcut or a menu can
   * reach it as the button does. */
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "steps.export", NULL, export_action);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "steps.export", NULL);

  /**
   * IriInspectorStepsPage::highlight:
   * @start: the selected character
   * @end: the character after it
   *
   * Emitted when a character is selected.
   */
  signals[HIGHLIGHT] = iri_inspector_highlight_signal_new (G_TYPE_FROM_CLASS (klass));

  /**
   * IriInspectorStepsPage::toast:
   * @message: what to tell the user
   *
   * Emitted when an export has been saved, or has failed.
   */
  signals[TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
iri_inspector_steps_page_init (IriInspectorStepsPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *toggles = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *ltr;
  GtkWidget *intro;
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();

  intro = gtk_label_new (_("How the Unicode Bidirectional Algorithm (UAX #9) gets from the characters as stored "
                           "to the display: the picture joins each character to where it is shown, and the "
                           "table shows what each rule did, in colour where it changed something."));
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_widget_add_css_class (intro, "dim-label");
  gtk_box_append (GTK_BOX (box), intro);

  /* The paragraph: left-to-right as §4.1 asks, or right-to-left, as in
   * Hebrew or Arabic text without the embedding. */
  gtk_widget_add_css_class (toggles, "linked");
  ltr = gtk_toggle_button_new_with_mnemonic (_("_Left-to-Right Paragraph (§4.1)"));
  self->rtl_toggle = gtk_toggle_button_new_with_mnemonic (_("_Right-to-Left Paragraph"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->rtl_toggle), GTK_TOGGLE_BUTTON (ltr));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ltr), TRUE);
  g_signal_connect_swapped (self->rtl_toggle, "toggled", G_CALLBACK (retrace), self);
  gtk_box_append (GTK_BOX (toggles), ltr);
  gtk_box_append (GTK_BOX (toggles), self->rtl_toggle);
  gtk_box_append (GTK_BOX (bar), toggles);
  {
    /* In the order of IriNotation. */
    const char * const readings[] = {
      /* Translators: how the Steps page reads the text: as typed, or
       * with capitals standing for right-to-left letters (RFC 3987bis
       * §4.4 Bidi Notation) */
      N_("Letters as Typed"),
      N_("Capitals as Hebrew (Bidi Notation)"),
      N_("Capitals as Arabic (Bidi Notation)"),
      NULL,
    };
    g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

    for (guint k = 0; readings[k] != NULL; k++)
      gtk_string_list_append (list, _(readings[k]));
    self->notation = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->notation), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    /* Translators: the accessible name of the choice above */
                                    _("How capital letters are read"), -1);
    g_signal_connect_swapped (self->notation, "notify::selected", G_CALLBACK (retrace), self);
    gtk_box_append (GTK_BOX (bar), self->notation);
  }
  self->export_button = gtk_button_new_with_mnemonic (_("E_xport Picture…"));
  gtk_widget_set_tooltip_text (self->export_button, _("Save the picture as SVG or PNG, for slides"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->export_button), GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS,
                                  "Control+Shift+E", -1);
  gtk_widget_set_hexpand (self->export_button, TRUE);
  gtk_widget_set_halign (self->export_button, GTK_ALIGN_END);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->export_button), "steps.export");
  gtk_box_append (GTK_BOX (bar), self->export_button);
  gtk_box_append (GTK_BOX (box), bar);

  /* What the selected rule did to the selected character, above the
   * picture, where it is seen without scrolling. */
  self->explanation = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->explanation), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->explanation), 0);
  gtk_label_set_selectable (GTK_LABEL (self->explanation), TRUE);
  gtk_label_set_lines (GTK_LABEL (self->explanation), 4);
  gtk_box_append (GTK_BOX (box), self->explanation);

  /* The picture above the table, scrolled together, each column under
   * its character's box.  Stored order runs left to right in either
   * direction of the interface. */
  self->diagram = iri_inspector_diagram_new ();
  gtk_widget_set_margin_start (self->diagram, DIAGRAM_INDENT);
  g_signal_connect_swapped (self->diagram, "char-activated", G_CALLBACK (diagram_activated_cb), self);
  self->table = g_object_new (STEPS_TYPE_TABLE, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the Steps table */
                                  _("Steps of the bidi algorithm, a column per character"), -1);
  g_signal_connect_swapped (self->table, "selected", G_CALLBACK (table_selected_cb), self);
  gtk_widget_set_direction (content, GTK_TEXT_DIR_LTR);
  gtk_box_append (GTK_BOX (content), self->diagram);
  gtk_box_append (GTK_BOX (content), self->table);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), content);
  /* Its viewport too, or a right-to-left interface starts it scrolled
   * to the end. */
  gtk_widget_set_direction (scrolled, GTK_TEXT_DIR_LTR);
  gtk_widget_set_direction (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)), GTK_TEXT_DIR_LTR);
  {
    StepsTable *table = STEPS_TABLE (self->table);

    table->hadjustment = g_object_ref (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled)));
    g_signal_connect_swapped (table->hadjustment, "value-changed", G_CALLBACK (gtk_widget_queue_draw), table);
    g_signal_connect_swapped (table->hadjustment, "notify::page-size", G_CALLBACK (gtk_widget_queue_draw), table);
    iri_inspector_diagram_set_hadjustment (IRI_INSPECTOR_DIAGRAM (self->diagram), table->hadjustment);
  }
  gtk_box_append (GTK_BOX (box), scrolled);


  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "format-text-direction-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Text"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Type or paste an IRI to follow the bidi algorithm step by step."));
  gtk_widget_add_css_class (empty, "compact");

  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), iri_inspector_scrolled_page (box), "steps");
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
  adw_bin_set_child (ADW_BIN (self), self->stack);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "steps.export", FALSE);
  update_explanation (self);
}

GtkWidget *
iri_inspector_steps_page_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_STEPS_PAGE, NULL);
}
