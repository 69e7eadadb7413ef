/* glib-to-uri.c: the GLib peer of iri to-uri --host=idna2008
 *
 * Reads one IRI a line on standard input and writes its URI, or an
 * empty line and a message on standard error, with the conversion of
 * glib-peer.c: g_uri_escape_string(), g_uri_split(), the host through
 * libidn2's IDNA2008 (--idna=glib: g_hostname_to_ascii()),
 * g_uri_join().  A benchmark peer, not installed.
 *
 * Usage: glib-to-uri [--idna=libidn2|glib] < IRIS > URIS
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "glib-peer.h"

static char *
to_uri_cb (const char  *text,
           gpointer     user_data,
           GError     **error)
{
  return glib_peer_to_uri (text, *(GlibPeerIdna *) user_data, error);
}

int
main (int   argc,
      char *argv[])
{
  GlibPeerIdna idna = GLIB_PEER_IDNA_LIBIDN2;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--idna=libidn2"))
        idna = GLIB_PEER_IDNA_LIBIDN2;
      else if (g_str_equal (argv[i], "--idna=glib"))
        idna = GLIB_PEER_IDNA_GLIB;
      else
        {
          g_printerr ("usage: %s [--idna=libidn2|glib] < IRIS > URIS\n", argv[0]);
          return 2;
        }
    }

  return glib_peer_run_filter ("glib-to-uri", to_uri_cb, &idna);
}
