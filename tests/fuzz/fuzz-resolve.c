/* fuzz-resolve.c: reference resolution and relativization (RFC 3986
 * §5.2, 3987bis §5.5)
 *
 * The input is a base and a reference separated by a newline.
 *
 * Invariants: a valid absolute base and a valid reference always
 * resolve (the one documented exception is a rootless path that dot
 * removal would start with "//"); the result is a valid absolute IRI
 * with no dot segments left in a path taken from the reference;
 * resolving such a result again against the base gives the result (a
 * result with the base's rootless path may meet the exception); the non-strict
 * rule only differs when the schemes match; relativizing the result
 * against the base gives a reference that resolves back to it exactly;
 * iri_remove_dot_segments() is idempotent.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri.h"
#include "fuzz-common.h"

static gboolean
has_dot_segment (const char *path)
{
  g_auto(GStrv) segments = g_strsplit (path, "/", -1);

  for (gsize i = 0; segments[i] != NULL; i++)
    if (g_str_equal (segments[i], ".") || g_str_equal (segments[i], ".."))
      return TRUE;
  return FALSE;
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
  g_autofree char *base_text = NULL;
  g_autofree char *ref_text = NULL;
  g_autoptr(IriReference) base = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) result = NULL;
  g_autoptr(IriReference) again = NULL;
  g_autoptr(IriReference) relative_ref = NULL;
  g_autoptr(IriReference) round_trip = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *path_once = NULL;
  g_autofree char *path_twice = NULL;
  gboolean takes_path;

  if (!fuzz_is_text (data, size) || !fuzz_split (data, size, &base_text, &ref_text))
    return 0;

  path_once = iri_remove_dot_segments (ref_text, -1);
  path_twice = iri_remove_dot_segments (path_once, -1);
  FUZZ_ASSERT (g_str_equal (path_once, path_twice));

  base = iri_reference_parse (base_text, -1, IRI_PARSE_DEFAULT, NULL);
  ref = iri_reference_parse (ref_text, -1, IRI_PARSE_DEFAULT, NULL);

  /* Relative bases (oxiri's semantics) and invalid inputs: no crash, and
   * an error exactly when there is no result. */
  {
    g_autoptr(GError) relative_error = NULL;
    g_autofree char *resolved = iri_resolve (base_text, ref_text, IRI_RESOLVE_RELATIVE_BASE, &relative_error);

    FUZZ_ASSERT ((resolved == NULL) == (relative_error != NULL));
  }

  if (base == NULL || ref == NULL || !iri_reference_is_absolute (base))
    return 0;
  takes_path = iri_reference_get_scheme (ref) != NULL || iri_reference_get_authority (ref) != NULL ||
               iri_reference_get_path (ref)[0] != '\0';

  result = iri_reference_resolve (base, ref, IRI_RESOLVE_DEFAULT, &error);
  if (result == NULL)
    {
      /* §5.2.4 cannot give back a rootless path that starts with "//". */
      FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_BAD_PATH));
      return 0;
    }
  FUZZ_ASSERT (iri_reference_is_valid (result) && iri_reference_is_absolute (result));
  {
    g_autoptr(IriReference) reparsed = iri_reference_parse (iri_reference_get_text (result), -1,
                                                            IRI_PARSE_ABSOLUTE, NULL);

    FUZZ_ASSERT (reparsed != NULL);
    FUZZ_ASSERT (g_strcmp0 (iri_reference_get_authority (reparsed), iri_reference_get_authority (result)) == 0);
    FUZZ_ASSERT (g_str_equal (iri_reference_get_path (reparsed), iri_reference_get_path (result)));
  }
  /* The path comes from the reference when it has one, with its dot
   * segments removed (a "/." kept in front of a "//" path is the only one
   * left); otherwise it is the base's, as written. */
  if (takes_path)
    {
      if (!g_str_has_prefix (iri_reference_get_path (result), "/.//"))
        FUZZ_ASSERT (!has_dot_segment (iri_reference_get_path (result)));
    }
  else
    FUZZ_ASSERT (g_str_equal (iri_reference_get_path (result), iri_reference_get_path (base)));
  /* The fragment always comes from the reference. */
  FUZZ_ASSERT (g_strcmp0 (iri_reference_get_fragment (result), iri_reference_get_fragment (ref)) == 0);

  /* A path taken from the base as written (§5.2.2) keeps its dot
   * segments, so resolving the result again removes them; a rootless
   * base path such as ".///a" then meets the documented exception. */
  again = iri_reference_resolve (base, result, IRI_RESOLVE_DEFAULT, &error);
  if (again == NULL)
    {
      FUZZ_ASSERT (!takes_path);
      FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_BAD_PATH));
      FUZZ_ASSERT (iri_reference_get_path (result)[0] != '/');
      return 0;
    }
  if (takes_path)
    FUZZ_ASSERT (g_str_equal (iri_reference_get_text (again), iri_reference_get_text (result)));

  if (iri_reference_get_scheme (ref) == NULL ||
      g_ascii_strcasecmp (iri_reference_get_scheme (ref), iri_reference_get_scheme (base)) != 0)
    {
      g_autoptr(IriReference) non_strict = iri_reference_resolve (base, ref, IRI_RESOLVE_NON_STRICT, NULL);

      FUZZ_ASSERT (non_strict != NULL);
      FUZZ_ASSERT (g_str_equal (iri_reference_get_text (non_strict), iri_reference_get_text (result)));
    }

  relative = iri_reference_relativize (result, base, &error);
  if (relative == NULL)
    {
      FUZZ_ASSERT (g_error_matches (error, IRI_ERROR, IRI_ERROR_BAD_PATH));
      return 0;
    }
  relative_ref = iri_reference_parse (relative, -1, IRI_PARSE_DEFAULT, NULL);
  FUZZ_ASSERT (relative_ref != NULL);
  round_trip = iri_reference_resolve (base, relative_ref, IRI_RESOLVE_DEFAULT, NULL);
  FUZZ_ASSERT (round_trip != NULL);
  FUZZ_ASSERT (g_str_equal (iri_reference_get_text (round_trip), iri_reference_get_text (result)));
  return 0;
}
