/* iri-safety-host-rules-private.h: browser IDN rule families for host labels
 *
 * Rules that browsers apply before they show a host label in Unicode
 * (Chromium's IDN spoof checker, Firefox's IDN display algorithm, UTS #39
 * §5), beyond the UTS #39 restriction levels and skeletons of
 * iri-safety.c.  Each rule looks at one decoded host label (its code
 * points) and the host's top-level domain, and reports what it finds
 * through a callback, so that the analysis turns findings into
 * diagnostics and the display policy into a decision to keep punycode.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "iri-types.h"

G_BEGIN_DECLS

/* One rule each, with its own diagnostic code (iri_host_rule_get_code()). */
typedef enum {
  IRI_HOST_RULE_DIGIT_LOOKALIKE,   /* confusable-digit-lookalike */
  IRI_HOST_RULE_CJK_LOOKALIKE,     /* confusable-cjk-lookalike */
  IRI_HOST_RULE_KANA,              /* confusable-kana */
  IRI_HOST_RULE_LATIN_CJK,         /* confusable-latin-cjk */
  IRI_HOST_RULE_MARK,              /* confusable-mark */
  IRI_HOST_RULE_DENIED,            /* restricted-host-character */
  IRI_HOST_RULE_N,
} IriHostRule;

typedef struct {
  const gunichar *chars;      /* the label as displayed: decoded, in NFC */
  gsize           n_chars;
  const char     *tld;        /* (nullable) the host's last label, lower-case,
                               * in its Unicode form */
  const guint8   *reported;   /* (nullable) per character, nonzero when a
                               * per-character finding (lookalike-delimiter,
                               * invisible-character, restricted-character…)
                               * was already reported for it, so that a rule
                               * does not report it a second time */
  gboolean      (*is_native_tld) (GUnicodeScript  script,
                                  const char     *tld);
                              /* (nullable) whether @script is written
                               * natively under the ASCII TLD @tld (a
                               * country-code TLD such as "ru" for Cyrillic) */
} IriHostLabelInput;

typedef struct {
  IriHostRule  rule;
  gsize        start;         /* characters [start, end) of the label */
  gsize        end;
  char        *message;       /* translated; the callback may steal it */
  char        *hint;          /* translated; the callback may steal it */
} IriHostRuleFinding;

/* Called once per finding; what it leaves in @finding->message and
 * @finding->hint is freed after it returns. */
typedef void (*IriHostRuleReport) (IriHostRuleFinding *finding,
                                   gpointer            user_data);

/* Runs every rule on @label; returns the number of findings. */
guint        iri_host_rules_check_label   (const IriHostLabelInput *label,
                                           IriHostRuleReport        report,
                                           gpointer                 user_data);

/* iri_host_rules_check_label() running every rule family, without first
 * skipping those that the label gives nothing to report: for the tests,
 * which compare the two. */
guint        iri_host_rules_check_label_all (const IriHostLabelInput *label,
                                             IriHostRuleReport        report,
                                             gpointer                 user_data);

const char  *iri_host_rule_get_code       (IriHostRule rule);
const char  *iri_host_rule_get_spec       (IriHostRule rule);
IriSeverity  iri_host_rule_get_severity   (IriHostRule rule);

/* The character classes behind the rules. */

/* The ASCII digit that @c reads as ('0'…'9'), or 0: @c is not an ASCII
 * digit, IDNA does not map it, and its confusables.txt prototype, or the
 * prototype of its capital, is an ASCII digit or the prototype of one
 * ("O" for 0, "l" for 1). */
gunichar     iri_host_rules_digit_lookalike (gunichar c);

/* What the CJK character @c looks like ("o", "-", "/"…), or NULL;
 * @separator (nullable) says whether that is a separator rather than a
 * letter. */
const char  *iri_host_rules_cjk_lookalike   (gunichar  c,
                                             gboolean *separator);

/* The kana of the other kana script that @c cannot be told from
 * (Hiragana へ and Katakana ヘ, with their voiced forms), or 0. */
gunichar     iri_host_rules_kana_twin       (gunichar c);

/* Why @c has no place in a host name (translated), or NULL when it is
 * not on the deny list (data/security/host-deny-list.txt). */
const char  *iri_host_rules_deny_reason     (gunichar c);

G_END_DECLS
