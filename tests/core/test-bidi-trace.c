/* test-bidi-trace.c: IriBidiTrace, the UAX #9 tracer
 *
 * The tracer explains what FriBidi lays out, so the two must agree:
 * every case of BidiTest.txt and BidiCharacterTest.txt (Unicode 15.0,
 * tests/data/unicode-bidi) is run through both, and their levels and
 * visual orders compared.  Then the steps themselves, on small texts
 * whose every rule is known.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <fribidi.h>
#include <gio/gio.h>

#include "iri.h"
#include "iri-bidi-trace-private.h"
#include "iri-test-util.h"

static char *
read_gzipped (const char *relpath)
{
  g_autofree char *path = iri_test_data_path (relpath);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_autoptr(GZlibDecompressor) decompressor = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  g_assert_no_error (error);
  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  stream = g_converter_input_stream_new (raw, G_CONVERTER (decompressor));
  g_output_stream_splice (out, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  /* NUL-terminate */
  g_output_stream_write_all (out, "", 1, NULL, NULL, &error);
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

static const FriBidiCharType fribidi_types[] = {
  [IRI_BIDI_CLASS_L] = FRIBIDI_TYPE_LTR,
  [IRI_BIDI_CLASS_R] = FRIBIDI_TYPE_RTL,
  [IRI_BIDI_CLASS_AL] = FRIBIDI_TYPE_AL,
  [IRI_BIDI_CLASS_EN] = FRIBIDI_TYPE_EN,
  [IRI_BIDI_CLASS_ES] = FRIBIDI_TYPE_ES,
  [IRI_BIDI_CLASS_ET] = FRIBIDI_TYPE_ET,
  [IRI_BIDI_CLASS_AN] = FRIBIDI_TYPE_AN,
  [IRI_BIDI_CLASS_CS] = FRIBIDI_TYPE_CS,
  [IRI_BIDI_CLASS_NSM] = FRIBIDI_TYPE_NSM,
  [IRI_BIDI_CLASS_BN] = FRIBIDI_TYPE_BN,
  [IRI_BIDI_CLASS_B] = FRIBIDI_TYPE_BS,
  [IRI_BIDI_CLASS_S] = FRIBIDI_TYPE_SS,
  [IRI_BIDI_CLASS_WS] = FRIBIDI_TYPE_WS,
  [IRI_BIDI_CLASS_ON] = FRIBIDI_TYPE_ON,
  [IRI_BIDI_CLASS_LRE] = FRIBIDI_TYPE_LRE,
  [IRI_BIDI_CLASS_LRO] = FRIBIDI_TYPE_LRO,
  [IRI_BIDI_CLASS_RLE] = FRIBIDI_TYPE_RLE,
  [IRI_BIDI_CLASS_RLO] = FRIBIDI_TYPE_RLO,
  [IRI_BIDI_CLASS_PDF] = FRIBIDI_TYPE_PDF,
  [IRI_BIDI_CLASS_LRI] = FRIBIDI_TYPE_LRI,
  [IRI_BIDI_CLASS_RLI] = FRIBIDI_TYPE_RLI,
  [IRI_BIDI_CLASS_FSI] = FRIBIDI_TYPE_FSI,
  [IRI_BIDI_CLASS_PDI] = FRIBIDI_TYPE_PDI,
};

/* One case: levels (255 for "x") and the visual order of the
 * characters that are not removed, as the files give them. */
typedef struct {
  GArray *levels;   /* guint8 */
  GArray *order;    /* gsize */
} Result;

static void
result_clear (Result *r)
{
  g_array_set_size (r->levels, 0);
  g_array_set_size (r->order, 0);
}

static void
result_init (Result *r)
{
  r->levels = g_array_new (FALSE, FALSE, sizeof (guint8));
  r->order = g_array_new (FALSE, FALSE, sizeof (gsize));
}

static void
result_free (Result *r)
{
  g_array_unref (r->levels);
  g_array_unref (r->order);
}

static gboolean
result_equal (const Result *a,
              const Result *b)
{
  /* An empty GArray may have no data at all. */
  return a->levels->len == b->levels->len && a->order->len == b->order->len &&
         (a->levels->len == 0 || memcmp (a->levels->data, b->levels->data, a->levels->len) == 0) &&
         (a->order->len == 0 || memcmp (a->order->data, b->order->data, a->order->len * sizeof (gsize)) == 0);
}

static void
parse_levels (const char *text,
              Result     *r)
{
  g_auto(GStrv) fields = g_strsplit_set (text, " \t", -1);

  g_array_set_size (r->levels, 0);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      guint8 level;

      if (*fields[i] == '\0')
        continue;
      level = g_str_equal (fields[i], "x") ? 255 : (guint8) g_ascii_strtoull (fields[i], NULL, 10);
      g_array_append_val (r->levels, level);
    }
}

static void
parse_order (const char *text,
             Result     *r)
{
  g_auto(GStrv) fields = g_strsplit_set (text, " \t", -1);

  g_array_set_size (r->order, 0);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      gsize index;

      if (*fields[i] == '\0')
        continue;
      index = g_ascii_strtoull (fields[i], NULL, 10);
      g_array_append_val (r->order, index);
    }
}

static void
result_of_trace (IriBidiTrace *trace,
                 Result       *r)
{
  gsize n = iri_bidi_trace_get_n_chars (trace);

  result_clear (r);
  for (gsize i = 0; i < n; i++)
    {
      guint8 level = iri_bidi_trace_is_removed (trace, i) ? 255
                     : iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_LINE, i);

      g_array_append_val (r->levels, level);
    }
  for (gsize v = 0; v < n; v++)
    {
      gsize i = iri_bidi_trace_visual_to_logical (trace, v);

      if (!iri_bidi_trace_is_removed (trace, i))
        g_array_append_val (r->order, i);
    }
}

/* FriBidi, as iri-bidi.c calls it, but without rule L3 (the test files
 * leave it out); the characters X9 removes are left out as the files
 * do.  @chars may be NULL (BidiTest.txt has classes only). */
static guint8
result_of_fribidi (const IriBidiClass *classes,
                   const gunichar     *chars,
                   gsize               n,
                   IriBidiParagraph    paragraph,
                   Result             *r)
{
  g_autofree FriBidiCharType *types = g_new (FriBidiCharType, MAX (n, 1));
  g_autofree FriBidiBracketType *brackets = g_new0 (FriBidiBracketType, MAX (n, 1));
  g_autofree FriBidiLevel *levels = g_new0 (FriBidiLevel, MAX (n, 1));
  g_autofree FriBidiStrIndex *map = g_new (FriBidiStrIndex, MAX (n, 1));
  FriBidiParType base = paragraph == IRI_BIDI_PARAGRAPH_LTR ? FRIBIDI_PAR_LTR
                        : paragraph == IRI_BIDI_PARAGRAPH_RTL ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
  FriBidiLevel max;

  for (gsize i = 0; i < n; i++)
    types[i] = fribidi_types[classes[i]];
  if (chars != NULL)
    fribidi_get_bracket_types (chars, n, types, brackets);
  max = fribidi_get_par_embedding_levels_ex (types, brackets, n, &base, levels);
  g_assert_true (max > 0 || n == 0);
  for (gsize i = 0; i < n; i++)
    map[i] = i;
  g_assert_true (fribidi_reorder_line (0, types, n, 0, base, levels, NULL, map) > 0 || n == 0);

  result_clear (r);
  for (gsize i = 0; i < n; i++)
    {
      gboolean removed = classes[i] == IRI_BIDI_CLASS_BN || classes[i] == IRI_BIDI_CLASS_LRE ||
                         classes[i] == IRI_BIDI_CLASS_RLE || classes[i] == IRI_BIDI_CLASS_LRO ||
                         classes[i] == IRI_BIDI_CLASS_RLO || classes[i] == IRI_BIDI_CLASS_PDF;
      guint8 level = removed ? 255 : (guint8) levels[i];

      g_array_append_val (r->levels, level);
    }
  for (gsize v = 0; v < n; v++)
    {
      gsize i = map[v];

      if (r->levels->len > i && g_array_index (r->levels, guint8, i) != 255)
        g_array_append_val (r->order, i);
    }
  return FRIBIDI_DIR_TO_LEVEL (base);
}

typedef struct {
  guint cases;
  guint agree;          /* tracer = FriBidi */
  guint trace_expected; /* tracer = the file */
  guint fribidi_expected;
  guint shown;          /* disagreements printed */
} Counts;

static void
report (const char   *what,
        const Counts *c)
{
  g_test_message ("%s: %u cases; tracer = FriBidi: %u; tracer as the file expects: %u; "
                  "FriBidi as the file expects: %u",
                  what, c->cases, c->agree, c->trace_expected, c->fribidi_expected);
}

static void
show_disagreement (Counts     *c,
                   const char *line,
                   guint       direction)
{
  if (c->shown++ < 20)
    g_test_message ("tracer and FriBidi disagree on “%s” (direction %u)", line, direction);
}

static void
test_bidi_character_test (void)
{
  g_autofree char *contents = read_gzipped ("unicode-bidi/BidiCharacterTest.txt.gz");
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  g_autoptr(GArray) classes = g_array_new (FALSE, FALSE, sizeof (IriBidiClass));
  Result expected, traced, fribidi;
  Counts counts = { 0, };
  char *line, *next;

  g_test_summary ("Every line of UAX #9 BidiCharacterTest.txt (Unicode 15.0) gets "
                  "the same levels and visual order from IriBidiTrace as from FriBidi");

  result_init (&expected);
  result_init (&traced);
  result_init (&fribidi);
  for (line = contents; line != NULL && *line != '\0'; line = next)
    {
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) code_points = NULL;
      g_autoptr(IriBidiTrace) trace = NULL;
      g_autoptr(GString) utf8 = g_string_new (NULL);
      IriBidiParagraph paragraph;
      guint direction, expected_level, fribidi_level;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      if (*line == '#' || *line == '\0')
        continue;
      fields = g_strsplit (line, ";", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 5);

      g_array_set_size (chars, 0);
      g_array_set_size (classes, 0);
      code_points = g_strsplit (fields[0], " ", -1);
      for (guint i = 0; code_points[i] != NULL; i++)
        {
          gunichar c;
          IriBidiClass k;

          if (*code_points[i] == '\0')
            continue;
          c = (gunichar) g_ascii_strtoull (code_points[i], NULL, 16);
          k = iri_bidi_class_of_char (c, IRI_NOTATION_NONE);
          g_array_append_val (chars, c);
          g_array_append_val (classes, k);
          g_string_append_unichar (utf8, c);
        }
      direction = (guint) g_ascii_strtoull (fields[1], NULL, 10);
      paragraph = direction == 0 ? IRI_BIDI_PARAGRAPH_LTR
                  : direction == 1 ? IRI_BIDI_PARAGRAPH_RTL : IRI_BIDI_PARAGRAPH_AUTO;
      expected_level = (guint) g_ascii_strtoull (fields[2], NULL, 10);
      parse_levels (fields[3], &expected);
      parse_order (fields[4], &expected);

      trace = iri_bidi_trace_new (utf8->str, utf8->len, paragraph, IRI_NOTATION_NONE);
      g_assert_cmpuint (iri_bidi_trace_get_n_chars (trace), ==, chars->len);
      result_of_trace (trace, &traced);
      fribidi_level = result_of_fribidi ((IriBidiClass *) classes->data, (gunichar *) chars->data,
                                         chars->len, paragraph, &fribidi);

      counts.cases++;
      if (result_equal (&traced, &fribidi) && iri_bidi_trace_get_paragraph_level (trace) == fribidi_level)
        counts.agree++;
      else
        show_disagreement (&counts, line, direction);
      if (result_equal (&traced, &expected) && iri_bidi_trace_get_paragraph_level (trace) == expected_level)
        counts.trace_expected++;
      if (result_equal (&fribidi, &expected) && fribidi_level == expected_level)
        counts.fribidi_expected++;
    }
  report ("BidiCharacterTest.txt", &counts);
  result_free (&expected);
  result_free (&traced);
  result_free (&fribidi);

  g_assert_cmpuint (counts.cases, ==, 91707);
  g_assert_cmpuint (counts.agree, ==, counts.cases);
}

static IriBidiClass
class_of_name (const char *name)
{
  for (IriBidiClass c = IRI_BIDI_CLASS_L; c <= IRI_BIDI_CLASS_PDI; c++)
    {
      if (g_str_equal (iri_bidi_class_get_name (c), name))
        return c;
    }
  g_error ("unknown bidi class “%s”", name);
}

static void
test_bidi_test (void)
{
  g_autofree char *contents = read_gzipped ("unicode-bidi/BidiTest.txt.gz");
  g_autoptr(GArray) classes = g_array_new (FALSE, FALSE, sizeof (IriBidiClass));
  Result expected, traced, fribidi;
  Counts counts = { 0, };
  char *line, *next;

  g_test_summary ("Every case of UAX #9 BidiTest.txt (Unicode 15.0), in each of its "
                  "paragraph directions, gets the same levels and visual order from "
                  "IriBidiTrace as from FriBidi");

  result_init (&expected);
  result_init (&traced);
  result_init (&fribidi);
  for (line = contents; line != NULL && *line != '\0'; line = next)
    {
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) names = NULL;
      guint bits;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      if (*line == '#' || *line == '\0')
        continue;
      if (g_str_has_prefix (line, "@Levels:"))
        {
          parse_levels (line + strlen ("@Levels:"), &expected);
          continue;
        }
      if (g_str_has_prefix (line, "@Reorder:"))
        {
          parse_order (line + strlen ("@Reorder:"), &expected);
          continue;
        }
      if (*line == '@')
        continue;

      fields = g_strsplit (line, ";", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 2);
      g_array_set_size (classes, 0);
      names = g_strsplit (g_strstrip (fields[0]), " ", -1);
      for (guint i = 0; names[i] != NULL; i++)
        {
          IriBidiClass c;

          if (*names[i] == '\0')
            continue;
          c = class_of_name (names[i]);
          g_array_append_val (classes, c);
        }
      bits = (guint) g_ascii_strtoull (fields[1], NULL, 10);

      for (guint bit = 0; bit < 3; bit++)
        {
          static const IriBidiParagraph paragraphs[] = {
            IRI_BIDI_PARAGRAPH_AUTO, IRI_BIDI_PARAGRAPH_LTR, IRI_BIDI_PARAGRAPH_RTL,
          };
          g_autoptr(IriBidiTrace) trace = NULL;

          if ((bits & (1u << bit)) == 0)
            continue;
          trace = iri_bidi_trace_new_for_classes ((IriBidiClass *) classes->data, classes->len,
                                                  paragraphs[bit]);
          result_of_trace (trace, &traced);
          result_of_fribidi ((IriBidiClass *) classes->data, NULL, classes->len, paragraphs[bit], &fribidi);

          counts.cases++;
          if (result_equal (&traced, &fribidi))
            counts.agree++;
          else
            show_disagreement (&counts, line, 1u << bit);
          if (result_equal (&traced, &expected))
            counts.trace_expected++;
          if (result_equal (&fribidi, &expected))
            counts.fribidi_expected++;
        }
    }
  report ("BidiTest.txt", &counts);
  result_free (&expected);
  result_free (&traced);
  result_free (&fribidi);

  g_assert_cmpuint (counts.cases, ==, 770241);
  g_assert_cmpuint (counts.agree, ==, counts.cases);
}

/* What L2 and L4 make of the text: the characters in visual order, with
 * the mirrored glyphs. */
static char *
visual_string (IriBidiTrace *trace)
{
  GString *out = g_string_new (NULL);

  for (gsize v = 0; v < iri_bidi_trace_get_n_chars (trace); v++)
    {
      gsize i = iri_bidi_trace_visual_to_logical (trace, v);
      gunichar mirror = iri_bidi_trace_get_mirror (trace, i);

      g_assert_cmpuint (iri_bidi_trace_logical_to_visual (trace, i), ==, v);
      g_string_append_unichar (out, mirror != 0 ? mirror : iri_bidi_trace_get_char (trace, i));
    }
  return g_string_free (out, FALSE);
}

static void
test_rfc3987bis_examples (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv ("bidi/rfc3987bis-examples.tsv", FALSE, &header);

  g_test_summary ("The §4.4 examples of RFC 3987bis in Bidi Notation, Hebrew and Arabic: "
                  "the traced visual order is the draft's display");

  g_assert_cmpuint (rows->len, ==, 22);
  for (guint r = 0; r < rows->len; r++)
    {
      const IriTestRow *row = g_ptr_array_index (rows, r);
      const char *notation_name = row->fields[iri_test_column (header, "notation")];
      IriNotation notation = g_str_equal (notation_name, "arabic") ? IRI_NOTATION_ARABIC : IRI_NOTATION_HEBREW;
      g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new (row->fields[iri_test_column (header, "logical")], -1,
                                                          IRI_BIDI_PARAGRAPH_LTR, notation);
      g_autofree char *visual = visual_string (trace);

      g_assert_cmpstr (visual, ==, row->fields[iri_test_column (header, "embed")]);
    }
}

static void
assert_classes (IriBidiTrace *trace,
                IriBidiStep   step,
                const char   *expected)
{
  g_autoptr(GString) got = g_string_new (NULL);

  for (gsize i = 0; i < iri_bidi_trace_get_n_chars (trace); i++)
    {
      if (i > 0)
        g_string_append_c (got, ' ');
      g_string_append (got, iri_bidi_class_get_name (iri_bidi_trace_get_class (trace, step, i)));
    }
  g_assert_cmpstr (got->str, ==, expected);
}

static void
assert_levels (IriBidiTrace *trace,
               IriBidiStep   step,
               const char   *expected)
{
  g_autoptr(GString) got = g_string_new (NULL);

  for (gsize i = 0; i < iri_bidi_trace_get_n_chars (trace); i++)
    g_string_append_printf (got, "%u", iri_bidi_trace_get_level (trace, step, i));
  g_assert_cmpstr (got->str, ==, expected);
}

static void
test_weak_types (void)
{
  /* Arabic letters make the digits after them Arabic numbers (W2),
   * then become R (W3); Hebrew letters leave them European. */
  g_autoptr(IriBidiTrace) arabic = iri_bidi_trace_new ("AB12", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_ARABIC);
  g_autoptr(IriBidiTrace) hebrew = iri_bidi_trace_new ("AB12", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_HEBREW);
  g_autoptr(IriBidiTrace) latin = NULL;

  g_test_summary ("The weak rules: W2, W3, W4, W5, W7, each change named");

  assert_classes (arabic, IRI_BIDI_STEP_CLASSES, "AL AL EN EN");
  assert_classes (arabic, IRI_BIDI_STEP_W2, "AL AL AN AN");
  assert_classes (arabic, IRI_BIDI_STEP_W3, "R R AN AN");
  g_assert_cmpstr (iri_bidi_trace_get_rule (arabic, IRI_BIDI_STEP_W2, 2), ==, "W2");
  g_assert_cmpstr (iri_bidi_trace_get_rule (arabic, IRI_BIDI_STEP_W2, 0), ==, NULL);
  g_assert_cmpstr (iri_bidi_trace_get_rule (arabic, IRI_BIDI_STEP_W3, 0), ==, "W3");
  assert_levels (arabic, IRI_BIDI_STEP_EXPLICIT, "0000");
  assert_levels (arabic, IRI_BIDI_STEP_IMPLICIT, "1122");
  g_assert_cmpstr (iri_bidi_trace_get_rule (arabic, IRI_BIDI_STEP_IMPLICIT, 2), ==, "I1");

  assert_classes (hebrew, IRI_BIDI_STEP_N2, "R R EN EN");
  g_assert_cmpstr (iri_bidi_trace_get_rule (hebrew, IRI_BIDI_STEP_W2, 2), ==, NULL);

  /* W4 joins 1,2 and W5 joins the % to the number; W7 makes numbers
   * after left-to-right letters L. */
  latin = iri_bidi_trace_new ("a1,2%", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_NONE);
  assert_classes (latin, IRI_BIDI_STEP_CLASSES, "L EN CS EN ET");
  assert_classes (latin, IRI_BIDI_STEP_W4, "L EN EN EN ET");
  assert_classes (latin, IRI_BIDI_STEP_W5, "L EN EN EN EN");
  assert_classes (latin, IRI_BIDI_STEP_W7, "L L L L L");
  g_assert_cmpstr (iri_bidi_trace_get_rule (latin, IRI_BIDI_STEP_W4, 2), ==, "W4");
  g_assert_cmpstr (iri_bidi_trace_get_rule (latin, IRI_BIDI_STEP_W5, 4), ==, "W5");
  g_assert_cmpstr (iri_bidi_trace_get_rule (latin, IRI_BIDI_STEP_W7, 1), ==, "W7");
}

static void
test_brackets (void)
{
  /* In a left-to-right paragraph, (CD) after AB: the brackets enclose
   * only right-to-left letters and follow right-to-left text, so N0
   * makes them R, and L4 shows them mirrored. */
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("AB(CD)e", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_HEBREW);
  g_autofree char *visual = NULL;
  gsize open, close;

  g_test_summary ("Rule N0: the pair found, both brackets resolved, mirrored by L4");

  g_assert_cmpuint (iri_bidi_trace_get_n_bracket_pairs (trace), ==, 1);
  iri_bidi_trace_get_bracket_pair (trace, 0, &open, &close);
  g_assert_cmpuint (open, ==, 2);
  g_assert_cmpuint (close, ==, 5);
  assert_classes (trace, IRI_BIDI_STEP_W7, "R R ON R R ON L");
  assert_classes (trace, IRI_BIDI_STEP_N0, "R R R R R R L");
  g_assert_cmpstr (iri_bidi_trace_get_rule (trace, IRI_BIDI_STEP_N0, 2), ==, "N0");
  g_assert_cmpstr (iri_bidi_trace_get_rule (trace, IRI_BIDI_STEP_N0, 5), ==, "N0");
  g_assert_cmpuint (iri_bidi_trace_get_mirror (trace, 2), ==, ')');
  g_assert_cmpuint (iri_bidi_trace_get_mirror (trace, 6), ==, 0);
  visual = visual_string (trace);
  g_assert_cmpstr (visual, ==, "(DC)BAe");
}

static void
test_explicit (void)
{
  /* a RLE b PDF c: the embedding raises b to level 1 (X2), where I2
   * raises the L letter to 2; RLE and PDF are set aside (X9). */
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("a\xE2\x80\xAB" "b\xE2\x80\xAC" "c", -1,
                                                      IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_NONE);
  g_autoptr(IriBidiTrace) override = iri_bidi_trace_new ("\xE2\x80\xAE" "ab", -1,
                                                         IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_NONE);
  gsize start, end;
  guint8 level;

  g_test_summary ("Rules X1–X10: explicit levels, removed characters, level runs, "
                  "isolating run sequences; X6 overrides");

  assert_classes (trace, IRI_BIDI_STEP_CLASSES, "L RLE L PDF L");
  g_assert_true (iri_bidi_trace_is_removed (trace, 1));
  g_assert_true (iri_bidi_trace_is_removed (trace, 3));
  g_assert_false (iri_bidi_trace_is_removed (trace, 2));
  g_assert_cmpstr (iri_bidi_trace_get_rule (trace, IRI_BIDI_STEP_EXPLICIT, 1), ==, "X9");
  g_assert_cmpuint (iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_EXPLICIT, 2), ==, 1);
  g_assert_cmpuint (iri_bidi_trace_get_level (trace, IRI_BIDI_STEP_IMPLICIT, 2), ==, 2);
  g_assert_cmpstr (iri_bidi_trace_get_rule (trace, IRI_BIDI_STEP_IMPLICIT, 2), ==, "I2");
  g_assert_cmpuint (iri_bidi_trace_get_n_level_runs (trace), ==, 3);
  iri_bidi_trace_get_level_run (trace, 1, &start, &end, &level);
  g_assert_cmpuint (start, ==, 2);
  g_assert_cmpuint (end, ==, 3);
  g_assert_cmpuint (level, ==, 1);
  g_assert_cmpuint (iri_bidi_trace_get_n_sequences (trace), ==, 3);

  /* RLO makes the letters R. */
  assert_classes (override, IRI_BIDI_STEP_EXPLICIT, "RLO R R");
  g_assert_cmpstr (iri_bidi_trace_get_rule (override, IRI_BIDI_STEP_EXPLICIT, 1), ==, "X6");
}

static void
test_isolates (void)
{
  /* a RLI B PDI c: the isolate's content is a sequence of its own, and
   * the initiator and its PDI are one sequence with the text around. */
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("a\xE2\x81\xA7" "B\xE2\x81\xA9" "c", -1,
                                                      IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_HEBREW);
  const guint *runs;
  guint n_runs;
  IriBidiClass sos, eos;

  g_test_summary ("Isolating run sequences join an isolate initiator to its PDI");

  g_assert_cmpuint (iri_bidi_trace_get_n_level_runs (trace), ==, 3);
  g_assert_cmpuint (iri_bidi_trace_get_n_sequences (trace), ==, 2);
  runs = iri_bidi_trace_get_sequence (trace, 0, &n_runs, &sos, &eos);
  g_assert_cmpuint (n_runs, ==, 2);
  g_assert_cmpuint (runs[0], ==, 0);
  g_assert_cmpuint (runs[1], ==, 2);
  g_assert_cmpint (sos, ==, IRI_BIDI_CLASS_L);
  runs = iri_bidi_trace_get_sequence (trace, 1, &n_runs, &sos, &eos);
  g_assert_cmpuint (n_runs, ==, 1);
  g_assert_cmpint (sos, ==, IRI_BIDI_CLASS_R);
  g_assert_cmpint (eos, ==, IRI_BIDI_CLASS_R);
  assert_levels (trace, IRI_BIDI_STEP_LINE, "00100");
}

static void
test_line_and_reorder (void)
{
  /* A tab between right-to-left letters is R after N1, and L1 puts it
   * back at the paragraph level; L2 reverses the two letters apart. */
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("AB\tCD", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_HEBREW);
  g_autoptr(IriBidiTrace) rtl = iri_bidi_trace_new ("ab CD", -1, IRI_BIDI_PARAGRAPH_RTL, IRI_NOTATION_HEBREW);
  g_autoptr(IriBidiTrace) auto_ = iri_bidi_trace_new ("1 CD ab", -1, IRI_BIDI_PARAGRAPH_AUTO, IRI_NOTATION_HEBREW);
  g_autofree char *visual = visual_string (trace);
  g_autofree char *visual_rtl = visual_string (rtl);
  guint8 level;
  gsize start, end;

  g_test_summary ("Rules L1 and L2: separators reset, reversals highest level first; "
                  "the paragraph level of P2–P3");

  assert_classes (trace, IRI_BIDI_STEP_N1, "R R R R R");
  assert_levels (trace, IRI_BIDI_STEP_IMPLICIT, "11111");
  assert_levels (trace, IRI_BIDI_STEP_LINE, "11011");
  g_assert_cmpstr (iri_bidi_trace_get_rule (trace, IRI_BIDI_STEP_LINE, 2), ==, "L1");
  g_assert_cmpstr (visual, ==, "BA\tDC");
  g_assert_cmpuint (iri_bidi_trace_get_n_reversals (trace), ==, 2);
  iri_bidi_trace_get_reversal (trace, 1, &level, &start, &end);
  g_assert_cmpuint (level, ==, 1);
  g_assert_cmpuint (start, ==, 3);
  g_assert_cmpuint (end, ==, 5);

  /* In a right-to-left paragraph "ab" is at level 2, reversed twice. */
  g_assert_cmpuint (iri_bidi_trace_get_paragraph_level (rtl), ==, 1);
  assert_levels (rtl, IRI_BIDI_STEP_LINE, "22111");
  g_assert_cmpstr (visual_rtl, ==, "DC ab");
  g_assert_cmpuint (iri_bidi_trace_get_n_reversals (rtl), ==, 2);
  iri_bidi_trace_get_reversal (rtl, 0, &level, NULL, NULL);
  g_assert_cmpuint (level, ==, 2);

  /* P2: the first strong letter is C. */
  g_assert_cmpuint (iri_bidi_trace_get_paragraph_level (auto_), ==, 1);
}

static void
test_names (void)
{
  g_test_summary ("The names of classes and steps are UAX #9's");

  g_assert_cmpstr (iri_bidi_class_get_name (IRI_BIDI_CLASS_AL), ==, "AL");
  g_assert_cmpstr (iri_bidi_class_get_name (IRI_BIDI_CLASS_PDI), ==, "PDI");
  g_assert_cmpstr (iri_bidi_step_get_name (IRI_BIDI_STEP_W4), ==, "W4");
  g_assert_cmpstr (iri_bidi_step_get_name (IRI_BIDI_STEP_REORDER), ==, "L2");
  for (gunichar c = 0; c < 0x3000; c++)
    {
      if (g_unichar_validate (c))
        g_assert_cmpstr (iri_bidi_class_get_name (iri_bidi_class_of_char (c, IRI_NOTATION_NONE)), ==,
                         iri_char_get_bidi_class (c));
    }
}

static void
test_empty (void)
{
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("", 0, IRI_BIDI_PARAGRAPH_AUTO, IRI_NOTATION_NONE);

  g_test_summary ("An empty text has nothing to trace, and a paragraph level of 0");

  g_assert_cmpuint (iri_bidi_trace_get_n_chars (trace), ==, 0);
  g_assert_cmpuint (iri_bidi_trace_get_paragraph_level (trace), ==, 0);
  g_assert_cmpuint (iri_bidi_trace_get_n_level_runs (trace), ==, 0);
  g_assert_cmpuint (iri_bidi_trace_get_n_reversals (trace), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/bidi-trace/conformance/bidi-character-test", test_bidi_character_test);
  g_test_add_func ("/iri/bidi-trace/conformance/bidi-test", test_bidi_test);
  g_test_add_func ("/iri/bidi-trace/rfc3987bis-examples", test_rfc3987bis_examples);
  g_test_add_func ("/iri/bidi-trace/weak-types", test_weak_types);
  g_test_add_func ("/iri/bidi-trace/brackets", test_brackets);
  g_test_add_func ("/iri/bidi-trace/explicit", test_explicit);
  g_test_add_func ("/iri/bidi-trace/isolates", test_isolates);
  g_test_add_func ("/iri/bidi-trace/line-and-reorder", test_line_and_reorder);
  g_test_add_func ("/iri/bidi-trace/names", test_names);
  g_test_add_func ("/iri/bidi-trace/empty", test_empty);

  return g_test_run ();
}
