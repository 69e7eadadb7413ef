/* iri-bidi-trace.c: the Unicode Bidirectional Algorithm, step by step
 *
 * FriBidi lays out every display of the project (iri-bidi.c); this file
 * explains it.  It runs UAX #9 (Unicode 15.0, revision 46) rule by rule
 * on the characters of a text and keeps what each rule did: the class of
 * every character after each weak and neutral rule, the levels after the
 * explicit, implicit and line rules, the level runs and isolating run
 * sequences, the bracket pairs of N0 and the reversals of L2.  Character
 * data (Bidi_Class, Bidi_Paired_Bracket, Bidi_Mirroring_Glyph) is
 * FriBidi's, so that the two cannot disagree on a character's class; the
 * test suite checks that both give the same levels and order on every
 * case of BidiTest.txt and BidiCharacterTest.txt.
 *
 * Characters removed by rule X9 (embeddings, overrides, PDF, BN) keep
 * their place in the arrays: they take the level of the character
 * before them (UAX #9 §5.2), so that they are shown somewhere, and are
 * left out of every rule from W1 on.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <fribidi.h>
#include <glib/gi18n-lib.h>

#include "iri-bidi-trace.h"
#include "iri-bidi-trace-private.h"
#include "iri-char-private.h"

/* UAX #9 BD2: the deepest embedding level. */
#define MAX_DEPTH 125
/* UAX #9 BD16: the bracket stack holds 63 openers. */
#define MAX_BRACKETS 63

/* The class arrays kept, one per step up to N2. */
#define N_CLASS_STEPS (IRI_BIDI_STEP_N2 + 1)

typedef struct {
  gsize  start;
  gsize  end;
  guint8 level;
} LevelRun;

typedef struct {
  guint        first;   /* into runs_of_sequences */
  guint        n_runs;
  IriBidiClass sos;
  IriBidiClass eos;
} Sequence;

typedef struct {
  gsize open;
  gsize close;
} BracketPair;

typedef struct {
  guint8 level;
  gsize  start;
  gsize  end;
} Reversal;

struct _IriBidiTrace
{
  gatomicrefcount  ref_count;

  gsize            n;
  gunichar        *chars;        /* NULL when made from classes */
  guint32         *brackets;     /* FriBidi bracket types, or NULL */
  guint8           paragraph_level;

  guint8          *classes;      /* N_CLASS_STEPS × n */
  guint8          *explicit_rule; /* 0, 6 (X6: overridden) or 9 (X9: removed) */
  guint8          *explicit_levels;
  guint8          *resolved_levels;
  guint8          *implicit_rule; /* 0, 1 (I1) or 2 (I2) */
  guint8          *line_levels;
  gboolean        *removed;
  gsize           *matching_pdi; /* for isolate initiators; n if none */

  GArray          *runs;         /* LevelRun */
  GArray          *sequences;    /* Sequence */
  GArray          *runs_of_sequences; /* guint */
  GArray          *pairs;        /* BracketPair */
  GArray          *reversals;    /* Reversal */
  gsize           *vis2log;
  gsize           *log2vis;
};

/**
 * IriBidiTrace:
 *
 * The Unicode Bidirectional Algorithm (UAX #9) run on a text rule by
 * rule, to explain a display: each character's class after every weak
 * and neutral rule and the rule that changed it, its levels after the
 * explicit, implicit and line rules, the level runs, the isolating run
 * sequences, the bracket pairs of rule N0, the reversals of rule L2 and
 * the mirrored glyphs of rule L4.  Indexes count code points in logical
 * order.
 *
 * Since: 0.1
 */

G_DEFINE_BOXED_TYPE (IriBidiTrace, iri_bidi_trace, iri_bidi_trace_ref, iri_bidi_trace_unref)

static const char * const class_names[] = {
  "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
  "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
};

static const char * const step_names[] = {
  "classes", "X1-X10", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "N0", "N1", "N2",
  "I1-I2", "L1", "L2",
};

/**
 * iri_bidi_class_get_name:
 * @bidi_class: a bidi class
 *
 * Gets the short name UAX #9 gives @bidi_class: `L`, `R`, `AL`, `EN`…
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_bidi_class_get_name (IriBidiClass bidi_class)
{
  g_return_val_if_fail ((guint) bidi_class < G_N_ELEMENTS (class_names), NULL);

  return class_names[bidi_class];
}

/**
 * iri_bidi_step_get_name:
 * @step: a step
 *
 * Gets the name of the UAX #9 rules that @step applies, as the standard
 * numbers them: `W1`, `N0`, `X1-X10`, `I1-I2`…, and `classes` for
 * %IRI_BIDI_STEP_CLASSES.  These names are not translated: they are
 * what the standard calls the rules.
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_bidi_step_get_name (IriBidiStep step)
{
  g_return_val_if_fail ((guint) step < G_N_ELEMENTS (step_names), NULL);

  return step_names[step];
}

/**
 * iri_bidi_step_get_description:
 * @step: a step
 *
 * Says in one plain sentence what the rules of @step do, for a learner:
 * “W2: a European number after an Arabic letter becomes an Arabic
 * number.”  The sentence is translated; the rule names in it are not.
 *
 * Returns: (transfer none): the sentence
 *
 * Since: 0.1
 */
const char *
iri_bidi_step_get_description (IriBidiStep step)
{
  switch (step)
    {
    case IRI_BIDI_STEP_CLASSES:
      return _("Every character has a bidi class: L for left-to-right letters, R and AL for right-to-left ones, numbers, separators and neutrals.");
    case IRI_BIDI_STEP_EXPLICIT:
      return _("X1–X10: embeddings, overrides and isolates set the levels of the text they enclose; an override also sets its class (X6), and the formatting characters are then set aside (X9).");
    case IRI_BIDI_STEP_W1:
      return _("W1: a combining mark takes the class of the character before it.");
    case IRI_BIDI_STEP_W2:
      return _("W2: a European number after an Arabic letter becomes an Arabic number.");
    case IRI_BIDI_STEP_W3:
      return _("W3: Arabic letters become right-to-left letters (R).");
    case IRI_BIDI_STEP_W4:
      return _("W4: a single separator between two numbers of the same kind joins them.");
    case IRI_BIDI_STEP_W5:
      /* xgettext:no-c-format */
      return _("W5: terminators such as % or # next to a European number join it.");
    case IRI_BIDI_STEP_W6:
      return _("W6: the separators and terminators left become neutral (ON).");
    case IRI_BIDI_STEP_W7:
      return _("W7: a European number after left-to-right text becomes left-to-right (L).");
    case IRI_BIDI_STEP_N0:
      return _("N0: a pair of brackets takes the direction of what it encloses, or of the text before it.");
    case IRI_BIDI_STEP_N1:
      return _("N1: neutrals between two characters of the same direction take that direction; numbers count as right-to-left.");
    case IRI_BIDI_STEP_N2:
      return _("N2: the remaining neutrals take the direction of the embedding.");
    case IRI_BIDI_STEP_IMPLICIT:
      return _("I1–I2: right-to-left letters go up one level from an even level, numbers two; left-to-right letters and numbers go up one from an odd level.");
    case IRI_BIDI_STEP_LINE:
      return _("L1: tabs, paragraph separators and white space at the end of the line go back to the paragraph level.");
    case IRI_BIDI_STEP_REORDER:
      return _("L2: from the highest level down to the lowest odd one, every stretch at that level or higher is reversed.");
    default:
      g_return_val_if_reached (NULL);
    }
}

static IriBidiClass
class_of_fribidi (FriBidiCharType type)
{
  switch (type)
    {
    case FRIBIDI_TYPE_LTR: return IRI_BIDI_CLASS_L;
    case FRIBIDI_TYPE_RTL: return IRI_BIDI_CLASS_R;
    case FRIBIDI_TYPE_AL: return IRI_BIDI_CLASS_AL;
    case FRIBIDI_TYPE_EN: return IRI_BIDI_CLASS_EN;
    case FRIBIDI_TYPE_ES: return IRI_BIDI_CLASS_ES;
    case FRIBIDI_TYPE_ET: return IRI_BIDI_CLASS_ET;
    case FRIBIDI_TYPE_AN: return IRI_BIDI_CLASS_AN;
    case FRIBIDI_TYPE_CS: return IRI_BIDI_CLASS_CS;
    case FRIBIDI_TYPE_NSM: return IRI_BIDI_CLASS_NSM;
    case FRIBIDI_TYPE_BN: return IRI_BIDI_CLASS_BN;
    case FRIBIDI_TYPE_BS: return IRI_BIDI_CLASS_B;
    case FRIBIDI_TYPE_SS: return IRI_BIDI_CLASS_S;
    case FRIBIDI_TYPE_WS: return IRI_BIDI_CLASS_WS;
    case FRIBIDI_TYPE_LRE: return IRI_BIDI_CLASS_LRE;
    case FRIBIDI_TYPE_LRO: return IRI_BIDI_CLASS_LRO;
    case FRIBIDI_TYPE_RLE: return IRI_BIDI_CLASS_RLE;
    case FRIBIDI_TYPE_RLO: return IRI_BIDI_CLASS_RLO;
    case FRIBIDI_TYPE_PDF: return IRI_BIDI_CLASS_PDF;
    case FRIBIDI_TYPE_LRI: return IRI_BIDI_CLASS_LRI;
    case FRIBIDI_TYPE_RLI: return IRI_BIDI_CLASS_RLI;
    case FRIBIDI_TYPE_FSI: return IRI_BIDI_CLASS_FSI;
    case FRIBIDI_TYPE_PDI: return IRI_BIDI_CLASS_PDI;
    case FRIBIDI_TYPE_ON:
    default:
      return IRI_BIDI_CLASS_ON;
    }
}

/* The class a character has in @notation (RFC 3987bis §4.4: capital
 * letters stand for right-to-left letters). */
IriBidiClass
iri_bidi_class_of_char (gunichar    c,
                        IriNotation notation)
{
  if (c >= 'A' && c <= 'Z' && notation != IRI_NOTATION_NONE)
    return notation == IRI_NOTATION_ARABIC ? IRI_BIDI_CLASS_AL : IRI_BIDI_CLASS_R;
  return class_of_fribidi (fribidi_get_bidi_type (c));
}

static inline gboolean
is_isolate_initiator (IriBidiClass c)
{
  return c == IRI_BIDI_CLASS_LRI || c == IRI_BIDI_CLASS_RLI || c == IRI_BIDI_CLASS_FSI;
}

static inline gboolean
is_removed_by_x9 (IriBidiClass c)
{
  return c == IRI_BIDI_CLASS_LRE || c == IRI_BIDI_CLASS_RLE || c == IRI_BIDI_CLASS_LRO ||
         c == IRI_BIDI_CLASS_RLO || c == IRI_BIDI_CLASS_PDF || c == IRI_BIDI_CLASS_BN;
}

/* UAX #9 BD1 "NI": the neutrals and isolate formatting characters. */
static inline gboolean
is_neutral (IriBidiClass c)
{
  return c == IRI_BIDI_CLASS_B || c == IRI_BIDI_CLASS_S || c == IRI_BIDI_CLASS_WS ||
         c == IRI_BIDI_CLASS_ON || is_isolate_initiator (c) || c == IRI_BIDI_CLASS_PDI;
}

static inline IriBidiClass
direction_of_level (guint level)
{
  return (level & 1) ? IRI_BIDI_CLASS_R : IRI_BIDI_CLASS_L;
}

static inline guint8 *
classes_at (IriBidiTrace *self,
            IriBidiStep   step)
{
  return self->classes + (gsize) step * self->n;
}

/* BD9: the PDI that matches each isolate initiator, counting from the
 * initiator to the end of the paragraph. */
static void
find_matching_pdis (IriBidiTrace *self,
                    const guint8 *classes)
{
  g_autofree gsize *stack = g_new (gsize, MAX (self->n, 1));
  gsize depth = 0;

  for (gsize i = 0; i < self->n; i++)
    {
      self->matching_pdi[i] = self->n;
      if (is_isolate_initiator (classes[i]))
        stack[depth++] = i;
      else if (classes[i] == IRI_BIDI_CLASS_PDI && depth > 0)
        self->matching_pdi[stack[--depth]] = i;
      else if (classes[i] == IRI_BIDI_CLASS_B)
        depth = 0;
    }
}

/* P2 and P3 on [start, end): the direction of the first strong
 * character outside isolates, or -1 if there is none. */
static int
first_strong_level (IriBidiTrace *self,
                    const guint8 *classes,
                    gsize         start,
                    gsize         end)
{
  for (gsize i = start; i < end; i++)
    {
      IriBidiClass c = classes[i];

      if (c == IRI_BIDI_CLASS_L)
        return 0;
      if (c == IRI_BIDI_CLASS_R || c == IRI_BIDI_CLASS_AL)
        return 1;
      if (c == IRI_BIDI_CLASS_B)
        break;
      if (is_isolate_initiator (c))
        {
          if (self->matching_pdi[i] >= end)
            break;
          i = self->matching_pdi[i];
        }
    }
  return -1;
}

/* X2–X5c: the least odd (right-to-left) or even level above @level. */
static inline guint
next_level (guint    level,
            gboolean rtl)
{
  return rtl ? (level + 1u) | 1u : (level + 2u) & ~1u;
}

typedef struct {
  guint8       level;
  IriBidiClass override;   /* ON: none */
  gboolean     isolate;
} StackEntry;

/* Rules X1–X9. */
static void
resolve_explicit (IriBidiTrace *self)
{
  guint8 *in = classes_at (self, IRI_BIDI_STEP_CLASSES);
  guint8 *out = classes_at (self, IRI_BIDI_STEP_EXPLICIT);
  StackEntry stack[MAX_DEPTH + 2];
  guint depth = 0;
  guint overflow_isolates = 0, overflow_embeddings = 0, valid_isolates = 0;

  memcpy (out, in, self->n);
  /* X1 */
  stack[0] = (StackEntry) { self->paragraph_level, IRI_BIDI_CLASS_ON, FALSE };
  depth = 1;

  for (gsize i = 0; i < self->n; i++)
    {
      IriBidiClass c = in[i];
      StackEntry *top = &stack[depth - 1];

      switch (c)
        {
        case IRI_BIDI_CLASS_RLE:
        case IRI_BIDI_CLASS_LRE:
        case IRI_BIDI_CLASS_RLO:
        case IRI_BIDI_CLASS_LRO:
          {
            /* X2–X5 */
            gboolean rtl = c == IRI_BIDI_CLASS_RLE || c == IRI_BIDI_CLASS_RLO;
            guint level = next_level (top->level, rtl);

            self->explicit_levels[i] = top->level;
            if (level <= MAX_DEPTH && overflow_isolates == 0 && overflow_embeddings == 0)
              {
                IriBidiClass override = c == IRI_BIDI_CLASS_RLO ? IRI_BIDI_CLASS_R
                                        : c == IRI_BIDI_CLASS_LRO ? IRI_BIDI_CLASS_L
                                        : IRI_BIDI_CLASS_ON;

                stack[depth++] = (StackEntry) { level, override, FALSE };
              }
            else if (overflow_isolates == 0)
              overflow_embeddings++;
          }
          break;

        case IRI_BIDI_CLASS_RLI:
        case IRI_BIDI_CLASS_LRI:
        case IRI_BIDI_CLASS_FSI:
          {
            /* X5a–X5c */
            gboolean rtl = c == IRI_BIDI_CLASS_RLI;
            guint level;

            if (c == IRI_BIDI_CLASS_FSI)
              rtl = first_strong_level (self, in, i + 1, self->matching_pdi[i]) == 1;
            level = next_level (top->level, rtl);
            self->explicit_levels[i] = top->level;
            if (top->override != IRI_BIDI_CLASS_ON)
              {
                out[i] = top->override;
                self->explicit_rule[i] = 6;
              }
            if (level <= MAX_DEPTH && overflow_isolates == 0 && overflow_embeddings == 0)
              {
                valid_isolates++;
                stack[depth++] = (StackEntry) { level, IRI_BIDI_CLASS_ON, TRUE };
              }
            else
              overflow_isolates++;
          }
          break;

        case IRI_BIDI_CLASS_PDI:
          /* X6a */
          if (overflow_isolates > 0)
            overflow_isolates--;
          else if (valid_isolates > 0)
            {
              overflow_embeddings = 0;
              while (!stack[depth - 1].isolate)
                depth--;
              depth--;
              valid_isolates--;
            }
          top = &stack[depth - 1];
          self->explicit_levels[i] = top->level;
          if (top->override != IRI_BIDI_CLASS_ON)
            {
              out[i] = top->override;
              self->explicit_rule[i] = 6;
            }
          break;

        case IRI_BIDI_CLASS_PDF:
          /* X7 */
          self->explicit_levels[i] = top->level;
          if (overflow_isolates > 0)
            ;
          else if (overflow_embeddings > 0)
            overflow_embeddings--;
          else if (!top->isolate && depth >= 2)
            depth--;
          break;

        case IRI_BIDI_CLASS_B:
          /* X8: a paragraph separator ends every embedding. */
          self->explicit_levels[i] = self->paragraph_level;
          depth = 1;
          overflow_isolates = overflow_embeddings = valid_isolates = 0;
          break;

        case IRI_BIDI_CLASS_BN:
          /* X6 does not apply to BN, which X9 removes. */
          self->explicit_levels[i] = top->level;
          break;

        default:
          /* X6 */
          self->explicit_levels[i] = top->level;
          if (top->override != IRI_BIDI_CLASS_ON)
            {
              out[i] = top->override;
              if (out[i] != in[i])
                self->explicit_rule[i] = 6;
            }
          break;
        }

      /* X9 */
      if (is_removed_by_x9 (c))
        {
          self->removed[i] = TRUE;
          self->explicit_rule[i] = 9;
        }
    }
}

/* X10: the level runs, then the isolating run sequences. */
static void
find_sequences (IriBidiTrace *self)
{
  const guint8 *classes = classes_at (self, IRI_BIDI_STEP_CLASSES);
  g_autofree guint *run_of = g_new (guint, MAX (self->n, 1));
  g_autofree gboolean *taken = NULL;
  gsize i = 0;

  while (i < self->n)
    {
      LevelRun run;

      if (self->removed[i])
        {
          i++;
          continue;
        }
      run.start = i;
      run.level = self->explicit_levels[i];
      run.end = i + 1;
      for (gsize j = i + 1; j < self->n; j++)
        {
          if (self->removed[j])
            continue;
          if (self->explicit_levels[j] != run.level)
            break;
          run.end = j + 1;
        }
      for (gsize j = run.start; j < run.end; j++)
        run_of[j] = self->runs->len;
      g_array_append_val (self->runs, run);
      i = run.end;
    }

  taken = g_new0 (gboolean, MAX (self->runs->len, 1));
  for (guint r = 0; r < self->runs->len; r++)
    {
      Sequence sequence = { self->runs_of_sequences->len, 0, 0, 0 };
      guint current = r;
      gsize first, last, before, after;
      guint8 level;

      if (taken[r])
        continue;
      for (;;)
        {
          const LevelRun *run = &g_array_index (self->runs, LevelRun, current);
          gsize end = run->end - 1;

          taken[current] = TRUE;
          g_array_append_val (self->runs_of_sequences, current);
          sequence.n_runs++;
          if (!is_isolate_initiator (classes[end]) || self->matching_pdi[end] >= self->n)
            break;
          current = run_of[self->matching_pdi[end]];
        }

      /* sos and eos: the higher of the sequence's level and the level
       * on the other side of its ends (X10). */
      first = g_array_index (self->runs, LevelRun, r).start;
      last = g_array_index (self->runs, LevelRun, current).end - 1;
      level = self->explicit_levels[first];
      before = first;
      while (before > 0 && self->removed[before - 1])
        before--;
      sequence.sos = direction_of_level (MAX (level, before > 0 ? self->explicit_levels[before - 1]
                                                                : self->paragraph_level));
      after = last + 1;
      while (after < self->n && self->removed[after])
        after++;
      level = self->explicit_levels[last];
      if (after < self->n && !is_isolate_initiator (classes[last]))
        sequence.eos = direction_of_level (MAX (level, self->explicit_levels[after]));
      else
        sequence.eos = direction_of_level (MAX (level, self->paragraph_level));
      g_array_append_val (self->sequences, sequence);
    }
}

/* The characters of a sequence, in order, without those X9 removed. */
static gsize *
sequence_chars (IriBidiTrace   *self,
                const Sequence *sequence,
                gsize          *n_chars)
{
  gsize n = 0;
  gsize *chars;

  for (guint k = 0; k < sequence->n_runs; k++)
    {
      const LevelRun *run = &g_array_index (self->runs, LevelRun,
                                            g_array_index (self->runs_of_sequences, guint, sequence->first + k));
      n += run->end - run->start;
    }
  chars = g_new (gsize, MAX (n, 1));
  n = 0;
  for (guint k = 0; k < sequence->n_runs; k++)
    {
      const LevelRun *run = &g_array_index (self->runs, LevelRun,
                                            g_array_index (self->runs_of_sequences, guint, sequence->first + k));
      for (gsize i = run->start; i < run->end; i++)
        {
          if (!self->removed[i])
            chars[n++] = i;
        }
    }
  *n_chars = n;
  return chars;
}

static gboolean
bracket_of (IriBidiTrace *self,
            gsize         i,
            guint32      *id,
            gboolean     *open)
{
  guint32 type;

  if (self->brackets == NULL || self->brackets[i] == FRIBIDI_NO_BRACKET)
    return FALSE;
  type = self->brackets[i];
  *id = FRIBIDI_BRACKET_ID (type);
  *open = FRIBIDI_IS_BRACKET_OPEN (type);
  /* BD16: canonical equivalents pair (U+2329 and U+232A decompose to
   * U+3008 and U+3009). */
  if (*id == 0x2329)
    *id = 0x3008;
  return TRUE;
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const BracketPair *x = a, *y = b;

  return x->open < y->open ? -1 : x->open > y->open;
}

/* The strong direction N0 and N1 see: EN and AN count as R. */
static inline int
strong_direction (IriBidiClass c)
{
  if (c == IRI_BIDI_CLASS_L)
    return IRI_BIDI_CLASS_L;
  if (c == IRI_BIDI_CLASS_R || c == IRI_BIDI_CLASS_AL || c == IRI_BIDI_CLASS_EN || c == IRI_BIDI_CLASS_AN)
    return IRI_BIDI_CLASS_R;
  return -1;
}

/* N0 on one sequence: BD16's pairs, then each pair in order. */
static void
resolve_brackets (IriBidiTrace   *self,
                  const Sequence *sequence,
                  const gsize    *chars,
                  gsize           n,
                  guint8         *t)
{
  const guint8 *original = classes_at (self, IRI_BIDI_STEP_CLASSES);
  struct { guint32 id; gsize position; } openers[MAX_BRACKETS];
  guint n_openers = 0;
  guint first_pair = self->pairs->len;
  IriBidiClass embedding;

  if (self->brackets == NULL || n == 0)
    return;

  for (gsize k = 0; k < n; k++)
    {
      gsize i = chars[k];
      guint32 id;
      gboolean open;

      if (t[i] != IRI_BIDI_CLASS_ON || !bracket_of (self, i, &id, &open))
        continue;
      if (open)
        {
          if (n_openers == MAX_BRACKETS)
            break;
          openers[n_openers].id = id;
          openers[n_openers].position = k;
          n_openers++;
        }
      else
        {
          for (guint o = n_openers; o > 0; o--)
            {
              if (openers[o - 1].id == id)
                {
                  BracketPair pair = { openers[o - 1].position, k };

                  g_array_append_val (self->pairs, pair);
                  n_openers = o - 1;
                  break;
                }
            }
        }
    }
  if (self->pairs->len == first_pair)
    return;
  /* Sort this sequence's pairs by their opening bracket. */
  qsort (&g_array_index (self->pairs, BracketPair, first_pair), self->pairs->len - first_pair,
         sizeof (BracketPair), compare_pairs);

  embedding = direction_of_level (self->explicit_levels[chars[0]]);
  for (guint p = first_pair; p < self->pairs->len; p++)
    {
      BracketPair *pair = &g_array_index (self->pairs, BracketPair, p);
      gboolean found_embedding = FALSE, found_opposite = FALSE;
      int direction = -1;

      for (gsize k = pair->open + 1; k < pair->close; k++)
        {
          int d = strong_direction (t[chars[k]]);

          if (d == (int) embedding)
            found_embedding = TRUE;
          else if (d >= 0)
            found_opposite = TRUE;
        }
      if (found_embedding)
        direction = embedding;
      else if (found_opposite)
        {
          int context = sequence->sos;

          for (gsize k = pair->open; k > 0; k--)
            {
              int d = strong_direction (t[chars[k - 1]]);

              if (d >= 0)
                {
                  context = d;
                  break;
                }
            }
          /* The opposite direction if the context has it, else the
           * embedding's: the context is one of the two. */
          direction = context;
        }

      if (direction >= 0)
        {
          gsize ends[2] = { pair->open, pair->close };

          for (guint e = 0; e < 2; e++)
            {
              t[chars[ends[e]]] = direction;
              /* Marks after a bracket follow its change (they took its
               * class in W1). */
              for (gsize k = ends[e] + 1; k < n && original[chars[k]] == IRI_BIDI_CLASS_NSM; k++)
                t[chars[k]] = direction;
            }
        }
      /* Report positions in the text, not in the sequence. */
      pair->open = chars[pair->open];
      pair->close = chars[pair->close];
    }
}

/* Rules W1–W7, N0–N2 on one sequence; @step says which. */
static void
resolve_step (IriBidiTrace   *self,
              const Sequence *sequence,
              const gsize    *chars,
              gsize           n,
              IriBidiStep     step)
{
  guint8 *t = classes_at (self, step);
  IriBidiClass embedding = n > 0 ? direction_of_level (self->explicit_levels[chars[0]]) : IRI_BIDI_CLASS_L;

  switch (step)
    {
    case IRI_BIDI_STEP_W1:
      for (gsize k = 0; k < n; k++)
        {
          if (t[chars[k]] != IRI_BIDI_CLASS_NSM)
            continue;
          if (k == 0)
            t[chars[k]] = sequence->sos;
          else if (is_isolate_initiator (t[chars[k - 1]]) || t[chars[k - 1]] == IRI_BIDI_CLASS_PDI)
            t[chars[k]] = IRI_BIDI_CLASS_ON;
          else
            t[chars[k]] = t[chars[k - 1]];
        }
      break;

    case IRI_BIDI_STEP_W2:
      {
        IriBidiClass strong = sequence->sos;

        for (gsize k = 0; k < n; k++)
          {
            IriBidiClass c = t[chars[k]];

            if (c == IRI_BIDI_CLASS_L || c == IRI_BIDI_CLASS_R || c == IRI_BIDI_CLASS_AL)
              strong = c;
            else if (c == IRI_BIDI_CLASS_EN && strong == IRI_BIDI_CLASS_AL)
              t[chars[k]] = IRI_BIDI_CLASS_AN;
          }
      }
      break;

    case IRI_BIDI_STEP_W3:
      for (gsize k = 0; k < n; k++)
        {
          if (t[chars[k]] == IRI_BIDI_CLASS_AL)
            t[chars[k]] = IRI_BIDI_CLASS_R;
        }
      break;

    case IRI_BIDI_STEP_W4:
      for (gsize k = 1; k + 1 < n; k++)
        {
          IriBidiClass c = t[chars[k]], before = t[chars[k - 1]], after = t[chars[k + 1]];

          if (c == IRI_BIDI_CLASS_ES && before == IRI_BIDI_CLASS_EN && after == IRI_BIDI_CLASS_EN)
            t[chars[k]] = IRI_BIDI_CLASS_EN;
          else if (c == IRI_BIDI_CLASS_CS && before == after &&
                   (before == IRI_BIDI_CLASS_EN || before == IRI_BIDI_CLASS_AN))
            t[chars[k]] = before;
        }
      break;

    case IRI_BIDI_STEP_W5:
      for (gsize k = 0; k < n; k++)
        {
          gsize end = k;

          if (t[chars[k]] != IRI_BIDI_CLASS_ET)
            continue;
          while (end < n && t[chars[end]] == IRI_BIDI_CLASS_ET)
            end++;
          if ((k > 0 && t[chars[k - 1]] == IRI_BIDI_CLASS_EN) ||
              (end < n && t[chars[end]] == IRI_BIDI_CLASS_EN))
            {
              for (gsize j = k; j < end; j++)
                t[chars[j]] = IRI_BIDI_CLASS_EN;
            }
          k = end - 1;
        }
      break;

    case IRI_BIDI_STEP_W6:
      for (gsize k = 0; k < n; k++)
        {
          IriBidiClass c = t[chars[k]];

          if (c == IRI_BIDI_CLASS_ES || c == IRI_BIDI_CLASS_ET || c == IRI_BIDI_CLASS_CS)
            t[chars[k]] = IRI_BIDI_CLASS_ON;
        }
      break;

    case IRI_BIDI_STEP_W7:
      {
        IriBidiClass strong = sequence->sos;

        for (gsize k = 0; k < n; k++)
          {
            IriBidiClass c = t[chars[k]];

            if (c == IRI_BIDI_CLASS_L || c == IRI_BIDI_CLASS_R)
              strong = c;
            else if (c == IRI_BIDI_CLASS_EN && strong == IRI_BIDI_CLASS_L)
              t[chars[k]] = IRI_BIDI_CLASS_L;
          }
      }
      break;

    case IRI_BIDI_STEP_N0:
      resolve_brackets (self, sequence, chars, n, t);
      break;

    case IRI_BIDI_STEP_N1:
      for (gsize k = 0; k < n; k++)
        {
          gsize end = k;
          int before, after;

          if (!is_neutral (t[chars[k]]))
            continue;
          while (end < n && is_neutral (t[chars[end]]))
            end++;
          before = k > 0 ? strong_direction (t[chars[k - 1]]) : (int) sequence->sos;
          after = end < n ? strong_direction (t[chars[end]]) : (int) sequence->eos;
          if (before >= 0 && before == after)
            {
              for (gsize j = k; j < end; j++)
                t[chars[j]] = before;
            }
          k = end - 1;
        }
      break;

    case IRI_BIDI_STEP_N2:
      for (gsize k = 0; k < n; k++)
        {
          if (is_neutral (t[chars[k]]))
            t[chars[k]] = embedding;
        }
      break;

    case IRI_BIDI_STEP_CLASSES:
    case IRI_BIDI_STEP_EXPLICIT:
    case IRI_BIDI_STEP_IMPLICIT:
    case IRI_BIDI_STEP_LINE:
    case IRI_BIDI_STEP_REORDER:
    default:
      g_assert_not_reached ();
    }
}

/* I1, I2; then the levels of the removed characters (§5.2). */
static void
resolve_implicit (IriBidiTrace *self)
{
  const guint8 *t = classes_at (self, IRI_BIDI_STEP_N2);

  for (gsize i = 0; i < self->n; i++)
    {
      guint level = self->explicit_levels[i];

      if (self->removed[i])
        level = i > 0 ? self->resolved_levels[i - 1] : self->paragraph_level;
      else if ((level & 1) == 0 && t[i] == IRI_BIDI_CLASS_R)
        level += 1, self->implicit_rule[i] = 1;
      else if ((level & 1) == 0 && (t[i] == IRI_BIDI_CLASS_AN || t[i] == IRI_BIDI_CLASS_EN))
        level += 2, self->implicit_rule[i] = 1;
      else if ((level & 1) == 1 && (t[i] == IRI_BIDI_CLASS_L || t[i] == IRI_BIDI_CLASS_EN ||
                                    t[i] == IRI_BIDI_CLASS_AN))
        level += 1, self->implicit_rule[i] = 2;
      self->resolved_levels[i] = level;
    }
}

/* L1: with the classes as stored. */
static void
resolve_line (IriBidiTrace *self)
{
  const guint8 *original = classes_at (self, IRI_BIDI_STEP_CLASSES);
  gboolean trailing = TRUE;   /* at the end of the line, or before S or B */

  memcpy (self->line_levels, self->resolved_levels, self->n);
  for (gsize i = self->n; i > 0; i--)
    {
      IriBidiClass c = original[i - 1];

      if (c == IRI_BIDI_CLASS_S || c == IRI_BIDI_CLASS_B)
        {
          self->line_levels[i - 1] = self->paragraph_level;
          trailing = TRUE;
        }
      else if (c == IRI_BIDI_CLASS_WS || is_isolate_initiator (c) || c == IRI_BIDI_CLASS_PDI ||
               self->removed[i - 1])
        {
          if (trailing)
            self->line_levels[i - 1] = self->paragraph_level;
        }
      else
        trailing = FALSE;
    }
}

/* L2: reverse, from the highest level to the lowest odd one. */
static void
reorder (IriBidiTrace *self)
{
  guint8 highest = 0, lowest_odd = G_MAXUINT8;

  for (gsize v = 0; v < self->n; v++)
    self->vis2log[v] = v;
  for (gsize i = 0; i < self->n; i++)
    {
      guint8 level = self->line_levels[i];

      highest = MAX (highest, level);
      if (level & 1)
        lowest_odd = MIN (lowest_odd, level);
    }
  for (guint level = highest; level >= lowest_odd && level > 0; level--)
    {
      gsize v = 0;

      while (v < self->n)
        {
          gsize end;

          if (self->line_levels[self->vis2log[v]] < level)
            {
              v++;
              continue;
            }
          end = v;
          while (end < self->n && self->line_levels[self->vis2log[end]] >= level)
            end++;
          {
            Reversal reversal = { level, v, end };

            g_array_append_val (self->reversals, reversal);
          }
          for (gsize a = v, b = end - 1; a < b; a++, b--)
            {
              gsize swap = self->vis2log[a];

              self->vis2log[a] = self->vis2log[b];
              self->vis2log[b] = swap;
            }
          v = end;
        }
    }
  for (gsize v = 0; v < self->n; v++)
    self->log2vis[self->vis2log[v]] = v;
}

static IriBidiTrace *
trace_run (IriBidiTrace    *self,
           IriBidiParagraph paragraph)
{
  const guint8 *original = classes_at (self, IRI_BIDI_STEP_CLASSES);

  self->explicit_rule = g_new0 (guint8, MAX (self->n, 1));
  self->explicit_levels = g_new0 (guint8, MAX (self->n, 1));
  self->resolved_levels = g_new0 (guint8, MAX (self->n, 1));
  self->implicit_rule = g_new0 (guint8, MAX (self->n, 1));
  self->line_levels = g_new0 (guint8, MAX (self->n, 1));
  self->removed = g_new0 (gboolean, MAX (self->n, 1));
  self->matching_pdi = g_new (gsize, MAX (self->n, 1));
  self->vis2log = g_new (gsize, MAX (self->n, 1));
  self->log2vis = g_new (gsize, MAX (self->n, 1));
  self->runs = g_array_new (FALSE, FALSE, sizeof (LevelRun));
  self->sequences = g_array_new (FALSE, FALSE, sizeof (Sequence));
  self->runs_of_sequences = g_array_new (FALSE, FALSE, sizeof (guint));
  self->pairs = g_array_new (FALSE, FALSE, sizeof (BracketPair));
  self->reversals = g_array_new (FALSE, FALSE, sizeof (Reversal));

  find_matching_pdis (self, original);
  /* P2, P3 */
  if (paragraph == IRI_BIDI_PARAGRAPH_AUTO)
    self->paragraph_level = MAX (first_strong_level (self, original, 0, self->n), 0);
  else
    self->paragraph_level = paragraph == IRI_BIDI_PARAGRAPH_RTL ? 1 : 0;

  resolve_explicit (self);
  find_sequences (self);

  /* Each rule over every sequence, then the next: the sequences are
   * independent, and this keeps the classes after each rule.  Their
   * characters are listed once for all the rules. */
  {
    guint n_sequences = self->sequences->len;
    g_autofree gsize **chars = g_new0 (gsize *, MAX (n_sequences, 1));
    g_autofree gsize *n_chars = g_new0 (gsize, MAX (n_sequences, 1));

    for (guint s = 0; s < n_sequences; s++)
      chars[s] = sequence_chars (self, &g_array_index (self->sequences, Sequence, s), &n_chars[s]);
    for (IriBidiStep step = IRI_BIDI_STEP_W1; step <= IRI_BIDI_STEP_N2; step++)
      {
        memcpy (classes_at (self, step), classes_at (self, step - 1), self->n);
        for (guint s = 0; s < n_sequences; s++)
          resolve_step (self, &g_array_index (self->sequences, Sequence, s), chars[s], n_chars[s], step);
      }
    for (guint s = 0; s < n_sequences; s++)
      g_free (chars[s]);
  }
  /* The pairs of all sequences, in text order. */
  g_array_sort (self->pairs, compare_pairs);

  resolve_implicit (self);
  resolve_line (self);
  reorder (self);
  return self;
}

static IriBidiTrace *
trace_alloc (gsize n)
{
  IriBidiTrace *self = g_new0 (IriBidiTrace, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->n = n;
  self->classes = g_new0 (guint8, MAX (N_CLASS_STEPS * n, 1));
  return self;
}

/**
 * iri_bidi_trace_new:
 * @text: (nullable): valid UTF-8 without NUL bytes
 * @length: the length of @text in bytes, or -1 if it is nul-terminated
 * @paragraph: the paragraph direction
 * @notation: how to read the capital letters A–Z
 *
 * Runs the Unicode Bidirectional Algorithm (UAX #9) on @text, one line
 * and one paragraph, and keeps what every rule did, to explain a
 * display: the same levels and order as FriBidi, which lays out the
 * displays of [struct@Iri.BidiLayout], without its optional rule L3.
 * With %IRI_NOTATION_HEBREW or %IRI_NOTATION_ARABIC, the capitals A–Z
 * are given the class R or AL (the Bidi Notation of RFC 3987bis §4.4)
 * and keep their character.
 *
 * Returns: (transfer full): the trace
 *
 * Since: 0.1
 */
IriBidiTrace *
iri_bidi_trace_new (const char       *text,
                    gssize            length,
                    IriBidiParagraph  paragraph,
                    IriNotation       notation)
{
  IriBidiTrace *self;
  const char *p, *end;
  gsize n = 0;
  guint8 *classes;

  if (text == NULL)
    text = "";
  if (length < 0)
    length = strlen (text);
  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), NULL);

  end = text + length;
  for (p = text; p < end; n++)
    iri_utf8_next (&p);

  self = trace_alloc (n);
  self->chars = g_new (gunichar, MAX (n, 1));
  self->brackets = g_new (guint32, MAX (n, 1));
  classes = classes_at (self, IRI_BIDI_STEP_CLASSES);
  p = text;
  for (gsize i = 0; i < n; i++)
    {
      gunichar c = iri_utf8_next (&p);

      self->chars[i] = c;
      classes[i] = iri_bidi_class_of_char (c, notation);
      self->brackets[i] = fribidi_get_bracket (c);
    }
  return trace_run (self, paragraph);
}

/* For the conformance tests of BidiTest.txt, which give classes, not
 * characters. */
IriBidiTrace *
iri_bidi_trace_new_for_classes (const IriBidiClass *classes,
                                gsize               n,
                                IriBidiParagraph    paragraph)
{
  IriBidiTrace *self = trace_alloc (n);

  for (gsize i = 0; i < n; i++)
    classes_at (self, IRI_BIDI_STEP_CLASSES)[i] = classes[i];
  return trace_run (self, paragraph);
}

/**
 * iri_bidi_trace_ref:
 * @self: a trace
 *
 * Takes a reference to @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
IriBidiTrace *
iri_bidi_trace_ref (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * iri_bidi_trace_unref:
 * @self: (transfer full): a trace
 *
 * Releases a reference to @self; the last one frees it.
 *
 * Since: 0.1
 */
void
iri_bidi_trace_unref (IriBidiTrace *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->chars);
  g_free (self->brackets);
  g_free (self->classes);
  g_free (self->explicit_rule);
  g_free (self->explicit_levels);
  g_free (self->resolved_levels);
  g_free (self->implicit_rule);
  g_free (self->line_levels);
  g_free (self->removed);
  g_free (self->matching_pdi);
  g_array_unref (self->runs);
  g_array_unref (self->sequences);
  g_array_unref (self->runs_of_sequences);
  g_array_unref (self->pairs);
  g_array_unref (self->reversals);
  g_free (self->vis2log);
  g_free (self->log2vis);
  g_free (self);
}

/**
 * iri_bidi_trace_get_n_chars:
 * @self: a trace
 *
 * Gets how many characters were traced.
 *
 * Returns: the number of characters (code points) traced
 *
 * Since: 0.1
 */
gsize
iri_bidi_trace_get_n_chars (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n;
}

/**
 * iri_bidi_trace_get_char:
 * @self: a trace
 * @index: a character, in logical order
 *
 * Gets a character of the traced text (0 for a trace made from bidi
 * classes alone).
 *
 * Returns: the character at @index
 *
 * Since: 0.1
 */
gunichar
iri_bidi_trace_get_char (IriBidiTrace *self,
                         gsize         index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->n, 0);

  return self->chars != NULL ? self->chars[index] : 0;
}

/**
 * iri_bidi_trace_get_paragraph_level:
 * @self: a trace
 *
 * Gets the paragraph embedding level: given, or found by rules P2 and
 * P3 for %IRI_BIDI_PARAGRAPH_AUTO.
 *
 * Returns: the paragraph embedding level: 0 (left-to-right) or 1
 *
 * Since: 0.1
 */
guint8
iri_bidi_trace_get_paragraph_level (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->paragraph_level;
}

/**
 * iri_bidi_trace_get_class:
 * @self: a trace
 * @step: a step
 * @index: a character, in logical order
 *
 * Gets the class of a character after @step: its Bidi_Class for
 * %IRI_BIDI_STEP_CLASSES, the class an override gives it for
 * %IRI_BIDI_STEP_EXPLICIT, and so on up to N2; the steps after N2 do
 * not change classes.  A character removed by rule X9 keeps its class.
 *
 * Returns: the class
 *
 * Since: 0.1
 */
IriBidiClass
iri_bidi_trace_get_class (IriBidiTrace *self,
                          IriBidiStep   step,
                          gsize         index)
{
  g_return_val_if_fail (self != NULL, IRI_BIDI_CLASS_ON);
  g_return_val_if_fail (index < self->n, IRI_BIDI_CLASS_ON);
  g_return_val_if_fail (step <= IRI_BIDI_STEP_REORDER, IRI_BIDI_CLASS_ON);

  return classes_at (self, MIN (step, IRI_BIDI_STEP_N2))[index];
}

/**
 * iri_bidi_trace_get_level:
 * @self: a trace
 * @step: a step
 * @index: a character, in logical order
 *
 * Gets the embedding level of a character after @step: the paragraph
 * level for %IRI_BIDI_STEP_CLASSES, the explicit level from
 * %IRI_BIDI_STEP_EXPLICIT to %IRI_BIDI_STEP_N2, the resolved level for
 * %IRI_BIDI_STEP_IMPLICIT and the level of the line after that.  A
 * character removed by rule X9 has the level of the character before it
 * (UAX #9 §5.2).
 *
 * Returns: the level; odd levels are right-to-left
 *
 * Since: 0.1
 */
guint8
iri_bidi_trace_get_level (IriBidiTrace *self,
                          IriBidiStep   step,
                          gsize         index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->n, 0);

  if (step == IRI_BIDI_STEP_CLASSES)
    return self->paragraph_level;
  if (step < IRI_BIDI_STEP_IMPLICIT)
    return self->removed[index] ? self->resolved_levels[index] : self->explicit_levels[index];
  if (step == IRI_BIDI_STEP_IMPLICIT)
    return self->resolved_levels[index];
  return self->line_levels[index];
}

/**
 * iri_bidi_trace_get_rule:
 * @self: a trace
 * @step: a step
 * @index: a character, in logical order
 *
 * Gets the rule by which @step changed a character's class or level:
 * `X6` (an override gave it a class), `X9` (removed), `W1`…`N2`, `I1`,
 * `I2` or `L1`, or %NULL if @step left it as it was.  For
 * %IRI_BIDI_STEP_EXPLICIT, a level above the paragraph's is not counted
 * as a change: [method@Iri.BidiTrace.get_level] tells it.
 *
 * Returns: (nullable) (transfer none): the rule, or %NULL
 *
 * Since: 0.1
 */
const char *
iri_bidi_trace_get_rule (IriBidiTrace *self,
                         IriBidiStep   step,
                         gsize         index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n, NULL);

  switch (step)
    {
    case IRI_BIDI_STEP_EXPLICIT:
      return self->explicit_rule[index] == 9 ? "X9" : self->explicit_rule[index] == 6 ? "X6" : NULL;
    case IRI_BIDI_STEP_IMPLICIT:
      return self->implicit_rule[index] == 1 ? "I1" : self->implicit_rule[index] == 2 ? "I2" : NULL;
    case IRI_BIDI_STEP_LINE:
      return self->line_levels[index] != self->resolved_levels[index] ? "L1" : NULL;
    case IRI_BIDI_STEP_W1:
    case IRI_BIDI_STEP_W2:
    case IRI_BIDI_STEP_W3:
    case IRI_BIDI_STEP_W4:
    case IRI_BIDI_STEP_W5:
    case IRI_BIDI_STEP_W6:
    case IRI_BIDI_STEP_W7:
    case IRI_BIDI_STEP_N0:
    case IRI_BIDI_STEP_N1:
    case IRI_BIDI_STEP_N2:
      return classes_at (self, step)[index] != classes_at (self, step - 1)[index] ? step_names[step] : NULL;
    case IRI_BIDI_STEP_REORDER:
      return self->log2vis[index] != index ? "L2" : NULL;
    case IRI_BIDI_STEP_CLASSES:
    default:
      return NULL;
    }
}

/**
 * iri_bidi_trace_is_removed:
 * @self: a trace
 * @index: a character, in logical order
 *
 * Gets whether rule X9 set a character aside.
 *
 * Returns: whether rule X9 removed the character (an embedding, an
 *   override, U+202C POP DIRECTIONAL FORMATTING or a boundary neutral)
 *
 * Since: 0.1
 */
gboolean
iri_bidi_trace_is_removed (IriBidiTrace *self,
                           gsize         index)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->n, FALSE);

  return self->removed[index];
}

/**
 * iri_bidi_trace_get_mirror:
 * @self: a trace
 * @index: a character, in logical order
 *
 * Gets the glyph rule L4 shows for a character at a right-to-left
 * level: `)` for `(`, `>` for `<`.
 *
 * Returns: the mirrored character, or 0 if it is not mirrored
 *
 * Since: 0.1
 */
gunichar
iri_bidi_trace_get_mirror (IriBidiTrace *self,
                           gsize         index)
{
  FriBidiChar mirror;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->n, 0);

  if (self->chars == NULL || (self->line_levels[index] & 1) == 0 ||
      !fribidi_get_mirror_char (self->chars[index], &mirror))
    return 0;
  return mirror;
}

/**
 * iri_bidi_trace_get_n_level_runs:
 * @self: a trace
 *
 * Gets how many level runs rule X10 found.
 *
 * Returns: the number of level runs (UAX #9 BD7) after rule X9
 *
 * Since: 0.1
 */
guint
iri_bidi_trace_get_n_level_runs (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->runs->len;
}

/**
 * iri_bidi_trace_get_level_run:
 * @self: a trace
 * @run: a level run, from 0
 * @start: (out) (optional): its first character
 * @end: (out) (optional): the character after its last
 * @level: (out) (optional): its explicit level
 *
 * Gets a maximal stretch of characters at one explicit level; the
 * characters removed by rule X9 inside it are not part of it.
 *
 * Since: 0.1
 */
void
iri_bidi_trace_get_level_run (IriBidiTrace *self,
                              guint         run,
                              gsize        *start,
                              gsize        *end,
                              guint8       *level)
{
  const LevelRun *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (run < self->runs->len);

  r = &g_array_index (self->runs, LevelRun, run);
  if (start != NULL)
    *start = r->start;
  if (end != NULL)
    *end = r->end;
  if (level != NULL)
    *level = r->level;
}

/**
 * iri_bidi_trace_get_n_sequences:
 * @self: a trace
 *
 * Gets how many isolating run sequences rule X10 formed.
 *
 * Returns: the number of isolating run sequences (UAX #9 BD13)
 *
 * Since: 0.1
 */
guint
iri_bidi_trace_get_n_sequences (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->sequences->len;
}

/**
 * iri_bidi_trace_get_sequence:
 * @self: a trace
 * @sequence: an isolating run sequence, from 0
 * @n_runs: (out): the number of its level runs
 * @sos: (out) (optional): the class at its start (`L` or `R`)
 * @eos: (out) (optional): the class at its end
 *
 * Gets an isolating run sequence: the level runs that the weak and
 * neutral rules treat as one, joined across isolates.
 *
 * Returns: (array length=n_runs) (transfer none): its level runs, as
 *   indexes for [method@Iri.BidiTrace.get_level_run]
 *
 * Since: 0.1
 */
const guint *
iri_bidi_trace_get_sequence (IriBidiTrace *self,
                             guint         sequence,
                             guint        *n_runs,
                             IriBidiClass *sos,
                             IriBidiClass *eos)
{
  const Sequence *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (sequence < self->sequences->len, NULL);
  g_return_val_if_fail (n_runs != NULL, NULL);

  s = &g_array_index (self->sequences, Sequence, sequence);
  *n_runs = s->n_runs;
  if (sos != NULL)
    *sos = s->sos;
  if (eos != NULL)
    *eos = s->eos;
  return &g_array_index (self->runs_of_sequences, guint, s->first);
}

/**
 * iri_bidi_trace_get_n_bracket_pairs:
 * @self: a trace
 *
 * Gets how many bracket pairs rule N0 resolved.
 *
 * Returns: the number of bracket pairs rule N0 considered (UAX #9 BD16)
 *
 * Since: 0.1
 */
guint
iri_bidi_trace_get_n_bracket_pairs (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->pairs->len;
}

/**
 * iri_bidi_trace_get_bracket_pair:
 * @self: a trace
 * @pair: a pair, from 0, in the order of their opening brackets
 * @open: (out) (optional): the opening bracket
 * @close: (out) (optional): the closing bracket
 *
 * Gets a pair of brackets that rule N0 resolved together.
 *
 * Since: 0.1
 */
void
iri_bidi_trace_get_bracket_pair (IriBidiTrace *self,
                                 guint         pair,
                                 gsize        *open,
                                 gsize        *close)
{
  const BracketPair *p;

  g_return_if_fail (self != NULL);
  g_return_if_fail (pair < self->pairs->len);

  p = &g_array_index (self->pairs, BracketPair, pair);
  if (open != NULL)
    *open = p->open;
  if (close != NULL)
    *close = p->close;
}

/**
 * iri_bidi_trace_get_n_reversals:
 * @self: a trace
 *
 * Gets how many reversals rule L2 made.
 *
 * Returns: the number of reversals rule L2 made
 *
 * Since: 0.1
 */
guint
iri_bidi_trace_get_n_reversals (IriBidiTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->reversals->len;
}

/**
 * iri_bidi_trace_get_reversal:
 * @self: a trace
 * @reversal: a reversal, from 0, in the order they were made
 * @level: (out) (optional): the level being reversed: runs at this
 *   level or higher
 * @visual_start: (out) (optional): the first position reversed
 * @visual_end: (out) (optional): the position after the last
 *
 * Gets one reversal of rule L2, which reverses every maximal stretch of
 * characters at a level or higher, from the highest level to the lowest
 * odd one.  Positions are those of the order at that moment, after the
 * reversals before it.
 *
 * Since: 0.1
 */
void
iri_bidi_trace_get_reversal (IriBidiTrace *self,
                             guint         reversal,
                             guint8       *level,
                             gsize        *visual_start,
                             gsize        *visual_end)
{
  const Reversal *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (reversal < self->reversals->len);

  r = &g_array_index (self->reversals, Reversal, reversal);
  if (level != NULL)
    *level = r->level;
  if (visual_start != NULL)
    *visual_start = r->start;
  if (visual_end != NULL)
    *visual_end = r->end;
}

/**
 * iri_bidi_trace_logical_to_visual:
 * @self: a trace
 * @index: a character, in logical order
 *
 * Gets where a character is displayed.
 *
 * Returns: where rule L2 puts the character, from the left
 *
 * Since: 0.1
 */
gsize
iri_bidi_trace_logical_to_visual (IriBidiTrace *self,
                                  gsize         index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->n, 0);

  return self->log2vis[index];
}

/**
 * iri_bidi_trace_visual_to_logical:
 * @self: a trace
 * @position: a visual position, from the left
 *
 * Gets which character is displayed at a position.
 *
 * Returns: the character shown at @position, in logical order
 *
 * Since: 0.1
 */
gsize
iri_bidi_trace_visual_to_logical (IriBidiTrace *self,
                                  gsize         position)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (position < self->n, 0);

  return self->vis2log[position];
}
