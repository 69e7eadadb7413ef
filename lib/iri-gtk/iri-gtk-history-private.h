/* iri-gtk-history-private.h: undo and redo for IriGtkText
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  /* Replays an edit on the text; positions count characters. */
  void (* insert) (gpointer    data,
                   guint       position,
                   const char *text,
                   int         length);
  void (* delete) (gpointer    data,
                   guint       start,
                   guint       end);
  /* Places the cursor after an undo or redo. */
  void (* select) (gpointer    data,
                   guint       selection_bound,
                   guint       cursor);
} IriGtkHistoryFuncs;

typedef struct _IriGtkHistory IriGtkHistory;

IriGtkHistory *iri_gtk_history_new                (const IriGtkHistoryFuncs *funcs,
                                                   gpointer                  data);
void           iri_gtk_history_free               (IriGtkHistory *self);

void           iri_gtk_history_begin_user_action  (IriGtkHistory *self);
void           iri_gtk_history_end_user_action    (IriGtkHistory *self);
void           iri_gtk_history_begin_irreversible (IriGtkHistory *self);
void           iri_gtk_history_end_irreversible   (IriGtkHistory *self);
void           iri_gtk_history_break_coalescing   (IriGtkHistory *self);

void           iri_gtk_history_text_inserted      (IriGtkHistory *self,
                                                   guint          position,
                                                   const char    *text,
                                                   int            length,
                                                   gboolean       typed);
void           iri_gtk_history_text_deleted       (IriGtkHistory *self,
                                                   guint          start,
                                                   guint          end,
                                                   const char    *text,
                                                   int            length);
void           iri_gtk_history_text_emptied       (IriGtkHistory *self);

gboolean       iri_gtk_history_get_can_undo       (IriGtkHistory *self);
gboolean       iri_gtk_history_get_can_redo       (IriGtkHistory *self);
void           iri_gtk_history_undo               (IriGtkHistory *self);
void           iri_gtk_history_redo               (IriGtkHistory *self);
gboolean       iri_gtk_history_is_replaying       (IriGtkHistory *self);

void           iri_gtk_history_set_enabled        (IriGtkHistory *self,
                                                   gboolean       enabled);
gboolean       iri_gtk_history_get_enabled        (IriGtkHistory *self);
void           iri_gtk_history_clear              (IriGtkHistory *self);

G_END_DECLS
