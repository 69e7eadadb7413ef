/* test-bidi.c: the IRI display is a left-to-right embedding, on screen
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-gtk-test-util.h"
#include "iri-gtk-display-private.h"

/* RFC 3987bis §4.1: whatever the widget's direction, the default
 * direction, the locale or the first strong character, the characters
 * are on screen in the order the core's bidi layer computes for a
 * left-to-right paragraph.  The on-screen order is read from Pango's
 * layout (the x of each character), not from our own code. */

typedef struct {
  const IriGtkTestExample *example;
  IriDisplayMode           mode;
} ExampleCase;

static void
assert_screen_order (GtkWidget      *widget,
                     const char     *logical,
                     IriDisplayMode  mode,
                     const char     *expected_visual)
{
  IriGtkText *text = iri_gtk_test_get_text (widget);
  g_autoptr(IriBidiLayout) core = iri_bidi_layout_new (logical, -1, mode);
  g_autofree gsize *order = NULL;
  g_autofree gunichar *chars = NULL;
  g_autoptr(GString) visual = g_string_new (NULL);
  PangoLayoutLine *line;
  gsize n;

  /* The buffer is exactly the logical text: nothing was inserted. */
  g_assert_cmpstr (iri_gtk_text_get_text (text), ==, logical);

  line = pango_layout_get_line_readonly (iri_gtk_text_get_layout (text), 0);
  g_assert_cmpint (line->resolved_dir, ==, PANGO_DIRECTION_LTR);

  order = iri_gtk_test_screen_order (text, &n);
  g_assert_cmpuint (n, ==, iri_bidi_layout_get_n_chars (core));
  chars = g_utf8_to_ucs4_fast (logical, -1, NULL);
  for (gsize v = 0; v < n; v++)
    {
      g_assert_cmpuint (order[v], ==, iri_bidi_layout_visual_to_logical (core, v));
      g_string_append_unichar (visual, chars[order[v]]);
    }
  if (expected_visual != NULL)
    g_assert_cmpstr (visual->str, ==, expected_visual);
}

static void
test_example (gconstpointer data)
{
  const ExampleCase *c = data;
  IriNotation notation = g_str_equal (c->example->notation, "hebrew") ? IRI_NOTATION_HEBREW : IRI_NOTATION_ARABIC;
  g_autofree char *logical = iri_notation_to_rtl (c->example->logical, -1, notation);
  g_autofree char *visual = iri_notation_to_rtl (c->mode == IRI_DISPLAY_EMBED ? c->example->embed : c->example->isolate,
                                                 -1, notation);
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *view = g_object_ref_sink (iri_gtk_view_new (NULL));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window;

  g_test_summary ("RFC 3987bis §4.4 Examples 1–11 in a right-to-left widget: "
                  "the on-screen order is the §4.1 visual order");

  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), view);
  gtk_widget_set_direction (entry, GTK_TEXT_DIR_RTL);
  gtk_widget_set_direction (view, GTK_TEXT_DIR_RTL);
  window = iri_gtk_test_window_new (box, GTK_TEXT_DIR_RTL);

  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), c->mode);
  iri_gtk_view_set_display_mode (IRI_GTK_VIEW (view), c->mode);
  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), FALSE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  iri_gtk_view_set_text (IRI_GTK_VIEW (view), logical);
  iri_gtk_test_wait (10);

  g_assert_cmpint (gtk_widget_get_direction (entry), ==, GTK_TEXT_DIR_RTL);
  assert_screen_order (entry, logical, c->mode, visual);
  assert_screen_order (view, logical, c->mode, visual);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
  g_assert_finalize_object (view);
}

/* A relative reference that starts with a Hebrew letter, in a
 * right-to-left widget with a right-to-left default direction: still a
 * left-to-right paragraph.  (GtkText would lay it out right to left,
 * from its first strong character.) */
static void
test_rtl_first (void)
{
  static const char * const texts[] = {
    "\327\251\327\234\327\225\327\235/abc",              /* שלום/abc */
    "\327\251\327\234\327\225\327\235",                  /* שלום */
    "\330\265\331\201\330\255\330\251/\330\247/b?x=1",   /* صفحة/ا/b?x=1 */
    "123/\327\220",
    "",
  };
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window;

  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);

  for (gsize k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      for (int mode = IRI_DISPLAY_EMBED; mode <= IRI_DISPLAY_ISOLATE; mode++)
        {
          iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), mode);
          iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), texts[k]);
          assert_screen_order (entry, texts[k], mode, NULL);
        }
    }

  /* The first character of "שלום/abc" is drawn right of the last
   * Hebrew letter and left of the slash: the Hebrew word is one
   * right-to-left run at the start of a left-to-right line. */
  {
    IriGtkText *text = iri_gtk_test_get_text (entry);
    PangoRectangle shin, mem, slash;

    iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), IRI_DISPLAY_EMBED);
    iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), texts[0]);
    pango_layout_index_to_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, 0), &shin);
    pango_layout_index_to_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, 3), &mem);
    pango_layout_index_to_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, 4), &slash);
    g_assert_cmpint (mem.x + mem.width, <, shin.x + shin.width);
    g_assert_cmpint (shin.x, <=, slash.x);
    g_assert_cmpint (mem.x + mem.width, ==, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
  g_assert_finalize_object (entry);
}

/* Isolate mode marks the delimiters in the display only. */
static void
test_isolate_marks (void)
{
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  IriGtkText *text = iri_gtk_test_get_text (entry);
  const char *logical = "http://ab.\327\222\327\223.\327\224\327\225/\327\226\327\227/kl.html";
  const char *display;

  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), IRI_DISPLAY_ISOLATE);
  iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), logical);
  display = pango_layout_get_text (iri_gtk_text_get_layout (text));
  g_assert_nonnull (strstr (display, "\342\200\216/\342\200\216"));
  g_assert_null (strstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), "\342\200\216"));
  g_assert_cmpstr (iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry)), ==, logical);

  iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), IRI_DISPLAY_EMBED);
  g_assert_cmpstr (pango_layout_get_text (iri_gtk_text_get_layout (text)), ==, logical);

  g_assert_finalize_object (entry);
}

/* Cursor movement with the arrow keys, as in Pango's test-bidi.c.
 * From the left end, Right reaches the right end in a bounded number of
 * steps and never moves left, stopping only at grapheme boundaries; Left
 * comes back the same way.  The widget moves with Pango's bidi cursor
 * logic, so in embed mode it visits exactly the positions, in the same
 * order, that pango_layout_move_cursor_visually() visits on a plain
 * left-to-right layout of the text.  In isolate mode (where the display
 * has marks around delimiters) every position next to a delimiter is
 * visited: the marks never swallow one. */
static GArray *
walk (GtkWidget  *entry,
      const char *key)
{
  IriGtkText *text = iri_gtk_test_get_text (entry);
  const char *logical = iri_gtk_entry_get_text (IRI_GTK_ENTRY (entry));
  gsize n = g_utf8_strlen (logical, -1);
  gboolean right = g_str_equal (key, "Right");
  g_autofree PangoLogAttr *attrs = g_new0 (PangoLogAttr, n + 1);
  GArray *visited = g_array_new (FALSE, FALSE, sizeof (int));
  int position = gtk_editable_get_position (GTK_EDITABLE (entry));
  PangoRectangle strong, extents;
  int last_x;

  pango_get_log_attrs (logical, -1, -1, pango_language_get_default (), attrs, n + 1);
  pango_layout_get_cursor_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, position),
                               &strong, NULL);
  last_x = strong.x;
  g_array_append_val (visited, position);

  for (;;)
    {
      int next;

      g_assert_true (iri_gtk_test_press (entry, key));
      next = gtk_editable_get_position (GTK_EDITABLE (entry));
      if (next == position)
        break;
      position = next;
      g_assert_true (attrs[position].is_cursor_position);
      g_array_append_val (visited, position);
      pango_layout_get_cursor_pos (iri_gtk_text_get_layout (text), iri_gtk_text_position_to_index (text, position),
                                   &strong, NULL);
      if (right)
        g_assert_cmpint (strong.x, >=, last_x);
      else
        g_assert_cmpint (strong.x, <=, last_x);
      last_x = strong.x;
      g_assert_cmpuint (visited->len, <=, 2 * n + 2);
    }

  /* Stopped at the right (left) end of the line. */
  pango_layout_get_extents (iri_gtk_text_get_layout (text), NULL, &extents);
  g_assert_cmpint (last_x, ==, right ? extents.width : 0);
  return visited;
}

/* What Pango alone does on a left-to-right layout of @logical. */
static GArray *
pango_walk (GtkWidget  *widget,
            const char *logical,
            int         direction)
{
  PangoContext *context = gtk_widget_create_pango_context (widget);
  g_autoptr(PangoLayout) layout = NULL;
  GArray *visited = g_array_new (FALSE, FALSE, sizeof (int));
  int index = direction > 0 ? 0 : (int) strlen (logical);

  pango_context_set_base_dir (context, PANGO_DIRECTION_LTR);
  layout = pango_layout_new (context);
  pango_layout_set_auto_dir (layout, FALSE);
  pango_layout_set_text (layout, logical, -1);
  if (direction < 0)
    {
      /* Start where the widget's Right walk stopped: the right end. */
      PangoRectangle extents;
      int trailing;

      pango_layout_get_extents (layout, NULL, &extents);
      pango_layout_xy_to_index (layout, extents.width, 0, &index, &trailing);
      index = g_utf8_offset_to_pointer (logical + index, trailing) - logical;
    }

  for (;;)
    {
      int position = g_utf8_pointer_to_offset (logical, logical + index);
      int new_index, new_trailing;

      g_array_append_val (visited, position);
      pango_layout_move_cursor_visually (layout, TRUE, index, 0, direction, &new_index, &new_trailing);
      if (new_index < 0 || new_index == G_MAXINT)
        break;
      index = new_index;
      while (new_trailing-- > 0)
        index = g_utf8_next_char (logical + index) - logical;
    }
  g_object_unref (context);
  return visited;
}

static void
assert_same_walk (GArray *widget,
                  GArray *pango)
{
  g_assert_cmpuint (widget->len, ==, pango->len);
  for (guint k = 0; k < widget->len; k++)
    g_assert_cmpint (g_array_index (widget, int, k), ==, g_array_index (pango, int, k));
}

static void
test_cursor_visual (void)
{
  static const char * const texts[] = {
    "http://ab.\327\222\327\223\327\224.ij/kl/mn/op.html",
    "https://\331\205\330\253\330\247\331\204.\330\264\330\250\331\203\330\251/\330\265\331\201\330\255\330\251?q=\331\202\331\212\331\205\330\251#x",
    "http://ab.cd.ef/\327\226\327\2271/2\327\230\327\231/\327\232\327\233.html",
    "\327\251\327\234\327\225\327\235/abc/\327\220",
    "http://example.org/e\314\201t\303\251/\360\237\221\215\360\237\217\275",   /* e + U+0301, an emoji with a skin tone */
    "http://example.org/abc\342\200\256def/x",                               /* U+202E, shown escaped */
  };
  GtkWidget *entry = g_object_ref_sink (iri_gtk_entry_new ());
  GtkWidget *window = iri_gtk_test_window_new (entry, GTK_TEXT_DIR_RTL);

  for (gsize k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      gboolean escaped = strstr (texts[k], "\342\200\256") != NULL;

      for (int mode = IRI_DISPLAY_EMBED; mode <= IRI_DISPLAY_ISOLATE; mode++)
        {
          g_autoptr(GArray) rightward = NULL;
          g_autoptr(GArray) leftward = NULL;

          iri_gtk_entry_set_display_mode (IRI_GTK_ENTRY (entry), mode);
          iri_gtk_entry_set_text (IRI_GTK_ENTRY (entry), texts[k]);
          /* Position 0 is the left end of a left-to-right paragraph. */
          gtk_editable_set_position (GTK_EDITABLE (entry), 0);
          rightward = walk (entry, "Right");
          leftward = walk (entry, "Left");

          if (mode == IRI_DISPLAY_EMBED && !escaped)
            {
              g_autoptr(GArray) pango_right = pango_walk (entry, texts[k], 1);
              g_autoptr(GArray) pango_left = pango_walk (entry, texts[k], -1);

              assert_same_walk (rightward, pango_right);
              assert_same_walk (leftward, pango_left);
            }
          else if (mode == IRI_DISPLAY_ISOLATE)
            {
              g_autofree gunichar *chars = g_utf8_to_ucs4_fast (texts[k], -1, NULL);
              gsize n = g_utf8_strlen (texts[k], -1);

              for (gsize i = 0; i < n; i++)
                {
                  gboolean before = FALSE, after = FALSE;

                  if (!iri_gtk_char_is_isolate_delimiter (chars[i]))
                    continue;
                  for (guint v = 0; v < rightward->len; v++)
                    {
                      before |= g_array_index (rightward, int, v) == (int) i;
                      after |= g_array_index (rightward, int, v) == (int) i + 1;
                    }
                  g_assert_true (before);
                  g_assert_true (after);
                }
            }
          if (escaped)
            {
              /* The escape "%E2%80%AE" of U+202E at position 21 is one
               * step: 21, then 22. */
              gboolean found = FALSE;

              for (guint v = 0; v + 1 < rightward->len; v++)
                found |= g_array_index (rightward, int, v) == 21 && g_array_index (rightward, int, v + 1) == 22;
              g_assert_true (found);
            }
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (entry);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) examples = NULL;
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);

  if (!iri_gtk_test_init (&argc, &argv))
    return 0;

  examples = iri_gtk_test_load_examples ();
  for (guint k = 0; k < examples->len; k++)
    {
      for (int mode = IRI_DISPLAY_EMBED; mode <= IRI_DISPLAY_ISOLATE; mode++)
        {
          IriGtkTestExample *example = g_ptr_array_index (examples, k);
          ExampleCase *c = g_new0 (ExampleCase, 1);
          g_autofree char *path = NULL;

          c->example = example;
          c->mode = mode;
          g_ptr_array_add (cases, c);
          path = g_strdup_printf ("/iri-gtk/bidi/example/%s/%s/%s", example->example, example->notation,
                                  mode == IRI_DISPLAY_EMBED ? "embed" : "isolate");
          g_test_add_data_func (path, c, test_example);
        }
    }
  g_test_add_func ("/iri-gtk/bidi/rtl-first", test_rtl_first);
  g_test_add_func ("/iri-gtk/bidi/isolate-marks", test_isolate_marks);
  g_test_add_func ("/iri-gtk/bidi/cursor-visual", test_cursor_visual);

  return g_test_run ();
}
