/* iri-bidi.c: how an IRI is displayed (RFC 3987bis §4.1)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <fribidi.h>

#include "iri-bidi.h"
#include "iri-bidi-private.h"
#include "iri-char-private.h"
#include "iri-grapheme-private.h"

/**
 * IriBidiLayout:
 *
 * The display of a text under the Unicode Bidirectional Algorithm
 * (UAX #9), as RFC 3987bis §4.1 asks for an IRI: always in a
 * left-to-right embedding, never a direction guessed from the first
 * strong character, so that a relative reference starting with Hebrew is
 * still laid out left to right.
 *
 * FriBidi does the algorithm.  The layout exposes what a display needs:
 * the embedding level of every character, the runs, the maps between
 * logical and visual order (in code points and in bytes), the visual
 * string with brackets mirrored in right-to-left runs, terminal cell
 * widths, and cursor movement for editors: logically and visually, by
 * grapheme cluster (UAX #29, through Pango's text analysis), so that
 * combining marks, Hebrew points and Arabic harakat stay with their base.
 *
 * The text itself is never changed: the layout is derived from it.  An
 * all-ASCII text cannot contain right-to-left characters, so its layout
 * is computed without calling FriBidi at all.
 *
 * Since: 0.1
 */

struct _IriBidiLayout
{
  gatomicrefcount  ref_count;

  IriDisplayMode   mode;
  guint            rtl : 1;        /* paragraph direction */
  guint            trivial : 1;    /* identity maps, every level the paragraph's */
  guint            ascii : 1;

  char            *text;
  gsize            length;
  gsize            n_chars;
  gsize           *char_bytes;     /* n_chars + 1 byte offsets; NULL when ascii */
  guint8          *levels;         /* n_chars */
  gsize           *vis2log;        /* NULL when trivial */
  gsize           *log2vis;        /* NULL when trivial; in vis2log's block */
  /* A trivial layout's visual text and offsets are the logical ones:
   * the same blocks, owned by @text and @char_bytes. */
  char            *visual;         /* UTF-8 */
  gsize           *visual_bytes;   /* n_chars + 1 byte offsets; NULL when ascii */
  gunichar        *visual_chars;   /* n_chars; NULL when ascii */

  /* The runs, computed on first use like the cursor data: only a
   * display that draws run by run asks for them, and the checks and
   * conversions that lay out every IRI do not (a run array cost an
   * eighth of a layout). */
  gsize            runs_init;
  GArray          *runs;           /* (element-type IriBidiRun), visual order */

  /* Cursor data, computed on first use: editors need it, analyses do not. */
  gsize            cursor_init;
  guint8          *is_boundary;    /* n_chars + 1 */
  gsize           *boundary_pos;   /* n_chars + 1: strong visual position */
  gsize           *by_position;    /* the boundaries, sorted by position */
  gsize            n_boundaries;
  guint           *columns;        /* n_chars + 1: terminal column of each visual gap */
};

G_DEFINE_BOXED_TYPE (IriBidiLayout, iri_bidi_layout, iri_bidi_layout_ref, iri_bidi_layout_unref)
G_DEFINE_BOXED_TYPE (IriBidiRun, iri_bidi_run, iri_bidi_run_copy, iri_bidi_run_free)
G_DEFINE_BOXED_TYPE (IriVisualRange, iri_visual_range, iri_visual_range_copy, iri_visual_range_free)

/**
 * iri_bidi_run_copy:
 * @run: a run
 *
 * Copies a run.
 *
 * Returns: (transfer full): a copy
 *
 * Since: 0.1
 */
IriBidiRun *
iri_bidi_run_copy (const IriBidiRun *run)
{
  return g_memdup2 (run, sizeof *run);
}

/**
 * iri_bidi_run_free:
 * @run: a run
 *
 * Frees a run made by [method@Iri.BidiRun.copy].
 *
 * Since: 0.1
 */
void
iri_bidi_run_free (IriBidiRun *run)
{
  g_free (run);
}

/**
 * iri_visual_range_copy:
 * @range: a range
 *
 * Copies a range.
 *
 * Returns: (transfer full): a copy
 *
 * Since: 0.1
 */
IriVisualRange *
iri_visual_range_copy (const IriVisualRange *range)
{
  return g_memdup2 (range, sizeof *range);
}

/**
 * iri_visual_range_free:
 * @range: a range
 *
 * Frees a range made by [method@Iri.VisualRange.copy].
 *
 * Since: 0.1
 */
void
iri_visual_range_free (IriVisualRange *range)
{
  g_free (range);
}

/* The delimiters that isolate mode makes strong left-to-right (the
 * IRI gen-delims and the query separators), as Chromium's URL mode does
 * with "#&./:=?@" and draft-masinter-url-i18n-07 §3.2 does with LRM
 * around delimiters. */
static gboolean
is_isolate_delimiter (gunichar c)
{
  switch (c)
    {
    case ':': case '/': case '?': case '#': case '[': case ']':
    case '@': case '.': case '&': case '=': case ';':
      return TRUE;
    default:
      return FALSE;
    }
}

/* Bidi Notation letters (RFC 3987bis §4.4).  Hebrew: the 22 letters and
 * 5 final forms are contiguous from U+05D0, so A–Z map onto U+05D0–
 * U+05E9, all of class R.  Arabic: 26 basic letters of class AL, in
 * alphabetical (abjadi hijā'ī) order, skipping TEH MARBUTA, which only
 * ends words. */
static const gunichar arabic_letters[26] = {
  0x0627, 0x0628, 0x062A, 0x062B, 0x062C, 0x062D, 0x062E, 0x062F, 0x0630,
  0x0631, 0x0632, 0x0633, 0x0634, 0x0635, 0x0636, 0x0637, 0x0638, 0x0639,
  0x063A, 0x0641, 0x0642, 0x0643, 0x0644, 0x0645, 0x0646, 0x0647,
};

static gunichar
notation_letter (IriNotation notation,
                 guint       index)
{
  return notation == IRI_NOTATION_HEBREW ? 0x05D0 + index : arabic_letters[index];
}

static char *
map_notation (const char  *text,
              gssize       length,
              IriNotation  notation,
              gboolean     to_rtl)
{
  GString *out;
  const char *p, *end;

  if (length < 0)
    length = strlen (text);
  /* Without a notation there is nothing to map: a plain copy (this is on
   * the path of every diagnostic message). */
  if (notation == IRI_NOTATION_NONE)
    {
      char *copy = g_malloc (length + 1);

      memcpy (copy, text, length);
      copy[length] = '\0';
      return copy;
    }
  out = g_string_sized_new (length + length / 2);
  p = text;
  end = text + length;

  while (p < end)
    {
      const char *start = p;
      gunichar c = g_utf8_get_char_validated (p, end - p);
      gboolean mapped = FALSE;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      p = g_utf8_next_char (p);

      if (notation != IRI_NOTATION_NONE)
        {
          if (to_rtl && c >= 'A' && c <= 'Z')
            {
              g_string_append_unichar (out, notation_letter (notation, c - 'A'));
              mapped = TRUE;
            }
          else if (!to_rtl && c >= 0x80)
            {
              for (guint i = 0; i < 26; i++)
                {
                  if (notation_letter (notation, i) == c)
                    {
                      g_string_append_c (out, 'A' + i);
                      mapped = TRUE;
                      break;
                    }
                }
            }
        }

      if (!mapped)
        g_string_append_len (out, start, p - start);
    }

  return g_string_free (out, FALSE);
}

/**
 * iri_notation_to_rtl:
 * @text: a text in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @notation: which letters A–Z stand for
 *
 * Reads a text written in the Bidi Notation of RFC 3987bis §4.4: every
 * ASCII capital A–Z becomes a Hebrew letter (class R) or an Arabic
 * letter (class AL).  Nothing else changes, so digits and punctuation
 * keep their real bidi classes.
 *
 * Returns: (transfer full): the text with right-to-left letters
 *
 * Since: 0.1
 */
char *
iri_notation_to_rtl (const char  *text,
                     gssize       length,
                     IriNotation  notation)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  return map_notation (text != NULL ? text : "", length, notation, TRUE);
}

/**
 * iri_notation_from_rtl:
 * @text: a text in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @notation: which letters stand for A–Z
 *
 * The inverse of [func@Iri.Notation.to_rtl]: the 26 letters that the
 * notation uses become A–Z again.  Use it on displays and messages made
 * from a text that was read in Bidi Notation.
 *
 * Returns: (transfer full): the text in Bidi Notation
 *
 * Since: 0.1
 */
char *
iri_notation_from_rtl (const char  *text,
                       gssize       length,
                       IriNotation  notation)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  return map_notation (text != NULL ? text : "", length, notation, FALSE);
}

/**
 * iri_bidi_wrap:
 * @text: an IRI in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @wrap: the kind of wrapping
 *
 * Wraps an IRI for display inside surrounding text, so that it is shown
 * as §4.1 requires whatever the direction of the text around it:
 * LRE … PDF (the form §4.1 names) or LRI … PDI (which also stops the IRI
 * from affecting its neighbours).
 *
 * The result is for display only: the marks are not part of the IRI
 * (§4.1 says an IRI must not contain them) and must never be stored,
 * copied to the clipboard or parsed.
 *
 * Returns: (transfer full): the wrapped text
 *
 * Since: 0.1
 */
char *
iri_bidi_wrap (const char  *text,
               gssize       length,
               IriBidiWrap  wrap)
{
  GString *out;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = strlen (text);
  out = g_string_sized_new (length + 6);
  g_string_append (out, wrap == IRI_BIDI_WRAP_ISOLATE ? "\xE2\x81\xA6" : "\xE2\x80\xAA");
  g_string_append_len (out, text, length);
  g_string_append (out, wrap == IRI_BIDI_WRAP_ISOLATE ? "\xE2\x81\xA9" : "\xE2\x80\xAC");
  return g_string_free (out, FALSE);
}

/**
 * iri_char_get_cell_width:
 * @c: a character
 *
 * Gets how many terminal cells a character takes: 0 for combining marks,
 * format and other zero-width characters, 2 for East Asian wide and
 * full-width characters, 1 otherwise.  Controls take 0 (a terminal
 * display shows them escaped).
 *
 * Returns: the width in cells
 *
 * Since: 0.1
 */
guint
iri_char_get_cell_width (gunichar c)
{
  if (c < 0x20 || (c >= 0x7F && c < 0xA0))
    return 0;
  if (c < 0x300)
    return 1;
  if (g_unichar_iszerowidth (c))
    return 0;
  if (g_unichar_iswide (c))
    return 2;
  return 1;
}

/**
 * iri_char_get_bidi_class:
 * @c: a character
 *
 * Gets the short name of a character's bidi class (UAX #9 Table 4):
 * `L`, `R`, `AL`, `EN`, `ES`, `ET`, `AN`, `CS`, `NSM`, `BN`, `B`, `S`,
 * `WS`, `ON`, `LRE`, `LRO`, `RLE`, `RLO`, `PDF`, `LRI`, `RLI`, `FSI` or
 * `PDI`.
 *
 * Returns: (transfer none): the class name
 *
 * Since: 0.1
 */
const char *
iri_char_get_bidi_class (gunichar c)
{
  FriBidiCharType type = fribidi_get_bidi_type (c);

  /* FriBidi's own names differ from UAX #9's short names for four
   * classes; the rest ("AL", "EN", "NSM", …) are the same. */
  switch (type)
    {
    case FRIBIDI_TYPE_LTR:
      return "L";
    case FRIBIDI_TYPE_RTL:
      return "R";
    case FRIBIDI_TYPE_BS:
      return "B";
    case FRIBIDI_TYPE_SS:
      return "S";
    default:
      return fribidi_get_bidi_type_name (type);
    }
}

static void
build_runs (IriBidiLayout *self)
{
  gsize v = 0;

  self->runs = g_array_new (FALSE, FALSE, sizeof (IriBidiRun));
  while (v < self->n_chars)
    {
      IriBidiRun run;
      gsize log = self->trivial ? v : self->vis2log[v];
      guint8 level = self->levels[log];
      gsize lo = log, hi = log;
      gsize w = v + 1;

      /* Extend while the level is the same and the next visual character
       * is the logical neighbour in the run's direction. */
      while (w < self->n_chars)
        {
          gsize next = self->trivial ? w : self->vis2log[w];

          if (self->levels[next] != level)
            break;
          if ((level & 1) ? next + 1 != lo : next != hi + 1)
            break;
          lo = MIN (lo, next);
          hi = MAX (hi, next);
          w++;
        }

      run.start = lo;
      run.end = hi + 1;
      run.visual_start = v;
      run.level = level;
      g_array_append_val (self->runs, run);
      v = w;
    }
}

static void
ensure_runs (IriBidiLayout *self)
{
  /* Layouts are immutable and may be shared between threads; the runs
   * are found once, on first use. */
  if (g_once_init_enter (&self->runs_init))
    {
      build_runs (self);
      g_once_init_leave (&self->runs_init, 1);
    }
}

/* The number of bytes g_unichar_to_utf8() writes for @c. */
static inline gsize
utf8_length (gunichar c)
{
  if (c < 0x80)
    return 1;
  if (c < 0x800)
    return 2;
  if (c < 0x10000)
    return 3;
  return g_unichar_to_utf8 (c, NULL);
}

/* The offsets are the running sum of the characters' lengths, so the
 * text is sized exactly from them and encoded in place: appending to a
 * GString one character at a time cost several times as much. */
static void
utf8_offsets (const gunichar *chars,
              gsize           n,
              char          **out_text,
              gsize         **out_offsets)
{
  gsize *offsets = g_new (gsize, n + 1);
  gsize length = 0;
  char *text;

  for (gsize i = 0; i < n; i++)
    {
      offsets[i] = length;
      length += utf8_length (chars[i]);
    }
  offsets[n] = length;

  text = g_malloc (length + 1);
  for (gsize i = 0; i < n; i++)
    g_unichar_to_utf8 (chars[i], text + offsets[i]);
  text[length] = '\0';

  *out_offsets = offsets;
  *out_text = text;
}

/* The texts of nearly all IRIs are shorter than this (in characters):
 * up to it, the arrays that only making a layout needs are on the
 * stack (12 bytes a character). */
#define LAYOUT_STACK_CHARS 256

static IriBidiLayout *
layout_new (const char         *text,
            gsize               length,
            gssize              n_chars,
            IriDisplayMode      mode,
            IriBidiLayoutFlags  flags)
{
  gboolean rtl = (flags & IRI_BIDI_LAYOUT_RTL_PARAGRAPH) != 0;
  IriBidiLayout *self = g_new0 (IriBidiLayout, 1);
  g_autofree gunichar *chars = NULL;
  /* The bidi types, bracket types and reordering map are only needed
   * while the layout is made: for the text of an ordinary IRI they live
   * on the stack, which saves three allocations per layout. */
  FriBidiCharType types_buf[LAYOUT_STACK_CHARS];
  FriBidiBracketType brackets_buf[LAYOUT_STACK_CHARS];
  FriBidiStrIndex map_buf[LAYOUT_STACK_CHARS];
  g_autofree FriBidiCharType *types_heap = NULL;
  g_autofree FriBidiBracketType *brackets_heap = NULL;
  g_autofree FriBidiStrIndex *map_heap = NULL;
  FriBidiCharType *types;
  FriBidiBracketType *brackets;
  FriBidiStrIndex *map;
  FriBidiParType base;
  gboolean needs_fribidi = FALSE;
  gsize n;

  g_atomic_ref_count_init (&self->ref_count);
  self->mode = mode;
  self->rtl = rtl;
  self->text = g_strndup (text, length);
  self->length = length;
  self->ascii = TRUE;
  for (gsize i = 0; i < length; i++)
    {
      if ((guchar) text[i] >= 0x80)
        {
          self->ascii = FALSE;
          break;
        }
    }

  /* The fast path: ASCII has no right-to-left characters, no explicit
   * formatting characters and no Arabic digits, so in a left-to-right
   * paragraph every level is 0 and the visual order is the logical one.
   * No FriBidi call is needed (and none is made). */
  if (self->ascii && !rtl)
    {
      self->n_chars = length;
      self->trivial = TRUE;
      self->levels = g_malloc0 (MAX (length, 1));
      self->visual = self->text;
      return self;
    }

  n = n_chars >= 0 ? (gsize) n_chars : (gsize) g_utf8_strlen (self->text, length);
  self->n_chars = n;
  chars = g_new (gunichar, MAX (n, 1));
  if (!self->ascii)
    self->char_bytes = g_new (gsize, n + 1);
  {
    const char *p = self->text;

    for (gsize i = 0; i < n; i++)
      {
        if (self->char_bytes != NULL)
          self->char_bytes[i] = p - self->text;
        chars[i] = iri_utf8_next (&p);
      }
    if (self->char_bytes != NULL)
      self->char_bytes[n] = length;
  }

  types = n <= LAYOUT_STACK_CHARS ? types_buf : (types_heap = g_new (FriBidiCharType, n));
  fribidi_get_bidi_types (chars, n, types);
  if (mode == IRI_DISPLAY_ISOLATE)
    {
      for (gsize i = 0; i < n; i++)
        {
          if (is_isolate_delimiter (chars[i]))
            types[i] = FRIBIDI_TYPE_LTR;
        }
    }

  /* Even with non-ASCII text, a left-to-right paragraph needs FriBidi
   * only if something can raise a level: a right-to-left letter, an
   * Arabic digit, or an explicit embedding, override or isolate. */
  for (gsize i = 0; i < n && !needs_fribidi; i++)
    {
      FriBidiCharType t = types[i];

      needs_fribidi = FRIBIDI_IS_RTL (t) || t == FRIBIDI_TYPE_AN ||
                      FRIBIDI_IS_EXPLICIT (t) || FRIBIDI_IS_ISOLATE (t);
    }

  /* Levels are stored as guint8 for the API; FriBidi's FriBidiLevel is a
   * signed char, and UAX #9 levels never exceed 126, so the casts below
   * are exact. */
  self->levels = g_malloc0 (MAX (n, 1));
  if (!needs_fribidi && !rtl)
    {
      self->trivial = TRUE;
      self->visual = self->text;
      self->visual_chars = g_steal_pointer (&chars);
      self->visual_bytes = self->char_bytes;
      return self;
    }

  brackets = n <= LAYOUT_STACK_CHARS ? brackets_buf : (brackets_heap = g_new (FriBidiBracketType, n));
  fribidi_get_bracket_types (chars, n, types, brackets);

  /* §4.1: the paragraph is left-to-right (the IRI's embedding), never
   * guessed from the first strong character. */
  base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
  if (fribidi_get_par_embedding_levels_ex (types, brackets, n, &base, (FriBidiLevel *) self->levels) == 0 && n > 0)
    g_error ("FriBidi could not lay out %" G_GSIZE_FORMAT " characters (out of memory)", n);

  /* Mirrored brackets in right-to-left runs (UAX #9 rule L4), then the
   * reordering of rules L1–L3.  FRIBIDI_FLAG_REORDER_NSM (rule L3) keeps
   * a combining mark after its base in the visual string, which is what
   * a terminal needs to draw it on the base. */
  fribidi_shape_mirroring ((FriBidiLevel *) self->levels, n, chars);

  /* Rule L3 moves a mark after its base.  A mark after a paragraph or
   * segment separator has no base (UAX #29 GB4 makes it a cluster of its
   * own), but FriBidi would take the separator for one and move the mark
   * between CR and LF; as ON it stays where it is. */
  for (gsize i = 1; i < n; i++)
    {
      if (types[i] == FRIBIDI_TYPE_NSM && (types[i - 1] == FRIBIDI_TYPE_BS || types[i - 1] == FRIBIDI_TYPE_SS))
        types[i] = FRIBIDI_TYPE_ON;
    }
  map = n <= LAYOUT_STACK_CHARS ? map_buf : (map_heap = g_new (FriBidiStrIndex, n));
  for (gsize i = 0; i < n; i++)
    map[i] = i;
  if (fribidi_reorder_line ((flags & IRI_BIDI_LAYOUT_KEEP_MARK_ORDER) ? 0 : FRIBIDI_FLAG_REORDER_NSM,
                            types, n, 0, base, (FriBidiLevel *) self->levels, chars, map) == 0 && n > 0)
    g_error ("FriBidi could not reorder %" G_GSIZE_FORMAT " characters (out of memory)", n);

  /* Both maps in one block, which vis2log owns. */
  self->vis2log = g_new (gsize, 2 * MAX (n, 1));
  self->log2vis = self->vis2log + MAX (n, 1);
  for (gsize v = 0; v < n; v++)
    {
      self->vis2log[v] = map[v];
      self->log2vis[map[v]] = v;
    }

  utf8_offsets (chars, n, &self->visual, &self->visual_bytes);
  self->visual_chars = g_steal_pointer (&chars);
  if (self->ascii)
    g_clear_pointer (&self->visual_bytes, g_free);

  return self;
}

/**
 * iri_bidi_layout_new:
 * @text: the text, in UTF-8 (logical order)
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @mode: the display mode
 *
 * Lays out a text for display in a left-to-right embedding (§4.1).
 *
 * Returns: (transfer full): the layout
 *
 * Since: 0.1
 */
IriBidiLayout *
iri_bidi_layout_new (const char     *text,
                     gssize          length,
                     IriDisplayMode  mode)
{
  return iri_bidi_layout_new_full (text, length, mode, IRI_BIDI_LAYOUT_DEFAULT);
}

/**
 * iri_bidi_layout_new_full:
 * @text: the text, in UTF-8 (logical order)
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @mode: the display mode
 * @flags: flags
 *
 * Lays out a text, with the choices of @flags.  With
 * [flags@Iri.BidiLayoutFlags.RTL_PARAGRAPH] this shows what goes wrong
 * when an IRI is displayed without the left-to-right embedding §4.1 asks
 * for, in right-to-left text: `http://www.example.com/` reads
 * `/http://www.example.com`.
 *
 * Returns: (transfer full): the layout
 *
 * Since: 0.1
 */
IriBidiLayout *
iri_bidi_layout_new_full (const char         *text,
                          gssize              length,
                          IriDisplayMode      mode,
                          IriBidiLayoutFlags  flags)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = strlen (text);
  g_return_val_if_fail (g_utf8_validate_len (text != NULL ? text : "", length, NULL), NULL);

  return layout_new (text != NULL ? text : "", length, -1, mode, flags);
}

IriBidiLayout *
iri_bidi_layout_new_for_reference (IriReference   *reference,
                                   IriDisplayMode  mode)
{
  return layout_new (iri_reference_get_text (reference), iri_reference_get_length (reference),
                     iri_reference_get_n_chars (reference), mode, IRI_BIDI_LAYOUT_DEFAULT);
}

/**
 * iri_bidi_layout_ref:
 * @self: a layout
 *
 * Increases the reference count of @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
IriBidiLayout *
iri_bidi_layout_ref (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * iri_bidi_layout_unref:
 * @self: (transfer full): a layout
 *
 * Decreases the reference count of @self, freeing it when it drops to 0.
 *
 * Since: 0.1
 */
void
iri_bidi_layout_unref (IriBidiLayout *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  if (self->visual != self->text)
    g_free (self->visual);
  if (self->visual_bytes != self->char_bytes)
    g_free (self->visual_bytes);
  g_free (self->text);
  g_free (self->char_bytes);
  g_free (self->levels);
  g_free (self->vis2log);  /* and log2vis, in the same block */
  g_free (self->visual_chars);
  g_clear_pointer (&self->runs, g_array_unref);
  g_free (self->is_boundary);
  g_free (self->boundary_pos);
  g_free (self->by_position);
  g_free (self->columns);
  g_free (self);
}

/**
 * iri_bidi_layout_get_text:
 * @self: a layout
 *
 * Gets the text in logical order, exactly as given.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_bidi_layout_get_text (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->text;
}

/**
 * iri_bidi_layout_get_mode:
 * @self: a layout
 *
 * Gets the display mode the layout was made with.
 *
 * Returns: the mode
 *
 * Since: 0.1
 */
IriDisplayMode
iri_bidi_layout_get_mode (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, IRI_DISPLAY_EMBED);

  return self->mode;
}

/**
 * iri_bidi_layout_get_n_chars:
 * @self: a layout
 *
 * Gets the number of code points.
 *
 * Returns: the number of code points
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_get_n_chars (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_chars;
}

/**
 * iri_bidi_layout_is_trivial:
 * @self: a layout
 *
 * Tells whether the display is the logical text unchanged: one
 * left-to-right run.  This is always the case for ASCII text.
 *
 * Returns: `TRUE` when the visual order is the logical order
 *
 * Since: 0.1
 */
gboolean
iri_bidi_layout_is_trivial (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->trivial;
}

/**
 * iri_bidi_layout_get_visual_text:
 * @self: a layout
 *
 * Gets the text in visual order, left to right, with mirrored characters
 * (brackets) replaced in right-to-left runs.  Combining marks follow
 * their base.  This string is for display only.
 *
 * Returns: (transfer none): the visual string
 *
 * Since: 0.1
 */
const char *
iri_bidi_layout_get_visual_text (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->visual;
}

/**
 * iri_bidi_layout_get_visual_text_shaped:
 * @self: a layout
 *
 * Gets the visual string with Arabic letters in their contextual
 * presentation forms (FriBidi's Arabic joining and shaping), for
 * terminals that do not shape Arabic themselves.  Ligatures are not
 * formed, so every character keeps its cell.
 *
 * Returns: (transfer full): the shaped visual string
 *
 * Since: 0.1
 */
char *
iri_bidi_layout_get_visual_text_shaped (IriBidiLayout *self)
{
  g_autofree gunichar *logical = NULL;
  g_autofree gunichar *visual = NULL;
  g_autofree FriBidiCharType *types = NULL;
  g_autofree FriBidiJoiningType *joining = NULL;
  g_autofree FriBidiArabicProp *props = NULL;
  g_autofree char *text = NULL;
  g_autofree gsize *offsets = NULL;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->ascii)
    return g_strdup (self->visual);

  n = self->n_chars;
  logical = g_new (gunichar, MAX (n, 1));
  {
    const char *p = self->text;

    for (gsize i = 0; i < n; i++)
      logical[i] = iri_utf8_next (&p);
  }

  types = g_new (FriBidiCharType, MAX (n, 1));
  joining = g_new (FriBidiJoiningType, MAX (n, 1));
  props = g_new (FriBidiArabicProp, MAX (n, 1));
  fribidi_get_bidi_types (logical, n, types);
  fribidi_get_joining_types (logical, n, joining);
  memcpy (props, joining, n * sizeof (FriBidiArabicProp));
  fribidi_join_arabic (types, n, (FriBidiLevel *) self->levels, props);
  fribidi_shape (FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAG_SHAPE_ARAB_PRES,
                 (FriBidiLevel *) self->levels, n, props, logical);

  visual = g_new (gunichar, MAX (n, 1));
  for (gsize v = 0; v < n; v++)
    visual[v] = logical[self->trivial ? v : self->vis2log[v]];

  utf8_offsets (visual, n, &text, &offsets);
  return g_steal_pointer (&text);
}

/**
 * iri_bidi_layout_get_levels:
 * @self: a layout
 * @n_levels: (out): the number of levels, one per code point
 *
 * Gets the resolved embedding level of every character, in logical order
 * (UAX #9, after rule L1).  Odd levels are right-to-left.
 *
 * Returns: (array length=n_levels) (transfer none): the levels
 *
 * Since: 0.1
 */
const guint8 *
iri_bidi_layout_get_levels (IriBidiLayout *self,
                            gsize         *n_levels)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_levels != NULL, NULL);

  *n_levels = self->n_chars;
  return self->levels;
}

/**
 * iri_bidi_layout_get_level:
 * @self: a layout
 * @logical_index: a code-point index
 *
 * Gets the embedding level of one character.
 *
 * Returns: the level
 *
 * Since: 0.1
 */
guint8
iri_bidi_layout_get_level (IriBidiLayout *self,
                           gsize          logical_index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (logical_index < self->n_chars, 0);

  return self->levels[logical_index];
}

/**
 * iri_bidi_layout_get_n_runs:
 * @self: a layout
 *
 * Gets the number of runs.
 *
 * Returns: the number of runs
 *
 * Since: 0.1
 */
guint
iri_bidi_layout_get_n_runs (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_runs (self);
  return self->runs->len;
}

/**
 * iri_bidi_layout_get_run:
 * @self: a layout
 * @index: an index below [method@Iri.BidiLayout.get_n_runs]
 * @out_run: (out caller-allocates): where to store the run
 *
 * Gets one run.  Runs are in visual order, left to right.
 *
 * Since: 0.1
 */
void
iri_bidi_layout_get_run (IriBidiLayout *self,
                         guint          index,
                         IriBidiRun    *out_run)
{
  g_return_if_fail (self != NULL);
  ensure_runs (self);
  g_return_if_fail (index < self->runs->len);
  g_return_if_fail (out_run != NULL);

  *out_run = g_array_index (self->runs, IriBidiRun, index);
}

/**
 * iri_bidi_layout_logical_to_visual:
 * @self: a layout
 * @logical_index: a code-point index in logical order
 *
 * Gets where a character is displayed.
 *
 * Returns: its index in visual order
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_logical_to_visual (IriBidiLayout *self,
                                   gsize          logical_index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (logical_index < self->n_chars, 0);

  return self->trivial ? logical_index : self->log2vis[logical_index];
}

/**
 * iri_bidi_layout_visual_to_logical:
 * @self: a layout
 * @visual_index: a code-point index in visual order
 *
 * Gets which character is displayed at a visual position.
 *
 * Returns: its index in logical order
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_visual_to_logical (IriBidiLayout *self,
                                   gsize          visual_index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (visual_index < self->n_chars, 0);

  return self->trivial ? visual_index : self->vis2log[visual_index];
}

/* The index of the character that contains byte @byte of a text whose
 * character starts are @offsets (n + 1 entries, increasing). */
static gsize
char_at_byte (const gsize *offsets,
              gsize        n,
              gsize        byte)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (offsets[mid + 1] <= byte)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * iri_bidi_layout_logical_byte_to_visual_byte:
 * @self: a layout
 * @logical_byte: a byte offset in the logical text
 *
 * Maps a byte offset of the logical text to the offset of the same
 * character in the visual string.  An offset inside a character maps to
 * that character; the end of the text maps to the end.
 *
 * Returns: the byte offset in the visual string
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_logical_byte_to_visual_byte (IriBidiLayout *self,
                                             gsize          logical_byte)
{
  gsize i, v;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (logical_byte <= self->length, 0);

  if (logical_byte >= self->length)
    return self->length;
  i = self->char_bytes != NULL ? char_at_byte (self->char_bytes, self->n_chars, logical_byte) : logical_byte;
  v = self->trivial ? i : self->log2vis[i];
  return self->visual_bytes != NULL ? self->visual_bytes[v] : v;
}

/**
 * iri_bidi_layout_visual_byte_to_logical_byte:
 * @self: a layout
 * @visual_byte: a byte offset in the visual string
 *
 * The inverse of [method@Iri.BidiLayout.logical_byte_to_visual_byte].
 *
 * Returns: the byte offset in the logical text
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_visual_byte_to_logical_byte (IriBidiLayout *self,
                                             gsize          visual_byte)
{
  gsize i, v;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (visual_byte <= self->length, 0);

  if (visual_byte >= self->length)
    return self->length;
  v = self->visual_bytes != NULL ? char_at_byte (self->visual_bytes, self->n_chars, visual_byte) : visual_byte;
  i = self->trivial ? v : self->vis2log[v];
  return self->char_bytes != NULL ? self->char_bytes[i] : i;
}

static int
compare_gsize (gconstpointer a,
               gconstpointer b)
{
  gsize x = *(const gsize *) a, y = *(const gsize *) b;

  return x < y ? -1 : x > y;
}

/**
 * iri_bidi_layout_get_selection_ranges:
 * @self: a layout
 * @start: the first selected character, in logical order
 * @end: the character after the selection, in logical order
 * @n_ranges: (out): the number of ranges
 *
 * Maps a logical selection to the visual ranges that show it.  A
 * selection that crosses a direction boundary is shown in several pieces;
 * they are returned left to right.
 *
 * Returns: (array length=n_ranges) (transfer full): the ranges
 *
 * Since: 0.1
 */
IriVisualRange *
iri_bidi_layout_get_selection_ranges (IriBidiLayout *self,
                                      gsize          start,
                                      gsize          end,
                                      guint         *n_ranges)
{
  g_autofree gsize *positions = NULL;
  GArray *ranges;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_ranges != NULL, NULL);

  start = MIN (start, self->n_chars);
  end = MIN (end, self->n_chars);
  if (start > end)
    {
      gsize tmp = start;

      start = end;
      end = tmp;
    }

  ranges = g_array_new (FALSE, FALSE, sizeof (IriVisualRange));
  n = end - start;
  positions = g_new (gsize, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    positions[i] = self->trivial ? start + i : self->log2vis[start + i];
  qsort (positions, n, sizeof (gsize), compare_gsize);

  for (gsize i = 0; i < n; i++)
    {
      if (ranges->len > 0 && g_array_index (ranges, IriVisualRange, ranges->len - 1).end == positions[i])
        g_array_index (ranges, IriVisualRange, ranges->len - 1).end++;
      else
        {
          IriVisualRange range = { positions[i], positions[i] + 1 };

          g_array_append_val (ranges, range);
        }
    }

  *n_ranges = ranges->len;
  return (IriVisualRange *) g_array_free (ranges, FALSE);
}

/* ---------------------------------------------------------------- */
/* Cursor                                                            */

static gsize
visual_of (IriBidiLayout *self,
           gsize          logical)
{
  return self->trivial ? logical : self->log2vis[logical];
}

/* The visual edges of the cluster [start, end): the smallest visual index
 * of its characters and one past the largest. */
static void
cluster_extent (IriBidiLayout *self,
                gsize          start,
                gsize          end,
                gsize         *out_min,
                gsize         *out_max)
{
  gsize lo = G_MAXSIZE, hi = 0;

  for (gsize i = start; i < end; i++)
    {
      gsize v = visual_of (self, i);

      lo = MIN (lo, v);
      hi = MAX (hi, v + 1);
    }
  *out_min = lo;
  *out_max = hi;
}

static int
compare_boundaries_cb (gconstpointer a,
                       gconstpointer b,
                       gpointer      user_data)
{
  IriBidiLayout *self = user_data;
  gsize x = *(const gsize *) a, y = *(const gsize *) b;
  gsize px = self->boundary_pos[x], py = self->boundary_pos[y];

  if (px != py)
    return px < py ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Grapheme clusters (UAX #29): Pango's cursor positions, Pango being
 * loaded when first needed (iri-grapheme.c).  ASCII needs no analysis:
 * every position is a boundary except inside CR LF. */
static void
compute_boundaries (IriBidiLayout *self)
{
  gsize n = self->n_chars;

  self->is_boundary = g_malloc0 (n + 1);
  if (self->ascii)
    {
      for (gsize i = 0; i <= n; i++)
        self->is_boundary[i] = !(i > 0 && i < n && self->text[i - 1] == '\r' && self->text[i] == '\n');
    }
  else
    iri_grapheme_boundaries (self->text, self->length, n, self->is_boundary);
}

/* Where the cursor at each boundary is drawn: the "strong" position, next
 * to the neighbouring cluster whose level is closer to the paragraph's,
 * as text of the paragraph's direction typed there would appear (the
 * rule editors such as Pango use).  Between two clusters of the same
 * level this is simply the edge they share. */
static void
compute_positions (IriBidiLayout *self)
{
  gsize n = self->n_chars;
  gsize prev = 0;
  gsize k = 0;

  self->boundary_pos = g_new (gsize, n + 1);
  self->by_position = g_new (gsize, n + 1);

  for (gsize b = 0; b <= n; b++)
    {
      gsize next, lo, hi;

      if (!self->is_boundary[b])
        continue;

      for (next = b + 1; next <= n && !self->is_boundary[next]; next++)
        ;

      if (b == 0 || b == n)
        {
          /* The ends of the text border the paragraph itself (UAX #9
           * sos and eos), whose level is the paragraph's: text of the
           * paragraph's direction typed there appears at the start or
           * end edge of the line, whatever the level of the first or
           * last cluster. */
          gboolean at_left_edge = (b == 0) != self->rtl;

          self->boundary_pos[b] = at_left_edge ? 0 : n;
        }
      else if (self->levels[prev] <= self->levels[b])
        {
          /* The trailing edge of the cluster before. */
          cluster_extent (self, prev, b, &lo, &hi);
          self->boundary_pos[b] = (self->levels[b - 1] & 1) ? lo : hi;
        }
      else
        {
          /* The leading edge of the cluster after. */
          cluster_extent (self, b, next, &lo, &hi);
          self->boundary_pos[b] = (self->levels[b] & 1) ? hi : lo;
        }

      self->by_position[k++] = b;
      prev = b;
    }

  self->n_boundaries = k;
  g_qsort_with_data (self->by_position, k, sizeof (gsize), compare_boundaries_cb, self);
}

static void
compute_columns (IriBidiLayout *self)
{
  gsize n = self->n_chars;

  self->columns = g_new (guint, n + 1);
  self->columns[0] = 0;
  for (gsize v = 0; v < n; v++)
    {
      gunichar c = self->visual_chars != NULL ? self->visual_chars[v] : (guchar) self->visual[v];

      self->columns[v + 1] = self->columns[v] + iri_char_get_cell_width (c);
    }
}

static void
ensure_cursor (IriBidiLayout *self)
{
  /* Layouts are immutable and may be shared between threads; the cursor
   * tables are filled once, on first use. */
  if (g_once_init_enter (&self->cursor_init))
    {
      compute_boundaries (self);
      compute_positions (self);
      compute_columns (self);
      g_once_init_leave (&self->cursor_init, 1);
    }
}

/**
 * iri_bidi_layout_is_cursor_position:
 * @self: a layout
 * @logical_index: a code-point index, up to the number of characters
 *
 * Tells whether the cursor may stand before @logical_index: whether it is
 * a grapheme cluster boundary (UAX #29).  A cursor never splits a base
 * from its combining marks.
 *
 * Returns: `TRUE` at a cluster boundary
 *
 * Since: 0.1
 */
gboolean
iri_bidi_layout_is_cursor_position (IriBidiLayout *self,
                                    gsize          logical_index)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (logical_index > self->n_chars)
    return FALSE;
  ensure_cursor (self);
  return self->is_boundary[logical_index];
}

/**
 * iri_bidi_layout_move_cursor_logically:
 * @self: a layout
 * @logical_index: a cursor position
 * @direction: 1 to move forward, -1 to move backward
 *
 * Moves a cursor by one grapheme cluster in logical order, as Delete and
 * Backspace do.
 *
 * Returns: the new cursor position; the same at either end
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_move_cursor_logically (IriBidiLayout *self,
                                       gsize          logical_index,
                                       int            direction)
{
  gsize i;

  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  i = MIN (logical_index, self->n_chars);
  if (direction > 0)
    {
      while (i < self->n_chars)
        {
          i++;
          if (self->is_boundary[i])
            break;
        }
    }
  else if (direction < 0)
    {
      while (i > 0)
        {
          i--;
          if (self->is_boundary[i])
            break;
        }
    }
  return i;
}

static gsize
rank_of (IriBidiLayout *self,
         gsize          boundary)
{
  for (gsize r = 0; r < self->n_boundaries; r++)
    {
      if (self->by_position[r] == boundary)
        return r;
    }
  return 0;
}

/**
 * iri_bidi_layout_move_cursor_visually:
 * @self: a layout
 * @logical_index: a cursor position
 * @direction: 1 to move right, -1 to move left
 *
 * Moves a cursor one position to the right or the left on the screen,
 * by grapheme cluster, through text of mixed direction, as the arrow
 * keys do.  Walking from the leftmost position to the rightmost visits
 * every cursor position exactly once, and so does walking back.
 *
 * Returns: the new cursor position (logical); the same at either end
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_move_cursor_visually (IriBidiLayout *self,
                                      gsize          logical_index,
                                      int            direction)
{
  gsize r;

  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  logical_index = MIN (logical_index, self->n_chars);
  if (!self->is_boundary[logical_index])
    logical_index = iri_bidi_layout_move_cursor_logically (self, logical_index, -1);

  r = rank_of (self, logical_index);
  if (direction > 0 && r + 1 < self->n_boundaries)
    r++;
  else if (direction < 0 && r > 0)
    r--;
  return self->by_position[r];
}

/**
 * iri_bidi_layout_get_cursor_visual_position:
 * @self: a layout
 * @logical_index: a cursor position
 *
 * Gets where the cursor at a logical position is drawn: the number of
 * visual characters to its left.
 *
 * Returns: the visual position, from 0 to the number of characters
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_get_cursor_visual_position (IriBidiLayout *self,
                                            gsize          logical_index)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  logical_index = MIN (logical_index, self->n_chars);
  if (!self->is_boundary[logical_index])
    logical_index = iri_bidi_layout_move_cursor_logically (self, logical_index, -1);
  return self->boundary_pos[logical_index];
}

/**
 * iri_bidi_layout_visual_position_to_cursor:
 * @self: a layout
 * @visual_position: a position between visual characters, from 0 to the
 *   number of characters
 *
 * Finds the cursor position drawn nearest to a visual position, as a
 * click there would place it.
 *
 * Returns: the logical cursor position
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_visual_position_to_cursor (IriBidiLayout *self,
                                           gsize          visual_position)
{
  gsize best = 0, best_distance = G_MAXSIZE;

  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  /* The edges are the ends of the visual walk, even when several cursor
   * positions are drawn there (a cluster whose base and marks have
   * different levels is shown in two places). */
  if (visual_position == 0)
    return self->by_position[0];
  if (visual_position >= self->n_chars)
    return self->by_position[self->n_boundaries - 1];

  for (gsize r = 0; r < self->n_boundaries; r++)
    {
      gsize b = self->by_position[r];
      gsize p = self->boundary_pos[b];
      gsize distance = p > visual_position ? p - visual_position : visual_position - p;

      if (distance < best_distance)
        {
          best = b;
          best_distance = distance;
        }
    }
  return best;
}

/**
 * iri_bidi_layout_get_width:
 * @self: a layout
 *
 * Gets how many terminal cells the display takes
 * ([func@Iri.char_get_cell_width]).
 *
 * Returns: the width in cells
 *
 * Since: 0.1
 */
guint
iri_bidi_layout_get_width (IriBidiLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  return self->columns[self->n_chars];
}

/**
 * iri_bidi_layout_get_cursor_column:
 * @self: a layout
 * @logical_index: a cursor position
 *
 * Gets the terminal column at which the cursor at a logical position is
 * drawn.
 *
 * Returns: the column, from 0
 *
 * Since: 0.1
 */
guint
iri_bidi_layout_get_cursor_column (IriBidiLayout *self,
                                   gsize          logical_index)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  return self->columns[iri_bidi_layout_get_cursor_visual_position (self, logical_index)];
}

/**
 * iri_bidi_layout_column_to_cursor:
 * @self: a layout
 * @column: a terminal column
 *
 * Maps a terminal column (a mouse click) back to the logical cursor
 * position drawn nearest to it.
 *
 * Returns: the logical cursor position
 *
 * Since: 0.1
 */
gsize
iri_bidi_layout_column_to_cursor (IriBidiLayout *self,
                                  guint          column)
{
  gsize best = 0;
  guint best_distance = G_MAXUINT;

  g_return_val_if_fail (self != NULL, 0);

  ensure_cursor (self);
  /* The cursor drawn nearest to the column, measured in columns: the
   * nearest visual gap is not enough, because zero-width characters
   * (marks drawn before their base with KEEP_MARK_ORDER) make several
   * gaps share a column.  On a tie, as in a click on the right half of
   * a wide character, the cursor further right wins. */
  for (gsize r = 0; r < self->n_boundaries; r++)
    {
      gsize b = self->by_position[r];
      guint c = self->columns[self->boundary_pos[b]];
      guint distance = c > column ? c - column : column - c;

      if (distance <= best_distance)
        {
          best = b;
          best_distance = distance;
        }
    }
  return best;
}

/* Private: the logical character at each visual position, for the
 * checks of iri-bidi-checks.c. */
const gsize *
iri_bidi_layout_peek_vis2log (IriBidiLayout *self)
{
  return self->vis2log;
}

/* Private: the visual position of each logical character, for the
 * checks of iri-bidi-checks.c. */
const gsize *
iri_bidi_layout_peek_log2vis (IriBidiLayout *self)
{
  return self->log2vis;
}

/* Private: the byte offset of each logical character and of the end,
 * for the checks of iri-bidi-checks.c. */
const gsize *
iri_bidi_layout_peek_char_bytes (IriBidiLayout *self)
{
  return self->char_bytes;
}

char *
iri_bidi_layout_dup_visual_range (IriBidiLayout *self,
                                  gsize          start,
                                  gsize          end)
{
  gsize length;
  const char *piece = iri_bidi_layout_peek_visual_range (self, start, end, &length);

  return g_strndup (piece, length);
}

const char *
iri_bidi_layout_peek_visual_range (IriBidiLayout *self,
                                   gsize          start,
                                   gsize          end,
                                   gsize         *out_length)
{
  gsize from, to;

  end = MIN (end, self->n_chars);
  start = MIN (start, end);
  from = self->visual_bytes != NULL ? self->visual_bytes[start] : start;
  to = self->visual_bytes != NULL ? self->visual_bytes[end] : end;
  *out_length = to - from;
  return self->visual + from;
}
