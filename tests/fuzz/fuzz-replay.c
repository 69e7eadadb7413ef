/* fuzz-replay.c: runs a fuzz target over files, without libFuzzer
 *
 * Linked into every target when the build is not a libFuzzer build, so
 * the seed corpus and every input that ever broke an invariant run in
 * the ordinary test suite, with any compiler.  Arguments are files or
 * directories (every file in them, in name order).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "fuzz-common.h"

static gboolean
run_file (const char *path,
          guint      *n_inputs)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  /* A copy of exactly the input's size, so that AddressSanitizer catches
   * a read past its end as libFuzzer would. */
  {
    g_autofree uint8_t *copy = g_memdup2 (contents, length);

    LLVMFuzzerTestOneInput (copy, length);
  }
  (*n_inputs)++;
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

int
main (int   argc,
      char *argv[])
{
  guint n_inputs = 0;
  gboolean ok = TRUE;

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GDir) dir = NULL;
      g_autoptr(GPtrArray) names = NULL;
      const char *name;

      if (!g_file_test (argv[i], G_FILE_TEST_EXISTS))
        continue;   /* a target without regression inputs yet */
      if (!g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          ok = run_file (argv[i], &n_inputs) && ok;
          continue;
        }
      dir = g_dir_open (argv[i], 0, NULL);
      if (dir == NULL)
        continue;
      names = g_ptr_array_new_with_free_func (g_free);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.' && !g_str_equal (name, "README.md"))
          g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
      g_ptr_array_sort (names, compare_names);
      for (guint k = 0; k < names->len; k++)
        ok = run_file (g_ptr_array_index (names, k), &n_inputs) && ok;
    }
  if (!ok)
    return 1;
  {
    g_autofree char *name = g_path_get_basename (argv[0]);

    printf ("%s: %u inputs, every invariant held\n", name, n_inputs);
  }
  return 0;
}
