/* cli-test-util.c: running the iri tool from the CLI tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "cli-test-util.h"

void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

const char *
tool_path (void)
{
  const char *path = g_getenv ("IRI_TOOL");

  g_assert_nonnull (path);
  return path;
}

/* Runs @argv with @input on standard input (@input_len bytes; NULL for
 * an empty standard input). */
/* The whole output, NULs included, with a NUL after it. */
static char *
copy_bytes (GBytes *bytes,
            gsize  *out_len)
{
  gsize size = g_bytes_get_size (bytes);
  char *copy = g_malloc (size + 1);

  /* An empty GBytes may have no data pointer at all. */
  if (size > 0)
    memcpy (copy, g_bytes_get_data (bytes, NULL), size);
  copy[size] = '\0';
  if (out_len != NULL)
    *out_len = size;
  return copy;
}

void
run_with_input (Run                *run,
                const char * const *argv,
                const char         *input,
                gssize              input_len)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GBytes) stdin_bytes = NULL;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  proc = g_subprocess_newv (argv,
                            G_SUBPROCESS_FLAGS_STDIN_PIPE |
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                            G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error);
  g_assert_no_error (error);

  if (input != NULL)
    stdin_bytes = g_bytes_new (input, input_len < 0 ? strlen (input) : (gsize) input_len);
  else
    stdin_bytes = g_bytes_new (NULL, 0);

  g_subprocess_communicate (proc, stdin_bytes, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));

  run->status = g_subprocess_get_exit_status (proc);
  run->out = copy_bytes (out, &run->out_len);
  run->err = copy_bytes (err, NULL);
}

void
run_tool_argv (Run                *run,
               const char * const *argv)
{
  run_with_input (run, argv, NULL, 0);
}

/* Runs iri with the arguments (NULL-terminated) and @input on standard
 * input (@input_len bytes; NULL for an empty standard input). */
void
run_tool (Run         *run,
          const char  *input,
          gssize       input_len,
          const char  *first_arg,
          ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) wrapper = NULL;
  va_list ap;

  /* The valgrind test setup runs the tool itself under memcheck too. */
  if (g_getenv ("IRI_TOOL_WRAPPER") != NULL)
    {
      g_autoptr(GError) error = NULL;

      g_shell_parse_argv (g_getenv ("IRI_TOOL_WRAPPER"), NULL, &wrapper, &error);
      g_assert_no_error (error);
      for (gsize i = 0; wrapper[i] != NULL; i++)
        g_ptr_array_add (argv, wrapper[i]);
    }
  g_ptr_array_add (argv, (gpointer) tool_path ());
  va_start (ap, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  run_with_input (run, (const char * const *) argv->pdata, input, input_len);
}

