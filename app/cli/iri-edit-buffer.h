/* iri-edit-buffer.h: the text of iri edit and its editing operations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The line being edited, always in logical order and always valid UTF-8
 * without NUL (RFC 3987bis §4.3: what the user types is stored in
 * logical order; only the display is reordered), with a cursor and an
 * undo history.  Positions count code points, as IriBidiLayout's do.
 * Deletions go by grapheme cluster (UAX #29), so Backspace never leaves
 * a combining mark without its base. */
typedef struct _IriEditBuffer IriEditBuffer;

/* How many undo steps are kept; older ones are forgotten.  Each step
 * holds only the text it changed. */
#define IRI_EDIT_BUFFER_MAX_UNDO 1000

/* How an insertion is grouped for undo: consecutive typing is one step,
 * a paste is always a step of its own. */
typedef enum {
  IRI_EDIT_INSERT_TYPING,
  IRI_EDIT_INSERT_PASTE,
} IriEditInsertKind;

IriEditBuffer *iri_edit_buffer_new                  (const char     *text);
void           iri_edit_buffer_free                 (IriEditBuffer  *self);

const char    *iri_edit_buffer_get_text             (IriEditBuffer  *self);
gsize          iri_edit_buffer_get_length           (IriEditBuffer  *self);
gsize          iri_edit_buffer_get_n_chars          (IriEditBuffer  *self);
gsize          iri_edit_buffer_get_cursor           (IriEditBuffer  *self);
/* Moves the cursor (clamped to the text); this also ends the current
 * typing group, so that undo after moving does not undo across it. */
void           iri_edit_buffer_set_cursor           (IriEditBuffer  *self,
                                                     gsize           cursor);

/* @text must be valid UTF-8 without NUL. */
void           iri_edit_buffer_insert               (IriEditBuffer     *self,
                                                     const char        *text,
                                                     gssize             length,
                                                     IriEditInsertKind  kind);
void           iri_edit_buffer_insert_char          (IriEditBuffer     *self,
                                                     gunichar           c,
                                                     IriEditInsertKind  kind);

/* Each returns FALSE when there was nothing to delete. */
gboolean       iri_edit_buffer_delete_backward      (IriEditBuffer  *self);
gboolean       iri_edit_buffer_delete_forward       (IriEditBuffer  *self);
gboolean       iri_edit_buffer_kill_to_end          (IriEditBuffer  *self);
gboolean       iri_edit_buffer_kill_to_start        (IriEditBuffer  *self);
gboolean       iri_edit_buffer_delete_word_backward (IriEditBuffer  *self);

gboolean       iri_edit_buffer_undo                 (IriEditBuffer  *self);
gboolean       iri_edit_buffer_redo                 (IriEditBuffer  *self);
gboolean       iri_edit_buffer_can_undo             (IriEditBuffer  *self);
gboolean       iri_edit_buffer_can_redo             (IriEditBuffer  *self);

/* Whether Ctrl-W stops before @c: the delimiters of RFC 3987bis
 * (gen-delims and the sub-delims that separate query parameters), as in
 * the units of §4.2, and white space. */
gboolean       iri_edit_is_word_delimiter           (gunichar        c);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriEditBuffer, iri_edit_buffer_free)

G_END_DECLS
