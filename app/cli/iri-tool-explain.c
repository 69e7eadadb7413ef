/* iri-tool-explain.c: iri explain — the bidi algorithm step by step
 *
 * A table with a column per character and a row per step of UAX #9:
 * the classes as stored, what the explicit, weak and neutral rules
 * changed, the levels, the visual positions; then the level runs, the
 * isolating run sequences, the bracket pairs and the reversals that
 * give the display.  The table is chunked to the terminal's width; a
 * cell shows a change, a dot where the step changed nothing.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <gmodule.h>
#include <glib/gi18n.h>

#include "iri-bidi-char-label.h"
#include "iri-tool-diagram.h"
#include "iri-tool-private.h"

/* Longer texts are refused: a table of more columns teaches nothing,
 * and the trace keeps a dozen bytes for each character and step. */
#define MAX_CHARS 10000

typedef struct {
  gboolean     color;
  IriToolBidi  bidi;
} Style;

#define CHANGED(s) ((s)->color ? "\033[1;33m" : "")
#define DIM(s)     ((s)->color ? "\033[2m" : "")
#define BOLD(s)    ((s)->color ? "\033[1m" : "")
#define RESET(s)   ((s)->color ? "\033[0m" : "")

typedef struct {
  char     *label;
  char    **cells;      /* n_chars */
  gboolean *changed;    /* n_chars */
} Row;

static Row *
row_new (const char *label,
         gsize       n)
{
  Row *row = g_new0 (Row, 1);

  row->label = g_strdup (label);
  row->cells = g_new0 (char *, n + 1);
  row->changed = g_new0 (gboolean, MAX (n, 1));
  return row;
}

static void
row_free (Row *row)
{
  g_free (row->label);
  g_strfreev (row->cells);
  g_free (row->changed);
  g_free (row);
}

/* A class row for @step: the new class where the step changed it. */
static Row *
class_row (IriBidiTrace *trace,
           IriBidiStep   step)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  Row *row = row_new (iri_bidi_step_get_name (step), n);

  for (gsize i = 0; i < n; i++)
    {
      const char *rule = iri_bidi_trace_get_rule (trace, step, i);

      if (iri_bidi_trace_is_removed (trace, i) && step != IRI_BIDI_STEP_EXPLICIT)
        row->cells[i] = g_strdup ("");
      else if (rule != NULL && g_str_equal (rule, "X9"))
        row->cells[i] = g_strdup ("x");
      else if (rule != NULL)
        row->cells[i] = g_strdup (iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, step, i)));
      else
        row->cells[i] = g_strdup ("·");
      row->changed[i] = rule != NULL;
    }
  return row;
}

static Row *
level_row (IriBidiTrace *trace,
           IriBidiStep   step,
           const char   *label,
           gboolean      changes_only)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  Row *row = row_new (label, n);

  for (gsize i = 0; i < n; i++)
    {
      const char *rule = iri_bidi_trace_get_rule (trace, step, i);

      if (changes_only && rule == NULL)
        row->cells[i] = g_strdup ("·");
      else
        row->cells[i] = g_strdup_printf ("%u", iri_bidi_trace_get_level (trace, step, i));
      row->changed[i] = rule != NULL && step != IRI_BIDI_STEP_EXPLICIT;
    }
  return row;
}

static GPtrArray *
make_rows (IriBidiTrace *trace)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  Row *row;

  /* Translators: a row label of "iri explain": the index of each
   * character in logical (stored) order */
  row = row_new (_("index"), n);
  for (gsize i = 0; i < n; i++)
    row->cells[i] = g_strdup_printf ("%" G_GSIZE_FORMAT, i);
  g_ptr_array_add (rows, row);

  /* Translators: a row label of "iri explain" */
  row = row_new (_("character"), n);
  for (gsize i = 0; i < n; i++)
    row->cells[i] = iri_bidi_diagram_char_label (iri_bidi_trace_get_char (trace, i));
  g_ptr_array_add (rows, row);

  row = row_new ("Bidi_Class", n);
  for (gsize i = 0; i < n; i++)
    row->cells[i] = g_strdup (iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, IRI_BIDI_STEP_CLASSES, i)));
  g_ptr_array_add (rows, row);

  g_ptr_array_add (rows, class_row (trace, IRI_BIDI_STEP_EXPLICIT));
  /* Translators: a row label of "iri explain": the embedding level set
   * by the explicit rules X1–X10 */
  g_ptr_array_add (rows, level_row (trace, IRI_BIDI_STEP_EXPLICIT, _("level"), FALSE));
  for (IriBidiStep step = IRI_BIDI_STEP_W1; step <= IRI_BIDI_STEP_N2; step++)
    g_ptr_array_add (rows, class_row (trace, step));
  g_ptr_array_add (rows, level_row (trace, IRI_BIDI_STEP_IMPLICIT, iri_bidi_step_get_name (IRI_BIDI_STEP_IMPLICIT), FALSE));
  g_ptr_array_add (rows, level_row (trace, IRI_BIDI_STEP_LINE, iri_bidi_step_get_name (IRI_BIDI_STEP_LINE), TRUE));

  /* Translators: a row label of "iri explain": where rule L2 puts each
   * character, counting from the left */
  row = row_new (_("visual"), n);
  for (gsize i = 0; i < n; i++)
    {
      row->cells[i] = g_strdup_printf ("%" G_GSIZE_FORMAT, iri_bidi_trace_logical_to_visual (trace, i));
      row->changed[i] = iri_bidi_trace_logical_to_visual (trace, i) != i;
    }
  g_ptr_array_add (rows, row);

  row = row_new ("L4", n);
  for (gsize i = 0; i < n; i++)
    {
      gunichar mirror = iri_bidi_trace_get_mirror (trace, i);

      row->cells[i] = mirror != 0 ? iri_bidi_diagram_char_label (mirror) : g_strdup ("·");
      row->changed[i] = mirror != 0;
    }
  g_ptr_array_add (rows, row);
  return rows;
}

static void
print_table (GPtrArray   *rows,
             gsize        n,
             const Style *style)
{
  g_autofree int *widths = g_new0 (int, MAX (n, 1));
  int label_width = 0;
  int width = iri_tool_terminal_width ();
  gsize start = 0;

  for (guint r = 0; r < rows->len; r++)
    {
      Row *row = g_ptr_array_index (rows, r);

      label_width = MAX (label_width, iri_tool_text_width (row->label));
      for (gsize i = 0; i < n; i++)
        widths[i] = MAX (widths[i], iri_tool_text_width (row->cells[i]));
    }

  /* As many columns as fit, then the next block under a blank line. */
  while (start < n)
    {
      gsize end = start;
      int used = label_width;

      while (end < n && (end == start || used + 1 + widths[end] <= width))
        used += 1 + widths[end++];

      if (start > 0)
        g_print ("\n");
      for (guint r = 0; r < rows->len; r++)
        {
          Row *row = g_ptr_array_index (rows, r);
          g_autoptr(GString) line = g_string_new (NULL);
          g_autofree char *label = iri_tool_pad (row->label, label_width);

          g_string_append_printf (line, "%s%s%s", BOLD (style), label, RESET (style));
          for (gsize i = start; i < end; i++)
            {
              /* No padding after the last cell of a line. */
              g_autofree char *cell = i + 1 < end ? iri_tool_pad (row->cells[i], widths[i])
                                                  : g_strdup (row->cells[i]);
              const char *on = row->changed[i] ? CHANGED (style) : g_str_equal (row->cells[i], "·") ? DIM (style) : "";

              g_string_append_c (line, ' ');
              g_string_append_printf (line, "%s%s%s", on, cell, *on != '\0' ? RESET (style) : "");
            }
          /* The cells are in logical order, one character each: a
           * terminal that reorders would mix the columns up. */
          iri_tool_print_visual_line (style->bidi == IRI_TOOL_BIDI_TERMINAL ? IRI_TOOL_BIDI_APP : style->bidi,
                                      "", line->str, line->str);
        }
      start = end;
    }
}

/* The characters of @order[start, end) as text, for the reversals. */
static char *
span_text (IriBidiTrace *trace,
           const gsize  *order,
           gsize         start,
           gsize         end)
{
  GString *out = g_string_new (NULL);

  for (gsize v = start; v < end; v++)
    {
      g_autofree char *cell = iri_bidi_diagram_char_label (iri_bidi_trace_get_char (trace, order[v]));

      if (g_utf8_strlen (cell, -1) > 1)
        g_string_append_printf (out, "\\u{%04X}", iri_bidi_trace_get_char (trace, order[v]));
      else
        g_string_append (out, cell);
    }
  return g_string_free (out, FALSE);
}

static void
print_explanations (IriBidiTrace *trace,
                    const Style  *style)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autofree gsize *order = g_new (gsize, MAX (n, 1));
  guint n_runs = iri_bidi_trace_get_n_level_runs (trace);

  g_print ("\n");
  /* The rules that changed something, each with a sentence. */
  for (IriBidiStep step = IRI_BIDI_STEP_EXPLICIT; step <= IRI_BIDI_STEP_LINE; step++)
    {
      g_autoptr(GString) which = g_string_new (NULL);
      guint count = 0;

      for (gsize i = 0; i < n; i++)
        {
          if (iri_bidi_trace_get_rule (trace, step, i) == NULL)
            continue;
          if (count++ < 12)
            g_string_append_printf (which, "%s%" G_GSIZE_FORMAT, which->len > 0 ? ", " : "", i);
        }
      if (count == 0)
        continue;
      if (count > 12)
        /* Translators: after a list of character indexes cut short */
        g_string_append_printf (which, _(" and %u more"), count - 12);
      iri_tool_print_wrapped ("", iri_bidi_step_get_description (step), iri_tool_terminal_width ());
      /* Translators: %s is a list of character indexes */
      g_print (_("  changed: %s\n"), which->str);
    }

  g_print ("\n");
  /* Translators: heading of the list of level runs (UAX #9 X10) */
  g_print ("%s%s%s\n", BOLD (style), _("Level runs (X10):"), RESET (style));
  for (guint r = 0; r < n_runs; r++)
    {
      gsize start, end;
      guint8 level;

      iri_bidi_trace_get_level_run (trace, r, &start, &end, &level);
      /* Translators: a level run: its number, its characters (from–to,
       * inclusive) and its level */
      g_print (_("  %u: characters %lu–%lu at level %u\n"), r, (gulong) start, (gulong) end - 1, level);
    }
  /* Translators: heading of the list of isolating run sequences */
  g_print ("%s%s%s\n", BOLD (style), _("Isolating run sequences (X10):"), RESET (style));
  for (guint s = 0; s < iri_bidi_trace_get_n_sequences (trace); s++)
    {
      guint n_seq_runs;
      IriBidiClass sos, eos;
      const guint *runs = iri_bidi_trace_get_sequence (trace, s, &n_seq_runs, &sos, &eos);
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint k = 0; k < n_seq_runs; k++)
        g_string_append_printf (list, "%s%u", k > 0 ? ", " : "", runs[k]);
      /* Translators: an isolating run sequence: the level runs it is
       * made of, then its sos and eos classes (L or R) */
      g_print (_("  runs %s: sos %s, eos %s\n"), list->str,
               iri_bidi_class_get_name (sos), iri_bidi_class_get_name (eos));
    }
  if (iri_bidi_trace_get_n_bracket_pairs (trace) > 0)
    {
      /* Translators: heading of the list of bracket pairs (rule N0) */
      g_print ("%s%s%s\n", BOLD (style), _("Bracket pairs (N0):"), RESET (style));
      for (guint p = 0; p < iri_bidi_trace_get_n_bracket_pairs (trace); p++)
        {
          gsize open, close;

          iri_bidi_trace_get_bracket_pair (trace, p, &open, &close);
          /* Translators: the indexes of an opening and a closing bracket */
          g_print (_("  %lu and %lu, now %s\n"), (gulong) open, (gulong) close,
                   iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, IRI_BIDI_STEP_N0, open)));
        }
    }

  /* L2, replayed to show what each reversal turns round. */
  /* Translators: heading of the list of reversals (rule L2) */
  g_print ("%s%s%s\n", BOLD (style), _("Reversals (L2):"), RESET (style));
  for (gsize v = 0; v < n; v++)
    order[v] = v;
  if (iri_bidi_trace_get_n_reversals (trace) == 0)
    /* Translators: no reversal: the display is the stored order */
    g_print ("%s\n", _("  none: the display is in stored order"));
  for (guint k = 0; k < iri_bidi_trace_get_n_reversals (trace); k++)
    {
      guint8 level;
      gsize start, end;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *line = NULL;

      iri_bidi_trace_get_reversal (trace, k, &level, &start, &end);
      before = span_text (trace, order, start, end);
      for (gsize a = start, b = end - 1; a < b; a++, b--)
        {
          gsize swap = order[a];

          order[a] = order[b];
          order[b] = swap;
        }
      after = span_text (trace, order, start, end);
      /* Translators: a reversal of rule L2: the level, the visual
       * positions (from–to, inclusive), the text before and after */
      line = g_strdup_printf (_("  level %u, positions %lu–%lu: %s → %s"),
                              level, (gulong) start, (gulong) end - 1, before, after);
      iri_tool_print_visual_line (style->bidi == IRI_TOOL_BIDI_TERMINAL ? IRI_TOOL_BIDI_APP : style->bidi,
                                  "", line, line);
    }
}

static char *
visual_text (IriBidiTrace *trace)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  GString *out = g_string_new (NULL);

  for (gsize v = 0; v < n; v++)
    {
      gsize i = iri_bidi_trace_visual_to_logical (trace, v);
      gunichar mirror = iri_bidi_trace_get_mirror (trace, i);

      g_string_append_unichar (out, mirror != 0 ? mirror : iri_bidi_trace_get_char (trace, i));
    }
  return g_string_free (out, FALSE);
}

static const char *
paragraph_name (IriBidiParagraph paragraph)
{
  switch (paragraph)
    {
    case IRI_BIDI_PARAGRAPH_RTL:
      return "rtl";
    case IRI_BIDI_PARAGRAPH_AUTO:
      return "auto";
    case IRI_BIDI_PARAGRAPH_LTR:
    default:
      return "ltr";
    }
}

static const char *
notation_name (IriNotation notation)
{
  switch (notation)
    {
    case IRI_NOTATION_HEBREW:
      return "hebrew";
    case IRI_NOTATION_ARABIC:
      return "arabic";
    case IRI_NOTATION_NONE:
    default:
      return "none";
    }
}

/* The JSON schema is README's "iri explain --json". */
static void
append_json (GString          *out,
             IriBidiTrace     *trace,
             const char       *text,
             IriBidiParagraph  paragraph,
             IriNotation       notation)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autofree char *visual = visual_text (trace);

  g_string_append (out, "{\"input\":");
  iri_tool_json_string (out, text, -1);
  g_string_append_printf (out, ",\"notation\":\"%s\",\"paragraph\":\"%s\",\"paragraph_level\":%u,\"characters\":[",
                          notation_name (notation), paragraph_name (paragraph),
                          iri_bidi_trace_get_paragraph_level (trace));
  for (gsize i = 0; i < n; i++)
    {
      gunichar c = iri_bidi_trace_get_char (trace, i);
      gunichar mirror = iri_bidi_trace_get_mirror (trace, i);
      char utf8[8] = { 0, };
      gboolean first = TRUE;

      g_unichar_to_utf8 (c, utf8);
      g_string_append_printf (out, "%s{\"index\":%" G_GSIZE_FORMAT ",\"char\":", i > 0 ? "," : "", i);
      iri_tool_json_string (out, utf8, -1);
      g_string_append_printf (out, ",\"code_point\":\"U+%04X\",\"class\":\"%s\",\"removed\":%s,\"changes\":[",
                              c, iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, IRI_BIDI_STEP_CLASSES, i)),
                              iri_bidi_trace_is_removed (trace, i) ? "true" : "false");
      for (IriBidiStep step = IRI_BIDI_STEP_EXPLICIT; step <= IRI_BIDI_STEP_LINE; step++)
        {
          const char *rule = iri_bidi_trace_get_rule (trace, step, i);

          if (rule == NULL)
            continue;
          g_string_append_printf (out, "%s{\"rule\":\"%s\"", first ? "" : ",", rule);
          if (step == IRI_BIDI_STEP_IMPLICIT || step == IRI_BIDI_STEP_LINE)
            g_string_append_printf (out, ",\"level\":%u", iri_bidi_trace_get_level (trace, step, i));
          else if (!g_str_equal (rule, "X9"))
            g_string_append_printf (out, ",\"class\":\"%s\"",
                                    iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, step, i)));
          g_string_append_c (out, '}');
          first = FALSE;
        }
      g_string_append_printf (out, "],\"explicit_level\":%u,\"resolved_level\":%u,\"level\":%u,\"visual\":%" G_GSIZE_FORMAT ",\"mirror\":",
                              iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_EXPLICIT, i),
                              iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_IMPLICIT, i),
                              iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_LINE, i),
                              iri_bidi_trace_logical_to_visual (trace, i));
      if (mirror != 0)
        {
          memset (utf8, 0, sizeof utf8);
          g_unichar_to_utf8 (mirror, utf8);
          iri_tool_json_string (out, utf8, -1);
        }
      else
        g_string_append (out, "null");
      g_string_append_c (out, '}');
    }

  g_string_append (out, "],\"level_runs\":[");
  for (guint r = 0; r < iri_bidi_trace_get_n_level_runs (trace); r++)
    {
      gsize start, end;
      guint8 level;

      iri_bidi_trace_get_level_run (trace, r, &start, &end, &level);
      g_string_append_printf (out, "%s{\"start\":%" G_GSIZE_FORMAT ",\"end\":%" G_GSIZE_FORMAT ",\"level\":%u}",
                              r > 0 ? "," : "", start, end, level);
    }
  g_string_append (out, "],\"sequences\":[");
  for (guint s = 0; s < iri_bidi_trace_get_n_sequences (trace); s++)
    {
      guint n_runs;
      IriBidiClass sos, eos;
      const guint *runs = iri_bidi_trace_get_sequence (trace, s, &n_runs, &sos, &eos);

      g_string_append_printf (out, "%s{\"runs\":[", s > 0 ? "," : "");
      for (guint k = 0; k < n_runs; k++)
        g_string_append_printf (out, "%s%u", k > 0 ? "," : "", runs[k]);
      g_string_append_printf (out, "],\"sos\":\"%s\",\"eos\":\"%s\"}",
                              iri_bidi_class_get_name (sos), iri_bidi_class_get_name (eos));
    }
  g_string_append (out, "],\"bracket_pairs\":[");
  for (guint p = 0; p < iri_bidi_trace_get_n_bracket_pairs (trace); p++)
    {
      gsize open, close;

      iri_bidi_trace_get_bracket_pair (trace, p, &open, &close);
      g_string_append_printf (out, "%s{\"open\":%" G_GSIZE_FORMAT ",\"close\":%" G_GSIZE_FORMAT "}",
                              p > 0 ? "," : "", open, close);
    }
  g_string_append (out, "],\"reversals\":[");
  for (guint k = 0; k < iri_bidi_trace_get_n_reversals (trace); k++)
    {
      guint8 level;
      gsize start, end;

      iri_bidi_trace_get_reversal (trace, k, &level, &start, &end);
      g_string_append_printf (out, "%s{\"level\":%u,\"start\":%" G_GSIZE_FORMAT ",\"end\":%" G_GSIZE_FORMAT "}",
                              k > 0 ? "," : "", level, start, end);
    }
  g_string_append (out, "],\"visual_order\":[");
  for (gsize v = 0; v < n; v++)
    g_string_append_printf (out, "%s%" G_GSIZE_FORMAT, v > 0 ? "," : "", iri_bidi_trace_visual_to_logical (trace, v));
  g_string_append (out, "],\"display\":");
  iri_tool_json_string (out, visual, -1);
  g_string_append (out, "}\n");
}

static void
print_report (IriBidiTrace     *trace,
              const char       *text,
              IriBidiParagraph  paragraph,
              IriNotation       notation,
              const Style      *style)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autoptr(GPtrArray) rows = make_rows (trace);
  g_autofree char *safe = iri_tool_escape_for_terminal (text, -1);
  g_autofree char *visual = visual_text (trace);
  g_autofree char *shown = iri_tool_escape_for_terminal (visual, -1);
  const char *direction;

  g_print ("%s%s%s\n", BOLD (style), safe, RESET (style));
  if (notation == IRI_NOTATION_HEBREW)
    g_print ("%s\n", _("Bidi Notation: A–Z stand for Hebrew letters (class R)."));
  else if (notation == IRI_NOTATION_ARABIC)
    g_print ("%s\n", _("Bidi Notation: A–Z stand for Arabic letters (class AL)."));
  direction = iri_bidi_trace_get_paragraph_level (trace) == 0 ? _("left-to-right") : _("right-to-left");
  if (paragraph == IRI_BIDI_PARAGRAPH_LTR)
    /* Translators: %s is "left-to-right" */
    g_print (_("Paragraph: %s, level 0, as RFC 3987bis §4.1 asks for an IRI.\n"), direction);
  else if (paragraph == IRI_BIDI_PARAGRAPH_RTL)
    g_print (_("Paragraph: %s, level 1, as in Hebrew or Arabic text without the embedding of §4.1.\n"), direction);
  else
    /* Translators: %s is "left-to-right" or "right-to-left"; %u the level */
    g_print (_("Paragraph: %s, level %u, from the first strong character (P2, P3).\n"), direction,
             iri_bidi_trace_get_paragraph_level (trace));
  g_print ("\n");

  if (n > 0)
    {
      print_table (rows, n, style);
      print_explanations (trace, style);
    }
  g_print ("\n");
  /* Translators: before the displayed IRI */
  iri_tool_print_visual_line (style->bidi == IRI_TOOL_BIDI_TERMINAL ? IRI_TOOL_BIDI_APP : style->bidi,
                              _("Display: "), shown, shown);
}

/* The picture is drawn by a module (iri-tool-diagram.c), which is
 * looked for in $IRI_TOOL_MODULE_DIR when it is set (meson devenv and
 * the tests set it), else next to the tool when it is there (a build
 * directory), else where it is installed.  Returns its entry point, or
 * NULL with @error set; the module stays loaded. */
static IriToolDiagramSave
load_diagram_module (GError **error)
{
  const char *env_dir = g_getenv ("IRI_TOOL_MODULE_DIR");
  g_autofree char *path = NULL;
  GModule *module;
  gpointer symbol = NULL;

  if (env_dir != NULL && env_dir[0] != '\0')
    path = g_build_filename (env_dir, IRI_TOOL_DIAGRAM_MODULE, NULL);
  else
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

      if (exe != NULL)
        {
          g_autofree char *dir = g_path_get_dirname (exe);

          path = g_build_filename (dir, IRI_TOOL_DIAGRAM_MODULE, NULL);
          if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
            g_clear_pointer (&path, g_free);
        }
      if (path == NULL)
        path = g_build_filename (IRI_TOOL_MODULE_DIR, IRI_TOOL_DIAGRAM_MODULE, NULL);
    }

  /* Local: the module's symbols are for this lookup only. */
  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, IRI_TOOL_DIAGRAM_SAVE, &symbol) || symbol == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* Translators: %s is the system's reason, which names the file */
                   _("Cannot load the module that draws the picture: %s"),
                   g_module_error ());
      g_clear_pointer (&module, g_module_close);
      return NULL;
    }
  g_module_make_resident (module);
  return (IriToolDiagramSave) symbol;
}

int
iri_tool_explain (int    argc,
                  char **argv)
{
  g_autofree char *notation_arg = NULL;
  g_autofree char *paragraph_arg = NULL;
  g_autofree char *bidi_arg = NULL;
  g_autofree char *color_arg = NULL;
  g_autofree char *svg_path = NULL;
  g_autofree char *png_path = NULL;
  IriToolDiagramSave save_diagram = NULL;
  gboolean json = FALSE;
  g_auto(GStrv) args = NULL;
  IriNotation notation = IRI_NOTATION_NONE;
  IriBidiParagraph paragraph = IRI_BIDI_PARAGRAPH_LTR;
  Style style = { FALSE, iri_tool_default_bidi () };
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(GError) io_error = NULL;
  const char *text;
  gsize length;
  gboolean too_long;
  gboolean first = TRUE;
  int status = IRI_TOOL_EXIT_OK;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per IRI instead of the table"), NULL },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation)"), N_("hebrew|arabic") },
    { "paragraph", 0, 0, G_OPTION_ARG_STRING, &paragraph_arg,
      N_("The paragraph direction: ltr (the default, as §4.1 asks), rtl (Hebrew or Arabic text around the IRI, without the embedding) or auto (the first strong character)"),
      N_("ltr|rtl|auto") },
    { "color", 0, 0, G_OPTION_ARG_STRING, &color_arg,
      N_("Use colours: auto (the default: on a terminal, unless NO_COLOR is set), always or never"),
      N_("WHEN") },
    { "bidi", 0, 0, G_OPTION_ARG_STRING, &bidi_arg,
      N_("How reordered lines are written: app, terminal or none (see “iri render --help”)"),
      N_("app|terminal|none") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path,
      N_("Draw the stored order and the display, joined by lines, as SVG into FILE (“-”: standard output), instead of the table"),
      N_("FILE") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path,
      N_("The same picture as PNG, at twice the size"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI…] — the bidi algorithm step by step"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Shows how the Unicode Bidirectional Algorithm (UAX #9) gets from the\n"
                                  "stored order of each IRI to its display: a column per character, a row\n"
                                  "per rule, with what each rule changed; then the level runs, the\n"
                                  "isolating run sequences, the bracket pairs and the reversals.\n"
                                  "Without IRI arguments, reads one IRI per line from standard input."));
  if (!iri_tool_parse_options (context, "explain", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  if (!iri_tool_parse_notation (notation_arg, &notation) || !iri_tool_parse_bidi (bidi_arg, &style.bidi))
    return IRI_TOOL_EXIT_USAGE;
  if (paragraph_arg == NULL || g_str_equal (paragraph_arg, "ltr"))
    paragraph = IRI_BIDI_PARAGRAPH_LTR;
  else if (g_str_equal (paragraph_arg, "rtl"))
    paragraph = IRI_BIDI_PARAGRAPH_RTL;
  else if (g_str_equal (paragraph_arg, "auto"))
    paragraph = IRI_BIDI_PARAGRAPH_AUTO;
  else
    {
      /* Translators: %s is what the user typed */
      iri_tool_error (_("unknown paragraph direction “%s” (use ltr, rtl or auto)"), paragraph_arg);
      return IRI_TOOL_EXIT_USAGE;
    }
  if (!iri_tool_parse_color (color_arg, &style.color))
    return IRI_TOOL_EXIT_USAGE;

  if ((svg_path != NULL || png_path != NULL) && (args == NULL || g_strv_length (args) != 1))
    {
      iri_tool_error (_("--svg and --png draw one IRI: give exactly one"));
      return IRI_TOOL_EXIT_USAGE;
    }
  if (svg_path != NULL && png_path != NULL && g_str_equal (svg_path, "-") && g_str_equal (png_path, "-"))
    {
      iri_tool_error (_("--svg and --png cannot both write to standard output"));
      return IRI_TOOL_EXIT_USAGE;
    }

  input = iri_tool_input_new_args (args);
  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IriBidiTrace) trace = NULL;
      g_autofree char *copy = NULL;

      if (too_long || !iri_utf8_validate (text, length, NULL, &error))
        {
          if (too_long)
            iri_tool_report_too_long (iri_tool_input_where (input));
          else
            iri_tool_error (_("%s: %s"), iri_tool_input_where (input), error->message);
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }
      if (g_utf8_strlen (text, length) > MAX_CHARS)
        {
          /* Translators: %s says where the input is; %ld its length in
           * characters, %d the limit */
          iri_tool_error (_("%s: %ld characters, too long to explain (the limit is %d)"),
                          iri_tool_input_where (input), (long) g_utf8_strlen (text, length), MAX_CHARS);
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }

      copy = g_strndup (text, length);
      trace = iri_bidi_trace_new (copy, length, paragraph, notation);
      if (svg_path != NULL || png_path != NULL)
        {
          if (save_diagram == NULL)
            save_diagram = load_diagram_module (&error);
          if (save_diagram == NULL || !save_diagram (trace, svg_path, png_path, &error))
            {
              iri_tool_error ("%s", error->message);
              return IRI_TOOL_EXIT_IO;
            }
        }
      else if (json)
        {
          g_autoptr(GString) out = g_string_new (NULL);

          append_json (out, trace, copy, paragraph, notation);
          fwrite (out->str, 1, out->len, stdout);
        }
      else
        {
          if (!first)
            g_print ("\n");
          print_report (trace, copy, paragraph, notation, &style);
        }
      first = FALSE;
    }

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      return IRI_TOOL_EXIT_IO;
    }
  return status;
}
