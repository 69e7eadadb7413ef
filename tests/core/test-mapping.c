/* test-mapping.c: IRI → URI (3987bis §3.3–§3.6), URI → IRI (§3.7) and
 * host names through IDNA (§3.4.2, UTS #46 IdnaTestV2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
/* See iri-idna.c: idn2.h has its own G_GNUC_DEPRECATED. */
#include <idn2.h>
#undef G_GNUC_DEPRECATED

#include "iri.h"
#include "iri-char-private.h"
#include "iri-idna-private.h"
#include "iri-ucd-private.h"
#include "iri-test-util.h"

/* The libidn2 reasons that messages must carry, in libidn2's words. */
#define REASON_DISALLOWED  idn2_strerror (IDN2_DISALLOWED)
#define REASON_PUNYCODE    idn2_strerror (IDN2_PUNYCODE_BAD_INPUT)
#define REASON_BIDI        idn2_strerror (IDN2_BIDI)

static void
assert_all_uri_chars (const char *uri)
{
  for (const guchar *p = (const guchar *) uri; *p != '\0'; p++)
    {
      if (*p >= 0x80 || !iri_ascii_is (*p, IRI_ASCII_URI))
        g_error ("“%s” has a byte that a URI cannot contain: 0x%02X", uri, *p);
    }
}

/* IRI → URI: the worked examples of RFC 3987bis §3 and PRIOR-ART U-4…U-9 */

typedef struct {
  const char     *name;
  const char     *iri;
  IriHostMapping  mapping;
  const char     *uri;
} ToUriCase;

static const ToUriCase to_uri_cases[] = {
  /* §3.4.1, §3.4.2 (U-4) */
  { "resume-percent", "http://r\xC3\xA9sum\xC3\xA9.example.org", IRI_HOST_MAPPING_PERCENT,
    "http://r%C3%A9sum%C3%A9.example.org" },
  { "resume-idna2008", "http://r\xC3\xA9sum\xC3\xA9.example.org", IRI_HOST_MAPPING_IDNA2008,
    "http://xn--rsum-bpad.example.org" },
  { "resume-uts46", "http://r\xC3\xA9sum\xC3\xA9.example.org", IRI_HOST_MAPPING_UTS46,
    "http://xn--rsum-bpad.example.org" },
  { "resume-uts46-transitional", "http://r\xC3\xA9sum\xC3\xA9.example.org",
    IRI_HOST_MAPPING_UTS46_TRANSITIONAL, "http://xn--rsum-bpad.example.org" },
  /* §3.4.3: a domain name inside the query is only percent-encoded. */
  { "idn-in-query", "http://validator.w3.org/check?uri=http%3A%2F%2Fr\xC3\xA9sum\xC3\xA9.example.org",
    IRI_HOST_MAPPING_UTS46,
    "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org" },
  /* §3.4.3 second note (U-5) */
  { "red-rose", "http://www.example.org/red%09ros\xC3\xA9#red", IRI_HOST_MAPPING_PERCENT,
    "http://www.example.org/red%09ros%C3%A9#red" },
  /* Non-BMP Old Italic (U-6) */
  { "old-italic", "http://example.com/\xF0\x90\x8C\x80\xF0\x90\x8C\x81\xF0\x90\x8C\x82",
    IRI_HOST_MAPPING_PERCENT, "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82" },
  /* U-8 */
  { "query-alpha", "http://example.com/?alpha=\xCE\xB1", IRI_HOST_MAPPING_PERCENT,
    "http://example.com/?alpha=%CE%B1" },
  /* U-9: the ASCII that a URI does not allow is encoded… */
  { "unwise-bar", "http://example.org/fo|o", IRI_HOST_MAPPING_PERCENT, "http://example.org/fo%7Co" },
  { "space", "file:///Program Files", IRI_HOST_MAPPING_PERCENT, "file:///Program%20Files" },
  { "double-space", "file:///Program  Files", IRI_HOST_MAPPING_PERCENT, "file:///Program%20%20Files" },
  { "all-unwise", "http://e/ <>\"{}|\\^`", IRI_HOST_MAPPING_PERCENT,
    "http://e/%20%3C%3E%22%7B%7D%7C%5C%5E%60" },
  /* …but "#", "%", "[", "]" never are. */
  { "never-converted", "http://[::1]/a%zz%#b#c[]%", IRI_HOST_MAPPING_PERCENT,
    "http://[::1]/a%zz%#b#c[]%" },
  { "controls", "http://e/\x01\x1F\x7F", IRI_HOST_MAPPING_PERCENT, "http://e/%01%1F%7F" },
  { "c1-control", "http://e/\xC2\x85", IRI_HOST_MAPPING_PERCENT, "http://e/%C2%85" },
  { "bidi-control", "http://e/a\xE2\x80\xAE" "b", IRI_HOST_MAPPING_PERCENT, "http://e/a%E2%80%AEb" },
  /* Existing %hh keep their case; nothing else changes case. */
  { "keeps-case", "HTTP://Example.COM/%c3%a9\xC3\x89", IRI_HOST_MAPPING_UTS46,
    "HTTP://Example.COM/%c3%a9%C3%89" },
  { "userinfo", "http://j\xC3\xBCrgen@example.org/", IRI_HOST_MAPPING_UTS46,
    "http://j%C3%BCrgen@example.org/" },
  { "ipv6-idna", "http://[::1]/\xC3\xA9", IRI_HOST_MAPPING_UTS46, "http://[::1]/%C3%A9" },
  { "relative", "r\xC3\xA9sum\xC3\xA9.html", IRI_HOST_MAPPING_UTS46, "r%C3%A9sum%C3%A9.html" },
  { "empty", "", IRI_HOST_MAPPING_UTS46, "" },
  /* A host percent-encoded as UTF-8 goes through IDNA like a literal one;
   * octets that are not UTF-8 have no IDNA form and stay. */
  { "pct-host-idna", "http://r%C3%A9sum%C3%A9.example.org/", IRI_HOST_MAPPING_IDNA2008,
    "http://xn--rsum-bpad.example.org/" },
  { "latin1-host-idna", "http://r%E9sum%E9.example.org/", IRI_HOST_MAPPING_UTS46,
    "http://r%E9sum%E9.example.org/" },
  { "ascii-host-idna", "http://xn--99zt52a.Example.org/\xC3\xA9", IRI_HOST_MAPPING_UTS46,
    "http://xn--99zt52a.Example.org/%C3%A9" },
  { "port-and-path", "http://\xE7\xB4\x8D\xE8\xB1\x86.example:8080/\xE7\xB4\x8D?\xE8\xB1\x86#\xE8\xB1\x86",
    IRI_HOST_MAPPING_UTS46,
    "http://xn--99zt52a.example:8080/%E7%B4%8D?%E8%B1%86#%E8%B1%86" },
  { "trailing-dot", "http://r\xC3\xA9sum\xC3\xA9.example.org./", IRI_HOST_MAPPING_UTS46,
    "http://xn--rsum-bpad.example.org./" },
  { "private-use-query", "http://e/?\xEE\x80\x80", IRI_HOST_MAPPING_PERCENT, "http://e/?%EE%80%80" },
  /* Not a valid IRI, but the mapping is defined for any text (§3.3). */
  { "invalid-iri", "http://exa mple/\xEF\xBF\xBE\xE2\x80\x8E", IRI_HOST_MAPPING_PERCENT,
    "http://exa%20mple/%EF%BF%BE%E2%80%8E" },
};

static void
test_to_uri_case (gconstpointer data)
{
  const ToUriCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = iri_to_uri (c->iri, -1, c->mapping, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (uri, ==, c->uri);
  assert_all_uri_chars (uri);

  /* §3.3: idempotent. */
  again = iri_to_uri (uri, -1, c->mapping, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, uri);
}

/* The same through a parsed reference, strict and tolerant. */
static void
test_reference_to_uri (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) strict = NULL;
  g_autoptr(IriReference) tolerant = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;

  strict = iri_reference_parse ("http://r\xC3\xA9sum\xC3\xA9.example.org/D\xC3\xBCrst", -1, 0, &error);
  g_assert_no_error (error);
  a = iri_reference_to_uri (strict, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a, ==, "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst");
  b = iri_reference_to_uri (strict, IRI_HOST_MAPPING_UTS46, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (b, ==, "http://xn--rsum-bpad.example.org/D%C3%BCrst");

  /* A tolerant reference of bytes that are not UTF-8 holds U+FFFD. */
  tolerant = iri_reference_parse_tolerant ("http://e/a\xFF" "b", -1, 0);
  c = iri_reference_to_uri (tolerant, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (c, ==, "http://e/a%EF%BF%BDb");
}

/* RFC 3987 examples: iri-to-uri.tsv, uri-to-iri.tsv */

static void
test_to_uri_rfc3987 (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv ("rfc3987-examples/iri-to-uri.tsv", FALSE, &header);
  guint col_iri = iri_test_column (header, "iri");
  guint col_escaped = iri_test_column (header, "iri_escaped");
  guint col_uri = iri_test_column (header, "uri");
  guint col_note = iri_test_column (header, "note");
  guint passed = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      g_autofree char *unescaped = iri_test_unescape (row->fields[col_escaped]);
      /* The note says which host mapping the row shows. */
      gboolean idna = strstr (row->fields[col_note], "converted with IDNA ToASCII") != NULL;
      IriHostMapping mappings[] = { IRI_HOST_MAPPING_IDNA2008, IRI_HOST_MAPPING_UTS46,
                                    IRI_HOST_MAPPING_UTS46_TRANSITIONAL };

      g_assert_cmpstr (unescaped, ==, row->fields[col_iri]);

      for (guint m = 0; m < (idna ? G_N_ELEMENTS (mappings) : 1); m++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *uri = iri_to_uri (row->fields[col_iri], -1,
                                             idna ? mappings[m] : IRI_HOST_MAPPING_PERCENT,
                                             &error);

          g_assert_no_error (error);
          if (g_strcmp0 (uri, row->fields[col_uri]) != 0)
            g_error ("iri-to-uri.tsv line %u: “%s” gives “%s”, expected “%s”",
                     row->line, row->fields[col_iri], uri, row->fields[col_uri]);
        }
      passed++;
    }

  g_test_message ("rfc3987-examples/iri-to-uri.tsv: %u/%u rows pass", passed, rows->len);
  g_assert_cmpuint (passed, ==, 6);
}

static void
test_to_iri_rfc3987 (void)
{
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv ("rfc3987-examples/uri-to-iri.tsv", FALSE, &header);
  guint col_uri = iri_test_column (header, "uri");
  guint col_iri = iri_test_column (header, "iri");
  guint col_escaped = iri_test_column (header, "iri_escaped");
  guint col_note = iri_test_column (header, "note");
  guint passed = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      IriTestRow *row = g_ptr_array_index (rows, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *unescaped = iri_test_unescape (row->fields[col_escaped]);
      /* The note says when the punycode label is not converted (step 6
       * is a SHOULD for schemes known to use DNS). */
      IriToIriFlags flags = strstr (row->fields[col_note], "punycode label not converted") != NULL
                            ? IRI_TO_IRI_KEEP_PUNYCODE : IRI_TO_IRI_DEFAULT;
      g_autofree char *iri = iri_uri_to_iri (row->fields[col_uri], -1, flags, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (unescaped, ==, row->fields[col_iri]);
      if (g_strcmp0 (iri, row->fields[col_iri]) != 0)
        g_error ("uri-to-iri.tsv line %u: “%s” gives “%s”, expected “%s”",
                 row->line, row->fields[col_uri], iri, row->fields[col_iri]);
      passed++;
    }

  g_test_message ("rfc3987-examples/uri-to-iri.tsv: %u/%u rows pass", passed, rows->len);
  g_assert_cmpuint (passed, ==, 5);
}

/* Host mappings side by side (§3.4.2; PRIOR-ART I-5, I-6, U-7) */

typedef struct {
  const char *name;
  const char *host;
  const char *results[4];   /* per IriHostMapping; NULL: IDNA error */
  const char *reason;       /* in the error message, when a result is NULL */
} HostCase;

static const HostCase host_cases[] = {
  /* I-5: the deviation character ß */
  { "fuss", "fu\xC3\x9F.de",
    { "fu%C3%9F.de", "xn--fu-hia.de", "xn--fu-hia.de", "fuss.de" }, NULL },
  /* I-6.  The pair in GLib's documentation, "xn--4wa8awb4637h.org", is
   * the Punycode of the capital Π without case mapping; UTS #46 maps it
   * to π first.  IDNA2008 has no mapping, and a capital is DISALLOWED. */
  { "pan", "\xCE\xA0\xCE\xB1\xCE\xBD\xE8\xAA\x9E.org",
    { "%CE%A0%CE%B1%CE%BD%E8%AA%9E.org", NULL, "xn--mxayh0229k.org", "xn--mxayh0229k.org" },
    NULL },
  { "obb", "\xC3\xB6" "bb.at", { "%C3%B6bb.at", "xn--bb-eka.at", "xn--bb-eka.at", "xn--bb-eka.at" }, NULL },
  { "raksmorgas", "r\xC3\xA4ksm\xC3\xB6rg\xC3\xA5s.se",
    { "r%C3%A4ksm%C3%B6rg%C3%A5s.se", "xn--rksmrgs-5wao1o.se", "xn--rksmrgs-5wao1o.se",
      "xn--rksmrgs-5wao1o.se" }, NULL },
  /* UTS #46 maps case; the ASCII labels are lower-cased with the rest. */
  { "case", "R\xC3\xA9sum\xC3\xA9.Example.ORG",
    { "R%C3%A9sum%C3%A9.Example.ORG", NULL, "xn--rsum-bpad.example.org", "xn--rsum-bpad.example.org" },
    NULL },
  /* I-10: NFKC mapping of U+1D7D6 MATHEMATICAL BOLD DIGIT EIGHT */
  { "super8", "super\xF0\x9D\x9F\x96.example",
    { "super%F0%9D%9F%96.example", NULL, "super8.example", "super8.example" }, NULL },
  /* I-11: U+3002 IDEOGRAPHIC FULL STOP separates labels after mapping. */
  { "ideographic-dot", "\xE7\xB4\x8D\xE8\xB1\x86\xE3\x80\x82" "example",
    { "%E7%B4%8D%E8%B1%86%E3%80%82example", NULL, "xn--99zt52a.example", "xn--99zt52a.example" },
    NULL },
  /* U-7: U+2011 NON-BREAKING HYPHEN maps to U+2010, which UTS #46 marks
   * NV8 (valid, but not in IDNA2008).  libidn2 2.3.3 applies the
   * IDNA2008 rules after non-transitional mapping but not after
   * transitional mapping, so only the latter gives ada's result. */
  { "7-eleven", "www.7\xE2\x80\x91" "Eleven.com",
    { "www.7%E2%80%91Eleven.com", NULL, NULL, "www.xn--7eleven-506c.com" }, NULL },
  /* I-7: the same for emoji. */
  { "emoji", "\xE2\x98\xBA.com", { "%E2%98%BA.com", NULL, NULL, "xn--74h.com" }, NULL },
};

static void
test_host_case (gconstpointer data)
{
  const HostCase *c = data;

  for (IriHostMapping m = IRI_HOST_MAPPING_PERCENT; m <= IRI_HOST_MAPPING_UTS46_TRANSITIONAL; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *host = iri_host_to_ascii (c->host, -1, m, &error);
      g_autofree char *iri = g_strconcat ("http://", c->host, "/p", NULL);
      g_autofree char *uri = iri_to_uri (iri, -1, m, NULL);

      if (c->results[m] == NULL)
        {
          g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
          g_assert_null (host);
          g_assert_null (uri);
          /* The message quotes the host and gives libidn2's reason. */
          g_assert_nonnull (strstr (error->message, c->host));
          g_assert_nonnull (strstr (error->message, REASON_DISALLOWED));
        }
      else
        {
          g_autofree char *expected_uri = g_strconcat ("http://", c->results[m], "/p", NULL);

          g_assert_no_error (error);
          g_assert_cmpstr (host, ==, c->results[m]);
          g_assert_cmpstr (uri, ==, expected_uri);
        }
    }
}

/* IDNA failures keep libidn2's reason (PRIOR-ART I-1, I-7, I-8, F-5). */

typedef struct {
  const char     *host;
  IriHostMapping  mapping;
  const char     *reason;      /* NULL: must succeed */
  const char     *label;       /* the label the message names, or NULL */
} IdnaFailCase;

static const IdnaFailCase idna_fail_cases[] = {
  { "www.xn--74h.com", IRI_HOST_MAPPING_IDNA2008, "disallowed", "xn--74h" },
  { "www.xn--74h.com", IRI_HOST_MAPPING_UTS46, "disallowed", "xn--74h" },
  /* libidn2's transitional processing skips the IDNA2008 DISALLOWED test. */
  { "www.xn--74h.com", IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL, NULL },
  { "\xE2\x98\xBA.com", IRI_HOST_MAPPING_IDNA2008, "disallowed", "\xE2\x98\xBA" },
  { "xn--example-.com", IRI_HOST_MAPPING_IDNA2008, "punycode", "xn--example-" },
  { "xn--example-.com", IRI_HOST_MAPPING_UTS46, "punycode", "xn--example-" },
  { "xn--krank-kg706554a", IRI_HOST_MAPPING_UTS46, "punycode", NULL },
  { "xn--ab-g4t", IRI_HOST_MAPPING_IDNA2008, "disallowed", NULL },
  /* An A-label is decoded and checked before libidn2 sees the name, so
   * the message names what it decodes to. */
  { "xn--ab-g4t", IRI_HOST_MAPPING_UTS46, "U+202E RIGHT-TO-LEFT OVERRIDE", "xn--ab-g4t" },
  { "xn--ab-g4t", IRI_HOST_MAPPING_UTS46_TRANSITIONAL, "U+202E RIGHT-TO-LEFT OVERRIDE", "xn--ab-g4t" },
  { "xn--8hbae.eg", IRI_HOST_MAPPING_IDNA2008, "bidi", "xn--8hbae" },
  { "xn--8hbae.eg", IRI_HOST_MAPPING_UTS46, "bidi", "xn--8hbae" },
  /* libidn2 2.3.3 does not apply the Bidi Rule in transitional mode. */
  { "xn--8hbae.eg", IRI_HOST_MAPPING_UTS46_TRANSITIONAL, NULL, NULL },
  { "\xD9\xA2\xD9\xA0\xD9\xA0.eg", IRI_HOST_MAPPING_UTS46, "bidi", NULL },
  /* What the host cannot hold, before or after mapping. */
  { "a%2Fb.r\xC3\xA9sum\xC3\xA9", IRI_HOST_MAPPING_UTS46, "U+002F SOLIDUS", NULL },
  { "a\xEF\xBC\x8F" "b.com", IRI_HOST_MAPPING_UTS46, "U+002F SOLIDUS", NULL },
  /* A reg-name may hold "*" literally, but "%2A" is a different host
   * (RFC 3986 §2.2): decoding it for IDNA would change the URI (found
   * by fuzz-to-iri). */
  { "F0%2a.ttp.\xE1\x96\xB4\xE1\x95\xAB", IRI_HOST_MAPPING_IDNA2008, "U+002A ASTERISK", NULL },
  { "a%21b.r\xC3\xA9sum\xC3\xA9", IRI_HOST_MAPPING_UTS46, "U+0021 EXCLAMATION MARK", NULL },
  { "r%E9sum%E9.example", IRI_HOST_MAPPING_UTS46, "not UTF-8", NULL },
};

static const char *
reason_text (const char *key)
{
  if (g_str_equal (key, "disallowed"))
    return REASON_DISALLOWED;
  if (g_str_equal (key, "punycode"))
    return REASON_PUNYCODE;
  if (g_str_equal (key, "bidi"))
    return REASON_BIDI;
  if (g_str_equal (key, "nontransitional"))
    return idn2_strerror (IDN2_INVALID_NONTRANSITIONAL);
  return key;
}

/* iri_idna_to_ascii() looks a name that UTS #46 leaves as it is up with
 * IDNA2008 alone (uts46_keeps_name() in iri-idna.c).  That holds only if
 * every character that the vendored table says UTS #46 keeps is one that
 * the libidn2 in use keeps too, whenever its IDNA2008 lookup accepts it.
 * Each such character is looked up in contexts that make a valid label
 * of most characters (after a letter of its script, for a combining
 * mark or a joiner; between two for the CONTEXTJ and CONTEXTO rules):
 * where the IDNA2008 lookup accepts it, UTS #46 must give the same
 * A-label.  A character accepted in none of them must be one that
 * IDNA2008 refuses wherever it stands (DISALLOWED, UNASSIGNED, CONTEXTO
 * without a rule), so that no name with it takes the shortcut. */
static void
test_idna_uts46_kept_libidn2 (void)
{
  static const gunichar bases[] = {
    0, 'a', 0x05D0, 0x0628, 0x0915, 0x03B1, 0x30A2, 0x4E00, 0x0E01, 0x10D0,
    0x1100, 0x0B95, 0x0C15, 0x0D15, 0x0995, 0x0A15, 0x0A95, 0x0B15, 0x0C95,
    0x1780, 0x1000, 0x0F40, 0x0710, 0x0780, 0x07CA, 0x0800, 0x1B05, 0x1703,
    0x0E81, 0xA840, 0x11013,
  };
  guint n_kept = 0, n_compared = 0;

  g_test_summary ("UTS #46 keeps, under the libidn2 in use, every character "
                  "that the vendored IdnaMappingTable.txt says it keeps");

  for (gunichar c = 0x80; c <= 0x10FFFF; c++)
    {
      gboolean compared = FALSE;
      gboolean refused = FALSE;

      if (!iri_ucd_is_uts46_kept (c))
        continue;
      n_kept++;

      for (gsize k = 0; k < G_N_ELEMENTS (bases) && !compared; k++)
        {
          for (guint shape = 0; shape < 3 && !compared; shape++)
            {
              char label[32];
              gsize n = 0;
              uint8_t *idna2008 = NULL;
              uint8_t *uts46 = NULL;
              int rc;

              if (bases[k] == 0 && shape > 0)
                break;
              /* Base, then a virama for a joiner (RFC 5892 A.1, A.2). */
              if (bases[k] != 0)
                n += g_unichar_to_utf8 (bases[k], label + n);
              if (shape == 2)
                n += g_unichar_to_utf8 (0x094D, label + n);
              n += g_unichar_to_utf8 (c, label + n);
              if (shape >= 1)
                n += g_unichar_to_utf8 (bases[k], label + n);
              label[n] = '\0';

              rc = idn2_lookup_u8 ((const uint8_t *) label, &idna2008, IDN2_NO_TR46);
              if (rc == IDN2_OK)
                {
                  int rc_uts46 = idn2_lookup_u8 ((const uint8_t *) label, &uts46, IDN2_NONTRANSITIONAL);

                  if (rc_uts46 != IDN2_OK || g_strcmp0 ((char *) idna2008, (char *) uts46) != 0)
                    g_error ("U+%04X in “%s”: IDNA2008 gives %s, UTS #46 %s (%s)", c, label,
                             idna2008, uts46 != NULL ? (char *) uts46 : "nothing",
                             idn2_strerror_name (rc_uts46));
                  compared = TRUE;
                }
              else if (rc == IDN2_DISALLOWED || rc == IDN2_UNASSIGNED || rc == IDN2_CONTEXTO_NO_RULE)
                {
                  /* Refused for itself, if the base is accepted alone. */
                  g_autofree char *base = g_ucs4_to_utf8 (&bases[k], bases[k] != 0 ? 1 : 0, NULL, NULL, NULL);
                  uint8_t *alone = NULL;

                  refused |= bases[k] == 0 ||
                             idn2_lookup_u8 ((const uint8_t *) base, &alone, IDN2_NO_TR46) == IDN2_OK;
                  idn2_free (alone);
                }
              idn2_free (idna2008);
              idn2_free (uts46);
            }
        }

      if (compared)
        n_compared++;
      else if (!refused)
        g_error ("U+%04X: IDNA2008 accepts it in none of the test's contexts but does not refuse it outright; "
                 "add a context in which it can be compared", c);
    }

  g_test_message ("%u characters kept by UTS #46, %u compared with libidn2", n_kept, n_compared);
  /* The table is read at all: the scripts of the contexts above. */
  g_assert_cmpuint (n_compared, >, 100000);
}

/* The shortcut against the full processing, name by name: the deviation
 * characters, upper case, compatibility characters, the dots that UTS #46
 * maps, A-labels, names that IDNA2008 refuses, and a name of more than
 * 255 octets whose ASCII form is short enough. */
static void
test_idna_uts46_kept_names (void)
{
  static const char * const hosts[] = {
    "bücher.de", "faß.de", "FASS.DE", "Faß.de", "ὀδυσσεύς.gr", "σς.gr", "ς.gr",
    "ΌΔΥΣΣΕΎΣ.gr", "क्\u200Dष.com", "क्\u200Cष.com", "a\u200Db.com", "a\u200Cb.com",
    "ب\u200Cا.com", "\u200C.com", "\u200D", "example\u3002com", "example\uFF0Ecom",
    "ｅｘａｍｐｌｅ.com", "①.com", "\uFB01.com", "ẞ.com", "ǅ.com", "İ.com", "ı.com",
    "é.com", "e\u0301.com", "\u0308a.com", "a\u0338.com", "مثال.إختبار", "مثال.إختبار.",
    "1مثال.com", "مثال1.com", "123.مثال", "abc.مثال", "ab_c.ü.com", "ü_x.com",
    "☕.com", "٠١٢.com", "ب٠١٢.com", "ب٠۰.com", "l·l.cat", "a·b.cat", "α͵β.com",
    "͵α.com", "ア・カ.jp", "a・b.jp", "xn--bcher-kva.de", "XN--BCHER-KVA.de",
    "xn--bcher-kva.ü", "xn--zca.com", "xn--abc-.com", "ü..de", "ü.", "-ü.de", "ü-.de",
    "ab--ü.de", "ü.ü.ü.ü", "\u1E9E", "\u05D0\u05B7\u05B0.com", "\u05D0\u05B0\u05B7.com",
    "ＡＢＣ.ü", "a\u00ADb.ü", "x\u2060y.com", "a\u202Eb.com",
    "例例例例例例例例例例例例例例例例例例例.例例例例例例例例例例例例例例例例例例例."
    "例例例例例例例例例例例例例例例例例例例.例例例例例例例例例例例例例例例例例例例."
    "例例例例例例例例例例例例例例例例例例例",
    "üüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüüü.com",
    "b%C3%BCcher.de", "%C3%9F.de",
  };
  static const IriHostMapping mappings[] = {
    IRI_HOST_MAPPING_UTS46, IRI_HOST_MAPPING_IDNA2008, IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (hosts); i++)
    {
      for (gsize m = 0; m < G_N_ELEMENTS (mappings); m++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) full_error = NULL;
          g_autofree char *ascii = iri_idna_to_ascii (hosts[i], strlen (hosts[i]), mappings[m], &error);
          g_autofree char *full = iri_idna_to_ascii_full (hosts[i], strlen (hosts[i]), mappings[m], &full_error);

          g_test_message ("%s (%d): %s", hosts[i], mappings[m], full != NULL ? full : full_error->message);
          g_assert_cmpstr (ascii, ==, full);
          g_assert_true ((error == NULL) == (full_error == NULL));
          if (error != NULL)
            {
              g_assert_error (error, full_error->domain, full_error->code);
              g_assert_cmpstr (error->message, ==, full_error->message);
            }
        }
    }
}

static void
test_idna_failures (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (idna_fail_cases); i++)
    {
      const IdnaFailCase *c = &idna_fail_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *ascii = iri_host_to_ascii (c->host, -1, c->mapping, &error);
      g_autofree char *percent = NULL;

      if (c->reason == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (ascii);
          continue;
        }

      g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
      g_assert_null (ascii);
      g_test_message ("%s: %s", c->host, error->message);
      g_assert_nonnull (strstr (error->message, reason_text (c->reason)));
      if (c->label != NULL)
        {
          g_autofree char *quoted = g_strdup_printf ("“%s”", c->label);

          g_assert_nonnull (strstr (error->message, quoted));
        }

      /* Never a silent substitution; the percent form still works. */
      percent = iri_host_to_ascii (c->host, -1, IRI_HOST_MAPPING_PERCENT, NULL);
      g_assert_nonnull (percent);
    }
}

/* Through iri_to_uri() the whole conversion fails (§3.4.2), and the
 * message quotes the host. */
static void
test_to_uri_idna_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = iri_to_uri ("http://\xE2\x98\xBA.com/a", -1, IRI_HOST_MAPPING_IDNA2008, &error);
  g_autofree char *percent = NULL;

  g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
  g_assert_null (uri);
  g_assert_nonnull (strstr (error->message, "“\xE2\x98\xBA.com”"));
  g_assert_nonnull (strstr (error->message, "IDNA2008"));
  g_assert_nonnull (strstr (error->message, REASON_DISALLOWED));
  g_clear_error (&error);

  percent = iri_to_uri ("http://\xE2\x98\xBA.com/a", -1, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (percent, ==, "http://%E2%98%BA.com/a");
}

/* ASCII hosts follow the same DNS and IDNA rules as converted ones
 * (RFC 1034 §3.1, RFC 1123 §2.1, RFC 5890 §2.3, RFC 5891 §4.2.3.1,
 * §5.4): with an IDNA mapping the conversion fails, as idn2(1) does; the
 * percent mapping keeps them. */

typedef struct {
  const char *iri;
  /* What the message says, per IDNA mapping (IDNA2008, UTS #46, UTS #46
   * transitional): NULL when the IRI converts to itself. */
  const char *reasons[3];
} AsciiHostCase;

static const AsciiHostCase ascii_host_cases[] = {
  /* Ordinary hosts pass unchanged (no lower-casing either). */
  { "http://example.com/", { NULL, NULL, NULL } },
  { "http://Example.COM/a", { NULL, NULL, NULL } },
  { "http://a-b.example/", { NULL, NULL, NULL } },
  { "http://xn--bcher-kva.example/", { NULL, NULL, NULL } },
  { "http://XN--BCHER-KVA.example/", { NULL, NULL, NULL } },
  { "http://localhost/", { NULL, NULL, NULL } },
  { "http://192.0.2.1/", { NULL, NULL, NULL } },
  { "http://[2001:db8::1]/", { NULL, NULL, NULL } },
  { "http://_dmarc.example.com/", { NULL, NULL, NULL } },
  { "file://my_host/x", { NULL, NULL, NULL } },
  { "http://example.com./", { NULL, NULL, NULL } },
  { "http://@A63@.example/", { NULL, NULL, NULL } },
  { "http://@A253@/", { NULL, NULL, NULL } },
  { "mailto:a@-b.example", { NULL, NULL, NULL } },       /* no host */
  { "http:/-a/b", { NULL, NULL, NULL } },                /* no authority */
  { "http://[::1]:80/-a-", { NULL, NULL, NULL } },
  /* The host is found as the parser finds it: after the last "@",
   * before the port. */
  { "http://user@foo-:8080/", { "label “foo-”", "label “foo-”", "label “foo-”" } },
  { "http://a@b@-c/", { "label “-c”", "label “-c”", "label “-c”" } },
  { "//x-/rel", { "label “x-”", "label “x-”", "label “x-”" } },
  { "http://ok.example?q=-a-#-b-", { NULL, NULL, NULL } },
  /* UTS #46 §4 step 4 checks a decoded label with the nontransitional
   * rules: faß stays valid under transitional processing too. */
  { "http://xn--fa-hia.de/", { NULL, NULL, NULL } },
  /* Malformed A-labels: not Punycode, disallowed, U-label with a hyphen
   * at an edge. libidn2's transitional processing takes the symbols
   * IDNA2003 took, so "xn--ls8h" passes there, as with idn2 --tr46t. */
  { "http://xn----/", { "not valid Punycode", "not valid Punycode", "not valid Punycode" } },
  { "http://xn--a/", { "U+0080", "U+0080", "U+0080" } },
  { "http://xn--ls8h/", { "disallowed", "disallowed", NULL } },
  { "http://xn----zfa.de/", { "ends with U+002D", "forbidden hyphen", "forbidden hyphen" } },
  /* Hyphens. */
  { "http://foo.example.org-/", { "label “org-”: it ends with U+002D HYPHEN-MINUS",
                                  "label “org-”: it ends with U+002D HYPHEN-MINUS",
                                  "label “org-”: it ends with U+002D HYPHEN-MINUS" } },
  { "foo://-x/", { "begins with U+002D", "begins with U+002D", "begins with U+002D" } },
  { "http://ab--cd.example/", { "label “ab--cd”", "label “ab--cd”", "label “ab--cd”" } },
  { "http://foo%2D.example/", { "ends with U+002D", "ends with U+002D", "ends with U+002D" } },
  /* Lengths. */
  { "http://a..b/", { "empty label", "empty label", "empty label" } },
  { "http://@A64@.example/", { "64 octets", "64 octets", "64 octets" } },
  { "http://@A254@/", { "254 octets", "254 octets", "254 octets" } },
  /* The same rules for the ASCII labels of a host that is converted,
   * and for the hyphens of its U-labels. */
  { "http://b\xC3\xBC" "cher.example-/", { "label “example-”", "label “example-”", "label “example-”" } },
  { "http://\xC3\xA4-.de/", { "label “\xC3\xA4-”", "label “\xC3\xA4-”", "label “\xC3\xA4-”" } },
  { "http://b\xC3\xBC" "cher.xn--a/", { "U+0080", "U+0080", "U+0080" } },
  /* The A-label form is measured: four labels of 58 octets and one of
   * 18 make 254 octets (libidn2 says so itself, in its words), one of
   * 17 make 253, also with a trailing dot. */
  { "http://@U4@.abcdefghijklmnopqr/", { "longer than", "longer than", "longer than" } },
  { "http://@U4@.abcdefghijklmnopq/", { NULL, NULL, NULL } },
  { "http://@U4@.abcdefghijklmnopq./", { NULL, NULL, NULL } },
  { "http://@A253@./", { NULL, NULL, NULL } },
};

static char *
expand_host (const char *text)
{
  g_autoptr(GString) out = g_string_new (text);
  g_autofree char *a63 = g_strnfill (63, 'a');
  g_autofree char *a64 = g_strnfill (64, 'a');
  g_autofree char *a50 = g_strnfill (50, 'a');
  g_autoptr(GString) a253 = g_string_new (NULL);
  g_autoptr(GString) u4 = g_string_new (NULL);

  for (guint i = 0; i < 4; i++)
    g_string_append_printf (a253, "%s%s", i > 0 ? "." : "", a63);
  g_string_truncate (a253, 253);
  /* "ü" + 50 × "a" is xn--<50 a>-… , 58 octets. */
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (u4, "%s\xC3\xBC%s", i > 0 ? "." : "", a50);

  g_string_replace (out, "@A63@", a63, 0);
  g_string_replace (out, "@A64@", a64, 0);
  g_string_replace (out, "@A254@", "@A253@a", 0);
  g_string_replace (out, "@A253@", a253->str, 0);
  g_string_replace (out, "@U4@", u4->str, 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_to_uri_ascii_host_rules (void)
{
  static const IriHostMapping mappings[] = {
    IRI_HOST_MAPPING_IDNA2008, IRI_HOST_MAPPING_UTS46, IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (ascii_host_cases); i++)
    {
      const AsciiHostCase *c = &ascii_host_cases[i];
      g_autofree char *iri = expand_host (c->iri);
      g_autofree char *percent = iri_to_uri (iri, -1, IRI_HOST_MAPPING_PERCENT, NULL);
      g_autoptr(IriReference) ref = iri_reference_parse_tolerant (iri, -1, IRI_PARSE_DEFAULT);

      /* The percent mapping does not look at the host. */
      g_assert_nonnull (percent);

      for (guint m = 0; m < G_N_ELEMENTS (mappings); m++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) ref_error = NULL;
          g_autofree char *uri = iri_to_uri (iri, -1, mappings[m], &error);
          g_autofree char *from_ref = iri_reference_to_uri (ref, mappings[m], &ref_error);

          if (c->reasons[m] == NULL)
            {
              g_assert_no_error (error);
              g_assert_no_error (ref_error);
              /* An ASCII host converts to itself. */
              if (strstr (c->iri, "\xC3") == NULL && strstr (c->iri, "@U4@") == NULL)
                g_assert_cmpstr (uri, ==, iri);
              g_assert_cmpstr (from_ref, ==, uri);
              continue;
            }

          g_test_message ("%s (%d): %s", c->iri, mappings[m], error != NULL ? error->message : "(none)");
          g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
          g_assert_null (uri);
          g_assert_nonnull (strstr (error->message, c->reasons[m]));
          g_assert_nonnull (strstr (error->message, "Cannot convert the host “"));
          g_assert_error (ref_error, IRI_ERROR, IRI_ERROR_IDNA);
          g_assert_cmpstr (ref_error->message, ==, error->message);
        }
    }
}

/* UTS #46 maps some characters to ASCII, so a label outside ASCII can
 * come out as an A-label ("º" becomes "o", "ｘ" "x"); §4 step 4 wants it
 * checked as one.  Found by fuzz-to-uri: transitional processing passed
 * an invalid one through, and mapping the URI again then failed. */
typedef struct {
  const char *iri;
  /* The URI, or what the message says, per UTS #46 mapping
   * (nontransitional, transitional). */
  const char *uri_or_reason[2];
} MappedALabelCase;

static const MappedALabelCase mapped_a_label_cases[] = {
  /* Decodes to a label with U+02D9 DOT ABOVE, which UTS #46 disallows. */
  { "http://xn--llb10an--u\xC2\xBA-ll09tqp5syntax-invalid-percen1f/",
    { "disallowed", "disallowed" } },
  { "http://xn--llb10an--uo-ll09tqp5syntax-invalid-percen1f.\xC3\xA9/",
    { "disallowed", "disallowed" } },
  /* Valid A-labels made by the mapping are kept. */
  { "http://xn--fa-hi\xC2\xAA.\xC3\xA9/",
    { "http://xn--fa-hia.xn--9ca/", "http://xn--fa-hia.xn--9ca/" } },
  { "http://\xEF\xBD\x98\xEF\xBD\x8E--fa-hia.com/",
    { "http://xn--fa-hia.com/", "http://xn--fa-hia.com/" } },
  /* "xn--a" decodes to U+0080 (libidn2 itself refuses this one, in
   * words that differ between its versions). */
  { "http://\xEF\xBD\x98\xEF\xBD\x8E--a\xE3\x80\x82\xC3\xA9/",
    { "", "" } },
  /* A label encoded from one outside ASCII is not decoded again. */
  { "http://b\xC3\xBC" "cher\xEF\xBD\xA1xn--fa-hia.de/",
    { "http://xn--bcher-kva.xn--fa-hia.de/", "http://xn--bcher-kva.xn--fa-hia.de/" } },
};

static void
test_to_uri_mapped_a_labels (void)
{
  static const IriHostMapping mappings[] = {
    IRI_HOST_MAPPING_UTS46, IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (mapped_a_label_cases); i++)
    {
      const MappedALabelCase *c = &mapped_a_label_cases[i];

      for (guint m = 0; m < G_N_ELEMENTS (mappings); m++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *uri = iri_to_uri (c->iri, -1, mappings[m], &error);
          g_autofree char *again = NULL;

          g_test_message ("%s (%d): %s", c->iri, mappings[m],
                          error != NULL ? error->message : uri);
          if (!g_str_has_prefix (c->uri_or_reason[m], "http:"))
            {
              g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
              g_assert_nonnull (strstr (error->message, c->uri_or_reason[m]));
              continue;
            }
          g_assert_no_error (error);
          g_assert_cmpstr (uri, ==, c->uri_or_reason[m]);
          /* §3.3: mapping the result again changes nothing. */
          again = iri_to_uri (uri, -1, mappings[m], &error);
          g_assert_no_error (error);
          g_assert_cmpstr (again, ==, uri);
        }
    }

  /* Without UTS #46 nothing maps: the check is left out for IDNA2008
   * because libidn2 refuses a label not in NFC, such as one with
   * U+212A KELVIN SIGN (NFC: "K"). */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *uri = iri_to_uri ("http://xn--\xE2\x84\xAA-qfa.\xC3\xA9/", -1,
                                       IRI_HOST_MAPPING_IDNA2008, &error);

    g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
    g_assert_null (uri);
  }
}

/* A parsed reference maps as its text does, whichever way it is mapped:
 * a valid one takes a shorter path (only its non-ASCII octets can need
 * encoding, §2.2 against §3.3), an invalid one the general §3.3 one. */
static void
test_to_uri_reference_matches_text (void)
{
  static const char *const iris[] = {
    "http://example.org/a/b?c=d#e",
    "http://r\xC3\xA9sum\xC3\xA9.example/\xD7\x90\xD7\x91?q=\xC3\xBC&r=s#\xC3\xBC",
    "http://example.org/\xD7\x90%41%e2%82%ac/x",
    "mailto:\xC3\xBC@b\xC3\xBC" "cher.de",
    "http://[::1]:8080/\xC3\xBC\xC3\xBC\xC3\xBC" "abcdefghijklmnop\xC3\xBC",
    "//\xC3\xBC.example/x",
    "\xC3\xBC",
    "",
    "http://a/%zz/\xC3\xBC",
    "http://exa mple/\xC3\xBC",
    "http://a/<b>{c}|d\\e^f`g\"h",
    "http://a/\xC2\x85/\xEF\xBF\xBE",
    "http://a/\xE2\x80\xAE" "b",
  };
  static const IriHostMapping mappings[] = {
    IRI_HOST_MAPPING_PERCENT, IRI_HOST_MAPPING_IDNA2008, IRI_HOST_MAPPING_UTS46,
  };

  for (guint i = 0; i < G_N_ELEMENTS (iris); i++)
    {
      g_autoptr(IriReference) strict = iri_reference_parse (iris[i], -1, IRI_PARSE_DEFAULT, NULL);
      g_autoptr(IriReference) tolerant = iri_reference_parse_tolerant (iris[i], -1, IRI_PARSE_DEFAULT);

      for (guint m = 0; m < G_N_ELEMENTS (mappings); m++)
        {
          g_autofree char *uri = iri_to_uri (iris[i], -1, mappings[m], NULL);
          g_autofree char *from_tolerant = iri_reference_to_uri (tolerant, mappings[m], NULL);

          g_test_message ("%s (%d): %s", iris[i], mappings[m], uri);
          g_assert_cmpstr (from_tolerant, ==, uri);
          if (strict != NULL)
            {
              g_autofree char *from_strict = iri_reference_to_uri (strict, mappings[m], NULL);

              g_assert_cmpstr (from_strict, ==, uri);
            }
        }
    }
}

/* iri_host_to_ascii() applies the rules after mapping: U+3002 makes an
 * empty label out of "a。。b" under UTS #46. */
static void
test_host_to_ascii_rules (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *a = iri_host_to_ascii ("a\xE3\x80\x82\xE3\x80\x82" "b", -1, IRI_HOST_MAPPING_UTS46, &error);
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;

  g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
  g_assert_null (a);
  g_assert_nonnull (strstr (error->message, "empty label"));
  g_clear_error (&error);

  b = iri_host_to_ascii ("Foo-.Example", -1, IRI_HOST_MAPPING_UTS46, &error);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
  g_assert_null (b);
  g_assert_nonnull (strstr (error->message, "label “Foo-”"));
  g_clear_error (&error);

  /* A valid ASCII name is still mapped (lower-cased) by UTS #46. */
  c = iri_host_to_ascii ("Fass.DE.", -1, IRI_HOST_MAPPING_UTS46, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (c, ==, "fass.de.");
}

/* URI → IRI (§3.7) */

typedef struct {
  const char    *name;
  const char    *uri;
  IriToIriFlags  flags;
  const char    *iri;
  const char    *codes;   /* the diagnostics' codes and spans, "code@start-end,…" */
} ToIriCase;

#define KEEP IRI_TO_IRI_KEEP_PUNYCODE

static const ToIriCase to_iri_cases[] = {
  /* §3.7.1 (U-1, U-2, U-3, F-2) */
  { "durst", "http://www.example.org/D%C3%BCrst", 0, "http://www.example.org/D\xC3\xBCrst", "" },
  { "durst-latin1", "http://www.example.org/D%FCrst", 0, "http://www.example.org/D%FCrst",
    "percent-encoded-not-utf8@24-27" },
  { "resume-latin1", "http://www.example.org/r%E9sum%E9.html", 0,
    "http://www.example.org/r%E9sum%E9.html",
    "percent-encoded-not-utf8@24-27,percent-encoded-not-utf8@30-33" },
  { "natto", "http://xn--99zt52a.example.org/%e2%80%ae", 0,
    "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE", "percent-encoded-not-displayable@31-40" },
  { "natto-keep", "http://xn--99zt52a.example.org/%e2%80%ae", KEEP,
    "http://xn--99zt52a.example.org/%E2%80%AE", "percent-encoded-not-displayable@31-40" },
  { "natto-upper", "http://XN--99ZT52A.example.org/", 0, "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/", "" },
  /* Step 6 like step 4: a combining mark after a hyphen (valid in
   * IDNA2008) would be drawn on the hyphen (found by fuzz-link). */
  { "a-label-mark-after-hyphen", "https://xn-----ctdbabcfhu8mple.cx/", 0, "https://xn-----ctdbabcfhu8mple.cx/",
    "idna-invalid-a-label@8-30" },
  /* §5.4: only the fragment is UTF-8. */
  { "mixed-charsets", "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9", 0,
    "http://www.example.org/r%E9sum%E9.xml#r\xC3\xA9sum\xC3\xA9",
    "percent-encoded-not-utf8@24-27,percent-encoded-not-utf8@30-33" },
  /* Step 2: "%", reserved characters and ASCII not allowed in URIs keep
   * their encoding and its case (F-4); unreserved ones are decoded. */
  { "reserved", "http://example.com/%2F%3f%23%25", 0, "http://example.com/%2F%3f%23%25", "" },
  { "all-reserved", "http://e/%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D", 0,
    "http://e/%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D", "" },
  { "not-in-uri", "http://e/%20%3c%3E%22%7B%7d%7C%5C%5E%60%00%0a%7F", 0,
    "http://e/%20%3c%3E%22%7B%7d%7C%5C%5E%60%00%0a%7F", "" },
  { "unreserved", "http://e/%7e%41%2d%2E%5F%30", 0, "http://e/~A-._0", "" },
  /* A decoded hex digit must not make a literal "%" a percent-encoding. */
  { "literal-percent-before-hex", "http://e/%%34%31/%4%31/%%7e", 0, "http://e/%%341/%4%31/%~", "" },
  { "lowercase-kept-case", "http://e/%c3%a9%2f", 0, "http://e/\xC3\xA9%2f", "" },
  /* A decoded hex digit must not turn a stray "%" before it into a new
   * triplet (found by fuzz-to-iri). */
  { "stray-percent-digit", "http://e/%C%33%9A", 0, "http://e/%C%33%9A", "percent-encoded-not-utf8@14-17" },
  { "stray-percent-two-digits", "http://e/%%34%31", 0, "http://e/%%341", "" },
  { "stray-percent-then-letter", "http://e/%%47", 0, "http://e/%G", "" },
  /* Step 3: never part of a strictly legal UTF-8 sequence. */
  { "overlong", "http://e/%C0%AF", 0, "http://e/%C0%AF", "percent-encoded-not-utf8@9-15" },
  { "surrogate", "http://e/%ed%a0%80", 0, "http://e/%ED%A0%80",
    "percent-encoded-not-utf8@9-18" },
  { "too-large", "http://e/%F4%90%80%80", 0, "http://e/%F4%90%80%80",
    "percent-encoded-not-utf8@9-21" },
  { "truncated", "http://e/%E2%82x%C3", 0, "http://e/%E2%82x%C3",
    "percent-encoded-not-utf8@9-15,percent-encoded-not-utf8@16-19" },
  { "valid-after-invalid", "http://e/%FF%C3%A9", 0, "http://e/%FF\xC3\xA9", "percent-encoded-not-utf8@9-12" },
  /* Step 4 */
  { "rlo", "http://e/%E2%80%AE", 0, "http://e/%E2%80%AE", "percent-encoded-not-displayable@9-18" },
  { "zwsp-run", "http://e/a%e2%80%8b%e2%80%8b%e2%80%8b", 0, "http://e/a%E2%80%8B%E2%80%8B%E2%80%8B",
    "percent-encoded-not-displayable@10-37" },
  { "nbsp", "http://e/a%C2%A0b", 0, "http://e/a%C2%A0b", "percent-encoded-not-displayable@10-16" },
  { "lock", "http://e/%F0%9F%94%92", 0, "http://e/%F0%9F%94%92", "percent-encoded-not-displayable@9-21" },
  { "braille-blank", "http://e/%E2%A0%80", 0, "http://e/%E2%A0%80", "percent-encoded-not-displayable@9-18" },
  { "hangul-filler", "http://e/%E3%85%A4", 0, "http://e/%E3%85%A4", "percent-encoded-not-displayable@9-18" },
  { "noncharacter", "http://e/%EF%B7%90%EF%BF%BF", 0, "http://e/%EF%B7%90%EF%BF%BF",
    "percent-encoded-not-displayable@9-18,percent-encoded-not-displayable@18-27" },
  { "unassigned", "http://e/%CD%B8", 0, "http://e/%CD%B8", "percent-encoded-not-displayable@9-15" },
  { "replacement", "http://e/%EF%BF%BD", 0, "http://e/%EF%BF%BD", "percent-encoded-not-displayable@9-18" },
  { "line-separator", "http://e/%E2%80%A8", 0, "http://e/%E2%80%A8", "percent-encoded-not-displayable@9-18" },
  { "private-use", "http://e/%EE%80%80?%EE%80%80#%EE%80%80", 0, "http://e/%EE%80%80?\xEE\x80\x80#%EE%80%80",
    "percent-encoded-not-displayable@9-18,percent-encoded-not-displayable@29-38" },
  { "tag", "http://e/?%F3%A0%80%81", 0, "http://e/?%F3%A0%80%81", "percent-encoded-not-displayable@10-22" },
  /* A combining mark needs a base of its own. */
  { "mark-after-slash", "http://e/%CC%81", 0, "http://e/%CC%81", "percent-encoded-not-displayable@9-15" },
  { "mark-after-letter", "http://e/e%CC%81", 0, "http://e/e\xCC\x81", "" },
  { "mark-after-letter-encoded", "http://e/%C3%A9%CC%81", 0, "http://e/\xC3\xA9\xCC\x81", "" },
  { "mark-after-kept", "http://e/%E2%80%AE%CC%81", 0, "http://e/%E2%80%AE%CC%81",
    "percent-encoded-not-displayable@9-18,percent-encoded-not-displayable@18-24" },
  { "mark-after-dot", "http://e/a.%CC%81", 0, "http://e/a.%CC%81", "percent-encoded-not-displayable@11-17" },
  { "mark-starts-query", "http://e/a?%CC%81", 0, "http://e/a?%CC%81", "percent-encoded-not-displayable@11-17" },
  { "mark-starts-relative", "%CC%81x", 0, "%CC%81x", "percent-encoded-not-displayable@0-6" },
  /* The input may already be an IRI: what is written as itself and is
   * not safe to display gets encoded. */
  { "literal-rlo", "http://e/a\xE2\x80\xAE" "b", 0, "http://e/a%E2%80%AEb", "unsafe-character-encoded@10-11" },
  { "literal-space", "http://e/a b", 0, "http://e/a%20b", "unsafe-character-encoded@10-11" },
  { "literal-safe", "http://\xE7\xB4\x8D\xE8\xB1\x86.example/D\xC3\xBCrst", 0,
    "http://\xE7\xB4\x8D\xE8\xB1\x86.example/D\xC3\xBCrst", "" },
  { "literal-mark", "http://e/\xCC\x81", 0, "http://e/%CC%81", "unsafe-character-encoded@9-10" },
  /* The neighbour that the look-alike and joiner rules look at is the
   * character a triplet stands for, not its "%": otherwise the literal
   * ノ before an encoded one would stay encoded, and converting the
   * result again would decode it. */
  { "lookalike-before-encoded", "http://e/\xE3\x83\x8E%E3%83%8E", 0,
    "http://e/\xE3\x83\x8E\xE3\x83\x8E", "" },
  { "lookalike-encoded-before-literal", "http://e/x%E3%83%8E\xE3\x83\x8E", 0,
    "http://e/x\xE3\x83\x8E\xE3\x83\x8E", "" },
  { "joiner-before-encoded", "http://e/\xD9\x85\xDB\x8C\xE2\x80\x8C%D8%AE", 0,
    "http://e/\xD9\x85\xDB\x8C\xE2\x80\x8C\xD8\xAE", "" },
  { "lookalike-before-invalid", "http://e/%2F\xE3\x83\x8E%E3%83", 0,
    "http://e/%2F%E3%83%8E%E3%83", "unsafe-character-encoded@12-13,percent-encoded-not-utf8@13-19" },
  /* Step 6 (F-5, PRIOR-ART I-1…I-8) */
  { "a-label-rlo", "http://xn--ab-g4t.example/", 0, "http://xn--ab-g4t.example/", "idna-invalid-a-label@7-17" },
  { "bidi-an-start", "http://xn--8hbae.eg/", 0, "http://xn--8hbae.eg/", "idna-invalid-a-label@7-16" },
  { "bidi-ends-l", "http://xn--x-ymcov.eg/", 0, "http://xn--x-ymcov.eg/", "idna-invalid-a-label@7-18" },
  { "bidi-ends-en", "http://xn--2-ymcov.eg/", 0, "http://\xD8\xAC\xD8\xA7\xD8\xB1" "2.eg/", "" },
  { "bidi-ends-an", "http://xn--mgbjq0r.eg/", 0, "http://\xD8\xAC\xD8\xA7\xD8\xB1\xD9\xA2.eg/", "" },
  { "aao", "http://xn--4cab6c/", 0, "http://\xC3\xA5\xC3\xA4\xC3\xB6/", "" },
  { "apple-cyrillic", "http://xn--80ak6aa92e.com/", 0,
    "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/", "" },
  { "pan", "http://xn--mxayh0229k.org/", 0, "http://\xCF\x80\xCE\xB1\xCE\xBD\xE8\xAA\x9E.org/", "" },
  /* GLib's pair decodes to a capital Π, which no valid U-label has. */
  { "pan-capital", "http://xn--4wa8awb4637h.org/", 0, "http://xn--4wa8awb4637h.org/",
    "idna-invalid-a-label@7-23" },
  { "fuss", "http://xn--fu-hia.de/", 0, "http://fu\xC3\x9F.de/", "" },
  { "emoji", "http://www.xn--74h.com/", 0, "http://www.xn--74h.com/", "idna-invalid-a-label@11-18" },
  { "bad-punycode", "http://xn--example-.com/", 0, "http://xn--example-.com/", "idna-invalid-a-label@7-19" },
  { "beyond-10ffff", "http://xn--krank-kg706554a/", 0, "http://xn--krank-kg706554a/",
    "idna-invalid-a-label@7-26" },
  { "abcdef", "http://xn--abcdef.com/", 0, "http://xn--abcdef.com/", "idna-invalid-a-label@7-17" },
  { "empty-decoding", "http://xn--ABC.com/", 0, "http://xn--ABC.com/", "idna-invalid-a-label@7-14" },
  { "keep-punycode-silent", "http://xn--ab-g4t.example/", KEEP, "http://xn--ab-g4t.example/", "" },
  /* Only the host's labels: an "xn--" elsewhere is data. */
  { "xn-in-path", "http://e/xn--99zt52a", 0, "http://e/xn--99zt52a", "" },
  { "ipv6", "http://[::1]/%C3%A9", 0, "http://[::1]/\xC3\xA9", "" },
  { "userinfo", "http://j%C3%BCrgen:%E2%80%AE@e/", 0, "http://j\xC3\xBCrgen:%E2%80%AE@e/",
    "percent-encoded-not-displayable@19-28" },
  { "host-pct", "http://r%C3%A9sum%C3%A9.xn--99zt52a/", 0,
    "http://r\xC3\xA9sum\xC3\xA9.\xE7\xB4\x8D\xE8\xB1\x86/", "" },
  { "char-offsets", "http://\xC3\xA9@xn--ab-g4t/%FC", 0, "http://\xC3\xA9@xn--ab-g4t/%FC",
    "idna-invalid-a-label@9-19,percent-encoded-not-utf8@20-23" },
  { "empty", "", 0, "", "" },
};

static char *
format_codes (GPtrArray *diagnostics)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_string_append_printf (out, "%s%s@%zu-%zu", i > 0 ? "," : "",
                              iri_diagnostic_get_code (d),
                              iri_diagnostic_get_start (d), iri_diagnostic_get_end (d));
    }
  return g_string_free (out, FALSE);
}

/* Sorts "code@start-end" items by position, the order the test table
 * lists them in (iri_diagnostics_steal() sorts by severity first). */
static char *
sort_codes (const char *codes)
{
  g_auto(GStrv) items = g_strsplit (codes, ",", -1);
  guint n = g_strv_length (items);

  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        const char *a = strchr (items[j - 1], '@');
        const char *b = strchr (items[j], '@');

        if (a != NULL && b != NULL && g_ascii_strtoull (a + 1, NULL, 10) > g_ascii_strtoull (b + 1, NULL, 10))
          {
            char *tmp = items[j - 1];

            items[j - 1] = items[j];
            items[j] = tmp;
          }
      }
  return g_strjoinv (",", items);
}

static void
test_to_iri_case (gconstpointer data)
{
  const ToIriCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GListModel) diagnostics_model = NULL;
  /* The machinery of §3.7; test-display-policy.c has the labels that
   * the strict level keeps. */
  g_autoptr(IriDisplayPolicy) permissive = iri_display_policy_new (IRI_DISPLAY_PERMISSIVE);
  g_autofree char *iri = iri_display_policy_uri_to_iri (permissive, c->uri, -1, c->flags,
                                                        &diagnostics_model, &error);
  diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
  g_autofree char *codes = NULL;
  g_autofree char *sorted = NULL;

  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (iri, ==, c->iri);
  g_assert_nonnull (diagnostics);

  /* Converting an IRI that came out of a conversion changes nothing. */
  again = iri_display_policy_uri_to_iri (permissive, iri, -1, c->flags, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, iri);

  codes = format_codes (diagnostics);
  sorted = sort_codes (codes);
  g_assert_cmpstr (sorted, ==, c->codes);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_assert_nonnull (iri_diagnostic_get_message (d));
      g_assert_nonnull (strstr (iri_diagnostic_get_spec (d), "§"));
    }
}

/* The messages of step 3, step 4 and step 6 say what happened. */
static void
test_to_iri_messages (void)
{
  struct {
    const char  *uri;
    const char  *code;
    IriSeverity  severity;
    const char  *spec;
    const char  *message_part;
    const char  *hint_part;
  } cases[] = {
    { "http://www.example.org/D%FCrst", "percent-encoded-not-utf8", IRI_SEVERITY_INFO,
      "RFC 3987bis §3.7 step 3", "%FC is not UTF-8 and was left encoded; no legacy charset is guessed", NULL },
    { "http://e/%e2%80%ae", "percent-encoded-not-displayable", IRI_SEVERITY_INFO,
      "RFC 3987bis §3.7 step 4, §4.1, §5.1", "U+202E RIGHT-TO-LEFT OVERRIDE was left percent-encoded", NULL },
    { "http://e/a%e2%80%8b%e2%80%8b", "percent-encoded-not-displayable", IRI_SEVERITY_INFO,
      "RFC 3987bis §3.7 step 4, §4.1, §5.1", "U+200B ZERO WIDTH SPACE (2 times)", NULL },
    { "http://e/a\xE2\x80\x8F", "unsafe-character-encoded", IRI_SEVERITY_WARNING,
      "RFC 3987bis §3.7 step 4, §4.1, §5.1", "U+200F RIGHT-TO-LEFT MARK was percent-encoded", NULL },
    { "http://xn--ab-g4t.example/", "idna-invalid-a-label", IRI_SEVERITY_WARNING,
      "RFC 5891 §5.4, RFC 3987bis §3.7 step 6", "“a U+202E RIGHT-TO-LEFT OVERRIDE b”",
      "Treat this host with suspicion; its A-label does not decode to a valid name." },
    { "http://xn--8hbae.eg/", "idna-invalid-a-label", IRI_SEVERITY_WARNING,
      "RFC 5891 §5.4, RFC 3987bis §3.7 step 6", "bi-directional", NULL },
    { "http://xn--example-.com/", "idna-invalid-a-label", IRI_SEVERITY_WARNING,
      "RFC 5891 §5.4, RFC 3987bis §3.7 step 6", "punycode", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) diagnostics = NULL;
      g_autoptr(GListModel) diagnostics_model = NULL;
      g_autofree char *iri = iri_uri_to_iri (cases[i].uri, -1, 0, &diagnostics_model, NULL);
      diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
      IriDiagnostic *d;

      g_assert_nonnull (iri);
      g_assert_cmpuint (diagnostics->len, ==, 1);
      d = g_ptr_array_index (diagnostics, 0);
      g_test_message ("%s: %s", cases[i].uri, iri_diagnostic_get_message (d));
      g_assert_cmpstr (iri_diagnostic_get_code (d), ==, cases[i].code);
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, cases[i].severity);
      g_assert_cmpstr (iri_diagnostic_get_spec (d), ==, cases[i].spec);
      g_assert_nonnull (strstr (iri_diagnostic_get_message (d), cases[i].message_part));
      if (cases[i].hint_part != NULL)
        g_assert_cmpstr (iri_diagnostic_get_hint (d), ==, cases[i].hint_part);
    }
}

/* PRIOR-ART F-3: Chromium's ShouldUnescapeCodePoint never-unescape list.
 * Each code point, percent-encoded in a path, stays encoded. */
static const gunichar never_unescape_ranges[][2] = {
  /* bidi controls */
  { 0x200E, 0x200F }, { 0x202A, 0x202E }, { 0x061C, 0x061C }, { 0x2066, 0x2069 },
  /* lock emoji */
  { 0x1F50F, 0x1F510 }, { 0x1F512, 0x1F513 },
  /* spaces */
  { 0x0085, 0x0085 }, { 0x00A0, 0x00A0 }, { 0x1680, 0x1680 }, { 0x2000, 0x200A },
  { 0x2028, 0x2029 }, { 0x202F, 0x202F }, { 0x205F, 0x205F }, { 0x3000, 0x3000 },
  { 0x2800, 0x2800 },
  /* default-ignorables and format characters */
  { 0x00AD, 0x00AD }, { 0x034F, 0x034F }, { 0x0600, 0x0605 }, { 0x06DD, 0x06DD },
  { 0x070F, 0x070F }, { 0x08E2, 0x08E2 }, { 0x115F, 0x1160 }, { 0x17B4, 0x17B5 },
  { 0x180B, 0x180E }, { 0x200B, 0x200D }, { 0x2060, 0x2065 }, { 0x206A, 0x206F },
  { 0x3164, 0x3164 }, { 0xFE00, 0xFE0F }, { 0xFEFF, 0xFEFF }, { 0xFFA0, 0xFFA0 },
  { 0xFFF0, 0xFFFB }, { 0x110BD, 0x110BD }, { 0x110CD, 0x110CD }, { 0x13430, 0x13438 },
  { 0x1BCA0, 0x1BCA3 }, { 0x1D173, 0x1D17A }, { 0xE0000, 0xE0FFF },
};

static void
test_to_iri_never_unescape (void)
{
  guint n = 0;

  for (guint r = 0; r < G_N_ELEMENTS (never_unescape_ranges); r++)
    {
      for (gunichar c = never_unescape_ranges[r][0]; c <= never_unescape_ranges[r][1]; c++)
        {
          char utf8[6];
          int len = g_unichar_to_utf8 (c, utf8);
          g_autoptr(GString) encoded = g_string_new (NULL);
          g_autofree char *uri = NULL;
          g_autofree char *query_uri = NULL;
          g_autofree char *iri = NULL;
          g_autofree char *query_iri = NULL;

          for (int i = 0; i < len; i++)
            g_string_append_printf (encoded, "%%%02X", (guchar) utf8[i]);
          uri = g_strdup_printf ("http://example.com/a%sb", encoded->str);
          iri = iri_uri_to_iri (uri, -1, 0, NULL, NULL);
          if (g_strcmp0 (iri, uri) != 0)
            g_error ("U+%04X was decoded: “%s” → “%s”", c, uri, iri);

          /* Not even in the query, where private use would be. */
          query_uri = g_strdup_printf ("http://example.com/?a%sb", encoded->str);
          query_iri = iri_uri_to_iri (query_uri, -1, 0, NULL, NULL);
          g_assert_cmpstr (query_iri, ==, query_uri);

          g_assert_false (iri_char_is_display_safe (c, IRI_COMPONENT_PATH));
          n++;
        }
    }

  g_test_message ("%u code points of Chromium's list stay encoded", n);
}

typedef struct {
  gunichar     c;
  IriComponent component;
  gboolean     safe;
} SafeCase;

static const SafeCase safe_cases[] = {
  { 'a', IRI_COMPONENT_PATH, TRUE },
  { '/', IRI_COMPONENT_PATH, TRUE },
  { '<', IRI_COMPONENT_PATH, TRUE },
  { ' ', IRI_COMPONENT_PATH, FALSE },
  { '\t', IRI_COMPONENT_PATH, FALSE },
  { 0x7F, IRI_COMPONENT_PATH, FALSE },
  { 0x00E9, IRI_COMPONENT_PATH, TRUE },
  { 0x05D0, IRI_COMPONENT_PATH, TRUE },           /* HEBREW LETTER ALEF */
  { 0x0661, IRI_COMPONENT_PATH, TRUE },           /* ARABIC-INDIC DIGIT ONE */
  { 0x7D0D, IRI_COMPONENT_HOST, TRUE },
  { 0x0301, IRI_COMPONENT_PATH, TRUE },           /* marks: the caller judges */
  { 0x1F600, IRI_COMPONENT_PATH, TRUE },          /* GRINNING FACE */
  { 0x1F511, IRI_COMPONENT_PATH, TRUE },          /* KEY: not a lock */
  { 0x1F512, IRI_COMPONENT_PATH, FALSE },         /* LOCK */
  { 0x200E, IRI_COMPONENT_QUERY, FALSE },
  { 0x061C, IRI_COMPONENT_PATH, FALSE },          /* ARABIC LETTER MARK */
  { 0x2067, IRI_COMPONENT_PATH, FALSE },          /* RIGHT-TO-LEFT ISOLATE */
  { 0x0080, IRI_COMPONENT_PATH, FALSE },
  { 0x00AD, IRI_COMPONENT_PATH, FALSE },          /* SOFT HYPHEN */
  { 0x2028, IRI_COMPONENT_PATH, FALSE },
  { 0x2029, IRI_COMPONENT_PATH, FALSE },
  { 0x3000, IRI_COMPONENT_PATH, FALSE },
  { 0x2800, IRI_COMPONENT_PATH, FALSE },
  { 0x3164, IRI_COMPONENT_PATH, FALSE },
  { 0xFFA0, IRI_COMPONENT_PATH, FALSE },
  { 0x115F, IRI_COMPONENT_PATH, FALSE },
  { 0x1160, IRI_COMPONENT_PATH, FALSE },
  { 0xFE0F, IRI_COMPONENT_PATH, FALSE },          /* VARIATION SELECTOR-16 */
  { 0xFDD0, IRI_COMPONENT_QUERY, FALSE },         /* noncharacter */
  { 0x10FFFF, IRI_COMPONENT_QUERY, FALSE },       /* noncharacter */
  { 0x0378, IRI_COMPONENT_PATH, FALSE },          /* unassigned */
  { 0xE000, IRI_COMPONENT_PATH, FALSE },
  { 0xE000, IRI_COMPONENT_QUERY, TRUE },
  { 0xE000, IRI_COMPONENT_QUERY_VALUE, TRUE },
  { 0xF0000, IRI_COMPONENT_FRAGMENT, FALSE },
  { 0x100000, IRI_COMPONENT_QUERY, TRUE },
  { 0xFFFC, IRI_COMPONENT_PATH, FALSE },
  { 0x110000, IRI_COMPONENT_PATH, FALSE },
};

/* A character named in a message: "U+" and at least four upper-case
 * hex digits, as printf's "%04X" writes them, then its name. */
static void
test_char_describe (void)
{
  static const gunichar chars[] = {
    0x0, 0x9, 0x41, 0x7F, 0xA0, 0x5D0, 0x202E, 0xABCD, 0xFFFF, 0x10000, 0x1F600, 0xE0001, 0x10FFFF,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (chars); i++)
    {
      g_autofree char *described = iri_char_describe (chars[i]);
      g_autofree char *code = g_strdup_printf ("U+%04X", chars[i]);

      g_assert_true (g_str_has_prefix (described, code));
      g_assert_true (described[strlen (code)] == '\0' || described[strlen (code)] == ' ');
    }
  {
    g_autofree char *described = iri_char_describe (0x202E);

    g_assert_cmpstr (described, ==, "U+202E RIGHT-TO-LEFT OVERRIDE");
  }
}

/* iri_gettext_scoped() remembers translations for the rest of a scope;
 * each message must come back as its own translation, past the number
 * it remembers too, inside nested scopes and after the scope ends. */
static void
test_gettext_scoped (void)
{
  static const char * const msgids[] = {
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    "seventeen", "eighteen", "nineteen", "twenty",
  };
  g_autofree char *copy = g_strdup (msgids[0]);

  iri_quote_scope_begin ();
  for (int round = 0; round < 2; round++)
    {
      for (gsize i = 0; i < G_N_ELEMENTS (msgids); i++)
        g_assert_cmpstr (iri_gettext_scoped (msgids[i]), ==, g_dgettext (GETTEXT_PACKAGE, msgids[i]));
      iri_quote_scope_begin ();
    }
  /* The same text at another address is looked up again, not mixed up. */
  g_assert_cmpstr (iri_gettext_scoped (copy), ==, g_dgettext (GETTEXT_PACKAGE, msgids[0]));
  iri_quote_scope_end ();
  iri_quote_scope_end ();
  iri_quote_scope_end ();
  for (gsize i = 0; i < G_N_ELEMENTS (msgids); i++)
    g_assert_cmpstr (iri_gettext_scoped (msgids[G_N_ELEMENTS (msgids) - 1 - i]), ==,
                     g_dgettext (GETTEXT_PACKAGE, msgids[G_N_ELEMENTS (msgids) - 1 - i]));
}

static void
test_display_safe (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (safe_cases); i++)
    {
      if (iri_char_is_display_safe (safe_cases[i].c, safe_cases[i].component) != safe_cases[i].safe)
        g_error ("iri_char_is_display_safe (U+%04X, %s) should be %s", safe_cases[i].c,
                 iri_component_to_string (safe_cases[i].component),
                 safe_cases[i].safe ? "TRUE" : "FALSE");
    }

  /* Every bidi formatting character, whatever the component. */
  for (gunichar c = 0; c < 0x30000; c++)
    {
      if (iri_char_is_bidi_formatting (c))
        {
          g_assert_false (iri_char_is_display_safe (c, IRI_COMPONENT_QUERY));
          g_assert_false (iri_char_is_display_safe (c, IRI_COMPONENT_HOST_LABEL));
        }
    }
}

/* iri_host_to_unicode() and the private iri_idna_to_unicode() */

static void
test_host_to_unicode (void)
{
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GListModel) diagnostics_model = NULL;
  g_autofree char *host = iri_host_to_unicode ("xn--99zt52a.xn--ab-g4t.r%C3%A9sum%C3%A9.XN--FU-HIA", -1,
                                               &diagnostics_model);
  diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
  g_autofree char *codes = NULL;
  g_autofree char *bad = NULL;
  g_autoptr(GPtrArray) bad_diagnostics = NULL;
  g_autoptr(GListModel) bad_diagnostics_model = NULL;

  g_assert_cmpstr (host, ==, "\xE7\xB4\x8D\xE8\xB1\x86.xn--ab-g4t.r\xC3\xA9sum\xC3\xA9.fu\xC3\x9F");
  codes = format_codes (diagnostics);
  g_assert_cmpstr (codes, ==, "idna-invalid-a-label@12-22");

  /* Bytes that are not UTF-8 are shown as U+FFFD, and said so. */
  bad = iri_host_to_unicode ("a\xFF.xn--99zt52a", -1, &bad_diagnostics_model);
  bad_diagnostics = iri_test_diagnostics (g_steal_pointer (&bad_diagnostics_model));
  g_assert_cmpstr (bad, ==, "a%EF%BF%BD.\xE7\xB4\x8D\xE8\xB1\x86");
  g_assert_cmpuint (bad_diagnostics->len, >=, 1);
  g_assert_cmpstr (iri_diagnostic_get_code (g_ptr_array_index (bad_diagnostics, 0)), ==, "invalid-utf8");
}

static void
test_idna_to_unicode_offsets (void)
{
  IriDiagnostics list = { NULL, 0 };
  g_autoptr(GPtrArray) diagnostics = NULL;
  /* The caller's text: "http://\u00E9@" (7 + 2 bytes, 8 characters)
   * before the host. */
  const char *host = "a.xn--ab-g4t.\xC3\xA9.xn--99zt52a.";
  g_autofree char *unicode = iri_idna_to_unicode (host, strlen (host), &list, 10, 9);
  IriSpan span;

  g_assert_cmpstr (unicode, ==, "a.xn--ab-g4t.\xC3\xA9.\xE7\xB4\x8D\xE8\xB1\x86.");
  diagnostics = iri_diagnostics_steal (&list);
  g_assert_cmpuint (diagnostics->len, ==, 1);
  iri_diagnostic_get_span (g_ptr_array_index (diagnostics, 0), &span);
  g_assert_cmpuint (span.byte_start, ==, 12);
  g_assert_cmpuint (span.byte_end, ==, 22);
  g_assert_cmpuint (span.start, ==, 11);
  g_assert_cmpuint (span.end, ==, 21);
  g_assert_cmpint (iri_diagnostic_get_component (g_ptr_array_index (diagnostics, 0)), ==,
                   IRI_COMPONENT_HOST_LABEL);

  /* Without a list it still converts; an empty host stays empty. */
  g_clear_pointer (&unicode, g_free);
  unicode = iri_idna_to_unicode ("xn--ab-g4t", 10, NULL, 0, 0);
  g_assert_cmpstr (unicode, ==, "xn--ab-g4t");
  g_clear_pointer (&unicode, g_free);
  unicode = iri_idna_to_unicode ("", 0, NULL, 0, 0);
  g_assert_cmpstr (unicode, ==, "");
}

/* Invalid input */

static void
test_errors (void)
{
  struct {
    const char *bytes;
    gssize      length;
    IriError    code;
  } cases[] = {
    { "http://e/a\xC0\xAF", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\xED\xA0\x80", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\xF4\x90\x80\x80", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\xE2\x82", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/\x80", -1, IRI_ERROR_INVALID_UTF8 },
    { "http://e/a\0b", 12, IRI_ERROR_EMBEDDED_NUL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      g_autoptr(GError) e3 = NULL;
      g_autoptr(GError) e4 = NULL;
      g_autoptr(GPtrArray) diagnostics = NULL;
      g_autoptr(GListModel) diagnostics_model = NULL;
      g_autofree char *a = iri_to_uri (cases[i].bytes, cases[i].length, IRI_HOST_MAPPING_PERCENT, &e1);
      g_autofree char *b = iri_to_uri (cases[i].bytes, cases[i].length, IRI_HOST_MAPPING_UTS46, &e2);
      g_autofree char *c = iri_uri_to_iri (cases[i].bytes, cases[i].length, 0, &diagnostics_model, &e3);
      diagnostics = iri_test_diagnostics (g_steal_pointer (&diagnostics_model));
      g_autofree char *d = iri_host_to_ascii (cases[i].bytes + 9, cases[i].length < 0 ? -1 : cases[i].length - 9,
                                              IRI_HOST_MAPPING_UTS46, &e4);

      g_assert_null (a);
      g_assert_null (b);
      g_assert_null (c);
      g_assert_null (d);
      g_assert_null (diagnostics);
      g_assert_error (e1, IRI_ERROR, (gint) cases[i].code);
      g_assert_error (e2, IRI_ERROR, (gint) cases[i].code);
      g_assert_error (e3, IRI_ERROR, (gint) cases[i].code);
      g_assert_error (e4, IRI_ERROR, (gint) cases[i].code);
    }
}

/* An explicit length is honoured: nothing after it is read. */
static void
test_explicit_length (void)
{
  g_autofree char *uri = iri_to_uri ("http://e/\xC3\xA9xyz", 11, IRI_HOST_MAPPING_PERCENT, NULL);
  g_autofree char *iri = iri_uri_to_iri ("http://e/%C3%A9%FF", 15, 0, NULL, NULL);

  g_assert_cmpstr (uri, ==, "http://e/%C3%A9");
  g_assert_cmpstr (iri, ==, "http://e/\xC3\xA9");
}

/* Properties over every IRI and URI of the data sets */

/* Upper-cases the hex of every %HH and decodes those of unreserved
 * characters: the two differences §3.7 allows between a URI and the
 * result of mapping its IRI back. */
static char *
normalize_pct (const char *uri)
{
  GString *out = g_string_new (NULL);

  for (const char *p = uri; *p != '\0'; p++)
    {
      if (p[0] == '%' && g_ascii_isxdigit (p[1]) && g_ascii_isxdigit (p[2]))
        {
          guchar b = g_ascii_xdigit_value (p[1]) * 16 + g_ascii_xdigit_value (p[2]);

          if (iri_ascii_is (b, IRI_ASCII_UNRESERVED))
            g_string_append_c (out, (char) b);
          else
            g_string_append_printf (out, "%%%02X", b);
          p += 2;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

typedef struct {
  guint n_strings;
  guint n_uris;
  guint n_iris;
  guint n_idna_round_trips;
  guint n_idna_refused;      /* hosts that break the DNS's rules */
  guint n_policy_round_trips;   /* to-uri(to-iri(x)) == to-uri(x), per display level */
  guint n_labels_kept;          /* … where the strict level kept a label */
} PropertyCounts;

/* to-uri(to-iri(x)) == to-uri(x) under both display levels, for a URI
 * @uri, with @host_mapping on the way back (§3.7: but for the case of
 * %HH and percent-encoded unreserved characters). */
static void
check_policy_round_trip (const char     *where,
                         const char     *uri,
                         IriToIriFlags   flags,
                         IriHostMapping  host_mapping,
                         PropertyCounts *counts)
{
  g_autofree char *norm_uri = normalize_pct (uri);

  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      g_autoptr(IriDisplayPolicy) policy = iri_display_policy_new (level);
      g_autoptr(GError) error = NULL;
      g_autoptr(GListModel) diagnostics = NULL;
      g_autofree char *iri = iri_display_policy_uri_to_iri (policy, uri, -1, flags, &diagnostics, &error);
      g_autofree char *back = NULL;
      g_autofree char *norm_back = NULL;

      g_assert_no_error (error);
      back = iri_to_uri (iri, -1, host_mapping, &error);
      g_assert_no_error (error);
      norm_back = normalize_pct (back);
      if (!g_str_equal (norm_uri, norm_back))
        g_error ("%s: %s: URI “%s” → IRI “%s” → URI “%s”", where,
                 iri_display_level_to_string (level), uri, iri, back);
      counts->n_policy_round_trips++;

      if (level == IRI_DISPLAY_STRICT)
        {
          for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
            {
              g_autoptr(IriDiagnostic) d = g_list_model_get_item (diagnostics, i);

              if (g_str_equal (iri_diagnostic_get_code (d), "unsafe-label-kept"))
                {
                  counts->n_labels_kept++;
                  break;
                }
            }
        }
    }
}

static void
check_properties (const char     *where,
                  const char     *text,
                  PropertyCounts *counts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IriReference) as_uri = NULL;
  g_autoptr(IriReference) as_iri = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *again = NULL;

  if (!iri_utf8_validate (text, -1, NULL, NULL))
    return;
  counts->n_strings++;

  /* §3.3: defined for any text, always a URI's characters, idempotent. */
  uri = iri_to_uri (text, -1, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);
  assert_all_uri_chars (uri);
  again = iri_to_uri (uri, -1, IRI_HOST_MAPPING_PERCENT, &error);
  g_assert_no_error (error);
  if (!g_str_equal (uri, again))
    g_error ("%s: iri_to_uri is not idempotent on “%s”: “%s” then “%s”", where, text, uri, again);

  as_uri = iri_reference_parse (text, -1, IRI_PARSE_URI, NULL);
  as_iri = iri_reference_parse (text, -1, IRI_PARSE_DEFAULT, NULL);

  if (as_uri != NULL)
    {
      g_autofree char *iri = iri_uri_to_iri (text, -1, IRI_TO_IRI_KEEP_PUNYCODE, NULL, &error);
      g_autofree char *back = NULL;
      g_autofree char *norm_text = normalize_pct (text);
      g_autofree char *norm_back = NULL;
      g_autoptr(IriReference) parsed = NULL;

      g_assert_no_error (error);
      /* The identity on URIs. */
      g_assert_cmpstr (uri, ==, text);

      /* §3.7: maps back to the URI, but for the case of %HH and
       * percent-encoded unreserved characters. */
      back = iri_to_uri (iri, -1, IRI_HOST_MAPPING_PERCENT, &error);
      g_assert_no_error (error);
      norm_back = normalize_pct (back);
      if (!g_str_equal (norm_text, norm_back))
        g_error ("%s: URI “%s” → IRI “%s” → URI “%s”", where, text, iri, back);

      /* A valid URI gives a valid IRI. */
      parsed = iri_reference_parse (iri, -1, IRI_PARSE_DEFAULT, &error);
      if (parsed == NULL)
        g_error ("%s: URI “%s” gives an invalid IRI “%s”: %s", where, text, iri, error->message);

      check_policy_round_trip (where, text, IRI_TO_IRI_KEEP_PUNYCODE, IRI_HOST_MAPPING_PERCENT, counts);

      /* With step 6, through IDNA, when the host has no percent-encoding
       * (UTS #46 would turn that into an A-label). */
      {
        const char *host = iri_reference_get_host (as_uri);
        g_autofree char *iri6 = NULL;
        g_autofree char *back6 = NULL;

        if (host == NULL || strchr (host, '%') == NULL)
          {
            iri6 = iri_uri_to_iri (text, -1, IRI_TO_IRI_DEFAULT, NULL, &error);
            g_assert_no_error (error);
            back6 = iri_to_uri (iri6, -1, IRI_HOST_MAPPING_UTS46, &error);
            if (back6 == NULL)
              {
                g_autofree char *direct = NULL;

                /* A host that breaks the DNS's rules ("a..b", "-a")
                 * is refused, and it is refused in the URI itself too. */
                g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
                g_test_message ("%s: %s", where, error->message);
                g_clear_error (&error);
                direct = iri_to_uri (text, -1, IRI_HOST_MAPPING_UTS46, &error);
                g_assert_error (error, IRI_ERROR, IRI_ERROR_IDNA);
                g_assert_null (direct);
                g_clear_error (&error);
                counts->n_idna_refused++;
                counts->n_uris++;
                return;
              }
            g_clear_pointer (&norm_back, g_free);
            norm_back = normalize_pct (back6);
            if (!g_str_equal (norm_text, norm_back))
              g_error ("%s: URI “%s” → IRI “%s” → URI (UTS #46) “%s”", where, text, iri6, back6);
            check_policy_round_trip (where, text, IRI_TO_IRI_DEFAULT, IRI_HOST_MAPPING_UTS46, counts);
            counts->n_idna_round_trips++;
          }
      }
      counts->n_uris++;
    }
  else if (as_iri != NULL)
    {
      g_autofree char *iri = iri_uri_to_iri (uri, -1, IRI_TO_IRI_KEEP_PUNYCODE, NULL, &error);
      g_autofree char *back = NULL;
      g_autofree char *norm_uri = normalize_pct (uri);
      g_autofree char *norm_back = NULL;
      g_autofree char *uri46 = NULL;

      g_assert_no_error (error);
      back = iri_to_uri (iri, -1, IRI_HOST_MAPPING_PERCENT, &error);
      g_assert_no_error (error);
      norm_back = normalize_pct (back);
      if (!g_str_equal (norm_uri, norm_back))
        g_error ("%s: IRI “%s” → URI “%s” → IRI “%s” → URI “%s”", where, text, uri, iri, back);
      check_policy_round_trip (where, uri, IRI_TO_IRI_DEFAULT, IRI_HOST_MAPPING_PERCENT, counts);

      uri46 = iri_to_uri (text, -1, IRI_HOST_MAPPING_UTS46, NULL);
      if (uri46 != NULL)
        {
          g_autofree char *iri46 = iri_uri_to_iri (uri46, -1, IRI_TO_IRI_DEFAULT, NULL, &error);
          g_autofree char *back46 = NULL;
          g_autofree char *norm46 = normalize_pct (uri46);

          g_assert_no_error (error);
          back46 = iri_to_uri (iri46, -1, IRI_HOST_MAPPING_UTS46, &error);
          g_assert_no_error (error);
          g_clear_pointer (&norm_back, g_free);
          norm_back = normalize_pct (back46);
          if (!g_str_equal (norm46, norm_back))
            g_error ("%s: IRI “%s” → URI “%s” → IRI “%s” → URI “%s”", where, text, uri46, iri46, back46);
          check_policy_round_trip (where, uri46, IRI_TO_IRI_DEFAULT, IRI_HOST_MAPPING_UTS46, counts);
          counts->n_idna_round_trips++;
        }
      counts->n_iris++;
    }
}

typedef struct {
  const char *relpath;
  const char *columns;   /* comma-separated */
} DataFile;

static const DataFile property_files[] = {
  { "oxiri/oxiri-valid-absolute-iris.tsv", "iri" },
  { "oxiri/oxiri-valid-iri-references.tsv", "iri_reference" },
  { "oxiri/oxiri-invalid-iri-references.tsv", "iri_reference" },
  { "oxiri/oxiri-invalid-resolutions.tsv", "reference,base" },
  { "oxiri/oxiri-resolve.tsv", "base,reference,expected" },
  { "oxiri/oxiri-resolve-relative-base.tsv", "base,reference,expected" },
  { "oxiri/oxiri-relativize.tsv", "target,base,expected_relative" },
  { "oxiri/oxiri-relativize-fails.tsv", "target,base" },
  { "rfc3986-resolution/rfc3986-5.4-examples.tsv", "base,reference,expected" },
  { "rfc3986-resolution/uriparser-addbase-extra.tsv", "base,reference,expected" },
  { "rfc3986-resolution/foursuite-absolutize.tsv", "base,reference,expected" },
  { "rfc3986-resolution/foursuite-relativize.tsv", "target,base,expected" },
  { "rfc3986-resolution/foursuite-uri-references.tsv", "uri_reference" },
  { "rfc3986-resolution/foursuite-normalization.tsv", "input,expected_normalized" },
  { "rfc3986-resolution/python-rfc3987-extra.tsv", "base,reference,expected" },
  { "iri-string/iri-string-resolve.tsv", "base,reference,expected,expected_normalized" },
  { "rfc3987-examples/iri-to-uri.tsv", "iri,uri" },
  { "rfc3987-examples/uri-to-iri.tsv", "uri,iri" },
  { "rfc3987-examples/comparison-normalization.tsv", "iri_a,iri_b" },
};

static void
test_properties_tsv (gconstpointer data)
{
  const DataFile *file = data;
  g_auto(GStrv) header = NULL;
  g_autoptr(GPtrArray) rows = iri_test_load_tsv (file->relpath, TRUE, &header);
  g_auto(GStrv) columns = g_strsplit (file->columns, ",", -1);
  PropertyCounts counts = { 0, };

  for (guint c = 0; columns[c] != NULL; c++)
    {
      guint col = iri_test_column (header, columns[c]);

      for (guint i = 0; i < rows->len; i++)
        {
          IriTestRow *row = g_ptr_array_index (rows, i);
          g_autofree char *where = g_strdup_printf ("%s line %u", file->relpath, row->line);

          check_properties (where, row->fields[col], &counts);
        }
    }

  g_test_message ("%s: %u strings, %u URIs and %u IRIs (%u also through UTS #46, %u refused by it) keep the properties; "
                  "%u display-policy round trips (strict and permissive), %u with a label kept",
                  file->relpath, counts.n_strings, counts.n_uris, counts.n_iris, counts.n_idna_round_trips,
                  counts.n_idna_refused, counts.n_policy_round_trips, counts.n_labels_kept);
  g_assert_cmpuint (counts.n_uris + counts.n_iris, >, 0);
}

/* Files with one string per line ("#" comments): the corpus of
 * legitimate IRIs and the strings of UTS #58's formatting test. */
static const char * const property_line_files[] = {
  "corpus/legitimate-iris.txt",
  "uts58/LinkFormattingTest.txt",
  "uts58/17.0.0/LinkFormattingTest.txt",
};

static void
test_properties_lines (gconstpointer data)
{
  const char *relpath = data;
  g_autofree char *path = iri_test_data_path (relpath);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  PropertyCounts counts = { 0, };

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *where = g_strdup_printf ("%s line %u", relpath, i + 1);

      g_strchomp (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      check_properties (where, lines[i], &counts);
    }

  g_test_message ("%s: %u strings, %u URIs and %u IRIs (%u also through UTS #46) keep the properties; "
                  "%u display-policy round trips (strict and permissive), %u with a label kept",
                  relpath, counts.n_strings, counts.n_uris, counts.n_iris, counts.n_idna_round_trips,
                  counts.n_policy_round_trips, counts.n_labels_kept);
  g_assert_cmpuint (counts.n_policy_round_trips, >, 0);
}

/* The JSON file of iri-string is read with a regular expression: the test
 * needs only the strings, and the test suite does not link json-glib. */
static char *
json_unescape (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      p++;
      switch (*p)
        {
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'u':
          {
            gunichar c = 0;

            for (int i = 1; i <= 4; i++)
              c = c * 16 + g_ascii_xdigit_value (p[i]);
            p += 4;
            if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u')
              {
                gunichar lo = 0;

                for (int i = 3; i <= 6; i++)
                  lo = lo * 16 + g_ascii_xdigit_value (p[i]);
                c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
                p += 6;
              }
            g_string_append_unichar (out, c);
          }
          break;
        default:
          g_string_append_c (out, *p);
          break;
        }
    }
  return g_string_free (out, FALSE);
}

static void
test_properties_iri_string_json (void)
{
  g_autofree char *path = iri_test_data_path ("iri-string/iri-string-components-normalization.json");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  PropertyCounts counts = { 0, };

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  regex = g_regex_new ("\"(composed|normalized_uri|normalized_iri|normalized_uri_whatwg_like|normalized_iri_whatwg_like)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"",
                       0, 0, &error);
  g_assert_no_error (error);

  g_regex_match (regex, contents, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *raw = g_match_info_fetch (match, 2);
      g_autofree char *text = json_unescape (raw);

      check_properties ("iri-string-components-normalization.json", text, &counts);
      g_match_info_next (match, NULL);
    }

  g_test_message ("iri-string/iri-string-components-normalization.json: %u strings, %u URIs and %u IRIs (%u also through UTS #46, %u refused by it) keep the properties; "
                  "%u display-policy round trips (strict and permissive), %u with a label kept",
                  counts.n_strings, counts.n_uris, counts.n_iris, counts.n_idna_round_trips,
                  counts.n_idna_refused, counts.n_policy_round_trips, counts.n_labels_kept);
  g_assert_cmpuint (counts.n_strings, >, 100);
}

/* UTS #46 conformance: IdnaTestV2.txt (Unicode 15.0.0) */

/* Why libidn2 2.3.3 disagrees with a line of IdnaTestV2.txt. */
typedef enum {
  KNOWN_MISSED_STD3,       /* U1: UseSTD3ASCIIRules is off (sub-delims are legal in a reg-name) */
  KNOWN_MISSED_BIDI,       /* B*: the Bidi Rule is incomplete (no rule on LTR labels of a bidi domain name, none in transitional mode) */
  KNOWN_MISSED_CONTEXTJ,   /* C*: the CONTEXTJ rules of ZWJ/ZWNJ are not applied after mapping */
  KNOWN_MISSED_HYPHEN,     /* V2, V3: hyphen rules */
  KNOWN_MISSED_LENGTH,     /* A4: an empty name (the empty reg-name is valid in a URI) */
  KNOWN_MISSED_VALIDITY,   /* V5, V6, V7, P1: other validity criteria */
  KNOWN_FALSE_DISALLOWED,  /* libidn2 applies IDNA2008 DISALLOWED to UTS #46 NV8/XV8 characters (in transitional
                            * processing only to an A-label that also has a deviation character) */
  KNOWN_FALSE_OTHER,       /* libidn2 refuses a valid line for another reason */
  KNOWN_DIFFERENT_OUTPUT,  /* both succeed with different results */
  N_KNOWN,
} KnownReason;

static const char *const known_names[N_KNOWN] = {
  "missed-std3", "missed-bidi", "missed-contextj", "missed-hyphen", "missed-length",
  "missed-validity", "false-disallowed", "false-other", "different-output",
};

/* The lines of IdnaTestV2.txt where a libidn2 release and the file
 * disagree, per reason, as comma-separated line numbers and ranges.
 * Each release whose results were recorded has its own tables (see
 * known_sets below).  Regenerate with IRI_TEST_REGENERATE=1 (prints one
 * line per failure; build-aux has no script for it, the lines are
 * grouped into ranges by hand or with a one-liner). */
typedef struct {
  KnownReason  reason;
  guint        count;
  const char  *lines;
} KnownFailures;

/* libidn2 2.3.3 (Debian 12). */
static const KnownFailures known_2_3_3_nontransitional[] = {
  { KNOWN_MISSED_BIDI, 46,
    "110-114,120-124,127-136,439-442,477-478,530-531,536-541,2694-2697,"
    "4551,4554-4555,4557-4558,4632-4634"
  },
  { KNOWN_FALSE_DISALLOWED, 56,
    "192-195,312-313,829-833,1241,1243,1246-1247,1250-1251,1253,1255,"
    "1492-1505,1915-1917,1920,2708-2709,3096-3097,4001-4002,4289-4290,"
    "4444-4448,4649-4650,5429-5430,6313-6314"
  },
  { KNOWN_MISSED_LENGTH, 1,
    "488"
  },
  { KNOWN_MISSED_STD3, 1,
    "532"
  },
  { KNOWN_MISSED_VALIDITY, 34,
    "571,1927-1929,2466,3393,3395,3398-3399,3402-3404,3406-3407,3410,3788,"
    "4113,4117,4121-4122,4884,4886,4888,5100,5435,5437,5440-5441,5444-5446,"
    "5448-5449,5452"
  },
};

static const KnownFailures known_2_3_3_transitional[] = {
  { KNOWN_MISSED_BIDI, 491,
    "105-114,120-124,127-136,162-164,166-169,182-183,185-187,439-442,"
    "447-449,454-456,461-468,473-478,530-531,536-541,700-702,713,716-717,"
    "749-750,800-801,851-853,874-882,1020-1022,1035-1042,1067-1069,"
    "1163-1167,1170-1171,1213-1214,1217-1218,1222,1261-1263,1288-1289,"
    "1360-1364,1366-1371,1373-1376,1506-1510,1596,1598,1601-1602,1604,"
    "1704-1708,1724-1726,1810,1812,1819,1821-1822,1826,1828,1850,1854,1857,"
    "1876,1880,2020-2021,2025,2058,2060,2107-2108,2112,2120-2126,2129,"
    "2145-2147,2211-2214,2272-2274,2393-2395,2408,2410,2412,2489-2493,"
    "2495-2498,2511-2513,2557-2561,2584-2586,2647-2648,2650,2668,2670,2673,"
    "2675,2694-2697,2713-2714,2739-2741,2774-2778,2780-2783,2811-2815,"
    "2873-2874,2876,3019-3023,3048-3052,3054-3057,3166-3175,3217-3221,3260,"
    "3263-3264,3275-3276,3309-3321,3335-3337,3449-3453,3459-3465,3467-3468,"
    "3493,3495-3497,3503,3505-3508,3512-3513,3592,3594,3596,3676-3678,3689,"
    "3691,3694-3695,3697-3698,3700-3701,3860-3861,4235-4236,4309-4310,"
    "4313-4315,4317-4318,4321-4322,4324,4326-4328,4405,4407,4456-4458,"
    "4460-4468,4470-4471,4473-4478,4551,4554-4555,4557-4558,4577,4580-4581,"
    "4583-4584,4586,4632-4634,4662-4664,4720-4722,4735-4739,4760-4761,"
    "4782-4784,4828-4832,4834-4835,4902-4903,5015-5016,5018,5043,5045,5047,"
    "5154-5157,5257-5261,5300-5301,5318,5320,5322,5556-5560,5568-5569,5571,"
    "5619-5620,5634-5639,5692-5693,5697,5798-5799,5801,5905-5906,5910,"
    "5920-5924,5926-5927,5949-5951,5957-5958,5973-5974,5978,6026-6027,6031,"
    "6106-6107,6126-6130,6164-6165"
  },
  { KNOWN_MISSED_LENGTH, 1,
    "488"
  },
  { KNOWN_MISSED_STD3, 1,
    "532"
  },
  { KNOWN_MISSED_VALIDITY, 55,
    "570-571,1927-1929,2322,2324,2326,2464-2466,2470-2471,3192-3196,3393,"
    "3395,3398-3399,3402-3404,3406-3407,3410,3787-3788,3793,4113,4117,"
    "4121-4122,4884,4886,4888,5096-5100,5337-5338,5435,5437,5440-5441,"
    "5444-5446,5448-5449,5452"
  },
  { KNOWN_FALSE_DISALLOWED, 1,
    "1501"
  },
};

/* libidn2 2.3.8 (Debian 13). */
static const KnownFailures known_2_3_8_nontransitional[] = {
  { KNOWN_MISSED_BIDI, 41,
    "110-114,120-124,127-136,439-442,477-478,530-531,536-541,2694-2697,"
    "4632-4634"
  },
  { KNOWN_FALSE_DISALLOWED, 56,
    "192-195,312-313,829-833,1241,1243,1246-1247,1250-1251,1253,1255,"
    "1492-1505,1915-1917,1920,2708-2709,3096-3097,4001-4002,4289-4290,"
    "4444-4448,4649-4650,5429-5430,6313-6314"
  },
  { KNOWN_MISSED_LENGTH, 1,
    "488"
  },
  { KNOWN_MISSED_STD3, 1,
    "532"
  },
};

static const KnownFailures known_2_3_8_transitional[] = {
  { KNOWN_MISSED_BIDI, 489,
    "105-114,120-124,127-136,162-164,166-169,182-183,185-187,439-442,"
    "447-449,454-456,461-468,473-478,530-531,536-541,700-702,713,716-717,"
    "749-750,800-801,851-853,874-882,1020-1022,1035-1042,1067-1069,"
    "1163-1167,1170-1171,1213-1214,1217-1218,1222,1261-1263,1288-1289,"
    "1360-1364,1366-1371,1373-1376,1506-1510,1596,1598,1601-1602,1604,"
    "1704-1708,1724-1726,1810,1812,1819,1821-1822,1826,1828,1850,1854,"
    "1857,1876,1880,2020-2021,2025,2058,2060,2107-2108,2112,2120-2126,"
    "2129,2145-2147,2211-2214,2272-2274,2393-2395,2408,2410,2412,"
    "2489-2493,2495-2498,2511-2513,2557-2561,2584-2586,2647-2648,2650,"
    "2668,2670,2673,2675,2694-2697,2713-2714,2739-2741,2774-2778,"
    "2780-2783,2811-2815,2873-2874,2876,3019-3023,3048-3052,3054-3057,"
    "3166-3175,3217-3221,3260,3263-3264,3275-3276,3309-3321,3335-3337,"
    "3449-3453,3459-3465,3467-3468,3493,3495-3497,3503,3505-3508,"
    "3512-3513,3592,3594,3596,3676-3678,3689,3691,3694-3695,3697,"
    "3700-3701,3860-3861,4235-4236,4309-4310,4313-4315,4317-4318,"
    "4321-4322,4324,4326-4328,4405,4407,4456-4458,4460-4468,4470-4471,"
    "4473-4478,4551,4554-4555,4557,4577,4580-4581,4583-4584,4586,"
    "4632-4634,4662-4664,4720-4722,4735-4739,4760-4761,4782-4784,"
    "4828-4832,4834-4835,4902-4903,5015-5016,5018,5043,5045,5047,"
    "5154-5157,5257-5261,5300-5301,5318,5320,5322,5556-5560,5568-5569,"
    "5571,5619-5620,5634-5639,5692-5693,5697,5798-5799,5801,5905-5906,"
    "5910,5920-5924,5926-5927,5949-5951,5957-5958,5973-5974,5978,"
    "6026-6027,6031,6106-6107,6126-6130,6164-6165"
  },
  { KNOWN_MISSED_LENGTH, 1,
    "488"
  },
  { KNOWN_MISSED_STD3, 1,
    "532"
  },
  { KNOWN_MISSED_VALIDITY, 52,
    "570-571,1927-1929,2322,2324,2326,2464-2466,2470-2471,3192-3196,3393,"
    "3395,3398-3399,3402-3403,3406-3407,3410,3787-3788,3793,4113,4117,"
    "4121,4884,4886,4888,5096-5100,5337-5338,5435,5437,5440-5441,"
    "5444-5445,5448-5449,5452"
  },
  { KNOWN_FALSE_DISALLOWED, 1,
    "1501"
  },
};

/* The libidn2 releases whose results on IdnaTestV2.txt are recorded,
 * oldest first.  With one of these at run time, exactly its lines must
 * fail, for exactly their reasons: a change either way means that our
 * mapping changed, and is an error.  With another release, the tables
 * of the newest recorded release older than it are used, and only a
 * new failure (a line not in them, or failing for another reason) is
 * an error: a later libidn2 that fixes a line is reported in the test
 * log, so the tables can be recorded for it, but it does not fail. */
typedef struct {
  const char          *version;
  const KnownFailures *nontransitional;
  gsize                n_nontransitional;
  const KnownFailures *transitional;
  gsize                n_transitional;
} KnownSet;

#define KNOWN_SET(major, minor, micro) \
  { #major "." #minor "." #micro, \
    known_##major##_##minor##_##micro##_nontransitional, \
    G_N_ELEMENTS (known_##major##_##minor##_##micro##_nontransitional), \
    known_##major##_##minor##_##micro##_transitional, \
    G_N_ELEMENTS (known_##major##_##minor##_##micro##_transitional) }

static const KnownSet known_sets[] = {
  KNOWN_SET (2, 3, 3),
  KNOWN_SET (2, 3, 8),
};

/* The tables for the libidn2 in use, and whether they are its own. */
static const KnownSet *
find_known_set (gboolean *exact)
{
  const char *running = idn2_check_version (NULL);
  const KnownSet *found = &known_sets[0];

  for (gsize i = 0; i < G_N_ELEMENTS (known_sets); i++)
    {
      /* idn2_check_version() is the library's own comparison: non-NULL
       * when the running libidn2 is at least the version asked for. */
      if (idn2_check_version (known_sets[i].version) != NULL)
        found = &known_sets[i];
    }
  *exact = g_str_equal (running, found->version);
  g_test_message ("libidn2 %s: expected failures of libidn2 %s (%s)", running, found->version,
                  *exact ? "exact" : "a fixed line is reported, a new failure is an error");
  return found;
}

/* Line number → KnownReason + 1. */
static GHashTable *
load_known (const KnownFailures *table,
            gsize                n)
{
  GHashTable *known = g_hash_table_new (NULL, NULL);

  for (gsize i = 0; i < n; i++)
    {
      g_auto(GStrv) items = g_strsplit (table[i].lines, ",", -1);
      guint count = 0;

      for (guint k = 0; items[k] != NULL; k++)
        {
          char *dash = strchr (items[k], '-');
          guint64 first = g_ascii_strtoull (items[k], NULL, 10);
          guint64 last = dash != NULL ? g_ascii_strtoull (dash + 1, NULL, 10) : first;

          g_assert_cmpuint (first, <=, last);
          for (guint64 line = first; line <= last; line++, count++)
            {
              g_assert_false (g_hash_table_contains (known, GUINT_TO_POINTER (line)));
              g_hash_table_insert (known, GUINT_TO_POINTER (line), GUINT_TO_POINTER (table[i].reason + 1));
            }
        }
      g_assert_cmpuint (count, ==, table[i].count);
    }

  return known;
}

static void
unescape_idna_field (const char *field,
                     char      **out)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (field));

  *out = iri_test_unescape (trimmed);
}

static gboolean
status_has (const char *status,
            const char *prefix)
{
  return strstr (status, prefix) != NULL;
}

static KnownReason
classify_failure (const char *status,
                  const char *ours,
                  GError     *error)
{
  if (ours != NULL && status[0] != '\0')
    {
      /* An error was expected and libidn2 found none: say which check it
       * lacks, the most specific first. */
      if (status_has (status, "B"))
        return KNOWN_MISSED_BIDI;
      if (status_has (status, "C"))
        return KNOWN_MISSED_CONTEXTJ;
      if (status_has (status, "V2") || status_has (status, "V3"))
        return KNOWN_MISSED_HYPHEN;
      if (status_has (status, "A4") || status_has (status, "X4"))
        return KNOWN_MISSED_LENGTH;
      /* Unicode 15.0's file marks STD3 violations P1 or U1: the result
       * has ASCII other than letters, digits, hyphens and dots. */
      if (status_has (status, "U1") || strspn (ours, "abcdefghijklmnopqrstuvwxyz0123456789-.") != strlen (ours))
        return KNOWN_MISSED_STD3;
      return KNOWN_MISSED_VALIDITY;
    }
  if (ours == NULL)
    {
      if (strstr (error->message, REASON_DISALLOWED) != NULL)
        return KNOWN_FALSE_DISALLOWED;
      return KNOWN_FALSE_OTHER;
    }
  return KNOWN_DIFFERENT_OUTPUT;
}

static void
run_idna_test_v2 (IriHostMapping mapping)
{
  gboolean transitional = mapping == IRI_HOST_MAPPING_UTS46_TRANSITIONAL;
  gboolean exact;
  const KnownSet *set = find_known_set (&exact);
  g_autoptr(GHashTable) known = transitional ? load_known (set->transitional, set->n_transitional)
                                             : load_known (set->nontransitional, set->n_nontransitional);
  g_autofree char *path = iri_test_data_path ("idna-15.0.0/IdnaTestV2.txt");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines = 0, n_pass = 0, n_fail = 0, n_fixed = 0;
  guint per_reason[N_KNOWN] = { 0, };
  gboolean regenerate = g_getenv ("IRI_TEST_REGENERATE") != NULL;
  gboolean mismatch = FALSE;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint line = i + 1;
      char *hash = strchr (lines[i], '#');
      g_auto(GStrv) fields = NULL;
      g_autofree char *source = NULL;
      g_autofree char *to_unicode = NULL;
      g_autofree char *to_ascii_n = NULL;
      g_autofree char *to_ascii_t = NULL;
      g_autofree char *ours = NULL;
      g_autoptr(GError) ours_error = NULL;
      const char *unicode_status, *n_status, *t_status;
      const char *expected, *status;
      gboolean pass;
      guint k;

      if (hash != NULL)
        *hash = '\0';
      if (g_strstrip (lines[i])[0] == '\0')
        continue;

      fields = g_strsplit (lines[i], ";", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 7);
      for (guint f = 0; f < 7; f++)
        g_strstrip (fields[f]);

      /* The blank-field conventions of the file's header. */
      unescape_idna_field (fields[0], &source);
      unescape_idna_field (fields[1][0] != '\0' ? fields[1] : fields[0], &to_unicode);
      unicode_status = fields[2];
      unescape_idna_field (fields[3][0] != '\0' ? fields[3] : (fields[1][0] != '\0' ? fields[1] : fields[0]),
                           &to_ascii_n);
      n_status = fields[4][0] != '\0' ? fields[4] : unicode_status;
      unescape_idna_field (fields[5][0] != '\0' ? fields[5] : (fields[3][0] != '\0' ? fields[3] :
                                                               fields[1][0] != '\0' ? fields[1] : fields[0]),
                           &to_ascii_t);
      t_status = fields[6][0] != '\0' ? fields[6] : n_status;

      expected = transitional ? to_ascii_t : to_ascii_n;
      status = transitional ? t_status : n_status;
      if (g_str_equal (status, "[]"))
        status = "";

      n_lines++;
      ours = iri_host_to_ascii (source, -1, mapping, &ours_error);
      if (status[0] != '\0')
        pass = ours == NULL;
      else
        pass = ours != NULL && g_str_equal (ours, expected);

      k = GPOINTER_TO_UINT (g_hash_table_lookup (known, GUINT_TO_POINTER (line)));
      if (pass)
        {
          n_pass++;
          if (k != 0)
            {
              g_test_message ("IdnaTestV2.txt line %u now passes (was known: %s)", line, known_names[k - 1]);
              n_fixed++;
              if (exact)
                mismatch = TRUE;
            }
          continue;
        }

      n_fail++;
      {
        KnownReason reason = classify_failure (status, ours, ours_error);

        per_reason[reason]++;
        if (regenerate)
          g_print ("  { %u, %s },\n", line,
                   (const char *[]) { "KNOWN_MISSED_STD3", "KNOWN_MISSED_BIDI", "KNOWN_MISSED_CONTEXTJ",
                                      "KNOWN_MISSED_HYPHEN", "KNOWN_MISSED_LENGTH", "KNOWN_MISSED_VALIDITY",
                                      "KNOWN_FALSE_DISALLOWED", "KNOWN_FALSE_OTHER",
                                      "KNOWN_DIFFERENT_OUTPUT" }[reason]);
        if (k != reason + 1)
          {
            g_test_message ("IdnaTestV2.txt line %u (%s): “%s” expected %s%s, got %s (%s; known: %s)",
                            line, transitional ? "toAsciiT" : "toAsciiN", source,
                            status[0] != '\0' ? "error " : "", status[0] != '\0' ? status : expected,
                            ours != NULL ? ours : ours_error->message, known_names[reason],
                            k != 0 ? known_names[k - 1] : "no");
            mismatch = TRUE;
          }
      }
    }

  g_test_message ("IdnaTestV2.txt %s: %u lines, %u pass, %u fail",
                  transitional ? "toAsciiT (UTS46_TRANSITIONAL)" : "toAsciiN (UTS46)",
                  n_lines, n_pass, n_fail);
  for (guint r = 0; r < N_KNOWN; r++)
    {
      if (per_reason[r] > 0)
        g_test_message ("  %s: %u", known_names[r], per_reason[r]);
    }

  if (n_fixed > 0)
    g_test_message ("%u known failures of libidn2 %s pass with libidn2 %s", n_fixed, set->version,
                    idn2_check_version (NULL));

  g_assert_cmpuint (n_lines, ==, 6235);
  /* Every failure is a known one (mismatch is set otherwise), so this
   * only adds that, with the release's own tables, none was fixed. */
  g_assert_cmpuint (n_fail + n_fixed, ==, g_hash_table_size (known));
  g_assert_false (mismatch);
}

static void
test_idna_test_v2_nontransitional (void)
{
  run_idna_test_v2 (IRI_HOST_MAPPING_UTS46);
}

static void
test_idna_test_v2_transitional (void)
{
  run_idna_test_v2 (IRI_HOST_MAPPING_UTS46_TRANSITIONAL);
}

/* iri_idna_lookup_idna2008() converts label by label, keeping each
 * label's result, what libidn2 does for the whole name in one call: it
 * must give the same code and the same name for every input, a second
 * time too (from its labels' cache).  The inputs: the source and
 * toUnicode fields of IdnaTestV2.txt, and names at the limits of the
 * lengths that libidn2 checks between labels. */
static void
check_lookup_by_label (const char *name,
                       guint      *n_checked)
{
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autofree char *ours = NULL;
      uint8_t *theirs = NULL;
      int ours_rc = iri_idna_lookup_idna2008 (name, &ours);
      int theirs_rc = idn2_lookup_u8 ((const uint8_t *) name, &theirs, IDN2_NO_TR46);

      if (ours_rc != theirs_rc)
        g_test_message ("“%s”: %s, libidn2 %s", name, idn2_strerror (ours_rc), idn2_strerror (theirs_rc));
      g_assert_cmpint (ours_rc, ==, theirs_rc);
      if (theirs_rc == IDN2_OK)
        g_assert_cmpstr (ours, ==, (const char *) theirs);
      else
        g_assert_null (ours);
      idn2_free (theirs);
    }
  (*n_checked)++;
}

static void
test_idna_lookup_by_label (void)
{
  g_autofree char *path = iri_test_data_path ("idna-15.0.0/IdnaTestV2.txt");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) name = g_string_new (NULL);
  guint n_checked = 0;
  static const char * const names[] = {
    "", ".", "..", "a..b", "example.", "www.example.com",
    "XN--BCHER-KVA.de", "xn--bcher-kva.de", "xn--bcher-kvb.de", "xn--.de", "xn--a.de",
    "bücher.de", "bücher.bücher.bücher", "שלום.ישראל", "пример.рф", "例子.中国",
    "a\u200Db.de", "ab--cd.de", "-ab.de", "ab-.de",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *unescaped = iri_test_unescape (names[i]);

      check_lookup_by_label (unescaped, &n_checked);
    }

  /* 63 and 64 octets in one label, ASCII or becoming an A-label. */
  for (guint n = 62; n <= 65; n++)
    {
      g_string_truncate (name, 0);
      for (guint i = 0; i < n; i++)
        g_string_append_c (name, 'a');
      check_lookup_by_label (name->str, &n_checked);
      g_string_append (name, ".de");
      check_lookup_by_label (name->str, &n_checked);
    }
  for (guint n = 15; n <= 30; n++)
    {
      g_string_assign (name, "x");
      for (guint i = 0; i < n; i++)
        g_string_append (name, "ש");
      check_lookup_by_label (name->str, &n_checked);
    }

  /* Names around 253–255 octets, in labels of one to five letters, with
   * and without a trailing dot, some labels converted. */
  for (guint label = 1; label <= 5; label++)
    {
      for (guint total = 245; total <= 260; total++)
        {
          g_string_truncate (name, 0);
          while (name->len + label + 1 <= total)
            {
              for (guint i = 0; i < label; i++)
                g_string_append_c (name, 'a' + (name->len % 26));
              g_string_append_c (name, '.');
            }
          check_lookup_by_label (name->str, &n_checked);
          g_string_truncate (name, name->len - 1);
          check_lookup_by_label (name->str, &n_checked);
          g_string_append (name, ".ü");
          check_lookup_by_label (name->str, &n_checked);
          g_string_prepend (name, "ü.");
          check_lookup_by_label (name->str, &n_checked);
        }
    }

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      char *hash = strchr (lines[i], '#');

      if (hash != NULL)
        *hash = '\0';
      fields = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (fields) < 2)
        continue;
      for (guint f = 0; f < 2; f++)
        {
          g_autofree char *field = NULL;

          unescape_idna_field (fields[f], &field);
          if (field[0] != '\0' && strchr (field, '\\') == NULL)
            check_lookup_by_label (field, &n_checked);
        }
    }
  g_test_message ("%u names: the same as libidn2's lookup", n_checked);
  g_assert_cmpuint (n_checked, >, 11000);
}

/* The labels' cache is shared by all threads (iri check --jobs): threads
 * that look the same new labels up at the same time, past the cache's
 * size so that it is also emptied under them, each get libidn2's answer.
 * A thread once read its entry after another had replaced and freed it
 * (found by iri check --jobs 4 giving hosts that UTS #46 "maps to
 * U+007F"). */
#define SHARED_N_LABELS 12000
#define SHARED_N_THREADS 4

typedef struct {
  char   **names;
  char   **expected;
  gint     n_wrong;
  gint     n_waiting;
} SharedLookup;

static gpointer
shared_lookup_cb (gpointer user_data)
{
  SharedLookup *shared = user_data;

  /* All threads start together and go through the names in the same
   * order, so that they ask for each label at about the same time. */
  g_atomic_int_dec_and_test (&shared->n_waiting);
  while (g_atomic_int_get (&shared->n_waiting) > 0)
    g_thread_yield ();
  for (guint i = 0; i < SHARED_N_LABELS; i++)
    {
      g_autofree char *ours = NULL;
      int rc = iri_idna_lookup_idna2008 (shared->names[i], &ours);

      if (rc != IDN2_OK || g_strcmp0 (ours, shared->expected[i]) != 0)
        g_atomic_int_inc (&shared->n_wrong);
    }
  return NULL;
}

static void
test_idna_lookup_by_label_threads (void)
{
  SharedLookup shared = { 0, };
  GThread *threads[SHARED_N_THREADS];

  shared.names = g_new0 (char *, SHARED_N_LABELS + 1);
  shared.expected = g_new0 (char *, SHARED_N_LABELS + 1);
  for (guint i = 0; i < SHARED_N_LABELS; i++)
    {
      uint8_t *theirs = NULL;

      /* A label of this test only (not in the cache yet), right to left
       * with digits at its end, as the bidi rule of IDNA2008 allows. */
      shared.names[i] = g_strdup_printf ("ab.\u05D1\u05D3\u05D9\u05E7\u05D4%u", i);
      g_assert_cmpint (idn2_lookup_u8 ((const uint8_t *) shared.names[i], &theirs, IDN2_NO_TR46), ==, IDN2_OK);
      shared.expected[i] = g_strdup ((const char *) theirs);
      idn2_free (theirs);
    }

  shared.n_waiting = SHARED_N_THREADS;
  for (guint t = 0; t < SHARED_N_THREADS; t++)
    threads[t] = g_thread_new ("lookup", shared_lookup_cb, &shared);
  for (guint t = 0; t < SHARED_N_THREADS; t++)
    g_thread_join (threads[t]);

  g_assert_cmpint (shared.n_wrong, ==, 0);
  g_strfreev (shared.names);
  g_strfreev (shared.expected);
}

/* iri-idna-fast.c against libidn2: where the fast path answers for a
 * label, libidn2 gives the same A-label (and does not refuse it).
 * Returns whether the fast path answered. */
static gboolean
fast_matches_libidn2 (const char *label)
{
  char ours[IDN2_LABEL_MAX_LENGTH + 1];
  gsize length = 0;
  uint8_t *theirs = NULL;
  int rc;

  if (!iri_idna_fast_lookup_label (label, strlen (label), ours, sizeof ours, &length))
    return FALSE;
  rc = idn2_lookup_u8 ((const uint8_t *) label, &theirs, IDN2_NO_TR46);
  if (rc != IDN2_OK || strlen ((const char *) theirs) != length || memcmp (ours, theirs, length) != 0)
    g_error ("label “%s”: fast path “%.*s”, libidn2 %s “%s”", label, (int) length, ours,
             idn2_strerror_name (rc), theirs != NULL ? (const char *) theirs : "");
  idn2_free (theirs);

  /* And its A-label decodes back to it without libidn2. */
  {
    char decoded[IDN2_LABEL_MAX_LENGTH * 4];
    gsize decoded_length = 0;

    if (!iri_idna_fast_decode_label (ours, length, decoded, sizeof decoded, &decoded_length) ||
        decoded_length != strlen (label) || memcmp (decoded, label, decoded_length) != 0)
      g_error ("label “%s”: its A-label “%.*s” does not decode back on the fast path", label, (int) length, ours);
  }
  return TRUE;
}

/* iri_idna_fast_decode_label() against libidn2: where it answers for
 * an A-label, libidn2 decodes the A-label to the same U-label, and the
 * U-label's IDNA2008 lookup gives the A-label back.  Returns whether it
 * answered. */
static gboolean
fast_decode_matches_libidn2 (const char *a_label)
{
  char ours[IDN2_LABEL_MAX_LENGTH * 4];
  gsize length = 0;
  char *theirs = NULL;
  uint8_t *again = NULL;
  int rc;

  if (!iri_idna_fast_decode_label (a_label, strlen (a_label), ours, sizeof ours, &length))
    return FALSE;
  rc = idn2_to_unicode_8z8z (a_label, &theirs, 0);
  if (rc != IDN2_OK || strlen (theirs) != length || memcmp (ours, theirs, length) != 0)
    g_error ("A-label “%s”: fast path “%.*s”, libidn2 %s “%s”", a_label, (int) length, ours,
             idn2_strerror_name (rc), theirs != NULL ? theirs : "");
  rc = idn2_lookup_u8 ((const uint8_t *) theirs, &again, IDN2_NO_TR46);
  if (rc != IDN2_OK || strcmp ((const char *) again, a_label) != 0)
    g_error ("A-label “%s”: decoded to “%s”, which libidn2 looks up as %s “%s”", a_label, theirs,
             idn2_strerror_name (rc), again != NULL ? (const char *) again : "");
  idn2_free (theirs);
  idn2_free (again);
  return TRUE;
}

/* A-labels: valid ones it decodes, and what it must leave to libidn2
 * (not punycode, overflowing, upper case, nothing outside ASCII, a
 * U-label that IDNA2008 refuses or that another A-label encodes), then
 * random strings after "xn--" of the letters, digits and hyphens an
 * A-label has, where wherever it answers libidn2 agrees. */
static void
test_idna_fast_decode (void)
{
  static const struct {
    const char *a_label;
    const char *u_label;
  } decoded[] = {
    { "xn--bcher-kva", "b\u00FCcher" },
    { "xn--4dbrk0ce", "\u05D9\u05E9\u05E8\u05D0\u05DC" },
    { "xn--mgbh0fb", "\u0645\u062B\u0627\u0644" },
    { "xn--p1ai", "\u0440\u0444" },
    { "xn--h2brj9c", "\u092D\u093E\u0930\u0924" },
    { "xn--wgv71a119e", "\u65E5\u672C\u8A9E" },
  };
  static const char * const declined[] = {
    "xn--", "xn---", "xn--a", "xn--abc-", "xn---kva", "xn--bcher-kv!",
    "xn--BCHER-KVA",                  /* upper case: the caller folds it */
    "xn--bcher-kva-",                 /* all before the last hyphen: ASCII only */
    "xn--99999999999999999a", "xn--zzzzzzzzzzzzzzzzzzzzzzzz", /* overflow */
    "xn--ab-g4t",                     /* a U+202E b: not IDNA2008 */
    "xn--80ak6aa92e0",                /* not punycode to the end */
    "xn--bcher-kva.de",               /* not one label */
    "xn--ls8h",                       /* an emoji */
  };
  static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789-";
  g_autoptr(GRand) rand = g_rand_new_with_seed (3492);
  char out[IDN2_LABEL_MAX_LENGTH * 4];
  gsize length;
  guint answered = 0;

  for (guint i = 0; i < G_N_ELEMENTS (decoded); i++)
    {
      g_autofree char *expected = g_strcompress (decoded[i].u_label);

      g_assert_true (fast_decode_matches_libidn2 (decoded[i].a_label));
      g_assert_true (iri_idna_fast_decode_label (decoded[i].a_label, strlen (decoded[i].a_label),
                                                 out, sizeof out, &length));
      g_assert_cmpmem (out, length, expected, strlen (expected));
    }
  for (guint i = 0; i < G_N_ELEMENTS (declined); i++)
    g_assert_false (iri_idna_fast_decode_label (declined[i], strlen (declined[i]), out, sizeof out, &length));
  /* No room: declined, nothing written past it. */
  g_assert_false (iri_idna_fast_decode_label ("xn--bcher-kva", 13, out, 4, &length));

  for (guint i = 0; i < 200000; i++)
    {
      char a_label[IDN2_LABEL_MAX_LENGTH + 1] = "xn--";
      guint n = g_rand_int_range (rand, 1, 12);

      for (guint k = 0; k < n; k++)
        a_label[4 + k] = digits[g_rand_int_range (rand, 0, sizeof digits - 1)];
      a_label[4 + n] = '\0';
      if (fast_decode_matches_libidn2 (a_label))
        answered++;
    }
  g_test_message ("the fast path decoded %u of 200000 random A-labels", answered);
  g_assert_cmpuint (answered, >, 1000);
}

/* Every code point of the Basic Multilingual Plane and of the planes
 * after it (every one with -m thorough, one in seven otherwise: the
 * rest of the code space is unassigned or CJK of the same properties),
 * alone and beside a Latin letter, a Hebrew letter, a digit and a
 * hyphen, where the bidi rule and the hyphen rules bear on it. */
static void
test_idna_fast_code_points (void)
{
  static const char * const around[][2] = {
    { "", "" }, { "a", "" }, { "", "a" }, { "\u05D0", "" }, { "", "\u05D0" },
    { "", "1" }, { "1", "" }, { "a-", "" }, { "\u05D0-", "" }, { "", "-\u05D0" }, { "\u05D0", "\u05D0" },
  };
  guint step_above_bmp = g_test_thorough () ? 1 : 7;
  guint answered = 0, rtl_answered = 0;

  for (gunichar c = 0x80; c <= 0x10FFFF; c += c < 0x10000 ? 1 : step_above_bmp)
    {
      char utf8[7];
      int n;

      if (c >= 0xD800 && c <= 0xDFFF)
        continue;
      n = g_unichar_to_utf8 (c, utf8);
      utf8[n] = '\0';
      for (guint i = 0; i < G_N_ELEMENTS (around); i++)
        {
          g_autofree char *label = g_strconcat (around[i][0], utf8, around[i][1], NULL);

          if (fast_matches_libidn2 (label))
            {
              answered++;
              if (i >= 3 && strstr (label, "\u05D0") != NULL)
                rtl_answered++;
            }
        }
    }
  g_test_message ("the fast path answered for %u labels, %u of them right to left", answered, rtl_answered);
  /* Not a test that passes by answering nothing: the letters of the
   * world's scripts are most of these. */
  g_assert_cmpuint (answered, >, 100000);
  g_assert_cmpuint (rtl_answered, >, 1000);
}

/* Labels of letters of several scripts, digits, hyphens, and code
 * points the fast path must leave to libidn2 (contextual rules, marks,
 * upper case, symbols, ZWJ), at random. */
static void
test_idna_fast_random_labels (void)
{
  static const char * const pool[] = {
    "a", "b", "z", "0", "7", "-", "-",
    "\u05D0", "\u05E9", "\u05DC", "\u05DD",               /* Hebrew */
    "\u0627", "\u0644", "\u0645", "\u0628", "\u0622",     /* Arabic */
    "\u0431", "\u0434", "\u044F",                         /* Cyrillic */
    "\u03B1", "\u03C2", "\u03C9",                         /* Greek, final sigma */
    "\u65E5", "\u672C", "\u30AB", "\u3042",               /* Han, Katakana, Hiragana */
    "\u00E9", "\u00DF", "\u0131",                         /* é, ß, dotless i */
    "\u0660", "\u06F0", "\u00B7", "\u0375", "\u05F3", "\u30FB", "\u200C", "\u200D",
    "\u0301", "\u05B0", "\u064B", "\u3099",               /* combining marks */
    "\u0915", "\u0928", "\u0929", "\u093C", "\u093E", "\u094D", /* Devanagari: ऩ is न + nukta */
    "\u0995", "\u09C7", "\u09BE",                        /* Bengali: ে + া compose to ো */
    "\u0E01", "\u0E31", "\u0E48", "\u0E4C",               /* Thai letter and marks */
    "\u30A2", "\u30AB", "e", "\u0327", "\u0316", "\u036F", /* kana; marks of several classes */
    "A", "\u0410", "_", "\u2215", "\u0640", "\u06DD", "\u05BE",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5891);
  guint answered = 0;

  for (guint i = 0; i < 40000; i++)
    {
      g_autoptr(GString) label = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 1, 12);

      for (guint k = 0; k < n; k++)
        g_string_append (label, pool[g_rand_int_range (rand, 0, G_N_ELEMENTS (pool))]);
      if (fast_matches_libidn2 (label->str))
        answered++;
    }
  g_test_message ("the fast path answered for %u of 40000 random labels", answered);
  g_assert_cmpuint (answered, >, 1000);
}

/* Labels with combining marks (Devanagari, Bengali, Tamil, Thai…):
 * the fast path answers for the common ones, as libidn2 does, and
 * leaves to libidn2 every label where a mark could compose with a
 * letter before it or is out of canonical order. */
static void
test_idna_fast_marks (void)
{
  static const char * const answered[] = {
    "\u092D\u093E\u0930\u0924",                         /* भारत */
    "\u0939\u093F\u0928\u094D\u0926\u0940",             /* हिन्दी */
    "\u09AC\u09BE\u0982\u09B2\u09BE",                   /* বাংলা */
    "\u0BA4\u0BAE\u0BBF\u0BB4\u0BCD",                   /* தமிழ் */
    "\u0E40\u0E27\u0E47\u0E1A\u0E44\u0E0B\u0E15\u0E4C", /* เว็บไซต์ */
    "\u0936\u093E\u0932\u093E2",                        /* a digit after a mark */
  };
  static const char * const declined[] = {
    "\u093E\u0915",          /* a mark first */
    "\u0928\u093C",          /* न + nukta: ऩ in NFC */
    "\u0995\u09C7\u09BE",    /* ে + া: ো in NFC */
    "e\u0327",                /* ȩ in NFC */
    "\u00E9\u0327",           /* é + cedilla: ȩ + acute in NFC */
    "b\u036F\u0316",          /* classes 230 then 220: reordered in NFC */
    "\u05E9\u05B0\u05DC",     /* a mark in a right-to-left label */
  };
  char out[IDN2_LABEL_MAX_LENGTH + 1];
  gsize length;

  for (guint i = 0; i < G_N_ELEMENTS (answered); i++)
    {
      g_test_message ("answered[%u]", i);
      g_assert_true (fast_matches_libidn2 (answered[i]));
    }
  for (guint i = 0; i < G_N_ELEMENTS (declined); i++)
    {
      g_test_message ("declined[%u]", i);
      g_assert_false (iri_idna_fast_lookup_label (declined[i], strlen (declined[i]), out, sizeof out, &length));
    }
}

/* Every combining mark of the Basic Multilingual Plane after letters
 * that compose with marks, decompose, or neither, alone and before
 * marks of other combining classes: wherever the fast path answers,
 * libidn2 gives the same A-label. */
static void
test_idna_fast_every_mark (void)
{
  static const char * const before[] = {
    "a", "e", "o", "u", "\u00E9", "\u01D8", "\u03B1", "\u03AC", "\u0438", "\u0439",
    "\u05D0", "\u0627", "\u0915", "\u0928", "\u0929", "\u0995", "\u09C7", "\u0B47",
    "\u0BC6", "\u0CC6", "\u0D46", "\u0DD9", "\u0E01", "\u1025", "\u1B05", "\u304B",
    "\u30A2", "\u30AB", "\uAC00", "\u4E00",
  };
  static const gunichar after[] = { 0, 0x0316, 0x0327, 0x0334, 0x036F, 0x093C, 0x094D, 0x0E48 };
  guint answered = 0;

  for (gunichar c = 0x80; c < 0x10000; c++)
    {
      if (!g_unichar_ismark (c))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (before); i++)
        {
          for (guint k = 0; k < G_N_ELEMENTS (after); k++)
            {
              g_autoptr(GString) label = g_string_new (before[i]);

              g_string_append_unichar (label, c);
              if (after[k] != 0)
                g_string_append_unichar (label, after[k]);
              if (fast_matches_libidn2 (label->str))
                answered++;
            }
        }
    }
  g_test_message ("the fast path answered for %u labels with marks", answered);
  g_assert_cmpuint (answered, >, 10000);
}

/* What the fast path leaves to libidn2 whatever its code points. */
static void
test_idna_fast_declines (void)
{
  static const char * const labels[] = {
    "abc",                       /* ASCII: not a U-label */
    "-\u05E9\u05DC",             /* a hyphen first */
    "\u05E9\u05DC-",             /* last */
    "\u05E9\u05DC--\u05DD",      /* third and fourth */
    "1\u05E9\u05DC",             /* a right-to-left label starting with a digit */
    "\u05E9\u05DCa",             /* with a Latin letter */
    "\u05E9\u0660",              /* ARABIC-INDIC DIGIT ZERO (CONTEXTO) */
    "\u05E9\u05DC\u05B0",        /* a combining mark */
    "\u00C9",                    /* upper case */
    "a\u200Db\u00E9",            /* ZERO WIDTH JOINER (CONTEXTJ) */
  };
  g_autoptr(GString) long_label = g_string_new (NULL);
  char out[IDN2_LABEL_MAX_LENGTH + 1];
  gsize length;

  /* Bytes that are not UTF-8, or a NUL, within the length given. */
  static const char * const bad_bytes[] = { "\xC3", "\xD7\x90\xC3", "\xED\xA0\x80", "\xC0\xAF", "\xD7\x90\0\xD7\x91" };
  static const gsize bad_lengths[] = { 1, 3, 3, 2, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    g_assert_false (iri_idna_fast_lookup_label (labels[i], strlen (labels[i]), out, sizeof out, &length));
  for (guint i = 0; i < G_N_ELEMENTS (bad_bytes); i++)
    g_assert_false (iri_idna_fast_lookup_label (bad_bytes[i], bad_lengths[i], out, sizeof out, &length));

  /* Near the limit of 63 octets: where libidn2 refuses the label as
   * too long, the fast path has left it (fast_matches_libidn2() fails
   * otherwise); 64 code points never fit. */
  for (guint k = 0; k < 70; k++)
    {
      g_autoptr(GString) mixed = g_string_new (NULL);

      g_string_append_unichar (long_label, 0x05E9);
      for (guint i = 0; i <= k; i++)
        g_string_append_unichar (mixed, 0x05D0 + i % 27);
      fast_matches_libidn2 (long_label->str);
      fast_matches_libidn2 (mixed->str);
    }
  g_assert_false (iri_idna_fast_lookup_label (long_label->str, long_label->len, out, sizeof out, &length));
  g_assert_true (iri_idna_fast_lookup_label ("\u05E9\u05DC\u05D5\u05DD", 8, out, sizeof out, &length));
  g_assert_cmpmem (out, length, "xn--9dbne9b", 11);
  g_assert_false (iri_idna_fast_lookup_label ("\u05E9\u05DC\u05D5\u05DD", 8, out, 10, &length));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (to_uri_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/mapping/to-uri/examples/%s", to_uri_cases[i].name);
      g_test_add_data_func (path, &to_uri_cases[i], test_to_uri_case);
    }
  g_test_add_func ("/iri/mapping/to-uri/rfc3987", test_to_uri_rfc3987);
  g_test_add_func ("/iri/mapping/to-uri/reference", test_reference_to_uri);
  g_test_add_func ("/iri/mapping/to-uri/idna-error", test_to_uri_idna_error);
  g_test_add_func ("/iri/mapping/to-uri/ascii-host-rules", test_to_uri_ascii_host_rules);
  g_test_add_func ("/iri/mapping/to-uri/mapped-a-labels", test_to_uri_mapped_a_labels);
  g_test_add_func ("/iri/mapping/to-uri/reference-matches-text", test_to_uri_reference_matches_text);
  g_test_add_func ("/iri/mapping/host-to-ascii/rules", test_host_to_ascii_rules);
  g_test_add_func ("/iri/mapping/to-uri/explicit-length", test_explicit_length);

  for (guint i = 0; i < G_N_ELEMENTS (host_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/mapping/idna/host-modes/%s", host_cases[i].name);
      g_test_add_data_func (path, &host_cases[i], test_host_case);
    }
  g_test_add_func ("/iri/mapping/idna/failures", test_idna_failures);
  g_test_add_func ("/iri/mapping/idna/uts46-kept/libidn2", test_idna_uts46_kept_libidn2);
  g_test_add_func ("/iri/mapping/idna/uts46-kept/names", test_idna_uts46_kept_names);
  g_test_add_func ("/iri/mapping/idna/host-to-unicode", test_host_to_unicode);
  g_test_add_func ("/iri/mapping/idna/to-unicode-offsets", test_idna_to_unicode_offsets);
  g_test_add_func ("/iri/mapping/idna/idna-test-v2/nontransitional", test_idna_test_v2_nontransitional);
  g_test_add_func ("/iri/mapping/idna/idna-test-v2/transitional", test_idna_test_v2_transitional);
  g_test_add_func ("/iri/mapping/idna/lookup-by-label", test_idna_lookup_by_label);
  g_test_add_func ("/iri/mapping/idna/lookup-by-label-threads", test_idna_lookup_by_label_threads);
  g_test_add_func ("/iri/mapping/idna/fast/code-points", test_idna_fast_code_points);
  g_test_add_func ("/iri/mapping/idna/fast/random-labels", test_idna_fast_random_labels);
  g_test_add_func ("/iri/mapping/idna/fast/declines", test_idna_fast_declines);
  g_test_add_func ("/iri/mapping/idna/fast/marks", test_idna_fast_marks);
  g_test_add_func ("/iri/mapping/idna/fast/every-mark", test_idna_fast_every_mark);
  g_test_add_func ("/iri/mapping/idna/fast/decode", test_idna_fast_decode);

  for (guint i = 0; i < G_N_ELEMENTS (to_iri_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/mapping/to-iri/examples/%s", to_iri_cases[i].name);
      g_test_add_data_func (path, &to_iri_cases[i], test_to_iri_case);
    }
  g_test_add_func ("/iri/mapping/to-iri/rfc3987", test_to_iri_rfc3987);
  g_test_add_func ("/iri/mapping/to-iri/messages", test_to_iri_messages);
  g_test_add_func ("/iri/mapping/to-iri/never-unescape", test_to_iri_never_unescape);
  g_test_add_func ("/iri/mapping/display-safe", test_display_safe);
  g_test_add_func ("/iri/mapping/gettext-scoped", test_gettext_scoped);
  g_test_add_func ("/iri/mapping/char-describe", test_char_describe);
  g_test_add_func ("/iri/mapping/errors", test_errors);

  for (guint i = 0; i < G_N_ELEMENTS (property_files); i++)
    {
      g_autofree char *base = g_path_get_basename (property_files[i].relpath);
      g_autofree char *path = NULL;

      *strrchr (base, '.') = '\0';
      path = g_strdup_printf ("/iri/mapping/properties/%s", base);
      g_test_add_data_func (path, &property_files[i], test_properties_tsv);
    }
  for (guint i = 0; i < G_N_ELEMENTS (property_line_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/mapping/properties/%s", property_line_files[i]);

      g_test_add_data_func (path, property_line_files[i], test_properties_lines);
    }
  g_test_add_func ("/iri/mapping/properties/iri-string-components-normalization",
                   test_properties_iri_string_json);

  return g_test_run ();
}
