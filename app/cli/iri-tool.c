/* iri-tool.c: the iri terminal tool — entry point and command table
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

/* idn2.h defines G_GNUC_DEPRECATED its own way; it comes before GLib and
 * its definition is dropped, so GLib's does not warn about redefining it. */
#include <idn2.h>
#undef G_GNUC_DEPRECATED

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <fribidi.h>

#include "iri-tool-private.h"
#include "iri-utf8-locale.h"

typedef struct {
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;   /* translatable */
} Command;

static const Command commands[] = {
  { "check",   iri_tool_check,   N_("Check IRIs, one per line, and report every finding") },
  { "inspect", iri_tool_inspect, N_("Show a full report on IRIs: display, units, findings, URIs") },
  { "render",  iri_tool_render,  N_("Print IRIs as they are displayed (§4.1)") },
  { "edit",    iri_tool_edit,    N_("Edit an IRI and watch its display and diagnostics as you type (§4.3)") },
  { "explain", iri_tool_explain, N_("Show the bidi algorithm step by step, from stored order to display") },
  { "examples", iri_tool_examples, N_("Show the teaching examples, and why they display as they do") },
  { "skeleton", iri_tool_skeleton, N_("Print the UTS #39 skeletons of strings (what they look like)") },
  { "to-uri",  iri_tool_to_uri,  N_("Convert IRIs to URIs (RFC 3987bis §3)") },
  { "to-iri",  iri_tool_to_iri,  N_("Convert URIs to IRIs for reading (§3.7)") },
  { "format",  iri_tool_format,  N_("Print URIs in their readable form for running text (UTS #58)") },
  { "detect",  iri_tool_detect,  N_("Find the links in text, in any script (UTS #58, §7.3)") },
  { "resolve", iri_tool_resolve, N_("Resolve references against a base IRI (RFC 3986 §5)") },
  { "relativize", iri_tool_relativize, N_("Find the shortest reference from a base IRI to each target") },
  { "compare", iri_tool_compare, N_("Compare two IRIs on the comparison ladder") },
  { "parse",   iri_tool_parse,   N_("Print or edit the components of IRIs (scheme, host, query parameters…)") },
};

void
iri_tool_error (const char *format,
                ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: prefix of error messages; %s is the message */
  g_printerr (_("iri: %s\n"), message);
}

void
iri_tool_warning (const char *format,
                  ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: prefix of warnings; %s is the message */
  g_printerr (_("iri: warning: %s\n"), message);
}

gsize iri_tool_max_line = IRI_TOOL_DEFAULT_MAX_LINE;
gboolean iri_tool_null_records = FALSE;

/* Whether what is printed goes to standard output as it is, without
 * the escaping of a terminal of a locale that is not UTF-8 (set up by
 * setup_locale()). */
static gboolean print_exact = FALSE;

/* Ends an output record: a newline, or with -z a NUL (which g_print()
 * cannot write: it takes a C string). */
void
iri_tool_end_record (void)
{
  if (iri_tool_null_records)
    fputc ('\0', stdout);
  else if (print_exact)
    fputc ('\n', stdout);
  else
    g_print ("\n");
}

/* The end of a record in a buffer written with fwrite(). */
void
iri_tool_append_record_end (GString *out)
{
  g_string_append_c (out, iri_tool_null_records ? '\0' : '\n');
}

/* The message of a line-too-long record. */
char *
iri_tool_too_long_message (void)
{
  g_autofree char *size = g_format_size_full (iri_tool_max_line, G_FORMAT_SIZE_IEC_UNITS);

  /* Translators: %s is a size, such as "256.0 KiB" */
  return g_strdup_printf (_("The line is longer than %s and was not analysed (see --max-line)."), size);
}

void
iri_tool_report_too_long (const char *where)
{
  g_autofree char *size = g_format_size_full (iri_tool_max_line, G_FORMAT_SIZE_IEC_UNITS);

  /* Translators: %s says where the input is, the second %s is a size
   * such as "256.0 KiB" */
  iri_tool_error (_("%s: line longer than %s, skipped (see --max-line)"), where, size);
}

/* --max-line=SIZE: bytes, or with a unit K, KiB, M, MiB (1024-based). */
static gboolean
parse_max_line_cb (const char  *option_name,
                   const char  *value,
                   gpointer     data,
                   GError     **error)
{
  char *end = NULL;
  guint64 number = g_ascii_strtoull (value, &end, 10);
  guint64 unit = 1;

  if (end == value)
    end = NULL;
  else if (g_ascii_strcasecmp (end, "k") == 0 || g_ascii_strcasecmp (end, "kib") == 0)
    unit = 1024;
  else if (g_ascii_strcasecmp (end, "m") == 0 || g_ascii_strcasecmp (end, "mib") == 0)
    unit = 1024 * 1024;
  else if (*end != '\0')
    end = NULL;
  /* From a kibibyte (an IRI must fit) to a gibibyte (memory). */
  if (end == NULL || number == 0 || number > G_MAXUINT64 / unit || number * unit < 1024 ||
      number * unit > (guint64) 1024 * 1024 * 1024)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s is what the user gave */
                   _("--max-line must be a size from 1K to 1024M (such as 256K or 4M), not “%s”"), value);
      return FALSE;
    }
  iri_tool_max_line = number * unit;
  return TRUE;
}

/* The short options that take a value.  GOption reads "-j 4" but not
 * "-j4", the form make, xargs and ninja take, so a value joined to its
 * option is split off first.  The new vector lives as long as the
 * process, like the one main() was given. */
static const char short_options_with_values[] = "j";

static void
split_joined_values (int     *argc,
                     char  ***argv)
{
  static GPtrArray *vector = NULL;
  static char **parsed = NULL;
  gboolean any = FALSE;
  gboolean options_ended = FALSE;

  for (int i = 1; i < *argc && !g_str_equal ((*argv)[i], "--"); i++)
    {
      const char *arg = (*argv)[i];

      if (arg[0] == '-' && arg[1] != '\0' && arg[1] != '-' && arg[2] != '\0' &&
          strchr (short_options_with_values, arg[1]) != NULL)
        any = TRUE;
    }
  if (!any)
    return;

  g_clear_pointer (&vector, g_ptr_array_unref);
  vector = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < *argc; i++)
    {
      const char *arg = (*argv)[i];

      options_ended |= i > 0 && g_str_equal (arg, "--");
      if (!options_ended && i > 0 && arg[0] == '-' && arg[1] != '\0' && arg[1] != '-' && arg[2] != '\0' &&
          strchr (short_options_with_values, arg[1]) != NULL)
        {
          g_ptr_array_add (vector, g_strndup (arg, 2));
          g_ptr_array_add (vector, g_strdup (arg + 2));
        }
      else
        g_ptr_array_add (vector, g_strdup (arg));
    }
  *argc = vector->len;
  /* GOption moves the pointers of the vector it parses; it is parsed
   * from a copy so that the array keeps every string to free. */
  g_free (parsed);
  parsed = g_new0 (char *, vector->len + 1);
  memcpy (parsed, vector->pdata, vector->len * sizeof (char *));
  *argv = parsed;
}

gboolean
iri_tool_parse_options (GOptionContext  *context,
                        const char      *command,
                        int             *argc,
                        char          ***argv)
{
  g_autoptr(GError) error = NULL;
  /* Options every command takes. */
  GOptionEntry common[] = {
    { "max-line", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) parse_max_line_cb,
      N_("Lines longer than SIZE are reported and skipped, not analysed (128K by default; K and M are 1024 and 1048576)"),
      N_("SIZE") },
    { NULL }
  };

  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  split_joined_values (argc, argv);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      const char *bad = NULL;

      /* GLib says only "Invalid byte sequence in conversion input" of
       * an argument that is not UTF-8 where text is expected (an IRI,
       * not a file name): say which, escaped as file names are. */
      if (error->domain == G_CONVERT_ERROR)
        {
          for (int i = 1; i < *argc && bad == NULL; i++)
            {
              if (!g_utf8_validate ((*argv)[i], -1, NULL))
                bad = (*argv)[i];
            }
        }
      if (bad != NULL)
        {
          g_autofree char *shown = iri_tool_escape_for_terminal (bad, -1);

          /* Translators: %s is an argument, with the bytes that are not
           * UTF-8 shown as \xHH */
          iri_tool_error (_("the argument “%s” is not UTF-8, which IRIs are (RFC 3987bis §1.2)"), shown);
        }
      else
        iri_tool_error ("%s", error->message);
      /* Translators: %s is a command name such as to-uri */
      g_printerr (_("Run “iri %s --help” to see the options.\n"), command);
      return FALSE;
    }
  return TRUE;
}

static void
print_usage (FILE *stream)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int width = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].name));

  g_string_append (text, _("Usage:\n  iri COMMAND [OPTION…] [ARGUMENT…]\n\n"));
  g_string_append (text, _("Inspect, check and convert Internationalized Resource Identifiers.\n\n"));
  g_string_append (text, _("Commands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "  %-*s  %s\n", width, commands[i].name, _(commands[i].summary));
  g_string_append (text, _("\nOptions:\n"
                           "  -h, --help     Show this help\n"
                           "  --version      Show the versions of the tool and its Unicode data\n\n"
                           "Inputs are taken from the arguments, or one per line from standard input\n"
                           "when there is none or the argument is “-”.\n\n"
                           "Exit status: 0 success, 1 findings, a failed conversion or a difference,\n"
                           "2 usage error, 3 input/output error.\n\n"
                           "Run “iri COMMAND --help” for the options of a command.\n"));
  /* g_string_new() never returns NULL, but GLib 2.84's inline
   * g_string_append() tests for it, and GCC 14 then warns
   * (-Wnull-dereference) unless the test is repeated here. */
  if (text != NULL)
    fputs (text->str, stream);
}

/* Letters first assigned in each Unicode version (all PVALID in
 * IDNA2008, lower case or caseless).  Neither GLib nor libidn2 says which
 * Unicode version its tables follow, so --version finds out: the newest
 * version whose letter the library knows. */
static const struct {
  const char *version;
  gunichar    letter;
} unicode_probes[] = {
  { "15.0", 0x11F04 },   /* KAWI LETTER A */
  { "14.0", 0x1E290 },   /* TOTO LETTER PA */
  { "13.0", 0x10E80 },   /* YEZIDI LETTER ELIF */
  { "12.0", 0x10FE0 },   /* ELYMAIC LETTER ALEPH */
  { "11.0", 0x11800 },   /* DOGRA LETTER A */
  { "10.0", 0x11D00 },   /* MASARAM GONDI LETTER A */
  { "9.0", 0x1E922 },    /* ADLAM SMALL LETTER ALIF */
};

static const char *
glib_unicode_version (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (unicode_probes); i++)
    {
      if (g_unichar_type (unicode_probes[i].letter) != G_UNICODE_UNASSIGNED)
        return unicode_probes[i].version;
    }
  return "?";
}

static const char *
idn2_unicode_version (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (unicode_probes); i++)
    {
      char label[8];
      uint8_t *out = NULL;
      int rc;

      label[g_unichar_to_utf8 (unicode_probes[i].letter, label)] = '\0';
      rc = idn2_lookup_u8 ((const uint8_t *) label, &out, IDN2_NO_TR46);
      idn2_free (out);
      if (rc == IDN2_OK)
        return unicode_probes[i].version;
    }
  return "?";
}

static void
print_version (void)
{
  g_autofree char *fribidi = g_strndup (fribidi_version_info, strcspn (fribidi_version_info, "\n"));

  /* Translators: %s is a version number */
  g_print (_("iri (IRI Inspector) %s\n"), PACKAGE_VERSION);
  /* Translators: %s are version numbers */
  g_print (_("  GLib %u.%u.%u (Unicode %s)\n"), glib_major_version, glib_minor_version,
           glib_micro_version, glib_unicode_version ());
  g_print (_("  FriBidi %s (Unicode %s)\n"), fribidi + strlen ("(GNU FriBidi) "), fribidi_unicode_version);
  g_print (_("  libidn2 %s (Unicode %s)\n"), idn2_check_version (NULL), idn2_unicode_version ());
  /* Translators: the versions of the Unicode data built into the library */
  g_print (_("  Unicode data: UCD %s, UTS #39 %s, UTS #58 %s\n"),
           iri_get_unicode_data_version (IRI_UNICODE_DATA_UCD),
           iri_get_unicode_data_version (IRI_UNICODE_DATA_SECURITY),
           iri_get_unicode_data_version (IRI_UNICODE_DATA_LINK));
  /* Translators: %s is the version of the IANA list of top-level domains,
   * such as 2025100900 */
  g_print (_("  IANA top-level domains %s\n"), iri_get_tld_list_version ());
}

/* Runs a command with its own argument vector (argv[0] is its name).
 * The program name becomes "iri COMMAND", which is what GOption's help
 * shows on its "Usage:" line. */
static int
run_command (const Command  *command,
             int             argc,
             char          **argv)
{
  g_autofree char *prgname = g_strdup_printf ("iri %s", command->name);

  g_set_prgname (prgname);
  return command->run (argc, argv);
}

/* Writes @string as \u{XXXX} escapes where it is not ASCII: for a
 * terminal whose locale is not UTF-8, which would show the bytes of a
 * UTF-8 character as other characters.  Valid UTF-8 only (all the tool
 * prints is). */
static void
write_escaped (FILE       *stream,
               const char *string)
{
  for (const char *p = string; *p != '\0'; p = g_utf8_next_char (p))
    {
      if ((guchar) *p < 0x80)
        fputc (*p, stream);
      else
        fprintf (stream, "\\u{%04X}", g_utf8_get_char (p));
    }
}

static void
print_escaped (const char *string)
{
  write_escaped (stdout, string);
}

static void
printerr_escaped (const char *string)
{
  write_escaped (stderr, string);
}

static void
print_utf8 (const char *string)
{
  fputs (string, stdout);
}

static void
printerr_utf8 (const char *string)
{
  fputs (string, stderr);
}

/* IRIs are UTF-8, and so is everything the tool reads and writes,
 * whatever the locale (cron, `env -i` and many containers run in the C
 * locale, whose charset is ASCII): GLib would otherwise refuse non-ASCII
 * arguments and print "?" for every non-ASCII character.  The
 * character type is made UTF-8 (C.UTF-8), the language of messages is
 * left as it is, and a terminal of a non-UTF-8 locale gets what is not
 * ASCII as visible \u{XXXX} escapes; pipes and files get UTF-8. */
/* Prints @text as g_print ("%s", @text) does, without formatting it
 * into a new string first when nothing needs escaping: the result
 * line of a converter, printed once per input. */
void
iri_tool_print (const char *text)
{
  if (print_exact)
    fputs (text, stdout);
  else
    g_print ("%s", text);
}

static void
setup_locale (void)
{
  gboolean utf8;

  if (!iri_setup_utf8_locale (&utf8))
    return;  /* No UTF-8 locale on this system: GLib converts as it can. */
  print_exact = utf8 || !isatty (STDOUT_FILENO);
  g_set_print_handler (print_exact ? print_utf8 : print_escaped);
  g_set_printerr_handler (!utf8 && isatty (STDERR_FILENO) ? printerr_escaped : printerr_utf8);
}

/* What standard output could not take (a full disk, /dev/full, a closed
 * pipe) is an I/O error, whatever printed it: help and version too. */
static int
finish_output (int status)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      iri_tool_error (_("cannot write to standard output: %s"), g_strerror (errno));
      return IRI_TOOL_EXIT_IO;
    }
  return status;
}

/* Standard output's buffer when it is not a terminal (main()). */
static char stdout_buffer[64 * 1024];

int
main (int   argc,
      char *argv[])
{
  const char *name;

  /* A pipe or a file gets output in blocks of 64 KiB instead of the
   * 4 KiB of a pipe's st_blksize: sixteen times fewer write() calls in
   * a batch (3 256 for 200 000 lines), where each costs as much as
   * converting a line or two.  A program reading the answers on the
   * other side still gets each one at once: what is written is flushed
   * before a read that would wait (iri-tool-input.c).  A terminal keeps
   * its line buffering.  Before anything is written, as setvbuf()
   * requires, and with a buffer of ours: given none, glibc keeps the
   * size it would have chosen. */
  if (!isatty (STDOUT_FILENO))
    setvbuf (stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

  setup_locale ();
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return IRI_TOOL_EXIT_USAGE;
    }

  name = argv[1];
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help"))
    {
      if (argc > 2 && !g_str_equal (name, "--help") && !g_str_equal (name, "-h"))
        {
          /* "iri help COMMAND" is "iri COMMAND --help". */
          char *help_argv[] = { argv[0], argv[2], (char *) "--help", NULL };

          for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
            {
              if (g_str_equal (argv[2], commands[i].name))
                return finish_output (run_command (&commands[i], 2, help_argv + 1));
            }
          /* Translators: %s is what the user typed */
          iri_tool_error (_("unknown command “%s”"), argv[2]);
          return IRI_TOOL_EXIT_USAGE;
        }
      print_usage (stdout);
      return finish_output (IRI_TOOL_EXIT_OK);
    }
  if (g_str_equal (name, "--version"))
    {
      print_version ();
      return finish_output (IRI_TOOL_EXIT_OK);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (g_str_equal (name, commands[i].name))
        return finish_output (run_command (&commands[i], argc - 1, argv + 1));
    }

  iri_tool_error (_("unknown command “%s”"), name);
  g_printerr (_("Run “iri --help” to see the commands.\n"));
  return IRI_TOOL_EXIT_USAGE;
}
