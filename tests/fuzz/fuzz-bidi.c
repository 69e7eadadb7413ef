/* fuzz-bidi.c: the §4.1 display layout and the cursor movement built on
 * it, in both display modes, with and without the left-to-right
 * embedding
 *
 * Invariants: logical → visual and visual → logical are inverse
 * permutations, in code points and in bytes; the visual text holds the
 * logical characters (mirrored in right-to-left runs); the runs, in
 * visual order, cover the display without gaps, each a logical range at
 * one level; logical cursor movement
 * visits every cursor position in order; visual movement from the left
 * edge visits every cursor position exactly once, left to right, and
 * walking back visits the same ones in reverse; a click on a cursor's
 * column gives a cursor drawn in that column; a selection is shown by
 * sorted, disjoint ranges covering exactly its characters.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static void
check_maps (IriBidiLayout *layout,
            const char    *text,
            gsize          size)
{
  gsize n = iri_bidi_layout_get_n_chars (layout);
  const char *visual = iri_bidi_layout_get_visual_text (layout);
  g_autofree gunichar *logical_chars = g_utf8_to_ucs4_fast (text, size, NULL);
  g_autofree gunichar *visual_chars = NULL;
  g_autofree guint8 *seen = g_malloc0 (n + 1);
  gsize n_levels = 0;
  const guint8 *levels = iri_bidi_layout_get_levels (layout, &n_levels);
  gsize covered = 0;
  const char *p = text;

  FUZZ_ASSERT (n == (gsize) g_utf8_strlen (text, size));
  FUZZ_ASSERT (n_levels == n);
  FUZZ_ASSERT (g_utf8_validate (visual, -1, NULL) && strlen (visual) == size);
  visual_chars = g_utf8_to_ucs4_fast (visual, -1, NULL);

  for (gsize l = 0; l < n; l++)
    {
      gsize v = iri_bidi_layout_logical_to_visual (layout, l);
      gunichar mirror;

      FUZZ_ASSERT (v < n && !seen[v]);
      seen[v] = 1;
      FUZZ_ASSERT (iri_bidi_layout_visual_to_logical (layout, v) == l);
      FUZZ_ASSERT (levels[l] == iri_bidi_layout_get_level (layout, l));
      FUZZ_ASSERT (visual_chars[v] == logical_chars[l] ||
                   ((levels[l] & 1) && g_unichar_get_mirror_char (logical_chars[l], &mirror) &&
                    visual_chars[v] == mirror));

      /* Bytes: the character's first byte maps to the visual character's
       * first byte and back. */
      {
        gsize logical_byte = p - text;
        gsize visual_byte = iri_bidi_layout_logical_byte_to_visual_byte (layout, logical_byte);

        FUZZ_ASSERT (visual_byte < size);
        FUZZ_ASSERT (g_utf8_pointer_to_offset (visual, visual + visual_byte) == (glong) v);
        FUZZ_ASSERT (iri_bidi_layout_visual_byte_to_logical_byte (layout, visual_byte) == logical_byte);
      }
      p = g_utf8_next_char (p);
    }

  for (guint r = 0; r < iri_bidi_layout_get_n_runs (layout); r++)
    {
      IriBidiRun run;

      /* Runs come in visual order, each a logical range shown as one
       * visual range. */
      iri_bidi_layout_get_run (layout, r, &run);
      FUZZ_ASSERT (run.visual_start == covered && run.start < run.end && run.end <= n);
      for (gsize l = run.start; l < run.end; l++)
        {
          gsize v = iri_bidi_layout_logical_to_visual (layout, l);

          FUZZ_ASSERT (levels[l] == run.level);
          FUZZ_ASSERT (v >= run.visual_start && v < run.visual_start + (run.end - run.start));
        }
      covered += run.end - run.start;
    }
  FUZZ_ASSERT (covered == n);
}

static void
check_cursor (IriBidiLayout *layout)
{
  gsize n = iri_bidi_layout_get_n_chars (layout);
  g_autofree guint8 *seen = g_malloc0 (n + 1);
  g_autofree gsize *walk = g_new (gsize, n + 1);
  gsize n_cursors = 0, n_walk = 0;
  gsize cursor = 0, next, last_position = 0;
  guint last_column = 0, width = iri_bidi_layout_get_width (layout);

  FUZZ_ASSERT (iri_bidi_layout_is_cursor_position (layout, 0));
  FUZZ_ASSERT (iri_bidi_layout_is_cursor_position (layout, n));
  for (gsize i = 0; i <= n; i++)
    n_cursors += iri_bidi_layout_is_cursor_position (layout, i);

  /* Logically, forward and back. */
  for (gsize i = 1; i <= n; i++)
    if (iri_bidi_layout_is_cursor_position (layout, i))
      {
        cursor = iri_bidi_layout_move_cursor_logically (layout, cursor, 1);
        FUZZ_ASSERT (cursor == i);
      }
  FUZZ_ASSERT (iri_bidi_layout_move_cursor_logically (layout, n, 1) == n);
  for (gsize i = n; i-- > 0; )
    if (iri_bidi_layout_is_cursor_position (layout, i))
      {
        cursor = iri_bidi_layout_move_cursor_logically (layout, cursor, -1);
        FUZZ_ASSERT (cursor == i);
      }
  FUZZ_ASSERT (iri_bidi_layout_move_cursor_logically (layout, 0, -1) == 0);

  /* Visually, from the left edge. */
  cursor = iri_bidi_layout_visual_position_to_cursor (layout, 0);
  for (;;)
    {
      gsize position = iri_bidi_layout_get_cursor_visual_position (layout, cursor);
      guint column = iri_bidi_layout_get_cursor_column (layout, cursor);
      gsize clicked;

      FUZZ_ASSERT (cursor <= n && iri_bidi_layout_is_cursor_position (layout, cursor));
      FUZZ_ASSERT (!seen[cursor]);
      seen[cursor] = 1;
      walk[n_walk++] = cursor;
      FUZZ_ASSERT (position <= n && position >= last_position);
      FUZZ_ASSERT (column <= width && column >= last_column);
      last_position = position;
      last_column = column;

      clicked = iri_bidi_layout_column_to_cursor (layout, column);
      FUZZ_ASSERT (iri_bidi_layout_is_cursor_position (layout, clicked));
      FUZZ_ASSERT (iri_bidi_layout_get_cursor_column (layout, clicked) == column);

      next = iri_bidi_layout_move_cursor_visually (layout, cursor, 1);
      if (next == cursor)
        break;
      FUZZ_ASSERT (n_walk <= n);
      cursor = next;
    }
  FUZZ_ASSERT (n_walk == n_cursors);

  /* And back from the right edge. */
  cursor = iri_bidi_layout_visual_position_to_cursor (layout, n);
  for (gsize k = n_walk; k-- > 0; )
    {
      FUZZ_ASSERT (cursor == walk[k]);
      next = iri_bidi_layout_move_cursor_visually (layout, cursor, -1);
      if (k == 0)
        FUZZ_ASSERT (next == cursor);
      cursor = next;
    }
}

static void
check_selection (IriBidiLayout *layout,
                 gsize          start,
                 gsize          end)
{
  gsize n = iri_bidi_layout_get_n_chars (layout);
  guint n_ranges = 0;
  g_autofree IriVisualRange *ranges = iri_bidi_layout_get_selection_ranges (layout, start, end, &n_ranges);
  g_autofree guint8 *expected = g_malloc0 (n + 1);
  g_autofree guint8 *got = g_malloc0 (n + 1);

  for (gsize i = MIN (start, end); i < MAX (start, end); i++)
    expected[iri_bidi_layout_logical_to_visual (layout, i)] = 1;
  for (guint r = 0; r < n_ranges; r++)
    {
      FUZZ_ASSERT (ranges[r].start < ranges[r].end && ranges[r].end <= n);
      if (r > 0)
        FUZZ_ASSERT (ranges[r - 1].end < ranges[r].start);
      for (gsize v = ranges[r].start; v < ranges[r].end; v++)
        got[v] = 1;
    }
  FUZZ_ASSERT (memcmp (expected, got, n + 1) == 0);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const IriBidiLayoutFlags flags[] = {
    IRI_BIDI_LAYOUT_DEFAULT, IRI_BIDI_LAYOUT_RTL_PARAGRAPH, IRI_BIDI_LAYOUT_KEEP_MARK_ORDER,
  };
  const char *text = (const char *) data;

  /* The layout takes text; bytes are the parser's business. */
  if (!fuzz_is_text (data, size))
    return 0;

  for (IriDisplayMode mode = IRI_DISPLAY_EMBED; mode <= IRI_DISPLAY_ISOLATE; mode++)
    for (gsize f = 0; f < G_N_ELEMENTS (flags); f++)
      {
        g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_full (text, size, mode, flags[f]);
        gsize n = iri_bidi_layout_get_n_chars (layout);

        check_maps (layout, text, size);
        check_cursor (layout);
        check_selection (layout, 0, n);
        check_selection (layout, n / 3, 2 * n / 3);
        check_selection (layout, n, n / 2);
      }

  /* The display helpers take any text too. */
  {
    g_autofree char *wrapped = iri_bidi_wrap (text, size, IRI_BIDI_WRAP_ISOLATE);
    g_autofree char *rtl = iri_notation_to_rtl (text, size, IRI_NOTATION_HEBREW);
    g_autofree char *back = iri_notation_from_rtl (rtl, -1, IRI_NOTATION_HEBREW);

    FUZZ_ASSERT (g_utf8_validate (wrapped, -1, NULL) && strlen (wrapped) == size + 6);
    FUZZ_ASSERT (g_utf8_validate (rtl, -1, NULL) && g_utf8_validate (back, -1, NULL));
  }
  return 0;
}
