/* fuzz-compare.c: the comparison ladder and normalization (RFC 3987
 * §5.3)
 *
 * The input is two references separated by a newline.
 *
 * Invariants: normalization at each rung is idempotent and gives a valid
 * reference; each rung's normal form is the previous rung's normal form
 * normalized again; a text equals itself at the simple-string rung;
 * comparison is symmetric; two references are equal at a rung exactly
 * when their normal forms at that rung are the same string; and equality
 * at one rung implies it at every higher one.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static const IriComparison levels[] = {
  IRI_COMPARISON_SIMPLE, IRI_COMPARISON_SYNTAX, IRI_COMPARISON_SCHEME,
};

static void
check_normal_forms (const char *text,
                    char       *forms[G_N_ELEMENTS (levels)])
{
  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autofree char *again = NULL;

      forms[i] = iri_normalize (text, -1, levels[i], NULL);
      if (forms[i] == NULL)
        continue;
      FUZZ_ASSERT (g_utf8_validate (forms[i], -1, NULL));
      again = iri_normalize (forms[i], -1, levels[i], NULL);
      FUZZ_ASSERT (again != NULL && g_str_equal (again, forms[i]));
      if (levels[i] == IRI_COMPARISON_SIMPLE)
        FUZZ_ASSERT (g_str_equal (forms[i], text));
      if (i > 0)
        {
          g_autofree char *from_lower = NULL;

          /* A text that normalizes at a rung normalizes at the ones
           * below it (the rungs only add steps). */
          FUZZ_ASSERT (forms[i - 1] != NULL);
          from_lower = iri_normalize (forms[i - 1], -1, levels[i], NULL);
          FUZZ_ASSERT (from_lower != NULL && g_str_equal (from_lower, forms[i]));
        }
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  char *forms_a[G_N_ELEMENTS (levels)] = { NULL, };
  char *forms_b[G_N_ELEMENTS (levels)] = { NULL, };
  IriComparison ab, ba;
  gboolean equal_below = FALSE;

  if (!fuzz_is_text (data, size))
    return 0;
  if (!fuzz_split (data, size, &a, &b))
    {
      a = fuzz_strndup (data, size);
      b = g_strdup (a);
    }

  check_normal_forms (a, forms_a);
  check_normal_forms (b, forms_b);

  ab = iri_compare (a, b, IRI_COMPARISON_SCHEME, NULL);
  ba = iri_compare (b, a, IRI_COMPARISON_SCHEME, NULL);
  FUZZ_ASSERT (ab == ba);
  if (forms_a[0] != NULL && g_str_equal (a, b))
    FUZZ_ASSERT (ab == IRI_COMPARISON_SIMPLE);

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      gboolean equal_here = forms_a[i] != NULL && forms_b[i] != NULL && g_str_equal (forms_a[i], forms_b[i]);

      /* Once equal, equal on every higher rung. */
      if (equal_below)
        FUZZ_ASSERT (equal_here);
      if (equal_here && !equal_below)
        FUZZ_ASSERT (ab == levels[i]);
      equal_below = equal_below || equal_here;
      /* A lower maximum rung only ever finds less. */
      FUZZ_ASSERT (iri_compare (a, b, levels[i], NULL) == (equal_below ? ab : IRI_COMPARISON_DIFFERENT));
    }
  if (!equal_below)
    FUZZ_ASSERT (ab == IRI_COMPARISON_DIFFERENT);

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_free (forms_a[i]);
      g_free (forms_b[i]);
    }
  return 0;
}
