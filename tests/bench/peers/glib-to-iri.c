/* glib-to-iri.c: the GLib peer of iri to-iri
 *
 * Reads one URI a line on standard input and writes it for reading, or
 * an empty line and a message on standard error, with the conversion
 * of glib-peer.c: g_uri_split(), g_hostname_to_unicode() for "xn--"
 * hosts, g_uri_unescape_string() where decoding is safe, g_uri_join().
 * A benchmark peer, not installed.
 *
 * Usage: glib-to-iri < URIS > IRIS
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "glib-peer.h"

static char *
to_iri_cb (const char  *text,
           gpointer     user_data,
           GError     **error)
{
  return glib_peer_to_iri (text, error);
}

int
main (int   argc,
      char *argv[])
{
  if (argc > 1)
    {
      g_printerr ("usage: %s < URIS > IRIS\n", argv[0]);
      return 2;
    }

  return glib_peer_run_filter ("glib-to-iri", to_iri_cb, NULL);
}
