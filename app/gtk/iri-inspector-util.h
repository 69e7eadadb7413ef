/* iri-inspector-util.h: names and small helpers shared by the app's pages
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <iri.h>

G_BEGIN_DECLS

const char *iri_inspector_component_name  (IriComponent  component);
const char *iri_inspector_direction_name  (IriDirection  direction);
const char *iri_inspector_severity_name   (IriSeverity   severity);
const char *iri_inspector_severity_icon   (IriSeverity   severity);
const char *iri_inspector_category_code   (GUnicodeType  type);
/* The scripts of the letters of a text, by name, comma-separated ("Latin,
 * Hebrew"), or "Common" when it has none. */
char       *iri_inspector_scripts_of      (const char   *text,
                                           gsize         length);
/* Text for display inside a label of the UI: in a left-to-right isolate
 * (§4.1), whatever the direction of the UI around it. */
char       *iri_inspector_isolate         (const char   *text);

/* @content with the page margins, at most 900 pixels wide and centred,
 * in a vertical scrolled window: the layout of the pages. */
GtkWidget  *iri_inspector_scrolled_page   (GtkWidget    *content);

/* Appends @row to @list with @child inside it, padded by @vertical
 * pixels above and below, @start and @end on the sides: the rows the
 * pages build by hand in their boxed lists. */
void        iri_inspector_list_append_row (GtkListBox   *list,
                                           GtkWidget    *row,
                                           GtkWidget    *child,
                                           int           vertical,
                                           int           start,
                                           int           end);

/* Declares a signal (start, end) telling that a span of the text, in
 * code points, should be highlighted. */
guint       iri_inspector_highlight_signal_new (GType type);

/* Gives a button with a text label an accessible name of its own. */
void        iri_inspector_set_accessible_label (GtkWidget  *button,
                                                const char *label);

/* Holds a wrapping label (or a box of them) in a vertical list: see
 * iri-inspector-util.c. */
GtkWidget  *iri_inspector_wrap_bin_new    (GtkWidget    *child);

/* A file chosen by the user in a dialog over @parent, to open or (with
 * @save) to save as @initial_name; @filters (of GtkFileFilter) may be
 * NULL.  @chosen is called only when a file was chosen, with @owner,
 * which the dialog keeps alive until then. */
typedef void (*IriInspectorFileChosen) (GObject *owner,
                                        GFile   *file);

void        iri_inspector_choose_file     (GtkWindow              *parent,
                                           gboolean                save,
                                           const char             *title,
                                           const char             *accept_label,
                                           const char             *initial_name,
                                           GListModel             *filters,
                                           IriInspectorFileChosen  chosen,
                                           GObject                *owner);

G_END_DECLS
