/* cli-test-util.h: running the iri tool from the CLI tests
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What a run of the tool gave: its exit status and its output, as
 * NUL-terminated copies (the bytes themselves may contain NULs). */
typedef struct {
  int    status;
  char  *out;
  gsize  out_len;   /* out may hold NULs before its end */
  char  *err;
} Run;

void        run_clear      (Run                *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* The tool under test, from $IRI_TOOL. */
const char *tool_path      (void);

void        run_with_input (Run                *run,
                            const char * const *argv,
                            const char         *input,
                            gssize              input_len);
void        run_tool_argv  (Run                *run,
                            const char * const *argv);
void        run_tool       (Run                *run,
                            const char         *input,
                            gssize              input_len,
                            const char         *first_arg,
                            ...) G_GNUC_NULL_TERMINATED;

G_END_DECLS
