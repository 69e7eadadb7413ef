/* test-cli.c: the iri terminal tool, run as a user runs it
 *
 * Every command, its options and exit statuses (DESIGN.md §5).  JSON
 * output is parsed and checked field by field, never compared as a whole
 * string.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <glib/gstdio.h>

#include "cli-test-util.h"

static void
test_help_and_version (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  for (const char *const *c = (const char *const[]) { "check", "to-uri", "to-iri", "resolve", "compare", "format", "detect", NULL }; *c; c++)
    g_assert_nonnull (strstr (run.out, *c));
  run_clear (&run);

  run_tool (&run, NULL, 0, "--version", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, PACKAGE_VERSION));
  g_assert_nonnull (strstr (run.out, "FriBidi"));
  g_assert_nonnull (strstr (run.out, "libidn2"));
  g_assert_nonnull (strstr (run.out, "UTS #39 15.0.0"));
  g_assert_nonnull (strstr (run.out, "UTS #58 17.0.0"));
  g_assert_nonnull (strstr (run.out, "IANA top-level domains 2025100900"));
  run_clear (&run);

  /* The usage line names the tool and the command, and the arguments
   * once. */
  run_tool (&run, NULL, 0, "to-uri", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--host"));
  g_assert_nonnull (strstr (run.out, "\n  iri to-uri [OPTION…] [IRI…] — "));
  run_clear (&run);

  run_tool (&run, NULL, 0, "help", "compare", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--level"));
  g_assert_nonnull (strstr (run.out, "\n  iri compare [OPTION…] [A B] — "));
  run_clear (&run);

  /* Usage errors exit with 2 and say what is wrong on stderr. */
  run_tool (&run, NULL, 0, NULL, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_tool (&run, NULL, 0, "frobnicate", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "frobnicate"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-uri", "--no-such-option", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--no-such-option"));
  g_assert_cmpstr (run.out, ==, "");
}

static void
test_to_uri (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "to-uri", "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://www.example.org/red%09ros\xC3\xA9#red", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://r%C3%A9sum%C3%A9.example.org\nhttp://www.example.org/red%09ros%C3%A9#red\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-uri", "--host=idna2008", "http://r\xC3\xA9sum\xC3\xA9.example.org", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--rsum-bpad.example.org\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-uri", "--host=uts46-transitional", "http://fu\xC3\x9F.de/", NULL);
  g_assert_cmpstr (run.out, ==, "http://fuss.de/\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-uri", "--host=uts46", "http://fu\xC3\x9F.de/", NULL);
  g_assert_cmpstr (run.out, ==, "http://xn--fu-hia.de/\n");
  run_clear (&run);

  /* Standard input, one per line; a failed line keeps its place as an
   * empty line, the error names the line and libidn2's reason, and the
   * status is 1. */
  run_tool (&run, "http://a/\xC3\xA9\nhttp://\xE2\x98\xBA.example/\nhttp://b/\n", -1,
            "to-uri", "--host=idna2008", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "http://a/%C3%A9\n\nhttp://b/\n");
  g_assert_nonnull (strstr (run.err, "standard input:2"));
  run_clear (&run);

  /* Invalid UTF-8 is an error for that line, not a crash. */
  run_tool (&run, "http://a/\xFC\n", -1, "to-uri", "-", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  g_assert_nonnull (strstr (run.err, "UTF-8"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-uri", "--host=dns", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "dns"));
}

/* An ASCII host gets the DNS and IDNA rules too: with an IDNA mapping,
 * to-uri fails on it as idn2(1) does, with the reason on stderr; the
 * percent mapping keeps it. */
static void
test_to_uri_ascii_hosts (void)
{
  static const char *const mappings[] = { "--host=idna2008", "--host=uts46", "--host=uts46-transitional" };
  static const struct {
    const char *iri;
    const char *reason;
  } bad[] = {
    { "http://xn--a/", "label “xn--a”: it decodes to “U+0080 PADDING CHARACTER”" },
    { "http://xn----/", "label “xn----”: it is not valid Punycode" },
    { "http://foo.example.org-/", "label “org-”: it ends with U+002D HYPHEN-MINUS" },
    { "http://ab--cd.example/", "label “ab--cd”: its third and fourth characters are both U+002D HYPHEN-MINUS" },
    { "http://a..b/", "an empty label" },
  };
  g_auto(Run) run = { 0, };

  for (guint m = 0; m < G_N_ELEMENTS (mappings); m++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
        {
          run_tool (&run, NULL, 0, "to-uri", mappings[m], bad[i].iri, NULL);
          g_assert_cmpint (run.status, ==, 1);
          g_assert_cmpstr (run.out, ==, "\n");
          g_assert_nonnull (strstr (run.err, "Cannot convert the host"));
          g_assert_nonnull (strstr (run.err, bad[i].reason));
          run_clear (&run);
        }

      /* Ordinary ASCII hosts convert to themselves. */
      run_tool (&run, NULL, 0, "to-uri", mappings[m], "http://Example.com/", "http://_dmarc.example.com/",
                "http://xn--bcher-kva.example/", "http://192.0.2.1/", "http://[::1]/", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, "http://Example.com/\nhttp://_dmarc.example.com/\n"
                                    "http://xn--bcher-kva.example/\nhttp://192.0.2.1/\nhttp://[::1]/\n");
      g_assert_cmpstr (run.err, ==, "");
      run_clear (&run);
    }

  /* Like idn2 --tr46t, transitional processing takes the symbols
   * IDNA2003 took; the others refuse them. */
  run_tool (&run, NULL, 0, "to-uri", "--host=uts46", "http://xn--ls8h/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-uri", "--host=uts46-transitional", "http://xn--ls8h/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--ls8h/\n");
  run_clear (&run);

  /* A batch goes on after a failed line. */
  run_tool (&run, "http://foo-/\nhttp://ok.example/\n", -1, "to-uri", "--host=uts46", "-", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\nhttp://ok.example/\n");
  g_assert_nonnull (strstr (run.err, "standard input:1"));
  run_clear (&run);

  /* The percent mapping (the default) does not look at the host. */
  run_tool (&run, NULL, 0, "to-uri", "http://xn--a/", "http://foo.example.org-/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--a/\nhttp://foo.example.org-/\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-uri", "--host=percent", "http://a..b/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://a..b/\n");
}

static void
test_to_iri (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
            "http://www.example.org/r%E9sum%E9.html",
            "http://xn--99zt52a.example.org/%e2%80%ae",
            NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "http://www.example.org/D\xC3\xBCrst\n"
                   "http://www.example.org/D%FCrst\n"
                   "http://www.example.org/r%E9sum%E9.html\n"
                   "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-iri", "--keep-punycode", "http://xn--99zt52a.example.org/%e2%80%ae", NULL);
  g_assert_cmpstr (run.out, ==, "http://xn--99zt52a.example.org/%E2%80%AE\n");
  run_clear (&run);

  /* An A-label that decodes to a bidi control stays an A-label, with a
   * warning. */
  run_tool (&run, NULL, 0, "to-iri", "http://xn--ab-g4t.example/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--ab-g4t.example/\n");
  g_assert_nonnull (strstr (run.err, "U+202E"));
  run_clear (&run);

  /* A note quotes a display in visual order between U+202D and U+202C,
   * which text output drops: neither reaches the terminal, raw or
   * escaped, and the quote around them is whole. */
  run_tool (&run, NULL, 0, "to-iri",
            "https://xn--4dbaaabfgjh6d5a.xn--4dbrk0ce/%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA54/"
            "running-%D7%A0%D7%A2%D7%9C%D7%99%D7%99%D7%9D", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "(bidi-host-reads-differently): The display shows "
                                     "\xE2\x80\x9C" "54\xD8\xAA\xD8\xA7\xD8\xAC\xD8\xAA\xD9\x86\xD9\x85"
                                     "\xE2\x80\x9D where the host is expected"));
  g_assert_null (strstr (run.err, "\xE2\x80\xAD"));
  g_assert_null (strstr (run.err, "\xE2\x80\xAC"));
  g_assert_null (strstr (run.err, "\\u{"));
}

/* Input is read 64 KiB at a time, and a line that lies whole in what
 * was read is converted from there: lines across that boundary, a CR LF
 * split by it, every kind of line end and a last line without one give
 * one output line each. */
static void
test_to_iri_read_boundaries (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "uris.txt", NULL);
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  static const char * const ends[] = { "\n", "\r\n", "\r" };
  gsize line_start;
  guint n = 0;

  while (input->len < 65536 - 40)
    {
      g_string_append_printf (input, "http://a/%u%%C3%%BC\n", n);
      g_string_append_printf (expected, "http://a/%u\xC3\xBC\n", n++);
    }
  /* A CR at the last byte of the first read, its LF the first byte of
   * the second. */
  line_start = input->len;
  g_string_append (input, "http://a/");
  while (input->len < 65535)
    g_string_append_c (input, 'x');
  g_string_append_len (expected, input->str + line_start, input->len - line_start);
  g_string_append_c (expected, '\n');
  g_string_append (input, "\r\n");
  while (input->len < 3 * 65536)
    {
      g_string_append_printf (input, "http://b/%u%%C3%%BC%s", n, ends[n % G_N_ELEMENTS (ends)]);
      g_string_append_printf (expected, "http://b/%u\xC3\xBC\n", n++);
    }
  g_string_append (input, "http://c/%C3%BC");
  g_string_append (expected, "http://c/\xC3\xBC\n");
  g_assert_true (g_file_set_contents (path, input->str, input->len, NULL));

  run_tool (&run, NULL, 0, "to-iri", "-f", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpuint (strlen (run.out), ==, expected->len);
  g_assert_true (strcmp (run.out, expected->str) == 0);
  g_unlink (path);
  g_rmdir (dir);
}

static JsonObject *parse_json_line (const char *line);

/* --display and --known-hosts of to-iri, format and inspect (DESIGN.md
 * §5a): stdout stays exact, the reason goes to stderr as a note, the
 * status stays 0; machine outputs do not change. */
static void
test_display_policy (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *hosts = g_build_filename (dir, "hosts.txt", NULL);
  g_auto(GStrv) lines = NULL;
  JsonObject *o;

  g_assert_true (g_file_set_contents (hosts, "# trusted\ncoco.bg\n", -1, NULL));

  /* Strict by default: all-Cyrillic "аррӏе" stays an A-label, with a
   * note naming the finding; bücher.de is decoded. */
  run_tool (&run, NULL, 0, "to-iri", "http://xn--80ak6aa92e.com/", "http://xn--bcher-kva.de/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--80ak6aa92e.com/\nhttp://b\xC3\xBC" "cher.de/\n");
  g_assert_nonnull (strstr (run.err, "iri: note: "));
  g_assert_nonnull (strstr (run.err, "confusable-whole-script"));
  g_assert_null (strstr (run.err, "bcher"));
  run_clear (&run);

  /* A long input is cut in the note, never in the output. */
  {
    g_autoptr(GString) longer = g_string_new ("http://xn--80ak6aa92e.com/");

    for (guint i = 0; i < 10000; i++)
      g_string_append_c (longer, 'a');
    run_tool (&run, NULL, 0, "to-iri", longer->str, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpuint (strlen (run.out), ==, longer->len + 1);
    g_assert_nonnull (strstr (run.err, "a\xE2\x80\xA6\xE2\x80\x9D: "));
    g_assert_cmpuint (strlen (run.err), <, 1000);
    run_clear (&run);
  }

  run_tool (&run, NULL, 0, "to-iri", "--display=strict", "http://www.xn--pypal-4ve.com/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://www.xn--pypal-4ve.com/\n");
  g_assert_nonnull (strstr (run.err, "confusable-mixed-script"));
  g_assert_nonnull (strstr (run.err, "U+0430"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-iri", "--display=permissive", "http://xn--80ak6aa92e.com/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/\n");
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);

  /* A look-alike of a delimiter stays encoded under both levels. */
  for (guint i = 0; i < 2; i++)
    {
      run_tool (&run, NULL, 0, "to-iri", i == 0 ? "--display=strict" : "--display=permissive",
                "http://paypal.com%E2%88%95login.evil.example/", "http://a.example/x%EF%BC%8Fy", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, "http://paypal.com%E2%88%95login.evil.example/\nhttp://a.example/x%EF%BC%8Fy\n");
      g_assert_nonnull (strstr (run.err, "U+2215 DIVISION SLASH"));
      g_assert_nonnull (strstr (run.err, "U+FF0F FULLWIDTH SOLIDUS"));
      run_clear (&run);
    }

  /* Known hosts: сосо.bg is decoded until coco.bg is trusted. */
  run_tool (&run, NULL, 0, "to-iri", "http://xn--n1aahb.bg/", NULL);
  g_assert_cmpstr (run.out, ==, "http://\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.bg/\n");
  run_clear (&run);
  run_tool (&run, "http://xn--n1aahb.bg/\n", -1, "to-iri", "--known-hosts", hosts, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--n1aahb.bg/\n");
  g_assert_nonnull (strstr (run.err, "confusable-known-host"));
  run_clear (&run);

  /* format follows the policy too. */
  run_tool (&run, NULL, 0, "format", "http://xn--80ak6aa92e.com/a", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://xn--80ak6aa92e.com/a\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "format", "--display=permissive", "http://xn--80ak6aa92e.com/a", NULL);
  g_assert_cmpstr (run.out, ==, "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/a\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "format", "--known-hosts", hosts, "http://xn--n1aahb.bg/", NULL);
  g_assert_cmpstr (run.out, ==, "http://xn--n1aahb.bg/\n");
  run_clear (&run);

  /* inspect: the readable forms follow the policy, the URIs do not. */
  run_tool (&run, NULL, 0, "inspect", "--color=never", "http://xn--80ak6aa92e.com/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "URI \xE2\x86\x92 IRI      http://xn--80ak6aa92e.com/\n"));
  g_assert_nonnull (strstr (run.out, "in text        http://xn--80ak6aa92e.com/\n"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "inspect", "--color=never", "--display=permissive", "http://xn--80ak6aa92e.com/", NULL);
  g_assert_nonnull (strstr (run.out, "URI \xE2\x86\x92 IRI      http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/\n"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "inspect", "--json", "--known-hosts", hosts, "http://xn--n1aahb.bg/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "iri_from_uri"), ==, "http://xn--n1aahb.bg/");
  g_assert_cmpstr (json_object_get_string_member (o, "uri"), ==, "http://xn--n1aahb.bg/");
  json_object_unref (o);
  g_clear_pointer (&lines, g_strfreev);
  run_clear (&run);
  run_tool (&run, NULL, 0, "inspect", "--json", "--display=permissive", "--known-hosts", hosts,
            "http://xn--n1aahb.bg/", NULL);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "iri_from_uri"), ==, "http://\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.bg/");
  json_object_unref (o);
  run_clear (&run);

  /* Usage and I/O errors. */
  for (const char *const *c = (const char *const[]) { "to-iri", "format", "inspect", NULL }; *c; c++)
    {
      run_tool (&run, NULL, 0, *c, "--display=bogus", "http://a/", NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "bogus"));
      g_assert_nonnull (strstr (run.err, "strict or permissive"));
      g_assert_cmpstr (run.out, ==, "");
      run_clear (&run);

      run_tool (&run, NULL, 0, *c, "--known-hosts", "/nonexistent/hosts.txt", "http://a/", NULL);
      g_assert_cmpint (run.status, ==, 3);
      g_assert_nonnull (strstr (run.err, "known hosts"));
      g_assert_cmpstr (run.out, ==, "");
      run_clear (&run);

      run_tool (&run, NULL, 0, *c, "--help", NULL);
      g_assert_nonnull (strstr (run.out, "--display"));
      g_assert_nonnull (strstr (run.out, "--known-hosts"));
      run_clear (&run);
    }

  g_unlink (hosts);
  g_rmdir (dir);
}

static void
test_resolve (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "resolve", "http://a/b/c/d;p?q", "g", "../g", "//g", "?y", "http:g", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://a/b/c/g\nhttp://a/b/g\nhttp://g\nhttp://a/b/c/d;p?y\nhttp:g\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g", NULL);
  g_assert_cmpstr (run.out, ==, "http://a/b/c/g\n");
  run_clear (&run);

  run_tool (&run, "g\n\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D\nbad ref\n", -1, "resolve", "http://a/b/c/d;p?q", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "http://a/b/c/g\nhttp://a/b/c/\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D\n\n");
  g_assert_nonnull (strstr (run.err, "standard input:3"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "resolve", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  /* A relative base is refused with a reason. */
  run_tool (&run, NULL, 0, "resolve", "a/b", "c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "base"));
}

static void
test_compare (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "compare", "http://example.org/", "http://example.org/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "equal (simple)\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "HTTP://www.EXAMPLE.com/", "http://www.example.com/", NULL);
  g_assert_cmpstr (run.out, ==, "equal (syntax)\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "http://example.com/", "http://example.com:80/", NULL);
  g_assert_cmpstr (run.out, ==, "equal (scheme)\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "--level=syntax", "http://example.com/", "http://example.com:80/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "different\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://xn--rsum-bpad.example.org", NULL);
  g_assert_cmpstr (run.out, ==, "equal (scheme)\n");
  run_clear (&run);

  /* RFC 3987 §5.3.2.2: NFC is not a rung; a note says what separates
   * them, on stderr, and --nfc applies it on request. */
  run_tool (&run, NULL, 0, "compare", "http://www.example.org/r%C3%A9sum%C3%A9.html",
            "http://www.example.org/re%CC%81sume%CC%81.html", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "different\n");
  g_assert_nonnull (strstr (run.err, "NFC"));
  g_assert_nonnull (strstr (run.err, "5.3.2.2"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "--nfc", "http://www.example.org/r%C3%A9sum%C3%A9.html",
            "http://www.example.org/re%CC%81sume%CC%81.html", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "equal (syntax, nfc)\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "--nfc", "http://example.org/r\xC3\xA9sum\xC3\xA9",
            "http://example.org/re\xCC\x81sume\xCC\x81", NULL);
  g_assert_cmpstr (run.out, ==, "equal (simple, nfc)\n");
  run_clear (&run);

  /* --nfc says "nfc" only when NFC is what made them equal. */
  run_tool (&run, NULL, 0, "compare", "--nfc", "HTTP://example.org/", "http://example.org/", NULL);
  g_assert_cmpstr (run.out, ==, "equal (syntax)\n");
  run_clear (&run);

  /* From standard input, the note says which line. */
  run_tool (&run, "http://a/\thttp://a/\nhttp://a/r\xC3\xA9\thttp://a/re\xCC\x81\n", -1, "compare", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "equal (simple)\ndifferent\n");
  g_assert_nonnull (strstr (run.err, "standard input:2: equal under NFC (simple)"));
  run_clear (&run);

  /* No note when NFC would not make them equal either. */
  run_tool (&run, NULL, 0, "compare", "http://example.org/a", "http://example.org/b", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "different\n");
  g_assert_null (strstr (run.err, "NFC"));
  run_clear (&run);

  run_tool (&run, "http://a/\thttp://a/\nhttp://a/\thttp://b/\n", -1, "compare", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "equal (simple)\ndifferent\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "only-one", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_tool (&run, NULL, 0, "compare", "--level=fuzzy", "a", "b", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_relativize (void)
{
  g_auto(Run) run = { 0, };

  g_test_summary ("iri relativize, the inverse of resolve: the shortest reference, checked; "
                  "targets it cannot reach are reported");

  run_tool (&run, NULL, 0, "relativize", "http://a/b/c/d;p?q", "http://a/b/c/g", "http://a/b/c/d;p?q#s",
            "http://a/g", "https://x/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "g\n#s\n/g\nhttps://x/\n");
  run_clear (&run);

  /* From standard input, with an IRI of Hebrew letters. */
  run_tool (&run, "http://a/b/\xD7\xA2\xD7\x91\n", -1, "relativize", "http://a/b/c", NULL);
  g_assert_cmpstr (run.out, ==, "\xD7\xA2\xD7\x91\n");
  run_clear (&run);

  /* Dot segments in the target: no reference resolves to it. */
  run_tool (&run, NULL, 0, "relativize", "http://a/b/c", "http://a/b/../c", "http://a/x", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n/x\n");
  g_assert_nonnull (strstr (run.err, "argument 1"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "relativize", "b/c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);
  run_tool (&run, NULL, 0, "relativize", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static JsonObject *
parse_json_line (const char *line)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, line, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}

static gboolean
has_diagnostic (JsonObject *object,
                const char *code)
{
  JsonArray *diagnostics = json_object_get_array_member (object, "diagnostics");

  for (guint i = 0; i < json_array_get_length (diagnostics); i++)
    {
      JsonObject *d = json_array_get_object_element (diagnostics, i);

      if (g_str_equal (json_object_get_string_member (d, "code"), code))
        return TRUE;
    }
  return FALSE;
}

static void
test_format (void)
{
  g_auto(Run) run = { 0, };
  static const char bad_lines[] = "example.com/a.\nhttp://a/\xFC\nhttp://a/\0b\nhttp://b/c)\n";

  /* §3.7 decodes, UTS #58 escapes what would end the link early. */
  run_tool (&run, NULL, 0, "format",
            "https://de.wikipedia.org/wiki/Br%C3%BCssel%27",
            "https://example.com/a_(b))",
            "https://xn--bcher-kva.de/%E2%80%AE%20x.",
            "mailto:.a@example.org",
            NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "https://de.wikipedia.org/wiki/Br\xC3\xBCssel%27\n"
                   "https://example.com/a_(b)%29\n"
                   "https://b\xC3\xBC" "cher.de/%E2%80%AE%20x%2E\n"
                   "mailto:%2Ea@example.org\n");
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);

  run_tool (&run, NULL, 0, "format", "--keep-punycode", "https://xn--bcher-kva.de/a.", NULL);
  g_assert_cmpstr (run.out, ==, "https://xn--bcher-kva.de/a%2E\n");
  run_clear (&run);

  /* Standard input: a line that is not UTF-8 or holds a NUL keeps its
   * place as an empty line, with an error naming it, and the status is
   * 1. */
  run_tool (&run, bad_lines, sizeof bad_lines - 1, "format", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "example.com/a%2E\n\n\nhttp://b/c%29\n");
  g_assert_nonnull (strstr (run.err, "standard input:2"));
  g_assert_nonnull (strstr (run.err, "UTF-8"));
  g_assert_nonnull (strstr (run.err, "standard input:3"));
  run_clear (&run);

  /* Not a URI: reported, with an empty line in its place, not printed
   * back unchanged as if it were the readable form (issue 16). */
  run_tool (&run, NULL, 0, "format", "http://[::1/", "http://a/\xC3\xBC", "http://a/b", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n\nhttp://a/b\n");
  g_assert_nonnull (strstr (run.err, "argument 1:"));
  g_assert_nonnull (strstr (run.err, "argument 2:"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "format", "--frobnicate", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_detect (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  JsonArray *diagnostics;
  static const char text[] =
    "See b\xC3\xBC" "cher.de/\xC3\xA4! Or (mailto:a@b.org), not http://user@x.com.\n"
    "bad \xFF example.com\n"
    "a \xE2\x80\xAE" "b example.com/1\xD7\xA9\xD7\x9C\n";

  /* The default: where each link is, and its IRI. */
  run_tool (&run, text, -1, "detect", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==,
                   "standard input:1:5-15: https://b\xC3\xBC" "cher.de/\xC3\xA4\n"
                   "standard input:1:22-35: mailto:a@b.org\n"
                   "standard input:3:6-20: https://example.com/1\xD7\xA9\xD7\x9C\n");
  g_assert_nonnull (strstr (run.err, "standard input:2"));
  g_assert_nonnull (strstr (run.err, "UTF-8"));
  run_clear (&run);

  /* --mark: every line, the bad one as an empty line; the bidi control
   * is shown, not written. */
  run_tool (&run, text, -1, "detect", "--mark", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==,
                   "See \xE2\xB8\xA0" "b\xC3\xBC" "cher.de/\xC3\xA4\xE2\xB8\xA1! Or (\xE2\xB8\xA0"
                   "mailto:a@b.org\xE2\xB8\xA1), not http://user@x.com.\n"
                   "\n"
                   "a \\u{202E}b \xE2\xB8\xA0" "example.com/1\xD7\xA9\xD7\x9C\xE2\xB8\xA1\n");
  run_clear (&run);

  /* --json: one object per link, the diagnostics of its IRI with spans
   * in the IRI. */
  run_tool (&run, text, -1, "detect", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  o = parse_json_line (lines[0]);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "start"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "end"), ==, 15);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "url");
  g_assert_cmpstr (json_object_get_string_member (o, "text"), ==, "b\xC3\xBC" "cher.de/\xC3\xA4");
  g_assert_cmpstr (json_object_get_string_member (o, "iri"), ==, "https://b\xC3\xBC" "cher.de/\xC3\xA4");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "diagnostics")), ==, 0);
  json_object_unref (o);
  o = parse_json_line (lines[1]);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "email");
  g_assert_cmpstr (json_object_get_string_member (o, "iri"), ==, "mailto:a@b.org");
  json_object_unref (o);
  o = parse_json_line (lines[2]);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 3);
  g_assert_true (has_diagnostic (o, "bidi-rtl-edge"));
  diagnostics = json_object_get_array_member (o, "diagnostics");
  /* "1של" is at 20–23 of "https://example.com/1של". */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (diagnostics, 0), "start"), ==, 20);
  json_object_unref (o);
  g_assert_cmpstr (lines[3], ==, "");
  run_clear (&run);

  run_tool (&run, NULL, 0, "detect", "--mark", "--json", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--json"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "detect", "/nonexistent/text.txt", NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "text.txt"));
}

/* UTS #58's LinkDetectionTest.txt through the tool: the test lines,
 * marks removed, come back from "detect --mark" as they are in the file. */
static void
test_detect_conformance (void)
{
  const char *dir = g_getenv ("IRI_TEST_DATA_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0, };

  if (dir == NULL)
    {
      g_test_skip ("IRI_TEST_DATA_DIR is not set");
      return;
    }
  path = g_build_filename (dir, "uts58", "LinkDetectionTest.txt", NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      for (const char *p = lines[i]; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (c != 0x2E20 && c != 0x2E21)
            g_string_append_unichar (input, c);
        }
      g_string_append_c (input, '\n');
      g_string_append (expected, lines[i]);
      g_string_append_c (expected, '\n');
    }

  run_tool (&run, input->str, input->len, "detect", "--mark", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, expected->str);
}

static void
test_check_json (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  /* Line 3 is not UTF-8, line 4 holds a NUL byte: both must produce a
   * record, and the lines after them must still be checked. */
  static const char input[] =
    "http://ab.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.example/x?a=b#c\n"
    "http://exa mple/\n"
    "http://a/\xFC\n"
    "http://a/\0b\n"
    "http://u:p@example.org/\n";
  JsonObject *o;
  JsonArray *components;
  JsonObject *d;

  run_tool (&run, input, sizeof input - 1, "check", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 6);
  g_assert_cmpstr (lines[5], ==, "");

  o = parse_json_line (lines[0]);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 1);
  g_assert_true (json_object_get_boolean_member (o, "valid"));
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==,
                   "http://ab.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.example/x?a=b#c");
  g_assert_cmpstr (json_object_get_string_member (o, "uri"), ==,
                   "http://ab.%D7%A2%D7%91%D7%A8%D7%99%D7%AA.example/x?a=b#c");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (o, "uri_idna"), "http://ab.xn--"));
  components = json_object_get_array_member (o, "components");
  g_assert_cmpuint (json_array_get_length (components), ==, 7);
  d = json_array_get_object_element (components, 1);
  g_assert_cmpstr (json_object_get_string_member (d, "kind"), ==, "host-label");
  g_assert_cmpint (json_object_get_int_member (d, "start"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (d, "end"), ==, 15);
  g_assert_cmpstr (json_object_get_string_member (d, "direction"), ==, "rtl");
  d = json_array_get_object_element (components, 5);
  g_assert_cmpstr (json_object_get_string_member (d, "kind"), ==, "query-value");
  g_assert_cmpstr (json_object_get_string_member (d, "text"), ==, "b");
  json_object_unref (o);

  o = parse_json_line (lines[1]);
  g_assert_false (json_object_get_boolean_member (o, "valid"));
  g_assert_true (has_diagnostic (o, "syntax-invalid-character"));
  d = json_array_get_object_element (json_object_get_array_member (o, "diagnostics"), 0);
  g_assert_cmpstr (json_object_get_string_member (d, "severity"), ==, "error");
  g_assert_cmpstr (json_object_get_string_member (d, "component"), ==, "host");
  g_assert_cmpint (json_object_get_int_member (d, "start"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (d, "end"), ==, 11);
  g_assert_nonnull (strstr (json_object_get_string_member (d, "message"), "U+0020 SPACE"));
  g_assert_cmpstr (json_object_get_string_member (d, "hint"), ==, "Percent-encode it as %20.");
  g_assert_cmpstr (json_object_get_string_member (d, "spec"), ==, "RFC 3987bis \xC2\xA7" "2.2");
  json_object_unref (o);

  o = parse_json_line (lines[2]);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 3);
  g_assert_true (has_diagnostic (o, "invalid-utf8"));
  g_assert_true (json_object_get_null_member (o, "uri"));
  g_assert_true (json_object_get_null_member (o, "uri_idna"));
  g_assert_true (json_object_get_null_member (o, "iri_from_uri"));
  json_object_unref (o);

  o = parse_json_line (lines[3]);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 4);
  g_assert_true (has_diagnostic (o, "nul-character"));
  g_assert_true (json_object_get_null_member (o, "uri"));
  g_assert_true (json_object_get_null_member (o, "uri_idna"));
  g_assert_true (json_object_get_null_member (o, "iri_from_uri"));
  json_object_unref (o);

  o = parse_json_line (lines[4]);
  g_assert_true (has_diagnostic (o, "userinfo-password"));
  /* A line of text has its URIs; the two lines above, whose bytes are
   * not all text, have none (they are null). */
  g_assert_cmpstr (json_object_get_string_member (o, "uri"), ==, "http://u:p@example.org/");
  json_object_unref (o);

  /* The summary on stderr counts severities and codes. */
  g_assert_nonnull (strstr (run.err, "5 IRIs checked"));
  g_assert_nonnull (strstr (run.err, "syntax-invalid-character"));
}

/* A line whose bytes are not all text (not UTF-8, or a NUL) is analysed
 * with U+FFFD in their place, but no command gives a URI for it: that
 * would be the URI of a different string. */
static void
test_no_uri_for_bad_bytes (void)
{
  static const char bad[] = "http://a/\xC0\xAF\n";
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;

  run_tool (&run, bad, -1, "inspect", "--color=never", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "[invalid-utf8]"));
  g_assert_nonnull (strstr (run.out, "(none: the input holds bytes that cannot be converted"));
  g_assert_null (strstr (run.out, "%EF%BF%BD"));
  g_assert_null (strstr (run.out, "URI (IDNA)"));
  run_clear (&run);

  run_tool (&run, bad, -1, "inspect", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_true (json_object_get_null_member (o, "uri"));
  g_assert_true (json_object_get_null_member (o, "uri_idna"));
  g_assert_true (json_object_get_null_member (o, "iri_from_uri"));
  json_object_unref (o);
  run_clear (&run);

  /* iri edit without a terminal, and a good line after the bad one. */
  run_tool (&run, "http://a/\xFF\nhttp://b/\n", -1, "edit", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "uri: none, the input holds bytes that cannot be converted\n"));
  g_assert_nonnull (strstr (run.out, "uri: http://b/\n"));
  g_assert_null (strstr (run.out, "%EF%BF%BD"));
  run_clear (&run);

  /* to-uri: an error, and an empty line to keep the lines aligned. */
  run_tool (&run, bad, -1, "to-uri", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  g_assert_nonnull (strstr (run.err, "not valid UTF-8"));
}

static void
test_check_fail_on (void)
{
  g_auto(Run) run = { 0, };

  /* A warning does not fail the default --fail-on=error… */
  run_tool (&run, "http://u:p@example.org/\n", -1, "check", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "standard input:1:8-10: warning:"));
  g_assert_nonnull (strstr (run.out, "[userinfo-password]"));
  run_clear (&run);

  /* …but does with --fail-on=warning. */
  run_tool (&run, "http://u:p@example.org/\n", -1, "check", "--fail-on=warning", "-q", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "");
  run_clear (&run);

  run_tool (&run, "http://example.org/\n", -1, "check", "--fail-on=info", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  run_clear (&run);

  run_tool (&run, NULL, 0, "check", "--fail-on=fatal", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_check_files (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.txt", NULL);
  g_autofree char *b = g_build_filename (dir, "b.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);
  g_auto(GStrv) lines = NULL;
  JsonObject *o;

  g_assert_true (g_file_set_contents (a, "http://a/\r\nhttp://exa mple/\r\n", -1, NULL));
  g_assert_true (g_file_set_contents (b, "http://b/ c", -1, NULL));

  run_tool (&run, NULL, 0, "check", "--json", a, b, NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  /* CR LF line ends: the CR is not part of the IRI. */
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, "http://a/");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "diagnostics")), ==, 0);
  json_object_unref (o);
  /* A last line without a newline is still read. */
  o = parse_json_line (lines[2]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, "http://b/ c");
  /* Each record says which file it is from; lines count per file. */
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, b);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 1);
  json_object_unref (o);
  o = parse_json_line (lines[1]);
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, a);
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 2);
  json_object_unref (o);
  run_clear (&run);

  /* Standard input has no file name, in any form. */
  run_tool (&run, "http://a/\n", -1, "check", "--json", NULL);
  g_assert_null (strstr (run.out, "\"file\""));
  run_clear (&run);
  run_tool (&run, "http://a/\n", -1, "check", "--json", a, "-", NULL);
  g_strfreev (lines);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_prefix (lines[1], "{\"file\":"));
  g_assert_true (g_str_has_prefix (lines[2], "{\"line\":1,"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "check", missing, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "missing.txt"));
  run_clear (&run);

  /* A missing file does not stop the batch: the files after it are
   * checked, the summary counts them and the unreadable file, and the
   * exit status is that of an I/O error (issue 16). */
  run_tool (&run, NULL, 0, "check", missing, a, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.out, "a.txt:2:"));
  g_assert_nonnull (strstr (run.err, "2 IRIs checked"));
  g_assert_nonnull (strstr (run.err, "1 file could not be read"));
  run_clear (&run);

  /* In JSON, a record for the file, in input order. */
  run_tool (&run, NULL, 0, "check", "--json", b, missing, b, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_strfreev (lines);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  o = parse_json_line (lines[1]);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (o, "file"), "missing.txt"));
  g_assert_nonnull (strstr (json_object_get_string_member (o, "error"), "missing.txt"));
  json_object_unref (o);
  o = parse_json_line (lines[2]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, "http://b/ c");
  json_object_unref (o);
  run_clear (&run);

  /* detect too. */
  g_assert_true (g_file_set_contents (b, "see http://example.com/ now\n", -1, NULL));
  run_tool (&run, NULL, 0, "detect", missing, b, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.out, "http://example.com/"));
  g_assert_nonnull (strstr (run.err, "missing.txt"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "detect", "--json", b, NULL);
  g_strfreev (lines);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, b);
  json_object_unref (o);

  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

static void
test_render (void)
{
  g_auto(Run) run = { 0, };

  /* Example 5 of §4.4 in Bidi Notation, both mappings and modes. */
  run_tool (&run, NULL, 0, "render", "--notation=hebrew", "http://ab.cd.EF/GH/ij/kl.html", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://ab.cd.HG/FE/ij/kl.html\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "render", "--notation=hebrew", "--mode=isolate", "http://ab.cd.EF/GH/ij/kl.html", NULL);
  g_assert_cmpstr (run.out, ==, "http://ab.cd.FE/HG/ij/kl.html\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "render", "--notation=arabic", "http://ab.cd.ef/GH%31/%32IJ/KL.html", NULL);
  g_assert_cmpstr (run.out, ==, "http://ab.cd.ef/LK/JI32%/31%HG.html\n");
  run_clear (&run);

  /* Real Hebrew, from standard input; not a terminal, so no escape
   * sequences even with --bidi=app. */
  run_tool (&run, "http://ab.\xD7\x90\xD7\x91.ij/\n", -1, "render", "--bidi=app", NULL);
  g_assert_cmpstr (run.out, ==, "http://ab.\xD7\x91\xD7\x90.ij/\n");
  run_clear (&run);

  /* --bidi=terminal: logical order in LRI…PDI for a bidi terminal. */
  run_tool (&run, NULL, 0, "render", "--bidi=terminal", "http://ab.\xD7\x90\xD7\x91.ij/", NULL);
  g_assert_cmpstr (run.out, ==, "\xE2\x81\xA6http://ab.\xD7\x90\xD7\x91.ij/\xE2\x81\xA9\n");
  run_clear (&run);

  /* A bidi control in the IRI takes effect, as it would in any display
   * (that is the danger §4.1 forbids it for), and is itself shown. */
  run_tool (&run, NULL, 0, "render", "http://a/\xE2\x80\xAE" "bc", NULL);
  g_assert_cmpstr (run.out, ==, "http://a/\\u{202E}cb\n");
  run_clear (&run);

  /* Arabic shaping for terminals that do not join letters: presentation
   * forms (U+FExx), same number of characters. */
  run_tool (&run, NULL, 0, "render", "--shape", "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85", NULL);
  g_assert_cmpint (g_utf8_strlen (run.out, -1), ==, 5);
  g_assert_true (g_str_has_prefix (run.out, "\xEF\xBB") || g_str_has_prefix (run.out, "\xEF\xBA"));
  run_clear (&run);

  /* A bad line is reported and the next one still rendered. */
  run_tool (&run, "http://a/\xFC\nhttp://b/\n", -1, "render", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\nhttp://b/\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "render", "--mode=diagonal", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_tool (&run, NULL, 0, "render", "--notation=klingon", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* On a terminal, --bidi=app (the default there) switches the terminal to
 * explicit mode (CSI 8 l) before and back (CSI 8 h) after, as the
 * terminal-wg BiDi recommendation asks.  script(1) gives the tool a
 * pseudo-terminal. */
static void
test_render_terminal (void)
{
  g_autofree char *script = g_find_program_in_path ("script");
  g_autofree char *command = NULL;
  g_auto(Run) run = { 0, };

  if (script == NULL)
    {
      g_test_skip ("script(1) is not installed (package bsdutils)");
      return;
    }

  command = g_strdup_printf ("env TERM=xterm %s render 'http://ab.\xD7\x90\xD7\x91.ij/'", tool_path ());
  run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\033[8l"));
  g_assert_nonnull (strstr (run.out, "\033[8h"));
  g_assert_true (strstr (run.out, "\033[8l") < strstr (run.out, "http://ab.\xD7\x91\xD7\x90.ij/"));
  g_assert_true (strstr (run.out, "\033[8h") > strstr (run.out, "http://ab.\xD7\x91\xD7\x90.ij/"));
  run_clear (&run);

  /* A dumb terminal, or none named, gets the display without the mode
   * switches, and inspect and explain without colours. */
  for (guint i = 0; i < 2; i++)
    {
      const char *term = i == 0 ? "TERM=dumb" : "-u TERM";

      g_free (command);
      command = g_strdup_printf ("env %s %s render 'http://ab.\xD7\x90\xD7\x91.ij/'", term, tool_path ());
      run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "http://ab.\xD7\x91\xD7\x90.ij/"));
      g_assert_null (strstr (run.out, "\033"));
      run_clear (&run);

      g_free (command);
      command = g_strdup_printf ("env -u NO_COLOR %s %s inspect 'http://exa mple/'", term, tool_path ());
      run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.out, "syntax-invalid-character"));
      g_assert_null (strstr (run.out, "\033"));
      run_clear (&run);
    }

  /* On a terminal, iri edit shows messages in visual order: the piece
   * of the display a message quotes is shown as the display shows it
   * (not reordered a second time, and without its override marks
   * escaped), the host it names as well. */
  g_free (command);
  command = g_strdup_printf ("env TERM=xterm %s edit 'http://\327\251\327\234\327\225\327\235.exampl\342\200\256a/' </dev/null",
                             tool_path ());
  run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "The display shows \342\200\234\327\235\327\225\327\234\327\251.exampl\\u{202E}\342\200\235"));
  g_assert_nonnull (strstr (run.out, "the host is \342\200\234\327\235\327\225\327\234\327\251.exampl\\u{202E}a\342\200\235"));
  g_assert_null (strstr (run.out, "\\u{202D}"));
  g_assert_null (strstr (run.out, "\\u{202C}"));
  run_clear (&run);

  /* iri edit on a dumb terminal reads lines instead of redrawing one. */
  g_free (command);
  command = g_strdup_printf ("env TERM=dumb %s edit 'http://exa mple/'", tool_path ());
  run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "TERM=dumb"));
  g_assert_nonnull (strstr (run.out, "syntax-invalid-character"));
  g_assert_null (strstr (run.out, "\033"));
}

static void
test_check_notation (void)
{
  g_auto(Run) run = { 0, };
  JsonObject *o;
  JsonArray *components;
  g_auto(GStrv) lines = NULL;

  /* Example 5: the display is written back in the notation, and so are
   * the units; the findings are there. */
  run_tool (&run, "http://ab.cd.EF/GH/ij/kl.html\n", -1, "check", "--json", "--notation=hebrew", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, "http://ab.cd.EF/GH/ij/kl.html");
  g_assert_cmpstr (json_object_get_string_member (o, "display"), ==, "http://ab.cd.HG/FE/ij/kl.html");
  components = json_object_get_array_member (o, "components");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (components, 2), "text"), ==, "EF");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (components, 2), "direction"), ==, "rtl");
  g_assert_true (has_diagnostic (o, "bidi-component-interleaved"));
  g_assert_true (has_diagnostic (o, "bidi-host-reads-differently"));
  json_object_unref (o);
  run_clear (&run);

  /* Warnings fail --fail-on=warning. */
  run_tool (&run, "http://ab.cd.ef/GH1/2IJ/KL.html\n", -1, "check", "--notation=arabic", "--fail-on=warning", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "[bidi-rtl-edge]"));
  g_assert_nonnull (strstr (run.out, "“GH1”"));
  run_clear (&run);

  /* A real letter that the notation writes as a capital (א is A) would
   * come back as that capital: the line is refused, with a record of
   * its own, and the lines around it are checked. */
  run_tool (&run, "http://ab/A\xD7\x90\nhttp://ab/AB\n", -1, "check", "--json", "--notation=hebrew", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_strfreev (lines);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_true (json_object_get_null_member (o, "input"));
  g_assert_true (has_diagnostic (o, "notation-conflict"));
  json_object_unref (o);
  o = parse_json_line (lines[1]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, "http://ab/AB");
  json_object_unref (o);
  g_assert_null (strstr (run.out, "http://ab/AA"));
  run_clear (&run);

  /* The same in Arabic (ا is A), and in every command that reads the
   * notation: a message, no output changed, status 1. */
  for (guint i = 0; i < 4; i++)
    {
      const char *commands[] = { "check", "render", "inspect", "edit" };

      run_tool (&run, "http://ab/A\xD8\xA7\n", -1, commands[i], "--notation=arabic", NULL);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (i == 0 ? run.out : run.err, "U+0627"));
      g_assert_null (strstr (run.out, "http://ab/AA"));
      run_clear (&run);
    }

  /* Other right-to-left letters are not the notation's and are read as
   * they are: the notation's 26 Hebrew letters run from א to ש, so ת is
   * not one of them. */
  run_tool (&run, "http://ab/A\xD7\xAA\n", -1, "render", "--notation=hebrew", "--bidi=none", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://ab/\xD7\xAA" "A\n");
}

static void
test_skeleton (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  JsonArray *scripts;

  /* Cyrillic а р ӏ е: the data maps ӏ to "i" (its capital to "l"). */
  run_tool (&run, NULL, 0, "skeleton", "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5", "paypal", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "appie\npaypal\n");
  run_clear (&run);

  run_tool (&run, NULL, 0, "skeleton", "--json", "p\xD0\xB0ypal", NULL);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "skeleton"), ==, "paypal");
  scripts = json_object_get_array_member (o, "scripts");
  g_assert_cmpuint (json_array_get_length (scripts), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (o, "restriction_level"), ==, "minimally-restrictive");
  json_object_unref (o);
  run_clear (&run);

  run_tool (&run, "ok\n\xFF\n", -1, "skeleton", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "ok\n\n");
}

static void
test_check_known_hosts (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *hosts = g_build_filename (dir, "hosts.txt", NULL);

  g_assert_true (g_file_set_contents (hosts, "# trusted\npaypal.com\n\n  apple.com  \n", -1, NULL));

  /* Cyrillic а in paypal; the real host and its subdomains are fine. */
  run_tool (&run, "https://www.p\xD0\xB0ypal.com/login\nhttps://paypal.com/\nhttps://www.paypal.com/\n", -1,
            "check", "--known-hosts", hosts, "--fail-on=warning", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "standard input:1:"));
  g_assert_nonnull (strstr (run.out, "[confusable-known-host]"));
  g_assert_nonnull (strstr (run.out, "paypal.com"));
  g_assert_null (strstr (run.out, "standard input:2:"));
  g_assert_null (strstr (run.out, "standard input:3:"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "check", "--known-hosts", "/nonexistent/hosts.txt", NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "known hosts"));
  run_clear (&run);

  /* A file name that is not UTF-8 is named by its bytes, as an input
   * file's is, not with U+FFFD; so is a file that is not UTF-8 text. */
  {
    g_autofree char *missing = g_build_filename (dir, "h\xFEsts.txt", NULL);
    g_autofree char *shown_missing = g_build_filename (dir, "h\\xFEsts.txt", NULL);
    g_autofree char *bad = g_build_filename (dir, "b\xFE" "d.txt", NULL);
    g_autofree char *shown_bad = g_build_filename (dir, "b\\xFEd.txt", NULL);

    run_tool (&run, NULL, 0, "check", "--known-hosts", missing, NULL);
    g_assert_cmpint (run.status, ==, 3);
    g_assert_nonnull (strstr (run.err, shown_missing));
    g_assert_null (strstr (run.err, "\xEF\xBF\xBD"));
    run_clear (&run);

    g_assert_true (g_file_set_contents (bad, "paypal.com\n\xFF\n", -1, NULL));
    run_tool (&run, NULL, 0, "check", "--known-hosts", bad, NULL);
    g_assert_cmpint (run.status, ==, 3);
    g_assert_nonnull (strstr (run.err, shown_bad));
    g_assert_nonnull (strstr (run.err, "not a UTF-8 text file"));
    g_assert_null (strstr (run.err, "\xEF\xBF\xBD"));
    run_clear (&run);

    run_tool (&run, NULL, 0, "check", "--known-hosts", dir, NULL);
    g_assert_cmpint (run.status, ==, 3);
    g_assert_nonnull (strstr (run.err, "known hosts"));
    g_unlink (bad);
  }

  g_unlink (hosts);
  g_rmdir (dir);
}

static void
test_inspect (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  const char *carets;

  /* Example 5 of §4.4: the report has the logical form, the display,
   * the isolated display, the units, the findings with carets under the
   * displayed characters, and the URIs. */
  run_tool (&run, NULL, 0, "inspect", "--notation=hebrew", "--color=never", "http://ab.cd.EF/GH/ij/kl.html", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "http://ab.cd.EF/GH/ij/kl.html\n"));
  g_assert_nonnull (strstr (run.out, "http://ab.cd.HG/FE/ij/kl.html\n"));
  g_assert_nonnull (strstr (run.out, "http://ab.cd.FE/HG/ij/kl.html\n"));
  g_assert_nonnull (strstr (run.out, "host-label"));
  g_assert_nonnull (strstr (run.out, "[bidi-host-reads-differently]"));
  g_assert_null (strstr (run.out, "\033["));
  /* The host ab.cd.EF is displayed as "ab.cd." at columns 7–12 and "FE"
   * at 16–17 of the display line, which is indented by 4. */
  carets = strstr (run.out, "\n           ^^^^^^   ^^\n");
  g_assert_nonnull (carets);
  run_clear (&run);

  /* A bidi control is shown escaped, and the status is 1 (an error). */
  run_tool (&run, NULL, 0, "inspect", "--color=never", "http://a/\xE2\x80\xAE" "b", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "http://a/\\u{202E}b"));
  g_assert_null (strstr (run.out, "\xE2\x80\xAE"));
  run_clear (&run);

  /* Colour on request. */
  run_tool (&run, NULL, 0, "inspect", "--color=always", "http://exa mple/", NULL);
  g_assert_nonnull (strstr (run.out, "\033[1;31m"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "inspect", "--json", "http://ab.\xD7\x90/", "http://b/", NULL);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  o = parse_json_line (lines[0]);
  g_assert_false (json_object_has_member (o, "line"));
  g_assert_cmpstr (json_object_get_string_member (o, "display"), ==, "http://ab.\xD7\x90/");
  json_object_unref (o);
  run_clear (&run);

  /* The form for running text (UTS #58) comes after the §3.7 one. */
  run_tool (&run, NULL, 0, "inspect", "--color=never", "https://xn--bcher-kva.de/wiki/Br%C3%BCssel%27", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "https://b\xC3\xBC" "cher.de/wiki/Br\xC3\xBCssel%27\n"));
  g_assert_nonnull (strstr (run.out, "in text        https://b\xC3\xBC" "cher.de/wiki/Br\xC3\xBCssel%27\n"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "inspect", "--color=never", "https://example.com/a_(b))", NULL);
  g_assert_nonnull (strstr (run.out, "in text        https://example.com/a_(b)%29\n"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "inspect", "--color=sometimes", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_examples (void)
{
  g_auto(Run) run = { 0, };

  run_tool (&run, NULL, 0, "examples", NULL);
  g_assert_cmpint (run.status, ==, 0);
  for (guint k = 1; k <= 11; k++)
    {
      g_autofree char *source = g_strdup_printf ("RFC 3987bis §4.4, Example %u\n", k);

      g_assert_nonnull (strstr (run.out, source));
    }
  g_assert_nonnull (strstr (run.out, "http://ab.cd.HG/FE/ij/kl.html"));
  g_assert_nonnull (strstr (run.out, "/http://www.qupzilla.com"));
  g_assert_nonnull (strstr (run.out, "0 1 2 3 4 5 6 7 8 9 16 17 18 15 14 13 12 11 10 19"));
  run_clear (&run);

  /* Example 9 with Arabic letters: the digits become Arabic numbers. */
  run_tool (&run, NULL, 0, "examples", "--notation=arabic", "rfc3987bis-9", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "[bidi-rtl-edge]"));
  g_assert_null (strstr (run.out, "Example 8"));
  g_assert_nonnull (strstr (run.out, "\xD8\xB3\xD8\xB2/\xD8\xB1\xD8\xB0" "32%/31%\xD8\xAF\xD8\xAE"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "examples", "no-such-example", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no-such-example"));
}

/* --jobs keeps the output in input order and identical to one job. */
static void
test_check_jobs (void)
{
  g_auto(Run) one = { 0, };
  g_auto(Run) four = { 0, };
  g_autoptr(GString) input = g_string_new (NULL);

  for (guint i = 0; i < 3000; i++)
    g_string_append_printf (input, i % 7 == 0 ? "http://exa mple/%u\n" : "http://ab.\xD7\x90\xD7\x91/%u\n", i);

  run_tool (&one, input->str, input->len, "check", "--json", "-q", NULL);
  run_tool (&four, input->str, input->len, "check", "--json", "-q", "--jobs", "4", NULL);
  g_assert_cmpint (one.status, ==, 1);
  g_assert_cmpint (four.status, ==, 1);
  g_assert_cmpuint (strlen (one.out), >, 100000);
  g_assert_true (g_str_equal (one.out, four.out));
  run_clear (&four);

  /* "-j4", as make and xargs take it, and "-j 4". */
  run_tool (&four, input->str, input->len, "check", "--json", "-q", "-j4", NULL);
  g_assert_cmpint (four.status, ==, 1);
  g_assert_true (g_str_equal (one.out, four.out));
  run_clear (&four);
  run_tool (&four, input->str, input->len, "check", "--json", "-q", "-j", "4", NULL);
  g_assert_true (g_str_equal (one.out, four.out));
  run_clear (&four);

  run_tool (&four, NULL, 0, "check", "--jobs", "0", NULL);
  g_assert_cmpint (four.status, ==, 2);
  run_clear (&four);
  run_tool (&four, NULL, 0, "check", "-jx", NULL);
  g_assert_cmpint (four.status, ==, 2);
}

/* A large regular file checked with standard error on a terminal gets a
 * progress bar there, erased at the end. */
static void
test_check_progress (void)
{
  g_autofree char *script = g_find_program_in_path ("script");
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.txt", NULL);
  g_autofree char *command = NULL;
  g_autoptr(GString) big = g_string_new (NULL);
  g_auto(Run) run = { 0, };

  if (script == NULL)
    {
      g_test_skip ("script(1) is not installed (package bsdutils)");
      return;
    }

  /* Every 20 000th line has a finding, printed on the same terminal. */
  for (guint i = 0; big->len < 9 * 1024 * 1024; i++)
    g_string_append (big, i % 20000 == 19999 ? "http://exa mple.org/\n" : "http://example.org/a/b/c/d/e/f/g/h\n");
  g_assert_true (g_file_set_contents (path, big->str, big->len, NULL));

  command = g_strdup_printf ("env TERM=xterm %s check -q %s", tool_path (), path);
  run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "%"));
  g_assert_nonnull (strstr (run.out, "\r\033[K"));
  /* The bar is erased before each finding: a finding starts a line, or
   * follows the erasing sequence. */
  {
    g_auto(GStrv) lines = g_strsplit (run.out, "\n", -1);
    guint n_findings = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *finding = strstr (lines[i], path);

        if (finding == NULL || strstr (lines[i], "[syntax-invalid-character]") == NULL)
          continue;
        n_findings++;
        if (finding != lines[i])
          g_assert_true (finding - lines[i] >= 4 && strncmp (finding - 4, "\r\033[K", 4) == 0);
        g_assert_null (strstr (finding, "\r["));
      }
    g_assert_cmpuint (n_findings, >=, 10);
  }
  run_clear (&run);

  /* A dumb terminal (TERM=dumb, or no TERM) gets no escape sequences. */
  g_free (command);
  command = g_strdup_printf ("env TERM=dumb %s check -q %s", tool_path (), path);
  run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
  g_assert_cmpint (run.status, ==, 1);
  g_assert_null (strstr (run.out, "\033"));
  g_assert_null (strstr (run.out, "\r["));

  g_unlink (path);
  g_rmdir (dir);
}

/* Rows of a TSV file of tests/data, without comments and header. */
static GPtrArray *
load_tsv (const char *relpath)
{
  const char *dir = g_getenv ("IRI_TEST_DATA_DIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", relpath, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  gboolean header = TRUE;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      if (header)
        header = FALSE;
      else
        g_ptr_array_add (rows, g_strsplit (lines[i], "\t", -1));
    }
  return rows;
}

static char *
json_visual_order (JsonObject *o)
{
  JsonArray *order = json_object_get_array_member (o, "visual_order");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (order); i++)
    g_string_append_printf (out, "%" G_GINT64_FORMAT " ", json_array_get_int_element (order, i));
  return g_string_free (out, FALSE);
}

static void
test_explain_examples (void)
{
  g_autoptr(GPtrArray) golden = load_tsv ("explain/rfc3987bis-examples.tsv");
  g_autoptr(GPtrArray) examples = load_tsv ("bidi/rfc3987bis-examples.tsv");

  g_test_summary ("iri explain --json on RFC 3987bis §4.4 Examples 1–11, in Bidi Notation "
                  "and with Hebrew and Arabic letters, is the golden output; its displays "
                  "are the draft's, whichever way the examples are written");

  g_assert_cmpuint (golden->len, ==, 33);
  for (guint r = 0; r < golden->len; r++)
    {
      GStrv row = g_ptr_array_index (golden, r);
      g_auto(Run) run = { 0, };
      g_autofree char *expected = g_strconcat (row[3], "\n", NULL);

      if (g_str_equal (row[1], "notation"))
        run_tool (&run, NULL, 0, "explain", "--json", "--notation=hebrew", row[2], NULL);
      else
        run_tool (&run, NULL, 0, "explain", "--json", row[2], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, expected);
    }

  /* Independently of the golden file: each example's display in both
   * notations is the draft's (the embed column), and real letters are
   * reordered as the notation's capitals are. */
  for (guint r = 0; r < examples->len; r++)
    {
      GStrv example = g_ptr_array_index (examples, r);
      g_autofree char *notation = g_strconcat ("--notation=", example[1], NULL);
      g_auto(Run) run = { 0, };
      g_autoptr(JsonObject) o = NULL;
      g_autofree char *order = NULL;

      run_tool (&run, NULL, 0, "explain", "--json", notation, example[2], NULL);
      g_assert_cmpint (run.status, ==, 0);
      o = parse_json_line (run.out);
      g_assert_cmpstr (json_object_get_string_member (o, "display"), ==, example[3]);
      order = json_visual_order (o);
      for (guint k = 0; k < golden->len; k++)
        {
          GStrv row = g_ptr_array_index (golden, k);
          g_autoptr(JsonObject) letters = NULL;
          g_autofree char *letters_order = NULL;

          if (!g_str_equal (row[0], example[0]) || !g_str_equal (row[1], example[1]))
            continue;
          letters = parse_json_line (row[3]);
          letters_order = json_visual_order (letters);
          g_assert_cmpstr (letters_order, ==, order);
        }
    }
}

static void
test_explain (void)
{
  g_auto(Run) run = { 0, };
  g_autoptr(JsonObject) o = NULL;
  JsonArray *characters;
  JsonObject *c;

  g_test_summary ("iri explain: the table, the rules that changed each character, the "
                  "paragraph directions, bad input");

  /* The table: a row per step, the changes of W2 and W3 for Arabic. */
  run_tool (&run, NULL, 0, "explain", "--notation=arabic", "AB12", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\nBidi_Class AL AL EN EN\n"));
  g_assert_nonnull (strstr (run.out, "\nW2         ·  ·  AN AN\n"));
  g_assert_nonnull (strstr (run.out, "\nW3         R  R  ·  ·\n"));
  g_assert_nonnull (strstr (run.out, "\nI1-I2      1  1  2  2\n"));
  g_assert_nonnull (strstr (run.out, "\nvisual     3  2  0  1\n"));
  g_assert_nonnull (strstr (run.out, "W2: a European number after an Arabic letter becomes an Arabic number.\n  changed: 2, 3\n"));
  g_assert_nonnull (strstr (run.out, "level 2, positions 2–3: 12 → 21"));
  g_assert_nonnull (strstr (run.out, "\nDisplay: 12BA\n"));
  /* Not a terminal and NO_COLOR: no escape sequences. */
  g_assert_null (strstr (run.out, "\033"));
  run_clear (&run);

  /* --color=always marks the changes. */
  run_tool (&run, NULL, 0, "explain", "--color=always", "--notation=arabic", "AB12", NULL);
  g_assert_nonnull (strstr (run.out, "\033[1;33mAN"));
  run_clear (&run);

  /* JSON: each change with its rule; paragraph directions. */
  run_tool (&run, NULL, 0, "explain", "--json", "--paragraph=rtl", "ab(c)", NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = parse_json_line (run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "paragraph"), ==, "rtl");
  g_assert_cmpint (json_object_get_int_member (o, "paragraph_level"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (o, "display"), ==, "ab(c)");
  characters = json_object_get_array_member (o, "characters");
  g_assert_cmpuint (json_array_get_length (characters), ==, 5);
  c = json_array_get_object_element (characters, 2);
  g_assert_cmpstr (json_object_get_string_member (c, "class"), ==, "ON");
  g_assert_cmpint (json_object_get_int_member (c, "level"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "bracket_pairs")), ==, 1);
  run_clear (&run);
  g_clear_pointer (&o, json_object_unref);

  run_tool (&run, NULL, 0, "explain", "--json", "--paragraph=auto", "\xD7\x90 a", NULL);
  o = parse_json_line (run.out);
  g_assert_cmpint (json_object_get_int_member (o, "paragraph_level"), ==, 1);
  run_clear (&run);

  /* Bad input: a message, status 1, and the next input still done. */
  run_tool (&run, "http://a/\xC0\nhttp://b/\n", -1, "explain", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "standard input:1:"));
  g_assert_nonnull (strstr (run.out, "\"input\":\"http://b/\""));
  run_clear (&run);

  run_tool (&run, NULL, 0, "explain", "--paragraph=up", "a", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "up"));
  run_clear (&run);

  /* --svg: the picture instead of the table, on standard output with
   * "-"; one IRI only; a file that cannot be written is an I/O error. */
  run_tool (&run, NULL, 0, "explain", "--svg", "-", "--notation=hebrew", "http://ab.CD/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "<?xml"));
  g_assert_nonnull (strstr (run.out, "<svg"));
  g_assert_nonnull (strstr (run.out, "</svg>"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "explain", "--svg", "-", "a", "b", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  run_clear (&run);

  run_tool (&run, NULL, 0, "explain", "--png", "/nonexistent/x.png", "a", NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "/nonexistent/x.png"));
}

/* Runs the tool itself (no wrapper) with @variable set to @value, or
 * unset when @value is NULL, through env(1) as the locale tests do. */
static void
run_tool_with_env (Run                *run,
                   const char         *variable,
                   const char         *value,
                   const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (argv, g_strdup ("env"));
  if (value != NULL)
    g_ptr_array_add (argv, g_strconcat (variable, "=", value, NULL));
  else
    {
      g_ptr_array_add (argv, g_strdup ("-u"));
      g_ptr_array_add (argv, g_strdup (variable));
    }
  g_ptr_array_add (argv, g_strdup (tool_path ()));
  for (gsize i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  run_with_input (run, (const char * const *) argv->pdata, NULL, 0);
}

/* The picture is drawn by a module that the tool loads only then: the
 * tool does not link cairo, whose libraries took a third of its
 * start-up.  It finds the module in $IRI_TOOL_MODULE_DIR (the tests set
 * it, for the valgrind setup, where the running program is valgrind),
 * else next to itself, as here in the build directory; a module that
 * cannot be loaded is an error that says so. */
static void
test_explain_picture_module (void)
{
  static const char * const svg_args[] = { "explain", "--svg", "-", "http://ab.\u05D0/", NULL };
  static const char * const text_args[] = { "explain", "http://ab.\u05D0/", NULL };
  g_auto(Run) run = { 0, };

  if (g_getenv ("IRI_TOOL_WRAPPER") != NULL)
    {
      g_test_skip ("the tool runs under a wrapper here, which is the program next to which it would look");
      return;
    }

  run_tool_with_env (&run, "IRI_TOOL_MODULE_DIR", NULL, svg_args);
  /* Nothing from the tool on standard error (a sanitizer's report of
   * its suppressions may be there). */
  g_assert_null (strstr (run.err, "iri:"));
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "<?xml"));
  g_assert_nonnull (strstr (run.out, "</svg>"));
  run_clear (&run);

  run_tool_with_env (&run, "IRI_TOOL_MODULE_DIR", "/nonexistent", svg_args);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "module"));
  g_assert_nonnull (strstr (run.err, "/nonexistent/"));
  run_clear (&run);

  /* Without a picture the module is not needed. */
  run_tool_with_env (&run, "IRI_TOOL_MODULE_DIR", "/nonexistent", text_args);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Display"));
  run_clear (&run);

  /* The dynamic linker's own account (glibc's LD_DEBUG) of what the
   * tool loads: libiri, but no cairo. */
  run_tool_with_env (&run, "LD_DEBUG", "libs", text_args);
  g_assert_cmpint (run.status, ==, 0);
  if (strstr (run.err, "libiri-1.so") == NULL)
    {
      g_test_message ("LD_DEBUG=libs reports nothing here: not checked that cairo is not loaded");
      return;
    }
  g_assert_null (strstr (run.err, "libcairo"));
}

/* What the tool loads to inspect an address: libiri, and neither Pango
 * (libiri opens it when a cursor first moves, for grapheme clusters)
 * nor cairo (the picture's module): they and the libraries behind them
 * were half of its start-up. */
static void
test_startup_libraries (void)
{
  static const char * const check_args[] = { "inspect", "http://ab.\u05E9\u05DC\u05D5\u05DD/\u05D0", NULL };
  g_auto(Run) run = { 0, };

  if (g_getenv ("IRI_TOOL_WRAPPER") != NULL)
    {
      g_test_skip ("the tool runs under a wrapper here, whose libraries LD_DEBUG would list");
      return;
    }

  run_tool_with_env (&run, "LD_DEBUG", "libs", check_args);
  g_assert_cmpint (run.status, ==, 0);
  if (strstr (run.err, "libiri-1.so") == NULL)
    {
      g_test_skip ("LD_DEBUG=libs reports nothing here (not glibc?)");
      return;
    }
  g_assert_null (strstr (run.err, "libpango"));
  g_assert_null (strstr (run.err, "libharfbuzz"));
  g_assert_null (strstr (run.err, "libcairo"));
}

/* Input that is not what a command takes is reported, with a status
 * that says so, never printed back as if converted (issue 16). */
static void
test_bad_input (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *command = NULL;

  g_test_summary ("Invalid IRIs and URIs are reported by to-uri and to-iri; CR-only files "
                  "are read line by line; help written to a full disk is an I/O error");

  run_tool (&run, NULL, 0, "to-uri", "http://a/%zz", "http://b/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  /* An empty line in its place keeps the lines aligned. */
  g_assert_cmpstr (run.out, ==, "\nhttp://b/\n");
  g_assert_nonnull (strstr (run.err, "argument 1"));
  g_assert_nonnull (strstr (run.err, "%zz"));
  run_clear (&run);

  /* An argument that is not UTF-8 where an IRI is expected is a usage
   * error that shows it, escaped, not GLib's "Invalid byte sequence in
   * conversion input", which did not say which. */
  run_tool (&run, NULL, 0, "explain", "http://ok/", "http://a/\xC0\xAF", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "\xE2\x80\x9Chttp://a/\\xC0\\xAF\xE2\x80\x9D is not UTF-8"));
  g_assert_null (strstr (run.err, "Invalid byte sequence"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "to-iri", "http://[::1/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  g_assert_nonnull (strstr (run.err, "]"));
  run_clear (&run);

  /* Lines ended by CR alone, as old Mac OS files are. */
  run_tool (&run, "http://a/\rhttp://b/\r", -1, "to-uri", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://a/\nhttp://b/\n");
  run_clear (&run);

  /* Output is block-buffered, but flushed before a read that would
   * wait: a program on the other end of a pipe gets each answer while
   * the input stays open (here the writer sleeps, and the tool is
   * killed before it could flush at the end). */
  command = g_strdup_printf ("(printf 'http://a/\\303\\274\\n'; sleep 5) | timeout 2 %s to-uri", tool_path ());
  run_tool_argv (&run, (const char *[]) { "sh", "-c", command, NULL });
  g_assert_cmpint (run.status, ==, 124);
  g_assert_cmpstr (run.out, ==, "http://a/%C3%BC\n");
  run_clear (&run);
  g_free (command);

  /* check too, though it analyses in batches: the lines read before
   * the read that would wait are answered first, with --jobs as well. */
  for (guint jobs = 1; jobs <= 2; jobs++)
    {
      command = g_strdup_printf ("(printf 'http://a/\\nhttp://exa mple/\\n'; sleep 5) | timeout 2 %s check -j%u --json",
                                 tool_path (), jobs);
      run_tool_argv (&run, (const char *[]) { "sh", "-c", command, NULL });
      g_assert_cmpint (run.status, ==, 124);
      g_assert_nonnull (strstr (run.out, "{\"line\":1,"));
      g_assert_nonnull (strstr (run.out, "{\"line\":2,"));
      run_clear (&run);
      g_free (command);
    }

  command = g_strdup_printf ("%s --help > /dev/full", tool_path ());
  run_tool_argv (&run, (const char *[]) { "sh", "-c", command, NULL });
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "standard output"));
}

/* Every command, run in the C locale (cron, `env -i`, containers) and
 * in C.UTF-8: the same bytes out, non-ASCII arguments accepted, UTF-8
 * written to pipes (issue 16). */
static void
test_locales (void)
{
  static const struct {
    const char *input;
    const char *args[7];
  } cases[] = {
    { NULL, { "to-uri", "http://r\xC3\xA9sum\xC3\xA9.example/\xD7\x90", NULL } },
    { NULL, { "to-iri", "http://xn--rsum-bpad.example/%D7%90", NULL } },
    { NULL, { "render", "http://ab.\xD7\xA2\xD7\x91/", NULL } },
    { NULL, { "format", "http://xn--rsum-bpad.example/%D7%90", NULL } },
    { NULL, { "resolve", "http://\xD7\x90.example/a/", "../\xD7\x91", NULL } },
    { NULL, { "compare", "http://\xD7\x90.example/", "http://\xD7\x90.example/", NULL } },
    { "http://\xD7\x90\xE2\x80\x8D.example/\n", { "check", NULL } },
    { "http://\xD7\x90.example/\xD7\x91\n", { "check", "--json", NULL } },
    { NULL, { "inspect", "--color=never", "http://ab.\xD7\xA2\xD7\x91/", NULL } },
    { NULL, { "examples", "--notation=hebrew", "rfc3987bis-5", NULL } },
    { NULL, { "skeleton", "\xD0\xB0pple", NULL } },
    { "see http://\xD7\xA2\xD7\x91.example/ now\n", { "detect", NULL } },
    { NULL, { "explain", "http://a/\xD7\x90", NULL } },
    { NULL, { "explain", "--json", "http://a/\xD7\x90", NULL } },
    { "http://\xD7\x90.example/\n", { "edit", NULL } },
    { NULL, { "relativize", "http://\xD7\x90.example/a/", "http://\xD7\x90.example/\xD7\x91", NULL } },
    { NULL, { "parse", "--set", "path=/\xD7\x91", "--get", "{host}{path}", "http://\xD7\x90.example/", NULL } },
  };

  g_test_summary ("Every command gives the same bytes in the C locale as in C.UTF-8, "
                  "and takes non-ASCII arguments in both");

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      Run runs[2] = { { 0, }, { 0, } };
      static const char * const locales[] = { "LC_ALL=C", "LC_ALL=C.UTF-8" };

      for (guint l = 0; l < 2; l++)
        {
          g_autoptr(GPtrArray) argv = g_ptr_array_new ();

          g_ptr_array_add (argv, (gpointer) "env");
          g_ptr_array_add (argv, (gpointer) locales[l]);
          g_ptr_array_add (argv, (gpointer) tool_path ());
          for (guint a = 0; cases[k].args[a] != NULL; a++)
            g_ptr_array_add (argv, (gpointer) cases[k].args[a]);
          g_ptr_array_add (argv, NULL);
          run_with_input (&runs[l], (const char * const *) argv->pdata, cases[k].input, -1);
        }
      g_test_message ("%s: status %d", cases[k].args[0], runs[0].status);
      g_assert_cmpint (runs[0].status, ==, runs[1].status);
      g_assert_cmpstr (runs[0].out, ==, runs[1].out);
      g_assert_cmpstr (runs[0].err, ==, runs[1].err);
      /* Something non-ASCII came through, not a "?". */
      g_assert_null (strstr (runs[0].err, "Invalid byte sequence"));
      g_assert_true (runs[0].status == 0 || runs[0].status == 1);
      run_clear (&runs[0]);
      run_clear (&runs[1]);
    }

  /* On a terminal of the C locale, which cannot show UTF-8, what is not
   * ASCII is escaped visibly, not replaced by "?". */
  {
    g_autofree char *script = g_find_program_in_path ("script");
    g_autofree char *command = NULL;
    g_auto(Run) run = { 0, };

    if (script == NULL)
      return;
    command = g_strdup_printf ("env LC_ALL=C %s to-iri http://xn--rsum-bpad.example/%%D7%%90", tool_path ());
    run_tool_argv (&run, (const char *[]) { script, "-qec", command, "/dev/null", NULL });
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "http://r\\u{00E9}sum\\u{00E9}.example/\\u{05D0}"));
  }
}

/* -z: records end with NUL in input and output, and a newline inside
 * one is part of it (reported, never a record boundary). */
static void
test_null_records (void)
{
  g_auto(Run) run = { 0, };
  const char input[] = "http://ab/\xD7\x90\0http://a/b\nc\0http://x/";
  g_auto(GStrv) records = NULL;

  run_tool (&run, input, sizeof input - 1, "to-uri", "-z", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpuint (run.out_len, ==, strlen ("http://ab/%D7%90") + 1 + 1 + strlen ("http://x/") + 1);
  g_assert_cmpint (memcmp (run.out, "http://ab/%D7%90\0\0http://x/\0", run.out_len), ==, 0);
  g_assert_nonnull (strstr (run.err, "standard input:2:"));
  run_clear (&run);

  /* The long form, and arguments: output records only. */
  run_tool (&run, NULL, 0, "to-iri", "--null", "http://a/%D7%90", "http://b/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (run.out_len, ==, strlen ("http://a/\xD7\x90") + 1 + strlen ("http://b/") + 1);
  g_assert_cmpint (memcmp (run.out, "http://a/\xD7\x90\0http://b/\0", run.out_len), ==, 0);
  run_clear (&run);

  /* check --json: one record per input record, NUL-terminated. */
  run_tool (&run, input, sizeof input - 1, "check", "-z", "--json", "-q", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_null (strchr (run.out, '\n'));
  g_assert_cmpuint (run.out_len, >, 0);
  g_assert_cmpint (run.out[run.out_len - 1], ==, '\0');
  {
    guint n = 0;

    for (gsize i = 0; i < run.out_len; i++)
      n += run.out[i] == '\0';
    g_assert_cmpuint (n, ==, 3);
  }
  g_assert_nonnull (strstr (run.out + strlen (run.out) + 1, "\"line\":2"));
  g_assert_nonnull (strstr (run.out + strlen (run.out) + 1, "control"));
  run_clear (&run);

  /* The human report is several lines per record: a usage error,
   * given before any input is read (so none is written to the tool,
   * which may have exited: writing would kill this test with SIGPIPE). */
  run_tool (&run, NULL, 0, "check", "-z", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--json"));
  run_clear (&run);

  /* render, skeleton, resolve, detect. */
  run_tool (&run, "http://ab.\xD7\x90\xD7\x91/\0", -1, "render", "-z", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://ab.\xD7\x91\xD7\x90/");
  g_assert_cmpuint (run.out_len, ==, strlen (run.out) + 1);
  run_clear (&run);
  run_tool (&run, "paypal\0", -1, "skeleton", "-z", NULL);
  g_assert_cmpstr (run.out, ==, "paypal");
  g_assert_cmpuint (run.out_len, ==, strlen (run.out) + 1);
  run_clear (&run);
  run_tool (&run, "g\0../h\0", 7, "resolve", "-z", "http://a/b/c", NULL);
  g_assert_cmpuint (run.out_len, ==, strlen ("http://a/b/g") + 1 + strlen ("http://a/h") + 1);
  g_assert_cmpint (memcmp (run.out, "http://a/b/g\0http://a/h\0", run.out_len), ==, 0);
  run_clear (&run);
  run_tool (&run, "see example.com and\nexample.org\0", -1, "detect", "-z", NULL);
  records = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (records), ==, 1);
  g_assert_nonnull (strstr (run.out, "standard input:1:5-15: https://example.com"));
  g_assert_nonnull (strstr (run.out + strlen (run.out) + 1, "standard input:1:21-31: https://example.org"));
}

/* --domain: inputs are host names, as idn2 takes them. */
static void
test_domain (void)
{
  g_auto(Run) run = { 0, };

  /* Without it, a bare name is a relative path: percent-encoded. */
  run_tool (&run, NULL, 0, "to-uri", "--host=idna2008", "r\xC3\xA9sum\xC3\xA9.example.org", NULL);
  g_assert_cmpstr (run.out, ==, "r%C3%A9sum%C3%A9.example.org\n");
  run_clear (&run);

  /* With it, UTS #46 non-transitional by default (mapped to lower case,
   * ß kept), and --host chooses another mapping. */
  run_tool (&run, "r\xC3\xA9sum\xC3\xA9.example.org\nM\xC3\xBCnchen.DE\nfa\xC3\x9F.de\nexample.org.\n", -1,
            "to-uri", "--domain", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "xn--rsum-bpad.example.org\nxn--mnchen-3ya.de\nxn--fa-hia.de\nexample.org.\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-uri", "--domain", "--host=uts46-transitional", "fa\xC3\x9F.de", NULL);
  g_assert_cmpstr (run.out, ==, "fass.de\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-uri", "--domain", "--host=idna2008", "M\xC3\xBCnchen.de", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  g_assert_nonnull (strstr (run.err, "IDNA2008"));
  run_clear (&run);

  /* More than a host is refused, with an empty line in its place. */
  run_tool (&run, "a/b\nhttp://a.org\nuser@a.org\na.org:80\nex ample.org\nok.org\n", -1, "to-uri", "--domain", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n\n\n\n\nok.org\n");
  g_assert_nonnull (strstr (run.err, "standard input:1: \xE2\x80\x9C" "a/b\xE2\x80\x9D is not a domain name"));
  g_assert_nonnull (strstr (run.err, "standard input:5:"));
  run_clear (&run);

  /* to-iri reads A-labels back, under the display policy. */
  run_tool (&run, NULL, 0, "to-iri", "--domain", "xn--rsum-bpad.example.org", "xn--80ak6aa92e.com", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "r\xC3\xA9sum\xC3\xA9.example.org\nxn--80ak6aa92e.com\n");
  g_assert_nonnull (strstr (run.err, "\xE2\x80\x9Cxn--80ak6aa92e.com\xE2\x80\x9D"));
  g_assert_nonnull (strstr (run.err, "confusable-whole-script"));
}

/* --input=leiri|web: liberal input repaired into an IRI (RFC 3987bis
 * §6.1, §6.2), each repair a note. */
static void
test_input_syntax (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  JsonArray *repairs;

  /* A browser's address: resolve takes it, where as an IRI it fails. */
  run_tool (&run, NULL, 0, "resolve", "file:///C:/x/", "Documents and Settings\\x", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);
  run_tool (&run, NULL, 0, "resolve", "--input=web", "file:///C:/x/", "Documents and Settings\\x", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "file:///C:/x/Documents%20and%20Settings/x\n");
  g_assert_nonnull (strstr (run.err, "[preprocess-percent-encoded]"));
  g_assert_nonnull (strstr (run.err, "[preprocess-backslash]"));
  run_clear (&run);

  /* Tabs and newlines are dropped, surrounding spaces trimmed. */
  run_tool (&run, NULL, 0, "to-uri", "--input=web", "--host=uts46", " http://exa\tmple.org/\xC3\xBC ", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://example.org/%C3%BC\n");
  g_assert_nonnull (strstr (run.err, "[preprocess-trimmed]"));
  g_assert_nonnull (strstr (run.err, "[preprocess-removed-control]"));
  run_clear (&run);

  /* LEIRI: what leiri-ucschar allows is percent-encoded; a backslash
   * stays data. */
  run_tool (&run, NULL, 0, "to-uri", "--input=leiri", "http://a/<b>\\c", NULL);
  g_assert_cmpstr (run.out, ==, "http://a/%3Cb%3E%5Cc\n");
  run_clear (&run);

  /* check: the repairs are notes, counted and in the record, with
   * "input" as read and "iri" as analysed. */
  run_tool (&run, " http://a/b c%\n", -1, "check", "--input=web", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, " http://a/b c%");
  g_assert_cmpstr (json_object_get_string_member (o, "iri"), ==, "http://a/b%20c%25");
  repairs = json_object_get_array_member (o, "repairs");
  g_assert_cmpuint (json_array_get_length (repairs), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (repairs, 0), "severity"), ==, "info");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (repairs, 1), "start"), ==, 11);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "diagnostics")), ==, 0);
  json_object_unref (o);
  g_assert_nonnull (strstr (run.err, "3 notes"));
  run_clear (&run);
  run_tool (&run, " http://a/b c%\n", -1, "check", "--input=web", "--fail-on=info", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "standard input:1:12-12: info: "));
  run_clear (&run);

  /* Without --input, the same line is an invalid IRI. */
  run_tool (&run, " http://a/b c%\n", -1, "check", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);

  /* render, inspect and compare take it too; a bad value is a usage
   * error. */
  run_tool (&run, NULL, 0, "compare", "--input=web", "http://a/b c", "http://a/b%20c ", NULL);
  g_assert_cmpstr (run.out, ==, "equal (simple)\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "render", "--input=web", "--bidi=none", " http://a/b c", NULL);
  g_assert_cmpstr (run.out, ==, "http://a/b%20c\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "inspect", "--input=web", "--json", "\thttp://a/", NULL);
  g_assert_nonnull (strstr (run.out, "\"repairs\":[{\"code\":\"preprocess-"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-uri", "--input=html", "x", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "iri, leiri or web"));
}

/* iri parse: components through a template, edited, or as JSON, as
 * trurl does for URLs. */
static void
test_parse (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  JsonArray *params;
  const char *iri = "http://user@ex.org:8080/p%20q?a=1&b=2&b=3#f";

  run_tool (&run, NULL, 0, "parse", "--get", "{scheme}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}", iri, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http|user|ex.org|8080|/p%20q|a=1&b=2&b=3|f\n");
  run_clear (&run);

  /* A parameter's first value as written; an absent one is empty; braces
   * are doubled. */
  run_tool (&run, NULL, 0, "parse", "--get", "{query:b} [{query:zz}] {authority} {{x}}", iri, NULL);
  g_assert_cmpstr (run.out, ==, "2 [] user@ex.org:8080 {x}\n");
  run_clear (&run);

  /* {uri}: the URI the IRI maps to (§3). */
  run_tool (&run, NULL, 0, "parse", "--get", "{uri}", "http://\xD7\xA9.example/\xC3\xBC", NULL);
  g_assert_cmpstr (run.out, ==, "http://%D7%A9.example/%C3%BC\n");
  run_clear (&run);

  /* --set replaces, an empty value removes, a relative path gets its
   * slash after a host. */
  run_tool (&run, NULL, 0, "parse", "--set", "host=\xD7\xA9.example", "--set", "port=", "--set", "query=",
            "--set", "path=x/y", iri, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://user@\xD7\xA9.example/x/y#f\n");
  run_clear (&run);

  /* A value that would spill into another component, or an edit that
   * gives no IRI, is reported, with an empty line in its place. */
  run_tool (&run, "http://a/\nhttp://b/\n", -1, "parse", "--set", "path=a?b", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n\n");
  g_assert_nonnull (strstr (run.err, "standard input:2:"));
  g_assert_nonnull (strstr (run.err, "would not stay the path"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "parse", "--set", "port=x", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);
  /* Digits, but no port: refused, where check only warns. */
  run_tool (&run, NULL, 0, "parse", "--set", "port=99999", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  g_assert_nonnull (strstr (run.err, "not a port number"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "parse", "--set", "port=65535", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://a:65535/\n");
  run_clear (&run);
  run_tool (&run, NULL, 0, "parse", "--set", "port=80", "/relative", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "needs a host"));
  run_clear (&run);

  /* Not an IRI. */
  run_tool (&run, NULL, 0, "parse", "http://exa mple/", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "\n");
  run_clear (&run);

  /* --json: every component, null when absent, and the parameters. */
  run_tool (&run, NULL, 0, "parse", "--json", "http://ex.org/p?a=1&b&c=%20", "mailto:x@y", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_cmpstr (json_object_get_string_member (o, "host"), ==, "ex.org");
  g_assert_true (json_object_get_null_member (o, "port"));
  params = json_object_get_array_member (o, "params");
  g_assert_cmpuint (json_array_get_length (params), ==, 3);
  g_assert_true (json_array_get_null_element (json_array_get_array_element (params, 1), 1));
  g_assert_cmpstr (json_array_get_string_element (json_array_get_array_element (params, 2), 1), ==, "%20");
  json_object_unref (o);
  o = parse_json_line (lines[1]);
  g_assert_true (json_object_get_null_member (o, "host"));
  g_assert_cmpstr (json_object_get_string_member (o, "path"), ==, "x@y");
  g_assert_true (json_object_get_null_member (o, "params"));
  json_object_unref (o);
  run_clear (&run);

  /* Usage errors: an unknown component, in --get or --set. */
  run_tool (&run, NULL, 0, "parse", "--get", "{hots}", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "hots"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "parse", "--set", "hots=a", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);
  run_tool (&run, NULL, 0, "parse", "--get", "{host", "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* --json on every command that prints results: one object per input,
 * with the result or the error, in input order. */
static void
test_json_everywhere (void)
{
  static const struct {
    const char *command;
    const char *extra;
    const char *input;
    const char *key;
    const char *result;
  } cases[] = {
    { "to-uri", NULL, "http://a/\xC3\xBC", "uri", "http://a/%C3%BC" },
    { "to-iri", NULL, "http://a/%C3%BC", "iri", "http://a/\xC3\xBC" },
    { "format", NULL, "http://a/%C3%BC", "text", "http://a/\xC3\xBC" },
    { "resolve", "http://a/b/c", "../d", "target", "http://a/d" },
    { "relativize", "http://a/b/c", "http://a/b/d", "reference", "d" },
    { "render", NULL, "http://ab.\xD7\x90\xD7\x91/", "display", "http://ab.\xD7\x91\xD7\x90/" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0, };
      /* render shows any text, so its failure is text that is not UTF-8. */
      g_autofree char *input = g_strdup_printf ("%s\n%s\n", cases[i].input,
                                                g_str_equal (cases[i].command, "render") ? "x\xFF" : "http://[::1/");
      g_auto(GStrv) lines = NULL;
      JsonObject *o;

      if (cases[i].extra != NULL)
        run_tool (&run, input, -1, cases[i].command, "--json", cases[i].extra, NULL);
      else
        run_tool (&run, input, -1, cases[i].command, "--json", NULL);
      g_assert_cmpint (run.status, ==, 1);
      lines = g_strsplit (run.out, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 3);
      o = parse_json_line (lines[0]);
      g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, cases[i].input);
      g_assert_cmpstr (json_object_get_string_member (o, cases[i].key), ==, cases[i].result);
      g_assert_true (json_object_get_null_member (o, "error"));
      json_object_unref (o);
      /* The error is in the record, not on standard error. */
      o = parse_json_line (lines[1]);
      g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 2);
      g_assert_true (json_object_get_null_member (o, cases[i].key));
      g_assert_nonnull (json_object_get_string_member (o, "error"));
      json_object_unref (o);
    }

  /* A NUL byte in the input is written back exactly, as \u0000. */
  {
    g_auto(Run) run = { 0, };

    run_tool (&run, "a\0b\n", 4, "to-uri", "--json", NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.out, "\"input\":\"a\\u0000b\""));
  }

  /* Each character JSON escapes, at every place in a word of eight
   * bytes (the writer tests ASCII eight bytes at a time), comes back
   * exactly once the record is parsed. */
  {
    static const char *const specials[] = { "\"", "\\", "\x7F", "\x01", "\t", "\xE2\x80\x8F", "\xC2\x85" };
    g_auto(Run) run = { 0, };
    g_autoptr(GString) input = g_string_new (NULL);
    g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
    g_auto(GStrv) lines = NULL;

    for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
      for (guint k = 0; k < 16; k++)
        {
          char *line = g_strdup_printf ("http://a/%.*s%sabcdefghijklmnopq", (int) k, "0123456789abcdef", specials[i]);

          g_string_append_printf (input, "%s\n", line);
          g_ptr_array_add (expected, line);
        }

    run_tool (&run, input->str, -1, "to-uri", "--json", NULL);
    lines = g_strsplit (run.out, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, expected->len + 1);
    for (guint i = 0; i < expected->len; i++)
      {
        JsonObject *o = parse_json_line (lines[i]);

        g_assert_cmpstr (json_object_get_string_member (o, "input"), ==, g_ptr_array_index (expected, i));
        json_object_unref (o);
      }
  }

  /* compare: equal, at which level, or what NFC would change. */
  {
    g_auto(Run) run = { 0, };
    g_auto(GStrv) lines = NULL;
    JsonObject *o;

    run_tool (&run, "HTTP://a/\thttp://a/\nhttp://a/r%C3%A9\thttp://a/re%CC%81\nno tab\n", -1, "compare", "--json",
              NULL);
    g_assert_cmpint (run.status, ==, 1);
    lines = g_strsplit (run.out, "\n", -1);
    o = parse_json_line (lines[0]);
    g_assert_true (json_object_get_boolean_member (o, "equal"));
    g_assert_cmpstr (json_object_get_string_member (o, "level"), ==, "syntax");
    json_object_unref (o);
    o = parse_json_line (lines[1]);
    g_assert_false (json_object_get_boolean_member (o, "equal"));
    g_assert_cmpstr (json_object_get_string_member (o, "equal_under_nfc"), ==, "syntax");
    json_object_unref (o);
    o = parse_json_line (lines[2]);
    g_assert_true (json_object_get_null_member (o, "equal"));
    g_assert_nonnull (json_object_get_string_member (o, "error"));
    json_object_unref (o);
  }

  /* examples: one object per example, in the notation asked for. */
  {
    g_auto(Run) run = { 0, };
    JsonObject *o;

    run_tool (&run, NULL, 0, "examples", "--json", "rfc3987bis-5", NULL);
    g_assert_cmpint (run.status, ==, 0);
    o = parse_json_line (run.out);
    g_assert_cmpstr (json_object_get_string_member (o, "logical"), ==, "http://ab.cd.EF/GH/ij/kl.html");
    g_assert_cmpstr (json_object_get_string_member (o, "display"), ==, "http://ab.cd.HG/FE/ij/kl.html");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "diagnostics")), >, 0);
    g_assert_nonnull (json_object_get_string_member (o, "explanation"));
    json_object_unref (o);
  }
}

/* Text output has no raw invisible characters that reorder what
 * follows: the marks around the visual-order quotes of messages are
 * dropped, and file names are escaped. */
static void
test_plain_text (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a\xE2\x80\xAEtxt.b", NULL);
  const char *commands[][3] = {
    { "check", "--notation=hebrew", NULL },
    { "inspect", "--notation=hebrew", "--color=never" },
    { "edit", "--notation=hebrew", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      run_tool (&run, "http://ab.cd.EF/GH/\n", -1, commands[i][0], commands[i][1], commands[i][2], NULL);
      g_assert_nonnull (strstr (run.out, "ab.cd.HG/FE"));
      g_assert_null (strstr (run.out, "\xE2\x80\xAD"));
      g_assert_null (strstr (run.out, "\xE2\x80\xAC"));
      run_clear (&run);
    }
  run_tool (&run, NULL, 0, "examples", NULL);
  g_assert_null (strstr (run.out, "\xE2\x80\xAD"));
  run_clear (&run);

  g_assert_true (g_file_set_contents (path, "http://exa mple/\n", -1, NULL));
  run_tool (&run, NULL, 0, "check", path, NULL);
  g_assert_nonnull (strstr (run.out, "a\\u{202E}txt.b:1:"));
  g_assert_null (strstr (run.out, "\xE2\x80\xAE"));
  run_clear (&run);
  g_unlink (path);
  run_tool (&run, NULL, 0, "check", path, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "a\\u{202E}txt.b"));
  g_assert_null (strstr (run.err, "\xE2\x80\xAE"));
  g_rmdir (dir);
}

/* --file: the converters read their inputs from files too, and a file
 * that cannot be read does not stop the others. */
static void
test_convert_files (void)
{
  g_auto(Run) run = { 0, };
  g_autofree char *dir = g_dir_make_tmp ("iri-cli-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);
  g_auto(GStrv) lines = NULL;
  JsonObject *o;

  g_assert_true (g_file_set_contents (a, "http://a/\xC3\xBC\nhttp://[::1/\n", -1, NULL));

  run_tool (&run, NULL, 0, "to-uri", "--file", a, "-f", missing, "-f", a, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_cmpstr (run.out, ==, "http://a/%C3%BC\n\nhttp://a/%C3%BC\n\n");
  g_assert_nonnull (strstr (run.err, "missing.txt"));
  g_assert_nonnull (strstr (run.err, "a.txt:2:"));
  run_clear (&run);

  /* In JSON, the unreadable file has a record in its place. */
  run_tool (&run, NULL, 0, "to-uri", "--json", "-f", missing, "-f", a, NULL);
  g_assert_cmpint (run.status, ==, 3);
  lines = g_strsplit (run.out, "\n", -1);
  o = parse_json_line (lines[0]);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (o, "file"), "missing.txt"));
  g_assert_nonnull (json_object_get_string_member (o, "error"));
  json_object_unref (o);
  o = parse_json_line (lines[1]);
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, a);
  g_assert_cmpstr (json_object_get_string_member (o, "uri"), ==, "http://a/%C3%BC");
  json_object_unref (o);
  run_clear (&run);

  /* resolve takes its base as an argument and the references from the
   * files; arguments and --file together are a usage error. */
  run_tool (&run, NULL, 0, "resolve", "-f", a, "http://b/c", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_str_has_prefix (run.out, "http://a/\xC3\xBC\n"));
  run_clear (&run);
  run_tool (&run, NULL, 0, "to-iri", "-f", a, "http://a/", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);
  run_tool (&run, "http://a/b\n", -1, "parse", "--get", "{path}", "-f", "-", NULL);
  g_assert_cmpstr (run.out, ==, "/b\n");

  g_unlink (a);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri-tool/help-and-version", test_help_and_version);
  g_test_add_func ("/iri-tool/to-uri", test_to_uri);
  g_test_add_func ("/iri-tool/to-uri/ascii-hosts", test_to_uri_ascii_hosts);
  g_test_add_func ("/iri-tool/to-iri", test_to_iri);
  g_test_add_func ("/iri-tool/to-iri/read-boundaries", test_to_iri_read_boundaries);
  g_test_add_func ("/iri-tool/display-policy", test_display_policy);
  g_test_add_func ("/iri-tool/format", test_format);
  g_test_add_func ("/iri-tool/detect", test_detect);
  g_test_add_func ("/iri-tool/detect/conformance", test_detect_conformance);
  g_test_add_func ("/iri-tool/resolve", test_resolve);
  g_test_add_func ("/iri-tool/compare", test_compare);
  g_test_add_func ("/iri-tool/check/json", test_check_json);
  g_test_add_func ("/iri-tool/check/fail-on", test_check_fail_on);
  g_test_add_func ("/iri-tool/check/no-uri-for-bad-bytes", test_no_uri_for_bad_bytes);
  g_test_add_func ("/iri-tool/check/files", test_check_files);
  g_test_add_func ("/iri-tool/check/notation", test_check_notation);
  g_test_add_func ("/iri-tool/check/known-hosts", test_check_known_hosts);
  g_test_add_func ("/iri-tool/skeleton", test_skeleton);
  g_test_add_func ("/iri-tool/inspect", test_inspect);
  g_test_add_func ("/iri-tool/examples", test_examples);
  g_test_add_func ("/iri-tool/check/jobs", test_check_jobs);
  g_test_add_func ("/iri-tool/check/progress", test_check_progress);
  g_test_add_func ("/iri-tool/render", test_render);
  g_test_add_func ("/iri-tool/render/terminal", test_render_terminal);
  g_test_add_func ("/iri-tool/explain", test_explain);
  g_test_add_func ("/iri-tool/explain/picture-module", test_explain_picture_module);
  g_test_add_func ("/iri-tool/start-up/libraries", test_startup_libraries);
  g_test_add_func ("/iri-tool/locales", test_locales);
  g_test_add_func ("/iri-tool/bad-input", test_bad_input);
  g_test_add_func ("/iri-tool/relativize", test_relativize);
  g_test_add_func ("/iri-tool/explain/examples", test_explain_examples);
  g_test_add_func ("/iri-tool/null-records", test_null_records);
  g_test_add_func ("/iri-tool/domain", test_domain);
  g_test_add_func ("/iri-tool/input-syntax", test_input_syntax);
  g_test_add_func ("/iri-tool/parse", test_parse);
  g_test_add_func ("/iri-tool/json-everywhere", test_json_everywhere);
  g_test_add_func ("/iri-tool/plain-text", test_plain_text);
  g_test_add_func ("/iri-tool/convert-files", test_convert_files);

  return g_test_run ();
}
