/* glib-peer.c: iri to-uri and iri to-iri as a GLib program writes them
 *
 * What a competent GLib programmer writes for the job, not a straw man:
 * one g_uri_split() per line, escaping and unescaping with GLib's
 * functions and the sets of RFC 3986, g_uri_join(), and buffered
 * standard I/O.  It does less than iri: no IRI grammar (§2.2) beyond
 * GLib's, no check of what a decoded character is (bidi controls,
 * invisible characters), no display policy.  See docs/performance.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "glib-peer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <idn2.h>

/* What g_uri_escape_string() may leave as it is in an IRI, besides the
 * unreserved characters: the delimiters of every component (RFC 3986
 * §2.2, so that the IRI splits as before) and "%", so that escapes
 * already there are kept, as iri to-uri keeps them (RFC 3987bis §3.1).
 * Everything else, the non-ASCII bytes and the ASCII that a URI cannot
 * hold ("<", " ", "\"" …), is escaped. */
#define IRI_ALLOWED ":/?#[]@!$&'()*+,;=%"

/* What must stay escaped when a URI is made readable (RFC 3987bis
 * §3.7): a decoded delimiter would change how the URI splits, a decoded
 * "%" would start a new escape, and the ASCII controls, the space and
 * the characters RFC 3986 excludes cannot be written in an IRI.
 * g_uri_unescape_string() refuses the whole string when one of them is
 * escaped in it, and then the component is kept as it was. */
static const char unsafe_to_decode[] =
  ":/?#[]@!$&'()*+,;=%"
  " \"<>\\^`{|}\x7f"
  "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
  "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f";

/* The flags of both conversions.  ENCODED keeps the escapes as they are;
 * NON_DNS keeps g_uri_split() from converting a non-ASCII host with
 * g_hostname_to_ascii() itself, so that the host goes through the IDNA
 * step chosen below, once.  Parsing stays strict (no
 * G_URI_FLAGS_PARSE_RELAXED): iri refuses what is not an IRI too. */
#define SPLIT_FLAGS (G_URI_FLAGS_ENCODED | G_URI_FLAGS_NON_DNS)

/* The ASCII form of @host, or NULL with @error set. */
static char *
host_to_ascii (const char    *host,
               GlibPeerIdna   idna,
               GError       **error)
{
  g_autofree char *unescaped = NULL;

  /* An IP literal (GLib gives it without its brackets) or a host with
   * nothing escaped is kept: every non-ASCII byte has been escaped. */
  if (strchr (host, ':') != NULL || strchr (host, '%') == NULL)
    return g_strdup (host);

  unescaped = g_uri_unescape_string (host, NULL);
  if (unescaped == NULL || !g_utf8_validate (unescaped, -1, NULL))
    {
      g_set_error (error, G_URI_ERROR, G_URI_ERROR_BAD_HOST,
                   "Host “%s” is not UTF-8", host);
      return NULL;
    }
  if (!g_hostname_is_non_ascii (unescaped))
    return g_strdup (host);

  if (idna == GLIB_PEER_IDNA_LIBIDN2)
    {
      char *ascii = NULL;
      char *result;
      int rc = idn2_to_ascii_8z (unescaped, &ascii, IDN2_NO_TR46);

      if (rc != IDN2_OK)
        {
          g_set_error (error, G_URI_ERROR, G_URI_ERROR_BAD_HOST,
                       "Cannot convert host “%s” to ASCII: %s", unescaped, idn2_strerror (rc));
          idn2_free (ascii);
          return NULL;
        }
      /* libidn2's memory goes back to libidn2 (STYLE.md §3.7). */
      result = g_strdup (ascii);
      idn2_free (ascii);
      return result;
    }
  else
    {
      char *ascii = g_hostname_to_ascii (unescaped);

      if (ascii == NULL)
        g_set_error (error, G_URI_ERROR, G_URI_ERROR_BAD_HOST,
                     "Cannot convert host “%s” to ASCII", unescaped);
      return ascii;
    }
}

char *
glib_peer_to_uri (const char    *text,
                  GlibPeerIdna   idna,
                  GError       **error)
{
  g_autofree char *escaped = NULL;
  g_autofree char *scheme = NULL;
  g_autofree char *userinfo = NULL;
  g_autofree char *host = NULL;
  g_autofree char *path = NULL;
  g_autofree char *query = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *ascii_host = NULL;
  int port;

  /* Escaped first, whole, then split: g_uri_split() would escape the
   * non-ASCII bytes of each component too with ENCODED, but GLib 2.74
   * does it with a g_string_append_printf() a byte, which took more than
   * half of this function's time on non-ASCII IRIs, and leaves the ASCII
   * that a URI cannot hold as it is.  The host comes out escaped, and
   * is decoded again for IDNA. */
  escaped = g_uri_escape_string (text, IRI_ALLOWED, FALSE);
  if (!g_uri_split (escaped, SPLIT_FLAGS, &scheme, &userinfo, &host, &port, &path, &query, &fragment, error))
    return NULL;

  if (host != NULL)
    {
      ascii_host = host_to_ascii (host, idna, error);
      if (ascii_host == NULL)
        return NULL;
    }

  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, userinfo, ascii_host, port, path, query, fragment);
}

/* @component decoded, or as it is when a character that must stay
 * escaped is escaped in it or it does not decode to UTF-8. */
static char *
unescape_if_safe (const char *component)
{
  char *decoded;

  if (component == NULL || strchr (component, '%') == NULL)
    return g_strdup (component);

  decoded = g_uri_unescape_string (component, unsafe_to_decode);
  if (decoded == NULL || !g_utf8_validate (decoded, -1, NULL))
    {
      g_free (decoded);
      return g_strdup (component);
    }
  return decoded;
}

char *
glib_peer_to_iri (const char  *text,
                  GError     **error)
{
  g_autofree char *scheme = NULL;
  g_autofree char *userinfo = NULL;
  g_autofree char *host = NULL;
  g_autofree char *path = NULL;
  g_autofree char *query = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *unicode_host = NULL;
  g_autofree char *decoded_userinfo = NULL;
  g_autofree char *decoded_path = NULL;
  g_autofree char *decoded_query = NULL;
  g_autofree char *decoded_fragment = NULL;
  int port;

  if (!g_uri_split (text, SPLIT_FLAGS, &scheme, &userinfo, &host, &port, &path, &query, &fragment, error))
    return NULL;

  /* A label that is not valid punycode makes g_hostname_to_unicode()
   * fail: the host is then shown as it is. */
  if (host != NULL && g_hostname_is_ascii_encoded (host))
    unicode_host = g_hostname_to_unicode (host);
  if (unicode_host == NULL)
    unicode_host = g_steal_pointer (&host);

  decoded_userinfo = unescape_if_safe (userinfo);
  decoded_path = unescape_if_safe (path);
  decoded_query = unescape_if_safe (query);
  decoded_fragment = unescape_if_safe (fragment);

  /* ENCODED: the components are joined as they are, decoded UTF-8 and
   * the escapes that stayed. */
  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, decoded_userinfo, unicode_host, port,
                     decoded_path, decoded_query, decoded_fragment);
}

/* The size of standard output's buffer: a filter that writes to a file
 * or a pipe writes in blocks, not a line at a time. */
#define OUTPUT_BUFFER_SIZE (64 * 1024)

int
glib_peer_run_filter (const char      *name,
                      GlibPeerConvert  convert,
                      gpointer         user_data)
{
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  guint64 number = 0;
  int status = 0;

  setvbuf (stdout, NULL, _IOFBF, OUTPUT_BUFFER_SIZE);

  while ((length = getline (&line, &capacity, stdin)) != -1)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = NULL;

      number++;
      if (length > 0 && line[length - 1] == '\n')
        line[--length] = '\0';
      if (length > 0 && line[length - 1] == '\r')
        line[--length] = '\0';

      result = convert (line, user_data, &error);
      if (result != NULL)
        fputs (result, stdout);
      else
        {
          fprintf (stderr, "%s: line %" G_GUINT64_FORMAT ": %s\n", name, number, error->message);
          status = 1;
        }
      putchar ('\n');
    }
  free (line);

  if (ferror (stdin))
    {
      fprintf (stderr, "%s: cannot read standard input\n", name);
      return 3;
    }
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "%s: cannot write standard output\n", name);
      return 3;
    }
  return status;
}
