/* iri-gtk-test-util.h: helpers for the widget tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <iri-gtk.h>

#include "iri-gtk-text-private.h"

G_BEGIN_DECLS

/* One row of tests/data/bidi/rfc3987bis-examples.tsv. */
typedef struct {
  char *example;
  char *notation;
  char *logical;
  char *embed;
  char *isolate;
  char *findings;
} IriGtkTestExample;

/* g_test_init() and gtk_init_check(); FALSE (after printing a TAP
 * "skip all" plan) when there is no display. */
gboolean    iri_gtk_test_init           (int           *argc,
                                         char        ***argv);

GPtrArray  *iri_gtk_test_load_examples  (void);

/* Runs the main loop until nothing is pending (and at least @ms). */
void        iri_gtk_test_wait           (guint          ms);

/* A window holding @child, shown, with the given direction. */
GtkWidget  *iri_gtk_test_window_new     (GtkWidget     *child,
                                         GtkTextDirection direction);

/* Presses a key through the widget's key bindings: @accel as
 * gtk_accelerator_name() writes it ("<Shift>Right", "Return").  FALSE
 * when no binding of the widget has that trigger. */
gboolean    iri_gtk_test_press          (GtkWidget     *widget,
                                         const char    *accel);

/* The text of a clipboard, waiting for it. */
char       *iri_gtk_test_read_clipboard (GdkClipboard  *clipboard);

/* The logical positions of the characters of @text's display, sorted by
 * their x on screen (the leading edge, from Pango's layout). */
gsize      *iri_gtk_test_screen_order   (IriGtkText    *text,
                                         gsize         *n_chars);

IriGtkText *iri_gtk_test_get_text       (GtkWidget     *widget);

G_END_DECLS
