/* iri-utf8-locale.c: take text as UTF-8 whatever the locale
 *
 * IRIs are UTF-8 (RFC 3987bis §1.2), but in the C locale of cron,
 * `env -i`, many containers and some misconfigured desktops the
 * character set is ASCII, and GLib then refuses every non-ASCII command
 * line argument ("Invalid byte sequence in conversion input"): the
 * tool could not take an IRI, nor the app be started with one.  So
 * both make the character type C.UTF-8 in such a locale; messages keep
 * the language of the locale.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-utf8-locale.h"

#include <locale.h>

/* Sets the locale from the environment, as setlocale (LC_ALL, "")
 * does, then makes its character type C.UTF-8 if it is not UTF-8.
 * Sets @was_utf8 to whether the environment's was.  Returns FALSE when
 * the character type is not UTF-8 in the end: the system has no C.UTF-8
 * locale, and GLib converts as it can. */
gboolean
iri_setup_utf8_locale (gboolean *was_utf8)
{
  gboolean utf8;

  setlocale (LC_ALL, "");
  utf8 = g_get_charset (NULL);
  if (was_utf8 != NULL)
    *was_utf8 = utf8;
  if (utf8)
    return TRUE;
  /* glibc spells it C.UTF-8; some systems only know C.utf8. */
  return setlocale (LC_CTYPE, "C.UTF-8") != NULL || setlocale (LC_CTYPE, "C.utf8") != NULL;
}
