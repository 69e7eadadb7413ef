/* iri-gtk-text-private.h: the text widget inside IriGtkEntry and IriGtkView
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <iri.h>

G_BEGIN_DECLS

#define IRI_GTK_TYPE_TEXT (iri_gtk_text_get_type ())

G_DECLARE_FINAL_TYPE (IriGtkText, iri_gtk_text, IRI_GTK, TEXT, GtkWidget)

/* Cursor movements, as in GtkMovementStep but only those a one-line IRI
 * field needs; "words" are the units of the IRI. */
typedef enum {
  IRI_GTK_MOVE_VISUAL,
  IRI_GTK_MOVE_LOGICAL,
  IRI_GTK_MOVE_UNIT,
  IRI_GTK_MOVE_ENDS,
} IriGtkMovement;

GtkWidget      *iri_gtk_text_new                   (gboolean            editable_field);

const char     *iri_gtk_text_get_text              (IriGtkText         *self);
void            iri_gtk_text_set_text              (IriGtkText         *self,
                                                    const char         *text);
const char     *iri_gtk_text_get_uri               (IriGtkText         *self);
const char     *iri_gtk_text_get_uri_error         (IriGtkText         *self);
IriHostMapping  iri_gtk_text_get_uri_host_mapping  (IriGtkText         *self);
void            iri_gtk_text_set_uri_host_mapping  (IriGtkText         *self,
                                                    IriHostMapping      mapping);
IriDisplayMode  iri_gtk_text_get_display_mode      (IriGtkText         *self);
void            iri_gtk_text_set_display_mode      (IriGtkText         *self,
                                                    IriDisplayMode      mode);
GListModel     *iri_gtk_text_get_diagnostics       (IriGtkText         *self);
IriSeverity     iri_gtk_text_get_highest_severity  (IriGtkText         *self);
const char * const *iri_gtk_text_get_known_hosts   (IriGtkText         *self);
void            iri_gtk_text_set_known_hosts       (IriGtkText         *self,
                                                    const char * const *hosts);
gboolean        iri_gtk_text_get_convert_uris      (IriGtkText         *self);
void            iri_gtk_text_set_convert_uris      (IriGtkText         *self,
                                                    gboolean            convert);
IriDisplayLevel iri_gtk_text_get_display_policy    (IriGtkText         *self);
void            iri_gtk_text_set_display_policy    (IriGtkText         *self,
                                                    IriDisplayLevel     level);
gboolean        iri_gtk_text_get_missing_glyphs    (IriGtkText         *self);
gboolean        iri_gtk_text_get_elide             (IriGtkText         *self);
void            iri_gtk_text_set_elide             (IriGtkText         *self,
                                                    gboolean            elide);
IriAnalysis    *iri_gtk_text_get_analysis          (IriGtkText         *self);
char           *iri_gtk_text_dup_notice            (IriGtkText         *self);
void            iri_gtk_text_set_accessible_owner  (IriGtkText         *self,
                                                    GtkAccessible      *owner);
void            iri_gtk_text_invalidate_style      (IriGtkText         *self);
gboolean        iri_gtk_text_in_typing_burst       (IriGtkText         *self);

/* Typed changes closer together than this are a burst.  People typing
 * by hand leave 60 ms or more between keys (200 words a minute). */
#define TYPING_BURST_US (40 * G_TIME_SPAN_MILLISECOND)
/* GtkAccessibleText (GTK 4.14), for IriGtkText and the widgets that
 * hold one (they answer with their text's content, caret, selection
 * and findings).  With an older GTK the macro is empty. */
#if GTK_CHECK_VERSION (4, 14, 0)
void            iri_gtk_text_accessible_text_init  (GtkAccessibleTextInterface *iface);
#define IRI_GTK_IMPLEMENT_ACCESSIBLE_TEXT \
  G_IMPLEMENT_INTERFACE (GTK_TYPE_ACCESSIBLE_TEXT, iri_gtk_text_accessible_text_init)
#else
#define IRI_GTK_IMPLEMENT_ACCESSIBLE_TEXT
#endif
/* GtkAccessible (public vfuncs from GTK 4.10) for the widgets that hold
 * an IriGtkText: their accessible is focusable and focused when their
 * text is, as GtkEntry's is when its GtkText has the focus.  With an
 * older GTK the macro is empty. */
#if GTK_CHECK_VERSION (4, 10, 0)
void            iri_gtk_text_owner_accessible_init (GtkAccessibleInterface *iface);
#define IRI_GTK_IMPLEMENT_ACCESSIBLE_OWNER \
  G_IMPLEMENT_INTERFACE (GTK_TYPE_ACCESSIBLE, iri_gtk_text_owner_accessible_init)
#else
#define IRI_GTK_IMPLEMENT_ACCESSIBLE_OWNER
#endif
/* The GtkWidget.focus vfunc of IriGtkEntry and IriGtkView: the keyboard
 * focus moves among their children and never stops on them. */
gboolean        iri_gtk_text_owner_focus           (GtkWidget          *owner,
                                                    GtkDirectionType    direction);

/* Editing as the user does it, for the key bindings, the input method,
 * the clipboard and drag and drop, and for the tests. */
void            iri_gtk_text_enter_text            (IriGtkText         *self,
                                                    const char         *text);
void            iri_gtk_text_paste_text            (IriGtkText         *self,
                                                    const char         *text);
gboolean        iri_gtk_text_drop_text             (IriGtkText         *self,
                                                    const char         *text,
                                                    int                 position);
void            iri_gtk_text_move                  (IriGtkText         *self,
                                                    IriGtkMovement      step,
                                                    int                 count,
                                                    gboolean            extend);
void            iri_gtk_text_delete_from_cursor    (IriGtkText         *self,
                                                    IriGtkMovement      step,
                                                    int                 count);
void            iri_gtk_text_select_unit_at        (IriGtkText         *self,
                                                    int                 position);
void            iri_gtk_text_undo                  (IriGtkText         *self);
void            iri_gtk_text_redo                  (IriGtkText         *self);
gboolean        iri_gtk_text_can_undo              (IriGtkText         *self);
gboolean        iri_gtk_text_can_redo              (IriGtkText         *self);
/* The links of the last pasted running text, offered in a popover
 * (NULL when none is offered), and the choice of one (-1: the text). */
GListModel     *iri_gtk_text_get_pasted_links      (IriGtkText         *self);
void            iri_gtk_text_choose_pasted_link    (IriGtkText         *self,
                                                    int                 index);
char           *iri_gtk_text_convert_pasted        (IriGtkText         *self,
                                                    const char         *text);

/* What is drawn, for the tests. */
PangoLayout    *iri_gtk_text_get_layout            (IriGtkText         *self);
void            iri_gtk_text_get_layout_offsets    (IriGtkText         *self,
                                                    int                *x,
                                                    int                *y);
int             iri_gtk_text_position_to_index     (IriGtkText         *self,
                                                    int                 position);
int             iri_gtk_text_position_at_point     (IriGtkText         *self,
                                                    double              x,
                                                    double              y);
char           *iri_gtk_text_get_tooltip_markup_at (IriGtkText         *self,
                                                    int                 position);
/* The findings at the caret in a popover (Ctrl+F1), and what assistive
 * technology is told about the findings at a position. */
void            iri_gtk_text_show_findings         (IriGtkText         *self);
GtkWidget      *iri_gtk_text_get_findings_popover  (IriGtkText         *self);
char           *iri_gtk_text_dup_spoken_findings_at (IriGtkText        *self,
                                                     int                position);
GtkIMContext   *iri_gtk_text_get_im_context        (IriGtkText         *self);
char           *iri_gtk_text_dup_accessible_description (IriGtkText    *self);

G_END_DECLS
