/* iri-bidi.h: how an IRI is displayed (RFC 3987bis §4.1)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriDisplayMode:
 * @IRI_DISPLAY_EMBED: RFC 3987bis §4.1: the whole IRI is laid out by the
 *   Unicode Bidirectional Algorithm inside one left-to-right embedding
 * @IRI_DISPLAY_ISOLATE: each component is displayed as its own unit: the
 *   delimiters `: / ? # [ ] @ . & = ;` count as strong left-to-right
 *   characters, so no right-to-left run crosses them (what Chromium's URL
 *   mode does, and what draft-masinter-url-i18n §3.2 proposed with LRM
 *   around delimiters)
 *
 * How an IRI is laid out for display.  Both keep the text in logical
 * order; they differ only in the display.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_DISPLAY_EMBED,
  IRI_DISPLAY_ISOLATE,
} IriDisplayMode;

/**
 * IriNotation:
 * @IRI_NOTATION_NONE: the text is taken as it is
 * @IRI_NOTATION_HEBREW: Bidi Notation with Hebrew: the ASCII capitals A–Z
 *   stand for Hebrew letters (bidi class R)
 * @IRI_NOTATION_ARABIC: Bidi Notation with Arabic: A–Z stand for Arabic
 *   letters (bidi class AL), which makes digits after them Arabic numbers
 *   (UAX #9 rule W2)
 *
 * The Bidi Notation of RFC 3987bis §4.4, in which upper-case ASCII
 * letters stand for right-to-left letters.  Only A–Z change; digits and
 * punctuation keep their real bidi classes, unlike FriBidi's CapRTL
 * charset.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_NOTATION_NONE,
  IRI_NOTATION_HEBREW,
  IRI_NOTATION_ARABIC,
} IriNotation;

/**
 * IriBidiWrap:
 * @IRI_BIDI_WRAP_EMBEDDING: U+202A LEFT-TO-RIGHT EMBEDDING before and
 *   U+202C POP DIRECTIONAL FORMATTING after, as §4.1 describes
 * @IRI_BIDI_WRAP_ISOLATE: U+2066 LEFT-TO-RIGHT ISOLATE before and U+2069
 *   POP DIRECTIONAL ISOLATE after, which also keeps the IRI from
 *   affecting the text around it (UAX #9 §2.7)
 *
 * How [func@Iri.bidi_wrap] protects an IRI shown inside other text.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_BIDI_WRAP_EMBEDDING,
  IRI_BIDI_WRAP_ISOLATE,
} IriBidiWrap;

/**
 * IriBidiLayoutFlags:
 * @IRI_BIDI_LAYOUT_DEFAULT: a left-to-right paragraph (§4.1), combining
 *   marks after their base in the visual string
 * @IRI_BIDI_LAYOUT_RTL_PARAGRAPH: a right-to-left paragraph instead,
 *   which shows what goes wrong without the embedding §4.1 asks for
 * @IRI_BIDI_LAYOUT_KEEP_MARK_ORDER: do not move combining marks of
 *   right-to-left runs after their base (UAX #9 rule L3 is optional; a
 *   renderer that shapes needs the marks in plain reversed order)
 *
 * Flags for [ctor@Iri.BidiLayout.new_full].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_BIDI_LAYOUT_DEFAULT          = 0,
  IRI_BIDI_LAYOUT_RTL_PARAGRAPH    = 1 << 0,
  IRI_BIDI_LAYOUT_KEEP_MARK_ORDER  = 1 << 1,
} IriBidiLayoutFlags;

/**
 * IriBidiRun:
 * @start: the first character of the run in logical order
 * @end: the character after the run in logical order
 * @visual_start: where the run starts in visual order
 * @level: the embedding level; odd levels are right-to-left
 *
 * A maximal stretch of characters at one embedding level, contiguous in
 * both logical and visual order.  Offsets count code points.
 *
 * Since: 0.1
 */
typedef struct {
  gsize  start;
  gsize  end;
  gsize  visual_start;
  guint8 level;
} IriBidiRun;

/**
 * IriVisualRange:
 * @start: the first visual position
 * @end: the visual position after the last one
 *
 * A range of visual positions (code points in visual order).
 *
 * Since: 0.1
 */
typedef struct {
  gsize start;
  gsize end;
} IriVisualRange;

#define IRI_TYPE_BIDI_RUN (iri_bidi_run_get_type ())
IRI_AVAILABLE_IN_0_1
GType           iri_bidi_run_get_type          (void);
IRI_AVAILABLE_IN_0_1
IriBidiRun     *iri_bidi_run_copy              (const IriBidiRun     *run);
IRI_AVAILABLE_IN_0_1
void            iri_bidi_run_free              (IriBidiRun           *run);

#define IRI_TYPE_VISUAL_RANGE (iri_visual_range_get_type ())
IRI_AVAILABLE_IN_0_1
GType           iri_visual_range_get_type      (void);
IRI_AVAILABLE_IN_0_1
IriVisualRange *iri_visual_range_copy          (const IriVisualRange *range);
IRI_AVAILABLE_IN_0_1
void            iri_visual_range_free          (IriVisualRange       *range);

typedef struct _IriBidiLayout IriBidiLayout;

#define IRI_TYPE_BIDI_LAYOUT (iri_bidi_layout_get_type ())

IRI_AVAILABLE_IN_0_1
GType          iri_bidi_layout_get_type                  (void);
IRI_AVAILABLE_IN_0_1
IriBidiLayout *iri_bidi_layout_new                       (const char     *text,
                                                          gssize          length,
                                                          IriDisplayMode  mode);
IRI_AVAILABLE_IN_0_1
IriBidiLayout *iri_bidi_layout_new_full                  (const char         *text,
                                                          gssize              length,
                                                          IriDisplayMode      mode,
                                                          IriBidiLayoutFlags  flags);
IRI_AVAILABLE_IN_0_1
IriBidiLayout *iri_bidi_layout_ref                       (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_layout_unref                     (IriBidiLayout  *self);

IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_layout_get_text                  (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
IriDisplayMode iri_bidi_layout_get_mode                  (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_get_n_chars               (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
gboolean       iri_bidi_layout_is_trivial                (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
const char    *iri_bidi_layout_get_visual_text           (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
char          *iri_bidi_layout_get_visual_text_shaped    (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
const guint8  *iri_bidi_layout_get_levels                (IriBidiLayout  *self,
                                                          gsize          *n_levels);
IRI_AVAILABLE_IN_0_1
guint8         iri_bidi_layout_get_level                 (IriBidiLayout  *self,
                                                          gsize           logical_index);
IRI_AVAILABLE_IN_0_1
guint          iri_bidi_layout_get_n_runs                (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
void           iri_bidi_layout_get_run                   (IriBidiLayout  *self,
                                                          guint           index,
                                                          IriBidiRun     *out_run);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_logical_to_visual         (IriBidiLayout  *self,
                                                          gsize           logical_index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_visual_to_logical         (IriBidiLayout  *self,
                                                          gsize           visual_index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_logical_byte_to_visual_byte (IriBidiLayout *self,
                                                            gsize          logical_byte);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_visual_byte_to_logical_byte (IriBidiLayout *self,
                                                            gsize          visual_byte);
IRI_AVAILABLE_IN_0_1
IriVisualRange *iri_bidi_layout_get_selection_ranges     (IriBidiLayout  *self,
                                                          gsize           start,
                                                          gsize           end,
                                                          guint          *n_ranges);

IRI_AVAILABLE_IN_0_1
gboolean       iri_bidi_layout_is_cursor_position        (IriBidiLayout  *self,
                                                          gsize           logical_index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_move_cursor_logically     (IriBidiLayout  *self,
                                                          gsize           logical_index,
                                                          int             direction);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_move_cursor_visually      (IriBidiLayout  *self,
                                                          gsize           logical_index,
                                                          int             direction);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_get_cursor_visual_position (IriBidiLayout *self,
                                                           gsize          logical_index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_visual_position_to_cursor (IriBidiLayout  *self,
                                                          gsize           visual_position);

IRI_AVAILABLE_IN_0_1
guint          iri_bidi_layout_get_width                 (IriBidiLayout  *self);
IRI_AVAILABLE_IN_0_1
guint          iri_bidi_layout_get_cursor_column         (IriBidiLayout  *self,
                                                          gsize           logical_index);
IRI_AVAILABLE_IN_0_1
gsize          iri_bidi_layout_column_to_cursor          (IriBidiLayout  *self,
                                                          guint           column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriBidiLayout, iri_bidi_layout_unref)

IRI_AVAILABLE_IN_0_1
guint          iri_char_get_cell_width  (gunichar        c);
IRI_AVAILABLE_IN_0_1
const char    *iri_char_get_bidi_class  (gunichar        c);

IRI_AVAILABLE_IN_0_1
char          *iri_bidi_wrap            (const char     *text,
                                         gssize          length,
                                         IriBidiWrap     wrap);

IRI_AVAILABLE_IN_0_1
char          *iri_notation_to_rtl      (const char     *text,
                                         gssize          length,
                                         IriNotation     notation);
IRI_AVAILABLE_IN_0_1
char          *iri_notation_from_rtl    (const char     *text,
                                         gssize          length,
                                         IriNotation     notation);

G_END_DECLS
