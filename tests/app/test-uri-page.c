/* test-uri-page.c: the URI page of iri-inspector and the display policy
 *
 * The page's sources are built into this test, as into the app.  What
 * the page shows for reading (the readable form of the analysed IRI, the
 * form for running text and the URI → IRI converter) goes through the
 * window's IriDisplayPolicy (DESIGN.md §5a) and follows it when the
 * preference or the known hosts change.  The cases need the core's
 * policy (lib/iri/iri-display-policy.c).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <iri.h>

#include "widget-test-util.h"
#include "iri-inspector-uri-page.h"

/* "apple" in Cyrillic letters only (U+0430 U+0440 U+0440 U+04CF U+0435),
 * a whole-script confusable of an ASCII label, and its A-label. */
#define CYRILLIC_APPLE  "\320\260\321\200\321\200\323\217\320\265"
#define APPLE_A_LABEL   "xn--80ak6aa92e"
#define HE_SHALOM       "\327\251\327\234\327\225\327\235"

static const char spoof[] = "http://" APPLE_A_LABEL ".com/";
static const char decoded[] = "http://" CYRILLIC_APPLE ".com/";

static void
test_readable (void)
{
  g_autoptr(IriDisplayPolicy) policy = iri_display_policy_new (IRI_DISPLAY_STRICT);
  GtkWidget *page = g_object_ref_sink (iri_inspector_uri_page_new ());
  g_autoptr(IriAnalysis) analysis = iri_analyze (spoof, -1);
  g_autoptr(IriAnalysis) legitimate = iri_analyze ("http://xn--9dbne9b.example/", -1);

  /* The data: the A-label is the punycode of the Cyrillic label (UTS #46,
   * the other direction, which no display policy governs). */
  {
    g_autofree char *uri = iri_to_uri (decoded, -1, IRI_HOST_MAPPING_UTS46, NULL);

    g_assert_cmpstr (uri, ==, spoof);
  }

  iri_inspector_uri_page_set_display_policy (IRI_INSPECTOR_URI_PAGE (page), policy);
  iri_inspector_uri_page_set_analysis (IRI_INSPECTOR_URI_PAGE (page), analysis);
  g_assert_cmpstr (iri_inspector_uri_page_get_readable (IRI_INSPECTOR_URI_PAGE (page)), ==, spoof);

  /* The page follows the policy it was given. */
  iri_display_policy_set_level (policy, IRI_DISPLAY_PERMISSIVE);
  g_assert_cmpstr (iri_inspector_uri_page_get_readable (IRI_INSPECTOR_URI_PAGE (page)), ==, decoded);
  iri_display_policy_set_level (policy, IRI_DISPLAY_STRICT);
  g_assert_cmpstr (iri_inspector_uri_page_get_readable (IRI_INSPECTOR_URI_PAGE (page)), ==, spoof);

  /* A legitimate label is decoded under strict. */
  iri_inspector_uri_page_set_analysis (IRI_INSPECTOR_URI_PAGE (page), legitimate);
  g_assert_cmpstr (iri_inspector_uri_page_get_readable (IRI_INSPECTOR_URI_PAGE (page)), ==,
                   "http://" HE_SHALOM ".example/");

  g_assert_finalize_object (page);
}

static void
test_converter (void)
{
  g_autoptr(IriDisplayPolicy) policy = iri_display_policy_new (IRI_DISPLAY_STRICT);
  GtkWidget *page = g_object_ref_sink (iri_inspector_uri_page_new ());
  GtkWidget *row;
  const char *notes = NULL;
  const char *iri;

  iri_inspector_uri_page_set_display_policy (IRI_INSPECTOR_URI_PAGE (page), policy);
  row = widget_test_find (page, ADW_TYPE_ENTRY_ROW);
  g_assert_nonnull (row);

  /* Strict: the label stays an A-label, and a note says why, naming
   * the label. */
  gtk_editable_set_text (GTK_EDITABLE (row), spoof);
  iri = iri_inspector_uri_page_get_converted (IRI_INSPECTOR_URI_PAGE (page), &notes);
  g_assert_cmpstr (iri, ==, spoof);
  g_assert_nonnull (notes);
  g_test_message ("notes under strict: %s", notes);
  g_assert_true (strstr (notes, APPLE_A_LABEL) != NULL || strstr (notes, CYRILLIC_APPLE) != NULL);

  /* Permissive: decoded, and nothing kept to explain. */
  iri_display_policy_set_level (policy, IRI_DISPLAY_PERMISSIVE);
  iri = iri_inspector_uri_page_get_converted (IRI_INSPECTOR_URI_PAGE (page), &notes);
  g_assert_cmpstr (iri, ==, decoded);
  g_assert_null (notes);

  /* A look-alike of a delimiter stays encoded under both (§5.1). */
  gtk_editable_set_text (GTK_EDITABLE (row), "http://paypal.com%E2%88%95login.example/");
  iri = iri_inspector_uri_page_get_converted (IRI_INSPECTOR_URI_PAGE (page), &notes);
  g_assert_cmpstr (iri, ==, "http://paypal.com%E2%88%95login.example/");
  g_assert_nonnull (notes);

  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  if (!widget_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/app/uri-page/readable", test_readable);
  g_test_add_func ("/app/uri-page/converter", test_converter);
  return g_test_run ();
}
