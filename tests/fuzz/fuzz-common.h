/* fuzz-common.h: what every fuzz target shares
 *
 * The targets are libFuzzer entry points (LLVMFuzzerTestOneInput).  Built
 * with -Dfuzzing=true they link libFuzzer; otherwise fuzz-replay.c gives
 * them a main() that runs the seed corpus and the regression inputs, so
 * every crash ever found stays a test in the ordinary suite.
 *
 * A target does not only look for crashes: each states the invariants of
 * what it exercises (round trips, inverse permutations, spans inside the
 * input) with FUZZ_ASSERT, which aborts, so libFuzzer keeps the input.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Not g_assert(): that one can be compiled out with G_DISABLE_ASSERT, and
 * the message should say which invariant broke. */
#define FUZZ_ASSERT(cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      fuzz_fail (__FILE__, __LINE__, #cond); \
  } G_STMT_END

G_GNUC_NORETURN static inline void
fuzz_fail (const char *file,
           int         line,
           const char *what)
{
  fprintf (stderr, "%s:%d: invariant failed: %s\n", file, line, what);
  abort ();
}

/* A critical or a warning is a bug as much as a crash is: the library
 * only emits them when its own preconditions or invariants are broken. */
static inline void
fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
}

/* Whether @data is UTF-8 without NUL bytes: what the functions that take
 * text (not bytes) require. */
static inline gboolean
fuzz_is_text (const uint8_t *data,
              size_t         size)
{
  return g_utf8_validate_len ((const char *) data, size, NULL);
}

/* A NUL-terminated copy, for the functions that take C strings. */
static inline char *
fuzz_strndup (const uint8_t *data,
              size_t         size)
{
  return g_strndup ((const char *) data, size);
}

/* Targets with two inputs (resolve, compare) split at the first newline:
 * a newline is not allowed in an IRI, and the seeds are built so. */
static inline gboolean
fuzz_split (const uint8_t  *data,
            size_t          size,
            char          **out_first,
            char          **out_second)
{
  const uint8_t *newline = memchr (data, '\n', size);

  if (newline == NULL)
    return FALSE;
  *out_first = fuzz_strndup (data, newline - data);
  *out_second = fuzz_strndup (newline + 1, size - (newline - data) - 1);
  return TRUE;
}
