/* iri-tool-edit.c: iri edit — a live bidi line editor for one IRI
 *
 * RFC 3987bis §4.3: what the user types is kept in logical order, and
 * the display is computed again from it after every keystroke (§4.1), so
 * the user always sees what readers of the IRI will see.  The editor
 * reorders the text itself, so it switches the terminal to the explicit
 * mode of the terminal-wg BiDi recommendation (BDSM reset, CSI 8 l) for
 * as long as it runs.
 *
 * Pieces: iri-edit-keys.c turns terminal bytes into keys, and
 * iri-edit-buffer.c holds the text, the cursor and the undo history;
 * this file owns the terminal (raw mode, signals, drawing) and maps keys
 * to edits.  Nothing here writes a raw control or bidi formatting
 * character to the terminal: they are drawn as \u{XXXX} in reverse video.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <glib-unix.h>
#include <glib/gi18n.h>

#include "iri-edit-buffer.h"
#include "iri-edit-keys.h"
#include "iri-tool-private.h"

/* Cancelling (Ctrl-C, Esc, Ctrl-D on an empty line) exits as a shell
 * reports a command ended by SIGINT, 128 + 2, so that scripts can tell
 * "cancelled" from "accepted" (0) and from errors (1–3). */
#define EXIT_CANCELLED 130

/* The longest line the editor holds.  IRIs in the wild stay far below
 * (RFC 9110 §4.1 asks for at least 8000 octets); the bound keeps one
 * accidental paste from making every keystroke re-analyse megabytes. */
#define MAX_LINE_BYTES (64 * 1024)

/* How long the input must be quiet before a lone ESC is taken as the Esc
 * key rather than the start of an escape sequence.  Terminals send a
 * sequence in one write, so its bytes arrive together; 50 ms is below
 * what a person notices and above scheduling jitter. */
#define ESC_TIMEOUT_MS 50

/* How long a bracketed paste may stall before we stop waiting for its
 * end marker, so that a terminal that never sends CSI 201 ~ cannot
 * leave the editor pasting forever. */
#define PASTE_TIMEOUT_MS 1000

/* Terminal sequences (ECMA-48 and the xterm extensions every terminal
 * in use knows). */
#define CSI "\033["
#define BDSM_EXPLICIT CSI "8l"          /* terminal-wg BiDi: the app reorders */
#define BDSM_IMPLICIT CSI "8h"          /* back to the terminal's default */
#define PASTE_ON CSI "?2004h"           /* xterm bracketed paste */
#define PASTE_OFF CSI "?2004l"
#define CURSOR_HIDE CSI "?25l"
#define CURSOR_SHOW CSI "?25h"
#define ERASE_LINE CSI "K"              /* EL: to the end of the line */
#define ERASE_BELOW CSI "J"             /* ED: to the end of the screen */
#define SGR_RESET CSI "0m"
#define SGR_REVERSE CSI "7m"
#define SGR_NO_REVERSE CSI "27m"
#define SGR_BOLD CSI "1m"
#define SGR_NORMAL CSI "22m"

/* The terminal, as the signal handlers see it.  Everything they touch is
 * here, set up before any handler is installed; they call only
 * async-signal-safe functions (write, tcsetattr, sigaction, raise). */
static struct {
  int                    in_fd;
  int                    out_fd;
  struct termios         saved;
  struct termios         raw;
  volatile sig_atomic_t  want_raw;    /* the editor is running */
  volatile sig_atomic_t  raw_active;  /* the terminal is in our modes now */
  volatile sig_atomic_t  cur_row;     /* terminal rows below the edit line the cursor is on */
  volatile sig_atomic_t  resized;
  volatile sig_atomic_t  resumed;
  int                    wake_fds[2]; /* self-pipe: a handler wakes poll() */
} term = { -1, -1, { 0 }, { 0 }, 0, 0, 0, 0, 0, { -1, -1 } };

static void
write_all (int         fd,
           const char *data,
           size_t      length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR || errno == EAGAIN)
            continue;
          return;
        }
      data += n;
      length -= n;
    }
}

/* Appends a decimal number; snprintf is not async-signal-safe. */
static size_t
append_uint (char         *buffer,
             size_t        pos,
             unsigned int  value)
{
  char digits[16];
  size_t n = 0;

  do
    {
      digits[n++] = '0' + value % 10;
      value /= 10;
    }
  while (value > 0 && n < sizeof digits);
  while (n > 0)
    buffer[pos++] = digits[--n];
  return pos;
}

static size_t
append_str (char       *buffer,
            size_t      pos,
            const char *text)
{
  size_t len = strlen (text);

  memcpy (buffer + pos, text, len);
  return pos + len;
}

/* Puts the terminal back as we found it: the editor's lines cleared,
 * attributes reset, cursor visible, bracketed paste off, implicit bidi
 * mode, and the saved termios.  Safe in a signal handler, and safe to
 * call twice. */
static void
terminal_restore (void)
{
  char buffer[128];
  size_t n = 0;

  if (!term.raw_active)
    return;
  term.raw_active = 0;

  n = append_str (buffer, n, "\r");
  if (term.cur_row > 0)
    {
      n = append_str (buffer, n, CSI);
      n = append_uint (buffer, n, (unsigned int) term.cur_row);
      n = append_str (buffer, n, "A");
    }
  n = append_str (buffer, n, ERASE_BELOW SGR_RESET CURSOR_SHOW PASTE_OFF BDSM_IMPLICIT);
  write_all (term.out_fd, buffer, n);
  term.cur_row = 0;

  tcsetattr (term.in_fd, TCSADRAIN, &term.saved);
}

/* Enters raw mode and our terminal modes (again, after a stop). */
static void
terminal_enter (void)
{
  tcsetattr (term.in_fd, TCSADRAIN, &term.raw);
  write_all (term.out_fd, PASTE_ON BDSM_EXPLICIT, strlen (PASTE_ON BDSM_EXPLICIT));
  term.raw_active = 1;
  term.cur_row = 0;
}

static void
wake_main_loop (void)
{
  char byte = 0;

  /* A full pipe already holds a wake-up; nothing is lost. */
  if (term.wake_fds[1] >= 0 && write (term.wake_fds[1], &byte, 1) < 0)
    return;
}

static void
terminal_restore_atexit (void)
{
  terminal_restore ();
}

/* SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals: restore, then
 * die of the same signal so that the parent sees how we ended. */
static void
fatal_signal_cb (int sig)
{
  int saved_errno = errno;
  struct sigaction action;

  terminal_restore ();

  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset (&action.sa_mask);
  sigaction (sig, &action, NULL);
  /* Blocked while this handler runs; delivered, with the default action,
   * as soon as it returns. */
  raise (sig);
  errno = saved_errno;
}

static void install_tstp_handler (void);

/* After a stop (ours or someone's SIGSTOP), the shell has had the
 * terminal and may have reset it: enter our modes again and redraw. */
static void
terminal_resume (void)
{
  if (!term.want_raw)
    return;
  terminal_enter ();
  term.resumed = 1;
  wake_main_loop ();
}

/* Ctrl-Z from another process (raw mode turns the key itself into
 * Ctrl-Z = undo), or kill -TSTP: leave the terminal clean, stop, and
 * take it back when continued. */
static void
tstp_signal_cb (int sig)
{
  int saved_errno = errno;
  struct sigaction action;
  sigset_t set;

  terminal_restore ();

  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset (&action.sa_mask);
  sigaction (SIGTSTP, &action, NULL);
  sigemptyset (&set);
  sigaddset (&set, SIGTSTP);
  sigprocmask (SIG_UNBLOCK, &set, NULL);
  raise (sig);

  /* Continued. */
  install_tstp_handler ();
  terminal_resume ();
  errno = saved_errno;
}

static void
cont_signal_cb (int sig)
{
  int saved_errno = errno;

  (void) sig;
  terminal_resume ();
  errno = saved_errno;
}

static void
winch_signal_cb (int sig)
{
  int saved_errno = errno;

  (void) sig;
  term.resized = 1;
  wake_main_loop ();
  errno = saved_errno;
}

static void
install_handler (int    sig,
                 void (*handler) (int))
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset (&action.sa_mask);
  /* Interrupted reads and polls are retried by the main loop. */
  action.sa_flags = 0;
  sigaction (sig, &action, NULL);
}

static void
install_tstp_handler (void)
{
  install_handler (SIGTSTP, tstp_signal_cb);
}

static const int fatal_signals[] = {
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
};

static void
install_handlers (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    install_handler (fatal_signals[i], fatal_signal_cb);
  install_tstp_handler ();
  install_handler (SIGCONT, cont_signal_cb);
  install_handler (SIGWINCH, winch_signal_cb);
}

static void
uninstall_handlers (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    install_handler (fatal_signals[i], SIG_DFL);
  install_handler (SIGTSTP, SIG_DFL);
  install_handler (SIGCONT, SIG_DFL);
  install_handler (SIGWINCH, SIG_DFL);
}

/* ---- Showing text safely ---------------------------------------------- */

/* Characters drawn as \u{XXXX} rather than as themselves: controls (they
 * would move the cursor or worse), bidi formatting characters and other
 * format characters (invisible, and §4.1 forbids them in IRIs), line and
 * paragraph separators, spaces other than U+0020 (they look like a
 * space, which an IRI cannot contain), the Hangul fillers (invisible
 * letters, UTS #39), and unassigned, private-use and surrogate code
 * points (a terminal draws them as nothing useful).  Broader than
 * iri_tool_escape_for_terminal(): an editor must show every character
 * the user cannot otherwise see. */
static gboolean
is_hidden (gunichar c)
{
  if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0))
    return TRUE;
  if (c < 0xA0)
    return FALSE;
  if (c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0)
    return TRUE;

  switch (g_unichar_type (c))
    {
    case G_UNICODE_FORMAT:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_SPACE_SEPARATOR:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
    case G_UNICODE_CONTROL:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
append_escape (GString  *out,
               gunichar  c)
{
  g_string_append_printf (out, "\\u{%04X}", c);
}

/* @text with the hidden characters as escapes; no attributes, for lines
 * that are not the edit line. */
static char *
escape_text (const char *text,
             gssize      length)
{
  GString *out;
  const char *p, *end;

  if (length < 0)
    length = strlen (text);
  out = g_string_sized_new (length);
  end = text + length;
  for (p = text; p < end; )
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (is_hidden (c))
        append_escape (out, c);
      else
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/* A logical text as it is displayed, for lines other than the edit line
 * (messages may quote right-to-left text): escaped first, so that no
 * formatting character takes part in the layout, then in visual order. */
static char *
visual_text (const char *text)
{
  g_autofree char *escaped = escape_text (text, -1);
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new (escaped, -1, IRI_DISPLAY_EMBED);

  return g_strdup (iri_bidi_layout_get_visual_text (layout));
}

/* A message of the library, for a line of the screen: in visual order.
 * Messages quote pieces of the display already in visual order between
 * LEFT-TO-RIGHT OVERRIDE and POP DIRECTIONAL FORMATTING, and the
 * library has escaped every formatting character inside its quotes;
 * escaping the two marks as visual_text() does would let the bidi
 * algorithm reorder such a piece a second time, so that "the display
 * shows …" showed the stored order.  So the message is laid out with
 * its marks (and the isolates that iri_diagnostic_dup_display_message()
 * puts around logical quotes) acting, and they are dropped afterwards. */
static char *
visual_message (IriDiagnostic *d,
                gboolean       with_code)
{
  g_autofree char *display = iri_diagnostic_dup_display_message (d);
  /* Translators: a diagnostic in iri edit: the code, then the message */
  g_autofree char *line = with_code ? g_strdup_printf (_("%s: %s"), iri_diagnostic_get_code (d), display)
                                    : g_strdup (display);
  g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new (line, -1, IRI_DISPLAY_EMBED);
  GString *out = g_string_new (NULL);

  for (const char *p = iri_bidi_layout_get_visual_text (layout); *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0x202D && c != 0x202C && c != 0x2066 && c != 0x2069)
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  {
    g_autofree char *visual = g_string_free (out, FALSE);

    /* Anything else invisible is shown as an escape. */
    return iri_tool_message_as_text (visual);
  }
}

static guint
text_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    width += iri_char_get_cell_width (g_utf8_get_char (p));
  return width;
}

/* Appends safe (escaped, visual) @text, cut to @max cells with an
 * ellipsis when it is longer; returns the cells used. */
static guint
append_cut (GString    *out,
            const char *text,
            guint       max)
{
  guint used = 0;
  guint total = text_width (text);

  if (total <= max)
    {
      g_string_append (out, text);
      return total;
    }
  if (max == 0)
    return 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      guint w = iri_char_get_cell_width (g_utf8_get_char (p));

      if (used + w > max - 1)
        break;
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
      used += w;
    }
  g_string_append (out, "…");
  return used + 1;
}

/* NO_COLOR (https://no-color.org): set and not empty turns colour off. */
static gboolean
use_color (void)
{
  const char *no_color = g_getenv ("NO_COLOR");

  return no_color == NULL || no_color[0] == '\0';
}

static const char *
severity_label (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      /* Translators: severities of findings, as iri check prints them */
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

static const char *
severity_color (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR:
      return CSI "1;31m";
    case IRI_SEVERITY_WARNING:
      return CSI "1;33m";
    case IRI_SEVERITY_INFO:
      return CSI "36m";
    case IRI_SEVERITY_NONE:
    default:
      return "";
    }
}

/* ---- The editor --------------------------------------------------------- */

typedef struct {
  IriEditBuffer *buffer;
  IriEditKeys   *keys;
  IriAnalyzer   *analyzer;
  IriAnalysis   *analysis;      /* of the buffer's text; NULL when stale */
  IriNotation    notation;
  gboolean       color;
  gboolean       shape;         /* Arabic presentation forms for terminals that do not join */

  guint          width;
  guint          height;
  guint          hscroll;       /* the first display column shown */
  guint          cursor_cell;   /* the terminal column of the cursor, as last drawn */

  char          *notice;        /* (nullable) one line under the URI */
  guint          invalid_bytes; /* dropped since the notice was cleared */

  /* A bracketed paste being received; inserted as one step at its
   * end. */
  GString       *paste;
  gboolean       paste_after_break;   /* a line break was seen */
  gboolean       paste_more_lines;    /* and text came after it */
  gboolean       paste_too_long;
  guint          paste_nuls;
  guint          paste_invalid;

  gboolean       done;
  int            status;
} Editor;

static void
editor_clear (Editor *e)
{
  g_clear_pointer (&e->buffer, iri_edit_buffer_free);
  g_clear_pointer (&e->keys, iri_edit_keys_free);
  g_clear_object (&e->analyzer);
  g_clear_pointer (&e->analysis, iri_analysis_unref);
  g_clear_pointer (&e->notice, g_free);
  if (e->paste != NULL)
    g_string_free (g_steal_pointer (&e->paste), TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Editor, editor_clear)

static void
editor_set_notice (Editor     *e,
                   const char *notice)
{
  g_free (e->notice);
  e->notice = g_strdup (notice);
  if (notice == NULL)
    e->invalid_bytes = 0;
}

static IriAnalysis *
editor_get_analysis (Editor *e)
{
  if (e->analysis == NULL)
    e->analysis = iri_analyzer_analyze (e->analyzer,
                                        iri_edit_buffer_get_text (e->buffer),
                                        iri_edit_buffer_get_length (e->buffer));
  return e->analysis;
}

static void
editor_changed (Editor *e)
{
  g_clear_pointer (&e->analysis, iri_analysis_unref);
}

/* The layout of the display (§4.1, or isolate mode), whose positions are
 * the buffer's: the analysed text is the buffer's text, or with a Bidi
 * Notation its letters mapped one for one. */
static IriBidiLayout *
editor_get_layout (Editor *e)
{
  return iri_analysis_get_layout (editor_get_analysis (e));
}

static void
editor_query_size (Editor *e)
{
  struct winsize size;

  e->width = 80;
  e->height = 24;
  if (ioctl (term.out_fd, TIOCGWINSZ, &size) == 0 ||
      ioctl (term.in_fd, TIOCGWINSZ, &size) == 0)
    {
      if (size.ws_col > 0)
        e->width = size.ws_col;
      if (size.ws_row > 0)
        e->height = size.ws_row;
    }
}

/* Inserts text, keeping to MAX_LINE_BYTES; returns FALSE when some was
 * left out. */
static gboolean
editor_insert (Editor            *e,
               const char        *text,
               gsize              length,
               IriEditInsertKind  kind)
{
  gsize room = MAX_LINE_BYTES - MIN (MAX_LINE_BYTES, iri_edit_buffer_get_length (e->buffer));
  gboolean complete = TRUE;

  if (length > room)
    {
      const char *end = text + room;

      /* Cut at a character boundary. */
      while (end > text && (*end & 0xC0) == 0x80)
        end--;
      length = end - text;
      complete = FALSE;
    }
  if (length > 0)
    {
      iri_edit_buffer_insert (e->buffer, text, length, kind);
      editor_changed (e);
    }
  return complete;
}

static void
notice_too_long (Editor *e)
{
  g_autofree char *notice = NULL;

  /* Translators: %d is a number of KiB */
  notice = g_strdup_printf (_("the line is limited to %d KiB; the rest was not inserted"),
                            MAX_LINE_BYTES / 1024);
  editor_set_notice (e, notice);
}

static void
paste_start (Editor *e)
{
  if (e->paste != NULL)
    g_string_truncate (e->paste, 0);
  else
    e->paste = g_string_new (NULL);
  e->paste_after_break = FALSE;
  e->paste_more_lines = FALSE;
  e->paste_too_long = FALSE;
  e->paste_nuls = 0;
  e->paste_invalid = 0;
}

/* One character of a paste.  Bidi controls and other invisible
 * characters are kept: the user's text is never changed behind their
 * back, and the diagnostics flag them.  A line break cannot be part of a
 * single-line IRI, so only the first line is inserted (a single trailing
 * break, as copying a whole line gives, is dropped without a notice);
 * NUL cannot be part of any text we pass on, so it is left out with a
 * notice. */
static void
paste_char (Editor   *e,
            gunichar  c)
{
  if (c == '\r' || c == '\n')
    {
      e->paste_after_break = TRUE;
      return;
    }
  if (e->paste_after_break)
    {
      e->paste_more_lines = TRUE;
      return;
    }
  if (c == 0)
    {
      e->paste_nuls++;
      return;
    }
  if (e->paste->len + 4 > MAX_LINE_BYTES)
    {
      e->paste_too_long = TRUE;
      return;
    }
  g_string_append_unichar (e->paste, c);
}

static void
paste_end (Editor *e)
{
  g_autoptr(GString) notice = g_string_new (NULL);

  if (e->paste == NULL)
    return;

  if (!editor_insert (e, e->paste->str, e->paste->len, IRI_EDIT_INSERT_PASTE))
    e->paste_too_long = TRUE;

  if (e->paste_more_lines)
    g_string_append (notice, _("pasted text had more than one line; only the first was inserted"));
  if (e->paste_too_long)
    {
      if (notice->len > 0)
        g_string_append (notice, "; ");
      /* Translators: %d is a number of KiB */
      g_string_append_printf (notice, _("the line is limited to %d KiB; the rest was not inserted"),
                              MAX_LINE_BYTES / 1024);
    }
  if (e->paste_nuls > 0)
    {
      if (notice->len > 0)
        g_string_append (notice, "; ");
      g_string_append (notice, _("pasted text had NUL characters, which were left out"));
    }
  if (e->paste_invalid > 0)
    {
      if (notice->len > 0)
        g_string_append (notice, "; ");
      /* Translators: %u is a number of bytes */
      g_string_append_printf (notice,
                              ngettext ("pasted text had %u byte that is not UTF-8, which was left out",
                                        "pasted text had %u bytes that are not UTF-8, which were left out",
                                        e->paste_invalid),
                              e->paste_invalid);
    }
  editor_set_notice (e, notice->len > 0 ? notice->str : NULL);
  g_string_free (g_steal_pointer (&e->paste), TRUE);
}

static void
editor_finish (Editor *e,
               int     status)
{
  e->done = TRUE;
  e->status = status;
}

/* Maps one key to what it does.  The bindings follow readline and
 * GtkEntry where they agree; see the --help text. */
static void
editor_handle_key (Editor           *e,
                   const IriEditKey *key)
{
  IriEditBuffer *buffer = e->buffer;
  gsize cursor = iri_edit_buffer_get_cursor (buffer);

  if (e->paste != NULL)
    {
      /* Inside a paste the decoder gives only text, bad bytes and the
       * end marker. */
      if (key->type == IRI_EDIT_KEY_CHAR)
        paste_char (e, key->c);
      else if (key->type == IRI_EDIT_KEY_INVALID)
        e->paste_invalid += key->n_bytes;
      else if (key->type == IRI_EDIT_KEY_PASTE_END)
        paste_end (e);
      return;
    }

  switch (key->type)
    {
    case IRI_EDIT_KEY_CHAR:
      {
        char utf8[6];
        int len;

        /* Alt-letter is a command in readline; none is bound here, and
         * it must not type the letter. */
        if (key->modifiers & IRI_EDIT_MOD_ALT)
          break;
        len = g_unichar_to_utf8 (key->c, utf8);
        if (!editor_insert (e, utf8, len, IRI_EDIT_INSERT_TYPING))
          notice_too_long (e);
      }
      break;

    case IRI_EDIT_KEY_INVALID:
      {
        g_autofree char *notice = NULL;
        guint n = e->invalid_bytes + key->n_bytes;

        /* Translators: %u is a number of bytes */
        notice = g_strdup_printf (ngettext ("the terminal sent %u byte that is not UTF-8; it was left out",
                                            "the terminal sent %u bytes that are not UTF-8; they were left out",
                                            n),
                                  n);
        editor_set_notice (e, notice);
        e->invalid_bytes = n;
      }
      break;

    case IRI_EDIT_KEY_PASTE_START:
      paste_start (e);
      break;

    case IRI_EDIT_KEY_LEFT:
    case IRI_EDIT_KEY_RIGHT:
      /* Visual movement through mixed-direction text (§4.3): the cursor
       * goes where the arrow points, whatever the logical order. */
      iri_edit_buffer_set_cursor (buffer,
                                  iri_bidi_layout_move_cursor_visually (editor_get_layout (e), cursor,
                                                                        key->type == IRI_EDIT_KEY_LEFT ? -1 : 1));
      break;

    case IRI_EDIT_KEY_CTRL_B:
    case IRI_EDIT_KEY_CTRL_F:
      /* Logical movement, for when the visual order confuses. */
      iri_edit_buffer_set_cursor (buffer,
                                  iri_bidi_layout_move_cursor_logically (editor_get_layout (e), cursor,
                                                                         key->type == IRI_EDIT_KEY_CTRL_B ? -1 : 1));
      break;

    case IRI_EDIT_KEY_HOME:
    case IRI_EDIT_KEY_END:
      {
        IriBidiLayout *layout = editor_get_layout (e);
        gsize where = key->type == IRI_EDIT_KEY_HOME ? 0 : iri_bidi_layout_get_n_chars (layout);

        /* The ends of the line on the screen. */
        iri_edit_buffer_set_cursor (buffer, iri_bidi_layout_visual_position_to_cursor (layout, where));
      }
      break;

    case IRI_EDIT_KEY_CTRL_A:
      iri_edit_buffer_set_cursor (buffer, 0);
      break;

    case IRI_EDIT_KEY_CTRL_E:
      iri_edit_buffer_set_cursor (buffer, iri_edit_buffer_get_n_chars (buffer));
      break;

    case IRI_EDIT_KEY_BACKSPACE:
      if (key->modifiers & (IRI_EDIT_MOD_ALT | IRI_EDIT_MOD_CTRL))
        {
          if (iri_edit_buffer_delete_word_backward (buffer))
            editor_changed (e);
        }
      else if (iri_edit_buffer_delete_backward (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_DELETE:
      if (iri_edit_buffer_delete_forward (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_CTRL_D:
      /* As in a shell: end of input on an empty line, Delete
       * otherwise. */
      if (iri_edit_buffer_get_n_chars (buffer) == 0)
        editor_finish (e, EXIT_CANCELLED);
      else if (iri_edit_buffer_delete_forward (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_CTRL_K:
      if (iri_edit_buffer_kill_to_end (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_CTRL_U:
      if (iri_edit_buffer_kill_to_start (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_CTRL_W:
      if (iri_edit_buffer_delete_word_backward (buffer))
        editor_changed (e);
      break;

    case IRI_EDIT_KEY_CTRL_Z:
    case IRI_EDIT_KEY_CTRL_UNDERSCORE:
      if (iri_edit_buffer_undo (buffer))
        editor_changed (e);
      else
        editor_set_notice (e, _("nothing to undo"));
      break;

    case IRI_EDIT_KEY_CTRL_Y:
      if (iri_edit_buffer_redo (buffer))
        editor_changed (e);
      else
        editor_set_notice (e, _("nothing to redo"));
      break;

    case IRI_EDIT_KEY_ENTER:
      editor_finish (e, IRI_TOOL_EXIT_OK);
      break;

    case IRI_EDIT_KEY_CTRL_C:
    case IRI_EDIT_KEY_ESCAPE:
      editor_finish (e, EXIT_CANCELLED);
      break;

    default:
      /* Unbound keys and unknown sequences do nothing; in particular
       * they never insert text. */
      break;
    }
}

/* ---- Drawing ------------------------------------------------------------ */

/* One character of the display, as drawn. */
typedef struct {
  gunichar c;        /* as shown (back in Bidi Notation if reading it) */
  guint    width;    /* in cells */
  gboolean escaped;  /* drawn as \u{XXXX} */
} Cell;

/* Which part of a line wider than the screen is shown.  The cursor
 * stays inside the shown part, with some context around it when the
 * view has to move, and markers « » take the place of the first or last
 * cell where text is cut off. */
static guint
compute_hscroll (guint total,
                 guint cursor,
                 guint avail,
                 guint off)
{
  guint max_off, margin, lo, hi;

  /* The cursor may stand after the last character: one cell more. */
  if (total + 1 <= avail)
    return 0;
  if (avail < 4)
    {
      /* No room for markers and context. */
      return cursor + 1 > avail ? cursor + 1 - avail : 0;
    }

  margin = CLAMP (avail / 4, 1, 10);
  max_off = total + 1 - avail;
  off = MIN (off, max_off);
  lo = off + (off > 0 ? 1 : 0);
  hi = off + avail - 1 - (off < max_off ? 1 : 0);

  if (cursor < lo)
    off = cursor > margin ? cursor - margin : 0;
  else if (cursor > hi)
    off = MIN (cursor + margin + 2 - avail, max_off);
  return off;
}

/* Draws the edit line's text field, @avail cells wide; returns the
 * cursor's cell in it. */
static guint
draw_field (Editor  *e,
            GString *out,
            guint    avail)
{
  IriBidiLayout *layout = editor_get_layout (e);
  /* The shaped text has the same characters in the same cells (no
   * ligatures are formed), so it can stand in for the visual text. */
  g_autofree char *shaped = e->shape ? iri_bidi_layout_get_visual_text_shaped (layout) : NULL;
  const char *visual = shaped != NULL ? shaped : iri_bidi_layout_get_visual_text (layout);
  gsize n = iri_bidi_layout_get_n_chars (layout);
  g_autofree Cell *cells = g_new0 (Cell, n + 1);
  g_autofree guint *cols = g_new0 (guint, n + 1);
  gsize cursor_pos;
  guint cursor_col, off, total, lm, rm, cell, start, end;
  gboolean base_drawn = FALSE;
  const char *p = visual;
  glong n_written = 0;
  g_autofree gunichar *written = e->notation != IRI_NOTATION_NONE
                                 ? g_utf8_to_ucs4_fast (iri_edit_buffer_get_text (e->buffer), -1, &n_written)
                                 : NULL;

  for (gsize v = 0; v < n; v++, p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      Cell *it = &cells[v];

      /* In Bidi Notation, a capital the user typed is shown as that
       * capital; a Hebrew or Arabic letter they typed stays itself,
       * though the notation writes it as a capital too. */
      if (written != NULL)
        {
          gsize l = iri_bidi_layout_visual_to_logical (layout, v);

          if (l < (gsize) n_written && written[l] >= 'A' && written[l] <= 'Z')
            c = written[l];
        }
      it->c = c;
      it->width = iri_char_get_cell_width (c);
      /* A combining mark needs a base drawn just before it; at the start
       * of the line or after an escape it would land on something
       * else. */
      it->escaped = is_hidden (c) || (it->width == 0 && (v == 0 || cells[v - 1].escaped));
      if (it->escaped)
        it->width = c > 0xFFFF ? (c > 0xFFFFF ? 10 : 9) : 8;
      cols[v + 1] = cols[v] + it->width;
    }
  total = cols[n];

  cursor_pos = iri_bidi_layout_get_cursor_visual_position (layout, iri_edit_buffer_get_cursor (e->buffer));
  cursor_col = cols[MIN (cursor_pos, n)];

  off = e->hscroll = compute_hscroll (total, cursor_col, avail, e->hscroll);
  lm = avail >= 4 && off > 0 ? 1 : 0;
  rm = avail >= 4 && off + avail < total + 1 ? 1 : 0;
  start = off + lm;            /* first display column shown */
  end = off + avail - rm;      /* after the last one */

  if (lm)
    g_string_append (out, "«");
  cell = lm;
  for (gsize v = 0; v < n; v++)
    {
      Cell *it = &cells[v];
      guint from = cols[v], to = cols[v + 1];

      if (it->width == 0)
        {
          /* A mark rides on its base. */
          if (base_drawn)
            g_string_append_unichar (out, it->c);
          continue;
        }
      base_drawn = FALSE;
      if (to <= start || from >= end)
        continue;
      if (from < start || to > end)
        {
          /* Cut by an edge: blank, rather than half a character. */
          guint a = MAX (from, start), b = MIN (to, end);

          for (guint i = a; i < b; i++)
            g_string_append_c (out, ' ');
          cell += b - a;
          continue;
        }
      if (it->escaped)
        {
          g_string_append (out, SGR_REVERSE);
          append_escape (out, it->c);
          g_string_append (out, SGR_NO_REVERSE);
        }
      else
        {
          g_string_append_unichar (out, it->c);
          base_drawn = TRUE;
        }
      cell += it->width;
    }
  if (rm)
    {
      for (; cell < avail - 1; cell++)
        g_string_append_c (out, ' ');
      g_string_append (out, "»");
    }

  return cursor_col - off;
}

static void
append_label (GString    *out,
              const char *label,
              guint       label_width)
{
  guint w = text_width (label);

  g_string_append (out, SGR_BOLD);
  g_string_append (out, label);
  g_string_append (out, SGR_NORMAL);
  for (; w < label_width; w++)
    g_string_append_c (out, ' ');
}

static void
append_diagnostic (Editor        *e,
                   GString       *out,
                   IriDiagnostic *d,
                   guint          max)
{
  IriSeverity severity = iri_diagnostic_get_severity (d);
  const char *word = severity_label (severity);
  g_autofree char *shown = NULL;
  guint used;
  /* The severity words padded to one width, so the codes line up. */
  guint word_width = MAX (MAX (text_width (severity_label (IRI_SEVERITY_ERROR)),
                               text_width (severity_label (IRI_SEVERITY_WARNING))),
                          text_width (severity_label (IRI_SEVERITY_INFO)));

  if (e->color)
    g_string_append (out, severity_color (severity));
  used = append_cut (out, word, max);
  if (e->color)
    g_string_append (out, SGR_RESET);
  for (; used < word_width && used < max; used++)
    g_string_append_c (out, ' ');

  shown = visual_message (d, TRUE);
  if (used + 1 < max)
    {
      g_string_append_c (out, ' ');
      append_cut (out, shown, max - used - 1);
    }
}

static void
editor_draw (Editor *e)
{
  g_autoptr(GString) frame = g_string_sized_new (1024);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_free);
  IriAnalysis *analysis = editor_get_analysis (e);
  /* Translators: label of the line being edited in iri edit; keep it short */
  const char *iri_label = _("IRI:");
  /* Translators: label of the URI preview in iri edit; keep it short */
  const char *uri_label = _("URI:");
  guint usable, label_width, avail, cursor_cell, max_lines, n_diagnostics;
  const char *uri;

  /* The last column is left alone: writing there leaves terminals in
   * a pending-wrap state that differs between them. */
  usable = MAX (e->width, 2) - 1;
  label_width = MAX (text_width (iri_label), text_width (uri_label)) + 1;
  if (label_width + 4 > usable)
    label_width = 0;
  avail = usable - label_width;
  /* Keep the line above (the command that started us) in view. */
  max_lines = e->height > 2 ? e->height - 1 : 1;

  /* The edit line. */
  {
    GString *line = g_string_new (NULL);

    if (label_width > 0)
      append_label (line, iri_label, label_width);
    cursor_cell = label_width + draw_field (e, line, avail);
    g_ptr_array_add (lines, g_string_free (line, FALSE));
  }

  /* The URI preview: the IDNA form when the host converts, else the
   * percent-encoded one (§3.4.1), which every text has. */
  if (lines->len < max_lines)
    {
      GString *line = g_string_new (NULL);
      g_autofree char *shown = NULL;

      uri = iri_analysis_get_uri_idna (analysis);
      if (uri == NULL)
        uri = iri_analysis_get_uri (analysis);
      shown = escape_text (uri, -1);
      if (label_width > 0)
        append_label (line, uri_label, label_width);
      append_cut (line, shown, usable - label_width);
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }

  if (e->notice != NULL && lines->len < max_lines)
    {
      GString *line = g_string_new (NULL);
      g_autofree char *text = NULL;
      g_autofree char *shown = NULL;

      /* Translators: a notice in iri edit about the last key, e.g. a paste
       * that was cut */
      text = g_strdup_printf (_("notice: %s"), e->notice);
      shown = visual_text (text);
      g_string_append (line, SGR_BOLD);
      append_cut (line, shown, usable);
      g_string_append (line, SGR_NORMAL);
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }

  /* The diagnostics, most severe first (the analysis sorts them), as
   * many as fit. */
  n_diagnostics = iri_analysis_get_n_diagnostics (analysis);
  if (n_diagnostics == 0 && lines->len < max_lines)
    {
      GString *line = g_string_new (NULL);

      g_string_append (line, e->color ? CSI "32m" : "");
      append_cut (line, _("no findings"), usable);
      g_string_append (line, e->color ? SGR_RESET : "");
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  for (guint i = 0; i < n_diagnostics && lines->len < max_lines; i++)
    {
      GString *line = g_string_new (NULL);

      if (lines->len + 1 == max_lines && i + 1 < n_diagnostics)
        {
          guint rest = n_diagnostics - i;
          g_autofree char *more = NULL;

          /* Translators: shown when the diagnostics do not fit */
          more = g_strdup_printf (ngettext ("… and %u more finding", "… and %u more findings", rest), rest);
          append_cut (line, more, usable);
        }
      else
        append_diagnostic (e, line, iri_analysis_get_diagnostic (analysis, i), usable);
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }

  /* Relative moves only: from the edit line down, and back up.  A line
   * feed on the bottom row scrolls the screen, which moves everything,
   * us included, so nothing absolute is ever assumed. */
  g_string_append (frame, CURSOR_HIDE);
  if (term.cur_row > 0)
    g_string_append_printf (frame, CSI "%dA", (int) term.cur_row);
  g_string_append_c (frame, '\r');
  for (guint i = 0; i < lines->len; i++)
    {
      if (i > 0)
        g_string_append (frame, "\r\n");
      g_string_append (frame, ERASE_LINE);
      g_string_append (frame, g_ptr_array_index (lines, i));
      g_string_append (frame, SGR_RESET);
    }
  /* Whatever an earlier, taller frame left below. */
  g_string_append (frame, ERASE_BELOW);
  if (lines->len > 1)
    g_string_append_printf (frame, CSI "%uA", lines->len - 1);
  g_string_append_printf (frame, CSI "%uG", cursor_cell + 1);
  g_string_append (frame, CURSOR_SHOW);

  /* If a signal interrupts the write, the handler clears from wherever
   * the cursor is: at worst a line of ours stays on the screen, where
   * guessing too high would erase lines that are not ours. */
  term.cur_row = 0;
  write_all (term.out_fd, frame->str, frame->len);
  e->cursor_cell = cursor_cell;
}

/* ---- Running -------------------------------------------------------------- */

static int
open_terminal_output (void)
{
  int fd = open ("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);

  if (fd >= 0)
    return fd;
  /* No controlling terminal to open (unusual); standard error or
   * standard input, whichever is the terminal, will do. */
  if (isatty (STDERR_FILENO))
    return dup (STDERR_FILENO);
  return dup (STDIN_FILENO);
}

static void
print_result (const char *text)
{
  /* The result is data for whoever runs us: exact bytes into a pipe or
   * file.  On a terminal it is shown like every other text of this tool,
   * with controls and bidi formatting characters escaped. */
  if (isatty (STDOUT_FILENO))
    {
      g_autofree char *safe = iri_tool_escape_for_terminal (text, -1);

      g_print ("%s\n", safe);
    }
  else
    {
      fputs (text, stdout);
      fputc ('\n', stdout);
    }
}

static int
run_interactive (const char     *initial,
                 IriDisplayMode  mode,
                 IriNotation     notation,
                 gboolean        print_uri,
                 gboolean        shape)
{
  g_auto(Editor) e = { 0 };
  g_autofree char *result = NULL;
  char input[4096];

  e.buffer = iri_edit_buffer_new (initial);
  e.keys = iri_edit_keys_new ();
  e.shape = shape;
  e.analyzer = iri_analyzer_new ();
  iri_analyzer_set_display_mode (e.analyzer, mode);
  iri_analyzer_set_notation (e.analyzer, notation);
  e.notation = notation;
  e.color = use_color ();

  term.in_fd = STDIN_FILENO;
  term.out_fd = open_terminal_output ();
  if (term.out_fd < 0 || tcgetattr (term.in_fd, &term.saved) != 0)
    {
      /* Translators: %s is the system's error message */
      iri_tool_error (_("cannot use the terminal: %s"), g_strerror (errno));
      return IRI_TOOL_EXIT_IO;
    }
  if (!g_unix_open_pipe (term.wake_fds, FD_CLOEXEC, NULL) ||
      !g_unix_set_fd_nonblocking (term.wake_fds[0], TRUE, NULL) ||
      !g_unix_set_fd_nonblocking (term.wake_fds[1], TRUE, NULL))
    {
      /* Translators: %s is the system's error message */
      iri_tool_error (_("cannot use the terminal: %s"), g_strerror (errno));
      return IRI_TOOL_EXIT_IO;
    }

  /* Raw mode as cfmakeraw() sets it, but by hand so that it is
   * explicit: no echo, no line editing, no signals from keys (Ctrl-C,
   * Ctrl-Z and Ctrl-\ come to us as bytes), no CR/NL translation, 8-bit
   * bytes, reads that return as soon as one byte is there. */
  term.raw = term.saved;
  term.raw.c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
  term.raw.c_oflag &= ~OPOST;
  term.raw.c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  term.raw.c_cflag &= ~(CSIZE | PARENB);
  term.raw.c_cflag |= CS8;
  term.raw.c_cc[VMIN] = 1;
  term.raw.c_cc[VTIME] = 0;

  atexit (terminal_restore_atexit);
  install_handlers ();
  term.want_raw = 1;
  terminal_enter ();

  editor_query_size (&e);
  editor_draw (&e);

  while (!e.done)
    {
      struct pollfd fds[2] = {
        { term.in_fd, POLLIN, 0 },
        { term.wake_fds[0], POLLIN, 0 },
      };
      int timeout = -1;
      int ready;
      gboolean redraw = FALSE;

      if (iri_edit_keys_in_paste (e.keys))
        timeout = PASTE_TIMEOUT_MS;
      else if (iri_edit_keys_is_pending (e.keys))
        timeout = ESC_TIMEOUT_MS;

      ready = poll (fds, G_N_ELEMENTS (fds), timeout);
      if (ready < 0)
        {
          if (errno == EINTR)
            continue;
          terminal_restore ();
          /* Translators: %s is the system's error message */
          iri_tool_error (_("cannot read from the terminal: %s"), g_strerror (errno));
          e.status = IRI_TOOL_EXIT_IO;
          break;
        }

      if (ready == 0)
        {
          IriEditKey keys[IRI_EDIT_KEYS_MAX_OUT];
          guint n = iri_edit_keys_flush (e.keys, keys);

          for (guint i = 0; i < n && !e.done; i++)
            editor_handle_key (&e, &keys[i]);
          redraw = TRUE;
        }

      if (fds[1].revents & POLLIN)
        {
          char drain[64];

          while (read (term.wake_fds[0], drain, sizeof drain) > 0)
            ;
          if (term.resized || term.resumed)
            {
              guint old_width = e.width;

              term.resized = 0;
              term.resumed = 0;
              editor_query_size (&e);
              /* Most terminals (VTE, Konsole, kitty, tmux…) re-wrap
               * their lines when they get narrower, which moves the
               * cursor down onto the continuation of the edit line;
               * redraw from where that line now starts, or its first
               * part would stay on the screen.  (A terminal that does
               * not re-wrap, like xterm, loses as many lines above
               * us instead.) */
              if (e.width < old_width && e.cursor_cell >= e.width)
                term.cur_row = e.cursor_cell / e.width;
              redraw = TRUE;
            }
        }

      if (fds[0].revents & (POLLIN | POLLHUP | POLLERR))
        {
          ssize_t n = read (term.in_fd, input, sizeof input);

          if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
          if (n <= 0)
            {
              /* The terminal went away: nothing was accepted. */
              editor_finish (&e, n == 0 ? EXIT_CANCELLED : IRI_TOOL_EXIT_IO);
              break;
            }
          /* A notice is about the input before; keys that arrive
           * together (typed ahead, or a broken sequence and what
           * followed it) share one. */
          if (e.paste == NULL)
            editor_set_notice (&e, NULL);
          for (ssize_t i = 0; i < n && !e.done; i++)
            {
              IriEditKey keys[IRI_EDIT_KEYS_MAX_OUT];
              guint k = iri_edit_keys_feed (e.keys, (guint8) input[i], keys);

              for (guint j = 0; j < k && !e.done; j++)
                editor_handle_key (&e, &keys[j]);
            }
          redraw = TRUE;
        }

      /* The display follows every keystroke (§4.3); while a paste comes
       * in, once at its end. */
      if (redraw && !e.done && e.paste == NULL)
        editor_draw (&e);
    }

  if (e.status == IRI_TOOL_EXIT_OK)
    {
      if (print_uri)
        {
          IriAnalysis *analysis = editor_get_analysis (&e);
          const char *uri = iri_analysis_get_uri_idna (analysis);

          result = g_strdup (uri != NULL ? uri : iri_analysis_get_uri (analysis));
        }
      else
        result = g_strdup (iri_edit_buffer_get_text (e.buffer));
    }

  term.want_raw = 0;
  terminal_restore ();
  uninstall_handlers ();
  for (gsize i = 0; i < G_N_ELEMENTS (term.wake_fds); i++)
    {
      close (term.wake_fds[i]);
      term.wake_fds[i] = -1;
    }
  close (term.out_fd);
  term.out_fd = -1;

  if (result != NULL)
    print_result (result);
  return e.status;
}

/* ---- Not a terminal ------------------------------------------------------- */

/* Without a terminal there is nothing to edit: each input line gets the
 * analysis the editor would show, in plain text.  Exit status 1 when a
 * line has an error-level finding or cannot be read as UTF-8, as the
 * line could not be accepted as it is; 0 otherwise. */
static int
run_batch (char           **args,
           IriDisplayMode   mode,
           IriNotation      notation)
{
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  g_autoptr(IriToolInput) input = iri_tool_input_new_args (args);
  g_autoptr(GError) io_error = NULL;
  gboolean is_tty = isatty (STDOUT_FILENO) && !iri_tool_terminal_is_dumb ();
  int status = IRI_TOOL_EXIT_OK;
  const char *text;
  gsize length;
  gboolean too_long;
  gboolean first = TRUE;

  iri_analyzer_set_display_mode (analyzer, mode);
  iri_analyzer_set_notation (analyzer, notation);

  /* On a terminal we show the display ourselves, as render --bidi=app
   * does. */
  if (is_tty)
    fputs (BDSM_EXPLICIT, stdout);

  while ((text = iri_tool_input_next (input, &length, &too_long, &io_error)) != NULL)
    {
      g_autoptr(IriAnalysis) analysis = NULL;
      g_autofree char *display = NULL;
      g_autofree char *uri = NULL;
      IriBidiLayout *layout;
      gunichar conflict;

      if (!first)
        g_print ("\n");
      first = FALSE;

      if (too_long)
        {
          iri_tool_report_too_long (iri_tool_input_where (input));
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }
      conflict = iri_tool_notation_conflict (text, length, notation);
      if (conflict != 0)
        {
          g_autofree char *message = iri_tool_notation_conflict_message (conflict, notation);

          iri_tool_error (_("%s: %s"), iri_tool_input_where (input), message);
          status = IRI_TOOL_EXIT_FINDINGS;
          continue;
        }

      /* Bytes that are not UTF-8 and NUL bytes are analysed too: the
       * analysis shows them as U+FFFD and reports invalid-utf8 or
       * nul-character, like any other finding. */
      analysis = iri_analyzer_analyze (analyzer, text, length);
      layout = iri_analysis_get_layout (analysis);
      {
        g_autofree char *escaped = escape_text (iri_bidi_layout_get_visual_text (layout), -1);

        display = iri_notation_from_rtl (escaped, -1, notation);
      }
      /* Translators: iri edit without a terminal: the display (visual
       * order) of the input line */
      g_print (_("display: %s\n"), display);

      for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
        {
          IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
          g_autofree char *message = NULL;

          /* Messages are logical text; a terminal in explicit mode needs
           * them in visual order. */
          if (is_tty)
            message = visual_message (d, FALSE);
          else
            message = iri_tool_message_as_text (iri_diagnostic_get_message (d));
          g_print ("%s: %s [%s]\n", severity_label (iri_diagnostic_get_severity (d)),
                   message, iri_diagnostic_get_code (d));
        }
      if (iri_analysis_get_highest_severity (analysis) >= IRI_SEVERITY_ERROR)
        status = IRI_TOOL_EXIT_FINDINGS;

      if (iri_tool_analysis_replaced_bytes (analysis))
        /* Translators: iri edit without a terminal, instead of the URI
         * of a line that is not UTF-8 */
        g_print ("%s\n", _("uri: none, the input holds bytes that cannot be converted"));
      else
        {
          uri = escape_text (iri_analysis_get_uri_idna (analysis) != NULL ? iri_analysis_get_uri_idna (analysis)
                                                                        : iri_analysis_get_uri (analysis), -1);
          /* Translators: iri edit without a terminal: the URI of the input */
          g_print (_("uri: %s\n"), uri);
        }
    }

  if (is_tty)
    fputs (BDSM_IMPLICIT, stdout);

  if (io_error != NULL)
    {
      iri_tool_error ("%s", io_error->message);
      return IRI_TOOL_EXIT_IO;
    }
  return status;
}

int
iri_tool_edit (int    argc,
               char **argv)
{
  g_autofree char *mode_arg = NULL;
  g_autofree char *notation_arg = NULL;
  gboolean print_uri = FALSE;
  gboolean shape = FALSE;
  g_auto(GStrv) args = NULL;
  IriDisplayMode mode = IRI_DISPLAY_EMBED;
  IriNotation notation = IRI_NOTATION_NONE;
  const char *initial = "";
  GOptionEntry entries[] = {
    { "print-uri", 0, 0, G_OPTION_ARG_NONE, &print_uri,
      N_("On Enter, print the URI (IDNA host, or percent-encoded when IDNA fails) instead of the IRI"), NULL },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_arg,
      N_("embed (the default: the whole IRI in one left-to-right embedding, §4.1) or isolate (each component on its own)"),
      N_("MODE") },
    { "notation", 0, 0, G_OPTION_ARG_STRING, &notation_arg,
      N_("Read A–Z as Hebrew or Arabic letters (RFC 3987bis §4.4 Bidi Notation)"),
      N_("hebrew|arabic") },
    { "shape", 0, 0, G_OPTION_ARG_NONE, &shape,
      N_("Use Arabic presentation forms, for terminals that do not join Arabic letters"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[IRI] — edit an IRI and watch its display"));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Edits one IRI on a line of the terminal. The text is kept in logical order;\n"
                                  "after every key the line is shown as it is displayed (RFC 3987bis §4.1,\n"
                                  "§4.3), with the diagnostics, most severe first, and the URI under it.\n"
                                  "Invisible and bidi formatting characters are shown as \\u{XXXX}.\n"
                                  "\n"
                                  "Keys:\n"
                                  "  Left, Right         move on the screen (visual order)\n"
                                  "  Ctrl-B, Ctrl-F      move in the text (logical order)\n"
                                  "  Home, End           go to the left or right end of the line\n"
                                  "  Ctrl-A, Ctrl-E      go to the start or end of the text\n"
                                  "  Backspace, Delete   delete one character (grapheme cluster)\n"
                                  "  Ctrl-D              delete forward; on an empty line, cancel\n"
                                  "  Ctrl-K, Ctrl-U      delete to the end or to the start of the text\n"
                                  "  Ctrl-W, Alt-Backspace  delete back to a delimiter (/ . ? # & = : @ ; [ ])\n"
                                  "  Ctrl-Z, Ctrl-Y      undo, redo\n"
                                  "  Enter               print the IRI (or the URI) and exit with 0\n"
                                  "  Ctrl-C, Esc         exit with 130 and print nothing\n"
                                  "\n"
                                  "Pasted text is inserted as it is, bidi controls included (they are\n"
                                  "flagged); only its first line is inserted.\n"
                                  "\n"
                                  "When standard input is not a terminal, prints the analysis of each line\n"
                                  "(or of the IRI argument) instead, and exits with 1 if one has an error."));
  if (!iri_tool_parse_options (context, "edit", &argc, &argv))
    return IRI_TOOL_EXIT_USAGE;
  if (!iri_tool_parse_mode (mode_arg, &mode) || !iri_tool_parse_notation (notation_arg, &notation))
    return IRI_TOOL_EXIT_USAGE;

  if (args != NULL && args[0] != NULL)
    {
      if (args[1] != NULL)
        {
          iri_tool_error (_("iri edit takes at most one IRI"));
          return IRI_TOOL_EXIT_USAGE;
        }
      initial = args[0];
      if (!g_utf8_validate (initial, -1, NULL))
        {
          iri_tool_error (_("the IRI argument is not valid UTF-8"));
          return IRI_TOOL_EXIT_USAGE;
        }
      if (strlen (initial) > MAX_LINE_BYTES)
        {
          /* Translators: %d is a number of KiB */
          iri_tool_error (_("the IRI argument is longer than %d KiB"), MAX_LINE_BYTES / 1024);
          return IRI_TOOL_EXIT_USAGE;
        }
    }

  if (!isatty (STDIN_FILENO))
    return run_batch (args, mode, notation);
  /* The editor redraws its line with escape sequences, which a dumb
   * terminal would print as they are: each line typed is checked when
   * it is entered instead. */
  if (iri_tool_terminal_is_dumb ())
    {
      const char *term_name = g_getenv ("TERM") != NULL ? g_getenv ("TERM") : "";

      if (initial != NULL)
        /* Translators: %s is the value of TERM, such as "dumb" */
        iri_tool_warning (_("the terminal (TERM=%s) cannot redraw a line: the IRI is checked, not edited"), term_name);
      else
        /* Translators: %s is the value of TERM, such as "dumb" */
        iri_tool_warning (_("the terminal (TERM=%s) cannot redraw a line: type an IRI and press Enter to check it"),
                          term_name);
      return run_batch (args, mode, notation);
    }

  return run_interactive (initial, mode, notation, print_uri, shape);
}
