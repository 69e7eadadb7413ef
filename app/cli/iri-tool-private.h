/* iri-tool-private.h: shared pieces of the iri terminal tool
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <iri.h>

G_BEGIN_DECLS

/* Exit statuses (DESIGN.md §5). */
enum {
  IRI_TOOL_EXIT_OK = 0,
  IRI_TOOL_EXIT_FINDINGS = 1,  /* findings at or above --fail-on, a failed conversion, a difference */
  IRI_TOOL_EXIT_USAGE = 2,
  IRI_TOOL_EXIT_IO = 3,
};

/* Commands; each parses its own options. */
int iri_tool_to_uri  (int argc, char **argv);
int iri_tool_to_iri  (int argc, char **argv);
int iri_tool_resolve (int argc, char **argv);
int iri_tool_compare (int argc, char **argv);
int iri_tool_parse (int argc, char **argv);
int iri_tool_check   (int argc, char **argv);
int iri_tool_render  (int argc, char **argv);
int iri_tool_examples (int argc, char **argv);
int iri_tool_edit    (int argc, char **argv);
int iri_tool_inspect (int argc, char **argv);
int iri_tool_skeleton (int argc, char **argv);
int iri_tool_format  (int argc, char **argv);
int iri_tool_detect  (int argc, char **argv);
int iri_tool_explain (int argc, char **argv);
int iri_tool_relativize (int argc, char **argv);

/* Option values shared by several commands; they print the error. */
gboolean iri_tool_parse_notation (const char     *name,
                                  IriNotation    *out);
gunichar iri_tool_notation_conflict (const char     *text,
                                     gsize           length,
                                     IriNotation     notation);
char    *iri_tool_notation_conflict_message (gunichar     c,
                                             IriNotation  notation);
gboolean iri_tool_parse_mode     (const char     *name,
                                  IriDisplayMode *out);

/* "iri: message" on stderr. */
void iri_tool_error     (const char *format,
                         ...) G_GNUC_PRINTF (1, 2);
void iri_tool_warning   (const char *format,
                         ...) G_GNUC_PRINTF (1, 2);

/* Parses a command's options; on failure prints the error with a pointer
 * to --help and returns FALSE.  The context's summary and the command
 * name make up the help text. */
gboolean iri_tool_parse_options (GOptionContext  *context,
                                 const char      *command,
                                 int             *argc,
                                 char          ***argv);

/* Lines longer than iri_tool_max_line bytes are not analysed: they are
 * reported and skipped, so that one runaway line cannot take all
 * memory.  The default keeps `iri check --jobs 4` under 64 MiB whatever
 * the input (an analysis takes about 50 bytes per byte of a Hebrew
 * line); --max-line, which every command takes, changes it.  An
 * argument is at most 128 KiB on Linux (MAX_ARG_STRLEN) anyway. */
#define IRI_TOOL_DEFAULT_MAX_LINE (128 * 1024)
extern gsize iri_tool_max_line;

/* "WHERE: line longer than 128 KiB, skipped (see --max-line)" on
 * standard error. */
/* -z: records end with NUL instead of a newline, in input and output. */
extern gboolean iri_tool_null_records;
#define IRI_TOOL_NULL_OPTION \
  { "null", 'z', 0, G_OPTION_ARG_NONE, &iri_tool_null_records, \
    N_("Records end with a NUL byte instead of a newline, in input and output (as with find -print0, xargs -0)"), NULL }
/* --input=iri|leiri|web: the syntax of the IRIs read (RFC 3987bis §6). */
typedef enum {
  IRI_TOOL_SYNTAX_IRI,
  IRI_TOOL_SYNTAX_LEIRI,
  IRI_TOOL_SYNTAX_WEB,
} IriToolSyntax;
extern IriToolSyntax iri_tool_input_syntax;
gboolean iri_tool_parse_input_syntax_cb (const char  *option_name,
                                         const char  *value,
                                         gpointer     data,
                                         GError     **error);
#define IRI_TOOL_INPUT_OPTION \
  { "input", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) iri_tool_parse_input_syntax_cb, \
    N_("The syntax of the input: iri (the default), leiri (§6.1: spaces, <, >, controls… are percent-encoded) or web (§6.2, as a browser's address: whitespace trimmed, tabs and newlines removed, a backslash read as a slash, a stray percent sign encoded); each repair is reported as a note"), \
    N_("iri|leiri|web") }
gboolean iri_tool_repair_input  (const char   **text,
                                 gsize         *length,
                                 char         **out_owned,
                                 GListModel   **out_repairs);
void     iri_tool_print_repairs (const char    *where,
                                 GListModel    *repairs);
void iri_tool_print               (const char *text);
void iri_tool_end_record          (void);
void iri_tool_append_record_end   (GString *out);
void iri_tool_report_too_long (const char *where);
char *iri_tool_too_long_message (void);

/* Inputs come from the arguments, or one per line from files or standard
 * input ("-" or no argument, DESIGN.md §5). */
typedef struct _IriToolInput IriToolInput;

IriToolInput *iri_tool_input_new_args  (char       **args);
IriToolInput *iri_tool_input_new_files (char       **files);
/* Returns the next input (not NUL-terminated: it may contain NUL bytes)
 * or NULL at the end; *out_too_long is set for a line above
 * iri_tool_max_line, whose text is then empty.  A file that cannot be
 * opened or read makes it return NULL and set @error; the file is then
 * skipped, and the next call goes on with the next one, so that a batch
 * does not stop for one bad file.  The text is valid until the next
 * call, and has a NUL after its @out_length bytes. */
const char   *iri_tool_input_next      (IriToolInput  *self,
                                        gsize         *out_length,
                                        gboolean      *out_too_long,
                                        GError       **error);
/* "FILE:LINE" or "argument N", for messages. */
const char   *iri_tool_input_where     (IriToolInput  *self);
guint64       iri_tool_input_line      (IriToolInput  *self);
/* The file being read, or the last one tried (as given; "-" for
 * standard input), or NULL for arguments. */
const char   *iri_tool_input_file      (IriToolInput  *self);
const char   *iri_tool_input_named_file (IriToolInput *self);
IriToolInput *iri_tool_input_new       (char         **args,
                                        char         **files);
/* --file FILE: the inputs of a command read from files. */
#define IRI_TOOL_FILE_OPTION(files) \
  { "file", 'f', 0, G_OPTION_ARG_FILENAME_ARRAY, (files), \
    N_("Read the inputs from FILE, one per line (“-” for standard input); may be given more than once"), \
    N_("FILE") }
gboolean      iri_tool_input_is_args   (IriToolInput  *self);
gboolean      iri_tool_input_would_block (IriToolInput *self);
/* Bytes read so far and the total size of the inputs, when all of them
 * are regular files; FALSE otherwise. */
gboolean      iri_tool_input_get_progress (IriToolInput *self,
                                           guint64      *out_done,
                                           guint64      *out_total);
/* A list of trusted hosts for --known-hosts: one per line, blank lines
 * and "#" comments ignored. */
char        **iri_tool_load_known_hosts (const char  *path,
                                         GError     **error);

/* The display policy of --display=strict|permissive (NULL: strict) and
 * --known-hosts FILE (NULL: none), for to-iri, format and inspect.  On a
 * bad option prints why and returns NULL with *@out_status set to the
 * exit status (usage, or I/O for a file that cannot be read). */
IriDisplayPolicy *iri_tool_display_policy_new (const char *display,
                                               const char *known_hosts_path,
                                               int        *out_status);

/* TRUE when the inputs are regular files big enough for a progress bar. */
gboolean      iri_tool_input_is_large_file (IriToolInput *self);
void          iri_tool_input_free      (IriToolInput  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriToolInput, iri_tool_input_free)

/* Converts one input into one output line, or fails with @error. */
typedef char *(*IriToolConvertFunc) (const char  *text,
                                     gsize        length,
                                     gpointer     user_data,
                                     GError     **error);

/* Runs @convert on every input and prints one line per input: the result,
 * or an empty line after an error on standard error that says where the
 * input came from.  Returns the exit status (1 when an input failed, 3 on
 * an I/O error). */
int iri_tool_convert_all (IriToolInput       *input,
                          IriToolConvertFunc  convert,
                          gpointer            user_data,
                          const char         *json_key);

/* Appends @text as a JSON string (quotes included).  Controls, bidi
 * formatting characters and line/paragraph separators are written as
 * \u escapes, so a JSON line shown in a terminal cannot be reordered or
 * hidden by what it contains. */
/* One JSON object for an analysis (DESIGN.md §5), with "line" when @line
 * is not 0, and a newline. */
/* Appends @n bytes of @bytes: GLib 2.74's g_string_append_len() is a
 * call into g_string_insert_len() that costs more than the copy for the
 * short pieces a JSON record is made of. */
static inline void
iri_tool_put (GString    *out,
              const char *bytes,
              gsize       n)
{
  if (G_LIKELY (out->len + n < out->allocated_len))
    {
      memcpy (out->str + out->len, bytes, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, bytes, n);
}

/* iri_tool_put() of a string literal. */
#define IRI_TOOL_PUT(out, literal) iri_tool_put ((out), "" literal "", sizeof (literal) - 1)

void iri_tool_json_uint            (GString     *out,
                                    guint64      value);
void iri_tool_json_name            (GString     *out,
                                    const char  *name);
void iri_tool_append_record_start  (GString      *out,
                                    IriToolInput *input,
                                    const char   *text,
                                    gsize         length);
void iri_tool_print_result_record  (IriToolInput *input,
                                    const char   *text,
                                    gsize         length,
                                    GListModel   *repairs,
                                    const char   *key,
                                    const char   *result,
                                    const char   *error);
void iri_tool_append_repairs_json  (GString     *out,
                                    GListModel  *repairs);
void iri_tool_append_json_file     (GString     *out,
                                    const char  *file);
void iri_tool_append_repaired_json (GString     *out,
                                    IriAnalysis *analysis,
                                    const char  *file,
                                    guint64      line,
                                    const char  *read,
                                    gsize        read_length,
                                    GListModel  *repairs);
void iri_tool_append_diagnostic_json_as (GString       *out,
                                         IriDiagnostic *d,
                                         IriSeverity    severity);
gboolean iri_tool_analysis_replaced_bytes (IriAnalysis *analysis);
void iri_tool_append_analysis_json (GString     *out,
                                    IriAnalysis *analysis,
                                    const char  *file,
                                    guint64      line);

/* One diagnostic as a JSON object in the shape of DESIGN.md §5. */
void iri_tool_append_diagnostic_json (GString       *out,
                                      IriDiagnostic *diagnostic);

/* A JSON string of @text, or null when @text is NULL. */
void iri_tool_json_string (GString    *out,
                           const char *text,
                           gssize      length);

/* Printing text that this program has already put in visual order.  On
 * a terminal in "app" mode, the line is sent in the terminal's explicit
 * bidi mode (CSI 8 l … CSI 8 h, terminal-wg BiDi recommendation), so a
 * bidi-capable terminal does not reorder it a second time, while the
 * logical text around it (messages, possibly in Arabic or Hebrew) keeps
 * the terminal's own bidi. */
typedef enum {
  IRI_TOOL_BIDI_APP,       /* reorder here; explicit mode on a terminal */
  IRI_TOOL_BIDI_TERMINAL,  /* print logical order in LRI…PDI */
  IRI_TOOL_BIDI_NONE,      /* visual order, no escape sequences */
} IriToolBidi;

/* --color=auto|always|never (NULL: auto: on a terminal, unless NO_COLOR
 * is set and not empty, https://no-color.org); prints the error. */
gboolean iri_tool_parse_color        (const char  *name,
                                      gboolean    *out_color);
gboolean iri_tool_parse_bidi         (const char  *name,
                                      IriToolBidi *out);
gboolean iri_tool_terminal_is_dumb (void);
char    *iri_tool_message_as_text  (const char *message);
IriToolBidi iri_tool_default_bidi    (void);
void     iri_tool_print_visual_line  (IriToolBidi  bidi,
                                      const char  *prefix,
                                      const char  *visual,
                                      const char  *logical);
int      iri_tool_terminal_width     (void);
int      iri_tool_text_width         (const char  *text);
char    *iri_tool_pad                (const char  *text,
                                      int          width);
/* Prints @text word-wrapped to @width columns, each line after @indent. */
void     iri_tool_print_wrapped      (const char  *indent,
                                      const char  *text,
                                      int          width);

/* A text safe to print on one terminal line: controls and bidi
 * formatting characters as \u{XXXX}. */
char *iri_tool_escape_for_terminal (const char *text,
                                    gssize      length);

G_END_DECLS
