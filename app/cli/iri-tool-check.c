/* iri-tool-check.c: iri check — batch analysis, one IRI per line
 *
 * A streaming filter (DESIGN.md §10): lines in, findings or JSON Lines
 * out, in input order, in constant memory, with --jobs N worker threads.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <unistd.h>
#include <glib/gi18n.h>

#include "iri-tool-private.h"

/* Lines are analysed in batches: big enough that handing a batch to a
 * thread costs nothing next to analysing it, small enough that the
 * batches in flight (at most MAX_IN_FLIGHT_PER_JOB per job) keep memory
 * small and constant whatever the input size. */
#define BATCH_LINES 256
/* A batch also ends after this much input, so that long lines cannot
 * make the batches in flight hold gigabytes: memory stays bounded by
 * the number of batches in flight times this (plus one line, at most
 * iri_tool_max_line), whatever the input. */
#define BATCH_BYTES (256 * 1024)
#define MAX_IN_FLIGHT_PER_JOB 4
/* A batch of this much input or more is one of long lines. */
#define LONG_BATCH_BYTES (64 * 1024)
/* And at most this much input in all of them, whatever --jobs. */
#define MAX_BYTES_IN_FLIGHT (512 * 1024)

/* Counts of findings, per severity and per code. */
typedef struct {
  guint64     severity[IRI_SEVERITY_ERROR + 1];
  GHashTable *codes;   /* interned code → count */
} Counts;

typedef struct {
  char       *text;       /* the line's bytes (not NUL-terminated inside: may hold NUL) */
  gsize       length;
  char       *where;      /* "FILE:LINE" for human output */
  guint64     line;
  gboolean    too_long;
  char       *file_error; /* a file that could not be read, in place of a line */
  char       *file;
  const char *source;     /* the named file the line is from (owned by the input), or NULL */
} Line;

typedef struct {
  guint64     index;
  GArray     *lines;      /* (element-type Line) */
  gsize       n_bytes;    /* of the lines' text */
  GString    *out;        /* what to print, filled by a worker */
  Counts      counts;
  gboolean    failed;     /* a finding at or above --fail-on */
  gboolean    done;
} Batch;

/* A progress bar on standard error, for a large regular file read while
 * standard error is a terminal: redrawn at most ten times a second. */
typedef struct {
  gboolean  enabled;
  gboolean  shown;          /* drawn, and not erased since */
  gboolean  stdout_shared;  /* standard output is a terminal too */
  gint64    last_draw;
} Progress;

static void
progress_update (Progress     *progress,
                 IriToolInput *input,
                 guint64       n_lines,
                 gboolean      force)
{
  guint64 done, total;
  gint64 now = g_get_monotonic_time ();
  int width = 30;
  int filled;
  g_autofree char *lines = NULL;

  if (!progress->enabled || (!force && now - progress->last_draw < G_USEC_PER_SEC / 10))
    return;
  if (!iri_tool_input_get_progress (input, &done, &total) || total == 0)
    return;

  progress->last_draw = now;
  progress->shown = TRUE;
  filled = (int) (width * MIN (done, total) / total);
  /* Translators: part of the progress bar of iri check, a count of lines
   * read so far; keep it short */
  lines = g_strdup_printf (ngettext ("%llu line", "%llu lines", n_lines), (unsigned long long) n_lines);
  g_printerr ("\r[%.*s%*s] %3d%%  %s", filled, "==============================", width - filled, "",
              (int) (100 * MIN (done, total) / total), lines);
}

/* Erases the bar, so that a message on standard error, or a finding on
 * standard output when that is a terminal too, is not printed into it;
 * the next update draws it again. */
static void
progress_clear (Progress *progress)
{
  if (progress->shown)
    {
      g_printerr ("\r\033[K");
      progress->shown = FALSE;
    }
}

static void
progress_finish (Progress *progress)
{
  progress_clear (progress);
}

typedef struct {
  gboolean     json;
  IriSeverity  fail_on;
  IriAnalyzer *analyzer;
  Progress     progress;   /* used by the reading thread only */

  /* The batches handed out and not printed yet, by index; guarded by
   * mutex, with cond signalled when a batch is done. */
  GMutex       mutex;
  GCond        cond;
  GHashTable  *pending;   /* index → Batch */
  gsize        pending_bytes; /* of the pending batches' input */
} Check;

static void
counts_init (Counts *counts)
{
  memset (counts->severity, 0, sizeof counts->severity);
  counts->codes = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
counts_add (Counts     *counts,
            const char *code,
            IriSeverity severity,
            guint64     n)
{
  gpointer old = g_hash_table_lookup (counts->codes, code);

  g_hash_table_insert (counts->codes, (gpointer) code, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (old) + n));
  counts->severity[severity] += n;
}

static void
counts_merge (Counts *into,
              Counts *from)
{
  GHashTableIter iter;
  gpointer key, value;

  for (guint s = 0; s <= IRI_SEVERITY_ERROR; s++)
    into->severity[s] += from->severity[s];
  g_hash_table_iter_init (&iter, from->codes);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gpointer old = g_hash_table_lookup (into->codes, key);

      g_hash_table_insert (into->codes, key, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (old) + GPOINTER_TO_SIZE (value)));
    }
}

static void
line_clear (gpointer data)
{
  Line *line = data;

  g_free (line->text);
  g_free (line->where);
  g_free (line->file_error);
  g_free (line->file);
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_array_unref (batch->lines);
  if (batch->out != NULL)
    g_string_free (batch->out, TRUE);
  g_hash_table_unref (batch->counts.codes);
  g_free (batch);
}

static const char *
severity_label (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return _("error");
    case IRI_SEVERITY_WARNING:
      return _("warning");
    case IRI_SEVERITY_INFO:
      return _("info");
    case IRI_SEVERITY_NONE:
    default:
      return "";
    }
}

/* Human output: one line per finding, "WHERE:START-END: severity:
 * message [code]", like a compiler, so that editors and grep work with
 * it.  Columns count code points from 1. */
static void
append_human (GString     *out,
              IriAnalysis *analysis,
              const char  *where)
{
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      const char *hint = iri_diagnostic_get_hint (d);
      g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

      g_string_append_printf (out, "%s:%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT ": %s: %s [%s]\n",
                              where, iri_diagnostic_get_start (d) + 1, iri_diagnostic_get_end (d),
                              severity_label (iri_diagnostic_get_severity (d)),
                              message, iri_diagnostic_get_code (d));
      if (hint != NULL)
        {
          g_autofree char *shown_hint = iri_tool_message_as_text (hint);

          /* Translators: %s is a suggested fix, the second %s where the rule comes from */
          g_string_append_printf (out, _("    hint: %s (%s)\n"), shown_hint, iri_diagnostic_get_spec (d));
        }
    }
}

/* What --input repaired, as notes; their columns are in the line as
 * read, those of the findings after them in the repaired IRI. */
static void
append_repairs_human (GString     *out,
                      GListModel  *repairs,
                      const char  *where)
{
  if (repairs == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (repairs); i++)
    {
      g_autoptr(IriDiagnostic) d = g_list_model_get_item (repairs, i);
      g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

      g_string_append_printf (out, "%s:%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT ": %s: %s [%s]\n",
                              where, iri_diagnostic_get_start (d) + 1, iri_diagnostic_get_end (d),
                              severity_label (IRI_SEVERITY_INFO), message, iri_diagnostic_get_code (d));
    }
}

/* A finding for a line that is not analysed at all, in either output
 * form, so that the output keeps one record per input line. */
static void
append_line_error (Check      *check,
                   Batch      *batch,
                   Line       *line,
                   const char *code,
                   const char *message)
{
  counts_add (&batch->counts, code, IRI_SEVERITY_ERROR, 1);
  if (check->fail_on <= IRI_SEVERITY_ERROR)
    batch->failed = TRUE;

  if (check->json)
    {
      g_string_append_c (batch->out, '{');
      iri_tool_append_json_file (batch->out, line->source);
      g_string_append_printf (batch->out, "\"line\":%" G_GUINT64_FORMAT ",\"input\":null,\"valid\":false,"
                              "\"diagnostics\":[{\"code\":\"%s\",\"severity\":\"error\","
                              "\"component\":\"iri\",\"start\":0,\"end\":0,\"spec\":\"IRI Inspector\",\"message\":",
                              line->line, code);
      iri_tool_json_string (batch->out, message, -1);
      g_string_append (batch->out, ",\"hint\":null}]}");
      iri_tool_append_record_end (batch->out);
    }
  else
    g_string_append_printf (batch->out, "%s: %s: %s [%s]\n",
                            line->where, severity_label (IRI_SEVERITY_ERROR), message, code);
}

static void
append_too_long (Check  *check,
                 Batch  *batch,
                 Line   *line)
{
  g_autofree char *message = iri_tool_too_long_message ();

  append_line_error (check, batch, line, "line-too-long", message);
}

/* A file that could not be read: a record in the JSON stream, in input
 * order, so that a consumer sees which file is missing; in human output
 * the message went to standard error when it happened. */
static void
append_file_error (Check *check,
                   Batch *batch,
                   Line  *line)
{
  if (!check->json)
    return;
  g_string_append (batch->out, "{\"file\":");
  iri_tool_json_string (batch->out, line->file, -1);
  g_string_append (batch->out, ",\"error\":");
  iri_tool_json_string (batch->out, line->file_error, -1);
  g_string_append_c (batch->out, '}');
  iri_tool_append_record_end (batch->out);
}

static void
analyse_batch (Check *check,
               Batch *batch)
{
  batch->out = g_string_sized_new (batch->lines->len * (check->json ? 512 : 16));

  for (guint i = 0; i < batch->lines->len; i++)
    {
      Line *line = &g_array_index (batch->lines, Line, i);
      g_autoptr(IriAnalysis) analysis = NULL;
      g_autofree char *repaired = NULL;
      g_autoptr(GListModel) repairs = NULL;
      const char *text;
      gsize length;
      gunichar conflict;

      if (line->file_error != NULL)
        {
          append_file_error (check, batch, line);
          continue;
        }
      if (line->too_long)
        {
          append_too_long (check, batch, line);
          continue;
        }
      conflict = iri_tool_notation_conflict (line->text, line->length,
                                             iri_analyzer_get_notation (check->analyzer));
      if (conflict != 0)
        {
          g_autofree char *message = iri_tool_notation_conflict_message (conflict,
                                                                         iri_analyzer_get_notation (check->analyzer));

          append_line_error (check, batch, line, "notation-conflict", message);
          continue;
        }

      text = line->text;
      length = line->length;
      if (iri_tool_repair_input (&text, &length, &repaired, &repairs))
        {
          /* The repairs are notes: --input asked for them. */
          for (guint k = 0; k < g_list_model_get_n_items (repairs); k++)
            {
              g_autoptr(IriDiagnostic) d = g_list_model_get_item (repairs, k);

              counts_add (&batch->counts, g_intern_string (iri_diagnostic_get_code (d)), IRI_SEVERITY_INFO, 1);
              if (IRI_SEVERITY_INFO >= check->fail_on)
                batch->failed = TRUE;
            }
        }
      analysis = iri_analyzer_analyze (check->analyzer, text, length);
      for (guint k = 0; k < iri_analysis_get_n_diagnostics (analysis); k++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, k);
          IriSeverity severity = iri_diagnostic_get_severity (d);

          counts_add (&batch->counts, iri_diagnostic_get_code (d), severity, 1);
          if (severity >= check->fail_on)
            batch->failed = TRUE;
        }

      if (check->json)
        iri_tool_append_repaired_json (batch->out, analysis, line->source, line->line,
                                       line->text, line->length, repairs);
      else
        {
          append_repairs_human (batch->out, repairs, line->where);
          append_human (batch->out, analysis, line->where);
        }
    }
}

/* After a batch of long lines, the memory of their analyses goes back
 * to the system: glibc keeps a heap (an arena) per thread and returns
 * little of it on its own, so with --jobs the peak would be the sum of
 * every thread's worst batch instead of the worst one. */
static void
give_back_memory (gsize batch_bytes)
{
#ifdef __GLIBC__
  if (batch_bytes >= LONG_BATCH_BYTES)
    malloc_trim (0);
#endif
}

static void
worker_cb (gpointer data,
           gpointer user_data)
{
  Batch *batch = data;
  Check *check = user_data;

  analyse_batch (check, batch);
  give_back_memory (batch->n_bytes);

  g_mutex_lock (&check->mutex);
  batch->done = TRUE;
  g_cond_broadcast (&check->cond);
  g_mutex_unlock (&check->mutex);
}

typedef struct {
  guint64  n_inputs;
  guint    n_file_errors;   /* files that could not be read */
  Counts   counts;
  gboolean failed;
  guint64  next_to_print;
} Totals;

/* Prints, in input order, every batch that is done and next in line. */
static void
print_ready (Check  *check,
             Totals *totals,
             gboolean wait_for_next)
{
  for (;;)
    {
      Batch *batch;

      g_mutex_lock (&check->mutex);
      batch = g_hash_table_lookup (check->pending, &totals->next_to_print);
      while (wait_for_next && batch != NULL && !batch->done)
        g_cond_wait (&check->cond, &check->mutex);
      if (batch == NULL || !batch->done)
        {
          g_mutex_unlock (&check->mutex);
          return;
        }
      g_hash_table_steal (check->pending, &totals->next_to_print);
      check->pending_bytes -= batch->n_bytes;
      g_mutex_unlock (&check->mutex);

      if (batch->out->len > 0 && check->progress.stdout_shared)
        progress_clear (&check->progress);
      fwrite (batch->out->str, 1, batch->out->len, stdout);
      counts_merge (&totals->counts, &batch->counts);
      totals->failed |= batch->failed;
      totals->next_to_print++;
      {
        gsize n_bytes = batch->n_bytes;

        batch_free (batch);
        give_back_memory (n_bytes);
      }
    }
}

/* Whether the reader must wait for the oldest batch before reading on:
 * too many batches in flight, or too much input in them.  A batch of a
 * few long lines weighs far more than 256 short ones (its analyses and
 * its JSON are tens of times its input), so bytes count too. */
static gboolean
too_much_in_flight (Check *check,
                    guint  jobs)
{
  gboolean full;

  g_mutex_lock (&check->mutex);
  full = g_hash_table_size (check->pending) >= jobs * MAX_IN_FLIGHT_PER_JOB ||
         (g_hash_table_size (check->pending) > 0 && check->pending_bytes >= MAX_BYTES_IN_FLIGHT);
  g_mutex_unlock (&check->mutex);
  return full;
}

static void
print_summary (Totals *totals)
{
  g_autoptr(GList) codes = g_hash_table_get_keys (totals->counts.codes);
  g_autofree char *inputs = NULL, *errors = NULL, *warnings = NULL, *notes = NULL;
  guint64 n_errors = totals->counts.severity[IRI_SEVERITY_ERROR];
  guint64 n_warnings = totals->counts.severity[IRI_SEVERITY_WARNING];
  guint64 n_notes = totals->counts.severity[IRI_SEVERITY_INFO];

  /* Translators: part of the summary of iri check, e.g. "3 IRIs checked" */
  inputs = g_strdup_printf (ngettext ("%llu IRI checked", "%llu IRIs checked", totals->n_inputs),
                            (unsigned long long) totals->n_inputs);
  /* Translators: part of the summary of iri check */
  errors = g_strdup_printf (ngettext ("%llu error", "%llu errors", n_errors), (unsigned long long) n_errors);
  /* Translators: part of the summary of iri check */
  warnings = g_strdup_printf (ngettext ("%llu warning", "%llu warnings", n_warnings), (unsigned long long) n_warnings);
  /* Translators: part of the summary of iri check; a note is a finding of severity info */
  notes = g_strdup_printf (ngettext ("%llu note", "%llu notes", n_notes), (unsigned long long) n_notes);
  /* Translators: the summary of iri check: "3 IRIs checked: 1 error, 0 warnings, 2 notes" */
  g_printerr (_("%s: %s, %s, %s\n"), inputs, errors, warnings, notes);
  if (totals->n_file_errors > 0)
    /* Translators: the last line of the summary of iri check */
    g_printerr (ngettext ("%u file could not be read\n", "%u files could not be read\n", totals->n_file_errors),
                totals->n_file_errors);

  codes = g_list_sort (codes, (GCompareFunc) g_strcmp0);
  for (GList *l = codes; l != NULL; l = l->next)
    g_printerr ("  %-36s %" G_GSIZE_FORMAT "\n", (const char *) l->data,
                GPOINTER_TO_SIZE (g_hash_table_lookup (totals->counts.codes, l->data)));
}

static gboolean
parse_severity (const char  *name,
                IriSeverity *out)
{
  if (name == NULL)
    return TRUE;
  if (g_str_equal (name, "error"))
    *out = IRI_SEVERITY_ERROR;
  else if (g_str_equal (name, "warning"))
    *out = IRI_SEVERITY_WARNING;
  else if (g_str_equal (name, "info"))
    *out = IRI_SEVERITY_INFO;
  else
    {
      iri_tool_error (_("unknown severity “%s” (use error, warning or info)"), name);
      return FALSE;
    }
  return TRUE;
}

int
iri_tool_check (int    argc,
                char **argv)
{
  gboolean json = FALSE;
  gboolean quiet = FALSE;
  int jobs = 1;
  g_autofree char *fail_on = NULL;
  g_autofree char *notation_arg = NULL;
  g_autofree char *mode_arg = NULL;
  g_autofree char *known_hosts_path = NULL;
  IriNotation notation = IRI_NOTATION_NONE;
  IriDisplayMode mode = IRI_DISPLAY_EMBED;
  g_auto(GStrv) files = NULL;
  g_autoptr(IriToolInput) input = NULL;
  g_autoptr(GError) io_error = NULL;
  GThreadPool *pool = NULL;
  Check check = { 0, };
  Totals totals = { 0, };
  Batch *batch = NULL;
  guint64 next_index = 0;
  gsize batch_n_bytes_add = 0;
  const char *text;
  gsize length;
  gboolean too_long;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write one JSON object per input line (JSON Lines)"), NULL },
    { "fail-on", 0, 0, G_OPTION_ARG_STRING, &fail_on,
      N_("Exit with 1 when a finding has at least this severity: error (the default), warning or info"),
      N_("SEVERITY") },
    { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &known_hosts_path,
      N_("Flag hosts that look like one of these trusted hosts (one per line) without being it or a subdomain of it"),
      N_("FILE") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      N_("Analyse with N threads; the output stays in input order"), N_("N") },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation); output is written back in it"),
      N_("hebrew|arabic") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("The display written in JSON: embed (the default, §4.1) or isolate"), N_("MODE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
      N_("Do not print the summary on standard error"), NULL },
    IRI_TOOL_INPUT_OPTION,
    IRI_TOOL_NULL_OPTION,
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[FILE…] — check IRIs, one per line"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Analyses each line of the files (or of standard input, “-” or no FILE)\n"
                                  "as an IRI reference and reports every finding: syntax errors,\n"
                                  "forbidden characters, components that break the bidi rules of §4.2,\n"
                                  "displays that read as another host, confusable and invisible\n"
                                  "characters, IDNA problems. A summary goes to standard error. Lines that\n"
                                  "are not UTF-8 or hold NUL bytes are reported, not skipped. Output is in\n"
                                  "input order and memory stays constant, whatever the input size."));
  if (!iri_tool_parse_options (context, "check", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;

  /* The report of a finding takes several lines; a record per input
   * line is what --json writes. */
  if (iri_tool_null_records && !json)
    {
      iri_tool_error (_("-z needs --json: the human report of a line is several lines long"));
      return IRI_TOOL_EXIT_USAGE;
    }
  check.json = json;
  check.fail_on = IRI_SEVERITY_ERROR;
  if (!parse_severity (fail_on, &check.fail_on) ||
      !iri_tool_parse_notation (notation_arg, &notation) || !iri_tool_parse_mode (mode_arg, &mode))
    return IRI_TOOL_EXIT_USAGE;
  if (jobs < 1 || jobs > 256)
    {
      /* Translators: %d is what the user gave */
      iri_tool_error (_("--jobs must be between 1 and 256, not %d"), jobs);
      return IRI_TOOL_EXIT_USAGE;
    }

  check.analyzer = iri_analyzer_new ();
  iri_analyzer_set_notation (check.analyzer, notation);
  iri_analyzer_set_display_mode (check.analyzer, mode);
  if (known_hosts_path != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) known = iri_tool_load_known_hosts (known_hosts_path, &error);

      if (known == NULL)
        {
          /* Translators: %s is the reason a file could not be read */
          iri_tool_error (_("cannot read the known hosts: %s"), error->message);
          g_object_unref (check.analyzer);
          return IRI_TOOL_EXIT_IO;
        }
      iri_analyzer_set_known_hosts (check.analyzer, (const char * const *) known);
    }

  g_mutex_init (&check.mutex);
  g_cond_init (&check.cond);
  check.pending = g_hash_table_new (g_int64_hash, g_int64_equal);
  counts_init (&totals.counts);
  if (jobs > 1)
    pool = g_thread_pool_new (worker_cb, &check, jobs, TRUE, NULL);

  input = iri_tool_input_new_files (files);
  check.progress.enabled = isatty (STDERR_FILENO) && iri_tool_input_is_large_file (input) &&
                           !iri_tool_terminal_is_dumb ();
  check.progress.stdout_shared = isatty (STDOUT_FILENO);

  for (;;)
    {
      g_autoptr(GError) file_error = NULL;
      Line line = { NULL, 0, NULL, 0, FALSE, NULL, NULL };
      gboolean waiting;

      text = iri_tool_input_next (input, &length, &too_long, &file_error);
      if (text == NULL && file_error != NULL)
        {
          /* One unreadable file does not stop the batch (the exit
           * status says it happened). */
          progress_clear (&check.progress);
          iri_tool_error ("%s", file_error->message);
          if (io_error == NULL)
            io_error = g_error_copy (file_error);
          totals.n_file_errors++;
          line.file_error = g_strdup (file_error->message);
          line.file = g_strdup (iri_tool_input_file (input));
        }
      else if (text != NULL)
        {
          line.length = length;
          line.line = iri_tool_input_line (input);
          line.source = iri_tool_input_named_file (input);
          line.too_long = too_long;
          line.text = g_memdup2 (text, length + 1);
          if (!json)
            line.where = g_strdup (iri_tool_input_where (input));
          batch_n_bytes_add = length;
          totals.n_inputs++;
        }
      if (line.text != NULL || line.file_error != NULL)
        {
          if (batch == NULL)
            {
              batch = g_new0 (Batch, 1);
              batch->index = next_index++;
              batch->lines = g_array_sized_new (FALSE, FALSE, sizeof (Line), BATCH_LINES);
              g_array_set_clear_func (batch->lines, line_clear);
              counts_init (&batch->counts);
            }
          g_array_append_val (batch->lines, line);
          batch->n_bytes += batch_n_bytes_add;
          batch_n_bytes_add = 0;
          text = line.text != NULL ? line.text : "";
        }

      /* A writer on the other side of a pipe or a terminal may wait for
       * the answer before it writes the next line: when reading on
       * would wait, the lines read so far are answered first. */
      waiting = batch != NULL && text != NULL && iri_tool_input_would_block (input);
      if (batch != NULL && (text == NULL || waiting || batch->lines->len == BATCH_LINES ||
                            batch->n_bytes >= BATCH_BYTES))
        {
          g_mutex_lock (&check.mutex);
          g_hash_table_insert (check.pending, &batch->index, batch);
          check.pending_bytes += batch->n_bytes;
          g_mutex_unlock (&check.mutex);

          if (pool != NULL)
            g_thread_pool_push (pool, g_steal_pointer (&batch), NULL);
          else
            {
              analyse_batch (&check, batch);
              batch->done = TRUE;
              batch = NULL;
            }

          /* Keep a bounded number of batches in flight: wait for the
           * oldest one before reading further. */
          print_ready (&check, &totals, waiting);
          while (too_much_in_flight (&check, jobs))
            print_ready (&check, &totals, TRUE);
          progress_update (&check.progress, input, totals.n_inputs, FALSE);
        }

      if (text == NULL)
        break;
    }

  if (pool != NULL)
    g_thread_pool_free (pool, FALSE, TRUE);
  print_ready (&check, &totals, TRUE);
  progress_finish (&check.progress);

  if (!quiet)
    print_summary (&totals);

  g_hash_table_unref (check.pending);
  g_hash_table_unref (totals.counts.codes);
  g_mutex_clear (&check.mutex);
  g_cond_clear (&check.cond);
  g_object_unref (check.analyzer);

  if (io_error != NULL)
    {
      /* Each unreadable file was reported when it was met. */
      if (g_error_matches (io_error, G_FILE_ERROR, G_FILE_ERROR_NOENT) && files != NULL &&
          files[0] != NULL && strstr (files[0], ":") != NULL)
        /* Translators: shown when "iri check" was given an IRI instead of a file */
        g_printerr (_("“iri check” reads IRIs from files, one per line. To check an IRI given on the\n"
                      "command line, pipe it in (echo 'IRI' | iri check) or use “iri inspect IRI”.\n"));
      return IRI_TOOL_EXIT_IO;
    }

  return totals.failed ? IRI_TOOL_EXIT_FINDINGS : IRI_TOOL_EXIT_OK;
}
