/* iri-utf8-locale.h: take text as UTF-8 whatever the locale
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean iri_setup_utf8_locale (gboolean *was_utf8);

G_END_DECLS
