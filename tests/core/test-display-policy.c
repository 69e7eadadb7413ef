/* test-display-policy.c: what a person may see decoded (RFC 3987bis
 * §3.7, §5.1b; DESIGN.md §5a)
 *
 * The strict level keeps as the URI has it every host label that the
 * analysis flags; both levels keep look-alikes of delimiters encoded.
 * Cases are built from the Unicode data (confusables.txt prototypes of
 * "/", ".", ":", "?", "#", "@") and from labels written by hand.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-display-policy-private.h"
#include "iri-test-util.h"

static IriDisplayPolicy *
policy_new (IriDisplayLevel  level,
            const char      *known_host)
{
  IriDisplayPolicy *policy = iri_display_policy_new (level);

  if (known_host != NULL)
    {
      const char *hosts[] = { known_host, NULL };

      iri_display_policy_set_known_hosts (policy, hosts);
    }
  return policy;
}

/* iri_display_policy_reference_to_iri() on @uri parsed gives what
 * iri_display_policy_uri_to_iri() gave, @iri, with the same notes
 * (@diagnostics), and no list at all when there is no note. */
static void
check_reference_to_iri (IriDisplayPolicy *policy,
                        const char       *uri,
                        const char       *iri,
                        GPtrArray        *diagnostics)
{
  g_autoptr(IriReference) reference = iri_reference_parse_tolerant (uri, -1, IRI_PARSE_DEFAULT);
  g_autoptr(GListModel) model = NULL;
  g_autofree char *converted = iri_display_policy_reference_to_iri (policy, reference, IRI_TO_IRI_DEFAULT,
                                                                    &model);
  g_autofree char *without_notes = iri_display_policy_reference_to_iri (policy, reference,
                                                                        IRI_TO_IRI_DEFAULT, NULL);

  g_assert_cmpstr (converted, ==, iri);
  g_assert_cmpstr (without_notes, ==, iri);
  if (diagnostics->len == 0)
    {
      g_assert_null (model);
      return;
    }
  g_assert_nonnull (model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, diagnostics->len);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      IriDiagnostic *expected = g_ptr_array_index (diagnostics, i);
      g_autoptr(IriDiagnostic) d = g_list_model_get_item (model, i);
      IriSpan expected_span, span;

      iri_diagnostic_get_span (expected, &expected_span);
      iri_diagnostic_get_span (d, &span);
      g_assert_cmpstr (iri_diagnostic_get_code (d), ==, iri_diagnostic_get_code (expected));
      g_assert_cmpstr (iri_diagnostic_get_message (d), ==, iri_diagnostic_get_message (expected));
      g_assert_cmpint (iri_diagnostic_get_severity (d), ==, iri_diagnostic_get_severity (expected));
      g_assert_cmpuint (span.byte_start, ==, expected_span.byte_start);
      g_assert_cmpuint (span.byte_end, ==, expected_span.byte_end);
      g_assert_cmpuint (span.start, ==, expected_span.start);
      g_assert_cmpuint (span.end, ==, expected_span.end);
    }
}

/* Converts @uri under @policy; returns the codes of the notes, joined
 * by ",", in @out_codes, and the first note of @code in @out_message.
 * The conversion of @uri parsed gives the same. */
static char *
convert (IriDisplayPolicy  *policy,
         const char        *uri,
         char             **out_codes,
         const char        *code,
         char             **out_message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) model = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GString) codes = g_string_new (NULL);
  char *iri;

  iri = iri_display_policy_uri_to_iri (policy, uri, -1, IRI_TO_IRI_DEFAULT, &model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (iri);
  diagnostics = iri_test_diagnostics (g_steal_pointer (&model));
  check_reference_to_iri (policy, uri, iri, diagnostics);
  if (out_message != NULL)
    *out_message = NULL;
  for (guint i = 0; i < diagnostics->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (codes->len > 0)
        g_string_append_c (codes, ',');
      g_string_append (codes, iri_diagnostic_get_code (d));
      g_assert_nonnull (strstr (iri_diagnostic_get_spec (d), "§"));
      if (out_message != NULL && *out_message == NULL && code != NULL &&
          g_str_equal (iri_diagnostic_get_code (d), code))
        *out_message = g_strdup (iri_diagnostic_get_message (d));
    }
  if (out_codes != NULL)
    *out_codes = g_string_free (g_steal_pointer (&codes), FALSE);
  return iri;
}

/* Spoofs: the strict level keeps them, naming the finding; the
 * permissive one decodes them. */
static const struct {
  const char *uri;
  const char *decoded;
  const char *finding;
} spoofs[] = {
  /* аррӏе: all Cyrillic, reads as "apple.com" */
  { "http://xn--80ak6aa92e.com/", "http://аррӏе.com/", "confusable-whole-script" },
  /* pаypal with U+0430 CYRILLIC SMALL LETTER A */
  { "http://www.xn--pypal-4ve.com/", "http://www.pаypal.com/", "confusable-mixed-script" },
  /* раураl: Cyrillic with a Latin l */
  { "http://xn--l-7sba6dbr.com/", "http://раураl.com/", "confusable-mixed-script" },
  /* gооgle with two U+043E */
  { "https://xn--ggle-55da.com/login", "https://gооgle.com/login", "confusable-mixed-script" },
  /* the same, percent-encoded instead of punycode */
  { "http://p%D0%B0ypal.com/", "http://pаypal.com/", "confusable-mixed-script" },
  /* paypaι with U+03B9 GREEK SMALL LETTER IOTA */
  { "http://xn--paypa-ube.com/", "http://paypaι.com/", "confusable-mixed-script" },
  /* One of each browser rule family (issue 13 part 2): the policy keeps
   * what the analysis flags, whatever rule flags it. */
  { "http://xn--90al.com/", "http://зб.com/", "confusable-digit-lookalike" },
  { "http://xn--ggle-gx3ca.com/", "http://g〇〇gle.com/", "confusable-cjk-lookalike" },
  { "http://xn--abcdef-r64e.jp/", "http://abcーdef.jp/", "confusable-kana" },
  { "http://xn--bc-9ia6320f9nya.cn/", "http://ébc中文.cn/", "confusable-latin-cjk" },
  { "http://xn--pxel-lza29y.com/", "http://pı̀xel.com/", "confusable-mark" },
  { "http://xn--abcd-wlc.com/", "http://abʻcd.com/", "restricted-host-character" },
  { "http://xn--mbbka.com/", "http://ոսս.com/", "confusable-whole-script" },
  { "http://xn--aa-3ka.com/", "http://aþa.com/", "confusable-language-tld" },
};

static void
test_spoofs (void)
{
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (spoofs); i++)
    {
      g_autofree char *codes = NULL;
      g_autofree char *message = NULL;
      g_autofree char *kept = convert (strict, spoofs[i].uri, &codes, "unsafe-label-kept", &message);
      g_autofree char *by_default = iri_uri_to_iri (spoofs[i].uri, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
      g_autofree char *decoded = convert (permissive, spoofs[i].uri, NULL, NULL, NULL);

      g_assert_cmpstr (kept, ==, spoofs[i].uri);
      g_assert_cmpstr (codes, ==, "unsafe-label-kept");
      /* The note names the rule and quotes the finding, which names the
       * characters. */
      g_assert_nonnull (strstr (message, spoofs[i].finding));
      g_assert_nonnull (strstr (message, "“"));
      /* iri_uri_to_iri() is the default (strict) policy. */
      g_assert_cmpstr (by_default, ==, spoofs[i].uri);
      g_assert_cmpstr (decoded, ==, spoofs[i].decoded);
    }
}

/* The same spoofs followed by a path of right-to-left words next to
 * digits, percent-encoded: the analysis has findings on every segment
 * (bidi-mixed-direction, bidi-rtl-edge…), which the strict level skips
 * when it judges the labels, and it must still keep each label for the
 * finding that names it. */
static void
test_spoofs_with_path (void)
{
  static const char path[] =
    "/%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA25/products-%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA"
    "/%D7%A9%D7%9C%D7%95%D7%9D?%D7%9E%D7%95%D7%A6%D7%A8=1#%D9%83%D8%AA%D8%A8";
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (spoofs); i++)
    {
      g_autofree char *uri = g_strconcat (spoofs[i].uri, path + (g_str_has_suffix (spoofs[i].uri, "/") ? 1 : 0), NULL);
      g_autofree char *message = NULL;
      g_autofree char *kept = convert (strict, uri, NULL, "unsafe-label-kept", &message);
      const char *host_end = strchr (spoofs[i].uri + strlen ("http://x"), '/');

      /* The host stays as the URI has it, and the note names the rule. */
      g_assert_nonnull (host_end);
      g_assert_cmpint (strncmp (kept, spoofs[i].uri, host_end - spoofs[i].uri), ==, 0);
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, spoofs[i].finding));
    }
}

/* With more findings than a list holds, the ones kept are those shown
 * first: the spoofed host's finding, made after the path's, is not
 * pushed out by a path full of them, and the IRI is not shown decoded
 * (each right-to-left segment below has two findings). */
static void
test_spoof_before_many_findings (void)
{
  static const char segment[] = "/%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA25/products-%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA";
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);
  g_autoptr(GString) uri = g_string_new ("http://xn--80ak6aa92e.com");
  g_autoptr(IriAnalysis) analysis = NULL;
  g_autofree char *iri = NULL;
  g_autofree char *message = NULL;
  g_autofree char *kept = NULL;
  gboolean confusable, truncated;

  for (guint i = 0; i < 150; i++)
    g_string_append (uri, segment);

  kept = convert (strict, uri->str, NULL, "unsafe-label-kept", &message);
  g_assert_true (g_str_has_prefix (kept, "http://xn--80ak6aa92e.com/"));
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "confusable-whole-script"));

  /* The analysis of the decoded form lists the host's finding too. */
  {
    g_autofree char *path = iri_uri_to_iri (uri->str + strlen ("http://xn--80ak6aa92e.com"), -1,
                                            IRI_TO_IRI_DEFAULT, NULL, NULL);

    iri = g_strconcat ("http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com", path, NULL);
  }
  analysis = iri_analyze (iri, -1);
  confusable = iri_test_find_diagnostic (analysis, "confusable-whole-script") != NULL;
  truncated = iri_test_find_diagnostic (analysis, "diagnostics-truncated") != NULL;
  g_assert_true (truncated);
  g_assert_true (confusable);
}

/* Two hundred errors elsewhere ("%zz" in every path segment, which
 * outrank the warning on a spoofed host in a full list) do not make the
 * spoofed host shown decoded: not by the strict level, nor in the
 * readable form of an analysis, whose own list has lost the host's
 * finding. */
static void
test_spoof_before_many_errors (void)
{
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);
  g_autoptr(GString) uri = g_string_new ("http://xn--80ak6aa92e.com");
  g_autoptr(GString) iri = g_string_new ("http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com");
  g_autoptr(IriAnalysis) analysis = NULL;
  g_autofree char *message = NULL;
  g_autofree char *kept = NULL;
  gboolean confusable, truncated;

  for (guint i = 0; i < 250; i++)
    {
      g_string_append (uri, "/%zz");
      g_string_append (iri, "/%zz");
    }

  kept = convert (strict, uri->str, NULL, "unsafe-label-kept", &message);
  g_assert_true (g_str_has_prefix (kept, "http://xn--80ak6aa92e.com/"));
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "confusable-whole-script"));

  analysis = iri_analyze (iri->str, -1);
  confusable = iri_test_find_diagnostic (analysis, "confusable-whole-script") != NULL;
  truncated = iri_test_find_diagnostic (analysis, "diagnostics-truncated") != NULL;
  /* The list holds the two hundred errors… */
  g_assert_true (truncated);
  g_assert_false (confusable);
  /* …and the readable form still keeps the host as the URI has it. */
  g_assert_true (g_str_has_prefix (iri_analysis_get_display_iri (analysis), "http://xn--80ak6aa92e.com/"));
}

/* The readable form of an analysis and the policy's conversion of its
 * URI agree on a host after a userinfo. */
static void
test_userinfo_host (void)
{
  g_autoptr(IriAnalysis) analysis = iri_analyze ("https://user@b\xC3\xBC" "cher.de/", -1);
  g_autofree char *converted = iri_display_policy_uri_to_iri (NULL, "https://user@xn--bcher-kva.de/", -1,
                                                             IRI_TO_IRI_DEFAULT, NULL, NULL);

  g_assert_cmpstr (iri_analysis_get_uri_idna (analysis), ==, "https://user@xn--bcher-kva.de/");
  g_assert_cmpstr (converted, ==, "https://user@b\xC3\xBC" "cher.de/");
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, converted);
}

/* A right-to-left host followed by a path that starts with digits reads
 * as another host (RFC 3987bis §9): the strict level keeps its labels,
 * and its note quotes the very finding that an analysis of the decoded
 * form gives, although the policy judges the labels without checking
 * the path. */
static void
test_host_reads_differently (void)
{
  static const struct {
    const char *uri;
    const char *decoded;   /* what the strict level would show if it did not keep them */
    const char *shown;
  } cases[] = {
    { "https://xn--mgbcaaaajg0uh.xn--wgbh1c/12345/main.4f3a2b.css",
      "https://مثالتببببب.مصر/12345/main.4f3a2b.css",
      "https://xn--mgbcaaaajg0uh.xn--wgbh1c/12345/main.4f3a2b.css" },
    { "https://xn--4dbaaabfgjh6d5a.xn--4dbrk0ce/%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA54/x-%D7%A9%D7%9C%D7%95%D7%9D",
      "https://דוגמהכבאאאא.ישראל/منتجات54/x-שלום",
      "https://xn--4dbaaabfgjh6d5a.xn--4dbrk0ce/منتجات54/x-שלום" },
  };
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, cases[i].decoded, -1);
      g_autofree char *message = NULL;
      g_autofree char *kept = convert (strict, cases[i].uri, NULL, "unsafe-label-kept", &message);
      IriDiagnostic *d = iri_test_find_diagnostic (analysis, "bidi-host-reads-differently");
      const char *finding;

      g_assert_nonnull (d);
      finding = iri_diagnostic_get_message (d);
      g_assert_cmpstr (kept, ==, cases[i].shown);
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, "(bidi-host-reads-differently)"));
      g_assert_nonnull (strstr (message, finding));
    }
}

/* Legitimate hosts: decoded under both levels, with no note. */
static const struct {
  const char *uri;
  const char *iri;
} legitimate[] = {
  { "http://xn--bcher-kva.de/", "http://bücher.de/" },
  { "http://xn--mnchen-3ya.de/stadt", "http://münchen.de/stadt" },
  { "http://xn--5dbqzzl.il/", "http://עברית.il/" },
  { "http://xn--4dbrk0ce.il/", "http://ישראל.il/" },
  { "http://xn--mgbh0fb.xn--kgbechtv/", "http://مثال.إختبار/" },
  { "http://xn--mgbh0fb.com/", "http://مثال.com/" },
  { "http://xn--wgv71a119e.jp/", "http://日本語.jp/" },
  { "http://xn--fdkl2l.jp/", "http://ノート.jp/" },
  { "http://xn--fiq228c.cn/", "http://中文.cn/" },
  { "http://xn--fsqu00a.xn--0zwm56d/", "http://例子.测试/" },
  { "http://xn--3e0bk47br7k.kr/", "http://한국어.kr/" },
  { "http://xn--hxargifdar.gr/", "http://ελληνικά.gr/" },
  { "http://xn--hxajbheg2az3al.com/", "http://παράδειγμα.com/" },
  { "http://xn--e1afmkfd.ru/", "http://пример.ru/" },
  { "http://xn--e1afmkfd.xn--p1ai/", "http://пример.рф/" },
  /* сосо.bg: a whole-script confusable under a ccTLD of a country that
   * writes Cyrillic is only an info */
  { "http://xn--n1aahb.bg/", "http://сосо.bg/" },
  { "http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst" },
  { "https://ja.wikipedia.org/wiki/%E3%83%8E%E3%83%BC%E3%83%88", "https://ja.wikipedia.org/wiki/ノート" },
  /* A dash outside the host plays no part in the structure. */
  { "https://en.wikipedia.org/wiki/1990%E2%80%931991", "https://en.wikipedia.org/wiki/1990–1991" },
  /* A ZERO WIDTH NON-JOINER where Persian spelling needs it, between a
   * left- and a right-joining letter (RFC 5892 Appendix A.1), in a
   * label and in the path; a ZWJ inside an emoji sequence in the path. */
  { "https://xn--mgbacgw9lh19es68o.xn--mgba3a4f16a/", "https://کتاب‌خانه.ایران/" },
  { "https://example.ir/%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%87%D9%85", "https://example.ir/می‌خواهم" },
  { "http://example.com/%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB", "http://example.com/👩‍💻" },
};

/* Joiners out of their context stay encoded, under every level. */
static const char * const stray_joiners[] = {
  "http://example.com/a%E2%80%8Cb",
  "http://example.com/ab%E2%80%8C",
  "http://example.com/a%E2%80%8Db",
};

static void
test_legitimate (void)
{
  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      g_autoptr(IriDisplayPolicy) policy = policy_new (level, NULL);

      for (gsize i = 0; i < G_N_ELEMENTS (legitimate); i++)
        {
          g_autofree char *codes = NULL;
          g_autofree char *iri = convert (policy, legitimate[i].uri, &codes, NULL, NULL);

          if (!g_str_equal (iri, legitimate[i].iri) || codes[0] != '\0')
            g_error ("%s: “%s” gives “%s” (%s)", iri_display_level_to_string (level),
                     legitimate[i].uri, iri, codes);
        }
    }
}

static void
test_stray_joiners (void)
{
  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      g_autoptr(IriDisplayPolicy) policy = policy_new (level, NULL);

      for (gsize i = 0; i < G_N_ELEMENTS (stray_joiners); i++)
        {
          g_autofree char *codes = NULL;
          g_autofree char *iri = convert (policy, stray_joiners[i], &codes, NULL, NULL);

          g_assert_cmpstr (iri, ==, stray_joiners[i]);
          g_assert_cmpstr (codes, ==, "percent-encoded-not-displayable");
        }
    }
}

/* A look-alike of a host the user trusts: decoded without known hosts,
 * kept with them, under the strict level only. */
static void
test_known_hosts (void)
{
  static const char uri[] = "http://xn--n1aahb.bg/";   /* сосо.bg */
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, "coco.bg");
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, "coco.bg");
  g_autofree char *message = NULL;
  g_autofree char *kept = convert (strict, uri, NULL, "unsafe-label-kept", &message);
  g_autofree char *decoded = convert (permissive, uri, NULL, NULL, NULL);
  g_autofree char *trusted = convert (strict, "http://coco.bg/", NULL, NULL, NULL);

  g_assert_cmpstr (kept, ==, uri);
  g_assert_nonnull (strstr (message, "confusable-known-host"));
  g_assert_nonnull (strstr (message, "coco.bg"));
  g_assert_cmpstr (decoded, ==, "http://сосо.bg/");
  g_assert_cmpstr (trusted, ==, "http://coco.bg/");

  /* Changing the known hosts changes the verdict. */
  iri_display_policy_set_known_hosts (strict, NULL);
  g_clear_pointer (&kept, g_free);
  kept = convert (strict, uri, NULL, NULL, NULL);
  g_assert_cmpstr (kept, ==, "http://сосо.bg/");
}

/* Look-alikes of delimiters (their skeleton or NFKC form is the
 * delimiter; U+3002 is an IDNA dot), in every component, under both
 * levels. */
static const char * const lookalikes[] = {
  "%E2%88%95",   /* U+2215 DIVISION SLASH */
  "%EF%BC%8F",   /* U+FF0F FULLWIDTH SOLIDUS */
  "%E2%81%84",   /* U+2044 FRACTION SLASH */
  "%E3%80%82",   /* U+3002 IDEOGRAPHIC FULL STOP */
  "%EF%BC%8E",   /* U+FF0E FULLWIDTH FULL STOP */
  "%EF%BD%A1",   /* U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP */
  "%E2%80%A4",   /* U+2024 ONE DOT LEADER */
  "%EF%BC%9A",   /* U+FF1A FULLWIDTH COLON */
  "%E2%88%B6",   /* U+2236 RATIO */
  "%EF%BC%9F",   /* U+FF1F FULLWIDTH QUESTION MARK */
  "%EF%BC%83",   /* U+FF03 FULLWIDTH NUMBER SIGN */
  "%EF%BC%A0",   /* U+FF20 FULLWIDTH COMMERCIAL AT */
  "%EF%BC%86",   /* U+FF06 FULLWIDTH AMPERSAND */
  "%EF%BC%9D",   /* U+FF1D FULLWIDTH EQUALS SIGN */
};

/* Where the look-alike goes: between a prefix and a suffix, in the
 * host, the path, the query, the fragment and the userinfo. */
static const struct {
  const char *before;
  const char *after;
} templates[] = {
  { "http://paypal.com", "login.evil.example/" },
  { "http://example.org/a", "b/c" },
  { "http://example.org/?q=a", "b&r=1" },
  { "http://example.org/#a", "b" },
  { "http://user", "name@example.org/" },
};

static void
test_lookalike_delimiters (void)
{
  guint n = 0;

  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      g_autoptr(IriDisplayPolicy) policy = policy_new (level, NULL);

      for (gsize t = 0; t < G_N_ELEMENTS (templates); t++)
        for (gsize i = 0; i < G_N_ELEMENTS (lookalikes); i++)
          {
            g_autofree char *uri = g_strconcat (templates[t].before, lookalikes[i], templates[t].after, NULL);
            g_autofree char *codes = NULL;
            g_autofree char *message = NULL;
            g_autofree char *iri = convert (policy, uri, &codes, "percent-encoded-not-displayable", &message);

            if (!g_str_equal (iri, uri))
              g_error ("%s: “%s” gives “%s”", iri_display_level_to_string (level), uri, iri);
            g_assert_cmpstr (codes, ==, "percent-encoded-not-displayable");
            /* Which character, and what it looks like. */
            g_assert_nonnull (strstr (message, "U+"));
            g_assert_nonnull (strstr (message, "looks like"));
            n++;
          }
    }
  g_test_message ("%u look-alikes kept encoded", n);

  /* Written literally in an IRI given as input, one is encoded. */
  {
    g_autofree char *codes = NULL;
    g_autofree char *iri = convert (NULL, "http://example.org/a\xE2\x88\x95" "b", &codes, NULL, NULL);

    g_assert_cmpstr (iri, ==, "http://example.org/a%E2%88%95b");
    g_assert_cmpstr (codes, ==, "unsafe-character-encoded");
  }
}

/* An A-label whose U-label has a look-alike of a delimiter stays an
 * A-label under both levels: U+A4F8 LISU LETTER TONE MYA TI (“.”),
 * which IDNA2008 allows. */
static void
test_a_label_lookalike (void)
{
  for (int level = IRI_DISPLAY_STRICT; level <= IRI_DISPLAY_PERMISSIVE; level++)
    {
      g_autoptr(IriDisplayPolicy) policy = policy_new (level, NULL);
      g_autofree char *codes = NULL;
      g_autofree char *message = NULL;
      g_autofree char *iri = convert (policy, "http://xn--x-7z2e.com/", &codes, "unsafe-label-kept", &message);

      g_assert_cmpstr (iri, ==, "http://xn--x-7z2e.com/");
      g_assert_true (g_str_has_prefix (codes, "unsafe-label-kept"));
      g_assert_nonnull (strstr (message, "U+A4F8"));
    }
}

/* A literal non-ASCII label of an IRI given as input that the strict
 * level keeps is shown percent-encoded, the form it maps to; formatted
 * for running text, it is the A-label a browser looks up. */
static void
test_literal_label (void)
{
  g_autofree char *codes = NULL;
  g_autofree char *iri = convert (NULL, "http://аррӏе.com/", &codes, NULL, NULL);

  g_autofree char *formatted = iri_format_minimal ("http://аррӏе.com/", -1, IRI_FORMAT_DEFAULT, NULL);

  g_assert_cmpstr (iri, ==, "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/");
  g_assert_cmpstr (codes, ==, "unsafe-label-kept");
  g_assert_cmpstr (formatted, ==, "http://xn--80ak6aa92e.com/");
}

/* The all-ASCII fast path: nothing to do, no note. */
static void
test_fast_path (void)
{
  g_autofree char *codes = NULL;
  g_autofree char *iri = convert (NULL, "https://example.org/a/b?c=d#e", &codes, NULL, NULL);

  g_assert_cmpstr (iri, ==, "https://example.org/a/b?c=d#e");
  g_assert_cmpstr (codes, ==, "");
}

/* A reference parsed tolerantly has U+FFFD for bytes that are not
 * UTF-8: its text is what is converted, and the conversion cannot fail
 * as iri_display_policy_uri_to_iri() does on those bytes. */
static void
test_reference_invalid_utf8 (void)
{
  g_autoptr(IriReference) reference = iri_reference_parse_tolerant ("http://example.org/a\xFF" "b", -1,
                                                                    IRI_PARSE_DEFAULT);
  g_autoptr(GListModel) model = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *iri = iri_display_policy_reference_to_iri (NULL, reference, IRI_TO_IRI_DEFAULT, &model);
  g_autofree char *from_text = iri_display_policy_uri_to_iri (NULL, "http://example.org/a\xFF" "b", -1,
                                                              IRI_TO_IRI_DEFAULT, NULL, &error);
  g_autofree char *expected = iri_display_policy_uri_to_iri (NULL, iri_reference_get_text (reference), -1,
                                                             IRI_TO_IRI_DEFAULT, NULL, NULL);

  g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
  g_assert_null (from_text);
  g_assert_cmpstr (iri, ==, expected);
}

/* A parsed reference takes a shorter fast path (only its host can hold
 * an A-label to decode); it gives what the text gives, with and without
 * KEEP_PUNYCODE, for valid and invalid references. */
static void
test_reference_fast_path (void)
{
  static const char * const uris[] = {
    "https://example.org/a/b?c=d#e",
    "http://a/xn--bcher-kva",
    "http://a/?q=xn--bcher-kva#xn--bcher-kva",
    "http://axn--bcher-kva.de/",
    "http://xn--bcher-kva.de/",
    "HTTP://XN--BCHER-KVA.DE/",
    "http://www.Xn--bcher-kva.de/",
    "http://xn--80ak6aa92e.com/",
    "http://a/%41",
    "http://a%2Eb/",
    "http://[::1]/xn--a",
    "http://u@xn--bcher-kva.de:80/",
    "//xn--bcher-kva.de",
    "xn--bcher-kva.de/x",
    "http://exa mple/xn--bcher-kva",
    "http://a/b\x7F" "c",
    "http://a/\tb",
    "http://[::1/xn--bcher-kva",
    "http://a/%zz",
    "",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      for (guint f = 0; f < 2; f++)
        {
          IriToIriFlags flags = f == 0 ? IRI_TO_IRI_DEFAULT : IRI_TO_IRI_KEEP_PUNYCODE;
          g_autoptr(IriReference) reference = iri_reference_parse_tolerant (uris[i], -1, IRI_PARSE_DEFAULT);
          g_autoptr(GListModel) expected_model = NULL;
          g_autoptr(GListModel) model = NULL;
          g_autofree char *expected = iri_display_policy_uri_to_iri (NULL, uris[i], -1, flags,
                                                                     &expected_model, NULL);
          g_autofree char *iri = iri_display_policy_reference_to_iri (NULL, reference, flags, &model);
          guint n = g_list_model_get_n_items (expected_model);

          g_assert_cmpstr (iri, ==, expected);
          g_assert_cmpuint (model != NULL ? g_list_model_get_n_items (model) : 0, ==, n);
          if (n == 0)
            g_assert_null (model);
        }
    }
}

/* The analysis' readable form follows the analyzer's display policy. */
static void
test_analyzer (void)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, NULL);
  const char *known[] = { "coco.bg", NULL };
  IriAnalysis *analysis;

  g_assert_null (iri_analyzer_get_display_policy (analyzer));

  /* NULL: strict with the analyzer's settings. */
  analysis = iri_analyzer_analyze (analyzer, "http://xn--80ak6aa92e.com/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://xn--80ak6aa92e.com/");
  iri_analysis_unref (analysis);
  /* Typed in Unicode: the readable form is still the A-label. */
  analysis = iri_analyzer_analyze (analyzer, "http://аррӏе.com/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://xn--80ak6aa92e.com/");
  iri_analysis_unref (analysis);
  analysis = iri_analyzer_analyze (analyzer, "http://bücher.de/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://bücher.de/");
  iri_analysis_unref (analysis);

  /* The analyzer's own known hosts count. */
  analysis = iri_analyzer_analyze (analyzer, "http://xn--n1aahb.bg/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://сосо.bg/");
  iri_analysis_unref (analysis);
  iri_analyzer_set_known_hosts (analyzer, known);
  analysis = iri_analyzer_analyze (analyzer, "http://xn--n1aahb.bg/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://xn--n1aahb.bg/");
  iri_analysis_unref (analysis);

  /* A permissive policy decodes. */
  g_object_set (analyzer, "display-policy", permissive, NULL);
  g_assert_true (iri_analyzer_get_display_policy (analyzer) == permissive);
  analysis = iri_analyzer_analyze (analyzer, "http://xn--80ak6aa92e.com/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://аррӏе.com/");
  iri_analysis_unref (analysis);
  /* … but never a look-alike of a delimiter. */
  analysis = iri_analyzer_analyze (analyzer, "http://paypal.com%E2%88%95login.evil.example/", -1);
  g_assert_cmpstr (iri_analysis_get_display_iri (analysis), ==, "http://paypal.com%E2%88%95login.evil.example/");
  iri_analysis_unref (analysis);

  iri_analyzer_set_display_policy (analyzer, NULL);
  g_assert_null (iri_analyzer_get_display_policy (analyzer));
}

/* iri_format_minimal() is strict; the policy variant follows its level,
 * the domain of a mailto: address included. */
static void
test_format (void)
{
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, NULL);
  g_autofree char *strict_text = iri_format_minimal ("http://xn--80ak6aa92e.com/a", -1, IRI_FORMAT_DEFAULT, NULL);
  g_autofree char *permissive_text = iri_display_policy_format_minimal (permissive, "http://xn--80ak6aa92e.com/a", -1,
                                                                      IRI_FORMAT_DEFAULT, NULL);
  g_autofree char *legit = iri_format_minimal ("http://xn--bcher-kva.de/a", -1, IRI_FORMAT_DEFAULT, NULL);
  g_autofree char *mail_strict = iri_format_minimal ("mailto:a@xn--80ak6aa92e.com", -1, IRI_FORMAT_DEFAULT, NULL);
  g_autofree char *mail_permissive = iri_display_policy_format_minimal (permissive, "mailto:a@xn--80ak6aa92e.com", -1,
                                                                       IRI_FORMAT_DEFAULT, NULL);
  g_autofree char *mail_legit = iri_format_minimal ("mailto:a@xn--bcher-kva.de", -1, IRI_FORMAT_DEFAULT, NULL);

  g_assert_cmpstr (strict_text, ==, "http://xn--80ak6aa92e.com/a");
  g_assert_cmpstr (permissive_text, ==, "http://аррӏе.com/a");
  g_assert_cmpstr (legit, ==, "http://bücher.de/a");
  g_assert_cmpstr (mail_strict, ==, "mailto:a@xn--80ak6aa92e.com");
  g_assert_cmpstr (mail_permissive, ==, "mailto:a@аррӏе.com");
  g_assert_cmpstr (mail_legit, ==, "mailto:a@bücher.de");
}

/* Every legitimate IRI of the corpus: its URI (UTS #46 host) is shown
 * decoded as the permissive level shows it, and maps back. */
static void
test_corpus (void)
{
  g_autofree char *path = iri_test_data_path ("corpus/legitimate-iris.txt");
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, NULL);
  guint n = 0, n_labels = 0;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *uri = NULL;
      g_autofree char *strict = NULL;
      g_autofree char *loose = NULL;
      g_autofree char *codes = NULL;
      g_autofree char *back = NULL;
      g_autofree char *back_lower = NULL;
      g_autofree char *uri_lower = NULL;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      uri = iri_to_uri (lines[i], -1, IRI_HOST_MAPPING_UTS46, NULL);
      if (uri == NULL)
        continue;
      strict = convert (NULL, uri, &codes, NULL, NULL);
      loose = convert (permissive, uri, NULL, NULL, NULL);
      if (strstr (codes, "unsafe-label-kept") != NULL || !g_str_equal (strict, loose))
        g_error ("legitimate “%s”: strict “%s” (%s), permissive “%s”", lines[i], strict, codes, loose);
      back = iri_to_uri (strict, -1, IRI_HOST_MAPPING_UTS46, &error);
      g_assert_no_error (error);
      back_lower = g_ascii_strdown (back, -1);
      uri_lower = g_ascii_strdown (uri, -1);
      g_assert_cmpstr (back_lower, ==, uri_lower);
      if (strstr (uri, "xn--") != NULL)
        n_labels++;
      n++;
    }
  g_test_message ("%u legitimate IRIs (%u with A-labels) shown decoded under the strict level", n, n_labels);
  g_assert_cmpuint (n, >, 300);
}

/* Hosts outside ASCII for test_analysis_display_iri(): ones that step 6
 * gives back as they are, and ones it cannot (upper case, not NFC, what
 * a mapping changes, characters that IDNA2008 refuses or that are not
 * safe to display, look-alikes of a delimiter) or that the strict level
 * keeps (spoofs, bidi problems).  "%" next to a label, and a "%" or a
 * space elsewhere, leave the text to the round trip. */
static const char * const display_hosts[] = {
  "bücher.de", "BÜCHER.de", "Bücher.de", "bücher.DE", "ＢÜcher.de",
  "bu\u0308cher.de", "bücher\u3002de", "bücher\uff0ede", "faß.de", "straße.de",
  "ς.gr", "βόλος.gr", "ab\u200dc.com", "کتاب\u200cخانه.ir", "क्\u200dष.in",
  "\u2488.com", "a\u2488b.com", "ｆｕｌｌ.com", "аррӏе.com", "раураl.com",
  "pаypal.com", "gооgle.com", "www.пример.рф", "ab\u202ecd.com", "a\u200bb.com",
  "a\u00adb.com", "مثال١٢٣.مصر", "مثال123.مصر", "123مثال.مصر", "שלום1.ישראל",
  "1שלום.ישראל", "مثال.com", "אב-12.il", "παράδειγμα.ελ", "例え.テスト",
  "中国.中国", "한국.한국", "bü%63her.de", "b%C3%BCcher.de", "%bücher.de",
  "user@bücher.de", "bücher.de:8080", "bücher.de.", "-bücher.de", "bü--cher.de",
  "a\u0301.com", "e\u0301.com", "é.com", "x\ua4f8.com", "ab-\u0301c.com",
  "ıx.com", "ﬁ.com", "☃.net", "😀.com", "\u0635\u0635\u0635.com", "a\u3164b.com",
  "xn--bcher-kva.bücher.de", "ä.xn--p1ai", "ü.example.com", "ü.ü",
};

static const char * const display_rests[] = {
  "/", "/ü", "/a?q=ü#ü", "/שלום45/shoes-עולם", "/%41", "/a b", "/\u202eabc", "",
};

/* Whether the analysis takes @uri as its own readable form without a
 * round trip (its is_iri_as_is()): no "%", and no "xn--" at the start,
 * after ".", "/" or "@". */
static gboolean
uri_left_as_is (const char *uri)
{
  for (const char *p = uri; *p != '\0'; p++)
    {
      if (*p == '%' ||
          ((p == uri || p[-1] == '.' || p[-1] == '/' || p[-1] == '@') && g_ascii_strncasecmp (p, "xn--", 4) == 0))
        return FALSE;
    }
  return TRUE;
}

/* The readable form of an analysis (§3.7) is what the round trip gives:
 * iri_display_to_iri() of its URI, which judges the decoded labels with
 * the analysis' own findings, or the policy's conversion.  The analysis
 * skips that round trip when it can tell that it gives the text back;
 * this compares both, over hosts outside ASCII, mappings, policies and
 * notations. */
static void
test_analysis_display_iri (void)
{
  static const IriHostMapping mappings[] = {
    IRI_HOST_MAPPING_UTS46, IRI_HOST_MAPPING_IDNA2008,
    IRI_HOST_MAPPING_UTS46_TRANSITIONAL, IRI_HOST_MAPPING_PERCENT,
  };
  const char *known[] = { "apple.com", "bücher.de", NULL };
  g_autoptr(IriDisplayPolicy) permissive = policy_new (IRI_DISPLAY_PERMISSIVE, NULL);
  g_autoptr(IriDisplayPolicy) strict = policy_new (IRI_DISPLAY_STRICT, NULL);
  IriDisplayPolicy *policies[] = { NULL, permissive, strict };
  guint n = 0, n_decoded = 0, n_kept = 0;

  iri_display_policy_set_known_hosts (strict, known);
  for (gsize m = 0; m < G_N_ELEMENTS (mappings); m++)
    for (gsize p = 0; p < G_N_ELEMENTS (policies); p++)
      for (int notation = IRI_NOTATION_NONE; notation <= IRI_NOTATION_HEBREW; notation++)
        {
          g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();

          iri_analyzer_set_host_mapping (analyzer, mappings[m]);
          iri_analyzer_set_display_policy (analyzer, policies[p]);
          iri_analyzer_set_notation (analyzer, notation);
          for (gsize h = 0; h < G_N_ELEMENTS (display_hosts); h++)
            for (gsize r = 0; r < G_N_ELEMENTS (display_rests); r++)
              {
                const char *scheme = r % 3 == 2 ? "foo://" : "https://";
                g_autofree char *text = g_strconcat (scheme, display_hosts[h], display_rests[r], NULL);
                g_autoptr(IriAnalysis) analysis = iri_analyzer_analyze (analyzer, text, -1);
                g_autoptr(GPtrArray) findings = g_ptr_array_new ();
                g_autofree char *expected = NULL;
                const char *uri = iri_analysis_get_uri_idna (analysis);
                const char *display = iri_analysis_get_display_iri (analysis);
                gboolean truncated = FALSE;

                if (uri == NULL)
                  uri = iri_analysis_get_uri (analysis);
                for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
                  {
                    IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

                    truncated |= g_str_equal (iri_diagnostic_get_code (d), "diagnostics-truncated");
                    g_ptr_array_add (findings, d);
                  }
                /* The analysis judged with its list before it was cut. */
                g_assert_false (truncated);

                if (uri_left_as_is (uri))
                  expected = g_strdup (uri);
                else if (policies[p] == NULL)
                  expected = iri_display_to_iri (IRI_DISPLAY_STRICT, analyzer,
                                                 iri_reference_get_text (iri_analysis_get_reference (analysis)),
                                                 findings, uri, strlen (uri), IRI_TO_IRI_DEFAULT, NULL, NULL);
                else
                  expected = iri_display_policy_uri_to_iri (policies[p], uri, -1, IRI_TO_IRI_DEFAULT, NULL, NULL);
                if (g_strcmp0 (display, expected) != 0)
                  g_error ("“%s” (mapping %d, policy %" G_GSIZE_FORMAT ", notation %d): readable form “%s”, round trip “%s”",
                           text, mappings[m], p, notation, display, expected);
                n++;
                if (g_str_equal (display, text) && g_strcmp0 (uri, text) != 0)
                  n_decoded++;
                else if (strstr (display, "xn--") != NULL && strstr (text, "xn--") == NULL)
                  n_kept++;
              }
        }
  g_test_message ("%u analyses: %u given back as typed, %u with a label kept", n, n_decoded, n_kept);
  g_assert_cmpuint (n_decoded, >, n / 8);
  g_assert_cmpuint (n_kept, >, n / 16);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/display-policy/spoofs", test_spoofs);
  g_test_add_func ("/iri/display-policy/spoofs-with-path", test_spoofs_with_path);
  g_test_add_func ("/iri/display-policy/spoof-before-many-findings", test_spoof_before_many_findings);
  g_test_add_func ("/iri/display-policy/spoof-before-many-errors", test_spoof_before_many_errors);
  g_test_add_func ("/iri/display-policy/userinfo-host", test_userinfo_host);
  g_test_add_func ("/iri/display-policy/host-reads-differently", test_host_reads_differently);
  g_test_add_func ("/iri/display-policy/legitimate", test_legitimate);
  g_test_add_func ("/iri/display-policy/stray-joiners", test_stray_joiners);
  g_test_add_func ("/iri/display-policy/known-hosts", test_known_hosts);
  g_test_add_func ("/iri/display-policy/lookalike-delimiters", test_lookalike_delimiters);
  g_test_add_func ("/iri/display-policy/a-label-lookalike", test_a_label_lookalike);
  g_test_add_func ("/iri/display-policy/literal-label", test_literal_label);
  g_test_add_func ("/iri/display-policy/fast-path", test_fast_path);
  g_test_add_func ("/iri/display-policy/reference-invalid-utf8", test_reference_invalid_utf8);
  g_test_add_func ("/iri/display-policy/reference-fast-path", test_reference_fast_path);
  g_test_add_func ("/iri/display-policy/analyzer", test_analyzer);
  g_test_add_func ("/iri/display-policy/format", test_format);
  g_test_add_func ("/iri/display-policy/corpus", test_corpus);
  g_test_add_func ("/iri/display-policy/analysis-display-iri", test_analysis_display_iri);

  return g_test_run ();
}
