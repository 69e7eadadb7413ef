/* test-robustness.c: bad and extreme input to iri check and iri resolve
 *
 * Every line gets exactly one record, in order, with a clear diagnostic,
 * and processing continues (DESIGN.md §5): invalid UTF-8 at every
 * position of an IRI, NUL bytes inside lines, lines of only white space,
 * a 1 MiB IRI, a line over the tool's limit, huge ports, deeply nested
 * dot segments.  Memory must not grow with the number of lines: the
 * peak RSS of a 10^5-line run is compared with a 10^4-line run.  (Time
 * is measured by tests/bench, never asserted here.)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-util.h"

/* The IRI that the byte-level tests break in every position: Latin,
 * Hebrew and Arabic, every component. */
static const char base_iri[] = "http://us@ab.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.example:8080/"
                               "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85/x?q=\xD7\xA9#f";

/* Parses JSON Lines output into one object per line. */
static GPtrArray *
parse_records (const char *out)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (gsize i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      JsonNode *node;

      if (lines[i][0] == '\0')
        continue;
      node = json_from_string (lines[i], &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
      g_ptr_array_add (records, node);
    }
  return records;
}

static JsonObject *
record_object (GPtrArray *records,
               guint      i)
{
  return json_node_get_object (g_ptr_array_index (records, i));
}

/* The first diagnostic of a record that has @code, or NULL. */
static JsonObject *
find_diagnostic (JsonObject *record,
                 const char *code)
{
  JsonArray *diagnostics = json_object_get_array_member (record, "diagnostics");

  for (guint i = 0; i < json_array_get_length (diagnostics); i++)
    {
      JsonObject *d = json_array_get_object_element (diagnostics, i);

      if (g_str_equal (json_object_get_string_member (d, "code"), code))
        return d;
    }
  return NULL;
}

/* A bad byte sequence inserted at every byte position of the base IRI
 * (inside characters too), one line each: every line gets its record, in
 * order, with the diagnostic at the right code-point offset. */
static void
check_bytes_everywhere (const char *bad,
                        gsize       bad_len,
                        const char *code)
{
  g_auto(Run) run = { 0, };
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GPtrArray) records = NULL;
  gsize n = strlen (base_iri);

  for (gsize i = 0; i <= n; i++)
    {
      g_string_append_len (input, base_iri, i);
      g_string_append_len (input, bad, bad_len);
      g_string_append (input, base_iri + i);
      g_string_append_c (input, '\n');
    }

  run_tool (&run, input->str, input->len, "check", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  records = parse_records (run.out);
  g_assert_cmpuint (records->len, ==, n + 1);

  for (gsize i = 0; i <= n; i++)
    {
      JsonObject *record = record_object (records, i);
      JsonObject *d = find_diagnostic (record, code);
      /* The bytes before the insertion point that start a character,
       * cut short if the insertion splits one: each such piece is a
       * character of its own (U+FFFD) in the tolerant parse. */
      glong before = 0;

      g_assert_cmpint (json_object_get_int_member (record, "line"), ==, (gint64) i + 1);
      g_assert_false (json_object_get_boolean_member (record, "valid"));
      g_assert_nonnull (d);
      g_assert_cmpstr (json_object_get_string_member (d, "severity"), ==, "error");
      for (gsize k = 0; k < i; k++)
        before += ((guchar) base_iri[k] & 0xC0) != 0x80;
      /* A split character's lead byte becomes U+FFFD too, and is
       * reported first. */
      if (i < n && ((guchar) base_iri[i] & 0xC0) == 0x80)
        g_assert_cmpint (json_object_get_int_member (d, "start"), <=, before);
      else
        g_assert_cmpint (json_object_get_int_member (d, "start"), ==, before);
      g_assert_cmpstr (json_object_get_string_member (d, "message"), !=, "");
      /* The URIs would be those of the text with U+FFFD in place of the
       * bytes, a different string: there are none, as with to-uri. */
      g_assert_true (json_object_get_null_member (record, "uri"));
      g_assert_true (json_object_get_null_member (record, "uri_idna"));
      g_assert_true (json_object_get_null_member (record, "iri_from_uri"));
    }
}

static void
test_invalid_utf8_everywhere (void)
{
  check_bytes_everywhere ("\xFF", 1, "invalid-utf8");
  check_bytes_everywhere ("\xE2\x82", 2, "invalid-utf8");   /* truncated */
  check_bytes_everywhere ("\xC0\xAF", 2, "invalid-utf8");   /* overlong "/" */
  check_bytes_everywhere ("\xED\xA0\x80", 3, "invalid-utf8");   /* surrogate */
}

static void
test_nul_everywhere (void)
{
  check_bytes_everywhere ("\0", 1, "nul-character");
}

/* Lines of white space only: ASCII spaces and controls are errors;
 * Unicode spaces are allowed characters (ucschar) but look like a space
 * an IRI cannot contain (§5.1); a CR before the LF ends the line. */
static void
test_whitespace_lines (void)
{
  static const char input[] = " \n\t\n  \t  \n\xE3\x80\x80\n\xC2\xA0\n\r\n";
  static const struct {
    gboolean    valid;
    const char *code;
  } expected[] = {
    { FALSE, "syntax-invalid-character" },
    { FALSE, "control-character" },
    { FALSE, "control-character" },
    { TRUE, "lookalike-delimiter" },
    { TRUE, "lookalike-delimiter" },
    { TRUE, NULL },   /* the empty reference: the current document */
  };
  g_auto(Run) run = { 0, };
  g_autoptr(GPtrArray) records = NULL;

  run_tool (&run, input, sizeof input - 1, "check", "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  records = parse_records (run.out);
  g_assert_cmpuint (records->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < records->len; i++)
    {
      JsonObject *record = record_object (records, i);

      g_assert_cmpint (json_object_get_int_member (record, "line"), ==, i + 1);
      g_assert_cmpint (json_object_get_boolean_member (record, "valid"), ==, expected[i].valid);
      if (expected[i].code != NULL)
        g_assert_nonnull (find_diagnostic (record, expected[i].code));
      else
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (record, "diagnostics")), ==, 0);
    }
}

/* A 1 MiB IRI is analysed like any other with --max-line=2M; a line
 * over the limit gets a line-too-long record; the lines after both are
 * checked.  Then the default limit, 128 KiB. */
static void
test_long_lines (void)
{
  g_auto(Run) run = { 0, };
  g_autoptr(GString) input = g_string_new ("http://example.org/");
  g_autoptr(GPtrArray) records = NULL;
  JsonObject *record;

  for (gsize i = 0; i < 1024 * 1024 / 8; i++)
    g_string_append (input, "\xD7\xA9\xD7\x9C/abc");
  g_string_append (input, "\nhttp://example.org/after-long\n");
  g_string_append_len (input, "http://example.org/", 19);
  for (gsize i = 0; i < 3 * 1024 * 1024 / 16; i++)
    g_string_append (input, "0123456789abcdef");
  g_string_append (input, "\nhttp://example.org/after-too-long\n");

  run_tool (&run, input->str, input->len, "check", "--json", "--max-line=2M", NULL);
  g_assert_cmpint (run.status, ==, 1);
  records = parse_records (run.out);
  g_assert_cmpuint (records->len, ==, 4);

  record = record_object (records, 0);
  g_assert_true (json_object_get_boolean_member (record, "valid"));
  g_assert_cmpuint (strlen (json_object_get_string_member (record, "input")), ==, 19 + 1024 * 1024);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (record, "uri"), "http://example.org/%D7%A9%D7%9C/abc%D7%A9"));

  record = record_object (records, 1);
  g_assert_cmpint (json_object_get_int_member (record, "line"), ==, 2);
  g_assert_true (json_object_get_boolean_member (record, "valid"));

  record = record_object (records, 2);
  g_assert_cmpint (json_object_get_int_member (record, "line"), ==, 3);
  g_assert_nonnull (find_diagnostic (record, "line-too-long"));

  record = record_object (records, 3);
  g_assert_cmpint (json_object_get_int_member (record, "line"), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (record, "input"), ==, "http://example.org/after-too-long");
  run_clear (&run);
  g_clear_pointer (&records, g_ptr_array_unref);

  /* With the default limit the 1 MiB IRI is not analysed either, and
   * every other command says so too. */
  run_tool (&run, input->str, input->len, "check", "--json", NULL);
  records = parse_records (run.out);
  g_assert_cmpuint (records->len, ==, 4);
  g_assert_nonnull (find_diagnostic (record_object (records, 0), "line-too-long"));
  run_clear (&run);
  run_tool (&run, input->str, input->len, "to-uri", NULL);
  g_assert_cmpint (run.status, ==, 1);
  /* g_format_size() puts a no-break space before the unit. */
  g_assert_nonnull (strstr (run.err, "line longer than 128.0\xC2\xA0KiB"));
  g_assert_nonnull (strstr (run.out, "http://example.org/after-long\n"));
  run_clear (&run);

  run_tool (&run, NULL, 0, "check", "--max-line=12", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--max-line"));
}

static long children_max_rss (void);

/* Peak memory stays under 64 MiB with the default limit and four jobs,
 * on lines at the limit that make the analysis and its JSON large
 * (issue 16: a 16 MiB line took 1.4 GB): Arabic digits next to Arabic
 * and Hebrew letters and brackets, a bidi control every other
 * character. */
/* Whether this is the process in which a test of the tool's peak RSS
 * runs: RUSAGE_CHILDREN remembers the largest child reaped so far, so
 * the runs happen in a fresh process of their own (this function runs
 * it, and returns FALSE, in the test's own process).  Not under
 * AddressSanitizer, whose quarantine keeps freed memory on purpose, so
 * that RSS grows with the work done: the bounds hold in the normal
 * build. */
static gboolean
in_memory_test_process (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("peak RSS is not meaningful under AddressSanitizer");
  return FALSE;
#endif

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return FALSE;
    }
  return TRUE;
}

static void
test_memory_long_lines (void)
{
  static const char * const patterns[] = {
    "\xD8\xA7\xD9\xA1\xD9\xA2/ab12/\xD7\x90(1)/",
    "a\xE2\x80\xAE" "b\xE2\x81\xA6" "c/",
  };

  if (!in_memory_test_process ())
    return;

  for (gsize k = 0; k < G_N_ELEMENTS (patterns); k++)
    {
      g_autoptr(GString) line = g_string_new ("http://ex.com/");
      g_autoptr(GString) input = g_string_new (NULL);
      g_auto(Run) run = { 0, };
      long rss;

      while (line->len + strlen (patterns[k]) < 128 * 1024 - 8)
        g_string_append (line, patterns[k]);
      for (int i = 0; i < 16; i++)
        g_string_append_printf (input, "%s\n", line->str);
      /* Without MALLOC_PERTURB_, which meson sets for every test: it
       * writes over freed memory, which then counts in the RSS. */
      run_with_input (&run, (const char *[]) { "env", "-u", "MALLOC_PERTURB_", tool_path (),
                                               "check", "--json", "--jobs", "4", NULL },
                      input->str, input->len);
      g_assert_cmpint (run.status, <=, 1);
      g_assert_null (strstr (run.out, "line-too-long"));
      rss = children_max_rss ();
      g_printerr ("# peak RSS of iri check --jobs 4 on 16 lines of 128 KiB: %ld KiB\n", rss);
      g_assert_cmpint (rss, <, 64 * 1024);
    }
}

static void
test_huge_ports (void)
{
  g_autoptr(GString) port = g_string_new ("http://example.org:");
  g_autoptr(GString) zeros = g_string_new ("http://example.org:");
  g_auto(Run) run = { 0, };
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GString) input = g_string_new (NULL);

  for (int i = 0; i < 10000; i++)
    {
      g_string_append_c (port, '9');
      g_string_append_c (zeros, '0');
    }
  g_string_append (zeros, "80/");
  g_string_append_printf (input, "%s/\n%s\nhttp://example.org:65536/\nhttp://example.org:18446744073709551617/\n",
                          port->str, zeros->str);

  run_tool (&run, input->str, input->len, "check", "--json", NULL);
  records = parse_records (run.out);
  g_assert_cmpuint (records->len, ==, 4);
  g_assert_nonnull (find_diagnostic (record_object (records, 0), "port-out-of-range"));
  g_assert_null (find_diagnostic (record_object (records, 1), "port-out-of-range"));
  g_assert_nonnull (find_diagnostic (record_object (records, 2), "port-out-of-range"));
  /* 2^64 + 1 must not wrap around to a small port. */
  g_assert_nonnull (find_diagnostic (record_object (records, 3), "port-out-of-range"));
}

/* 30 000 "../" (the most one argument can hold) climb to the root and
 * stop there (RFC 3986 §5.2.4); as many segments down and up again
 * cancel out. */
static void
test_deep_dot_segments (void)
{
  g_autoptr(GString) up = g_string_new (NULL);
  g_autoptr(GString) down_up = g_string_new (NULL);
  g_auto(Run) run = { 0, };
  g_auto(Run) run2 = { 0, };

  for (int i = 0; i < 30000; i++)
    g_string_append (up, "../");
  g_string_append (up, "x");
  run_tool (&run, NULL, 0, "resolve", "http://a/b/c/d;p?q", up->str, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "http://a/x\n");

  for (int i = 0; i < 15000; i++)
    g_string_append (down_up, "s/");
  for (int i = 0; i < 15000; i++)
    g_string_append (down_up, "../");
  g_string_append (down_up, "y");
  /* Through standard input this time. */
  g_string_append_c (down_up, '\n');
  run_tool (&run2, down_up->str, down_up->len, "resolve", "http://a/b/c", NULL);
  g_assert_cmpint (run2.status, ==, 0);
  g_assert_cmpstr (run2.out, ==, "http://a/b/y\n");
}

/* The peak RSS of the largest child reaped so far, in KiB. */
static long
children_max_rss (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &usage), ==, 0);
  return usage.ru_maxrss;
}

static char *
many_lines (guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, i % 5 == 0 ? "http://ab.\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.example/%u\n"
                                          : "https://www.example.com/items/%u?page=2\n", i);
  return g_string_free (s, FALSE);
}

/* Memory does not grow with the number of lines (DESIGN.md §9): ten
 * times the lines may not take more than a few MiB more. */
static void
test_memory_bounded (void)
{
  g_autofree char *small = many_lines (10000);
  g_autofree char *large = many_lines (100000);
  g_auto(Run) run_small = { 0, };
  g_auto(Run) run_large = { 0, };
  long small_rss, large_rss;

  if (!in_memory_test_process ())
    return;

  g_assert_cmpint (children_max_rss (), ==, 0);
  run_tool (&run_small, small, -1, "check", "--json", "--jobs", "2", NULL);
  g_assert_cmpint (run_small.status, ==, 0);
  small_rss = children_max_rss ();
  run_tool (&run_large, large, -1, "check", "--json", "--jobs", "2", NULL);
  g_assert_cmpint (run_large.status, ==, 0);
  large_rss = children_max_rss ();
  g_printerr ("# peak RSS of iri check: %ld KiB for 10^4 lines, %ld KiB for 10^5\n", small_rss, large_rss);
  g_assert_cmpint (large_rss - small_rss, <, 8 * 1024);
}

/* Lines of unique long hosts (each within the line limit, far beyond
 * any name IDNA can convert): what the tool keeps of one line's host
 * for the next (its IDNA results) must not grow with them, or 4 096
 * such lines would take gigabytes.  The lines go through a file: a
 * child's peak RSS counts the pages of this process until it calls
 * exec(), and the input would be most of them. */
static long
to_uri_long_hosts_rss (guint n)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_auto(Run) run = { 0, };
  int fd;

  {
    g_autoptr(GString) s = g_string_new (NULL);

    for (guint i = 0; i < n; i++)
      {
        g_string_append (s, "http://");
        for (guint k = 0; k < 8000; k++)
          g_string_append (s, "\xD0\xB0");   /* а, U+0430 */
        g_string_append_printf (s, "%u.\xD1\x80\xD1\x84/\n", i);
      }
    fd = g_file_open_tmp ("iri-long-hosts-XXXXXX", &path, &error);
    g_assert_no_error (error);
    close (fd);
    g_file_set_contents (path, s->str, s->len, &error);
    g_assert_no_error (error);
  }

  run_with_input (&run, (const char *[]) { "sh", "-c", "exec env -u MALLOC_PERTURB_ \"$0\" to-uri --host=idna2008 < \"$1\"",
                                           tool_path (), path, NULL },
                  NULL, 0);
  g_unlink (path);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "to ASCII with IDNA2008"));
  return children_max_rss ();
}

static void
test_memory_long_hosts (void)
{
  long small_rss, large_rss;

  if (!in_memory_test_process ())
    return;

  small_rss = to_uri_long_hosts_rss (100);
  large_rss = to_uri_long_hosts_rss (2000);
  g_printerr ("# peak RSS of iri to-uri: %ld KiB for 100 lines of 16 KiB hosts, %ld KiB for 2 000\n",
              small_rss, large_rss);
  g_assert_cmpint (large_rss - small_rss, <, 8 * 1024);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri-tool/robustness/invalid-utf8-everywhere", test_invalid_utf8_everywhere);
  g_test_add_func ("/iri-tool/robustness/nul-everywhere", test_nul_everywhere);
  g_test_add_func ("/iri-tool/robustness/whitespace-lines", test_whitespace_lines);
  g_test_add_func ("/iri-tool/robustness/long-lines", test_long_lines);
  g_test_add_func ("/iri-tool/robustness/huge-ports", test_huge_ports);
  g_test_add_func ("/iri-tool/robustness/deep-dot-segments", test_deep_dot_segments);
  g_test_add_func ("/iri-tool/robustness/memory-bounded", test_memory_bounded);
  g_test_add_func ("/iri-tool/robustness/memory-long-lines", test_memory_long_lines);
  g_test_add_func ("/iri-tool/robustness/memory-long-hosts", test_memory_long_hosts);

  return g_test_run ();
}
