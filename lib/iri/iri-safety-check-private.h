/* iri-safety-check-private.h: what the files of the safety check share
 *
 * The state of one check (Check), the units and host labels it looks
 * at, the helpers every rule family uses to word and add its findings
 * (in iri-safety.c), and the entry points of each family's file.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libpsl.h>

#include "iri-diagnostic-private.h"
#include "iri-reference.h"
#include "iri-safety-private.h"

G_BEGIN_DECLS

/* What a unit's characters are, for the per-character checks. */
typedef struct {
  IriComponent  kind;
  IriSpan       span;      /* of the unit in the reference's text */
  const char   *text;      /* the characters checked */
  gsize         length;
  gboolean      decoded;   /* @text is the decoded form of an A-label or of percent-encoding, so
                            * a character cannot be pointed at: spans are the whole unit */
  const char   *nfc;       /* (nullable) @text in NFC, when the caller has it already */
} UnitText;

/* One host label, kept for the checks of the whole host. */
typedef struct {
  IriSpan    span;
  char      *text;          /* lower-case, decoded */
  char      *written_nfc;   /* (nullable) the label as written, in NFC: a label that is not
                             * ASCII and not decoded */
  gboolean   ascii;
  gboolean   decoded;
  char      *reading;       /* how it reads as ASCII (whole-script check), or NULL */
  GUnicodeScript script;    /* its script, when it has a reading and is not ASCII */
  gboolean   rtl;           /* that script is written right to left */
} HostLabel;

/* The state of the check of one reference, passed to every family. */
typedef struct {
  IriReference          *reference;
  const char            *text;
  const IriSafetyConfig *config;
  IriDiagnostics        *diagnostics;

  IriRun                 run;           /* pending per-character finding */
  const UnitText        *run_unit;

  gssize                 base;          /* index of the base of the current cluster, or -1 */
  /* The current unit, decoded.  The three arrays are on the stack of
   * iri_safety_check() for a unit of up to CHECK_STACK_CHARS bytes and
   * in @heap for a longer one: allocating them for every IRI was a
   * tenth of the check of a short one. */
  gsize                  n_chars;
  gunichar              *chars;         /* n_chars */
  gsize                 *offsets;       /* byte offsets in the unit's text, n_chars + 1 */
  guint8                *reported;      /* n_chars: nonzero when a per-character finding was
                                         * reported for the character */
  gsize                  capacity;      /* in characters, of the three arrays */
  gpointer               heap;          /* (nullable) their block when they outgrew the stack */
  GPtrArray             *labels;        /* HostLabel, in @label_block */
  HostLabel             *label_block;   /* one per host label unit */
  char                  *tld;           /* the host's last label, lower-case Unicode, or NULL */
  gboolean               tld_known;     /* @tld has been computed (it is only needed for
                                         * non-ASCII labels) */
} Check;

#define CHAR_AT(check, i) ((check)->chars[(i)])

/* iri-safety.c: wording and adding findings */

char     *iri_safety_quote                    (Check          *check,
                                               const char     *text,
                                               gssize          length);
void      iri_safety_append_char_with_script  (GString        *out,
                                               gunichar        c);
char     *iri_safety_describe_char            (gunichar        c);
void      iri_safety_add                      (Check          *check,
                                               const char     *code,
                                               IriSeverity     severity,
                                               IriComponent    component,
                                               const IriSpan  *span,
                                               const char     *spec,
                                               char           *message,
                                               char           *hint);
void      iri_safety_char_span                (Check          *check,
                                               const UnitText *u,
                                               gsize           i,
                                               gsize           j,
                                               IriSpan        *span);

/* iri-safety-chars.c: per-character findings (invisible characters,
 * marks, joiners, look-alike delimiters, compatibility and restricted
 * characters) */

/* Facts about a character that take a decomposition or a skeleton to
 * find, remembered for the BMP (where nearly all text is), since the
 * same characters come back in every unit and every keystroke.  One byte
 * per code point, written once by whichever thread gets there first:
 * the value only depends on the character, so relaxed atomics are
 * enough.  0 means not known yet. */
#define FACT_KNOWN       0x80
#define FACT_NFC_STABLE  0x40
#define FACT_NFD_STABLE  0x20   /* no canonical decomposition, class 0 */
#define FACT_NFC_INERT   0x10   /* see iri_safety_is_nfc_inert() */
#define FACT_DELIMITER   0x0F   /* the lookalike delimiter + 1, or 0 */

guint8    iri_safety_get_char_facts           (gunichar        c);
gboolean  iri_safety_is_nfc_stable            (gunichar        c);
gboolean  iri_safety_is_nfc_inert             (gunichar        c);
gboolean  iri_safety_nfc_quick_check_step_slow (gunichar       c,
                                               guint          *last_ccc);

/* One step of the NFC quick check (UAX #15 §9) over a text: see
 * iri-safety-chars.c.  Inline for the characters below U+0300, which
 * are all inert (iri_safety_is_nfc_inert()): most of every text. */
static inline gboolean
iri_safety_nfc_quick_check_step (gunichar  c,
                                 guint    *last_ccc)
{
  if (c < 0x300)
    {
      *last_ccc = 0;
      return TRUE;
    }
  return iri_safety_nfc_quick_check_step_slow (c, last_ccc);
}
void      iri_safety_check_chars              (Check          *check,
                                               const UnitText *u);

static inline gboolean
iri_safety_is_mark_type (GUnicodeType type)
{
  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK;
}

/* iri-safety-mixed.c: words, mixed scripts and numbers, NFC, "br0ken" */

gboolean  iri_safety_next_word                (Check          *check,
                                               const UnitText *u,
                                               gsize          *pos,
                                               gsize          *start,
                                               gsize          *end);
void      iri_safety_check_mixed_script       (Check          *check,
                                               const UnitText *u,
                                               gsize           start,
                                               gsize           end);
void      iri_safety_check_mixed_numbers      (Check          *check,
                                               const UnitText *u,
                                               gsize           start,
                                               gsize           end);
void      iri_safety_check_nfc                (Check          *check,
                                               const UnitText *u);
char     *iri_safety_normalize_nfc            (const char     *text,
                                               gsize           length);
void      iri_safety_check_digit_letter       (Check          *check,
                                               IriComponent    kind,
                                               const IriSpan  *unit_span);

/* iri-safety-whole-script.c: whole-script confusables */

char     *iri_safety_label_reading            (HostLabel      *label);
char     *iri_safety_join_texts               (GPtrArray      *labels);
void      iri_safety_check_whole_script       (Check          *check);
gboolean  iri_safety_is_native_tld            (GUnicodeScript  script,
                                               const char     *tld);

/* iri-safety-language.c: letters bound to a few languages' TLDs */

void      iri_safety_check_language_letters   (Check          *check);

/* iri-known-hosts.c: the Public Suffix List and the known hosts */

const psl_ctx_t *iri_safety_get_psl           (void);
guint     iri_safety_count_labels             (const char     *host);
void      iri_safety_check_known_hosts        (Check          *check,
                                               const char     *ascii,
                                               const char     *unicode);
void      iri_safety_check_known_hosts_ascii  (Check          *check,
                                               const IriSpan  *host_span);

G_END_DECLS
