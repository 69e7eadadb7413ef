/* iri-tool-input.c: inputs from arguments, files or standard input
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "iri-tool-private.h"

struct _IriToolInput
{
  char     **args;        /* arguments, or NULL when reading files */
  char     **files;       /* files to read ("-" is standard input) */
  guint      index;       /* next argument or file */

  int        fd;          /* current file, or -1 */
  gboolean   fd_regular;  /* a regular file: reading it never waits */
  gboolean   skip_lf;     /* the last line ended in CR: a LF next is its end too */
  guint8    *chunk;       /* what read() gave, CHUNK_SIZE bytes */
  gsize      chunk_pos;
  gsize      chunk_len;
  char      *stream_name;
  const char *file;       /* the file being read, or the last one tried */
  guint64    line;        /* line number in the current file */

  GByteArray *buffer;     /* the current line */
  char       *where;

  guint64     bytes_done;  /* read from all files so far */
  guint64     bytes_total; /* their total size, or 0 if any is not a regular file */
};

/* How much is read at a time. */
#define CHUNK_SIZE (64 * 1024)

/* A progress bar is worth drawing from this size on. */
#define LARGE_INPUT (8 * 1024 * 1024)

static guint64
total_size (char **files)
{
  guint64 total = 0;

  for (guint i = 0; files[i] != NULL; i++)
    {
      GStatBuf st;

      if (g_str_equal (files[i], "-"))
        {
          if (fstat (0, &st) != 0 || !S_ISREG (st.st_mode))
            return 0;
        }
      else if (g_stat (files[i], &st) != 0 || !S_ISREG (st.st_mode))
        return 0;
      total += st.st_size;
    }
  return total;
}

IriToolInput *
iri_tool_input_new_args (char **args)
{
  IriToolInput *self = g_new0 (IriToolInput, 1);

  /* "-" alone, or nothing at all, means standard input (DESIGN.md §5). */
  if (args == NULL || args[0] == NULL || (g_str_equal (args[0], "-") && args[1] == NULL))
    {
      static char *stdin_only[] = { (char *) "-", NULL };

      self->files = g_strdupv (stdin_only);
    }
  else
    self->args = g_strdupv (args);

  self->fd = -1;
  self->buffer = g_byte_array_new ();
  return self;
}

IriToolInput *
iri_tool_input_new_files (char **files)
{
  IriToolInput *self = g_new0 (IriToolInput, 1);
  static char *stdin_only[] = { (char *) "-", NULL };

  self->files = g_strdupv (files != NULL && files[0] != NULL ? files : stdin_only);
  self->fd = -1;
  self->buffer = g_byte_array_new ();
  self->bytes_total = total_size (self->files);
  return self;
}

/* The inputs of a command that takes them as arguments or, with
 * --file, from files; %NULL, with a message, when both are given. */
IriToolInput *
iri_tool_input_new (char **args,
                    char **files)
{
  if (files == NULL || files[0] == NULL)
    return iri_tool_input_new_args (args);
  if (args != NULL && args[0] != NULL)
    {
      iri_tool_error (_("give the inputs as arguments or with --file, not both"));
      return NULL;
    }
  return iri_tool_input_new_files (files);
}

void
iri_tool_input_free (IriToolInput *self)
{
  if (self->fd > 0)
    close (self->fd);
  g_free (self->chunk);
  g_strfreev (self->args);
  g_strfreev (self->files);
  g_free (self->stream_name);
  g_byte_array_unref (self->buffer);
  g_free (self->where);
  g_free (self);
}

static gboolean
open_next_file (IriToolInput  *self,
                GError       **error)
{
  const char *name = self->files[self->index++];

  self->file = name;
  self->line = 0;
  g_clear_pointer (&self->stream_name, g_free);

  self->chunk_pos = self->chunk_len = 0;
  self->skip_lf = FALSE;
  if (self->chunk == NULL)
    self->chunk = g_malloc (CHUNK_SIZE);

  if (g_str_equal (name, "-"))
    {
      self->fd = STDIN_FILENO;
      /* Translators: how standard input is named in messages */
      self->stream_name = g_strdup (_("standard input"));
    }
  else
    {
      /* A file name is any bytes: in messages and in "FILE:LINE", what
       * is not UTF-8 or would be invisible or reorder the line is shown
       * escaped. */
      g_autofree char *shown = iri_tool_escape_for_terminal (name, -1);

      do
        self->fd = g_open (name, O_RDONLY | O_CLOEXEC, 0);
      while (self->fd < 0 && errno == EINTR);
      if (self->fd < 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       /* Translators: %s is a file name, the second %s the reason */
                       _("cannot open “%s”: %s"), shown, g_strerror (saved_errno));
          return FALSE;
        }
      self->stream_name = g_steal_pointer (&shown);
    }

  {
    GStatBuf st;

    self->fd_regular = fstat (self->fd, &st) == 0 && S_ISREG (st.st_mode);
  }
  return TRUE;
}

static void
close_file (IriToolInput *self)
{
  if (self->fd > 0)
    close (self->fd);
  self->fd = -1;
}

/* Fills the chunk; FALSE at the end of the file or on an error (then
 * @error is set).  Output is block-buffered for speed, so before a read
 * that would wait (a pipe or a terminal with nothing to read yet), what
 * was written is flushed: a program on the other side of a pipe sees
 * the answer to each line it sent before it sends the next. */
static gboolean
fill_chunk (IriToolInput  *self,
            GError       **error)
{
  gssize n;

  if (!self->fd_regular)
    {
      struct pollfd pfd = { self->fd, POLLIN, 0 };

      if (poll (&pfd, 1, 0) == 0)
        fflush (stdout);
    }
  do
    n = read (self->fd, self->chunk, CHUNK_SIZE);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot read “%s”: %s"), self->stream_name, g_strerror (saved_errno));
      return FALSE;
    }
  self->chunk_pos = 0;
  self->chunk_len = n;
  return n > 0;
}

/* Whether the next line would have to wait for its writer: nothing is
 * left of the last read, and a pipe or terminal has nothing more yet.
 * A regular file never waits. */
gboolean
iri_tool_input_would_block (IriToolInput *self)
{
  struct pollfd pfd;

  if (self->fd < 0 || self->fd_regular || self->chunk_pos < self->chunk_len)
    return FALSE;
  pfd.fd = self->fd;
  pfd.events = POLLIN;
  pfd.revents = 0;
  return poll (&pfd, 1, 0) == 0;
}

const char *
iri_tool_input_next (IriToolInput  *self,
                     gsize         *out_length,
                     gboolean      *out_too_long,
                     GError       **error)
{
  *out_too_long = FALSE;

  if (self->args != NULL)
    {
      const char *arg = self->args[self->index];

      if (arg == NULL)
        return NULL;
      self->index++;
      self->line = self->index;
      *out_length = strlen (arg);
      return arg;
    }

  for (;;)
    {
      gboolean got_any = FALSE;
      gboolean ended = FALSE;
      /* A line that lies whole in the chunk is handed out from there,
       * its end of line overwritten with a NUL, instead of copied: that
       * is most lines. */
      guint8 *direct = NULL;
      gsize direct_length = 0;

      if (self->fd < 0)
        {
          if (self->files[self->index] == NULL)
            return NULL;
          if (!open_next_file (self, error))
            return NULL;
        }

      g_byte_array_set_size (self->buffer, 0);
      /* Whole stretches up to the end of the line at a time: lines may
       * hold NUL bytes and invalid UTF-8, which must reach the analysis
       * as they are. */
      while (!ended)
        {
          guint8 *start, *end, *lf, *cr, *stop;
          gsize take;

          if (self->chunk_pos == self->chunk_len)
            {
              g_autoptr(GError) read_error = NULL;

              if (!fill_chunk (self, &read_error))
                {
                  if (read_error != NULL)
                    {
                      /* The rest of this file is skipped; the next call
                       * goes on with the next one. */
                      close_file (self);
                      g_propagate_error (error, g_steal_pointer (&read_error));
                      return NULL;
                    }
                  break;
                }
            }
          start = self->chunk + self->chunk_pos;
          end = self->chunk + self->chunk_len;
          if (self->skip_lf)
            {
              /* CR LF split across two reads. */
              self->skip_lf = FALSE;
              if (*start == '\n')
                {
                  self->chunk_pos++;
                  self->bytes_done++;
                  continue;
                }
            }
          got_any = TRUE;
          /* CR LF (Windows) and CR alone (old Mac OS) end a line too; a
           * CR is never part of an IRI.  With -z, records end with NUL
           * only, and a CR or LF in one is part of it (and reported). */
          if (iri_tool_null_records)
            {
              lf = memchr (start, '\0', end - start);
              cr = NULL;
            }
          else
            {
              lf = memchr (start, '\n', end - start);
              cr = memchr (start, '\r', (lf != NULL ? lf : end) - start);
            }
          stop = cr != NULL ? cr : lf != NULL ? lf : end;
          take = stop - start;
          if (self->buffer->len == 0 && !*out_too_long && stop < end && take <= iri_tool_max_line)
            {
              direct = start;
              direct_length = take;
            }
          else if (self->buffer->len + take <= iri_tool_max_line)
            g_byte_array_append (self->buffer, start, take);
          else
            *out_too_long = TRUE;
          self->chunk_pos += take;
          self->bytes_done += take;
          if (stop < end)
            {
              self->chunk_pos++;
              self->bytes_done++;
              ended = TRUE;
              if (*stop == '\r')
                {
                  if (stop + 1 < end)
                    {
                      if (stop[1] == '\n')
                        {
                          self->chunk_pos++;
                          self->bytes_done++;
                        }
                    }
                  else
                    self->skip_lf = TRUE;
                }
            }
        }

      if (!got_any)
        {
          /* End of this file; go on with the next one. */
          close_file (self);
          continue;
        }

      self->line++;
      if (direct != NULL)
        {
          /* The CR or LF (or, with -z, the NUL) that ended the line has
           * been looked at, and is not read again. */
          direct[direct_length] = '\0';
          *out_length = direct_length;
          return (const char *) direct;
        }
      if (*out_too_long)
        g_byte_array_set_size (self->buffer, 0);

      *out_length = self->buffer->len;
      /* Keep a NUL after the bytes for callers that print them. */
      g_byte_array_append (self->buffer, (const guint8 *) "", 1);
      g_byte_array_set_size (self->buffer, self->buffer->len - 1);
      return (const char *) self->buffer->data;
    }
}

const char *
iri_tool_input_where (IriToolInput *self)
{
  g_free (self->where);
  if (self->args != NULL)
    /* Translators: %u is the position of a command-line argument */
    self->where = g_strdup_printf (_("argument %u"), (guint) self->line);
  else
    self->where = g_strdup_printf ("%s:%" G_GUINT64_FORMAT, self->stream_name, self->line);
  return self->where;
}

guint64
iri_tool_input_line (IriToolInput *self)
{
  return self->line;
}

const char *
iri_tool_input_file (IriToolInput *self)
{
  return self->file;
}

/* Whether the inputs are command-line arguments (which have no line
 * numbers). */
gboolean
iri_tool_input_is_args (IriToolInput *self)
{
  return self->args != NULL;
}

/* The file the current line is from, for JSON records: %NULL for
 * standard input and for arguments. */
const char *
iri_tool_input_named_file (IriToolInput *self)
{
  if (self->file == NULL || g_str_equal (self->file, "-"))
    return NULL;
  return self->file;
}

gboolean
iri_tool_input_get_progress (IriToolInput *self,
                             guint64      *out_done,
                             guint64      *out_total)
{
  if (self->bytes_total == 0)
    return FALSE;
  *out_done = self->bytes_done;
  *out_total = self->bytes_total;
  return TRUE;
}

gboolean
iri_tool_input_is_large_file (IriToolInput *self)
{
  return self->bytes_total >= LARGE_INPUT;
}

/* 64 MiB of host names, one a line: far more than any such list, and
 * memory for it stays bounded. */
#define KNOWN_HOSTS_MAX (64 * 1024 * 1024)

/* Reads the whole of @path; on failure, FALSE with @saved_errno. */
static gboolean
read_whole_file (const char  *path,
                 char       **contents,
                 gsize       *length,
                 int         *saved_errno)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 buffer[65536];
  int fd;

  do
    fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      *saved_errno = errno;
      return FALSE;
    }
  for (;;)
    {
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          *saved_errno = errno;
          g_close (fd, NULL);
          return FALSE;
        }
      if (n == 0)
        break;
      if (bytes->len + (gsize) n > KNOWN_HOSTS_MAX)
        {
          *saved_errno = EFBIG;
          g_close (fd, NULL);
          return FALSE;
        }
      g_byte_array_append (bytes, buffer, (guint) n);
    }
  g_close (fd, NULL);
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

/* Reads a list of trusted hosts: one per line, blank lines and lines
 * starting with "#" ignored, surrounding whitespace trimmed. */
char **
iri_tool_load_known_hosts (const char  *path,
                  GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *shown = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) hosts = g_strv_builder_new ();
  gsize length;
  int saved_errno;

  /* Opened and read here rather than by g_file_get_contents(), whose
   * message shows the bytes of a name that are not UTF-8 as U+FFFD,
   * which names no file: the name is shown as input files' names are. */
  if (!read_whole_file (path, &contents, &length, &saved_errno))
    {
      shown = iri_tool_escape_for_terminal (path, -1);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s is a file name, the second %s the reason */
                   _("cannot open “%s”: %s"), shown, g_strerror (saved_errno));
      return NULL;
    }
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      shown = iri_tool_escape_for_terminal (path, -1);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   /* Translators: %s is a file name */
                   _("“%s” is not a UTF-8 text file"), shown);
      return NULL;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line != '\0' && *line != '#')
        g_strv_builder_add (hosts, line);
    }
  return g_strv_builder_end (hosts);
}


IriDisplayPolicy *
iri_tool_display_policy_new (const char *display,
                             const char *known_hosts_path,
                             int        *out_status)
{
  g_autoptr(IriDisplayPolicy) policy = NULL;
  IriDisplayLevel level = IRI_DISPLAY_STRICT;

  if (display != NULL && !iri_display_level_from_string (display, &level))
    {
      /* Translators: %s is what the user typed */
      iri_tool_error (_("unknown display policy “%s” (use strict or permissive)"), display);
      *out_status = IRI_TOOL_EXIT_USAGE;
      return NULL;
    }

  policy = iri_display_policy_new (level);
  if (known_hosts_path != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) known = iri_tool_load_known_hosts (known_hosts_path, &error);

      if (known == NULL)
        {
          /* Translators: %s is the reason a file could not be read */
          iri_tool_error (_("cannot read the known hosts: %s"), error->message);
          *out_status = IRI_TOOL_EXIT_IO;
          return NULL;
        }
      iri_display_policy_set_known_hosts (policy, (const char * const *) known);
    }
  return g_steal_pointer (&policy);
}

IriToolSyntax iri_tool_input_syntax = IRI_TOOL_SYNTAX_IRI;

gboolean
iri_tool_parse_input_syntax_cb (const char  *option_name,
                                const char  *value,
                                gpointer     data,
                                GError     **error)
{
  if (g_str_equal (value, "iri"))
    iri_tool_input_syntax = IRI_TOOL_SYNTAX_IRI;
  else if (g_str_equal (value, "leiri"))
    iri_tool_input_syntax = IRI_TOOL_SYNTAX_LEIRI;
  else if (g_str_equal (value, "web"))
    iri_tool_input_syntax = IRI_TOOL_SYNTAX_WEB;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s is what the user typed; do not
                    * translate the three names */
                   _("unknown input syntax “%s” (use iri, leiri or web)"), value);
      return FALSE;
    }
  return TRUE;
}

/* With --input=leiri or web, repairs *@text into an IRI (RFC 3987bis
 * §6.1, §6.2): *@text and *@length then point at the repaired IRI, owned
 * by *@out_owned, and *@out_repairs lists what changed (offsets in the
 * text as read).  Returns FALSE when nothing was done: the syntax is
 * iri, or the text is not UTF-8 or holds a NUL byte, which whatever
 * reads it next reports. */
gboolean
iri_tool_repair_input (const char  **text,
                       gsize        *length,
                       char        **out_owned,
                       GListModel  **out_repairs)
{
  IriPreprocessMode mode;
  char *repaired;

  *out_owned = NULL;
  *out_repairs = NULL;
  if (iri_tool_input_syntax == IRI_TOOL_SYNTAX_IRI)
    return FALSE;

  mode = iri_tool_input_syntax == IRI_TOOL_SYNTAX_LEIRI ? IRI_PREPROCESS_LEIRI : IRI_PREPROCESS_WEB_ADDRESS;
  repaired = iri_preprocess (*text, *length, mode, out_repairs, NULL);
  if (repaired == NULL)
    return FALSE;
  *out_owned = repaired;
  *text = repaired;
  *length = strlen (repaired);
  return TRUE;
}

/* The repairs of one input, as notes on standard error. */
void
iri_tool_print_repairs (const char *where,
                        GListModel *repairs)
{
  if (repairs == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (repairs); i++)
    {
      g_autoptr(IriDiagnostic) d = g_list_model_get_item (repairs, i);
      g_autofree char *message = iri_tool_message_as_text (iri_diagnostic_get_message (d));

      /* Translators: a repair of --input; %s says where the input is,
       * the second %s is a sentence, the third a code */
      g_printerr (_("iri: note: %s: %s [%s]\n"), where, message, iri_diagnostic_get_code (d));
    }
}
