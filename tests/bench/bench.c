/* bench.c: speed of libiri against its peers, measured in the same run
 *
 * One program, deterministic corpora (seeded), every measurement over the
 * same inputs as the peer it is compared with (DESIGN.md §9, issue #6):
 *
 *  - strict parse + validate vs g_uri_parse(), uriparser, curl_url_set()
 *    (parse only) and g_utf8_validate() (the practical limit: every
 *    parser reads every byte);
 *  - IRI → URI vs g_uri_escape_string() + g_hostname_to_ascii();
 *  - URI → IRI vs g_uri_unescape_string() + g_hostname_to_unicode();
 *  - the full analysis (bidi + safety + both mappings) per corpus;
 *  - re-analysis after a one-character edit for IRIs of 100 to 100 000
 *    characters (median and 99th percentile) and the growth exponent.
 *
 * Prints a Markdown table (tests/bench/run-benchmarks.sh adds the peak
 * RSS of iri check).  A benchmark, not a test: nothing is asserted.
 *
 * Usage: bench [--min-time SECONDS] [--quick] [--print-lines N]
 *
 * --print-lines N prints N lines of the ASCII-majority corpus instead,
 * for the iri check runs of run-benchmarks.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_URIPARSER
#include <uriparser/Uri.h>
#endif
#ifdef HAVE_CURL
#include <curl/curl.h>
#endif

#include "iri.h"

static double min_time = 0.5;
static gboolean quick = FALSE;
static guint64 corpus_lines = 0;

/* ------------------------------------------------------------------ */
/* Corpora                                                              */

static const char *ascii_hosts[] = {
  "www.example.com", "example.org", "news.example.net", "api.service.example.io",
  "shop.example.co.uk", "en.wikipedia.org", "github.com", "gitlab.gnome.org",
  "cdn.static.example.net", "192.0.2.17", "[2001:db8::7]", "localhost",
};

static const char *words[] = {
  "index", "wiki", "Main_Page", "articles", "2023", "05", "budget-vote", "products",
  "shoes", "running", "search", "api", "v1", "users", "12345", "orders", "docs",
  "reference", "static", "css", "main.4f3a2b.css", "download", "releases", "user",
};

/* Words of each script for hosts and paths: IDN hosts in Arabic, Hebrew,
 * Cyrillic, Greek, Han, Kana, Hangul, Devanagari and Thai. */
static const char *script_words[][4] = {
  { "مثال", "موقع", "السعودية", "مصر" },              /* Arabic */
  { "דוגמה", "עברית", "חנות", "ישראל" },              /* Hebrew */
  { "пример", "москва", "почта", "рф" },              /* Cyrillic */
  { "παράδειγμα", "δοκιμή", "αθήνα", "ελ" },          /* Greek */
  { "例子", "测试", "北京", "中国" },                   /* Han */
  { "れい", "テスト", "みんな", "ニュース" },          /* Kana */
  { "예시", "테스트", "서울", "한국" },                 /* Hangul */
  { "उदाहरण", "परीक्षा", "भारत", "दिल्ली" },              /* Devanagari */
  { "ตัวอย่าง", "ทดสอบ", "ไทย", "กรุงเทพ" },            /* Thai */
};

/* The letters of each script above, as [first, last] code point ranges
 * of plain letters, for generated labels: real hosts repeat, but a batch
 * of a million lines holds many different ones, and the IDNA cache must
 * not make the comparison with GLib (which has none) look better than it
 * is.  Half the IDN hosts are such generated labels, all different. */
static const gunichar script_letters[][2] = {
  { 0x0628, 0x063A },   /* Arabic */
  { 0x05D0, 0x05EA },   /* Hebrew */
  { 0x0430, 0x044F },   /* Cyrillic */
  { 0x03B1, 0x03C9 },   /* Greek */
  { 0x4E00, 0x9FA5 },   /* Han */
  { 0x3041, 0x3093 },   /* Hiragana */
  { 0xAC00, 0xD7A3 },   /* Hangul */
  { 0x0915, 0x0939 },   /* Devanagari */
  { 0x0E01, 0x0E2E },   /* Thai */
};

static const char *rtl_words[] = {
  "שלום", "עולם", "מוצרים", "נעליים", "مسار", "ملف", "منتجات", "كتب",
};

static const char *
pick (GRand       *rand,
      const char **items,
      gsize        n)
{
  return items[g_rand_int_range (rand, 0, n)];
}

static char *
ascii_iri (GRand *rand)
{
  GString *s = g_string_new (g_rand_boolean (rand) ? "https://" : "http://");
  int segments = g_rand_int_range (rand, 0, 5);

  g_string_append (s, pick (rand, ascii_hosts, G_N_ELEMENTS (ascii_hosts)));
  if (g_rand_int_range (rand, 0, 10) == 0)
    g_string_append_printf (s, ":%d", g_rand_int_range (rand, 1, 65536));
  for (int i = 0; i < segments; i++)
    g_string_append_printf (s, "/%s", pick (rand, words, G_N_ELEMENTS (words)));
  if (segments == 0 || g_rand_boolean (rand))
    g_string_append_c (s, '/');
  if (g_rand_int_range (rand, 0, 3) == 0)
    g_string_append_printf (s, "?%s=%s&page=%d", pick (rand, words, G_N_ELEMENTS (words)),
                            pick (rand, words, G_N_ELEMENTS (words)), g_rand_int_range (rand, 1, 100));
  if (g_rand_int_range (rand, 0, 5) == 0)
    g_string_append_printf (s, "#%s", pick (rand, words, G_N_ELEMENTS (words)));
  return g_string_free (s, FALSE);
}

/* An IDN host in @script: a word and the country label, or a generated
 * label of 3 to 10 letters under it. */
static void
append_idn_host (GString *s,
                 GRand   *rand,
                 guint    script)
{
  const char **sw = script_words[script];

  if (g_rand_boolean (rand))
    g_string_append (s, sw[0]);
  else
    for (int n = g_rand_int_range (rand, 3, 11); n > 0; n--)
      g_string_append_unichar (s, g_rand_int_range (rand, script_letters[script][0],
                                                    script_letters[script][1] + 1));
  g_string_append_printf (s, ".%s", sw[3]);
}

static char *
non_ascii_iri (GRand *rand)
{
  GString *s = g_string_new ("https://");
  guint script = g_rand_int_range (rand, 0, G_N_ELEMENTS (script_words));
  const char **sw = script_words[script];
  int kind = g_rand_int_range (rand, 0, 4);

  switch (kind)
    {
    case 0:   /* IDN host, ASCII path */
      append_idn_host (s, rand, script);
      g_string_append_printf (s, "/%s/%s", pick (rand, words, G_N_ELEMENTS (words)),
                              pick (rand, words, G_N_ELEMENTS (words)));
      break;
    case 1:   /* ASCII host, path and query in the script */
      g_string_append_printf (s, "%s/%s/%s?q=%s", pick (rand, ascii_hosts, 9), sw[1], sw[2], sw[0]);
      break;
    case 2:   /* right-to-left path, query and fragment */
      g_string_append_printf (s, "%s/%s/%s?%s=%s#%s", pick (rand, ascii_hosts, 9),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)));
      break;
    case 3:   /* mixed-direction units */
    default:
      append_idn_host (s, rand, script);
      g_string_append_printf (s, "/%s%d/%s-%s",
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)), g_rand_int_range (rand, 1, 100),
                              pick (rand, words, G_N_ELEMENTS (words)),
                              pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)));
      break;
    }
  return g_string_free (s, FALSE);
}

/* A long IRI: an ASCII host, then path segments alternating Latin and
 * Hebrew words, up to @length bytes. */
static char *
long_iri (GRand *rand,
          gsize  length)
{
  GString *s = g_string_new ("https://www.example.com");

  while (s->len < length)
    g_string_append_printf (s, "/%s", g_rand_boolean (rand) ? pick (rand, words, G_N_ELEMENTS (words))
                                                            : pick (rand, rtl_words, G_N_ELEMENTS (rtl_words)));
  return g_string_free (s, FALSE);
}

typedef struct {
  const char *name;
  GPtrArray  *items;   /* (element-type utf8) */
  gsize       bytes;
} Corpus;

static void
corpus_add (Corpus *corpus,
            char   *item)
{
  corpus->bytes += strlen (item);
  g_ptr_array_add (corpus->items, item);
}

static Corpus
make_corpus (const char *name,
             guint       n,
             guint       percent_non_ascii,
             guint32     seed)
{
  Corpus corpus = { name, g_ptr_array_new_with_free_func (g_free), 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < n; i++)
    corpus_add (&corpus, (guint) g_rand_int_range (rand, 0, 100) < percent_non_ascii
                         ? non_ascii_iri (rand) : ascii_iri (rand));
  return corpus;
}

static Corpus
make_long_corpus (guint32 seed)
{
  Corpus corpus = { "long (1–100 KB)", g_ptr_array_new_with_free_func (g_free), 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  static const gsize sizes[] = { 1024, 4096, 16384, 65536, 102400 };

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int k = 0; k < 4; k++)
      corpus_add (&corpus, long_iri (rand, sizes[i]));
  return corpus;
}

/* The URIs of a corpus (percent host), for the URI → IRI measurements. */
static Corpus
make_uri_corpus (const Corpus *iris)
{
  Corpus corpus = { "percent-encoded URIs", g_ptr_array_new_with_free_func (g_free), 0 };

  for (guint i = 0; i < iris->items->len; i++)
    corpus_add (&corpus, iri_to_uri (g_ptr_array_index (iris->items, i), -1, IRI_HOST_MAPPING_UTS46, NULL)
                         ?: g_strdup (g_ptr_array_index (iris->items, i)));
  return corpus;
}

/* ------------------------------------------------------------------ */
/* Timing                                                              */

typedef void (*Op) (const char *text, gsize length, gpointer data);

/* Runs @op over the whole corpus until min_time has passed; returns the
 * items per second. */
static double
measure (const Corpus *corpus,
         Op            op,
         gpointer      data)
{
  g_autoptr(GArray) lengths = g_array_sized_new (FALSE, FALSE, sizeof (gsize), corpus->items->len);
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;
  guint64 n = 0;

  for (guint i = 0; i < corpus->items->len; i++)
    {
      gsize length = strlen (g_ptr_array_index (corpus->items, i));

      g_array_append_val (lengths, length);
    }

  do
    {
      for (guint i = 0; i < corpus->items->len; i++)
        op (g_ptr_array_index (corpus->items, i), g_array_index (lengths, gsize, i), data);
      n += corpus->items->len;
      elapsed = g_get_monotonic_time () - start;
    }
  while (elapsed < min_time * G_USEC_PER_SEC);

  return n / (elapsed / (double) G_USEC_PER_SEC);
}

/* Defeats dead-code elimination of the peers' results. */
static volatile gsize sink;

static void
op_utf8_validate (const char *text, gsize length, gpointer data)
{
  sink += g_utf8_validate_len (text, length, NULL);
}

static void
op_iri_parse (const char *text, gsize length, gpointer data)
{
  IriReference *ref = iri_reference_parse (text, length, IRI_PARSE_DEFAULT, NULL);

  sink += ref != NULL;
  if (ref != NULL)
    iri_reference_unref (ref);
}

static void
op_g_uri_parse (const char *text, gsize length, gpointer data)
{
  /* ENCODED: split and validate without percent-decoding, the closest
   * to "parse only". */
  GUri *uri = g_uri_parse (text, G_URI_FLAGS_ENCODED, NULL);

  sink += uri != NULL;
  if (uri != NULL)
    g_uri_unref (uri);
}

#ifdef HAVE_URIPARSER
static void
op_uriparser (const char *text, gsize length, gpointer data)
{
  UriUriA uri;
  const char *error_pos;

  if (uriParseSingleUriExA (&uri, text, text + length, &error_pos) == URI_SUCCESS)
    {
      sink++;
      uriFreeUriMembersA (&uri);
    }
}
#endif

#ifdef HAVE_CURL
static void
op_curl (const char *text, gsize length, gpointer data)
{
  CURLU *h = data;

  sink += curl_url_set (h, CURLUPART_URL, text, CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK;
}
#endif

static void
op_iri_to_uri (const char *text, gsize length, gpointer data)
{
  char *uri = iri_to_uri (text, length, IRI_HOST_MAPPING_UTS46, NULL);

  sink += uri != NULL;
  g_free (uri);
}

/* The GLib equivalent of IRI → URI: escape what is not allowed, with
 * UTF-8 kept out, and ASCII-fy the host.  It splits with g_uri_split()
 * first, as a caller must, since escaping the whole string would also
 * escape the delimiters. */
static void
op_glib_to_uri (const char *text, gsize length, gpointer data)
{
  char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL, *query = NULL, *fragment = NULL;
  int port;

  if (g_uri_split (text, G_URI_FLAGS_ENCODED, &scheme, &userinfo, &host, &port, &path, &query, &fragment, NULL))
    {
      char *ascii_host = host != NULL ? g_hostname_to_ascii (host) : NULL;
      char *escaped_path = g_uri_escape_string (path, "/:@!$&'()*+,;=%", FALSE);
      char *escaped_query = query != NULL ? g_uri_escape_string (query, "/?:@!$&'()*+,;=%", FALSE) : NULL;

      sink += strlen (escaped_path);
      g_free (ascii_host);
      g_free (escaped_path);
      g_free (escaped_query);
    }
  g_free (scheme);
  g_free (userinfo);
  g_free (host);
  g_free (path);
  g_free (query);
  g_free (fragment);
}

static void
op_uri_to_iri (const char *text, gsize length, gpointer data)
{
  char *iri = iri_uri_to_iri (text, length, IRI_TO_IRI_DEFAULT, NULL, NULL);

  sink += iri != NULL;
  g_free (iri);
}

static void
op_glib_to_iri (const char *text, gsize length, gpointer data)
{
  char *host = NULL, *path = NULL;

  if (g_uri_split (text, G_URI_FLAGS_ENCODED, NULL, NULL, &host, NULL, &path, NULL, NULL, NULL))
    {
      char *unicode_host = host != NULL ? g_hostname_to_unicode (host) : NULL;
      char *unescaped = g_uri_unescape_string (path, NULL);

      sink += unescaped != NULL;
      g_free (unicode_host);
      g_free (unescaped);
    }
  g_free (host);
  g_free (path);
}

static void
op_analyze (const char *text, gsize length, gpointer data)
{
  IriAnalysis *analysis = iri_analyzer_analyze (data, text, length);

  sink += iri_analysis_get_n_diagnostics (analysis);
  iri_analysis_unref (analysis);
}

/* ------------------------------------------------------------------ */
/* Reporting                                                           */

static void
row (const char *what,
     const char *corpus,
     double      ours,
     const char *peer,
     double      theirs)
{
  if (peer != NULL)
    g_print ("| %s | %s | %.0f | %s | %.0f | %.2f× |\n", what, corpus, ours, peer, theirs, ours / theirs);
  else
    g_print ("| %s | %s | %.0f | | | |\n", what, corpus, ours);
}

static void
bench_corpus (const Corpus *corpus,
              IriAnalyzer  *analyzer)
{
  double parse = measure (corpus, op_iri_parse, NULL);
  double validate = measure (corpus, op_utf8_validate, NULL);

  row ("strict parse + validate", corpus->name, parse, "g_uri_parse()", measure (corpus, op_g_uri_parse, NULL));
#ifdef HAVE_URIPARSER
  row ("strict parse + validate", corpus->name, parse, "uriparser", measure (corpus, op_uriparser, NULL));
#endif
#ifdef HAVE_CURL
  {
    CURLU *h = curl_url ();

    row ("strict parse + validate", corpus->name, parse, "curl_url_set()", measure (corpus, op_curl, h));
    curl_url_cleanup (h);
  }
#endif
  row ("strict parse + validate", corpus->name, parse, "g_utf8_validate()", validate);
  row ("IRI → URI", corpus->name, measure (corpus, op_iri_to_uri, NULL),
       "g_uri_escape_string() + g_hostname_to_ascii()", measure (corpus, op_glib_to_uri, NULL));
  row ("full analysis", corpus->name, measure (corpus, op_analyze, analyzer), NULL, 0);
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Re-analysis after a one-character edit, as an editor does on every
 * keystroke (§4.3): the text changes by one character at a random
 * position, and the whole analysis is made again. */
static void
bench_keystroke (IriAnalyzer *analyzer)
{
  static const gsize sizes[] = { 100, 200, 1000, 10000, 100000 };
  double medians[G_N_ELEMENTS (sizes)];
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  g_print ("\n| IRI length (characters) | median µs | p99 µs |\n|---|---|---|\n");
  for (gsize k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      g_autofree char *base = long_iri (rand, sizes[k]);
      guint rounds = quick ? 20 : (sizes[k] >= 100000 ? 60 : sizes[k] >= 10000 ? 200 : 2000);
      g_autofree double *times = g_new (double, rounds);
      g_autoptr(GString) text = g_string_new (base);

      /* Keep the length in characters: the base is built by bytes. */
      while (g_utf8_strlen (text->str, -1) > (glong) sizes[k])
        g_string_truncate (text, g_utf8_offset_to_pointer (text->str, sizes[k]) - text->str);

      for (guint r = 0; r < rounds; r++)
        {
          gsize at = g_rand_int_range (rand, 8, text->len);
          gint64 t0;
          IriAnalysis *analysis;

          /* Replace one ASCII character with another, at a character
           * boundary, as typing over it would. */
          while (at > 8 && ((guchar) text->str[at] & 0x80))
            at--;
          if ((guchar) text->str[at] < 0x80 && text->str[at] != '/')
            text->str[at] = 'a' + r % 26;

          t0 = g_get_monotonic_time ();
          analysis = iri_analyzer_analyze (analyzer, text->str, text->len);
          times[r] = (double) (g_get_monotonic_time () - t0);
          iri_analysis_unref (analysis);
        }
      qsort (times, rounds, sizeof (double), compare_double);
      medians[k] = times[rounds / 2];
      g_print ("| %" G_GSIZE_FORMAT " | %.1f | %.1f |\n", sizes[k], times[rounds / 2],
               times[MIN (rounds - 1, (guint) (rounds * 0.99))]);
    }

  /* The growth exponent: the slope of log(time) against log(length)
   * between 1 000 and 100 000 characters; 1 is linear. */
  g_print ("\nGrowth exponent (1 000 → 100 000 characters): %.2f (1.00 is linear)\n",
           log (medians[4] / medians[2]) / log ((double) sizes[4] / sizes[2]));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  Corpus majority, non_ascii, long_corpus, uris;

  setlocale (LC_ALL, "");
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--quick"))
        {
          quick = TRUE;
          min_time = 0.05;
        }
      else if (g_str_equal (argv[i], "--min-time") && i + 1 < argc)
        min_time = g_ascii_strtod (argv[++i], NULL);
      else if (g_str_equal (argv[i], "--print-lines") && i + 1 < argc)
        corpus_lines = g_ascii_strtoull (argv[++i], NULL, 10);
      else
        {
          g_printerr ("usage: %s [--quick] [--min-time SECONDS] [--print-lines N]\n", argv[0]);
          return 2;
        }
    }

  if (corpus_lines > 0)
    {
      /* The lines for run-benchmarks.sh's iri check runs: the
       * ASCII-majority corpus, repeated with a counter so that the lines
       * differ. */
      Corpus lines = make_corpus ("lines", 10000, 20, 4);

      for (guint64 i = 0; i < corpus_lines; i++)
        g_print ("%s%s%" G_GUINT64_FORMAT "\n", (const char *) g_ptr_array_index (lines.items, i % lines.items->len),
                 strchr (g_ptr_array_index (lines.items, i % lines.items->len), '#') != NULL ? "-" : "#",
                 i);
      g_ptr_array_unref (lines.items);
      return 0;
    }

  majority = make_corpus ("ASCII-majority (80/20)", quick ? 500 : 5000, 20, 1);
  non_ascii = make_corpus ("all non-ASCII", quick ? 500 : 20000, 100, 2);
  long_corpus = make_long_corpus (3);
  uris = make_uri_corpus (&non_ascii);

  g_print ("| operation | corpus | ours (items/s) | peer | peer (items/s) | ratio |\n");
  g_print ("|---|---|---|---|---|---|\n");
  bench_corpus (&majority, analyzer);
  bench_corpus (&non_ascii, analyzer);
  row ("URI → IRI", uris.name, measure (&uris, op_uri_to_iri, NULL),
       "g_uri_unescape_string() + g_hostname_to_unicode()", measure (&uris, op_glib_to_iri, NULL));
  row ("full analysis", long_corpus.name, measure (&long_corpus, op_analyze, analyzer), NULL, 0);
  {
    double ours = measure (&majority, op_iri_parse, NULL);
    double limit = measure (&majority, op_utf8_validate, NULL);

    g_print ("\nStrict parse + validate runs at %.0f%% of g_utf8_validate() on the ASCII-majority corpus "
             "(%.0f MB/s vs %.0f MB/s).\n", 100 * ours / limit,
             ours * majority.bytes / majority.items->len / 1e6, limit * majority.bytes / majority.items->len / 1e6);
  }

  bench_keystroke (analyzer);

  g_ptr_array_unref (majority.items);
  g_ptr_array_unref (non_ascii.items);
  g_ptr_array_unref (long_corpus.items);
  g_ptr_array_unref (uris.items);
  return 0;
}
