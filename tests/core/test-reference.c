/* test-reference.c: parsing IRI references (RFC 3987bis §2.2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-test-util.h"

/* Components in the order scheme, userinfo, host, port, path, query,
 * fragment; NULL means absent. */
typedef struct {
  const char  *input;
  const char  *scheme;
  const char  *userinfo;
  const char  *host;
  const char  *port;
  const char  *path;
  const char  *query;
  const char  *fragment;
  IriHostKind  host_kind;
} SplitCase;

static const SplitCase split_cases[] = {
  { "http://user@example.com:8080/p/a?q=1#f", "http", "user", "example.com", "8080", "/p/a", "q=1", "f", IRI_HOST_REG_NAME },
  { "http://[::1]:80/", "http", NULL, "[::1]", "80", "/", NULL, NULL, IRI_HOST_IPV6 },
  { "http://[2001:db8::7]/c=GB?objectClass?one", "http", NULL, "[2001:db8::7]", NULL, "/c=GB", "objectClass?one", NULL, IRI_HOST_IPV6 },
  { "http://[::ffff:192.0.2.1]/", "http", NULL, "[::ffff:192.0.2.1]", NULL, "/", NULL, NULL, IRI_HOST_IPV6 },
  { "http://[v7.fe80::a+en1]/", "http", NULL, "[v7.fe80::a+en1]", NULL, "/", NULL, NULL, IRI_HOST_IPVFUTURE },
  { "http://192.168.0.1/", "http", NULL, "192.168.0.1", NULL, "/", NULL, NULL, IRI_HOST_IPV4 },
  { "http://256.1.1.1/", "http", NULL, "256.1.1.1", NULL, "/", NULL, NULL, IRI_HOST_REG_NAME },
  { "http://example.com:/", "http", NULL, "example.com", "", "/", NULL, NULL, IRI_HOST_REG_NAME },
  { "file:///etc/hosts", "file", NULL, "", NULL, "/etc/hosts", NULL, NULL, IRI_HOST_REG_NAME },
  { "mailto:John.Doe@example.com", "mailto", NULL, NULL, NULL, "John.Doe@example.com", NULL, NULL, IRI_HOST_NONE },
  { "urn:oasis:names:specification", "urn", NULL, NULL, NULL, "oasis:names:specification", NULL, NULL, IRI_HOST_NONE },
  { "a:", "a", NULL, NULL, NULL, "", NULL, NULL, IRI_HOST_NONE },
  { "//example.org/x", NULL, NULL, "example.org", NULL, "/x", NULL, NULL, IRI_HOST_REG_NAME },
  { "/abs/path", NULL, NULL, NULL, NULL, "/abs/path", NULL, NULL, IRI_HOST_NONE },
  { "rel/path", NULL, NULL, NULL, NULL, "rel/path", NULL, NULL, IRI_HOST_NONE },
  { "", NULL, NULL, NULL, NULL, "", NULL, NULL, IRI_HOST_NONE },
  { "?", NULL, NULL, NULL, NULL, "", "", NULL, IRI_HOST_NONE },
  { "#", NULL, NULL, NULL, NULL, "", NULL, "", IRI_HOST_NONE },
  { "http://a/?\xEE\x80\x80", "http", NULL, "a", NULL, "/", "\xEE\x80\x80", NULL, IRI_HOST_REG_NAME },
  { "http://\xD7\x90\xD7\x91.example/\xD7\xA9?\xD7\xA7=\xD7\xAA#\xD7\xA4", "http", NULL,
    "\xD7\x90\xD7\x91.example", NULL, "/\xD7\xA9", "\xD7\xA7=\xD7\xAA", "\xD7\xA4", IRI_HOST_REG_NAME },
};

static void
assert_split (IriReference    *ref,
              const SplitCase *c)
{
  g_assert_cmpstr (iri_reference_get_text (ref), ==, c->input);
  g_assert_cmpstr (iri_reference_get_scheme (ref), ==, c->scheme);
  g_assert_cmpstr (iri_reference_get_userinfo (ref), ==, c->userinfo);
  g_assert_cmpstr (iri_reference_get_host (ref), ==, c->host);
  g_assert_cmpstr (iri_reference_get_port (ref), ==, c->port);
  g_assert_cmpstr (iri_reference_get_path (ref), ==, c->path);
  g_assert_cmpstr (iri_reference_get_query (ref), ==, c->query);
  g_assert_cmpstr (iri_reference_get_fragment (ref), ==, c->fragment);
  g_assert_cmpint (iri_reference_get_host_kind (ref), ==, c->host_kind);
  g_assert_cmpint (iri_reference_is_absolute (ref), ==, c->scheme != NULL);
}

static void
test_split_case (gconstpointer data)
{
  const SplitCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) strict = NULL;
  g_autoptr(IriReference) tolerant = NULL;

  strict = iri_reference_parse (c->input, -1, IRI_PARSE_DEFAULT, &error);
  g_assert_no_error (error);
  assert_split (strict, c);
  g_assert_true (iri_reference_is_valid (strict));

  tolerant = iri_reference_parse_tolerant (c->input, -1, IRI_PARSE_DEFAULT);
  assert_split (tolerant, c);
  g_assert_true (iri_reference_is_valid (tolerant));
}

/* Spans count code points as well as bytes: the Hebrew host of the last
 * split case starts at character 7 and byte 7, but its path starts at
 * character 18 and byte 20. */
static void
test_spans (void)
{
  const char *text = "http://\xD7\x90\xD7\x91.example/\xD7\xA9?\xD7\xA7=\xD7\xAA#\xD7\xA4";
  g_autoptr(IriReference) ref = iri_reference_parse (text, -1, IRI_PARSE_DEFAULT, NULL);
  IriSpan span;

  g_assert_nonnull (ref);
  g_assert_false (iri_reference_is_ascii (ref));
  g_assert_cmpuint (iri_reference_get_n_chars (ref), ==, g_utf8_strlen (text, -1));

  g_assert_true (iri_reference_get_span (ref, IRI_COMPONENT_SCHEME, &span));
  g_assert_cmpuint (span.byte_start, ==, 0);
  g_assert_cmpuint (span.end, ==, 4);

  g_assert_true (iri_reference_get_span (ref, IRI_COMPONENT_HOST, &span));
  g_assert_cmpuint (span.byte_start, ==, 7);
  g_assert_cmpuint (span.byte_end, ==, 7 + 4 + 8);
  g_assert_cmpuint (span.start, ==, 7);
  g_assert_cmpuint (span.end, ==, 7 + 2 + 8);

  g_assert_true (iri_reference_get_span (ref, IRI_COMPONENT_PATH, &span));
  g_assert_cmpuint (span.start, ==, 17);
  g_assert_cmpuint (span.end, ==, 19);
  g_assert_cmpuint (span.byte_start, ==, 19);
  g_assert_cmpuint (span.byte_end, ==, 22);

  g_assert_true (iri_reference_get_span (ref, IRI_COMPONENT_FRAGMENT, &span));
  g_assert_cmpuint (span.end, ==, iri_reference_get_n_chars (ref));
  g_assert_cmpuint (span.byte_end, ==, strlen (text));

  g_assert_false (iri_reference_get_span (ref, IRI_COMPONENT_PORT, &span));
  g_assert_false (iri_reference_get_span (ref, IRI_COMPONENT_HOST_LABEL, &span));

  for (gsize i = 0; i <= iri_reference_get_n_chars (ref); i++)
    g_assert_cmpuint (iri_reference_byte_to_char (ref, iri_reference_char_to_byte (ref, i)), ==, i);
}

typedef struct {
  const char    *input;
  IriParseFlags  flags;
  gint           error;         /* IriError: strict parse must fail with this */
  const char    *code;          /* tolerant parse must report this first */
  gsize          start, end;    /* its span, in code points */
  IriComponent   component;
} InvalidCase;

static const InvalidCase invalid_cases[] = {
  { "http://exa mple/", 0, IRI_ERROR_BAD_HOST, "syntax-invalid-character", 10, 11, IRI_COMPONENT_HOST },
  { "http://[::1", 0, IRI_ERROR_BAD_HOST, "syntax-unclosed-ip-literal", 7, 11, IRI_COMPONENT_HOST },
  { "http://[::1::2]/", 0, IRI_ERROR_BAD_HOST, "syntax-invalid-ipv6", 7, 15, IRI_COMPONENT_HOST },
  { "http://[1:2:3:4:5:6:7]/", 0, IRI_ERROR_BAD_HOST, "syntax-invalid-ipv6", 7, 22, IRI_COMPONENT_HOST },
  { "http://[fe80::1%25eth0]/", 0, IRI_ERROR_BAD_HOST, "syntax-invalid-ipv6", 7, 23, IRI_COMPONENT_HOST },
  { "http://[vx.1]/", 0, IRI_ERROR_BAD_HOST, "syntax-invalid-ipvfuture", 7, 13, IRI_COMPONENT_HOST },
  { "http://[::1]x/", 0, IRI_ERROR_BAD_PORT, "syntax-invalid-character", 12, 13, IRI_COMPONENT_PORT },
  { "http://a:8x/", 0, IRI_ERROR_BAD_PORT, "syntax-invalid-character", 10, 11, IRI_COMPONENT_PORT },
  { "1http://a", 0, IRI_ERROR_BAD_SCHEME, "syntax-invalid-scheme", 0, 1, IRI_COMPONENT_SCHEME },
  { ":foo", 0, IRI_ERROR_BAD_SCHEME, "syntax-invalid-scheme", 0, 1, IRI_COMPONENT_SCHEME },
  { "a b:c", 0, IRI_ERROR_BAD_SCHEME, "syntax-invalid-character", 1, 2, IRI_COMPONENT_SCHEME },
  { "ht\xC3\xA9tp:c", 0, IRI_ERROR_BAD_SCHEME, "syntax-invalid-character", 2, 3, IRI_COMPONENT_SCHEME },
  { "http://a/%zz", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-percent-encoding", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/%4", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-percent-encoding", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/b#c#d", 0, IRI_ERROR_BAD_FRAGMENT, "syntax-invalid-character", 12, 13, IRI_COMPONENT_FRAGMENT },
  { "http://a/b?c d", 0, IRI_ERROR_BAD_QUERY, "syntax-invalid-character", 12, 13, IRI_COMPONENT_QUERY },
  { "http://a b@c/", 0, IRI_ERROR_BAD_USERINFO, "syntax-invalid-character", 8, 9, IRI_COMPONENT_USERINFO },
  { "http://a/[x]", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xE2\x80\xAE" "b", 0, IRI_ERROR_BAD_CHARACTER, "bidi-formatting-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xD8\x9C", 0, IRI_ERROR_BAD_CHARACTER, "bidi-formatting-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xE2\x81\xA6x\xE2\x81\xA9", 0, IRI_ERROR_BAD_CHARACTER, "bidi-formatting-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xC2\x85", 0, IRI_ERROR_BAD_CHARACTER, "control-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\t", 0, IRI_ERROR_BAD_CHARACTER, "control-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xEF\xB7\x90", 0, IRI_ERROR_BAD_CHARACTER, "noncharacter", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xEF\xBF\xBF", 0, IRI_ERROR_BAD_CHARACTER, "noncharacter", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xEE\x80\x80", 0, IRI_ERROR_BAD_PATH, "private-use-outside-query", 9, 10, IRI_COMPONENT_PATH },
  /* ucschar stops at U+FFEF: the specials U+FFF0..U+FFFD are not allowed. */
  { "http://a/\xEF\xBF\xBD", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://a/\xEF\xBF\xB9", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-character", 9, 10, IRI_COMPONENT_PATH },
  { "http://\xEE\x80\x80/", 0, IRI_ERROR_BAD_HOST, "private-use-outside-query", 7, 8, IRI_COMPONENT_HOST },
  { "http://a/#\xF3\xB0\x80\x80", 0, IRI_ERROR_BAD_FRAGMENT, "private-use-outside-query", 10, 11, IRI_COMPONENT_FRAGMENT },
  { "rel/path", IRI_PARSE_ABSOLUTE, IRI_ERROR_NOT_ABSOLUTE, "syntax-missing-scheme", 0, 0, IRI_COMPONENT_SCHEME },
  { "http://a/r\xC3\xA9", IRI_PARSE_URI, IRI_ERROR_BAD_PATH, "syntax-non-ascii", 10, 11, IRI_COMPONENT_PATH },
  /* Runs of the same problem are one finding. */
  { "http://a/b   c", 0, IRI_ERROR_BAD_PATH, "syntax-invalid-character", 10, 13, IRI_COMPONENT_PATH },
};

static void
test_invalid_case (gconstpointer data)
{
  const InvalidCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) strict = NULL;
  g_autoptr(IriReference) tolerant = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  IriDiagnostic *first;
  g_autoptr(GString) quoted = g_string_new (NULL);

  strict = iri_reference_parse (c->input, -1, c->flags, &error);
  g_assert_null (strict);
  g_assert_error (error, IRI_ERROR, c->error);

  /* The message quotes the input (controls escaped) and the offset. */
  for (const char *p = c->input; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);

      if (ch < 0x20 || (ch >= 0x7F && ch < 0xA0) || (ch >= 0x202A && ch <= 0x202E) ||
          (ch >= 0x2066 && ch <= 0x2069) || ch == 0x061C || ch == 0x200E || ch == 0x200F)
        g_string_append_printf (quoted, "\\u{%04X}", ch);
      else
        g_string_append_unichar (quoted, ch);
    }
  g_assert_nonnull (strstr (error->message, quoted->str));

  tolerant = iri_reference_parse_tolerant (c->input, -1, c->flags);
  g_assert_nonnull (tolerant);
  g_assert_false (iri_reference_is_valid (tolerant));
  g_assert_cmpstr (iri_reference_get_text (tolerant), ==, c->input);

  diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (tolerant));
  g_assert_cmpuint (diagnostics->len, >=, 1);
  first = g_ptr_array_index (diagnostics, 0);
  g_assert_cmpstr (iri_diagnostic_get_code (first), ==, c->code);
  g_assert_cmpint (iri_diagnostic_get_severity (first), ==, IRI_SEVERITY_ERROR);
  g_assert_cmpint (iri_diagnostic_get_component (first), ==, c->component);
  g_assert_cmpuint (iri_diagnostic_get_start (first), ==, c->start);
  g_assert_cmpuint (iri_diagnostic_get_end (first), ==, c->end);
  g_assert_nonnull (iri_diagnostic_get_message (first));
  g_assert_true (g_str_has_prefix (iri_diagnostic_get_spec (first), "RFC"));
}

/* Findings that are not errors: strict parsing succeeds and keeps them. */
static void
test_warnings (void)
{
  static const struct {
    const char *input;
    const char *code;
    gsize       start, end;
  } cases[] = {
    { "http://a/\xCD\xB8", "unassigned-character", 9, 10 },
    { "http://u:p@a/", "userinfo-password", 7, 10 },
    { "http://a:99999/", "port-out-of-range", 9, 14 },
    { "http://a:123456789012345678901234567890/", "port-out-of-range", 9, 39 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IriReference) ref = iri_reference_parse (cases[i].input, -1, 0, &error);
      g_autoptr(GPtrArray) diagnostics = NULL;
      IriDiagnostic *d;

      g_assert_no_error (error);
      g_assert_true (iri_reference_is_valid (ref));
      diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (ref));
      g_assert_cmpuint (diagnostics->len, ==, 1);
      d = g_ptr_array_index (diagnostics, 0);
      g_assert_cmpstr (iri_diagnostic_get_code (d), ==, cases[i].code);
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, IRI_SEVERITY_WARNING);
      g_assert_cmpuint (iri_diagnostic_get_start (d), ==, cases[i].start);
      g_assert_cmpuint (iri_diagnostic_get_end (d), ==, cases[i].end);
    }
}

/* Messages name the character with its code point and its name. */
static void
test_messages (void)
{
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) error = NULL;
  IriDiagnostic *d;

  ref = iri_reference_parse_tolerant ("http://a/\xE2\x80\xAE" "b", -1, 0);
  diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (ref));
  d = g_ptr_array_index (diagnostics, 0);
  g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "U+202E RIGHT-TO-LEFT OVERRIDE"));
  g_assert_nonnull (strstr (iri_diagnostic_get_hint (d), "%E2%80%AE"));
  g_assert_cmpstr (iri_diagnostic_get_spec (d), ==, "RFC 3987bis §4.1");
  g_clear_pointer (&diagnostics, g_ptr_array_unref);
  g_clear_pointer (&ref, iri_reference_unref);

  ref = iri_reference_parse_tolerant ("http://a/b   c", -1, 0);
  diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (ref));
  d = g_ptr_array_index (diagnostics, 0);
  g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "U+0020 SPACE"));
  g_assert_nonnull (strstr (iri_diagnostic_get_message (d), "(3 times)"));
  g_assert_nonnull (strstr (iri_diagnostic_get_hint (d), "%20"));

  g_assert_null (iri_reference_parse ("http://exa mple/", -1, 0, &error));
  g_assert_nonnull (strstr (error->message, "“http://exa mple/”"));
  g_assert_nonnull (strstr (error->message, "10"));
  g_assert_nonnull (strstr (error->message, "U+0020 SPACE"));
}

/* An editor analyses the text while it is typed: every prefix of an IRI
 * gets a split, and the components found so far are right. */
static void
test_tolerant_prefixes (void)
{
  const char *text = "https://user@[2001:db8::1]:8443/\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D/a?x=\xD7\x99#top";
  gsize len = strlen (text);

  for (gsize n = 0; n <= len; n++)
    {
      g_autoptr(IriReference) ref = NULL;

      if (n < len && ((guchar) text[n] & 0xC0) == 0x80)
        continue;
      ref = iri_reference_parse_tolerant (text, n, 0);
      g_assert_cmpuint (iri_reference_get_length (ref), ==, n);
      g_assert_true (strncmp (iri_reference_get_text (ref), text, n) == 0);
      g_assert_nonnull (iri_reference_get_path (ref));
      if (n >= 9)
        g_assert_cmpstr (iri_reference_get_scheme (ref), ==, "https");
      if (n >= strlen ("https://user@[2001:db8::1]"))
        g_assert_cmpstr (iri_reference_get_host (ref), ==, "[2001:db8::1]");
    }
}

/* A 1 MB line of invalid characters gives a bounded number of findings,
 * and a 1 MB run of the same problem gives exactly one. */
static void
test_huge_input (void)
{
  gsize n = 1024 * 1024;
  g_autoptr(GString) text = g_string_new ("http://a/");
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  IriDiagnostic *last;

  for (gsize i = 0; i < n; i++)
    g_string_append_c (text, ' ');
  ref = iri_reference_parse_tolerant (text->str, text->len, 0);
  diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (ref));
  g_assert_cmpuint (diagnostics->len, ==, 1);
  g_assert_cmpuint (iri_diagnostic_get_end (g_ptr_array_index (diagnostics, 0)), ==, text->len);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);
  g_clear_pointer (&ref, iri_reference_unref);

  g_string_assign (text, "http://a/");
  for (gsize i = 0; i < n / 2; i++)
    g_string_append (text, " x");
  ref = iri_reference_parse_tolerant (text->str, text->len, 0);
  diagnostics = iri_test_diagnostics (iri_reference_get_diagnostics (ref));
  g_assert_cmpuint (diagnostics->len, <=, 201);
  last = g_ptr_array_index (diagnostics, diagnostics->len - 1);
  g_assert_cmpstr (iri_diagnostic_get_code (last), ==, "diagnostics-truncated");
}

/* Explicit lengths are honoured: the parser never reads the byte after
 * the end, and the copy it keeps is exactly the given bytes. */
static void
test_explicit_length (void)
{
  g_autofree char *buffer = g_malloc (12);
  g_autoptr(IriReference) ref = NULL;

  memcpy (buffer, "http://a/bc", 11);
  buffer[11] = 'X';   /* not NUL: must not be read */
  ref = iri_reference_parse (buffer, 11, 0, NULL);
  g_assert_nonnull (ref);
  g_assert_cmpstr (iri_reference_get_path (ref), ==, "/bc");
}

/* The parser skips stretches of ASCII, and checks them eight bytes at a
 * time: a NUL, a byte that is not UTF-8 or a character outside ASCII is
 * found at every offset of a reference, inside a word or after the last
 * whole one. */
static void
test_every_offset (void)
{
  const char *base = "http://a.example/abcdefghijk";
  gsize n = strlen (base);

  for (gsize i = strlen ("http://"); i < n; i++)
    {
      g_autofree char *with_nul = g_strdup (base);
      g_autofree char *with_ff = g_strdup (base);
      g_autoptr(GString) with_e9 = g_string_new_len (base, i);
      g_autoptr(IriReference) ascii = iri_reference_parse (base, i, 0, NULL);
      g_autoptr(IriReference) tolerant_nul = NULL;
      g_autoptr(IriReference) tolerant_ff = NULL;
      g_autoptr(IriReference) e9 = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (ascii);
      g_assert_true (iri_reference_is_ascii (ascii));

      with_nul[i] = '\0';
      g_assert_null (iri_reference_parse (with_nul, n, 0, &error));
      g_assert_error (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL);
      g_clear_error (&error);
      tolerant_nul = iri_reference_parse_tolerant (with_nul, n, 0);
      g_assert_false (iri_reference_is_ascii (tolerant_nul));
      g_assert_false (iri_reference_is_valid (tolerant_nul));

      with_ff[i] = '\xFF';
      g_assert_null (iri_reference_parse (with_ff, n, 0, &error));
      g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
      g_clear_error (&error);
      tolerant_ff = iri_reference_parse_tolerant (with_ff, n, 0);
      g_assert_false (iri_reference_is_ascii (tolerant_ff));
      g_assert_false (iri_reference_is_valid (tolerant_ff));

      g_string_append (with_e9, "\xC3\xA9");
      g_string_append (with_e9, base + i);
      e9 = iri_reference_parse (with_e9->str, with_e9->len, 0, &error);
      g_assert_no_error (error);
      g_assert_false (iri_reference_is_ascii (e9));
      g_assert_cmpuint (iri_reference_get_n_chars (e9), ==, n + 1);
    }
}

static gboolean
same_components (IriReference *a,
                 IriReference *b)
{
  return g_strcmp0 (iri_reference_get_scheme (a), iri_reference_get_scheme (b)) == 0 &&
         g_strcmp0 (iri_reference_get_authority (a), iri_reference_get_authority (b)) == 0 &&
         g_strcmp0 (iri_reference_get_userinfo (a), iri_reference_get_userinfo (b)) == 0 &&
         g_strcmp0 (iri_reference_get_host (a), iri_reference_get_host (b)) == 0 &&
         g_strcmp0 (iri_reference_get_port (a), iri_reference_get_port (b)) == 0 &&
         g_strcmp0 (iri_reference_get_path (a), iri_reference_get_path (b)) == 0 &&
         g_strcmp0 (iri_reference_get_query (a), iri_reference_get_query (b)) == 0 &&
         g_strcmp0 (iri_reference_get_fragment (a), iri_reference_get_fragment (b)) == 0;
}

/* Strict and tolerant parsing agree on every reference of the data sets:
 * the valid ones parse the same way, and strict parsing fails exactly
 * where tolerant parsing reports an error. */
static void
check_agreement (const char *relpath,
                 const char *column,
                 gboolean    must_be_valid)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (relpath, TRUE, &header);
  guint col = iri_test_column (header, column);
  guint n_valid = 0, n_invalid = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      const char *text = row->fields[col];
      g_autoptr(GError) error = NULL;
      g_autoptr(IriReference) strict = iri_reference_parse (text, -1, 0, &error);
      g_autoptr(IriReference) tolerant = iri_reference_parse_tolerant (text, -1, 0);

      if (must_be_valid && strict == NULL)
        g_error ("%s line %u: “%s” must be valid: %s", relpath, row->line, text, error->message);

      g_assert_cmpint (strict != NULL, ==, iri_reference_is_valid (tolerant));
      if (strict != NULL)
        {
          g_assert_true (same_components (strict, tolerant));
          n_valid++;
        }
      else
        n_invalid++;
    }

  g_test_message ("%s: %u valid, %u invalid, strict and tolerant agree on all", relpath, n_valid, n_invalid);
}

static void
test_data_agreement (void)
{
  check_agreement ("oxiri/oxiri-valid-absolute-iris.tsv", "iri", TRUE);
  check_agreement ("oxiri/oxiri-valid-iri-references.tsv", "iri_reference", TRUE);
  check_agreement ("oxiri/oxiri-invalid-iri-references.tsv", "iri_reference", FALSE);
  check_agreement ("oxiri/oxiri-resolve.tsv", "expected", TRUE);
  check_agreement ("rfc3986-resolution/foursuite-uri-references.tsv", "uri_reference", FALSE);
}

/* 4Suite's good and bad URI references: each is accepted or refused as
 * the file says. */
static void
test_foursuite_references (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv ("rfc3986-resolution/foursuite-uri-references.tsv", TRUE, &header);
  guint col_valid = iri_test_column (header, "valid");
  guint col_ref = iri_test_column (header, "uri_reference");
  guint passed = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      gboolean expect_valid = g_str_equal (row->fields[col_valid], "yes");
      g_autoptr(IriReference) ref = iri_reference_parse (row->fields[col_ref], -1, IRI_PARSE_URI, NULL);

      if ((ref != NULL) != expect_valid)
        g_error ("foursuite-uri-references.tsv line %u: “%s” should be %s",
                 row->line, row->fields[col_ref], expect_valid ? "valid" : "invalid");
      passed++;
    }

  g_test_message ("foursuite-uri-references.tsv: %u/%u pass", passed, rows->len);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (split_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/reference/split/%" G_GSIZE_FORMAT, i);
      g_test_add_data_func (path, &split_cases[i], test_split_case);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/reference/invalid/%" G_GSIZE_FORMAT, i);
      g_test_add_data_func (path, &invalid_cases[i], test_invalid_case);
    }
  g_test_add_func ("/iri/reference/spans", test_spans);
  g_test_add_func ("/iri/reference/warnings", test_warnings);
  g_test_add_func ("/iri/reference/messages", test_messages);
  g_test_add_func ("/iri/reference/tolerant-prefixes", test_tolerant_prefixes);
  g_test_add_func ("/iri/reference/huge-input", test_huge_input);
  g_test_add_func ("/iri/reference/explicit-length", test_explicit_length);
  g_test_add_func ("/iri/reference/every-offset", test_every_offset);
  g_test_add_func ("/iri/reference/data/agreement", test_data_agreement);
  g_test_add_func ("/iri/reference/data/foursuite", test_foursuite_references);

  return g_test_run ();
}
