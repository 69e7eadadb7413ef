/* iri-mapping-private.h: the URI → IRI conversion (§3.7) as the display
 * policy drives it
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "iri-mapping.h"

G_BEGIN_DECLS

/* One host label of a registered name, as a conversion showed it. */
typedef struct {
  IriSpan     in;             /* the label in the URI */
  gsize       out_start;      /* … and in the result, in bytes */
  gsize       out_end;
  gboolean    decoded;        /* shown with characters outside ASCII */
  /* Set by the caller before a second conversion of the same URI: keep
   * the label as the URI has it, because of this finding (a static or
   * interned code, and its message). */
  const char *keep_code;
  char       *keep_message;
} IriShownLabel;

/* A GArray of IriShownLabel that frees the messages. */
GArray  *iri_shown_labels_new         (void);

/* TRUE when §3.7 has nothing to do on @text: printable ASCII without "%"
 * and, unless @flags keeps punycode, without an "xn--" label. */
gboolean iri_to_iri_is_plain          (const char    *text,
                                       gsize          length,
                                       IriToIriFlags  flags);

/* §3.7 on @uri, which must be valid UTF-8 without NUL; @parsed, when
 * not NULL, is @uri parsed already (with any flags).  Characters that
 * look like a delimiter are never decoded, and an A-label whose U-label
 * has one stays an A-label (§5.1b).  With @labels and !@apply, the
 * host labels are appended to it as they were shown; with @apply, the
 * labels that have a keep_code (in the order of the first conversion)
 * are copied as the URI has them (literal non-ASCII percent-encoded)
 * with an `unsafe-label-kept` note.  *@out_diagnostics is NULL when
 * there is nothing to note. */
char    *iri_to_iri_convert           (IriReference  *parsed,
                                       const char    *uri,
                                       gsize          length,
                                       IriToIriFlags  flags,
                                       GArray        *labels,
                                       gboolean       apply,
                                       GPtrArray    **out_diagnostics);

/* TRUE when §3.7 (iri_to_iri_convert(), and the display policy on top
 * of it) gives the text of @reference back, unchanged and without a
 * note, from the URI that §3.3 maps it to: the text has no "%" and no
 * ASCII that a URI does not allow, and step 4 decodes every character
 * outside ASCII where it stands.  Its host must be ASCII without an
 * A-label, or a registered name whose labels outside ASCII are the
 * U-labels that step 6 shows for the A-labels of @uri (nullable), the
 * URI that iri_reference_to_uri() gave for @reference; *@out_decoded
 * then says that the strict display policy still has labels to judge
 * (see iri_display_keeps_labels()).  An analysis then needs no round
 * trip to know its readable form. */
gboolean iri_to_iri_restores_text     (IriReference  *reference,
                                       const char    *uri,
                                       gboolean      *out_decoded);

G_END_DECLS
