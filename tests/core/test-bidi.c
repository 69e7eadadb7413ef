/* test-bidi.c: the display layout of an IRI (RFC 3987bis §4.1, UAX #9)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* For RTLD_NEXT, which the FriBidi counting wrappers below need. */
#define _GNU_SOURCE

#include "config.h"

#include <dlfcn.h>
#include <string.h>

#include <fribidi.h>
#include <pango/pango.h>

#include "iri.h"
#include "iri-bidi-private.h"
#include "iri-grapheme-private.h"

/* ---------------------------------------------------------------- */
/* Counting FriBidi                                                  */

/* The ASCII fast path of IriBidiLayout promises that no FriBidi function
 * is called.  To see it, this executable defines the FriBidi functions
 * that lib/iri calls (iri-bidi.c, iri-bidi-checks.c and iri-analysis.c;
 * `grep -n fribidi_ lib/iri/`), with the exact prototypes of
 * /usr/include/fribidi/.  The test links the internal *static* library,
 * so the linker resolves the library's calls to these definitions, which
 * come first, instead of libfribidi.so's; each wrapper counts the call
 * and forwards it to the real function, found with dlsym (RTLD_NEXT),
 * the next definition in the lookup order after this executable.
 *
 * fribidi_get_mirror_char() is not wrapped: lib/iri never calls it (it
 * mirrors through fribidi_shape_mirroring()), and this test calls it
 * itself, which keeps libfribidi.so a direct dependency of the
 * executable under --as-needed.  Calls that FriBidi or Pango make to
 * these functions internally may be counted too; that only matters
 * where a count is asserted to be 0, and there no FriBidi or Pango code
 * may run at all. */

enum {
  FN_GET_BIDI_TYPE,
  FN_GET_BIDI_TYPES,
  FN_GET_BRACKET_TYPES,
  FN_GET_PAR_EMBEDDING_LEVELS_EX,
  FN_REORDER_LINE,
  FN_SHAPE_MIRRORING,
  FN_GET_JOINING_TYPES,
  FN_JOIN_ARABIC,
  FN_SHAPE,
  N_FNS,
};

static const char * const fn_names[N_FNS] = {
  "fribidi_get_bidi_type",
  "fribidi_get_bidi_types",
  "fribidi_get_bracket_types",
  "fribidi_get_par_embedding_levels_ex",
  "fribidi_reorder_line",
  "fribidi_shape_mirroring",
  "fribidi_get_joining_types",
  "fribidi_join_arabic",
  "fribidi_shape",
};

static guint fn_calls[N_FNS];
static gpointer fn_real[N_FNS];

/* The real function @fn, counting the call.  A data pointer from dlsym()
 * is copied into the function pointer with memcpy(), as POSIX allows,
 * to avoid ISO C's object-to-function pointer conversion. */
static gpointer
count_call (guint fn)
{
  if (fn_real[fn] == NULL)
    {
      fn_real[fn] = dlsym (RTLD_NEXT, fn_names[fn]);
      if (fn_real[fn] == NULL)
        g_error ("Cannot find the real %s: %s", fn_names[fn], dlerror ());
    }
  fn_calls[fn]++;
  return fn_real[fn];
}

#define REAL(fn, type, out) \
  G_STMT_START { gpointer sym_ = count_call (fn); memcpy (&(out), &sym_, sizeof (type)); } G_STMT_END

static void
reset_fribidi_calls (void)
{
  memset (fn_calls, 0, sizeof fn_calls);
}

static guint
total_fribidi_calls (void)
{
  guint total = 0;

  for (guint i = 0; i < N_FNS; i++)
    total += fn_calls[i];
  return total;
}

typedef FriBidiCharType (*GetBidiTypeFunc) (FriBidiChar);
typedef void (*GetBidiTypesFunc) (const FriBidiChar *, const FriBidiStrIndex, FriBidiCharType *);
typedef void (*GetBracketTypesFunc) (const FriBidiChar *, const FriBidiStrIndex,
                                     const FriBidiCharType *, FriBidiBracketType *);
typedef FriBidiLevel (*GetParEmbeddingLevelsExFunc) (const FriBidiCharType *, const FriBidiBracketType *,
                                                     const FriBidiStrIndex, FriBidiParType *,
                                                     FriBidiLevel *);
typedef FriBidiLevel (*ReorderLineFunc) (FriBidiFlags, const FriBidiCharType *, const FriBidiStrIndex,
                                         const FriBidiStrIndex, const FriBidiParType, FriBidiLevel *,
                                         FriBidiChar *, FriBidiStrIndex *);
typedef void (*ShapeMirroringFunc) (const FriBidiLevel *, const FriBidiStrIndex, FriBidiChar *);
typedef void (*GetJoiningTypesFunc) (const FriBidiChar *, const FriBidiStrIndex, FriBidiJoiningType *);
typedef void (*JoinArabicFunc) (const FriBidiCharType *, const FriBidiStrIndex, const FriBidiLevel *,
                                FriBidiArabicProp *);
typedef void (*ShapeFunc) (FriBidiFlags, const FriBidiLevel *, const FriBidiStrIndex,
                           FriBidiArabicProp *, FriBidiChar *);

FriBidiCharType
fribidi_get_bidi_type (FriBidiChar ch)
{
  GetBidiTypeFunc real;

  REAL (FN_GET_BIDI_TYPE, GetBidiTypeFunc, real);
  return real (ch);
}

void
fribidi_get_bidi_types (const FriBidiChar    *str,
                        const FriBidiStrIndex len,
                        FriBidiCharType      *btypes)
{
  GetBidiTypesFunc real;

  REAL (FN_GET_BIDI_TYPES, GetBidiTypesFunc, real);
  real (str, len, btypes);
}

void
fribidi_get_bracket_types (const FriBidiChar     *str,
                           const FriBidiStrIndex  len,
                           const FriBidiCharType *types,
                           FriBidiBracketType    *btypes)
{
  GetBracketTypesFunc real;

  REAL (FN_GET_BRACKET_TYPES, GetBracketTypesFunc, real);
  real (str, len, types, btypes);
}

FriBidiLevel
fribidi_get_par_embedding_levels_ex (const FriBidiCharType    *bidi_types,
                                     const FriBidiBracketType *bracket_types,
                                     const FriBidiStrIndex     len,
                                     FriBidiParType           *pbase_dir,
                                     FriBidiLevel             *embedding_levels)
{
  GetParEmbeddingLevelsExFunc real;

  REAL (FN_GET_PAR_EMBEDDING_LEVELS_EX, GetParEmbeddingLevelsExFunc, real);
  return real (bidi_types, bracket_types, len, pbase_dir, embedding_levels);
}

FriBidiLevel
fribidi_reorder_line (FriBidiFlags           flags,
                      const FriBidiCharType *bidi_types,
                      const FriBidiStrIndex  len,
                      const FriBidiStrIndex  off,
                      const FriBidiParType   base_dir,
                      FriBidiLevel          *embedding_levels,
                      FriBidiChar           *visual_str,
                      FriBidiStrIndex       *map)
{
  ReorderLineFunc real;

  REAL (FN_REORDER_LINE, ReorderLineFunc, real);
  return real (flags, bidi_types, len, off, base_dir, embedding_levels, visual_str, map);
}

void
fribidi_shape_mirroring (const FriBidiLevel    *embedding_levels,
                         const FriBidiStrIndex  len,
                         FriBidiChar           *str)
{
  ShapeMirroringFunc real;

  REAL (FN_SHAPE_MIRRORING, ShapeMirroringFunc, real);
  real (embedding_levels, len, str);
}

void
fribidi_get_joining_types (const FriBidiChar     *str,
                           const FriBidiStrIndex  len,
                           FriBidiJoiningType    *jtypes)
{
  GetJoiningTypesFunc real;

  REAL (FN_GET_JOINING_TYPES, GetJoiningTypesFunc, real);
  real (str, len, jtypes);
}

void
fribidi_join_arabic (const FriBidiCharType *bidi_types,
                     const FriBidiStrIndex  len,
                     const FriBidiLevel    *embedding_levels,
                     FriBidiArabicProp     *ar_props)
{
  JoinArabicFunc real;

  REAL (FN_JOIN_ARABIC, JoinArabicFunc, real);
  real (bidi_types, len, embedding_levels, ar_props);
}

void
fribidi_shape (FriBidiFlags           flags,
               const FriBidiLevel    *embedding_levels,
               const FriBidiStrIndex  len,
               FriBidiArabicProp     *ar_props,
               FriBidiChar           *str)
{
  ShapeFunc real;

  REAL (FN_SHAPE, ShapeFunc, real);
  real (flags, embedding_levels, len, ar_props, str);
}

/* ---------------------------------------------------------------- */
/* Helpers                                                           */

static gunichar *
chars_of (const char *text,
          gsize      *n_chars)
{
  glong n = 0;
  gunichar *chars = g_utf8_to_ucs4_fast (text, -1, &n);

  *n_chars = n;
  return chars;
}

static IriBidiLayout *
layout_new (const char         *text,
            IriDisplayMode      mode,
            IriBidiLayoutFlags  flags)
{
  IriBidiLayout *layout = iri_bidi_layout_new_full (text, -1, mode, flags);

  g_assert_nonnull (layout);
  return layout;
}

/* The levels of a layout as a string of digits, for readable failures. */
static char *
levels_string (IriBidiLayout *layout)
{
  gsize n;
  const guint8 *levels = iri_bidi_layout_get_levels (layout, &n);
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append_c (out, '0' + levels[i]);
  return g_string_free (out, FALSE);
}

/* The logical index at every visual position, space-separated. */
static char *
order_string (IriBidiLayout *layout)
{
  gsize n = iri_bidi_layout_get_n_chars (layout);
  GString *out = g_string_new (NULL);

  for (gsize v = 0; v < n; v++)
    g_string_append_printf (out, "%s%" G_GSIZE_FORMAT, v > 0 ? " " : "",
                            iri_bidi_layout_visual_to_logical (layout, v));
  return g_string_free (out, FALSE);
}

static char *
cursor_positions_string (IriBidiLayout *layout)
{
  gsize n = iri_bidi_layout_get_n_chars (layout);
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i <= n; i++)
    {
      if (iri_bidi_layout_is_cursor_position (layout, i))
        g_string_append_printf (out, "%s%" G_GSIZE_FORMAT, out->len > 0 ? " " : "", i);
    }
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------- */
/* 1. UAX #9 conformance: BidiCharacterTest.txt                     */

/* Lines of BidiCharacterTest.txt on which FriBidi 1.0.8 itself is
 * wrong, with the reason.  The test asserts that the failing lines are
 * exactly these, and that on each of them a direct FriBidi call gives
 * the layout's answer, so the difference is not our layer's.
 *
 * FriBidi 1.0.8 passes every line of the Unicode 15.0 file (45 849
 * lines in LTR paragraphs, 45 830 in RTL ones), so the table has only
 * its terminator.  Line numbers refer to BidiCharacterTest-15.0.0.txt;
 * another version of the file renumbers them. */
typedef struct {
  guint       line;        /* 0 ends the table */
  guint       direction;   /* 0: LTR paragraph, 1: RTL paragraph */
  const char *reason;
} KnownFailure;

static const KnownFailure fribidi_known_failures[] = {
  { 0, 0, NULL },
};

/* Runs FriBidi directly, as a display would without our layer: the
 * levels (after L1) and the visual order without rule L3. */
static void
fribidi_direct (const gunichar *chars,
                gsize           n,
                gboolean        rtl,
                guint8         *out_levels,
                gsize          *out_vis2log)
{
  g_autofree FriBidiCharType *types = g_new (FriBidiCharType, MAX (n, 1));
  g_autofree FriBidiBracketType *brackets = g_new (FriBidiBracketType, MAX (n, 1));
  g_autofree FriBidiLevel *levels = g_new (FriBidiLevel, MAX (n, 1));
  g_autofree FriBidiStrIndex *map = g_new (FriBidiStrIndex, MAX (n, 1));
  FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
  FriBidiLevel max_level;

  fribidi_get_bidi_types (chars, n, types);
  fribidi_get_bracket_types (chars, n, types, brackets);
  max_level = fribidi_get_par_embedding_levels_ex (types, brackets, n, &base, levels);
  g_assert_cmpint (max_level, >, 0);
  for (gsize i = 0; i < n; i++)
    map[i] = i;
  max_level = fribidi_reorder_line (0, types, n, 0, base, levels, NULL, map);
  g_assert_cmpint (max_level, >, 0);
  for (gsize i = 0; i < n; i++)
    {
      out_levels[i] = levels[i];
      out_vis2log[i] = map[i];
    }
}

#define LEVEL_X 0xFF

/* One line of the file.  The third field, the resolved paragraph level,
 * is not read: with direction 0 or 1 it is the direction. */
typedef struct {
  guint   direction;
  GArray *chars;    /* gunichar */
  GArray *levels;   /* guint8, LEVEL_X for characters removed by X9 */
  GArray *order;    /* gsize */
} ConformanceLine;

static gboolean
parse_conformance_line (char            *line,
                        ConformanceLine *out)
{
  char *fields[5];
  char *p = line;
  char *end;

  for (guint f = 0; f < 5; f++)
    {
      fields[f] = p;
      p = strchr (p, f < 4 ? ';' : '\0');
      if (p == NULL)
        return FALSE;
      if (f < 4)
        *p++ = '\0';
    }

  g_array_set_size (out->chars, 0);
  g_array_set_size (out->levels, 0);
  g_array_set_size (out->order, 0);

  for (p = fields[0]; *p != '\0'; p = end)
    {
      gunichar c = g_ascii_strtoull (p, &end, 16);

      if (end == p)
        break;
      g_array_append_val (out->chars, c);
      while (*end == ' ')
        end++;
    }
  out->direction = g_ascii_strtoull (fields[1], NULL, 10);

  for (p = fields[3]; *p != '\0'; )
    {
      guint8 level;

      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      if (*p == 'x')
        {
          level = LEVEL_X;
          p++;
        }
      else
        {
          level = g_ascii_strtoull (p, &end, 10);
          p = end;
        }
      g_array_append_val (out->levels, level);
    }

  for (p = fields[4]; *p != '\0'; )
    {
      gsize index;

      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      index = g_ascii_strtoull (p, &end, 10);
      if (end == p)
        break;
      p = end;
      g_array_append_val (out->order, index);
    }

  return out->chars->len > 0 && out->levels->len == out->chars->len;
}

/* Compares levels and order (both over the characters not removed by
 * X9) with the expectations of a test line. */
static gboolean
matches_expected (const ConformanceLine *cl,
                  const guint8          *levels,
                  const gsize           *vis2log)
{
  gsize n = cl->chars->len;
  gsize k = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint8 expected = g_array_index (cl->levels, guint8, i);

      if (expected != LEVEL_X && expected != levels[i])
        return FALSE;
    }

  for (gsize v = 0; v < n; v++)
    {
      gsize log = vis2log[v];

      if (g_array_index (cl->levels, guint8, log) == LEVEL_X)
        continue;
      if (k >= cl->order->len || g_array_index (cl->order, gsize, k) != log)
        return FALSE;
      k++;
    }
  return k == cl->order->len;
}

static void
test_conformance (void)
{
  const char *path = g_getenv ("IRI_BIDI_CHARACTER_TEST");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) utf8 = g_string_new (NULL);
  GArray *failures[2];
  ConformanceLine cl = { 0, };
  guint pass[2] = { 0, 0 }, ours[2] = { 0, 0 };
  guint n_auto = 0, n_known[2] = { 0, 0 };
  char *line, *next;
  guint line_no = 0;

  g_test_summary ("UAX #9 BidiCharacterTest.txt through IriBidiLayout: levels "
                  "and visual order of every line with an LTR (0) or RTL (1) "
                  "paragraph direction");

  if (path == NULL || *path == '\0')
    {
      g_test_skip ("IRI_BIDI_CHARACTER_TEST is not set: no UAX #9 "
                   "BidiCharacterTest.txt to run (meson option bidi_character_test)");
      return;
    }
  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf ("Cannot read UAX #9 test data “%s”: %s",
                                                  path, error->message);

      g_test_skip (message);
      return;
    }

  failures[0] = g_array_new (FALSE, FALSE, sizeof (guint));
  failures[1] = g_array_new (FALSE, FALSE, sizeof (guint));
  cl.chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  cl.levels = g_array_new (FALSE, FALSE, sizeof (guint8));
  cl.order = g_array_new (FALSE, FALSE, sizeof (gsize));

  for (line = contents; line != NULL && *line != '\0'; line = next)
    {
      g_autoptr(IriBidiLayout) layout = NULL;
      IriBidiLayoutFlags flags = IRI_BIDI_LAYOUT_KEEP_MARK_ORDER;
      g_autofree gsize *vis2log = NULL;
      g_autofree guint8 *direct_levels = NULL;
      g_autofree gsize *direct_vis2log = NULL;
      const guint8 *levels;
      gsize n, n_levels;
      gboolean rtl;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      line_no++;

      if (line_no == 1)
        g_test_message ("%s", line);   /* the file's name and version */
      if (*line == '#' || *line == '\0')
        continue;
      if (!parse_conformance_line (line, &cl))
        g_error ("%s:%u: cannot parse the line", path, line_no);

      /* §4.1 lays out an IRI in a left-to-right embedding and never
       * guesses the direction from the first strong character, so the
       * layout has no "auto" paragraph direction to test. */
      if (cl.direction == 2)
        {
          n_auto++;
          continue;
        }
      g_assert_cmpuint (cl.direction, <=, 1);
      rtl = cl.direction == 1;
      if (rtl)
        flags |= IRI_BIDI_LAYOUT_RTL_PARAGRAPH;

      /* The test's visual order does not apply rule L3, hence
       * KEEP_MARK_ORDER. */
      n = cl.chars->len;
      g_string_truncate (utf8, 0);
      for (gsize i = 0; i < n; i++)
        g_string_append_unichar (utf8, g_array_index (cl.chars, gunichar, i));
      layout = iri_bidi_layout_new_full (utf8->str, utf8->len, IRI_DISPLAY_EMBED, flags);
      g_assert_nonnull (layout);
      g_assert_cmpuint (iri_bidi_layout_get_n_chars (layout), ==, n);
      levels = iri_bidi_layout_get_levels (layout, &n_levels);
      g_assert_cmpuint (n_levels, ==, n);
      vis2log = g_new (gsize, n);
      for (gsize v = 0; v < n; v++)
        vis2log[v] = iri_bidi_layout_visual_to_logical (layout, v);

      /* Our layer adds nothing to FriBidi here: a direct call gives the
       * same levels and order (removed characters included). */
      direct_levels = g_new (guint8, n);
      direct_vis2log = g_new (gsize, n);
      fribidi_direct ((const gunichar *) (gpointer) cl.chars->data, n, rtl, direct_levels, direct_vis2log);
      if (memcmp (direct_levels, levels, n) != 0 ||
          memcmp (direct_vis2log, vis2log, n * sizeof (gsize)) != 0)
        {
          g_autofree char *got = levels_string (layout);

          ours[rtl]++;
          g_test_message ("%s:%u: the layout differs from a direct FriBidi call (levels %s)",
                          path, line_no, got);
        }

      if (matches_expected (&cl, levels, vis2log))
        pass[rtl]++;
      else
        {
          g_autofree char *got_levels = levels_string (layout);
          g_autofree char *got_order = order_string (layout);

          g_array_append_val (failures[rtl], line_no);
          g_test_message ("%s:%u: %s paragraph: levels %s, order %s", path, line_no,
                          rtl ? "RTL" : "LTR", got_levels, got_order);
        }
    }

  g_array_unref (cl.chars);
  g_array_unref (cl.levels);
  g_array_unref (cl.order);

  g_test_message ("BidiCharacterTest LTR paragraphs: %u passed, %u failed",
                  pass[0], failures[0]->len);
  g_test_message ("BidiCharacterTest RTL paragraphs: %u passed, %u failed",
                  pass[1], failures[1]->len);
  g_test_message ("BidiCharacterTest: %u lines with auto direction (2) skipped "
                  "on purpose: RFC 3987bis section 4.1 never guesses the direction",
                  n_auto);

  /* The layout is FriBidi on every line, so any failure is FriBidi's... */
  g_assert_cmpuint (ours[0], ==, 0);
  g_assert_cmpuint (ours[1], ==, 0);

  /* ...and the failures are exactly the known ones, in file order. */
  for (gsize k = 0; fribidi_known_failures[k].line != 0; k++)
    {
      guint direction = fribidi_known_failures[k].direction;
      GArray *found = failures[direction];

      g_assert_cmpuint (n_known[direction], <, found->len);
      g_assert_cmpuint (g_array_index (found, guint, n_known[direction]), ==, fribidi_known_failures[k].line);
      n_known[direction]++;
    }
  g_assert_cmpuint (failures[0]->len, ==, n_known[0]);
  g_assert_cmpuint (failures[1]->len, ==, n_known[1]);
  g_assert_cmpuint (pass[0], >, 0);
  g_assert_cmpuint (pass[1], >, 0);

  g_array_unref (failures[0]);
  g_array_unref (failures[1]);
}

/* ---------------------------------------------------------------- */
/* 2. Properties of pseudo-random IRI-like strings                   */

/* A fixed seed, so that every run tests the same strings and a failure
 * can be replayed; --seed does not change it. */
#define RANDOM_SEED       0x3987u
#define N_RANDOM_STRINGS  5000
#define MAX_ATOMS         24

/* One random piece of an IRI-like text, from an alphabet that has every
 * bidi class an IRI meets (L, EN, AN, R, AL, NSM, CS, ET, ON, WS, B, BN)
 * and every kind of grapheme cluster that must not be split. */
static void
append_random_atom (GString *out,
                    GRand   *rand)
{
  static const char delimiters[] = ":/?#[]@.&=;%()";

  switch (g_rand_int_range (rand, 0, 17))
    {
    case 0:
    case 1:
      g_string_append_c (out, (g_rand_boolean (rand) ? 'a' : 'A') + g_rand_int_range (rand, 0, 26));
      break;
    case 2:
      g_string_append_c (out, '0' + g_rand_int_range (rand, 0, 10));
      break;
    case 3:
      /* ARABIC-INDIC DIGIT ZERO…NINE (AN) */
      g_string_append_unichar (out, 0x0660 + g_rand_int_range (rand, 0, 10));
      break;
    case 4:
    case 5:
      /* Hebrew letters, ALEF…TAV (R) */
      g_string_append_unichar (out, 0x05D0 + g_rand_int_range (rand, 0, 27));
      break;
    case 6:
      /* Hebrew points and punctuation, SHEVA…QAMATS QATAN (mostly NSM) */
      g_string_append_unichar (out, 0x05B0 + g_rand_int_range (rand, 0, 0x13));
      break;
    case 7:
    case 8:
      /* Arabic letters, ALEF…YEH (AL) */
      g_string_append_unichar (out, 0x0627 + g_rand_int_range (rand, 0, 0x24));
      break;
    case 9:
      /* Arabic harakat, FATHATAN…SUKUN (NSM) */
      g_string_append_unichar (out, 0x064B + g_rand_int_range (rand, 0, 8));
      break;
    case 10:
    case 11:
    case 12:
      g_string_append_c (out, delimiters[g_rand_int_range (rand, 0, sizeof delimiters - 1)]);
      break;
    case 13:
      g_string_append_c (out, ' ');
      break;
    case 14:
      /* COMBINING ACUTE ACCENT, also after delimiters and spaces */
      g_string_append_unichar (out, 0x0301);
      break;
    case 15:
      if (g_rand_boolean (rand))
        {
          /* MAN ZWJ WOMAN ZWJ GIRL: one cluster of 5 code points */
          g_string_append (out, "\U0001F468\u200D\U0001F469\u200D\U0001F467");
        }
      else
        {
          /* A regional-indicator pair: a flag, whether or not the two
           * letters name a country. */
          g_string_append_unichar (out, 0x1F1E6 + g_rand_int_range (rand, 0, 26));
          g_string_append_unichar (out, 0x1F1E6 + g_rand_int_range (rand, 0, 26));
        }
      break;
    default:
      g_string_append (out, "\r\n");
      break;
    }
}

/* The text of a layout under test, with what the test derives from it
 * independently of the layout. */
typedef struct {
  const char   *text;
  gsize         length;
  gunichar     *chars;
  gsize         n;
  gsize        *char_bytes;   /* n + 1 */
  PangoLogAttr *attrs;        /* n + 1 */
  gsize         n_cursors;
} Sample;

static void
sample_init (Sample     *sample,
             const char *text,
             gsize       length)
{
  const char *p = text;

  sample->text = text;
  sample->length = length;
  sample->chars = g_utf8_to_ucs4_fast (text, length, NULL);
  sample->n = g_utf8_strlen (text, length);
  sample->char_bytes = g_new (gsize, sample->n + 1);
  for (gsize i = 0; i < sample->n; i++)
    {
      sample->char_bytes[i] = p - text;
      p = g_utf8_next_char (p);
    }
  sample->char_bytes[sample->n] = length;

  /* Grapheme clusters (UAX #29) as Pango finds them, the reference for
   * the layout's cursor positions. */
  sample->attrs = g_new0 (PangoLogAttr, sample->n + 1);
  pango_get_log_attrs (text, length, -1, pango_language_from_string ("und"),
                       sample->attrs, sample->n + 1);
  sample->n_cursors = 0;
  for (gsize i = 0; i <= sample->n; i++)
    sample->n_cursors += sample->attrs[i].is_cursor_position;
}

static void
sample_clear (Sample *sample)
{
  g_free (sample->chars);
  g_free (sample->char_bytes);
  g_free (sample->attrs);
}

static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK ||
         type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK;
}

/* (a) The maps are inverse permutations. */
static void
check_maps (IriBidiLayout *layout,
            const Sample  *sample)
{
  for (gsize i = 0; i < sample->n; i++)
    {
      gsize v = iri_bidi_layout_logical_to_visual (layout, i);

      g_assert_cmpuint (v, <, sample->n);
      g_assert_cmpuint (iri_bidi_layout_visual_to_logical (layout, v), ==, i);
    }
  for (gsize v = 0; v < sample->n; v++)
    {
      gsize i = iri_bidi_layout_visual_to_logical (layout, v);

      g_assert_cmpuint (i, <, sample->n);
      g_assert_cmpuint (iri_bidi_layout_logical_to_visual (layout, i), ==, v);
    }
}

/* (c) The runs, in visual order, tile the visual line; each is
 * contiguous in logical order too, reversed when its level is odd, and
 * every character in it has its level. */
static void
check_runs (IriBidiLayout *layout,
            const Sample  *sample)
{
  g_autofree guint8 *covered = g_malloc0 (sample->n + 1);
  guint n_runs = iri_bidi_layout_get_n_runs (layout);
  gsize visual = 0;
  IriBidiRun prev = { 0, };

  if (sample->n > 0)
    g_assert_cmpuint (n_runs, >, 0);

  for (guint r = 0; r < n_runs; r++)
    {
      IriBidiRun run;

      iri_bidi_layout_get_run (layout, r, &run);
      g_assert_cmpuint (run.start, <, run.end);
      g_assert_cmpuint (run.end, <=, sample->n);
      g_assert_cmpuint (run.visual_start, ==, visual);

      for (gsize k = 0; k < run.end - run.start; k++)
        {
          gsize log = (run.level & 1) ? run.end - 1 - k : run.start + k;

          g_assert_cmpuint (covered[log], ==, 0);
          covered[log] = 1;
          g_assert_cmpuint (iri_bidi_layout_logical_to_visual (layout, log), ==, run.visual_start + k);
          g_assert_cmpuint (iri_bidi_layout_get_level (layout, log), ==, run.level);
        }

      /* Runs are maximal: a run that could continue its left neighbour
       * would have been merged with it. */
      if (r > 0 && prev.level == run.level)
        {
          if (run.level & 1)
            g_assert_cmpuint (run.end, !=, prev.start);
          else
            g_assert_cmpuint (run.start, !=, prev.end);
        }

      visual += run.end - run.start;
      prev = run;
    }
  g_assert_cmpuint (visual, ==, sample->n);
}

/* (d) The visual string has the logical characters at their visual
 * positions, mirrored at odd levels (UAX #9 rule L4). */
static void
check_visual_text (IriBidiLayout *layout,
                   const Sample  *sample)
{
  const char *visual = iri_bidi_layout_get_visual_text (layout);
  g_autofree gunichar *visual_chars = NULL;
  glong n_visual = 0;

  g_assert_true (g_utf8_validate (visual, -1, NULL));
  visual_chars = g_utf8_to_ucs4_fast (visual, -1, &n_visual);
  g_assert_cmpuint (n_visual, ==, sample->n);
  g_assert_cmpuint (strlen (visual), ==, sample->length);

  for (gsize v = 0; v < sample->n; v++)
    {
      gsize log = iri_bidi_layout_visual_to_logical (layout, v);
      gunichar expected = sample->chars[log];
      FriBidiChar mirrored;

      if ((iri_bidi_layout_get_level (layout, log) & 1) &&
          fribidi_get_mirror_char (expected, &mirrored))
        expected = mirrored;
      g_assert_cmpuint (visual_chars[v], ==, expected);
    }
}

/* (e) Byte offsets map to the same character in the other string, from
 * any byte of it, and back to its first byte. */
static void
check_byte_maps (IriBidiLayout *layout,
                 const Sample  *sample)
{
  const char *visual = iri_bidi_layout_get_visual_text (layout);
  g_autofree gsize *visual_bytes = g_new (gsize, sample->n + 1);
  const char *p = visual;

  for (gsize v = 0; v < sample->n; v++)
    {
      visual_bytes[v] = p - visual;
      p = g_utf8_next_char (p);
    }
  visual_bytes[sample->n] = p - visual;

  for (gsize i = 0; i < sample->n; i++)
    {
      gsize v = iri_bidi_layout_logical_to_visual (layout, i);

      for (gsize b = sample->char_bytes[i]; b < sample->char_bytes[i + 1]; b++)
        g_assert_cmpuint (iri_bidi_layout_logical_byte_to_visual_byte (layout, b), ==, visual_bytes[v]);
      g_assert_cmpuint (iri_bidi_layout_visual_byte_to_logical_byte (layout, visual_bytes[v]), ==,
                        sample->char_bytes[i]);
    }
  for (gsize v = 0; v < sample->n; v++)
    {
      gsize i = iri_bidi_layout_visual_to_logical (layout, v);

      for (gsize b = visual_bytes[v]; b < visual_bytes[v + 1]; b++)
        g_assert_cmpuint (iri_bidi_layout_visual_byte_to_logical_byte (layout, b), ==, sample->char_bytes[i]);
    }
  g_assert_cmpuint (iri_bidi_layout_logical_byte_to_visual_byte (layout, sample->length), ==, sample->length);
  g_assert_cmpuint (iri_bidi_layout_visual_byte_to_logical_byte (layout, sample->length), ==, sample->length);
}

/* (f) and (g): the cursor stops at the grapheme cluster boundaries that
 * Pango finds, never between a mark and its base; the arrow keys reach
 * each stop once, in both directions, through mixed-direction text; the
 * terminal column of the cursor never goes left while walking right,
 * and a click at that column lands on a stop drawn there. */
static void
check_cursor (IriBidiLayout *layout,
              const Sample  *sample)
{
  gsize n = sample->n;
  g_autofree gsize *walk = g_new (gsize, n + 1);
  g_autofree guint8 *seen = g_malloc0 (n + 1);
  gsize n_walk = 0;
  gsize cursor, next, last_position = 0;
  guint last_column = 0, width = 0;

  for (gsize i = 0; i <= n; i++)
    g_assert_cmpint (iri_bidi_layout_is_cursor_position (layout, i), ==, sample->attrs[i].is_cursor_position);
  g_assert_false (iri_bidi_layout_is_cursor_position (layout, n + 1));

  /* A mark stays with its base: only after a control (CR, LF: UAX #29
   * GB4) does a mark start a cluster of its own. */
  for (gsize i = 1; i < n; i++)
    {
      if (is_mark (sample->chars[i]) && sample->chars[i - 1] != '\r' && sample->chars[i - 1] != '\n')
        g_assert_false (iri_bidi_layout_is_cursor_position (layout, i));
    }

  /* …and is drawn next to it: every cluster occupies contiguous visual
   * positions.  CR LF is the exception: in a right-to-left run,
   * FriBidi's rule L3 (FRIBIDI_FLAG_REORDER_NSM) takes LF for the base
   * of a mark that follows it, although UAX #29 (GB4) makes that mark a
   * cluster of its own, and moves the mark between LF and CR. */
  for (gsize start = 0; start < n; )
    {
      gsize end = start + 1, lo = G_MAXSIZE, hi = 0;

      while (end < n && !sample->attrs[end].is_cursor_position)
        end++;
      if (sample->chars[start] == '\r')
        {
          start = end;
          continue;
        }
      for (gsize i = start; i < end; i++)
        {
          gsize v = iri_bidi_layout_logical_to_visual (layout, i);

          lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
      g_assert_cmpuint (hi - lo + 1, ==, end - start);
      start = end;
    }

  /* Logically: every stop, in increasing and then decreasing order. */
  cursor = 0;
  for (gsize i = 1; i <= n; i++)
    {
      if (!sample->attrs[i].is_cursor_position)
        continue;
      cursor = iri_bidi_layout_move_cursor_logically (layout, cursor, 1);
      g_assert_cmpuint (cursor, ==, i);
    }
  g_assert_cmpuint (cursor, ==, n);
  g_assert_cmpuint (iri_bidi_layout_move_cursor_logically (layout, n, 1), ==, n);
  for (gsize i = n; i-- > 0; )
    {
      if (!sample->attrs[i].is_cursor_position)
        continue;
      cursor = iri_bidi_layout_move_cursor_logically (layout, cursor, -1);
      g_assert_cmpuint (cursor, ==, i);
    }
  g_assert_cmpuint (cursor, ==, 0);
  g_assert_cmpuint (iri_bidi_layout_move_cursor_logically (layout, 0, -1), ==, 0);

  /* Visually, to the right from a click at the left edge. */
  for (gsize v = 0; v < n; v++)
    width += iri_char_get_cell_width (sample->chars[iri_bidi_layout_visual_to_logical (layout, v)]);
  g_assert_cmpuint (iri_bidi_layout_get_width (layout), ==, width);

  cursor = iri_bidi_layout_visual_position_to_cursor (layout, 0);
  for (;;)
    {
      gsize position = iri_bidi_layout_get_cursor_visual_position (layout, cursor);
      guint column = iri_bidi_layout_get_cursor_column (layout, cursor);
      gsize clicked;

      g_assert_true (sample->attrs[cursor].is_cursor_position);
      g_assert_cmpuint (seen[cursor], ==, 0);
      seen[cursor] = 1;
      walk[n_walk++] = cursor;

      g_assert_cmpuint (position, <=, n);
      g_assert_cmpuint (position, >=, last_position);
      g_assert_cmpuint (column, <=, width);
      g_assert_cmpuint (column, >=, last_column);
      last_position = position;
      last_column = column;

      clicked = iri_bidi_layout_column_to_cursor (layout, column);
      g_assert_true (sample->attrs[clicked].is_cursor_position);
      g_assert_cmpuint (iri_bidi_layout_get_cursor_column (layout, clicked), ==, column);

      next = iri_bidi_layout_move_cursor_visually (layout, cursor, 1);
      if (next == cursor)
        break;
      g_assert_cmpuint (n_walk, <=, n);
      cursor = next;
    }
  g_assert_cmpuint (n_walk, ==, sample->n_cursors);

  /* Visually, to the left from a click at the right edge: the same stops
   * in reverse. */
  cursor = iri_bidi_layout_visual_position_to_cursor (layout, n);
  for (gsize k = n_walk; k-- > 0; )
    {
      g_assert_cmpuint (cursor, ==, walk[k]);
      next = iri_bidi_layout_move_cursor_visually (layout, cursor, -1);
      if (k == 0)
        g_assert_cmpuint (next, ==, cursor);
      cursor = next;
    }
}

/* (h) A logical selection is shown as the sorted, disjoint,
 * non-adjacent visual ranges that cover exactly its characters. */
static void
check_selection (IriBidiLayout *layout,
                 const Sample  *sample,
                 gsize          start,
                 gsize          end)
{
  g_autofree IriVisualRange *ranges = NULL;
  g_autofree guint8 *expected = g_malloc0 (sample->n + 1);
  g_autofree guint8 *got = g_malloc0 (sample->n + 1);
  guint n_ranges = G_MAXUINT;

  ranges = iri_bidi_layout_get_selection_ranges (layout, start, end, &n_ranges);
  g_assert_cmpuint (n_ranges, <=, sample->n);

  for (gsize i = MIN (start, end); i < MAX (start, end); i++)
    expected[iri_bidi_layout_logical_to_visual (layout, i)] = 1;

  for (guint r = 0; r < n_ranges; r++)
    {
      g_assert_cmpuint (ranges[r].start, <, ranges[r].end);
      g_assert_cmpuint (ranges[r].end, <=, sample->n);
      if (r > 0)
        g_assert_cmpuint (ranges[r - 1].end, <, ranges[r].start);
      for (gsize v = ranges[r].start; v < ranges[r].end; v++)
        got[v] = 1;
    }
  g_assert_cmpmem (got, sample->n, expected, sample->n);
}

static void
check_layout (const Sample       *sample,
              IriDisplayMode      mode,
              IriBidiLayoutFlags  flags,
              GRand              *rand)
{
  g_autoptr(IriBidiLayout) layout = NULL;
  g_autofree char *buffer = NULL;
  g_autofree char *copy = NULL;
  gsize n = sample->n;

  /* (b) The text is not NUL-terminated where the layout ends, and must
   * neither be read past @length nor changed. */
  buffer = g_malloc (sample->length + 4);
  memcpy (buffer, sample->text, sample->length);
  memcpy (buffer + sample->length, "\xD7\x90(", 4);
  copy = g_memdup2 (buffer, sample->length + 4);

  layout = iri_bidi_layout_new_full (buffer, sample->length, mode, flags);
  g_assert_nonnull (layout);
  g_assert_cmpint (iri_bidi_layout_get_mode (layout), ==, mode);
  g_assert_cmpuint (iri_bidi_layout_get_n_chars (layout), ==, n);
  g_assert_cmpmem (iri_bidi_layout_get_text (layout), strlen (iri_bidi_layout_get_text (layout)),
                   sample->text, sample->length);

  check_maps (layout, sample);
  check_runs (layout, sample);
  check_visual_text (layout, sample);
  check_byte_maps (layout, sample);
  check_cursor (layout, sample);

  check_selection (layout, sample, 0, n);
  check_selection (layout, sample, n, 0);
  check_selection (layout, sample, n / 2, n / 2);
  for (guint k = 0; k < 4; k++)
    {
      gsize s = g_rand_int_range (rand, 0, n + 1);
      gsize e = g_rand_int_range (rand, s, n + 1);

      check_selection (layout, sample, s, e);
    }

  if (iri_bidi_layout_is_trivial (layout))
    {
      g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, iri_bidi_layout_get_text (layout));
      g_assert_cmpuint (iri_bidi_layout_get_n_runs (layout), <=, 1);
    }

  g_assert_cmpmem (buffer, sample->length + 4, copy, sample->length + 4);
}

/* Both display modes, both paragraph directions, with and without rule
 * L3 (marks after their base in right-to-left runs). */
static const struct {
  IriDisplayMode      mode;
  IriBidiLayoutFlags  flags;
} layout_variants[] = {
  { IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_DEFAULT },
  { IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_DEFAULT },
  { IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_RTL_PARAGRAPH },
  { IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_RTL_PARAGRAPH },
  { IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_KEEP_MARK_ORDER },
  { IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_KEEP_MARK_ORDER },
  { IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_RTL_PARAGRAPH | IRI_BIDI_LAYOUT_KEEP_MARK_ORDER },
  { IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_RTL_PARAGRAPH | IRI_BIDI_LAYOUT_KEEP_MARK_ORDER },
};

static void
test_properties (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (RANDOM_SEED);
  g_autoptr(GString) text = g_string_new (NULL);

  gsize n_chars = 0, n_cursors = 0, n_non_ascii = 0;

  g_test_summary ("Invariants of the layout of 5000 pseudo-random IRI-like "
                  "strings, in both display modes and both paragraph directions");

  for (guint s = 0; s < N_RANDOM_STRINGS; s++)
    {
      Sample sample;
      guint n_atoms = g_rand_int_range (rand, 0, MAX_ATOMS + 1);

      g_string_truncate (text, 0);
      for (guint a = 0; a < n_atoms; a++)
        append_random_atom (text, rand);

      sample_init (&sample, text->str, text->len);
      for (gsize k = 0; k < G_N_ELEMENTS (layout_variants); k++)
        check_layout (&sample, layout_variants[k].mode, layout_variants[k].flags, rand);
      n_chars += sample.n;
      n_cursors += sample.n_cursors;
      n_non_ascii += sample.n != sample.length;
      sample_clear (&sample);
    }

  g_test_message ("%u strings (%" G_GSIZE_FORMAT " not ASCII), %" G_GSIZE_FORMAT
                  " characters, %" G_GSIZE_FORMAT " cursor positions, "
                  "%" G_GSIZE_FORMAT " layouts each",
                  N_RANDOM_STRINGS, n_non_ascii, n_chars, n_cursors,
                  G_N_ELEMENTS (layout_variants));
}

/* ---------------------------------------------------------------- */
/* 2 (f). Grapheme clusters that the cursor must not split           */

typedef struct {
  const char *name;
  const char *text;
  const char *cursors;       /* the cursor positions, in code points */
  const char *visual;        /* embed, LTR paragraph, rule L3 applied */
  const char *visual_keep;   /* the same with KEEP_MARK_ORDER */
} ClusterCase;

static const ClusterCase cluster_cases[] = {
  /* e + COMBINING ACUTE ACCENT */
  { "acute", "e\u0301", "0 2", "e\u0301", "e\u0301" },
  /* SHIN + QAMATS + SHIN DOT, LAMED, VAV + HOLAM, FINAL MEM: the points
   * stay with their letter; with L3 they follow it in the visual
   * string, without it the whole word is plainly reversed. */
  { "hebrew-points", "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD", "0 3 4 6 7",
    "\u05DD\u05D5\u05B9\u05DC\u05E9\u05B8\u05C1",
    "\u05DD\u05B9\u05D5\u05DC\u05C1\u05B8\u05E9" },
  /* MEEM + FATHA, REH + SUKUN, HAH + FATHA, BEH + FATHATAN, ALEF */
  { "arabic-harakat", "\u0645\u064E\u0631\u0652\u062D\u064E\u0628\u064B\u0627", "0 2 4 6 8 9",
    "\u0627\u0628\u064B\u062D\u064E\u0631\u0652\u0645\u064E",
    "\u0627\u064B\u0628\u064E\u062D\u0652\u0631\u064E\u0645" },
  /* MAN ZWJ WOMAN ZWJ GIRL: one cluster (UAX #29 GB11) */
  { "emoji-zwj", "\U0001F468\u200D\U0001F469\u200D\U0001F467", "0 5",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467" },
  /* Regional indicators pair up from the start (GB12, GB13): IL US,
   * and a lone third one. */
  { "flags", "\U0001F1EE\U0001F1F1\U0001F1FA\U0001F1F8", "0 2 4",
    "\U0001F1EE\U0001F1F1\U0001F1FA\U0001F1F8", "\U0001F1EE\U0001F1F1\U0001F1FA\U0001F1F8" },
  { "flags-odd", "\U0001F1EE\U0001F1F1\U0001F1FA", "0 2 3",
    "\U0001F1EE\U0001F1F1\U0001F1FA", "\U0001F1EE\U0001F1F1\U0001F1FA" },
  /* CR LF is one cluster (GB3), on the ASCII fast path and off it; CR
   * and LF are paragraph separators, which rule L1 puts at the
   * paragraph level, so each Hebrew letter is a run of its own. */
  { "crlf-ascii", "a\r\nb", "0 1 3 4", "a\r\nb", "a\r\nb" },
  { "crlf-hebrew", "\u05D0\r\n\u05D1", "0 1 3 4", "\u05D0\r\n\u05D1", "\u05D0\r\n\u05D1" },
  /* All of them in one IRI. */
  { "iri", "http://\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD.example/cafe\u0301?\U0001F1EE\U0001F1F1",
    "0 1 2 3 4 5 6 7 10 11 13 14 15 16 17 18 19 20 21 22 23 24 25 26 28 29 31",
    "http://\u05DD\u05D5\u05B9\u05DC\u05E9\u05B8\u05C1.example/cafe\u0301?\U0001F1EE\U0001F1F1",
    "http://\u05DD\u05B9\u05D5\u05DC\u05C1\u05B8\u05E9.example/cafe\u0301?\U0001F1EE\U0001F1F1" },
};

static void
test_cursor_clusters (gconstpointer data)
{
  const ClusterCase *test = data;

  for (gsize k = 0; k < G_N_ELEMENTS (layout_variants); k++)
    {
      g_autoptr(IriBidiLayout) layout = NULL;
      g_autofree char *cursors = NULL;
      Sample sample;

      layout = layout_new (test->text, layout_variants[k].mode, layout_variants[k].flags);
      cursors = cursor_positions_string (layout);
      g_assert_cmpstr (cursors, ==, test->cursors);

      sample_init (&sample, test->text, strlen (test->text));
      check_cursor (layout, &sample);
      sample_clear (&sample);

      if (layout_variants[k].flags == IRI_BIDI_LAYOUT_DEFAULT)
        g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, test->visual);
      else if (layout_variants[k].flags == IRI_BIDI_LAYOUT_KEEP_MARK_ORDER)
        g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, test->visual_keep);
    }
}

/* The cursor at either end of the text borders the paragraph itself:
 * text of the paragraph's direction typed there appears at the
 * paragraph's start or end edge (as Pango's strong cursor does at the
 * start of a line, and at its end after a character of the other
 * direction), so both edges of the line can be reached and no two stops
 * are drawn at the same place. */
static void
test_cursor_text_ends (void)
{
  static const struct {
    const char         *text;
    IriBidiLayoutFlags  flags;
    gsize               positions[4];   /* visual position of cursors 0…n */
  } cases[] = {
    /* "a" at level 0 is drawn at 0, ALEF at 1.  The cursor after "a" is
     * drawn after it, at 1; the end of the text at the right edge, 2,
     * where a Latin letter typed there would appear. */
    { "a\u05D0", IRI_BIDI_LAYOUT_DEFAULT, { 0, 1, 2 } },
    /* ALEF then "a": the start is the left edge, where a Latin letter
     * typed first would appear; between them, the leading edge of "a"
     * (level 0 is closer to the paragraph's than ALEF's 1). */
    { "\u05D0a", IRI_BIDI_LAYOUT_DEFAULT, { 0, 1, 2 } },
    /* ALEF BET, visually BET ALEF: start at the left edge, the cursor
     * between them at the trailing (left) edge of ALEF, 1, and the end
     * at the right edge. */
    { "\u05D0\u05D1", IRI_BIDI_LAYOUT_DEFAULT, { 0, 1, 2 } },
    /* In a right-to-left paragraph, "abc" is at level 2: the start is
     * the right edge, the end the left edge, the inner cursors follow
     * the Latin letters. */
    { "abc", IRI_BIDI_LAYOUT_RTL_PARAGRAPH, { 3, 1, 2, 0 } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IriBidiLayout) layout = layout_new (cases[i].text, IRI_DISPLAY_EMBED, cases[i].flags);
      gsize n = iri_bidi_layout_get_n_chars (layout);

      for (gsize b = 0; b <= n; b++)
        g_assert_cmpuint (iri_bidi_layout_get_cursor_visual_position (layout, b), ==, cases[i].positions[b]);
      /* A click at either edge of the line finds the cursor drawn there. */
      for (gsize b = 0; b <= n; b++)
        {
          gsize position = cases[i].positions[b];

          if (position == 0 || position == n)
            g_assert_cmpuint (iri_bidi_layout_visual_position_to_cursor (layout, position), ==, b);
        }
    }
}

/* A click on a terminal column lands on a cursor drawn at that column,
 * even where zero-width marks make several visual gaps share it. */
static void
test_cursor_column_marks (void)
{
  /* "a", LAM, "#" + FATHATAN + COMBINING ACUTE, RESH, "b".  "#" is
   * neutral between two right-to-left letters, so LAM…RESH is one run
   * at level 1.  With KEEP_MARK_ORDER its visual order is the plain
   * reversal, so the two marks are drawn left of "#": the visual string
   * is "a", RESH, acute, fathatan, "#", LAM, "b", and the cluster
   * "#"+marks spans visual positions 2–4.  The cursor before
   * RESH (logical 5) is the trailing (left) edge of that cluster, visual
   * 2, column 2; gaps 2, 3 and 4 all have column 2, and a click there
   * must give a cursor at column 2, not the one after "#" (column 3). */
  g_autoptr(IriBidiLayout) layout = layout_new ("a\u0644#\u064B\u0301\u05E8b", IRI_DISPLAY_EMBED,
                                                IRI_BIDI_LAYOUT_KEEP_MARK_ORDER);
  gsize clicked;

  g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, "a\u05E8\u0301\u064B#\u0644b");
  g_assert_cmpuint (iri_bidi_layout_get_cursor_visual_position (layout, 5), ==, 2);
  g_assert_cmpuint (iri_bidi_layout_get_cursor_column (layout, 5), ==, 2);
  clicked = iri_bidi_layout_column_to_cursor (layout, 2);
  g_assert_cmpuint (iri_bidi_layout_get_cursor_column (layout, clicked), ==, 2);
  g_assert_cmpuint (clicked, ==, 5);
}

/* ---------------------------------------------------------------- */
/* 3. The ASCII fast path calls no FriBidi function                 */

/* Every query a display or an editor makes, on an ASCII layout: one
 * left-to-right run, identity maps, a cursor at every character. */
static void
exercise_layout (IriBidiLayout *layout)
{
  gsize n = iri_bidi_layout_get_n_chars (layout), n_levels;
  g_autofree char *shaped = iri_bidi_layout_get_visual_text_shaped (layout);
  g_autofree IriVisualRange *ranges = NULL;
  IriBidiRun run;
  guint n_ranges;
  gsize cursor;

  g_assert_cmpstr (shaped, ==, iri_bidi_layout_get_visual_text (layout));
  g_assert_nonnull (iri_bidi_layout_get_levels (layout, &n_levels));
  g_assert_cmpuint (n_levels, ==, n);
  g_assert_cmpuint (iri_bidi_layout_get_n_runs (layout), ==, 1);
  iri_bidi_layout_get_run (layout, 0, &run);
  g_assert_cmpuint (run.start, ==, 0);
  g_assert_cmpuint (run.end, ==, n);
  g_assert_cmpuint (run.level, ==, 0);
  for (gsize i = 0; i < n; i++)
    {
      gsize v = iri_bidi_layout_logical_to_visual (layout, i);

      g_assert_cmpuint (v, ==, i);
      g_assert_cmpuint (iri_bidi_layout_visual_to_logical (layout, v), ==, i);
      g_assert_cmpuint (iri_bidi_layout_logical_byte_to_visual_byte (layout, i), ==, i);
      g_assert_cmpuint (iri_bidi_layout_visual_byte_to_logical_byte (layout, i), ==, i);
    }
  ranges = iri_bidi_layout_get_selection_ranges (layout, 1, n - 1, &n_ranges);
  g_assert_cmpuint (n_ranges, ==, 1);

  cursor = iri_bidi_layout_visual_position_to_cursor (layout, 0);
  for (gsize steps = 0; steps < n; steps++)
    {
      cursor = iri_bidi_layout_move_cursor_visually (layout, cursor, 1);
      g_assert_cmpuint (iri_bidi_layout_get_cursor_column (layout, cursor), ==, steps + 1);
    }
  g_assert_cmpuint (iri_bidi_layout_column_to_cursor (layout, 3), ==, 3);
  g_assert_cmpuint (iri_bidi_layout_move_cursor_logically (layout, 3, -1), ==, 2);
  g_assert_cmpuint (iri_bidi_layout_get_width (layout), ==, n);
}

static void
log_fribidi_calls (const char *what)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < N_FNS; i++)
    {
      if (fn_calls[i] > 0)
        g_string_append_printf (out, " %s (%u)", fn_names[i], fn_calls[i]);
    }
  g_test_message ("FriBidi calls for %s:%s", what, out->len > 0 ? out->str : " none");
  g_string_free (out, TRUE);
}

static void
test_ascii_fast_path (void)
{
  static const char ascii[] = "http://example.org/a?b=c#d";
  static const char hebrew[] = "http://example.org/\u05E9\u05DC\u05D5\u05DD";
  static const IriDisplayMode modes[] = { IRI_DISPLAY_EMBED, IRI_DISPLAY_ISOLATE };

  g_test_summary ("An ASCII IRI is laid out and analysed without calling FriBidi; "
                  "counting wrappers around FriBidi's entry points prove it");

  for (gsize m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autoptr(IriBidiLayout) layout = NULL;

      reset_fribidi_calls ();
      layout = iri_bidi_layout_new (ascii, -1, modes[m]);
      g_assert_true (iri_bidi_layout_is_trivial (layout));
      exercise_layout (layout);
      log_fribidi_calls (modes[m] == IRI_DISPLAY_EMBED ? "an ASCII layout (embed)"
                                                       : "an ASCII layout (isolate)");
      g_assert_cmpuint (total_fribidi_calls (), ==, 0);
    }

  {
    g_autoptr(IriAnalysis) analysis = NULL;

    reset_fribidi_calls ();
    analysis = iri_analyze (ascii, -1);
    g_assert_cmpstr (iri_analysis_get_display (analysis), ==, ascii);
    g_assert_true (iri_bidi_layout_is_trivial (iri_analysis_get_layout (analysis)));
    log_fribidi_calls ("an ASCII analysis");
    g_assert_cmpuint (total_fribidi_calls (), ==, 0);
  }

  /* The wrappers are really in the way: a Hebrew IRI goes through all of
   * the algorithm. */
  for (gsize m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autoptr(IriBidiLayout) layout = NULL;
      g_autofree char *shaped = NULL;

      reset_fribidi_calls ();
      layout = iri_bidi_layout_new (hebrew, -1, modes[m]);
      shaped = iri_bidi_layout_get_visual_text_shaped (layout);
      log_fribidi_calls ("a Hebrew layout");
      g_assert_cmpuint (total_fribidi_calls (), >, 0);
      g_assert_cmpuint (fn_calls[FN_GET_BIDI_TYPES], ==, 2);
      g_assert_cmpuint (fn_calls[FN_GET_BRACKET_TYPES], ==, 1);
      g_assert_cmpuint (fn_calls[FN_GET_PAR_EMBEDDING_LEVELS_EX], ==, 1);
      /* Once from iri-bidi.c, and from inside fribidi_shape(): calls
       * within libfribidi.so go through its PLT, so this executable's
       * definition interposes them as well. */
      g_assert_cmpuint (fn_calls[FN_SHAPE_MIRRORING], >=, 1);
      g_assert_cmpuint (fn_calls[FN_REORDER_LINE], ==, 1);
      g_assert_cmpuint (fn_calls[FN_GET_JOINING_TYPES], ==, 1);
      g_assert_cmpuint (fn_calls[FN_JOIN_ARABIC], ==, 1);
      g_assert_cmpuint (fn_calls[FN_SHAPE], ==, 1);
    }

  {
    g_autoptr(IriAnalysis) analysis = NULL;

    reset_fribidi_calls ();
    analysis = iri_analyze (hebrew, -1);
    log_fribidi_calls ("a Hebrew analysis");
    g_assert_cmpuint (total_fribidi_calls (), >, 0);
    /* iri-analysis.c classifies the units, iri-bidi-checks.c reads the
     * bidi classes, iri-bidi.c lays the text out. */
    g_assert_cmpuint (fn_calls[FN_GET_BIDI_TYPE], >, 0);
    g_assert_cmpuint (fn_calls[FN_GET_BIDI_TYPES], >, 0);
    g_assert_cmpuint (fn_calls[FN_GET_PAR_EMBEDDING_LEVELS_EX], >, 0);
  }

  /* Non-ASCII text without a right-to-left character, Arabic digit or
   * explicit formatting character needs the classes of its characters,
   * but not the algorithm. */
  {
    g_autoptr(IriBidiLayout) layout = NULL;

    reset_fribidi_calls ();
    layout = iri_bidi_layout_new ("http://b\u00FCcher.example/", -1, IRI_DISPLAY_EMBED);
    g_assert_true (iri_bidi_layout_is_trivial (layout));
    g_assert_cmpuint (fn_calls[FN_GET_BIDI_TYPES], ==, 1);
    g_assert_cmpuint (total_fribidi_calls (), ==, 1);
  }
}

/* ---------------------------------------------------------------- */
/* 4. Helpers                                                        */

static void
test_notation (void)
{
  static const IriNotation notations[] = { IRI_NOTATION_HEBREW, IRI_NOTATION_ARABIC };
  static const char iri[] = "HTTP://AB.cd/EF12?G=h&I=%4a#KL\u00E9\u05EA";

  for (gsize k = 0; k < G_N_ELEMENTS (notations); k++)
    {
      IriNotation notation = notations[k];
      gunichar letters[26];
      g_autofree char *rtl = NULL;
      g_autofree char *back = NULL;

      /* Only A–Z change: every other printable ASCII character stays. */
      for (char c = 0x20; c < 0x7F; c++)
        {
          char in[2] = { c, '\0' };
          g_autofree char *out = iri_notation_to_rtl (in, -1, notation);
          g_autofree char *again = iri_notation_from_rtl (out, -1, notation);

          g_assert_cmpstr (again, ==, in);
          if (c < 'A' || c > 'Z')
            {
              g_assert_cmpstr (out, ==, in);
              continue;
            }

          g_assert_cmpuint (g_utf8_strlen (out, -1), ==, 1);
          letters[c - 'A'] = g_utf8_get_char (out);
          if (notation == IRI_NOTATION_HEBREW)
            {
              /* A → ALEF (U+05D0) … Z → SHIN (U+05E9), class R. */
              g_assert_cmpuint (letters[c - 'A'], ==, 0x05D0 + (c - 'A'));
              g_assert_cmpuint (fribidi_get_bidi_type (letters[c - 'A']), ==, FRIBIDI_TYPE_RTL);
            }
          else
            {
              /* Arabic letters, class AL, which turns following
               * European digits into Arabic numbers (rule W2). */
              g_assert_cmpuint (letters[c - 'A'], >=, 0x0621);
              g_assert_cmpuint (letters[c - 'A'], <=, 0x064A);
              g_assert_cmpuint (fribidi_get_bidi_type (letters[c - 'A']), ==, FRIBIDI_TYPE_AL);
            }
        }
      for (guint i = 0; i < 26; i++)
        {
          for (guint j = i + 1; j < 26; j++)
            g_assert_cmpuint (letters[i], !=, letters[j]);
        }

      /* Round trip of a whole IRI; é and TAV (no notation letter) stay. */
      rtl = iri_notation_to_rtl (iri, -1, notation);
      g_assert_cmpuint (g_utf8_strlen (rtl, -1), ==, g_utf8_strlen (iri, -1));
      g_assert_nonnull (strstr (rtl, "cd/"));
      g_assert_nonnull (strstr (rtl, "12?"));
      g_assert_nonnull (strstr (rtl, "=h&"));
      g_assert_nonnull (strstr (rtl, "%4a#"));
      g_assert_nonnull (strstr (rtl, "\u00E9\u05EA"));
      back = iri_notation_from_rtl (rtl, -1, notation);
      g_assert_cmpstr (back, ==, iri);

      /* @length is honoured. */
      {
        g_autofree char *part = iri_notation_to_rtl ("ABC", 2, notation);
        g_autofree char *part_back = iri_notation_from_rtl (part, g_utf8_next_char (part) - part, notation);

        g_assert_cmpuint (g_utf8_strlen (part, -1), ==, 2);
        g_assert_cmpstr (part_back, ==, "A");
      }
    }

  /* No notation: nothing changes, either way. */
  {
    g_autofree char *same = iri_notation_to_rtl (iri, -1, IRI_NOTATION_NONE);
    g_autofree char *same_back = iri_notation_from_rtl ("\u05D0\u0627", -1, IRI_NOTATION_NONE);

    g_assert_cmpstr (same, ==, iri);
    g_assert_cmpstr (same_back, ==, "\u05D0\u0627");
  }
}

static void
test_wrap (void)
{
  static const char iri[] = "http://www.example.com/";
  static const struct {
    IriBidiWrap  wrap;
    const char  *open;
    const char  *close;
  } forms[] = {
    { IRI_BIDI_WRAP_EMBEDDING, "\u202A", "\u202C" },   /* LRE … PDF */
    { IRI_BIDI_WRAP_ISOLATE, "\u2066", "\u2069" },     /* LRI … PDI */
  };

  for (gsize k = 0; k < G_N_ELEMENTS (forms); k++)
    {
      g_autofree char *wrapped = iri_bidi_wrap (iri, -1, forms[k].wrap);
      g_autofree char *expected = g_strconcat (forms[k].open, iri, forms[k].close, NULL);
      g_autofree char *partial = iri_bidi_wrap (iri, 4, forms[k].wrap);
      g_autofree char *expected_partial = g_strconcat (forms[k].open, "http", forms[k].close, NULL);
      g_autofree char *empty = iri_bidi_wrap ("", 0, forms[k].wrap);
      g_autofree char *expected_empty = g_strconcat (forms[k].open, forms[k].close, NULL);
      g_autoptr(IriBidiLayout) layout = NULL;
      g_autoptr(GString) shown = g_string_new (NULL);

      g_assert_cmpstr (wrapped, ==, expected);
      g_assert_cmpstr (partial, ==, expected_partial);
      g_assert_cmpstr (empty, ==, expected_empty);

      /* B-12: wrapped, the IRI displays unchanged even in a
       * right-to-left paragraph (the marks themselves are invisible). */
      layout = layout_new (wrapped, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_RTL_PARAGRAPH);
      for (const char *p = iri_bidi_layout_get_visual_text (layout); *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (c != g_utf8_get_char (forms[k].open) && c != g_utf8_get_char (forms[k].close))
            g_string_append_unichar (shown, c);
        }
      g_assert_cmpstr (shown->str, ==, iri);
    }
}

static void
test_cell_width (void)
{
  static const struct {
    gunichar c;
    guint    width;
  } cases[] = {
    { 'a', 1 }, { ' ', 1 }, { '/', 1 },
    { 0x0000, 0 }, { 0x001B, 0 }, { 0x007F, 0 }, { 0x0085, 0 },   /* controls */
    { 0x00E9, 1 }, { 0x05D0, 1 }, { 0x0627, 1 },
    { 0x0301, 0 }, { 0x05B8, 0 }, { 0x064E, 0 },                   /* marks */
    { 0x200B, 0 }, { 0x200D, 0 },                                   /* ZWSP, ZWJ */
    { 0x4E00, 2 }, { 0xFF21, 2 }, { 0x1F468, 2 },                   /* wide */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (iri_char_get_cell_width (cases[i].c), ==, cases[i].width);

  {
    g_autoptr(IriBidiLayout) layout = layout_new ("a\u4E00e\u0301\uFF21", IRI_DISPLAY_EMBED, 0);

    g_assert_cmpuint (iri_bidi_layout_get_width (layout), ==, 1 + 2 + 1 + 0 + 2);
  }
}

static void
test_shaped (void)
{
  /* SEEN LAM ALEF MEEM: SEEN initial (U+FEB3), LAM medial (U+FEE0), ALEF
   * final (U+FE8E), and MEEM isolated (U+FEE1), because ALEF does not
   * join to the left.  Visual order reverses them.  LAM ALEF is not made
   * a ligature, so every character keeps its cell. */
  static const char salam[] = "\u0633\u0644\u0627\u0645";

  for (gsize k = 0; k < G_N_ELEMENTS (layout_variants); k++)
    {
      g_autoptr(IriBidiLayout) layout = layout_new (salam, layout_variants[k].mode, layout_variants[k].flags);
      g_autofree char *shaped = iri_bidi_layout_get_visual_text_shaped (layout);

      g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, "\u0645\u0627\u0644\u0633");
      g_assert_cmpstr (shaped, ==, "\uFEE1\uFE8E\uFEE0\uFEB3");
      g_assert_cmpuint (g_utf8_strlen (shaped, -1), ==, 4);
      for (const char *p = shaped; *p != '\0'; p = g_utf8_next_char (p))
        {
          g_assert_cmpuint (g_utf8_get_char (p), >=, 0xFE70);
          g_assert_cmpuint (g_utf8_get_char (p), <=, 0xFEFF);
        }
    }

  /* ASCII, and a text with no Arabic, come back as the visual text. */
  {
    static const char * const texts[] = { "http://example.org/(a)", "\u05D0(\u05D1)/x" };

    for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        for (gsize k = 0; k < G_N_ELEMENTS (layout_variants); k++)
          {
            g_autoptr(IriBidiLayout) layout = layout_new (texts[i], layout_variants[k].mode,
                                                          layout_variants[k].flags);
            g_autofree char *shaped = iri_bidi_layout_get_visual_text_shaped (layout);

            g_assert_cmpstr (shaped, ==, iri_bidi_layout_get_visual_text (layout));
          }
      }
  }
}

/* B-12 of PRIOR-ART.md: an IRI in a right-to-left paragraph. */
static void
test_rtl_paragraph (void)
{
  static const char iri[] = "http://www.example.com/";

  for (gsize k = 0; k < G_N_ELEMENTS (layout_variants); k++)
    {
      g_autoptr(IriBidiLayout) layout = layout_new (iri, layout_variants[k].mode, layout_variants[k].flags);

      if ((layout_variants[k].flags & IRI_BIDI_LAYOUT_RTL_PARAGRAPH) &&
          layout_variants[k].mode == IRI_DISPLAY_ISOLATE)
        {
          /* Isolate mode makes the final "/" strong L, so the whole IRI
           * is one level-2 run and displays unchanged even here. */
          g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, iri);
          g_assert_cmpuint (iri_bidi_layout_get_n_runs (layout), ==, 1);
          g_assert_cmpuint (iri_bidi_layout_get_level (layout, strlen (iri) - 1), ==, 2);
        }
      else if (layout_variants[k].flags & IRI_BIDI_LAYOUT_RTL_PARAGRAPH)
        {
          /* "http…com" is a level-2 run; the final "/" lies between it
           * and the paragraph end (eos, R), so rule N2 gives it the
           * paragraph's direction, level 1, and it is drawn first. */
          g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, "/http://www.example.com");
          g_assert_false (iri_bidi_layout_is_trivial (layout));
          g_assert_cmpuint (iri_bidi_layout_get_level (layout, 0), ==, 2);
          g_assert_cmpuint (iri_bidi_layout_get_level (layout, strlen (iri) - 1), ==, 1);
        }
      else
        {
          g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, iri);
          g_assert_true (iri_bidi_layout_is_trivial (layout));
        }
    }
}

/* Rule L4: mirrored characters in right-to-left runs. */
static void
test_mirroring (void)
{
  static const struct {
    const char     *text;
    IriDisplayMode  mode;
    const char     *visual;
  } cases[] = {
    /* ALEF ( BET ): the pair encloses BET (R) and follows ALEF (R), so
     * rule N0 makes both brackets R: one run at level 1, reversed, with
     * "(" shown as ")" and ")" as "(". */
    { "\u05D0(\u05D1)", IRI_DISPLAY_EMBED, "(\u05D1)\u05D0" },
    { "\u05D0[\u05D1]", IRI_DISPLAY_EMBED, "[\u05D1]\u05D0" },
    /* Isolate mode makes [ and ] strong L: level 0, not mirrored, and
     * not a bracket pair any more (BD14 pairs only ON characters). */
    { "\u05D0[\u05D1]", IRI_DISPLAY_ISOLATE, "\u05D0[\u05D1]" },
    /* In a left-to-right run nothing is mirrored. */
    { "a(b)", IRI_DISPLAY_EMBED, "a(b)" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IriBidiLayout) layout = layout_new (cases[i].text, cases[i].mode, 0);

      g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, cases[i].visual);
    }

  /* The logical "(" (index 1) is displayed as ")". */
  {
    g_autoptr(IriBidiLayout) layout = layout_new ("\u05D0(\u05D1)", IRI_DISPLAY_EMBED, 0);
    const char *visual = iri_bidi_layout_get_visual_text (layout);
    gsize v = iri_bidi_layout_logical_to_visual (layout, 1);

    g_assert_cmpuint (iri_bidi_layout_get_level (layout, 1), ==, 1);
    g_assert_cmpuint (g_utf8_get_char (g_utf8_offset_to_pointer (visual, v)), ==, ')');
  }
}

/* ---------------------------------------------------------------- */
/* 5. PRIOR-ART B-11: Hebrew letters and every ASCII punctuation mark */

/* 33 Hebrew letters at even indices, the 32 ASCII punctuation marks in
 * code point order at odd indices: 65 characters. */
static const char b11_text[] =
  "\u05D0!\u05D1\"\u05D2#\u05D3$\u05D4%\u05D5&\u05D6'\u05D7(\u05D8)\u05D9*"
  "\u05DA+\u05DB,\u05DC-\u05DD.\u05DE/\u05DF:\u05E0;\u05E1<\u05E2=\u05E3>"
  "\u05E4?\u05E5@\u05E6[\u05E7\\\u05E8]\u05E9^\u05EA_\u05D0`\u05D1{\u05D2|"
  "\u05D3}\u05D4~\u05D5";

static gboolean
is_isolate_delimiter (gunichar c)
{
  return c < 0x80 && strchr (":/?#[]@.&=;", (int) c) != NULL;
}

static void
assert_runs (IriBidiLayout    *layout,
             const IriBidiRun *expected,
             gsize             n_expected)
{
  g_assert_cmpuint (iri_bidi_layout_get_n_runs (layout), ==, n_expected);
  for (guint r = 0; r < n_expected; r++)
    {
      IriBidiRun run;

      iri_bidi_layout_get_run (layout, r, &run);
      g_assert_cmpuint (run.start, ==, expected[r].start);
      g_assert_cmpuint (run.end, ==, expected[r].end);
      g_assert_cmpuint (run.visual_start, ==, expected[r].visual_start);
      g_assert_cmpuint (run.level, ==, expected[r].level);
    }
}

static guint8
level_at_visual (IriBidiLayout *layout,
                 gsize          visual_index)
{
  return iri_bidi_layout_get_level (layout, iri_bidi_layout_visual_to_logical (layout, visual_index));
}

static void
test_prior_art_b11 (void)
{
  /* Isolate mode makes `: / ? # [ ] @ . & =  ;` strong L.  In this text
   * they are at 5 (#), 11 (&), 27 (.), 29 (/), 31 (:), 33 (;), 37 (=),
   * 41 (?), 43 (@), 45 ([) and 49 (]); Chromium's AS_URL set `#&./:=?@`
   * lacks ; [ and ].  Every other mark sits between two Hebrew letters
   * (R), so rule N1 makes it R; the pairs ( ) and { } enclose only R and
   * follow R, so N0 makes them R too; [ and ] are L, hence not a pair
   * (BD14).  In a left-to-right paragraph, R is at level 1 and L at
   * level 0 (rules I1, I2), so the right-to-left runs are the gaps
   * between the delimiters: 0–4, 6–10, 12–26, 28, 30, 32, 34–36, 38–40,
   * 42, 44, 46–48, 50–64.  Chromium finds RTL runs starting at 0, 6, 12,
   * 28, 30, 32, 38, 42, 44: ours split theirs at 33 (;), 45 ([) and 49
   * (]), and add runs at 34, 46 and 50.  Level 0 never reorders, so each
   * run is drawn where it starts. */
  static const IriBidiRun isolate_ltr[] = {
    { 0, 5, 0, 1 }, { 5, 6, 5, 0 }, { 6, 11, 6, 1 }, { 11, 12, 11, 0 },
    { 12, 27, 12, 1 }, { 27, 28, 27, 0 }, { 28, 29, 28, 1 }, { 29, 30, 29, 0 },
    { 30, 31, 30, 1 }, { 31, 32, 31, 0 }, { 32, 33, 32, 1 }, { 33, 34, 33, 0 },
    { 34, 37, 34, 1 }, { 37, 38, 37, 0 }, { 38, 41, 38, 1 }, { 41, 42, 41, 0 },
    { 42, 43, 42, 1 }, { 43, 44, 43, 0 }, { 44, 45, 44, 1 }, { 45, 46, 45, 0 },
    { 46, 49, 46, 1 }, { 49, 50, 49, 0 }, { 50, 65, 50, 1 },
  };
  /* Without isolation every mark resolves to R (as above, and W6 turns
   * the separators and terminators into ON first): one right-to-left
   * run at level 1, in either paragraph direction, since the text starts
   * and ends with a Hebrew letter.  The whole line is reversed. */
  static const IriBidiRun embed[] = { { 0, 65, 0, 1 } };
  gsize n_chars;
  g_autofree gunichar *chars = chars_of (b11_text, &n_chars);
  g_autoptr(GString) reversed = g_string_new (NULL);

  g_assert_cmpuint (n_chars, ==, 65);
  for (gsize i = 0; i < n_chars; i++)
    {
      if (i % 2 == 0)
        g_assert_cmpint (fribidi_get_bidi_type (chars[i]), ==, FRIBIDI_TYPE_RTL);
      else
        g_assert_true (g_ascii_ispunct (chars[i]));
    }

  /* The reversal of the whole text, brackets mirrored (rule L4). */
  for (gsize i = n_chars; i-- > 0; )
    {
      FriBidiChar mirrored = chars[i];

      fribidi_get_mirror_char (chars[i], &mirrored);
      g_string_append_unichar (reversed, mirrored);
    }

  {
    g_autoptr(IriBidiLayout) layout = layout_new (b11_text, IRI_DISPLAY_EMBED, 0);
    g_autoptr(IriBidiLayout) rtl = layout_new (b11_text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_RTL_PARAGRAPH);

    assert_runs (layout, embed, G_N_ELEMENTS (embed));
    assert_runs (rtl, embed, G_N_ELEMENTS (embed));
    g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, reversed->str);
    g_assert_cmpstr (iri_bidi_layout_get_visual_text (rtl), ==, reversed->str);
  }

  {
    g_autoptr(IriBidiLayout) layout = layout_new (b11_text, IRI_DISPLAY_ISOLATE, 0);
    g_autoptr(IriBidiLayout) rtl = layout_new (b11_text, IRI_DISPLAY_ISOLATE, IRI_BIDI_LAYOUT_RTL_PARAGRAPH);
    IriBidiRun isolate_rtl[G_N_ELEMENTS (isolate_ltr)];
    gsize n_delimiters = 0;

    assert_runs (layout, isolate_ltr, G_N_ELEMENTS (isolate_ltr));

    /* In a right-to-left paragraph the same runs, with the delimiters at
     * level 2 (rule I2), are drawn in reverse order (rule L2 reverses
     * the whole line at level 1, then each one-character run at level
     * 2, which changes nothing). */
    for (gsize r = 0; r < G_N_ELEMENTS (isolate_ltr); r++)
      {
        IriBidiRun run = isolate_ltr[G_N_ELEMENTS (isolate_ltr) - 1 - r];

        run.visual_start = n_chars - run.end;
        run.level = run.level == 0 ? 2 : 1;
        isolate_rtl[r] = run;
      }
    assert_runs (rtl, isolate_rtl, G_N_ELEMENTS (isolate_rtl));

    /* Every isolate delimiter is at an even level, alone in its run,
     * between two right-to-left runs. */
    for (gsize i = 0; i < n_chars; i++)
      {
        IriBidiLayout *layouts[] = { layout, rtl };

        if (!is_isolate_delimiter (chars[i]))
          continue;
        n_delimiters++;
        for (gsize l = 0; l < G_N_ELEMENTS (layouts); l++)
          {
            gsize v = iri_bidi_layout_logical_to_visual (layouts[l], i);

            g_assert_cmpuint (iri_bidi_layout_get_level (layouts[l], i) % 2, ==, 0);
            g_assert_cmpuint (v, >, 0);
            g_assert_cmpuint (v, <, n_chars - 1);
            g_assert_cmpuint (level_at_visual (layouts[l], v - 1) % 2, ==, 1);
            g_assert_cmpuint (level_at_visual (layouts[l], v + 1) % 2, ==, 1);
          }
      }
    g_assert_cmpuint (n_delimiters, ==, 11);
  }

  /* Chromium's own set `#&./:=?@`, forced to L in a direct FriBidi call,
   * gives the numbers PRIOR-ART quotes from Chromium's test: 17 runs,
   * right-to-left ones starting at 0, 6, 12, 28, 30, 32, 38, 42 and 44,
   * and one-character left-to-right ones at 5, 11, 27, 29, 31, 37, 41
   * and 43.  This checks the reasoning above against FriBidi. */
  {
    static const gsize rtl_starts[] = { 0, 6, 12, 28, 30, 32, 38, 42, 44 };
    static const gsize ltr_starts[] = { 5, 11, 27, 29, 31, 37, 41, 43 };
    g_autofree FriBidiCharType *types = g_new (FriBidiCharType, n_chars);
    g_autofree FriBidiBracketType *brackets = g_new (FriBidiBracketType, n_chars);
    g_autofree FriBidiLevel *levels = g_new (FriBidiLevel, n_chars);
    FriBidiParType base = FRIBIDI_PAR_LTR;
    FriBidiLevel max_level;
    gsize n_rtl = 0, n_ltr = 0;

    fribidi_get_bidi_types (chars, n_chars, types);
    for (gsize i = 0; i < n_chars; i++)
      {
        if (chars[i] < 0x80 && strchr ("#&./:=?@", (int) chars[i]) != NULL)
          types[i] = FRIBIDI_TYPE_LTR;
      }
    fribidi_get_bracket_types (chars, n_chars, types, brackets);
    /* FriBidi returns the highest level plus one (0 on failure). */
    max_level = fribidi_get_par_embedding_levels_ex (types, brackets, n_chars, &base, levels);
    g_assert_cmpint (max_level, ==, 1 + 1);

    for (gsize start = 0, end; start < n_chars; start = end)
      {
        for (end = start + 1; end < n_chars && levels[end] == levels[start]; end++)
          ;
        if (levels[start] == 1)
          {
            g_assert_cmpuint (n_rtl, <, G_N_ELEMENTS (rtl_starts));
            g_assert_cmpuint (start, ==, rtl_starts[n_rtl++]);
          }
        else
          {
            g_assert_cmpuint (n_ltr, <, G_N_ELEMENTS (ltr_starts));
            g_assert_cmpuint (start, ==, ltr_starts[n_ltr++]);
            g_assert_cmpuint (end - start, ==, 1);
          }
      }
    g_assert_cmpuint (n_rtl, ==, G_N_ELEMENTS (rtl_starts));
    g_assert_cmpuint (n_ltr, ==, G_N_ELEMENTS (ltr_starts));
  }
}

/* ---------------------------------------------------------------- */
/* 6. PRIOR-ART B-15: the bidi.jsp teaching table                   */

static void
test_prior_art_b15 (void)
{
  /* mark 3.1% MEEM ALEF REH SUKUN KAF 2.0. */
  static const char text[] = "mark 3.1% \u0645\u0627\u0631\u0652\u0643 2.0.";
  /* The classes of the table: L L L L WS EN CS EN ET WS AL AL AL NSM AL
   * WS EN CS EN CS. */
  static const FriBidiCharType classes[] = {
    FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_WS,
    FRIBIDI_TYPE_EN, FRIBIDI_TYPE_CS, FRIBIDI_TYPE_EN, FRIBIDI_TYPE_ET, FRIBIDI_TYPE_WS,
    FRIBIDI_TYPE_AL, FRIBIDI_TYPE_AL, FRIBIDI_TYPE_AL, FRIBIDI_TYPE_NSM, FRIBIDI_TYPE_AL,
    FRIBIDI_TYPE_WS, FRIBIDI_TYPE_EN, FRIBIDI_TYPE_CS, FRIBIDI_TYPE_EN, FRIBIDI_TYPE_CS,
  };
  gsize n_chars;
  g_autofree gunichar *chars = chars_of (text, &n_chars);

  g_assert_cmpuint (n_chars, ==, G_N_ELEMENTS (classes));
  for (gsize i = 0; i < n_chars; i++)
    g_assert_cmpstr (fribidi_get_bidi_type_name (fribidi_get_bidi_type (chars[i])), ==,
                     fribidi_get_bidi_type_name (classes[i]));

  /* W1: SUKUN (NSM) takes AL from REH.  W2: "2" and "0" after an AL
   * become AN; "3" and "1" after L stay EN.  W3: AL → R.  W4: "." 6
   * between EN and EN is EN, "." 17 between AN and AN is AN.  W5: "%"
   * after EN is EN.  W7: the ENs after "mark" (L) become L.  N1/N2: the
   * space at 9 lies between L and R, so it takes the embedding
   * direction, L; the space at 15 lies between R and AN (counted as R),
   * so it is R; the final "." (W6: ON) lies between AN and eos (L), so
   * it is L.  I1/I2: L → 0, R → 1, AN → 2.  Hence 0×10, 1×6, 2×3, 0.
   * L2 reverses 16–18, then 10–18: 0…9, 16 17 18 15 14 13 12 11 10, 19. */
  {
    g_autoptr(IriBidiLayout) layout = layout_new (text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_KEEP_MARK_ORDER);
    g_autofree char *levels = levels_string (layout);
    g_autofree char *order = order_string (layout);

    g_assert_cmpstr (levels, ==, "00000000001111112220");
    g_assert_cmpstr (order, ==, "0 1 2 3 4 5 6 7 8 9 16 17 18 15 14 13 12 11 10 19");
  }

  /* L3 matters here: SUKUN (13) is a mark on REH (12) in a right-to-left
   * run, so the table's order, with 13 before 12, is the one without
   * L3; by default the layout applies L3 and draws the mark after its
   * base.  The levels do not change. */
  {
    g_autoptr(IriBidiLayout) layout = layout_new (text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_DEFAULT);
    g_autofree char *levels = levels_string (layout);
    g_autofree char *order = order_string (layout);

    g_assert_cmpstr (levels, ==, "00000000001111112220");
    g_assert_cmpstr (order, ==, "0 1 2 3 4 5 6 7 8 9 16 17 18 15 14 12 13 11 10 19");
  }
}

/* A layout keeps the arrays it only needs while it is made on the stack
 * up to a length, and on the heap past it: the same segments, repeated
 * to either side of that length, lay out the same way.  Between
 * left-to-right letters, each Hebrew word is reversed in place (UAX #9
 * rules N1 and L2) and nothing else moves, whatever the length. */
static void
test_long_text (void)
{
  static const guint repeats[] = { 1, 20, 25, 26, 40, 100 };

  for (gsize r = 0; r < G_N_ELEMENTS (repeats); r++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autoptr(IriBidiLayout) layout = NULL;
      IriBidiRun run;
      guint n_runs;

      for (guint i = 0; i < repeats[r]; i++)
        {
          g_string_append (text, "ab/\u05E9\u05DC\u05D5\u05DD/");
          g_string_append (expected, "ab/\u05DD\u05D5\u05DC\u05E9/");
        }
      layout = iri_bidi_layout_new (text->str, text->len, IRI_DISPLAY_EMBED);
      g_assert_cmpuint (iri_bidi_layout_get_n_chars (layout), ==, 8 * repeats[r]);
      g_assert_cmpstr (iri_bidi_layout_get_visual_text (layout), ==, expected->str);
      n_runs = iri_bidi_layout_get_n_runs (layout);
      g_assert_cmpuint (n_runs, ==, 2 * repeats[r] + 1);
      iri_bidi_layout_get_run (layout, n_runs - 2, &run);
      g_assert_cmpuint (run.level, ==, 1);
      g_assert_cmpuint (run.end - run.start, ==, 4);
      for (gsize i = 0; i < 8 * repeats[r]; i++)
        {
          gsize v = iri_bidi_layout_logical_to_visual (layout, i);

          g_assert_cmpuint (iri_bidi_layout_visual_to_logical (layout, v), ==, i);
          g_assert_cmpuint (v, ==, i % 8 >= 3 && i % 8 < 7 ? i - i % 8 + 9 - i % 8 : i);
        }
    }
}

/* The bidi checks (iri-bidi-checks.c) read the layout's maps and
 * character offsets directly instead of through the public lookups:
 * what they read must be what the lookups give, for trivial and
 * reordered layouts, ASCII and not, in both modes, and for a text
 * longer than the checks' arrays on the stack. */
static void
test_private_maps (void)
{
  g_autoptr(GString) long_iri = g_string_new ("http://\u05e2\u05d1\u05e8\u05d9\u05ea:8080");
  const char *texts[] = {
    "http://example.com/",
    "http://\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631/123?a=1#\u05d0",
    "http://\u00e9x.com/caf\u00e9",
    "http://\u05d0\u05b8\u05b7.com:80/\u0661\u0662/abc\u202e\u05d1\u202c",
    "http://a\u2067\u05d0.b\u2069/",
    NULL,
  };
  static const IriDisplayMode modes[] = { IRI_DISPLAY_EMBED, IRI_DISPLAY_ISOLATE };

  for (guint i = 0; i < 150; i++)
    g_string_append_printf (long_iri, "/%s%u", i % 2 ? "\u05de\u05e1" : "\u0645\u062b", i);
  texts[G_N_ELEMENTS (texts) - 1] = long_iri->str;

  for (gsize t = 0; t < G_N_ELEMENTS (texts); t++)
    for (gsize m = 0; m < G_N_ELEMENTS (modes); m++)
      {
        g_autoptr(IriReference) reference = iri_reference_parse_tolerant (texts[t], -1, IRI_PARSE_DEFAULT);
        g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_for_reference (reference, modes[m]);
        gsize n = iri_bidi_layout_get_n_chars (layout);
        const gsize *log2vis = iri_bidi_layout_peek_log2vis (layout);
        const gsize *vis2log = iri_bidi_layout_peek_vis2log (layout);
        const gsize *char_bytes = iri_bidi_layout_peek_char_bytes (layout);
        const char *text = iri_reference_get_text (reference);
        const char *p = text;

        g_assert_cmpuint (n, ==, iri_reference_get_n_chars (reference));
        g_assert_true ((log2vis == NULL) == iri_bidi_layout_is_trivial (layout));
        g_assert_true ((vis2log == NULL) == iri_bidi_layout_is_trivial (layout));
        g_assert_true ((char_bytes == NULL) == iri_reference_is_ascii (reference));
        for (gsize i = 0; i < n; i++)
          {
            g_assert_cmpuint (log2vis != NULL ? log2vis[i] : i, ==,
                              iri_bidi_layout_logical_to_visual (layout, i));
            g_assert_cmpuint (vis2log != NULL ? vis2log[i] : i, ==,
                              iri_bidi_layout_visual_to_logical (layout, i));
            if (char_bytes != NULL)
              g_assert_cmpuint (char_bytes[i], ==, p - text);
            p = g_utf8_next_char (p);
          }
        if (char_bytes != NULL)
          g_assert_cmpuint (char_bytes[n], ==, strlen (text));
      }
}

/* The clusters libiri takes from Pango (loaded on first use), and the
 * approximation it falls back on without Pango, on the cases the
 * approximation is meant for: both agree with Pango there. */
static void
test_grapheme_boundaries (void)
{
  static const struct {
    const char *text;
    const char *boundaries;   /* one per position, n_chars + 1 */
  } cases[] = {
    { "e\u0301x", "10" "11" },                                  /* a combining acute */
    { "a\r\nb", "1101" "1" },                                   /* CR LF */
    { "\U0001F469\u200D\U0001F4BB!", "100" "11" },              /* a ZWJ sequence */
    { "\U0001F1EE\U0001F1F1\U0001F1EB\U0001F1F7", "1010" "1" },  /* two flags */
    { "\u1100\u1161\u11A8k", "100" "11" },                      /* conjoining jamo */
    { "\u2764\uFE0Fa", "10" "11" },                             /* a variation selector */
    { "\u05E9\u05C1\u05DC", "10" "11" },                        /* Hebrew with a point */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *text = cases[i].text;
      gsize n = g_utf8_strlen (text, -1);
      g_autofree guint8 *ours = g_malloc0 (n + 1);
      g_autofree guint8 *approximate = g_malloc0 (n + 1);
      g_autofree PangoLogAttr *attrs = g_new0 (PangoLogAttr, n + 1);

      g_assert_cmpuint (strlen (cases[i].boundaries), ==, n + 1);
      iri_grapheme_boundaries (text, strlen (text), n, ours);
      iri_grapheme_boundaries_approximate (text, strlen (text), n, approximate);
      pango_get_log_attrs (text, -1, -1, pango_language_from_string ("und"), attrs, (int) n + 1);
      for (gsize k = 0; k <= n; k++)
        {
          gboolean expected = cases[i].boundaries[k] == '1';

          g_assert_cmpint (ours[k], ==, expected);
          g_assert_cmpint (approximate[k], ==, expected);
          g_assert_cmpint (attrs[k].is_cursor_position, ==, expected);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/bidi/conformance/bidi-character-test", test_conformance);
  g_test_add_func ("/iri/bidi/properties/random", test_properties);
  for (gsize i = 0; i < G_N_ELEMENTS (cluster_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/bidi/cursor/clusters/%s", cluster_cases[i].name);

      g_test_add_data_func (path, &cluster_cases[i], test_cursor_clusters);
    }
  g_test_add_func ("/iri/bidi/cursor/text-ends", test_cursor_text_ends);
  g_test_add_func ("/iri/bidi/cursor/column-marks", test_cursor_column_marks);
  g_test_add_func ("/iri/bidi/fribidi/ascii-fast-path", test_ascii_fast_path);
  g_test_add_func ("/iri/bidi/fribidi/long-text", test_long_text);
  g_test_add_func ("/iri/bidi/notation", test_notation);
  g_test_add_func ("/iri/bidi/wrap", test_wrap);
  g_test_add_func ("/iri/bidi/cell-width", test_cell_width);
  g_test_add_func ("/iri/bidi/shaped", test_shaped);
  g_test_add_func ("/iri/bidi/rtl-paragraph", test_rtl_paragraph);
  g_test_add_func ("/iri/bidi/mirroring", test_mirroring);
  g_test_add_func ("/iri/bidi/private-maps", test_private_maps);
  g_test_add_func ("/iri/bidi/prior-art/b-11", test_prior_art_b11);
  g_test_add_func ("/iri/bidi/prior-art/b-15", test_prior_art_b15);
  g_test_add_func ("/iri/bidi/grapheme-boundaries", test_grapheme_boundaries);

  return g_test_run ();
}
