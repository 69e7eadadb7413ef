/* glib-peer.h: what a GLib program does for iri to-uri and iri to-iri
 *
 * The peers of the benchmarks: the same conversions written with
 * GLib's URI functions (and libidn2 for IDNA2008 hosts), shared by
 * tests/bench/bench (in process) and by the glib-to-uri and glib-to-iri
 * filters (whole process), so that both measure the same work.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How glib_peer_to_uri() converts a non-ASCII host.  The peer of
 * `iri to-uri --host=idna2008` uses libidn2 with the flags iri uses
 * (IDN2_NO_TR46: IDNA2008 lookup, no mapping), so that both do the same
 * job with the same library and write the same URIs.
 * g_hostname_to_ascii() is GLib's own IDNA, IDNA 2003's nameprep (case
 * folding, NFKC) without IDNA2008's rules, so it accepts and changes
 * hosts that IDNA2008 refuses: a mapping, it is the peer of the UTS #46
 * one instead. */
typedef enum {
  GLIB_PEER_IDNA_LIBIDN2,   /* idn2_to_ascii_8z() with IDN2_NO_TR46: IDNA2008 */
  GLIB_PEER_IDNA_GLIB,      /* g_hostname_to_ascii() */
} GlibPeerIdna;

/* IRI → URI: escaped with g_uri_escape_string() (all but the
 * delimiters and "%"), split with g_uri_split(), the host through
 * @idna, joined again with g_uri_join().  Returns NULL with @error set when the text does not
 * parse or the host has no ASCII form. */
char *glib_peer_to_uri (const char    *text,
                        GlibPeerIdna   idna,
                        GError       **error);

/* URI → IRI: split with g_uri_split(), "xn--" hosts through
 * g_hostname_to_unicode(), each other component decoded with
 * g_uri_unescape_string() when that is safe, joined again with
 * g_uri_join().  Returns NULL with @error set when the text does not
 * parse. */
char *glib_peer_to_iri (const char    *text,
                        GError       **error);

typedef char *(*GlibPeerConvert) (const char  *text,
                                  gpointer     user_data,
                                  GError     **error);

/* The loop of a filter: one line of standard input in, one line out,
 * an empty one when @convert fails (its error goes to standard error,
 * prefixed with @name and the line number), as iri to-uri and to-iri
 * do.  Returns the exit status: 0, 1 when a line failed, 3 on an
 * input/output error. */
int   glib_peer_run_filter (const char      *name,
                            GlibPeerConvert  convert,
                            gpointer         user_data);

G_END_DECLS
