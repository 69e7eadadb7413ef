/* iri-skeleton-private.h: skeletons of characters and hosts (UTS #39 §4)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Room for the skeleton of one character (see iri_char_skeleton()). */
#define IRI_CHAR_SKELETON_MAX 96

void     iri_char_skeleton        (gunichar    c,
                                   char        buf[IRI_CHAR_SKELETON_MAX]);
void     iri_host_skeletons       (const char *host,
                                   GPtrArray  *out);
gboolean iri_ascii_host_skeleton  (const char *host,
                                   gsize       length,
                                   char       *buf,
                                   gsize       size);

G_END_DECLS
