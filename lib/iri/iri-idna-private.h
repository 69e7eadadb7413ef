/* iri-idna-private.h: host names through libidn2 (§3.4.2, §3.7 step 6)
 *
 * libidn2's return codes and flags stay behind this header: callers get
 * GErrors in IRI_ERROR_IDNA with libidn2's reason in the message
 * (STYLE.md §3.8).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "iri-diagnostic-private.h"
#include "iri-types.h"

G_BEGIN_DECLS

/* Converts a registered name to its ASCII form with @mapping (one of the
 * IDNA mappings, not IRI_HOST_MAPPING_PERCENT).  Percent-encodings in
 * @host are decoded first and must decode to UTF-8.  Every label, an
 * ASCII one too, must follow the rules of iri_idna_check_ascii_host()
 * (an A-label checked with @mapping's own libidn2 flags), before and,
 * for the lengths, after mapping; the root label (a trailing dot) is
 * kept.  On failure sets IRI_ERROR_IDNA with a message that quotes the
 * host and gives the reason (often libidn2's), and returns NULL. */
char *iri_idna_to_ascii   (const char      *host,
                           gsize            length,
                           IriHostMapping   mapping,
                           GError         **error);

/* RFC 5891 §5 lookup of @name (UTF-8, NUL-terminated) without UTS #46:
 * what libidn2's idn2_lookup_u8 (@name, …, IDN2_NO_TR46) returns, with
 * the same return code and the same name in *@out (freed with g_free(),
 * NULL on failure), computed label by label with the labels' results
 * kept. */
int   iri_idna_lookup_idna2008 (const char  *name,
                                char       **out);

/* The lookup form of a plain U-label without libidn2 (iri-idna-fast.c):
 * TRUE with what idn2_lookup_u8 (@label, …, IDN2_NO_TR46) gives in @out
 * (@room bytes, not NUL-terminated) and its length in *@out_length, or
 * FALSE, with nothing written, for a label it leaves to libidn2. */
gboolean iri_idna_fast_lookup_label (const char *label,
                                     gsize       length,
                                     char       *out,
                                     gsize       room,
                                     gsize      *out_length);

/* The U-label of the A-label @a_label (@length bytes, lower case)
 * without libidn2 (iri-idna-fast.c): TRUE with it in @out (@room
 * bytes, not NUL-terminated) when it is a plain U-label whose IDNA2008
 * lookup gives @a_label back, as RFC 5891 §5.5 asks; FALSE, with
 * nothing said of the label, otherwise. */
gboolean iri_idna_fast_decode_label (const char *a_label,
                                     gsize       length,
                                     char       *out,
                                     gsize       room,
                                     gsize      *out_length);

/* TRUE when §3.7 step 6 (iri_idna_to_unicode()) shows the A-label
 * @a_label (@a_length bytes, all lower case) as @u_label
 * (NUL-terminated, with a character outside ASCII): @a_label is what
 * the IDNA2008 lookup gives for @u_label, so that it decodes to it and
 * passes RFC 5891 §5.4, and @u_label is safe to display.  FALSE when
 * that cannot be told this way, not necessarily when it does not. */
gboolean iri_idna_a_label_shows_as (const char *a_label,
                                    gsize       a_length,
                                    const char *u_label);

/* iri_idna_to_ascii() without its cache and without its shortcut for
 * names that UTS #46 leaves as they are: every step as the
 * specifications give it, for the tests to compare with. */
char *iri_idna_to_ascii_full (const char      *host,
                              gsize            length,
                              IriHostMapping   mapping,
                              GError         **error);

/* Checks a registered name that needs no IDNA mapping (all ASCII, with
 * percent-encoded octets that are ASCII or not UTF-8) against the DNS and IDNA
 * rules that IDNA conversion applies to the others (RFC 1034 §3.1,
 * RFC 1123 §2.1, RFC 5890 §2.3, RFC 5891 §4.2.3.1, §5.4): no empty label
 * but a trailing dot, labels of at most 63 octets and a name of at most
 * 253, no hyphen at a label's edges, no "--" in the third and fourth
 * positions but a valid A-label.  @host is not changed, so it is not
 * returned.  On failure sets IRI_ERROR_IDNA like iri_idna_to_ascii()
 * and returns FALSE. */
gboolean iri_idna_check_ascii_host (const char      *host,
                                    gsize            length,
                                    IriHostMapping   mapping,
                                    GError         **error);

/* What iri_idna_check_host() learnt about a host on the way. */
typedef enum {
  IRI_HOST_SHAPE_PLAIN   = 1 << 0,   /* no "%" and no byte outside ASCII */
  IRI_HOST_SHAPE_A_LABEL = 1 << 1,   /* an "xn--" label */
} IriHostShape;

/* The same rules for the analysis: adds a finding for every label of
 * @host (a registered name as written, percent-encoded or not) that
 * breaks one (`idna-empty-label`, `idna-label-too-long`,
 * `idna-hyphen-edge`, `idna-hyphen-3-4`, `idna-invalid-a-label`), and
 * `idna-host-too-long` for an ASCII name over 253 octets.  Non-ASCII
 * labels are only checked for hyphens at their edges: the rest is
 * IDNA conversion's.  The findings are errors (`idna-hyphen-3-4` a
 * warning) when @scheme looks its names up in the DNS (http, https,
 * ws, wss, ftp, and mailto for the domains of its addresses), one step
 * milder otherwise.  Spans are relative to
 * @host, shifted by @byte_offset and @char_offset.  @ascii says that
 * the caller knows @host to be all ASCII (it is then scanned with
 * memchr() only).  No allocation for a plain ASCII host without findings;
 * *@out_shape (if not NULL) says what it saw.  Returns the number of
 * findings that IDNA conversion would fail on too (all but an A-label
 * that is valid but unsafe to display). */
guint    iri_idna_check_host       (const char      *host,
                                    gsize            length,
                                    gboolean         ascii,
                                    const char      *scheme,
                                    IriDiagnostics  *diagnostics,
                                    gsize            byte_offset,
                                    gsize            char_offset,
                                    IriHostShape    *out_shape);

/* Adds an `idna-deviation` note (at @span) when @host has one of the
 * deviation characters of UTS #46 (ß, ς, ZWJ, ZWNJ) and transitional
 * and nontransitional processing give two different ASCII names.
 * Returns whether it did. */
gboolean iri_idna_check_deviations (const char      *host,
                                    gsize            length,
                                    IriDiagnostics  *diagnostics,
                                    const IriSpan   *span);

/* Converts every "xn--" label (any case) of @host to its U-label, but
 * only when the A-label is valid: it must decode, the U-label must pass
 * IDNA2008 lookup (RFC 5891 §5.4) and encode back to the same A-label
 * (case-insensitively), and it must contain no character that is unsafe
 * to display (iri_char_is_display_safe()).  A label that fails stays an
 * A-label, and an `idna-invalid-a-label` diagnostic says why; its span is
 * the label's, relative to @host and then shifted by @byte_offset and
 * @char_offset so that it points into the caller's text.  Other labels
 * are copied unchanged.  Never fails. */
char *iri_idna_to_unicode (const char      *host,
                           gsize            length,
                           IriDiagnostics  *diagnostics,
                           gsize            byte_offset,
                           gsize            char_offset);

/* TRUE when @c may be shown decoded in an IRI meant for reading (§3.7
 * step 4, §4.1, §5.1): not a bidi formatting character, control, format
 * character, default-ignorable, space or space look-alike, line or
 * paragraph separator, noncharacter, unassigned code point, private-use
 * character (outside @component IRI_COMPONENT_QUERY), or one of the
 * security-UI look-alikes browsers keep escaped (the lock emoji
 * U+1F50F, U+1F510, U+1F512, U+1F513).  Combining marks are judged by
 * the caller, which knows what precedes them. */
gboolean iri_char_is_display_safe (gunichar     c,
                                   IriComponent component);

G_END_DECLS
