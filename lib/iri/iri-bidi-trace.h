/* iri-bidi-trace.h: the Unicode Bidirectional Algorithm, step by step
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-version.h"
#include "iri-bidi.h"

G_BEGIN_DECLS

/**
 * IriBidiClass:
 * @IRI_BIDI_CLASS_L: strong left-to-right
 * @IRI_BIDI_CLASS_R: strong right-to-left (Hebrew)
 * @IRI_BIDI_CLASS_AL: strong right-to-left Arabic letter
 * @IRI_BIDI_CLASS_EN: European number
 * @IRI_BIDI_CLASS_ES: European number separator (`+`, `-`)
 * @IRI_BIDI_CLASS_ET: European number terminator (`#`, `$`, `%`)
 * @IRI_BIDI_CLASS_AN: Arabic number
 * @IRI_BIDI_CLASS_CS: common number separator (`,`, `.`, `/`, `:`)
 * @IRI_BIDI_CLASS_NSM: non-spacing mark
 * @IRI_BIDI_CLASS_BN: boundary neutral (ignored, like a zero width joiner)
 * @IRI_BIDI_CLASS_B: paragraph separator
 * @IRI_BIDI_CLASS_S: segment separator (tab)
 * @IRI_BIDI_CLASS_WS: white space
 * @IRI_BIDI_CLASS_ON: other neutral
 * @IRI_BIDI_CLASS_LRE: left-to-right embedding
 * @IRI_BIDI_CLASS_LRO: left-to-right override
 * @IRI_BIDI_CLASS_RLE: right-to-left embedding
 * @IRI_BIDI_CLASS_RLO: right-to-left override
 * @IRI_BIDI_CLASS_PDF: pop directional formatting
 * @IRI_BIDI_CLASS_LRI: left-to-right isolate
 * @IRI_BIDI_CLASS_RLI: right-to-left isolate
 * @IRI_BIDI_CLASS_FSI: first strong isolate
 * @IRI_BIDI_CLASS_PDI: pop directional isolate
 *
 * The bidi classes of UAX #9 Table 4.  [func@Iri.BidiClass.get_name]
 * gives the short names the standard uses.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_BIDI_CLASS_L,
  IRI_BIDI_CLASS_R,
  IRI_BIDI_CLASS_AL,
  IRI_BIDI_CLASS_EN,
  IRI_BIDI_CLASS_ES,
  IRI_BIDI_CLASS_ET,
  IRI_BIDI_CLASS_AN,
  IRI_BIDI_CLASS_CS,
  IRI_BIDI_CLASS_NSM,
  IRI_BIDI_CLASS_BN,
  IRI_BIDI_CLASS_B,
  IRI_BIDI_CLASS_S,
  IRI_BIDI_CLASS_WS,
  IRI_BIDI_CLASS_ON,
  IRI_BIDI_CLASS_LRE,
  IRI_BIDI_CLASS_LRO,
  IRI_BIDI_CLASS_RLE,
  IRI_BIDI_CLASS_RLO,
  IRI_BIDI_CLASS_PDF,
  IRI_BIDI_CLASS_LRI,
  IRI_BIDI_CLASS_RLI,
  IRI_BIDI_CLASS_FSI,
  IRI_BIDI_CLASS_PDI,
} IriBidiClass;

/**
 * IriBidiStep:
 * @IRI_BIDI_STEP_CLASSES: each character's Bidi_Class, as stored
 * @IRI_BIDI_STEP_EXPLICIT: rules X1–X10: explicit embedding levels,
 *   overrides (X6) and the formatting characters set aside (X9); the
 *   level runs and isolating run sequences are formed (X10)
 * @IRI_BIDI_STEP_W1: rule W1: a non-spacing mark takes the class of the
 *   character before it
 * @IRI_BIDI_STEP_W2: rule W2: a European number after an Arabic letter
 *   becomes an Arabic number
 * @IRI_BIDI_STEP_W3: rule W3: Arabic letters become R
 * @IRI_BIDI_STEP_W4: rule W4: a single separator between two numbers of
 *   the same kind joins them
 * @IRI_BIDI_STEP_W5: rule W5: terminators next to a European number
 *   join it
 * @IRI_BIDI_STEP_W6: rule W6: remaining separators and terminators
 *   become neutral
 * @IRI_BIDI_STEP_W7: rule W7: a European number after left-to-right
 *   text becomes L
 * @IRI_BIDI_STEP_N0: rule N0: paired brackets take the direction of
 *   what they enclose or surround
 * @IRI_BIDI_STEP_N1: rule N1: neutrals between two characters of the
 *   same direction take that direction
 * @IRI_BIDI_STEP_N2: rule N2: remaining neutrals take the direction of
 *   the embedding
 * @IRI_BIDI_STEP_IMPLICIT: rules I1 and I2: the resolved levels
 * @IRI_BIDI_STEP_LINE: rule L1: separators and trailing white space go
 *   back to the paragraph level
 * @IRI_BIDI_STEP_REORDER: rule L2: runs are reversed, highest level
 *   first, which gives the visual order
 *
 * The steps of the Unicode Bidirectional Algorithm (UAX #9 §3.3) that
 * an [struct@Iri.BidiTrace] records, in the order they are applied.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_BIDI_STEP_CLASSES,
  IRI_BIDI_STEP_EXPLICIT,
  IRI_BIDI_STEP_W1,
  IRI_BIDI_STEP_W2,
  IRI_BIDI_STEP_W3,
  IRI_BIDI_STEP_W4,
  IRI_BIDI_STEP_W5,
  IRI_BIDI_STEP_W6,
  IRI_BIDI_STEP_W7,
  IRI_BIDI_STEP_N0,
  IRI_BIDI_STEP_N1,
  IRI_BIDI_STEP_N2,
  IRI_BIDI_STEP_IMPLICIT,
  IRI_BIDI_STEP_LINE,
  IRI_BIDI_STEP_REORDER,
} IriBidiStep;

/**
 * IriBidiParagraph:
 * @IRI_BIDI_PARAGRAPH_LTR: a left-to-right paragraph, level 0 (what
 *   RFC 3987bis §4.1 asks for an IRI)
 * @IRI_BIDI_PARAGRAPH_RTL: a right-to-left paragraph, level 1 (an IRI
 *   shown in Hebrew or Arabic text without the embedding of §4.1)
 * @IRI_BIDI_PARAGRAPH_AUTO: the direction of the first strong character
 *   (UAX #9 rules P2 and P3), left-to-right when there is none
 *
 * The paragraph direction of an [struct@Iri.BidiTrace].
 *
 * Since: 0.1
 */
typedef enum {
  IRI_BIDI_PARAGRAPH_LTR,
  IRI_BIDI_PARAGRAPH_RTL,
  IRI_BIDI_PARAGRAPH_AUTO,
} IriBidiParagraph;

typedef struct _IriBidiTrace IriBidiTrace;

#define IRI_TYPE_BIDI_TRACE (iri_bidi_trace_get_type ())

IRI_AVAILABLE_IN_0_1
GType          iri_bidi_trace_get_type             (void);
IRI_AVAILABLE_IN_0_1
IriBidiTrace  *iri_bidi_trace_new                  (const char        *text,
                                                    gssize             length,
                                                    IriBidiParagraph   paragraph,
                                                    IriNotation        notation);
IRI_AVAILABLE_IN_0_1
IriBidiTrace  *iri_bidi_trace_ref                  (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_trace_unref                (IriBidiTrace      *self);

IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_trace_get_n_chars          (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
gunichar       iri_bidi_trace_get_char             (IriBidiTrace      *self,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
guint8         iri_bidi_trace_get_paragraph_level  (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
IriBidiClass   iri_bidi_trace_get_class            (IriBidiTrace      *self,
                                                    IriBidiStep        step,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
guint8         iri_bidi_trace_get_level            (IriBidiTrace      *self,
                                                    IriBidiStep        step,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_trace_get_rule             (IriBidiTrace      *self,
                                                    IriBidiStep        step,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
gboolean       iri_bidi_trace_is_removed           (IriBidiTrace      *self,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
gunichar       iri_bidi_trace_get_mirror           (IriBidiTrace      *self,
                                                    gsize              index);

IRI_AVAILABLE_IN_0_1
guint          iri_bidi_trace_get_n_level_runs     (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_trace_get_level_run        (IriBidiTrace      *self,
                                                    guint              run,
                                                    gsize             *start,
                                                    gsize             *end,
                                                    guint8            *level);
IRI_AVAILABLE_IN_0_1
guint          iri_bidi_trace_get_n_sequences      (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
const guint   *iri_bidi_trace_get_sequence         (IriBidiTrace      *self,
                                                    guint              sequence,
                                                    guint             *n_runs,
                                                    IriBidiClass      *sos,
                                                    IriBidiClass      *eos);
IRI_AVAILABLE_IN_0_1
guint          iri_bidi_trace_get_n_bracket_pairs  (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_trace_get_bracket_pair     (IriBidiTrace      *self,
                                                    guint              pair,
                                                    gsize             *open,
                                                    gsize             *close);
IRI_AVAILABLE_IN_0_1
guint          iri_bidi_trace_get_n_reversals      (IriBidiTrace      *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_trace_get_reversal         (IriBidiTrace      *self,
                                                    guint              reversal,
                                                    guint8            *level,
                                                    gsize             *visual_start,
                                                    gsize             *visual_end);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_trace_logical_to_visual    (IriBidiTrace      *self,
                                                    gsize              index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_trace_visual_to_logical    (IriBidiTrace      *self,
                                                    gsize              position);

IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_class_get_name             (IriBidiClass       bidi_class);
IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_step_get_name              (IriBidiStep        step);
IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_step_get_description       (IriBidiStep        step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriBidiTrace, iri_bidi_trace_unref)

G_END_DECLS
