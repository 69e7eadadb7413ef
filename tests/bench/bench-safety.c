/* bench-safety.c: throughput of the character-safety checks (issue #4)
 *
 * Measures iri_safety_check() alone, on references parsed and split into
 * units beforehand, for an all-ASCII set (the fast path of DESIGN.md §2:
 * no confusable or script tables, no allocation) and for a non-ASCII set
 * (tests/data/corpus/legitimate-iris.txt), with and without known hosts;
 * and the whole analysis (iri_analyzer_analyze()) on both sets, for
 * scale.  Prints IRIs per second and the ratio of the ASCII fast path to
 * the non-ASCII path.  A benchmark, not a test: nothing is asserted about
 * time.
 *
 * Usage: bench-safety [--min-time SECONDS] [CORPUS]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "iri.h"
#include "iri-diagnostic-private.h"
#include "iri-safety-private.h"
#include "iri-unit-private.h"

typedef struct {
  IriReference *reference;
  GArray       *units;
} Prepared;

/* Each measurement runs whole rounds over its set until this much time
 * has passed, so that short sets are measured long enough. */
static double min_time = 1.0;

static const char *ascii_hosts[] = {
  "www.example.com", "example.org", "news.example.net", "api.service.example.io",
  "shop.example.co.uk", "mail.example.com", "static.cdn.example.net", "docs.example.org",
  "en.wikipedia.org", "github.com", "www.gnome.org", "gitlab.gnome.org",
};

static const char *ascii_paths[] = {
  "/", "/index.html", "/wiki/Main_Page", "/articles/2023/05/12/budget-vote",
  "/products/shoes/running?size=42&color=black", "/search?q=weather+london",
  "/api/v1/users/12345/orders?page=2", "/docs/reference/glib/func.utf8_normalize.html",
  "/blog/how-to-write-a-parser#section-3", "/static/css/main.4f3a2b.css",
  "/download/releases/iri-inspector-0.1.0.tar.xz", "/user/settings/profile",
};

static GPtrArray *
ascii_set (void)
{
  GPtrArray *set = g_ptr_array_new_with_free_func (g_free);

  for (gsize h = 0; h < G_N_ELEMENTS (ascii_hosts); h++)
    for (gsize p = 0; p < G_N_ELEMENTS (ascii_paths); p++)
      g_ptr_array_add (set, g_strdup_printf ("https://%s%s", ascii_hosts[h], ascii_paths[p]));
  return set;
}

static GPtrArray *
corpus_set (const char *path)
{
  GPtrArray *set = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      g_printerr ("bench-safety: %s\n", error->message);
      exit (1);
    }
  lines = g_strsplit (contents, "\n", -1);
  for (gsize i = 0; lines[i] != NULL; i++)
    {
      gboolean ascii = TRUE;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      for (const char *p = lines[i]; *p != '\0'; p++)
        ascii = ascii && (guchar) *p < 0x80;
      if (!ascii)
        g_ptr_array_add (set, g_strdup (lines[i]));
    }
  return set;
}

static Prepared *
prepare (GPtrArray *set)
{
  Prepared *prepared = g_new0 (Prepared, set->len);

  for (guint i = 0; i < set->len; i++)
    {
      prepared[i].reference = iri_reference_parse_tolerant (g_ptr_array_index (set, i), -1,
                                                             IRI_PARSE_DEFAULT);
      prepared[i].units = iri_compute_units (prepared[i].reference);
    }
  return prepared;
}

static void
free_prepared (Prepared *prepared,
               guint     n)
{
  for (guint i = 0; i < n; i++)
    {
      iri_reference_unref (prepared[i].reference);
      g_array_unref (prepared[i].units);
    }
  g_free (prepared);
}

/* IRIs per second of iri_safety_check() over @prepared. */
static double
measure_checks (Prepared              *prepared,
                guint                  n,
                const IriSafetyConfig *config,
                guint                 *out_findings)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  guint64 done = 0;
  guint findings = 0;

  do
    {
      for (guint i = 0; i < n; i++)
        {
          IriDiagnostics diagnostics = { NULL, 0 };

          iri_safety_check (prepared[i].reference, prepared[i].units, config, &diagnostics);
          if (done < n && diagnostics.items != NULL)
            findings += diagnostics.items->len;
          iri_diagnostics_clear (&diagnostics);
          done++;
        }
    }
  while (g_timer_elapsed (timer, NULL) < min_time);

  *out_findings = findings;
  return done / g_timer_elapsed (timer, NULL);
}

/* IRIs per second of the whole analysis. */
static double
measure_analysis (IriAnalyzer *analyzer,
                  GPtrArray   *set)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  guint64 done = 0;

  do
    {
      for (guint i = 0; i < set->len; i++)
        {
          IriAnalysis *analysis = iri_analyzer_analyze (analyzer, g_ptr_array_index (set, i), -1);

          iri_analysis_unref (analysis);
          done++;
        }
    }
  while (g_timer_elapsed (timer, NULL) < min_time);

  return done / g_timer_elapsed (timer, NULL);
}

static const char * const known_hosts[] = {
  "paypal.com", "apple.com", "google.com", "microsoft.com", "amazon.com", "github.com",
  "gnome.org", "wikipedia.org", "bbc.co.uk", "example.com", "почта.рф", "例え.テスト",
  NULL,
};

int
main (int   argc,
      char *argv[])
{
  g_autofree char *corpus_path = NULL;
  g_autoptr(GPtrArray) ascii = NULL;
  g_autoptr(GPtrArray) non_ascii = NULL;
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  Prepared *ascii_prepared, *non_ascii_prepared;
  IriKnownHosts *known = iri_known_hosts_new (known_hosts);
  IriSafetyConfig plain = {
    IRI_RESTRICTION_HIGHLY_RESTRICTIVE, IRI_RESTRICTION_MODERATELY_RESTRICTIVE, NULL, IRI_NOTATION_NONE,
  };
  IriSafetyConfig with_known = plain;
  double a, b, ak, bk, full_a, full_b;
  guint fa, fb, fak, fbk;

  setlocale (LC_ALL, "");
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--min-time") && i + 1 < argc)
        min_time = g_ascii_strtod (argv[++i], NULL);
      else
        corpus_path = g_strdup (argv[i]);
    }
  if (corpus_path == NULL)
    {
      const char *dir = g_getenv ("IRI_TEST_DATA_DIR");

      corpus_path = g_build_filename (dir != NULL ? dir : "tests/data", "corpus", "legitimate-iris.txt", NULL);
    }
  with_known.known_hosts = known;

  ascii = ascii_set ();
  non_ascii = corpus_set (corpus_path);
  ascii_prepared = prepare (ascii);
  non_ascii_prepared = prepare (non_ascii);

  /* One warm-up pass, so that lazy initialization (libpsl, GLib's
   * type system) is not measured. */
  measure_checks (non_ascii_prepared, non_ascii->len, &with_known, &fb);

  a = measure_checks (ascii_prepared, ascii->len, &plain, &fa);
  b = measure_checks (non_ascii_prepared, non_ascii->len, &plain, &fb);
  ak = measure_checks (ascii_prepared, ascii->len, &with_known, &fak);
  bk = measure_checks (non_ascii_prepared, non_ascii->len, &with_known, &fbk);
  full_a = measure_analysis (analyzer, ascii);
  full_b = measure_analysis (analyzer, non_ascii);

  g_print ("Character-safety checks (iri_safety_check), single thread:\n");
  g_print ("  ASCII set       %5u IRIs  %12.0f IRIs/s  (%u findings)\n", ascii->len, a, fa);
  g_print ("  non-ASCII set   %5u IRIs  %12.0f IRIs/s  (%u findings)\n", non_ascii->len, b, fb);
  g_print ("  ratio ASCII fast path / non-ASCII: %.1f×\n", a / b);
  g_print ("With %u known hosts:\n", g_strv_length ((char **) known_hosts));
  g_print ("  ASCII set                   %12.0f IRIs/s  (%u findings)\n", ak, fak);
  g_print ("  non-ASCII set               %12.0f IRIs/s  (%u findings)\n", bk, fbk);
  g_print ("  ratio ASCII fast path / non-ASCII: %.1f×\n", ak / bk);
  g_print ("Whole analysis (iri_analyzer_analyze), for scale:\n");
  g_print ("  ASCII set                   %12.0f IRIs/s\n", full_a);
  g_print ("  non-ASCII set               %12.0f IRIs/s\n", full_b);

  free_prepared (ascii_prepared, ascii->len);
  free_prepared (non_ascii_prepared, non_ascii->len);
  iri_known_hosts_free (known);
  return 0;
}
