/* iri-diagnostic-private.h: building diagnostics inside the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "iri-diagnostic.h"

G_BEGIN_DECLS

/* @code and @spec must be static strings (or interned); @message and
 * @hint are taken. */
IriDiagnostic *iri_diagnostic_new_take (const char    *code,
                                        IriSeverity    severity,
                                        IriComponent   component,
                                        const IriSpan *span,
                                        const char    *spec,
                                        char          *message,
                                        char          *hint);

/* The same diagnostic with its spans shifted by a byte and a character
 * delta, for diagnostics found on a substring. */
IriDiagnostic *iri_diagnostic_new_shifted (IriDiagnostic *other,
                                           gssize         byte_delta,
                                           gssize         char_delta);

/* The message for assistive technology, when it differs from the
 * message (a quoted piece of the display in logical order); taken. */
void           iri_diagnostic_take_accessible_message (IriDiagnostic *self,
                                                       char          *message);

/* Makes the message for assistive technology from @data (which it only
 * reads, perhaps from several threads) and returns it, newly allocated.
 * It must give the text that would have been taken when the finding
 * was made. */
typedef char *(*IriMessageFunc) (gconstpointer data);

/* The message for assistive technology, made by @func when it is first
 * asked for: most programs never ask, and it costs as much as the
 * message (a second quote of each piece of the display).  @destroy
 * frees @data with the diagnostic. */
void           iri_diagnostic_set_accessible_message_func (IriDiagnostic  *self,
                                                           IriMessageFunc  func,
                                                           gpointer        data,
                                                           GDestroyNotify  destroy);

/* A list of diagnostics that stops growing after IRI_DIAGNOSTICS_MAX
 * entries: a 1 MB line of spaces must not make a million objects.  The
 * last slot then says how many were dropped.  The entries kept are the
 * ones that come first in the order findings are shown
 * (iri_diagnostic_compare()), whatever order they were found in: a
 * path full of notes must not push out the finding on a spoofed host,
 * which the checks make later. */
#define IRI_DIAGNOSTICS_MAX 200

typedef gboolean (*IriDiagnosticFilter) (IriDiagnostic *diagnostic,
                                         gpointer       data);

typedef struct {
  GPtrArray *items;      /* (element-type IriDiagnostic) or NULL */
  guint      n_dropped;
  guint      last;       /* when full: the index of the entry shown last */
  gboolean   last_known; /* whether @last is up to date */
  /* When set, the findings it accepts are never dropped for others
   * when the list is full: a check that weighs some spans only (the
   * display policy's, host labels) must not lose a finding there to
   * the limit, whatever is found elsewhere. */
  IriDiagnosticFilter protect;
  gpointer            protect_data;
} IriDiagnostics;

void       iri_diagnostics_add     (IriDiagnostics *list,
                                    IriDiagnostic  *diagnostic);
void       iri_diagnostics_add_all (IriDiagnostics *list,
                                    GPtrArray      *diagnostics);
/* Sorts (most severe first, then by position) and returns the array,
 * creating an empty one if needed.  The list is left empty. */
GPtrArray *iri_diagnostics_steal   (IriDiagnostics *list);
void       iri_diagnostics_clear   (IriDiagnostics *list);

/* A run of adjacent characters with the same finding, reported once:
 * a 1 MB line of spaces is one diagnostic, not a million. */
typedef struct {
  const char   *code;       /* NULL when no run is pending */
  IriComponent  component;
  gconstpointer tag;        /* what else must match, for the caller */
  IriSpan       span;
  gunichar      first;
  guint         count;
  gboolean      all_same;   /* every character equals first */
} IriRun;

/* Extends @run with @c at [byte_start, byte_end) / [.., char_end) if it
 * has the same code, component and tag and directly follows it (and,
 * with @same_char, is the same character).  Returns FALSE when it does
 * not; the caller then flushes the run and calls iri_run_start(). */
gboolean iri_run_extend  (IriRun       *run,
                          const char   *code,
                          IriComponent  component,
                          gconstpointer tag,
                          gunichar      c,
                          gboolean      same_char,
                          gsize         byte_start,
                          gsize         byte_end,
                          gsize         char_end);
void     iri_run_start   (IriRun       *run,
                          const char   *code,
                          IriComponent  component,
                          gconstpointer tag,
                          gunichar      c,
                          gsize         byte_start,
                          gsize         byte_end,
                          gsize         char_start,
                          gsize         char_end);
/* Names the characters of the run for a message: "U+0020 SPACE",
 * "U+0020 SPACE (3 times)" or "U+003C LESS-THAN SIGN and 2 more
 * characters". */
char    *iri_run_describe (const IriRun *run);

/* A new GListStore holding the diagnostics of @array (which may be NULL),
 * for the public API: GListModel is what bindings and GTK list widgets
 * take. */
GListModel *iri_diagnostics_to_model (GPtrArray *array);

G_END_DECLS
